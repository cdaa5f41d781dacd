//! Device names: the C++ `DeviceNameUtils` grammar, merging and matching.
//!
//! TensorFlow has two parsers for device strings. The C++ one (`ParsedName` here) is what the
//! placer and the eager runtime use; the Python one ([`spec::DeviceSpec`]) is what
//! `tf.device(...)` uses before the string reaches C++. Both follow
//! `shared/research/tf-semantics.md` §1. The set of devices of a machine lives in [`set`].
//!
//! This module does not know about kernels or graphs.

pub mod set;
pub mod spec;

use std::fmt;

pub use set::{Device, DeviceId, DeviceSet};
pub use spec::{DeviceScopeStack, DeviceSpec, DeviceSpecError};

/// The largest replica, task or id the C++ parser accepts (`kint32max`).
const NUMBER_MAX: u32 = i32::MAX as u32;

/// A device name as the C++ runtime sees it: five optional parts (§1.1).
///
/// `None` means "not given" (or the `*` wildcard), so missing parts act as wildcards when
/// matching against concrete devices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ParsedName {
    /// The job, such as `localhost` or `worker`.
    pub job: Option<String>,
    /// The replica number.
    pub replica: Option<u32>,
    /// The task number.
    pub task: Option<u32>,
    /// The device type as written, such as `CPU`, `GPU`, `TPU` or `XLA_CPU`.
    pub device_type: Option<String>,
    /// The device number within its type.
    pub id: Option<u32>,
}

/// Why two device names could not be merged (`MergeDevNames`, §2.3 step 5).
///
/// The `Display` text is TensorFlow's message, word for word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeError {
    /// Which part conflicted.
    pub part: NamePart,
    /// The first name, printed.
    pub first: String,
    /// The second name, printed.
    pub second: String,
}

/// One of the five parts of a device name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NamePart {
    /// `/job:`.
    Job,
    /// `/replica:`.
    Replica,
    /// `/task:`.
    Task,
    /// The device type.
    Type,
    /// The device id.
    Id,
}

impl fmt::Display for MergeError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = match self.part {
            NamePart::Job => "jobs",
            NamePart::Replica => "replicas",
            NamePart::Task => "tasks",
            NamePart::Type => "types",
            NamePart::Id => "ids",
        };
        write!(
            formatter,
            "Cannot merge devices with incompatible {plural}: '{}' and '{}'",
            self.first, self.second
        )
    }
}

impl ParsedName {
    /// Parses a full or partial name with the C++ grammar (`ParseFullName`).
    ///
    /// Returns `None` where TensorFlow's parser returns false; callers turn that into the
    /// error text that fits their context ("Malformed device specification ...").
    pub fn parse(name: &str) -> Option<ParsedName> {
        let mut result = ParsedName::default();
        if name == "/" {
            return Some(result);
        }
        let mut rest = name;
        while !rest.is_empty() {
            let mut progress = false;
            if let Some(after) = rest.strip_prefix("/job:") {
                rest = after;
                result.job = match rest.strip_prefix('*') {
                    Some(after) => {
                        rest = after;
                        None
                    }
                    None => Some(consume_identifier(&mut rest)?),
                };
                progress = true;
            }
            if let Some(after) = rest.strip_prefix("/replica:") {
                rest = after;
                result.replica = consume_number_or_wildcard(&mut rest)?;
                progress = true;
            }
            if let Some(after) = rest.strip_prefix("/task:") {
                rest = after;
                result.task = consume_number_or_wildcard(&mut rest)?;
                progress = true;
            }
            if let Some(after) = rest.strip_prefix("/device:") {
                rest = after;
                result.device_type = match rest.strip_prefix('*') {
                    Some(after) => {
                        rest = after;
                        None
                    }
                    None => Some(consume_identifier(&mut rest)?),
                };
                result.id = match rest.strip_prefix(':') {
                    Some(after) => {
                        rest = after;
                        consume_number_or_wildcard(&mut rest)?
                    }
                    None => None,
                };
                progress = true;
            }
            for (prefixes, device_type) in
                [(["/cpu:", "/CPU:"], "CPU"), (["/gpu:", "/GPU:"], "GPU")]
            {
                let stripped = prefixes.iter().find_map(|prefix| rest.strip_prefix(prefix));
                if let Some(after) = stripped {
                    rest = after;
                    result.device_type = Some(device_type.to_string());
                    result.id = consume_number_or_wildcard(&mut rest)?;
                    progress = true;
                }
            }
            if !progress {
                return None;
            }
        }
        Some(result)
    }

    /// Parses `TYPE:id` without a slash (`ParseLocalName`), or a full name.
    ///
    /// Newer TensorFlow accepts either form where it says `ParseFullOrLocalName`.
    pub fn parse_full_or_local(name: &str) -> Option<ParsedName> {
        if let Some(parsed) = ParsedName::parse(name) {
            return Some(parsed);
        }
        let mut rest = name;
        let device_type = consume_identifier(&mut rest)?;
        rest = rest.strip_prefix(':')?;
        let id = consume_number_or_wildcard(&mut rest)?;
        if !rest.is_empty() {
            return None;
        }
        Some(ParsedName {
            device_type: Some(device_type),
            id,
            ..ParsedName::default()
        })
    }

    /// The complete name `/job:<job>/replica:<r>/task:<t>/device:<TYPE>:<id>` (`FullName`).
    pub fn full(job: &str, replica: u32, task: u32, device_type: &str, id: u32) -> ParsedName {
        ParsedName {
            job: Some(job.to_string()),
            replica: Some(replica),
            task: Some(task),
            device_type: Some(device_type.to_string()),
            id: Some(id),
        }
    }

    /// True when at least one part is set (`HasSomeDetails`).
    pub fn has_some_details(&self) -> bool {
        self.job.is_some()
            || self.replica.is_some()
            || self.task.is_some()
            || self.device_type.is_some()
            || self.id.is_some()
    }

    /// True when all five parts are set, so the name can denote one device.
    pub fn is_fully_specified(&self) -> bool {
        self.job.is_some()
            && self.replica.is_some()
            && self.task.is_some()
            && self.device_type.is_some()
            && self.id.is_some()
    }

    /// True when every part set in `self` equals the same part of `device`
    /// (`IsCompleteSpecification(pattern, name)`); missing parts are wildcards.
    pub fn matches(&self, device: &ParsedName) -> bool {
        fn part_matches<T: PartialEq>(pattern: &Option<T>, value: &Option<T>) -> bool {
            match pattern {
                None => true,
                Some(wanted) => value.as_ref() == Some(wanted),
            }
        }
        part_matches(&self.job, &device.job)
            && part_matches(&self.replica, &device.replica)
            && part_matches(&self.task, &device.task)
            && part_matches(&self.device_type, &device.device_type)
            && part_matches(&self.id, &device.id)
    }

    /// True when no part is set differently in the two names (`AreCompatibleDevNames`).
    pub fn is_compatible_with(&self, other: &ParsedName) -> bool {
        fn compatible<T: PartialEq>(a: &Option<T>, b: &Option<T>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
        }
        compatible(&self.job, &other.job)
            && compatible(&self.replica, &other.replica)
            && compatible(&self.task, &other.task)
            && compatible(&self.device_type, &other.device_type)
            && compatible(&self.id, &other.id)
    }

    /// Merges `other` into `self` (`MergeDevNames`, §2.3 step 5).
    ///
    /// Job, replica and task conflicts are always errors. Type and id conflicts are errors
    /// unless `allow_soft_placement`, in which case type and id are dropped (a type conflict
    /// drops both, an id conflict drops the id). On error `self` is unchanged.
    pub fn merge(
        &mut self,
        other: &ParsedName,
        allow_soft_placement: bool,
    ) -> Result<(), MergeError> {
        let mut merged = self.clone();
        let conflict = |part| MergeError {
            part,
            first: self.to_string(),
            second: other.to_string(),
        };
        if let Some(job) = &other.job {
            if merged.job.as_ref().is_some_and(|mine| mine != job) {
                return Err(conflict(NamePart::Job));
            }
            merged.job = Some(job.clone());
        }
        if let Some(replica) = other.replica {
            if merged.replica.is_some_and(|mine| mine != replica) {
                return Err(conflict(NamePart::Replica));
            }
            merged.replica = Some(replica);
        }
        if let Some(task) = other.task {
            if merged.task.is_some_and(|mine| mine != task) {
                return Err(conflict(NamePart::Task));
            }
            merged.task = Some(task);
        }
        if let Some(device_type) = &other.device_type {
            if merged
                .device_type
                .as_ref()
                .is_some_and(|mine| mine != device_type)
            {
                if !allow_soft_placement {
                    return Err(conflict(NamePart::Type));
                }
                merged.device_type = None;
                merged.id = None;
                *self = merged;
                return Ok(());
            }
            merged.device_type = Some(device_type.clone());
        }
        if let Some(id) = other.id {
            if merged.id.is_some_and(|mine| mine != id) {
                if !allow_soft_placement {
                    return Err(conflict(NamePart::Id));
                }
                merged.id = None;
                *self = merged;
                return Ok(());
            }
            merged.id = Some(id);
        }
        *self = merged;
        Ok(())
    }

    /// Merges `other` into `self`, letting `other` win type and id conflicts
    /// (`MergeOverrideDevNames`); job, replica and task conflicts are still errors.
    pub fn merge_override(&mut self, other: &ParsedName) -> Result<(), MergeError> {
        let mut address_space = self.address_space();
        address_space
            .merge(&other.address_space(), false)
            .map_err(|mut error| {
                error.first = self.to_string();
                error.second = other.to_string();
                error
            })?;
        let device_type = other
            .device_type
            .clone()
            .or_else(|| self.device_type.clone());
        let id = other.id.or(self.id);
        *self = ParsedName {
            device_type,
            id,
            ..address_space
        };
        Ok(())
    }

    /// Fills the parts `self` lacks from `less_specific` (`EnsureSpecification`).
    pub fn ensure_specification(&mut self, less_specific: &ParsedName) {
        if self.job.is_none() {
            self.job.clone_from(&less_specific.job);
        }
        if self.replica.is_none() {
            self.replica = less_specific.replica;
        }
        if self.task.is_none() {
            self.task = less_specific.task;
        }
        if self.device_type.is_none() {
            self.device_type.clone_from(&less_specific.device_type);
        }
        if self.id.is_none() {
            self.id = less_specific.id;
        }
    }

    /// Only job, replica and task (`AddressSpace`): which process a device lives in.
    pub fn address_space(&self) -> ParsedName {
        ParsedName {
            job: self.job.clone(),
            replica: self.replica,
            task: self.task,
            device_type: None,
            id: None,
        }
    }

    /// The same name with type and id cleared: what soft placement retries with.
    pub fn without_type_and_id(&self) -> ParsedName {
        self.address_space()
    }

    /// The legacy full name `/job:<j>/replica:<r>/task:<t>/<lowercase type>:<id>`
    /// (`LegacyName`), which `DeviceSet` registers next to the full name.
    pub fn legacy_name(&self) -> String {
        let mut text = String::new();
        if let Some(job) = &self.job {
            text.push_str(&format!("/job:{job}"));
        }
        if let Some(replica) = self.replica {
            text.push_str(&format!("/replica:{replica}"));
        }
        if let Some(task) = self.task {
            text.push_str(&format!("/task:{task}"));
        }
        if let Some(device_type) = &self.device_type {
            let id = self.id.map_or_else(|| "*".to_string(), |id| id.to_string());
            // C++ lowers the type with `absl::AsciiStrToLower`.
            text.push_str(&format!("/{}:{id}", device_type.to_ascii_lowercase()));
        }
        text
    }
}

/// Prints like `ParsedNameToString`: only the parts present, in the order job, replica,
/// task, device; a type without id prints as `/device:<TYPE>:*`.
impl fmt::Display for ParsedName {
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
            match self.id {
                Some(id) => write!(formatter, "/device:{device_type}:{id}")?,
                None => write!(formatter, "/device:{device_type}:*")?,
            }
        }
        Ok(())
    }
}

/// Consumes `[A-Za-z][A-Za-z0-9_]*` (job names and device types, §1.1).
fn consume_identifier(rest: &mut &str) -> Option<String> {
    let bytes = rest.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let length = bytes
        .iter()
        .position(|byte| !(byte.is_ascii_alphanumeric() || *byte == b'_'))
        .unwrap_or(bytes.len());
    let (identifier, after) = rest.split_at(length);
    *rest = after;
    Some(identifier.to_string())
}

/// Consumes `*` (returns `Some(None)`) or decimal digits up to `kint32max`.
fn consume_number_or_wildcard(rest: &mut &str) -> Option<Option<u32>> {
    if let Some(after) = rest.strip_prefix('*') {
        *rest = after;
        return Some(None);
    }
    let length = rest
        .bytes()
        .position(|byte| !byte.is_ascii_digit())
        .unwrap_or(rest.len());
    if length == 0 {
        return None;
    }
    let (digits, after) = rest.split_at(length);
    let number: u64 = digits.parse().ok()?;
    if number > u64::from(NUMBER_MAX) {
        return None;
    }
    *rest = after;
    Some(Some(number as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> ParsedName {
        ParsedName::parse(text).unwrap_or_else(|| panic!("{text} should parse"))
    }

    #[test]
    fn full_names_round_trip() {
        for text in [
            "/job:localhost/replica:0/task:0/device:GPU:0",
            "/job:worker/replica:0/task:3/device:TPU:7",
            "/job:worker/replica:0/task:0/device:TPU_SYSTEM:0",
            "/job:worker",
            "/device:GPU:*",
            "",
        ] {
            assert_eq!(parse(text).to_string(), text);
        }
    }

    #[test]
    fn legacy_and_partial_forms() {
        assert_eq!(parse("/gpu:0").to_string(), "/device:GPU:0");
        assert_eq!(parse("/CPU:1").to_string(), "/device:CPU:1");
        assert_eq!(parse("/cpu:*").to_string(), "/device:CPU:*");
        assert_eq!(parse("/device:TPU:0").to_string(), "/device:TPU:0");
        assert_eq!(parse("/device:GPU").id, None);
        assert_eq!(parse("/job:*/device:CPU:0").job, None);
        assert_eq!(parse("/").to_string(), "");
        // Parts may come in any order; printing puts them back in order.
        assert_eq!(
            parse("/device:CPU:0/job:worker").to_string(),
            "/job:worker/device:CPU:0"
        );
        let legacy = parse("/job:localhost/replica:0/task:0/cpu:0");
        assert_eq!(
            legacy.to_string(),
            "/job:localhost/replica:0/task:0/device:CPU:0"
        );
        assert_eq!(
            legacy.legacy_name(),
            "/job:localhost/replica:0/task:0/cpu:0"
        );
    }

    #[test]
    fn malformed_names_fail() {
        for text in [
            "/foo:bar",
            "/TPU:0",
            "GPU:0",
            "/job:",
            "/job:1x",
            "/replica:x",
            "/gpu:",
            "/cpu:99999999999",
        ] {
            assert_eq!(ParsedName::parse(text), None, "{text}");
        }
        assert_eq!(
            ParsedName::parse_full_or_local("GPU:0").map(|it| it.to_string()),
            Some("/device:GPU:0".into())
        );
    }

    #[test]
    fn matching_treats_missing_parts_as_wildcards() {
        let device = parse("/job:localhost/replica:0/task:0/device:GPU:1");
        assert!(parse("/device:GPU:*").matches(&device));
        assert!(parse("").matches(&device));
        assert!(!parse("/device:GPU:0").matches(&device));
        assert!(!parse("/job:worker").matches(&device));
    }

    #[test]
    fn merge_error_texts() {
        let mut first = parse("/job:worker");
        let error = first.merge(&parse("/job:ps"), true).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Cannot merge devices with incompatible jobs: '/job:worker' and '/job:ps'"
        );
        let mut first = parse("/device:GPU:0");
        let error = first.merge(&parse("/device:CPU:0"), false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Cannot merge devices with incompatible types: '/device:GPU:0' and '/device:CPU:0'"
        );
        let mut first = parse("/device:GPU:0");
        let error = first.merge(&parse("/device:GPU:1"), false).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Cannot merge devices with incompatible ids: '/device:GPU:0' and '/device:GPU:1'"
        );
        let mut first = parse("/replica:0");
        assert!(first
            .merge(&parse("/replica:1"), true)
            .unwrap_err()
            .to_string()
            .contains("incompatible replicas"));
        let mut first = parse("/task:0");
        assert!(first
            .merge(&parse("/task:1"), true)
            .unwrap_err()
            .to_string()
            .contains("incompatible tasks"));
    }

    #[test]
    fn soft_merge_drops_type_and_id() {
        let mut first = parse("/job:localhost/device:GPU:0");
        first.merge(&parse("/device:CPU:0"), true).unwrap();
        assert_eq!(first.to_string(), "/job:localhost");
        let mut first = parse("/device:GPU:0");
        first.merge(&parse("/device:GPU:1"), true).unwrap();
        assert_eq!(first.to_string(), "/device:GPU:*");
        let mut first = parse("/job:worker");
        first.merge(&parse("/device:TPU:3"), false).unwrap();
        assert_eq!(first.to_string(), "/job:worker/device:TPU:3");
    }
}
