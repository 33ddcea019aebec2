/*
 * hash_scrypt.c - hashlib.scrypt, CPython 3.11's _hashlib.scrypt over
 * OpenSSL's EVP_PBE_scrypt: the scrypt key derivation of RFC 7914
 * (PBKDF2-HMAC-SHA256 around ROMix, BlockMix and Salsa20/8), with
 * CPython's argument checks and OpenSSL's parameter and memory checks in
 * the same order, so every refusal carries the same exception and message.
 *
 * The memory scrypt needs (128 * r * (n + p + 2) bytes) is bounded twice:
 * by OpenSSL's maxmem (32 MiB unless given, never above INT_MAX), as in
 * CPython, and by the session's memory limit, since the work area comes
 * from the session's allocator.  The mixing loops charge the clock, so a
 * large n ends at the time limit.
 */
#include <string.h>

#include "evaluator/modules/hash_int.h"

#define SCRYPT_PR_MAX ((1u << 30) - 1)
#define SCRYPT_MAX_MEM (1024u * 1024u * 32u)
#define SCRYPT_INT_MAX 2147483647

static void salsa20_8(uint32_t b[16])
{
    uint32_t x[16];
    memcpy(x, b, sizeof x);
    for (int i = 0; i < 8; i += 2) {
        /* the columns, then the rows (RFC 7914 section 3) */
        x[4] ^= hash_rol32(x[0] + x[12], 7), x[8] ^= hash_rol32(x[4] + x[0], 9);
        x[12] ^= hash_rol32(x[8] + x[4], 13), x[0] ^= hash_rol32(x[12] + x[8], 18);
        x[9] ^= hash_rol32(x[5] + x[1], 7), x[13] ^= hash_rol32(x[9] + x[5], 9);
        x[1] ^= hash_rol32(x[13] + x[9], 13), x[5] ^= hash_rol32(x[1] + x[13], 18);
        x[14] ^= hash_rol32(x[10] + x[6], 7), x[2] ^= hash_rol32(x[14] + x[10], 9);
        x[6] ^= hash_rol32(x[2] + x[14], 13), x[10] ^= hash_rol32(x[6] + x[2], 18);
        x[3] ^= hash_rol32(x[15] + x[11], 7), x[7] ^= hash_rol32(x[3] + x[15], 9);
        x[11] ^= hash_rol32(x[7] + x[3], 13), x[15] ^= hash_rol32(x[11] + x[7], 18);
        x[1] ^= hash_rol32(x[0] + x[3], 7), x[2] ^= hash_rol32(x[1] + x[0], 9);
        x[3] ^= hash_rol32(x[2] + x[1], 13), x[0] ^= hash_rol32(x[3] + x[2], 18);
        x[6] ^= hash_rol32(x[5] + x[4], 7), x[7] ^= hash_rol32(x[6] + x[5], 9);
        x[4] ^= hash_rol32(x[7] + x[6], 13), x[5] ^= hash_rol32(x[4] + x[7], 18);
        x[11] ^= hash_rol32(x[10] + x[9], 7), x[8] ^= hash_rol32(x[11] + x[10], 9);
        x[9] ^= hash_rol32(x[8] + x[11], 13), x[10] ^= hash_rol32(x[9] + x[8], 18);
        x[12] ^= hash_rol32(x[15] + x[14], 7), x[13] ^= hash_rol32(x[12] + x[15], 9);
        x[14] ^= hash_rol32(x[13] + x[12], 13), x[15] ^= hash_rol32(x[14] + x[13], 18);
    }
    for (int i = 0; i < 16; i++)
        b[i] += x[i];
}

/* scryptBlockMix: b (2r blocks of 16 words) into y, the even blocks first */
static void block_mix(const uint32_t *b, uint32_t *y, uint64_t r)
{
    uint32_t x[16];
    memcpy(x, b + (2 * r - 1) * 16, sizeof x);
    for (uint64_t i = 0; i < 2 * r; i++) {
        for (int k = 0; k < 16; k++)
            x[k] ^= b[i * 16 + k];
        salsa20_8(x);
        memcpy(y + ((i & 1) * r + i / 2) * 16, x, sizeof x);
    }
}

/* scryptROMix on one 128r-byte block, as words; v holds n copies, t is
 * scratch of the block's size */
static int ro_mix(ev_interp *I, uint32_t *x, uint64_t r, uint64_t n, uint32_t *v, uint32_t *t)
{
    size_t words = (size_t)(32 * r);
    for (uint64_t i = 0; i < n; i++) {
        memcpy(v + i * words, x, words * 4);
        block_mix(x, t, r);
        memcpy(x, t, words * 4);
        if ((i & 63) == 63 && ev_charge(I, (int64_t)(64 * r)))
            return -1;
    }
    for (uint64_t i = 0; i < n; i++) {
        const uint32_t *last = x + (2 * r - 1) * 16;
        uint64_t j = (((uint64_t)last[1] << 32) | last[0]) & (n - 1);
        for (size_t k = 0; k < words; k++)
            x[k] ^= v[j * words + k];
        block_mix(x, t, r);
        memcpy(x, t, words * 4);
        if ((i & 63) == 63 && ev_charge(I, (int64_t)(64 * r)))
            return -1;
    }
    return 0;
}

/* n, r or p: an int (a subclass too) converted as PyLong_AsUnsignedLong,
 * whose failure CPython rewords; absent is the same failure */
static int unsigned_arg(ev_interp *I, ev_value v, const char *name, uint64_t *out)
{
    if (!EV_IS_ERR(v) && ev_is_int(v)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(v, z);
        bool ok = mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= 64;
        *out = ok ? (uint64_t)mpz_get_ui(z) : 0;
        mpz_clear(z);
        if (ok)
            return 0;
    }
    ev_raise(I, &ev_type_TypeError, "%s is required and must be an unsigned int", name);
    return -1;
}

/* maxmem and dklen: a C long */
static int long_arg(ev_interp *I, ev_value v, int64_t *out)
{
    if (ev_is_int(v)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(v, z);
        bool ok = mpz_fits_slong_p(z);
        *out = ok ? (int64_t)mpz_get_si(z) : 0;
        mpz_clear(z);
        if (!ok) {
            ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C long");
            return -1;
        }
        return 0;
    }
    return ev_index(I, v, out, NULL);
}

/* OpenSSL's scrypt_alg checks of the sizes: 1 when the memory is over the
 * limit, else 0 and the bytes of B and of V with its scratch */
static int over_memory(uint64_t n, uint64_t r, uint64_t p, uint64_t maxmem, uint64_t *blen, uint64_t *vlen)
{
    if (p > SCRYPT_PR_MAX / r)
        return 1;
    if (16 * r <= 63 && n >= ((uint64_t)1 << (16 * r)))
        return 1;
    *blen = p * 128 * r;
    if (*blen > SCRYPT_INT_MAX)
        return 1;
    uint64_t lim = UINT64_MAX / (32 * sizeof(uint32_t));
    if (n + 2 > lim / r)
        return 1;
    *vlen = 32 * r * (n + 2) * sizeof(uint32_t);
    if (*blen > UINT64_MAX - *vlen)
        return 1;
    return *blen + *vlen > maxmem;
}

static int buffer_arg(ev_interp *I, ev_value v, const unsigned char **p, size_t *n, const char *too_long)
{
    if (ev_bytes_view(I, v, p, n))
        return -1;
    if (*n > SCRYPT_INT_MAX) {
        ev_raise(I, &ev_type_OverflowError, "%s", too_long);
        return -1;
    }
    return 0;
}

/* scrypt(password, *, salt=None, n=None, r=None, p=None, maxmem=0, dklen=64) */
ev_value ev_hash_scrypt(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"password", "salt", "n", "r", "p", "maxmem", "dklen"};
    enum { A_PW, A_SALT, A_N, A_R, A_P, A_MAXMEM, A_DKLEN, A_COUNT };
    ev_value a[A_COUNT];
    for (int i = 0; i < A_COUNT; i++)
        a[i] = EV_ERR;
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "scrypt() takes exactly 1 positional argument (%d given)", argc);
    if (argc == 1)
        a[A_PW] = argv[0];
    for (int k = 0; k < EV_KW_N(kw); k++) {
        const char *kn = kw->names[k]->data;
        int i = 0;
        while (i < A_COUNT && strcmp(kn, names[i]) != 0)
            i++;
        if (i == A_COUNT)
            return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for scrypt()", kn);
        if (i == A_PW && argc == 1)
            return ev_raise(I, &ev_type_TypeError,
                            "argument for scrypt() given by name ('password') and position (1)");
        a[i] = kw->vals[k];
    }
    if (EV_IS_ERR(a[A_PW]))
        return ev_raise(I, &ev_type_TypeError, "scrypt() missing required argument 'password' (pos 1)");
    /* argument clinic's conversions, in the parameters' order */
    const unsigned char *pw, *salt = NULL;
    size_t pwlen, saltlen = 0;
    if (ev_bytes_view(I, a[A_PW], &pw, &pwlen) ||
        (!EV_IS_ERR(a[A_SALT]) && ev_bytes_view(I, a[A_SALT], &salt, &saltlen)))
        return EV_ERR;
    for (int i = A_N; i <= A_P; i++)
        if (!EV_IS_ERR(a[i]) && !ev_is_int(a[i]))
            return ev_raise(I, &ev_type_TypeError, "scrypt() argument '%s' must be int, not %s", names[i],
                            a[i].tag == EV_T_NONE ? "None" : ev_type_name(a[i]));
    int64_t maxmem = 0, dklen = 64;
    if ((!EV_IS_ERR(a[A_MAXMEM]) && long_arg(I, a[A_MAXMEM], &maxmem)) ||
        (!EV_IS_ERR(a[A_DKLEN]) && long_arg(I, a[A_DKLEN], &dklen)))
        return EV_ERR;
    /* an __index__ above may have resized a bytearray: look again */
    if (buffer_arg(I, a[A_PW], &pw, &pwlen, "password is too long."))
        return EV_ERR;
    if (EV_IS_ERR(a[A_SALT]))
        return ev_raise(I, &ev_type_TypeError, "salt is required");
    if (buffer_arg(I, a[A_SALT], &salt, &saltlen, "salt is too long."))
        return EV_ERR;
    uint64_t n, r, p;
    if (unsigned_arg(I, a[A_N], "n", &n))
        return EV_ERR;
    if (n < 2 || (n & (n - 1)))
        return ev_raise(I, &ev_type_ValueError, "n must be a power of 2.");
    if (unsigned_arg(I, a[A_R], "r", &r) || unsigned_arg(I, a[A_P], "p", &p))
        return EV_ERR;
    if (maxmem < 0 || maxmem > SCRYPT_INT_MAX)
        return ev_raise(I, &ev_type_ValueError, "maxmem must be positive and smaller than %d", SCRYPT_INT_MAX);
    if (dklen < 1 || dklen > SCRYPT_INT_MAX)
        return ev_raise(I, &ev_type_ValueError, "dklen must be greater than 0 and smaller than %d",
                        SCRYPT_INT_MAX);
    /* OpenSSL's parameter check (CPython's first EVP_PBE_scrypt call) */
    if (r > UINT32_MAX || p > UINT32_MAX)
        return ev_raise(I, &ev_type_ValueError, "[digital envelope routines] parameter too large");
    if (r == 0 || p == 0)
        return ev_raise(I, &ev_type_ValueError, "Invalid parameter combination for n, r, p, maxmem.");
    uint64_t blen = 0, vlen = 0;
    if (over_memory(n, r, p, maxmem ? (uint64_t)maxmem : SCRYPT_MAX_MEM, &blen, &vlen))
        return ev_raise(I, &ev_type_ValueError, "[digital envelope routines] memory limit exceeded");
    if (ev_mem_reserve(I, (size_t)(blen + vlen)) || ev_mem_reserve(I, (size_t)dklen))
        return EV_ERR;
    unsigned char *bb = ev_alloc(I, (size_t)blen);
    uint32_t *work = ev_alloc(I, (size_t)vlen);
    ev_value out = EV_ERR;
    if (!bb || !work)
        goto fail;
    out = ev_bytes_new(I, EV_O_BYTES, NULL, (size_t)dklen);
    if (EV_IS_ERR(out))
        goto fail;
    const ev_hash_algo *sha256 = ev_hash_find("sha256", 6);
    /* the allocations may have run a finalizer that resized a bytearray */
    if (ev_bytes_view(I, a[A_PW], &pw, &pwlen) || ev_bytes_view(I, a[A_SALT], &salt, &saltlen))
        goto fail;
    if (ev_pbkdf2(I, sha256, pw, pwlen, salt, saltlen, 1, bb, (size_t)blen))
        goto fail;
    /* work: V (n blocks), then X and T (one block each) */
    size_t words = (size_t)(32 * r);
    uint32_t *v = work, *x = work + n * words, *t = x + words;
    for (uint64_t i = 0; i < p; i++) {
        unsigned char *blk = bb + i * 128 * r;
        for (size_t k = 0; k < words; k++)
            x[k] = hash_load32le(blk + 4 * k);
        if (ro_mix(I, x, r, n, v, t))
            goto fail;
        for (size_t k = 0; k < words; k++)
            hash_store32le(blk + 4 * k, x[k]);
    }
    if (ev_pbkdf2(I, sha256, pw, pwlen, bb, (size_t)blen, 1, ev_as_bytes(out)->data, (size_t)dklen))
        goto fail;
    ev_dealloc(I, bb);
    ev_dealloc(I, work);
    return out;
fail:
    if (bb)
        ev_dealloc(I, bb);
    if (work)
        ev_dealloc(I, work);
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    return EV_ERR;
}
