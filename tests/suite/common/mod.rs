//! Shared setup for the integration tests: one service over the real,
//! pinned runtimes. The runtimes are fetched (pip), built and compiled on
//! first use into a cache under target/, so a fresh clone needs nothing
//! installed by hand; if that fails the tests fail with the reason.

pub mod data;
pub mod humaneval;
pub mod mock_http;
pub mod node;
pub mod process;

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use wasmeval::executor::Settings;
use wasmeval::install::Cache;
use wasmeval::language::Language;
use wasmeval::outcome::Envelope;
use wasmeval::service::{Input, Service};
use wasmeval::task::{Checks, Source, Task};

/// The cache the tests share: $WASMEVAL_CACHE_DIR when set, else target/.
pub fn cache_dir() -> PathBuf {
    match std::env::var_os(wasmeval::install::CACHE_DIR_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wasmeval-cache"),
    }
}

/// The path of `name` in the project's `examples/` (files written here).
pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// The service the tests share, with both runtimes prepared.
pub fn service() -> Arc<Service> {
    static SERVICE: OnceLock<Arc<Service>> = OnceLock::new();
    SERVICE
        .get_or_init(|| {
            let service = service_with(Settings::default());
            for runtime in ["python", "javascript"] {
                service
                    .prepare_blocking(runtime)
                    .unwrap_or_else(|e| panic!("the pinned {runtime} runtime must be fetchable (pip), build and compile: {e:#}"));
            }
            Arc::new(service)
        })
        .clone()
}

/// A fresh service (not shared) with these settings and the tests' cache.
pub fn service_with(settings: Settings) -> Service {
    let cache = Cache::locate(Some(&cache_dir())).expect("cache dir");
    Service::new(cache, settings).expect("engine")
}

/// Score many tasks on `service`, in order.
pub fn score_on(service: &Service, tasks: Vec<Task>) -> Vec<Envelope> {
    service
        .evaluate_blocking(tasks.into_iter().map(|task| Input {
            task: Ok(task),
            extra: (),
        }))
        .map(|(envelope, ())| envelope)
        .collect()
}

pub fn code_task(id: &str, code: &str, targets: &[&str], timeout_s: f64) -> Task {
    lang_task(Language::Python, id, code, targets, timeout_s)
}

/// A task with code (no extraction) in `language`.
pub fn lang_task(
    language: Language,
    id: &str,
    code: &str,
    targets: &[&str],
    timeout_s: f64,
) -> Task {
    Task::new(
        language,
        Source::Code(code.to_string()),
        Checks::Assertions(targets.iter().map(|t| t.to_string()).collect()),
    )
    .with_id(id)
    .with_timeout(timeout_s)
}

/// Prepare `runtime` on the shared service (the first call fetches, builds
/// and compiles what it needs; later ones find it prepared), so that tests
/// running at the same time wait for one build.
pub fn prepared(runtime: &str) {
    service().prepare_blocking(runtime).unwrap_or_else(|e| {
        panic!("runtime {runtime} must be fetchable (pinned) and build: {e:#}")
    });
}

/// Score many tasks at once on the shared service.
pub fn score_all(tasks: Vec<Task>) -> Vec<Envelope> {
    score_on(&service(), tasks)
}

pub fn score(task: Task) -> Envelope {
    score_all(vec![task]).pop().unwrap()
}

/// Run the `wasmeval` binary with the shared cache (populated first, so
/// several binaries never race to fetch and compile it).
pub fn cli(args: &[&str]) -> std::process::Output {
    service();
    std::process::Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(args)
        .arg("--cache-dir")
        .arg(cache_dir())
        .output()
        .expect("the wasmeval binary runs")
}

/// Expected verdict of one adversarial or failing candidate: a row of a
/// table that `check_cases` runs.
pub struct Case {
    pub name: &'static str,
    pub code: &'static str,
    pub outcome: wasmeval::outcome::Outcome,
    pub kind: Option<wasmeval::outcome::ErrorKind>,
    /// Must appear in `detail`.
    pub detail: &'static str,
    /// Must appear in stdout.
    pub stdout: &'static str,
}

pub const fn case(
    name: &'static str,
    code: &'static str,
    outcome: wasmeval::outcome::Outcome,
    kind: Option<wasmeval::outcome::ErrorKind>,
    detail: &'static str,
) -> Case {
    Case {
        name,
        code,
        outcome,
        kind,
        detail,
        stdout: "",
    }
}

/// Check envelopes against their cases; none may pass or score above 0,
/// and no stdout may hold `secret`. Returns one line per mismatch.
pub fn mismatches(cases: &[Case], envelopes: &[Envelope], secret: Option<&str>) -> Vec<String> {
    let mut failures = Vec::new();
    for (case, env) in cases.iter().zip(envelopes) {
        let detail = env.detail.as_deref().unwrap_or("");
        let ok = env.outcome == case.outcome
            && env.error_kind == case.kind
            && detail.contains(case.detail)
            && env.stdout.contains(case.stdout)
            && secret.is_none_or(|secret| !env.stdout.contains(secret))
            && env.outcome != wasmeval::outcome::Outcome::Pass
            && env.score == 0.0;
        if !ok {
            failures.push(format!(
                "{}: got {} / {:?} / {detail:?} / score {} / stdout {:?}",
                case.name,
                env.outcome,
                env.error_kind,
                env.score,
                env.stdout.chars().take(200).collect::<String>()
            ));
        }
    }
    failures
}

/// Run `script` with the machine's `python3`, `input` as JSON on its
/// stdin; what it printed, read as JSON.
pub fn python3_json<T: serde::de::DeserializeOwned>(
    script: &str,
    input: &impl serde::Serialize,
) -> T {
    use std::io::Write;
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(serde_json::to_string(input).unwrap().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "python3 -c failed: {}",
        output.status
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A virtualenv under target/ named `name` with `requirement` (pinned)
/// installed, made once and kept; its python.
pub fn venv_with(name: &str, requirement: &str) -> PathBuf {
    venv_with_all(name, &[requirement])
}

/// [`venv_with`] for several requirements. uv makes the virtualenv and
/// installs into it: it resolves and downloads in parallel (the Python
/// package's requirements: 9 s, pip 81 s).
pub fn venv_with_all(name: &str, requirements: &[&str]) -> PathBuf {
    let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let python = venv.join("bin/python");
    let marker = venv.join(format!(".{}", requirements.join(",")));
    if !marker.is_file() {
        let uv = uv();
        let ok = std::process::Command::new(&uv)
            .args(["venv", "-q", "--clear", "--python", "python3"])
            .arg(&venv)
            .env("UV_PYTHON_DOWNLOADS", "never")
            .status()
            .expect("uv runs")
            .success();
        assert!(ok, "uv venv {} failed", venv.display());
        let ok = std::process::Command::new(&uv)
            .args(["pip", "install", "-q", "--python"])
            .arg(&python)
            .args(requirements)
            .status()
            .expect("uv runs")
            .success();
        assert!(ok, "uv pip install {} failed", requirements.join(" "));
        std::fs::write(&marker, "").unwrap();
    }
    python
}

/// uv, pinned, installed by pip into a virtualenv of its own under
/// target/ on first use; its binary.
pub fn uv() -> PathBuf {
    const UV: &str = "uv==0.13.8";
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let venv = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("uv-venv");
        let uv = venv.join("bin/uv");
        let marker = venv.join(format!(".{UV}"));
        if !marker.is_file() {
            let ok = std::process::Command::new("python3")
                .args(["-m", "venv", "--clear"])
                .arg(&venv)
                .status()
                .expect("python3 runs")
                .success();
            assert!(ok, "python3 -m venv {} failed", venv.display());
            let ok = std::process::Command::new(venv.join("bin/python"))
                .args([
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    "--disable-pip-version-check",
                    UV,
                ])
                .status()
                .expect("pip runs")
                .success();
            assert!(ok, "pip install {UV} failed");
            std::fs::write(&marker, "").unwrap();
        }
        uv
    })
    .clone()
}

/// Where envelopes differ from the `expect` field of their example lines
/// (`outcome`, `error_kind`, `passed`, and `total` when given), one line
/// each.
pub fn unexpected(lines: &[serde_json::Value], envelopes: &[Envelope]) -> Vec<String> {
    let mut failures = Vec::new();
    for (line, env) in lines.iter().zip(envelopes) {
        let expect = &line["expect"];
        let kind = env.error_kind.map(|k| k.as_str().to_string());
        let ok = env.outcome.as_str() == expect["outcome"]
            && kind.as_deref() == expect.get("error_kind").and_then(|k| k.as_str())
            && Some(env.passed as u64) == expect["passed"].as_u64()
            && expect
                .get("total")
                .is_none_or(|t| t.as_u64() == Some(env.total as u64));
        if !ok {
            failures.push(format!(
                "{}: got {} / {kind:?} / {} of {} ({:?}), expected {expect}",
                line["id"], env.outcome, env.passed, env.total, env.detail
            ));
        }
    }
    failures
}

/// Candidate code and targets that check the Python harness's build-time
/// warm-up, in both instances of a run: the boundary's code is already
/// specialised in the snapshot (`Side.serve`, which neither instance has
/// run yet when it is looked at: C's top level runs before C serves, and J
/// never serves in an assertion task), and the warm-up's modules
/// (`solution`, `pytest`, `test_solution`) are not left in `sys.modules`.
pub const WARMED_UP: (&str, &[&str]) = (
    "import sys, dis, wasmeval_wire\n\
     def specialised(function):\n\
     \x20   names = lambda adaptive: {i.opname for i in dis.get_instructions(function, adaptive=adaptive)}\n\
     \x20   return sorted(names(True) - names(False))\n\
     LEFT = ('solution', 'pytest', 'test_solution')\n\
     AT_START = specialised(wasmeval_wire.Side.serve), [m for m in LEFT if m in sys.modules]\n\
     def probe():\n\
     \x20   return AT_START\n",
    &[
        "import sys, dis, wasmeval_wire\n\
         names = lambda adaptive: {i.opname for i in dis.get_instructions(wasmeval_wire.Side.serve, adaptive=adaptive)}\n\
         assert names(True) - names(False), 'the judge runs the boundary unspecialised'\n\
         assert not [m for m in ('solution', 'pytest', 'test_solution') if m in sys.modules]",
        "specialised, left = probe()\n\
         assert specialised, 'the candidate runs the boundary unspecialised'\n\
         assert left == [], left",
    ],
);

/// Held by the tests that keep the whole machine busy for minutes (the
/// batch run under artificial load, the forgery corpus): one at a time, so
/// neither runs under the other's load (together they took 20 minutes of a
/// 2-core run, apart about 7).
pub fn machine() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}
