//! The page's state and the only place it changes: a [`Reducible`] with an [`Action`] per
//! event, in the shape of Yew's `function_todomvc` example. Components read it and send
//! actions; they own no state of their own.

use engine::RunReport;
use std::rc::Rc;
use yew::Reducible;

/// The program the page opens with: a TPU request on a machine that has none, which eager
/// soft placement quietly moves to the CPU. Run it, then ask why the op is not on the TPU.
pub const DEFAULT_PROGRAM: &str = r#"import tensorflow as tf

# Ask for a TPU core. Eager TensorFlow places softly:
# on a machine without one, the op runs elsewhere.
with tf.device("/TPU:0"):
    a = tf.constant([1.0, 2.0])
    b = tf.constant([3.0, 4.0])
    c = a + b

print(c)
print("ran on", c.device)
"#;

/// Where the current run stands.
#[derive(Debug, Clone, PartialEq)]
pub enum RunStatus {
    Idle,
    /// A run with this id is in the worker.
    Running(u32),
    Finished(Box<RunReport>),
    /// The run could not happen or was stopped; the message says which.
    Failed(String),
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub source: String,
    pub topology: String,
    pub status: RunStatus,
    /// Id of the most recent run request; answers to older ones are dropped.
    pub last_run_id: u32,
}

impl Default for State {
    fn default() -> Self {
        State {
            source: DEFAULT_PROGRAM.to_string(),
            topology: "cpu".to_string(),
            status: RunStatus::Idle,
            last_run_id: 0,
        }
    }
}

/// Everything that can happen to the page's state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Edit(String),
    PickTopology(String),
    /// Run the current program. Being an action, it is ordered after any edit before it, so
    /// the run always sees the text the user last typed.
    Run,
    /// The worker answered run `id` (boxed: a report is large next to the other actions).
    Finished {
        id: u32,
        outcome: Box<Result<RunReport, String>>,
    },
    Stopped,
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Edit(source) => next.source = source,
            Action::PickTopology(topology) => next.topology = topology,
            Action::Run => {
                next.last_run_id = self.last_run_id.wrapping_add(1);
                next.status = RunStatus::Running(next.last_run_id);
            }
            Action::Finished { id, outcome } => {
                if id != self.last_run_id {
                    return self;
                }
                next.status = match *outcome {
                    Ok(report) => RunStatus::Finished(Box::new(report)),
                    Err(message) => RunStatus::Failed(message),
                };
            }
            Action::Stopped => {
                if matches!(self.status, RunStatus::Running(_)) {
                    next.status = RunStatus::Failed("Stopped: the run was ended.".to_string());
                }
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: State, action: Action) -> State {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn a_run_sees_the_edit_dispatched_just_before_it() {
        let state = reduce(State::default(), Action::Edit("print(2)".into()));
        let state = reduce(state, Action::Run);
        assert_eq!(state.source, "print(2)");
        assert_eq!(state.status, RunStatus::Running(1));
    }

    #[test]
    fn a_late_answer_to_an_old_run_is_dropped() {
        let state = reduce(State::default(), Action::Run);
        let state = reduce(state, Action::Run);
        let state = reduce(
            state,
            Action::Finished {
                id: 1,
                outcome: Box::new(Err("old".into())),
            },
        );
        assert_eq!(state.status, RunStatus::Running(2));
    }

    #[test]
    fn stop_ends_a_running_run_only() {
        let idle = reduce(State::default(), Action::Stopped);
        assert_eq!(idle.status, RunStatus::Idle);
        let running = reduce(State::default(), Action::Run);
        let stopped = reduce(running, Action::Stopped);
        assert!(matches!(stopped.status, RunStatus::Failed(_)));
    }
}
