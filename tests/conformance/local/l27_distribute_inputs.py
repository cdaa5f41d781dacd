# distribute_datasets_from_function, InputContext, cross-device ops, a strategy on GPUs the machine lacks
import tensorflow as tf
tf.config.set_logical_device_configuration(tf.config.list_physical_devices('CPU')[0], [tf.config.LogicalDeviceConfiguration()]*2)
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
print(strategy.num_replicas_in_sync)
def dataset_fn(input_context):
  print(input_context.num_replicas_in_sync, input_context.input_pipeline_id, input_context.num_input_pipelines)
  batch_size = input_context.get_per_replica_batch_size(4)
  d = tf.data.Dataset.range(10).map(lambda x: tf.cast(x, tf.float32)).batch(batch_size)
  return d.shard(input_context.num_input_pipelines, input_context.input_pipeline_id)
dist = strategy.distribute_datasets_from_function(dataset_fn)
for batch in dist:
  print(batch)
  print(strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(lambda x: tf.reduce_sum(x), args=(batch,)), axis=None))
s2 = tf.distribute.MirroredStrategy(["/cpu:0"], cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())
print(s2.num_replicas_in_sync, tf.distribute.NcclAllReduce(num_packs=2)._num_packs)
print(tf.distribute.InputContext(2, 1, 4))
s = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])
print(s.num_replicas_in_sync, s.extended.worker_devices)
try:
  with s.scope():
    v = tf.Variable(1.0)
  print(v)
except Exception as e:
  print(type(e).__name__, str(e)[:300])
try:
  print(s.run(lambda: tf.constant(1.0)))
except Exception as e:
  print(type(e).__name__, str(e)[:300])
