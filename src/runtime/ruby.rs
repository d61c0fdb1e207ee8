//! `ruby`: CRuby 3.4 as npm's `@ruby/3.4-wasm-wasi` builds it for WASI (the
//! interpreter, its standard library and its bundled gems, test-unit
//! included, in one module), pre-initialised into a snapshot.
//!
//! **The snapshot (once per machine, on first use).** The package's
//! `dist/ruby+stdlib.wasm` (pinned in `runtimes/manifest.json` by its
//! tarball's SHA-256) is a reactor: its standard library lives inside it
//! (wasi-vfs), and it exports `ruby-init`, `ruby-init-loadpath` and
//! `rb-eval-string-protect` (a component-model interface lowered by hand
//! here: strings are a pointer and a length in its memory, allocated by its
//! `cabi_realloc`). Its imports beside WASI are a bridge to JavaScript
//! (`require "js"`): three of them are a judged run's channel between its
//! instances (see [`link_bridge`]), the rest trap. The reactor is
//! instrumented with Wizer, initialised as `ruby -EUTF-8 -e_=0` with its
//! load path set, and snapshotted (a fresh interpreter takes about 150 ms
//! to start; an instance of the snapshot, a few). The snapshot is
//! deterministic: its SHA-256 is pinned, and a machine that builds other
//! bytes refuses them. What the interpreter fixes at start-up (its string
//! hash seed, the default random generator's seed) is the snapshot's, the
//! same on every machine; each run reseeds the generator from its own seed.
//!
//! **A run** is `ruby main.rb`, as SandboxFusion's and MultiPL-E's runners
//! run a file: a fresh instance of the snapshot with the program at
//! `/main.rb` (the working directory is `/`), stdin the case's input,
//! `/run_code`'s files at `/tmp`, the run's fuel, memory and output caps
//! and its seeded clocks and randomness. A driver (`runtimes/ruby/main.rb`)
//! does what `ruby` does with a script: it runs it as `main.rb` (`$0`),
//! runs the `at_exit` handlers in reverse order (test-unit runs its tests
//! from one), prints an uncaught exception as `ruby` does and exits with
//! `ruby`'s status. Before the first run the candidate's code alone is
//! compiled (`RubyVM::InstructionSequence.compile_file`, which runs none
//! of it) in an instance of its own: code that does not parse is a
//! `syntax_error` with Ruby's message. Whole programs are judged as C's
//! are (see `super::whole`).
//!
//! **A judged program** (code and a test) runs as two instances of the
//! snapshot, linked by the host as a Python run's are (see
//! [`crate::sandbox::pair`]): the candidate's runs the code alone
//! (`runtimes/ruby/candidate.rb`) and says which top-level methods it
//! defined; the test's, a pristine one with only the test as its `main.rb`,
//! gets each of those it lacks as a method that calls the candidate's
//! through the host (`runtimes/ruby/judge.rb`). Arguments and results cross
//! on the wire of `runtimes/ruby/wire.rb`, every answer checked by
//! [`crate::boundary::ruby`]. The test's instance's exit is the verdict;
//! the candidate's stopping (an exit, a trap, its fuel) ends the run as
//! that, and never passes it.

use super::snapshot;
use super::whole::{self, Step};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::FuelRate;
use crate::language::Language;
use crate::sandbox::core::{
    self, CoreSandbox, CoreSession, Guest, guest_stop, read_guest, write_guest,
};
use crate::sandbox::pair;
use crate::sandbox::{Capture, Exit, Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "ruby-2";

/// The reactor inside the npm tarball.
const MEMBER: &str = "package/dist/ruby+stdlib.wasm";

/// What the interpreter is initialised with (`ruby.wasm`'s own defaults:
/// UTF-8 as the external encoding, and an empty script).
const INIT_ARGS: &[&str] = &["ruby", "-EUTF-8", "-e_=0"];

/// The exports, named as this module names them (the component-model
/// signature is part of each name).
const RUBY_INIT: &str = "ruby-init: func(args: list<string>) -> ()";
const RUBY_INIT_LOADPATH: &str = "ruby-init-loadpath: func() -> ()";
const EVAL: &str = "rb-eval-string-protect: func(str: string) -> tuple<handle<rb-abi-value>, s32>";

/// Runs `main.rb` as `ruby main.rb` does (`SEED` is replaced; [`EXITS`]
/// comes first).
const DRIVER: &str = include_str!("../../runtimes/ruby/main.rb");

/// How `ruby` ends a script, for both drivers ([`DRIVER`], [`CANDIDATE`]).
const EXITS: &str = include_str!("../../runtimes/ruby/exits.rb");

/// The wire between a judged run's two instances (see [`crate::boundary::ruby`]).
const WIRE: &str = include_str!("../../runtimes/ruby/wire.rb");

/// The candidate's instance of a judged run (`SEED` is replaced).
const CANDIDATE: &str = include_str!("../../runtimes/ruby/candidate.rb");

/// The test's instance of a judged run, before [`DRIVER`] (`NAMES` is
/// replaced).
const JUDGE: &str = include_str!("../../runtimes/ruby/judge.rb");

/// What the candidate's instance runs to answer a call (see candidate.rb).
const SERVE: &str = "$wasmeval_serve.()";

/// The bridge imports a judged run talks through (see [`link_bridge`]).
const SAY: &str = "eval-js: func(code: string) -> variant { success(handle<js-abi-value>), \
                   failure(handle<js-abi-value>) }";
const GLOBAL: &str = "global-this: func() -> handle<js-abi-value>";
const HEAR: &str = "js-value-to-string: func(value: handle<js-abi-value>) -> string";

/// The exit status of the syntax check when the code does not parse.
const NOT_RUBY: i32 = 3;

/// The check: compile `main.rb` without running it.
const CHECK: &str = "exit_now = Process.method(:exit!)\n\
                     begin\n  RubyVM::InstructionSequence.compile_file('main.rb')\n\
                     rescue SyntaxError => e\n  STDERR.write(e.message)\n  STDERR.flush\n  \
                     exit_now.call(3)\nend\nexit_now.call(0)\n";

/// Fuel that stands for a second of native `ruby` (CRuby's own
/// interpreter, which this is): measured on this machine against Debian's
/// `ruby` 3.1 on recursion, integer loops, sorting and hashes together
/// (`fib(27)`, 3e6 block calls, a sort of 2e5, 2e5 string keys: 6.2e10
/// for 0.41 s of native CPU time), rounded. The guest runs about ten times
/// slower than native in wall time, so a timeout takes that much longer.
pub const RATE: FuelRate = FuelRate {
    per_second: 60_000_000_000,
    startup: 200_000_000,
};

/// The `ruby` runtime.
pub static KIND: Kind = Kind;

pub struct Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "ruby"
    }

    fn language(&self) -> Language {
        Language::Ruby
    }

    fn rate(&self) -> FuelRate {
        RATE
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec("ruby")?;
        let mut hasher = crate::engine::ShaHasher::new();
        spec.build_key(BUILD_VERSION).hash(&mut hasher);
        INIT_ARGS.hash(&mut hasher);
        let key = crate::install::hex(&hasher.finish_sha());
        let cache = context.cache;
        let dir = cache
            .runtimes_dir()
            .join(format!("ruby-snapshot-{}", &key[..16]));
        cache
            .build_into(
                "build-ruby",
                &dir,
                |dir| dir.join("runtime.wasm").is_file(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    let base = staging.join("ruby.wasm");
                    super::typescript::unpack_member(&tarball, MEMBER, &base)
                        .with_context(|| format!("unpacking {}", tarball.display()))?;
                    tracing::info!(
                        "building the ruby runtime's snapshot (once per machine; cached in {})",
                        dir.display()
                    );
                    let base = std::fs::read(&base)
                        .with_context(|| format!("reading {}", base.display()))?;
                    let snapshot = crate::block_on(build(base))?;
                    spec.check_built("snapshot", &snapshot)?;
                    let out = staging.join("out");
                    std::fs::create_dir_all(&out)?;
                    std::fs::write(out.join("runtime.wasm"), snapshot)?;
                    Ok(out)
                },
            )
            .context("building the ruby runtime")?;
        let module = crate::engine::load_module(
            context.engine,
            cache,
            "ruby",
            &key,
            &dir.join("runtime.wasm"),
        )?;
        Ok(Arc::new(Ruby {
            sandbox: CoreSandbox::with_imports(context.engine, &module, |linker| {
                link_bridge(linker, &module)
            })?,
        }))
    }
}

/// The reactor's imports beside WASI: its handles are plain numbers, and
/// of its bridge to JavaScript (`require "js"`) three are a judged run's
/// channel between its instances, the rest trap (there is no JavaScript):
///
/// - `JS.eval(text)` says `text` to the host. From the test's instance it
///   is a call of the candidate's (see [`crate::sandbox::pair`]), whose
///   answer is what the host says next; from the candidate's instance (or
///   a run without a test) it is what the instance answers (kept in
///   [`Guest::result`]).
/// - `JS.global.to_s` (any value's `to_s`) is what the host says: a call's
///   answer in the test's instance, a call to serve in the candidate's.
fn link_bridge(
    linker: &mut wasmtime::Linker<Guest>,
    module: &wasmtime::Module,
) -> wasmtime::Result<()> {
    linker.func_wrap(
        "canonical_abi",
        "resource_new_rb-abi-value",
        |_: wasmtime::Caller<'_, Guest>, raw: i32| raw,
    )?;
    linker.func_wrap(
        "canonical_abi",
        "resource_get_rb-abi-value",
        |_: wasmtime::Caller<'_, Guest>, handle: i32| handle,
    )?;
    linker.func_wrap(
        "canonical_abi",
        "resource_drop_js-abi-value",
        |_: wasmtime::Caller<'_, Guest>, _: i32| {},
    )?;
    linker.func_wrap_async(
        "rb-js-abi-host",
        SAY,
        |mut caller: wasmtime::Caller<'_, Guest>, (at, len, ret): (i32, i32, i32)| {
            Box::new(async move {
                let said = read_guest(&mut caller, at, len)?;
                if caller.data().link.is_some() {
                    let mut request = Vec::with_capacity(said.len() + 1);
                    request.push(b'Q');
                    request.extend_from_slice(&said);
                    let reply = core::exchange(&mut caller, request).await?;
                    // The host checked it: `A` and an answer.
                    let answer = reply.get(1..).unwrap_or_default().to_vec();
                    caller.data_mut().pending = Some((answer, 0));
                } else {
                    caller.data_mut().result = Some(said);
                }
                // `success`, handle 1.
                let mut variant = [0u8; 8];
                variant[4..].copy_from_slice(&1i32.to_le_bytes());
                write_guest(&mut caller, ret, &variant)
            })
        },
    )?;
    linker.func_wrap(
        "rb-js-abi-host",
        GLOBAL,
        |_: wasmtime::Caller<'_, Guest>| 1i32,
    )?;
    linker.func_wrap_async(
        "rb-js-abi-host",
        HEAR,
        |mut caller: wasmtime::Caller<'_, Guest>, (_handle, ret): (i32, i32)| {
            Box::new(async move {
                let heard = caller
                    .data_mut()
                    .pending
                    .take()
                    .map(|(bytes, _)| bytes)
                    .unwrap_or_default();
                let len =
                    i32::try_from(heard.len()).map_err(|_| guest_stop("a reply over 2 GiB"))?;
                // The guest frees the string with its allocator.
                let realloc = caller
                    .get_export("cabi_realloc")
                    .and_then(|e| e.into_func())
                    .ok_or_else(|| guest_stop("the runtime has no cabi_realloc"))?
                    .typed::<(i32, i32, i32, i32), i32>(&caller)?;
                let at = realloc
                    .call_async(&mut caller, (0, 0, 1, len.max(1)))
                    .await?;
                write_guest(&mut caller, at, &heard)?;
                let mut string = [0u8; 8];
                string[..4].copy_from_slice(&at.to_le_bytes());
                string[4..].copy_from_slice(&len.to_le_bytes());
                write_guest(&mut caller, ret, &string)
            })
        },
    )?;
    linker.define_unknown_imports_as_traps(module)?;
    Ok(())
}

/// What every instance sees, the snapshot's included: the program's
/// directory at `/` and a scratch directory at `/tmp`, in this order (the
/// interpreter's C library learns its directories' descriptors at start-up,
/// so the snapshot's and a run's must be the same).
fn io_for(dir: &Path, program: Option<&Program<'_>>, scratch: Option<&Scratch>) -> Io {
    Io {
        stdin: program
            .map(|p| p.stdin.as_bytes().to_vec())
            .unwrap_or_default(),
        seed: program.map(|p| p.seed).unwrap_or_default(),
        args: INIT_ARGS.iter().map(|a| a.to_string()).collect(),
        mounts: vec![(dir.to_path_buf(), "/".into())],
        scratch: scratch.map(Scratch::mount),
        ..Io::default()
    }
}

/// The snapshot: the reactor initialised, its load path set.
async fn build(base: Vec<u8>) -> Result<Vec<u8>> {
    let root = Scratch::new().context("creating a scratch directory")?;
    let tmp = Scratch::new().context("creating a scratch directory")?;
    // Ruby keeps what it saw of the mounted directories: their times must
    // be this machine's no more than their inode numbers are.
    for dir in [root.path(), tmp.path()] {
        crate::install::settle_times(dir, crate::sandbox::clock::epoch())?;
    }
    let io = io_for(root.path(), None, Some(&tmp));
    snapshot::snapshot(&base, &io, RATE, link_bridge, async |session| {
        let mut list = Vec::new();
        for arg in INIT_ARGS {
            // The interpreter keeps its arguments as C strings.
            let mut text = arg.as_bytes().to_vec();
            text.push(0);
            let at = allocate(session, &text, 1).await?;
            list.extend_from_slice(&at.to_le_bytes());
            list.extend_from_slice(&(text.len() as i32).to_le_bytes());
        }
        let at = allocate(session, &list, 4).await?;
        let started = session
            .call::<(i32, i32), ()>(RUBY_INIT, (at, INIT_ARGS.len() as i32))
            .await?;
        let loaded = session.call::<(), ()>(RUBY_INIT_LOADPATH, ()).await?;
        if started.is_err() || loaded.is_err() {
            let capture = session.capture();
            let capture = capture.lock().unwrap_or_else(|e| e.into_inner());
            bail!(
                "Ruby did not start ({:?}):\n{}{}",
                session.stopped(),
                String::from_utf8_lossy(&capture.stdout),
                String::from_utf8_lossy(&capture.stderr)
            );
        }
        Ok(())
    })
    .await
}

/// Copy `bytes` into the guest's memory through its `cabi_realloc`; the
/// address.
async fn allocate(session: &mut CoreSession, bytes: &[u8], align: i32) -> Result<i32> {
    let len = i32::try_from(bytes.len().max(1)).context("a string of over 2 GiB")?;
    let at = match session
        .call::<(i32, i32, i32, i32), i32>("cabi_realloc", (0, 0, align, len))
        .await?
    {
        Ok(at) if at != 0 => at,
        Ok(_) => bail!("the runtime could not allocate {len} bytes"),
        Err(exit) => bail!("the runtime stopped while allocating: {exit:?}"),
    };
    session.write(at as u32, bytes)?;
    Ok(at)
}

struct Ruby {
    sandbox: CoreSandbox,
}

impl Ruby {
    /// Evaluate `script` in a fresh instance with `source` as `/main.rb`.
    /// Every script here ends by exiting.
    async fn execute(
        &self,
        source: &str,
        script: &str,
        program: &Program<'_>,
        limits: &Limits,
    ) -> Result<Observed> {
        let dir = program_dir(source)?;
        let io = io_for(dir.path(), Some(program), program.scratch);
        let mut returned = false;
        let (mut observed, _) = self
            .sandbox
            .run(&io, limits, 0, async |session| {
                returned = evaluate(session, script).await?;
                Ok(())
            })
            .await?;
        if returned {
            observed.exit = broken_driver();
        }
        Ok(observed)
    }

    /// One target of a judged program: the candidate's code runs in an
    /// instance of its own, the test (`target`) in a second, pristine one,
    /// which calls the candidate's top-level methods through the host (see
    /// [`link_bridge`]). The test's instance says how the run ended: it
    /// passes when that instance exits with status 0 on its own.
    async fn judged(&self, program: &Program<'_>, target: &str, limits: &Limits) -> Result<Step> {
        let capture = Arc::new(Mutex::new(Capture::new(
            limits.output_bytes,
            Vec::new(),
            core::frame_budget(0),
        )));
        let dir = program_dir(program.code)?;
        let io = io_for(dir.path(), Some(program), program.scratch);
        let mut session = self
            .sandbox
            .session_sharing(&io, limits, Some(capture.clone()))
            .await?;
        let script = format!("{WIRE}\n{EXITS}\n{}", seeded(CANDIDATE, &program.seed));
        let returned = evaluate(&mut session, &script).await?;
        if !returned || !session.is_live() {
            return Ok(whole::ran(session.finish().0, Some(false)));
        }
        let names = offered(session.data_mut().result.take().unwrap_or_default(), target);
        let fuel = session.fuel_left();
        let link = pair::link(
            Box::new(pair::Core(RubyCandidate { session })),
            fuel,
            (RATE.per_second, RATE.per_second),
            crate::boundary::ruby::check,
        );
        // The test's own directory, scratch and randomness, and no stdin.
        let test_dir = program_dir(target)?;
        let test_scratch = Scratch::new().context("creating a scratch directory")?;
        let seed = crate::sandbox::derive(&program.seed, 9);
        let test_io = Io {
            stdin: Vec::new(),
            seed,
            ..io_for(test_dir.path(), None, Some(&test_scratch))
        };
        let mut judge = self
            .sandbox
            .session_sharing(&test_io, limits, Some(capture))
            .await?;
        judge.set_fuel(fuel);
        judge.data_mut().link = Some(link);
        let script = format!(
            "{WIRE}\n{}\n{}",
            JUDGE.replace("NAMES", &names.join(" ")),
            driver(&seed)
        );
        let broke = evaluate(&mut judge, &script).await?;
        let (observed, well) = pair::conclude::<RubyCandidate>(judge, broke.then(broken_driver));
        Ok(whole::ran(observed, Some(well)))
    }

    /// Compile the candidate's code (in a fresh instance, running none of
    /// it): `None` when it is Ruby, else what to make of it.
    async fn check(&self, program: &Program<'_>, limits: &Limits) -> Result<Option<Step>> {
        let observed = self.execute(program.code, CHECK, program, limits).await?;
        whole::checked("ruby", observed, NOT_RUBY)
    }
}

/// `script` with its `SEED` the first word of `seed`.
fn seeded(script: &str, seed: &[u8; 32]) -> String {
    let mut first = [0u8; 8];
    first.copy_from_slice(&seed[..8]);
    script.replace("SEED", &u64::from_le_bytes(first).to_string())
}

/// How a run ended whose driver returned where it always exits: the
/// program's own code broke it (a `to_ary` or `status` of its own that the
/// driver's calls reached), which fails the run, never as wasmeval's fault.
fn broken_driver() -> Exit {
    Exit::Trap("the program broke ruby's driver: it returned without an exit status".into())
}

/// The driver of a run seeded with `seed`, what it needs first.
fn driver(seed: &[u8; 32]) -> String {
    format!("{EXITS}\n{}", seeded(DRIVER, seed))
}

/// A directory holding `source` as `main.rb`.
fn program_dir(source: &str) -> Result<Scratch> {
    whole::program_dir("main.rb", source)
}

/// Evaluate `script` in `session`'s interpreter: whether the evaluation
/// returned (else the instance stopped).
async fn evaluate(session: &mut CoreSession, script: &str) -> Result<bool> {
    let at = allocate(session, script.as_bytes(), 1).await?;
    let len = i32::try_from(script.len()).context("a script of over 2 GiB")?;
    Ok(session
        .call::<(i32, i32), i32>(EVAL, (at, len))
        .await?
        .is_ok())
}

/// The method names the candidate's instance said it defined that the test
/// may be offered: plain Ruby method names the test's source uses (a name
/// it never mentions, `unpack` or `respond_to_missing?`, is not the
/// candidate's to provide).
fn offered(said: Vec<u8>, test: &str) -> Vec<String> {
    let used: std::collections::HashSet<&str> = test
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '?' || c == '!'))
        .flat_map(|word| [word, word.trim_end_matches(['?', '!'])])
        .collect();
    let text = String::from_utf8_lossy(&said);
    text.split(' ')
        .filter(|name| {
            let body = name.strip_suffix(['?', '!']).unwrap_or(name);
            !body.is_empty()
                && body.len() <= 255
                && body.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && body.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && used.contains(name)
                && !implicit(name)
        })
        .map(str::to_string)
        .collect()
}

/// Names Ruby itself calls on objects (conversions, coercion, hooks): a
/// method of the candidate's under one of them would run inside test-unit
/// or the test's own code wherever CRuby converts, whatever the test meant
/// by mentioning it.
fn implicit(name: &str) -> bool {
    name.starts_with("to_")
        || matches!(
            name,
            "coerce"
                | "each"
                | "call"
                | "hash"
                | "eql?"
                | "equal?"
                | "method_missing"
                | "respond_to?"
                | "respond_to_missing?"
                | "initialize"
                | "initialize_copy"
                | "initialize_clone"
                | "initialize_dup"
                | "inspect"
                | "pretty_print"
                | "pretty_print_cycle"
                | "included"
                | "extended"
                | "prepended"
                | "inherited"
                | "method_added"
                | "singleton_method_added"
                | "const_missing"
                | "marshal_dump"
                | "marshal_load"
                | "_dump"
                | "_load"
        )
}

/// The candidate's instance of a judged run, between the test's calls.
struct RubyCandidate {
    session: CoreSession,
}

impl RubyCandidate {
    /// Answer one call (the wire's `c`): candidate.rb's `$wasmeval_serve`
    /// hears it and says the answer, or the instance stops.
    async fn answer(&mut self, request: Vec<u8>) -> Result<std::result::Result<Vec<u8>, Exit>> {
        let data = self.session.data_mut();
        data.pending = Some((request, 0));
        data.result = None;
        evaluate(&mut self.session, SERVE).await?;
        Ok(pair::served(&mut self.session, no_answer))
    }
}

/// What the candidate's instance answers when it said nothing (it broke
/// its own `$wasmeval_serve`): an error, on the wire.
fn no_answer() -> Vec<u8> {
    let text = |s: &str| format!("s{};{s}", s.len());
    format!(
        "e{}{}",
        text("RuntimeError"),
        text("the candidate's instance answered nothing")
    )
    .into_bytes()
}

impl pair::CoreServer for RubyCandidate {
    fn session(&mut self) -> &mut CoreSession {
        &mut self.session
    }

    fn into_session(self) -> CoreSession {
        self.session
    }

    async fn answer(&mut self, request: Vec<u8>) -> Result<std::result::Result<Vec<u8>, Exit>> {
        RubyCandidate::answer(self, request).await
    }
}

impl Runtime for Ruby {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let program = &program;
            let script = driver(&program.seed);
            whole::run_checked(
                "ruby",
                program,
                || self.check(program, limits),
                |target| {
                    let script = &script;
                    async move {
                        match target {
                            Some(target) => self.judged(program, &target, limits).await,
                            None => Ok(Step::Ran(
                                self.execute(program.code, script, program, limits).await?,
                            )),
                        }
                    }
                },
                failure,
            )
            .await
        })
    }
}

/// Why a judged program failed: the exception Ruby printed
/// (`main.rb:7:in 'f': ... (NoMethodError)`), else test-unit's first
/// failure, else its exit status and the end of what it printed.
fn failure(status: i32, observed: &Observed) -> String {
    let stderr = String::from_utf8_lossy(&observed.stderr);
    if let Some(line) = stderr.lines().find(|l| l.starts_with("main.rb:")) {
        return line.trim().to_string();
    }
    let stdout = String::from_utf8_lossy(&observed.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    if let Some(at) = lines
        .iter()
        .position(|l| l.starts_with("Failure:") || l.starts_with("Error:"))
    {
        let what: Vec<&str> = lines[at..]
            .iter()
            .take(6)
            .map(|l| l.trim())
            .filter(|l| !l.is_empty())
            .collect();
        return format!(
            "the program exited with status {status}: {}",
            what.join(" | ")
        );
    }
    whole::exited(status, observed)
}
