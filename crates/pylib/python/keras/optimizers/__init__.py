"""`keras.optimizers`: the native optimizers (their update rules are TensorFlow's, bit for
bit), with Keras 3's `apply(grads, variables)`; inside a replica of a distributed step,
`apply_gradients` is TensorFlow's `merge_call` (see `keras.src.distribution`)."""

import _keras_native
import numpy as np
from keras.src import distribution as _distribution
from keras.src.schedules import LearningRateSchedule as _Schedule
from keras.optimizers import legacy, schedules  # noqa: F401
from keras.src.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401
from keras.src.optimizer import GradientTransforms as _GradientTransforms, \
    Optimizer, _BASE_ARGUMENTS
from keras.src.update_rules import Adagrad, Adamax, Nadam, Adadelta, Ftrl, Lion  # noqa: F401


class _Optimizer(_GradientTransforms):
    # `(name, default)` of the constructor's arguments after `learning_rate`.
    _HYPERPARAMETERS = ()
    _DEFAULT_LEARNING_RATE = 0.001
    # Boolean hyperparameters whose variant of the rule is not emulated yet.
    _NOT_EMULATED = ()

    def __init__(self, *args, **kwargs):
        names = ["learning_rate"] + [name for name, _ in self._HYPERPARAMETERS]
        config = dict(self._HYPERPARAMETERS)
        config.update(zip(names, args))
        config.update(kwargs)
        config.setdefault("learning_rate", self._DEFAULT_LEARNING_RATE)
        # Everything but the rule's own arguments is the base's (which rejects unknowns).
        self._init_base(**{k: kwargs.pop(k) for k in list(kwargs) if k not in names})
        for flag in self._NOT_EMULATED:
            if config.get(flag):
                raise NotImplementedError(
                    f"{type(self).__name__}({flag}=True) is not emulated in this "
                    "playground yet.")
        learning_rate = config["learning_rate"]
        if not isinstance(learning_rate, (float, _Schedule)):
            raise ValueError(
                "Argument `learning_rate` should be float, or an instance of "
                "LearningRateSchedule, or a callable (that takes in the current iteration "
                "value and returns the corresponding learning rate value). Received "
                f"instead: learning_rate={learning_rate}")
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
        # Keras keeps the learning rate in a float32 variable (`adam/learning_rate`).
        import tensorflow as tf
        with tf.init_scope():
            self._learning_rate_variable = _keras_native.variable(
                tf.constant(self._native_learning_rate(), tf.float32),
                f"{self.name}/learning_rate", False, False)

    def _native_learning_rate(self):
        return self._native.learning_rate.fget(self)

    @property
    def learning_rate(self):
        """The learning rate: its variable, or the schedule's value at this step."""
        if self._schedule is not None:
            return self._schedule(self.iterations)
        return self._learning_rate_variable

    @learning_rate.setter
    def learning_rate(self, value):
        if isinstance(value, _Schedule):
            self._schedule = value
            self._native.learning_rate.fset(self, float(value(int(self.iterations))))
            return
        if self._schedule is not None:
            raise TypeError(
                "This optimizer was created with a `LearningRateSchedule` object as its "
                "`learning_rate` constructor argument, hence its learning rate is not "
                "settable. If you need the learning rate to be settable, you should "
                "instantiate the optimizer with a float `learning_rate` argument.")
        self._learning_rate_variable.assign(value)
        self._native.learning_rate.fset(self, float(value))

    def get_config(self):
        """The arguments that rebuild this optimizer (its learning rate as it is now, or
        its schedule)."""
        import numpy as np
        # The learning rate is a float32 variable in Keras.
        config = {"name": self.name,
                  "learning_rate": float(np.float32(self._native_learning_rate()))}
        if self._schedule is not None:
            config["learning_rate"] = self._schedule
        config.update(self._base_config())
        for name, _ in self._HYPERPARAMETERS:
            config[name] = self._config.get(name)
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        known = {"learning_rate", "name"} | {name for name, _ in cls._HYPERPARAMETERS}
        base = {k: config[k] for k in _BASE_ARGUMENTS if config.get(k) is not None}
        return cls(**{k: v for k, v in config.items() if k in known}, **base)

    def _update_learning_rate(self):
        import tensorflow as tf
        if self._schedule is None:
            # The rate is the variable's value when the step runs (a traced step reads it
            # in the graph), so assigning the variable or setting `learning_rate` between
            # calls takes effect, as in Keras.
            if tf.executing_eagerly():
                rate = float(self._learning_rate_variable.numpy())
                if rate != float(np.float32(self._native_learning_rate())):
                    self._native.learning_rate.fset(self, rate)
            else:
                self._native._set_traced_learning_rate(
                    self, tf.identity(self._learning_rate_variable))
            return
        if not tf.executing_eagerly():
            # In a traced step the schedule is part of the graph, computed from the
            # iteration variable at every call, as Keras computes it.
            rate = self._schedule(self._native._traced_iterations(self))
            self._native._set_traced_learning_rate(self, tf.cast(rate, "float32"))
            return
        self._native.learning_rate.fset(self, float(self._schedule(int(self.iterations))))

    def apply(self, grads, trainable_variables=None):
        if trainable_variables is None:
            raise ValueError(
                "When calling `apply` for the first time, `trainable_variables` must be "
                "provided."
            )
        return self.apply_gradients(zip(grads, trainable_variables))

    def apply_gradients(self, grads_and_vars):
        self._update_learning_rate()
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        grads = self._prepare_gradients([g for g, _ in pairs])
        grads_and_vars = list(zip(grads, [v for _, v in pairs]))
        pending = _distribution.pending_update()
        if pending is not None and self.weight_decay is not None:
            raise NotImplementedError(
                "`weight_decay` under a distribution strategy is not emulated in this "
                "playground yet.")
        self._apply_weight_decay([v for _, v in grads_and_vars])
        if pending is not None:
            pending.add(self, grads_and_vars)
            return None
        return super().apply_gradients(grads_and_vars)


class Adam(_Optimizer, _keras_native.optimizers.Adam):
    __module__ = "keras.src.optimizers.adam"
    _native = _keras_native.optimizers.Adam
    _HYPERPARAMETERS = (("beta_1", 0.9), ("beta_2", 0.999), ("epsilon", 1e-7),
                        ("amsgrad", False))
    _NOT_EMULATED = ("amsgrad",)


class AdamW(Adam):
    """Adam with decoupled weight decay (0.004 by default)."""
    __module__ = "keras.src.optimizers.adamw"

    def __init__(self, *args, **kwargs):
        if len(args) < 2:
            kwargs.setdefault("weight_decay", 0.004)
        super().__init__(*args, **kwargs)
        if self.weight_decay is None:
            raise ValueError(
                "Argument `weight_decay` must be a float. Received: weight_decay=None")


class SGD(_Optimizer, _keras_native.optimizers.SGD):
    __module__ = "keras.src.optimizers.sgd"
    _native = _keras_native.optimizers.SGD
    _HYPERPARAMETERS = (("momentum", 0.0), ("nesterov", False))
    _DEFAULT_LEARNING_RATE = 0.01


class RMSprop(_Optimizer, _keras_native.optimizers.RMSprop):
    __module__ = "keras.src.optimizers.rmsprop"
    _native = _keras_native.optimizers.RMSprop
    _HYPERPARAMETERS = (("rho", 0.9), ("momentum", 0.0), ("epsilon", 1e-7),
                        ("centered", False))
    _NOT_EMULATED = ("centered",)


def get(identifier):
    if isinstance(identifier, str):
        found = {"adam": Adam, "adamw": AdamW, "sgd": SGD, "rmsprop": RMSprop,
                 "adagrad": Adagrad, "adamax": Adamax, "nadam": Nadam,
                 "adadelta": Adadelta, "ftrl": Ftrl, "lion": Lion}.get(identifier.lower())
        if found is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return found()
    return identifier
