/*
 * hash_blake2.c - BLAKE2b and BLAKE2s as RFC 7693 specifies them, with the
 * parameter block of the BLAKE2 paper (salt, personalization and the tree
 * parameters fanout, depth, leaf size, node offset, node depth, inner size,
 * last node), for hashlib.blake2b and blake2s (CPython's Modules/_blake2).
 */
#include <string.h>

#include "evaluator/modules/hash_int.h"

typedef struct blake2_state {
    uint64_t h[8];
    uint64_t t[2];        /* bytes compressed, 128-bit (BLAKE2s uses t[0] alone, 64-bit) */
    unsigned char buf[128]; /* the last block waits here until more data or the end */
    size_t buflen;
    bool b, last_node;
    int outlen;
} blake2_state;

static const uint8_t blake2_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

/* BLAKE2b's IV is SHA-512's, BLAKE2s's SHA-256's */
static const uint64_t blake2b_iv[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
                                       0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
                                       0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
static const uint32_t blake2s_iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                       0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

static void blake2b_compress(blake2_state *s, const unsigned char *blk, bool last)
{
    uint64_t v[16], m[16];
    for (int i = 0; i < 16; i++)
        m[i] = hash_load64le(blk + 8 * i);
    for (int i = 0; i < 8; i++)
        v[i] = s->h[i], v[i + 8] = blake2b_iv[i];
    v[12] ^= s->t[0];
    v[13] ^= s->t[1];
    if (last) {
        v[14] = ~v[14];
        if (s->last_node)
            v[15] = ~v[15];
    }
    static const uint8_t gi[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                     {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};
    for (int r = 0; r < 12; r++)
        for (int g = 0; g < 8; g++) {
            uint64_t *a = &v[gi[g][0]], *b = &v[gi[g][1]], *c = &v[gi[g][2]], *d = &v[gi[g][3]];
            *a += *b + m[blake2_sigma[r][2 * g]];
            *d = hash_ror64(*d ^ *a, 32);
            *c += *d;
            *b = hash_ror64(*b ^ *c, 24);
            *a += *b + m[blake2_sigma[r][2 * g + 1]];
            *d = hash_ror64(*d ^ *a, 16);
            *c += *d;
            *b = hash_ror64(*b ^ *c, 63);
        }
    for (int i = 0; i < 8; i++)
        s->h[i] ^= v[i] ^ v[i + 8];
}

static void blake2s_compress(blake2_state *s, const unsigned char *blk, bool last)
{
    uint32_t v[16], m[16];
    for (int i = 0; i < 16; i++)
        m[i] = hash_load32le(blk + 4 * i);
    for (int i = 0; i < 8; i++)
        v[i] = (uint32_t)s->h[i], v[i + 8] = blake2s_iv[i];
    v[12] ^= (uint32_t)s->t[0];
    v[13] ^= (uint32_t)(s->t[0] >> 32);
    if (last) {
        v[14] = ~v[14];
        if (s->last_node)
            v[15] = ~v[15];
    }
    static const uint8_t gi[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                                     {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};
    for (int r = 0; r < 10; r++)
        for (int g = 0; g < 8; g++) {
            uint32_t *a = &v[gi[g][0]], *b = &v[gi[g][1]], *c = &v[gi[g][2]], *d = &v[gi[g][3]];
            *a += *b + m[blake2_sigma[r][2 * g]];
            *d = hash_ror32(*d ^ *a, 16);
            *c += *d;
            *b = hash_ror32(*b ^ *c, 12);
            *a += *b + m[blake2_sigma[r][2 * g + 1]];
            *d = hash_ror32(*d ^ *a, 8);
            *c += *d;
            *b = hash_ror32(*b ^ *c, 7);
        }
    for (int i = 0; i < 8; i++)
        s->h[i] = (uint32_t)(s->h[i] ^ v[i] ^ v[i + 8]);
}

static void blake2_count(blake2_state *s, size_t n)
{
    s->t[0] += n;
    if (s->t[0] < n)
        s->t[1]++;
}

static void blake2_update(void *st, const unsigned char *p, size_t n)
{
    blake2_state *s = st;
    size_t bs = s->b ? 128 : 64;
    while (n) {
        if (s->buflen == bs) {
            /* more data follows, so the buffered block is not the last */
            blake2_count(s, bs);
            (s->b ? blake2b_compress : blake2s_compress)(s, s->buf, false);
            s->buflen = 0;
        }
        if (s->buflen == 0 && n > bs) {
            blake2_count(s, bs);
            (s->b ? blake2b_compress : blake2s_compress)(s, p, false);
            p += bs, n -= bs;
            continue;
        }
        size_t take = bs - s->buflen < n ? bs - s->buflen : n;
        memcpy(s->buf + s->buflen, p, take);
        s->buflen += take, p += take, n -= take;
    }
}

static void blake2_final(void *st, unsigned char *out, size_t outlen)
{
    blake2_state *s = st;
    size_t bs = s->b ? 128 : 64;
    blake2_count(s, s->buflen);
    memset(s->buf + s->buflen, 0, bs - s->buflen);
    (s->b ? blake2b_compress : blake2s_compress)(s, s->buf, true);
    unsigned char full[64];
    for (int i = 0; i < 8; i++) {
        if (s->b)
            hash_store64le(full + 8 * i, s->h[i]);
        else
            hash_store32le(full + 4 * i, (uint32_t)s->h[i]);
    }
    memcpy(out, full, outlen);
}

void ev_blake2_init(void *st, bool b, const ev_blake2_params *p)
{
    blake2_state *s = st;
    memset(s, 0, sizeof *s);
    s->b = b;
    s->last_node = p->last_node;
    s->outlen = p->digest_size;
    unsigned char pb[64] = {0};
    pb[0] = (unsigned char)p->digest_size;
    pb[1] = (unsigned char)p->key_len;
    pb[2] = (unsigned char)p->fanout;
    pb[3] = (unsigned char)p->depth;
    hash_store32le(pb + 4, p->leaf_size);
    if (b) {
        hash_store64le(pb + 8, p->node_offset);
        pb[16] = (unsigned char)p->node_depth;
        pb[17] = (unsigned char)p->inner_size;
        memcpy(pb + 32, p->salt, 16);
        memcpy(pb + 48, p->person, 16);
        for (int i = 0; i < 8; i++)
            s->h[i] = blake2b_iv[i] ^ hash_load64le(pb + 8 * i);
    } else {
        /* a 48-bit node offset */
        for (int i = 0; i < 6; i++)
            pb[8 + i] = (unsigned char)(p->node_offset >> 8 * i);
        pb[14] = (unsigned char)p->node_depth;
        pb[15] = (unsigned char)p->inner_size;
        memcpy(pb + 16, p->salt, 8);
        memcpy(pb + 24, p->person, 8);
        for (int i = 0; i < 8; i++)
            s->h[i] = blake2s_iv[i] ^ hash_load32le(pb + 4 * i);
    }
    if (p->key_len) {
        unsigned char blk[128] = {0};
        memcpy(blk, p->key, (size_t)p->key_len);
        blake2_update(s, blk, b ? 128 : 64);
    }
}

static void blake2_default_init(void *st, const ev_hash_algo *a)
{
    ev_blake2_params p = {.digest_size = a->digest_size, .fanout = 1, .depth = 1};
    ev_blake2_init(st, a == &ev_hash_blake2b, &p);
}

const ev_hash_algo ev_hash_blake2b = {"blake2b", 64, 128, sizeof(blake2_state), false,
                                      blake2_default_init, blake2_update, blake2_final};
const ev_hash_algo ev_hash_blake2s = {"blake2s", 32, 64, sizeof(blake2_state), false,
                                      blake2_default_init, blake2_update, blake2_final};
