# Placement logs of eager variable ops (VarHandleOp's _Retval first, AssignVariableOp,
# ReadVariableOp, AssignAddVariableOp) and of a tf.function capturing a variable.
import tensorflow as tf
tf.debugging.set_log_device_placement(True)
v = tf.Variable([1.0, 2.0])
print("read")
print(v + 1.0)
print("assign_add")
v.assign_add([1.0, 1.0])
w = tf.Variable(3)
print(w * 2)
u = tf.Variable([[1.0]], name="u")
print(u * 2.0)


@tf.function
def f(a):
    s = tf.split(a, 2)
    return v * a, s[1], a + 1.0


r = f(tf.constant([1.0, 2.0]))
print("second call")
r = f(tf.constant([3.0, 4.0]))
print(r[0])
