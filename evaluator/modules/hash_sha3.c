/*
 * hash_sha3.c - SHA-3 and SHAKE as FIPS 202 specifies them (Keccak-f[1600],
 * the sponge, the 01 and 1111 domain suffixes with pad10*1), for hashlib's
 * sha3_224/256/384/512 and shake_128/256 (CPython's _hashlib takes them from
 * OpenSSL, or Modules/_sha3).  The round constants and rotation offsets are
 * those of sections 3.2.2 and 3.2.5, computed once from the standard's
 * algorithms and written out.
 */
#include <string.h>

#include "evaluator/modules/hash_int.h"

typedef struct sha3_state {
    uint64_t a[25];
    size_t rate, pos; /* bytes absorbed into the current block */
    unsigned char suffix;
} sha3_state;

static const uint64_t keccak_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* rho's offsets, indexed x + 5y */
static const int keccak_rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                   25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

static void keccak_f(uint64_t a[25])
{
    for (int r = 0; r < 24; r++) {
        uint64_t c[5], d[5], b[25];
        for (int x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++)
            d[x] = c[(x + 4) % 5] ^ hash_rol64(c[(x + 1) % 5], 1);
        for (int i = 0; i < 25; i++)
            a[i] ^= d[i % 5];
        /* rho and pi: B[y, 2x + 3y] = rot(A[x, y]) */
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++)
                b[y + 5 * ((2 * x + 3 * y) % 5)] = hash_rol64(a[x + 5 * y], keccak_rho[x + 5 * y]);
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 5; x++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        a[0] ^= keccak_rc[r];
    }
}

static void sha3_xor_byte(sha3_state *s, size_t i, unsigned char v) { s->a[i / 8] ^= (uint64_t)v << (8 * (i % 8)); }

static void sha3_init(void *st, const ev_hash_algo *al)
{
    sha3_state *s = st;
    memset(s, 0, sizeof *s);
    s->rate = (size_t)al->block_size;
    s->suffix = al->xof ? 0x1f : 0x06;
}

static void sha3_update(void *st, const unsigned char *p, size_t n)
{
    sha3_state *s = st;
    while (n) {
        if (s->pos == 0) {
            while (n >= s->rate) {
                for (size_t i = 0; i < s->rate / 8; i++)
                    s->a[i] ^= hash_load64le(p + 8 * i);
                keccak_f(s->a);
                p += s->rate, n -= s->rate;
            }
            if (!n)
                break;
        }
        sha3_xor_byte(s, s->pos++, *p++);
        n--;
        if (s->pos == s->rate) {
            keccak_f(s->a);
            s->pos = 0;
        }
    }
}

static void sha3_final(void *st, unsigned char *out, size_t outlen)
{
    sha3_state *s = st;
    sha3_xor_byte(s, s->pos, s->suffix);
    sha3_xor_byte(s, s->rate - 1, 0x80);
    keccak_f(s->a);
    for (size_t done = 0;;) {
        for (size_t i = 0; i < s->rate && done < outlen; i++, done++)
            out[done] = (unsigned char)(s->a[i / 8] >> (8 * (i % 8)));
        if (done == outlen)
            break;
        keccak_f(s->a);
    }
}

#define SHA3(var, nm, ds, rate, xof) \
    const ev_hash_algo var = {nm, ds, rate, sizeof(sha3_state), xof, sha3_init, sha3_update, sha3_final}
SHA3(ev_hash_sha3_224, "sha3_224", 28, 144, false);
SHA3(ev_hash_sha3_256, "sha3_256", 32, 136, false);
SHA3(ev_hash_sha3_384, "sha3_384", 48, 104, false);
SHA3(ev_hash_sha3_512, "sha3_512", 64, 72, false);
SHA3(ev_hash_shake_128, "shake_128", 0, 168, true);
SHA3(ev_hash_shake_256, "shake_256", 0, 136, true);
