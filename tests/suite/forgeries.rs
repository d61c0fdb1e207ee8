//! The forgery corpus: attempts to get a verdict the candidate's code has
//! not earned, and honest solutions beside them, kept as data in
//! `tests/suite/forgeries/*.jsonl`, one task per line in wasmeval's task
//! format plus:
//!
//! - `expect`: `refused` (an attempt: it must not pass, score above 0 or
//!   be blamed on wasmeval), `refused-feature` (refused too, although a
//!   native harness would accept it: docs/security.md names each such rule),
//!   `passes` (an honest solution that must pass), or `known-gap` (a line
//!   whose verdict is not yet what it should be, with `why`: run, never
//!   blamed on wasmeval, and counted in the test's output; `known-gaps.jsonl`);
//! - `route`: the rule of issue #55 it tries (1: the test's names are the
//!   judge's; 2: the runner's control data; 3: the judge's objects are
//!   capabilities; 4: a judge callback's error; 5: `internal`; 6: compiled
//!   and whole-program languages; 7: native semantics across the boundary;
//!   8: numbers);
//! - `prompt` (optional): a HumanEval prompt, the prelude the judge runs
//!   first (as `--problems` gives it with the problem's `entry_point`).
//!
//! Each line says in its `id` what it tries; the file is the list of what
//! has been tried.

use crate::common;
use wasmeval::outcome::{ErrorKind, Outcome};

/// One line of a corpus file, as a task and what it must get.
struct Attempt {
    file: String,
    line: usize,
    id: String,
    expect: String,
    task: wasmeval::task::Task,
}

fn corpus() -> Vec<Attempt> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/suite/forgeries");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    let mut attempts = Vec::new();
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, line) in text.lines().enumerate() {
            let at = format!("{file}:{}", i + 1);
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{at}: {e}"));
            let mut task = wasmeval::task::Task::from_value(&value)
                .unwrap_or_else(|e| panic!("{at}: {}", e.message));
            if let Some(prompt) = value["prompt"].as_str() {
                task.setup.prelude = prompt.to_string();
            }
            let expect = value["expect"].as_str().unwrap_or_default().to_string();
            assert!(
                ["refused", "refused-feature", "passes", "known-gap"].contains(&expect.as_str()),
                "{at}: \"expect\" must be refused, refused-feature, passes or known-gap"
            );
            attempts.push(Attempt {
                file: file.clone(),
                line: i + 1,
                id: task.id.clone().unwrap_or_default(),
                expect,
                task,
            });
        }
    }
    attempts
}

#[test]
fn every_attempt_is_refused_and_every_honest_solution_passes() {
    let _machine = common::machine();
    let attempts = corpus();
    let envelopes = common::score_all(attempts.iter().map(|a| a.task.clone()).collect());
    let mut wrong = Vec::new();
    let (mut refused, mut honest, mut gaps) = (0, 0, 0);
    for (attempt, env) in attempts.iter().zip(envelopes) {
        let at = format!("{}:{} {}", attempt.file, attempt.line, attempt.id);
        let said = format!("{} score {} {:?}", env.outcome, env.score, env.detail);
        if env.error_kind == Some(ErrorKind::Internal) {
            wrong.push(format!("{at}: blamed on wasmeval: {said}"));
        } else if attempt.expect == "known-gap" {
            gaps += 1;
        } else if attempt.expect == "passes" {
            honest += 1;
            if env.outcome != Outcome::Pass {
                wrong.push(format!("{at}: an honest solution failed: {said}"));
            }
        } else {
            refused += 1;
            if env.outcome == Outcome::Pass || env.score > 0.0 || env.passed > 0 {
                wrong.push(format!("{at}: forged: {said}"));
            }
        }
    }
    println!(
        "forgeries: {refused} attempts refused, {honest} honest solutions passed, \
         {gaps} known gaps (tests/suite/forgeries/known-gaps.jsonl)"
    );
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}
