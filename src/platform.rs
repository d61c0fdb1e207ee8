//! What differs between the platforms wasmeval runs on (Linux, macOS,
//! Windows) where wasmeval starts host programs: a virtualenv's layout, the
//! shell that runs `--extract-cmd`, the names of Python and npm. Pure
//! functions of [`Os`], so that the Windows branches are tested on Linux
//! too; the rest of the code asks for [`Os::HOST`]. (The cache directory is
//! the `dirs` crate's per-platform one; see [`crate::install::Cache`].)

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A platform family, as far as these differences go (macOS is Unix).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    Unix,
    Windows,
}

impl Os {
    /// The platform this binary was built for.
    pub const HOST: Os = if cfg!(windows) { Os::Windows } else { Os::Unix };

    /// A virtualenv's executable `name` (`python`, `mypy`): `bin/NAME` on
    /// Unix, `Scripts\NAME.exe` on Windows.
    pub fn venv_executable(self, venv: &Path, name: &str) -> PathBuf {
        match self {
            Os::Unix => venv.join("bin").join(name),
            Os::Windows => venv.join("Scripts").join(format!("{name}.exe")),
        }
    }

    /// An npm package's command installed under `prefix` (`npm install
    /// --prefix`): a shell script on Unix, a `.cmd` shim on Windows.
    pub fn npm_bin(self, prefix: &Path, name: &str) -> PathBuf {
        let bin = prefix.join("node_modules").join(".bin");
        match self {
            Os::Unix => bin.join(name),
            Os::Windows => bin.join(format!("{name}.cmd")),
        }
    }

    /// The npm command itself (a `.cmd` on Windows, which `Command` does
    /// not find by its bare name).
    pub fn npm(self) -> &'static str {
        match self {
            Os::Unix => "npm",
            Os::Windows => "npm.cmd",
        }
    }

    /// The Python to make a virtualenv with when none is named: `python3`
    /// on Unix; on Windows, where `python3` is usually the Store's stub,
    /// `python`.
    pub fn default_python(self) -> &'static str {
        match self {
            Os::Unix => "python3",
            Os::Windows => "python",
        }
    }

    /// The program and arguments that run `command` through the platform's
    /// shell (so that pipelines work): `sh -c` on Unix, `cmd /C` on Windows.
    pub fn shell(self, command: &str) -> (&'static str, Vec<OsString>) {
        match self {
            Os::Unix => ("sh", vec!["-c".into(), command.into()]),
            Os::Windows => ("cmd", vec!["/C".into(), command.into()]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_platform_has_its_own_layout_and_shell() {
        let venv = Path::new("cache").join("venv");
        assert_eq!(
            Os::Unix.venv_executable(&venv, "mypy"),
            Path::new("cache/venv/bin/mypy")
        );
        assert_eq!(
            Os::Windows.venv_executable(&venv, "python"),
            venv.join("Scripts").join("python.exe")
        );
        let prefix = Path::new("npm");
        assert_eq!(
            Os::Unix.npm_bin(prefix, "pyright"),
            Path::new("npm/node_modules/.bin/pyright")
        );
        assert_eq!(
            Os::Windows.npm_bin(prefix, "pyright"),
            prefix.join("node_modules").join(".bin").join("pyright.cmd")
        );
        assert_eq!((Os::Unix.npm(), Os::Windows.npm()), ("npm", "npm.cmd"));
        assert_eq!(
            (Os::Unix.default_python(), Os::Windows.default_python()),
            ("python3", "python")
        );
        assert_eq!(
            Os::Unix.shell("tr a b | cat"),
            ("sh", vec!["-c".into(), "tr a b | cat".into()])
        );
        assert_eq!(
            Os::Windows.shell("findstr x"),
            ("cmd", vec!["/C".into(), "findstr x".into()])
        );
        assert_eq!(Os::HOST, if cfg!(windows) { Os::Windows } else { Os::Unix });
    }
}
