# ExtensionType fields as users write them: Optional, Union, Tuple of fixed length, nested extension types, TensorShape and DType fields, keyword-only fields after defaults, binding errors, nest with expand_composites, tf.function returning a tuple of extension types
import typing
import tensorflow as tf

class Box(tf.experimental.ExtensionType):
  lo: tf.Tensor
  hi: tf.Tensor

  def area(self):
    return tf.reduce_prod(self.hi - self.lo)

class Scene(tf.experimental.ExtensionType):
  name: str
  boxes: typing.Tuple[Box, ...]
  scale: typing.Optional[float] = None
  tag: typing.Union[int, str] = 0
  shape: tf.TensorShape = None
  dtype: tf.DType = tf.float32
  pair: typing.Tuple[int, str] = (1, "a")

b1 = Box([0., 0.], [2., 3.])
b2 = Box(lo=[1., 1.], hi=[2., 2.])
print(b1.area().numpy(), b2.area().numpy())
s = Scene("room", [b1, b2], tag="x", shape=[2, None], dtype="int32")
print(s.name, len(s.boxes), s.scale, s.tag, s.shape, s.dtype, s.pair)
print(type(s.boxes).__name__, s.boxes[1])
for args, kwargs in [((), {}), (("a", [b1]), {"tag": 2.5}), (("a", [b1], 1.0, 3, None, tf.int8, (1, 2)), {}),
                     (("a", [1]), {}), (("a", [b1]), {"name": "b"}), (("a", [b1]), {"pair": (1,)})]:
  try:
    Scene(*args, **kwargs)
    print("ok")
  except (TypeError, ValueError) as e:
    print(type(e).__name__, e)

print([t.shape for t in tf.nest.flatten(s, expand_composites=True)])
print(len(tf.nest.flatten(s)))
print(tf.type_spec_from_value(b1))
print(tf.type_spec_from_value(tf.constant([1, 2])), tf.type_spec_from_value([1.0, 2.0]))

class Interval(tf.experimental.ExtensionType):
  start: tf.Tensor
  stop: tf.Tensor
  closed: bool = True

@tf.function
def split(iv):
  mid = (iv.start + iv.stop) / 2
  return Interval(iv.start, mid, iv.closed), Interval(mid, iv.stop, False)

left, right = split(Interval(0.0, 10.0))
print(left)
print(right)
print(split.experimental_get_tracing_count())
split(Interval(2.0, 4.0))
split(Interval(2.0, 4.0, closed=False))
print(split.experimental_get_tracing_count())
print(Interval(1.0, 2.0) == Interval(1.0, 2.0), Interval(1.0, 2.0) != Interval(1.0, 3.0))
try:
  del left.start
except AttributeError as e:
  print(e)
