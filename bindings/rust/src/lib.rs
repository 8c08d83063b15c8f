//! Prove and verify batches of hash evaluations with hash-based (post-quantum) proofs: a safe
//! wrapper of libhashsnark (include/hashsnark.h; the raw interface is [`sys`]).
//!
//! ```no_run
//! use hashsnark::{prove, random_inputs, verify, Context, MinBits, Shape};
//! let ctx = Context::new(0).unwrap();              // every CPU
//! let shape = Shape::new("poseidon2-kb16", 10);    // stark, compat, private, 2^10 permutations
//! let (_, in_words, _) = shape.size().unwrap();
//! let inputs = random_inputs("poseidon2-kb16", in_words, 1).unwrap();
//! let proven = prove(&ctx, &shape, &inputs).unwrap();
//! let info = verify(&ctx, proven.proof.as_bytes(), None, MinBits::Declared).unwrap();
//! println!("{} {} proven, {:?} bits", info.instances, info.noun, info.claimed_bits);
//! ```
//!
//! Every failure is an [`Error`]: its [`ErrorKind`] and the library's reason. A proof that
//! does not verify is `ErrorKind::Rejected`.

pub mod sys;

use std::ffi::{CStr, CString};
use std::fmt;
use std::os::raw::c_char;
use std::ptr;

/// The kind of a failure: the library's `hs_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Argument,
    UnknownHash,
    Range,
    WordSize,
    NoMem,
    Io,
    Parse,
    Unsupported,
    UnknownPreset,
    Insecure,
    Buffer,
    /// The proof is not accepted.
    Rejected,
    Other(u32),
}

impl ErrorKind {
    fn from_status(s: sys::hs_status) -> ErrorKind {
        match s {
            sys::HS_ERR_ARGUMENT => ErrorKind::Argument,
            sys::HS_ERR_UNKNOWN_HASH => ErrorKind::UnknownHash,
            sys::HS_ERR_RANGE => ErrorKind::Range,
            sys::HS_ERR_WORD_SIZE => ErrorKind::WordSize,
            sys::HS_ERR_NOMEM => ErrorKind::NoMem,
            sys::HS_ERR_IO => ErrorKind::Io,
            sys::HS_ERR_PARSE => ErrorKind::Parse,
            sys::HS_ERR_UNSUPPORTED => ErrorKind::Unsupported,
            sys::HS_ERR_UNKNOWN_PRESET => ErrorKind::UnknownPreset,
            sys::HS_ERR_INSECURE => ErrorKind::Insecure,
            sys::HS_ERR_BUFFER => ErrorKind::Buffer,
            sys::HS_ERR_REJECTED => ErrorKind::Rejected,
            other => ErrorKind::Other(other),
        }
    }
}

/// A failure: what kind, and the library's sentence saying why.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    pub reason: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.reason.is_empty() {
            write!(f, "{:?}", self.kind)
        } else {
            write!(f, "{:?}: {}", self.kind, self.reason)
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

fn text(p: *const c_char) -> String {
    if p.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }
}

fn opt_text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        None
    } else {
        Some(text(p))
    }
}

fn status_text(s: sys::hs_status) -> String {
    text(unsafe { sys::hs_status_str(s) })
}

/// A reason buffer for one call.
struct Reason([c_char; sys::HS_REASON_LEN]);

impl Reason {
    fn new() -> Reason {
        Reason([0; sys::HS_REASON_LEN])
    }
    fn ptr(&mut self) -> *mut c_char {
        self.0.as_mut_ptr()
    }
    fn check(&self, s: sys::hs_status) -> Result<()> {
        if s == sys::HS_OK {
            return Ok(());
        }
        let mut reason = text(self.0.as_ptr());
        if reason.is_empty() {
            reason = status_text(s);
        }
        Err(Error { kind: ErrorKind::from_status(s), reason })
    }
}

fn argument(reason: &str) -> Error {
    Error { kind: ErrorKind::Argument, reason: reason.to_string() }
}

fn cstring(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| argument("a name holds a NUL byte"))
}

/// The library's version ("MAJOR.MINOR.PATCH").
pub fn version() -> String {
    text(unsafe { sys::hs_version(ptr::null_mut()) })
}

/// A context: the worker threads of every call made with it.
pub struct Context {
    ptr: *mut sys::hs_ctx,
}

// The library only reads a context during a call.
unsafe impl Send for Context {}
unsafe impl Sync for Context {}

impl Context {
    /// `threads` = 0: the HS_THREADS environment variable if set, else every CPU.
    pub fn new(threads: u32) -> Result<Context> {
        let mut ptr = ptr::null_mut();
        Reason::new().check(unsafe { sys::hs_ctx_new(&mut ptr, threads) })?;
        Ok(Context { ptr })
    }
    pub fn threads(&self) -> u32 {
        unsafe { sys::hs_ctx_threads(self.ptr) }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        unsafe { sys::hs_ctx_free(self.ptr) }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// AIR + DEEP-ALI + FRI: every provable hash.
    Stark,
    /// A GKR walk over the S-box layers + WHIR.
    Gkr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// Only the prover knows the inputs.
    Private,
    /// The verifier holds the table of inputs and outputs.
    Public,
    /// A public statement over regions of 2^w instances each (gkr backend).
    Regions,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regime {
    Udr,
    Johnson,
    Conjectured,
}

impl Regime {
    fn from_c(r: sys::hs_sec_regime) -> Regime {
        match r {
            0 => Regime::Udr,
            1 => Regime::Johnson,
            _ => Regime::Conjectured,
        }
    }
}

/// What to prove; from [`peek`], what a proof claims.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub backend: Backend,
    pub hash: String,
    pub preset: String,
    pub statement: Statement,
    /// Private and public statements: 2^log_perms instances.
    pub log_perms: u32,
    /// Stark: FRI rate 2^-log_blowup, 0 for the preset's.
    pub log_blowup: u32,
    /// Regions: "ragged" (None too), "padded" or "independent".
    pub variant: Option<String>,
    /// Regions: region a holds 2^regions[a] instances.
    pub regions: Vec<u32>,
    /// Prove even where the preset's declared security does not hold.
    pub allow_insecure: bool,
    /// Regions: commit the regions (a private statement: verified without tables).
    pub private_regions: bool,
}

impl Shape {
    /// The stark backend, preset compat, a private statement about 2^log_perms instances.
    pub fn new(hash: &str, log_perms: u32) -> Shape {
        Shape {
            backend: Backend::Stark,
            hash: hash.to_string(),
            preset: "compat".to_string(),
            statement: Statement::Private,
            log_perms,
            log_blowup: 0,
            variant: None,
            regions: Vec::new(),
            allow_insecure: false,
            private_regions: false,
        }
    }

    /// (instances, input words, output words).
    pub fn size(&self) -> Result<(usize, usize, usize)> {
        let c = CShape::new(self)?;
        let (mut n, mut i, mut o) = (0usize, 0usize, 0usize);
        let mut why = Reason::new();
        let s = unsafe { sys::hs_shape_size(&mut n, &mut i, &mut o, why.ptr(), sys::HS_REASON_LEN, &c.shape) };
        why.check(s)?;
        Ok((n, i, o))
    }

    fn from_c(s: &sys::hs_shape) -> Shape {
        let n = (s.n_regions as usize).min(sys::HS_MAX_REGIONS);
        Shape {
            backend: if s.backend == sys::HS_BACKEND_GKR { Backend::Gkr } else { Backend::Stark },
            hash: text(s.hash),
            preset: text(s.preset),
            statement: match s.statement {
                sys::HS_STATEMENT_PUBLIC => Statement::Public,
                sys::HS_STATEMENT_REGIONS => Statement::Regions,
                _ => Statement::Private,
            },
            log_perms: s.log_perms,
            log_blowup: s.log_blowup,
            variant: opt_text(s.variant),
            regions: s.region_log[..n].to_vec(),
            allow_insecure: s.allow_insecure != 0,
            private_regions: s.private_regions != 0,
        }
    }
}

/// An hs_shape and the strings it points to.
struct CShape {
    shape: sys::hs_shape,
    _names: (CString, CString, Option<CString>),
}

impl CShape {
    fn new(s: &Shape) -> Result<CShape> {
        if s.regions.len() > sys::HS_MAX_REGIONS {
            return Err(argument("more than 32 regions"));
        }
        let hash = cstring(&s.hash)?;
        let preset = cstring(&s.preset)?;
        let variant = match &s.variant {
            Some(v) => Some(cstring(v)?),
            None => None,
        };
        let mut region_log = [0; sys::HS_MAX_REGIONS];
        region_log[..s.regions.len()].copy_from_slice(&s.regions);
        let shape = sys::hs_shape {
            backend: match s.backend {
                Backend::Stark => sys::HS_BACKEND_STARK,
                Backend::Gkr => sys::HS_BACKEND_GKR,
            },
            hash: hash.as_ptr(),
            preset: preset.as_ptr(),
            statement: match s.statement {
                Statement::Private => sys::HS_STATEMENT_PRIVATE,
                Statement::Public => sys::HS_STATEMENT_PUBLIC,
                Statement::Regions => sys::HS_STATEMENT_REGIONS,
            },
            log_perms: s.log_perms,
            log_blowup: s.log_blowup,
            variant: variant.as_ref().map_or(ptr::null(), |v| v.as_ptr()),
            n_regions: s.regions.len() as u32,
            region_log,
            allow_insecure: s.allow_insecure as i32,
            private_regions: s.private_regions as i32,
        };
        Ok(CShape { shape, _names: (hash, preset, variant) })
    }
}

/// A proof's bytes (the file `hashsnark prove` writes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    bytes: Vec<u8>,
}

impl Proof {
    pub fn from_bytes(bytes: Vec<u8>) -> Proof {
        Proof { bytes }
    }
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
    pub fn len(&self) -> usize {
        self.bytes.len()
    }
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
    /// What it claims, without verifying.
    pub fn peek(&self) -> Result<Info> {
        peek(&self.bytes)
    }
}

/// How long each phase of a proof took.
#[derive(Clone, Debug)]
pub struct Stats {
    pub total_s: f64,
    pub phases: Vec<(String, f64)>,
    pub instances: usize,
    pub threads: u32,
    /// None for statements without a soundness report (regions).
    pub claimed_bits: Option<f64>,
    pub declared_bits: f64,
    pub supported: bool,
}

/// What [`prove`] gives: the proof, the output lines, the timings.
#[derive(Clone, Debug)]
pub struct Proven {
    pub proof: Proof,
    pub outputs: Vec<u32>,
    pub stats: Stats,
}

fn bits(b: f64) -> Option<f64> {
    if b.is_nan() {
        None
    } else {
        Some(b)
    }
}

/// Proves the shape's statement about the instances whose input lines are `inputs` (canonical
/// words, [`Shape::size`]'s input words).
pub fn prove(ctx: &Context, shape: &Shape, inputs: &[u32]) -> Result<Proven> {
    let c = CShape::new(shape)?;
    let (_, _, out_words) = shape.size()?;
    let mut outputs = vec![0u32; out_words];
    let mut proof: *mut u8 = ptr::null_mut();
    let mut len = 0usize;
    let mut st: sys::hs_prove_stats = unsafe { std::mem::zeroed() };
    let mut why = Reason::new();
    let s = unsafe {
        sys::hs_prove(
            ctx.ptr,
            &mut proof,
            &mut len,
            outputs.as_mut_ptr(),
            outputs.len(),
            &mut st,
            why.ptr(),
            sys::HS_REASON_LEN,
            &c.shape,
            inputs.as_ptr(),
            inputs.len(),
        )
    };
    why.check(s)?;
    let bytes = unsafe { std::slice::from_raw_parts(proof, len) }.to_vec();
    unsafe { sys::hs_proof_free(proof) };
    let n = st.n_phases.min(sys::HS_MAX_PHASES);
    let stats = Stats {
        total_s: st.total_s,
        phases: st.phases[..n].iter().map(|p| (text(p.name), p.seconds)).collect(),
        instances: st.instances,
        threads: st.threads,
        claimed_bits: bits(st.claimed_bits),
        declared_bits: st.declared_bits,
        supported: st.supported != 0,
    };
    Ok(Proven { proof: Proof { bytes }, outputs, stats })
}

/// What a proof claims.
#[derive(Clone, Debug)]
pub struct Info {
    pub shape: Shape,
    pub instances: usize,
    /// The public tables' words (0 for a private statement).
    pub in_words: usize,
    pub out_words: usize,
    pub noun: String,
    pub num_queries: u32,
    pub physical_rows: usize,
    /// None for statements without a soundness report (regions).
    pub claimed_bits: Option<f64>,
    pub regime: Regime,
    pub declared_bits: f64,
    pub supported: bool,
}

impl Info {
    fn from_c(i: &sys::hs_proof_info) -> Info {
        Info {
            shape: Shape::from_c(&i.shape),
            instances: i.instances,
            in_words: i.in_words,
            out_words: i.out_words,
            noun: text(i.noun),
            num_queries: i.num_queries,
            physical_rows: i.physical_rows,
            claimed_bits: bits(i.claimed_bits),
            regime: Regime::from_c(i.regime),
            declared_bits: i.declared_bits,
            supported: i.supported != 0,
        }
    }
}

/// Reads a proof's header: what it claims, without verifying.
pub fn peek(proof: &[u8]) -> Result<Info> {
    let mut info: sys::hs_proof_info = unsafe { std::mem::zeroed() };
    let mut why = Reason::new();
    let s = unsafe { sys::hs_proof_peek(&mut info, why.ptr(), sys::HS_REASON_LEN, proof.as_ptr(), proof.len()) };
    why.check(s)?;
    Ok(Info::from_c(&info))
}

/// The fewest provable bits a verifier accepts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MinBits {
    /// The proof's preset's declaration (a proof made with `allow_insecure` is rejected).
    Declared,
    /// Any.
    Any,
    /// At least this many: a finite number >= 0 (NaN, an infinity or a negative number is
    /// `ErrorKind::Argument`, before the proof is read).
    Bits(f64),
}

/// Verifies a proof; `table` is (inputs, outputs) for public and regions statements, None for
/// private ones. `Err` with `ErrorKind::Rejected` for a proof it does not accept, and for a proof
/// that does not match what is given (a public one without a table, a private one with one, a
/// table of another size or with a word outside the field of the proof's hash);
/// `ErrorKind::Argument` for a `MinBits::Bits` that is not a finite number >= 0.
pub fn verify(ctx: &Context, proof: &[u8], table: Option<(&[u32], &[u32])>, min_bits: MinBits) -> Result<Info> {
    if let MinBits::Bits(b) = min_bits {
        // NaN passes no comparison, so it would pass every bound; -1 would mean Declared in C
        if !(b.is_finite() && b >= 0.0) {
            return Err(argument(&format!("MinBits::Bits({b}) is not a bound: give a finite number of bits >= 0")));
        }
    }
    let mut info: sys::hs_proof_info = unsafe { std::mem::zeroed() };
    let mut why = Reason::new();
    let (pin, nin, pout, nout) = match table {
        Some((i, o)) => (i.as_ptr(), i.len(), o.as_ptr(), o.len()),
        None => (ptr::null(), 0, ptr::null(), 0),
    };
    let mb = match min_bits {
        MinBits::Declared => sys::HS_MIN_BITS_DECLARED,
        MinBits::Any => 0.0,
        MinBits::Bits(b) => b,
    };
    let s = unsafe {
        sys::hs_verify(
            ctx.ptr,
            &mut info,
            why.ptr(),
            sys::HS_REASON_LEN,
            proof.as_ptr(),
            proof.len(),
            pin,
            nin,
            pout,
            nout,
            mb,
        )
    };
    why.check(s)?;
    Ok(Info::from_c(&info))
}

/// One soundness term: -log2 of its error under each regime (infinite where it does not apply).
#[derive(Clone, Debug)]
pub struct Term {
    pub name: String,
    pub udr: f64,
    pub johnson: f64,
    pub conjectured: f64,
}

/// Every soundness term of a shape (`hashsnark params`).
#[derive(Clone, Debug)]
pub struct Params {
    pub claimed_bits: f64,
    pub regime: Regime,
    /// Index of the weakest term in `terms`.
    pub weakest: usize,
    pub declared_bits: f64,
    pub declared_regime: Regime,
    pub supported: bool,
    pub log_rows: u32,
    pub log_blowup: u32,
    pub ext_degree: u32,
    pub num_queries: u32,
    pub merkle_hash: Option<String>,
    pub terms: Vec<Term>,
}

pub fn params(shape: &Shape) -> Result<Params> {
    let c = CShape::new(shape)?;
    let mut r: Box<sys::hs_params_report> = Box::new(unsafe { std::mem::zeroed() });
    let mut why = Reason::new();
    let s = unsafe { sys::hs_params(&mut *r, why.ptr(), sys::HS_REASON_LEN, &c.shape) };
    why.check(s)?;
    let n = r.n_terms.min(sys::HS_MAX_TERMS);
    Ok(Params {
        claimed_bits: r.claimed_bits,
        regime: Regime::from_c(r.regime),
        weakest: r.weakest,
        declared_bits: r.declared_bits,
        declared_regime: Regime::from_c(r.declared_regime),
        supported: r.supported != 0,
        log_rows: r.log_rows,
        log_blowup: r.log_blowup,
        ext_degree: r.ext_degree,
        num_queries: r.num_queries,
        merkle_hash: opt_text(r.merkle_hash),
        terms: r.terms[..n]
            .iter()
            .map(|t| Term {
                name: text(t.name.as_ptr()),
                udr: t.bits[0],
                johnson: t.bits[1],
                conjectured: t.bits[2],
            })
            .collect(),
    })
}

/// A hash the library proves, and how.
#[derive(Clone, Debug)]
pub struct Provable {
    pub name: String,
    pub description: String,
    /// The native permutation of the same name, if any.
    pub perm: Option<String>,
    pub noun: String,
    pub in_words: u32,
    pub out_words: u32,
    pub value_bits: u32,
    /// Every word must be below it (0: any u32).
    pub word_modulus: u32,
    /// The statements each backend proves (empty: that backend does not prove it).
    pub stark: Vec<Statement>,
    pub gkr: Vec<Statement>,
}

fn statements(mask: u32) -> Vec<Statement> {
    [Statement::Private, Statement::Public, Statement::Regions]
        .into_iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, s)| s)
        .collect()
}

/// Every provable hash of this build, in the library's order.
pub fn provable() -> Vec<Provable> {
    let n = unsafe { sys::hs_provable_count() };
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        let mut p: sys::hs_provable = unsafe { std::mem::zeroed() };
        if unsafe { sys::hs_provable_at(&mut p, i) } != sys::HS_OK {
            break;
        }
        v.push(Provable {
            name: text(p.name),
            description: text(p.description),
            perm: opt_text(p.perm),
            noun: text(p.noun),
            in_words: p.in_words,
            out_words: p.out_words,
            value_bits: p.value_bits,
            word_modulus: p.word_modulus,
            stark: statements(p.stark_statements),
            gkr: statements(p.gkr_statements),
        });
    }
    v
}

/// The inputs `hashsnark prove --seed SEED` proves: n_words words below the hash's word modulus
/// from a deterministic, non-cryptographic generator.
pub fn random_inputs(hash: &str, n_words: usize, seed: u64) -> Result<Vec<u32>> {
    let h = cstring(hash)?;
    let mut w = vec![0u32; n_words];
    Reason::new().check(unsafe { sys::hs_inputs_random(w.as_mut_ptr(), n_words, h.as_ptr(), seed) })?;
    Ok(w)
}
