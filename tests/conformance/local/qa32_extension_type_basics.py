# tf.experimental.ExtensionType as its guide uses it: fields, conversion, defaults, validation errors, immutability, Spec, type_spec_from_value, tf.function arguments and results, forward references, subclasses
import tensorflow as tf
from typing import Tuple, Mapping, Optional

class MaskedTensor(tf.experimental.ExtensionType):
  values: tf.Tensor
  mask: tf.Tensor

mt = MaskedTensor(values=[[1, 2, 3], [4, 5, 6]], mask=[[True, True, False], [True, False, True]])
print(mt.values)
try:
  MaskedTensor([1, 2, 3], None)
except TypeError as e:
  print(f"Got expected TypeError: {e}")
print(MaskedTensor(values=[1, 2, 3], mask=[True, True, False]))
a = MaskedTensor([1, 2], [True, False])
b = MaskedTensor([[3, 4], [5, 6]], [[False, True], [True, True]])
print(f"a == a: {a==a}")
print(f"a == b: {a==b}")
print(f"a == a.values: {a==a.values}")
print(a != a, a._type_spec)
try:
  a.mask = [True, True]
except AttributeError as e:
  print(e)

class Pencil(tf.experimental.ExtensionType):
  color: str = "black"
  has_erasor: bool = True
  length: tf.Tensor = 1.0
print(Pencil())
print(Pencil(length=0.5, color="blue"))
try:
  Pencil(color=3)
except TypeError as e:
  print(e)

class Player(tf.experimental.ExtensionType):
  name: tf.Tensor
  attributes: Mapping[str, tf.Tensor]

anne = Player("Anne", {"height": 8.3, "speed": 28.1})
anne_spec = tf.type_spec_from_value(anne)
print(anne_spec.name)
print(anne_spec.attributes)
print(anne_spec)
spec1 = Player.Spec(name=tf.TensorSpec([], tf.float32), attributes={})
print(spec1, spec1 == anne_spec, anne_spec == tf.type_spec_from_value(Player("Bob", {"height": 1.0, "speed": 2.0})))

@tf.function
def anonymize_player(player):
  print("<<TRACING>>")
  return Player("<anonymous>", player.attributes)

print(anonymize_player(Player("Anne", {"height": 8.3, "speed": 28.1})))
anonymize_player(Player("Bart", {"height": 8.1, "speed": 25.3}))
anonymize_player(Player("Chuck", {"height": 11.0, "jump": 5.3}))

class Node(tf.experimental.ExtensionType):
  value: tf.Tensor
  children: Tuple["Node", ...] = ()

print(Node(3, [Node(5), Node(2)]))

class Toy(tf.experimental.ExtensionType):
  name: str
  price: tf.Tensor
  def __init__(self, name, price, discount=0):
    self.name = name
    self.price = price * (1 - discount)

print(Toy("ball", 5.0, discount=0.2))

class TensorGraph(tf.experimental.ExtensionType):
  num_nodes: tf.Tensor
  edge_src: tf.Tensor
  edge_dst: tf.Tensor

class TensorGraphWithNodeFeature(TensorGraph):
  node_features: tf.Tensor

g = TensorGraphWithNodeFeature(num_nodes=5, edge_src=[0, 4, 2, 2], edge_dst=[1, 3, 2, 1], node_features=[10.0, 0.0, 2.0, 5.0, -1.0, 0.0])
print(g.node_features, len(tf.nest.flatten(g, expand_composites=True)), tf.nest.flatten(g)[0] is g)

@tf.function
def add_one(m):
  return MaskedTensor(m.values + 1, m.mask)
r = add_one(MaskedTensor([1, 2], [True, False]))
print(r, type(r).__name__)
print(add_one.experimental_get_tracing_count())
add_one(MaskedTensor([5, 6], [False, False]))
add_one(MaskedTensor([5, 6, 7], [False, False, True]))
print(add_one.experimental_get_tracing_count())
try:
  class Bad(tf.experimental.ExtensionType):
    x: list
except TypeError as e:
  print("TypeError:", e)
try:
  class Bad2(tf.experimental.ExtensionType):
    x: int
    y = 3
except ValueError as e:
  print("ValueError:", e)
try:
  MaskedTensor([1], [True], extra=3)
except TypeError as e:
  print("TypeError:", e)
