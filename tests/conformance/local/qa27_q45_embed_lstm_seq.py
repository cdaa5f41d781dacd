# Q&A-style program (q45_embed_lstm_seq) written as users write them, recorded from TF 2.21
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(99)
vocab, seq_len = 20, 7
X = np.random.randint(1, vocab, size=(48, seq_len))
X[:, -2:] = 0
y = (X[:, :5].sum(axis=1) > 50).astype("float32")

inputs = keras.Input(shape=(seq_len,))
emb = layers.Embedding(vocab, 6, mask_zero=True)(inputs)
seq = layers.LSTM(5, return_sequences=True)(emb)
last = layers.LSTM(4)(seq)
out = layers.Dense(1, activation="sigmoid")(last)
model = keras.Model(inputs, out)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
print([tuple(l.output.shape) for l in model.layers])
print([w.shape for w in model.layers[2].get_weights()])

hist = model.fit(X, y, epochs=4, batch_size=12, verbose=0)
print([round(v, 4) for v in hist.history["loss"]])

seq_model = keras.Model(inputs, seq)
s = seq_model.predict(X[:2], verbose=0)
print(s.shape)
print(np.round(s[0, :, 0], 4))

lstm = layers.LSTM(3, return_sequences=True, return_state=True)
whole, h, c = lstm(np.ones((2, 4, 2), dtype="float32"))
print(whole.shape, h.shape, c.shape)
print(np.allclose(whole[:, -1, :], h))

emb_layer = layers.Embedding(10, 3, mask_zero=True)
m = emb_layer.compute_mask(np.array([[1, 2, 0, 0], [3, 0, 0, 0]]))
print(m.numpy() if hasattr(m, "numpy") else m)
print(np.round(model.predict(X[:4], verbose=0).ravel(), 4))
