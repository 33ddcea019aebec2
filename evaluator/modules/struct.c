/*
 * struct.c - the struct module, CPython 3.11 behaviour (Modules/_struct.c):
 * pack, unpack, pack_into, unpack_from, iter_unpack, calcsize, Struct,
 * error, _clearcache.
 *
 * A format compiles into codes (one per item, with its repeat count and
 * offset) exactly as _struct.c's prepare_s: the same sizes and x86-64
 * alignment in native mode, the same overflow checks ("total struct size
 * too long" before any allocation), the same "bad char in struct format".
 * Packing follows _struct.c's choice of function per byte order, which
 * decides the messages: on this little-endian machine '<' and '=' use the
 * native packers for the items whose standard size equals the native one
 * ("'i' format requires ...", "short format requires ..."), '>' and '!'
 * the big-endian ones ("'h' format requires ...", "int too large to
 * convert").  Half floats are PyFloat_Pack2/Unpack2's rounding.
 *
 * pack_into calls into Python (a value's __index__ or __float__) while it
 * packs into the target: CPython holds a buffer export that makes resizing
 * the bytearray fail, safepy checks the target's length after each call
 * and raises the BufferError CPython would, before it writes again.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/array_int.h"


static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, (ev_type *)self.u.o, args);
}

static ev_type type_error = {STATIC_TYPE, .name = "struct.error", .base = &ev_type_Exception, .call = exc_new,
                             .max_args = -1, .module = "struct"};

#define SERR(...) ev_raise(I, &type_error, __VA_ARGS__)

/* ---- formats ------------------------------------------------------------------------------- */

enum { M_NATIVE, M_STD_LE, M_STD_BE }; /* '@'; '<' and '='; '>' and '!' */

typedef struct code {
    char c;
    int64_t offset, size, repeat; /* size of one item; for 's' and 'p' the whole field, repeat 1 */
} code;

typedef struct compiled {
    int mode;
    int64_t size, len; /* bytes, items packed */
    size_t ncodes;
    code *codes; /* ev_alloc'd */
} compiled;

static int item_size(int mode, char c, int64_t *size)
{
    static const char std_chars[] = "xcbB?hHiIlLqQefdsp";
    static const char nat_chars[] = "xcbB?hHiIlLqQnNefdspP";
    if (c == 0 || !strchr(mode == M_NATIVE ? nat_chars : std_chars, c))
        return -1;
    switch (c) {
    case 'h': case 'H': case 'e':
        *size = 2;
        break;
    case 'i': case 'I': case 'f':
        *size = 4;
        break;
    case 'l': case 'L':
        *size = mode == M_NATIVE ? 8 : 4;
        break;
    case 'q': case 'Q': case 'n': case 'N': case 'd': case 'P':
        *size = 8;
        break;
    default:
        *size = 1;
    }
    return 0;
}

/* prepare_s: the codes of fmt (len bytes) */
static int compile(ev_interp *I, const char *fmt, size_t flen, compiled *out)
{
    const char *s = fmt, *end = fmt + flen;
    memset(out, 0, sizeof *out);
    out->mode = M_NATIVE;
    if (s < end) {
        switch (*s) {
        case '@':
            s++;
            break;
        case '<': case '=':
            out->mode = M_STD_LE;
            s++;
            break;
        case '>': case '!':
            out->mode = M_STD_BE;
            s++;
            break;
        }
    }
    const char *body = s;
    int64_t size = 0, len = 0;
    size_t ncodes = 0;
    /* two passes, as prepare_s: count and check, then lay out */
    for (int pass = 0; pass < 2; pass++) {
        s = body;
        size = len = 0;
        size_t ci = 0;
        while (s < end) {
            char c = *s++;
            if (c == ' ' || (c >= '\t' && c <= '\r'))
                continue;
            int64_t num = 1;
            if (c >= '0' && c <= '9') {
                num = c - '0';
                while (s < end && *s >= '0' && *s <= '9') {
                    int d = *s++ - '0';
                    if (num >= INT64_MAX / 10 && (num > INT64_MAX / 10 || d > INT64_MAX % 10)) {
                        SERR("total struct size too long");
                        return -1;
                    }
                    num = num * 10 + d;
                }
                if (s == end) {
                    SERR("repeat count given without format specifier");
                    return -1;
                }
                c = *s++;
            }
            int64_t isz;
            if (item_size(out->mode, c, &isz)) {
                SERR("bad char in struct format");
                return -1;
            }
            if (out->mode == M_NATIVE && c != 's' && c != 'p' && c != 'x' && c != 'c' && size > 0) {
                int64_t extra = (isz - 1) - (size - 1) % isz;
                if (extra > INT64_MAX - size) {
                    SERR("total struct size too long");
                    return -1;
                }
                size += extra;
            }
            if (num > (INT64_MAX - size) / isz) {
                SERR("total struct size too long");
                return -1;
            }
            /* every item counted takes a byte at least: len stays below size */
            if (c == 's' || c == 'p') {
                len++;
                if (pass == 0)
                    ncodes++;
            } else if (c != 'x') {
                len += num;
                if (num && pass == 0)
                    ncodes++;
            }
            if (pass == 1) {
                if (c == 's' || c == 'p')
                    out->codes[ci++] = (code){c, size, num, 1};
                else if (c != 'x' && num)
                    out->codes[ci++] = (code){c, size, isz, num};
            }
            size += num * isz;
        }
        if (pass == 0) {
            out->codes = ev_alloc(I, (ncodes ? ncodes : 1) * sizeof(code));
            if (!out->codes) {
                ev_raise_nomem(I);
                return -1;
            }
            out->ncodes = ncodes;
        }
    }
    out->size = size;
    out->len = len;
    return 0;
}

/* the format argument as text: str or bytes, CPython's checks */
static int format_text(ev_interp *I, ev_value f, const char **p, size_t *n)
{
    if (ev_is(f, EV_O_STR)) {
        *p = ev_as_str(f)->data;
        *n = ev_as_str(f)->len;
    } else if (ev_is(f, EV_O_BYTES)) {
        *p = (const char *)ev_as_bytes(f)->data;
        *n = ev_as_bytes(f)->len;
        if (!*p)
            *p = "";
    } else {
        ev_raise(I, &ev_type_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", ev_type_name(f));
        return -1;
    }
    if (memchr(*p, 0, *n)) {
        SERR("embedded null character");
        return -1;
    }
    return 0;
}

/* ---- the Struct type ------------------------------------------------------------------------ */

/* a Struct's C slots: the format (a str), the size, the codes (a bytes
 * object holding the compiled array: no Python code ever sees it) */
enum { SS_FORMAT, SS_SIZE, SS_LEN, SS_MODE, SS_CODES, SS_NSLOTS };

extern ev_type ev_type_Struct;

static bool is_struct(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INSTANCE &&
           ev_type_is_subclass(((ev_instance *)v.u.o)->type, &ev_type_Struct);
}

static ev_value *sslots(ev_value v) { return ev_as_cinstance(v)->slots; }

static ev_value struct_cnew(ev_interp *I, ev_type *t)
{
    ev_value o = ev_cinstance_new(I, t, SS_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value *s = sslots(o);
    s[SS_SIZE] = ev_int(-1);
    s[SS_LEN] = ev_int(0);
    s[SS_MODE] = ev_int(M_NATIVE);
    return o;
}

static int struct_set_format(ev_interp *I, ev_value self, ev_value f)
{
    const char *p;
    size_t n;
    compiled c;
    if (format_text(I, f, &p, &n) || compile(I, p, n, &c))
        return -1;
    ev_value fs = ev_str_new(I, p, n);
    ev_value codes = EV_IS_ERR(fs) ? fs : ev_bytes_new(I, EV_O_BYTES, c.codes, c.ncodes * sizeof(code));
    ev_dealloc(I, c.codes);
    if (EV_IS_ERR(codes)) {
        ev_decref(I, fs);
        return -1;
    }
    ev_value *s = sslots(self);
    ev_value old_f = s[SS_FORMAT], old_c = s[SS_CODES];
    s[SS_FORMAT] = fs;
    s[SS_CODES] = codes;
    s[SS_SIZE] = ev_int(c.size);
    s[SS_LEN] = ev_int(c.len);
    s[SS_MODE] = ev_int(c.mode);
    ev_decref(I, old_f);
    ev_decref(I, old_c);
    return 0;
}

static int struct_ready(ev_interp *I, ev_value self)
{
    if (!is_struct(self)) {
        ev_raise(I, &ev_type_TypeError, "descriptor requires a '_struct.Struct' object but received a '%s'",
                 ev_type_name(self));
        return -1;
    }
    if (!ev_is(sslots(self)[SS_CODES], EV_O_BYTES)) {
        ev_raise(I, &ev_type_ValueError, "Struct.__init__ was not called");
        return -1;
    }
    return 0;
}

/* the compiled form of a ready Struct (borrowed from its slots; the caller holds self) */
static void struct_view(ev_value self, compiled *c)
{
    ev_value *s = sslots(self);
    c->mode = (int)s[SS_MODE].u.i;
    c->size = s[SS_SIZE].u.i;
    c->len = s[SS_LEN].u.i;
    c->ncodes = ev_as_bytes(s[SS_CODES])->len / sizeof(code);
    c->codes = (code *)ev_as_bytes(s[SS_CODES])->data;
}

/* ---- packing -------------------------------------------------------------------------------- */

/* get_pylong: an int (bool included), or __index__'s, as a plain int */
static int get_pylong(ev_interp *I, ev_value v, ev_value *out)
{
    if (ev_is_int(v)) {
        *out = v.tag == EV_T_BOOL ? ev_int(v.u.i) : ev_int_unbox(I, v);
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    ev_value r;
    int got = ev_is_user(v) ? ev_index_try(I, v, &r) : 0;
    if (got < 0)
        return -1;
    if (!got) {
        SERR("required argument is not an integer");
        return -1;
    }
    *out = r.tag == EV_T_BOOL ? ev_int(r.u.i) : r;
    return 0;
}

/* where the int lies: 1 in int64 (*i), 2 in [2**63, 2**64) (*u), 0 beyond */
static int int_class(ev_value n, int64_t *i, uint64_t *u)
{
    if (n.tag == EV_T_INT) {
        *i = n.u.i;
        *u = (uint64_t)n.u.i;
        return 1;
    }
    const mpz_t *z = &((ev_bigint *)n.u.o)->z;
    if (mpz_fits_slong_p(*z)) {
        *i = mpz_get_si(*z);
        *u = (uint64_t)*i;
        return 1;
    }
    if (mpz_sgn(*z) > 0 && mpz_sizeinbase(*z, 2) <= 64) {
        *u = mpz_get_ui(*z);
        return 2;
    }
    return 0;
}

/* get_long / get_ulong: 0 with the value, -1 ("argument out of range" when beyond 64 bits) */
static int get_long(ev_interp *I, ev_value v, int64_t *out)
{
    ev_value n;
    if (get_pylong(I, v, &n))
        return -1;
    uint64_t u;
    int k = int_class(n, out, &u);
    ev_decref(I, n);
    if (k != 1) {
        SERR("argument out of range");
        return -1;
    }
    return 0;
}

static int get_ulong(ev_interp *I, ev_value v, uint64_t *out)
{
    ev_value n;
    if (get_pylong(I, v, &n))
        return -1;
    int64_t i;
    int k = int_class(n, &i, out);
    ev_decref(I, n);
    if (k == 0 || (k == 1 && i < 0)) {
        SERR("argument out of range");
        return -1;
    }
    return 0;
}

/* PyFloat_AsDouble, any failure "required argument is not a float" */
static int get_double(ev_interp *I, ev_value v, double *out)
{
    if (ev_num_to_double(I, v, out) == 0)
        return 0;
    if (I->limit)
        return -1;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    SERR("required argument is not a float");
    return -1;
}

static ev_value range_error(ev_interp *I, char c, int64_t size, bool is_unsigned)
{
    uint64_t ulargest = size >= 8 ? UINT64_MAX : ((uint64_t)1 << (size * 8)) - 1;
    if (is_unsigned)
        return SERR("'%c' format requires 0 <= number <= %llu", c, (unsigned long long)ulargest);
    int64_t largest = (int64_t)(ulargest >> 1);
    return SERR("'%c' format requires %lld <= number <= %lld", c, (long long)~largest, (long long)largest);
}

static void put_uint(unsigned char *p, uint64_t x, int64_t size, bool be)
{
    for (int64_t k = 0; k < size; k++) {
        p[be ? size - 1 - k : k] = (unsigned char)(x & 0xff);
        x >>= 8;
    }
}

/* PyFloat_Pack2 */
static int pack_half(ev_interp *I, double x, unsigned char *p, bool be)
{
    unsigned sign;
    int e;
    unsigned bits;
    if (x == 0.0) {
        sign = signbit(x) != 0;
        e = 0;
        bits = 0;
    } else if (isinf(x)) {
        sign = x < 0.0;
        e = 0x1f;
        bits = 0;
    } else if (isnan(x)) {
        sign = signbit(x) != 0;
        e = 0x1f;
        bits = 512;
    } else {
        sign = x < 0.0;
        if (sign)
            x = -x;
        double f = frexp(x, &e);
        f *= 2.0;
        e--;
        if (e >= 16)
            goto overflow;
        if (e < -25) {
            f = 0.0;
            e = 0;
        } else if (e < -14) {
            f = ldexp(f, 14 + e);
            e = 0;
        } else {
            e += 15;
            f -= 1.0;
        }
        f *= 1024.0;
        bits = (unsigned)f;
        if ((f - bits > 0.5) || ((f - bits == 0.5) && (bits % 2 == 1))) {
            ++bits;
            if (bits == 1024) {
                bits = 0;
                ++e;
                if (e == 31)
                    goto overflow;
            }
        }
    }
    put_uint(p, bits | ((unsigned)e << 10) | (sign << 15), 2, be);
    return 0;
overflow:
    ev_raise(I, &ev_type_OverflowError, "float too large to pack with e format");
    return -1;
}

static double unpack_half(const unsigned char *p, bool be)
{
    unsigned v = be ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
    int sign = v >> 15 & 1, e = (v >> 10) & 0x1f;
    unsigned f = v & 0x3ff;
    if (e == 0x1f) {
        if (f == 0)
            return sign ? -INFINITY : INFINITY;
        return sign ? -NAN : NAN;
    }
    double x = (double)f / 1024.0;
    if (e == 0)
        e = -14;
    else {
        x += 1.0;
        e -= 15;
    }
    x = ldexp(x, e);
    return sign ? -x : x;
}

/* one item: v packed at p as code c of mode */
static int pack_item(ev_interp *I, int mode, char c, int64_t size, unsigned char *p, ev_value v)
{
    bool be = mode == M_STD_BE;
    /* which packer _struct.c picks: the native one for b B c ? s p x always
     * and, on this little-endian machine, for the standard items whose size
     * is the native one (h H i I q Q e) under '<' and '=' */
    bool native = mode == M_NATIVE || (mode == M_STD_LE && c != 'l' && c != 'L' && c != 'f' && c != 'd');
    int64_t x;
    uint64_t ux;
    switch (c) {
    case 'b': case 'B': case 'h': case 'H':
        if (native || c == 'b' || c == 'B') {
            if (get_long(I, v, &x))
                return -1;
            int64_t lo = c == 'b' ? -128 : c == 'h' ? -32768 : 0;
            int64_t hi = c == 'b' ? 127 : c == 'B' ? 255 : c == 'h' ? 32767 : 65535;
            if (x < lo || x > hi) {
                static const char *const names[] = {"byte", "ubyte", "short", "ushort"};
                const char *nm = names[c == 'b' ? 0 : c == 'B' ? 1 : c == 'h' ? 2 : 3];
                SERR("%s format requires %lld <= number <= %lld", nm, (long long)lo, (long long)hi);
                return -1;
            }
            put_uint(p, (uint64_t)x, size, be);
            return 0;
        }
        /* bp_int / bp_uint */
        /* fall through */
    case 'i': case 'I': case 'l': case 'L':
        if (c == 'i' || c == 'h' || c == 'l') {
            if (get_long(I, v, &x))
                return -1;
            if (size < 8 && (x < -((int64_t)1 << (size * 8 - 1)) || x >= ((int64_t)1 << (size * 8 - 1)))) {
                range_error(I, c, size, false);
                return -1;
            }
            put_uint(p, (uint64_t)x, size, be);
        } else {
            if (get_ulong(I, v, &ux))
                return -1;
            if (size < 8 && ux >> (size * 8)) {
                range_error(I, c, size, true);
                return -1;
            }
            put_uint(p, ux, size, be);
        }
        return 0;
    case 'q': case 'n':
        if (!native)
            break;
        if (get_long(I, v, &x))
            return -1;
        put_uint(p, (uint64_t)x, 8, be);
        return 0;
    case 'Q': case 'N':
        if (!native)
            break;
        if (get_ulong(I, v, &ux))
            return -1;
        put_uint(p, ux, 8, be);
        return 0;
    case '?': {
        int t = ev_truth(I, v);
        if (t < 0)
            return -1;
        *p = (unsigned char)t;
        return 0;
    }
    case 'c':
        if (!ev_is(v, EV_O_BYTES) || ev_as_bytes(v)->len != 1) {
            SERR("char format requires a bytes object of length 1");
            return -1;
        }
        *p = ev_as_bytes(v)->data[0];
        return 0;
    case 'e': case 'f': case 'd': {
        double d;
        if (get_double(I, v, &d))
            return -1;
        if (c == 'e')
            return pack_half(I, d, p, be);
        if (c == 'd') {
            uint64_t bits;
            memcpy(&bits, &d, 8);
            /* safepy gives every NaN a payload of its own (ev_float): CPython's carry none */
            if (isnan(d))
                bits = (bits & ((uint64_t)1 << 63)) | 0x7ff8000000000000u;
            put_uint(p, bits, 8, be);
            return 0;
        }
        float fl = (float)d;
        if (mode != M_NATIVE && isinf(fl) && !isinf(d)) {
            ev_raise(I, &ev_type_OverflowError, "float too large to pack with f format");
            return -1;
        }
        uint32_t bits;
        memcpy(&bits, &fl, 4);
        if (isnan(d))
            bits = (bits & 0x80000000u) | 0x7fc00000u;
        put_uint(p, bits, 4, be);
        return 0;
    }
    case 'P': {
        ev_value n;
        if (get_pylong(I, v, &n))
            return -1;
        int k = int_class(n, &x, &ux);
        ev_decref(I, n);
        if (k == 0) {
            ev_raise(I, &ev_type_OverflowError, "int too big to convert");
            return -1;
        }
        put_uint(p, ux, 8, be);
        return 0;
    }
    }
    /* bp_longlong / bp_ulonglong: _PyLong_AsByteArray's OverflowError */
    ev_value n;
    if (get_pylong(I, v, &n))
        return -1;
    int k = int_class(n, &x, &ux);
    ev_decref(I, n);
    if (c == 'q' ? k != 1 : (k == 0 || (k == 1 && x < 0))) {
        ev_raise(I, &ev_type_OverflowError, k == 1 ? "can't convert negative int to unsigned" : "int too big to convert");
        return -1;
    }
    put_uint(p, ux, 8, be);
    return 0;
}

/* s_pack_internal: argv[0..c->len) into dst at off (c->size bytes, zeroed
 * first).  Each item goes in as soon as it is converted, as in CPython, so
 * a later value's __index__ sees the earlier ones; one that resized the
 * target meanwhile (CPython's export forbids it: BufferError) stops it. */
static int pack_all(ev_interp *I, const compiled *c, const ev_value *argv, ev_bytes *dst, int64_t off)
{
    size_t len0 = dst->len;
    if (c->size)
        memset(dst->data + off, 0, (size_t)c->size);
    size_t ai = 0;
    for (size_t k = 0; k < c->ncodes; k++) {
        code cd = c->codes[k];
        if (cd.c == 's' || cd.c == 'p') {
            ev_value v = argv[ai++];
            if (!ev_is_byteslike(v)) {
                SERR("argument for '%c' must be a bytes object", cd.c);
                return -1;
            }
            size_t n = ev_as_bytes(v)->len;
            unsigned char *at = dst->data + off + cd.offset;
            if (cd.c == 's') {
                if (n > (size_t)cd.size)
                    n = (size_t)cd.size;
                if (n)
                    memmove(at, ev_as_bytes(v)->data, n);
            } else if (cd.size > 0) {
                if (n > (size_t)cd.size - 1)
                    n = (size_t)cd.size - 1;
                if (n)
                    memmove(at + 1, ev_as_bytes(v)->data, n);
                at[0] = (unsigned char)(n > 255 ? 255 : n);
            }
            continue;
        }
        for (int64_t r = 0; r < cd.repeat; r++) {
            ev_value v = argv[ai++];
            unsigned char item[8];
            if (pack_item(I, c->mode, cd.c, cd.size, item, v)) {
                /* _struct.c: an OverflowError for an int argument becomes struct.error */
                if (!I->limit && ev_is_int(v) && ev_is(I->exc, EV_O_EXC) &&
                    ((ev_exc *)I->exc.u.o)->type == &ev_type_OverflowError) {
                    ev_decref(I, I->exc);
                    I->exc = EV_NONE;
                    SERR("int too large to convert");
                }
                return -1;
            }
            if (dst->len != len0) {
                ev_raise(I, &ev_type_BufferError, "Existing exports of data: object cannot be re-sized");
                return -1;
            }
            memcpy(dst->data + off + cd.offset + r * cd.size, item, (size_t)cd.size);
            if (ev_tick(I))
                return -1;
        }
    }
    return 0;
}

/* the packed bytes of argv for a ready Struct self (held by the caller) */
static ev_value pack_bytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const char *who)
{
    compiled c;
    struct_view(self, &c);
    if (argc != c.len)
        return SERR("%s expected %lld items for packing (got %d)", who, (long long)c.len, argc);
    if (ev_mem_reserve(I, (size_t)c.size))
        return EV_ERR;
    ev_value out = ev_bytes_new(I, EV_O_BYTES, NULL, (size_t)c.size);
    if (EV_IS_ERR(out))
        return out;
    /* the codes live in the Struct's bytes object, which __init__ may
     * replace while a value's __index__ runs: it is held meanwhile */
    ev_value codes = ev_dup(sslots(self)[SS_CODES]);
    int e = pack_all(I, &c, argv, ev_as_bytes(out), 0);
    ev_decref(I, codes);
    if (e) {
        ev_decref(I, out);
        return EV_ERR;
    }
    return out;
}

/* ---- unpacking ------------------------------------------------------------------------------ */

static uint64_t get_uint(const unsigned char *p, int64_t size, bool be)
{
    uint64_t x = 0;
    for (int64_t k = 0; k < size; k++)
        x = x << 8 | p[be ? k : size - 1 - k];
    return x;
}

static ev_value unpack_item(ev_interp *I, int mode, char c, int64_t size, const unsigned char *p)
{
    bool be = mode == M_STD_BE;
    switch (c) {
    case 'c':
        return ev_bytes_new(I, EV_O_BYTES, p, 1);
    case '?':
        return ev_bool(*p != 0);
    case 'b': case 'h': case 'i': case 'l': case 'q': case 'n': {
        uint64_t u = get_uint(p, size, be);
        if (size < 8 && (u >> (size * 8 - 1)))
            u |= ~(uint64_t)0 << (size * 8);
        return ev_int((int64_t)u);
    }
    case 'B': case 'H': case 'I': case 'L': case 'Q': case 'N': case 'P': {
        uint64_t u = get_uint(p, size, be);
        if (u <= INT64_MAX)
            return ev_int((int64_t)u);
        mpz_t z;
        mpz_init_set_ui(z, (unsigned long)u);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    case 'e':
        return ev_float(unpack_half(p, be));
    case 'f': {
        uint32_t bits = (uint32_t)get_uint(p, 4, be);
        float f;
        memcpy(&f, &bits, 4);
        return ev_float((double)f);
    }
    case 'd': {
        uint64_t bits = get_uint(p, 8, be);
        double d;
        memcpy(&d, &bits, 8);
        return ev_float(d);
    }
    }
    return ev_raise(I, &ev_type_SystemError, "struct: bad code");
}

/* s_unpack_internal: the tuple of the items at buf (c->size bytes) */
static ev_value unpack_all(ev_interp *I, const compiled *c, const unsigned char *buf)
{
    ev_value t = ev_tuple_new(I, (size_t)c->len);
    if (EV_IS_ERR(t))
        return t;
    size_t ti = 0;
    for (size_t k = 0; k < c->ncodes; k++) {
        code cd = c->codes[k];
        const unsigned char *p = buf + cd.offset;
        if (cd.c == 's' || cd.c == 'p') {
            int64_t n = cd.size, from = 0;
            if (cd.c == 'p') {
                n = cd.size ? p[0] : 0;
                if (n >= cd.size)
                    n = cd.size - 1;
                if (n < 0)
                    n = 0;
                from = 1;
            }
            ev_value b = ev_bytes_new(I, EV_O_BYTES, n ? p + from : NULL, (size_t)n);
            if (EV_IS_ERR(b)) {
                ev_decref(I, t);
                return b;
            }
            ev_as_tuple(t)->items[ti++] = b;
            continue;
        }
        for (int64_t r = 0; r < cd.repeat; r++) {
            ev_value v = unpack_item(I, c->mode, cd.c, cd.size, p + r * cd.size);
            if (EV_IS_ERR(v) || ev_tick(I)) {
                if (!EV_IS_ERR(v))
                    ev_as_tuple(t)->items[ti] = v;
                ev_decref(I, t);
                return EV_ERR;
            }
            ev_as_tuple(t)->items[ti++] = v;
        }
    }
    return t;
}

/* a readable buffer: bytes, bytearray or array.array */
static int read_buffer(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
{
    ev_value store;
    if (ev_array_buffer(v, &store))
        v = store;
    return ev_bytes_view(I, v, p, n);
}

static ev_value unpack_buffer(ev_interp *I, ev_value self, ev_value buffer)
{
    const unsigned char *p;
    size_t n;
    if (read_buffer(I, buffer, &p, &n))
        return EV_ERR;
    compiled c;
    struct_view(self, &c);
    if ((int64_t)n != c.size)
        return SERR("unpack requires a buffer of %lld bytes", (long long)c.size);
    return unpack_all(I, &c, p);
}

static ev_value unpack_from_impl(ev_interp *I, ev_value self, ev_value buffer, ev_value off)
{
    int64_t offset = 0;
    if (!EV_IS_ERR(off) && ev_ssize_arg(I, off, &offset))
        return EV_ERR;
    const unsigned char *p;
    size_t n;
    if (read_buffer(I, buffer, &p, &n))
        return EV_ERR;
    compiled c;
    struct_view(self, &c);
    int64_t len = (int64_t)n;
    if (offset < 0) {
        if (offset + len < 0)
            return SERR("offset %lld out of range for %lld-byte buffer", (long long)offset, (long long)len);
        if (offset + c.size > 0)
            return SERR("not enough data to unpack %lld bytes at offset %lld", (long long)c.size, (long long)offset);
        offset += len;
    }
    if (len - offset < c.size)
        return SERR("unpack_from requires a buffer of at least %llu bytes for unpacking %lld bytes at offset %lld "
                    "(actual buffer size is %lld)",
                    (unsigned long long)c.size + (unsigned long long)offset, (long long)c.size, (long long)offset,
                    (long long)len);
    return unpack_all(I, &c, p + offset);
}

static ev_value pack_into_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, const char *who)
{
    compiled c;
    struct_view(self, &c);
    if (argc - 2 != c.len) {
        if (argc == 0)
            return SERR("pack_into expected buffer argument");
        if (argc == 1)
            return SERR("pack_into expected offset argument");
        return SERR("%s expected %lld items for packing (got %d)", who, (long long)c.len, argc - 2);
    }
    ev_value buffer = argv[0];
    ev_value store;
    if (ev_array_buffer(buffer, &store))
        buffer = store; /* writable through its storage, as CPython's buffer protocol */
    if (!ev_is(buffer, EV_O_BYTEARRAY))
        return ev_raise(I, &ev_type_TypeError, "argument must be read-write bytes-like object, not %s",
                        ev_type_name(buffer));
    int64_t offset;
    if (ev_ssize_arg(I, argv[1], &offset))
        return EV_ERR;
    int64_t len = (int64_t)ev_as_bytes(buffer)->len;
    if (offset < 0) {
        if (offset + c.size > 0)
            return SERR("no space to pack %lld bytes at offset %lld", (long long)c.size, (long long)offset);
        if (offset + len < 0)
            return SERR("offset %lld out of range for %lld-byte buffer", (long long)offset, (long long)len);
        offset += len;
    }
    if (len - offset < c.size)
        return SERR("pack_into requires a buffer of at least %llu bytes for packing %lld bytes at offset %lld "
                    "(actual buffer size is %lld)",
                    (unsigned long long)c.size + (unsigned long long)offset, (long long)c.size, (long long)offset,
                    (long long)len);
    ev_incref(buffer);
    ev_value codes = ev_dup(sslots(self)[SS_CODES]);
    int e = pack_all(I, &c, argv + 2, ev_as_bytes(buffer), offset);
    ev_decref(I, codes);
    ev_decref(I, buffer);
    return e ? EV_ERR : EV_NONE;
}

/* ---- iter_unpack ---------------------------------------------------------------------------- */

typedef struct iu_state {
    ev_value st, buffer; /* the Struct and the buffer, held */
    int64_t index;
} iu_state;

static int iu_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    iu_state *s = it->state;
    if (EV_IS_ERR(s->st))
        return 0;
    compiled c;
    struct_view(s->st, &c);
    const unsigned char *p;
    size_t n;
    if (read_buffer(I, s->buffer, &p, &n))
        return -1;
    /* a bytearray resized since: the items that still fit */
    if ((uint64_t)(s->index + 1) * (uint64_t)c.size > n) {
        ev_decref(I, s->st);
        ev_decref(I, s->buffer);
        s->st = s->buffer = EV_ERR;
        return 0;
    }
    *out = unpack_all(I, &c, p + s->index * c.size);
    if (EV_IS_ERR(*out))
        return -1;
    s->index++;
    return 1;
}

static void iu_free(ev_interp *I, ev_iterobj *it)
{
    iu_state *s = it->state;
    ev_decref(I, s->st);
    ev_decref(I, s->buffer);
    s->st = s->buffer = EV_ERR;
}

static void iu_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    iu_state *s = it->state;
    visit(I, s->st, arg);
    visit(I, s->buffer, arg);
}

/* its __length_hint__ is not modelled, as for the builtin iterators */
static ev_type iu_type = EV_ITER_TYPE_INIT("_struct.unpack_iterator", "_struct");
static const ev_native_iter_type iu_ntype = {"_struct.unpack_iterator", iu_next, iu_free, NULL, &iu_type, iu_traverse};

static ev_value iter_unpack_impl(ev_interp *I, ev_value self, ev_value buffer)
{
    const unsigned char *p;
    size_t n;
    if (read_buffer(I, buffer, &p, &n))
        return EV_ERR;
    compiled c;
    struct_view(self, &c);
    if (c.size == 0)
        return SERR("cannot iteratively unpack with a struct of length 0");
    if ((int64_t)n % c.size != 0)
        return SERR("iterative unpacking requires a buffer of a multiple of %lld bytes", (long long)c.size);
    ev_value it = ev_native_iter_new(I, &iu_ntype, sizeof(iu_state));
    if (EV_IS_ERR(it))
        return it;
    iu_state *s = ((ev_iterobj *)it.u.o)->state;
    s->st = ev_dup(self);
    s->buffer = ev_dup(buffer);
    s->index = 0;
    return it;
}

/* ---- Struct's methods --------------------------------------------------------------------- */

static ev_value st_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!is_struct(self))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a '_struct.Struct' object");
    ev_value f = argc ? argv[0] : ev_kwarg(kw, "format");
    if (EV_KW_N(kw) > (argc ? 0 : 1) || (EV_KW_N(kw) == 1 && EV_IS_ERR(f)))
        return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for Struct()",
                        kw->names[EV_KW_N(kw) - 1]->data);
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "Struct() takes at most 1 argument (%d given)", argc);
    if (EV_IS_ERR(f))
        return ev_raise(I, &ev_type_TypeError, "Struct() missing required argument 'format' (pos 1)");
    return struct_set_format(I, self, f) ? EV_ERR : EV_NONE;
}

static ev_value st_new(ev_interp *I, ev_value cls, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = struct_cnew(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = st_init(I, o, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value st_pack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "pack() takes no keyword arguments");
    if (struct_ready(I, self))
        return EV_ERR;
    ev_incref(self);
    ev_value r = pack_bytes(I, self, argc, argv, "pack");
    ev_decref(I, self);
    return r;
}

static ev_value st_pack_into(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "pack_into() takes no keyword arguments");
    if (struct_ready(I, self))
        return EV_ERR;
    ev_incref(self);
    ev_value r = pack_into_impl(I, self, argc, argv, "pack_into");
    ev_decref(I, self);
    return r;
}

static ev_value st_unpack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "Struct.unpack() takes no keyword arguments");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "Struct.unpack() takes exactly one argument (%d given)", argc);
    if (struct_ready(I, self))
        return EV_ERR;
    return unpack_buffer(I, self, argv[0]);
}

static ev_value st_unpack_from(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (struct_ready(I, self))
        return EV_ERR;
    return unpack_from_impl(I, self, argv[0], argc > 1 ? argv[1] : EV_ERR);
}

static ev_value st_iter_unpack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "Struct.iter_unpack() takes no keyword arguments");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "Struct.iter_unpack() takes exactly one argument (%d given)", argc);
    if (struct_ready(I, self))
        return EV_ERR;
    return iter_unpack_impl(I, self, argv[0]);
}

static ev_value st_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return struct_ready(I, self) ? EV_ERR : ev_dup(sslots(self)[SS_FORMAT]);
}

static ev_value st_size(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return struct_ready(I, self) ? EV_ERR : ev_dup(sslots(self)[SS_SIZE]);
}

static const ev_builtin_def struct_methods[] = {
    {"__init__", st_init, 0, -1, EV_BF_KWANY},
    {"pack", st_pack, 0, -1, EV_BF_KWANY},
    {"pack_into", st_pack_into, 0, -1, EV_BF_KWANY},
    {"unpack", st_unpack, 0, -1, EV_BF_KWANY},
    {"unpack_from", st_unpack_from, 1, 2, 0, "buffer, offset"},
    {"iter_unpack", st_iter_unpack, 0, -1, EV_BF_KWANY},
    {"format", st_format, 0, 0, EV_BF_PROP},
    {"size", st_size, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_Struct = {STATIC_TYPE, .name = "_struct.Struct", .call = st_new, .methods = struct_methods,
                          .max_args = -1, .kwflags = EV_BF_KWANY, .module = "_struct", .tflags = EV_TYPE_CSLOTS,
                          .cnew = struct_cnew};

/* ---- the module functions -------------------------------------------------------------------- */

/* a fresh Struct for the format argument (CPython caches them; the cache is not observable) */
static ev_value struct_for(ev_interp *I, ev_value fmt)
{
    ev_value o = struct_cnew(I, &ev_type_Struct);
    if (EV_IS_ERR(o))
        return o;
    if (struct_set_format(I, o, fmt)) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

static ev_value m_pack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_struct.pack() takes no keyword arguments");
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "missing format argument");
    ev_value s = struct_for(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = pack_bytes(I, s, argc - 1, argv + 1, "pack");
    ev_decref(I, s);
    return r;
}

static ev_value m_pack_into(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_struct.pack_into() takes no keyword arguments");
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "missing format argument");
    ev_value s = struct_for(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = pack_into_impl(I, s, argc - 1, argv + 1, "pack_into");
    ev_decref(I, s);
    return r;
}

static ev_value two_args(ev_interp *I, const char *name, int argc, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_struct.%s() takes no keyword arguments", name);
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "%s expected 2 arguments, got %d", name, argc);
    return EV_NONE;
}

static ev_value m_unpack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_IS_ERR(two_args(I, "unpack", argc, kw)))
        return EV_ERR;
    ev_value s = struct_for(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = unpack_buffer(I, s, argv[1]);
    ev_decref(I, s);
    return r;
}

static ev_value m_iter_unpack(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_IS_ERR(two_args(I, "iter_unpack", argc, kw)))
        return EV_ERR;
    ev_value s = struct_for(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = iter_unpack_impl(I, s, argv[1]);
    ev_decref(I, s);
    return r;
}

static ev_value m_unpack_from(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = struct_for(I, argv[0]);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = unpack_from_impl(I, s, argv[1], argc > 2 ? argv[2] : EV_ERR);
    ev_decref(I, s);
    return r;
}

static ev_value m_calcsize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "_struct.calcsize() takes exactly one argument (%d given)", argc);
    const char *p;
    size_t n;
    compiled c;
    if (format_text(I, argv[0], &p, &n) || compile(I, p, n, &c))
        return EV_ERR;
    ev_dealloc(I, c.codes);
    return ev_int(c.size);
}

static ev_value m_clearcache(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

static const ev_builtin_def struct_functions[] = {
    {"pack", m_pack, 0, -1, EV_BF_KWANY},
    {"pack_into", m_pack_into, 0, -1, EV_BF_KWANY},
    {"unpack", m_unpack, 0, -1, EV_BF_KWANY},
    {"unpack_from", m_unpack_from, 2, 3, 0, "format, /, buffer, offset"},
    {"iter_unpack", m_iter_unpack, 0, -1, EV_BF_KWANY},
    {"calcsize", m_calcsize, 0, -1, EV_BF_KWANY},
    {"_clearcache", m_clearcache, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "Struct", ev_obj_val(&ev_type_Struct.h)) ||
                   ev_module_set(I, ns, "error", ev_obj_val(&type_error.h))
               ? -1
               : 0;
}

static const char *const all_names[] = {"calcsize", "pack", "pack_into", "unpack", "unpack_from", "iter_unpack",
                                        "Struct", "error", NULL};

const ev_module_def ev_module_struct = {"struct", struct_functions, init, all_names};
