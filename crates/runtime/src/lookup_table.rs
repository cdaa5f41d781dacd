//! A lookup table's state (`tf.lookup.StaticHashTable`, `MutableHashTable`): keys mapped to
//! scalar values, kept in a [`crate::op::ResourceStore`] behind a resource handle as
//! TensorFlow keeps its `HashTable` resources. The lookup ops (`op_defs::lookup`) read and
//! write it.

use std::collections::HashMap;

use tensor::{DType, ErrorClass, OpError, Shape, Tensor, TensorData};

/// One key: a string's bytes or an integer (the key dtypes TensorFlow's tables take).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Bytes(Vec<u8>),
    Int(i64),
}

/// A table's keys in insertion order, each with its value.
#[derive(Clone, Debug)]
pub struct LookupTable {
    key_dtype: DType,
    value_dtype: DType,
    /// Static tables are initialised once; mutable ones take inserts and removals.
    mutable: bool,
    initialized: bool,
    keys: Vec<Key>,
    /// The keys' values, in the keys' order.
    values: TensorData,
    index: HashMap<Key, usize>,
}

fn keys_of(tensor: &Tensor) -> Result<Vec<Key>, OpError> {
    match tensor.data() {
        TensorData::String(items) => Ok(items.iter().cloned().map(Key::Bytes).collect()),
        TensorData::Int32(items) => Ok(items.iter().map(|&v| Key::Int(v.into())).collect()),
        TensorData::Int64(items) => Ok(items.iter().map(|&v| Key::Int(v)).collect()),
        _ => Err(invalid(format!(
            "a lookup table's keys cannot be {}",
            tensor.dtype().name()
        ))),
    }
}

fn key_text(key: &Key) -> String {
    match key {
        Key::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        Key::Int(value) => value.to_string(),
    }
}

/// The value at `index` of `values`, as TensorFlow's error texts print it.
fn value_text(values: &TensorData, index: usize) -> String {
    let one = values.take(&[index]);
    match one {
        TensorData::String(items) => String::from_utf8_lossy(&items[0]).into_owned(),
        TensorData::Float32(items) => items[0].to_string(),
        TensorData::Float64(items) => items[0].to_string(),
        TensorData::Int8(items) => items[0].to_string(),
        TensorData::Int16(items) => items[0].to_string(),
        TensorData::Int32(items) => items[0].to_string(),
        TensorData::Int64(items) => items[0].to_string(),
        TensorData::UInt8(items) => items[0].to_string(),
        TensorData::UInt16(items) => items[0].to_string(),
        TensorData::UInt32(items) => items[0].to_string(),
        TensorData::UInt64(items) => items[0].to_string(),
        TensorData::Complex64(items) => format!("({},{})", items[0].re, items[0].im),
        TensorData::Complex128(items) => format!("({},{})", items[0].re, items[0].im),
        TensorData::Bool(items) => items[0].to_string(),
    }
}

fn invalid(message: String) -> OpError {
    OpError::python(ErrorClass::InvalidArgument, message)
}

fn failed(message: impl Into<String>) -> OpError {
    OpError::python(ErrorClass::FailedPrecondition, message)
}

fn internal(message: &str) -> OpError {
    OpError::python(ErrorClass::Internal, message)
}

impl LookupTable {
    /// An empty table of these dtypes.
    pub fn new(key_dtype: DType, value_dtype: DType, mutable: bool) -> LookupTable {
        LookupTable {
            key_dtype,
            value_dtype,
            mutable,
            initialized: false,
            keys: Vec::new(),
            values: TensorData::zeros(value_dtype, 0),
            index: HashMap::new(),
        }
    }

    /// The key dtype.
    pub fn key_dtype(&self) -> DType {
        self.key_dtype
    }

    /// The value dtype.
    pub fn value_dtype(&self) -> DType {
        self.value_dtype
    }

    /// How many keys it holds.
    pub fn size(&self) -> usize {
        self.keys.len()
    }

    fn check_dtypes(&self, keys: &Tensor, values: Option<&Tensor>) -> Result<(), OpError> {
        if keys.dtype() != self.key_dtype {
            return Err(invalid(format!(
                "Expected key type {} but got {}.",
                self.key_dtype.name(),
                keys.dtype().name()
            )));
        }
        if let Some(values) = values {
            if values.dtype() != self.value_dtype {
                return Err(invalid(format!(
                    "Expected value type {} but got {}.",
                    self.value_dtype.name(),
                    values.dtype().name()
                )));
            }
            if values.shape() != keys.shape() {
                return Err(invalid(format!(
                    "Expected shape {} for value, got {}",
                    keys.shape(),
                    values.shape()
                )));
            }
        }
        Ok(())
    }

    /// `LookupTableImportV2`: a static table's keys and values, once (equal duplicates are
    /// allowed, as in TensorFlow's `HashTable`); a mutable table's replace its contents.
    pub fn import(&mut self, keys: &Tensor, values: &Tensor) -> Result<(), OpError> {
        self.check_dtypes(keys, Some(values))?;
        if self.mutable {
            self.keys.clear();
            self.index.clear();
            self.values = TensorData::zeros(self.value_dtype, 0);
            return self.insert(keys, values);
        }
        if self.initialized {
            return Err(failed("Table already initialized."));
        }
        let mut picks = Vec::new();
        for (position, key) in keys_of(keys)?.into_iter().enumerate() {
            if let Some(&existing) = self.index.get(&key) {
                let (old, new) = (
                    value_text(values.data(), picks[existing]),
                    value_text(values.data(), position),
                );
                if old != new {
                    return Err(failed(format!(
                        "HashTable has different value for same key. Key {} has {old} and \
                             trying to add value {new}",
                        key_text(&key)
                    )));
                }
                continue;
            }
            self.index.insert(key.clone(), self.keys.len());
            self.keys.push(key);
            picks.push(position);
        }
        self.values = values.data().take(&picks);
        self.initialized = true;
        Ok(())
    }

    /// `LookupTableInsertV2`: each key's value set, new keys appended.
    pub fn insert(&mut self, keys: &Tensor, values: &Tensor) -> Result<(), OpError> {
        self.check_dtypes(keys, Some(values))?;
        // Picks from (0: the current values, 1: the inserted ones).
        let mut picks: Vec<(usize, usize)> = (0..self.keys.len()).map(|i| (0, i)).collect();
        for (position, key) in keys_of(keys)?.into_iter().enumerate() {
            match self.index.get(&key) {
                Some(&slot) => picks[slot] = (1, position),
                None => {
                    self.index.insert(key.clone(), self.keys.len());
                    self.keys.push(key);
                    picks.push((1, position));
                }
            }
        }
        self.values = TensorData::gather_parts(&[&self.values, values.data()], &picks)
            .ok_or_else(|| internal("a table's values changed type"))?;
        self.initialized = true;
        Ok(())
    }

    /// `LookupTableRemoveV2`: the keys removed (absent ones are ignored).
    pub fn remove(&mut self, keys: &Tensor) -> Result<(), OpError> {
        self.check_dtypes(keys, None)?;
        let removed: std::collections::HashSet<Key> = keys_of(keys)?.into_iter().collect();
        let kept: Vec<usize> = (0..self.keys.len())
            .filter(|&i| !removed.contains(&self.keys[i]))
            .collect();
        self.values = self.values.take(&kept);
        self.keys = kept.iter().map(|&i| self.keys[i].clone()).collect();
        self.index = self
            .keys
            .iter()
            .enumerate()
            .map(|(i, key)| (key.clone(), i))
            .collect();
        Ok(())
    }

    /// `LookupTableFindV2`: each key's value, `default` (a scalar) for absent keys, in the
    /// keys' shape.
    pub fn find(&self, keys: &Tensor, default: &Tensor) -> Result<Tensor, OpError> {
        self.check_dtypes(keys, None)?;
        if default.dtype() != self.value_dtype {
            return Err(invalid(format!(
                "Expected value type {} but got {}.",
                self.value_dtype.name(),
                default.dtype().name()
            )));
        }
        if default.num_elements() != 1 {
            return Err(invalid(format!(
                "Expected shape [] or [1] for default value, got {}",
                default.shape()
            )));
        }
        let picks = keys_of(keys)?
            .into_iter()
            .map(|key| match self.index.get(&key) {
                Some(&slot) => (0, slot),
                None => (1, 0),
            });
        let data = TensorData::gather_parts_from(&[&self.values, default.data()], picks)
            .ok_or_else(|| internal("a table's default has another type"))?;
        Tensor::new(self.value_dtype, keys.shape().clone(), data)
    }

    /// `LookupTableExportV2`: every key and its value, in insertion order.
    pub fn export(&self) -> Result<(Tensor, Tensor), OpError> {
        let shape = Shape::new(vec![self.keys.len()]);
        let keys = match self.key_dtype {
            DType::String => TensorData::String(
                self.keys
                    .iter()
                    .map(|key| match key {
                        Key::Bytes(bytes) => bytes.clone(),
                        Key::Int(value) => value.to_string().into_bytes(),
                    })
                    .collect(),
            ),
            dtype => {
                let ints = self.keys.iter().map(|key| match key {
                    Key::Int(value) => *value,
                    Key::Bytes(_) => 0,
                });
                match dtype {
                    DType::Int32 => TensorData::Int32(ints.map(|v| v as i32).collect()),
                    _ => TensorData::Int64(ints.collect()),
                }
            }
        };
        Ok((
            Tensor::new(self.key_dtype, shape.clone(), keys)?,
            Tensor::new(self.value_dtype, shape, self.values.clone())?,
        ))
    }
}
