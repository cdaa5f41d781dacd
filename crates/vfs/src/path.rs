//! Path text to components: what the kernel does before it looks anything up.

use crate::{Errno, FsResult};

/// Linux's `PATH_MAX` less the terminating NUL: longer paths are `ENAMETOOLONG`.
pub const MAX_PATH_BYTES: usize = 4095;

/// Linux's `NAME_MAX`: a longer component is `ENAMETOOLONG`.
pub const MAX_NAME_BYTES: usize = 255;

/// The components of `path` as an absolute path, `.` and `..` resolved by name (`..` of the
/// root is the root), relative paths taken from `cwd` (itself absolute and normalized).
pub fn absolute_components(cwd: &str, path: &str) -> FsResult<Vec<String>> {
    if path.is_empty() {
        return Err(Errno::NoEntry);
    }
    if path.len() > MAX_PATH_BYTES {
        return Err(Errno::NameTooLong);
    }
    let mut components: Vec<String> = Vec::new();
    let start = if path.starts_with('/') { "" } else { cwd };
    for name in start.split('/').chain(path.split('/')) {
        match name {
            "" | "." => {}
            ".." => {
                components.pop();
            }
            _ if name.len() > MAX_NAME_BYTES => return Err(Errno::NameTooLong),
            _ => components.push(name.to_string()),
        }
    }
    Ok(components)
}

/// The absolute path of `components`.
pub fn join_components(components: &[String]) -> String {
    if components.is_empty() {
        return "/".to_string();
    }
    let mut path = String::new();
    for name in components {
        path.push('/');
        path.push_str(name);
    }
    path
}

/// `path` made absolute from `cwd` and normalized (`/content/a/../b` is `/content/b`).
pub fn normalize(cwd: &str, path: &str) -> FsResult<String> {
    Ok(join_components(&absolute_components(cwd, path)?))
}
