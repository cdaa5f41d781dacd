"""`keras.layers`."""

from keras.src.input_spec import InputSpec
from keras.src.layer import Layer
from keras.src.export import TFSMLayer  # noqa: E402,F401
from keras.src.layers.activation_layers import ELU, LeakyReLU, PReLU, ReLU, Softmax
from keras.src.layers.conv import (
    AveragePooling1D, AveragePooling2D, AvgPool1D, AvgPool2D, Conv1D, Conv2D, Conv2DTranspose,
    Conv3D, Convolution1D, Convolution2D, Convolution2DTranspose, Convolution3D,
    DepthwiseConv2D, SeparableConv2D, SeparableConvolution2D, GlobalAveragePooling1D,
    GlobalAveragePooling2D, GlobalAveragePooling3D, GlobalAvgPool1D, GlobalAvgPool2D,
    GlobalAvgPool3D, GlobalMaxPool1D, GlobalMaxPool2D, GlobalMaxPool3D, GlobalMaxPooling1D,
    GlobalMaxPooling2D, GlobalMaxPooling3D, MaxPool1D, MaxPool2D, MaxPooling1D, MaxPooling2D,
)
from keras.src.layers.core import (
    Activation, Dense, Dropout, Embedding, Flatten, Identity, Input, InputLayer, Lambda, Masking,
    Permute, RepeatVector, Rescaling, Reshape,
)
from keras.src.layers.merging import (
    Add, Average, Concatenate, Maximum, Minimum, Multiply, Subtract, add, average,
    concatenate, maximum, minimum, multiply, subtract,
)
from keras.src.layers.normalization import (
    BatchNormalization, LayerNormalization, Normalization, UnitNormalization,
)
from keras.src.layers.regularization import (
    ActivityRegularization, GaussianDropout, GaussianNoise, SpatialDropout1D, SpatialDropout2D,
    SpatialDropout3D,
)
from keras.src.layers.rnn import (
    GRU, LSTM, RNN, Bidirectional, GRUCell, LSTMCell, SimpleRNN, SimpleRNNCell, TimeDistributed,
)
from keras.src.layers.reshaping import (
    CenterCrop, Cropping1D, Cropping2D, Resizing, UpSampling1D, UpSampling2D, ZeroPadding1D,
    ZeroPadding2D,
)
from keras.src.layers.categorical import CategoryEncoding, Discretization, Hashing
from keras.src.layers.index_lookup import IntegerLookup, StringLookup
from keras.src.layers.text_vectorization import TextVectorization
from keras.src.layers.attention import AdditiveAttention, Attention, MultiHeadAttention
from keras.src.layers.augmentation import (
    RandomBrightness, RandomContrast, RandomFlip, RandomRotation, RandomTranslation, RandomZoom,
)


def serialize(layer):
    """A layer's config dict, as `keras.saving.serialize_keras_object` writes it."""
    from keras.src.saving.serialization_lib import serialize_keras_object
    return serialize_keras_object(layer)


def deserialize(config, custom_objects=None):
    """The layer `config` (from `serialize`) describes."""
    from keras.src.saving.serialization_lib import deserialize_keras_object
    obj = deserialize_keras_object(config, custom_objects=custom_objects)
    if not isinstance(obj, Layer):
        raise ValueError("`keras.layers.deserialize` was passed a `config` object that is not "
                         f"a `keras.layers.Layer`. Received: {config}")
    return obj
