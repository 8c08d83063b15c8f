//! The safe wrapper against the built library: prove, verify, tamper, tables, errors.
use hashsnark::*;

fn ctx() -> Context {
    Context::new(2).unwrap()
}

#[test]
fn version_and_tables() {
    assert_eq!(version(), env!("CARGO_PKG_VERSION"));
    let all = provable();
    let kb16 = all.iter().find(|p| p.name == "poseidon2-kb16").expect("poseidon2-kb16 is provable");
    assert_eq!((kb16.in_words, kb16.out_words, kb16.word_modulus), (16, 16, 2130706433));
    assert_eq!(kb16.stark, vec![Statement::Private, Statement::Public]);
    assert!(kb16.gkr.contains(&Statement::Regions));
    assert_eq!(kb16.perm.as_deref(), Some("poseidon2-kb16"));
    assert_eq!(Context::new(3).unwrap().threads(), 3);
}

#[test]
fn private_stark_and_gkr() {
    let ctx = ctx();
    for backend in [Backend::Stark, Backend::Gkr] {
        let mut shape = Shape::new("poseidon2-kb16", 4);
        shape.backend = backend;
        let (n, in_words, out_words) = shape.size().unwrap();
        assert_eq!((n, in_words, out_words), (16, 256, 256));
        let inputs = random_inputs(&shape.hash, in_words, 9).unwrap();
        let proven = prove(&ctx, &shape, &inputs).unwrap();
        assert!(!proven.proof.is_empty() && proven.stats.instances == 16 && proven.stats.supported);
        let info = verify(&ctx, proven.proof.as_bytes(), None, MinBits::Declared).unwrap();
        assert_eq!(info.shape.backend, backend);
        assert_eq!(info.shape.hash, "poseidon2-kb16");
        assert_eq!(info.shape.log_perms, 4);
        assert_eq!(info.claimed_bits, proven.stats.claimed_bits);
        let peeked = proven.proof.peek().unwrap();
        assert_eq!(peeked.shape, info.shape);

        let mut bad = proven.proof.clone().into_bytes();
        let mid = bad.len() / 2;
        bad[mid] ^= 1;
        let e = verify(&ctx, &bad, None, MinBits::Declared).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Rejected);
        assert!(!e.reason.is_empty());
        // a private proof takes no table: what the proof says does not match what is given, a
        // rejection (never an error of the caller's)
        let e = verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &proven.outputs)), MinBits::Any).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Rejected);
        assert!(e.reason.contains("private statement"), "{}", e);
    }
}

#[test]
fn public_table_bound() {
    let ctx = ctx();
    let mut shape = Shape::new("poseidon2-kb16", 3);
    shape.statement = Statement::Public;
    shape.backend = Backend::Gkr;
    let (_, in_words, _) = shape.size().unwrap();
    let inputs: Vec<u32> = (0..in_words as u32).collect();
    let proven = prove(&ctx, &shape, &inputs).unwrap();
    verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &proven.outputs)), MinBits::Declared).unwrap();
    let mut outputs = proven.outputs.clone();
    outputs[5] = if outputs[5] == 0 { 1 } else { outputs[5] - 1 };
    let e = verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &outputs)), MinBits::Declared).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Rejected);
    // a word outside the field of the proof's hash: not this proof's table
    outputs[5] = 2130706433;
    let e = verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &outputs)), MinBits::Declared).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Rejected);
    assert!(e.reason.contains("pub_out") && e.reason.contains("poseidon2-kb16"), "{}", e);
    // a public proof without its table
    let e = verify(&ctx, proven.proof.as_bytes(), None, MinBits::Declared).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Rejected);
    assert!(e.reason.contains("public statement"), "{}", e);
}

/// A min_bits that is no bound: NaN passes no comparison, so `MinBits::Bits(f64::NAN)` once
/// accepted a proof below its preset's declaration. The binding and the library refuse it, and
/// infinities and negative numbers alike, as argument errors.
#[test]
fn min_bits_bounds() {
    let ctx = ctx();
    let mut shape = Shape::new("poseidon2-kb16", 12);
    shape.log_blowup = 3; // compat: 88.6 provable bits, below its declared 91
    shape.allow_insecure = true;
    let (_, in_words, _) = shape.size().unwrap();
    let inputs = random_inputs(&shape.hash, in_words, 4).unwrap();
    let proven = prove(&ctx, &shape, &inputs).unwrap();
    assert!(!proven.stats.supported);
    let proof = proven.proof.as_bytes();
    assert_eq!(verify(&ctx, proof, None, MinBits::Declared).unwrap_err().kind, ErrorKind::Rejected);
    for b in [f64::NAN, -f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0, -0.5] {
        let e = verify(&ctx, proof, None, MinBits::Bits(b)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Argument, "MinBits::Bits({b}): {e}");
    }
    verify(&ctx, proof, None, MinBits::Bits(0.0)).unwrap();
    verify(&ctx, proof, None, MinBits::Any).unwrap();
    assert_eq!(verify(&ctx, proof, None, MinBits::Bits(89.0)).unwrap_err().kind, ErrorKind::Rejected);
    // the library itself, under the binding's check
    unsafe {
        let mut c: *mut sys::hs_ctx = std::ptr::null_mut();
        assert_eq!(sys::hs_ctx_new(&mut c, 1), sys::HS_OK);
        let mut why = [0 as std::os::raw::c_char; sys::HS_REASON_LEN];
        for b in [f64::NAN, f64::INFINITY, -2.0] {
            let s = sys::hs_verify(
                c,
                std::ptr::null_mut(),
                why.as_mut_ptr(),
                why.len(),
                proof.as_ptr(),
                proof.len(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                0,
                b,
            );
            assert_eq!(s, sys::HS_ERR_ARGUMENT, "hs_verify(min_bits = {b})");
        }
        sys::hs_ctx_free(c);
    }
}

#[test]
fn regions() {
    let ctx = ctx();
    let mut shape = Shape::new("poseidon2-kb16", 0);
    shape.backend = Backend::Gkr;
    shape.statement = Statement::Regions;
    shape.regions = vec![4, 6, 5];
    let (n, in_words, _) = shape.size().unwrap();
    assert_eq!(n, 16 + 64 + 32);
    let inputs = random_inputs("poseidon2-kb16", in_words, 3).unwrap();
    let proven = prove(&ctx, &shape, &inputs).unwrap();
    let info = verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &proven.outputs)), MinBits::Declared).unwrap();
    assert_eq!(info.shape.regions, vec![4, 6, 5]);
    assert_eq!(info.shape.variant.as_deref(), Some("ragged"));
    assert!(info.claimed_bits.unwrap() >= 91.0);
    assert!(params(&shape).is_ok());
    // committed regions: a private statement, verified without tables
    shape.private_regions = true;
    let proven = prove(&ctx, &shape, &inputs).unwrap();
    let info = verify(&ctx, proven.proof.as_bytes(), None, MinBits::Declared).unwrap();
    assert!(info.shape.private_regions && info.in_words == 0);
    assert!(verify(&ctx, proven.proof.as_bytes(), Some((&inputs, &proven.outputs)), MinBits::Any).is_err());
}

#[test]
fn errors() {
    let ctx = ctx();
    let mut shape = Shape::new("poseidon2-kb16", 2);
    let mut inputs = random_inputs("poseidon2-kb16", 64, 1).unwrap();
    inputs[7] = u32::MAX;
    let e = prove(&ctx, &shape, &inputs).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Range);
    assert!(e.reason.contains("word 7"), "{}", e);
    assert_eq!(prove(&ctx, &shape, &inputs[..63]).unwrap_err().kind, ErrorKind::Argument);
    shape.preset = "nope".into();
    assert_eq!(prove(&ctx, &shape, &inputs).unwrap_err().kind, ErrorKind::UnknownPreset);
    shape.preset = "compat".into();
    shape.hash = "md5".into();
    assert_eq!(shape.size().unwrap_err().kind, ErrorKind::UnknownHash);
    assert_eq!(random_inputs("md5", 4, 1).unwrap_err().kind, ErrorKind::UnknownHash);
    assert_eq!(peek(b"not a proof").unwrap_err().kind, ErrorKind::Rejected);
    assert_eq!(peek(&[]).unwrap_err().kind, ErrorKind::Rejected);
}

#[test]
fn soundness_terms() {
    let mut shape = Shape::new("poseidon2-kb16", 20);
    shape.preset = "proven128".into();
    let p = params(&shape).unwrap();
    assert!(p.supported && p.claimed_bits >= 128.0 && p.declared_bits == 128.0);
    assert!(p.terms.len() > 3 && p.weakest < p.terms.len());
    assert_eq!(p.merkle_hash.as_deref(), Some("BLAKE3"));
    let w = &p.terms[p.weakest];
    let b = match p.regime {
        Regime::Udr => w.udr,
        Regime::Johnson => w.johnson,
        Regime::Conjectured => w.conjectured,
    };
    assert!((b - p.claimed_bits).abs() < 1e-9);
}

/// sys.rs mirrors the header's structs by hand; tests/test_api.c asserts the same sizes and
/// offsets on the C side (LP64), so a change to one side that misses the other fails a test.
#[test]
#[cfg(target_pointer_width = "64")]
fn layouts_match_the_header() {
    use std::mem::{offset_of, size_of};
    assert_eq!(size_of::<sys::hs_shape>(), 192);
    assert_eq!(size_of::<sys::hs_provable>(), 64);
    assert_eq!(size_of::<sys::hs_preset_info>(), 40);
    assert_eq!(size_of::<sys::hs_sec_term>(), 88);
    assert_eq!(size_of::<sys::hs_params_report>(), 8576);
    assert_eq!(offset_of!(sys::hs_params_report, terms), 120);
    assert_eq!(size_of::<sys::hs_prove_stats>(), 192);
    assert_eq!(offset_of!(sys::hs_prove_stats, supported), 184);
    assert_eq!(size_of::<sys::hs_proof_info>(), 280);
    assert_eq!(offset_of!(sys::hs_proof_info, supported), 264);
}
