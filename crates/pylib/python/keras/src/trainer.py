"""Training: `compile`, `fit`, `evaluate`, `predict`, `train_on_batch`,
`test_on_batch`, `predict_on_batch`, with overridable `train_step`/`test_step`/
`predict_step` and `compute_loss`, as Keras 3's TensorFlow trainer runs them: each step
in a `tf.function`, the loss and metrics as running means over the epoch, and Keras's
progress lines timed by the simulated clock."""

import warnings

import numpy as np

import tensorflow as tf

import _keras_native
from keras.src import backend, distribution, losses as losses_module
from keras.src import metrics as metrics_module, tree

def _with_defaults(callbacks, verbose, history=None):
    """The callbacks of a `fit`, `evaluate` or `predict`: the user's, then `history` (in
    `fit`), then the progress bar when `verbose` is on, in the order Keras's callback list
    calls them."""
    from keras.src.callbacks import ProgbarLogger
    callbacks = list(callbacks or [])
    if history is not None:
        callbacks.append(history)
    if verbose:
        callbacks.append(ProgbarLogger())
    return callbacks


def _is_py_dataset(x):
    return hasattr(x, "__getitem__") and hasattr(x, "on_epoch_end") and \
        hasattr(x, "num_batches")


_BOTH_WEIGHTS = "You cannot `class_weight` and `sample_weight` at the same time."


class _Batches:
    """The batches of one epoch: slices of in-memory arrays (shuffled when asked) or the
    elements of a `tf.data.Dataset`."""

    def __init__(self, x, y, sample_weight, batch_size, steps, class_weight=None):
        self.dataset = None
        self.py_dataset = None
        if _is_py_dataset(x):
            self.py_dataset = x
            self.steps = steps or len(x)
            self.class_weight = class_weight
            return
        if isinstance(x, tf.data.Dataset):
            self.dataset = x if class_weight is None else \
                x.map(_class_weight_map_fn(class_weight))
            self.steps = steps
            cardinality = int(self.dataset.cardinality())
            self.num_batches = cardinality if cardinality >= 0 else None
            self._iterator = None
            self._steps_seen = 0
            return
        self.x = tree.map_structure(self._array, x)
        self.y = None if y is None else tree.map_structure(self._array, y)
        if sample_weight is not None:
            if class_weight is not None:
                raise ValueError(_BOTH_WEIGHTS)
            sample_weight = tree.map_structure(self._array, sample_weight)
        if class_weight is not None:
            if self.y is None or tree.is_nested(self.y):
                raise ValueError("`class_weight` is only supported for Models with a "
                                 "single output.")
            sample_weight = _class_weight_to_sample_weights(self.y, class_weight)
        self.sample_weight = sample_weight
        packed = (self.x,) if self.y is None else (
            (self.x, self.y) if sample_weight is None else (self.x, self.y, sample_weight))
        _check_data_cardinality(packed)
        first = tree.flatten(self.x)[0]
        self.size = int(first.shape[0])
        self.batch_size = batch_size or 32
        self.steps = steps or -(-self.size // self.batch_size)

    def _permutation(self):
        """The epoch's sample order as Keras's array adapter draws it: `tf.random.shuffle`
        of `tf.range(n)` in a one-element dataset's `map`, made once per `fit`. Each epoch
        iterates it anew, and TensorFlow starts a new iterator's random kernels afresh, so
        with a global seed every epoch of one `fit` sees the same order, as in Keras."""
        if getattr(self, "_order", None) is None:
            size = self.size

            def permutation(_):
                return tf.random.shuffle(tf.range(size, dtype=tf.int64))

            self._order = tf.data.Dataset.range(1).map(permutation).prefetch(1)
        return next(iter(self._order)).numpy()

    def _dataset_epoch(self):
        """One epoch of a dataset's elements, iterated as Keras's epoch iterator does: with
        `steps_per_epoch`, one iterator carries on from epoch to epoch (a repeated dataset
        gives each epoch new elements); when the dataset's size is known, a new iterator
        is made as soon as an epoch has read all of it, and again at the next epoch's start
        without `steps_per_epoch`. A shuffled dataset draws an order for each iterator, so
        this decides which order each epoch sees."""
        steps = self.steps or self.num_batches or -1
        if steps <= 0:
            seen = 0
            for element in self.dataset:
                seen += 1
                yield _unpack(element)
            # Keras learns the size from the first epoch that reaches the end.
            self.num_batches = seen
            return
        if self._iterator is None or self.steps is None:
            self._iterator = iter(self.dataset)
            self._steps_seen = 0
        for _ in range(steps):
            if self.num_batches and self._steps_seen >= self.num_batches:
                if self.steps:
                    _ran_out_of_data()
                break
            self._steps_seen += 1
            try:
                element = next(self._iterator)
            except StopIteration:
                if self.num_batches is None:
                    self.num_batches = self._steps_seen - 1
                _ran_out_of_data()
                self._iterator = None
                return
            yield _unpack(element)
        if self.num_batches and self._steps_seen >= self.num_batches:
            self._iterator = iter(self.dataset)
            self._steps_seen = 0

    @staticmethod
    def _array(a):
        if isinstance(a, (list, tuple)) and not isinstance(a, np.ndarray):
            a = np.asarray(a)
        return a

    def epoch(self, shuffle):
        if self.py_dataset is not None:
            self.py_dataset.on_epoch_begin()
            for index in range(self.steps):
                element = self.py_dataset[index]
                bx, by, bw = _unpack(tuple(element) if isinstance(element, list) else element)
                if self.class_weight is not None:
                    if bw is not None:
                        raise ValueError(_BOTH_WEIGHTS)
                    bw = _class_weight_to_sample_weights(by, self.class_weight)
                yield bx, by, bw
            self.py_dataset.on_epoch_end()
            return
        if self.dataset is not None:
            yield from self._dataset_epoch()
            return
        order = None
        if shuffle:
            order = self._permutation()
        for step in range(self.steps):
            start = step * self.batch_size
            stop = min(start + self.batch_size, self.size)
            if start >= self.size:
                break

            def take(a):
                if isinstance(a, tf.Tensor):
                    # A tensor stays one (and may stay uncomputed: values on demand), as
                    # Keras's adapter gathers the batch from it.
                    if order is not None:
                        return tf.gather(a, order[start:stop])
                    return a[start:stop]
                if order is not None:
                    part = np.asarray(a)[order[start:stop]]
                else:
                    part = a[start:stop]
                return tf.convert_to_tensor(part)

            bx = tree.map_structure(take, self.x)
            by = None if self.y is None else tree.map_structure(take, self.y)
            bw = None if self.sample_weight is None else \
                tree.map_structure(take, self.sample_weight)
            yield bx, by, bw


def _ran_out_of_data():
    """Keras's warning when a dataset ends before `steps_per_epoch * epochs` batches."""
    warnings.warn(
        "Your input ran out of data; interrupting training. Make sure that your dataset "
        "or generator can generate at least `steps_per_epoch * epochs` batches. You may "
        "need to use the `.repeat()` function when building your dataset.",
        stacklevel=2,
    )


def _class_weight_to_sample_weights(y, class_weight):
    """Each sample's weight from its class, as Keras's array adapter finds it: the target's
    argmax when one-hot, its rounded value otherwise; classes not listed weigh 1."""
    y = np.asarray(y)
    weights = np.ones((y.shape[0],), dtype=backend.floatx())
    if y.ndim > 1:
        y = np.argmax(y, axis=-1) if y.shape[-1] != 1 else np.squeeze(y, axis=-1)
    y = np.round(y).astype("int32")
    for i in range(y.shape[0]):
        weights[i] = class_weight.get(int(y[i]), 1.0)
    return weights


def _class_weight_map_fn(class_weight):
    """A dataset `map` adding each element's class weights, as Keras's dataset adapter."""
    table = tf.convert_to_tensor(
        [class_weight.get(int(c), 1.0) for c in range(max(class_weight.keys()) + 1)])

    def class_weights_map_fn(*data):
        x, y, sw = _unpack(data)
        if sw is not None:
            raise ValueError(_BOTH_WEIGHTS)
        if tree.is_nested(y):
            raise ValueError("`class_weight` is only supported for Models with a single "
                             "output.")
        if y.shape.rank >= 2:
            if y.shape[-1] is not None and y.shape[-1] > 1:
                classes = tf.argmax(y, axis=-1, output_type=tf.int32)
            else:
                classes = tf.cast(tf.round(tf.squeeze(y, axis=-1)), tf.int32)
        else:
            classes = tf.cast(tf.round(y), tf.int32)
        return x, y, tf.gather(table, classes)

    return class_weights_map_fn


def _unpack(element):
    if isinstance(element, tuple):
        if len(element) == 1:
            return element[0], None, None
        if len(element) == 2:
            return element[0], element[1], None
        return element[0], element[1], element[2]
    return element, None, None


def _by_output(y, names):
    """Targets in output order, from a list, tuple or dict by output name."""
    if isinstance(y, dict):
        return [y.get(name) for name in names]
    return list(y)


def _as_float(value):
    """A log value as a Python float where it converts to one, as Keras's
    `pythonify_logs` makes it."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return value


def _pythonify_logs(logs):
    """A step's logs as numbers, nested dicts (`compile_metrics`) flattened, as Keras
    reports them."""
    out = {}
    for key, value in sorted(logs.items()):
        if isinstance(value, dict):
            out.update(_pythonify_logs(value))
        elif hasattr(value, "numpy"):
            # A value beyond the work budget (values on demand) is logged as None.
            out[key] = _as_float(value.numpy()) if _keras_native.is_computed(value) else None
        else:
            out[key] = _as_float(value)
    return out


def _float_logs(logs):
    """An epoch's logs flattened, each a float (or `None` where not computed)."""
    return {k: None if v is None else float(v) for k, v in _pythonify_logs(logs).items()}


class CompileMetrics:
    """The metrics given to `compile`, grouped as Keras groups them (one entry of
    `model.metrics`, named `compile_metrics`, whose result is a dict): those of `metrics`
    ignore sample weights; those of `weighted_metrics` apply them."""

    def __init__(self, metrics, weighted=()):
        self.name = "compile_metrics"
        self.metrics = metrics
        self.weighted = weighted

    def _is_weighted(self, metric):
        return any(metric is m for m in self.weighted)

    def update_state(self, y_true, y_pred, sample_weight=None):
        for metric in self.metrics:
            weight = sample_weight if self._is_weighted(metric) else None
            metric.update_state(y_true, y_pred, sample_weight=weight)

    def reset_state(self):
        for metric in self.metrics:
            metric.reset_state()

    def result(self):
        # As Keras names results: a weighted metric whose name an unweighted one already
        # took is reported as `weighted_<name>`.
        results = {}
        for metric in self.metrics:
            name = metric.name
            if name in results and self._is_weighted(metric):
                name = f"weighted_{metric.name}"
                count = 1
                while name in results:
                    name = f"weighted_{metric.name}_{count}"
                    count += 1
            results[name] = metric.result()
        return results

    @property
    def variables(self):
        return [v for m in self.metrics for v in m.variables]

    def __repr__(self):
        return "<CompileMetrics name=compile_metrics>"


def _in_strategy_scope(method):
    """Runs a loop in the scope of the model's strategy, as Keras does."""
    def run(self, *args, **kwargs):
        with self._strategy_scope():
            return method(self, *args, **kwargs)

    run.__name__ = method.__name__
    run.__doc__ = method.__doc__
    return run


class _NoScope:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


class Trainer:
    # What `compile` sets up of the metrics it is given.
    _METRIC_STATE = ("_compiled_metrics", "_metric_outputs", "_metrics_to_build",
                     "_weighted_to_build", "_weighted_metrics")

    def __init__(self):
        self.optimizer = None
        self.loss = None
        self.compiled = False
        self.stop_training = False
        self.history = None
        self._optimizer_built = False
        self._compiled_metrics = []
        self._metrics_to_build = []
        self._compiled_loss = None
        self._per_output = None
        self._loss_tracker = None
        self._train_function = None
        self._test_function = None
        self._predict_function = None
        self._run_eagerly = False
        self._in_compiled_step = False
        # The strategy whose scope the model is built in, as Keras's TensorFlow trainer
        # records it: its steps run on every replica.
        self._distribute_strategy = (tf.distribute.get_strategy()
                                     if tf.distribute.has_strategy() else None)

    @property
    def distribute_strategy(self):
        return self._distribute_strategy or tf.distribute.get_strategy()

    def _strategy_scope(self):
        if distribution.is_distributed(self._distribute_strategy):
            return self._distribute_strategy.scope()
        return _NoScope()

    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None,
                weighted_metrics=None, run_eagerly=False, steps_per_execution=1,
                jit_compile="auto", auto_scale_loss=True):
        from keras import optimizers
        from keras.src.loss_scale_optimizer import LossScaleOptimizer
        previous = getattr(self, "_compile_config", None)
        if previous is not None:
            # Keras keeps the loss and the metrics of an earlier `compile` that this one
            # leaves out: compiling again with only an optimizer trains on the same loss.
            if loss is None:
                loss, loss_weights = previous["loss"], previous["loss_weights"]
        # The metrics themselves are kept (not made again from their names), as Keras keeps
        # its compiled metrics object.
        kept_metrics = None
        if previous is not None and metrics is None and weighted_metrics is None:
            kept_metrics = {name: getattr(self, name, []) for name in self._METRIC_STATE}
        self.optimizer = optimizers.get(optimizer)
        if auto_scale_loss and self.dtype_policy.name == "mixed_float16" and \
                self.optimizer is not None and \
                not isinstance(self.optimizer, LossScaleOptimizer):
            # Keras wraps the optimizer so float16 gradients do not underflow.
            self.optimizer = LossScaleOptimizer(self.optimizer, name="loss_scale_optimizer")
        self._metrics_to_build = []
        self.loss = loss
        self._loss_tracker = metrics_module.Mean(name="loss")
        self._compile_args = (loss, loss_weights, metrics)
        # What `model.save` writes so `load_model` compiles the copy the same way.
        if jit_compile == "auto":
            jit_compile = False if run_eagerly else self._resolve_auto_jit_compile()
        if jit_compile and run_eagerly:
            jit_compile = False
            warnings.warn("If `run_eagerly` is True, then `jit_compile` cannot also be "
                          "True. Disabling `jit_compile`.", stacklevel=2)
        self.jit_compile = jit_compile
        self._compile_config = {
            "optimizer": self.optimizer, "loss": loss, "loss_weights": loss_weights,
            "metrics": metrics, "weighted_metrics": weighted_metrics,
            "run_eagerly": run_eagerly, "steps_per_execution": steps_per_execution,
            "jit_compile": jit_compile,
        }
        self._per_output = None
        names = self._output_names()
        if len(names) > 1 and (isinstance(loss, (list, tuple, dict))
                               or isinstance(metrics, dict)
                               or (metrics and isinstance(metrics[0], (list, tuple)))):
            if weighted_metrics:
                raise NotImplementedError("`weighted_metrics` for a model with several "
                                          "outputs is not emulated in this playground yet.")
            self._compile_per_output(names, loss, loss_weights, metrics)
        else:
            self._compiled_loss = losses_module.loss_object(loss)
            self._compiled_metrics = []
            # As Keras, metric names are resolved when the first step builds them.
            self._metrics_to_build = list(metrics or [])
            self._weighted_to_build = list(weighted_metrics or [])
        self._weighted_metrics = []
        if kept_metrics is not None:
            for name, value in kept_metrics.items():
                setattr(self, name, value)
        self._compile_metrics_group = CompileMetrics(self._compiled_metrics,
                                                     self._weighted_metrics)
        self._run_eagerly = run_eagerly
        self.compiled = True
        self._train_function = None
        self._test_function = None
        self._predict_function = None

    def _output_names(self):
        outputs = getattr(self, "outputs", None)
        if not outputs:
            return []
        return [t._keras_history[0].name for t in outputs]

    def _compile_per_output(self, names, loss, loss_weights, metrics):
        """Losses, weights and metrics given per output (a list in output order or a dict
        by output name): each output's loss is logged as `<output>_loss` and its metrics
        as `<output>_<metric>`, as Keras names them."""
        def per_output(value):
            if isinstance(value, dict):
                return [value.get(name) for name in names]
            if isinstance(value, (list, tuple)):
                return list(value)
            return [value] * len(names)

        losses = [losses_module.loss_object(l) if l is not None else None
                  for l in per_output(loss)]
        weights = per_output(loss_weights) if loss_weights is not None else [1.0] * len(names)
        trackers = [metrics_module.Mean(name=f"{name}_loss") if l is not None else None
                    for name, l in zip(names, losses)]
        self._per_output = list(zip(losses, weights, trackers))
        self._compiled_loss = None
        self._compiled_metrics = []
        self._metric_outputs = []
        per_metrics = per_output(metrics) if metrics is not None else [None] * len(names)
        for index, (name, group) in enumerate(zip(names, per_metrics)):
            if group is None:
                continue
            for m in (group if isinstance(group, (list, tuple)) else [group]):
                metric = metrics_module.get(m, losses[index])
                metric.name = f"{name}_{metric.name}"
                self._compiled_metrics.append(metric)
                self._metric_outputs.append(index)

    @property
    def run_eagerly(self):
        return self._run_eagerly

    @run_eagerly.setter
    def run_eagerly(self, value):
        self._run_eagerly = value

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    # ---- steps ------------------------------------------------------------------------

    # Keras 2's names, kept by Keras 3's TensorFlow trainer with a deprecation warning.
    @property
    def compiled_metrics(self):
        model = self

        class DeprecatedCompiledMetric:
            def update_state(_, y, y_pred, sample_weight=None):
                warnings.warn(
                    "`model.compiled_metrics()` is deprecated. Instead, use e.g.:\n```\n"
                    "for metric in self.metrics:\n    metric.update_state(y, y_pred)\n```\n",
                    stacklevel=2)
                for metric in model.metrics:
                    if isinstance(metric, metrics_module.Mean):
                        metric.update_state(y_pred, sample_weight=sample_weight)
                    else:
                        metric.update_state(y, y_pred, sample_weight=sample_weight)

        return DeprecatedCompiledMetric()

    def compiled_loss(self, y, y_pred, sample_weight=None, regularization_losses=None):
        warnings.warn("`model.compiled_loss()` is deprecated. Instead, use "
                      "`model.compute_loss(x, y, y_pred, sample_weight, training)`.")
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        losses = []
        if self._per_output is not None and y is not None:
            ys = _by_output(y, self._output_names())
            preds = tree.flatten(y_pred)
            for (loss, weight, tracker), target, pred in zip(self._per_output, ys, preds):
                if loss is None:
                    continue
                value = loss(target, pred, sample_weight)
                # Keras weighs each output's loss by its batch's static size: inside the
                # compiled step a batch's size is unknown (the last batch may be short), so
                # there every batch counts once; run eagerly, by its rows.
                rows = None if self._in_compiled_step else pred.shape[0]
                tracker.update_state(value, sample_weight=rows)
                losses.append(value * weight if weight != 1.0 else value)
        elif self._compiled_loss is not None and y is not None:
            losses.append(self._compiled_loss(y, y_pred, sample_weight))
        for extra in self.losses:
            losses.append(losses_module.scale_loss_for_distribution(tf.cast(extra, "float32")))
        if not losses:
            if self._compiled_loss is None and self._per_output is None:
                raise ValueError(
                    "No loss to compute. Provide a `loss` argument in `compile()`."
                )
            return tf.constant(0.0)
        total = losses[0]
        for extra in losses[1:]:
            total = total + extra
        return total

    def train_step(self, data):
        x, y, sample_weight = _unpack(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
            self._loss_tracker.update_state(losses_module.unscale_loss_for_distribution(loss),
                                            sample_weight=tf.shape(tree.flatten(x)[0])[0])
            if self.optimizer is not None and hasattr(self.optimizer, "scale_loss"):
                loss = self.optimizer.scale_loss(loss)
        variables = self.trainable_variables
        if variables:
            gradients = tape.gradient(loss, variables)
            self.optimizer.apply_gradients(zip(gradients, variables))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        x, y, sample_weight = _unpack(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight,
                                 training=False)
        self._loss_tracker.update_state(losses_module.unscale_loss_for_distribution(loss),
                                        sample_weight=tf.shape(tree.flatten(x)[0])[0])
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data):
        x, _, _ = _unpack(data)
        return self(x, training=False)

    def compute_metrics(self, x, y, y_pred, sample_weight=None):
        if self._compiled_metrics and self._per_output is not None:
            ys = _by_output(y, self._output_names())
            preds = tree.flatten(y_pred)
            for metric, index in zip(self._compiled_metrics, self._metric_outputs):
                metric.update_state(ys[index], preds[index])
        elif self._compiled_metrics:
            self._compile_metrics_group.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    def get_metrics_result(self):
        logs = {}
        for metric in self.metrics:
            result = metric.result()
            if isinstance(result, dict):
                logs.update(result)
            else:
                logs[metric.name] = result
        return logs

    @property
    def metrics(self):
        out = []
        tracker = getattr(self, "_loss_tracker", None)
        if tracker is not None:
            out.append(tracker)
        # Keras's order: the loss, the compiled metrics, then each output's loss.
        if getattr(self, "_compiled_metrics", None) or getattr(self, "_metrics_to_build", None) \
                or getattr(self, "_weighted_to_build", None):
            out.append(self._compile_metrics_group)
        for entry in getattr(self, "_per_output", None) or []:
            if entry[2] is not None:
                out.append(entry[2])
        for layer in self._flat_layers():
            out.extend(layer._metrics_list)
        return out

    def reset_metrics(self):
        for metric in self.metrics:
            metric.reset_state()

    def _function(self, step, name, reduction="auto"):
        """A step as Keras runs it: one call of its compiled function `name` per step in
        the report (the step itself runs op by op, so every op's gradient is available),
        or plainly when the model runs eagerly. Under a strategy each replica runs the step
        on its rows (`strategy.run`) and their outputs are reduced by `reduction`."""
        strategy = self._distribute_strategy
        if distribution.is_distributed(strategy):
            def replicated(data):
                outputs = distribution.run(strategy, step, data)
                return distribution.reduce_per_replica(outputs, strategy, reduction)
        else:
            replicated = step
        if self._run_eagerly:
            return replicated

        def compiled(data):
            # Keras compiles `one_step_on_data` with XLA when `jit_compile` is on.
            _keras_native.begin_compiled_step(name, bool(getattr(self, "jit_compile", False)))
            self._in_compiled_step = True
            try:
                return replicated(data)
            finally:
                self._in_compiled_step = False
                _keras_native.end_compiled_step()

        return compiled

    def _resolve_auto_jit_compile(self):
        """Keras's `jit_compile="auto"` on TensorFlow: XLA only where a GPU or TPU is
        present and no strategy distributes the steps."""
        devices = tf.config.list_physical_devices()
        if all(device.device_type == "CPU" for device in devices):
            return False
        return not self._distribute_strategy

    # ---- loops ------------------------------------------------------------------------

    def _build_metrics(self):
        if self._metrics_to_build:
            specs, self._metrics_to_build = self._metrics_to_build, []
            self._compiled_metrics.extend(metrics_module.get(m, self._compiled_loss)
                                          for m in specs)
        if getattr(self, "_weighted_to_build", None):
            specs, self._weighted_to_build = self._weighted_to_build, []
            weighted = [metrics_module.get(m, self._compiled_loss) for m in specs]
            self._weighted_metrics.extend(weighted)
            self._compiled_metrics.extend(weighted)

    def _run_epoch(self, batches, shuffle, train, callbacks=()):
        """`(logs, steps)` of one pass over `batches`: the epoch's logs as Keras keeps them
        (not yet flattened) and how many steps ran."""
        self._build_metrics()
        if train:
            if self._train_function is None:
                self._train_function = self._function(self.train_step, "multi_step_on_iterator")
            function = self._train_function
        else:
            if self._test_function is None:
                self._test_function = self._function(self.test_step, "multi_step_on_iterator")
            function = self._test_function
        self.reset_metrics()
        steps = 0
        step_logs = None
        for index, (bx, by, bw) in enumerate(batches.epoch(shuffle)):
            for callback in callbacks:
                if train:
                    callback.on_train_batch_begin(index, {})
                else:
                    callback.on_test_batch_begin(index, {})
            data = (bx,) if by is None else ((bx, by) if bw is None else (bx, by, bw))
            step_logs = function(data)
            if train:
                self._optimizer_built = True
            steps += 1
            logs = _pythonify_logs(step_logs)
            for callback in callbacks:
                if train:
                    callback.on_train_batch_end(index, logs)
                else:
                    callback.on_test_batch_end(index, logs)
            # A callback that sets `stop_training` ends the epoch after this step.
            if train and self.stop_training:
                break
        if steps:
            # The epoch's logs are the metrics' results, read once the epoch is over (under
            # a strategy, the sums of every replica's updates), as Keras reads them; a
            # custom step that returns other keys keeps its last step's logs.
            metric_logs = self.get_metrics_result()
            if not isinstance(step_logs, dict) or set(step_logs) == set(metric_logs):
                step_logs = metric_logs
        # Unflattened: `fit` merges the validation logs into them first, as Keras does.
        return (step_logs if steps else {}), steps

    @_in_strategy_scope
    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None,
            validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
            sample_weight=None, initial_epoch=0, steps_per_epoch=None, validation_steps=None,
            validation_batch_size=None, validation_freq=1):
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")
        if verbose == "auto":
            verbose = 1
        if validation_split and validation_data is None and not isinstance(x, tf.data.Dataset):
            size = int(tree.flatten(x)[0].shape[0])
            split = int(size * (1.0 - validation_split))

            def tail(a):
                return None if a is None else tree.map_structure(lambda v: v[split:], a)

            def head(a):
                return None if a is None else tree.map_structure(lambda v: v[:split], a)

            validation_data = (tail(x), tail(y), tail(sample_weight))
            x, y, sample_weight = head(x), head(y), head(sample_weight)
        batches = _Batches(x, y, sample_weight, batch_size, steps_per_epoch, class_weight)
        from keras.src.callbacks import History
        history = History()
        callbacks = _with_defaults(callbacks, verbose, history)
        params = {"verbose": verbose, "epochs": epochs, "steps": batches.steps}
        for callback in callbacks:
            callback.set_model(self)
            callback.set_params(params)
        self._initial_epoch = None
        for callback in callbacks:
            callback.on_train_begin({})
        self.stop_training = False
        # `BackupAndRestore` resumes an interrupted `fit` at the epoch it had reached.
        initial_epoch = self._initial_epoch or initial_epoch
        logs = {}
        for epoch in range(initial_epoch, epochs):
            for callback in callbacks:
                callback.on_epoch_begin(epoch, {})
            epoch_logs, steps = self._run_epoch(batches, shuffle and batches.dataset is None
                                                and batches.py_dataset is None, True,
                                                callbacks)
            epoch_logs = dict(epoch_logs)
            if validation_data is not None and (epoch + 1) % validation_freq == 0:
                if isinstance(validation_data, tf.data.Dataset) or \
                        _is_py_dataset(validation_data):
                    vb = _Batches(validation_data, None, None, None, validation_steps)
                else:
                    vx, vy, vw, *_ = tuple(validation_data) + (None, None)
                    vb = _Batches(vx, vy, vw, validation_batch_size or batch_size,
                                  validation_steps)
                # Keras runs validation as `evaluate` with the same callbacks.
                val_logs, _ = self._evaluate_epoch(vb, callbacks)
                for key, value in val_logs.items():
                    epoch_logs["val_" + key] = value
            # Keras's callback list hands every callback the logs flattened and sorted by
            # their top-level names (a custom step's nested `compile_metrics` sorts as one).
            logs = _pythonify_logs(epoch_logs)
            # The user's callbacks see the epoch's logs first (and may add to them, as
            # `ReduceLROnPlateau` adds `learning_rate`); Keras's progress bar comes last.
            for callback in callbacks:
                callback.on_epoch_end(epoch, logs)
            if self.stop_training:
                break
        for callback in callbacks:
            callback.on_train_end(logs)
        self.history = history
        return history

    def _evaluate_epoch(self, batches, callbacks):
        """`(logs, steps)` of one pass over `batches` in test mode, with the callbacks'
        `on_test_*` hooks."""
        for callback in callbacks:
            callback.on_test_begin({})
        epoch_logs, steps = self._run_epoch(batches, False, False, callbacks)
        logs = _float_logs(epoch_logs)
        for callback in callbacks:
            callback.on_test_end(logs)
        return logs, steps

    @_in_strategy_scope
    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None,
                 steps=None, callbacks=None, return_dict=False):
        if verbose == "auto":
            verbose = 1
        batches = _Batches(x, y, sample_weight, batch_size, steps)
        callbacks = _with_defaults(callbacks, verbose)
        for callback in callbacks:
            callback.set_model(self)
            callback.set_params({"verbose": verbose, "epochs": 1, "steps": batches.steps})
        logs, _ = self._evaluate_epoch(batches, callbacks)
        if return_dict:
            return logs
        return self._values(logs)

    @_in_strategy_scope
    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        if verbose == "auto":
            verbose = 1
        batches = _Batches(x, None, None, batch_size, steps)
        if self._predict_function is None:
            self._predict_function = self._function(self.predict_step,
                                                    "one_step_on_data_distributed", "concat")
        callbacks = _with_defaults(callbacks, verbose)
        for callback in callbacks:
            callback.set_model(self)
            callback.set_params({"verbose": verbose, "epochs": 1, "steps": batches.steps})
            callback.on_predict_begin({})
        outputs = []
        count = 0
        for bx, _, _ in batches.epoch(False):
            for callback in callbacks:
                callback.on_predict_batch_begin(count, {})
            outputs.append(self._predict_function((bx,)))
            for callback in callbacks:
                callback.on_predict_batch_end(count, {"outputs": outputs[-1]})
            count += 1
        for callback in callbacks:
            callback.on_predict_end({})
        if not outputs:
            raise ValueError("Unexpected result of `predict_function` (Empty batch_outputs).")
        flat = [tree.flatten(o) for o in outputs]
        joined = [np.concatenate([np.asarray(f[i]) for f in flat]) for i in range(len(flat[0]))]
        return tree.pack_sequence_as(outputs[0], joined)

    @_in_strategy_scope
    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None,
                       return_dict=False):
        batches = _Batches(x, y, sample_weight, int(tree.flatten(x)[0].shape[0]), 1,
                           class_weight)
        logs = _float_logs(self._run_epoch(batches, False, True)[0])
        if return_dict:
            return logs
        return self._values(logs)

    @_in_strategy_scope
    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        batches = _Batches(x, y, sample_weight, int(tree.flatten(x)[0].shape[0]), 1)
        logs = _float_logs(self._run_epoch(batches, False, False)[0])
        if return_dict:
            return logs
        return self._values(logs)

    def _values(self, logs):
        """`evaluate`'s list: the logs in the order of `self.metrics` (a compile-metrics
        group by its members), then any other keys sorted, as Keras's
        `_flatten_metrics_in_order` lists them; one value alone."""
        names = []
        for metric in self.metrics:
            if isinstance(metric, CompileMetrics):
                names += [m.name for m in metric.metrics]
            else:
                names.append(metric.name)
        values = [logs[name] for name in names if name in logs]
        values += [logs[key] for key in sorted(logs) if key not in names]
        return values[0] if len(values) == 1 else values

    @_in_strategy_scope
    def predict_on_batch(self, x):
        return np.asarray(self(x, training=False))


def _check_data_cardinality(data):
    """Keras's array adapter check: every array of `(x, y, sample_weight)` has as many
    samples."""
    num_samples = set(int(i.shape[0]) for i in tree.flatten(data) if i is not None)
    if len(num_samples) > 1:
        msg = ("Data cardinality is ambiguous. "
               "Make sure all arrays contain the same number of samples.")
        for label, single_data in zip(["x", "y", "sample_weight"], data):
            sizes = ", ".join(str(i.shape[0]) for i in tree.flatten(single_data))
            msg += f"'{label}' sizes: {sizes}\n"
        raise ValueError(msg)
