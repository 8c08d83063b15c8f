#!/usr/bin/env python3
"""Vision Mark-32 as the archived Binius repository implements it (github.com/IrreducibleOSS/binius,
crates/hash/src/vision/{permutation.rs, constants.rs, digest.rs}; Ashur, Mahzoun, Posen, Sijacic,
eprint 2024/633): an independent reference in plain Python, the derivation of the additive-NTT
twiddles of its MDS layer, and the files built from them.

Reads  tests/vectors/vision32_binius.json (the constants, copied from that source, and the MDS
       matrix over GF(2^8));
checks the three digest known answers of Binius' digest.rs tests, the S-box cases below (the first
       16 of Binius' permutation.rs test_sboxes) and that the NTT below computes exactly the MDS
       matrix of the file;
writes src/hash/vision32_constants.inc (round keys, affine maps, NTT twiddles for the C code) and
       tests/vectors/vision32_binius_derived.json (the known answers, derived digests of more
       lengths, and a round-by-round trace of two permutations).

The MDS layer (Binius' Vision32MDSTransform::transform) acts on each of the 4 byte positions of
the 24 words separately, over AESTowerField8b: an inverse additive NTT of size 8 on each third of
the state (cosets 0, 1, 2 of a size-8 subspace of a 64-element domain), a 3-way mix with constants
x, y, z, and a forward NTT on cosets 3, 4, 5. The domain is the span of the canonical
BinaryField8b basis 1, 2, 4, ..., 32 carried into AESTowerField8b (binius_ntt's
with_domain_field::<BinaryField8b>(6)); the twiddles of round i are values of the normalised
subspace polynomial W^_i (Lin-Chung-Han 2014, arXiv 1404.3458; Diamond-Posen 2024, eprint
2024/504 section 2.3).

Run from the repository root: python3 tools/gen_vision32.py
"""
import json
import sys

VEC = 'tests/vectors/vision32_binius.json'
OUT_INC = 'src/hash/vision32_constants.inc'
OUT_JSON = 'tests/vectors/vision32_binius_derived.json'

SOURCE = 'IrreducibleOSS/binius @ 47675e19c86c0fb676f75437073a77af8e337938'

# Binius crates/hash/src/vision/digest.rs tests (test_simple_hash, test_multi_block_aligned,
# test_multi_block_unaligned): message, digest.
UPSTREAM_DIGESTS = [
    ('binius_test_simple_hash', bytes.fromhex('deadbeef'),
     '8ed389809fabe91cead4786eb08e2d32647a9ac69143040de500e4465c72f173'),
    ('binius_test_multi_block_aligned',
     b'One part of the mysterious existence of Captain Nemo had been unveiled and, if his identity '
     b'had not been recognised, at least, the nations united against him were no longer hunting a '
     b'chimerical creature, but a man who had vowed a deadly hatred against them',
     'b615664d0249149b5655a86919169f0fd4b44fec83d4c43e4f1f124c3f9a82c3'),
    ('binius_test_multi_block_unaligned',
     b'You can prove anything you want by coldly logical reason--if you pick the proper postulates.',
     '0aa2879dcac953550ebe5d9da2a91d3c0356feca9044acf4edca87b28d9959e1'),
]

# Binius crates/hash/src/vision/permutation.rs test_sboxes, its first 16 cases: input, the S-box
# of the first half-round (inverse, INV affine map), of the second (inverse, FWD affine map); all
# in canonical BinaryField32b.
SBOX_INPUTS = [0x39037a7d, 0xe5052ed8, 0xc5dc5c6e, 0x6ddccbe1, 0xa13aed6c, 0x23839b39, 0x37f0a862, 0x63e92751,
               0xc0016042, 0x6c6c241d, 0x8f283c12, 0x94a7dc55, 0x2dbdac59, 0x5ec675b1, 0xa4eb5ff7, 0xeb813ae4]
SBOX1 = [0x330d800b, 0x6ae828d7, 0x5467df64, 0x0811aeee, 0x2806230c, 0xbadf5081, 0xc2d43f3d, 0xc732f979,
         0xcebd7499, 0xcd9a68dc, 0x4c89843b, 0x36693a66, 0x2a55160f, 0xc20f3307, 0xfce9ab0c, 0xfd0131fa]
SBOX2 = [0xa49b31f9, 0x14b325cb, 0x70406a55, 0x59f5626a, 0xf57b14cc, 0x9ca42c1c, 0x317f84f0, 0x1c306e6e,
         0xf2e35d7b, 0x84a383ca, 0xf6a71b83, 0xf7458ed2, 0x3bf6a0d6, 0xe61eeb13, 0x56eb30bf, 0xcf518a40]


def m8(a, b):
    """GF(2^8) with the AES polynomial x^8 + x^4 + x^3 + x + 1."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= 0x11b
    return r


def m16(a, b):
    """AESTowerField16b = AES8[X3]/(X3^2 + 0xd3 X3 + 1)."""
    a0, a1, b0, b1 = a & 255, a >> 8, b & 255, b >> 8
    z0, z2, z1 = m8(a0, b0), m8(a1, b1), m8(a0 ^ a1, b0 ^ b1)
    return (z0 ^ z2) | (z1 ^ z0 ^ z2 ^ m8(0xd3, z2)) << 8


def m32(a, b):
    """AESTowerField32b = AES16[X4]/(X4^2 + X3 X4 + 1), X3 = 0x0100."""
    a0, a1, b0, b1 = a & 0xffff, a >> 16, b & 0xffff, b >> 16
    z0, z2, z1 = m16(a0, b0), m16(a1, b1), m16(a0 ^ a1, b0 ^ b1)
    return (z0 ^ z2) | (z1 ^ z0 ^ z2 ^ m16(0x100, z2)) << 16


def power(mul, a, e):
    """a^e, left to right over the bits of e."""
    r = 1
    for bit in bin(e)[2:]:
        r = mul(mul(r, r), a) if bit == '1' else mul(r, r)
    return r


def inv8(a):
    return power(m8, a, 254)


def inv32(a):
    return power(m32, a, (1 << 32) - 2)  # 0 -> 0


def lin(img, x):
    """The F2-linear map with images img[i] of bit i."""
    r = 0
    for i, v in enumerate(img):
        if x >> i & 1:
            r ^= v
    return r


def h(s):
    return int(s, 16)


D = json.load(open(VEC))
B2A = [h(x) for x in D['fields']['binary8_to_aes8_basis']]
A2B = [h(x) for x in D['fields']['aes8_to_binary8_basis']]
P = D['permutation']
FWD = [h(x) for x in P['affine_fwd_aes']]
FWDC = h(P['affine_fwd_const_aes'])
INV = [h(x) for x in P['affine_inv_aes']]
INVC = h(P['affine_inv_const_aes'])
MDS = [[h(x) for x in row] for row in P['mds_matrix_aes8']]
RK_CANON = [[h(x) for x in row] for row in P['round_keys_canonical_bf32']]


def c2a(w):
    return sum(lin(B2A, w >> 8 * j & 255) << 8 * j for j in range(4))


def a2c(w):
    return sum(lin(A2B, w >> 8 * j & 255) << 8 * j for j in range(4))


RK = [[c2a(x) for x in row] for row in RK_CANON]

# ---- the NTT twiddles ----
BETA = [B2A[i] for i in range(6)]  # canonical 1, 2, ..., 32 in AESTowerField8b


def span(vs):
    out = [0]
    for v in vs:
        out += [x ^ v for x in out]
    return out


def w_poly(i, x):
    r = 1
    for u in span(BETA[:i]):
        r = m8(r, x ^ u)
    return r


def w_hat(i, x):
    return m8(w_poly(i, x), inv8(w_poly(i, BETA[i])))


# S[i] = W^_i at beta_(i+1) .. beta_5
S = [[w_hat(i, BETA[j]) for j in range(i + 1, 6)] for i in range(6)]


def subset_sum(vals, nbits, idx):
    r = 0
    for b in range(nbits):
        if idx >> b & 1:
            r ^= vals[b]
    return r


def twiddle(rnd, coset, j):
    """Round rnd (butterflies at distance 2^rnd), coset of the top 3 domain bits, block j."""
    log_n = 2 - rnd
    return subset_sum(S[rnd][log_n:], 3, coset) ^ subset_sum(S[rnd][:log_n], log_n, j)


MIX_X, MIX_Y, MIX_Z = S[3][0], S[3][1], S[4][0]  # get_subspace_eval(3, 1), (3, 2), (2, 1)


def ntt_inverse(v, coset):
    v = list(v)
    for rnd in range(3):
        dist = 1 << rnd
        for start in range(0, 8, 2 * dist):
            t = twiddle(rnd, coset, start // (2 * dist))
            for k in range(start, start + dist):
                v[k + dist] ^= v[k]
                v[k] ^= m8(t, v[k + dist])
    return v


def ntt_forward(v, coset):
    v = list(v)
    for rnd in (2, 1, 0):
        dist = 1 << rnd
        for start in range(0, 8, 2 * dist):
            t = twiddle(rnd, coset, start // (2 * dist))
            for k in range(start, start + dist):
                v[k] ^= m8(t, v[k + dist])
                v[k + dist] ^= v[k]
    return v


def mds_ntt8(x):
    d = [ntt_inverse(x[8 * c:8 * c + 8], c) for c in range(3)]
    for i in range(8):
        d0, d1, d2 = d[0][i], d[1][i], d[2][i]
        d1 ^= d0
        xx = m8(MIX_X, d1)
        d2 ^= xx ^ d0
        yy, zz = m8(MIX_Y, d1), m8(MIX_Z, d2)
        n0 = d0 ^ xx ^ d1 ^ d2
        n1 = d0 ^ yy ^ zz
        d[0][i], d[1][i], d[2][i] = n0, n1, n1 ^ d1
    return ntt_forward(d[0], 3) + ntt_forward(d[1], 4) + ntt_forward(d[2], 5)


def mds(s):
    out = [0] * 24
    for b in range(4):
        col = mds_ntt8([w >> 8 * b & 255 for w in s])
        for i in range(24):
            out[i] |= col[i] << 8 * b
    return out


def sbox(x, aff, c):
    return lin(aff, inv32(x)) ^ c


def permute(s, trace=None):
    """AES-tower words in and out; trace gets the state after each round-key addition."""
    s = [x ^ k for x, k in zip(s, RK[0])]
    if trace is not None:
        trace.append(list(s))
    for r in range(8):
        for aff, c, k in ((INV, INVC, RK[1 + 2 * r]), (FWD, FWDC, RK[2 + 2 * r])):
            s = mds([sbox(x, aff, c) for x in s])
            s = [x ^ y for x, y in zip(s, k)]
            if trace is not None:
                trace.append(list(s))
    return s


def digest(msg):
    st = [0] * 24
    full = len(msg) // 64
    blocks = [msg[64 * i:64 * i + 64] for i in range(full)]
    last = bytearray(64)
    rest = msg[64 * full:]
    last[:len(rest)] = rest
    last[len(rest)] |= 0x80
    last[63] |= 0x01
    blocks.append(bytes(last))
    for blk in blocks:
        for i in range(16):
            st[i] = c2a(int.from_bytes(blk[4 * i:4 * i + 4], 'little'))
        st = permute(st)
    return b''.join(a2c(st[i]).to_bytes(4, 'little') for i in range(8))


def check():
    for i in range(24):
        e = [0] * 24
        e[i] = 1
        col = mds_ntt8(e)
        for j in range(24):
            if col[j] != MDS[j][i]:
                sys.exit('the NTT does not give the MDS matrix (row %d, column %d)' % (j, i))
    for a, b, c in zip(SBOX_INPUTS, SBOX1, SBOX2):
        x = c2a(a)
        if a2c(sbox(x, INV, INVC)) != b or a2c(sbox(x, FWD, FWDC)) != c:
            sys.exit('S-box case %08x fails' % a)
    for name, msg, want in UPSTREAM_DIGESTS:
        if digest(msg).hex() != want:
            sys.exit('digest known answer %s fails' % name)
    for k in range(8):  # the tower inverse
        x = (0x9e3779b9 * (k + 1)) & 0xffffffff
        if m32(x, inv32(x)) != 1:
            sys.exit('inverse')


def hx(w):
    return '%08x' % w


def write_inc():
    L = ['/* Generated by tools/gen_vision32.py from tests/vectors/vision32_binius.json: Vision Mark-32 as',
         ' * Binius implements it (github.com/IrreducibleOSS/binius crates/hash/src/vision/constants.rs and',
         ' * permutation.rs). Constants are data copied from that source; the NTT twiddles are derived by the',
         ' * tool (which checks they give the source\'s MDS matrix). Do not edit. */', '',
         '/* ROUND_KEYS, canonical BinaryField32b (converted to the AES tower before use) */',
         'static const uint32_t v32_round_keys_canonical[17][24] = {']
    for row in RK_CANON:
        L.append('    {' + ', '.join('0x' + hx(x) for x in row) + '},')
    L.append('};')
    for nm, img, c in (('fwd', FWD, FWDC), ('inv', INV, INVC)):
        L.append('/* AFFINE_%s_AES: the image of bit i of an AESTowerField32b word; then + AFFINE_%s_CONST_AES */'
                 % (nm.upper(), nm.upper()))
        L.append('static const uint32_t v32_affine_%s[32] = {' % nm)
        for i in range(0, 32, 8):
            L.append('    ' + ', '.join('0x' + hx(x) for x in img[i:i + 8]) + ',')
        L.append('};')
        L.append('static const uint32_t v32_affine_%s_const = 0x%s;' % (nm, hx(c)))
    L.append('/* Additive-NTT twiddles over AESTowerField8b, [coset][round][block]: round r pairs entries at')
    L.append(' * distance 2^r, block j = the j-th group of 2^(r+1) entries (4, 2, 1 blocks); cosets 0..2 serve')
    L.append(' * the inverse transform of the thirds, 3..5 the forward one. */')
    L.append('static const uint8_t v32_twiddles[6][3][4] = {')
    for c in range(6):
        rows = []
        for r in range(3):
            vals = [twiddle(r, c, j) for j in range(4 >> r)] + [0] * (4 - (4 >> r))
            rows.append('{' + ', '.join('0x%02x' % v for v in vals) + '}')
        L.append('    {' + ', '.join(rows) + '},')
    L.append('};')
    L.append('/* the mix step\'s x, y, z: W^_3(beta_4), W^_3(beta_5), W^_4(beta_5) */')
    L.append('static const uint8_t v32_mix[3] = {0x%02x, 0x%02x, 0x%02x};' % (MIX_X, MIX_Y, MIX_Z))
    open(OUT_INC, 'w').write('\n'.join(L) + '\n')


def write_json():
    cases = []
    for name, msg, want in UPSTREAM_DIGESTS:
        cases.append({'name': name, 'origin': 'upstream: %s crates/hash/src/vision/digest.rs tests' % SOURCE,
                      'message_hex': msg.hex(), 'digest_hex': want})
    for n in (0, 1, 3, 4, 5, 63, 64, 65, 127, 128, 129, 191, 300):
        msg = bytes(i % 251 for i in range(n))
        cases.append({'name': 'len_%d' % n, 'origin': 'derived: tools/gen_vision32.py',
                      'message_hex': msg.hex(), 'digest_hex': digest(msg).hex()})
    perms = []
    for name, canon in (('words_0_to_23', list(range(24))),
                        ('pattern', [(0x9e3779b9 * (i + 1) ^ 0x5bd1e995 * i) & 0xffffffff for i in range(24)])):
        tr = []
        out = permute([c2a(x) for x in canon], tr)
        perms.append({'name': name, 'origin': 'derived: tools/gen_vision32.py',
                      'input': [hx(x) for x in canon], 'output': [hx(a2c(x)) for x in out],
                      'trace_aes': [[hx(x) for x in st] for st in tr]})
    doc = {
        'description': 'Vision Mark-32 as Binius implements it (%s, crates/hash/src/vision): digest known answers '
                       '(the three of Binius\' tests and derived ones of more lengths, message byte i = i mod 251), '
                       'the first 16 S-box cases of Binius\' test_sboxes, and permutations with a round-by-round '
                       'trace. Constants: vision32_binius.json.' % SOURCE,
        'words': 'input and output: 8 lowercase hex digits of a canonical BinaryField32b word; trace_aes: the '
                 'state in the AES tower (AESTowerField32b) after the first round-key addition and after each '
                 'of the 16 half-rounds (S-box layer, MDS, round key): 17 states',
        'digest_cases': cases,
        'sbox_cases': {'origin': 'upstream: %s crates/hash/src/vision/permutation.rs test_sboxes (first 16)' % SOURCE,
                       'input': [hx(x) for x in SBOX_INPUTS], 'sbox_inv_affine': [hx(x) for x in SBOX1],
                       'sbox_fwd_affine': [hx(x) for x in SBOX2]},
        'permutation_cases': perms,
    }
    open(OUT_JSON, 'w').write(json.dumps(doc, indent=1) + '\n')


if __name__ == '__main__':
    check()
    write_inc()
    write_json()
    print('ok: wrote', OUT_INC, 'and', OUT_JSON)
