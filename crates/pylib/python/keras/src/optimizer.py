"""Keras 3's optimizer base, on which every update rule here is written in Python (SGD,
Adam, RMSprop, Adagrad, ..., and users' own `keras.optimizers.Optimizer` subclasses): an
`iteration` counter and a `learning_rate` variable, slot variables made from each weight
(`add_variable_from_reference`), and `apply`, which clips the gradients, decays the
weights and runs `update_step` per weight with TensorFlow ops, eagerly or inside a
`tf.function` (its variables are made in `tf.init_scope`, as Keras makes them).

Under a strategy, as Keras's TensorFlow optimizer does: inside a replica of
`strategy.run`, the gradients are all-reduced with SUM and each replica updates its own
copies; in a Keras step run replica by replica (`keras.src.distribution`), the update
waits for every replica's gradients (`merge_call`) and is then applied to every copy."""

import warnings

import tensorflow as tf

import _keras_native
from keras.src import backend
from keras.src import distribution as _distribution
from keras.src import slices
from keras.src.schedules import LearningRateSchedule

_BASE_ARGUMENTS = ("weight_decay", "clipnorm", "clipvalue", "global_clipnorm", "use_ema",
                   "ema_momentum", "ema_overwrite_frequency", "loss_scale_factor",
                   "gradient_accumulation_steps")

def auto_name(class_name):
    """`adam`, then `adam_1`, ... (`AdamW`: `adam_w`), as Keras names optimizers."""
    return backend.unique_name(backend.snake_case(class_name))


class GradientTransforms:
    """What Keras's base optimizer does around every update rule: the base arguments
    (`weight_decay`, the three clipping options, ...) with Keras's checks, gradient
    clipping and decoupled weight decay."""

    def _init_base(self, name=None, weight_decay=None, clipnorm=None, clipvalue=None,
                   global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                   ema_overwrite_frequency=None, loss_scale_factor=None,
                   gradient_accumulation_steps=None, **kwargs):
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored.")
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        self.name = name if name is not None else auto_name(type(self).__name__)
        if use_ema:
            raise NotImplementedError(
                "`use_ema=True` (moving averages of the weights) is not emulated in this "
                "playground yet.")
        if gradient_accumulation_steps:
            if not gradient_accumulation_steps >= 2:
                raise ValueError(
                    "`gradient_accumulation_steps` must be an integer >= 2. "
                    f"Received: gradient_accumulation_steps={gradient_accumulation_steps}")
            raise NotImplementedError(
                "`gradient_accumulation_steps` is not emulated in this playground yet.")
        clip_args = sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm))
        if clip_args > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. "
                f"Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                f"global_clipnorm={global_clipnorm}")
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.loss_scale_factor = loss_scale_factor
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self._exclude_from_weight_decay = set()
        self._exclude_from_weight_decay_names = []

    def scale_loss(self, loss):
        """The loss to differentiate: scaled by `loss_scale_factor` when one is set."""
        if self.loss_scale_factor is not None:
            return loss * self.loss_scale_factor
        return loss

    def _prepare_gradients(self, grads):
        """The gradients an update uses: unscaled by `loss_scale_factor`, then clipped."""
        if self.loss_scale_factor is not None:
            grads = [g / self.loss_scale_factor for g in grads]
        return self._clip_gradients(grads)

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [None if g is None else self._clip_by_norm(g) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            present = [g for g in grads if g is not None]
            clipped, _ = tf.clip_by_global_norm(present, self.global_clipnorm)
            clipped = iter(clipped)
            return [None if g is None else next(clipped) for g in grads]
        if self.clipvalue and self.clipvalue > 0:
            v = self.clipvalue
            return [None if g is None else tf.clip_by_value(g, -v, v) for g in grads]
        return grads

    def _clip_by_norm(self, values):
        return tf.clip_by_norm(values, self.clipnorm)

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        """Keeps the given weights, or those whose path contains one of `var_names`, out
        of weight decay."""
        for variable in var_list or []:
            self._exclude_from_weight_decay.add(id(variable))
        self._exclude_from_weight_decay_names = list(var_names or [])

    def _use_weight_decay(self, variable):
        if id(variable) in self._exclude_from_weight_decay:
            return False
        path = getattr(variable, "path", None) or variable.name
        return not any(name in path for name in self._exclude_from_weight_decay_names)

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        for variable in variables:
            if self._use_weight_decay(variable):
                lr = tf.cast(self.learning_rate, variable.dtype)
                wd = tf.cast(self.weight_decay, variable.dtype)
                variable.assign_sub(variable * wd * lr)

    def _base_config(self):
        config = {"weight_decay": self.weight_decay, "clipnorm": self.clipnorm,
                  "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue,
                  "use_ema": self.use_ema, "ema_momentum": self.ema_momentum,
                  "ema_overwrite_frequency": self.ema_overwrite_frequency,
                  "loss_scale_factor": self.loss_scale_factor,
                  "gradient_accumulation_steps": self.gradient_accumulation_steps}
        return config


class Optimizer(GradientTransforms):
    """`keras.optimizers.Optimizer`: subclasses write `build` (their slots) and
    `update_step(gradient, variable, learning_rate)`."""

    __module__ = "keras.src.optimizers.optimizer"

    def __init__(self, learning_rate, name=None, **kwargs):
        self._init_base(name=name, **kwargs)
        self.built = False
        self._variables = []
        self._trainable_variables = []
        self._index = {}
        # Each weight's slot variables, in the order they were made (`_slot_values`), and
        # the state that belongs to no one weight (Nadam's momentum-schedule product).
        self._slots = {}
        self._global_variables = []
        with tf.init_scope():
            self._iterations = _keras_native.variable(
                tf.constant(0, tf.int64), f"{self.name}/iteration", False)
        self._variables.append(self._iterations)
        self._learning_rate_is_variable = False
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of "
                    "LearningRateSchedule, or a callable (that takes in the current "
                    "iteration value and returns the corresponding learning rate value). "
                    f"Received instead: learning_rate={learning_rate}")
            with tf.init_scope():
                self._learning_rate = _keras_native.variable(
                    tf.constant(learning_rate, tf.float32), f"{self.name}/learning_rate",
                    False)
            self._learning_rate_is_variable = True
            self._variables.append(self._learning_rate)

    # ---- state --------------------------------------------------------------------------

    @property
    def iterations(self):
        return self._iterations

    @property
    def variables(self):
        return self._variables[:]

    @property
    def learning_rate(self):
        return self._get_current_learning_rate()

    @learning_rate.setter
    def learning_rate(self, learning_rate):
        if isinstance(learning_rate, LearningRateSchedule) or callable(learning_rate):
            self._learning_rate = learning_rate
            self._learning_rate_is_variable = False
        elif self._learning_rate_is_variable:
            self._learning_rate.assign(learning_rate)
        else:
            raise TypeError(
                "This optimizer was created with a `LearningRateSchedule` object as its "
                "`learning_rate` constructor argument, hence its learning rate is not "
                "settable. If you need the learning rate to be settable, you should "
                "instantiate the optimizer with a float `learning_rate` argument.")

    def _get_current_learning_rate(self):
        if isinstance(self._learning_rate, LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if not self._learning_rate_is_variable and callable(self._learning_rate):
            return self._learning_rate()
        return self._learning_rate

    def build(self, variables):
        for index, variable in enumerate(variables):
            self._index[id(variable)] = index
        self._trainable_variables = list(variables)
        self.built = True

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="none",
                     name=None):
        from keras.src import initializers
        init = initializers.get(initializer)
        with tf.init_scope():
            # In a strategy's scope a slot is mirrored like the weight it belongs to.
            variable = _keras_native.variable(
                tf.convert_to_tensor(init(shape, dtype=dtype or tf.float32)),
                f"{self.name}/{name}", False)
        self._variables.append(variable)
        return variable

    def add_variable_from_reference(self, reference_variable, name=None, initializer="zeros"):
        path = getattr(reference_variable, "path", None) or reference_variable.name
        path = path.split(":")[0].replace("/", "_")
        slot = self.add_variable(tuple(reference_variable.shape), initializer=initializer,
                                 dtype=reference_variable.dtype,
                                 name=f"{path}_{name}" if name else path)
        self._slots.setdefault(id(reference_variable), []).append(slot)
        return slot

    def add_optimizer_variables(self, trainable_variables, name, initializer="zeros"):
        names = [name] if isinstance(name, str) else list(name)
        slots = tuple([] for _ in names)
        # Made weight by weight, each weight's slots together, as Keras interleaves them.
        for variable in trainable_variables:
            for index, slot_name in enumerate(names):
                slots[index].append(
                    self.add_variable_from_reference(variable, slot_name, initializer))
        return slots[0] if isinstance(name, str) else slots

    def _get_variable_index(self, variable):
        return self._index[id(variable)]

    def assign(self, variable, value):
        if slices.is_slices(value):
            return slices.scatter(variable, value, "update")
        variable.assign(tf.cast(value, variable.dtype))

    def assign_add(self, variable, value):
        if slices.is_slices(value):
            return slices.scatter(variable, value, "add")
        variable.assign_add(tf.cast(value, variable.dtype))

    def assign_sub(self, variable, value):
        if slices.is_slices(value):
            return slices.scatter(variable, value, "sub")
        variable.assign_sub(tf.cast(value, variable.dtype))

    # ---- steps --------------------------------------------------------------------------

    def apply_gradients(self, grads_and_vars):
        grads, variables = zip(*grads_and_vars) if grads_and_vars else ((), ())
        return self.apply(list(grads), list(variables))

    def apply(self, grads, trainable_variables=None):
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer must already "
                    "be built on a list of variables. Call `optimizer.build(trainable_"
                    "variables)` first.")
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                self.build(trainable_variables)
        pairs = [(g, v) for g, v in zip(grads, trainable_variables) if g is not None]
        if not pairs:
            return self._iterations
        grads = self._prepare_gradients([g for g, _ in pairs])
        variables = [v for _, v in pairs]
        pending = _distribution.pending_update()
        if pending is not None:
            # A Keras step run replica by replica: applied once every replica has its
            # gradients (`_apply_replicated`).
            pending.add(self, list(zip(grads, variables)))
            return None
        replica = tf.distribute.get_replica_context()
        if replica is not None and replica.num_replicas_in_sync > 1:
            # Inside `strategy.run`: the replicas' gradients summed, then each replica
            # updates its own copies.
            grads = replica.all_reduce(tf.distribute.ReduceOp.SUM, grads)
        self._update(grads, variables)
        self._iterations.assign_add(1)
        return self._iterations

    def _update(self, grads, variables):
        """Weight decay, then the rule on each weight."""
        self._apply_weight_decay(variables)
        learning_rate = self._get_current_learning_rate()
        for grad, variable in zip(grads, variables):
            self.update_step(grad, variable, learning_rate)
            if getattr(variable, "constraint", None) is not None:
                variable.assign(variable.constraint(variable))

    def _apply_replicated(self, strategy, grads, variables):
        """The update of a Keras step run replica by replica (`grads[replica][i]` for
        `variables[i]`): one SUM all-reduce per weight, then every replica applies the same
        update to its own copies on its device; one step, however many copies."""
        if not self.built:
            self.build(variables)
        kept = [i for i in range(len(variables)) if all(g[i] is not None for g in grads)]
        reduced = [_keras_native.all_reduce_sum(strategy, [g[i] for g in grads])
                   for i in kept]
        for replica in range(len(grads)):
            with _distribution.as_replica(strategy, replica):
                self._update([values[replica] for values in reduced],
                             [variables[i] for i in kept])
        self._iterations.assign_add(1)

    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError

    # ---- saving -------------------------------------------------------------------------

    def _slot_values(self, variable):
        """This weight's slot values, in the order they were made (`model.save`)."""
        slots = self._slots.get(id(variable))
        if not self.built or slots is None:
            return None
        return [slot.value() for slot in slots]

    def _restore_state(self, iterations, slots):
        """The state a saved optimizer had (`load_model`): its step count and each
        weight's slots, the optimizer built on those weights first."""
        self._iterations.assign(iterations)
        if slots and not self.built:
            self.build([variable for variable, _ in slots])
        for variable, values in slots:
            for slot, value in zip(self._slots.get(id(variable), []), values):
                slot.assign(value)

    def _global_values(self):
        """The state that belongs to no one weight (`model.save`)."""
        return [variable.value() for variable in self._global_variables]

    def _restore_globals(self, values):
        for variable, value in zip(self._global_variables, values):
            variable.assign(value)

    # ---- config -------------------------------------------------------------------------

    def get_config(self):
        if isinstance(self._learning_rate, LearningRateSchedule):
            learning_rate = self._learning_rate
        else:
            learning_rate = float(self._get_current_learning_rate().numpy())
        config = {"name": self.name, "learning_rate": learning_rate}
        config.update(self._base_config())
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        return cls(**config)
