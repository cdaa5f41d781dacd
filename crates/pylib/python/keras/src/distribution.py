"""Keras's `tf.distribute` integration, as Keras 3's TensorFlow trainer runs a step under a
strategy: `strategy.run(step, args=(batch,))` gives each replica its rows of the global
batch (`ceil(rows / replicas)` each, as tf.distribute rebatches); inside the step,
`optimizer.apply_gradients` is a `merge_call`: the replicas' gradients are all-reduced
with SUM and every replica's copy of each weight gets the same update."""

import tensorflow as tf

import _keras_native
from keras.src import tree

_pending = None


class _PendingUpdate:
    """The `apply_gradients` calls of one distributed step, replica by replica."""

    def __init__(self, replicas):
        self.calls = [[] for _ in range(replicas)]
        self.replica = 0

    def add(self, optimizer, grads_and_vars):
        pairs = list(grads_and_vars)
        self.calls[self.replica].append(
            (optimizer, [g for g, _ in pairs], [v for _, v in pairs])
        )

    def apply(self, strategy):
        first = self.calls[0]
        for replica_calls in self.calls[1:]:
            if len(replica_calls) != len(first):
                raise RuntimeError(
                    "Every replica must call `apply_gradients` the same number of times."
                )
        for index, (optimizer, _, variables) in enumerate(first):
            grads = [calls[index][1] for calls in self.calls]
            optimizer._apply_replicated(strategy, grads, variables)


def pending_update():
    """The distributed step whose replica is running, if any: `apply_gradients` defers to
    it (TensorFlow's `merge_call`)."""
    return _pending


def is_distributed(strategy):
    """Whether steps run replica by replica: any strategy but the default one."""
    return strategy is not None and type(strategy).__name__ != "_DefaultDistributionStrategy"


def split_rows(data, replicas):
    """Each replica's rows of a global batch: `ceil(rows / replicas)` each, the last
    replicas what is left (maybe none), as tf.distribute rebatches."""
    first = next(t for t in tree.flatten(data) if t is not None)
    rows = int(first.shape[0])
    per = -(-rows // replicas)
    parts = []
    for replica in range(replicas):
        start = min(replica * per, rows)
        stop = min(start + per, rows)
        parts.append(tree.map_structure(
            lambda t, a=start, b=stop: None if t is None else t[a:b], data))
    return parts


class as_replica:
    """What runs in this context runs as `replica` of `strategy`: on its device, with its
    copies of mirrored variables."""

    def __init__(self, strategy, replica):
        self.strategy = strategy
        self.replica = replica

    def __enter__(self):
        _keras_native.enter_replica(self.strategy, self.replica)

    def __exit__(self, *exc):
        _keras_native.exit_replica()


def run(strategy, step, data):
    """`strategy.run(step, args=(data,))` for a Keras step: each replica runs `step` on
    its rows, as that replica; their `apply_gradients` calls are applied together at the
    end. Returns the replicas' outputs, in replica order."""
    global _pending
    replicas = strategy.num_replicas_in_sync
    parts = split_rows(data, replicas)
    update = _PendingUpdate(replicas)
    outputs = []
    for replica, part in enumerate(parts):
        update.replica = replica
        with as_replica(strategy, replica):
            _pending = update
            try:
                outputs.append(step(part))
            finally:
                _pending = None
    update.apply(strategy)
    return outputs


def reduce_per_replica(values, strategy, reduction):
    """Keras's `reduce_per_replica` of the replicas' step outputs: `"auto"` is the first
    replica's on a TPU and the mean elsewhere; `"concat"` joins them along the batch."""
    if reduction == "auto":
        reduction = "first" if isinstance(strategy, tf.distribute.TPUStrategy) else "mean"
    if reduction == "first":
        return values[0]
    if reduction == "concat":
        join = lambda parts: tf.concat(parts, axis=0)
    else:
        join = lambda parts: tf.add_n(parts) / len(parts)
    flats = [tree.flatten(v) for v in values]
    joined = [join([flat[i] for flat in flats]) for i in range(len(flats[0]))]
    return tree.pack_sequence_as(values[0], joined)


def num_replicas():
    """The replicas of the strategy in scope (1 outside any)."""
    return tf.distribute.get_strategy().num_replicas_in_sync
