import tensorflow as tf
from tensorflow import version

print(tf.version.VERSION, tf.__version__ == tf.version.VERSION)
print(version.GIT_VERSION, tf.version.COMPILER_VERSION, tf.version.GRAPH_DEF_VERSION)
