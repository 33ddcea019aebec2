/*
 * hash_int.h - the hash functions hashlib and hmac offer (CPython 3.11's
 * _hashlib over OpenSSL, and _blake2), written from their specifications:
 * MD5 (RFC 1321, hash_md5.c), SHA-1 and SHA-2 (FIPS 180-4, hash_sha.c),
 * SHA-3 and SHAKE (FIPS 202, hash_sha3.c), BLAKE2b/s (RFC 7693,
 * hash_blake2.c).  Each is incremental over a plain state struct, so a hash
 * object keeps its state in a bytes buffer under the session's allocator
 * and copy() is a memcpy.  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_HASH_INT_H
#define SAFEPY_HASH_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One algorithm: final() works on the state it is given (the caller passes
 * a copy, since digest() does not end the hash); outlen is digest_size, or
 * the length asked of a SHAKE (xof). */
typedef struct ev_hash_algo {
    const char *name;
    int digest_size, block_size;
    size_t state_size;
    bool xof;
    void (*init)(void *st, const struct ev_hash_algo *a);
    void (*update)(void *st, const unsigned char *p, size_t n);
    void (*final)(void *st, unsigned char *out, size_t outlen);
} ev_hash_algo;

/* the largest state_size of all */
#define EV_HASH_STATE_MAX 512

extern const ev_hash_algo ev_hash_md5, ev_hash_sha1, ev_hash_sha224, ev_hash_sha256, ev_hash_sha384,
    ev_hash_sha512, ev_hash_sha3_224, ev_hash_sha3_256, ev_hash_sha3_384, ev_hash_sha3_512,
    ev_hash_shake_128, ev_hash_shake_256;

/* BLAKE2 (RFC 7693 with the tree parameters of the BLAKE2 paper's
 * parameter block); b: BLAKE2b, else BLAKE2s */
typedef struct ev_blake2_params {
    int digest_size, key_len, fanout, depth, node_depth, inner_size;
    uint32_t leaf_size;
    uint64_t node_offset;
    bool last_node;
    unsigned char key[64], salt[16], person[16];
} ev_blake2_params;
extern const ev_hash_algo ev_hash_blake2b, ev_hash_blake2s;
void ev_blake2_init(void *st, bool b, const ev_blake2_params *p);

/* the 32-bit and 64-bit words of the byte orders the standards use */
static inline uint32_t hash_load32le(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint32_t hash_load32be(const unsigned char *p)
{
    return (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}
static inline uint64_t hash_load64le(const unsigned char *p)
{
    return (uint64_t)hash_load32le(p) | (uint64_t)hash_load32le(p + 4) << 32;
}
static inline uint64_t hash_load64be(const unsigned char *p)
{
    return (uint64_t)hash_load32be(p) << 32 | (uint64_t)hash_load32be(p + 4);
}
static inline void hash_store32le(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}
static inline void hash_store32be(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (24 - 8 * i));
}
static inline void hash_store64le(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> 8 * i);
}
static inline void hash_store64be(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (56 - 8 * i));
}
static inline uint32_t hash_rol32(uint32_t x, int n) { return x << n | x >> (32 - n); }
static inline uint32_t hash_ror32(uint32_t x, int n) { return x >> n | x << (32 - n); }
static inline uint64_t hash_ror64(uint64_t x, int n) { return x >> n | x << (64 - n); }
static inline uint64_t hash_rol64(uint64_t x, int n) { return n ? x << n | x >> (64 - n) : x; }

/* The Merkle-Damgard buffering MD5, SHA-1 and SHA-2 share: whole blocks go
 * to compress(), the rest waits in buf; the count is of bytes. */
typedef struct hash_md_state {
    uint64_t h[8];
    uint64_t nbytes;
    unsigned char buf[128];
} hash_md_state;

static inline void hash_md_update(hash_md_state *s, const unsigned char *p, size_t n, size_t bs,
                                  void (*compress)(uint64_t *h, const unsigned char *blk))
{
    size_t have = (size_t)(s->nbytes % bs);
    s->nbytes += n;
    if (have) {
        size_t take = bs - have < n ? bs - have : n;
        for (size_t i = 0; i < take; i++)
            s->buf[have + i] = p[i];
        p += take, n -= take, have += take;
        if (have < bs)
            return;
        compress(s->h, s->buf);
    }
    for (; n >= bs; p += bs, n -= bs)
        compress(s->h, p);
    for (size_t i = 0; i < n; i++)
        s->buf[i] = p[i];
}

/* the 0x80 marker, zeros and the length in bits (lenbytes of it, big- or
 * little-endian) closing the message */
static inline void hash_md_pad(hash_md_state *s, size_t bs, size_t lenbytes, bool big,
                               void (*compress)(uint64_t *h, const unsigned char *blk))
{
    uint64_t bits = s->nbytes << 3, hibits = s->nbytes >> 61;
    unsigned char tail[256] = {0};
    size_t have = (size_t)(s->nbytes % bs);
    for (size_t i = 0; i < have; i++)
        tail[i] = s->buf[i];
    tail[have] = 0x80;
    size_t total = have + 1 + lenbytes <= bs ? bs : 2 * bs;
    if (big) {
        hash_store64be(tail + total - 8, bits);
        if (lenbytes == 16)
            hash_store64be(tail + total - 16, hibits);
    } else {
        hash_store64le(tail + total - 8, bits);
    }
    compress(s->h, tail);
    if (total > bs)
        compress(s->h, tail + bs);
}

/* ---- what hashlib.c offers hmac.c ---- */
#include "evaluator/modules/modules.h"

/* the algorithm of hashlib.new's name (lower case accepted, as OpenSSL's
 * names), or NULL */
const ev_hash_algo *ev_hash_find(const char *name, size_t len);
/* the algorithm a digestmod names: a str, or one of hashlib's constructors;
 * 0 found, 1 not one of these, -1 error raised */
int ev_hash_digestmod(ev_interp *I, ev_value v, const ev_hash_algo **out) EV_WU;
/* the bytes to hash of v: CPython's messages for a str and a non-buffer */
int ev_hash_data(ev_interp *I, ev_value v, const unsigned char **p, size_t *n) EV_WU;
/* feed a long input in pieces, checking the clock between them */
int ev_hash_feed(ev_interp *I, const ev_hash_algo *a, void *st, const unsigned char *p, size_t n) EV_WU;
/* PBKDF2-HMAC (RFC 8018) of algorithm a into dk[0..dklen) */
int ev_pbkdf2(ev_interp *I, const ev_hash_algo *a, const unsigned char *pw, size_t pwlen, const unsigned char *salt,
              size_t saltlen, int64_t iters, unsigned char *dk, size_t dklen) EV_WU;
/* hash_scrypt.c: hashlib.scrypt */
ev_value ev_hash_scrypt(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* bytes as lowercase hex, a str */
ev_value ev_hash_hex(ev_interp *I, const unsigned char *p, size_t n) EV_WU;

#endif
