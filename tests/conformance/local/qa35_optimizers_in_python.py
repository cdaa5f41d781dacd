# Keras 3 optimizers: sparse (embedding) gradients with duplicates, amsgrad, centered RMSprop, AdamW, nesterov, in eager and traced loops
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(3)
tokens = np.array([[1, 2, 1, 3], [3, 3, 0, 2]])
labels = np.array([[1.0], [0.0]], dtype=np.float32)

def make():
    return keras.Sequential([keras.Input(shape=(4,)), keras.layers.Embedding(5, 3),
                             keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])

for opt in [keras.optimizers.SGD(0.1), keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True),
            keras.optimizers.Adam(0.01, amsgrad=True), keras.optimizers.RMSprop(0.01, centered=True),
            keras.optimizers.RMSprop(0.01, momentum=0.5), keras.optimizers.AdamW(0.01),
            keras.optimizers.Adagrad(0.1)]:
    keras.utils.set_random_seed(3)
    model = make()
    loss_fn = keras.losses.BinaryCrossentropy(from_logits=True)
    for step in range(3):
        with tf.GradientTape() as tape:
            loss = loss_fn(labels, model(tokens))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
    print(type(opt).__name__, opt.name, int(opt.iterations), len(opt.variables))
    print(np.round(model.layers[0].embeddings.numpy(), 5))
    print(np.round(model.layers[-1].kernel.numpy().ravel(), 5))

keras.utils.set_random_seed(4)
model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3, activation="relu"),
                          keras.layers.Dense(1)])
tokens = tokens.astype(np.float32) / 3.0
opt = keras.optimizers.Adam(0.05)

@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = keras.losses.binary_crossentropy(y, model(x), from_logits=True)
        loss = tf.reduce_mean(loss)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss

for step in range(4):
    print(step, round(float(train_step(tokens, labels)), 5))
print(int(opt.iterations), [v.path for v in opt.variables][:5])
print(opt.get_config())
model.compile(optimizer=keras.optimizers.RMSprop(0.01, momentum=0.5, centered=True), loss="mse")
history = model.fit(tokens, labels, epochs=3, verbose=0)
print([round(v, 5) for v in history.history["loss"]])
try:
    keras.optimizers.SGD(momentum=2.0)
except ValueError as e:
    print(e)
try:
    keras.optimizers.AdamW(weight_decay=None)
except ValueError as e:
    print(e)

# An embedding inside a tf.function: its gradient is IndexedSlices there too.
keras.utils.set_random_seed(5)
emb_model = make()
emb_opt = keras.optimizers.Adam(0.05)
int_tokens = np.array([[1, 2, 1, 3], [3, 3, 0, 2]])

@tf.function
def emb_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(keras.losses.binary_crossentropy(y, emb_model(x), from_logits=True))
    grads = tape.gradient(loss, emb_model.trainable_variables)
    emb_opt.apply_gradients(zip(grads, emb_model.trainable_variables))
    return loss, type(grads[0]).__name__

for step in range(3):
    loss, kind = emb_step(int_tokens, labels)
    print(step, round(float(loss), 5), kind)
print(np.round(emb_model.layers[0].embeddings.numpy(), 5))
