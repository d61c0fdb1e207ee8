//! Shared setup for the integration tests: one executor over the real,
//! pinned runtime. The runtime is fetched (pip) and compiled on first use
//! into a cache under target/, so a fresh clone needs nothing installed by
//! hand; if fetching fails the tests fail with the reason.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use wasmeval::executor::{Executor, Settings};
use wasmeval::install::Cache;
use wasmeval::outcome::Envelope;
use wasmeval::runtime::Language;
use wasmeval::task::{Source, Task};

/// The cache the tests share: $WASMEVAL_CACHE_DIR when set, else target/.
pub fn cache_dir() -> PathBuf {
    match std::env::var_os(wasmeval::install::CACHE_DIR_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wasmeval-cache"),
    }
}

pub fn executor() -> Arc<Executor> {
    static EXECUTOR: OnceLock<Arc<Executor>> = OnceLock::new();
    EXECUTOR
        .get_or_init(|| {
            let cache = Cache::locate(Some(&cache_dir())).expect("cache dir");
            let executor = Executor::new(cache, Settings::default()).expect("engine");
            executor
                .prepare(Language::Python)
                .expect("the pinned Python runtime must be fetchable (pip) and compile");
            Arc::new(executor)
        })
        .clone()
}

pub fn code_task(id: &str, code: &str, targets: &[&str], timeout_s: f64) -> Task {
    Task {
        id: Some(id.to_string()),
        language: Language::Python,
        source: Source::Code(code.to_string()),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        timeout_s,
        extract: None,
        sample: None,
        fuel: None,
    }
}

/// Score many tasks at once on a multi-threaded runtime.
pub fn score_all(tasks: Vec<Task>) -> Vec<Envelope> {
    let executor = executor();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let handles: Vec<_> = tasks
            .into_iter()
            .map(|task| {
                let executor = executor.clone();
                tokio::spawn(async move { executor.score(&task).await })
            })
            .collect();
        let mut envelopes = Vec::new();
        for handle in handles {
            envelopes.push(handle.await.unwrap());
        }
        envelopes
    })
}

pub fn score(task: Task) -> Envelope {
    score_all(vec![task]).pop().unwrap()
}
