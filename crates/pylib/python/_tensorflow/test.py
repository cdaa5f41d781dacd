"""`tf.test`: what the emulated build and machine answer (`is_built_with_cuda`,
`gpu_device_name`), and `TestCase`, `unittest.TestCase` with TensorFlow's array assertions
checked through NumPy's `testing`, as TensorFlow's own `TensorFlowTestCase` checks them."""

import unittest

import numpy as np
import tensorflow as tf


def _gpus():
    return tf.config.list_physical_devices("GPU")


def is_built_with_cuda():
    """The emulated build: TensorFlow's CUDA build where the machine has GPUs, the CPU-only
    package (`tensorflow-cpu`) elsewhere."""
    return bool(_gpus())


def is_built_with_gpu_support():
    return is_built_with_cuda()


def is_built_with_rocm():
    return False


def is_built_with_xla():
    return True


def is_gpu_available(cuda_only=False, min_cuda_compute_capability=None):
    """Deprecated in TensorFlow for `tf.config.list_physical_devices('GPU')`, which it
    answers."""
    return bool(_gpus())


def gpu_device_name():
    """`'/device:GPU:0'` where the machine has a GPU, else `''`."""
    return "/device:GPU:0" if _gpus() else ""


def _numpy(value):
    if hasattr(value, "numpy"):
        return value.numpy()
    if isinstance(value, (list, tuple)) and any(hasattr(v, "numpy") for v in value):
        return np.array([_numpy(v) for v in value])
    return value


class TestCase(unittest.TestCase):
    """`tf.test.TestCase`: `evaluate` gives tensors' values; the `assertAll*` assertions
    compare them as NumPy arrays."""

    def evaluate(self, tensors):
        return tf.nest.map_structure(_numpy, tensors)

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        np.testing.assert_allclose(_numpy(a), _numpy(b), rtol=rtol, atol=atol,
                                   err_msg=msg or "")

    def assertNotAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        try:
            self.assertAllClose(a, b, rtol=rtol, atol=atol)
        except AssertionError:
            return
        raise AssertionError(msg or "The two values are close at all elements.")

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6, float_rtol=1e-6,
                                      float_atol=1e-6, half_rtol=1e-3, half_atol=1e-3,
                                      bfloat16_rtol=1e-2, bfloat16_atol=1e-2, msg=None):
        a, b = np.asarray(_numpy(a)), np.asarray(_numpy(b))
        if a.dtype == np.float32 or b.dtype == np.float32:
            rtol, atol = max(rtol, float_rtol), max(atol, float_atol)
        if a.dtype == np.float16 or b.dtype == np.float16:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol, msg=msg)

    def assertAllEqual(self, a, b, msg=None):
        a, b = np.asarray(_numpy(a)), np.asarray(_numpy(b))
        if a.shape != b.shape and a.size and b.size:
            raise AssertionError(
                f"Shape mismatch: expected {a.shape}, got {b.shape} with contents {b}. {msg or ''}")
        np.testing.assert_array_equal(a, b, err_msg=msg or "")

    def assertNotAllEqual(self, a, b, msg=None):
        try:
            self.assertAllEqual(a, b)
        except AssertionError:
            return
        raise AssertionError(msg or "The two values are equal at all elements.")

    def assertAllGreater(self, a, comparison_target):
        self.assertGreater(np.min(_numpy(a)), comparison_target)

    def assertAllLess(self, a, comparison_target):
        self.assertLess(np.max(_numpy(a)), comparison_target)

    def assertAllGreaterEqual(self, a, comparison_target):
        self.assertGreaterEqual(np.min(_numpy(a)), comparison_target)

    def assertAllLessEqual(self, a, comparison_target):
        self.assertLessEqual(np.max(_numpy(a)), comparison_target)

    def assertAllInSet(self, target, expected_set):
        values = set(np.asarray(_numpy(target)).ravel().tolist())
        missing = values - set(expected_set)
        if missing:
            raise AssertionError(f"{sorted(missing)} not in {expected_set}.")

    def assertNear(self, f1, f2, err, msg=None):
        if not abs(f1 - f2) <= err:
            raise AssertionError(f"{f1} != {f2} +/- {err}{' (' + msg + ')' if msg else ''}")

    def assertArrayNear(self, farray1, farray2, err, msg=None):
        self.assertEqual(len(farray1), len(farray2), msg=msg)
        for f1, f2 in zip(farray1, farray2):
            self.assertNear(float(f1), float(f2), err, msg=msg)

    def assertDTypeEqual(self, target, expected_dtype):
        target = np.asarray(_numpy(target))
        self.assertEqual(target.dtype, np.dtype(expected_dtype))

    def assertShapeEqual(self, input_a, input_b, msg=None):
        self.assertEqual(tuple(np.shape(_numpy(input_a))), tuple(input_b.shape), msg=msg)


def main(argv=None):
    """Runs the program's tests, as `unittest.main` does."""
    return unittest.main(argv=argv)
