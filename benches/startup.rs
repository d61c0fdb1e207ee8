//! Per-candidate cost of a trivial task through wasmeval, against a fresh
//! native interpreter subprocess per candidate (`python3 -S -c`, `node -e`);
//! the cost of one stdin/stdout case against one assertion task;
//! throughput on one and on all workers; and resident memory over many
//! candidates. Everything is measured in this run.
//!
//! Run with `scripts/bench-startup [N]` (default N = 40 runs of each).

mod common;

use common::{median, median_run, ms};

use std::process::Command;
use std::time::{Duration, Instant};
use wasmeval::Service;
use wasmeval::executor::{Settings, default_jobs};
use wasmeval::install::Cache;
use wasmeval::language::Language;
use wasmeval::outcome::Outcome;
use wasmeval::service::Input;
use wasmeval::task::{Checks, Source, Task};

const CODE: &str = "def add(a, b):\n    return a + b\n";
const TARGET: &str = "assert add(1, 2) == 3";
/// A check that calls the candidate 1,000 times.
const CALLS: &str = "def check(candidate):\n    for i in range(1000):\n        assert candidate(i, 1) == i + 1\ncheck(add)";
const JS_CODE: &str = "function add(a, b) { return a + b; }\n";
const JS_TARGET: &str = "assert.strictEqual(add(1, 2), 3)";
/// The same 1,000 calls in JavaScript.
const JS_CALLS: &str = "for (let i = 0; i < 1000; i++) assert.strictEqual(add(i, 1), i + 1)";

fn trivial(language: Language, code: &str, target: &str) -> Task {
    Task::new(
        language,
        Source::Code(code.into()),
        Checks::Assertions(vec![target.into()]),
    )
    .with_id("bench")
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

/// CPU time (user + system) this process has used.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks: u64 = fields
        .get(11..13)
        .map(|f| f.iter().filter_map(|v| v.parse::<u64>().ok()).sum())
        .unwrap_or(0);
    Duration::from_secs_f64(ticks as f64 / 100.0)
}

fn real_executable(program: &str, args: &[&str]) -> anyhow::Result<String> {
    let output = Command::new(program).args(args).output()?;
    anyhow::ensure!(output.status.success(), "{program} failed");
    Ok(String::from_utf8(output.stdout)?.trim().to_string())
}

/// Score `count` copies of `task` on `service`; (seconds, candidates/s).
fn throughput(service: &Service, task: &Task, count: usize) -> (f64, f64) {
    let t = Instant::now();
    let inputs = (0..count).map(|_| Input {
        task: Ok(task.clone()),
        extra: (),
    });
    for (envelope, ()) in service.evaluate_blocking(inputs) {
        assert_eq!(envelope.outcome, Outcome::Pass);
    }
    let seconds = t.elapsed().as_secs_f64();
    (seconds, count as f64 / seconds)
}

fn main() -> anyhow::Result<()> {
    // What the `wasmeval` binary does first (see its main).
    wasmeval::engine::tune_allocator();
    let n: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let python = std::env::var("WASMEVAL_BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    // Resolve wrappers (pyenv shims are shell scripts) to the interpreter
    // itself, so the baseline is the interpreter's own start-up.
    let python = real_executable(&python, &["-c", "import sys; print(sys.executable)"])?;

    let one = Service::new(Cache::locate(None)?, Settings::default().with_jobs(1))?;
    let started = Instant::now();
    one.prepare_blocking("python")?;
    one.prepare_blocking("javascript")?;
    println!(
        "runtimes ready in {:.0} ms (fetch, build and compile only on a cold cache)",
        ms(started.elapsed())
    );
    let task = trivial(Language::Python, CODE, TARGET);

    // One worker: the latency of one candidate.
    let w = median_run(&one, &task, n);
    let program = format!("{CODE}{TARGET}\n");
    let p = median_native(n, &python, &["-S", "-c", &program])?;
    println!("python, per candidate, one worker, median of {n}:");
    println!("  wasmeval (fresh component instance):    {:8.3} ms", ms(w));
    println!(
        "  native `python3 -S -c` subprocess:      {:8.2} ms   ({python})",
        ms(p)
    );
    println!(
        "  ratio wasmeval / native:                {:8.3}x",
        w.as_secs_f64() / p.as_secs_f64()
    );

    let js_task = trivial(Language::JavaScript, JS_CODE, JS_TARGET);
    let j = median_run(&one, &js_task, n);
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

    // A call-heavy test: the judge calls the candidate 1,000 times (each a
    // round trip between the two instances). Per call: the difference from
    // the trivial task, over 1,000; native: the same check in one
    // `python3 -S -c`, against one that makes no calls.
    let heavy = trivial(Language::Python, CODE, CALLS);
    let h = median_run(&one, &heavy, n);
    let native_calls = median_native(n, &python, &["-S", "-c", &format!("{CODE}{CALLS}\n")])?;
    println!("python, a check that makes 1,000 calls to the candidate, median of {n}:");
    println!(
        "  wasmeval: {:8.3} ms = {:6.2} us per call over the trivial task",
        ms(h),
        (h.as_secs_f64() - w.as_secs_f64()) * 1e6 / 1000.0
    );
    println!(
        "  native:   {:8.3} ms = {:6.2} us per call over `python3 -S -c` of the trivial task",
        ms(native_calls),
        (native_calls.as_secs_f64() - p.as_secs_f64()) * 1e6 / 1000.0
    );

    let js_heavy = trivial(Language::JavaScript, JS_CODE, JS_CALLS);
    let jh = median_run(&one, &js_heavy, n);
    println!("javascript, a test that makes 1,000 calls to the candidate, median of {n}:");
    println!(
        "  wasmeval: {:8.3} ms = {:6.2} us per call over the trivial task",
        ms(jh),
        (jh.as_secs_f64() - j.as_secs_f64()) * 1e6 / 1000.0
    );

    // Input/output tasks: one stdin/stdout case against one assertion
    // target, per language (each case is a fresh instance, as each
    // assertion task is).
    println!("per stdin/stdout case vs per trivial assertion task, one worker, median of {n}:");
    for (language, assertion, program) in [
        (
            Language::Python,
            w,
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
        (
            Language::JavaScript,
            j,
            "const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number);\n\
             console.log(a + b);\n",
        ),
    ] {
        let io = Task::from_value(&serde_json::json!({
            "id": "bench-io", "language": language.as_str(), "code": program,
            "input_output": {"inputs": ["1 2\n"], "outputs": ["3\n"]},
        }))?;
        let c = median_run(&one, &io, n);
        println!(
            "  {:<10} case {:7.3} ms, assertion task {:7.3} ms, ratio {:.2}x",
            language.as_str(),
            ms(c),
            ms(assertion),
            c.as_secs_f64() / assertion.as_secs_f64()
        );
    }

    // Throughput, one worker and all workers, on the same batch size.
    let batch = (n * 100).max(2000);
    let (s1, r1) = throughput(&one, &task, batch);
    let cpu = cpu_time();
    throughput(&one, &task, batch);
    let cpu_per = (cpu_time() - cpu).as_secs_f64() * 1e3 / batch as f64;
    let jobs = default_jobs();
    let all = Service::new(Cache::locate(None)?, Settings::default().with_jobs(jobs))?;
    all.prepare_blocking("python")?;
    let (sn, rn) = throughput(&all, &task, batch);
    println!("python throughput, {batch} trivial candidates:");
    println!("  1 worker:   {s1:7.2} s = {r1:8.1} candidates/s ({cpu_per:.3} ms CPU each)");
    println!("  {jobs} workers:  {sn:7.2} s = {rn:8.1} candidates/s");

    // Memory over many candidates on all workers.
    let total = std::env::var("WASMEVAL_BENCH_MANY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000usize);
    let rss_start = rss_kib();
    let (seconds, rate) = throughput(&all, &task, total);
    let rss_end = rss_kib();
    println!(
        "python, {total} candidates on {jobs} workers: {seconds:.2} s = {rate:.1} candidates/s"
    );
    println!(
        "  resident memory after warm-up:          {:8} KiB (peak so far {} KiB)",
        rss_start.0, rss_start.1
    );
    println!(
        "  resident memory after {total:>7} candidates: {:8} KiB (peak {} KiB)",
        rss_end.0, rss_end.1
    );
    Ok(())
}
