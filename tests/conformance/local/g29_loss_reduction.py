import tensorflow as tf

R = tf.keras.losses.Reduction
print(R.NONE, R.SUM, R.AUTO, R.SUM_OVER_BATCH_SIZE)
y_true = tf.constant([0, 2, 1])
logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 0.2, 3.0], [1.0, 1.5, -1.0]])
for reduction in [R.NONE, None, "none", "sum", "sum_over_batch_size", "mean"]:
    loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=reduction)
    print(reduction, loss(y_true, logits))
mse = tf.keras.losses.MeanSquaredError(reduction="sum")
print(mse(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.5, 2.0], [2.0, 5.0]])))
per_example = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction=R.NONE)(y_true, logits)
print(tf.nn.compute_average_loss(per_example, global_batch_size=4))
try:
    tf.keras.losses.SparseCategoricalCrossentropy(reduction=R.AUTO)
except ValueError as e:
    print("ValueError:", e)
