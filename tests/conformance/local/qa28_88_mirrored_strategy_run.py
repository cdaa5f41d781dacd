# probe q88_mirrored_strategy_run: user-style program (corpus 3)
import numpy as np
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy(devices=["/cpu:0"])
print("replicas:", strategy.num_replicas_in_sync)
print(type(strategy.extended).__name__)

def replica_fn(x):
    ctx = tf.distribute.get_replica_context()
    return x * 2 + tf.cast(ctx.replica_id_in_sync_group, tf.float32)

res = strategy.run(replica_fn, args=(tf.constant([1.0, 2.0]),))
print(res.numpy() if hasattr(res, "numpy") else res)
print(strategy.reduce(tf.distribute.ReduceOp.SUM, res, axis=None).numpy())
print(strategy.reduce(tf.distribute.ReduceOp.MEAN, res, axis=0).numpy())
print([t.numpy() for t in strategy.experimental_local_results(res)])

with strategy.scope():
    v = tf.Variable(1.0)
    print(tf.distribute.in_cross_replica_context())
print(type(v).__name__, v.numpy())

GLOBAL_BATCH = 8
per_example = tf.constant([1.0, 2.0, 3.0, 4.0])
print(tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH).numpy())

tf.keras.utils.set_random_seed(3)
X = np.random.rand(32, 2).astype("float32")
Y = X @ np.array([[1.0], [-1.0]], dtype="float32")
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(0.1)
ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(GLOBAL_BATCH)
dist = strategy.experimental_distribute_dataset(ds)

@tf.function
def train_step(batch):
    def step_fn(xb, yb):
        with tf.GradientTape() as tape:
            per = tf.reduce_sum(tf.square(model(xb) - yb), axis=1)
            loss = tf.nn.compute_average_loss(per, global_batch_size=GLOBAL_BATCH)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss
    per_replica = strategy.run(step_fn, args=batch)
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

for epoch in range(2):
    total = sum(float(train_step(b)) for b in dist)
    print(epoch, round(total / 4, 4))
