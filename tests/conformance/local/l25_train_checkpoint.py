import os
import tensorflow as tf

class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(tf.ones([2, 2]), name="w")
        self.b = tf.Variable(tf.zeros([2]), name="b")
        self.layers = [tf.Variable(1.0), tf.Variable(2.0)]

net = Net()
step = tf.Variable(1)
ckpt = tf.train.Checkpoint(step=step, net=net)
path = ckpt.save("training/ckpt")
print(path)
print(sorted(os.listdir("training")))
print(tf.train.latest_checkpoint("training"))
with open("training/checkpoint") as f:
    print(f.read())
for name, shape in tf.train.list_variables("training"):
    print(name, shape)
net.w.assign(tf.fill([2, 2], 5.0))
step.assign_add(1)
status = ckpt.restore(path)
status.assert_consumed()
print(net.w.numpy(), step.numpy(), ckpt.save_counter.numpy())
manager = tf.train.CheckpointManager(ckpt, "./tf_ckpts", max_to_keep=2)
for i in range(4):
    step.assign_add(1)
    saved = manager.save()
    print("Saved checkpoint for step {}: {}".format(int(step), saved))
print(manager.checkpoints, manager.latest_checkpoint)
print(sorted(os.listdir("tf_ckpts")))
reader = tf.train.load_checkpoint(manager.latest_checkpoint)
print(reader.get_tensor("step/.ATTRIBUTES/VARIABLE_VALUE"))
print(sorted(reader.get_variable_to_shape_map().items()))
new_net = Net()
new_ckpt = tf.train.Checkpoint(net=new_net)
new_ckpt.restore(manager.latest_checkpoint).expect_partial()
print(new_net.layers[1].numpy(), new_net.b.numpy())
try:
    new_ckpt.restore(manager.latest_checkpoint).assert_consumed()
except AssertionError as e:
    print("AssertionError", str(e)[:60])
p = tf.train.Checkpoint(v=tf.Variable(3.0)).write("single")
print(p, sorted(f for f in os.listdir(".") if f.startswith("single")))
print(tf.train.latest_checkpoint("nothing_here"))
