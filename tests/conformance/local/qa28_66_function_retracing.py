# probe q66_function_retracing: user-style program (corpus 3)
import tensorflow as tf

@tf.function
def add_bias(x, bias=1):
    print("Tracing add_bias: x.shape =", x.shape, "bias =", bias)
    return x + bias

add_bias(tf.constant([1, 2]))
add_bias(tf.constant([3, 4]))          # no retrace
add_bias(tf.constant([1, 2, 3]))       # new shape -> retrace
add_bias(tf.constant([1, 2]), bias=2)  # new python value -> retrace
add_bias(tf.constant([1.0, 2.0]))      # new dtype -> retrace
print("traces:", add_bias.experimental_get_tracing_count())

@tf.function(reduce_retracing=True)
def square_sum(x):
    print("Tracing square_sum with shape", x.shape)
    return tf.reduce_sum(x * x)

for n in [2, 3, 4, 5]:
    print(square_sum(tf.ones([n])).numpy())
print("traces:", square_sum.experimental_get_tracing_count())

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def row_norms(m):
    print("Tracing row_norms", m.shape)
    return tf.norm(m, axis=1)

print(row_norms(tf.constant([[3.0, 4.0]])).numpy())
print(row_norms(tf.constant([[6.0, 8.0], [0.0, 1.0]])).numpy())
try:
    row_norms(tf.constant([[1.0, 2.0, 3.0]]))
except Exception as e:
    print(type(e).__name__)

calls = [0]
@tf.function
def side_effect(x):
    calls[0] += 1         # python side effect runs only while tracing
    tf.print("tf.print runs every call:", x)
    return x

for i in range(3):
    side_effect(tf.constant(i))
print("python calls:", calls[0])
side_effect(5); side_effect(6)
print("python calls after python ints:", calls[0])
