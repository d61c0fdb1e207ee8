//! The executor: tasks in, envelopes out.
//!
//! One `Executor` owns the wasmtime engine and one compiled runtime per
//! language (fetched and compiled on first use, then shared by every run and
//! every thread). Scoring a task is: extract the code, build the guest
//! invocation, run it in a fresh sandbox, and let `verdict` decide.

use crate::engine;
use crate::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use crate::fuel;
use crate::install::{self, Cache};
use crate::outcome::{Envelope, ErrorKind};
use crate::runtime::Language;
use crate::sandbox::{self, Limits, Sandbox};
use crate::task::{Source, Task, TaskError};
use crate::verdict;
use anyhow::{Context, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use wasmtime::Engine;

/// Limits and defaults that apply to every run of an executor.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Cap on guest linear memory (default 512 MiB).
    pub memory_bytes: usize,
    /// Cap on each of stdout and stderr (default 256 KiB).
    pub output_bytes: usize,
    /// Extractor for tasks that do not name a strategy (default markdown).
    pub extract: Extractor,
    /// Endpoint settings for `llm` extraction (the default extractor's, if
    /// it is `llm`, and for tasks whose `extract` field says `llm`).
    pub llm: LlmConfig,
    /// Timeout for every task, overriding `metadata.timeout_s` when set.
    pub timeout_s: Option<f64>,
    /// Wall-clock backstop for every run, replacing the default of
    /// `10 x timeout + 10 s`. Only for guarding against host bugs: a verdict
    /// it decides is not reproducible.
    pub wall_backstop: Option<std::time::Duration>,
    /// User seed mixed into every run's random seed (`--seed`, default 0).
    pub seed: u64,
    /// Start Python candidates from a pre-initialised interpreter snapshot
    /// (default) rather than from `_start`; `WASMEVAL_NO_SNAPSHOT=1` or
    /// `--no-snapshot` turns it off. See [`crate::snapshot`].
    pub snapshot: bool,
    /// Guests that may run at once in this executor (default: all cores).
    /// More would only share the cores and bring runs closer to the
    /// wall-clock backstop; extra callers wait their turn.
    pub max_running: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            memory_bytes: sandbox::DEFAULT_MEMORY_BYTES,
            output_bytes: sandbox::DEFAULT_OUTPUT_BYTES,
            extract: Extractor::Markdown,
            llm: LlmConfig::default(),
            timeout_s: None,
            seed: 0,
            wall_backstop: None,
            snapshot: std::env::var_os("WASMEVAL_NO_SNAPSHOT")
                .is_none_or(|v| v.is_empty() || v == "0"),
            max_running: crate::batch::default_jobs(),
        }
    }
}

/// Runs tasks; cheap to share behind an `Arc` across threads.
pub struct Executor {
    engine: Engine,
    cache: Cache,
    settings: Settings,
    sandboxes: Mutex<HashMap<Language, Arc<Sandbox>>>,
    running: tokio::sync::Semaphore,
    /// Built on first use by a task that asks for `llm`.
    llm: OnceLock<Result<Extractor, ExtractError>>,
}

impl Executor {
    pub fn new(cache: Cache, settings: Settings) -> Result<Executor> {
        Ok(Executor {
            engine: engine::new_engine_with(
                engine::pool_slots(settings.max_running),
                settings.memory_bytes.max(sandbox::DEFAULT_MEMORY_BYTES),
            )?,
            cache,
            sandboxes: Mutex::new(HashMap::new()),
            running: tokio::sync::Semaphore::new(settings.max_running.max(1)),
            llm: OnceLock::new(),
            settings,
        })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Fetch (if needed) and compile (if not cached) the runtime of
    /// `language`. Called implicitly by the first run; call it up front to
    /// pay that cost before timing anything.
    pub fn prepare(&self, language: Language) -> Result<Arc<Sandbox>> {
        let mut sandboxes = self.sandboxes.lock().unwrap();
        if let Some(sandbox) = sandboxes.get(&language) {
            return Ok(sandbox.clone());
        }
        let spec = install::spec_for_language(language.as_str())?;
        let wasm = self
            .cache
            .ensure(&spec)
            .with_context(|| format!("installing the {} runtime", spec.name))?;
        let snapshot = match language {
            Language::Python if self.settings.snapshot => {
                match crate::snapshot::python_sandbox(&self.engine, &self.cache, &spec, &wasm) {
                    Ok(sandbox) => Some(sandbox),
                    Err(err) => {
                        eprintln!(
                            "wasmeval: warning: the Python snapshot is unusable ({err:#}); \
                             starting every candidate from _start instead"
                        );
                        None
                    }
                }
            }
            _ => None,
        };
        let sandbox = match snapshot {
            Some(sandbox) => Arc::new(sandbox),
            None => {
                let module = engine::load_module(&self.engine, &self.cache, &spec, &wasm)?;
                Arc::new(Sandbox::new(&self.engine, &module, sandbox::Entry::Start)?)
            }
        };
        sandboxes.insert(language, sandbox.clone());
        Ok(sandbox)
    }

    /// Limits for a task with this timeout, or this exact fuel budget.
    pub fn limits(&self, timeout_s: f64, fuel_budget: Option<u64>) -> Limits {
        let (fuel, seconds) = match fuel_budget {
            Some(fuel) => (fuel, fuel as f64 / fuel::FUEL_PER_SECOND as f64),
            None => (fuel::budget(timeout_s), timeout_s),
        };
        Limits {
            fuel,
            wall: self
                .settings
                .wall_backstop
                .unwrap_or_else(|| fuel::wall_backstop(seconds)),
            memory_bytes: self.settings.memory_bytes,
            output_bytes: self.settings.output_bytes,
        }
    }

    /// Score one task. Never fails: problems of wasmeval itself come back
    /// as an `error` envelope with `error_kind: internal`.
    pub async fn score(&self, task: &Task) -> Envelope {
        let language = task.language;
        let code = match &task.source {
            Source::Code(code) => code.clone(),
            Source::Generation(generation) => {
                let extractor = match self.extractor_for(task.extract) {
                    Ok(extractor) => extractor,
                    Err(error) => return self.extraction_failed(task, "", error),
                };
                match extractor.extract(generation, Some(language)).await {
                    Ok(code) => code,
                    Err(error) => return self.extraction_failed(task, &extractor.name(), error),
                }
            }
        };
        let timeout_s = self
            .settings
            .timeout_s
            .map_or(task.timeout_s, fuel::clamp_timeout);
        match self
            .run_code(
                task.id.clone(),
                task.sample.unwrap_or(0),
                language,
                &code,
                &task.targets,
                self.limits(timeout_s, task.fuel),
            )
            .await
        {
            Ok(envelope) => envelope,
            Err(err) => Envelope::failed_before_run(
                task.id.clone(),
                language.as_str(),
                task.targets.len(),
                ErrorKind::Internal,
                format!("internal: {err:#}"),
            ),
        }
    }

    /// The extractor a task asks for, else the executor's default.
    pub fn extractor_for(&self, strategy: Option<Strategy>) -> Result<Extractor, ExtractError> {
        match strategy {
            None => Ok(self.settings.extract.clone()),
            Some(Strategy::Llm) => self
                .llm
                .get_or_init(|| Extractor::from_strategy(Strategy::Llm, &self.settings.llm))
                .clone(),
            Some(strategy) => Extractor::from_strategy(strategy, &self.settings.llm),
        }
    }

    fn extraction_failed(&self, task: &Task, extractor: &str, error: ExtractError) -> Envelope {
        let (kind, detail) = match error {
            ExtractError::NoCode(why) => (
                ErrorKind::NoCode,
                format!("no code ({extractor} extraction): {why}"),
            ),
            ExtractError::Internal(why) => (ErrorKind::Internal, format!("internal: {why}")),
        };
        Envelope::failed_before_run(
            task.id.clone(),
            task.language.as_str(),
            task.targets.len(),
            kind,
            detail,
        )
    }

    /// Run already-extracted code against targets. `id` and `sample` (the
    /// sample's index among those of its task) pick the random seed.
    pub async fn run_code(
        &self,
        id: Option<String>,
        sample: u64,
        language: Language,
        code: &str,
        targets: &[String],
        limits: Limits,
    ) -> Result<Envelope> {
        let sandbox = self.prepare(language)?;
        let nonce = new_nonce();
        let mut command = language.command(code, targets, &nonce);
        command.seed = run_seed(self.settings.seed, language, id.as_deref(), sample);
        let _permit = self.running.acquire().await?;
        let run = sandbox.run(command, &limits).await?;
        Ok(verdict::decide(id, language, targets.len(), &run, &limits))
    }

    /// Score many tasks at once (at most `max_running` guests run at a
    /// time), on a multi-threaded runtime of its own; envelopes in task
    /// order.
    pub fn score_all(self: &Arc<Self>, tasks: Vec<Task>) -> Vec<Envelope> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime can be built");
        runtime.block_on(async {
            let handles: Vec<_> = tasks
                .into_iter()
                .map(|task| {
                    let executor = self.clone();
                    tokio::spawn(async move { executor.score(&task).await })
                })
                .collect();
            let mut envelopes = Vec::with_capacity(handles.len());
            for handle in handles {
                envelopes.push(handle.await.expect("scoring never panics"));
            }
            envelopes
        })
    }

    /// [`Executor::score`] from synchronous code (runs its own small
    /// tokio runtime).
    pub fn score_blocking(&self, task: &Task) -> Envelope {
        crate::block_on(self.score(task))
    }
}

/// The envelope for a task that could not be read.
pub fn invalid_task(error: &TaskError) -> Envelope {
    Envelope::failed_before_run(
        error.id.clone(),
        error.language.unwrap_or(Language::Python).as_str(),
        error.total,
        ErrorKind::InvalidTask,
        error.message.clone(),
    )
}

/// The seed of a run's random bytes: a pure function of the user seed, the
/// language, the task id and the sample index, so a rerun repeats exactly
/// and two samples of one task differ.
pub fn run_seed(seed: u64, language: Language, id: Option<&str>, sample: u64) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(b"wasmeval-seed-v1\0");
    hasher.update(seed.to_le_bytes());
    hasher.update(language.as_str().as_bytes());
    hasher.update(b"\0");
    match id {
        Some(id) => {
            hasher.update(b"\x01");
            hasher.update(id.as_bytes());
        }
        None => hasher.update(b"\x00"),
    }
    hasher.update(b"\0");
    hasher.update(sample.to_le_bytes());
    hasher.finalize().into()
}

/// 128 random bits, hex: the secret that authenticates harness frames.
fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the OS random source is available");
    install::hex(&bytes)
}
