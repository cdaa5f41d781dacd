import tensorflow as tf
print(tf.linspace(0.0, 1.0, 5))
print(tf.linspace(-3, 3, 7))
print(tf.linspace([0., 5.], [10., 40.], 5, axis=0))
print(tf.linspace([0., 5.], [10., 40.], 3, axis=-1))
print(tf.linspace(1.0, 2.0, 1), tf.linspace(1.0, 2.0, 0))

class Dense(tf.Module):
    def __init__(self, in_features, out_features, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.ones([in_features, out_features]), name='w')
        self.b = tf.Variable(tf.zeros([out_features]), name='b')
    def __call__(self, x):
        y = tf.matmul(x, self.w) + self.b
        return tf.nn.relu(y)

class SequentialModule(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.dense_1 = Dense(in_features=3, out_features=3)
        self.dense_2 = Dense(in_features=3, out_features=2)
        self.frozen = tf.Variable(1.0, trainable=False)
    def __call__(self, x):
        x = self.dense_1(x)
        return self.dense_2(x)

my_model = SequentialModule(name="the_model")
print("Model results:", my_model(tf.constant([[2.0, 2.0, 2.0]])))
print("Submodules:", [type(m).__name__ for m in my_model.submodules])
for var in my_model.variables:
    print(var.name, var.shape, var.trainable)
print(len(my_model.trainable_variables), [v.name for v in my_model.non_trainable_variables])
print(my_model.name, my_model.name_scope.name, Dense(1, 1).name)
class MyHTTPLayer2(tf.Module):
    pass
print(MyHTTPLayer2().name)
try:
    tf.Module(name="bad name")
except ValueError as e:
    print(e)

class Scoped(tf.Module):
    @tf.Module.with_name_scope
    def __call__(self, x):
        if not hasattr(self, "v"):
            self.v = tf.Variable(x, name="v")
        return self.v * 2
s = Scoped()
print(s(tf.constant(3.0)), s.v.name, s.trainable_variables)
print(isinstance(my_model, tf.Module), tf.Module)
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(my_model(tf.constant([[1.0, 2.0, 3.0]])))
grads = tape.gradient(loss, my_model.trainable_variables)
print([g.shape for g in grads])
