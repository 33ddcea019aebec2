/*
 * contextlib.c - the contextlib module, CPython 3.11's Lib/contextlib.py:
 * contextmanager, suppress, closing, nullcontext, redirect_stdout and
 * redirect_stderr, ExitStack, ContextDecorator, AbstractContextManager.
 *
 * CPython writes every class in Python; here each is a heap class whose C
 * methods follow contextlib.py step by step through the object protocol
 * (getattr, calls, next(), gen.throw()), keeping their state in the
 * instance's __dict__ under CPython's names (gen, func, args, kwds,
 * _exceptions, thing, enter_result, _new_target, _old_targets,
 * _exit_callbacks), so subclasses and overrides behave as in CPython.
 * The functions CPython makes at run time (contextmanager's helper,
 * ContextDecorator's inner, ExitStack's callback wrapper) are instances of
 * small heap classes with C slots: callable, bound as methods through
 * __get__, with a __dict__ that functools.wraps fills.
 *
 * sys does not exist: redirect_stdout swaps the stream print() writes to
 * (ev_interp.stdout_target: EV_ERR-tagged for the real output, which no
 * Python object stands for; None in _old_targets), and redirect_stderr
 * swaps ev_interp.stderr_target, which nothing a program can call writes
 * to.  chdir raises NotImplementedError (no file system).  The
 * asynchronous half (asynccontextmanager, aclosing, AsyncExitStack,
 * AsyncContextDecorator) is contextlib_async.c.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/contextlib_int.h"

/* ---- helpers ----------------------------------------------------------------------------------- */


/* the class contextlib.<name> as the module made it (borrowed), or NULL */
ev_value cl_global(ev_interp *I, const char *name)
{
    ev_str *mn = ev_intern(I, "contextlib", 10);
    ev_value *m = mn ? ev_dict_lookup_str(I->modules, mn) : NULL;
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = m && k && ev_is(*m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, k) : NULL;
    if (!c)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name);
    return *c;
}

ev_value cl_not_supported(ev_interp *I, const char *what)
{
    return ev_raise(I, &ev_type_NotImplementedError, "contextlib.%s is not supported by safepy", what);
}

bool cl_exc_is(ev_value v, ev_type *t)
{
    return ev_is(v, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)v.u.o)->type, t);
}

/* raise RuntimeError(msg) from None */
ev_value cl_raise_from_none(ev_interp *I, const char *msg)
{
    ev_raise(I, &ev_type_RuntimeError, "%s", msg);
    if (ev_is(I->exc, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)I->exc.u.o;
        ev_decref(I, e->cause);
        e->cause = EV_NONE;
        e->suppress_context = true;
    }
    return EV_ERR;
}

/* a tuple of argv[0..n) and a dict of the keywords */
int cl_pack_args(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, ev_value *args, ev_value *kwds)
{
    *args = ev_tuple_new(I, (size_t)argc);
    *kwds = EV_IS_ERR(*args) ? EV_ERR : ev_dict_new(I);
    if (EV_IS_ERR(*kwds)) {
        if (!EV_IS_ERR(*args))
            ev_decref(I, *args);
        return -1;
    }
    for (int i = 0; i < argc; i++)
        ev_as_tuple(*args)->items[i] = ev_dup(argv[i]);
    for (int i = 0; i < EV_KW_N(kw); i++)
        if (ev_dict_set(I, ev_as_dict(*kwds), ev_obj_val(&kw->names[i]->h), kw->vals[i])) {
            ev_decref(I, *args);
            ev_decref(I, *kwds);
            return -1;
        }
    return 0;
}

/* f(*args, **kwds) with args a tuple and kwds a dict (or None) */
ev_value cl_call_parts(ev_interp *I, ev_value f, ev_value args, ev_value kwds)
{
    return fn_call_parts(I, f, args, 0, NULL, ev_is(kwds, EV_O_DICT) ? kwds : EV_NONE, NULL);
}

/* exit(type(exc), exc, tb) while exc is being handled, as the with
 * statement calls it: the result (a new reference) or EV_ERR */
static ev_value call_exit_exc(ev_interp *I, ev_value exitm, ev_value exc)
{
    ev_obj *saved = I->handling;
    I->handling = exc.u.o;
    ev_value tb = ev_traceback_new(I, exc);
    ev_value r = EV_ERR;
    if (!EV_IS_ERR(tb)) {
        ev_value a[3] = {ev_obj_val(&ev_type_of(exc)->h), exc, tb};
        r = ev_call(I, exitm, 3, a, 0, NULL, NULL);
        ev_decref(I, tb);
    }
    I->handling = saved;
    return r;
}

/* `with cm: return f(*argv, **kw)` (ContextDecorator's inner) */
static ev_value with_call(ev_interp *I, ev_value cm, ev_value f, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *t = ev_type_of(cm);
    ev_str *en = I->dn[EV_DN_ENTER], *xn = I->dn[EV_DN_EXIT];
    ev_type *root = ev_solid_base(t);
    bool cs = (root->tflags & EV_TYPE_CSLOTS) != 0;
    bool has_enter = ev_type_lookup(t, en) != NULL || (cs && ev_builtin_method(root, en));
    bool has_exit = ev_type_lookup(t, xn) != NULL || (cs && ev_builtin_method(root, xn));
    if (!has_enter || !has_exit)
        return ev_raise(I, &ev_type_TypeError, "'%s' object does not support the context manager protocol%s",
                        t->name, has_enter ? " (missed __exit__ method)" : "");
    ev_value exitm = ev_getattr(I, cm, xn);
    if (EV_IS_ERR(exitm))
        return exitm;
    ev_value val;
    if (ev_dunder(I, cm, EV_DN_ENTER, 0, NULL, &val) < 0) {
        ev_decref(I, exitm);
        return EV_ERR;
    }
    ev_decref(I, val);
    ev_value r = ev_call(I, f, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    if (EV_IS_ERR(r)) {
        if (I->limit) {
            ev_decref(I, exitm);
            return EV_ERR;
        }
        ev_value exc = I->exc;
        I->exc = EV_NONE;
        ev_value x = call_exit_exc(I, exitm, exc);
        ev_decref(I, exitm);
        int suppress = EV_IS_ERR(x) ? -1 : ev_truth(I, x);
        if (!EV_IS_ERR(x))
            ev_decref(I, x);
        if (suppress) {
            ev_decref(I, exc);
            return suppress < 0 ? EV_ERR : EV_NONE;
        }
        ev_decref(I, I->exc);
        I->exc = exc;
        return EV_ERR;
    }
    ev_value none3[3] = {EV_NONE, EV_NONE, EV_NONE};
    ev_value x = ev_call(I, exitm, 3, none3, 0, NULL, NULL);
    ev_decref(I, exitm);
    if (EV_IS_ERR(x)) {
        ev_decref(I, r);
        return x;
    }
    ev_decref(I, x);
    return r;
}

/* ---- the function objects CPython makes at run time -------------------------------------------- */

/* Each is an instance of a heap class deriving from one of these roots:
 * its C slots hold what the closure captured; functools.wraps fills its
 * __dict__ (__name__, __qualname__, __doc__, __wrapped__...). */
enum { FO_A, FO_B, FO_C, FO_NSLOTS };

static ev_value fo_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, FO_NSLOTS); }

ev_type cl_fo_root = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                          .name = "contextlib._function", .module = "contextlib",
                          .tflags = EV_TYPE_CSLOTS, .cnew = fo_cnew};

ev_value cl_fo_slot(ev_value self, int i)
{
    return ev_is(self, EV_O_INSTANCE) && ev_type_is_subclass(ev_type_of(self), &cl_fo_root) ? ev_as_cinstance(self)->slots[i]
                                                                                          : EV_NONE;
}

ev_value cl_fo_make(ev_interp *I, const char *cls, ev_value a, ev_value b, ev_value c)
{
    ev_value t = cl_global(I, cls);
    if (EV_IS_ERR(t))
        return t;
    if (!ev_is(t, EV_O_TYPE) || !ev_type_is_subclass((ev_type *)t.u.o, &cl_fo_root))
        return ev_raise(I, &ev_type_TypeError, "contextlib.%s was replaced", cls);
    ev_value w = fo_cnew(I, (ev_type *)t.u.o);
    if (EV_IS_ERR(w))
        return w;
    ev_cinstance *ci = ev_as_cinstance(w);
    ci->slots[FO_A] = ev_dup(a);
    ci->slots[FO_B] = ev_dup(b);
    ci->slots[FO_C] = ev_dup(c);
    return w;
}

/* wraps(wrapped)(w), w stolen */
static ev_value fo_wraps(ev_interp *I, ev_value w, ev_value wrapped)
{
    ev_value a[2] = {w, wrapped};
    ev_value r = fn_update_wrapper(I, EV_NONE, 2, a, NULL);
    ev_decref(I, w);
    return r;
}

/* a function binds to an instance as a method */
ev_value cl_fo_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argv[0].tag == EV_T_NONE)
        return ev_dup(self);
    return cls_method_new(I, self, argv[0]);
}

/* <function QUALNAME at 0x...>, as the def CPython makes */
ev_value cl_fo_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value q = get(I, self, "__qualname__");
    if (EV_IS_ERR(q)) {
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return q;
        q = ev_str_from_cstr(I, "helper");
        if (EV_IS_ERR(q))
            return q;
    }
    ev_value s = ev_to_str(I, q);
    ev_decref(I, q);
    if (EV_IS_ERR(s))
        return s;
    char buf[64];
    snprintf(buf, sizeof buf, " at 0x%llx>", (unsigned long long)ev_object_id(self));
    ev_buf b = {0};
    int e = ev_buf_put(I, &b, "<function ", 10) || ev_buf_put(I, &b, ev_as_str(s)->data, ev_as_str(s)->len) ||
            ev_buf_put(I, &b, buf, strlen(buf));
    ev_decref(I, s);
    ev_value r = e ? EV_ERR : ev_str_new(I, b.data, b.len);
    ev_buf_free(I, &b);
    return r;
}

/* contextmanager's helper(*args, **kwds): _GeneratorContextManager(func, args, kwds) */
CL_FN(helper_call)
{
    ev_value args, kwds;
    if (cl_pack_args(I, argc, argv, kw, &args, &kwds))
        return EV_ERR;
    ev_value name = cl_fo_slot(self, FO_B);
    ev_value cls = ev_is(name, EV_O_STR) ? cl_global(I, ev_as_str(name)->data)
                                         : ev_raise(I, &ev_type_TypeError, "not a contextmanager helper");
    ev_value a[3] = {cl_fo_slot(self, FO_A), args, kwds};
    ev_value r = EV_IS_ERR(cls) ? cls : ev_call(I, cls, 3, a, 0, NULL, NULL);
    ev_decref(I, args);
    ev_decref(I, kwds);
    return r;
}

/* ContextDecorator's inner(*args, **kwds): with self._recreate_cm(): return func(*args, **kwds) */
CL_FN(inner_call)
{
    ev_value cm = ev_us_callm(I, cl_fo_slot(self, FO_A), "_recreate_cm", 0, NULL, NULL);
    if (EV_IS_ERR(cm))
        return cm;
    ev_value f = ev_dup(cl_fo_slot(self, FO_B));
    ev_value r = with_call(I, cm, f, argc, argv, kw);
    ev_decref(I, f);
    ev_decref(I, cm);
    return r;
}

/* ExitStack's _exit_wrapper(exc_type, exc, tb): callback(*args, **kwds) */
static const ev_us_sig sig_exit_wrapper = {"_BaseExitStack._create_cb_wrapper.<locals>._exit_wrapper",
                                           {"exc_type", "exc", "tb"}, 3, 0, false, false};
CL_FN(cbwrap_call)
{
    BIND(sig_exit_wrapper, a);
    (void)a;
    return cl_call_parts(I, cl_fo_slot(self, FO_A), cl_fo_slot(self, FO_B), cl_fo_slot(self, FO_C));
}

static const cl_method helper_methods[] = {
    CL_M("__call__", helper_call), CL_M("__get__", cl_fo_get), CL_M("__repr__", cl_fo_repr), CL_END,
};
static const cl_method inner_methods[] = {
    CL_M("__call__", inner_call), CL_M("__get__", cl_fo_get), CL_M("__repr__", cl_fo_repr), CL_END,
};
static const cl_method cbwrap_methods[] = {
    CL_M("__call__", cbwrap_call), CL_M("__get__", cl_fo_get), CL_M("__repr__", cl_fo_repr), CL_END,
};

/* ---- contextmanager ---------------------------------------------------------------------------- */

ev_value cl_helper_new(ev_interp *I, ev_value func, const char *cls)
{
    ev_value name = ev_str_from_cstr(I, cls);
    if (EV_IS_ERR(name))
        return name;
    ev_value w = cl_fo_make(I, "_contextmanager_helper", func, name, EV_NONE);
    ev_decref(I, name);
    return EV_IS_ERR(w) ? w : fo_wraps(I, w, func);
}

static ev_value cl_contextmanager(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"contextmanager", {"func"}, 1, 0, false, false};
    if (argc > 1) /* a def: no self in the count */
        return ev_raise(I, &ev_type_TypeError, "contextmanager() takes 1 positional argument but %d were given", argc);
    BIND(sig, a);
    return cl_helper_new(I, a[0], "_GeneratorContextManager");
}

static const ev_us_sig sig_gcm_init = {"_GeneratorContextManagerBase.__init__", {"func", "args", "kwds"}, 3, 0,
                                       false, false};
CL_FN(gcmb_init)
{
    BIND(sig_gcm_init, a);
    ev_value gen = cl_call_parts(I, a[0], a[1], a[2]);
    if (EV_IS_ERR(gen))
        return gen;
    int e = set(I, self, "gen", gen);
    ev_decref(I, gen);
    if (e || set(I, self, "func", a[0]) || set(I, self, "args", a[1]) || set(I, self, "kwds", a[2]))
        return EV_ERR;
    /* doc = getattr(func, "__doc__", None), else the class's */
    ev_value doc = get(I, a[0], "__doc__");
    if (EV_IS_ERR(doc)) {
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return doc;
        doc = EV_NONE;
    }
    if (doc.tag == EV_T_NONE) {
        doc = get(I, ev_obj_val(&ev_type_of(self)->h), "__doc__");
        if (EV_IS_ERR(doc))
            return doc;
    }
    e = set(I, self, "__doc__", doc);
    ev_decref(I, doc);
    return e ? EV_ERR : EV_NONE;
}

/* self.__class__(self.func, self.args, self.kwds) */
CL_FN(gcmb_recreate)
{
    static const ev_us_sig sig = {"_GeneratorContextManagerBase._recreate_cm", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value v[4] = {get(I, self, "__class__"), EV_ERR, EV_ERR, EV_ERR};
    static const char *const names[] = {"func", "args", "kwds"};
    ev_value r = EV_ERR;
    for (int i = 0; i < 3; i++)
        if (EV_IS_ERR(v[i]) || EV_IS_ERR(v[i + 1] = get(I, self, names[i])))
            goto done;
    r = ev_call(I, v[0], 3, v + 1, 0, NULL, NULL);
done:
    for (int i = 0; i < 4; i++)
        if (!EV_IS_ERR(v[i]))
            ev_decref(I, v[i]);
    return r;
}

CL_FN(gcm_enter)
{
    static const ev_us_sig sig = {"_GeneratorContextManager.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    /* del self.args, self.kwds, self.func: only recreation needs them */
    static const char *const names[] = {"args", "kwds", "func"};
    for (int i = 0; i < 3; i++)
        if (set(I, self, names[i], EV_ERR))
            return EV_ERR;
    ev_value gen = get(I, self, "gen");
    if (EV_IS_ERR(gen))
        return gen;
    ev_value out;
    int r = ev_next(I, gen, &out);
    ev_decref(I, gen);
    if (r < 0)
        return EV_ERR;
    if (r == 0)
        return cl_raise_from_none(I, "generator didn't yield");
    return out;
}

/* exc.__traceback__ = tb */
int cl_reset_tb(ev_interp *I, ev_value exc, ev_value tb)
{
    return ev_exc_set_traceback(I, (ev_exc *)exc.u.o, tb);
}

static const ev_us_sig sig_gcm_exit = {"_GeneratorContextManager.__exit__", {"typ", "value", "traceback"}, 3, 0,
                                       false, false};
CL_FN(gcm_exit)
{
    BIND(sig_gcm_exit, a);
    ev_value typ = a[0], tb = a[2];
    ev_value gen = get(I, self, "gen");
    if (EV_IS_ERR(gen))
        return gen;
    if (typ.tag == EV_T_NONE) {
        ev_value out;
        int r = ev_next(I, gen, &out);
        ev_decref(I, gen);
        if (r < 0)
            return EV_ERR;
        if (r == 0)
            return EV_FALSE;
        ev_decref(I, out);
        return ev_raise(I, &ev_type_RuntimeError, "generator didn't stop");
    }
    ev_value value = ev_dup(a[1]);
    if (value.tag == EV_T_NONE) {
        /* instantiated, so that the same exception can be recognized coming back */
        value = ev_call(I, typ, 0, NULL, 0, NULL, NULL);
        if (EV_IS_ERR(value)) {
            ev_decref(I, gen);
            return value;
        }
    }
    /* throw(typ, value): safepy's exceptions carry their traceback, and
     * gen.throw takes no separate one */
    ev_value targs[2] = {typ, value};
    ev_value r = ev_us_callm(I, gen, "throw", 2, targs, NULL);
    ev_decref(I, gen);
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        ev_decref(I, value);
        return ev_raise(I, &ev_type_RuntimeError, "generator didn't stop after throw()");
    }
    ev_value exc = I->exc, res = EV_ERR;
    if (I->limit)
        goto out;
    bool same = ev_is(exc, EV_O_EXC) && exc.u.o == value.u.o && value.tag == EV_T_OBJ;
    if (cl_exc_is(exc, &ev_type_StopIteration)) {
        /* suppressed unless it is the exception thrown in (a StopIteration
         * raised in the with body) */
        I->exc = EV_NONE;
        ev_decref(I, exc);
        res = ev_bool(!same);
    } else if (cl_exc_is(exc, &ev_type_RuntimeError)) {
        ev_exc *e = (ev_exc *)exc.u.o;
        if (same) {
            I->exc = EV_NONE;
            res = cl_reset_tb(I, exc, tb) ? EV_ERR : EV_FALSE;
            ev_decref(I, exc);
        } else if (cl_exc_is(value, &ev_type_StopIteration) && e->cause.tag == EV_T_OBJ &&
                   e->cause.u.o == value.u.o) {
            /* a StopIteration thrown in, turned into RuntimeError by the generator (PEP 479) */
            I->exc = EV_NONE;
            res = cl_reset_tb(I, value, tb) ? EV_ERR : EV_FALSE;
            ev_decref(I, exc);
        }
    } else if (same) {
        /* the exception thrown in came back: __exit__ itself did not fail */
        I->exc = EV_NONE;
        res = cl_reset_tb(I, exc, tb) ? EV_ERR : EV_FALSE;
        ev_decref(I, exc);
    }
out:
    ev_decref(I, value);
    return res;
}

/* ---- ContextDecorator, AbstractContextManager ---------------------------------------------------- */

CL_FN(cd_recreate)
{
    static const ev_us_sig sig = {"ContextDecorator._recreate_cm", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return ev_dup(self);
}

CL_FN(cd_call)
{
    static const ev_us_sig sig = {"ContextDecorator.__call__", {"func"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value w = cl_fo_make(I, "_ContextDecorator_inner", self, a[0], EV_NONE);
    return EV_IS_ERR(w) ? w : fo_wraps(I, w, a[0]);
}

CL_FN(acm_enter)
{
    static const ev_us_sig sig = {"AbstractContextManager.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return ev_dup(self);
}

CL_FN(acm_exit)
{
    static const ev_us_sig sig = {"AbstractContextManager.__exit__", {"exc_type", "exc_value", "traceback"}, 3,
                                  0, false, false};
    BIND(sig, a);
    (void)a;
    return EV_NONE;
}

/* _collections_abc._check_methods(C, *methods) */
static ev_value check_methods(ev_interp *I, ev_value c, const char *const *methods)
{
    if (!ev_is(c, EV_O_TYPE))
        return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__mro__'", ev_type_name(c));
    for (int i = 0; methods[i]; i++) {
        ev_str *name = ev_intern(I, methods[i], strlen(methods[i]));
        if (!name)
            return EV_ERR;
        ev_type *t = (ev_type *)c.u.o;
        ev_type *root = ev_solid_base(t);
        ev_value *v = ev_type_lookup(t, name);
        if (v ? v->tag == EV_T_NONE : !((root->tflags & EV_TYPE_CSLOTS) && ev_builtin_method(root, name)))
            return ev_dup(EV_NOTIMPL);
    }
    return EV_TRUE;
}

ev_value cl_hook(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, const char *qual, const char *owner,
                 const char *const *methods)
{
    /* classmethod: argv[0] is cls */
    ev_us_sig sig = {qual, {"C"}, 1, 0, false, false};
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "%s() missing 1 required positional argument: 'C'", qual);
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc - 1, argv + 1, kw, a))
        return EV_ERR;
    ev_value own = cl_global(I, owner);
    if (EV_IS_ERR(own))
        return own;
    if (argv[0].tag != own.tag || argv[0].u.o != own.u.o)
        return ev_dup(EV_NOTIMPL);
    return check_methods(I, a[0], methods);
}

static ev_value acm_hook(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const m[] = {"__enter__", "__exit__", NULL};
    return cl_hook(I, argc, argv, kw, "AbstractContextManager.__subclasshook__", "AbstractContextManager", m);
}

/* ---- suppress, closing, nullcontext, redirect_stdout ------------------------------------------- */

CL_FN(suppress_init)
{
    static const ev_us_sig sig = {"suppress.__init__", {NULL}, 0, 0, true, false};
    BIND(sig, a);
    (void)a;
    ev_value t = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(t)->items[i] = ev_dup(argv[i]);
    int e = set(I, self, "_exceptions", t);
    ev_decref(I, t);
    return e ? EV_ERR : EV_NONE;
}

CL_FN(suppress_enter)
{
    static const ev_us_sig sig = {"suppress.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return EV_NONE;
}

CL_FN(suppress_exit)
{
    static const ev_us_sig sig = {"suppress.__exit__", {"exctype", "excinst", "exctb"}, 3, 0, false, false};
    BIND(sig, a);
    if (a[0].tag == EV_T_NONE)
        return EV_FALSE;
    ev_value excs = get(I, self, "_exceptions");
    if (EV_IS_ERR(excs))
        return excs;
    int r;
    if (!ev_is(a[0], EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "issubclass() arg 1 must be a class");
        r = -1;
    } else {
        r = ev_issubclass(I, (ev_type *)a[0].u.o, excs);
    }
    ev_decref(I, excs);
    return r < 0 ? EV_ERR : ev_bool(r);
}

CL_FN(closing_init)
{
    static const ev_us_sig sig = {"closing.__init__", {"thing"}, 1, 0, false, false};
    BIND(sig, a);
    return set(I, self, "thing", a[0]) ? EV_ERR : EV_NONE;
}

CL_FN(closing_enter)
{
    static const ev_us_sig sig = {"closing.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return get(I, self, "thing");
}

CL_FN(closing_exit)
{
    static const ev_us_sig sig = {"closing.__exit__", {NULL}, 0, 0, true, false};
    BIND(sig, a);
    (void)a;
    ev_value thing = get(I, self, "thing");
    if (EV_IS_ERR(thing))
        return thing;
    ev_value r = ev_us_callm(I, thing, "close", 0, NULL, NULL);
    ev_decref(I, thing);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

CL_FN(null_init)
{
    static const ev_us_sig sig = {"nullcontext.__init__", {"enter_result"}, 0, 0, false, false};
    BIND(sig, a);
    return set(I, self, "enter_result", EV_IS_ERR(a[0]) ? EV_NONE : a[0]) ? EV_ERR : EV_NONE;
}

CL_FN(null_enter)
{
    static const ev_us_sig sig = {"nullcontext.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return get(I, self, "enter_result");
}

CL_FN(null_exit)
{
    static const ev_us_sig sig = {"nullcontext.__exit__", {NULL}, 0, 0, true, false};
    BIND(sig, a);
    (void)a;
    return EV_NONE;
}

CL_FN(redirect_init)
{
    static const ev_us_sig sig = {"_RedirectStream.__init__", {"new_target"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value l = ev_list_new(I, 0);
    if (EV_IS_ERR(l))
        return l;
    int e = set(I, self, "_new_target", a[0]) || set(I, self, "_old_targets", l);
    ev_decref(I, l);
    return e ? EV_ERR : EV_NONE;
}

/* the interpreter's slot for self._stream ("stdout" or "stderr") */
static ev_value *redirect_slot(ev_interp *I, ev_value self)
{
    ev_value s = get(I, self, "_stream");
    if (EV_IS_ERR(s))
        return NULL;
    ev_value *slot = NULL;
    if (ev_is(s, EV_O_STR) && strcmp(ev_as_str(s)->data, "stdout") == 0)
        slot = &I->stdout_target;
    else if (ev_is(s, EV_O_STR) && strcmp(ev_as_str(s)->data, "stderr") == 0)
        slot = &I->stderr_target;
    else if (s.tag == EV_T_NONE)
        ev_raise(I, &ev_type_TypeError, "attribute name must be string, not 'NoneType'");
    else
        ev_raise(I, &ev_type_NotImplementedError,
                 "contextlib._RedirectStream: only sys.stdout and sys.stderr exist in safepy");
    ev_decref(I, s);
    return slot;
}

CL_FN(redirect_enter)
{
    static const ev_us_sig sig = {"_RedirectStream.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value *slot = redirect_slot(I, self);
    if (!slot)
        return EV_ERR;
    ev_value olds = get(I, self, "_old_targets");
    if (EV_IS_ERR(olds))
        return olds;
    /* the real stream is None there: no Python object stands for it */
    ev_value old = EV_IS_ERR(*slot) ? EV_NONE : *slot;
    ev_value r = ev_us_callm(I, olds, "append", 1, &old, NULL);
    ev_decref(I, olds);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    ev_value nt = get(I, self, "_new_target");
    if (EV_IS_ERR(nt))
        return nt;
    /* the append may have run Python code that swapped the stream: re-read */
    ev_value prev = *slot;
    *slot = ev_dup(nt);
    if (!EV_IS_ERR(prev))
        ev_decref(I, prev);
    return nt;
}

CL_FN(redirect_exit)
{
    static const ev_us_sig sig = {"_RedirectStream.__exit__", {"exctype", "excinst", "exctb"}, 3, 0, false,
                                  false};
    BIND(sig, a);
    (void)a;
    ev_value *slot = redirect_slot(I, self);
    if (!slot)
        return EV_ERR;
    ev_value olds = get(I, self, "_old_targets");
    if (EV_IS_ERR(olds))
        return olds;
    ev_value old = ev_us_callm(I, olds, "pop", 0, NULL, NULL);
    ev_decref(I, olds);
    if (EV_IS_ERR(old))
        return old;
    ev_value prev = *slot;
    *slot = old.tag == EV_T_NONE ? EV_ERR : old;
    if (old.tag == EV_T_NONE)
        ev_decref(I, old);
    if (!EV_IS_ERR(prev))
        ev_decref(I, prev);
    return EV_NONE;
}

static ev_value chdir_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "contextlib.chdir is not supported by safepy: there is no file system");
}

/* ---- ExitStack ----------------------------------------------------------------------------------- */

static ev_value new_deque(ev_interp *I) { return ev_call(I, ev_obj_val(&ev_type_deque.h), 0, NULL, 0, NULL, NULL); }

CL_FN(bes_init)
{
    static const ev_us_sig sig = {"_BaseExitStack.__init__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value d = new_deque(I);
    if (EV_IS_ERR(d))
        return d;
    int e = set(I, self, "_exit_callbacks", d);
    ev_decref(I, d);
    return e ? EV_ERR : EV_NONE;
}

/* self._exit_callbacks.append((True, callback)) */
int cl_push_exit_callback(ev_interp *I, ev_value self, ev_value cb, bool is_sync)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return -1;
    ev_as_tuple(t)->items[0] = ev_bool(is_sync);
    ev_as_tuple(t)->items[1] = ev_dup(cb);
    ev_value cbs = get(I, self, "_exit_callbacks");
    ev_value r = EV_IS_ERR(cbs) ? cbs : ev_us_callm(I, cbs, "append", 1, &t, NULL);
    if (!EV_IS_ERR(cbs))
        ev_decref(I, cbs);
    ev_decref(I, t);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* _push_cm_exit(cm, cm_exit): MethodType(cm_exit, cm) */
static int push_cm_exit(ev_interp *I, ev_value self, ev_value cm, ev_value cm_exit)
{
    ev_value m = cls_method_new(I, cm_exit, cm);
    if (EV_IS_ERR(m))
        return -1;
    int e = cl_push_exit_callback(I, self, m, true);
    ev_decref(I, m);
    return e;
}

CL_FN(bes_pop_all)
{
    static const ev_us_sig sig = {"_BaseExitStack.pop_all", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value cls = ev_obj_val(&ev_type_of(self)->h);
    ev_value ns = ev_call(I, cls, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(ns))
        return ns;
    ev_value cbs = get(I, self, "_exit_callbacks"), d = EV_ERR;
    if (EV_IS_ERR(cbs) || set(I, ns, "_exit_callbacks", cbs) || EV_IS_ERR(d = new_deque(I)) ||
        set(I, self, "_exit_callbacks", d)) {
        if (!EV_IS_ERR(cbs))
            ev_decref(I, cbs);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        ev_decref(I, ns);
        return EV_ERR;
    }
    ev_decref(I, cbs);
    ev_decref(I, d);
    return ns;
}

/* type(x).<name> by the class's attribute lookup; EV_ERR with AttributeError */
ev_value cl_type_attr(ev_interp *I, ev_value x, const char *name)
{
    return get(I, ev_obj_val(&ev_type_of(x)->h), name);
}

CL_FN(bes_push)
{
    static const ev_us_sig sig = {"_BaseExitStack.push", {"exit"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value ex = cl_type_attr(I, a[0], "__exit__");
    int e;
    if (EV_IS_ERR(ex)) {
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return EV_ERR;
        e = cl_push_exit_callback(I, self, a[0], true); /* not a context manager: a callable */
    } else {
        e = push_cm_exit(I, self, a[0], ex);
        ev_decref(I, ex);
    }
    return e ? EV_ERR : ev_dup(a[0]);
}

CL_FN(bes_enter_context)
{
    static const ev_us_sig sig = {"_BaseExitStack.enter_context", {"cm"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value cm = a[0];
    ev_value en = cl_type_attr(I, cm, "__enter__");
    ev_value ex = EV_IS_ERR(en) ? EV_ERR : cl_type_attr(I, cm, "__exit__");
    if (EV_IS_ERR(ex)) {
        if (!EV_IS_ERR(en))
            ev_decref(I, en);
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return EV_ERR;
        ev_type *t = ev_type_of(cm);
        ev_value mod = get(I, ev_obj_val(&t->h), "__module__");
        ev_value q = EV_IS_ERR(mod) ? mod : get(I, ev_obj_val(&t->h), "__qualname__");
        ev_value ms = EV_IS_ERR(q) ? q : ev_to_str(I, mod);
        ev_value qs = EV_IS_ERR(ms) ? ms : ev_to_str(I, q);
        if (!EV_IS_ERR(qs)) {
            /* raise TypeError(...) from None */
            ev_raise(I, &ev_type_TypeError, "'%s.%s' object does not support the context manager protocol",
                     ev_as_str(ms)->data, ev_as_str(qs)->data);
            if (ev_is(I->exc, EV_O_EXC)) {
                ev_exc *e = (ev_exc *)I->exc.u.o;
                ev_decref(I, e->cause);
                e->cause = EV_NONE;
                e->suppress_context = true;
            }
        }
        ev_value held[4] = {mod, q, ms, qs};
        for (int i = 0; i < 4; i++)
            if (!EV_IS_ERR(held[i]))
                ev_decref(I, held[i]);
        return EV_ERR;
    }
    ev_value result = ev_call(I, en, 1, &cm, 0, NULL, NULL);
    ev_decref(I, en);
    if (EV_IS_ERR(result) || push_cm_exit(I, self, cm, ex)) {
        if (!EV_IS_ERR(result))
            ev_decref(I, result);
        ev_decref(I, ex);
        return EV_ERR;
    }
    ev_decref(I, ex);
    return result;
}

CL_FN(bes_callback)
{
    static const ev_us_sig sig = {"_BaseExitStack.callback", {"callback"}, 1, 1, true, true};
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError,
                        "_BaseExitStack.callback() missing 1 required positional argument: 'callback'");
    (void)sig;
    ev_value args, kwds;
    if (cl_pack_args(I, argc - 1, argv + 1, kw, &args, &kwds))
        return EV_ERR;
    ev_value w = cl_fo_make(I, "_exit_wrapper", argv[0], args, kwds);
    ev_decref(I, args);
    ev_decref(I, kwds);
    if (EV_IS_ERR(w))
        return w;
    int e = set(I, w, "__wrapped__", argv[0]) || cl_push_exit_callback(I, self, w, true);
    ev_decref(I, w);
    return e ? EV_ERR : ev_dup(argv[0]);
}

CL_FN(es_enter)
{
    static const ev_us_sig sig = {"ExitStack.__enter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return ev_dup(self);
}

/* _fix_exception_context(new_exc, old_exc): new_exc's chain ends at old_exc
 * in place of the exception the frame was handling */
void cl_fix_context(ev_interp *I, ev_value new_exc, ev_value old_exc, ev_obj *frame_exc)
{
    ev_exc *n = (ev_exc *)new_exc.u.o;
    for (size_t guard = 0;; guard++) {
        ev_value c = n->context;
        if (c.tag == EV_T_NONE || (old_exc.tag == EV_T_OBJ && c.u.o == old_exc.u.o))
            return;
        if (c.u.o == frame_exc)
            break;
        if (!ev_is(c, EV_O_EXC) || guard > 1000000)
            return; /* a cycle: CPython would loop forever here */
        n = (ev_exc *)c.u.o;
    }
    ev_value prev = n->context;
    n->context = ev_dup(old_exc);
    ev_decref(I, prev);
}

CL_FN(es_exit)
{
    static const ev_us_sig sig = {"ExitStack.__exit__", {NULL}, 0, 0, true, false};
    BIND(sig, a0);
    (void)a0;
    ev_value det[3] = {EV_NONE, EV_NONE, EV_NONE};
    for (int i = 0; i < argc && i < 3; i++)
        det[i] = argv[i];
    bool received = det[0].tag != EV_T_NONE;
    ev_obj *frame_exc = ev_handled(I);
    for (int i = 0; i < 3; i++)
        ev_incref(det[i]);
    bool suppressed = false, pending = false;
    ev_value cbs = EV_ERR;
    for (;;) {
        if (ev_tick(I))
            goto fail;
        /* while self._exit_callbacks: re-read each time, a callback may replace it */
        cbs = get(I, self, "_exit_callbacks");
        if (EV_IS_ERR(cbs))
            goto fail;
        int t = ev_truth(I, cbs);
        if (t <= 0) {
            if (t < 0)
                goto fail;
            break;
        }
        ev_value item = ev_us_callm(I, cbs, "pop", 0, NULL, NULL);
        ev_decref(I, cbs);
        cbs = EV_ERR;
        if (EV_IS_ERR(item))
            goto fail;
        ev_value cb = EV_ERR;
        if (ev_is(item, EV_O_TUPLE) && ev_as_tuple(item)->len == 2) {
            int s = ev_truth(I, ev_as_tuple(item)->items[0]);
            if (s < 0) {
                ev_decref(I, item);
                goto fail;
            }
            if (!s) {
                ev_decref(I, item);
                ev_raise(I, &ev_type_AssertionError, "%s", "");
                goto fail;
            }
            cb = ev_dup(ev_as_tuple(item)->items[1]);
        } else {
            ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(item));
        }
        ev_decref(I, item);
        if (EV_IS_ERR(cb))
            goto fail;
        ev_value r = ev_call(I, cb, 3, det, 0, NULL, NULL);
        ev_decref(I, cb);
        int truth = EV_IS_ERR(r) ? -1 : ev_truth(I, r);
        if (!EV_IS_ERR(r))
            ev_decref(I, r);
        if (truth > 0) {
            suppressed = true;
            pending = false;
            for (int i = 0; i < 3; i++) {
                ev_decref(I, det[i]);
                det[i] = EV_NONE;
            }
        } else if (truth < 0) {
            if (I->limit)
                goto fail;
            ev_value exc = I->exc;
            I->exc = EV_NONE;
            cl_fix_context(I, exc, det[1], frame_exc);
            pending = true;
            ev_value tb = ev_traceback_new(I, exc);
            if (EV_IS_ERR(tb)) {
                ev_decref(I, exc);
                goto fail;
            }
            for (int i = 0; i < 3; i++)
                ev_decref(I, det[i]);
            det[0] = ev_dup(ev_obj_val(&ev_type_of(exc)->h));
            det[1] = exc;
            det[2] = tb;
        }
    }
    ev_decref(I, cbs);
    if (pending) {
        /* raise exc_details[1], its __context__ kept */
        ev_value exc = det[1];
        det[1] = EV_NONE;
        ev_decref(I, det[0]);
        ev_decref(I, det[2]);
        ev_decref(I, I->exc);
        I->exc = exc;
        return EV_ERR;
    }
    for (int i = 0; i < 3; i++)
        ev_decref(I, det[i]);
    return ev_bool(received && suppressed);
fail:
    if (!EV_IS_ERR(cbs))
        ev_decref(I, cbs);
    for (int i = 0; i < 3; i++)
        ev_decref(I, det[i]);
    return EV_ERR;
}

CL_FN(es_close)
{
    static const ev_us_sig sig = {"ExitStack.close", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value none3[3] = {EV_NONE, EV_NONE, EV_NONE};
    ev_value r = ev_us_callm(I, self, "__exit__", 3, none3, NULL);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* ---- the classes and the module ------------------------------------------------------------------ */

static ev_value method_value(ev_interp *I, const cl_method *m, ev_value cls)
{
    ev_value b = ev_builtin_new(I, &m->d, m->kind == 'c' ? EV_NONE : cls);
    if (EV_IS_ERR(b))
        return b;
    if (m->kind != 'c') {
        ((ev_builtin *)b.u.o)->unbound = true; /* bound like a function when read through an instance */
        return b;
    }
    ev_value w = ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &b, 0, NULL, NULL);
    ev_decref(I, b);
    return w;
}

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    int e = ev_module_set(I, d, key, v_steal);
    ev_decref(I, v_steal);
    return e;
}

/* class NAME(*bases, metaclass=meta): with these methods and attributes
 * (name=value pairs of str constants, NULL-terminated), set in ns */
int cl_class(ev_interp *I, ev_dict *ns, const char *name, ev_type *meta, const char *const *bases, ev_type *root,
             const char *doc, const cl_method *methods, const char *const *strattrs, bool abc)
{
    ev_value d = ev_dict_new(I), bt = EV_ERR, cls = EV_ERR;
    if (EV_IS_ERR(d))
        return -1;
    size_t nb = 0;
    while (bases && bases[nb])
        nb++;
    bt = ev_tuple_new(I, nb);
    if (EV_IS_ERR(bt))
        goto fail;
    for (size_t i = 0; i < nb; i++) {
        ev_value b;
        if (strcmp(bases[i], "@root") == 0) {
            b = ev_obj_val(&root->h);
        } else {
            ev_str *k = ev_intern(I, bases[i], strlen(bases[i]));
            ev_value *p = k ? ev_dict_lookup_str(ns, k) : NULL;
            if (!p)
                goto fail;
            b = *p;
        }
        ev_as_tuple(bt)->items[i] = ev_dup(b);
    }
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "contextlib")) ||
        put(I, ev_as_dict(d), "__doc__", doc ? ev_str_from_cstr(I, doc) : EV_NONE))
        goto fail;
    for (size_t i = 0; strattrs && strattrs[i]; i += 2)
        if (put(I, ev_as_dict(d), strattrs[i], strattrs[i + 1] ? ev_str_from_cstr(I, strattrs[i + 1]) : EV_NONE))
            goto fail;
    ev_str *nm = ev_intern(I, name, strlen(name));
    if (!nm)
        goto fail;
    cls = ev_class_new(I, meta, nm, bt, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ev_type *t = (ev_type *)cls.u.o;
    t->module = "contextlib";
    for (const cl_method *m = methods; m && m->d.name; m++)
        if (put(I, t->dict, m->d.name, method_value(I, m, cls)))
            goto fail;
    I->class_version++; /* the namespace grew after the class was made */
    if (abc && ev_abc_class_init(I, t))
        goto fail;
    if (ev_module_set(I, ns, name, cls))
        goto fail;
    ev_decref(I, cls);
    ev_decref(I, bt);
    ev_decref(I, d);
    return 0;
fail:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(bt))
        ev_decref(I, bt);
    ev_decref(I, d);
    if (!ev_is(I->exc, EV_O_EXC))
        ev_raise(I, &ev_type_RuntimeError, "contextlib: cannot make class %s", name);
    return -1;
}

static const cl_method acm_methods[] = {
    CL_M("__enter__", acm_enter), CL_A("__exit__", acm_exit), CL_C("__subclasshook__", acm_hook),
    CL_C("__class_getitem__", ev_us_class_getitem), CL_END,
};
static const cl_method cd_methods[] = {
    CL_M("_recreate_cm", cd_recreate), CL_M("__call__", cd_call), CL_END,
};
static const cl_method gcmb_methods[] = {
    CL_M("__init__", gcmb_init), CL_M("_recreate_cm", gcmb_recreate), CL_END,
};
static const cl_method gcm_methods[] = {CL_M("__enter__", gcm_enter), CL_M("__exit__", gcm_exit), CL_END};
static const cl_method suppress_methods[] = {
    CL_M("__init__", suppress_init), CL_M("__enter__", suppress_enter), CL_M("__exit__", suppress_exit), CL_END,
};
static const cl_method closing_methods[] = {
    CL_M("__init__", closing_init), CL_M("__enter__", closing_enter), CL_M("__exit__", closing_exit), CL_END,
};
static const cl_method null_methods[] = {
    CL_M("__init__", null_init),         CL_M("__enter__", null_enter),       CL_M("__exit__", null_exit),
    CL_M("__aenter__", cl_null_aenter), CL_M("__aexit__", cl_null_aexit), CL_END,
};
static const cl_method redirect_methods[] = {
    CL_M("__init__", redirect_init), CL_M("__enter__", redirect_enter), CL_M("__exit__", redirect_exit), CL_END,
};
/* __enter__ and __exit__ as CPython's class has them (not abstract): __init__ refuses */
static const cl_method chdir_methods[] = {CL_M("__init__", chdir_init), CL_M("__enter__", chdir_init),
                                          CL_M("__exit__", chdir_init), CL_END};
static const cl_method bes_methods[] = {
    CL_M("__init__", bes_init),           CL_M("pop_all", bes_pop_all),   CL_M("push", bes_push),
    CL_M("enter_context", bes_enter_context), CL_M("callback", bes_callback), CL_END,
};
static const cl_method es_methods[] = {
    CL_M("__enter__", es_enter), CL_M("__exit__", es_exit), CL_M("close", es_close), CL_END,
};

static int init(ev_interp *I, ev_dict *ns)
{
    /* AbstractContextManager is an abc.ABC: ABCMeta comes with collections.abc */
    ev_value abcmod = ev_import_submodule(I, "collections.abc");
    if (EV_IS_ERR(abcmod))
        return -1;
    ev_decref(I, abcmod);
    ev_value meta = ev_abc_get(I, ABC_META);
    if (EV_IS_ERR(meta))
        return -1;
    ev_type *abcm = (ev_type *)meta.u.o;
    static const char *const fn_base[] = {"@root", NULL};
    static const char *const acm[] = {"AbstractContextManager", NULL};
    static const char *const gcm[] = {"_GeneratorContextManagerBase", "AbstractContextManager", "ContextDecorator",
                                      NULL};
    static const char *const redir[] = {"_RedirectStream", NULL};
    static const char *const es[] = {"_BaseExitStack", "AbstractContextManager", NULL};
    static const char *const nullbases[] = {"AbstractContextManager", "AbstractAsyncContextManager", NULL};
    static const char *const stream_none[] = {"_stream", NULL, NULL};
    static const char *const stream_out[] = {"_stream", "stdout", NULL};
    static const char *const stream_err[] = {"_stream", "stderr", NULL};
    return cl_class(I, ns, "_contextmanager_helper", NULL, fn_base, &cl_fo_root, NULL, helper_methods, NULL, false) ||
           cl_class(I, ns, "_ContextDecorator_inner", NULL, fn_base, &cl_fo_root, NULL, inner_methods, NULL, false) ||
           cl_class(I, ns, "_exit_wrapper", NULL, fn_base, &cl_fo_root, NULL, cbwrap_methods, NULL, false) ||
           cl_class(I, ns, "AbstractContextManager", abcm, NULL, NULL, "An abstract base class for context managers.",
                    acm_methods, NULL, true) ||
           cl_class(I, ns, "ContextDecorator", NULL, NULL, NULL,
                    "A base class or mixin that enables context managers to work as decorators.", cd_methods,
                    NULL, false) ||
           cl_class(I, ns, "_GeneratorContextManagerBase", NULL, NULL, NULL,
                    "Shared functionality for @contextmanager and @asynccontextmanager.", gcmb_methods, NULL,
                    false) ||
           cl_class(I, ns, "_GeneratorContextManager", abcm, gcm, NULL, "Helper for @contextmanager decorator.",
                    gcm_methods, NULL, true) ||
           cl_class(I, ns, "closing", abcm, acm, NULL,
                    "Context to automatically close something at the end of a block.", closing_methods, NULL,
                    true) ||
           cl_class(I, ns, "_RedirectStream", abcm, acm, NULL, NULL, redirect_methods, stream_none, true) ||
           cl_class(I, ns, "redirect_stdout", abcm, redir, NULL,
                    "Context manager for temporarily redirecting stdout to another file.", NULL, stream_out, true) ||
           cl_class(I, ns, "redirect_stderr", abcm, redir, NULL,
                    "Context manager for temporarily redirecting stderr to another file.", NULL, stream_err, true) ||
           cl_class(I, ns, "suppress", abcm, acm, NULL, "Context manager to suppress specified exceptions",
                    suppress_methods, NULL, true) ||
           cl_class(I, ns, "_BaseExitStack", NULL, NULL, NULL, "A base class for ExitStack and AsyncExitStack.",
                    bes_methods, NULL, false) ||
           cl_class(I, ns, "ExitStack", abcm, es, NULL,
                    "Context manager for dynamic management of a stack of exit callbacks.", es_methods, NULL,
                    true) ||
           cl_class(I, ns, "chdir", abcm, acm, NULL,
                    "Non thread-safe context manager to change the current working directory.", chdir_methods,
                    NULL, true) ||
           cl_async_init(I, ns, abcm) ||
           cl_class(I, ns, "nullcontext", abcm, nullbases, NULL, "Context manager that does no additional processing.",
                    null_methods, NULL, true);
}

static const ev_builtin_def functions[] = {
    {"contextmanager", cl_contextmanager, 0, -1, EV_BF_KWANY, NULL},
    {"asynccontextmanager", cl_asynccontextmanager, 0, -1, EV_BF_KWANY, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "asynccontextmanager", "contextmanager", "closing", "nullcontext", "AbstractContextManager",
    "AbstractAsyncContextManager", "AsyncExitStack", "ContextDecorator", "ExitStack", "redirect_stdout",
    "redirect_stderr", "suppress", "aclosing", "chdir", NULL,
};

const ev_module_def ev_module_contextlib = {"contextlib", functions, init, all_names};
