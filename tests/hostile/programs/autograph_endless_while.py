# expect: RuntimeError | ResourceExhaustedError
# A staged while loop whose condition never turns false: the native loop spends the run's
# instruction budget and stops.
import tensorflow as tf

@tf.function
def f(x):
    while x > 0:
        x = x + 1
    return x

print(f(tf.constant(1)))
