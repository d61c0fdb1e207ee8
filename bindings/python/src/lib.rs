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
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;
use wasmeval::Service;
use wasmeval::batch::{Format, Numbering, TaskFormat};
use wasmeval::check::{Checker, Evaluator, Toolbox};
use wasmeval::executor::{self, Settings};
use wasmeval::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use wasmeval::install::Cache;
use wasmeval::io_cases::Compare;
use wasmeval::job::{Job, Kind, RunOptions};
use wasmeval::language::Language;
use wasmeval::outcome::Envelope;
use wasmeval::service::InFlight;
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
    let name: String = extract
        .extract()
        .map_err(|_| invalid_settings("extract must be 'none', 'markdown', 'llm' or a callable"))?;
    let strategy = Strategy::parse(&name).map_err(invalid_settings)?;
    Extractor::from_strategy(strategy, &LlmConfig::default()).map_err(invalid_settings)
}

/// One of the package's exceptions (`wasmeval/_errors.py`: a
/// `WasmevalError` that is also the built-in `ValueError` or
/// `RuntimeError` it was before) with `message`.
fn raised(kind: &str, message: String) -> PyErr {
    Python::attach(|py| {
        let class = py
            .import("wasmeval._errors")
            .and_then(|module| module.getattr(kind))
            .and_then(|class| Ok(class.cast_into::<pyo3::types::PyType>()?));
        match class {
            Ok(class) => PyErr::from_type(class, message),
            // The package's Python half is missing (the native module
            // imported alone): the built-in exceptions.
            Err(_) if kind.starts_with("Invalid") => PyValueError::new_err(message),
            Err(_) => PyRuntimeError::new_err(message),
        }
    })
}

fn invalid_task_error(error: impl std::fmt::Display) -> PyErr {
    raised("InvalidTask", error.to_string())
}

fn invalid_settings(error: impl std::fmt::Display) -> PyErr {
    raised("InvalidSettings", error.to_string())
}

fn runtime_error(error: impl std::fmt::Display) -> PyErr {
    raised("HostError", error.to_string())
}

/// wasmeval's typed errors as the package's exceptions.
fn py_error(error: wasmeval::Error) -> PyErr {
    let kind = match &error {
        wasmeval::Error::InvalidTask(_) => "InvalidTask",
        wasmeval::Error::InvalidSettings(_) => "InvalidSettings",
        wasmeval::Error::RuntimeUnavailable { .. } => "RuntimeUnavailable",
        wasmeval::Error::Busy(_) => "Busy",
        wasmeval::Error::Host(_) => "HostError",
    };
    raised(kind, error.to_string())
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

/// An envelope as the dict of the line `wasmeval eval` writes for it (the
/// same keys, in the same order, the same numbers).
fn to_python(py: Python<'_>, envelope: &Envelope) -> PyResult<Py<PyAny>> {
    json_to_python(py, &TaskFormat.render(Default::default(), envelope))
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
            .with_judge(Compare::parse(judge).map_err(invalid_settings)?);
        if let Some(timeout) = timeout {
            settings = settings.with_timeout(timeout);
        }
        if let Some(jobs) = jobs {
            settings = settings.with_jobs(jobs);
        }
        if let Some(runtime) = runtime {
            settings = settings.with_runtime(runtime);
        }
        settings.validate().map_err(invalid_settings)?;
        let cache = Cache::locate(cache_dir.as_deref()).map_err(runtime_error)?;
        let service = Service::new(cache, settings).map_err(py_error)?;
        Ok(Executor {
            service: Arc::new(service),
        })
    }

    /// Score one task (a dict, as a `.jsonl` line); its envelope as a dict.
    /// Raises ValueError for a task that is not valid.
    fn run(&self, py: Python<'_>, task: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let task = task_of(task).map_err(|e| invalid_task_error(format!("invalid task: {e}")))?;
        let service = self.service.clone();
        let envelope = py.detach(move || service.score_blocking(&task));
        to_python(py, &envelope)
    }

    /// Score an iterable of tasks, lazily: an iterator of envelopes in input
    /// order, at most `window` tasks in flight (default: as the CLI).
    #[pyo3(signature = (tasks, window=None))]
    fn evaluate(&self, tasks: &Bound<'_, PyAny>, window: Option<usize>) -> PyResult<Evaluation> {
        Ok(Evaluation {
            service: self.service.clone(),
            source: Some(PyIterator::from_object(tasks)?.unbind()),
            pending: VecDeque::new(),
            in_flight: window.map_or_else(|| InFlight::of(self.service.settings()), InFlight::new),
            numbering: Numbering::default(),
            lines: false,
            read: 0,
        })
    }

    /// Score lines of `wasmeval eval`'s task files, lazily, as `eval` reads
    /// them: each item is the line's text, or `(number, text)`, or
    /// `(number, text, sample)` where `number` is its line number (for
    /// messages) and `sample` the sample number `sample_numbers` gave it
    /// over the whole file (for lines spread over several executors).
    /// An iterator of result lines' dicts in input order.
    #[pyo3(signature = (lines, window=None))]
    fn evaluate_lines(
        &self,
        lines: &Bound<'_, PyAny>,
        window: Option<usize>,
    ) -> PyResult<Evaluation> {
        let mut evaluation = self.evaluate(lines, window)?;
        evaluation.lines = true;
        Ok(evaluation)
    }

    /// Prepare a runtime now (fetch, build, compile once per machine).
    fn prepare(&self, py: Python<'_>, runtime: &str) -> PyResult<()> {
        let service = self.service.clone();
        let runtime = runtime.to_string();
        py.detach(move || service.prepare_blocking(&runtime))
            .map_err(py_error)
    }

    /// HumanEval-format problems and samples (files), as `wasmeval eval
    /// --problems` runs them: writes the results file (and the record of its
    /// input that `resume` checks) and returns the summary with `pass_at_k`.
    #[pyo3(signature = (problems, samples, k=vec![1, 10, 100], out=None, language=None, resume=false, budget_from_reference=false, budget_floor=1.0, budget_factor=4.0))]
    #[allow(clippy::too_many_arguments)]
    fn humaneval(
        &self,
        py: Python<'_>,
        problems: PathBuf,
        samples: PathBuf,
        k: Vec<u64>,
        out: Option<PathBuf>,
        language: Option<&str>,
        resume: bool,
        budget_from_reference: bool,
        budget_floor: f64,
        budget_factor: f64,
    ) -> PyResult<Py<PyAny>> {
        let language = language
            .map(Language::parse)
            .transpose()
            .map_err(invalid_settings)?;
        let kind = Kind::Samples {
            problems,
            language,
            calibration: budget_from_reference.then_some(wasmeval::humaneval::Calibration {
                floor_s: budget_floor,
                factor: budget_factor,
            }),
        };
        let service = self.service.clone();
        let done = py.detach(move || {
            let job = Job::new(&service, kind)?;
            job.run(
                &service,
                &samples,
                &RunOptions {
                    out,
                    resume,
                    progress: false,
                    ks: k,
                },
            )
        });
        let done = done.map_err(|e| runtime_error(format!("{e:#}")))?;
        let summary = serde_json::to_value(&done.summary).map_err(runtime_error)?;
        json_to_python(py, &summary)
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
        let checker = Checker::parse(checker).map_err(invalid_settings)?;
        let mut builder = Evaluator::builder(checker).extractor(match extract {
            None => Extractor::None,
            Some(e) => extractor(Some(e))?,
        });
        if let Some(args) = args {
            builder = builder.args(args);
        }
        let service = self.service.clone();
        let results = py.detach(move || -> anyhow::Result<_> {
            // Batched as `wasmeval check --batch`: outputs grouped to a
            // checker process, the executor's jobs at once.
            let evaluator = Arc::new(builder.build(&Toolbox::new(service.executor().cache()))?);
            let jobs = service.settings().jobs;
            let mut all = service.block_on(async move {
                wasmeval::check::check_all(&[evaluator], &outputs, jobs, Arc::new(|_| {})).await
            });
            Ok(all.swap_remove(0))
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
        let checker = Checker::parse(checker).map_err(invalid_settings)?;
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
        let task = task_of(task).map_err(invalid_task_error)?;
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

/// One input of an evaluation: already answered, or running (with its
/// task's weight).
enum Pending {
    Ready(Envelope),
    Running(JoinHandle<Envelope>, usize),
}

/// The iterator `Executor.evaluate` returns.
#[pyclass(module = "wasmeval._wasmeval")]
struct Evaluation {
    service: Arc<Service>,
    source: Option<Py<PyIterator>>,
    pending: VecDeque<Pending>,
    in_flight: InFlight,
    /// Repeated ids are samples of one task, numbered in input order (as
    /// `wasmeval eval` does: the sample index is part of the seed).
    numbering: Numbering,
    /// Items are lines of a task file (`evaluate_lines`), not dicts.
    lines: bool,
    read: usize,
}

impl Evaluation {
    /// Start tasks from the input until the window is full or it ends.
    fn fill(&mut self, py: Python<'_>) -> PyResult<()> {
        while self.in_flight.has_room() {
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
            let task = if self.lines {
                line_of(&item, self.read)?
            } else {
                task_of(&item).map_err(|mut error| {
                    error.message = format!("item {}: {}", self.read, error.message);
                    error
                })
            };
            match task {
                Err(error) => {
                    self.in_flight.start(0);
                    self.pending
                        .push_back(Pending::Ready(executor::invalid_task(&error)));
                }
                Ok(mut task) => {
                    self.numbering.number(&mut task);
                    let weight = task.weight();
                    self.in_flight.start(weight);
                    let service = self.service.clone();
                    let handle = self
                        .service
                        .handle()
                        .spawn(async move { service.score(task).await });
                    self.pending.push_back(Pending::Running(handle, weight));
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
            Pending::Ready(envelope) => {
                self.in_flight.finish(0);
                return to_python(py, &envelope).map(Some);
            }
            Pending::Running(handle, weight) => {
                self.in_flight.finish(weight);
                handle
            }
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
            if let Pending::Running(handle, _) = pending {
                handle.abort();
            }
        }
    }
}

/// The task of an `evaluate_lines` item: a line's text, `(number, text)`
/// or `(number, text, sample)`; read as `wasmeval eval` reads line
/// `number` (default: its position).
fn line_of(item: &Bound<'_, PyAny>, position: usize) -> PyResult<Result<Task, TaskError>> {
    let wrong = || {
        invalid_task_error(format!(
            "item {position}: give a line's text (str or bytes), (number, text) or \
             (number, text, sample)"
        ))
    };
    let (number, text, sample) = if let Some(text) = line_bytes(item) {
        (position, text, None)
    } else if let Ok((number, text)) = item.extract::<(usize, Bound<'_, PyAny>)>() {
        (number, line_bytes(&text).ok_or_else(wrong)?, None)
    } else if let Ok((number, text, sample)) =
        item.extract::<(usize, Bound<'_, PyAny>, Option<u64>)>()
    {
        (number, line_bytes(&text).ok_or_else(wrong)?, sample)
    } else {
        return Err(wrong());
    };
    let mut task = wasmeval::batch::read_item(&TaskFormat, number, &text).task;
    if let (Ok(task), Some(sample)) = (&mut task, sample)
        && task.sample.is_none()
    {
        task.sample = Some(sample);
    }
    Ok(task)
}

/// A line's bytes: a `str`'s UTF-8, or a `bytes` as it is (a line that is
/// not UTF-8 is then `eval`'s `invalid_task` for it).
fn line_bytes(text: &Bound<'_, PyAny>) -> Option<Vec<u8>> {
    if let Ok(text) = text.cast::<pyo3::types::PyString>() {
        return text.to_cow().ok().map(|t| t.as_bytes().to_vec());
    }
    text.cast::<pyo3::types::PyBytes>()
        .ok()
        .map(|bytes| bytes.as_bytes().to_vec())
}

/// The sample number `wasmeval eval` gives each line of a task file (None
/// for a line that is not a valid task; lines as `str` or `bytes`): for
/// spreading a file's lines over several executors
/// (`Executor.evaluate_lines`) with the seeds of one run.
#[pyfunction]
fn sample_numbers(lines: &Bound<'_, PyAny>) -> PyResult<Vec<Option<u64>>> {
    let mut numbering = Numbering::default();
    let mut numbers = Vec::new();
    for (i, line) in lines.try_iter()?.enumerate() {
        let line = line?;
        let text = line_bytes(&line)
            .ok_or_else(|| invalid_task_error(format!("line {}: give str or bytes", i + 1)))?;
        numbers.push(
            match &mut wasmeval::batch::read_item(&TaskFormat, i + 1, &text).task {
                Ok(task) => {
                    numbering.number(task);
                    task.sample
                }
                Err(_) => None,
            },
        );
    }
    Ok(numbers)
}

/// The unbiased pass@k estimate of one task: n samples, c correct.
#[pyfunction]
fn pass_at_k(n: u64, c: u64, k: u64) -> PyResult<f64> {
    wasmeval::passk::pass_at_k(n, c, k).map_err(invalid_settings)
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
    let language = Language::parse(language).map_err(invalid_settings)?;
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
    m.add_function(wrap_pyfunction!(sample_numbers, m)?)?;
    m.add_function(wrap_pyfunction!(extract, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
