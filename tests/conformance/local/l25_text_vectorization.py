# TextVectorization as the text classification tutorials use it: adapt on a dataset, map, train
import numpy as np
import tensorflow as tf
import keras

texts = ["The movie was GREAT!", "Terrible, boring movie.", "I loved it; great acting.",
         "Worst film ever... boring", "great great fun", "not my cup of tea", "A fine film!",
         "boring and slow", "Loved the music, loved the cast", "bad bad bad"]
labels = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
raw = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(4)

vectorize = keras.layers.TextVectorization(max_tokens=30, output_mode="int",
                                           output_sequence_length=8)
vectorize.adapt(raw.map(lambda x, y: x))
vocab = vectorize.get_vocabulary()
print(len(vocab), vocab[:12])
print(vectorize.vocabulary_size())
print(vectorize(["the movie was great", "an unknown word"]))

def vectorize_text(text, label):
    text = tf.expand_dims(text, -1)
    return vectorize(text), label

train = raw.map(vectorize_text)
for x, y in train.take(1):
    print(x.shape, x.dtype, y)
    print(x.numpy())

mh = keras.layers.TextVectorization(output_mode="multi_hot")
mh.adapt(texts)
print(mh.get_vocabulary()[:6])
print(mh(["great fun", "boring boring movie"]).numpy())
cnt = keras.layers.TextVectorization(output_mode="count", vocabulary=["great", "boring", "movie"])
print(cnt(["great great movie", "boring movie movie x"]))
tfidf = keras.layers.TextVectorization(output_mode="tf_idf")
tfidf.adapt(["a b a", "b c", "a"])
print(tfidf.get_vocabulary())
print(tfidf(["a a b", "c d"]))
rag = keras.layers.TextVectorization(ragged=True, vocabulary=["x", "y"])
print(rag(["x y z", "y"]))
ch = keras.layers.TextVectorization(split="character", standardize="lower", vocabulary=list("abc"))
print(ch(["Abcd", "ca"]))
plain = keras.layers.TextVectorization(vocabulary=["hello", "world"], standardize=None)
print(plain(["hello World world"]))

keras.utils.set_random_seed(0)
model = keras.Sequential([
    keras.Input((8,), dtype="int64"),
    keras.layers.Embedding(30, 4),
    keras.layers.GlobalAveragePooling1D(),
    keras.layers.Dense(1, activation="sigmoid"),
])
print(model.predict(train, verbose=0).shape)

end_to_end = keras.Sequential([vectorize, model])
print(end_to_end.predict(tf.constant([["a great movie"], ["boring"]]), verbose=0).shape)
