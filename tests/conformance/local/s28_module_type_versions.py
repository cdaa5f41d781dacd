# types.ModuleType, importlib.metadata and pkg_resources version checks, and a subclassed model built by shape
import types
import importlib
import importlib.metadata
import pkg_resources
import tensorflow as tf

mod = types.ModuleType("config", "settings for the run")
mod.lr = 0.01
print(mod, mod.lr, mod.__doc__, type(mod).__name__, isinstance(mod, types.ModuleType))
print(importlib.metadata.version("keras"), importlib.metadata.version("numpy"))
try:
    importlib.metadata.version("not-a-package")
except importlib.metadata.PackageNotFoundError as e:
    print(type(e).__name__, e)
print(pkg_resources.get_distribution("keras").version)
print(pkg_resources.parse_version("2.21.0") >= pkg_resources.parse_version("2.9"))
try:
    pkg_resources.get_distribution("not-a-package")
except pkg_resources.DistributionNotFound as e:
    print(type(e).__name__, e)
importlib.reload(pkg_resources)


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(2)

    def call(self, x):
        return self.out(self.hidden(x))


net = Net()
print(net.built)
net.build((None, 4))
print(net.built, net.hidden.built, len(net.weights))
net.summary()
net(tf.ones([1, 4]))
print(len(net.weights), net.hidden.kernel.shape)
net.summary()
