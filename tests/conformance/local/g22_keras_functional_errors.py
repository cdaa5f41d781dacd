import tensorflow as tf

a = tf.keras.Input(shape=(2,), name="a")
b = tf.keras.Input(shape=(2,), name="b")
merged = tf.keras.layers.Concatenate()([a, b])
try:
    tf.keras.Model(inputs=b, outputs=merged)
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.Model(inputs=[a, b], outputs=[merged, tf.keras.layers.Dense(1)(tf.keras.Input(shape=(3,)))])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.layers.Concatenate()([a, tf.keras.Input(shape=(2, 3))])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.layers.Add()([a, tf.keras.Input(shape=(3,))])
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.Input()
except ValueError as e:
    print("ValueError:", e)
try:
    tf.keras.layers.Add()(tf.ones((2, 2)))
except ValueError as e:
    print("ValueError:", str(e).split("inputs=")[0])
print(tf.keras.Input(shape=(2,)).name, tf.keras.Input(shape=(2,), name="x").name)
d = tf.keras.layers.Dense(3, name="dup")
e = tf.keras.layers.Dense(3, name="dup")
try:
    tf.keras.Model(a, e(d(a)))
except ValueError as err:
    print("ValueError:", err)
