# tf.random.Generator as the random-numbers guide uses it (eagerly).
import tensorflow as tf

g1 = tf.random.Generator.from_seed(1)
print(g1.normal(shape=[2, 3]))
print(g1.state)
g2 = tf.random.get_global_generator()
print(g2.algorithm, tf.random.Algorithm.PHILOX)

g = tf.random.Generator.from_seed(1234)
print(g.uniform([3], minval=-1.0, maxval=2.0).numpy())
print(g.uniform([4], minval=0, maxval=10, dtype=tf.int32).numpy())
print(g.truncated_normal([3], mean=1.0, stddev=0.5).numpy())
print(g.normal([2, 2], dtype=tf.float64).numpy())
print(g.uniform_full_int([2], dtype=tf.int64).numpy())
print(g.state.numpy())
g.skip(10)
print(g.state.numpy())
g.reset_from_seed(2)
print(g.state.numpy(), g.normal([2]).numpy())

new_gs = g.split(3)
for new_g in new_gs:
    print(new_g.state.numpy(), new_g.normal([]).numpy())
print(g.state.numpy())
seeds = g.make_seeds(2)
print(seeds.shape, seeds.dtype)
print(tf.random.stateless_normal([3], seed=seeds[:, 0]).numpy())

print(tf.random.create_rng_state(1234, "philox").numpy())
print(tf.random.create_rng_state([12, 34], "threefry").numpy())
print(tf.random.Generator.from_seed([1, 2]).state.numpy())
print(tf.random.Generator.from_seed(2**70 + 5).state.numpy())
print(tf.random.Generator.from_state([5, 6, 7], "philox").uniform([2]).numpy())
print(tf.random.Generator.from_key_counter(key=3, counter=[0, 9], alg="philox").state.numpy())
copy = tf.random.Generator(copy_from=g)
print(copy.state.numpy(), g.state.numpy())

try:
    g.uniform([2], dtype=tf.int32)
except ValueError as e:
    print("ValueError:", e)
try:
    tf.random.Generator.from_seed(1, alg="mersenne")
except ValueError as e:
    print("ValueError:", e)
