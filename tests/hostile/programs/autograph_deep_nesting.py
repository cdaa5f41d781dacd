# expect: exit 0
# Conditionals nested as deep as the parser allows, converted and staged.
import tensorflow as tf

source = "def f(x):\n"
for depth in range(95):
    source += "  " * (depth + 1) + f"if x > {depth}:\n"
source += "  " * 96 + "x = x + 1\n"
source += "  return x\n"
namespace = {}
exec(source, namespace)
g = tf.function(namespace["f"])
print(g(tf.constant(200)))
