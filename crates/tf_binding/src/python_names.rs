//! TensorFlow names written in Python on the library layer
//! (`crates/pylib/python/_tensorflow`, and `tf.keras`, the `keras` package),
//! as TensorFlow itself writes them in Python (`tf.Module`, `tf.linspace`): each native
//! `tensorflow` module gets a PEP 562 `__getattr__` that imports the library module on first
//! use, so programs that never touch these names never load them.

use std::rc::Rc;

use lang::host::native_function_closure;
use lang::value::{Module, Value};

/// `(TensorFlow name, library name)`: `tensorflow.math.linspace` is `linspace` of the
/// library module `_tensorflow.math_ops` (`"_tensorflow.math_ops:linspace"`); a library
/// name without `:` is a whole module (a submodule such as `tf.train`).
pub const PYTHON_NAMES: &[(&str, &str)] = &[
    ("tensorflow.Module", "_tensorflow.module:Module"),
    (
        "tensorflow.type_spec_from_value",
        "_tensorflow.extension_type:type_spec_from_value",
    ),
    (
        "tensorflow.IndexedSlices",
        "_tensorflow.indexed_slices:IndexedSlices",
    ),
    ("tensorflow.get_logger", "_tensorflow.ops:get_logger"),
    (
        "tensorflow.sequence_mask",
        "_tensorflow.array_ops:sequence_mask",
    ),
    ("tensorflow.repeat", "_tensorflow.array_ops:repeat"),
    (
        "tensorflow.VariableSynchronization",
        "_tensorflow.variable_ops:VariableSynchronization",
    ),
    (
        "tensorflow.nn.weighted_cross_entropy_with_logits",
        "_tensorflow.math_ops:weighted_cross_entropy_with_logits",
    ),
    ("tensorflow.roll", "_tensorflow.array_ops:roll"),
    (
        "tensorflow.strided_slice",
        "_tensorflow.array_ops:strided_slice",
    ),
    (
        "tensorflow.math.log_sigmoid",
        "_tensorflow.math_ops:log_sigmoid",
    ),
    ("tensorflow.math.xlogy", "_tensorflow.math_ops:xlogy"),
    (
        "tensorflow.math.reduce_logsumexp",
        "_tensorflow.math_ops:reduce_logsumexp",
    ),
    (
        "tensorflow.reduce_logsumexp",
        "_tensorflow.math_ops:reduce_logsumexp",
    ),
    ("tensorflow.nn.silu", "_tensorflow.nn_ops:silu"),
    ("tensorflow.nn.gelu", "_tensorflow.nn_ops:gelu"),
    ("tensorflow.math.polyval", "_tensorflow.math_ops:polyval"),
    (
        "tensorflow.saturate_cast",
        "_tensorflow.math_ops:saturate_cast",
    ),
    (
        "tensorflow.dtypes.saturate_cast",
        "_tensorflow.math_ops:saturate_cast",
    ),
    ("tensorflow.foldl", "_tensorflow.functional_ops:foldl"),
    ("tensorflow.foldr", "_tensorflow.functional_ops:foldr"),
    ("tensorflow.scan", "_tensorflow.functional_ops:scan"),
    (
        "tensorflow.vectorized_map",
        "_tensorflow.functional_ops:vectorized_map",
    ),
    (
        "tensorflow.switch_case",
        "_tensorflow.functional_ops:switch_case",
    ),
    ("tensorflow.case", "_tensorflow.functional_ops:case"),
    ("tensorflow.nn.swish", "_tensorflow.nn_ops:swish"),
    (
        "tensorflow.linalg.band_part",
        "_tensorflow.linalg_ops:band_part",
    ),
    (
        "tensorflow.linalg.diag_part",
        "_tensorflow.linalg_ops:diag_part",
    ),
    ("tensorflow.linalg.diag", "_tensorflow.linalg_ops:diag"),
    ("tensorflow.norm", "_tensorflow.linalg_ops:norm"),
    ("tensorflow.math.conj", "_tensorflow.math_ops:conj"),
    ("tensorflow.math.real", "_tensorflow.math_ops:real"),
    ("tensorflow.math.imag", "_tensorflow.math_ops:imag"),
    ("tensorflow.math.angle", "_tensorflow.math_ops:angle"),
    ("tensorflow.complex", "_tensorflow.math_ops:complex"),
    ("tensorflow.conj", "_tensorflow.math_ops:conj"),
    ("tensorflow.linalg.norm", "_tensorflow.linalg_ops:norm"),
    (
        "tensorflow.linalg.set_diag",
        "_tensorflow.linalg_ops:set_diag",
    ),
    ("tensorflow.linalg.trace", "_tensorflow.linalg_ops:trace"),
    ("tensorflow.linalg.matvec", "_tensorflow.linalg_ops:matvec"),
    (
        "tensorflow.linalg.matrix_transpose",
        "_tensorflow.linalg_ops:matrix_transpose",
    ),
    (
        "tensorflow.linalg.adjoint",
        "_tensorflow.linalg_ops:adjoint",
    ),
    (
        "tensorflow.TensorArray",
        "_tensorflow.tensor_array:TensorArray",
    ),
    (
        "tensorflow.distribute.cluster_resolver.ClusterResolver",
        "_tensorflow.cluster_resolver:ClusterResolver",
    ),
    (
        "tensorflow.distribute.cluster_resolver.SimpleClusterResolver",
        "_tensorflow.cluster_resolver:SimpleClusterResolver",
    ),
    (
        "tensorflow.distribute.cluster_resolver.TFConfigClusterResolver",
        "_tensorflow.cluster_resolver:TFConfigClusterResolver",
    ),
    (
        "tensorflow.distribute.experimental.CommunicationOptions",
        "_tensorflow.cluster_resolver:CommunicationOptions",
    ),
    (
        "tensorflow.distribute.experimental.CommunicationImplementation",
        "_tensorflow.cluster_resolver:CommunicationImplementation",
    ),
    (
        "tensorflow.distribute.experimental.CollectiveCommunication",
        "_tensorflow.cluster_resolver:CommunicationImplementation",
    ),
    (
        "tensorflow.distribute.InputContext",
        "_tensorflow.distribute_input:InputContext",
    ),
    (
        "tensorflow.distribute.CrossDeviceOps",
        "_tensorflow.distribute_input:CrossDeviceOps",
    ),
    (
        "tensorflow.distribute.ReductionToOneDevice",
        "_tensorflow.distribute_input:ReductionToOneDevice",
    ),
    (
        "tensorflow.distribute.NcclAllReduce",
        "_tensorflow.distribute_input:NcclAllReduce",
    ),
    (
        "tensorflow.distribute.HierarchicalCopyAllReduce",
        "_tensorflow.distribute_input:HierarchicalCopyAllReduce",
    ),
    (
        "tensorflow.custom_gradient",
        "_tensorflow.custom_gradient:custom_gradient",
    ),
    (
        "tensorflow.config.optimizer",
        "_tensorflow.config_optimizer",
    ),
    (
        "tensorflow.clip_by_norm",
        "_tensorflow.clip_ops:clip_by_norm",
    ),
    (
        "tensorflow.clip_by_global_norm",
        "_tensorflow.clip_ops:clip_by_global_norm",
    ),
    (
        "tensorflow.linalg.global_norm",
        "_tensorflow.clip_ops:global_norm",
    ),
    ("tensorflow.linspace", "_tensorflow.math_ops:linspace"),
    ("tensorflow.math.linspace", "_tensorflow.math_ops:linspace"),
    ("tensorflow.meshgrid", "_tensorflow.array_ops:meshgrid"),
    (
        "tensorflow.broadcast_static_shape",
        "_tensorflow.array_ops:broadcast_static_shape",
    ),
    (
        "tensorflow.compat.v1.dimension_value",
        "_tensorflow.array_ops:dimension_value",
    ),
    ("tensorflow.is_tensor", "_tensorflow.array_ops:is_tensor"),
    (
        "tensorflow.ensure_shape",
        "_tensorflow.array_ops:ensure_shape",
    ),
    ("tensorflow.nn.moments", "_tensorflow.math_ops:moments"),
    (
        "tensorflow.nn.batch_normalization",
        "_tensorflow.math_ops:batch_normalization",
    ),
    (
        "tensorflow.nn.sigmoid_cross_entropy_with_logits",
        "_tensorflow.math_ops:sigmoid_cross_entropy_with_logits",
    ),
    (
        "tensorflow.nn.softmax_cross_entropy_with_logits",
        "_tensorflow.math_ops:softmax_cross_entropy_with_logits",
    ),
    ("tensorflow.experimental", "_tensorflow.experimental"),
    (
        "tensorflow.config.experimental.enable_op_determinism",
        "_tensorflow.config_experimental:enable_op_determinism",
    ),
    (
        "tensorflow.config.experimental.enable_tensor_float_32_execution",
        "_tensorflow.config_experimental:enable_tensor_float_32_execution",
    ),
    (
        "tensorflow.config.experimental.tensor_float_32_execution_enabled",
        "_tensorflow.config_experimental:tensor_float_32_execution_enabled",
    ),
    (
        "tensorflow.config.experimental.set_synchronous_execution",
        "_tensorflow.config_experimental:set_synchronous_execution",
    ),
    (
        "tensorflow.config.experimental.get_synchronous_execution",
        "_tensorflow.config_experimental:get_synchronous_execution",
    ),
    (
        "tensorflow.config.experimental.enable_mlir_bridge",
        "_tensorflow.config_experimental:enable_mlir_bridge",
    ),
    (
        "tensorflow.config.experimental.disable_mlir_bridge",
        "_tensorflow.config_experimental:disable_mlir_bridge",
    ),
    ("tensorflow.train", "_tensorflow.train"),
    ("tensorflow.test", "_tensorflow.test"),
    ("tensorflow.init_scope", "_tensorflow.ops:init_scope"),
    ("tensorflow.nn.dropout", "_tensorflow.nn_ops:dropout"),
    (
        "tensorflow.nn.embedding_lookup",
        "_tensorflow.nn_ops:embedding_lookup",
    ),
    (
        "tensorflow.nn.depthwise_conv2d",
        "_tensorflow.nn_ops:depthwise_conv2d",
    ),
    (
        "tensorflow.nn.separable_conv2d",
        "_tensorflow.nn_ops:separable_conv2d",
    ),
    ("tensorflow.nn.experimental", "_tensorflow.experimental_nn"),
    ("tensorflow.keras", "keras._tf_keras.keras"),
    ("tensorflow.nest", "_tensorflow.nest_api"),
    (
        "tensorflow.feature_column",
        "_tensorflow.feature_column_api",
    ),
    ("tensorflow.autograph", "_tensorflow.autograph"),
    (
        "tensorflow.debugging.Assert",
        "_tensorflow.check_ops:Assert",
    ),
    (
        "tensorflow.debugging.assert_equal",
        "_tensorflow.check_ops:assert_equal",
    ),
    (
        "tensorflow.debugging.assert_none_equal",
        "_tensorflow.check_ops:assert_none_equal",
    ),
    (
        "tensorflow.debugging.assert_less",
        "_tensorflow.check_ops:assert_less",
    ),
    (
        "tensorflow.debugging.assert_less_equal",
        "_tensorflow.check_ops:assert_less_equal",
    ),
    (
        "tensorflow.debugging.assert_greater",
        "_tensorflow.check_ops:assert_greater",
    ),
    (
        "tensorflow.debugging.assert_greater_equal",
        "_tensorflow.check_ops:assert_greater_equal",
    ),
    (
        "tensorflow.debugging.check_numerics",
        "_tensorflow.check_ops:check_numerics",
    ),
    ("tensorflow.Assert", "_tensorflow.check_ops:Assert"),
    (
        "tensorflow.assert_equal",
        "_tensorflow.check_ops:assert_equal",
    ),
    (
        "tensorflow.assert_less",
        "_tensorflow.check_ops:assert_less",
    ),
    (
        "tensorflow.assert_greater",
        "_tensorflow.check_ops:assert_greater",
    ),
    (
        "tensorflow.data.TFRecordDataset",
        "_tensorflow.io:TFRecordDataset",
    ),
    (
        "tensorflow.data.TextLineDataset",
        "_tensorflow.dataset_methods:TextLineDataset",
    ),
    (
        "tensorflow.data.experimental.Counter",
        "_tensorflow.dataset_methods:counter",
    ),
    (
        "tensorflow.while_loop",
        "_tensorflow.control_flow:while_loop",
    ),
    ("tensorflow.map_fn", "_tensorflow.math_ops:map_fn"),
    (
        "tensorflow.math.confusion_matrix",
        "_tensorflow.math_ops:confusion_matrix",
    ),
    (
        "tensorflow.image.flip_left_right",
        "_tensorflow.image_ops:flip_left_right",
    ),
    (
        "tensorflow.image.flip_up_down",
        "_tensorflow.image_ops:flip_up_down",
    ),
    ("tensorflow.image.rot90", "_tensorflow.image_ops:rot90"),
    (
        "tensorflow.image.random_crop",
        "_tensorflow.image_ops:random_crop",
    ),
    (
        "tensorflow.image.stateless_random_crop",
        "_tensorflow.image_ops:stateless_random_crop",
    ),
    (
        "tensorflow.image.total_variation",
        "_tensorflow.image_ops:total_variation",
    ),
    (
        "tensorflow.image.sobel_edges",
        "_tensorflow.image_ops:sobel_edges",
    ),
    (
        "tensorflow.image.transpose",
        "_tensorflow.image_ops:transpose",
    ),
    ("tensorflow.math.in_top_k", "_tensorflow.math_ops:in_top_k"),
    (
        "tensorflow.unique_with_counts",
        "_tensorflow.array_ops:unique_with_counts",
    ),
    ("tensorflow.math.bincount", "_tensorflow.math_ops:bincount"),
    ("tensorflow.nn.in_top_k", "_tensorflow.math_ops:in_top_k"),
    (
        "tensorflow.image.random_flip_left_right",
        "_tensorflow.image_ops:random_flip_left_right",
    ),
    (
        "tensorflow.image.random_flip_up_down",
        "_tensorflow.image_ops:random_flip_up_down",
    ),
    (
        "tensorflow.image.random_brightness",
        "_tensorflow.image_ops:random_brightness",
    ),
    (
        "tensorflow.image.random_contrast",
        "_tensorflow.image_ops:random_contrast",
    ),
    (
        "tensorflow.image.convert_image_dtype",
        "_tensorflow.image_ops:convert_image_dtype",
    ),
    (
        "tensorflow.image.adjust_brightness",
        "_tensorflow.image_ops:adjust_brightness",
    ),
    ("tensorflow.saved_model", "_tensorflow.saved_model"),
    (
        "tensorflow.nn.scale_regularization_loss",
        "_tensorflow.nn_ops:scale_regularization_loss",
    ),
    (
        "tensorflow.data.experimental.cardinality",
        "_tensorflow.data_experimental:cardinality",
    ),
    ("tensorflow.tensordot", "_tensorflow.array_ops:tensordot"),
    (
        "tensorflow.linalg.tensordot",
        "_tensorflow.array_ops:tensordot",
    ),
    (
        "tensorflow.math.unsorted_segment_sum",
        "_tensorflow.segment_ops:unsorted_segment_sum",
    ),
    (
        "tensorflow.math.unsorted_segment_max",
        "_tensorflow.segment_ops:unsorted_segment_max",
    ),
    (
        "tensorflow.math.unsorted_segment_min",
        "_tensorflow.segment_ops:unsorted_segment_min",
    ),
    (
        "tensorflow.math.unsorted_segment_mean",
        "_tensorflow.segment_ops:unsorted_segment_mean",
    ),
    (
        "tensorflow.math.unsorted_segment_sqrt_n",
        "_tensorflow.segment_ops:unsorted_segment_sqrt_n",
    ),
    (
        "tensorflow.math.unsorted_segment_prod",
        "_tensorflow.segment_ops:unsorted_segment_prod",
    ),
    (
        "tensorflow.math.segment_sum",
        "_tensorflow.segment_ops:segment_sum",
    ),
    (
        "tensorflow.math.segment_mean",
        "_tensorflow.segment_ops:segment_mean",
    ),
    (
        "tensorflow.math.segment_prod",
        "_tensorflow.segment_ops:segment_prod",
    ),
    (
        "tensorflow.math.segment_max",
        "_tensorflow.segment_ops:segment_max",
    ),
    (
        "tensorflow.math.segment_min",
        "_tensorflow.segment_ops:segment_min",
    ),
    (
        "tensorflow.py_function",
        "_tensorflow.script_ops:py_function",
    ),
    (
        "tensorflow.numpy_function",
        "_tensorflow.script_ops:numpy_function",
    ),
    ("tensorflow.einsum", "_tensorflow.array_ops:einsum"),
    ("tensorflow.linalg.einsum", "_tensorflow.array_ops:einsum"),
    ("tensorflow.group", "_tensorflow.array_ops:group"),
    (
        "tensorflow.initializers",
        "keras._tf_keras.keras.initializers",
    ),
    ("tensorflow.metrics", "keras._tf_keras.keras.metrics"),
    ("tensorflow.summary", "_tensorflow.summary"),
    ("tensorflow.losses", "keras._tf_keras.keras.losses"),
    ("tensorflow.optimizers", "keras._tf_keras.keras.optimizers"),
    (
        "tensorflow.image.ResizeMethod",
        "_tensorflow.image_ops:ResizeMethod",
    ),
    (
        "tensorflow.image.pad_to_bounding_box",
        "_tensorflow.image_ops:pad_to_bounding_box",
    ),
    (
        "tensorflow.image.crop_to_bounding_box",
        "_tensorflow.image_ops:crop_to_bounding_box",
    ),
    (
        "tensorflow.image.resize_with_crop_or_pad",
        "_tensorflow.image_ops:resize_with_crop_or_pad",
    ),
    (
        "tensorflow.image.resize_with_pad",
        "_tensorflow.image_ops:resize_with_pad",
    ),
    (
        "tensorflow.image.central_crop",
        "_tensorflow.image_ops:central_crop",
    ),
    (
        "tensorflow.image.rgb_to_grayscale",
        "_tensorflow.image_ops:rgb_to_grayscale",
    ),
    (
        "tensorflow.image.grayscale_to_rgb",
        "_tensorflow.image_ops:grayscale_to_rgb",
    ),
    (
        "tensorflow.image.adjust_contrast",
        "_tensorflow.image_ops:adjust_contrast",
    ),
    (
        "tensorflow.image.adjust_gamma",
        "_tensorflow.image_ops:adjust_gamma",
    ),
    (
        "tensorflow.image.per_image_standardization",
        "_tensorflow.image_ops:per_image_standardization",
    ),
    (
        "tensorflow.image.stateless_random_flip_left_right",
        "_tensorflow.image_ops:stateless_random_flip_left_right",
    ),
    (
        "tensorflow.image.stateless_random_flip_up_down",
        "_tensorflow.image_ops:stateless_random_flip_up_down",
    ),
    (
        "tensorflow.image.stateless_random_brightness",
        "_tensorflow.image_ops:stateless_random_brightness",
    ),
    (
        "tensorflow.image.stateless_random_contrast",
        "_tensorflow.image_ops:stateless_random_contrast",
    ),
    ("tensorflow.sparse", "_tensorflow.sparse"),
    ("tensorflow.SparseTensor", "_tensorflow.sparse:SparseTensor"),
    ("tensorflow.ragged", "_tensorflow.ragged"),
    ("tensorflow.lookup", "_tensorflow.lookup"),
    (
        "tensorflow.strings.to_hash_bucket_fast",
        "_tensorflow.strings_ops:to_hash_bucket_fast",
    ),
    (
        "tensorflow.strings.to_hash_bucket_strong",
        "_tensorflow.strings_ops:to_hash_bucket_strong",
    ),
    ("tensorflow.RaggedTensor", "_tensorflow.ragged:RaggedTensor"),
    ("tensorflow.io", "_tensorflow.io"),
    ("tensorflow.strings.split", "_tensorflow.strings_ops:split"),
    (
        "tensorflow.strings.bytes_split",
        "_tensorflow.strings_ops:bytes_split",
    ),
    (
        "tensorflow.strings.unicode_split",
        "_tensorflow.strings_ops:unicode_split",
    ),
    (
        "tensorflow.strings.unicode_decode",
        "_tensorflow.strings_ops:unicode_decode",
    ),
    (
        "tensorflow.strings.unicode_encode",
        "_tensorflow.strings_ops:unicode_encode",
    ),
    ("tensorflow.strings.lower", "_tensorflow.strings_ops:lower"),
    ("tensorflow.strings.upper", "_tensorflow.strings_ops:upper"),
    ("tensorflow.strings.strip", "_tensorflow.strings_ops:strip"),
    (
        "tensorflow.strings.length",
        "_tensorflow.strings_ops:length",
    ),
    (
        "tensorflow.strings.regex_replace",
        "_tensorflow.strings_ops:regex_replace",
    ),
    (
        "tensorflow.strings.regex_full_match",
        "_tensorflow.strings_ops:regex_full_match",
    ),
    (
        "tensorflow.strings.substr",
        "_tensorflow.strings_ops:substr",
    ),
    ("tensorflow.strings.join", "_tensorflow.strings_ops:join"),
    (
        "tensorflow.strings.reduce_join",
        "_tensorflow.strings_ops:reduce_join",
    ),
    (
        "tensorflow.strings.as_string",
        "_tensorflow.strings_ops:as_string",
    ),
    (
        "tensorflow.random.split",
        "_tensorflow.random_generator:split",
    ),
    (
        "tensorflow.random.experimental",
        "_tensorflow.random_experimental",
    ),
    (
        "tensorflow.random.fold_in",
        "_tensorflow.random_generator:fold_in",
    ),
    ("tensorflow.dtypes.complex", "_tensorflow.math_ops:complex"),
    (
        "tensorflow.random.Generator",
        "_tensorflow.random_generator:Generator",
    ),
    (
        "tensorflow.random.Algorithm",
        "_tensorflow.random_generator:Algorithm",
    ),
    (
        "tensorflow.random.create_rng_state",
        "_tensorflow.random_generator:create_rng_state",
    ),
    (
        "tensorflow.random.get_global_generator",
        "_tensorflow.random_generator:get_global_generator",
    ),
    (
        "tensorflow.random.set_global_generator",
        "_tensorflow.random_generator:set_global_generator",
    ),
];

/// Gives `module` (a native TensorFlow module) its `__getattr__` over [`PYTHON_NAMES`].
pub fn install(module: &Rc<Module>) {
    let owner = module.name.clone();
    // Weak: the module holds the hook, which must not keep the module alive.
    let cache = Rc::downgrade(module);
    let hook = native_function_closure("__getattr__", move |vm, args| {
        let name = args
            .get(0)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let full = format!("{owner}.{name}");
        let Some((_, target)) = PYTHON_NAMES.iter().find(|(tf_name, _)| *tf_name == full) else {
            if owner.starts_with("tensorflow.compat.v1") {
                // `tf.compat.v1`'s names that are TF 2's own objects.
                let library = vm.import_module("_tensorflow.compat_v1")?;
                let lookup = vm.get_attr_str(&library, "lookup")?;
                let value = vm.call(&lookup, &[Value::str(&owner), Value::str(&name)], &[])?;
                if let Some(module) = cache.upgrade() {
                    module.set(&name, value.clone());
                }
                return Ok(value);
            }
            return Err(vm.attribute_error(format!("module '{owner}' has no attribute '{name}'")));
        };
        let value = match target.split_once(':') {
            Some((library, attribute)) => {
                let library_module = vm.import_module(library)?;
                vm.get_attr_str(&library_module, attribute)?
            }
            None => vm.import_module(target)?,
        };
        if let Some(module) = cache.upgrade() {
            module.set(&name, value.clone());
        }
        Ok(value)
    });
    module.set("__getattr__", hook);
}
