//! `wasmeval serve`: an HTTP service over the service core, compatible with
//! SandboxFusion's `/run_code` (what verl, ROLL and lazyllm call), plus
//! wasmeval's own API. Stateless: every request carries all it needs, so N
//! replicas behind any load balancer scale out with nothing shared.
//!
//! | route | what |
//! |---|---|
//! | `POST /run_code` | SandboxFusion's: run a program (`python`, `pytest`, `nodejs`/`javascript`/`js`, `typescript`/`ts`, `cpp`, `c`) |
//! | `POST /v1/run` | one task (a `.jsonl` line) -> its envelope |
//! | `POST /v1/eval` | task lines -> envelopes, streamed as JSON lines in input order |
//! | `POST /v1/check` | static evaluators (pyright, mypy, ty) in openevals' shape |
//! | `GET /v1/ping` | `pong` |
//! | `GET /health` | `ok` (never needs the token) |
//! | `GET /metrics` | Prometheus text |
//!
//! Admission is bounded: at most `jobs + max_queue` requests are admitted at
//! once (a batch counts as one); past that a request gets 429 with
//! `Retry-After`. Bodies past the cap get 413, malformed ones 400 saying
//! what is wrong. A client that disconnects stops its runs and frees its
//! slot. With a token, every route but `/health` wants `Authorization:
//! Bearer <token>`.

use crate::check::{Checker, Evaluator, Toolbox};
use crate::extract::{Extractor, Strategy};
use crate::outcome::{Envelope, Outcome};
use crate::program::{ProgramResult, ProgramRun, RunError, RunStatus};
use crate::service::Service;
use crate::task::{Checks, Source, Task, TestFile};
use anyhow::{Context, Result};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine as _;
use futures::StreamExt;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// How a server runs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Requests admitted beyond the running ones before 429.
    pub max_queue: usize,
    /// Largest request body, in bytes (413 past it).
    pub max_body_bytes: usize,
    /// Bearer token every route but `/health` requires.
    pub token: Option<String>,
    /// `executor_pod_name` in `/run_code` answers (the host name).
    pub pod_name: String,
    /// Timeout of a `/run_code` request that gives none, in seconds.
    pub default_run_timeout: f64,
    /// Connections open at once; past it the server stops accepting until
    /// one closes (default 1024).
    pub max_connections: usize,
    /// Time a client has to send a request's headers, and that an idle
    /// kept-alive connection stays open (default 10 s).
    pub header_timeout: Duration,
    /// Time a client has to send a request's body once its headers are in
    /// (default 30 s); past it the answer is 408.
    pub body_timeout: Duration,
    /// After the shutdown signal, how long requests in flight may take to
    /// finish before the server stops anyway (default 60 s).
    pub shutdown_grace: Duration,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            max_queue: 256,
            max_body_bytes: 16 << 20,
            token: None,
            pod_name: std::env::var("HOSTNAME").unwrap_or_else(|_| "wasmeval".into()),
            default_run_timeout: 10.0,
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            shutdown_grace: Duration::from_secs(60),
        }
    }
}

struct AppState {
    service: Arc<Service>,
    admission: Arc<Semaphore>,
    capacity: usize,
    options: ServeOptions,
    metrics: Metrics,
}

/// The router, for `axum::serve` (and tests that want it in-process).
pub fn router(service: Arc<Service>, options: ServeOptions) -> Router {
    let capacity = service.settings().jobs + options.max_queue;
    let state = Arc::new(AppState {
        admission: Arc::new(Semaphore::new(capacity)),
        capacity,
        service,
        metrics: Metrics::default(),
        options: options.clone(),
    });
    Router::new()
        .route("/run_code", post(run_code))
        .route("/v1/run", post(v1_run))
        .route("/v1/eval", post(v1_eval))
        .route("/v1/check", post(v1_check))
        .route("/v1/ping", get(|| async { "pong" }))
        .route("/health", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard))
        // The guard reads (and caps) every body itself.
        .layer(DefaultBodyLimit::disable())
        .with_state(state)
}

/// Serve on `listener` until `shutdown` resolves; then stop accepting, let
/// the requests in flight finish (idle connections close at once) and
/// return, at the latest after `options.shutdown_grace`.
///
/// Each connection must send a request's headers within
/// `header_timeout` (which also closes idle kept-alive connections); at
/// most `max_connections` are open at once, so half-sent requests cannot
/// starve the others or keep the server alive after the signal.
pub async fn serve(
    service: Arc<Service>,
    options: ServeOptions,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let app = router(service, options.clone());
    let slots = options.max_connections.max(1);
    let connections = Arc::new(Semaphore::new(slots));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(options.header_timeout);
    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => permit.context("the connection slots closed")?,
            () = &mut shutdown => break,
        };
        let (stream, _) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, say: wait, then go on.
                    tracing::warn!("accepting a connection failed: {error}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let connection = builder.serve_connection(
            hyper_util::rt::TokioIo::new(stream),
            hyper_util::service::TowerToHyperService::new(app.clone()),
        );
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stopping.wait_for(|stop| *stop) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = stop.send(true);
    // Every connection holds a slot until it has closed.
    let all = u32::try_from(slots).unwrap_or(u32::MAX);
    if tokio::time::timeout(options.shutdown_grace, connections.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!(
            "stopping with requests still in flight after {} s",
            options.shutdown_grace.as_secs()
        );
    }
    Ok(())
}

/// A JSON error answer.
fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": message.into()}))).into_response()
}

/// Token check and metrics, around every route.
async fn guard(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let route = request.uri().path().to_string();
    let started = Instant::now();
    if route != "/health"
        && let Some(token) = &state.options.token
    {
        let given = request
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        if given != Some(token.as_str()) {
            let response = error(
                StatusCode::UNAUTHORIZED,
                "this server wants `Authorization: Bearer <token>`",
            );
            state.metrics.request(&route, response.status(), started);
            return response;
        }
    }
    let request = match read_body(request, &state.options).await {
        Ok(request) => request,
        Err(response) => {
            state.metrics.request(&route, response.status(), started);
            return *response;
        }
    };
    let response = next.run(request).await;
    state.metrics.request(&route, response.status(), started);
    response
}

/// The request with its whole body read, within the size cap and the body
/// timeout; or the 413 or 408 answer. A declared `Content-Length` past
/// the cap is answered before any of the body is read (so a client that
/// sent `Expect: 100-continue` gets no `100 Continue`).
async fn read_body(request: Request, options: &ServeOptions) -> Result<Request, Box<Response>> {
    let limit = options.max_body_bytes;
    let too_large = || {
        Box::new(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is larger than this server's limit of {} MiB (--max-body-mb)",
                limit >> 20
            ),
        ))
    };
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    // A client that asked `Expect: 100-continue` sends no body before it
    // reads the answer; any other is still sending it.
    let sending = !request
        .headers()
        .get(header::EXPECT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("100-continue"));
    if declared.is_some_and(|length| length > limit as u64) {
        if sending {
            linger(request.into_body().into_data_stream(), options.body_timeout);
        }
        return Err(too_large());
    }
    let (parts, body) = request.into_parts();
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| {
                Box::new(error(
                    StatusCode::BAD_REQUEST,
                    format!("reading the body: {e}"),
                ))
            })?;
            if bytes.len() + chunk.len() > limit {
                linger(stream, options.body_timeout);
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    };
    match tokio::time::timeout(options.body_timeout, read).await {
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes))),
        Ok(Err(response)) => Err(response),
        Err(_) => Err(Box::new(error(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the body did not arrive within {} s",
                options.body_timeout.as_secs()
            ),
        ))),
    }
}

/// Bytes of a refused body read and dropped at most.
const LINGER_BYTES: usize = 256 << 20;

/// Read and drop the rest of a refused request's body in the background,
/// for at most `timeout` and [`LINGER_BYTES`]: a client still sending it
/// then reads the answer, where closing at once would reset the connection
/// under it (a lingering close). Nothing read is kept.
fn linger(mut stream: axum::body::BodyDataStream, timeout: Duration) {
    tokio::spawn(async move {
        let drain = async {
            let mut left = LINGER_BYTES;
            while let Some(Ok(chunk)) = stream.next().await {
                left = left.saturating_sub(chunk.len());
                if left == 0 {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(timeout, drain).await;
    });
}

/// Admit one request, or answer 429.
fn admit(state: &AppState) -> Result<tokio::sync::OwnedSemaphorePermit, Box<Response>> {
    state.admission.clone().try_acquire_owned().map_err(|_| {
        let mut response = error(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the queue is full ({} requests admitted); retry later",
                state.capacity
            ),
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        Box::new(response)
    })
}

/// Parse a JSON body, or answer 400 saying where it is wrong.
fn parse<T: serde::de::DeserializeOwned>(body: &Bytes) -> Result<T, Box<Response>> {
    serde_json::from_slice(body).map_err(|e| {
        Box::new(error(
            StatusCode::BAD_REQUEST,
            format!("invalid JSON body: {e}"),
        ))
    })
}

// ---- SandboxFusion ------------------------------------------------------

#[derive(Debug, Deserialize)]
struct RunCodeRequest {
    code: String,
    language: String,
    #[serde(default)]
    stdin: Option<String>,
    #[serde(default)]
    run_timeout: Option<f64>,
    #[serde(default)]
    #[allow(dead_code)]
    compile_timeout: Option<f64>,
    /// SandboxFusion's default, -1, means no limit of the request's own.
    #[serde(default, rename = "memory_limit_MB")]
    memory_limit_mb: Option<i64>,
    #[serde(default)]
    files: BTreeMap<String, Option<String>>,
    #[serde(default)]
    fetch_files: Vec<String>,
}

/// SandboxFusion languages wasmeval runs, and the runtime of each.
const LANGUAGES: [(&str, &str); 12] = [
    ("python", "python"),
    ("python3", "python"),
    ("pytest", "python"),
    ("nodejs", "javascript"),
    ("javascript", "javascript"),
    ("js", "javascript"),
    ("cpp", "cpp"),
    ("c", "c"),
    ("typescript", "typescript"),
    ("ts", "typescript"),
    ("lua", "lua"),
    ("ruby", "ruby"),
];

fn sandbox_error(status: StatusCode, message: impl Into<String>) -> Response {
    (
        status,
        axum::Json(json!({
            "status": "SandboxError", "message": message.into(),
            "compile_result": null, "run_result": null, "executor_pod_name": null, "files": {},
        })),
    )
        .into_response()
}

async fn run_code(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let request: RunCodeRequest = match parse(&body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let Some(&(_, runtime)) = LANGUAGES.iter().find(|(l, _)| *l == request.language) else {
        return sandbox_error(
            StatusCode::BAD_REQUEST,
            format!(
                "unsupported language '{}': wasmeval runs python (also python3), pytest, \
                 nodejs (also javascript, js), typescript (also ts), cpp, c, lua and ruby",
                request.language
            ),
        );
    };
    let timeout = request
        .run_timeout
        .unwrap_or(state.options.default_run_timeout);
    if !(timeout.is_finite() && timeout > 0.0) {
        return sandbox_error(
            StatusCode::BAD_REQUEST,
            "run_timeout must be a positive number",
        );
    }
    let mut files = Vec::new();
    for (path, content) in &request.files {
        let Some(content) = content else { continue };
        match base64::engine::general_purpose::STANDARD.decode(content) {
            Ok(bytes) => files.push((path.clone(), bytes)),
            Err(e) => {
                return sandbox_error(
                    StatusCode::BAD_REQUEST,
                    format!("files[{path:?}] is not base64: {e}"),
                );
            }
        }
    }
    let memory = request
        .memory_limit_mb
        .filter(|mb| *mb != -1)
        .map(|mb| usize::try_from(mb).map(|mb| mb.saturating_mul(1 << 20)));
    let memory = match memory {
        None => None,
        Some(Ok(bytes)) => Some(bytes),
        Some(Err(_)) => {
            return sandbox_error(
                StatusCode::BAD_REQUEST,
                "memory_limit_MB must be a number of MiB (at least 64), or -1 for the \
                 server's cap",
            );
        }
    };
    let _permit = match admit(&state) {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    let started = Instant::now();
    let result = if request.language == "pytest" {
        Ok(pytest_run(&state, &request.code, timeout).await)
    } else {
        let run = ProgramRun {
            code: request.code,
            stdin: request.stdin.unwrap_or_default(),
            files,
            fetch: request.fetch_files,
        };
        state
            .service
            .run_program(runtime.into(), run, timeout, memory)
            .await
    };
    let result = match result {
        Ok(result) => result,
        Err(RunError::Invalid(why)) => return sandbox_error(StatusCode::BAD_REQUEST, why),
        Err(RunError::Internal(why)) => {
            return sandbox_error(StatusCode::INTERNAL_SERVER_ERROR, why);
        }
    };
    state.metrics.program(&result);
    // A program that did not compile did not run: SandboxFusion then has
    // its compile result and no run result.
    let compiled = result.compile.as_ref().is_none_or(|c| c.succeeded());
    let compile_result = result.compile.as_ref().map(|compile| {
        json!({
            "status": compile.status.as_str(),
            "execution_time": compile.wall.as_secs_f64(),
            "cpu_time": null,
            "return_code": compile.exit_code,
            "stdout": "",
            "stderr": compile.stderr,
        })
    });
    let success = compiled && result.status == RunStatus::Finished && result.exit_code == Some(0);
    let files: BTreeMap<String, String> = result
        .files
        .iter()
        .map(|(path, bytes)| {
            (
                path.clone(),
                base64::engine::general_purpose::STANDARD.encode(bytes),
            )
        })
        .collect();
    axum::Json(json!({
        "status": if success { "Success" } else { "Failed" },
        "message": "",
        "compile_result": compile_result,
        "run_result": compiled.then(|| json!({
            "status": result.status.as_str(),
            // (The run's own time: the compile has its own.)
            "execution_time": started
                .elapsed()
                .saturating_sub(result.compile.as_ref().map_or(Duration::ZERO, |c| c.wall))
                .as_secs_f64(),
            "cpu_time": null,
            "return_code": result.exit_code,
            "stdout": result.stdout,
            "stderr": result.stderr,
        })),
        "executor_pod_name": state.options.pod_name,
        "files": files,
    }))
    .into_response()
}

/// SandboxFusion's `pytest` language: the code is a test file (with what
/// it tests inside), run as wasmeval's unit-test task kind; the answer is
/// pytest's exit status and a short report.
async fn pytest_run(state: &AppState, code: &str, timeout: f64) -> ProgramResult {
    let task = Task::new(
        crate::language::Language::Python,
        Source::Code(String::new()),
        Checks::TestFile(TestFile {
            source: code.to_string(),
            filename: "test_solution.py".into(),
            module: "solution".into(),
        }),
    )
    .with_timeout(timeout);
    let envelope = state.service.score(task).await;
    state.metrics.envelope(&envelope);
    let mut report = String::new();
    for target in &envelope.targets {
        let name = target.name.as_deref().unwrap_or("?");
        match (&target.passed, &target.error) {
            (true, _) => report.push_str(&format!("PASSED {name}\n")),
            (false, Some(error)) => report.push_str(&format!("FAILED {name} - {error}\n")),
            (false, None) => report.push_str(&format!("FAILED {name}\n")),
        }
    }
    let failed = envelope.total - envelope.passed;
    report.push_str(&format!("{} passed, {failed} failed\n", envelope.passed));
    let (status, exit_code) = match (envelope.outcome, envelope.error_kind) {
        (Outcome::Pass, _) => (RunStatus::Finished, Some(0)),
        (Outcome::Timeout, _) => (RunStatus::TimeLimitExceeded, None),
        (Outcome::AssertionFail, _) => (RunStatus::Finished, Some(1)),
        (Outcome::SyntaxError, _)
        | (Outcome::Error, Some(crate::outcome::ErrorKind::CollectionError)) => {
            (RunStatus::Finished, Some(2))
        }
        (Outcome::Error, _) => (RunStatus::Error, Some(1)),
    };
    let mut stderr = envelope.stderr.clone();
    if let Some(detail) = &envelope.detail
        && envelope.outcome != Outcome::AssertionFail
    {
        stderr.push_str(detail);
        stderr.push('\n');
    }
    ProgramResult {
        status,
        exit_code,
        stdout: format!("{}{report}", envelope.stdout),
        stderr,
        wall: std::time::Duration::from_millis(envelope.wall_ms),
        fuel_used: envelope.fuel_used,
        files: Vec::new(),
        compile: None,
    }
}

// ---- wasmeval's API -----------------------------------------------------

async fn v1_run(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let Ok(text) = std::str::from_utf8(&body) else {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    };
    let task = match Task::from_json(text) {
        Ok(task) => task,
        Err(e) => return error(StatusCode::BAD_REQUEST, format!("invalid task: {e}")),
    };
    if let Err(why) = state
        .service
        .settings()
        .allows(state.service.settings().runtime_for(&task))
    {
        return error(StatusCode::BAD_REQUEST, format!("invalid task: {why}"));
    }
    let _permit = match admit(&state) {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    let envelope = state.service.score(task).await;
    state.metrics.envelope(&envelope);
    axum::Json(envelope).into_response()
}

async fn v1_eval(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    if std::str::from_utf8(&body).is_err() {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    }
    let permit = match admit(&state) {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    // The job of `wasmeval eval` over the body's lines: every line gets an
    // answer (an empty one its `invalid_task` envelope), repeated ids are
    // numbered as samples, and the lines are those `eval` writes.
    let metrics_state = state.clone();
    let stream = crate::job::Job::tasks()
        .stream(&state.service, &body, move |envelope| {
            metrics_state.metrics.envelope(envelope)
        })
        .map(move |line| {
            // The permit lives as long as the stream: one batch, one slot.
            let _ = &permit;
            Ok::<_, std::convert::Infallible>(Bytes::from(line))
        });
    let mut response = Response::new(Body::from_stream(stream));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    response
}

#[derive(Debug, Deserialize)]
struct CheckRequest {
    checker: String,
    #[serde(default)]
    outputs: Vec<String>,
    #[serde(default)]
    output: Option<String>,
    #[serde(default)]
    extract: Option<String>,
    #[serde(default)]
    args: Vec<String>,
}

async fn v1_check(State(state): State<Arc<AppState>>, body: Bytes) -> Response {
    let request: CheckRequest = match parse(&body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let checker = match Checker::parse(&request.checker) {
        Ok(checker) => checker,
        Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    let mut outputs = request.outputs;
    outputs.extend(request.output);
    if outputs.is_empty() {
        return error(
            StatusCode::BAD_REQUEST,
            "give \"output\" (one text) or \"outputs\" (a list) to check",
        );
    }
    let extractor = match request.extract.as_deref().map(Strategy::parse) {
        None => Extractor::Markdown,
        Some(Ok(strategy)) => match Extractor::from_strategy(strategy, &Default::default()) {
            Ok(extractor) => extractor,
            Err(e) => return error(StatusCode::BAD_REQUEST, e.to_string()),
        },
        Some(Err(e)) => return error(StatusCode::BAD_REQUEST, e.to_string()),
    };
    let _permit = match admit(&state) {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    let toolbox = Toolbox::new(state.service.executor().cache());
    let mut builder = Evaluator::builder(checker).extractor(extractor);
    if !request.args.is_empty() {
        builder = builder.args(request.args);
    }
    let evaluator = match tokio::task::spawn_blocking(move || builder.build(&toolbox)).await {
        Ok(Ok(evaluator)) => evaluator,
        Ok(Err(e)) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the {} checker is not available: {e:#}", checker.name()),
            );
        }
        Err(e) => return error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let results = evaluator.check_many(&outputs).await;
    axum::Json(results).into_response()
}

// ---- metrics ----------------------------------------------------------------

/// Upper bounds of the latency histogram, in seconds.
const BUCKETS: [f64; 11] = [
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0, 30.0,
];

#[derive(Default)]
struct Metrics {
    requests: Mutex<BTreeMap<(String, u16), u64>>,
    outcomes: Mutex<BTreeMap<String, u64>>,
    latency: Mutex<([u64; BUCKETS.len()], u64, f64)>,
    fuel: AtomicU64,
}

impl Metrics {
    fn request(&self, route: &str, status: StatusCode, started: Instant) {
        let route = match route {
            "/run_code" | "/v1/run" | "/v1/eval" | "/v1/check" | "/v1/ping" | "/health"
            | "/metrics" => route,
            _ => "other",
        };
        *self
            .requests
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((route.to_string(), status.as_u16()))
            .or_default() += 1;
        let seconds = started.elapsed().as_secs_f64();
        let mut latency = self.latency.lock().unwrap_or_else(|e| e.into_inner());
        for (i, bound) in BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                latency.0[i] += 1;
            }
        }
        latency.1 += 1;
        latency.2 += seconds;
    }

    fn outcome(&self, word: &str, fuel: u64) {
        *self
            .outcomes
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(word.to_string())
            .or_default() += 1;
        self.fuel.fetch_add(fuel, Ordering::Relaxed);
    }

    fn envelope(&self, envelope: &Envelope) {
        self.outcome(envelope.outcome.as_str(), envelope.fuel_used);
    }

    fn program(&self, result: &ProgramResult) {
        self.outcome(result.status.as_str(), result.fuel_used);
    }
}

async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    let m = &state.metrics;
    let mut out = String::new();
    out.push_str("# HELP wasmeval_requests_total HTTP requests answered, by route and status.\n");
    out.push_str("# TYPE wasmeval_requests_total counter\n");
    for ((route, status), n) in m.requests.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        out.push_str(&format!(
            "wasmeval_requests_total{{route=\"{route}\",status=\"{status}\"}} {n}\n"
        ));
    }
    out.push_str(
        "# HELP wasmeval_outcomes_total Runs finished, by outcome (run_code: run status).\n",
    );
    out.push_str("# TYPE wasmeval_outcomes_total counter\n");
    for (outcome, n) in m.outcomes.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        out.push_str(&format!(
            "wasmeval_outcomes_total{{outcome=\"{outcome}\"}} {n}\n"
        ));
    }
    let in_flight = state.capacity - state.admission.available_permits();
    out.push_str("# HELP wasmeval_admitted Requests admitted now (running or queued).\n");
    out.push_str("# TYPE wasmeval_admitted gauge\n");
    out.push_str(&format!("wasmeval_admitted {in_flight}\n"));
    out.push_str("# HELP wasmeval_queue_depth Admitted requests beyond the running slots.\n");
    out.push_str("# TYPE wasmeval_queue_depth gauge\n");
    out.push_str(&format!(
        "wasmeval_queue_depth {}\n",
        in_flight.saturating_sub(state.service.settings().jobs)
    ));
    out.push_str("# HELP wasmeval_capacity Requests that may be admitted at once.\n");
    out.push_str("# TYPE wasmeval_capacity gauge\n");
    out.push_str(&format!("wasmeval_capacity {}\n", state.capacity));
    out.push_str("# HELP wasmeval_fuel_total Fuel the runs consumed.\n");
    out.push_str("# TYPE wasmeval_fuel_total counter\n");
    out.push_str(&format!(
        "wasmeval_fuel_total {}\n",
        m.fuel.load(Ordering::Relaxed)
    ));
    let latency = m.latency.lock().unwrap_or_else(|e| e.into_inner());
    out.push_str("# HELP wasmeval_request_duration_seconds Time to answer a request.\n");
    out.push_str("# TYPE wasmeval_request_duration_seconds histogram\n");
    for (bound, n) in BUCKETS.iter().zip(latency.0) {
        out.push_str(&format!(
            "wasmeval_request_duration_seconds_bucket{{le=\"{bound}\"}} {n}\n"
        ));
    }
    out.push_str(&format!(
        "wasmeval_request_duration_seconds_bucket{{le=\"+Inf\"}} {}\n",
        latency.1
    ));
    out.push_str(&format!(
        "wasmeval_request_duration_seconds_sum {}\nwasmeval_request_duration_seconds_count {}\n",
        latency.2, latency.1
    ));
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4"),
    );
    (headers, out).into_response()
}
