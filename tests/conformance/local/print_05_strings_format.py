# tf.strings.format: the StringFormat op tf.print builds on (template, placeholder,
# summarize, the Python check of the placeholder count, inside tf.function).
import tensorflow as tf
s = tf.strings.format("x={} y={}", [tf.constant([1, 2]), tf.constant(2.5)])
print(s)
print(tf.strings.format("only {}", tf.range(10), summarize=1))
print(tf.strings.format("<>{}", (tf.constant("q"),), placeholder="<>"))
print(tf.strings.format("no placeholders", []))
try:
    tf.strings.format("{} {}", [tf.constant(1)])
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def f(x):
    return tf.strings.format("v={}", x)
print(f(tf.constant([3])))
print([op.type for op in f.get_concrete_function(tf.constant([3])).graph.get_operations()])
