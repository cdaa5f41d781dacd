"""The TF1 optimizers (`tf.compat.v1.train.GradientDescentOptimizer`, `MomentumOptimizer`,
`AdamOptimizer`, `AdagradOptimizer`, `RMSPropOptimizer`): `compute_gradients` (graph
gradients, or a tape for a callable loss when executing eagerly), `apply_gradients` (one
update per variable, slot variables named `<var>/<Slot>`, then the global step),
`minimize`. Each update computes what TensorFlow's fused kernel computes, in its order and
in the variable's dtype; it is written with assignment ops rather than the fused
`ApplyAdam`-style ops."""

import tensorflow as tf

from _tensorflow import v1_collections


def _v1():
    return tf.compat.v1


def _op_name(var):
    return var.name.split(":")[0]


class Optimizer:
    """The base of the TF1 optimizers."""

    GATE_NONE = 0
    GATE_OP = 1
    GATE_GRAPH = 2

    def __init__(self, use_locking, name):
        if not name:
            raise ValueError(f"Must specify the optimizer name, received: {name}")
        self._use_locking = use_locking
        self._name = name
        self._slots = {}
        self._non_slots = {}

    def get_name(self):
        return self._name

    # ---- gradients ----------------------------------------------------------------------

    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP,
                          aggregation_method=None, colocate_gradients_with_ops=False,
                          grad_loss=None):
        if callable(loss):
            with tf.GradientTape() as tape:
                if var_list is not None:
                    tape.watch(var_list)
                value = loss()
            if var_list is None:
                var_list = tape.watched_variables()
            grads = tape.gradient(value, var_list, grad_loss)
            return list(zip(grads, var_list))
        if tf.executing_eagerly():
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a "
                               "function when eager execution is enabled.")
        if var_list is None:
            var_list = _v1().trainable_variables()
        var_list = list(var_list)
        if not var_list:
            raise ValueError("No variables to optimize.")
        grads = tf.gradients(loss, var_list)
        return list(zip(grads, var_list))

    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP,
                 aggregation_method=None, colocate_gradients_with_ops=False, name=None,
                 grad_loss=None):
        grads_and_vars = self.compute_gradients(loss, var_list=var_list)
        if not [v for g, v in grads_and_vars if g is not None]:
            raise ValueError(
                "No gradients provided for any variable, check your graph for ops that do "
                "not support gradients, between variables "
                f"{[str(v) for _, v in grads_and_vars]} and loss {loss}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    # ---- slots --------------------------------------------------------------------------

    def _slot(self, var, slot_name, op_name, initial):
        """The slot `slot_name` of `var` (the variable `<var>/<op_name>`), made from
        `initial()` the first time."""
        slots = self._slots.setdefault(slot_name, {})
        key = _op_name(var)
        if key not in slots:
            slots[key] = self._new_variable(f"{key}/{op_name}", initial())
        return slots[key]

    def _zeros_slot(self, var, slot_name, op_name):
        return self._slot(var, slot_name, op_name, lambda: tf.zeros(var.shape, var.dtype))

    def _constant_slot(self, var, value, slot_name, op_name):
        return self._slot(var, slot_name, op_name,
                          lambda: tf.fill(var.shape, tf.cast(value, var.dtype)))

    def _non_slot(self, name, value):
        if name not in self._non_slots:
            self._non_slots[name] = self._new_variable(name, value)
        return self._non_slots[name]

    @staticmethod
    def _new_variable(name, initial):
        if tf.executing_eagerly():
            return tf.Variable(initial, name=name, trainable=False)
        return _v1().Variable(initial, name=name, trainable=False)

    def get_slot(self, var, name):
        return self._slots.get(name, {}).get(_op_name(var))

    def get_slot_names(self):
        return sorted(self._slots)

    def variables(self):
        out = list(self._non_slots.values())
        for name in sorted(self._slots):
            out.extend(self._slots[name].values())
        return out

    # ---- updates ------------------------------------------------------------------------

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        grads_and_vars = tuple(grads_and_vars)
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        pairs = [(g, v) for g, v in grads_and_vars if g is not None]
        if not pairs:
            raise ValueError(
                "No gradients provided for any variable: "
                f"{[str(v) for _, v in grads_and_vars]}.")
        for _, var in pairs:
            self._create_slots(var)
        self._prepare()
        updates = [self._apply_dense(tf.convert_to_tensor(g), v) for g, v in pairs]
        finish = self._finish(updates)
        if global_step is None:
            return finish
        if tf.executing_eagerly():
            return global_step.assign_add(1)
        with tf.control_dependencies([finish]):
            return _v1().assign_add(global_step, 1, name=name or self._name)

    def _create_slots(self, var):
        pass

    def _prepare(self):
        pass

    def _finish(self, updates):
        if tf.executing_eagerly():
            return None
        return tf.group(*updates, name=self._name)

    def _assign(self, var, value):
        if tf.executing_eagerly():
            return var.assign(value)
        return _v1().assign(var, value)

    def _assign_add(self, var, value):
        if tf.executing_eagerly():
            return var.assign_add(value)
        return _v1().assign_add(var, value)

    def _assign_sub(self, var, value):
        if tf.executing_eagerly():
            return var.assign_sub(value)
        return _v1().assign_sub(var, value)

    def _hyper(self, value, var):
        value = value() if callable(value) else value
        return tf.cast(value, var.dtype.base_dtype)


class GradientDescentOptimizer(Optimizer):
    """`var -= grad * learning_rate` (`ApplyGradientDescent`)."""

    def __init__(self, learning_rate, use_locking=False, name="GradientDescent"):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate

    def _apply_dense(self, grad, var):
        return self._assign_sub(var, grad * self._hyper(self._learning_rate, var))


class MomentumOptimizer(Optimizer):
    """`accum = accum * momentum + grad; var -= accum * lr` (`ApplyMomentum`; Nesterov:
    `var -= grad * lr + accum * momentum * lr`)."""

    def __init__(self, learning_rate, momentum, use_locking=False, name="Momentum",
                 use_nesterov=False):
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._momentum = momentum
        self._use_nesterov = use_nesterov

    def _create_slots(self, var):
        self._zeros_slot(var, "momentum", self._name)

    def _apply_dense(self, grad, var):
        accum = self.get_slot(var, "momentum")
        lr = self._hyper(self._learning_rate, var)
        momentum = self._hyper(self._momentum, var)
        accum_t = self._assign(accum, accum * momentum + grad)
        if self._use_nesterov:
            return self._assign_sub(var, grad * lr + accum_t * momentum * lr)
        return self._assign_sub(var, accum_t * lr)


class AdamOptimizer(Optimizer):
    """Adam as `ApplyAdam` computes it: `alpha = lr * sqrt(1 - beta2^t) / (1 - beta1^t)`,
    `m += (g - m) * (1 - beta1)`, `v += (g * g - v) * (1 - beta2)`,
    `var -= m * alpha / (sqrt(v) + epsilon)`; the `beta1_power` and `beta2_power`
    variables advance after each step."""

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8,
                 use_locking=False, name="Adam"):
        super().__init__(use_locking, name)
        self._lr = learning_rate
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon

    def _create_slots(self, var):
        self._non_slot("beta1_power", tf.constant(self._beta1, var.dtype.base_dtype))
        self._non_slot("beta2_power", tf.constant(self._beta2, var.dtype.base_dtype))
        self._zeros_slot(var, "m", self._name)
        self._zeros_slot(var, "v", self._name + "_1")

    def _apply_dense(self, grad, var):
        m, v = self.get_slot(var, "m"), self.get_slot(var, "v")
        beta1_power = tf.cast(self._non_slots["beta1_power"], var.dtype.base_dtype)
        beta2_power = tf.cast(self._non_slots["beta2_power"], var.dtype.base_dtype)
        lr = self._hyper(self._lr, var)
        beta1 = self._hyper(self._beta1, var)
        beta2 = self._hyper(self._beta2, var)
        epsilon = self._hyper(self._epsilon, var)
        alpha = lr * tf.sqrt(1 - beta2_power) / (1 - beta1_power)
        m_t = self._assign_add(m, (grad - m) * (1 - beta1))
        v_t = self._assign_add(v, (tf.square(grad) - v) * (1 - beta2))
        return self._assign_sub(var, (m_t * alpha) / (tf.sqrt(v_t) + epsilon))

    def _finish(self, updates):
        beta1_power = self._non_slots["beta1_power"]
        beta2_power = self._non_slots["beta2_power"]
        if tf.executing_eagerly():
            beta1_power.assign(beta1_power * self._beta1)
            beta2_power.assign(beta2_power * self._beta2)
            return None
        with tf.control_dependencies(updates):
            update_beta1 = _v1().assign(beta1_power, beta1_power * self._beta1)
            update_beta2 = _v1().assign(beta2_power, beta2_power * self._beta2)
        return tf.group(*(updates + [update_beta1, update_beta2]), name=self._name)


class AdagradOptimizer(Optimizer):
    """`accum += grad * grad; var -= grad * lr * rsqrt(accum)` (`ApplyAdagrad`)."""

    def __init__(self, learning_rate, initial_accumulator_value=0.1, use_locking=False,
                 name="Adagrad"):
        if initial_accumulator_value <= 0.0:
            raise ValueError("initial_accumulator_value must be positive: %s" %
                             initial_accumulator_value)
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial = initial_accumulator_value

    def _create_slots(self, var):
        self._constant_slot(var, self._initial, "accumulator", self._name)

    def _apply_dense(self, grad, var):
        accum = self.get_slot(var, "accumulator")
        accum_t = self._assign_add(accum, grad * grad)
        lr = self._hyper(self._learning_rate, var)
        return self._assign_sub(var, grad * lr * tf.math.rsqrt(accum_t))


class RMSPropOptimizer(Optimizer):
    """`ApplyRMSProp`: `ms = ms + (grad * grad - ms) * (1 - decay)`,
    `mom = mom * momentum + lr * grad / sqrt(ms + epsilon)`, `var -= mom`."""

    def __init__(self, learning_rate, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, name="RMSProp"):
        if centered:
            raise NotImplementedError(
                "RMSPropOptimizer(centered=True) is not emulated in this playground yet.")
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._decay = decay
        self._momentum = momentum
        self._epsilon = epsilon

    def _create_slots(self, var):
        self._constant_slot(var, 1.0, "rms", self._name)
        self._zeros_slot(var, "momentum", self._name + "_1")

    def _apply_dense(self, grad, var):
        ms, mom = self.get_slot(var, "rms"), self.get_slot(var, "momentum")
        lr = self._hyper(self._learning_rate, var)
        decay = self._hyper(self._decay, var)
        momentum = self._hyper(self._momentum, var)
        epsilon = self._hyper(self._epsilon, var)
        ms_t = self._assign_add(ms, (tf.square(grad) - ms) * (1 - decay))
        mom_t = self._assign(mom, mom * momentum + lr * grad / tf.sqrt(ms_t + epsilon))
        return self._assign_sub(var, mom_t)


def get_or_create_global_step(graph=None):
    return v1_collections.get_or_create_global_step(graph)
