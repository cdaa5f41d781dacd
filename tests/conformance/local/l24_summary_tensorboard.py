# tf.summary writers and scalars, the Keras TensorBoard callback and Progbar, as a training loop uses them
import os
import numpy as np
import tensorflow as tf

print(tf.summary.scalar("a", 1.0, step=0))
writer = tf.summary.create_file_writer("logs/run1")
print(sorted(os.listdir("logs")), os.listdir("logs/run1")[0].split(".")[:3])
with writer.as_default():
    try:
        tf.summary.scalar("loss", 0.5)
    except ValueError as e:
        print(e)
    for step in range(3):
        print(tf.summary.scalar("loss", 1.0 / (step + 1), step=step))
    print(tf.summary.histogram("weights", tf.random.normal([100], seed=1), step=0))
    print(tf.summary.image("img", tf.zeros([2, 8, 8, 3]), step=0))
    print(tf.summary.text("note", "hello", step=0))
    print(tf.summary.should_record_summaries())
    with tf.summary.record_if(False):
        print(tf.summary.scalar("x", 2.0, step=1))
    try:
        tf.summary.scalar("x", [1.0, 2.0], step=0)
    except ValueError as e:
        print(e)
    try:
        tf.summary.image("x", tf.zeros([4, 4]), step=0)
    except ValueError as e:
        print(e)
print(tf.summary.should_record_summaries())
tf.summary.experimental.set_step(7)
print(tf.summary.experimental.get_step())
with writer.as_default(step=5):
    print(tf.summary.experimental.get_step())
writer.flush()
writer.close()
try:
    with writer.as_default():
        pass
except RuntimeError as e:
    print(str(e).split(" object")[0])

@tf.function
def train_step(x, step):
    with writer2.as_default():
        return tf.summary.scalar("traced", x * 2.0, step=step)
writer2 = tf.summary.create_file_writer("logs/run2")
print(train_step(tf.constant(1.0), tf.constant(0, tf.int64)))

x = np.random.RandomState(0).rand(32, 4).astype("float32")
y = (x.sum(axis=1) > 2).astype("float32")
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="sgd", loss="binary_crossentropy", metrics=["accuracy"])
tb = tf.keras.callbacks.TensorBoard(log_dir="logs/fit", histogram_freq=1)
model.fit(x, y, epochs=2, batch_size=8, validation_split=0.25, callbacks=[tb], verbose=0)
print(sorted(os.listdir("logs/fit")))
print(len(os.listdir("logs/fit/train")), len(os.listdir("logs/fit/validation")))

# Without a default writer nothing is recorded, but scalar's shape and text's dtype are
# still checked; histogram and image data are only looked at when recorded.
print(tf.summary.should_record_summaries())
try:
    tf.summary.scalar("bad", [1.0, 2.0], step=0)
except ValueError as e:
    print(e)
print(tf.summary.histogram("h", [1.0], step=None), tf.summary.image("i", tf.zeros([2, 2]), step=0))
try:
    tf.summary.text("t", 3, step=0)
except TypeError as e:
    print(e)
