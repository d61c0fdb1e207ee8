//! The executor: one task in, one envelope out.
//!
//! An `Executor` owns the wasmtime engine and the prepared runtimes (each
//! fetched or built and compiled on first use, once, then shared by every
//! run and every thread; a runtime that fails to prepare fails every task
//! that needs it with the same `internal` error, without trying again).
//! Scoring a task is: extract the code, prepare its runtime, pick the
//! limits, and let the task kind's judge run it.
//!
//! It is async and needs a tokio runtime; [`crate::service::Service`] wraps
//! it with one for synchronous callers, streams and batches.

use crate::checker::Checker;
use crate::error::Error;
use crate::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use crate::fuel::{self, FuelRate};
use crate::install::Cache;
use crate::io_cases::Compare;
use crate::language::Language;
use crate::outcome::{Envelope, ErrorKind};
use crate::program::{ProgramResult, ProgramRun};
use crate::runtime::{self, Runtime};
use crate::sandbox::{self, Limits};
use crate::task::{Source, Task, TaskError};
use anyhow::{Result, bail};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::OnceCell;
use wasmtime::Engine;

/// Limits and defaults that apply to every run of an executor. Every knob
/// has a documented default; set them with the `with_*` methods.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Settings {
    /// Cap on guest linear memory (default 512 MiB; 64 MiB to 4 GiB).
    pub memory_bytes: usize,
    /// Cap on each of stdout and stderr (default 256 KiB; 1 KiB to 64 MiB).
    pub output_bytes: usize,
    /// Extractor for tasks that do not name a strategy (default markdown).
    pub extract: Extractor,
    /// Endpoint settings for `llm` extraction (the default extractor's, if
    /// it is `llm`, and for tasks whose `extract` field says `llm`).
    pub llm: LlmConfig,
    /// Timeout for every task, overriding `metadata.timeout_s` when set.
    pub timeout_s: Option<f64>,
    /// How long a guest may make no progress (blocked outside fuel
    /// metering) before the backstop stops it, replacing the default
    /// [`fuel::STALL`]. Only for guarding against host bugs: a verdict it
    /// decides is not reproducible.
    pub wall_backstop: Option<Duration>,
    /// User seed mixed into every run's random seed (`--seed`, default 0).
    pub seed: u64,
    /// Candidates that run at once (default: all cores). The one
    /// concurrency setting: guests, batch workers and checker processes.
    pub jobs: usize,
    /// Instances the pooling allocator keeps ready (default `4 x jobs + 4`;
    /// each keeps up to 16 MiB resident). Fewer than `jobs` makes guests
    /// wait for a slot.
    pub pool_slots: Option<u32>,
    /// How stdout is compared in input/output tasks that do not say
    /// (`--judge`, default exact).
    pub judge: Compare,
    /// A runtime id that runs every task of its language (`--runtime`,
    /// e.g. `python-sci` for all Python tasks); `None`: each task's own.
    pub runtime: Option<String>,
    /// The runtimes tasks may use (`serve --runtimes`); `None`: any. A task
    /// that needs another is `invalid_task`, and the runtime is never
    /// prepared for it (python-sci's build takes minutes and 2 GB).
    pub allowed_runtimes: Option<Vec<String>>,
    /// Check TypeScript tasks' types with tsc first (`--ts-typecheck`): a
    /// task on the `typescript` runtime runs on `typescript-checked`.
    pub typecheck: bool,
    /// Python's int/str conversion limit for candidates
    /// (`--int-max-str-digits`; 0: none, as in Python 3.10, SandboxFusion's);
    /// `None`: CPython's default (4300 digits).
    pub int_max_str_digits: Option<u32>,
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
            jobs: default_jobs(),
            pool_slots: None,
            judge: Compare::Exact,
            runtime: None,
            allowed_runtimes: None,
            typecheck: false,
            int_max_str_digits: None,
        }
    }
}

impl Settings {
    pub fn with_memory_bytes(mut self, bytes: usize) -> Settings {
        self.memory_bytes = bytes;
        self
    }

    pub fn with_output_bytes(mut self, bytes: usize) -> Settings {
        self.output_bytes = bytes;
        self
    }

    pub fn with_extract(mut self, extractor: Extractor) -> Settings {
        self.extract = extractor;
        self
    }

    pub fn with_llm(mut self, config: LlmConfig) -> Settings {
        self.llm = config;
        self
    }

    pub fn with_timeout(mut self, seconds: f64) -> Settings {
        self.timeout_s = Some(seconds);
        self
    }

    pub fn with_wall_backstop(mut self, backstop: Duration) -> Settings {
        self.wall_backstop = Some(backstop);
        self
    }

    pub fn with_seed(mut self, seed: u64) -> Settings {
        self.seed = seed;
        self
    }

    /// Python's int/str conversion limit for candidates (0: none).
    pub fn with_int_max_str_digits(mut self, digits: Option<u32>) -> Settings {
        self.int_max_str_digits = digits;
        self
    }

    pub fn with_jobs(mut self, jobs: usize) -> Settings {
        self.jobs = jobs;
        self
    }

    pub fn with_pool_slots(mut self, slots: u32) -> Settings {
        self.pool_slots = Some(slots);
        self
    }

    pub fn with_judge(mut self, compare: Compare) -> Settings {
        self.judge = compare;
        self
    }

    /// Run every task of `id`'s language on the runtime `id` (checked by
    /// [`Settings::validate`]).
    pub fn with_runtime(mut self, id: impl Into<String>) -> Settings {
        self.runtime = Some(id.into());
        self
    }

    /// Check TypeScript tasks' types with tsc before they run.
    pub fn with_typecheck(mut self, typecheck: bool) -> Settings {
        self.typecheck = typecheck;
        self
    }

    /// Allow only these runtimes (ids, checked by [`Settings::validate`]).
    pub fn with_allowed_runtimes(mut self, ids: Vec<String>) -> Settings {
        self.allowed_runtimes = Some(ids);
        self
    }

    /// `Err` says why runtime `id` may not run here.
    pub fn allows(&self, id: &str) -> std::result::Result<(), String> {
        match &self.allowed_runtimes {
            Some(ids) if !ids.iter().any(|allowed| allowed == id) => Err(format!(
                "runtime '{id}' is not served here (this server runs {}; its operator can add \
                 it with --only-runtimes)",
                ids.join(", ")
            )),
            _ => Ok(()),
        }
    }

    /// The runtime that runs `task`.
    pub fn runtime_for<'a>(&'a self, task: &'a Task) -> &'a str {
        self.runtime_of(task.language, &task.runtime)
    }

    /// The runtime that runs a program of `language` that asks for
    /// `asked` (its language's default, or a task's own runtime): the
    /// `--runtime` of that language when there is one, else `asked` (on
    /// `typescript-checked` with `--ts-typecheck`).
    pub fn runtime_of<'a>(&'a self, language: Language, asked: &'a str) -> &'a str {
        match &self.runtime {
            // The built-in registry, not the manifest: this runs for every
            // task. (An alias such as `quickjs` names its language's default
            // runtime, which the task already has.)
            Some(id)
                if runtime::kinds()
                    .iter()
                    .any(|k| k.id() == id && k.language() == language) =>
            {
                id
            }
            _ if self.typecheck && asked == Language::TypeScript.default_runtime() => {
                runtime::tsc::RUNTIME
            }
            _ => asked,
        }
    }

    /// The timeout of a task that gives none and of a job's problems:
    /// the settings' when set, else [`fuel::DEFAULT_TIMEOUT_S`].
    pub fn default_timeout_s(&self) -> f64 {
        self.timeout_s.unwrap_or(fuel::DEFAULT_TIMEOUT_S)
    }

    /// Check every limit: [`Error::InvalidSettings`] names the setting and
    /// its range.
    pub fn validate(&self) -> crate::error::Result<()> {
        self.check()
            .map_err(|e| Error::InvalidSettings(format!("{e:#}")))
    }

    fn check(&self) -> Result<()> {
        if let Some(id) = &self.runtime {
            crate::install::spec(id).map_err(|e| anyhow::anyhow!("--runtime: {e}"))?;
        }
        for id in self.allowed_runtimes.iter().flatten() {
            crate::install::spec(id).map_err(|e| anyhow::anyhow!("--runtimes: {e}"))?;
        }
        if !(sandbox::MIN_MEMORY_BYTES..=sandbox::MAX_MEMORY_BYTES).contains(&self.memory_bytes) {
            bail!(
                "the memory cap must be between {} and {} MiB, not {} bytes",
                sandbox::MIN_MEMORY_BYTES >> 20,
                sandbox::MAX_MEMORY_BYTES >> 20,
                self.memory_bytes
            );
        }
        if !(1024..=sandbox::MAX_OUTPUT_BYTES).contains(&self.output_bytes) {
            bail!(
                "the output cap must be between 1 and {} KiB, not {} bytes",
                sandbox::MAX_OUTPUT_BYTES >> 10,
                self.output_bytes
            );
        }
        if let Some(t) = self.timeout_s
            && !(t.is_finite() && t > 0.0 && t <= fuel::MAX_TIMEOUT_S)
        {
            bail!(
                "the timeout must be more than 0 and at most {} seconds, not {t}",
                fuel::MAX_TIMEOUT_S
            );
        }
        if !(1..=1024).contains(&self.jobs) {
            bail!("jobs must be between 1 and 1024, not {}", self.jobs);
        }
        Ok(())
    }
}

/// Number of cores available to this process.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

type Prepared = Arc<OnceCell<crate::error::Result<Arc<dyn Runtime>>>>;

/// Runs tasks; cheap to share behind an `Arc` across threads.
pub struct Executor {
    engine: Engine,
    cache: Cache,
    settings: Settings,
    runtimes: Mutex<HashMap<String, Prepared>>,
    running: tokio::sync::Semaphore,
    /// Built on first use by a task that asks for `llm`.
    llm: OnceLock<Result<Extractor, ExtractError>>,
}

impl Executor {
    /// An executor on these settings: [`Error::InvalidSettings`] when one
    /// is out of range, [`Error::Host`] when the engine cannot be made.
    pub fn new(cache: Cache, settings: Settings) -> crate::error::Result<Executor> {
        settings.validate()?;
        Ok(Executor {
            engine: crate::engine::new_engine_with(
                settings
                    .pool_slots
                    .unwrap_or_else(|| crate::engine::pool_slots(settings.jobs))
                    .max(1),
                settings.memory_bytes.max(sandbox::DEFAULT_MEMORY_BYTES),
            )
            .map_err(|e| Error::Host(format!("creating the engine: {e:#}")))?,
            cache,
            runtimes: Mutex::new(HashMap::new()),
            running: tokio::sync::Semaphore::new(settings.jobs),
            llm: OnceLock::new(),
            settings,
        })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn cache(&self) -> &Cache {
        &self.cache
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The runtime `id`, prepared (fetched or built, compiled) on first use.
    /// Preparation happens once per executor, off the async threads; a
    /// failure is remembered and returned to every later caller.
    pub async fn prepare(&self, id: &str) -> crate::error::Result<Arc<dyn Runtime>> {
        let cell = {
            let mut runtimes = self.runtimes.lock().unwrap_or_else(|e| e.into_inner());
            runtimes.entry(id.to_string()).or_default().clone()
        };
        let unavailable = |reason: String| Error::RuntimeUnavailable {
            runtime: id.to_string(),
            reason,
        };
        cell.get_or_init(|| async {
            let kind = runtime::kind(id).map_err(|e| Error::InvalidTask(format!("{e:#}")))?;
            let engine = self.engine.clone();
            let cache = self.cache.clone();
            tokio::task::spawn_blocking(move || {
                kind.prepare(&runtime::Context {
                    engine: &engine,
                    cache: &cache,
                })
            })
            .await
            .map_err(|e| Error::Host(format!("preparing runtime {id} panicked: {e}")))?
            .map_err(|e| unavailable(format!("{e:#}")))
        })
        .await
        .clone()
    }

    /// Limits for a run at `rate` with this timeout, or this exact fuel
    /// budget (clamped to what the longest timeout allows).
    pub fn limits(&self, rate: FuelRate, timeout_s: f64, fuel_budget: Option<u64>) -> Limits {
        let max = rate.budget(fuel::MAX_TIMEOUT_S);
        let fuel = fuel_budget.map_or_else(|| rate.budget(timeout_s), |f| f.min(max));
        Limits {
            fuel,
            rate,
            wall: self.settings.wall_backstop.unwrap_or(fuel::STALL),
            memory_bytes: self.settings.memory_bytes,
            output_bytes: self.settings.output_bytes,
        }
    }

    /// Score one task. Never fails: problems of wasmeval itself come back
    /// as an `error` envelope with `error_kind: internal`.
    pub async fn score(&self, task: &Task) -> Envelope {
        let runtime_id = self.settings.runtime_for(task);
        if let Some(why) = unsupported(task).or_else(|| self.settings.allows(runtime_id).err()) {
            return Envelope::failed_before_run(
                task.id.clone(),
                task.language.as_str(),
                task.checks.count(),
                ErrorKind::InvalidTask,
                why,
            );
        }
        let code = match &task.source {
            Source::Code(code) => code.clone(),
            Source::Generation(generation) => {
                let extractor = match self.extractor_for(task.extract) {
                    Ok(extractor) => extractor,
                    Err(error) => return extraction_failed(task, "", error),
                };
                match extractor.extract(generation, Some(task.language)).await {
                    Ok(code) => code,
                    Err(error) => return extraction_failed(task, &extractor.name(), error),
                }
            }
        };
        let moved = self.runtime_for_code(runtime_id, &code);
        let runtime_id = moved.unwrap_or(runtime_id);
        let runtime = match self.prepare(runtime_id).await {
            Ok(runtime) => runtime,
            Err(why) => return internal(task, why.to_string()),
        };
        let test_runtime = match self.test_runtime(task, runtime_id).await {
            Ok(found) => found,
            Err(envelope) => return *envelope,
        };
        let timeout_s = self
            .settings
            .timeout_s
            .map_or(task.timeout_s, fuel::clamp_timeout);
        let limits = self.limits(runtime.rate(), timeout_s, task.fuel);
        let seed = run_seed(
            self.settings.seed,
            runtime.id(),
            task.id.as_deref(),
            task.sample.unwrap_or(0),
        );
        let checker = match self.checker(task).await {
            Ok(found) => found,
            Err(envelope) => return *envelope,
        };
        let Ok(_permit) = self.running.acquire().await else {
            return internal(task, "the executor is shutting down".into());
        };
        let judge = crate::judge::Judge {
            runtime: runtime.as_ref(),
            test_runtime: test_runtime.as_deref(),
            limits: &limits,
            seed,
            compare: self.settings.judge,
            int_max_str_digits: self.settings.int_max_str_digits,
            checker: checker
                .as_ref()
                .map(|(checker, runtime)| crate::checker::CheckerRun {
                    checker,
                    runtime: runtime.as_ref(),
                    limits: self.limits(runtime.rate(), checker.timeout_s, None),
                    seed: run_seed(
                        self.settings.seed,
                        "checker",
                        task.id.as_deref(),
                        task.sample.unwrap_or(0),
                    ),
                }),
        };
        let mut envelope = match judge.judge(task, &code).await {
            Ok(envelope) => envelope,
            Err(err) => internal(task, format!("{err:#}")),
        };
        envelope.runtime = moved.map(str::to_string);
        envelope
    }

    /// The runtime `code` moves to from `runtime_id`: `python-sci` for
    /// Python code on `python` that imports numpy, pandas, scipy,
    /// scikit-learn or matplotlib, when this executor serves it (as
    /// SandboxFusion's Python has them). `None`: it stays.
    fn runtime_for_code(&self, runtime_id: &str, code: &str) -> Option<&'static str> {
        const SCI: &str = "python-sci";
        (runtime_id == "python"
            && crate::runtime::science_import([code]).is_some()
            && self.settings.allows(SCI).is_ok())
        .then_some(SCI)
    }

    /// The runtime `task`'s test runs in when the candidate's runtime
    /// `runtime_id` lacks what it imports: `python-sci` for a Python test
    /// that imports numpy, pandas, scipy, scikit-learn or matplotlib (the
    /// candidate stays where it is). `Err` is the task's envelope when that
    /// runtime is not served here, or could not be prepared.
    async fn test_runtime(
        &self,
        task: &Task,
        runtime_id: &str,
    ) -> std::result::Result<Option<Arc<dyn Runtime>>, Box<Envelope>> {
        if runtime_id != "python" {
            return Ok(None);
        }
        let sources: Vec<&str> = match &task.checks {
            crate::task::Checks::Assertions(targets) => {
                targets.iter().map(String::as_str).collect()
            }
            crate::task::Checks::TestFile(file) => vec![file.source.as_str()],
            crate::task::Checks::Io(_) => return Ok(None),
        };
        let Some(module) = crate::runtime::science_import(sources) else {
            return Ok(None);
        };
        let sci = "python-sci";
        if let Err(why) = self.settings.allows(sci) {
            return Err(Box::new(Envelope::failed_before_run(
                task.id.clone(),
                task.language.as_str(),
                task.checks.count(),
                ErrorKind::MissingModule,
                format!(
                    "missing module: the test imports '{module}', which only the {sci} runtime \
                     has; {why}"
                ),
            )));
        }
        match self.prepare(sci).await {
            Ok(runtime) => Ok(Some(runtime)),
            Err(why) => Err(Box::new(internal(
                task,
                format!("{why} (the test imports '{module}')"),
            ))),
        }
    }

    /// `task`'s checker and its runtime, prepared, when it has one. `Err`
    /// is the task's envelope when that runtime is not served here, or
    /// could not be prepared.
    async fn checker<'t>(
        &self,
        task: &'t Task,
    ) -> std::result::Result<Option<(&'t Checker, Arc<dyn Runtime>)>, Box<Envelope>> {
        let crate::task::Checks::Io(cases) = &task.checks else {
            return Ok(None);
        };
        let Some(checker) = &cases.checker else {
            return Ok(None);
        };
        let id = checker.runtime_id();
        if let Err(why) = self.settings.allows(id) {
            return Err(Box::new(Envelope::failed_before_run(
                task.id.clone(),
                task.language.as_str(),
                task.checks.count(),
                ErrorKind::InvalidTask,
                format!("the task's checker runs on {id}: {why}"),
            )));
        }
        match self.prepare(id).await {
            Ok(runtime) => Ok(Some((checker, runtime))),
            Err(why) => Err(Box::new(internal(
                task,
                format!("{why} (the task's checker)"),
            ))),
        }
    }

    /// Run one program as a process would (see [`crate::program`]) on the
    /// runtime `runtime`, with this timeout and memory cap (clamped to the
    /// settings'). `Err` is a bad request or wasmeval's own failure, in
    /// words.
    pub async fn run_program(
        &self,
        runtime: &str,
        run: &ProgramRun,
        timeout_s: f64,
        memory_bytes: Option<usize>,
    ) -> crate::error::Result<ProgramResult> {
        self.settings.allows(runtime).map_err(Error::InvalidTask)?;
        let runtime = self.runtime_for_code(runtime, &run.code).unwrap_or(runtime);
        let runtime = self.prepare(runtime).await?;
        let mut limits = self.limits(runtime.rate(), fuel::clamp_timeout(timeout_s), None);
        if let Some(bytes) = memory_bytes {
            if bytes < sandbox::MIN_MEMORY_BYTES {
                return Err(Error::InvalidTask(format!(
                    "the memory cap must be at least {} MiB, not {} bytes (an interpreter \
                     needs that much to start)",
                    sandbox::MIN_MEMORY_BYTES >> 20,
                    bytes
                )));
            }
            limits.memory_bytes = bytes.min(self.settings.memory_bytes);
        }
        if let Some(bytes) = run.output_bytes {
            limits.output_bytes = bytes.clamp(1024, sandbox::MAX_OUTPUT_BYTES);
        }
        let seed = run_seed(self.settings.seed, runtime.id(), None, 0);
        let slot = self.running.acquire();
        let slot = match run.start_within {
            None => slot.await,
            Some(wait) => tokio::time::timeout(wait, slot).await.map_err(|_| {
                Error::Busy(format!(
                    "no run slot came free within {:.1} s (all {} busy); send it again later",
                    wait.as_secs_f64(),
                    self.settings.jobs
                ))
            })?,
        };
        let Ok(_permit) = slot else {
            return Err(Error::Host("the executor is shutting down".into()));
        };
        let start = crate::program::Start {
            seed,
            int_max_str_digits: self.settings.int_max_str_digits,
        };
        crate::program::run_on(runtime.as_ref(), run, &limits, start).await
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
}

fn extraction_failed(task: &Task, extractor: &str, error: ExtractError) -> Envelope {
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
        task.checks.count(),
        kind,
        detail,
    )
}

/// The `internal` envelope for a task wasmeval could not run.
pub fn internal(task: &Task, why: String) -> Envelope {
    Envelope::failed_before_run(
        task.id.clone(),
        task.language.as_str(),
        task.checks.count(),
        ErrorKind::Internal,
        format!("internal: {why}"),
    )
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
/// runtime, the task id and the sample index, so a rerun repeats exactly
/// and two samples of one task differ.
pub fn run_seed(seed: u64, runtime: &str, id: Option<&str>, sample: u64) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(b"wasmeval-seed-v1\0");
    hasher.update(seed.to_le_bytes());
    hasher.update(runtime.as_bytes());
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

/// Why a task asks for what its language's runtime cannot do yet (the
/// task's mistake, `invalid_task`, never wasmeval's failure), if it does.
fn unsupported(task: &Task) -> Option<String> {
    match (&task.checks, task.language) {
        (crate::task::Checks::TestFile(_), Language::Perl) => Some(
            "perl runs programs and assertion targets (MultiPL-E's Perl tests): a separate \
             unit-test file is not supported yet"
                .into(),
        ),
        (crate::task::Checks::TestFile(_), Language::Go) => Some(
            "go runs programs and test files with their candidate inside (MultiPL-E, \
             HumanEval-X, /run_code's go_test): a separate unit-test file is not supported yet"
                .into(),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--runtime` moves every program of its language, whoever asks (a
    /// task or a `/run_code` language), and no other.
    #[test]
    fn a_runtime_of_a_language_runs_what_its_language_asks() {
        let sci = Settings::default().with_runtime("python-sci");
        assert_eq!(sci.runtime_of(Language::Python, "python"), "python-sci");
        assert_eq!(
            sci.runtime_of(Language::JavaScript, "javascript"),
            "javascript"
        );
        assert_eq!(
            Settings::default().runtime_of(Language::Python, "python"),
            "python"
        );
        let checked = Settings::default().with_typecheck(true);
        assert_eq!(
            checked.runtime_of(Language::TypeScript, "typescript"),
            crate::runtime::tsc::RUNTIME
        );
    }

    #[test]
    fn every_limit_is_checked_with_its_range() {
        let bad = [
            Settings::default().with_memory_bytes(8 << 20),
            Settings::default().with_memory_bytes(usize::MAX),
            Settings::default().with_output_bytes(0),
            Settings::default().with_timeout(f64::NAN),
            Settings::default().with_timeout(31.0),
            Settings::default().with_jobs(0),
        ];
        for settings in bad {
            let message = settings.validate().unwrap_err().to_string();
            assert!(
                message.contains("between") || message.contains("at most"),
                "{message}"
            );
        }
        Settings::default().validate().unwrap();
    }
}
