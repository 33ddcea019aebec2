/*
 * hash_md5.c - MD5 as RFC 1321 specifies it, for hashlib.md5 (CPython's
 * _hashlib takes it from OpenSSL, or Modules/md5module.c).  The sine table
 * T[i] = floor(2**32 * |sin(i + 1)|) is written out (section 3.4).
 */
#include "evaluator/modules/hash_int.h"

static const uint32_t md5_t[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
};

/* the shift amounts of each round's four steps */
static const int md5_s[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

static void md5_compress(uint64_t *h, const unsigned char *blk)
{
    uint32_t x[16], a = (uint32_t)h[0], b = (uint32_t)h[1], c = (uint32_t)h[2], d = (uint32_t)h[3];
    for (int i = 0; i < 16; i++)
        x[i] = hash_load32le(blk + 4 * i);
    for (int i = 0; i < 64; i++) {
        int round = i / 16;
        uint32_t f;
        int k;
        switch (round) {
        case 0:
            f = (b & c) | (~b & d);
            k = i;
            break;
        case 1:
            f = (b & d) | (c & ~d);
            k = (5 * i + 1) % 16;
            break;
        case 2:
            f = b ^ c ^ d;
            k = (3 * i + 5) % 16;
            break;
        default:
            f = c ^ (b | ~d);
            k = (7 * i) % 16;
            break;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + hash_rol32(a + f + md5_t[i] + x[k], md5_s[round][i % 4]);
        a = t;
    }
    h[0] = (uint32_t)(h[0] + a);
    h[1] = (uint32_t)(h[1] + b);
    h[2] = (uint32_t)(h[2] + c);
    h[3] = (uint32_t)(h[3] + d);
}

static void md5_init(void *st, const ev_hash_algo *a)
{
    hash_md_state *s = st;
    *s = (hash_md_state){.h = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}};
}

static void md5_update(void *st, const unsigned char *p, size_t n) { hash_md_update(st, p, n, 64, md5_compress); }

static void md5_final(void *st, unsigned char *out, size_t outlen)
{
    hash_md_state *s = st;
    hash_md_pad(s, 64, 8, false, md5_compress);
    for (int i = 0; i < 4; i++)
        hash_store32le(out + 4 * i, (uint32_t)s->h[i]);
}

const ev_hash_algo ev_hash_md5 = {"md5", 16, 64, sizeof(hash_md_state), false, md5_init, md5_update, md5_final};
