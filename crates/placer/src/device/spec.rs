//! Python's `DeviceSpec`: what `tf.device(...)` strings turn into, and nested scopes.
//!
//! `tf.device("/TPU:0")` never reaches the C++ parser as written: Python's
//! `DeviceSpecV2.from_string` accepts more forms (`/TPU:0`, `GPU`, `cpu`) and prints them
//! back as `/device:TPU:0`. Graph mode merges nested scopes innermost first; eager mode
//! merges each new scope into the current one, starting from the first context device, so
//! eager names are always full (§1.2, §1.3).

use std::fmt;

use crate::device::ParsedName;

/// The device types Python accepts without the `device:` prefix (`_VALID_DEVICE_TYPES`).
///
/// `device_spec.py` adds the types of *pluggable* physical devices (read in the source);
/// tf-semantics.md §1.2 says "physical devices". This emulator has no pluggable devices, so
/// callers pass extra types explicitly.
pub const VALID_DEVICE_TYPES: [&str; 5] = ["CPU", "GPU", "TPU", "CUSTOM", "EPU"];

/// A device specification as Python holds it: five optional fields.
///
/// Replica, task and index are Python ints, so they may be negative or huge; converting to
/// the C++ form ([`DeviceSpec::to_parsed_name`]) is where such values are rejected.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DeviceSpec {
    /// `job:<x>`.
    pub job: Option<String>,
    /// `replica:<n>`.
    pub replica: Option<i64>,
    /// `task:<n>`.
    pub task: Option<i64>,
    /// The device type, upper-cased for the short forms and for `cpu`/`gpu`.
    pub device_type: Option<String>,
    /// The device index; `None` for `*` or missing.
    pub device_index: Option<i64>,
}

/// A `ValueError` raised by `DeviceSpec.from_string`; `Display` is Python's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceSpecError {
    /// `Multiple device types are not allowed while parsing the device spec: <spec>.`
    MultipleDeviceTypes {
        /// The whole string.
        spec: String,
    },
    /// `Unknown attribute '<part>' is encountered while parsing the device spec: '<spec>'.`
    UnknownAttribute {
        /// The first `:`-separated word of the offending part.
        attribute: String,
        /// The whole string.
        spec: String,
    },
    /// `invalid literal for int() with base 10: '<text>'` (case b06_bad_device_string).
    InvalidInteger {
        /// The text that is not an integer.
        text: String,
    },
}

impl fmt::Display for DeviceSpecError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The first two texts are from `device_spec.py` `_string_to_components` (newest
        // version in the source index); tf-semantics.md §1.2 lists an older wording.
        match self {
            DeviceSpecError::MultipleDeviceTypes { spec } => write!(
                formatter,
                "Multiple device types are not allowed while parsing the device spec: {spec}."
            ),
            DeviceSpecError::UnknownAttribute { attribute, spec } => write!(
                formatter,
                "Unknown attribute '{attribute}' is encountered while parsing the device spec: '{spec}'."
            ),
            DeviceSpecError::InvalidInteger { text } => write!(
                formatter,
                "invalid literal for int() with base 10: {}",
                python_string_repr(text)
            ),
        }
    }
}

impl DeviceSpec {
    /// Parses like `DeviceSpecV2.from_string` with the standard valid device types.
    pub fn parse(spec: &str) -> Result<DeviceSpec, DeviceSpecError> {
        DeviceSpec::parse_with_types(spec, &[])
    }

    /// Parses like `DeviceSpecV2.from_string`; `extra_device_types` are accepted as short
    /// forms (`/<TYPE>:<n>`) in addition to [`VALID_DEVICE_TYPES`].
    pub fn parse_with_types(
        spec: &str,
        extra_device_types: &[&str],
    ) -> Result<DeviceSpec, DeviceSpecError> {
        let is_valid_type = |word: &str| {
            // Python's `str.upper()`: `'cuſtom'` names `CUSTOM` too.
            let upper = cpython_text::str_upper(word);
            VALID_DEVICE_TYPES.contains(&upper.as_str())
                || extra_device_types.contains(&upper.as_str())
        };
        let mut result = DeviceSpec::default();
        let mut type_seen = false;
        // Python converts replica and task in the setters, after the whole string parsed.
        let mut replica_text = None;
        let mut task_text = None;
        for part in spec.split('/') {
            let words: Vec<&str> = part.split(':').collect();
            match words.as_slice() {
                ["job", job] => result.job = Some((*job).to_string()),
                ["replica", replica] => replica_text = Some(*replica),
                ["task", task] => task_text = Some(*task),
                [device_type] | [device_type, _] if is_valid_type(device_type) => {
                    if type_seen {
                        return Err(DeviceSpecError::MultipleDeviceTypes {
                            spec: spec.to_string(),
                        });
                    }
                    type_seen = true;
                    result.device_type = Some(cpython_text::str_upper(device_type));
                    result.device_index = match words.get(1) {
                        Some(index) if *index != "*" => Some(python_int(index)?),
                        _ => None,
                    };
                }
                ["device", device_type, index] => {
                    if type_seen {
                        return Err(DeviceSpecError::MultipleDeviceTypes {
                            spec: spec.to_string(),
                        });
                    }
                    type_seen = true;
                    // `_as_device_str_or_none` upper-cases only lowercase `cpu` and `gpu`.
                    result.device_type = Some(match *device_type {
                        "cpu" | "gpu" => device_type.to_ascii_uppercase(),
                        _ => (*device_type).to_string(),
                    });
                    result.device_index = if *index == "*" {
                        None
                    } else {
                        Some(python_int(index)?)
                    };
                }
                [first, ..] if !first.is_empty() => {
                    return Err(DeviceSpecError::UnknownAttribute {
                        attribute: (*first).to_string(),
                        spec: spec.to_string(),
                    });
                }
                _ => {}
            }
        }
        result.replica = replica_text.map(python_int).transpose()?;
        result.task = task_text.map(python_int).transpose()?;
        Ok(result)
    }

    /// Merges `other` over `self` (`make_merged_spec`): fields set in `other` win.
    pub fn merged_with(&self, other: &DeviceSpec) -> DeviceSpec {
        DeviceSpec {
            job: other.job.clone().or_else(|| self.job.clone()),
            replica: other.replica.or(self.replica),
            task: other.task.or(self.task),
            device_type: other
                .device_type
                .clone()
                .or_else(|| self.device_type.clone()),
            device_index: other.device_index.or(self.device_index),
        }
    }

    /// True when no field is set.
    pub fn is_empty(&self) -> bool {
        *self == DeviceSpec::default()
    }

    /// The C++ view of this spec, or `None` when the printed string does not parse there
    /// (for example a negative index or an empty job).
    pub fn to_parsed_name(&self) -> Option<ParsedName> {
        ParsedName::parse(&self.to_string())
    }
}

/// Prints like `DeviceSpecV2.to_string()`: `/job:<j>/replica:<r>/task:<t>/device:<T>:<i|*>`.
impl fmt::Display for DeviceSpec {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(job) = &self.job {
            write!(formatter, "/job:{job}")?;
        }
        if let Some(replica) = self.replica {
            write!(formatter, "/replica:{replica}")?;
        }
        if let Some(task) = self.task {
            write!(formatter, "/task:{task}")?;
        }
        if let Some(device_type) = &self.device_type {
            match self.device_index {
                Some(index) => write!(formatter, "/device:{device_type}:{index}")?,
                None => write!(formatter, "/device:{device_type}:*")?,
            }
        }
        Ok(())
    }
}

/// The stack of `tf.device(...)` scopes of a graph (TF1 graph mode, `tf.function` bodies).
///
/// `None` entries are `tf.device(None)`: they stop outer scopes from applying (§1.3,
/// `Graph._apply_device_functions` breaks on a null device function).
#[derive(Clone, Debug, Default)]
pub struct DeviceScopeStack {
    scopes: Vec<Option<DeviceSpec>>,
}

impl DeviceScopeStack {
    /// Enters `with tf.device(spec)`; `None` is `tf.device(None)`.
    pub fn push(&mut self, spec: Option<DeviceSpec>) {
        self.scopes.push(spec);
    }

    /// Leaves the innermost scope.
    pub fn pop(&mut self) -> Option<Option<DeviceSpec>> {
        self.scopes.pop()
    }

    /// The device string a new op gets (its `NodeDef.device`), given the op's own device.
    ///
    /// Scopes apply innermost first, each as `scope.make_merged_spec(op_spec)`, so inner
    /// fields win and outer scopes only fill gaps.
    pub fn device_for_op(&self, own_device: &DeviceSpec) -> String {
        let mut spec = own_device.clone();
        for scope in self.scopes.iter().rev() {
            match scope {
                None => break,
                Some(scope) => spec = scope.merged_with(&spec),
            }
        }
        spec.to_string()
    }
}

/// The device name of the eager scope entered by `tf.device(requested)` inside a scope
/// named `current` (`_EagerDeviceContext.__enter__`).
///
/// With no active scope (`current` empty) the base is `first_context_device`, normally
/// `/job:localhost/replica:0/task:0/device:CPU:0`, so the result is a full name.
/// `tf.device(None)` (`requested == None`) resets to `""`.
pub fn eager_scope_name(
    current: &str,
    requested: Option<&str>,
    first_context_device: &str,
    extra_device_types: &[&str],
) -> Result<String, DeviceSpecError> {
    let Some(requested) = requested else {
        return Ok(String::new());
    };
    let requested = DeviceSpec::parse_with_types(requested, extra_device_types)?;
    let base = if current.is_empty() {
        first_context_device
    } else {
        current
    };
    let base = DeviceSpec::parse_with_types(base, extra_device_types)?;
    Ok(base.merged_with(&requested).to_string())
}

/// Fills the parts `name` lacks from `default`, then from `/replica:0/task:0/device:CPU:0`
/// (`device_util.canonicalize`); the job stays unset unless one of the two gives it.
pub fn canonicalize(name: &str, default: Option<&str>) -> Result<String, DeviceSpecError> {
    let mut result = DeviceSpec::parse(name)?;
    if let Some(default) = default {
        result = DeviceSpec::parse(default)?.merged_with(&result);
    }
    let fallback = DeviceSpec {
        job: None,
        replica: Some(0),
        task: Some(0),
        device_type: Some("CPU".to_string()),
        device_index: Some(0),
    };
    Ok(fallback.merged_with(&result).to_string())
}

/// Python's `int(text)` for base 10: surrounding whitespace, one sign, digits with single
/// underscores between them. Values beyond `i64` are reported as invalid, which Python
/// would accept; no device index comes near that.
pub fn python_int(text: &str) -> Result<i64, DeviceSpecError> {
    let invalid = || DeviceSpecError::InvalidInteger {
        text: text.to_string(),
    };
    let trimmed = text.trim();
    let (negative, digits) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let bytes = digits.as_bytes();
    let well_formed = !bytes.is_empty()
        && bytes.first().is_some_and(u8::is_ascii_digit)
        && bytes.last().is_some_and(u8::is_ascii_digit)
        && bytes
            .iter()
            .all(|byte| byte.is_ascii_digit() || *byte == b'_')
        && !digits.contains("__");
    if !well_formed {
        return Err(invalid());
    }
    let value: i64 = digits.replace('_', "").parse().map_err(|_| invalid())?;
    Ok(if negative { -value } else { value })
}

/// Python's `repr()` of a `str`: single quotes unless the text holds `'` and no `"`.
pub fn python_string_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut result = String::with_capacity(text.len() + 2);
    result.push(quote);
    for character in text.chars() {
        match character {
            '\\' => result.push_str("\\\\"),
            '\n' => result.push_str("\\n"),
            '\r' => result.push_str("\\r"),
            '\t' => result.push_str("\\t"),
            _ if character == quote => {
                result.push('\\');
                result.push(character);
            }
            _ if (character as u32) < 0x20 || character as u32 == 0x7f => {
                result.push_str(&format!("\\x{:02x}", character as u32));
            }
            _ => result.push(character),
        }
    }
    result.push(quote);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCAL_CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

    fn spec(text: &str) -> DeviceSpec {
        DeviceSpec::parse(text).unwrap_or_else(|error| panic!("{text}: {error}"))
    }

    #[test]
    fn short_forms_print_with_device_prefix() {
        assert_eq!(spec("/TPU:0").to_string(), "/device:TPU:0");
        assert_eq!(spec("/tpu:0").to_string(), "/device:TPU:0");
        assert_eq!(spec("/gpu:0").to_string(), "/device:GPU:0");
        assert_eq!(spec("GPU:1").to_string(), "/device:GPU:1");
        assert_eq!(spec("cpu").to_string(), "/device:CPU:*");
        assert_eq!(spec("/device:XPU:0").to_string(), "/device:XPU:0");
        assert_eq!(spec("/device:cpu:0").to_string(), "/device:CPU:0");
        assert_eq!(
            spec("/job:worker/task:0/device:CPU:0").to_string(),
            "/job:worker/task:0/device:CPU:0"
        );
        assert_eq!(spec("").to_string(), "");
    }

    #[test]
    fn value_errors() {
        // Case b06_bad_device_string.
        assert_eq!(
            DeviceSpec::parse("/TPU:zero").unwrap_err().to_string(),
            "invalid literal for int() with base 10: 'zero'"
        );
        assert_eq!(
            DeviceSpec::parse("/cpu:0/device:GPU:2").unwrap_err().to_string(),
            "Multiple device types are not allowed while parsing the device spec: /cpu:0/device:GPU:2."
        );
        assert_eq!(
            DeviceSpec::parse("/barcpugpu:muu/baz:2").unwrap_err().to_string(),
            "Unknown attribute 'barcpugpu' is encountered while parsing the device spec: '/barcpugpu:muu/baz:2'."
        );
        assert!(DeviceSpec::parse("/TPU_SYSTEM:0").is_err());
        assert_eq!(
            spec("/device:TPU_SYSTEM:0").to_string(),
            "/device:TPU_SYSTEM:0"
        );
        assert_eq!(
            DeviceSpec::parse_with_types("/TPU_SYSTEM:0", &["TPU_SYSTEM"]).map(|it| it.to_string()),
            Ok("/device:TPU_SYSTEM:0".to_string())
        );
    }

    #[test]
    fn graph_scopes_merge_innermost_first() {
        // The docstring example of `merge_device` (§1.3).
        let mut stack = DeviceScopeStack::default();
        stack.push(Some(spec("/device:GPU:0")));
        assert_eq!(stack.device_for_op(&DeviceSpec::default()), "/device:GPU:0");
        stack.push(Some(spec("/job:worker")));
        assert_eq!(
            stack.device_for_op(&DeviceSpec::default()),
            "/job:worker/device:GPU:0"
        );
        stack.push(Some(spec("/device:CPU:0")));
        assert_eq!(
            stack.device_for_op(&DeviceSpec::default()),
            "/job:worker/device:CPU:0"
        );
        stack.push(Some(spec("/job:ps")));
        assert_eq!(
            stack.device_for_op(&DeviceSpec::default()),
            "/job:ps/device:CPU:0"
        );
        stack.push(None);
        assert_eq!(stack.device_for_op(&DeviceSpec::default()), "");
        stack.pop();
        stack.pop();
        assert_eq!(
            stack.device_for_op(&DeviceSpec::default()),
            "/job:worker/device:CPU:0"
        );
    }

    #[test]
    fn eager_scopes_are_full_names() {
        // Case b08_nested_device_scopes.
        let outer = eager_scope_name("", Some("/job:localhost"), LOCAL_CPU, &[]).unwrap();
        assert_eq!(outer, LOCAL_CPU);
        let inner = eager_scope_name(&outer, Some("/CPU:1"), LOCAL_CPU, &[]).unwrap();
        assert_eq!(inner, "/job:localhost/replica:0/task:0/device:CPU:1");
        assert_eq!(eager_scope_name(&outer, None, LOCAL_CPU, &[]).unwrap(), "");
        assert_eq!(
            eager_scope_name("", Some("/TPU:0"), LOCAL_CPU, &[]).unwrap(),
            "/job:localhost/replica:0/task:0/device:TPU:0"
        );
        // A type without index keeps the base's index.
        assert_eq!(
            eager_scope_name("", Some("GPU"), LOCAL_CPU, &[]).unwrap(),
            "/job:localhost/replica:0/task:0/device:GPU:0"
        );
        assert_eq!(
            eager_scope_name("", Some("/job:worker/task:0/device:CPU:0"), LOCAL_CPU, &[]).unwrap(),
            "/job:worker/replica:0/task:0/device:CPU:0"
        );
    }

    #[test]
    fn canonicalize_docstring_example() {
        assert_eq!(
            canonicalize("/cpu:0", Some("/job:worker/task:1")).unwrap(),
            "/job:worker/replica:0/task:1/device:CPU:0"
        );
        assert_eq!(
            canonicalize("/gpu:1", Some("/job:localhost")).unwrap(),
            "/job:localhost/replica:0/task:0/device:GPU:1"
        );
    }

    #[test]
    fn python_int_and_repr() {
        assert_eq!(python_int(" 12 "), Ok(12));
        assert_eq!(python_int("-1"), Ok(-1));
        assert_eq!(python_int("1_0"), Ok(10));
        assert!(python_int("1__0").is_err());
        assert!(python_int("").is_err());
        assert_eq!(python_string_repr("it's"), "\"it's\"");
        assert_eq!(python_string_repr("a\nb"), "'a\\nb'");
    }
}
