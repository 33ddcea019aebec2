/*
 * copy.c - the copy module, CPython 3.11 behaviour (Lib/copy.py, with the
 * parts of Lib/copyreg.py and Objects/typeobject.c's object.__reduce_ex__
 * that copying goes through).
 *
 * copy(x), deepcopy(x, memo=None, _nil=[]) and Error (alias error), in the
 * order copy.py decides: the atomic types are returned as they are, list,
 * dict, set and bytearray copied by their copy method (deepcopy: list,
 * tuple and dict by its own loops, memoising the new container before its
 * items), a class's __copy__ / an object's __deepcopy__(memo), then the
 * reduce protocol: a class's own __reduce_ex__(4) or __reduce__(), else
 * what object.__reduce_ex__(4) answers, computed here (safepy does not give
 * programs object.__reduce_ex__, which would hand them copyreg's
 * functions): (__newobj__, (cls, *__getnewargs__()), state, listitems,
 * dictitems) with the state from __getstate__ or the instance's __dict__
 * and __slots__ (copyreg._slotnames, cached in cls.__slotnames__ as copyreg
 * does), and the builtin types' own reductions (set, frozenset, bytearray,
 * deque, OrderedDict, defaultdict, Counter, exceptions, datetime values).
 * _reconstruct then builds the copy: func(*args), __setstate__ or the
 * __dict__ update and the slot setattrs, append for list items and item
 * assignment for dict items.  The reduce protocol and _reconstruct are in
 * copy_reduce.c; this file holds copy, deepcopy's own loops, the memo and
 * the module.
 *
 * Safety: the only callables this module calls are the program's own
 * (__copy__, __deepcopy__, __reduce_ex__, __reduce__, __getstate__,
 * __setstate__, __getnewargs__, the func of a __reduce__ it returned), the
 * class's __new__ and the copied containers' own methods; nothing it makes
 * is handed back but the copy, so no reduce path reaches a module object,
 * a function's globals or the type graph.
 *
 * The memo is the program's dict (or mapping), keyed by id() as in
 * copy.py, including the keep-alive list under id(memo).  Every level of
 * deepcopy enters the recursion limit twice, as copy.py's deepcopy and
 * _deepcopy_list/_reconstruct are two frames: a deep structure ends in
 * RecursionError, never in a C stack overflow.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"
#include "evaluator/modules/copy_int.h"
#include "evaluator/objects/class_int.h"

static ev_value cp_error_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    return ev_exc_new(I, (ev_type *)self.u.o, args);
}

static ev_type cp_type_Error = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                .name = "Error", .base = &ev_type_Exception, .call = cp_error_new,
                                .max_args = -1, .module = "copy"};

/* ---- small helpers ----------------------------------------------------------------------------- */

ev_str *ev_copy_name_of(ev_interp *I, const char *s)
{
    return ev_intern(I, s, strlen(s));
}

/* getattr(o, name, None) for the names copy.py probes: *out EV_ERR when
 * absent; -1 on any other error */
int ev_copy_getattr_opt(ev_interp *I, ev_value o, const char *name, ev_value *out)
{
    *out = EV_ERR;
    ev_str *n = ev_copy_name_of(I, name);
    if (!n)
        return -1;
    ev_value v = ev_getattr(I, o, n);
    if (!EV_IS_ERR(v)) {
        *out = v;
        return 0;
    }
    return ev_us_catch(I, &ev_type_AttributeError) ? 0 : -1;
}

ev_value ev_copy_call_method(ev_interp *I, ev_value o, const char *name, int argc, const ev_value *argv)
{
    ev_str *n = ev_copy_name_of(I, name);
    if (!n)
        return EV_ERR;
    ev_value m = ev_getattr(I, o, n);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, argc, argv, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

/* A class attribute the program's own class defines (its __reduce__,
 * __getstate__...), bound to x; EV_ERR without an error when the class
 * does not define it (object's, or a builtin base's). */
int ev_copy_own_method(ev_interp *I, ev_value x, const char *name, ev_value *out)
{
    *out = EV_ERR;
    ev_type *t = ev_type_of(x);
    ev_str *n = ev_copy_name_of(I, name);
    if (!n)
        return -1;
    ev_value *found = ev_type_lookup(t, n);
    if (!found)
        return 0;
    /* the attribute as x.name binds it (a def, a staticmethod...); the
     * names are refused to programs, not to the module acting for them */
    ev_value f = *found;
    if (ev_is(f, EV_O_WRAPPER) && ((ev_wrapper *)f.u.o)->type == &ev_type_staticmethod)
        *out = ev_dup(((ev_wrapper *)f.u.o)->a);
    else if (ev_is(f, EV_O_WRAPPER) && ((ev_wrapper *)f.u.o)->type == &ev_type_classmethod)
        *out = cls_method_new(I, ((ev_wrapper *)f.u.o)->a, ev_obj_val(&t->h));
    else if (ev_is(f, EV_O_FUNC))
        *out = cls_method_new(I, f, x);
    else if (ev_is(f, EV_O_BUILTIN) && ((ev_builtin *)f.u.o)->unbound)
        *out = ev_builtin_new(I, ((ev_builtin *)f.u.o)->def, x); /* a C method stored in the class */
    else
        *out = ev_dup(f);
    return EV_IS_ERR(*out) ? -1 : 0;
}

bool ev_copy_is_exact(ev_value x, ev_kind k) { return ev_is(x, k) && !(x.u.o->flags & EV_OBJ_SUB); }

/* copy.py's _copy_atomic / _deepcopy_atomic types (and the types of
 * classes: issubclass(cls, type)) */
static bool is_atomic(ev_value x)
{
    switch (x.tag) {
    case EV_T_OBJ: break;
    default: return true; /* None, bool, small int, float */
    }
    if (x.u.o->flags & EV_OBJ_SUB)
        return false;
    switch (x.u.o->kind) {
    case EV_O_INT: case EV_O_STR: case EV_O_BYTES: case EV_O_COMPLEX: case EV_O_RANGE:
    case EV_O_BIGRANGE: case EV_O_FUNC: case EV_O_BUILTIN: case EV_O_TYPE:
    case EV_O_REPATTERN: case EV_O_REMATCH: /* their __copy__ and __deepcopy__ return them */
        return true;
    case EV_O_WRAPPER:
        return ((ev_wrapper *)x.u.o)->type == &ev_type_property;
    default:
        break;
    }
    ev_type *t = ev_type_of(x);
    return t == &ev_type_NotImplementedType || t == &ev_type_ellipsis;
}

/* x is y */
bool ev_copy_same(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    return a.tag == EV_T_OBJ ? a.u.o == b.u.o : a.u.i == b.u.i;
}

static bool exact_dict(ev_value x)
{
    return ev_copy_is_exact(x, EV_O_DICT) && !ev_as_dict(x)->type;
}

/* a, b = v: CPython's messages for a pair that is not one */
int ev_copy_unpack2(ev_interp *I, ev_value v, ev_value *a, ev_value *b)
{
    if (ev_copy_is_exact(v, EV_O_TUPLE) && ev_as_tuple(v)->len == 2) {
        *a = ev_dup(ev_as_tuple(v)->items[0]);
        *b = ev_dup(ev_as_tuple(v)->items[1]);
        return 0;
    }
    ev_value it = ev_iter_msg(I, v, NULL);
    if (EV_IS_ERR(it)) {
        if (!ev_us_catch(I, &ev_type_TypeError))
            return -1;
        ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(v));
        return -1;
    }
    ev_value got[2] = {EV_ERR, EV_ERR};
    int n = 0, r = 0;
    for (;;) {
        ev_value item;
        r = ev_next(I, it, &item);
        if (r <= 0)
            break;
        if (n == 2) {
            ev_decref(I, item);
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
            r = -1;
            break;
        }
        got[n++] = item;
    }
    ev_decref(I, it);
    if (r == 0 && n < 2) {
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
        r = -1;
    }
    if (r < 0) {
        for (int i = 0; i < n; i++)
            ev_decref(I, got[i]);
        return -1;
    }
    *a = got[0];
    *b = got[1];
    return 0;
}

/* ---- the memo ---------------------------------------------------------------------------------- */

/* memo.get(id, _nil): *out EV_ERR when not there (or the program's _nil) */
static int memo_get(ev_interp *I, ev_value memo, ev_value nil, int64_t id, ev_value *out)
{
    *out = EV_ERR;
    if (exact_dict(memo)) {
        int r = ev_dict_get(I, ev_as_dict(memo), ev_int(id), out);
        if (r <= 0) {
            *out = EV_ERR;
            return r;
        }
    } else {
        ev_value dflt = EV_IS_ERR(nil) ? ev_list_new(I, 0) : ev_dup(nil);
        if (EV_IS_ERR(dflt))
            return -1;
        ev_value r = ev_copy_call_method(I, memo, "get", 2, (ev_value[]){ev_int(id), dflt});
        if (EV_IS_ERR(r)) {
            ev_decref(I, dflt);
            return -1;
        }
        if (ev_copy_same(r, dflt))
            ev_decref(I, r);
        else
            *out = r;
        ev_decref(I, dflt);
        return 0;
    }
    if (!EV_IS_ERR(nil) && ev_copy_same(*out, nil)) {
        ev_decref(I, *out);
        *out = EV_ERR;
    }
    return 0;
}

/* _keep_alive: memo[id(memo)].append(x), the list made on first use */
static int keep_alive(ev_interp *I, ev_value memo, ev_value x)
{
    ev_value key = ev_int(ev_object_id(memo));
    ev_value l = ev_getitem(I, memo, key);
    if (EV_IS_ERR(l)) {
        if (!ev_us_catch(I, &ev_type_KeyError))
            return -1;
        l = ev_list_new(I, 1);
        if (EV_IS_ERR(l))
            return -1;
        int r = ev_list_append(I, ev_as_list(l), x) ? -1 : ev_setitem(I, memo, key, l);
        ev_decref(I, l);
        return r;
    }
    ev_value r = ev_copy_call_method(I, l, "append", 1, &x);
    ev_decref(I, l);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* ---- copying ----------------------------------------------------------------------------------- */

static ev_value deep_list(ev_interp *I, ev_value x, ev_value memo, ev_value nil)
{
    ev_value y = ev_list_new(I, 0);
    if (EV_IS_ERR(y))
        return y;
    if (ev_setitem(I, memo, ev_int(ev_object_id(x)), y))
        goto fail;
    /* for a in x: the length re-read, as a list iterator does */
    for (size_t i = 0; i < ev_as_list(x)->len; i++) {
        ev_value a = ev_dup(ev_as_list(x)->items[i]);
        ev_value c = ev_copy_deepcopy_impl(I, a, memo, nil);
        ev_decref(I, a);
        if (EV_IS_ERR(c))
            goto fail;
        int r = ev_list_append(I, ev_as_list(y), c);
        ev_decref(I, c);
        if (r)
            goto fail;
    }
    return y;
fail:
    ev_decref(I, y);
    return EV_ERR;
}

static ev_value deep_tuple(ev_interp *I, ev_value x, ev_value memo, ev_value nil)
{
    ev_tuple *t = ev_as_tuple(x);
    ev_value y = ev_tuple_new(I, t->len);
    if (EV_IS_ERR(y))
        return y;
    bool all_same = true;
    for (size_t i = 0; i < t->len; i++) {
        ev_value c = ev_copy_deepcopy_impl(I, t->items[i], memo, nil);
        if (EV_IS_ERR(c)) {
            ev_decref(I, y);
            return c;
        }
        all_same = all_same && ev_copy_same(c, t->items[i]);
        ev_as_tuple(y)->items[i] = c;
    }
    /* a cycle through x made its copy already: memo[id(x)] */
    ev_value got = ev_getitem(I, memo, ev_int(ev_object_id(x)));
    if (!EV_IS_ERR(got)) {
        ev_decref(I, y);
        return got;
    }
    if (!ev_us_catch(I, &ev_type_KeyError)) {
        ev_decref(I, y);
        return EV_ERR;
    }
    if (all_same) {
        ev_decref(I, y);
        return ev_dup(x);
    }
    return y;
}

static ev_value deep_dict(ev_interp *I, ev_value x, ev_value memo, ev_value nil)
{
    ev_value y = ev_dict_new(I), it = EV_NONE;
    if (EV_IS_ERR(y))
        return y;
    if (ev_setitem(I, memo, ev_int(ev_object_id(x)), y))
        goto fail;
    it = ev_iter_new(I, EV_IT_DICT_ITEMS, x);
    if (EV_IS_ERR(it)) {
        it = EV_NONE;
        goto fail;
    }
    for (;;) {
        ev_value item, k, v;
        int got = ev_next(I, it, &item);
        if (got < 0)
            goto fail;
        if (got == 0)
            break;
        if (ev_copy_unpack2(I, item, &k, &v)) {
            ev_decref(I, item);
            goto fail;
        }
        ev_decref(I, item);
        /* y[deepcopy(key, memo)] = deepcopy(value, memo): the value first */
        ev_value cv = ev_copy_deepcopy_impl(I, v, memo, nil);
        ev_decref(I, v);
        if (EV_IS_ERR(cv)) {
            ev_decref(I, k);
            goto fail;
        }
        ev_value ck = ev_copy_deepcopy_impl(I, k, memo, nil);
        ev_decref(I, k);
        if (EV_IS_ERR(ck)) {
            ev_decref(I, cv);
            goto fail;
        }
        int r = ev_setitem(I, y, ck, cv);
        ev_decref(I, ck);
        ev_decref(I, cv);
        if (r)
            goto fail;
    }
    ev_decref(I, it);
    return y;
fail:
    ev_decref(I, it);
    ev_decref(I, y);
    return EV_ERR;
}

/* copy.deepcopy(x, memo, _nil) with memo a mapping; nil EV_ERR: copy.py's
 * own sentinel */
ev_value ev_copy_deepcopy_impl(ev_interp *I, ev_value x, ev_value memo, ev_value nil)
{
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value y;
    int64_t d = ev_object_id(x);
    x = ev_dup(x); /* a __deepcopy__ may drop the last other reference */
    if (memo_get(I, memo, nil, d, &y))
        goto fail;
    if (!EV_IS_ERR(y))
        goto done;
    if (is_atomic(x)) {
        y = ev_dup(x);
    } else if (ev_copy_is_exact(x, EV_O_LIST)) {
        if (ev_recursion_enter(I, ""))
            goto fail;
        y = deep_list(I, x, memo, nil);
        ev_recursion_leave(I);
    } else if (ev_copy_is_exact(x, EV_O_TUPLE)) {
        if (ev_recursion_enter(I, ""))
            goto fail;
        y = deep_tuple(I, x, memo, nil);
        ev_recursion_leave(I);
    } else if (exact_dict(x)) {
        if (ev_recursion_enter(I, ""))
            goto fail;
        y = deep_dict(I, x, memo, nil);
        ev_recursion_leave(I);
    } else if (ev_is(x, EV_O_METHOD)) {
        /* type(x)(x.__func__, deepcopy(x.__self__, memo)) */
        ev_method *m = (ev_method *)x.u.o;
        ev_value s = ev_copy_deepcopy_impl(I, m->self, memo, nil);
        y = EV_IS_ERR(s) ? s : cls_method_new(I, m->func, s);
        ev_decref(I, s);
    } else {
        ev_value copier;
        if (ev_copy_getattr_opt(I, x, "__deepcopy__", &copier))
            goto fail;
        if (!EV_IS_ERR(copier)) {
            y = ev_call(I, copier, 1, &memo, 0, NULL, NULL);
            ev_decref(I, copier);
        } else {
            y = ev_copy_by_reduce(I, x, memo, nil);
        }
    }
    if (EV_IS_ERR(y))
        goto fail;
    if (!ev_copy_same(y, x)) {
        /* memo[d] = y; _keep_alive(x, memo) */
        if (ev_setitem(I, memo, ev_int(d), y) || keep_alive(I, memo, x)) {
            ev_decref(I, y);
            goto fail;
        }
    }
done:
    ev_decref(I, x);
    ev_recursion_leave(I);
    return y;
fail:
    ev_decref(I, x);
    ev_recursion_leave(I);
    return EV_ERR;
}

/* copy.copy(x) */
static ev_value copy_impl(ev_interp *I, ev_value x)
{
    if (is_atomic(x) || ev_copy_is_exact(x, EV_O_TUPLE) || ev_copy_is_exact(x, EV_O_FROZENSET) || ev_copy_is_exact(x, EV_O_SLICE))
        return ev_dup(x);
    if (ev_copy_is_exact(x, EV_O_LIST) || exact_dict(x) || ev_copy_is_exact(x, EV_O_SET) || ev_copy_is_exact(x, EV_O_BYTEARRAY))
        return ev_copy_call_method(I, x, "copy", 0, NULL);
    ev_value cls = ev_obj_val(&ev_type_of(x)->h), copier;
    if (ev_copy_getattr_opt(I, cls, "__copy__", &copier))
        return EV_ERR;
    if (!EV_IS_ERR(copier)) {
        ev_value y = ev_call(I, copier, 1, &x, 0, NULL, NULL);
        ev_decref(I, copier);
        return y;
    }
    return ev_copy_by_reduce(I, x, EV_ERR, EV_ERR);
}

/* ---- the module -------------------------------------------------------------------------------- */

static ev_value cp_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig sig = {"copy", {"x"}, 1, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a) || ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value x = ev_dup(a[0]);
    ev_value y = copy_impl(I, x);
    ev_decref(I, x);
    ev_recursion_leave(I);
    return y;
}

ev_value ev_copy_deepcopy(ev_interp *I, ev_value x)
{
    ev_value memo = ev_dict_new(I);
    if (EV_IS_ERR(memo))
        return memo;
    ev_value y = ev_copy_deepcopy_impl(I, x, memo, EV_ERR);
    ev_decref(I, memo);
    return y;
}

static ev_value cp_deepcopy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const ev_defsig sig = {"deepcopy", {"x", "memo", "_nil"}, 1, .func = true};
    ev_value a[EV_DEF_MAXP];
    if (ev_def_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    ev_value memo = EV_IS_ERR(a[1]) || a[1].tag == EV_T_NONE ? ev_dict_new(I) : ev_dup(a[1]);
    if (EV_IS_ERR(memo))
        return memo;
    ev_value y = ev_copy_deepcopy_impl(I, a[0], memo, a[2]);
    ev_decref(I, memo);
    return y;
}

static const ev_builtin_def functions[] = {
    {"copy", cp_copy, 0, -1, EV_BF_KWANY},
    {"deepcopy", cp_deepcopy, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value e = ev_obj_val(&cp_type_Error.h);
    return ev_module_set(I, ns, "Error", e) || ev_module_set(I, ns, "error", e) ? -1 : 0;
}

static const char *const all[] = {"Error", "copy", "deepcopy", NULL};

const ev_module_def ev_module_copy = {"copy", functions, init, all};
