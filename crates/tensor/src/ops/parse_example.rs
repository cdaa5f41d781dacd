//! `ParseExampleV2` (`tf.io.parse_example`, `tf.io.parse_single_example`): serialized
//! `tf.train.Example` protocol buffers decoded into the features asked for, as TensorFlow's
//! `example_proto_fast_parsing` does for fixed-length (dense) and variable-length (sparse)
//! features, with its error texts.

use crate::{DType, ErrorClass, OpError, OpResult, Shape, Tensor, TensorData};

/// A dense (fixed-length) feature: its key, dtype, shape and default (empty: required).
#[derive(Clone, Debug)]
pub struct DenseFeature {
    /// The feature's name.
    pub key: String,
    /// int64, float32 or string.
    pub dtype: DType,
    /// Each example's value's shape.
    pub shape: Vec<usize>,
    /// The value for examples that lack the feature; `None` when it is required.
    pub default: Option<Tensor>,
}

/// A sparse (variable-length) feature: its key and dtype.
#[derive(Clone, Debug)]
pub struct SparseFeature {
    /// The feature's name.
    pub key: String,
    /// int64, float32 or string.
    pub dtype: DType,
}

/// One feature's values as an example holds them.
#[derive(Clone, Debug, PartialEq)]
enum Values {
    Bytes(Vec<Vec<u8>>),
    Floats(Vec<f32>),
    Ints(Vec<i64>),
}

impl Values {
    fn len(&self) -> usize {
        match self {
            Values::Bytes(v) => v.len(),
            Values::Floats(v) => v.len(),
            Values::Ints(v) => v.len(),
        }
    }

    fn type_name(&self) -> &'static str {
        match self {
            Values::Bytes(_) => "string",
            Values::Floats(_) => "float",
            Values::Ints(_) => "int64",
        }
    }
}

fn dtype_name(dtype: DType) -> &'static str {
    match dtype {
        DType::Float32 => "float",
        DType::String => "string",
        _ => "int64",
    }
}

/// The fields of one message: `(number, wire type, payload)`; varints as their value in
/// `payload`'s place via `varint`.
struct Fields<'a> {
    data: &'a [u8],
    pos: usize,
}

enum Field<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
    Fixed32([u8; 4]),
    Fixed64,
}

fn read_varint(data: &[u8], pos: &mut usize) -> Option<u64> {
    let mut result = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *data.get(*pos)?;
        *pos += 1;
        result |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(result);
        }
    }
    None
}

impl<'a> Iterator for Fields<'a> {
    type Item = Option<(u64, Field<'a>)>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.data.len() {
            return None;
        }
        Some(self.field())
    }
}

impl<'a> Fields<'a> {
    fn new(data: &'a [u8]) -> Fields<'a> {
        Fields { data, pos: 0 }
    }

    fn field(&mut self) -> Option<(u64, Field<'a>)> {
        let key = read_varint(self.data, &mut self.pos)?;
        let field = match key & 7 {
            0 => Field::Varint(read_varint(self.data, &mut self.pos)?),
            1 => {
                self.pos = self
                    .pos
                    .checked_add(8)
                    .filter(|end| *end <= self.data.len())?;
                Field::Fixed64
            }
            2 => {
                let size = usize::try_from(read_varint(self.data, &mut self.pos)?).ok()?;
                let end = self
                    .pos
                    .checked_add(size)
                    .filter(|end| *end <= self.data.len())?;
                let bytes = &self.data[self.pos..end];
                self.pos = end;
                Field::Bytes(bytes)
            }
            5 => {
                let end = self
                    .pos
                    .checked_add(4)
                    .filter(|end| *end <= self.data.len())?;
                let bytes = self.data[self.pos..end].try_into().ok()?;
                self.pos = end;
                Field::Fixed32(bytes)
            }
            _ => return None,
        };
        Some((key >> 3, field))
    }
}

/// A `Feature` message's values (`None`: not a valid message; an empty kind: no values).
fn feature_values(data: &[u8]) -> Option<Option<Values>> {
    let mut values = None;
    for field in Fields::new(data) {
        let (number, field) = field?;
        let Field::Bytes(list) = field else { continue };
        let mut parsed = match number {
            1 => Values::Bytes(Vec::new()),
            2 => Values::Floats(Vec::new()),
            3 => Values::Ints(Vec::new()),
            _ => continue,
        };
        for item in Fields::new(list) {
            let (item_number, item) = item?;
            if item_number != 1 {
                continue;
            }
            match (&mut parsed, item) {
                (Values::Bytes(out), Field::Bytes(bytes)) => out.push(bytes.to_vec()),
                (Values::Floats(out), Field::Fixed32(bytes)) => out.push(f32::from_le_bytes(bytes)),
                (Values::Floats(out), Field::Bytes(packed)) => out.extend(
                    packed
                        .chunks_exact(4)
                        .map(|chunk| f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]])),
                ),
                (Values::Ints(out), Field::Varint(value)) => out.push(value as i64),
                (Values::Ints(out), Field::Bytes(packed)) => {
                    let mut pos = 0;
                    while pos < packed.len() {
                        out.push(read_varint(packed, &mut pos)? as i64);
                    }
                }
                _ => return None,
            }
        }
        values = Some(parsed);
    }
    Some(values)
}

/// An `Example`'s features by name (`None`: the bytes are not an `Example`).
fn example_features(data: &[u8]) -> Option<Vec<(Vec<u8>, Option<Values>)>> {
    let mut features = Vec::new();
    for field in Fields::new(data) {
        let (number, field) = field?;
        let (1, Field::Bytes(features_message)) = (number, field) else {
            continue;
        };
        for entry in Fields::new(features_message) {
            let (entry_number, entry) = entry?;
            let (1, Field::Bytes(entry)) = (entry_number, entry) else {
                continue;
            };
            let (mut key, mut values) = (Vec::new(), None);
            for part in Fields::new(entry) {
                match part? {
                    (1, Field::Bytes(bytes)) => key = bytes.to_vec(),
                    (2, Field::Bytes(bytes)) => values = feature_values(bytes)?,
                    _ => {}
                }
            }
            // A later entry for the same key replaces an earlier one, as a map's does.
            features.retain(|(existing, _): &(Vec<u8>, Option<Values>)| *existing != key);
            features.push((key, values));
        }
    }
    Some(features)
}

/// What `ParseExampleV2` makes: per sparse feature its indices, values and dense shape;
/// per dense feature its values.
pub struct ParsedExamples {
    /// `(indices, values, dense_shape)` of each sparse feature, in the order asked.
    pub sparse: Vec<(Tensor, Tensor, Tensor)>,
    /// Each dense feature's `batch_shape + shape` values, in the order asked.
    pub dense: Vec<Tensor>,
}

fn values_tensor(dtype: DType, shape: Shape, values: Vec<Values>) -> OpResult<Tensor> {
    let dtype = match dtype {
        DType::String | DType::Float32 => dtype,
        _ => DType::Int64,
    };
    let mut data = TensorData::zeros(dtype, 0);
    for values in values {
        match (&mut data, values) {
            (TensorData::String(out), Values::Bytes(items)) => out.extend(items),
            (TensorData::Float32(out), Values::Floats(items)) => out.extend(items),
            (TensorData::Int64(out), Values::Ints(items)) => out.extend(items),
            _ => {}
        }
    }
    Tensor::new(dtype, shape, data)
}

/// `ParseExampleV2` over `serialized` (a string scalar or vector; a scalar parses one
/// example and gives unbatched outputs). `function` is the eager wrapper's name for errors.
pub fn parse_examples(
    serialized: &Tensor,
    sparse: &[SparseFeature],
    dense: &[DenseFeature],
    function: &str,
) -> OpResult<ParsedExamples> {
    let error = |message: String| {
        OpError::kernel_of(ErrorClass::InvalidArgument, "ParseExampleV2", None, message)
            .with_function(function.to_string())
    };
    let TensorData::String(records) = serialized.data() else {
        return Err(error("Expected serialized to be a string tensor".into()));
    };
    let single = serialized.dims().is_empty();
    if serialized.dims().len() > 1 {
        return Err(error(format!(
            "Expected serialized to be a scalar or vector, got shape: {}",
            serialized.shape().to_tf_list()
        )));
    }
    let mut examples = Vec::with_capacity(records.len());
    for record in records {
        match example_features(record) {
            Some(features) => examples.push(features),
            None => {
                return Err(error(format!(
                    "Could not parse example input, value: '{}'",
                    String::from_utf8_lossy(record)
                )))
            }
        }
    }
    let lookup = |example: &[(Vec<u8>, Option<Values>)], key: &str, dtype: DType| {
        let found = example
            .iter()
            .find(|(name, _)| name.as_slice() == key.as_bytes())
            .and_then(|(_, values)| values.clone());
        match found {
            Some(values) if values.type_name() != dtype_name(dtype) => Err(error(format!(
                "Key: {key}.  Data types don't match. Data type: {} but expected type: {}",
                values.type_name(),
                dtype_name(dtype)
            ))),
            other => Ok(other),
        }
    };
    let batch = examples.len();
    let mut sparse_out = Vec::with_capacity(sparse.len());
    for feature in sparse {
        let mut indices = Vec::new();
        let mut values = Vec::new();
        let mut longest = 0usize;
        for (row, example) in examples.iter().enumerate() {
            let Some(found) = lookup(example, &feature.key, feature.dtype)? else {
                continue;
            };
            let count = found.len();
            longest = longest.max(count);
            for column in 0..count {
                if !single {
                    indices.push(row as i64);
                }
                indices.push(column as i64);
            }
            values.push(found);
        }
        let rank = if single { 1 } else { 2 };
        let total: usize = values.iter().map(Values::len).sum();
        let shape = if single {
            vec![longest as i64]
        } else {
            vec![batch as i64, longest as i64]
        };
        sparse_out.push((
            Tensor::new(
                DType::Int64,
                Shape::new(vec![total, rank]),
                TensorData::Int64(indices),
            )?,
            values_tensor(feature.dtype, Shape::new(vec![total]), values)?,
            Tensor::new(
                DType::Int64,
                Shape::new(vec![rank]),
                TensorData::Int64(shape),
            )?,
        ));
    }
    let mut dense_out = Vec::with_capacity(dense.len());
    for feature in dense {
        let size: usize = feature.shape.iter().product();
        let mut rows = Vec::with_capacity(batch);
        for example in &examples {
            match lookup(example, &feature.key, feature.dtype)? {
                Some(found) if found.len() == size => rows.push(found),
                Some(_) => {
                    let list = match feature.dtype {
                        DType::String => "bytes_list",
                        DType::Float32 => "float_list",
                        _ => "int64_list",
                    };
                    return Err(error(format!(
                        "Key: {}.  Can't parse serialized Example: Some {list} slice was not \
                         parsed.",
                        feature.key
                    )));
                }
                None => match &feature.default {
                    Some(default) if default.num_elements() == size => {
                        rows.push(default_values(default, feature.dtype));
                    }
                    Some(default) if default.num_elements() == 1 => {
                        let one = default_values(default, feature.dtype);
                        rows.push(repeat(one, size));
                    }
                    _ => {
                        return Err(error(format!(
                            "Feature: {} (data type: {}) is required but could not be found.",
                            feature.key,
                            feature.dtype.name()
                        )))
                    }
                },
            }
        }
        let mut dims = if single { Vec::new() } else { vec![batch] };
        dims.extend(&feature.shape);
        dense_out.push(values_tensor(feature.dtype, Shape::new(dims), rows)?);
    }
    Ok(ParsedExamples {
        sparse: sparse_out,
        dense: dense_out,
    })
}

fn default_values(default: &Tensor, dtype: DType) -> Values {
    match (default.data(), dtype) {
        (TensorData::String(items), _) => Values::Bytes(items.clone()),
        (_, DType::Float32) => Values::Floats(
            default
                .to_f64_vec()
                .unwrap_or_default()
                .into_iter()
                .map(|v| v as f32)
                .collect(),
        ),
        _ => Values::Ints(default.to_i64_vec().unwrap_or_default()),
    }
}

fn repeat(values: Values, size: usize) -> Values {
    match values {
        Values::Bytes(v) => Values::Bytes(v.iter().cycle().take(size).cloned().collect()),
        Values::Floats(v) => Values::Floats(v.iter().cycle().take(size).copied().collect()),
        Values::Ints(v) => Values::Ints(v.iter().cycle().take(size).copied().collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Example{features{feature{key:"a" value{int64_list{value:[1,2]}}}}}` as protobuf
    /// encodes it.
    const EXAMPLE: &[u8] = b"\n\x0d\n\x0b\n\x01a\x12\x06\x1a\x04\n\x02\x01\x02";

    #[test]
    fn dense_int64_features_parse() {
        let serialized = Tensor::from_strings(Shape::new(vec![2]), vec![EXAMPLE.to_vec(); 2]);
        let dense = [DenseFeature {
            key: "a".into(),
            dtype: DType::Int64,
            shape: vec![2],
            default: None,
        }];
        let parsed = parse_examples(&serialized.unwrap(), &[], &dense, "ParseExampleV2").unwrap();
        assert_eq!(parsed.dense[0].dims(), &[2, 2]);
        assert_eq!(parsed.dense[0].to_i64_vec().unwrap(), vec![1, 2, 1, 2]);
    }

    #[test]
    fn missing_required_feature_is_an_error() {
        let serialized = Tensor::from_strings(Shape::scalar(), vec![EXAMPLE.to_vec()]).unwrap();
        let dense = [DenseFeature {
            key: "b".into(),
            dtype: DType::Int64,
            shape: vec![],
            default: None,
        }];
        let error = parse_examples(&serialized, &[], &dense, "ParseExampleV2")
            .err()
            .unwrap();
        assert!(error.message.contains("is required but could not be found"));
    }

    #[test]
    fn garbage_is_not_an_example() {
        let serialized = Tensor::from_strings(Shape::scalar(), vec![vec![0xff; 3]]).unwrap();
        assert!(parse_examples(&serialized, &[], &[], "ParseExampleV2").is_err());
    }
}
