//! Modules run from Python source: a host that serves files, as the engine serves its
//! bundled library. Packages, relative imports, circular imports, `sys.modules`-style
//! caching, module attributes shared with the module's own functions, CPython's import
//! errors, and tracebacks through a module's frames, all as CPython 3.11 printed them for
//! the same files (recorded with python3 from /tmp/t).

use lang::host::{Host, ModuleSource};
use lang::value::{PyResult, Value};
use lang::vm::Vm;
use lang::{run, RunOptions};

/// The files, as CPython found them in /tmp/t.
const FILES: &[(&str, &str)] = &[
    (
        "pkg/__init__.py",
        r#""""A package."""
from .helpers import double
from . import consts
VERSION = consts.MAJOR * 10 + 1

def version():
    return VERSION
"#,
    ),
    (
        "pkg/helpers.py",
        r#"def double(x):
    return 2 * x

def fail(x):
    return helper_that_raises(x)

def helper_that_raises(x):
    return {}[x]
"#,
    ),
    (
        "pkg/consts.py",
        r#"MAJOR = 3
"#,
    ),
    (
        "circ_a.py",
        r#"import circ_b
A = 1
"#,
    ),
    (
        "circ_b.py",
        r#"from circ_a import A
"#,
    ),
    (
        "broken.py",
        r#"def f(:
    pass
"#,
    ),
    (
        "counter.py",
        r#"count = 0
def bump():
    global count
    count += 1
    return count
"#,
    ),
];

struct Files;

impl Host for Files {
    fn import_module(&mut self, _vm: &mut Vm<'_>, _name: &str) -> PyResult<Option<Value>> {
        Ok(None)
    }

    fn module_source(&mut self, name: &str) -> Option<ModuleSource> {
        let path = name.replace('.', "/");
        let (file, is_package) = [
            (format!("{path}.py"), false),
            (format!("{path}/__init__.py"), true),
        ]
        .into_iter()
        .find(|(file, _)| FILES.iter().any(|(f, _)| f == file))?;
        let source = FILES.iter().find(|(f, _)| *f == file)?.1;
        Some(ModuleSource {
            filename: format!("/tmp/t/{file}"),
            source: source.to_string(),
            is_package,
            hide_frames: false,
        })
    }
}

const MAIN: &str = r#"import pkg
import pkg.helpers as h
from pkg import double, version
import counter
print(pkg.VERSION, version(), double(21), h.double(2))
print(pkg.__name__, pkg.helpers.__name__, pkg.__package__, pkg.helpers.__package__)
print(pkg.__doc__)
counter.bump(); counter.bump()
print(counter.count)
counter.count = 10
print(counter.bump())
pkg.VERSION = 99
print(version())
import pkg as again
print(again is pkg)
try:
    import nothere
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    from pkg import missing
except ImportError as e:
    print(type(e).__name__, str(e).replace(__file__.rsplit('/', 1)[0], 'DIR'))
try:
    import counter.sub
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    import circ_a
except ImportError as e:
    print(type(e).__name__, str(e).replace(__file__.rsplit('/', 1)[0], 'DIR'))
try:
    import broken
except SyntaxError as e:
    print(type(e).__name__)
try:
    from . import x
except ImportError as e:
    print(type(e).__name__, e)
print(sorted(n for n in dir(counter) if not n.startswith('__')))
h.fail('k')
"#;

const EXPECTED_STDOUT: &str = r#"31 31 42 4
pkg pkg.helpers pkg pkg
A package.
2
11
99
True
ModuleNotFoundError No module named 'nothere'
ImportError cannot import name 'missing' from 'pkg' (DIR/pkg/__init__.py)
ModuleNotFoundError No module named 'counter.sub'; 'counter' is not a package
ImportError cannot import name 'A' from partially initialized module 'circ_a' (most likely due to a circular import) (DIR/circ_a.py)
SyntaxError
ImportError attempted relative import with no known parent package
['bump', 'count']
"#;

const EXPECTED_STDERR: &str = r#"Traceback (most recent call last):
  File "/tmp/t/main.py", line 41, in <module>
    h.fail('k')
  File "/tmp/t/pkg/helpers.py", line 5, in fail
    return helper_that_raises(x)
           ^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/t/pkg/helpers.py", line 8, in helper_that_raises
    return {}[x]
           ~~^^^
KeyError: 'k'
"#;

#[test]
fn modules_from_source_import_as_in_cpython() {
    let outcome = run(
        MAIN,
        &mut Files,
        &RunOptions {
            filename: "/tmp/t/main.py".into(),
            ..RunOptions::default()
        },
    );
    assert_eq!(outcome.stdout, EXPECTED_STDOUT);
    assert_eq!(outcome.stderr, EXPECTED_STDERR);
    assert_eq!(outcome.exit_code, 1);
}
