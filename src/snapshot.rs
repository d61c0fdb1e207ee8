//! Pre-initialised CPython: build a module that starts where an
//! interpreter, already initialised with the harness loaded, stopped.
//!
//! CPython on WASI spends ~50 ms starting up before the first line of the
//! candidate runs. A snapshot pays that once per machine:
//!
//! 1. The runtime is rewritten to export its function table and its
//!    mutable globals (the shadow-stack pointer), without debug sections.
//! 2. It runs `_start` with `python -c <pre-imports; harness; runner
//!    definition; time.clock_getres(...)>`; the host makes `clock_res_get`
//!    (which CPython does not call while starting) trap, which stops the
//!    guest with the interpreter fully initialised and the runner defined.
//! 3. Linear memory and the globals are saved into a new module whose data
//!    segments are the saved memory and whose globals start at the saved
//!    values.
//!
//! Each candidate then instantiates the snapshot (copy-on-write memory) and
//! calls the runner's C entry point (`PyFunctionObject.vectorcall`, found in
//! the function table) with the runner's address.

use anyhow::{Context, Result, anyhow, bail};
use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasmparser::{Parser, Payload};

/// Export name of the function table in the rewritten module.
pub const TABLE_EXPORT: &str = "wasmeval_table";

/// Export name of mutable global `i`.
pub fn global_export(i: u32) -> String {
    format!("wasmeval_global_{i}")
}

/// Offset of `vectorcall` in a `PyFunctionObject` (CPython 3.12, wasm32).
pub const VECTORCALL_OFFSET: u32 = 64;

/// What a rewrite found: how many globals are mutable (and exported).
#[derive(Debug, Clone)]
pub struct Rewritten {
    pub wasm: Vec<u8>,
    pub mutable_globals: Vec<u32>,
}

/// Step 1: export the table and mutable globals, drop `.debug_*` sections.
pub fn rewrite(wasm: &[u8]) -> Result<Rewritten> {
    let mut module = wasm_encoder::Module::new();
    let mut mutable_globals = Vec::new();
    let mut global_index = 0u32;
    let mut imported_globals = 0u32;
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload?;
        match &payload {
            Payload::ImportSection(reader) => {
                for import in reader.clone().into_imports() {
                    if matches!(import?.ty, wasmparser::TypeRef::Global(_)) {
                        imported_globals += 1;
                    }
                }
                global_index = imported_globals;
            }
            Payload::GlobalSection(reader) => {
                for global in reader.clone() {
                    if global?.ty.mutable {
                        mutable_globals.push(global_index);
                    }
                    global_index += 1;
                }
            }
            _ => {}
        }
    }
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload?;
        match payload {
            Payload::CustomSection(c) if c.name().starts_with(".debug") => {}
            Payload::ExportSection(reader) => {
                let mut exports = wasm_encoder::ExportSection::new();
                for export in reader {
                    let export = export?;
                    exports.export(
                        export.name,
                        RoundtripReencoder.export_kind(export.kind)?,
                        export.index,
                    );
                }
                exports.export(TABLE_EXPORT, wasm_encoder::ExportKind::Table, 0);
                for &g in &mutable_globals {
                    exports.export(&global_export(g), wasm_encoder::ExportKind::Global, g);
                }
                module.section(&exports);
            }
            other => {
                if let Some((id, range)) = other.as_section() {
                    module.section(&wasm_encoder::RawSection {
                        id,
                        data: &wasm[range],
                    });
                }
            }
        }
    }
    Ok(Rewritten {
        wasm: module.finish(),
        mutable_globals,
    })
}

/// Step 3: the rewritten module with `memory` as its initial memory and
/// `globals` (index, value) as its mutable globals' initial values.
pub fn freeze(rewritten: &[u8], memory: &[u8], globals: &[(u32, i32)]) -> Result<Vec<u8>> {
    const PAGE: usize = 65536;
    let pages = memory.len().div_ceil(PAGE) as u64;
    let mut module = wasm_encoder::Module::new();
    let mut global_index = 0u32;
    let mut seen_data = false;
    for payload in Parser::new(0).parse_all(rewritten) {
        let payload = payload?;
        match payload {
            Payload::ImportSection(ref reader) => {
                for import in reader.clone().into_imports() {
                    if matches!(import?.ty, wasmparser::TypeRef::Global(_)) {
                        global_index += 1;
                    }
                }
                copy(&mut module, rewritten, &payload);
            }
            Payload::MemorySection(reader) => {
                let mut section = wasm_encoder::MemorySection::new();
                for (i, memory) in reader.into_iter().enumerate() {
                    let memory = memory?;
                    if i > 0 || memory.memory64 || memory.shared {
                        bail!("the runtime's memory is not one plain 32-bit memory");
                    }
                    section.memory(wasm_encoder::MemoryType {
                        minimum: pages.max(memory.initial),
                        maximum: memory.maximum,
                        memory64: false,
                        shared: false,
                        page_size_log2: None,
                    });
                }
                module.section(&section);
            }
            Payload::GlobalSection(reader) => {
                let mut section = wasm_encoder::GlobalSection::new();
                for global in reader {
                    let global = global?;
                    let ty = RoundtripReencoder.global_type(global.ty)?;
                    let init = match globals.iter().find(|(i, _)| *i == global_index) {
                        Some((_, value)) => wasm_encoder::ConstExpr::i32_const(*value),
                        None => RoundtripReencoder.const_expr(global.init_expr)?,
                    };
                    section.global(ty, &init);
                    global_index += 1;
                }
                module.section(&section);
            }
            Payload::DataCountSection { .. } => bail!("the runtime uses passive data segments"),
            Payload::DataSection(reader) => {
                for data in reader {
                    if !matches!(data?.kind, wasmparser::DataKind::Active { .. }) {
                        bail!("the runtime uses passive data segments");
                    }
                }
                module.section(&snapshot_data(memory));
                seen_data = true;
            }
            Payload::CustomSection(_) => {}
            ref other => copy(&mut module, rewritten, other),
        }
    }
    if !seen_data {
        bail!("the runtime has no data section");
    }
    Ok(module.finish())
}

fn copy(module: &mut wasm_encoder::Module, wasm: &[u8], payload: &Payload<'_>) {
    if let Some((id, range)) = payload.as_section() {
        module.section(&wasm_encoder::RawSection {
            id,
            data: &wasm[range],
        });
    }
}

/// Data segments covering the non-zero bytes of `memory` (zero gaps shorter
/// than a page are kept inside a segment, so the count stays small).
fn snapshot_data(memory: &[u8]) -> wasm_encoder::DataSection {
    const GAP: usize = 4096;
    let mut section = wasm_encoder::DataSection::new();
    let mut i = 0;
    while i < memory.len() {
        if memory[i] == 0 {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        let mut zeros = 0;
        while i < memory.len() && zeros < GAP {
            if memory[i] == 0 {
                zeros += 1;
            } else {
                zeros = 0;
                end = i + 1;
            }
            i += 1;
        }
        section.active(
            0,
            &wasm_encoder::ConstExpr::i32_const(start as i32),
            memory[start..end].iter().copied(),
        );
    }
    section
}

/// The Python program that builds the snapshot: pre-imports, the harness
/// (its last line, the call, replaced by publishing the runner), and the
/// call that reaches the trapping host function.
pub fn build_script(harness: &str, preimports: &[&str]) -> Result<String> {
    let call = "\n_wasmeval_start()\n";
    let Some(body) = harness
        .strip_suffix(call)
        .or_else(|| harness.trim_end().strip_suffix(call.trim_end()))
    else {
        bail!("the harness does not end with its entry call");
    };
    Ok(format!(
        "import {imports}\n{body}\n\
         import os as _os, time as _time\n\
         _os.write(1, b'wasmeval-runner %d\\n' % id(_wasmeval_start))\n\
         _time.clock_getres(_time.CLOCK_MONOTONIC)\n",
        imports = preimports.join(", "),
    ))
}

/// The runner's address, from what the snapshot run printed.
pub fn runner_address(stdout: &[u8]) -> Result<u32> {
    let text = String::from_utf8_lossy(stdout);
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("wasmeval-runner "))
        .ok_or_else(|| anyhow!("the snapshot run printed no runner address: {text:?}"))?;
    line.trim().parse().context("parsing the runner address")
}

/// Error marker for the deliberate trap that ends the snapshot run.
#[derive(Debug)]
pub struct SnapshotPoint;

impl std::fmt::Display for SnapshotPoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("snapshot point reached")
    }
}

impl std::error::Error for SnapshotPoint {}

/// Modules imported into the snapshot, so candidates that use them do not
/// pay for the import (importing a module the snapshot lacks costs tens of
/// milliseconds). Chosen from what HumanEval/MBPP-style solutions import.
pub const PREIMPORTS: &[&str] = &[
    "math",
    "re",
    "collections",
    "itertools",
    "functools",
    "heapq",
    "bisect",
    "string",
    "typing",
    "random",
    "json",
    "copy",
    "operator",
    "fractions",
    "decimal",
    "statistics",
    "datetime",
    "hashlib",
    "dataclasses",
    "enum",
];

/// Everything that changes a snapshot, hashed into its cache key.
pub fn cache_key(runtime_sha256: &str, engine: &wasmtime::Engine) -> String {
    use std::hash::Hash;
    let mut hasher = crate::engine::ShaHasher::new();
    "wasmeval-snapshot-v1".hash(&mut hasher);
    runtime_sha256.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    crate::runtime::python::HARNESS.hash(&mut hasher);
    PREIMPORTS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// A sandbox that starts each candidate from the Python snapshot: loaded
/// from the cache, or built (and cached) on first use, then validated.
/// Any failure is an `Err`; the caller falls back to `_start`.
pub fn python_sandbox(
    engine: &wasmtime::Engine,
    cache: &crate::install::Cache,
    spec: &crate::install::RuntimeSpec,
    wasm_path: &std::path::Path,
) -> Result<crate::sandbox::Sandbox> {
    use crate::sandbox::{Entry, Sandbox};
    let key = cache_key(&spec.sha256, engine);
    let cwasm = cache
        .compiled_dir()
        .join(format!("{}-snapshot-{}.cwasm", spec.name, &key[..16]));
    let meta = cwasm.with_extension("json");
    let cached = || -> Option<(wasmtime::Module, u32)> {
        let text = std::fs::read_to_string(&meta).ok()?;
        let address =
            serde_json::from_str::<serde_json::Value>(&text).ok()?["runner"].as_u64()? as u32;
        // SAFETY: written by `Module::serialize` into wasmeval's own cache,
        // keyed by the engine's compatibility hash; wasmtime re-checks it.
        let module = unsafe { wasmtime::Module::deserialize_file(engine, &cwasm) }.ok()?;
        Some((module, address))
    };
    let (module, address) = match cached() {
        Some(found) => found,
        None => {
            eprintln!(
                "wasmeval: building the {} snapshot (once per machine, ~20 s; cached in {})",
                spec.name,
                cache.compiled_dir().display()
            );
            let (module, address) = on_own_runtime(|| build(engine, wasm_path))??;
            crate::install::write_atomically(&cwasm, &module.serialize()?)?;
            crate::install::write_atomically(
                &meta,
                serde_json::json!({"runner": address})
                    .to_string()
                    .as_bytes(),
            )?;
            (module, address)
        }
    };
    let sandbox = Sandbox::new(engine, &module, Entry::Runner { address })?;
    on_own_runtime(|| validate(&sandbox))??;
    Ok(sandbox)
}

/// Run `f` on a thread with its own tokio runtime (the caller may itself
/// be inside one, where blocking on another is not allowed).
fn on_own_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> Result<T> {
    std::thread::scope(|scope| scope.spawn(f).join())
        .map_err(|_| anyhow!("the snapshot thread panicked"))
}

fn block_on<F: std::future::Future>(future: F) -> Result<F::Output> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(future))
}

fn build(
    engine: &wasmtime::Engine,
    wasm_path: &std::path::Path,
) -> Result<(wasmtime::Module, u32)> {
    use crate::sandbox::{Command, Limits, Sandbox};
    let wasm =
        std::fs::read(wasm_path).with_context(|| format!("reading {}", wasm_path.display()))?;
    let rewritten = rewrite(&wasm)?;
    let module = wasmtime::Module::new(engine, &rewritten.wasm).map_err(anyhow::Error::from)?;
    let builder = Sandbox::snapshot_builder(engine, &module)?;
    let script = build_script(crate::runtime::python::HARNESS, PREIMPORTS)?;
    let command = Command {
        args: ["python", "-I", "-S", "-B", "-c", &script]
            .map(String::from)
            .to_vec(),
        stdin: Vec::new(),
        frame_prefix: Vec::new(),
        seed: [0; 32],
    };
    let limits = Limits {
        fuel: 50 * crate::fuel::FUEL_PER_SECOND,
        ..Limits::default()
    };
    let (memory, globals, run) =
        block_on(builder.run_to_snapshot(command, &limits, &rewritten.mutable_globals))??;
    let address = runner_address(&run.stdout)?;
    let frozen = freeze(&rewritten.wasm, &memory, &globals)?;
    let module = wasmtime::Module::new(engine, &frozen).map_err(anyhow::Error::from)?;
    Ok((module, address))
}

/// A smoke candidate passes, and what one candidate changes (builtins,
/// module attributes, sys.modules) is not seen by the next.
fn validate(sandbox: &crate::sandbox::Sandbox) -> Result<()> {
    use crate::outcome::Outcome;
    use crate::runtime::Language;
    let runs = [
        (
            "import builtins, math, sys\nbuiltins.WASMEVAL_LEAK = 1\nmath.pi = 3\nsys.modules['wasmeval_leak'] = math\nSEEN = 1",
            "assert builtins.WASMEVAL_LEAK == 1 and math.pi == 3",
        ),
        (
            "import builtins, math, sys",
            "assert not hasattr(builtins, 'WASMEVAL_LEAK') and math.pi > 3.14 \
             and 'wasmeval_leak' not in sys.modules and 'SEEN' not in globals()",
        ),
    ];
    for (code, target) in runs {
        let command = Language::Python.command(
            code,
            &[target.to_string()],
            "0123456789abcdef0123456789abcdef",
        );
        let limits = crate::sandbox::Limits::default();
        let run = block_on(sandbox.run(command, &limits))??;
        let envelope = crate::verdict::decide(None, Language::Python, 1, &run, &limits);
        if envelope.outcome != Outcome::Pass {
            bail!(
                "snapshot validation failed: {} {:?} {}",
                envelope.outcome,
                envelope.detail,
                envelope.stderr
            );
        }
    }
    Ok(())
}
