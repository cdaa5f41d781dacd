import tensorflow as tf
t = tf.constant([1.0, 2.0])
for f in [lambda: tf.device(3), lambda: t + "a", lambda: tf.reshape(t, "ab"), lambda: tf.strings.to_number(["x"]), lambda: tf.concat([t, tf.constant([1])], 0), lambda: tf.transpose(t, [1, 0])]:
    try:
        r = f()
        print("ok", type(r).__name__)
    except Exception as e:
        print(type(e).__name__ + ": " + str(e))
