//! wasmeval: score LLM-generated code by running it inside WebAssembly.
//!
//! A candidate runs in a fresh wasmtime instance of a WASI build of its
//! language's interpreter, with no access to the host's files, network,
//! environment or processes, under fuel, memory and output limits. The
//! result is one [`outcome::Envelope`] with exactly one of five outcomes.
//!
//! ```no_run
//! use wasmeval::{executor::{Executor, Settings}, install::Cache, task::Task};
//! let executor = Executor::new(Cache::locate(None)?, Settings::default())?;
//! let task = Task::from_json(r#"{"code": "def add(a, b):\n    return a + b",
//!                                "targets": ["assert add(1, 2) == 3"]}"#)?;
//! let envelope = executor.score_blocking(&task);
//! assert_eq!(envelope.outcome, wasmeval::outcome::Outcome::Pass);
//! # Ok::<(), anyhow::Error>(())
//! ```

pub mod batch;
pub mod check;
pub mod clock;
pub mod engine;
pub mod executor;
pub mod extract;
pub mod fuel;
pub mod humaneval;
pub mod install;
pub mod outcome;
pub mod passk;
pub mod runtime;
pub mod sandbox;
pub mod snapshot;
pub mod task;
pub mod verdict;

/// Run `future` to completion on a small current-thread tokio runtime of its
/// own: the synchronous face of the async APIs (`score_blocking`, `check`,
/// `extract_blocking`).
pub(crate) fn block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a current-thread tokio runtime can be built")
        .block_on(future)
}
