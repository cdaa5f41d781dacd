# MobileNet (v1) built as Keras builds it, 3D global pooling, Keras 2's legacy optimizers.
import numpy as np
import tensorflow as tf
import keras

model = keras.applications.MobileNet(weights=None)
print(model.name, len(model.layers), model.count_params())
print([layer.name for layer in model.layers[:12]])
print([layer.name for layer in model.layers[-6:]])
print(model.output_shape)

small = tf.keras.applications.MobileNet(input_shape=(128, 128, 3), alpha=0.5,
                                         include_top=False, weights=None, pooling="avg")
small.summary()
print(tf.keras.applications.mobilenet.preprocess_input(np.array([[0.0, 127.5, 255.0]])))

x = tf.reshape(tf.range(2 * 2 * 3 * 2 * 4, dtype=tf.float32), [2, 2, 3, 2, 4])
print(keras.layers.GlobalAveragePooling3D()(x))
print(keras.layers.GlobalMaxPooling3D(keepdims=True)(x).shape)
print(keras.layers.GlobalAveragePooling3D(data_format="channels_first")(x))
print(keras.layers.GlobalMaxPool2D(data_format="channels_first")(x[0]))
print(keras.layers.GlobalAveragePooling3D().get_config())

inputs = keras.Input((4, 4, 4, 2))
volume = keras.Model(inputs, keras.layers.Dense(3)(keras.layers.GlobalAvgPool3D()(inputs)))
print(volume.output_shape)

for name in ["Adam", "SGD", "RMSprop", "Adagrad", "Ftrl", "Optimizer"]:
    cls = getattr(tf.keras.optimizers.legacy, name)
    print(name, cls)
    try:
        cls(learning_rate=0.01)
    except ImportError as e:
        print("ImportError:", e)

try:
    keras.applications.MobileNet(weights=None, input_shape=(20, 20, 3))
except ValueError as e:
    print("ValueError:", e)
try:
    keras.applications.MobileNet(weights="imagenet", alpha=0.3)
except ValueError as e:
    print("ValueError:", e)
