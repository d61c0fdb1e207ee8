//! Per-candidate cost of a trivial task through wasmeval, against a fresh
//! native interpreter subprocess per candidate (`python3 -S -c`, `node -e`),
//! all measured in this run.
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
const JS_CODE: &str = "function add(a, b) { return a + b; }\n";
const JS_TARGET: &str = "assert.strictEqual(add(1, 2), 3)";

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn trivial(language: Language, code: &str, target: &str) -> Task {
    Task {
        id: Some("bench".into()),
        language,
        source: Source::Code(code.into()),
        targets: vec![target.into()],
        timeout_s: 3.0,
        extract: None,
        sample: None,
        fuel: None,
    }
}

fn median_run(
    runtime: &tokio::runtime::Runtime,
    executor: &Executor,
    task: &Task,
    n: usize,
) -> Duration {
    let mut samples = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let envelope = runtime.block_on(executor.score(task));
        samples.push(t.elapsed());
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
    }
    median(samples)
}

fn median_native(n: usize, program: &str, args: &[&str]) -> anyhow::Result<Duration> {
    let mut samples = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let status = Command::new(program).args(args).status()?;
        samples.push(t.elapsed());
        anyhow::ensure!(status.success(), "{program} failed: {status}");
    }
    Ok(median(samples))
}

/// (current, peak) resident set size of this process in KiB.
fn rss_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn real_executable(program: &str, args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new(program).args(args).output()?;
    anyhow::ensure!(output.status.success(), "{program} failed");
    Ok(String::from_utf8(output.stdout)?.trim().to_string())
}

fn main() -> anyhow::Result<()> {
    let n: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let python = std::env::var("WASMEVAL_BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    // Resolve wrappers (pyenv shims are shell scripts) to the interpreter
    // itself, so the baseline is the interpreter's own start-up.
    let python = real_executable(&python, &["-c", "import sys; print(sys.executable)"])?;

    let executor = Arc::new(Executor::new(
        Cache::locate(None)?,
        Settings {
            snapshot: true,
            ..Settings::default()
        },
    )?);
    let started = Instant::now();
    executor.prepare(Language::Python)?;
    println!(
        "runtime ready in {:.0} ms (fetch/compile/snapshot only on a cold cache)",
        ms(started.elapsed())
    );
    let start_path = Executor::new(
        Cache::locate(None)?,
        Settings {
            snapshot: false,
            ..Settings::default()
        },
    )?;
    start_path.prepare(Language::Python)?;
    let task = trivial(Language::Python, CODE, TARGET);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;

    // One worker: the latency of one candidate.
    let w = median_run(&runtime, &executor, &task, n);
    let s = median_run(&runtime, &start_path, &task, n);
    let program = format!("{CODE}{TARGET}\n");
    let p = median_native(n, &python, &["-S", "-c", &program])?;
    println!("python, per candidate, one worker, median of {n}:");
    println!("  wasmeval, snapshot path:                {:8.2} ms", ms(w));
    println!("  wasmeval, _start path:                  {:8.2} ms", ms(s));
    println!(
        "  native `python3 -S -c` subprocess:      {:8.2} ms   ({python})",
        ms(p)
    );
    println!(
        "  ratio snapshot / native:                {:8.3}x",
        w.as_secs_f64() / p.as_secs_f64()
    );
    println!(
        "  ratio _start / native:                  {:8.3}x",
        s.as_secs_f64() / p.as_secs_f64()
    );

    executor.prepare(Language::JavaScript)?;
    let js_task = trivial(Language::JavaScript, JS_CODE, JS_TARGET);
    let j = median_run(&runtime, &executor, &js_task, n);
    println!("javascript, per candidate, one worker, median of {n}:");
    println!("  wasmeval (fresh QuickJS/WASI instance): {:8.2} ms", ms(j));
    let node_program = format!("const assert = require('assert');\n{JS_CODE}{JS_TARGET}\n");
    let node = real_executable("node", &["-e", "console.log(process.execPath)"]);
    match node.and_then(|node| median_native(n, &node, &["-e", &node_program])) {
        Ok(d) => {
            println!("  native `node -e` subprocess:            {:8.2} ms", ms(d));
            println!(
                "  ratio wasmeval / native:                {:8.2}x",
                j.as_secs_f64() / d.as_secs_f64()
            );
        }
        Err(e) => println!("  native node: not measured ({e})"),
    }

    // All cores: throughput, and memory over many candidates.
    let jobs = wasmeval::batch::default_jobs();
    let total = std::env::var("WASMEVAL_BENCH_MANY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000usize);
    let rss_start = rss_kib();
    let t = Instant::now();
    let chunk = 1000;
    let mut done = 0;
    while done < total {
        let tasks = vec![task.clone(); chunk.min(total - done)];
        done += tasks.len();
        for envelope in executor.score_all(tasks) {
            assert_eq!(envelope.outcome, Outcome::Pass);
        }
    }
    let elapsed = t.elapsed();
    let rss_end = rss_kib();
    println!(
        "python throughput with {jobs} workers (snapshot path): {total} candidates in {:.2} s = {:.1} candidates/s",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    println!(
        "resident memory after warm-up:          {:8} KiB (peak so far {} KiB)",
        rss_start.0, rss_start.1
    );
    println!(
        "resident memory after {total:>7} candidates: {:8} KiB (peak {} KiB)",
        rss_end.0, rss_end.1
    );
    Ok(())
}
