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

/// A fresh executor (not shared) with these settings and the tests' cache.
pub fn executor_with(settings: Settings) -> Executor {
    let cache = Cache::locate(Some(&cache_dir())).expect("cache dir");
    Executor::new(cache, settings).expect("engine")
}

pub fn code_task(id: &str, code: &str, targets: &[&str], timeout_s: f64) -> Task {
    lang_task(Language::Python, id, code, targets, timeout_s)
}

/// A task with code (no extraction) in `language`.
pub fn lang_task(
    language: Language,
    id: &str,
    code: &str,
    targets: &[&str],
    timeout_s: f64,
) -> Task {
    Task {
        id: Some(id.to_string()),
        language,
        source: Source::Code(code.to_string()),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        timeout_s,
        extract: None,
        sample: None,
        fuel: None,
    }
}

/// Score many tasks at once.
pub fn score_all(tasks: Vec<Task>) -> Vec<Envelope> {
    executor().score_all(tasks)
}

pub fn score(task: Task) -> Envelope {
    score_all(vec![task]).pop().unwrap()
}

/// Run the `wasmeval` binary with the shared cache (populated first, so
/// several binaries never race to fetch and compile it).
pub fn cli(args: &[&str]) -> std::process::Output {
    executor();
    std::process::Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(args)
        .arg("--cache-dir")
        .arg(cache_dir())
        .output()
        .expect("the wasmeval binary runs")
}

/// Expected verdict of one adversarial or failing candidate: a row of a
/// table that `check_cases` runs.
pub struct Case {
    pub name: &'static str,
    pub code: &'static str,
    pub outcome: wasmeval::outcome::Outcome,
    pub kind: Option<wasmeval::outcome::ErrorKind>,
    /// Must appear in `detail`.
    pub detail: &'static str,
    /// Must appear in stdout.
    pub stdout: &'static str,
}

pub const fn case(
    name: &'static str,
    code: &'static str,
    outcome: wasmeval::outcome::Outcome,
    kind: Option<wasmeval::outcome::ErrorKind>,
    detail: &'static str,
) -> Case {
    Case {
        name,
        code,
        outcome,
        kind,
        detail,
        stdout: "",
    }
}

/// Check envelopes against their cases; none may pass or score above 0,
/// and no stdout may hold `secret`. Returns one line per mismatch.
pub fn mismatches(cases: &[Case], envelopes: &[Envelope], secret: Option<&str>) -> Vec<String> {
    let mut failures = Vec::new();
    for (case, env) in cases.iter().zip(envelopes) {
        let detail = env.detail.as_deref().unwrap_or("");
        let ok = env.outcome == case.outcome
            && env.error_kind == case.kind
            && detail.contains(case.detail)
            && env.stdout.contains(case.stdout)
            && secret.is_none_or(|secret| !env.stdout.contains(secret))
            && env.outcome != wasmeval::outcome::Outcome::Pass
            && env.score == 0.0;
        if !ok {
            failures.push(format!(
                "{}: got {} / {:?} / {detail:?} / score {} / stdout {:?}",
                case.name,
                env.outcome,
                env.error_kind,
                env.score,
                env.stdout.chars().take(200).collect::<String>()
            ));
        }
    }
    failures
}
