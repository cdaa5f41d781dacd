# autograph: TensorArray written in staged loops (static, dynamic and graph-tensor sizes), graph-tensor indices
import tensorflow as tf
batch_size = 2
seq_len = 3
feature_size = 4

def rnn_step(inp, state):
  return inp + state

@tf.function
def dynamic_rnn(rnn_step, input_data, initial_state):
  # [batch, time, features] -> [time, batch, features]
  input_data = tf.transpose(input_data, [1, 0, 2])
  max_seq_len = input_data.shape[0]

  states = tf.TensorArray(tf.float32, size=max_seq_len)
  state = initial_state
  for i in tf.range(max_seq_len):
    state = rnn_step(input_data[i], state)
    states = states.write(i, state)
  return tf.transpose(states.stack(), [1, 0, 2])

print(dynamic_rnn(rnn_step,
            tf.random.stateless_uniform([batch_size, seq_len, feature_size], seed=[1, 2]),
            tf.zeros([batch_size, feature_size])))

@tf.function
def squares(n):
  ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
  for i in tf.range(n):
    ta = ta.write(i, i * i)
  return ta.stack()
print(squares(tf.constant(5)))

@tf.function
def cumsum_ta(x):
  ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
  total = tf.constant(0.0)
  for i in tf.range(tf.shape(x)[0]):
    total += x[i]
    ta = ta.write(i, total)
  return ta.stack(), ta.size()
print(cumsum_ta(tf.constant([1.0, 2.0, 3.0])))
