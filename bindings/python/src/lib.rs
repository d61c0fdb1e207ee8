//! `wasmeval._wasmeval`: the native half of the `wasmeval` Python package.
//! The Python modules (`bindings/python/python/wasmeval/`) wrap it; what
//! they add is asyncio, openevals' factories and HumanEval's files.
//!
//! Every call that runs guests releases the GIL; `evaluate` returns a
//! streaming iterator that keeps a bounded window of tasks in flight, reads
//! its input lazily and answers `KeyboardInterrupt` within 100 ms.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyIterator;
use pythonize::{depythonize, pythonize};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;
use wasmeval::Service;
use wasmeval::batch::{self, BatchOptions, Summary};
use wasmeval::check::{Checker, Evaluator, Toolbox};
use wasmeval::executor::{Settings, invalid_task};
use wasmeval::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use wasmeval::install::Cache;
use wasmeval::io_cases::Compare;
use wasmeval::language::Language;
use wasmeval::outcome::Envelope;
use wasmeval::task::{Task, TaskError};

/// An extractor from the `extract` argument: a strategy name (`none`,
/// `markdown`, `llm`) or a Python callable `(generation) -> str | None`.
fn extractor(extract: Option<&Bound<'_, PyAny>>) -> PyResult<Extractor> {
    let Some(extract) = extract else {
        return Ok(Extractor::Markdown);
    };
    if extract.is_callable() {
        let function: Py<PyAny> = extract.clone().unbind();
        return Ok(Extractor::custom(move |generation| {
            Python::attach(|py| {
                match function
                    .call1(py, (generation,))
                    .and_then(|r| r.extract::<Option<String>>(py))
                {
                    Ok(code) => code,
                    Err(error) => {
                        // The callable's own failure: no code, and say why.
                        error.print(py);
                        None
                    }
                }
            })
        }));
    }
    let name: String = extract.extract().map_err(|_| {
        PyValueError::new_err("extract must be 'none', 'markdown', 'llm' or a callable")
    })?;
    let strategy = Strategy::parse(&name).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Extractor::from_strategy(strategy, &LlmConfig::default())
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn runtime_error(error: impl std::fmt::Display) -> PyErr {
    PyRuntimeError::new_err(error.to_string())
}

/// A task from a Python dict (its fields as in a `.jsonl` line).
fn task_of(value: &Bound<'_, PyAny>) -> Result<Task, TaskError> {
    let json: Value = depythonize(value).map_err(|e| TaskError {
        id: None,
        language: None,
        total: 0,
        message: format!("the task is not a JSON-like dict: {e}"),
    })?;
    Task::from_value(&json)
}

/// A JSON value as Python objects, through `json.loads` (serde_json's
/// arbitrary-precision numbers only survive as JSON text).
fn json_to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(runtime_error)?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn to_python(py: Python<'_>, envelope: &Envelope) -> PyResult<Py<PyAny>> {
    Ok(pythonize(py, envelope).map_err(runtime_error)?.unbind())
}

/// Runs candidates in WebAssembly sandboxes. See the Python class's
/// docstring (wasmeval.Executor) for the arguments.
#[pyclass(module = "wasmeval._wasmeval", subclass, frozen)]
struct Executor {
    service: Arc<Service>,
}

#[pymethods]
impl Executor {
    #[new]
    #[pyo3(signature = (timeout=None, memory_mb=512, output_kb=256, extract=None, seed=0, jobs=None, cache_dir=None, judge="exact", runtime=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        timeout: Option<f64>,
        memory_mb: u64,
        output_kb: u64,
        extract: Option<&Bound<'_, PyAny>>,
        seed: u64,
        jobs: Option<usize>,
        cache_dir: Option<PathBuf>,
        judge: &str,
        runtime: Option<String>,
    ) -> PyResult<Self> {
        let mut settings = Settings::default()
            .with_memory_bytes(
                usize::try_from(memory_mb)
                    .unwrap_or(usize::MAX)
                    .saturating_mul(1 << 20),
            )
            .with_output_bytes(
                usize::try_from(output_kb)
                    .unwrap_or(usize::MAX)
                    .saturating_mul(1 << 10),
            )
            .with_extract(extractor(extract)?)
            .with_seed(seed)
            .with_judge(Compare::parse(judge).map_err(PyValueError::new_err)?);
        if let Some(timeout) = timeout {
            settings = settings.with_timeout(timeout);
        }
        if let Some(jobs) = jobs {
            settings = settings.with_jobs(jobs);
        }
        if let Some(runtime) = runtime {
            settings = settings.with_runtime(runtime);
        }
        settings
            .validate()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let cache = Cache::locate(cache_dir.as_deref()).map_err(runtime_error)?;
        let service = Service::new(cache, settings).map_err(runtime_error)?;
        Ok(Executor {
            service: Arc::new(service),
        })
    }

    /// Score one task (a dict, as a `.jsonl` line); its envelope as a dict.
    /// Raises ValueError for a task that is not valid.
    fn run(&self, py: Python<'_>, task: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let task =
            task_of(task).map_err(|e| PyValueError::new_err(format!("invalid task: {e}")))?;
        let service = self.service.clone();
        let envelope = py.detach(move || service.score_blocking(&task));
        to_python(py, &envelope)
    }

    /// Score an iterable of tasks, lazily: an iterator of envelopes in input
    /// order, at most `window` tasks in flight (default: as the CLI).
    #[pyo3(signature = (tasks, window=None))]
    fn evaluate(&self, tasks: &Bound<'_, PyAny>, window: Option<usize>) -> PyResult<Evaluation> {
        let settings = self.service.settings();
        Ok(Evaluation {
            service: self.service.clone(),
            source: Some(PyIterator::from_object(tasks)?.unbind()),
            pending: VecDeque::new(),
            window: window
                .unwrap_or_else(|| wasmeval::service::window(settings.jobs, settings.output_bytes))
                .max(1),
            samples: HashMap::new(),
            read: 0,
        })
    }

    /// Prepare a runtime now (fetch, build, compile once per machine).
    fn prepare(&self, py: Python<'_>, runtime: &str) -> PyResult<()> {
        let service = self.service.clone();
        let runtime = runtime.to_string();
        py.detach(move || service.prepare_blocking(&runtime))
            .map_err(runtime_error)
    }

    /// HumanEval-format problems and samples (files, as `wasmeval eval
    /// --problems`): writes the results file and returns the summary with
    /// `pass_at_k`.
    #[pyo3(signature = (problems, samples, k=vec![1, 10, 100], out=None))]
    fn humaneval(
        &self,
        py: Python<'_>,
        problems: PathBuf,
        samples: PathBuf,
        k: Vec<u64>,
        out: Option<PathBuf>,
    ) -> PyResult<Py<PyAny>> {
        let service = self.service.clone();
        let summary = py.detach(move || -> anyhow::Result<Summary> {
            let problems = wasmeval::humaneval::load_problems(&problems)?;
            let timeout_s = service
                .settings()
                .timeout_s
                .unwrap_or(wasmeval::fuel::DEFAULT_TIMEOUT_S);
            let format = Arc::new(wasmeval::humaneval::SampleFormat {
                problems,
                budgets: None,
                timeout_s,
            });
            let out = out.unwrap_or_else(|| wasmeval::humaneval::default_results_path(&samples));
            let input = batch::BatchInput::open(&samples)?;
            let results = batch::open_results(&input, &out, false, &*format)?;
            let options = BatchOptions {
                progress: false,
                ..BatchOptions::default()
            };
            let mut summary = batch::evaluate(
                &service,
                format,
                input.reader()?,
                results.writer,
                &options,
                results.summary,
            )?;
            summary.pass_at_k(&k);
            Ok(summary)
        });
        let summary = summary.map_err(|e| runtime_error(format!("{e:#}")))?;
        Ok(pythonize(py, &summary).map_err(runtime_error)?.unbind())
    }

    /// openevals-shaped results of a static checker on each output.
    #[pyo3(signature = (checker, outputs, args=None, extract=None))]
    fn check(
        &self,
        py: Python<'_>,
        checker: &str,
        outputs: Vec<String>,
        args: Option<Vec<String>>,
        extract: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let checker = Checker::parse(checker).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut builder = Evaluator::builder(checker).extractor(match extract {
            None => Extractor::None,
            Some(e) => extractor(Some(e))?,
        });
        if let Some(args) = args {
            builder = builder.args(args);
        }
        let cache = self.service.executor().cache().clone();
        let results = py.detach(move || -> anyhow::Result<_> {
            let evaluator = builder.build(&Toolbox::new(&cache))?;
            Ok(outputs
                .iter()
                .map(|o| evaluator.check(o))
                .collect::<Vec<_>>())
        });
        let results = results.map_err(|e| runtime_error(format!("{e:#}")))?;
        Ok(pythonize(py, &results).map_err(runtime_error)?.unbind())
    }

    /// Every diagnostic of each code, as the checker gave it: dicts with
    /// `severity` (`error`, or mypy's `note`), `message`, `line` and
    /// `character` (0-based), `rule`, and `raw` (pyright's own record).
    #[pyo3(signature = (checker, codes, args=None))]
    fn diagnose(
        &self,
        py: Python<'_>,
        checker: &str,
        codes: Vec<String>,
        args: Option<Vec<String>>,
    ) -> PyResult<Py<PyAny>> {
        let checker = Checker::parse(checker).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut builder = Evaluator::builder(checker).extractor(Extractor::None);
        if let Some(args) = args {
            builder = builder.args(args);
        }
        let cache = self.service.executor().cache().clone();
        let found = py.detach(move || -> anyhow::Result<_> {
            builder
                .build(&Toolbox::new(&cache))?
                .diagnose_blocking(&codes)
        });
        let found = found.map_err(|e| runtime_error(format!("{e:#}")))?;
        let rows: Vec<Vec<Value>> = found
            .into_iter()
            .map(|diagnostics| {
                diagnostics
                    .into_iter()
                    .map(|d| {
                        serde_json::json!({
                            "severity": d.severity, "message": d.message,
                            "line": d.range.start.line, "character": d.range.start.character,
                            "rule": d.rule, "raw": d.raw,
                        })
                    })
                    .collect()
            })
            .collect();
        json_to_python(
            py,
            &Value::from(rows.into_iter().map(Value::from).collect::<Vec<_>>()),
        )
    }

    /// Seconds the Rust API takes to score `task` `n` times in a row (no
    /// Python in the loop): the baseline of the binding's overhead.
    fn _bench_rust(&self, py: Python<'_>, task: &Bound<'_, PyAny>, n: usize) -> PyResult<f64> {
        let task = task_of(task).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let service = self.service.clone();
        Ok(py.detach(move || {
            let started = std::time::Instant::now();
            for _ in 0..n {
                service.score_blocking(&task);
            }
            started.elapsed().as_secs_f64()
        }))
    }

    /// Candidates that run at once.
    #[getter]
    fn jobs(&self) -> usize {
        self.service.settings().jobs
    }
}

/// One input of an evaluation: already answered, or running.
enum Pending {
    Ready(Envelope),
    Running(JoinHandle<Envelope>),
}

/// The iterator `Executor.evaluate` returns.
#[pyclass(module = "wasmeval._wasmeval")]
struct Evaluation {
    service: Arc<Service>,
    source: Option<Py<PyIterator>>,
    pending: VecDeque<Pending>,
    window: usize,
    /// Repeated ids are samples of one task, numbered in input order (as
    /// `wasmeval eval` does: the sample index is part of the seed).
    samples: HashMap<String, u64>,
    read: usize,
}

impl Evaluation {
    /// Start tasks from the input until the window is full or it ends.
    fn fill(&mut self, py: Python<'_>) -> PyResult<()> {
        while self.pending.len() < self.window {
            let Some(source) = &self.source else {
                return Ok(());
            };
            let next = source.bind(py).clone().next();
            let Some(item) = next else {
                self.source = None;
                return Ok(());
            };
            let item = item?;
            self.read += 1;
            match task_of(&item) {
                Err(mut error) => {
                    error.message = format!("item {}: {}", self.read, error.message);
                    self.pending.push_back(Pending::Ready(invalid_task(&error)));
                }
                Ok(mut task) => {
                    if task.sample.is_none() {
                        let next = self
                            .samples
                            .entry(task.id.clone().unwrap_or_default())
                            .or_insert(0);
                        task.sample = Some(*next);
                        *next += 1;
                    }
                    let service = self.service.clone();
                    let handle = self
                        .service
                        .handle()
                        .spawn(async move { service.score(task).await });
                    self.pending.push_back(Pending::Running(handle));
                }
            }
        }
        Ok(())
    }
}

#[pymethods]
impl Evaluation {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.fill(py)?;
        let Some(front) = self.pending.pop_front() else {
            return Ok(None);
        };
        let mut handle = match front {
            Pending::Ready(envelope) => return to_python(py, &envelope).map(Some),
            Pending::Running(handle) => handle,
        };
        let runtime = self.service.handle();
        loop {
            let (waited, back) = py.detach(|| {
                let result = runtime.block_on(async {
                    tokio::time::timeout(Duration::from_millis(100), &mut handle).await
                });
                (result, handle)
            });
            handle = back;
            match waited {
                Ok(Ok(envelope)) => return to_python(py, &envelope).map(Some),
                Ok(Err(error)) => return Err(runtime_error(format!("a task failed: {error}"))),
                Err(_elapsed) => {
                    if let Err(interrupt) = py.check_signals() {
                        handle.abort();
                        return Err(interrupt);
                    }
                }
            }
        }
    }
}

impl Drop for Evaluation {
    fn drop(&mut self) {
        // Whoever iterated went away: stop what is still running.
        for pending in &self.pending {
            if let Pending::Running(handle) = pending {
                handle.abort();
            }
        }
    }
}

/// The unbiased pass@k estimate of one task: n samples, c correct.
#[pyfunction]
fn pass_at_k(n: u64, c: u64, k: u64) -> PyResult<f64> {
    wasmeval::passk::pass_at_k(n, c, k).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The code of a generation, or None when it holds none.
#[pyfunction]
#[pyo3(signature = (generation, strategy=None, language="python"))]
fn extract(
    py: Python<'_>,
    generation: String,
    strategy: Option<&Bound<'_, PyAny>>,
    language: &str,
) -> PyResult<Option<String>> {
    if let Some(function) = strategy.filter(|s| s.is_callable()) {
        return function.call1((generation,))?.extract();
    }
    let extractor = extractor(strategy)?;
    let language = Language::parse(language).map_err(|e| PyValueError::new_err(e.to_string()))?;
    match py.detach(move || extractor.extract_blocking(&generation, Some(language))) {
        Ok(code) => Ok(Some(code)),
        Err(ExtractError::NoCode(_)) => Ok(None),
        Err(ExtractError::Internal(why)) => Err(runtime_error(why)),
    }
}

#[pymodule]
fn _wasmeval(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Executor>()?;
    m.add_class::<Evaluation>()?;
    m.add_function(wrap_pyfunction!(pass_at_k, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
