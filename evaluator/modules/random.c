/*
 * random.c - the random module, bit-exact with CPython 3.11.
 *
 * The generator (mt19937.c) is MT19937 seeded exactly as
 * Modules/_randommodule.c does (init_by_array over the 32-bit words of
 * |seed|), and every function reproduces Lib/random.py step by step: the same calls to random() and
 * getrandbits() in the same order, so the same seed gives the same values.
 *
 * The state of a session lives in the module's namespace under a non-string
 * key (unreachable from Python: attribute names are strings), as a string
 * object used as an opaque byte block.  The functions find it through the
 * session's module cache, since module functions are not bound to their
 * module.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/modules.h"
#include "evaluator/modules/random_int.h"
#include "evaluator/modules/sha512.h"

/* getrandbits(k) into `out` for any k >= 0. */
static int bits_mpz(ev_interp *I, rnd_state *st, mpz_t out, uint64_t k)
{
    if (k == 0) {
        mpz_set_ui(out, 0);
        return 0;
    }
    if (k > (uint64_t)1 << 40) {
        ev_raise(I, &ev_type_OverflowError, "getrandbits() argument too large");
        return -1;
    }
    size_t words = (size_t)((k - 1) / 32 + 1);
    if (ev_charge(I, (int64_t)(words / 16)))
        return -1;
    uint32_t *w = ev_alloc(I, words * sizeof *w);
    if (!w) {
        ev_raise_nomem(I);
        return -1;
    }
    for (size_t i = 0; i < words; i++, k -= 32) {
        uint32_t r = rnd_genrand(st);
        if (k < 32)
            r >>= 32 - k; /* drop least significant bits */
        w[i] = r;
    }
    mpz_import(out, words, -1, sizeof *w, 0, 0, w);
    ev_dealloc(I, w);
    return 0;
}

/* _randbelow for a big n > 0. */
static int below_mpz(ev_interp *I, rnd_state *st, mpz_t out, const mpz_t n)
{
    uint64_t k = mpz_sizeinbase(n, 2);
    do {
        if (bits_mpz(I, st, out, k))
            return -1;
    } while (mpz_cmp(out, n) >= 0);
    return 0;
}

/* The C-level seed: init_by_array over the 32-bit words of z >= 0, least
 * significant first (one zero word for 0). */
static int seed_mpz(ev_interp *I, rnd_state *st, const mpz_t z)
{
    size_t bits = mpz_sizeinbase(z, 2);
    size_t n = mpz_sgn(z) == 0 ? 1 : (bits - 1) / 32 + 1;
    uint32_t *key = ev_alloc(I, n * sizeof *key);
    if (!key) {
        ev_raise_nomem(I);
        return -1;
    }
    key[0] = 0;
    size_t count = 0;
    mpz_export(key, &count, -1, sizeof *key, 0, 0, z);
    rnd_init_by_array(st, key, n);
    ev_dealloc(I, key);
    return 0;
}

/* ---- the state of the session ------------------------------------------------------------- */

/* Non-string key: no attribute name can reach it. */
#define STATE_KEY ev_int(0)

static rnd_state *blob_state(ev_str *s)
{
    /* string data is only byte aligned: use the first 16-aligned address */
    uintptr_t p = ((uintptr_t)s->data + 15) & ~(uintptr_t)15;
    return (rnd_state *)p;
}

extern ev_type ev_type_Random, ev_type_SystemRandom;

/* The generator a function draws from: a Random instance's own, or the
 * module's (the functions of the module are the methods of a hidden
 * instance in CPython). */
rnd_state *rnd_state_of(ev_interp *I, ev_value self)
{
    if (self.tag == EV_T_OBJ && self.u.o->kind == EV_O_INSTANCE &&
        ev_type_is_subclass(ev_type_of(self), &ev_type_Random)) {
        ev_cinstance *ci = (ev_cinstance *)self.u.o;
        if (ci->nslots < 1 || !ev_is(ci->slots[0], EV_O_STR)) {
            ev_raise(I, &ev_type_RuntimeError, "random: generator state is missing");
            return NULL;
        }
        return blob_state(ev_as_str(ci->slots[0]));
    }
    ev_str *name = ev_intern(I, "random", 6);
    if (!name) {
        ev_raise_nomem(I);
        return NULL;
    }
    ev_value *m = ev_dict_lookup_str(I->modules, name);
    ev_value blob = EV_NONE;
    int r = m && ev_is(*m, EV_O_MODULE) ? ev_dict_get(I, ((ev_module *)m->u.o)->ns, STATE_KEY, &blob)
                                        : 0;
    if (r < 0)
        return NULL;
    if (r == 0 || !ev_is(blob, EV_O_STR)) {
        ev_decref(I, blob);
        ev_raise(I, &ev_type_RuntimeError, "random: generator state is missing");
        return NULL;
    }
    rnd_state *st = blob_state(ev_as_str(blob));
    ev_decref(I, blob); /* the namespace keeps it alive */
    return st;
}

/* For the methods CPython writes in C. */
static int c_noargs(ev_interp *I, const ev_kw *kw, const char *name, int argc)
{
    if (EV_KW_N(kw) > 0) {
        ev_raise(I, &ev_type_TypeError, "Random.%s() takes no keyword arguments", name);
        return -1;
    }
    if (argc != 0) {
        ev_raise(I, &ev_type_TypeError, "Random.%s() takes no arguments (%d given)", name, argc);
        return -1;
    }
    return 0;
}

/* An int argument that must fit an index (like `[None] * k`, range(k)). */
static int index_arg(ev_interp *I, ev_value v, int64_t *out)
{
    return ev_ssize_arg(I, v, out); /* through __index__ */
}

int rnd_to_double(ev_interp *I, ev_value v, double *out) { return ev_num_to_double(I, v, out); }

/* Float operations that raise as CPython's float and math functions do. */
int rnd_div(ev_interp *I, double a, double b, double *out)
{
    if (b == 0.0) {
        ev_raise(I, &ev_type_ZeroDivisionError, "float division by zero");
        return -1;
    }
    *out = a / b;
    return 0;
}

int rnd_exp(ev_interp *I, double x, double *out)
{
    *out = exp(x);
    if (isinf(*out) && isfinite(x)) {
        ev_raise(I, &ev_type_OverflowError, "math range error");
        return -1;
    }
    return 0;
}

int rnd_pow(ev_interp *I, double x, double y, double *out)
{
    if (x == 0.0 && y < 0.0) {
        ev_raise(I, &ev_type_ZeroDivisionError, "0.0 cannot be raised to a negative power");
        return -1;
    }
    if (x < 0.0 && isfinite(x) && isfinite(y) && floor(y) != y) {
        /* CPython would return a complex number; safepy has none */
        ev_raise(I, &ev_type_ValueError, "math domain error");
        return -1;
    }
    *out = pow(x, y);
    if (isinf(*out) && isfinite(x) && isfinite(y)) {
        ev_raise(I, &ev_type_OverflowError, "(34, 'Numerical result out of range')");
        return -1;
    }
    return 0;
}

/* Python's float % (the result takes the sign of the divisor). */
double rnd_fmod(double a, double b)
{
    double m = fmod(a, b);
    if (m != 0.0) {
        if ((b < 0) != (m < 0))
            m += b;
    } else {
        m = copysign(0.0, b);
    }
    return m;
}

/* ---- seeding and state ------------------------------------------------------------------ */

static ev_value r_seed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.seed", {"a", "version"}, 0};
    ev_value a[2];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    ev_value seed = EV_IS_ERR(a[0]) ? EV_NONE : a[0];
    int v1 = 0, v2 = 1;
    if (!EV_IS_ERR(a[1])) {
        if ((v1 = ev_eq(I, a[1], ev_int(1))) < 0 || (v2 = ev_eq(I, a[1], ev_int(2))) < 0)
            return EV_ERR;
    }
    mpz_t z;
    mpz_init(z);
    if (seed.tag == EV_T_NONE) {
        rnd_seed_entropy(st);
        mpz_clear(z);
        return EV_NONE;
    }
    bool is_str = ev_is(seed, EV_O_STR), is_bytes = ev_is(seed, EV_O_BYTES);
    if (v1 && (is_str || is_bytes)) {
        /* the old hash of version 1, over the code points (bytes: as latin-1) */
        const unsigned char *p, *e;
        size_t nchars;
        if (is_str) {
            ev_str *str = ev_as_str(seed);
            p = (const unsigned char *)str->data, e = p + str->len, nchars = str->nchars;
        } else {
            ev_bytes *bs = ev_as_bytes(seed);
            /* empty bytes have no buffer: no offset from NULL */
            p = bs->data, e = bs->len ? p + bs->len : p, nchars = bs->len;
        }
        uint64_t x = 0;
        bool first = true;
        while (p < e) {
            uint32_t c = *p++;
            if (is_str) {
                int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0 ? 1 : 0;
                c &= more == 3 ? 0x07 : more == 2 ? 0x0f : more == 1 ? 0x1f : 0x7f;
                for (; more && p < e; more--)
                    c = c << 6 | (*p++ & 0x3f);
            }
            if (first)
                x = (uint64_t)c << 7;
            first = false;
            x = (1000003u * x) ^ c;
        }
        x ^= (uint64_t)nchars;
        mpz_set_ui(z, 0);
        mpz_import(z, 1, -1, sizeof x, 0, 0, &x);
    } else if (v2 && (is_str || ev_is_byteslike(seed))) {
        /* int.from_bytes(a + sha512(a).digest()), big-endian; a str as UTF-8 */
        const unsigned char *data;
        size_t len;
        if (is_str) {
            data = (const unsigned char *)ev_as_str(seed)->data, len = ev_as_str(seed)->len;
        } else {
            data = ev_as_bytes(seed)->data, len = ev_as_bytes(seed)->len;
        }
        unsigned char *buf = ev_alloc(I, len + 64);
        if (!buf) {
            mpz_clear(z);
            return ev_raise_nomem(I);
        }
        if (len)
            memcpy(buf, data, len);
        ev_sha512(buf, len, buf + len);
        mpz_import(z, len + 64, 1, 1, 0, 0, buf);
        ev_dealloc(I, buf);
    } else if (ev_is_int(seed)) {
        ev_int_to_mpz(seed, z);
        mpz_abs(z, z);
    } else if (seed.tag == EV_T_FLOAT || is_str || ev_is_byteslike(seed)) {
        /* other seeds of those types: the hash as a size_t (a bytearray's
         * is CPython's TypeError: unhashable) */
        int64_t h;
        if (ev_hash(I, seed, &h)) {
            mpz_clear(z);
            return EV_ERR;
        }
        uint64_t u = (uint64_t)h;
        mpz_import(z, 1, -1, sizeof u, 0, 0, &u);
    } else {
        mpz_clear(z);
        return ev_raise(I, &ev_type_TypeError, "The only supported seed types are: None,\n"
                                               "int, float, str, bytes, and bytearray.");
    }
    int r = seed_mpz(I, st, z);
    mpz_clear(z);
    if (r)
        return EV_ERR;
    st->has_gauss = false;
    return EV_NONE;
}

static ev_value r_getstate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.getstate", {NULL}, 0};
    ev_value none[1];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, none) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    ev_value inner = ev_tuple_new(I, MT_N + 1);
    if (EV_IS_ERR(inner))
        return inner;
    ev_tuple *t = ev_as_tuple(inner);
    for (int i = 0; i < MT_N; i++)
        t->items[i] = ev_int(st->mt[i]);
    t->items[MT_N] = ev_int(st->index);
    ev_value outer = ev_tuple_new(I, 3);
    if (EV_IS_ERR(outer)) {
        ev_decref(I, inner);
        return outer;
    }
    t = ev_as_tuple(outer);
    t->items[0] = ev_int(3);
    t->items[1] = inner;
    t->items[2] = st->has_gauss ? ev_float(st->gauss_next) : EV_NONE;
    return outer;
}

/* One word of a state vector, as PyLong_AsUnsignedLong then a cast. */
static int state_word(ev_interp *I, ev_value v, bool mod32, uint32_t *out)
{
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "an integer is required");
        return -1;
    }
    mpz_t z;
    mpz_init(z);
    ev_int_to_mpz(v, z);
    int rc = 0;
    if (mod32) {
        mpz_fdiv_r_2exp(z, z, 32); /* x % 2**32, as setstate of version 2 */
    } else if (mpz_sgn(z) < 0) {
        ev_raise(I, &ev_type_OverflowError, "can't convert negative value to unsigned int");
        rc = -1;
    } else if (mpz_sizeinbase(z, 2) > 64) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C unsigned long");
        rc = -1;
    }
    if (rc == 0) {
        mpz_fdiv_r_2exp(z, z, 32);
        *out = (uint32_t)mpz_get_ui(z);
    }
    mpz_clear(z);
    return rc;
}

static ev_value r_setstate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.setstate", {"state"}, 1};
    ev_value a[1];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    ev_value state = a[0], version = EV_ERR, items[3] = {EV_ERR, EV_ERR, EV_ERR};
    ev_value result = EV_ERR;
    uint32_t mt[MT_N];
    int64_t n;
    version = ev_getitem(I, state, ev_int(0));
    if (EV_IS_ERR(version))
        goto fail;
    int is3 = ev_eq(I, version, ev_int(3)), is2 = is3 ? 0 : ev_eq(I, version, ev_int(2));
    if (is3 < 0 || is2 < 0)
        goto fail;
    if (!is3 && !is2) {
        ev_value vs = ev_to_str(I, version);
        if (!EV_IS_ERR(vs)) {
            ev_raise(I, &ev_type_ValueError,
                     "state with version %s passed to Random.setstate() of version 3",
                     ev_as_str(vs)->data);
            ev_decref(I, vs);
        }
        goto fail;
    }
    /* version, internalstate, self.gauss_next = state */
    if (ev_len(I, state, &n))
        goto fail;
    if (n != 3) {
        if (n < 3)
            ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 3, got %lld)",
                     (long long)n);
        else
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 3)");
        goto fail;
    }
    for (int i = 0; i < 3; i++)
        if (EV_IS_ERR(items[i] = ev_getitem(I, state, ev_int(i))))
            goto fail;
    if (items[2].tag == EV_T_NONE) {
        st->has_gauss = false;
    } else {
        double g;
        if (rnd_to_double(I, items[2], &g))
            goto fail;
        st->has_gauss = true;
        st->gauss_next = g;
    }
    ev_value vec = items[1];
    if (is3 && !ev_is(vec, EV_O_TUPLE)) {
        ev_raise(I, &ev_type_TypeError, "state vector must be a tuple");
        goto fail;
    }
    if (ev_len(I, vec, &n))
        goto fail;
    if (n != MT_N + 1) {
        ev_raise(I, &ev_type_ValueError, "state vector is the wrong size");
        goto fail;
    }
    for (int i = 0; i < MT_N; i++) {
        ev_value w = ev_getitem(I, vec, ev_int(i));
        if (EV_IS_ERR(w))
            goto fail;
        int r = state_word(I, w, is2, &mt[i]);
        ev_decref(I, w);
        if (r)
            goto fail;
    }
    ev_value iv = ev_getitem(I, vec, ev_int(MT_N));
    if (EV_IS_ERR(iv))
        goto fail;
    bool ok = (iv.tag == EV_T_INT || iv.tag == EV_T_BOOL) && iv.u.i >= 0 && iv.u.i <= MT_N;
    bool isint = ev_is_int(iv);
    int64_t index = ok ? iv.u.i : 0;
    ev_decref(I, iv);
    if (!isint) {
        ev_raise(I, &ev_type_TypeError, "an integer is required");
        goto fail;
    }
    if (!ok) {
        ev_raise(I, &ev_type_ValueError, "invalid state");
        goto fail;
    }
    memcpy(st->mt, mt, sizeof mt);
    st->index = (int)index;
    result = EV_NONE;
fail:
    ev_decref(I, version);
    for (int i = 0; i < 3; i++)
        ev_decref(I, items[i]);
    return result;
}

/* ---- integers ---------------------------------------------------------------------------- */

static ev_value r_random(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    (void)argv;
    rnd_state *st;
    if (c_noargs(I, kw, "random", argc) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    return ev_float(rnd_random(st));
}

static ev_value r_getrandbits(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw) > 0)
        return ev_raise(I, &ev_type_TypeError, "Random.getrandbits() takes no keyword arguments");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError,
                        "Random.getrandbits() takes exactly one argument (%d given)", argc);
    int64_t k;
    rnd_state *st;
    if (index_arg(I, argv[0], &k) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    if (k < 0)
        return ev_raise(I, &ev_type_ValueError, "number of bits must be non-negative");
    if (k == 0)
        return ev_int(0);
    if (k <= 63)
        return ev_int((int64_t)rnd_bits64(st, (int)k));
    mpz_t z;
    mpz_init(z);
    ev_value r = bits_mpz(I, st, z, (uint64_t)k) ? EV_ERR : ev_int_from_mpz(I, z);
    mpz_clear(z);
    return r;
}

/* randbytes(n): getrandbits(n * 8).to_bytes(n, 'little'), as random.py */
static ev_value r_randbytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_defsig s = {"Random.randbytes", {"n"}, 1};
    ev_value a[1];
    if (ev_def_bind(I, &s, argc, argv, kw, a))
        return EV_ERR;
    ev_value nv = a[0];
    int64_t n;
    rnd_state *st;
    if (ev_is_user(nv) && !ev_is_int(nv)) {
        /* random.py's randbytes computes n * 8 first: its TypeError */
        ev_value n8 = ev_binary(I, EV_OP_MUL, nv, ev_int(8));
        if (EV_IS_ERR(n8))
            return EV_ERR;
        ev_decref(I, n8);
    }
    if (index_arg(I, nv, &n) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    if (n < 0)
        return ev_raise(I, &ev_type_ValueError, "number of bits must be non-negative");
    if (n > ((int64_t)1 << 37))
        return ev_raise(I, &ev_type_OverflowError, "getrandbits() argument too large");
    ev_value r = ev_bytes_new(I, EV_O_BYTES, NULL, (size_t)n);
    if (EV_IS_ERR(r) || n == 0)
        return r;
    mpz_t z;
    mpz_init(z);
    if (bits_mpz(I, st, z, (uint64_t)n * 8)) {
        mpz_clear(z);
        ev_decref(I, r);
        return EV_ERR;
    }
    unsigned char *out = ev_as_bytes(r)->data;
    memset(out, 0, (size_t)n);
    size_t count = 0;
    mpz_export(out, &count, -1, 1, 0, 0, z); /* little-endian; high zero bytes stay 0 */
    mpz_clear(z);
    return r;
}

/* randrange's argument conversion: operator.index, else int(x) if that
 * equals x (CPython also warns then), else ValueError.  New reference. */
static ev_value rr_arg(ev_interp *I, ev_value v, const char *what)
{
    if (ev_is_int(v))
        return v.tag == EV_T_BOOL ? ev_int(v.u.i) : ev_dup(v);
    ev_value iv = ev_call(I, ev_obj_val(&ev_type_int.h), 1, &v, 0, NULL, NULL);
    if (EV_IS_ERR(iv))
        return iv;
    int eq = ev_eq(I, iv, v);
    if (eq <= 0) {
        ev_decref(I, iv);
        return eq < 0 ? EV_ERR : ev_raise(I, &ev_type_ValueError, "non-integer %s for randrange()", what);
    }
    return iv;
}

/* The body of randrange once the arguments are ints. */
static ev_value randrange_ints(ev_interp *I, rnd_state *st, ev_value start, ev_value stop,
                               ev_value step, bool has_stop)
{
    /* the common case in plain 64-bit arithmetic */
    if (start.tag == EV_T_INT && stop.tag == EV_T_INT && step.tag == EV_T_INT) {
        __int128 a = start.u.i, b = stop.u.i, d = step.u.i;
        if (!has_stop) {
            if (a > 0)
                return ev_int((int64_t)rnd_below64(st, (uint64_t)a));
            return ev_raise(I, &ev_type_ValueError, "empty range for randrange()");
        }
        __int128 width = b - a, n;
        if (d == 1) {
            if (width > 0)
                return ev_int((int64_t)(a + rnd_below64(st, (uint64_t)width)));
            if (width >= INT64_MIN)
                return ev_raise(I, &ev_type_ValueError, "empty range for randrange() (%lld, %lld, %lld)",
                                (long long)a, (long long)b, (long long)width);
        } else {
            if (d > 0)
                n = (width + d - 1) / d - ((width + d - 1) % d < 0); /* floor division */
            else if (d < 0)
                n = (width + d + 1) / d - ((width + d + 1) % d > 0);
            else
                return ev_raise(I, &ev_type_ValueError, "zero step for randrange()");
            if (n <= 0)
                return ev_raise(I, &ev_type_ValueError, "empty range for randrange()");
            return ev_int((int64_t)(a + d * (__int128)rnd_below64(st, (uint64_t)n)));
        }
    }
    /* big ints */
    mpz_t za, zb, zd, w, r;
    mpz_inits(za, zb, zd, w, r, NULL);
    ev_value res = EV_ERR;
    ev_int_to_mpz(start, za);
    if (!has_stop) {
        if (mpz_sgn(za) > 0) {
            if (below_mpz(I, st, r, za) == 0)
                res = ev_int_from_mpz(I, r);
        } else {
            ev_raise(I, &ev_type_ValueError, "empty range for randrange()");
        }
        goto done;
    }
    ev_int_to_mpz(stop, zb);
    ev_int_to_mpz(step, zd);
    mpz_sub(w, zb, za);
    if (mpz_cmp_ui(zd, 1) == 0) {
        if (mpz_sgn(w) > 0) {
            if (below_mpz(I, st, r, w) == 0) {
                mpz_add(r, r, za);
                res = ev_int_from_mpz(I, r);
            }
        } else {
            ev_value vs[3] = {ev_int_from_mpz(I, za), ev_int_from_mpz(I, zb), ev_int_from_mpz(I, w)};
            ev_value rs[3] = {EV_ERR, EV_ERR, EV_ERR};
            bool ok = true;
            for (int i = 0; i < 3; i++)
                ok = ok && !EV_IS_ERR(vs[i]) && !EV_IS_ERR(rs[i] = ev_int_repr(I, vs[i]));
            if (ok)
                ev_raise(I, &ev_type_ValueError, "empty range for randrange() (%s, %s, %s)",
                         ev_as_str(rs[0])->data, ev_as_str(rs[1])->data, ev_as_str(rs[2])->data);
            for (int i = 0; i < 3; i++) {
                ev_decref(I, vs[i]);
                ev_decref(I, rs[i]);
            }
        }
        goto done;
    }
    int sd = mpz_sgn(zd);
    if (sd == 0) {
        ev_raise(I, &ev_type_ValueError, "zero step for randrange()");
        goto done;
    }
    /* n = (width + step -+ 1) // step */
    mpz_add(w, w, zd);
    if (sd > 0)
        mpz_sub_ui(w, w, 1);
    else
        mpz_add_ui(w, w, 1);
    mpz_fdiv_q(w, w, zd);
    if (mpz_sgn(w) <= 0) {
        ev_raise(I, &ev_type_ValueError, "empty range for randrange()");
        goto done;
    }
    if (below_mpz(I, st, r, w) == 0) {
        mpz_mul(r, r, zd);
        mpz_add(r, r, za);
        res = ev_int_from_mpz(I, r);
    }
done:
    mpz_clears(za, zb, zd, w, r, NULL);
    return res;
}

static ev_value r_randrange(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.randrange", {"start", "stop", "step"}, 1};
    ev_value a[3], start = EV_ERR, stop = EV_ERR, step = EV_ERR, res = EV_ERR;
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    bool has_stop = !EV_IS_ERR(a[1]) && a[1].tag != EV_T_NONE;
    if (EV_IS_ERR(start = rr_arg(I, a[0], "arg 1")))
        goto fail;
    if (!has_stop) {
        /* `step is not _ONE`: only the small int 1 itself passes */
        if (!EV_IS_ERR(a[2]) && !(a[2].tag == EV_T_INT && a[2].u.i == 1)) {
            ev_raise(I, &ev_type_TypeError, "Missing a non-None stop argument");
            goto fail;
        }
        res = randrange_ints(I, st, start, ev_int(0), ev_int(1), false);
        goto fail;
    }
    if (EV_IS_ERR(stop = rr_arg(I, a[1], "stop")))
        goto fail;
    if (EV_IS_ERR(step = EV_IS_ERR(a[2]) ? ev_int(1) : rr_arg(I, a[2], "step")))
        goto fail;
    res = randrange_ints(I, st, start, stop, step, true);
fail:
    ev_decref(I, start);
    ev_decref(I, stop);
    ev_decref(I, step);
    return res;
}

static ev_value r_randint(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.randint", {"a", "b"}, 2};
    ev_value a[2];
    rnd_state *st;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    /* randrange(a, b + 1) */
    ev_value stop = ev_binary(I, EV_OP_ADD, a[1], ev_int(1));
    if (EV_IS_ERR(stop))
        return stop;
    ev_value args[2] = {a[0], stop};
    ev_value r = r_randrange(I, self, 2, args, NULL);
    ev_decref(I, stop);
    return r;
}

/* ---- sequences --------------------------------------------------------------------------- */

static ev_value r_choice(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.choice", {"seq"}, 1};
    ev_value a[1];
    rnd_state *st;
    int64_t n;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)) || ev_len(I, a[0], &n))
        return EV_ERR;
    if (n == 0)
        return ev_raise(I, &ev_type_IndexError, "Cannot choose from an empty sequence");
    /* seq[self._randbelow(len(seq))]: CPython asks the length again */
    if (ev_len(I, a[0], &n))
        return EV_ERR;
    if (n == 0) /* _randbelow(0) draws getrandbits(0) forever: to the limit */
        for (;;)
            if (ev_charge(I, 1000))
                return EV_ERR;
    return ev_getitem(I, a[0], ev_int((int64_t)rnd_below64(st, (uint64_t)n)));
}

static ev_value r_shuffle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.shuffle", {"x"}, 1};
    ev_value a[1];
    rnd_state *st;
    int64_t n;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)) || ev_len(I, a[0], &n))
        return EV_ERR;
    ev_value x = a[0];
    for (int64_t i = n - 1; i >= 1; i--) {
        if (ev_charge(I, 1))
            return EV_ERR;
        int64_t j = (int64_t)rnd_below64(st, (uint64_t)i + 1);
        /* a plain list runs no Python code while its items swap; a subclass
         * goes through its own __getitem__/__setitem__, as CPython's
         * x[i], x[j] = x[j], x[i] does */
        if (ev_is(x, EV_O_LIST) && !ev_is_user(x) && (size_t)n == ev_as_list(x)->len) {
            ev_value *it = ev_as_list(x)->items, t = it[i];
            it[i] = it[j];
            it[j] = t;
            continue;
        }
        /* x[i], x[j] = x[j], x[i] through the generic protocol */
        ev_value vj = ev_getitem(I, x, ev_int(j));
        if (EV_IS_ERR(vj))
            return vj;
        ev_value vi = ev_getitem(I, x, ev_int(i));
        int r = EV_IS_ERR(vi) || ev_setitem(I, x, ev_int(i), vj) || ev_setitem(I, x, ev_int(j), vi);
        ev_decref(I, vj);
        ev_decref(I, vi);
        if (r)
            return EV_ERR;
    }
    return EV_NONE;
}

/* bisect.bisect_right(seq, x, lo, hi) through the generic protocol. */
static int bisect_right(ev_interp *I, ev_value seq, ev_value x, int64_t lo, int64_t hi, int64_t *out)
{
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        ev_value item = ev_getitem(I, seq, ev_int(mid));
        if (EV_IS_ERR(item))
            return -1;
        int lt = ev_compare(I, x, item, 0);
        ev_decref(I, item);
        if (lt < 0)
            return -1;
        if (lt)
            hi = mid;
        else
            lo = mid + 1;
    }
    *out = lo;
    return 0;
}

/* list(itertools.accumulate(it)) */
static ev_value accumulate(ev_interp *I, ev_value iterable)
{
    ev_value it = ev_iter(I, iterable), out = EV_ERR, acc = EV_ERR, item;
    if (EV_IS_ERR(it))
        return it;
    ev_value lv = ev_list_new(I, 0);
    if (EV_IS_ERR(lv))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &item)) == 1) {
        ev_value next = EV_IS_ERR(acc) ? ev_dup(item) : ev_binary(I, EV_OP_ADD, acc, item);
        ev_decref(I, item);
        if (EV_IS_ERR(next))
            goto fail;
        ev_decref(I, acc);
        acc = next;
        if (ev_list_append(I, ev_as_list(lv), acc))
            goto fail;
    }
    if (r < 0)
        goto fail;
    out = lv;
    lv = EV_ERR;
fail:
    ev_decref(I, lv);
    ev_decref(I, acc);
    ev_decref(I, it);
    return out;
}

static ev_value r_choices(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.choices", {"population", "weights", "cum_weights", "k"}, 1, .kwonly = 2};
    ev_value a[4], cum = EV_ERR, result = EV_ERR, list = EV_ERR;
    rnd_state *st;
    int64_t n, k = 1, ncum;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)) || ev_len(I, a[0], &n))
        return EV_ERR;
    bool has_w = !EV_IS_ERR(a[1]) && a[1].tag != EV_T_NONE;
    bool has_cw = !EV_IS_ERR(a[2]) && a[2].tag != EV_T_NONE;
    if (!EV_IS_ERR(a[3]) && index_arg(I, a[3], &k))
        return EV_ERR;
    if (EV_IS_ERR(list = ev_list_new(I, k > 0 && k < 4096 ? (size_t)k : 0)))
        return EV_ERR;
    if (!has_cw && !has_w) {
        double dn = (double)n;
        for (int64_t i = 0; i < k; i++) {
            ev_value v;
            if (ev_charge(I, 1) ||
                EV_IS_ERR(v = ev_getitem(I, a[0], ev_int((int64_t)floor(rnd_random(st) * dn)))))
                goto fail;
            int r = ev_list_append(I, ev_as_list(list), v);
            ev_decref(I, v);
            if (r)
                goto fail;
        }
        result = list;
        list = EV_ERR;
        goto fail;
    }
    if (!has_cw) {
        if (ev_is_int(a[1])) {
            /* accumulate(int) fails: the caller meant k */
            ev_value rs = ev_repr(I, a[1]);
            if (!EV_IS_ERR(rs))
                ev_raise(I, &ev_type_TypeError,
                         "The number of choices must be a keyword argument: k=%s",
                         ev_as_str(rs)->data);
            ev_decref(I, rs);
            goto fail;
        }
        if (EV_IS_ERR(cum = accumulate(I, a[1])))
            goto fail;
    } else if (has_w) {
        ev_raise(I, &ev_type_TypeError, "Cannot specify both weights and cumulative weights");
        goto fail;
    } else {
        cum = ev_dup(a[2]);
    }
    if (ev_len(I, cum, &ncum))
        goto fail;
    if (ncum != n) {
        ev_raise(I, &ev_type_ValueError, "The number of weights does not match the population");
        goto fail;
    }
    ev_value last = ev_getitem(I, cum, ev_int(-1));
    if (EV_IS_ERR(last))
        goto fail;
    ev_value tv = ev_binary(I, EV_OP_ADD, last, ev_float(0.0));
    ev_decref(I, last);
    double total;
    if (EV_IS_ERR(tv))
        goto fail;
    int r = rnd_to_double(I, tv, &total);
    ev_decref(I, tv);
    if (r)
        goto fail;
    if (total <= 0.0) {
        ev_raise(I, &ev_type_ValueError, "Total of weights must be greater than zero");
        goto fail;
    }
    if (!isfinite(total)) {
        ev_raise(I, &ev_type_ValueError, "Total of weights must be finite");
        goto fail;
    }
    for (int64_t i = 0; i < k; i++) {
        int64_t idx;
        ev_value v;
        if (ev_charge(I, 1) ||
            bisect_right(I, cum, ev_float(rnd_random(st) * total), 0, n - 1, &idx) ||
            EV_IS_ERR(v = ev_getitem(I, a[0], ev_int(idx))))
            goto fail;
        r = ev_list_append(I, ev_as_list(list), v);
        ev_decref(I, v);
        if (r)
            goto fail;
    }
    result = list;
    list = EV_ERR;
fail:
    ev_decref(I, list);
    ev_decref(I, cum);
    return result;
}

/* A set of indexes for sample()'s second branch (only membership matters). */
typedef struct idxset {
    int64_t *slot; /* -1: empty */
    size_t mask;
} idxset;

static bool idxset_add(idxset *s, int64_t j)
{
    size_t i = (size_t)((uint64_t)j * 0x9e3779b97f4a7c15ull >> 7) & s->mask;
    while (s->slot[i] >= 0) {
        if (s->slot[i] == j)
            return false;
        i = (i + 1) & s->mask;
    }
    s->slot[i] = j;
    return true;
}

/* sample() over a population of n items, k already checked to be 0..n. */
static ev_value sample_core(ev_interp *I, rnd_state *st, ev_value pop, int64_t n, int64_t k)
{
    ev_value result = EV_ERR, pool = EV_ERR, out = EV_ERR;
    idxset set = {NULL, 0};
    if (EV_IS_ERR(result = ev_tuple_new(I, (size_t)k)))
        return EV_ERR;
    ev_value *res = ev_as_tuple(result)->items;
    /* setsize = 21, + 4 ** ceil(log(3k, 4)) for k > 5 */
    int64_t setsize = 21;
    if (k > 5) {
        double c = ceil(log((double)(k * 3)) / log(4.0));
        setsize += c >= 31 ? INT64_MAX / 2 : (int64_t)1 << (2 * (int)c);
    }
    if (n <= setsize) {
        if (EV_IS_ERR(pool = ev_sequence_list(I, pop)))
            goto fail;
        ev_list *p = ev_as_list(pool); /* private: no Python code runs below */
        for (int64_t i = 0; i < k; i++) {
            if (ev_charge(I, 1))
                goto fail;
            int64_t j = (int64_t)rnd_below64(st, (uint64_t)(n - i));
            /* a population whose __len__ said more than its iteration gave:
             * pool[j] / pool[n - i - 1] fail as CPython's list indexing */
            if (j >= (int64_t)p->len || n - i - 1 >= (int64_t)p->len) {
                ev_raise(I, &ev_type_IndexError, "list index out of range");
                goto fail;
            }
            res[i] = ev_dup(p->items[j]);
            ev_value moved = ev_dup(p->items[n - i - 1]);
            ev_decref(I, p->items[j]);
            p->items[j] = moved; /* move a non-selected item into the vacancy */
        }
    } else {
        size_t cap = 16;
        while (cap < (size_t)k * 2)
            cap *= 2;
        if (!(set.slot = ev_alloc(I, cap * sizeof *set.slot))) {
            ev_raise_nomem(I);
            goto fail;
        }
        memset(set.slot, 0xff, cap * sizeof *set.slot);
        set.mask = cap - 1;
        for (int64_t i = 0; i < k; i++) {
            if (ev_charge(I, 1))
                goto fail;
            int64_t j;
            do
                j = (int64_t)rnd_below64(st, (uint64_t)n);
            while (!idxset_add(&set, j));
            if (EV_IS_ERR(res[i] = ev_getitem(I, pop, ev_int(j)))) {
                res[i] = EV_NONE;
                goto fail;
            }
        }
    }
    out = ev_list_new(I, (size_t)k);
    for (int64_t i = 0; !EV_IS_ERR(out) && i < k; i++)
        if (ev_list_append(I, ev_as_list(out), res[i])) {
            ev_decref(I, out);
            out = EV_ERR;
        }
fail:
    ev_dealloc(I, set.slot);
    ev_decref(I, pool);
    ev_decref(I, result);
    return out;
}

static ev_value r_sample(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig s = {"Random.sample", {"population", "k", "counts"}, 2, .kwonly = 1};
    ev_value a[3], cum = EV_ERR, sel = EV_ERR, range = EV_ERR, out = EV_ERR, total = EV_ERR;
    rnd_state *st;
    int64_t n, k;
    if (ev_def_bind(I, &s, argc, argv, kw, a) || !(st = rnd_state_of(I, self)))
        return EV_ERR;
    ev_value pop = a[0];
    if (!ev_is(pop, EV_O_LIST) && !ev_is(pop, EV_O_TUPLE) && !ev_is(pop, EV_O_STR) &&
        !ev_is(pop, EV_O_RANGE))
        return ev_raise(I, &ev_type_TypeError,
                        "Population must be a sequence.  For dicts or sets, use sorted(d).");
    if (ev_len(I, pop, &n))
        return EV_ERR;
    if (!EV_IS_ERR(a[2]) && a[2].tag != EV_T_NONE) {
        if (EV_IS_ERR(cum = accumulate(I, a[2])))
            goto fail;
        ev_list *c = ev_as_list(cum);
        if ((int64_t)c->len != n) {
            ev_raise(I, &ev_type_ValueError, "The number of counts does not match the population");
            goto fail;
        }
        if (n == 0) {
            ev_raise(I, &ev_type_IndexError, "pop from empty list");
            goto fail;
        }
        total = c->items[c->len - 1]; /* cum_counts.pop() */
        ev_list_set_len(c, c->len - 1);
        if (!ev_is_int(total)) {
            ev_raise(I, &ev_type_TypeError, "Counts must be integers");
            goto fail;
        }
        int pos = ev_compare(I, total, ev_int(0), 4);
        if (pos < 0)
            goto fail;
        if (!pos) {
            ev_raise(I, &ev_type_ValueError, "Total of counts must be greater than zero");
            goto fail;
        }
        int64_t t;
        if (index_arg(I, total, &t) || EV_IS_ERR(range = ev_range_new(I, 0, t, 1)))
            goto fail;
        ev_value args[2] = {range, a[1]};
        sel = r_sample(I, self, 2, args, NULL);
        if (EV_IS_ERR(sel))
            goto fail;
        ev_list *sl = ev_as_list(sel);
        for (size_t i = 0; i < sl->len; i++) {
            int64_t idx;
            if (ev_charge(I, 1) || bisect_right(I, cum, sl->items[i], 0, (int64_t)c->len, &idx))
                goto fail;
            ev_value v = ev_getitem(I, pop, ev_int(idx));
            if (EV_IS_ERR(v))
                goto fail;
            ev_decref(I, sl->items[i]);
            sl->items[i] = v;
        }
        out = sel;
        sel = EV_ERR;
        goto fail;
    }
    /* not 0 <= k <= n, then [None] * k */
    ev_value kv = a[1];
    if (ev_is_int(kv) || kv.tag == EV_T_FLOAT) {
        int c1, c2;
        if (ev_num_compare(I, ev_int(0), kv, &c1) || ev_num_compare(I, kv, ev_int(n), &c2))
            goto fail;
        if (c1 > 0 || c2 > 0 || c1 == 2) {
            ev_raise(I, &ev_type_ValueError, "Sample larger than population or is negative");
            goto fail;
        }
        if (kv.tag == EV_T_FLOAT) {
            ev_raise(I, &ev_type_TypeError, "can't multiply sequence by non-int of type 'float'");
            goto fail;
        }
    } else {
        ev_raise(I, &ev_type_TypeError, "'<=' not supported between instances of 'int' and '%s'",
                 ev_type_name(kv));
        goto fail;
    }
    k = kv.u.i;
    out = sample_core(I, st, pop, n, k);
fail:
    ev_decref(I, total);
    ev_decref(I, cum);
    ev_decref(I, sel);
    ev_decref(I, range);
    return out;
}

/* ---- the module ------------------------------------------------------------------------------ */

/* Arity is checked by ev_def_bind() with CPython's messages, so every row takes any
 * number of arguments and keywords (kwflags only needs to be non-zero). */
static ev_value r_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* The methods of Random; from the second entry on, the module's functions
 * too (bound to the hidden module-wide instance). */
static const ev_builtin_def functions[] = {
    {"__init__", r_init, 0, 1, 0, "x"},
    {"seed", r_seed, 0, -1, 1},
    {"random", r_random, 0, -1, 1},
    {"getrandbits", r_getrandbits, 0, -1, 1},
    {"randbytes", r_randbytes, 0, -1, 1},
    {"getstate", r_getstate, 0, -1, 1},
    {"setstate", r_setstate, 0, -1, 1},
    {"randrange", r_randrange, 0, -1, 1},
    {"randint", r_randint, 0, -1, 1},
    {"choice", r_choice, 0, -1, 1},
    {"choices", r_choices, 0, -1, 1},
    {"shuffle", r_shuffle, 0, -1, 1},
    {"sample", r_sample, 0, -1, 1},
    {"uniform", r_uniform, 0, -1, 1},
    {"triangular", r_triangular, 0, -1, 1},
    {"normalvariate", r_normalvariate, 0, -1, 1},
    {"gauss", r_gauss, 0, -1, 1},
    {"lognormvariate", r_lognormvariate, 0, -1, 1},
    {"expovariate", r_expovariate, 0, -1, 1},
    {"vonmisesvariate", r_vonmisesvariate, 0, -1, 1},
    {"gammavariate", r_gammavariate, 0, -1, 1},
    {"betavariate", r_betavariate, 0, -1, 1},
    {"paretovariate", r_paretovariate, 0, -1, 1},
    {"weibullvariate", r_weibullvariate, 0, -1, 1},
    {NULL, NULL, 0, 0, 0},
};

/* A fresh state block, seeded from entropy: a string used as raw bytes,
 * with room to align it. */
static ev_value new_state_blob(ev_interp *I)
{
    static const char zeros[sizeof(rnd_state) + 16];
    ev_value blob = ev_str_new(I, zeros, sizeof zeros);
    if (!EV_IS_ERR(blob))
        rnd_seed_entropy(blob_state(ev_as_str(blob)));
    return blob;
}

/* ---- random.Random and random.SystemRandom ---------------------------------------------- */

/* A bare Random (or subclass) instance: its state seeded from
 * entropy, as _random.Random.__new__ leaves it before __init__ runs. */
static ev_value random_cnew(ev_interp *I, ev_type *t)
{
    ev_value inst = ev_cinstance_new(I, t, 1);
    if (EV_IS_ERR(inst))
        return inst;
    ev_value blob = new_state_blob(I);
    if (EV_IS_ERR(blob)) {
        ev_decref(I, inst);
        return blob;
    }
    ev_as_cinstance(inst)->slots[0] = blob;
    return inst;
}

/* Random(x=None): an independent generator, seeded as seed(x) seeds. */
static ev_value random_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *t = (ev_type *)self.u.o;
    /* bound as Random.__init__(self, x=None), a def: its messages */
    static const ev_defsig s = {"Random.__init__", {"x"}, 0};
    ev_value a[1];
    if (ev_def_bind(I, &s, argc, argv, kw, a))
        return EV_ERR;
    ev_value x = a[0];
    ev_value inst = random_cnew(I, t);
    if (EV_IS_ERR(inst))
        return inst;
    if (t != &ev_type_SystemRandom && !EV_IS_ERR(x)) {
        ev_value r = r_seed(I, inst, 1, &x, NULL);
        if (EV_IS_ERR(r)) {
            ev_decref(I, inst);
            return r;
        }
        ev_decref(I, r);
    }
    return inst;
}

/* Random.__init__(self, x=None): self.seed(x), through the object, so a
 * subclass's own seed() runs as in random.py */
static ev_value r_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value x = argc && !EV_IS_ERR(argv[0]) ? argv[0] : EV_NONE;
    ev_str *name = ev_intern(I, "seed", 4);
    if (!name)
        return ev_raise_nomem(I);
    ev_value fn = ev_getattr(I, self, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, 1, &x, 0, NULL, NULL);
    ev_decref(I, fn);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* What the C methods use without calling through the object: a subclass
 * overriding one of them would change nothing else, so it is refused. */
static const char *const random_sealed[] = {"random", "getrandbits", "_randbelow", "randrange", NULL};

/* SystemRandom: draws are not reproducible; it has no state to seed, get or set. */
static ev_value sr_seed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

static ev_value sr_nostate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError, "System entropy source does not have state.");
}

static const ev_builtin_def sysrandom_methods[] = {
    {"seed", sr_seed, 0, -1, EV_BF_KWANY},
    {"getstate", sr_nostate, 0, -1, EV_BF_KWANY},
    {"setstate", sr_nostate, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_Random = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                          .name = "Random", .call = random_ctor, .min_args = 0, .max_args = -1,
                          .kwflags = EV_BF_KWANY, .methods = functions, .module = "random",
                          .tflags = EV_TYPE_CSLOTS, .cnew = random_cnew, .sealed = random_sealed};
ev_type ev_type_SystemRandom = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                .name = "SystemRandom", .base = &ev_type_Random, .call = random_ctor,
                                .min_args = 0, .max_args = -1, .kwflags = EV_BF_KWANY,
                                .methods = sysrandom_methods, .module = "random",
                                .tflags = EV_TYPE_CSLOTS, .cnew = random_cnew, .sealed = random_sealed};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value blob = new_state_blob(I);
    if (EV_IS_ERR(blob))
        return -1;
    int r = ev_dict_set(I, ns, STATE_KEY, blob);
    ev_decref(I, blob);
    if (r || ev_module_set(I, ns, "Random", ev_obj_val(&ev_type_Random.h)) ||
        ev_module_set(I, ns, "SystemRandom", ev_obj_val(&ev_type_SystemRandom.h)))
        return -1;
    return 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "Random", "SystemRandom", "betavariate", "choice", "choices", "expovariate", "gammavariate",
    "gauss", "getrandbits", "getstate", "lognormvariate", "normalvariate", "paretovariate",
    "randbytes", "randint", "random", "randrange", "sample", "seed", "setstate", "shuffle",
    "triangular", "uniform", "vonmisesvariate", "weibullvariate", NULL
};

const ev_module_def ev_module_random = {"random", functions + 1 /* not __init__ */, init, all_names};
