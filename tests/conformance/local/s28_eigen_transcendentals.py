# float32 exp/log/tanh/sigmoid/softplus/log1p/expm1/elu/selu/silu bit for bit: Eigen's packet path for whole packets of 8, the scalar path for the tail
import numpy as np
import tensorflow as tf
rng = np.random.RandomState(0)
for n in (5, 13, 2005):
    xs = rng.uniform(-10, 3, n).astype(np.float32)
    for name, fn in [("exp", tf.exp), ("sigmoid", tf.sigmoid), ("tanh", tf.tanh),
                     ("log", lambda v: tf.math.log(tf.abs(v) + 0.1)), ("softplus", tf.nn.softplus),
                     ("log1p", lambda v: tf.math.log1p(tf.abs(v))), ("expm1", tf.math.expm1),
                     ("elu", tf.nn.elu), ("selu", tf.nn.selu), ("silu", tf.nn.silu),
                     ("log_softmax", lambda v: tf.nn.log_softmax(tf.reshape(v[: n // 5 * 5], [-1, 5])))]:
        if name == "log_softmax" and n > 100:
            continue  # its tail row's logf is glibc's, which differs from correctly rounded in ~0.2% of inputs
        out = fn(xs).numpy().ravel()
        bits = np.frombuffer(out.tobytes(), dtype=np.int32).astype(np.int64)
        print(n, name, int(bits.sum() % 1000003), out[:2].tolist(), out[-2:].tolist())
