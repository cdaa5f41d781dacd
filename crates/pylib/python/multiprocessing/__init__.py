"""`multiprocessing` as far as single-process programs use it: `cpu_count` and
`multiprocessing.util.get_temp_dir`. The playground runs one process; starting another
(`Process`, `Pool`) is not available."""

import os as _os


def cpu_count():
    """The emulated machine's host cores, as `os.cpu_count()` reports them."""
    return _os.cpu_count()
