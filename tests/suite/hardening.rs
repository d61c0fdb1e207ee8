//! Host hardening: each defect found in review, reproduced with a real
//! candidate, server or file, must stay fixed. One test per finding.

use crate::common;

use common::{code_task, lang_task, score, score_all};
use serde_json::{Value, json};
use std::io::Write;
use std::process::Command;
use wasmeval::executor::Settings;
use wasmeval::extract::Extractor;
use wasmeval::language::Language;
use wasmeval::outcome::{ErrorKind, Outcome};
use wasmeval::service::Input;

/// A target that raises a message holding the old field separator and the
/// word of another error kind: in both runtimes the message stays a message.
#[test]
fn a_separator_in_a_message_cannot_move_a_field() {
    let python = code_task(
        "sep-py",
        "def f():\n    raise AssertionError('nope\\x1fmemory\\x1f\\x1fstack')",
        &["f()", "assert True"],
        3.0,
    );
    let javascript = lang_task(
        Language::JavaScript,
        "sep-js",
        "function f() { throw new Error('nope\\u001fmemory\\u001f\\u001fstack') }",
        &["f()", "assert.ok(true)"],
        3.0,
    );
    for env in score_all(vec![python, javascript]) {
        assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
        assert_eq!(env.error_kind, None);
        assert_eq!(env.passed, 1);
        assert!(
            env.targets[0]
                .error
                .as_deref()
                .unwrap()
                .contains("nope\u{1f}memory\u{1f}\u{1f}stack"),
            "{env:?}"
        );
    }
}

/// A MemoryError the candidate caught, after which every target passed, is
/// a pass with score 1; one that escaped is `memory`, and outcome and
/// score agree.
#[test]
fn a_handled_memory_error_is_not_sticky() {
    let caught = code_task(
        "caught",
        "try:\n    b = bytearray(700 * 2**20)\nexcept MemoryError:\n    b = None\ndef f():\n    return 1",
        &["assert f() == 1", "assert b is None"],
        3.0,
    );
    let escaped = code_task(
        "escaped",
        "def f():\n    return bytearray(700 * 2**20)",
        &["assert True", "assert f()"],
        3.0,
    );
    let envelopes = score_all(vec![caught, escaped]);
    assert_eq!(
        (envelopes[0].outcome, envelopes[0].score),
        (Outcome::Pass, 1.0)
    );
    assert_eq!(envelopes[1].error_kind, Some(ErrorKind::Memory));
    assert_eq!(envelopes[1].score, 0.5);
}

/// A panic while scoring one sample (here: in a custom extractor) is that
/// sample's `internal` envelope; the other samples still get verdicts.
#[test]
fn a_panicking_worker_is_one_internal_sample_not_a_dead_batch() {
    let service = common::service_with(Settings::default().with_extract(Extractor::custom(
        |generation: &str| {
            if generation.contains("PANIC") {
                panic!("the extractor blew up");
            }
            Some(generation.to_string())
        },
    )));
    let task = |id: &str, generation: &str| {
        wasmeval::task::Task::from_json(
            &json!({"id": id, "generation": generation, "targets": ["assert x == 1"]}).to_string(),
        )
        .unwrap()
    };
    let inputs = vec![task("a", "x = 1"), task("b", "PANIC"), task("c", "x = 1")]
        .into_iter()
        .map(|task| Input {
            task: Ok(task),
            extra: (),
        });
    let envelopes: Vec<_> = service.evaluate_blocking(inputs).map(|(e, ())| e).collect();
    assert_eq!(envelopes.len(), 3);
    assert_eq!(envelopes[0].outcome, Outcome::Pass);
    assert_eq!(envelopes[1].error_kind, Some(ErrorKind::Internal));
    assert!(
        envelopes[1]
            .detail
            .as_deref()
            .unwrap()
            .contains("the extractor blew up"),
        "{:?}",
        envelopes[1]
    );
    assert_eq!(envelopes[2].outcome, Outcome::Pass);
}

/// A runtime that cannot be prepared fails every task that needs it with
/// the same `internal` error, without trying again (here the cache root is
/// a file, so nothing can be created under it).
#[test]
fn a_runtime_that_fails_to_prepare_fails_its_tasks_once_and_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("cache-is-a-file");
    std::fs::write(&not_a_dir, "x").unwrap();
    let cache = wasmeval::install::Cache::locate(Some(&not_a_dir)).unwrap();
    let service = wasmeval::Service::new(cache, Settings::default().with_jobs(2)).unwrap();
    let envelopes = common::score_on(
        &service,
        (0..6)
            .map(|i| lang_task(Language::JavaScript, &format!("t{i}"), "1", &["1"], 3.0))
            .collect(),
    );
    let details: Vec<&str> = envelopes
        .iter()
        .map(|e| {
            assert_eq!(e.error_kind, Some(ErrorKind::Internal), "{e:?}");
            e.detail.as_deref().unwrap()
        })
        .collect();
    assert!(details[0].contains("runtime javascript"), "{}", details[0]);
    assert!(details.iter().all(|d| *d == details[0]), "{details:?}");
}

/// The synchronous entry points work from inside another tokio runtime
/// (they used to build a runtime per call and panic there).
#[test]
fn blocking_calls_work_inside_an_async_runtime() {
    let service = common::service();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let envelope = runtime.block_on(async {
        service.score_blocking(&code_task("inside", "x = 1", &["assert x == 1"], 3.0))
    });
    assert_eq!(envelope.outcome, Outcome::Pass);
    let code = runtime.block_on(async {
        Extractor::Markdown
            .extract_blocking("```python\ny = 2\n```", None)
            .unwrap()
    });
    assert_eq!(code, "y = 2\n");
    let from_async = runtime.block_on(service.score(code_task("async", "x = 1", &["x"], 3.0)));
    assert_eq!(from_async.outcome, Outcome::Pass);
}

/// Every refused module and process function docs/security.md lists, through the
/// routes it lists, is `blacklist`; the exec-hook route (loading a module
/// body by path, skipping the import system's finders) too.
#[test]
fn every_listed_process_function_and_module_is_refused() {
    let cases = [
        ("os.execv", "import os\nos.execv('/bin/sh', ['sh'])"),
        (
            "os.spawnv",
            "import os\nos.spawnv(os.P_WAIT, '/bin/sh', ['sh'])",
        ),
        ("os.fork", "import os\nos.fork()"),
        (
            "os.posix_spawn",
            "import os\nos.posix_spawn('/bin/sh', ['sh'], {})",
        ),
        ("os.kill", "import os\nos.kill(1, 9)"),
        (
            "subprocess.Popen",
            "import subprocess\nsubprocess.Popen(['sh'])",
        ),
        ("_posixsubprocess", "import _posixsubprocess"),
        ("_ctypes", "import _ctypes"),
        ("multiprocessing", "import multiprocessing.pool"),
        (
            "exec-hook route",
            "import importlib.util\n\
             spec = importlib.util.spec_from_file_location('x', '/python/shutil.py')\n\
             module = importlib.util.module_from_spec(spec)\n\
             spec.loader.exec_module(module)",
        ),
    ];
    let tasks = cases
        .iter()
        .map(|(name, code)| code_task(name, code, &["assert True"], 3.0))
        .collect();
    let mut failures = Vec::new();
    for ((name, _), env) in cases.iter().zip(score_all(tasks)) {
        // Some of these functions do not exist on WASI at all (an
        // AttributeError is a refusal too), and CPython's `subprocess`
        // knows WASI has no processes (its own OSError); the ones that do
        // exist are refused by the audit hook and reported.
        let detail = env.detail.as_deref().unwrap_or("");
        let refused = env.error_kind == Some(ErrorKind::Blacklist)
            || (env.error_kind == Some(ErrorKind::RuntimeException)
                && (detail.contains("AttributeError")
                    || detail.contains("wasi does not support processes")));
        if !refused || env.outcome == Outcome::Pass {
            failures.push(format!("{name}: {env:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// JavaScript: monkeypatching what the harness or a test relies on changes
/// no verdict; `assert/strict` is strict; `clearTimeout` cancels.
#[test]
fn javascript_monkeypatching_strict_assert_and_clear_timeout() {
    let js = |id: &str, code: &str, targets: &[&str]| {
        lang_task(Language::JavaScript, id, code, targets, 3.0)
    };
    let envelopes = score_all(vec![
        js(
            "patched",
            "Array.prototype.join = () => ''; String.prototype.charCodeAt = () => 49;\n\
             Object.keys = () => []; Object.prototype.then = undefined;\n\
             try { assert.deepStrictEqual = () => {} } catch (e) {}\n\
             function f() { return {a: 1} }",
            &["assert.deepStrictEqual(f(), {a: 2})"],
        ),
        js(
            "strict",
            "const assert2 = require('assert/strict'); function f() { return '1' }",
            &[
                "assert2.equal(f(), 1)",
                "require('node:assert').equal(f(), 1)",
            ],
        ),
        js(
            "clear-timeout",
            "let fired = false; const h = setTimeout(() => { fired = true }, 10); clearTimeout(h);\n\
             function f() { return new Promise((r) => setTimeout(() => r(fired), 50)) }",
            &["(async () => assert.strictEqual(await f(), false))()"],
        ),
    ]);
    assert_eq!(
        envelopes[0].outcome,
        Outcome::AssertionFail,
        "{:?}",
        envelopes[0]
    );
    assert_eq!(
        (envelopes[1].outcome, envelopes[1].passed),
        (Outcome::AssertionFail, 1),
        "{:?}",
        envelopes[1]
    );
    assert_eq!(envelopes[2].outcome, Outcome::Pass, "{:?}", envelopes[2]);
}

/// Repeated ids in `eval` are numbered as samples 0, 1, 2, ... in input
/// order: the same id and position give the same draws, another position
/// others; and an internal failure makes `eval` exit 1.
#[test]
fn eval_numbers_repeated_ids_and_exits_1_on_an_internal_failure() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let line = json!({"id": "r", "code": "import random\nprint(random.random())", "targets": ["assert True"]});
    std::fs::write(&tasks, format!("{line}\n{line}\n{line}\n")).unwrap();
    let out = dir.path().join("out.jsonl");
    let run = || {
        let output = common::cli(&[
            "eval",
            tasks.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(0));
        std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["stdout"].clone())
            .collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run(), "the same positions repeat");
    assert_ne!(first[0], first[1]);
    assert_ne!(first[1], first[2]);

    // An extraction command that cannot start is wasmeval's failure.
    let generation = json!({"id": "g", "generation": "x = 1", "targets": ["assert x"]});
    std::fs::write(&tasks, format!("{generation}\n")).unwrap();
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--extract-cmd",
        "no-such-command-xyz",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("1 internal failure"), "{text}");
    assert!(
        text.contains("counted as failed samples (score 0) in the mean score and pass@k"),
        "{text}"
    );
}

/// `--resume` with an input other than the one the results came from is
/// refused with a message that says so.
#[test]
fn resume_refuses_results_from_another_input() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let out = dir.path().join("out.jsonl");
    let line = |id: &str| json!({"id": id, "code": "x = 1", "targets": ["assert x"]}).to_string();
    std::fs::write(&tasks, format!("{}\n{}\n", line("a"), line("b"))).unwrap();
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    // Edit the input, then try to resume into the old results.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&tasks)
        .unwrap();
    writeln!(file, "{}", line("c")).unwrap();
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("different input"), "{err}");
}

/// A checker that hangs is stopped after the evaluator's timeout and its
/// files get an `internal` result that says so (here a stand-in `mypy` that
/// only sleeps, in a toolbox of its own).
#[test]
fn a_hung_checker_is_stopped_and_reported() {
    use wasmeval::check::{Checker, Evaluator, Toolbox};
    let dir = tempfile::tempdir().unwrap();
    let cache = wasmeval::install::Cache::locate(Some(dir.path())).unwrap();
    let mypy = dir.path().join("checkers/venv/bin/mypy");
    std::fs::create_dir_all(mypy.parent().unwrap()).unwrap();
    std::fs::write(&mypy, "#!/bin/sh\nsleep 30\n").unwrap();
    Command::new("chmod").arg("+x").arg(&mypy).status().unwrap();
    let evaluator = Evaluator::builder(Checker::Mypy)
        .timeout(std::time::Duration::from_millis(500))
        .build(&Toolbox::new(&cache))
        .unwrap();
    let result = evaluator.check("```python\nx = 1\n```");
    assert!(!result.score);
    assert!(result.metadata.unwrap().get("internal").is_some());
    assert!(
        result
            .comment
            .as_deref()
            .unwrap()
            .contains("did not finish within"),
        "{:?}",
        result.comment
    );
}

#[test]
fn one_sample_is_scored_alone_with_the_shared_service() {
    // (Keeps `score` in use for this binary's helpers.)
    assert_eq!(
        score(code_task("one", "x = 1", &["assert x == 1"], 3.0)).outcome,
        Outcome::Pass
    );
}

// ---- host hardening (#28) ----------------------------------------------

/// The `wasmeval` binary with no cache argument (the caller gives one).
fn wasmeval() -> Command {
    common::service(); // the shared cache is complete
    Command::new(env!("CARGO_BIN_EXE_wasmeval"))
}

/// A copy of what the shared cache's `parts` hold of `runtime` under `dir`,
/// to damage (the whole cache is gigabytes).
fn copy_cache(dir: &std::path::Path, parts: &[&str], runtime: &str) -> std::path::PathBuf {
    common::service(); // the shared cache holds this build's runtimes first
    let cache = dir.join("cache");
    let prefix = format!("{runtime}-");
    for part in parts {
        std::fs::create_dir_all(cache.join(part)).unwrap();
        for entry in std::fs::read_dir(common::cache_dir().join(part)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap();
            // python-sci's name starts with python's.
            if !name.starts_with(&prefix) || name.starts_with("python-sci") {
                continue;
            }
            let status = Command::new("cp")
                .arg("-a")
                .arg(&path)
                .arg(cache.join(part))
                .status()
                .unwrap();
            assert!(status.success());
        }
    }
    cache
}

/// The entry of `dir` whose name starts with `prefix` and ends with
/// `suffix`.
fn entry(dir: &std::path::Path, prefix: &str, suffix: &str) -> std::path::PathBuf {
    // The newest: a cache kept between builds also holds older versions'.
    // Between prefix and suffix only a key, so that `python-` never finds
    // a `python-sci-` entry.
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            let key = name
                .strip_prefix(prefix)
                .and_then(|n| n.strip_suffix(suffix));
            key.is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_hexdigit()))
        })
        .max_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok())
        .unwrap_or_else(|| panic!("no {prefix}*{suffix} in {}", dir.display()))
}

/// The JSON lines of a results file.
fn read_jsonl(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn write_tasks(dir: &std::path::Path, ids: &[&str]) -> std::path::PathBuf {
    let tasks = dir.join("tasks.jsonl");
    let lines: Vec<String> = ids
        .iter()
        .map(|id| json!({"id": id, "code": "x = 1", "targets": ["assert x"]}).to_string() + "\n")
        .collect();
    std::fs::write(&tasks, lines.concat()).unwrap();
    tasks
}

/// `eval X --out X` (also through a symlink, also with `--resume`) is
/// refused before either file is touched; it used to empty the input.
#[test]
fn an_output_that_is_the_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = write_tasks(dir.path(), &["a", "b"]);
    let before = std::fs::read(&tasks).unwrap();
    let link = dir.path().join("link.jsonl");
    std::os::unix::fs::symlink(&tasks, &link).unwrap();
    for out in [&tasks, &link] {
        for extra in [&[][..], &["--resume"][..]] {
            let mut args = vec![
                "eval",
                tasks.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ];
            args.extend(extra);
            let output = common::cli(&args);
            assert_eq!(output.status.code(), Some(1), "{args:?}");
            let err = String::from_utf8_lossy(&output.stderr);
            assert!(err.contains("is the input file"), "{err}");
        }
    }
    assert_eq!(std::fs::read(&tasks).unwrap(), before);
}

/// `--resume` into a file that is not a results file of this input
/// changes nothing and says why; only a torn last line is ever cut.
#[test]
fn resume_never_cuts_a_file_that_is_not_this_inputs_results() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = write_tasks(dir.path(), &["a", "b", "c"]);
    let out = dir.path().join("out.jsonl");
    let eval = |resume: bool| {
        let mut args = vec![
            "eval",
            tasks.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        if resume {
            args.push("--resume");
        }
        common::cli(&args)
    };
    assert_eq!(eval(false).status.code(), Some(0));
    let complete = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = complete.lines().collect();
    // A note in the middle of the results: not a result, so nothing is cut.
    let edited = format!("{}\n# my note\n{}\n", lines[0], lines[1]);
    std::fs::write(&out, &edited).unwrap();
    let output = eval(true);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("line 2 of") && err.contains("nothing was changed"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), edited);
    // Without the record of its input, a results file is not resumed.
    std::fs::write(&out, format!("{}\n", lines[0])).unwrap();
    let sidecar = dir.path().join("out.jsonl.input.json");
    let record = std::fs::read(&sidecar).unwrap();
    std::fs::remove_file(&sidecar).unwrap();
    let output = eval(true);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no record"));
    // With it, a torn last line is cut and the run ends as a whole run does.
    std::fs::write(&sidecar, record).unwrap();
    std::fs::write(&out, format!("{}\n{}", lines[0], &lines[1][..20])).unwrap();
    assert_eq!(eval(true).status.code(), Some(0));
    let resumed = std::fs::read_to_string(&out).unwrap();
    let strip = |text: &str| -> Vec<Value> {
        text.lines()
            .map(|l| {
                let mut v: Value = serde_json::from_str(l).unwrap();
                v["wall_ms"] = json!(0);
                v
            })
            .collect()
    };
    assert_eq!(strip(&resumed), strip(&complete));
}

/// A stream (a pipe on `/dev/stdin`, `<(...)`) is read once: every line is
/// scored (hashing it for the resume record used to consume it, scoring
/// 0 lines), and no record is written for what cannot be read again.
#[test]
fn a_streamed_input_is_read_once_and_scored() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = write_tasks(dir.path(), &["a", "b"]);
    let out = dir.path().join("out.jsonl");
    let mut child = wasmeval()
        .args(["eval", "/dev/stdin", "--quiet", "--out"])
        .arg(&out)
        .arg("--cache-dir")
        .arg(common::cache_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(&tasks).unwrap())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("2 lines") && text.contains("2 pass"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 2);
    assert!(!dir.path().join("out.jsonl.input.json").exists());
}

/// A write that fails names its stream (`/dev/full`: no space), and no
/// record of the input is written next to a device; a crash while the
/// record is written (here: the file size limit kills the process) leaves
/// the old record whole, not a torn or empty one.
#[test]
fn failed_writes_name_their_stream_and_records_are_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = write_tasks(dir.path(), &["a"]);
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        "/dev/full",
        "--quiet",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("writing the results to /dev/full: No space left"),
        "{err}"
    );
    assert!(!std::path::Path::new("/dev/full.input.json").exists());
    // A reader of stdout that goes away: a broken pipe, named.
    let many: Vec<String> = (0..2000).map(|i| i.to_string()).collect();
    let many = write_tasks(
        dir.path(),
        &many.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    let mut child = wasmeval()
        .args(["eval", "--quiet", "--out", "-", "--cache-dir"])
        .arg(common::cache_dir())
        .arg(&many)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("writing the results to stdout: Broken pipe"),
        "{err}"
    );

    let out = dir.path().join("out.jsonl");
    let eval = |limit: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -f {limit}; exec \"$0\" \"$@\""))
            .arg(env!("CARGO_BIN_EXE_wasmeval"))
            .args(["eval", tasks.to_str().unwrap(), "--quiet", "--out"])
            .arg(&out)
            .arg("--cache-dir")
            .arg(common::cache_dir())
            .output()
            .unwrap()
    };
    assert_eq!(eval("unlimited").status.code(), Some(0));
    let sidecar = dir.path().join("out.jsonl.input.json");
    let record = std::fs::read(&sidecar).unwrap();
    // Another input, and no room for any file: the process dies writing.
    write_tasks(dir.path(), &["b"]);
    assert!(!eval("0").status.success());
    assert_eq!(std::fs::read(&sidecar).unwrap(), record);
}

/// A damaged compiled module (bytes flipped) is never loaded: it is
/// recompiled with a warning, the verdicts are right, and `runtimes
/// verify` names it first. A cache that cannot be written uses what it
/// compiled instead of failing every task.
#[test]
fn damaged_or_unwritable_compiled_caches_are_not_trusted_or_fatal() {
    let dir = tempfile::tempdir().unwrap();
    let cache = copy_cache(dir.path(), &["runtimes", "compiled"], "javascript");
    let compiled = entry(&cache.join("compiled"), "javascript-", ".cwasm");
    let mut bytes = std::fs::read(&compiled).unwrap();
    let middle = bytes.len() / 2;
    for byte in &mut bytes[middle..middle + 4096] {
        *byte ^= 0xa5;
    }
    std::fs::write(&compiled, bytes).unwrap();
    let run = |cache: &std::path::Path| {
        wasmeval()
            .args(["run", "--lang", "javascript", "--code", "-", "--compact"])
            .args([
                "--assert",
                "assert.strictEqual(add(1, 2), 3)",
                "--cache-dir",
            ])
            .arg(cache)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child
                    .stdin
                    .take()
                    .unwrap()
                    .write_all(b"function add(a, b) { return a + b }")?;
                child.wait_with_output()
            })
            .unwrap()
    };
    let verify = |cache: &std::path::Path| {
        wasmeval()
            .args(["runtimes", "verify", "--cache-dir"])
            .arg(cache)
            .output()
            .unwrap()
    };
    let checked = verify(&cache);
    assert_eq!(checked.status.code(), Some(1));
    let text = String::from_utf8_lossy(&checked.stdout);
    assert!(
        text.contains("DAMAGED") && text.contains("javascript-"),
        "{text}"
    );
    let output = run(&cache);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("is damaged"));
    assert_eq!(verify(&cache).status.code(), Some(0));

    // No place to write compiled modules: compile, warn, and run anyway.
    std::fs::remove_dir_all(cache.join("compiled")).unwrap();
    std::fs::write(cache.join("compiled"), "not a directory").unwrap();
    let output = run(&cache);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("could not cache"));
}

/// A Python runtime directory with its standard library gone heals: it is
/// rebuilt (with a relative `--cache-dir`, which used to break the build)
/// instead of failing every run with "Directory not empty".
#[test]
fn a_damaged_python_runtime_is_rebuilt_even_from_a_relative_cache_dir() {
    let dir = tempfile::tempdir().unwrap();
    let cache = copy_cache(dir.path(), &["runtimes", "compiled"], "python");
    // This build's directory (by its key: a cache kept across re-pins
    // holds other builds' too).
    let built = wasmeval::runtime::python::build_dir(
        &wasmeval::install::Cache::locate(Some(&common::cache_dir())).unwrap(),
    )
    .unwrap();
    let runtime = cache.join("runtimes").join(built.file_name().unwrap());
    std::fs::remove_dir_all(runtime.join("stdlib")).unwrap();
    let output = wasmeval()
        .current_dir(dir.path())
        .args(["run", "--code", "-", "--compact", "--cache-dir", "cache"])
        .args(["--assert", "import json; assert json.loads('[1]') == [1]"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(runtime.join("stdlib").join("json").is_dir());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("rebuilding"), "{stderr}");
}

/// `--extract-cmd`: a command that prints without end is stopped at the
/// cap (`internal`), and one that leaves a background process holding its
/// stdout does not keep the sample waiting, nor leave the process behind.
#[test]
fn extract_commands_are_capped_and_their_process_group_is_ended() {
    let dir = tempfile::tempdir().unwrap();
    let generation = dir.path().join("answer.md");
    std::fs::write(&generation, "anything").unwrap();
    let extract = |command: &str| {
        let started = std::time::Instant::now();
        let output = common::cli(&[
            "extract",
            generation.to_str().unwrap(),
            "--extract-cmd",
            command,
        ]);
        (output, started.elapsed())
    };
    let (output, _) = extract("yes");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("printed more than 16 MiB"));
    let marker = "31.4159";
    let (output, took) = extract(&format!("sleep {marker} & echo 'x = 1'"));
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "x = 1\n");
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    let ps = Command::new("ps").args(["-eo", "args"]).output().unwrap();
    let left = String::from_utf8_lossy(&ps.stdout)
        .lines()
        .any(|l| l.trim() == format!("sleep {marker}"));
    assert!(!left, "the background process was left running");
}

/// Input mistakes are named: a byte-order mark that starts a file is
/// accepted, one elsewhere named; a task with both `code` and `generation`
/// and one with a duplicate key are `invalid_task`; a HumanEval sample
/// that is invalid keeps its `task_id` in the results.
#[test]
fn input_mistakes_are_named_and_keep_their_ids() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let good = json!({"id": "a", "code": "x = 1", "targets": ["assert x"]}).to_string();
    let lines = [
        format!("\u{feff}{good}"),
        format!("\u{feff}{good}"),
        r#"{"id": "b", "code": "x = 1", "generation": "x = 0", "targets": ["assert x"]}"#.into(),
        r#"{"id": "c", "code": "x = 1", "code": "x = 0", "targets": ["assert x"]}"#.into(),
    ];
    std::fs::write(&tasks, lines.join("\n") + "\n").unwrap();
    let out = dir.path().join("out.jsonl");
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    let results = read_jsonl(&out);
    assert_eq!(results[0]["outcome"], "pass", "{}", results[0]);
    for (result, expected) in
        results[1..]
            .iter()
            .zip(["byte-order mark", "not both", "duplicate key \"code\""])
    {
        assert_eq!(result["error_kind"], "invalid_task", "{result}");
        assert!(
            result["detail"].as_str().unwrap().contains(expected),
            "{result}"
        );
    }

    let problems = dir.path().join("problems.jsonl");
    std::fs::write(
        &problems,
        json!({"task_id": "T/0", "prompt": "def f():\n", "canonical_solution": "    return 1\n",
               "test": "def check(f):\n    assert f() == 1\n", "entry_point": "f"})
        .to_string()
            + "\n",
    )
    .unwrap();
    let samples = dir.path().join("samples.jsonl");
    std::fs::write(
        &samples,
        [
            json!({"task_id": "T/0", "completion": "    return 1\n"}).to_string(),
            json!({"task_id": "T/0", "completion": 7}).to_string(),
            json!({"task_id": "T/9", "completion": "    return 1\n"}).to_string(),
        ]
        .join("\n")
            + "\n",
    )
    .unwrap();
    let out = dir.path().join("samples_results.jsonl");
    let output = common::cli(&[
        "eval",
        samples.to_str().unwrap(),
        "--problems",
        problems.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let results = read_jsonl(&out);
    assert_eq!(results[0]["passed"], true);
    for result in &results[1..] {
        assert_eq!(result["error_kind"], "invalid_task", "{result}");
        assert!(result["task_id"].is_string(), "{result}");
    }
    assert_eq!(results[2]["completion"], "    return 1\n");
}

/// `eval` reads no further ahead than the tasks in flight allow by size,
/// not only by count: behind one slow sample, eight 40 MB lines used to be
/// read and held at once (eight 50 MB lines peaked at 1.7 GB).
#[test]
fn eval_memory_is_bounded_by_the_bytes_in_flight() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("big.jsonl");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&tasks).unwrap());
    let slow = json!({"id": "slow", "code": "while True:\n    pass", "targets": ["assert True"], "metadata": {"timeout_s": 2}});
    writeln!(file, "{slow}").unwrap();
    let comment = "a".repeat(40 << 20);
    for i in 0..8 {
        let big = json!({"id": format!("big-{i}"), "code": format!("x = 1  # {comment}"), "targets": ["assert x == 1"]});
        writeln!(file, "{big}").unwrap();
    }
    drop(file);
    let mut child = wasmeval()
        .args([
            "eval",
            "--quiet",
            "--jobs",
            "1",
            "--out",
            "-",
            "--cache-dir",
        ])
        .arg(common::cache_dir())
        .arg(&tasks)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    let exit = loop {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:"))
        {
            let kib = line.split_whitespace().nth(1).unwrap().parse().unwrap();
            peak_kib = peak_kib.max(kib);
        }
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(exit.success());
    let peak_mib = peak_kib >> 10;
    eprintln!("peak resident memory: {peak_mib} MiB");
    assert!(peak_mib < 450, "peak resident memory {peak_mib} MiB");
}
