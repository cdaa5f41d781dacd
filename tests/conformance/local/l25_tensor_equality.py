# Tensor equality: element-wise ==, unhashable tensors and variables, ref()/deref(), and tf.compat.v1.disable_tensor_equality
import tensorflow as tf
x = tf.Variable(0.0)
y = tf.Variable(0.0)
print(x == y)
t = tf.constant([1, 2])
print(t == [1, 3])
for value in (x, t):
    try:
        hash(value)
    except TypeError as e:
        print(e)
refs = {x.ref(), y.ref(), t.ref(), x.ref()}
print(len(refs), x.ref() in refs, x.ref() == y.ref(), x.ref().deref() is x)
print(repr(t.ref()))
tf.compat.v1.disable_tensor_equality()
print(x == y, x == x, hash(x) == hash(x))
print(len({x, y, x}))
tf.compat.v1.enable_tensor_equality()
print(x == y)
print(bool(tf.TensorShape([])), bool(tf.TensorShape(None)), bool(tf.TensorShape([0])))
