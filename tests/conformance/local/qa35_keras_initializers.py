# keras.initializers written in Python: configs as Keras 3.15 writes them, seeded draws, set_random_seed draws, errors, serialize round trips, and a Keras initializer in tf.compat.v1.get_variable
import numpy as np
import tensorflow as tf
import keras
from keras import initializers as I

for cls in [I.GlorotUniform, I.GlorotNormal, I.HeNormal, I.HeUniform, I.LecunNormal, I.LecunUniform]:
    init = cls(seed=5)
    print(cls.__name__, init.get_config(), np.round(init((3, 4)).numpy().ravel()[:4], 5))
for init in [I.RandomNormal(0.5, 0.1, seed=2), I.RandomUniform(-1.0, 1.0, seed=3), I.TruncatedNormal(stddev=2.0, seed=4),
             I.VarianceScaling(2.0, "fan_out", "uniform", seed=6), I.VarianceScaling(distribution="untruncated_normal", seed=7),
             I.Constant(3.0), I.Zeros(), I.Ones(), I.Identity(2.0)]:
    value = init((3, 3))
    print(type(init).__name__, init.get_config(), value.dtype.name, np.round(value.numpy().ravel()[:4], 5))
print(np.round(I.HeNormal(seed=1)((2, 2, 3, 4)).numpy().ravel()[:5], 5))
print(I.get("uniform").get_config(), type(I.get("he_normal")).__name__, I.get(None))
print(keras.layers.Dense(3).get_config()["kernel_initializer"])
print(I.serialize(I.VarianceScaling(scale=0.5, seed=3)))
print(type(I.deserialize(I.serialize(I.HeUniform(seed=9)))).__name__, I.deserialize(I.serialize(I.HeUniform(seed=9))).get_config())
for bad in [lambda: I.VarianceScaling(scale=-1.0), lambda: I.VarianceScaling(mode="fan"), lambda: I.VarianceScaling(distribution="x"),
            lambda: I.RandomNormal(seed="a"), lambda: I.Identity()((2, 2, 2)), lambda: I.get("nope")]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
keras.utils.set_random_seed(12)
layer = keras.layers.Dense(2, kernel_initializer="lecun_uniform", bias_initializer=I.RandomNormal(seed=1))
layer.build((None, 3))
print(np.round(layer.kernel.numpy(), 5), np.round(layer.bias.numpy(), 5))
print(np.round(I.Orthogonal(seed=3)((3, 3)).numpy() @ I.Orthogonal(seed=3)((3, 3)).numpy().T, 4) + 0.0, I.Orthogonal(gain=2.0).get_config()["gain"])
g = tf.Graph()
with g.as_default():
    v = tf.compat.v1.get_variable("w", shape=[2, 3], initializer=I.GlorotUniform(seed=1))
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        print(np.round(sess.run(v), 5))
