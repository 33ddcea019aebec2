/*
 * json.c - the json module, CPython 3.11 behaviour (Lib/json/__init__.py,
 * decoder.py, encoder.py with the Modules/_json.c accelerator): dumps, dump,
 * loads, load, detect_encoding, and the classes JSONEncoder, JSONDecoder
 * (user classes may derive from both and override default, encode,
 * iterencode, decode, raw_decode) and JSONDecodeError.
 *
 * As in CPython the settings live in ordinary instance attributes that
 * __init__ sets and iterencode reads back, so a subclass sees and changes
 * them as there; the methods call each other through the object only when a
 * user class overrides the callee.  JSONDecoder keeps what make_scanner reads
 * at __init__ in C slots: changing decoder.object_hook afterwards changes
 * nothing, as in CPython.
 *
 * json.decoder and json.encoder exist as json's submodules (bound as its
 * attributes, allowed with it) holding the classes and encode_basestring(_ascii).
 *
 * Differences that stay: iterencode() returns an iterator over the chunks
 * made at once (CPython's is a lazy generator with the same chunks; dump()
 * writes each chunk as it is made, as CPython's loop does); a non-str
 * key_separator on the pure-Python path is refused with a TypeError where
 * CPython would yield it as a chunk; the methods are C methods, so called
 * unbound on a foreign object they raise the descriptor TypeError, and a
 * class cannot derive from both JSONEncoder and JSONDecoder.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/json_int.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static ev_str *nm(ev_interp *I, const char *s) { return ev_intern(I, s, strlen(s)); }

static ev_value attr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *n = nm(I, name);
    return n ? ev_getattr(I, obj, n) : ev_raise_nomem(I);
}

static int set_attr(ev_interp *I, ev_value obj, const char *name, ev_value v)
{
    ev_str *n = nm(I, name);
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    return ev_setattr(I, obj, n, v);
}

static ev_value call_method(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    ev_value fn = attr(I, obj, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

/* obj's class is a user class that defines name (overriding the C method) */
static bool overrides(ev_interp *I, ev_value obj, const char *name)
{
    ev_type *t = ev_type_of(obj);
    if (!ev_is_heaptype(t))
        return false;
    ev_str *n = nm(I, name);
    return n && ev_type_lookup(t, n) != NULL;
}

static int truth_attr(ev_interp *I, ev_value self, const char *name, bool *out)
{
    ev_value v = attr(I, self, name);
    if (EV_IS_ERR(v))
        return -1;
    int t = ev_truth(I, v);
    ev_decref(I, v);
    if (t < 0)
        return -1;
    *out = t;
    return 0;
}

static ev_value opt(ev_value v, ev_value dflt) { return EV_IS_ERR(v) ? dflt : v; }

/* Python's binding of `def f(self, *, a=..., b=...)` for a C __init__
 * taking any arguments: out[i] the keyword named names[i] (EV_ERR absent),
 * CPython's messages for the rest */
static int bind_kwonly(ev_interp *I, const char *fname, const char *const *names, int n, int argc,
                       const ev_value *argv, const ev_kw *kw, ev_value *out)
{
    ev_defsig sig = {fname, {NULL}, 0, .kwonly = (int8_t)n};
    for (int i = 0; i < n && i < EV_DEF_MAXP; i++)
        sig.names[i] = names[i];
    return ev_def_bind(I, &sig, argc, argv, kw, out);
}

static int exc_set(ev_interp *I, ev_exc *e, const char *name, ev_value v)
{
    if (!e->dict) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return -1;
        e->dict = ev_as_dict(d);
    }
    ev_str *k = nm(I, name);
    return k ? ev_dict_set_str(I, e->dict, k, v) : -1;
}

/* JSONDecodeError.__init__(self, msg, doc, pos) as decoder.py computes it:
 * args (errmsg,), and msg, doc, pos, lineno, colno */
static int de_fill(ev_interp *I, ev_exc *x, ev_value msg, ev_value doc, ev_value pos)
{
    ev_value lineno = EV_ERR, colno = EV_ERR, full = EV_ERR;
    int rc = -1;
    ev_str *nls = ev_intern(I, "\n", 1);
    if (!nls) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_value a[3] = {ev_obj_val(&nls->h), ev_int(0), pos};
    ev_value cnt = call_method(I, doc, "count", 3, a);
    if (EV_IS_ERR(cnt))
        return -1;
    lineno = ev_binary(I, EV_OP_ADD, cnt, ev_int(1));
    ev_decref(I, cnt);
    if (EV_IS_ERR(lineno))
        return -1;
    ev_value rf = call_method(I, doc, "rfind", 3, a);
    if (EV_IS_ERR(rf))
        goto done;
    colno = ev_binary(I, EV_OP_SUB, pos, rf);
    ev_decref(I, rf);
    if (EV_IS_ERR(colno))
        goto done;
    ev_value tup = ev_tuple_new(I, 4);
    if (EV_IS_ERR(tup))
        goto done;
    ev_value parts[4] = {msg, lineno, colno, pos};
    for (int i = 0; i < 4; i++)
        ev_as_tuple(tup)->items[i] = ev_dup(parts[i]);
    ev_str *fmt = nm(I, "%s: line %d column %d (char %d)");
    full = fmt ? ev_str_percent(I, fmt, tup) : ev_raise_nomem(I);
    ev_decref(I, tup);
    if (EV_IS_ERR(full))
        goto done;
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args))
        goto done;
    ev_as_tuple(args)->items[0] = ev_dup(full);
    ev_value old = x->args;
    x->args = args;
    ev_decref(I, old);
    if (exc_set(I, x, "msg", msg) || exc_set(I, x, "doc", doc) || exc_set(I, x, "pos", pos) ||
        exc_set(I, x, "lineno", lineno) || exc_set(I, x, "colno", colno))
        goto done;
    rc = 0;
done:
    ev_decref(I, lineno);
    if (!EV_IS_ERR(colno))
        ev_decref(I, colno);
    if (!EV_IS_ERR(full))
        ev_decref(I, full);
    return rc;
}

static ev_value de_make(ev_interp *I, ev_type *t, ev_value msg, ev_value doc, ev_value pos)
{
    ev_value args = ev_tuple_new(I, 0);
    if (EV_IS_ERR(args))
        return args;
    ev_value r = ev_exc_new(I, t, args);
    if (EV_IS_ERR(r))
        return r;
    if (de_fill(I, (ev_exc *)r.u.o, msg, doc, pos)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* the binding of decoder.py's `def __init__(self, msg, doc, pos)` */
static int de_bind(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, ev_value out[3])
{
    static const ev_defsig sig = {"JSONDecodeError.__init__", {"msg", "doc", "pos"}, 3};
    return ev_def_bind(I, &sig, argc, argv, kw, out);
}

static ev_value de_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[3];
    if (de_bind(I, argc, argv, kw, a))
        return EV_ERR;
    return de_make(I, (ev_type *)self.u.o, a[0], a[1], a[2]);
}

static ev_value de_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a[3];
    if (de_bind(I, argc, argv, kw, a))
        return EV_ERR;
    return de_fill(I, (ev_exc *)self.u.o, a[0], a[1], a[2]) ? EV_ERR : EV_NONE;
}

static const ev_builtin_def decodeerror_methods[] = {
    {"__init__", de_init, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

ev_value json_raise_error(ev_interp *I, const char *msg, ev_value s, int64_t pos)
{
    if (I->limit)
        return EV_ERR;
    ev_value m = ev_str_from_cstr(I, msg);
    if (EV_IS_ERR(m))
        return m;
    ev_value e = de_make(I, &ev_type_JSONDecodeError, m, s, ev_int(pos));
    ev_decref(I, m);
    if (EV_IS_ERR(e))
        return e;
    return ev_raise_value(I, e);
}

/* ---- JSONEncoder ------------------------------------------------------------------------------ */

static const char *const enc_kwnames[] = {"skipkeys", "ensure_ascii", "check_circular", "allow_nan",
                                          "sort_keys", "indent", "separators", "default"};

/* JSONEncoder.__init__(self, *, skipkeys=False, ensure_ascii=True,
 * check_circular=True, allow_nan=True, sort_keys=False, indent=None,
 * separators=None, default=None) */
static ev_value enc_init(ev_interp *I, ev_value self, int argc, const ev_value *args, const ev_kw *kw)
{
    ev_value argv[8];
    if (bind_kwonly(I, "JSONEncoder.__init__", enc_kwnames, 8, argc, args, kw, argv))
        return EV_ERR;
    ev_value dflt[6] = {EV_FALSE, EV_TRUE, EV_TRUE, EV_TRUE, EV_FALSE, EV_NONE};
    for (int i = 0; i < 6; i++)
        if (set_attr(I, self, enc_kwnames[i], opt(argv[i], dflt[i])))
            return EV_ERR;
    ev_value indent = opt(argv[5], EV_NONE), seps = opt(argv[6], EV_NONE), def = opt(argv[7], EV_NONE);
    if (seps.tag != EV_T_NONE) {
        char msg[160];
        snprintf(msg, sizeof msg, "cannot unpack non-iterable %.100s object", ev_type_name(seps));
        ev_value it = ev_iter_msg(I, seps, msg);
        if (EV_IS_ERR(it))
            return it;
        ev_value got[3];
        int n = 0;
        for (; n < 3; n++) {
            int x = ev_next(I, it, &got[n]);
            if (x < 0) {
                ev_decref(I, it);
                while (n--)
                    ev_decref(I, got[n]);
                return EV_ERR;
            }
            if (!x)
                break;
        }
        ev_decref(I, it);
        int e = 0;
        if (n != 2) {
            if (n < 2)
                ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
            else
                ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
            e = -1;
        } else {
            e = set_attr(I, self, "item_separator", got[0]) || set_attr(I, self, "key_separator", got[1]);
        }
        while (n--)
            ev_decref(I, got[n]);
        if (e)
            return EV_ERR;
    } else {
        /* the class attributes item_separator = ', ', key_separator = ': '
         * (a subclass's own win) */
        ev_str *is = nm(I, "item_separator"), *ks = nm(I, "key_separator");
        if (!is || !ks)
            return ev_raise_nomem(I);
        if (indent.tag != EV_T_NONE) {
            if (set_attr(I, self, "item_separator", ev_obj_val(&ev_intern(I, ",", 1)->h)))
                return EV_ERR;
        } else if (!(ev_is_heaptype(ev_type_of(self)) && ev_type_lookup(ev_type_of(self), is))) {
            if (set_attr(I, self, "item_separator", ev_obj_val(&ev_intern(I, ", ", 2)->h)))
                return EV_ERR;
        }
        if (!(ev_is_heaptype(ev_type_of(self)) && ev_type_lookup(ev_type_of(self), ks)))
            if (set_attr(I, self, "key_separator", ev_obj_val(&ev_intern(I, ": ", 2)->h)))
                return EV_ERR;
    }
    if (def.tag != EV_T_NONE && set_attr(I, self, "default", def))
        return EV_ERR;
    return EV_NONE;
}

static ev_value enc_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, 0); }

static ev_value enc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = enc_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = enc_init(I, o, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value enc_default(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_TypeError, "Object of type %s is not JSON serializable",
                    ev_type_name(argv[0]));
}

static void enc_release(ev_interp *I, json_enc *e)
{
    ev_value vs[4] = {e->defaultfn, e->indent, e->key_sep, e->item_sep};
    for (int i = 0; i < 4; i++)
        if (!EV_IS_ERR(vs[i]))
            ev_decref(I, vs[i]);
    if (e->markers)
        ev_decref(I, ev_obj_val(&e->markers->h));
    ev_buf_free(I, &e->buf);
}

static void enc_defaults(json_enc *e)
{
    memset(e, 0, sizeof *e);
    e->defaultfn = e->indent = e->key_sep = e->item_sep = e->fp = EV_ERR;
}

/* the settings iterencode(o, _one_shot) reads from self */
static int enc_setup(ev_interp *I, ev_value self, json_enc *e, bool one_shot)
{
    bool circ;
    if (truth_attr(I, self, "check_circular", &circ) || truth_attr(I, self, "ensure_ascii", &e->ascii) ||
        truth_attr(I, self, "allow_nan", &e->allow_nan))
        return -1;
    if (circ) {
        ev_value m = ev_dict_new(I);
        if (EV_IS_ERR(m))
            return -1;
        e->markers = ev_as_dict(m);
    }
    e->indent = attr(I, self, "indent");
    if (EV_IS_ERR(e->indent))
        return -1;
    e->py = !(one_shot && e->indent.tag == EV_T_NONE);
    e->defaultfn = attr(I, self, "default");
    if (EV_IS_ERR(e->defaultfn))
        return -1;
    e->key_sep = attr(I, self, "key_separator");
    if (EV_IS_ERR(e->key_sep))
        return -1;
    e->item_sep = attr(I, self, "item_separator");
    if (EV_IS_ERR(e->item_sep))
        return -1;
    if (truth_attr(I, self, "sort_keys", &e->sort_keys) || truth_attr(I, self, "skipkeys", &e->skipkeys))
        return -1;
    if (!e->py) {
        if (!ev_is(e->key_sep, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "make_encoder() argument 5 must be str, not %s",
                     ev_type_name(e->key_sep));
            return -1;
        }
        if (!ev_is(e->item_sep, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "make_encoder() argument 6 must be str, not %s",
                     ev_type_name(e->item_sep));
            return -1;
        }
        return 0;
    }
    if (e->indent.tag != EV_T_NONE && !ev_is(e->indent, EV_O_STR)) {
        /* _make_iterencode: ' ' * indent */
        ev_value sp = ev_obj_val(&ev_intern(I, " ", 1)->h);
        ev_value ind = ev_binary(I, EV_OP_MUL, sp, e->indent);
        if (EV_IS_ERR(ind))
            return -1;
        ev_decref(I, e->indent);
        e->indent = ind;
    }
    if (!ev_is(e->item_sep, EV_O_STR)) {
        /* item_separator + newline_indent, or separator + the next item */
        ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for +: '%s' and 'str'",
                 ev_type_name(e->item_sep));
        return -1;
    }
    if (!ev_is(e->key_sep, EV_O_STR)) {
        /* json.encoder would yield it as a chunk of its own (a TypeError
         * of ''.join or of the file's write): refused up front, loudly */
        ev_raise(I, &ev_type_TypeError, "key_separator must be str, not %s (safepy's json encodes str chunks only)",
                 ev_type_name(e->key_sep));
        return -1;
    }
    return 0;
}

static ev_value enc_encode_str(ev_interp *I, ev_value s, bool ascii)
{
    ev_buf b = {0};
    if (json_escape(I, &b, ev_as_str(s), ascii)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* the whole text of o by self's settings (encode's one-shot path) */
static ev_value enc_oneshot(ev_interp *I, ev_value self, ev_value o)
{
    json_enc e;
    enc_defaults(&e);
    if (enc_setup(I, self, &e, true) || json_encode_value(I, &e, o)) {
        enc_release(I, &e);
        return EV_ERR;
    }
    ev_value r = ev_str_new(I, e.buf.data ? e.buf.data : "", e.buf.len);
    enc_release(I, &e);
    return r;
}

/* iterencode(o, _one_shot): the chunks, as a list */
static ev_value enc_chunks(ev_interp *I, ev_value self, ev_value o, bool one_shot)
{
    json_enc e;
    enc_defaults(&e);
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    if (enc_setup(I, self, &e, one_shot))
        goto fail;
    e.chunks = e.py ? ev_as_list(l) : NULL;
    if (json_encode_value(I, &e, o))
        goto fail;
    if (!e.py) {
        ev_value s = ev_str_new(I, e.buf.data ? e.buf.data : "", e.buf.len);
        if (EV_IS_ERR(s))
            goto fail;
        int x = ev_list_append(I, ev_as_list(l), s);
        ev_decref(I, s);
        if (x)
            goto fail;
    }
    enc_release(I, &e);
    return l;
fail:
    enc_release(I, &e);
    ev_decref(I, l);
    return EV_ERR;
}

static ev_value enc_iterencode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int one = 0;
    if (!EV_IS_ERR(argv[1]) && (one = ev_truth(I, argv[1])) < 0)
        return EV_ERR;
    ev_value l = enc_chunks(I, self, argv[0], one);
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

static ev_value enc_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argv[0];
    if (ev_is(o, EV_O_STR)) {
        bool ascii;
        if (truth_attr(I, self, "ensure_ascii", &ascii))
            return EV_ERR;
        return enc_encode_str(I, o, ascii);
    }
    if (!overrides(I, self, "iterencode"))
        return enc_oneshot(I, self, o);
    /* chunks = self.iterencode(o, _one_shot=True); ''.join(chunks) */
    ev_value fn = attr(I, self, "iterencode");
    if (EV_IS_ERR(fn))
        return fn;
    ev_str *k = nm(I, "_one_shot");
    ev_value t = EV_TRUE;
    ev_value chunks = k ? ev_call(I, fn, 1, &o, 1, &k, &t) : ev_raise_nomem(I);
    ev_decref(I, fn);
    if (EV_IS_ERR(chunks))
        return chunks;
    if (!ev_is(chunks, EV_O_LIST) && !ev_is(chunks, EV_O_TUPLE)) {
        ev_value l = ev_list_from_iterable(I, chunks);
        ev_decref(I, chunks);
        if (EV_IS_ERR(l))
            return l;
        chunks = l;
    }
    ev_value empty = ev_obj_val(&ev_intern(I, "", 0)->h);
    ev_value r = call_method(I, empty, "join", 1, &chunks);
    ev_decref(I, chunks);
    return r;
}

/* ---- JSONDecoder ------------------------------------------------------------------------------ */

enum { DS_STRICT, DS_HOOK, DS_PAIRS, DS_FLOAT, DS_INT, DS_CONST, DS_READY, DS_N };

static ev_value dec_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, DS_N); }

static ev_value constants_getitem(ev_interp *I)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    static const char *const names[] = {"-Infinity", "Infinity", "NaN"};
    double vals[] = {-__builtin_inf(), __builtin_inf(), __builtin_nan("")};
    for (int i = 0; i < 3; i++) {
        ev_str *k = nm(I, names[i]);
        if (!k || ev_dict_set_str(I, ev_as_dict(d), k, ev_float(vals[i]))) {
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    ev_value r = attr(I, d, "__getitem__");
    ev_decref(I, d);
    return r;
}

/* JSONDecoder.__init__(self, *, object_hook=None, parse_float=None,
 * parse_int=None, parse_constant=None, strict=True, object_pairs_hook=None) */
static ev_value dec_init(ev_interp *I, ev_value self, int argc, const ev_value *args, const ev_kw *kw)
{
    static const char *const kwn[] = {"object_hook", "parse_float", "parse_int", "parse_constant", "strict",
                                      "object_pairs_hook"};
    ev_value argv[6];
    if (bind_kwonly(I, "JSONDecoder.__init__", kwn, 6, argc, args, kw, argv))
        return EV_ERR;
    ev_value hook = opt(argv[0], EV_NONE), pf = opt(argv[1], EV_NONE), pi = opt(argv[2], EV_NONE),
             pc = opt(argv[3], EV_NONE), strict = opt(argv[4], EV_TRUE), pairs = opt(argv[5], EV_NONE);
    int t;
    if (set_attr(I, self, "object_hook", hook))
        return EV_ERR;
    if ((t = ev_truth(I, pf)) < 0)
        return EV_ERR;
    ev_value pfv = t ? pf : ev_obj_val(&ev_type_float.h);
    if (set_attr(I, self, "parse_float", pfv))
        return EV_ERR;
    if ((t = ev_truth(I, pi)) < 0)
        return EV_ERR;
    ev_value piv = t ? pi : ev_obj_val(&ev_type_int.h);
    if (set_attr(I, self, "parse_int", piv))
        return EV_ERR;
    if ((t = ev_truth(I, pc)) < 0)
        return EV_ERR;
    ev_value pcv = t ? ev_dup(pc) : constants_getitem(I);
    if (EV_IS_ERR(pcv))
        return pcv;
    int e = set_attr(I, self, "parse_constant", pcv);
    ev_decref(I, pcv);
    if (e || set_attr(I, self, "strict", strict) || set_attr(I, self, "object_pairs_hook", pairs))
        return EV_ERR;
    ev_value memo = ev_dict_new(I);
    if (EV_IS_ERR(memo))
        return memo;
    e = set_attr(I, self, "memo", memo);
    ev_decref(I, memo);
    if (e)
        return EV_ERR;
    /* make_scanner(self): what the scanner keeps */
    static const char *const names[] = {"strict", "object_hook", "object_pairs_hook", "parse_float",
                                        "parse_int", "parse_constant"};
    ev_value got[6];
    for (int i = 0; i < 6; i++) {
        got[i] = attr(I, self, names[i]);
        if (EV_IS_ERR(got[i])) {
            while (i--)
                ev_decref(I, got[i]);
            return EV_ERR;
        }
    }
    int st = ev_truth(I, got[0]);
    ev_decref(I, got[0]);
    if (st < 0) {
        for (int i = 1; i < 6; i++)
            ev_decref(I, got[i]);
        return EV_ERR;
    }
    ev_cinstance *ci = ev_as_cinstance(self);
    ev_value old[DS_N];
    memcpy(old, ci->slots, sizeof old);
    ci->slots[DS_STRICT] = ev_bool(st);
    for (int i = 1; i < 6; i++)
        ci->slots[i] = got[i];
    ci->slots[DS_READY] = EV_TRUE;
    for (int i = 0; i < DS_N; i++)
        ev_decref(I, old[i]);
    return EV_NONE;
}

static ev_value dec_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = dec_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = dec_init(I, o, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

/* the scanner's settings of self (a reference to each in d) */
static int dec_settings(ev_interp *I, ev_value self, json_dec *d, ev_value held[DS_N])
{
    ev_cinstance *ci = ev_as_cinstance(self);
    if (ci->slots[DS_READY].tag != EV_T_BOOL) {
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute 'scan_once'",
                 ev_type_of(self)->name);
        return -1;
    }
    for (int i = 0; i < DS_N; i++)
        held[i] = ev_dup(ci->slots[i]);
    d->strict = held[DS_STRICT].u.i;
    d->object_hook = held[DS_HOOK];
    d->object_pairs_hook = held[DS_PAIRS];
    d->parse_float = held[DS_FLOAT];
    d->parse_int = held[DS_INT];
    d->parse_constant = held[DS_CONST];
    return 0;
}

static void dec_release(ev_interp *I, ev_value held[DS_N])
{
    for (int i = 0; i < DS_N; i++)
        ev_decref(I, held[i]);
}

static ev_value raw_decode(ev_interp *I, ev_value self, ev_value s, int64_t idx)
{
    if (!ev_is(s, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "first argument must be a string, not %s", ev_type_name(s));
    json_dec d;
    ev_value held[DS_N];
    if (dec_settings(I, self, &d, held))
        return EV_ERR;
    int64_t end = 0, stop = -1;
    ev_value r = json_scan(I, &d, s, idx, &end, &stop);
    dec_release(I, held);
    if (EV_IS_ERR(r)) {
        if (stop >= 0)
            json_raise_error(I, "Expecting value", s, stop);
        return EV_ERR;
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, r);
        return t;
    }
    ev_as_tuple(t)->items[0] = r;
    ev_as_tuple(t)->items[1] = ev_int(end);
    return t;
}

static ev_value dec_raw_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t idx = 0;
    if (!EV_IS_ERR(argv[1]) && ev_index(I, argv[1], &idx, "idx"))
        return EV_ERR;
    return raw_decode(I, self, argv[0], idx);
}

static int64_t ws_end(const ev_str *s, int64_t from_char)
{
    /* WHITESPACE.match(s, i).end(): the run of ' \t\n\r' from character i */
    size_t b = 0;
    int64_t c = 0;
    if (s->ascii) {
        b = (size_t)from_char;
    } else {
        while (b < s->len && c < from_char) {
            b++;
            while (b < s->len && ((unsigned char)s->data[b] & 0xC0) == 0x80)
                b++;
            c++;
        }
    }
    int64_t i = from_char;
    while (b < s->len && (s->data[b] == ' ' || s->data[b] == '\t' || s->data[b] == '\n' || s->data[b] == '\r')) {
        b++;
        i++;
    }
    return i;
}

static ev_value dec_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value s = argv[0];
    if (!ev_is(s, EV_O_STR)) {
        if (ev_is_byteslike(s))
            return ev_raise(I, &ev_type_TypeError, "cannot use a string pattern on a bytes-like object");
        return ev_raise(I, &ev_type_TypeError, "expected string or bytes-like object, got '%s'",
                        ev_type_name(s));
    }
    int64_t start = ws_end(ev_as_str(s), 0);
    ev_value t;
    if (overrides(I, self, "raw_decode")) {
        ev_value fn = attr(I, self, "raw_decode");
        if (EV_IS_ERR(fn))
            return fn;
        ev_str *k = nm(I, "idx");
        ev_value iv = ev_int(start);
        t = k ? ev_call(I, fn, 1, &s, 1, &k, &iv) : ev_raise_nomem(I);
        ev_decref(I, fn);
    } else {
        t = raw_decode(I, self, s, start);
    }
    if (EV_IS_ERR(t))
        return t;
    if (!ev_is(t, EV_O_TUPLE) || ev_as_tuple(t)->len != 2 || !ev_is_int(ev_as_tuple(t)->items[1])) {
        /* obj, end = ...; _w(s, end) */
        ev_decref(I, t);
        return ev_raise(I, &ev_type_TypeError, "raw_decode() must return (obj, end) with an int end");
    }
    ev_value obj = ev_dup(ev_as_tuple(t)->items[0]);
    int64_t end;
    int e = ev_index(I, ev_as_tuple(t)->items[1], &end, "end");
    ev_decref(I, t);
    if (e) {
        ev_decref(I, obj);
        return EV_ERR;
    }
    end = ws_end(ev_as_str(s), end);
    if (end != (int64_t)ev_as_str(s)->nchars) {
        ev_decref(I, obj);
        return json_raise_error(I, "Extra data", s, end);
    }
    return obj;
}

/* ---- module functions ------------------------------------------------------------------------- */

/* keyword arguments of dumps/dump/loads/load: the named ones into vals
 * (EV_ERR absent), the rest into extra names/vals (for cls(**kw)) */
typedef struct kwsplit {
    int n;
    ev_str *names[32];
    ev_value vals[32];
} kwsplit;

static int split_kw(ev_interp *I, const ev_kw *kw, const char *fname, const char *const *known, int nknown,
                    ev_value *vals, kwsplit *rest, ev_value *posv, const char *const *posnames, int npos,
                    int argc)
{
    for (int i = 0; i < nknown; i++)
        vals[i] = EV_ERR;
    rest->n = 0;
    for (int j = 0; j < EV_KW_N(kw); j++) {
        const char *k = kw->names[j]->data;
        bool found = false;
        for (int i = 0; i < npos && !found; i++)
            if (strcmp(k, posnames[i]) == 0) {
                if (i < argc) {
                    ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", fname, k);
                    return -1;
                }
                posv[i] = kw->vals[j];
                found = true;
            }
        for (int i = 0; i < nknown && !found; i++)
            if (strcmp(k, known[i]) == 0) {
                vals[i] = kw->vals[j];
                found = true;
            }
        if (!found) {
            if (rest->n >= 32) {
                ev_raise(I, &ev_type_TypeError, "%s() got too many keyword arguments", fname);
                return -1;
            }
            rest->names[rest->n] = kw->names[j];
            rest->vals[rest->n++] = kw->vals[j];
        }
    }
    for (int i = 0; i < npos; i++)
        if (EV_IS_ERR(posv[i])) {
            int missing = 0;
            for (int k = i; k < npos; k++)
                missing += EV_IS_ERR(posv[k]);
            if (missing == 1)
                ev_raise(I, &ev_type_TypeError, "%s() missing 1 required positional argument: '%s'", fname,
                         posnames[i]);
            else
                ev_raise(I, &ev_type_TypeError,
                         "%s() missing %d required positional arguments: '%s' and '%s'", fname, missing,
                         posnames[i], posnames[i + 1]);
            return -1;
        }
    return 0;
}

static int check_pos(ev_interp *I, const char *fname, int argc, int npos, ev_value *posv, const ev_value *argv)
{
    if (argc > npos) {
        ev_raise(I, &ev_type_TypeError, "%s() takes %d positional argument%s but %d were given", fname, npos,
                 npos == 1 ? "" : "s", argc);
        return -1;
    }
    for (int i = 0; i < npos; i++)
        posv[i] = i < argc ? argv[i] : EV_ERR;
    return 0;
}

static const char *const dumps_kw[] = {"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "cls",
                                       "indent", "separators", "default", "sort_keys"};

/* cls(skipkeys=..., ..., **kw) of dumps/dump, or EV_NONE-tagged "use the
 * default encoder" when every argument has its default */
static ev_value make_encoder(ev_interp *I, const ev_value *v, const kwsplit *rest, bool *dflt)
{
    ev_value dv[9] = {EV_FALSE, EV_TRUE, EV_TRUE, EV_TRUE, EV_NONE, EV_NONE, EV_NONE, EV_NONE, EV_FALSE};
    ev_value a[9];
    for (int i = 0; i < 9; i++)
        a[i] = opt(v[i], dv[i]);
    int t[5];
    int idx[5] = {0, 1, 2, 3, 8};
    for (int i = 0; i < 5; i++)
        if ((t[i] = ev_truth(I, a[idx[i]])) < 0)
            return EV_ERR;
    *dflt = !t[0] && t[1] && t[2] && t[3] && a[4].tag == EV_T_NONE && a[5].tag == EV_T_NONE &&
            a[6].tag == EV_T_NONE && a[7].tag == EV_T_NONE && !t[4] && rest->n == 0;
    if (*dflt)
        return EV_NONE;
    ev_value cls = a[4].tag == EV_T_NONE ? ev_obj_val(&ev_type_JSONEncoder.h) : a[4];
    static const char *const order[] = {"skipkeys", "ensure_ascii", "check_circular", "allow_nan", "indent",
                                        "separators", "default", "sort_keys"};
    static const int from[] = {0, 1, 2, 3, 5, 6, 7, 8};
    ev_str *names[40];
    ev_value vals[40];
    int n = 0;
    for (int i = 0; i < 8; i++) {
        names[n] = nm(I, order[i]);
        if (!names[n])
            return ev_raise_nomem(I);
        vals[n++] = a[from[i]];
    }
    for (int i = 0; i < rest->n; i++) {
        names[n] = rest->names[i];
        vals[n++] = rest->vals[i];
    }
    return ev_call(I, cls, 0, NULL, n, names, vals);
}

static ev_value json_dumps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const pn[] = {"obj"};
    ev_value posv[1], v[9];
    kwsplit rest;
    if (check_pos(I, "dumps", argc, 1, posv, argv) ||
        split_kw(I, kw, "dumps", dumps_kw, 9, v, &rest, posv, pn, 1, argc))
        return EV_ERR;
    bool dflt;
    ev_value enc = make_encoder(I, v, &rest, &dflt);
    if (EV_IS_ERR(enc))
        return enc;
    if (dflt) {
        if (ev_is(posv[0], EV_O_STR))
            return enc_encode_str(I, posv[0], true);
        json_enc e;
        enc_defaults(&e);
        e.ascii = e.allow_nan = true;
        ev_value m = ev_dict_new(I);
        if (EV_IS_ERR(m))
            return m;
        e.markers = ev_as_dict(m);
        e.indent = EV_NONE;
        e.key_sep = ev_obj_val(&ev_intern(I, ": ", 2)->h);
        e.item_sep = ev_obj_val(&ev_intern(I, ", ", 2)->h);
        ev_incref(e.key_sep);
        ev_incref(e.item_sep);
        ev_value r = json_encode_value(I, &e, posv[0]) ? EV_ERR
                                                      : ev_str_new(I, e.buf.data ? e.buf.data : "", e.buf.len);
        enc_release(I, &e);
        return r;
    }
    ev_value r = ev_type_of(enc) == &ev_type_JSONEncoder ? enc_encode(I, enc, 1, posv, NULL)
                                                         : call_method(I, enc, "encode", 1, posv);
    ev_decref(I, enc);
    return r;
}

static ev_value json_dump(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const pn[] = {"obj", "fp"};
    ev_value posv[2], v[9];
    kwsplit rest;
    if (check_pos(I, "dump", argc, 2, posv, argv) ||
        split_kw(I, kw, "dump", dumps_kw, 9, v, &rest, posv, pn, 2, argc))
        return EV_ERR;
    bool dflt;
    ev_value enc = make_encoder(I, v, &rest, &dflt);
    if (EV_IS_ERR(enc))
        return enc;
    if (dflt || !overrides(I, enc, "iterencode")) {
        json_enc e;
        enc_defaults(&e);
        if (dflt) {
            e.ascii = e.allow_nan = true;
            ev_value m = ev_dict_new(I);
            if (EV_IS_ERR(m))
                return m;
            e.markers = ev_as_dict(m);
            e.py = true;
            e.indent = EV_NONE;
            e.key_sep = ev_obj_val(&ev_intern(I, ": ", 2)->h);
            e.item_sep = ev_obj_val(&ev_intern(I, ", ", 2)->h);
            ev_incref(e.key_sep);
            ev_incref(e.item_sep);
        } else if (enc_setup(I, enc, &e, false)) {
            enc_release(I, &e);
            ev_decref(I, enc);
            return EV_ERR;
        }
        if (!dflt)
            ev_decref(I, enc);
        e.fp = posv[1];
        int r = json_encode_value(I, &e, posv[0]);
        enc_release(I, &e);
        return r ? EV_ERR : EV_NONE;
    }
    ev_value it = call_method(I, enc, "iterencode", 1, posv);
    ev_decref(I, enc);
    if (EV_IS_ERR(it))
        return it;
    ev_value iter = ev_iter(I, it);
    ev_decref(I, it);
    if (EV_IS_ERR(iter))
        return iter;
    for (;;) {
        ev_value chunk;
        int x = ev_next(I, iter, &chunk);
        if (x <= 0) {
            ev_decref(I, iter);
            return x < 0 ? EV_ERR : EV_NONE;
        }
        ev_value r = call_method(I, posv[1], "write", 1, &chunk);
        ev_decref(I, chunk);
        if (EV_IS_ERR(r)) {
            ev_decref(I, iter);
            return r;
        }
        ev_decref(I, r);
    }
}

/* json.detect_encoding(b) */
static const char *detect(const unsigned char *b, size_t n)
{
    if (n >= 4 && ((b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF) ||
                   (b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0)))
        return "utf-32";
    if (n >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)))
        return "utf-16";
    if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
        return "utf-8-sig";
    if (n >= 4) {
        if (!b[0])
            return b[1] ? "utf-16-be" : "utf-32-be";
        if (!b[1])
            return b[2] || b[3] ? "utf-16-le" : "utf-32-le";
    } else if (n == 2) {
        if (!b[0])
            return "utf-16-be";
        if (!b[1])
            return "utf-16-le";
    }
    return "utf-8";
}

static ev_value json_detect_encoding(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                     const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (!ev_is_byteslike(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "detect_encoding() needs bytes or bytearray, not %s",
                        ev_type_name(argv[0]));
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    return ev_str_from_cstr(I, detect(p, n));
}

static const char *const loads_kw[] = {"cls", "object_hook", "parse_float", "parse_int", "parse_constant",
                                       "object_pairs_hook"};

static ev_value loads_impl(ev_interp *I, ev_value s, const ev_value *v, const kwsplit *rest)
{
    ev_value text;
    if (ev_is(s, EV_O_STR)) {
        if (ev_as_str(s)->len >= 3 && memcmp(ev_as_str(s)->data, "\xEF\xBB\xBF", 3) == 0)
            return json_raise_error(I, "Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0);
        text = ev_dup(s);
    } else if (ev_is_byteslike(s)) {
        const unsigned char *p;
        size_t n;
        if (ev_bytes_view(I, s, &p, &n))
            return EV_ERR;
        const char *enc = detect(p, n);
        ev_value src = ev_dup(s);
        if (strcmp(enc, "utf-8-sig") == 0) {
            /* the BOM, then UTF-8 */
            ev_decref(I, src);
            src = ev_bytes_new(I, EV_O_BYTES, p + 3, n - 3);
            if (EV_IS_ERR(src))
                return src;
            enc = "utf-8";
        }
        ev_value a[2] = {ev_str_from_cstr(I, enc), EV_ERR};
        if (EV_IS_ERR(a[0])) {
            ev_decref(I, src);
            return a[0];
        }
        a[1] = ev_str_from_cstr(I, "surrogatepass");
        text = EV_IS_ERR(a[1]) ? a[1] : ev_bytes_decode(I, src, 2, a, NULL);
        ev_decref(I, src);
        ev_decref(I, a[0]);
        if (!EV_IS_ERR(a[1]))
            ev_decref(I, a[1]);
        if (EV_IS_ERR(text))
            return text;
    } else {
        return ev_raise(I, &ev_type_TypeError, "the JSON object must be str, bytes or bytearray, not %s",
                        ev_type_name(s));
    }
    bool dflt = rest->n == 0;
    for (int i = 0; i < 6; i++)
        if (!EV_IS_ERR(v[i]) && v[i].tag != EV_T_NONE)
            dflt = false;
    ev_value dec;
    if (dflt) {
        dec = dec_new(I, ev_obj_val(&ev_type_JSONDecoder.h), 0, NULL, NULL);
    } else {
        ev_value cls = EV_IS_ERR(v[0]) || v[0].tag == EV_T_NONE ? ev_obj_val(&ev_type_JSONDecoder.h) : v[0];
        ev_str *names[40];
        ev_value vals[40];
        int n = 0;
        for (int i = 0; i < rest->n; i++) {
            names[n] = rest->names[i];
            vals[n++] = rest->vals[i];
        }
        for (int i = 1; i < 6; i++)
            if (!EV_IS_ERR(v[i]) && v[i].tag != EV_T_NONE) {
                names[n] = nm(I, loads_kw[i]);
                vals[n++] = v[i];
            }
        dec = ev_call(I, cls, 0, NULL, n, names, vals);
    }
    if (EV_IS_ERR(dec)) {
        ev_decref(I, text);
        return dec;
    }
    ev_value r = ev_type_of(dec) == &ev_type_JSONDecoder ? dec_decode(I, dec, 1, &text, NULL)
                                                         : call_method(I, dec, "decode", 1, &text);
    ev_decref(I, dec);
    ev_decref(I, text);
    return r;
}

static ev_value json_loads(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const pn[] = {"s"};
    ev_value posv[1], v[6];
    kwsplit rest;
    if (check_pos(I, "loads", argc, 1, posv, argv) ||
        split_kw(I, kw, "loads", loads_kw, 6, v, &rest, posv, pn, 1, argc))
        return EV_ERR;
    return loads_impl(I, posv[0], v, &rest);
}

static ev_value json_load(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const pn[] = {"fp"};
    ev_value posv[1], v[6];
    kwsplit rest;
    if (check_pos(I, "load", argc, 1, posv, argv) ||
        split_kw(I, kw, "load", loads_kw, 6, v, &rest, posv, pn, 1, argc))
        return EV_ERR;
    ev_value s = call_method(I, posv[0], "read", 0, NULL);
    if (EV_IS_ERR(s))
        return s;
    ev_value r = loads_impl(I, s, v, &rest);
    ev_decref(I, s);
    return r;
}

/* ---- the types and the module ---------------------------------------------------------------- */

static const ev_builtin_def encoder_methods[] = {
    {"__init__", enc_init, 0, -1, EV_BF_KWANY},
    {"default", enc_default, 1, 1, 0, "o"},
    {"encode", enc_encode, 1, 1, 0, "o"},
    {"iterencode", enc_iterencode, 1, 2, 0, "o, _one_shot"},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def decoder_methods[] = {
    {"__init__", dec_init, 0, -1, EV_BF_KWANY},
    {"decode", dec_decode, 1, 1, 0, "s"},
    {"raw_decode", dec_raw_decode, 1, 2, 0, "s, idx"},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_JSONEncoder = {STATIC_TYPE, .name = "JSONEncoder", .call = enc_new, .methods = encoder_methods,
                               .max_args = -1, .kwflags = EV_BF_KWANY,
                               .module = "json.encoder", .tflags = EV_TYPE_CSLOTS, .cnew = enc_cnew};
ev_type ev_type_JSONDecoder = {STATIC_TYPE, .name = "JSONDecoder", .call = dec_new, .methods = decoder_methods,
                               .max_args = -1, .kwflags = EV_BF_KWANY,
                               .module = "json.decoder", .tflags = EV_TYPE_CSLOTS, .cnew = dec_cnew};
ev_type ev_type_JSONDecodeError = {STATIC_TYPE, .name = "json.decoder.JSONDecodeError",
                                   .base = &ev_type_ValueError, .call = de_new, .methods = decodeerror_methods,
                                   .max_args = -1, .kwflags = EV_BF_KWANY, .module = "json.decoder"};

static const ev_builtin_def json_functions[] = {
    {"dumps", json_dumps, 0, -1, EV_BF_KWANY},
    {"dump", json_dump, 0, -1, EV_BF_KWANY},
    {"loads", json_loads, 0, -1, EV_BF_KWANY},
    {"load", json_load, 0, -1, EV_BF_KWANY},
    {"detect_encoding", json_detect_encoding, 1, 1, 0, "b"},
    {NULL, NULL, 0, 0, 0},
};

/* json.encoder.encode_basestring(s), encode_basestring_ascii(s) */
static ev_value basestring(ev_interp *I, ev_value s, bool ascii)
{
    if (!ev_is(s, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "first argument must be a string, not %s", ev_type_name(s));
    return enc_encode_str(I, s, ascii);
}

static ev_value json_encode_basestring(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                       const ev_kw *kw)
{
    return basestring(I, argv[0], false);
}

static ev_value json_encode_basestring_ascii(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                             const ev_kw *kw)
{
    return basestring(I, argv[0], true);
}

static int set_submodule(ev_interp *I, ev_dict *ns, const char *attrname, const char *modname)
{
    ev_value m = ev_import_submodule(I, modname);
    if (EV_IS_ERR(m))
        return -1;
    int r = ev_module_set(I, ns, attrname, m);
    ev_decref(I, m);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    /* json/__init__.py imports .decoder and .encoder: bound as attributes */
    return set_submodule(I, ns, "decoder", "json.decoder") || set_submodule(I, ns, "encoder", "json.encoder") ||
                   ev_module_set(I, ns, "JSONEncoder", ev_obj_val(&ev_type_JSONEncoder.h)) ||
                   ev_module_set(I, ns, "JSONDecoder", ev_obj_val(&ev_type_JSONDecoder.h)) ||
                   ev_module_set(I, ns, "JSONDecodeError", ev_obj_val(&ev_type_JSONDecodeError.h))
               ? -1
               : 0;
}

static int init_decoder(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "JSONDecoder", ev_obj_val(&ev_type_JSONDecoder.h)) ||
                   ev_module_set(I, ns, "JSONDecodeError", ev_obj_val(&ev_type_JSONDecodeError.h))
               ? -1
               : 0;
}

static int init_encoder(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "JSONEncoder", ev_obj_val(&ev_type_JSONEncoder.h));
}

static const ev_builtin_def encoder_functions[] = {
    {"encode_basestring", json_encode_basestring, 1, 1, 0, "s"},
    {"encode_basestring_ascii", json_encode_basestring_ascii, 1, 1, 0, "s"},
    {NULL, NULL, 0, 0, 0},
};

static const char *const decoder_all[] = {"JSONDecoder", "JSONDecodeError", NULL};

const ev_module_def ev_module_json_decoder = {"json.decoder", NULL, init_decoder, decoder_all};
const ev_module_def ev_module_json_encoder = {"json.encoder", encoder_functions, init_encoder, NULL};

/* CPython 3.11's __all__ */
static const char *const all_names[] = {"dump",        "dumps",           "load",        "loads",
                                        "JSONDecoder", "JSONDecodeError", "JSONEncoder", NULL};

const ev_module_def ev_module_json = {"json", json_functions, init, all_names};
