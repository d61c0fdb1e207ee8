//! `wasmeval serve`: the real binary on a loopback port, driven by the real
//! SandboxFusion client (PyPI `sandbox-fusion`, pinned, in a throwaway
//! virtualenv) and by plain HTTP for wasmeval's own endpoints.

mod common;

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
    let response = client().post(url).body(body).send().await.unwrap();
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

/// Drive the server with SandboxFusion's own client; what each call gave,
/// by name, as the client parsed it.
const CLIENT_SCRIPT: &str = r#"
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
run("unsupported", code="int main() {}", language="cpp")
print(json.dumps(results))
"#;

#[test]
fn the_sandbox_fusion_client_runs_code_here() {
    let server = Server::start(&[], &[]);
    let output = Command::new(sandbox_fusion_python())
        .args(["-c", CLIENT_SCRIPT, &server.url])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Value = serde_json::from_slice(&output.stdout).unwrap();
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
    let unsupported = results["unsupported"]["exception"].as_str().unwrap();
    assert!(
        unsupported.contains("unsupported language 'cpp'") && unsupported.contains("python"),
        "{unsupported}"
    );
    assert!(results["print"]["executor_pod_name"].is_string());
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
    assert!(body.contains("invalid JSON body"), "{body}");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_answers_429_and_a_gone_client_frees_its_slot() {
    let server = Server::start(&["--jobs", "1", "--max-queue", "0"], &[]);
    let run_code = format!("{}/run_code", server.url);
    let looping = r#"{"code": "while True:\n    pass", "language": "python", "run_timeout": 20}"#;
    // A client that gives up after half a second; its run must stop then.
    let quitter = tokio::spawn({
        let url = run_code.clone();
        async move {
            let client = reqwest::Client::builder()
                .timeout(Duration::from_millis(500))
                .build()
                .unwrap();
            client.post(&url).body(looping).send().await.is_err()
        }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, retry, body) =
        post(&run_code, r#"{"code": "print(1)", "language": "python"}"#).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(body.contains("queue is full"), "{body}");
    assert!(quitter.await.unwrap(), "the client timed out");
    // Its slot is free again well before the run's 20 s would end.
    let started = Instant::now();
    loop {
        let (status, _, body) =
            post(&run_code, r#"{"code": "print(1)", "language": "python"}"#).await;
        if status == 200 {
            break;
        }
        assert_eq!(status, 429, "{body}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the slot never came back"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
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
