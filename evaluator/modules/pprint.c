/*
 * pprint.c - the pprint module, CPython 3.11 behaviour (Lib/pprint.py).
 *
 * PrettyPrinter keeps its settings as the instance attributes pprint.py
 * gives it (_width, _indent_per_level, _depth, _stream, _compact,
 * _sort_dicts, _underscore_numbers); each public call reads them once into
 * a pp_ctx.  The layout is pprint.py's: _format tries the one-line
 * _safe_repr first and breaks an object over lines only when it does not
 * fit, choosing the layout by which class defines the object's __repr__
 * (pprint.py's _dispatch keyed by type(obj).__repr__), so a subclass with
 * its own __repr__ is shown by it.  Each stream.write of pprint.py is one
 * write here, in the same order, to the stream, to standard output or to
 * the string pformat returns (the layouts are in pprint_layout.c).  The
 * recursion context is a real dict of ids,
 * as a subclass's format() override receives it; sorting goes through the
 * module's _safe_key/_safe_tuple globals as pprint.py's sorted() calls do.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/pprint_int.h"

ev_value pp_get(ev_interp *I, ev_value o, const char *name)
{
    return ev_us_getattr(I, o, name);
}

ev_value pp_callm(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv)
{
    return ev_us_callm(I, o, name, argc, argv, NULL);
}

/* a name of the pprint module's namespace (borrowed), as pprint.py reads its globals */
ev_value pp_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "pprint", 6);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = m && k && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!c) {
        ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
        return EV_ERR;
    }
    return *c;
}

/* ---- writing ---------------------------------------------------------------------------------- */

int pp_write_str(ev_interp *I, pp_ctx *c, ev_value s)
{
    ev_str *p = ev_as_str(s);
    if (c->buf)
        return ev_buf_put(I, c->buf, p->data, p->len);
    if (c->stream.tag != EV_T_NONE) {
        ev_value r = pp_callm(I, c->stream, "write", 1, &s);
        if (EV_IS_ERR(r))
            return -1;
        ev_decref(I, r);
        return 0;
    }
    return ev_utf8_encodable(I, p->data, p->len) || ev_write_out(I, p->data, p->len);
}

int pp_write(ev_interp *I, pp_ctx *c, const char *s, size_t n)
{
    if (c->buf)
        return ev_buf_put(I, c->buf, s, n);
    ev_value v = ev_str_new(I, s, n);
    if (EV_IS_ERR(v))
        return -1;
    int r = pp_write_str(I, c, v);
    ev_decref(I, v);
    return r;
}

int pp_puts(ev_interp *I, pp_ctx *c, const char *s)
{
    return pp_write(I, c, s, strlen(s));
}

/* '\n' or ',\n' (lead) followed by n spaces, one write */
int pp_newline(ev_interp *I, pp_ctx *c, const char *lead, int64_t n)
{
    ev_buf b = {0};
    int r = ev_buf_puts(I, &b, lead);
    for (int64_t i = 0; r == 0 && i < n; i++)
        r = ev_buf_put(I, &b, " ", 1);
    if (r == 0)
        r = pp_write(I, c, b.data ? b.data : "", b.len);
    ev_buf_free(I, &b);
    return r;
}

/* ---- which class's __repr__ an object has --------------------------------------------------- */

/* The class of t's MRO whose __repr__ type(obj).__repr__ is: the first class
 * statement that defines one, else the first builtin type (which defines its
 * own repr, as every type pprint dispatches on does in CPython). */
ev_type *pp_repr_owner(ev_interp *I, ev_type *t)
{
    if (!ev_is_heaptype(t))
        return t;
    ev_tuple *mro = ev_as_tuple(t->mro);
    ev_str *rn = I->dn[EV_DN_REPR];
    for (size_t i = 0; i < mro->len; i++) {
        ev_type *c = (ev_type *)mro->items[i].u.o;
        if (!ev_is_heaptype(c))
            return c;
        if (c->dict && ev_dict_lookup_str(c->dict, rn))
            return c;
    }
    return &ev_type_object;
}

/* ---- the recursion context: a dict {id(obj): 1} ------------------------------------------- */

int pp_ctx_has(ev_interp *I, ev_value context, ev_value obj)
{
    ev_value out;
    int r = ev_dict_get(I, ev_as_dict(context), ev_int(ev_object_id(obj)), &out);
    if (r == 1)
        ev_decref(I, out);
    return r;
}

int pp_ctx_add(ev_interp *I, ev_value context, ev_value obj)
{
    return ev_setitem(I, context, ev_int(ev_object_id(obj)), ev_int(1));
}

int pp_ctx_del(ev_interp *I, ev_value context, ev_value obj)
{
    return ev_delitem(I, context, ev_int(ev_object_id(obj)));
}

/* <Recursion on list with id=...> */
ev_value pp_recursion_str(ev_interp *I, ev_value obj)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "<Recursion on %s with id=%lld>", ev_type_of(obj)->name,
                      (long long)ev_object_id(obj))) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- _safe_repr ------------------------------------------------------------------------------- */

static int pp_fmt(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, ev_value maxlevels, int64_t level,
                  pp_rep *out);

/* maxlevels and level >= maxlevels */
static int too_deep(ev_interp *I, ev_value maxlevels, int64_t level)
{
    int t = ev_truth(I, maxlevels);
    if (t <= 0)
        return t;
    return ev_compare(I, ev_int(level), maxlevels, 5);
}

static int rep_plain(ev_interp *I, ev_value obj, pp_rep *out)
{
    ev_value s = ev_repr(I, obj);
    if (EV_IS_ERR(s))
        return -1;
    out->s = s;
    out->readable = ev_as_str(s)->len && ev_as_str(s)->data[0] != '<';
    out->recursive = false;
    return 0;
}

static int rep_const(ev_interp *I, const char *s, bool readable, bool recursive, pp_rep *out)
{
    out->s = ev_str_from_cstr(I, s);
    out->readable = readable;
    out->recursive = recursive;
    return EV_IS_ERR(out->s) ? -1 : 0;
}

/* sorted(items, key=_safe_tuple or _safe_key) as a new list */
ev_value pp_sorted_by(ev_interp *I, ev_value iterable, const char *keyname)
{
    ev_value key = pp_global(I, keyname);
    if (EV_IS_ERR(key))
        return key;
    ev_dup(key);
    ev_value l = ev_list_from_iterable(I, iterable);
    if (!EV_IS_ERR(l) && ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, key, false)) {
        ev_decref(I, l);
        l = EV_ERR;
    }
    ev_decref(I, key);
    return l;
}

/* one 2-item entry of an items sequence: *k and *v new references */
int pp_unpack2(ev_interp *I, ev_value item, ev_value *k, ev_value *v)
{
    if (ev_is(item, EV_O_TUPLE) && ev_as_tuple(item)->len == 2) {
        *k = ev_dup(ev_as_tuple(item)->items[0]);
        *v = ev_dup(ev_as_tuple(item)->items[1]);
        return 0;
    }
    ev_value t = ev_tuple_from_iterable(I, item);
    if (EV_IS_ERR(t))
        return -1;
    size_t n = ev_as_tuple(t)->len;
    if (n != 2) {
        ev_decref(I, t);
        if (n < 2)
            ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %zu)", n);
        else
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
        return -1;
    }
    *k = ev_dup(ev_as_tuple(t)->items[0]);
    *v = ev_dup(ev_as_tuple(t)->items[1]);
    ev_decref(I, t);
    return 0;
}

static int join_components(ev_interp *I, ev_buf *b, const char *open, const char *close, ev_value parts)
{
    int r = ev_buf_puts(I, b, open);
    ev_list *l = ev_as_list(parts);
    for (size_t i = 0; r == 0 && i < l->len; i++) {
        ev_str *s = ev_as_str(l->items[i]);
        r = (i && ev_buf_put(I, b, ", ", 2)) || ev_buf_put(I, b, s->data, s->len);
    }
    return r || ev_buf_puts(I, b, close);
}

static int safe_repr_dict(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, ev_value maxlevels,
                          int64_t level, pp_rep *out)
{
    int64_t n;
    if (ev_len(I, obj, &n))
        return -1;
    if (n == 0)
        return rep_const(I, "{}", true, false, out);
    int deep = too_deep(I, maxlevels, level);
    if (deep < 0)
        return -1;
    int has = pp_ctx_has(I, context, obj);
    if (has < 0)
        return -1;
    if (deep)
        return rep_const(I, "{...}", false, has, out);
    if (has) {
        out->s = pp_recursion_str(I, obj);
        out->readable = false;
        out->recursive = true;
        return EV_IS_ERR(out->s) ? -1 : 0;
    }
    if (pp_ctx_add(I, context, obj))
        return -1;
    bool readable = true, recursive = false;
    ev_value items = EV_ERR, it = EV_ERR, parts = ev_list_new(I, 0), item;
    ev_buf b = {0};
    int st = -1;
    level++;
    if (EV_IS_ERR(parts))
        goto fail;
    items = pp_callm(I, obj, "items", 0, NULL);
    if (!EV_IS_ERR(items) && c->sort_dicts) {
        ev_value s = pp_sorted_by(I, items, "_safe_tuple");
        ev_decref(I, items);
        items = s;
    }
    it = EV_IS_ERR(items) ? items : ev_iter(I, items);
    if (EV_IS_ERR(it))
        goto fail;
    int r;
    while ((r = ev_next(I, it, &item)) == 1) {
        ev_value k, v;
        int e = pp_unpack2(I, item, &k, &v);
        ev_decref(I, item);
        if (e)
            goto fail;
        pp_rep kr = {EV_ERR}, vr = {EV_ERR};
        e = pp_fmt(I, c, k, context, maxlevels, level, &kr);
        e = e ? e : pp_fmt(I, c, v, context, maxlevels, level, &vr);
        ev_decref(I, k);
        ev_decref(I, v);
        if (!e) {
            ev_buf pb = {0};
            ev_str *ks = ev_as_str(kr.s), *vs = ev_as_str(vr.s);
            e = ev_buf_put(I, &pb, ks->data, ks->len) || ev_buf_put(I, &pb, ": ", 2) ||
                ev_buf_put(I, &pb, vs->data, vs->len);
            ev_value p = e ? EV_ERR : ev_buf_to_str(I, &pb);
            if (e)
                ev_buf_free(I, &pb);
            e = EV_IS_ERR(p) || ev_list_append(I, ev_as_list(parts), p);
            if (!EV_IS_ERR(p))
                ev_decref(I, p);
            readable = readable && kr.readable && vr.readable;
            if (kr.recursive || vr.recursive)
                recursive = true;
        }
        ev_decref(I, kr.s);
        ev_decref(I, vr.s);
        if (e)
            goto fail;
    }
    if (r < 0 || pp_ctx_del(I, context, obj) || join_components(I, &b, "{", "}", parts))
        goto fail;
    out->s = ev_buf_to_str(I, &b);
    out->readable = readable;
    out->recursive = recursive;
    st = EV_IS_ERR(out->s) ? -1 : 0;
    goto done;
fail:
    ev_buf_free(I, &b);
done:
    ev_decref(I, it);
    ev_decref(I, items);
    ev_decref(I, parts);
    return st;
}

static int safe_repr_seq(ev_interp *I, pp_ctx *c, ev_value obj, bool is_list, ev_value context,
                         ev_value maxlevels, int64_t level, pp_rep *out)
{
    int64_t n;
    if (ev_len(I, obj, &n))
        return -1;
    const char *open = is_list ? "[" : "(", *close = is_list ? "]" : n == 1 ? ",)" : ")";
    if (n == 0)
        return rep_const(I, is_list ? "[]" : "()", true, false, out);
    int deep = too_deep(I, maxlevels, level);
    if (deep < 0)
        return -1;
    int has = pp_ctx_has(I, context, obj);
    if (has < 0)
        return -1;
    if (deep) {
        char tmp[8];
        snprintf(tmp, sizeof tmp, "%s...%s", open, close);
        return rep_const(I, tmp, false, has, out);
    }
    if (has) {
        out->s = pp_recursion_str(I, obj);
        out->readable = false;
        out->recursive = true;
        return EV_IS_ERR(out->s) ? -1 : 0;
    }
    if (pp_ctx_add(I, context, obj))
        return -1;
    bool readable = true, recursive = false;
    ev_value it = ev_iter(I, obj), parts = ev_list_new(I, 0), item;
    ev_buf b = {0};
    int st = -1, r;
    level++;
    if (EV_IS_ERR(it) || EV_IS_ERR(parts))
        goto fail;
    while ((r = ev_next(I, it, &item)) == 1) {
        pp_rep ir;
        int e = pp_fmt(I, c, item, context, maxlevels, level, &ir);
        ev_decref(I, item);
        if (e)
            goto fail;
        e = ev_list_append(I, ev_as_list(parts), ir.s);
        ev_decref(I, ir.s);
        if (e)
            goto fail;
        if (!ir.readable)
            readable = false;
        if (ir.recursive)
            recursive = true;
    }
    if (r < 0 || pp_ctx_del(I, context, obj) || join_components(I, &b, open, close, parts))
        goto fail;
    out->s = ev_buf_to_str(I, &b);
    out->readable = readable;
    out->recursive = recursive;
    st = EV_IS_ERR(out->s) ? -1 : 0;
    goto done;
fail:
    ev_buf_free(I, &b);
done:
    ev_decref(I, it);
    ev_decref(I, parts);
    return st;
}

/* PrettyPrinter._safe_repr */
static int safe_repr(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, ev_value maxlevels, int64_t level,
                     pp_rep *out)
{
    ev_type *t = ev_type_of(obj);
    if (t == &ev_type_str || t == &ev_type_bytes || t == &ev_type_bytearray || t == &ev_type_float ||
        t == &ev_type_complex || t == &ev_type_bool || t == &ev_type_NoneType) {
        out->s = ev_repr(I, obj);
        out->readable = true;
        out->recursive = false;
        return EV_IS_ERR(out->s) ? -1 : 0;
    }
    if (ev_recursion_enter(I, ""))
        return -1;
    ev_type *owner = pp_repr_owner(I, t);
    int r;
    if (owner == &ev_type_int && ev_type_is_subclass(t, &ev_type_int)) {
        if (c->underscore) {
            ev_str *spec = ev_intern(I, "_d", 2);
            out->s = spec ? ev_str_format_spec(I, obj, spec) : EV_ERR;
        } else {
            out->s = ev_repr(I, obj);
        }
        out->readable = true;
        out->recursive = false;
        r = EV_IS_ERR(out->s) ? -1 : 0;
    } else if (owner == &ev_type_dict && ev_type_is_subclass(t, &ev_type_dict)) {
        r = safe_repr_dict(I, c, obj, context, maxlevels, level, out);
    } else if ((owner == &ev_type_list && ev_type_is_subclass(t, &ev_type_list)) ||
               (owner == &ev_type_tuple && ev_type_is_subclass(t, &ev_type_tuple))) {
        r = safe_repr_seq(I, c, obj, ev_type_is_subclass(t, &ev_type_list), context, maxlevels, level, out);
    } else {
        r = rep_plain(I, obj, out);
    }
    ev_recursion_leave(I);
    return r;
}

/* a (repr, readable, recursive) triple from a format() override */
static int rep_from_triple(ev_interp *I, ev_value t, pp_rep *out)
{
    ev_value tup = ev_tuple_from_iterable(I, t);
    if (EV_IS_ERR(tup))
        return -1;
    ev_tuple *p = ev_as_tuple(tup);
    if (p->len != 3) {
        if (p->len < 3)
            ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 3, got %zu)", p->len);
        else
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 3)");
        ev_decref(I, tup);
        return -1;
    }
    int rd = ev_truth(I, p->items[1]), rc = rd < 0 ? -1 : ev_truth(I, p->items[2]);
    if (rc < 0) {
        ev_decref(I, tup);
        return -1;
    }
    if (!ev_is(p->items[0], EV_O_STR)) {
        /* pprint.py writes it or measures it with len(): a str is what works */
        ev_raise(I, &ev_type_TypeError, "PrettyPrinter.format() must return a str first, not %s",
                 ev_type_name(p->items[0]));
        ev_decref(I, tup);
        return -1;
    }
    out->s = ev_dup(p->items[0]);
    out->readable = rd;
    out->recursive = rc;
    ev_decref(I, tup);
    return 0;
}

/* self.format(obj, context, maxlevels, level) */
static int pp_fmt(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, ev_value maxlevels, int64_t level,
                  pp_rep *out)
{
    if (c->own_format)
        return safe_repr(I, c, obj, context, maxlevels, level, out);
    ev_value t = pp_callm(I, c->self, "format", 4, (ev_value[]){obj, context, maxlevels, ev_int(level)});
    if (EV_IS_ERR(t))
        return -1;
    int r = rep_from_triple(I, t, out);
    ev_decref(I, t);
    return r;
}

int pp_flag_set(ev_interp *I, pp_ctx *c, const char *name, bool v)
{
    return ev_us_setattr(I, c->self, name, ev_bool(v));
}

/* PrettyPrinter._repr: the one-line form with a copy of the context */
ev_value pp_repr(ev_interp *I, pp_ctx *c, ev_value obj, ev_value context, int64_t level)
{
    ev_value copy = ev_dict_new(I);
    if (EV_IS_ERR(copy))
        return copy;
    pp_rep r;
    if (ev_dict_merge(I, ev_as_dict(copy), ev_as_dict(context)) ||
        pp_fmt(I, c, obj, copy, c->depth, level, &r)) {
        ev_decref(I, copy);
        return EV_ERR;
    }
    ev_decref(I, copy);
    if ((!r.readable && pp_flag_set(I, c, "_readable", false)) || (r.recursive && pp_flag_set(I, c, "_recursive", true))) {
        ev_decref(I, r.s);
        return EV_ERR;
    }
    return r.s;
}

/* ---- binding arguments as a def does ------------------------------------------------------------ */

/* pprint.py's defs: CPython's own TypeErrors (ev_def_bind) */
#define PP_BIND(sig, a)                            \
    ev_value a[EV_DEF_MAXP];                       \
    if (ev_def_bind(I, &(sig), argc, argv, kw, a)) \
        return EV_ERR

static const ev_defsig init_sig = {
    "PrettyPrinter.__init__",
    {"indent", "width", "depth", "stream", "compact", "sort_dicts", "underscore_numbers"},
    0,
    .kwonly = 3};
static const ev_defsig m_pprint_sig = {"PrettyPrinter.pprint", {"object"}, 1};
static const ev_defsig m_pformat_sig = {"PrettyPrinter.pformat", {"object"}, 1};
static const ev_defsig m_isrec_sig = {"PrettyPrinter.isrecursive", {"object"}, 1};
static const ev_defsig m_isread_sig = {"PrettyPrinter.isreadable", {"object"}, 1};
static const ev_defsig m_format_sig = {"PrettyPrinter.format", {"object", "context", "maxlevels", "level"}, 4};
static const ev_defsig m_safe_sig = {"PrettyPrinter._safe_repr", {"object", "context", "maxlevels", "level"}, 4};
static const ev_defsig pprint_sig = {
    "pprint",
    {"object", "stream", "indent", "width", "depth", "compact", "sort_dicts", "underscore_numbers"},
    1,
    .kwonly = 3,
    .func = true};
static const ev_defsig pformat_sig = {
    "pformat",
    {"object", "indent", "width", "depth", "compact", "sort_dicts", "underscore_numbers"},
    1,
    .kwonly = 3,
    .func = true};
static const ev_defsig saferepr_sig = {"saferepr", {"object"}, 1, .func = true};
static const ev_defsig isreadable_sig = {"isreadable", {"object"}, 1, .func = true};
static const ev_defsig isrecursive_sig = {"isrecursive", {"object"}, 1, .func = true};

/* ---- PrettyPrinter ---------------------------------------------------------------------------- */

static ev_value self_attr(ev_interp *I, ev_value self, const char *name)
{
    return pp_get(I, self, name);
}

static int attr_int(ev_interp *I, ev_value self, const char *name, int64_t *out)
{
    ev_value v = self_attr(I, self, name);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_index(I, v, out, NULL);
    ev_decref(I, v);
    return r;
}

static int attr_truth(ev_interp *I, ev_value self, const char *name, bool *out)
{
    ev_value v = self_attr(I, self, name);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_truth(I, v);
    ev_decref(I, v);
    *out = r > 0;
    return r < 0 ? -1 : 0;
}

static ev_value pp_safe_repr_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* the settings of self; ctx_release drops what it holds */
static int ctx_init(ev_interp *I, ev_value self, pp_ctx *c)
{
    memset(c, 0, sizeof *c);
    c->self = self;
    c->depth = EV_NONE;
    c->stream = EV_NONE;
    ev_value f = self_attr(I, self, "format");
    if (EV_IS_ERR(f))
        return -1;
    c->own_format = ev_is(f, EV_O_BUILTIN) && ((ev_builtin *)f.u.o)->def->fn == pp_safe_repr_m;
    ev_decref(I, f);
    if (attr_int(I, self, "_width", &c->width) || attr_int(I, self, "_indent_per_level", &c->indent) ||
        attr_truth(I, self, "_compact", &c->compact) || attr_truth(I, self, "_sort_dicts", &c->sort_dicts) ||
        attr_truth(I, self, "_underscore_numbers", &c->underscore))
        return -1;
    c->depth = self_attr(I, self, "_depth");
    return EV_IS_ERR(c->depth) ? -1 : 0;
}

static void ctx_release(ev_interp *I, pp_ctx *c)
{
    if (!EV_IS_ERR(c->depth))
        ev_decref(I, c->depth);
    if (!EV_IS_ERR(c->stream))
        ev_decref(I, c->stream);
}

/* PrettyPrinter.__init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False,
 * sort_dicts=True, underscore_numbers=False) */
static ev_value pp_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(init_sig, a);
    ev_value ind = EV_IS_ERR(a[0]) ? ev_int(1) : a[0], wid = EV_IS_ERR(a[1]) ? ev_int(80) : a[1];
    ev_value intt = ev_obj_val(&ev_type_int.h);
    ev_value indent = ev_call(I, intt, 1, &ind, 0, NULL, NULL);
    if (EV_IS_ERR(indent))
        return indent;
    ev_value width = ev_call(I, intt, 1, &wid, 0, NULL, NULL);
    ev_value r = EV_ERR;
    if (EV_IS_ERR(width)) {
        ev_decref(I, indent);
        return width;
    }
    ev_value depth = EV_IS_ERR(a[2]) ? EV_NONE : a[2];
    int t = ev_compare(I, indent, ev_int(0), 0);
    if (t < 0)
        goto done;
    if (t) {
        ev_raise(I, &ev_type_ValueError, "indent must be >= 0");
        goto done;
    }
    if (depth.tag != EV_T_NONE) {
        t = ev_compare(I, depth, ev_int(0), 1);
        if (t < 0)
            goto done;
        if (t) {
            ev_raise(I, &ev_type_ValueError, "depth must be > 0");
            goto done;
        }
    }
    t = ev_truth(I, width);
    if (t < 0)
        goto done;
    if (!t) {
        ev_raise(I, &ev_type_ValueError, "width must be != 0");
        goto done;
    }
    ev_value stream = EV_IS_ERR(a[3]) ? EV_NONE : a[3];
    int compact = EV_IS_ERR(a[4]) ? 0 : ev_truth(I, a[4]);
    if (compact < 0)
        goto done;
    if (ev_us_setattr(I, self, "_depth", depth) || ev_us_setattr(I, self, "_indent_per_level", indent) ||
        ev_us_setattr(I, self, "_width", width) || ev_us_setattr(I, self, "_stream", stream) ||
        ev_us_setattr(I, self, "_compact", ev_bool(compact)) ||
        ev_us_setattr(I, self, "_sort_dicts", EV_IS_ERR(a[5]) ? EV_TRUE : a[5]) ||
        ev_us_setattr(I, self, "_underscore_numbers", EV_IS_ERR(a[6]) ? EV_FALSE : a[6]))
        goto done;
    r = EV_NONE;
done:
    ev_decref(I, indent);
    ev_decref(I, width);
    return r;
}

/* self._format(object, out, 0, 0, {}, 0) */
static int format_top(ev_interp *I, pp_ctx *c, ev_value obj)
{
    ev_value context = ev_dict_new(I);
    if (EV_IS_ERR(context))
        return -1;
    ev_value hold = ev_dup(obj);
    int r = pp_format(I, c, obj, 0, 0, context, 0);
    ev_decref(I, hold);
    ev_decref(I, context);
    return r;
}

static ev_value pp_pformat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_pformat_sig, a);
    pp_ctx c;
    ev_buf b = {0};
    if (ctx_init(I, self, &c)) {
        ctx_release(I, &c);
        return EV_ERR;
    }
    c.buf = &b;
    int r = format_top(I, &c, a[0]);
    ctx_release(I, &c);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value pp_pprint(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_pprint_sig, a);
    pp_ctx c;
    if (ctx_init(I, self, &c)) {
        ctx_release(I, &c);
        return EV_ERR;
    }
    c.stream = self_attr(I, self, "_stream");
    int r = EV_IS_ERR(c.stream) || format_top(I, &c, a[0]) || pp_puts(I, &c, "\n");
    ctx_release(I, &c);
    return r ? EV_ERR : EV_NONE;
}

/* self.format(object, {}, 0, 0): the triple, or EV_ERR */
static int format_fresh(ev_interp *I, ev_value self, ev_value obj, ev_value maxlevels, pp_rep *out)
{
    pp_ctx c;
    if (ctx_init(I, self, &c)) {
        ctx_release(I, &c);
        return -1;
    }
    ev_value context = ev_dict_new(I);
    int r = EV_IS_ERR(context) ? -1 : pp_fmt(I, &c, obj, context, maxlevels, 0, out);
    if (!EV_IS_ERR(context))
        ev_decref(I, context);
    ctx_release(I, &c);
    return r;
}

static ev_value pp_isrecursive(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_isrec_sig, a);
    pp_rep r;
    if (format_fresh(I, self, a[0], ev_int(0), &r))
        return EV_ERR;
    ev_decref(I, r.s);
    return ev_bool(r.recursive);
}

static ev_value pp_isreadable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_isread_sig, a);
    pp_rep r;
    if (format_fresh(I, self, a[0], ev_int(0), &r))
        return EV_ERR;
    ev_decref(I, r.s);
    return ev_bool(r.readable && !r.recursive);
}

static ev_value triple(ev_interp *I, pp_rep *r)
{
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t)) {
        ev_decref(I, r->s);
        return t;
    }
    ev_as_tuple(t)->items[0] = r->s;
    ev_as_tuple(t)->items[1] = ev_bool(r->readable);
    ev_as_tuple(t)->items[2] = ev_bool(r->recursive);
    return t;
}

/* format(object, context, maxlevels, level) and _safe_repr: the same C */
static ev_value safe_repr_call(ev_interp *I, ev_value self, const ev_value *argv)
{
    if (!ev_is(argv[1], EV_O_DICT))
        return ev_raise(I, &ev_type_TypeError, "PrettyPrinter.format() context must be a dict, not %s",
                        ev_type_name(argv[1]));
    int64_t level;
    if (ev_index(I, argv[3], &level, NULL))
        return EV_ERR;
    pp_ctx c;
    if (ctx_init(I, self, &c)) {
        ctx_release(I, &c);
        return EV_ERR;
    }
    pp_rep r;
    ev_value ctxd = ev_dup(argv[1]);
    int e = safe_repr(I, &c, argv[0], ctxd, argv[2], level, &r);
    ev_decref(I, ctxd);
    ctx_release(I, &c);
    return e ? EV_ERR : triple(I, &r);
}

static ev_value pp_safe_repr_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_format_sig, a);
    return safe_repr_call(I, self, a);
}

static ev_value pp_safe_repr_u(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    PP_BIND(m_safe_sig, a);
    return safe_repr_call(I, self, a);

}

static const ev_us_method printer_methods[] = {
    EV_US_M("__init__", pp_init),
    EV_US_M("pprint", pp_pprint),
    EV_US_M("pformat", pp_pformat),
    EV_US_M("isrecursive", pp_isrecursive),
    EV_US_M("isreadable", pp_isreadable),
    EV_US_M("format", pp_safe_repr_m),
    EV_US_M("_safe_repr", pp_safe_repr_u),
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

/* ---- _safe_key, _safe_tuple --------------------------------------------------------------------- */

static ev_value sk_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)kw;
    return ev_us_setattr(I, self, "obj", argv[0]) ? EV_ERR : EV_NONE;
}

/* self.obj < other.obj, else (str(type(a)), id(a)) < (str(type(b)), id(b)) */
static ev_value sk_lt(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)kw;
    ev_value a = pp_get(I, self, "obj");
    ev_value b = EV_IS_ERR(a) ? a : pp_get(I, argv[0], "obj");
    if (EV_IS_ERR(b)) {
        ev_decref(I, a);
        return EV_ERR;
    }
    int lt = ev_compare(I, a, b, 0);
    ev_value r = lt < 0 ? EV_ERR : ev_bool(lt);
    if (EV_IS_ERR(r) && ev_us_catch(I, &ev_type_TypeError)) {
        ev_value ta = ev_to_str(I, ev_obj_val(&ev_type_of(a)->h));
        ev_value tb = EV_IS_ERR(ta) ? ta : ev_to_str(I, ev_obj_val(&ev_type_of(b)->h));
        if (!EV_IS_ERR(tb)) {
            int eq = ev_eq(I, ta, tb);
            if (eq == 0)
                r = ev_bool(ev_compare(I, ta, tb, 0) == 1);
            else if (eq == 1)
                r = ev_bool(ev_object_id(a) < ev_object_id(b));
            ev_decref(I, tb);
        }
        ev_decref(I, ta);
    }
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

static const ev_us_method safe_key_methods[] = {
    {{"__init__", sk_init, 1, 1, 0, "obj"}, 'm'},
    {{"__lt__", sk_lt, 1, 1, 0, "other"}, 'm'},
    {{NULL, NULL, 0, 0, 0, NULL}, 0},
};

static ev_value safe_key_of(ev_interp *I, ev_value v)
{
    ev_value k = pp_global(I, "_safe_key");
    return EV_IS_ERR(k) ? k : ev_call(I, k, 1, &v, 0, NULL, NULL);
}

static ev_value b_safe_tuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    (void)argc;
    (void)kw;
    ev_value a = ev_getitem(I, argv[0], ev_int(0));
    ev_value ka = EV_IS_ERR(a) ? a : safe_key_of(I, a);
    ev_decref(I, a);
    if (EV_IS_ERR(ka))
        return ka;
    ev_value b = ev_getitem(I, argv[0], ev_int(1));
    ev_value kb = EV_IS_ERR(b) ? b : safe_key_of(I, b);
    ev_decref(I, b);
    ev_value t = EV_IS_ERR(kb) ? kb : ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, ka);
        ev_decref(I, kb);
        return t;
    }
    ev_as_tuple(t)->items[0] = ka;
    ev_as_tuple(t)->items[1] = kb;
    return t;
}

/* ---- the module functions ----------------------------------------------------------------------- */

/* PrettyPrinter(**settings) through the module's global */
static ev_value make_printer(ev_interp *I, int n, const char *const *names, const ev_value *vals)
{
    ev_value cls = pp_global(I, "PrettyPrinter");
    if (EV_IS_ERR(cls))
        return cls;
    ev_str *kn[8];
    ev_value kv[8];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (EV_IS_ERR(vals[i]))
            continue;
        kn[k] = ev_intern(I, names[i], strlen(names[i]));
        if (!kn[k])
            return ev_raise_nomem(I);
        kv[k++] = vals[i];
    }
    ev_dup(cls);
    ev_value r = ev_call(I, cls, 0, NULL, k, kn, kv);
    ev_decref(I, cls);
    return r;
}

static const char *const pprint_names[] = {"stream", "indent", "width", "depth", "compact", "sort_dicts",
                                           "underscore_numbers"};

static ev_value do_pprint(ev_interp *I, ev_value obj, const ev_value *settings)
{
    ev_value p = make_printer(I, 7, pprint_names, settings);
    if (EV_IS_ERR(p))
        return p;
    ev_value r = pp_callm(I, p, "pprint", 1, &obj);
    ev_decref(I, p);
    return r;
}

/* pprint(object, stream=None, indent=1, width=80, depth=None, *, compact, sort_dicts, underscore_numbers) */
static ev_value b_pprint(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    PP_BIND(pprint_sig, a);
    return do_pprint(I, a[0], a + 1);
}

static ev_value b_pformat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    PP_BIND(pformat_sig, a);
    static const char *const names[] = {"indent", "width", "depth", "compact", "sort_dicts", "underscore_numbers"};
    ev_value p = make_printer(I, 6, names, a + 1);
    if (EV_IS_ERR(p))
        return p;
    ev_value r = pp_callm(I, p, "pformat", 1, a);
    ev_decref(I, p);
    return r;
}

/* pp(object, *args, sort_dicts=False, **kwargs): pprint's parameters bound here */
static ev_value b_pp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc < 1 && !(kw && kw->n))
        return ev_raise(I, &ev_type_TypeError, "pp() missing 1 required positional argument: 'object'");
    ev_value obj = argc ? argv[0] : EV_ERR;
    ev_value s[7];
    for (int i = 0; i < 7; i++)
        s[i] = EV_ERR;
    if (argc > 5) {
        /* pp passes sort_dicts by keyword, with the caller's keywords */
        int kwonly = 1;
        for (int i = 0; kw && i < kw->n; i++)
            kwonly += strcmp(kw->names[i]->data, "compact") == 0 ||
                      strcmp(kw->names[i]->data, "underscore_numbers") == 0;
        return ev_raise(I, &ev_type_TypeError,
                        "pprint() takes from 1 to 5 positional arguments but %d positional arguments (and %d "
                        "keyword-only argument%s) were given",
                        argc, kwonly, kwonly == 1 ? "" : "s");
    }
    for (int i = 1; i < argc; i++)
        s[i - 1] = argv[i];
    bool sd = false;
    for (int i = 0; kw && i < kw->n; i++) {
        const char *n = kw->names[i]->data;
        if (strcmp(n, "object") == 0 && EV_IS_ERR(obj)) {
            obj = kw->vals[i];
            continue;
        }
        int j = 0;
        while (j < 7 && strcmp(pprint_names[j], n) != 0)
            j++;
        if (j == 7 || (j < 4 && strcmp(n, "object") == 0))
            return ev_raise(I, &ev_type_TypeError, "pprint() got an unexpected keyword argument '%s'", n);
        if (!EV_IS_ERR(s[j]))
            return ev_raise(I, &ev_type_TypeError, "pprint() got multiple values for argument '%s'", n);
        s[j] = kw->vals[i];
        if (j == 5)
            sd = true;
    }
    if (EV_IS_ERR(obj))
        return ev_raise(I, &ev_type_TypeError, "pp() missing 1 required positional argument: 'object'");
    if (!sd)
        s[5] = EV_FALSE;
    return do_pprint(I, obj, s);
}

/* PrettyPrinter()._safe_repr(object, {}, None, 0)[which] */
static ev_value module_safe(ev_interp *I, ev_value obj, int which)
{
    ev_value p = make_printer(I, 0, NULL, NULL);
    if (EV_IS_ERR(p))
        return p;
    ev_value context = ev_dict_new(I);
    ev_value t = EV_IS_ERR(context) ? context
                                    : pp_callm(I, p, "_safe_repr", 4, (ev_value[]){obj, context, EV_NONE, ev_int(0)});
    ev_decref(I, context);
    ev_decref(I, p);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ev_getitem(I, t, ev_int(which));
    ev_decref(I, t);
    return r;
}

static ev_value b_saferepr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    PP_BIND(saferepr_sig, a);
    return module_safe(I, a[0], 0);
}

static ev_value b_isreadable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    PP_BIND(isreadable_sig, a);
    return module_safe(I, a[0], 1);
}

static ev_value b_isrecursive(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    PP_BIND(isrecursive_sig, a);
    return module_safe(I, a[0], 2);
}

static const ev_builtin_def pprint_functions[] = {
    {"pprint", b_pprint, 0, -1, EV_BF_KWANY, NULL},
    {"pformat", b_pformat, 0, -1, EV_BF_KWANY, NULL},
    {"pp", b_pp, 0, -1, EV_BF_KWANY, NULL},
    {"saferepr", b_saferepr, 0, -1, EV_BF_KWANY, NULL},
    {"isreadable", b_isreadable, 0, -1, EV_BF_KWANY, NULL},
    {"isrecursive", b_isrecursive, 0, -1, EV_BF_KWANY, NULL},
    {"_safe_tuple", b_safe_tuple, 1, 1, 0, "t"},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value c;
    return ev_us_class(I, ns, "PrettyPrinter", "pprint", "PrettyPrinter", NULL, NULL, printer_methods, &c) ||
           ev_us_class(I, ns, "_safe_key", "pprint", "_safe_key",
                       "Helper function for key functions when sorting unorderable objects.", "obj",
                       safe_key_methods, &c);
}

static const char *const pprint_all[] = {"pprint", "pformat", "isreadable", "isrecursive", "saferepr",
                                         "PrettyPrinter", "pp", NULL};

const ev_module_def ev_module_pprint = {"pprint", pprint_functions, init, pprint_all};
