"""`keras.callbacks`: `Callback`, `EarlyStopping`, `LambdaCallback` (shared with the
native Keras) and `History`, which `fit` returns."""

from _keras.callbacks import Callback, EarlyStopping, LambdaCallback


class History(Callback):
    """Records each epoch's logs; `fit` returns it."""

    __module__ = "keras.src.callbacks.history"

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)
        self.model.history = self
