# TensorFlow and tf.keras
import tensorflow as tf

# Helper libraries
import numpy as np

print(tf.__version__)

class_names = ['T-shirt/top', 'Trouser', 'Pullover', 'Dress', 'Coat',
               'Sandal', 'Shirt', 'Sneaker', 'Bag', 'Ankle boot']

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(28, 28)),
    tf.keras.layers.Dense(128, activation='relu'),
    tf.keras.layers.Dense(10)
])

model.compile(optimizer='adam',
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=['accuracy'])

def plot_image(i, predictions_array, true_label, img):
  true_label, img = true_label[i], img[i]


  predicted_label = np.argmax(predictions_array)
  if predicted_label == true_label:
    color = 'blue'
  else:
    color = 'red'


def plot_value_array(i, predictions_array, true_label):
  true_label = true_label[i]
  predicted_label = np.argmax(predictions_array)
