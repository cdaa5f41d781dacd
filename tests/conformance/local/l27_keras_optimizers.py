# Keras 3's optimizers: weight decay, the three clipping options, AdamW, Adagrad, Adamax,
# Nadam, Adadelta, Lion, a user's Optimizer subclass; in fit, saved and reloaded.
import keras
from keras import layers
import tensorflow as tf
import numpy as np
def run(opt, steps=3):
  v = tf.Variable([1.0, -2.0, 3.0])
  w = tf.Variable([[0.5, 0.25]])
  for _ in range(steps):
    with tf.GradientTape() as tape:
      loss = tf.reduce_sum(v * v * 3.0) + tf.reduce_sum(w * 4.0) + tf.reduce_sum(tf.sin(w))
    g = tape.gradient(loss, [v, w])
    opt.apply_gradients(zip(g, [v, w]))
  print(type(opt).__name__, v.numpy(), w.numpy(), int(opt.iterations))
K = tf.keras.optimizers
for opt in [K.Adam(weight_decay=0.1), K.SGD(0.1, clipnorm=1.0), K.SGD(0.1, clipvalue=0.5), K.SGD(0.1, global_clipnorm=1.0), K.AdamW(0.01), K.AdamW(learning_rate=0.01, weight_decay=0.5),
            K.Adagrad(0.1), K.Adamax(0.1), K.Nadam(0.1), K.Adadelta(1.0), K.Lion(0.01), K.Adagrad(0.1, clipnorm=0.5, weight_decay=0.01)]:
  run(opt)
print(K.Adagrad().get_config())
print(K.AdamW().get_config())
try:
  K.Adagrad(1)
except ValueError as e: print(e)
try:
  K.SGD(clipnorm=1.0, clipvalue=1.0)
except ValueError as e: print(e)
try:
  K.Adam(foo=1)
except ValueError as e: print(e)
def make():
  @tf.function
  def step(opt, v):
    with tf.GradientTape() as tape:
      loss = tf.reduce_sum(v * v)
    g = tape.gradient(loss, v)
    opt.apply_gradients([(g, v)])
  return step
for opt in [K.Adagrad(0.1), K.Nadam(0.1), K.SGD(0.1, momentum=0.9, weight_decay=0.1, clipnorm=0.5)]:
  v = tf.Variable([1.0, 2.0])
  step = make()
  for _ in range(3):
    step(opt, v)
  print(type(opt).__name__, v.numpy(), opt.iterations.numpy())

keras.utils.set_random_seed(1)
x = np.random.rand(64, 4).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 2).astype("float32")
for opt in ["adagrad", keras.optimizers.Nadam(0.01), keras.optimizers.AdamW(0.01), keras.optimizers.SGD(0.1, clipnorm=0.1), keras.optimizers.Adam(0.01, global_clipnorm=0.5)]:
  model = keras.Sequential([keras.Input((4,)), layers.Dense(8, activation="relu"), layers.Dense(1, activation="sigmoid")])
  model.compile(optimizer=opt, loss="binary_crossentropy", metrics=["accuracy"])
  h = model.fit(x, y, epochs=3, batch_size=16, verbose=0, shuffle=False)
  print(type(model.optimizer).__name__, [round(v, 5) for v in h.history["loss"]])
  model.save("m.keras")
  m2 = keras.models.load_model("m.keras")
  print(type(m2.optimizer).__name__, int(m2.optimizer.iterations), m2.optimizer.get_config()["name"])
  a = model.fit(x, y, epochs=1, batch_size=16, verbose=0, shuffle=False).history["loss"]
  b = m2.fit(x, y, epochs=1, batch_size=16, verbose=0, shuffle=False).history["loss"]
  print(np.allclose(a, b))

class MySGD(keras.optimizers.Optimizer):
  def __init__(self, learning_rate=0.01, **kw):
    super().__init__(learning_rate=learning_rate, **kw)
  def update_step(self, gradient, variable, learning_rate):
    self.assign_sub(variable, keras.ops.multiply(gradient, keras.ops.cast(learning_rate, variable.dtype)))
model = keras.Sequential([keras.Input((4,)), layers.Dense(1)])
model.compile(optimizer=MySGD(0.1), loss="mse")
print([round(v, 5) for v in model.fit(x, y, epochs=2, verbose=0, shuffle=False).history["loss"]])
