//! The verdict of one run: the JSON envelope, its five outcomes, the
//! error-kind words and the CLI exit code of each outcome.
//!
//! Every consumer (CLI, batch evaluation, library users) receives this one
//! type, so the contract is written down once.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Exactly one of these per run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every target passed.
    Pass,
    /// The code ran and at least one target failed.
    AssertionFail,
    /// The code does not compile.
    SyntaxError,
    /// The fuel budget (or the wall-clock backstop) ran out.
    Timeout,
    /// Anything else; `error_kind` says what.
    Error,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Pass,
        Outcome::AssertionFail,
        Outcome::SyntaxError,
        Outcome::Timeout,
        Outcome::Error,
    ];

    /// The word used in JSON and summaries.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::AssertionFail => "assertion_fail",
            Outcome::SyntaxError => "syntax_error",
            Outcome::Timeout => "timeout",
            Outcome::Error => "error",
        }
    }

    /// Exit code of `wasmeval run` for this outcome. 1 and 2 are left for
    /// wasmeval's own failures and usage errors.
    pub fn exit_code(self) -> i32 {
        match self {
            Outcome::Pass => 0,
            Outcome::AssertionFail => 10,
            Outcome::SyntaxError => 11,
            Outcome::Timeout => 12,
            Outcome::Error => 13,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Machine-readable reason for an `error` (and for a `timeout` decided by the
/// wall-clock backstop rather than by fuel).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The candidate imported a blacklisted module or called a blocked
    /// function (os.system, ...) and the error it got escaped (see
    /// [`crate::report::Report::refused`]); one it caught is only an
    /// exception it handled.
    Blacklist,
    /// stdout or stderr crossed its cap; the candidate was stopped at once.
    OutputOverflow,
    /// The candidate hit the memory cap (MemoryError or refused growth).
    Memory,
    /// The candidate exhausted the stack (RecursionError at top level, or the
    /// WebAssembly call stack).
    Stack,
    /// The candidate's own top-level code raised an exception.
    RuntimeException,
    /// The candidate ended the process (sys.exit, os._exit) before every
    /// target had run.
    ExitedEarly,
    /// No code could be extracted from the generation.
    NoCode,
    /// The candidate tried to reach the harness (frames, the heap, tracing,
    /// code swapping), a test compared a candidate-defined object with a
    /// value the candidate did not make, or the harness's report was broken.
    Integrity,
    /// The guest trapped for another reason (the detail has the trap).
    Trap,
    /// The run failed and the program had required a module the runtime
    /// does not provide (an npm package, say); the detail names it.
    MissingModule,
    /// A unit-test file could not be collected (it does not compile, it
    /// raised while imported, it has no tests): the test file's problem,
    /// not a failed assertion of the candidate's.
    CollectionError,
    /// The wall-clock backstop stopped a guest that fuel could not (blocked
    /// in a host call); used with the `timeout` outcome. Such a verdict may
    /// not be reproducible.
    WallBackstop,
    /// The compiler of a compiled language (C, C++) ran out of its own
    /// budget (fuel or memory) on the candidate's program: not the
    /// candidate's `timeout`, whose budget is the program's run.
    CompileTimeout,
    /// The task's checker failed on a case (it did not compile, raised,
    /// ran out of its budget, or exited with a status other than testlib's
    /// 0, 1 and 2): the task's fault, never the candidate's pass.
    CheckerError,
    /// The input line or task was malformed (bad JSON, missing field, ...).
    InvalidTask,
    /// wasmeval itself failed (runtime missing, compile failure, host bug).
    /// Never the candidate's fault; counted separately by `eval`.
    Internal,
}

impl ErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Blacklist => "blacklist",
            ErrorKind::OutputOverflow => "output_overflow",
            ErrorKind::Memory => "memory",
            ErrorKind::Stack => "stack",
            ErrorKind::RuntimeException => "runtime_exception",
            ErrorKind::ExitedEarly => "exited_early",
            ErrorKind::NoCode => "no_code",
            ErrorKind::Integrity => "integrity",
            ErrorKind::Trap => "trap",
            ErrorKind::MissingModule => "missing_module",
            ErrorKind::CollectionError => "collection_error",
            ErrorKind::WallBackstop => "wall_backstop",
            ErrorKind::CompileTimeout => "compile_timeout",
            ErrorKind::CheckerError => "checker_error",
            ErrorKind::InvalidTask => "invalid_task",
            ErrorKind::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Result of one target (an assertion string, or one input/output case).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetResult {
    /// The target's name, where it has one (an input/output case's:
    /// `case 3`, `public_tests[0]`); absent for assertion strings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub passed: bool,
    /// What went wrong: "Type: message" of what the target raised, or a
    /// case's "wrong answer: ...", "timeout", ...; null when it passed or
    /// never ran.
    pub error: Option<String>,
}

/// The one JSON object every run returns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// The task's id (null when the task had none).
    pub id: Option<String>,
    /// "python" or "javascript".
    pub language: String,
    pub outcome: Outcome,
    /// passed / total; 0 for syntax_error, timeout and errors before the
    /// targets ran.
    pub score: f64,
    pub passed: usize,
    pub total: usize,
    /// Human-readable explanation (exception type and message, which limit
    /// was hit, ...); null for a plain pass.
    pub detail: Option<String>,
    pub error_kind: Option<ErrorKind>,
    /// One entry per target, in task order.
    pub targets: Vec<TargetResult>,
    /// What the candidate wrote to stdout / stderr (capped, UTF-8 lossy).
    pub stdout: String,
    pub stderr: String,
    /// Fuel the run consumed: the portable, deterministic cost measure.
    pub fuel_used: u64,
    /// Wall-clock milliseconds the run took on this machine.
    pub wall_ms: u64,
    /// The runtime the candidate ran on, when it is not the one its task
    /// asked for: `python-sci` for Python code that imports numpy, pandas,
    /// scipy, scikit-learn or matplotlib. Absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime: Option<String>,
}

impl Envelope {
    /// An `error` envelope for a run that never started (no code, invalid
    /// task, internal failure). Targets are all reported as not passed.
    pub fn failed_before_run(
        id: Option<String>,
        language: &str,
        total: usize,
        kind: ErrorKind,
        detail: impl Into<String>,
    ) -> Envelope {
        Envelope {
            id,
            language: language.to_string(),
            outcome: Outcome::Error,
            score: 0.0,
            passed: 0,
            total,
            detail: Some(detail.into()),
            error_kind: Some(kind),
            targets: vec![
                TargetResult {
                    name: None,
                    passed: false,
                    error: None
                };
                total
            ],
            stdout: String::new(),
            stderr: String::new(),
            fuel_used: 0,
            wall_ms: 0,
            runtime: None,
        }
    }

    /// True when wasmeval itself failed rather than the candidate.
    pub fn is_internal(&self) -> bool {
        self.error_kind == Some(ErrorKind::Internal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_distinct_and_avoid_usage_codes() {
        let mut codes: Vec<i32> = Outcome::ALL.iter().map(|o| o.exit_code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 5);
        assert!(!codes.contains(&1) && !codes.contains(&2));
    }

    #[test]
    fn words_round_trip_through_json() {
        for o in Outcome::ALL {
            let json = serde_json::to_string(&o).unwrap();
            assert_eq!(json, format!("\"{}\"", o.as_str()));
        }
        let json = serde_json::to_string(&ErrorKind::OutputOverflow).unwrap();
        assert_eq!(json, "\"output_overflow\"");
    }
}
