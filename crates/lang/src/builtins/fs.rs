//! `_playground_fs`: the run's virtual file system ([`vfs::FileSystem`]) as the native calls
//! the bundled library's `os`, `io`, `pathlib`, `shutil` and `tempfile` are written on, as
//! CPython's are written on `posix`. Paths are `str`, `bytes` or `os.PathLike` objects; a
//! failure raises the `OSError` subclass CPython raises for its errno, naming the path object
//! the program passed.

use std::rc::Rc;

use crate::host::native_function;
use crate::value::{Args, Module, PyResult, Value};
use crate::vm::Vm;
use vfs::{Errno, OpenOptions, Stat, Whence};

/// The name the library imports it by.
pub const MODULE: &str = "_playground_fs";

/// `O_*` flags as Linux numbers them (the library's `os` re-exports them).
const O_WRONLY: i64 = 0o1;
const O_RDWR: i64 = 0o2;
const O_CREAT: i64 = 0o100;
const O_EXCL: i64 = 0o200;
const O_TRUNC: i64 = 0o1000;
const O_APPEND: i64 = 0o2000;

/// The module object.
pub fn module(vm: &Vm<'_>) -> Value {
    let m = Module::new(MODULE);
    for (name, value) in [
        ("O_RDONLY", 0),
        ("O_WRONLY", O_WRONLY),
        ("O_RDWR", O_RDWR),
        ("O_CREAT", O_CREAT),
        ("O_EXCL", O_EXCL),
        ("O_TRUNC", O_TRUNC),
        ("O_APPEND", O_APPEND),
    ] {
        m.set(name, Value::Int(value));
    }
    let environ: Vec<(Value, Value)> = vm
        .environment
        .iter()
        .map(|(k, v)| (Value::str(k.clone()), Value::str(v.clone())))
        .collect();
    m.set(
        "environ",
        Value::list(
            environ
                .into_iter()
                .map(|(k, v)| Value::tuple(vec![k, v]))
                .collect(),
        ),
    );
    m.set("open", native_function("open", open));
    m.set("read", native_function("read", read));
    m.set("write", native_function("write", write));
    m.set("close", native_function("close", close));
    m.set("lseek", native_function("lseek", lseek));
    m.set("ftruncate", native_function("ftruncate", ftruncate));
    m.set("fstat", native_function("fstat", fstat));
    m.set("stat", native_function("stat", stat));
    m.set("listdir", native_function("listdir", listdir));
    m.set("mkdir", native_function("mkdir", mkdir));
    m.set("rmdir", native_function("rmdir", rmdir));
    m.set("unlink", native_function("unlink", unlink));
    m.set("rename", native_function("rename", rename));
    m.set(
        "getcwd",
        native_function("getcwd", |vm, _| Ok(Value::str(vm.fs.cwd()))),
    );
    m.set("chdir", native_function("chdir", chdir));
    m.set("utime", native_function("utime", utime));
    m.set("strerror", native_function("strerror", strerror));
    Value::Module(m)
}

/// The path text of argument `i` (`str`, `bytes` as UTF-8, or `__fspath__`'s result) and
/// the str or bytes object an error names.
fn path_arg(vm: &mut Vm<'_>, args: &Args<'_>, i: usize, func: &str) -> PyResult<(String, Value)> {
    let Some(object) = args.get(i).cloned() else {
        return Err(vm.type_error(format!(
            "{func}() missing required argument 'path' (pos {})",
            i + 1
        )));
    };
    let mut value = object.clone();
    if matches!(value, Value::Instance(_)) {
        if let Some(method) = vm.special_method(&value, "__fspath__") {
            value = vm.call_method_value(&method, &object, &[])?;
        }
    }
    let text = match &value {
        Value::Str(s) => s.as_str().to_string(),
        Value::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
        other => {
            let tn = vm.type_name(other);
            let kinds = if ["stat", "listdir", "chdir", "utime"].contains(&func) {
                "string, bytes, os.PathLike or integer"
            } else {
                "string, bytes or os.PathLike"
            };
            return Err(vm.type_error(format!("{func}: path should be {kinds}, not {tn}")));
        }
    };
    if text.contains('\0') {
        return Err(vm.value_error(format!("{func}: embedded null character in path")));
    }
    // CPython names the path as `__fspath__` returned it, not the path object.
    Ok((text, value))
}

fn int_arg(vm: &mut Vm<'_>, args: &Args<'_>, i: usize, func: &str) -> PyResult<i64> {
    match args.get(i) {
        Some(Value::Int(n)) => Ok(*n),
        Some(Value::Bool(b)) => Ok(*b as i64),
        Some(other) => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!("'{tn}' object cannot be interpreted as an integer")))
        }
        None => Err(vm.type_error(format!(
            "{func}() missing required argument (pos {})",
            i + 1
        ))),
    }
}

fn fd_arg(vm: &mut Vm<'_>, args: &Args<'_>, func: &str) -> PyResult<i32> {
    let fd = int_arg(vm, args, 0, func)?;
    i32::try_from(fd).map_err(|_| vm.os_error(Errno::BadDescriptor, None, None))
}

fn stat_value(stat: Stat) -> Value {
    let seconds = |ns: u64| Value::Float(ns as f64 / 1e9);
    Value::tuple(vec![
        Value::Int(stat.mode() as i64),
        Value::Int(stat.ino as i64),
        Value::Int(2049),
        Value::Int(1),
        Value::Int(0),
        Value::Int(0),
        Value::Int(stat.size as i64),
        seconds(stat.mtime_ns),
        seconds(stat.mtime_ns),
        seconds(stat.mtime_ns),
        Value::Int(stat.mtime_ns as i64),
    ])
}

fn open(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (path, object) = path_arg(vm, &args, 0, "open")?;
    let flags = int_arg(vm, &args, 1, "open")?;
    let access = flags & 3;
    let options = OpenOptions {
        read: access == 0 || access == O_RDWR,
        write: access == O_WRONLY || access == O_RDWR,
        append: flags & O_APPEND != 0,
        create: flags & O_CREAT != 0,
        exclusive: flags & O_EXCL != 0,
        truncate: flags & O_TRUNC != 0,
    };
    match vm.fs.open(&path, options) {
        Ok(fd) => Ok(Value::Int(fd as i64)),
        Err(e) => Err(vm.os_error(e, Some(object), None)),
    }
}

fn read(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "read")?;
    let n = match args.get(1) {
        None | Some(Value::None) => None,
        Some(_) => Some(usize::try_from(int_arg(vm, &args, 1, "read")?).unwrap_or(0)),
    };
    match vm.fs.read(fd, n) {
        Ok(bytes) => {
            vm.charge_bytes(bytes.len())?;
            Ok(Value::Bytes(Rc::new(bytes)))
        }
        Err(e) => Err(vm.os_error(e, None, None)),
    }
}

fn write(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "write")?;
    let data = match args.get(1) {
        Some(Value::Bytes(b)) => b.clone(),
        Some(other) => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("a bytes-like object is required, not '{tn}'")));
        }
        None => return Err(vm.type_error("write() missing required argument 'data' (pos 2)")),
    };
    vm.charge_bytes(data.len())?;
    match vm.fs.write(fd, &data) {
        Ok(n) => Ok(Value::Int(n as i64)),
        Err(e) => Err(vm.os_error(e, None, None)),
    }
}

fn close(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "close")?;
    vm.fs.close(fd).map_err(|e| vm.os_error(e, None, None))?;
    Ok(Value::None)
}

fn lseek(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "lseek")?;
    let offset = int_arg(vm, &args, 1, "lseek")?;
    let whence = match int_arg(vm, &args, 2, "lseek")? {
        0 => Whence::Start,
        1 => Whence::Current,
        2 => Whence::End,
        _ => return Err(vm.os_error(Errno::Invalid, None, None)),
    };
    match vm.fs.seek(fd, offset, whence) {
        Ok(pos) => Ok(Value::Int(pos as i64)),
        Err(e) => Err(vm.os_error(e, None, None)),
    }
}

fn ftruncate(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "ftruncate")?;
    let length = int_arg(vm, &args, 1, "ftruncate")?;
    let length = u64::try_from(length).map_err(|_| vm.os_error(Errno::Invalid, None, None))?;
    vm.fs
        .truncate(fd, length)
        .map_err(|e| vm.os_error(e, None, None))?;
    Ok(Value::None)
}

fn fstat(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let fd = fd_arg(vm, &args, "fstat")?;
    match vm.fs.fstat(fd) {
        Ok(stat) => Ok(stat_value(stat)),
        Err(e) => Err(vm.os_error(e, None, None)),
    }
}

fn stat(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (path, object) = path_arg(vm, &args, 0, "stat")?;
    match vm.fs.stat(&path) {
        Ok(stat) => Ok(stat_value(stat)),
        Err(e) => Err(vm.os_error(e, Some(object), None)),
    }
}

fn listdir(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (path, object) = path_arg(vm, &args, 0, "listdir")?;
    match vm.fs.list_dir(&path) {
        Ok(names) => {
            vm.reserve_items(names.len(), 64)?;
            Ok(Value::list(names.into_iter().map(Value::str).collect()))
        }
        Err(e) => Err(vm.os_error(e, Some(object), None)),
    }
}

/// A call on one path whose only result is success or an error.
fn path_call(
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    func: &str,
    op: fn(&mut vfs::FileSystem, &str) -> vfs::FsResult<()>,
) -> PyResult {
    let (path, object) = path_arg(vm, args, 0, func)?;
    op(&mut vm.fs, &path).map_err(|e| vm.os_error(e, Some(object), None))?;
    Ok(Value::None)
}

fn mkdir(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    path_call(vm, &args, "mkdir", vfs::FileSystem::mkdir)
}

fn rmdir(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    path_call(vm, &args, "rmdir", vfs::FileSystem::rmdir)
}

fn unlink(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    path_call(vm, &args, "unlink", vfs::FileSystem::unlink)
}

fn chdir(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    path_call(vm, &args, "chdir", vfs::FileSystem::chdir)
}

fn rename(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (src, src_object) = path_arg(vm, &args, 0, "rename")?;
    let (dst, dst_object) = path_arg(vm, &args, 1, "rename")?;
    vm.fs
        .rename(&src, &dst)
        .map_err(|e| vm.os_error(e, Some(src_object), Some(dst_object)))?;
    Ok(Value::None)
}

/// `utime(path, mtime_seconds)`.
fn utime(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (path, object) = path_arg(vm, &args, 0, "utime")?;
    let seconds = match args.get(1) {
        Some(Value::Float(f)) => *f,
        Some(Value::Int(i)) => *i as f64,
        _ => return Err(vm.type_error("utime: times must be a number")),
    };
    let ns = (seconds.max(0.0) * 1e9) as u64;
    vm.fs
        .set_mtime(&path, ns)
        .map_err(|e| vm.os_error(e, Some(object), None))?;
    Ok(Value::None)
}

fn strerror(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let code = int_arg(vm, &args, 0, "strerror")?;
    Ok(Value::str(match strerror_text(code) {
        Some(text) => text.to_string(),
        None => format!("Unknown error {code}"),
    }))
}

/// glibc's text for the errno values the file system raises.
fn strerror_text(code: i64) -> Option<&'static str> {
    [
        Errno::NoEntry,
        Errno::BadDescriptor,
        Errno::PermissionDenied,
        Errno::Exists,
        Errno::NotADirectory,
        Errno::IsADirectory,
        Errno::Invalid,
        Errno::TooManyOpenFiles,
        Errno::NoSpace,
        Errno::NameTooLong,
        Errno::NotEmpty,
    ]
    .into_iter()
    .find(|e| e.code() as i64 == code)
    .map(Errno::message)
}
