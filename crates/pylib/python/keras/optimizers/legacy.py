"""`keras.optimizers.legacy`: Keras 2's optimizers, each raising Keras 3's `ImportError`."""

from keras.src.optimizers import LegacyOptimizerWarning

Adagrad = Adam = Ftrl = Optimizer = RMSprop = SGD = LegacyOptimizerWarning
