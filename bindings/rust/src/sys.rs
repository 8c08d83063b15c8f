//! The C interface of include/hashsnark.h, declared by hand: the types and functions the safe
//! wrapper (the crate root) uses. Keep it in the header's order; every struct is `repr(C)` with
//! the header's fields in the header's order.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_double, c_int, c_uint, c_void};

pub type hs_status = c_uint;
pub const HS_OK: hs_status = 0;
pub const HS_ERR_ARGUMENT: hs_status = 1;
pub const HS_ERR_UNKNOWN_HASH: hs_status = 2;
pub const HS_ERR_RANGE: hs_status = 3;
pub const HS_ERR_WORD_SIZE: hs_status = 4;
pub const HS_ERR_NOMEM: hs_status = 5;
pub const HS_ERR_IO: hs_status = 6;
pub const HS_ERR_PARSE: hs_status = 7;
pub const HS_ERR_UNSUPPORTED: hs_status = 8;
pub const HS_ERR_UNKNOWN_PRESET: hs_status = 9;
pub const HS_ERR_INSECURE: hs_status = 10;
pub const HS_ERR_BUFFER: hs_status = 11;
pub const HS_ERR_REJECTED: hs_status = 12;

pub const HS_REASON_LEN: usize = 256;
pub const HS_MAX_REGIONS: usize = 32;
pub const HS_MAX_TERMS: usize = 96;
pub const HS_MAX_PHASES: usize = 8;
pub const HS_MIN_BITS_DECLARED: c_double = -1.0;

pub type hs_backend = c_uint;
pub const HS_BACKEND_STARK: hs_backend = 1;
pub const HS_BACKEND_GKR: hs_backend = 2;

pub type hs_statement = c_uint;
pub const HS_STATEMENT_PRIVATE: hs_statement = 0;
pub const HS_STATEMENT_PUBLIC: hs_statement = 1;
pub const HS_STATEMENT_REGIONS: hs_statement = 2;

pub type hs_sec_regime = c_uint;

#[repr(C)]
pub struct hs_ctx {
    _opaque: [u8; 0],
}

#[repr(C)]
pub struct hs_inputs {
    _opaque: [u8; 0],
}

pub type hs_progress_fn = Option<unsafe extern "C" fn(user: *mut c_void, phase: *const c_char, fraction: c_double)>;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct hs_provable {
    pub name: *const c_char,
    pub description: *const c_char,
    pub perm: *const c_char,
    pub noun: *const c_char,
    pub in_words: c_uint,
    pub out_words: c_uint,
    pub value_bits: c_uint,
    pub word_modulus: u32,
    pub backends: c_uint,
    pub stark_statements: c_uint,
    pub gkr_statements: c_uint,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct hs_preset_info {
    pub name: *const c_char,
    pub description: *const c_char,
    pub declared_bits: c_double,
    pub declared_regime: hs_sec_regime,
    pub stark_log_blowup: c_uint,
    pub gkr_whir_log_inv_rate: c_uint,
    pub gkr_whir_regime: hs_sec_regime,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct hs_shape {
    pub backend: hs_backend,
    pub hash: *const c_char,
    pub preset: *const c_char,
    pub statement: hs_statement,
    pub log_perms: c_uint,
    pub log_blowup: c_uint,
    pub variant: *const c_char,
    pub n_regions: c_uint,
    pub region_log: [c_uint; HS_MAX_REGIONS],
    pub allow_insecure: c_int,
    pub private_regions: c_int,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct hs_sec_term {
    pub name: [c_char; 64],
    pub bits: [c_double; 3],
}

#[repr(C)]
pub struct hs_params_report {
    pub claimed_bits: c_double,
    pub regime: hs_sec_regime,
    pub weakest: usize,
    pub johnson_eta: c_double,
    pub declared_bits: c_double,
    pub declared_regime: hs_sec_regime,
    pub supported: c_int,
    pub log_rows: c_uint,
    pub log_blowup: c_uint,
    pub ext_degree: c_uint,
    pub num_queries: c_uint,
    pub query_pow_bits: c_uint,
    pub commit_pow_bits: c_uint,
    pub merkle_hash: *const c_char,
    pub gkr_layers: c_uint,
    pub gkr_width: c_uint,
    pub whir_columns: c_uint,
    pub whir_log_inv_rate: c_uint,
    pub whir_fold_first: c_uint,
    pub whir_fold: c_uint,
    pub whir_regime: hs_sec_regime,
    pub n_terms: usize,
    pub terms: [hs_sec_term; HS_MAX_TERMS],
    pub field: *const c_char,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct hs_phase_time {
    pub name: *const c_char,
    pub seconds: c_double,
}

#[repr(C)]
pub struct hs_prove_stats {
    pub total_s: c_double,
    pub n_phases: usize,
    pub phases: [hs_phase_time; HS_MAX_PHASES],
    pub instances: usize,
    pub physical_rows: usize,
    pub threads: c_uint,
    pub claimed_bits: c_double,
    pub declared_bits: c_double,
    pub supported: c_int,
}

#[repr(C)]
pub struct hs_proof_info {
    pub shape: hs_shape,
    pub instances: usize,
    pub in_words: usize,
    pub out_words: usize,
    pub noun: *const c_char,
    pub num_queries: c_uint,
    pub whir_log_inv_rate: c_uint,
    pub physical_rows: usize,
    pub claimed_bits: c_double,
    pub regime: hs_sec_regime,
    pub declared_bits: c_double,
    pub supported: c_int,
    pub field: *const c_char,
}

extern "C" {
    pub fn hs_version(number: *mut c_uint) -> *const c_char;
    pub fn hs_status_str(s: hs_status) -> *const c_char;

    pub fn hs_ctx_new(out: *mut *mut hs_ctx, threads: c_uint) -> hs_status;
    pub fn hs_ctx_free(ctx: *mut hs_ctx);
    pub fn hs_ctx_threads(ctx: *const hs_ctx) -> c_uint;
    pub fn hs_ctx_set_progress(ctx: *mut hs_ctx, f: hs_progress_fn, user: *mut c_void);

    pub fn hs_provable_count() -> usize;
    pub fn hs_provable_at(out: *mut hs_provable, i: usize) -> hs_status;
    pub fn hs_provable_find(out: *mut hs_provable, name: *const c_char) -> hs_status;
    pub fn hs_sec_regime_name(r: hs_sec_regime) -> *const c_char;
    pub fn hs_preset_info_count() -> usize;
    pub fn hs_preset_info_at(out: *mut hs_preset_info, i: usize) -> hs_status;
    pub fn hs_preset_info_find(out: *mut hs_preset_info, name: *const c_char) -> hs_status;

    pub fn hs_shape_init(shape: *mut hs_shape);
    pub fn hs_shape_size(
        instances: *mut usize,
        in_words: *mut usize,
        out_words: *mut usize,
        reason: *mut c_char,
        reason_len: usize,
        shape: *const hs_shape,
    ) -> hs_status;
    pub fn hs_params(out: *mut hs_params_report, reason: *mut c_char, reason_len: usize, shape: *const hs_shape)
        -> hs_status;

    pub fn hs_prove(
        ctx: *const hs_ctx,
        proof: *mut *mut u8,
        proof_len: *mut usize,
        outputs: *mut u32,
        n_outputs: usize,
        stats: *mut hs_prove_stats,
        reason: *mut c_char,
        reason_len: usize,
        shape: *const hs_shape,
        inputs: *const u32,
        n_inputs: usize,
    ) -> hs_status;
    pub fn hs_prove_into(
        ctx: *const hs_ctx,
        buf: *mut u8,
        buf_len: usize,
        proof_len: *mut usize,
        outputs: *mut u32,
        n_outputs: usize,
        stats: *mut hs_prove_stats,
        reason: *mut c_char,
        reason_len: usize,
        shape: *const hs_shape,
        inputs: *const u32,
        n_inputs: usize,
    ) -> hs_status;
    pub fn hs_proof_free(proof: *mut u8);
    pub fn hs_inputs_new(out: *mut *mut hs_inputs, words: *mut *mut u32, n_words: usize) -> hs_status;
    pub fn hs_inputs_free(inputs: *mut hs_inputs);
    pub fn hs_prove_inputs(
        ctx: *const hs_ctx,
        proof: *mut *mut u8,
        proof_len: *mut usize,
        outputs: *mut u32,
        n_outputs: usize,
        stats: *mut hs_prove_stats,
        reason: *mut c_char,
        reason_len: usize,
        shape: *const hs_shape,
        inputs: *mut hs_inputs,
    ) -> hs_status;
    pub fn hs_inputs_random(words: *mut u32, n_words: usize, hash: *const c_char, seed: u64) -> hs_status;

    pub fn hs_proof_peek(
        info: *mut hs_proof_info,
        reason: *mut c_char,
        reason_len: usize,
        proof: *const u8,
        proof_len: usize,
    ) -> hs_status;
    pub fn hs_verify(
        ctx: *const hs_ctx,
        info: *mut hs_proof_info,
        reason: *mut c_char,
        reason_len: usize,
        proof: *const u8,
        proof_len: usize,
        pub_in: *const u32,
        n_in: usize,
        pub_out: *const u32,
        n_out: usize,
        min_bits: c_double,
    ) -> hs_status;
}
