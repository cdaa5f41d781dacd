# optimizer.learning_rate is a Keras variable (a schedule gives its value at the current step); Keras variables print scalars as Python numbers
import keras, numpy as np
import tensorflow as tf
opt = keras.optimizers.Adam(0.01)
print(opt.learning_rate)
print(opt.learning_rate.numpy(), float(opt.learning_rate))
opt.learning_rate = 0.5
print(opt.learning_rate.numpy())
ag = keras.optimizers.Adagrad(0.1)
print(ag.learning_rate, ag.iterations)
sched = keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.5, staircase=True)
sgd = keras.optimizers.SGD(sched)
v = tf.Variable(1.0)
for _ in range(20):
  sgd.apply_gradients([(tf.constant(0.1), v)])
print(float(sgd.learning_rate), int(sgd.iterations))
try:
  sgd.learning_rate = 0.1
except TypeError as e:
  print(e)
m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
m.compile(keras.optimizers.RMSprop(0.05), "mse")
m.fit(np.ones((4, 2)), np.ones((4, 1)), epochs=1, verbose=0, callbacks=[keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0, factor=0.5)])
print(m.optimizer.learning_rate.numpy())
