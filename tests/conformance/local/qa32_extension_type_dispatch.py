# Dispatch for extension types: dispatch_for_api from annotations and from explicit signatures, Union lists, unregister (and its error), unary and binary element-wise handlers with the call's other arguments bound, keyword operands, plain tensors untouched
from typing import List, Union
import tensorflow as tf

class Money(tf.experimental.ExtensionType):
  amount: tf.Tensor
  currency: str

  def __repr__(self):
    return f"Money({self.amount.numpy()!r} {self.currency})"

def as_money(x, currency):
  return x if isinstance(x, Money) else Money(x, currency)

@tf.experimental.dispatch_for_api(tf.concat)
def money_concat(values: List[Union[Money, tf.Tensor]], axis, name=None):
  currency = [v.currency for v in values if isinstance(v, Money)][0]
  values = [as_money(v, currency) for v in values]
  return Money(tf.concat([v.amount for v in values], axis), currency)

a = Money([1.0, 2.0], "EUR")
b = Money([3.0], "EUR")
print(tf.concat([a, b], 0))
print(tf.concat([a, tf.constant([9.0])], axis=0))
print(tf.concat([tf.constant([1]), tf.constant([2])], 0))

def money_reduce_sum(input_tensor, axis=None, keepdims=False, name=None):
  return Money(tf.reduce_sum(input_tensor.amount, axis, keepdims), input_tensor.currency)

tf.experimental.dispatch_for_api(tf.math.reduce_sum, {"input_tensor": Money})(money_reduce_sum)
print(tf.reduce_sum(a), tf.math.reduce_sum(tf.constant([1, 2])))

@tf.experimental.dispatch_for_unary_elementwise_apis(Money)
def money_unary(api_func, x):
  return Money(api_func(x.amount), x.currency)

print(tf.abs(Money([-1.5, 2.0], "USD")))
print(tf.math.negative(Money([1.0], "USD")))
print(tf.cast(Money([1.7, 2.2], "USD"), tf.int32))
print(tf.zeros_like(Money([1.0, 2.0], "USD"), dtype=tf.int64))
print(tf.abs(tf.constant([-3])))

@tf.experimental.dispatch_for_binary_elementwise_apis(Union[Money, tf.Tensor], Union[Money, tf.Tensor])
def money_binary(api_func, x, y):
  currency = x.currency if isinstance(x, Money) else y.currency
  x_amount = x.amount if isinstance(x, Money) else x
  y_amount = y.amount if isinstance(y, Money) else y
  return Money(api_func(x_amount, y_amount), currency)

print(tf.add(a, a))
print(tf.math.multiply(a, tf.constant(10.0)))
print(tf.maximum(x=tf.constant([2.5, 0.0]), y=a))
print(tf.add(tf.constant(1), tf.constant(2)))

tf.experimental.unregister_dispatch_for(money_concat)
try:
  tf.concat([a, b], 0)
except (TypeError, ValueError) as e:
  print("after unregister:", type(e).__name__)
try:
  tf.experimental.unregister_dispatch_for(money_concat)
except ValueError as e:
  print("ValueError")
