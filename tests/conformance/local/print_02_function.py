# tf.print inside tf.function: StringFormat + PrintV2 (stateful, auto control deps),
# printed on every call in order with the function's other effects, unlike print().
import sys
import tensorflow as tf

v = tf.Variable(0)

@tf.function
def step(x):
    print("traced")
    tf.print("step start", x, output_stream=sys.stdout)
    v.assign_add(x)
    tf.print("v is now", v, output_stream=sys.stdout)
    y = x * 2
    tf.print([x, y], {"y": y}, sep=" | ", output_stream=sys.stdout)
    return y

for i in range(3):
    print("call", i)
    print(step(tf.constant(i + 1)))

@tf.function
def shown(x):
    tf.print("x", x, output_stream=sys.stdout)
    y = x * 2
    tf.print("v", v, [x, y], {"y": y}, output_stream=sys.stdout)
    return y

print(shown(tf.constant(5)))
g = shown.get_concrete_function(tf.constant(1)).graph
for op in g.get_operations():
    # The NoOp's control inputs come from a set ordered by object address: sorted here.
    print(op.name, op.type, [t.name for t in op.inputs], sorted(c.name for c in op.control_inputs))

@tf.function
def only_python():
    tf.print("no tensors", 1, [2, 3], output_stream=sys.stdout)
    return tf.constant(0)

only_python()
only_python()
print("done")
