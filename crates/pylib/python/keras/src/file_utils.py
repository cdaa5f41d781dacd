"""`keras.utils.get_file` in a sandbox without network: a file already in the virtual
file system (at `cache_dir/cache_subdir/fname`) is returned; anything else fails as a
download fails offline, saying why."""

import os


def get_file(fname=None, origin=None, untar=False, md5_hash=None, file_hash=None,
             cache_subdir="datasets", hash_algorithm="auto", extract=False,
             archive_format="auto", cache_dir=None, force_download=False):
    if origin is None:
        raise ValueError(
            'Please specify the "origin" argument (URL of the file to download).'
        )
    if fname is None:
        fname = os.path.basename(origin.split("?")[0])
    cache_dir = cache_dir or os.path.join(os.path.expanduser("~"), ".keras")
    path = os.path.join(cache_dir, cache_subdir, fname)
    if os.path.exists(path) and not force_download:
        return path
    print(f"Downloading data from {origin}")
    raise Exception(
        f"URL fetch failure on {origin}: the playground runs in the browser without network "
        "access, so files and datasets cannot be downloaded. Make the data in the program "
        "(for example with np.random), or write the file first."
    )
