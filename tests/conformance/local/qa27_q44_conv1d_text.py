# Q&A-style program (q44_conv1d_text) written as users write them, recorded from TF 2.21
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1234)
texts = ["good movie great acting", "bad film awful plot", "great fun loved it",
         "terrible boring bad", "loved the great story", "awful and boring film",
         "what a great movie", "bad bad bad"] * 4
labels = np.array([1, 0, 1, 0, 1, 0, 1, 0] * 4)

vectorize = tf.keras.layers.TextVectorization(max_tokens=50, output_sequence_length=6)
vectorize.adapt(texts)
X = vectorize(np.array(texts)).numpy()
print(X[:3])
print(len(vectorize.get_vocabulary()))

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,), dtype="int64"),
    tf.keras.layers.Embedding(input_dim=50, output_dim=8),
    tf.keras.layers.Conv1D(filters=12, kernel_size=3, activation="relu", padding="valid"),
    tf.keras.layers.GlobalMaxPooling1D(),
    tf.keras.layers.Dropout(0.2),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(0.02), loss="binary_crossentropy",
              metrics=["accuracy"])
for layer in model.layers:
    print(layer.name, layer.output.shape, layer.count_params())
hist = model.fit(X, labels, epochs=8, batch_size=8, verbose=0, shuffle=True)
print([round(v, 4) for v in hist.history["loss"]])
print([round(v, 4) for v in hist.history["accuracy"]])
test = vectorize(np.array(["great great movie", "boring awful film"])).numpy()
probs = model.predict(test, verbose=0)
print(np.round(probs, 3).ravel())
print((probs > 0.5).astype(int).ravel())
conv = model.layers[1]
print(conv.kernel.shape, conv.bias.shape, conv.strides, conv.padding)
