# tf.linalg det, inv, solve and cholesky on small matrices, batches and their errors
import tensorflow as tf

a = tf.constant([[4.0, 3.0, 2.0], [1.0, 5.0, 7.0], [2.0, 8.0, 3.0]])
print(tf.linalg.det(a))
print(tf.linalg.det(tf.constant([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float64)))
print(tf.linalg.det(tf.stack([tf.eye(2), 3.0 * tf.eye(2)])))
print(tf.linalg.inv(tf.constant([[4.0, 7.0], [2.0, 6.0]])))
print(tf.linalg.inv(tf.constant([[4.0, 7.0], [2.0, 6.0]], dtype=tf.float64)))
print(tf.linalg.inv(tf.constant([[2.0, 1.0], [1.0, 3.0]]), adjoint=True))
print(tf.linalg.solve(tf.constant([[3.0, 1.0], [1.0, 2.0]]), tf.constant([[9.0], [8.0]])))
x = tf.linalg.solve(a, tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]))
print(x.shape, tf.reduce_max(tf.abs(tf.matmul(a, x) - [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])) < 1e-5)
print(tf.linalg.cholesky(tf.constant([[4.0, 2.0], [2.0, 3.0]])))
spd = tf.constant([[25.0, 15.0, -5.0], [15.0, 18.0, 0.0], [-5.0, 0.0, 11.0]])
print(tf.linalg.cholesky(spd))
print(tf.linalg.det(tf.zeros([0, 0])))
print(tf.linalg.det(tf.constant([[1.0, 2.0], [2.0, 4.0]])))
for f, args in [(tf.linalg.det, (tf.ones([2, 3]),)), (tf.linalg.inv, (tf.zeros([2, 2]),)),
                (tf.linalg.solve, (tf.zeros([2, 2]), tf.ones([2, 1]))),
                (tf.linalg.det, (tf.ones([3]),)),
                (tf.linalg.solve, (tf.eye(2), tf.ones([3, 1])))]:
    try:
        print(f(*args))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, e)

@tf.function
def traced(m):
    return tf.linalg.det(m), tf.linalg.inv(m)

print(traced(tf.constant([[2.0, 0.0], [0.0, 4.0]])))
print(traced.get_concrete_function(tf.TensorSpec([None, 3, 3])).structured_outputs)
