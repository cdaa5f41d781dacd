# _EagerConst placement-log lines under CPU:0, GPU:0 and no device scope
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
print("A const under CPU")
with tf.device("/CPU:0"):
    a = tf.constant([1.0])
print("B add under CPU")
with tf.device("/CPU:0"):
    c = tf.add(a, 1.0)
print("C const under GPU")
with tf.device("/GPU:0"):
    d = tf.constant([1.0])
print("D add under GPU")
with tf.device("/GPU:0"):
    e = tf.add(a, 1.0)
print("E const no scope")
f = tf.constant([2.0])
print("F add no scope")
g = tf.add(f, 1.0)
