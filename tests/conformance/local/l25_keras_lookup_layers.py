# Keras StringLookup, IntegerLookup, CategoryEncoding, Hashing: output modes, invert, adapt, OOV buckets, errors
import numpy as np
import tensorflow as tf
import keras
vocab = ["a", "b", "c", "d"]
data = tf.constant([["a", "c", "d"], ["d", "z", "b"]])
layer = keras.layers.StringLookup(vocabulary=vocab)
print(layer(data))
print(layer.get_vocabulary(), layer.vocabulary_size())
print(keras.layers.StringLookup(vocabulary=vocab, mask_token="")(tf.constant([["a", ""], ["q", "d"]])))
for mode in ["one_hot", "multi_hot", "count"]:
    out = keras.layers.StringLookup(vocabulary=vocab, output_mode=mode)(tf.constant(["a", "b", "z"] if mode == "one_hot" else [["a", "a", "b"], ["z", "c", "z"]]))
    print(mode, out)
tfidf = keras.layers.StringLookup(output_mode="tf_idf", vocabulary=vocab, idf_weights=[0.25, 0.75, 0.6, 0.4])
print(tfidf(tf.constant([["a", "c", "d", "d"], ["d", "z", "b", "z"]])))
inv = keras.layers.StringLookup(vocabulary=vocab, invert=True)
print(inv(tf.constant([[1, 3, 4], [4, 0, 2]])))
adapted = keras.layers.StringLookup()
adapted.adapt(tf.constant([["a", "c", "d"], ["d", "z", "b"], ["c", "d", "q"]]))
print(adapted.get_vocabulary())
print(adapted(tf.constant(["d", "x", "c"])))
il = keras.layers.IntegerLookup(vocabulary=[12, 36, 1138, 42])
print(il(tf.constant([[12, 1138, 42], [42, 1000, 36]])))
il2 = keras.layers.IntegerLookup()
il2.adapt(np.array([[12, 1138, 42], [42, 1000, 36], [42, 12, 7]]))
print(il2.get_vocabulary())
print(il2(np.array([42, 5, 12])))
il3 = keras.layers.IntegerLookup(num_oov_indices=2, vocabulary=[12, 36])
print(il3(tf.constant([12, 5, 36, 8])))
sl3 = keras.layers.StringLookup(num_oov_indices=3, vocabulary=["x", "y"])
print(sl3(tf.constant(["x", "hello", "world", "y", "foo"])))
ce = keras.layers.CategoryEncoding(num_tokens=4, output_mode="one_hot")
print(ce([3, 2, 0, 1]))
print(keras.layers.CategoryEncoding(num_tokens=4, output_mode="multi_hot")([[0, 1], [0, 0], [1, 2], [3, 1]]))
print(keras.layers.CategoryEncoding(num_tokens=4, output_mode="count")([[0, 1], [0, 0], [1, 2], [3, 1]]))
print(keras.layers.Hashing(num_bins=3)([["A"], ["B"], ["C"], ["D"], ["E"]]))
print(keras.layers.Hashing(num_bins=3, mask_value="")([["A"], ["B"], [""], ["C"], ["D"]]))
print(keras.layers.Hashing(num_bins=3)(np.array([[1], [2], [3], [4], [5]])))
lk = keras.layers.StringLookup(vocabulary=vocab)
ds = tf.data.Dataset.from_tensor_slices(["a", "q", "d"]).batch(2).map(lambda x: lk(x))
print(list(ds.as_numpy_iterator()))
inputs = keras.Input(shape=(1,), dtype="string")
x = keras.layers.StringLookup(vocabulary=vocab, output_mode="one_hot")(inputs)
print(x.shape, x.dtype)
m = keras.Model(inputs, x)
print(m(tf.constant([["a"], ["d"]])))
try:
    keras.layers.StringLookup(vocabulary=["a", "a"])
except ValueError as e:
    print(e)
try:
    keras.layers.StringLookup(output_mode="one_hot")(tf.constant(["a"]))
except RuntimeError as e:
    print(e)
