//! Short names for the imports wasm-bindgen generates.
//!
//! wasm-bindgen names each import after its Rust function and a 16-digit hex hash
//! (`__wbg_appendChild_4f1baf9a00be3c74`), and writes the name twice: in the module's import
//! section and as a key of the JS glue's import object. The hashes are noise to gzip, about
//! 5 KB of the download. [`shorten`] renames each such import, in both places, to a name of one
//! or two letters; wasm-bindgen's own names all contain an underscore, so none can collide.

use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::ImportSection;
use wasmparser::Payload;

use crate::module::copy_sections;

/// Whether `name` ends in wasm-bindgen's `_` and 16 lowercase hex digits.
fn is_hashed(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() > 17
        && bytes[bytes.len() - 17] == b'_'
        && bytes[bytes.len() - 16..]
            .iter()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
}

/// The `k`th short name: `a` … `Z`, then `ab`, `bb` … `Zb`, `ac` and so on (base 52, lowest
/// digit first).
fn short_name(mut k: usize) -> String {
    const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut name = String::new();
    loop {
        name.push(LETTERS[k % 52] as char);
        k /= 52;
        if k == 0 {
            return name;
        }
    }
}

/// `wasm` and its JS `glue` with every hashed import renamed to a short name. Fails, changing
/// nothing, if a hashed name is not written exactly once in the glue as an object key (`name:`),
/// since the pairing could then not be kept.
pub fn shorten(wasm: &[u8], glue: &str) -> Result<(Vec<u8>, String), String> {
    let mut glue = glue.to_string();
    let mut renamed = 0;
    let out = copy_sections(wasm, |payload, out| {
        let Payload::ImportSection(reader) = payload else {
            return Ok(false);
        };
        let mut section = ImportSection::new();
        for import in reader.clone().into_imports() {
            let import = import.map_err(|e| e.to_string())?;
            let ty = RoundtripReencoder
                .entity_type(import.ty)
                .map_err(|e| e.to_string())?;
            if !is_hashed(import.name) {
                section.import(import.module, import.name, ty);
                continue;
            }
            let new = short_name(renamed);
            renamed += 1;
            let key = format!("{}:", import.name);
            if glue.matches(import.name).count() != 1 || !glue.contains(&key) {
                return Err(format!(
                    "the JS glue does not name import {} exactly once, as a key",
                    import.name
                ));
            }
            glue = glue.replacen(&key, &format!("{new}:"), 1);
            section.import(import.module, &new, ty);
        }
        out.section(&section);
        Ok(true)
    })?;
    Ok((out.finish(), glue))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_are_wasm_bindgens() {
        assert!(is_hashed("__wbg_appendChild_4f1baf9a00be3c74"));
        assert!(!is_hashed("__wbindgen_init_externref_table"));
        assert!(!is_hashed("__wbg_x_4F1BAF9A00BE3C74"));
        assert!(!is_hashed("_4f1baf9a00be3c74"));
    }

    #[test]
    fn short_names_are_distinct_letters() {
        let names: Vec<String> = (0..52 * 52).map(short_name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        assert!(names
            .iter()
            .all(|n| n.len() <= 2 && n.bytes().all(|b| b.is_ascii_alphabetic())));
        assert_eq!(
            (short_name(0), short_name(51), short_name(52)),
            ("a".into(), "Z".into(), "ab".into())
        );
    }
}
