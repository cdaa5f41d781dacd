# Q&A-style program (q60_losses_activations) written as users write them, recorded from TF 2.21
import numpy as np
import keras
from keras import ops

y_true = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], dtype="float32")
y_pred = np.array([[0.2, 0.7], [0.6, 0.1], [0.9, 0.4]], dtype="float32")

for name in ["mean_squared_error", "mean_absolute_error", "binary_crossentropy",
             "huber", "log_cosh", "kl_divergence", "poisson", "hinge", "squared_hinge",
             "mean_absolute_percentage_error", "mean_squared_logarithmic_error", "cosine_similarity"]:
    fn = keras.losses.get(name)
    print(name, np.round(ops.convert_to_numpy(fn(y_true, y_pred)), 5))

cce = keras.losses.CategoricalCrossentropy(label_smoothing=0.1)
print("cce smooth:", np.round(float(cce(np.array([[0, 1, 0]]), np.array([[0.1, 0.8, 0.1]]))), 5))
scce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
print("scce logits:", np.round(float(scce(np.array([1, 2]), np.array([[1.0, 2.0, 0.5], [0.1, 0.1, 3.0]]))), 5))
bce = keras.losses.BinaryCrossentropy(from_logits=True, reduction="sum")
print("bce sum:", np.round(float(bce(np.array([[1.0], [0.0]]), np.array([[2.0], [-1.0]]))), 5))
mse = keras.losses.MeanSquaredError(reduction=None)
print("mse none:", np.round(ops.convert_to_numpy(mse(y_true, y_pred)), 5))
print("weighted:", np.round(float(keras.losses.MeanAbsoluteError()(y_true, y_pred, sample_weight=np.array([1.0, 0.0, 2.0]))), 5))
focal = keras.losses.BinaryFocalCrossentropy(gamma=2.0)
print("focal:", np.round(float(focal(y_true, y_pred)), 5))
print(keras.losses.Huber(delta=0.5).get_config())

x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], dtype="float32")
for act in ["relu", "sigmoid", "tanh", "softplus", "softsign", "elu", "selu", "gelu",
            "swish", "relu6", "hard_sigmoid", "leaky_relu", "mish", "exponential", "linear"]:
    f = keras.activations.get(act)
    print(act, np.round(ops.convert_to_numpy(f(x)), 5))
print("softmax", np.round(ops.convert_to_numpy(keras.activations.softmax(x.reshape(1, -1))), 5))
print("log_softmax", np.round(ops.convert_to_numpy(keras.activations.log_softmax(x.reshape(1, -1))), 5))
print(keras.activations.serialize(keras.activations.relu))
