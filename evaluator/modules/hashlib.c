/*
 * hashlib.c - the hashlib module, CPython 3.11 behaviour (Lib/hashlib.py
 * over _hashlib, OpenSSL's hashes, and _blake2): md5, sha1, sha224, sha256,
 * sha384, sha512, sha3_*, shake_128/256, blake2b/blake2s with every
 * parameter, new(), pbkdf2_hmac() and the algorithms sets.  The hash
 * functions are safepy's own (hash_int.h); a hash object keeps its state in
 * a bytearray in its C slots, so it lives under the session's allocator and
 * copy() duplicates it.  algorithms_available is what safepy offers: the
 * guaranteed fourteen (OpenSSL's extras such as ripemd160 are not here).
 * file_digest() reads the in-memory streams and any object with readinto();
 * scrypt() is in hash_scrypt.c.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/hash_int.h"
#include "evaluator/modules/io_int.h"

static const ev_hash_algo *const hash_algos[] = {
    &ev_hash_md5,      &ev_hash_sha1,      &ev_hash_sha224,    &ev_hash_sha256,    &ev_hash_sha384,
    &ev_hash_sha512,   &ev_hash_sha3_224,  &ev_hash_sha3_256,  &ev_hash_sha3_384,  &ev_hash_sha3_512,
    &ev_hash_shake_128, &ev_hash_shake_256, &ev_hash_blake2b,  &ev_hash_blake2s,   NULL,
};

_Static_assert(EV_HASH_STATE_MAX >= 300, "a hash state outgrew EV_HASH_STATE_MAX");

extern ev_type ev_type_hash_HASH, ev_type_hash_HASHXOF, ev_type_blake2b, ev_type_blake2s,
    ev_type_UnsupportedDigestmodError;

/* a hash object's C slots: the algorithm's index in hash_algos, the state
 * (a bytearray) and the digest size (BLAKE2's is a parameter) */
enum { H_ALGO, H_STATE, H_DSIZE, H_NSLOTS };

static ev_value *hslots(ev_value v) { return ev_as_cinstance(v)->slots; }

static bool is_hash(ev_value v)
{
    if (!ev_is(v, EV_O_INSTANCE) || ev_as_cinstance(v)->nslots != H_NSLOTS)
        return false;
    ev_type *t = ((ev_instance *)v.u.o)->type;
    return ev_type_is_subclass(t, &ev_type_hash_HASH) || ev_type_is_subclass(t, &ev_type_blake2b) ||
           ev_type_is_subclass(t, &ev_type_blake2s);
}

static const ev_hash_algo *algo_of(ev_value h) { return hash_algos[hslots(h)[H_ALGO].u.i]; }
static void *state_of(ev_value h) { return ev_as_bytes(hslots(h)[H_STATE])->data; }

const ev_hash_algo *ev_hash_find(const char *name, size_t len)
{
    /* hashlib's own names exactly; OpenSSL's names for them (sha256, SHA256,
     * sha3-256, blake2b512) in any case, as _hashlib looks them up */
    static const struct {
        const char *alias;
        const ev_hash_algo *algo;
    } openssl[] = {
        {"md5", &ev_hash_md5},           {"sha1", &ev_hash_sha1},           {"sha224", &ev_hash_sha224},
        {"sha256", &ev_hash_sha256},     {"sha384", &ev_hash_sha384},       {"sha512", &ev_hash_sha512},
        {"sha3-224", &ev_hash_sha3_224}, {"sha3-256", &ev_hash_sha3_256},   {"sha3-384", &ev_hash_sha3_384},
        {"sha3-512", &ev_hash_sha3_512}, {"blake2b512", &ev_hash_blake2b}, {"blake2s256", &ev_hash_blake2s},
    };
    char low[16];
    if (len >= sizeof low || memchr(name, 0, len))
        return NULL;
    for (int i = 0; hash_algos[i]; i++)
        if (strlen(hash_algos[i]->name) == len && memcmp(hash_algos[i]->name, name, len) == 0)
            return hash_algos[i];
    for (size_t i = 0; i < len; i++)
        low[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] + 32) : name[i];
    low[len] = 0;
    for (size_t i = 0; i < sizeof openssl / sizeof openssl[0]; i++)
        if (strcmp(openssl[i].alias, low) == 0)
            return openssl[i].algo;
    return NULL;
}

int ev_hash_data(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
{
    if (ev_is(v, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (!ev_is_byteslike(v)) {
        ev_raise(I, &ev_type_TypeError, "object supporting the buffer API required");
        return -1;
    }
    return ev_bytes_view(I, v, p, n);
}

int ev_hash_feed(ev_interp *I, const ev_hash_algo *a, void *st, const unsigned char *p, size_t n)
{
    /* a megabyte between looks at the clock */
    enum { PIECE = 1 << 20 };
    while (n) {
        size_t k = n < PIECE ? n : PIECE;
        a->update(st, p, k);
        p += k, n -= k;
        if (ev_charge(I, (int64_t)(k >> 6) + 1))
            return -1;
    }
    return 0;
}

ev_value ev_hash_hex(ev_interp *I, const unsigned char *p, size_t n)
{
    if (n > SIZE_MAX / 4)
        return ev_raise_nomem(I);
    char *buf = ev_alloc(I, 2 * n + 1);
    if (!buf)
        return ev_raise_nomem(I);
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++)
        buf[2 * i] = hex[p[i] >> 4], buf[2 * i + 1] = hex[p[i] & 15];
    ev_value s = ev_str_new(I, buf, 2 * n);
    ev_dealloc(I, buf);
    return s;
}

/* a hash object of type t for algorithm index ai, its state initialised by
 * the algorithm (or left for the caller when init is false) */
static ev_value hash_make(ev_interp *I, ev_type *t, int ai, int dsize, bool init)
{
    ev_value o = ev_cinstance_new(I, t, H_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value st = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, hash_algos[ai]->state_size);
    if (EV_IS_ERR(st)) {
        ev_decref(I, o);
        return st;
    }
    hslots(o)[H_ALGO] = ev_int(ai);
    hslots(o)[H_STATE] = st;
    hslots(o)[H_DSIZE] = ev_int(dsize);
    if (init)
        hash_algos[ai]->init(state_of(o), hash_algos[ai]);
    return o;
}

static int algo_index(const ev_hash_algo *a)
{
    for (int i = 0; hash_algos[i]; i++)
        if (hash_algos[i] == a)
            return i;
    return -1;
}

static int hash_update_with(ev_interp *I, ev_value self, ev_value data)
{
    const unsigned char *p;
    size_t n;
    if (ev_hash_data(I, data, &p, &n))
        return -1;
    return ev_hash_feed(I, algo_of(self), state_of(self), p, n);
}

/* the digest without ending the hash: final() on a copy of the state */
static void hash_digest_into(ev_value self, unsigned char *out, size_t len)
{
    unsigned char copy[EV_HASH_STATE_MAX] __attribute__((aligned(16)));
    const ev_hash_algo *a = algo_of(self);
    memcpy(copy, state_of(self), a->state_size);
    a->final(copy, out, len);
}

static int hash_check(ev_interp *I, ev_value self, const char *what)
{
    if (is_hash(self) && ev_is(hslots(self)[H_STATE], EV_O_BYTEARRAY))
        return 0;
    ev_raise(I, &ev_type_TypeError, "descriptor '%s' requires a hash object but received a '%s'", what,
             ev_type_name(self));
    return -1;
}

static ev_value h_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hash_check(I, self, "update") || hash_update_with(I, self, argv[0]))
        return EV_ERR;
    return EV_NONE;
}

static ev_value h_digest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hash_check(I, self, "digest"))
        return EV_ERR;
    unsigned char out[64];
    size_t n = (size_t)hslots(self)[H_DSIZE].u.i;
    hash_digest_into(self, out, n);
    return ev_bytes_new(I, EV_O_BYTES, out, n);
}

static ev_value h_hexdigest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hash_check(I, self, "hexdigest"))
        return EV_ERR;
    unsigned char out[64];
    size_t n = (size_t)hslots(self)[H_DSIZE].u.i;
    hash_digest_into(self, out, n);
    return ev_hash_hex(I, out, n);
}

/* SHAKE's digest(length): a negative or absurd length is CPython's MemoryError */
static int xof_len(ev_interp *I, ev_value self, ev_value v, size_t *out)
{
    int64_t n;
    if (hash_check(I, self, "digest") || ev_ssize_arg(I, v, &n))
        return -1;
    if (n < 0 || (uint64_t)n >= EV_MEM_UNMAPPABLE / 2) {
        ev_raise_memory_error(I);
        return -1;
    }
    if (ev_mem_reserve(I, (size_t)n * 3) || ev_charge(I, n / 64))
        return -1;
    *out = (size_t)n;
    return 0;
}

static ev_value xof_digest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    size_t n;
    if (xof_len(I, self, argv[0], &n))
        return EV_ERR;
    ev_value b = ev_bytes_new(I, EV_O_BYTES, NULL, n);
    if (!EV_IS_ERR(b) && n)
        hash_digest_into(self, ev_as_bytes(b)->data, n);
    return b;
}

static ev_value xof_hexdigest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    size_t n;
    if (xof_len(I, self, argv[0], &n))
        return EV_ERR;
    unsigned char *buf = ev_alloc(I, n ? n : 1);
    if (!buf)
        return ev_raise_nomem(I);
    hash_digest_into(self, buf, n);
    ev_value s = ev_hash_hex(I, buf, n);
    ev_dealloc(I, buf);
    return s;
}

static ev_value h_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hash_check(I, self, "copy"))
        return EV_ERR;
    ev_type *t = ((ev_instance *)self.u.o)->type;
    ev_value o = hash_make(I, t, (int)hslots(self)[H_ALGO].u.i, (int)hslots(self)[H_DSIZE].u.i, false);
    if (!EV_IS_ERR(o))
        memcpy(state_of(o), state_of(self), algo_of(self)->state_size);
    return o;
}

static ev_value h_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hash_check(I, self, "name") ? EV_ERR : ev_str_from_cstr(I, algo_of(self)->name);
}

static ev_value h_digest_size(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hash_check(I, self, "digest_size") ? EV_ERR : ev_dup(hslots(self)[H_DSIZE]);
}

static ev_value h_block_size(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hash_check(I, self, "block_size") ? EV_ERR : ev_int(algo_of(self)->block_size);
}

/* <md5 _hashlib.HASH object @ 0x...>, as _hashlib writes it */
static ev_value h_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hash_check(I, self, "__repr__"))
        return EV_ERR;
    char buf[160];
    ev_type *t = ((ev_instance *)self.u.o)->type;
    if (ev_type_is_subclass(t, &ev_type_hash_HASH))
        snprintf(buf, sizeof buf, "<%s %s object @ %p>", algo_of(self)->name, t->name, (void *)self.u.o);
    else
        snprintf(buf, sizeof buf, "<_blake2.%s object at %p>", t->name, (void *)self.u.o);
    return ev_str_from_cstr(I, buf);
}

#define HASH_COMMON                                                                  \
    {"update", h_update, 1, 1, EV_BF_POSN}, {"copy", h_copy, 0, 0, 0},               \
        {"name", h_name, 0, 0, EV_BF_PROP}, {"digest_size", h_digest_size, 0, 0, EV_BF_PROP}, \
        {"block_size", h_block_size, 0, 0, EV_BF_PROP}, {"__repr__", h_repr, 0, 0, 0}

static const ev_builtin_def hash_methods[] = {
    HASH_COMMON,
    {"digest", h_digest, 0, 0, 0},
    {"hexdigest", h_hexdigest, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def hashxof_methods[] = {
    HASH_COMMON,
    {"digest", xof_digest, 1, 1, 0, "length"},
    {"hexdigest", xof_hexdigest, 1, 1, 0, "length"},
    {NULL, NULL, 0, 0, 0},
};

/* a hash object of algorithm a over data (absent: nothing hashed yet) */
static ev_value hash_new_of(ev_interp *I, const ev_hash_algo *a, ev_value data)
{
    ev_type *t = a->xof ? &ev_type_hash_HASHXOF : &ev_type_hash_HASH;
    ev_value o = hash_make(I, t, algo_index(a), a->digest_size, true);
    if (EV_IS_ERR(o) || EV_IS_ERR(data))
        return o;
    if (hash_update_with(I, o, data)) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

/* ---- blake2b and blake2s ---------------------------------------------------------------------- */

static int blake2_bytes_param(ev_interp *I, ev_value v, unsigned char *dst, int max, const char *what,
                              int *len)
{
    if (EV_IS_ERR(v))
        return 0;
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, v, &p, &n))
        return -1;
    if (n > (size_t)max) {
        ev_raise(I, &ev_type_ValueError, "maximum %s length is %d bytes", what, max);
        return -1;
    }
    if (n)
        memcpy(dst, p, n);
    if (len)
        *len = (int)n;
    return 0;
}

static int blake2_int_param(ev_interp *I, ev_value v, int64_t dflt, int64_t *out)
{
    *out = dflt;
    return EV_IS_ERR(v) ? 0 : ev_ssize_arg(I, v, out);
}

/* blake2b/blake2s(data=b'', /, *, digest_size, key, salt, person, fanout,
 * depth, leaf_size, node_offset, node_depth, inner_size, last_node,
 * usedforsecurity) */
static ev_value blake2_init_self(ev_interp *I, ev_value self, const ev_value *a, bool b)
{
    int max = b ? 64 : 32, smax = b ? 16 : 8;
    ev_blake2_params p = {0};
    int64_t v;
    if (blake2_int_param(I, a[1], max, &v))
        return EV_ERR;
    if (v < 1 || v > max)
        return ev_raise(I, &ev_type_ValueError, "digest_size must be between 1 and %d bytes", max);
    p.digest_size = (int)v;
    if (blake2_bytes_param(I, a[2], p.key, max, "key", &p.key_len) ||
        blake2_bytes_param(I, a[3], p.salt, smax, "salt", NULL) ||
        blake2_bytes_param(I, a[4], p.person, smax, "person", NULL))
        return EV_ERR;
    if (blake2_int_param(I, a[5], 1, &v))
        return EV_ERR;
    if (v < 0 || v > 255)
        return ev_raise(I, &ev_type_ValueError, "fanout must be between 0 and 255");
    p.fanout = (int)v;
    if (blake2_int_param(I, a[6], 1, &v))
        return EV_ERR;
    if (v < 1 || v > 255)
        return ev_raise(I, &ev_type_ValueError, "depth must be between 1 and 255");
    p.depth = (int)v;
    if (blake2_int_param(I, a[7], 0, &v))
        return EV_ERR;
    if (v < 0)
        return ev_raise(I, &ev_type_ValueError, "value must be positive");
    if (v > 0xffffffffll)
        return ev_raise(I, &ev_type_OverflowError, "leaf_size is too large");
    p.leaf_size = (uint32_t)v;
    if (!EV_IS_ERR(a[8])) {
        /* an unsigned 64-bit value */
        if (ev_is(a[8], EV_O_INT) && mpz_sgn(((ev_bigint *)a[8].u.o)->z) > 0) {
            if (mpz_sizeinbase(((ev_bigint *)a[8].u.o)->z, 2) > 64)
                return ev_raise(I, &ev_type_OverflowError, "int too big to convert");
            if (!b)
                return ev_raise(I, &ev_type_OverflowError, "node_offset is too large");
            p.node_offset = mpz_getlimbn(((ev_bigint *)a[8].u.o)->z, 0);
        } else {
            if (ev_ssize_arg(I, a[8], &v))
                return EV_ERR;
            if (v < 0)
                return ev_raise(I, &ev_type_ValueError, "value must be positive");
            if (!b && v >= (int64_t)1 << 48)
                return ev_raise(I, &ev_type_OverflowError, "node_offset is too large");
            p.node_offset = (uint64_t)v;
        }
    }
    if (blake2_int_param(I, a[9], 0, &v))
        return EV_ERR;
    if (v < 0 || v > 255)
        return ev_raise(I, &ev_type_ValueError, "node_depth must be between 0 and 255");
    p.node_depth = (int)v;
    if (blake2_int_param(I, a[10], 0, &v))
        return EV_ERR;
    if (v < 0 || v > max)
        return ev_raise(I, &ev_type_ValueError, "inner_size must be between 0 and is %d", max);
    p.inner_size = (int)v;
    if (!EV_IS_ERR(a[11])) {
        int t = ev_truth(I, a[11]);
        if (t < 0)
            return EV_ERR;
        p.last_node = t;
    }
    const ev_hash_algo *al = b ? &ev_hash_blake2b : &ev_hash_blake2s;
    ev_value st = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, al->state_size);
    if (EV_IS_ERR(st))
        return st;
    ev_blake2_init(ev_as_bytes(st)->data, b, &p);
    ev_decref(I, hslots(self)[H_STATE]);
    hslots(self)[H_STATE] = st;
    hslots(self)[H_ALGO] = ev_int(algo_index(al));
    hslots(self)[H_DSIZE] = ev_int(p.digest_size);
    if (!EV_IS_ERR(a[0]) && hash_update_with(I, self, a[0]))
        return EV_ERR;
    return EV_NONE;
}

#define BLAKE2_PARAMS                                                                                  \
    "data, /, *, digest_size, key, salt, person, fanout, depth, leaf_size, node_offset, node_depth, " \
    "inner_size, last_node, usedforsecurity"

static ev_value blake2b_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!is_hash(self) || !ev_type_is_subclass(((ev_instance *)self.u.o)->type, &ev_type_blake2b))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a '_blake2.blake2b' object");
    return blake2_init_self(I, self, argv, true);
}

static ev_value blake2s_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!is_hash(self) || !ev_type_is_subclass(((ev_instance *)self.u.o)->type, &ev_type_blake2s))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a '_blake2.blake2s' object");
    return blake2_init_self(I, self, argv, false);
}

static ev_value blake2b_cnew(ev_interp *I, ev_type *t)
{
    return hash_make(I, t, algo_index(&ev_hash_blake2b), 64, true);
}

static ev_value blake2s_cnew(ev_interp *I, ev_type *t)
{
    return hash_make(I, t, algo_index(&ev_hash_blake2s), 32, true);
}

static const ev_builtin_def blake2b_methods[] = {
    {"__init__", blake2b_init, 0, 1, 0, BLAKE2_PARAMS},
    HASH_COMMON,
    {"digest", h_digest, 0, 0, 0},
    {"hexdigest", h_hexdigest, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def blake2s_methods[] = {
    {"__init__", blake2s_init, 0, 1, 0, BLAKE2_PARAMS},
    HASH_COMMON,
    {"digest", h_digest, 0, 0, 0},
    {"hexdigest", h_hexdigest, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static ev_value blake2_new(ev_interp *I, ev_value type, int argc, const ev_value *argv, bool b)
{
    ev_type *t = (ev_type *)type.u.o;
    ev_value o = (b ? blake2b_cnew : blake2s_cnew)(I, t);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = blake2_init_self(I, o, argv, b);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value blake2b_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return blake2_new(I, self, argc, argv, true);
}

static ev_value blake2s_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return blake2_new(I, self, argc, argv, false);
}


ev_type ev_type_hash_HASH = {STATIC_TYPE, .name = "_hashlib.HASH", .methods = hash_methods,
                             .module = "_hashlib", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};
ev_type ev_type_hash_HASHXOF = {STATIC_TYPE, .name = "_hashlib.HASHXOF", .base = &ev_type_hash_HASH,
                                .methods = hashxof_methods, .module = "_hashlib",
                                .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};
ev_type ev_type_blake2b = {STATIC_TYPE, .name = "blake2b", .call = blake2b_new, .methods = blake2b_methods,
                           .min_args = 0, .max_args = 1, .params = BLAKE2_PARAMS, .module = "_blake2",
                           .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL, .cnew = blake2b_cnew};
ev_type ev_type_blake2s = {STATIC_TYPE, .name = "blake2s", .call = blake2s_new, .methods = blake2s_methods,
                           .min_args = 0, .max_args = 1, .params = BLAKE2_PARAMS, .module = "_blake2",
                           .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL, .cnew = blake2s_cnew};

static ev_value ude_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exc_make(I, (ev_type *)self.u.o, argc, argv);
}

/* OpenSSL's refusal of a digest it does not know (pbkdf2_hmac) */
ev_type ev_type_UnsupportedDigestmodError = {STATIC_TYPE, .name = "_hashlib.UnsupportedDigestmodError",
                                             .base = &ev_type_ValueError, .call = ude_new, .max_args = -1,
                                             .module = "_hashlib"};

/* ---- the module's functions ------------------------------------------------------------------- */

#define OPENSSL_CTOR(nm, algo)                                                                     \
    static ev_value hl_##nm(ev_interp *I, ev_value self, int argc, const ev_value *argv,            \
                            const ev_kw *kw)                                                        \
    {                                                                                               \
        return hash_new_of(I, &algo, argv[0]);                                                      \
    }
OPENSSL_CTOR(md5, ev_hash_md5)
OPENSSL_CTOR(sha1, ev_hash_sha1)
OPENSSL_CTOR(sha224, ev_hash_sha224)
OPENSSL_CTOR(sha256, ev_hash_sha256)
OPENSSL_CTOR(sha384, ev_hash_sha384)
OPENSSL_CTOR(sha512, ev_hash_sha512)
OPENSSL_CTOR(sha3_224, ev_hash_sha3_224)
OPENSSL_CTOR(sha3_256, ev_hash_sha3_256)
OPENSSL_CTOR(sha3_384, ev_hash_sha3_384)
OPENSSL_CTOR(sha3_512, ev_hash_sha3_512)
OPENSSL_CTOR(shake_128, ev_hash_shake_128)
OPENSSL_CTOR(shake_256, ev_hash_shake_256)

#define CTOR_PARAMS "string, *, usedforsecurity"
/* module attribute name first: CPython's functions are openssl_md5 and so on */
static const ev_builtin_def ctor_defs[] = {
    {"openssl_md5", hl_md5, 0, 1, 0, CTOR_PARAMS},           {"openssl_sha1", hl_sha1, 0, 1, 0, CTOR_PARAMS},
    {"openssl_sha224", hl_sha224, 0, 1, 0, CTOR_PARAMS},     {"openssl_sha256", hl_sha256, 0, 1, 0, CTOR_PARAMS},
    {"openssl_sha384", hl_sha384, 0, 1, 0, CTOR_PARAMS},     {"openssl_sha512", hl_sha512, 0, 1, 0, CTOR_PARAMS},
    {"openssl_sha3_224", hl_sha3_224, 0, 1, 0, CTOR_PARAMS}, {"openssl_sha3_256", hl_sha3_256, 0, 1, 0, CTOR_PARAMS},
    {"openssl_sha3_384", hl_sha3_384, 0, 1, 0, CTOR_PARAMS}, {"openssl_sha3_512", hl_sha3_512, 0, 1, 0, CTOR_PARAMS},
    {"openssl_shake_128", hl_shake_128, 0, 1, 0, CTOR_PARAMS},
    {"openssl_shake_256", hl_shake_256, 0, 1, 0, CTOR_PARAMS},
    {NULL, NULL, 0, 0, 0},
};

int ev_hash_digestmod(ev_interp *I, ev_value v, const ev_hash_algo **out)
{
    if (ev_is(v, EV_O_STR)) {
        ev_str *s = (ev_str *)v.u.o;
        *out = ev_hash_find(s->data, s->len);
        if (!*out) {
            ev_raise(I, &ev_type_ValueError, "unsupported hash type %s", s->data);
            return -1;
        }
        return 0;
    }
    if (ev_is(v, EV_O_BUILTIN)) {
        const ev_builtin_def *d = ((ev_builtin *)v.u.o)->def;
        for (int i = 0; ctor_defs[i].name; i++)
            if (d == &ctor_defs[i]) {
                *out = hash_algos[i];
                return 0;
            }
    }
    if (v.tag == EV_T_OBJ && (v.u.o == &ev_type_blake2b.h || v.u.o == &ev_type_blake2s.h)) {
        *out = v.u.o == &ev_type_blake2b.h ? &ev_hash_blake2b : &ev_hash_blake2s;
        return 0;
    }
    return 1;
}

/* new(name, data=b'', **kwargs): blake2's keywords go to its constructor,
 * the others take only usedforsecurity */
static ev_value hl_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_builtin_def sig = {"new", NULL, 1, 2, 0, "name, data, *, usedforsecurity"};
    ev_value name = argc > 0 ? argv[0] : ev_kwarg(kw, "name");
    ev_value data = argc > 1 ? argv[1] : ev_kwarg(kw, "data");
    if (!EV_IS_ERR(name) && ev_is(name, EV_O_STR)) {
        ev_str *s = (ev_str *)name.u.o;
        const ev_hash_algo *a = ev_hash_find(s->data, s->len);
        if (a == &ev_hash_blake2b || a == &ev_hash_blake2s) {
            if (argc > 2)
                return ev_raise(I, &ev_type_TypeError, "__hash_new() takes from 1 to 2 positional arguments but %d were given", argc);
            /* the keywords but name and data, for blake2 */
            ev_str *names[EV_ARGS_MAX];
            ev_value vals[EV_ARGS_MAX];
            int nrest = 0;
            for (int i = 0; i < EV_KW_N(kw); i++) {
                const char *k = kw->names[i]->data;
                if (strcmp(k, "name") == 0 || strcmp(k, "data") == 0)
                    continue;
                if (nrest == EV_ARGS_MAX)
                    return ev_raise(I, &ev_type_TypeError, "too many keyword arguments");
                names[nrest] = kw->names[i];
                vals[nrest++] = kw->vals[i];
            }
            ev_type *t = a == &ev_hash_blake2b ? &ev_type_blake2b : &ev_type_blake2s;
            return ev_call(I, ev_obj_val(&t->h), EV_IS_ERR(data) ? 0 : 1, &data, nrest, names, vals);
        }
    }
    ev_value out[EV_ARGS_MAX];
    if (ev_args_bind(I, &sig, argc, argv, kw, out, EV_ARGS_MAX) < 0)
        return EV_ERR;
    if (!ev_is(out[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "name must be a string");
    ev_str *s = (ev_str *)out[0].u.o;
    const ev_hash_algo *a = ev_hash_find(s->data, s->len);
    if (!a)
        return ev_raise(I, &ev_type_ValueError, "unsupported hash type %s", s->data);
    return hash_new_of(I, a, out[1]);
}

/* HMAC of algorithm a over key: the inner and outer states after the padded key */
static int hmac_keyed(ev_interp *I, const ev_hash_algo *a, const unsigned char *key, size_t keylen, void *inner,
                      void *outer)
{
    unsigned char k[200] = {0}, pad[200];
    size_t bs = (size_t)a->block_size;
    if (keylen > bs) {
        a->init(inner, a);
        if (ev_hash_feed(I, a, inner, key, keylen))
            return -1;
        a->final(inner, k, (size_t)a->digest_size);
    } else if (keylen) { /* an empty bytes' data may be NULL */
        memcpy(k, key, keylen);
    }
    for (size_t i = 0; i < bs; i++)
        pad[i] = k[i] ^ 0x36;
    a->init(inner, a);
    a->update(inner, pad, bs);
    for (size_t i = 0; i < bs; i++)
        pad[i] = k[i] ^ 0x5c;
    a->init(outer, a);
    a->update(outer, pad, bs);
    return 0;
}

void ev_hmac_finish(const ev_hash_algo *a, const void *inner, const void *outer, unsigned char *out);
void ev_hmac_finish(const ev_hash_algo *a, const void *inner, const void *outer, unsigned char *out)
{
    unsigned char st[EV_HASH_STATE_MAX] __attribute__((aligned(16))), d[64];
    memcpy(st, inner, a->state_size);
    a->final(st, d, (size_t)a->digest_size);
    memcpy(st, outer, a->state_size);
    a->update(st, d, (size_t)a->digest_size);
    a->final(st, out, (size_t)a->digest_size);
}

int ev_hmac_keyed(ev_interp *I, const ev_hash_algo *a, const unsigned char *key, size_t keylen, void *inner,
                  void *outer);
int ev_hmac_keyed(ev_interp *I, const ev_hash_algo *a, const unsigned char *key, size_t keylen, void *inner,
                  void *outer)
{
    return hmac_keyed(I, a, key, keylen, inner, outer);
}

int ev_pbkdf2(ev_interp *I, const ev_hash_algo *a, const unsigned char *pw, size_t pwlen, const unsigned char *salt,
              size_t saltlen, int64_t iters, unsigned char *dk, size_t dklen)
{
    size_t hl = (size_t)a->digest_size;
    uint64_t blocks = ((uint64_t)dklen + hl - 1) / hl;
    unsigned char inner[EV_HASH_STATE_MAX] __attribute__((aligned(16))),
        outer[EV_HASH_STATE_MAX] __attribute__((aligned(16))), st[EV_HASH_STATE_MAX] __attribute__((aligned(16)));
    unsigned char u[64], t[64], cnt[4];
    if (hmac_keyed(I, a, pw, pwlen, inner, outer))
        return -1;
    for (uint64_t b = 1; b <= blocks; b++) {
        memcpy(st, inner, a->state_size);
        if (ev_hash_feed(I, a, st, salt, saltlen))
            return -1;
        hash_store32be(cnt, (uint32_t)b);
        a->update(st, cnt, 4);
        unsigned char d[64];
        a->final(st, d, hl);
        memcpy(st, outer, a->state_size);
        a->update(st, d, hl);
        a->final(st, u, hl);
        memcpy(t, u, hl);
        for (int64_t i = 1; i < iters; i++) {
            memcpy(st, inner, a->state_size);
            a->update(st, u, hl);
            a->final(st, d, hl);
            memcpy(st, outer, a->state_size);
            a->update(st, d, hl);
            a->final(st, u, hl);
            for (size_t j = 0; j < hl; j++)
                t[j] ^= u[j];
            if ((i & 255) == 0 && ev_charge(I, 256))
                return -1;
        }
        size_t off = (size_t)(b - 1) * hl, take = dklen - off < hl ? dklen - off : hl;
        memcpy(dk + off, t, take);
    }
    return 0;
}

/* pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None) (RFC 8018) */
static ev_value hl_pbkdf2_hmac(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "pbkdf2_hmac() argument 'hash_name' must be str, not %s",
                        ev_type_name(argv[0]));
    const unsigned char *pw, *salt;
    size_t pwlen, saltlen;
    int64_t iters, dklen;
    if (ev_bytes_view(I, argv[1], &pw, &pwlen) || ev_bytes_view(I, argv[2], &salt, &saltlen) ||
        ev_ssize_arg(I, argv[3], &iters))
        return EV_ERR;
    if (iters < 1)
        return ev_raise(I, &ev_type_ValueError, "iteration value must be greater than 0.");
    if (iters > INT32_MAX)
        return ev_raise(I, &ev_type_OverflowError, "iteration value is too great.");
    ev_str *s = (ev_str *)argv[0].u.o;
    const ev_hash_algo *a = ev_hash_find(s->data, s->len);
    if (a && a->xof)
        a = NULL;
    bool dk_given = !EV_IS_ERR(argv[4]) && argv[4].tag != EV_T_NONE;
    if (dk_given) {
        if (ev_ssize_arg(I, argv[4], &dklen))
            return EV_ERR;
        if (dklen < 1)
            return ev_raise(I, &ev_type_ValueError, "key length must be greater than 0.");
        if (dklen > INT32_MAX)
            return ev_raise(I, &ev_type_OverflowError, "key length is too great.");
    }
    if (!a)
        return ev_raise(I, &ev_type_UnsupportedDigestmodError, "[digital envelope routines] unsupported");
    /* an __index__ above may have resized a bytearray: look again */
    if (ev_bytes_view(I, argv[1], &pw, &pwlen) || ev_bytes_view(I, argv[2], &salt, &saltlen))
        return EV_ERR;
    if (!dk_given)
        dklen = a->digest_size;
    if (ev_mem_reserve(I, (size_t)dklen))
        return EV_ERR;
    ev_value out = ev_bytes_new(I, EV_O_BYTES, NULL, (size_t)dklen);
    if (EV_IS_ERR(out))
        return out;
    if (ev_pbkdf2(I, a, pw, pwlen, salt, saltlen, iters, ev_as_bytes(out)->data, (size_t)dklen))
        goto fail;
    return out;
fail:
    ev_decref(I, out);
    return EV_ERR;
}

static ev_value hl_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* hasattr(o, name): the attribute (new) or EV_ERR with *absent; -1 raised */
static int attr_opt(ev_interp *I, ev_value o, const char *name, ev_value *out)
{
    *out = ev_us_getattr(I, o, name);
    return EV_IS_ERR(*out) && !ev_us_catch(I, &ev_type_AttributeError) ? -1 : 0;
}

/* fileobj's own io.BytesIO.getbuffer: its contents are getvalue()'s (a
 * memoryview of the whole buffer, which safepy does not have).  0/1, -1 raised */
static int is_bytesio_getbuffer(ev_interp *I, ev_value fileobj, ev_value gb)
{
    if (!ev_is(gb, EV_O_BUILTIN) || !io_is_stream(fileobj, &ev_type_BytesIO))
        return 0;
    const ev_builtin *b = (const ev_builtin *)gb.u.o;
    if (b->self.tag != fileobj.tag || b->self.u.o != fileobj.u.o)
        return 0;
    ev_value own = ev_us_getattr(I, ev_obj_val(&ev_type_BytesIO.h), "getbuffer");
    if (EV_IS_ERR(own))
        return -1;
    int r = ev_is(own, EV_O_BUILTIN) && ((const ev_builtin *)own.u.o)->def == b->def;
    ev_decref(I, own);
    return r;
}

/* file_digest(fileobj, digest, /, *, _bufsize=2**18), as Lib/hashlib.py */
static ev_value hl_file_digest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"file_digest", {"fileobj", "digest", "_bufsize", NULL}, 2, 2, false, false};
    ev_value a[3];
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "file_digest() takes 2 positional arguments but %d were given", argc);
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value fileobj = a[0], digest = a[1], bufsize = EV_IS_ERR(a[2]) ? ev_int(1 << 18) : a[2];
    ev_value d = ev_is(digest, EV_O_STR) ? hl_new(I, EV_NONE, 1, &digest, NULL)
                                         : ev_call(I, digest, 0, NULL, 0, NULL, NULL);
    ev_value gb = EV_ERR, r = EV_ERR, buf = EV_ERR;
    if (EV_IS_ERR(d) || attr_opt(I, fileobj, "getbuffer", &gb))
        goto fail;
    if (!EV_IS_ERR(gb)) {
        ev_value contents;
        int own = is_bytesio_getbuffer(I, fileobj, gb);
        if (own < 0)
            goto fail;
        if (own) {
            ev_value gv = ev_us_getattr(I, ev_obj_val(&ev_type_BytesIO.h), "getvalue");
            contents = EV_IS_ERR(gv) ? gv : ev_call(I, gv, 1, &fileobj, 0, NULL, NULL);
            if (!EV_IS_ERR(gv))
                ev_decref(I, gv);
        } else {
            contents = ev_call(I, gb, 0, NULL, 0, NULL, NULL);
        }
        if (EV_IS_ERR(contents))
            goto fail;
        r = ev_us_callm(I, d, "update", 1, &contents, NULL);
        ev_decref(I, contents);
        if (EV_IS_ERR(r))
            goto fail;
        ev_decref(I, r);
        ev_decref(I, gb);
        return d;
    }
    /* only binary files implement readinto() */
    ev_value ri = EV_ERR, rd = EV_ERR;
    if (attr_opt(I, fileobj, "readinto", &ri))
        goto fail;
    int ok = !EV_IS_ERR(ri);
    if (!EV_IS_ERR(ri))
        ev_decref(I, ri);
    if (ok) {
        if (attr_opt(I, fileobj, "readable", &rd))
            goto fail;
        ok = !EV_IS_ERR(rd);
        if (ok) {
            ev_decref(I, rd);
            ev_value t = ev_us_callm(I, fileobj, "readable", 0, NULL, NULL);
            if (EV_IS_ERR(t))
                goto fail;
            ok = ev_truth(I, t);
            ev_decref(I, t);
            if (ok < 0)
                goto fail;
        }
    }
    if (!ok) {
        ev_value rep = ev_repr(I, fileobj);
        if (!EV_IS_ERR(rep)) {
            ev_raise(I, &ev_type_ValueError, "'%s' is not a file-like object in binary reading mode.",
                     ev_as_str(rep)->data);
            ev_decref(I, rep);
        }
        goto fail;
    }
    buf = ev_call(I, ev_obj_val(&ev_type_bytearray.h), 1, &bufsize, 0, NULL, NULL);
    if (EV_IS_ERR(buf))
        goto fail;
    for (;;) {
        ev_value size = ev_us_callm(I, fileobj, "readinto", 1, &buf, NULL);
        if (EV_IS_ERR(size))
            goto fail;
        int eof = ev_eq(I, size, ev_int(0));
        if (eof) {
            ev_decref(I, size);
            if (eof < 0)
                goto fail;
            break;
        }
        /* view[:size] of the reused buffer */
        ev_value sl = ev_slice_new(I, EV_NONE, size, EV_NONE);
        ev_decref(I, size);
        if (EV_IS_ERR(sl))
            goto fail;
        ev_value chunk = ev_getitem(I, buf, sl);
        ev_decref(I, sl);
        if (EV_IS_ERR(chunk))
            goto fail;
        r = ev_us_callm(I, d, "update", 1, &chunk, NULL);
        ev_decref(I, chunk);
        if (EV_IS_ERR(r))
            goto fail;
        ev_decref(I, r);
        if (ev_charge(I, 1))
            goto fail;
    }
    ev_decref(I, buf);
    return d;
fail:
    if (!EV_IS_ERR(gb))
        ev_decref(I, gb);
    if (!EV_IS_ERR(buf))
        ev_decref(I, buf);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return EV_ERR;
}

static const ev_builtin_def hashlib_functions[] = {
    {"new", hl_new, 0, -1, EV_BF_KWANY},
    {"pbkdf2_hmac", hl_pbkdf2_hmac, 4, 5, 0, "hash_name, password, salt, iterations, dklen"},
    {"file_digest", hl_file_digest, 0, -1, EV_BF_KWANY},
    {"scrypt", ev_hash_scrypt, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

static int set_names(ev_interp *I, ev_dict *ns, const char *name)
{
    ev_value s = ev_set_new(I, false);
    if (EV_IS_ERR(s))
        return -1;
    for (int i = 0; hash_algos[i]; i++) {
        ev_value n = ev_str_from_cstr(I, hash_algos[i]->name);
        if (EV_IS_ERR(n) || ev_set_add(I, (ev_set *)s.u.o, n)) {
            if (!EV_IS_ERR(n))
                ev_decref(I, n);
            ev_decref(I, s);
            return -1;
        }
        ev_decref(I, n);
    }
    int r = ev_module_set(I, ns, name, s);
    ev_decref(I, s);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    static const char *const names[] = {"md5",      "sha1",     "sha224",   "sha256",    "sha384",    "sha512",
                                        "sha3_224", "sha3_256", "sha3_384", "sha3_512", "shake_128", "shake_256"};
    for (int i = 0; ctor_defs[i].name; i++) {
        ev_value f = ev_builtin_new(I, &ctor_defs[i], EV_NONE);
        if (EV_IS_ERR(f))
            return -1;
        int r = ev_module_set(I, ns, names[i], f);
        ev_decref(I, f);
        if (r)
            return -1;
    }
    return ev_module_set(I, ns, "blake2b", ev_obj_val(&ev_type_blake2b.h)) ||
                   ev_module_set(I, ns, "blake2s", ev_obj_val(&ev_type_blake2s.h)) ||
                   set_names(I, ns, "algorithms_guaranteed") || set_names(I, ns, "algorithms_available")
               ? -1
               : 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {"md5",       "sha1",      "sha224",   "sha256",   "sha384",
                                        "sha512",    "blake2b",   "blake2s",  "sha3_224", "sha3_256",
                                        "sha3_384",  "sha3_512",  "shake_128", "shake_256", "new",
                                        "algorithms_guaranteed", "algorithms_available", "pbkdf2_hmac",
                                        "file_digest", NULL};

const ev_module_def ev_module_hashlib = {"hashlib", hashlib_functions, init, all_names};
