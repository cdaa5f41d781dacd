# tf.nn.depthwise_conv2d and separable_conv2d: values, gradients (eager and in tf.function), op names, shape errors
import tensorflow as tf
x = tf.reshape(tf.cast((tf.range(2*9*7*8) * 37) % 101 - 50, tf.float32), [2, 9, 7, 8]) / 7.0
w = tf.reshape(tf.cast((tf.range(3*3*8) * 13) % 29 - 14, tf.float32), [3, 3, 8, 1]) / 11.0
w2 = tf.reshape(tf.cast((tf.range(5*5*8*2) * 7) % 31 - 15, tf.float32), [5, 5, 8, 2]) / 13.0
for ww, strides, pad in [(w, [1,1,1,1], 'SAME'), (w, [1,2,2,1], 'SAME'), (w, [1,1,1,1], 'VALID'), (w2, [1,2,2,1], 'SAME')]:
    with tf.GradientTape() as t:
        t.watch(ww); t.watch(x)
        y = tf.nn.depthwise_conv2d(x, ww, strides, pad)
        z = tf.reduce_sum(y * y)
    gx, gw = t.gradient(z, [x, ww])
    print(y.shape, y[1, 2, :3].numpy().tolist())
    print(gx[0, 1, :3].numpy().tolist())
    print(gw[:, :, 3].numpy().tolist())
@tf.function
def f(x, w):
    with tf.GradientTape() as t:
        t.watch(w)
        z = tf.reduce_sum(tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME'))
    return t.gradient(z, w)
print(f(x, w)[:, :, 0, 0].numpy().tolist())
print([op.name + ':' + op.type for op in f.get_concrete_function(x, w).graph.get_operations()])
pw = tf.reshape(tf.cast(tf.range(8 * 4) % 5 - 2, tf.float32), [1, 1, 8, 4]) / 3.0
s = tf.nn.separable_conv2d(x, w, pw, [1, 1, 1, 1], 'SAME')
print(s.shape, s[0, 0, 0].numpy().tolist())
@tf.function
def g(x):
    return tf.nn.separable_conv2d(x, w, pw, [1, 2, 2, 1], 'VALID')
print([op.name + ':' + op.type for op in g.get_concrete_function(x).graph.get_operations()])
print(g.get_concrete_function(tf.TensorSpec([None, 9, None, 8])).output_shapes)
try:
    tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 4, 1]), [1, 1, 1, 1], 'SAME')
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def h(x, w):
    return tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME')
try:
    h.get_concrete_function(tf.TensorSpec([None, 5, 5, 3]), tf.TensorSpec([3, 3, 4, 2]))
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.nn.depthwise_conv2d(tf.ones([1, 5, 5, 3]), tf.ones([7, 7, 3, 1]), [1, 1, 1, 1], 'VALID')
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.nn.depthwise_conv2d(x, w, [1, 2, 1, 1], 'SAME')
except Exception as e:
    print(type(e).__name__, e)
print(tf.nn.depthwise_conv2d(tf.ones([1, 5, 5, 3]), tf.ones([3, 3, 3, 2]), [1, 1, 1, 1], 'SAME', dilations=[2, 2])[0, :, :, 0].numpy().tolist())
print(tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], [[0, 0], [1, 1], [2, 0], [0, 0]]).shape)
tf.raw_ops.DepthwiseConv2dNative(input=tf.ones([1, 3, 3, 1], tf.int32), filter=tf.ones([1, 1, 1, 1], tf.int32), strides=[1, 1, 1, 1], padding="VALID")
