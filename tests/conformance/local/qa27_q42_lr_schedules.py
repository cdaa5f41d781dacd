# Q&A-style program (q42_lr_schedules) written as users write them, recorded from TF 2.21
import tensorflow as tf

exp = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.1, decay_steps=10, decay_rate=0.5)
exp_stair = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.1, decay_steps=10, decay_rate=0.5, staircase=True)
pw = tf.keras.optimizers.schedules.PiecewiseConstantDecay(
    boundaries=[5, 15], values=[1.0, 0.5, 0.1])
poly = tf.keras.optimizers.schedules.PolynomialDecay(
    initial_learning_rate=1.0, decay_steps=20, end_learning_rate=0.0, power=2.0)
inv = tf.keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=5, decay_rate=1.0)
cos = tf.keras.optimizers.schedules.CosineDecay(0.2, decay_steps=20)
cosw = tf.keras.optimizers.schedules.CosineDecay(0.0, decay_steps=10, warmup_target=0.1, warmup_steps=5)
cdr = tf.keras.optimizers.schedules.CosineDecayRestarts(0.1, first_decay_steps=5)

for step in [0, 1, 5, 9, 10, 15, 20, 25]:
    vals = [float(s(step)) for s in (exp, exp_stair, pw, poly, inv, cos, cosw, cdr)]
    print(step, " ".join(f"{v:.6f}" for v in vals))

print(exp.get_config())
print(pw.get_config())
print(exp(3).dtype)

opt = tf.keras.optimizers.SGD(learning_rate=exp)
var = tf.Variable(1.0)
for i in range(3):
    opt.apply_gradients([(tf.constant(1.0), var)])
print(round(float(var.numpy()), 6), int(opt.iterations.numpy()))
print(round(float(opt.learning_rate), 6))
restored = tf.keras.optimizers.schedules.deserialize(tf.keras.optimizers.schedules.serialize(pw))
print(type(restored).__name__, float(restored(7)))
