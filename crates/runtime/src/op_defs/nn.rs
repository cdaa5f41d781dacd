//! Neural-network ops: convolution, pooling, activations, losses, normalisation, images.

use super::OpDef;
use placer::kernels::Kernels;
use report::OpClass;

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("Conv2D").class(OpClass::Conv2D),
    OpDef::compute("Conv2DBackpropInput").class(OpClass::ConvBackpropInput),
    OpDef::compute("Conv2DBackpropFilter").class(OpClass::ConvBackpropFilter),
    OpDef::compute("BiasAdd"),
    OpDef::compute("BiasAddGrad"),
    OpDef::compute("MaxPool").class(OpClass::Pool),
    OpDef::compute("AvgPool").class(OpClass::Pool),
    OpDef::compute("MaxPoolGrad").class(OpClass::Pool),
    OpDef::compute("AvgPoolGrad")
        .class(OpClass::Pool)
        .host_memory(&[0]),
    OpDef::compute("SparseSoftmax").kernels(Kernels::CPU),
    OpDef::compute("FusedBatchNormV3"),
    OpDef::compute("ResizeBilinear")
        .class(OpClass::Resize { per_value: 8 })
        .host_memory(&[1]),
    OpDef::compute("ResizeNearestNeighbor")
        .class(OpClass::Resize { per_value: 1 })
        .host_memory(&[1]),
    OpDef::compute("ImageProjectiveTransformV3").kernels(Kernels::CPU_GPU),
    OpDef::compute("DecodeJpeg").kernels(Kernels::CPU),
    OpDef::compute("DecodePng").kernels(Kernels::CPU),
];
