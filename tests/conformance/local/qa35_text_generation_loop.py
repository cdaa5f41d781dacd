# A character model as the text-generation tutorial trains it: Embedding + GRU + Dense in a tf.function loop with Adam; Keras 3's errors for super().__init__(self)
import numpy as np
import tensorflow as tf
import keras
keras.utils.set_random_seed(11)

text = "hello world, this is a tiny corpus for a tiny character model. " * 20
vocab = sorted(set(text))
ids_from_chars = {c: i for i, c in enumerate(vocab)}
ids = np.array([ids_from_chars[c] for c in text])
seq_len = 20
examples = np.stack([ids[i:i + seq_len + 1] for i in range(0, len(ids) - seq_len - 1, seq_len)])
dataset = tf.data.Dataset.from_tensor_slices((examples[:, :-1], examples[:, 1:])).shuffle(100, seed=1).batch(16, drop_remainder=True)

class MyModel(tf.keras.Model):
    def __init__(self, vocab_size, embedding_dim, rnn_units):
        super().__init__()
        self.embedding = tf.keras.layers.Embedding(vocab_size, embedding_dim)
        self.gru = tf.keras.layers.GRU(rnn_units, return_sequences=True, return_state=True)
        self.dense = tf.keras.layers.Dense(vocab_size)

    def call(self, inputs, states=None, return_state=False, training=False):
        x = self.embedding(inputs, training=training)
        if states is None:
            states = self.gru.get_initial_state(tf.shape(x)[0])
        x, states = self.gru(x, initial_state=states, training=training)
        x = self.dense(x, training=training)
        return (x, states) if return_state else x

model = MyModel(len(vocab), 16, 32)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.Adam()

@tf.function
def train_step(inputs, labels):
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        loss = loss_fn(labels, predictions)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

for epoch in range(2):
    for batch, (inp, target) in enumerate(dataset):
        loss = train_step(inp, target)
    print(f"Epoch {epoch + 1} Loss {loss:.4f}")
print(len(model.gru.get_initial_state(4)), model.gru.get_initial_state(2)[0].shape)

class Old(tf.keras.Model):
    def __init__(self):
        super().__init__(self)

try:
    Old()
except TypeError as e:
    print("TypeError:", e)
