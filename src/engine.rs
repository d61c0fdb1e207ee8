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
use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, Module, OptLevel, PoolingAllocationConfig,
};

/// The engine every run uses: fuel metering on, Cranelift optimising for
/// speed, async host calls, and the pooling instance allocator.
///
/// Pooling keeps `slots` instances' memories, tables and fiber stacks
/// mapped and reuses them, so a run costs no mmap/munmap of its own. Up to
/// 16 MiB of each memory slot stays resident between runs: returning the
/// Python snapshot's pages (~12 MiB) to the kernel after every candidate
/// meant copy-on-write faults on the next one and TLB-shootdown IPIs between
/// worker threads (measured: 1500 trivial candidates on 2 workers took 7.3 s
/// with 1 MiB resident, 2.8 s with 16 MiB). With the `PAGEMAP_SCAN` ioctl
/// (Linux 6.7+) only the pages a run wrote are copied back from the image;
/// without it the whole resident 16 MiB is (measured: 0.9 ms instead of
/// 1.5–1.9 ms CPU per trivial Python candidate). Wasmtime 48 gives up that
/// scan after 32 dirty regions, which CPython's scattered reference-count
/// writes always exceed, so wasmeval builds a patched copy
/// (`vendor/README.md`). Each slot reserves address space for
/// `max_memory_bytes`; resident memory grows by up to 16 MiB per slot.
pub fn new_engine_with(slots: u32, max_memory_bytes: usize) -> Result<Engine> {
    let mut pool = PoolingAllocationConfig::new();
    pool.total_memories(slots)
        .total_tables(slots)
        .total_stacks(slots)
        .total_core_instances(slots)
        .max_memory_size(max_memory_bytes)
        .table_elements(1 << 16)
        .linear_memory_keep_resident(16 << 20)
        .table_keep_resident(1 << 16)
        .pagemap_scan(wasmtime::Enabled::Auto);
    let mut config = Config::new();
    config.consume_fuel(true);
    config.cranelift_opt_level(OptLevel::Speed);
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    Ok(Engine::new(&config)?)
}

/// [`new_engine_with`] sized for the default settings.
pub fn new_engine() -> Result<Engine> {
    let settings = crate::executor::Settings::default();
    new_engine_with(pool_slots(settings.max_running), settings.memory_bytes)
}

/// Pool slots for `max_running` concurrent guests (plus headroom for
/// snapshot building and validation).
pub fn pool_slots(max_running: usize) -> u32 {
    (max_running.max(1) * 2 + 4).min(1024) as u32
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
pub(crate) struct ShaHasher(Sha256);

impl ShaHasher {
    pub(crate) fn new() -> ShaHasher {
        ShaHasher(Sha256::new())
    }

    pub(crate) fn finish_sha(self) -> [u8; 32] {
        self.0.finalize().into()
    }
}

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}
