# The transfer-learning tutorial's model: preprocess_input on the functional Input, a frozen MobileNetV2 base, a new head
import tensorflow as tf
base = tf.keras.applications.MobileNetV2(input_shape=(96, 96, 3), include_top=False, weights=None)
base.trainable = False
inputs = tf.keras.Input(shape=(96, 96, 3))
x = tf.keras.applications.mobilenet_v2.preprocess_input(inputs)
x = base(x, training=False)
x = tf.keras.layers.GlobalAveragePooling2D()(x)
x = tf.keras.layers.Dropout(0.2)(x)
outputs = tf.keras.layers.Dense(1)(x)
model = tf.keras.Model(inputs, outputs)
model.summary()
print(len(model.trainable_variables), len(base.layers))
r = tf.keras.Input(shape=(32, 32, 3))
print(tf.keras.applications.resnet50.preprocess_input(r).shape)
