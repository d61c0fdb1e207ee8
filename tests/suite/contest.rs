//! The differential corpus of contest programs (#56): Python and C++
//! programs written here in the idioms contest solutions use (fast-I/O
//! preludes that flush at exit, threads for the stack, deep and
//! `lru_cache` recursion, big outputs, big static arrays, `long double`,
//! exit statuses, exceptions), each run natively as judges run them
//! (`python3`; `g++ -std=c++17 -O2`, the stack unlimited, stdin a file) and
//! in wasmeval as an input/output task. Every case must get the native
//! verdict: the same stdout when the native run ends with status 0, a
//! failure when it does not. The programs a platform limit in docs/guide.md names
//! (`limit`) are run and counted, not required to agree.
//!
//! `tests/suite/contest/programs.jsonl` is written by
//! `scripts/make-contest-corpus.py`. The suite runs two inputs of each
//! program (the smallest and a large one); `scripts/agree` runs them all.

use crate::common;

use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use wasmeval::task::Task;

struct Program {
    id: String,
    language: String,
    code: String,
    inputs: Vec<String>,
    limit: Option<String>,
}

fn programs() -> Vec<Program> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/contest/programs.jsonl"
    );
    common::data::read_jsonl(Path::new(path))
        .into_iter()
        .map(|line| {
            let text = |key: &str| line[key].as_str().unwrap_or_default().to_string();
            let mut inputs: Vec<String> = line["inputs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| i.as_str().unwrap().to_string())
                .collect();
            if !common::data::full() {
                // The smallest input and the fifth, a large one.
                inputs = vec![inputs[0].clone(), inputs[4].clone()];
            }
            Program {
                id: text("id"),
                language: text("language"),
                code: text("code"),
                inputs,
                limit: line["limit"].as_str().map(str::to_string),
            }
        })
        .collect()
}

/// How a native run of a case ended: its stdout, and whether it ended with
/// status 0 within the time.
struct Native {
    stdout: String,
    ok: bool,
    how: String,
}

/// Run every input of `program` natively, as a judge does.
fn native(program: &Program) -> Vec<Native> {
    let dir = tempfile::tempdir().unwrap();
    let run = match program.language.as_str() {
        "cpp" => {
            std::fs::write(dir.path().join("main.cpp"), &program.code).unwrap();
            let build = Command::new("g++")
                .args(["-std=c++17", "-O2", "main.cpp", "-o", "main"])
                .current_dir(dir.path())
                .output()
                .expect("these tests compare with Debian's g++");
            if !build.status.success() {
                let why = String::from_utf8_lossy(&build.stderr).into_owned();
                return program
                    .inputs
                    .iter()
                    .map(|_| Native {
                        stdout: String::new(),
                        ok: false,
                        how: format!("g++ did not compile it: {}", &why[..why.len().min(300)]),
                    })
                    .collect();
            }
            "./main"
        }
        _ => {
            std::fs::write(dir.path().join("main.py"), &program.code).unwrap();
            "python3 main.py"
        }
    };
    program
        .inputs
        .iter()
        .map(|input| {
            std::fs::write(dir.path().join("input.txt"), input).unwrap();
            let mut command = Command::new("sh");
            // stdout to a file too: a pipe nobody reads until the end
            // would stop a program that prints more than it holds.
            command.args([
                "-c",
                &format!("ulimit -s unlimited; exec {run} < input.txt > output.txt"),
            ]);
            let done = common::process::run(
                command,
                dir.path(),
                "",
                Duration::from_secs(20),
                "python3 or the program g++ built",
            );
            let stdout = std::fs::read(dir.path().join("output.txt")).unwrap_or_default();
            Native {
                ok: done.code == Some(0),
                how: match done.code {
                    Some(code) => format!("exit {code}"),
                    None => "timed out".into(),
                },
                stdout: String::from_utf8_lossy(&stdout).into_owned(),
            }
        })
        .collect()
}

#[test]
fn contest_programs_agree_with_native_runs() {
    let programs = programs();
    assert!(programs.len() >= 40, "{} programs", programs.len());
    let natives: Vec<Vec<Native>> = std::thread::scope(|scope| {
        let handles: Vec<_> = programs
            .chunks(programs.len().div_ceil(2))
            .map(|chunk| scope.spawn(move || chunk.iter().map(native).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let tasks: Vec<Task> = programs
        .iter()
        .zip(&natives)
        .map(|(program, native)| {
            let outputs: Vec<&str> = native.iter().map(|n| n.stdout.as_str()).collect();
            let line = json!({
                "id": program.id,
                "language": program.language,
                "code": program.code,
                "input_output": {"inputs": program.inputs, "outputs": outputs},
                "metadata": {"timeout_s": 10},
            });
            Task::from_value(&line).unwrap_or_else(|e| panic!("{}: {e}", program.id))
        })
        .collect();
    let envelopes = common::score_all(tasks);
    let (mut agreed, mut total, mut limited, mut limited_agreed) = (0, 0, 0, 0);
    let mut natively_failing = 0;
    let mut wrong = Vec::new();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for ((program, native), envelope) in programs.iter().zip(&natives).zip(&envelopes) {
        if let Some(limit) = &program.limit {
            assert!(
                readme.contains(limit.as_str()),
                "{}: docs/guide.md must name its platform limit: {limit:?}",
                program.id
            );
        }
        for (index, case) in native.iter().enumerate() {
            let passed = envelope.targets[index].passed;
            let same = passed == case.ok;
            natively_failing += usize::from(!case.ok);
            if program.limit.is_some() {
                limited += 1;
                limited_agreed += usize::from(same);
                continue;
            }
            total += 1;
            if same {
                agreed += 1;
            } else {
                wrong.push(format!(
                    "{} input {index}: native {} ({} bytes out), wasmeval {}: {}",
                    program.id,
                    case.how,
                    case.stdout.len(),
                    if passed { "passed" } else { "failed" },
                    envelope.targets[index].error.as_deref().unwrap_or("")
                ));
            }
        }
    }
    common::data::report(
        "contest programs (Python, C++), platform limits left out",
        "python3 3.11, g++ -O2",
        agreed,
        total,
    );
    println!(
        "contest corpus: {natively_failing} cases fail natively too; {limited} cases of \
         platform limits, {limited_agreed} of them agreeing anyway"
    );
    assert!(
        natively_failing > 0,
        "the corpus must hold failing programs"
    );
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

#[test]
fn every_corpus_line_is_complete() {
    // Each line is complete: a language wasmeval runs and inputs to run.
    for line in common::data::read_jsonl(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/suite/contest/programs.jsonl"
    ))) {
        let id = line["id"].as_str().unwrap_or("?");
        assert!(
            matches!(line["language"].as_str(), Some("python" | "cpp")),
            "{id}"
        );
        assert!(
            line["inputs"].as_array().is_some_and(|i| i.len() >= 5),
            "{id}"
        );
        assert!(
            line["idiom"].as_str().is_some_and(|i| !i.is_empty()),
            "{id}"
        );
        assert!(
            matches!(line.get("limit"), None | Some(Value::String(_))),
            "{id}"
        );
    }
}
