//! The report protocol between a guest harness and the host.
//!
//! A harness reports what happened in a run as [`Event`]s; the host folds
//! them into a [`Report`], and `verdict` turns a report and the way the run
//! ended into an envelope. The host, not the guest, counts passed targets
//! and picks the outcome, and a missing event is never read as success.
//!
//! **Encoding.** An event is a list of text fields, each written as
//! `<byte length>:<UTF-8 bytes>` (a netstring without the trailing comma), so
//! no text from a candidate (an exception message holding any byte) can move
//! a field boundary. The first field names the event:
//!
//! | fields                                            | meaning                                   |
//! |---------------------------------------------------|-------------------------------------------|
//! | `ready`                                           | harness installed, candidate not yet run  |
//! | `blocked` `what`                                  | blacklist hit (the verdict if it escaped) |
//! | `integrity` `what`                                | a route to the harness was refused        |
//! | `compile` `type` `message` `hint`                 | the candidate does not compile            |
//! | `candidate` `raised`/`exit`/`ok` `type` `message` `hint` | how the top-level code ended       |
//! | `target` `index` `0`/`1` `type` `message` `hint`  | one target's result                       |
//! | `console` `message`                               | a failed `console.assert` (JavaScript)    |
//! | `missing` `module`                                | a module the runtime does not provide was required |
//! | `returned` `json`                                 | a piece of a called function's return value, as JSON (pieces are concatenated in order) |
//! | `collected` `name`                                | a unit-test file's next test (it becomes the next target) |
//! | `collect` `type` `message` `hint`                 | the unit-test file could not be collected (it does not compile, or raised) |
//! | `done`                                            | every target ran                          |
//!
//! `hint` is `stack` or `memory` when the exception means the stack or the
//! memory ran out, else empty. Descriptions (`kind type message hint`, the
//! form `describe` produces in the Python harness) use the same encoding.
//!
//! **Budget.** An encoded event is at most [`MAX_EVENT_BYTES`]: harnesses cut
//! messages to fit.
//!
//! **Transports.** How events reach the host is a [`Transport`]:
//! [`FrameTransport`] reads them from *frames*, single writes to a file
//! descriptor the host answers itself that start with the run's secret
//! prefix (preview-1 guests such as QuickJS, see
//! [`crate::sandbox::core::link_host_fd`]), never from the program's
//! output; a component runtime builds events from the results of the calls
//! the host itself made and from its `report` import ([`CallTransport`]).

use crate::outcome::TargetResult;

/// Largest encoded event, in bytes.
pub const MAX_EVENT_BYTES: usize = 3500;
/// Largest message a harness sends, in characters (cut before encoding).
pub const MAX_TEXT: usize = 1000;

/// Encode fields as `<byte length>:<bytes>` each.
pub fn encode(fields: &[&str]) -> String {
    let mut out = String::new();
    for field in fields {
        out.push_str(&field.len().to_string());
        out.push(':');
        out.push_str(field);
    }
    out
}

/// Decode length-prefixed fields. Invalid UTF-8 inside a field is replaced.
pub fn decode(bytes: &[u8]) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let colon = bytes[at..]
            .iter()
            .position(|&b| b == b':')
            .map(|i| at + i)
            .ok_or_else(|| format!("field at byte {at} has no length"))?;
        let digits = &bytes[at..colon];
        if digits.is_empty() || digits.len() > 9 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(format!("bad field length at byte {at}"));
        }
        let size: usize = std::str::from_utf8(digits)
            .expect("ASCII digits")
            .parse()
            .expect("at most 9 digits");
        let start = colon + 1;
        let end = start
            .checked_add(size)
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| format!("field at byte {at} runs past the end"))?;
        fields.push(String::from_utf8_lossy(&bytes[start..end]).into_owned());
        at = end;
    }
    Ok(fields)
}

/// A resource whose exhaustion an exception signalled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Hint {
    #[default]
    None,
    /// RecursionError, "stack overflow".
    Stack,
    /// MemoryError, "out of memory".
    Memory,
}

impl Hint {
    pub fn parse(text: &str) -> Hint {
        match text {
            "stack" => Hint::Stack,
            "memory" => Hint::Memory,
            _ => Hint::None,
        }
    }
}

/// What an exception was: type name, message, hint.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Raised {
    pub name: String,
    pub message: String,
    pub hint: Hint,
}

impl Raised {
    /// "Type: message", or just the type when there is no message.
    pub fn describe(&self) -> String {
        if self.message.is_empty() {
            self.name.clone()
        } else {
            format!("{}: {}", self.name, self.message)
        }
    }
}

/// How the candidate's top-level code ended.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Candidate {
    /// It did not finish (the run stopped first).
    #[default]
    NotFinished,
    Ok,
    Raised(Raised),
    /// It called exit (`sys.exit`, `process.exit`) with this code.
    Exited(String),
}

/// One thing a harness reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Ready,
    Blocked(String),
    Integrity(String),
    CompileError(Raised),
    Candidate(Candidate),
    Target {
        index: usize,
        passed: bool,
        raised: Raised,
    },
    /// A `console.assert` failed (fails the phase it ran in).
    ConsoleAssert(String),
    /// The program required a module the runtime does not provide.
    Missing(String),
    /// A piece of the JSON text of a called function's return value.
    Returned(String),
    /// A unit-test file's next test, by its id: a new target.
    Collected(String),
    /// The unit-test file could not be collected.
    CollectionError(Raised),
    Done,
}

impl Event {
    /// Decode one encoded event.
    pub fn decode(bytes: &[u8]) -> Result<Event, String> {
        let fields = decode(bytes)?;
        let field = |i: usize| fields.get(i).map(String::as_str).unwrap_or("");
        let raised = |from: usize| Raised {
            name: field(from).to_string(),
            message: field(from + 1).to_string(),
            hint: Hint::parse(field(from + 2)),
        };
        Ok(match field(0) {
            "ready" => Event::Ready,
            "blocked" => Event::Blocked(field(1).to_string()),
            "integrity" => Event::Integrity(field(1).to_string()),
            "compile" => Event::CompileError(raised(1)),
            "candidate" => Event::Candidate(match field(1) {
                "ok" => Candidate::Ok,
                "exit" => Candidate::Exited(field(3).to_string()),
                "raised" => Candidate::Raised(raised(2)),
                other => return Err(format!("unknown candidate ending {other:?}")),
            }),
            "target" => Event::Target {
                index: field(1)
                    .parse()
                    .map_err(|_| format!("bad target index {:?}", field(1)))?,
                passed: field(2) == "1",
                raised: raised(3),
            },
            "console" => Event::ConsoleAssert(field(1).to_string()),
            "missing" => Event::Missing(field(1).to_string()),
            "returned" => Event::Returned(field(1).to_string()),
            "collected" => Event::Collected(field(1).to_string()),
            "collect" => Event::CollectionError(raised(1)),
            "done" => Event::Done,
            other => return Err(format!("unknown event {other:?}")),
        })
    }
}

/// A harness's description of an exception (`kind type message hint`), as
/// the Python runner returns it from a failed call.
pub fn decode_description(text: &str) -> Result<(String, Raised), String> {
    let fields = decode(text.as_bytes())?;
    let field = |i: usize| fields.get(i).cloned().unwrap_or_default();
    if fields.is_empty() {
        return Err("an empty description".into());
    }
    Ok((
        field(0),
        Raised {
            name: field(1),
            message: field(2),
            hint: Hint::parse(&field(3)),
        },
    ))
}

/// Everything the events of one run said.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub ready: bool,
    pub blocked: Vec<String>,
    pub integrity: Vec<String>,
    pub compile_error: Option<Raised>,
    /// The compiler of a compiled language stopped on its own budget (what
    /// ran out, in words): `error` / `compile_timeout`.
    pub compile_stop: Option<String>,
    /// The program was compiled before it ran (C, C++): how long the
    /// compiler took, in wall time (zero when an earlier run compiled it).
    pub compiled: Option<std::time::Duration>,
    pub candidate: Candidate,
    /// One slot per target, filled when the target reported.
    pub targets: Vec<Option<TargetResult>>,
    /// Some target failed with an out-of-memory error.
    pub target_memory: bool,
    /// A `console.assert` failed during the candidate's top-level code.
    pub candidate_console: Option<String>,
    /// Modules the program required that the runtime does not provide.
    pub missing: Vec<String>,
    /// The JSON text of a called function's return value.
    pub returned: Option<String>,
    /// Names of the targets, where the harness named them (the tests of a
    /// unit-test file, in order).
    pub names: Vec<String>,
    /// The unit-test file could not be collected.
    pub collection_error: Option<Raised>,
    pub done: bool,
    /// Events that broke the protocol (malformed, duplicated, out of
    /// range). Only the harness writes events, so these mean it was
    /// tampered with or failed; never read as success.
    pub violations: Vec<String>,
}

impl Report {
    /// An empty report for a run with `total` targets.
    pub fn new(total: usize) -> Report {
        Report {
            targets: vec![None; total],
            ..Report::default()
        }
    }

    /// Fold one event in.
    pub fn apply(&mut self, event: Event) {
        match event {
            Event::Ready => self.ready = true,
            Event::Blocked(what) => {
                if !self.blocked.contains(&what) {
                    self.blocked.push(what);
                }
            }
            Event::Integrity(what) => {
                if !self.integrity.contains(&what) {
                    self.integrity.push(what);
                }
            }
            Event::CompileError(raised) => self.compile_error = Some(raised),
            Event::Candidate(candidate) => {
                if self.candidate != Candidate::NotFinished {
                    self.violations
                        .push("the candidate's ending was reported twice".into());
                }
                self.candidate = candidate;
            }
            Event::Target {
                index,
                passed,
                raised,
            } => match self.targets.get_mut(index) {
                None => self
                    .violations
                    .push(format!("target index {index} out of range")),
                Some(Some(_)) => self
                    .violations
                    .push(format!("target {index} reported twice")),
                Some(slot) => {
                    self.target_memory |= !passed && raised.hint == Hint::Memory;
                    *slot = Some(TargetResult {
                        name: None,
                        passed,
                        error: (!passed).then(|| raised.describe()),
                    });
                }
            },
            Event::ConsoleAssert(message) => {
                // Before the candidate finished, it belongs to the candidate;
                // a target's own console.assert arrives inside its target
                // event (the harness fails that target).
                if self.candidate == Candidate::NotFinished && self.candidate_console.is_none() {
                    self.candidate_console = Some(message);
                }
            }
            Event::Missing(module) => {
                if !self.missing.contains(&module) {
                    self.missing.push(module);
                }
            }
            Event::Returned(piece) => self
                .returned
                .get_or_insert_with(String::new)
                .push_str(&piece),
            Event::Collected(name) => {
                if self.ran() > 0 || self.done {
                    self.violations
                        .push("a test was collected after the tests ran".into());
                } else {
                    self.names.push(name);
                    self.targets.push(None);
                }
            }
            Event::CollectionError(raised) => self.collection_error = Some(raised),
            Event::Done => self.done = true,
        }
    }

    /// Record an event that could not be decoded.
    pub fn violation(&mut self, problem: String) {
        self.violations.push(problem);
    }

    /// Targets that reported.
    pub fn ran(&self) -> usize {
        self.targets.iter().filter(|t| t.is_some()).count()
    }

    /// What the blacklist refused, when the error it raised escaped (the
    /// candidate's code raised it, or a target failed with it): only then
    /// is the refusal the verdict (`error` / `blacklist`). A refusal the
    /// program caught is an `ImportError` (`PermissionError`) it handled,
    /// and the run goes on to its own verdict.
    pub fn refused(&self) -> Option<&str> {
        let first = self.blocked.first()?;
        // The harnesses' words: "wasmeval: import of 'x' is blocked",
        // "wasmeval: os.system is blocked".
        let said = |text: &str| text.contains("wasmeval: ") && text.contains(" is blocked");
        let escaped = matches!(&self.candidate, Candidate::Raised(r) if said(&r.describe()))
            || self
                .targets
                .iter()
                .flatten()
                .any(|t| !t.passed && t.error.as_deref().is_some_and(said));
        escaped.then_some(first.as_str())
    }
}

/// How a runtime's harness gets its events to the host.
pub trait Transport {
    /// The report of one run with `total` targets.
    fn into_report(self, total: usize) -> Report;
}

/// Events read from frames: what a harness wrote to the host's file
/// descriptor after the run's secret prefix (see [`frame_prefix`] and
/// [`crate::sandbox::core::link_host_fd`]).
#[derive(Debug, Default)]
pub struct FrameTransport {
    pub frames: Vec<Vec<u8>>,
}

impl Transport for FrameTransport {
    fn into_report(self, total: usize) -> Report {
        let mut report = Report::new(total);
        for (i, frame) in self.frames.iter().enumerate() {
            match Event::decode(frame) {
                Ok(event) => report.apply(event),
                Err(problem) => report.violation(format!("frame {i}: {problem}")),
            }
        }
        report
    }
}

/// Events the host built itself from the calls it made into a component.
#[derive(Debug, Default)]
pub struct CallTransport {
    pub events: Vec<Event>,
    pub violations: Vec<String>,
}

impl Transport for CallTransport {
    fn into_report(self, total: usize) -> Report {
        let mut report = Report::new(total);
        for event in self.events {
            report.apply(event);
        }
        report.violations.extend(self.violations);
        report
    }
}

/// Whether the candidate's instance of a run with a judge may write this
/// frame (its prefix taken off): what the candidate's top-level code did,
/// never a target's verdict, a test's name or the end of the run.
pub fn candidate_frame(frame: &[u8]) -> bool {
    matches!(
        decode(frame)
            .as_deref()
            .ok()
            .and_then(<[String]>::first)
            .map(String::as_str),
        Some("ready" | "blocked" | "integrity" | "compile" | "candidate" | "console" | "missing")
    )
}

/// Bytes that start every frame of a run with this nonce.
pub fn frame_prefix(nonce: &str) -> Vec<u8> {
    let mut prefix = b"\0WE:".to_vec();
    prefix.extend_from_slice(nonce.as_bytes());
    prefix.push(b':');
    prefix
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_candidates_instance_writes_no_verdict() {
        for kind in [
            "ready",
            "candidate",
            "compile",
            "blocked",
            "missing",
            "console",
        ] {
            assert!(candidate_frame(encode(&[kind, "x"]).as_bytes()), "{kind}");
        }
        for kind in ["target", "returned", "collected", "collect", "done", ""] {
            assert!(
                !candidate_frame(encode(&[kind, "0", "1"]).as_bytes()),
                "{kind}"
            );
        }
        assert!(!candidate_frame(b"garbage"));
    }

    #[test]
    fn fields_round_trip_whatever_they_hold() {
        let fields = [
            "target",
            "0",
            "0",
            "AssertionError",
            "nope\u{1f}memory",
            "é:3:",
        ];
        let encoded = encode(&fields);
        assert_eq!(decode(encoded.as_bytes()).unwrap(), fields);
    }

    #[test]
    fn a_separator_in_a_message_cannot_move_a_field() {
        let frame = encode(&["target", "0", "0", "AssertionError", "nope\u{1f}memory", ""]);
        let Event::Target { passed, raised, .. } = Event::decode(frame.as_bytes()).unwrap() else {
            panic!("not a target event");
        };
        assert!(!passed);
        assert_eq!(raised.hint, Hint::None);
        assert_eq!(raised.message, "nope\u{1f}memory");
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        for bad in [&b"5:abc"[..], b"x:abc", b"3", b"99999999999:a", b":"] {
            assert!(decode(bad).is_err(), "{bad:?}");
        }
        assert!(Event::decode(b"4:nope").is_err());
    }

    #[test]
    fn duplicates_and_out_of_range_targets_are_violations() {
        let mut transport = FrameTransport::default();
        for frame in [
            encode(&["target", "0", "1", "", "", ""]),
            encode(&["target", "0", "1", "", "", ""]),
            encode(&["target", "7", "1", "", "", ""]),
        ] {
            transport.frames.push(frame.into_bytes());
        }
        transport.frames.push(b"garbage".to_vec());
        let report = transport.into_report(1);
        assert_eq!(report.violations.len(), 3, "{:?}", report.violations);
        assert_eq!(report.ran(), 1);
    }
}
