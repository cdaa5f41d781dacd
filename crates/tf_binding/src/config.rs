//! `tf.config`: physical and logical device listings (`PhysicalDevice(name=...,
//! device_type=...)` reprs), splitting a CPU into logical CPUs, soft placement, and
//! `tf.debugging.set_log_device_placement`.

use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::{def, flag, module, this, this_as, St};

/// A `PhysicalDevice` or `LogicalDevice` object.
pub struct PyDevice {
    /// `/physical_device:CPU:0` or `/device:CPU:0`.
    pub name: String,
    /// `CPU`, `GPU`, `TPU`.
    pub device_type: String,
    /// True for physical devices.
    pub physical: bool,
}

/// A `LogicalDeviceConfiguration` object (its limits are not modelled yet).
pub struct LogicalConfig;

/// The classes of `tf.config`.
pub struct ConfigClasses {
    physical_device: Rc<Class>,
    logical_device: Rc<Class>,
    logical_config: Rc<Class>,
}

fn device_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyDevice>> {
    this_as::<PyDevice>(vm, args, "expected a device")
}

fn device_class(name: &str) -> Rc<Class> {
    ClassBuilder::new(name, "tensorflow.python.eager.context")
        .method("__repr__", |vm, args| {
            let device = device_of(vm, &args)?;
            let kind = if device.physical {
                "PhysicalDevice"
            } else {
                "LogicalDevice"
            };
            Ok(Value::str(format!(
                "{kind}(name='{}', device_type='{}')",
                device.name, device.device_type
            )))
        })
        .method("__eq__", |vm, args| {
            let device = device_of(vm, &args)?;
            Ok(Value::Bool(
                match args.get(1).and_then(|v| v.downcast::<PyDevice>()) {
                    Some(other) => other.name == device.name && other.physical == device.physical,
                    None => false,
                },
            ))
        })
        .method("__hash__", |vm, args| {
            let device = device_of(vm, &args)?;
            Ok(Value::Int(device.name.bytes().fold(7i64, |h, b| {
                h.wrapping_mul(31).wrapping_add(b as i64)
            })))
        })
        .property(
            "name",
            |vm, args| Ok(Value::str(device_of(vm, &args)?.name.clone())),
            None,
        )
        .property(
            "device_type",
            |vm, args| Ok(Value::str(device_of(vm, &args)?.device_type.clone())),
            None,
        )
        .build()
}

/// Builds the classes.
pub fn build_classes(st: &St) -> ConfigClasses {
    let _ = st;
    ConfigClasses {
        physical_device: device_class("PhysicalDevice"),
        logical_device: device_class("LogicalDevice"),
        logical_config: ClassBuilder::new("LogicalDeviceConfiguration", "tensorflow.python.eager.context")
            .method("__init__", |vm, args| {
                let _ = bind!(vm, "LogicalDeviceConfiguration", &args, 1, [this = "self", memory_limit, experimental_priority, experimental_device_ordinal])?;
                set_native_data(this(vm, &args)?, Rc::new(LogicalConfig));
                Ok(Value::None)
            })
            .method("__repr__", |_vm, _args| {
                Ok(Value::str("LogicalDeviceConfiguration(memory_limit=None, experimental_priority=None, experimental_device_ordinal=None)"))
            })
            .build(),
    }
}

fn device_type_arg(vm: &Vm<'_>, value: &Option<Value>) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .map(|s| Some(s.to_string()))
            .ok_or_else(|| vm.type_error("device_type must be a string")),
    }
}

fn list_physical(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "list_physical_devices", &args, 0, [device_type])?;
    let kind = device_type_arg(vm, &bound.device_type)?;
    let devices = st.with_ctx(vm, |ctx| ctx.machine.list_physical_devices(kind.as_deref()))?;
    let classes = st.classes(vm)?;
    Ok(Value::list(
        devices
            .into_iter()
            .map(|d| {
                new_native_instance(
                    &classes.config.physical_device,
                    Rc::new(PyDevice {
                        name: d.name,
                        device_type: d.device_type,
                        physical: true,
                    }),
                )
            })
            .collect(),
    ))
}

fn list_logical(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "list_logical_devices", &args, 0, [device_type])?;
    let kind = device_type_arg(vm, &bound.device_type)?;
    let devices = st.tf(vm, |ctx| ctx.machine.list_logical_devices(kind.as_deref()))?;
    let classes = st.classes(vm)?;
    Ok(Value::list(
        devices
            .into_iter()
            .map(|d| {
                new_native_instance(
                    &classes.config.logical_device,
                    Rc::new(PyDevice {
                        name: d.name,
                        device_type: d.device_type,
                        physical: false,
                    }),
                )
            })
            .collect(),
    ))
}

fn set_logical(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "set_logical_device_configuration",
        &args,
        2,
        [device, logical_devices]
    )?;
    let device = bound
        .device
        .as_ref()
        .and_then(|v| v.downcast::<PyDevice>())
        .filter(|d| d.physical)
        .ok_or_else(|| {
            vm.value_error("Unrecognized device: the first argument must be a PhysicalDevice")
        })?;
    let configs = match &bound.logical_devices {
        Some(value) => vm.iterate(value)?,
        None => Vec::new(),
    };
    if device.device_type != "CPU" {
        return Err(vm.runtime_error(format!(
            "Splitting {} devices into logical devices is not emulated yet",
            device.device_type
        )));
    }
    let count = u32::try_from(configs.len().max(1)).unwrap_or(u32::MAX);
    let name = device.name.clone();
    st.tf(vm, |ctx| ctx.machine.set_logical_cpu_count(&name, count))?;
    Ok(Value::None)
}

fn set_soft(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "set_soft_device_placement", &args, 1, [enabled])?;
    let enabled = flag(vm, &bound.enabled, false)?;
    st.tf(vm, |ctx| {
        ctx.set_soft_device_placement(enabled);
        Ok(())
    })?;
    Ok(Value::None)
}

fn get_soft(st: &St, vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::Bool(
        st.with_ctx(vm, |ctx| ctx.soft_device_placement())?,
    ))
}

/// `tf.debugging.set_log_device_placement(enabled)`.
pub fn set_log_device_placement(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "set_log_device_placement", &args, 1, [enabled])?;
    let enabled = flag(vm, &bound.enabled, false)?;
    st.tf(vm, |ctx| {
        ctx.set_log_device_placement(enabled);
        Ok(())
    })?;
    Ok(Value::None)
}

fn no_op(_st: &St, _vm: &mut Vm<'_>, _args: Args<'_>) -> PyResult {
    Ok(Value::None)
}

/// Builds `tf.config` and `tf.config.experimental`.
pub fn build_module(st: &St, vm: &Vm<'_>) -> PyResult<(Rc<Module>, Rc<Module>)> {
    let classes = st.classes(vm)?;
    let config = module("tensorflow.config");
    let experimental = module("tensorflow.config.experimental");
    for m in [&config, &experimental] {
        def(m, st, "list_physical_devices", list_physical);
        def(m, st, "list_logical_devices", list_logical);
        def(m, st, "get_visible_devices", list_physical);
        def(m, st, "set_visible_devices", no_op);
        m.set(
            "LogicalDeviceConfiguration",
            Value::Class(classes.config.logical_config.clone()),
        );
    }
    def(&config, st, "set_logical_device_configuration", set_logical);
    def(
        &experimental,
        st,
        "set_virtual_device_configuration",
        set_logical,
    );
    experimental.set(
        "VirtualDeviceConfiguration",
        Value::Class(classes.config.logical_config.clone()),
    );
    def(&config, st, "set_soft_device_placement", set_soft);
    def(&config, st, "run_functions_eagerly", |st, vm, args| {
        let bound = bind!(vm, "run_functions_eagerly", &args, 1, [run_eagerly])?;
        let flag = vm.truthy(bound.run_eagerly.as_ref().unwrap_or(&Value::None))?;
        st.run_functions_eagerly.set(flag);
        Ok(Value::None)
    });
    def(&config, st, "functions_run_eagerly", |st, _vm, _args| {
        Ok(Value::Bool(st.run_functions_eagerly.get()))
    });
    def(&config, st, "get_soft_device_placement", get_soft);
    def(&experimental, st, "set_memory_growth", no_op);
    def(&experimental, st, "get_memory_growth", |_st, _vm, _args| {
        Ok(Value::Bool(false))
    });
    config.set("experimental", Value::Module(experimental.clone()));
    config.set(
        "PhysicalDevice",
        Value::Class(classes.config.physical_device.clone()),
    );
    config.set(
        "LogicalDevice",
        Value::Class(classes.config.logical_device.clone()),
    );
    Ok((config, experimental))
}
