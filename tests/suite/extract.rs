//! Extraction strategies: LLM against a real chat-completions server on
//! loopback, custom closures, async functions and shell commands, and their
//! use by the executor and the CLI.

use crate::common;

use common::mock_http::{MockServer, Reply};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use wasmeval::extract::{ExtractError, Extractor, LlmConfig, LlmExtractor};
use wasmeval::language::Language;
use wasmeval::outcome::{ErrorKind, Outcome};

const GENERATION: &str = "Sure! Here is the function:\n\ndef add(a, b):\n    return a + b\n\nRun it with `python add.py`.";

fn tool_reply(name: &str, arguments: Value) -> Value {
    json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": null,
                "tool_calls": [{
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": name, "arguments": arguments.to_string()}
                }]
            }
        }]
    })
}

fn config(server: &MockServer) -> LlmConfig {
    LlmConfig {
        base_url: format!("{}/v1", server.uri()),
        model: "extractor-model".into(),
        api_key_env: "WASMEVAL_TEST_LLM_KEY_UNSET".into(),
        api_key: Some("test-key-123".into()),
        timeout: Duration::from_secs(5),
        max_retries: 3,
        backoff: Duration::from_millis(10),
    }
}

fn mount(server: &MockServer, reply: Reply) {
    server.reply(reply);
}

/// Every request must carry the tools, force a tool call, and hold the text.
async fn check_requests(server: &MockServer, expected: usize) {
    let requests = server.received();
    assert_eq!(requests.len(), expected);
    for request in requests {
        assert_eq!(request.path, "/v1/chat/completions");
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        assert_eq!(body["model"], "extractor-model");
        assert_eq!(body["tool_choice"], "required");
        let names: Vec<&str> = body["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["function"]["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["ExtractCode", "NoCode"]);
        assert_eq!(
            body["tools"][0]["function"]["parameters"]["required"],
            json!(["code"])
        );
        assert_eq!(
            body["tools"][1]["function"]["parameters"]["properties"]["no_code"]["type"],
            "boolean"
        );
        let system = body["messages"][0]["content"].as_str().unwrap();
        assert!(
            system.contains("sandbox") && system.contains("exactly as it is written"),
            "{system}"
        );
        assert!(system.contains("Python"), "{system}");
        assert!(
            body["messages"][1]["content"]
                .as_str()
                .unwrap()
                .contains(GENERATION)
        );
        assert_eq!(
            request.authorization.as_deref(),
            Some("Bearer test-key-123")
        );
    }
}

/// Extract GENERATION with an LLM extractor that must fail as `internal`;
/// the reason it gives.
async fn internal_error(config: LlmConfig) -> String {
    let llm = LlmExtractor::new(config).unwrap();
    match llm
        .extract(GENERATION, Some(Language::Python))
        .await
        .unwrap_err()
    {
        ExtractError::Internal(why) => why,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn llm_extract_code_reply_gives_the_code() {
    let server = MockServer::start().await;
    let code = "def add(a, b):\n    return a + b\n";
    mount(
        &server,
        Reply::json(200, &tool_reply("ExtractCode", json!({"code": code}))),
    );
    let llm = LlmExtractor::new(config(&server)).unwrap();
    assert_eq!(
        llm.extract(GENERATION, Some(Language::Python))
            .await
            .unwrap(),
        code
    );
    check_requests(&server, 1).await;
}

#[tokio::test]
async fn llm_no_code_reply_is_no_code() {
    let server = MockServer::start().await;
    mount(
        &server,
        Reply::json(200, &tool_reply("NoCode", json!({"no_code": true}))),
    );
    let llm = LlmExtractor::new(config(&server)).unwrap();
    let err = llm
        .extract(GENERATION, Some(Language::Python))
        .await
        .unwrap_err();
    assert!(matches!(err, ExtractError::NoCode(_)), "{err:?}");
    check_requests(&server, 1).await;
}

#[tokio::test]
async fn llm_rate_limit_is_retried_then_succeeds() {
    let server = MockServer::start().await;
    server.reply_times(
        1,
        Reply::text(429, "slow down").header("retry-after", "0.05"),
    );
    mount(
        &server,
        Reply::json(200, &tool_reply("ExtractCode", json!({"code": "x = 1"}))),
    );
    let llm = LlmExtractor::new(config(&server)).unwrap();
    assert_eq!(
        llm.extract(GENERATION, Some(Language::Python))
            .await
            .unwrap(),
        "x = 1"
    );
    check_requests(&server, 2).await;
}

#[tokio::test]
async fn llm_rate_limit_that_never_ends_is_internal_after_retries() {
    let server = MockServer::start().await;
    mount(&server, Reply::text(429, "quota"));
    let why = internal_error(config(&server)).await;
    assert!(
        why.contains("429") && why.contains("after 3 retries"),
        "{why}"
    );
    check_requests(&server, 4).await;
}

#[tokio::test]
async fn llm_server_error_is_internal() {
    let server = MockServer::start().await;
    mount(&server, Reply::text(500, "upstream exploded"));
    let why = internal_error(config(&server)).await;
    assert!(
        why.contains("HTTP 500") && why.contains("upstream exploded"),
        "{why}"
    );
    check_requests(&server, 1).await;
}

#[tokio::test]
async fn llm_reply_without_a_tool_call_is_internal() {
    let server = MockServer::start().await;
    let reply = json!({"choices": [{"message": {"role": "assistant", "content": "def add(a, b): return a + b"}}]});
    mount(&server, Reply::json(200, &reply));
    let why = internal_error(config(&server)).await;
    assert!(why.contains("no tool call"), "{why}");
    check_requests(&server, 1).await;
}

#[tokio::test]
async fn llm_slow_server_times_out_as_internal() {
    let server = MockServer::start().await;
    mount(
        &server,
        Reply::json(200, &tool_reply("ExtractCode", json!({"code": "x = 1"})))
            .delay(Duration::from_secs(3)),
    );
    let why = internal_error(LlmConfig {
        timeout: Duration::from_millis(300),
        ..config(&server)
    })
    .await;
    // The client gave up on its own timeout (the server would have answered
    // after 3 s): the error says so.
    assert!(why.contains("did not answer within 0.3 s"), "{why}");
    check_requests(&server, 1).await;
}

#[test]
fn llm_extraction_feeds_the_executor_and_failures_are_not_the_candidates() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(MockServer::start());
    // The model answers by the text it is shown.
    server.reply_when(
        "NO-CODE-HERE",
        Reply::json(200, &tool_reply("NoCode", json!({"no_code": true}))),
    );
    server.reply_when("SERVER-DOWN", Reply::status(500));
    mount(
        &server,
        Reply::json(
            200,
            &tool_reply(
                "ExtractCode",
                json!({"code": "def add(a, b):\n    return a + b\n"}),
            ),
        ),
    );
    let executor =
        common::service_with(wasmeval::executor::Settings::default().with_llm(config(&server)));
    let task = |id: &str, text: &str| {
        wasmeval::task::Task::from_json(
            &json!({"id": id, "generation": text, "extract": "llm", "targets": ["assert add(1, 2) == 3"]}).to_string(),
        )
        .unwrap()
    };
    let env = executor.score_blocking(&task("ok", GENERATION));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    let env = executor.score_blocking(&task("none", "NO-CODE-HERE, sorry"));
    assert_eq!(
        (env.outcome, env.error_kind),
        (Outcome::Error, Some(ErrorKind::NoCode)),
        "{env:?}"
    );
    let env = executor.score_blocking(&task("down", "SERVER-DOWN"));
    assert_eq!(
        (env.outcome, env.error_kind),
        (Outcome::Error, Some(ErrorKind::Internal)),
        "{env:?}"
    );
    assert!(env.detail.unwrap().contains("HTTP 500"));
}

#[test]
fn custom_closure_and_async_function_extract() {
    let first_line =
        Extractor::custom(|g: &str| g.lines().find(|l| l.starts_with("x")).map(str::to_string));
    assert_eq!(
        first_line
            .extract_blocking("prose\nx = 41 + 1\n", None)
            .unwrap(),
        "x = 41 + 1"
    );
    assert!(matches!(
        first_line.extract_blocking("nothing", None),
        Err(ExtractError::NoCode(_))
    ));

    let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = calls.clone();
    let upper = Extractor::custom_async(move |g: String| {
        let counter = counter.clone();
        async move {
            tokio::task::yield_now().await;
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            g.strip_prefix("CODE:").map(str::to_string)
        }
    });
    assert_eq!(
        upper.extract_blocking("CODE:x = 42", None).unwrap(),
        "x = 42"
    );
    assert!(upper.extract_blocking("nope", None).is_err());
    assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 2);

    // A custom extractor drives the executor like any other.
    let executor =
        common::service_with(wasmeval::executor::Settings::default().with_extract(upper));
    let task = wasmeval::task::Task::from_json(
        r#"{"generation": "CODE:x = 42", "targets": ["assert x == 42"]}"#,
    )
    .unwrap();
    assert_eq!(executor.score_blocking(&task).outcome, Outcome::Pass);
}

#[test]
fn extract_command_success_failure_and_not_found() {
    let keep_defs = Extractor::Command("sed -n '/^def /,$p'".into());
    assert_eq!(
        keep_defs
            .extract_blocking("Here:\ndef f():\n    return 1\n", None)
            .unwrap(),
        "def f():\n    return 1\n"
    );
    let failing = Extractor::Command("echo 'no code in there' >&2; exit 4".into());
    match failing.extract_blocking("text", None).unwrap_err() {
        ExtractError::NoCode(why) => assert!(
            why.contains("exited with 4") && why.contains("no code in there"),
            "{why}"
        ),
        other => panic!("{other:?}"),
    }
    let missing = Extractor::Command("wasmeval-no-such-extractor-xyz".into());
    match missing.extract_blocking("text", None).unwrap_err() {
        ExtractError::Internal(why) => assert!(why.contains("not found"), "{why}"),
        other => panic!("{other:?}"),
    }
}

fn cli(args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    common::service();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(args)
        .arg("--cache-dir")
        .arg(common::cache_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn cli_extract_prints_code_and_fails_without_it() {
    let out = cli(&["extract", "-"], "Text\n```python\nx = 1\n```\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "x = 1\n");
    let out = cli(
        &["extract", "--language", "javascript", "-"],
        "```python\nx = 1\n```\n",
    );
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no code"));
    let out = cli(&["extract", "--strategy", "none", "-"], "raw text");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "raw text\n");
    let out = cli(&["extract", "--extract-cmd", "tr a-z A-Z", "-"], "abc");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ABC\n");
}

#[test]
fn cli_run_with_extract_cmd_and_missing_command() {
    let dir = tempfile::tempdir().unwrap();
    let generation = dir.path().join("gen.txt");
    std::fs::write(&generation, "BEGIN\ndef f():\n    return 3\nEND\n").unwrap();
    let gen_path = generation.to_str().unwrap();
    let out = cli(
        &[
            "run",
            "--generation",
            gen_path,
            "--extract-cmd",
            "sed -e '/BEGIN/d' -e '/END/d'",
            "--assert",
            "assert f() == 3",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = cli(
        &[
            "run",
            "--generation",
            gen_path,
            "--extract-cmd",
            "exit 1",
            "--assert",
            "assert f() == 3",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(13));
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["error_kind"], "no_code");
    let out = cli(
        &[
            "run",
            "--generation",
            gen_path,
            "--extract-cmd",
            "no-such-command-xyz",
            "--assert",
            "assert 1",
        ],
        "",
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "internal failures are wasmeval's, exit 1"
    );
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["error_kind"], "internal");
}
