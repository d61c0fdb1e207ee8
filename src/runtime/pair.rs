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

/// The judge's instance.
pub(crate) trait Judge: Send {
    /// Compile the targets, or the unit-test file (source, file name, the
    /// module it imports the candidate by), against C's names.
    fn judge(
        &mut self,
        targets: Vec<String>,
        tests: Option<(String, String, String)>,
    ) -> BoxFuture<'_, Result<Step<()>>>;
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
    /// A judge's instance for a run of `io` (its seed and scratch directory;
    /// the judge mounts its own library) under `limits` (in the judge's
    /// fuel), its output going to `capture`, holding `link` and starting
    /// with `fuel`.
    fn judge<'a>(
        &'a self,
        io: &'a Io,
        limits: &'a Limits,
        capture: Arc<Mutex<Capture>>,
        link: Box<Link>,
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
            let mut judge = self
                .maker
                .judge(&io, &limits, capture, link, convert(fuel))
                .await?;
            let tests = self.program.tests.map(|t| {
                (
                    t.source.to_string(),
                    t.filename.to_string(),
                    t.module.to_string(),
                )
            });
            let judged = if judge.is_live() {
                match judge.judge(self.program.targets.to_vec(), tests).await? {
                    Step::Raised(text) => Err(text),
                    Step::Answered(()) | Step::Stopped | Step::Violation(_) => Ok(()),
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
        let (candidate, stop) = match judge.take_link() {
            Some(link) => crate::sandbox::pair::unlink(*link),
            None => (None, None),
        };
        let (mut observed, mut messages) = judge.finish();
        if let Some(candidate) = candidate.and_then(C::from_server) {
            let (seen, said) = candidate.finish();
            observed.memory_refused |= seen.memory_refused;
            observed.wall = observed.wall.max(seen.wall);
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
