//! Task kinds and their judges.
//!
//! A task's [`Checks`] say what kind of task it is; each kind has a judge
//! here that decides which runs to make and how their results become one
//! envelope. Adding a task kind is a variant of `Checks`, its parser in
//! `crate::task`, and its judge below: the executor and the runtimes do not
//! change.
//!
//! - **Assertions** (HumanEval, MBPP): one run; the candidate's code, then
//!   each assertion string on its own against its namespace. The verdict is
//!   `crate::verdict`'s.
//! - **Unit-test files**: one run; the candidate as a module (`solution`),
//!   then the test file, whose tests the harness collects (each a target,
//!   named by its id) and runs one by one. A test file that cannot be
//!   collected (or holds no tests) is `error` / `collection_error`.
//! - **Input/output cases** (APPS, TACO, CodeContests, LiveCodeBench): one
//!   fresh instance per case, so no state leaks between cases, each with
//!   the task's whole budget. A stdin case runs the candidate as a script
//!   (`__name__ == "__main__"`) with the case's input on stdin; exiting
//!   with status 0 is a normal end, any other status a runtime error; its
//!   stdout is compared with the expected output ([`Compare`]), or judged
//!   by the task's checker ([`crate::checker`]), which runs after it in
//!   its own instance; a checker that fails ends the task as
//!   `error` / `checker_error`. A
//!   call-based case runs the candidate, then calls the named function with
//!   the case's arguments; the return value, as JSON, is compared with the
//!   expected value ([`crate::io_cases::same_value`]). Each case becomes
//!   one target; the score is the fraction of cases passed, and the outcome
//!   is `pass` when all pass, else the outcome of the first case that
//!   failed. A candidate that does not compile fails every case (it runs
//!   once); one that trips the blacklist or the integrity checks stops the
//!   task there, and integrity scores 0.

use crate::checker::Verdict;
use crate::io_cases::{Case, Compare, IoCases};
use crate::outcome::{Envelope, ErrorKind, Outcome, TargetResult};
use crate::report::{Candidate, Raised};
use crate::runtime::{Call, Program, Ran, Runtime, TestFile};
use crate::sandbox::{Exit, Limits};
use crate::task::{Checks, Task};
use anyhow::{Context, Result};

/// What every run of one task shares.
pub struct Judge<'a> {
    pub runtime: &'a dyn Runtime,
    /// The runtime the test runs in when it is not `runtime` (a Python
    /// test that imports numpy runs in `python-sci`).
    pub test_runtime: Option<&'a dyn Runtime>,
    pub limits: &'a Limits,
    /// Seeds every random byte of every run.
    pub seed: [u8; 32],
    /// How stdout is compared when the task does not say.
    pub compare: Compare,
    /// Python's int/str conversion limit for the candidate (0: none);
    /// `None`: CPython's default.
    pub int_max_str_digits: Option<u32>,
    /// The task's checker, ready to run (input/output tasks that have one).
    pub checker: Option<crate::checker::CheckerRun<'a>>,
}

impl Judge<'_> {
    /// The candidate with `targets` (fields to fill in on top).
    fn program<'p>(&self, code: &'p str, targets: &'p [String]) -> Program<'p> {
        Program {
            int_max_str_digits: self.int_max_str_digits,
            ..Program::assertions(code, targets, self.seed)
        }
    }

    /// Judge `code` against the task's checks. An `Err` is a failure of
    /// wasmeval itself.
    pub async fn judge(&self, task: &Task, code: &str) -> Result<Envelope> {
        match &task.checks {
            Checks::Assertions(targets) => {
                let program = Program {
                    judge: self.test_runtime.and_then(crate::runtime::judge_for),
                    setup: Some(&task.setup),
                    ..self.program(code, targets)
                };
                let ran = self.runtime.run(program, self.limits).await?;
                Ok(self.decide(task, targets.len(), &ran))
            }
            Checks::Io(cases) => self.judge_cases(task, cases, code).await,
            Checks::TestFile(file) => {
                // An empty, writable /tmp for `tmp_path`, gone after the run.
                let scratch =
                    crate::scratch::Scratch::new().context("creating a scratch directory")?;
                let program = Program {
                    scratch: Some(&scratch),
                    tests: Some(TestFile {
                        source: &file.source,
                        filename: &file.filename,
                        module: &file.module,
                    }),
                    judge: self.test_runtime.and_then(crate::runtime::judge_for),
                    ..self.program(code, &[])
                };
                let mut ran = self.runtime.run(program, self.limits).await?;
                let report = &mut ran.report;
                let collected = !report.names.is_empty() || report.collection_error.is_some();
                if !collected && report.done && report.candidate == Candidate::Ok {
                    report.collection_error = Some(Raised {
                        name: "NoTests".into(),
                        message: format!("{} holds no tests wasmeval collects", file.filename),
                        ..Raised::default()
                    });
                }
                let mut envelope = self.decide(task, ran.report.targets.len(), &ran);
                for (target, name) in envelope.targets.iter_mut().zip(&ran.report.names) {
                    target.name = Some(name.clone());
                }
                Ok(envelope)
            }
        }
    }

    fn decide(&self, task: &Task, total: usize, ran: &Ran) -> Envelope {
        crate::verdict::decide(
            task.id.clone(),
            task.language.as_str(),
            total,
            &ran.report,
            &ran.observed,
            self.limits,
        )
    }

    async fn judge_cases(&self, task: &Task, cases: &IoCases, code: &str) -> Result<Envelope> {
        let compare = cases.compare.unwrap_or(self.compare);
        let total = cases.cases.len();
        let mut targets: Vec<TargetResult> = cases
            .cases
            .iter()
            .map(|c| TargetResult {
                name: Some(c.name.clone()),
                passed: false,
                error: None,
            })
            .collect();
        let mut first_failed: Option<(usize, Envelope)> = None;
        let mut shown: Option<Envelope> = None;
        let (mut fuel_used, mut wall_ms) = (0u64, 0u64);
        let mut stop = None;
        let mut stopped_early = false;
        for (index, named) in cases.cases.iter().enumerate() {
            let envelope = self
                .run_case(task, code, cases, &named.case, compare)
                .await?;
            fuel_used = fuel_used.saturating_add(envelope.fuel_used);
            wall_ms = wall_ms.saturating_add(envelope.wall_ms);
            let passed = envelope.outcome == Outcome::Pass;
            targets[index].passed = passed;
            if !passed {
                targets[index].error = Some(case_error(&envelope));
            }
            if envelope.is_internal() {
                let mut internal = envelope;
                internal.targets = targets;
                internal.passed = 0;
                internal.total = total;
                internal.detail = Some(format!(
                    "{} (in {})",
                    internal.detail.unwrap_or_default(),
                    named.name
                ));
                return Ok(internal);
            }
            // Whatever made these end, every other case would meet it too.
            let ends_task = matches!(envelope.outcome, Outcome::SyntaxError)
                || matches!(
                    envelope.error_kind,
                    Some(ErrorKind::Blacklist | ErrorKind::Integrity | ErrorKind::CheckerError)
                );
            if ends_task {
                stop = Some(index);
            } else if !passed && cases.stop_at_first_failure {
                stopped_early = true;
                stop = Some(index);
            }
            if !passed && first_failed.is_none() {
                first_failed = Some((index, envelope));
            } else if shown.is_none() {
                shown = Some(envelope);
            }
            if stop.is_some() {
                break;
            }
        }
        if let (Some(stopped), Some((_, first))) = (stop, &first_failed) {
            let error = if stopped_early {
                format!(
                    "not run: {} failed first (stop_at_first_failure)",
                    cases.cases[stopped].name
                )
            } else {
                case_error(first)
            };
            for target in targets.iter_mut().skip(stopped + 1) {
                target.error = Some(error.clone());
            }
        }
        let passed = targets.iter().filter(|t| t.passed).count();
        let mut envelope = match first_failed {
            None => {
                let mut envelope = shown.expect("a task has at least one case");
                envelope.detail = None;
                envelope
            }
            Some((index, mut envelope)) => {
                envelope.detail = Some(format!(
                    "{} of {total} cases failed; first: {}: {}",
                    total - passed,
                    cases.cases[index].name,
                    targets[index].error.as_deref().unwrap_or("failed")
                ));
                envelope
            }
        };
        envelope.passed = passed;
        envelope.total = total;
        envelope.score = if envelope.error_kind == Some(ErrorKind::Integrity) {
            0.0
        } else {
            passed as f64 / total as f64
        };
        envelope.targets = targets;
        envelope.fuel_used = fuel_used;
        envelope.wall_ms = wall_ms;
        Ok(envelope)
    }

    /// One case in a fresh instance: its envelope as a one-target run.
    async fn run_case(
        &self,
        task: &Task,
        code: &str,
        cases: &IoCases,
        case: &Case,
        compare: Compare,
    ) -> Result<Envelope> {
        match case {
            Case::Stdin { input, output } => {
                let program = Program {
                    stdin: input,
                    script: true,
                    ..self.program(code, &[])
                };
                // The output cap never cuts a right answer: at least twice
                // the expected output.
                let limits = Limits {
                    output_bytes: self.limits.output_bytes.max(
                        output
                            .len()
                            .saturating_mul(2)
                            .min(crate::sandbox::MAX_OUTPUT_BYTES),
                    ),
                    ..self.limits.clone()
                };
                let mut ran = self.runtime.run(program, &limits).await?;
                let report = &mut ran.report;
                // A process exit (`os._exit`) ends the script where it stands.
                if let (Candidate::NotFinished, Exit::Exited(status)) =
                    (&report.candidate, &ran.observed.exit)
                    && report.ready
                    && report.compile_error.is_none()
                {
                    report.candidate = Candidate::Exited(status.to_string());
                }
                // A script that exits with status 0 ended normally.
                if let Candidate::Exited(status) = &report.candidate {
                    report.candidate = if status == "0" {
                        report.done = true;
                        Candidate::Ok
                    } else {
                        Candidate::Raised(Raised {
                            name: format!("exit status {status}"),
                            ..Raised::default()
                        })
                    };
                }
                let mut checker_failed = None;
                if report.candidate == Candidate::Ok && report.done {
                    let stdout = &ran.observed.stdout;
                    let error = match &self.checker {
                        None => compare.check(output, &String::from_utf8_lossy(stdout)),
                        Some(checker) => match checker.check(input, stdout, output).await? {
                            Verdict::Accepted => None,
                            Verdict::Rejected(why) => Some(why),
                            Verdict::Failed(why) => {
                                let why = format!("the task's checker failed: {why}");
                                checker_failed = Some(why.clone());
                                Some(why)
                            }
                        },
                    };
                    report.targets = vec![Some(TargetResult {
                        name: None,
                        passed: error.is_none(),
                        error,
                    })];
                }
                let mut envelope = crate::verdict::decide(
                    task.id.clone(),
                    task.language.as_str(),
                    1,
                    &ran.report,
                    &ran.observed,
                    &limits,
                );
                if let Some(why) = checker_failed {
                    envelope.outcome = Outcome::Error;
                    envelope.error_kind = Some(ErrorKind::CheckerError);
                    envelope.detail = Some(why);
                }
                Ok(envelope)
            }
            Case::Call {
                args,
                expected,
                unwrap,
            } => {
                let function = cases.function.as_deref().unwrap_or_default();
                let args = serde_json::Value::Array(args.clone()).to_string();
                let program = Program {
                    call: Some(Call {
                        function,
                        args: &args,
                    }),
                    ..self.program(code, &[])
                };
                let mut ran = self.runtime.run(program, self.limits).await?;
                let report = &mut ran.report;
                if let (Some(Some(target)), Some(returned)) =
                    (report.targets.first_mut(), &report.returned)
                    && target.passed
                    && let Some(error) = IoCases::check_returned(expected, *unwrap, returned)
                {
                    target.passed = false;
                    target.error = Some(error);
                }
                Ok(self.decide(task, 1, &ran))
            }
        }
    }
}

/// What went wrong in one case, in a few words.
fn case_error(envelope: &Envelope) -> String {
    let detail = envelope.detail.clone().unwrap_or_default();
    match envelope.outcome {
        Outcome::Pass => String::new(),
        Outcome::AssertionFail => envelope
            .targets
            .first()
            .and_then(|t| t.error.clone())
            .unwrap_or(detail),
        Outcome::Timeout => match envelope.error_kind {
            Some(ErrorKind::WallBackstop) => "timeout (wall-clock backstop)".into(),
            _ => "timeout".into(),
        },
        Outcome::SyntaxError => format!("syntax error: {detail}"),
        Outcome::Error => detail,
    }
}
