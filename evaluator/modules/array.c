/*
 * array.c - the array module, CPython 3.11 behaviour (Modules/arraymodule.c):
 * array.array with every typecode (b B u h H i I l L q Q f d) at x86-64's
 * sizes, its methods, slicing, the sequence operators, comparisons, repr,
 * iteration and the conversions' exact errors ("signed char is greater than
 * maximum"...).
 *
 * An array is an EV_TYPE_CSLOTS instance (user classes may derive from it)
 * whose items live in a bytearray in a C slot, in the machine's layout: it
 * grows under the session's memory limit, struct.pack_into/unpack read and
 * write it as CPython's buffer protocol does (array_int.h).  Every
 * conversion may call Python (__index__, __float__, an iterator) which may
 * change the array: lengths and pointers are read again after each one,
 * never kept across it.  Pickling (__reduce_ex__) does not exist in safepy;
 * copy.copy/deepcopy use __copy__/__deepcopy__.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/array_int.h"


enum { AS_TC, AS_DATA, AS_NSLOTS };

static int tc_size(int tc)
{
    switch (tc) {
    case 'b': case 'B':
        return 1;
    case 'h': case 'H':
        return 2;
    case 'u': case 'i': case 'I': case 'f':
        return 4;
    case 'l': case 'L': case 'q': case 'Q': case 'd':
        return 8;
    }
    return 0;
}

static bool is_array(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_INSTANCE &&
           ev_type_is_subclass(((ev_instance *)v.u.o)->type, &ev_type_array) &&
           ev_is(ev_as_cinstance(v)->slots[AS_DATA], EV_O_BYTEARRAY);
}

static int tc_of(ev_value a) { return (int)ev_as_cinstance(a)->slots[AS_TC].u.i; }
static ev_bytes *data_of(ev_value a) { return ev_as_bytes(ev_as_cinstance(a)->slots[AS_DATA]); }
static int64_t len_of(ev_value a) { return (int64_t)(data_of(a)->len / (size_t)tc_size(tc_of(a))); }

bool ev_array_buffer(ev_value v, ev_value *bytearray)
{
    if (!is_array(v))
        return false;
    *bytearray = ev_as_cinstance(v)->slots[AS_DATA];
    return true;
}

static int check(ev_interp *I, ev_value self)
{
    if (is_array(self))
        return 0;
    ev_raise(I, &ev_type_TypeError, "descriptor requires a 'array.array' object but received a '%s'",
             ev_type_name(self));
    return -1;
}

static ev_value array_cnew(ev_interp *I, ev_type *t)
{
    ev_value o = ev_cinstance_new(I, t, AS_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value b = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
    if (EV_IS_ERR(b)) {
        ev_decref(I, o);
        return b;
    }
    ev_as_cinstance(o)->slots[AS_DATA] = b;
    ev_as_cinstance(o)->slots[AS_TC] = ev_int('b');
    return o;
}

/* a new empty array of typecode tc (type array.array) */
static ev_value array_empty(ev_interp *I, int tc)
{
    ev_value o = array_cnew(I, &ev_type_array);
    if (!EV_IS_ERR(o))
        ev_as_cinstance(o)->slots[AS_TC] = ev_int(tc);
    return o;
}

/* ---- items ------------------------------------------------------------------------------- */

static ev_value get_item(ev_interp *I, int tc, const unsigned char *p)
{
    switch (tc) {
    case 'b': return ev_int((signed char)p[0]);
    case 'B': return ev_int(p[0]);
    case 'h': { int16_t x; memcpy(&x, p, 2); return ev_int(x); }
    case 'H': { uint16_t x; memcpy(&x, p, 2); return ev_int(x); }
    case 'i': { int32_t x; memcpy(&x, p, 4); return ev_int(x); }
    case 'I': { uint32_t x; memcpy(&x, p, 4); return ev_int(x); }
    case 'l': case 'q': { int64_t x; memcpy(&x, p, 8); return ev_int(x); }
    case 'L': case 'Q': {
        uint64_t x;
        memcpy(&x, p, 8);
        if (x <= INT64_MAX)
            return ev_int((int64_t)x);
        mpz_t z;
        mpz_init_set_ui(z, (unsigned long)x);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    case 'f': { float x; memcpy(&x, p, 4); return ev_float((double)x); }
    case 'd': { double x; memcpy(&x, p, 8); return ev_float(x); }
    case 'u': {
        uint32_t c;
        memcpy(&c, p, 4);
        char buf[4];
        size_t n;
        if (c < 0x80) { buf[0] = (char)c; n = 1; }
        else if (c < 0x800) { buf[0] = (char)(0xC0 | (c >> 6)); buf[1] = (char)(0x80 | (c & 0x3F)); n = 2; }
        else if (c < 0x10000) {
            buf[0] = (char)(0xE0 | (c >> 12)); buf[1] = (char)(0x80 | ((c >> 6) & 0x3F));
            buf[2] = (char)(0x80 | (c & 0x3F)); n = 3;
        } else if (c < 0x110000) {
            buf[0] = (char)(0xF0 | (c >> 18)); buf[1] = (char)(0x80 | ((c >> 12) & 0x3F));
            buf[2] = (char)(0x80 | ((c >> 6) & 0x3F)); buf[3] = (char)(0x80 | (c & 0x3F)); n = 4;
        } else {
            return ev_raise(I, &ev_type_ValueError, "character U+%x is not in range [U+0000; U+10ffff]", c);
        }
        return ev_str_new(I, buf, n);
    }
    }
    return ev_raise(I, &ev_type_SystemError, "array: bad typecode");
}

/* the first code point of a 1-character str */
static uint32_t str_char(const ev_str *s)
{
    const unsigned char *p = (const unsigned char *)s->data;
    if (p[0] < 0x80) return p[0];
    if (p[0] < 0xE0) return (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
    if (p[0] < 0xF0) return (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
    return (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3F) << 12 | (uint32_t)(p[2] & 0x3F) << 6 | (p[3] & 0x3F);
}

/* an int for an integer typecode: the value's int (by __index__), or TypeError */
static int as_int(ev_interp *I, ev_value v, ev_value *out)
{
    if (ev_is_int(v)) {
        *out = v.tag == EV_T_BOOL ? ev_int(v.u.i) : ev_int_unbox(I, v);
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    int got = ev_is_user(v) ? ev_index_try(I, v, out) : 0;
    if (got < 0)
        return -1;
    if (!got) {
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
        return -1;
    }
    if (out->tag == EV_T_BOOL)
        *out = ev_int(out->u.i);
    return 0;
}

/* 1 in int64 (*i), 2 in [2**63, 2**64) (*u), 0 beyond; negative beyond int64: -1 */
static int classify(ev_value n, int64_t *i, uint64_t *u)
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
    if (mpz_sgn(*z) < 0)
        return -1;
    if (mpz_sizeinbase(*z, 2) <= 64) {
        *u = mpz_get_ui(*z);
        return 2;
    }
    return 0;
}

#define OVF(...) (ev_raise(I, &ev_type_OverflowError, __VA_ARGS__), -1)

/* the setitem of typecode tc: v converted into out[0..itemsize) */
static int set_item(ev_interp *I, int tc, ev_value v, unsigned char *out)
{
    if (tc == 'u') {
        if (!ev_is(v, EV_O_STR) || ev_as_str(v)->nchars != 1) {
            ev_raise(I, &ev_type_TypeError, "array item must be unicode character");
            return -1;
        }
        uint32_t c = str_char(ev_as_str(v));
        memcpy(out, &c, 4);
        return 0;
    }
    if (tc == 'f' || tc == 'd') {
        double d;
        if (ev_num_to_double(I, v, &d))
            return -1;
        if (tc == 'd') {
            memcpy(out, &d, 8);
        } else {
            float f = (float)d;
            memcpy(out, &f, 4);
        }
        return 0;
    }
    ev_value n;
    if (as_int(I, v, &n))
        return -1;
    int64_t x = 0;
    uint64_t u = 0;
    int k = classify(n, &x, &u);
    ev_decref(I, n);
    switch (tc) {
    case 'b': case 'B': case 'h': case 'i': case 'H': case 'l':
        if (k != 1)
            return OVF("Python int too large to convert to C long");
        if (tc == 'B') {
            if (x < 0)
                return OVF("unsigned byte integer is less than minimum");
            if (x > 255)
                return OVF("unsigned byte integer is greater than maximum");
            out[0] = (unsigned char)x;
            return 0;
        }
        if (tc == 'b' || tc == 'h') {
            if (x < INT16_MIN)
                return OVF("signed short integer is less than minimum");
            if (x > INT16_MAX)
                return OVF("signed short integer is greater than maximum");
            if (tc == 'b') {
                if (x < -128)
                    return OVF("signed char is less than minimum");
                if (x > 127)
                    return OVF("signed char is greater than maximum");
                out[0] = (unsigned char)(signed char)x;
            } else {
                int16_t s = (int16_t)x;
                memcpy(out, &s, 2);
            }
            return 0;
        }
        if (tc == 'l') {
            memcpy(out, &x, 8);
            return 0;
        }
        if (x < INT32_MIN)
            return OVF("signed integer is less than minimum");
        if (x > INT32_MAX)
            return OVF("signed integer is greater than maximum");
        if (tc == 'H') {
            if (x < 0)
                return OVF("unsigned short is less than minimum");
            if (x > 65535)
                return OVF("unsigned short is greater than maximum");
            uint16_t s = (uint16_t)x;
            memcpy(out, &s, 2);
        } else {
            int32_t s = (int32_t)x;
            memcpy(out, &s, 4);
        }
        return 0;
    case 'I': case 'L':
        if (k < 0 || (k == 1 && x < 0))
            return OVF("can't convert negative value to unsigned int");
        if (k == 0)
            return OVF("Python int too large to convert to C unsigned long");
        if (tc == 'I') {
            if (u > UINT32_MAX)
                return OVF("unsigned int is greater than maximum");
            uint32_t s = (uint32_t)u;
            memcpy(out, &s, 4);
        } else {
            memcpy(out, &u, 8);
        }
        return 0;
    case 'q':
        if (k != 1)
            return OVF("int too big to convert");
        memcpy(out, &x, 8);
        return 0;
    case 'Q':
        if (k < 0 || (k == 1 && x < 0))
            return OVF("can't convert negative int to unsigned");
        if (k == 0)
            return OVF("int too big to convert");
        memcpy(out, &u, 8);
        return 0;
    }
    ev_raise(I, &ev_type_SystemError, "array: bad typecode");
    return -1;
}

/* ins1: v inserted at where, as CPython does it: v converted once to
 * check it, the array resized to its length before that plus one (what
 * __index__ appended meanwhile is cut, as there), then v converted again
 * and stored; a second conversion that shrank the array is an IndexError
 * here, where CPython would write past its end. */
static int ins1(ev_interp *I, ev_value self, int64_t where, ev_value v)
{
    unsigned char item[8];
    int tc = tc_of(self);
    int64_t n = len_of(self);
    if (set_item(I, tc, v, item))
        return -1;
    if (tc_of(self) != tc) {
        ev_raise(I, &ev_type_RuntimeError, "array changed typecode during insertion");
        return -1;
    }
    size_t sz = (size_t)tc_size(tc);
    ev_bytes *b = data_of(self);
    size_t cur = b->len / sz;
    if (ev_bytes_reserve(I, b, (size_t)(n + 1) * sz))
        return -1;
    if (cur < (size_t)n + 1)
        memset(b->data + cur * sz, 0, ((size_t)n + 1 - cur) * sz);
    b->len = (size_t)(n + 1) * sz;
    if (where < 0) {
        where += n;
        if (where < 0)
            where = 0;
    }
    if (where > n)
        where = n;
    if (where != n)
        memmove(b->data + (size_t)(where + 1) * sz, b->data + (size_t)where * sz, (size_t)(n - where) * sz);
    if (set_item(I, tc, v, item))
        return -1;
    b = data_of(self);
    if (tc_of(self) != tc || (size_t)where >= b->len / sz) {
        ev_raise(I, &ev_type_IndexError, "array assignment index out of range");
        return -1;
    }
    memcpy(b->data + (size_t)where * sz, item, sz);
    return 0;
}

static int append_value(ev_interp *I, ev_value self, ev_value v) { return ins1(I, self, len_of(self), v); }

static int extend_bytes(ev_interp *I, ev_value self, const unsigned char *p, size_t n)
{
    ev_bytes *b = data_of(self);
    if (n == 0)
        return 0;
    if (b->len + n < b->len || ev_bytes_reserve(I, b, b->len + n))
        return -1;
    memmove(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

static int extend_iter(ev_interp *I, ev_value self, ev_value src)
{
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return -1;
    for (;;) {
        ev_value v;
        int r = ev_next(I, it, &v);
        if (r == 0)
            break;
        int e = r < 0 || append_value(I, self, v);
        if (r > 0)
            ev_decref(I, v);
        if (e) {
            ev_decref(I, it);
            return -1;
        }
    }
    ev_decref(I, it);
    return 0;
}

/* array_do_extend: another array of the same kind, or any iterable */
static int do_extend(ev_interp *I, ev_value self, ev_value src)
{
    if (is_array(src)) {
        if (tc_of(src) != tc_of(self)) {
            ev_raise(I, &ev_type_TypeError, "can only extend with array of same kind");
            return -1;
        }
        ev_incref(src);
        ev_bytes *sb = data_of(src);
        /* a[...] += a: the source is the target; copy what it holds now */
        ev_value copy = ev_bytes_new(I, EV_O_BYTES, sb->data, sb->len);
        int e = EV_IS_ERR(copy) ? -1 : extend_bytes(I, self, ev_as_bytes(copy)->data, ev_as_bytes(copy)->len);
        ev_decref(I, copy);
        ev_decref(I, src);
        return e;
    }
    return extend_iter(I, self, src);
}

/* ---- construction ------------------------------------------------------------------------- */

static int fromunicode_impl(ev_interp *I, ev_value self, const ev_str *s)
{
    size_t pos = 0;
    while (pos < s->len) {
        const unsigned char *p = (const unsigned char *)s->data + pos;
        size_t n = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
        uint32_t c;
        if (n == 1) c = p[0];
        else if (n == 2) c = (uint32_t)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
        else if (n == 3) c = (uint32_t)(p[0] & 0x0F) << 12 | (uint32_t)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        else c = (uint32_t)(p[0] & 0x07) << 18 | (uint32_t)(p[1] & 0x3F) << 12 | (uint32_t)(p[2] & 0x3F) << 6 | (p[3] & 0x3F);
        if (extend_bytes(I, self, (const unsigned char *)&c, 4))
            return -1;
        pos += n;
    }
    return 0;
}

static int frombytes_impl(ev_interp *I, ev_value self, ev_value b)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, b, &p, &n))
        return -1;
    if (n % (size_t)tc_size(tc_of(self))) {
        ev_raise(I, &ev_type_ValueError, "bytes length not a multiple of item size");
        return -1;
    }
    ev_incref(b);
    int e = extend_bytes(I, self, p, n);
    ev_decref(I, b);
    return e;
}

static ev_value a_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (check(I, self))
        return EV_ERR;
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "array.array() takes no keyword arguments");
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "array() takes at least 1 argument (0 given)");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError, "array() takes at most 2 arguments (%d given)", argc);
    ev_value t = argv[0];
    if (!ev_is(t, EV_O_STR) || ev_as_str(t)->nchars != 1)
        return ev_raise(I, &ev_type_TypeError, "array() argument 1 must be a unicode character, not %s",
                        ev_type_name(t));
    int tc = ev_as_str(t)->len == 1 ? ev_as_str(t)->data[0] : 0;
    if (!tc_size(tc))
        return ev_raise(I, &ev_type_ValueError, "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    ev_value init = argc > 1 ? argv[1] : EV_NONE;
    if (ev_is(init, EV_O_STR) && tc != 'u')
        return ev_raise(I, &ev_type_TypeError, "cannot use a str to initialize an array with typecode '%c'", tc);
    if (is_array(init) && tc_of(init) == 'u' && tc != 'u')
        return ev_raise(I, &ev_type_TypeError, "cannot use a unicode array to initialize an array with typecode '%c'",
                        tc);
    ev_as_cinstance(self)->slots[AS_TC] = ev_int(tc);
    data_of(self)->len = 0;
    int e = 0;
    if (init.tag == EV_T_NONE)
        ;
    else if (ev_is(init, EV_O_STR))
        e = fromunicode_impl(I, self, ev_as_str(init));
    else if (ev_is_byteslike(init))
        e = frombytes_impl(I, self, init);
    else if (is_array(init) && tc_of(init) == tc)
        e = do_extend(I, self, init);
    else
        e = extend_iter(I, self, init);
    return e ? EV_ERR : EV_NONE;
}

static ev_value a_new(ev_interp *I, ev_value cls, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = array_cnew(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = a_init(I, o, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

/* ---- the methods --------------------------------------------------------------------------- */

#define METHOD(name) static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
#define CHECK()             \
    if (check(I, self))     \
        return EV_ERR

METHOD(a_append)
{
    CHECK();
    return append_value(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

METHOD(a_extend)
{
    CHECK();
    return do_extend(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static int index_arg(ev_interp *I, ev_value v, int64_t *out) { return ev_ssize_arg(I, v, out); }

METHOD(a_insert)
{
    CHECK();
    int64_t i;
    if (index_arg(I, argv[0], &i))
        return EV_ERR;
    return ins1(I, self, i, argv[1]) ? EV_ERR : EV_NONE;
}

static ev_value item_at(ev_interp *I, ev_value self, int64_t i)
{
    return get_item(I, tc_of(self), data_of(self)->data + (size_t)i * (size_t)tc_size(tc_of(self)));
}

static void del_range(ev_value self, int64_t i, int64_t n)
{
    ev_bytes *b = data_of(self);
    size_t sz = (size_t)tc_size(tc_of(self));
    memmove(b->data + (size_t)i * sz, b->data + (size_t)(i + n) * sz, b->len - (size_t)(i + n) * sz);
    b->len -= (size_t)n * sz;
}

METHOD(a_pop)
{
    CHECK();
    int64_t i = -1;
    if (argc > 0 && !EV_IS_ERR(argv[0]) && index_arg(I, argv[0], &i))
        return EV_ERR;
    int64_t n = len_of(self);
    if (n == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from empty array");
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return ev_raise(I, &ev_type_IndexError, "pop index out of range");
    ev_value v = item_at(I, self, i);
    if (!EV_IS_ERR(v))
        del_range(self, i, 1);
    return v;
}

/* the first index in [start, stop) whose item == v, -1 none, -2 error */
static int64_t find(ev_interp *I, ev_value self, ev_value v, int64_t start, int64_t stop)
{
    for (int64_t i = start; i < stop && i < len_of(self); i++) {
        ev_value x = item_at(I, self, i);
        if (EV_IS_ERR(x))
            return -2;
        int eq = ev_eq(I, x, v);
        ev_decref(I, x);
        if (eq < 0)
            return -2;
        if (eq)
            return i;
    }
    return -1;
}

METHOD(a_index)
{
    CHECK();
    int64_t start = 0, stop = INT64_MAX / 2;
    if (argc > 1 && !EV_IS_ERR(argv[1]) && ev_slice_index(I, argv[1], false, &start))
        return EV_ERR;
    if (argc > 2 && !EV_IS_ERR(argv[2]) && ev_slice_index(I, argv[2], false, &stop))
        return EV_ERR;
    int64_t n = len_of(self);
    if (start < 0) {
        start += n;
        if (start < 0)
            start = 0;
    }
    if (stop < 0) {
        stop += n;
        if (stop < 0)
            stop = 0;
    }
    int64_t i = find(I, self, argv[0], start, stop);
    if (i == -2)
        return EV_ERR;
    if (i < 0)
        return ev_raise(I, &ev_type_ValueError, "array.index(x): x not in array");
    return ev_int(i);
}

METHOD(a_remove)
{
    CHECK();
    int64_t i = find(I, self, argv[0], 0, INT64_MAX);
    if (i == -2)
        return EV_ERR;
    if (i < 0)
        return ev_raise(I, &ev_type_ValueError, "array.remove(x): x not in array");
    del_range(self, i, 1);
    return EV_NONE;
}

METHOD(a_count)
{
    CHECK();
    int64_t c = 0;
    for (int64_t i = 0; i < len_of(self); i++) {
        ev_value x = item_at(I, self, i);
        if (EV_IS_ERR(x))
            return x;
        int eq = ev_eq(I, x, argv[0]);
        ev_decref(I, x);
        if (eq < 0)
            return EV_ERR;
        c += eq;
    }
    return ev_int(c);
}

METHOD(a_reverse)
{
    CHECK();
    ev_bytes *b = data_of(self);
    size_t sz = (size_t)tc_size(tc_of(self)), n = b->len / sz;
    unsigned char tmp[8];
    for (size_t i = 0; i < n / 2; i++) {
        memcpy(tmp, b->data + i * sz, sz);
        memcpy(b->data + i * sz, b->data + (n - 1 - i) * sz, sz);
        memcpy(b->data + (n - 1 - i) * sz, tmp, sz);
    }
    return EV_NONE;
}

METHOD(a_byteswap)
{
    CHECK();
    ev_bytes *b = data_of(self);
    size_t sz = (size_t)tc_size(tc_of(self));
    for (size_t i = 0; i + sz <= b->len; i += sz)
        for (size_t k = 0; k < sz / 2; k++) {
            unsigned char t = b->data[i + k];
            b->data[i + k] = b->data[i + sz - 1 - k];
            b->data[i + sz - 1 - k] = t;
        }
    return EV_NONE;
}

METHOD(a_buffer_info)
{
    CHECK();
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_int((int64_t)(uintptr_t)data_of(self)->data);
    ev_as_tuple(t)->items[1] = ev_int(len_of(self));
    return t;
}

METHOD(a_tobytes)
{
    CHECK();
    return ev_bytes_new(I, EV_O_BYTES, data_of(self)->data, data_of(self)->len);
}

METHOD(a_frombytes)
{
    CHECK();
    return frombytes_impl(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

METHOD(a_tolist)
{
    CHECK();
    ev_value l = ev_list_new(I, 0);
    for (int64_t i = 0; !EV_IS_ERR(l) && i < len_of(self); i++) {
        ev_value x = item_at(I, self, i);
        if (EV_IS_ERR(x) || ev_list_append(I, ev_as_list(l), x)) {
            ev_decref(I, x);
            ev_decref(I, l);
            return EV_ERR;
        }
        ev_decref(I, x);
    }
    return l;
}

METHOD(a_fromlist)
{
    CHECK();
    if (!ev_is(argv[0], EV_O_LIST))
        return ev_raise(I, &ev_type_TypeError, "arg must be list");
    ev_value l = ev_dup(argv[0]);
    size_t old = data_of(self)->len;
    int e = 0;
    for (size_t i = 0; !e && i < ev_as_list(l)->len; i++) {
        ev_value v = ev_dup(ev_as_list(l)->items[i]);
        e = append_value(I, self, v);
        ev_decref(I, v);
    }
    if (e && data_of(self)->len >= old)
        data_of(self)->len = old; /* all or nothing, as CPython */
    ev_decref(I, l);
    return e ? EV_ERR : EV_NONE;
}

METHOD(a_tounicode)
{
    CHECK();
    if (tc_of(self) != 'u')
        return ev_raise(I, &ev_type_ValueError, "tounicode() may only be called on unicode type arrays");
    ev_buf b = {0};
    for (int64_t i = 0; i < len_of(self); i++) {
        ev_value c = item_at(I, self, i);
        if (EV_IS_ERR(c) || ev_buf_put(I, &b, ev_as_str(c)->data, ev_as_str(c)->len)) {
            ev_decref(I, c);
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_decref(I, c);
    }
    return b.data ? ev_buf_to_str(I, &b) : ev_str_new(I, "", 0);
}

METHOD(a_fromunicode)
{
    CHECK();
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "fromunicode() argument must be str, not %s", ev_type_name(argv[0]));
    if (tc_of(self) != 'u')
        return ev_raise(I, &ev_type_ValueError, "fromunicode() may only be called on unicode type arrays");
    return fromunicode_impl(I, self, ev_as_str(argv[0])) ? EV_ERR : EV_NONE;
}

/* tofile(f): f.write() of the bytes in 64 KiB blocks, as CPython */
METHOD(a_tofile)
{
    CHECK();
    ev_value all = ev_bytes_new(I, EV_O_BYTES, data_of(self)->data, data_of(self)->len);
    if (EV_IS_ERR(all))
        return all;
    size_t n = ev_as_bytes(all)->len, block = 64 * 1024;
    for (size_t at = 0; at < n; at += block) {
        size_t k = n - at < block ? n - at : block;
        ev_value chunk = ev_bytes_new(I, EV_O_BYTES, ev_as_bytes(all)->data + at, k);
        ev_value r = EV_IS_ERR(chunk) ? chunk : ev_us_callm(I, argv[0], "write", 1, &chunk, NULL);
        ev_decref(I, chunk);
        if (EV_IS_ERR(r)) {
            ev_decref(I, all);
            return r;
        }
        ev_decref(I, r);
    }
    ev_decref(I, all);
    return EV_NONE;
}

METHOD(a_fromfile)
{
    CHECK();
    int64_t n;
    if (index_arg(I, argv[1], &n))
        return EV_ERR;
    if (n < 0)
        return ev_raise(I, &ev_type_ValueError, "negative count");
    int64_t sz = tc_size(tc_of(self));
    if (n > INT64_MAX / sz)
        return ev_raise_nomem(I);
    ev_value want = ev_int(n * sz);
    ev_value b = ev_us_callm(I, argv[0], "read", 1, &want, NULL);
    if (EV_IS_ERR(b))
        return b;
    if (!ev_is(b, EV_O_BYTES)) {
        ev_decref(I, b);
        return ev_raise(I, &ev_type_TypeError, "read() didn't return bytes");
    }
    bool short_read = (int64_t)ev_as_bytes(b)->len != n * sz;
    size_t keep = ev_as_bytes(b)->len - ev_as_bytes(b)->len % (size_t)sz;
    int e = extend_bytes(I, self, ev_as_bytes(b)->data, keep);
    ev_decref(I, b);
    if (e)
        return EV_ERR;
    if (short_read)
        return ev_raise(I, &ev_type_EOFError, "read() didn't return enough bytes");
    return EV_NONE;
}

METHOD(a_typecode)
{
    CHECK();
    char c = (char)tc_of(self);
    return ev_str_new(I, &c, 1);
}

METHOD(a_itemsize)
{
    CHECK();
    return ev_int(tc_size(tc_of(self)));
}

/* a copy of self[start:start+n*step:step] as a new array.array */
static ev_value slice_copy(ev_interp *I, ev_value self, int64_t start, int64_t step, int64_t n)
{
    ev_value r = array_empty(I, tc_of(self));
    if (EV_IS_ERR(r))
        return r;
    size_t sz = (size_t)tc_size(tc_of(self));
    ev_bytes *dst = data_of(r);
    if (n && ev_bytes_reserve(I, dst, (size_t)n * sz)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    const unsigned char *src = data_of(self)->data;
    for (int64_t k = 0; k < n; k++)
        memcpy(dst->data + (size_t)k * sz, src + (size_t)(start + k * step) * sz, sz);
    dst->len = (size_t)n * sz;
    return r;
}

METHOD(a_copy)
{
    CHECK();
    return slice_copy(I, self, 0, 1, len_of(self));
}

METHOD(a_getitem)
{
    CHECK();
    ev_value key = argv[0];
    if (ev_is_slice(key)) {
        ev_tuple *t = ev_as_tuple(key);
        int64_t start, stop, step, count;
        if (ev_slice_indices(I, t->items[0], t->items[1], t->items[2], len_of(self), &start, &stop, &step, &count))
            return EV_ERR;
        return slice_copy(I, self, start, step, count);
    }
    int64_t i;
    if (!ev_is_int(key) && !(ev_is_user(key) && ev_user_has_special(I, key, "__index__")))
        return ev_raise(I, &ev_type_TypeError, "array indices must be integers");
    if (ev_ssize_arg(I, key, &i))
        return EV_ERR;
    int64_t n = len_of(self);
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return ev_raise(I, &ev_type_IndexError, "array index out of range");
    return item_at(I, self, i);
}

static int set_slice(ev_interp *I, ev_value self, ev_value key, ev_value v)
{
    ev_tuple *t = ev_as_tuple(key);
    int64_t start, stop, step, count;
    if (ev_slice_indices(I, t->items[0], t->items[1], t->items[2], len_of(self), &start, &stop, &step, &count))
        return -1;
    size_t sz = (size_t)tc_size(tc_of(self));
    ev_value src = EV_ERR;
    if (!EV_IS_ERR(v)) {
        if (!is_array(v)) {
            ev_raise(I, &ev_type_TypeError, "can only assign array (not \"%s\") to array slice", ev_type_name(v));
            return -1;
        }
        if (tc_of(v) != tc_of(self)) {
            ev_raise(I, &ev_type_TypeError, "bad argument type for built-in operation");
            return -1;
        }
        src = ev_bytes_new(I, EV_O_BYTES, data_of(v)->data, data_of(v)->len); /* a[:] = a */
        if (EV_IS_ERR(src))
            return -1;
    }
    int64_t needed = EV_IS_ERR(src) ? 0 : (int64_t)(ev_as_bytes(src)->len / sz);
    ev_bytes *b = data_of(self);
    int r = 0;
    if (step == 1) {
        if (stop < start)
            stop = start;
        int64_t old = stop - start;
        size_t newlen = b->len - (size_t)old * sz + (size_t)needed * sz;
        if (needed > old && ev_bytes_reserve(I, b, newlen)) {
            r = -1;
        } else {
            memmove(b->data + (size_t)(start + needed) * sz, b->data + (size_t)stop * sz, b->len - (size_t)stop * sz);
            if (needed)
                memcpy(b->data + (size_t)start * sz, ev_as_bytes(src)->data, (size_t)needed * sz);
            b->len = newlen;
        }
    } else if (EV_IS_ERR(src)) {
        /* del a[i:j:k]: keep the others in order */
        if (step < 0) {
            start = start + step * (count - 1);
            step = -step;
        }
        size_t w = 0, n = b->len / sz;
        for (size_t i = 0; i < n; i++) {
            bool gone = (int64_t)i >= start && ((int64_t)i - start) % step == 0 && ((int64_t)i - start) / step < count;
            if (!gone) {
                memmove(b->data + w * sz, b->data + i * sz, sz);
                w++;
            }
        }
        b->len = w * sz;
    } else if (needed != count) {
        ev_raise(I, &ev_type_ValueError, "attempt to assign array of size %lld to extended slice of size %lld",
                 (long long)needed, (long long)count);
        r = -1;
    } else {
        for (int64_t k = 0; k < count; k++)
            memcpy(b->data + (size_t)(start + k * step) * sz, ev_as_bytes(src)->data + (size_t)k * sz, sz);
    }
    ev_decref(I, src);
    return r;
}

METHOD(a_setitem)
{
    CHECK();
    ev_value key = argv[0], v = argc > 1 ? argv[1] : EV_ERR;
    if (ev_is_slice(key))
        return set_slice(I, self, key, v) ? EV_ERR : EV_NONE;
    if (!ev_is_int(key) && !(ev_is_user(key) && ev_user_has_special(I, key, "__index__")))
        return ev_raise(I, &ev_type_TypeError, "array indices must be integers");
    int64_t i;
    if (ev_ssize_arg(I, key, &i))
        return EV_ERR;
    int64_t n = len_of(self);
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return ev_raise(I, &ev_type_IndexError, "array assignment index out of range");
    if (EV_IS_ERR(v)) {
        del_range(self, i, 1);
        return EV_NONE;
    }
    unsigned char item[8];
    int tc = tc_of(self);
    if (set_item(I, tc, v, item))
        return EV_ERR;
    /* the conversion ran Python code: the array may have shrunk or changed kind */
    if (tc_of(self) != tc || i >= len_of(self))
        return ev_raise(I, &ev_type_IndexError, "array assignment index out of range");
    memcpy(data_of(self)->data + (size_t)i * (size_t)tc_size(tc), item, (size_t)tc_size(tc));
    return EV_NONE;
}

METHOD(a_delitem)
{
    ev_value args[1] = {argv[0]};
    return a_setitem(I, self, 1, args, NULL);
}

METHOD(a_len)
{
    CHECK();
    return ev_int(len_of(self));
}

METHOD(a_contains)
{
    CHECK();
    int64_t i = find(I, self, argv[0], 0, INT64_MAX);
    return i == -2 ? EV_ERR : ev_bool(i >= 0);
}

METHOD(a_add)
{
    CHECK();
    ev_value o = argv[0];
    if (!is_array(o))
        return ev_raise(I, &ev_type_TypeError, "can only append array (not \"%s\") to array", ev_type_name(o));
    if (tc_of(o) != tc_of(self))
        return ev_raise(I, &ev_type_TypeError, "bad argument type for built-in operation");
    ev_value r = slice_copy(I, self, 0, 1, len_of(self));
    if (EV_IS_ERR(r) || extend_bytes(I, r, data_of(o)->data, data_of(o)->len)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

METHOD(a_iadd)
{
    CHECK();
    ev_value o = argv[0];
    if (!is_array(o))
        return ev_raise(I, &ev_type_TypeError, "can only extend array with array (not \"%s\")", ev_type_name(o));
    return do_extend(I, self, o) ? EV_ERR : ev_dup(self);
}

static int repeat_count(ev_interp *I, ev_value n, int64_t *out)
{
    if (!ev_is_int(n) && !(ev_is_user(n) && ev_user_has_special(I, n, "__index__"))) {
        ev_raise(I, &ev_type_TypeError, "can't multiply sequence by non-int of type '%s'", ev_type_name(n));
        return -1;
    }
    if (ev_ssize_arg(I, n, out))
        return -1;
    if (*out < 0)
        *out = 0;
    return 0;
}

static ev_value repeat(ev_interp *I, ev_value self, int64_t n)
{
    ev_value r = array_empty(I, tc_of(self));
    if (EV_IS_ERR(r))
        return r;
    size_t len = data_of(self)->len;
    if (n && len) {
        if (ev_mem_reserve_n(I, (uint64_t)n, len) || ev_bytes_reserve(I, data_of(r), (size_t)n * len)) {
            ev_decref(I, r);
            return EV_ERR;
        }
        for (int64_t k = 0; k < n; k++) {
            memcpy(data_of(r)->data + (size_t)k * len, data_of(self)->data, len);
            if ((k & 1023) == 0 && ev_tick(I)) {
                ev_decref(I, r);
                return EV_ERR;
            }
        }
        data_of(r)->len = (size_t)n * len;
    }
    return r;
}

METHOD(a_mul)
{
    CHECK();
    int64_t n;
    if (repeat_count(I, argv[0], &n))
        return EV_ERR;
    return repeat(I, self, n);
}

METHOD(a_imul)
{
    CHECK();
    int64_t n;
    if (repeat_count(I, argv[0], &n))
        return EV_ERR;
    ev_value r = repeat(I, self, n);
    if (EV_IS_ERR(r))
        return r;
    ev_value old = ev_as_cinstance(self)->slots[AS_DATA];
    ev_as_cinstance(self)->slots[AS_DATA] = ev_as_cinstance(r)->slots[AS_DATA];
    ev_as_cinstance(r)->slots[AS_DATA] = old;
    ev_decref(I, r);
    return ev_dup(self);
}

/* array_richcompare: 0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >= */
static ev_value compare(ev_interp *I, ev_value self, ev_value o, int op)
{
    if (check(I, self))
        return EV_ERR;
    if (!is_array(o))
        return EV_NOTIMPL;
    ev_incref(self);
    ev_incref(o);
    ev_value r = EV_ERR;
    int64_t na = len_of(self), nb = len_of(o);
    if (na != nb && (op == 2 || op == 3)) {
        r = ev_bool(op == 3);
        goto done;
    }
    int64_t i = 0;
    for (; i < len_of(self) && i < len_of(o); i++) {
        ev_value x = item_at(I, self, i), y = EV_IS_ERR(x) ? EV_ERR : item_at(I, o, i);
        int eq = EV_IS_ERR(y) ? -1 : ev_eq(I, x, y);
        if (eq == 0) {
            int c = ev_compare(I, x, y, op);
            ev_decref(I, x);
            ev_decref(I, y);
            if (c >= 0)
                r = ev_bool(c);
            goto done;
        }
        ev_decref(I, x);
        ev_decref(I, y);
        if (eq < 0)
            goto done;
    }
    na = len_of(self) - i;
    nb = len_of(o) - i;
    static const int want[6][3] = {{1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 0, 1}, {0, 0, 1}, {0, 1, 1}};
    int c = na < nb ? 0 : na == nb ? 1 : 2;
    r = ev_bool(want[op][c]);
done:
    ev_decref(I, self);
    ev_decref(I, o);
    return r;
}

METHOD(a_lt) { return compare(I, self, argv[0], 0); }
METHOD(a_le) { return compare(I, self, argv[0], 1); }
METHOD(a_eq) { return compare(I, self, argv[0], 2); }
METHOD(a_ne) { return compare(I, self, argv[0], 3); }
METHOD(a_gt) { return compare(I, self, argv[0], 4); }
METHOD(a_ge) { return compare(I, self, argv[0], 5); }

METHOD(a_hash)
{
    return ev_raise(I, &ev_type_TypeError, "unhashable type: '%s'", ev_type_name(self));
}

METHOD(a_repr)
{
    CHECK();
    ev_type *t = ((ev_instance *)self.u.o)->type;
    const char *name = t == &ev_type_array ? "array" : t->name;
    ev_buf b = {0};
    int tc = tc_of(self);
    if (ev_buf_printf(I, &b, "%s('%c'", name, tc))
        goto fail;
    if (len_of(self)) {
        ev_value inner = tc == 'u' ? a_tounicode(I, self, 0, NULL, NULL) : a_tolist(I, self, 0, NULL, NULL);
        int e = EV_IS_ERR(inner) || ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, inner);
        ev_decref(I, inner);
        if (e)
            goto fail;
    }
    if (ev_buf_puts(I, &b, ")"))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

METHOD(a_reduce_ex)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "array.array.__reduce_ex__ is not supported by safepy: there is no pickle; use copy.copy()");
}

METHOD(a_not_supported_file)
{
    return ev_raise(I, &ev_type_NotImplementedError, "array.array.__reduce__ is not supported by safepy");
}

/* ---- iteration ------------------------------------------------------------------------------- */

typedef struct ai_state {
    ev_value arr;
    int64_t index;
} ai_state;

static int ai_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    ai_state *s = it->state;
    if (EV_IS_ERR(s->arr))
        return 0;
    if (s->index >= len_of(s->arr)) {
        ev_decref(I, s->arr);
        s->arr = EV_ERR;
        return 0;
    }
    *out = item_at(I, s->arr, s->index++);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static void ai_free(ev_interp *I, ev_iterobj *it)
{
    ai_state *s = it->state;
    ev_decref(I, s->arr);
    s->arr = EV_ERR;
}

static void ai_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((ai_state *)it->state)->arr, arg);
}

static ev_type ai_type = EV_ITER_TYPE_INIT("array.arrayiterator", "array");
static const ev_native_iter_type ai_ntype = {"array.arrayiterator", ai_next, ai_free, NULL, &ai_type, ai_traverse};

METHOD(a_iter)
{
    CHECK();
    ev_value it = ev_native_iter_new(I, &ai_ntype, sizeof(ai_state));
    if (EV_IS_ERR(it))
        return it;
    ai_state *s = ((ev_iterobj *)it.u.o)->state;
    s->arr = ev_dup(self);
    s->index = 0;
    return it;
}

static const ev_builtin_def array_methods[] = {
    {"__init__", a_init, 0, -1, EV_BF_KWANY},
    {"append", a_append, 1, 1, 0, "v, /"},
    {"extend", a_extend, 1, 1, 0, "bb, /"},
    {"insert", a_insert, 2, 2, 0, "i, v, /"},
    {"pop", a_pop, 0, 1, 0, "i, /"},
    {"remove", a_remove, 1, 1, 0, "v, /"},
    {"index", a_index, 1, 3, 0, "v, start, stop, /"},
    {"count", a_count, 1, 1, 0, "v, /"},
    {"reverse", a_reverse, 0, 0, 0},
    {"byteswap", a_byteswap, 0, 0, 0},
    {"buffer_info", a_buffer_info, 0, 0, 0},
    {"tobytes", a_tobytes, 0, 0, 0},
    {"frombytes", a_frombytes, 1, 1, 0, "buffer, /"},
    {"tolist", a_tolist, 0, 0, 0},
    {"fromlist", a_fromlist, 1, 1, 0, "list, /"},
    {"tounicode", a_tounicode, 0, 0, 0},
    {"fromunicode", a_fromunicode, 1, 1, 0, "ustr, /"},
    {"tofile", a_tofile, 1, 1, 0, "f, /"},
    {"fromfile", a_fromfile, 2, 2, 0, "f, n, /"},
    {"typecode", a_typecode, 0, 0, EV_BF_PROP},
    {"itemsize", a_itemsize, 0, 0, EV_BF_PROP},
    {"__copy__", a_copy, 0, 0, 0},
    {"__deepcopy__", a_copy, 1, 1, 0, "unused, /"},
    {"__reduce_ex__", a_reduce_ex, 1, 1, 0},
    {"__reduce__", a_not_supported_file, 0, 0, 0},
    {"__len__", a_len, 0, 0, 0},
    {"__getitem__", a_getitem, 1, 1, 0},
    {"__setitem__", a_setitem, 2, 2, 0},
    {"__delitem__", a_delitem, 1, 1, 0},
    {"__contains__", a_contains, 1, 1, 0},
    {"__iter__", a_iter, 0, 0, 0},
    {"__add__", a_add, 1, 1, 0},
    {"__iadd__", a_iadd, 1, 1, 0},
    {"__mul__", a_mul, 1, 1, 0},
    {"__rmul__", a_mul, 1, 1, 0},
    {"__imul__", a_imul, 1, 1, 0},
    {"__eq__", a_eq, 1, 1, 0},
    {"__ne__", a_ne, 1, 1, 0},
    {"__lt__", a_lt, 1, 1, 0},
    {"__le__", a_le, 1, 1, 0},
    {"__gt__", a_gt, 1, 1, 0},
    {"__ge__", a_ge, 1, 1, 0},
    {"__hash__", a_hash, 0, 0, 0},
    {"__repr__", a_repr, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_array = {STATIC_TYPE, .name = "array.array", .call = a_new, .methods = array_methods, .max_args = -1,
                         .kwflags = EV_BF_KWANY, .module = "array", .tflags = EV_TYPE_CSLOTS, .cnew = array_cnew};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value tcs = ev_str_from_cstr(I, "bBuhHiIlLqQfd");
    int e = EV_IS_ERR(tcs) || ev_module_set(I, ns, "typecodes", tcs) ||
            ev_module_set(I, ns, "array", ev_obj_val(&ev_type_array.h)) ||
            ev_module_set(I, ns, "ArrayType", ev_obj_val(&ev_type_array.h));
    ev_decref(I, tcs);
    return e ? -1 : 0;
}

static const char *const all_names[] = {"array", "ArrayType", "typecodes", NULL};

const ev_module_def ev_module_array = {"array", NULL, init, all_names};
