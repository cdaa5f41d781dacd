"""`tf.random.experimental`: the stateless seed helpers and the generator API under their
experimental names."""

from _tensorflow.random_generator import (  # noqa: F401
    Algorithm, Generator, create_rng_state, get_global_generator, set_global_generator)
from _tensorflow.random_generator import fold_in as stateless_fold_in  # noqa: F401
from _tensorflow.random_generator import split as stateless_split  # noqa: F401
