"""The import system's Python API: ``import_module``, ``reload`` and ``invalidate_caches``.

Modules come from the playground's own sources: the TensorFlow and NumPy emulations, the
bundled standard library, and the program's own files (which it may rewrite and reload).
"""

import sys

__all__ = ["import_module", "invalidate_caches", "reload"]


def _resolve_name(name, package):
    """The absolute name of a relative module name (``..a``) inside ``package``."""
    level = len(name) - len(name.lstrip("."))
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    base = bits[0]
    rest = name[level:]
    return f"{base}.{rest}" if rest else base


def import_module(name, package=None):
    """Imports module ``name`` (relative to ``package`` when it starts with dots) and
    returns it: the module itself, not its top-level package."""
    if name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative "
                            f"import for {name!r}")
        name = _resolve_name(name, package)
    return __import__(name, fromlist=["__name__"])


def reload(module):
    """Runs a module's source again and returns the same module object, its attributes
    updated (what a program does after rewriting its own module file)."""
    name = getattr(module, "__name__", None)
    if not isinstance(name, str) or sys.modules.get(name) is not module:
        raise ImportError(f"module {name} not in sys.modules", name=name)
    del sys.modules[name]
    try:
        fresh = import_module(name)
    except BaseException:
        sys.modules[name] = module
        raise
    for key in dir(fresh):
        if not (key.startswith("__") and key.endswith("__")):
            setattr(module, key, getattr(fresh, key))
    sys.modules[name] = module
    return module


def invalidate_caches():
    """Nothing to invalidate: the playground's modules do not change during a run."""
