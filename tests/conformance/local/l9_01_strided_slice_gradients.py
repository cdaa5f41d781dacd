# Gradients through Python subscripts (StridedSlice -> StridedSliceGrad), eagerly and
# inside a tf.function, for variables and watched tensors.
import tensorflow as tf

v = tf.Variable([1., 2., 3.])
with tf.GradientTape() as tape:
    y = v[0] * 2
print(tape.gradient(y, v))

m = tf.Variable([[1., 2., 3.], [4., 5., 6.]])
with tf.GradientTape(persistent=True) as tape:
    column = m[:, 1]
    stepped = m[-1, ::2]
    block = m[0:1, 1:]
    last = m[..., 0]
    added = m[tf.newaxis, 1, ::-1]
    empty = m[1:1]
    total = (tf.reduce_sum(column * column) + tf.reduce_sum(stepped)
             + tf.reduce_sum(block * 3.) + tf.reduce_sum(last * 5.)
             + tf.reduce_sum(added * 7.) + tf.reduce_sum(empty))
for name, target in [("column", column), ("stepped", stepped), ("block", block),
                     ("last", last), ("added", added), ("empty", empty), ("total", total)]:
    print(name, tape.gradient(target, m))
del tape

x = tf.constant([[1., 2.], [3., 4.]])
with tf.GradientTape() as tape:
    tape.watch(x)
    z = x[1] * x[:, 0]
print(tape.gradient(z, x))

d = tf.Variable(tf.reshape(tf.range(12, dtype=tf.float64), [2, 3, 2]))
with tf.GradientTape() as tape:
    nested = d[1][::-2][:, -1]
    loss = tf.reduce_sum(nested * nested)
print(tape.gradient(loss, d))

with tf.GradientTape() as tape:
    tape.watch(x)
    g = tf.gather(x, [1, 1], axis=1)
print(tape.gradient(g, x))


@tf.function
def sliced_in_function():
    with tf.GradientTape() as tape:
        y = m[1, 1:] * m[0, 0]
    return tape.gradient(y, m)


print(sliced_in_function())


@tf.function
def watched_in_function(t):
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = t[..., tf.newaxis, -1] * 2.
    return tape.gradient(y, t)


print(watched_in_function(x))



@tf.function
def one_slice():
    with tf.GradientTape() as tape:
        y = m[1, ::-2]
    return tape.gradient(y, m)


print(one_slice())
graph = one_slice.get_concrete_function().graph
for op in graph.get_operations():
    if op.name.startswith("gradient_tape/strided_slice"):
        print(op.name, op.type, [t.name for t in op.inputs[:4]])
        if op.type == "StridedSliceGrad":
            print(op.outputs[0].shape, op.outputs[0].dtype)
