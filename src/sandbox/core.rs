//! WASI preview-1 reactors: a fresh instance per run whose exports the
//! caller drives, to the end ([`CoreSandbox::run`]) or one call at a time
//! ([`CoreSandbox::session`]).

use super::{Capture, Exit, Io, Limits, MemoryCap, Observed, Watch, arm, wasi_context};
use crate::fuel::FuelRate;
use anyhow::{Context, Result};
use std::sync::{Arc, Mutex};
use wasmtime::{Engine, Instance, InstancePre, Linker, Module, Store};
use wasmtime_wasi::p1::WasiP1Ctx;

/// A compiled WASI command, ready to be instantiated many times.
///
/// Cheap to share: every run creates its own Store, so runs on different
/// threads never see each other.
#[derive(Clone)]
pub struct CoreSandbox {
    engine: Engine,
    pre: InstancePre<Guest>,
}

/// Store data of a preview-1 run.
pub struct Guest {
    wasi: WasiP1Ctx,
    limiter: MemoryCap,
    fuel_budget: u64,
    rate: FuelRate,
    memory: Option<wasmtime::Memory>,
    /// Requests the guest sent through host imports, in order (capped).
    pub messages: Vec<Vec<u8>>,
    /// The last answer of a phase a reactor's harness sent (python-sci's
    /// `K`, `E` or `S` messages), whole.
    pub result: Option<Vec<u8>>,
    /// A judge's link to its candidate's instance (see [`super::pair`]).
    pub(crate) link: Option<Box<super::pair::Link>>,
    /// A candidate's link to its judge's instance.
    pub(crate) uplink: Option<super::pair::Uplink>,
    /// What the host says next to the harness, and how much of it the
    /// harness has read (see [`link_host_fd`]).
    pub(crate) pending: Option<(Vec<u8>, usize)>,
    /// What the harness wrote for its next call (see [`link_host_fd`]).
    outbox: Vec<u8>,
    /// Which frames this instance may write (the candidate's instance of a
    /// run with a judge: none that is a verdict); the others count as
    /// output. `None`: every frame.
    pub(crate) frames: Option<fn(&[u8]) -> bool>,
    /// Where the output and the frames go.
    capture: Arc<Mutex<Capture>>,
}

/// The file descriptor a harness reports on (see [`link_host_fd`]). WASI
/// numbers a guest's files from 3 up, so no file the guest opens is it.
pub const HOST_FD: i32 = 1 << 30;

/// Messages one run may send through host imports; more are dropped.
pub const MAX_MESSAGES: usize = 4096;
/// Bytes of one message kept.
pub const MAX_MESSAGE_BYTES: usize = 64 << 10;

impl Guest {
    /// Record a message from the guest (within the caps).
    pub fn record(&mut self, message: Vec<u8>) {
        if self.messages.len() < MAX_MESSAGES {
            let mut message = message;
            message.truncate(MAX_MESSAGE_BYTES);
            self.messages.push(message);
        }
    }
}

impl super::clock::GuestClock for Guest {
    fn fuel_budget(&self) -> u64 {
        self.fuel_budget
    }

    fn rate(&self) -> FuelRate {
        self.rate
    }

    fn memory(&self) -> Option<wasmtime::Memory> {
        self.memory
    }
}

/// Frames a run may write beyond its targets' share: ready, the candidate's
/// ending, done, blacklist hits.
const FRAME_ALLOWANCE: usize = 64;

/// The bytes of frames a run whose harness may write `frames` frames may
/// write.
pub(crate) fn frame_budget(frames: usize) -> usize {
    (frames + FRAME_ALLOWANCE).saturating_mul(crate::report::MAX_EVENT_BYTES + 64)
}

impl CoreSandbox {
    /// Link `module` against WASI preview 1 with virtual clocks (nothing
    /// else is importable).
    pub fn new(engine: &Engine, module: &Module) -> Result<CoreSandbox> {
        CoreSandbox::with_imports(engine, module, |_| Ok(()))
    }

    /// Like [`CoreSandbox::new`], plus the host imports `imports` adds.
    pub fn with_imports(
        engine: &Engine,
        module: &Module,
        imports: impl FnOnce(&mut Linker<Guest>) -> wasmtime::Result<()>,
    ) -> Result<CoreSandbox> {
        let mut linker: Linker<Guest> = Linker::new(engine);
        wasmtime_wasi::p1::add_to_linker_async(&mut linker, |g: &mut Guest| &mut g.wasi)?;
        super::clock::add_to_linker_p1(&mut linker)?;
        imports(&mut linker)?;
        let pre = linker
            .instantiate_pre(module)
            .map_err(anyhow::Error::from)
            .context("linking the runtime against WASI")?;
        Ok(CoreSandbox {
            engine: engine.clone(),
            pre,
        })
    }

    /// Run one fresh instance of a WASI command under `limits`: its
    /// `_start`, as a process runs `main` (how it ended is the
    /// [`Observed`]'s exit).
    pub async fn run_command(&self, io: &Io, limits: &Limits) -> Result<Observed> {
        let (observed, _) = self
            .run(io, limits, 0, async |session| {
                let _ = session.call::<(), ()>("_start", ()).await?;
                Ok(())
            })
            .await?;
        Ok(observed)
    }

    /// Run one fresh instance under `limits`: `drive` calls its exports
    /// (a reactor's start-up, say). `frames` is how many frames the
    /// harness may write (more are counted as output).
    ///
    /// An `Err` is a failure of wasmeval itself (instantiation failed, ...),
    /// never something the guest did: everything the guest can cause is in
    /// the [`Observed`] and the frames.
    pub async fn run(
        &self,
        io: &Io,
        limits: &Limits,
        frames: usize,
        drive: impl AsyncFnOnce(&mut CoreSession) -> Result<()>,
    ) -> Result<(Observed, Vec<Vec<u8>>)> {
        let capture = Capture::new(
            limits.output_bytes,
            io.frame_prefix.clone(),
            frame_budget(frames),
        );
        let mut session = self.start(io, limits, capture).await?;
        drive(&mut session).await?;
        let (observed, frames, _messages) = session.end();
        Ok((observed, frames))
    }

    fn store(
        &self,
        io: &Io,
        limits: &Limits,
        capture: &Arc<Mutex<Capture>>,
    ) -> Result<Store<Guest>> {
        let wasi = wasi_context(io, capture)?.build_p1();
        let mut store = Store::new(
            &self.engine,
            Guest {
                wasi,
                limiter: MemoryCap {
                    cap: limits.memory_bytes,
                    refused: false,
                },
                fuel_budget: limits.fuel,
                rate: limits.rate,
                memory: None,
                messages: Vec::new(),
                result: None,
                link: None,
                uplink: None,
                pending: None,
                outbox: Vec::new(),
                frames: None,
                capture: capture.clone(),
            },
        );
        store.limiter(|g| &mut g.limiter);
        arm(&mut store, limits)?;
        Ok(store)
    }

    /// A fresh instance of a reactor for one run: instantiated (a reactor's
    /// `_initialize`, if it exports one, is called), its exports ready for
    /// [`CoreSession::call`].
    pub async fn session(&self, io: &Io, limits: &Limits) -> Result<CoreSession> {
        self.session_sharing(io, limits, None).await
    }

    /// [`CoreSandbox::session`] whose output goes to `capture` (shared
    /// with another instance of the run: one stream, one cap), or to its
    /// own.
    pub(crate) async fn session_sharing(
        &self,
        io: &Io,
        limits: &Limits,
        capture: Option<Arc<Mutex<Capture>>>,
    ) -> Result<CoreSession> {
        let capture = capture.unwrap_or_else(|| {
            Arc::new(Mutex::new(Capture::new(limits.output_bytes, Vec::new(), 0)))
        });
        self.start_shared(io, limits, capture).await
    }

    async fn start(&self, io: &Io, limits: &Limits, capture: Capture) -> Result<CoreSession> {
        self.start_shared(io, limits, Arc::new(Mutex::new(capture)))
            .await
    }

    async fn start_shared(
        &self,
        io: &Io,
        limits: &Limits,
        capture: Arc<Mutex<Capture>>,
    ) -> Result<CoreSession> {
        let mut store = self.store(io, limits, &capture)?;
        let mut watch = Watch::new(capture, io, limits);
        let pre = self.pre.clone();
        let start = async {
            let instance = pre.instantiate_async(&mut store).await?;
            store.data_mut().memory = instance.get_memory(&mut store, "memory");
            if let Ok(init) = instance.get_typed_func::<(), ()>(&mut store, "_initialize") {
                init.call_async(&mut store, ()).await?;
            }
            wasmtime::Result::Ok(instance)
        };
        let instance = watch.call(start).await?.ok();
        Ok(CoreSession {
            store,
            instance,
            watch,
        })
    }
}

/// Give a reactor's harness its channel to the host, on descriptors the
/// host answers itself:
///
/// - a write to [`HOST_FD`] that starts with the run's frame prefix (its
///   secret, [`Io::frame_prefix`]) is a **frame** of the run's report, kept
///   apart from the output up to the run's frame budget (and only the
///   frames [`Guest::frames`] allows);
/// - a **call** is a one-byte write to [`HOST_FD`], `X` or `S`, whose text
///   is what the harness wrote to `HOST_FD + 1` since its last call: `X`
///   sends it to the run's other instance (see [`super::pair`]), whose next
///   message is the reply; `S` is a served answer (kept in
///   [`Guest::result`]);
/// - a **read** of [`HOST_FD`] gives what the host says ([`Guest::pending`]:
///   the run's payload, a call's reply, a request to serve), then the end of
///   file;
/// - any other write to [`HOST_FD`] is output.
///
/// Nothing the program prints on stdout or stderr can be a frame or a
/// call. This replaces WASI's `fd_write` and `fd_read`: writes to stdout
/// and stderr go to the run's capture as WASI's would, stdin is empty (the
/// harness has its input from the host), and every other descriptor is
/// `EBADF`, which is what WASI answers an instance without files. Only for
/// runtimes that mount nothing (JavaScript).
pub fn link_host_fd(linker: &mut Linker<Guest>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    linker.func_wrap_async(
        "wasi_snapshot_preview1",
        "fd_write",
        |mut caller: wasmtime::Caller<'_, Guest>,
         (fd, iovs, count, written): (i32, i32, i32, i32)| {
            Box::new(async move {
                let Some(memory) = caller.data().memory else {
                    return Ok(ERRNO_FAULT);
                };
                let Some(bytes) = gather(memory.data(&caller), iovs, count) else {
                    return Ok(ERRNO_FAULT);
                };
                let Ok(total) = u32::try_from(bytes.len()) else {
                    return Ok(ERRNO_FAULT);
                };
                match (fd, bytes.as_slice()) {
                    (HOST_FD, [b'X']) => {
                        let message = std::mem::take(&mut caller.data_mut().outbox);
                        let reply = exchange(&mut caller, message).await?;
                        caller.data_mut().pending = Some((reply, 0));
                    }
                    (HOST_FD, [b'S']) => {
                        let answer = std::mem::take(&mut caller.data_mut().outbox);
                        caller.data_mut().result = Some(answer);
                    }
                    (OUTBOX_FD, _) => {
                        let outbox = &mut caller.data_mut().outbox;
                        if outbox.len() + bytes.len() > crate::boundary::MAX_MESSAGE_BYTES {
                            return Err(wasmtime::Error::new(super::GuestStop(
                                "a message to the host over its size cap",
                            )));
                        }
                        outbox.extend_from_slice(&bytes);
                    }
                    _ => {
                        let frames = caller.data().frames;
                        let accepted = {
                            let mut capture = caller
                                .data()
                                .capture
                                .lock()
                                .unwrap_or_else(|e| e.into_inner());
                            match fd {
                                1 => capture.accept(super::Stream::Stdout, &bytes),
                                2 => capture.accept(super::Stream::Stderr, &bytes),
                                HOST_FD => capture.accept_frame(&bytes, frames),
                                _ => return Ok(ERRNO_BADF),
                            }
                        };
                        if accepted.is_err() {
                            return Err(wasmtime::Error::new(super::GuestStop(
                                "output overflow: cap reached",
                            )));
                        }
                    }
                }
                if memory
                    .write(&mut caller, written as u32 as usize, &total.to_le_bytes())
                    .is_err()
                {
                    return Ok(ERRNO_FAULT);
                }
                Ok(0)
            })
        },
    )?;
    linker.func_wrap(
        "wasi_snapshot_preview1",
        "fd_read",
        |mut caller: wasmtime::Caller<'_, Guest>,
         fd: i32,
         iovs: i32,
         count: i32,
         read: i32|
         -> wasmtime::Result<i32> {
            let Some(memory) = caller.data().memory else {
                return Ok(ERRNO_FAULT);
            };
            if fd != HOST_FD && fd != 0 {
                return Ok(ERRNO_BADF);
            }
            let (data, guest) = memory.data_and_store_mut(&mut caller);
            let mut total = 0usize;
            if fd == HOST_FD {
                let Some(scattered) = scatter(data, iovs, count, guest.pending.as_mut()) else {
                    return Ok(ERRNO_FAULT);
                };
                total = scattered;
                if total == 0 {
                    // The end of what the host said.
                    guest.pending = None;
                }
            }
            if memory
                .write(
                    &mut caller,
                    read as u32 as usize,
                    &(total as u32).to_le_bytes(),
                )
                .is_err()
            {
                return Ok(ERRNO_FAULT);
            }
            Ok(0)
        },
    )?;
    Ok(())
}

/// Where the harness writes a call's text (see [`link_host_fd`]).
const OUTBOX_FD: i32 = HOST_FD + 1;

/// Copy what is left of `pending` into `count` iovecs at `iovs`: how many
/// bytes, `None` if an iovec lies outside the memory.
fn scatter(
    memory: &mut [u8],
    iovs: i32,
    count: i32,
    pending: Option<&mut (Vec<u8>, usize)>,
) -> Option<usize> {
    let Some((bytes, at)) = pending else {
        return Some(0);
    };
    let mut total = 0;
    for i in 0..count as u32 as usize {
        let (start, len) = iovec(memory, iovs, i)?;
        let n = len.min(bytes.len() - *at);
        memory
            .get_mut(start..start.checked_add(n)?)?
            .copy_from_slice(&bytes[*at..*at + n]);
        *at += n;
        total += n;
        if *at == bytes.len() {
            break;
        }
    }
    Some(total)
}

/// Send `message` to the run's other instance (see [`super::pair`]), as a
/// judge or as a candidate, whichever the calling instance is: the other
/// instance's next message.
pub(crate) async fn exchange(
    caller: &mut wasmtime::Caller<'_, Guest>,
    message: Vec<u8>,
) -> wasmtime::Result<Vec<u8>> {
    let fuel = caller.get_fuel()?;
    let (next, fuel) = if let Some(mut link) = caller.data_mut().link.take() {
        let result = super::pair::as_judge(&mut link, fuel, message).await;
        caller.data_mut().link = Some(link);
        result
    } else {
        let uplink = caller.data().uplink.clone();
        super::pair::as_candidate(uplink.as_ref(), fuel, message).await
    };
    caller.set_fuel(fuel)?;
    next
}

/// WASI's errno for a file descriptor that is not open.
const ERRNO_BADF: i32 = 8;
/// WASI's errno for an address outside the guest's memory.
const ERRNO_FAULT: i32 = 21;

/// The bytes of `count` iovecs (address, length; little-endian u32s) at
/// `iovs` in `memory`, or `None` if any lies outside it.
fn gather(memory: &[u8], iovs: i32, count: i32) -> Option<Vec<u8>> {
    let mut bytes = Vec::new();
    for i in 0..count as u32 as usize {
        let (start, len) = iovec(memory, iovs, i)?;
        bytes.extend_from_slice(memory.get(start..start.checked_add(len)?)?);
        if bytes.len() > super::MAX_OUTPUT_BYTES {
            return None;
        }
    }
    Some(bytes)
}

/// The `i`th iovec (address, length; little-endian u32s) of the array at
/// `iovs`, `None` if it lies outside `memory`.
fn iovec(memory: &[u8], iovs: i32, i: usize) -> Option<(usize, usize)> {
    let word = |at: usize| -> Option<usize> {
        let bytes = memory.get(at..at.checked_add(4)?)?;
        Some(u32::from_le_bytes(bytes.try_into().ok()?) as usize)
    };
    let at = (iovs as u32 as usize).checked_add(i.checked_mul(8)?)?;
    Some((word(at)?, word(at.checked_add(4)?)?))
}

/// An error that stops the guest for its own doing.
pub(crate) fn guest_stop(what: &'static str) -> wasmtime::Error {
    wasmtime::Error::new(super::GuestStop(what))
}

/// `len` bytes of the calling guest's memory at `at` (at most a message's
/// worth): for a reactor's own host imports (Ruby's bridge, Perl's host
/// functions).
pub(crate) fn read_guest(
    caller: &mut wasmtime::Caller<'_, Guest>,
    at: i32,
    len: i32,
) -> wasmtime::Result<Vec<u8>> {
    let (at, len) = (at as u32 as usize, len as u32 as usize);
    if len > crate::boundary::MAX_MESSAGE_BYTES {
        return Err(guest_stop("a message to the host over its size cap"));
    }
    let memory = caller
        .get_export("memory")
        .and_then(|e| e.into_memory())
        .ok_or_else(|| guest_stop("the runtime has no memory"))?;
    memory
        .data(&caller)
        .get(at..at.saturating_add(len))
        .map(<[u8]>::to_vec)
        .ok_or_else(|| guest_stop("a string outside the guest's memory"))
}

/// Write `bytes` into the calling guest's memory at `at`.
pub(crate) fn write_guest(
    caller: &mut wasmtime::Caller<'_, Guest>,
    at: i32,
    bytes: &[u8],
) -> wasmtime::Result<()> {
    let memory = caller
        .get_export("memory")
        .and_then(|e| e.into_memory())
        .ok_or_else(|| guest_stop("the runtime has no memory"))?;
    memory
        .write(&mut *caller, at as u32 as usize, bytes)
        .map_err(|_| guest_stop("a result address outside the guest's memory"))
}

/// One reactor instance and everything it has done so far.
pub struct CoreSession {
    store: Store<Guest>,
    instance: Option<Instance>,
    watch: Watch,
}

impl CoreSession {
    /// Whether the guest can still be called (it has not stopped).
    pub fn is_live(&self) -> bool {
        self.watch.stopped().is_none()
    }

    /// Call the export `name` with `params`. `Ok(Ok(results))`: it
    /// returned. `Ok(Err(exit))`: the guest stopped (now or earlier) and
    /// will not run again. `Err`: a failure of wasmeval itself.
    pub async fn call<P, R>(
        &mut self,
        name: &str,
        params: P,
    ) -> Result<std::result::Result<R, Exit>>
    where
        P: wasmtime::WasmParams + Send + Sync,
        R: wasmtime::WasmResults + Send + Sync,
    {
        if let Some(exit) = self.watch.stopped() {
            return Ok(Err(exit.clone()));
        }
        let instance = self
            .instance
            .expect("a session without a stop has an instance");
        let func = instance
            .get_typed_func::<P, R>(&mut self.store, name)
            .map_err(anyhow::Error::from)
            .with_context(|| format!("the runtime's export '{name}' is missing or mistyped"))?;
        self.watch
            .call(func.call_async(&mut self.store, params))
            .await
    }

    /// Copy `bytes` into the guest's memory at `address`.
    pub fn write(&mut self, address: u32, bytes: &[u8]) -> Result<()> {
        let memory = self.memory()?;
        memory
            .write(&mut self.store, address as usize, bytes)
            .map_err(|e| anyhow::anyhow!("writing guest memory: {e}"))
    }

    /// `len` bytes of the guest's memory at `address` (`None` past its end).
    pub fn read(&mut self, address: u32, len: usize) -> Result<Option<Vec<u8>>> {
        let memory = self.memory()?;
        let data = memory.data(&self.store);
        let start = address as usize;
        Ok(start
            .checked_add(len)
            .and_then(|end| data.get(start..end))
            .map(<[u8]>::to_vec))
    }

    /// The guest's whole memory, to change in place.
    pub fn memory_mut(&mut self) -> Result<&mut [u8]> {
        let memory = self.memory()?;
        Ok(memory.data_mut(&mut self.store))
    }

    /// The value of the exported global `name`.
    pub fn global(&mut self, name: &str) -> Option<wasmtime::Val> {
        let global = self.instance?.get_global(&mut self.store, name)?;
        Some(global.get(&mut self.store))
    }

    /// Call `f` with the contents of the exported memory `name` (empty if
    /// there is none).
    pub fn with_memory(&mut self, name: &str, f: impl FnOnce(&[u8])) {
        match self
            .instance
            .and_then(|i| i.get_memory(&mut self.store, name))
        {
            Some(memory) => f(memory.data(&self.store)),
            None => f(&[]),
        }
    }

    fn memory(&mut self) -> Result<wasmtime::Memory> {
        self.store
            .data()
            .memory
            .context("the runtime exports no memory")
    }

    /// What the guest sent through host imports so far.
    pub fn messages(&self) -> &[Vec<u8>] {
        &self.store.data().messages
    }

    /// The capture the instance's output goes to.
    pub(crate) fn capture(&self) -> Arc<Mutex<Capture>> {
        self.watch.capture()
    }

    /// Fuel the instance has left.
    pub fn fuel_left(&self) -> u64 {
        self.store.get_fuel().unwrap_or(0)
    }

    /// Give the instance `fuel` to run on (what the run has left).
    pub(crate) fn set_fuel(&mut self, fuel: u64) {
        // Fuel is enabled on every engine wasmeval makes.
        let _ = self.store.set_fuel(fuel);
    }

    pub(crate) fn data_mut(&mut self) -> &mut Guest {
        self.store.data_mut()
    }

    /// How the guest stopped, if it has.
    pub fn stopped(&self) -> Option<&Exit> {
        self.watch.stopped()
    }

    /// End the run: everything observed, and the messages. A guest that
    /// never stopped finished normally.
    pub fn finish(self) -> (Observed, Vec<Vec<u8>>) {
        let (observed, _frames, messages) = self.end();
        (observed, messages)
    }

    /// End the run: everything observed, and the frames its capture holds.
    pub(crate) fn finish_frames(self) -> (Observed, Vec<Vec<u8>>) {
        let (observed, frames, _messages) = self.end();
        (observed, frames)
    }

    /// What was observed, the frames, the messages.
    fn end(self) -> (Observed, Vec<Vec<u8>>, Vec<Vec<u8>>) {
        let fuel_left = self.store.get_fuel().ok();
        let memory_refused = self.store.data().limiter.refused;
        let messages = self.store.into_data().messages;
        let (observed, frames) = self.watch.end(fuel_left, memory_refused);
        (observed, frames, messages)
    }
}
