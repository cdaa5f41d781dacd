# tf.einsum with repeated labels (diagonals), tf.linalg.diag_part/set_diag/trace
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.range(48.0), [2, 3, 2, 4])
print(tf.einsum('bxby->bxy', x))
sq = tf.reshape(tf.range(9.0), [3, 3])
print(tf.einsum('ii->i', sq), tf.einsum('ii', sq), tf.einsum('ij->', sq))
print(tf.einsum('iij->j', tf.ones([2, 2, 3])))
print(tf.einsum('ii,i->i', tf.reshape(tf.range(4.0), [2, 2]), tf.constant([2.0, 3.0])))
print(tf.einsum('bii->bi', tf.reshape(tf.range(18), [2, 3, 3])))
m = tf.constant([[1.0, np.inf], [np.nan, 4.0]])
print(tf.linalg.diag_part(m), tf.linalg.trace(m))
print(tf.linalg.diag_part(tf.reshape(tf.range(24.0), [2, 3, 4])))
print(tf.linalg.set_diag(tf.zeros((2, 2)), [7.0, 8.0]))
print(tf.linalg.set_diag(tf.ones((2, 2, 3)), [[7.0, 8.0], [1.0, 2.0]]))
print(tf.linalg.set_diag(tf.ones((3, 2)), [5.0, 6.0]))
