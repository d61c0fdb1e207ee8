//! From what the sandbox observed to an [`Envelope`].
//!
//! Guest harnesses (one per language) speak the same frame protocol; the
//! host, not the guest, counts passed targets and picks the outcome. A frame
//! body is fields separated by 0x1f:
//!
//! | frame                                   | meaning                                   |
//! |-----------------------------------------|-------------------------------------------|
//! | `ready`                                 | harness installed, candidate not yet run  |
//! | `blocked` `what`                        | blacklist hit (recorded even if caught)   |
//! | `compile_error` `type` `message`        | the candidate does not compile            |
//! | `candidate_error` `type` `message` `hint` | top-level code raised                   |
//! | `candidate_exit` `code`                 | top-level code called exit                |
//! | `candidate_ok`                          | top-level code finished                   |
//! | `target` `index` `0/1` `type` `message` `hint` | one target's result                |
//! | `done`                                  | every target ran                          |
//!
//! `hint` is `stack` or `memory` when the language's exception means the
//! stack or the memory ran out (RecursionError, MemoryError, QuickJS's
//! "stack overflow" / "out of memory"), else empty.
//!
//! Missing frames are never read as success: a candidate that ends the
//! process early leaves `done` (and targets) missing, which is an error.

use crate::outcome::{Envelope, ErrorKind, Outcome, TargetResult};
use crate::runtime::Language;
use crate::sandbox::{Exit, Limits, Run};

/// What the frames of one run said.
#[derive(Debug, Default)]
struct Report {
    ready: bool,
    blocked: Vec<String>,
    compile_error: Option<String>,
    candidate: Candidate,
    targets: Vec<Option<TargetResult>>,
    /// Some target raised an out-of-memory error.
    target_memory: bool,
    done: bool,
}

#[derive(Debug, Default, PartialEq)]
enum Candidate {
    #[default]
    NotFinished,
    Ok,
    Raised {
        name: String,
        message: String,
        hint: String,
    },
    Exited(String),
}

fn describe(name: &str, message: &str) -> String {
    if message.is_empty() {
        name.to_string()
    } else {
        format!("{name}: {message}")
    }
}

fn parse(frames: &[Vec<u8>], total: usize) -> Result<Report, String> {
    let mut report = Report {
        targets: vec![None; total],
        ..Report::default()
    };
    for raw in frames {
        let text = String::from_utf8_lossy(raw);
        let fields: Vec<&str> = text.split('\u{1f}').collect();
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        match fields[0] {
            "ready" => report.ready = true,
            "blocked" => report.blocked.push(field(1).to_string()),
            "compile_error" => {
                // The message already names the line ("(<candidate>, line 3)").
                report.compile_error = Some(describe(field(1), field(2)));
            }
            "candidate_error" => {
                report.candidate = Candidate::Raised {
                    name: field(1).to_string(),
                    message: field(2).to_string(),
                    hint: field(3).to_string(),
                }
            }
            "candidate_exit" => report.candidate = Candidate::Exited(field(1).to_string()),
            "candidate_ok" => report.candidate = Candidate::Ok,
            "target" => {
                let index: usize = field(1)
                    .parse()
                    .map_err(|_| format!("bad target index {:?}", field(1)))?;
                let slot = report
                    .targets
                    .get_mut(index)
                    .ok_or_else(|| format!("target index {index} out of range"))?;
                if slot.is_some() {
                    return Err(format!("target {index} reported twice"));
                }
                let passed = field(2) == "1";
                report.target_memory |= field(5) == "memory";
                *slot = Some(TargetResult {
                    passed,
                    error: (!passed).then(|| describe(field(3), field(4))),
                });
            }
            "done" => report.done = true,
            other => return Err(format!("unknown frame {other:?}")),
        }
    }
    Ok(report)
}

/// Build the envelope for a finished run with `total` targets.
pub fn decide(
    id: Option<String>,
    language: Language,
    total: usize,
    run: &Run,
    limits: &Limits,
) -> Envelope {
    let mut envelope = Envelope {
        id,
        language: language.as_str().to_string(),
        outcome: Outcome::Error,
        score: 0.0,
        passed: 0,
        total,
        detail: None,
        error_kind: None,
        targets: vec![
            TargetResult {
                passed: false,
                error: None
            };
            total
        ],
        stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&run.stderr).into_owned(),
        fuel_used: run.fuel_used,
        wall_ms: run.wall.as_millis() as u64,
    };
    let report = match parse(&run.frames, total) {
        Ok(report) => report,
        Err(problem) => {
            return finish_error(
                envelope,
                ErrorKind::Internal,
                format!("harness protocol violation: {problem}"),
            );
        }
    };
    for (slot, result) in envelope.targets.iter_mut().zip(&report.targets) {
        if let Some(result) = result {
            *slot = result.clone();
        }
    }
    envelope.passed = envelope.targets.iter().filter(|t| t.passed).count();
    let ran = report.targets.iter().filter(|t| t.is_some()).count();

    if let Some(what) = report.blocked.first() {
        return finish_error(envelope, ErrorKind::Blacklist, format!("blocked: {what}"));
    }
    match &run.exit {
        Exit::OutputOverflow => {
            return finish_error(
                envelope,
                ErrorKind::OutputOverflow,
                format!(
                    "output overflow: the candidate wrote more than {} bytes to stdout or stderr",
                    limits.output_bytes
                ),
            );
        }
        Exit::OutOfFuel => {
            envelope.outcome = Outcome::Timeout;
            envelope.detail = Some(format!(
                "fuel budget of {} exhausted after {ran} of {total} targets",
                limits.fuel
            ));
            return envelope;
        }
        Exit::WallBackstop => {
            envelope.outcome = Outcome::Timeout;
            envelope.error_kind = Some(ErrorKind::WallBackstop);
            envelope.detail = Some(format!(
                "wall-clock backstop fired after {:.1} s before the fuel budget ran out \
                 (an overloaded host or a host bug); this verdict may not be reproducible",
                limits.wall.as_secs_f64()
            ));
            return envelope;
        }
        _ => {}
    }
    let memory_error = report.target_memory
        || matches!(&report.candidate, Candidate::Raised { hint, .. } if hint == "memory");
    if run.memory_refused || memory_error {
        return finish_error(
            envelope,
            ErrorKind::Memory,
            format!(
                "memory: the candidate exceeded the memory cap of {} MiB",
                limits.memory_bytes >> 20
            ),
        );
    }
    match &run.exit {
        Exit::StackOverflow => {
            return finish_error(
                envelope,
                ErrorKind::Stack,
                "stack: the WebAssembly call stack was exhausted (runaway recursion)",
            );
        }
        Exit::Trap(message) if language.trap_is_stack_overflow(message) => {
            return finish_error(
                envelope,
                ErrorKind::Stack,
                format!("stack: the runtime's stack overflowed (runaway recursion; {message})"),
            );
        }
        Exit::Trap(message) => {
            return finish_error(envelope, ErrorKind::Trap, format!("trap: {message}"));
        }
        _ => {}
    }
    let exit_code = match run.exit {
        Exit::Exited(code) => code,
        _ => unreachable!("every other exit was handled above"),
    };
    if !report.ready {
        let tail: String = envelope
            .stderr
            .chars()
            .rev()
            .take(500)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        return finish_error(
            envelope,
            ErrorKind::Internal,
            format!("the harness did not start (exit code {exit_code}): {tail}"),
        );
    }
    if let Some(detail) = report.compile_error {
        envelope.outcome = Outcome::SyntaxError;
        envelope.detail = Some(detail);
        envelope.score = 0.0;
        return envelope;
    }
    match report.candidate {
        Candidate::Raised {
            name,
            message,
            hint,
        } => {
            let kind = if hint == "stack" {
                ErrorKind::Stack
            } else {
                ErrorKind::RuntimeException
            };
            return finish_error(envelope, kind, describe(&name, &message));
        }
        Candidate::Exited(code) => {
            return finish_error(
                envelope,
                ErrorKind::ExitedEarly,
                format!("the candidate exited (code {code}) before the targets ran"),
            );
        }
        Candidate::NotFinished => {
            return finish_error(
                envelope,
                ErrorKind::ExitedEarly,
                format!(
                    "the process ended (exit code {exit_code}) before the candidate finished \
                     (it exited early, or a Promise it returned never settled)"
                ),
            );
        }
        Candidate::Ok => {}
    }
    if !report.done || ran != total {
        return finish_error(
            envelope,
            ErrorKind::ExitedEarly,
            format!("the process ended (exit code {exit_code}) after {ran} of {total} targets"),
        );
    }
    envelope.score = score(envelope.passed, total);
    if envelope.passed == total {
        envelope.outcome = Outcome::Pass;
    } else {
        envelope.outcome = Outcome::AssertionFail;
        let (index, first) = envelope
            .targets
            .iter()
            .enumerate()
            .find(|(_, t)| !t.passed)
            .expect("some target failed");
        envelope.detail = Some(format!(
            "{} of {total} targets failed; first: target {index}: {}",
            total - envelope.passed,
            first.error.as_deref().unwrap_or("failed")
        ));
    }
    envelope
}

/// An `error` envelope; the score counts the targets that passed before the
/// error (0 when none ran).
fn finish_error(mut envelope: Envelope, kind: ErrorKind, detail: impl Into<String>) -> Envelope {
    envelope.outcome = Outcome::Error;
    envelope.error_kind = Some(kind);
    envelope.detail = Some(detail.into());
    envelope.score = if kind == ErrorKind::Internal {
        0.0
    } else {
        score(envelope.passed, envelope.total)
    };
    envelope
}

fn score(passed: usize, total: usize) -> f64 {
    if total == 0 {
        0.0
    } else {
        passed as f64 / total as f64
    }
}
