//! Developer aid: `RUN_FILE=path cargo test -p lang --test run_file -- --nocapture` runs one
//! program and prints its outcome (does nothing without `RUN_FILE`).

#[test]
fn run_file() {
    let Ok(path) = std::env::var("RUN_FILE") else {
        return;
    };
    let source = std::fs::read_to_string(&path).unwrap_or_default();
    let o = lang::run(
        &source,
        &mut lang::host::NoHost,
        &lang::RunOptions::default(),
    );
    print!("{}", o.stdout);
    eprint!("{}", o.stderr);
    println!("[exit {}]", o.exit_code);
}
