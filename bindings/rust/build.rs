//! Links libhashsnark from the folder HASHSNARK_LIB_DIR names (a build tree, or an installed
//! prefix's lib/), else the source tree's build/. The static library by default, with OpenMP
//! (libgomp), so that a program depending on this crate needs nothing at run time;
//! HASHSNARK_SHARED=1 links libhashsnark.so instead (this crate's own tests and examples find it
//! through an rpath; other programs through LD_LIBRARY_PATH or the system's library path).
use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=HASHSNARK_LIB_DIR");
    println!("cargo:rerun-if-env-changed=HASHSNARK_SHARED");
    let dir = match env::var_os("HASHSNARK_LIB_DIR") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../build"),
    };
    let shared = env::var_os("HASHSNARK_SHARED").is_some_and(|v| v == "1");
    let lib = if shared { "libhashsnark.so" } else { "libhashsnark.a" };
    if !dir.join(lib).exists() {
        panic!(
            "{} not found in {}: build hashsnark (cmake -S . -B build && cmake --build build) or set HASHSNARK_LIB_DIR",
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
