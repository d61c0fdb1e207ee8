//! The errors of wasmeval's public API, by whose doing they are: a task or
//! request that is wrong, settings that are out of range, a runtime that
//! cannot be prepared, or the host (wasmeval itself, the machine). A
//! candidate's own failure is never one of these: it is its envelope.

/// What went wrong, by whose doing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The task or request is wrong (a field, a file it names): the
    /// caller's mistake, in words that name what is wrong.
    #[error("{0}")]
    InvalidTask(String),
    /// The settings are out of range (the message names the setting).
    #[error("{0}")]
    InvalidSettings(String),
    /// A runtime could not be fetched, built or compiled (no network, a
    /// damaged download, a full disk); every task that needs it fails the
    /// same way until the process starts again.
    #[error("runtime {runtime} could not be prepared: {reason}")]
    RuntimeUnavailable { runtime: String, reason: String },
    /// No run slot came free within the time the caller allowed
    /// ([`crate::ProgramRun::start_within`]): nobody's fault; the program did
    /// not start, and may be sent again.
    #[error("{0}")]
    Busy(String),
    /// wasmeval or the host failed (threads, scratch directories, a
    /// panic).
    #[error("{0}")]
    Host(String),
}

/// A result with wasmeval's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
