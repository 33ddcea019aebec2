/*
 * bytes_methods.c - the methods of bytes and bytearray (bytearray's return
 * bytearrays where bytes' return bytes), bytearray's mutators, hex and
 * fromhex, and bytes % args.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"

#define B(v) ev_as_bytes(v)
#define KIND(v) ((ev_kind)(v).u.o->kind)

static bool has(const ev_value *argv, int argc, int i) { return i < argc && !EV_IS_ERR(argv[i]); }

static ev_value like(ev_interp *I, ev_value self, const void *p, size_t n)
{
    return ev_bytes_new(I, KIND(self), p, n);
}

static int app(ev_interp *I, ev_bytes *o, const void *p, size_t n)
{
    if (!n)
        return 0;
    if (ev_bytes_reserve(I, o, o->len + n))
        return -1;
    memcpy(o->data + o->len, p, n);
    o->len += n;
    return 0;
}

/* The sub argument of find/count/index...: bytes-like or an int (or an
 * object with __index__, which may resize self: callers read self after). */
static int sub_arg(ev_interp *I, ev_value v, unsigned char *one, const unsigned char **p, size_t *n)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL || ev_is(v, EV_O_INT) ||
        (ev_is_user(v) && !ev_buffer_bytes(v) && ev_user_has_special(I, v, "__index__"))) {
        int byte;
        if (ev_byte_value(I, v, &byte))
            return -1;
        *one = (unsigned char)byte;
        *p = one;
        *n = 1;
        return 0;
    }
    ev_bytes *vb = ev_buffer_bytes(v);
    if (!vb) {
        ev_raise(I, &ev_type_TypeError, "argument should be integer or bytes-like object, not '%s'",
                 ev_type_name(v));
        return -1;
    }
    *p = vb->data;
    *n = vb->len;
    return 0;
}

/* start/end arguments as CPython's stringlib: both converted (their
 * __index__ may resize self), then the sub argument if sub is given, then
 * adjusted to self's length as it is after all of them. */
static int range_args(ev_interp *I, ev_value self, int argc, const ev_value *argv, int at, int64_t *s,
                      int64_t *e, const ev_value *sub, unsigned char *one, const unsigned char **p, size_t *n)
{
    int64_t raw[2] = {0, 0};
    bool set[2] = {false, false};
    for (int k = 0; k < 2; k++) {
        if (!has(argv, argc, at + k) || argv[at + k].tag == EV_T_NONE)
            continue;
        if (ev_slice_index(I, argv[at + k], true, &raw[k]))
            return -1;
        set[k] = true;
    }
    if (sub && sub_arg(I, *sub, one, p, n))
        return -1;
    size_t len = B(self)->len;
    *s = 0, *e = (int64_t)len;
    for (int k = 0; k < 2; k++) {
        if (!set[k])
            continue;
        int64_t x = raw[k];
        if (x < 0) {
            x += (int64_t)len;
            if (x < 0)
                x = 0;
        }
        if (x > (int64_t)len && k == 1)
            x = (int64_t)len;
        *(k ? e : s) = x;
    }
    return 0;
}

static int64_t find_in(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool rev)
{
    unsigned char one;
    const unsigned char *n;
    size_t nn;
    int64_t s, e;
    if (range_args(I, self, argc, argv, 1, &s, &e, &argv[0], &one, &n, &nn))
        return -2;
    if (ev_charge(I, (int64_t)(B(self)->len / 256)))
        return -2;
    const unsigned char *h = B(self)->data;
    if (s > (int64_t)B(self)->len || e - s < (int64_t)nn)
        return -1;
    if (!rev) {
        for (int64_t i = s; i + (int64_t)nn <= e; i++)
            if (nn == 0 || memcmp(h + i, n, nn) == 0)
                return i;
    } else {
        for (int64_t i = e - (int64_t)nn; i >= s; i--)
            if (nn == 0 || memcmp(h + i, n, nn) == 0)
                return i;
    }
    return -1;
}

static ev_value m_find(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t r = find_in(I, self, argc, argv, false);
    return r == -2 ? EV_ERR : ev_int(r);
}

static ev_value m_rfind(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t r = find_in(I, self, argc, argv, true);
    return r == -2 ? EV_ERR : ev_int(r);
}

static ev_value m_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t r = find_in(I, self, argc, argv, false);
    if (r == -1)
        return ev_raise(I, &ev_type_ValueError, "subsection not found");
    return r == -2 ? EV_ERR : ev_int(r);
}

static ev_value m_rindex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t r = find_in(I, self, argc, argv, true);
    if (r == -1)
        return ev_raise(I, &ev_type_ValueError, "subsection not found");
    return r == -2 ? EV_ERR : ev_int(r);
}

static ev_value m_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    unsigned char one;
    const unsigned char *n;
    size_t nn;
    int64_t s, e;
    if (range_args(I, self, argc, argv, 1, &s, &e, &argv[0], &one, &n, &nn))
        return EV_ERR;
    if (ev_charge(I, (int64_t)(B(self)->len / 256)))
        return EV_ERR;
    if (s > (int64_t)B(self)->len || e < s)
        return ev_int(0);
    if (nn == 0)
        return ev_int(e - s + 1);
    int64_t c = 0;
    for (int64_t i = s; i + (int64_t)nn <= e;) {
        if (memcmp(B(self)->data + i, n, nn) == 0) {
            c++;
            i += (int64_t)nn;
        } else {
            i++;
        }
    }
    return ev_int(c);
}

static ev_value affix(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool end)
{
    int64_t s, e;
    if (range_args(I, self, argc, argv, 1, &s, &e, NULL, NULL, NULL, NULL))
        return EV_ERR;
    ev_value x = argv[0];
    size_t cnt = 1;
    const ev_value *items = &x;
    if (ev_is(x, EV_O_TUPLE)) {
        cnt = ev_as_tuple(x)->len;
        items = ev_as_tuple(x)->items;
    }
    for (size_t k = 0; k < cnt; k++) {
        ev_bytes *ib = ev_buffer_bytes(items[k]);
        if (!ib)
            return ev_raise(I, &ev_type_TypeError,
                            ev_is(x, EV_O_TUPLE)
                                ? "a bytes-like object is required, not '%s'"
                                : (end ? "endswith first arg must be bytes or a tuple of bytes, not %s"
                                       : "startswith first arg must be bytes or a tuple of bytes, not %s"),
                            ev_type_name(items[k]));
        size_t nn = ib->len;
        if (s > (int64_t)B(self)->len || e - s < (int64_t)nn)
            continue;
        const unsigned char *at = B(self)->data + (end ? e - (int64_t)nn : s);
        if (nn == 0 || memcmp(at, ib->data, nn) == 0)
            return EV_TRUE;
    }
    return EV_FALSE;
}

static ev_value m_startswith(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return affix(I, self, argc, argv, false);
}

static ev_value m_endswith(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return affix(I, self, argc, argv, true);
}

static bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static bool is_lower(unsigned char c) { return c >= 'a' && c <= 'z'; }
static bool is_upper(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(unsigned char c) { return is_lower(c) || is_upper(c); }

static ev_value strip(ev_interp *I, ev_value self, int argc, const ev_value *argv, int which)
{
    const unsigned char *chars = NULL;
    size_t nc = 0;
    if (has(argv, argc, 0) && argv[0].tag != EV_T_NONE && ev_bytes_view(I, argv[0], &chars, &nc))
        return EV_ERR;
    const unsigned char *d = B(self)->data;
    size_t s = 0, e = B(self)->len;
#define STRIPPED(c) (chars ? (nc && memchr(chars, (c), nc) != NULL) : is_space(c))
    if (which & 1)
        while (s < e && STRIPPED(d[s]))
            s++;
    if (which & 2)
        while (e > s && STRIPPED(d[e - 1]))
            e--;
#undef STRIPPED
    if (s == 0 && e == B(self)->len && KIND(self) == EV_O_BYTES && !(self.u.o->flags & EV_OBJ_SUB)) {
        /* nothing stripped from a bytes: the same object, as CPython */
        ev_incref(self);
        return self;
    }
    return like(I, self, d ? d + s : NULL, e - s);
}

static ev_value m_strip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return strip(I, self, argc, argv, 3);
}

static ev_value m_lstrip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return strip(I, self, argc, argv, 1);
}

static ev_value m_rstrip(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return strip(I, self, argc, argv, 2);
}

static ev_value map_bytes(ev_interp *I, ev_value self, int mode)
{
    ev_value r = like(I, self, B(self)->data, B(self)->len);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *d = B(r)->data;
    bool start = true;
    for (size_t i = 0; i < B(r)->len; i++) {
        unsigned char c = d[i];
        switch (mode) {
        case 0: if (is_lower(c)) c -= 32; break;                     /* upper */
        case 1: if (is_upper(c)) c += 32; break;                     /* lower */
        case 2: c = is_lower(c) ? c - 32 : is_upper(c) ? c + 32 : c; break; /* swapcase */
        case 3: /* capitalize */
            c = i == 0 ? (is_lower(c) ? c - 32 : c) : (is_upper(c) ? c + 32 : c);
            break;
        default: /* title */
            if (is_alpha(c)) {
                c = start ? (is_lower(c) ? c - 32 : c) : (is_upper(c) ? c + 32 : c);
                start = false;
            } else {
                start = true;
            }
        }
        d[i] = (unsigned char)c;
    }
    return r;
}

static ev_value m_upper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return map_bytes(I, self, 0); }
static ev_value m_lower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return map_bytes(I, self, 1); }
static ev_value m_swapcase(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return map_bytes(I, self, 2); }
static ev_value m_capitalize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return map_bytes(I, self, 3); }
static ev_value m_title(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return map_bytes(I, self, 4); }

static ev_value test_all(ev_value self, bool (*f)(unsigned char))
{
    if (B(self)->len == 0)
        return EV_FALSE;
    for (size_t i = 0; i < B(self)->len; i++)
        if (!f(B(self)->data[i]))
            return EV_FALSE;
    return EV_TRUE;
}

static bool is_alnum(unsigned char c) { return is_alpha(c) || is_digit(c); }
static bool is_ascii(unsigned char c) { return c < 0x80; }

static ev_value m_isdigit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return test_all(self, is_digit); }
static ev_value m_isalpha(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return test_all(self, is_alpha); }
static ev_value m_isalnum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return test_all(self, is_alnum); }
static ev_value m_isspace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return test_all(self, is_space); }

static ev_value m_isascii(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return B(self)->len == 0 ? EV_TRUE : test_all(self, is_ascii);
}

static ev_value cased(ev_value self, bool upper)
{
    bool any = false;
    for (size_t i = 0; i < B(self)->len; i++) {
        unsigned char c = B(self)->data[i];
        if (upper ? is_lower(c) : is_upper(c))
            return EV_FALSE;
        any |= upper ? is_upper(c) : is_lower(c);
    }
    return ev_bool(any);
}

static ev_value m_isupper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return cased(self, true); }
static ev_value m_islower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return cased(self, false); }

static ev_value m_istitle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool any = false, prev_cased = false;
    for (size_t i = 0; i < B(self)->len; i++) {
        unsigned char c = B(self)->data[i];
        if (is_upper(c)) {
            if (prev_cased)
                return EV_FALSE;
            prev_cased = any = true;
        } else if (is_lower(c)) {
            if (!prev_cased)
                return EV_FALSE;
            prev_cased = any = true;
        } else {
            prev_cased = false;
        }
    }
    return ev_bool(any);
}

/* split on runs of ASCII whitespace, or on sep */
static ev_value split(ev_interp *I, ev_value self, int argc, const ev_value *argv, bool rev)
{
    const unsigned char *sep = NULL;
    size_t ns = 0;
    int64_t maxsplit = -1;
    /* maxsplit is converted by the argument parser, before sep is looked at */
    if (has(argv, argc, 1)) {
        if (!ev_is_int(argv[1]))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[1]));
        if (ev_ssize_arg(I, argv[1], &maxsplit))
            return EV_ERR;
    }
    if (has(argv, argc, 0) && argv[0].tag != EV_T_NONE) {
        if (ev_bytes_view(I, argv[0], &sep, &ns))
            return EV_ERR;
        if (ns == 0)
            return ev_raise(I, &ev_type_ValueError, "empty separator");
        if (!sep)
            sep = (const unsigned char *)"";
    }
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        return out;
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len;
    if (ev_charge(I, (int64_t)(len / 64)))
        goto fail;
    /* pieces collected as (start, end) pairs, reversed at the end for rsplit */
    if (!rev) {
        size_t i = 0;
        int64_t done = 0;
        if (!sep) {
            for (;;) {
                while (i < len && is_space(d[i]))
                    i++;
                if (i >= len)
                    break;
                size_t j = i;
                if (maxsplit >= 0 && done >= maxsplit) {
                    j = len; /* the rest, trailing whitespace kept */
                } else {
                    while (j < len && !is_space(d[j]))
                        j++;
                }
                ev_value piece = like(I, self, d + i, j - i);
                if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece)) {
                    ev_decref(I, piece);
                    goto fail;
                }
                ev_decref(I, piece);
                done++;
                i = j;
                if (maxsplit >= 0 && done > maxsplit)
                    break;
            }
        } else {
            for (;;) {
                const unsigned char *f = NULL;
                if (maxsplit < 0 || done < maxsplit)
                    f = len - i >= ns ? memmem(d + i, len - i, sep, ns) : NULL;
                size_t j = f ? (size_t)(f - d) : len;
                ev_value piece = like(I, self, d ? d + i : NULL, j - i);
                if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece)) {
                    ev_decref(I, piece);
                    goto fail;
                }
                ev_decref(I, piece);
                if (!f)
                    break;
                done++;
                i = j + ns;
            }
        }
        return out;
    }
    /* rsplit: scan from the right, insert at the front */
    size_t e = len;
    int64_t done = 0;
    for (;;) {
        size_t s;
        if (!sep) {
            while (e > 0 && is_space(d[e - 1]))
                e--;
            if (e == 0)
                break;
            s = e;
            if (maxsplit >= 0 && done >= maxsplit) {
                s = 0; /* the rest, leading whitespace kept */
            } else {
                while (s > 0 && !is_space(d[s - 1]))
                    s--;
            }
        } else {
            s = 0;
            bool found = false;
            if (maxsplit < 0 || done < maxsplit)
                for (size_t k = e; k >= ns; k--)
                    if (memcmp(d + k - ns, sep, ns) == 0) {
                        s = k;
                        found = true;
                        break;
                    }
            if (!found)
                s = 0;
            ev_value piece = like(I, self, d ? d + s : NULL, e - s);
            if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece)) {
                ev_decref(I, piece);
                goto fail;
            }
            ev_decref(I, piece);
            if (!found)
                break;
            done++;
            e = s - ns;
            continue;
        }
        ev_value piece = like(I, self, d + s, e - s);
        if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece)) {
            ev_decref(I, piece);
            goto fail;
        }
        ev_decref(I, piece);
        done++;
        e = s;
        if (!sep && maxsplit >= 0 && done > maxsplit)
            break;
    }
    {
        ev_list *l = ev_as_list(out);
        for (size_t a = 0, z = l->len; a + 1 < z; a++, z--) {
            ev_value t = l->items[a];
            l->items[a] = l->items[z - 1];
            l->items[z - 1] = t;
        }
    }
    return out;
fail:
    ev_decref(I, out);
    return EV_ERR;
}

static ev_value m_split_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return split(I, self, argc, argv, false);
}

static ev_value m_rsplit_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return split(I, self, argc, argv, true);
}

static ev_value m_join(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value it = ev_iter_msg(I, argv[0], "can only join an iterable");
    if (EV_IS_ERR(it))
        return it;
    ev_value items = ev_sequence_list(I, it);
    ev_decref(I, it);
    if (EV_IS_ERR(items))
        return items;
    ev_value r = like(I, self, NULL, 0);
    if (EV_IS_ERR(r))
        goto fail;
    ev_list *l = ev_as_list(items);
    for (size_t i = 0; i < l->len; i++) {
        ev_bytes *ib = ev_buffer_bytes(l->items[i]);
        if (!ib) {
            ev_raise(I, &ev_type_TypeError, "sequence item %zu: expected a bytes-like object, %s found", i,
                     ev_type_name(l->items[i]));
            goto fail;
        }
        if (ev_tick(I) || (i && app(I, B(r), B(self)->data, B(self)->len)) || app(I, B(r), ib->data, ib->len))
            goto fail;
    }
    ev_decref(I, items);
    return r;
fail:
    ev_decref(I, items);
    ev_decref(I, r);
    return EV_ERR;
}

static ev_value m_replace_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *old, *new_;
    size_t no, nn;
    if (ev_bytes_view(I, argv[0], &old, &no) || ev_bytes_view(I, argv[1], &new_, &nn))
        return EV_ERR;
    int64_t count = -1;
    if (argc > 2) {
        if (argv[2].tag != EV_T_INT && argv[2].tag != EV_T_BOOL)
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[2]));
        count = argv[2].u.i;
    }
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len;
    ev_value r = like(I, self, NULL, 0);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(len / 64)))
        goto fail;
    size_t i = 0;
    int64_t done = 0;
    if (no == 0) {
        /* insert new before every byte and at the end */
        for (; i <= len && (count < 0 || done < count); i++, done++) {
            if (ev_tick(I) || app(I, B(r), new_, nn) || (i < len && app(I, B(r), d + i, 1)))
                goto fail;
        }
        if (i <= len && app(I, B(r), d + i, len - i))
            goto fail;
        return r;
    }
    while (i < len) {
        const unsigned char *f = (count < 0 || done < count) && len - i >= no ? memmem(d + i, len - i, old, no) : NULL;
        size_t j = f ? (size_t)(f - d) : len;
        if (app(I, B(r), d + i, j - i))
            goto fail;
        if (!f)
            break;
        if (app(I, B(r), new_, nn) || ev_tick(I))
            goto fail;
        done++;
        i = j + no;
    }
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}

static ev_value partition(ev_interp *I, ev_value self, ev_value sepv, bool rev)
{
    const unsigned char *sep;
    size_t ns;
    if (ev_bytes_view(I, sepv, &sep, &ns))
        return EV_ERR;
    if (ns == 0)
        return ev_raise(I, &ev_type_ValueError, "empty separator");
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len;
    int64_t at = -1;
    if (len >= ns) {
        if (!rev) {
            const unsigned char *f = memmem(d, len, sep, ns);
            at = f ? f - d : -1;
        } else {
            for (size_t k = len - ns + 1; k-- > 0;)
                if (memcmp(d + k, sep, ns) == 0) {
                    at = (int64_t)k;
                    break;
                }
        }
    }
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    ev_value parts[3];
    if (at < 0) {
        parts[rev ? 2 : 0] = like(I, self, d, len);
        parts[1] = like(I, self, NULL, 0);
        parts[rev ? 0 : 2] = like(I, self, NULL, 0);
    } else {
        parts[0] = like(I, self, d, (size_t)at);
        parts[1] = like(I, self, sep, ns);
        parts[2] = like(I, self, d + at + ns, len - (size_t)at - ns);
    }
    bool bad = false;
    for (int k = 0; k < 3; k++) {
        bad |= EV_IS_ERR(parts[k]);
        ev_as_tuple(t)->items[k] = EV_IS_ERR(parts[k]) ? EV_NONE : parts[k];
    }
    if (bad) {
        ev_decref(I, t);
        return EV_ERR;
    }
    return t;
}

static ev_value m_partition(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return partition(I, self, argv[0], false);
}

static ev_value m_rpartition(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return partition(I, self, argv[0], true);
}

static ev_value m_removeprefix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    size_t len = B(self)->len;
    if (n && n <= len && memcmp(B(self)->data, p, n) == 0)
        return like(I, self, B(self)->data + n, len - n);
    return like(I, self, B(self)->data, len);
}

static ev_value m_removesuffix(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    size_t len = B(self)->len;
    if (n && n <= len && memcmp(B(self)->data + len - n, p, n) == 0)
        return like(I, self, B(self)->data, len - n);
    return like(I, self, B(self)->data, len);
}

static ev_value pad(ev_interp *I, ev_value self, int argc, const ev_value *argv, int where)
{
    if (argv[0].tag != EV_T_INT && argv[0].tag != EV_T_BOOL)
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(argv[0]));
    unsigned char fill = ' ';
    if (argc > 1) {
        if (!ev_is_byteslike(argv[1]) || B(argv[1])->len != 1)
            return ev_raise(I, &ev_type_TypeError,
                            "%s() argument 2 must be a byte string of length 1, not %s",
                            where == 0 ? "ljust" : where == 1 ? "rjust" : "center", ev_type_name(argv[1]));
        fill = B(argv[1])->data[0];
    }
    int64_t w = argv[0].u.i;
    size_t len = B(self)->len;
    if (w <= (int64_t)len)
        return like(I, self, B(self)->data, len);
    if (ev_mem_reserve_n(I, (uint64_t)w, 1))
        return EV_ERR;
    size_t total = (size_t)w, extra = total - len, left;
    if (where == 0)
        left = 0;
    else if (where == 1)
        left = extra;
    else
        left = extra / 2 + (extra & total & 1); /* CPython's centring */
    ev_value r = like(I, self, NULL, total);
    if (EV_IS_ERR(r))
        return r;
    memset(B(r)->data, fill, total);
    if (len)
        memcpy(B(r)->data + left, B(self)->data, len);
    return r;
}

static ev_value m_ljust_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad(I, self, argc, argv, 0); }
static ev_value m_rjust_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad(I, self, argc, argv, 1); }
static ev_value m_center_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return pad(I, self, argc, argv, 2); }

static ev_value m_zfill_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argv[0].tag != EV_T_INT && argv[0].tag != EV_T_BOOL)
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(argv[0]));
    ev_value a[2] = {argv[0], EV_ERR};
    ev_value r = pad(I, self, 1, a, 1);
    if (EV_IS_ERR(r))
        return r;
    size_t len = B(self)->len, extra = B(r)->len - len;
    unsigned char *d = B(r)->data;
    if (extra) {
        memset(d, '0', extra);
        if (len && (d[extra] == '+' || d[extra] == '-')) {
            d[0] = d[extra];
            d[extra] = '0';
        }
    }
    return r;
}

static ev_value m_splitlines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool keep = false;
    if (has(argv, argc, 0) && ev_keepends_arg(I, argv[0], &keep))
        return EV_ERR;
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        return out;
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len, i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && d[j] != '\n' && d[j] != '\r')
            j++;
        size_t eol = j;
        if (j < len)
            j += (d[j] == '\r' && j + 1 < len && d[j + 1] == '\n') ? 2 : 1;
        ev_value piece = like(I, self, d + i, (keep ? j : eol) - i);
        if (EV_IS_ERR(piece) || ev_list_append(I, ev_as_list(out), piece)) {
            ev_decref(I, piece);
            ev_decref(I, out);
            return EV_ERR;
        }
        ev_decref(I, piece);
        i = j;
    }
    return out;
}

static ev_value m_hex_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const char *sep = NULL;
    int64_t per = 1;
    /* the argument parser converts bytes_per_sep before sep is looked at */
    if (has(argv, argc, 1)) {
        if (!ev_is_int(argv[1]))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[1]));
        /* a C int */
        if (ev_is(argv[1], EV_O_INT) || argv[1].u.i > INT32_MAX || argv[1].u.i < INT32_MIN)
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        per = argv[1].u.i;
    }
    if (has(argv, argc, 0)) {
        ev_value s = argv[0];
        if (ev_is(s, EV_O_STR) && ev_as_str(s)->nchars == 1 && !ev_as_str(s)->ascii)
            return ev_raise(I, &ev_type_ValueError, "sep must be ASCII.");
        if (ev_is(s, EV_O_STR) && ev_as_str(s)->len == 1 && ev_as_str(s)->ascii)
            sep = ev_as_str(s)->data;
        else if (ev_is_byteslike(s) && B(s)->len == 1)
            sep = (const char *)B(s)->data;
        else if (ev_is(s, EV_O_STR) || ev_is_byteslike(s))
            return ev_raise(I, &ev_type_ValueError, "sep must be length 1.");
        else {
            /* CPython takes len(sep) before its type */
            int64_t n;
            if (ev_len(I, s, &n))
                return EV_ERR;
            return n != 1 ? ev_raise(I, &ev_type_ValueError, "sep must be length 1.")
                          : ev_raise(I, &ev_type_TypeError, "sep must be str or bytes.");
        }
    }
    size_t len = B(self)->len;
    if (ev_charge(I, (int64_t)(len / 64)))
        return EV_ERR;
    ev_buf b = {0};
    uint64_t ap = per < 0 ? (uint64_t)(-(per + 1)) + 1 : (uint64_t)per;
    for (size_t i = 0; i < len; i++) {
        char tmp[3];
        snprintf(tmp, sizeof tmp, "%02x", B(self)->data[i]);
        /* a separator every |per| bytes, counted from the right when per > 0 */
        if (sep && per != 0 && i > 0) {
            bool put = per > 0 ? (len - i) % ap == 0 : i % ap == 0;
            if (put && ev_buf_put(I, &b, sep, 1))
                goto fail;
        }
        if (ev_buf_put(I, &b, tmp, 2))
            goto fail;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static ev_value fromhex(ev_interp *I, ev_kind kind, ev_value s)
{
    if (!ev_is(s, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "fromhex() argument must be str, not %s", ev_type_name(s));
    const unsigned char *p = (const unsigned char *)ev_as_str(s)->data;
    size_t len = ev_as_str(s)->len, i = 0;
    ev_value r = ev_bytes_new(I, kind, NULL, 0);
    if (EV_IS_ERR(r))
        return r;
    size_t pos = 0; /* in code points, for the message */
    while (i < len) {
        if (is_space(p[i])) {
            i++, pos++;
            continue;
        }
        int hi = hexval(p[i]);
        int lo = i + 1 < len ? hexval(p[i + 1]) : -1;
        if (hi < 0 || lo < 0) {
            size_t at = hi < 0 ? pos : pos + 1;
            ev_raise(I, &ev_type_ValueError, "non-hexadecimal number found in fromhex() arg at position %zu", at);
            ev_decref(I, r);
            return EV_ERR;
        }
        unsigned char c = (unsigned char)(hi * 16 + lo);
        if (app(I, B(r), &c, 1)) {
            ev_decref(I, r);
            return EV_ERR;
        }
        i += 2, pos += 2;
    }
    return r;
}

/* called on the type: self is the type */
/* expandtabs(tabsize=8): columns restart after \n and \r */
static ev_value m_expandtabs_body(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t tab = 8;
    if (has(argv, argc, 0)) {
        if (argv[0].tag != EV_T_INT && argv[0].tag != EV_T_BOOL && !ev_is(argv[0], EV_O_INT))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[0]));
        if (ev_is(argv[0], EV_O_INT))
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        tab = argv[0].u.i;
        if (tab > INT32_MAX || tab < INT32_MIN)
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
    }
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len;
    uint64_t total = 0, col = 0;
    for (size_t i = 0; i < len; i++) { /* the size first: a huge tabsize fails before allocating */
        if (d[i] == '\t') {
            if (tab > 0) {
                total += (uint64_t)tab - col % (uint64_t)tab;
                col += (uint64_t)tab - col % (uint64_t)tab;
            }
        } else {
            total++;
            col = d[i] == '\n' || d[i] == '\r' ? 0 : col + 1;
        }
        if (total > SIZE_MAX / 4)
            return ev_raise_limit(I, "memory");
    }
    ev_value r = ev_bytes_new(I, KIND(self), NULL, (size_t)total);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = B(r)->data;
    col = 0;
    for (size_t i = 0; i < len; i++) {
        if (d[i] == '\t') {
            if (tab > 0) {
                uint64_t n = (uint64_t)tab - col % (uint64_t)tab;
                memset(o, ' ', n);
                o += n;
                col += n;
            }
        } else {
            *o++ = d[i];
            col = d[i] == '\n' || d[i] == '\r' ? 0 : col + 1;
        }
    }
    return r;
}

/* translate(table, /, delete=b''): table None or 256 bytes */
static ev_value m_translate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *table = NULL, *del = NULL;
    size_t tn = 0, dn = 0;
    if (argv[0].tag != EV_T_NONE) {
        if (ev_bytes_view(I, argv[0], &table, &tn))
            return EV_ERR;
        if (tn != 256)
            return ev_raise(I, &ev_type_ValueError, "translation table must be 256 characters long");
    }
    if (has(argv, argc, 1) && ev_bytes_view(I, argv[1], &del, &dn))
        return EV_ERR;
    bool drop[256] = {false};
    for (size_t i = 0; i < dn; i++)
        drop[del[i]] = true;
    const unsigned char *d = B(self)->data;
    size_t len = B(self)->len, k = 0;
    ev_value r = ev_bytes_new(I, KIND(self), NULL, len);
    if (EV_IS_ERR(r))
        return r;
    for (size_t i = 0; i < len; i++)
        if (!drop[d[i]])
            B(r)->data[k++] = table ? table[d[i]] : d[i];
    B(r)->len = k;
    return r;
}

/* bytes.maketrans(frm, to): a 256-byte table, static on both types */
static ev_value t_maketrans(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *f, *t;
    size_t fn, tn;
    if (ev_bytes_view(I, argv[0], &f, &fn) || ev_bytes_view(I, argv[1], &t, &tn))
        return EV_ERR;
    if (fn != tn)
        return ev_raise(I, &ev_type_ValueError, "maketrans arguments must have same length");
    ev_value r = ev_bytes_new(I, EV_O_BYTES, NULL, 256);
    if (EV_IS_ERR(r))
        return r;
    for (int i = 0; i < 256; i++)
        B(r)->data[i] = (unsigned char)i;
    for (size_t i = 0; i < fn; i++)
        B(r)->data[f[i]] = t[i];
    return r;
}

static ev_value t_fromhex(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *t = ev_is(self, EV_O_TYPE) ? ev_solid_base((ev_type *)self.u.o) : NULL;
    ev_kind k = t == &ev_type_bytearray ? EV_O_BYTEARRAY : EV_O_BYTES;
    return ev_alt_ctor_result(I, self, fromhex(I, k, argv[0]));
}

/* ---- bytearray mutators ---------------------------------------------------------------- */

static ev_value m_append(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int byte;
    if (ev_byte_value(I, argv[0], &byte))
        return EV_ERR;
    unsigned char c = (unsigned char)byte;
    return app(I, B(self), &c, 1) ? EV_ERR : EV_NONE;
}

/* bytearray.extend(x) as CPython's bytearray_extend: a bytes-like x is
 * copied; anything else is iterated (its length hint asked after its
 * iterator is made) into a bytearray of its own, appended only once whole,
 * so a bad item leaves self as it was. */
static ev_value m_extend(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value src = argv[0];
    if (ev_is_byteslike(src)) {
        ev_value c = ev_bytes_new(I, EV_O_BYTES, ev_as_bytes(src)->data, ev_as_bytes(src)->len);
        if (EV_IS_ERR(c))
            return c;
        int e = app(I, B(self), B(c)->data, B(c)->len);
        ev_decref(I, c);
        return e ? EV_ERR : EV_NONE;
    }
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it)) {
        if (!I->limit && ev_type_of(I->exc) == &ev_type_TypeError) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            ev_raise(I, &ev_type_TypeError, "can't extend bytearray with %s", ev_type_name(src));
        }
        return EV_ERR;
    }
    int64_t hint;
    size_t pre;
    ev_value tmp = EV_ERR;
    if (ev_length_hint(I, src, 32, &hint) || ev_hint_presize(I, hint, 1, 4096, &pre))
        goto fail;
    tmp = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
    if (EV_IS_ERR(tmp) || (pre && ev_bytes_reserve(I, B(tmp), pre)))
        goto fail;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        int byte;
        int e = ev_byte_value(I, x, &byte);
        ev_decref(I, x);
        if (e || ev_bytes_reserve(I, B(tmp), B(tmp)->len + 1) || ev_tick(I))
            goto fail;
        B(tmp)->data[B(tmp)->len++] = (unsigned char)byte;
    }
    ev_decref(I, it);
    int e = app(I, B(self), B(tmp)->data, B(tmp)->len);
    ev_decref(I, tmp);
    return e ? EV_ERR : EV_NONE;
fail:
    ev_decref(I, it);
    if (!EV_IS_ERR(tmp))
        ev_decref(I, tmp);
    return EV_ERR;
}

/* CPython's argument clinic converts the index (its __index__) and then
 * the item (_getbytevalue) before the length is read. */
static ev_value m_insert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t i;
    if (ev_index(I, argv[0], &i, NULL))
        return EV_ERR;
    int byte;
    if (ev_byte_value(I, argv[1], &byte))
        return EV_ERR;
    ev_bytes *o = B(self);
    int64_t n = (int64_t)o->len;
    if (i < 0)
        i = i + n < 0 ? 0 : i + n;
    if (i > n)
        i = n;
    if (ev_bytes_reserve(I, o, o->len + 1))
        return EV_ERR;
    memmove(o->data + i + 1, o->data + i, o->len - (size_t)i);
    o->data[i] = (unsigned char)byte;
    o->len++;
    return EV_NONE;
}

static ev_value m_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t i = -1;
    if (argc > 0 && ev_index(I, argv[0], &i, NULL))
        return EV_ERR;
    ev_bytes *o = B(self); /* read after the index's __index__ */
    if (o->len == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from empty bytearray");
    if (i < 0)
        i += (int64_t)o->len;
    if (i < 0 || i >= (int64_t)o->len)
        return ev_raise(I, &ev_type_IndexError, "pop index out of range");
    int v = o->data[i];
    memmove(o->data + i, o->data + i + 1, o->len - (size_t)i - 1);
    o->len--;
    return ev_int(v);
}

static ev_value m_remove(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int byte;
    if (ev_byte_value(I, argv[0], &byte))
        return EV_ERR;
    ev_bytes *o = B(self);
    unsigned char *f = o->len ? memchr(o->data, byte, o->len) : NULL;
    if (!f)
        return ev_raise(I, &ev_type_ValueError, "value not found in bytearray");
    memmove(f, f + 1, o->len - (size_t)(f - o->data) - 1);
    o->len--;
    return EV_NONE;
}

static ev_value m_reverse(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_bytes *o = B(self);
    for (size_t i = 0, j = o->len; i + 1 < j; i++, j--) {
        unsigned char t = o->data[i];
        o->data[i] = o->data[j - 1];
        o->data[j - 1] = t;
    }
    return EV_NONE;
}

static ev_value m_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    B(self)->len = 0;
    return EV_NONE;
}

static ev_value m_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return like(I, self, B(self)->data, B(self)->len);
}

/* ---- bytes % args ------------------------------------------------------------------------ */

/* printf-style formatting: %s/%b take bytes-like objects, %r/%a the
 * ASCII repr, the numeric conversions go through str % and are encoded. */
static ev_value bytes_percent(ev_interp *I, ev_value fmt, ev_kind kind, ev_value args);

ev_value ev_bytes_percent(ev_interp *I, ev_value fmt, ev_value args)
{
    /* The arguments' __index__/__float__/__repr__ may resize a bytearray
     * format while we read it (CPython reads its buffer in place, freed or
     * not): format from a private copy instead. */
    ev_value own = ev_bytes_new(I, EV_O_BYTES, B(fmt)->data, B(fmt)->len);
    if (EV_IS_ERR(own))
        return own;
    ev_value r = bytes_percent(I, own, KIND(fmt), args);
    ev_decref(I, own);
    return r;
}

static ev_value bytes_percent(ev_interp *I, ev_value fmt, ev_kind kind, ev_value args)
{
    const unsigned char *f = B(fmt)->data;
    size_t len = B(fmt)->len;
    size_t nargs = 1, ai = 0;
    const ev_value *av = &args;
    if (ev_is(args, EV_O_TUPLE)) {
        nargs = ev_as_tuple(args)->len;
        av = ev_as_tuple(args)->items;
    }
    ev_dict *map = ev_is(args, EV_O_DICT) ? ev_as_dict(args) : NULL;
    /* any other object with __getitem__ (not str or bytes-like) is taken
     * as a mapping too, which silences "not all arguments converted" */
    bool maplike = ev_is(args, EV_O_LIST) || ev_is(args, EV_O_RANGE) || ev_is(args, EV_O_BIGRANGE) ||
                   (ev_is_user(args) && !ev_is(args, EV_O_STR) && !ev_is_byteslike(args) &&
                    !ev_is(args, EV_O_TUPLE) && ev_user_has_special(I, args, "__getitem__"));
    ev_value r = ev_bytes_new(I, kind, NULL, 0);
    if (EV_IS_ERR(r))
        return r;
    size_t i = 0;
    while (i < len) {
        const unsigned char *pc = memchr(f + i, '%', len - i);
        size_t j = pc ? (size_t)(pc - f) : len;
        if (app(I, B(r), f + i, j - i))
            goto fail;
        if (!pc)
            break;
        size_t k = j + 1;
        if (k < len && f[k] == '%') {
            if (app(I, B(r), "%", 1))
                goto fail;
            i = k + 1;
            continue;
        }
        if (map || (k < len && f[k] == '(')) {
            ev_raise(I, &ev_type_NotImplementedError, "bytes %% with a mapping is not supported by safepy yet");
            goto fail;
        }
        /* flags, width, precision: kept for the str formatter */
        size_t spec0 = k;
        while (k < len && strchr("-+ #0123456789.", f[k]))
            k++;
        if (k >= len) {
            ev_raise(I, &ev_type_ValueError, "incomplete format");
            goto fail;
        }
        if (memchr(f + spec0, '*', k - spec0)) {
            ev_raise(I, &ev_type_NotImplementedError, "bytes %% with '*' widths is not supported by safepy yet");
            goto fail;
        }
        unsigned char conv = f[k];
        if (ai >= nargs) {
            ev_raise(I, &ev_type_TypeError, "not enough arguments for format string");
            goto fail;
        }
        ev_value a = av[ai++];
        ev_value piece = EV_ERR;
        char spec[64];
        size_t sl = k - spec0;
        if (sl > 40) {
            ev_raise(I, &ev_type_ValueError, "format specification too long");
            goto fail;
        }
        if (conv == 's' || conv == 'b') {
            if (!ev_is_byteslike(a)) {
                ev_raise(I, &ev_type_TypeError,
                         "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'",
                         ev_type_name(a));
                goto fail;
            }
            /* width/precision on bytes: format the latin-1 view as str */
            ev_value s = ev_bytes_decode(I, a, 2, (ev_value[]){EV_ERR, EV_ERR}, NULL);
            if (sl) {
                ev_value lat = ev_str_from_cstr(I, "latin-1");
                ev_decref(I, s);
                s = EV_IS_ERR(lat) ? EV_ERR : ev_bytes_decode(I, a, 2, (ev_value[]){lat, EV_ERR}, NULL);
                ev_decref(I, lat);
                if (EV_IS_ERR(s))
                    goto fail;
                snprintf(spec, sizeof spec, "%%%.*ss", (int)sl, (const char *)f + spec0);
                ev_value fs = ev_str_from_cstr(I, spec);
                ev_value out = EV_IS_ERR(fs) ? EV_ERR : ev_str_percent(I, ev_as_str(fs), s);
                ev_decref(I, fs);
                ev_decref(I, s);
                if (EV_IS_ERR(out))
                    goto fail;
                piece = ev_bytes_new(I, EV_O_BYTES, NULL, 0);
                if (!EV_IS_ERR(piece)) {
                    /* back to latin-1 bytes */
                    const unsigned char *q = (const unsigned char *)ev_as_str(out)->data;
                    size_t ql = ev_as_str(out)->len;
                    for (size_t x = 0; x < ql;) {
                        unsigned char c = q[x];
                        unsigned char b = c < 0x80 ? c : (unsigned char)(((c & 0x03) << 6) | (q[x + 1] & 0x3F));
                        x += c < 0x80 ? 1 : 2;
                        if (app(I, B(piece), &b, 1)) {
                            ev_decref(I, piece);
                            piece = EV_ERR;
                            break;
                        }
                    }
                }
                ev_decref(I, out);
            } else {
                if (EV_IS_ERR(s))
                    ev_decref(I, I->exc), I->exc = EV_NONE;
                else
                    ev_decref(I, s);
                piece = ev_bytes_new(I, EV_O_BYTES, B(a)->data, B(a)->len);
            }
        } else if (strchr("diouxXeEfFgGcra", conv)) {
            ev_value out;
            if (conv == 'c') {
                int byte;
                if (ev_is_byteslike(a) && B(a)->len == 1) {
                    byte = B(a)->data[0];
                } else if (a.tag == EV_T_INT || a.tag == EV_T_BOOL) {
                    if (a.u.i < 0 || a.u.i > 255) {
                        ev_raise(I, &ev_type_OverflowError, "%%c arg not in range(256)");
                        goto fail;
                    }
                    byte = (int)a.u.i;
                } else {
                    ev_raise(I, &ev_type_TypeError, "%%c requires an integer in range(256) or a single byte");
                    goto fail;
                }
                unsigned char c = (unsigned char)byte;
                piece = ev_bytes_new(I, EV_O_BYTES, &c, 1);
            } else {
                snprintf(spec, sizeof spec, "%%%.*s%c", (int)sl, (const char *)f + spec0, conv == 'r' ? 'a' : conv);
                ev_value fs = ev_str_from_cstr(I, spec);
                ev_value one = ev_tuple_new(I, 1);
                if (EV_IS_ERR(fs) || EV_IS_ERR(one)) {
                    ev_decref(I, fs);
                    ev_decref(I, one);
                    goto fail;
                }
                ev_as_tuple(one)->items[0] = ev_dup(a);
                out = ev_str_percent(I, ev_as_str(fs), one);
                ev_decref(I, fs);
                ev_decref(I, one);
                if (EV_IS_ERR(out))
                    goto fail;
                piece = ev_bytes_new(I, EV_O_BYTES, ev_as_str(out)->data, ev_as_str(out)->len);
                ev_decref(I, out);
            }
        } else {
            ev_raise(I, &ev_type_ValueError, "unsupported format character '%c' (0x%x) at index %zu",
                     conv, conv, k);
            goto fail;
        }
        if (EV_IS_ERR(piece))
            goto fail;
        int e = app(I, B(r), B(piece)->data, B(piece)->len);
        ev_decref(I, piece);
        if (e)
            goto fail;
        i = k + 1;
    }
    if (ai < nargs && !map && !maplike) {
        ev_raise(I, &ev_type_TypeError, "not all arguments converted during bytes formatting");
        goto fail;
    }
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}


/* Argument clinic converts an index argument (Py_ssize_t, int) through
 * __index__ before the body runs: the objects' ints stand in for them, held
 * until the call ends.  mask: which arguments are indices. */
typedef ev_value (*method_fn)(ev_interp *, ev_value, int, const ev_value *, const ev_kw *);
static ev_value with_index_args(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw,
                                unsigned mask, method_fn fn)
{
    ev_value a[4], held[4];
    int n = argc < 4 ? argc : 4, conv = 0;
    for (int i = 0; i < n; i++) {
        a[i] = argv[i];
        held[i] = EV_ERR;
        if (!(mask & (1u << i)) || EV_IS_ERR(argv[i]) || !ev_is_user(argv[i]))
            continue;
        int got = ev_index_try(I, argv[i], &held[i]);
        if (got < 0) {
            for (int j = 0; j < i; j++)
                if (!EV_IS_ERR(held[j]))
                    ev_decref(I, held[j]);
            return EV_ERR;
        }
        if (got) {
            a[i] = held[i];
            conv++;
        }
    }
    if (!conv || argc > 4)
        return fn(I, self, argc, argv, kw);
    ev_value r = fn(I, self, argc, a, kw);
    for (int i = 0; i < n; i++)
        if (!EV_IS_ERR(held[i]))
            ev_decref(I, held[i]);
    return r;
}

#define INDEX_ARGS(name, mask) \
    static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    { return with_index_args(I, self, argc, argv, kw, (mask), name##_body); }
INDEX_ARGS(m_split, 2u)
INDEX_ARGS(m_rsplit, 2u)
INDEX_ARGS(m_replace, 4u)
INDEX_ARGS(m_ljust, 1u)
INDEX_ARGS(m_rjust, 1u)
INDEX_ARGS(m_center, 1u)
INDEX_ARGS(m_zfill, 1u)
INDEX_ARGS(m_hex, 2u)
INDEX_ARGS(m_expandtabs, 1u)

#define COMMON_METHODS                                                   \
    {"decode", ev_bytes_decode, 0, 2, 0, "encoding, errors"},            \
    {"hex", m_hex, 0, 2, 0, "sep, bytes_per_sep"},                       \
    {"find", m_find, 1, 3, 0},                                           \
    {"rfind", m_rfind, 1, 3, 0},                                         \
    {"index", m_index, 1, 3, 0},                                         \
    {"rindex", m_rindex, 1, 3, 0},                                       \
    {"count", m_count, 1, 3, 0},                                         \
    {"startswith", m_startswith, 1, 3, 0},                               \
    {"endswith", m_endswith, 1, 3, 0},                                   \
    {"strip", m_strip, 0, 1, 0},                                         \
    {"lstrip", m_lstrip, 0, 1, 0},                                       \
    {"rstrip", m_rstrip, 0, 1, 0},                                       \
    {"split", m_split, 0, 2, 0, "sep, maxsplit"},                        \
    {"rsplit", m_rsplit, 0, 2, 0, "sep, maxsplit"},                      \
    {"splitlines", m_splitlines, 0, 1, 0, "keepends"},                   \
    {"join", m_join, 1, 1, 0},                                           \
    {"replace", m_replace, 2, 3, 0},                                     \
    {"partition", m_partition, 1, 1, 0},                                 \
    {"rpartition", m_rpartition, 1, 1, 0},                               \
    {"removeprefix", m_removeprefix, 1, 1, 0},                           \
    {"removesuffix", m_removesuffix, 1, 1, 0},                           \
    {"upper", m_upper, 0, 0, 0},                                         \
    {"lower", m_lower, 0, 0, 0},                                         \
    {"swapcase", m_swapcase, 0, 0, 0},                                   \
    {"capitalize", m_capitalize, 0, 0, 0},                               \
    {"title", m_title, 0, 0, 0},                                         \
    {"isdigit", m_isdigit, 0, 0, 0},                                     \
    {"isalpha", m_isalpha, 0, 0, 0},                                     \
    {"isalnum", m_isalnum, 0, 0, 0},                                     \
    {"isspace", m_isspace, 0, 0, 0},                                     \
    {"isascii", m_isascii, 0, 0, 0},                                     \
    {"isupper", m_isupper, 0, 0, 0},                                     \
    {"islower", m_islower, 0, 0, 0},                                     \
    {"istitle", m_istitle, 0, 0, 0},                                     \
    {"ljust", m_ljust, 1, 2, 0},                                         \
    {"rjust", m_rjust, 1, 2, 0},                                         \
    {"center", m_center, 1, 2, 0},                                       \
    {"zfill", m_zfill, 1, 1, 0},                                         \
    {"expandtabs", m_expandtabs, 0, 1, 0, "tabsize"},                    \
    {"translate", m_translate, 1, 2, 0, "table, /, delete"}

const ev_builtin_def ev_bytes_methods[] = {
    COMMON_METHODS,
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_bytearray_methods[] = {
    COMMON_METHODS,
    {"append", m_append, 1, 1, 0},
    {"extend", m_extend, 1, 1, 0},
    {"insert", m_insert, 2, 2, 0},
    {"pop", m_pop, 0, 1, 0},
    {"remove", m_remove, 1, 1, 0},
    {"reverse", m_reverse, 0, 0, 0},
    {"clear", m_clear, 0, 0, 0},
    {"copy", m_copy, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_bytes_type_methods[] = {
    {"fromhex", t_fromhex, 1, 1, 0},
    {"maketrans", t_maketrans, 2, 2, 0},
    {NULL, NULL, 0, 0, 0},
};
