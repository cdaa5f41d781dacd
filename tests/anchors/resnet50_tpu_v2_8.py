# ResNet-50 training on a Colab TPU v2-8: bfloat16, synthetic data, global batch 1024.
import os
import tensorflow as tf

resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)
tf.keras.mixed_precision.set_global_policy('mixed_bfloat16')

with strategy.scope():
    model = tf.keras.applications.ResNet50(weights=None)
    optimizer = tf.keras.optimizers.SGD(0.1)

per_replica = 1024 // strategy.num_replicas_in_sync


@tf.function
def train_step():
    def step_fn():
        x = tf.random.uniform([per_replica, 224, 224, 3])
        y = tf.random.uniform([per_replica], maxval=1000, dtype=tf.int32)
        with tf.GradientTape() as tape:
            logits = tf.cast(model(x, training=True), tf.float32)
            loss = tf.reduce_mean(
                tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss
    return strategy.run(step_fn)


for _ in range(2):
    train_step()
