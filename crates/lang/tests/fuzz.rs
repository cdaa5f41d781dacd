//! Property test: random small programs (built from a grammar of statements and expressions
//! over a few variables) never panic and always terminate under a small instruction budget.

use lang::host::NoHost;
use lang::{run, Limits, RunOptions};
use proptest::prelude::*;

fn atom() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("a".to_string()),
        Just("b".to_string()),
        Just("xs".to_string()),
        Just("d".to_string()),
        Just("s".to_string()),
        (-5i64..100).prop_map(|i| i.to_string()),
        Just("1.5".to_string()),
        Just("None".to_string()),
        Just("True".to_string()),
        Just("'ab'".to_string()),
        Just("[1, 2, 3]".to_string()),
        Just("(1, 'x')".to_string()),
        Just("{1: 2}".to_string()),
        Just("{3, 4}".to_string()),
        Just("range(4)".to_string()),
        Just("f".to_string()),
        Just("C()".to_string()),
        Just("10**30".to_string()),
    ]
}

fn expr() -> impl Strategy<Value = String> {
    atom().prop_recursive(4, 24, 3, |inner| {
        let ops = prop_oneof![
            Just("+"),
            Just("-"),
            Just("*"),
            Just("/"),
            Just("//"),
            Just("%"),
            Just("**"),
            Just("=="),
            Just("<"),
            Just("in"),
            Just("and"),
            Just("or"),
            Just("&"),
            Just("|"),
            Just("<<"),
        ];
        prop_oneof![
            (inner.clone(), ops, inner.clone()).prop_map(|(l, o, r)| format!("({l} {o} {r})")),
            (inner.clone(), inner.clone()).prop_map(|(l, r)| format!("{l}[{r}]")),
            (inner.clone(), inner.clone()).prop_map(|(l, r)| format!("{l}[{r}:]")),
            inner.clone().prop_map(|e| format!("f({e})")),
            inner.clone().prop_map(|e| format!("len({e})")),
            inner.clone().prop_map(|e| format!("str({e})")),
            inner.clone().prop_map(|e| format!("list({e})")),
            inner.clone().prop_map(|e| format!("sorted({e})")),
            inner.clone().prop_map(|e| format!("-{e}")),
            inner.clone().prop_map(|e| format!("not {e}")),
            inner.clone().prop_map(|e| format!("[x for x in {e}]")),
            inner.clone().prop_map(|e| format!("{e}.append(1)")),
            inner.clone().prop_map(|e| format!("{e}.x")),
            (inner.clone(), inner.clone(), inner)
                .prop_map(|(a, b, c)| format!("({a} if {b} else {c})")),
        ]
    })
}

fn stmt() -> impl Strategy<Value = String> {
    prop_oneof![
        expr().prop_map(|e| format!("a = {e}")),
        expr().prop_map(|e| format!("b = {e}")),
        expr().prop_map(|e| format!("print({e})")),
        expr().prop_map(|e| format!("xs.append({e})")),
        expr().prop_map(|e| format!("d[{e}] = 1")),
        expr().prop_map(|e| format!("for i in {e}:\n    a = i")),
        expr().prop_map(|e| format!("while {e}:\n    break")),
        expr()
            .prop_map(|e| format!("try:\n    a = {e}\nexcept Exception as exc:\n    b = str(exc)")),
        expr().prop_map(|e| format!("with C():\n    a = {e}")),
        expr().prop_map(|e| format!("if {e}:\n    del xs[0]")),
        expr().prop_map(|e| format!("assert {e}")),
        expr().prop_map(|e| format!("raise ValueError({e})")),
        Just("while True:\n    xs = xs + xs".to_string()),
        Just("def g():\n    return g()\ng()".to_string()),
    ]
}

const PRELUDE: &str = "a = 1\nb = 2\nxs = [1]\nd = {}\ns = 'hi'\ndef f(v=0):\n    return v\nclass C:\n    x = 1\n    def __enter__(self):\n        return self\n    def __exit__(self, *e):\n        return False\n";

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
    #[test]
    fn random_programs_terminate_without_panicking(stmts in prop::collection::vec(stmt(), 1..6)) {
        let source = format!("{PRELUDE}{}\n", stmts.join("\n"));
        let limits = Limits { max_instructions: 20_000, max_sequence_len: 100_000, max_int_bits: 10_000, ..Limits::default() };
        let outcome = run(&source, &mut NoHost, &RunOptions { filename: "main.py".into(), limits, ..Default::default() });
        prop_assert!(outcome.exit_code == 0 || outcome.exit_code == 1, "{source}");
        if outcome.exit_code == 1 {
            prop_assert!(outcome.error.is_some(), "{source}");
        }
    }

    #[test]
    fn arbitrary_text_never_panics(src in "[a-z0-9_ =+\\-*/()\\[\\]{}:,.'\"\n\t#<>!%&|^~@]{0,80}") {
        let limits = Limits { max_instructions: 10_000, ..Limits::default() };
        let outcome = run(&src, &mut NoHost, &RunOptions { filename: "main.py".into(), limits, ..Default::default() });
        prop_assert!(outcome.exit_code == 0 || outcome.exit_code == 1);
    }
}
