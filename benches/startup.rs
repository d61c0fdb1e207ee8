//! Per-candidate cost of a trivial Python task through wasmeval, against a
//! fresh native `python3 -S -c` per candidate, both measured in this run.
//!
//! Run with `scripts/bench-startup [N]` (default N = 40 runs of each).

use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};
use wasmeval::executor::{Executor, Settings};
use wasmeval::install::Cache;
use wasmeval::outcome::Outcome;
use wasmeval::runtime::Language;
use wasmeval::task::{Source, Task};

const CODE: &str = "def add(a, b):\n    return a + b\n";
const TARGET: &str = "assert add(1, 2) == 3";

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() -> anyhow::Result<()> {
    let n: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let python = std::env::var("WASMEVAL_BENCH_PYTHON").unwrap_or_else(|_| "python3".into());

    let executor = Arc::new(Executor::new(Cache::locate(None)?, Settings::default())?);
    let started = Instant::now();
    executor.prepare(Language::Python)?;
    println!(
        "runtime ready in {:.0} ms (fetch/compile only on a cold cache)",
        ms(started.elapsed())
    );
    let task = Task {
        id: Some("bench".into()),
        language: Language::Python,
        source: Source::Code(CODE.into()),
        targets: vec![TARGET.into()],
        timeout_s: 3.0,
        extract: None,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;

    // One worker: the latency of one candidate.
    let mut wasm = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let envelope = runtime.block_on(executor.score(&task));
        wasm.push(t.elapsed());
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
    }
    let mut native = Vec::with_capacity(n);
    let program = format!("{CODE}{TARGET}\n");
    for _ in 0..n {
        let t = Instant::now();
        let status = Command::new(&python)
            .args(["-S", "-c", &program])
            .status()?;
        native.push(t.elapsed());
        assert!(status.success());
    }
    let (w, p) = (median(wasm), median(native));
    println!("per candidate, one worker, median of {n}:");
    println!("  wasmeval (fresh CPython/WASI instance): {:8.2} ms", ms(w));
    println!("  native `{python} -S -c` subprocess:     {:8.2} ms", ms(p));
    println!(
        "  ratio wasmeval / native:                {:8.2}x",
        w.as_secs_f64() / p.as_secs_f64()
    );

    // All cores: throughput.
    let jobs = wasmeval::batch::default_jobs();
    let total = n * jobs;
    let multi = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(jobs)
        .enable_all()
        .build()?;
    let t = Instant::now();
    multi.block_on(async {
        let handles: Vec<_> = (0..total)
            .map(|_| {
                let executor = executor.clone();
                let task = task.clone();
                tokio::spawn(async move { executor.score(&task).await })
            })
            .collect();
        for handle in handles {
            assert_eq!(handle.await.unwrap().outcome, Outcome::Pass);
        }
    });
    let elapsed = t.elapsed();
    println!(
        "throughput with {jobs} workers: {total} candidates in {:.2} s = {:.1} candidates/s",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    Ok(())
}
