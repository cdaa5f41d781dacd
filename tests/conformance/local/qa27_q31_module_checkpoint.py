# Q&A-style program (q31_module_checkpoint) written as users write them, recorded from TF 2.21
import os
import shutil
import tensorflow as tf

shutil.rmtree("ckpt", ignore_errors=True)
tf.random.set_seed(42)

class Linear(tf.Module):
    def __init__(self, in_dim, out_dim, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_dim, out_dim]) * 0.5, name="w")
        self.b = tf.Variable(tf.zeros([out_dim]), name="b")

    def __call__(self, x):
        return tf.matmul(x, self.w) + self.b

class MLP(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.l1 = Linear(3, 4, name="l1")
        self.l2 = Linear(4, 2, name="l2")

    def __call__(self, x):
        return self.l2(tf.nn.relu(self.l1(x)))

model = MLP(name="mlp")
x = tf.constant([[1.0, 2.0, 3.0]])
print("out:", model(x).numpy())
print("num vars:", len(model.trainable_variables))
print("var names:", [v.name for v in model.variables])
print("submodules:", [m.name for m in model.submodules])

step = tf.Variable(0, dtype=tf.int64)
ckpt = tf.train.Checkpoint(model=model, step=step)
manager = tf.train.CheckpointManager(ckpt, "ckpt", max_to_keep=2)
for i in range(3):
    model.l1.b.assign_add(tf.ones([4]))
    step.assign_add(1)
    path = manager.save()
    print("saved", os.path.basename(path))
print("kept:", [os.path.basename(p) for p in manager.checkpoints])
print("latest:", os.path.basename(manager.latest_checkpoint))

model.l1.b.assign(tf.zeros([4]) - 100.0)
step.assign(0)
status = ckpt.restore(manager.latest_checkpoint)
status.assert_consumed()
print("restored step:", int(step.numpy()))
print("restored b:", model.l1.b.numpy())
print("out after restore:", model(x).numpy())

names = sorted(n for n, _ in tf.train.list_variables(manager.latest_checkpoint))
print(len(names))
for n in names:
    print(n)
shutil.rmtree("ckpt", ignore_errors=True)
