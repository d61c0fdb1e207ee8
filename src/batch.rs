//! Batch evaluation of a tasks.jsonl file, in parallel, in input order.
//!
//! Input is streamed line by line and results are written (and flushed) as
//! soon as every earlier line is done, so memory stays flat on large files
//! and an interrupted run keeps every result it printed. Each input line
//! gives exactly one envelope; a line that cannot be read (bad JSON, invalid
//! UTF-8, missing field, empty) gives an `error` envelope with
//! `error_kind: invalid_task` that names the line, and the rest still runs.

use crate::executor::{Executor, invalid_task};
use crate::outcome::{Envelope, ErrorKind, Outcome};
use crate::task::{Task, TaskError};
use anyhow::{Context, Result};
use futures::StreamExt;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a batch runs.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Candidates run at once (default: all cores).
    pub jobs: usize,
    /// Show a progress bar on stderr (only drawn when stderr is a terminal).
    pub progress: bool,
    /// Number of input lines, when known, for the progress bar.
    pub expected: Option<u64>,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            jobs: default_jobs(),
            progress: true,
            expected: None,
        }
    }
}

/// Number of cores available to this process.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Counts of one batch.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Envelopes written (one per input line).
    pub total: usize,
    /// Count per outcome word.
    pub outcomes: BTreeMap<String, usize>,
    /// Count per error_kind word.
    pub error_kinds: BTreeMap<String, usize>,
    /// Mean score over every line that was a valid task and not internal.
    pub mean_score: f64,
    /// wasmeval's own failures (not counted against candidates).
    pub internal: usize,
    /// Lines that were not valid tasks.
    pub invalid: usize,
    /// Timeouts decided by the wall-clock backstop (not reproducible).
    pub wall_backstop: usize,
    pub elapsed_s: f64,
    #[serde(skip)]
    score_sum: f64,
    #[serde(skip)]
    scored: usize,
}

impl Summary {
    fn add(&mut self, envelope: &Envelope) {
        self.total += 1;
        *self
            .outcomes
            .entry(envelope.outcome.as_str().to_string())
            .or_default() += 1;
        if let Some(kind) = envelope.error_kind {
            *self
                .error_kinds
                .entry(kind.as_str().to_string())
                .or_default() += 1;
        }
        match envelope.error_kind {
            Some(ErrorKind::Internal) => self.internal += 1,
            Some(ErrorKind::InvalidTask) => self.invalid += 1,
            Some(ErrorKind::WallBackstop) => self.wall_backstop += 1,
            _ => {}
        }
        if !matches!(
            envelope.error_kind,
            Some(ErrorKind::Internal | ErrorKind::InvalidTask)
        ) {
            self.score_sum += envelope.score;
            self.scored += 1;
            self.mean_score = self.score_sum / self.scored as f64;
        }
    }

    /// Count of one outcome.
    pub fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.get(outcome.as_str()).copied().unwrap_or(0)
    }

    /// A few human-readable lines.
    pub fn render(&self) -> String {
        let mut text = format!(
            "{} tasks in {:.1} s: {}\nmean score {:.4}",
            self.total,
            self.elapsed_s,
            Outcome::ALL
                .iter()
                .map(|o| format!("{} {}", self.count(*o), o))
                .collect::<Vec<_>>()
                .join(", "),
            self.mean_score
        );
        if self.invalid > 0 {
            text.push_str(&format!("\n{} invalid input line(s)", self.invalid));
        }
        if self.wall_backstop > 0 {
            text.push_str(&format!(
                "\n{} timeout(s) decided by the wall-clock backstop (not reproducible)",
                self.wall_backstop
            ));
        }
        if self.internal > 0 {
            text.push_str(&format!(
                "\n{} internal failure(s) of wasmeval (not the candidates' fault; see their detail)",
                self.internal
            ));
        }
        text
    }
}

/// Parse one raw input line (1-based `number`) into a task.
fn parse_line(number: usize, raw: &[u8]) -> Result<Task, TaskError> {
    let located = |mut error: TaskError| {
        error.message = format!("line {number}: {}", error.message);
        error
    };
    let text = std::str::from_utf8(raw).map_err(|e| {
        located(TaskError {
            id: None,
            language: None,
            total: 0,
            message: format!("invalid UTF-8 at byte {}", e.valid_up_to()),
        })
    })?;
    let text = text.trim_end_matches(['\n', '\r']);
    if text.trim().is_empty() {
        return Err(located(TaskError {
            id: None,
            language: None,
            total: 0,
            message: "empty line".into(),
        }));
    }
    Task::from_json(text).map_err(located)
}

/// Evaluate every line of `input`, writing one JSON envelope per line to
/// `output` in input order. Returns the summary; an `Err` is an I/O failure
/// of the input or output themselves.
pub fn evaluate(
    executor: Arc<Executor>,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
    options: &BatchOptions,
) -> Result<Summary> {
    let jobs = options.jobs.max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(jobs)
        .enable_all()
        .build()
        .context("starting the worker threads")?;
    let bar = progress_bar(options);
    let started = Instant::now();
    let mut summary = Summary::default();

    runtime.block_on(async {
        let lines = futures::stream::iter(LineReader { input, number: 0 });
        // Repeated ids are samples of one task: number them in input order
        // (the sample index is part of each run's random seed).
        let mut samples: HashMap<String, u64> = HashMap::new();
        let mut results = lines
            .map(|line| {
                let executor = executor.clone();
                let parsed = line.map(|(number, raw)| {
                    parse_line(number, &raw).map(|mut task| {
                        if task.sample.is_none() {
                            let next = samples
                                .entry(task.id.clone().unwrap_or_default())
                                .or_insert(0);
                            task.sample = Some(*next);
                            *next += 1;
                        }
                        task
                    })
                });
                tokio::spawn(async move {
                    Ok::<Envelope, std::io::Error>(match parsed? {
                        Ok(task) => executor.score(&task).await,
                        Err(error) => invalid_task(&error, ""),
                    })
                })
            })
            // A window larger than the worker count keeps every core busy
            // while a slow task holds the head of the line.
            .buffered(jobs * 4);
        while let Some(joined) = results.next().await {
            let envelope = joined
                .context("a worker panicked")?
                .context("reading the input")?;
            serde_json::to_writer(&mut output, &envelope)?;
            output.write_all(b"\n")?;
            output.flush().context("writing results")?;
            summary.add(&envelope);
            bar.inc(1);
        }
        anyhow::Ok(())
    })?;
    bar.finish_and_clear();
    summary.elapsed_s = started.elapsed().as_secs_f64();
    Ok(summary)
}

fn progress_bar(options: &BatchOptions) -> ProgressBar {
    if !options.progress {
        return ProgressBar::hidden();
    }
    let bar = match options.expected {
        Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr()),
        None => ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
    };
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} tasks ({per_sec}, eta {eta})",
    )
    .expect("the template is valid");
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Lines as raw bytes with their 1-based numbers (invalid UTF-8 is the
/// parser's business, not an I/O error).
struct LineReader<R> {
    input: R,
    number: usize,
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = std::io::Result<(usize, Vec<u8>)>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut raw = Vec::new();
        match self.input.read_until(b'\n', &mut raw) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                Some(Ok((self.number, raw)))
            }
            Err(e) => Some(Err(e)),
        }
    }
}

/// Count the lines of a file quickly (for the progress bar).
pub fn count_lines(path: &std::path::Path) -> Result<u64> {
    let mut reader = std::io::BufReader::new(
        std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?,
    );
    let mut count = 0u64;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        let len = buffer.len();
        count += buffer.iter().filter(|&&b| b == b'\n').count() as u64;
        let ends_without_newline = buffer[len - 1] != b'\n';
        reader.consume(len);
        if ends_without_newline && reader.fill_buf()?.is_empty() {
            count += 1;
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_name_their_number() {
        let err = parse_line(3, b"{not json").unwrap_err();
        assert!(
            err.message.starts_with("line 3: invalid JSON"),
            "{}",
            err.message
        );
        let err = parse_line(4, b"{\"generation\": \"\xff\"}").unwrap_err();
        assert!(
            err.message.starts_with("line 4: invalid UTF-8"),
            "{}",
            err.message
        );
        let err = parse_line(5, b"  \r\n").unwrap_err();
        assert_eq!(err.message, "line 5: empty line");
    }

    #[test]
    fn lines_are_counted_with_or_without_final_newline() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        std::fs::write(&path, "a\nb\nc").unwrap();
        assert_eq!(count_lines(&path).unwrap(), 3);
        std::fs::write(&path, "a\nb\n").unwrap();
        assert_eq!(count_lines(&path).unwrap(), 2);
    }
}
