# Device placement on a CPU-only machine: logical devices, tf.device scopes, soft placement
import tensorflow as tf

tf.debugging.set_log_device_placement(True)
print(tf.config.list_physical_devices())
print(tf.config.list_logical_devices("CPU"))
print("GPUs:", len(tf.config.list_physical_devices("GPU")))

with tf.device("/CPU:0"):
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    b = tf.matmul(a, a)
print(b.device)
print(b)

with tf.device("/GPU:0"):   # soft placement falls back to CPU
    c = tf.add(a, 1.0)
print(c.device)
print(tf.config.get_soft_device_placement())
v = tf.Variable(1.0)
print(v.device)
print(tf.test.is_built_with_cuda() in (True, False))
