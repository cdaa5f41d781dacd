"""`keras.callbacks`."""

from keras.src.callbacks import (  # noqa: F401
    BackupAndRestore, Callback, CSVLogger, EarlyStopping, History, LambdaCallback,
    LearningRateScheduler, ModelCheckpoint, MonitorCallback, ProgbarLogger, ReduceLROnPlateau,
    TensorBoard, TerminateOnNaN,
)
