"""The import system's Python API: ``import_module`` and ``invalidate_caches``.

Modules come from the playground's own sources: the TensorFlow and NumPy emulations, the
bundled standard library, and the program itself; ``reload`` is not provided.
"""

__all__ = ["import_module", "invalidate_caches"]


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


def invalidate_caches():
    """Nothing to invalidate: the playground's modules do not change during a run."""
