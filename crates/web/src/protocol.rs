//! The messages between the page and the engine worker. Both sides run the same wasm module,
//! but in separate instances with separate memories, so they talk in JSON strings through
//! `postMessage`.

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
}

/// Worker → page: the finished run, or why it could not start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultMessage {
    pub id: u32,
    pub outcome: Result<RunReport, String>,
}

/// Runs one request as the worker does; kept here so it is testable without a worker.
pub fn answer(request: &RunMessage) -> ResultMessage {
    ResultMessage {
        id: request.id,
        outcome: engine::run_program(&engine::RunRequest {
            source: &request.source,
            topology: &request.topology,
        }),
    }
}

/// Handles one raw message as the worker receives it. A message that is not a valid request
/// gets an answer with id 0 saying so, rather than a silent worker.
pub fn answer_json(raw: &str) -> String {
    let response = match serde_json::from_str::<RunMessage>(raw) {
        Ok(request) => answer(&request),
        Err(error) => ResultMessage {
            id: 0,
            outcome: Err(format!("malformed request to the engine worker: {error}")),
        },
    };
    serde_json::to_string(&response).unwrap_or_else(|error| {
        format!(
            r#"{{"id":{},"outcome":{{"Err":"cannot encode the report: {error}"}}}}"#,
            response.id
        )
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
        };
        let raw = answer_json(&serde_json::to_string(&request).unwrap());
        let response: ResultMessage = serde_json::from_str(&raw).unwrap();
        assert_eq!(response.id, 7);
        assert_eq!(response.outcome.unwrap().stdout, "hi\n");
    }

    #[test]
    fn garbage_gets_an_answer_not_silence() {
        let response: ResultMessage = serde_json::from_str(&answer_json("{nope")).unwrap();
        assert_eq!(response.id, 0);
        assert!(response.outcome.unwrap_err().contains("malformed request"));
    }
}
