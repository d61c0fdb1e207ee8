//! The wall between a candidate and the host.
//!
//! Each run gets a new wasmtime Store and instance with: no environment
//! variables, no sockets, no host files (a runtime may mount its own
//! read-only library directory), stdin holding only the bytes the caller
//! supplies, stdout/stderr captured in memory under a byte cap (the write
//! that crosses it stops the guest), a fuel budget, a cap on linear memory,
//! and a wall-clock backstop. What the guest sees is a pure function of the
//! run's inputs: clocks are virtual (see [`clock`]) and randomness comes
//! from generators seeded by the run's seed.
//!
//! The sandbox knows instances, limits, clocks and streams, not languages
//! or verdicts. Two backends share everything here:
//! [`core::CoreSandbox`] runs WASI preview-1 reactors and
//! [`component::ComponentSandbox`] WASI 0.2 components, whose exports the
//! caller drives. Both hand back what the guest did as
//! an [`Observed`].

pub mod clock;
pub mod component;
pub mod core;
pub(crate) mod pair;

use crate::fuel::FuelRate;
use anyhow::Result;
use bytes::Bytes;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::time::Duration;
use wasmtime::{ResourceLimiter, Trap};
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamError};
use wasmtime_wasi::{FsPerms, I32Exit, WasiCtxBuilder};

/// Default cap on guest linear memory.
pub const DEFAULT_MEMORY_BYTES: usize = 512 << 20;
/// Default cap on each of stdout and stderr.
pub const DEFAULT_OUTPUT_BYTES: usize = 256 << 10;
/// Smallest memory cap that leaves room for an interpreter to start.
pub const MIN_MEMORY_BYTES: usize = 64 << 20;
/// Largest memory cap (a 32-bit guest cannot address more).
pub const MAX_MEMORY_BYTES: usize = 4 << 30;
/// Largest output cap per stream.
pub const MAX_OUTPUT_BYTES: usize = 64 << 20;
/// The guest yields to the async executor after this much fuel, so that the
/// wall-clock backstop can fire even in a tight loop (a few ms of guest time).
const YIELD_FUEL: u64 = 50_000_000;

/// Hard limits of one run.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Fuel budget (see [`crate::fuel`]).
    pub fuel: u64,
    /// How fast the guest's virtual clocks advance with fuel.
    pub rate: FuelRate,
    /// The stall backstop: how long the guest may make no progress.
    pub wall: Duration,
    /// Cap on linear memory in bytes.
    pub memory_bytes: usize,
    /// Cap on each of stdout and stderr in bytes.
    pub output_bytes: usize,
}

/// How the guest stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Exit {
    /// It finished (a command's `_start` returned, every call returned) or
    /// called exit with this code.
    Exited(i32),
    /// The fuel budget ran out.
    OutOfFuel,
    /// The wall-clock backstop fired.
    WallBackstop,
    /// stdout or stderr crossed its cap; the guest was stopped at that write.
    OutputOverflow,
    /// The guest handed an import more data in one call than wasmtime
    /// copies (its hostcall budget, 128 MiB): output too large as well,
    /// said as what it was.
    ImportOverflow,
    /// The scratch directory grew past its quota (what was found, in
    /// words); the guest was stopped at the next check.
    ScratchOverflow(String),
    /// The WebAssembly call stack was exhausted.
    StackOverflow,
    /// Any other trap, with wasmtime's description.
    Trap(String),
}

/// Everything the host observed of one run, apart from the harness's report.
#[derive(Debug, Clone)]
pub struct Observed {
    pub exit: Exit,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub fuel_used: u64,
    pub wall: Duration,
    /// The guest asked for more linear memory than the cap allows (it may
    /// have handled the refusal).
    pub memory_refused: bool,
}

impl Observed {
    /// Count in what the run's other instance (the candidate's, of a run
    /// with a judge) was observed doing: a memory refusal of either, the
    /// longer wall time. Its output is already in the run's one capture.
    pub(crate) fn merge_candidate(&mut self, candidate: &Observed) {
        self.memory_refused |= candidate.memory_refused;
        self.wall = self.wall.max(candidate.wall);
    }
}

/// What a run's guest is given, beside its program.
#[derive(Debug, Clone, Default)]
pub struct Io {
    /// Bytes on stdin.
    pub stdin: Vec<u8>,
    /// What starts every frame a harness writes to the host's file
    /// descriptor (see [`core::link_host_fd`]): the run's secret, so that
    /// only the harness, which holds it, can write one.
    pub frame_prefix: Vec<u8>,
    /// Seed of every random byte the guest sees.
    pub seed: [u8; 32],
    /// Command-line arguments (argv[0] included).
    pub args: Vec<String>,
    /// Host directories mounted read-only: (host path, guest path).
    pub mounts: Vec<(PathBuf, String)>,
    /// A scratch directory mounted writable at `/tmp` (programs' working
    /// directory, unit-test files' `tmp_path`), kept under its quota.
    pub scratch: Option<crate::scratch::Mount>,
    /// The guest is a program compiled from the candidate's own source (C,
    /// C++), not an interpreter: whatever it traps on is the program's
    /// doing, an indirect call through a mistyped function pointer
    /// included.
    pub compiled: bool,
}

/// Run `call`, checking the scratch directory (if any) between the
/// guest's fuel yields: `Err` with the reason when it went over its quota
/// (the call is dropped, which stops the guest).
pub(crate) async fn watch_scratch<F: std::future::Future>(
    call: F,
    scratch: Option<&crate::scratch::Mount>,
) -> std::result::Result<F::Output, String> {
    let Some(dir) = scratch else {
        return Ok(call.await);
    };
    let mut call = std::pin::pin!(call);
    let mut last = std::time::Instant::now();
    let output = std::future::poll_fn(|cx| {
        if last.elapsed() >= Duration::from_millis(2) {
            last = std::time::Instant::now();
            if let Some(problem) = dir.over_quota() {
                return std::task::Poll::Ready(Err(problem));
            }
        }
        call.as_mut().poll(cx).map(Ok)
    })
    .await?;
    match dir.over_quota() {
        Some(problem) => Err(problem),
        None => Ok(output),
    }
}

/// A guest that made no progress for the stall backstop's stretch.
struct Stalled;

/// Run `call` until it finishes, or until it has made no progress for
/// `stall`. Progress is the call waking itself: a guest hands control back
/// at every fuel slice by waking its task and yielding, and a host call
/// that completes wakes it too; a guest blocked in a host call that never
/// completes wakes nothing, and only the backstop's timer polls it then.
async fn stalls<F: std::future::Future>(
    call: F,
    stall: Duration,
) -> std::result::Result<F::Output, Stalled> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::task::{Wake, Waker};

    /// The task's waker, noting that the call woke it.
    struct Noting {
        woken: AtomicBool,
        task: Mutex<Waker>,
    }
    impl Wake for Noting {
        fn wake(self: Arc<Self>) {
            self.wake_by_ref();
        }
        fn wake_by_ref(self: &Arc<Self>) {
            self.woken.store(true, Ordering::SeqCst);
            self.task
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .wake_by_ref();
        }
    }

    let mut call = std::pin::pin!(call);
    let mut timer = std::pin::pin!(tokio::time::sleep(stall));
    let mut noting: Option<Arc<Noting>> = None;
    std::future::poll_fn(|cx| {
        let noting = noting.get_or_insert_with(|| {
            Arc::new(Noting {
                woken: AtomicBool::new(true),
                task: Mutex::new(cx.waker().clone()),
            })
        });
        {
            let mut task = noting.task.lock().unwrap_or_else(|e| e.into_inner());
            if !task.will_wake(cx.waker()) {
                *task = cx.waker().clone();
            }
        }
        if noting.woken.swap(false, Ordering::SeqCst) {
            timer.as_mut().reset(tokio::time::Instant::now() + stall);
        } else if timer.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(Stalled));
        }
        let waker = Waker::from(noting.clone());
        let mut inner = std::task::Context::from_waker(&waker);
        match call.as_mut().poll(&mut inner) {
            Poll::Ready(output) => Poll::Ready(Ok(output)),
            Poll::Pending => {
                // Keep the timer registered with the task.
                let _ = timer.as_mut().poll(cx);
                Poll::Pending
            }
        }
    })
    .await
}

/// What a session (component or reactor) keeps beside its store: the
/// output, its deadline and fuel budget, and how the guest stopped.
pub(crate) struct Watch {
    capture: Arc<Mutex<Capture>>,
    scratch: Option<crate::scratch::Mount>,
    started: std::time::Instant,
    stall: Duration,
    fuel: u64,
    /// How the guest stopped, once it has: later calls do not enter it.
    stopped: Option<Exit>,
    /// See [`Io::compiled`].
    compiled: bool,
}

impl Watch {
    /// Start watching a run of `io` under `limits` whose output goes to
    /// `capture`.
    pub fn new(capture: Arc<Mutex<Capture>>, io: &Io, limits: &Limits) -> Watch {
        let started = std::time::Instant::now();
        Watch {
            capture,
            scratch: io.scratch.clone(),
            compiled: io.compiled,
            started,
            stall: limits.wall,
            fuel: limits.fuel,
            stopped: None,
        }
    }

    /// How the guest stopped, if it has.
    pub fn stopped(&self) -> Option<&Exit> {
        self.stopped.as_ref()
    }

    /// Where the guest's output goes.
    pub fn capture(&self) -> Arc<Mutex<Capture>> {
        self.capture.clone()
    }

    /// Await a call into the guest, checking the scratch directory and
    /// that the guest keeps running: `Ok(Ok(value))` when it returned,
    /// `Ok(Err(exit))` when the guest stopped (remembered: later calls must
    /// not enter it), `Err` for a failure of wasmeval itself.
    pub async fn call<T>(
        &mut self,
        call: impl std::future::Future<Output = wasmtime::Result<T>>,
    ) -> Result<std::result::Result<T, Exit>> {
        if let Some(exit) = &self.stopped {
            return Ok(Err(exit.clone()));
        }
        let exit = match stalls(watch_scratch(call, self.scratch.as_ref()), self.stall).await {
            Ok(Ok(Ok(value))) => return Ok(Ok(value)),
            Err(Stalled) => Exit::WallBackstop,
            Ok(Err(problem)) => Exit::ScratchOverflow(problem),
            Ok(Ok(Err(error))) => {
                let overflow = self
                    .capture
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .overflow;
                classify(error, overflow, self.compiled)?
            }
        };
        self.stopped = Some(exit.clone());
        Ok(Err(exit))
    }

    /// Fuel used so far, from the fuel the store has left.
    pub fn fuel_used(&self, left: Option<u64>) -> u64 {
        self.fuel.saturating_sub(left.unwrap_or(0))
    }

    /// End the run: what was observed, and the frames. A guest that never
    /// stopped finished normally.
    pub fn end(self, fuel_left: Option<u64>, memory_refused: bool) -> (Observed, Vec<Vec<u8>>) {
        let fuel_used = self.fuel_used(fuel_left);
        let capture = Capture::take(self.capture);
        let observed = Observed {
            exit: self.stopped.unwrap_or(Exit::Exited(0)),
            stdout: capture.stdout,
            stderr: capture.stderr,
            fuel_used,
            wall: self.started.elapsed(),
            memory_refused,
        };
        (observed, capture.frames)
    }
}

/// The WASI context for a run: seeded randomness, captured output, no
/// network, no environment, only the given read-only mounts.
pub(crate) fn wasi_context(io: &Io, capture: &Arc<Mutex<Capture>>) -> Result<WasiCtxBuilder> {
    let mut builder = WasiCtxBuilder::new();
    builder
        .args(&io.args)
        .stdin(wasmtime_wasi::p2::pipe::MemoryInputPipe::new(
            io.stdin.clone(),
        ))
        // Preview 1's fstat(0) sees a file of the input's size, as a judge
        // that gives the input as a file shows it (vendor/README.md).
        .stdin_file_size(io.stdin.len() as u64)
        .stdout(Sink {
            capture: capture.clone(),
            stream: Stream::Stdout,
        })
        .stderr(Sink {
            capture: capture.clone(),
            stream: Stream::Stderr,
        })
        .secure_random(StdRng::from_seed(derive(&io.seed, 0)))
        .insecure_random(StdRng::from_seed(derive(&io.seed, 1)))
        .insecure_random_seed(u128::from_le_bytes(
            derive(&io.seed, 2)[..16].try_into().expect("16 bytes"),
        ))
        .allow_tcp(false)
        .allow_udp(false)
        .allow_ip_name_lookup(false);
    if !io.mounts.is_empty() || io.scratch.is_some() {
        // Reading a mounted directory does blocking file I/O on this thread;
        // the files are the runtime's own library, small and local.
        builder.allow_blocking_current_thread(true);
        for (host, guest) in &io.mounts {
            builder.preopened_dir(host, guest, FsPerms::ReadOnly)?;
        }
        if let Some(scratch) = &io.scratch {
            builder.preopened_dir(scratch.path(), "/tmp", FsPerms::ReadWrite)?;
        }
    }
    Ok(builder)
}

/// A seed derived from `seed` for one purpose (so that generators do not
/// share a stream).
pub fn derive(seed: &[u8; 32], domain: u8) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(seed);
    hasher.update([domain]);
    hasher.finalize().into()
}

/// Refuses linear-memory growth past the cap (the guest sees an allocation
/// failure: a MemoryError, "out of memory") and records that it did.
pub(crate) struct MemoryCap {
    pub cap: usize,
    pub refused: bool,
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

/// Turn the error a guest call ended with into an [`Exit`]; errors that are
/// not the guest's doing come back as `Err`.
pub(crate) fn classify(error: wasmtime::Error, overflow: bool, compiled: bool) -> Result<Exit> {
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
            // An indirect call whose type does not match is a broken
            // runtime (or a damaged compiled file), not anything a
            // candidate's code can make an interpreter do.
            Trap::BadSignature if compiled => Exit::Trap(
                "indirect call type mismatch (a call through a function pointer of the wrong \
                 type)"
                    .into(),
            ),
            Trap::BadSignature => {
                return Err(anyhow::Error::from(error).context(
                    "the runtime itself is broken (an indirect call with the wrong type)",
                ));
            }
            other => Exit::Trap(other.to_string()),
        });
    }
    if error.downcast_ref::<wasmtime::ThrownException>().is_some() {
        // A C++ exception thrown outside `main` (a global's constructor)
        // or a `longjmp` with no `setjmp` to land on: the program's own.
        return Ok(Exit::Trap(
            "an exception was thrown and nothing caught it (a C++ exception thrown outside \
             main, or a longjmp with no setjmp)"
                .into(),
        ));
    }
    if let Some(stop) = error.downcast_ref::<GuestStop>() {
        return Ok(Exit::Trap(stop.to_string()));
    }
    if let Some(stop) = error.downcast_ref::<pair::PeerStopped>() {
        return Ok(Exit::Trap(stop.to_string()));
    }
    if error.downcast_ref::<HostFailure>().is_some() {
        return Err(anyhow::Error::from(error)
            .context("the runtime failed outside the candidate's control"));
    }
    // Anything else ended a call while the guest was on the stack: what
    // the guest did (an import it was never given, arguments too large to
    // copy), never wasmeval's failure, which would take the sample out of
    // the candidate's hands. wasmtime's copy budget for an import's
    // arguments is spent before a host function can check their size: that
    // is output too large, as a write past the cap is.
    let text = format!("{error:#}");
    if text.contains(HOSTCALL_COPY_BUDGET) {
        return Ok(Exit::ImportOverflow);
    }
    tracing::debug!("a guest call ended with {text}");
    // What happened, without wasmtime's backtrace of the guest.
    let what = error
        .chain()
        .map(|cause| cause.to_string())
        .find(|text| !text.starts_with("error while executing at wasm backtrace"))
        .unwrap_or_else(|| "the guest stopped in an import".to_string());
    Ok(Exit::Trap(what))
}

/// What wasmtime (48, vendored) says when a guest hands an import more data
/// than its copy budget for one call (128 MiB); its error type is private.
const HOSTCALL_COPY_BUDGET: &str = "fuel allocated for hostcalls has been exhausted";

/// A host function's failure that is wasmeval's own (a host resource it
/// could not get), not anything the guest did: the one error of a guest
/// call that is `internal`.
#[derive(Debug)]
pub struct HostFailure(pub String);

impl std::fmt::Display for HostFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostFailure {}

/// An error a host function returns to stop the guest for something the
/// guest did (a write past the output cap).
#[derive(Debug)]
pub(crate) struct GuestStop(pub &'static str);

impl std::fmt::Display for GuestStop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for GuestStop {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stream {
    Stdout,
    Stderr,
}

/// Output of one run, shared by the guest's stdout and stderr streams.
#[derive(Clone, Debug)]
pub(crate) struct Capture {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub frames: Vec<Vec<u8>>,
    pub overflow: bool,
    cap: usize,
    prefix: Vec<u8>,
    /// Bytes of frames still allowed; frames past it count as output.
    frame_budget: usize,
}

impl Capture {
    /// A capture with `cap` bytes per stream, and room for `frame_budget`
    /// bytes of frames that start with `prefix` in all.
    pub fn new(cap: usize, prefix: Vec<u8>, frame_budget: usize) -> Capture {
        Capture {
            stdout: Vec::new(),
            stderr: Vec::new(),
            frames: Vec::new(),
            overflow: false,
            cap,
            prefix,
            frame_budget,
        }
    }

    /// Accept one frame of a harness's report (see
    /// [`core::link_host_fd`]), its prefix taken off. One without the
    /// prefix, past the frame budget or not `allowed`, counts as output. `Err` means the
    /// cap was crossed and the guest must stop now.
    fn accept_frame(
        &mut self,
        frame: &[u8],
        allowed: Option<fn(&[u8]) -> bool>,
    ) -> std::result::Result<(), ()> {
        if !self.prefix.is_empty()
            && frame.starts_with(&self.prefix)
            && frame.len() <= self.frame_budget
            && allowed.is_none_or(|allowed| allowed(&frame[self.prefix.len()..]))
        {
            self.frame_budget -= frame.len();
            self.frames.push(frame[self.prefix.len()..].to_vec());
            return Ok(());
        }
        self.accept(Stream::Stdout, frame)
    }

    /// Accept one write from the guest. `Err` means the cap was crossed and
    /// the guest must stop now.
    fn accept(&mut self, stream: Stream, bytes: &[u8]) -> std::result::Result<(), ()> {
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

    /// Take the output out of a shared capture.
    pub fn take(shared: Arc<Mutex<Capture>>) -> Capture {
        Arc::try_unwrap(shared)
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .unwrap_or_else(|shared| shared.lock().unwrap_or_else(|e| e.into_inner()).clone())
    }
}

/// The guest's stdout or stderr: a handle on the shared [`Capture`].
#[derive(Clone)]
pub(crate) struct Sink {
    capture: Arc<Mutex<Capture>>,
    stream: Stream,
}

impl Sink {
    fn accept(&self, bytes: &[u8]) -> std::result::Result<(), ()> {
        self.capture
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .accept(self.stream, bytes)
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

/// How much one write may carry. A guest that writes through an unbuffered
/// stream ignores short writes (CPython's stdout on WASI 0.2 does), so a
/// permit smaller than its write would silently drop output: allow more
/// than any cap, and let the cap stop the guest instead.
const WRITE_PERMIT: usize = MAX_OUTPUT_BYTES * 2;

#[wasmtime_wasi::async_trait]
impl OutputStream for Sink {
    fn write(&mut self, bytes: Bytes) -> std::result::Result<(), StreamError> {
        self.accept(&bytes).map_err(|()| {
            StreamError::Trap(wasmtime::Error::new(GuestStop(
                "output overflow: cap reached",
            )))
        })
    }

    fn flush(&mut self) -> std::result::Result<(), StreamError> {
        Ok(())
    }

    fn check_write(&mut self) -> std::result::Result<usize, StreamError> {
        Ok(WRITE_PERMIT)
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

/// Set the fuel budget and async yielding of a new store.
pub(crate) fn arm<T>(store: &mut wasmtime::Store<T>, limits: &Limits) -> Result<()> {
    store.set_fuel(limits.fuel)?;
    store.fuel_async_yield_interval(Some(YIELD_FUEL))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_kept_apart_from_output() {
        let mut c = Capture::new(100, b"\0WE:abc:".to_vec(), 1000);
        c.accept(Stream::Stdout, b"hello").unwrap();
        c.accept(Stream::Stdout, b"\0WE:abc:stdout").unwrap();
        c.accept_frame(b"\0WE:abc:done", None).unwrap();
        c.accept_frame(b"\0WE:xyz:done", None).unwrap();
        assert_eq!(c.frames, vec![b"done".to_vec()]);
        assert_eq!(c.stdout, b"hello\0WE:abc:stdout\0WE:xyz:done");
        // An instance that may not write this frame writes output.
        c.accept_frame(b"\0WE:abc:dome", Some(|frame| frame != b"dome"))
            .unwrap();
        assert_eq!(c.frames.len(), 1);
        assert!(c.stdout.ends_with(b"\0WE:abc:dome"));
    }

    #[test]
    fn frames_past_their_budget_count_against_the_output_cap() {
        let mut c = Capture::new(30, b"\0P:".to_vec(), 10);
        c.accept_frame(b"\0P:123456", None).unwrap();
        c.accept_frame(b"\0P:123456", None).unwrap();
        assert_eq!(c.frames.len(), 1);
        assert_eq!(c.stdout, b"\0P:123456");
        assert!(c.accept_frame(&[b'x'; 40], None).is_err());
        assert!(c.overflow);
    }

    /// An indirect call with the wrong type is a broken runtime, which no
    /// candidate can cause: wasmeval's failure (`internal`), not a `trap`
    /// counted against the candidate.
    #[test]
    fn a_signature_mismatch_is_the_runtimes_fault() {
        let engine = wasmtime::Engine::default();
        let module = wasmtime::Module::new(
            &engine,
            wat::parse_str(
                r#"(module (type $t (func (param i32)))
                    (table 1 funcref) (elem (i32.const 0) $f)
                    (func $f)
                    (func (export "go") (call_indirect (type $t) (i32.const 1) (i32.const 0)))
                    (func (export "trap") unreachable))"#,
            )
            .unwrap(),
        )
        .unwrap();
        let mut store = wasmtime::Store::new(&engine, ());
        let instance = wasmtime::Instance::new(&mut store, &module, &[]).unwrap();
        let call = |store: &mut wasmtime::Store<()>, name: &str| {
            let func = instance
                .get_typed_func::<(), ()>(&mut *store, name)
                .unwrap();
            func.call(store, ()).unwrap_err()
        };
        let err = classify(call(&mut store, "go"), false, false).unwrap_err();
        assert!(
            format!("{err:#}").contains("the runtime itself is broken"),
            "{err:#}"
        );
        assert!(matches!(
            classify(call(&mut store, "trap"), false, false),
            Ok(Exit::Trap(_))
        ));
    }

    /// An error that ends a guest call is the guest's (`trap`), or output
    /// too large when it is wasmtime's copy budget for an import's
    /// arguments; only a [`HostFailure`] is wasmeval's own.
    #[test]
    fn only_a_host_failure_is_wasmevals_own() {
        let budget = wasmtime::Error::msg(format!(
            "too much data is being copied between the host and the guest: \
             {HOSTCALL_COPY_BUDGET}"
        ))
        .context("lifting the arguments of `report`");
        assert!(matches!(
            classify(budget, false, false),
            Ok(Exit::ImportOverflow)
        ));
        let unknown =
            wasmtime::Error::msg("unknown import `js`: this runtime defines no such import");
        assert!(matches!(
            classify(unknown, false, false),
            Ok(Exit::Trap(text)) if text.contains("unknown import")
        ));
        let host = wasmtime::Error::new(HostFailure("the disk is full".into()));
        let err = classify(host, false, false).unwrap_err();
        assert!(format!("{err:#}").contains("the disk is full"), "{err:#}");
    }

    /// The backstop stops a guest blocked in a host call that never
    /// returns, and not one that keeps running far longer than the
    /// backstop's stretch.
    #[test]
    fn a_blocked_guest_is_stopped_and_a_slow_one_is_not() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let mut config = wasmtime::Config::new();
        config.consume_fuel(true);
        let engine = wasmtime::Engine::new(&config).unwrap();
        let module = wasmtime::Module::new(
            &engine,
            wat::parse_str(
                r#"(module (import "host" "block" (func $block))
                    (memory (export "memory") 1)
                    (func (export "blocked") (call $block))
                    (func (export "spin") (loop $l (br $l))))"#,
            )
            .unwrap(),
        )
        .unwrap();
        let sandbox = core::CoreSandbox::with_imports(&engine, &module, |linker| {
            linker.func_wrap_async("host", "block", |_caller, ()| {
                Box::new(async {
                    tokio::time::sleep(Duration::from_secs(3600)).await;
                    Ok(())
                })
            })?;
            Ok(())
        })
        .unwrap();
        let limits = |fuel, wall| Limits {
            fuel,
            rate: crate::fuel::PYTHON,
            wall,
            memory_bytes: MIN_MEMORY_BYTES,
            output_bytes: 1024,
        };
        runtime.block_on(async {
            let io = Io::default();
            let blocked = limits(u64::MAX / 2, Duration::from_millis(200));
            let mut session = sandbox.session(&io, &blocked).await.unwrap();
            let started = std::time::Instant::now();
            let exit = session.call::<(), ()>("blocked", ()).await.unwrap();
            assert_eq!(exit, Err(Exit::WallBackstop));
            assert!(started.elapsed() < Duration::from_secs(5));
            // A spin of several hundred milliseconds with a 20 ms stretch:
            // decided by fuel.
            let slow = limits(3_000_000_000, Duration::from_millis(20));
            let mut session = sandbox.session(&io, &slow).await.unwrap();
            let started = std::time::Instant::now();
            let exit = session.call::<(), ()>("spin", ()).await.unwrap();
            assert_eq!(exit, Err(Exit::OutOfFuel));
            assert!(started.elapsed() > Duration::from_millis(20));
        });
    }

    #[test]
    fn crossing_the_cap_keeps_the_cap_and_fails() {
        let mut c = Capture::new(4, Vec::new(), 0);
        c.accept(Stream::Stdout, b"ab").unwrap();
        assert!(c.accept(Stream::Stdout, b"cdef").is_err());
        assert_eq!(c.stdout, b"abcd");
        assert!(c.overflow);
    }
}
