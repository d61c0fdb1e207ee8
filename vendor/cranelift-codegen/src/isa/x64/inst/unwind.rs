#[cfg(feature = "unwind")]
pub(crate) mod systemv;

#[cfg(feature = "unwind")]
pub(crate) mod winx64;
