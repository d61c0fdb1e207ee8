//! Pre-initialised runtimes: a reactor is instrumented with Wizer, driven
//! once through its start-up, and its instance snapshotted into a new
//! module whose fresh instances begin where that one stopped (python-sci's
//! interpreter with numpy imported, QuickJS with the harness parsed).

use crate::fuel::FuelRate;
use crate::sandbox::core::{CoreSandbox, CoreSession, Guest};
use crate::sandbox::{Io, Limits};
use anyhow::{Context as _, Result, bail};
use std::collections::HashMap;
use std::time::Duration;

/// Instrument `base`, instantiate it (its `_initialize` runs), let `init`
/// drive the instance through its start-up, and snapshot the result.
/// `imports` adds the host imports the module (the instrumented one)
/// needs beside WASI; the
/// start-up runs on the virtual clock at `rate`, with the most memory a
/// run may have and no practical limit on fuel or time.
pub(crate) async fn snapshot(
    base: &[u8],
    io: &Io,
    rate: FuelRate,
    imports: fn(&mut wasmtime::Linker<Guest>, &wasmtime::Module) -> wasmtime::Result<()>,
    init: impl AsyncFnOnce(&mut CoreSession) -> Result<()>,
) -> Result<Vec<u8>> {
    let limits = Limits {
        fuel: u64::MAX / 2,
        rate,
        wall: Duration::from_secs(600),
        memory_bytes: crate::sandbox::MAX_MEMORY_BYTES,
        output_bytes: 1 << 20,
    };
    let wizer = wasmtime_wizer::Wizer::new();
    let (context, instrumented) = wizer
        .instrument(base)
        .map_err(anyhow::Error::from)
        .context("instrumenting the reactor for its snapshot")?;
    // A throwaway engine: the instrumented module runs once, so compile it
    // as fast as Cranelift can.
    let mut config = wasmtime::Config::new();
    config.consume_fuel(true);
    config.cranelift_opt_level(wasmtime::OptLevel::None);
    // The snapshot is pinned by SHA-256 (runtimes/manifest.json): every
    // machine must compute the same bytes, so NaNs are canonical and
    // relaxed SIMD takes its one deterministic semantics (both differ
    // between x86-64 and aarch64 otherwise).
    config.cranelift_nan_canonicalization(true);
    config.relaxed_simd_deterministic(true);
    let engine = wasmtime::Engine::new(&config)?;
    let module = wasmtime::Module::new(&engine, &instrumented)?;
    let sandbox = CoreSandbox::with_imports(&engine, &module, |linker| imports(linker, &module))?;
    let mut session = sandbox.session(io, &limits).await?;
    init(&mut session).await?;
    let mut state = SessionState(&mut session);
    wizer
        .snapshot(&context, &mut state)
        .await
        .map_err(anyhow::Error::from)
        .context("snapshotting the initialised reactor")
}

/// Wizer's view of a session's instance.
struct SessionState<'a>(&'a mut CoreSession);

impl wasmtime_wizer::InstanceState for SessionState<'_> {
    async fn global_get(
        &mut self,
        name: &str,
        _type_hint: wasmtime_wizer::ValType,
    ) -> wasmtime_wizer::SnapshotVal {
        use wasmtime_wizer::SnapshotVal;
        match self.0.global(name) {
            Some(wasmtime::Val::I32(x)) => SnapshotVal::I32(x),
            Some(wasmtime::Val::I64(x)) => SnapshotVal::I64(x),
            Some(wasmtime::Val::F32(x)) => SnapshotVal::F32(x),
            Some(wasmtime::Val::F64(x)) => SnapshotVal::F64(x),
            Some(wasmtime::Val::V128(x)) => SnapshotVal::V128(x.as_u128()),
            other => panic!("Wizer asked for global {name}, which is {other:?}"),
        }
    }

    async fn memory_contents(&mut self, name: &str, contents: impl FnOnce(&[u8]) + Send) {
        self.0.with_memory(name, contents);
    }
}

/// The index of each function of `wasm` named in `names`, by its name
/// section; an error names one that is not there.
pub(crate) fn named_functions<'a>(wasm: &[u8], names: &[&'a str]) -> Result<HashMap<&'a str, u32>> {
    use wasmparser::{KnownCustom, Name, Parser, Payload};
    let mut found: HashMap<&str, u32> = HashMap::new();
    for payload in Parser::new(0).parse_all(wasm) {
        let Payload::CustomSection(section) = payload? else {
            continue;
        };
        let KnownCustom::Name(reader) = section.as_known() else {
            continue;
        };
        for name in reader {
            let Name::Function(map) = name? else {
                continue;
            };
            for naming in map {
                let naming = naming?;
                if let Some(name) = names.iter().find(|name| **name == naming.name) {
                    found.insert(name, naming.index);
                }
            }
        }
    }
    for name in names {
        if !found.contains_key(name) {
            bail!("the module has no function named {name} in its name section");
        }
    }
    Ok(found)
}

/// `wasm` with each function named `from` in its name section also
/// exported as `to`, for every `(from, to)` of `exports`. Every other
/// section is copied as it is.
pub(crate) fn export_named(wasm: &[u8], exports: &[(&str, &str)]) -> Result<Vec<u8>> {
    let names: Vec<&str> = exports.iter().map(|(from, _)| *from).collect();
    let found = named_functions(wasm, &names)?;
    use wasmparser::{Parser, Payload};
    let mut module = wasm_encoder::Module::new();
    let mut exported = false;
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload?;
        if let Payload::ExportSection(reader) = &payload {
            let mut section = wasm_encoder::ExportSection::new();
            for export in reader.clone() {
                let export = export?;
                let kind = match export.kind {
                    wasmparser::ExternalKind::Func | wasmparser::ExternalKind::FuncExact => {
                        wasm_encoder::ExportKind::Func
                    }
                    wasmparser::ExternalKind::Table => wasm_encoder::ExportKind::Table,
                    wasmparser::ExternalKind::Memory => wasm_encoder::ExportKind::Memory,
                    wasmparser::ExternalKind::Global => wasm_encoder::ExportKind::Global,
                    wasmparser::ExternalKind::Tag => wasm_encoder::ExportKind::Tag,
                };
                section.export(export.name, kind, export.index);
            }
            for (from, to) in exports {
                section.export(to, wasm_encoder::ExportKind::Func, found[*from]);
            }
            module.section(&section);
            exported = true;
            continue;
        }
        if let Some((id, range)) = payload.as_section() {
            let range = range.start as usize..range.end as usize;
            module.section(&wasm_encoder::RawSection {
                id,
                data: &wasm[range],
            });
        }
    }
    if !exported {
        bail!("the module has no export section");
    }
    let out = module.finish();
    wasmparser::Validator::new()
        .validate_all(&out)
        .context("the module with its new exports does not validate")?;
    Ok(out)
}

/// Copy `text` into the guest's memory through its `malloc` export, with a
/// NUL after it; the address.
pub(crate) async fn c_string(session: &mut CoreSession, text: &[u8]) -> Result<i32> {
    let len = i32::try_from(text.len() + 1).context("a string of over 2 GiB")?;
    let at = match session.call::<i32, i32>("malloc", len).await? {
        Ok(at) if at != 0 => at,
        Ok(_) => bail!("the runtime could not allocate {len} bytes"),
        Err(exit) => bail!("the runtime stopped while allocating: {exit:?}"),
    };
    let mut bytes = text.to_vec();
    bytes.push(0);
    session.write(at as u32, &bytes)?;
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_function_is_exported_and_a_missing_name_is_an_error() {
        let wasm = wat::parse_str(
            r#"(module
                 (func $hidden (result i32) i32.const 7)
                 (func (export "other") (result i32) i32.const 1)
                 (memory (export "memory") 1))"#,
        )
        .unwrap();
        let out = export_named(&wasm, &[("hidden", "visible")]).unwrap();
        let engine = wasmtime::Engine::default();
        let module = wasmtime::Module::new(&engine, &out).unwrap();
        let mut store = wasmtime::Store::new(&engine, ());
        let instance = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
        for (name, value) in [("visible", 7), ("other", 1)] {
            let f = instance
                .get_typed_func::<(), i32>(&mut store, name)
                .unwrap();
            assert_eq!(f.call(&mut store, ()).unwrap(), value);
        }
        assert!(instance.get_memory(&mut store, "memory").is_some());
        let missing = export_named(&wasm, &[("absent", "x")]).unwrap_err();
        assert!(missing.to_string().contains("absent"), "{missing}");
    }
}
