"""`LossScaleOptimizer`, as Keras 3 writes it: the loss is multiplied by a dynamic scale so
float16 gradients do not underflow; each step unscales the gradients and, if they are all
finite, applies them with the inner optimizer (doubling the scale after
`dynamic_growth_steps` such steps), else skips the step and halves the scale."""

import tensorflow as tf

import _keras_native


class LossScaleOptimizer:
    def __init__(self, inner_optimizer, initial_scale=2.0 ** 15, dynamic_growth_steps=2000,
                 **kwargs):
        if not hasattr(inner_optimizer, "apply_gradients"):
            raise ValueError(
                "Argument `inner_optimizer` must be an instance of `keras.optimizers.Optimizer`. "
                f"Received: inner_optimizer={inner_optimizer}"
            )
        self.inner_optimizer = inner_optimizer
        self.initial_scale = initial_scale
        self.dynamic_growth_steps = dynamic_growth_steps
        self.name = kwargs.get("name", "loss_scale_optimizer")
        with tf.init_scope():
            self.dynamic_scale = _keras_native.variable(
                tf.constant(float(initial_scale), tf.float32),
                f"{self.name}/dynamic_scale", False, True)
            self.step_counter = _keras_native.variable(
                tf.constant(0, tf.int64), f"{self.name}/step_counter", False, True)

    def scale_loss(self, loss):
        return loss * tf.cast(self.dynamic_scale, loss.dtype)

    def apply(self, grads, trainable_variables=None):
        return self.apply_gradients(zip(grads, trainable_variables))

    def apply_gradients(self, grads_and_vars):
        pairs = list(grads_and_vars)
        finite = all(bool(tf.reduce_all(tf.math.is_finite(g))) for g, _ in pairs
                     if g is not None)
        if finite:
            scale = tf.convert_to_tensor(self.dynamic_scale)
            unscaled = [(None if g is None else tf.divide(g, tf.cast(scale, g.dtype)), v)
                        for g, v in pairs]
            self.inner_optimizer.apply_gradients(unscaled)
            if int(self.step_counter) == self.dynamic_growth_steps - 1:
                self.step_counter.assign(0)
                self.dynamic_scale.assign(self.dynamic_scale * 2.0)
            else:
                self.step_counter.assign_add(1)
        else:
            self.step_counter.assign(0)
            self.dynamic_scale.assign(self.dynamic_scale / 2.0)

    @property
    def iterations(self):
        return self.inner_optimizer.iterations

    @property
    def learning_rate(self):
        return self.inner_optimizer.learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self.inner_optimizer.learning_rate = value

    @property
    def variables(self):
        return [self.dynamic_scale, self.step_counter] + list(
            getattr(self.inner_optimizer, "variables", []))

    def __repr__(self):
        return f"<LossScaleOptimizer name={self.name}>"
