import tensorflow as tf

# Products of random matrices print every bit: TensorFlow's CPU kernel fuses each product
# into its element's running sum.
tf.random.set_seed(7)
a = tf.random.uniform([3, 50], -1, 1)
b = tf.random.uniform([50, 5], -1, 1)
print(tf.matmul(a, b))
print(tf.matmul(tf.transpose(a), b, transpose_a=True))
print(tf.matmul(a, tf.transpose(b), transpose_b=True))
x = tf.random.uniform([16, 300])
y = tf.random.uniform([300, 16])
print(tf.matmul(x, y)[:2, :4])
print((a @ b).numpy()[2])
w = tf.Variable(tf.random.uniform([50, 8], -1, 1))
print(tf.matmul(a, w))
images = tf.random.uniform([2, 6, 6, 3], -1, 1)
filters = tf.random.uniform([3, 3, 3, 4], -1, 1)
print(tf.nn.conv2d(images, filters, 1, "SAME")[1, :2, :2])
print(tf.nn.conv2d(images, filters, 2, "VALID")[0])
