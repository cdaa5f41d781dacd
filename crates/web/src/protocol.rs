//! The messages between the page and the engine worker. Both sides run the same wasm module,
//! but in separate instances with separate memories, so they talk through `postMessage`: a
//! request is a JSON string, and what comes back ([`WorkerMessage`]: output while the run
//! goes on, then the report) is bincode bytes. The RunReport's JSON form is the
//! contract for every other reader; between two copies of the same code, bincode reads each
//! struct as a sequence, so the page carries no field-name matching for the report's types
//! (about 7 KB of the gzipped bundle).

use engine::RunReport;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Worker → page, once, when the worker can take requests. Until then the page holds its
/// run: a message posted before the worker's wasm has loaded would be lost.
pub const WORKER_READY: &str = "ready";

/// Page → worker: run this program on this topology. `id` lets the page ignore a late answer
/// to a run it has since replaced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunMessage {
    pub id: u32,
    pub source: String,
    pub topology: String,
    /// The files the user gave the program: (name, text).
    #[serde(default)]
    pub files: Vec<(String, String)>,
}

/// Worker → page: the finished run, or why it could not start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultMessage {
    pub id: u32,
    pub outcome: Result<RunReport, String>,
}

/// Text a run wrote to one of its streams.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    pub stderr: bool,
    pub text: String,
}

/// Worker → page: what a run printed since the last such message, in order, while it runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutputMessage {
    pub id: u32,
    pub pieces: Vec<Piece>,
}

/// Everything the worker sends besides [`WORKER_READY`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum WorkerMessage {
    Output(OutputMessage),
    /// Boxed: a report is large next to a batch of output.
    Result(Box<ResultMessage>),
}

/// Sends an encoded [`WorkerMessage`] to the page.
pub type Post = Box<dyn Fn(&[u8])>;

/// How long the worker holds printed text before sending it: often enough that output
/// appears as it is printed, rarely enough that a loop of prints does not flood the page.
pub const OUTPUT_INTERVAL_MS: f64 = 50.0;

/// The worker's live-output listener: batches what run `id` prints and hands a message to
/// `post` at most every [`OUTPUT_INTERVAL_MS`] (by the clock `now`), checked on each write
/// and each of the interpreter's ticks. Whatever is still held when the run ends needs no
/// message: the report has all of it.
pub struct OutputBatcher {
    id: u32,
    pending: RefCell<Vec<Piece>>,
    last_sent: Cell<f64>,
    now: fn() -> f64,
    post: Post,
}

impl OutputBatcher {
    pub fn new(id: u32, now: fn() -> f64, post: Post) -> OutputBatcher {
        OutputBatcher {
            id,
            pending: RefCell::new(Vec::new()),
            last_sent: Cell::new(now()),
            now,
            post,
        }
    }

    fn send_if_due(&self) {
        let now = (self.now)();
        if now - self.last_sent.get() < OUTPUT_INTERVAL_MS || self.pending.borrow().is_empty() {
            return;
        }
        self.last_sent.set(now);
        let pieces = std::mem::take(&mut *self.pending.borrow_mut());
        let message = WorkerMessage::Output(OutputMessage {
            id: self.id,
            pieces,
        });
        if let Ok(bytes) = bincode::serialize(&message) {
            (self.post)(&bytes);
        }
    }
}

impl lang::OutputListener for OutputBatcher {
    fn write(&self, stream: lang::Stream, text: &str) {
        let stderr = stream == lang::Stream::Stderr;
        {
            let mut pending = self.pending.borrow_mut();
            match pending.last_mut() {
                Some(last) if last.stderr == stderr => last.text.push_str(text),
                _ => pending.push(Piece {
                    stderr,
                    text: text.to_string(),
                }),
            }
        }
        self.send_if_due();
    }

    fn tick(&self) {
        self.send_if_due();
    }
}

/// The limits of a run in the worker: the playground's, but no instruction budget to speak of
/// (2^50 instructions, days of work), because the page's run limit (a wall-clock watchdog the
/// user picks, or none) and Stop end a long run there. An endless loop runs until one of them
/// ends it, as the "Stop an endless loop" example says.
pub fn watched_limits() -> engine::run::Limits {
    engine::run::Limits {
        max_instructions: 1 << 50,
        ..engine::run::Limits::default()
    }
}

/// Runs one request as the worker does, passing its output to `live_output` as it is
/// printed; kept here so it is testable without a worker.
pub fn answer(request: &RunMessage, live_output: Option<lang::LiveOutput>) -> ResultMessage {
    let files: Vec<engine::ProgramFile> = request
        .files
        .iter()
        .map(|(name, text)| engine::ProgramFile {
            name: name.clone(),
            contents: text.as_bytes().to_vec(),
        })
        .collect();
    ResultMessage {
        id: request.id,
        outcome: engine::run::run_program_with(
            &engine::RunRequest {
                source: &request.source,
                topology: &request.topology,
            },
            watched_limits(),
            &files,
            live_output,
        ),
    }
}

/// Handles one raw message as the worker receives it, and encodes the answer; output
/// printed on the way goes to `post` in batches (by the clock `now`). A message that is not a
/// valid request gets an answer with id 0 saying so, rather than a silent worker.
pub fn answer_message(raw: &str, now: fn() -> f64, post: Post) -> Vec<u8> {
    let response = match serde_json::from_str::<RunMessage>(raw) {
        Ok(request) => {
            let batcher = OutputBatcher::new(request.id, now, post);
            answer(&request, Some(lang::LiveOutput(Rc::new(batcher))))
        }
        Err(error) => ResultMessage {
            id: 0,
            outcome: Err(format!("malformed request to the engine worker: {error}")),
        },
    };
    let id = response.id;
    bincode::serialize(&WorkerMessage::Result(Box::new(response))).unwrap_or_else(|error| {
        let failure = ResultMessage {
            id,
            outcome: Err(format!("cannot encode the report: {error}")),
        };
        bincode::serialize(&WorkerMessage::Result(Box::new(failure))).unwrap_or_default()
    })
}

/// Reads a message as the page receives it; bytes that are not one become an answer with
/// id 0 saying so.
pub fn read_message(bytes: &[u8]) -> WorkerMessage {
    bincode::deserialize(bytes).unwrap_or_else(|error| {
        WorkerMessage::Result(Box::new(ResultMessage {
            id: 0,
            outcome: Err(format!("unreadable answer from the engine worker: {error}")),
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_clock() -> f64 {
        0.0
    }

    /// Runs a request through [`answer_message`] with a clock that never advances (so no
    /// output is sent early) and reads the report back.
    fn round_trip(raw: &str) -> ResultMessage {
        match read_message(&answer_message(raw, no_clock, Box::new(|_| {}))) {
            WorkerMessage::Result(result) => *result,
            other => panic!("expected a result, got {other:?}"),
        }
    }

    #[test]
    fn a_request_round_trips_to_a_report() {
        let request = RunMessage {
            id: 7,
            source: "print('hi')\n".into(),
            topology: "cpu".into(),
            files: Vec::new(),
        };
        let response = round_trip(&serde_json::to_string(&request).unwrap());
        assert_eq!(response.id, 7);
        let report = response.outcome.unwrap();
        assert_eq!(report.stdout, "hi\n");
        // The report's free-form JSON crosses as text and arrives as the same values.
        let direct = engine::run_program(&engine::RunRequest {
            source: "print('hi')\n",
            topology: "cpu",
        })
        .unwrap();
        assert_eq!(report.trace, direct.trace);
        assert_eq!(report.topology.document, direct.topology.document);
        assert!(report.trace.to_value()["traceEvents"].is_array());
    }

    #[test]
    fn a_failed_program_round_trips_with_its_error() {
        let request = RunMessage {
            id: 3,
            source: "x = 1\ny = x[0]\n".into(),
            topology: "cpu".into(),
            files: Vec::new(),
        };
        let response = round_trip(&serde_json::to_string(&request).unwrap());
        let report = response.outcome.unwrap();
        let error = report.error.unwrap();
        assert_eq!(error.type_name, "TypeError");
        assert_eq!(error.traceback.last().map(|frame| frame.line), Some(2));
    }

    #[test]
    fn garbage_gets_an_answer_not_silence() {
        let response = round_trip("{nope");
        assert_eq!(response.id, 0);
        assert!(response.outcome.unwrap_err().contains("malformed request"));
        let WorkerMessage::Result(unreadable) = read_message(&[0xff; 3]) else {
            panic!("garbage must read as a failed result");
        };
        assert_eq!(unreadable.id, 0);
        assert!(unreadable
            .outcome
            .unwrap_err()
            .contains("unreadable answer"));
    }

    thread_local! {
        static CLOCK: Cell<f64> = const { Cell::new(0.0) };
    }

    fn test_clock() -> f64 {
        CLOCK.with(|clock| {
            clock.set(clock.get() + 10.0);
            clock.get()
        })
    }

    #[test]
    fn output_streams_in_order_while_the_run_goes_on() {
        // Every reading of the clock advances it 10 ms, so batches go out every few writes
        // and ticks; together they and the report's tail are everything, in order.
        let sent: Rc<RefCell<Vec<WorkerMessage>>> = Rc::default();
        let sink = Rc::clone(&sent);
        let request = RunMessage {
            id: 9,
            source:
                "import sys\nfor i in range(40):\n    print(i)\n    sys.stderr.write(f'e{i}\\n')\n\
                     for _ in range(200000):\n    pass\nprint('done')\n"
                    .into(),
            topology: "cpu".into(),
            files: Vec::new(),
        };
        let raw = serde_json::to_string(&request).unwrap();
        let last = answer_message(
            &raw,
            test_clock,
            Box::new(move |bytes| sink.borrow_mut().push(read_message(bytes))),
        );
        let WorkerMessage::Result(result) = read_message(&last) else {
            panic!("the last message is the result");
        };
        let report = result.outcome.unwrap();
        let sent = sent.borrow();
        assert!(sent.len() >= 5, "{} batches", sent.len());
        let (mut stdout, mut stderr) = (String::new(), String::new());
        for message in sent.iter() {
            let WorkerMessage::Output(output) = message else {
                panic!("only output precedes the result");
            };
            assert_eq!(output.id, 9);
            for piece in &output.pieces {
                if piece.stderr {
                    &mut stderr
                } else {
                    &mut stdout
                }
                .push_str(&piece.text);
            }
        }
        assert!(report.stdout.starts_with(&stdout) && report.stderr.starts_with(&stderr));
        assert!(stdout.starts_with("0\n1\n") && stderr.starts_with("e0\ne1\n"));
        assert!(stdout.len() > 20, "streamed stdout: {stdout:?}");
    }
}
