import tensorflow as tf
tf.debugging.set_log_device_placement(True)
x = tf.constant([[1, 2, 3], [4, 5, 6]])
print(x[0])
print(x[1, 2])
print(x[:, 1:])
for row in x:
    print(row.numpy())
try:
    x[5]
except Exception as e:
    print(type(e).__name__)
