//! `wasmeval report`: one self-contained HTML page of one or more results
//! files of `eval` (wasmeval tasks, HumanEval samples, MultiPL-E problems),
//! side by side: pass@k with its bootstrap interval, its curve over k, the
//! spread of pass@k when fewer samples per task are drawn, outcomes per
//! task, the distributions of pass rates and of fuel, and the costliest
//! samples.
//!
//! This module reads the results files and computes the page's numbers. It
//! counts through `batch`'s [`Summary`], exactly as `eval` does, so the
//! page's pass@k (with the same seeded bootstrap) and counts are `eval`'s
//! summary's. `page` writes the HTML and `svg` draws its charts.

mod page;
pub mod svg;

use crate::batch::{Summary, Tally};
use crate::humaneval::{self, Problems};
use crate::language::Language;
use crate::outcome::{ErrorKind, Outcome, TargetResult};
use crate::passk::{self, Estimate};
use anyhow::{Context, Result, bail};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// pass@k reported in the headline unless told otherwise (`eval`'s `--k`).
pub const DEFAULT_KS: [u64; 3] = [1, 10, 100];
/// Bootstrap resamples of each pass@k interval (as in `eval`'s summary).
pub const BOOTSTRAP_ROUNDS: usize = 1000;
/// Draws behind each point of the variance chart.
pub const SPREAD_ROUNDS: usize = 400;
/// Samples listed as the costliest, per results file.
pub const COSTLIEST: usize = 10;
/// Most bytes of one sample's stdout, stderr, detail or code in the page.
pub const SHOWN_BYTES: usize = 4096;

/// How a report is made.
#[derive(Debug, Clone)]
pub struct Options {
    /// The HumanEval problems file the samples were scored against: its
    /// prompts are shown with failing samples, and problems without a
    /// sample are listed. Every task id of the results must be one of its
    /// problems.
    pub problems: Option<PathBuf>,
    /// One name per results file [default: the file names].
    pub labels: Vec<String>,
    /// pass@k of the headline (each where every task has k samples).
    pub ks: Vec<u64>,
    /// The run's timeout in seconds, whose fuel budget per language is
    /// marked on the fuel chart.
    pub timeout_s: f64,
    /// The runtime the run used for its language (`eval --runtime`), whose
    /// fuel rate gives that language's budget; other languages use their
    /// default runtime's. Results do not record their runtime.
    pub runtime: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            problems: None,
            labels: Vec::new(),
            ks: DEFAULT_KS.to_vec(),
            timeout_s: crate::fuel::DEFAULT_TIMEOUT_S,
            runtime: None,
        }
    }
}

/// What the page shows of one failing sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// Its 1-based line in the results file.
    pub line: usize,
    pub detail: Option<String>,
    /// The first failing target: `name: error`, or the error.
    pub target: Option<String>,
    pub stdout: String,
    pub stderr: String,
    /// The candidate's code where the results file holds it (HumanEval's
    /// `completion`, EvalPlus's `solution`, MultiPL-E's `program`).
    pub code: Option<String>,
}

/// One way a task's samples failed: an outcome and error kind, how many
/// samples ended so, and the first of them.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub outcome: Outcome,
    pub error_kind: Option<ErrorKind>,
    pub count: u64,
    pub example: Example,
}

/// One task (one id) of one results file.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskStats {
    pub id: String,
    /// Samples scored (invalid lines left out, as pass@k's n leaves them
    /// out; internal failures counted, as failed samples).
    pub samples: u64,
    pub passed: u64,
    /// Fuel of each sample.
    pub fuel: Vec<u64>,
    /// Failures by kind, in order of first appearance.
    pub failures: Vec<Failure>,
    /// The line of the task's first sample.
    pub first_line: usize,
}

impl TaskStats {
    /// passed / samples.
    pub fn pass_rate(&self) -> f64 {
        self.passed as f64 / self.samples.max(1) as f64
    }

    /// The share of samples whose verdict differs from the task's majority:
    /// 0 when all agree, 0.5 when half pass.
    pub fn flakiness(&self) -> f64 {
        self.passed.min(self.samples - self.passed) as f64 / self.samples.max(1) as f64
    }

    /// The median fuel of the task's samples (the mean of the two middle
    /// ones for an even count).
    pub fn median_fuel(&self) -> u64 {
        let mut fuel = self.fuel.clone();
        fuel.sort_unstable();
        match fuel.len() {
            0 => 0,
            n if n % 2 == 1 => fuel[n / 2],
            n => ((fuel[n / 2 - 1] as u128 + fuel[n / 2] as u128) / 2) as u64,
        }
    }

    /// The failure most samples ended in (the first seen among equals).
    pub fn most_common_failure(&self) -> Option<&Failure> {
        self.failures
            .iter()
            .rev()
            .max_by_key(|f| f.count)
            .filter(|f| f.count > 0)
    }
}

/// What one scored sample cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    /// Its 1-based line in the results file.
    pub line: usize,
    pub id: Option<String>,
    pub language: String,
    pub fuel_used: u64,
    pub wall_ms: u64,
    pub outcome: Outcome,
    pub error_kind: Option<ErrorKind>,
}

/// How pass@k moves when only `m` of each task's samples are used: `rounds`
/// draws of m samples per task without replacement, pass@k of each draw.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Spread {
    pub k: u64,
    pub m: u64,
    /// Mean of the draws' pass@k (pass@k itself, up to resampling noise:
    /// the estimator is unbiased).
    pub mean: f64,
    /// Standard deviation of the draws' pass@k.
    pub sd: f64,
    /// The middle 95% of the draws.
    pub low: f64,
    pub high: f64,
}

/// One results file, read and summarised.
#[derive(Debug)]
pub struct Run {
    pub label: String,
    pub path: PathBuf,
    /// Counted as `eval` counts, with pass@k of the options' k filled in.
    pub summary: Summary,
    /// The k of the options no pass@k is reported for (some task has fewer
    /// than k samples).
    pub skipped_k: Vec<u64>,
    /// Tasks by id.
    pub tasks: Vec<TaskStats>,
    /// Every scored sample, in file order.
    pub costs: Vec<Cost>,
    /// Lines holding an internal failure of wasmeval.
    pub internal_lines: Vec<usize>,
    /// pass@k for k from 1 to the fewest samples any task has.
    pub curve: Vec<Estimate>,
    /// The spread of pass@k for each k of the options below the fewest
    /// samples any task has, and each m from k to that fewest.
    pub spread: Vec<Spread>,
    /// Problems of the problems file without a sample in this file.
    pub unattempted: Vec<String>,
}

impl Run {
    /// The fewest samples any task has (0 without tasks).
    pub fn min_samples(&self) -> u64 {
        self.tasks.iter().map(|t| t.samples).min().unwrap_or(0)
    }

    /// The task with this id.
    pub fn task(&self, id: &str) -> Option<&TaskStats> {
        self.tasks
            .binary_search_by(|t| t.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.tasks[i])
    }

    /// The costliest scored samples, by fuel, then wall time, then line.
    pub fn costliest(&self, count: usize) -> Vec<&Cost> {
        let mut costs: Vec<&Cost> = self.costs.iter().collect();
        costs.sort_by(|a, b| {
            (b.fuel_used, b.wall_ms)
                .cmp(&(a.fuel_used, a.wall_ms))
                .then(a.line.cmp(&b.line))
        });
        costs.truncate(count);
        costs
    }

    /// Tasks whose samples disagree, flakiest first (then more samples).
    pub fn flakiest(&self, count: usize) -> Vec<&TaskStats> {
        let mut tasks: Vec<&TaskStats> =
            self.tasks.iter().filter(|t| t.flakiness() > 0.0).collect();
        tasks.sort_by(|a, b| {
            b.flakiness()
                .total_cmp(&a.flakiness())
                .then(b.samples.cmp(&a.samples))
        });
        tasks.truncate(count);
        tasks
    }
}

/// Everything the page shows.
#[derive(Debug)]
pub struct Report {
    pub runs: Vec<Run>,
    pub problems: Option<Problems>,
    pub ks: Vec<u64>,
    pub timeout_s: f64,
    /// The runtime the run used for its language, if not the default.
    pub runtime: Option<&'static str>,
}

impl Report {
    /// Read `paths` (results files of `eval`) and compute the page's numbers.
    pub fn build(paths: &[PathBuf], options: &Options) -> Result<Report> {
        if paths.is_empty() {
            bail!("give at least one results file");
        }
        if !options.labels.is_empty() && options.labels.len() != paths.len() {
            bail!(
                "give one --label per results file ({} file(s), {} label(s))",
                paths.len(),
                options.labels.len()
            );
        }
        if let Some(&k) = options.ks.iter().find(|&&k| k == 0) {
            bail!("k = {k}: pass@k needs k of at least 1");
        }
        let runtime = options
            .runtime
            .as_deref()
            .map(|id| crate::runtime::kind(id).map(|kind| kind.id()))
            .transpose()?;
        let problems = options
            .problems
            .as_deref()
            .map(humaneval::load_problems)
            .transpose()?;
        let labels = labels(paths, &options.labels);
        let runs = paths
            .iter()
            .zip(labels)
            .map(|(path, label)| Run::read(path, label, options, problems.as_ref()))
            .collect::<Result<_>>()?;
        Ok(Report {
            runs,
            problems,
            ks: options.ks.clone(),
            timeout_s: options.timeout_s,
            runtime,
        })
    }

    /// The page.
    pub fn html(&self) -> String {
        page::render(self)
    }

    /// Every task id of any run, hardest first: lowest mean pass rate over
    /// the runs that have the task, then flakiest, then in the problems
    /// file's order (else by id).
    pub fn task_order(&self) -> Vec<String> {
        let position: HashMap<&str, usize> = self
            .problems
            .iter()
            .flat_map(|p| p.order.iter().enumerate().map(|(i, id)| (id.as_str(), i)))
            .collect();
        let mut ids: Vec<&str> = self
            .runs
            .iter()
            .flat_map(|r| r.tasks.iter().map(|t| t.id.as_str()))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let mean = |id: &str, of: fn(&TaskStats) -> f64| {
            let values: Vec<f64> = self
                .runs
                .iter()
                .filter_map(|r| r.task(id))
                .map(of)
                .collect();
            values.iter().sum::<f64>() / values.len().max(1) as f64
        };
        let mut keyed: Vec<(f64, f64, usize, &str)> = ids
            .into_iter()
            .map(|id| {
                (
                    mean(id, TaskStats::pass_rate),
                    -mean(id, TaskStats::flakiness),
                    position.get(id).copied().unwrap_or(usize::MAX),
                    id,
                )
            })
            .collect();
        keyed.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.total_cmp(&b.1))
                .then(a.2.cmp(&b.2))
                .then(a.3.cmp(b.3))
        });
        keyed.into_iter().map(|k| k.3.to_string()).collect()
    }

    /// The fuel budget of the timeout for each language with a sample, by
    /// the id of the runtime whose rate it is.
    pub fn budgets(&self) -> Vec<(&'static str, u64)> {
        let mut budgets: Vec<(&'static str, u64)> = Language::ALL
            .into_iter()
            .filter(|l| {
                self.runs
                    .iter()
                    .any(|r| r.costs.iter().any(|c| c.language == l.as_str()))
            })
            .filter_map(|l| {
                // The built-in registry by canonical id (`build` resolved
                // the option): no manifest to read again.
                let registered = |id: &str| {
                    crate::runtime::kinds()
                        .iter()
                        .copied()
                        .find(|k| k.id() == id)
                };
                let kind = self
                    .runtime
                    .and_then(registered)
                    .filter(|k| k.language() == l)
                    .or_else(|| registered(l.default_runtime()))?;
                Some((kind.id(), kind.rate().budget(self.timeout_s)))
            })
            .collect();
        budgets.sort_by_key(|b| b.1);
        budgets
    }
}

/// Write the report of `paths` to `out`.
pub fn write(paths: &[PathBuf], options: &Options, out: &Path) -> Result<Report> {
    let report = Report::build(paths, options)?;
    std::fs::write(out, report.html()).with_context(|| format!("writing {}", out.display()))?;
    Ok(report)
}

/// The names of the runs: the given labels, else the file names (the whole
/// paths where two files share a name).
fn labels(paths: &[PathBuf], given: &[String]) -> Vec<String> {
    if !given.is_empty() {
        return given.to_vec();
    }
    let names: Vec<String> = paths
        .iter()
        .map(|p| {
            p.file_name()
                .unwrap_or(p.as_os_str())
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names
        .iter()
        .zip(paths)
        .map(|(name, path)| {
            if names.iter().filter(|n| *n == name).count() > 1 {
                path.display().to_string()
            } else {
                name.clone()
            }
        })
        .collect()
}

/// The fields of a results line the page shows, beside the counted ones
/// (a [`Tally`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Shown {
    language: String,
    detail: Option<String>,
    stdout: String,
    stderr: String,
    targets: Vec<TargetResult>,
    completion: Option<String>,
    solution: Option<String>,
}

/// The samples of one results line, read by the one reader of results
/// ([`crate::batch::result_samples`]), with what the page shows of each.
fn samples_of(value: &Value) -> std::result::Result<Vec<(Tally, Shown)>, String> {
    crate::batch::result_samples(value)?
        .into_iter()
        .map(|sample| {
            let mut shown = Shown::deserialize(sample.envelope).map_err(|e| e.to_string())?;
            if let Some(program) = sample.program {
                shown.completion = Some(program.to_string());
            }
            Ok((sample.tally, shown))
        })
        .collect()
}

/// `text`, cut to [`SHOWN_BYTES`] at a character boundary, saying how much
/// was cut.
fn clip(text: &str) -> String {
    if text.len() <= SHOWN_BYTES {
        return text.to_string();
    }
    let mut end = SHOWN_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}\n... ({} more bytes not shown)",
        &text[..end],
        text.len() - end
    )
}

impl Example {
    fn of(line: usize, shown: Shown) -> Example {
        let target = shown.targets.iter().find(|t| !t.passed).and_then(|t| {
            let error = t.error.as_deref()?;
            Some(match &t.name {
                Some(name) => clip(&format!("{name}: {error}")),
                None => clip(error),
            })
        });
        Example {
            line,
            detail: shown.detail.as_deref().map(clip),
            target,
            stdout: clip(&shown.stdout),
            stderr: clip(&shown.stderr),
            code: shown.completion.or(shown.solution).as_deref().map(clip),
        }
    }
}

/// A results file being read.
#[derive(Default)]
struct Reading {
    summary: Summary,
    tasks: BTreeMap<String, TaskStats>,
    costs: Vec<Cost>,
    internal_lines: Vec<usize>,
}

impl Reading {
    fn add(&mut self, line: usize, tally: Tally, shown: Shown) {
        self.summary.add(&tally);
        match tally.error_kind {
            // A failed sample too (as `eval` counts it), and called out.
            Some(ErrorKind::Internal) => self.internal_lines.push(line),
            Some(ErrorKind::InvalidTask) => return,
            _ => {}
        }
        self.costs.push(Cost {
            line,
            id: tally.id.clone(),
            language: shown.language.clone(),
            fuel_used: tally.fuel_used,
            wall_ms: tally.wall_ms,
            outcome: tally.outcome,
            error_kind: tally.error_kind,
        });
        let Some(id) = tally.id else {
            return;
        };
        let task = self.tasks.entry(id.clone()).or_insert_with(|| TaskStats {
            id,
            samples: 0,
            passed: 0,
            fuel: Vec::new(),
            failures: Vec::new(),
            first_line: line,
        });
        task.samples += 1;
        task.fuel.push(tally.fuel_used);
        if tally.outcome == Outcome::Pass {
            task.passed += 1;
            return;
        }
        match task
            .failures
            .iter_mut()
            .find(|f| f.outcome == tally.outcome && f.error_kind == tally.error_kind)
        {
            Some(failure) => failure.count += 1,
            None => task.failures.push(Failure {
                outcome: tally.outcome,
                error_kind: tally.error_kind,
                count: 1,
                example: Example::of(line, shown),
            }),
        }
    }
}

impl Run {
    /// Read one results file of `eval` and compute its numbers.
    pub fn read(
        path: &Path,
        label: String,
        options: &Options,
        problems: Option<&Problems>,
    ) -> Result<Run> {
        let file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        let mut reader = std::io::BufReader::new(file);
        let mut reading = Reading::default();
        let mut raw = Vec::new();
        let mut number = 0usize;
        let mut lines = 0usize;
        loop {
            raw.clear();
            let read = reader
                .read_until(b'\n', &mut raw)
                .with_context(|| format!("reading {}", path.display()))?;
            if read == 0 {
                break;
            }
            number += 1;
            let torn = !raw.ends_with(b"\n");
            let text = std::str::from_utf8(&raw).map_err(|e| {
                anyhow::anyhow!(
                    "{} line {number}: invalid UTF-8 at byte {}",
                    path.display(),
                    e.valid_up_to()
                )
            })?;
            if text.trim().is_empty() {
                continue;
            }
            let hint = if torn {
                " (a torn last line: the run was interrupted; `wasmeval eval --resume` finishes it)"
            } else {
                ""
            };
            let value: Value = serde_json::from_str(text).map_err(|e| {
                anyhow::anyhow!("{} line {number}: invalid JSON: {e}{hint}", path.display())
            })?;
            let samples = samples_of(&value).map_err(|e| {
                anyhow::anyhow!(
                    "{} line {number}: not a results line of `wasmeval eval`: {e}",
                    path.display()
                )
            })?;
            for (tally, shown) in samples {
                reading.add(number, tally, shown);
            }
            lines += 1;
        }
        if lines == 0 {
            bail!("{} holds no results", path.display());
        }
        let mut unattempted = Vec::new();
        if let Some(problems) = problems {
            if let Some(task) = reading
                .tasks
                .values()
                .find(|t| !problems.by_id.contains_key(&t.id))
            {
                bail!(
                    "{} line {}: task {:?} is not a problem of {}",
                    path.display(),
                    task.first_line,
                    task.id,
                    problems.path.display()
                );
            }
            unattempted = problems
                .order
                .iter()
                .filter(|id| !reading.tasks.contains_key(*id))
                .cloned()
                .collect();
        }
        let mut summary = reading.summary;
        let skipped_k = summary.pass_at_k(&options.ks);
        let counts: Vec<(u64, u64)> = summary.per_task.values().copied().collect();
        let fewest = counts.iter().map(|c| c.0).min().unwrap_or(0);
        let curve = curve_ks(fewest)
            .into_iter()
            .map(|k| passk::estimate(&counts, k, BOOTSTRAP_ROUNDS))
            .collect::<Result<_>>()?;
        let mut spread = Vec::new();
        for &k in options.ks.iter().filter(|&&k| k < fewest) {
            for m in sample_counts(k, fewest) {
                spread.push(self::spread(&counts, k, m, SPREAD_ROUNDS)?);
            }
        }
        Ok(Run {
            label,
            path: path.to_path_buf(),
            summary,
            skipped_k,
            tasks: reading.tasks.into_values().collect(),
            costs: reading.costs,
            internal_lines: reading.internal_lines,
            curve,
            spread,
            unattempted,
        })
    }
}

/// The k of the pass@k curve for tasks with at least `n` samples each:
/// every k up to 30, past that 1, 2, 3, 5 and 7 times the powers of ten,
/// and n itself.
pub fn curve_ks(n: u64) -> Vec<u64> {
    if n <= 30 {
        return (1..=n).collect();
    }
    let mut ks: Vec<u64> = std::iter::successors(Some(1u64), |p| p.checked_mul(10))
        .take_while(|p| *p <= n)
        .flat_map(|p| [1, 2, 3, 5, 7].map(|f| f * p))
        .filter(|k| *k < n)
        .collect();
    ks.push(n);
    ks
}

/// The numbers of samples per task the spread of pass@k is shown at: k,
/// 2k, 5k, 10k, 20k, ... below n, and n.
pub fn sample_counts(k: u64, n: u64) -> Vec<u64> {
    let mut counts: Vec<u64> = std::iter::successors(Some(k), |p| p.checked_mul(10))
        .take_while(|p| *p < n)
        .flat_map(|p| [p, 2 * p, 5 * p])
        .filter(|m| *m < n)
        .collect();
    counts.push(n);
    counts
}

/// The spread of pass@k when `m` samples of each task (n, c) are drawn
/// without replacement, over `rounds` seeded draws of every task.
pub fn spread(tasks: &[(u64, u64)], k: u64, m: u64, rounds: usize) -> Result<Spread> {
    if tasks.is_empty() {
        bail!("no tasks");
    }
    if rounds < 2 {
        bail!("the spread needs at least 2 rounds");
    }
    if m < k {
        bail!("pass@{k} needs at least {k} samples, not m = {m}");
    }
    if let Some(&(n, _)) = tasks.iter().find(|(n, _)| *n < m) {
        bail!("cannot draw m = {m} samples from a task with n = {n}");
    }
    // pass@k of a draw, by its number of passed samples.
    let of_passed: Vec<f64> = (0..=m)
        .map(|c| passk::pass_at_k(m, c, k))
        .collect::<Result<_>>()?;
    let mut rng = StdRng::seed_from_u64(0x5EED_5A3D ^ (k << 32) ^ m);
    let mut values = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let mut sum = 0.0;
        for &(n, c) in tasks {
            sum += of_passed[draw(&mut rng, n, c, m) as usize];
        }
        values.push(sum / tasks.len() as f64);
    }
    let mean = values.iter().sum::<f64>() / rounds as f64;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (rounds - 1) as f64;
    values.sort_by(f64::total_cmp);
    Ok(Spread {
        k,
        m,
        mean,
        sd: variance.sqrt(),
        low: passk::percentile(&values, 0.025),
        high: passk::percentile(&values, 0.975),
    })
}

/// Passed samples among `m` drawn without replacement from `n` samples of
/// which `c` passed.
fn draw(rng: &mut StdRng, n: u64, c: u64, m: u64) -> u64 {
    match (c, m) {
        (0, _) => return 0,
        _ if c == n => return m,
        _ if m == n => return c,
        // Fewer draws: the passed samples left out of the m drawn.
        _ if 2 * m > n => return c - draw(rng, n, c, n - m),
        _ => {}
    }
    let (mut left, mut good, mut got) = (n, c, 0);
    for _ in 0..m {
        if rng.random_range(0..left) < good {
            got += 1;
            good -= 1;
        }
        left -= 1;
    }
    got
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean and standard deviation of pass@k over tasks when m samples
    /// of each are drawn, computed directly: every subset of m samples of
    /// every task, equally likely, independently across tasks.
    fn exact(tasks: &[(u64, u64)], k: u64, m: u64) -> (f64, f64) {
        let mut mean = 0.0;
        let mut variance = 0.0;
        for &(n, c) in tasks {
            // Samples 0..c passed.
            let values: Vec<f64> = (0u32..1 << n)
                .filter(|subset| subset.count_ones() as u64 == m)
                .map(|subset| {
                    let passed = (0..c).filter(|i| subset & (1 << i) != 0).count() as u64;
                    passk::pass_at_k(m, passed, k).unwrap()
                })
                .collect();
            let task_mean = values.iter().sum::<f64>() / values.len() as f64;
            let task_variance =
                values.iter().map(|v| (v - task_mean).powi(2)).sum::<f64>() / values.len() as f64;
            mean += task_mean;
            variance += task_variance;
        }
        let t = tasks.len() as f64;
        (mean / t, variance.sqrt() / t)
    }

    #[test]
    fn the_spread_matches_a_direct_computation() {
        let tasks = [(6, 2), (5, 1), (8, 5), (4, 4), (6, 0), (7, 3)];
        for (k, m) in [(1, 1), (1, 2), (2, 3), (1, 4), (3, 4)] {
            let (mean, sd) = exact(&tasks, k, m);
            let got = spread(&tasks, k, m, 20_000).unwrap();
            // Drawing m samples leaves pass@k unbiased.
            let full = passk::mean_pass_at_k(&tasks, k).unwrap();
            assert!((mean - full).abs() < 1e-12, "k={k} m={m}: {mean} vs {full}");
            assert!(
                (got.mean - mean).abs() < 4.0 * sd / (20_000f64).sqrt() + 1e-12,
                "k={k} m={m}: mean {} vs exact {mean}",
                got.mean
            );
            assert!(
                (got.sd - sd).abs() < 0.03 * sd,
                "k={k} m={m}: sd {} vs exact {sd}",
                got.sd
            );
            assert!(got.low <= got.mean && got.mean <= got.high);
        }
        // Drawing every sample leaves nothing to vary.
        let all = spread(&[(4, 1), (4, 3)], 2, 4, 50).unwrap();
        assert_eq!((all.sd, all.low, all.high), (0.0, all.mean, all.mean));
        assert_eq!(
            all.mean,
            passk::mean_pass_at_k(&[(4, 1), (4, 3)], 2).unwrap()
        );
    }

    #[test]
    fn the_spread_is_seeded_and_checks_its_arguments() {
        let tasks = [(10, 3), (10, 7)];
        assert_eq!(
            spread(&tasks, 1, 5, 100).unwrap(),
            spread(&tasks, 1, 5, 100).unwrap()
        );
        assert!(spread(&tasks, 5, 2, 100).is_err(), "m < k");
        assert!(spread(&tasks, 1, 11, 100).is_err(), "m > n");
        assert!(spread(&[], 1, 1, 100).is_err());
    }

    #[test]
    fn curve_and_sample_counts_cover_their_range() {
        assert_eq!(curve_ks(0), Vec::<u64>::new());
        assert_eq!(curve_ks(3), vec![1, 2, 3]);
        assert_eq!(
            curve_ks(200),
            vec![1, 2, 3, 5, 7, 10, 20, 30, 50, 70, 100, 200]
        );
        assert_eq!(sample_counts(1, 10), vec![1, 2, 5, 10]);
        assert_eq!(sample_counts(10, 200), vec![10, 20, 50, 100, 200]);
        assert_eq!(sample_counts(5, 5), vec![5]);
    }

    fn task(samples: u64, passed: u64) -> TaskStats {
        TaskStats {
            id: "t".into(),
            samples,
            passed,
            fuel: vec![5, 1, 3, 100],
            failures: Vec::new(),
            first_line: 1,
        }
    }

    #[test]
    fn task_statistics() {
        assert_eq!(task(4, 1).flakiness(), 0.25);
        assert_eq!(task(4, 3).flakiness(), 0.25);
        assert_eq!(task(4, 4).flakiness(), 0.0);
        assert_eq!(task(4, 1).pass_rate(), 0.25);
        assert_eq!(task(4, 1).median_fuel(), 4);
        let example = Example::of(3, Shown::default());
        let failure = |outcome, count| Failure {
            outcome,
            error_kind: None,
            count,
            example: example.clone(),
        };
        let mut t = task(4, 0);
        t.failures = vec![
            failure(Outcome::Timeout, 2),
            failure(Outcome::AssertionFail, 2),
        ];
        assert_eq!(t.most_common_failure().unwrap().outcome, Outcome::Timeout);
        t.failures[1].count = 3;
        assert_eq!(
            t.most_common_failure().unwrap().outcome,
            Outcome::AssertionFail
        );
    }

    #[test]
    fn long_output_is_clipped_at_a_character_boundary() {
        let text = "é".repeat(SHOWN_BYTES);
        let clipped = clip(&text);
        assert!(clipped.len() < SHOWN_BYTES + 40);
        assert!(clipped.ends_with(&format!("({} more bytes not shown)", SHOWN_BYTES)));
        assert_eq!(clip("short"), "short");
    }

    #[test]
    fn labels_are_file_names_unless_two_collide() {
        let paths = [PathBuf::from("a/r.jsonl"), PathBuf::from("b/s.jsonl")];
        assert_eq!(labels(&paths, &[]), vec!["r.jsonl", "s.jsonl"]);
        let same = [PathBuf::from("a/r.jsonl"), PathBuf::from("b/r.jsonl")];
        assert_eq!(labels(&same, &[]), vec!["a/r.jsonl", "b/r.jsonl"]);
        assert_eq!(labels(&same, &["x".into(), "y".into()]), vec!["x", "y"]);
    }

    fn write_lines(dir: &Path, name: &str, lines: &[String]) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, lines.concat()).unwrap();
        path
    }

    #[test]
    fn bad_results_name_the_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let envelope = crate::outcome::Envelope::failed_before_run(
            Some("a".into()),
            "python",
            1,
            ErrorKind::NoCode,
            "x",
        );
        let good = format!("{}\n", serde_json::to_string(&envelope).unwrap());
        let cases = [
            ("{not json\n", "line 2: invalid JSON"),
            (
                "{\"id\": \"a\"}\n",
                "line 2: not a results line of `wasmeval eval`: missing field `outcome`",
            ),
            (
                "[1]\n",
                "line 2: not a results line of `wasmeval eval`: not a JSON object",
            ),
            ("{\"id\": \"a\", \"outc", "torn last line"),
        ];
        for (i, (bad, want)) in cases.iter().enumerate() {
            let path = write_lines(
                dir.path(),
                &format!("{i}.jsonl"),
                &[good.clone(), bad.to_string()],
            );
            let error = Report::build(std::slice::from_ref(&path), &Options::default())
                .unwrap_err()
                .to_string();
            assert!(error.contains(&path.display().to_string()), "{error}");
            assert!(error.contains(want), "{error}");
        }
        let empty = write_lines(dir.path(), "empty.jsonl", &[]);
        let error = Report::build(&[empty], &Options::default()).unwrap_err();
        assert!(error.to_string().contains("holds no results"), "{error}");
    }

    #[test]
    fn counts_follow_evals_summary_and_count_internal_failures_as_failed() {
        let dir = tempfile::tempdir().unwrap();
        let mut lines = Vec::new();
        let mut line = |id: &str, outcome: Outcome, kind: Option<ErrorKind>, fuel: u64| {
            let mut e = crate::outcome::Envelope::failed_before_run(
                Some(id.into()),
                "python",
                1,
                ErrorKind::Trap,
                "boom",
            );
            e.outcome = outcome;
            e.error_kind = kind;
            e.score = if outcome == Outcome::Pass { 1.0 } else { 0.0 };
            e.fuel_used = fuel;
            e.stdout = "<script>x</script>".into();
            lines.push(format!("{}\n", serde_json::to_string(&e).unwrap()));
        };
        line("a", Outcome::Pass, None, 10);
        line("a", Outcome::AssertionFail, None, 20);
        line("a", Outcome::Timeout, None, 90);
        line("a", Outcome::AssertionFail, None, 30);
        line("b", Outcome::Error, Some(ErrorKind::Internal), 0);
        line("b", Outcome::Pass, None, 5);
        let path = write_lines(dir.path(), "r.jsonl", &lines);
        let report = Report::build(&[path], &Options::default()).unwrap();
        let run = &report.runs[0];
        assert_eq!(run.summary.total, 6);
        assert_eq!(run.summary.internal, 1);
        assert_eq!(run.internal_lines, vec![5]);
        assert_eq!(run.tasks.len(), 2);
        let a = run.task("a").unwrap();
        assert_eq!((a.samples, a.passed, a.median_fuel()), (4, 1, 25));
        let common = a.most_common_failure().unwrap();
        assert_eq!((common.outcome, common.count), (Outcome::AssertionFail, 2));
        assert_eq!(common.example.line, 2);
        assert_eq!(common.example.stdout, "<script>x</script>");
        assert_eq!(run.task("b").unwrap().samples, 2);
        assert_eq!(run.min_samples(), 2);
        assert_eq!(run.curve.len(), 2);
        assert_eq!(run.skipped_k, vec![10, 100]);
        assert_eq!(
            run.costliest(2).iter().map(|c| c.line).collect::<Vec<_>>(),
            vec![3, 4]
        );
        assert_eq!(report.task_order(), vec!["a", "b"]);
        assert_eq!(run.flakiest(5).len(), 2);
        // The page calls the internal failure out, in red, and shows the
        // failing sample's stdout as text.
        let html = report.html();
        assert!(html.contains("<p class=\"alert\" id=\"internal-alert\">1 internal failure(s)"));
        assert!(html.contains("line 5)"));
        assert!(html.contains("<td class=\"num alert\" data-run=\"0\" data-metric=\"internal\""));
        assert!(html.contains("<pre>&lt;script&gt;x&lt;/script&gt;</pre>"));
        assert_eq!(html.matches("<script").count(), 1);
    }
}
