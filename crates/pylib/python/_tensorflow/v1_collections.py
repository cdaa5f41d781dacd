"""TF1 graph collections (`tf.compat.v1.GraphKeys`, `get_collection`, `add_to_collection`)
and the global step (`tf.compat.v1.train.get_or_create_global_step`). The variable
collections are the graph's own lists; the others are kept here per graph."""

import tensorflow as tf

_collections = {}


class GraphKeys:
    """The standard collection names."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    METRIC_VARIABLES = "metric_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TABLE_INITIALIZERS = "table_initializer"
    ASSET_FILEPATHS = "asset_filepaths"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    CONCATENATED_VARIABLES = "concatenated_variables"
    SAVERS = "savers"
    WEIGHTS = "weights"
    BIASES = "biases"
    ACTIVATIONS = "activations"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    SAVEABLE_OBJECTS = "saveable_objects"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    SUMMARY_OP = "summary_op"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    TRAIN_OP = "train_op"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"


def _graph_key():
    return id(tf.compat.v1.get_default_graph())


def _own(name):
    return _collections.setdefault(_graph_key(), {}).setdefault(name, [])


def get_collection(key, scope=None):
    """The items of collection `key` (those whose name starts with `scope`, when given)."""
    if key == GraphKeys.GLOBAL_VARIABLES:
        items = tf.compat.v1.global_variables()
    elif key == GraphKeys.TRAINABLE_VARIABLES:
        items = tf.compat.v1.trainable_variables()
    elif key == GraphKeys.LOCAL_VARIABLES:
        items = tf.compat.v1.local_variables()
    else:
        items = list(_own(key))
    if scope is None:
        return list(items)
    return [item for item in items
            if getattr(item, "name", "").startswith(scope)]


def get_collection_ref(key):
    return _own(key)


def add_to_collection(name, value):
    if name != GraphKeys.LOCAL_VARIABLES:
        _own(name).append(value)


def add_to_collections(names, value):
    for name in ([names] if isinstance(names, str) else names):
        add_to_collection(name, value)


def get_global_step(graph=None):
    """The graph's global step variable, or `None`."""
    steps = _own(GraphKeys.GLOBAL_STEP)
    return steps[0] if steps else None


def create_global_step(graph=None):
    if get_global_step() is not None:
        raise ValueError("\"global_step\" already exists.")
    step = tf.compat.v1.get_variable(
        "global_step", shape=[], dtype=tf.int64,
        initializer=tf.compat.v1.zeros_initializer(), trainable=False)
    add_to_collection(GraphKeys.GLOBAL_STEP, step)
    return step


def get_or_create_global_step(graph=None):
    """The global step: an int64 variable named `global_step`, not trainable."""
    step = get_global_step(graph)
    return step if step is not None else create_global_step(graph)

