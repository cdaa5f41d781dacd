"""Generates src/tensor/format/cases.rs: printing cases recorded from tensorflow-cpu 2.21.0.

Run from crates/engine with the oracle venv (python3 -m venv .tf && .tf/bin/pip install tensorflow-cpu==2.21.0):
  TF_CPP_MIN_LOG_LEVEL=3 .tf/bin/python tools/gen_format_cases.py > src/tensor/format/cases.rs
"""
import json
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(20250101)
cases = []

def add(label, values, dtype, shape=None):
    arr = np.array(values, dtype=object if dtype == "string" else None)
    if shape is not None:
        arr = arr.reshape(shape)
    t = tf.constant(arr.tolist() if dtype != "string" else arr.tolist(), dtype=getattr(tf, dtype))
    if shape is not None:
        t = tf.reshape(t, shape)
    cases.append((label, t))

# The conformance corpus' printed tensors.
add("a01", [4.0, 6.0], "float32")
add("a02_matmul", [[4.5, -0.5], [9.5, -2.0]], "float32")
add("a02_sum", 10.0, "float32")
add("a02_mean", [2.0, 3.0], "float32")
add("a03_range", list(range(6)), "int32")
add("a03_affine", [1, 3, 5, 7, 9, 11], "int32")
add("a03_reshape", [[0, 1, 2], [3, 4, 5]], "int32")
add("a03_sum", 15, "int32")
add("a04_var", [1.0, 2.0], "float32")
add("a04_var2", [1.5, 2.5], "float32")
add("a04_counter", 3, "int32")
add("a05_where", [[1.0, 2.0], [6.0, 8.0]], "float32")
add("a05_cond", [2, 4, 6, 8], "int32")
add("a08_zeros", [[0.0, 0.0], [0.0, 0.0]], "float32")
add("a08_ones", [1, 1, 1], "int32")
add("a08_identity", 7.5, "float32")
add("c03", [[6.0]], "float32")
add("c12", [9.0, 21.0], "float32")
add("e02_10", 10.0, "float32")
add("e02_21", 21.0, "float32")
add("e02_mean", 10.5, "float32")
add("f01_x", [5.0], "float32")
add("f01_y", [0], "int32")
add("g01", [[12.0], [12.0]], "float32")
add("g02_kernel", [[0.7583]], "float32")
add("g02_bias", [0.2518], "float32")

# Float layouts.
for i, v in enumerate([[1e-5, 1.0], [0.1, 0.2, 0.3], [1e8, 1.0], [float("nan"), 1.5, float("-inf")],
                       [1234.5, 0.001], [3.14159265358979, 2.0], [1 / 3], [0.0, -0.0], [100.0, 1000000.0],
                       [1e-4, 1.0], [1000.0, 1.0], [1001.0, 1.0], [99999999.0], [0.00012345678, 1.0],
                       [-1.5e-7, 2.0], [1e20, -3e-20], [123456.789, 0.5], [1e7, 1.5], [float("nan")],
                       [float("inf"), float("-inf")], [float("nan"), 1e-5], [1e-5, float("-inf")],
                       [float("inf"), 1e-9], [0.0], [-0.0, 0.0, 0.0], [0.5, 0.25, 0.125, 0.0625, 0.03125]]):
    for dtype in ["float32", "float64", "float16"]:
        add(f"floats{i}_{dtype}", v, dtype)
add("cube", (np.arange(24, dtype=np.float32) / np.float32(7.0)).tolist(), "float32", [2, 3, 4])
add("wrap30", (np.arange(30, dtype=np.float32) * np.float32(1.1)).tolist(), "float32")
add("wrap2x30", [[1.5] * 30] * 2, "float32")
add("summary_int", list(range(2000)), "int32")
add("summary_rows", list(range(6000)), "int32", [2000, 3])
add("summary_float", [float(x) for x in range(1500)], "float32", [3, 500])
add("wide_int64", (np.arange(100) * 1000).tolist(), "int64", [4, 25])
add("neg_int64", [[-1, 20], [300, -4000]], "int64")
add("int8", [1, -2, 127], "int8")
add("uint8", [1, 2, 255], "uint8")
add("int16", [1, -300], "int16")
add("big_int64", [1, 2**40], "int64")
add("bools", [[True, False], [False, True]], "bool")
add("all_true", [True, True], "bool")
add("bool_scalar", True, "bool")
add("strings", [["ab", "c"], ["d", "e'f"]], "string")
add("long_strings", ["x" * 40, "y" * 40], "string")
add("string_scalar", "abc", "string")
add("bf16", [0.1, 1.0 / 3, 3.14159, 100.5, 1e-5], "bfloat16")
add("bf16_ones", [[1.0, 1.0], [1.0, 1.0]], "bfloat16")
add("bf16_scalar", 3.14159, "bfloat16")
add("f16_scalar", 0.1, "float16")
add("f32_scalar_small", 1e-5, "float32")
add("f32_scalar_big", 123456789.0, "float32")
add("f32_scalar_point1", 0.1, "float32")
add("f64_scalar", 0.1, "float64")
add("uint8_scalar", 3, "uint8")
add("deep", list(range(16)), "int32", [2, 2, 2, 2])
add("empty_vec", [], "float32")
add("empty_rows", [], "float32", [0, 3])
add("empty_cols", [], "float32", [2, 0])
add("empty_int", [], "int32")
add("empty_int64", [], "int64")
add("empty_bool", [], "bool", [1, 0])
add("empty_string", [], "string")
add("column", [[1.5], [2.0], [2.5]], "float64", [3, 1, 1])
add("softmax", [[0.09003057, 0.24472848, 0.66524094], [0.33333334, 0.33333334, 0.33333334]], "float32")
add("castf2i", [-2147483648] * 5, "int32")
# Random arrays over many scales.
for i in range(36):
    dtype = ["float32", "float64", "float16"][i % 3]
    shape = [[5], [3, 4], [2, 3, 2], [40], [7, 11], [1]][i % 6]
    scale = 10.0 ** rng.integers(-6, 9)
    vals = (rng.standard_normal(int(np.prod(shape))) * scale)
    if dtype == "float16":
        vals = np.clip(vals, -60000, 60000)
    if i % 4 == 0:
        vals = np.round(vals)
    add(f"random{i}", vals.tolist(), dtype, shape)

def rust_string(text):
    return json.dumps(text)

print("//! Printing cases recorded from tensorflow-cpu 2.21.0 and NumPy 2.4.6 by")
print("//! `tools/gen_format_cases.py`: generated, do not edit by hand.")
print()
print("/// One recorded tensor and its printed forms.")
print("pub(super) struct Case {")
print("    /// What the case covers.")
print("    pub label: &'static str,")
print("    /// The TensorFlow dtype name.")
print("    pub dtype: &'static str,")
print("    /// The shape.")
print("    pub dims: &'static [usize],")
print("    /// Row-major values as Python literals (`repr` of floats, ints, bytes contents).")
print("    pub values: &'static [&'static str],")
print("    /// `str(t)`.")
print("    pub tensor_str: &'static str,")
print("    /// `repr(t)`.")
print("    pub tensor_repr: &'static str,")
print("    /// `str(t.numpy())`.")
print("    pub numpy_str: &'static str,")
print("    /// `repr(t.numpy())`.")
print("    pub numpy_repr: &'static str,")
print("    /// `repr(tf.Variable(t))`.")
print("    pub variable_repr: &'static str,")
print("}")
print()
print("/// The recorded cases.")
print("pub(super) const CASES: &[Case] = &[")
for label, t in cases:
    flat = tf.reshape(t, [-1]).numpy()
    if t.dtype == tf.string:
        values = [v.decode("latin-1") for v in flat.tolist()]
    elif t.dtype.is_floating:
        values = [repr(float(v)) for v in flat.tolist()]
    else:
        values = [str(int(v)) for v in flat.tolist()]
    v = tf.Variable(t)
    print("    Case {")
    print(f"        label: {rust_string(label)},")
    print(f"        dtype: {rust_string(t.dtype.name)},")
    print(f"        dims: &{list(t.shape.as_list())},")
    print(f"        values: &[{', '.join(rust_string(x) for x in values)}],")
    print(f"        tensor_str: {rust_string(str(t))},")
    print(f"        tensor_repr: {rust_string(repr(t))},")
    print(f"        numpy_str: {rust_string(str(t.numpy()))},")
    print(f"        numpy_repr: {rust_string(repr(t.numpy()))},")
    print(f"        variable_repr: {rust_string(repr(v))},")
    print("    },")
print("];")
