//! Runs one WASI command module in a fresh wasmtime Store with hard limits.
//!
//! This is the wall between a candidate and the host. Each run gets a new
//! Store and instance with: no preopened directories, no environment
//! variables, no sockets, stdin holding only the bytes the caller supplies,
//! stdout/stderr captured in memory under a byte cap, a fuel budget, a cap
//! on linear memory, and a wall-clock backstop. What the guest sees is a
//! pure function of the command: clocks are virtual (see [`crate::clock`])
//! and randomness comes from a generator seeded by the command's seed.
//!
//! The sandbox knows nothing about languages or verdicts. It hands back what
//! the guest did (exit, output, frames) and the language layer decides.
//!
//! *Frames* are the harness's report channel: a write to stdout or stderr
//! that starts with the per-run secret prefix is kept apart from the
//! candidate's output. The prefix contains a random nonce that only the
//! harness receives (through stdin, which it drains before the candidate
//! runs), so output the candidate prints can never be taken for a frame.

use anyhow::{Context, Result};
use bytes::Bytes;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::{Duration, Instant};
use wasmtime::{Engine, InstancePre, Linker, Module, ResourceLimiter, Store, Trap};
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p1::WasiP1Ctx;
use wasmtime_wasi::p2::pipe::MemoryInputPipe;
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamError};
use wasmtime_wasi::{I32Exit, WasiCtxBuilder};

/// Default cap on guest linear memory.
pub const DEFAULT_MEMORY_BYTES: usize = 512 << 20;
/// Default cap on each of stdout and stderr.
pub const DEFAULT_OUTPUT_BYTES: usize = 256 << 10;
/// The guest yields to the async executor after this much fuel, so that the
/// wall-clock backstop can fire even in a tight loop (~10 ms of guest time).
const YIELD_FUEL: u64 = 50_000_000;
/// At most this many frames are kept; more is treated as candidate output.
const MAX_FRAMES: usize = 100_000;

/// Hard limits of one run.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Fuel budget (see [`crate::fuel`]).
    pub fuel: u64,
    /// Wall-clock backstop.
    pub wall: Duration,
    /// Cap on linear memory in bytes.
    pub memory_bytes: usize,
    /// Cap on each of stdout and stderr in bytes.
    pub output_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            fuel: crate::fuel::budget(crate::fuel::DEFAULT_TIMEOUT_S),
            wall: crate::fuel::wall_backstop(crate::fuel::DEFAULT_TIMEOUT_S),
            memory_bytes: DEFAULT_MEMORY_BYTES,
            output_bytes: DEFAULT_OUTPUT_BYTES,
        }
    }
}

/// What to run: argv (argv[0] included), stdin bytes, the frame prefix,
/// and the seed of every random byte the guest will see.
#[derive(Debug, Clone)]
pub struct Command {
    pub args: Vec<String>,
    pub stdin: Vec<u8>,
    pub frame_prefix: Vec<u8>,
    pub seed: [u8; 32],
}

/// How the guest stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// `_start` returned or the guest called `proc_exit` with this code.
    Exited(i32),
    /// The fuel budget ran out.
    OutOfFuel,
    /// The wall-clock backstop fired.
    WallBackstop,
    /// stdout or stderr crossed its cap; the guest was stopped at that write.
    OutputOverflow,
    /// The WebAssembly call stack was exhausted.
    StackOverflow,
    /// Any other trap, with wasmtime's description.
    Trap(String),
}

/// Everything the host observed of one run.
#[derive(Debug, Clone)]
pub struct Run {
    pub exit: Exit,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Frame bodies (prefix stripped), in the order they were written.
    pub frames: Vec<Vec<u8>>,
    pub fuel_used: u64,
    pub wall: Duration,
    /// The guest asked for more linear memory than the cap allows.
    pub memory_refused: bool,
}

/// A compiled WASI command, ready to be instantiated many times.
///
/// Cheap to share: clone it or put it in an `Arc`; every run creates its own
/// Store, so runs on different threads never see each other.
#[derive(Clone)]
pub struct Sandbox {
    engine: Engine,
    pre: InstancePre<Guest>,
    entry: Entry,
}

/// Linear memory and (index, value) of mutable globals at a snapshot point.
type Saved = (Vec<u8>, Vec<(u32, i32)>);

/// How a run enters the guest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// The WASI command's `_start`.
    Start,
    /// A snapshot's runner: the function-table entry stored at
    /// `address + VECTORCALL_OFFSET`, called as
    /// `vectorcall(address, NULL, 0, NULL)` (see [`crate::snapshot`]).
    Runner { address: u32 },
}

struct Guest {
    wasi: WasiP1Ctx,
    limiter: MemoryCap,
    fuel_budget: u64,
    memory: Option<wasmtime::Memory>,
}

impl crate::clock::GuestClock for Guest {
    fn fuel_budget(&self) -> u64 {
        self.fuel_budget
    }

    fn memory(&self) -> Option<wasmtime::Memory> {
        self.memory
    }
}

struct MemoryCap {
    cap: usize,
    refused: bool,
}

impl ResourceLimiter for MemoryCap {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.cap {
            self.refused = true;
            return Ok(false);
        }
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= 1 << 20)
    }
}

impl Sandbox {
    /// Link `module` against WASI preview 1 (nothing else is importable);
    /// runs enter through `entry`.
    pub fn new(engine: &Engine, module: &Module, entry: Entry) -> Result<Sandbox> {
        Self::link(engine, module, entry, false)
    }

    /// A sandbox whose `clock_res_get` traps with
    /// [`crate::snapshot::SnapshotPoint`]: for building snapshots.
    pub fn snapshot_builder(engine: &Engine, module: &Module) -> Result<Sandbox> {
        Self::link(engine, module, Entry::Start, true)
    }

    fn link(engine: &Engine, module: &Module, entry: Entry, snapshot: bool) -> Result<Sandbox> {
        let mut linker: Linker<Guest> = Linker::new(engine);
        wasmtime_wasi::p1::add_to_linker_async(&mut linker, |g: &mut Guest| &mut g.wasi)?;
        crate::clock::add_to_linker(&mut linker)?;
        if snapshot {
            linker.allow_shadowing(true);
            linker.func_wrap(
                "wasi_snapshot_preview1",
                "clock_res_get",
                |_: wasmtime::Caller<'_, Guest>, _: i32, _: i32| -> wasmtime::Result<i32> {
                    Err(wasmtime::Error::new(crate::snapshot::SnapshotPoint))
                },
            )?;
        }
        let pre = linker
            .instantiate_pre(module)
            .map_err(anyhow::Error::from)
            .context("linking the runtime against WASI")?;
        Ok(Sandbox {
            engine: engine.clone(),
            pre,
            entry,
        })
    }

    /// Run the module's `_start` once under `limits`.
    ///
    /// An `Err` is a failure of wasmeval itself (instantiation failed, ...),
    /// never something the guest did: everything the guest can cause is
    /// described by [`Run`].
    pub async fn run(&self, command: Command, limits: &Limits) -> Result<Run> {
        self.run_with(command, limits, None).await
    }

    /// Run `_start` of a snapshot builder until the snapshot point and
    /// return linear memory, the mutable globals named in `globals` and
    /// what the guest printed.
    pub async fn run_to_snapshot(
        &self,
        command: Command,
        limits: &Limits,
        globals: &[u32],
    ) -> Result<(Vec<u8>, Vec<(u32, i32)>, Run)> {
        let mut saved = (Vec::new(), Vec::new());
        let run = self
            .run_with(command, limits, Some((globals, &mut saved)))
            .await?;
        Ok((saved.0, saved.1, run))
    }

    async fn run_with(
        &self,
        command: Command,
        limits: &Limits,
        snapshot: Option<(&[u32], &mut Saved)>,
    ) -> Result<Run> {
        let capture = Arc::new(Mutex::new(Capture {
            stdout: Vec::new(),
            stderr: Vec::new(),
            frames: Vec::new(),
            overflow: false,
            cap: limits.output_bytes,
            prefix: command.frame_prefix,
        }));
        let wasi = WasiCtxBuilder::new()
            .args(&command.args)
            .stdin(MemoryInputPipe::new(command.stdin))
            .stdout(Sink {
                capture: capture.clone(),
                stream: Stream::Stdout,
            })
            .stderr(Sink {
                capture: capture.clone(),
                stream: Stream::Stderr,
            })
            .secure_random(StdRng::from_seed(command.seed))
            .insecure_random(StdRng::from_seed(derive(&command.seed, 1)))
            .insecure_random_seed(u128::from_le_bytes(
                derive(&command.seed, 2)[..16].try_into().unwrap(),
            ))
            .allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false)
            .build_p1();
        let mut store = Store::new(
            &self.engine,
            Guest {
                wasi,
                limiter: MemoryCap {
                    cap: limits.memory_bytes,
                    refused: false,
                },
                fuel_budget: limits.fuel,
                memory: None,
            },
        );
        store.limiter(|g| &mut g.limiter);
        store.set_fuel(limits.fuel)?;
        store.fuel_async_yield_interval(Some(YIELD_FUEL))?;

        let start = Instant::now();
        let mut instance_slot = None;
        let outcome = {
            let store = &mut store;
            let pre = &self.pre;
            let entry = self.entry;
            let slot = &mut instance_slot;
            let call = async move {
                let instance = pre.instantiate_async(&mut *store).await?;
                *slot = Some(instance);
                let memory = instance.get_memory(&mut *store, "memory");
                store.data_mut().memory = memory;
                match entry {
                    Entry::Start => {
                        let start = instance.get_typed_func::<(), ()>(&mut *store, "_start")?;
                        start.call_async(&mut *store, ()).await
                    }
                    Entry::Runner { address } => {
                        let memory = memory.ok_or_else(|| {
                            wasmtime::format_err!("the snapshot exports no memory")
                        })?;
                        let mut slot = [0u8; 4];
                        memory.read(
                            &mut *store,
                            (address + crate::snapshot::VECTORCALL_OFFSET) as usize,
                            &mut slot,
                        )?;
                        let index = u32::from_le_bytes(slot);
                        let table = instance
                            .get_table(&mut *store, crate::snapshot::TABLE_EXPORT)
                            .ok_or_else(|| {
                                wasmtime::format_err!("the snapshot exports no table")
                            })?;
                        let func = table
                            .get(&mut *store, u64::from(index))
                            .and_then(|r| r.as_func().flatten().copied())
                            .ok_or_else(|| {
                                wasmtime::format_err!("table entry {index} is not a function")
                            })?;
                        let runner = func.typed::<(i32, i32, i32, i32), i32>(&*store)?;
                        runner
                            .call_async(&mut *store, (address as i32, 0, 0, 0))
                            .await
                            .map(|_| ())
                    }
                }
            };
            tokio::time::timeout(limits.wall, call).await
        };
        if let Some((globals, saved)) = snapshot {
            let Some(instance) = instance_slot else {
                anyhow::bail!("the snapshot run did not instantiate");
            };
            match &outcome {
                Ok(Err(e)) if e.downcast_ref::<crate::snapshot::SnapshotPoint>().is_some() => {}
                Ok(Err(e)) => {
                    anyhow::bail!("the snapshot run stopped before the snapshot point: {e:?}")
                }
                _ => anyhow::bail!("the snapshot run stopped before the snapshot point"),
            }
            let memory = instance
                .get_memory(&mut store, "memory")
                .ok_or_else(|| anyhow::anyhow!("the runtime exports no memory"))?;
            saved.0 = memory.data(&store).to_vec();
            for &g in globals {
                let global = instance
                    .get_global(&mut store, &crate::snapshot::global_export(g))
                    .ok_or_else(|| anyhow::anyhow!("global {g} is not exported"))?;
                let value = global
                    .get(&mut store)
                    .i32()
                    .ok_or_else(|| anyhow::anyhow!("global {g} is not an i32"))?;
                saved.1.push((g, value));
            }
        }
        let wall = start.elapsed();
        let fuel_used = limits.fuel.saturating_sub(store.get_fuel().unwrap_or(0));

        let overflow = capture.lock().unwrap().overflow;
        let exit = match outcome {
            Err(_elapsed) => Exit::WallBackstop,
            Ok(Ok(())) => Exit::Exited(0),
            // The deliberate stop of a snapshot build (checked above).
            Ok(Err(error))
                if error
                    .downcast_ref::<crate::snapshot::SnapshotPoint>()
                    .is_some() =>
            {
                Exit::Trap(error.to_string())
            }
            Ok(Err(error)) => classify(error, overflow)?,
        };
        let memory_refused = store.data().limiter.refused;
        drop(store);
        let capture = Arc::try_unwrap(capture)
            .map(|m| m.into_inner().unwrap())
            .unwrap_or_else(|shared| shared.lock().unwrap().clone());
        Ok(Run {
            exit,
            stdout: capture.stdout,
            stderr: capture.stderr,
            frames: capture.frames,
            fuel_used,
            wall,
            memory_refused,
        })
    }
}

/// A second seed derived from `seed` (so that the secure and insecure
/// generators do not share a stream).
fn derive(seed: &[u8; 32], domain: u8) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(seed);
    hasher.update([domain]);
    hasher.finalize().into()
}

/// Turn the error `_start` ended with into an [`Exit`]; errors that are not
/// the guest's doing come back as `Err`.
fn classify(error: wasmtime::Error, overflow: bool) -> Result<Exit> {
    if overflow {
        return Ok(Exit::OutputOverflow);
    }
    if let Some(exit) = error.downcast_ref::<I32Exit>() {
        return Ok(Exit::Exited(exit.0));
    }
    if let Some(trap) = error.downcast_ref::<Trap>() {
        return Ok(match trap {
            Trap::OutOfFuel => Exit::OutOfFuel,
            Trap::StackOverflow => Exit::StackOverflow,
            other => Exit::Trap(other.to_string()),
        });
    }
    Err(anyhow::Error::from(error).context("the runtime failed outside the candidate's control"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    Stdout,
    Stderr,
}

#[derive(Clone)]
struct Capture {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    frames: Vec<Vec<u8>>,
    overflow: bool,
    cap: usize,
    prefix: Vec<u8>,
}

impl Capture {
    /// Accept one write from the guest. `Err` means the cap was crossed and
    /// the guest must stop now.
    fn accept(&mut self, stream: Stream, bytes: &[u8]) -> std::result::Result<(), ()> {
        if !self.prefix.is_empty()
            && bytes.starts_with(&self.prefix)
            && self.frames.len() < MAX_FRAMES
        {
            self.frames.push(bytes[self.prefix.len()..].to_vec());
            return Ok(());
        }
        let cap = self.cap;
        let buffer = match stream {
            Stream::Stdout => &mut self.stdout,
            Stream::Stderr => &mut self.stderr,
        };
        if buffer.len() + bytes.len() > cap {
            let room = cap - buffer.len();
            buffer.extend_from_slice(&bytes[..room]);
            self.overflow = true;
            return Err(());
        }
        buffer.extend_from_slice(bytes);
        Ok(())
    }
}

/// The guest's stdout or stderr: a handle on the shared [`Capture`].
#[derive(Clone)]
struct Sink {
    capture: Arc<Mutex<Capture>>,
    stream: Stream,
}

impl Sink {
    fn accept(&self, bytes: &[u8]) -> std::result::Result<(), ()> {
        self.capture.lock().unwrap().accept(self.stream, bytes)
    }
}

impl IsTerminal for Sink {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl StdoutStream for Sink {
    fn p2_stream(&self) -> Box<dyn OutputStream> {
        Box::new(self.clone())
    }

    fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
        Box::new(self.clone())
    }
}

#[wasmtime_wasi::async_trait]
impl OutputStream for Sink {
    fn write(&mut self, bytes: Bytes) -> std::result::Result<(), StreamError> {
        self.accept(&bytes)
            .map_err(|()| StreamError::Trap(wasmtime::format_err!("output overflow: cap reached")))
    }

    fn flush(&mut self) -> std::result::Result<(), StreamError> {
        Ok(())
    }

    fn check_write(&mut self) -> std::result::Result<usize, StreamError> {
        Ok(1 << 16)
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for Sink {
    async fn ready(&mut self) {}
}

impl tokio::io::AsyncWrite for Sink {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Poll::Ready(
            self.accept(buf)
                .map(|()| buf.len())
                .map_err(|()| std::io::Error::other("output overflow")),
        )
    }

    fn poll_flush(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: Pin<&mut Self>,
        _cx: &mut std::task::Context<'_>,
    ) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn capture(cap: usize) -> Capture {
        Capture {
            stdout: Vec::new(),
            stderr: Vec::new(),
            frames: Vec::new(),
            overflow: false,
            cap,
            prefix: b"\0WE:abc:".to_vec(),
        }
    }

    #[test]
    fn frames_are_kept_apart_from_output() {
        let mut c = capture(100);
        c.accept(Stream::Stdout, b"hello").unwrap();
        c.accept(Stream::Stderr, b"\0WE:abc:done").unwrap();
        c.accept(Stream::Stdout, b"\0WE:xyz:done").unwrap();
        assert_eq!(c.frames, vec![b"done".to_vec()]);
        assert_eq!(c.stdout, b"hello\0WE:xyz:done");
    }

    #[test]
    fn crossing_the_cap_keeps_the_cap_and_fails() {
        let mut c = capture(4);
        c.accept(Stream::Stdout, b"ab").unwrap();
        assert!(c.accept(Stream::Stdout, b"cdef").is_err());
        assert_eq!(c.stdout, b"abcd");
        assert!(c.overflow);
    }
}
