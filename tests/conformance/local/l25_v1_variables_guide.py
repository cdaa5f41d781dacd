# The r1 variables guide: get_variable forms, collections and local variables, trainable=False, variable scopes with reuse_variables, the already-exists error
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
my_variable = tf.get_variable("my_variable", [1, 2, 3])
my_int_variable = tf.get_variable("my_int_variable", [1, 2, 3], dtype=tf.int32,
  initializer=tf.zeros_initializer)
other_variable = tf.get_variable("other_variable", dtype=tf.int32,
  initializer=tf.constant([23, 42]))
my_local = tf.get_variable("my_local", shape=(),
collections=[tf.GraphKeys.LOCAL_VARIABLES])
my_non_trainable = tf.get_variable("my_non_trainable",
                                   shape=(),
                                   trainable=False)
tf.add_to_collection("my_collection_name", my_local)
print(tf.get_collection("my_collection_name"))
print([v.name for v in tf.global_variables()])
print([v.name for v in tf.trainable_variables()])
print([v.name for v in tf.local_variables()])
session = tf.Session()
session.run(tf.global_variables_initializer())
session.run(tf.local_variables_initializer())
print(session.run(other_variable))
print(session.run(my_int_variable))
session.run(my_variable.initializer)
v = tf.get_variable("v", shape=(), initializer=tf.zeros_initializer())
w = tf.get_variable("w", initializer=tf.constant(1.0))
session.run(tf.global_variables_initializer())
print(session.run(w))
assignment = v.assign_add(1)
with tf.control_dependencies([assignment]):
  r = v.read_value()
print(session.run(r), session.run(r))
def conv_relu(input, kernel_shape, bias_shape):
    weights = tf.get_variable("weights", kernel_shape,
        initializer=tf.random_normal_initializer())
    biases = tf.get_variable("biases", bias_shape,
        initializer=tf.constant_initializer(0.0))
    conv = tf.nn.conv2d(input, weights,
        strides=[1, 1, 1, 1], padding='SAME')
    return tf.nn.relu(conv + biases)
def my_image_filter(input_images):
    with tf.variable_scope("conv1"):
        relu1 = conv_relu(input_images, [5, 5, 32, 32], [32])
    with tf.variable_scope("conv2"):
        return conv_relu(relu1, [5, 5, 32, 32], [32])
input1 = tf.random_normal([1,10,10,32])
input2 = tf.random_normal([1,20,20,32])
with tf.variable_scope("model") as scope:
  output1 = my_image_filter(input1)
  scope.reuse_variables()
  output2 = my_image_filter(input2)
print(output1.shape, output2.shape)
print([v.name for v in tf.trainable_variables()][-4:])
try:
  x = conv_relu(input1, kernel_shape=[5, 5, 32, 32], bias_shape=[32])
  x = conv_relu(x, kernel_shape=[5, 5, 32, 32], bias_shape = [32])
except ValueError as e:
  print(str(e))
