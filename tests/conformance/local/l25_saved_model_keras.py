import tensorflow as tf
inp = tf.keras.Input((3,))
model = tf.keras.Model(inp, tf.keras.layers.Dense(2)(inp))
tf.saved_model.save(model, "km")
loaded = tf.saved_model.load("km")
print(list(loaded.signatures.keys()))
f = loaded.signatures["serving_default"]
out = f(tf.ones([1, 3]))
print({k: v.shape for k, v in out.items()}, f.structured_outputs)
print(f.structured_input_signature)
print(loaded(tf.ones([2, 3])).shape if callable(loaded) else "not callable")
print(len(loaded.variables) if hasattr(loaded, "variables") else "no variables")
