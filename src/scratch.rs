//! A run's scratch directory on the host: the directory a guest sees as a
//! writable `/tmp` (programs' working directory, unit-test files'
//! `tmp_path`).
//!
//! The guest writes whatever it likes there, symlinks included, so every
//! host operation inside it (writing a request's files, reading back the
//! files a client fetches, counting the quota) resolves paths beneath the
//! directory's own handle with `cap-primitives` (`openat2` with
//! `RESOLVE_BENEATH` on Linux, a component-by-component walk that checks
//! every symlink elsewhere): a symlink that stays inside works, one that
//! leads out is refused, as is any file that is not a regular file or a
//! directory (FIFOs, devices, sockets). Reading back is bounded: the bytes
//! fetched in one run count against [`QUOTA_BYTES`], so fetching one file
//! many times cannot grow an answer past what the directory may hold.
//! Removal (when the [`Scratch`] is dropped) is `std::fs::remove_dir_all`,
//! which never follows symlinks.

use std::ffi::OsStr;
use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Bytes a run may keep in its scratch directory, and bytes one run may
/// fetch from it.
pub const QUOTA_BYTES: u64 = 64 << 20;
/// Files and directories a run may keep in its scratch directory.
pub const QUOTA_ENTRIES: usize = 10_000;
/// Longest path a request may name (bytes), and longest component.
const MAX_PATH: usize = 1024;
const MAX_COMPONENT: usize = 255;
/// Name prefix of every scratch directory, so that the ones a killed
/// process left behind can be found ([`remove_stale`]).
pub const PREFIX: &str = "wasmeval-scratch-";

/// Why a file named in a request cannot be written or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The path as the request gave it.
    pub path: String,
    pub problem: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "file {:?}: {}", self.path, self.problem)
    }
}

impl std::error::Error for FileError {}

/// What reading a file back gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fetched {
    /// Its bytes.
    File(Vec<u8>),
    /// Nothing is there.
    Missing,
    /// Something is there that is not handed out, and why (a symlink out
    /// of the directory, a directory, a special file, past the quota).
    Refused(String),
}

/// A scratch directory, removed when dropped.
#[derive(Debug)]
pub struct Scratch {
    dir: tempfile::TempDir,
    root: Arc<File>,
    /// Bytes its files may hold ([`QUOTA_BYTES`] unless made
    /// [`Scratch::with_quota`]).
    quota: u64,
}

/// What a sandbox needs of a scratch directory: where it is, to mount it,
/// and a handle on it, to count its quota while the guest runs.
#[derive(Debug, Clone)]
pub struct Mount {
    path: PathBuf,
    root: Arc<File>,
    quota: u64,
}

impl Mount {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// See [`Scratch::over_quota`].
    pub fn over_quota(&self) -> Option<String> {
        over_quota(&self.root, self.quota)
    }
}

impl Scratch {
    /// A new, empty, private scratch directory under the system's
    /// temporary directory, holding at most [`QUOTA_BYTES`].
    pub fn new() -> std::io::Result<Scratch> {
        Scratch::with_quota(QUOTA_BYTES)
    }

    /// A new scratch directory whose files may hold `quota` bytes (a
    /// compiler's, whose object files hold a program's static arrays).
    pub fn with_quota(quota: u64) -> std::io::Result<Scratch> {
        let dir = tempfile::Builder::new().prefix(PREFIX).tempdir()?;
        let root =
            cap_primitives::fs::open_ambient_dir(dir.path(), cap_primitives::ambient_authority())?;
        Ok(Scratch {
            dir,
            root: Arc::new(root),
            quota,
        })
    }

    /// The directory as a sandbox mounts it.
    pub fn mount(&self) -> Mount {
        Mount {
            path: self.dir.path().to_path_buf(),
            root: self.root.clone(),
            quota: self.quota,
        }
    }

    /// Where it is on the host (to mount it into a guest).
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Write `bytes` to the relative `path`, creating its parent
    /// directories.
    pub fn write(&self, path: &str, bytes: &[u8]) -> Result<(), FileError> {
        let fail = |problem: String| FileError {
            path: path.to_string(),
            problem,
        };
        let relative = relative(path).map_err(fail)?;
        let components: Vec<&OsStr> = relative.iter().collect();
        let mut parent = PathBuf::new();
        for component in &components[..components.len() - 1] {
            parent.push(component);
            match cap_primitives::fs::create_dir(
                &self.root,
                &parent,
                &cap_primitives::fs::DirOptions::new(),
            ) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let meta = cap_primitives::fs::stat(
                        &self.root,
                        &parent,
                        cap_primitives::fs::FollowSymlinks::No,
                    )
                    .map_err(|e| fail(format!("{}: {e}", parent.display())))?;
                    if !meta.is_dir() {
                        return Err(fail(format!(
                            "{} is a file, so it cannot hold other files",
                            parent.display()
                        )));
                    }
                }
                Err(e) => return Err(fail(format!("creating {}: {e}", parent.display()))),
            }
        }
        let mut options = cap_primitives::fs::OpenOptions::new();
        options
            .write(true)
            .create(true)
            .truncate(true)
            ._cap_fs_ext_follow(cap_primitives::fs::FollowSymlinks::No);
        let mut file = cap_primitives::fs::open(&self.root, &relative, &options).map_err(|e| {
            let is_dir = cap_primitives::fs::stat(
                &self.root,
                &relative,
                cap_primitives::fs::FollowSymlinks::No,
            )
            .is_ok_and(|m| m.is_dir());
            fail(if is_dir {
                "it is also a directory (another file is inside it)".into()
            } else {
                e.to_string()
            })
        })?;
        std::io::Write::write_all(&mut file, bytes).map_err(|e| fail(e.to_string()))
    }

    /// Read the relative `path` back, if it is a regular file inside the
    /// directory no larger than what is left of `budget` (which it then
    /// uses up). A path that is not a valid relative path is the caller's
    /// mistake: `Err`.
    pub fn read(&self, path: &str, budget: &mut u64) -> Result<Fetched, FileError> {
        let relative = relative(path).map_err(|problem| FileError {
            path: path.to_string(),
            problem,
        })?;
        let meta = match cap_primitives::fs::stat(
            &self.root,
            &relative,
            cap_primitives::fs::FollowSymlinks::Yes,
        ) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Fetched::Missing),
            Err(e) => return Ok(Fetched::Refused(refusal(&e))),
        };
        if !meta.is_file() {
            return Ok(Fetched::Refused(if meta.is_dir() {
                "it is a directory".into()
            } else {
                "it is not a regular file".into()
            }));
        }
        let mut options = cap_primitives::fs::OpenOptions::new();
        // Non-blocking, so that a FIFO put there between the check and
        // the open cannot hang the host.
        options.read(true)._cap_fs_ext_nonblock(true);
        let file = match cap_primitives::fs::open(&self.root, &relative, &options) {
            Ok(file) => file,
            Err(e) => return Ok(Fetched::Refused(refusal(&e))),
        };
        match file.metadata() {
            Ok(meta) if meta.is_file() => {}
            _ => return Ok(Fetched::Refused("it is not a regular file".into())),
        }
        let mut bytes = Vec::new();
        let read = file.take(budget.saturating_add(1)).read_to_end(&mut bytes);
        if let Err(e) = read {
            return Ok(Fetched::Refused(e.to_string()));
        }
        if bytes.len() as u64 > *budget {
            return Ok(Fetched::Refused(format!(
                "the files fetched from one run may hold at most {} MiB",
                QUOTA_BYTES >> 20
            )));
        }
        *budget -= bytes.len() as u64;
        Ok(Fetched::File(bytes))
    }

    /// Why the directory is over its quota, or `None` while it is within
    /// it. Walks the tree through directory handles without following any
    /// symlink (a symlink counts as one entry); stops as soon as it is
    /// over.
    pub fn over_quota(&self) -> Option<String> {
        over_quota(&self.root, self.quota)
    }
}

/// [`Scratch::over_quota`] of the directory `root`, whose files may hold
/// `quota` bytes.
fn over_quota(root: &File, quota: u64) -> Option<String> {
    let mut bytes = 0u64;
    let mut entries = 0usize;
    let mut pending = Vec::new();
    let first = cap_primitives::fs::read_base_dir(root).ok()?;
    pending.push(first);
    while let Some(read) = pending.pop() {
        for entry in read.flatten() {
            entries += 1;
            if entries > QUOTA_ENTRIES {
                return Some(format!("more than {QUOTA_ENTRIES} files"));
            }
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if let Ok(dir) = entry.read_dir() {
                    pending.push(dir);
                }
            } else if kind.is_file()
                && let Ok(meta) = entry.metadata()
            {
                bytes += meta.len();
                if bytes > quota {
                    return Some(format!("more than {} MiB", quota >> 20));
                }
            }
        }
    }
    None
}

/// What to say about a file that could not be opened beneath the root.
fn refusal(error: &std::io::Error) -> String {
    if error.kind() == std::io::ErrorKind::PermissionDenied {
        "it leads outside the working directory".into()
    } else {
        error.to_string()
    }
}

/// `path` as a plain relative path inside the directory (a leading
/// `/tmp/`, the guest's name for the directory, is dropped), or why it is
/// not one.
fn relative(path: &str) -> Result<PathBuf, String> {
    let text = path.strip_prefix("/tmp/").unwrap_or(path);
    if text.is_empty() {
        return Err("the path is empty".into());
    }
    if text.contains('\0') {
        return Err("the path holds a NUL character".into());
    }
    if text.len() > MAX_PATH {
        return Err(format!(
            "the path is {} bytes long, more than {MAX_PATH}",
            text.len()
        ));
    }
    if text.contains('\\') && cfg!(windows) {
        return Err("use '/' to separate directories".into());
    }
    let mut relative = PathBuf::new();
    for component in Path::new(text).components() {
        match component {
            Component::Normal(name) => {
                if name.len() > MAX_COMPONENT {
                    return Err(format!(
                        "a name in the path is longer than {MAX_COMPONENT} bytes"
                    ));
                }
                relative.push(name);
            }
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                return Err(
                    "the path must be relative, inside the working directory (no '..', no root)"
                        .into(),
                );
            }
        }
    }
    if relative.as_os_str().is_empty() {
        return Err("the path names the working directory itself".into());
    }
    Ok(relative)
}

/// Remove the scratch directories that processes killed before they could
/// clean up left in the system's temporary directory, when they have not
/// been touched for `age` (a live run's directory is at most a few minutes
/// old and changes as it runs). Returns how many were removed.
pub fn remove_stale(age: std::time::Duration) -> usize {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let stale = name.to_str().is_some_and(|n| n.starts_with(PREFIX))
            && entry.file_type().is_ok_and(|t| t.is_dir())
            && entry
                .metadata()
                .is_ok_and(|m| untouched_for(&m).is_some_and(|idle| idle >= age));
        if stale && std::fs::remove_dir_all(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// How long ago anything last happened to a directory: its modification
/// time, unless that is the virtual epoch. Runtimes set the times of the
/// directories they mount to it (a guest sees the same times on every
/// machine), and such a live directory must not look decades old: its
/// status-change time (Unix) or creation time (elsewhere), which cannot be
/// set back that way, counts instead.
fn untouched_for(metadata: &std::fs::Metadata) -> Option<std::time::Duration> {
    let modified = metadata.modified().ok()?;
    let last = if modified == crate::sandbox::clock::epoch() {
        changed(metadata)?
    } else {
        modified
    };
    Some(last.elapsed().unwrap_or_default())
}

#[cfg(unix)]
fn changed(metadata: &std::fs::Metadata) -> Option<std::time::SystemTime> {
    use std::os::unix::fs::MetadataExt;
    let seconds = u64::try_from(metadata.ctime()).ok()?;
    let nanos = u32::try_from(metadata.ctime_nsec()).ok()?;
    Some(std::time::UNIX_EPOCH + std::time::Duration::new(seconds, nanos))
}

#[cfg(not(unix))]
fn changed(metadata: &std::fs::Metadata) -> Option<std::time::SystemTime> {
    metadata.created().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A live directory whose times a runtime set to the virtual epoch (as
    /// Ruby's runs do) is not stale.
    #[test]
    fn a_directory_with_epoch_times_is_not_stale() {
        let scratch = Scratch::new().unwrap();
        std::fs::write(scratch.path().join("main.rb"), "puts 1").unwrap();
        crate::install::settle_times(scratch.path(), crate::sandbox::clock::epoch()).unwrap();
        let metadata = std::fs::metadata(scratch.path()).unwrap();
        let modified = metadata.modified().unwrap();
        assert!(modified.elapsed().unwrap() > std::time::Duration::from_secs(86400 * 365));
        assert!(untouched_for(&metadata).unwrap() < std::time::Duration::from_secs(600));
        remove_stale(std::time::Duration::from_secs(3600));
        assert!(scratch.path().join("main.rb").is_file());
    }

    #[test]
    fn request_paths_are_plain_relative_paths() {
        assert_eq!(relative("data/in.txt").unwrap(), Path::new("data/in.txt"));
        assert_eq!(relative("/tmp/a.txt").unwrap(), Path::new("a.txt"));
        assert_eq!(relative("./a/./b").unwrap(), Path::new("a/b"));
        let long = "x".repeat(5000);
        let component = "y".repeat(300);
        for bad in [
            "../x",
            "/etc/passwd",
            "a/../../b",
            "",
            ".",
            "/tmp/",
            "a\0b",
            long.as_str(),
            component.as_str(),
        ] {
            assert!(relative(bad).is_err(), "{bad:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn nothing_outside_is_read_through_a_symlink() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "s3cret").unwrap();
        let scratch = Scratch::new().unwrap();
        std::fs::write(scratch.path().join("inside"), "ok").unwrap();
        let link = |target: &Path, name: &str| {
            std::os::unix::fs::symlink(target, scratch.path().join(name)).unwrap()
        };
        link(&outside.path().join("secret"), "absolute");
        link(outside.path(), "dir");
        let up =
            Path::new("../../../../../../../..").join(outside.path().strip_prefix("/").unwrap());
        link(&up.join("secret"), "relative");
        link(Path::new("inside"), "local");
        link(Path::new("/dev/zero"), "device");
        let mut budget = QUOTA_BYTES;
        for name in ["absolute", "dir/secret", "relative", "device", "dir"] {
            let fetched = scratch.read(name, &mut budget).unwrap();
            assert!(
                matches!(fetched, Fetched::Refused(_)),
                "{name}: {fetched:?}"
            );
        }
        assert_eq!(
            scratch.read("local", &mut budget).unwrap(),
            Fetched::File(b"ok".to_vec())
        );
        assert_eq!(
            scratch.read("nothing", &mut budget).unwrap(),
            Fetched::Missing
        );
        // Writing through a link is refused too, and nothing outside changes.
        assert!(scratch.write("dir/secret", b"x").is_err());
        assert!(scratch.write("absolute", b"x").is_err());
        assert_eq!(
            std::fs::read_to_string(outside.path().join("secret")).unwrap(),
            "s3cret"
        );
        // Counting the quota does not walk into a linked directory.
        std::fs::write(outside.path().join("big"), vec![0u8; 1 << 20]).unwrap();
        assert_eq!(scratch.over_quota(), None);
        // Removal removes the links, not what they point at.
        drop(scratch);
        assert!(outside.path().join("secret").is_file());
    }

    #[test]
    fn fetching_is_bounded_by_the_quota() {
        let scratch = Scratch::new().unwrap();
        scratch.write("a", &[1u8; 600]).unwrap();
        let mut budget = 1000;
        assert!(matches!(
            scratch.read("a", &mut budget).unwrap(),
            Fetched::File(_)
        ));
        assert_eq!(budget, 400);
        assert!(matches!(
            scratch.read("a", &mut budget).unwrap(),
            Fetched::Refused(_)
        ));
    }

    #[test]
    fn writing_names_the_file_and_what_is_wrong() {
        let scratch = Scratch::new().unwrap();
        scratch.write("a/b/c.txt", b"x").unwrap();
        assert_eq!(
            std::fs::read(scratch.path().join("a/b/c.txt")).unwrap(),
            b"x"
        );
        let err = scratch.write("a/b", b"y").unwrap_err();
        assert!(err.to_string().contains("\"a/b\""), "{err}");
        assert!(err.problem.contains("directory"), "{err}");
        let err = scratch.write("a/b/c.txt/d", b"y").unwrap_err();
        assert!(err.problem.contains("is a file"), "{err}");
    }
}
