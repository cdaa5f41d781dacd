"""`tf.keras.preprocessing.text`: Keras's legacy text tools."""

from keras.src.legacy_text import (  # noqa: F401
    Tokenizer, hashing_trick, one_hot, text_to_word_sequence, tokenizer_from_json)
