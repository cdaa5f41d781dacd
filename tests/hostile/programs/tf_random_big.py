# expect: exit 0
# Values on demand: the 100M samples are placed, shaped and timed, not computed.
import tensorflow as tf
x = tf.random.normal([50000, 2000])
print(x.shape)
