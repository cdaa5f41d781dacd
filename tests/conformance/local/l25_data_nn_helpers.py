# tf.data.experimental.cardinality and tf.nn.scale_regularization_loss.
import tensorflow as tf
ds = tf.data.Dataset.range(10).batch(3)
print(tf.data.experimental.cardinality(ds), tf.data.experimental.cardinality(ds.repeat()))
print(tf.nn.scale_regularization_loss([1.0, 2.0]))
print(tf.nn.scale_regularization_loss(tf.constant([[1.0], [3.0]])))
