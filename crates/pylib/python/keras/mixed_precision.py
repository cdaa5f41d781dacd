"""`keras.mixed_precision`: dtype policies (`Policy` is `DTypePolicy`) and the
`LossScaleOptimizer` that float16 training needs."""

from keras.src.dtype_policies import (  # noqa: F401
    DTypePolicy, DTypePolicy as Policy, dtype_policy, dtype_policy as global_policy,
    set_dtype_policy, set_dtype_policy as set_global_policy,
)
from keras.src.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401
