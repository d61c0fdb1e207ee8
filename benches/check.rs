//! Per-sample cost of the static checkers: many files per checker process
//! (what batches do) against one checker process per sample, measured in
//! the same run. Run with `scripts/bench-check [N]` (default 40 samples).

use std::time::Instant;
use wasmeval::check::{Checker, Evaluator, Toolbox};
use wasmeval::install::Cache;

fn main() -> anyhow::Result<()> {
    // What the `wasmeval` binary does first (see its main).
    wasmeval::engine::tune_allocator();
    let n: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(40);
    let toolbox = Toolbox::new(&Cache::locate(None)?);
    if Checker::ALL.iter().any(|c| toolbox.executable(*c).is_err()) {
        eprintln!("installing the pinned checkers (wasmeval checkers install)");
        toolbox.install()?;
    }
    let outputs: Vec<String> = (0..n)
        .map(|i| {
            if i % 2 == 0 {
                format!("```python\ndef f{i}(x: int) -> int:\n    return x + {i}\n```")
            } else {
                format!("```python\ndef f{i}(x: int) -> int:\n    return str(x)\n```")
            }
        })
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    println!("{n} samples, one process at a time:");
    for checker in Checker::ALL {
        let evaluator = Evaluator::builder(checker).build(&toolbox)?;
        let t = Instant::now();
        let grouped = runtime.block_on(evaluator.check_many(&outputs));
        let grouped_ms = t.elapsed().as_secs_f64() * 1e3 / n as f64;
        let t = Instant::now();
        let single: Vec<_> = outputs
            .iter()
            .map(|o| runtime.block_on(evaluator.check_async(o)))
            .collect();
        let single_ms = t.elapsed().as_secs_f64() * 1e3 / n as f64;
        assert_eq!(grouped, single, "batching must not change results");
        println!(
            "  {:8} grouped {:8.1} ms/sample   one process per sample {:8.1} ms/sample   ratio {:5.2}x",
            checker.name(),
            grouped_ms,
            single_ms,
            grouped_ms / single_ms
        );
    }
    Ok(())
}
