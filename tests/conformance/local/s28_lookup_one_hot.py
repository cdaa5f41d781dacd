# StringLookup/IntegerLookup/CategoryEncoding one_hot of a 1-D input, a scalar and a column: Keras 3's shapes
import numpy as np
import tensorflow as tf
from tensorflow.keras import layers
lk = layers.StringLookup(output_mode="one_hot")
lk.adapt(["lima", "paris", "paris", "oslo"])
print(lk.get_vocabulary())
print(lk(["paris"]).shape, lk(np.array(["paris"])).shape, lk("paris").shape, lk([["paris"], ["oslo"]]).shape)
print(lk(tf.constant(["lima", "x"])).numpy())
il = layers.IntegerLookup(output_mode="one_hot")
il.adapt([1, 2, 2, 3])
print(il([2]).shape, il(np.array([2, 3])).shape, il(5).shape)
ml = layers.StringLookup(output_mode="multi_hot")
ml.adapt(["a", "b"])
print(ml(["a"]).shape, ml([["a", "b"]]).shape)
print(layers.CategoryEncoding(num_tokens=4, output_mode="one_hot")([1]).shape)
print(layers.CategoryEncoding(num_tokens=4, output_mode="one_hot")([1, 2]).shape)
