# tf.config.experimental determinism/TF32 switches and tf.experimental.Optional
import tensorflow as tf
tf.keras.utils.set_random_seed(1)
tf.config.experimental.enable_op_determinism()
print(tf.random.uniform([2]))
print(tf.config.experimental.tensor_float_32_execution_enabled())
tf.config.experimental.enable_tensor_float_32_execution(False)
print(tf.config.experimental.tensor_float_32_execution_enabled())
o = tf.experimental.Optional.from_value((tf.constant(3), tf.constant([1., 2.])))
print(o.has_value(), o.get_value(), o.element_spec)
e = tf.experimental.Optional.empty(tf.TensorSpec([], tf.int32))
print(e.has_value(), e.element_spec)
try:
    e.get_value()
except Exception as ex:
    print(type(ex).__name__, ex)
print(type(o).__name__)
