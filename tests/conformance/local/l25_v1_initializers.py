# TF1 initializers in a graph: variance-scaling presets, truncated/random normal, uniform, seeded and from the graph seed
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
tf.set_random_seed(7)
inits = {
    "glorot_u": tf.glorot_uniform_initializer(),
    "glorot_n": tf.glorot_normal_initializer(seed=2),
    "he_n": tf.initializers.he_normal(seed=3) if hasattr(tf.initializers, "he_normal") else tf.keras.initializers.he_normal(seed=3),
    "trunc": tf.truncated_normal_initializer(stddev=0.1, seed=4),
    "normal": tf.random_normal_initializer(mean=1.0, stddev=2.0),
    "uniform": tf.random_uniform_initializer(seed=5),
    "vs": tf.variance_scaling_initializer(scale=2.0, mode="fan_out", distribution="uniform", seed=6),
    "vs_un": tf.variance_scaling_initializer(distribution="untruncated_normal", seed=8),
}
vs = {k: tf.get_variable(k, [3, 2, 4] if k == "vs" else [3, 4], initializer=v) for k, v in inits.items()}
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for k in inits:
        print(k, np.round(sess.run(vs[k]).ravel()[:5], 6))
