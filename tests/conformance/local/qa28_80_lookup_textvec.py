# probe q80_lookup_textvec: user-style program (corpus 3)
import re
import string
import numpy as np
import tensorflow as tf
from tensorflow import keras

def custom_standardization(input_data):
    lowercase = tf.strings.lower(input_data)
    stripped_html = tf.strings.regex_replace(lowercase, "<br />", " ")
    return tf.strings.regex_replace(stripped_html, "[%s]" % re.escape(string.punctuation), "")

corpus = ["Great movie!<br />Loved it.", "Terrible. Just terrible...", "Loved the acting, great plot",
          "not great, not terrible"]
vectorize_layer = keras.layers.TextVectorization(
    standardize=custom_standardization, max_tokens=12, output_mode="int", output_sequence_length=6)
vectorize_layer.adapt(tf.data.Dataset.from_tensor_slices(corpus).batch(2))
vocab = vectorize_layer.get_vocabulary()
print(vocab, len(vocab), vectorize_layer.vocabulary_size())
print(vectorize_layer(["great movie, terrible ending"]).numpy())
print(custom_standardization(tf.constant("Hello, <br />World!")).numpy())

labels = tf.constant([1, 0, 1, 0])
ds = tf.data.Dataset.from_tensor_slices((corpus, labels)).batch(2)
ds = ds.map(lambda x, y: (vectorize_layer(x), y))
for xb, yb in ds.take(1):
    print(xb.numpy(), yb.numpy())

mh = keras.layers.TextVectorization(max_tokens=8, output_mode="multi_hot", ngrams=None)
mh.adapt(["red green blue", "green blue", "blue"])
print(mh.get_vocabulary(), mh(["blue blue red yellow"]).numpy())
splitter = keras.layers.TextVectorization(split="character", output_mode="int")
splitter.adapt(["abca", "bb"])
print(splitter.get_vocabulary(), splitter(["cab"]).numpy())

colors = keras.layers.StringLookup(vocabulary=["red", "green", "blue"], num_oov_indices=2)
print(colors(tf.constant(["red", "pink", "blue", "teal"])).numpy(), colors.vocabulary_size())
mask_lookup = keras.layers.StringLookup(vocabulary=["a", "b"], mask_token="")
print(mask_lookup.get_vocabulary(), mask_lookup(tf.constant(["", "a", "z"])).numpy())
inv = keras.layers.StringLookup(vocabulary=["red", "green", "blue"], invert=True)
print(inv(tf.constant([0, 1, 3])).numpy())
cnt = keras.layers.StringLookup(vocabulary=["x", "y"], output_mode="count")
print(cnt(tf.constant([["x", "x", "y", "q"]])).numpy())
il = keras.layers.IntegerLookup(vocabulary=[10, 20, 30], output_mode="one_hot")
print(il(np.array([20, 99])).numpy())
