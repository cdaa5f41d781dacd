"""TFRecord files: each record framed as TensorFlow frames it (a little-endian 64-bit
length, its masked CRC-32C, the data, the data's masked CRC-32C): `tf.io.TFRecordWriter`,
the reader behind `tf.data.TFRecordDataset`, and the framing `tf.summary`'s event files use."""

import struct

import tensorflow as tf


def crc_table(polynomial):
    """The byte table of a reflected CRC-32 with `polynomial` (0x82F63B78 is CRC-32C, which
    TFRecord uses; 0xEDB88320 is zlib's and PNG's CRC-32)."""
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ polynomial if crc & 1 else crc >> 1
        table.append(crc)
    return table


def crc(table, data):
    """The CRC of `data` with `table`."""
    value = 0xFFFFFFFF
    for byte in data:
        value = table[(value ^ byte) & 0xFF] ^ (value >> 8)
    return value ^ 0xFFFFFFFF


_CRC32C_TABLE = crc_table(0x82F63B78)


def masked_crc32c(data):
    """CRC-32C of `data`, masked as TFRecord stores it."""
    value = crc(_CRC32C_TABLE, data)
    return ((((value >> 15) | (value << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def frame(payload):
    """One record as a TFRecord file holds it."""
    header = struct.pack("<Q", len(payload))
    return (header + struct.pack("<I", masked_crc32c(header)) + payload
            + struct.pack("<I", masked_crc32c(payload)))


def read_records(path):
    """The records of the TFRecord file at `path`; TensorFlow's errors for a missing file
    or a damaged record."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise tf.errors.NotFoundError(None, None, f"{path}; No such file or directory") \
            from None
    records = []
    pos = 0
    while pos < len(data):
        header = data[pos:pos + 12]
        if len(header) < 12:
            raise tf.errors.DataLossError(
                None, None, f"truncated record at {pos}' failed with Read less bytes than "
                "requested")
        (length,) = struct.unpack("<Q", header[:8])
        if struct.unpack("<I", header[8:12])[0] != masked_crc32c(header[:8]):
            raise tf.errors.DataLossError(None, None, f"corrupted record at {pos}")
        payload = data[pos + 12:pos + 12 + length]
        footer = data[pos + 12 + length:pos + 16 + length]
        if len(payload) < length or len(footer) < 4:
            raise tf.errors.DataLossError(
                None, None, f"truncated record at {pos}' failed with Read less bytes than "
                "requested")
        if struct.unpack("<I", footer)[0] != masked_crc32c(payload):
            raise tf.errors.DataLossError(None, None, f"corrupted record at {pos}")
        records.append(payload)
        pos += 16 + length
    return records


class TFRecordWriter:
    """`tf.io.TFRecordWriter(path, options=None)`: writes records to a TFRecord file."""

    __module__ = "tensorflow.python.lib.io.tf_record"

    def __init__(self, path, options=None):
        if hasattr(path, "numpy"):
            path = path.numpy()
        if isinstance(path, bytes):
            path = path.decode()
        if options not in (None, "", "NONE") and getattr(options, "compression_type",
                                                         options) not in (None, "", "NONE"):
            raise NotImplementedError(
                "Compressed TFRecord files are not emulated in this playground yet.")
        self._path = str(path)
        try:
            self._handle = open(self._path, "wb")
        except FileNotFoundError:
            raise tf.errors.NotFoundError(
                None, None, f"{self._path}; No such file or directory") from None

    def write(self, record):
        """Appends one record (bytes, or a scalar string tensor)."""
        if hasattr(record, "numpy"):
            record = record.numpy()
        if isinstance(record, str):
            record = record.encode("utf-8")
        self._handle.write(frame(bytes(record)))

    def flush(self):
        self._handle.flush()

    def close(self):
        self._handle.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
