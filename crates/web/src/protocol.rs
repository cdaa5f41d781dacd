//! The messages between the page and the engine worker. Both sides run the same wasm module,
//! but in separate instances with separate memories, so they talk through `postMessage`: a
//! request is a JSON string, and the answer is bincode bytes. The RunReport's JSON form is the
//! contract for every other reader; between two copies of the same code, bincode reads each
//! struct as a sequence, so the page carries no field-name matching for the report's types
//! (about 7 KB of the gzipped bundle).

use engine::RunReport;
use serde::{Deserialize, Serialize};

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

/// Runs one request as the worker does; kept here so it is testable without a worker.
pub fn answer(request: &RunMessage) -> ResultMessage {
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
        ),
    }
}

/// Handles one raw message as the worker receives it, and encodes the answer. A message that
/// is not a valid request gets an answer with id 0 saying so, rather than a silent worker.
pub fn answer_message(raw: &str) -> Vec<u8> {
    let response = match serde_json::from_str::<RunMessage>(raw) {
        Ok(request) => answer(&request),
        Err(error) => ResultMessage {
            id: 0,
            outcome: Err(format!("malformed request to the engine worker: {error}")),
        },
    };
    bincode::serialize(&response).unwrap_or_else(|error| {
        let failure = ResultMessage {
            id: response.id,
            outcome: Err(format!("cannot encode the report: {error}")),
        };
        bincode::serialize(&failure).unwrap_or_default()
    })
}

/// Reads an answer as the page receives it; bytes that are not one become an answer with id 0
/// saying so.
pub fn read_answer(bytes: &[u8]) -> ResultMessage {
    bincode::deserialize(bytes).unwrap_or_else(|error| ResultMessage {
        id: 0,
        outcome: Err(format!("unreadable answer from the engine worker: {error}")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_round_trips_to_a_report() {
        let request = RunMessage {
            id: 7,
            source: "print('hi')\n".into(),
            topology: "cpu".into(),
            files: Vec::new(),
        };
        let response = read_answer(&answer_message(&serde_json::to_string(&request).unwrap()));
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
        assert!(report.trace["traceEvents"].is_array());
    }

    #[test]
    fn a_failed_program_round_trips_with_its_error() {
        let request = RunMessage {
            id: 3,
            source: "x = 1\ny = x[0]\n".into(),
            topology: "cpu".into(),
            files: Vec::new(),
        };
        let response = read_answer(&answer_message(&serde_json::to_string(&request).unwrap()));
        let report = response.outcome.unwrap();
        let error = report.error.unwrap();
        assert_eq!(error.type_name, "TypeError");
        assert_eq!(error.traceback.last().map(|frame| frame.line), Some(2));
    }

    #[test]
    fn garbage_gets_an_answer_not_silence() {
        let response = read_answer(&answer_message("{nope"));
        assert_eq!(response.id, 0);
        assert!(response.outcome.unwrap_err().contains("malformed request"));
        let unreadable = read_answer(&[0xff; 3]);
        assert_eq!(unreadable.id, 0);
        assert!(unreadable
            .outcome
            .unwrap_err()
            .contains("unreadable answer"));
    }
}
