# keras.applications with weights=None: ResNet50, MobileNetV2, VGG16, EfficientNetB0 as Keras builds them
import keras
import tensorflow as tf
for f in [keras.applications.ResNet50, keras.applications.MobileNetV2, keras.applications.VGG16,
          keras.applications.EfficientNetB0, keras.applications.ResNet50V2, keras.applications.VGG19]:
    m = f(weights=None)
    print(m.name, len(m.layers), m.count_params(), m.output_shape)
m = tf.keras.applications.MobileNetV2(input_shape=(96, 96, 3), include_top=False, weights=None, alpha=0.35)
m.summary()
m = keras.applications.EfficientNetB0(include_top=False, weights=None, input_shape=(64, 64, 3), pooling='avg')
print(m.output_shape, [l.name for l in m.layers][:12], len(m.weights), len(m.trainable_weights))
m = keras.applications.ResNet50(include_top=False, weights=None, input_shape=(64, 64, 3), pooling='max')
print(m.output_shape, m.layers[-1].name)
x = keras.applications.resnet50.preprocess_input(tf.ones([1, 2, 2, 3]) * 100.0)
print(x.numpy().tolist())
print(keras.applications.mobilenet_v2.preprocess_input(tf.constant([[0.0, 127.5, 255.0]])).numpy().tolist())
for bad in [dict(weights=None, input_shape=(16, 16, 3), include_top=False), dict(weights='nope'),
            dict(weights=None, include_top=True, input_shape=(None, None, 3))]:
    try:
        keras.applications.ResNet50(**bad)
    except ValueError as e:
        print("ValueError:", e)
