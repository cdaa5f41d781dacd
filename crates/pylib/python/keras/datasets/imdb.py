"""`keras.datasets.imdb`."""

from keras.src.file_utils import get_file


def load_data(*args, **kwargs):
    get_file(origin="https://storage.googleapis.com/tensorflow/tf-keras-datasets/imdb.npz")


def get_word_index(path="imdb_word_index.json"):
    get_file(origin="https://storage.googleapis.com/tensorflow/tf-keras-datasets/imdb_word_index.json")
