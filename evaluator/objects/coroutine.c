/*
 * coroutine.c - coroutines, async generators and the awaitables around them
 * (CPython's Objects/genobject.c, coroutine and async generator halves, and
 * the anext_awaitable of Objects/iterobject.c).
 *
 * An `async def` is a generator object of another flavor (gen.h): its body
 * runs on its own stack as a generator's does, and `await x` is `yield from`
 * over x's awaitable iterator (ev_await_iter), so what the innermost
 * awaitable yields reaches whoever drives the outermost coroutine through
 * send(), and throw() and close() travel down the chain of delegates.  No
 * event loop is needed: a program (or a loop written later) drives the
 * objects with send, throw and close.
 *
 * An async generator's body switches out for two reasons: its own `yield`
 * (the value is the result of the asend awaitable: StopIteration(value)) and
 * an await passing a value through to the driver.  ev_gen_yield marks the
 * first kind (ev_gen.wrapped, CPython's _PyAsyncGenWrappedValue).  The
 * awaitables asend, athrow, coroutine_wrapper and anext_awaitable are
 * EV_O_WRAPPER objects of the static types below: a is the generator (or
 * async iterator), b the value or arguments, c the state.
 */
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/interp_int.h"

enum { AW_INIT, AW_ITER, AW_CLOSED };

static const ev_builtin_def awaiter_methods[];
ev_type ev_type_coroutine_wrapper = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                     .name = "coroutine_wrapper", .methods = awaiter_methods};
ev_type ev_type_async_generator_asend = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                         .name = "async_generator_asend", .methods = awaiter_methods};
ev_type ev_type_async_generator_athrow = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                          .name = "async_generator_athrow", .methods = awaiter_methods};
ev_type ev_type_anext_awaitable = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                   .name = "anext_awaitable", .methods = awaiter_methods};

static ev_wrapper *aw_of(ev_value v)
{
    return (ev_wrapper *)v.u.o;
}

bool ev_is_awaiter(ev_value v)
{
    if (!ev_is(v, EV_O_WRAPPER))
        return false;
    const ev_type *t = aw_of(v)->type;
    return t == &ev_type_coroutine_wrapper || t == &ev_type_async_generator_asend ||
           t == &ev_type_async_generator_athrow || t == &ev_type_anext_awaitable;
}

static ev_value awaiter_new(ev_interp *I, ev_type *t, ev_value a, ev_value b)
{
    ev_wrapper *w = ev_obj_new(I, sizeof *w, EV_O_WRAPPER, true);
    if (!w)
        return EV_ERR;
    w->type = t;
    w->a = ev_dup(a);
    w->b = ev_dup(b);
    w->c = ev_int(AW_INIT);
    w->doc = EV_NONE;
    return ev_obj_val(&w->h);
}

static bool exc_is(ev_interp *I, ev_type *t)
{
    return !I->limit && ev_is(I->exc, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, t);
}

static void exc_clear(ev_interp *I)
{
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
}

/* ---- special methods looked up on the type ------------------------------------------ */

/* Does v's type define name (a class attribute, or a builtin type's method)? */
static bool has_special(ev_interp *I, ev_value v, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n)
        return false;
    ev_type *t = ev_type_of(v);
    if ((ev_is_user(v) || ev_is_heaptype(t)) && ev_type_lookup(t, n))
        return true;
    /* a builtin type's method, and an EV_TYPE_CSLOTS type's (asyncio.Future's
     * __await__) reached from its instances and its subclasses' */
    if (ev_is_user(v) && !ev_is_heaptype(t) && !(t->tflags & EV_TYPE_CSLOTS))
        return false;
    return ev_builtin_method(t, n) != NULL;
}

/* v.name(args...) for a special method: 0 when v's type has none, 1 with
 * *out, -1 raised. */
static int call_special(ev_interp *I, ev_value v, const char *name, int argc, const ev_value *argv, ev_value *out)
{
    if (!has_special(I, v, name))
        return 0;
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n)
        return -1;
    ev_value m = ev_getattr(I, v, n);
    if (EV_IS_ERR(m))
        return -1;
    *out = ev_call(I, m, argc, argv, 0, NULL, NULL);
    ev_decref(I, m);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static bool is_iterator(ev_interp *I, ev_value v)
{
    return ev_is(v, EV_O_ITER) || ev_is_plain_gen(v) || ev_is_awaiter(v) ||
           (ev_is_user(v) && has_special(I, v, "__next__"));
}

static bool is_coroutine(ev_value v)
{
    return ev_is(v, EV_O_GEN) && ((ev_gen *)v.u.o)->flavor == EV_CORO_CORO;
}

/* CPython's _PyCoro_GetAwaitableIter and the errors of GET_AWAITABLE. */
ev_value ev_await_iter(ev_interp *I, ev_value v, int ctx)
{
    if (is_coroutine(v)) {
        const ev_gen *g = (ev_gen *)v.u.o;
        if (g->yf.tag != EV_T_NONE && g->state != GEN_DONE)
            return ev_raise(I, &ev_type_RuntimeError, "coroutine is being awaited already");
        return ev_dup(v);
    }
    if (ev_is_awaiter(v) && aw_of(v)->type != &ev_type_coroutine_wrapper)
        return ev_dup(v); /* asend, athrow and anext_awaitable await as themselves */
    ev_value it;
    int got = ev_is(v, EV_O_GEN) || ev_is_awaiter(v) ? 0 : call_special(I, v, "__await__", 0, NULL, &it);
    if (got < 0)
        return EV_ERR;
    if (got == 0) {
        const char *tn = ev_type_name(v);
        if (ctx == EV_AWAIT_ANEXT)
            return ev_raise(I, &ev_type_TypeError, "'async for' received an invalid object from __anext__: %s", tn);
        if (ctx == EV_AWAIT_AENTER || ctx == EV_AWAIT_AEXIT)
            return ev_raise(I, &ev_type_TypeError,
                            "'async with' received an object from %s that does not implement __await__: %s",
                            ctx == EV_AWAIT_AENTER ? "__aenter__" : "__aexit__", tn);
        return ev_raise(I, &ev_type_TypeError, "object %s can't be used in 'await' expression", tn);
    }
    if (is_coroutine(it)) {
        ev_decref(I, it);
        return ev_raise(I, &ev_type_TypeError, "__await__() returned a coroutine");
    }
    if (!is_iterator(I, it)) {
        ev_value r = ev_raise(I, &ev_type_TypeError, "__await__() returned non-iterator of type '%s'", ev_type_name(it));
        ev_decref(I, it);
        return r;
    }
    return it;
}

/* ---- async generators: asend and athrow ------------------------------------------ */

/* CPython's async_gen_unwrap_value: after the generator ran for an
 * awaitable.  1 passes a value through (*out), 0 the awaitable is done with
 * *out (its StopIteration value), -1 raised. */
static int agen_unwrap(ev_interp *I, ev_gen *g, ev_wrapper *w, int r, ev_value *out)
{
    if (r == 0) {
        ev_decref(I, *out);
        (void)ev_raise_empty(I, &ev_type_StopAsyncIteration);
        r = -1;
    }
    if (r < 0) {
        if (exc_is(I, &ev_type_StopAsyncIteration) || exc_is(I, &ev_type_GeneratorExit))
            g->ag_closed = true;
        g->ag_running_async = false;
        w->c = ev_int(AW_CLOSED);
        return -1;
    }
    if (g->wrapped) {
        g->wrapped = false;
        g->ag_running_async = false;
        w->c = ev_int(AW_CLOSED);
        return 0;
    }
    return 1;
}

/* A generator's throw() as a resume outcome: 1 yielded, -1 raised. */
static int gen_throw_step(ev_interp *I, ev_gen *g, int argc, const ev_value *argv, ev_value *out)
{
    g->wrapped = false;
    *out = ev_gen_throw(I, g, argc, argv);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static int asend_step(ev_interp *I, ev_wrapper *w, ev_value sent, int argc, const ev_value *argv, ev_value *out)
{
    ev_gen *g = (ev_gen *)w->a.u.o;
    if (w->c.u.i == AW_CLOSED) {
        ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited __anext__()/asend()");
        return -1;
    }
    if (argc == 0 && w->c.u.i == AW_INIT) {
        if (g->ag_running_async) {
            ev_raise(I, &ev_type_RuntimeError, "anext(): asynchronous generator is already running");
            return -1;
        }
        if (sent.tag == EV_T_NONE)
            sent = w->b;
        w->c = ev_int(AW_ITER);
    }
    int r;
    if (argc) {
        /* CPython's async_gen_asend_throw leaves ag_running alone */
        r = gen_throw_step(I, g, argc, argv, out);
    } else {
        g->ag_running_async = true;
        g->wrapped = false;
        r = ev_gen_resume(I, g, sent, false, out);
    }
    return agen_unwrap(I, g, w, r, out);
}

/* athrow (b: the arguments) and aclose (b: None), CPython's
 * async_gen_athrow_send and _throw. */
static int athrow_step(ev_interp *I, ev_wrapper *w, ev_value sent, int argc, const ev_value *argv, ev_value *out)
{
    ev_gen *g = (ev_gen *)w->a.u.o;
    bool aclose = w->b.tag == EV_T_NONE;
    int r;
    if (w->c.u.i == AW_CLOSED) {
        ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited aclose()/athrow()");
        return -1;
    }
    if (argc == 0 && g->state == GEN_DONE) {
        w->c = ev_int(AW_CLOSED);
        *out = EV_NONE;
        return 0;
    }
    if (argc == 0 && w->c.u.i == AW_INIT) {
        if (g->ag_running_async) {
            w->c = ev_int(AW_CLOSED);
            ev_raise(I, &ev_type_RuntimeError, aclose ? "aclose(): asynchronous generator is already running"
                                                      : "athrow(): asynchronous generator is already running");
            return -1;
        }
        if (g->ag_closed) {
            w->c = ev_int(AW_CLOSED);
            (void)ev_raise_empty(I, &ev_type_StopAsyncIteration);
            return -1;
        }
        if (sent.tag != EV_T_NONE) {
            ev_raise(I, &ev_type_RuntimeError, "can't send non-None value to a just-started coroutine");
            return -1;
        }
        w->c = ev_int(AW_ITER);
        g->ag_running_async = true;
        if (aclose) {
            g->ag_closed = true;
            ev_value ge = ev_obj_val(&ev_type_GeneratorExit.h);
            r = gen_throw_step(I, g, 1, &ge, out);
        } else {
            ev_tuple *t = ev_as_tuple(w->b);
            r = gen_throw_step(I, g, (int)t->len, t->items, out);
        }
    } else if (argc) {
        r = gen_throw_step(I, g, argc, argv, out);
    } else {
        g->wrapped = false;
        r = ev_gen_resume(I, g, sent, false, out);
        if (r == 0) {
            ev_decref(I, *out);
            (void)ev_raise_empty(I, &ev_type_StopAsyncIteration);
            r = -1;
        }
    }
    if (!aclose) {
        r = agen_unwrap(I, g, w, r, out);
        if (r < 0)
            g->ag_running_async = false;
        return r;
    }
    if (r > 0 && g->wrapped) {
        ev_decref(I, *out);
        g->wrapped = false;
        g->ag_running_async = false;
        w->c = ev_int(AW_CLOSED);
        ev_raise(I, &ev_type_RuntimeError, "async generator ignored GeneratorExit");
        return -1;
    }
    if (r > 0)
        return 1;
    g->ag_running_async = false;
    w->c = ev_int(AW_CLOSED);
    if (exc_is(I, &ev_type_StopAsyncIteration) || exc_is(I, &ev_type_GeneratorExit)) {
        exc_clear(I);
        *out = EV_NONE;
        return 0;
    }
    return -1;
}

/* ---- anext_awaitable ------------------------------------------------------------ */

/* As CPython 3.11's anextawaitable_proxy: each step asks the wrapped async
 * iterator for a fresh __anext__() awaitable and forwards to it; its
 * StopAsyncIteration becomes StopIteration(default). */
static int anext_step(ev_interp *I, ev_wrapper *w, ev_value sent, int argc, const ev_value *argv, ev_value *out,
                      bool close)
{
    ev_value aw;
    int got = call_special(I, w->a, "__anext__", 0, NULL, &aw);
    if (got == 0)
        ev_raise(I, &ev_type_TypeError, "'%s' object is not an async iterator", ev_type_name(w->a));
    if (got <= 0)
        return -1;
    if (!is_iterator(I, aw)) {
        ev_value it = EV_ERR;
        got = call_special(I, aw, "__await__", 0, NULL, &it);
        if (got == 0)
            ev_raise(I, &ev_type_TypeError, "'%s' object is not awaitable", ev_type_name(aw));
        ev_decref(I, aw);
        if (got <= 0)
            return -1;
        aw = it;
        if (!is_iterator(I, aw)) {
            ev_raise(I, &ev_type_TypeError, "__await__ returned a non-iterable");
            ev_decref(I, aw);
            return -1;
        }
    }
    const char *meth = close ? "close" : argc ? "throw" : "send";
    ev_str *n = ev_intern(I, meth, strlen(meth));
    ev_value m = n ? ev_getattr(I, aw, n) : EV_ERR;
    ev_decref(I, aw);
    if (EV_IS_ERR(m))
        return -1;
    *out = close ? ev_call(I, m, 0, NULL, 0, NULL, NULL)
         : argc  ? ev_call(I, m, argc, argv, 0, NULL, NULL)
                 : ev_call(I, m, 1, &sent, 0, NULL, NULL);
    ev_decref(I, m);
    if (!EV_IS_ERR(*out))
        return 1;
    if (exc_is(I, &ev_type_StopAsyncIteration)) {
        exc_clear(I);
        *out = ev_dup(w->b);
        return 0;
    }
    if (ev_take_stop_value(I, out))
        return 0;
    return -1;
}

/* ---- one step of any of them ---------------------------------------------------- */

/* send (argc 0) or throw (argv) into an awaitable of this file: 1 it
 * yielded (*out), 0 it finished with *out (its StopIteration value), -1
 * raised. */
static int awaiter_step(ev_interp *I, ev_value v, ev_value sent, int argc, const ev_value *argv, ev_value *out)
{
    ev_wrapper *w = aw_of(v);
    ev_incref(v); /* the step runs code that may drop the last other reference */
    int r;
    if (w->type == &ev_type_coroutine_wrapper) {
        ev_gen *g = (ev_gen *)w->a.u.o;
        if (argc) {
            *out = ev_gen_throw(I, g, argc, argv);
            r = EV_IS_ERR(*out) ? -1 : 1;
            if (r < 0 && ev_take_stop_value(I, out))
                r = 0;
        } else {
            r = ev_gen_resume(I, g, sent, false, out);
        }
    } else if (w->type == &ev_type_async_generator_asend) {
        r = asend_step(I, w, sent, argc, argv, out);
    } else if (w->type == &ev_type_async_generator_athrow) {
        r = athrow_step(I, w, sent, argc, argv, out);
    } else {
        r = anext_step(I, w, sent, argc, argv, out, false);
    }
    ev_decref(I, v);
    return r;
}

int ev_awaiter_send(ev_interp *I, ev_value v, ev_value sent, ev_value *out)
{
    return awaiter_step(I, v, sent, 0, NULL, out);
}

int ev_awaiter_next(ev_interp *I, ev_value v, ev_value *out)
{
    int r = awaiter_step(I, v, EV_NONE, 0, NULL, out);
    if (r == 0) {
        /* next() ends the iteration: the value travels in StopIteration */
        (void)ev_raise_stop(I, *out);
        return -1;
    }
    return r;
}

static ev_value step_result(ev_interp *I, int r, ev_value out)
{
    if (r < 0)
        return EV_ERR;
    return r == 0 ? ev_raise_stop(I, out) : out;
}

static ev_value awm_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    ev_value out;
    int r = awaiter_step(I, self, argv[0], 0, NULL, &out);
    return step_result(I, r, out);
}

static ev_value awm_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value out;
    int r = awaiter_step(I, self, EV_NONE, 0, NULL, &out);
    return step_result(I, r, out);
}

static ev_value awm_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_value out;
    int r = awaiter_step(I, self, EV_NONE, argc, argv, &out);
    return step_result(I, r, out);
}

static ev_value awm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_wrapper *w = aw_of(self);
    if (w->type == &ev_type_coroutine_wrapper)
        return ev_gen_close(I, (ev_gen *)w->a.u.o);
    if (w->type == &ev_type_anext_awaitable) {
        ev_value out;
        int r = anext_step(I, w, EV_NONE, 0, NULL, &out, true);
        if (r < 0)
            return EV_ERR;
        return out;
    }
    w->c = ev_int(AW_CLOSED);
    return EV_NONE;
}

static ev_value awm_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_dup(self);
}

static const ev_builtin_def awaiter_methods[] = {
    {"send", awm_send, 1, 1, 0},
    {"throw", awm_throw, 1, 3, 0},
    {"close", awm_close, 0, 0, 0},
    {"__next__", awm_next, 0, 0, EV_BF_SLOT},
    {"__iter__", awm_self, 0, 0, EV_BF_SLOT},
    {"__await__", awm_self, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- coroutine and async generator methods ----------------------------------------- */

static ev_gen *gen_of(ev_value v)
{
    return (ev_gen *)v.u.o;
}

static ev_value cm_await(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return awaiter_new(I, &ev_type_coroutine_wrapper, self, EV_NONE);
}

static ev_value cm_running(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_bool(ev_gen_running(gen_of(self)));
}

static ev_value cm_suspended(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    const ev_gen *g = gen_of(self);
    return ev_bool(g->state == GEN_SUSPENDED);
}

/* what it awaits while suspended (cr_await, ag_await) */
static ev_value cm_awaiting(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    const ev_gen *g = gen_of(self);
    return g->state == GEN_SUSPENDED ? ev_dup(g->yf) : EV_NONE;
}

static ev_value agm_running(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_bool(gen_of(self)->ag_running_async);
}

static ev_value agm_anext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return awaiter_new(I, &ev_type_async_generator_asend, self, EV_NONE);
}

static ev_value agm_asend(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return awaiter_new(I, &ev_type_async_generator_asend, self, argv[0]);
}

static ev_value agm_athrow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    ev_value r = awaiter_new(I, &ev_type_async_generator_athrow, self, args);
    ev_decref(I, args);
    return r;
}

static ev_value agm_aclose(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return awaiter_new(I, &ev_type_async_generator_athrow, self, EV_NONE);
}

static ev_value cm_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    ev_value out;
    int r = ev_gen_resume(I, gen_of(self), argv[0], false, &out);
    return step_result(I, r, out);
}

static ev_value cm_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return ev_gen_throw(I, gen_of(self), argc, argv);
}

static ev_value cm_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_gen_close(I, gen_of(self));
}

static const ev_builtin_def coro_methods[] = {
    {"send", cm_send, 1, 1, 0},
    {"throw", cm_throw, 1, 3, 0},
    {"close", cm_close, 0, 0, 0},
    {"__await__", cm_await, 0, 0, 0},
    {"cr_running", cm_running, 0, 0, EV_BF_PROP},
    {"cr_suspended", cm_suspended, 0, 0, EV_BF_PROP},
    {"cr_await", cm_awaiting, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def agen_methods[] = {
    {"__aiter__", awm_self, 0, 0, 0},
    {"__anext__", agm_anext, 0, 0, 0},
    {"asend", agm_asend, 1, 1, 0},
    {"athrow", agm_athrow, 1, 3, 0},
    {"aclose", agm_aclose, 0, 0, 0},
    {"ag_running", agm_running, 0, 0, EV_BF_PROP},
    {"ag_await", cm_awaiting, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_coroutine = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "coroutine", .methods = coro_methods};
ev_type ev_type_async_generator = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                   .name = "async_generator", .methods = agen_methods};

/* ---- async iteration --------------------------------------------------------------- */

/* The async iterator of `async for` (CPython's GET_AITER). */
ev_value ev_async_iter_for(ev_interp *I, ev_value v)
{
    ev_value it;
    int got = call_special(I, v, "__aiter__", 0, NULL, &it);
    if (got == 0)
        return ev_raise(I, &ev_type_TypeError, "'async for' requires an object with __aiter__ method, got %s",
                        ev_type_name(v));
    if (got < 0)
        return EV_ERR;
    if (!has_special(I, it, "__anext__")) {
        ev_value r = ev_raise(I, &ev_type_TypeError,
                              "'async for' received an object from __aiter__ that does not implement __anext__: %s",
                              ev_type_name(it));
        ev_decref(I, it);
        return r;
    }
    return it;
}

/* The awaitable of one step of `async for` (GET_ANEXT): ait.__anext__()'s
 * awaitable iterator. */
ev_value ev_async_anext_for(ev_interp *I, ev_value ait)
{
    ev_value aw;
    int got = call_special(I, ait, "__anext__", 0, NULL, &aw);
    if (got == 0)
        return ev_raise(I, &ev_type_TypeError,
                        "'async for' received an object from __aiter__ that does not implement __anext__: %s",
                        ev_type_name(ait));
    if (got < 0)
        return EV_ERR;
    ev_value it = ev_await_iter(I, aw, EV_AWAIT_ANEXT);
    ev_decref(I, aw);
    return it;
}

/* aiter(x) and anext(x[, default]) */
ev_value ev_builtin_aiter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value it;
    int got = call_special(I, argv[0], "__aiter__", 0, NULL, &it);
    if (got == 0)
        return ev_raise(I, &ev_type_TypeError, "'%s' object is not an async iterable", ev_type_name(argv[0]));
    if (got < 0)
        return EV_ERR;
    if (!has_special(I, it, "__anext__")) {
        ev_value r = ev_raise(I, &ev_type_TypeError, "aiter() returned not an async iterator of type '%s'",
                              ev_type_name(it));
        ev_decref(I, it);
        return r;
    }
    return it;
}

ev_value ev_builtin_anext(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    if (!has_special(I, argv[0], "__anext__"))
        return ev_raise(I, &ev_type_TypeError, "'%s' object is not an async iterator", ev_type_name(argv[0]));
    if (argc < 2) {
        ev_value aw = EV_ERR;
        int got = call_special(I, argv[0], "__anext__", 0, NULL, &aw);
        return got > 0 ? aw : EV_ERR;
    }
    return awaiter_new(I, &ev_type_anext_awaitable, argv[0], argv[1]);
}
