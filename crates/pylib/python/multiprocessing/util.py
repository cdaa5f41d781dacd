"""`multiprocessing.util.get_temp_dir`: the process's temporary directory, made once."""

import tempfile

_temp_dir = None


def get_temp_dir():
    """A `pymp-` directory under the temporary directory, the same for every call."""
    global _temp_dir
    if _temp_dir is None:
        _temp_dir = tempfile.mkdtemp(prefix="pymp-")
    return _temp_dir
