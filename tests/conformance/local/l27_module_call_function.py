# A tf.function as a tf.Module's __call__, saved and loaded, and its binding errors
import tensorflow as tf


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.scale = tf.Variable(3.0)

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
    def __call__(self, x):
        return x * self.scale

    @tf.function
    def shift(self, x):
        return x + self.scale


class Plain:
    @tf.function
    def __call__(self, x, y=1.0):
        return x * y


m = Scaler()
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(m(x))
print(m(x=x))
print(m.shift(tf.constant(1.0)))
print(Plain()(tf.constant(2.0), y=4.0))
print(type(Scaler.__call__).__name__)
for bad in [tf.constant([1.0, 2.0, 3.0]), tf.constant([[1, 2]])]:
    try:
        m(bad)
    except TypeError as e:
        print("TypeError:", str(e).split(".")[0])
tf.saved_model.save(m, "scaler")
loaded = tf.saved_model.load("scaler")
print(loaded(x))
try:
    loaded(tf.constant([1.0, 2.0, 3.0]))
except TypeError as e:
    print("TypeError:", str(e).split(".")[0])
