# tf.train.Example, TFRecord files and parsing, as the TFRecord tutorial writes and reads them (eagerly)
import numpy as np
import tensorflow as tf

def _bytes_feature(value):
    if isinstance(value, type(tf.constant(0))):
        value = value.numpy()
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))

def _float_feature(value):
    return tf.train.Feature(float_list=tf.train.FloatList(value=[value]))

def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))

print(_bytes_feature(b'test_string'))
print(_bytes_feature(u'test_bytes'.encode('utf-8')))
print(_float_feature(np.exp(1)))
print(_int64_feature(1))
feature = _float_feature(np.exp(1))
print(feature.SerializeToString())
print(tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"\x00\xffa\"b\n'\\"])))
print(tf.train.FloatList(value=[1.1, 2.0, 1e-7, 3e10, float("inf"), -0.25]))
print(tf.train.Int64List(value=[-1, 2**40, np.int64(7)]))
for flag in [True, np.bool_(True)]:
    try:
        _int64_feature(flag)
    except TypeError as e:
        print(e)

n_observations = 6
feature0 = np.random.RandomState(0).choice([0, 1], n_observations)
feature1 = np.random.RandomState(1).randint(0, 5, n_observations)
strings = np.array([b'cat', b'dog', b'chicken', b'horse', b'goat'])
feature2 = strings[feature1]
feature3 = np.random.RandomState(2).randn(n_observations)

def serialize_example(feature0, feature1, feature2, feature3):
    feature = {
        'feature0': _int64_feature(feature0),
        'feature1': _int64_feature(feature1),
        'feature2': _bytes_feature(feature2),
        'feature3': _float_feature(feature3),
    }
    example_proto = tf.train.Example(features=tf.train.Features(feature=feature))
    return example_proto.SerializeToString()

filename = 'test.tfrecord'
with tf.io.TFRecordWriter(filename) as writer:
    for i in range(n_observations):
        writer.write(serialize_example(feature0[i], feature1[i], feature2[i], feature3[i]))

raw_dataset = tf.data.TFRecordDataset([filename])
print(raw_dataset.element_spec)
for raw_record in raw_dataset.take(2):
    example = tf.train.Example()
    example.ParseFromString(raw_record.numpy())
    f = example.features.feature
    print(len(f), f['feature1'].int64_list.value, f['feature2'].bytes_list.value[0],
          f['feature3'].float_list.value[0], f['feature0'].WhichOneof('kind'))
    print(f['feature2'])

feature_description = {
    'feature0': tf.io.FixedLenFeature([], tf.int64, default_value=0),
    'feature1': tf.io.FixedLenFeature([], tf.int64, default_value=0),
    'feature2': tf.io.FixedLenFeature([], tf.string, default_value=''),
    'feature3': tf.io.FixedLenFeature([], tf.float32, default_value=0.0),
    'missing': tf.io.FixedLenFeature([2], tf.int64, default_value=[5, 6]),
}
for raw_record in raw_dataset.take(3):
    print(tf.io.parse_single_example(raw_record, feature_description))
records = [r.numpy() for r in raw_dataset]
print(tf.io.parse_example(records, feature_description)['feature1'])
print(tf.io.parse_example(records, {'feature2': tf.io.VarLenFeature(tf.string)}))
print(tf.io.FixedLenFeature([], tf.int64, default_value=0), tf.io.VarLenFeature(tf.string))
for bad in [{'feature1': tf.io.FixedLenFeature([2], tf.int64)},
            {'nothere': tf.io.FixedLenFeature([], tf.int64)},
            {'feature1': tf.io.FixedLenFeature([], tf.float32)}]:
    try:
        tf.io.parse_single_example(records[0], bad)
    except tf.errors.InvalidArgumentError as e:
        print(e.message)
e = tf.train.Example()
print(repr(str(e)), e.SerializeToString())
e.features.feature["a"].int64_list.value.append(3)
e.features.feature["a"].int64_list.value.extend([4, 5])
print(e)
print(e == tf.train.Example.FromString(e.SerializeToString()), "a" in e.features.feature)
print(tf.train.Feature().WhichOneof("kind"))
