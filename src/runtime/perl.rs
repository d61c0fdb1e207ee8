//! `perl`: Perl 5 as npm's `@6over3/zeroperl-ts` builds it for WASI
//! (`zeroperl.wasm`: the interpreter with its core modules inside it), a
//! reactor whose `zeroperl_init_with_args` is `perl ARGS...`: it parses
//! and runs a program as the `perl` command does and returns its exit
//! status.
//!
//! **A run** is `perl main.pl`, as SandboxFusion's and MultiPL-E's runners
//! run a file: a fresh instance with the program at `/main.pl` (the working
//! directory is `/`), stdin the case's input, `/run_code`'s files at
//! `/tmp`, the run's fuel, memory and output caps and its seeded clocks and
//! randomness. Two modules written here are where a native installation
//! keeps site modules (`/usr/share/perl5`): `Test::Deep`, a stand-in with
//! CPAN's module's meaning for what MultiPL-E's tests use
//! (`runtimes/perl/Test/Deep.pm`; no registry every platform reaches
//! carries the real one), and `wasmeval_flush`, loaded first, whose END
//! block flushes the program's output at exit as a native interpreter's
//! destruction does. The run compiles the program itself: code that
//! does not compile is a `syntax_error` with Perl's message, never
//! compiled by a check of its own (which would run its BEGIN blocks a
//! second time, against the same `/tmp`, on fuel of its own: a program
//! could work there for free). A program is judged by its exit status, as
//! a native process
//! is (see `super::whole`).

use super::whole::{self, Step};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::FuelRate;
use crate::language::Language;
use crate::sandbox::core::{CoreSandbox, CoreSession};
use crate::sandbox::{Exit, Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "perl-1";

/// The reactor inside the npm tarball.
const MEMBER: &str = "package/dist/esm/zeroperl.wasm";

/// Site modules, where Debian keeps them (and `@INC` is told).
const SITE: &str = "/usr/share/perl5";
const TEST_DEEP: &str = include_str!("../../runtimes/perl/Test/Deep.pm");
const FLUSH: &str = include_str!("../../runtimes/perl/wasmeval_flush.pm");

/// Fuel that stands for a second of native `perl`: measured on this
/// machine against Debian's perl 5.36 on integer loops, a hash of 2e5
/// keys, a numeric sort of 2e5, recursion (`fib(22)`) and string building
/// with a regex together (7.3e9 fuel for 0.40 s of native CPU time),
/// rounded. The guest runs about six times slower than native in wall
/// time, so a timeout takes that much longer.
pub const RATE: FuelRate = FuelRate {
    per_second: 18_000_000_000,
    startup: 100_000_000,
};

/// The `perl` runtime.
pub static KIND: Kind = Kind;

pub struct Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "perl"
    }

    fn language(&self) -> Language {
        Language::Perl
    }

    fn rate(&self) -> FuelRate {
        RATE
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        use std::hash::Hash;
        let spec = crate::install::spec("perl")?;
        let mut hasher = crate::engine::ShaHasher::new();
        spec.build_key(BUILD_VERSION).hash(&mut hasher);
        TEST_DEEP.hash(&mut hasher);
        FLUSH.hash(&mut hasher);
        let key = crate::install::hex(&hasher.finish_sha());
        let cache = context.cache;
        let dir = cache.runtimes_dir().join(format!("perl-{}", &key[..16]));
        cache
            .build_into(
                "build-perl",
                &dir,
                |dir| dir.join("zeroperl.wasm").is_file(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    let out = staging.join("out");
                    super::typescript::unpack_member(&tarball, MEMBER, &out.join("zeroperl.wasm"))
                        .with_context(|| format!("unpacking {}", tarball.display()))?;
                    let site = out.join("site");
                    std::fs::create_dir_all(site.join("Test"))?;
                    std::fs::write(site.join("Test").join("Deep.pm"), TEST_DEEP)?;
                    std::fs::write(site.join("wasmeval_flush.pm"), FLUSH)?;
                    crate::install::settle_times(&site, crate::sandbox::clock::epoch())?;
                    Ok(out)
                },
            )
            .context("installing perl")?;
        let module = crate::engine::load_module(
            context.engine,
            cache,
            "perl",
            &key,
            &dir.join("zeroperl.wasm"),
        )?;
        Ok(Arc::new(Perl {
            sandbox: CoreSandbox::with_imports(context.engine, &module, |linker| {
                super::clang::link_exit(linker)?;
                // Perl calling back into JavaScript: there is none.
                linker.define_unknown_imports_as_traps(&module)
            })?,
            site: dir.join("site"),
        }))
    }
}

struct Perl {
    sandbox: CoreSandbox,
    /// The site modules' directory, mounted at [`SITE`].
    site: PathBuf,
}

impl Perl {
    /// `perl -I SITE -Mwasmeval_flush main.pl` on the program's code in a
    /// fresh instance. (The arguments go to the interpreter's own
    /// `perl_parse`: zeroperl does not read WASI's.)
    async fn execute(&self, program: &Program<'_>, limits: &Limits) -> Result<Observed> {
        let dir = Scratch::new().context("creating a scratch directory")?;
        std::fs::write(dir.path().join("main.pl"), program.code)
            .context("writing the program into its directory")?;
        crate::install::settle_times(dir.path(), crate::sandbox::clock::epoch())?;
        let args = [
            "perl".to_string(),
            format!("-I{SITE}"),
            "-Mwasmeval_flush".into(),
            "main.pl".into(),
        ];
        let io = io_for(dir.path(), &self.site, program);
        let mut returned = None;
        let (mut observed, _) = self
            .sandbox
            .run(&io, limits, 0, async |session| {
                let argv = allocate_args(session, &args).await?;
                returned = session
                    .call::<(i32, i32), i32>("zeroperl_init_with_args", (args.len() as i32, argv))
                    .await?
                    .ok();
                Ok(())
            })
            .await?;
        // perl_run returned the program's exit status (its `exit`, 255
        // after an uncaught `die`): the process ends with it, as `perl`'s.
        // When the program did not compile (a BEGIN block died), the
        // embedding says 1 where `perl` exits with 255.
        if let (Some(status), Exit::Exited(0)) = (returned, &observed.exit) {
            let status = match status {
                1 if compile_failed(&String::from_utf8_lossy(&observed.stderr)) => 255,
                other => other & 0xff,
            };
            observed.exit = Exit::Exited(status);
        }
        Ok(observed)
    }
}

/// What a run was: a syntax error when Perl refused to compile the
/// program (it ran none of it but its BEGIN blocks), else the run. The
/// program is compiled by the run itself, never by a check of its own: a
/// check would run its BEGIN blocks a second time, against the same
/// `/tmp`, on fuel of its own.
fn step(observed: Observed) -> Step {
    let stderr = String::from_utf8_lossy(&observed.stderr);
    if observed.exit == Exit::Exited(255) && syntax_refused(&stderr) {
        return Step::Refused {
            name: "SyntaxError",
            diagnostics: stderr.trim_end().to_string(),
        };
    }
    Step::Ran(observed)
}

/// Whether Perl refused the program's syntax.
fn syntax_refused(stderr: &str) -> bool {
    stderr.contains("had compilation errors")
        || stderr.contains("aborted due to compilation errors")
}

/// Whether Perl said the program did not compile: its syntax, or a BEGIN
/// block that died.
fn compile_failed(stderr: &str) -> bool {
    syntax_refused(stderr) || stderr.contains("compilation aborted")
}

/// What an instance sees: the program's directory at `/`, the site
/// modules, a request's files at `/tmp`.
fn io_for(dir: &Path, site: &Path, program: &Program<'_>) -> Io {
    Io {
        stdin: program.stdin.as_bytes().to_vec(),
        seed: program.seed,
        mounts: vec![
            (dir.to_path_buf(), "/".into()),
            (site.to_path_buf(), SITE.into()),
        ],
        scratch: program.scratch.map(Scratch::mount),
        ..Io::default()
    }
}

/// `args` as C's `argv` in the guest's memory (its `malloc`): the address
/// of the pointer array.
async fn allocate_args(session: &mut CoreSession, args: &[String]) -> Result<i32> {
    let mut pointers = Vec::new();
    for arg in args {
        let mut text = arg.as_bytes().to_vec();
        text.push(0);
        let at = malloc(session, &text).await?;
        pointers.extend_from_slice(&at.to_le_bytes());
    }
    pointers.extend_from_slice(&0i32.to_le_bytes());
    malloc(session, &pointers).await
}

async fn malloc(session: &mut CoreSession, bytes: &[u8]) -> Result<i32> {
    let len = i32::try_from(bytes.len()).context("an argument of over 2 GiB")?;
    match session.call::<i32, i32>("malloc", len).await? {
        Ok(at) if at != 0 => {
            session.write(at as u32, bytes)?;
            Ok(at)
        }
        Ok(_) => bail!("perl could not allocate {len} bytes for its arguments"),
        Err(exit) => bail!("perl stopped while its arguments were written: {exit:?}"),
    }
}

impl Runtime for Perl {
    fn id(&self) -> &'static str {
        "perl"
    }

    fn language(&self) -> Language {
        Language::Perl
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
            if !program.targets.is_empty() {
                bail!(
                    "the perl runtime runs programs (stdin and stdout, `/run_code`, input/output \
                     cases); assertion targets and MultiPL-E's Perl tests are not supported yet"
                );
            }
            whole::run(
                "perl",
                program,
                |_| async move {
                    let observed = self.execute(program, limits).await?;
                    Ok((step(observed), None))
                },
                // Its exit status and Perl's last message (`Died at main.pl
                // line 3.`).
                whole::exited,
            )
            .await
        })
    }
}
