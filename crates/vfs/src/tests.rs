//! The file system's behaviour as POSIX specifies it, and its accounting under any sequence of
//! operations (property tests).

use super::*;
use proptest::prelude::*;

fn write_options() -> OpenOptions {
    OpenOptions {
        write: true,
        create: true,
        truncate: true,
        ..OpenOptions::default()
    }
}

#[test]
fn starts_as_a_colab_machine() {
    let fs = FileSystem::new();
    assert_eq!(fs.cwd(), "/content");
    assert_eq!(fs.list_dir("/").unwrap(), ["content", "root", "tmp"]);
    assert!(fs.stat("/tmp").unwrap().is_dir);
    assert_eq!(fs.stat("/etc/passwd"), Err(Errno::NoEntry));
}

#[test]
fn a_written_file_reads_back() {
    let mut fs = FileSystem::new();
    let fd = fs.open("notes.txt", write_options()).unwrap();
    assert_eq!(fd, 3);
    fs.write(fd, b"hello ").unwrap();
    fs.write(fd, b"world").unwrap();
    fs.close(fd).unwrap();
    assert_eq!(fs.read_file("/content/notes.txt").unwrap(), b"hello world");
    assert_eq!(fs.stat("notes.txt").unwrap().size, 11);
    assert_eq!(fs.used_bytes(), 11);
}

#[test]
fn writes_outside_the_writable_roots_are_denied() {
    let mut fs = FileSystem::new();
    assert_eq!(
        fs.open("/x.txt", write_options()),
        Err(Errno::PermissionDenied)
    );
    assert_eq!(fs.mkdir("/etc"), Err(Errno::PermissionDenied));
    assert_eq!(fs.mkdir("/tmp"), Err(Errno::Exists));
    assert_eq!(fs.rmdir("/tmp"), Err(Errno::PermissionDenied));
    assert_eq!(
        fs.rename("/tmp", "/content/t"),
        Err(Errno::PermissionDenied)
    );
    assert_eq!(
        fs.open("/etc/passwd", OpenOptions::default()),
        Err(Errno::NoEntry)
    );
    assert_eq!(
        fs.open("../../etc/passwd", OpenOptions::default()),
        Err(Errno::NoEntry)
    );
}

#[test]
fn directories_follow_posix() {
    let mut fs = FileSystem::new();
    fs.mkdir("/tmp/a").unwrap();
    fs.mkdir("/tmp/a/b").unwrap();
    assert_eq!(fs.mkdir("/tmp/x/y"), Err(Errno::NoEntry));
    assert_eq!(fs.rmdir("/tmp/a"), Err(Errno::NotEmpty));
    assert_eq!(fs.unlink("/tmp/a"), Err(Errno::IsADirectory));
    assert_eq!(
        fs.open("/tmp/a", OpenOptions::default()),
        Err(Errno::IsADirectory)
    );
    fs.write_file("/tmp/a/f", b"1").unwrap();
    assert_eq!(fs.stat("/tmp/a/f/"), Err(Errno::NotADirectory));
    assert_eq!(fs.stat("/tmp/a/f/g"), Err(Errno::NotADirectory));
    assert_eq!(fs.rmdir("/tmp/a/f"), Err(Errno::NotADirectory));
    assert_eq!(fs.list_dir("/tmp/a").unwrap(), ["b", "f"]);
    assert_eq!(fs.rename("/tmp/a", "/tmp/a/b/c"), Err(Errno::Invalid));
    fs.rename("/tmp/a", "/content/moved").unwrap();
    assert_eq!(fs.read_file("/content/moved/f").unwrap(), b"1");
    fs.chdir("/content/moved/b").unwrap();
    assert_eq!(fs.cwd(), "/content/moved/b");
    assert_eq!(fs.read_file("../f").unwrap(), b"1");
    assert_eq!(fs.chdir("../f"), Err(Errno::NotADirectory));
}

#[test]
fn an_unlinked_file_lives_while_open() {
    let mut fs = FileSystem::new();
    fs.write_file("/tmp/f", b"data").unwrap();
    let fd = fs.open("/tmp/f", OpenOptions::default()).unwrap();
    fs.unlink("/tmp/f").unwrap();
    assert_eq!(fs.stat("/tmp/f"), Err(Errno::NoEntry));
    assert_eq!(fs.used_bytes(), 4);
    assert_eq!(fs.read(fd, Some(2)).unwrap(), b"da");
    assert_eq!(fs.read(fd, None).unwrap(), b"ta");
    fs.close(fd).unwrap();
    assert_eq!(fs.used_bytes(), 0);
    assert_eq!(fs.close(fd), Err(Errno::BadDescriptor));
}

#[test]
fn seek_append_truncate_and_exclusive_create() {
    let mut fs = FileSystem::new();
    let fd = fs.open("f", write_options()).unwrap();
    fs.seek(fd, 3, Whence::Start).unwrap();
    fs.write(fd, b"x").unwrap();
    assert_eq!(fs.seek(fd, -10, Whence::Current), Err(Errno::Invalid));
    assert_eq!(fs.read(fd, None), Err(Errno::BadDescriptor));
    fs.truncate(fd, 2).unwrap();
    fs.close(fd).unwrap();
    assert_eq!(fs.read_file("f").unwrap(), [0, 0]);
    let append = OpenOptions {
        append: true,
        create: true,
        ..OpenOptions::default()
    };
    let fd = fs.open("f", append).unwrap();
    fs.write(fd, b"yz").unwrap();
    fs.close(fd).unwrap();
    assert_eq!(fs.read_file("f").unwrap(), [0, 0, b'y', b'z']);
    let exclusive = OpenOptions {
        exclusive: true,
        ..write_options()
    };
    assert_eq!(fs.open("f", exclusive), Err(Errno::Exists));
    assert_eq!(fs.used_bytes(), 4);
}

#[test]
fn rename_replaces_files_but_not_full_directories() {
    let mut fs = FileSystem::new();
    fs.write_file("/tmp/a", b"aaa").unwrap();
    fs.write_file("/tmp/b", b"b").unwrap();
    fs.rename("/tmp/a", "/tmp/b").unwrap();
    assert_eq!(fs.read_file("/tmp/b").unwrap(), b"aaa");
    assert_eq!(fs.used_bytes(), 3);
    fs.write_file("/tmp/d/x", b"").unwrap();
    fs.mkdir("/tmp/e").unwrap();
    assert_eq!(fs.rename("/tmp/e", "/tmp/d"), Err(Errno::NotEmpty));
    assert_eq!(fs.rename("/tmp/b", "/tmp/e"), Err(Errno::IsADirectory));
    assert_eq!(fs.rename("/tmp/e", "/tmp/b"), Err(Errno::NotADirectory));
}

#[test]
fn names_and_paths_have_linux_limits() {
    let mut fs = FileSystem::new();
    let long_name = "n".repeat(MAX_NAME_BYTES + 1);
    assert_eq!(fs.mkdir(&long_name), Err(Errno::NameTooLong));
    let long_path = "a/".repeat(MAX_PATH_BYTES / 2 + 1);
    assert_eq!(fs.stat(&long_path), Err(Errno::NameTooLong));
    assert_eq!(fs.stat(""), Err(Errno::NoEntry));
}

#[test]
fn capacity_and_descriptors_are_limited() {
    let mut fs = FileSystem::new();
    let fd = fs.open("big", write_options()).unwrap();
    fs.seek(fd, CAPACITY_BYTES as i64, Whence::Start).unwrap();
    assert_eq!(fs.write(fd, b"x"), Err(Errno::NoSpace));
    assert_eq!(
        fs.truncate(fd, CAPACITY_BYTES as u64 + 1),
        Err(Errno::NoSpace)
    );
    let mut opened = 1;
    while fs.open("big", OpenOptions::default()).is_ok() {
        opened += 1;
    }
    assert_eq!(opened, MAX_OPEN_FILES);
    assert_eq!(
        fs.open("big", OpenOptions::default()),
        Err(Errno::TooManyOpenFiles)
    );
}

proptest! {
    /// Any path text resolves inside the tree: never a panic, and a relative path with any
    /// number of `..` never climbs above the root.
    #[test]
    fn any_path_resolves_without_panicking(path in "[a./]{0,40}") {
        let mut fs = FileSystem::new();
        let _ = fs.stat(&path);
        let _ = fs.mkdir(&path);
        let _ = fs.write_file(&path, b"x");
        let _ = fs.rename(&path, "/tmp/q");
        let _ = fs.unlink(&path);
        let _ = fs.rmdir(&path);
        if let Ok(norm) = normalize("/content", &path) {
            prop_assert!(norm.starts_with('/'));
            prop_assert!(!norm.contains("/./") && !norm.contains("/../"));
        }
    }

    /// `used_bytes` always equals the bytes the reachable and open files hold.
    #[test]
    fn used_bytes_counts_what_is_held(ops in proptest::collection::vec((0u8..6, 0usize..3, 0usize..20), 0..40)) {
        let mut fs = FileSystem::new();
        let names = ["/tmp/a", "/tmp/b", "/tmp/c"];
        let mut fds = Vec::new();
        for (op, which, len) in ops {
            let name = names[which];
            match op {
                0 => { let _ = fs.write_file(name, &vec![1; len]); }
                1 => { let _ = fs.unlink(name); }
                2 => { let _ = fs.rename(name, names[(which + 1) % 3]); }
                3 => { if let Ok(fd) = fs.open(name, OpenOptions::default()) { fds.push(fd); } }
                4 => { if let Some(fd) = fds.pop() { fs.close(fd).unwrap(); } }
                _ => {
                    if let Ok(fd) = fs.open(name, OpenOptions { write: true, ..OpenOptions::default() }) {
                        let _ = fs.truncate(fd, len as u64);
                        fs.close(fd).unwrap();
                    }
                }
            }
        }
        for fd in fds { fs.close(fd).unwrap(); }
        let held: u64 = names.iter().filter_map(|n| fs.stat(n).ok()).map(|s| s.size).sum();
        prop_assert_eq!(fs.used_bytes() as u64, held);
    }
}
