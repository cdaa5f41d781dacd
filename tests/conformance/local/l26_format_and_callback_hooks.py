# String formatting of NumPy scalars and tensors, and the logs Keras passes to callback hooks.
import numpy as np, tensorflow as tf, keras
tests = [
 ("'%.2f' % np.float32(1.5)", lambda: '%.2f' % np.float32(1.5)),
 ("'%.2f' % np.float64(1.5)", lambda: '%.2f' % np.float64(1.5)),
 ("'%d' % np.int64(3)", lambda: '%d' % np.int64(3)),
 ("'%s' % np.float32(1.5)", lambda: '%s' % np.float32(1.5)),
 ("'%.2f' % (np.float32(1.5),)", lambda: '%.2f' % (np.float32(1.5),)),
 ("f'{np.float32(1.5):.2f}'", lambda: f'{np.float32(1.5):.2f}'),
 ("f'{tf.constant(1.5):.2f}'", lambda: f'{tf.constant(1.5):.2f}'),
 ("'{:.3f}'.format(tf.constant(1.5))", lambda: '{:.3f}'.format(tf.constant(1.5))),
 ("'%.4f' % tf.constant(1.5)", lambda: '%.4f' % tf.constant(1.5)),
 ("float(np.float32(1.5))", lambda: float(np.float32(1.5))),
]
for name, f in tests:
    try:
        print(name, "->", repr(f()))
    except Exception as e:
        print(name, "-> EXC", type(e).__name__, e)
class CB(keras.callbacks.Callback):
    def on_train_begin(self, logs=None): print("on_train_begin logs=", logs)
    def on_train_end(self, logs=None): print("on_train_end logs=", logs)
    def on_epoch_begin(self, epoch, logs=None): print("on_epoch_begin logs=", logs)
    def on_train_batch_begin(self, batch, logs=None): print("on_train_batch_begin logs=", logs) if batch == 0 else None
    def on_test_begin(self, logs=None): print("on_test_begin logs=", logs)
    def on_predict_begin(self, logs=None): print("on_predict_begin logs=", logs)
    def on_predict_batch_begin(self, batch, logs=None): print("on_predict_batch_begin logs=", logs) if batch == 0 else None
m = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
m.compile("sgd", "mse")
x = np.zeros((8, 4), "float32"); y = np.zeros((8, 1), "float32")
m.fit(x, y, epochs=1, verbose=0, callbacks=[CB()], validation_data=(x, y))
m.evaluate(x, y, verbose=0, callbacks=[CB()])
m.predict(x, verbose=0, callbacks=[CB()])
print(type(keras.initializers.get("uniform")).__name__, type(keras.initializers.get("normal")).__name__)
class Seen(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.calls = []
    def on_test_batch_end(self, batch, logs=None): self.calls.append(("test_batch_end", batch, sorted(logs)))
    def on_test_end(self, logs=None): self.calls.append(("test_end", sorted(logs)))
    def on_predict_batch_end(self, batch, logs=None): self.calls.append(("predict_batch_end", batch, sorted(logs)))
    def on_predict_end(self, logs=None): self.calls.append(("predict_end", logs))
seen = Seen()
m.fit(x, y, epochs=1, batch_size=4, verbose=0, callbacks=[seen], validation_data=(x, y))
m.evaluate(x, y, batch_size=4, verbose=0, callbacks=[seen])
m.predict(x, batch_size=4, verbose=0, callbacks=[seen])
for call in seen.calls:
    print(call)
x2 = keras.Input((3,)); y2 = keras.Input((3,))
for fn in (keras.layers.subtract, keras.layers.multiply, keras.layers.maximum, keras.layers.minimum, keras.layers.average):
    out = fn([x2, y2])
    print(fn.__name__, out.shape)
