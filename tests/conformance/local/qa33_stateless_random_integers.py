# stateless random integers: bounded and full-range, eager and in tf.function; split and fold_in
import tensorflow as tf
print(tf.random.stateless_uniform([3], seed=[1, 2], minval=0, maxval=10, dtype=tf.int32))
print(tf.random.stateless_uniform([2, 2], seed=[3, 4], minval=-5, maxval=5, dtype=tf.int64))
print(tf.random.stateless_uniform([2], seed=[5, 6], minval=None, maxval=None, dtype=tf.uint32))
print(tf.random.stateless_uniform([2], seed=[5, 6], minval=None, maxval=None, dtype=tf.uint64))
@tf.function
def draw(seed):
    return (tf.random.stateless_uniform([4], seed=seed, minval=0, maxval=100, dtype=tf.int32),
            tf.random.stateless_uniform([2], seed=seed, minval=None, maxval=None, dtype=tf.int64))
print(draw(tf.constant([1, 2])))
seeds = tf.random.split([10, 20], num=3)
print(seeds)
for s in seeds:
    print(tf.random.stateless_normal([2], seed=s))
print(tf.random.fold_in([10, 20], 7), tf.random.experimental.stateless_split([1, 1]))
for bad in [dict(minval=0), dict(minval=3, maxval=3), dict(minval=0, maxval=5, dtype=tf.uint32), dict(minval=0, maxval=5, dtype=tf.int8)]:
    args = dict(dtype=tf.int32, maxval=None)
    args.update(bad)
    try:
        print(tf.random.stateless_uniform([2], seed=[1, 2], **args))
    except Exception as e:
        print(type(e).__name__, e)
