//! The op definitions: the kernel table, host memory, simulator classes, and the ops with
//! files of their own (kernels and shape functions against TensorFlow's texts).

use super::*;
use crate::op::{InputFact, ValueType};
use placer::kernels::DataType;
use tensor::{DType, Shape, Tensor, TensorShape};

fn types(names: &[(&str, i32)]) -> Vec<(String, i32)> {
    names
        .iter()
        .map(|(name, priority)| (name.to_string(), *priority))
        .collect()
}

fn supported(registry: &KernelRegistry, op: &str, dtype: Option<DataType>) -> Vec<String> {
    let present = types(&[("GPU", 210), ("CPU", 70), ("TPU", 50), ("XLA_CPU", 50)]);
    registry
        .supported_device_types(op, dtype, false, &present)
        .into_iter()
        .map(|it| it.0)
        .collect()
}

#[test]
fn every_op_type_is_defined_once() {
    let mut names: Vec<&str> = all().map(|def| def.name).collect();
    let count = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), count, "an op type is defined twice");
    for name in names {
        assert_eq!(find(name).map(|def| def.name), Some(name));
    }
}

#[test]
fn kernels_follow_the_table() {
    let registry = kernel_registry();
    let float = Some(DataType::Float);
    assert_eq!(
        supported(&registry, "MatMul", float),
        ["GPU", "CPU", "TPU", "XLA_CPU"]
    );
    assert_eq!(
        supported(&registry, "StringToNumber", Some(DataType::String)),
        ["CPU"]
    );
    assert_eq!(
        supported(&registry, "AddV2", Some(DataType::String)),
        ["CPU"]
    );
    assert_eq!(supported(&registry, "Placeholder", float), ["GPU", "CPU"]);
    assert_eq!(
        supported(&registry, "VarHandleOp", None),
        ["GPU", "CPU", "TPU", "XLA_CPU"]
    );
    assert_eq!(supported(&registry, "TensorSliceDataset", None), ["CPU"]);
    assert_eq!(
        supported(&registry, "MatMul", Some(DataType::Int32)),
        ["GPU", "CPU"]
    );
    assert_eq!(
        supported(&registry, "GatherNd", float),
        ["GPU", "CPU", "TPU", "XLA_CPU"]
    );
    assert!(supported(&registry, "NoSuchOp", float).is_empty());
    assert!(registry.has_kernel("MatMul", "XLA_TPU_JIT", Some(DataType::BFloat16)));
    assert!(registry.has_kernel("MatMul", "XLA_CPU_JIT", Some(DataType::BFloat16)));
    assert!(registry.has_kernel("MatMul", "XLA_GPU_JIT", Some(DataType::Half)));
    assert!(!registry.has_kernel("MatMul", "XLA_GPU", Some(DataType::Half)));
    assert!(!registry.has_kernel("VarHandleOp", "XLA_TPU_JIT", None));
    assert!(registry.has_kernel("ConfigureDistributedTPU", "TPU_SYSTEM", None));
    assert!(registry.is_metadata("Shape"));
    assert!(registry.is_colocation_exempt("StatefulPartitionedCall"));
    assert!(registry.is_dataset("MapDataset"));
}

#[test]
fn gpu_host_memory_follows_the_registrations() {
    let registry = kernel_registry();
    assert_eq!(
        registry.host_memory_arguments("AddV2", "GPU", Some(DataType::Int32)),
        ["x", "y", "z"]
    );
    assert!(registry
        .host_memory_arguments("AddV2", "GPU", Some(DataType::Float))
        .is_empty());
    assert_eq!(
        registry.host_memory_arguments("Shape", "GPU", Some(DataType::Float)),
        ["output"]
    );
    assert!(registry
        .host_memory_arguments("Shape", "CPU", Some(DataType::Float))
        .is_empty());
    assert!(is_host_memory_input("ConcatV2", 2, 3));
    assert!(!is_host_memory_input("ConcatV2", 1, 3));
    assert!(is_host_memory_input("ScatterNd", 2, 3));
    assert!(!is_host_memory_input("MatMul", 1, 2));
}

#[test]
fn registered_kernels_text() {
    let registry = kernel_registry();
    assert_eq!(
        registry.kernels_registered_for_op("NoSuchOp"),
        "  <no registered kernels>\n"
    );
    assert_eq!(
        registry.kernels_registered_for_op("PyFunc"),
        "  device='CPU'\n"
    );
    assert!(registry
        .kernels_registered_for_op("MatMul")
        .contains("  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n"));
}

#[test]
fn the_simulator_reads_classes_not_names() {
    assert_eq!(sim_class("MatMul"), OpClass::MatMul);
    assert_eq!(sim_class("Exp"), OpClass::Transcendental);
    assert_eq!(sim_class("AssignVariableOp"), OpClass::Assign);
    assert_eq!(sim_class("CrossReplicaSum"), OpClass::AllReduce);
    assert_eq!(sim_class("__inference_f_12"), OpClass::Call);
    assert_eq!(sim_class("GatherNd"), OpClass::Elementwise);
}

fn matrix() -> Tensor {
    Tensor::from_vec(Shape::new(vec![2, 2]), vec![1.0f32, 2.0, 3.0, 4.0]).unwrap()
}

fn ints(dims: Vec<usize>, values: Vec<i32>) -> Tensor {
    Tensor::from_vec(Shape::new(dims), values).unwrap()
}

#[test]
fn gather_nd_picks_elements_and_slices() {
    let out = GatherNd
        .compute(&[&matrix(), &ints(vec![2, 2], vec![0, 1, 1, 0])])
        .unwrap();
    assert_eq!(out[0].as_slice::<f32>().unwrap(), &[2.0, 3.0]);
    let rows = GatherNd
        .compute(&[&matrix(), &ints(vec![2, 1], vec![1, 0])])
        .unwrap();
    assert_eq!(rows[0].dims(), &[2, 2]);
    assert_eq!(rows[0].as_slice::<f32>().unwrap(), &[3.0, 4.0, 1.0, 2.0]);
    let error = GatherNd
        .compute(&[&matrix(), &ints(vec![1, 2], vec![2, 0])])
        .unwrap_err();
    assert_eq!(
        error.message,
        "indices[0] = [2, 0] does not index into param shape [2,2], node name: GatherNd"
    );
}

#[test]
fn scatter_nd_adds_duplicates_and_checks_bounds() {
    let updates = Tensor::from_vec(Shape::new(vec![3]), vec![1.0f32, 2.0, 3.0]).unwrap();
    let out = ScatterNd
        .compute(&[
            &ints(vec![3, 1], vec![0, 2, 0]),
            &updates,
            &ints(vec![1], vec![4]),
        ])
        .unwrap();
    assert_eq!(out[0].as_slice::<f32>().unwrap(), &[4.0, 0.0, 2.0, 0.0]);
    let error = ScatterNd
        .compute(&[
            &ints(vec![1, 1], vec![5]),
            &Tensor::from_vec(Shape::new(vec![1]), vec![1.0f32]).unwrap(),
            &ints(vec![1], vec![4]),
        ])
        .unwrap_err();
    assert_eq!(
        error.message,
        "indices[0] = [5] does not index into shape [4]"
    );
}

#[test]
fn gather_nd_infers_shapes_without_values() {
    let params = TensorShape::new(vec![Some(2), None, Some(5)]);
    let indices = TensorShape::new(vec![Some(3), Some(1)]);
    let fact = |shape| InputFact {
        value_type: ValueType::Dense(DType::Float32),
        shape,
        constant: None,
        shape_value: None,
    };
    let index_fact = InputFact {
        value_type: ValueType::Dense(DType::Int32),
        ..fact(&indices)
    };
    let out = GatherNd.infer(&[fact(&params), index_fact]).unwrap();
    assert_eq!(out[0].shape, TensorShape::new(vec![Some(3), None, Some(5)]));
    let deep = TensorShape::new(vec![Some(3), Some(4)]);
    let error = GatherNd
        .infer(&[
            fact(&params),
            InputFact {
                value_type: ValueType::Dense(DType::Int32),
                ..fact(&deep)
            },
        ])
        .unwrap_err();
    assert!(error
        .message
        .starts_with("indices.shape[-1] must be <= params.rank"));
}
