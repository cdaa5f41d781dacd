import tensorflow as tf
tf.keras.utils.set_random_seed(1)
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2), tf.keras.layers.Dropout(0.2), tf.keras.layers.Dense(1, kernel_initializer="he_normal")])
for w in model.weights:
    print(w.path, w.numpy())
init = tf.keras.initializers.GlorotNormal()
print(init(shape=(2, 2)))
tf.keras.utils.set_random_seed(7)
layer = tf.keras.layers.Dense(3)
print(layer(tf.ones((1, 2))))
print(tf.random.uniform([2]))
class Lin(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], 2), initializer="random_normal")
    def call(self, x):
        return tf.matmul(x, self.w)
print(Lin()(tf.ones((1, 2))))
try:
    tf.keras.utils.set_random_seed(1.5)
except ValueError as e:
    print("ValueError:", e)
