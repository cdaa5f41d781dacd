import tensorflow as tf
@tf.function
def f(x):
    return {"b": x * 2, "a": [x, x + 1], "c": (x,)}
print(f(tf.constant(1.0)))
c = f.get_concrete_function(tf.TensorSpec([], tf.float32))
print(c.structured_outputs)
print(c(tf.constant(2.0)))
