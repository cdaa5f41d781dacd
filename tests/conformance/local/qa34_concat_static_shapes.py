# Static shapes of tf.concat in a traced function, for inputs of every size.
import tensorflow as tf

for n in [9, 35, 299]:
    f = tf.function(lambda a, b: tf.concat([a, b], axis=3))
    c = f.get_concrete_function(tf.TensorSpec([None, n, n, 4]), tf.TensorSpec([None, n, n, 5]))
    print(n, c.structured_outputs.shape)

g = tf.function(lambda a, b: tf.concat([a, b], axis=-1))
print(g.get_concrete_function(tf.TensorSpec([None, 64, None]),
                              tf.TensorSpec([8, None, 300])).structured_outputs.shape)
print(g.get_concrete_function(tf.TensorSpec([None, 512, 100]),
                              tf.TensorSpec([8, None, None])).structured_outputs.shape)
h = tf.function(lambda a, b, axis: tf.concat([a, b], axis=axis))
print(h.get_concrete_function(tf.TensorSpec([None, 300, 300]), tf.TensorSpec([4, 300, 300]),
                              tf.TensorSpec([], tf.int32)).structured_outputs.shape)
k = tf.function(lambda a, b: tf.concat([a, b], axis=0))
print(k.get_concrete_function(tf.TensorSpec(None), tf.TensorSpec([None, 400, 200]))
      .structured_outputs.shape)
