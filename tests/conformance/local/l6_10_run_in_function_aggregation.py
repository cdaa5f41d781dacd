import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])
print(strategy.num_replicas_in_sync)
with strategy.scope():
    total = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM)
    first = tf.Variable(0.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA)
    avg = tf.Variable([0.0, 0.0], aggregation=tf.VariableAggregation.MEAN)
ds = tf.data.Dataset.range(6).map(lambda i: tf.cast(i, tf.float32)).batch(4)
dist = strategy.experimental_distribute_dataset(ds)

@tf.function
def replica_fn(batch):
    ctx = tf.distribute.get_replica_context()
    rid = tf.cast(ctx.replica_id_in_sync_group, tf.float32)
    s = tf.reduce_sum(batch)
    total.assign_add(s)
    first.assign_add(rid + 1.0)
    avg.assign_add(tf.stack([s, rid]))
    m = ctx.all_reduce("MEAN", s * 10.0)
    return s, m + rid

@tf.function
def step(batch):
    s, m = strategy.run(replica_fn, args=(batch,))
    return (strategy.reduce("SUM", s, axis=None), strategy.reduce("MEAN", m, axis=None),
            strategy.reduce("SUM", batch, axis=0), strategy.reduce("MEAN", batch, axis=0))

for batch in dist:
    print([t.numpy().tolist() for t in strategy.experimental_local_results(batch)])
    a, b, c, d = step(batch)
    print(a.numpy(), b.numpy(), c.numpy(), d.numpy())
print(total.numpy(), first.numpy(), avg.numpy().tolist())
print([c.numpy().tolist() for c in avg.values])

default_devices = tf.distribute.MirroredStrategy()
print(default_devices.extended.worker_devices)
with default_devices.scope():
    v = tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN)
def fn(x):
    v.assign_add(x * tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32))
    return x * 2.0, tf.distribute.get_replica_context().all_reduce("SUM", x * 2.0)
@tf.function
def default_step(x):
    a, b = default_devices.run(fn, args=(x,))
    return default_devices.reduce("SUM", a, axis=None), default_devices.reduce("MEAN", b, axis=None)
for i in range(3):
    a, b = default_step(tf.constant(float(i)))
    print(a.numpy(), b.numpy(), v.numpy(), [c.numpy() for c in v.values])
