# TensorShape.dims and tf.compat.v1.Dimension: values, compatibility, merging, arithmetic with unknown dimensions, dimension_value
import tensorflow as tf
s = tf.TensorShape([16, None, 256])
print(s.dims, type(s.dims[0]).__name__)
D = tf.compat.v1.Dimension
d = D(16)
print(d, repr(d), d.value, D(None), repr(D(None)), int(d))
print(d.is_compatible_with(16), d.is_compatible_with(D(None)), d.is_compatible_with(8))
print(d == 16, d == D(16), d == D(None), d != 3, d + 1, d * 2, d // 3, D(None) + 1)
print(d.merge_with(None), d.merge_with(16))
try:
    d.assert_is_compatible_with(8)
except ValueError as e:
    print(e)
try:
    d.merge_with(8)
except ValueError as e:
    print(e)
