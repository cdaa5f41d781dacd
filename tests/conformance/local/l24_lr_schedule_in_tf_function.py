# Learning-rate schedules in a @tf.function training step (the schedule is computed in the graph from the iteration count), with Adam, SGD momentum and RMSprop, and a custom schedule like the Transformer tutorial's
import tensorflow as tf

class CustomSchedule(tf.keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, d_model, warmup_steps=4):
        super().__init__()
        self.d_model = tf.cast(d_model, tf.float32)
        self.warmup_steps = warmup_steps

    def __call__(self, step):
        step = tf.cast(step, dtype=tf.float32)
        arg1 = tf.math.rsqrt(step)
        arg2 = step * (self.warmup_steps ** -1.5)
        return tf.math.rsqrt(self.d_model) * tf.math.minimum(arg1, arg2)

schedules = [
    tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5),
    tf.keras.optimizers.schedules.PiecewiseConstantDecay([2, 4], [0.1, 0.05, 0.01]),
    tf.keras.optimizers.schedules.CosineDecay(0.1, decay_steps=5),
    CustomSchedule(16),
]
for schedule in schedules:
    for make in [lambda s: tf.keras.optimizers.Adam(s, beta_1=0.9, beta_2=0.98, epsilon=1e-9),
                 lambda s: tf.keras.optimizers.SGD(s, momentum=0.9),
                 lambda s: tf.keras.optimizers.RMSprop(s)]:
        opt = make(schedule)
        v = tf.Variable([1.0, -2.0, 0.5])

        @tf.function
        def step():
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(v ** 2 + tf.sin(v))
            opt.apply_gradients([(tape.gradient(loss, v), v)])
            return loss

        losses = [round(float(step()), 6) for _ in range(6)]
        print(type(schedule).__name__, type(opt).__name__, losses, v.numpy().round(6).tolist(),
              int(opt.iterations), round(float(opt.learning_rate), 6))

# A plain rate set or assigned between calls of a traced step takes effect.
opt = tf.keras.optimizers.SGD(0.1)
v = tf.Variable([1.0, 3.0])

@tf.function
def plain_step():
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v ** 2)
    opt.apply_gradients([(tape.gradient(loss, v), v)])

plain_step(); print(v.numpy())
opt.learning_rate = 0.5
plain_step(); print(v.numpy())
opt.learning_rate.assign(0.25)
plain_step(); print(v.numpy(), float(opt.learning_rate))
