//! Links libhashsnark.
//!
//! With HASHSNARK_LIB_DIR set, from the folder it names (a build tree, or an installed prefix's
//! lib/): the static library by default, with OpenMP (libgomp), so that a program depending on
//! this crate needs nothing at run time; HASHSNARK_SHARED=1 links libhashsnark.so instead (this
//! crate's own tests and examples find it through an rpath; other programs through
//! LD_LIBRARY_PATH or the system's library path).
//!
//! Without it, the crate builds the C library itself: CMake configures the repository this crate
//! lives in (../.. from here) into OUT_DIR, Release, builds the static library target only, and
//! the libraries it needs are taken from the hashsnark.pc that configure writes (Libs.private).
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=HASHSNARK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=HASHSNARK_SHARED");
    match env::var_os("HASHSNARK_LIB_DIR") {
        Some(d) => link_prebuilt(&PathBuf::from(d)),
        None => build_with_cmake(),
    }
}

fn link_prebuilt(dir: &Path) {
    let shared = env::var_os("HASHSNARK_SHARED").is_some_and(|v| v == "1");
    let lib = if shared {
        "libhashsnark.so"
    } else {
        "libhashsnark.a"
    };
    if !dir.join(lib).exists() {
        panic!(
            "{} not found in {} (HASHSNARK_LIB_DIR): build hashsnark (cmake -S . -B build && cmake --build build) or unset HASHSNARK_LIB_DIR to let this crate build it",
            lib,
            dir.display()
        );
    }
    let dir = dir.canonicalize().unwrap();
    println!("cargo:rerun-if-changed={}", dir.join(lib).display());
    println!("cargo:rustc-link-search=native={}", dir.display());
    if shared {
        println!("cargo:rustc-link-lib=dylib=hashsnark");
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    } else {
        println!("cargo:rustc-link-lib=static=hashsnark");
        println!("cargo:rustc-link-lib=dylib=gomp");
        println!("cargo:rustc-link-lib=dylib=pthread");
        println!("cargo:rustc-link-lib=dylib=m");
    }
}

fn run(cmd: &mut Command) {
    let status = cmd.status().unwrap_or_else(|e| {
        panic!(
            "cannot run {:?} (is CMake installed? or set HASHSNARK_LIB_DIR): {}",
            cmd, e
        )
    });
    if !status.success() {
        panic!(
            "{:?} failed ({}); set HASHSNARK_LIB_DIR to link a prebuilt libhashsnark instead",
            cmd, status
        );
    }
}

fn build_with_cmake() {
    println!("cargo:rerun-if-env-changed=CMAKE");
    println!("cargo:rerun-if-env-changed=CC");
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let src = manifest.join("../..");
    if !src.join("CMakeLists.txt").exists() || !src.join("include/hashsnark.h").exists() {
        panic!(
            "the hashsnark C sources are not at {} (this crate builds them from the repository it lives in): set HASHSNARK_LIB_DIR to a prebuilt libhashsnark",
            src.display()
        );
    }
    let src = src.canonicalize().unwrap();
    for p in ["CMakeLists.txt", "cmake", "include", "src"] {
        println!("cargo:rerun-if-changed={}", src.join(p).display());
    }
    let build = PathBuf::from(env::var("OUT_DIR").unwrap()).join("cmake-build");
    let cmake = env::var_os("CMAKE").unwrap_or_else(|| "cmake".into());
    run(Command::new(&cmake)
        .arg("-S")
        .arg(&src)
        .arg("-B")
        .arg(&build)
        .args([
            "-DCMAKE_BUILD_TYPE=Release",
            "-DHS_BUILD_TESTS=OFF",
            "-DHS_FUZZ=OFF",
            "-DHS_SANITIZE=OFF",
        ]));
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "1".into());
    run(Command::new(&cmake).arg("--build").arg(&build).args([
        "--config",
        "Release",
        "--target",
        "hashsnark_static",
        "-j",
        &jobs,
    ]));
    if !build.join("libhashsnark.a").exists() {
        panic!("CMake built no libhashsnark.a in {}", build.display());
    }
    println!("cargo:rustc-link-search=native={}", build.display());
    println!("cargo:rustc-link-lib=static=hashsnark");
    let pc = build.join("hashsnark.pc");
    let text =
        fs::read_to_string(&pc).unwrap_or_else(|e| panic!("cannot read {}: {}", pc.display(), e));
    for lib in private_libs(&text).unwrap_or_else(|e| panic!("{}: {}", pc.display(), e)) {
        println!("cargo:rustc-link-lib=dylib={}", lib);
    }
}

/// The libraries of a pkg-config file's `Libs.private:` line: `-lNAME` gives NAME, and OpenMP's
/// compiler flag gives its runtime (`-fopenmp` gcc's libgomp, `-fopenmp=libNAME` libNAME).
fn private_libs(pc: &str) -> Result<Vec<String>, String> {
    let line = pc
        .lines()
        .find_map(|l| l.strip_prefix("Libs.private:"))
        .ok_or("no Libs.private line")?;
    let mut libs = Vec::new();
    for word in line.split_whitespace() {
        let lib = if let Some(name) = word.strip_prefix("-l") {
            name.to_string()
        } else if word == "-fopenmp" {
            "gomp".to_string()
        } else if let Some(name) = word.strip_prefix("-fopenmp=lib") {
            name.to_string()
        } else {
            return Err(format!("unexpected word {:?} in Libs.private", word));
        };
        if !libs.contains(&lib) {
            libs.push(lib);
        }
    }
    Ok(libs)
}
