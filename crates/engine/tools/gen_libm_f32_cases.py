"""Generates crates/tensor/src/libm_f32_cases.rs: glibc's logf and sincosf on hard inputs.

The values come from the machine's glibc (libm.so.6 through ctypes): on x86-64 with FMA and
AVX2 that is the `__logf_fma`/`__sincosf_fma` variant TensorFlow's Box-Muller normals call.
The inputs: special values and range boundaries; Box-Muller's own inputs (`u1 = m 2^-23`
clamped to 1e-7, `v1 = float(2 pi m 2^-23)`, the largest ones near 2 pi (1 - 2^-24)) where the
correctly rounded result differs from glibc's; random floats of every magnitude where it
differs (large sincosf arguments take the 4/pi integer reduction); and the sincosf arguments
where glibc's FMA and SSE2 variants differ.

Run from the repository root with the oracle venv on x86-64 Linux with glibc >= 2.28:
  .tf/bin/python crates/engine/tools/gen_libm_f32_cases.py > crates/tensor/src/libm_f32_cases.rs
"""
import ctypes
import math

import numpy as np

libm = ctypes.CDLL("libm.so.6")
libm.logf.restype = ctypes.c_float
libm.logf.argtypes = [ctypes.c_float]
libm.sincosf.restype = None
libm.sincosf.argtypes = [ctypes.c_float, ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_float)]


def f32(bits):
    return float(np.array([bits], dtype=np.uint32).view(np.float32)[0])


def bits(value):
    return int(np.array([value], dtype=np.float32).view(np.uint32)[0])


def logf(b):
    return bits(libm.logf(f32(b)))


def sincosf(b):
    s, c = ctypes.c_float(), ctypes.c_float()
    libm.sincosf(f32(b), ctypes.byref(s), ctypes.byref(c))
    return bits(s.value), bits(c.value)


def rounded(x):
    """float(x) rounded once from the double, NaN and infinities kept."""
    with np.errstate(all="ignore"):
        return bits(np.float32(x))


rng = np.random.default_rng(20240521)

# Box-Muller's inputs.
m = np.arange(1 << 23, dtype=np.uint32)
uniform = ((127 << 23) | m).view(np.float32) - np.float32(1.0)
u1 = np.maximum(uniform, np.float32(1e-7))
v1 = (2.0 * math.pi * uniform.astype(np.float64)).astype(np.float32)


def hard_log(candidates, count):
    found = []
    for b in candidates:
        x = f32(int(b))
        if logf(int(b)) != rounded(math.log(x)):
            found.append(int(b))
            if len(found) == count:
                break
    return found


def hard_sincos(candidates, count):
    found = []
    for b in candidates:
        x = f32(int(b))
        s, c = sincosf(int(b))
        if (s, c) != (rounded(math.sin(x)), rounded(math.cos(x))):
            found.append(int(b))
            if len(found) == count:
                break
    return found


log_inputs = [
    0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
    0x00000001, 0x007FFFFF, 0x00400000, 0x00012345, 0x00800000, 0x7F7FFFFF, 0x3F000000,
    0x3F7FFFFF, 0x40000000, 0x3F330000, 0x3F32FFFF, 0x3F330001, 0x402DF854,
    bits(1e-7), 0x34000000, 0x34800000,
]
log_inputs += hard_log(rng.permutation(u1.view(np.uint32)), 160)
positive = rng.integers(0x00000001, 0x7F800000, size=400_000, dtype=np.uint32)
log_inputs += hard_log(positive, 60)

top = [int(b) for b in v1.view(np.uint32)[-8:]]
sincos_inputs = [
    0x00000000, 0x80000000, 0x00000001, 0x00800000, 0x39800000, 0x397FFFFF, 0xB97FFFFF,
    0x3F490FDB, 0x3F490FDA, 0xBF490FDB, 0x3FC90FDB, 0x40490FDB, 0x4096CBE4, 0x40C90FDB,
    0x40C90FDA, 0x40C90FD9, 0x40C90FDC, 0xC0C90FDB, 0x42F00000, 0x42EFFFFF, 0xC2F00000,
    0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x4B000000, 0x5D5E0B6B,
    0x47800000, 0x4E6E6B28, 0x7149F2CA,
] + top
sincos_inputs += hard_sincos(rng.permutation(v1.view(np.uint32)), 160)
large = rng.integers(0x42F00000, 0x7F800000, size=200_000, dtype=np.uint32)
large |= (rng.integers(0, 2, size=large.size, dtype=np.uint32) << 31)
sincos_inputs += hard_sincos(large, 60)
middle = rng.integers(0x3F490FDB, 0x42F00000, size=200_000, dtype=np.uint32)
sincos_inputs += hard_sincos(middle, 30)
# Where glibc's __sincosf_fma and __sincosf_sse2 differ (all 2^32 inputs searched).
sincos_inputs += [0x418A3ADB, 0x41BC76D9, 0x4202EB4B, 0x42A35D44, 0xC2C55FAA, 0xC2E87A55]


def dedup(values):
    seen, out = set(), []
    for v in values:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


print("//! glibc 2.36's `logf` and `sincosf` (x86-64, FMA variant) on hard inputs, recorded by")
print("//! `crates/engine/tools/gen_libm_f32_cases.py`: generated, do not edit by hand.")
print()
print("/// `(x, logf(x))` as bit patterns.")
print("pub(super) const LOGF: &[(u32, u32)] = &[")
for b in dedup(log_inputs):
    print(f"    (0x{b:08x}, 0x{logf(b):08x}),")
print("];")
print()
print("/// `(x, sinf(x), cosf(x))` as bit patterns, from `sincosf`.")
print("pub(super) const SINCOSF: &[(u32, u32, u32)] = &[")
for b in dedup(sincos_inputs):
    s, c = sincosf(b)
    print(f"    (0x{b:08x}, 0x{s:08x}, 0x{c:08x}),")
print("];")
