//! Helpers the benchmarks share.

#![allow(dead_code)] // each benchmark uses its own subset

use std::time::{Duration, Instant};
use wasmeval::Service;
use wasmeval::outcome::Outcome;
use wasmeval::task::Task;

pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Median wall time of `task` scored alone, `n` times in a row (each must
/// pass).
pub fn median_run(service: &Service, task: &Task, n: usize) -> Duration {
    let mut samples = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let envelope = service.score_blocking(task);
        samples.push(t.elapsed());
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
    }
    median(samples)
}
