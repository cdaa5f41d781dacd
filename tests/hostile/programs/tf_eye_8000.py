# expect: exit 0
# Values on demand: the 64M-element eye is placed, shaped and timed, not computed.
import tensorflow as tf
x = tf.eye(8000)
print(x.shape)
