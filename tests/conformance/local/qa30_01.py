# tf.data input pipeline: slices -> map -> filter -> shuffle -> batch -> prefetch
import tensorflow as tf

tf.random.set_seed(42)
features = tf.range(20, dtype=tf.float32)
labels = tf.cast(tf.range(20) % 3, tf.int64)

ds = tf.data.Dataset.from_tensor_slices((features, labels))
ds = ds.map(lambda x, y: (x / 10.0, y), num_parallel_calls=tf.data.AUTOTUNE)
ds = ds.filter(lambda x, y: y != 2)
ds = ds.shuffle(buffer_size=8, seed=1)
ds = ds.batch(4, drop_remainder=False).prefetch(tf.data.AUTOTUNE)

print(ds.element_spec)
for step, (xb, yb) in enumerate(ds):
    print(step, xb.numpy(), yb.numpy())
print("cardinality:", ds.cardinality().numpy())
print(ds)
