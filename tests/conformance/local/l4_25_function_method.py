import tensorflow as tf


class Scaler:
    def __init__(self, factor):
        self.factor = tf.Variable(factor)

    @tf.function
    def scale(self, x):
        print("tracing scale for", type(self).__name__)
        return x * self.factor

    @tf.function(jit_compile=True)
    def shift(self, x, by=1.0):
        return x + by


a = Scaler(2.0)
b = Scaler(3.0)
x = tf.constant([1.0, 2.0])
print(a.scale(x))
print(a.scale(x + 1.0))
print(b.scale(x))
print(a.scale.experimental_get_tracing_count(), b.scale.experimental_get_tracing_count())
print(a.scale is a.scale, a.scale is b.scale)
print(a.shift(x), a.shift(x, by=2.0))
print(type(Scaler.scale).__name__)
print(Scaler.scale(a, tf.constant([5.0])))
print(a.scale.python_function.__qualname__)


class Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2, kernel_initializer="ones")

    @tf.function
    def call(self, x):
        return self.dense(x)


m = Model()
print(m(tf.constant([[1.0, 2.0]])))
