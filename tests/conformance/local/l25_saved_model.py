import os
import tensorflow as tf

class CustomModule(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(1.)
        self.inner = tf.Module()
        self.inner.w = tf.Variable([2., 3.])

    @tf.function
    def __call__(self, x):
        print('Tracing with', x)
        return x * self.v

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def mutate(self, new_v):
        self.v.assign(new_v)

    def plain(self):
        return 1

module = CustomModule()
print(module(tf.constant(0.31, dtype=tf.float32)))
module_no_signatures_path = os.path.join("tmp", 'module_no_signatures')
tf.saved_model.save(module, module_no_signatures_path)
print(sorted(os.listdir(module_no_signatures_path)), sorted(os.listdir(module_no_signatures_path + "/variables")))
imported = tf.saved_model.load(module_no_signatures_path)
print(imported(tf.constant(3.)).numpy())
imported.mutate(tf.constant(2.))
print(imported(tf.constant(3.)).numpy(), module.v.numpy())
print(imported.v, imported.inner.w.numpy())
print(hasattr(imported, "plain"), type(imported).__name__, list(imported.signatures.keys()))
print(len(imported.trainable_variables) if hasattr(imported, "trainable_variables") else "no tv")
try:
    imported(tf.constant([1., 2.]))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])

class Sig(tf.Module):
    def __init__(self):
        self.w = tf.Variable(2.0)
    @tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
    def __call__(self, x):
        return {"scaled": x * self.w}
s = Sig()
tf.saved_model.save(s, "tmp/sig")
loaded = tf.saved_model.load("tmp/sig")
print(list(loaded.signatures.keys()))
f = loaded.signatures["serving_default"]
print(f(x=tf.constant([1.0, 2.0])))
print(f.structured_outputs)
tf.saved_model.save(s, "tmp/sig2", signatures=s.__call__.get_concrete_function())
print(list(tf.saved_model.load("tmp/sig2").signatures.keys()))
try:
    tf.saved_model.load("tmp/missing")
except OSError as e:
    print("OSError", e)
