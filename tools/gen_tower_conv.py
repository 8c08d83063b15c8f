#!/usr/bin/env python3
"""Writes src/field/gf2_tower_tables.inc: the images in the flat GHASH basis of the tower bases
that src/field/gf2_tower.c converts from.

* Binius' canonical (Fan-Paar) tower, Diamond-Posen 2023 (eprint 2023/1784) section 2.3:
  T0 = GF(2), T(k+1) = T(k)[Xk]/(Xk^2 + X(k-1) Xk + 1) with X(-1) = 1; bit i of an element is the
  coefficient of the product of the Xj with bit j of i set. Derived here: the flat image x0 of X0
  is a root of y^2 + y + 1, and the image xk of Xk a root of y^2 + x(k-1) y + 1, each found by
  linear algebra over GF(2) (y = a z turns y^2 + a y + 1 into z^2 + z = 1/a^2, an F2-linear
  equation in z). Any of the two roots y and y + a gives a field isomorphism (they are Galois
  conjugates); the one taken is Binius': the image of Xk under its published conversion, the
  composition of BINARY_TO_POLYVAL_TRANSFORMATION (github.com/IrreducibleOSS/binius
  crates/field/src/polyval.rs) and POLYVAL_TO_GHASH_TRANSFORMATION (github.com/IrreducibleOSS/binius64
  crates/field/src/ghash.rs before POLYVAL left it), both in tests/vectors/binius_ghash.json; the
  script asserts that image is one of the two roots, so the table is derived, and equals Binius'
  conversion bit for bit. The image of monomial i is then the product of the xj.
* FROST-GKR's AES-based tower: its TOWER_TO_FLAT matrix is copied from the source
  (github.com/ignotusnemo/frost-gkr crates/core/src/hardware.rs, via tests/vectors/gf2_towers.json)
  and checked here to be a ring homomorphism of the tower it names.

The script checks every table it writes: products of random elements map to products.
Run from the repository root: python3 tools/gen_tower_conv.py
"""
import json
import random

P = (1 << 128) | 0x87


def polymul_mod(a, b, poly, deg):
    """Product of a and b modulo poly (of degree deg) over GF(2)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> deg:
            a ^= poly
    return r


def fmul(a, b):
    """Product in GF(2)[X]/(X^128 + X^7 + X^2 + X + 1)."""
    return polymul_mod(a, b, P, 128)


def fpow(a, e):
    r = 1
    while e:
        if e & 1:
            r = fmul(r, a)
        a = fmul(a, a)
        e >>= 1
    return r


def finv(a):
    return fpow(a, (1 << 128) - 2)


def solve_artin_schreier(c):
    """The roots z of z^2 + z = c (a list of 0 or 2 values)."""
    cols = [fmul(1 << j, 1 << j) ^ (1 << j) for j in range(128)]  # L(X^j)
    # Gaussian elimination on the augmented system: rows = output bits
    rows = []
    for i in range(128):
        r = 0
        for j in range(128):
            if cols[j] >> i & 1:
                r |= 1 << j
        rows.append([r, c >> i & 1])
    piv = []
    rank = 0
    for j in range(128):
        p = next((k for k in range(rank, 128) if rows[k][0] >> j & 1), None)
        if p is None:
            continue
        rows[rank], rows[p] = rows[p], rows[rank]
        for k in range(128):
            if k != rank and rows[k][0] >> j & 1:
                rows[k][0] ^= rows[rank][0]
                rows[k][1] ^= rows[rank][1]
        piv.append(j)
        rank += 1
    if any(rows[k][1] for k in range(rank, 128)):
        return []
    z = 0
    for k, j in enumerate(piv):
        if rows[k][1]:
            z |= 1 << j
    assert fmul(z, z) ^ z == c
    return [z, z ^ 1]  # the kernel of z^2 + z is {0, 1}


def quad_roots(a):
    """The two roots of y^2 + a y + 1 in the flat field."""
    ainv = finv(a)
    zs = solve_artin_schreier(fmul(ainv, ainv))
    assert zs, "y^2 + a y + 1 has no root"
    return [fmul(a, z) for z in zs]


def fp_mul(a, b, bits):
    """Product in the Fan-Paar tower level with `bits` bits."""
    if bits == 1:
        return a & b
    h = bits // 2
    m = (1 << h) - 1
    a0, a1, b0, b1 = a & m, a >> h, b & m, b >> h
    z0, z2 = fp_mul(a0, b0, h), fp_mul(a1, b1, h)
    z1 = fp_mul(a0 ^ a1, b0 ^ b1, h)
    alpha = 1 if h == 1 else 1 << (h // 2)
    return (z0 ^ z2) | ((z1 ^ z0 ^ z2 ^ fp_mul(z2, alpha, h)) << h)


AES = 0x11B


def aes8_mul(a, b):
    return polymul_mod(a, b, AES, 8)


def frost_mul(a, b, bits):
    """Product in FROST-GKR's tower: Block8 = AES field, X^2 = X + tau, tau = 0x20 << (h - 8)."""
    if bits == 8:
        return aes8_mul(a, b)
    h = bits // 2
    m = (1 << h) - 1
    a0, a1, b0, b1 = a & m, a >> h, b & m, b >> h
    v0, v1 = frost_mul(a0, b0, h), frost_mul(a1, b1, h)
    vs = frost_mul(a0 ^ a1, b0 ^ b1, h)
    tau = 0x20 << (h - 8)
    return (v0 ^ frost_mul(v1, tau, h)) | ((v0 ^ vs) << h)


def apply(img, v):
    r = 0
    i = 0
    while v:
        if v & 1:
            r ^= img[i]
        v >>= 1
        i += 1
    return r


def check_hom(img, mul, rng, n=40):
    assert img[0] == 1
    for _ in range(n):
        a, b = rng.getrandbits(128), rng.getrandbits(128)
        assert apply(img, mul(a, b, 128)) == fmul(apply(img, a), apply(img, b))


def binius_fanpaar_to_ghash():
    """Binius' published conversion: entry i = the GHASH image of Fan-Paar basis element i."""
    b = json.load(open("tests/vectors/binius_ghash.json"))
    b2p = [int(s, 16) for s in b["BINARY_TO_POLYVAL_TRANSFORMATION"]]
    p2g = [int(s, 16) for s in b["POLYVAL_TO_GHASH_TRANSFORMATION"]]
    return [apply(p2g, v) for v in b2p]


def main():
    rng = random.Random(1)
    binius = binius_fanpaar_to_ghash()
    x = []
    a = 1
    for k in range(7):
        roots = quad_roots(a)
        assert binius[1 << k] in roots, "Binius' image of X%d is no root of its equation" % k
        y = binius[1 << k]
        x.append(y)
        a = y
    fp = []
    for i in range(128):
        v = 1
        for j in range(7):
            if i >> j & 1:
                v = fmul(v, x[j])
        fp.append(v)
    check_hom(fp, fp_mul, rng)
    assert fp == binius, "the Fan-Paar table differs from Binius' published conversion"
    vec = json.load(open("tests/vectors/gf2_towers.json"))
    frost = [int(s, 16) for s in vec["frost_gkr"]["basis_conversion"]["TOWER_TO_FLAT"]]
    check_hom(frost, frost_mul, rng)

    def table(name, img, comment):
        lines = [f"/* {comment} */", f"static const uint64_t {name}[128][2] = {{"]
        for v in img:
            lines.append(f"    {{0x{v & (2**64 - 1):016x}ull, 0x{v >> 64:016x}ull}},")
        lines.append("};")
        return "\n".join(lines)

    with open("src/field/gf2_tower_tables.inc", "w") as f:
        f.write("/* Generated by tools/gen_tower_conv.py; do not edit. Entry i = {lo, hi} of the flat GHASH\n"
                " * image of tower basis element i (bit i set). */\n\n")
        f.write(table("fanpaar_to_flat", fp,
                      "Binius' Fan-Paar tower (Diamond-Posen 2023 section 2.3), the roots Binius' published\n"
                      " * conversion takes (BINARY_TO_POLYVAL then POLYVAL_TO_GHASH, tests/vectors/binius_ghash.json):\n"
                      + "\n".join(f" * X{j} -> 0x{v:032x}" for j, v in enumerate(x))) + "\n\n")
        f.write(table("frost_to_flat", frost,
                      "FROST-GKR's AES-based tower: TOWER_TO_FLAT of github.com/ignotusnemo/frost-gkr\n"
                      " * crates/core/src/hardware.rs at commit " + vec["frost_gkr"]["source"]["commit"]) + "\n")
    print("X0..X6 images:", [hex(v) for v in x])


if __name__ == "__main__":
    main()
