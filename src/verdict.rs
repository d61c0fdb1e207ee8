//! From what a run did to an [`Envelope`].
//!
//! The inputs are the harness's [`Report`] (see `crate::report`) and how
//! the guest stopped ([`Observed`]); the host, not the guest, counts passed
//! targets and picks the outcome. The order of the checks is the contract:
//!
//! 1. a broken report (a harness tampered with): `error` / `integrity`,
//!    score 0;
//! 2. a blacklisted module or function (even if the candidate caught the
//!    refusal): `error` / `blacklist`;
//! 3. a refused route to the harness, or a candidate-defined object in a
//!    test's comparison: `error` / `integrity`;
//! 4. the output cap, then fuel (`timeout`), then the wall-clock backstop
//!    (`timeout` / `wall_backstop`);
//! 5. memory, when the run *ended* because of it: an out-of-memory error
//!    that escaped (from the candidate or a target), or a run that stopped
//!    after a refused allocation. A refusal the candidate handled, after
//!    which everything finished, is not an error;
//! 6. a stack overflow or any other trap;
//! 7. then the report: syntax error, the candidate's own exception or exit,
//!    missing targets (`exited_early`), and finally `pass` or
//!    `assertion_fail` — except that a run that did not pass after the
//!    program required a module the runtime lacks is `error` /
//!    `missing_module` (a caught `require` that changed nothing is not).
//!
//! A missing event is never read as success, and `score` is always
//! `passed / total` of the targets that reported a pass (0 for a timeout, a
//! syntax error and a broken report), so outcome and score agree.

use crate::outcome::{Envelope, ErrorKind, Outcome, TargetResult};
use crate::report::{Candidate, Hint, Report};
use crate::sandbox::{Exit, Limits, Observed};

/// How a run stopped, read in one place for a judged run (its envelope)
/// and a program run (its status): the sandbox's stops in the contract's
/// order (steps 4 to 6 above), else the guest's exit code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stop<'a> {
    /// An output cap (stdout/stderr, one hostcall's data, the scratch
    /// directory); what the guest did, in words ("wrote more than ...").
    OutputCap(String),
    /// The fuel budget ran out.
    Fuel,
    /// The wall-clock backstop fired (a host bug: no progress in fuel).
    WallBackstop,
    /// The run ended because of the memory cap.
    Memory,
    /// The WebAssembly stack was exhausted.
    Stack,
    /// Any other trap, in wasmtime's words.
    Trap(&'a str),
    /// The guest exited with this code.
    Exited(i32),
}

/// How the run that gave `observed` and `report` (with `total` targets)
/// stopped. Memory counts only when the run *ended* because of it: an
/// out-of-memory error that escaped (from the candidate or a target), or a
/// run that did not finish after a refused allocation.
pub(crate) fn stop<'a>(
    observed: &'a Observed,
    report: &Report,
    total: usize,
    limits: &Limits,
) -> Stop<'a> {
    match &observed.exit {
        Exit::OutputOverflow => {
            return Stop::OutputCap(format!(
                "wrote more than {} bytes to stdout or stderr",
                limits.output_bytes
            ));
        }
        Exit::ImportOverflow => {
            return Stop::OutputCap(
                "handed the host more data in one call than it copies (128 MiB)".to_string(),
            );
        }
        Exit::ScratchOverflow(what) => {
            return Stop::OutputCap(format!("kept {what} in its scratch directory /tmp"));
        }
        Exit::OutOfFuel => return Stop::Fuel,
        Exit::WallBackstop => return Stop::WallBackstop,
        _ => {}
    }
    let finished = matches!(observed.exit, Exit::Exited(_))
        && report.done
        && report.ran() == total
        && report.candidate == Candidate::Ok;
    let escaped_memory = report.target_memory
        || matches!(&report.candidate, Candidate::Raised(r) if r.hint == Hint::Memory);
    if escaped_memory || (observed.memory_refused && !finished) {
        return Stop::Memory;
    }
    match &observed.exit {
        Exit::StackOverflow => Stop::Stack,
        Exit::Trap(message) => Stop::Trap(message),
        Exit::Exited(code) => Stop::Exited(*code),
        Exit::OutputOverflow
        | Exit::ImportOverflow
        | Exit::ScratchOverflow(_)
        | Exit::OutOfFuel
        | Exit::WallBackstop => unreachable!("answered above"),
    }
}

/// Build the envelope for a finished run with `total` targets.
pub fn decide(
    id: Option<String>,
    language: &str,
    total: usize,
    report: &Report,
    observed: &Observed,
    limits: &Limits,
) -> Envelope {
    let envelope = decide_outcome(id, language, total, report, observed, limits);
    match report.missing.first() {
        Some(module)
            if envelope.outcome != Outcome::Pass
                && !matches!(
                    envelope.error_kind,
                    Some(ErrorKind::Internal | ErrorKind::Blacklist | ErrorKind::Integrity)
                ) =>
        {
            let was = envelope.detail.clone().unwrap_or_default();
            let which = if language == "python" {
                "the python-sci runtime has numpy, pandas, scipy, scikit-learn and matplotlib"
            } else {
                "no npm packages are installed"
            };
            finish_error(
                envelope,
                ErrorKind::MissingModule,
                format!(
                    "missing module: the program requires '{module}', which this runtime does not \
                     provide ({which}); then: {was}"
                ),
            )
        }
        _ => envelope,
    }
}

fn decide_outcome(
    id: Option<String>,
    language: &str,
    total: usize,
    report: &Report,
    observed: &Observed,
    limits: &Limits,
) -> Envelope {
    let mut envelope = Envelope {
        id,
        language: language.to_string(),
        outcome: Outcome::Error,
        score: 0.0,
        passed: 0,
        total,
        detail: None,
        error_kind: None,
        targets: vec![
            TargetResult {
                name: None,
                passed: false,
                error: None
            };
            total
        ],
        stdout: String::from_utf8_lossy(&observed.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&observed.stderr).into_owned(),
        fuel_used: observed.fuel_used,
        wall_ms: observed.wall.as_millis() as u64,
        runtime: None,
    };
    if !report.violations.is_empty() {
        let mut envelope = finish_error(
            envelope,
            ErrorKind::Integrity,
            format!(
                "integrity: the harness's report was broken ({}); the run's results cannot be \
                 trusted",
                report.violations.join("; ")
            ),
        );
        envelope.score = 0.0;
        return envelope;
    }
    if let Some(what) = &report.compile_stop {
        return finish_error(
            envelope,
            ErrorKind::CompileTimeout,
            format!("compile timeout: {what}"),
        );
    }
    for (slot, result) in envelope.targets.iter_mut().zip(&report.targets) {
        if let Some(result) = result {
            *slot = result.clone();
        }
    }
    envelope.passed = envelope.targets.iter().filter(|t| t.passed).count();
    let ran = report.ran();

    if let Some(what) = report.refused() {
        return finish_error(envelope, ErrorKind::Blacklist, format!("blocked: {what}"));
    }
    if let Some(what) = report.integrity.first() {
        return finish_error(envelope, ErrorKind::Integrity, format!("integrity: {what}"));
    }
    let exit_code = match stop(observed, report, total, limits) {
        Stop::OutputCap(what) => {
            return finish_error(
                envelope,
                ErrorKind::OutputOverflow,
                format!("output overflow: the candidate {what}"),
            );
        }
        Stop::Fuel => {
            envelope.outcome = Outcome::Timeout;
            envelope.detail = Some(format!(
                "fuel budget of {} exhausted after {ran} of {total} targets",
                limits.fuel
            ));
            envelope.score = 0.0;
            return envelope;
        }
        Stop::WallBackstop => {
            envelope.outcome = Outcome::Timeout;
            envelope.error_kind = Some(ErrorKind::WallBackstop);
            envelope.detail = Some(format!(
                "wall-clock backstop: the guest made no progress for {:.1} s before the fuel \
                 budget ran out (blocked outside fuel metering: a host bug); this verdict may \
                 not be reproducible",
                limits.wall.as_secs_f64()
            ));
            envelope.score = 0.0;
            return envelope;
        }
        Stop::Memory => {
            return finish_error(
                envelope,
                ErrorKind::Memory,
                format!(
                    "memory: the candidate exceeded the memory cap of {} MiB",
                    limits.memory_bytes >> 20
                ),
            );
        }
        Stop::Stack => {
            return finish_error(
                envelope,
                ErrorKind::Stack,
                "stack: the WebAssembly call stack was exhausted (runaway recursion)",
            );
        }
        Stop::Trap(message) => {
            return finish_error(envelope, ErrorKind::Trap, format!("trap: {message}"));
        }
        Stop::Exited(code) => code,
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
    if let Some(raised) = &report.compile_error {
        envelope.outcome = Outcome::SyntaxError;
        // The message already names the line ("(<candidate>, line 3)").
        envelope.detail = Some(raised.describe());
        envelope.score = 0.0;
        return envelope;
    }
    match &report.candidate {
        Candidate::Raised(raised) => {
            let kind = if raised.hint == Hint::Stack {
                ErrorKind::Stack
            } else {
                ErrorKind::RuntimeException
            };
            return finish_error(envelope, kind, raised.describe());
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
    if let Some(raised) = &report.collection_error {
        return finish_error(
            envelope,
            ErrorKind::CollectionError,
            format!(
                "collection error: the test file could not be collected: {}",
                raised.describe()
            ),
        );
    }
    if let Some(message) = &report.candidate_console {
        return finish_error(
            envelope,
            ErrorKind::RuntimeException,
            format!("console.assert failed in the candidate's top-level code: {message}"),
        );
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
/// error (0 when none ran, and always 0 for wasmeval's own failures).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Event, Raised};
    use std::time::Duration;

    fn limits() -> Limits {
        Limits {
            fuel: 1000,
            rate: crate::fuel::PYTHON,
            wall: Duration::from_secs(10),
            memory_bytes: 512 << 20,
            output_bytes: 1024,
        }
    }

    fn observed(exit: Exit, memory_refused: bool) -> Observed {
        Observed {
            exit,
            stdout: Vec::new(),
            stderr: Vec::new(),
            fuel_used: 10,
            wall: Duration::from_millis(1),
            memory_refused,
        }
    }

    fn report(events: Vec<Event>, total: usize) -> Report {
        let mut report = Report::new(total);
        for event in events {
            report.apply(event);
        }
        report
    }

    fn passing(total: usize) -> Vec<Event> {
        let mut events = vec![Event::Ready, Event::Candidate(Candidate::Ok)];
        for index in 0..total {
            events.push(Event::Target {
                index,
                passed: true,
                raised: Raised::default(),
            });
        }
        events.push(Event::Done);
        events
    }

    #[test]
    fn a_handled_memory_refusal_is_not_an_error() {
        let envelope = decide(
            None,
            "python",
            2,
            &report(passing(2), 2),
            &observed(Exit::Exited(0), true),
            &limits(),
        );
        assert_eq!(envelope.outcome, Outcome::Pass);
        assert_eq!(envelope.score, 1.0);
    }

    #[test]
    fn a_refusal_that_ended_the_run_is_a_memory_error() {
        let mut events = passing(2);
        events.truncate(3);
        let envelope = decide(
            None,
            "python",
            2,
            &report(events, 2),
            &observed(Exit::Trap("unreachable".into()), true),
            &limits(),
        );
        assert_eq!(envelope.error_kind, Some(ErrorKind::Memory));
        assert_eq!(envelope.score, 0.5);
    }

    #[test]
    fn a_broken_report_is_an_integrity_error_worth_nothing() {
        let mut broken = report(passing(1), 1);
        broken.violation("frame 3: unknown event".into());
        let envelope = decide(
            None,
            "javascript",
            1,
            &broken,
            &observed(Exit::Exited(0), false),
            &limits(),
        );
        assert_eq!(envelope.outcome, Outcome::Error);
        assert_eq!(envelope.error_kind, Some(ErrorKind::Integrity));
        assert_eq!(envelope.score, 0.0);
    }

    #[test]
    fn timeouts_score_zero_and_missing_targets_are_exited_early() {
        let envelope = decide(
            None,
            "python",
            2,
            &report(passing(2)[..3].to_vec(), 2),
            &observed(Exit::OutOfFuel, false),
            &limits(),
        );
        assert_eq!((envelope.outcome, envelope.score), (Outcome::Timeout, 0.0));
        let envelope = decide(
            None,
            "python",
            2,
            &report(passing(2)[..3].to_vec(), 2),
            &observed(Exit::Exited(0), false),
            &limits(),
        );
        assert_eq!(envelope.error_kind, Some(ErrorKind::ExitedEarly));
        assert_eq!(envelope.score, 0.5);
    }
}
