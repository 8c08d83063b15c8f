#!/usr/bin/env python3
"""Writes src/hash/poseidon2b_constants.c: the round constants and matrix constants of the two
Poseidon2b instances (n = 128, t = 4, x^7, 4 + 58 + 4 rounds) in the flat GHASH basis
(GF(2)[X]/(X^128 + X^7 + X^2 + X + 1), bit i = coefficient of X^i).

* poseidon2b, the reference instance of eprint 2025/058 and 2025/1893 (Sage reference
  github.com/Poseidon-Hash/Poseidon2b sage-ref/Poseidon2b.sage, class ShakeUtils): the round
  constants are drawn from TurboSHAKE256 with domain byte 0x1F, absorbing the UTF-8 bytes
  "Poseidon2b" and then the field order 2^128 as 8-byte little-endian chunks, low first (0, 0, 1);
  each constant is a 17-byte (ceil(129 / 8)) little-endian integer, redrawn while >= 2^128;
  t * 66 = 264 of them in round order (round r, lane i), lanes 1..3 of the partial rounds then
  zeroed. TurboSHAKE256 (RFC 9861) is implemented here: Keccak-p[1600, 12 rounds], rate 136
  bytes; it is checked against RFC 9861's test vectors before anything is written.
* poseidon2b-frost, Poseidon2b as FROST-GKR instantiates it (github.com/ignotusnemo/frost-gkr
  crates/poseidon2b/src/native/permutation.rs): small integer constants read in its AES-based
  tower, mapped to flat by its TOWER_TO_FLAT matrix (crates/core/src/hardware.rs), both taken
  from tests/vectors/poseidon2b_frost_constants.json, and checked against that file's flat tables.

Both permutations are then evaluated here (an independent Python model: matrices as matrices)
on the known answers in tests/vectors/poseidon2b.json and poseidon2b_frost_constants.json, and
the script stops if any output differs. With --trace it prints the reference instance's round
states for [0, 1, 2, 3] as JSON (the trace in tests/vectors/poseidon2b.json).

Run from the repository root: python3 tools/gen_poseidon2b_constants.py > src/hash/poseidon2b_constants.c
"""
import json
import sys

MASK64 = (1 << 64) - 1

# ---- Keccak-p[1600, n_r] and TurboSHAKE (FIPS 202 section 3, RFC 9861 section 2) ----

ROT = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61], [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]


def round_constants():
    """The 24 iota constants, from the LFSR rc(t) of FIPS 202 algorithm 5."""
    def rc(t):
        if t % 255 == 0:
            return 1
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1
    out = []
    for ir in range(24):
        v = 0
        for j in range(7):
            if rc(j + 7 * ir):
                v |= 1 << ((1 << j) - 1)
        out.append(v)
    return out


RC = round_constants()


def rotl(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK64 if n else v


def keccak_p(a, rounds):
    """a[x][y], 64-bit lanes; the last `rounds` rounds of Keccak-f[1600]."""
    for ir in range(24 - rounds, 24):
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rotl(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = rotl(a[x][y], ROT[x][y])
        a = [[b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= RC[ir]
    return a


class TurboShake256:
    RATE = 136

    def __init__(self, domain=0x1F):
        self.a = [[0] * 5 for _ in range(5)]
        self.buf = bytearray()
        self.domain = domain
        self.out = bytearray()
        self.squeezing = False

    def _absorb_block(self, block):
        for i in range(self.RATE // 8):
            x, y = i % 5, i // 5
            self.a[x][y] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        self.a = keccak_p(self.a, 12)

    def update(self, data):
        assert not self.squeezing
        self.buf += data
        while len(self.buf) >= self.RATE:
            self._absorb_block(self.buf[:self.RATE])
            del self.buf[:self.RATE]

    def read(self, n):
        if not self.squeezing:
            block = bytearray(self.buf) + bytes([self.domain]) + bytes(self.RATE - len(self.buf) - 1)
            block[-1] ^= 0x80
            self._absorb_block(block)
            self.squeezing = True
            self._emit()
        while len(self.out) < n:
            self.a = keccak_p(self.a, 12)
            self._emit()
        r = bytes(self.out[:n])
        del self.out[:n]
        return r

    def _emit(self):
        for i in range(self.RATE // 8):
            self.out += self.a[i % 5][i // 5].to_bytes(8, "little")


def ptn(n):
    return bytes(i % 251 for i in range(n))


def check_turboshake():
    """RFC 9861 section 5, TurboSHAKE256 cases."""
    cases = [
        (b"", 64, "367a329dafea871c7802ec67f905ae13c57695dc2c6663c61035f59a18f8e7db"
                  "11edc0e12e91ea60eb6b32df06dd7f002fbafabb6e13ec1cc20d995547600db0"),
        (ptn(1), 64, "3e1712f928f8eaf1054632b2aa0a246ed8b0c378728f60bc970410155c28820e"
                     "90cc90d8a3006aa2372c5c5ea176b0682bf22bae7467ac94f74d43d39b0482e2"),
        (ptn(17), 64, "b3bab0300e6a191fbe6137939835923578794ea54843f5011090fa2f3780a9e5"
                      "cb22c59d78b40a0fbff9e672c0fbe0970bd2c845091c6044d687054da5d8e9c7"),
        (ptn(17 ** 2), 64, "66b810db8e90780424c0847372fdc95710882fde31c6df75beb9d4cd9305cfca"
                           "e35e7b83e8b7e6eb4b78605880116316fe2c078a09b94ad7b8213c0a738b65c0"),
    ]
    for msg, n, want in cases:
        t = TurboShake256()
        t.update(msg)
        got = t.read(n).hex()
        assert got == want, f"TurboSHAKE256 of {len(msg)} bytes: {got} != {want}"
    t = TurboShake256()
    got = t.read(10032)[-32:].hex()
    assert got == "abefa11630c661269249742685ec082f207265dccf2f43534e9c61ba0c9d1d75", "TurboSHAKE256 10032 bytes"


# ---- GF(2^128), flat: the products of tools/gen_tower_conv.py ----

from gen_tower_conv import fmul, fpow, apply as tower_apply  # noqa: E402  (tools/ is on sys.path)


def matvec(m, v):
    out = []
    for row in m:
        s = 0
        for c, x in zip(row, v):
            s ^= fmul(c, x)
        out.append(s)
    return out


def permute(state, rc, mf, mp, trace=None):
    """rc[r][i] (66 x 4), full matrix mf, partial matrix mp; round r is full for r < 4 or r >= 62."""
    s = matvec(mf, state)
    if trace is not None:
        trace.append(list(s))
    for r in range(66):
        full = r < 4 or r >= 62
        s = [x ^ c for x, c in zip(s, rc[r])]
        s = [fpow(x, 7) if (full or i == 0) else x for i, x in enumerate(s)]
        s = matvec(mf if full else mp, s)
        if trace is not None:
            trace.append(list(s))
    return s


# ---- the reference instance ----

def reference_constants():
    t = TurboShake256(0x1F)
    t.update("Poseidon2b".encode("utf-8"))
    for chunk in (0, 0, 1):  # 2^128 in 64-bit chunks, low first
        t.update(chunk.to_bytes(8, "little"))
    vals = []
    while len(vals) < 4 * 66:
        v = int.from_bytes(t.read(17), "little")
        if v < 1 << 128:
            vals.append(v)
    rc = [vals[4 * r:4 * r + 4] for r in range(66)]
    for r in range(4, 62):
        rc[r][1:] = [0, 0, 0]
    return rc


X = 2
REF_MF = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]]  # X^2+1, X^2+X+1, ... as integers
REF_DIAG = [1 << 5, 1 << 13, 1 << 9, 1 << 11]  # X^5, X^13, X^9, X^11
REF_MP = [[REF_DIAG[i] if i == j else 1 for j in range(4)] for i in range(4)]


def h128(v):
    return "0x%032x" % v


def c128(v):
    return "{0x%016xull, 0x%016xull}" % (v & MASK64, v >> 64)


def main():
    check_turboshake()
    ref = json.load(open("tests/vectors/poseidon2b.json"))
    frost = json.load(open("tests/vectors/poseidon2b_frost_constants.json"))

    rc = reference_constants()
    for case in ref["cases"]:
        got = permute([int(x, 16) for x in case["input"]], rc, REF_MF, REF_MP)
        want = [int(x, 16) for x in case["output"]]
        assert got == want, f"reference {case['name']}: {[h128(x) for x in got]}"

    if "--trace" in sys.argv:
        tr = []
        permute([0, 1, 2, 3], rc, REF_MF, REF_MP, tr)
        json.dump([[h128(x) for x in s] for s in tr], sys.stdout, indent=1)
        print()
        return

    t2f = [int(x, 16) for x in frost["basis_conversion"]["TOWER_TO_FLAT"]]

    def flat(v):
        return tower_apply(t2f, v)

    frc_t = frost["ROUND_CONSTANTS"]  # [lane][round]
    frc = [[flat(frc_t[i][r]) for i in range(4)] for r in range(66)]
    frc_check = [[int(frost["ROUND_CONSTANTS_FLAT"][i][r], 16) for i in range(4)] for r in range(66)]
    assert frc == frc_check, "FROST flat round constants differ from the vectors file"
    fmf = [[flat(v) for v in row] for row in frost["MDS_FULL"]]
    fmp = [[flat(v) for v in row] for row in frost["MDS_PARTIAL"]]
    assert fmf == [[int(v, 16) for v in row] for row in frost["MDS_FULL_FLAT"]]
    assert fmp == [[int(v, 16) for v in row] for row in frost["MDS_PARTIAL_FLAT"]]
    for r in range(4, 62):  # only lane 0 is added in a partial round
        frc[r][1:] = [0, 0, 0]
    for case in frost["cases"]:
        got = permute([int(x, 16) for x in case["input_flat"]], frc, fmf, fmp)
        assert got == [int(x, 16) for x in case["output_flat"]], f"frost {case['name']}"

    # The matrices' constants as the C code uses them: M_F through the Poseidon2 4x4 ladder needs
    # the elements "2" and "4"; M_P through y_i = (d_i + 1) x_i + sum_j x_j needs d_i + 1.
    f2, f4 = flat(2), flat(4)
    assert fmf == [[flat(v) for v in row] for row in REF_MF]  # the same integer table
    fdiag1 = [fmp[i][i] ^ 1 for i in range(4)]

    o = []
    o.append("/* Generated by tools/gen_poseidon2b_constants.py; do not edit.")
    o.append(" * poseidon2b: round constants of the Sage reference (github.com/Poseidon-Hash/Poseidon2b,")
    o.append(" *   sage-ref/Poseidon2b.sage ShakeUtils: TurboSHAKE256 of \"Poseidon2b\" || 2^128 in 8-byte chunks),")
    o.append(" *   lanes 1..3 of the partial rounds zero.")
    o.append(" * poseidon2b-frost: FROST-GKR's tower constants (github.com/ignotusnemo/frost-gkr @ "
             + frost["source"]["commit"][:7] + ",")
    o.append(" *   crates/poseidon2b/src/native/permutation.rs) mapped by its TOWER_TO_FLAT (crates/core/src/hardware.rs).")
    o.append(" * Every value is a GF(2^128) element in the flat GHASH basis, {bits 0..63, bits 64..127}. */")
    o.append('#include "hash/poseidon2b.h"\n')
    o.append("const hs_gf128 hs_p2b_ref_rc[HS_P2B_ROUNDS][HS_P2B_WIDTH] = {")
    o.append(",\n".join("    {" + ", ".join(c128(v) for v in row) + "}" for row in rc) + "};\n")
    o.append("const hs_gf128 hs_p2b_frost_rc[HS_P2B_ROUNDS][HS_P2B_WIDTH] = {")
    o.append(",\n".join("    {" + ", ".join(c128(v) for v in row) + "}" for row in frc) + "};\n")
    o.append("/* FROST-GKR's M_F entries 2 and 4 and M_P's diagonal plus one (0x21, 0x2001, 0x201, 0x801) in flat */")
    o.append(f"const hs_gf128 hs_p2b_frost_two = {c128(f2)};")
    o.append(f"const hs_gf128 hs_p2b_frost_four = {c128(f4)};")
    o.append("const hs_gf128 hs_p2b_frost_diag1[HS_P2B_WIDTH] = {" + ", ".join(c128(v) for v in fdiag1) + "};")
    print("\n".join(o))


if __name__ == "__main__":
    main()
