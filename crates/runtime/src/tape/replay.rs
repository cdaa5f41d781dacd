//! Higher-order gradients of eager tapes: `tape.gradient` while another tape records.
//!
//! TensorFlow computes an eager gradient with ops, so a tape that records while an inner
//! tape's gradient is taken records those ops too, and can differentiate the gradient
//! (`t2.gradient(t1.gradient(y, x), x)`). The eager walk ([`Context::tape_gradient_step`])
//! computes with kernels that no tape sees, so here the inner tape's ops on the path to
//! its targets are replayed into a function graph, the symbolic walk builds their gradient
//! ops there (TensorFlow's registered gradients), and the function is called eagerly. The
//! call is taped op by op with its arguments named by the tensors they stand for, so the
//! outer tape chains the gradient back to what it watched.

use std::collections::{HashMap, HashSet};

use super::symbolic::{GradientScopes, GraphSegment};
use super::{TapeEntry, TapeId};
use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{TfError, TfResult};
use crate::function::ArgSpec;
use crate::graph::GraphTensor;
use crate::op::Value;
use tensor::{Tensor, TensorShape};

/// A tensor the replayed ops read but do not produce: an argument of the function when an
/// outer tape watches it, else a constant of the graph.
struct Leaf {
    name: String,
    tensor: Tensor,
    argument: bool,
}

impl Context {
    /// `tape.gradient(targets, sources)` as ops an outer recording tape sees, or `None`
    /// when no other tape records, or the path holds what a replay cannot rebuild (a
    /// `tf.custom_gradient` call, a value not computed, an op taking a handle other than a
    /// variable read): the kernel walk then computes the gradient. `targets` pairs each
    /// target's name with its seed; `sources` are tensor or variable-handle names. Each
    /// result is the source's gradient as an eager tensor the outer tape knows.
    pub fn tape_gradient_replayed(
        &mut self,
        id: TapeId,
        targets: &[(String, Value)],
        sources: &[String],
    ) -> TfResult<Option<Vec<Option<EagerTensor>>>> {
        let outer_watched: HashSet<String> = self
            .tapes
            .tapes
            .iter()
            .filter(|tape| tape.recording && tape.id != id.0)
            .flat_map(|tape| tape.watched.iter().cloned())
            .collect();
        if outer_watched.is_empty() {
            return Ok(None);
        }
        // Read without marking the tape used: a path the replay cannot take falls back to
        // the kernel walk, which asks for the tape itself.
        let Some(tape) = self.tape_mut(id) else {
            return self.tape_for_gradient(id).map(|_| None);
        };
        let (entries, watched, persistent) =
            (tape.entries.clone(), tape.watched.clone(), tape.persistent);
        let Some(path) = path_to(&entries, targets) else {
            return Ok(None);
        };
        self.tape_for_gradient(id)?;
        let leaves = leaves_of(&entries, &path, &outer_watched);
        let specs: Vec<ArgSpec> = leaves
            .iter()
            .filter(|leaf| leaf.argument)
            .map(|leaf| ArgSpec {
                name: "input".to_string(),
                dtype: leaf.tensor.dtype(),
                shape: TensorShape::from(leaf.tensor.shape()),
            })
            .collect();
        let parameters = self.begin_trace("gradient_tape", &specs, false)?;
        let built = self.build_replayed_gradient(
            &entries, &path, &leaves, parameters, targets, sources, &watched,
        );
        let outputs = match built {
            Ok(Some(outputs)) => outputs,
            Ok(None) => {
                self.abort_trace();
                return Ok(None);
            }
            Err(error) => {
                self.abort_trace();
                return Err(error);
            }
        };
        let present: Vec<Handle> = outputs.iter().flatten().cloned().collect();
        let function = self.end_trace(&present)?;
        let caller = self.caller_device()?;
        let device_name = self.devices()?.device(caller).name.clone();
        let arguments: Vec<EagerTensor> = leaves
            .iter()
            .filter(|leaf| leaf.argument)
            .map(|leaf| EagerTensor {
                value: Value::Dense(leaf.tensor.clone()),
                device: caller,
                device_name: device_name.clone(),
                producer: None,
                tensor_name: leaf.name.clone(),
            })
            .collect();
        let mut results = self.call_function(function, &arguments)?.into_iter();
        if !persistent {
            if let Some(tape) = self.tape_mut(id) {
                tape.entries.clear();
            }
        }
        Ok(Some(
            outputs
                .iter()
                .map(|output| output.as_ref().and_then(|_| results.next()))
                .collect(),
        ))
    }

    /// The body of the replayed gradient function: the path's ops on the leaves, then
    /// their gradient ops; the gradient of each source (`None` where none flows), or
    /// `None` when an op on the path cannot be replayed.
    #[allow(clippy::too_many_arguments)] // One call site: the replay's inputs as they are.
    fn build_replayed_gradient(
        &mut self,
        entries: &[TapeEntry],
        path: &[usize],
        leaves: &[Leaf],
        parameters: Vec<Handle>,
        targets: &[(String, Value)],
        sources: &[String],
        watched: &HashSet<String>,
    ) -> TfResult<Option<Vec<Option<Handle>>>> {
        let mut tensors: HashMap<String, Handle> = HashMap::new();
        let mut parameters = parameters.into_iter();
        for leaf in leaves {
            let handle = if leaf.argument {
                parameters
                    .next()
                    .ok_or_else(|| TfError::internal("a replay argument is missing"))?
            } else {
                self.constant(leaf.tensor.clone(), None)?
            };
            tensors.insert(leaf.name.clone(), handle);
        }
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::internal("a replay outside its function graph"))?;
        let start = self.graph(graph)?.operations().len();
        for &index in path {
            let entry = &entries[index];
            if is_variable_read(entry) {
                continue;
            }
            let mut inputs = Vec::with_capacity(entry.inputs.len());
            for (name, _) in &entry.inputs {
                let Some(handle) = tensors.get(name) else {
                    return Ok(None);
                };
                inputs.push((Operand::Handle(handle.clone()), "input", false));
            }
            let op_type = entry.op.op().def().name;
            let outputs = self.array_op_outputs(entry.op.clone(), op_type, None, inputs)?;
            if outputs.len() != entry.outputs.len() {
                return Ok(None);
            }
            for ((name, _), handle) in entry.outputs.iter().zip(outputs) {
                tensors.insert(name.clone(), handle);
            }
        }
        // Each target weighted by its seed: `sum(target * seed)` has the seeded gradient.
        let mut target_tensors = Vec::with_capacity(targets.len());
        for (name, seed) in targets {
            let Some(target) = tensors.get(name).cloned() else {
                return Ok(None);
            };
            let ones = seed
                .tensor()
                .and_then(Tensor::to_f64_vec)
                .is_some_and(|values| values.iter().all(|value| *value == 1.0));
            let weighted = match (ones, seed.tensor()) {
                (true, _) => target,
                (false, Some(seed)) => {
                    let seed = self.constant(seed.clone(), None)?;
                    self.binary(tensor::ops::BinaryOp::Mul, target.into(), seed.into(), None)?
                }
                (false, None) => return Ok(None),
            };
            match weighted {
                Handle::Symbolic(tensor) => target_tensors.push(tensor),
                Handle::Eager(_) => return Ok(None),
            }
        }
        let end = self.graph(graph)?.operations().len();
        // A variable's gradient sums those of its reads on the path.
        let mut keys: Vec<Option<GraphTensor>> = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::with_capacity(sources.len());
        let mut graph_watched = HashSet::new();
        for source in sources {
            let mut group = Vec::new();
            let reads: Vec<&str> = path
                .iter()
                .map(|&index| &entries[index])
                .filter(|entry| is_variable_read(entry))
                .filter(|entry| {
                    entry
                        .inputs
                        .first()
                        .is_some_and(|(handle, _)| handle == source)
                })
                .filter_map(|entry| entry.outputs.first().map(|(name, _)| name.as_str()))
                .collect();
            let names: Vec<&str> = if reads.is_empty() {
                vec![source.as_str()]
            } else {
                reads
            };
            for name in names {
                if let Some(Handle::Symbolic(tensor)) = tensors.get(name) {
                    if watched.contains(source) || watched.contains(name) {
                        graph_watched.insert(*tensor);
                    }
                    group.push(keys.len());
                    keys.push(Some(*tensor));
                }
            }
            groups.push(group);
        }
        let segment = GraphSegment {
            graph,
            start,
            end: Some(end),
        };
        let walk = self.graph_gradient_begin(
            graph,
            &[segment],
            &target_tensors,
            &keys,
            &graph_watched,
            GradientScopes::Tape,
        )?;
        let grads = self.graph_gradient_run(walk)?;
        let mut results = Vec::with_capacity(groups.len());
        for group in groups {
            let mut sum: Option<Handle> = None;
            for grad in group
                .iter()
                .filter_map(|&index| grads.get(index).copied().flatten())
            {
                let grad = Handle::Symbolic(grad);
                sum = Some(match sum {
                    None => grad,
                    Some(sum) => {
                        self.binary(tensor::ops::BinaryOp::Add, sum.into(), grad.into(), None)?
                    }
                });
            }
            results.push(sum);
        }
        Ok(Some(results))
    }
}

/// A `ReadVariableOp` entry: its output is a leaf standing for the variable.
fn is_variable_read(entry: &TapeEntry) -> bool {
    entry
        .op
        .downcast::<crate::op_defs::ReadVariableOp>()
        .is_some()
}

/// The indices of the entries on the path to the targets, in recording order; `None`
/// when one of them cannot be replayed.
fn path_to(entries: &[TapeEntry], targets: &[(String, Value)]) -> Option<Vec<usize>> {
    let mut needed: HashSet<&str> = targets.iter().map(|(name, _)| name.as_str()).collect();
    let mut path = Vec::new();
    for (index, entry) in entries.iter().enumerate().rev() {
        if !entry
            .outputs
            .iter()
            .any(|(name, _)| needed.contains(name.as_str()))
        {
            continue;
        }
        let read = is_variable_read(entry);
        let values_known = entry.outputs.iter().all(|(_, value)| value.is_some())
            && (read || entry.inputs.iter().all(|(_, value)| value.is_some()));
        if entry.custom.is_some() || entry.uncomputed.is_some() || !values_known {
            return None;
        }
        path.push(index);
        if !read {
            needed.extend(entry.inputs.iter().map(|(name, _)| name.as_str()));
        }
    }
    path.reverse();
    Some(path)
}

/// The tensors the path reads but does not produce, in first-use order: the variable
/// reads' outputs, and the inputs from outside the path.
fn leaves_of(entries: &[TapeEntry], path: &[usize], outer_watched: &HashSet<String>) -> Vec<Leaf> {
    let mut produced: HashSet<&str> = HashSet::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut leaves = Vec::new();
    let mut add = |name: &str, tensor: &Tensor, leaves: &mut Vec<Leaf>| {
        if seen.insert(name.to_string()) {
            leaves.push(Leaf {
                name: name.to_string(),
                tensor: tensor.clone(),
                argument: outer_watched.contains(name) && tensor.dtype().is_floating(),
            });
        }
    };
    for &index in path {
        let entry = &entries[index];
        if is_variable_read(entry) {
            for (name, value) in &entry.outputs {
                if let Some(tensor) = value {
                    add(name, tensor, &mut leaves);
                }
            }
            continue;
        }
        for (name, value) in &entry.inputs {
            if let (false, Some(tensor)) = (produced.contains(name.as_str()), value) {
                add(name, tensor, &mut leaves);
            }
        }
        produced.extend(entry.outputs.iter().map(|(name, _)| name.as_str()));
    }
    leaves
}
