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
//! (`require "js"`), which nothing here offers: each traps. The reactor is
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

use super::snapshot;
use super::whole::{self, Step};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::FuelRate;
use crate::language::Language;
use crate::sandbox::core::{CoreSandbox, CoreSession, Guest};
use crate::sandbox::{Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::path::Path;
use std::sync::Arc;

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

/// Runs `main.rb` as `ruby main.rb` does (`SEED` is replaced).
const DRIVER: &str = include_str!("../../runtimes/ruby/main.rb");

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
/// the bridge to JavaScript traps (there is none).
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
        let dir = Scratch::new().context("creating a scratch directory")?;
        std::fs::write(dir.path().join("main.rb"), source)
            .context("writing the program into its directory")?;
        // `File.mtime("main.rb")` is the same in every run, on every machine.
        crate::install::settle_times(dir.path(), crate::sandbox::clock::epoch())?;
        let io = io_for(dir.path(), Some(program), program.scratch);
        let (observed, _) = self
            .sandbox
            .run(&io, limits, 0, async |session| {
                let at = allocate(session, script.as_bytes(), 1).await?;
                match session
                    .call::<(i32, i32), i32>(EVAL, (at, script.len() as i32))
                    .await?
                {
                    Ok(_) => bail!("ruby's driver returned instead of exiting"),
                    Err(_) => Ok(()),
                }
            })
            .await?;
        Ok(observed)
    }

    /// Compile the candidate's code (in a fresh instance, running none of
    /// it): `None` when it is Ruby, else what to make of it.
    async fn check(&self, program: &Program<'_>, limits: &Limits) -> Result<Option<Step>> {
        let observed = self.execute(program.code, CHECK, program, limits).await?;
        whole::checked("ruby", observed, NOT_RUBY)
    }
}

/// The driver for a run seeded with `seed`.
fn driver(seed: &[u8; 32]) -> String {
    let mut first = [0u8; 8];
    first.copy_from_slice(&seed[..8]);
    DRIVER.replace("SEED", &u64::from_le_bytes(first).to_string())
}

impl Runtime for Ruby {
    fn id(&self) -> &'static str {
        "ruby"
    }

    fn language(&self) -> Language {
        Language::Ruby
    }

    fn rate(&self) -> FuelRate {
        RATE
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
                        let source = whole::joined(program.code, target.as_deref());
                        let observed = self.execute(&source, script, program, limits).await?;
                        Ok(Step::Ran(observed))
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
    let printed = if observed.stderr.is_empty() {
        &observed.stdout
    } else {
        &observed.stderr
    };
    whole::with_tail(format!("the program exited with status {status}"), printed)
}
