//! WASI preview-1 modules: a command's `_start`, run once per candidate.

use super::{Capture, Exit, Io, Limits, MemoryCap, Observed, arm, classify, wasi_context};
use crate::fuel::FuelRate;
use anyhow::{Context, Result};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use wasmtime::{Engine, InstancePre, Linker, Module, Store};
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

struct Guest {
    wasi: WasiP1Ctx,
    limiter: MemoryCap,
    fuel_budget: u64,
    rate: FuelRate,
    memory: Option<wasmtime::Memory>,
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

impl CoreSandbox {
    /// Link `module` against WASI preview 1 with virtual clocks (nothing
    /// else is importable).
    pub fn new(engine: &Engine, module: &Module) -> Result<CoreSandbox> {
        let mut linker: Linker<Guest> = Linker::new(engine);
        wasmtime_wasi::p1::add_to_linker_async(&mut linker, |g: &mut Guest| &mut g.wasi)?;
        super::clock::add_to_linker_p1(&mut linker)?;
        let pre = linker
            .instantiate_pre(module)
            .map_err(anyhow::Error::from)
            .context("linking the runtime against WASI")?;
        Ok(CoreSandbox {
            engine: engine.clone(),
            pre,
        })
    }

    /// Run the module's `_start` once under `limits`. `frames` is how many
    /// frames the harness may write (more are counted as output).
    ///
    /// An `Err` is a failure of wasmeval itself (instantiation failed, ...),
    /// never something the guest did: everything the guest can cause is in
    /// the [`Observed`] and the frames.
    pub async fn run(
        &self,
        io: &Io,
        limits: &Limits,
        frames: usize,
    ) -> Result<(Observed, Vec<Vec<u8>>)> {
        let budget = (frames + FRAME_ALLOWANCE).saturating_mul(crate::report::MAX_EVENT_BYTES + 64);
        let capture = Arc::new(Mutex::new(Capture::new(
            limits.output_bytes,
            io.frame_prefix.clone(),
            budget,
        )));
        let wasi = wasi_context(io, &capture)?.build_p1();
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
            },
        );
        store.limiter(|g| &mut g.limiter);
        arm(&mut store, limits)?;

        let start = Instant::now();
        let outcome = {
            let store = &mut store;
            let pre = &self.pre;
            let call = async move {
                let instance = pre.instantiate_async(&mut *store).await?;
                let memory = instance.get_memory(&mut *store, "memory");
                store.data_mut().memory = memory;
                let start = instance.get_typed_func::<(), ()>(&mut *store, "_start")?;
                start.call_async(&mut *store, ()).await
            };
            tokio::time::timeout(limits.wall, call).await
        };
        let wall = start.elapsed();
        let fuel_used = limits.fuel.saturating_sub(store.get_fuel().unwrap_or(0));
        let overflow = capture.lock().unwrap_or_else(|e| e.into_inner()).overflow;
        let exit = match outcome {
            Err(_elapsed) => Exit::WallBackstop,
            Ok(Ok(())) => Exit::Exited(0),
            Ok(Err(error)) => classify(error, overflow)?,
        };
        let memory_refused = store.data().limiter.refused;
        drop(store);
        let capture = Capture::take(capture);
        Ok((
            Observed {
                exit,
                stdout: capture.stdout,
                stderr: capture.stderr,
                fuel_used,
                wall,
                memory_refused,
            },
            capture.frames,
        ))
    }
}
