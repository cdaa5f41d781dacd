//! The parts of a module the layout reads (function bodies and names), and the module written
//! back with new function names.

use wasm_encoder::{NameMap, NameSection, RawSection};
use wasmparser::{KnownCustom, Name, Parser, Payload, TypeRef};

/// A module's functions as the layout sees them.
pub struct Functions<'a> {
    /// How many functions the module imports: defined function `i` has index `imported + i`.
    pub imported: u32,
    /// The imported functions' names from the name section, by index.
    pub import_names: Vec<(u32, String)>,
    /// Each defined function's body (locals and code), in module order.
    pub bodies: Vec<&'a [u8]>,
    /// Each defined function's name, or `""` when the name section has none.
    pub names: Vec<String>,
}

/// The functions of `wasm`, with their names when the module has a name section.
pub fn read(wasm: &[u8]) -> Result<Functions<'_>, String> {
    let mut imported = 0u32;
    let mut bodies = Vec::new();
    let mut named: Vec<(u32, String)> = Vec::new();
    for payload in Parser::new(0).parse_all(wasm) {
        match payload.map_err(|e| e.to_string())? {
            Payload::ImportSection(reader) => {
                for import in reader.into_imports() {
                    let import = import.map_err(|e| e.to_string())?;
                    if matches!(import.ty, TypeRef::Func(_) | TypeRef::FuncExact(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => bodies.push(body.as_bytes()),
            Payload::CustomSection(reader) => {
                if let KnownCustom::Name(names) = reader.as_known() {
                    for name in names {
                        if let Name::Function(map) = name.map_err(|e| e.to_string())? {
                            for naming in map {
                                let naming = naming.map_err(|e| e.to_string())?;
                                named.push((naming.index, naming.name.to_string()));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut names = vec![String::new(); bodies.len()];
    let mut import_names = Vec::new();
    for (index, name) in named {
        if index < imported {
            import_names.push((index, name));
        } else if let Some(slot) = names.get_mut((index - imported) as usize) {
            *slot = name;
        }
    }
    Ok(Functions {
        imported,
        import_names,
        bodies,
        names,
    })
}

/// `wasm` with its name section replaced by one naming only functions: imported functions keep
/// `import_names`, and defined function `order[k]` is named by its rank `k`, zero-padded so that
/// the names sort as the ranks do. Every other section is copied byte for byte.
pub fn rename(
    wasm: &[u8],
    imported: u32,
    order: &[usize],
    import_names: &[(u32, String)],
) -> Result<Vec<u8>, String> {
    let width = order.len().to_string().len();
    let mut ranked = vec![String::new(); order.len()];
    for (rank, &position) in order.iter().enumerate() {
        ranked[position] = format!("f{rank:0width$}");
    }
    let mut names = NameMap::new();
    for (index, name) in import_names {
        names.append(*index, name);
    }
    for (position, name) in ranked.iter().enumerate() {
        names.append(imported + position as u32, name);
    }
    let mut section = NameSection::new();
    section.functions(&names);
    let mut out = copy_sections(wasm, |payload, _| {
        Ok(matches!(payload, Payload::CustomSection(reader) if reader.name() == "name"))
    })?;
    out.section(&section);
    Ok(out.finish())
}

/// `wasm`'s sections copied byte for byte into a new module, but for those `replace` takes:
/// it sees each section first and returns `true` when it wrote the section's replacement into
/// the new module itself (or dropped it).
pub fn copy_sections(
    wasm: &[u8],
    mut replace: impl FnMut(&Payload<'_>, &mut wasm_encoder::Module) -> Result<bool, String>,
) -> Result<wasm_encoder::Module, String> {
    let mut out = wasm_encoder::Module::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload.map_err(|e| e.to_string())?;
        if replace(&payload, &mut out)? {
            continue;
        }
        if let Some((id, range)) = payload.as_section() {
            out.section(&RawSection {
                id,
                data: &wasm[range],
            });
        }
    }
    Ok(out)
}
