import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])
with strategy.scope():
    w = tf.Variable([[0.5], [-0.25]], name="w", aggregation=tf.VariableAggregation.MEAN)
    b = tf.Variable([0.0], name="b", aggregation=tf.VariableAggregation.MEAN)
    steps = tf.Variable(0.0, aggregation=tf.VariableAggregation.ONLY_FIRST_REPLICA, name="steps")
    seen = tf.Variable(0.0, aggregation=tf.VariableAggregation.SUM, name="seen")
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]])
y = tf.constant([[1.0], [2.0], [0.0], [1.5]])
ds = tf.data.Dataset.from_tensor_slices((x, y)).repeat().batch(4)
dist = strategy.experimental_distribute_dataset(ds)
it = iter(dist)

def step_fn(inputs):
    xb, yb = inputs
    n = tf.cast(tf.shape(xb)[0], tf.float32)
    err = tf.matmul(xb, w) + b - yb
    loss = tf.reduce_sum(err * err) / 4.0
    gw = tf.matmul(xb, err, transpose_a=True) * (2.0 / 4.0)
    gb = tf.reduce_sum(err, axis=0) * (2.0 / 4.0)
    ctx = tf.distribute.get_replica_context()
    gw, gb = ctx.all_reduce(tf.distribute.ReduceOp.SUM, [gw, gb])
    w.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    steps.assign_add(1.0)
    seen.assign_add(n)
    return loss

@tf.function
def train_step(iterator):
    per_replica_loss = strategy.run(step_fn, args=(next(iterator),))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_loss, axis=None)

for i in range(4):
    loss = train_step(it)
    print(i, loss.numpy())
print(w.numpy().tolist(), b.numpy().tolist(), steps.numpy(), seen.numpy())
print([v.numpy().tolist() for v in w.values])
print([v.numpy() for v in seen.values])
