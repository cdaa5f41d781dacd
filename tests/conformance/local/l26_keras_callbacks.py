import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
x = np.random.rand(64, 4).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 2).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"),
                             tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="binary_crossentropy",
              metrics=["accuracy"])
seen = []
class Recorder(tf.keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        print("begin", type(self.model).__name__)
    def on_epoch_end(self, epoch, logs=None):
        seen.append((epoch, sorted(logs)))
stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=2, verbose=1)
history = model.fit(x, y, epochs=10, batch_size=16, verbose=0, callbacks=[Recorder(), stop])
print(len(history.history["loss"]), history.epoch, stop.stopped_epoch, seen[0])
lam = tf.keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: print("epoch", epoch))
model.fit(x, y, epochs=2, verbose=0, callbacks=[lam])
print(model.stop_training)
best = tf.keras.callbacks.EarlyStopping(monitor="val_loss", patience=1, restore_best_weights=True, verbose=1)
model.compile(optimizer=tf.keras.optimizers.SGD(0.0), loss="binary_crossentropy")
h = model.fit(x, y, validation_data=(x, y), epochs=5, verbose=0, callbacks=[best])
print(len(h.history["val_loss"]))
