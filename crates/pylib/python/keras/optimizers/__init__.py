"""`keras.optimizers`: the native optimizers (their update rules are TensorFlow's, bit for
bit), with Keras 3's `apply(grads, variables)`; inside a replica of a distributed step,
`apply_gradients` is TensorFlow's `merge_call` (see `keras.src.distribution`)."""

import _keras_native
from keras.src import distribution as _distribution
from keras.src.schedules import LearningRateSchedule as _Schedule
from keras.optimizers import schedules  # noqa: F401
from keras.src.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401


class _Optimizer:
    def __init__(self, *args, **kwargs):
        # A learning-rate schedule gives the rate of each step from the step count.
        self._schedule = None
        if args and isinstance(args[0], _Schedule):
            self._schedule = args[0]
            args = (float(self._schedule(0)),) + args[1:]
        elif isinstance(kwargs.get("learning_rate"), _Schedule):
            self._schedule = kwargs["learning_rate"]
            kwargs["learning_rate"] = float(self._schedule(0))
        super().__init__(*args, **kwargs)

    def scale_loss(self, loss):
        """The loss to differentiate: as it is (a `LossScaleOptimizer` scales it)."""
        return loss

    def _update_learning_rate(self):
        if self._schedule is not None:
            self.learning_rate = float(self._schedule(int(self.iterations)))

    def apply(self, grads, trainable_variables=None):
        if trainable_variables is None:
            raise ValueError(
                "When calling `apply` for the first time, `trainable_variables` must be "
                "provided."
            )
        return self.apply_gradients(zip(grads, trainable_variables))

    def apply_gradients(self, grads_and_vars):
        self._update_learning_rate()
        pending = _distribution.pending_update()
        if pending is not None:
            pending.add(self, grads_and_vars)
            return None
        return super().apply_gradients(grads_and_vars)


class Adam(_Optimizer, _keras_native.optimizers.Adam):
    __module__ = "keras.src.optimizers.adam"


class SGD(_Optimizer, _keras_native.optimizers.SGD):
    __module__ = "keras.src.optimizers.sgd"


class RMSprop(_Optimizer, _keras_native.optimizers.RMSprop):
    __module__ = "keras.src.optimizers.rmsprop"


def get(identifier):
    if isinstance(identifier, str):
        found = {"adam": Adam, "sgd": SGD, "rmsprop": RMSprop}.get(identifier.lower())
        if found is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return found()
    return identifier
