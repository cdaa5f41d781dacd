# probe q75_functional_multi_input: user-style program (corpus 3)
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

keras.utils.set_random_seed(8)
title = keras.Input(shape=(6,), name="title")
body = keras.Input(shape=(10,), name="body")
tags = keras.Input(shape=(4,), name="tags")

t = layers.Dense(8, activation="relu", name="title_dense")(title)
b = layers.Dense(8, activation="relu", name="body_dense")(body)
added = layers.Add(name="add")([t, b])
x = layers.Concatenate(name="concat")([added, tags])
priority = layers.Dense(1, name="priority")(x)
dept = layers.Dense(3, activation="softmax", name="department")(x)
model = keras.Model(inputs=[title, body, tags], outputs=[priority, dept])

print([l.name for l in model.layers])
print([i.name for i in model.inputs], [tuple(i.shape) for i in model.inputs])
print([tuple(o.shape) for o in model.outputs])
print(model.count_params())
print(model.get_layer("concat").output.shape)

n = 32
title_d = np.random.rand(n, 6).astype("float32")
body_d = np.random.rand(n, 10).astype("float32")
tags_d = np.random.randint(0, 2, size=(n, 4)).astype("float32")
prio_t = np.random.rand(n, 1).astype("float32")
dept_t = np.random.randint(0, 3, size=(n,))

model.compile(optimizer=keras.optimizers.RMSprop(1e-3),
              loss={"priority": "mse", "department": "sparse_categorical_crossentropy"},
              loss_weights={"priority": 1.0, "department": 0.2})
h = model.fit({"title": title_d, "body": body_d, "tags": tags_d},
              {"priority": prio_t, "department": dept_t}, epochs=2, batch_size=16, verbose=0)
print(sorted(h.history.keys()))
print([round(v, 4) for v in h.history["loss"]])
p, d = model.predict([title_d[:3], body_d[:3], tags_d[:3]], verbose=0)
print(p.shape, d.shape, np.round(d.sum(axis=1), 5))
sub = keras.Model(model.inputs[:2], model.get_layer("add").output)
print(sub([np.ones((1, 6)), np.ones((1, 10))]).shape)
