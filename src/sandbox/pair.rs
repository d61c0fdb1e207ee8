//! Two instances of one run, and the host between them.
//!
//! The judge's instance (J) runs the test; the candidate's instance (C)
//! runs the candidate's code and answers J's requests. Neither can reach
//! the other: each sends messages through its `exchange` import, and the
//! host passes them on (checking every message from C, see
//! [`crate::boundary`]). A message is a request or an answer; `exchange`
//! returns the next message for its caller, which is the answer to its
//! request or a request the other instance made meanwhile (a callback),
//! so calls nest without either instance being entered while it is inside
//! a call (the component model forbids that).
//!
//! How the host routes a message J sends:
//!
//! - a request while C is idle starts C's `serve` export with it (a tick,
//!   `T`, is a request too: C's event loop runs one step);
//! - anything else goes to C's pending `exchange` (C is waiting in one:
//!   it made a request of J, and this is J's answer or a nested request);
//!
//! and then waits for C: its `serve` returning (an answer for J) or its
//! next `exchange` (a message for J). C runs inside J's `exchange` call, so
//! J's watch (deadline, scratch quota) covers it.
//!
//! **One budget.** The run has one fuel budget: whichever instance runs
//! has what is left. When control passes (at every `exchange` and `serve`)
//! the one that stops writes what it has left into the shared cell and the
//! one that starts takes it. A candidate that runs out of fuel in a call
//! ends the run as a timeout, whatever the test would have caught.
//!
//! **Stops.** When C stops during a call (out of fuel, an exit, the output
//! cap, a trap) or sends a message that does not check out, J's `exchange`
//! fails, which stops J too; how C stopped is kept ([`Link::stop`]) and is
//! how the run ended.

use super::Exit;
use super::component::ComponentGuest;
use super::core::CoreSession;
use anyhow::Result;
use futures::future::BoxFuture;
use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};
use wasmtime::StoreContextMut;
use wasmtime::component::LinkerInstance;

/// C's instance as J's end of the link sees it: something that answers one
/// request at a time, whatever runtime it is.
pub trait Server: Send + 'static {
    /// Answer `request`, running on `fuel`: C back, with the fuel it has
    /// left and how the call ended (the answer, or how C stopped).
    fn serve(self: Box<Self>, request: Vec<u8>, fuel: u64) -> BoxFuture<'static, Served>;
    /// Give C its end of the link, or take it away.
    fn set_uplink(&mut self, uplink: Option<Uplink>);
    /// The concrete instance, for its runtime to take back.
    fn into_any(self: Box<Self>) -> Box<dyn Any + Send>;
}

/// A candidate's instance that is a preview-1 reactor ([`CoreSession`]) and
/// answers one request at a time; [`Core`] makes it a [`Server`].
pub(crate) trait CoreServer: Send + Sized + 'static {
    fn session(&mut self) -> &mut CoreSession;
    /// The instance, to finish once the run is over.
    fn into_session(self) -> CoreSession;
    /// Answer `request`: the answer, or how the instance stopped.
    fn answer(
        &mut self,
        request: Vec<u8>,
    ) -> impl std::future::Future<Output = Result<Result<Vec<u8>, Exit>>> + Send;
}

/// The end of a run whose candidate's instance is a [`CoreServer`] of
/// type `T`, once the judge's instance `judge` has finished (`exit`, when
/// given, is how the judge's run ended instead of what it observed): the
/// candidate's instance, taken back from the link, is finished and its
/// observation merged, and when it stopped during a call (an exit, its
/// fuel, a message that did not check out) that is how the run ended, the
/// test never having finished. The observation, and whether the
/// candidate's instance was still well.
pub(crate) fn conclude<T: CoreServer>(
    mut judge: CoreSession,
    exit: Option<Exit>,
) -> (super::Observed, bool) {
    let (candidate, stop) = unlink(judge.data_mut().link.take());
    let (mut observed, _) = judge.finish();
    if let Some(exit) = exit {
        observed.exit = exit;
    }
    if let Some(candidate) = candidate.and_then(|c| c.into_any().downcast::<T>().ok()) {
        let (seen, _) = candidate.into_session().finish();
        observed.merge_candidate(&seen);
    }
    match &stop {
        Some(Stop::Exit(exit)) => observed.exit = exit.clone(),
        Some(Stop::Violation(problem)) => {
            observed.exit = Exit::Trap(format!(
                "the candidate's instance sent something that is not an answer ({problem})"
            ))
        }
        None => {}
    }
    (observed, stop.is_none())
}

/// How a [`CoreServer`]'s request ended once it ran: how the instance
/// stopped, else what it answered ([`super::core::Guest::result`]), else
/// `otherwise()`.
pub(crate) fn served(
    session: &mut CoreSession,
    otherwise: impl FnOnce() -> Vec<u8>,
) -> Result<Vec<u8>, Exit> {
    if let Some(exit) = session.stopped() {
        return Err(exit.clone());
    }
    Ok(session.data_mut().result.take().unwrap_or_else(otherwise))
}

/// A [`CoreServer`] as J's link holds it (its runtime takes back the inner
/// value from [`Server::into_any`]).
pub(crate) struct Core<T>(pub T);

impl<T: CoreServer> Server for Core<T> {
    fn serve(mut self: Box<Self>, request: Vec<u8>, fuel: u64) -> BoxFuture<'static, Served> {
        Box::pin(async move {
            self.0.session().set_fuel(fuel);
            let ended = self.0.answer(request).await;
            let fuel = self.0.session().fuel_left();
            Served {
                server: self,
                fuel,
                ended,
            }
        })
    }

    fn set_uplink(&mut self, uplink: Option<Uplink>) {
        self.0.session().data_mut().uplink = uplink;
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any + Send> {
        Box::new(self.0)
    }
}

/// How one `serve` went.
pub struct Served {
    pub server: Box<dyn Server>,
    pub fuel: u64,
    pub ended: Result<Result<Vec<u8>, Exit>>,
}

/// A message C sent through `exchange`, and where J's next message for C
/// goes.
struct Sent {
    message: Vec<u8>,
    reply: oneshot::Sender<Vec<u8>>,
}

/// How C stopped during J's run.
#[derive(Debug, Clone)]
pub enum Stop {
    /// It stopped (out of fuel, an exit, the output cap, a trap).
    Exit(Exit),
    /// It sent something that is not a message (what was wrong).
    Violation(String),
}

/// J's end: C, and the state of the conversation.
pub struct Link {
    /// C, while it is idle (between requests).
    candidate: Option<Box<dyn Server>>,
    /// C, while it serves a request.
    serving: Option<BoxFuture<'static, Served>>,
    events: mpsc::UnboundedReceiver<Sent>,
    /// Where J's next message goes while C waits in `exchange`.
    waiting: Option<oneshot::Sender<Vec<u8>>>,
    /// The run's fuel while control is with C.
    fuel: Arc<AtomicU64>,
    violation: Arc<Mutex<Option<String>>>,
    /// How C stopped, once it has.
    stop: Option<Stop>,
    /// Fuel per native second in C and in J: the cell holds C's fuel, J's
    /// is converted (the two instances may be different runtimes).
    rates: (u64, u64),
    /// How C's messages are checked.
    check: Check,
}

/// The check of a message from C (its kind byte, `Q` or `A`, included):
/// `Err` says what is wrong with it. Each language's wire has its own (see
/// [`crate::boundary`]).
pub type Check = fn(&[u8]) -> Result<(), String>;

/// `fuel` of a runtime burning `from` per native second, in a runtime
/// burning `to`.
pub fn convert(fuel: u64, from: u64, to: u64) -> u64 {
    if from == to || from == 0 {
        return fuel;
    }
    u64::try_from(u128::from(fuel) * u128::from(to) / u128::from(from)).unwrap_or(u64::MAX)
}

/// C's end.
#[derive(Clone)]
pub struct Uplink {
    events: mpsc::UnboundedSender<Sent>,
    fuel: Arc<AtomicU64>,
    violation: Arc<Mutex<Option<String>>>,
    check: Check,
}

/// The error a host call returns to stop an instance because of the other
/// one (or a protocol fault of the other).
#[derive(Debug)]
pub(crate) struct PeerStopped;

impl std::fmt::Display for PeerStopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the other instance of the run stopped")
    }
}

impl std::error::Error for PeerStopped {}

/// Connect J to C, which has `fuel` left: J's end of the link, to keep in
/// J's store (J continues with that fuel, converted by `rates`, C's fuel per
/// native second and J's); C keeps its end. Every message from C must pass
/// `check`.
pub fn link(
    mut candidate: Box<dyn Server>,
    fuel: u64,
    rates: (u64, u64),
    check: Check,
) -> Box<Link> {
    let (sender, events) = mpsc::unbounded_channel();
    let fuel = Arc::new(AtomicU64::new(fuel));
    let violation = Arc::new(Mutex::new(None));
    candidate.set_uplink(Some(Uplink {
        events: sender,
        fuel: fuel.clone(),
        violation: violation.clone(),
        check,
    }));
    Box::new(Link {
        candidate: Some(candidate),
        serving: None,
        events,
        waiting: None,
        fuel,
        violation,
        stop: None,
        rates,
        check,
    })
}

/// Take C back from J's end of the link (as J's store held it), and how C
/// stopped while J ran. `None` when C is in the middle of a call that J
/// never finished (J stopped first): it is dropped; or when J had no link.
pub fn unlink(link: Option<Box<Link>>) -> (Option<Box<dyn Server>>, Option<Stop>) {
    let Some(link) = link else {
        return (None, None);
    };
    let mut candidate = link.candidate;
    if let Some(candidate) = &mut candidate {
        candidate.set_uplink(None);
    }
    (candidate, link.stop)
}

/// Define `exchange` in the runner's host interface: J's end or C's,
/// whichever the calling instance has.
pub(crate) fn add_exchange(host: &mut LinkerInstance<'_, ComponentGuest>) -> wasmtime::Result<()> {
    host.func_wrap_async(
        "exchange",
        |mut store: StoreContextMut<'_, ComponentGuest>, (message,): (Vec<u8>,)| {
            Box::new(async move {
                let fuel = store.get_fuel()?;
                let (next, fuel) = if let Some(mut link) = store.data_mut().link.take() {
                    let result = as_judge(&mut link, fuel, message).await;
                    store.data_mut().link = Some(link);
                    result
                } else {
                    let uplink = store.data().uplink.clone();
                    as_candidate(uplink.as_ref(), fuel, message).await
                };
                store.set_fuel(fuel)?;
                next.map(|m| (m,))
            })
        },
    )
}

/// C, with `fuel` left, sends `message` to J: J's next message for C, and
/// the fuel C then has.
pub(crate) async fn as_candidate(
    uplink: Option<&Uplink>,
    fuel: u64,
    message: Vec<u8>,
) -> (wasmtime::Result<Vec<u8>>, u64) {
    let Some(uplink) = uplink else {
        // A candidate calling `exchange` outside a run with a judge.
        return (
            Err(wasmtime::Error::new(super::GuestStop(
                "exchange called with no judge to talk to",
            ))),
            fuel,
        );
    };
    if let Err(problem) = (uplink.check)(&message) {
        *uplink.violation.lock().unwrap_or_else(|e| e.into_inner()) = Some(problem);
        return (Err(wasmtime::Error::new(PeerStopped)), fuel);
    }
    uplink.fuel.store(fuel, Ordering::SeqCst);
    let (reply, answer) = oneshot::channel();
    if uplink.events.send(Sent { message, reply }).is_err() {
        return (Err(wasmtime::Error::new(PeerStopped)), fuel);
    }
    let next = answer.await.map_err(|_| wasmtime::Error::new(PeerStopped));
    (next, uplink.fuel.load(Ordering::SeqCst))
}

/// J, with `fuel` left, sends `message` to C: C's next message for J, and
/// the fuel J then has.
pub(crate) async fn as_judge(
    link: &mut Link,
    fuel: u64,
    message: Vec<u8>,
) -> (wasmtime::Result<Vec<u8>>, u64) {
    let (c, j) = link.rates;
    link.fuel.store(convert(fuel, j, c), Ordering::SeqCst);
    let result = route(link, message).await;
    (result, convert(link.fuel.load(Ordering::SeqCst), c, j))
}

/// Deliver J's `message` and wait for C's next message for J.
async fn route(link: &mut Link, message: Vec<u8>) -> wasmtime::Result<Vec<u8>> {
    if link.stop.is_some() {
        return Err(wasmtime::Error::new(PeerStopped));
    }
    if let Some(waiting) = link.waiting.take() {
        if waiting.send(message).is_err() {
            return Err(wasmtime::Error::new(PeerStopped));
        }
    } else if matches!(message.first(), Some(b'Q' | b'T')) && link.serving.is_none() {
        let candidate = link.candidate.take().expect("an idle candidate");
        let fuel = link.fuel.load(Ordering::SeqCst);
        // A request without its kind; a tick (`T`: let C's event loop run
        // one step while J waits, JavaScript's) as it is.
        let request = match message.split_first() {
            Some((b'Q', request)) => request.to_vec(),
            _ => message,
        };
        link.serving = Some(candidate.serve(request, fuel));
    } else {
        // The harness in J answered when nothing was asked: wasmeval's bug.
        return Err(wasmtime::Error::msg(
            "the judge's harness sent an answer with no request pending",
        ));
    }
    enum Next {
        Served(Served),
        Sent(Option<Sent>),
    }
    let next = {
        let serving = link.serving.as_mut().expect("C is serving a request");
        tokio::select! {
            served = serving => Next::Served(served),
            sent = link.events.recv() => Next::Sent(sent),
        }
    };
    match next {
        Next::Served(Served {
            server,
            fuel,
            ended,
        }) => {
            link.serving = None;
            link.candidate = Some(server);
            link.fuel.store(fuel, Ordering::SeqCst);
            match ended {
                Ok(Ok(answer)) => {
                    let mut message = Vec::with_capacity(answer.len() + 1);
                    message.push(b'A');
                    message.extend_from_slice(&answer);
                    match (link.check)(&message) {
                        Ok(()) => Ok(message),
                        Err(problem) => {
                            link.stop = Some(Stop::Violation(problem));
                            Err(wasmtime::Error::new(PeerStopped))
                        }
                    }
                }
                Ok(Err(exit)) => {
                    let violation = link
                        .violation
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .take();
                    link.stop = Some(match violation {
                        Some(problem) => Stop::Violation(problem),
                        None => Stop::Exit(exit),
                    });
                    Err(wasmtime::Error::new(PeerStopped))
                }
                Err(error) => Err(wasmtime::Error::from_anyhow(error)),
            }
        }
        Next::Sent(Some(Sent { message, reply })) => {
            link.waiting = Some(reply);
            Ok(message)
        }
        Next::Sent(None) => Err(wasmtime::Error::new(PeerStopped)),
    }
}
