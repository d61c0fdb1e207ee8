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
//! once (a batch counts as one); past that a request waits for a slot, at
//! most `queue_timeout` (a `/run_code` request at most half of its
//! deadline), then gets 504 with `Retry-After`, which verl retries; a
//! client that sends `Prefer: wait=0` gets 429 at once instead. A
//! `/run_code` answer is due before the client's own timeout
//! ([`Deadline`]). Bodies past the cap get 413, malformed ones 400 saying
//! what is wrong. A client that disconnects stops its runs and frees its
//! slot. With a token, every route but `/health` wants `Authorization:
//! Bearer <token>`.

use crate::check::{Checker, Evaluator, Toolbox};
use crate::error::Error;
use crate::extract::{Extractor, Strategy};
use crate::outcome::{Envelope, Outcome};
use crate::program::{ProgramResult, ProgramRun, RunStatus};
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
    /// The longest a request waits for a slot when `jobs + max_queue` are
    /// admitted; then it gets 504 with `Retry-After` (what verl retries).
    /// A client that sends `Prefer: wait=0` gets 429 at once instead.
    pub queue_timeout: Duration,
    /// When a `/run_code` answer is due (see [`Deadline`]).
    pub deadline: Deadline,
}

/// When a `/run_code` answer is due, counted from the request's arrival.
/// The fuel budget is native-equivalent seconds, which take 2-3 times as
/// long in wall time, plus the wait for a slot: without a deadline a slow
/// program can outlast the client's HTTP timeout, which verl scores as an
/// API error. At the deadline the run is stopped and answered as
/// `TimeLimitExceeded`, marked as the server's wall-clock decision.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Deadline {
    /// Before the client's own timeout as verl and SandboxFusion's clients
    /// compute it: `compile_timeout + run_timeout + 10` s, less one second
    /// for the network.
    Client,
    /// This long after arrival, whatever the request says.
    After(Duration),
    /// None: a run ends only by its fuel budget.
    Off,
}

impl Deadline {
    /// Seconds SandboxFusion's clients add to a request's timeouts for
    /// their HTTP timeout (verl's `API_TIMEOUT`).
    pub const CLIENT_SLACK_S: f64 = 10.0;

    /// Parse `client`, `off` or a number of seconds.
    pub fn parse(text: &str) -> std::result::Result<Deadline, String> {
        match text {
            "client" => Ok(Deadline::Client),
            "off" => Ok(Deadline::Off),
            _ => match text.parse::<f64>() {
                Ok(seconds) if seconds.is_finite() && seconds > 0.0 => {
                    Ok(Deadline::After(Duration::from_secs_f64(seconds)))
                }
                _ => Err(format!(
                    "'{text}' is not `client`, `off` or a positive number of seconds"
                )),
            },
        }
    }

    /// The deadline of a request with these timeouts (seconds).
    fn of(self, compile_timeout: f64, run_timeout: f64) -> Option<Duration> {
        match self {
            Deadline::Client => Some(Duration::from_secs_f64(
                (compile_timeout + run_timeout + Self::CLIENT_SLACK_S - 1.0).max(1.0),
            )),
            Deadline::After(after) => Some(after),
            Deadline::Off => None,
        }
    }
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
            queue_timeout: Duration::from_secs(10),
            deadline: Deadline::Client,
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

/// Admit one request: at once when fewer than `jobs + max_queue` are
/// admitted; else it waits for a slot, at most `wait` (and at most what a
/// `Prefer: wait=N` header asks), then gets 504 with `Retry-After`, which
/// verl and other SandboxFusion clients retry. A client that asked
/// `Prefer: wait=0` gets 429 at once instead (fail-fast).
async fn admit(
    state: &AppState,
    headers: &HeaderMap,
    wait: Duration,
) -> Result<tokio::sync::OwnedSemaphorePermit, Box<Response>> {
    if let Ok(permit) = state.admission.clone().try_acquire_owned() {
        return Ok(permit);
    }
    let asked = preferred_wait(headers);
    let busy = |status: StatusCode, message: String| Box::new(busy(status, message));
    if asked == Some(Duration::ZERO) {
        return Err(busy(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "the queue is full ({} requests admitted) and the request asked not to wait \
                 (Prefer: wait=0); retry later",
                state.capacity
            ),
        ));
    }
    let wait = asked.map_or(wait, |asked| asked.min(wait));
    match tokio::time::timeout(wait, state.admission.clone().acquire_owned()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(busy(
            StatusCode::GATEWAY_TIMEOUT,
            format!(
                "no slot came free within {:.1} s ({} requests admitted); retry later",
                wait.as_secs_f64(),
                state.capacity
            ),
        )),
    }
}

/// A request not served for want of a slot: `status` (504 after a wait,
/// 429 for a client that would not wait) with `Retry-After`.
fn busy(status: StatusCode, message: String) -> Response {
    let mut response = error(status, message);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// The longest wait a request's `Prefer: wait=N` header (RFC 7240) asks
/// for.
fn preferred_wait(headers: &HeaderMap) -> Option<Duration> {
    headers
        .get_all("prefer")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|preference| {
            let (name, value) = preference.trim().split_once('=')?;
            if !name.trim().eq_ignore_ascii_case("wait") {
                return None;
            }
            value.trim().trim_matches('"').parse::<u64>().ok()
        })
        .map(Duration::from_secs)
        .min()
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
const LANGUAGES: [(&str, &str); 15] = [
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
    ("perl", "perl"),
    ("go", "go"),
    ("go_test", "go"),
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

async fn run_code(State(state): State<Arc<AppState>>, headers: HeaderMap, body: Bytes) -> Response {
    let arrived = Instant::now();
    let request: RunCodeRequest = match parse(&body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let Some(&(_, asked)) = LANGUAGES.iter().find(|(l, _)| *l == request.language) else {
        return sandbox_error(
            StatusCode::BAD_REQUEST,
            format!(
                "unsupported language '{}': wasmeval runs python (also python3), pytest, \
                 nodejs (also javascript, js), typescript (also ts), cpp, c, lua, ruby, perl, \
                 go and go_test",
                request.language
            ),
        );
    };
    // The server's `--runtime` for the language (python-sci, say), as for
    // every other route.
    let settings = state.service.settings();
    let runtime = match crate::runtime::kind(asked) {
        Ok(kind) => settings.runtime_of(kind.language(), asked).to_string(),
        Err(_) => asked.to_string(),
    };
    let timeout = request
        .run_timeout
        .unwrap_or(state.options.default_run_timeout);
    let compile_timeout = request.compile_timeout.unwrap_or(DEFAULT_COMPILE_TIMEOUT_S);
    for (name, value) in [
        ("run_timeout", timeout),
        ("compile_timeout", compile_timeout),
    ] {
        if !(value.is_finite() && value > 0.0) {
            return sandbox_error(
                StatusCode::BAD_REQUEST,
                format!("{name} must be a positive number of seconds"),
            );
        }
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
    // -1, SandboxFusion's default, is the server's cap; any other value
    // is a cap of the request's own (below 64 MiB, a 400 naming it).
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
    let deadline = state.options.deadline.of(compile_timeout, timeout);
    // A request waits for a slot at most half of its time, so that what
    // is left is the run's.
    let wait = deadline.map_or(state.options.queue_timeout, |deadline| {
        state.options.queue_timeout.min(deadline / 2)
    });
    let _permit = match admit(&state, &headers, wait).await {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    let started = Instant::now();
    let queued = started - arrived;
    let run = async {
        if request.language == "pytest" {
            Ok(pytest_run(&state, &request.code, timeout, &runtime).await)
        } else if request.language == "go_test" {
            Ok(go_test_run(&state, &request.code, timeout, &runtime).await)
        } else {
            let run = ProgramRun {
                code: request.code,
                stdin: request.stdin.unwrap_or_default(),
                files,
                fetch: request.fetch_files,
                compile_timeout_s: Some(compile_timeout),
                // What is left of the wait once admitted: a request
                // admitted into the queue waits for a run slot no longer
                // than it would have waited for admission.
                start_within: Some(wait.saturating_sub(queued)),
                // SandboxFusion returns up to 1 MiB of each stream (more
                // when the operator's --output-kb says so).
                output_bytes: Some(
                    SANDBOX_FUSION_OUTPUT_BYTES.max(state.service.settings().output_bytes),
                ),
                args: Vec::new(),
            };
            state
                .service
                .run_program(runtime.clone(), run, timeout, memory)
                .await
        }
    };
    let (result, stopped) = match deadline {
        None => (run.await, false),
        Some(deadline) => {
            let left = deadline.saturating_sub(arrived.elapsed());
            match tokio::time::timeout(left, run).await {
                Ok(result) => (result, false),
                Err(_) => (Ok(stopped_at_deadline(&runtime, timeout, deadline)), true),
            }
        }
    };
    let result = match result {
        Ok(result) => result,
        Err(Error::InvalidTask(why) | Error::InvalidSettings(why)) => {
            return sandbox_error(StatusCode::BAD_REQUEST, why);
        }
        Err(Error::Busy(why)) => return busy(StatusCode::GATEWAY_TIMEOUT, why),
        Err(error @ (Error::RuntimeUnavailable { .. } | Error::Host(_))) => {
            return sandbox_error(StatusCode::INTERNAL_SERVER_ERROR, error.to_string());
        }
    };
    state.metrics.program(&result);
    run_code_answer(&state, &result, started, queued, stopped)
}

/// What SandboxFusion returns of each of a run's streams.
const SANDBOX_FUSION_OUTPUT_BYTES: usize = 1 << 20;

/// SandboxFusion's `compile_timeout` when a request gives none.
const DEFAULT_COMPILE_TIMEOUT_S: f64 = 10.0;

/// The fuel a run of `timeout` seconds on `runtime` is allowed, for runs
/// that end without saying (stopped at the deadline, judged by pytest).
fn fuel_budget(runtime: &str, timeout: f64) -> u64 {
    crate::runtime::kind(runtime).map_or(0, |kind| kind.rate().budget(timeout))
}

/// What a run stopped at its request's deadline gives: a time limit the
/// server's wall clock decided, not the fuel.
fn stopped_at_deadline(runtime: &str, timeout: f64, deadline: Duration) -> ProgramResult {
    ProgramResult {
        status: RunStatus::TimeLimitExceeded,
        exit_code: None,
        stdout: String::new(),
        stderr: format!(
            "wasmeval: stopped by the server's deadline, {:.1} s after the request arrived \
             (--deadline), before its fuel budget ran out\n",
            deadline.as_secs_f64()
        ),
        wall: deadline,
        fuel_used: 0,
        fuel_budget: fuel_budget(runtime, timeout),
        files: Vec::new(),
        compile: None,
        uncaught: None,
    }
}

/// SandboxFusion's answer for a run: `Success` when the compile (if any)
/// and the run finished with status 0; `SandboxError` when either ended
/// with `Error` (the memory, stack or output cap, a trap), as
/// SandboxFusion's `parse_run_status` has it, with that stderr as the
/// message; else `Failed`. A `wasmeval` field beside SandboxFusion's says
/// how much of the budget the run used, how long it waited for a slot and
/// whether the deadline stopped it.
fn run_code_answer(
    state: &AppState,
    result: &ProgramResult,
    started: Instant,
    queued: Duration,
    stopped: bool,
) -> Response {
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
    let errored = result.compile.as_ref().map(|c| c.status) == Some(RunStatus::Error)
        || (compiled && result.status == RunStatus::Error);
    let success = compiled && result.status == RunStatus::Finished && result.exit_code == Some(0);
    let (status, message) = if errored {
        ("SandboxError", result.stderr.clone())
    } else if success {
        ("Success", String::new())
    } else {
        ("Failed", String::new())
    };
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
        "status": status,
        "message": message,
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
        "wasmeval": {
            "fuel_used": result.fuel_used,
            "fuel_budget": result.fuel_budget,
            "budget_used": if result.fuel_budget == 0 {
                0.0
            } else {
                result.fuel_used as f64 / result.fuel_budget as f64
            },
            "queued_s": queued.as_secs_f64(),
            "stopped_by_deadline": stopped,
        },
    }))
    .into_response()
}

/// SandboxFusion's `go_test` language: the code is a Go test file (with
/// what it tests inside), run as `go test FILE` runs it (its `TestXxx`
/// functions; see `runtime::go`); the answer is `go test`'s exit status,
/// the test binary's output and `go test`'s last line.
async fn go_test_run(state: &AppState, code: &str, timeout: f64, runtime: &str) -> ProgramResult {
    let task = Task::new(
        crate::language::Language::Go,
        Source::Code(String::new()),
        Checks::Assertions(vec![code.to_string()]),
    )
    .with_runtime(runtime)
    .with_timeout(timeout);
    let envelope = state.service.score(task).await;
    state.metrics.envelope(&envelope);
    let mut result = envelope_result(&envelope, runtime, timeout);
    let package = "command-line-arguments";
    match envelope.outcome {
        Outcome::Pass => result
            .stdout
            .push_str(&format!("ok  \t{package}\t(cached)\n")),
        Outcome::SyntaxError => {
            result.stderr = format!(
                "# {package} [{package}.test]\n{}\n",
                envelope
                    .detail
                    .as_deref()
                    .unwrap_or_default()
                    .trim_start_matches("CompileError: ")
            );
            result.stdout = format!("FAIL\t{package} [build failed]\n");
        }
        _ => result.stdout.push_str(&format!("FAIL\t{package}\n")),
    }
    result
}

/// What a judged envelope is as a `/run_code` answer: its status and exit
/// status (see [`RunStatus::of_envelope`]), its output, its cost.
fn envelope_result(
    envelope: &crate::outcome::Envelope,
    runtime: &str,
    timeout: f64,
) -> ProgramResult {
    let (status, exit_code) = RunStatus::of_envelope(envelope);
    ProgramResult {
        status,
        exit_code,
        stdout: envelope.stdout.clone(),
        stderr: envelope.stderr.clone(),
        wall: std::time::Duration::from_millis(envelope.wall_ms),
        fuel_used: envelope.fuel_used,
        fuel_budget: fuel_budget(runtime, timeout),
        files: Vec::new(),
        compile: None,
        uncaught: None,
    }
}

/// SandboxFusion's `pytest` language: the code is a test file (with what
/// it tests inside), run as wasmeval's unit-test task kind; the answer is
/// pytest's exit status and a short report.
async fn pytest_run(state: &AppState, code: &str, timeout: f64, runtime: &str) -> ProgramResult {
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
    let mut result = envelope_result(&envelope, runtime, timeout);
    result.stdout.push_str(&report);
    if let Some(detail) = &envelope.detail
        && envelope.outcome != Outcome::AssertionFail
    {
        result.stderr.push_str(detail);
        result.stderr.push('\n');
    }
    result
}

// ---- wasmeval's API -----------------------------------------------------

async fn v1_run(State(state): State<Arc<AppState>>, headers: HeaderMap, body: Bytes) -> Response {
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
    let _permit = match admit(&state, &headers, state.options.queue_timeout).await {
        Ok(permit) => permit,
        Err(response) => return *response,
    };
    let envelope = state.service.score(task).await;
    state.metrics.envelope(&envelope);
    axum::Json(envelope).into_response()
}

async fn v1_eval(State(state): State<Arc<AppState>>, headers: HeaderMap, body: Bytes) -> Response {
    if std::str::from_utf8(&body).is_err() {
        return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text");
    }
    let permit = match admit(&state, &headers, state.options.queue_timeout).await {
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

async fn v1_check(State(state): State<Arc<AppState>>, headers: HeaderMap, body: Bytes) -> Response {
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
    let _permit = match admit(&state, &headers, state.options.queue_timeout).await {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_are_the_clients_a_number_or_off() {
        assert_eq!(Deadline::parse("client"), Ok(Deadline::Client));
        assert_eq!(Deadline::parse("off"), Ok(Deadline::Off));
        assert_eq!(
            Deadline::parse("2.5"),
            Ok(Deadline::After(Duration::from_millis(2500)))
        );
        for bad in ["0", "-1", "inf", "soon"] {
            assert!(Deadline::parse(bad).is_err(), "{bad}");
        }
        // verl's HTTP timeout is compile + run + 10 s: answer a second before.
        assert_eq!(
            Deadline::Client.of(10.0, 10.0),
            Some(Duration::from_secs(29))
        );
        assert_eq!(Deadline::Off.of(10.0, 10.0), None);
    }

    #[test]
    fn prefer_wait_is_read_as_rfc_7240_says() {
        let headers = |values: &[&str]| {
            let mut map = HeaderMap::new();
            for value in values {
                map.append("prefer", HeaderValue::from_str(value).unwrap());
            }
            map
        };
        assert_eq!(preferred_wait(&headers(&[])), None);
        assert_eq!(preferred_wait(&headers(&["wait=0"])), Some(Duration::ZERO));
        assert_eq!(
            preferred_wait(&headers(&["respond-async, Wait = 5"])),
            Some(Duration::from_secs(5))
        );
        assert_eq!(
            preferred_wait(&headers(&["wait=9", "wait=\"3\""])),
            Some(Duration::from_secs(3))
        );
        assert_eq!(preferred_wait(&headers(&["handling=lenient"])), None);
    }
}
