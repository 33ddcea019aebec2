/*
 * bytes.c - the bytes and bytearray objects: construction, repr, hashing,
 * comparison, indexing, slicing (and bytearray's item and slice
 * assignment), iteration, `in`, + * and the utf-8 / ascii / latin-1 / utf-16 / utf-32 codecs
 * behind str.encode and bytes.decode.  Methods live in bytes_methods.c.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/objects/str_int.h"

ev_value ev_bytes_new(ev_interp *I, ev_kind kind, const void *data, size_t len)
{
    ev_bytes *b = ev_alloc(I, sizeof *b);
    if (!b)
        return ev_raise_nomem(I);
    memset(b, 0, sizeof *b);
    b->h.refcnt = 1;
    b->h.kind = (uint16_t)kind;
    b->hash = -1;
    ev_value v = ev_obj_val(&b->h);
    if (len) {
        if (ev_bytes_reserve(I, b, len)) {
            ev_decref(I, v);
            return EV_ERR;
        }
        if (data)
            memcpy(b->data, data, len);
        else
            memset(b->data, 0, len);
        b->len = len;
    }
    return v;
}

int ev_bytes_reserve(ev_interp *I, ev_bytes *b, size_t need)
{
    if (need <= b->cap)
        return 0;
    if (need > SIZE_MAX / 4) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t cap = b->cap ? b->cap : 8;
    while (cap < need)
        cap = cap + cap / 2 + 8;
    unsigned char *d = ev_realloc(I, b->data, cap);
    if (!d) {
        ev_raise_nomem(I);
        return -1;
    }
    b->data = d;
    b->cap = cap;
    return 0;
}

void ev_bytes_free(ev_interp *I, ev_obj *o)
{
    ev_dealloc(I, ((ev_bytes *)o)->data);
}

ev_bytes *ev_buffer_bytes(ev_value v)
{
    if (ev_is_byteslike(v))
        return ev_as_bytes(v);
    ev_value ba;
    return ev_array_buffer(v, &ba) ? ev_as_bytes(ba) : NULL;
}

int ev_bytes_view(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
{
    ev_bytes *b = ev_buffer_bytes(v);
    if (!b) {
        ev_raise(I, &ev_type_TypeError, "a bytes-like object is required, not '%s'", ev_type_name(v));
        return -1;
    }
    *p = b->data;
    *n = b->len;
    return 0;
}

/* An int in range(0, 256) (bytearray item, `in`, bytes(iterable)). */
int ev_byte_value(ev_interp *I, ev_value v, int *out)
{
    if (ev_is_user(v) && v.tag == EV_T_OBJ) {
        /* CPython's _getbytevalue: __index__ (which may resize a bytearray
         * the caller reads after this returns) */
        ev_value r;
        int got = ev_index_try(I, v, &r);
        if (got < 0)
            return -1;
        if (got) {
            int e = ev_byte_value(I, r, out); /* ev_index_try gave an int */
            ev_decref(I, r);
            return e;
        }
    }
    if (v.tag != EV_T_INT && v.tag != EV_T_BOOL && !ev_is(v, EV_O_INT)) {
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
        return -1;
    }
    if (ev_is(v, EV_O_INT) || v.u.i < 0 || v.u.i > 255) {
        ev_raise(I, &ev_type_ValueError, "byte must be in range(0, 256)");
        return -1;
    }
    *out = (int)v.u.i;
    return 0;
}

/* ---- repr, hash, comparison ------------------------------------------------------------ */

int ev_bytes_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_bytes *o = ev_as_bytes(v);
    bool ba = o->h.kind == EV_O_BYTEARRAY;
    if (ev_charge(I, (int64_t)(o->len / 64)))
        return -1;
    bool sq = memchr(o->data ? (const void *)o->data : "", '\'', o->len) != NULL;
    bool dq = memchr(o->data ? (const void *)o->data : "", '"', o->len) != NULL;
    char quote = sq && !dq ? '"' : '\'';
    /* bytearray_repr names the object's own type: Buf(b'..') for a subclass */
    if (ba && (ev_buf_puts(I, b, ev_type_name(v)) || ev_buf_puts(I, b, "(")))
        return -1;
    char q[3] = {'b', quote, 0};
    if (ev_buf_puts(I, b, q))
        return -1;
    for (size_t i = 0; i < o->len; i++) {
        unsigned char c = o->data[i];
        char tmp[5];
        const char *s = tmp;
        size_t n = 1;
        /* bytearray's repr escapes ' even inside double quotes, as CPython's */
        if (c == (unsigned char)quote || c == '\\' || (ba && c == '\'')) {
            tmp[0] = '\\', tmp[1] = (char)c, n = 2;
        } else if (c == '\t') {
            s = "\\t", n = 2;
        } else if (c == '\n') {
            s = "\\n", n = 2;
        } else if (c == '\r') {
            s = "\\r", n = 2;
        } else if (c < 0x20 || c >= 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02x", c);
            n = 4;
        } else {
            tmp[0] = (char)c;
        }
        if (ev_buf_put(I, b, s, n))
            return -1;
    }
    q[0] = quote, q[1] = 0;
    if (ev_buf_puts(I, b, q) || (ba && ev_buf_puts(I, b, ")")))
        return -1;
    return 0;
}

/* CPython's bytes hash (SipHash-1-3, see ev_hash_bytes): equal to the str
 * hash of the same ASCII text, as in CPython. */
int ev_bytes_hash(ev_value v, int64_t *out)
{
    ev_bytes *o = ev_as_bytes(v);
    if (o->hash != -1) {
        *out = o->hash;
        return 0;
    }
    int64_t r = ev_hash_bytes(o->data, o->len);
    o->hash = r;
    *out = r;
    return 0;
}

int ev_bytes_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    ev_bytes *x = ev_as_bytes(a), *y = ev_as_bytes(b);
    if ((op == 2 || op == 3) && x->len != y->len)
        return op == 3;
    size_t n = x->len < y->len ? x->len : y->len;
    if (ev_charge(I, (int64_t)(n / 256)))
        return -1;
    int c = n ? memcmp(x->data, y->data, n) : 0;
    if (c == 0)
        c = x->len < y->len ? -1 : x->len > y->len;
    switch (op) {
    case 0: return c < 0;
    case 1: return c <= 0;
    case 2: return c == 0;
    case 3: return c != 0;
    case 4: return c > 0;
    default: return c >= 0;
    }
}

/* ---- items and slices ------------------------------------------------------------------- */

static bool is_slice(ev_value key)
{
    return ev_is_slice(key);
}

/* key as an index, before any length is read: its __index__ may resize
 * the bytearray (CPython's PyNumber_AsSsize_t with IndexError). */
static int raw_index(ev_interp *I, ev_bytes *o, ev_value key, int64_t *out)
{
    if (key.tag == EV_T_INT || key.tag == EV_T_BOOL) {
        *out = key.u.i;
        return 0;
    }
    if (ev_is(key, EV_O_INT) || ev_is_user(key)) {
        ev_value r = ev_dup(key);
        if (ev_is_user(key)) {
            int got = ev_index_try(I, key, &r);
            if (got < 0)
                return -1;
            if (!got)
                goto bad;
        }
        int e = 0;
        if (r.tag == EV_T_INT || r.tag == EV_T_BOOL) {
            *out = r.u.i;
        } else {
            ev_raise(I, &ev_type_IndexError, "cannot fit 'int' into an index-sized integer");
            e = -1;
        }
        ev_decref(I, r);
        return e;
    }
bad:
    ev_raise(I, &ev_type_TypeError, "%s indices must be integers or slices, not %s",
             o->h.kind == EV_O_BYTES ? "byte" : "bytearray", ev_type_name(key));
    return -1;
}

/* i (from raw_index) checked against the length as it is now. */
static int bound_index(ev_interp *I, ev_bytes *o, int64_t i, int64_t *out)
{
    if (i < 0)
        i += (int64_t)o->len;
    if (i < 0 || i >= (int64_t)o->len) {
        ev_raise(I, &ev_type_IndexError, "%s", o->h.kind == EV_O_BYTES ? "index out of range"
                                                                        : "bytearray index out of range");
        return -1;
    }
    *out = i;
    return 0;
}

static int item_index(ev_interp *I, ev_bytes *o, ev_value key, int64_t *out)
{
    int64_t i;
    return raw_index(I, o, key, &i) || bound_index(I, o, i, out) ? -1 : 0;
}

/* A slice's bounds as ints or None (CPython's PySlice_Unpack): their
 * __index__ methods run here, so that the length the caller reads after
 * is the length they left. */
static int unpack_slice(ev_interp *I, ev_value key, ev_value out[3])
{
    ev_tuple *t = ev_as_tuple(key);
    for (int k = 0; k < 3; k++) {
        ev_value v = t->items[k];
        if (v.tag == EV_T_NONE || v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
            out[k] = v;
            continue;
        }
        int64_t x;
        if (ev_slice_index(I, v, true, &x))
            return -1;
        out[k] = ev_int(x);
    }
    return 0;
}

ev_value ev_bytes_getitem(ev_interp *I, ev_value v, ev_value key)
{
    ev_bytes *o = ev_as_bytes(v);
    if (is_slice(key)) {
        int64_t start, stop, step, count;
        ev_value b[3];
        if (unpack_slice(I, key, b) ||
            ev_slice_indices(I, b[0], b[1], b[2], (int64_t)o->len, &start, &stop, &step, &count))
            return EV_ERR;
        if (count <= 0)
            return ev_bytes_new(I, (ev_kind)o->h.kind, NULL, 0);
        if (ev_charge(I, count / 256))
            return EV_ERR;
        if (step == 1)
            return ev_bytes_new(I, (ev_kind)o->h.kind, o->data + start, (size_t)count);
        ev_value r = ev_bytes_new(I, (ev_kind)o->h.kind, NULL, (size_t)count);
        if (EV_IS_ERR(r))
            return r;
        for (int64_t i = 0, k = start; i < count; i++, k += step)
            ev_as_bytes(r)->data[i] = o->data[k];
        return r;
    }
    int64_t i;
    if (item_index(I, o, key, &i))
        return EV_ERR;
    return ev_int(o->data[i]);
}

/* The bytes an assigned value stands for: a bytes-like object (copied: it
 * may be the target) or an iterable of ints in range(0, 256). */
static ev_value assigned_bytes(ev_interp *I, ev_value val)
{
    ev_bytes *vb = ev_buffer_bytes(val);
    if (vb)
        return ev_bytes_new(I, EV_O_BYTES, vb->data, vb->len);
    if (ev_is(val, EV_O_STR) || val.tag == EV_T_INT || val.tag == EV_T_BOOL || ev_is(val, EV_O_INT) ||
        val.tag == EV_T_FLOAT || val.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError,
                        "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
    ev_value args[1] = {val};
    return ev_type_bytes.call(I, EV_NONE, 1, args, NULL);
}

/* Replace [start, start+count) with src (len n). */
static int splice(ev_interp *I, ev_bytes *o, size_t start, size_t count, const unsigned char *src, size_t n)
{
    size_t newlen = o->len - count + n;
    if (n > count && ev_bytes_reserve(I, o, newlen))
        return -1;
    if (o->len - start - count)
        memmove(o->data + start + n, o->data + start + count, o->len - start - count);
    if (n)
        memcpy(o->data + start, src, n);
    o->len = newlen;
    return 0;
}

int ev_bytes_setitem(ev_interp *I, ev_value v, ev_value key, ev_value val)
{
    ev_bytes *o = ev_as_bytes(v);
    bool del = EV_IS_ERR(val);
    if (o->h.kind != EV_O_BYTEARRAY) {
        if (del)
            return ev_raise_no_delitem(I, v, key);
        ev_raise(I, &ev_type_TypeError, "'bytes' object does not support item assignment");
        return -1;
    }
    if (!is_slice(key)) {
        /* CPython's order (GH-91153): the index, then the value, both of
         * which may run __index__, and only then the bounds */
        int64_t i;
        int byte = 0;
        if (raw_index(I, o, key, &i))
            return -1;
        if (!del && ev_byte_value(I, val, &byte))
            return -1;
        if (bound_index(I, o, i, &i))
            return -1;
        if (del)
            return splice(I, o, (size_t)i, 1, NULL, 0);
        o->data[i] = (unsigned char)byte;
        return 0;
    }
    ev_value src = EV_NONE;
    int64_t start, stop, step, count;
    int rc = -1;
    /* The bounds' __index__ runs first; CPython then converts a value that
     * is not another bytearray (iterating it may resize this one) and
     * starts over, unpacking the bounds again: the length used is the one
     * after both. */
    ev_value b[3];
    if (unpack_slice(I, key, b))
        return -1;
    if (!del) {
        bool again = !ev_is(val, EV_O_BYTEARRAY) || val.u.o == v.u.o;
        src = assigned_bytes(I, val);
        if (EV_IS_ERR(src))
            return -1;
        if (again && unpack_slice(I, key, b))
            goto fail;
    }
    if (ev_slice_indices(I, b[0], b[1], b[2], (int64_t)o->len, &start, &stop, &step, &count))
        goto fail;
    if (count < 0)
        count = 0;
    if (ev_charge(I, (int64_t)(o->len / 256)))
        goto fail;
    const unsigned char *sp = del ? NULL : ev_as_bytes(src)->data;
    size_t sn = del ? 0 : ev_as_bytes(src)->len;
    if (step == 1) {
        if (stop < start)
            stop = start;
        rc = splice(I, o, (size_t)start, (size_t)count, sp, sn);
        goto fail;
    }
    if (del) {
        /* delete every step-th item: compact in one pass */
        if (step < 0) {
            start = start + step * (count - 1);
            step = -step;
        }
        size_t w = (size_t)start;
        for (size_t r = (size_t)start; r < o->len; r++) {
            if (count > 0 && r >= (size_t)start && (r - (size_t)start) % (size_t)step == 0 &&
                (int64_t)((r - (size_t)start) / (size_t)step) < count)
                continue;
            o->data[w++] = o->data[r];
        }
        o->len = w;
        rc = 0;
        goto fail;
    }
    if ((int64_t)sn != count) {
        ev_raise(I, &ev_type_ValueError, "attempt to assign bytes of size %zu to extended slice of size %lld",
                 sn, (long long)count);
        goto fail;
    }
    for (int64_t i = 0, k = start; i < count; i++, k += step)
        o->data[k] = sp[i];
    rc = 0;
fail:
    ev_decref(I, src);
    return rc;
}

/* ---- iteration and `in` ---------------------------------------------------------------------- */

typedef struct bytes_it {
    ev_value src;
    size_t pos;
} bytes_it;

static int bit_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    bytes_it *s = it->state;
    if (EV_IS_ERR(s->src))
        return 0;
    ev_bytes *o = ev_as_bytes(s->src);
    if (s->pos >= o->len) {
        ev_decref(I, s->src);
        s->src = EV_ERR;
        return 0;
    }
    *out = ev_int(o->data[s->pos++]);
    return 1;
}

static void bit_free(ev_interp *I, ev_iterobj *it)
{
    bytes_it *s = it->state;
    if (!EV_IS_ERR(s->src))
        ev_decref(I, s->src);
}

/* a bytes subclass instance has a __dict__ that may hold its iterator
 * (such instances are not tracked by the collector yet) */
static void bit_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((bytes_it *)it->state)->src, arg);
}

static ev_type bytes_iterator_type = EV_ITER_TYPE_INIT("bytes_iterator", NULL);
static ev_type bytearray_iterator_type = EV_ITER_TYPE_INIT("bytearray_iterator", NULL);
static const ev_native_iter_type bytes_iter_type = {"bytes_iterator", bit_next, bit_free, NULL,
                                                    &bytes_iterator_type, bit_traverse};
static const ev_native_iter_type bytearray_iter_type = {"bytearray_iterator", bit_next, bit_free, NULL,
                                                        &bytearray_iterator_type, bit_traverse};

ev_value ev_bytes_iter(ev_interp *I, ev_value v)
{
    ev_value it = ev_native_iter_new(I, ev_is(v, EV_O_BYTES) ? &bytes_iter_type : &bytearray_iter_type,
                                     sizeof(bytes_it));
    if (EV_IS_ERR(it))
        return it;
    bytes_it *s = ((ev_iterobj *)it.u.o)->state;
    s->src = ev_dup(v);
    return it;
}

/* memmem over possibly-empty buffers */
static const unsigned char *find_sub(const unsigned char *h, size_t hn, const unsigned char *n, size_t nn)
{
    if (nn == 0)
        return h ? h : (const unsigned char *)"";
    if (nn > hn)
        return NULL;
    return memmem(h, hn, n, nn);
}

int ev_bytes_contains(ev_interp *I, ev_value c, ev_value item)
{
    ev_bytes *o = ev_as_bytes(c);
    if (ev_charge(I, (int64_t)(o->len / 256)))
        return -1;
    if (ev_is_byteslike(item)) {
        ev_bytes *n = ev_as_bytes(item);
        return find_sub(o->data, o->len, n->data, n->len) != NULL;
    }
    if (item.tag != EV_T_INT && item.tag != EV_T_BOOL && !ev_is(item, EV_O_INT) &&
        !(ev_is_user(item) && ev_user_has_special(I, item, "__index__"))) {
        ev_raise(I, &ev_type_TypeError, "a bytes-like object is required, not '%s'", ev_type_name(item));
        return -1;
    }
    int byte;
    if (ev_byte_value(I, item, &byte)) /* its __index__ may resize o: read it after */
        return -1;
    return o->len && memchr(o->data, byte, o->len) != NULL;
}

/* ---- + * % ---------------------------------------------------------------------------- */

static ev_value repeat(ev_interp *I, ev_value a, ev_value nv, bool inplace)
{
    ev_bytes *o = ev_as_bytes(a);
    int64_t n = ev_is(nv, EV_O_INT) ? (mpz_sgn(((ev_bigint *)nv.u.o)->z) < 0 ? 0 : INT64_MAX) : nv.u.i;
    if (n < 0)
        n = 0;
    /* past PY_SSIZE_T_MAX bytes CPython answers before allocating: bytes
     * with OverflowError, bytearray with MemoryError */
    if (o->len && (uint64_t)n > (uint64_t)INT64_MAX / o->len) {
        if (o->h.kind == EV_O_BYTEARRAY)
            return ev_raise_memory_error(I);
        return ev_raise(I, &ev_type_OverflowError, "repeated bytes are too long");
    }
    if (ev_mem_reserve_n(I, (uint64_t)n, o->len))
        return EV_ERR;
    size_t total = o->len * (size_t)n;
    if (ev_charge(I, (int64_t)(total / 256)))
        return EV_ERR;
    if (inplace) {
        if (ev_bytes_reserve(I, o, total))
            return EV_ERR;
        for (size_t k = o->len; k < total; k += o->len)
            memcpy(o->data + k, o->data, o->len);
        o->len = total;
        return ev_dup(a);
    }
    ev_value r = ev_bytes_new(I, (ev_kind)o->h.kind, NULL, total);
    if (EV_IS_ERR(r))
        return r;
    for (size_t k = 0; k < total; k += o->len)
        memcpy(ev_as_bytes(r)->data + k, o->data, o->len);
    return r;
}

int ev_bytes_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out)
{
    bool ab = ev_is_byteslike(a), bb = ev_is_byteslike(b);
    if (!ab && !bb)
        return 0;
    if (op == EV_OP_ADD && ab) {
        ev_bytes *x = ev_as_bytes(a);
        if (!bb && ev_buffer_bytes(b)) /* an array.array's machine bytes */
            bb = true;
        if (!bb) {
            if (ev_is_user(b))
                return 0;
            *out = ev_raise(I, &ev_type_TypeError, "can't concat %s to %s", ev_type_name(b), ev_type_name(a));
            return 1;
        }
        ev_bytes *y = ev_buffer_bytes(b);
        if (inplace && x->h.kind == EV_O_BYTEARRAY) {
            size_t yl = y->len; /* b may be a itself */
            if (ev_bytes_reserve(I, x, x->len + yl)) {
                *out = EV_ERR;
                return 1;
            }
            if (yl)
                memcpy(x->data + x->len, y->data, yl);
            x->len += yl;
            *out = ev_dup(a);
            return 1;
        }
        ev_value r = ev_bytes_new(I, (ev_kind)x->h.kind, NULL, x->len + y->len);
        if (!EV_IS_ERR(r) && x->len)
            memcpy(ev_as_bytes(r)->data, x->data, x->len);
        if (!EV_IS_ERR(r) && y->len)
            memcpy(ev_as_bytes(r)->data + x->len, y->data, y->len);
        *out = r;
        return 1;
    }
    if (op == EV_OP_MUL) {
        ev_value sv = ab ? a : b, nv = ab ? b : a;
        if (!ev_is_int(nv)) {
            if (ev_is_user(nv))
                return 0;
            *out = ev_raise(I, &ev_type_TypeError, "can't multiply sequence by non-int of type '%s'",
                            ev_type_name(nv));
            return 1;
        }
        *out = repeat(I, sv, nv, inplace && ab && ev_is(a, EV_O_BYTEARRAY));
        return 1;
    }
    if (op == EV_OP_MOD && ab) {
        *out = ev_bytes_percent(I, a, b);
        return 1;
    }
    return 0;
}

/* ---- constructors ------------------------------------------------------------------------- */

static ev_value encode_str(ev_interp *I, ev_str *s, ev_value enc, ev_value errors, ev_kind kind);

/* The encoding and errors arguments must be str, checked by CPython's
 * argument parser before anything else: the message names the function
 * (bytes(), bytearray(), encode(), decode()). */
static int codec_args_are_str(ev_interp *I, const char *fn, ev_value enc, ev_value errors)
{
    /* _PyArg_BadArgument names None itself, not its type */
    if (!EV_IS_ERR(enc) && !ev_is(enc, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "%s() argument 'encoding' must be str, not %s", fn,
                 enc.tag == EV_T_NONE ? "None" : ev_type_name(enc));
        return -1;
    }
    if (!EV_IS_ERR(errors) && !ev_is(errors, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "%s() argument 'errors' must be str, not %s", fn,
                 errors.tag == EV_T_NONE ? "None" : ev_type_name(errors));
        return -1;
    }
    return 0;
}

/* bytes() / bytearray(): from nothing, a count, a str with an encoding, a
 * bytes-like object or an iterable of ints. */
static ev_value construct(ev_interp *I, ev_kind kind, int argc, const ev_value *argv)
{
    ev_value src = argc > 0 ? argv[0] : EV_ERR;
    ev_value enc = argc > 1 ? argv[1] : EV_ERR, errs = argc > 2 ? argv[2] : EV_ERR;
    if (codec_args_are_str(I, kind == EV_O_BYTES ? "bytes" : "bytearray", enc, errs))
        return EV_ERR;
    if (EV_IS_ERR(src)) {
        if (!EV_IS_ERR(enc) || !EV_IS_ERR(errs))
            return ev_raise(I, &ev_type_TypeError, EV_IS_ERR(enc) ? "errors without a string argument"
                                                                  : "encoding without a string argument");
        return ev_bytes_new(I, kind, NULL, 0);
    }
    if (ev_is(src, EV_O_STR)) {
        if (EV_IS_ERR(enc))
            return ev_raise(I, &ev_type_TypeError, "string argument without an encoding");
        return encode_str(I, ev_as_str(src), enc, errs, kind);
    }
    if (!EV_IS_ERR(enc) || !EV_IS_ERR(errs))
        return ev_raise(I, &ev_type_TypeError, EV_IS_ERR(enc) ? "errors without a string argument"
                                                              : "encoding without a string argument");
    ev_bytes *sb = ev_buffer_bytes(src);
    if (sb)
        return ev_bytes_new(I, kind, sb->data, sb->len);
    if (ev_is_user(src)) {
        /* PyIndex_Check: a count; a TypeError from __index__ falls through
         * to iteration, as bytes_new and bytearray_init */
        ev_value n;
        int got = ev_index_try(I, src, &n);
        if (got < 0 && (I->limit || ev_type_of(I->exc) != &ev_type_TypeError))
            return EV_ERR;
        if (got < 0) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
        } else if (got) {
            ev_value r = construct(I, kind, 1, &n);
            ev_decref(I, n);
            return r;
        }
    }
    if (src.tag == EV_T_INT || src.tag == EV_T_BOOL || ev_is(src, EV_O_INT)) {
        /* PyNumber_AsSsize_t first: past 64 bits either sign overflows */
        int64_t n;
        if (ev_is(src, EV_O_INT) && !mpz_fits_slong_p(((ev_bigint *)src.u.o)->z))
            return ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
        n = ev_is(src, EV_O_INT) ? mpz_get_si(((ev_bigint *)src.u.o)->z) : src.u.i;
        if (n < 0)
            return ev_raise(I, &ev_type_ValueError, "negative count");
        if (ev_mem_reserve_n(I, (uint64_t)n, 1))
            return EV_ERR;
        if (ev_charge(I, n / 256))
            return EV_ERR;
        return ev_bytes_new(I, kind, NULL, (size_t)n);
    }
    if (src.tag == EV_T_FLOAT || src.tag == EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "cannot convert '%s' object to %s", ev_type_name(src),
                        kind == EV_O_BYTES ? "bytes" : "bytearray");
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it)) {
        if (ev_type_of(I->exc) == &ev_type_TypeError) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return ev_raise(I, &ev_type_TypeError, "cannot convert '%s' object to %s", ev_type_name(src),
                            kind == EV_O_BYTES ? "bytes" : "bytearray");
        }
        return it;
    }
    /* bytes(), as _PyBytes_FromIterator, asks src's length hint to size
     * its buffer; bytearray() iterates without one */
    int64_t hint = 0;
    size_t pre = 0;
    if (kind == EV_O_BYTES && (ev_length_hint(I, src, 64, &hint) || ev_hint_presize(I, hint, 1, 4096, &pre))) {
        ev_decref(I, it);
        return EV_ERR;
    }
    ev_value r = ev_bytes_new(I, kind, NULL, 0);
    if (EV_IS_ERR(r) || (pre && ev_bytes_reserve(I, ev_as_bytes(r), pre))) {
        ev_decref(I, it);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        return EV_ERR;
    }
    for (;;) {
        ev_value x;
        int n = ev_next(I, it, &x);
        if (n < 0)
            goto fail;
        if (n == 0)
            break;
        int byte;
        if (ev_is_user(x) && x.tag == EV_T_OBJ) { /* PyNumber_AsSsize_t: its __index__ */
            ev_value xi;
            int got = ev_index_try(I, x, &xi);
            if (got < 0) {
                ev_decref(I, x);
                goto fail;
            }
            if (got) {
                ev_decref(I, x);
                x = xi;
            }
        }
        if (x.tag != EV_T_INT && x.tag != EV_T_BOOL && !ev_is(x, EV_O_INT)) {
            ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(x));
            ev_decref(I, x);
            goto fail;
        }
        if (ev_is(x, EV_O_INT) || x.u.i < 0 || x.u.i > 255) {
            ev_raise(I, &ev_type_ValueError, "bytes must be in range(0, 256)");
            ev_decref(I, x);
            goto fail;
        }
        byte = (int)x.u.i;
        ev_bytes *o = ev_as_bytes(r);
        if (ev_bytes_reserve(I, o, o->len + 1))
            goto fail;
        o->data[o->len++] = (unsigned char)byte;
    }
    ev_decref(I, it);
    return r;
fail:
    ev_decref(I, it);
    ev_decref(I, r);
    return EV_ERR;
}

static ev_value bytes_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return construct(I, EV_O_BYTES, argc, argv);
}

static ev_value bytearray_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return construct(I, EV_O_BYTEARRAY, argc, argv);
}

ev_type ev_type_bytes = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                         .name = "bytes", .call = bytes_ctor, .methods = ev_bytes_methods,
                         .type_methods = ev_bytes_type_methods, .min_args = 0, .max_args = 3,
                         .params = "source, encoding, errors"};
ev_type ev_type_bytearray = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "bytearray", .call = bytearray_ctor, .methods = ev_bytearray_methods,
                             .type_methods = ev_bytes_type_methods, .min_args = 0, .max_args = 3,
                             .params = "source, encoding, errors"};

/* ---- codecs ------------------------------------------------------------------------------ */

enum { CODEC_UTF8, CODEC_ASCII, CODEC_LATIN1, CODEC_CP1252, CODEC_UTF16, CODEC_UTF16LE, CODEC_UTF16BE,
       CODEC_UTF32, CODEC_UTF32LE, CODEC_UTF32BE };
enum { ERR_STRICT, ERR_IGNORE, ERR_REPLACE, ERR_BACKSLASH, ERR_XMLREF, ERR_SURROGATEESCAPE,
       ERR_UNKNOWN, ERR_UNSUPPORTED /* refused when an error calls on them, as CPython looks handlers up */ };
/* as errors name them: cp1252 is a charmap codec */
static const char *const codec_names[] = {"utf-8", "ascii", "latin-1", "charmap", "utf-16", "utf-16-le",
                                          "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"};

/* cp1252 (Windows Western): latin-1 but for 0x80..0x9F (0: undefined) */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

/* The byte of cp in cp1252, or -1. */
static int cp1252_byte(uint32_t cp)
{
    if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF))
        return (int)cp;
    for (int i = 0; i < 32; i++)
        if (cp1252_high[i] && cp1252_high[i] == cp)
            return 0x80 + i;
    return -1;
}

/* CPython's normalisation: case and the separators '-', ' ' and '_' do not matter. */
static int lookup_codec(ev_interp *I, ev_value enc, int *out)
{
    if (EV_IS_ERR(enc)) {
        *out = CODEC_UTF8;
        return 0;
    }
    if (!ev_is(enc, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "encode() argument 'encoding' must be str, not %s", ev_type_name(enc));
        return -1;
    }
    ev_str *s = ev_as_str(enc);
    char norm[32];
    size_t n = 0;
    for (size_t i = 0; i < s->len && n + 1 < sizeof norm; i++) {
        char c = s->data[i];
        if (c == '-' || c == ' ')
            c = '_';
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        norm[n++] = c;
    }
    norm[n] = 0;
    static const struct { const char *name; int codec; } names[] = {
        {"utf_8", CODEC_UTF8}, {"utf8", CODEC_UTF8}, {"u8", CODEC_UTF8}, {"utf", CODEC_UTF8},
        {"cp65001", CODEC_UTF8}, {"ascii", CODEC_ASCII}, {"us_ascii", CODEC_ASCII},
        {"646", CODEC_ASCII}, {"latin_1", CODEC_LATIN1}, {"latin1", CODEC_LATIN1},
        {"latin", CODEC_LATIN1}, {"l1", CODEC_LATIN1}, {"iso_8859_1", CODEC_LATIN1},
        {"iso8859_1", CODEC_LATIN1}, {"8859", CODEC_LATIN1}, {"cp819", CODEC_LATIN1},
        {"iso_ir_100", CODEC_LATIN1}, {"utf_16", CODEC_UTF16}, {"utf16", CODEC_UTF16}, {"u16", CODEC_UTF16},
        {"utf_16_le", CODEC_UTF16LE}, {"utf_16le", CODEC_UTF16LE}, {"utf_16_be", CODEC_UTF16BE},
        {"utf_16be", CODEC_UTF16BE}, {"utf_32", CODEC_UTF32}, {"utf32", CODEC_UTF32}, {"u32", CODEC_UTF32},
        {"utf_32_le", CODEC_UTF32LE}, {"utf_32le", CODEC_UTF32LE}, {"utf_32_be", CODEC_UTF32BE},
        {"utf_32be", CODEC_UTF32BE}, {"cp1252", CODEC_CP1252}, {"windows_1252", CODEC_CP1252},
        {"1252", CODEC_CP1252},
    };
    if (s->len < sizeof norm)
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strcmp(norm, names[i].name) == 0) {
                *out = names[i].codec;
                return 0;
            }
    ev_raise(I, &ev_type_LookupError, "unknown encoding: %s", s->data);
    return -1;
}

static int lookup_errors(ev_interp *I, ev_value errors, int *out)
{
    if (EV_IS_ERR(errors)) {
        *out = ERR_STRICT;
        return 0;
    }
    if (!ev_is(errors, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "encode() argument 'errors' must be str, not %s", ev_type_name(errors));
        return -1;
    }
    const char *e = ev_as_str(errors)->data;
    static const char *const names[] = {"strict", "ignore", "replace", "backslashreplace",
                                        "xmlcharrefreplace", "surrogateescape"};
    for (int i = 0; i < 6; i++)
        if (strcmp(e, names[i]) == 0) {
            *out = i;
            return 0;
        }
    *out = strcmp(e, "surrogatepass") == 0 || strcmp(e, "namereplace") == 0 ? ERR_UNSUPPORTED : ERR_UNKNOWN;
    return 0;
}

/* Does CPython encode and decode with this name without its codec
 * registry (PyUnicode_AsEncodedString's fast path)?  Errors through the
 * registry are wrapped: "encoding with 'U8' codec failed (...)". */
static bool fast_codec_name(ev_value enc)
{
    if (!ev_is(enc, EV_O_STR))
        return true; /* the default, utf-8 */
    const ev_str *s = ev_as_str(enc);
    char low[16];
    if (s->len >= sizeof low)
        return false;
    for (size_t i = 0; i <= s->len; i++) {
        char ch = s->data[i];
        low[i] = ch == '_' ? '-' : (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
    }
    static const char *const fast[] = {"utf-8", "utf8", "latin-1", "latin1", "iso-8859-1", "iso8859-1",
                                       "ascii", "utf-16", "utf16", "utf-32", "utf32", NULL};
    for (size_t i = 0; fast[i]; i++)
        if (strcmp(low, fast[i]) == 0)
            return true;
    return false;
}

/* At the first encoding or decoding error: a handler that cannot handle
 * it raises (an unknown name, one safepy lacks, xmlcharrefreplace while
 * decoding); -1 then, else 0.  surrogatepass handles surrogates only: any
 * other error is strict's (*eh becomes ERR_STRICT). */
static int handler_refuses(ev_interp *I, int *eh_io, ev_value errors, ev_value enc, bool decoding, bool surrogate)
{
    int eh = *eh_io;
    if (eh == ERR_UNSUPPORTED && !surrogate && strcmp(ev_as_str(errors)->data, "surrogatepass") == 0) {
        *eh_io = ERR_STRICT;
        return 0;
    }
    if (eh == ERR_UNKNOWN && fast_codec_name(enc))
        ev_raise(I, &ev_type_LookupError, "unknown error handler name '%s'", ev_as_str(errors)->data);
    else if (eh == ERR_UNKNOWN)
        ev_raise(I, &ev_type_LookupError, "%s with '%s' codec failed (LookupError: unknown error handler name '%s')",
                 decoding ? "decoding" : "encoding", ev_as_str(enc)->data, ev_as_str(errors)->data);
    else if (eh == ERR_UNSUPPORTED)
        ev_raise(I, &ev_type_NotImplementedError, "the '%s' error handler is not supported by safepy",
                 ev_as_str(errors)->data);
    else if (decoding && eh == ERR_XMLREF)
        ev_raise(I, &ev_type_TypeError, "don't know how to handle UnicodeDecodeError in error callback");
    else
        return 0;
    return -1;
}

/* ---- UTF-16 and UTF-32 ----------------------------------------------------------------- */

static void put_unit(unsigned char *d, uint32_t v, int width, bool be)
{
    for (int k = 0; k < width; k++)
        d[be ? width - 1 - k : k] = (unsigned char)(v >> (8 * k));
}

static bool is_surrogate(uint32_t cp);
static void raise_encode_error(ev_interp *I, const char *codec, ev_value obj, uint32_t first, size_t start,
                               size_t end, const char *reason);

/* The replacement of a lone surrogate under ignore, replace,
 * backslashreplace or xmlcharrefreplace, as ASCII text in out (its length);
 * -1 when the handler fails (strict, and surrogateescape, whose bytes no
 * UTF-16/32 encoder takes). */
static int wide_replacement(int eh, uint32_t cp, char *out, size_t n)
{
    switch (eh) {
    case ERR_IGNORE: return 0;
    case ERR_REPLACE: out[0] = '?'; return 1;
    case ERR_BACKSLASH: return snprintf(out, n, "\\u%04x", cp);
    case ERR_XMLREF: return snprintf(out, n, "&#%u;", cp);
    default: return -1;
    }
}

/* str -> UTF-16/32 bytes; "utf-16"/"utf-32" write a little-endian BOM
 * first, as CPython on this byte order.  Each lone surrogate goes to the
 * error handler on its own, as CPython's encoders pass it. */
static ev_value encode_wide(ev_interp *I, ev_str *s, int codec, int eh, ev_value errors, ev_value enc, ev_kind kind)
{
    int width = codec >= CODEC_UTF32 ? 4 : 2;
    bool be = codec == CODEC_UTF16BE || codec == CODEC_UTF32BE, bom = codec == CODEC_UTF16 || codec == CODEC_UTF32;
    size_t units = 0, idx = 0;
    for (size_t pos = 0; pos < s->len; idx++) {
        uint32_t cp = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        char rep[16];
        int ceh = eh;
        if (is_surrogate(cp) && handler_refuses(I, &ceh, errors, enc, false, true))
            return EV_ERR;
        int rn = is_surrogate(cp) ? wide_replacement(eh, cp, rep, sizeof rep) : 0;
        if (rn < 0) {
            raise_encode_error(I, codec_names[codec], ev_obj_val(&s->h), cp, idx, idx + 1, "surrogates not allowed");
            return EV_ERR;
        }
        units += is_surrogate(cp) ? (size_t)rn : width == 2 && cp >= 0x10000 ? 2 : 1;
    }
    ev_value r = ev_bytes_new(I, kind, NULL, (units + bom) * (size_t)width);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *d = ev_as_bytes(r)->data;
    if (bom) {
        put_unit(d, 0xFEFF, width, false);
        d += width;
    }
    for (size_t pos = 0; pos < s->len;) {
        uint32_t cp = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        if (is_surrogate(cp)) {
            char rep[16];
            int rn = wide_replacement(eh, cp, rep, sizeof rep);
            for (int k = 0; k < rn; k++, d += width)
                put_unit(d, (unsigned char)rep[k], width, be);
            continue;
        }
        if (width == 2 && cp >= 0x10000) {
            cp -= 0x10000;
            put_unit(d, 0xD800 | (cp >> 10), 2, be);
            put_unit(d + 2, 0xDC00 | (cp & 0x3FF), 2, be);
            d += 4;
        } else {
            put_unit(d, cp, width, be);
            d += width;
        }
    }
    return r;
}

static uint32_t get_unit(const unsigned char *p, int width, bool be)
{
    uint32_t v = 0;
    for (int k = 0; k < width; k++)
        v |= (uint32_t)p[be ? width - 1 - k : k] << (8 * k);
    return v;
}

static int buf_put_cp(ev_interp *I, ev_buf *b, uint32_t cp)
{
    char t[4];
    size_t n;
    if (cp < 0x80) t[0] = (char)cp, n = 1;
    else if (cp < 0x800) t[0] = (char)(0xC0 | (cp >> 6)), t[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
    else if (cp < 0x10000)
        t[0] = (char)(0xE0 | (cp >> 12)), t[1] = (char)(0x80 | ((cp >> 6) & 0x3F)), t[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
    else
        t[0] = (char)(0xF0 | (cp >> 18)), t[1] = (char)(0x80 | ((cp >> 12) & 0x3F)),
        t[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), t[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
    return ev_buf_put(I, b, t, n);
}

/* CPython's UnicodeDecodeError for the bytes [i, i + bad) of obj. */
static void raise_decode_error(ev_interp *I, const char *codec, ev_value obj, size_t i, size_t bad, const char *why)
{
    (void)ev_unicode_error_raise(I, &ev_type_UnicodeDecodeError, codec, obj, i, i + bad, why);
}

/* UTF-16/32 bytes -> str with CPython's error reasons and spans ("utf-16"
 * and "utf-32" read a BOM, else little-endian). */
static ev_value decode_wide(ev_interp *I, ev_value self, int codec, int eh, ev_value errors, ev_value enc)
{
    const ev_bytes *o = ev_as_bytes(self);
    int width = codec >= CODEC_UTF32 ? 4 : 2;
    bool be = codec == CODEC_UTF16BE || codec == CODEC_UTF32BE;
    size_t i = 0;
    if (codec == CODEC_UTF16 && o->len >= 2 && (get_unit(o->data, 2, false) == 0xFEFF || get_unit(o->data, 2, true) == 0xFEFF)) {
        be = get_unit(o->data, 2, true) == 0xFEFF;
        i = 2;
    } else if (codec == CODEC_UTF32 && o->len >= 4 &&
               (get_unit(o->data, 4, false) == 0xFEFF || get_unit(o->data, 4, true) == 0xFEFF)) {
        be = get_unit(o->data, 4, true) == 0xFEFF;
        i = 4;
    }
    const char *name = width == 2 ? (be ? "utf-16-be" : "utf-16-le") : (be ? "utf-32-be" : "utf-32-le");
    ev_buf b = {0};
    while (i < o->len) {
        size_t left = o->len - i, bad = 0;
        const char *why = NULL;
        if (left < (size_t)width) {
            bad = left;
            why = "truncated data";
        } else {
            uint32_t u = get_unit(o->data + i, width, be);
            if (width == 4) {
                if (u > 0x10FFFF)
                    bad = 4, why = "code point not in range(0x110000)";
                else if (u >= 0xD800 && u < 0xE000)
                    bad = 4, why = "code point in surrogate code point range(0xd800, 0xe000)";
                else if (buf_put_cp(I, &b, u))
                    goto fail;
                else
                    i += 4;
            } else if (u >= 0xDC00 && u < 0xE000) {
                bad = 2, why = "illegal encoding";
            } else if (u >= 0xD800 && u < 0xDC00) {
                if (left < 4) {
                    bad = left, why = "unexpected end of data";
                } else {
                    uint32_t lo = get_unit(o->data + i + 2, 2, be);
                    if (lo >= 0xDC00 && lo < 0xE000) {
                        if (buf_put_cp(I, &b, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)))
                            goto fail;
                        i += 4;
                    } else {
                        bad = 2, why = "illegal UTF-16 surrogate";
                    }
                }
            } else if (buf_put_cp(I, &b, u)) {
                goto fail;
            } else {
                i += 2;
            }
        }
        if (!bad)
            continue;
        if (handler_refuses(I, &eh, errors, enc, true, false))
            goto fail;
        if (eh == ERR_SURROGATEESCAPE) {
            /* CPython's handler: the leading bytes 0x80..0xFF of the bad
             * range become U+DC80..U+DCFF and decoding resumes after them;
             * when the first byte is lower, the original error stands */
            size_t k = 0;
            while (k < bad && o->data[i + k] >= 0x80) {
                if (buf_put_cp(I, &b, 0xDC00u + o->data[i + k]))
                    goto fail;
                k++;
            }
            if (k) {
                i += k;
                continue;
            }
        }
        if (eh == ERR_STRICT || eh == ERR_SURROGATEESCAPE) {
            raise_decode_error(I, name, self, i, bad, why);
            goto fail;
        }
        if (eh == ERR_REPLACE && ev_buf_put(I, &b, "\xEF\xBF\xBD", 3))
            goto fail;
        for (size_t k = 0; eh == ERR_BACKSLASH && k < bad; k++) {
            char t[8];
            snprintf(t, sizeof t, "\\x%02x", o->data[i + k]);
            if (ev_buf_put(I, &b, t, 4))
                goto fail;
        }
        i += bad;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static bool is_surrogate(uint32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

/* '\udc80' as an error message names a character */
static void char_escape(char *out, size_t n, uint32_t cp)
{
    snprintf(out, n, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
}

/* CPython's UnicodeEncodeError for the characters [start, end) of obj. */
static void raise_encode_error(ev_interp *I, const char *codec, ev_value obj, uint32_t first, size_t start,
                               size_t end, const char *reason)
{
    (void)first;
    (void)ev_unicode_error_raise(I, &ev_type_UnicodeEncodeError, codec, obj, start, end, reason);
}

/* What sys.stdout's strict utf-8 encoder says of s[0..n) (a lone surrogate
 * cannot be written): 0, or -1 with the UnicodeEncodeError raised. */
int ev_utf8_encodable(ev_interp *I, const char *s, size_t n)
{
    size_t at = ev_utf8_surrogate_find(s, n);
    if (at == n)
        return 0;
    size_t idx = 0, pos = 0;
    for (; pos < at; idx++)
        (void)ev_str_decode_at(s, n, &pos);
    uint32_t first = (uint32_t)ev_str_decode_at(s, n, &pos);
    size_t end = idx + 1;
    while (pos < n) {
        size_t q = pos;
        if (!is_surrogate((uint32_t)ev_str_decode_at(s, n, &q)))
            break;
        pos = q;
        end++;
    }
    ev_value obj = ev_str_new(I, s, n);
    if (EV_IS_ERR(obj))
        return -1;
    raise_encode_error(I, "utf-8", obj, first, idx, end, "surrogates not allowed");
    ev_decref(I, obj);
    return -1;
}

/* str -> bytes for utf-8 (only lone surrogates fail), ascii and latin-1:
 * each run of unencodable characters goes to the error handler as
 * CPython's encoders pass it; surrogateescape turns U+DC80..U+DCFF back
 * into the bytes 0x80..0xFF and, at any other character of the run, raises
 * the strict error from there to the end of the run. */
/* cp1252 under surrogateescape: whether the rest of the unencodable run
 * starting before byte `pos` of s is all U+DC80..U+DCFF (the run's first
 * character is checked by the caller). */
static bool escapable_run(const ev_str *s, size_t pos)
{
    while (pos < s->len) {
        uint32_t c = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        if (cp1252_byte(c) >= 0)
            return true;
        if (c < 0xDC80 || c > 0xDCFF)
            return false;
    }
    return true;
}

static ev_value encode_str(ev_interp *I, ev_str *s, ev_value enc, ev_value errors, ev_kind kind)
{
    int codec, eh;
    if (lookup_codec(I, enc, &codec) || lookup_errors(I, errors, &eh))
        return EV_ERR;
    if (ev_charge(I, (int64_t)(s->len / 256)))
        return EV_ERR;
    if (codec >= CODEC_UTF16)
        return encode_wide(I, s, codec, eh, errors, enc, kind);
    if (s->ascii || (codec == CODEC_UTF8 && ev_utf8_surrogate_find(s->data, s->len) == s->len))
        return ev_bytes_new(I, kind, s->data, s->len);
    bool utf8 = codec == CODEC_UTF8, cp1252 = codec == CODEC_CP1252;
    uint32_t limit = codec == CODEC_ASCII ? 0x80 : 0x100;
    char reason[32];
    if (utf8)
        snprintf(reason, sizeof reason, "surrogates not allowed");
    else if (cp1252)
        snprintf(reason, sizeof reason, "character maps to <undefined>");
    else
        snprintf(reason, sizeof reason, "ordinal not in range(%u)", limit);
    ev_value r = ev_bytes_new(I, kind, NULL, 0);
    if (EV_IS_ERR(r))
        return r;
    ev_bytes *o = ev_as_bytes(r);
    const unsigned char *p = (const unsigned char *)s->data;
    size_t pos = 0, idx = 0;
    while (pos < s->len) {
        size_t at = pos;
        uint32_t cp = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        char tmp[16];
        size_t n = 0;
        const char *src = tmp;
        int mapped = cp1252 ? cp1252_byte(cp) : -1;
        if (cp1252 ? mapped >= 0 : utf8 ? !is_surrogate(cp) : cp < limit) {
            if (utf8) {
                src = (const char *)p + at, n = pos - at;
            } else {
                tmp[0] = (char)(cp1252 ? (uint32_t)mapped : cp), n = 1;
            }
        } else if (handler_refuses(I, &eh, errors, enc, false, is_surrogate(cp))) {
            goto fail;
        } else if (eh == ERR_STRICT || (eh == ERR_SURROGATEESCAPE && (cp < 0xDC80 || cp > 0xDCFF)) ||
                   (eh == ERR_SURROGATEESCAPE && cp1252 && !escapable_run(s, pos))) {
            /* the run of unencodable characters; a charmap codec hands it
             * whole to surrogateescape, which refuses it whole */
            size_t end = idx + 1, q = pos;
            while (q < s->len) {
                size_t q2 = q;
                uint32_t c2 = (uint32_t)ev_str_decode_at(s->data, s->len, &q2);
                if (cp1252 ? cp1252_byte(c2) >= 0 : utf8 ? !is_surrogate(c2) : c2 < limit)
                    break;
                q = q2;
                end++;
            }
            raise_encode_error(I, codec_names[codec], ev_obj_val(&s->h), cp, idx, end, reason);
            goto fail;
        } else {
            switch (eh) {
            case ERR_IGNORE: break;
            case ERR_REPLACE: tmp[0] = '?', n = 1; break;
            case ERR_SURROGATEESCAPE: tmp[0] = (char)(cp - 0xDC00), n = 1; break;
            case ERR_BACKSLASH:
                char_escape(tmp, sizeof tmp, cp);
                n = strlen(tmp);
                break;
            default:
                n = (size_t)snprintf(tmp, sizeof tmp, "&#%u;", cp);
                break;
            }
        }
        if (n) {
            if (ev_bytes_reserve(I, o, o->len + n))
                goto fail;
            memcpy(o->data + o->len, src, n);
            o->len += n;
        }
        idx++;
    }
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}

ev_value ev_str_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (codec_args_are_str(I, "encode", argv[0], argv[1]))
        return EV_ERR;
    return encode_str(I, ev_as_str(self), argv[0], argv[1], EV_O_BYTES);
}

/* Length of the invalid or truncated UTF-8 sequence at p[0..n) (CPython's
 * decoder: the maximal valid prefix), with its reason; 0 when valid. */
static size_t utf8_bad(const unsigned char *p, size_t n, size_t *len, const char **why)
{
    unsigned char c = p[0];
    if (c < 0x80) {
        *len = 1;
        return 0;
    }
    int need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) need = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else {
        *why = "invalid start byte";
        return 1;
    }
    for (int k = 1; k <= need; k++) {
        if ((size_t)k >= n) {
            *why = "unexpected end of data";
            return (size_t)k;
        }
        unsigned char d = p[k];
        if (k == 1 ? (d < lo || d > hi) : (d < 0x80 || d > 0xBF)) {
            *why = "invalid continuation byte";
            return (size_t)k;
        }
    }
    *len = (size_t)need + 1;
    return 0;
}

ev_value ev_bytes_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int codec, eh;
    if (codec_args_are_str(I, "decode", argv[0], argv[1]))
        return EV_ERR;
    /* PyUnicode_Decode answers an empty input before it looks the codec up */
    if (ev_as_bytes(self)->len == 0)
        return ev_str_from_cstr(I, "");
    if (lookup_codec(I, argv[0], &codec) || lookup_errors(I, argv[1], &eh))
        return EV_ERR;
    ev_bytes *o = ev_as_bytes(self);
    if (ev_charge(I, (int64_t)(o->len / 256)))
        return EV_ERR;
    if (codec >= CODEC_UTF16)
        return decode_wide(I, self, codec, eh, argv[1], argv[0]);
    ev_buf b = {0};
    size_t i = 0;
    while (i < o->len) {
        const unsigned char *p = o->data + i;
        size_t good = 0, bad = 0;
        const char *why = "ordinal not in range(128)";
        if (*p < 0x80) {
            size_t j = i;
            while (j < o->len && o->data[j] < 0x80)
                j++;
            if (ev_buf_put(I, &b, (const char *)p, j - i))
                goto fail;
            i = j;
            continue;
        }
        char tmp[8];
        if (codec == CODEC_LATIN1) {
            tmp[0] = (char)(0xC0 | (*p >> 6));
            tmp[1] = (char)(0x80 | (*p & 0x3F));
            if (ev_buf_put(I, &b, tmp, 2))
                goto fail;
            i++;
            continue;
        }
        if (codec == CODEC_CP1252) {
            uint32_t c = *p >= 0xA0 ? *p : cp1252_high[*p - 0x80];
            if (c) {
                if (buf_put_cp(I, &b, c))
                    goto fail;
                i++;
                continue;
            }
            bad = 1;
            why = "character maps to <undefined>";
        } else if (codec == CODEC_ASCII)
            bad = 1;
        else
            bad = utf8_bad(p, o->len - i, &good, &why);
        if (!bad) {
            if (ev_buf_put(I, &b, (const char *)p, good))
                goto fail;
            i += good;
            continue;
        }
        if (handler_refuses(I, &eh, argv[1], argv[0], true, false))
            goto fail;
        switch (eh) {
        case ERR_STRICT:
            raise_decode_error(I, codec_names[codec], self, i, bad, why);
            goto fail;
        case ERR_IGNORE:
            break;
        case ERR_REPLACE:
            if (ev_buf_put(I, &b, "\xEF\xBF\xBD", 3))
                goto fail;
            break;
        case ERR_SURROGATEESCAPE: /* the bytes, all 0x80..0xFF here, as U+DC80..U+DCFF */
            for (size_t k = 0; k < bad; k++)
                if (buf_put_cp(I, &b, 0xDC00u + p[k]))
                    goto fail;
            break;
        default:
            for (size_t k = 0; k < bad; k++) {
                snprintf(tmp, sizeof tmp, "\\x%02x", p[k]);
                if (ev_buf_put(I, &b, tmp, 4))
                    goto fail;
            }
        }
        i += bad;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* ---- the kind table's rows (ev_obj.h) --------------------------------------------------- */

static bool bytes_truth(ev_value v) { return ev_as_bytes(v)->len != 0; }

static int bytes_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    return ev_bytes_hash(v, out);
}

const ev_kind_ops ev_bytes_ops = {
    .name = "bytes",
    .free = ev_bytes_free,
    .repr_buf = ev_bytes_repr,
    .truth = bytes_truth,
    .hash = bytes_hash,
};

const ev_kind_ops ev_bytearray_ops = {
    .name = "bytearray",
    .free = ev_bytes_free,
    .repr_buf = ev_bytes_repr,
    .truth = bytes_truth,
    .hash = ev_hash_unhashable,
};
