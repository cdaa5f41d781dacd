# InceptionV3 built as Keras builds it: names, shapes, parameter counts, preprocessing.
import numpy as np
import tensorflow as tf

model = tf.keras.applications.InceptionV3(weights=None)
print(model.name, len(model.layers), model.count_params(), model.output_shape)
names = [layer.name for layer in model.layers]
print(names[:8], names[-5:])
print([name for name in names if name.startswith("mixed")])
print(model.get_layer("mixed7").output.shape, model.get_layer("mixed10").output.shape)
print(sum(1 for name in names if name.startswith("conv2d")),
      sum(1 for name in names if name.startswith("batch_normalization")))

features = tf.keras.applications.InceptionV3(include_top=False, weights=None,
                                              input_shape=(150, 150, 3), pooling="avg")
print(features.output_shape, features.layers[-1].name, features.count_params())
base = tf.keras.applications.inception_v3.InceptionV3(include_top=False, weights=None,
                                                       input_shape=(75, 75, 3))
base.trainable = False
print(base.output_shape, len(base.trainable_weights), len(base.non_trainable_weights))
print(tf.keras.applications.inception_v3.preprocess_input(np.array([0.0, 51.0, 255.0])))
try:
    tf.keras.applications.InceptionV3(weights=None, input_shape=(64, 64, 3), include_top=False)
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.applications.InceptionV3(weights="imagenet", classes=10)
except ValueError as e:
    print("ValueError:", e)
