"""`keras._tf_keras`: the Keras that TensorFlow exposes as `tf.keras`."""
