//! A run's output reaches a live listener as it is printed, in order, and the listener is
//! ticked while a long loop prints nothing.

use lang::host::NoHost;
use lang::{run, LiveOutput, OutputListener, RunOptions, Stream};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

#[derive(Default)]
struct Recorder {
    writes: RefCell<Vec<(Stream, String)>>,
    ticks: Cell<u32>,
}

impl OutputListener for Recorder {
    fn write(&self, stream: Stream, text: &str) {
        self.writes.borrow_mut().push((stream, text.to_string()));
    }
    fn tick(&self) {
        self.ticks.set(self.ticks.get() + 1);
    }
}

#[test]
fn output_arrives_as_printed_and_long_loops_tick() {
    let recorder = Rc::new(Recorder::default());
    let source = "import sys\nprint('one')\nsys.stderr.write('warn\\n')\n\
                  total = 0\nfor i in range(300000):\n    total += i\n\
                  print(total, end='\\r')\nraise ValueError('late')\n";
    let outcome = run(
        source,
        &mut NoHost,
        &RunOptions {
            live_output: Some(LiveOutput(recorder.clone())),
            ..RunOptions::default()
        },
    );
    let writes = recorder.writes.borrow();
    let stdout: String = writes
        .iter()
        .filter(|(s, _)| *s == Stream::Stdout)
        .map(|(_, t)| t.as_str())
        .collect();
    let stderr: String = writes
        .iter()
        .filter(|(s, _)| *s == Stream::Stderr)
        .map(|(_, t)| t.as_str())
        .collect();
    assert_eq!(stdout, outcome.stdout);
    assert_eq!(stderr, outcome.stderr);
    assert_eq!(writes[0], (Stream::Stdout, "one\n".to_string()));
    assert!(stderr.starts_with("warn\n") && stderr.ends_with("ValueError: late\n"));
    assert!(recorder.ticks.get() > 3, "ticks: {}", recorder.ticks.get());
}
