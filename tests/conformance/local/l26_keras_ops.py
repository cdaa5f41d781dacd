import numpy as np
import keras
from keras import ops
print(repr(ops.sum(np.ones((2,3)))))
print(repr(ops.add(np.arange(3), 1.5)))
print(repr(ops.convert_to_tensor([1,2])), repr(ops.convert_to_tensor([1.,2])), repr(ops.convert_to_tensor(3.0)))
print(repr(ops.mean(np.arange(4))))
print(repr(ops.argmax([[1,3],[4,2]])), repr(ops.argmax([[1,3],[4,2]], axis=-1)))
print(repr(ops.shape(ops.ones((2,3)))), ops.ones((2,3)).dtype, repr(ops.arange(5)), repr(ops.arange(0.0, 1.0, 0.25)))
print(repr(ops.divide(np.arange(3), 2)))
print(repr(ops.matmul(ops.ones((2,3)), ops.ones((3,2)))))
print(type(ops.ones((2,))))
x = ops.ones((2,3))
print(repr(ops.softmax(x)), repr(ops.one_hot([0,2], 3)))
print(repr(ops.cast([1,2], "float32")), repr(ops.power(2, 3)), repr(ops.sqrt(4)))
print(repr(ops.max(np.arange(4))), repr(ops.where([True, False], 1, 2)))
print(repr(ops.square(3)))
