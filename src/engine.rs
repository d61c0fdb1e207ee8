//! The wasmtime Engine and the on-disk cache of compiled runtimes.
//!
//! Compiling CPython with Cranelift takes seconds; a precompiled module is
//! deserialised in milliseconds. The cache key covers the runtime's SHA-256
//! and wasmtime's own compatibility hash (wasmtime version, target, every
//! compilation setting), so a stale file is never loaded; a file that fails
//! to deserialise anyway is recompiled and replaced.

use crate::install::{Cache, RuntimeSpec, hex, write_atomically};
use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use wasmtime::{Config, Engine, Module, OptLevel};

/// The engine every run uses: fuel metering on, Cranelift optimising for
/// speed, async host calls (so a guest blocked in `sleep` can be cancelled).
pub fn new_engine() -> Result<Engine> {
    let mut config = Config::new();
    config.consume_fuel(true);
    config.cranelift_opt_level(OptLevel::Speed);
    Ok(Engine::new(&config)?)
}

/// Load the compiled module for `spec` from the cache, compiling and caching
/// it on first use.
pub fn load_module(
    engine: &Engine,
    cache: &Cache,
    spec: &RuntimeSpec,
    wasm: &Path,
) -> Result<Module> {
    let compiled = compiled_path(engine, cache, spec);
    if compiled.is_file() {
        // SAFETY: the file was written by `Module::serialize` of an engine
        // with the same compatibility hash (it is part of the file name) into
        // wasmeval's own cache directory; wasmtime re-checks compatibility.
        match unsafe { Module::deserialize_file(engine, &compiled) } {
            Ok(module) => return Ok(module),
            Err(err) => eprintln!(
                "wasmeval: recompiling {} ({} could not be loaded: {err})",
                spec.name,
                compiled.display()
            ),
        }
    }
    eprintln!(
        "wasmeval: compiling runtime {} (once per machine; cached in {})",
        spec.name,
        cache.compiled_dir().display()
    );
    let module = Module::from_file(engine, wasm)
        .map_err(anyhow::Error::from)
        .with_context(|| format!("compiling {}", wasm.display()))?;
    let bytes = module.serialize()?;
    write_atomically(&compiled, &bytes)?;
    Ok(module)
}

/// Cache file of the compiled module for this engine and runtime.
pub fn compiled_path(engine: &Engine, cache: &Cache, spec: &RuntimeSpec) -> PathBuf {
    let mut hasher = ShaHasher(Sha256::new());
    spec.sha256.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let key = hex(&hasher.0.finalize());
    cache
        .compiled_dir()
        .join(format!("{}-{}.cwasm", spec.name, &key[..16]))
}

/// Feeds `Hash` output into SHA-256, giving a key that is stable across
/// processes (unlike `DefaultHasher`).
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}
