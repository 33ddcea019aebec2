/*
 * str_hash.c - the str and bytes hash: CPython 3.11's SipHash-1-3 over the
 * object's storage, keyed with the secret CPython uses under
 * PYTHONHASHSEED=0 (all zero), so hash('abc') and the iteration order of
 * sets and dicts' hash tables of strings are CPython's under that seed (the
 * corpus's oracle).  Under other seeds CPython's own order is random, so
 * none is promised.
 */
#include <stdint.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/objects/str_int.h"

typedef struct sip13 {
    uint64_t v0, v1, v2, v3, tail;
    size_t n;
} sip13;

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define HALF_ROUND(a, b, c, d, s, t) \
    a += b;                          \
    c += d;                          \
    b = ROTL(b, s) ^ a;              \
    d = ROTL(d, t) ^ c;              \
    a = ROTL(a, 32);
#define SIP_ROUND(st)                                        \
    do {                                                     \
        HALF_ROUND((st)->v0, (st)->v1, (st)->v2, (st)->v3, 13, 16); \
        HALF_ROUND((st)->v2, (st)->v1, (st)->v0, (st)->v3, 17, 21); \
    } while (0)

static void sip_init(sip13 *st)
{
    st->v0 = 0x736f6d6570736575ULL;
    st->v1 = 0x646f72616e646f6dULL;
    st->v2 = 0x6c7967656e657261ULL;
    st->v3 = 0x7465646279746573ULL;
    st->tail = 0;
    st->n = 0;
}

static inline void sip_word(sip13 *st, uint64_t m)
{
    st->v3 ^= m;
    SIP_ROUND(st);
    st->v0 ^= m;
}

static inline void sip_byte(sip13 *st, unsigned char c)
{
    st->tail |= (uint64_t)c << (8 * (st->n & 7));
    if ((++st->n & 7) == 0) {
        sip_word(st, st->tail);
        st->tail = 0;
    }
}

static int64_t sip_final(sip13 *st)
{
    if (st->n == 0)
        return 0; /* _Py_HashBytes: the empty string hashes to 0 */
    uint64_t b = ((uint64_t)st->n << 56) | st->tail;
    st->v3 ^= b;
    SIP_ROUND(st);
    st->v0 ^= b;
    st->v2 ^= 0xff;
    SIP_ROUND(st);
    SIP_ROUND(st);
    SIP_ROUND(st);
    int64_t h = (int64_t)((st->v0 ^ st->v1) ^ (st->v2 ^ st->v3));
    return h == -1 ? -2 : h;
}

int64_t ev_hash_bytes(const void *data, size_t len)
{
    const unsigned char *p = data;
    sip13 st;
    sip_init(&st);
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t m = 0;
        for (int k = 7; k >= 0; k--) /* little-endian, whatever the host */
            m = (m << 8) | p[k];
        sip_word(&st, m);
        st.n += 8;
    }
    while (len--)
        sip_byte(&st, *p++);
    return sip_final(&st);
}

/* A str hashes as CPython stores it: one, two or four little-endian bytes
 * per code point, by the widest code point (PEP 393). */
int64_t ev_str_hash(ev_str *s)
{
    if (s->hash != -1)
        return s->hash;
    int64_t r;
    if (s->ascii) {
        r = ev_hash_bytes(s->data, s->len);
    } else {
        int32_t max = 0;
        for (size_t pos = 0; pos < s->len;) {
            int32_t cp = ev_str_decode_at(s->data, s->len, &pos);
            if (cp > max)
                max = cp;
        }
        int width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
        sip13 st;
        sip_init(&st);
        for (size_t pos = 0; pos < s->len;) {
            uint32_t cp = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
            for (int k = 0; k < width; k++, cp >>= 8)
                sip_byte(&st, (unsigned char)(cp & 0xff));
        }
        r = sip_final(&st);
    }
    s->hash = r;
    return r;
}
