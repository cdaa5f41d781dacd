# expect: RuntimeError: instruction budget | ResourceExhaustedError
import tensorflow as tf
@tf.function
def f(x):
    return x + 1
i = 0
while True:
    f(i)
    i += 1
