//! A Python run's two instances, whatever runtime each is: the candidate's
//! (C), from the start, and the judge's (J), made when the first target or
//! test is about to run (a candidate that does not compile or raises needs
//! none), linked to C (see `sandbox::pair`).
//!
//! C is the task's runtime (`python` or `python-sci`); J is the runtime
//! the test needs: the same one, or `python-sci` for a test that imports
//! numpy (EvalPlus's checks do) while the candidate stays in the faster
//! default runtime. What J says is the verdict; what C says is only what
//! the candidate's code computed.

use super::Program;
use super::python::{Phases, Step};
use crate::sandbox::pair::{Link, Server, Stop};
use crate::sandbox::{Capture, Io, Limits, Observed};
use anyhow::Result;
use futures::future::BoxFuture;
use std::future::Future;
use std::sync::{Arc, Mutex};

/// The candidate's instance, as its run drives it.
pub(crate) trait Candidate: Send + Sized + 'static {
    /// Compile the candidate.
    fn prepare(&mut self, program: &Program<'_>) -> impl Future<Output = Result<Step<()>>> + Send;
    /// Run its top-level code.
    fn run(&mut self) -> impl Future<Output = Result<Step<()>>> + Send;
    /// Make a call-based case's call: the JSON of what it returned.
    fn call(&mut self) -> impl Future<Output = Result<Step<String>>> + Send;
    fn capture(&self) -> Arc<Mutex<Capture>>;
    fn fuel_left(&self) -> u64;
    /// What J's link holds of C.
    fn into_server(self) -> Box<dyn Server>;
    /// C back from J's link.
    fn from_server(server: Box<dyn Server>) -> Option<Self>;
    /// What was observed of it, and what its `report` import recorded.
    fn finish(self) -> (Observed, Vec<(String, String)>);
}

/// What a judge compiles: the targets, or the unit-test file (source, file
/// name, the module it imports the candidate by), and how the targets'
/// namespace is set up (prelude, the names the candidate contributes; see
/// [`crate::task::Setup`]).
#[derive(Debug, Clone)]
pub(crate) struct Compile {
    pub targets: Vec<String>,
    pub tests: Option<(String, String, String)>,
    pub setup: Option<(String, Vec<String>)>,
}

impl Compile {
    fn of(program: &Program<'_>) -> Compile {
        Compile {
            targets: program.targets.to_vec(),
            tests: program.tests.map(|t| {
                (
                    t.source.to_string(),
                    t.filename.to_string(),
                    t.module.to_string(),
                )
            }),
            setup: program
                .setup
                .filter(|s| !s.prelude.is_empty() || s.entry_point.is_some())
                .map(|s| (s.prelude.clone(), s.entry_point.iter().cloned().collect())),
        }
    }
}

/// The judge's instance.
pub(crate) trait Judge: Send {
    /// Compile `what`, or load `cached` (what an earlier judge of this
    /// runtime answered for it): what was compiled, to cache, or nothing.
    fn compile(&mut self, what: Compile, cached: Vec<u8>) -> BoxFuture<'_, Result<Step<Vec<u8>>>>;
    /// Set up what was compiled against C's names.
    fn judge(&mut self) -> BoxFuture<'_, Result<Step<()>>>;
    fn fuel_left(&self) -> u64;
    fn set_fuel(&mut self, fuel: u64);
    /// Run the unit-test file and collect its tests.
    fn collect(&mut self) -> BoxFuture<'_, Result<Step<Vec<String>>>>;
    /// Run the next target or test.
    fn target(&mut self) -> BoxFuture<'_, Result<Step<()>>>;
    fn is_live(&self) -> bool;
    /// J's end of the link back (with C in it).
    fn take_link(&mut self) -> Option<Box<Link>>;
    fn finish(self: Box<Self>) -> (Observed, Vec<(String, String)>);
}

/// A runtime that can be a run's judge.
pub(crate) trait JudgeMaker: Send + Sync {
    /// Its id, for messages.
    fn judge_id(&self) -> &'static str;
    /// Its fuel rate (a judge of another runtime than the candidate's
    /// converts the run's fuel).
    fn judge_rate(&self) -> crate::fuel::FuelRate;
    /// What its judges compiled.
    fn compiled_tests(&self) -> &CompiledTests;
    /// A judge's instance for a run of `io` (its seed and scratch directory;
    /// the judge mounts its own library) under `limits` (in the judge's
    /// fuel), its output going to `capture` (or its own), holding `link`
    /// (none: an instance that only compiles, see [`compiled`]) and
    /// starting with `fuel`.
    fn judge<'a>(
        &'a self,
        io: &'a Io,
        limits: &'a Limits,
        capture: Option<Arc<Mutex<Capture>>>,
        link: Option<Box<Link>>,
        fuel: u64,
    ) -> BoxFuture<'a, Result<Box<dyn Judge>>>;
}

/// A run's two instances.
pub(crate) struct Pair<'a, C: Candidate> {
    /// C, until it moves into J's link.
    candidate: Option<C>,
    judge: Option<Box<dyn Judge>>,
    /// How preparing J went: `Err` holds what its harness raised (every
    /// target then fails with it).
    judged: Option<std::result::Result<(), String>>,
    maker: &'a dyn JudgeMaker,
    io: &'a Io,
    limits: &'a Limits,
    program: &'a Program<'a>,
}

impl<'a, C: Candidate> Pair<'a, C> {
    pub fn new(
        candidate: C,
        maker: &'a dyn JudgeMaker,
        io: &'a Io,
        limits: &'a Limits,
        program: &'a Program<'a>,
    ) -> Pair<'a, C> {
        Pair {
            candidate: Some(candidate),
            judge: None,
            judged: None,
            maker,
            io,
            limits,
            program,
        }
    }

    fn candidate(&mut self) -> &mut C {
        self.candidate
            .as_mut()
            .expect("the candidate's instance is here until the judge is made")
    }

    /// J, made, linked to C and prepared on first use; `Err` is what
    /// preparing it raised, `Ok(None)` that the run has stopped.
    async fn judge(&mut self) -> Result<std::result::Result<Option<&mut Box<dyn Judge>>, String>> {
        if self.judged.is_none() {
            let candidate = self.candidate.take().expect("not linked yet");
            let capture = candidate.capture();
            let fuel = candidate.fuel_left();
            let rates = (
                self.limits.rate.per_second,
                self.maker.judge_rate().per_second,
            );
            let link = crate::sandbox::pair::link(
                candidate.into_server(),
                fuel,
                rates,
                crate::boundary::check_python,
            );
            let convert = |f| crate::sandbox::pair::convert(f, rates.0, rates.1);
            let limits = Limits {
                fuel: convert(self.limits.fuel),
                rate: self.maker.judge_rate(),
                ..self.limits.clone()
            };
            let io = Io {
                // The test's own randomness is not the candidate's.
                seed: crate::sandbox::derive(&self.io.seed, 9),
                stdin: Vec::new(),
                ..self.io.clone()
            };
            let what = Compile::of(self.program);
            // Before J exists: the instance that compiles takes J's place
            // in the pool while it does.
            let compiled = compiled(self.maker, &io, &limits, &what).await?;
            let mut judge = self
                .maker
                .judge(&io, &limits, Some(capture), Some(link), convert(fuel))
                .await?;
            let judged = if judge.is_live() {
                // Loading what was compiled is not charged either (see
                // `compiled`): J runs it on the whole budget and the run's
                // fuel is put back after it.
                let fuel = judge.fuel_left();
                judge.set_fuel(limits.fuel);
                let loaded = judge.compile(what, compiled).await?;
                judge.set_fuel(fuel);
                match loaded {
                    Step::Raised(text) => Err(text),
                    _ if !judge.is_live() => Ok(()),
                    _ => match judge.judge().await? {
                        Step::Raised(text) => Err(text),
                        Step::Answered(()) | Step::Stopped | Step::Violation(_) => Ok(()),
                    },
                }
            } else {
                Ok(())
            };
            self.judged = Some(judged);
            self.judge = Some(judge);
        }
        let judge = self.judge.as_mut().expect("made above");
        Ok(match self.judged.clone().expect("set above") {
            Err(text) => Err(text),
            Ok(()) if judge.is_live() => Ok(Some(judge)),
            Ok(()) => Ok(None),
        })
    }

    /// End the run: what was observed of both instances as one (C's stop,
    /// if it stopped the run, is how the run ended), what their `report`
    /// imports recorded, and how C stopped while J ran.
    pub fn finish(mut self) -> (Observed, Vec<(String, String)>, Option<Stop>) {
        let Some(mut judge) = self.judge.take() else {
            let candidate = self.candidate.take().expect("the candidate's instance");
            let (observed, messages) = candidate.finish();
            return (observed, messages, None);
        };
        let (candidate, stop) = crate::sandbox::pair::unlink(judge.take_link());
        let (mut observed, mut messages) = judge.finish();
        if let Some(candidate) = candidate.and_then(C::from_server) {
            let (seen, said) = candidate.finish();
            observed.merge_candidate(&seen);
            let mut all = said;
            all.append(&mut messages);
            messages = all;
        }
        if let Some(Stop::Exit(exit)) = &stop {
            observed.exit = exit.clone();
        }
        (observed, messages, stop)
    }
}

/// The program's targets or test file compiled, for its judge to load.
///
/// They are compiled by an instance of their own (made here, on the run's
/// `io` and `limits`, when `maker` has not compiled this test before; kept
/// for the next sample), so every run's judge starts the same way, from
/// the same bytes, whether they were just made or kept: a judge's fuel and
/// heap never depend on which sample of a problem ran first or on how many
/// ran before. Empty for a test that does not compile (each run's judge
/// compiles it instead; its errors stand in for its code). Compiling is
/// not charged to the run: it runs on the run's whole budget, so no test
/// compiles for ever.
async fn compiled(
    maker: &dyn JudgeMaker,
    io: &Io,
    limits: &Limits,
    what: &Compile,
) -> Result<Vec<u8>> {
    let cache = maker.compiled_tests();
    let key = CompiledTests::key(what);
    if let Some(bytes) = cache.get(&key) {
        return Ok(bytes.to_vec());
    }
    let mut compiler = maker.judge(io, limits, None, None, limits.fuel).await?;
    let made = if compiler.is_live() {
        compiler.compile(what.clone(), Vec::new()).await?
    } else {
        Step::Stopped
    };
    compiler.finish();
    Ok(match made {
        Step::Answered(bytes) => {
            cache.put(key, bytes.clone());
            bytes
        }
        _ => Vec::new(),
    })
}

/// What judges of one runtime compiled (see [`compiled`]), by the SHA-256
/// of the targets or test file, in memory, up to [`CompiledTests::BYTES`]
/// (the oldest go first). The samples of one problem share their test, so
/// it is compiled once per problem, not once per sample: HumanEval+'s
/// checks are up to 490 KB of literals, whose compiling was most of a
/// sample's time (on python-sci, about 60 of the 113 ms of HumanEval/0).
#[derive(Default)]
pub(crate) struct CompiledTests {
    entries: Mutex<CacheEntries>,
}

#[derive(Default)]
struct CacheEntries {
    by_key: std::collections::HashMap<[u8; 32], Arc<Vec<u8>>>,
    order: std::collections::VecDeque<[u8; 32]>,
    bytes: usize,
}

impl CompiledTests {
    /// How much it holds at most.
    pub const BYTES: usize = 256 << 20;

    fn key(what: &Compile) -> [u8; 32] {
        use sha2::Digest;
        let mut hasher = sha2::Sha256::new();
        let mut field = |text: &str| {
            hasher.update((text.len() as u64).to_le_bytes());
            hasher.update(text.as_bytes());
        };
        if let Some((prelude, exports)) = &what.setup {
            field("setup");
            field(prelude);
            for name in exports {
                field(name);
            }
        }
        let targets = &what.targets;
        match &what.tests {
            Some((source, filename, module)) => {
                field("tests");
                field(source);
                field(filename);
                field(module);
            }
            None => {
                field("targets");
                for target in targets {
                    field(target);
                }
            }
        }
        hasher.finalize().into()
    }

    fn get(&self, key: &[u8; 32]) -> Option<Arc<Vec<u8>>> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.by_key.get(key).cloned()
    }

    /// Keep `bytes` (empty: the test does not compile).
    fn put(&self, key: [u8; 32], bytes: Vec<u8>) {
        if bytes.len() > Self::BYTES / 4 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.by_key.contains_key(&key) {
            return;
        }
        entries.bytes += bytes.len();
        entries.by_key.insert(key, Arc::new(bytes));
        entries.order.push_back(key);
        while entries.bytes > Self::BYTES {
            let Some(oldest) = entries.order.pop_front() else {
                break;
            };
            if let Some(gone) = entries.by_key.remove(&oldest) {
                entries.bytes -= gone.len();
            }
        }
    }
}

impl<C: Candidate> Phases for Pair<'_, C> {
    async fn prepare(&mut self, program: &Program<'_>) -> Result<Step<()>> {
        self.candidate().prepare(program).await
    }

    async fn candidate(&mut self) -> Result<Step<()>> {
        self.candidate().run().await
    }

    async fn collect(&mut self) -> Result<Step<Vec<String>>> {
        match self.judge().await? {
            Ok(Some(judge)) => judge.collect().await,
            Ok(None) => Ok(Step::Stopped),
            Err(text) => Ok(Step::Raised(text)),
        }
    }

    async fn target(&mut self, _index: usize) -> Result<Step<()>> {
        match self.judge().await? {
            Ok(Some(judge)) => judge.target().await,
            Ok(None) => Ok(Step::Stopped),
            Err(text) => Ok(Step::Raised(text)),
        }
    }

    async fn call(&mut self) -> Result<Step<String>> {
        self.candidate().call().await
    }
}

impl std::fmt::Debug for dyn JudgeMaker + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JudgeMaker({})", self.judge_id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Targets and a test file never share a key (nor do targets that
    /// join to the same text, or the same targets set up differently); the
    /// cache keeps at most `BYTES`, dropping
    /// the oldest, and refuses what would take more than a quarter of it.
    #[test]
    fn compiled_tests_are_keyed_by_their_fields_and_bounded() {
        let targets = |t: &[&str], setup: Option<(&str, &str)>| Compile {
            targets: t.iter().map(|s| s.to_string()).collect(),
            tests: None,
            setup: setup.map(|(p, e)| (p.to_string(), vec![e.to_string()])),
        };
        let file = Compile {
            targets: Vec::new(),
            tests: Some(("a".to_string(), "b".to_string(), "c".to_string())),
            setup: None,
        };
        let keys = [
            CompiledTests::key(&targets(&["a", "b"], None)),
            CompiledTests::key(&targets(&["ab"], None)),
            CompiledTests::key(&targets(&["a", "b", "c"], None)),
            CompiledTests::key(&file),
            CompiledTests::key(&targets(&["a", "b"], Some(("import m", "f")))),
            CompiledTests::key(&targets(&["a", "b"], Some(("import m", "g")))),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }

        let cache = CompiledTests::default();
        let quarter = CompiledTests::BYTES / 4;
        cache.put([9; 32], vec![0; quarter + 1]);
        assert!(cache.get(&[9; 32]).is_none(), "too big to keep");
        for i in 0..5u8 {
            cache.put([i; 32], vec![i; quarter]);
        }
        assert!(cache.get(&[0; 32]).is_none(), "the oldest went first");
        for i in 1..5u8 {
            assert_eq!(cache.get(&[i; 32]).unwrap()[0], i);
        }
        cache.put([5; 32], Vec::new());
        assert_eq!(
            cache.get(&[5; 32]).unwrap().len(),
            0,
            "a test that does not compile is kept too"
        );
    }
}
