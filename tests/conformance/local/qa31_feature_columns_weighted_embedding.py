# identity, weighted and file-vocabulary columns; embeddings' shapes; batch-size checks
import tensorflow as tf
fc = tf.feature_column
il = tf.compat.v1.feature_column.input_layer
with open('vocab.txt', 'w') as f:
    f.write('cat\ndog\nbird\n')
voc = fc.categorical_column_with_vocabulary_file('pet', 'vocab.txt')
print(voc)
print(voc.num_buckets)
voc_oov = fc.categorical_column_with_vocabulary_file('pet', 'vocab.txt', num_oov_buckets=2)
feats = {'pet': tf.constant([['dog'], ['bird'], ['fish']]),
         'id': tf.constant([[1, 2], [0, -1], [7, 3]]),
         'id2': tf.constant([[1, 2], [0, -1], [-1, -1]]),
         'w': tf.constant([[0.5, 2.0], [1.0, 0.0], [3.0, 1.0]]),
         'w2': tf.constant([[0.5, 2.0], [1.0, 0.0], [0.0, 0.0]])}
print(il(feats, fc.indicator_column(voc)))
print(il(feats, fc.indicator_column(voc_oov)))
ident = fc.categorical_column_with_identity('id', 4)
print(il(feats, fc.indicator_column(ident)))
print(il(feats, fc.indicator_column(fc.categorical_column_with_identity('id', 4, default_value=0))))
print(il(feats, fc.indicator_column(fc.weighted_categorical_column(ident, 'w'))))
ones = tf.compat.v1.initializers.ones()
ident2 = fc.categorical_column_with_identity('id2', 4)
for comb in ['sum', 'mean', 'sqrtn']:
    print(comb, il(feats, fc.embedding_column(ident2, 2, combiner=comb, initializer=ones)))
for comb in ['sum', 'mean', 'sqrtn']:
    print(il(feats, fc.embedding_column(fc.weighted_categorical_column(ident2, 'w2'), 2, combiner=comb, initializer=ones)))
try:
    il({'a': tf.constant([1.0, 2.0]), 'b': tf.constant([1.0])}, [fc.numeric_column('a'), fc.numeric_column('b')])
except ValueError as e:
    print(e)
try:
    il({'a': tf.constant(1.0)}, [fc.numeric_column('a')])
except ValueError as e:
    print(e)
cols = {}
out = {}
il({'a': tf.constant([[1.0, 2.0]])}, [fc.numeric_column('a', shape=2)], cols_to_output_tensors=out)
print(list(out.values()))
print(il({'a': tf.constant([[[1.0, 2.0], [3.0, 4.0]]])}, [fc.numeric_column('a', shape=(2, 2))]))
print(il(feats, fc.embedding_column(ident2, 3, initializer=tf.keras.initializers.Constant(0.5))))
print(il(feats, fc.embedding_column(ident2, 2, initializer=lambda shape, dtype=None, partition_info=None: tf.fill(shape, 2.0))))
