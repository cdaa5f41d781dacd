# get_config of Keras 3.15's common layers and regularizers, as Keras writes them
import keras
for layer in [keras.layers.Dense(3, activation="relu", kernel_regularizer="l2"),
              keras.layers.Dense(2, activity_regularizer=keras.regularizers.L1(0.005), lora_rank=None),
              keras.layers.Embedding(10, 4),
              keras.layers.Embedding(10, 4, mask_zero=True),
              keras.layers.Conv2D(4, 3), keras.layers.Conv1D(2, 5, padding="same"),
              keras.layers.Dropout(0.5), keras.layers.Flatten(), keras.layers.MaxPooling2D(),
              keras.layers.AveragePooling1D(3, strides=1, padding="same"),
              keras.layers.Conv2DTranspose(2, 3, strides=2), keras.layers.Conv3D(1, 2)]:
    print(layer.get_config())
for r in [keras.regularizers.L1(0.005), keras.regularizers.L2(0.003), keras.regularizers.L1L2(1e-5, 1e-4),
          keras.regularizers.get("l1"), keras.regularizers.get("l2"), keras.regularizers.get("l1l2")]:
    print(type(r).__name__, r.get_config(), keras.saving.serialize_keras_object(r))
layer = keras.layers.Dense.from_config(keras.layers.Dense(4, kernel_regularizer="l1").get_config())
print(type(layer.kernel_regularizer).__name__, layer.get_config()["kernel_regularizer"]["config"])
try:
    keras.regularizers.get("l1_l2")
except ValueError as e:
    print(e)
