"""`keras.utils.timeseries_dataset_from_array`: a `tf.data` pipeline of sliding windows
over an array, built from the same dataset ops Keras builds it from (window start
positions, `tf.range` of each window's indices, a `tf.gather` of the whole array), so the
windows, their order under `shuffle`/`seed` and the batches are Keras's."""

import numpy as np
import tensorflow as tf


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1,
                                  sampling_rate=1, batch_size=128, shuffle=False, seed=None,
                                  start_index=None, end_index=None, format="tf"):
    if start_index:
        if start_index < 0:
            raise ValueError(
                f"`start_index` must be 0 or greater. Received: start_index={start_index}")
        if start_index >= len(data):
            raise ValueError(
                "`start_index` must be lower than the length of the data. Received: "
                f"start_index={start_index}, for data of length {len(data)}")
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError(
                "`end_index` must be higher than `start_index`. Received: "
                f"start_index={start_index}, and end_index={end_index} ")
        if end_index >= len(data):
            raise ValueError(
                "`end_index` must be lower than the length of the data. Received: "
                f"end_index={end_index}, for data of length {len(data)}")
        if end_index <= 0:
            raise ValueError(
                f"`end_index` must be higher than 0. Received: end_index={end_index}")
    if sampling_rate <= 0:
        raise ValueError(
            f"`sampling_rate` must be higher than 0. Received: sampling_rate={sampling_rate}")
    if sampling_rate >= len(data):
        raise ValueError(
            "`sampling_rate` must be lower than the length of the data. Received: "
            f"sampling_rate={sampling_rate}, for data of length {len(data)}")
    if sequence_stride <= 0:
        raise ValueError(
            "`sequence_stride` must be higher than 0. Received: "
            f"sequence_stride={sequence_stride}")
    if sequence_stride >= len(data):
        raise ValueError(
            "`sequence_stride` must be lower than the length of the data. Received: "
            f"sequence_stride={sequence_stride}, for data of length {len(data)}")
    if format not in ("tf", "grain"):
        raise ValueError(f'`format` should be either "tf" or "grain". Received: format={format}')
    if format == "grain":
        raise ValueError("The Grain format needs the `grain` package, which this playground "
                         "does not have; use format=\"tf\".")

    if start_index is None:
        start_index = 0
    if end_index is None:
        end_index = len(data)
    num_seqs = end_index - start_index - (sequence_length - 1) * sampling_rate
    if targets is not None:
        num_seqs = min(num_seqs, len(targets))
    index_dtype = "int32" if num_seqs < 2147483647 else "int64"
    start_positions = np.arange(0, num_seqs, sequence_stride, dtype=index_dtype)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(start_positions)
    sequence_length = tf.cast(sequence_length, dtype=index_dtype)
    sampling_rate = tf.cast(sampling_rate, dtype=index_dtype)
    positions = tf.data.Dataset.from_tensors(start_positions).repeat()
    count = len(start_positions)

    window_indices = tf.data.Dataset.zip((tf.data.Dataset.range(count), positions)).map(
        lambda i, p: tf.range(p[i], p[i] + sequence_length * sampling_rate, sampling_rate),
        num_parallel_calls=tf.data.AUTOTUNE)
    dataset = _sequences_from_indices(data, window_indices, start_index, end_index)
    if targets is not None:
        target_indices = tf.data.Dataset.zip((tf.data.Dataset.range(count), positions)).map(
            lambda i, p: p[i], num_parallel_calls=tf.data.AUTOTUNE)
        target_ds = _sequences_from_indices(targets, target_indices, start_index, end_index)
        dataset = tf.data.Dataset.zip((dataset, target_ds))
    dataset = dataset.prefetch(tf.data.AUTOTUNE)
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    return dataset


def _sequences_from_indices(array, indices_ds, start_index, end_index):
    dataset = tf.data.Dataset.from_tensors(array[start_index:end_index])
    return tf.data.Dataset.zip((dataset.repeat(), indices_ds)).map(
        lambda steps, inds: tf.gather(steps, inds), num_parallel_calls=tf.data.AUTOTUNE)
