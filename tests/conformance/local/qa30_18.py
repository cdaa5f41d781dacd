# StringLookup / IntegerLookup / CategoryEncoding for categorical features
import tensorflow as tf
from tensorflow import keras

colors = tf.constant([["red"], ["green"], ["blue"], ["green"], ["purple"]])
lookup = keras.layers.StringLookup(vocabulary=["red", "green", "blue"])
print(lookup.get_vocabulary())
ids = lookup(colors)
print(ids)
onehot = keras.layers.StringLookup(vocabulary=["red", "green", "blue"], output_mode="one_hot")
print(onehot(tf.constant(["blue", "yellow"])))
inv = keras.layers.StringLookup(vocabulary=["red", "green", "blue"], invert=True)
print(inv(tf.constant([1, 3, 0])))

il = keras.layers.IntegerLookup()
il.adapt(tf.constant([10, 20, 20, 30, 30, 30]))
print(il.get_vocabulary())
print(il(tf.constant([30, 10, 99])))
enc = keras.layers.CategoryEncoding(num_tokens=4, output_mode="multi_hot")
print(enc(tf.constant([[0, 1], [3, 3]])))
cnt = keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")
print(cnt(tf.constant([[0, 1, 1], [3, 3, 2]])))
h = keras.layers.Hashing(num_bins=5)
print(h(tf.constant([["a"], ["b"], ["c"]])))
