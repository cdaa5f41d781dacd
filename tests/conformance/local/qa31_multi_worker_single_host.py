# MultiWorkerMirroredStrategy without TF_CONFIG: one worker, its local devices, Keras fit under it
import tensorflow as tf
strategy = tf.distribute.MultiWorkerMirroredStrategy()
print(strategy.num_replicas_in_sync)
print(strategy.extended.worker_devices)
print(type(strategy.cluster_resolver).__name__)
print(strategy.cluster_resolver.task_type, strategy.cluster_resolver.task_id)
print(strategy.cluster_resolver.cluster_spec())
with strategy.scope():
    v = tf.Variable(1.0)
print(type(v).__name__)
def step(x):
    return x * 2.0
r = strategy.run(step, args=(tf.constant(3.0),))
print(strategy.reduce(tf.distribute.ReduceOp.SUM, r, axis=None))
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
    model.compile(optimizer="sgd", loss="mse")
import numpy as np
h = model.fit(np.ones((8, 2)), np.ones((8, 1)), epochs=1, verbose=0)
print(sorted(h.history))
print(strategy.extended.should_checkpoint)
