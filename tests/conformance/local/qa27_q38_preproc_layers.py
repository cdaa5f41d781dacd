# Q&A-style program (q38_preproc_layers) written as users write them, recorded from TF 2.21
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

np.random.seed(0)
data = np.array([[1.0, 10.0], [2.0, 20.0], [3.0, 30.0], [4.0, 40.0]], dtype="float32")
norm = layers.Normalization()
norm.adapt(data)
print("mean:", norm.mean.numpy())
print("var:", norm.variance.numpy())
print(np.round(norm(data).numpy(), 4))
denorm = layers.Normalization(mean=2.0, variance=4.0, invert=True)
print(denorm(np.array([[0.0, 1.0]])).numpy())

resc = layers.Rescaling(1.0 / 255, offset=-0.5)
print(resc(np.array([[0.0, 255.0, 51.0]])).numpy())

sl = layers.StringLookup()
sl.adapt(["cat", "dog", "cat", "bird", "cat", "dog"])
print(sl.get_vocabulary())
print(sl(tf.constant(["dog", "fish", "cat"])).numpy())
inv = layers.StringLookup(vocabulary=sl.get_vocabulary(), invert=True, num_oov_indices=1)
print(inv(tf.constant([1, 2, 3])).numpy())
sl_oh = layers.StringLookup(vocabulary=["a", "b", "c"], output_mode="one_hot")
print(sl_oh(tf.constant(["c", "z"])).numpy())

il = layers.IntegerLookup()
il.adapt(np.array([7, 7, 3, 9, 3, 7]))
print(il.get_vocabulary(), il.vocabulary_size())
print(il(np.array([3, 9, 100])).numpy())

ce = layers.CategoryEncoding(num_tokens=5, output_mode="multi_hot")
print(ce(np.array([[0, 1], [2, 4]])).numpy())
ce2 = layers.CategoryEncoding(num_tokens=4, output_mode="count")
print(ce2(np.array([[0, 1, 1, 3]])).numpy())

tv = layers.TextVectorization(max_tokens=10, output_sequence_length=5)
tv.adapt(["the cat sat on the mat", "the dog ate", "a cat and a dog"])
print(tv.get_vocabulary())
print(tv(["the cat ate the fish", "dog"]).numpy())
tv2 = layers.TextVectorization(output_mode="tf_idf", max_tokens=6)
tv2.adapt(["x y y z", "y z z z", "x"])
print(tv2.get_vocabulary())
print(np.round(tv2(["x y z q"]).numpy(), 4))
hashing = layers.Hashing(num_bins=4)
print(hashing(tf.constant([["a"], ["b"], ["c"]])).numpy().ravel())
disc = layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0])
print(disc(np.array([-1.0, 0.5, 1.5, 3.0])).numpy())
