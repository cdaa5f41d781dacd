import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])
with strategy.scope():
    w = tf.Variable(2.0, aggregation=tf.VariableAggregation.SUM)
def step(x):
    rid = tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32)
    w.assign_add(rid)
    return x * w + rid, tf.distribute.get_replica_context().all_reduce("SUM", x + rid)
@tf.function
def train_step(x):
    a, b = strategy.run(step, args=(x,))
    return a, b, strategy.reduce("SUM", a, axis=None)
@tf.function
def only(x):
    return strategy.run(lambda v: v * 3.0 + tf.cast(tf.distribute.get_replica_context().replica_id_in_sync_group, tf.float32), args=(x,))
a, b, total = train_step(tf.constant([1.0, 2.0]))
print(type(a).__name__, type(b).__name__)
print(a)
print(b)
print(total)
print(strategy.reduce("MEAN", only(tf.constant(1.0)), axis=None))
print(strategy.experimental_local_results(only(tf.constant(2.0))))
