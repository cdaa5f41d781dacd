import numpy as np
import tensorflow as tf

values = np.array([1.23456789, 0.00001234, 123.456])
print(values)
np.set_printoptions(precision=3, suppress=True)
print(values)
print(np.array([[0.5, 1e-9], [2.0, 3.14159]]))
print(tf.constant([1.23456789, 0.00001234]))
print(repr(np.array([1.0 / 3, 2.0 / 3], dtype=np.float32)))
print(np.get_printoptions()["precision"], np.get_printoptions()["suppress"])
with np.printoptions(precision=1):
    print(values)
print(values)
np.set_printoptions(threshold=5, edgeitems=2)
print(np.arange(10))
np.set_printoptions(linewidth=30)
print(np.linspace(0, 1, 12))
