# Extension types with tf.function signatures: a Spec in input_signature (one trace for every matching value), get_concrete_function with a Spec and calling the concrete function with a value, a spec-typed function returning a new value, eager tf.cond and tf.while_loop over extension types
import tensorflow as tf

class Pastry(tf.experimental.ExtensionType):
  sweetness: tf.Tensor
  chewiness: tf.Tensor

spec = Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec([2]))
print(spec)

@tf.function(input_signature=[spec])
def sweeter(x):
  print("tracing sweeter")
  return Pastry(x.sweetness + 1.0, x.chewiness)

print(sweeter(Pastry([1.0, 2.0], [0.5, 0.5])))
print(sweeter(Pastry([3.0, 4.0], [0.1, 0.2])).sweetness)

@tf.function
def mean(x):
  print("tracing mean")
  return (x.sweetness + x.chewiness) / 2

cf = mean.get_concrete_function(spec)
print(cf(Pastry([1.0, 3.0], [1.0, 1.0])))
print(mean(Pastry([2.0, 2.0], [0.0, 0.0])))
print(mean(Pastry([2.0, 2.0, 2.0], [0.0, 0.0, 0.0])))

a = Pastry([1.0, 1.0], [2.0, 2.0])
b = Pastry([5.0, 5.0], [6.0, 6.0])
print(tf.cond(tf.constant(False), lambda: a, lambda: b).sweetness)
i, p = tf.while_loop(lambda i, p: i < 3, lambda i, p: (i + 1, Pastry(p.sweetness * 2, p.chewiness)), [0, a])
print(i, p.sweetness)
