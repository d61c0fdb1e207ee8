//! `typescript`: TypeScript with its types stripped by esbuild, which
//! itself runs in wasmtime, then run by the `javascript` runtime.
//!
//! **The stripper (once per machine, on first use).** npm's
//! `@esbuild/wasi-preview1` (pinned in `runtimes/manifest.json` by its
//! tarball's SHA-256) is esbuild as one WASI preview-1 command. Its module
//! is unpacked into the cache and compiled once, on the compilers' engine
//! ([`crate::engine::compiler_engine`]).
//!
//! **A run.** Every piece of TypeScript the run has (the candidate's code,
//! each assertion string, a unit-test file) is stripped on its own, as
//! `tsx` (SandboxFusion's TypeScript runner) and `esbuild --loader=ts`
//! strip a file: a fresh instance of the command reads the source on
//! stdin, with no files, no environment and a budget of its own
//! ([`STRIP_FUEL`]), and writes JavaScript on stdout. Types are removed and
//! `enum`, `namespace` and parameter properties become JavaScript; types
//! are not checked. The JavaScript then runs in the `javascript` runtime
//! exactly as a JavaScript task does (its test in an instance of its own).
//! A candidate that does not strip is a `syntax_error` whose detail is
//! esbuild's first diagnostics; a test that does not strip becomes a test
//! that throws them, so its target fails without blaming the candidate.
//! Stripped sources are kept by their SHA-256 ([`SOURCES_KEPT`]), so the
//! cases of an input/output task strip the code once.

use super::clang::diagnostics;
use super::tsc;
use super::whole::not_run;
use super::{Context, Program, Ran, Runtime, RuntimeKind, TestFile};
use crate::fuel::{self, FuelRate};
use crate::install::Cache;
use crate::language::Language;
use crate::report::{Raised, Report};
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Exit, Io, Limits};
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "typescript-1";
/// The command inside the npm tarball.
const ESBUILD_MEMBER: &str = "package/esbuild.wasm";
/// What esbuild is run with: TypeScript in, JavaScript out, errors only.
const ESBUILD_ARGS: &[&str] = &[
    "esbuild",
    "--loader=ts",
    "--log-level=error",
    "--color=false",
    "--sourcefile=main.ts",
];
/// Fuel one strip may burn: about 10 s, some 300 times what a benchmark's
/// program takes.
pub const STRIP_FUEL: u64 = 50_000_000_000;
/// Linear memory esbuild may use.
const STRIP_MEMORY_BYTES: usize = 1 << 30;
/// JavaScript (and diagnostics) one strip may write.
const STRIP_OUTPUT_BYTES: usize = 32 << 20;
/// Strips (and checks) kept, by their TypeScript.
const SOURCES_KEPT: usize = 256;

/// The `typescript` runtime.
pub static KIND: Kind = Kind { checked: false };

/// The `typescript-checked` runtime: the same, each program first checked
/// by `tsc` ([`super::tsc`]).
pub static CHECKED: Kind = Kind { checked: true };

pub struct Kind {
    /// Whether programs are type-checked before they are stripped.
    checked: bool,
}

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        if self.checked {
            tsc::RUNTIME
        } else {
            "typescript"
        }
    }

    fn language(&self) -> Language {
        Language::TypeScript
    }

    fn rate(&self) -> FuelRate {
        fuel::JAVASCRIPT
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let checker = match self.checked {
            true => Some(tsc::Checker::prepare(context.cache)?),
            false => None,
        };
        Ok(Arc::new(TypeScript::prepare(context, checker)?))
    }
}

/// esbuild, compiled, ready to strip.
struct Stripper {
    sandbox: CoreSandbox,
}

/// What stripping a source gave.
#[derive(Debug, Clone)]
enum Stripped {
    /// The JavaScript.
    Script(String),
    /// esbuild's diagnostics: it is not TypeScript.
    Failed(String),
    /// esbuild stopped on it (its stack, memory or output: deep nesting,
    /// an enum whose strings double): what stopped.
    Stopped(String),
}

impl Stripper {
    fn prepare(cache: &Cache) -> Result<Stripper> {
        let spec = crate::install::spec("typescript")?;
        let key = spec.build_key(BUILD_VERSION);
        let dir = cache.runtimes_dir().join(format!("esbuild-{}", &key[..16]));
        cache
            .build_into(
                "build-esbuild",
                &dir,
                |dir| dir.join("esbuild.wasm").is_file(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    let out = staging.join("out");
                    unpack_member(&tarball, ESBUILD_MEMBER, &out.join("esbuild.wasm"))
                        .with_context(|| format!("unpacking {}", tarball.display()))?;
                    Ok(out)
                },
            )
            .context("installing esbuild")?;
        let engine = crate::engine::compiler_engine()?;
        let module =
            crate::engine::load_module(&engine, cache, "esbuild", &key, &dir.join("esbuild.wasm"))?;
        Ok(Stripper {
            sandbox: CoreSandbox::new(&engine, &module)?,
        })
    }

    /// Strip `source` in a fresh instance of esbuild.
    async fn strip(&self, source: &str) -> Result<Stripped> {
        let io = Io {
            stdin: source.as_bytes().to_vec(),
            args: ESBUILD_ARGS.iter().map(|a| a.to_string()).collect(),
            ..Io::default()
        };
        let limits = Limits {
            fuel: STRIP_FUEL,
            rate: fuel::NATIVE,
            wall: fuel::STALL,
            memory_bytes: STRIP_MEMORY_BYTES,
            output_bytes: STRIP_OUTPUT_BYTES,
        };
        let observed = self.sandbox.run_command(&io, &limits).await?;
        tracing::debug!(
            "esbuild stripped {} bytes with {} fuel in {:?}",
            source.len(),
            observed.fuel_used,
            observed.wall
        );
        let stderr = String::from_utf8_lossy(&observed.stderr);
        match &observed.exit {
            Exit::Exited(0) => match String::from_utf8(observed.stdout) {
                Ok(script) => Ok(Stripped::Script(script)),
                Err(_) => bail!("esbuild wrote JavaScript that is not UTF-8"),
            },
            Exit::Exited(_) if !observed.memory_refused => {
                Ok(Stripped::Failed(diagnostics(&stderr)))
            }
            // Anything else is the source's doing: a strip is linear in
            // most inputs, but deep nesting overflows esbuild's stack and
            // an enum whose members double their strings fills its memory.
            other => Ok(Stripped::Stopped(format!(
                "esbuild stopped on this source ({other:?}{}){}",
                if observed.memory_refused {
                    ", memory refused"
                } else {
                    ""
                },
                match diagnostics(&stderr) {
                    d if d.is_empty() => String::new(),
                    d => format!(": {d}"),
                }
            ))),
        }
    }
}

/// Copy the tarball's `member` to `to`.
pub(super) fn unpack_member(tarball: &Path, member: &str, to: &Path) -> Result<()> {
    let file = std::fs::File::open(tarball)?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    for entry in archive.entries()? {
        let mut entry = entry?;
        if entry.path()?.to_string_lossy() == member {
            std::fs::create_dir_all(to.parent().expect("a file has a parent"))?;
            let mut target = std::fs::File::create(to)?;
            std::io::copy(&mut entry, &mut target)?;
            return Ok(());
        }
    }
    bail!("the tarball has no {member}")
}

struct TypeScript {
    /// Checks every program first (`typescript-checked`), or none.
    checker: Option<tsc::Checker>,
    stripper: Stripper,
    javascript: Arc<dyn Runtime>,
    /// Recent strips, by their source.
    strips: Kept<Stripped>,
    /// Recent checks, by the source checked.
    checks: Kept<tsc::Checked>,
}

/// What was made of recent sources (a strip, a check), by the SHA-256 of
/// the source, newest last: the cases of an input/output task strip and
/// check the code once.
struct Kept<T>(Mutex<VecDeque<([u8; 32], T)>>);

impl<T: Clone> Kept<T> {
    fn new() -> Kept<T> {
        Kept(Mutex::new(VecDeque::new()))
    }

    fn key(source: &str) -> [u8; 32] {
        use sha2::Digest;
        sha2::Sha256::digest(source.as_bytes()).into()
    }

    fn get(&self, source: &str) -> Option<T> {
        let key = Self::key(source);
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let at = kept.iter().position(|(k, _)| *k == key)?;
        let entry = kept.remove(at).expect("the position is in range");
        let value = entry.1.clone();
        kept.push_back(entry);
        Some(value)
    }

    fn keep(&self, source: &str, value: T) {
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.push_back((Self::key(source), value));
        while kept.len() > SOURCES_KEPT {
            kept.pop_front();
        }
    }
}

impl TypeScript {
    fn prepare(context: &Context<'_>, checker: Option<tsc::Checker>) -> Result<TypeScript> {
        let stripper = Stripper::prepare(context.cache)?;
        let javascript = super::javascript::KIND
            .prepare(context)
            .context("preparing the javascript runtime TypeScript runs in")?;
        Ok(TypeScript {
            checker,
            stripper,
            javascript,
            strips: Kept::new(),
            checks: Kept::new(),
        })
    }

    /// Check the program as `tsc --target esnext` checks MultiPL-E's file:
    /// the code followed by each target (the program MultiPL-E runs), or
    /// the code alone when it has none: the first check that is not
    /// clean, else clean (as it is with no checker).
    async fn type_check(&self, program: &Program<'_>) -> Result<tsc::Checked> {
        let Some(checker) = &self.checker else {
            return Ok(tsc::Checked::Clean);
        };
        for source in super::whole::sources(program) {
            let checked = match self.checks.get(&source) {
                Some(checked) => checked,
                None => {
                    let checked = checker.check(&source).await?;
                    self.checks.keep(&source, checked.clone());
                    checked
                }
            };
            if !matches!(checked, tsc::Checked::Clean) {
                return Ok(checked);
            }
        }
        Ok(tsc::Checked::Clean)
    }

    /// `source` stripped: kept, or stripped now.
    async fn strip(&self, source: &str) -> Result<Stripped> {
        if let Some(stripped) = self.strips.get(source) {
            return Ok(stripped);
        }
        let stripped = self.stripper.strip(source).await?;
        self.strips.keep(source, stripped.clone());
        Ok(stripped)
    }

    /// A test's source as JavaScript: stripped, or, when it is not
    /// TypeScript, a script that throws esbuild's diagnostics (the test
    /// then fails as a test that raises does).
    async fn strip_test(&self, source: &str) -> Result<String> {
        Ok(match self.strip(source).await? {
            Stripped::Script(script) => script,
            Stripped::Failed(diagnostics) | Stripped::Stopped(diagnostics) => format!(
                "throw new SyntaxError({});\n",
                serde_json::to_string(&format!("the test is not TypeScript: {diagnostics}"))?
            ),
        })
    }
}

impl Runtime for TypeScript {
    fn kind(&self) -> &'static dyn RuntimeKind {
        if self.checker.is_some() {
            &CHECKED
        } else {
            &KIND
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let started = Instant::now();
            let refused = |diagnostics: String| {
                let mut report = Report::new(program.targets.len());
                report.ready = true;
                report.compile_error = Some(Raised {
                    name: "SyntaxError".into(),
                    message: diagnostics.clone(),
                    ..Raised::default()
                });
                let mut observed = not_run(started.elapsed());
                observed.stderr = diagnostics.into_bytes();
                Ran { observed, report }
            };
            // The compiler stopped on the candidate's code (what stopped).
            let stopped = |what: String| {
                let mut report = Report::new(program.targets.len());
                report.ready = true;
                report.compile_stop = Some(what);
                Ran {
                    observed: not_run(started.elapsed()),
                    report,
                }
            };
            match self.type_check(&program).await? {
                tsc::Checked::Clean => {}
                tsc::Checked::Errors(diagnostics) => return Ok(refused(diagnostics)),
                tsc::Checked::Stopped(what) => return Ok(stopped(what)),
            }
            let code = match self.strip(program.code).await? {
                Stripped::Script(script) => script,
                Stripped::Failed(diagnostics) => return Ok(refused(diagnostics)),
                Stripped::Stopped(what) => return Ok(stopped(what)),
            };
            let mut targets = Vec::with_capacity(program.targets.len());
            for target in program.targets {
                targets.push(self.strip_test(target).await?);
            }
            let tests = match &program.tests {
                Some(tests) => Some(self.strip_test(tests.source).await?),
                None => None,
            };
            let stripping = started.elapsed();
            let program = Program {
                code: &code,
                targets: &targets,
                tests: program.tests.map(|file| TestFile {
                    source: tests.as_deref().expect("a test file was stripped"),
                    ..file
                }),
                ..program
            };
            let mut ran = self.javascript.run(program, limits).await?;
            ran.observed.wall += stripping;
            Ok(ran)
        })
    }
}
