//! `python`: CPython 3.14 as a WASI 0.2 component built by componentize-py
//! 0.25.1 from the harness `runtimes/python/harness.py` and the world
//! `runtimes/python/runner.wit`.
//!
//! **Build (once per cache, about ten seconds).** componentize-py is a
//! crate compiled into wasmeval (vendored and ported to wasmtime 48, see
//! `vendor/README.md`) that carries CPython's libraries (compiled with
//! wasi-sdk at `-O3`) and its standard library: nothing is downloaded and
//! no Python runs on the host. It links CPython, imports the harness and
//! snapshots the initialised interpreter (component-init), so a candidate
//! starts in a ready interpreter with the modules benchmarks use already
//! imported. The standard library is unpacked beside the component, to be
//! mounted read-only at `/python` at run time (the only host directory a
//! candidate sees), so any standard-library module can be imported. The
//! component is then compiled with Cranelift and cached like every
//! runtime. The cache key covers componentize-py's version, the harness,
//! the world and [`BUILD_VERSION`], and the compiled component's key also
//! wasmtime's compatibility hash.
//!
//! **The same build on every machine.** The pre-initialisation runs with
//! a fixed string-hash secret (`PYTHONHASHSEED=0`), fixed random bytes and
//! clocks, and every file it reads has one modification time (which the
//! vendored wasmtime-wasi also shows as the access and change times, with
//! inode numbers counted per run instead of the host's). So every machine
//! builds the same bytes, and the build is checked against the SHA-256
//! pinned in `runtimes/manifest.json`: set order and `hash()` are the same
//! everywhere.
//!
//! **Runs.** The host drives each candidate through the component's exports
//! (see the world): `prepare` (compile), `run-candidate`, then `run-target`
//! once per target, and learns each result from the call's own return
//! value: `ok` is a pass, `err` carries the harness's description, a trap
//! ends the run. What the harness refuses (blacklisted imports, routes to
//! its own state) reaches the host through the `report` import the moment
//! it happens. Nothing the guest prints is read.

use super::pair::{JudgeMaker, Pair};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::report::{CallTransport, Candidate, Event, Transport, decode_description};
use crate::sandbox::component::{ComponentGuest, ComponentSandbox, Session};
use crate::sandbox::pair::{Link, Served, Server, Stop, Uplink};
use crate::sandbox::{Io, Limits, Observed};
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use wasmtime::component::ComponentExportIndex;

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/python/harness.py");
/// The component's world.
pub const WORLD: &str = include_str!("../../runtimes/python/runner.wit");
/// wasmeval's pytest for unit-test files, built into the component beside
/// the harness (module `wasmeval_testing`).
pub const TESTING: &str = include_str!("../../runtimes/python/testing.py");
/// The boundary between the candidate's instance and the judge's (module
/// `wasmeval_wire`).
pub const WIRE: &str = include_str!("../../runtimes/python/wire.py");
/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "python-runner-4";
/// Messages the harness may send through `report` in one run; more are
/// dropped (a guest could otherwise grow host memory without bound).
const MAX_MESSAGES: usize = 256;

/// The `python` runtime.
pub struct Kind;

/// Its registry entry.
pub static KIND: Kind = Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "python"
    }

    fn language(&self) -> Language {
        Language::Python
    }

    fn rate(&self) -> FuelRate {
        fuel::PYTHON
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec(self.id())?;
        let key = build_key(&spec);
        let dir = build_dir(context.cache)?;
        build(context.cache, &spec, &dir).context("building the Python runtime")?;
        crate::install::keep_settled(&dir.join("stdlib"), crate::sandbox::clock::epoch())?;
        let component = crate::engine::load_component(
            context.engine,
            context.cache,
            "python",
            &key,
            &dir.join("runner.wasm"),
        )?;
        let sandbox = ComponentSandbox::new(context.engine, &component, |linker| {
            let mut host = linker.instance("wasmeval:runner/host@0.3.0")?;
            host.func_wrap(
                "report",
                |mut store: wasmtime::StoreContextMut<'_, ComponentGuest>,
                 (kind, what): (String, String)| {
                    let messages = &mut store.data_mut().messages;
                    if messages.len() < MAX_MESSAGES {
                        messages.push((kind, what.chars().take(500).collect()));
                    }
                    Ok(())
                },
            )?;
            crate::sandbox::pair::add_exchange(&mut host)
        })?;
        Ok(Arc::new(Python {
            exports: Exports {
                prepare: sandbox.export("prepare")?,
                run_candidate: sandbox.export("run-candidate")?,
                call: sandbox.export("call")?,
                serve: sandbox.export("serve")?,
                compile_tests: sandbox.export("compile-tests")?,
                judge: sandbox.export("judge")?,
                collect: sandbox.export("collect")?,
                run_target: sandbox.export("run-target")?,
            },
            sandbox,
            stdlib: dir.join("stdlib"),
            compiled_tests: Default::default(),
        }))
    }
}

/// Where this build of the Python runtime lives in `cache` (a directory
/// named by its build key: a cache kept across re-pins holds others).
pub fn build_dir(cache: &crate::install::Cache) -> Result<std::path::PathBuf> {
    let key = build_key(&crate::install::spec("python")?);
    Ok(cache.runtimes_dir().join(format!("python-{}", &key[..16])))
}

/// Everything that decides what the build produces.
fn build_key(spec: &crate::install::RuntimeSpec) -> String {
    let mut hasher = crate::engine::ShaHasher::new();
    BUILD_VERSION.hash(&mut hasher);
    spec.version.hash(&mut hasher);
    HARNESS.hash(&mut hasher);
    WORLD.hash(&mut hasher);
    TESTING.hash(&mut hasher);
    WIRE.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Whether a build produced every file it must.
fn complete(dir: &Path) -> bool {
    dir.join("runner.wasm").is_file() && dir.join("stdlib").join("os.py").is_file()
}

/// Build the runner component and unpack the standard library into `dir`.
fn build(
    cache: &crate::install::Cache,
    spec: &crate::install::RuntimeSpec,
    dir: &Path,
) -> Result<()> {
    cache.build_into("build-python", dir, complete, |staging| {
        tracing::info!(
            "building the Python runtime with componentize-py {} (once per cache, \
             about ten seconds; cached in {})",
            spec.version,
            dir.display()
        );
        let app = staging.join("app");
        let out = staging.join("out");
        std::fs::create_dir_all(&app)?;
        std::fs::create_dir_all(&out)?;
        std::fs::write(app.join("harness.py"), HARNESS)?;
        std::fs::write(app.join("wasmeval_testing.py"), TESTING)?;
        std::fs::write(app.join("wasmeval_wire.py"), WIRE)?;
        let wit = staging.join("runner.wit");
        std::fs::write(&wit, WORLD)?;
        let component = out.join("runner.wasm");
        let (app_dir, wit_path) = (path_str(&app)?, wit.as_path());
        let settle =
            |tree: &Path| crate::install::settle_times(tree, crate::sandbox::clock::epoch());
        let no_names = std::collections::HashMap::new();
        crate::block_on_scoped(|| async {
            componentize_py::ComponentGenerator {
                wit_paths: &[wit_path],
                worlds: &["runner"],
                features: &[],
                all_features: false,
                world_module: None,
                python_path: &[app_dir],
                module_worlds: &[],
                app_name: "harness",
                output_path: &component,
                add_to_linker: None,
                stub_wasi: false,
                import_interface_names: &no_names,
                export_interface_names: &no_names,
                full_names: false,
                intersect_world: None,
                settle_tree: Some(&settle),
                amend_memory: Some(amend_snapshot),
            }
            .generate()
            .await
        })
        .context("componentize-py could not build the runner component")?;
        let stdlib = out.join("stdlib");
        componentize_py::unpack_python_standard_library(&stdlib)
            .context("unpacking the standard library")?;
        crate::install::settle_times(&stdlib, crate::sandbox::clock::epoch())?;
        if !complete(&out) {
            bail!("the build produced no runner component");
        }
        let bytes = std::fs::read(&component)?;
        spec.check_built("runner component", &bytes)?;
        Ok(out)
    })
}

/// The file in which the harness leaves the addresses of the objects to
/// make immortal, in the directory the pre-initialisation mounts at
/// `bundled` (python-sci's driver sends them instead).
const IMMORTAL_LIST: &str = "wasmeval-immortal";

/// CPython's reference count of an object made immortal at run time
/// (`_Py_IMMORTAL_INITIAL_REFCNT` on 32-bit targets): at least
/// `_Py_IMMORTAL_MINIMUM_REFCNT`, 2^30, is immortal, and from 6 << 28 on it
/// would mean statically allocated, which these objects are not.
const IMMORTAL_REFCNT: u32 = 5 << 28;
const _: () = assert!(IMMORTAL_REFCNT >= 1 << 30 && IMMORTAL_REFCNT < 6 << 28);

/// componentize-py's hook on the snapshot's memory: make the objects the
/// harness listed immortal.
fn amend_snapshot(bundled: &Path, memory: &mut [u8]) -> Result<()> {
    let list = bundled.join(IMMORTAL_LIST);
    let addresses =
        std::fs::read(&list).with_context(|| format!("the harness left no {}", list.display()))?;
    immortalise(&addresses, memory)
}

/// Make the objects at `addresses` (32-bit, little-endian, from the
/// harness's `snapshot_objects`) immortal in a snapshot's linear memory
/// (PEP 683), by setting their reference counts: CPython then never writes
/// them, so a run no longer dirties every page of the heap holding an
/// object it uses (a trivial candidate's two instances left a quarter fewer
/// pages to copy back). The harness keeps every listed object alive, so
/// each address is a live object's header, whose first word (`ob_refcnt`)
/// must be a mortal count; anything else is refused.
pub(super) fn immortalise(addresses: &[u8], memory: &mut [u8]) -> Result<()> {
    if !addresses.len().is_multiple_of(4) {
        bail!(
            "the list of objects holds {} bytes, not 32-bit addresses",
            addresses.len()
        );
    }
    for address in addresses.chunks_exact(4) {
        let at = u32::from_le_bytes(address.try_into().expect("4 bytes")) as usize;
        let Some(field) = memory.get_mut(at..at + 4) else {
            bail!(
                "object address {at:#x} is outside the {}-byte memory",
                memory.len()
            );
        };
        let count = u32::from_le_bytes((&*field).try_into().expect("4 bytes"));
        if count == 0 || count >= 1 << 30 {
            bail!("the object at {at:#x} has reference count {count:#x}, not a live mortal one");
        }
        field.copy_from_slice(&IMMORTAL_REFCNT.to_le_bytes());
    }
    Ok(())
}

/// A path componentize-py can take (it wants `&str`).
fn path_str(path: &Path) -> Result<&str> {
    path.to_str()
        .with_context(|| format!("the cache path {} is not UTF-8", path.display()))
}

struct Python {
    sandbox: ComponentSandbox,
    exports: Exports,
    stdlib: PathBuf,
    compiled_tests: super::pair::CompiledTests,
}

/// The harness's reply to a call that failed.
fn description(
    text: &str,
    transport: &mut CallTransport,
) -> Option<(String, crate::report::Raised)> {
    match decode_description(text) {
        Ok(found) => Some(found),
        Err(problem) => {
            transport.violations.push(format!(
                "a malformed description from the harness ({problem})"
            ));
            None
        }
    }
}

/// The event of a target call that returned: `Err` holds the harness's
/// description of what the target raised.
fn target_result(transport: &mut CallTransport, index: usize, result: Result<(), String>) {
    let event = match result {
        Ok(()) => Event::Target {
            index,
            passed: true,
            raised: Default::default(),
        },
        Err(text) => Event::Target {
            index,
            passed: false,
            raised: description(&text, transport)
                .map(|(_, raised)| raised)
                .unwrap_or_default(),
        },
    };
    transport.events.push(event);
}

/// The events of a call-based case whose call returned `json`: the value
/// and a pass, or a failed target when the JSON is over the output cap
/// `cap`.
fn call_returned(transport: &mut CallTransport, index: usize, json: String, cap: usize) {
    if json.len() > cap {
        transport.events.push(Event::Target {
            index,
            passed: false,
            raised: crate::report::Raised {
                name: "ValueError".into(),
                message: format!(
                    "the result's JSON is {} bytes, more than the output cap of {cap} bytes",
                    json.len()
                ),
                ..Default::default()
            },
        });
    } else {
        transport.events.push(Event::Returned(json));
        target_result(transport, index, Ok(()));
    }
}

/// Record what a finished run's instances reported, and how the
/// candidate's broke the protocol, if it did.
pub(crate) fn reports_into(
    transport: &mut CallTransport,
    messages: Vec<(String, String)>,
    stop: Option<Stop>,
) {
    if let Some(Stop::Violation(problem)) = stop {
        transport.violations.push(format!(
            "the candidate's instance sent something that is not a message ({problem})"
        ));
    }
    for (kind, what) in messages {
        match reported(&kind, what) {
            Some(event) => transport.events.push(event),
            None => transport
                .violations
                .push(format!("an unknown report kind {kind:?}")),
        }
    }
}

/// The event of the harness's `report(kind, what)`, if `kind` is one.
pub(crate) fn reported(kind: &str, what: String) -> Option<Event> {
    match kind {
        "blacklist" => Some(Event::Blocked(what)),
        "integrity" => Some(Event::Integrity(what)),
        "missing" => Some(Event::Missing(what)),
        _ => None,
    }
}

impl Runtime for Python {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let io = Io {
                seed: program.seed,
                stdin: program.stdin.as_bytes().to_vec(),
                args: std::iter::once("python".to_string())
                    .chain(program.args.iter().cloned())
                    .collect(),
                mounts: vec![(self.stdlib.clone(), "/python".into())],
                scratch: program.scratch.map(crate::scratch::Scratch::mount),
                ..Io::default()
            };
            let mut transport = CallTransport::default();
            let session = self.sandbox.session(&io, limits).await?;
            // If the instance could not even start, that is wasmeval's
            // failure: no phase ran.
            let live = session.is_live();
            let candidate = CandidateInstance {
                session,
                exports: self.exports,
            };
            let maker: &dyn JudgeMaker = program.judge.unwrap_or(self);
            let mut run = Pair::new(candidate, maker, &io, limits, &program);
            let total = if live {
                drive(&mut run, &program, limits.output_bytes, &mut transport).await?
            } else {
                counted(&program)
            };
            let (observed, messages, stop) = run.finish();
            reports_into(&mut transport, messages, stop);
            Ok(Ran {
                observed,
                report: transport.into_report(total),
            })
        })
    }
}

/// The runner component's exports.
#[derive(Clone, Copy)]
struct Exports {
    prepare: ComponentExportIndex,
    run_candidate: ComponentExportIndex,
    call: ComponentExportIndex,
    serve: ComponentExportIndex,
    compile_tests: ComponentExportIndex,
    judge: ComponentExportIndex,
    collect: ComponentExportIndex,
    run_target: ComponentExportIndex,
}

/// Call an export of `session`, as a phase of the run.
async fn step<P, T>(
    session: &mut Session,
    export: &ComponentExportIndex,
    params: P,
) -> Result<Step<T>>
where
    P: wasmtime::component::ComponentNamedList + wasmtime::component::Lower + Send + Sync,
    (std::result::Result<T, String>,):
        wasmtime::component::ComponentNamedList + wasmtime::component::Lift + Send + Sync,
    T: 'static,
{
    Ok(
        match session
            .call::<P, (std::result::Result<T, String>,)>(export, params)
            .await?
        {
            Err(_) => Step::Stopped,
            Ok((Ok(value),)) => Step::Answered(value),
            Ok((Err(text),)) => Step::Raised(text),
        },
    )
}

/// The world's `start` record: how a candidate's process starts.
#[derive(wasmtime::component::ComponentType, wasmtime::component::Lower)]
#[component(record)]
struct Start {
    #[component(name = "stdin-size")]
    stdin_size: u64,
    #[component(name = "int-max-str-digits")]
    int_max_str_digits: Option<u32>,
}

/// The candidate's instance of a run on this runtime.
struct CandidateInstance {
    session: Session,
    exports: Exports,
}

impl super::pair::Candidate for CandidateInstance {
    async fn prepare(&mut self, program: &Program<'_>) -> Result<Step<()>> {
        let params = (
            program.code.to_string(),
            module_name(program).to_string(),
            program
                .call
                .map(|c| (c.function.to_string(), c.args.to_string())),
            Start {
                stdin_size: program.stdin.len() as u64,
                int_max_str_digits: program.int_max_str_digits,
            },
        );
        step(&mut self.session, &self.exports.prepare, params).await
    }

    async fn run(&mut self) -> Result<Step<()>> {
        step(&mut self.session, &self.exports.run_candidate, ()).await
    }

    async fn call(&mut self) -> Result<Step<String>> {
        step(&mut self.session, &self.exports.call, ()).await
    }

    fn capture(&self) -> Arc<std::sync::Mutex<crate::sandbox::Capture>> {
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
            .downcast::<CandidateInstance>()
            .ok()
            .map(|c| *c)
    }

    fn finish(self) -> (Observed, Vec<(String, String)>) {
        self.session.finish()
    }
}

impl Server for CandidateInstance {
    fn serve(mut self: Box<Self>, request: Vec<u8>, fuel: u64) -> BoxFuture<'static, Served> {
        Box::pin(async move {
            self.session.set_fuel(fuel);
            let serve = self.exports.serve;
            let ended = self
                .session
                .call::<(Vec<u8>,), (Vec<u8>,)>(&serve, (request,))
                .await
                .map(|ended| ended.map(|(answer,)| answer));
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
struct JudgeInstance {
    session: Session,
    exports: Exports,
}

impl super::pair::Judge for JudgeInstance {
    fn compile(
        &mut self,
        what: super::pair::Compile,
        cached: Vec<u8>,
    ) -> BoxFuture<'_, Result<Step<Vec<u8>>>> {
        Box::pin(step(
            &mut self.session,
            &self.exports.compile_tests,
            (what.targets, what.tests, what.setup, cached),
        ))
    }

    fn judge(&mut self) -> BoxFuture<'_, Result<Step<()>>> {
        Box::pin(step(&mut self.session, &self.exports.judge, ()))
    }

    fn fuel_left(&self) -> u64 {
        self.session.fuel_left()
    }

    fn set_fuel(&mut self, fuel: u64) {
        self.session.set_fuel(fuel);
    }

    fn collect(&mut self) -> BoxFuture<'_, Result<Step<Vec<String>>>> {
        Box::pin(step(&mut self.session, &self.exports.collect, ()))
    }

    fn target(&mut self) -> BoxFuture<'_, Result<Step<()>>> {
        Box::pin(step(&mut self.session, &self.exports.run_target, ()))
    }

    fn is_live(&self) -> bool {
        self.session.is_live()
    }

    fn take_link(&mut self) -> Option<Box<Link>> {
        self.session.data_mut().link.take()
    }

    fn finish(self: Box<Self>) -> (Observed, Vec<(String, String)>) {
        self.session.finish()
    }
}

impl JudgeMaker for Python {
    fn judge_id(&self) -> &'static str {
        KIND.id()
    }

    fn judge_rate(&self) -> FuelRate {
        fuel::PYTHON
    }

    fn compiled_tests(&self) -> &super::pair::CompiledTests {
        &self.compiled_tests
    }

    fn judge<'a>(
        &'a self,
        io: &'a Io,
        limits: &'a Limits,
        capture: Option<Arc<std::sync::Mutex<crate::sandbox::Capture>>>,
        link: Option<Box<Link>>,
        fuel: u64,
    ) -> BoxFuture<'a, Result<Box<dyn super::pair::Judge>>> {
        Box::pin(async move {
            let io = Io {
                args: vec!["python".into()],
                mounts: vec![(self.stdlib.clone(), "/python".into())],
                ..io.clone()
            };
            let mut session = self.sandbox.session_sharing(&io, limits, capture).await?;
            session.set_fuel(fuel);
            session.data_mut().link = link;
            Ok(Box::new(JudgeInstance {
                session,
                exports: self.exports,
            }) as Box<dyn super::pair::Judge>)
        })
    }
}

/// How one phase of a run ended.
pub(crate) enum Step<T> {
    /// The harness answered.
    Answered(T),
    /// The harness described what the candidate's code raised.
    Raised(String),
    /// The guest stopped (a trap, an exit, the budget): the run ends.
    Stopped,
    /// The guest broke the protocol (what it did): the run ends.
    Violation(String),
}

/// The phases of a run (see the harness) over a runtime's own transport:
/// the component's exports, or python-sci's ledger.
pub(crate) trait Phases {
    /// Compile the candidate and its targets.
    async fn prepare(&mut self, program: &Program<'_>) -> Result<Step<()>>;
    /// Run the candidate.
    async fn candidate(&mut self) -> Result<Step<()>>;
    /// Collect a unit-test file's tests, by name.
    async fn collect(&mut self) -> Result<Step<Vec<String>>>;
    /// Run the next target (target `index`).
    async fn target(&mut self, index: usize) -> Result<Step<()>>;
    /// Call the candidate's function; its result's JSON.
    async fn call(&mut self) -> Result<Step<String>>;
}

/// The module name the candidate runs as.
pub(crate) fn module_name<'a>(program: &Program<'a>) -> &'a str {
    match (program.tests, program.script) {
        (Some(tests), _) => tests.module,
        (None, true) => "__main__",
        (None, false) => "candidate",
    }
}

/// The number of targets a report of `program` counts: its assertions and
/// its call, or 0 for a unit-test file (whose targets are the tests the
/// harness collects).
pub(crate) fn counted(program: &Program<'_>) -> usize {
    if program.tests.is_some() {
        0
    } else {
        program.targets.len() + usize::from(program.call.is_some())
    }
}

/// Drive a run through its phases, recording what each returned in
/// `transport`; the number of targets the report counts ([`counted`]).
pub(crate) async fn drive(
    phases: &mut impl Phases,
    program: &Program<'_>,
    output_cap: usize,
    transport: &mut CallTransport,
) -> Result<usize> {
    let total = counted(program);
    transport.events.push(Event::Ready);
    // The answer (`Ok`) or the description of what was raised (`Err`);
    // `None` when the guest stopped or broke the protocol (recorded), which
    // ends the run.
    fn answer<T>(step: Step<T>, transport: &mut CallTransport) -> Option<Result<T, String>> {
        match step {
            Step::Answered(value) => Some(Ok(value)),
            Step::Raised(text) => Some(Err(text)),
            Step::Stopped => None,
            Step::Violation(what) => {
                transport.violations.push(what);
                None
            }
        }
    }
    match answer(phases.prepare(program).await?, transport) {
        None => return Ok(total),
        Some(Err(text)) => {
            if let Some((_, raised)) = description(&text, transport) {
                transport.events.push(Event::CompileError(raised));
            }
            return Ok(total);
        }
        Some(Ok(())) => {}
    }
    match answer(phases.candidate().await?, transport) {
        None => return Ok(total),
        Some(Err(text)) => {
            if let Some((kind, raised)) = description(&text, transport) {
                transport.events.push(Event::Candidate(if kind == "exit" {
                    Candidate::Exited(raised.message)
                } else {
                    Candidate::Raised(raised)
                }));
            }
            return Ok(total);
        }
        Some(Ok(())) => transport.events.push(Event::Candidate(Candidate::Ok)),
    }
    let mut tests = 0;
    if program.tests.is_some() {
        match answer(phases.collect().await?, transport) {
            None => return Ok(total),
            Some(Ok(names)) => {
                tests = names.len();
                for name in names {
                    transport.events.push(Event::Collected(name));
                }
            }
            Some(Err(text)) => {
                if let Some((_, raised)) = description(&text, transport) {
                    transport.events.push(Event::CollectionError(raised));
                }
                return Ok(total);
            }
        }
    }
    for index in 0..program.targets.len() + tests {
        match answer(phases.target(index).await?, transport) {
            None => return Ok(total),
            Some(result) => target_result(transport, index, result),
        }
    }
    if program.call.is_some() {
        let index = program.targets.len();
        match answer(phases.call().await?, transport) {
            None => return Ok(total),
            Some(Ok(json)) => call_returned(transport, index, json, output_cap),
            Some(Err(text)) => target_result(transport, index, Err(text)),
        }
    }
    transport.events.push(Event::Done);
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::{IMMORTAL_LIST, IMMORTAL_REFCNT, amend_snapshot};

    /// A linear memory with a mortal object header (reference count 3) at
    /// 8 and another (1) at 16, and the harness's list naming `addresses`.
    fn amend(addresses: &[u32], list_bytes: Option<Vec<u8>>) -> anyhow::Result<Vec<u8>> {
        let dir = tempfile::tempdir()?;
        let list =
            list_bytes.unwrap_or_else(|| addresses.iter().flat_map(|a| a.to_le_bytes()).collect());
        std::fs::write(dir.path().join(IMMORTAL_LIST), list)?;
        let mut memory = vec![0u8; 32];
        memory[8..12].copy_from_slice(&3u32.to_le_bytes());
        memory[16..20].copy_from_slice(&1u32.to_le_bytes());
        amend_snapshot(dir.path(), &mut memory)?;
        Ok(memory)
    }

    #[test]
    fn the_listed_objects_get_the_immortal_count_and_nothing_else_changes() {
        let memory = amend(&[8, 16], None).unwrap();
        let mut expected = vec![0u8; 32];
        expected[8..12].copy_from_slice(&IMMORTAL_REFCNT.to_le_bytes());
        expected[16..20].copy_from_slice(&IMMORTAL_REFCNT.to_le_bytes());
        assert_eq!(memory, expected);
    }

    #[test]
    fn an_address_that_is_not_a_live_mortal_object_is_refused() {
        let message = |result: anyhow::Result<Vec<u8>>| format!("{:#}", result.unwrap_err());
        // Reference count 0: a freed chunk, not an object.
        assert!(message(amend(&[8, 0], None)).contains("at 0x0 has reference count 0x0"));
        // Listed twice: the second time it is already immortal.
        assert!(message(amend(&[8, 8], None)).contains("reference count 0x50000000"));
        assert!(message(amend(&[30], None)).contains("outside the 32-byte memory"));
        assert!(message(amend(&[], Some(vec![8, 0, 0]))).contains("holds 3 bytes"));
        let none = tempfile::tempdir().unwrap();
        let err = amend_snapshot(none.path(), &mut [0; 8]).unwrap_err();
        assert!(format!("{err:#}").contains("the harness left no"));
    }
}
