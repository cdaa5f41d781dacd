# Sparse tensors: build, reorder, convert to dense, sparse-dense matmul
import tensorflow as tf

st = tf.sparse.SparseTensor(indices=[[0, 3], [2, 1], [1, 0]],
                            values=[10.0, 20.0, 30.0],
                            dense_shape=[3, 4])
print(st)
st = tf.sparse.reorder(st)
print(st.indices.numpy().tolist(), st.values.numpy())
dense = tf.sparse.to_dense(st)
print(dense)
print(tf.sparse.reduce_sum(st, axis=1))
w = tf.ones([4, 2])
print(tf.sparse.sparse_dense_matmul(st, w))
print(tf.sparse.add(st, st).values)
s2 = tf.sparse.from_dense(tf.constant([[0, 0, 7], [5, 0, 0]]))
print(s2.indices.numpy().tolist(), s2.values.numpy(), s2.dense_shape.numpy())
print(tf.sparse.to_dense(tf.sparse.transpose(s2)))
