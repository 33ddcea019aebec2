/*
 * json_enc.c - the JSON encoder: CPython 3.11's two encoders in one walk.
 *
 * c mode is Modules/_json.c's c_make_encoder, what JSONEncoder.encode uses
 * when indent is None: dicts by their stored size and items() as a list
 * (snapshot: a default= that mutates the dict changes nothing), lists and
 * tuples by their storage (length re-read at each item, so items appended
 * meanwhile are encoded), RecursionError "while encoding a JSON object".
 * py mode is Lib/json/encoder.py's _make_iterencode, used with an indent and
 * by iterencode()/dump(): containers tested by truth (a subclass's __len__),
 * iterated by their iterators (a dict's items view: a mutation meanwhile is
 * "dictionary changed size during iteration"), float keys and values through
 * floatstr's message, and each of its yields a chunk when there is a sink.
 * int and float subclasses are written by int.__repr__/float.__repr__, str
 * subclasses by their characters, as both do.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/json_int.h"
#include "evaluator/numfmt.h"

static const char hexd[] = "0123456789abcdef";

static inline int put(ev_interp *I, ev_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 <= b->cap) {
        memcpy(b->data + b->len, s, n);
        b->len += n;
        b->data[b->len] = '\0';
        return 0;
    }
    return ev_buf_put(I, b, s, n);
}

static int put_u(ev_interp *I, ev_buf *b, uint32_t c)
{
    char u[6] = {'\\', 'u', hexd[(c >> 12) & 15], hexd[(c >> 8) & 15], hexd[(c >> 4) & 15], hexd[c & 15]};
    return put(I, b, u, 6);
}

int json_escape(ev_interp *I, ev_buf *b, const ev_str *s, bool ascii)
{
    const unsigned char *p = (const unsigned char *)s->data, *end = p + s->len;
    if (put(I, b, "\"", 1))
        return -1;
    while (p < end) {
        const unsigned char *run = p;
        if (ascii)
            while (p < end && *p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
                p++;
        else
            while (p < end && *p >= 0x20 && *p != '"' && *p != '\\')
                p++;
        if (p > run && put(I, b, (const char *)run, (size_t)(p - run)))
            return -1;
        if (p >= end)
            break;
        unsigned char c = *p;
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        }
        if (esc) {
            if (put(I, b, esc, 2))
                return -1;
            p++;
            continue;
        }
        if (c < 0x80) { /* a control character, or DEL under ensure_ascii */
            if (put_u(I, b, c))
                return -1;
            p++;
            continue;
        }
        /* non-ASCII under ensure_ascii: its code point (a lone surrogate's
         * 3-byte form included), as \uXXXX or a surrogate pair */
        uint32_t cp;
        size_t k;
        if (c >= 0xF0) {
            cp = c & 0x07;
            k = 4;
        } else if (c >= 0xE0) {
            cp = c & 0x0F;
            k = 3;
        } else {
            cp = c & 0x1F;
            k = 2;
        }
        for (size_t i = 1; i < k && p + i < end; i++)
            cp = (cp << 6) | (p[i] & 0x3F);
        p += k;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            if (put_u(I, b, 0xD800 | (cp >> 10)) || put_u(I, b, 0xDC00 | (cp & 0x3FF)))
                return -1;
        } else if (put_u(I, b, cp)) {
            return -1;
        }
    }
    return put(I, b, "\"", 1);
}

int json_flush(ev_interp *I, json_enc *e)
{
    if (!e->chunks && EV_IS_ERR(e->fp))
        return 0;
    ev_value c = ev_str_new(I, e->buf.data ? e->buf.data : "", e->buf.len);
    if (EV_IS_ERR(c))
        return -1;
    e->buf.len = 0;
    int r;
    if (e->chunks) {
        r = ev_list_append(I, e->chunks, c);
    } else {
        ev_str *w = ev_intern(I, "write", 5);
        ev_value fn = w ? ev_getattr(I, e->fp, w) : ev_raise_nomem(I);
        ev_value res = EV_IS_ERR(fn) ? fn : ev_call(I, fn, 1, &c, 0, NULL, NULL);
        if (!EV_IS_ERR(fn))
            ev_decref(I, fn);
        r = EV_IS_ERR(res) ? -1 : 0;
        if (!r)
            ev_decref(I, res);
    }
    ev_decref(I, c);
    return r;
}

static int flush(ev_interp *I, json_enc *e) { return e->py ? json_flush(I, e) : 0; }

static int put_sv(ev_interp *I, json_enc *e, ev_value s)
{
    return put(I, &e->buf, ev_as_str(s)->data, ev_as_str(s)->len);
}

/* float: repr, or the JSON names of the non-finite values */
static int put_float(ev_interp *I, json_enc *e, double d)
{
    if (d != d || d == __builtin_inf() || d == -__builtin_inf()) {
        if (!e->allow_nan) {
            if (!e->py) {
                ev_raise(I, &ev_type_ValueError, "Out of range float values are not JSON compliant");
                return -1;
            }
            char r[32];
            ev_float_repr(d, r);
            ev_raise(I, &ev_type_ValueError, "Out of range float values are not JSON compliant: %s", r);
            return -1;
        }
        const char *t = d != d ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
        return put(I, &e->buf, t, strlen(t));
    }
    char r[32];
    size_t n = ev_float_repr(d, r);
    return put(I, &e->buf, r, n);
}

static int put_int(ev_interp *I, json_enc *e, ev_value v)
{
    if (v.tag == EV_T_INT) {
        char t[24];
        size_t k = sizeof t;
        uint64_t m = v.u.i < 0 ? 0 - (uint64_t)v.u.i : (uint64_t)v.u.i;
        do {
            t[--k] = (char)('0' + m % 10);
            m /= 10;
        } while (m);
        if (v.u.i < 0)
            t[--k] = '-';
        return put(I, &e->buf, t + k, sizeof t - k);
    }
    ev_value plain = ev_int_unbox(I, v);
    if (EV_IS_ERR(plain))
        return -1;
    if (plain.tag == EV_T_INT)
        return put_int(I, e, plain);
    ev_value r = ev_int_repr(I, plain);
    ev_decref(I, plain);
    if (EV_IS_ERR(r))
        return -1;
    int x = put_sv(I, e, r);
    ev_decref(I, r);
    return x;
}

/* str, None, True, False, int, float (and their subclasses): written, 1;
 * anything else 0; -1 error */
static int put_prim(ev_interp *I, json_enc *e, ev_value v)
{
    switch (v.tag) {
    case EV_T_NONE:
        return put(I, &e->buf, "null", 4) ? -1 : 1;
    case EV_T_BOOL:
        return (v.u.i ? put(I, &e->buf, "true", 4) : put(I, &e->buf, "false", 5)) ? -1 : 1;
    case EV_T_INT:
        return put_int(I, e, v) ? -1 : 1;
    case EV_T_FLOAT:
        return put_float(I, e, v.u.f) ? -1 : 1;
    case EV_T_OBJ:
        switch (v.u.o->kind) {
        case EV_O_STR:
            return json_escape(I, &e->buf, ev_as_str(v), e->ascii) ? -1 : 1;
        case EV_O_INT:
            return put_int(I, e, v) ? -1 : 1;
        case EV_O_FLOAT:
            return put_float(I, e, ev_float_unbox(v).u.f) ? -1 : 1;
        }
        return 0;
    default:
        return 0;
    }
}

/* markers: ids of the containers being encoded (check_circular) */
static int mark(ev_interp *I, json_enc *e, ev_value o, ev_value *ident)
{
    *ident = EV_ERR;
    if (!e->markers)
        return 0;
    ev_value id = ev_int((int64_t)(intptr_t)o.u.o);
    ev_value dummy;
    int has = ev_dict_get(I, e->markers, id, &dummy);
    if (has < 0)
        return -1;
    if (has) {
        ev_raise(I, &ev_type_ValueError, "Circular reference detected");
        return -1;
    }
    if (ev_dict_set(I, e->markers, id, o))
        return -1;
    *ident = id;
    return 0;
}

static int unmark(ev_interp *I, json_enc *e, ev_value ident)
{
    if (EV_IS_ERR(ident))
        return 0;
    return ev_dict_del(I, e->markers, ident) < 0 ? -1 : 0;
}

static int enc_obj(ev_interp *I, json_enc *e, ev_value o, int64_t level);

/* '\n' + indent * level */
static int newline_indent(ev_interp *I, json_enc *e, int64_t level)
{
    if (put(I, &e->buf, "\n", 1))
        return -1;
    for (int64_t i = 0; i < level; i++)
        if (put_sv(I, e, e->indent))
            return -1;
    return 0;
}

static bool is_seq(ev_value v) { return ev_is(v, EV_O_LIST) || ev_is(v, EV_O_TUPLE); }

static size_t seq_len(ev_value v)
{
    return ev_is(v, EV_O_LIST) ? ev_as_list(v)->len : ev_as_tuple(v)->len;
}

/* the item a list or tuple holds at i, if it still has one (a reference) */
static bool seq_item(ev_value v, size_t i, ev_value *out)
{
    if (i >= seq_len(v))
        return false;
    *out = ev_dup(ev_is(v, EV_O_LIST) ? ev_as_list(v)->items[i] : ev_as_tuple(v)->items[i]);
    return true;
}

/* one item of a list: the separator, then the value (py mode: a chunk for
 * buf + a simple value, or buf alone before a container's own chunks) */
static int enc_item(ev_interp *I, json_enc *e, ev_value v, int64_t level)
{
    int r = put_prim(I, e, v);
    if (r < 0)
        return -1;
    if (r)
        return flush(I, e);
    if (flush(I, e))
        return -1;
    return enc_obj(I, e, v, level);
}

static int enc_list(ev_interp *I, json_enc *e, ev_value seq, int64_t level)
{
    int empty;
    bool plain = ev_type_of(seq) == &ev_type_list || ev_type_of(seq) == &ev_type_tuple;
    ev_value orig = seq, fast = EV_ERR;
    if (!e->py && !plain) {
        /* PySequence_Fast: a subclass's items through its iterator, once */
        fast = ev_list_from_iterable(I, seq);
        if (EV_IS_ERR(fast))
            return -1;
        seq = fast;
    }
    if (!e->py || plain)
        empty = seq_len(seq) == 0;
    else if ((empty = ev_truth(I, seq)) < 0)
        return -1;
    else
        empty = !empty;
    if (empty) {
        if (!EV_IS_ERR(fast))
            ev_decref(I, fast);
        return put(I, &e->buf, "[]", 2) || flush(I, e) ? -1 : 0;
    }
    ev_value ident, it = EV_ERR;
    int rc = -1;
    if (mark(I, e, orig, &ident))
        goto done;
    if (put(I, &e->buf, "[", 1))
        goto done;
    if (e->py && e->indent.tag != EV_T_NONE) {
        level++;
        if (newline_indent(I, e, level))
            goto done;
    }
    if (e->py && !plain) {
        it = ev_iter(I, seq);
        if (EV_IS_ERR(it))
            goto done;
    }
    for (size_t i = 0;; i++) {
        ev_value v;
        if (ev_tick(I))
            goto done;
        if (EV_IS_ERR(it)) {
            if (!seq_item(seq, i, &v))
                break;
        } else {
            int nx = ev_next(I, it, &v);
            if (nx < 0)
                goto done;
            if (nx == 0)
                break;
        }
        int x = 0;
        if (i) {
            x = put_sv(I, e, e->item_sep);
            if (!x && e->py && e->indent.tag != EV_T_NONE)
                x = newline_indent(I, e, level);
        }
        if (!x)
            x = e->py ? enc_item(I, e, v, level) : enc_obj(I, e, v, level);
        ev_decref(I, v);
        if (x)
            goto done;
    }
    if (e->py && e->indent.tag != EV_T_NONE) {
        level--;
        if (newline_indent(I, e, level) || flush(I, e))
            goto done;
    }
    if (put(I, &e->buf, "]", 1) || flush(I, e))
        goto done;
    rc = unmark(I, e, ident);
    ident = EV_ERR;
done:
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(fast))
        ev_decref(I, fast);
    return rc;
}

/* a key as its JSON string: 1 written, 0 skipped (skipkeys), -1 error */
static int put_key(ev_interp *I, json_enc *e, ev_value k, bool first)
{
    ev_buf kb = {0};
    int r = -1;
    if (ev_is(k, EV_O_STR)) {
        if (json_escape(I, &kb, ev_as_str(k), e->ascii))
            goto done;
    } else if (ev_is_floatish(k) || k.tag == EV_T_BOOL || k.tag == EV_T_NONE || ev_is_int(k)) {
        ev_buf save = e->buf;
        e->buf = kb;
        int x = put_prim(I, e, k);
        kb = e->buf;
        e->buf = save;
        if (x < 0)
            goto done;
        /* the text of the key, then that as a string */
        ev_buf q = {0};
        ev_value ks = ev_str_new(I, kb.data ? kb.data : "", kb.len);
        if (EV_IS_ERR(ks))
            goto done;
        x = json_escape(I, &q, ev_as_str(ks), e->ascii);
        ev_decref(I, ks);
        ev_buf_free(I, &kb);
        kb = q;
        if (x)
            goto done;
    } else if (e->skipkeys) {
        r = 0;
        goto done;
    } else {
        ev_raise(I, &ev_type_TypeError, "keys must be str, int, float, bool or None, not %s",
                 ev_type_name(k));
        goto done;
    }
    if (!first) {
        if (put_sv(I, e, e->item_sep))
            goto done;
        if (flush(I, e))
            goto done;
    }
    if (put(I, &e->buf, kb.data, kb.len) || flush(I, e) || put_sv(I, e, e->key_sep) || flush(I, e))
        goto done;
    r = 1;
done:
    ev_buf_free(I, &kb);
    return r;
}

/* a 2-item unpacking of one of items()'s results, as `for key, value in items` */
static int unpack2(ev_interp *I, ev_value item, ev_value *k, ev_value *v, bool c_mode)
{
    if (ev_is(item, EV_O_TUPLE) && ev_as_tuple(item)->len == 2) {
        *k = ev_dup(ev_as_tuple(item)->items[0]);
        *v = ev_dup(ev_as_tuple(item)->items[1]);
        return 0;
    }
    if (c_mode) {
        ev_raise(I, &ev_type_ValueError, "items must return 2-tuples");
        return -1;
    }
    char msg[160];
    snprintf(msg, sizeof msg, "cannot unpack non-iterable %.100s object", ev_type_name(item));
    ev_value it = ev_iter_msg(I, item, msg);
    if (EV_IS_ERR(it))
        return -1;
    ev_value got[3];
    int n = 0, r = -1;
    while (n < 3) {
        int x = ev_next(I, it, &got[n]);
        if (x < 0)
            goto done;
        if (!x)
            break;
        n++;
    }
    if (n < 2)
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
    else if (n > 2)
        ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
    else {
        *k = got[0];
        *v = got[1];
        n = 0;
        r = 0;
    }
done:
    for (int i = 0; i < n; i++)
        ev_decref(I, got[i]);
    ev_decref(I, it);
    return r;
}

static ev_value call_method0(ev_interp *I, ev_value o, const char *name)
{
    ev_str *s = ev_intern(I, name, strlen(name));
    if (!s)
        return ev_raise_nomem(I);
    ev_value fn = ev_getattr(I, o, s);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, 0, NULL, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

/* sorted(x) */
static ev_value sorted_list(ev_interp *I, ev_value x)
{
    ev_value l = ev_list_from_iterable(I, x);
    if (EV_IS_ERR(l))
        return l;
    ev_value r = call_method0(I, l, "sort");
    if (EV_IS_ERR(r)) {
        ev_decref(I, l);
        return r;
    }
    ev_decref(I, r);
    return l;
}

static int enc_dict(ev_interp *I, json_enc *e, ev_value dct, int64_t level)
{
    int empty;
    if (!e->py || ev_type_of(dct) == &ev_type_dict)
        empty = ev_as_dict(dct)->used == 0;
    else if ((empty = ev_truth(I, dct)) < 0)
        return -1;
    else
        empty = !empty;
    if (empty)
        return put(I, &e->buf, "{}", 2) || flush(I, e) ? -1 : 0;
    ev_value ident, items = EV_ERR, it = EV_ERR;
    if (mark(I, e, dct, &ident))
        return -1;
    int rc = -1;
    if (put(I, &e->buf, "{", 1) || flush(I, e))
        goto done;
    ev_value isep = ev_dup(e->item_sep);
    if (e->py && e->indent.tag != EV_T_NONE) {
        level++;
        ev_buf nb = {0};
        ev_buf save = e->buf;
        e->buf = nb;
        int x = newline_indent(I, e, level);
        nb = e->buf;
        e->buf = save;
        if (x || put(I, &e->buf, nb.data, nb.len) || flush(I, e)) {
            ev_buf_free(I, &nb);
            ev_decref(I, isep);
            goto done;
        }
        ev_value ni = ev_str_new(I, nb.data, nb.len);
        ev_buf_free(I, &nb);
        ev_value both = EV_IS_ERR(ni) ? ni : ev_binary(I, EV_OP_ADD, isep, ni);
        if (!EV_IS_ERR(ni))
            ev_decref(I, ni);
        ev_decref(I, isep);
        if (EV_IS_ERR(both))
            goto done;
        isep = both;
    }
    /* items: c mode PyMapping_Items (a list; dict.items() of a subclass that
     * overrides it), py mode dct.items() iterated (sorted first) */
    ev_str *items_name = ev_intern(I, "items", 5);
    if (!items_name) {
        ev_raise_nomem(I);
        goto fail_sep;
    }
    bool own_items = ev_type_of(dct) == &ev_type_dict ||
                     (ev_is_heaptype(ev_type_of(dct)) && !ev_type_lookup(ev_type_of(dct), items_name));
    if (!e->py && own_items && !e->sort_keys) {
        ev_dict *d = ev_as_dict(dct);
        items = ev_list_new(I, d->used);
        if (EV_IS_ERR(items))
            goto fail_sep;
        for (uint32_t i = 0; i < d->nentries; i++) {
            ev_dict_entry *en = &d->entries[i];
            if (EV_IS_ERR(en->key))
                continue;
            ev_value t = ev_tuple_new(I, 2);
            if (EV_IS_ERR(t))
                goto fail_sep;
            ev_as_tuple(t)->items[0] = ev_dup(en->key);
            ev_as_tuple(t)->items[1] = ev_dup(en->value);
            int x = ev_list_append(I, ev_as_list(items), t);
            ev_decref(I, t);
            if (x)
                goto fail_sep;
        }
    } else {
        ev_value view = call_method0(I, dct, "items");
        if (EV_IS_ERR(view))
            goto fail_sep;
        if (e->sort_keys)
            items = sorted_list(I, view);
        else if (!e->py)
            items = ev_list_from_iterable(I, view);
        else
            items = ev_dup(view);
        ev_decref(I, view);
        if (EV_IS_ERR(items))
            goto fail_sep;
    }
    bool first = true;
    if (ev_type_of(items) == &ev_type_list) {
        /* a list: by index, its length re-read (a list iterator's steps) */
        for (size_t i = 0; i < ev_as_list(items)->len; i++) {
            if (ev_tick(I))
                goto fail_sep;
            ev_value k, v, item = ev_dup(ev_as_list(items)->items[i]);
            int ux = unpack2(I, item, &k, &v, !e->py);
            ev_decref(I, item);
            if (ux)
                goto fail_sep;
            ev_value save = e->item_sep;
            e->item_sep = isep;
            int pk = put_key(I, e, k, first);
            e->item_sep = save;
            int x = pk < 0 ? -1 : 0;
            if (pk == 1) {
                first = false;
                x = enc_obj(I, e, v, level);
            }
            ev_decref(I, k);
            ev_decref(I, v);
            if (x)
                goto fail_sep;
        }
    } else {
        it = ev_iter(I, items);
        if (EV_IS_ERR(it))
            goto fail_sep;
        for (;;) {
            ev_value item, k, v;
            if (ev_tick(I))
                goto fail_sep;
            int nx = ev_next(I, it, &item);
            if (nx < 0)
                goto fail_sep;
            if (!nx)
                break;
            int x = unpack2(I, item, &k, &v, false);
            ev_decref(I, item);
            if (x)
                goto fail_sep;
            ev_value save = e->item_sep;
            e->item_sep = isep;
            int pk = put_key(I, e, k, first);
            e->item_sep = save;
            x = pk < 0 ? -1 : 0;
            if (pk == 1) {
                first = false;
                x = enc_obj(I, e, v, level);
            }
            ev_decref(I, k);
            ev_decref(I, v);
            if (x)
                goto fail_sep;
        }
    }
    ev_decref(I, isep);
    if (e->py && e->indent.tag != EV_T_NONE) {
        level--;
        if (newline_indent(I, e, level) || flush(I, e))
            goto done;
    }
    if (put(I, &e->buf, "}", 1) || flush(I, e))
        goto done;
    rc = unmark(I, e, ident);
    goto done;
fail_sep:
    ev_decref(I, isep);
done:
    if (!EV_IS_ERR(items))
        ev_decref(I, items);
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    return rc;
}

static int enc_obj(ev_interp *I, json_enc *e, ev_value o, int64_t level)
{
    int r = put_prim(I, e, o);
    if (r)
        return r < 0 ? -1 : flush(I, e);
    const char *where = e->py ? " while calling a Python object" : " while encoding a JSON object";
    bool dict = ev_is(o, EV_O_DICT);
    if (is_seq(o) || dict) {
        if (ev_recursion_enter(I, where))
            return -1;
        ev_incref(o);
        r = dict ? enc_dict(I, e, o, level) : enc_list(I, e, o, level);
        ev_decref(I, o);
        ev_recursion_leave(I);
        return r;
    }
    if (EV_IS_ERR(e->defaultfn)) { /* JSONEncoder.default itself */
        ev_raise(I, &ev_type_TypeError, "Object of type %s is not JSON serializable", ev_type_name(o));
        return -1;
    }
    ev_value ident;
    if (mark(I, e, o, &ident))
        return -1;
    ev_value n = ev_call(I, e->defaultfn, 1, &o, 0, NULL, NULL);
    if (EV_IS_ERR(n))
        return -1;
    if (ev_recursion_enter(I, where)) {
        ev_decref(I, n);
        return -1;
    }
    r = enc_obj(I, e, n, level);
    ev_recursion_leave(I);
    ev_decref(I, n);
    if (r)
        return -1;
    return unmark(I, e, ident);
}

int json_encode_value(ev_interp *I, json_enc *e, ev_value o)
{
    ev_incref(o);
    int r = enc_obj(I, e, o, 0);
    ev_decref(I, o);
    return r;
}
