"""Keras 3's optimizers on its base (`keras.src.optimizer`): SGD, Adam, AdamW, RMSprop,
Adagrad, Adamax, Nadam, Adadelta, Ftrl and Lion, each update in Keras's op order so that its
float32 arithmetic is Keras's. SGD, Adam and RMSprop keep an embedding's `IndexedSlices`
gradient sparse where Keras's TensorFlow backend does (`keras.src.slices`)."""

import tensorflow as tf

from keras.src.optimizer import Optimizer
from keras.src import initializers
from keras.src import slices


def _cast(value, variable):
    return slices.cast(value, variable.dtype)


class SGD(Optimizer):
    __module__ = "keras.src.optimizers.sgd"

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name=None,
                 **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.momentums = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(variables, "momentum")

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        if self.momentum != 0:
            m = self.momentums[self._get_variable_index(variable)]
            momentum = tf.cast(self.momentum, variable.dtype)
            self.assign(m, slices.subtract(tf.multiply(m, momentum),
                                           slices.multiply(gradient, learning_rate)))
            if self.nesterov:
                self.assign_add(variable, slices.subtract(
                    tf.multiply(m, momentum), slices.multiply(gradient, learning_rate)))
            else:
                self.assign_add(variable, m)
        else:
            self.assign_sub(variable, slices.multiply(gradient, learning_rate))

    def get_config(self):
        config = super().get_config()
        config.update({"momentum": self.momentum, "nesterov": self.nesterov})
        return config


class Adam(Optimizer):
    __module__ = "keras.src.optimizers.adam"

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 amsgrad=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"])
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(var_list, "velocity_hat")

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        local_step = tf.cast(self.iterations + 1, variable.dtype)
        beta_1_power = tf.pow(tf.cast(self.beta_1, variable.dtype), local_step)
        beta_2_power = tf.pow(tf.cast(self.beta_2, variable.dtype), local_step)
        index = self._get_variable_index(variable)
        m, v = self._momentums[index], self._velocities[index]
        alpha = lr * tf.sqrt(1 - beta_2_power) / (1 - beta_1_power)
        self.assign_add(m, tf.multiply(slices.subtract(gradient, m), 1 - self.beta_1))
        self.assign_add(v, tf.multiply(slices.subtract(slices.square(gradient), v),
                                       1 - self.beta_2))
        if self.amsgrad:
            v_hat = self._velocity_hats[index]
            self.assign(v_hat, tf.maximum(v_hat, v))
            v = v_hat
        self.assign_sub(variable, tf.divide(tf.multiply(m, alpha),
                                            tf.add(tf.sqrt(v), self.epsilon)))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2,
                       "epsilon": self.epsilon, "amsgrad": self.amsgrad})
        return config


class AdamW(Adam):
    """Adam with decoupled weight decay (0.004 unless given)."""

    __module__ = "keras.src.optimizers.adamw"

    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999,
                 epsilon=1e-7, amsgrad=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2,
                         epsilon=epsilon, amsgrad=amsgrad, name=name,
                         weight_decay=weight_decay, **kwargs)
        if self.weight_decay is None:
            raise ValueError(
                "Argument `weight_decay` must be a float. Received: weight_decay=None")


class RMSprop(Optimizer):
    __module__ = "keras.src.optimizers.rmsprop"

    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7,
                 centered=False, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._velocities = self.add_optimizer_variables(var_list, "velocity")
        self._momentums = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(var_list, "momentum")
        self._average_gradients = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(var_list,
                                                                   "average_gradient")

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        index = self._get_variable_index(variable)
        velocity = self._velocities[index]
        rho = self.rho
        self.assign(velocity, slices.add(tf.multiply(rho, velocity),
                                         slices.multiply(1 - rho, slices.square(gradient))))
        if self.centered:
            average_grad = self._average_gradients[index]
            self.assign(average_grad, slices.add(tf.multiply(rho, average_grad),
                                                 slices.multiply(1 - rho, gradient)))
            denominator = velocity - tf.square(average_grad) + self.epsilon
        else:
            denominator = tf.add(velocity, self.epsilon)
        increment = slices.divide(slices.multiply(lr, gradient), tf.sqrt(denominator))
        if self.momentum > 0:
            momentum = self._momentums[index]
            self.assign(momentum, slices.add(tf.multiply(self.momentum, momentum), increment))
            self.assign_sub(variable, momentum)
        else:
            self.assign_sub(variable, increment)

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "momentum": self.momentum, "epsilon": self.epsilon,
                       "centered": self.centered})
        return config


class Adagrad(Optimizer):
    __module__ = "keras.src.optimizers.adagrad"

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7,
                 name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        initializer = initializers.Constant(self.initial_accumulator_value)
        self._accumulators = self.add_optimizer_variables(var_list, "accumulator",
                                                          initializer=initializer)

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(accumulator, slices.square(gradient))
        self.assign_sub(variable, slices.divide(slices.multiply(lr, gradient),
                                                tf.sqrt(tf.add(accumulator, self.epsilon))))

    def get_config(self):
        config = super().get_config()
        config.update({"initial_accumulator_value": self.initial_accumulator_value,
                       "epsilon": self.epsilon})
        return config


class _Moments(Optimizer):
    """The rules with two moment decays and an epsilon (Adamax, Nadam)."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7,
                 name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2,
                       "epsilon": self.epsilon})
        return config


class Adamax(_Moments):
    __module__ = "keras.src.optimizers.adamax"

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._m, self._u = self.add_optimizer_variables(var_list, ["momentum", "norm"])

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        local_step = _cast(self.iterations + 1, variable)
        beta_1_power = tf.pow(_cast(self.beta_1, variable), local_step)
        index = self._get_variable_index(variable)
        m, u = self._m[index], self._u[index]
        self.assign_add(m, tf.multiply(tf.subtract(gradient, m), (1 - self.beta_1)))
        self.assign(u, tf.maximum(tf.multiply(self.beta_2, u), tf.abs(gradient)))
        self.assign_sub(variable, tf.divide(
            tf.multiply(lr, m),
            tf.multiply((1 - beta_1_power), tf.add(u, self.epsilon))))


class Nadam(_Moments):
    __module__ = "keras.src.optimizers.nadam"

    def build(self, var_list):
        if self.built:
            return
        dtype = var_list[0].dtype if var_list else tf.float32
        super().build(var_list)
        self._momentums, self._velocities = self.add_optimizer_variables(
            var_list, ["momentum", "velocity"])
        self._u_product = self.add_variable((), initializer="ones", dtype=dtype,
                                            name="u_product")
        self._global_variables.append(self._u_product)

    def apply(self, grads, trainable_variables=None):
        if trainable_variables is not None and not self.built:
            self.build(list(trainable_variables))
        if any(g is not None for g in grads):
            dtype = self._u_product.dtype
            # The running product of the momentum schedule, once per step.
            self.assign(self._u_product, self._u_product * self.beta_1 * (
                1.0 - 0.5 * tf.pow(0.96, tf.cast(self.iterations + 1, dtype))))
        return super().apply(grads, trainable_variables)

    def update_step(self, gradient, variable, learning_rate):
        var_dtype = variable.dtype
        lr = tf.cast(learning_rate, var_dtype)
        gradient = tf.cast(gradient, var_dtype)
        local_step = tf.cast(self.iterations + 1, var_dtype)
        next_step = tf.cast(self.iterations + 2, var_dtype)
        decay = tf.cast(0.96, var_dtype)
        beta_1 = tf.cast(self.beta_1, var_dtype)
        beta_2 = tf.cast(self.beta_2, var_dtype)
        u_t = beta_1 * (1.0 - 0.5 * (tf.pow(decay, local_step)))
        u_t_1 = beta_1 * (1.0 - 0.5 * (tf.pow(decay, next_step)))
        u_product_t = tf.cast(self._u_product, var_dtype)
        u_product_t_1 = u_product_t * u_t_1
        beta_2_power = tf.pow(beta_2, local_step)
        index = self._get_variable_index(variable)
        m, v = self._momentums[index], self._velocities[index]
        self.assign_add(m, tf.multiply(tf.subtract(gradient, m), (1 - beta_1)))
        self.assign_add(v, tf.multiply(tf.subtract(tf.square(gradient), v), (1 - beta_2)))
        m_hat = tf.add(tf.divide(tf.multiply(u_t_1, m), 1 - u_product_t_1),
                       tf.divide(tf.multiply(1 - u_t, gradient), 1 - u_product_t))
        v_hat = tf.divide(v, (1 - beta_2_power))
        self.assign_sub(variable, tf.divide(tf.multiply(m_hat, lr),
                                            tf.add(tf.sqrt(v_hat), self.epsilon)))


class Adadelta(Optimizer):
    __module__ = "keras.src.optimizers.adadelta"

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.rho = rho
        self.epsilon = epsilon

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._accumulated_grads, self._accumulated_delta_vars = \
            self.add_optimizer_variables(var_list,
                                         ["accumulated_grad", "accumulated_delta_var"])

    def update_step(self, grad, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        grad = _cast(grad, variable)
        rho = self.rho
        index = self._get_variable_index(variable)
        accumulated_grad = self._accumulated_grads[index]
        accumulated_delta_var = self._accumulated_delta_vars[index]

        def rms(x):
            return tf.sqrt(tf.add(x, self.epsilon))

        self.assign(accumulated_grad, tf.add(rho * accumulated_grad,
                                             tf.multiply(1 - rho, tf.square(grad))))
        delta_var = tf.negative(tf.divide(tf.multiply(rms(accumulated_delta_var), grad),
                                          rms(accumulated_grad)))
        self.assign(accumulated_delta_var,
                    tf.add(tf.multiply(rho, accumulated_delta_var),
                           tf.multiply(1 - rho, tf.square(delta_var))))
        self.assign_add(variable, tf.multiply(lr, delta_var))

    def get_config(self):
        config = super().get_config()
        config.update({"rho": self.rho, "epsilon": self.epsilon})
        return config


class Lion(Optimizer):
    __module__ = "keras.src.optimizers.lion"

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError(
                "Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer "
                f"degenerates to SignSGD. Received: beta_1={beta_1}.")

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        self._momentums = self.add_optimizer_variables(var_list, "momentum")

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        beta_1 = _cast(self.beta_1, variable)
        beta_2 = _cast(self.beta_2, variable)
        m = self._momentums[self._get_variable_index(variable)]
        self.assign_sub(variable, tf.multiply(lr, tf.sign(
            tf.add(tf.multiply(m, beta_1), tf.multiply(gradient, (1.0 - beta_1))))))
        self.assign(m, tf.add(tf.multiply(m, beta_2), tf.multiply(gradient, (1.0 - beta_2))))

    def get_config(self):
        config = super().get_config()
        config.update({"beta_1": self.beta_1, "beta_2": self.beta_2})
        return config


class Ftrl(Optimizer):
    """Follow The Regularized Leader, as Keras's `Ftrl` updates."""

    __module__ = "keras.src.optimizers.ftrl"

    def __init__(self, learning_rate=0.001, learning_rate_power=-0.5,
                 initial_accumulator_value=0.1, l1_regularization_strength=0.0,
                 l2_regularization_strength=0.0, l2_shrinkage_regularization_strength=0.0,
                 beta=0.0, name=None, **kwargs):
        super().__init__(learning_rate=learning_rate, name=name, **kwargs)
        checks = (
            (initial_accumulator_value < 0.0, "`initial_accumulator_value` needs to be "
             f"positive or zero. Received: initial_accumulator_value={initial_accumulator_value}."),
            (learning_rate_power > 0.0, "`learning_rate_power` needs to be negative or zero. "
             f"Received: learning_rate_power={learning_rate_power}."),
            (l1_regularization_strength < 0.0, "`l1_regularization_strength` needs to be "
             f"positive or zero. Received: l1_regularization_strength={l1_regularization_strength}."),
            (l2_regularization_strength < 0.0, "`l2_regularization_strength` needs to be "
             f"positive or zero. Received: l2_regularization_strength={l2_regularization_strength}."),
            (l2_shrinkage_regularization_strength < 0.0, "`l2_shrinkage_regularization_strength` "
             "needs to be positive or zero. Received: l2_shrinkage_regularization_strength"
             f"={l2_shrinkage_regularization_strength}."),
        )
        for failed, message in checks:
            if failed:
                raise ValueError(message)
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    def build(self, var_list):
        if self.built:
            return
        super().build(var_list)
        initializer = initializers.Constant(self.initial_accumulator_value)
        self._accumulators = self.add_optimizer_variables(var_list, "accumulator",
                                                          initializer=initializer)
        self._linears = self.add_optimizer_variables(var_list, "linear")

    def update_step(self, gradient, variable, learning_rate):
        lr = _cast(learning_rate, variable)
        gradient = _cast(gradient, variable)
        index = self._get_variable_index(variable)
        accum, linear = self._accumulators[index], self._linears[index]
        power = -self.learning_rate_power
        l2_reg = self.l2_regularization_strength + self.beta / (2.0 * lr)
        grad_to_use = tf.add(
            gradient, tf.multiply(2 * self.l2_shrinkage_regularization_strength, variable))
        new_accum = tf.add(accum, tf.square(gradient))
        sigma = tf.divide(tf.subtract(tf.pow(new_accum, power), tf.pow(accum, power)), lr)
        self.assign_add(linear, tf.subtract(grad_to_use, tf.multiply(sigma, variable)))
        quadratic = tf.add(tf.divide(tf.pow(new_accum, power), lr), 2 * l2_reg)
        l1 = self.l1_regularization_strength
        clipped = tf.clip_by_value(linear, -l1, l1)
        self.assign(variable, tf.divide(tf.subtract(clipped, linear), quadratic))
        self.assign(accum, new_accum)

    def get_config(self):
        config = super().get_config()
        config.update({
            "learning_rate_power": self.learning_rate_power,
            "initial_accumulator_value": self.initial_accumulator_value,
            "l1_regularization_strength": self.l1_regularization_strength,
            "l2_regularization_strength": self.l2_regularization_strength,
            "l2_shrinkage_regularization_strength": self.l2_shrinkage_regularization_strength,
            "beta": self.beta,
        })
        return config
