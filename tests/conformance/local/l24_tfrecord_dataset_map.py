# Reading TFRecords in a tf.data pipeline: parse_single_example and parse_example inside Dataset.map and tf.function
import numpy as np
import tensorflow as tf

def make_example(i):
    feature = {
        'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 3])),
        'pixels': tf.train.Feature(float_list=tf.train.FloatList(value=[i * 0.5, i + 0.25, -i])),
        'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('item%d' % i).encode()])),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()

with tf.io.TFRecordWriter('data.tfrecord') as writer:
    for i in range(7):
        writer.write(make_example(i))

description = {
    'label': tf.io.FixedLenFeature([], tf.int64),
    'pixels': tf.io.FixedLenFeature([3], tf.float32),
    'name': tf.io.FixedLenFeature([], tf.string, default_value=''),
}

def parse(record):
    parsed = tf.io.parse_single_example(record, description)
    return parsed['pixels'], parsed['label']

ds = tf.data.TFRecordDataset('data.tfrecord').map(parse).batch(3)
print(ds.element_spec)
for x, y in ds:
    print(x.numpy().tolist(), y.numpy().tolist())

batched = tf.data.TFRecordDataset(['data.tfrecord']).batch(4).map(
    lambda records: tf.io.parse_example(records, description))
for batch in batched:
    print(sorted(batch), batch['name'].numpy().tolist(), batch['label'].shape)

@tf.function
def labels(records):
    return tf.io.parse_example(records, {'label': tf.io.FixedLenFeature([], tf.int64)})['label']
records = [r for r in tf.data.TFRecordDataset('data.tfrecord').batch(7)][0]
print(labels(records))

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(3)])
model.compile('sgd', tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(ds, epochs=2, verbose=0)
print(len(history.history['loss']))

bad = tf.data.TFRecordDataset('data.tfrecord').map(
    lambda r: tf.io.parse_single_example(r, {'missing': tf.io.FixedLenFeature([], tf.int64)}))
try:
    next(iter(bad))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
