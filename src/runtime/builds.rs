//! Programs compiled per candidate (C, C++, Go): what a compile gave, the
//! recent builds kept by the SHA-256 of their sources (so the cases of an
//! input/output task, or repeated requests of one program, compile once),
//! and what a run makes of a build.

use super::whole::Step;
use crate::fuel;
use crate::sandbox::core::{CoreSandbox, Guest};
use anyhow::{Context as _, Result};
use std::collections::VecDeque;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wasmtime::{Engine, Linker, Module};

/// Fuel one compile may burn, all its jobs together (compile, vet, link):
/// about 80-100 s of the in-wasm compilers, some 25 times what a contest
/// program with `<bits/stdc++.h>` takes in clang, a hundred times a Go
/// program's.
pub const COMPILE_FUEL: u64 = 400_000_000_000;
/// Linear memory a compiler may use.
pub const COMPILE_MEMORY_BYTES: usize = 2 << 30;

/// How one of a compiler's jobs ended, for a build: `None` when it
/// succeeded; else the budget it ran out of ([`Build::Stopped`]: its fuel,
/// or its memory, which `out_of_memory` says the job's own words showed),
/// or its failure with the first of what it `printed` ([`Build::Failed`]).
pub(super) fn compiler_ended(
    observed: &crate::sandbox::Observed,
    printed: &str,
    out_of_memory: bool,
) -> Option<Build> {
    use crate::sandbox::Exit;
    Some(match &observed.exit {
        Exit::Exited(0) => return None,
        Exit::OutOfFuel | Exit::WallBackstop => Build::Stopped(format!(
            "the compiler used up its budget of {COMPILE_FUEL} fuel (about {:.0} s of compiling) \
             on the program",
            fuel::NATIVE.seconds(COMPILE_FUEL)
        )),
        _ if observed.memory_refused || out_of_memory => Build::Stopped(format!(
            "the compiler exceeded its memory cap of {} MiB on the program",
            COMPILE_MEMORY_BYTES >> 20
        )),
        Exit::Exited(_) | Exit::OutputOverflow | Exit::ImportOverflow => {
            Build::Failed(super::clang::diagnostics(printed))
        }
        other => Build::Failed(format!(
            "the compiler crashed on the program ({other:?}): {}",
            super::clang::diagnostics(printed)
        )),
    })
}

/// What compiling one source gave.
pub(super) enum Build {
    /// The program, ready to instantiate.
    Program(CoreSandbox),
    /// It does not compile or link: the compiler's diagnostics.
    Failed(String),
    /// The compiler ran out of its budget (what ran out).
    Stopped(String),
}

/// A compile's result with what it cost.
pub(super) struct Built {
    pub build: Build,
    wall: Duration,
    /// The compiler's fuel, all its jobs together (a run whose compile
    /// budget is smaller is a compile timeout: see
    /// [`super::Program::compile_fuel`]).
    pub fuel_used: u64,
    /// Whether a run has counted `wall` already (the run that compiled it
    /// does; the cases that reuse it do not).
    counted: AtomicBool,
}

impl Built {
    pub fn new(build: Build, wall: Duration, fuel_used: u64) -> Built {
        Built {
            build,
            wall,
            fuel_used,
            counted: AtomicBool::new(false),
        }
    }

    /// The compile's wall time, the first time it is asked for.
    pub fn uncounted_wall(&self) -> Duration {
        if self.counted.swap(true, Ordering::Relaxed) {
            Duration::ZERO
        } else {
            self.wall
        }
    }

    /// What a run with the compile budget `budget` (`None`: the compiler's
    /// own) makes of this build: a stop when the compiler ran out, or used
    /// more than `budget` (builds are shared by source and always get the
    /// whole budget, so a smaller one is judged against what the compile
    /// took, the same on every machine); the compiler's diagnostics when
    /// the program is refused; else what `run` makes of the program.
    pub async fn step(
        &self,
        budget: Option<u64>,
        run: impl AsyncFnOnce(&CoreSandbox) -> Result<Step>,
    ) -> Result<Step> {
        let over = budget.filter(|budget| self.fuel_used > *budget);
        Ok(match (&self.build, over) {
            (Build::Stopped(what), _) => Step::Stopped(what.clone()),
            (_, Some(budget)) => Step::Stopped(format!(
                "the compiler used {} fuel, past the compile budget of {budget} (about {:.1} s)",
                self.fuel_used,
                fuel::NATIVE.seconds(budget)
            )),
            (Build::Program(sandbox), None) => run(sandbox).await?,
            (Build::Failed(diagnostics), None) => Step::Refused {
                name: "CompileError",
                diagnostics: diagnostics.clone(),
            },
        })
    }
}

/// A build that one run started and others with the same source wait for.
type Pending = Arc<tokio::sync::OnceCell<Arc<Built>>>;

/// The most recent builds of one runtime, by the SHA-256 of their sources.
pub(super) struct Builds {
    kept: usize,
    recent: Mutex<VecDeque<([u8; 32], Pending)>>,
}

impl Builds {
    /// Keep the `kept` most recent builds.
    pub fn new(kept: usize) -> Builds {
        Builds {
            kept,
            recent: Mutex::new(VecDeque::new()),
        }
    }

    /// The build of the sources whose SHA-256 is `key`: kept, or made now
    /// by `compile` (once, however many runs ask for it at the same time).
    pub async fn get<F, Fut>(&self, key: [u8; 32], compile: F) -> Result<Arc<Built>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Built>>,
    {
        let cell = {
            let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
            let cell = match recent.iter().position(|(k, _)| *k == key) {
                Some(at) => recent.remove(at).expect("the position is in range").1,
                None => Arc::new(tokio::sync::OnceCell::new()),
            };
            recent.push_back((key, cell.clone()));
            while recent.len() > self.kept {
                recent.pop_front();
            }
            cell
        };
        let built = cell
            .get_or_try_init(|| async { compile().await.map(Arc::new) })
            .await?;
        Ok(built.clone())
    }
}

/// The linked program `wasm` compiled for `engine` (off the async
/// executor) with the imports `link` defines: a program, or why the
/// sandbox cannot run it.
pub(super) async fn load(
    engine: &Engine,
    wasm: Vec<u8>,
    link: fn(&mut Linker<Guest>) -> wasmtime::Result<()>,
) -> Result<Build> {
    let engine = engine.clone();
    tokio::task::spawn_blocking(move || -> Result<Build> {
        let module = match Module::new(&engine, &wasm) {
            Ok(module) => module,
            Err(err) => {
                return Ok(Build::Failed(format!(
                    "the linked program is not a module the sandbox runs: {err:#}"
                )));
            }
        };
        Ok(match CoreSandbox::with_imports(&engine, &module, link) {
            Ok(sandbox) => Build::Program(sandbox),
            Err(err) => Build::Failed(format!(
                "the program needs what the sandbox does not provide: {err:#}"
            )),
        })
    })
    .await
    .context("compiling the program's module")?
}
