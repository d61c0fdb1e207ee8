//! `wasmeval serve`: the real binary on a loopback port, driven by the real
//! SandboxFusion client (PyPI `sandbox-fusion`, pinned, in a throwaway
//! virtualenv) and by plain HTTP for wasmeval's own endpoints.

use crate::common;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const SANDBOX_FUSION: &str = "sandbox-fusion==0.3.7";

/// A running `wasmeval serve`, stopped (SIGKILL) when dropped.
struct Server {
    child: Child,
    url: String,
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

impl Server {
    fn start(args: &[&str], env: &[(&str, &str)]) -> Server {
        common::service(); // the runtimes are built and cached first
        let mut command = Command::new(env!("CARGO_BIN_EXE_wasmeval"));
        command
            .args(["serve", "--bind", "127.0.0.1:0", "--cache-dir"])
            .arg(common::cache_dir())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("wasmeval serve starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let url = loop {
            let line = lines
                .next()
                .expect("serve printed its address before exiting")
                .unwrap();
            stderr.lock().unwrap().push_str(&format!("{line}\n"));
            if let Some(rest) = line.strip_prefix("wasmeval: serving on ") {
                break rest.split_whitespace().next().unwrap().to_string();
            }
        };
        let sink = stderr.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock().unwrap().push_str(&format!("{line}\n"));
            }
        });
        Server { child, url, stderr }
    }

    fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap()
}

async fn post(url: &str, body: impl Into<reqwest::Body>) -> (u16, Option<String>, String) {
    post_with(&client(), url, body).await
}

/// [`post`] with a client of the caller's (making one takes a while in a
/// debug build).
async fn post_with(
    client: &reqwest::Client,
    url: &str,
    body: impl Into<reqwest::Body>,
) -> (u16, Option<String>, String) {
    answer(client.post(url).body(body)).await
}

/// Status, `Retry-After` and body of the answer to `request`.
async fn answer(request: reqwest::RequestBuilder) -> (u16, Option<String>, String) {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_string());
    (status, retry, response.text().await.unwrap())
}

async fn get(url: &str, token: Option<&str>) -> (u16, String) {
    let mut request = client().get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.text().await.unwrap())
}

/// A virtualenv with the pinned SandboxFusion client.
fn sandbox_fusion_python() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| common::venv_with("sandbox-fusion-venv", SANDBOX_FUSION))
        .clone()
}

/// What a client script (run by `python` with the server's address) printed
/// as JSON.
fn client_results(python: &std::path::Path, script: &str, server: &Server) -> Value {
    let output = Command::new(python)
        .args(["-c", script, &server.url])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Drive the server with SandboxFusion's own client; what each call gave,
/// by name, as the client parsed it.
const CLIENT_SCRIPT: &str = r##"
import base64, json, sys
from sandbox_fusion import RunCodeRequest, run_code, set_endpoint
set_endpoint(sys.argv[1])
results = {}
def run(name, **kwargs):
    try:
        response = run_code(RunCodeRequest(**kwargs), max_attempts=1)
        results[name] = json.loads(response.json())
    except Exception as exc:
        results[name] = {"exception": str(exc)}
run("print", code="print('hello from wasmeval')", language="python")
run("stdin", code="import sys\nprint(sys.stdin.read().upper(), end='')", language="python", stdin="echo me\n")
run("raises", code="def f():\n    raise ValueError('bad value')\nf()", language="python")
run("loop", code="while True:\n    pass", language="python", run_timeout=0.5)
run("nodejs", code="const n = require('fs').readFileSync(0, 'utf8').trim();\nconsole.log(Number(n) * 2);", language="nodejs", stdin="21")
run("exit3", code="import sys\nsys.exit(3)", language="python")
run("files", code="data = open('data/in.txt').read()\nopen('out.txt', 'w').write(data[::-1])\nprint(len(data))",
    language="python", files={"data/in.txt": base64.b64encode(b"abc").decode()}, fetch_files=["out.txt", "missing.txt"])
run("pytest", code="def add(a, b):\n    return a + b\n\ndef test_add():\n    assert add(1, 2) == 3\n\ndef test_wrong():\n    assert add(1, 2) == 4\n", language="pytest")
run("cpp", code="#include <bits/stdc++.h>\nint main() { long long n; std::cin >> n; std::cout << n * n << std::endl; }", language="cpp", stdin="12345")
run("cpp_error", code="int main() { return x; }", language="cpp")
run("cpp_exit", code="#include <cstdlib>\nint main() { exit(7); }", language="cpp")
run("cpp_loop", code="int main() { volatile int x = 0; for (;;) x++; }", language="cpp", run_timeout=0.5)
# SandboxFusion's client has no "c"; wasmeval's server takes it, raw.
import urllib.request
request = urllib.request.Request(sys.argv[1] + "/run_code", method="POST", headers={"Content-Type": "application/json"},
    data=json.dumps({"code": "#include <stdio.h>\nint main(void) { puts(\"42\"); return 0; }", "language": "c"}).encode())
results["c"] = json.loads(urllib.request.urlopen(request).read())
run("typescript", code="enum E { A = 40 }\nconst n: number = E.A + 2;\nconsole.log(n as number);", language="typescript")
run("typescript_error", code="const n: number = ;", language="typescript")
run("lua", code="local n = io.read('n')\nprint(n * 2, _VERSION)", language="lua", stdin="21")
run("lua_error", code="error('boom')", language="lua")
run("lua_syntax", code="local x = = 1", language="lua")
run("ruby", code="n = gets.to_i\nputs n * 2, RUBY_VERSION[0, 3]", language="ruby", stdin="21")
run("ruby_error", code="raise ArgumentError, 'boom'", language="ruby")
run("ruby_syntax", code="def f(\n", language="ruby")
run("perl", code="my $n = <STDIN>; print $n * 2, \"\\n\"; printf \"%vd\\n\", $^V;", language="perl", stdin="21")
run("perl_error", code="print \"half\"; die \"boom\\n\";", language="perl")
run("go", code="package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n)\n\nfunc main() {\n\tvar n int\n\tfmt.Scan(&n)\n\tfmt.Println(n*2, runtime.Version())\n}\n", language="go", stdin="21")
run("go_compile", code="package main\n\nfunc main() {\n\tx := 1\n}\n", language="go")
run("go_test", code="package add_test\n\nimport \"testing\"\n\nfunc add(a, b int) int { return a + b }\n\nfunc TestAdd(t *testing.T) {\n\tif add(1, 2) != 3 {\n\t\tt.Fatal(\"1 + 2\")\n\t}\n}\n", language="go_test")
run("go_test_fail", code="package add_test\n\nimport \"testing\"\n\nfunc add(a, b int) int { return a - b }\n\nfunc TestAdd(t *testing.T) {\n\tif add(1, 2) != 3 {\n\t\tt.Fatal(\"1 + 2\")\n\t}\n}\n", language="go_test")
run("unsupported", code="class Main {}", language="java")
print(json.dumps(results))
"##;

#[test]
fn the_sandbox_fusion_client_runs_code_here() {
    // The C and C++ toolchain is compiled once, by this process, first.
    for runtime in ["c", "cpp", "typescript", "lua", "ruby", "perl", "go"] {
        common::service().prepare_blocking(runtime).unwrap();
    }
    // Started as a user starts it: every language is served, the ones
    // past python and javascript prepared by the first request for them.
    let server = Server::start(&[], &[]);
    let results = client_results(&sandbox_fusion_python(), CLIENT_SCRIPT, &server);
    let run = |name: &str| &results[name]["run_result"];
    assert_eq!(results["print"]["status"], "Success", "{results:#}");
    assert_eq!(run("print")["stdout"], "hello from wasmeval\n");
    assert_eq!(run("print")["return_code"], 0);
    assert_eq!(run("stdin")["stdout"], "ECHO ME\n");
    assert_eq!(results["raises"]["status"], "Failed");
    assert_eq!(run("raises")["status"], "Finished");
    assert_eq!(run("raises")["return_code"], 1);
    let stderr = run("raises")["stderr"].as_str().unwrap();
    assert!(
        stderr.starts_with("Traceback (most recent call last):")
            && stderr.ends_with("ValueError: bad value\n"),
        "{stderr}"
    );
    assert_eq!(run("loop")["status"], "TimeLimitExceeded");
    assert_eq!(results["loop"]["status"], "Failed");
    assert_eq!(run("nodejs")["stdout"], "42\n");
    assert_eq!(run("exit3")["return_code"], 3);
    assert_eq!(run("files")["stdout"], "3\n");
    assert_eq!(
        results["files"]["files"],
        json!({"out.txt": "Y2Jh"}),
        "{results:#}"
    );
    assert_eq!(run("pytest")["return_code"], 1);
    let report = run("pytest")["stdout"].as_str().unwrap();
    assert!(
        report.contains("PASSED test_solution.py::test_add"),
        "{report}"
    );
    assert!(
        report.contains("FAILED test_solution.py::test_wrong"),
        "{report}"
    );
    // C++, as SandboxFusion answers it: a compile result beside the run.
    assert_eq!(results["cpp"]["status"], "Success", "{results:#}");
    assert_eq!(run("cpp")["stdout"], "152399025\n");
    assert_eq!(results["cpp"]["compile_result"]["status"], "Finished");
    assert_eq!(results["cpp"]["compile_result"]["return_code"], 0);
    assert_eq!(results["cpp_error"]["status"], "Failed");
    assert!(results["cpp_error"]["run_result"].is_null(), "{results:#}");
    assert_eq!(results["cpp_error"]["compile_result"]["return_code"], 1);
    let diagnostics = results["cpp_error"]["compile_result"]["stderr"]
        .as_str()
        .unwrap();
    assert!(
        diagnostics.contains("use of undeclared identifier 'x'"),
        "{diagnostics}"
    );
    assert_eq!(results["cpp_exit"]["status"], "Failed");
    assert_eq!(run("cpp_exit")["return_code"], 7);
    assert_eq!(run("cpp_loop")["status"], "TimeLimitExceeded");
    assert_eq!(run("c")["stdout"], "42\n", "{:#}", results["c"]);
    // TypeScript as SandboxFusion runs it (`tsx`: types stripped, no
    // compile step): a program that does not strip fails its run.
    assert_eq!(run("typescript")["stdout"], "42\n", "{results:#}");
    assert!(results["typescript"]["compile_result"].is_null());
    assert_eq!(results["typescript_error"]["status"], "Failed");
    assert_eq!(run("typescript_error")["return_code"], 1);
    let stripped = run("typescript_error")["stderr"].as_str().unwrap();
    assert!(stripped.contains("Unexpected \";\""), "{stripped}");
    // Lua as SandboxFusion runs it (`lua file.lua`): an error or a syntax
    // error fails the run with status 1 and Lua's message.
    assert_eq!(run("lua")["stdout"], "42\tLua 5.4\n", "{results:#}");
    assert!(results["lua"]["compile_result"].is_null());
    assert_eq!(results["lua_error"]["status"], "Failed");
    assert_eq!(run("lua_error")["return_code"], 1);
    let error = run("lua_error")["stderr"].as_str().unwrap();
    assert!(error.starts_with("lua: main.lua:1: boom"), "{error}");
    assert_eq!(results["lua_syntax"]["status"], "Failed");
    assert_eq!(run("lua_syntax")["return_code"], 1);
    let syntax = run("lua_syntax")["stderr"].as_str().unwrap();
    assert!(
        syntax.contains("main.lua:1: unexpected symbol near '='"),
        "{syntax}"
    );
    // Ruby as SandboxFusion runs it (`ruby file.rb`): an uncaught
    // exception or a syntax error exits 1 with Ruby's own message.
    assert_eq!(run("ruby")["stdout"], "42\n3.4\n", "{results:#}");
    assert!(results["ruby"]["compile_result"].is_null());
    assert_eq!(results["ruby_error"]["status"], "Failed");
    assert_eq!(run("ruby_error")["return_code"], 1);
    let error = run("ruby_error")["stderr"].as_str().unwrap();
    assert!(
        error.starts_with("main.rb:1:in ") && error.contains("boom (ArgumentError)"),
        "{error}"
    );
    assert_eq!(results["ruby_syntax"]["status"], "Failed");
    assert_eq!(run("ruby_syntax")["return_code"], 1);
    let syntax = run("ruby_syntax")["stderr"].as_str().unwrap();
    assert!(syntax.contains("syntax error"), "{syntax}");
    assert_eq!(results["perl"]["status"], "Success", "{results:#}");
    assert_eq!(run("perl")["stdout"], "42\n5.42.0\n", "{results:#}");
    assert_eq!(results["perl_error"]["status"], "Failed");
    assert_eq!(run("perl_error")["return_code"], 255);
    assert_eq!(run("perl_error")["stdout"], "half");
    assert_eq!(run("perl_error")["stderr"], "boom\n");
    assert_eq!(results["go"]["status"], "Success", "{results:#}");
    assert_eq!(run("go")["stdout"], "42 go1.27.3\n", "{results:#}");
    assert_eq!(results["go_compile"]["status"], "Failed");
    let compiled = &results["go_compile"]["compile_result"];
    assert_eq!(compiled["return_code"], 1, "{results:#}");
    let diagnostics = compiled["stderr"].as_str().unwrap();
    assert!(
        diagnostics.contains("declared and not used: x"),
        "{diagnostics}"
    );
    assert_eq!(results["go_test"]["status"], "Success", "{results:#}");
    assert!(
        run("go_test")["stdout"]
            .as_str()
            .unwrap()
            .starts_with("PASS\nok  \tcommand-line-arguments"),
        "{results:#}"
    );
    assert_eq!(results["go_test_fail"]["status"], "Failed");
    assert_eq!(run("go_test_fail")["return_code"], 1);
    assert!(
        run("go_test_fail")["stdout"]
            .as_str()
            .unwrap()
            .contains("--- FAIL: TestAdd"),
        "{results:#}"
    );
    let unsupported = results["unsupported"]["exception"].as_str().unwrap();
    assert!(
        unsupported.contains("unsupported language 'java'") && unsupported.contains("go_test"),
        "{unsupported}"
    );
    assert!(results["print"]["executor_pod_name"].is_string());
}

/// verl's reward code, pinned. Importing `verl` imports torch (through
/// `verl.protocol`), so only what its `sandbox_fusion` reward module imports
/// is installed (requests), verl itself without dependencies, and the
/// script loads the module under empty parent packages, unchanged.
const VERL: &str = "verl==0.9.1";

fn verl_python() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let python = common::venv_with("verl-venv", "requests==2.34.2");
        let marker = python
            .parent()
            .unwrap()
            .parent()
            .unwrap()
            .join(format!(".{VERL}"));
        if !marker.is_file() {
            let ok = Command::new(common::uv())
                .args(["pip", "install", "-q", "--no-deps", "--python"])
                .arg(&python)
                .arg(VERL)
                .status()
                .unwrap()
                .success();
            assert!(ok, "uv pip install --no-deps {VERL} failed");
            std::fs::write(&marker, "").unwrap();
        }
        python
    })
    .clone()
}

const VERL_SCRIPT: &str = r##"
import importlib.util, json, os, sys, types
root = importlib.util.find_spec("verl").submodule_search_locations[0]
for name in ("verl", "verl.utils", "verl.utils.reward_score"):
    module = types.ModuleType(name)
    module.__path__ = [os.path.join(root, *name.split(".")[1:])]
    sys.modules[name] = module
from verl.utils.reward_score.sandbox_fusion import compute_score

url = sys.argv[1] + "/run_code"
def score(code, cases, timeout=10):
    inputs = [f"{n}\n" for n in cases]
    outputs = [f"{2 * n}\n" for n in cases]
    value, metadata = compute_score(url, None, 1024, "```python\n" + code + "\n```",
                                    {"inputs": inputs, "outputs": outputs}, timeout=timeout)
    return {"score": value, "statuses": [m["status"] for m in metadata]}

double = "n = int(input())\nprint(n * 2)\n"
print(json.dumps({
    "right": score(double, [1, 21]),
    "wrong": score("n = int(input())\nprint(n + 2)\n", [1, 21]),
    "half": score("n = int(input())\nprint(n * 2 if n < 10 else 0)\n", [1, 21]),
    "crash": score("raise ValueError('no')\n", [1]),
    "hog": score("x = bytearray(1 << 30)\n" + double, [1]),
    "loop": score("while True:\n    pass\n", [1], timeout=1),
    # 4x the server's queue (2 running + 2 queued) at once.
    "burst": score("s = 0\nfor i in range(300000):\n    s += i\n" + double, list(range(16))),
}))
"##;

/// verl's own `compute_score` against `wasmeval serve`: the rewards it
/// computes against SandboxFusion for right, wrong, half-right, crashing,
/// memory-hogging and looping programs, and no API error under a burst of
/// four times the server's queue (requests wait for a slot instead of 429,
/// which verl would score as an API error).
#[test]
fn verl_scores_against_serve_as_against_sandbox_fusion() {
    let server = Server::start(&["--jobs", "2", "--max-queue", "2"], &[]);
    let results = client_results(&verl_python(), VERL_SCRIPT, &server);
    let expect = |name: &str, score: f64, statuses: &[&str]| {
        assert_eq!(results[name]["score"], json!(score), "{name}: {results:#}");
        assert_eq!(
            results[name]["statuses"],
            json!(statuses),
            "{name}: {results:#}"
        );
    };
    expect("right", 1.0, &["success", "success"]);
    expect("wrong", 0.0, &["wrong_answer", "wrong_answer"]);
    expect("half", 0.5, &["success", "wrong_answer"]);
    expect("crash", 0.0, &["runtime_error"]);
    // SandboxFusion answers a command that ends with `Error` as
    // SandboxError (verl: sandbox_error, -1); its reward is 0 either way.
    expect("hog", 0.0, &["sandbox_error"]);
    expect("loop", 0.0, &["timeout"]);
    expect("burst", 1.0, &["success"; 16]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wasmeval_endpoints_run_stream_and_report() {
    let server = Server::start(&[], &[]);
    let url = &server.url;
    assert_eq!(
        get(&format!("{url}/health"), None).await,
        (200, "ok".into())
    );
    assert_eq!(
        get(&format!("{url}/v1/ping"), None).await,
        (200, "pong".into())
    );
    let (status, _, body) = post(
        &format!("{url}/v1/run"),
        r#"{"id": "add", "code": "def add(a, b):\n    return a + b", "targets": ["assert add(1, 2) == 3"]}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let envelope: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (envelope["id"].as_str(), envelope["outcome"].as_str()),
        (Some("add"), Some("pass"))
    );
    // A batch streams back in input order, bad lines included.
    let mut batch = String::new();
    for i in 0..30 {
        let slow = if i % 7 == 0 {
            "s = sum(range(300000))\n"
        } else {
            ""
        };
        batch.push_str(&json!({"id": i, "code": format!("{slow}x = {i}"), "targets": [format!("assert x == {}", i % 3)]}).to_string());
        batch.push('\n');
    }
    batch.push_str("{not json\n");
    let (status, _, body) = post(&format!("{url}/v1/eval"), batch).await;
    assert_eq!(status, 200);
    let lines: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 31);
    for (i, line) in lines[..30].iter().enumerate() {
        assert_eq!(line["id"], i.to_string());
        let expected = if i % 3 == i { "pass" } else { "assertion_fail" };
        assert_eq!(line["outcome"], expected, "{line}");
    }
    assert_eq!(lines[30]["error_kind"], "invalid_task");
    assert!(
        lines[30]["detail"]
            .as_str()
            .unwrap()
            .starts_with("line 31:")
    );
    // Static evaluators.
    let (status, _, body) = post(
        &format!("{url}/v1/check"),
        json!({"checker": "mypy", "outputs": ["```python\nx: int = 'a'\n```", "```python\nx: int = 1\n```"]}).to_string(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let results: Vec<Value> = serde_json::from_str(&body).unwrap();
    assert_eq!(results[0]["score"], false, "{body}");
    assert_eq!(results[1]["score"], true, "{body}");
    assert_eq!(results[0]["key"], "mypy_succeeded");
    // Bad requests say what is wrong.
    let (status, _, body) = post(&format!("{url}/v1/run"), "{\"code\": ").await;
    assert_eq!(status, 400);
    assert!(body.contains("invalid JSON"), "{body}");
    let (status, _, body) = post(&format!("{url}/v1/run"), r#"{"code": "x"}"#).await;
    assert_eq!(status, 400);
    assert!(body.contains("missing field \\\"targets\\\""), "{body}");
    let (status, _, body) = post(&format!("{url}/run_code"), r#"{"language": "python"}"#).await;
    assert_eq!(status, 400);
    assert!(body.contains("missing field `code`"), "{body}");
    let (status, _, body) = post(
        &format!("{url}/run_code"),
        r#"{"code": "print(1)", "language": "python", "files": {"../escape": "eA=="}}"#,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("must be relative"), "{body}");
    // Metrics count what happened.
    let (status, metrics) = get(&format!("{url}/metrics"), None).await;
    assert_eq!(status, 200);
    assert!(
        metrics.contains("wasmeval_requests_total{route=\"/v1/eval\",status=\"200\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("wasmeval_outcomes_total{outcome=\"pass\"}"),
        "{metrics}"
    );
    assert!(metrics.contains("wasmeval_request_duration_seconds_bucket{le=\"+Inf\"}"));
    assert!(metrics.contains("wasmeval_queue_depth 0"));
}

/// Wait (at most `within`) until the server at `url` has admitted one
/// request, as its metrics say.
async fn wait_until_admitted(client: &reqwest::Client, url: &str, within: Duration) {
    let metrics = format!("{url}/metrics");
    let started = Instant::now();
    while !client
        .get(&metrics)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
        .contains("wasmeval_admitted 1")
    {
        assert!(started.elapsed() < within, "never admitted");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A POST that says `Prefer: wait=0` (fail fast when the queue is full).
async fn post_fail_fast(
    client: &reqwest::Client,
    url: &str,
    body: &'static str,
) -> (u16, Option<String>, String) {
    answer(client.post(url).header("Prefer", "wait=0").body(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_makes_requests_wait_then_504_and_a_gone_client_frees_its_slot() {
    let server = Server::start(
        &["--jobs", "1", "--max-queue", "0", "--queue-timeout", "10"],
        &[],
    );
    let run_code = format!("{}/run_code", server.url);
    let looping = r#"{"code": "while True:\n    pass", "language": "python", "run_timeout": 20}"#;
    // Clients are made first: making one takes a while in a debug build.
    let quitting = reqwest::Client::builder()
        .timeout(Duration::from_secs(4))
        .build()
        .unwrap();
    let client = client();
    let quick = r#"{"code": "print(1)", "language": "python"}"#;
    // A client that gives up after four seconds; its run must stop then.
    let quitter = tokio::spawn({
        let request = quitting.post(&run_code).body(looping).send();
        async move { request.await.is_err() }
    });
    // Wait until the looping run holds the one slot.
    wait_until_admitted(&client, &server.url, Duration::from_millis(1500)).await;
    // Fail-fast clients are refused at once.
    let asked = Instant::now();
    let (status, retry, body) = post_fail_fast(&client, &run_code, quick).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(body.contains("Prefer: wait=0"), "{body}");
    assert!(asked.elapsed() < Duration::from_millis(900));
    // Others wait for a slot, at most --queue-timeout or what they ask
    // (here a second), then get the 504 that verl retries.
    let asked = Instant::now();
    let response = client
        .post(&run_code)
        .header("Prefer", "wait=1")
        .body(quick)
        .send()
        .await
        .unwrap();
    let waited = asked.elapsed();
    assert_eq!(response.status().as_u16(), 504);
    assert_eq!(response.headers()["retry-after"], "1");
    let body = response.text().await.unwrap();
    assert!(body.contains("no slot came free within 1.0 s"), "{body}");
    assert!(waited >= Duration::from_millis(950), "{waited:?}");
    // One that may wait is served as soon as the quitter gives up, well
    // before the looping run's 20 s would end.
    let asked = Instant::now();
    let (status, _, body) = post_with(&client, &run_code, quick).await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["status"], "Success", "{body}");
    assert!(
        answer["wasmeval"]["queued_s"].as_f64().unwrap() > 0.5,
        "{body}"
    );
    assert!(asked.elapsed() < Duration::from_secs(8));
    assert!(quitter.await.unwrap(), "the client timed out");
}

/// A request admitted into the queue waits for a run slot no longer than it
/// would have waited for admission, then gets the 504 verl retries, not a
/// time limit it never ran into.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_request_that_gets_no_run_slot_in_time_is_504_not_a_time_limit() {
    let server = Server::start(
        &["--jobs", "1", "--max-queue", "4", "--queue-timeout", "1"],
        &[],
    );
    let run_code = format!("{}/run_code", server.url);
    let client = client();
    let looping = r#"{"code": "while True:\n    pass", "language": "python", "run_timeout": 20}"#;
    let looper = tokio::spawn({
        let (client, url) = (client.clone(), run_code.clone());
        async move { post_with(&client, &url, looping).await }
    });
    wait_until_admitted(&client, &server.url, Duration::from_secs(2)).await;
    // Admitted at once (the queue has room), then no run slot for a second.
    let asked = Instant::now();
    let quick = r#"{"code": "print(1)", "language": "python"}"#;
    let (status, retry, body) = post_with(&client, &run_code, quick).await;
    let waited = asked.elapsed();
    assert_eq!(status, 504, "{body}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(body.contains("no run slot came free within"), "{body}");
    assert!(waited >= Duration::from_millis(900), "{waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    looper.abort();
}

/// SandboxFusion's `parse_run_status`: a command that ends with `Error` (here
/// the memory and output caps and the stack) makes the answer
/// `SandboxError`, its stderr the message; and a run the deadline stops is
/// answered in time, as `TimeLimitExceeded` marked as the deadline's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_code_statuses_are_sandbox_fusions_and_answers_come_before_the_deadline() {
    common::service().prepare_blocking("cpp").unwrap();
    let server = Server::start(
        &["--jobs", "2", "--deadline", "3", "--runtimes", "python,cpp"],
        &[],
    );
    let run_code = format!("{}/run_code", server.url);
    let client = client();
    let ask = |body: Value| {
        let client = client.clone();
        let url = run_code.clone();
        async move {
            let (status, _, text) = post_with(&client, &url, body.to_string()).await;
            assert_eq!(status, 200, "{text}");
            serde_json::from_str::<Value>(&text).unwrap()
        }
    };
    let hog = ask(
        json!({"code": "x = bytearray(1 << 30)", "language": "python",
                         "memory_limit_MB": -1}),
    )
    .await;
    assert_eq!(hog["status"], "SandboxError", "{hog:#}");
    assert_eq!(hog["run_result"]["status"], "Error");
    assert!(
        hog["message"].as_str().unwrap().contains("memory cap"),
        "{hog:#}"
    );
    let flood =
        ask(json!({"code": "while True:\n    print('x' * 1000)", "language": "python"})).await;
    assert_eq!(flood["status"], "SandboxError", "{flood:#}");
    assert!(flood["message"].as_str().unwrap().contains("output cap"));
    // Up to 1 MiB of a stream is kept, as SandboxFusion returns.
    let big = ask(json!({"code": "print('x' * 900000)", "language": "python"})).await;
    assert_eq!(big["status"], "Success", "{}", big["message"]);
    assert_eq!(big["run_result"]["stdout"].as_str().unwrap().len(), 900_001);
    let deep = ask(json!({"code": "int f(int n) { volatile char pad[4096]; pad[0] = n; return n ? f(n - 1) + pad[0] : 0; }\nint main() { return f(1 << 30); }",
                          "language": "cpp"}))
    .await;
    assert_eq!(deep["status"], "SandboxError", "{deep:#}");
    assert_eq!(deep["run_result"]["status"], "Error");
    // compile_timeout is the compiler's budget (native-equivalent seconds):
    // judged against what the compile took, so the same on every machine
    // and whether or not the build was shared.
    let contest = "#include <bits/stdc++.h>
int main() { long long n; std::cin >> n; std::cout << n * 2 << '\\n'; }";
    for (compile_timeout, status) in [
        (0.05, "TimeLimitExceeded"),
        (10.0, "Finished"),
        (0.05, "TimeLimitExceeded"),
    ] {
        let answer = ask(json!({"code": contest, "language": "cpp", "stdin": "21",
                                "compile_timeout": compile_timeout}))
        .await;
        assert_eq!(answer["compile_result"]["status"], status, "{answer:#}");
        if status == "Finished" {
            assert_eq!(
                answer["run_result"]["stdout"],
                "42
",
                "{answer:#}"
            );
        } else {
            assert_eq!(answer["status"], "Failed", "{answer:#}");
            assert!(answer["run_result"].is_null(), "{answer:#}");
        }
    }
    // SandboxFusion's defaults: memory -1 and compile_timeout are taken.
    let fine = ask(
        json!({"code": "print(sum(range(10)))", "language": "python",
                          "memory_limit_MB": -1, "compile_timeout": 10, "run_timeout": 10}),
    )
    .await;
    assert_eq!(fine["status"], "Success", "{fine:#}");
    let used = fine["wasmeval"]["budget_used"].as_f64().unwrap();
    assert!(used > 0.0 && used < 0.1, "{fine:#}");
    assert_eq!(fine["wasmeval"]["stopped_by_deadline"], false);
    // A run with 20 s of budget is stopped at the 3 s deadline and answered.
    let asked = Instant::now();
    let slow = ask(
        json!({"code": "while True:\n    pass", "language": "python",
                          "run_timeout": 20}),
    )
    .await;
    let took = asked.elapsed();
    assert!(
        took >= Duration::from_millis(2900) && took < Duration::from_secs(6),
        "{took:?}"
    );
    assert_eq!(slow["status"], "Failed", "{slow:#}");
    assert_eq!(slow["run_result"]["status"], "TimeLimitExceeded");
    assert_eq!(slow["wasmeval"]["stopped_by_deadline"], true);
    assert!(
        slow["run_result"]["stderr"]
            .as_str()
            .unwrap()
            .contains("stopped by the server's deadline"),
        "{slow:#}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_are_capped_and_tokens_guard_everything_but_health() {
    let server = Server::start(
        &["--max-body-mb", "1", "--token-env", "WASMEVAL_TEST_TOKEN"],
        &[("WASMEVAL_TEST_TOKEN", "s3cret")],
    );
    let url = &server.url;
    assert_eq!(get(&format!("{url}/health"), None).await.0, 200);
    assert_eq!(get(&format!("{url}/v1/ping"), None).await.0, 401);
    assert_eq!(get(&format!("{url}/v1/ping"), Some("wrong")).await.0, 401);
    assert_eq!(get(&format!("{url}/v1/ping"), Some("s3cret")).await.0, 200);
    assert_eq!(get(&format!("{url}/metrics"), None).await.0, 401);
    let big = format!(
        r#"{{"code": "print(1)", "language": "python", "stdin": "{}"}}"#,
        "x".repeat(2 << 20)
    );
    let response = client()
        .post(format!("{url}/run_code"))
        .bearer_auth("s3cret")
        .body(big)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 413);
    let response = client()
        .post(format!("{url}/run_code"))
        .bearer_auth("s3cret")
        .body(r#"{"code": "print(1)", "language": "python"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_lets_runs_in_flight_finish_then_exits() {
    let mut server = Server::start(&[], &[]);
    let url = format!("{}/run_code", server.url);
    // About a second of work.
    let slow = tokio::spawn(async move {
        post(
            &url,
            r#"{"code": "s = 0\nfor i in range(4000000):\n    s += i\nprint(s)", "language": "python", "run_timeout": 20}"#,
        )
        .await
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.terminate();
    let (status, _, body) = slow.await.unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("7999998000000"), "{body}");
    let started = Instant::now();
    let exit = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "serve did not exit"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "{exit:?}");
    let stderr = server.stderr.lock().unwrap().clone();
    assert!(stderr.contains("shutting down"), "{stderr}");
    // New connections are refused now.
    assert!(
        client()
            .get(format!("{}/health", server.url))
            .send()
            .await
            .is_err()
    );
}

/// A request written by hand on a raw connection, and the first line of
/// the answer (or the error that ended the read).
fn raw_status_line(server: &Server, request: &[u8]) -> String {
    use std::io::{Read, Write};
    let address = server.url.strip_prefix("http://").unwrap();
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => answer.push(byte[0]),
            Ok(_) => break,
            Err(e) => return format!("error: {e}"),
        }
    }
    String::from_utf8_lossy(&answer).trim().to_string()
}

/// Host hardening (#28): a program cannot read host files through
/// `fetch_files` by leaving a symlink (relative, absolute, or through a
/// linked directory) in its working directory; links that stay inside
/// still work, and the fetched bytes are bounded by the directory's quota.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fetch_files_never_leave_the_working_directory() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.txt");
    std::fs::write(&secret, "the host's secret").unwrap();
    let server = Server::start(&[], &[]);
    let up = format!(
        "{}{}",
        "../".repeat(12),
        secret.to_str().unwrap().trim_start_matches('/')
    );
    // (Whether WASI lets a guest make a link with an absolute target is
    // wasmtime's business; the host must not follow one either way.)
    let code = format!(
        "import os\n\
         def link(target, name):\n    try:\n        os.symlink(target, name)\n    except OSError:\n        pass\n\
         link({up:?}, 'relative')\n\
         link({secret:?}, 'absolute')\n\
         link({dir:?}, 'dir')\n\
         link('/etc/passwd', 'passwd')\n\
         open('mine.txt', 'w').write('mine')\n\
         os.symlink('mine.txt', 'inside')\n\
         assert os.path.islink('relative')\n\
         open('big', 'wb').write(b'x' * (40 << 20))\n\
         print('ok')",
        secret = secret.to_str().unwrap(),
        dir = outside.path().to_str().unwrap(),
    );
    let request = json!({
        "code": code, "language": "python", "run_timeout": 20,
        "fetch_files": ["relative", "absolute", "dir/secret.txt", "passwd", "inside", "mine.txt", "big", "big"],
    });
    let (status, _, body) = post(&format!("{}/run_code", server.url), request.to_string()).await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["run_result"]["stdout"], "ok\n", "{body}");
    let files = answer["files"].as_object().unwrap();
    let names: Vec<&str> = files.keys().map(String::as_str).collect();
    assert_eq!(names, ["big", "inside", "mine.txt"], "{names:?}");
    assert!(!body.contains(&base64_of("the host's secret")));
    assert!(!body.contains(&base64_of("root:x:0:0:root:")));
    let stderr = answer["run_result"]["stderr"].as_str().unwrap();
    assert!(
        stderr.contains("\"relative\" was left out: it leads outside"),
        "{stderr}"
    );
    assert!(stderr.contains("\"big\" was left out"), "{stderr}");
    // The files the program made are gone after the run; the secret is not.
    assert_eq!(
        std::fs::read_to_string(&secret).unwrap(),
        "the host's secret"
    );
}

fn base64_of(text: &str) -> String {
    use base64::Engine as _;
    let encoded = base64::engine::general_purpose::STANDARD.encode(text);
    // A prefix that survives whatever follows in a longer file.
    encoded[..encoded.len() / 4 * 4 - 4].to_string()
}

/// Host hardening (#28): mistakes in a request's files and limits are 400
/// answers that name what is wrong, never a 500 or a silent default.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_mistakes_are_400_naming_what_is_wrong() {
    let server = Server::start(&[], &[]);
    let url = format!("{}/run_code", server.url);
    let file = |bytes: &str| {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD.encode(bytes)
    };
    let long = "x".repeat(5000);
    let cases = [
        (
            json!({"a": file("1"), "a/b": file("2")}),
            "\"a/b\"",
            "is a file",
        ),
        (json!({"a\u{0}b": file("1")}), "NUL", "NUL"),
        (json!({long.clone(): file("1")}), "5000 bytes", "long"),
        (json!({"../x": file("1")}), "\"../x\"", "relative"),
    ];
    for (files, named, why) in cases {
        let request = json!({"code": "print(1)", "language": "python", "files": files});
        let (status, _, body) = post(&url, request.to_string()).await;
        assert_eq!(status, 400, "{files}: {body}");
        let answer: Value = serde_json::from_str(&body).unwrap();
        let message = answer["message"].as_str().unwrap();
        assert!(
            message.contains(named) && message.contains(why),
            "{message}"
        );
    }
    for (memory, expected) in [
        (0i64, 400),
        (1, 400),
        (-5, 400),
        (1 << 44, 200),
        (-1, 200),
        (64, 200),
    ] {
        let request = json!({"code": "print(1)", "language": "python", "memory_limit_MB": memory});
        let (status, _, body) = post(&url, request.to_string()).await;
        assert_eq!(status, expected, "memory_limit_MB {memory}: {body}");
    }
    // Tasks: a non-positive or infinite timeout is refused, not defaulted.
    for timeout in ["0", "-0", "-5", "1e999"] {
        let body = format!(
            r#"{{"code": "x = 1", "targets": ["assert x"], "metadata": {{"timeout_s": {timeout}}}}}"#
        );
        let (status, _, answer) = post(&format!("{}/v1/run", server.url), body).await;
        assert_eq!(status, 400, "{timeout}: {answer}");
        assert!(answer.contains("positive number"), "{answer}");
    }
    // A duplicate key is refused on every route, not only /run_code.
    let (status, _, answer) = post(
        &format!("{}/v1/run", server.url),
        r#"{"code": "x = 1", "code": "x = 0", "targets": ["assert x"]}"#,
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("duplicate key"), "{answer}");
}

/// Host hardening (#28): the body cap answers JSON, refuses a declared
/// length before reading the body (and without `100 Continue`), and an
/// empty line of a `/v1/eval` batch gets its own `invalid_task` answer so
/// answers match lines by index.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn body_limits_answer_early_and_eval_answers_every_line() {
    let server = Server::start(&["--max-body-mb", "1"], &[]);
    let big = format!(
        r#"{{"code": "print(1)", "language": "python", "stdin": "{}"}}"#,
        "x".repeat(2 << 20)
    );
    let (status, _, body) = post(&format!("{}/run_code", server.url), big).await;
    assert_eq!(status, 413);
    let answer: Value = serde_json::from_str(&body).expect("a JSON answer");
    assert!(
        answer["error"].as_str().unwrap().contains("1 MiB"),
        "{body}"
    );
    let head = |extra: &str| {
        format!(
            "POST /run_code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
             Content-Length: 100000000000\r\n{extra}\r\n"
        )
    };
    assert!(raw_status_line(&server, head("").as_bytes()).starts_with("HTTP/1.1 413"));
    let line = raw_status_line(&server, head("Expect: 100-continue\r\n").as_bytes());
    assert!(line.starts_with("HTTP/1.1 413"), "{line}");

    let line = |id: &str| json!({"id": id, "code": "x = 1", "targets": ["assert x"]}).to_string();
    let batch = format!("{}\n\n{}\n", line("a"), line("b"));
    let (status, _, body) = post(&format!("{}/v1/eval", server.url), batch).await;
    assert_eq!(status, 200, "{body}");
    let answers: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 3, "{body}");
    assert_eq!(answers[0]["outcome"], "pass");
    assert_eq!(answers[1]["error_kind"], "invalid_task");
    assert!(
        answers[1]["detail"]
            .as_str()
            .unwrap()
            .starts_with("line 2: empty line")
    );
    assert_eq!(answers[2]["outcome"], "pass");
}

/// Host hardening (#28): half-sent requests and idle connections cannot
/// starve real ones (headers must arrive within `--header-timeout`, at
/// most `--max-connections` are open), nor keep the server alive after
/// SIGTERM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_connections_neither_starve_nor_outlive_the_server() {
    use std::io::Write;
    let mut server = Server::start(&["--max-connections", "4", "--header-timeout", "1"], &[]);
    let address = server.url.strip_prefix("http://").unwrap().to_string();
    let mut stalled = Vec::new();
    for _ in 0..12 {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        stream
            .write_all(b"POST /run_code HTTP/1.1\r\nHost: x\r\nContent-Le")
            .unwrap();
        stalled.push(stream);
    }
    let started = Instant::now();
    let (status, _, body) = post(
        &format!("{}/run_code", server.url),
        r#"{"code": "print(1)", "language": "python"}"#,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Three rounds of four stalled connections, one second each, at most.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    // Idle and stalled connections do not hold the server after SIGTERM.
    let idle = std::net::TcpStream::connect(&address).unwrap();
    server.terminate();
    let started = Instant::now();
    while server.child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "serve did not exit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    drop((idle, stalled));
}

/// Host hardening (#28): a server started with `--only-runtimes` runs
/// those (and `--runtimes`) and refuses the others at once, rather than
/// letting any client start a 2 GB build; scratch directories that a
/// killed server left behind are removed at the next start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_allowed_runtimes_run_and_stale_scratch_is_removed() {
    let stale = std::env::temp_dir().join("wasmeval-scratch-left-by-a-kill");
    std::fs::create_dir_all(stale.join("sub")).unwrap();
    let old = std::time::SystemTime::now() - Duration::from_secs(7200);
    std::fs::File::open(&stale)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let fresh = std::env::temp_dir().join("wasmeval-scratch-of-a-live-run");
    std::fs::create_dir_all(&fresh).unwrap();
    let server = Server::start(&["--runtimes", "python", "--only-runtimes", "python"], &[]);
    assert!(
        !stale.exists(),
        "the stale scratch directory is still there"
    );
    assert!(fresh.exists(), "a fresh scratch directory was removed");
    std::fs::remove_dir_all(&fresh).unwrap();
    let started = Instant::now();
    let task = json!({"code": "x = 1", "runtime": "python-sci", "targets": ["assert x"]});
    let (status, _, body) = post(&format!("{}/v1/run", server.url), task.to_string()).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("not served here"), "{body}");
    // In a batch, the line gets its `invalid_task` envelope.
    let (status, _, body) = post(&format!("{}/v1/eval", server.url), format!("{task}\n")).await;
    assert_eq!(status, 200, "{body}");
    let envelope: Value = serde_json::from_str(body.trim()).unwrap();
    assert_eq!(envelope["error_kind"], "invalid_task", "{body}");
    let run = json!({"code": "console.log(1)", "language": "nodejs"});
    let (status, _, body) = post(&format!("{}/run_code", server.url), run.to_string()).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("not served here"), "{body}");
    assert!(started.elapsed() < Duration::from_secs(5));
}
