//! The candidate's object file, before it is linked with its test.
//!
//! A judged C or C++ program is linked from the test's object first, then
//! wasmeval's support objects and the libraries, and the candidate's object
//! last, with every definition in it made weak: a name the test, the
//! support code or a library already defines keeps their definition (the
//! first one a linker sees wins among weak ones, and a strong one wins over
//! any weak one), so a candidate cannot replace libc's `__assert_fail`, a
//! prompt helper the test compiled itself, or a template instantiation the
//! test's comparison uses, by defining it. What the test needs from the
//! candidate (the function under test) it still finds there.
//!
//! The test's object, for its part, has its own strong definitions made
//! local ([`localized`]) before the link: the candidate's code, linked
//! after it, cannot reach the test's globals or helpers by name (its
//! expected values, a `check` it could call to learn them); the program's
//! entry stays global.
//!
//! An object is refused outright when it names what only wasmeval's support
//! code may (the host import that says `main` returned, the wrappers of
//! `main` and `abort`) or defines the program's `main` (the test has one;
//! natively that is a redefinition error too).

use std::ops::Range;

/// Subsection of `linking` that holds the symbol table.
const SYMBOL_TABLE: u8 = 8;
const SYMTAB_FUNCTION: u8 = 0;
const SYMTAB_DATA: u8 = 1;
const SYMTAB_GLOBAL: u8 = 2;
const SYMTAB_SECTION: u8 = 3;
const SYMTAB_EVENT: u8 = 4;
const SYMTAB_TABLE: u8 = 5;
const BINDING_WEAK: u64 = 1;
const BINDING_LOCAL: u64 = 1 << 1;
const UNDEFINED: u64 = 1 << 4;
const EXPLICIT_NAME: u64 = 1 << 6;

/// The import module of wasmeval's own host functions.
pub const HOST_MODULE: &str = "wasmeval";

/// Names only wasmeval's support code may define or use.
fn reserved(name: &str) -> bool {
    name.starts_with("__wasmeval")
        || name.starts_with("__wrap_")
        || name.starts_with("__real_")
        || matches!(name, "_start" | "__main_void")
}

/// Names of the program's entry, which the test defines.
fn entry(name: &str) -> bool {
    matches!(name, "main" | "__main_argc_argv")
}

/// The candidate's object with every global definition weak, or why it
/// cannot be linked with a test (a compile error, in the compiler's words
/// where natively there is one).
pub fn weakened(object: &[u8]) -> Result<Vec<u8>, String> {
    let mut patched = object.to_vec();
    for payload in wasmparser::Parser::new(0).parse_all(object) {
        let payload = payload.map_err(|e| format!("the candidate's object is malformed: {e}"))?;
        if let wasmparser::Payload::ImportSection(reader) = payload {
            for import in reader.into_imports() {
                let import =
                    import.map_err(|e| format!("the candidate's object is malformed: {e}"))?;
                if import.module == HOST_MODULE || reserved(import.name) {
                    return Err(refusal(import.name));
                }
            }
        }
    }
    let linking = linking_section(object, "the candidate's object")?;
    for symbol in symbols(object, linking)? {
        if let Some(name) = &symbol.name {
            if reserved(name) {
                return Err(refusal(name));
            }
            if symbol.defined && entry(name) {
                return Err(
                    "error: redefinition of 'main': the test defines the program's main, and the \
                     candidate's code may not"
                        .into(),
                );
            }
        }
        if symbol.defined && symbol.flags & BINDING_LOCAL == 0 {
            // The flags are a LEB128 whose lowest bit is in its first byte.
            patched[symbol.flags_at] |= BINDING_WEAK as u8;
        }
    }
    Ok(patched)
}

/// The test's object with every strong global definition but the
/// program's entry made local: visible within the test's unit only, so no
/// other object of the link resolves a name to it. (Weak definitions,
/// inline functions and template instantiations, stay shared: each unit
/// that uses one has its own copy.)
pub fn localized(object: &[u8]) -> Result<Vec<u8>, String> {
    let mut patched = object.to_vec();
    for symbol in symbols(object, linking_section(object, "the test's object")?)? {
        let strong = symbol.flags & (BINDING_WEAK | BINDING_LOCAL) == 0;
        // `main` as clang names it (`__main_void` for `int main()`) and
        // what wasmeval's support code wraps stay global.
        let kept = symbol
            .name
            .as_deref()
            .is_some_and(|name| entry(name) || reserved(name) || name == "__original_main");
        if symbol.defined && strong && !kept {
            // The flags are a LEB128 whose low bits are in its first byte.
            patched[symbol.flags_at] |= BINDING_LOCAL as u8;
        }
    }
    Ok(patched)
}

/// Where an object's `linking` section is (`whose` object it is, for the
/// errors).
fn linking_section(object: &[u8], whose: &str) -> Result<Range<usize>, String> {
    for payload in wasmparser::Parser::new(0).parse_all(object) {
        match payload.map_err(|e| format!("{whose} is malformed: {e}"))? {
            wasmparser::Payload::CustomSection(section) if section.name() == "linking" => {
                let start = section.data_offset() as usize;
                return Ok(start..start + section.data().len());
            }
            _ => {}
        }
    }
    Err(format!("{whose} has no symbol table"))
}

fn refusal(name: &str) -> String {
    format!(
        "error: '{name}' is wasmeval's own: the candidate's code may not define or use it (see \
         docs/guide.md, C and C++)"
    )
}

/// One entry of an object's symbol table.
struct Symbol {
    /// Where its flags are in the object.
    flags_at: usize,
    flags: u64,
    defined: bool,
    name: Option<String>,
}

/// The symbol table in the `linking` section at `range` of `object`.
fn symbols(object: &[u8], range: Range<usize>) -> Result<Vec<Symbol>, String> {
    let malformed = || "the candidate's object has a malformed symbol table".to_string();
    let mut at = range.start;
    let end = range.end;
    let version = leb(object, &mut at, end).ok_or_else(malformed)?;
    if version != 2 {
        return Err(format!(
            "the candidate's object has linking metadata of version {version}"
        ));
    }
    let mut symbols = Vec::new();
    while at < end {
        let kind = *object.get(at).ok_or_else(malformed)?;
        at += 1;
        let size = leb(object, &mut at, end).ok_or_else(malformed)? as usize;
        let stop = at
            .checked_add(size)
            .filter(|&s| s <= end)
            .ok_or_else(malformed)?;
        if kind != SYMBOL_TABLE {
            at = stop;
            continue;
        }
        let count = leb(object, &mut at, stop).ok_or_else(malformed)?;
        for _ in 0..count {
            let kind = *object.get(at).filter(|_| at < stop).ok_or_else(malformed)?;
            at += 1;
            let flags_at = at;
            let flags = leb(object, &mut at, stop).ok_or_else(malformed)?;
            let defined = flags & UNDEFINED == 0;
            let name = match kind {
                SYMTAB_FUNCTION | SYMTAB_GLOBAL | SYMTAB_EVENT | SYMTAB_TABLE => {
                    leb(object, &mut at, stop).ok_or_else(malformed)?;
                    if defined || flags & EXPLICIT_NAME != 0 {
                        Some(name(object, &mut at, stop).ok_or_else(malformed)?)
                    } else {
                        None
                    }
                }
                SYMTAB_DATA => {
                    let name = name(object, &mut at, stop).ok_or_else(malformed)?;
                    if defined {
                        for _ in 0..3 {
                            leb(object, &mut at, stop).ok_or_else(malformed)?;
                        }
                    }
                    Some(name)
                }
                SYMTAB_SECTION => {
                    leb(object, &mut at, stop).ok_or_else(malformed)?;
                    // (A section's symbol is local and names nothing.)
                    symbols.push(Symbol {
                        flags_at,
                        flags: flags | BINDING_LOCAL,
                        defined,
                        name: None,
                    });
                    continue;
                }
                _ => return Err(malformed()),
            };
            symbols.push(Symbol {
                flags_at,
                flags,
                defined,
                name,
            });
        }
        at = stop;
    }
    Ok(symbols)
}

/// An unsigned LEB128 at `*at` (before `end`), moving past it.
fn leb(bytes: &[u8], at: &mut usize, end: usize) -> Option<u64> {
    let mut value = 0u64;
    let mut shift = 0;
    loop {
        if *at >= end || shift > 63 {
            return None;
        }
        let byte = *bytes.get(*at)?;
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Some(value);
        }
        shift += 7;
    }
}

/// A length-prefixed UTF-8 name at `*at`.
fn name(bytes: &[u8], at: &mut usize, end: usize) -> Option<String> {
    let len = leb(bytes, at, end)? as usize;
    let stop = at.checked_add(len).filter(|&s| s <= end)?;
    let name = std::str::from_utf8(&bytes[*at..stop]).ok()?.to_string();
    *at = stop;
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leb128_is_read_as_the_format_says() {
        let bytes = [0xe5, 0x8e, 0x26, 0x01];
        let mut at = 0;
        assert_eq!(leb(&bytes, &mut at, 4), Some(624_485));
        assert_eq!(at, 3);
        assert_eq!(leb(&bytes, &mut at, 4), Some(1));
        let mut at = 0;
        assert_eq!(leb(&[0x80, 0x80], &mut at, 2), None);
    }

    #[test]
    fn an_object_without_linking_metadata_is_refused() {
        let module = wat_free_module();
        assert!(weakened(&module).unwrap_err().contains("no symbol table"));
    }

    /// The smallest module: the magic and the version.
    fn wat_free_module() -> Vec<u8> {
        b"\0asm\x01\0\0\0".to_vec()
    }
}
