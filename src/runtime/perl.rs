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
//!
//! **A judged program** (code and a test, MultiPL-E's Perl) runs as two
//! instances, linked by the host as a Ruby run's are (see
//! [`crate::sandbox::pair`]): the candidate's runs the code alone
//! (`runtimes/perl/candidate.pl`) and says which subs of package main it
//! defined; the test's, a pristine one with only the test as its
//! `main.pl`, gets each of those as a sub that calls the candidate's
//! through the host (`runtimes/perl/judge.pl`), in the context the test
//! calls it in. Arguments and results cross on the wire of
//! `runtimes/perl/wire.pl`, every answer checked by
//! [`crate::boundary::perl`]. The two talk through zeroperl's one import,
//! `env.call_host_function`, behind two subs the host registers in each
//! interpreter (`wasmeval::say`, `wasmeval::hear`, see [`link_host`]).
//! The test's instance's exit status is the verdict; the candidate's
//! stopping (an exit, a death while its code loads, its fuel) ends the run
//! as that, and never passes it. In one process, a candidate that
//! redefines `eq_deeply` or exits with status 0 passes every test; here it
//! changes only its own instance.

use super::whole::{self, Step};
use super::{Context, Program, Ran, Runtime, RuntimeKind};
use crate::fuel::FuelRate;
use crate::language::Language;
use crate::sandbox::core::{self, CoreSandbox, CoreSession, Guest, guest_stop, read_guest};
use crate::sandbox::pair;
use crate::sandbox::{Capture, Exit, Io, Limits, Observed};
use crate::scratch::Scratch;
use anyhow::{Context as _, Result, bail};
use futures::future::BoxFuture;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Bumped when the build procedure changes in a way the inputs do not show.
pub const BUILD_VERSION: &str = "perl-1";

/// The reactor inside the npm tarball.
const MEMBER: &str = "package/dist/esm/zeroperl.wasm";

/// Site modules, where Debian keeps them (and `@INC` is told).
const SITE: &str = "/usr/share/perl5";
const TEST_DEEP: &str = include_str!("../../runtimes/perl/Test/Deep.pm");
const FLUSH: &str = include_str!("../../runtimes/perl/wasmeval_flush.pm");
/// The program a judged run's interpreters start with: nothing.
const START: &str = include_str!("../../runtimes/perl/wasmeval_start.pl");

/// How both sides of a judged run load their `main.pl` (comes first).
const LOAD: &str = include_str!("../../runtimes/perl/load.pl");
/// The wire between a judged run's two instances (see
/// [`crate::boundary::perl`]).
const WIRE: &str = include_str!("../../runtimes/perl/wire.pl");
/// The candidate's instance of a judged run.
const CANDIDATE: &str = include_str!("../../runtimes/perl/candidate.pl");
/// The test's instance of a judged run (`NAMES` is replaced by the names'
/// hex, so that nothing in them is Perl).
const JUDGE: &str = include_str!("../../runtimes/perl/judge.pl");

/// What the candidate's instance runs to answer a call (see candidate.pl).
const SERVE: &str = "$wasmeval::serve->()";

/// The host functions registered in a judged run's interpreters, by the
/// number zeroperl passes to `call_host_function`.
const SAY: i32 = 1;
const HEAR: i32 = 2;

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
        START.hash(&mut hasher);
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
                    std::fs::write(site.join("wasmeval_start.pl"), START)?;
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
                link_host(linker)
            })?,
            site: dir.join("site"),
        }))
    }
}

/// zeroperl's one import beside WASI, `call_host_function(id, argc,
/// argv)`: a call of a sub the host registered (see [`Perl::interpreter`]),
/// its arguments zeroperl's values (`argv`, `argc` of them), its result a
/// value the host makes with zeroperl's exports. A judged run's channel
/// between its instances, as Ruby's bridge is:
///
/// - `wasmeval::say(TEXT)` says `TEXT` to the host. From the test's
///   instance it is a call of the candidate's (see [`crate::sandbox::pair`]),
///   whose answer it returns; from the candidate's instance it is what the
///   instance answers (kept in [`Guest::result`]).
/// - `wasmeval::hear()` is what the host says: a call to serve, in the
///   candidate's instance.
///
/// A program run whole registers neither, so nothing calls this there.
fn link_host(linker: &mut wasmtime::Linker<Guest>) -> wasmtime::Result<()> {
    linker.func_wrap_async(
        "env",
        "call_host_function",
        |mut caller: wasmtime::Caller<'_, Guest>, (id, argc, argv): (i32, i32, i32)| {
            Box::new(async move {
                match id {
                    SAY => {
                        if argc != 1 {
                            return Err(guest_stop("wasmeval::say takes one argument"));
                        }
                        let value = read_guest(&mut caller, argv, 4)?;
                        let value = i32::from_le_bytes(value.try_into().expect("4 bytes"));
                        let said = string_of(&mut caller, value).await?;
                        if caller.data().link.is_some() {
                            let mut request = Vec::with_capacity(said.len() + 1);
                            request.push(b'Q');
                            request.extend_from_slice(&said);
                            let reply = core::exchange(&mut caller, request).await?;
                            // The host checked it: `A` and an answer.
                            new_string(&mut caller, reply.get(1..).unwrap_or_default()).await
                        } else {
                            caller.data_mut().result = Some(said);
                            call_export::<(), i32>(&mut caller, "zeroperl_new_undef", ()).await
                        }
                    }
                    HEAR => {
                        let heard = caller
                            .data_mut()
                            .pending
                            .take()
                            .map(|(bytes, _)| bytes)
                            .unwrap_or_default();
                        new_string(&mut caller, &heard).await
                    }
                    _ => Err(guest_stop(
                        "a call of a host function the host never registered",
                    )),
                }
            })
        },
    )?;
    Ok(())
}

/// Call the calling guest's export `name` (a Perl value's maker or
/// reader, its allocator), from inside one of its imports.
async fn call_export<P, R>(
    caller: &mut wasmtime::Caller<'_, Guest>,
    name: &'static str,
    params: P,
) -> wasmtime::Result<R>
where
    P: wasmtime::WasmParams + Send + Sync,
    R: wasmtime::WasmResults + Send + Sync,
{
    let func = caller
        .get_export(name)
        .and_then(|e| e.into_func())
        .ok_or_else(|| guest_stop("the runtime lacks an export of zeroperl's"))?
        .typed::<P, R>(&*caller)?;
    func.call_async(&mut *caller, params).await
}

/// The bytes of the guest's Perl value `value`, a string of bytes.
/// zeroperl's `zeroperl_to_string` gives the UTF-8 form of a string's
/// characters (it serves JavaScript's strings), so each byte of a string
/// of bytes comes as its character's UTF-8 and is taken back here; a
/// character above 255 is no byte, and stops the instance that said it.
async fn string_of(
    caller: &mut wasmtime::Caller<'_, Guest>,
    value: i32,
) -> wasmtime::Result<Vec<u8>> {
    let length_at = call_export::<i32, i32>(caller, "malloc", 4).await?;
    if length_at == 0 {
        return Err(guest_stop("out of memory in a call of the host"));
    }
    let at =
        call_export::<(i32, i32), i32>(caller, "zeroperl_to_string", (value, length_at)).await?;
    let length = read_guest(caller, length_at, 4)?;
    let length = i32::from_le_bytes(length.try_into().expect("4 bytes"));
    call_export::<i32, ()>(caller, "free", length_at).await?;
    if at == 0 {
        return Ok(Vec::new());
    }
    let text = read_guest(caller, at, length)?;
    bytes_of_characters(&text)
        .ok_or_else(|| guest_stop("a message to the host that is not a string of bytes"))
}

/// The bytes whose characters `text` (UTF-8) spells, if each is a byte.
fn bytes_of_characters(text: &[u8]) -> Option<Vec<u8>> {
    std::str::from_utf8(text)
        .ok()?
        .chars()
        .map(|c| u8::try_from(u32::from(c)).ok())
        .collect()
}

/// `bytes` as the UTF-8 of characters that are those bytes, which is how
/// `zeroperl_new_string` reads what it is given (it makes a string of
/// characters); a side's wire takes them back as bytes.
fn characters_of_bytes(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .map(|&b| char::from(b))
        .collect::<String>()
        .into_bytes()
}

/// A new Perl string value in the guest whose characters are `bytes`.
async fn new_string(
    caller: &mut wasmtime::Caller<'_, Guest>,
    bytes: &[u8],
) -> wasmtime::Result<i32> {
    let bytes = &characters_of_bytes(bytes);
    let length = i32::try_from(bytes.len()).map_err(|_| guest_stop("a message of over 2 GiB"))?;
    let at = call_export::<i32, i32>(caller, "malloc", length.max(1)).await?;
    if at == 0 {
        return Err(guest_stop("out of memory in a call of the host"));
    }
    core::write_guest(caller, at, bytes)?;
    let value = call_export::<(i32, i32), i32>(caller, "zeroperl_new_string", (at, length)).await?;
    call_export::<i32, ()>(caller, "free", at).await?;
    if value == 0 {
        return Err(guest_stop("out of memory in a call of the host"));
    }
    Ok(value)
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
        let dir = program_dir(program.code)?;
        let args = [
            "perl".to_string(),
            format!("-I{SITE}"),
            "-Mwasmeval_flush".into(),
            "main.pl".into(),
        ];
        let io = io_for(dir.path(), &self.site, program);
        let mut returned = None;
        let mut ended = None;
        let (mut observed, _) = self
            .sandbox
            .run(&io, limits, 0, async |session| {
                let argv = match allocate_args(session, &args).await? {
                    Ok(argv) => argv,
                    Err(exit) => {
                        ended = Some(exit);
                        return Ok(());
                    }
                };
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
        if let (Some(exit), Exit::Exited(0)) = (ended, &observed.exit) {
            observed.exit = exit;
        }
        Ok(observed)
    }

    /// Start a judged run's interpreter in `session` (`perl -I SITE
    /// SITE/wasmeval_start.pl`, which runs nothing) with the host's subs
    /// registered, and evaluate `script`, one of the two sides: `None` when
    /// the evaluation returned, else how the instance ended (the test's side
    /// always ends by exiting; the candidate's returns after it said its
    /// names unless its code ended it). Whatever the run did to get there,
    /// its fuel or its memory included, is the run's, never wasmeval's.
    async fn interpreter(session: &mut CoreSession, script: &str) -> Result<Option<Exit>> {
        let args = [
            "perl".to_string(),
            format!("-I{SITE}"),
            format!("{SITE}/wasmeval_start.pl"),
        ];
        let argv = match allocate_args(session, &args).await? {
            Ok(argv) => argv,
            Err(exit) => return Ok(Some(exit)),
        };
        match session
            .call::<(i32, i32), i32>("zeroperl_init_with_args", (args.len() as i32, argv))
            .await?
        {
            Ok(0) => {}
            Ok(status) => bail!("perl did not start (status {status})"),
            Err(exit) => return Ok(Some(exit)),
        }
        for (id, name) in [(SAY, "wasmeval::say"), (HEAR, "wasmeval::hear")] {
            let at = match malloc(session, format!("{name}\0").as_bytes()).await? {
                Ok(at) => at,
                Err(exit) => return Ok(Some(exit)),
            };
            if let Err(exit) = session
                .call::<(i32, i32), ()>("zeroperl_register_function", (id, at))
                .await?
            {
                return Ok(Some(exit));
            }
        }
        evaluate(session, script).await
    }

    /// One target of a judged program: the candidate's code runs in an
    /// instance of its own, the test (`target`) in a second, pristine one,
    /// which calls the candidate's subs through the host (see
    /// [`link_host`]). The test's instance says how the run ended: it
    /// passes when that instance exits with status 0 on its own.
    async fn judged(&self, program: &Program<'_>, target: &str, limits: &Limits) -> Result<Step> {
        let capture = Arc::new(Mutex::new(Capture::new(
            limits.output_bytes,
            Vec::new(),
            core::frame_budget(0),
        )));
        let dir = program_dir(program.code)?;
        let io = io_for(dir.path(), &self.site, program);
        let mut session = self
            .sandbox
            .session_sharing(&io, limits, Some(capture.clone()))
            .await?;
        let script = format!("{LOAD}{{\nno warnings;\n{WIRE}\n{CANDIDATE}}}\n");
        if let Some(exit) = Self::interpreter(&mut session, &script).await? {
            // Its code died, exited or did not compile: the test never ran.
            let (mut observed, _) = session.finish();
            observed.exit = exit;
            return Ok(judged_step(observed, false));
        }
        let names = offered(session.data_mut().result.take().unwrap_or_default(), target);
        let fuel = session.fuel_left();
        let link = pair::link(
            Box::new(pair::Core(PerlCandidate { session })),
            fuel,
            (RATE.per_second, RATE.per_second),
            crate::boundary::perl::check,
        );
        // The test's own directory, scratch and randomness, and no stdin.
        let test_dir = program_dir(target)?;
        let test_scratch = Scratch::new().context("creating a scratch directory")?;
        let seed = crate::sandbox::derive(&program.seed, 9);
        let test_io = Io {
            stdin: Vec::new(),
            seed,
            scratch: Some(test_scratch.mount()),
            ..io_for(test_dir.path(), &self.site, program)
        };
        let mut judge = self
            .sandbox
            .session_sharing(&test_io, limits, Some(capture))
            .await?;
        judge.set_fuel(fuel);
        judge.data_mut().link = Some(link);
        let script = format!(
            "{LOAD}{{\nno warnings;\n{WIRE}\n{}}}\n",
            JUDGE.replace("NAMES", &crate::install::hex(names.join(" ").as_bytes()))
        );
        let ended = Self::interpreter(&mut judge, &script).await?;
        let ended = ended.unwrap_or_else(|| {
            Exit::Trap("the test broke perl's driver: it returned without an exit status".into())
        });
        let (observed, well) = pair::conclude::<PerlCandidate>(judge, Some(ended));
        Ok(judged_step(observed, well))
    }
}

/// A directory holding `source` as `main.pl`.
fn program_dir(source: &str) -> Result<Scratch> {
    whole::program_dir("main.pl", source)
}

/// What a judged run was, from how its instances ended: a syntax error,
/// or the run (which passes nothing unless the candidate's instance was
/// still `well` and the test said it finished).
fn judged_step(observed: Observed, well: bool) -> Step {
    match step(observed) {
        Step::Ran(observed) => whole::ran(observed, Some(well)),
        refused => refused,
    }
}

/// Evaluate `script` in `session`'s interpreter: `None` when the
/// evaluation returned, else how the instance ended.
async fn evaluate(session: &mut CoreSession, script: &str) -> Result<Option<Exit>> {
    let mut text = script.as_bytes().to_vec();
    text.push(0);
    let at = match malloc(session, &text).await? {
        Ok(at) => at,
        Err(exit) => return Ok(Some(exit)),
    };
    Ok(session
        .call::<(i32, i32, i32, i32), i32>("zeroperl_eval", (at, 1, 0, 0))
        .await?
        .err())
}

/// The sub names the candidate's instance said it defined that the test
/// may be offered: plain Perl identifiers the test's source uses (a name
/// it never mentions is not the candidate's to provide), none of the
/// names Perl itself calls (`AUTOLOAD`, `DESTROY`, `import`, ...), each
/// with its prototype when it has one (`name:$$`, of prototype characters
/// only).
fn offered(said: Vec<u8>, test: &str) -> Vec<String> {
    let used: std::collections::HashSet<&str> = test
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .collect();
    let text = String::from_utf8_lossy(&said);
    let mut names: Vec<String> = text
        .split(' ')
        .filter(|entry| {
            let (name, prototype) = entry.split_once(':').unwrap_or((entry, ""));
            !name.is_empty()
                && name.len() <= 255
                && name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && prototype.len() <= 64
                && prototype.chars().all(|c| "$@%&*;\\[]+_".contains(c))
                && used.contains(name)
                && !matches!(
                    name,
                    "AUTOLOAD"
                        | "DESTROY"
                        | "BEGIN"
                        | "END"
                        | "INIT"
                        | "CHECK"
                        | "UNITCHECK"
                        | "import"
                        | "unimport"
                        | "can"
                        | "isa"
                        | "DOES"
                        | "VERSION"
                )
        })
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The candidate's instance of a judged run, between the test's calls.
struct PerlCandidate {
    session: CoreSession,
}

impl pair::CoreServer for PerlCandidate {
    fn session(&mut self) -> &mut CoreSession {
        &mut self.session
    }

    fn into_session(self) -> CoreSession {
        self.session
    }

    /// Answer one call (the wire's `c`): candidate.pl's `$wasmeval::serve`
    /// hears it and says the answer, or the instance stops.
    async fn answer(&mut self, request: Vec<u8>) -> Result<std::result::Result<Vec<u8>, Exit>> {
        let data = self.session.data_mut();
        data.pending = Some((request, 0));
        data.result = None;
        if let Some(exit) = evaluate(&mut self.session, SERVE).await? {
            return Ok(Err(exit));
        }
        Ok(pair::served(&mut self.session, || {
            // It broke its own `$wasmeval::serve`: an error, on the wire.
            let message = "the candidate's instance answered nothing\n";
            format!("es{};{message}", message.len()).into_bytes()
        }))
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
/// of the pointer array, or how the instance ended (see [`malloc`]).
async fn allocate_args(
    session: &mut CoreSession,
    args: &[String],
) -> Result<std::result::Result<i32, Exit>> {
    let mut pointers = Vec::new();
    for arg in args {
        let mut text = arg.as_bytes().to_vec();
        text.push(0);
        match malloc(session, &text).await? {
            Ok(at) => pointers.extend_from_slice(&at.to_le_bytes()),
            Err(exit) => return Ok(Err(exit)),
        }
    }
    pointers.extend_from_slice(&0i32.to_le_bytes());
    malloc(session, &pointers).await
}

/// Copy `bytes` into the guest's memory through its `malloc`: the address,
/// or how the instance ended: it stopped in the call (its fuel ran out: a
/// candidate can leave its instance next to none, and a judged run's test
/// continues on what is left), or its memory had no room.
async fn malloc(session: &mut CoreSession, bytes: &[u8]) -> Result<std::result::Result<i32, Exit>> {
    let len = i32::try_from(bytes.len()).context("a string of over 2 GiB")?;
    Ok(match session.call::<i32, i32>("malloc", len).await? {
        Ok(at) if at != 0 => {
            session.write(at as u32, bytes)?;
            Ok(at)
        }
        Ok(_) => Err(Exit::Trap(format!(
            "perl could not allocate {len} bytes: its memory is full"
        ))),
        Err(exit) => Err(exit),
    })
}

impl Runtime for Perl {
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
                "perl",
                program,
                |target| async move {
                    let step = match target {
                        Some(target) => self.judged(program, &target, limits).await?,
                        None => step(self.execute(program, limits).await?),
                    };
                    Ok((step, None))
                },
                // Its exit status and Perl's last message (`Died at main.pl
                // line 3.`).
                whole::exited,
            )
            .await
        })
    }
}
