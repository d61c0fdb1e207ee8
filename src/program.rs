//! One program run as a process would be: stdin and files in; stdout,
//! stderr, exit status and files out. What `wasmeval serve`'s
//! SandboxFusion endpoint runs, and what a library user calls for a
//! sandboxed `python program.py`.
//!
//! The program runs as a script (Python's `__name__ == "__main__"`), in the
//! same sandbox, with the same limits and determinism as every candidate.
//! Its exit status is what a native run would give: 0 when it ends, the
//! code it passed to `sys.exit`/`process.exit`, 1 when it raised (the
//! traceback on stderr, as CPython prints it). Python programs get the
//! request's files in a scratch directory that is also their working
//! directory, mounted writable at `/tmp`, new for every run, removed after
//! it and kept under the sandbox's quota.

use crate::error::Error;
use crate::report::Candidate;
use crate::runtime::{Program, Runtime};
use crate::sandbox::Limits;
use crate::scratch::{Fetched, Scratch};
use crate::verdict::Stop;
use std::time::Duration;

/// A program to run.
#[derive(Debug, Clone, Default)]
pub struct ProgramRun {
    pub code: String,
    pub stdin: String,
    /// Files to put in the scratch directory first: (relative path, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// Files to read back from the scratch directory afterwards.
    pub fetch: Vec<String>,
    /// Seconds the compiler may take (C, C++; native-equivalent, see
    /// [`crate::runtime::clang::compile_fuel`]); `None`: its own budget.
    pub compile_timeout_s: Option<f64>,
    /// The longest the program may wait for one of the executor's run
    /// slots (all `jobs` busy); past it the run is [`Error::Busy`] and
    /// never starts. `None`: it waits as long as it takes.
    pub start_within: Option<std::time::Duration>,
    /// The cap on each of stdout and stderr for this run (1 KiB to 64
    /// MiB); `None`: the executor's.
    pub output_bytes: Option<usize>,
    /// Command-line arguments after the program's name (Python, C, C++).
    pub args: Vec<String>,
}

/// How a run ended, in SandboxFusion's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunStatus {
    /// The program ended (with any exit status).
    Finished,
    /// The fuel budget (or the wall-clock backstop) ran out.
    TimeLimitExceeded,
    /// The sandbox stopped it for something else: the memory or output
    /// cap, the WebAssembly stack, a trap.
    Error,
}

impl RunStatus {
    /// How a run that was judged into an envelope ended, in these words and
    /// with the exit status a native run would give (as [`run_on`] gives
    /// them for a program): pass 0; a failed target 1; a syntax or
    /// collection error 2 (pytest's); the memory cap 137, the stack 139, the
    /// output cap and a trap 1, each `Error`; a timeout `TimeLimitExceeded`;
    /// anything else the program raised or did, 1.
    pub fn of_envelope(envelope: &crate::outcome::Envelope) -> (RunStatus, Option<i32>) {
        use crate::outcome::{ErrorKind, Outcome};
        match (envelope.outcome, envelope.error_kind) {
            (Outcome::Pass, _) => (RunStatus::Finished, Some(0)),
            (Outcome::Timeout, _) => (RunStatus::TimeLimitExceeded, None),
            (Outcome::AssertionFail, _) => (RunStatus::Finished, Some(1)),
            (Outcome::SyntaxError, _) | (Outcome::Error, Some(ErrorKind::CollectionError)) => {
                (RunStatus::Finished, Some(2))
            }
            (Outcome::Error, Some(ErrorKind::Memory)) => (RunStatus::Error, Some(137)),
            (Outcome::Error, Some(ErrorKind::Stack)) => (RunStatus::Error, Some(139)),
            (
                Outcome::Error,
                Some(ErrorKind::OutputOverflow | ErrorKind::Trap | ErrorKind::Internal) | None,
            ) => (RunStatus::Error, Some(1)),
            (Outcome::Error, Some(_)) => (RunStatus::Finished, Some(1)),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Finished => "Finished",
            RunStatus::TimeLimitExceeded => "TimeLimitExceeded",
            RunStatus::Error => "Error",
        }
    }
}

/// What a run gave.
#[derive(Debug, Clone)]
pub struct ProgramResult {
    pub status: RunStatus,
    /// The exit status, as a native run would have it (137 for the memory
    /// cap, 139 for the stack, 1 for other stops); `None` on a timeout.
    pub exit_code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub wall: Duration,
    pub fuel_used: u64,
    /// The fuel the run was allowed (its timeout's budget).
    pub fuel_budget: u64,
    /// The fetched files that existed: (path, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// How compiling the program went, for a compiled language (C, C++).
    /// When it failed the program did not run: `status` and `exit_code`
    /// are then the compiler's too.
    pub compile: Option<CompileResult>,
    /// The exception that ended the program, when one did (its exit
    /// status is then 1, as a native interpreter's).
    pub uncaught: Option<String>,
}

/// How compiling a program went (SandboxFusion's `compile_result`).
#[derive(Debug, Clone)]
pub struct CompileResult {
    /// `Finished`, or `TimeLimitExceeded` when the compiler ran out of its
    /// budget.
    pub status: RunStatus,
    /// 0 when it compiled, 1 when it did not; `None` on a timeout.
    pub exit_code: Option<i32>,
    /// The compiler's diagnostics, when it failed.
    pub stderr: String,
    pub wall: Duration,
}

impl CompileResult {
    /// Whether the program compiled (and then ran).
    pub fn succeeded(&self) -> bool {
        self.status == RunStatus::Finished && self.exit_code == Some(0)
    }
}

/// How a program's process starts, beyond what it was sent.
#[derive(Debug, Clone, Copy)]
pub struct Start {
    /// Seeds every random byte it sees.
    pub seed: [u8; 32],
    /// Python's int/str conversion limit (0: none); `None`: CPython's.
    pub int_max_str_digits: Option<u32>,
}

/// Run `run` on `runtime` under `limits`.
pub async fn run_on(
    runtime: &dyn Runtime,
    run: &ProgramRun,
    limits: &Limits,
    start: Start,
) -> crate::error::Result<ProgramResult> {
    let scratch =
        Scratch::new().map_err(|e| Error::Host(format!("creating a scratch directory: {e}")))?;
    let mut size = 0u64;
    for (path, bytes) in &run.files {
        size += bytes.len() as u64;
        if size > crate::scratch::QUOTA_BYTES {
            return Err(Error::InvalidTask(format!(
                "the files hold more than {} MiB, the working directory's quota",
                crate::scratch::QUOTA_BYTES >> 20
            )));
        }
        scratch
            .write(path, bytes)
            .map_err(|e| Error::InvalidTask(e.to_string()))?;
    }
    let program = Program {
        stdin: &run.stdin,
        script: true,
        scratch: Some(&scratch),
        compile_fuel: run
            .compile_timeout_s
            .map(crate::runtime::clang::compile_fuel),
        args: &run.args,
        int_max_str_digits: start.int_max_str_digits,
        ..Program::assertions(&run.code, &[], start.seed)
    };
    let ran = runtime
        .run(program, limits)
        .await
        .map_err(|e| Error::Host(format!("{e:#}")))?;
    let report = &ran.report;
    let observed = &ran.observed;
    let compile = report
        .compiled
        .map(|wall| match (&report.compile_error, &report.compile_stop) {
            (_, Some(what)) => CompileResult {
                status: RunStatus::TimeLimitExceeded,
                exit_code: None,
                stderr: format!("wasmeval: {what}\n"),
                wall,
            },
            (Some(raised), None) => CompileResult {
                status: RunStatus::Finished,
                exit_code: Some(1),
                stderr: raised.message.clone(),
                wall,
            },
            (None, None) => CompileResult {
                status: RunStatus::Finished,
                exit_code: Some(0),
                stderr: String::new(),
                wall,
            },
        });
    if let Some(failed) = compile.as_ref().filter(|c| !c.succeeded()) {
        return Ok(ProgramResult {
            status: failed.status,
            exit_code: failed.exit_code,
            stdout: String::new(),
            stderr: failed.stderr.clone(),
            wall: observed.wall,
            fuel_used: 0,
            fuel_budget: limits.fuel,
            files: Vec::new(),
            compile,
            uncaught: None,
        });
    }
    let mut stderr = String::from_utf8_lossy(&observed.stderr).into_owned();
    let note = |stderr: &mut String, text: &str| {
        if !stderr.is_empty() && !stderr.ends_with('\n') {
            stderr.push('\n');
        }
        stderr.push_str(text);
        stderr.push('\n');
    };
    let (status, exit_code) = match crate::verdict::stop(observed, report, 0, limits) {
        Stop::Fuel | Stop::WallBackstop => (RunStatus::TimeLimitExceeded, None),
        Stop::OutputCap(what) => {
            note(
                &mut stderr,
                &format!(
                    "wasmeval: the output cap was reached (the program {what}); it was stopped"
                ),
            );
            (RunStatus::Error, Some(1))
        }
        Stop::Memory => {
            note(&mut stderr, "wasmeval: the memory cap was reached");
            (RunStatus::Error, Some(137))
        }
        Stop::Stack => {
            note(&mut stderr, "wasmeval: the stack was exhausted");
            (RunStatus::Error, Some(139))
        }
        Stop::Trap(what) => {
            note(&mut stderr, &format!("wasmeval: {what}"));
            (RunStatus::Error, Some(1))
        }
        Stop::Exited(code) => {
            if let Some(raised) = &report.compile_error {
                note(&mut stderr, &raised.describe());
                (RunStatus::Finished, Some(1))
            } else if report.refused().is_some() || !report.integrity.is_empty() {
                let what = report
                    .refused()
                    .into_iter()
                    .chain(report.integrity.iter().map(String::as_str));
                let what: Vec<&str> = what.collect();
                note(
                    &mut stderr,
                    &format!("wasmeval: refused: {}", what.join(", ")),
                );
                (RunStatus::Finished, Some(1))
            } else {
                let code = match &report.candidate {
                    Candidate::Ok => 0,
                    Candidate::Exited(code) => code.parse().unwrap_or(1),
                    Candidate::Raised(_) => 1,
                    Candidate::NotFinished => code,
                };
                (RunStatus::Finished, Some(code))
            }
        }
    };
    // What the program left is read back beneath the directory: a link
    // out of it, a special file or bytes past the quota are left out,
    // with a note.
    let mut files = Vec::new();
    let mut budget = crate::scratch::QUOTA_BYTES;
    for path in &run.fetch {
        match scratch
            .read(path, &mut budget)
            .map_err(|e| Error::InvalidTask(e.to_string()))?
        {
            Fetched::File(bytes) => files.push((path.clone(), bytes)),
            Fetched::Missing => {}
            Fetched::Refused(why) => note(
                &mut stderr,
                &format!("wasmeval: fetch_files: {path:?} was left out: {why}"),
            ),
        }
    }
    Ok(ProgramResult {
        status,
        exit_code,
        stdout: String::from_utf8_lossy(&observed.stdout).into_owned(),
        stderr,
        wall: observed.wall,
        fuel_used: observed.fuel_used,
        fuel_budget: limits.fuel,
        files,
        compile,
        uncaught: match &report.candidate {
            Candidate::Raised(raised) => Some(raised.describe()),
            _ => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{Envelope, ErrorKind, Outcome};

    /// An envelope's ending reads as a program's: the caps are `Error` with
    /// a native run's status, what the program did is `Finished`.
    #[test]
    fn an_envelope_ends_as_a_program_would() {
        let ended = |outcome, kind| {
            let mut envelope = Envelope::failed_before_run(None, "python", 1, kind, "x");
            envelope.outcome = outcome;
            RunStatus::of_envelope(&envelope)
        };
        assert_eq!(
            ended(Outcome::Error, ErrorKind::Memory),
            (RunStatus::Error, Some(137))
        );
        assert_eq!(
            ended(Outcome::Error, ErrorKind::Stack),
            (RunStatus::Error, Some(139))
        );
        assert_eq!(
            ended(Outcome::Error, ErrorKind::OutputOverflow),
            (RunStatus::Error, Some(1))
        );
        assert_eq!(
            ended(Outcome::Error, ErrorKind::RuntimeException),
            (RunStatus::Finished, Some(1))
        );
        assert_eq!(
            ended(Outcome::Error, ErrorKind::CollectionError),
            (RunStatus::Finished, Some(2))
        );
        assert_eq!(
            ended(Outcome::Timeout, ErrorKind::WallBackstop),
            (RunStatus::TimeLimitExceeded, None)
        );
    }
}
