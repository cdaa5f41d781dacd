# tf.keras.preprocessing (sequence, text.Tokenizer, image), np.full casting, Metric.add_weight
import numpy as np
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.preprocessing.text import Tokenizer
import keras
p = pad_sequences([[1,2],[3]], maxlen=3)
print(p, p.dtype)
print(keras.utils.pad_sequences([[1.5, 2], [3]], dtype="float32", padding="post"))
print(np.full((2, 2), 0.0, dtype="int32").dtype)
class M(keras.metrics.Metric):
  def __init__(self, name="m", **kw):
    super().__init__(name=name, **kw)
    self.total = self.add_weight(name="total", initializer="zeros")
    self.count = self.add_variable(shape=(), name="count", initializer="zeros")
  def update_state(self, y_true, y_pred, sample_weight=None):
    self.total.assign_add(keras.ops.sum(y_pred)); self.count.assign_add(1.0)
  def result(self):
    return self.total / self.count
m = M(); m.update_state([1.], [2., 3.]); print(float(m.result()))
import tensorflow as tf
print(tf.keras.preprocessing.image.img_to_array.__name__)
from tensorflow.keras.preprocessing.text import Tokenizer, text_to_word_sequence, tokenizer_from_json
tok = Tokenizer(num_words=6, oov_token="<OOV>")
texts = ["I love my dog!", "I love my cat", "You love my dog, don't you?", "Do you think my dog is amazing?"]
tok.fit_on_texts(texts)
print(tok.word_index)
print(tok.word_counts)
print(tok.texts_to_sequences(texts + ["my unseen dog"]))
print(tok.sequences_to_texts([[1, 2, 3, 4, 9]]))
print(tok.texts_to_matrix(texts[:2], mode="count"))
print(tok.texts_to_matrix(texts[:2], mode="tfidf").round(4))
print(text_to_word_sequence("Hello, World! It's fine."))
t2 = tokenizer_from_json(tok.to_json())
print(t2.word_index == tok.word_index, t2.texts_to_sequences(["love dog"]))
print(tf.keras.preprocessing.sequence.pad_sequences([[1,2,3,4]], maxlen=2, truncating="post", padding="post"))
print(keras.utils.img_to_array([[1, 2], [3, 4]]).shape)
