# tf.sparse.concat/transpose/map_values; Keras add_weight's positional errors
import tensorflow as tf
a = tf.sparse.SparseTensor(indices=[[0, 1], [1, 0]], values=[1.0, 2.0], dense_shape=[2, 3])
b = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[3.0, 4.0], dense_shape=[2, 4])
c = tf.sparse.concat(axis=1, sp_inputs=[a, b])
print(c)
print(tf.sparse.to_dense(c))
d = tf.sparse.concat(0, [a, tf.sparse.SparseTensor([[1, 1]], [9.0], [3, 3])], expand_nonconcat_dims=True)
print(tf.sparse.to_dense(d))
print(tf.sparse.transpose(c))
print(tf.sparse.to_dense(tf.sparse.map_values(tf.add, a, 5)))
print(tf.sparse.map_values(tf.multiply, a, a).values)
class MyDenseLayer(tf.keras.layers.Layer):
  def __init__(self, num_outputs):
    super(MyDenseLayer, self).__init__()
    self.num_outputs = num_outputs
  def build(self, input_shape):
    self.kernel = self.add_weight("kernel", shape=[int(input_shape[-1]), self.num_outputs])
  def call(self, inputs):
    return tf.matmul(inputs, self.kernel)
layer = MyDenseLayer(10)
try:
  _ = layer(tf.zeros([10, 5]))
except Exception as e:
  print(type(e).__name__, e)
class L2(tf.keras.layers.Layer):
  def build(self, input_shape):
    self.w = self.add_weight("w", (2, 2))
l = L2()
try:
  l(tf.zeros([1, 2]))
except Exception as e:
  print(type(e).__name__, e)
