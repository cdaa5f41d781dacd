//! The conformance corpus replayed at the runtime level: each test builds the ops the
//! corpus program builds (as the binding will) and checks the printed text, names, devices
//! and error texts against the `.expected` files of `shared/conformance/cases`.

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::function::{signature_key, ArgKey, ArgSpec, FunctionCache};
use crate::op::Value;
use crate::session::{Fetch, Session, SessionConfig};
use crate::variables::{Initializer, Reuse};
use hardware::topology;
use placer::StackFrame;
use tensor::format::{numpy_str, tensor_str, variable_repr};
use tensor::ops::{BinaryOp, MatMulOptions, ReduceOp};
use tensor::{DType, Shape, Tensor, TensorShape};

fn cpu() -> Context {
    Context::new(&topology::preset("cpu").expect("cpu preset"))
}

fn at(context: &mut Context, line: u32) {
    context.set_call_stack(vec![StackFrame {
        filename: "main.py".into(),
        line,
        function: "<module>".into(),
    }]);
}

fn floats(values: &[f32], dims: &[usize]) -> Tensor {
    Tensor::from_vec(Shape::new(dims.to_vec()), values.to_vec()).unwrap()
}

fn ints(values: &[i32], dims: &[usize]) -> Tensor {
    Tensor::from_vec(Shape::new(dims.to_vec()), values.to_vec()).unwrap()
}

fn lit(tensor: Tensor) -> Operand {
    Operand::Literal(tensor)
}

fn op(handle: &Handle) -> Operand {
    Operand::Handle(handle.clone())
}

fn value(handle: &Handle) -> Tensor {
    match handle {
        Handle::Eager(tensor) => tensor.tensor().unwrap().clone(),
        Handle::Symbolic(_) => panic!("expected an eager tensor"),
    }
}

fn device(context: &Context, handle: &Handle) -> String {
    context.handle_device(handle).unwrap()
}

/// `type(e).__name__ + ": " + str(e)`.
fn shown<T: std::fmt::Debug>(result: TfResult<T>) -> String {
    result.expect_err("expected an error").to_string()
}

const CPU0: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

#[test]
fn a01_eager_add() {
    let mut context = cpu();
    let a = context.constant(floats(&[1.0, 2.0], &[2]), None).unwrap();
    let b = context.constant(floats(&[3.0, 4.0], &[2]), None).unwrap();
    at(&mut context, 4);
    let c = context.binary(BinaryOp::Add, op(&a), op(&b), None).unwrap();
    assert_eq!(
        tensor_str(&value(&c)),
        "tf.Tensor([4. 6.], shape=(2,), dtype=float32)"
    );
    assert_eq!(numpy_str(&value(&c)), "[4. 6.]");
    let dtype = context.handle_dtype(&c).unwrap();
    assert_eq!(
        format!("{} {}", dtype.repr(), context.handle_shape(&c).unwrap()),
        "<dtype: 'float32'> (2,)"
    );
    assert_eq!(device(&context, &c), CPU0);
    let report = &context.recorder.ops;
    let add = report.iter().find(|it| it.op_type == "AddV2").unwrap();
    assert_eq!(
        (add.name.as_str(), add.line, add.device.as_str()),
        ("add", 4, CPU0)
    );
    assert_eq!(add.inputs.len(), 2);
    assert!(context.recorder.transfers.is_empty());
}

#[test]
fn a02_matmul_and_reductions() {
    let mut context = cpu();
    let x = context
        .constant(floats(&[1.0, 2.0, 3.0, 4.0], &[2, 2]), None)
        .unwrap();
    let y = context
        .constant(floats(&[0.5, -1.0, 2.0, 0.25], &[2, 2]), None)
        .unwrap();
    let product = context
        .matmul(op(&x), op(&y), MatMulOptions::default(), None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&product)),
        "tf.Tensor(\n[[ 4.5 -0.5]\n [ 9.5 -2. ]], shape=(2, 2), dtype=float32)"
    );
    let sum = context
        .reduce(ReduceOp::Sum, op(&x), None, false, None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&sum)),
        "tf.Tensor(10.0, shape=(), dtype=float32)"
    );
    let mean = context
        .reduce(ReduceOp::Mean, op(&x), Some(vec![0]), false, None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&mean)),
        "tf.Tensor([2. 3.], shape=(2,), dtype=float32)"
    );
}

#[test]
fn a03_int_ops() {
    let mut context = cpu();
    let r = context
        .range(
            lit(Tensor::scalar(0i32)),
            lit(Tensor::scalar(6i32)),
            lit(Tensor::scalar(1i32)),
            DType::Int32,
            None,
        )
        .unwrap();
    assert_eq!(
        tensor_str(&value(&r)),
        "tf.Tensor([0 1 2 3 4 5], shape=(6,), dtype=int32)"
    );
    let doubled = context
        .binary(BinaryOp::Mul, op(&r), lit(Tensor::scalar(2i32)), None)
        .unwrap();
    let odd = context
        .binary(BinaryOp::Add, op(&doubled), lit(Tensor::scalar(1i32)), None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&odd)),
        "tf.Tensor([ 1  3  5  7  9 11], shape=(6,), dtype=int32)"
    );
    let reshaped = context.reshape(op(&r), vec![2, 3], None).unwrap();
    assert_eq!(
        tensor_str(&value(&reshaped)),
        "tf.Tensor(\n[[0 1 2]\n [3 4 5]], shape=(2, 3), dtype=int32)"
    );
    let sum = context
        .reduce(ReduceOp::Sum, op(&r), None, false, None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&sum)),
        "tf.Tensor(15, shape=(), dtype=int32)"
    );
    // Small int32 inputs on the host are pinned to the CPU (§2.4 step 3).
    let pinned = context
        .recorder
        .ops
        .iter()
        .find(|it| it.op_type == "Mul")
        .unwrap();
    assert!(
        pinned.reason.contains("small int32/int64"),
        "{}",
        pinned.reason
    );
}

#[test]
fn a04_variable_repr() {
    let mut context = cpu();
    let v = context
        .create_variable(lit(floats(&[1.0, 2.0], &[2])), None, true, None)
        .unwrap();
    let read = context.read_variable(v).unwrap();
    let name = context.variable(v).unwrap().name.clone();
    assert_eq!(
        variable_repr(&name, &value(&read)),
        "<tf.Variable 'Variable:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>"
    );
    context
        .assign_variable(
            v,
            crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Add),
            lit(floats(&[0.5, 0.5], &[2])),
        )
        .unwrap();
    assert_eq!(
        numpy_str(&value(&context.read_variable(v).unwrap())),
        "[1.5 2.5]"
    );
    let w = context
        .create_variable(lit(Tensor::scalar(3i32)), Some("counter"), true, None)
        .unwrap();
    let w_value = value(&context.read_variable(w).unwrap());
    let variable = context.variable(w).unwrap();
    assert_eq!(
        variable_repr(&variable.name, &w_value),
        "<tf.Variable 'counter:0' shape=() dtype=int32, numpy=3>"
    );
    assert_eq!(
        format!(
            "{} {} {}",
            variable.name,
            variable.dtype.repr(),
            variable.shape
        ),
        "counter:0 <dtype: 'int32'> ()"
    );
    // Eager names are not uniquified (oracle: `Variable:0` twice).
    let again = context
        .create_variable(lit(Tensor::scalar(1.0f32)), None, true, None)
        .unwrap();
    assert_eq!(context.variable(again).unwrap().name, "Variable:0");
    let types: Vec<&str> = context
        .recorder
        .ops
        .iter()
        .map(|it| it.op_type.as_str())
        .collect();
    assert!(types.contains(&"VarHandleOp") && types.contains(&"AssignAddVariableOp"));
    let read = context
        .recorder
        .ops
        .iter()
        .find(|it| it.op_type == "ReadVariableOp")
        .unwrap();
    assert!(read.reason.contains("resource"), "{}", read.reason);
}

#[test]
fn a05_where_and_eager_cond() {
    let mut context = cpu();
    let x = context
        .constant(floats(&[1.0, 2.0, 3.0, 4.0], &[2, 2]), None)
        .unwrap();
    let mask = context
        .binary(BinaryOp::Greater, op(&x), lit(Tensor::scalar(2.5f32)), None)
        .unwrap();
    let doubled = context
        .binary(BinaryOp::Mul, op(&x), lit(Tensor::scalar(2.0f32)), None)
        .unwrap();
    let selected = context
        .where_select(op(&mask), op(&doubled), op(&x), None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&selected)),
        "tf.Tensor(\n[[1. 2.]\n [6. 8.]], shape=(2, 2), dtype=float32)"
    );
    // Eager tf.cond: the binding evaluates the predicate and calls one branch.
    let t = context.constant(ints(&[1, 2, 3, 4], &[4]), None).unwrap();
    let branch = context
        .binary(BinaryOp::Mul, op(&t), lit(Tensor::scalar(2i32)), None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&branch)),
        "tf.Tensor([2 4 6 8], shape=(4,), dtype=int32)"
    );
    let other = context
        .binary(BinaryOp::Add, op(&t), lit(Tensor::scalar(1i32)), None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&other)),
        "tf.Tensor([2 3 4 5], shape=(4,), dtype=int32)"
    );
}

#[test]
fn a06_dtype_mismatch() {
    let mut context = cpu();
    let a = context.constant(Tensor::scalar(1i32), None).unwrap();
    let b = context.constant(Tensor::scalar(1.0f32), None).unwrap();
    assert_eq!(
        shown(context.binary(BinaryOp::Add, op(&a), op(&b), None)),
        "InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor [Op:AddV2] name: "
    );
}

#[test]
fn a07_matmul_shape_error() {
    let mut context = cpu();
    let a = context.filled(true, &[2, 3], DType::Float32, None).unwrap();
    let b = context.filled(true, &[2, 3], DType::Float32, None).unwrap();
    assert_eq!(
        shown(context.matmul(op(&a), op(&b), MatMulOptions::default(), None)),
        "InvalidArgumentError: {{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: "
    );
}

#[test]
fn a08_zeros_ones_random_shapes() {
    let mut context = cpu();
    let zeros = context
        .filled(false, &[2, 2], DType::Float32, None)
        .unwrap();
    assert_eq!(
        tensor_str(&value(&zeros)),
        "tf.Tensor(\n[[0. 0.]\n [0. 0.]], shape=(2, 2), dtype=float32)"
    );
    let ones = context.filled(true, &[3], DType::Int32, None).unwrap();
    assert_eq!(
        tensor_str(&value(&ones)),
        "tf.Tensor([1 1 1], shape=(3,), dtype=int32)"
    );
    let r = context
        .random_normal(
            crate::shape_operand::ShapeOperand::Known(vec![4, 5]),
            0.0,
            1.0,
            DType::Float32,
            None,
            None,
        )
        .unwrap();
    let dtype = context.handle_dtype(&r).unwrap();
    assert_eq!(
        format!("{} {}", context.handle_shape(&r).unwrap(), dtype.repr()),
        "(4, 5) <dtype: 'float32'>"
    );
    let c = context.constant(Tensor::scalar(7.5f32), None).unwrap();
    let identity = context.identity(op(&c), None).unwrap();
    assert_eq!(
        tensor_str(&value(&identity)),
        "tf.Tensor(7.5, shape=(), dtype=float32)"
    );
}

#[test]
fn b01_eager_tpu_soft() {
    let mut context = cpu();
    context.push_device_scope(Some("/TPU:0")).unwrap();
    let a = context.constant(floats(&[1.0, 2.0], &[2]), None).unwrap();
    let b = context.constant(floats(&[3.0, 4.0], &[2]), None).unwrap();
    let c = context.binary(BinaryOp::Add, op(&a), op(&b), None).unwrap();
    context.pop_device_scope().unwrap();
    assert_eq!(
        tensor_str(&value(&c)),
        "tf.Tensor([4. 6.], shape=(2,), dtype=float32)"
    );
    assert_eq!(device(&context, &c), CPU0);
    let add = context
        .recorder
        .ops
        .iter()
        .find(|it| it.op_type == "AddV2")
        .unwrap();
    assert_eq!(
        add.requested_device,
        "/job:localhost/replica:0/task:0/device:TPU:0"
    );
    assert!(add.reason.contains("soft placement"), "{}", add.reason);
}

fn strict_scope_error(spec: &str) -> String {
    let mut context = cpu();
    context.set_soft_device_placement(false);
    context.push_device_scope(Some(spec)).unwrap();
    shown(context.constant(floats(&[1.0, 2.0], &[2]), None))
}

#[test]
fn b02_b03_eager_strict() {
    assert_eq!(
        strict_scope_error("/TPU:0"),
        "InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. enable_soft_placement=0. Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0]."
    );
    assert_eq!(
        strict_scope_error("/GPU:0"),
        "InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:GPU:0'. enable_soft_placement=0. Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0]."
    );
}

fn split_cpus(context: &mut Context, count: u32) {
    let cpus = context.machine.list_physical_devices(Some("CPU"));
    context
        .machine
        .set_logical_cpu_count(&cpus[0].name, count)
        .unwrap();
}

#[test]
fn b04_eager_cpu3_of_two() {
    let mut context = cpu();
    split_cpus(&mut context, 2);
    context.set_soft_device_placement(false);
    let mut lines = Vec::new();
    for spec in ["/CPU:0", "/CPU:1", "/CPU:3"] {
        context.push_device_scope(Some(spec)).unwrap();
        let result = context.constant(floats(&[1.0], &[1]), None).and_then(|c| {
            context.binary(
                BinaryOp::Mul,
                op(&Handle::clone(&c)),
                lit(Tensor::scalar(3.0f32)),
                None,
            )
        });
        context.pop_device_scope().unwrap();
        match result {
            Ok(y) => lines.push(format!("{spec} -> {}", device(&context, &y))),
            Err(error) => lines.push(format!("{spec} -> {error}")),
        }
    }
    assert_eq!(
        lines.join("\n"),
        "/CPU:0 -> /job:localhost/replica:0/task:0/device:CPU:0\n/CPU:1 -> /job:localhost/replica:0/task:0/device:CPU:1\n/CPU:3 -> InvalidArgumentError: Could not satisfy device specification '/job:localhost/replica:0/task:0/device:CPU:3'. enable_soft_placement=0. Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0, /job:localhost/replica:0/task:0/device:CPU:1]."
    );
}

#[test]
fn b05_logical_devices() {
    let mut context = cpu();
    split_cpus(&mut context, 3);
    let names: Vec<String> = context
        .machine
        .list_logical_devices(None)
        .unwrap()
        .iter()
        .map(|it| it.repr())
        .collect();
    assert_eq!(names.len(), 3);
    assert!(context
        .machine
        .list_logical_devices(Some("GPU"))
        .unwrap()
        .is_empty());
    // After initialisation the split is frozen (oracle).
    let cpus = context.machine.list_physical_devices(Some("CPU"));
    assert_eq!(
        shown(context.machine.set_logical_cpu_count(&cpus[0].name, 2)),
        "RuntimeError: Virtual devices cannot be modified after being initialized"
    );
}

#[test]
fn b06_bad_device_string() {
    let mut lines = Vec::new();
    for spec in [
        "/TPU:zero",
        "GPU",
        "/device:XPU:0",
        "/job:worker/task:0/device:CPU:0",
    ] {
        let mut context = cpu();
        let result = context.push_device_scope(Some(spec)).and_then(|()| {
            let c = context.constant(floats(&[2.0], &[1]), None)?;
            context.binary(BinaryOp::Add, op(&c), lit(Tensor::scalar(1.0f32)), None)
        });
        match result {
            Ok(y) => lines.push(format!("'{spec}' ok {}", device(&context, &y))),
            Err(error) => lines.push(format!("'{spec}' {error}")),
        }
    }
    assert_eq!(
        lines.join("\n"),
        "'/TPU:zero' ValueError: invalid literal for int() with base 10: 'zero'\n'GPU' ok /job:localhost/replica:0/task:0/device:CPU:0\n'/device:XPU:0' ok /job:localhost/replica:0/task:0/device:CPU:0\n'/job:worker/task:0/device:CPU:0' InvalidArgumentError: /job:worker/replica:0/task:0/device:CPU:0 unknown device."
    );
}

#[test]
fn b08_nested_device_scopes() {
    let mut context = cpu();
    split_cpus(&mut context, 2);
    let plus_one = |context: &mut Context| {
        let c = context.constant(Tensor::scalar(1.0f32), None).unwrap();
        context
            .binary(BinaryOp::Add, op(&c), lit(Tensor::scalar(1.0f32)), None)
            .unwrap()
    };
    context.push_device_scope(Some("/job:localhost")).unwrap();
    context.push_device_scope(Some("/CPU:1")).unwrap();
    let a = plus_one(&mut context);
    context.pop_device_scope().unwrap();
    let b = plus_one(&mut context);
    context.push_device_scope(None).unwrap();
    let c = plus_one(&mut context);
    context.pop_device_scope().unwrap();
    context.pop_device_scope().unwrap();
    assert_eq!(
        device(&context, &a),
        "/job:localhost/replica:0/task:0/device:CPU:1"
    );
    assert_eq!(device(&context, &b), CPU0);
    assert_eq!(device(&context, &c), CPU0);
}

/// Builds `a + b` under `/TPU:0` in a graph (cases c01, c02).
fn tpu_add_graph(context: &mut Context) -> Handle {
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    context.push_device_scope(Some("/TPU:0")).unwrap();
    at(context, 4);
    let a = context.constant(floats(&[1.0, 2.0], &[2]), None).unwrap();
    at(context, 5);
    let b = context.constant(floats(&[3.0, 4.0], &[2]), None).unwrap();
    at(context, 6);
    let c = context.binary(BinaryOp::Add, op(&a), op(&b), None).unwrap();
    context.pop_device_scope().unwrap();
    c
}

#[test]
fn c01_graph_tpu_error() {
    let mut context = cpu();
    let c = tpu_add_graph(&mut context);
    let Handle::Symbolic(tensor) = c else {
        panic!("graph tensor")
    };
    let mut session = Session::new(tensor.graph, SessionConfig::default());
    let error = session
        .run(&mut context, &[Fetch::Tensor(tensor)], &[])
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "InvalidArgumentError: Graph execution error:\n\nDetected at node 'add' defined at (most recent call last):\n    File \"main.py\", line 6, in <module>\nNode: 'add'\nCannot assign a device for operation add: {{node add}} was explicitly assigned to /device:TPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the device specification refers to a valid device.\n\t [[add]]"
    );
}

#[test]
fn c02_graph_soft_placement() {
    let mut context = cpu();
    assert!(!{
        let graph = context.new_graph().unwrap();
        context.push_default_graph(graph);
        let soft = context.soft_device_placement();
        context.pop_default_graph();
        soft
    });
    let c = tpu_add_graph(&mut context);
    let Handle::Symbolic(tensor) = c else {
        panic!("graph tensor")
    };
    let config = SessionConfig {
        allow_soft_placement: true,
        log_device_placement: true,
    };
    let mut session = Session::new(tensor.graph, config);
    let results = session
        .run(&mut context, &[Fetch::Tensor(tensor)], &[])
        .unwrap();
    assert_eq!(numpy_str(results[0].as_ref().unwrap()), "[4. 6.]");
    let log = context.take_log();
    assert!(log.contains(&format!("add: (AddV2): {CPU0}")), "{log:?}");
}

#[test]
fn c03_graph_two_devices() {
    let mut context = cpu();
    split_cpus(&mut context, 2);
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    context.push_device_scope(Some("/cpu:0")).unwrap();
    let ones = context.filled(true, &[4, 3], DType::Float32, None).unwrap();
    let gen_w1 = context
        .create_variable(op(&ones), None, true, None)
        .unwrap();
    context.pop_device_scope().unwrap();
    context.push_device_scope(Some("/cpu:1")).unwrap();
    let ones = context.filled(true, &[3, 1], DType::Float32, None).unwrap();
    let half = context
        .binary(BinaryOp::Mul, op(&ones), lit(Tensor::scalar(0.5f32)), None)
        .unwrap();
    let disc_w1 = context
        .create_variable(op(&half), None, true, None)
        .unwrap();
    context.pop_device_scope().unwrap();
    context.push_device_scope(Some("/cpu:0")).unwrap();
    let input = context.filled(true, &[1, 4], DType::Float32, None).unwrap();
    let gen_output = context
        .matmul(
            op(&input),
            Operand::Variable(gen_w1),
            MatMulOptions::default(),
            None,
        )
        .unwrap();
    context.pop_device_scope().unwrap();
    context.push_device_scope(Some("/cpu:1")).unwrap();
    let disc_output = context
        .matmul(
            op(&gen_output),
            Operand::Variable(disc_w1),
            MatMulOptions::default(),
            None,
        )
        .unwrap();
    context.pop_device_scope().unwrap();
    let gen_device = context
        .handle_device(&context.variable(gen_w1).unwrap().handle)
        .unwrap();
    assert_eq!(
        format!("{gen_device} {}", device(&context, &disc_output)),
        "/device:CPU:0 /device:CPU:1"
    );
    let init = context.global_variables_initializer().unwrap();
    let mut session = Session::new(graph, SessionConfig::default());
    session
        .run(&mut context, &[Fetch::Operation(init)], &[])
        .unwrap();
    let result = session
        .run(
            &mut context,
            &[Fetch::from_handle(&disc_output).unwrap()],
            &[],
        )
        .unwrap();
    assert_eq!(numpy_str(result[0].as_ref().unwrap()), "[[6.]]");
    let crossing = context
        .recorder
        .transfers
        .iter()
        .find(|it| it.tensor == "MatMul:0")
        .unwrap();
    assert_eq!(
        (crossing.src.as_str(), crossing.dst.as_str(), crossing.bytes),
        (CPU0, "/job:localhost/replica:0/task:0/device:CPU:1", 12)
    );
}

#[test]
fn c04_seed_stylegan_gpu_missing() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    at(&mut context, 4);
    context.push_device_scope(Some("/gpu:0")).unwrap();
    let sample = context
        .random_normal(
            crate::shape_operand::ShapeOperand::Known(vec![1024, 512]),
            0.0,
            1.0,
            DType::Float32,
            None,
            None,
        )
        .unwrap();
    context
        .create_variable(op(&sample), None, true, None)
        .unwrap();
    context.pop_device_scope().unwrap();
    let init = context.global_variables_initializer().unwrap();
    let mut session = Session::new(graph, SessionConfig::default());
    assert_eq!(
        shown(session.run(&mut context, &[Fetch::Operation(init)], &[])),
        "InvalidArgumentError: Graph execution error:\n\nDetected at node 'random_normal/RandomStandardNormal' defined at (most recent call last):\n    File \"main.py\", line 4, in <module>\nNode: 'random_normal/RandomStandardNormal'\nCannot assign a device for operation random_normal/RandomStandardNormal: {{node random_normal/RandomStandardNormal}} was explicitly assigned to /device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ]. Make sure the device specification refers to a valid device. The requested device appears to be a GPU, but CUDA is not enabled.\n\t [[random_normal/RandomStandardNormal]]"
    );
}

#[test]
fn c05_get_variable_reuse() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    context
        .push_variable_scope("shared_vars", Reuse::Inherit)
        .unwrap();
    let w = context
        .get_variable(
            "w",
            Some(vec![2, 2]),
            DType::Float32,
            Some(Initializer::Ones),
        )
        .unwrap();
    context.pop_variable_scope().unwrap();
    let variable = context.variable(w).unwrap();
    assert_eq!(
        format!("{} {}", variable.name, variable.shape),
        "shared_vars/w:0 (2, 2)"
    );
    let message = "ValueError: Variable shared_vars/w already exists, disallowed. Did you mean to set reuse=True or reuse=tf.AUTO_REUSE in VarScope?";
    assert_eq!(
        shown(context.get_variable("shared_vars/w", None, DType::Float32, None)),
        message
    );
    context
        .push_variable_scope("shared_vars", Reuse::Inherit)
        .unwrap();
    assert_eq!(
        shown(context.get_variable("w", Some(vec![2, 2]), DType::Float32, None)),
        message
    );
    context.pop_variable_scope().unwrap();
    context
        .push_variable_scope("shared_vars", Reuse::Reuse)
        .unwrap();
    let w2 = context
        .get_variable("w", None, DType::Float32, None)
        .unwrap();
    context.pop_variable_scope().unwrap();
    assert_eq!(w2, w);
    // Oracle texts for the other store errors.
    context.push_variable_scope("other", Reuse::Reuse).unwrap();
    assert_eq!(
        shown(context.get_variable("q", Some(vec![1]), DType::Float32, None)),
        "ValueError: Variable other/q does not exist, or was not created with tf.get_variable(). Did you mean to set reuse=tf.AUTO_REUSE in VarScope?"
    );
    context.pop_variable_scope().unwrap();
    context
        .push_variable_scope("auto", Reuse::AutoReuse)
        .unwrap();
    let a1 = context
        .get_variable("a", Some(vec![1]), DType::Float32, None)
        .unwrap();
    let a2 = context
        .get_variable("a", Some(vec![1]), DType::Float32, None)
        .unwrap();
    context.pop_variable_scope().unwrap();
    assert_eq!(a1, a2);
    let names: Vec<String> = context
        .graph(graph)
        .unwrap()
        .operations()
        .iter()
        .take(5)
        .map(|it| it.name.clone())
        .collect();
    assert_eq!(
        names,
        [
            "shared_vars/w/Initializer/ones",
            "shared_vars/w",
            "shared_vars/w/IsInitialized/VarIsInitializedOp",
            "shared_vars/w/Assign",
            "shared_vars/w/Read/ReadVariableOp"
        ]
    );
}

#[test]
fn c06_assign_add_session() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    let counter = context
        .create_variable(lit(Tensor::scalar(0i32)), None, true, Some(DType::Int32))
        .unwrap();
    let increment = context
        .assign_variable(
            counter,
            crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Add),
            lit(Tensor::scalar(1i32)),
        )
        .unwrap()
        .unwrap();
    let mut session = Session::new(graph, SessionConfig::default());
    let init = context.global_variables_initializer().unwrap();
    session
        .run(&mut context, &[Fetch::Operation(init)], &[])
        .unwrap();
    let increment = Fetch::from_handle(&increment).unwrap();
    let mut run = |fetch: Fetch| {
        let results = session.run(&mut context, &[fetch], &[]).unwrap();
        numpy_str(results[0].as_ref().unwrap())
    };
    let first = run(increment);
    let second = run(Fetch::Variable(counter));
    assert_eq!(format!("{first} {second}"), "1 1");
    let third = run(increment);
    let fourth = run(increment);
    assert_eq!(format!("{third} {fourth}"), "2 3");
}

#[test]
fn c06_uninitialized_read_is_failed_precondition() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    at(&mut context, 5);
    let v = context
        .create_variable(lit(Tensor::scalar(0i32)), None, true, None)
        .unwrap();
    let mut session = Session::new(graph, SessionConfig::default());
    let error = session
        .run(&mut context, &[Fetch::Variable(v)], &[])
        .unwrap_err();
    assert_eq!(error.class.python_name(), "FailedPreconditionError");
    assert!(error.message.starts_with(
        "Graph execution error:\n\nDetected at node 'Variable/Read/ReadVariableOp' defined at (most recent call last):\n    File \"main.py\", line 5, in <module>\nNode: 'Variable/Read/ReadVariableOp'\nCould not find variable Variable. This could mean that the variable has been deleted. In TF1, it can also mean the variable is uninitialized. Debug info: container=localhost, status error message=Container localhost does not exist. (Could not find resource: localhost/Variable)\n\t [[{{node Variable/Read/ReadVariableOp}}]]"
    ), "{}", error.message);
}

#[test]
fn c07_graph_where() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    let input = context
        .constant(floats(&[1.0, 2.0, 3.0, 4.0], &[2, 2]), None)
        .unwrap();
    let mask = context
        .binary(
            BinaryOp::Greater,
            op(&input),
            lit(Tensor::scalar(2.5f32)),
            None,
        )
        .unwrap();
    let doubled = context
        .binary(BinaryOp::Mul, op(&input), lit(Tensor::scalar(2.0f32)), None)
        .unwrap();
    let selected = context
        .where_select(op(&mask), op(&doubled), op(&input), None)
        .unwrap();
    let mut session = Session::new(graph, SessionConfig::default());
    let result = session
        .run(&mut context, &[Fetch::from_handle(&selected).unwrap()], &[])
        .unwrap();
    assert_eq!(
        numpy_str(result[0].as_ref().unwrap()),
        "[[1. 2.]\n [6. 8.]]"
    );
    let names: Vec<&str> = context
        .graph(graph)
        .unwrap()
        .operations()
        .iter()
        .map(|it| it.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["Const", "Greater/y", "Greater", "mul/y", "mul", "SelectV2"]
    );
}

#[test]
fn c08_graph_op_names() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    let a = context
        .constant(floats(&[1.0, 2.0], &[2]), Some("a"))
        .unwrap();
    let b = context.constant(floats(&[3.0, 4.0], &[2]), None).unwrap();
    let c = context.binary(BinaryOp::Add, op(&a), op(&b), None).unwrap();
    let reshaped = context.reshape(op(&c), vec![1, 2], None).unwrap();
    let ones = context.filled(true, &[2, 1], DType::Float32, None).unwrap();
    let d = context
        .matmul(op(&reshaped), op(&ones), MatMulOptions::default(), None)
        .unwrap();
    let e = context.binary(BinaryOp::Add, op(&a), op(&b), None).unwrap();
    let names: Vec<String> = [&a, &b, &c, &d, &e]
        .iter()
        .map(|handle| context.handle_name(handle).unwrap().unwrap())
        .collect();
    assert_eq!(names.join(" "), "a:0 Const:0 add:0 MatMul:0 add_1:0");
    let types = (
        context.handle_operation(&c).unwrap().unwrap().1,
        context.handle_operation(&d).unwrap().unwrap().1,
    );
    assert_eq!(types, ("AddV2".to_string(), "MatMul".to_string()));
    let operations: Vec<&str> = context
        .graph(graph)
        .unwrap()
        .operations()
        .iter()
        .map(|it| it.name.as_str())
        .collect();
    assert_eq!(
        operations,
        [
            "a",
            "Const",
            "add",
            "Reshape/shape",
            "Reshape",
            "ones",
            "MatMul",
            "add_1"
        ]
    );
    assert_eq!(context.handle_shape(&d).unwrap().to_string(), "(1, 1)");
}

#[test]
fn graph_random_normal_and_variable_names_match_the_oracle() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    context
        .random_normal(
            crate::shape_operand::ShapeOperand::Known(vec![2, 3]),
            0.0,
            1.0,
            DType::Float32,
            None,
            None,
        )
        .unwrap();
    context
        .create_variable(lit(Tensor::scalar(0i32)), None, true, None)
        .unwrap();
    let operations: Vec<&str> = context
        .graph(graph)
        .unwrap()
        .operations()
        .iter()
        .map(|it| it.name.as_str())
        .collect();
    assert_eq!(
        operations,
        [
            "random_normal/shape",
            "random_normal/mean",
            "random_normal/stddev",
            "random_normal/RandomStandardNormal",
            "random_normal/mul",
            "random_normal",
            "Variable/Initializer/initial_value",
            "Variable",
            "Variable/IsInitialized/VarIsInitializedOp",
            "Variable/Assign",
            "Variable/Read/ReadVariableOp"
        ]
    );
    let initial = &context.graph(graph).unwrap().operations()[6];
    assert_eq!(initial.colocation_groups, ["loc:@Variable"]);
}

#[test]
fn c12_graph_placeholder_feed() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    at(&mut context, 3);
    let x = context
        .placeholder(
            DType::Float32,
            TensorShape::new(vec![None, Some(2)]),
            Some("x"),
        )
        .unwrap();
    let scaled = context
        .binary(BinaryOp::Mul, op(&x), lit(Tensor::scalar(3.0f32)), None)
        .unwrap();
    let y = context
        .reduce(ReduceOp::Sum, op(&scaled), Some(vec![1]), false, None)
        .unwrap();
    let Handle::Symbolic(x_tensor) = x else {
        panic!("graph tensor")
    };
    let mut session = Session::new(graph, SessionConfig::default());
    let fetch = Fetch::from_handle(&y).unwrap();
    let fed = session
        .run(
            &mut context,
            &[fetch],
            &[(x_tensor, floats(&[1.0, 2.0, 3.0, 4.0], &[2, 2]))],
        )
        .unwrap();
    assert_eq!(numpy_str(fed[0].as_ref().unwrap()), "[ 9. 21.]");
    let error = session.run(&mut context, &[fetch], &[]).unwrap_err();
    assert_eq!(error.class.python_name(), "InvalidArgumentError");
    assert!(error.message.contains(
        "Node: 'x'\nYou must feed a value for placeholder tensor 'x' with dtype float and shape [?,2]\n\t [[{{node x}}]]"
    ), "{}", error.message);
    assert_eq!(
        shown(session.run(
            &mut context,
            &[fetch],
            &[(x_tensor, floats(&[1.0, 2.0, 3.0], &[1, 3]))]
        )),
        "ValueError: Cannot feed value of shape (1, 3) for Tensor x:0, which has shape (None, 2)"
    );
    let names: Vec<&str> = context
        .graph(graph)
        .unwrap()
        .operations()
        .iter()
        .map(|it| it.name.as_str())
        .collect();
    assert_eq!(names, ["x", "mul/y", "mul", "Sum/reduction_indices", "Sum"]);
}

/// Traces `f(x)`: `with tf.device('/TPU:0'): return x * 2.0 [+ 1.0]`.
fn trace_tpu_function(
    context: &mut Context,
    cache: &mut FunctionCache,
    x: &Handle,
    plus_one: bool,
) -> TfResult<Vec<Handle>> {
    let Handle::Eager(eager) = x else {
        panic!("eager argument")
    };
    let tensor = eager.tensor()?.clone();
    let key = signature_key(&[ArgKey::Tensor {
        dtype: tensor.dtype(),
        shape: TensorShape::from(tensor.shape()),
    }]);
    let function = match cache.lookup(&key) {
        Some(function) => function,
        None => {
            let spec = ArgSpec {
                name: "x".into(),
                dtype: tensor.dtype(),
                shape: TensorShape::from(tensor.shape()),
            };
            let params = context.begin_trace("f", &[spec], cache.is_empty())?;
            context.push_device_scope(Some("/TPU:0"))?;
            let body = (|| -> TfResult<Handle> {
                let doubled = context.binary(
                    BinaryOp::Mul,
                    op(&params[0]),
                    lit(Tensor::scalar(2.0f32)),
                    None,
                )?;
                if plus_one {
                    return context.binary(
                        BinaryOp::Add,
                        op(&doubled),
                        lit(Tensor::scalar(1.0f32)),
                        None,
                    );
                }
                Ok(doubled)
            })();
            context.pop_device_scope()?;
            let body = match body {
                Ok(body) => body,
                Err(error) => {
                    context.abort_trace();
                    return Err(error);
                }
            };
            let function = context.end_trace(&[body])?;
            cache.insert(key, function);
            function
        }
    };
    let outputs = context.call_function(function, std::slice::from_ref(eager))?;
    Ok(outputs.into_iter().map(Handle::Eager).collect())
}

#[test]
fn d01_function_tpu_soft() {
    let mut context = cpu();
    let mut cache = FunctionCache::default();
    let x = context.constant(floats(&[1.0, 2.0], &[2]), None).unwrap();
    let outputs = trace_tpu_function(&mut context, &mut cache, &x, true).unwrap();
    assert_eq!(
        tensor_str(&value(&outputs[0])),
        "tf.Tensor([3. 5.], shape=(2,), dtype=float32)"
    );
    assert_eq!(device(&context, &outputs[0]), CPU0);
    let function = context
        .concrete_function(crate::function::ConcreteFunctionId(0))
        .unwrap();
    let body: Vec<(&str, &str, &str)> = function
        .graph
        .operations()
        .iter()
        .map(|it| (it.name.as_str(), it.kind.op_type(), it.device.as_str()))
        .collect();
    // Oracle: `g.get_concrete_function(...).graph.get_operations()`, and the name
    // `__inference_f_9` (uids: the constant, the global graph, the `FuncGraph`, six
    // tensors, then the name).
    assert_eq!(
        body,
        [
            ("x", "Placeholder", ""),
            ("mul/y", "Const", "/device:TPU:0"),
            ("mul", "Mul", "/device:TPU:0"),
            ("add/y", "Const", "/device:TPU:0"),
            ("add", "AddV2", "/device:TPU:0"),
            ("Identity", "Identity", "")
        ]
    );
    let call = context
        .recorder
        .ops
        .iter()
        .find(|it| it.name == "__inference_f_9")
        .unwrap();
    assert_eq!(call.device, CPU0);
    let mul = context
        .recorder
        .ops
        .iter()
        .find(|it| it.name == "__inference_f_9/mul")
        .unwrap();
    assert!(mul.reason.contains("soft placement"), "{}", mul.reason);
    // Same signature: no retrace; a new shape retraces (oracle: tracing count 2).
    let again = trace_tpu_function(&mut context, &mut cache, &x, true).unwrap();
    assert_eq!(value(&again[0]), value(&outputs[0]));
    let longer = context
        .constant(floats(&[1.0, 2.0, 3.0], &[3]), None)
        .unwrap();
    let longer = trace_tpu_function(&mut context, &mut cache, &longer, true).unwrap();
    assert_eq!(
        tensor_str(&value(&longer[0])),
        "tf.Tensor([3. 5. 7.], shape=(3,), dtype=float32)"
    );
    assert_eq!(cache.tracing_count(), 2);
}

#[test]
fn d02_function_tpu_strict() {
    let mut context = cpu();
    context.set_soft_device_placement(false);
    let mut cache = FunctionCache::default();
    let x = context.constant(floats(&[1.0, 2.0], &[2]), None).unwrap();
    let error = trace_tpu_function(&mut context, &mut cache, &x, false).unwrap_err();
    assert_eq!(error.class.python_name(), "InvalidArgumentError");
    assert_eq!(
        error.message,
        "Unable to find any devices for spec /device:TPU:0 [Op:__inference_f_7]"
    );
}

#[test]
fn d03_function_variable_each_call() {
    let mut context = cpu();
    let mut cache = FunctionCache::default();
    let x = context.constant(Tensor::scalar(1.0f32), None).unwrap();
    // The body `v = tf.Variable(1.0); return v + x`, traced as TensorFlow does: once with
    // variable creation allowed, then again without, which raises.
    let trace = |context: &mut Context, allow: bool| -> TfResult<()> {
        let spec = ArgSpec {
            name: "x".into(),
            dtype: DType::Float32,
            shape: TensorShape::new(Vec::new()),
        };
        let params = context.begin_trace("f", &[spec], allow)?;
        let body = (|| {
            let v = context.create_variable(lit(Tensor::scalar(1.0f32)), None, true, None)?;
            context.binary(BinaryOp::Add, Operand::Variable(v), op(&params[0]), None)
        })();
        match body {
            Ok(result) => {
                let function = context.end_trace(&[result])?;
                assert!(context.concrete_function(function)?.created_variables);
                Ok(())
            }
            Err(error) => {
                context.abort_trace();
                Err(error)
            }
        }
    };
    trace(&mut context, cache.is_empty()).unwrap();
    let error: TfError = trace(&mut context, false).unwrap_err();
    let first_line = format!("ValueError: {}", error.message);
    assert!(first_line.starts_with(
        "ValueError: tf.function only supports singleton tf.Variables created on the first call."
    ));
    cache.insert("unused".into(), crate::function::ConcreteFunctionId(0));
    assert!(!cache.is_empty());
    // The binding formats the autograph block; the first line is the corpus's.
    let _ = x;
}

#[test]
fn function_reads_captured_variables() {
    let mut context = cpu();
    let v = context
        .create_variable(lit(Tensor::scalar(2.0f32)), None, true, None)
        .unwrap();
    let spec = ArgSpec {
        name: "x".into(),
        dtype: DType::Float32,
        shape: TensorShape::new(Vec::new()),
    };
    let params = context.begin_trace("g", &[spec], true).unwrap();
    let sum = context
        .binary(BinaryOp::Add, Operand::Variable(v), op(&params[0]), None)
        .unwrap();
    let function = context.end_trace(&[sum]).unwrap();
    let x = context.constant(Tensor::scalar(1.0f32), None).unwrap();
    let Handle::Eager(x) = x else { panic!("eager") };
    let outputs = context.call_function(function, &[x]).unwrap();
    assert_eq!(outputs[0].value, Value::Dense(Tensor::scalar(3.0f32)));
    assert_eq!(
        context.concrete_function(function).unwrap().captures.len(),
        1
    );
}

#[test]
fn graph_dtype_mismatch_is_a_type_error() {
    let mut context = cpu();
    let graph = context.new_graph().unwrap();
    context.push_default_graph(graph);
    let a = context.constant(Tensor::scalar(1i32), None).unwrap();
    let b = context.constant(Tensor::scalar(1.0f32), None).unwrap();
    assert_eq!(
        shown(context.binary(BinaryOp::Add, op(&a), op(&b), None)),
        "TypeError: Input 'y' of 'AddV2' Op has type float32 that does not match type int32 of argument 'x'."
    );
}
