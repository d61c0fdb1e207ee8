//! wasmeval: score LLM-generated code by running it inside WebAssembly.
//!
//! A candidate runs in a fresh wasmtime instance of a WASI build of its
//! language's interpreter, with no access to the host's files, network,
//! environment or processes, under fuel, memory and output limits. The
//! result is one [`outcome::Envelope`] with exactly one of five outcomes.
//!
//! ```no_run
//! use wasmeval::{Service, Settings, install::Cache, task::Task};
//! let service = Service::new(Cache::locate(None)?, Settings::default())?;
//! let task = Task::from_json(r#"{"code": "def add(a, b):\n    return a + b",
//!                                "targets": ["assert add(1, 2) == 3"]}"#)?;
//! let envelope = service.score_blocking(&task);
//! assert_eq!(envelope.outcome, wasmeval::outcome::Outcome::Pass);
//! # Ok::<(), anyhow::Error>(())
//! ```
//!
//! Modules, from the bottom up (no module uses one listed after it):
//! `error`, `outcome`, `language`, `fuel`, `passk`, `install`, `benchmarks`, `report`, `engine`,
//! `sandbox`, `runtime`, `extract`, `io_cases`, `task`, `verdict`, `judge`,
//! `program`, `executor`, `service`, `batch`, `humaneval`, `multiple`, `job`,
//! `html_report`, `check`, `serve`.

pub mod batch;
pub mod benchmarks;
pub mod boundary;
pub mod check;
pub mod checker;
pub mod compare;
pub mod engine;
pub mod error;
pub mod executor;
pub mod extract;
pub mod fuel;
pub mod html_report;
pub mod humaneval;
pub mod install;
pub mod io_cases;
pub mod job;
pub mod json;
pub mod judge;
pub mod language;
pub mod multiple;
pub mod outcome;
pub mod passk;
pub mod platform;
pub mod program;
pub mod report;
pub mod runtime;
pub mod sandbox;
pub mod scratch;
pub mod serve;
pub mod service;
pub mod task;
pub mod verdict;

pub use error::Error;
pub use executor::Settings;
pub use service::Service;

/// Run `future` to completion from synchronous code, on a small tokio
/// runtime shared by the whole process (created on first use). Works from
/// any thread, including one inside another tokio runtime: the future runs
/// on the shared runtime's threads while this thread waits. The synchronous
/// faces of async library calls (`Evaluator::check`,
/// `Extractor::extract_blocking`) use it.
pub(crate) fn block_on<F>(future: F) -> F::Output
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    static RUNTIME: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    let runtime = RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("wasmeval-blocking")
            .enable_all()
            .build()
            .expect("a tokio runtime can be built")
    });
    match futures::executor::block_on(runtime.spawn(future)) {
        Ok(output) => output,
        Err(error) => std::panic::resume_unwind(error.into_panic()),
    }
}

/// [`block_on`] for a future that borrows from its caller or is not
/// `Send` (componentize-py's build holds `Rc`s across awaits): the future
/// `make` returns runs to completion on a thread of its own, with a
/// current-thread runtime of its own, while this thread waits. Costs a
/// thread and a runtime per call: for one-off work (a download, a build).
pub(crate) fn block_on_scoped<T, F, Fut>(make: F) -> anyhow::Result<T>
where
    T: Send,
    F: FnOnce() -> Fut + Send,
    Fut: std::future::Future<Output = anyhow::Result<T>>,
{
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                use anyhow::Context as _;
                tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .context("starting an async runtime")?
                    .block_on(make())
            })
            .join()
            .map_err(|_| anyhow::anyhow!("the thread running it panicked"))?
    })
}
