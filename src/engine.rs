//! The wasmtime Engine and the on-disk cache of compiled runtimes.
//!
//! Compiling an interpreter with Cranelift takes seconds; a precompiled
//! module or component is deserialised in milliseconds. The cache key covers
//! what was compiled (its SHA-256, or a runtime's own build key) and
//! wasmtime's compatibility hash (wasmtime version, target, every
//! compilation setting), so a stale file is never loaded; its SHA-256 is
//! recorded when it is written and checked before it is loaded, so a
//! damaged file is never loaded either: it is recompiled and replaced.

use crate::install::{Cache, hex};
use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use wasmtime::component::Component;
use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, Module, OptLevel, PoolingAllocationConfig,
};

/// The WebAssembly stack a run may use (see [`base_config`]).
pub const WASM_STACK_BYTES: usize = 64 << 20;

/// Core instances one component may hold (the Python runner has 14).
const CORE_INSTANCES_PER_COMPONENT: u32 = 32;
/// Tables one component may hold (the Python runner has 2).
const TABLES_PER_COMPONENT: u32 = 4;

/// The engine every run uses: fuel metering on, Cranelift optimising for
/// speed, async host calls, and the pooling instance allocator.
///
/// Pooling keeps `slots` instances' memories, tables and fiber stacks
/// mapped and reuses them, so a run costs no mmap/munmap of its own. Up to
/// 16 MiB of each memory slot stays resident between runs: returning an
/// interpreter's pages to the kernel after every candidate meant
/// copy-on-write faults on the next one and TLB-shootdown IPIs between
/// worker threads (measured with the previous CPython runtime: 1500 trivial
/// candidates on 2 workers took 7.3 s with 1 MiB resident, 2.8 s with 16
/// MiB). With the `PAGEMAP_SCAN` ioctl (Linux 6.7+) only the pages a run
/// wrote are copied back from the image; without it the whole resident
/// region is. Wasmtime 48 gives up that scan after 32 dirty regions, which
/// an interpreter's scattered reference-count writes always exceed, so
/// wasmeval builds a patched copy (`vendor/README.md`). Each slot reserves
/// address space for `max_memory_bytes`; resident memory grows by up to 16
/// MiB per slot.
pub fn new_engine_with(slots: u32, max_memory_bytes: usize) -> Result<Engine> {
    let mut pool = PoolingAllocationConfig::new();
    pool.total_memories(slots)
        .total_tables(slots * TABLES_PER_COMPONENT)
        .total_stacks(slots)
        .total_core_instances(slots * CORE_INSTANCES_PER_COMPONENT)
        .total_component_instances(slots)
        .max_core_instances_per_component(CORE_INSTANCES_PER_COMPONENT)
        .max_tables_per_component(TABLES_PER_COMPONENT)
        .max_memories_per_component(1)
        .max_memory_size(max_memory_bytes)
        // python-sci's reactor has ~94,000 functions: its VMContext is
        // 1.6 MB (the default cap is 1 MiB).
        .max_core_instance_size(4 << 20)
        .table_elements(1 << 16)
        .linear_memory_keep_resident(16 << 20)
        .table_keep_resident(1 << 16)
        .pagemap_scan(wasmtime::Enabled::Auto);
    let mut config = base_config();
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    Ok(Engine::new(&config)?)
}

/// What every engine wasmeval makes has: fuel metering, Cranelift
/// optimising for speed, deterministic relaxed SIMD, the fuel counter in
/// the pinned register.
fn base_config() -> Config {
    let mut config = Config::new();
    config.consume_fuel(true);
    // A stack as deep as contest judges give (Codeforces: 256 MB): a
    // C++ depth-first search 10^6 deep, or Python's recursion through
    // `lru_cache`, runs as natively (wasmtime's default, 512 KiB, stopped
    // them about 7,000 frames deep). Fiber stacks are reserved, not
    // committed: a run touches only the pages it uses.
    config.max_wasm_stack(WASM_STACK_BYTES);
    config.async_stack_size(WASM_STACK_BYTES + (1 << 20));
    config.cranelift_opt_level(OptLevel::Speed);
    // One semantics for relaxed SIMD on every machine (x86-64's, which
    // costs nothing there), so a guest that uses it gets the same verdict
    // on aarch64.
    config.relaxed_simd_deterministic(true);
    // The vendored wasmtime-internal-cranelift keeps the fuel counter in
    // the pinned register when this flag is set, and the vendored
    // cranelift-codegen adds to it in one instruction on x86-64: 12-18%
    // faster Python (see vendor/README.md). Cranelift pins a register on
    // x86-64 (r15) and aarch64 (x21).
    if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
        // SAFETY: with the flag set, the vendored translator's entry
        // trampolines save and restore the host's value of the register,
        // and nothing but the fuel counter uses it.
        unsafe { config.cranelift_flag_enable("enable_pinned_reg") };
    }
    config
}

/// The engine compilers run on (clang for C and C++, esbuild for
/// TypeScript), one per process: like [`new_engine_with`]'s, but
/// allocating each instance on demand rather than from the pool, since a
/// compiler's instance is large (up to 4 GiB of memory, a VMContext of
/// megabytes) and runs once per candidate program, not once per test.
pub fn compiler_engine() -> Result<Engine> {
    static ENGINE: std::sync::OnceLock<Engine> = std::sync::OnceLock::new();
    if let Some(engine) = ENGINE.get() {
        return Ok(engine.clone());
    }
    let mut config = base_config();
    config.allocation_strategy(InstanceAllocationStrategy::OnDemand);
    let engine = Engine::new(&config)?;
    Ok(ENGINE.get_or_init(|| engine).clone())
}

/// The engine Go programs are compiled by and run on: wasmtime's baseline
/// compiler, Winch, which compiles a Go test binary (5 MB of WebAssembly,
/// mostly Go's runtime) about six times faster than Cranelift, the larger
/// part of a candidate's time (see `runtime::go`). Fuel and the memory cap
/// work as on the run engine (fuel is counted per WebAssembly operator by
/// either compiler); instances are allocated on demand, as one program runs
/// once per case.
pub fn winch_engine() -> Result<Engine> {
    static ENGINE: std::sync::OnceLock<Engine> = std::sync::OnceLock::new();
    if let Some(engine) = ENGINE.get() {
        return Ok(engine.clone());
    }
    let mut config = Config::new();
    config.consume_fuel(true);
    config.max_wasm_stack(WASM_STACK_BYTES);
    config.async_stack_size(WASM_STACK_BYTES + (1 << 20));
    config.strategy(wasmtime::Strategy::Winch);
    config.allocation_strategy(InstanceAllocationStrategy::OnDemand);
    let engine = Engine::new(&config)?;
    Ok(ENGINE.get_or_init(|| engine).clone())
}

/// Set the process's allocator up for runs; call it first thing in
/// `main`, before any thread starts (the `wasmeval` binary and the
/// benchmarks do; a library does not change its host process's allocator).
///
/// Every run instantiates its runtimes, and each core instance's VMContext
/// is one block of hundreds of KiB (python-sci's: 1.6 MB). glibc serves a
/// block that size with mmap, or trims it off the top of its heap when it
/// is freed, so every run faulted its VMContexts in again (clear_page and
/// page faults were about 6% of a trivial run's profile) and unmapping
/// sent TLB-shootdown IPIs to the other workers. Blocks up to 4 MiB now
/// come from the heap, and up to 64 MiB of free heap stays mapped per
/// arena: 2,000 trivial Python tasks on one worker took 28,000-270,000
/// page faults before and about 2,900 after (and 19% less wall time), and
/// a batch of 40 MB tasks peaked at 403 MB of resident memory, as before
/// (422 MB). Other platforms' allocators are left as they are (not
/// measured).
pub fn tune_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets two of glibc's thresholds; it is called
    // before other threads allocate.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

/// Pool slots for `max_running` concurrent runs: two instances each (a
/// Python run has its candidate's and its judge's), plus headroom for
/// instances that are being torn down.
pub fn pool_slots(max_running: usize) -> u32 {
    (max_running.max(1) * 4 + 4).min(2048) as u32
}

/// What the vendored compiler does differently from the published crates
/// (vendor/README.md). wasmtime's compatibility hash covers its version and
/// settings but not a patched code generator, so a change to the patches
/// must change this to keep older compiled code out of the cache.
const COMPILER_PATCHES: &str = "wasmtime-internal-cranelift 48.0.8 + fuel in the pinned register, 2 \
     + ref.func of a defined function from the vmctx, 2; \
     cranelift-codegen 0.135.8 + one add to the pinned register, 1";

/// The cache file of something compiled with this engine, for `name` and
/// `key` (what was compiled).
pub fn compiled_path(engine: &Engine, cache: &Cache, name: &str, key: &str) -> PathBuf {
    let mut hasher = ShaHasher::new();
    key.hash(&mut hasher);
    engine.precompile_compatibility_hash().hash(&mut hasher);
    COMPILER_PATCHES.hash(&mut hasher);
    let key = hex(&hasher.finish_sha());
    cache
        .compiled_dir()
        .join(format!("{name}-{}.cwasm", &key[..16]))
}

/// Load a compiled core module from the cache, compiling and caching
/// `wasm` on first use.
pub fn load_module(
    engine: &Engine,
    cache: &Cache,
    name: &str,
    key: &str,
    wasm: &Path,
) -> Result<Module> {
    load(
        cache,
        &compiled_path(engine, cache, name, key),
        name,
        wasm,
        // SAFETY: see `load`: the file was written by `Module::serialize`
        // of an engine with the same compatibility hash (part of the file
        // name), and its bytes are the ones recorded when it was written.
        |compiled| unsafe { Module::deserialize_file(engine, compiled) },
        || Module::from_file(engine, wasm),
        Module::serialize,
    )
}

/// Load a compiled component from the cache, compiling and caching the
/// component `wasm` on first use.
pub fn load_component(
    engine: &Engine,
    cache: &Cache,
    name: &str,
    key: &str,
    wasm: &Path,
) -> Result<Component> {
    load(
        cache,
        &compiled_path(engine, cache, name, key),
        name,
        wasm,
        // SAFETY: as in `load_module`.
        |compiled| unsafe { Component::deserialize_file(engine, compiled) },
        || Component::from_file(engine, wasm),
        Component::serialize,
    )
}

/// The compiled artefact at `compiled`, or `wasm` compiled and cached
/// there.
///
/// Deserialising is `unsafe` in wasmtime because the file is trusted to
/// be machine code that wasmtime wrote: a damaged file can crash the
/// process (SIGILL) or miscompute. So the file is loaded only when its
/// bytes hash to the SHA-256 recorded when it was written (see
/// [`crate::install::write_sealed`]); otherwise it is compiled again, with
/// a warning. A cache that cannot be written (read-only, full) is not an
/// error: what was compiled is used, uncached.
fn load<T>(
    cache: &Cache,
    compiled: &Path,
    name: &str,
    wasm: &Path,
    deserialize: impl FnOnce(&Path) -> wasmtime::Result<T>,
    compile: impl FnOnce() -> wasmtime::Result<T>,
    serialize: impl FnOnce(&T) -> wasmtime::Result<Vec<u8>>,
) -> Result<T> {
    if compiled.is_file() {
        match crate::install::check_sealed(compiled) {
            Ok(()) => match deserialize(compiled) {
                Ok(loaded) => return Ok(loaded),
                Err(err) => tracing::warn!(
                    "recompiling {name} ({} could not be loaded: {err})",
                    compiled.display()
                ),
            },
            Err(err) => tracing::warn!("recompiling {name}: {err:#}"),
        }
    }
    tracing::info!(
        "compiling runtime {name} (once per machine; cached in {})",
        cache.compiled_dir().display()
    );
    let loaded = compile()
        .map_err(anyhow::Error::from)
        .with_context(|| format!("compiling {}", wasm.display()))?;
    let written = serialize(&loaded)
        .map_err(anyhow::Error::from)
        .and_then(|bytes| crate::install::write_sealed(compiled, &bytes));
    if let Err(err) = written {
        tracing::warn!(
            "could not cache the compiled {name} in {} ({err:#}); it is compiled again by \
             the next process",
            compiled.display()
        );
    }
    Ok(loaded)
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
