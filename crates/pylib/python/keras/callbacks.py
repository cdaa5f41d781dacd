"""`keras.callbacks`."""

from keras.src.callbacks import (  # noqa: F401
    BackupAndRestore, Callback, CSVLogger, EarlyStopping, History, LambdaCallback,
    LearningRateScheduler, ModelCheckpoint, MonitorCallback, ReduceLROnPlateau,
    TensorBoard, TerminateOnNaN,
)
