"""`keras.optimizers`: the native optimizers (their update rules are TensorFlow's, bit for
bit), with Keras 3's `apply(grads, variables)`; inside a replica of a distributed step,
`apply_gradients` is TensorFlow's `merge_call` (see `keras.src.distribution`)."""

import _keras_native
from keras.src import distribution as _distribution
from keras.src.schedules import LearningRateSchedule as _Schedule
from keras.optimizers import schedules  # noqa: F401
from keras.src.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401


class _Optimizer:
    # `(name, default)` of the constructor's arguments after `learning_rate`.
    _HYPERPARAMETERS = ()
    _DEFAULT_LEARNING_RATE = 0.001

    def __init__(self, *args, **kwargs):
        names = ["learning_rate"] + [name for name, _ in self._HYPERPARAMETERS]
        config = dict(self._HYPERPARAMETERS)
        config.update(zip(names, args))
        config.update(kwargs)
        config.setdefault("learning_rate", self._DEFAULT_LEARNING_RATE)
        self._config = config
        # A learning-rate schedule gives the rate of each step from the step count.
        self._schedule = None
        if args and isinstance(args[0], _Schedule):
            self._schedule = args[0]
            args = (float(self._schedule(0)),) + args[1:]
        elif isinstance(kwargs.get("learning_rate"), _Schedule):
            self._schedule = kwargs["learning_rate"]
            kwargs["learning_rate"] = float(self._schedule(0))
        super().__init__(*args, **kwargs)

    def get_config(self):
        """The arguments that rebuild this optimizer (its learning rate as it is now, or
        its schedule)."""
        import numpy as np
        # The learning rate is a float32 variable in Keras.
        config = {"name": type(self).__name__.lower(),
                  "learning_rate": float(np.float32(self.learning_rate))}
        if self._schedule is not None:
            config["learning_rate"] = self._schedule
        for key in ("weight_decay", "clipnorm", "global_clipnorm", "clipvalue"):
            config[key] = self._config.get(key)
        config.update({"use_ema": False, "ema_momentum": 0.99,
                       "ema_overwrite_frequency": None, "loss_scale_factor": None,
                       "gradient_accumulation_steps": None})
        for name, _ in self._HYPERPARAMETERS:
            config[name] = self._config.get(name)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("name", "weight_decay", "clipnorm", "global_clipnorm", "clipvalue",
                    "use_ema", "ema_momentum", "ema_overwrite_frequency",
                    "loss_scale_factor", "gradient_accumulation_steps"):
            config.pop(key, None)
        known = {"learning_rate"} | {name for name, _ in cls._HYPERPARAMETERS}
        return cls(**{k: v for k, v in config.items() if k in known})

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
    _HYPERPARAMETERS = (("beta_1", 0.9), ("beta_2", 0.999), ("epsilon", 1e-7),
                        ("amsgrad", False))


class SGD(_Optimizer, _keras_native.optimizers.SGD):
    __module__ = "keras.src.optimizers.sgd"
    _HYPERPARAMETERS = (("momentum", 0.0), ("nesterov", False))
    _DEFAULT_LEARNING_RATE = 0.01


class RMSprop(_Optimizer, _keras_native.optimizers.RMSprop):
    __module__ = "keras.src.optimizers.rmsprop"
    _HYPERPARAMETERS = (("rho", 0.9), ("momentum", 0.0), ("epsilon", 1e-7),
                        ("centered", False))


def get(identifier):
    if isinstance(identifier, str):
        found = {"adam": Adam, "sgd": SGD, "rmsprop": RMSprop}.get(identifier.lower())
        if found is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return found()
    return identifier
