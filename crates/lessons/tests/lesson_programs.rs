//! Every program in every lesson's text runs on the machine its fence names and ends as the
//! fence says: cleanly, or with the one error the lesson is there to show. A teacher loading
//! a lesson's code never meets an error the lesson did not intend.

use lessons::catalog;
use lessons::programs::programs;

#[test]
fn every_lesson_program_runs_as_its_lesson_says() {
    let mut checked = 0;
    for lesson in catalog::lessons() {
        for (index, program) in programs(&lesson.markdown).into_iter().enumerate() {
            let machine = program
                .fence
                .machine
                .clone()
                .unwrap_or_else(|| panic!("{} program {index}: no machine=", lesson.id));
            let report = engine::run::run_program(&engine::RunRequest {
                source: &program.code,
                topology: &machine,
            })
            .unwrap_or_else(|e| panic!("{} program {index}: {e}", lesson.id));
            let ended_with = report.error.as_ref().map(|e| e.type_name.clone());
            assert_eq!(
                ended_with,
                program.fence.expect,
                "{} program {index} on {machine}: {:?}",
                lesson.id,
                report.error.as_ref().map(|e| &e.message)
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} lesson programs found");
}
