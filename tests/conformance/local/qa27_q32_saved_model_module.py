# Q&A-style program (q32_saved_model_module) written as users write them, recorded from TF 2.21
import shutil
import tensorflow as tf

shutil.rmtree("exported", ignore_errors=True)

class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(3.0)
        self.offset = tf.Variable([1.0, -1.0])

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
    def __call__(self, x):
        return x * self.scale + self.offset

    @tf.function(input_signature=[tf.TensorSpec(shape=[], dtype=tf.float32)])
    def set_scale(self, s):
        self.scale.assign(s)
        return self.scale

m = Scaler()
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(m(x).numpy())
tf.saved_model.save(m, "exported", signatures={"serving_default": m.__call__})

loaded = tf.saved_model.load("exported")
print(loaded(x).numpy())
print(float(loaded.set_scale(tf.constant(0.5))))
print(loaded(x).numpy())
print(float(loaded.scale.numpy()), loaded.offset.numpy())

sig = loaded.signatures["serving_default"]
print(list(loaded.signatures.keys()))
print(sig.structured_input_signature)
out = sig(x=tf.constant([[10.0, 20.0]]))
print(sorted(out.keys()))
for k, v in out.items():
    print(k, v.numpy(), v.dtype.name)

try:
    loaded(tf.constant([1.0, 2.0, 3.0]))
except Exception as e:
    print("error type:", type(e).__name__)
shutil.rmtree("exported", ignore_errors=True)
