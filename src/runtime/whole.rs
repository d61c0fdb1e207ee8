//! Whole programs: runtimes whose test is part of the program (C, C++,
//! Lua), as the reference harnesses of HumanEval-X and MultiPL-E assemble
//! one file and judge it by how it ends.
//!
//! A script (input/output cases, `/run_code`) is the candidate's code,
//! judged by its exit status as a native process's. Each target of a
//! judged program is a program of its own, the candidate's code with the
//! target appended (`code + "\n" + target`); it passes when that program
//! exits with status 0.

use super::{Program, Ran};
use crate::outcome::TargetResult;
use crate::report::{Raised, Report};
use crate::sandbox::{Exit, Observed};
use anyhow::{Result, bail};
use std::time::Duration;

/// What a runtime made of one source.
pub(super) enum Step {
    /// It ran.
    Ran(Observed),
    /// It ran and exited with status 0 before the test's `main` returned
    /// (C, C++: the candidate ended it), which passes nothing.
    Ended(Observed),
    /// It is not a program (it does not compile, link or parse): the name
    /// of the error (`CompileError`, `SyntaxError`) and the diagnostics.
    Refused {
        name: &'static str,
        diagnostics: String,
    },
    /// The compiler ran out of its budget (what ran out).
    Stopped(String),
}

/// A runtime's way with one source: a [`Step`] and the compile's wall time
/// (when there is a compile, and a run has not counted it already).
pub(super) type Made = (Step, Option<Duration>);

/// Run `program` as whole programs, each made (from the candidate's code
/// and one target, or none) and run by `make`; `why` says why a judged
/// program that exited with a nonzero status failed.
pub(super) async fn run<F, Fut>(
    runtime: &str,
    program: &Program<'_>,
    mut make: F,
    why: fn(i32, &Observed) -> String,
) -> Result<Ran>
where
    F: FnMut(Option<String>) -> Fut,
    Fut: std::future::Future<Output = Result<Made>>,
{
    if program.call.is_some() || program.tests.is_some() {
        bail!(
            "the {runtime} runtime runs whole programs: call-based cases and unit-test files are \
             not supported"
        );
    }
    let judged = !program.targets.is_empty();
    let targets: Vec<Option<String>> = if judged {
        program.targets.iter().cloned().map(Some).collect()
    } else {
        vec![None]
    };
    let mut report = Report::new(program.targets.len());
    report.ready = true;
    let mut last = None;
    let mut compile_wall = None::<Duration>;
    for (index, target) in targets.into_iter().enumerate() {
        let (step, compiled) = make(target).await?;
        if let Some(wall) = compiled {
            let total = compile_wall.unwrap_or_default() + wall;
            compile_wall = Some(total);
            report.compiled = Some(total);
        }
        let before = compile_wall.unwrap_or_default();
        let mut ended = false;
        let mut observed = match step {
            Step::Ran(observed) => observed,
            Step::Ended(observed) => {
                ended = true;
                observed
            }
            Step::Refused { name, diagnostics } => {
                report.compile_error = Some(Raised {
                    name: name.into(),
                    message: diagnostics.clone(),
                    ..Raised::default()
                });
                let mut observed = not_run(before);
                observed.stderr = diagnostics.into_bytes();
                return Ok(Ran { observed, report });
            }
            Step::Stopped(what) => {
                report.compile_stop = Some(what);
                return Ok(Ran {
                    observed: not_run(before),
                    report,
                });
            }
        };
        observed.wall += before;
        if judged {
            let Exit::Exited(status) = observed.exit else {
                // The verdict reads the stop (fuel, memory, a trap).
                return Ok(Ran { observed, report });
            };
            if status != 0 && observed.memory_refused {
                // It failed after an allocation was refused (libc++ aborts
                // when `new` fails, Lua raises "not enough memory"): the
                // memory cap ended it.
                return Ok(Ran { observed, report });
            }
            let passed = status == 0 && !ended;
            report.targets[index] = Some(TargetResult {
                name: None,
                passed,
                error: (!passed).then(|| {
                    if ended {
                        whole_ended(&observed)
                    } else {
                        why(status, &observed)
                    }
                }),
            });
        }
        last = Some(observed);
    }
    if judged {
        report.candidate = crate::report::Candidate::Ok;
        report.done = true;
    }
    let observed = last.expect("a program has at least one source");
    Ok(Ran { observed, report })
}

/// What a program's run was: for a judged program (`returned` is whether
/// its test said it finished), [`Step::Ended`] when it exited with status
/// 0 although its test never said so; else (and for a script, `None`)
/// [`Step::Ran`].
pub(super) fn ran(observed: Observed, returned: Option<bool>) -> Step {
    if observed.exit == Exit::Exited(0) && returned == Some(false) {
        Step::Ended(observed)
    } else {
        Step::Ran(observed)
    }
}

/// Why a program that exited with status 0 before its test's `main`
/// returned failed.
fn whole_ended(observed: &Observed) -> String {
    with_tail(
        "the program exited with status 0 before the test's main returned (a candidate that \
         ends the program passes nothing)"
            .into(),
        &observed.stderr,
    )
}

/// The whole programs a program is: the code followed by each target (a
/// MultiPL-E or HumanEval-X test), or the code alone when it has none.
pub(super) fn sources(program: &Program<'_>) -> Vec<String> {
    if program.targets.is_empty() {
        vec![program.code.to_string()]
    } else {
        program
            .targets
            .iter()
            .map(|target| joined(program.code, Some(target)))
            .collect()
    }
}

/// The one file a reference harness makes of the code and a target.
pub(super) fn joined(code: &str, target: Option<&str>) -> String {
    match target {
        Some(target) => format!("{code}\n{target}"),
        None => code.to_string(),
    }
}

/// A scratch directory holding `source` as `file` (`main.rb`, `main.pl`),
/// its times the same on every machine (a program reading its own file's
/// times reads the same in every run).
pub(super) fn program_dir(file: &str, source: &str) -> Result<crate::scratch::Scratch> {
    use anyhow::Context as _;
    let dir = crate::scratch::Scratch::new().context("creating a scratch directory")?;
    std::fs::write(dir.path().join(file), source)
        .context("writing the program into its directory")?;
    crate::install::settle_times(dir.path(), crate::sandbox::clock::epoch())?;
    Ok(dir)
}

/// An observation of a run that never started.
pub(super) fn not_run(wall: Duration) -> Observed {
    Observed {
        exit: Exit::Exited(1),
        stdout: Vec::new(),
        stderr: Vec::new(),
        fuel_used: 0,
        wall,
        memory_refused: false,
    }
}

/// "the program exited with status N", and the last lines of what it
/// printed on stderr (on stdout when stderr is empty): how an interpreted
/// or compiled program's failure is told when nothing more telling is.
pub(super) fn exited(status: i32, observed: &Observed) -> String {
    let printed = if observed.stderr.is_empty() {
        &observed.stdout
    } else {
        &observed.stderr
    };
    with_tail(format!("the program exited with status {status}"), printed)
}

/// `what` ended the program (its exit status), and the last lines of
/// `printed`, if any: "the program exited with status 1: a | b | c".
pub(super) fn with_tail(what: String, printed: &[u8]) -> String {
    let printed = String::from_utf8_lossy(printed);
    let tail: Vec<&str> = printed.lines().rev().take(3).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    if tail.is_empty() {
        what
    } else {
        format!("{what}: {}", tail.join(" | "))
    }
}

/// [`run`] for an interpreter that parses before it runs (Lua, Ruby):
/// before the first source runs, `check` parses the candidate's code alone
/// in an instance of its own (`None`: it parses; see [`checked`]), and
/// each target (or none) is then run by `execute`. The check's wall time
/// is part of the first run's.
pub(super) async fn run_checked<C, CFut, E, EFut>(
    runtime: &str,
    program: &Program<'_>,
    check: C,
    mut execute: E,
    why: fn(i32, &Observed) -> String,
) -> Result<Ran>
where
    C: FnOnce() -> CFut,
    CFut: std::future::Future<Output = Result<Option<Step>>>,
    E: FnMut(Option<String>) -> EFut,
    EFut: std::future::Future<Output = Result<Step>>,
{
    let mut check = Some(check);
    run(
        runtime,
        program,
        |target| {
            let check = check.take();
            let ran = execute(target);
            async move {
                let mut checking = Duration::ZERO;
                if let Some(check) = check {
                    let started = std::time::Instant::now();
                    if let Some(step) = check().await? {
                        return Ok((step, None));
                    }
                    checking = started.elapsed();
                }
                let mut step = ran.await?;
                if let Step::Ran(observed) | Step::Ended(observed) = &mut step {
                    observed.wall += checking;
                }
                Ok((step, None))
            }
        },
        why,
    )
    .await
}

/// What an interpreter's parse-only check said: `None` when it exited 0,
/// a `SyntaxError` with its diagnostics when it exited `refused`, the stop
/// itself when the code is too big to parse under the run's caps (the
/// verdict reads it), and an error of wasmeval's for anything else (the
/// check runs none of the candidate's code).
pub(super) fn checked(runtime: &str, observed: Observed, refused: i32) -> Result<Option<Step>> {
    match observed.exit {
        Exit::Exited(0) => Ok(None),
        Exit::Exited(status) if status == refused => Ok(Some(Step::Refused {
            name: "SyntaxError",
            diagnostics: super::clang::diagnostics(&String::from_utf8_lossy(&observed.stderr)),
        })),
        Exit::OutOfFuel | Exit::WallBackstop | Exit::OutputOverflow | Exit::ImportOverflow => {
            Ok(Some(Step::Ran(observed)))
        }
        _ if observed.memory_refused => Ok(Some(Step::Ran(observed))),
        other => bail!(
            "{runtime}'s syntax check ended unexpectedly ({other:?}): {}",
            String::from_utf8_lossy(&observed.stderr)
        ),
    }
}
