"""`tf.train`: checkpoints (`Checkpoint`, `CheckpointManager`, `latest_checkpoint`,
`list_variables`, `load_checkpoint`), `tf.train.Example`'s messages and `ClusterSpec`."""

from _tensorflow.checkpoint import (Checkpoint, CheckpointManager, CheckpointReader,
                                    latest_checkpoint, list_variables, load_checkpoint)


from _tensorflow.example_pb import (  # noqa: E402,F401
    BytesList, Example, Feature, Features, FloatList, Int64List,
)
from _tensorflow.cluster_resolver import ClusterSpec  # noqa: E402,F401
