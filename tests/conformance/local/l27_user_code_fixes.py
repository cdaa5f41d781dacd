# Fixes from users code: Constant(array), np.broadcast_to, Normalization(mean, variance), resize of an ndarray, bytes elements, Checkpoint of a subclassed model
import numpy as np, tensorflow as tf, keras
print(keras.initializers.Constant(np.log([0.25]))((1,)))
print(np.broadcast_to(np.array([1, 2]), (2, 2)))
x = np.arange(6, dtype="float32").reshape(3, 2)
print(keras.layers.Normalization(mean=3.0, variance=2.0)(x))
print(tf.image.resize(np.zeros((1,4,4,3),'float32'), [2,2]).shape)
s = tf.constant(["ab"]).numpy()[0]
print(s, s.decode(), type(s).__name__)
v = tf.Variable([1., 2., 3.])
v.assign([9., 2., 3.])
print(v.numpy())
class Net(keras.Model):
  def __init__(self):
    super().__init__()
    self.d = keras.layers.Dense(2)
  def call(self, x):
    return self.d(x)
net = Net(); net(np.ones((1, 3)))
ckpt = tf.train.Checkpoint(net=net, step=tf.Variable(1))
path = ckpt.save("ck/ckpt")
print(path)
ckpt.restore(path)
print(tf.train.latest_checkpoint("ck"))
before = net.d.kernel.numpy().copy()
net.d.kernel.assign(tf.zeros_like(net.d.kernel))
ckpt.restore(path)
print(np.allclose(net.d.kernel.numpy(), before), int(ckpt.step))
