/*
 * str.c - the str type: UTF-8 storage with a cached code-point count,
 * indexing and slicing by code point, repr as CPython prints it, the common
 * methods, and the session buffer used to build strings.
 *
 * ASCII strings (the common case) index in O(1); others walk the bytes.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"
#include "evaluator/objects/str_int.h"

/* ---- construction -------------------------------------------------------------------- */

static size_t count_chars(const char *s, size_t len, bool *ascii)
{
    size_t n = 0, i = 0;
    bool a = true;
    /* eight bytes at a time while they are ASCII (the common case): every
     * string made passes here */
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080u)
            break;
        n += 8;
    }
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x80)
            a = false;
        if ((c & 0xC0) != 0x80)
            n++;
    }
    *ascii = a;
    return n;
}

ev_value ev_str_unchanged(ev_interp *I, ev_value s)
{
    if (!(s.u.o->flags & EV_OBJ_SUB))
        return ev_dup(s);
    return ev_str_new(I, ev_as_str(s)->data, ev_as_str(s)->len);
}

ev_value ev_str_new(ev_interp *I, const char *s, size_t len)
{
    if (len > SIZE_MAX / 2)
        return ev_raise_nomem(I);
    ev_str *o = ev_alloc(I, sizeof *o + len + 1);
    if (!o)
        return ev_raise_nomem(I);
    o->h.refcnt = 1;
    o->h.kind = EV_O_STR;
    o->h.flags = 0;
    o->hash = -1;
    o->len = len;
    o->interned = false;
    if (len)
        memcpy(o->data, s, len);
    o->data[len] = '\0';
    o->nchars = count_chars(s, len, &o->ascii);
    return ev_obj_val(&o->h);
}

ev_value ev_str_from_cstr(ev_interp *I, const char *s)
{
    return ev_str_new(I, s, strlen(s));
}

static ev_str *intern_slow(ev_interp *I, const char *s, size_t len);

ev_str *ev_intern(ev_interp *I, const char *s, size_t len)
{
    /* the pointer picks the entry; the bytes decide (a buffer is reused) */
    struct ev_interncache *c = &I->interncache[(((uintptr_t)s >> 3) ^ len) & 63];
    if (c->p == s && c->s && c->s->len == len && memcmp(c->s->data, s, len) == 0)
        return c->s;
    ev_str *r = intern_slow(I, s, len);
    if (r) {
        c->p = s;
        c->s = r;
    }
    return r;
}

static ev_str *intern_slow(ev_interp *I, const char *s, size_t len)
{
    ev_value key = ev_str_new(I, s, len);
    if (EV_IS_ERR(key))
        return NULL;
    ev_value out;
    int f = ev_dict_get(I, I->interned, key, &out);
    if (f < 0) {
        ev_decref(I, key);
        return NULL;
    }
    if (f == 1) {
        ev_decref(I, key);
        ev_decref(I, out); /* the intern table keeps it alive */
        return ev_as_str(out);
    }
    ev_as_str(key)->interned = true;
    /* key -> key, so a lookup hands back the canonical string */
    if (ev_dict_set(I, I->interned, key, key)) {
        ev_decref(I, key);
        return NULL;
    }
    ev_decref(I, key);
    return ev_as_str(key);
}

bool ev_str_eq(const ev_str *a, const ev_str *b)
{
    return a == b || (a->len == b->len && memcmp(a->data, b->data, a->len) == 0);
}

/* UTF-8 byte order equals code point order. */
int ev_str_cmp(const ev_str *a, const ev_str *b)
{
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->data, b->data, n);
    if (c)
        return c;
    return (a->len > b->len) - (a->len < b->len);
}

ev_value ev_str_concat(ev_interp *I, ev_str *a, ev_str *b)
{
    if (ev_mem_reserve(I, a->len + b->len) || ev_charge(I, (int64_t)((a->len + b->len) / 1024)))
        return EV_ERR;
    ev_str *o = ev_alloc(I, sizeof *o + a->len + b->len + 1);
    if (!o)
        return ev_raise_nomem(I);
    o->h.refcnt = 1;
    o->h.kind = EV_O_STR;
    o->h.flags = 0;
    o->hash = -1;
    o->interned = false;
    o->len = a->len + b->len;
    memcpy(o->data, a->data, a->len);
    memcpy(o->data + a->len, b->data, b->len);
    o->data[o->len] = '\0';
    o->nchars = a->nchars + b->nchars;
    o->ascii = a->ascii && b->ascii;
    return ev_obj_val(&o->h);
}

int ev_str_append_inplace(ev_interp *I, ev_value *slot, ev_value bv)
{
    if (!ev_is(*slot, EV_O_STR) || !ev_is(bv, EV_O_STR))
        return 0;
    ev_str *a = ev_as_str(*slot), *b = ev_as_str(bv);
    if (a->h.refcnt != 1 || a->interned || (a->h.flags & EV_OBJ_STATIC) || a == b)
        return 0;
    size_t need = sizeof *a + a->len + b->len + 1;
    if (need > ev_alloc_size(a)) {
        size_t cap = need + need / 2;
        if (ev_mem_reserve(I, cap - ev_alloc_size(a)))
            return -1;
        ev_str *na = ev_realloc(I, a, cap);
        if (!na) {
            ev_raise_nomem(I);
            return -1;
        }
        a = na;
        slot->u.o = &a->h;
    }
    memcpy(a->data + a->len, b->data, b->len);
    a->len += b->len;
    a->data[a->len] = '\0';
    a->nchars += b->nchars;
    a->ascii = a->ascii && b->ascii;
    a->hash = -1;
    return 1;
}

ev_value ev_str_repeat(ev_interp *I, ev_str *s, int64_t n)
{
    if (n <= 0 || s->len == 0)
        return ev_str_new(I, "", 0);
    /* CPython's answers before allocating (unicode_repeat, PyUnicode_New):
     * a length past PY_SSIZE_T_MAX is an OverflowError, a size in bytes
     * past it (1, 2 or 4 bytes a character) a MemoryError; both catchable */
    if ((uint64_t)n > (uint64_t)INT64_MAX / s->nchars)
        return ev_raise(I, &ev_type_OverflowError, "repeated string is too long");
    uint64_t nchars = (uint64_t)n * s->nchars, width = 1;
    for (size_t pos = 0; !s->ascii && pos < s->len && width < 4;) {
        int32_t cp = ev_str_decode_at(s->data, s->len, &pos);
        width = cp >= 0x10000 ? 4 : cp >= 0x100 && width < 2 ? 2 : width;
    }
    if (nchars > ((uint64_t)INT64_MAX - 80) / width - 1)
        return ev_raise_memory_error(I);
    if (ev_mem_reserve_n(I, (uint64_t)n, s->len))
        return EV_ERR;
    size_t total = s->len * (size_t)n;
    if (ev_charge(I, (int64_t)(total / 4096)))
        return EV_ERR;
    ev_str *o = ev_alloc(I, sizeof *o + total + 1);
    if (!o)
        return ev_raise_nomem(I);
    o->h.refcnt = 1;
    o->h.kind = EV_O_STR;
    o->h.flags = 0;
    o->hash = -1;
    o->interned = false;
    o->len = total;
    o->nchars = s->nchars * (size_t)n;
    o->ascii = s->ascii;
    /* doubling copy */
    memcpy(o->data, s->data, s->len);
    size_t done = s->len;
    while (done < total) {
        size_t k = done < total - done ? done : total - done;
        memcpy(o->data + done, o->data, k);
        done += k;
    }
    o->data[total] = '\0';
    return ev_obj_val(&o->h);
}

/* ---- code points ----------------------------------------------------------------------- */

int32_t ev_str_decode_at(const char *s, size_t len, size_t *pos)
{
    const unsigned char *u = (const unsigned char *)s + *pos;
    if (u[0] == 0xED && len - *pos >= 3 && u[1] >= 0xA0 && u[1] <= 0xBF && (u[2] & 0xC0) == 0x80) {
        /* a lone surrogate (see ev_str), which utf8proc rejects */
        *pos += 3;
        return 0xD000 | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F);
    }
    utf8proc_int32_t cp;
    utf8proc_ssize_t n = utf8proc_iterate((const utf8proc_uint8_t *)s + *pos,
                                          (utf8proc_ssize_t)(len - *pos), &cp);
    if (n <= 0) {
        (*pos)++;
        return 0xFFFD;
    }
    *pos += (size_t)n;
    return cp;
}

size_t ev_utf8_surrogate_find(const char *s, size_t n)
{
    for (const char *p = memchr(s, 0xED, n); p; p = memchr(p + 1, 0xED, n - (size_t)(p + 1 - s)))
        if ((size_t)(p - s) + 1 < n && (unsigned char)p[1] >= 0xA0)
            return (size_t)(p - s);
    return n;
}

/* Byte offset of code point index i (0 <= i <= nchars). */
static size_t byte_offset(const ev_str *s, size_t i)
{
    if (s->ascii)
        return i;
    size_t pos = 0, k = 0;
    while (k < i && pos < s->len) {
        pos++;
        while (pos < s->len && ((unsigned char)s->data[pos] & 0xC0) == 0x80)
            pos++;
        k++;
    }
    return pos;
}

ev_value ev_str_char_at(ev_interp *I, ev_str *s, size_t *bytepos)
{
    size_t start = *bytepos;
    size_t pos = start + 1;
    while (pos < s->len && ((unsigned char)s->data[pos] & 0xC0) == 0x80)
        pos++;
    *bytepos = pos;
    return ev_str_new(I, s->data + start, pos - start);
}

ev_value ev_str_getitem(ev_interp *I, ev_str *s, ev_value key)
{
    if (ev_is_slice(key)) {
        /* a slice (see interp.c: slices travel as flagged 3-tuples) */
        ev_tuple *t = ev_as_tuple(key);
        int64_t start, stop, step, count;
        if (ev_slice_indices(I, t->items[0], t->items[1], t->items[2], (int64_t)s->nchars, &start,
                             &stop, &step, &count))
            return EV_ERR;
        if (count <= 0)
            return ev_str_new(I, "", 0);
        /* s[:] is s, as CPython's unicode_subscript (an exact str) */
        if (step == 1 && (size_t)count == s->nchars && !(s->h.flags & EV_OBJ_SUB))
            return ev_dup(ev_obj_val(&s->h));
        if (ev_charge(I, (int64_t)((size_t)count / 256 + (s->ascii ? 0 : s->len / 256))))
            return EV_ERR;
        if (step == 1) {
            size_t b0 = byte_offset(s, (size_t)start);
            size_t b1 = byte_offset(s, (size_t)(start + count));
            return ev_str_new(I, s->data + b0, b1 - b0);
        }
        ev_buf b = {0};
        if (s->ascii) {
            for (int64_t i = 0, k = start; i < count; i++, k += step)
                if (ev_buf_put(I, &b, s->data + k, 1)) {
                    ev_buf_free(I, &b);
                    return EV_ERR;
                }
        } else {
            /* offsets of every code point, then pick */
            size_t *offs = ev_alloc(I, (s->nchars + 1) * sizeof *offs);
            if (!offs)
                return ev_raise_nomem(I);
            size_t pos = 0;
            for (size_t i = 0; i <= s->nchars; i++) {
                offs[i] = pos;
                if (pos < s->len)
                    ev_str_decode_at(s->data, s->len, &pos);
            }
            for (int64_t i = 0, k = start; i < count; i++, k += step)
                if (ev_buf_put(I, &b, s->data + offs[k], offs[k + 1] - offs[k])) {
                    ev_dealloc(I, offs);
                    ev_buf_free(I, &b);
                    return EV_ERR;
                }
            ev_dealloc(I, offs);
        }
        return ev_buf_to_str(I, &b);
    }
    int64_t i;
    ev_value ix;
    int got = ev_index_try(I, key, &ix);
    if (got) {
        if (got < 0)
            return EV_ERR;
        ev_value r = ev_str_getitem(I, s, ix);
        ev_decref(I, ix);
        return r;
    }
    if (!ev_is_int(key))
        return ev_raise(I, &ev_type_TypeError, "string indices must be integers, not '%s'",
                        ev_type_name(key));
    if (ev_index(I, key, &i, "string indices"))
        return EV_ERR;
    int64_t n = (int64_t)s->nchars;
    if (i < 0)
        i += n;
    if (i < 0 || i >= n)
        return ev_raise(I, &ev_type_IndexError, "string index out of range");
    size_t pos = byte_offset(s, (size_t)i);
    return ev_str_char_at(I, s, &pos);
}

int ev_str_contains(ev_interp *I, ev_str *hay, ev_value needle)
{
    if (!ev_is(needle, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "'in <string>' requires string as left operand, not %s",
                 ev_type_name(needle));
        return -1;
    }
    ev_str *n = ev_as_str(needle);
    if (ev_charge(I, (int64_t)(hay->len / 1024)))
        return -1;
    return memmem(hay->data, hay->len, n->data, n->len) != NULL;
}

/* ---- repr -------------------------------------------------------------------------------- */

ev_value ev_str_repr(ev_interp *I, ev_str *s)
{
    bool has_sq = memchr(s->data, '\'', s->len) != NULL;
    bool has_dq = memchr(s->data, '"', s->len) != NULL;
    char q = (has_sq && !has_dq) ? '"' : '\'';
    ev_buf b = {0};
    if (ev_mem_reserve(I, s->len + 2) || ev_buf_put(I, &b, &q, 1))
        goto fail;
    size_t pos = 0;
    while (pos < s->len) {
        size_t start = pos;
        int32_t cp = ev_str_decode_at(s->data, s->len, &pos);
        char esc[16];
        const char *out = esc;
        size_t n;
        if (cp == q || cp == '\\') {
            esc[0] = '\\';
            esc[1] = (char)cp;
            n = 2;
        } else if (cp == '\n') {
            out = "\\n", n = 2;
        } else if (cp == '\r') {
            out = "\\r", n = 2;
        } else if (cp == '\t') {
            out = "\\t", n = 2;
        } else if (ev_str_cp_printable(cp)) {
            out = s->data + start;
            n = pos - start;
        } else if (cp < 0x100) {
            n = (size_t)snprintf(esc, sizeof esc, "\\x%02x", (unsigned)cp);
        } else if (cp < 0x10000) {
            n = (size_t)snprintf(esc, sizeof esc, "\\u%04x", (unsigned)cp);
        } else {
            n = (size_t)snprintf(esc, sizeof esc, "\\U%08x", (unsigned)cp);
        }
        if (ev_buf_put(I, &b, out, n))
            goto fail;
    }
    if (ev_buf_put(I, &b, &q, 1))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* ---- buffers ------------------------------------------------------------------------------ */

int ev_buf_put(ev_interp *I, ev_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1) {
            if (cap > SIZE_MAX / 4) {
                ev_raise_nomem(I);
                return -1;
            }
            cap *= 2;
        }
        char *nd = ev_realloc(I, b->data, cap);
        if (!nd) {
            ev_raise_nomem(I);
            return -1;
        }
        b->data = nd;
        b->cap = cap;
    }
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int ev_buf_puts(ev_interp *I, ev_buf *b, const char *s)
{
    return ev_buf_put(I, b, s, strlen(s));
}

int ev_buf_printf(ev_interp *I, ev_buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return 0;
    return ev_buf_put(I, b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

ev_value ev_buf_to_str(ev_interp *I, ev_buf *b)
{
    ev_value s = ev_str_new(I, b->data ? b->data : "", b->len);
    ev_buf_free(I, b);
    return s;
}

void ev_buf_free(ev_interp *I, ev_buf *b)
{
    ev_dealloc(I, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ---- methods --------------------------------------------------------------------------------- */

#define SELF ev_as_str(self)

/* v itself when a str, else CPython's TypeError "what, not TYPE" */
static ev_value want_str(ev_interp *I, ev_value v, const char *what)
{
    if (ev_is(v, EV_O_STR))
        return v;
    /* Argument Clinic's _PyArg_BadArgument names None "None" */
    return ev_raise(I, &ev_type_TypeError, "%s, not %s", what, v.tag == EV_T_NONE ? "None" : ev_type_name(v));
}

static ev_value m_join(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* As CPython's PySequence_Fast: the whole iterable first (a generator's
     * error wins over a bad item), then the items of that private list */
    ev_value it = ev_iter_msg(I, argv[0], "can only join an iterable");
    if (EV_IS_ERR(it))
        return it;
    ev_value items = ev_sequence_list(I, it);
    ev_decref(I, it);
    if (EV_IS_ERR(items))
        return items;
    ev_buf b = {0};
    ev_list *l = ev_as_list(items);
    for (size_t i = 0; i < l->len; i++) {
        ev_value x = l->items[i];
        if (!ev_is(x, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "sequence item %zu: expected str instance, %s found", i,
                     ev_type_name(x));
            goto fail;
        }
        int e = (i > 0 && ev_buf_put(I, &b, SELF->data, SELF->len)) ||
                ev_buf_put(I, &b, ev_as_str(x)->data, ev_as_str(x)->len);
        if (e || ev_charge(I, 1))
            goto fail;
    }
    ev_decref(I, items);
    (void)argc;
    return ev_buf_to_str(I, &b);
fail:
    ev_decref(I, items);
    ev_buf_free(I, &b);
    return EV_ERR;
}

static bool is_space_at(const char *s, size_t len, size_t pos, size_t *next)
{
    size_t p = pos;
    int32_t cp = ev_str_decode_at(s, len, &p);
    *next = p;
    if (cp < 0x80)
        return cp == ' ' || (cp >= 9 && cp <= 13) || (cp >= 0x1c && cp <= 0x1f);
    utf8proc_category_t c = utf8proc_category(cp);
    return c == UTF8PROC_CATEGORY_ZS || c == UTF8PROC_CATEGORY_ZL || c == UTF8PROC_CATEGORY_ZP ||
           cp == 0x85;
}

/* start of the UTF-8 character that ends at byte offset end (> 0) */
static size_t utf8_back(const char *s, size_t end)
{
    size_t k = end - 1;
    while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

static int list_add_str(ev_interp *I, ev_list *l, const char *s, size_t n)
{
    ev_value v = ev_str_new(I, s, n);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_list_append(I, l, v);
    ev_decref(I, v);
    return r;
}

static ev_value split_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                           const ev_kw *kw, bool right)
{
    /* declared "sep, maxsplit"; called with no arguments from rsplit below */
    ev_value sep = argc > 0 && !EV_IS_ERR(argv[0]) ? argv[0] : EV_NONE;
    int64_t maxsplit = -1;
    ev_value ms = argc > 1 ? argv[1] : EV_ERR;
    if (!EV_IS_ERR(ms) && ev_str_ssize_arg(I, ms, &maxsplit))
        return EV_ERR;
    ev_value res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        return res;
    ev_list *l = ev_as_list(res);
    const char *s = SELF->data;
    size_t len = SELF->len;
    if (sep.tag == EV_T_NONE) {
        if (right) {
            /* collect forward, then keep the last maxsplit+1 fields */
            ev_value all = split_impl(I, self, 0, NULL, NULL, false);
            ev_decref(I, res);
            if (EV_IS_ERR(all) || maxsplit < 0 || (int64_t)ev_as_list(all)->len <= maxsplit)
                return all;
            ev_decref(I, all);
            /* rare: rsplit(None, n) - scan from the right */
            res = ev_list_new(I, 0);
            if (EV_IS_ERR(res))
                return res;
            l = ev_as_list(res);
            /* fields from the right; the last one (maxsplit reached) is
             * everything before it, leading whitespace kept, as CPython */
            size_t end = len;
            int64_t done = 0;
            while (end > 0) {
                size_t k, nx;
                while (end > 0 && is_space_at(s, len, (k = utf8_back(s, end)), &nx))
                    end = k;
                if (end == 0)
                    break;
                size_t st = end;
                if (done == maxsplit)
                    st = 0;
                else
                    while (st > 0 && !is_space_at(s, len, (k = utf8_back(s, st)), &nx))
                        st = k;
                if (list_add_str(I, l, s + st, end - st))
                    goto fail;
                done++;
                end = st;
                if (ev_tick(I))
                    goto fail;
            }
            /* reverse */
            for (size_t i = 0; i < l->len / 2; i++) {
                ev_value t = l->items[i];
                l->items[i] = l->items[l->len - 1 - i];
                l->items[l->len - 1 - i] = t;
            }
            return res;
        }
        size_t pos = 0, next;
        int64_t done = 0;
        while (pos < len) {
            while (pos < len && is_space_at(s, len, pos, &next))
                pos = next;
            if (pos >= len)
                break;
            size_t start = pos;
            if (maxsplit >= 0 && done >= maxsplit) {
                /* the rest, trailing whitespace kept, as CPython */
                if (list_add_str(I, l, s + start, len - start))
                    goto fail;
                break;
            }
            while (pos < len && !is_space_at(s, len, pos, &next))
                pos = next;
            if (list_add_str(I, l, s + start, pos - start))
                goto fail;
            done++;
            if (ev_tick(I))
                goto fail;
        }
        return res;
    }
    if (EV_IS_ERR(want_str(I, sep, "must be str or None")))
        goto fail;
    ev_str *sp = ev_as_str(sep);
    if (sp->len == 0) {
        ev_raise(I, &ev_type_ValueError, "empty separator");
        goto fail;
    }
    if (!right) {
        size_t pos = 0;
        int64_t done = 0;
        for (;;) {
            const char *hit = (maxsplit >= 0 && done >= maxsplit)
                                  ? NULL
                                  : memmem(s + pos, len - pos, sp->data, sp->len);
            if (!hit) {
                if (list_add_str(I, l, s + pos, len - pos))
                    goto fail;
                break;
            }
            if (list_add_str(I, l, s + pos, (size_t)(hit - (s + pos))))
                goto fail;
            pos = (size_t)(hit - s) + sp->len;
            done++;
            if (ev_tick(I))
                goto fail;
        }
        return res;
    }
    size_t end = len;
    int64_t done = 0;
    for (;;) {
        const char *hit = NULL;
        if (!(maxsplit >= 0 && done >= maxsplit) && end >= sp->len) {
            for (size_t k = end - sp->len + 1; k-- > 0;)
                if (memcmp(s + k, sp->data, sp->len) == 0) {
                    hit = s + k;
                    break;
                }
        }
        if (!hit) {
            if (list_add_str(I, l, s, end))
                goto fail;
            break;
        }
        size_t after = (size_t)(hit - s) + sp->len;
        if (list_add_str(I, l, s + after, end - after))
            goto fail;
        end = (size_t)(hit - s);
        done++;
    }
    for (size_t i = 0; i < l->len / 2; i++) {
        ev_value t = l->items[i];
        l->items[i] = l->items[l->len - 1 - i];
        l->items[l->len - 1 - i] = t;
    }
    return res;
fail:
    ev_decref(I, res);
    return EV_ERR;
}

static ev_value m_split(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return split_impl(I, self, argc, argv, kw, false);
}

static ev_value m_rsplit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return split_impl(I, self, argc, argv, kw, true);
}

static bool in_chars(const ev_str *chars, int32_t cp)
{
    size_t pos = 0;
    while (pos < chars->len)
        if (ev_str_decode_at(chars->data, chars->len, &pos) == cp)
            return true;
    return false;
}

static ev_value strip_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, int which)
{
    if (ev_charge(I, (int64_t)(SELF->len / 1024)))
        return EV_ERR;
    ev_str *s = SELF, *chars = NULL;
    if (argc > 0 && argv[0].tag != EV_T_NONE) {
        if (!ev_is(argv[0], EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "%sstrip arg must be None or str",
                            which == 3 ? "" : which == 1 ? "l" : "r");
        chars = ev_as_str(argv[0]);
    }
    size_t start = 0, end = s->len;
    if (which & 1) {
        while (start < end) {
            size_t p = start, nx;
            bool strip = chars ? in_chars(chars, ev_str_decode_at(s->data, s->len, &p))
                               : is_space_at(s->data, s->len, start, &nx);
            if (!chars)
                p = nx;
            if (!strip)
                break;
            start = p;
        }
    }
    if (which & 2) {
        while (end > start) {
            size_t k = end - 1;
            while (k > start && ((unsigned char)s->data[k] & 0xC0) == 0x80)
                k--;
            size_t p = k, nx;
            bool strip = chars ? in_chars(chars, ev_str_decode_at(s->data, s->len, &p))
                               : is_space_at(s->data, s->len, k, &nx);
            if (!strip)
                break;
            end = k;
        }
    }
    if (start == 0 && end == s->len && !(self.u.o->flags & EV_OBJ_SUB)) {
        /* nothing stripped: the same object, as CPython (id(s.strip()) == id(s)) */
        ev_incref(self);
        return self;
    }
    return ev_str_new(I, s->data + start, end - start);
}

static ev_value m_strip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return strip_impl(I, self, argc, argv, 3); }
static ev_value m_lstrip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return strip_impl(I, self, argc, argv, 1); }
static ev_value m_rstrip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return strip_impl(I, self, argc, argv, 2); }

static ev_value m_replace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_IS_ERR(want_str(I, argv[0], "replace() argument 1 must be str")) ||
        EV_IS_ERR(want_str(I, argv[1], "replace() argument 2 must be str")))
        return EV_ERR;
    int64_t count = -1;
    if (argc > 2 && ev_str_ssize_arg(I, argv[2], &count))
        return EV_ERR;
    ev_str *s = SELF, *old = ev_as_str(argv[0]), *new = ev_as_str(argv[1]);
    ev_buf b = {0};
    size_t pos = 0;
    int64_t done = 0;
    if (old->len == 0) {
        /* insert `new` between every code point */
        while (count < 0 || done < count) {
            if (ev_buf_put(I, &b, new->data, new->len))
                goto fail;
            done++;
            if (pos >= s->len)
                break;
            size_t p = pos;
            ev_str_decode_at(s->data, s->len, &p);
            if (ev_buf_put(I, &b, s->data + pos, p - pos) || ev_tick(I))
                goto fail;
            pos = p;
        }
        if (ev_buf_put(I, &b, s->data + pos, s->len - pos))
            goto fail;
        return ev_buf_to_str(I, &b);
    }
    while (count < 0 || done < count) {
        const char *hit = memmem(s->data + pos, s->len - pos, old->data, old->len);
        if (!hit)
            break;
        size_t at = (size_t)(hit - s->data);
        if (ev_buf_put(I, &b, s->data + pos, at - pos) || ev_buf_put(I, &b, new->data, new->len) ||
            ev_tick(I))
            goto fail;
        pos = at + old->len;
        done++;
    }
    if (ev_buf_put(I, &b, s->data + pos, s->len - pos))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* Resolve optional start/end (code points) to byte offsets. */
static int range_args(ev_interp *I, ev_str *s, int argc, const ev_value *argv, int first,
                      size_t *b0, size_t *b1, int64_t *c0)
{
    int64_t n = (int64_t)s->nchars, start = 0, end = n;
    if (argc > first && argv[first].tag != EV_T_NONE && ev_slice_index(I, argv[first], true, &start))
        return -1;
    if (argc > first + 1 && argv[first + 1].tag != EV_T_NONE &&
        ev_slice_index(I, argv[first + 1], true, &end))
        return -1;
    if (start < 0) start += n;
    if (start < 0) start = 0;
    if (end < 0) end += n;
    if (end < 0) end = 0;
    if (end > n) end = n;
    if (start > n) {
        *b0 = s->len + 1; /* marks empty-and-beyond */
        *b1 = s->len;
        *c0 = start;
        return 0;
    }
    *c0 = start;
    *b0 = byte_offset(s, (size_t)start);
    *b1 = end < start ? *b0 : byte_offset(s, (size_t)end);
    return 0;
}

static int64_t chars_before(ev_str *s, size_t byte)
{
    if (s->ascii)
        return (int64_t)byte;
    int64_t n = 0;
    for (size_t i = 0; i < byte; i++)
        if (((unsigned char)s->data[i] & 0xC0) != 0x80)
            n++;
    return n;
}

static ev_value find_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool rev,
                          bool raise)
{
    if (ev_charge(I, (int64_t)(SELF->len / 1024)))
        return EV_ERR;
    ev_str *s = SELF;
    size_t b0, b1;
    int64_t c0;
    /* CPython reads start and end before it checks the substring's type */
    if (range_args(I, s, argc, argv, 1, &b0, &b1, &c0))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "must be str, not %s", ev_type_name(argv[0]));
    ev_str *sub = ev_as_str(argv[0]);
    int64_t found = -1;
    if (b0 <= s->len && b1 >= b0 && b1 - b0 >= sub->len) {
        if (!rev) {
            const char *h = memmem(s->data + b0, b1 - b0, sub->data, sub->len);
            if (h)
                found = chars_before(s, (size_t)(h - s->data));
        } else {
            for (size_t k = b1 - sub->len + 1; k-- > b0;) {
                if (memcmp(s->data + k, sub->data, sub->len) == 0 &&
                    ((unsigned char)s->data[k] & 0xC0) != 0x80) {
                    found = chars_before(s, k);
                    break;
                }
            }
        }
    }
    if (found < 0 && raise)
        return ev_raise(I, &ev_type_ValueError, "substring not found");
    return ev_int(found);
}

static ev_value m_find(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return find_impl(I, self, argc, argv, false, false); }
static ev_value m_rfind(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return find_impl(I, self, argc, argv, true, false); }
static ev_value m_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return find_impl(I, self, argc, argv, false, true); }
static ev_value m_rindex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return find_impl(I, self, argc, argv, true, true); }

static ev_value m_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_str *s = SELF;
    size_t b0, b1;
    int64_t c0;
    if (range_args(I, s, argc, argv, 1, &b0, &b1, &c0))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "must be str, not %s", ev_type_name(argv[0]));
    ev_str *sub = ev_as_str(argv[0]);
    if (b0 > s->len)
        return ev_int(0);
    if (sub->len == 0)
        return ev_int(chars_before(s, b1) - chars_before(s, b0) + 1);
    int64_t n = 0;
    size_t pos = b0;
    while (pos < b1) {
        const char *h = memmem(s->data + pos, b1 - pos, sub->data, sub->len);
        if (!h)
            break;
        n++;
        pos = (size_t)(h - s->data) + sub->len;
    }
    return ev_int(n);
}

static ev_value affix_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool end)
{
    ev_str *s = SELF;
    size_t b0, b1;
    int64_t c0;
    if (range_args(I, s, argc, argv, 1, &b0, &b1, &c0))
        return EV_ERR;
    ev_value p = argv[0];
    const ev_value *cands = &p;
    size_t nc = 1;
    if (ev_is(p, EV_O_TUPLE)) {
        cands = ev_as_tuple(p)->items;
        nc = ev_as_tuple(p)->len;
    }
    for (size_t i = 0; i < nc; i++) {
        if (!ev_is(cands[i], EV_O_STR)) {
            if (ev_is(p, EV_O_TUPLE))
                return ev_raise(I, &ev_type_TypeError, "tuple for %s must only contain str, not %s",
                                end ? "endswith" : "startswith", ev_type_name(cands[i]));
            return ev_raise(I, &ev_type_TypeError,
                            "%s first arg must be str or a tuple of str, not %s",
                            end ? "endswith" : "startswith", ev_type_name(p));
        }
        ev_str *a = ev_as_str(cands[i]);
        if (b0 > s->len || b1 < b0 || b1 - b0 < a->len)
            continue;
        const char *at = end ? s->data + b1 - a->len : s->data + b0;
        if (memcmp(at, a->data, a->len) == 0)
            return EV_TRUE;
    }
    return EV_FALSE;
}

static ev_value m_startswith(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return affix_impl(I, self, argc, argv, false); }
static ev_value m_endswith(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return affix_impl(I, self, argc, argv, true); }

static ev_value pad_impl(ev_interp *I, ev_value self, int argc, const ev_value *argv, int align)
{
    int64_t width;
    if (ev_str_ssize_arg(I, argv[0], &width))
        return EV_ERR;
    const char *fill = " ";
    size_t flen = 1;
    if (argc > 1) {
        if (!ev_is(argv[1], EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "The fill character must be a unicode character, not %s",
                            ev_type_name(argv[1]));
        if (ev_as_str(argv[1])->nchars != 1)
            return ev_raise(I, &ev_type_TypeError,
                            "The fill character must be exactly one character long");
        fill = ev_as_str(argv[1])->data;
        flen = ev_as_str(argv[1])->len;
    }
    ev_str *s = SELF;
    if (width <= (int64_t)s->nchars)
        return ev_str_unchanged(I, self);
    size_t pad = (size_t)width - s->nchars;
    if (ev_mem_reserve(I, pad * flen + s->len))
        return EV_ERR;
    size_t left = align == 0 ? 0 : align == 2 ? pad : pad / 2 + (pad & (size_t)width & 1);
    size_t right = pad - left;
    ev_buf b = {0};
    for (size_t i = 0; i < left; i++)
        if (ev_buf_put(I, &b, fill, flen))
            goto fail;
    if (ev_buf_put(I, &b, s->data, s->len))
        goto fail;
    for (size_t i = 0; i < right; i++)
        if (ev_buf_put(I, &b, fill, flen))
            goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static ev_value m_ljust(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad_impl(I, self, argc, argv, 0); }
static ev_value m_center(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad_impl(I, self, argc, argv, 1); }
static ev_value m_rjust(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad_impl(I, self, argc, argv, 2); }

static ev_value m_zfill(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    int64_t width;
    if (ev_str_ssize_arg(I, argv[0], &width))
        return EV_ERR;
    ev_str *s = SELF;
    if (width <= (int64_t)s->nchars)
        return ev_str_unchanged(I, self);
    size_t pad = (size_t)width - s->nchars;
    if (ev_mem_reserve(I, pad + s->len))
        return EV_ERR;
    ev_buf b = {0};
    size_t skip = (s->len > 0 && (s->data[0] == '+' || s->data[0] == '-')) ? 1 : 0;
    if (ev_buf_put(I, &b, s->data, skip))
        goto fail;
    for (size_t i = 0; i < pad; i++)
        if (ev_buf_put(I, &b, "0", 1))
            goto fail;
    if (ev_buf_put(I, &b, s->data + skip, s->len - skip))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* keepends is an int (CPython's bool(accept={int}) converter): anything
 * without __index__ is a TypeError, an int past the C int range an
 * OverflowError.  *keep is its truth. */
int ev_keepends_arg(ev_interp *I, ev_value v, bool *keep)
{
    if (ev_is(v, EV_O_INT) && !ev_is_subint(v)) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    int64_t n;
    if (ev_index(I, v, &n, NULL))
        return -1;
    if (n < INT32_MIN || n > INT32_MAX) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *keep = n != 0;
    return 0;
}

static ev_value m_splitlines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool keep = false;
    if (argc > 0 && !EV_IS_ERR(argv[0]) && ev_keepends_arg(I, argv[0], &keep))
        return EV_ERR;
    ev_value res = ev_list_new(I, 0);
    if (EV_IS_ERR(res))
        return res;
    ev_str *s = SELF;
    size_t pos = 0, start = 0;
    while (pos < s->len) {
        size_t p = pos;
        int32_t cp = ev_str_decode_at(s->data, s->len, &p);
        bool brk = cp == '\n' || cp == '\r' || cp == '\v' || cp == '\f' || cp == 0x1c ||
                   cp == 0x1d || cp == 0x1e || cp == 0x85 || cp == 0x2028 || cp == 0x2029;
        if (!brk) {
            pos = p;
            continue;
        }
        size_t eol = p;
        if (cp == '\r' && p < s->len && s->data[p] == '\n')
            eol = p + 1;
        if (list_add_str(I, ev_as_list(res), s->data + start, (keep ? eol : pos) - start)) {
            ev_decref(I, res);
            return EV_ERR;
        }
        pos = start = eol;
    }
    if (start < s->len && list_add_str(I, ev_as_list(res), s->data + start, s->len - start)) {
        ev_decref(I, res);
        return EV_ERR;
    }
    return res;
}


/* partition / rpartition: (head, sep, tail) around the first / last sep */
static ev_value partition_impl(ev_interp *I, ev_value self, ev_value sepv, bool right)
{
    if (!ev_is(sepv, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "must be str, not %s", ev_type_name(sepv));
    ev_str *s = SELF, *sep = ev_as_str(sepv);
    if (sep->len == 0)
        return ev_raise(I, &ev_type_ValueError, "empty separator");
    if (ev_charge(I, (int64_t)(s->len / 1024)))
        return EV_ERR;
    const char *hit = NULL;
    if (!right) {
        hit = memmem(s->data, s->len, sep->data, sep->len);
    } else if (s->len >= sep->len) {
        for (size_t k = s->len - sep->len + 1; k-- > 0;)
            if (memcmp(s->data + k, sep->data, sep->len) == 0) {
                hit = s->data + k;
                break;
            }
    }
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    ev_value parts[3];
    if (!hit) {
        parts[0] = right ? ev_str_new(I, "", 0) : ev_dup(self);
        parts[1] = ev_str_new(I, "", 0);
        parts[2] = right ? ev_dup(self) : ev_str_new(I, "", 0);
    } else {
        size_t at = (size_t)(hit - s->data);
        parts[0] = ev_str_new(I, s->data, at);
        parts[1] = ev_dup(sepv);
        parts[2] = ev_str_new(I, s->data + at + sep->len, s->len - at - sep->len);
    }
    for (int i = 0; i < 3; i++) {
        if (EV_IS_ERR(parts[i])) {
            for (int k = 0; k < 3; k++)
                if (!EV_IS_ERR(parts[k]))
                    ev_decref(I, parts[k]);
            ev_decref(I, t);
            return EV_ERR;
        }
        ev_as_tuple(t)->items[i] = parts[i];
    }
    return t;
}

static ev_value m_partition(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; return partition_impl(I, self, argv[0], false); }
static ev_value m_rpartition(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; return partition_impl(I, self, argv[0], true); }

static ev_value affix_remove(ev_interp *I, ev_value self, ev_value av, bool suffix)
{
    if (!ev_is(av, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "%s() argument must be str, not %s",
                        suffix ? "removesuffix" : "removeprefix", ev_type_name(av));
    ev_str *s = SELF, *a = ev_as_str(av);
    if (a->len == 0 || a->len > s->len ||
        memcmp(suffix ? s->data + s->len - a->len : s->data, a->data, a->len) != 0)
        return ev_str_unchanged(I, self);
    return ev_str_new(I, suffix ? s->data : s->data + a->len, s->len - a->len);
}

static ev_value m_removeprefix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; return affix_remove(I, self, argv[0], false); }
static ev_value m_removesuffix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; return affix_remove(I, self, argv[0], true); }

const ev_builtin_def ev_str_methods[] = {
    {"join", m_join, 1, 1, 0},
    {"split", m_split, 0, 2, 0, "sep, maxsplit"},
    {"rsplit", m_rsplit, 0, 2, 0, "sep, maxsplit"},
    {"upper", ev_str_m_upper, 0, 0, 0},
    {"lower", ev_str_m_lower, 0, 0, 0},
    {"title", ev_str_m_title, 0, 0, 0},
    {"swapcase", ev_str_m_swapcase, 0, 0, 0},
    {"capitalize", ev_str_m_capitalize, 0, 0, 0},
    {"strip", m_strip, 0, 1, 0},
    {"lstrip", m_lstrip, 0, 1, 0},
    {"rstrip", m_rstrip, 0, 1, 0},
    {"replace", m_replace, 2, 3, 0},
    {"find", m_find, 1, 3, 0},
    {"rfind", m_rfind, 1, 3, 0},
    {"index", m_index, 1, 3, 0},
    {"rindex", m_rindex, 1, 3, 0},
    {"count", m_count, 1, 3, 0},
    {"startswith", m_startswith, 1, 3, 0},
    {"endswith", m_endswith, 1, 3, 0},
    {"isdigit", ev_str_m_isdigit, 0, 0, 0},
    {"isalpha", ev_str_m_isalpha, 0, 0, 0},
    {"isalnum", ev_str_m_isalnum, 0, 0, 0},
    {"isspace", ev_str_m_isspace, 0, 0, 0},
    {"isupper", ev_str_m_isupper, 0, 0, 0},
    {"istitle", ev_str_m_istitle, 0, 0, 0},
    {"islower", ev_str_m_islower, 0, 0, 0},
    {"isdecimal", ev_str_m_isdecimal, 0, 0, 0},
    {"isnumeric", ev_str_m_isnumeric, 0, 0, 0},
    {"isascii", ev_str_m_isascii, 0, 0, 0},
    {"isidentifier", ev_str_m_isidentifier, 0, 0, 0},
    {"isprintable", ev_str_m_isprintable, 0, 0, 0},
    {"expandtabs", ev_str_m_expandtabs, 0, 1, 0, "tabsize"},
    {"translate", ev_str_m_translate, 1, 1, 0},
    {"ljust", m_ljust, 1, 2, 0},
    {"rjust", m_rjust, 1, 2, 0},
    {"center", m_center, 1, 2, 0},
    {"zfill", m_zfill, 1, 1, 0},
    {"splitlines", m_splitlines, 0, 1, 0, "keepends"},
    {"partition", m_partition, 1, 1, 0},
    {"rpartition", m_rpartition, 1, 1, 0},
    {"removeprefix", m_removeprefix, 1, 1, 0},
    {"removesuffix", m_removesuffix, 1, 1, 0},
    {"casefold", ev_str_m_casefold, 0, 0, 0},
    {"format", ev_str_format_method, 0, -1, EV_BF_KWANY},
    {"format_map", ev_str_format_map_method, 1, 1, 0},
    {"encode", ev_str_encode, 0, 2, 0, "encoding, errors"},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_str_type_methods[] = {
    {"maketrans", ev_str_t_maketrans, 1, 3, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- the type ---------------------------------------------------------------------------- */

static ev_value ctor_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0 && !EV_KW_N(kw))
        return ev_str_new(I, "", 0);
    if (argc == 1 && !EV_KW_N(kw))
        return ev_to_str(I, argv[0]);
    /* str(object, encoding, errors): decoding bytes */
    static const ev_builtin_def def = {"str", NULL, 0, 3, 0, "object, encoding, errors"};
    ev_value a[3];
    if (ev_args_bind(I, &def, argc, argv, kw, a, 3) < 0)
        return EV_ERR;
    if (EV_IS_ERR(a[1]) && EV_IS_ERR(a[2]))
        return EV_IS_ERR(a[0]) ? ev_str_new(I, "", 0) : ev_to_str(I, a[0]);
    for (int i = 1; i < 3; i++)
        if (!EV_IS_ERR(a[i]) && !ev_is(a[i], EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "str() argument '%s' must be str, not %s",
                            i == 1 ? "encoding" : "errors", a[i].tag == EV_T_NONE ? "None" : ev_type_name(a[i]));
    if (EV_IS_ERR(a[0]))
        return ev_str_new(I, "", 0);
    if (ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "decoding str is not supported");
    if (!ev_is_byteslike(a[0]))
        return ev_raise(I, &ev_type_TypeError, "decoding to str: need a bytes-like object, %s found",
                        ev_type_name(a[0]));
    return ev_bytes_decode(I, a[0], 2, a + 1, NULL);
}

ev_type ev_type_str = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "str",
    .call = ctor_str, .methods = ev_str_methods, .min_args = 0, .max_args = -1, .kwflags = EV_BF_KWANY,
    .type_methods = ev_str_type_methods};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static ev_value str_repr(ev_interp *I, ev_value v) { return ev_str_repr(I, ev_as_str(v)); }

static int str_repr_buf(ev_interp *I, ev_buf *b, ev_value v)
{
    return ev_buf_put_strval(I, b, ev_str_repr(I, ev_as_str(v)));
}

static bool str_truth(ev_value v) { return ev_as_str(v)->len != 0; }

/* a str subclass's (ev_hash answers a plain str itself, from its kept hash) */
static int str_hash(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    *out = ev_str_hash(ev_as_str(v));
    return 0;
}

/* a str's text is in its block: nothing to free */
const ev_kind_ops ev_str_ops = {
    .name = "str",
    .repr = str_repr,
    .repr_buf = str_repr_buf,
    .truth = str_truth,
    .hash = str_hash,
};
