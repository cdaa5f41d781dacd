# Ragged tensors as tf.function arguments and results: traced with the number of rows known and the values' length not (one trace per row count, as RaggedTensorSpec), flat values and row splits inside the trace, ragged rank 2, ragged results in a dict
import tensorflow as tf
@tf.function
def f(r):
    print("trace", r.shape, r.flat_values.shape, r.row_splits.shape)
    return r * 2
print(f(tf.ragged.constant([[1, 2], [3]])))
print(f(tf.ragged.constant([[1], [3, 4, 5]])))
print(f(tf.ragged.constant([[1], [2], [3]])))
print(f.experimental_get_tracing_count())
@tf.function
def g(r):
    return r.values + 1, tf.reduce_sum(r.row_lengths())
print(g(tf.ragged.constant([[1.0, 2.0], [3.0]])))
@tf.function
def h(x, r):
    print("trace h")
    return {"sum": tf.reduce_sum(r.flat_values) + x, "ragged": r + x}
out = h(tf.constant(10), tf.ragged.constant([[[1], [2]], [[3]]]))
print(out["sum"], out["ragged"].to_list())
out = h(tf.constant(1), tf.ragged.constant([[[1]], [[2], [3], [4]]]))
print(out["ragged"].shape, h.experimental_get_tracing_count())
