# Callbacks that write files and change the learning rate, with their messages.
import os
import numpy as np
import keras

keras.utils.set_random_seed(1)
x = np.random.rand(40, 3).astype("float32")
y = x.sum(axis=1, keepdims=True)
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
model.compile(optimizer=keras.optimizers.SGD(0.01), loss="mse")


def schedule(epoch, lr):
    return lr if epoch < 1 else lr * 0.5


callbacks = [
    keras.callbacks.ModelCheckpoint("ckpt/best.keras", monitor="val_loss",
                                    save_best_only=True, verbose=1),
    keras.callbacks.ModelCheckpoint("ckpt/w-{epoch:02d}.weights.h5", save_weights_only=True),
    keras.callbacks.LearningRateScheduler(schedule, verbose=1),
    keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, verbose=1,
                                      min_delta=10),
    keras.callbacks.CSVLogger("log.csv"),
    keras.callbacks.TerminateOnNaN(),
]
history = model.fit(x, y, epochs=3, batch_size=10, validation_split=0.25,
                    callbacks=callbacks, verbose=0, shuffle=False)
print([round(v, 5) for v in history.history["loss"]])
print(sorted(os.listdir("ckpt")))
rows = open("log.csv").read().splitlines()
print(rows[0], len(rows))
print(sorted(history.history))
print([round(v, 6) for v in history.history["learning_rate"]])
best = keras.models.load_model("ckpt/best.keras")
print(round(best.evaluate(x[30:], y[30:], verbose=0), 5))

# A checkpoint that never improves says so.
quiet = keras.callbacks.ModelCheckpoint("never.keras", monitor="loss", save_best_only=True,
                                        verbose=1, initial_value_threshold=0.0)
model.fit(x, y, epochs=1, batch_size=20, callbacks=[quiet], verbose=0, shuffle=False)
print(os.path.exists("never.keras"))

# BackupAndRestore keeps a backup while training and removes it at the end.
backup = keras.callbacks.BackupAndRestore("backup")
seen = []
probe = keras.callbacks.LambdaCallback(
    on_epoch_end=lambda epoch, logs: seen.append(sorted(os.listdir("backup"))))
model.fit(x, y, epochs=2, batch_size=20, callbacks=[backup, probe], verbose=0, shuffle=False)
print(seen, os.path.exists("backup"))

for bad in (lambda: keras.callbacks.ModelCheckpoint("model.h5x"),
            lambda: keras.callbacks.ModelCheckpoint("w.h5", save_weights_only=True),
            lambda: keras.callbacks.ReduceLROnPlateau(factor=2.0)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
