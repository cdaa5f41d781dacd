import tensorflow as tf
print(tf.broadcast_static_shape(tf.TensorShape([None, 1, 3]), tf.TensorShape([4, 3])))
print(tf.broadcast_static_shape(tf.TensorShape(None), tf.TensorShape([4, 3])))
print(tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([None])))
print(tf.broadcast_static_shape(tf.TensorShape([5]), tf.TensorShape([1])))
try:
    tf.broadcast_static_shape(tf.TensorShape([2, 3]), tf.TensorShape([4]))
except ValueError as e:
    print("ValueError", e)
print(tf.compat.v1.dimension_value(tf.TensorShape([None, 3])[1]), tf.compat.v1.dimension_value(None), tf.compat.v1.dimension_value(5))
