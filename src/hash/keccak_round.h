/* One Keccak-f[1600] round, written once over abstract lane operations, for every
 * implementation of the permutation (keccak.c: scalar and portable 4-way; keccak_avx2.c;
 * keccak_avx512.c). Written from FIPS 202 section 3.2.
 *
 * Lanes live in variables I##xy (x, y digits). A round maps I -> O:
 *   theta: C[x] = xor of column x; D[x] = C[x-1] ^ rol(C[x+1], 1); every lane ^= D[x]
 *   rho+pi: B[y][2x+3y] = rol(A[x][y], r[x][y]), i.e. output plane Y takes, at position X, the
 *           lane (X + 3Y mod 5, X);
 *   chi: O[x][y] = B[x][y] ^ (~B[x+1][y] & B[x+2][y]);  iota: O[0][0] ^= RC.
 * KP_PLANE lists for plane Y the five source columns and their rho offsets. The operations:
 * XOR(a, b); XOR5(a, b, c, d, e), the xor of five; CHI(a, b, c) = a ^ (~b & c); ROL(a, n) for
 * 0 <= n < 64 (n a constant); XORRC(a, rc), rc a uint64_t. */
#ifndef HS_HASH_KECCAK_ROUND_H
#define HS_HASH_KECCAK_ROUND_H

#define KP_PLANE(T, I, O, Y, x0, x1, x2, x3, x4, r0, r1, r2, r3, r4, XOR, CHI, ROL) \
    do {                                                                              \
        T b0_ = ROL(XOR(I##x0##0, d##x0), r0);                                        \
        T b1_ = ROL(XOR(I##x1##1, d##x1), r1);                                        \
        T b2_ = ROL(XOR(I##x2##2, d##x2), r2);                                        \
        T b3_ = ROL(XOR(I##x3##3, d##x3), r3);                                        \
        T b4_ = ROL(XOR(I##x4##4, d##x4), r4);                                        \
        O##0##Y = CHI(b0_, b1_, b2_);                                                 \
        O##1##Y = CHI(b1_, b2_, b3_);                                                 \
        O##2##Y = CHI(b2_, b3_, b4_);                                                 \
        O##3##Y = CHI(b3_, b4_, b0_);                                                 \
        O##4##Y = CHI(b4_, b0_, b1_);                                                 \
    } while (0)

#define KP_ROUND(T, I, O, rc, XOR, XOR5, CHI, ROL, XORRC)                     \
    do {                                                                      \
        T c0 = XOR5(I##00, I##01, I##02, I##03, I##04);                      \
        T c1 = XOR5(I##10, I##11, I##12, I##13, I##14);                      \
        T c2 = XOR5(I##20, I##21, I##22, I##23, I##24);                      \
        T c3 = XOR5(I##30, I##31, I##32, I##33, I##34);                      \
        T c4 = XOR5(I##40, I##41, I##42, I##43, I##44);                      \
        T d0 = XOR(c4, ROL(c1, 1));                                           \
        T d1 = XOR(c0, ROL(c2, 1));                                           \
        T d2 = XOR(c1, ROL(c3, 1));                                           \
        T d3 = XOR(c2, ROL(c4, 1));                                           \
        T d4 = XOR(c3, ROL(c0, 1));                                           \
        KP_PLANE(T, I, O, 0, 0, 1, 2, 3, 4, 0, 44, 43, 21, 14, XOR, CHI, ROL); \
        KP_PLANE(T, I, O, 1, 3, 4, 0, 1, 2, 28, 20, 3, 45, 61, XOR, CHI, ROL); \
        KP_PLANE(T, I, O, 2, 1, 2, 3, 4, 0, 1, 6, 25, 8, 18, XOR, CHI, ROL);   \
        KP_PLANE(T, I, O, 3, 4, 0, 1, 2, 3, 27, 36, 10, 15, 56, XOR, CHI, ROL); \
        KP_PLANE(T, I, O, 4, 2, 3, 4, 0, 1, 62, 55, 39, 41, 2, XOR, CHI, ROL); \
        O##00 = XORRC(O##00, rc);                                             \
    } while (0)

/* Apply M to the 25 names of a state with prefix P, in index order x + 5*y. */
#define KP_EACH_LANE(M, P)                                                                        \
    M(P##00, 0) M(P##10, 1) M(P##20, 2) M(P##30, 3) M(P##40, 4) M(P##01, 5) M(P##11, 6)          \
        M(P##21, 7) M(P##31, 8) M(P##41, 9) M(P##02, 10) M(P##12, 11) M(P##22, 12) M(P##32, 13) \
            M(P##42, 14) M(P##03, 15) M(P##13, 16) M(P##23, 17) M(P##33, 18) M(P##43, 19)        \
                M(P##04, 20) M(P##14, 21) M(P##24, 22) M(P##34, 23) M(P##44, 24)

#endif
