"""Dtype policies (`keras.mixed_precision`, `keras.config.set_dtype_policy`): a layer
computes in the policy's compute dtype and keeps its variables in the variable dtype;
`mixed_float16` and `mixed_bfloat16` compute in 16 bits over float32 variables."""

from keras.src import backend

_global_policy = [None]


class DTypePolicy:
    def __init__(self, name=None):
        if name is None:
            name = dtype_policy().name
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)
        self._quantization_mode = None

    def _parse_name(self, name):
        if not isinstance(name, str):
            raise TypeError(
                "'name' must be a string, such as 'mixed_float16'. "
                f"Received: name={name} (of type {type(name)})"
            )
        if name == "mixed_float16":
            return "float16", "float32"
        if name == "mixed_bfloat16":
            return "bfloat16", "float32"
        try:
            dtype = backend.standardize_dtype(name)
            return dtype, dtype
        except ValueError:
            raise ValueError(
                f"Cannot convert '{name}' to a mixed precision DTypePolicy. Valid policies "
                "include 'mixed_float16', 'mixed_bfloat16', and the name of any float dtype "
                "such as 'float32'."
            )

    @property
    def variable_dtype(self):
        return self._variable_dtype

    @property
    def compute_dtype(self):
        return self._compute_dtype

    @property
    def name(self):
        return self._name

    @property
    def quantization_mode(self):
        return self._quantization_mode

    def get_config(self):
        return {"name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f'<DTypePolicy "{self._name}">'

    def __eq__(self, other):
        if not isinstance(other, DTypePolicy):
            return False
        return self._name == other._name

    def __hash__(self):
        return hash(self._name)


class FloatDTypePolicy(DTypePolicy):
    pass


def set_dtype_policy(policy):
    if not isinstance(policy, DTypePolicy):
        if isinstance(policy, str):
            policy = DTypePolicy(policy)
        else:
            raise ValueError(
                "Invalid `policy` argument. Expected the string name of a policy (such as "
                "'mixed_float16') or a `DTypePolicy` instance. "
                f"Received: policy={policy} (of type {type(policy)})"
            )
    _global_policy[0] = policy


def dtype_policy():
    if _global_policy[0] is None:
        set_dtype_policy(DTypePolicy(backend.floatx()))
    return _global_policy[0]


def get(identifier):
    """A layer's policy from its `dtype` argument (None: the global policy)."""
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return DTypePolicy(**identifier.get("config", identifier))
    if isinstance(identifier, str):
        return DTypePolicy(identifier)
    return DTypePolicy(backend.standardize_dtype(identifier))
