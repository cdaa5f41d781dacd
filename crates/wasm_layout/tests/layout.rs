//! The layout's two halves on small modules: the order it picks, and the module it writes.

use wasm_encoder::{
    CodeSection, EntityType, ExportKind, ExportSection, Function, FunctionSection, ImportSection,
    Instruction, Module, NameMap, NameSection, TypeSection,
};
use wasm_layout::{import_names, module, order};

/// Bytes that deflate cannot shrink: a fixed-seed xorshift stream.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect()
}

#[test]
fn a_body_follows_the_body_it_repeats() {
    let a = noise(1, 600);
    let b = noise(2, 600);
    let mut a_again = a.clone();
    a_again[300] ^= 0xff;
    let c = noise(3, 600);
    let bodies: Vec<&[u8]> = vec![&b, &a, &c, &a_again];
    let names: Vec<String> = ["b", "a", "c", "d"].map(String::from).to_vec();
    // By name the order would be a, b, c, d; the copy of `a` moves up behind it.
    assert_eq!(
        order::compression_order(&bodies, &names, order::CANDIDATES),
        vec![1, 3, 0, 2]
    );
}

#[test]
fn the_order_is_a_permutation_and_the_same_every_time() {
    let bodies: Vec<Vec<u8>> = (0..40)
        .map(|i| noise(i % 7 + 1, 50 + (i as usize * 37) % 300))
        .collect();
    let bodies: Vec<&[u8]> = bodies.iter().map(Vec::as_slice).collect();
    let names: Vec<String> = (0..40).map(|i| format!("fn{}", (i * 17) % 40)).collect();
    let first = order::compression_order(&bodies, &names, order::CANDIDATES);
    let mut sorted = first.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..40).collect::<Vec<_>>());
    assert_eq!(
        order::compression_order(&bodies, &names, order::CANDIDATES),
        first
    );
    // Fewer candidates than bodies (and none at all, taken as one) still place every body.
    for candidates in [0, 1, 5] {
        let mut sorted = order::compression_order(&bodies, &names, candidates);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..40).collect::<Vec<_>>());
    }
    assert_eq!(
        order::compression_order(&[], &[], order::CANDIDATES),
        Vec::<usize>::new()
    );
}

/// A module importing one function and defining three, with a name section.
fn small_module() -> Vec<u8> {
    let mut module = Module::new();
    let mut types = TypeSection::new();
    types.ty().function([], []);
    module.section(&types);
    let mut imports = ImportSection::new();
    imports.import("env", "host", EntityType::Function(0));
    module.section(&imports);
    let mut functions = FunctionSection::new();
    for _ in 0..3 {
        functions.function(0);
    }
    module.section(&functions);
    let mut exports = ExportSection::new();
    exports.export("main", ExportKind::Func, 1);
    module.section(&exports);
    let mut code = CodeSection::new();
    for calls in 0..3u32 {
        let mut body = Function::new([]);
        for _ in 0..=calls {
            body.instruction(&Instruction::Call(0));
        }
        body.instruction(&Instruction::End);
        code.function(&body);
    }
    module.section(&code);
    let mut names = NameMap::new();
    for (index, name) in ["host", "main", "helper", "other"].iter().enumerate() {
        names.append(index as u32, name);
    }
    let mut section = NameSection::new();
    section.functions(&names);
    module.section(&section);
    module.finish()
}

#[test]
fn reading_finds_the_bodies_and_names() {
    let wasm = small_module();
    let functions = module::read(&wasm).unwrap();
    assert_eq!(functions.imported, 1);
    assert_eq!(functions.import_names, vec![(0, "host".to_string())]);
    assert_eq!(functions.names, ["main", "helper", "other"]);
    assert_eq!(functions.bodies.len(), 3);
    // Body k calls the import k + 1 times: locals count, k + 1 `call 0`, `end`.
    for (k, body) in functions.bodies.iter().enumerate() {
        assert_eq!(body.len(), 1 + 2 * (k + 1) + 1);
    }
}

#[test]
fn renaming_names_functions_by_rank_and_keeps_every_other_byte() {
    let wasm = small_module();
    let renamed = module::rename(&wasm, 1, &[2, 0, 1], &[(0, "host".to_string())]).unwrap();
    let functions = module::read(&renamed).unwrap();
    assert_eq!(functions.import_names, vec![(0, "host".to_string())]);
    assert_eq!(functions.names, ["f1", "f2", "f0"]);
    let without_names = |bytes: &[u8]| {
        let end = bytes
            .windows(5)
            .rposition(|w| w == b"\x04name")
            .expect("a name section");
        // The custom section's id and size come just before its name's length and text.
        bytes[..end - 2].to_vec()
    };
    assert_eq!(without_names(&renamed), without_names(&wasm));
    assert!(module::read(b"not wasm").is_err());
}

/// A module importing a function under `name`.
fn importing(name: &str) -> Vec<u8> {
    let mut module = Module::new();
    let mut types = TypeSection::new();
    types.ty().function([], []);
    module.section(&types);
    let mut imports = ImportSection::new();
    imports.import("./glue.js", name, EntityType::Function(0));
    imports.import(
        "./glue.js",
        "__wbindgen_init_externref_table",
        EntityType::Function(0),
    );
    module.section(&imports);
    module.finish()
}

#[test]
fn hashed_imports_get_short_names_in_module_and_glue() {
    let hashed = "__wbg_appendChild_4f1baf9a00be3c74";
    let glue =
        format!("const i = {{ {hashed}: function() {{}}, __wbindgen_init_externref_table: f }};");
    let (wasm, glue) = import_names::shorten(&importing(hashed), &glue).unwrap();
    assert_eq!(wasm, importing("a"));
    assert_eq!(
        glue,
        "const i = { a: function() {}, __wbindgen_init_externref_table: f };"
    );
}

#[test]
fn an_import_the_glue_does_not_key_exactly_once_is_an_error() {
    let hashed = "__wbg_appendChild_4f1baf9a00be3c74";
    for glue in [
        String::from("const i = {};"),
        format!("const i = {{ {hashed}: f }}; i.{hashed}();"),
        format!("call({hashed});"),
    ] {
        assert!(
            import_names::shorten(&importing(hashed), &glue).is_err(),
            "{glue}"
        );
    }
}
