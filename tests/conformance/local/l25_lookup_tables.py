# tf.lookup tables: static, vocabulary (FarmHash OOV buckets) and mutable, eagerly, in tf.function and Dataset.map
import tensorflow as tf
init = tf.lookup.KeyValueTensorInitializer(["a", "b", "c"], [1, 2, 3], value_dtype=tf.int64)
t = tf.lookup.StaticHashTable(init, default_value=-1)
print(t.lookup(tf.constant(["a", "z", "c"])))
print(t.size())
print(t[tf.constant("b")])
print(t.key_dtype, t.value_dtype, t.default_value)
print(t.name)
try:
    t.lookup(tf.constant([1, 2]))
except Exception as e:
    print(type(e).__name__, e)
try:
    init2 = tf.lookup.KeyValueTensorInitializer(["a", "a"], [1, 2])
    tf.lookup.StaticHashTable(init2, -1)
except Exception as e:
    print(type(e).__name__, e)
init3 = tf.lookup.KeyValueTensorInitializer(["a", "a"], [1, 1])
print(tf.lookup.StaticHashTable(init3, -1).size())
m = tf.lookup.experimental.MutableHashTable(tf.string, tf.int64, default_value=0)
m.insert(tf.constant(["x", "y"]), tf.constant([5, 6], tf.int64))
print(m.lookup(tf.constant(["x", "q"])))
m.remove(tf.constant(["x"]))
print(m.size())
print(m.export())
v = tf.lookup.StaticVocabularyTable(init, num_oov_buckets=3)
print(v.lookup(tf.constant(["a", "zz", "qq", "b"])))
print(v.size())
@tf.function
def f(x):
    return t.lookup(x)
print(f(tf.constant([["a", "b"], ["q", "c"]])))
ds = tf.data.Dataset.from_tensor_slices(["a", "c", "x"]).map(lambda s: t.lookup(s))
print(list(ds.as_numpy_iterator()))
print(tf.strings.to_hash_bucket_fast(["hello", "a", ""], 10))
print(tf.lookup.StaticHashTable(tf.lookup.KeyValueTensorInitializer([1, 2], [1.5, 2.5]), -1.0).lookup(tf.constant([2, 3], tf.int32) if False else tf.constant([2, 3])))
