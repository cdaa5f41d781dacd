# tf.strings.to_hash_bucket_strong (SipHash-2-4 keyed) and keras.layers.Hashing with a salt
import numpy as np
import tensorflow as tf
import keras
words = tf.constant(["", "a", "hello", "TensorFlow", "a longer string of text!", "\u00e9t\u00e9"])
print(tf.strings.to_hash_bucket_strong(words, 1000, [1, 2]))
print(tf.strings.to_hash_bucket_strong(words, 2**62, [2**63 - 1, 12345]).numpy())
print(tf.strings.to_hash_bucket_strong([["x", "y"], ["z", "w"]], 7, key=[0, 0]))
print(keras.layers.Hashing(num_bins=64, salt=1337)(np.arange(8).reshape(4, 2)))
print(keras.layers.Hashing(num_bins=5, salt=[133, 137], mask_value="")(["", "cat", "dog"]))
print(keras.layers.Hashing(num_bins=3, salt=133, output_mode="one_hot")(["a", "b", "c"]))
data = np.random.randint(0, 100000, size=(10000, 1))
hasher = keras.layers.Hashing(num_bins=64, salt=1337)
encoder = keras.layers.CategoryEncoding(num_tokens=64, output_mode="multi_hot")
print(encoder(hasher(data)).shape)
try:
    keras.layers.Hashing(num_bins=3, salt=1.5)
except ValueError as e:
    print(e)
