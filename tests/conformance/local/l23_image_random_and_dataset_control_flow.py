# tf.image random flips, brightness and contrast (stateful, seeded), a tf.cond and a while loop inside Dataset.map, and ndarray methods without importing numpy
import tensorflow as tf
tf.random.set_seed(5)
img = tf.reshape(tf.range(2*3*4*1, dtype=tf.float32), [2, 3, 4, 1])
print(tf.image.random_flip_left_right(img, seed=3)[..., 0].numpy().tolist())
print(tf.image.random_flip_up_down(img[0], seed=4)[..., 0].numpy().tolist())
print(tf.image.random_brightness(img[0], 0.5, seed=1)[..., 0].numpy().tolist())
print(tf.image.random_contrast(img[1], 0.2, 0.8, seed=2)[..., 0].numpy().tolist())
ds = tf.data.Dataset.from_tensor_slices(img).map(lambda x: tf.image.random_flip_left_right(x, seed=7))
for x in ds:
    print(x[..., 0].numpy().tolist())
def collatz(n):
    steps = tf.constant(0)
    while n > 1:
        n = tf.where(n % 2 == 0, n // 2, 3 * n + 1)
        steps += 1
    return steps
print(list(tf.data.Dataset.range(1, 8).map(collatz).as_numpy_iterator()))
def clip_or_double(x):
    if tf.reduce_sum(x) > 20.0:
        return x / 2.0
    return x * 2.0
print([v.tolist() for v in tf.data.Dataset.from_tensor_slices([[1.0, 2.0], [30.0, 4.0]]).map(clip_or_double).as_numpy_iterator()])
print(tf.ones([2, 2]).numpy().mean(), tf.ones([3]).numpy().ravel().tolist(), tf.ones([2, 3]).numpy().flatten().shape)
