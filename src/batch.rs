//! Batch evaluation of a JSONL file, in parallel, in input order.
//!
//! Input is streamed line by line and results are written (and flushed) as
//! soon as every earlier line is done, so memory stays flat on large files
//! and an interrupted run keeps every result it wrote; `--resume` then
//! continues after the last complete line (a torn last line is redone).
//! Each input line gives exactly one output line; a line that cannot be
//! read (bad JSON, invalid UTF-8, missing field, empty) gives an `error`
//! envelope with `error_kind: invalid_task` that names the line, and the
//! rest still runs.
//!
//! What a line means and how a result is written is a [`Format`]: wasmeval
//! tasks ([`TaskFormat`]) or HumanEval samples (`humaneval::SampleFormat`).

use crate::outcome::{Envelope, ErrorKind, Outcome};
use crate::passk;
use crate::service::{Input, Service};
use crate::task::{Task, TaskError};
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One input line, read.
pub struct Item {
    pub task: Result<Task, TaskError>,
    /// Fields written first in the output line (e.g. human-eval's task_id
    /// and completion); the envelope's fields follow.
    pub extra: Map<String, Value>,
}

/// How input lines become tasks and envelopes become output lines.
pub trait Format: Send + Sync {
    /// Read one input line (valid UTF-8, without its newline). Error
    /// messages need not name the line: the caller prefixes its number.
    fn item(&self, text: &str) -> Item;
    /// The output line for a scored item.
    fn render(&self, extra: Map<String, Value>, envelope: &Envelope) -> Value;
    /// The items of one input line, when a line holds several samples
    /// (MultiPL-E's completions); one by default. Never empty.
    fn items(&self, text: &str) -> Vec<Item> {
        vec![self.item(text)]
    }
    /// The output line for all the items of one input line, in order.
    fn render_line(&self, scored: Vec<(Map<String, Value>, Envelope)>) -> Value {
        let (extra, envelope) = scored.into_iter().next().expect("a line has an item");
        self.render(extra, &envelope)
    }
}

/// wasmeval's task format (see `task`): the output line is the envelope.
pub struct TaskFormat;

impl Format for TaskFormat {
    fn item(&self, text: &str) -> Item {
        Item {
            task: Task::from_json(text),
            extra: Map::new(),
        }
    }

    fn render(&self, _extra: Map<String, Value>, envelope: &Envelope) -> Value {
        serde_json::to_value(envelope).expect("envelopes serialise")
    }
}

/// How a batch runs (the number of candidates at once is the service's
/// `jobs`).
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// Show a progress bar on stderr (only drawn when stderr is a terminal).
    pub progress: bool,
    /// Number of input lines, when known, for the progress bar.
    pub expected: Option<u64>,
    /// Input lines already done (by an interrupted run): they are read for
    /// sample numbering but not run again.
    pub skip: usize,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            progress: true,
            expected: None,
            skip: 0,
        }
    }
}

/// A slow task, by fuel (the portable cost) and wall time.
#[derive(Debug, Clone, Serialize)]
pub struct Slow {
    pub id: Option<String>,
    pub fuel_used: u64,
    pub wall_ms: u64,
    pub outcome: Outcome,
}

/// Counts of one batch.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Lines written (one per input line), resumed ones included.
    pub total: usize,
    /// Lines carried over from an interrupted run.
    pub resumed: usize,
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
    /// pass@k estimates with 95% bootstrap intervals (filled by
    /// [`Summary::pass_at_k`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pass_at_k: Vec<passk::Estimate>,
    /// The most expensive runs.
    pub slowest: Vec<Slow>,
    /// Tasks whose calibrated budget was cut to the longest timeout.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub clamped_budgets: Vec<String>,
    pub elapsed_s: f64,
    /// (samples, passed) per task id.
    #[serde(skip)]
    pub per_task: BTreeMap<String, (u64, u64)>,
    #[serde(skip)]
    score_sum: f64,
    #[serde(skip)]
    scored: usize,
}

const SLOWEST: usize = 5;

/// What a summary needs of one result line; read back from a results file
/// on `--resume` (where human-eval's boolean `passed` replaces the
/// envelope's count, so whole envelopes cannot be read back).
#[derive(Debug, Clone, serde::Deserialize)]
pub struct Tally {
    pub id: Option<String>,
    pub outcome: Outcome,
    pub score: f64,
    pub error_kind: Option<ErrorKind>,
    pub fuel_used: u64,
    pub wall_ms: u64,
}

impl From<&Envelope> for Tally {
    fn from(e: &Envelope) -> Tally {
        Tally {
            id: e.id.clone(),
            outcome: e.outcome,
            score: e.score,
            error_kind: e.error_kind,
            fuel_used: e.fuel_used,
            wall_ms: e.wall_ms,
        }
    }
}

impl Summary {
    /// Count one result.
    pub fn add(&mut self, envelope: &Tally) {
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
        if matches!(
            envelope.error_kind,
            Some(ErrorKind::Internal | ErrorKind::InvalidTask)
        ) {
            return;
        }
        self.score_sum += envelope.score;
        self.scored += 1;
        self.mean_score = self.score_sum / self.scored as f64;
        if let Some(id) = &envelope.id {
            let entry = self.per_task.entry(id.clone()).or_default();
            entry.0 += 1;
            entry.1 += u64::from(envelope.outcome == Outcome::Pass);
        }
        if self.slowest.len() < SLOWEST
            || self
                .slowest
                .last()
                .is_some_and(|s| s.fuel_used < envelope.fuel_used)
        {
            self.slowest.push(Slow {
                id: envelope.id.clone(),
                fuel_used: envelope.fuel_used,
                wall_ms: envelope.wall_ms,
                outcome: envelope.outcome,
            });
            self.slowest.sort_by_key(|s| std::cmp::Reverse(s.fuel_used));
            self.slowest.truncate(SLOWEST);
        }
    }

    /// Count of one outcome.
    pub fn count(&self, outcome: Outcome) -> usize {
        self.outcomes.get(outcome.as_str()).copied().unwrap_or(0)
    }

    /// Compute pass@k for each k that every task has enough samples for
    /// (as human-eval does); returns the k that were left out.
    pub fn pass_at_k(&mut self, ks: &[u64]) -> Vec<u64> {
        let tasks: Vec<(u64, u64)> = self.per_task.values().copied().collect();
        let mut skipped = Vec::new();
        self.pass_at_k.clear();
        for &k in ks {
            if tasks.is_empty() || tasks.iter().any(|&(n, _)| n < k) {
                skipped.push(k);
                continue;
            }
            self.pass_at_k
                .push(passk::estimate(&tasks, k, 1000).expect("n >= k was checked"));
        }
        skipped
    }

    /// A few human-readable lines.
    pub fn render(&self) -> String {
        let mut text = format!(
            "{} lines in {:.1} s: {}\nmean score {:.4}",
            self.total,
            self.elapsed_s,
            Outcome::ALL
                .iter()
                .map(|o| format!("{} {}", self.count(*o), o))
                .collect::<Vec<_>>()
                .join(", "),
            self.mean_score
        );
        if self.resumed > 0 {
            text.push_str(&format!(
                "\n{} line(s) carried over from the interrupted run",
                self.resumed
            ));
        }
        for e in &self.pass_at_k {
            text.push_str(&format!(
                "\npass@{}: {:.4} (95% CI {:.4} - {:.4}, {} tasks)",
                e.k,
                e.value,
                e.ci_low,
                e.ci_high,
                self.per_task.len()
            ));
        }
        if !self.slowest.is_empty() && !self.per_task.is_empty() {
            let list: Vec<String> = self
                .slowest
                .iter()
                .map(|s| {
                    format!(
                        "{} ({:.2e} fuel, {} ms, {})",
                        s.id.as_deref().unwrap_or("?"),
                        s.fuel_used as f64,
                        s.wall_ms,
                        s.outcome
                    )
                })
                .collect();
            text.push_str(&format!("\nslowest: {}", list.join(", ")));
        }
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
                "\n{} internal failure(s) of wasmeval (not the candidates' fault; see their \
                 detail): left out of the mean score and of pass@k's n",
                self.internal
            ));
        }
        if !self.clamped_budgets.is_empty() {
            text.push_str(&format!(
                "\n{} calibrated budget(s) clamped to the longest timeout ({} s): {}",
                self.clamped_budgets.len(),
                crate::fuel::MAX_TIMEOUT_S,
                self.clamped_budgets.join(", ")
            ));
        }
        text
    }
}

/// Read line `number` of the input into its items.
fn read_items(format: &dyn Format, number: usize, raw: &[u8]) -> Vec<Item> {
    let invalid = |message: String| Item {
        task: Err(TaskError {
            id: None,
            language: None,
            total: 0,
            message: format!("line {number}: {message}"),
        }),
        extra: Map::new(),
    };
    let text = match std::str::from_utf8(raw) {
        Ok(text) => text.trim_end_matches(['\n', '\r']),
        Err(e) => {
            return vec![invalid(format!(
                "invalid UTF-8 at byte {}",
                e.valid_up_to()
            ))];
        }
    };
    if text.trim().is_empty() {
        return vec![invalid("empty line".into())];
    }
    let mut items = format.items(text);
    for item in &mut items {
        if let Err(error) = &mut item.task {
            error.message = format!("line {number}: {}", error.message);
        }
    }
    items
}

/// Line `number` of the input as one item (formats with one item a line).
fn read_item(format: &dyn Format, number: usize, raw: &[u8]) -> Item {
    read_items(format, number, raw).swap_remove(0)
}

/// Evaluate every line of `input`, writing one JSON line per input line to
/// `output` in input order. Returns the summary; an `Err` is an I/O failure
/// of the input or output themselves.
pub fn evaluate(
    service: &Service,
    format: Arc<dyn Format>,
    input: impl BufRead + Send,
    mut output: impl Write,
    options: &BatchOptions,
    mut summary: Summary,
) -> Result<Summary> {
    let bar = progress_bar(options);
    bar.set_position(options.skip as u64);
    let started = Instant::now();
    let failure: Arc<Mutex<Option<std::io::Error>>> = Arc::default();
    // Repeated ids are samples of one task: number them in input order (the
    // sample index is part of each run's random seed).
    let mut samples: HashMap<String, u64> = HashMap::new();
    let read_failure = failure.clone();
    let inputs = LineReader { input, number: 0 }
        .map_while(move |line| match line {
            Ok(line) => Some(line),
            Err(error) => {
                *read_failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
                None
            }
        })
        .flat_map(|(number, raw)| {
            let mut items = read_items(&*format, number, &raw);
            for item in &mut items {
                if let Ok(task) = &mut item.task
                    && task.sample.is_none()
                {
                    let next = samples
                        .entry(task.id.clone().unwrap_or_default())
                        .or_insert(0);
                    task.sample = Some(*next);
                    *next += 1;
                }
            }
            let count = items.len();
            let keep = number > options.skip;
            items
                .into_iter()
                .enumerate()
                .filter(move |_| keep)
                .map(move |(index, item)| Input {
                    task: item.task,
                    extra: (index + 1 == count, item.extra),
                })
        });
    let render = format.clone();
    let mut line_items = Vec::new();
    for (envelope, (last, extra)) in service.evaluate_blocking(inputs) {
        summary.add(&Tally::from(&envelope));
        line_items.push((extra, envelope));
        if !last {
            continue;
        }
        let line = render.render_line(std::mem::take(&mut line_items));
        serde_json::to_writer(&mut output, &line)?;
        output.write_all(b"\n")?;
        output.flush().context("writing results")?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Some(error) = failure.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(error).context("reading the input");
    }
    summary.elapsed_s = started.elapsed().as_secs_f64();
    Ok(summary)
}

/// What a results file was made from, kept beside it (`<results>.input.json`)
/// so that `--resume` can refuse to continue with another input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputIdentity {
    /// SHA-256 of the input file's bytes.
    pub sha256: String,
    /// The input file, as it was given.
    pub path: String,
}

impl InputIdentity {
    /// The identity of the input file at `path`.
    pub fn of(path: &Path) -> Result<InputIdentity> {
        use sha2::{Digest, Sha256};
        let mut file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        let mut hasher = Sha256::new();
        std::io::copy(&mut file, &mut hasher)
            .with_context(|| format!("reading {}", path.display()))?;
        Ok(InputIdentity {
            sha256: crate::install::hex(&hasher.finalize()),
            path: path.display().to_string(),
        })
    }

    /// Where the identity of the input of `results` is kept.
    pub fn sidecar(results: &Path) -> PathBuf {
        let mut name = results.as_os_str().to_os_string();
        name.push(".input.json");
        PathBuf::from(name)
    }

    /// Record this identity for `results`.
    pub fn save(&self, results: &Path) -> Result<()> {
        let path = Self::sidecar(results);
        std::fs::write(&path, serde_json::to_vec_pretty(self)?)
            .with_context(|| format!("writing {}", path.display()))
    }
}

/// Refuse to resume `results` from `input` when they do not belong together:
/// the recorded input identity differs, or the ids of the lines already
/// done differ from the ids of the input's first lines.
pub fn check_resume(
    results: &Path,
    input: &Path,
    format: &dyn Format,
    done_ids: &[Option<String>],
) -> Result<()> {
    let current = InputIdentity::of(input)?;
    let sidecar = InputIdentity::sidecar(results);
    if let Ok(text) = std::fs::read_to_string(&sidecar)
        && let Ok(recorded) = serde_json::from_str::<InputIdentity>(&text)
        && recorded.sha256 != current.sha256
    {
        bail!(
            "{} was written from a different input ({} had SHA-256 {}, {} now has {}); \
             resuming would mix results: run again without --resume, or with the original input",
            results.display(),
            recorded.path,
            &recorded.sha256[..16],
            current.path,
            &current.sha256[..16],
        );
    }
    let reader = std::io::BufReader::new(
        std::fs::File::open(input).with_context(|| format!("opening {}", input.display()))?,
    );
    let lines = LineReader {
        input: reader,
        number: 0,
    };
    for (i, (line, done)) in lines.zip(done_ids).enumerate() {
        let (number, raw) = line.with_context(|| format!("reading {}", input.display()))?;
        let expected = read_item(format, number, &raw).task.ok().and_then(|t| t.id);
        if expected.is_some() && done.is_some() && &expected != done {
            bail!(
                "line {} of {} is task {:?} but result {} in {} is {:?}: the results are from \
                 another input; run again without --resume",
                number,
                input.display(),
                expected.unwrap_or_default(),
                i + 1,
                results.display(),
                done.clone().unwrap_or_default()
            );
        }
    }
    current.save(results)
}

/// Prepare to resume into `path`: count its complete lines into a summary,
/// cut a torn or corrupt tail (a crash mid-write), and return how many
/// input lines are done. A missing file means nothing is done.
pub fn resume(path: &Path) -> Result<(usize, Summary, Vec<Option<String>>)> {
    let mut summary = Summary::default();
    let mut ids = Vec::new();
    let file = match std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
    {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((0, summary, ids)),
        Err(e) => return Err(e).with_context(|| format!("opening {}", path.display())),
    };
    let mut reader = std::io::BufReader::new(&file);
    let mut good_bytes = 0u64;
    let mut done = 0usize;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        let n = reader.read_until(b'\n', &mut raw)?;
        if n == 0 || !raw.ends_with(b"\n") {
            break;
        }
        let Some(tallies) = tallies(&raw) else {
            break;
        };
        ids.push(tallies.first().and_then(|t| t.id.clone()));
        for tally in &tallies {
            summary.add(tally);
        }
        good_bytes += n as u64;
        done += 1;
    }
    drop(reader);
    let length = file.metadata()?.len();
    if length != good_bytes {
        tracing::warn!(
            "{}: dropping {} byte(s) of an incomplete last line; it is run again",
            path.display(),
            length - good_bytes
        );
        file.set_len(good_bytes)?;
    }
    let mut file = file;
    file.seek(std::io::SeekFrom::End(0))?;
    summary.resumed = done;
    Ok((done, summary, ids))
}

/// What one results line counts for: its envelope, or (MultiPL-E's shape)
/// the envelope of each of its results. None: not a complete results line.
fn tallies(raw: &[u8]) -> Option<Vec<Tally>> {
    if let Ok(tally) = serde_json::from_slice::<Tally>(raw) {
        return Some(vec![tally]);
    }
    let value: Value = serde_json::from_slice(raw).ok()?;
    value
        .get("results")?
        .as_array()?
        .iter()
        .map(|r| serde_json::from_value::<Tally>(r.get("envelope")?.clone()).ok())
        .collect()
}

fn progress_bar(options: &BatchOptions) -> ProgressBar {
    if !options.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(options.expected, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})",
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
pub fn count_lines(path: &Path) -> Result<u64> {
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

    fn message(number: usize, raw: &[u8]) -> String {
        read_item(&TaskFormat, number, raw)
            .task
            .unwrap_err()
            .message
    }

    #[test]
    fn bad_lines_name_their_number() {
        assert!(message(3, b"{not json").starts_with("line 3: invalid JSON"));
        assert!(message(4, b"{\"generation\": \"\xff\"}").starts_with("line 4: invalid UTF-8"));
        assert_eq!(message(5, b"  \r\n"), "line 5: empty line");
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

    #[test]
    fn resume_keeps_complete_lines_and_cuts_a_torn_tail() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        let envelope =
            Envelope::failed_before_run(Some("a".into()), "python", 1, ErrorKind::NoCode, "x");
        let line = serde_json::to_string(&envelope).unwrap();
        std::fs::write(&path, format!("{line}\n{line}\n{{\"id\": \"a\", \"outc")).unwrap();
        let (done, summary, ids) = resume(&path).unwrap();
        assert_eq!((done, summary.total, summary.resumed), (2, 2, 2));
        assert_eq!(ids, vec![Some("a".to_string()), Some("a".to_string())]);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            format!("{line}\n{line}\n")
        );
        assert_eq!(resume(&dir.path().join("missing")).unwrap().0, 0);
    }

    #[test]
    fn resuming_from_another_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("tasks.jsonl");
        let results = dir.path().join("out.jsonl");
        std::fs::write(
            &input,
            "{\"id\": \"a\", \"code\": \"x\", \"targets\": [\"t\"]}\n",
        )
        .unwrap();
        InputIdentity::of(&input).unwrap().save(&results).unwrap();
        check_resume(&results, &input, &TaskFormat, &[Some("a".into())]).unwrap();
        // Same file, different first task: the ids do not match.
        let err = check_resume(&results, &input, &TaskFormat, &[Some("b".into())]).unwrap_err();
        assert!(err.to_string().contains("another input"), "{err}");
        // An edited input: the recorded hash does not match.
        std::fs::write(
            &input,
            "{\"id\": \"a\", \"code\": \"y\", \"targets\": [\"t\"]}\n",
        )
        .unwrap();
        let err = check_resume(&results, &input, &TaskFormat, &[Some("a".into())]).unwrap_err();
        assert!(err.to_string().contains("different input"), "{err}");
    }

    #[test]
    fn pass_at_k_is_reported_only_where_every_task_has_k_samples() {
        let mut summary = Summary::default();
        summary.per_task.insert("a".into(), (10, 3));
        summary.per_task.insert("b".into(), (5, 5));
        let skipped = summary.pass_at_k(&[1, 5, 10]);
        assert_eq!(skipped, vec![10]);
        assert_eq!(
            summary.pass_at_k.iter().map(|e| e.k).collect::<Vec<_>>(),
            vec![1, 5]
        );
        assert!((summary.pass_at_k[0].value - (0.3 + 1.0) / 2.0).abs() < 1e-12);
    }
}
