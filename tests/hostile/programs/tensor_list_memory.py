# expect: MemoryError | ResourceExhaustedError | RuntimeError: instruction budget
# Tensors past the run's memory cap are not computed (values on demand); the loop then
# ends at the instruction budget, until live eager tensors count against device memory.
import tensorflow as tf
l = []
while True:
    l.append(tf.ones([1000, 1000]))
