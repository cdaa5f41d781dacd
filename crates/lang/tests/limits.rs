//! Limits and robustness: whatever a program does, the run ends with a Python exception,
//! never a panic, a hang or a native stack overflow. Tests run on the test harness's 2 MiB
//! threads in debug builds, a stricter setting than release wasm's 1 MiB.

use lang::host::NoHost;
use lang::{run, Limits, Outcome, RunOptions};

fn run_with(source: &str, limits: Limits) -> Outcome {
    run(
        source,
        &mut NoHost,
        &RunOptions {
            filename: "main.py".into(),
            limits,
            ..RunOptions::default()
        },
    )
}

fn run_default(source: &str) -> Outcome {
    run_with(source, Limits::default())
}

fn last_line(o: &Outcome) -> String {
    o.stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}

#[test]
fn infinite_loop_stops_even_when_caught() {
    let limits = Limits {
        max_instructions: 100_000,
        ..Limits::default()
    };
    for src in [
        "while True:\n    pass\n",
        "while True:\n    try:\n        x = 1\n    except Exception:\n        pass\n",
        "while True:\n    try:\n        while True: pass\n    except:\n        pass\n",
        "def f():\n    while True:\n        try:\n            yield 1\n        finally:\n            pass\nfor _ in f():\n    pass\n",
        "x = sum(range(10**12))\n",
        "x = [i for i in range(10**9)]\n",
        "while True:\n    try:\n        sorted(range(10**6))\n    except BaseException:\n        continue\n",
    ] {
        let o = run_with(src, limits.clone());
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(last_line(&o).starts_with("RuntimeError: instruction budget of 100000 exceeded"), "{src}: {}", o.stderr);
    }
}

#[test]
fn recursion_limits() {
    let o = run_default("def f():\n    f()\nf()\n");
    assert_eq!(
        last_line(&o),
        "RecursionError: maximum recursion depth exceeded"
    );
    assert!(o.stderr.contains("[Previous line repeated"), "{}", o.stderr);
    for src in [
        "class A:\n    def __repr__(self):\n        return repr(self)\nrepr(A())\n",
        "def k(x):\n    return sorted([1, 2], key=k)\nk(1)\n",
        "def m(x):\n    return list(map(m, [x]))\nm(1)\n",
        "class B:\n    def __eq__(self, o):\n        return self == o\nB() == B()\n",
        "class C:\n    def __getattr__(self, n):\n        return self.missing\nC().x\n",
        "def g():\n    yield from g()\nlist(g())\n",
        "class D:\n    def __init__(self):\n        self.d = D()\nD()\n",
    ] {
        let o = run_default(src);
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(
            last_line(&o).starts_with("RecursionError"),
            "{src}: {}",
            last_line(&o)
        );
    }
}

#[test]
fn sizes_fail_fast() {
    for (src, want) in [
        ("[0] * 10**12\n", "MemoryError"),
        ("'x' * 10**12\n", "MemoryError"),
        ("2 ** 10**10\n", "MemoryError"),
        ("1 << 10**9\n", "MemoryError"),
        (
            "x = 10**5000\nprint(x)\n",
            "ValueError: Exceeds the limit (4300 digits) for integer string conversion",
        ),
        ("s = 'ab'\nwhile True:\n    s = s + s\n", "MemoryError"),
        ("l = [1]\nwhile True:\n    l.extend(l)\n", "MemoryError"),
    ] {
        let o = run_default(src);
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(last_line(&o).starts_with(want), "{src}: {}", last_line(&o));
    }
}

#[test]
fn deep_structures_do_not_overflow_when_dropped_or_printed() {
    let o = run_default("a = []\nfor i in range(200000):\n    a = [a]\nb = ()\nfor i in range(200000):\n    b = (b,)\nd = {}\nfor i in range(200000):\n    d = {'k': d}\nprint('built')\na = None\nb = None\nd = None\nprint('dropped')\n");
    assert_eq!(o.stdout, "built\ndropped\n", "{}", o.stderr);
    let o = run_default("class Node:\n    def __init__(self, nxt):\n        self.next = nxt\nhead = None\nfor i in range(300000):\n    head = Node(head)\nprint('ok')\n");
    assert_eq!(o.stdout, "ok\n", "{}", o.stderr);
    let o = run_default("a = []\nfor i in range(100000):\n    a = [a]\nprint(a)\n");
    assert_eq!(o.exit_code, 1);
    assert!(
        last_line(&o).starts_with("RecursionError"),
        "{}",
        last_line(&o)
    );
}

#[test]
fn source_size_limit() {
    let o = run_with(
        "x = 1\n",
        Limits {
            max_source_bytes: 3,
            ..Limits::default()
        },
    );
    assert_eq!(o.exit_code, 1);
    assert_eq!(
        o.error.map(|e| e.type_name),
        Some("MemoryError".to_string())
    );
}

#[test]
fn syntax_error_outcome() {
    let o = run_default("x = (1,\n");
    assert_eq!(o.exit_code, 1);
    assert!(!o.stderr.contains("Traceback"));
    assert_eq!(
        o.error.map(|e| e.type_name),
        Some("SyntaxError".to_string())
    );
}

#[test]
fn chains_of_iterators_closures_and_exceptions_drop_without_deep_recursion() {
    for src in [
        "it = iter([1])\nfor i in range(300000):\n    it = map(abs, it)\nit = None\nprint('freed')\n",
        "it = iter([1])\nfor i in range(100000):\n    it = zip(it, it)\nit = None\nprint('freed')\n",
        "g = iter([1])\nfor i in range(100000):\n    g = (x for x in g)\ng = None\nprint('freed')\n",
        "f = None\nfor i in range(100000):\n    f = (lambda g: lambda: g)(f)\nf = None\nprint('freed')\n",
        "e = ValueError()\nfor i in range(100000):\n    e = ValueError(e)\ne = None\nprint('freed')\n",
        "e = None\nfor i in range(100000):\n    try:\n        raise KeyError(i) from e\n    except KeyError as k:\n        e = k\ne = None\nprint('freed')\n",
        "class A:\n    def m(self):\n        pass\nb = None\nfor i in range(100000):\n    a = A()\n    a.b = b\n    b = a.m\nb = a = None\nprint('freed')\n",
    ] {
        let o = run_default(src);
        assert_eq!(o.stdout, "freed\n", "{src}: {}", o.stderr);
    }
}

#[test]
fn nested_iteration_and_comparison_raise_recursion_error() {
    for src in [
        "it = iter([1])\nfor i in range(30000):\n    it = map(abs, it)\nnext(it)\n",
        "it = iter([1])\nfor i in range(30000):\n    it = filter(None, it)\nnext(it)\n",
        "it = iter([1])\nfor i in range(30000):\n    it = enumerate(it)\nnext(it)\n",
        "g = iter([1])\nfor i in range(100000):\n    g = (x for x in g)\nnext(g)\n",
        "a = b = ()\nfor i in range(100000):\n    a = (a,)\n    b = (b,)\nprint(a == b)\n",
    ] {
        let o = run_default(src);
        assert_eq!(o.exit_code, 1, "{src}: {}", o.stdout);
        assert!(
            last_line(&o).starts_with("RecursionError"),
            "{src}: {}",
            last_line(&o)
        );
    }
}

/// Every loop whose body is one native call charges the budget for the call's work: with a
/// budget of 10^6 units, each of these ends at once (uncharged, each would run for minutes).
#[test]
fn native_work_is_charged_to_the_budget() {
    let limits = Limits {
        max_instructions: 1_000_000,
        ..Limits::default()
    };
    for src in [
        "x = [0] * 10**5\nwhile True:\n    1 in x\n",
        "x = [0] * 10**5\nwhile True:\n    x.insert(0, 1)\n    x.pop(0)\n",
        "s = 'a' * 10**6\nwhile True:\n    s.count('b')\n",
        "s = 'a' * 10**6\nwhile True:\n    s.find('b')\n",
        "s = 'a' * 10**6\nwhile True:\n    'b' in s\n",
        "x = list(range(10**5))\nwhile True:\n    x.sort()\n",
        "x = list(range(10**5))\nwhile True:\n    y = x[:]\n",
        "x = list(range(10**5))\ny = list(range(10**5))\nwhile True:\n    x == y\n",
        "x = ['a'] * 10**5\nwhile True:\n    ''.join(x)\n",
        "x = ['a'] * 10**5\nwhile True:\n    x.count('b')\n",
        "s = 'a' * 10**6\nwhile True:\n    s.upper()\n",
        "s = 'a' * 10**6\nwhile True:\n    s == s + ''\n",
        "x = tuple(range(10**5))\nwhile True:\n    hash(x)\n",
        "x = list(range(10**5))\nwhile True:\n    repr(x)\n",
    ] {
        let o = run_with(src, limits.clone());
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(
            last_line(&o).starts_with("RuntimeError: instruction budget of 1000000 exceeded"),
            "{src}: {}",
            last_line(&o)
        );
    }
}

#[test]
fn sizes_are_checked_before_allocating() {
    for (src, want) in [
        ("s = ('\\t' * 100).expandtabs(10**7)\n", "MemoryError"),
        ("s = 'x' * 10**7\nt = s * 10**3\n", "MemoryError"),
        (
            "s = 'ab'\nwhile True:\n    s = s.replace('a', 'aa')\n",
            "MemoryError",
        ),
    ] {
        let o = run_default(src);
        assert_eq!(o.exit_code, 1, "{src}");
        assert!(last_line(&o).starts_with(want), "{src}: {}", last_line(&o));
    }
}
