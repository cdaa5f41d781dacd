import keras
from keras import layers
import numpy as np
x = np.arange(2 * 4 * 4 * 3, dtype="float32").reshape(2, 4, 4, 3) / 10
for layer in (layers.UpSampling2D(), layers.ZeroPadding2D(1), layers.Cropping2D(((1, 0), (0, 2))),
              layers.Resizing(2, 3), layers.CenterCrop(2, 2), layers.UpSampling2D((1, 2), interpolation="bilinear")):
    y = layer(x)
    print(type(layer).__name__, y.shape, np.round(y.numpy().sum(), 3))
m = keras.Sequential([keras.Input((4, 4, 3)), layers.UpSampling2D(), layers.ZeroPadding2D(), layers.Cropping2D(1), layers.Resizing(5, 5), layers.CenterCrop(3, 3)])
m.summary()
s = np.arange(2 * 3 * 2, dtype="float32").reshape(2, 3, 2)
print(layers.UpSampling1D(2)(s).numpy().tolist(), layers.ZeroPadding1D(1)(s).shape, layers.Cropping1D((1, 1))(s).shape)
