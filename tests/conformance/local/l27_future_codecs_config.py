# from __future__, more codecs, tf.get_logger, tf.config.optimizer, literal promotion
from __future__ import absolute_import, division, print_function, unicode_literals
import __future__
print(__future__.division)
import tensorflow as tf
print(tf.get_logger())
tf.get_logger().setLevel('ERROR')
import numpy as np
print(tf.math.multiply(np.ones([2,2]), 42))
print(tf.add(np.ones([2]), 1))
print("abc".encode("utf-16-be"), b"\x00a\x00b".decode("UTF-16-BE"), "ab".encode("utf-16-le"), "ab".encode("utf-16"), "ab".encode("utf-32-be"))
tf.config.optimizer.set_experimental_options({'constant_folding': False})
print(tf.config.optimizer.get_experimental_options())
tf.config.optimizer.set_jit(True)
print(tf.config.optimizer.get_experimental_options())
print(repr(tf.config.optimizer.get_jit()))
tf.config.optimizer.set_experimental_options({'layout_optimizer': True, 'remapping': False})
print(tf.config.optimizer.get_experimental_options())
tf.config.optimizer.set_experimental_options({'layout_optimizer': False})
print(tf.config.optimizer.get_experimental_options())
tf.config.optimizer.set_jit("autoclustering"); print(tf.config.optimizer.get_jit())
tf.config.optimizer.set_jit(False); print(repr(tf.config.optimizer.get_jit()))
try:
  tf.config.optimizer.set_experimental_options({'bogus': True})
except Exception as e: print(type(e).__name__, e)
print(tf.get_logger().name, tf.get_logger().level)
for data in [b"\xff\xfea\x00", b"\xfe\xff\x00a", b"a\x00b", "\u00e9\U0001f600".encode("utf-16"), "x\U0001f600".encode("utf-32-be")]:
  for codec in ["utf-16", "utf-16-le", "utf-32-be"]:
    try:
      print(codec, repr(data.decode(codec)))
    except UnicodeDecodeError as e:
      print(codec, e)
print(b"a\x00\x00".decode("utf-16-le", "replace"), b"a\x00\x00".decode("utf-16-le", "ignore"))
