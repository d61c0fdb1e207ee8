//! Load test of `wasmeval serve` on loopback: REQUESTS SandboxFusion
//! `/run_code` requests (a trivial Python program) over CONNECTIONS
//! concurrent clients against the release binary, which stops by itself:
//! once with every request admitted, once with `--max-queue 0` (the rest
//! wait for a slot).
//! Prints throughput, p50/p99/max latency, every status that came back,
//! and the server's resident memory at start, halfway and at the end;
//! then the same programs through the library in this process (the
//! baseline, no HTTP) and the ratio.
//!
//! Run with `scripts/bench-serve [REQUESTS] [CONNECTIONS]` (defaults 20000
//! and 64).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use wasmeval::Service;
use wasmeval::executor::Settings;
use wasmeval::install::Cache;
use wasmeval::program::ProgramRun;

const PROGRAM: &str = "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n";

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

/// What one load run measured.
struct Load {
    rate: f64,
    statuses: BTreeMap<u16, usize>,
    wrong: usize,
}

/// Start `binary serve` with `extra` arguments, send it `requests`
/// `/run_code` requests over `connections` clients, print what came back,
/// stop it.
fn load(
    binary: &str,
    extra: &[&str],
    label: &str,
    requests: usize,
    connections: usize,
) -> anyhow::Result<Load> {
    let mut child = Command::new(binary)
        .args(["serve", "--bind", "127.0.0.1:0"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    let pid = child.id();
    let mut lines = BufReader::new(child.stderr.take().expect("piped")).lines();
    let url = loop {
        let line = lines.next().expect("serve printed its address")?;
        if let Some(rest) = line.strip_prefix("wasmeval: serving on ") {
            break format!(
                "{}/run_code",
                rest.split_whitespace().next().expect("an address")
            );
        }
    };
    std::thread::spawn(move || lines.for_each(drop));

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(60))
        .build()?;
    // Warm up (and check it works).
    let body = |i: usize| {
        serde_json::json!({"code": PROGRAM, "language": "python", "stdin": format!("{i} 1")})
            .to_string()
    };
    runtime.block_on(async {
        let response = client.post(&url).body(body(1)).send().await?;
        anyhow::ensure!(
            response.status().is_success(),
            "warm-up failed: {}",
            response.status()
        );
        let text = response.text().await?;
        anyhow::ensure!(
            text.contains("\"stdout\":\"2\\n\""),
            "warm-up answered {text}"
        );
        Ok(())
    })?;
    let rss_start = rss_kib(pid);
    let next = Arc::new(AtomicUsize::new(0));
    let rss_half = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let (latencies, statuses, wrong) = runtime.block_on(async {
        let mut workers = Vec::new();
        for _ in 0..connections {
            let client = client.clone();
            let url = url.clone();
            let next = next.clone();
            let rss_half = rss_half.clone();
            workers.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
                let mut wrong = 0usize;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= requests {
                        break;
                    }
                    if i == requests / 2 {
                        rss_half.store(rss_kib(pid) as usize, Ordering::Relaxed);
                    }
                    let t = Instant::now();
                    let status = match client.post(&url).body(body(i)).send().await {
                        Ok(response) => {
                            let status = response.status().as_u16();
                            let text = response.text().await.unwrap_or_default();
                            if status == 200
                                && !text.contains(&format!("\"stdout\":\"{}\\n\"", i + 1))
                            {
                                wrong += 1;
                            }
                            status
                        }
                        Err(_) => 0,
                    };
                    latencies.push(t.elapsed());
                    *statuses.entry(status).or_default() += 1;
                }
                (latencies, statuses, wrong)
            }));
        }
        let mut latencies = Vec::new();
        let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
        let mut wrong = 0;
        for worker in workers {
            let (l, s, w) = worker.await.expect("a client worker");
            latencies.extend(l);
            for (k, v) in s {
                *statuses.entry(k).or_default() += v;
            }
            wrong += w;
        }
        (latencies, statuses, wrong)
    });
    let seconds = started.elapsed().as_secs_f64();
    let rss_end = rss_kib(pid);
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let _ = child.wait();

    let mut sorted = latencies;
    sorted.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let rate = requests as f64 / seconds;
    let command = ["wasmeval serve"]
        .into_iter()
        .chain(extra.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    println!("{command}, {requests} /run_code requests over {connections} connections ({label}):");
    println!("  {seconds:.2} s = {rate:.1} requests/s");
    println!(
        "  latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(percentile(&sorted, 0.5)),
        ms(percentile(&sorted, 0.99)),
        ms(*sorted.last().expect("some requests"))
    );
    println!("  statuses: {statuses:?} (0 = connection error); wrong answers: {wrong}");
    println!(
        "  server resident memory: {rss_start} KiB after warm-up, {} KiB halfway, {rss_end} KiB at the end",
        rss_half.load(Ordering::Relaxed)
    );
    Ok(Load {
        rate,
        statuses,
        wrong,
    })
}

fn main() -> anyhow::Result<()> {
    // What the `wasmeval` binary does first (see its main).
    wasmeval::engine::tune_allocator();
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with('-'));
    let requests: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let connections: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let binary = std::env::var("WASMEVAL_BIN").unwrap_or_else(|_| "target/release/wasmeval".into());
    let admitted = load(&binary, &[], "all admitted", requests, connections)?;
    // No queue beyond the running jobs: every other request waits for a
    // slot (as a trainer's burst does), none is refused.
    let waiting = load(
        &binary,
        &["--max-queue", "0"],
        "the rest wait for a slot",
        requests,
        connections,
    )?;

    // Baseline: the same programs through the library, no HTTP.
    let service = Arc::new(Service::new(Cache::locate(None)?, Settings::default())?);
    service.prepare_blocking("python")?;
    let baseline = requests.min(5000);
    let started = Instant::now();
    let done = service.block_on({
        let service = service.clone();
        async move {
            use futures::StreamExt;
            futures::stream::iter(0..baseline)
                .map(|i| {
                    let service = service.clone();
                    async move {
                        let run = ProgramRun {
                            code: PROGRAM.into(),
                            stdin: format!("{i} 1"),
                            ..ProgramRun::default()
                        };
                        service.run_program("python".into(), run, 10.0, None).await
                    }
                })
                .buffer_unordered(connections)
                .filter(|r| std::future::ready(r.as_ref().is_ok_and(|r| r.exit_code == Some(0))))
                .count()
                .await
        }
    });
    let library_rate = baseline as f64 / started.elapsed().as_secs_f64();
    println!(
        "baseline, {baseline} programs through the library (no HTTP): {library_rate:.1} programs/s ({done} ok)"
    );
    for (label, run) in [("all admitted", &admitted), ("waiting queue", &waiting)] {
        println!(
            "ratio HTTP ({label}) / library throughput: {:.2}x",
            run.rate / library_rate
        );
    }
    for run in [&admitted, &waiting] {
        let failed: usize = run
            .statuses
            .iter()
            .filter(|(status, _)| **status != 200)
            .map(|(_, n)| n)
            .sum();
        anyhow::ensure!(
            failed == 0 && run.wrong == 0,
            "{failed} failed requests, {} wrong answers",
            run.wrong
        );
    }
    Ok(())
}
