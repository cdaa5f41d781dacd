import tensorflow as tf
tests = [
    lambda: tf.keras.Model(inputs=[], outputs=[]),
    lambda: tf.keras.Input(shape=()),
    lambda: tf.keras.layers.Concatenate()([tf.keras.Input(shape=()), tf.keras.Input(shape=())]),
    lambda: tf.keras.Model(tf.keras.Input(shape=(2,)), tf.keras.Input(shape=(2,))),
    lambda: list(tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=tf.data.AUTOTUNE).as_numpy_iterator()),
    lambda: tf.data.Dataset.from_generator(lambda: iter([1]), output_signature=5),
    lambda: list(tf.data.Dataset.from_generator(lambda: iter([(1, 2)]), output_signature=(tf.TensorSpec(shape=(), dtype=tf.int32),))),
    lambda: list(tf.data.Dataset.from_generator(lambda: 5, output_types=tf.int32)),
    lambda: tf.random.stateless_uniform([2], seed=[1]),
    lambda: tf.random.stateless_uniform([-1], seed=[1, 2]),
    lambda: tf.keras.layers.Add()([tf.keras.Input(shape=(2,))]),
    lambda: tf.keras.Model(tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(2)(tf.keras.Input(shape=(2,)))),
]
for i, t in enumerate(tests):
    try:
        r = t()
        print(i, "ok", r)
    except Exception as e:
        print(i, type(e).__name__, str(e).splitlines()[0] if str(e) else "")
