/*
 * hash_sha.c - SHA-1 and the SHA-2 family (SHA-224, SHA-256, SHA-384,
 * SHA-512) as FIPS 180-4 specifies them, for hashlib (CPython's _hashlib
 * takes them from OpenSSL) and random.seed(), whose version 2 (CPython's
 * Lib/random.py) appends sha512(a).digest() to a str, bytes or bytearray
 * seed.  tests/unit/test_sha512.c checks ev_sha512 against the standard's
 * vectors.
 */
#include "evaluator/modules/hash_int.h"
#include "evaluator/modules/sha512.h"

/* SHA-512's constants (section 4.2.3); SHA-256's are their first 32 bits */
static const uint64_t sha_k[80] = {
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

static void sha1_compress(uint64_t *h, const unsigned char *blk)
{
    uint32_t w[80], a = (uint32_t)h[0], b = (uint32_t)h[1], c = (uint32_t)h[2], d = (uint32_t)h[3],
                    e = (uint32_t)h[4];
    for (int i = 0; i < 16; i++)
        w[i] = hash_load32be(blk + 4 * i);
    for (int i = 16; i < 80; i++)
        w[i] = hash_rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    for (int i = 0; i < 80; i++) {
        uint32_t f, k;
        if (i < 20)
            f = (b & c) | (~b & d), k = 0x5a827999;
        else if (i < 40)
            f = b ^ c ^ d, k = 0x6ed9eba1;
        else if (i < 60)
            f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
        else
            f = b ^ c ^ d, k = 0xca62c1d6;
        uint32_t t = hash_rol32(a, 5) + f + e + k + w[i];
        e = d;
        d = c;
        c = hash_rol32(b, 30);
        b = a;
        a = t;
    }
    h[0] = (uint32_t)(h[0] + a);
    h[1] = (uint32_t)(h[1] + b);
    h[2] = (uint32_t)(h[2] + c);
    h[3] = (uint32_t)(h[3] + d);
    h[4] = (uint32_t)(h[4] + e);
}

static void sha256_compress(uint64_t *h, const unsigned char *blk)
{
    uint32_t w[64], a[8];
    for (int i = 0; i < 16; i++)
        w[i] = hash_load32be(blk + 4 * i);
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = hash_ror32(w[i - 15], 7) ^ hash_ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = hash_ror32(w[i - 2], 17) ^ hash_ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (int i = 0; i < 8; i++)
        a[i] = (uint32_t)h[i];
    for (int i = 0; i < 64; i++) {
        uint32_t s1 = hash_ror32(a[4], 6) ^ hash_ror32(a[4], 11) ^ hash_ror32(a[4], 25);
        uint32_t ch = (a[4] & a[5]) ^ (~a[4] & a[6]);
        uint32_t t1 = a[7] + s1 + ch + (uint32_t)(sha_k[i] >> 32) + w[i];
        uint32_t s0 = hash_ror32(a[0], 2) ^ hash_ror32(a[0], 13) ^ hash_ror32(a[0], 22);
        uint32_t maj = (a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]);
        for (int j = 7; j > 0; j--)
            a[j] = a[j - 1];
        a[4] += t1;
        a[0] = t1 + s0 + maj;
    }
    for (int i = 0; i < 8; i++)
        h[i] = (uint32_t)(h[i] + a[i]);
}

static void sha512_compress(uint64_t *h, const unsigned char *blk)
{
    uint64_t w[80], a[8];
    for (int i = 0; i < 16; i++)
        w[i] = hash_load64be(blk + 8 * i);
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = hash_ror64(w[i - 15], 1) ^ hash_ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = hash_ror64(w[i - 2], 19) ^ hash_ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (int i = 0; i < 8; i++)
        a[i] = h[i];
    for (int i = 0; i < 80; i++) {
        uint64_t s1 = hash_ror64(a[4], 14) ^ hash_ror64(a[4], 18) ^ hash_ror64(a[4], 41);
        uint64_t ch = (a[4] & a[5]) ^ (~a[4] & a[6]);
        uint64_t t1 = a[7] + s1 + ch + sha_k[i] + w[i];
        uint64_t s0 = hash_ror64(a[0], 28) ^ hash_ror64(a[0], 34) ^ hash_ror64(a[0], 39);
        uint64_t maj = (a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]);
        for (int j = 7; j > 0; j--)
            a[j] = a[j - 1];
        a[4] += t1;
        a[0] = t1 + s0 + maj;
    }
    for (int i = 0; i < 8; i++)
        h[i] += a[i];
}

/* the initial hash values (section 5.3): SHA-256's are the first 32 bits of
 * SHA-512's, SHA-224's the last 32 bits of SHA-384's */
static const uint64_t sha512_iv[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                      0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                      0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
static const uint64_t sha384_iv[8] = {0xcbbb9d5dc1059ed8ull, 0x629a292a367cd507ull, 0x9159015a3070dd17ull,
                                      0x152fecd8f70e5939ull, 0x67332667ffc00b31ull, 0x8eb44a8768581511ull,
                                      0xdb0c2e0d64f98fa7ull, 0x47b5481dbefa4fa4ull};

static void sha_init(void *st, const ev_hash_algo *a)
{
    hash_md_state *s = st;
    *s = (hash_md_state){0};
    for (int i = 0; i < 8; i++) {
        if (a == &ev_hash_sha1)
            s->h[i] = i < 5 ? (uint64_t[]){0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0}[i] : 0;
        else if (a == &ev_hash_sha224)
            s->h[i] = (uint32_t)sha384_iv[i];
        else if (a == &ev_hash_sha256)
            s->h[i] = sha512_iv[i] >> 32;
        else if (a == &ev_hash_sha384)
            s->h[i] = sha384_iv[i];
        else
            s->h[i] = sha512_iv[i];
    }
}

static void sha1_update(void *st, const unsigned char *p, size_t n) { hash_md_update(st, p, n, 64, sha1_compress); }
static void sha256_update(void *st, const unsigned char *p, size_t n)
{
    hash_md_update(st, p, n, 64, sha256_compress);
}
static void sha512_update(void *st, const unsigned char *p, size_t n)
{
    hash_md_update(st, p, n, 128, sha512_compress);
}

static void sha1_final(void *st, unsigned char *out, size_t outlen)
{
    hash_md_state *s = st;
    hash_md_pad(s, 64, 8, true, sha1_compress);
    for (int i = 0; i < 5; i++)
        hash_store32be(out + 4 * i, (uint32_t)s->h[i]);
}

/* SHA-224 and SHA-256: the first outlen bytes */
static void sha256_final(void *st, unsigned char *out, size_t outlen)
{
    hash_md_state *s = st;
    unsigned char full[32];
    hash_md_pad(s, 64, 8, true, sha256_compress);
    for (int i = 0; i < 8; i++)
        hash_store32be(full + 4 * i, (uint32_t)s->h[i]);
    for (size_t i = 0; i < outlen; i++)
        out[i] = full[i];
}

static void sha512_final(void *st, unsigned char *out, size_t outlen)
{
    hash_md_state *s = st;
    unsigned char full[64];
    hash_md_pad(s, 128, 16, true, sha512_compress);
    for (int i = 0; i < 8; i++)
        hash_store64be(full + 8 * i, s->h[i]);
    for (size_t i = 0; i < outlen; i++)
        out[i] = full[i];
}

const ev_hash_algo ev_hash_sha1 = {"sha1", 20, 64, sizeof(hash_md_state), false, sha_init, sha1_update, sha1_final};
const ev_hash_algo ev_hash_sha224 = {"sha224", 28, 64, sizeof(hash_md_state), false, sha_init, sha256_update, sha256_final};
const ev_hash_algo ev_hash_sha256 = {"sha256", 32, 64, sizeof(hash_md_state), false, sha_init, sha256_update, sha256_final};
const ev_hash_algo ev_hash_sha384 = {"sha384", 48, 128, sizeof(hash_md_state), false, sha_init, sha512_update, sha512_final};
const ev_hash_algo ev_hash_sha512 = {"sha512", 64, 128, sizeof(hash_md_state), false, sha_init, sha512_update, sha512_final};

void ev_sha512(const unsigned char *msg, size_t len, unsigned char out[64])
{
    hash_md_state s;
    sha_init(&s, &ev_hash_sha512);
    sha512_update(&s, msg, len);
    sha512_final(&s, out, 64);
}
