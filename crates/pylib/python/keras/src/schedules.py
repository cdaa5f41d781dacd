"""Learning-rate schedules (`keras.optimizers.schedules`), computed as Keras computes them:
in the dtype of the initial rate (float32), from the optimizer's step count."""

import math

import tensorflow as tf


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{type(self).__name__}' must override `__call__(self, step)`."
        )

    def get_config(self):
        raise NotImplementedError(
            f"Learning rate schedule '{type(self).__name__}' must override `get_config()` "
            "in order to be serializable."
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _decay_progress(schedule, step):
    initial = tf.convert_to_tensor(schedule.initial_learning_rate)
    dtype = initial.dtype
    p = tf.cast(step, dtype) / tf.cast(schedule.decay_steps, dtype)
    if schedule.staircase:
        p = tf.floor(p)
    return initial, dtype, p


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name="ExponentialDecay"):
        if decay_steps <= 0:
            raise ValueError(
                "Argument `decay_steps` must be > 0. " f"Received: decay_steps={decay_steps}"
            )
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, p = _decay_progress(self, step)
            return initial * tf.pow(tf.cast(self.decay_rate, dtype), p)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class InverseTimeDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name="InverseTimeDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.decay_rate = decay_rate
        self.staircase = staircase
        self.name = name

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial, dtype, p = _decay_progress(self, step)
            denominator = 1 + tf.cast(self.decay_rate, dtype) * p
            return initial / denominator

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "decay_rate": self.decay_rate,
                "staircase": self.staircase, "name": self.name}


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of values. "
                f"Received: boundaries={boundaries} of length {len(boundaries)}, and "
                f"values={values} of length {len(values)}."
            )
        self.boundaries = boundaries
        self.values = values
        self.name = name

    def __call__(self, step):
        with tf.name_scope(self.name):
            step = tf.convert_to_tensor(step)
            boundaries = [tf.cast(tf.convert_to_tensor(b), step.dtype) for b in self.boundaries]
            values = [tf.convert_to_tensor(v) for v in self.values]
            dtype = values[0].dtype
            result = tf.cast(step <= boundaries[0], dtype) * values[0]
            result += tf.cast(step > boundaries[-1], dtype) * values[-1]
            for low, high, value in zip(boundaries[:-1], boundaries[1:], values[1:-1]):
                result += tf.cast(tf.logical_and(step > low, step <= high), dtype) * value
            return result

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0,
                 cycle=False, name="PolynomialDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.end_learning_rate = end_learning_rate
        self.power = power
        self.cycle = cycle
        self.name = name

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial = tf.convert_to_tensor(self.initial_learning_rate)
            dtype = initial.dtype
            end = tf.cast(self.end_learning_rate, dtype)
            power = tf.cast(self.power, dtype)
            step = tf.cast(step, dtype)
            decay_steps = tf.cast(self.decay_steps, dtype)
            if self.cycle:
                multiplier = tf.where(tf.equal(step, 0), tf.constant(1.0, dtype),
                                      tf.math.ceil(step / decay_steps))
                decay_steps = decay_steps * multiplier
            else:
                step = tf.minimum(step, decay_steps)
            fraction = step / decay_steps
            return (initial - end) * tf.pow(1 - fraction, power) + end

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "end_learning_rate": self.end_learning_rate,
                "power": self.power, "cycle": self.cycle, "name": self.name}


class CosineDecayRestarts(LearningRateSchedule):
    """SGDR: cosine decay restarted every period, each `t_mul` times longer and `m_mul`
    times lower than the one before, computed as Keras computes it."""

    def __init__(self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0,
                 alpha=0.0, name="SGDRDecay"):
        self.initial_learning_rate = initial_learning_rate
        self.first_decay_steps = first_decay_steps
        self._t_mul = t_mul
        self._m_mul = m_mul
        self.alpha = alpha
        self.name = name
        if self.first_decay_steps <= 0:
            raise ValueError("Argument `first_decay_steps` must be > 0. Received: "
                             f"first_decay_steps={self.first_decay_steps}")

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial = tf.convert_to_tensor(self.initial_learning_rate)
            dtype = initial.dtype
            first_decay_steps = tf.cast(self.first_decay_steps, dtype)
            alpha = tf.cast(self.alpha, dtype)
            t_mul = tf.cast(self._t_mul, dtype)
            m_mul = tf.cast(self._m_mul, dtype)
            completed = tf.cast(step, dtype) / first_decay_steps

            def compute_step(completed, geometric):
                if geometric:
                    i_restart = tf.floor(
                        tf.math.log(tf.cast(1.0 - completed * (1.0 - t_mul), dtype))
                        / tf.math.log(t_mul))
                    sum_r = tf.divide(1.0 - tf.pow(t_mul, i_restart), 1.0 - t_mul)
                    completed = tf.divide(tf.subtract(completed, sum_r),
                                          tf.pow(t_mul, i_restart))
                else:
                    i_restart = tf.floor(completed)
                    completed -= i_restart
                return i_restart, completed

            i_restart, completed = tf.cond(
                tf.equal(t_mul, 1.0), lambda: compute_step(completed, False),
                lambda: compute_step(completed, True))
            m_fac = tf.pow(m_mul, i_restart)
            cosine = 0.5 * m_fac * (1.0 + tf.cos(tf.multiply(tf.constant(math.pi, dtype),
                                                             completed)))
            decayed = tf.add(tf.multiply(1 - alpha, cosine), alpha)
            return tf.multiply(initial, decayed)

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "first_decay_steps": self.first_decay_steps, "t_mul": self._t_mul,
                "m_mul": self._m_mul, "alpha": self.alpha, "name": self.name}


class CosineDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay",
                 warmup_target=None, warmup_steps=0):
        self.initial_learning_rate = initial_learning_rate
        self.decay_steps = decay_steps
        self.alpha = alpha
        self.name = name
        self.warmup_target = warmup_target
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        with tf.name_scope(self.name):
            initial = tf.convert_to_tensor(self.initial_learning_rate)
            dtype = initial.dtype
            decay_steps = tf.cast(self.decay_steps, dtype)
            step = tf.cast(step, dtype)
            if self.warmup_target is None:
                start = initial
                global_step = tf.minimum(step, decay_steps)
            else:
                target = tf.cast(self.warmup_target, dtype)
                warmup_steps = tf.cast(self.warmup_steps, dtype)
                if float(step) < float(warmup_steps):
                    return initial + (target - initial) * (step / warmup_steps)
                start = target
                global_step = tf.minimum(step - warmup_steps, decay_steps)
            fraction = global_step / decay_steps
            cosine = 0.5 * (1.0 + tf.cos(tf.constant(math.pi, dtype) * fraction))
            alpha = tf.cast(self.alpha, dtype)
            return ((1 - alpha) * cosine + alpha) * start

    def get_config(self):
        return {"initial_learning_rate": self.initial_learning_rate,
                "decay_steps": self.decay_steps, "alpha": self.alpha, "name": self.name,
                "warmup_target": self.warmup_target, "warmup_steps": self.warmup_steps}


def serialize(learning_rate_schedule):
    """A schedule's config dict, as `keras.optimizers.schedules.serialize` writes it."""
    return {"module": "keras.optimizers.schedules",
            "class_name": type(learning_rate_schedule).__name__,
            "config": learning_rate_schedule.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    """The schedule `serialize` described."""
    name = config["class_name"]
    cls = (custom_objects or {}).get(name) or globals().get(name)
    if not (isinstance(cls, type) and issubclass(cls, LearningRateSchedule)):
        raise ValueError(f"Could not interpret learning rate schedule: {config}")
    return cls.from_config(config["config"])
