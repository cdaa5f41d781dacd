import tensorflow as tf
a = tf.TensorShape([None, 3])
b = tf.TensorShape([2, None])
c = tf.TensorShape([2, 4])
u = tf.TensorShape(None)
print(a.is_compatible_with(b), a.is_compatible_with(c), a.is_compatible_with(u), a.is_compatible_with([5, 3]))
print(a.merge_with(b), u.merge_with(a), a.concatenate([4]), a.concatenate(u))
print(a.most_specific_compatible_shape(c), a.most_specific_compatible_shape(u), u.most_specific_compatible_shape(u))
print(a.with_rank(2), u.with_rank(3))
for f in [lambda: a.merge_with(c), lambda: a.assert_is_compatible_with(c), lambda: a.with_rank(3), lambda: a.assert_has_rank(1), lambda: a.merge_with([1, 2, 3])]:
    try:
        f()
        print("ok")
    except ValueError as e:
        print("ValueError", e)
a.assert_is_compatible_with(b); a.assert_has_rank(2)
print("done")
