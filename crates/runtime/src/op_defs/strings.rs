//! The string ops `tf.strings` runs (`StringLower`, `StaticRegexReplace`, `StringSplitV2`,
//! `StringToHashBucketFast`, ...), eagerly and in graphs (a `Dataset.map` that standardises
//! and splits text). TensorFlow registers them for the CPU only, so on an accelerator
//! machine they stay on the host, and XLA rejects them on a TPU.

use super::{Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use placer::kernels::Kernels;
use tensor::ops::strings::{self as kernels, StringMap};
use tensor::{DType, ErrorClass, OpError, Tensor, TensorShape};

const fn string_op(name: &'static str) -> OpDef {
    OpDef::compute(name).kernels(Kernels::CPU)
}

pub(super) const OPS: &[OpDef] = &[
    string_op("StringLower"),
    string_op("StringUpper"),
    string_op("StringStrip"),
    string_op("StaticRegexReplace"),
    string_op("RegexReplace"),
    string_op("StaticRegexFullMatch"),
    string_op("RegexFullMatch"),
    string_op("StringLength"),
    string_op("StringToHashBucketFast"),
    string_op("StringToHashBucketStrong"),
    string_op("StringSplitV2"),
    string_op("ReduceJoin"),
];

/// What a string op computes, with its attributes.
#[derive(Clone, Debug, PartialEq)]
pub enum StringAction {
    /// `StringLower`, `StringUpper` or `StringStrip`.
    Map(StringMap),
    /// `StaticRegexReplace`: `pattern` and `rewrite` are attributes.
    StaticReplace {
        /// The RE2 pattern.
        pattern: String,
        /// The rewrite (`\1` a group).
        rewrite: Vec<u8>,
        /// Every match, or the first.
        global: bool,
    },
    /// `RegexReplace(input, pattern, rewrite)`.
    Replace {
        /// Every match, or the first.
        global: bool,
    },
    /// `StaticRegexFullMatch` with its pattern.
    StaticFullMatch(String),
    /// `RegexFullMatch(input, pattern)`.
    FullMatch,
    /// `StringLength`: UTF-8 characters when true, else bytes.
    Length(bool),
    /// `StringToHashBucketFast` with `num_buckets`.
    HashBucketFast(i64),
    /// `StringToHashBucketStrong` with `num_buckets` and its 128-bit `key`.
    HashBucketStrong(i64, Vec<u64>),
    /// `StringSplitV2(input, sep)` with `maxsplit`.
    SplitV2(i64),
    /// `ReduceJoin(inputs, reduction_indices)` with `keep_dims` and `separator`.
    ReduceJoin {
        /// Reduced axes stay as 1s.
        keep_dims: bool,
        /// Put between joined strings.
        separator: Vec<u8>,
    },
}

/// One string op.
#[derive(Clone, Debug, PartialEq)]
pub struct StringOp(pub StringAction);

impl StringOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(action: StringAction) -> OpKind {
        OpKind::new(StringOp(action))
    }

    fn name(&self) -> &'static str {
        match &self.0 {
            StringAction::Map(StringMap::LowerAscii) => "StringLower",
            StringAction::Map(StringMap::UpperAscii) => "StringUpper",
            StringAction::Map(StringMap::Strip) => "StringStrip",
            StringAction::StaticReplace { .. } => "StaticRegexReplace",
            StringAction::Replace { .. } => "RegexReplace",
            StringAction::StaticFullMatch(_) => "StaticRegexFullMatch",
            StringAction::FullMatch => "RegexFullMatch",
            StringAction::Length(_) => "StringLength",
            StringAction::HashBucketFast(_) => "StringToHashBucketFast",
            StringAction::HashBucketStrong(..) => "StringToHashBucketStrong",
            StringAction::SplitV2(_) => "StringSplitV2",
            StringAction::ReduceJoin { .. } => "ReduceJoin",
        }
    }

    fn output_dtype(&self) -> DType {
        match self.0 {
            StringAction::StaticFullMatch(_) | StringAction::FullMatch => DType::Bool,
            StringAction::Length(_) => DType::Int32,
            StringAction::HashBucketFast(_) | StringAction::HashBucketStrong(..) => DType::Int64,
            _ => DType::String,
        }
    }

    /// A kernel error as TensorFlow's eager ops report it (`[Op:StringSplitV2] name: `).
    fn kernel_error(&self, error: OpError) -> OpError {
        if error.op_type.is_some() {
            return error;
        }
        OpError::kernel_of(error.class, self.name(), Some(""), error.message)
    }
}

/// A scalar string input's text (a pattern or rewrite given as a tensor).
fn scalar_text(tensor: &Tensor, what: &str) -> Result<Vec<u8>, OpError> {
    let items = kernels::string_items(tensor, what)?;
    match (tensor.rank(), items) {
        (0, [item]) => Ok(item.clone()),
        _ => Err(OpError::python(
            ErrorClass::InvalidArgument,
            format!("{what} must be scalar, but has shape {}", tensor.shape()),
        )),
    }
}

/// `ReduceJoin`'s static shape: the input's without (or with 1s for) the constant axes;
/// unknown when the axes are not constant.
fn reduced_shape(input: &InputFact<'_>, axes: Option<&InputFact<'_>>, keep: bool) -> TensorShape {
    let (Some(dims), Some(axes)) = (
        input.shape.dims(),
        axes.and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec),
    ) else {
        return TensorShape::unknown();
    };
    let rank = dims.len() as i64;
    let reduced: Vec<usize> = axes
        .iter()
        .map(|&axis| if axis < 0 { axis + rank } else { axis } as usize)
        .collect();
    TensorShape::new(
        dims.iter()
            .enumerate()
            .filter_map(|(d, dim)| match (reduced.contains(&d), keep) {
                (false, _) => Some(*dim),
                (true, true) => Some(Some(1)),
                (true, false) => None,
            })
            .collect(),
    )
}

fn pattern_text(bytes: Vec<u8>) -> String {
    String::from_utf8_lossy(&bytes).into_owned()
}

impl Op for StringOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.name())
    }

    fn output_count(&self) -> usize {
        match self.0 {
            StringAction::SplitV2(_) => 3,
            _ => 1,
        }
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let input = inputs
            .first()
            .ok_or_else(|| TfError::internal(format!("{} takes an input", self.name())))?;
        let dense = |dtype: DType, dims: Vec<Option<usize>>| OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: TensorShape::new(dims),
        };
        if let StringAction::SplitV2(_) = self.0 {
            return Ok(vec![
                dense(DType::Int64, vec![None, Some(2)]),
                dense(DType::String, vec![None]),
                dense(DType::Int64, vec![Some(2)]),
            ]);
        }
        if let StringAction::ReduceJoin { keep_dims, .. } = self.0 {
            return Ok(vec![OutputFact {
                value_type: ValueType::Dense(DType::String),
                shape: reduced_shape(input, inputs.get(1), keep_dims),
            }]);
        }
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(self.output_dtype()),
            shape: input.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let name = self.name();
        let input = inputs.first().ok_or_else(|| {
            OpError::python(ErrorClass::Internal, format!("{name} takes an input"))
        })?;
        let result = match (&self.0, inputs.get(1..).unwrap_or_default()) {
            (StringAction::Map(map), _) => kernels::map_strings(input, *map, name),
            (
                StringAction::StaticReplace {
                    pattern,
                    rewrite,
                    global,
                },
                _,
            ) => kernels::compile(pattern)
                .and_then(|regex| kernels::regex_replace(input, &regex, rewrite, *global, name)),
            (StringAction::Replace { global }, [pattern, rewrite]) => {
                scalar_text(pattern, "pattern").and_then(|pattern| {
                    let rewrite = scalar_text(rewrite, "rewrite")?;
                    let regex = kernels::compile(&pattern_text(pattern))?;
                    kernels::regex_replace(input, &regex, &rewrite, *global, name)
                })
            }
            (StringAction::StaticFullMatch(pattern), _) => {
                kernels::regex_full_match(input, pattern, name)
            }
            (StringAction::FullMatch, [pattern]) => scalar_text(pattern, "pattern")
                .and_then(|pattern| kernels::regex_full_match(input, &pattern_text(pattern), name)),
            (StringAction::Length(utf8), _) => kernels::string_length(input, *utf8),
            (StringAction::HashBucketFast(buckets), _) => {
                kernels::to_hash_bucket_fast(input, *buckets)
            }
            (StringAction::HashBucketStrong(buckets, key), _) => {
                kernels::to_hash_bucket_strong(input, *buckets, key)
            }
            (
                StringAction::ReduceJoin {
                    keep_dims,
                    separator,
                },
                [axes],
            ) => {
                let axes = axes.to_i64_vec().unwrap_or_default();
                kernels::reduce_join(input, &axes, *keep_dims, separator)
            }
            (StringAction::SplitV2(maxsplit), [sep]) => {
                return kernels::split_v2(input, sep, *maxsplit)
                    .map(Vec::from)
                    .map_err(|error| self.kernel_error(error));
            }
            _ => Err(OpError::python(
                ErrorClass::Internal,
                format!("{name} got {} inputs", inputs.len()),
            )),
        };
        result
            .map(|tensor| vec![tensor])
            .map_err(|error| self.kernel_error(error))
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
