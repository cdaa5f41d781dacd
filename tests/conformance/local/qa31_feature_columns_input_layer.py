# feature columns turned into a dense input with tf.compat.v1.feature_column.input_layer
import tensorflow as tf
fc = tf.feature_column
age = fc.numeric_column('age')
fee = fc.numeric_column('fee', normalizer_fn=lambda x: x / 100.0)
b = fc.bucketized_column(age, boundaries=[1, 2, 5])
thal = fc.categorical_column_with_vocabulary_list('thal', ['fixed', 'normal', 'reversible'])
oov = fc.categorical_column_with_vocabulary_list('thal', ['fixed', 'normal'], num_oov_buckets=3)
ident = fc.categorical_column_with_identity('id', num_buckets=4)
town = fc.categorical_column_with_hash_bucket('town', 5)
features = {
    'age': tf.constant([1.0, 2.5, 7.0, 0.0]),
    'fee': tf.constant([[100.], [250.], [0.], [50.]]),
    'thal': tf.constant(['fixed', 'reversible', 'unknown', 'normal']),
    'id': tf.constant([[0], [3], [1], [2]]),
    'town': tf.constant(['a', 'b', 'Southampton', 'Cherbourg']),
}
il = tf.compat.v1.feature_column.input_layer
print(il(features, [age]))
print(il(features, [fee, age]))
print(il(features, [b]))
print(il(features, [fc.indicator_column(thal)]))
print(il(features, [fc.indicator_column(oov)]))
print(il(features, [fc.indicator_column(ident)]))
print(il(features, [fc.indicator_column(town)]))
print(il(features, [b, age, fc.indicator_column(thal)]).shape)
e = il(features, [fc.embedding_column(thal, dimension=3)])
print(e.shape, e.dtype)
