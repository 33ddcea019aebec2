/*
 * exception_group.c - BaseExceptionGroup and ExceptionGroup (PEP 654) as in
 * CPython 3.11's Objects/exceptions.c: construction with its checks (and
 * BaseExceptionGroup(...) becoming an ExceptionGroup when every member is
 * an Exception), message and exceptions, str(), derive(), subgroup() and
 * split() over nested groups (the derived groups keep the original's
 * traceback, cause, context and notes).  `except*` is refused by the
 * lowering; the traceback printer (session.c) draws groups as CPython does.
 *
 * ExceptionGroup derives from both BaseExceptionGroup and Exception in
 * CPython; a builtin type here has one base, so its base is Exception (an
 * `except Exception` catches it) and ev_type_is_subclass answers the other
 * edge.
 */
#include <string.h>

#include "evaluator/ev.h"

static ev_value eg_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static const ev_builtin_def eg_methods[];

ev_type ev_type_BaseExceptionGroup = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                      .name = "BaseExceptionGroup", .base = &ev_type_BaseException,
                                      .call = eg_call, .min_args = 0, .max_args = -1,
                                      .kwflags = EV_BF_KWANY, .methods = eg_methods};
ev_type ev_type_ExceptionGroup = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                  .name = "ExceptionGroup", .base = &ev_type_Exception, .call = eg_call,
                                  .min_args = 0, .max_args = -1, .kwflags = EV_BF_KWANY,
                                  .methods = eg_methods};

bool ev_is_exception_group(ev_value v)
{
    return ev_is(v, EV_O_EXC) && ev_is(((ev_exc *)v.u.o)->eg_excs, EV_O_TUPLE);
}

/* cls(message, exceptions) for BaseExceptionGroup, ExceptionGroup and
 * their subclasses (objects/class.c sends heap subclasses here). */
ev_value ev_exception_group_new(ev_interp *I, ev_type *cls, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", cls->name);
    if (argc != 2)
        return ev_raise(I, &ev_type_TypeError, "BaseExceptionGroup.__new__() takes exactly 2 arguments (%d given)",
                        argc);
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "BaseExceptionGroup.__new__() argument 1 must be str, not %s",
                        ev_type_name(argv[0]));
    ev_value seq = argv[1];
    if (!ev_is(seq, EV_O_LIST) && !ev_is(seq, EV_O_TUPLE) && !ev_is(seq, EV_O_RANGE) &&
        !(ev_is_user(seq) && ev_user_has_special(I, seq, "__getitem__") && ev_user_has_special(I, seq, "__len__")))
        return ev_raise(I, &ev_type_TypeError, "second argument (exceptions) must be a sequence");
    ev_value excs = ev_sequence_tuple(I, seq);
    if (EV_IS_ERR(excs))
        return excs;
    ev_tuple *t = ev_as_tuple(excs);
    ev_value r = EV_ERR;
    if (t->len == 0) {
        ev_raise(I, &ev_type_ValueError, "second argument (exceptions) must be a non-empty sequence");
        goto fail;
    }
    bool nested_base = false;
    for (size_t i = 0; i < t->len; i++) {
        if (!ev_is(t->items[i], EV_O_EXC)) {
            ev_raise(I, &ev_type_ValueError, "Item %zu of second argument (exceptions) is not an exception", i);
            goto fail;
        }
        if (!ev_type_is_subclass(((ev_exc *)t->items[i].u.o)->type, &ev_type_Exception))
            nested_base = true;
    }
    if (cls == &ev_type_BaseExceptionGroup) {
        if (!nested_base)
            cls = &ev_type_ExceptionGroup; /* every member an Exception */
    } else if (cls == &ev_type_ExceptionGroup) {
        if (nested_base) {
            ev_raise(I, &ev_type_TypeError, "Cannot nest BaseExceptions in an ExceptionGroup");
            goto fail;
        }
    } else if (nested_base && ev_type_is_subclass(cls, &ev_type_Exception)) {
        ev_raise(I, &ev_type_TypeError, "Cannot nest BaseExceptions in '%s'", cls->name);
        goto fail;
    }
    ev_value args = ev_tuple_new(I, 2);
    if (EV_IS_ERR(args))
        goto fail;
    ev_as_tuple(args)->items[0] = ev_dup(argv[0]);
    ev_as_tuple(args)->items[1] = ev_dup(seq);
    r = ev_exc_new(I, cls, args);
    if (EV_IS_ERR(r))
        goto fail;
    ((ev_exc *)r.u.o)->eg_msg = ev_dup(argv[0]);
    ((ev_exc *)r.u.o)->eg_excs = excs;
    return r;
fail:
    ev_decref(I, excs);
    return EV_ERR;
}

static ev_value eg_call(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exception_group_new(I, (ev_type *)self.u.o, argc, argv, kw);
}

/* "message (N sub-exceptions)" */
ev_value ev_exception_group_str(ev_interp *I, ev_exc *e)
{
    size_t n = ev_as_tuple(e->eg_excs)->len;
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, ev_as_str(e->eg_msg)->data) ||
        ev_buf_printf(I, &b, " (%zu sub-exception%s)", n, n == 1 ? "" : "s")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

int ev_exception_group_getattr(ev_interp *I, ev_value v, ev_str *name, ev_value *out)
{
    (void)I;
    if (!ev_is_exception_group(v))
        return 0;
    ev_exc *e = (ev_exc *)v.u.o;
    if (strcmp(name->data, "message") == 0)
        *out = ev_dup(e->eg_msg);
    else if (strcmp(name->data, "exceptions") == 0)
        *out = ev_dup(e->eg_excs);
    else
        return 0;
    return 1;
}

static ev_value eg_derive(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)kw;
    ev_value a[2] = {((ev_exc *)self.u.o)->eg_msg, argv[0]};
    return ev_exception_group_new(I, &ev_type_BaseExceptionGroup, 2, a, NULL);
}

/* ---- subgroup and split -------------------------------------------------------------------- */

typedef struct matcher {
    ev_value cond; /* a type, a tuple of types, or a predicate */
    bool by_type;
} matcher;

static int matcher_init(ev_interp *I, ev_value cond, matcher *m)
{
    m->cond = cond;
    if (ev_is(cond, EV_O_TYPE) && ev_type_is_subclass((ev_type *)cond.u.o, &ev_type_BaseException)) {
        m->by_type = true;
        return 0;
    }
    if (ev_is(cond, EV_O_TUPLE)) {
        ev_tuple *t = ev_as_tuple(cond);
        bool ok = true;
        for (size_t i = 0; i < t->len && ok; i++)
            ok = ev_is(t->items[i], EV_O_TYPE) && ev_type_is_subclass((ev_type *)t->items[i].u.o, &ev_type_BaseException);
        if (ok) {
            m->by_type = true;
            return 0;
        }
    } else if (!ev_is(cond, EV_O_TYPE)) {
        ev_value c = ev_builtin_apply(I, "callable", 1, &cond);
        if (EV_IS_ERR(c))
            return -1;
        if (c.tag == EV_T_BOOL && c.u.i) {
            m->by_type = false;
            return 0;
        }
    }
    ev_raise(I, &ev_type_TypeError, "expected a function, exception type or tuple of exception types");
    return -1;
}

static int matches(ev_interp *I, const matcher *m, ev_value exc)
{
    if (m->by_type) {
        ev_type *t = ev_type_of(exc);
        if (ev_is(m->cond, EV_O_TYPE))
            return ev_type_is_subclass(t, (ev_type *)m->cond.u.o);
        ev_tuple *c = ev_as_tuple(m->cond);
        for (size_t i = 0; i < c->len; i++)
            if (ev_type_is_subclass(t, (ev_type *)c->items[i].u.o))
                return 1;
        return 0;
    }
    ev_value r = ev_call(I, m->cond, 1, &exc, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return -1;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t;
}

static int copy_attr(ev_interp *I, ev_value from, ev_value to, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n)
        return -1;
    ev_value v = ev_getattr(I, from, n);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_setattr(I, to, n, v);
    ev_decref(I, v);
    return r;
}

/* orig.derive(excs), with orig's traceback, cause, context and notes
 * (CPython's exceptiongroup_subset) */
static ev_value subset(ev_interp *I, ev_value orig, ev_value excs)
{
    ev_str *dn = ev_intern(I, "derive", 6);
    ev_value fn = dn ? ev_getattr(I, orig, dn) : EV_ERR;
    if (EV_IS_ERR(fn))
        return fn;
    ev_value eg = ev_call(I, fn, 1, &excs, 0, NULL, NULL);
    ev_decref(I, fn);
    if (EV_IS_ERR(eg))
        return eg;
    if (!ev_is_exception_group(eg)) {
        ev_decref(I, eg);
        return ev_raise(I, &ev_type_TypeError, "derive must return an instance of BaseExceptionGroup");
    }
    ev_exc *o = (ev_exc *)orig.u.o, *n = (ev_exc *)eg.u.o;
    ev_value tb = ev_traceback_new(I, orig);
    int r = EV_IS_ERR(tb) || ev_exc_set_traceback(I, n, tb);
    if (!EV_IS_ERR(tb))
        ev_decref(I, tb);
    if (r == 0) {
        ev_value old = n->context;
        n->context = ev_dup(o->context);
        ev_decref(I, old);
        old = n->cause;
        n->cause = ev_dup(o->cause);
        ev_decref(I, old);
        n->suppress_context = true; /* PyException_SetCause sets it */
        if (ev_is(o->notes, EV_O_LIST)) {
            ev_value l = ev_list_from_iterable(I, o->notes);
            if (EV_IS_ERR(l)) {
                r = -1;
            } else {
                old = n->notes;
                n->notes = l;
                ev_decref(I, old);
            }
        } else if (o->notes.tag != EV_T_NONE) {
            r = copy_attr(I, orig, eg, "__notes__");
        }
    }
    if (r) {
        ev_decref(I, eg);
        return EV_ERR;
    }
    return eg;
}

/* exc split by m into *match and *rest (either None); rest only when
 * want_rest. */
static int split_rec(ev_interp *I, ev_value exc, const matcher *m, bool want_rest, ev_value *match, ev_value *rest,
                     int depth)
{
    *match = *rest = EV_NONE;
    int is = matches(I, m, exc);
    if (is < 0)
        return -1;
    if (is) {
        *match = ev_dup(exc);
        return 0;
    }
    if (!ev_is_exception_group(exc)) {
        if (want_rest)
            *rest = ev_dup(exc);
        return 0;
    }
    ev_value excs = ev_dup(((ev_exc *)exc.u.o)->eg_excs);
    ev_value ml = ev_list_new(I, 0), rl = want_rest ? ev_list_new(I, 0) : EV_NONE;
    int rc = -1;
    if (EV_IS_ERR(ml) || EV_IS_ERR(rl))
        goto out;
    /* the nesting counts against the depth limit, as CPython's
     * exceptiongroup_split_recursive */
    if (ev_recursion_enter(I, " in exceptiongroup_split_recursive"))
        goto out;
    ev_tuple *t = ev_as_tuple(excs);
    for (size_t i = 0; i < t->len; i++) {
        ev_value sm, sr;
        int e = split_rec(I, t->items[i], m, want_rest, &sm, &sr, depth + 1);
        if (!e) {
            e = (sm.tag != EV_T_NONE && ev_list_append(I, ev_as_list(ml), sm)) ||
                (sr.tag != EV_T_NONE && ev_list_append(I, ev_as_list(rl), sr));
            ev_decref(I, sm);
            ev_decref(I, sr);
        }
        if (e) {
            ev_recursion_leave(I);
            goto out;
        }
    }
    ev_recursion_leave(I);
    if (ev_as_list(ml)->len && EV_IS_ERR(*match = subset(I, exc, ml))) {
        *match = EV_NONE;
        goto out;
    }
    if (want_rest && ev_as_list(rl)->len && EV_IS_ERR(*rest = subset(I, exc, rl))) {
        *rest = EV_NONE;
        ev_decref(I, *match);
        *match = EV_NONE;
        goto out;
    }
    rc = 0;
out:
    ev_decref(I, excs);
    if (!EV_IS_ERR(ml))
        ev_decref(I, ml);
    if (!EV_IS_ERR(rl))
        ev_decref(I, rl);
    return rc;
}

static ev_value eg_split(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)kw;
    matcher m;
    ev_value match, rest;
    if (matcher_init(I, argv[0], &m) || split_rec(I, self, &m, true, &match, &rest, 0))
        return EV_ERR;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, match);
        ev_decref(I, rest);
        return t;
    }
    ev_as_tuple(t)->items[0] = match;
    ev_as_tuple(t)->items[1] = rest;
    return t;
}

static ev_value eg_subgroup(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    (void)kw;
    matcher m;
    ev_value match, rest;
    if (matcher_init(I, argv[0], &m) || split_rec(I, self, &m, false, &match, &rest, 0))
        return EV_ERR;
    return match;
}

static const ev_builtin_def eg_methods[] = {
    {"derive", eg_derive, 1, 1, EV_BF_POSN},
    {"split", eg_split, 1, 1, EV_BF_POSN},
    {"subgroup", eg_subgroup, 1, 1, EV_BF_POSN},
    {NULL},
};
