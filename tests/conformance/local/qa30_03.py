# Functional API model with two inputs (numeric + categorical embedding) and model.summary()
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(7)
num_in = keras.Input(shape=(4,), name="numeric")
cat_in = keras.Input(shape=(1,), dtype="int32", name="category")
emb = layers.Embedding(input_dim=10, output_dim=3, name="cat_emb")(cat_in)
emb = layers.Flatten()(emb)
x = layers.Concatenate()([num_in, emb])
x = layers.Dense(16, activation="relu", name="hidden")(x)
out = layers.Dense(1, activation="sigmoid", name="prob")(x)
model = keras.Model(inputs=[num_in, cat_in], outputs=out, name="two_input_model")
model.summary()
print("inputs:", [i.name for i in model.inputs])
print("params:", model.count_params())
y = model({"numeric": tf.ones((2, 4)), "category": tf.constant([[1], [9]])})
print(y.shape)
