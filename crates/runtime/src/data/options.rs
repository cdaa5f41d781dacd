//! `tf.data.Options` (the part the playground models) and
//! `tf.data.experimental.AutoShardPolicy` with TensorFlow's enum values
//! (tf-semantics.md §6.1).

/// `tf.data.experimental.AutoShardPolicy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoShardPolicy {
    /// No sharding.
    Off,
    /// FILE, falling back to DATA (the default).
    Auto,
    /// Shard by input files.
    File,
    /// Every worker keeps every n-th element.
    Data,
    /// Replace `SHARD_HINT` placeholders.
    Hint,
}

impl AutoShardPolicy {
    /// All policies, in value order.
    pub const ALL: [AutoShardPolicy; 5] = [
        AutoShardPolicy::Off,
        AutoShardPolicy::Auto,
        AutoShardPolicy::File,
        AutoShardPolicy::Data,
        AutoShardPolicy::Hint,
    ];

    /// The enum member's name (`DATA`).
    pub fn name(self) -> &'static str {
        match self {
            AutoShardPolicy::Off => "OFF",
            AutoShardPolicy::Auto => "AUTO",
            AutoShardPolicy::File => "FILE",
            AutoShardPolicy::Data => "DATA",
            AutoShardPolicy::Hint => "HINT",
        }
    }

    /// The enum member's value (`OFF` is -1).
    pub fn value(self) -> i64 {
        match self {
            AutoShardPolicy::Off => -1,
            AutoShardPolicy::Auto => 0,
            AutoShardPolicy::File => 1,
            AutoShardPolicy::Data => 2,
            AutoShardPolicy::Hint => 3,
        }
    }

    /// The policy with `value`.
    pub fn from_value(value: i64) -> Option<AutoShardPolicy> {
        AutoShardPolicy::ALL
            .into_iter()
            .find(|p| p.value() == value)
    }
}

/// The options a dataset carries; `None` fields were not set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataOptions {
    /// `experimental_distribute.auto_shard_policy`.
    pub auto_shard_policy: Option<AutoShardPolicy>,
    /// `deterministic`.
    pub deterministic: Option<bool>,
}

impl DataOptions {
    /// Takes every field `other` sets and `self` does not.
    pub fn fill_unset_from(&mut self, other: &DataOptions) {
        if self.auto_shard_policy.is_none() {
            self.auto_shard_policy = other.auto_shard_policy;
        }
        if self.deterministic.is_none() {
            self.deterministic = other.deterministic;
        }
    }

    /// The auto-shard policy in effect (AUTO unless set).
    pub fn effective_auto_shard_policy(&self) -> AutoShardPolicy {
        self.auto_shard_policy.unwrap_or(AutoShardPolicy::Auto)
    }
}
