//! Writes the bundled library's packs (see `pylib::pack`) into a directory: the site's build
//! runs it (scripts/pack-library.sh) so the web worker can fetch a library in one request.
//!
//! usage: pack-library DIR

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: pack-library DIR");
        return ExitCode::FAILURE;
    };
    let dir = std::path::Path::new(&dir);
    if let Err(error) = std::fs::create_dir_all(dir) {
        eprintln!("pack-library: cannot create {}: {error}", dir.display());
        return ExitCode::FAILURE;
    }
    for (pack, text) in pylib::pack::all() {
        let path = dir.join(pylib::pack::file_name(pack));
        if let Err(error) = std::fs::write(&path, text) {
            eprintln!("pack-library: cannot write {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
