"""`keras.datasets`: each `load_data()` downloads its data, which the playground cannot do
(see `keras.utils.get_file`)."""

from keras.datasets import (  # noqa: F401
    boston_housing, california_housing, cifar10, cifar100, fashion_mnist, imdb, mnist,
    reuters,
)
