//! `javascript`: QuickJS-ng, a WASI preview-1 reactor (`qjs-wasi-reactor`,
//! pinned in `runtimes/manifest.json`), with `runtimes/harness/javascript.js`
//! loaded into a snapshot.
//!
//! **Build (once per machine, on first use).** The reactor exports only
//! `qjs_init_argv`, which starts QuickJS and evaluates a script; its name
//! section still names QuickJS's own `JS_Eval`, `JS_Call`,
//! `JS_ExecutePendingJob` and `JS_GetRuntime`, which
//! [`snapshot::export_named`] exports. The reactor is then instrumented
//! with Wizer, started with `qjs --std -e <harness>` and snapshotted: the
//! harness sets itself up as it is evaluated (Node's console, process,
//! timers and util, `assert`, `require`, `node:test`, the boundary: about
//! two thirds of a trivial run's work) and waits for its run; the snapshot
//! is compiled and cached like every runtime.
//!
//! **Runs.** Every instance is a fresh instance of the snapshot: the host
//! evaluates `wasmevalStart()`, which lets the harness go on and returns
//! its event loop's turn, and runs the loop: every promise job
//! (`JS_ExecutePendingJob`), then the turn, which fires the earliest timer
//! of the harness's own queue on the virtual clock, as Node runs every
//! microtask before the next timer; until the harness has finished, has
//! exited, or nothing is left that could run. The harness reads its payload
//! from, and reports in frames to, a file descriptor the host answers
//! itself (`core::link_host_fd`), so nothing the program prints is a frame.
//!
//! **Two instances.** A run with targets or a test file has two (see
//! [`pair`]): the candidate's (C) runs the candidate's code, then serves
//! requests (the host calls its turn with 1: fetch a request, answer it,
//! a Promise settled first); the judge's (J) runs the targets or the test
//! file and never the candidate's code. C's frames can only say how its
//! top-level code ended ([`crate::report::candidate_frame`]); J's say the
//! verdict. What crosses is checked by the host
//! ([`crate::boundary::javascript`]). One fuel budget covers both, and after
//! the test C ends as a Node process does (its timers, then `beforeExit` and
//! `exit`). A script or a call-based case runs in one instance: the host
//! judges what it printed or returned, and its frames carry the run's
//! nonce.

use super::snapshot::{self, c_string};
use super::{Context, Program, Ran, Runtime, RuntimeKind, new_nonce};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::report::{FrameTransport, Transport, frame_prefix};
use crate::sandbox::core::{self, CoreSandbox, CoreSession};
use crate::sandbox::pair::{self, Stop};
use crate::sandbox::{Capture, Exit, Io, Limits, Observed};
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use serde_json::json;
use std::hash::Hash;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/harness/javascript.js");
/// Node's console, process, util and globals (`wasmevalNode`), pasted into
/// the harness where it says `/*@NODE@*/`.
pub const NODE: &str = include_str!("../../runtimes/harness/node.js");
/// Characters of a return value per `returned` frame (the harness cuts it so:
/// three UTF-8 bytes per UTF-16 unit at most keeps a frame under its field cap).
const RETURNED_CHUNK: usize = 320;
/// Tests of a unit-test file whose reports fit in the frame budget (a
/// `collected` and a `target` frame each); more count against the output cap.
const MAX_TESTS: usize = 1000;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "javascript-3";
/// QuickJS's functions the host calls, exported under these names.
const EXPORTS: &[(&str, &str)] = &[
    ("JS_Eval", "wasmeval_eval"),
    ("JS_Call", "wasmeval_call"),
    ("JS_ExecutePendingJob", "wasmeval_job"),
    ("JS_GetRuntime", "wasmeval_runtime"),
    ("js_std_promise_rejection_tracker", "wasmeval_tracker"),
];
/// What the host evaluates to start a run: the harness's event-loop turn.
const START: &[u8] = b"wasmevalStart()";
/// QuickJS's `JSValue`s on wasm32 (NaN-boxed): the tag in the high word.
const JS_UNDEFINED: i64 = 3 << 32;
/// What the turn returns when a timer fired (see the harness).
const FIRED: i64 = 1;

/// The script `qjs -e` runs: the harness with node.js inside it.
fn script() -> &'static str {
    static SCRIPT: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| HARNESS.replacen("/*@NODE@*/", NODE, 1));
    &SCRIPT
}

/// The `javascript` runtime.
pub struct Kind;

/// Its registry entry.
pub static KIND: Kind = Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "javascript"
    }

    fn language(&self) -> Language {
        Language::JavaScript
    }

    fn rate(&self) -> FuelRate {
        fuel::JAVASCRIPT
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec(self.id())?;
        let key = build_key(&spec);
        let dir = context
            .cache
            .runtimes_dir()
            .join(format!("javascript-snapshot-{}", &key[..16]));
        context
            .cache
            .build_into("build-javascript", &dir, complete, |staging| {
                let wasm = context
                    .cache
                    .ensure(&spec)
                    .with_context(|| format!("installing the {} runtime", spec.id))?;
                tracing::info!(
                    "building the javascript runtime's snapshot (once per machine; cached in {})",
                    dir.display()
                );
                let base =
                    std::fs::read(&wasm).with_context(|| format!("reading {}", wasm.display()))?;
                let out = staging.join("out");
                std::fs::create_dir_all(&out)?;
                let snapshot = crate::block_on(build(base))?;
                spec.check_built("snapshot", &snapshot)?;
                std::fs::write(out.join("runtime.wasm"), snapshot)?;
                Ok(out)
            })
            .context("building the javascript runtime")?;
        let module = crate::engine::load_module(
            context.engine,
            context.cache,
            &spec.id,
            &key,
            &dir.join("runtime.wasm"),
        )?;
        Ok(Arc::new(QuickJs {
            sandbox: CoreSandbox::with_imports(context.engine, &module, core::link_host_fd)?,
        }))
    }
}

/// Everything that decides what the build produces.
fn build_key(spec: &crate::install::RuntimeSpec) -> String {
    let mut hasher = crate::engine::ShaHasher::new();
    BUILD_VERSION.hash(&mut hasher);
    spec.version.hash(&mut hasher);
    spec.sha256.hash(&mut hasher);
    script().hash(&mut hasher);
    EXPORTS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Whether a build produced every file it must.
fn complete(dir: &Path) -> bool {
    dir.join("runtime.wasm").is_file()
}

/// The snapshot: the reactor with its new exports and its rejection
/// tracker forwarding to the harness, started on the harness.
async fn build(base: Vec<u8>) -> Result<Vec<u8>> {
    let forwarding = forward_rejections(&base)?;
    snapshot_on(&forwarding, EXPORTS, Vec::new(), script(), "the harness").await
}

/// QuickJS's rejection tracker, which qjs installs
/// (`js_std_promise_rejection_tracker`: it keeps a list that only qjs's
/// own event loop reads, and the host runs its own), with a body that
/// hands each `(promise, reason, handled)` to a function of the harness's
/// through `JS_Call`: QuickJS calls it when a promise is rejected with no
/// handler (`handled` 0) and when such a promise gets one later (1), so
/// the harness knows what is unhandled once the microtasks have run, as
/// Node does. Called with a null context it takes that function
/// (`promise`) and a 24-byte area for the call's arguments (`reason`);
/// until then it does nothing. Two mutable globals, appended, hold them.
fn forward_rejections(wasm: &[u8]) -> Result<Vec<u8>> {
    use wasm_encoder::{MemArg, ValType};
    use wasmparser::{Parser, Payload, TypeRef};
    const TRACKER: &str = "js_std_promise_rejection_tracker";
    const CALL: &str = "JS_Call";
    let named = snapshot::named_functions(wasm, &[TRACKER, CALL])?;
    let mut imported_functions = 0;
    let mut imported_globals = 0;
    for payload in Parser::new(0).parse_all(wasm) {
        if let Payload::ImportSection(reader) = payload? {
            for import in reader.into_imports() {
                match import?.ty {
                    TypeRef::Func(_) | TypeRef::FuncExact(_) => imported_functions += 1,
                    TypeRef::Global(_) => imported_globals += 1,
                    _ => {}
                }
            }
        }
    }
    let tracker = named[TRACKER]
        .checked_sub(imported_functions)
        .context("QuickJS's rejection tracker is an import")?;
    let mut globals = None;
    let mut module = wasm_encoder::Module::new();
    let mut replaced = false;
    for payload in Parser::new(0).parse_all(wasm) {
        let payload = payload?;
        match &payload {
            Payload::GlobalSection(reader) => {
                let range = reader.range();
                let data = &wasm[range.start as usize..range.end as usize];
                let mut count = wasmparser::BinaryReader::new(data, 0);
                let defined = count.read_var_u32()?;
                let (hook, area) = (imported_globals + defined, imported_globals + defined + 1);
                globals = Some((hook, area));
                let mut section = Vec::new();
                wasm_encoder::Encode::encode(&(defined + 2), &mut section);
                section.extend_from_slice(&data[count.current_position()..]);
                let mut added = wasm_encoder::GlobalSection::new();
                added.global(
                    wasm_encoder::GlobalType {
                        val_type: ValType::I64,
                        mutable: true,
                        shared: false,
                    },
                    &wasm_encoder::ConstExpr::i64_const(JS_UNDEFINED),
                );
                added.global(
                    wasm_encoder::GlobalType {
                        val_type: ValType::I32,
                        mutable: true,
                        shared: false,
                    },
                    &wasm_encoder::ConstExpr::i32_const(0),
                );
                let mut encoded = Vec::new();
                wasm_encoder::Encode::encode(&added, &mut encoded);
                // (The section's size, then its count, 2: one byte each.)
                section.extend_from_slice(&encoded[2..]);
                module.section(&wasm_encoder::RawSection {
                    id: wasm_encoder::SectionId::Global as u8,
                    data: &section,
                });
                continue;
            }
            // (Read with the section's start below.)
            Payload::CodeSectionEntry(_) => continue,
            _ => {}
        }
        let Some((id, range)) = payload.as_section() else {
            continue;
        };
        let range = range.start as usize..range.end as usize;
        if id == wasm_encoder::SectionId::Code as u8 {
            let (hook, area) = globals.context("the module has no global section")?;
            let reader = wasmparser::CodeSectionReader::new(wasmparser::BinaryReader::new(
                &wasm[range.clone()],
                range.start as u64,
            ))?;
            let mut code = wasm_encoder::CodeSection::new();
            for (index, body) in reader.into_iter().enumerate() {
                let body = body?;
                if index as u32 != tracker {
                    let range = body.range();
                    code.raw(&wasm[range.start as usize..range.end as usize]);
                    continue;
                }
                // Params: context, promise, reason, handled, opaque.
                let at = |offset| MemArg {
                    offset,
                    align: 3,
                    target: wasm_encoder::MemArgTarget::Memory(0),
                    ordering: None,
                };
                let mut f = wasm_encoder::Function::new([]);
                f.instructions()
                    // A null context: the host hands over the function and
                    // the area.
                    .local_get(0)
                    .i32_eqz()
                    .if_(wasm_encoder::BlockType::Empty)
                    .local_get(1)
                    .global_set(hook)
                    .local_get(2)
                    .i32_wrap_i64()
                    .global_set(area)
                    .return_()
                    .end()
                    .global_get(area)
                    .i32_eqz()
                    .if_(wasm_encoder::BlockType::Empty)
                    .return_()
                    .end()
                    .global_get(area)
                    .local_get(1)
                    .i64_store(at(0))
                    .global_get(area)
                    .local_get(2)
                    .i64_store(at(8))
                    // `handled` as a JS int (tag 0 in the high word).
                    .global_get(area)
                    .local_get(3)
                    .i64_extend_i32_u()
                    .i64_store(at(16))
                    .local_get(0)
                    .global_get(hook)
                    .i64_const(JS_UNDEFINED)
                    .i32_const(3)
                    .global_get(area)
                    .call(named[CALL])
                    // (The harness's function returns undefined.)
                    .drop()
                    .end();
                code.function(&f);
                replaced = true;
            }
            module.section(&code);
            continue;
        }
        module.section(&wasm_encoder::RawSection {
            id,
            data: &wasm[range],
        });
    }
    if !replaced {
        bail!("the module has no body for QuickJS's rejection tracker");
    }
    let out = module.finish();
    wasmparser::Validator::new()
        .validate_all(&out)
        .context("the module with its rejection tracker forwarding does not validate")?;
    Ok(out)
}

/// Hand the harness's rejection function (`wasmevalTrack`, which it takes
/// off the global object) to the tracker [`forward_rejections`] made.
async fn hand_rejections_to_harness(session: &mut CoreSession) -> Result<()> {
    let context = match session.call::<(), i32>("qjs_get_context", ()).await? {
        Ok(context) => context,
        Err(exit) => bail!("QuickJS stopped: {exit:?}"),
    };
    const TAKE: &[u8] =
        b"(() => { const f = globalThis.wasmevalTrack; delete globalThis.wasmevalTrack; return f; })()";
    let source = c_string(session, TAKE).await?;
    let name = c_string(session, b"<wasmeval>").await?;
    let function = match session
        .call::<(i32, i32, i32, i32, i32), i64>(
            "wasmeval_eval",
            (context, source, TAKE.len() as i32, name, 0),
        )
        .await?
    {
        Ok(function) => function,
        Err(exit) => bail!("QuickJS stopped: {exit:?}"),
    };
    // An object's tag (-1, JS_TAG_OBJECT) in the high word.
    if function >> 32 != -1 {
        bail!("the harness did not leave its rejection function (got JSValue {function:#x})");
    }
    let area = c_string(session, &[0; 24]).await?;
    match session
        .call::<(i32, i64, i64, i32, i32), ()>(
            "wasmeval_tracker",
            (0, function, i64::from(area), 0, 0),
        )
        .await?
    {
        Ok(()) => Ok(()),
        Err(exit) => bail!("QuickJS stopped: {exit:?}"),
    }
}

/// A snapshot of the QuickJS reactor `base` with `exports` exported (see
/// [`snapshot::export_named`]), started as `qjs --std -e <script>` with
/// `mounts` (read-only); `what` names the script in the error when it does
/// not start.
pub(super) async fn snapshot_on(
    base: &[u8],
    exports: &[(&str, &str)],
    mounts: Vec<(std::path::PathBuf, String)>,
    script: &str,
    what: &str,
) -> Result<Vec<u8>> {
    let exported = snapshot::export_named(base, exports)?;
    let io = Io {
        args: vec!["qjs".into()],
        mounts,
        ..Io::default()
    };
    snapshot::snapshot(
        &exported,
        &io,
        fuel::JAVASCRIPT,
        |_, _| Ok(()),
        async |session| {
            start_on(session, script, what).await?;
            // A script that leaves a rejection function (the harness) gets
            // the rejection tracker's calls (see forward_rejections).
            if exports.iter().any(|(_, to)| *to == "wasmeval_tracker") {
                hand_rejections_to_harness(session).await?;
            }
            Ok(())
        },
    )
    .await
}

/// Start QuickJS as `qjs --std -e <script>` in a reactor's instance.
async fn start_on(session: &mut CoreSession, script: &str, what: &str) -> Result<()> {
    let args: [&[u8]; 4] = [b"qjs", b"--std", b"-e", script.as_bytes()];
    let mut argv = Vec::new();
    for arg in args {
        argv.extend_from_slice(&c_string(session, arg).await?.to_le_bytes());
    }
    let at = c_string(session, &argv).await?;
    let started = session
        .call::<(i32, i32), i32>("qjs_init_argv", (args.len() as i32, at))
        .await?;
    if started != Ok(0) {
        let capture = session.capture();
        let capture = capture.lock().unwrap_or_else(|e| e.into_inner());
        bail!(
            "QuickJS did not start on {what} ({started:?}):\n{}{}",
            String::from_utf8_lossy(&capture.stdout),
            String::from_utf8_lossy(&capture.stderr)
        );
    }
    Ok(())
}

/// A running harness's event loop: what the host calls it with.
struct Loop {
    context: i32,
    runtime: i32,
    /// Where QuickJS says which context a job ran in.
    slot: i32,
    /// The harness's turn (a function `JSValue`).
    turn: i64,
    /// `[1, 2, 3]` as `JSValue`s: the arguments of turn(1) (serve a
    /// request), turn(2) (flush the output) and turn(3) (end the process).
    ops: i32,
}

/// Start the harness in a fresh instance: its event loop, `None` if the
/// guest stopped.
async fn begin(session: &mut CoreSession) -> Result<Option<Loop>> {
    let Ok(context) = session.call::<(), i32>("qjs_get_context", ()).await? else {
        return Ok(None);
    };
    let Ok(runtime) = session
        .call::<i32, i32>("wasmeval_runtime", context)
        .await?
    else {
        return Ok(None);
    };
    let source = c_string(session, START).await?;
    let name = c_string(session, b"<wasmeval>").await?;
    let slot = c_string(session, &[0; 4]).await?;
    // JSValue ints: tag 0 in the high word.
    let ops: Vec<u8> = [1i64, 2, 3]
        .iter()
        .flat_map(|op| op.to_le_bytes())
        .collect();
    let ops = c_string(session, &ops).await?;
    let len = START.len() as i32;
    let Ok(turn) = session
        .call::<(i32, i32, i32, i32, i32), i64>("wasmeval_eval", (context, source, len, name, 0))
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(Loop {
        context,
        runtime,
        slot,
        turn,
        ops,
    }))
}

/// Run the event loop: every promise job, then the harness's turn (the
/// earliest timer), until `done` holds, nothing is left to run, or the
/// guest stopped.
async fn spin(
    session: &mut CoreSession,
    event_loop: &Loop,
    done: impl Fn(&mut CoreSession) -> bool,
) -> Result<()> {
    loop {
        loop {
            match session
                .call::<(i32, i32), i32>("wasmeval_job", (event_loop.runtime, event_loop.slot))
                .await?
            {
                Ok(ran) if ran != 0 => continue,
                Ok(_) => break,
                Err(_) => return Ok(()),
            }
        }
        if done(session) {
            return Ok(());
        }
        match turn(session, event_loop, None).await? {
            Ok(FIRED) => continue,
            _ => return Ok(()),
        }
    }
}

/// Call the harness's turn: with no `op`, it fires the earliest timer (its
/// value says whether it did); the candidate's instance also takes `op` 1
/// (serve), 2 (flush) and 3 (end). `Err` if the guest stopped.
async fn turn(
    session: &mut CoreSession,
    event_loop: &Loop,
    op: Option<i32>,
) -> Result<std::result::Result<i64, Exit>> {
    let (argc, argv) = match op {
        Some(op) => (1, event_loop.ops + 8 * (op - 1)),
        None => (0, 0),
    };
    session
        .call::<(i32, i64, i64, i32, i32), i64>(
            "wasmeval_call",
            (
                event_loop.context,
                event_loop.turn,
                JS_UNDEFINED,
                argc,
                argv,
            ),
        )
        .await
}

/// [`turn`] with an `op`, its value dropped.
async fn turn_op(
    session: &mut CoreSession,
    event_loop: &Loop,
    op: i32,
) -> Result<std::result::Result<(), Exit>> {
    Ok(turn(session, event_loop, Some(op)).await?.map(|_| ()))
}

/// Start the harness in a fresh instance and run the event loop to its end.
async fn start(session: &mut CoreSession) -> Result<()> {
    if let Some(event_loop) = begin(session).await? {
        spin(session, &event_loop, |_| false).await?;
    }
    Ok(())
}

struct QuickJs {
    sandbox: CoreSandbox,
}

impl Runtime for QuickJs {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let nonce = new_nonce();
            // The test runs in an instance of its own (see the harness's
            // boundary); a script's output and a call's result are judged
            // by the host.
            let paired = !program.script
                && program.call.is_none()
                && (!program.targets.is_empty() || program.tests.is_some());
            let total = program.targets.len() + usize::from(program.call.is_some());
            // A return value travels in `returned` frames of at most
            // RETURNED_CHUNK characters (see the harness).
            let frames = total
                + limits.output_bytes / RETURNED_CHUNK
                + 1
                + if program.tests.is_some() {
                    2 * MAX_TESTS
                } else {
                    0
                };
            let role = if paired { Role::Candidate } else { Role::Solo };
            let said = payload(&program, &nonce, role, &program.seed);
            let io = Io {
                stdin: Vec::new(),
                frame_prefix: frame_prefix(&nonce),
                seed: program.seed,
                args: vec!["qjs".into()],
                compiled: false,
                mounts: Vec::new(),
                scratch: None,
            };
            let (mut observed, frames, stop, ended_badly) = if paired {
                self.run_pair(&program, &io, limits, frames, &nonce, said)
                    .await?
            } else {
                let (observed, frames) = self
                    .sandbox
                    .run(&io, limits, frames, async |session| {
                        session.data_mut().pending = Some((said, 0));
                        start(session).await
                    })
                    .await?;
                (observed, frames, None, None)
            };
            // This QuickJS build does not check its own stack depth: runaway
            // recursion runs the shadow stack (in linear memory) below
            // address 0 and traps as an out-of-bounds access.
            if matches!(&observed.exit, Exit::Trap(t) if t.contains("out of bounds memory access"))
            {
                observed.exit = Exit::StackOverflow;
            }
            // A test file's targets are the tests it reports.
            let mut report = FrameTransport { frames }.into_report(if program.tests.is_some() {
                0
            } else {
                total
            });
            if let Some(Stop::Violation(problem)) = stop {
                report.violation(format!(
                    "the candidate's instance sent something that is not a message ({problem})"
                ));
            }
            if let Some(why) = ended_badly {
                // Node's process would have ended with an error status, and
                // its harness failed the file: nothing the test reported
                // counts (a test's callback the candidate called after the
                // test was over never ran its assertions; a test's timer
                // or promise failed an assertion after its target reported;
                // a console.assert of the test's failed outside any target,
                // which wasmeval refuses where Node only prints it).
                for target in report.targets.iter_mut().flatten() {
                    if target.passed {
                        target.passed = false;
                        target.error = Some(format!("{why}: nothing the test reported counts"));
                    }
                }
            }
            Ok(Ran { observed, report })
        })
    }
}

/// Which part of a run an instance plays (see the harness).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The whole run in one instance.
    Solo,
    /// The candidate's code, then serving the judge's requests.
    Candidate,
    /// The test, against the candidate's instance.
    Judge,
}

/// What an instance of `role` gets on stdin.
fn payload(program: &Program<'_>, nonce: &str, role: Role, seed: &[u8; 32]) -> Vec<u8> {
    // Math.random's state: four words derived from the seed.
    let words = crate::sandbox::derive(seed, 3);
    let random: Vec<u32> = words[..16]
        .chunks(4)
        .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
        .collect();
    let judge = role == Role::Judge;
    let no_targets: &[String] = &[];
    let payload = json!({
        "role": match role {
            Role::Solo => "solo",
            Role::Candidate => "candidate",
            Role::Judge => "judge",
        },
        "nonce": nonce,
        "random": random,
        "code": if judge { "" } else { program.code },
        "targets": if role == Role::Candidate { no_targets } else { program.targets },
        "stdin": if judge { "" } else { program.stdin },
        "script": program.script,
        "call": program.call.map(|c| json!({"name": c.function, "args": c.args})),
        "tests": program.tests.map(|t| json!({
            "source": t.source, "filename": t.filename, "module": t.module,
        })),
        "helpers": if judge { program.setup.map_or("", |s| prompt_helpers(&s.prelude)) } else { "" },
    });
    serde_json::to_vec(&payload).expect("payload serialises")
}

/// The helpers of a JavaScript prompt or HumanEval-X declaration (its
/// `encodeCyclic`, `poly`, `isPalindrome`): what comes before its last
/// top-level definition, the entry point's, which the candidate completes.
/// The judge runs them before each target, so a test's call of a helper is
/// the problem's helper, never the candidate's.
fn prompt_helpers(prelude: &str) -> &str {
    const DEFINITIONS: [&str; 5] = ["const ", "let ", "var ", "function ", "async function "];
    let mut offset = 0;
    let mut definitions = Vec::new();
    for line in prelude.split_inclusive('\n') {
        if DEFINITIONS.iter().any(|d| line.starts_with(d)) {
            definitions.push(offset);
        }
        offset += line.len();
    }
    // Helpers are definitions before the entry point's.
    match definitions.as_slice() {
        [_, .., last] => &prelude[..*last],
        _ => "",
    }
}

/// What the candidate's instance answers when what it was asked returned a
/// Promise that can no longer settle (its event loop has nothing left).
const PENDING_FOREVER: &[u8] = br#"["ok",["P","p"],[]]"#;

impl QuickJs {
    /// A run with a judge: the candidate's instance runs the candidate's
    /// code; if it finished, the judge's instance runs the targets or the
    /// test file, linked to the candidate's (see [`pair`]). Both write to
    /// one capture; the candidate's may write no frame that is a verdict.
    /// The last of what it returns says why the run ended abnormally after
    /// the test reported (the test's process exited with an error status,
    /// or the candidate's, run to its end after the test, did), if it did.
    async fn run_pair(
        &self,
        program: &Program<'_>,
        io: &Io,
        limits: &Limits,
        frames: usize,
        nonce: &str,
        said: Vec<u8>,
    ) -> Result<(Observed, Vec<Vec<u8>>, Option<Stop>, Option<&'static str>)> {
        let capture = Arc::new(Mutex::new(Capture::new(
            limits.output_bytes,
            io.frame_prefix.clone(),
            core::frame_budget(frames),
        )));
        let mut session = self
            .sandbox
            .session_sharing(io, limits, Some(capture.clone()))
            .await?;
        session.data_mut().frames = Some(crate::report::candidate_frame);
        session.data_mut().pending = Some((said, 0));
        let event_loop = begin(&mut session).await?;
        if let Some(event_loop) = &event_loop {
            spin(&mut session, event_loop, |_| false).await?;
            let _ = turn_op(&mut session, event_loop, 2).await?;
        }
        let ready = session.data_mut().result.take().as_deref() == Some(b"ready".as_slice());
        let Some(event_loop) = event_loop.filter(|_| ready && session.is_live()) else {
            let (observed, frames) = session.finish_frames();
            return Ok((observed, frames, None, None));
        };
        let fuel = session.fuel_left();
        let rate = fuel::JAVASCRIPT.per_second;
        let link = pair::link(
            Box::new(pair::Core(JsCandidate {
                session,
                event_loop,
            })),
            fuel,
            (rate, rate),
            crate::boundary::javascript::check,
        );
        // The test's own randomness is not the candidate's.
        let seed = crate::sandbox::derive(&io.seed, 9);
        let judge_io = Io { seed, ..io.clone() };
        let mut judge = self
            .sandbox
            .session_sharing(&judge_io, limits, Some(capture))
            .await?;
        judge.set_fuel(fuel);
        judge.data_mut().link = Some(link);
        judge.data_mut().pending = Some((payload(program, nonce, Role::Judge, &seed), 0));
        start(&mut judge).await?;
        let (candidate, stop) = pair::unlink(judge.data_mut().link.take());
        let mut candidate = candidate.and_then(|c| c.into_any().downcast::<JsCandidate>().ok());
        // The test is over: the candidate's process ends as Node's would
        // (its timers, then 'beforeExit' and 'exit'), on what fuel is left.
        let mut ended = None;
        if let Some(candidate) = candidate.as_mut()
            && stop.is_none()
            && judge.is_live()
        {
            let c = &mut candidate.session;
            c.set_fuel(judge.fuel_left());
            if turn_op(c, &candidate.event_loop, 3).await?.is_ok() {
                spin(c, &candidate.event_loop, |_| false).await?;
                let _ = turn_op(c, &candidate.event_loop, 2).await?;
            }
            judge.set_fuel(c.fuel_left());
            ended = c.stopped().cloned();
        }
        let (mut observed, frames) = judge.finish_frames();
        if let Some(candidate) = candidate {
            let (seen, _) = candidate.session.finish();
            observed.merge_candidate(&seen);
        }
        let ended_badly = if stop.is_none() && matches!(observed.exit, Exit::Exited(n) if n != 0) {
            Some("the test's process exited with an error status")
        } else if matches!(&ended, Some(exit) if *exit != Exit::Exited(0)) {
            Some("the candidate's process ended abnormally after the test")
        } else {
            None
        };
        if let Some(Stop::Exit(exit)) = &stop {
            observed.exit = exit.clone();
        } else if let Some(exit) = ended {
            observed.exit = exit;
        }
        Ok((observed, frames, stop, ended_badly))
    }
}

/// The candidate's instance of a run with a judge, between requests.
struct JsCandidate {
    session: CoreSession,
    event_loop: Loop,
}

impl JsCandidate {
    /// Serve one request: the harness reads it from the host, answers
    /// (`S`), and its event loop runs until it has (a Promise is settled
    /// first); a tick (`T`) is served by [`JsCandidate::tick`].
    async fn answer(&mut self, request: Vec<u8>) -> Result<std::result::Result<Vec<u8>, Exit>> {
        if request == b"T" {
            return self.tick().await;
        }
        let data = self.session.data_mut();
        data.pending = Some((request, 0));
        data.result = None;
        if let Err(exit) = turn_op(&mut self.session, &self.event_loop, 1).await? {
            return Ok(Err(exit));
        }
        // (What its jobs print after the answer is flushed with its next
        // answer or at its end: Node too prints it after the test's
        // synchronous code.)
        spin(&mut self.session, &self.event_loop, |s| {
            s.data_mut().result.is_some()
        })
        .await?;
        Ok(pair::served(&mut self.session, || PENDING_FOREVER.to_vec()))
    }

    /// The judge waits with nothing left to run: fire the candidate's
    /// earliest timer (its callbacks may settle what the judge waits for)
    /// and run its jobs. The answer says whether a timer fired.
    async fn tick(&mut self) -> Result<std::result::Result<Vec<u8>, Exit>> {
        let fired = match turn(&mut self.session, &self.event_loop, None).await? {
            Ok(fired) => fired == FIRED,
            Err(exit) => return Ok(Err(exit)),
        };
        spin(&mut self.session, &self.event_loop, |_| true).await?;
        if let Some(exit) = self.session.stopped() {
            return Ok(Err(exit.clone()));
        }
        Ok(Ok(if fired {
            br#"["ok",true,[]]"#.to_vec()
        } else {
            br#"["ok",false,[]]"#.to_vec()
        }))
    }
}

impl pair::CoreServer for JsCandidate {
    fn session(&mut self) -> &mut CoreSession {
        &mut self.session
    }

    fn into_session(self) -> CoreSession {
        self.session
    }

    async fn answer(&mut self, request: Vec<u8>) -> Result<std::result::Result<Vec<u8>, Exit>> {
        JsCandidate::answer(self, request).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness names the host's descriptor itself (it reads its
    /// payload from it before anything else): the same number as the host's.
    #[test]
    fn a_prompts_helpers_are_what_precedes_its_entry_point() {
        let declaration =
            "const poly = (xs, x) => {\n  return 1;\n}\n\n/* find */\nconst findZero = (xs) => {\n";
        assert_eq!(
            prompt_helpers(declaration),
            "const poly = (xs, x) => {\n  return 1;\n}\n\n/* find */\n"
        );
        assert_eq!(prompt_helpers("/* add */\nconst add = (x, y) => {\n"), "");
        assert_eq!(prompt_helpers("//add\nfunction add(x, y){\n"), "");
        assert_eq!(prompt_helpers(""), "");
    }

    #[test]
    fn the_harness_and_the_host_agree_on_the_descriptor() {
        assert!(HARNESS.contains(&format!("const HOST_FD = {};", core::HOST_FD)));
    }
}
