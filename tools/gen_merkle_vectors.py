#!/usr/bin/env python3
"""Known-answer roots of small binary Merkle trees with byte hashes, computed independently of
hashsnark: SHA3-256 by Python's hashlib, Keccak-256 (the original padding, as Ethereum uses) by
the small Keccak-f[1600] sponge below, which is first checked against hashlib's SHA3-256 (the
same permutation, another padding byte) and against the published Keccak-256 of "".

Leaf t of a tree of 2^k leaves is the 32 bytes (32t + b) mod 256, b = 0..31; node =
H(left || right). Writes tests/vectors/merkle_byte_roots.txt."""
import hashlib
import os

RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
      0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
      0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
      0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
      0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
      0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
M = (1 << 64) - 1


def rotl(x, n):
    return ((x << n) | (x >> (64 - n))) & M if n else x


def keccak_f(a):
    """a[x][y], 24 rounds of theta, rho, pi, chi, iota (the Keccak reference)."""
    for rc in RC:
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rotl(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        x, y = 1, 0
        b[0][0] = a[0][0]
        for t in range(24):  # rho and pi along the (x, y) -> (y, 2x + 3y) cycle
            b[y][(2 * x + 3 * y) % 5] = rotl(a[x][y], ((t + 1) * (t + 2) // 2) % 64)
            x, y = y, (2 * x + 3 * y) % 5
        a = [[b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= rc
    return a


def sponge256(msg, suffix):
    rate = 136
    p = bytearray(msg) + bytes([suffix])
    p += bytes((-len(p)) % rate)
    p[-1] |= 0x80
    a = [[0] * 5 for _ in range(5)]
    for off in range(0, len(p), rate):
        for i in range(rate // 8):
            a[i % 5][i // 5] ^= int.from_bytes(p[off + 8 * i:off + 8 * i + 8], "little")
        a = keccak_f(a)
    return b"".join(a[i % 5][i // 5].to_bytes(8, "little") for i in range(4))


def keccak256(m):
    return sponge256(m, 0x01)


for m in [b"", b"abc", bytes(range(64)), bytes(200)]:
    assert sponge256(m, 0x06) == hashlib.sha3_256(m).digest(), "the Keccak-f sponge disagrees with hashlib"
assert keccak256(b"").hex() == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"


def root(h, k):
    lv = [bytes((32 * t + b) & 0xFF for b in range(32)) for t in range(1 << k)]
    while len(lv) > 1:
        lv = [h(lv[2 * i] + lv[2 * i + 1]) for i in range(len(lv) // 2)]
    return lv[0].hex()


out = ["# Binary Merkle tree roots, node = H(left || right), computed independently of hashsnark by",
       "# tools/gen_merkle_vectors.py (SHA3-256: Python's hashlib; Keccak-256: a Python Keccak-f sponge",
       "# checked against hashlib). Leaf t of a tree of 2^k leaves is the 32 bytes (32t + b) mod 256,",
       "# b = 0..31. Columns: hash, k, root (hex, as `hashsnark merkle root` prints it)."]
for name, h in [("sha3-256", lambda m: hashlib.sha3_256(m).digest()), ("keccak-256", keccak256)]:
    for k in range(7):
        out.append("%s %d %s" % (name, k, root(h, k)))
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "vectors", "merkle_byte_roots.txt")
with open(path, "w") as f:
    f.write("\n".join(out) + "\n")
