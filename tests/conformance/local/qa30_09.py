# tf.strings text cleanup: lower, regex_replace, split, to_number, join, length
import tensorflow as tf

raw = tf.constant(["  Hello, World! ", "TensorFlow 2.21 rocks", "price: 42.5 USD"])
clean = tf.strings.lower(tf.strings.strip(raw))
print(clean)
no_punct = tf.strings.regex_replace(clean, r"[^a-z0-9. ]", "")
print(no_punct)
print(tf.strings.length(no_punct))
tokens = tf.strings.split(no_punct)
print(tokens)
print(tf.strings.reduce_join(tokens, axis=1, separator="_"))
print(tf.strings.to_number(tf.constant(["3.5", "-1", "1e3"])))
print(tf.strings.join(["a", "b", "c"], separator="-"))
print(tf.strings.substr(raw, 2, 5))
print(tf.strings.unicode_decode("héllo", "UTF-8"))
print(tf.strings.as_string(tf.constant([1.5, 2.25]), precision=2))
print(tf.strings.to_hash_bucket_fast(["cat", "dog"], 100))
