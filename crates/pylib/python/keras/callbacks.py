"""`keras.callbacks`."""

from keras.src.callbacks import Callback, EarlyStopping, History, LambdaCallback
