/*
 * typing_hints.c - typing.get_type_hints of CPython 3.11 (Lib/typing.py:
 * get_type_hints, _eval_type, ForwardRef._evaluate, _strip_annotations).
 *
 * CPython resolves a string annotation with eval() in the module's
 * globals.  safepy never evaluates an annotation's code: a string is read
 * by the small reader below, which knows only what a type expression is
 * made of - names, dotted attributes, subscriptions, `|`, lists and
 * tuples of those, None, True, False, ..., string and integer literals -
 * and looks names up in the namespaces get_type_hints gives it (the
 * module's globals, the class's namespace, the builtins).  A name or an
 * attribute that starts with "__" is refused as the attribute policy
 * refuses interpreter internals (AttributeError or NameError would leak
 * nothing either, but "__import__('os')" must never look as if it could
 * run), and any other syntax (a call, a lambda, arithmetic) raises
 * NotImplementedError naming the annotation: loudly, never evaluated.
 */
#include <ctype.h>
#include <string.h>

#include "evaluator/modules/typing_int.h"

/* ---- the reader ---------------------------------------------------------------------------- */

typedef struct {
    const char *s;
    size_t n, i;
    ev_dict *first, *second; /* where names are looked up, in order (NULL: none), then the builtins */
    const char *whole;       /* the annotation, for messages */
    int depth;
} rd;

static ev_value rd_expr(ev_interp *I, rd *r);

static void skip_ws(rd *r)
{
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t'))
        r->i++;
}

static ev_value refuse(ev_interp *I, rd *r)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "typing.get_type_hints: the string annotation '%s' is not a type expression safepy evaluates "
                    "(names, attributes, subscriptions, | and literals; safepy never runs an annotation's code)",
                    r->whole);
}

static bool ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

static ev_value lookup(ev_interp *I, rd *r, ev_str *name)
{
    ev_dict *spaces[3] = {r->first, r->second, I->builtins};
    for (int i = 0; i < 3; i++) {
        ev_value *v = spaces[i] ? ev_dict_lookup_str(spaces[i], name) : NULL;
        if (v)
            return ev_dup(*v);
    }
    return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name->data);
}

/* a comma-separated run of expressions up to close: a list of them; *trailing: a comma ended it */
static ev_value rd_list(ev_interp *I, rd *r, char close, bool *trailing)
{
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    *trailing = false;
    for (;;) {
        skip_ws(r);
        if (r->i < r->n && r->s[r->i] == close)
            break;
        ev_value x = rd_expr(I, r);
        if (EV_IS_ERR(x) || ev_list_append(I, ev_as_list(l), x)) {
            if (!EV_IS_ERR(x))
                ev_decref(I, x);
            ev_decref(I, l);
            return EV_ERR;
        }
        ev_decref(I, x);
        skip_ws(r);
        *trailing = false;
        if (r->i < r->n && r->s[r->i] == ',') {
            r->i++;
            *trailing = true;
            continue;
        }
        break;
    }
    skip_ws(r);
    if (r->i >= r->n || r->s[r->i] != close) {
        ev_decref(I, l);
        return refuse(I, r);
    }
    r->i++;
    return l;
}

static ev_value rd_atom(ev_interp *I, rd *r)
{
    skip_ws(r);
    if (r->i >= r->n)
        return refuse(I, r);
    char c = r->s[r->i];
    if (ident_start(c)) {
        size_t st = r->i;
        while (r->i < r->n && ident_char(r->s[r->i]))
            r->i++;
        size_t len = r->i - st;
        if (len == 4 && memcmp(r->s + st, "None", 4) == 0)
            return EV_NONE;
        if (len == 4 && memcmp(r->s + st, "True", 4) == 0)
            return EV_TRUE;
        if (len == 5 && memcmp(r->s + st, "False", 5) == 0)
            return EV_FALSE;
        static const char *const keywords[] = {"lambda", "not", "and", "or", "if", "else", "await", "yield", "in",
                                               "is", NULL};
        for (int k = 0; keywords[k]; k++)
            if (strlen(keywords[k]) == len && memcmp(r->s + st, keywords[k], len) == 0)
                return refuse(I, r);
        if (len >= 2 && r->s[st] == '_' && r->s[st + 1] == '_')
            return ev_raise(I, &ev_type_NameError,
                            "name '%.*s' is not allowed in safepy (interpreter internals are not available)", (int)len,
                            r->s + st);
        ev_str *name = ev_intern(I, r->s + st, len);
        return name ? lookup(I, r, name) : EV_ERR;
    }
    if (isdigit((unsigned char)c) || c == '-') {
        size_t st = r->i;
        if (c == '-')
            r->i++;
        size_t ds = r->i;
        while (r->i < r->n && isdigit((unsigned char)r->s[r->i]))
            r->i++;
        if (r->i == ds || r->i - ds > 18 || (r->i < r->n && (ident_char(r->s[r->i]) || r->s[r->i] == '.')))
            return refuse(I, r);
        long long v = 0;
        for (size_t k = ds; k < r->i; k++)
            v = v * 10 + (r->s[k] - '0');
        return ev_int(r->s[st] == '-' ? -v : v);
    }
    if (c == '\'' || c == '"') {
        size_t st = ++r->i;
        while (r->i < r->n && r->s[r->i] != c && r->s[r->i] != '\\')
            r->i++;
        if (r->i >= r->n || r->s[r->i] != c)
            return refuse(I, r);
        ev_value v = ev_str_new(I, r->s + st, r->i - st);
        r->i++;
        return v;
    }
    if (c == '.' && r->i + 2 < r->n + 0 && r->s[r->i + 1] == '.' && r->s[r->i + 2] == '.') {
        r->i += 3;
        return ev_obj_val(&ev_ellipsis.h);
    }
    if (c == '[' || c == '(') {
        r->i++;
        bool trailing;
        ev_value l = rd_list(I, r, c == '[' ? ']' : ')', &trailing);
        if (EV_IS_ERR(l) || c == '[')
            return l;
        if (ev_as_list(l)->len == 1 && !trailing) {
            ev_value x = ev_dup(ev_as_list(l)->items[0]);
            ev_decref(I, l);
            return x;
        }
        ev_value t = ev_tuple_from_iterable(I, l);
        ev_decref(I, l);
        return t;
    }
    return refuse(I, r);
}

static ev_value rd_primary(ev_interp *I, rd *r)
{
    ev_value v = rd_atom(I, r);
    while (!EV_IS_ERR(v)) {
        skip_ws(r);
        if (r->i < r->n && r->s[r->i] == '.' && !(r->i + 1 < r->n && r->s[r->i + 1] == '.')) {
            r->i++;
            skip_ws(r);
            size_t st = r->i;
            while (r->i < r->n && ident_char(r->s[r->i]))
                r->i++;
            if (r->i == st || isdigit((unsigned char)r->s[st])) {
                ev_decref(I, v);
                return refuse(I, r);
            }
            if (r->s[st] == '_' && r->i - st >= 2 && r->s[st + 1] == '_') {
                ev_decref(I, v);
                return ev_raise(I, &ev_type_AttributeError,
                                "access to '%.*s' is not allowed in safepy (interpreter internals are not available)",
                                (int)(r->i - st), r->s + st);
            }
            ev_str *k = ev_intern(I, r->s + st, r->i - st);
            ev_value a = k ? ev_getattr(I, v, k) : EV_ERR;
            ev_decref(I, v);
            v = a;
        } else if (r->i < r->n && r->s[r->i] == '[') {
            r->i++;
            bool trailing;
            ev_value l = rd_list(I, r, ']', &trailing);
            if (EV_IS_ERR(l)) {
                ev_decref(I, v);
                return l;
            }
            ev_value key;
            if (ev_as_list(l)->len == 1 && !trailing)
                key = ev_dup(ev_as_list(l)->items[0]);
            else if (ev_as_list(l)->len == 0)
                key = EV_ERR;
            else
                key = ev_tuple_from_iterable(I, l);
            ev_decref(I, l);
            if (EV_IS_ERR(key)) {
                ev_decref(I, v);
                return I->exc.tag == EV_T_NONE ? refuse(I, r) : EV_ERR;
            }
            ev_value x = ev_getitem(I, v, key);
            ev_decref(I, key);
            ev_decref(I, v);
            v = x;
        } else {
            break;
        }
    }
    return v;
}

static ev_value rd_expr(ev_interp *I, rd *r)
{
    if (++r->depth > 100) {
        r->depth--;
        return ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded during compilation");
    }
    ev_value v = rd_primary(I, r);
    for (;;) {
        skip_ws(r);
        if (EV_IS_ERR(v) || r->i >= r->n || r->s[r->i] != '|')
            break;
        r->i++;
        ev_value w = rd_primary(I, r);
        if (EV_IS_ERR(w)) {
            ev_decref(I, v);
            v = w;
            break;
        }
        ev_value u = ev_binary(I, EV_OP_OR, v, w);
        ev_decref(I, v);
        ev_decref(I, w);
        v = u;
    }
    r->depth--;
    return v;
}

/* the value the annotation text s names */
static ev_value read_annotation(ev_interp *I, ev_str *s, ev_dict *first, ev_dict *second)
{
    if (strlen(s->data) != s->len)
        return ev_raise(I, &ev_type_SyntaxError, "source code string cannot contain null bytes");
    rd r = {s->data, s->len, 0, first, second, s->data, 0};
    ev_value v = rd_expr(I, &r);
    if (EV_IS_ERR(v))
        return v;
    skip_ws(&r);
    if (r.i != r.n) {
        ev_decref(I, v);
        return refuse(I, &r);
    }
    return v;
}

/* ---- _eval_type and _strip_annotations ------------------------------------------------------- */

typedef struct {
    ev_dict *first, *second;
    bool strip; /* _strip_annotations instead of evaluation */
} ev_ctx;

static ev_value eval_type(ev_interp *I, ev_value t, const ev_ctx *c, int depth);

/* t rebuilt with each argument mapped (NULL when nothing changed: *same) */
static ev_value map_args(ev_interp *I, ev_value t, const ev_ctx *c, int depth)
{
    bool typing_alias = tp_is_alias(I, t) && !tp_is(I, t, "_SpecialGenericAlias") && !tp_is(I, t, "_CallableType") &&
                        !tp_is(I, t, "_TupleType");
    bool builtin_alias = ev_is_generic_alias(t), union_type = !EV_IS_ERR(ev_union_members(t));
    if (!typing_alias && !builtin_alias && !union_type)
        return ev_dup(t);
    ev_value args = ev_us_getattr(I, t, "__args__");
    if (EV_IS_ERR(args))
        return args;
    if (!ev_is(args, EV_O_TUPLE)) {
        ev_decref(I, args);
        return ev_dup(t);
    }
    size_t n = ev_as_tuple(args)->len;
    ev_value na = ev_tuple_new(I, n);
    if (EV_IS_ERR(na)) {
        ev_decref(I, args);
        return na;
    }
    bool changed = false;
    for (size_t i = 0; i < n; i++) {
        ev_value a = ev_as_tuple(args)->items[i];
        ev_value x = eval_type(I, a, c, depth + 1);
        if (EV_IS_ERR(x)) {
            ev_decref(I, na);
            ev_decref(I, args);
            return x;
        }
        changed = changed || x.u.o != a.u.o || x.tag != a.tag;
        ev_as_tuple(na)->items[i] = x;
    }
    ev_decref(I, args);
    if (!changed) {
        ev_decref(I, na);
        return ev_dup(t);
    }
    if (tp_is(I, t, "_UnionGenericAlias")) {
        ev_value u = tp_union(I, na);
        ev_decref(I, na);
        return u;
    }
    if (typing_alias)
        return tp_copy_with(I, t, ev_type_of(t)->name, na);
    if (builtin_alias) {
        ev_value o = ev_us_getattr(I, t, "__origin__");
        ev_value r = EV_IS_ERR(o) ? o : ev_generic_alias(I, o, na);
        if (!EV_IS_ERR(o))
            ev_decref(I, o);
        ev_decref(I, na);
        return r;
    }
    /* int | "X": the members or-ed again */
    ev_value acc = ev_dup(ev_as_tuple(na)->items[0]);
    for (size_t i = 1; !EV_IS_ERR(acc) && i < n; i++) {
        ev_value u = ev_binary(I, EV_OP_OR, acc, ev_as_tuple(na)->items[i]);
        ev_decref(I, acc);
        acc = u;
    }
    ev_decref(I, na);
    return acc;
}

static ev_value eval_type(ev_interp *I, ev_value t, const ev_ctx *c, int depth)
{
    if (depth > 100)
        return ev_raise(I, &ev_type_RecursionError, "maximum recursion depth exceeded");
    if (c->strip) {
        if (tp_is(I, t, "_AnnotatedAlias")) {
            ev_value o = ev_us_getattr(I, t, "__origin__");
            if (EV_IS_ERR(o))
                return o;
            ev_value r = eval_type(I, o, c, depth + 1);
            ev_decref(I, o);
            return r;
        }
        if (tp_is(I, t, "_GenericAlias")) {
            ev_value o = ev_us_getattr(I, t, "__origin__");
            if (EV_IS_ERR(o))
                return o;
            ev_value rq = tp_get(I, "Required"), nrq = tp_get(I, "NotRequired");
            bool req = !EV_IS_ERR(rq) && !EV_IS_ERR(nrq) && (o.u.o == rq.u.o || o.u.o == nrq.u.o);
            ev_decref(I, o);
            if (req) {
                ev_value a = ev_us_getattr(I, t, "__args__");
                if (EV_IS_ERR(a))
                    return a;
                ev_value r = ev_as_tuple(a)->len ? eval_type(I, ev_as_tuple(a)->items[0], c, depth + 1) : ev_dup(t);
                ev_decref(I, a);
                return r;
            }
        }
        return map_args(I, t, c, depth);
    }
    if (tp_is(I, t, "ForwardRef")) {
        ev_value arg = ev_us_getattr(I, t, "__forward_arg__");
        if (EV_IS_ERR(arg))
            return arg;
        if (!ev_is(arg, EV_O_STR)) {
            ev_decref(I, arg);
            return ev_raise(I, &ev_type_TypeError, "Forward reference must be a string");
        }
        ev_value isc = ev_us_getattr(I, t, "__forward_is_class__");
        if (EV_IS_ERR(isc)) {
            ev_decref(I, arg);
            return isc;
        }
        int cls = ev_truth(I, isc);
        ev_decref(I, isc);
        ev_value v = read_annotation(I, ev_as_str(arg), c->first, c->second);
        ev_decref(I, arg);
        if (EV_IS_ERR(v))
            return v;
        ev_value chk = tp_type_check(I, v, "Forward references must evaluate to types.", cls == 1);
        ev_decref(I, v);
        if (EV_IS_ERR(chk))
            return chk;
        ev_value r = eval_type(I, chk, c, depth + 1);
        ev_decref(I, chk);
        return r;
    }
    if (tp_is(I, t, "_AnnotatedAlias")) {
        ev_value o = ev_us_getattr(I, t, "__origin__");
        if (EV_IS_ERR(o))
            return o;
        ev_value r = eval_type(I, o, c, depth + 1);
        bool same = !EV_IS_ERR(r) && r.u.o == o.u.o;
        ev_decref(I, o);
        if (EV_IS_ERR(r) || same) {
            if (same)
                ev_decref(I, r);
            return same ? ev_dup(t) : r;
        }
        ev_value out = tp_copy_with(I, t, "_AnnotatedAlias", tp_tupleize(I, r));
        if (!EV_IS_ERR(out)) {
            ev_value md = ev_us_getattr(I, t, "__metadata__");
            if (EV_IS_ERR(md) || ev_us_setattr(I, out, "__origin__", r) || ev_us_setattr(I, out, "__metadata__", md)) {
                if (!EV_IS_ERR(md))
                    ev_decref(I, md);
                ev_decref(I, out);
                ev_decref(I, r);
                return EV_ERR;
            }
            ev_decref(I, md);
        }
        ev_decref(I, r);
        return out;
    }
    return map_args(I, t, c, depth);
}

/* ---- get_type_hints ------------------------------------------------------------------------ */

static ev_value forward_ref(ev_interp *I, ev_value s, bool is_argument, bool is_class)
{
    ev_value fr = tp_get(I, "ForwardRef");
    if (EV_IS_ERR(fr))
        return fr;
    ev_value argv[2] = {s, ev_bool(is_argument)};
    ev_str *ck = ev_intern(I, "is_class", 8);
    ev_value cv = ev_bool(is_class);
    return ck ? ev_call(I, fr, 2, argv, 1, &ck, &cv) : EV_ERR;
}

/* hints[name] for each (name, value) of ann, evaluated; ann a dict */
static int add_hints(ev_interp *I, ev_value hints, ev_value ann, const ev_ctx *c, bool is_argument, bool is_class)
{
    ev_value keys = ev_list_from_iterable(I, ann);
    if (EV_IS_ERR(keys))
        return -1;
    for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
        ev_value k = ev_as_list(keys)->items[i];
        ev_value v = ev_getitem(I, ann, k);
        if (EV_IS_ERR(v))
            goto fail;
        if (v.tag == EV_T_NONE) {
            v = ev_dup(ev_obj_val(&ev_type_NoneType.h));
        } else if (ev_is(v, EV_O_STR)) {
            ev_value f = forward_ref(I, v, is_argument, is_class);
            ev_decref(I, v);
            if (EV_IS_ERR(f))
                goto fail;
            v = f;
        }
        ev_value e = eval_type(I, v, c, 0);
        ev_decref(I, v);
        if (EV_IS_ERR(e) || ev_setitem(I, hints, k, e)) {
            if (!EV_IS_ERR(e))
                ev_decref(I, e);
            goto fail;
        }
        ev_decref(I, e);
    }
    ev_decref(I, keys);
    return 0;
fail:
    ev_decref(I, keys);
    return -1;
}

/* the globals of the module a class or function was defined in: __main__'s, or none */
static ev_dict *module_globals(ev_interp *I, ev_value obj)
{
    ev_value m = ev_us_getattr(I, obj, "__module__");
    if (EV_IS_ERR(m)) {
        ev_us_catch(I, &ev_type_Exception);
        return NULL;
    }
    bool main = ev_is(m, EV_O_STR) && strcmp(ev_as_str(m)->data, "__main__") == 0;
    ev_decref(I, m);
    return main ? I->globals : NULL;
}

ev_value tp_get_type_hints(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value obj = argv[0];
    ev_value gns = argc > 1 && !EV_IS_ERR(argv[1]) ? argv[1] : EV_NONE;
    ev_value lns = argc > 2 && !EV_IS_ERR(argv[2]) ? argv[2] : EV_NONE;
    int extras = argc > 3 && !EV_IS_ERR(argv[3]) ? ev_truth(I, argv[3]) : 0;
    if (extras < 0)
        return EV_ERR;
    if ((gns.tag != EV_T_NONE && !ev_is(gns, EV_O_DICT)) || (lns.tag != EV_T_NONE && !ev_is(lns, EV_O_DICT)))
        return ev_raise(I, &ev_type_NotImplementedError,
                        "typing.get_type_hints with a globalns or localns that is not a dict is not supported by safepy");
    ev_value ntc = EV_FALSE;
    if (ev_is(obj, EV_O_FUNC) || ev_is(obj, EV_O_TYPE) || ev_is(obj, EV_O_INSTANCE)) {
        ntc = ev_us_getattr(I, obj, "__no_type_check__");
        if (EV_IS_ERR(ntc)) {
            if (!ev_us_catch(I, &ev_type_AttributeError))
                return EV_ERR;
            ntc = EV_FALSE;
        }
    }
    int skip = ev_truth(I, ntc);
    ev_decref(I, ntc);
    if (skip < 0)
        return EV_ERR;
    ev_value hints = ev_dict_new(I);
    if (EV_IS_ERR(hints) || skip)
        return hints;
    ev_dict *g = gns.tag == EV_T_NONE ? NULL : ev_as_dict(gns), *l = lns.tag == EV_T_NONE ? NULL : ev_as_dict(lns);
    if (ev_is(obj, EV_O_TYPE)) {
        ev_type *t = (ev_type *)obj.u.o;
        if (ev_is_heaptype(t) && ev_is(t->mro, EV_O_TUPLE)) {
            ev_value mro = ev_dup(t->mro);
            for (size_t i = ev_as_tuple(mro)->len; i-- > 0;) {
                ev_type *b = (ev_type *)ev_as_tuple(mro)->items[i].u.o;
                if (!ev_is_heaptype(b))
                    continue;
                ev_str *ak = ev_intern(I, "__annotations__", 15);
                ev_value *ann = ak ? ev_dict_lookup_str(b->dict, ak) : NULL;
                if (!ann || !ev_is(*ann, EV_O_DICT))
                    continue;
                ev_value annv = ev_dup(*ann);
                /* names: the module's globals first, then the class's namespace (CPython swaps them so) */
                ev_dict *bg = g ? g : module_globals(I, ev_as_tuple(mro)->items[i]);
                ev_ctx c = {bg, b->dict, false};
                if (l)
                    c = (ev_ctx){l, bg, false};
                else if (g)
                    c = (ev_ctx){b->dict, g, false};
                int e = add_hints(I, hints, annv, &c, false, true);
                ev_decref(I, annv);
                if (e) {
                    ev_decref(I, mro);
                    ev_decref(I, hints);
                    return EV_ERR;
                }
            }
            ev_decref(I, mro);
        }
    } else {
        ev_value ann = ev_us_getattr(I, obj, "__annotations__");
        if (EV_IS_ERR(ann)) {
            if (!ev_us_catch(I, &ev_type_AttributeError)) {
                ev_decref(I, hints);
                return EV_ERR;
            }
            bool allowed = ev_is(obj, EV_O_FUNC) || ev_is(obj, EV_O_BUILTIN) || ev_is(obj, EV_O_METHOD) ||
                           ev_is(obj, EV_O_MODULE) || ev_type_of(obj) == &ev_type_method_descriptor ||
                           ev_type_of(obj) == &ev_type_wrapper_descriptor || ev_type_of(obj) == &ev_type_method_wrapper;
            if (allowed)
                return hints;
            ev_decref(I, hints);
            ev_value r = ev_repr(I, obj);
            if (EV_IS_ERR(r))
                return r;
            ev_raise(I, &ev_type_TypeError, "%s is not a module, class, method, or function.", ev_as_str(r)->data);
            ev_decref(I, r);
            return EV_ERR;
        }
        if (!ev_is(ann, EV_O_DICT)) {
            ev_decref(I, ann);
            ev_decref(I, hints);
            return ev_raise(I, &ev_type_NotImplementedError,
                            "typing.get_type_hints of a non-dict __annotations__ is not supported by safepy");
        }
        ev_dict *fg = g ? g : (ev_is(obj, EV_O_FUNC) || ev_is(obj, EV_O_METHOD) ? I->globals : NULL);
        ev_ctx c = {l ? l : fg, l ? fg : NULL, false};
        int e = add_hints(I, hints, ann, &c, !ev_is(obj, EV_O_MODULE), false);
        ev_decref(I, ann);
        if (e) {
            ev_decref(I, hints);
            return EV_ERR;
        }
    }
    if (extras)
        return hints;
    /* include_extras=False: Annotated, Required and NotRequired stripped */
    ev_ctx strip = {NULL, NULL, true};
    ev_value out = ev_dict_new(I), keys = ev_list_from_iterable(I, hints);
    if (EV_IS_ERR(out) || EV_IS_ERR(keys))
        goto fail;
    for (size_t i = 0; i < ev_as_list(keys)->len; i++) {
        ev_value k = ev_as_list(keys)->items[i];
        ev_value v = ev_getitem(I, hints, k);
        ev_value s = EV_IS_ERR(v) ? v : eval_type(I, v, &strip, 0);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
        if (EV_IS_ERR(s) || ev_setitem(I, out, k, s)) {
            if (!EV_IS_ERR(s))
                ev_decref(I, s);
            goto fail;
        }
        ev_decref(I, s);
    }
    ev_decref(I, keys);
    ev_decref(I, hints);
    return out;
fail:
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    if (!EV_IS_ERR(keys))
        ev_decref(I, keys);
    ev_decref(I, hints);
    return EV_ERR;
}
