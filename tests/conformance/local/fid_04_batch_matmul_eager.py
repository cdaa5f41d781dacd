# tf.matmul and @ on inputs of rank above 2 run BatchMatMulV2 (placement log, kernel errors).
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
a = tf.ones([2, 2, 3])
b = tf.ones([2, 3, 4])
print(tf.matmul(a, b))
print(a @ b)
print(tf.matmul(a, tf.ones([3, 4])).shape)
print(tf.matmul(tf.ones([3, 2]), tf.ones([5, 2, 4])).shape)
print(tf.matmul(a, tf.ones([2, 4, 3]), transpose_b=True).shape)
print(tf.matmul(tf.ones([2, 3, 2]), b, adjoint_a=True).shape)
print(tf.linalg.matmul(tf.ones([4, 1, 2, 3]), tf.ones([3, 3, 5])).shape)
print(tf.matmul(tf.ones([2, 2]), tf.ones([2, 2])))
print(tf.matmul(tf.constant([[[1, 2], [3, 4]]]), tf.constant([[5], [6]])))
for x, y in [(tf.ones([2, 2, 3]), tf.ones([3, 3, 4])), (tf.ones([2, 2, 3]), tf.ones([2, 4, 4])),
             (tf.ones([3]), tf.ones([2, 3, 4]))]:
    try:
        tf.matmul(x, y)
    except Exception as e:
        print(type(e).__name__, e)
