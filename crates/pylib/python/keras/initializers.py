"""`keras.initializers`."""

from keras.src.initializers import (  # noqa: F401
    Constant, GlorotNormal, GlorotUniform, HeNormal, HeUniform, Identity, Initializer,
    LecunNormal, LecunUniform, Ones, Orthogonal, RandomNormal, RandomUniform, TruncatedNormal,
    VarianceScaling, Zeros, deserialize, get, serialize)

# Keras's lowercase aliases of the classes.
zeros = Zeros
ones = Ones
constant = Constant
identity = Identity
IdentityInitializer = Identity
glorot_uniform = GlorotUniform
glorot_normal = GlorotNormal
he_uniform = HeUniform
he_normal = HeNormal
random_normal = RandomNormal
random_uniform = RandomUniform
truncated_normal = TruncatedNormal
variance_scaling = VarianceScaling
lecun_normal = LecunNormal
lecun_uniform = LecunUniform
orthogonal = Orthogonal
OrthogonalInitializer = Orthogonal
