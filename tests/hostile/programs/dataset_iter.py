# expect: RuntimeError: instruction budget
import tensorflow as tf
ds = tf.data.Dataset.range(10**15).map(lambda x: x + 1)
for x in ds:
    pass
