# tf.VariableSynchronization, Variable.aggregation/synchronization (ON_READ defaults to non-trainable), keras.layers.serialize/deserialize
import tensorflow as tf
from tensorflow import keras
v = tf.Variable(1.0)
print(v.aggregation, v.synchronization, repr(v.aggregation), v.trainable)
w = tf.Variable(0.0, aggregation=tf.VariableAggregation.MEAN,
                synchronization=tf.VariableSynchronization.ON_READ, trainable=False)
print(w.aggregation, w.synchronization, w.trainable)
print(tf.VariableSynchronization.AUTO, list(tf.VariableSynchronization), tf.VariableSynchronization.ON_WRITE.value)
x = tf.Variable(0.0, synchronization=tf.VariableSynchronization.ON_READ)
print(x.trainable, x.synchronization.name)
y = tf.Variable(2.0, aggregation=tf.VariableAggregation.SUM)
print(y.aggregation, y.synchronization, y.trainable)
d = keras.layers.Dense(3, activation="relu", name="d1")
s = keras.layers.serialize(d)
print(s["class_name"], s["module"], s["config"]["units"], s["config"]["activation"])
d2 = keras.layers.deserialize(s)
print(type(d2).__name__, d2.units, d2.name)
try:
    keras.layers.deserialize({"class_name": "Adam", "module": "keras.optimizers", "config": {"learning_rate": 0.1}, "registered_name": None})
except ValueError as e:
    print("ValueError", str(e)[:60])
