//! A run's virtual file system.
//!
//! Programs write checkpoints, CSV files and temporary directories and read them back in the
//! same run, so `open`, `os`, `pathlib`, `tempfile`, `shutil` and `glob` need a file system;
//! the host's own must never be visible. [`FileSystem`] is an in-memory tree with the POSIX
//! behaviour those modules rely on (open file descriptors that outlive an unlink, `rename`
//! over an existing file, `rmdir` of a non-empty directory failing) and errors as `errno`
//! values ([`Errno`]), which the language layer turns into CPython's `OSError` subclasses.
//!
//! The tree starts as a Colab machine's: `/content` (the working directory), `/tmp` and
//! `/root` (the home directory) are writable; creating anything elsewhere is `EACCES`, and
//! every other path simply does not exist.

mod path;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub use path::{normalize, MAX_NAME_BYTES, MAX_PATH_BYTES};

/// The directories a run starts with and may write under.
pub const WRITABLE_ROOTS: [&str; 3] = ["/content", "/root", "/tmp"];

/// The working directory a run starts in (Colab's).
pub const INITIAL_CWD: &str = "/content";

/// How many bytes all files together may hold (`ENOSPC` past it).
pub const CAPACITY_BYTES: usize = 256 << 20;

/// How many descriptors may be open at once (`EMFILE` past it, as Linux's default limit).
pub const MAX_OPEN_FILES: usize = 1024;

/// A failed file operation, as Linux's `errno`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Errno {
    NoEntry,
    BadDescriptor,
    PermissionDenied,
    Exists,
    NotADirectory,
    IsADirectory,
    Invalid,
    TooManyOpenFiles,
    NoSpace,
    NameTooLong,
    NotEmpty,
}

impl Errno {
    /// The number (`errno.ENOENT` is 2).
    pub fn code(self) -> i32 {
        match self {
            Errno::NoEntry => 2,
            Errno::BadDescriptor => 9,
            Errno::PermissionDenied => 13,
            Errno::Exists => 17,
            Errno::NotADirectory => 20,
            Errno::IsADirectory => 21,
            Errno::Invalid => 22,
            Errno::TooManyOpenFiles => 24,
            Errno::NoSpace => 28,
            Errno::NameTooLong => 36,
            Errno::NotEmpty => 39,
        }
    }

    /// glibc's `strerror` text, which CPython puts in `OSError.strerror`.
    pub fn message(self) -> &'static str {
        match self {
            Errno::NoEntry => "No such file or directory",
            Errno::BadDescriptor => "Bad file descriptor",
            Errno::PermissionDenied => "Permission denied",
            Errno::Exists => "File exists",
            Errno::NotADirectory => "Not a directory",
            Errno::IsADirectory => "Is a directory",
            Errno::Invalid => "Invalid argument",
            Errno::TooManyOpenFiles => "Too many open files",
            Errno::NoSpace => "No space left on device",
            Errno::NameTooLong => "File name too long",
            Errno::NotEmpty => "Directory not empty",
        }
    }
}

/// A result of a file operation.
pub type FsResult<T> = Result<T, Errno>;

type NodeRef = Rc<RefCell<Node>>;

struct Node {
    kind: Kind,
    ino: u64,
    mtime_ns: u64,
}

enum Kind {
    File(Vec<u8>),
    Dir(BTreeMap<String, NodeRef>),
}

/// What `stat` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    pub is_dir: bool,
    pub size: u64,
    pub ino: u64,
    /// Modification time in nanoseconds since the Unix epoch.
    pub mtime_ns: u64,
}

impl Stat {
    /// `st_mode`: a regular file `0o100644`, a directory `0o40755`.
    pub fn mode(&self) -> u32 {
        if self.is_dir {
            0o40755
        } else {
            0o100644
        }
    }
}

/// How `open` treats the file (the `O_*` flags).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenOptions {
    pub read: bool,
    pub write: bool,
    pub append: bool,
    pub create: bool,
    /// `O_EXCL`: fail with `EEXIST` when the file exists.
    pub exclusive: bool,
    pub truncate: bool,
}

/// `lseek`'s origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whence {
    Start,
    Current,
    End,
}

struct OpenFile {
    node: NodeRef,
    pos: u64,
    readable: bool,
    writable: bool,
    append: bool,
}

/// One run's files, directories, open descriptors and working directory.
pub struct FileSystem {
    root: NodeRef,
    cwd: String,
    descriptors: BTreeMap<i32, OpenFile>,
    next_ino: u64,
    /// Modification times: 2026-01-01T00:00:00Z, one microsecond later at each change, so
    /// sorting files by mtime sorts them by when they were written.
    clock_ns: u64,
    used_bytes: usize,
}

impl Default for FileSystem {
    fn default() -> FileSystem {
        FileSystem::new()
    }
}

/// Splits a normalized absolute path into its parent's components and its last name.
fn split_last(components: &[String]) -> FsResult<(&[String], &str)> {
    match components.split_last() {
        Some((name, parent)) => Ok((parent, name.as_str())),
        None => Err(Errno::PermissionDenied),
    }
}

impl FileSystem {
    /// The tree a run starts with (see the crate documentation).
    pub fn new() -> FileSystem {
        let mut fs = FileSystem {
            root: Rc::new(RefCell::new(Node {
                kind: Kind::Dir(BTreeMap::new()),
                ino: 2,
                mtime_ns: 0,
            })),
            cwd: INITIAL_CWD.to_string(),
            descriptors: BTreeMap::new(),
            next_ino: 3,
            clock_ns: 1_767_225_600_000_000_000,
            used_bytes: 0,
        };
        fs.root.borrow_mut().mtime_ns = fs.clock_ns;
        for dir in WRITABLE_ROOTS {
            let node = fs.new_node(Kind::Dir(BTreeMap::new()));
            if let Kind::Dir(entries) = &mut fs.root.borrow_mut().kind {
                entries.insert(dir[1..].to_string(), node);
            }
        }
        fs
    }

    fn tick(&mut self) -> u64 {
        self.clock_ns += 1_000;
        self.clock_ns
    }

    fn new_node(&mut self, kind: Kind) -> NodeRef {
        let ino = self.next_ino;
        self.next_ino += 1;
        Rc::new(RefCell::new(Node {
            kind,
            ino,
            mtime_ns: self.tick(),
        }))
    }

    /// The working directory (`os.getcwd()`).
    pub fn cwd(&self) -> &str {
        &self.cwd
    }

    /// `os.chdir`.
    pub fn chdir(&mut self, path: &str) -> FsResult<()> {
        let components = self.components(path)?;
        let node = self.lookup(&components)?;
        if !matches!(node.borrow().kind, Kind::Dir(_)) {
            return Err(Errno::NotADirectory);
        }
        self.cwd = path::join_components(&components);
        Ok(())
    }

    /// The absolute, normalized components of `path`, relative paths taken from the working
    /// directory.
    fn components(&self, path: &str) -> FsResult<Vec<String>> {
        path::absolute_components(&self.cwd, path)
    }

    fn lookup(&self, components: &[String]) -> FsResult<NodeRef> {
        let mut node = self.root.clone();
        for name in components {
            let next = match &node.borrow().kind {
                Kind::Dir(entries) => entries.get(name).cloned().ok_or(Errno::NoEntry)?,
                Kind::File(_) => return Err(Errno::NotADirectory),
            };
            node = next;
        }
        Ok(node)
    }

    /// The node at `path`; a trailing slash demands a directory, as POSIX does.
    fn lookup_path(&self, path: &str) -> FsResult<NodeRef> {
        let node = self.lookup(&self.components(path)?)?;
        if path.ends_with('/') && matches!(node.borrow().kind, Kind::File(_)) {
            return Err(Errno::NotADirectory);
        }
        Ok(node)
    }

    /// The directory that will hold a new entry at `components`, checking it may be written.
    fn parent_for_change(&self, components: &[String]) -> FsResult<NodeRef> {
        let (parent, _) = split_last(components)?;
        let node = self.lookup(parent)?;
        if !matches!(node.borrow().kind, Kind::Dir(_)) {
            return Err(Errno::NotADirectory);
        }
        if !is_writable(parent) {
            return Err(Errno::PermissionDenied);
        }
        Ok(node)
    }

    /// `stat(path)`.
    pub fn stat(&self, path: &str) -> FsResult<Stat> {
        Ok(stat_of(&self.lookup_path(path)?.borrow()))
    }

    /// The names in a directory, sorted.
    pub fn list_dir(&self, path: &str) -> FsResult<Vec<String>> {
        let node = self.lookup_path(path)?;
        let node = node.borrow();
        match &node.kind {
            Kind::Dir(entries) => Ok(entries.keys().cloned().collect()),
            Kind::File(_) => Err(Errno::NotADirectory),
        }
    }

    /// `mkdir(path)`.
    pub fn mkdir(&mut self, path: &str) -> FsResult<()> {
        let components = self.components(path)?;
        if components.is_empty() || self.lookup(&components).is_ok() {
            return Err(Errno::Exists);
        }
        let parent = self.parent_for_change(&components)?;
        let node = self.new_node(Kind::Dir(BTreeMap::new()));
        let now = self.clock_ns;
        let mut parent = parent.borrow_mut();
        parent.mtime_ns = now;
        if let Kind::Dir(entries) = &mut parent.kind {
            entries.insert(components[components.len() - 1].clone(), node);
        }
        Ok(())
    }

    /// Removes the entry `components` names after `check` approves the node.
    fn remove_entry(
        &mut self,
        path: &str,
        check: impl Fn(&Node) -> FsResult<()>,
    ) -> FsResult<NodeRef> {
        let components = self.components(path)?;
        let node = self.lookup_path(path)?;
        check(&node.borrow())?;
        let parent = self.parent_for_change(&components)?;
        let now = self.tick();
        let mut parent = parent.borrow_mut();
        parent.mtime_ns = now;
        if let Kind::Dir(entries) = &mut parent.kind {
            entries.remove(&components[components.len() - 1]);
        }
        Ok(node)
    }

    /// `rmdir(path)`: the directory must be empty.
    pub fn rmdir(&mut self, path: &str) -> FsResult<()> {
        self.remove_entry(path, |node| match &node.kind {
            Kind::Dir(entries) if entries.is_empty() => Ok(()),
            Kind::Dir(_) => Err(Errno::NotEmpty),
            Kind::File(_) => Err(Errno::NotADirectory),
        })?;
        Ok(())
    }

    /// `unlink(path)`: a file; its data lives on while a descriptor holds it open.
    pub fn unlink(&mut self, path: &str) -> FsResult<()> {
        let node = self.remove_entry(path, |node| match &node.kind {
            Kind::Dir(_) => Err(Errno::IsADirectory),
            Kind::File(_) => Ok(()),
        })?;
        self.release(node);
        Ok(())
    }

    /// `rename(src, dst)`: replaces a file at `dst`, or an empty directory by a directory.
    pub fn rename(&mut self, src: &str, dst: &str) -> FsResult<()> {
        let from = self.components(src)?;
        let to = self.components(dst)?;
        let node = self.lookup_path(src)?;
        let src_is_dir = matches!(node.borrow().kind, Kind::Dir(_));
        if src_is_dir && to.len() > from.len() && to[..from.len()] == from[..] {
            return Err(Errno::Invalid);
        }
        if from == to {
            return Ok(());
        }
        let new_parent = self.parent_for_change(&to)?;
        let old_parent = self.parent_for_change(&from)?;
        let replaced = self.lookup(&to).ok();
        if let Some(existing) = &replaced {
            match (&existing.borrow().kind, src_is_dir) {
                (Kind::Dir(entries), true) if !entries.is_empty() => return Err(Errno::NotEmpty),
                (Kind::Dir(_), false) => return Err(Errno::IsADirectory),
                (Kind::File(_), true) => return Err(Errno::NotADirectory),
                _ => {}
            }
        }
        let now = self.tick();
        if let Kind::Dir(entries) = &mut old_parent.borrow_mut().kind {
            entries.remove(&from[from.len() - 1]);
        }
        drop(replaced);
        for parent in [&old_parent, &new_parent] {
            parent.borrow_mut().mtime_ns = now;
        }
        let replaced = match &mut new_parent.borrow_mut().kind {
            Kind::Dir(entries) => entries.insert(to[to.len() - 1].clone(), node),
            Kind::File(_) => None,
        };
        // The replaced file's bytes are freed unless a descriptor still holds it.
        if let Some(existing) = replaced {
            self.release(existing);
        }
        Ok(())
    }

    /// `open(path, flags)`: a new descriptor, the lowest free number from 3.
    pub fn open(&mut self, path: &str, options: OpenOptions) -> FsResult<i32> {
        if self.descriptors.len() >= MAX_OPEN_FILES {
            return Err(Errno::TooManyOpenFiles);
        }
        let components = self.components(path)?;
        let writes = options.write || options.append;
        let node = match self.lookup_path(path) {
            Ok(node) => {
                if options.create && options.exclusive {
                    return Err(Errno::Exists);
                }
                if matches!(node.borrow().kind, Kind::Dir(_)) {
                    return Err(Errno::IsADirectory);
                }
                if writes && !is_writable(&components) {
                    return Err(Errno::PermissionDenied);
                }
                node
            }
            Err(Errno::NoEntry) if options.create => {
                if path.ends_with('/') {
                    return Err(Errno::IsADirectory);
                }
                let parent = self.parent_for_change(&components)?;
                let node = self.new_node(Kind::File(Vec::new()));
                let now = self.clock_ns;
                let mut parent = parent.borrow_mut();
                parent.mtime_ns = now;
                if let Kind::Dir(entries) = &mut parent.kind {
                    entries.insert(components[components.len() - 1].clone(), node.clone());
                }
                node
            }
            Err(e) => return Err(e),
        };
        if options.truncate && writes {
            let now = self.tick();
            let mut n = node.borrow_mut();
            if let Kind::File(data) = &mut n.kind {
                self.used_bytes -= data.len();
                *data = Vec::new();
            }
            n.mtime_ns = now;
        }
        let fd = (3..)
            .find(|fd| !self.descriptors.contains_key(fd))
            .unwrap_or(3);
        self.descriptors.insert(
            fd,
            OpenFile {
                node,
                pos: 0,
                readable: options.read || !writes,
                writable: writes,
                append: options.append,
            },
        );
        Ok(fd)
    }

    fn descriptor(&mut self, fd: i32) -> FsResult<&mut OpenFile> {
        self.descriptors.get_mut(&fd).ok_or(Errno::BadDescriptor)
    }

    /// Drops a node taken out of the tree or a descriptor: when that was its last reference
    /// (no entry and no descriptor holds it), its bytes no longer count.
    fn release(&mut self, node: NodeRef) {
        if Rc::strong_count(&node) == 1 {
            if let Kind::File(data) = &node.borrow().kind {
                self.used_bytes -= data.len();
            }
        }
    }

    /// `close(fd)`.
    pub fn close(&mut self, fd: i32) -> FsResult<()> {
        let file = self.descriptors.remove(&fd).ok_or(Errno::BadDescriptor)?;
        self.release(file.node);
        Ok(())
    }

    /// `read(fd, n)`: up to `n` bytes from the position (all that is left for `None`).
    pub fn read(&mut self, fd: i32, n: Option<usize>) -> FsResult<Vec<u8>> {
        let file = self.descriptor(fd)?;
        if !file.readable {
            return Err(Errno::BadDescriptor);
        }
        let node = file.node.borrow();
        let Kind::File(data) = &node.kind else {
            return Err(Errno::IsADirectory);
        };
        let start = (file.pos as usize).min(data.len());
        let end = match n {
            Some(n) => start.saturating_add(n).min(data.len()),
            None => data.len(),
        };
        let out = data[start..end].to_vec();
        drop(node);
        file.pos = end as u64;
        Ok(out)
    }

    /// `write(fd, bytes)`: at the position, or at the end for an append descriptor; a
    /// position past the end leaves zeros between, as POSIX does.
    pub fn write(&mut self, fd: i32, bytes: &[u8]) -> FsResult<usize> {
        let now = self.tick();
        let used = self.used_bytes;
        let file = self.descriptor(fd)?;
        if !file.writable {
            return Err(Errno::BadDescriptor);
        }
        let mut node = file.node.borrow_mut();
        let Kind::File(data) = &mut node.kind else {
            return Err(Errno::IsADirectory);
        };
        let start = if file.append {
            data.len()
        } else {
            usize::try_from(file.pos).map_err(|_| Errno::NoSpace)?
        };
        let end = start.checked_add(bytes.len()).ok_or(Errno::NoSpace)?;
        let grown = end.saturating_sub(data.len());
        if used.saturating_add(grown) > CAPACITY_BYTES {
            return Err(Errno::NoSpace);
        }
        if end > data.len() {
            data.resize(end, 0);
        }
        data[start..end].copy_from_slice(bytes);
        node.mtime_ns = now;
        drop(node);
        file.pos = end as u64;
        self.used_bytes += grown;
        Ok(bytes.len())
    }

    /// `lseek(fd, offset, whence)`: the new position.
    pub fn seek(&mut self, fd: i32, offset: i64, whence: Whence) -> FsResult<u64> {
        let file = self.descriptor(fd)?;
        let size = match &file.node.borrow().kind {
            Kind::File(data) => data.len() as i64,
            Kind::Dir(_) => 0,
        };
        let base = match whence {
            Whence::Start => 0,
            Whence::Current => file.pos as i64,
            Whence::End => size,
        };
        let pos = base.checked_add(offset).ok_or(Errno::Invalid)?;
        if pos < 0 {
            return Err(Errno::Invalid);
        }
        file.pos = pos as u64;
        Ok(file.pos)
    }

    /// `ftruncate(fd, length)`.
    pub fn truncate(&mut self, fd: i32, length: u64) -> FsResult<()> {
        let now = self.tick();
        let used = self.used_bytes;
        let file = self.descriptor(fd)?;
        if !file.writable {
            return Err(Errno::Invalid);
        }
        let length = usize::try_from(length).map_err(|_| Errno::NoSpace)?;
        let mut node = file.node.borrow_mut();
        let Kind::File(data) = &mut node.kind else {
            return Err(Errno::IsADirectory);
        };
        let old = data.len();
        if length > old && used.saturating_add(length - old) > CAPACITY_BYTES {
            return Err(Errno::NoSpace);
        }
        data.resize(length, 0);
        node.mtime_ns = now;
        drop(node);
        self.used_bytes = used - old + length;
        Ok(())
    }

    /// `fstat(fd)`.
    pub fn fstat(&mut self, fd: i32) -> FsResult<Stat> {
        let file = self.descriptor(fd)?;
        let stat = stat_of(&file.node.borrow());
        Ok(stat)
    }

    /// Sets a file's modification time (`os.utime`).
    pub fn set_mtime(&mut self, path: &str, mtime_ns: u64) -> FsResult<()> {
        let node = self.lookup_path(path)?;
        node.borrow_mut().mtime_ns = mtime_ns;
        Ok(())
    }

    /// A whole file's bytes.
    pub fn read_file(&mut self, path: &str) -> FsResult<Vec<u8>> {
        let fd = self.open(path, OpenOptions::default())?;
        let data = self.read(fd, None);
        self.close(fd)?;
        data
    }

    /// Writes a whole file, creating its missing parent directories (the files a user gives
    /// a program before it runs).
    pub fn write_file(&mut self, path: &str, bytes: &[u8]) -> FsResult<()> {
        let components = self.components(path)?;
        let (parent, _) = split_last(&components)?;
        for depth in 1..=parent.len() {
            let dir = path::join_components(&parent[..depth]);
            match self.mkdir(&dir) {
                Ok(()) | Err(Errno::Exists) => {}
                Err(e) => return Err(e),
            }
        }
        let fd = self.open(
            path,
            OpenOptions {
                write: true,
                create: true,
                truncate: true,
                ..OpenOptions::default()
            },
        )?;
        let written = self.write(fd, bytes);
        self.close(fd)?;
        written.map(|_| ())
    }

    /// How many bytes the files hold.
    pub fn used_bytes(&self) -> usize {
        self.used_bytes
    }
}

fn stat_of(node: &Node) -> Stat {
    let (is_dir, size) = match &node.kind {
        Kind::File(data) => (false, data.len() as u64),
        Kind::Dir(_) => (true, 4096),
    };
    Stat {
        is_dir,
        size,
        ino: node.ino,
        mtime_ns: node.mtime_ns,
    }
}

/// Whether a directory (by its components) lies under one of [`WRITABLE_ROOTS`].
fn is_writable(dir: &[String]) -> bool {
    dir.first()
        .is_some_and(|top| WRITABLE_ROOTS.iter().any(|root| &root[1..] == top))
}

#[cfg(test)]
mod tests;
