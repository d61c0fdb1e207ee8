//! The service core that the CLI, the HTTP service and the Python package
//! all call.
//!
//! A [`Service`] owns one multi-threaded tokio runtime (its worker threads
//! run the guests) and one [`Executor`]. Every entry point works from
//! synchronous and asynchronous callers alike: async methods spawn onto the
//! service's own runtime and await the result, so they can be called from
//! any executor; `*_blocking` methods park the calling thread, so they can
//! be called from anywhere, including from inside another tokio runtime.
//!
//! [`Service::evaluate`] is stream in, stream out: tasks are pulled from
//! the input only as fast as results are consumed (at most a window of
//! samples is in flight), results come out in input order, and a panic
//! while scoring one task becomes that task's `internal` envelope.

use crate::error::{Error, Result};
use crate::executor::{Executor, Settings, invalid_task};
use crate::install::Cache;
use crate::outcome::Envelope;
use crate::program::{ProgramResult, ProgramRun};
use crate::task::{Task, TaskError};
use futures::{Stream, StreamExt};
use std::sync::Arc;

/// Memory allowed for finished results that wait for an earlier, slower
/// one (results are delivered in input order).
const WAITING_RESULTS_BYTES: usize = 256 << 20;

/// Memory allowed for the tasks in flight (their code and tests).
pub const IN_FLIGHT_BYTES: usize = 64 << 20;

/// How many tasks may be in flight at once. Results are delivered in input
/// order, so while one slow sample holds the head of the line the other
/// workers keep going only as far as this window reaches. A HumanEval
/// sample can take seconds where most take a millisecond or two, so the
/// window is as large as the memory for waiting results allows (each may
/// carry a full stdout and stderr), and never smaller than 4 per worker.
pub fn window(jobs: usize, output_bytes: usize) -> usize {
    let per_result = 2 * output_bytes + 4096;
    (WAITING_RESULTS_BYTES / per_result).clamp(jobs * 4, 4096.max(jobs * 4))
}

/// What of an input may be in flight at once: at most a [`window`] of
/// tasks and, beyond the first, [`IN_FLIGHT_BYTES`] of their code and
/// tests. Every reader of an input in order keeps one ([`Service::evaluate`],
/// the Python package's iterator, which reads its input with the GIL).
#[derive(Debug, Clone)]
pub struct InFlight {
    window: usize,
    tasks: usize,
    bytes: usize,
}

impl InFlight {
    /// At most `window` tasks (at least one).
    pub fn new(window: usize) -> InFlight {
        InFlight {
            window: window.max(1),
            tasks: 0,
            bytes: 0,
        }
    }

    /// The window `settings` give (as the CLI's).
    pub fn of(settings: &Settings) -> InFlight {
        InFlight::new(window(settings.jobs, settings.output_bytes))
    }

    /// Whether another task may start.
    pub fn has_room(&self) -> bool {
        self.tasks < self.window && (self.tasks == 0 || self.bytes < IN_FLIGHT_BYTES)
    }

    /// A task of this [`Task::weight`] started (or an input that could
    /// not be read was answered: weight 0).
    pub fn start(&mut self, weight: usize) {
        self.tasks += 1;
        self.bytes += weight;
    }

    /// A task of this weight was handed out.
    pub fn finish(&mut self, weight: usize) {
        self.tasks -= 1;
        self.bytes -= weight;
    }
}

/// One task to evaluate, or why its input could not be read; `extra` rides
/// along to the result untouched (a line number, fields to echo back).
pub struct Input<T> {
    pub task: std::result::Result<Task, TaskError>,
    pub extra: T,
}

/// The service core: an executor and the runtime that drives it.
pub struct Service {
    executor: Arc<Executor>,
    runtime: tokio::runtime::Runtime,
}

impl Service {
    /// A service with its own worker threads (`settings.jobs` of them).
    /// Settings out of range are [`Error::InvalidSettings`] naming the
    /// setting.
    pub fn new(cache: Cache, settings: Settings) -> Result<Service> {
        let jobs = settings.jobs;
        let executor = Executor::new(cache, settings)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(jobs.max(1))
            .thread_name("wasmeval-worker")
            .enable_all()
            .build()
            .map_err(|e| Error::Host(format!("starting the worker threads: {e}")))?;
        Ok(Service {
            executor: Arc::new(executor),
            runtime,
        })
    }

    pub fn executor(&self) -> &Arc<Executor> {
        &self.executor
    }

    pub fn settings(&self) -> &Settings {
        self.executor.settings()
    }

    /// The service's tokio runtime, for callers that spawn their own work
    /// beside the guests (an HTTP server, say).
    pub fn handle(&self) -> tokio::runtime::Handle {
        self.runtime.handle().clone()
    }

    /// Prepare a runtime now (fetch, build, compile), to pay that cost
    /// before timing anything: [`Error::RuntimeUnavailable`] when it
    /// cannot be, [`Error::InvalidTask`] for an unknown id.
    pub async fn prepare(&self, runtime: &str) -> Result<()> {
        let executor = self.executor.clone();
        let id = runtime.to_string();
        self.runtime
            .spawn(async move { executor.prepare(&id).await.map(|_| ()) })
            .await
            .map_err(|e| Error::Host(format!("preparing a runtime panicked: {e}")))?
    }

    /// [`Service::prepare`] from synchronous code.
    pub fn prepare_blocking(&self, runtime: &str) -> Result<()> {
        futures::executor::block_on(self.prepare(runtime))
    }

    /// Score one task (from any async context).
    pub async fn score(&self, task: Task) -> Envelope {
        spawn_score(&self.runtime.handle().clone(), &self.executor, task).await
    }

    /// Score one task from synchronous code (any thread, even one inside
    /// another tokio runtime).
    pub fn score_blocking(&self, task: &Task) -> Envelope {
        futures::executor::block_on(self.score(task.clone()))
    }

    /// Score a stream of tasks; results in input order, each with its
    /// input's `extra`. At most [`window`] tasks are in flight, and at most
    /// [`IN_FLIGHT_BYTES`] of them (by [`Task::weight`]; one task is always
    /// admitted, however large): the input is read no further ahead.
    pub fn evaluate<T, S>(&self, inputs: S) -> impl Stream<Item = (Envelope, T)> + Send + use<T, S>
    where
        T: Send + 'static,
        S: Stream<Item = Input<T>> + Send,
    {
        let executor = self.executor.clone();
        let handle = self.runtime.handle().clone();
        let mut in_flight = InFlight::of(self.settings());
        let mut inputs = Box::pin(inputs);
        let mut running = futures::stream::FuturesOrdered::new();
        let mut ended = false;
        futures::stream::poll_fn(move |cx| {
            use std::task::Poll;
            while !ended && in_flight.has_room() {
                match inputs.as_mut().poll_next(cx) {
                    Poll::Ready(Some(input)) => {
                        let weight = input.task.as_ref().map_or(0, Task::weight);
                        in_flight.start(weight);
                        let executor = executor.clone();
                        let handle = handle.clone();
                        running.push_back(async move {
                            let envelope = match input.task {
                                Ok(task) => spawn_score(&handle, &executor, task).await,
                                Err(error) => invalid_task(&error),
                            };
                            (envelope, input.extra, weight)
                        });
                    }
                    Poll::Ready(None) => ended = true,
                    Poll::Pending => break,
                }
            }
            match running.poll_next_unpin(cx) {
                Poll::Ready(Some((envelope, extra, weight))) => {
                    in_flight.finish(weight);
                    Poll::Ready(Some((envelope, extra)))
                }
                Poll::Ready(None) if ended => Poll::Ready(None),
                Poll::Ready(None) | Poll::Pending => Poll::Pending,
            }
        })
    }

    /// [`Service::evaluate`] from synchronous code: an iterator in, an
    /// iterator out.
    pub fn evaluate_blocking<T, I>(&self, inputs: I) -> impl Iterator<Item = (Envelope, T)>
    where
        T: Send + 'static,
        I: Iterator<Item = Input<T>> + Send,
    {
        futures::executor::block_on_stream(Box::pin(self.evaluate(futures::stream::iter(inputs))))
    }

    /// Run one program as a process would (see [`crate::program`]) on the
    /// service's workers. Dropping the future stops the program. `Err` is
    /// a request that is wrong ([`Error::InvalidTask`]), a runtime that
    /// cannot be prepared or the host's failure, never the program's.
    pub async fn run_program(
        &self,
        runtime: String,
        run: ProgramRun,
        timeout_s: f64,
        memory_bytes: Option<usize>,
    ) -> Result<ProgramResult> {
        let executor = self.executor.clone();
        let handle = self.runtime.handle().spawn(async move {
            executor
                .run_program(&runtime, &run, timeout_s, memory_bytes)
                .await
        });
        match (AbortOnDrop(handle)).await {
            Ok(result) => result,
            Err(error) if error.is_panic() => {
                Err(Error::Host("running this program panicked".into()))
            }
            Err(_) => Err(Error::Host("running this program was cancelled".into())),
        }
    }

    /// [`Service::run_program`] from synchronous code.
    pub fn run_program_blocking(
        &self,
        runtime: &str,
        run: ProgramRun,
        timeout_s: f64,
        memory_bytes: Option<usize>,
    ) -> Result<ProgramResult> {
        futures::executor::block_on(self.run_program(
            runtime.to_string(),
            run,
            timeout_s,
            memory_bytes,
        ))
    }

    /// Run `future` on the service's runtime and wait for it here.
    pub fn block_on<F>(&self, future: F) -> F::Output
    where
        F: std::future::Future + Send + 'static,
        F::Output: Send + 'static,
    {
        futures::executor::block_on(self.runtime.spawn(future))
            .expect("a future on the service runtime panicked")
    }
}

/// A spawned task that is aborted when whoever awaits it goes away (an HTTP
/// client that disconnects, a dropped stream): its guest stops, its slot
/// frees.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> std::future::Future for AbortOnDrop<T> {
    type Output = std::result::Result<T, tokio::task::JoinError>;

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        std::pin::Pin::new(&mut self.0).poll(cx)
    }
}

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Score `task` on the service runtime; a panic becomes its `internal`
/// envelope and the run goes on.
async fn spawn_score(
    handle: &tokio::runtime::Handle,
    executor: &Arc<Executor>,
    task: Task,
) -> Envelope {
    let executor = executor.clone();
    // What an internal envelope needs, not a second copy of the task.
    let (id, language, total) = (task.id.clone(), task.language, task.checks.count());
    match AbortOnDrop(handle.spawn(async move { executor.score(&task).await })).await {
        Ok(envelope) => envelope,
        Err(error) => Envelope::failed_before_run(
            id,
            language.as_str(),
            total,
            crate::outcome::ErrorKind::Internal,
            if error.is_panic() {
                let payload = error.into_panic();
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "no message".into());
                format!("internal: scoring this sample panicked: {message}")
            } else {
                "internal: scoring this sample was cancelled".into()
            },
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_reaches_past_a_slow_sample_within_its_memory() {
        // Default caps: hundreds of results may wait behind a slow one.
        assert!(window(2, 256 << 10) >= 400);
        assert!(window(2, 256 << 10) * (2 * (256 << 10)) <= WAITING_RESULTS_BYTES);
        // Huge output caps shrink it, but never below 4 per worker.
        assert_eq!(window(8, 1 << 30), 32);
        // Tiny caps are bounded too.
        assert_eq!(window(2, 0), 4096);
        assert_eq!(window(2048, 0), 8192);
    }
}
