# ExtensionType specs in input_signature: compatibility by component, and TF's binding errors
import tensorflow as tf
class MT(tf.experimental.ExtensionType):
    x: tf.Tensor
@tf.function(input_signature=[MT.Spec(x=tf.TensorSpec([2], tf.float32))])
def f(m):
    return m.x * 2
print(f(MT(tf.constant([1.0, 2.0]))))
try:
    f(MT(tf.constant([1.0, 2.0, 3.0])))
except Exception as e:
    print(type(e).__name__, e)
try:
    f(MT(tf.constant([1, 2])))
except Exception as e:
    print(type(e).__name__, e)
try:
    f(tf.constant([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__, e)
@tf.function(input_signature=[MT.Spec(x=tf.TensorSpec([None], tf.float32))])
def g(m):
    return m.x + 1
print(g(MT(tf.constant([1.0, 2.0, 3.0]))))
print(MT.Spec(x=tf.TensorSpec([None], tf.float32)).is_compatible_with(MT(tf.constant([1.0]))))
class Other(tf.experimental.ExtensionType):
    y: tf.Tensor
try:
    f(Other(tf.constant([1.0, 2.0])))
except Exception as e:
    print(type(e).__name__, e)
class Two(tf.experimental.ExtensionType):
    a: tf.Tensor
    b: tf.Tensor
@tf.function(input_signature=[Two.Spec(a=tf.TensorSpec([2], tf.float32), b=tf.TensorSpec([], tf.int32))])
def h(t):
    return t.a
try:
    h(Two(tf.constant([1.0, 2.0]), tf.constant([1, 2])))
except Exception as e:
    print(type(e).__name__, e)
s = tf.TensorSpec([None], tf.float32)
print(s.is_compatible_with(tf.constant([1.0, 2.0])), s.is_compatible_with(tf.constant([1, 2])),
      s.is_compatible_with([1.0, 2.0]), s.is_compatible_with(tf.TensorSpec([3], tf.float32)),
      s.is_compatible_with(tf.TensorSpec([3, 1], tf.float32)), tf.TensorSpec([2, 2]).is_compatible_with(tf.zeros([2, 2])))
print(MT.Spec(x=tf.TensorSpec([2], tf.float32)).is_compatible_with(MT(tf.constant([1.0]))),
      MT.Spec(x=tf.TensorSpec([None], tf.float32)).is_compatible_with(MT.Spec(x=tf.TensorSpec([5], tf.float32))))
