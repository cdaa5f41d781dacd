"""`tf.lookup`: hash tables as TensorFlow's Python writes them over its table ops. A table
is a resource made by `HashTableV2` (or `MutableHashTableV2`) when the table object is
built, always eagerly (`init_scope`), and read by `LookupTableFindV2` wherever it is used:
eagerly, inside a `tf.function`, or in a `Dataset.map`, which capture its handle."""

import tensorflow as tf

_uid = [0]


def _next_uid():
    _uid[0] += 1
    return _uid[0]


def _check_keys(keys, key_dtype):
    if keys.dtype.base_dtype != key_dtype:
        raise TypeError(f"Dtype of argument `keys` must be {key_dtype}, "
                        f"received: {keys.dtype}")


def _values_of(keys):
    """The tensor a lookup runs on: a composite's values, or the keys."""
    from _tensorflow import ragged, sparse
    if isinstance(keys, (ragged.RaggedTensor, sparse.SparseTensor)):
        return keys.values
    return keys


def _like(keys, values):
    """`values` in the structure of `keys` (sparse, ragged or dense)."""
    from _tensorflow import ragged, sparse
    if isinstance(keys, sparse.SparseTensor):
        return sparse.SparseTensor(keys.indices, values, keys.dense_shape)
    if isinstance(keys, ragged.RaggedTensor):
        return keys.with_values(values)
    return values


class _Typed:
    """Key and value dtypes, what tables and their initializers share."""

    def __init__(self, key_dtype, value_dtype):
        self._key_dtype = tf.as_dtype(key_dtype)
        self._value_dtype = tf.as_dtype(value_dtype)

    @property
    def key_dtype(self):
        return self._key_dtype

    @property
    def value_dtype(self):
        return self._value_dtype


class TableInitializerBase(_Typed):
    """What fills a table: its key and value dtypes and `initialize(table)`."""

    def initialize(self, table):
        raise NotImplementedError

    @property
    def _shared_name(self):
        return ""


def check_table_dtypes(table, key_dtype, value_dtype):
    if key_dtype.base_dtype != table.key_dtype:
        raise TypeError(f"Invalid key dtype for table, expected {table.key_dtype} "
                        f"but got {key_dtype}.")
    if value_dtype.base_dtype != table.value_dtype:
        raise TypeError("Invalid value dtype for table, expected "
                        f"{table.value_dtype} but got {value_dtype}.")


class KeyValueTensorInitializer(TableInitializerBase):
    """Fills a table from a keys tensor and a values tensor."""

    def __init__(self, keys, values, key_dtype=None, value_dtype=None, name=None):
        with tf.init_scope():
            self._keys = tf.convert_to_tensor(keys, dtype=key_dtype, name="keys")
            self._values = tf.convert_to_tensor(values, dtype=value_dtype, name="values")
        self._name = (name if name is not None else "key_value_init") + str(_next_uid())
        super().__init__(self._keys.dtype, self._values.dtype)

    def initialize(self, table):
        check_table_dtypes(table, self._keys.dtype, self._values.dtype)
        with tf.init_scope():
            return tf.raw_ops.LookupTableImportV2(table_handle=table.resource_handle,
                                                  keys=self._keys, values=self._values)


class TextFileIndex:
    """Which part of a vocabulary file's line is a key or a value."""

    WHOLE_LINE = -2
    LINE_NUMBER = -1


class TextFileInitializer(TableInitializerBase):
    """Fills a table from a text file: a key and a value from each line (the whole line,
    its number, or a `delimiter`-separated column)."""

    def __init__(self, filename, key_dtype, key_index, value_dtype, value_index,
                 vocab_size=None, delimiter="\t", name=None, value_index_offset=0):
        if not filename:
            raise ValueError("`filename` argument required for tf.lookup.TextFileInitializer")
        key_dtype = tf.as_dtype(key_dtype)
        value_dtype = tf.as_dtype(value_dtype)
        if key_index < -2:
            raise ValueError(f"`key_index` should be >= -2, received: {key_index}.")
        if key_index == TextFileIndex.LINE_NUMBER and key_dtype != tf.int64:
            raise ValueError("`key_dtype` must be int64 if `key_index` is "
                             f"{TextFileIndex.LINE_NUMBER}, received: {key_dtype}")
        if ((key_index == TextFileIndex.WHOLE_LINE) and
                (not key_dtype.is_integer) and (key_dtype != tf.string)):
            raise ValueError(
                "`key_dtype` should be either integer or string for `key_index` "
                f"{TextFileIndex.WHOLE_LINE}, received: {key_dtype}")
        if value_index < -2:
            raise ValueError("`value_index` should be >= -2, received: "
                             f"{value_index}")
        if value_index == TextFileIndex.LINE_NUMBER and value_dtype != tf.int64:
            raise ValueError("`value_dtype` must be int64 for `value_index` "
                             f"{TextFileIndex.LINE_NUMBER}, received: {value_dtype}")
        if vocab_size is not None and vocab_size <= 0:
            raise ValueError(f"`vocab_size` should be > 0, received: {vocab_size}")
        self._filename = filename.decode() if isinstance(filename, bytes) else str(filename)
        self._key_index = key_index
        self._value_index = value_index
        self._vocab_size = vocab_size
        self._delimiter = delimiter
        self._offset = value_index_offset
        self._name = name
        super().__init__(key_dtype, value_dtype)

    def _column(self, line, number, index, dtype):
        if index == TextFileIndex.LINE_NUMBER:
            return number + (self._offset if dtype == tf.int64 else 0)
        text = line if index == TextFileIndex.WHOLE_LINE else line.split(self._delimiter)[index]
        if dtype == tf.string:
            return text
        return float(text) if dtype.is_floating else int(text)

    def initialize(self, table):
        check_table_dtypes(table, self.key_dtype, self.value_dtype)
        try:
            with open(self._filename, "rb") as f:
                lines = f.read().decode("utf-8").split("\n")
        except FileNotFoundError:
            raise tf.errors.NotFoundError(None, None, f"{self._filename}; No such file or directory")
        if lines and lines[-1] == "":
            lines.pop()
        if self._vocab_size is not None:
            lines = lines[:self._vocab_size]
        keys = [self._column(line, i, self._key_index, self.key_dtype)
                for i, line in enumerate(lines)]
        values = [self._column(line, i, self._value_index, self.value_dtype)
                  for i, line in enumerate(lines)]
        with tf.init_scope():
            return tf.raw_ops.LookupTableImportV2(
                table_handle=table.resource_handle,
                keys=tf.constant(keys, dtype=self.key_dtype, shape=[len(keys)]),
                values=tf.constant(values, dtype=self.value_dtype, shape=[len(values)]))


class TextFileStringTableInitializer(TextFileInitializer):
    def __init__(self, filename, key_column_index=TextFileIndex.LINE_NUMBER,
                 value_column_index=TextFileIndex.WHOLE_LINE, vocab_size=None,
                 delimiter="\t", name="text_file_string_table_init"):
        super().__init__(filename, tf.int64, key_column_index, tf.string,
                         value_column_index, vocab_size=vocab_size, delimiter=delimiter,
                         name=name)


class TextFileIdTableInitializer(TextFileInitializer):
    def __init__(self, filename, key_column_index=TextFileIndex.WHOLE_LINE,
                 value_column_index=TextFileIndex.LINE_NUMBER, vocab_size=None,
                 delimiter="\t", name="text_file_id_table_init", key_dtype=tf.string):
        super().__init__(filename, key_dtype, key_column_index, tf.int64,
                         value_column_index, vocab_size=vocab_size, delimiter=delimiter,
                         name=name)


class LookupInterface(_Typed):
    """A table: key and value dtypes, `size`, `lookup`, and `table[keys]`."""

    @property
    def resource_handle(self):
        return self._resource_handle

    def __getitem__(self, keys):
        return self.lookup(keys)


class _HashTable(LookupInterface):
    """A table resource's size and contents (`StaticHashTable`, `MutableHashTable`)."""

    def size(self, name=None):
        return tf.raw_ops.LookupTableSizeV2(table_handle=self._resource_handle)

    def export(self, name=None):
        return tf.raw_ops.LookupTableExportV2(table_handle=self._resource_handle,
                                              Tkeys=self._key_dtype, Tvalues=self._value_dtype)


class StaticHashTable(_HashTable):
    """An immutable table, filled once by its initializer."""

    def __init__(self, initializer, default_value, name=None,
                 experimental_is_anonymous=False):
        super().__init__(initializer.key_dtype, initializer.value_dtype)
        self._initializer = initializer
        self._name = name or "hash_table"
        with tf.init_scope():
            self._default_value = tf.convert_to_tensor(default_value,
                                                       dtype=self._value_dtype)
            if self._default_value.shape.rank not in (0, None):
                raise ValueError(f"Shapes {self._default_value.shape} and () are "
                                 "incompatible")
            self._resource_handle = tf.raw_ops.HashTableV2(
                key_dtype=self._key_dtype, value_dtype=self._value_dtype,
                shared_name=f"hash_table_{_next_uid()}", name=self._name)
        self._init_op = initializer.initialize(self)

    @property
    def name(self):
        return None

    @property
    def default_value(self):
        return self._default_value

    def lookup(self, keys, name=None):
        _check_keys(keys, self._key_dtype)
        values = tf.raw_ops.LookupTableFindV2(table_handle=self._resource_handle,
                                              keys=_values_of(keys),
                                              default_value=self._default_value)
        return _like(keys, values)


class StaticHashTableV1(StaticHashTable):
    """`tf.compat.v1.lookup.StaticHashTable`: initialised when built, as eager TF 2 does."""

    @property
    def initializer(self):
        return self._init_op


HashTable = StaticHashTableV1


def _as_string(values):
    return values if values.dtype == tf.string else tf.strings.as_string(values)


class StaticVocabularyTable(LookupInterface):
    """A vocabulary table whose unknown keys go to `num_oov_buckets` hash buckets after
    the vocabulary's ids."""

    def __init__(self, initializer, num_oov_buckets, lookup_key_dtype=None, name=None,
                 experimental_is_anonymous=False):
        if num_oov_buckets <= 0:
            raise ValueError("`num_oov_buckets` must be > 0; use StaticHashTable.")
        if initializer:
            if lookup_key_dtype is None:
                lookup_key_dtype = initializer.key_dtype
            lookup_key_dtype = tf.as_dtype(lookup_key_dtype)
            if initializer.key_dtype not in (tf.int64, tf.string):
                raise TypeError("Invalid `key_dtype`, expected one of "
                                f"{(tf.int64, tf.string)}, but got {initializer.key_dtype}.")
            if initializer.key_dtype.is_integer != lookup_key_dtype.is_integer:
                raise TypeError(
                    "Invalid `key_dtype`, expected %s but got %s." %
                    ("integer" if lookup_key_dtype.is_integer else "non-integer",
                     initializer.key_dtype))
            if initializer.value_dtype != tf.int64:
                raise TypeError("Invalid `value_dtype`, expected %s but got %s." %
                                (tf.int64, initializer.value_dtype))
            self._table = StaticHashTableV1(initializer, default_value=-1)
        else:
            lookup_key_dtype = tf.string
            self._table = None
        if not lookup_key_dtype.is_integer and lookup_key_dtype != tf.string:
            raise TypeError("Invalid `key_dtype`, expected integer or string, got "
                            f"{lookup_key_dtype}")
        self._num_oov_buckets = num_oov_buckets
        self._table_name = name.rstrip("/").split("/")[-1] if name else None
        super().__init__(lookup_key_dtype, tf.int64)

    @property
    def resource_handle(self):
        return self._table.resource_handle if self._table is not None else None

    @property
    def name(self):
        return self._table_name

    def size(self, name=None):
        size = self._table.size() if self._table else tf.constant(0, tf.int64)
        return size + self._num_oov_buckets

    def lookup(self, keys, name=None):
        _check_keys(keys, self._key_dtype)
        values = _values_of(keys)
        if self._table and self._table.key_dtype == tf.int64:
            values = tf.cast(values, tf.int64)
        buckets = tf.strings.to_hash_bucket_fast(_as_string(values),
                                                 num_buckets=self._num_oov_buckets)
        if self._table:
            ids = self._table.lookup(values)
            buckets = tf.add(buckets, self._table.size())
            ids = tf.where(tf.not_equal(ids, self._table.default_value), ids, buckets)
        else:
            ids = buckets
        return _like(keys, ids)


class StaticVocabularyTableV1(StaticVocabularyTable):
    @property
    def initializer(self):
        return self._table.initializer if self._table is not None else tf.no_op()


class MutableHashTable(_HashTable):
    """A table that takes `insert` and `remove`; absent keys give `default_value`."""

    def __init__(self, key_dtype, value_dtype, default_value, name="MutableHashTable",
                 checkpoint=True, experimental_is_anonymous=False):
        super().__init__(key_dtype, value_dtype)
        self._name = name
        with tf.init_scope():
            self._default_value = tf.convert_to_tensor(default_value, dtype=self._value_dtype)
            if self._default_value.shape.rank not in (0, None):
                raise NotImplementedError(
                    "MutableHashTable with non-scalar values (MutableHashTableOfTensors) is "
                    "not emulated in this playground yet.")
            self._resource_handle = tf.raw_ops.MutableHashTableV2(
                key_dtype=self._key_dtype, value_dtype=self._value_dtype, name=name)

    @property
    def name(self):
        return self._name

    def remove(self, keys, name=None):
        if keys.dtype != self._key_dtype:
            raise TypeError(f"Dtype of argument `keys` must be {self._key_dtype}, "
                            f"received: {keys.dtype}")
        return tf.raw_ops.LookupTableRemoveV2(table_handle=self._resource_handle, keys=keys)

    def lookup(self, keys, dynamic_default_values=None, name=None):
        default = self._default_value if dynamic_default_values is None else \
            tf.convert_to_tensor(dynamic_default_values, self._value_dtype)
        keys = tf.convert_to_tensor(keys, dtype=self._key_dtype)
        return tf.raw_ops.LookupTableFindV2(table_handle=self._resource_handle, keys=keys,
                                            default_value=default)

    def insert(self, keys, values, name=None):
        keys = tf.convert_to_tensor(keys, self._key_dtype, name="keys")
        values = tf.convert_to_tensor(values, self._value_dtype, name="values")
        return tf.raw_ops.LookupTableInsertV2(table_handle=self._resource_handle, keys=keys,
                                              values=values)


class _Experimental:
    """`tf.lookup.experimental`."""

    MutableHashTable = MutableHashTable

    def __getattr__(self, name):
        raise AttributeError(
            f"module 'tensorflow._api.v2.lookup.experimental' has no attribute '{name}'")


experimental = _Experimental()
