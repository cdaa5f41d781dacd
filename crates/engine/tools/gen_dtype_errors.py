"""Generates crates/tensor/src/ops/dtype_errors.rs: TensorFlow's "not in the list of allowed values"
texts per op, recorded from tensorflow-cpu 2.21.0.

  (oracle venv: python3 -m venv .tf && .tf/bin/pip install tensorflow-cpu==2.21.0)
  TF_CPP_MIN_LOG_LEVEL=3 .tf/bin/python crates/engine/tools/gen_dtype_errors.py \
      > crates/tensor/src/ops/dtype_errors.rs
"""
import json
import tensorflow as tf

b = tf.constant([True]); s = tf.constant(["a"]); i = tf.constant([1])
r = tf.raw_ops
probes = {
    "AddV2": lambda: r.AddV2(x=b, y=b), "Sub": lambda: r.Sub(x=b, y=b), "Mul": lambda: r.Mul(x=b, y=b),
    "RealDiv": lambda: r.RealDiv(x=b, y=b), "FloorDiv": lambda: r.FloorDiv(x=b, y=b),
    "FloorMod": lambda: r.FloorMod(x=b, y=b), "Pow": lambda: r.Pow(x=b, y=b),
    "Maximum": lambda: r.Maximum(x=b, y=b), "Minimum": lambda: r.Minimum(x=b, y=b),
    "SquaredDifference": lambda: r.SquaredDifference(x=b, y=b),
    "Less": lambda: r.Less(x=b, y=b), "LessEqual": lambda: r.LessEqual(x=b, y=b),
    "Greater": lambda: r.Greater(x=b, y=b), "GreaterEqual": lambda: r.GreaterEqual(x=b, y=b),
    "Neg": lambda: r.Neg(x=b), "Abs": lambda: r.Abs(x=b), "Sign": lambda: r.Sign(x=b),
    "Square": lambda: r.Square(x=b), "Sqrt": lambda: r.Sqrt(x=i), "Exp": lambda: r.Exp(x=i),
    "Log": lambda: r.Log(x=i), "Sin": lambda: r.Sin(x=i), "Cos": lambda: r.Cos(x=i),
    "Tanh": lambda: r.Tanh(x=i), "Sigmoid": lambda: r.Sigmoid(x=i), "Relu": lambda: r.Relu(features=b),
    "Round": lambda: r.Round(x=b),
    "Floor": lambda: r.Floor(x=i), "Ceil": lambda: r.Ceil(x=i), "Rsqrt": lambda: r.Rsqrt(x=i),
    "Log1p": lambda: r.Log1p(x=i), "Expm1": lambda: r.Expm1(x=i), "Tan": lambda: r.Tan(x=i),
    "Reciprocal": lambda: r.Reciprocal(x=b), "Softplus": lambda: r.Softplus(features=i),
    "Atan": lambda: r.Atan(x=i), "Asin": lambda: r.Asin(x=i), "Acos": lambda: r.Acos(x=i),
    "Sinh": lambda: r.Sinh(x=i), "Cosh": lambda: r.Cosh(x=i), "Softmax": lambda: r.Softmax(logits=i),
    "MatMul": lambda: r.MatMul(a=tf.constant([[True]]), b=tf.constant([[True]])),
    "BatchMatMulV2": lambda: r.BatchMatMulV2(x=tf.constant([[[True]]]), y=tf.constant([[[True]]])),
    "Sum": lambda: r.Sum(input=b, axis=0), "Mean": lambda: r.Mean(input=b, axis=0),
    "Max": lambda: r.Max(input=b, axis=0), "Min": lambda: r.Min(input=b, axis=0),
    "Prod": lambda: r.Prod(input=b, axis=0), "ArgMax": lambda: r.ArgMax(input=b, dimension=0),
    "ArgMin": lambda: r.ArgMin(input=b, dimension=0),
    "IsNan": lambda: r.IsNan(x=i), "IsInf": lambda: r.IsInf(x=i), "IsFinite": lambda: r.IsFinite(x=i),
    "Cumsum": lambda: r.Cumsum(x=b, axis=0), "Cumprod": lambda: r.Cumprod(x=b, axis=0), "Relu6": lambda: r.Relu6(features=b),
    "Elu": lambda: r.Elu(features=i), "LeakyRelu": lambda: r.LeakyRelu(features=i),
    "LogSoftmax": lambda: r.LogSoftmax(logits=i), "L2Loss": lambda: r.L2Loss(t=i),
    "GatherNd": lambda: r.GatherNd(params=i, indices=tf.constant([[0.0]])),
    "ScatterNd": lambda: r.ScatterNd(indices=tf.constant([[0.0]]), updates=tf.constant([1.0]),
                                     shape=tf.constant([2.0])),
    "DepthwiseConv2dNative": lambda: r.DepthwiseConv2dNative(
        input=tf.ones([1, 3, 3, 1], tf.int32), filter=tf.ones([1, 1, 1, 1], tf.int32),
        strides=[1, 1, 1, 1], padding="VALID"),
    "Softsign": lambda: r.Softsign(features=i), "Selu": lambda: r.Selu(features=i),
    "OneHot/TI": lambda: r.OneHot(indices=tf.constant([1.0]), depth=2, on_value=1.0,
                                  off_value=0.0),
    "BitwiseAnd": lambda: r.BitwiseAnd(x=b, y=b), "BitwiseOr": lambda: r.BitwiseOr(x=b, y=b),
    "BitwiseXor": lambda: r.BitwiseXor(x=b, y=b), "LeftShift": lambda: r.LeftShift(x=b, y=b),
    "RightShift": lambda: r.RightShift(x=b, y=b), "Invert": lambda: r.Invert(x=b),
    # An op with two checked attrs has a probe for each, the second keyed `Op/attr`.
    "SparseSoftmaxCrossEntropyWithLogits": lambda: r.SparseSoftmaxCrossEntropyWithLogits(
        features=tf.constant([[1]]), labels=tf.constant([0])),
    "SparseSoftmaxCrossEntropyWithLogits/Tlabels": lambda: r.SparseSoftmaxCrossEntropyWithLogits(
        features=tf.constant([[1.0]]), labels=tf.constant([0.0])),
}
print("//! TensorFlow's \"Value for attr 'T' of <dtype> is not in the list of allowed values\" texts,")
print("//! recorded from tensorflow-cpu 2.21.0 by `tools/gen_dtype_errors.py`: generated, do not")
print("//! edit by hand. Each entry is the op, the attr, and the text after the dtype.")
print()
print("/// `(op type, attr name, allowed-values text and op signature)`.")
print("pub(super) const ALLOWED_VALUES: &[(&str, &str, &str)] = &[")
for op, probe in probes.items():
    try:
        probe()
        continue
    except Exception as e:
        msg = str(e)
    head = "Value for attr '"
    if not msg.startswith(head):
        continue
    attr = msg[len(head):msg.index("'", len(head))]
    tail = msg[msg.index("is not in the list of allowed values: "):]
    tail = tail[:tail.rindex(" [Op:")]
    print(f"    ({json.dumps(op.split('/')[0])}, {json.dumps(attr)}, {json.dumps(tail)}),")
print("];")
