# tf.Module with variables, tf.train.Checkpoint save/restore under /tmp
import tensorflow as tf

class Dense(tf.Module):
    def __init__(self, in_f, out_f, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_f, out_f]) * 0.5, name="w")
        self.b = tf.Variable(tf.zeros([out_f]), name="b")
    def __call__(self, x):
        return tf.nn.relu(x @ self.w + self.b)

class MLP(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.l1 = Dense(3, 4)
        self.l2 = Dense(4, 2)
    def __call__(self, x):
        return self.l2(self.l1(x))

m = MLP(name="mlp")
print(m(tf.constant([[1.0, 2.0, 3.0]])))
print([v.name for v in m.trainable_variables])
print(len(m.submodules))

ckpt = tf.train.Checkpoint(model=m)
path = ckpt.write("/tmp/qa5_q06/ckpt")
print(path)
m.l1.w.assign(tf.zeros([3, 4]))
print(m(tf.constant([[1.0, 2.0, 3.0]])).numpy())
ckpt.read(path).assert_consumed()
print(m(tf.constant([[1.0, 2.0, 3.0]])).numpy())
print(sorted(n for n, _ in tf.train.list_variables(path))[:4])
