# MirroredStrategy with no devices (an empty list of GPUs on a machine without any) mirrors
# over the default devices: the CPU.
import tensorflow as tf
try:
    s = tf.distribute.MirroredStrategy([])
    print(s.num_replicas_in_sync, s.extended.worker_devices)
except Exception as e:
    print(type(e).__name__, e)
