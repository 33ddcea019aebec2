/*
 * contextlib_async.c - the asynchronous half of CPython 3.11's
 * Lib/contextlib.py: asynccontextmanager (_AsyncGeneratorContextManager),
 * aclosing, AbstractAsyncContextManager and nullcontext's __aenter__ and
 * __aexit__.
 *
 * CPython writes __aenter__ and __aexit__ as `async def`s; here each
 * returns an awaitable of the heap class contextlib._awaitable: it drives
 * at most one inner awaitable (anext(gen), gen.athrow(...), thing.aclose())
 * step by step as `await` would, passing what it yields through to the
 * event loop or to whoever sends, and when the inner one is done turns its
 * result or exception into the method's, with the rules contextlib.py
 * applies after its await (StopAsyncIteration, "generator didn't yield",
 * the exception thrown in coming back).  One awaitable is awaited once,
 * as a coroutine.
 *
 * AsyncExitStack's __aexit__ is one such awaitable looping over the
 * callbacks: a synchronous one is called, an asynchronous one's awaitable
 * becomes the inner one until it is done, and the exception bookkeeping is
 * ExitStack's.
 *
 * AsyncContextDecorator's inner is one more: __aenter__'s awaitable, the
 * function's, then __aexit__'s, in turn.
 */
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/modules/contextlib_int.h"

/* AW_MGR: the traceback for K_AEXIT_THROW, the stack for the AsyncExitStack
 * kinds; AW_D0..2 the exception details of K_ES_EXIT (AW_VALUE: the frame's
 * exception, AW_X: its flags) or the cm and its __aexit__ for K_ENTER_CM */
enum { AW_INNER, AW_KIND, AW_MGR, AW_VALUE, AW_D0, AW_D1, AW_D2, AW_X, AW_NSLOTS };
enum { ES_RECEIVED = 1, ES_SUPPRESSED = 2, ES_PENDING = 4 };
enum {
    K_RESULT,      /* no inner awaitable: the result is AW_VALUE */
    K_AENTER,      /* await anext(self.gen) */
    K_AEXIT_NONE,  /* await anext(self.gen) after a body that raised nothing */
    K_AEXIT_THROW, /* await self.gen.athrow(typ, value): AW_VALUE is value */
    K_DISCARD,     /* await thing.aclose(): None */
    K_ENTER_CM,    /* enter_async_context: await _enter(cm), then push its exit */
    K_ES_EXIT,     /* AsyncExitStack.__aexit__ */
    K_DECO,        /* AsyncContextDecorator's inner: async with cm: return await func(...) */
    K_DONE,
};

static ev_value aw_cnew(ev_interp *I, ev_type *t) { return ev_cinstance_new(I, t, AW_NSLOTS); }

static ev_type aw_root = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                          .name = "contextlib._awaitable_base", .module = "contextlib",
                          .tflags = EV_TYPE_CSLOTS, .cnew = aw_cnew};

static ev_cinstance *aw_of(ev_interp *I, ev_value self)
{
    if (!ev_is(self, EV_O_INSTANCE) || !ev_type_is_subclass(ev_type_of(self), &aw_root)) {
        ev_raise(I, &ev_type_TypeError, "descriptor requires a 'contextlib._awaitable' object but received a '%s'",
                 ev_type_name(self));
        return NULL;
    }
    return ev_as_cinstance(self);
}

/* a new awaitable of kind over the awaitable inner (None: none) */
static ev_value aw_new(ev_interp *I, int kind, ev_value inner, ev_value mgr, ev_value value)
{
    ev_value it = EV_NONE;
    if (inner.tag != EV_T_NONE) {
        it = ev_await_iter(I, inner, EV_AWAIT_EXPR);
        if (EV_IS_ERR(it))
            return it;
    }
    ev_value cls = cl_global(I, "_awaitable");
    if (!EV_IS_ERR(cls) && !(ev_is(cls, EV_O_TYPE) && ev_type_is_subclass((ev_type *)cls.u.o, &aw_root)))
        cls = ev_raise(I, &ev_type_TypeError, "contextlib._awaitable was replaced");
    ev_value a = EV_IS_ERR(cls) ? cls : aw_cnew(I, (ev_type *)cls.u.o);
    if (EV_IS_ERR(a)) {
        ev_decref(I, it);
        return a;
    }
    ev_cinstance *c = ev_as_cinstance(a);
    c->slots[AW_INNER] = it;
    c->slots[AW_KIND] = ev_int(kind);
    c->slots[AW_MGR] = ev_dup(mgr);
    c->slots[AW_VALUE] = ev_dup(value);
    for (int i = AW_D0; i < AW_NSLOTS; i++)
        c->slots[i] = EV_NONE;
    return a;
}

/* the method's end: r 0 the inner awaitable returned out (owned), r -1 it
 * raised (pending).  Returns EV_ERR with StopIteration(result) or the
 * method's exception pending. */
static ev_value aw_finish(ev_interp *I, ev_cinstance *c, int r, ev_value out)
{
    int kind = (int)c->slots[AW_KIND].u.i;
    ev_value value = c->slots[AW_VALUE], inner = c->slots[AW_INNER];
    c->slots[AW_KIND] = ev_int(K_DONE);
    c->slots[AW_VALUE] = EV_NONE;
    c->slots[AW_INNER] = EV_NONE;
    ev_decref(I, inner);
    ev_value res = EV_ERR;
    if (r == 0 && kind != K_AENTER && kind != K_RESULT && kind != K_ENTER_CM)
        ev_decref(I, out);
    if (r < 0 && I->limit) {
        ev_decref(I, value);
        return EV_ERR;
    }
    ev_value exc = r < 0 ? I->exc : EV_NONE;
    switch (kind) {
    case K_RESULT:
        res = ev_dup(value);
        break;
    case K_AENTER:
        if (r == 0) {
            res = out;
        } else if (cl_exc_is(exc, &ev_type_StopAsyncIteration)) {
            ev_obj *saved = I->handling;
            I->exc = EV_NONE;
            I->handling = exc.u.o;
            cl_raise_from_none(I, "generator didn't yield");
            I->handling = saved;
            ev_decref(I, exc);
        }
        break;
    case K_AEXIT_NONE:
        if (r == 0) {
            ev_raise(I, &ev_type_RuntimeError, "generator didn't stop");
        } else if (cl_exc_is(exc, &ev_type_StopAsyncIteration)) {
            I->exc = EV_NONE;
            ev_decref(I, exc);
            res = EV_FALSE;
        }
        break;
    case K_AEXIT_THROW: {
        if (r == 0) {
            ev_raise(I, &ev_type_RuntimeError, "generator didn't stop after athrow()");
            break;
        }
        ev_value tb = c->slots[AW_MGR]; /* the traceback __aexit__ was given */
        bool same = value.tag == EV_T_OBJ && exc.tag == EV_T_OBJ && exc.u.o == value.u.o;
        if (cl_exc_is(exc, &ev_type_StopAsyncIteration)) {
            I->exc = EV_NONE;
            ev_decref(I, exc);
            res = ev_bool(!same);
        } else if (cl_exc_is(exc, &ev_type_RuntimeError)) {
            ev_exc *e = (ev_exc *)exc.u.o;
            if (same) {
                I->exc = EV_NONE;
                res = cl_reset_tb(I, exc, tb) ? EV_ERR : EV_FALSE;
                ev_decref(I, exc);
            } else if ((cl_exc_is(value, &ev_type_StopIteration) || cl_exc_is(value, &ev_type_StopAsyncIteration)) &&
                       e->cause.tag == EV_T_OBJ && e->cause.u.o == value.u.o) {
                I->exc = EV_NONE;
                res = cl_reset_tb(I, value, tb) ? EV_ERR : EV_FALSE;
                ev_decref(I, exc);
            }
        } else if (same) {
            I->exc = EV_NONE;
            res = cl_reset_tb(I, exc, tb) ? EV_ERR : EV_FALSE;
            ev_decref(I, exc);
        }
        break;
    }
    case K_DISCARD:
        if (r == 0)
            res = EV_NONE;
        break;
    case K_ENTER_CM:
        if (r == 0) {
            /* self._push_async_cm_exit(cm, _exit): MethodType(_exit, cm) */
            ev_value m = cls_method_new(I, c->slots[AW_D1], c->slots[AW_D0]);
            int e = EV_IS_ERR(m) || cl_push_exit_callback(I, c->slots[AW_MGR], m, false);
            if (!EV_IS_ERR(m))
                ev_decref(I, m);
            if (e)
                ev_decref(I, out);
            else
                res = out;
        }
        break;
    default:
        ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited coroutine");
        break;
    }
    ev_decref(I, value);
    for (int i = AW_D0; i < AW_NSLOTS; i++) {
        ev_value v = c->slots[i];
        c->slots[i] = EV_NONE;
        ev_decref(I, v);
    }
    if (EV_IS_ERR(res))
        return EV_ERR;
    return ev_raise_stop(I, res);
}

/* one step of the inner iterator, as await's delegation does: 1 yielded,
 * 0 returned (*out its value), -1 raised */
static int inner_step(ev_interp *I, ev_value it, bool thr, int argc, const ev_value *argv, ev_value sent,
                      ev_value *out)
{
    int r;
    if (thr) {
        ev_value v;
        if (ev_is(it, EV_O_GEN)) {
            v = ev_gen_throw(I, (ev_gen *)it.u.o, argc, argv);
        } else {
            v = ev_us_callm(I, it, "throw", argc, argv, NULL);
        }
        if (!EV_IS_ERR(v)) {
            *out = v;
            return 1;
        }
        return ev_take_stop_value(I, out) ? 0 : -1;
    }
    if (ev_is(it, EV_O_GEN))
        return ev_gen_resume(I, (ev_gen *)it.u.o, sent, false, out);
    if (ev_is_awaiter(it))
        return ev_awaiter_send(I, it, sent, out);
    if (sent.tag != EV_T_NONE) {
        *out = ev_us_callm(I, it, "send", 1, &sent, NULL);
        r = EV_IS_ERR(*out) ? -1 : 1;
    } else if (ev_is_user(it) && !(it.u.o->flags & EV_OBJ_SUB)) {
        /* __next__ itself: its StopIteration carries the result */
        r = ev_dunder(I, it, EV_DN_NEXT, 0, NULL, out);
        if (r == 0) {
            ev_raise(I, &ev_type_TypeError, "'%s' object is not an iterator", ev_type_name(it));
            r = -1;
        }
    } else {
        r = ev_next_raw(I, it, out);
        if (r == 0)
            *out = EV_NONE;
    }
    if (r < 0 && ev_take_stop_value(I, out))
        r = 0;
    return r;
}

/* ---- AsyncExitStack.__aexit__ ------------------------------------------------------------------- */

/* a callback's outcome (r 0: returned out, owned; r -1: raised) folded into
 * the details, as ExitStack.__exit__'s loop body: 0, or -1 on a limit */
static int es_outcome(ev_interp *I, ev_cinstance *c, int r, ev_value out)
{
    int64_t fl = c->slots[AW_X].u.i;
    if (r == 0) {
        int t = ev_truth(I, out);
        ev_decref(I, out);
        if (t > 0) {
            fl = (fl | ES_SUPPRESSED) & ~(int64_t)ES_PENDING;
            for (int i = AW_D0; i <= AW_D2; i++) {
                ev_value v = c->slots[i];
                c->slots[i] = EV_NONE;
                ev_decref(I, v);
            }
            c->slots[AW_X] = ev_int(fl);
            return 0;
        }
        if (t == 0)
            return 0;
    }
    if (I->limit)
        return -1;
    ev_value exc = I->exc;
    I->exc = EV_NONE;
    ev_value frame = c->slots[AW_VALUE];
    cl_fix_context(I, exc, c->slots[AW_D1], frame.tag == EV_T_OBJ ? frame.u.o : NULL);
    ev_value tb = ev_traceback_new(I, exc);
    if (EV_IS_ERR(tb)) {
        ev_decref(I, exc);
        return -1;
    }
    ev_value old[3] = {c->slots[AW_D0], c->slots[AW_D1], c->slots[AW_D2]};
    c->slots[AW_D0] = ev_dup(ev_obj_val(&ev_type_of(exc)->h));
    c->slots[AW_D1] = exc;
    c->slots[AW_D2] = tb;
    c->slots[AW_X] = ev_int(fl | ES_PENDING);
    for (int i = 0; i < 3; i++)
        ev_decref(I, old[i]);
    return 0;
}

/* runs callbacks until one's awaitable yields (1, *out the value) or the
 * stack is empty (EV_ERR with StopIteration(result) or the exception) */
static int es_run(ev_interp *I, ev_cinstance *c, ev_value *out)
{
    for (;;) {
        if (ev_tick(I))
            return -1;
        ev_value cbs = get(I, c->slots[AW_MGR], "_exit_callbacks");
        if (EV_IS_ERR(cbs))
            return -1;
        int t = ev_truth(I, cbs);
        if (t <= 0) {
            ev_decref(I, cbs);
            if (t < 0)
                return -1;
            break;
        }
        ev_value item = ev_us_callm(I, cbs, "pop", 0, NULL, NULL);
        ev_decref(I, cbs);
        if (EV_IS_ERR(item))
            return -1;
        if (!ev_is(item, EV_O_TUPLE) || ev_as_tuple(item)->len != 2) {
            ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(item));
            ev_decref(I, item);
            return -1;
        }
        int is_sync = ev_truth(I, ev_as_tuple(item)->items[0]);
        ev_value cb = ev_dup(ev_as_tuple(item)->items[1]);
        ev_decref(I, item);
        if (is_sync < 0) {
            ev_decref(I, cb);
            return -1;
        }
        ev_value det[3] = {ev_dup(c->slots[AW_D0]), ev_dup(c->slots[AW_D1]), ev_dup(c->slots[AW_D2])};
        ev_value r = ev_call(I, cb, 3, det, 0, NULL, NULL);
        ev_decref(I, cb);
        for (int i = 0; i < 3; i++)
            ev_decref(I, det[i]);
        if (!is_sync && !EV_IS_ERR(r)) {
            ev_value it = ev_await_iter(I, r, EV_AWAIT_EXPR);
            ev_decref(I, r);
            if (!EV_IS_ERR(it)) {
                ev_value v;
                int s = inner_step(I, it, false, 0, NULL, EV_NONE, &v);
                if (s == 1) {
                    ev_value prev = c->slots[AW_INNER];
                    c->slots[AW_INNER] = it;
                    ev_decref(I, prev);
                    *out = v;
                    return 1;
                }
                ev_decref(I, it);
                if (es_outcome(I, c, s, s == 0 ? v : EV_NONE))
                    return -1;
                continue;
            }
            r = EV_ERR;
        }
        if (es_outcome(I, c, EV_IS_ERR(r) ? -1 : 0, r))
            return -1;
    }
    int64_t fl = c->slots[AW_X].u.i;
    if (fl & ES_PENDING) {
        /* raise exc_details[1], its __context__ kept */
        ev_value exc = c->slots[AW_D1];
        c->slots[AW_D1] = EV_NONE;
        ev_decref(I, I->exc);
        I->exc = exc;
        return -1;
    }
    ev_raise_stop(I, ev_bool((fl & ES_RECEIVED) && (fl & ES_SUPPRESSED)));
    return -1;
}

/* K_ES_EXIT's step: the running callback's awaitable first, then the rest */
static ev_value es_step(ev_interp *I, ev_cinstance *c, bool thr, int argc, const ev_value *argv, ev_value sent)
{
    ev_value inner = c->slots[AW_INNER];
    ev_value out;
    if (inner.tag != EV_T_NONE) {
        ev_incref(inner);
        int s = inner_step(I, inner, thr, argc, argv, sent, &out);
        ev_decref(I, inner);
        if (s == 1)
            return out;
        ev_value prev = c->slots[AW_INNER];
        c->slots[AW_INNER] = EV_NONE;
        ev_decref(I, prev);
        if (es_outcome(I, c, s, s == 0 ? out : EV_NONE))
            goto done;
    }
    if (es_run(I, c, &out) == 1)
        return out;
done:
    c->slots[AW_KIND] = ev_int(K_DONE);
    for (int i = AW_INNER; i < AW_NSLOTS; i++) {
        if (i == AW_KIND)
            continue;
        ev_value v = c->slots[i];
        c->slots[i] = EV_NONE;
        ev_decref(I, v);
    }
    return EV_ERR;
}

/* ---- AsyncContextDecorator's inner --------------------------------------------------------------- */

/* K_DECO: AW_MGR the manager, AW_VALUE its bound __aexit__, AW_D0 func,
 * AW_D1 args (then the body's result), AW_D2 kwds (then the body's
 * exception), AW_X the phase */
enum { P_ENTER, P_BODY, P_EXIT_OK, P_EXIT_EXC };

static void slot_set(ev_interp *I, ev_cinstance *c, int i, ev_value v_steal)
{
    ev_value prev = c->slots[i];
    c->slots[i] = v_steal;
    ev_decref(I, prev);
}

/* the awaitable aw (consumed) becomes the inner one and takes its first
 * step: 1 yielded (*out), 0 returned (*out), -1 raised */
static int deco_start(ev_interp *I, ev_cinstance *c, ev_value aw, ev_value *out)
{
    if (EV_IS_ERR(aw))
        return -1;
    ev_value it = ev_await_iter(I, aw, EV_AWAIT_EXPR);
    ev_decref(I, aw);
    if (EV_IS_ERR(it))
        return -1;
    slot_set(I, c, AW_INNER, it);
    ev_incref(it);
    int s = inner_step(I, it, false, 0, NULL, EV_NONE, out);
    ev_decref(I, it);
    return s;
}

/* the first step: type(cm)'s __aenter__ and __aexit__, as async with finds them */
static int deco_enter(ev_interp *I, ev_cinstance *c, ev_value *out)
{
    ev_value cm = c->slots[AW_MGR];
    ev_type *t = ev_type_of(cm);
    ev_str *en = ev_intern(I, "__aenter__", 10), *xn = ev_intern(I, "__aexit__", 9);
    if (!en || !xn)
        return -1;
    bool has_enter = ev_type_lookup(t, en) != NULL, has_exit = ev_type_lookup(t, xn) != NULL;
    if (!has_enter || !has_exit) {
        ev_raise(I, &ev_type_TypeError, "'%s' object does not support the asynchronous context manager protocol%s",
                 t->name, has_enter ? " (missed __aexit__ method)" : "");
        return -1;
    }
    ev_value exitm = ev_getattr(I, cm, xn);
    if (EV_IS_ERR(exitm))
        return -1;
    slot_set(I, c, AW_VALUE, exitm);
    return deco_start(I, c, ev_us_callm(I, cm, "__aenter__", 0, NULL, NULL), out);
}

/* the inner awaitable of the phase ended (s 0 with out, or -1 raised):
 * start the next phase's; 1 yielded (*out), or the end: -1 with
 * StopIteration(result) or the exception pending */
static int deco_next(ev_interp *I, ev_cinstance *c, int s, ev_value out, ev_value *yielded)
{
    for (;;) {
        if (s == 1) {
            *yielded = out;
            return 1;
        }
        slot_set(I, c, AW_INNER, EV_NONE);
        int64_t phase = c->slots[AW_X].u.i;
        if (s < 0 && (I->limit || phase != P_BODY))
            return -1;
        if (phase == P_ENTER) {
            ev_decref(I, out);
            c->slots[AW_X] = ev_int(P_BODY);
            ev_value f = ev_dup(c->slots[AW_D0]), args = ev_dup(c->slots[AW_D1]), kwds = ev_dup(c->slots[AW_D2]);
            ev_value aw = cl_call_parts(I, f, args, kwds);
            ev_decref(I, f);
            ev_decref(I, args);
            ev_decref(I, kwds);
            s = EV_IS_ERR(aw) ? -1 : deco_start(I, c, aw, &out);
            if (s < 0 && !I->limit)
                continue; /* the body's exception goes to __aexit__ */
            continue;
        }
        if (phase == P_BODY) {
            ev_value none3[3] = {EV_NONE, EV_NONE, EV_NONE};
            ev_value exitm = ev_dup(c->slots[AW_VALUE]);
            if (s == 0) {
                slot_set(I, c, AW_D1, out);
                c->slots[AW_X] = ev_int(P_EXIT_OK);
                s = deco_start(I, c, ev_call(I, exitm, 3, none3, 0, NULL, NULL), &out);
            } else {
                ev_value exc = I->exc;
                I->exc = EV_NONE;
                slot_set(I, c, AW_D2, exc);
                c->slots[AW_X] = ev_int(P_EXIT_EXC);
                ev_obj *saved = I->handling;
                I->handling = exc.u.o;
                ev_value tb = ev_traceback_new(I, exc);
                ev_value a[3] = {ev_obj_val(&ev_type_of(exc)->h), exc, tb};
                s = EV_IS_ERR(tb) ? -1 : deco_start(I, c, ev_call(I, exitm, 3, a, 0, NULL, NULL), &out);
                I->handling = saved;
                if (!EV_IS_ERR(tb))
                    ev_decref(I, tb);
            }
            ev_decref(I, exitm);
            continue;
        }
        if (phase == P_EXIT_OK) {
            ev_decref(I, out);
            ev_value res = c->slots[AW_D1];
            c->slots[AW_D1] = EV_NONE;
            ev_raise_stop(I, res);
            return -1;
        }
        /* P_EXIT_EXC: a true __aexit__ result suppresses the body's exception */
        int t = ev_truth(I, out);
        ev_decref(I, out);
        if (t < 0)
            return -1;
        if (t) {
            ev_raise_stop(I, EV_NONE);
            return -1;
        }
        ev_value exc = c->slots[AW_D2];
        c->slots[AW_D2] = EV_NONE;
        ev_decref(I, I->exc);
        I->exc = exc;
        return -1;
    }
}

static ev_value deco_step(ev_interp *I, ev_cinstance *c, bool thr, int argc, const ev_value *argv, ev_value sent)
{
    ev_value out = EV_NONE, y;
    int s;
    ev_value inner = c->slots[AW_INNER];
    if (inner.tag == EV_T_NONE) {
        s = deco_enter(I, c, &out);
    } else {
        ev_incref(inner);
        s = inner_step(I, inner, thr, argc, argv, sent, &out);
        ev_decref(I, inner);
    }
    if (deco_next(I, c, s, s >= 0 ? out : EV_NONE, &y) == 1)
        return y;
    c->slots[AW_KIND] = ev_int(K_DONE);
    for (int i = AW_INNER; i < AW_NSLOTS; i++)
        if (i != AW_KIND)
            slot_set(I, c, i, EV_NONE);
    return EV_ERR;
}

static ev_value aw_drive(ev_interp *I, ev_value self, bool thr, int argc, const ev_value *argv, ev_value sent)
{
    ev_cinstance *c = aw_of(I, self);
    if (!c)
        return EV_ERR;
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r = EV_ERR;
    int kind = (int)c->slots[AW_KIND].u.i;
    ev_value inner = c->slots[AW_INNER];
    if (kind == K_DONE) {
        if (thr)
            goto throw_in;
        r = ev_raise(I, &ev_type_RuntimeError, "cannot reuse already awaited coroutine");
    } else if (kind == K_DECO) {
        if (thr && inner.tag == EV_T_NONE) {
            c->slots[AW_KIND] = ev_int(K_DONE);
            goto throw_in;
        }
        ev_incref(self);
        r = deco_step(I, c, thr, argc, argv, sent);
        ev_decref(I, self);
    } else if (kind == K_ES_EXIT) {
        if (thr && inner.tag == EV_T_NONE) {
            c->slots[AW_KIND] = ev_int(K_DONE);
            goto throw_in;
        }
        ev_incref(self);
        r = es_step(I, c, thr, argc, argv, sent);
        ev_decref(I, self);
    } else if (inner.tag == EV_T_NONE) {
        if (thr) {
            c->slots[AW_KIND] = ev_int(K_DONE);
            goto throw_in;
        }
        r = aw_finish(I, c, 0, EV_NONE);
    } else {
        ev_value out;
        ev_incref(self);
        ev_incref(inner);
        int s = inner_step(I, inner, thr, argc, argv, sent, &out);
        ev_decref(I, inner);
        /* the step ran code: the slots are re-read through c, held by self */
        r = s == 1 ? out : aw_finish(I, c, s, s == 0 ? out : EV_NONE);
        ev_decref(I, self);
    }
    ev_recursion_leave(I);
    return r;
throw_in:
    ev_recursion_leave(I);
    /* a coroutine that never started (or is done) raises what is thrown in */
    if (argc > 1 && ev_is(argv[1], EV_O_EXC))
        return ev_raise_value(I, ev_dup(argv[1]));
    if (ev_is(argv[0], EV_O_EXC))
        return ev_raise_value(I, ev_dup(argv[0]));
    ev_value e = ev_call(I, argv[0], argc > 1 && argv[1].tag != EV_T_NONE ? 1 : 0, argv + 1, 0, NULL, NULL);
    if (EV_IS_ERR(e))
        return e;
    if (!ev_is(e, EV_O_EXC)) {
        ev_decref(I, e);
        return ev_raise(I, &ev_type_TypeError, "exceptions must derive from BaseException");
    }
    return ev_raise_value(I, e);
}

static ev_value aw_await(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aw_of(I, self) ? ev_dup(self) : EV_ERR;
}

static ev_value aw_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return aw_drive(I, self, false, 0, NULL, EV_NONE);
}

static ev_value aw_send(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "send() takes exactly one argument (%d given)", argc);
    return aw_drive(I, self, false, 0, NULL, argv[0]);
}

static ev_value aw_throw(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || argc > 3 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "throw expected at least 1 argument, got %d", argc);
    return aw_drive(I, self, true, argc > 2 ? 2 : argc, argv, EV_NONE);
}

static ev_value aw_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *c = aw_of(I, self);
    if (!c)
        return EV_ERR;
    ev_value inner = c->slots[AW_INNER];
    c->slots[AW_INNER] = EV_NONE;
    c->slots[AW_KIND] = ev_int(K_DONE);
    if (inner.tag == EV_T_NONE)
        return EV_NONE;
    ev_value r = ev_is(inner, EV_O_GEN) ? ev_gen_close(I, (ev_gen *)inner.u.o) : EV_NONE;
    if (!ev_is(inner, EV_O_GEN)) {
        ev_str *k = ev_intern(I, "close", 5);
        ev_value m = k ? ev_getattr(I, inner, k) : EV_ERR;
        if (EV_IS_ERR(m)) {
            r = ev_us_catch(I, &ev_type_AttributeError) ? EV_NONE : EV_ERR;
        } else {
            r = ev_call(I, m, 0, NULL, 0, NULL, NULL);
            ev_decref(I, m);
        }
    }
    ev_decref(I, inner);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return EV_NONE;
}

/* <coroutine object QUAL at 0x...>, as the async def's coroutine */
static ev_value aw_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_cinstance *c = aw_of(I, self);
    if (!c)
        return EV_ERR;
    static const char *const quals[] = {"AbstractAsyncContextManager.__aenter__",
                                        "_AsyncGeneratorContextManager.__aenter__",
                                        "_AsyncGeneratorContextManager.__aexit__",
                                        "_AsyncGeneratorContextManager.__aexit__", "aclosing.__aexit__",
                                        "AsyncExitStack.enter_async_context", "AsyncExitStack.__aexit__",
                                        "AsyncContextDecorator.__call__.<locals>.inner",
                                        "coroutine"};
    int64_t k = c->slots[AW_KIND].u.i;
    char buf[160];
    snprintf(buf, sizeof buf, "<coroutine object %s at 0x%llx>", quals[k >= 0 && k <= K_DONE ? k : K_DONE],
             (unsigned long long)ev_object_id(self));
    return ev_str_from_cstr(I, buf);
}

static const cl_method aw_methods[] = {
    CL_M("__await__", aw_await), CL_M("__iter__", aw_await), CL_M("__next__", aw_next),
    CL_M("send", aw_send),       CL_M("throw", aw_throw),    CL_M("close", aw_close),
    CL_M("__repr__", aw_repr),   CL_END,
};

/* ---- the classes ------------------------------------------------------------------------------- */

CL_FN(aacm_aenter)
{
    static const ev_us_sig sig = {"AbstractAsyncContextManager.__aenter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return aw_new(I, K_RESULT, EV_NONE, self, self);
}

CL_FN(aacm_aexit)
{
    static const ev_us_sig sig = {"AbstractAsyncContextManager.__aexit__", {"exc_type", "exc_value", "traceback"},
                                  3, 0, false, false};
    BIND(sig, a);
    (void)a;
    return aw_new(I, K_RESULT, EV_NONE, self, EV_NONE);
}

static ev_value aacm_hook(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const m[] = {"__aenter__", "__aexit__", NULL};
    return cl_hook(I, argc, argv, kw, "AbstractAsyncContextManager.__subclasshook__", "AbstractAsyncContextManager",
                   m);
}

CL_FN(acd_recreate)
{
    static const ev_us_sig sig = {"AsyncContextDecorator._recreate_cm", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return ev_dup(self);
}

CL_FN(acd_call)
{
    static const ev_us_sig sig = {"AsyncContextDecorator.__call__", {"func"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value w = cl_fo_make(I, "_AsyncContextDecorator_inner", self, a[0], EV_NONE);
    if (EV_IS_ERR(w))
        return w;
    ev_value wa[2] = {w, a[0]};
    ev_value r = fn_update_wrapper(I, EV_NONE, 2, wa, NULL);
    ev_decref(I, w);
    return r;
}

/* inner(*args, **kwds): the coroutine of `async with self._recreate_cm(): return await func(...)` */
CL_FN(adinner_call)
{
    ev_value args, kwds;
    if (cl_pack_args(I, argc, argv, kw, &args, &kwds))
        return EV_ERR;
    ev_value cm = ev_us_callm(I, cl_fo_slot(self, 0), "_recreate_cm", 0, NULL, NULL);
    ev_value aw = EV_IS_ERR(cm) ? cm : aw_new(I, K_DECO, EV_NONE, cm, EV_NONE);
    if (!EV_IS_ERR(aw)) {
        ev_cinstance *c = ev_as_cinstance(aw);
        c->slots[AW_D0] = ev_dup(cl_fo_slot(self, 1));
        c->slots[AW_D1] = args;
        c->slots[AW_D2] = kwds;
        c->slots[AW_X] = ev_int(P_ENTER);
    } else {
        ev_decref(I, args);
        ev_decref(I, kwds);
    }
    if (!EV_IS_ERR(cm))
        ev_decref(I, cm);
    return aw;
}

ev_value cl_asynccontextmanager(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"asynccontextmanager", {"func"}, 1, 0, false, false};
    if (argc > 1) /* a def: no self in the count */
        return ev_raise(I, &ev_type_TypeError, "asynccontextmanager() takes 1 positional argument but %d were given", argc);
    BIND(sig, a);
    return cl_helper_new(I, a[0], "_AsyncGeneratorContextManager");
}

CL_FN(agcm_aenter)
{
    static const ev_us_sig sig = {"_AsyncGeneratorContextManager.__aenter__", {NULL}, 0, 0, false, false};
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
    ev_value aw = ev_builtin_anext(I, EV_NONE, 1, &gen, NULL);
    ev_decref(I, gen);
    if (EV_IS_ERR(aw))
        return aw;
    ev_value r = aw_new(I, K_AENTER, aw, self, EV_NONE);
    ev_decref(I, aw);
    return r;
}

CL_FN(agcm_aexit)
{
    static const ev_us_sig sig = {"_AsyncGeneratorContextManager.__aexit__", {"typ", "value", "traceback"}, 3, 0,
                                  false, false};
    BIND(sig, a);
    ev_value gen = get(I, self, "gen");
    if (EV_IS_ERR(gen))
        return gen;
    if (a[0].tag == EV_T_NONE) {
        ev_value aw = ev_builtin_anext(I, EV_NONE, 1, &gen, NULL);
        ev_decref(I, gen);
        if (EV_IS_ERR(aw))
            return aw;
        ev_value r = aw_new(I, K_AEXIT_NONE, aw, self, EV_NONE);
        ev_decref(I, aw);
        return r;
    }
    ev_value value = ev_dup(a[1]);
    if (value.tag == EV_T_NONE) {
        /* instantiated, so that the same exception can be recognized coming back */
        value = ev_call(I, a[0], 0, NULL, 0, NULL, NULL);
        if (EV_IS_ERR(value)) {
            ev_decref(I, gen);
            return value;
        }
    }
    ev_value targs[2] = {a[0], value};
    ev_value aw = ev_us_callm(I, gen, "athrow", 2, targs, NULL);
    ev_decref(I, gen);
    ev_value r = EV_IS_ERR(aw) ? aw : aw_new(I, K_AEXIT_THROW, aw, a[2], value);
    if (!EV_IS_ERR(aw))
        ev_decref(I, aw);
    ev_decref(I, value);
    return r;
}

CL_FN(aclosing_init)
{
    static const ev_us_sig sig = {"aclosing.__init__", {"thing"}, 1, 0, false, false};
    BIND(sig, a);
    return set(I, self, "thing", a[0]) ? EV_ERR : EV_NONE;
}

CL_FN(aclosing_aenter)
{
    static const ev_us_sig sig = {"aclosing.__aenter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value thing = get(I, self, "thing");
    if (EV_IS_ERR(thing))
        return thing;
    ev_value r = aw_new(I, K_RESULT, EV_NONE, self, thing);
    ev_decref(I, thing);
    return r;
}

CL_FN(aclosing_aexit)
{
    static const ev_us_sig sig = {"aclosing.__aexit__", {NULL}, 0, 0, true, false};
    BIND(sig, a);
    (void)a;
    ev_value thing = get(I, self, "thing");
    if (EV_IS_ERR(thing))
        return thing;
    ev_value aw = ev_us_callm(I, thing, "aclose", 0, NULL, NULL);
    ev_decref(I, thing);
    if (EV_IS_ERR(aw))
        return aw;
    ev_value r = aw_new(I, K_DISCARD, aw, self, EV_NONE);
    ev_decref(I, aw);
    return r;
}

ev_value cl_null_aenter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"nullcontext.__aenter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value v = get(I, self, "enter_result");
    if (EV_IS_ERR(v))
        return v;
    ev_value r = aw_new(I, K_RESULT, EV_NONE, self, v);
    ev_decref(I, v);
    return r;
}

ev_value cl_null_aexit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"nullcontext.__aexit__", {NULL}, 0, 0, true, false};
    BIND(sig, a);
    (void)a;
    return aw_new(I, K_RESULT, EV_NONE, self, EV_NONE);
}

CL_FN(aes_aenter)
{
    static const ev_us_sig sig = {"AsyncExitStack.__aenter__", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    return aw_new(I, K_RESULT, EV_NONE, self, self);
}

CL_FN(aes_aexit)
{
    static const ev_us_sig sig = {"AsyncExitStack.__aexit__", {NULL}, 0, 0, true, false};
    BIND(sig, a0);
    (void)a0;
    ev_value aw = aw_new(I, K_ES_EXIT, EV_NONE, self, ev_handled(I) ? ev_obj_val(ev_handled(I)) : EV_NONE);
    if (EV_IS_ERR(aw))
        return aw;
    ev_cinstance *c = ev_as_cinstance(aw);
    for (int i = 0; i < 3; i++)
        c->slots[AW_D0 + i] = i < argc ? ev_dup(argv[i]) : EV_NONE;
    c->slots[AW_X] = ev_int(c->slots[AW_D0].tag != EV_T_NONE ? ES_RECEIVED : 0);
    return aw;
}

CL_FN(aes_aclose)
{
    static const ev_us_sig sig = {"AsyncExitStack.aclose", {NULL}, 0, 0, false, false};
    BIND(sig, a);
    (void)a;
    ev_value none3[3] = {EV_NONE, EV_NONE, EV_NONE};
    ev_value inner = ev_us_callm(I, self, "__aexit__", 3, none3, NULL);
    if (EV_IS_ERR(inner))
        return inner;
    ev_value r = aw_new(I, K_DISCARD, inner, self, EV_NONE);
    ev_decref(I, inner);
    return r;
}

CL_FN(aes_enter_async_context)
{
    static const ev_us_sig sig = {"AsyncExitStack.enter_async_context", {"cm"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value cm = a[0];
    ev_value en = cl_type_attr(I, cm, "__aenter__");
    ev_value ex = EV_IS_ERR(en) ? EV_ERR : cl_type_attr(I, cm, "__aexit__");
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
            ev_raise(I, &ev_type_TypeError,
                     "'%s.%s' object does not support the asynchronous context manager protocol",
                     ev_as_str(ms)->data, ev_as_str(qs)->data);
            if (ev_is(I->exc, EV_O_EXC))
                ((ev_exc *)I->exc.u.o)->suppress_context = true;
        }
        ev_value held[4] = {mod, q, ms, qs};
        for (int i = 0; i < 4; i++)
            if (!EV_IS_ERR(held[i]))
                ev_decref(I, held[i]);
        return EV_ERR;
    }
    ev_value aw = ev_call(I, en, 1, &cm, 0, NULL, NULL);
    ev_decref(I, en);
    ev_value r = EV_IS_ERR(aw) ? aw : aw_new(I, K_ENTER_CM, aw, self, EV_NONE);
    if (!EV_IS_ERR(aw))
        ev_decref(I, aw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, ex);
        return r;
    }
    ev_as_cinstance(r)->slots[AW_D0] = ev_dup(cm);
    ev_as_cinstance(r)->slots[AW_D1] = ex;
    return r;
}

CL_FN(aes_push_async_exit)
{
    static const ev_us_sig sig = {"AsyncExitStack.push_async_exit", {"exit"}, 1, 0, false, false};
    BIND(sig, a);
    ev_value ex = cl_type_attr(I, a[0], "__aexit__");
    int e;
    if (EV_IS_ERR(ex)) {
        if (!ev_us_catch(I, &ev_type_AttributeError))
            return EV_ERR;
        e = cl_push_exit_callback(I, self, a[0], false); /* not a context manager: a coroutine function */
    } else {
        ev_value m = cls_method_new(I, ex, a[0]);
        ev_decref(I, ex);
        e = EV_IS_ERR(m) || cl_push_exit_callback(I, self, m, false);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
    }
    return e ? EV_ERR : ev_dup(a[0]);
}

CL_FN(aes_push_async_callback)
{
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError,
                        "AsyncExitStack.push_async_callback() missing 1 required positional argument: 'callback'");
    ev_value args, kwds;
    if (cl_pack_args(I, argc - 1, argv + 1, kw, &args, &kwds))
        return EV_ERR;
    ev_value w = cl_fo_make(I, "_async_exit_wrapper", argv[0], args, kwds);
    ev_decref(I, args);
    ev_decref(I, kwds);
    if (EV_IS_ERR(w))
        return w;
    int e = set(I, w, "__wrapped__", argv[0]) || cl_push_exit_callback(I, self, w, false);
    ev_decref(I, w);
    return e ? EV_ERR : ev_dup(argv[0]);
}

/* _create_async_cb_wrapper's _exit_wrapper(exc_type, exc, tb): await callback(*args, **kwds) */
static const ev_us_sig sig_async_exit_wrapper = {"AsyncExitStack._create_async_cb_wrapper.<locals>._exit_wrapper",
                                                 {"exc_type", "exc", "tb"}, 3, 0, false, false};
CL_FN(acbwrap_call)
{
    BIND(sig_async_exit_wrapper, a);
    (void)a;
    ev_value inner = cl_call_parts(I, cl_fo_slot(self, 0), cl_fo_slot(self, 1), cl_fo_slot(self, 2));
    if (EV_IS_ERR(inner))
        return inner;
    ev_value r = aw_new(I, K_DISCARD, inner, self, EV_NONE);
    ev_decref(I, inner);
    return r;
}

static const cl_method aacm_methods[] = {
    CL_M("__aenter__", aacm_aenter), CL_A("__aexit__", aacm_aexit), CL_C("__subclasshook__", aacm_hook),
    CL_C("__class_getitem__", ev_us_class_getitem), CL_END,
};
static const cl_method acd_methods[] = {CL_M("_recreate_cm", acd_recreate), CL_M("__call__", acd_call), CL_END};
static const cl_method agcm_methods[] = {CL_M("__aenter__", agcm_aenter), CL_M("__aexit__", agcm_aexit), CL_END};
static const cl_method aclosing_methods[] = {
    CL_M("__init__", aclosing_init), CL_M("__aenter__", aclosing_aenter), CL_M("__aexit__", aclosing_aexit), CL_END,
};
static const cl_method aes_methods[] = {
    CL_M("__aenter__", aes_aenter),
    CL_M("__aexit__", aes_aexit),
    CL_M("aclose", aes_aclose),
    CL_M("enter_async_context", aes_enter_async_context),
    CL_M("push_async_exit", aes_push_async_exit),
    CL_M("push_async_callback", aes_push_async_callback),
    CL_END,
};
static const cl_method adinner_methods[] = {
    CL_M("__call__", adinner_call), CL_M("__get__", cl_fo_get), CL_M("__repr__", cl_fo_repr), CL_END,
};
static const cl_method acbwrap_methods[] = {
    CL_M("__call__", acbwrap_call), CL_M("__get__", cl_fo_get), CL_M("__repr__", cl_fo_repr), CL_END,
};

int cl_async_init(ev_interp *I, ev_dict *ns, ev_type *abcm)
{
    static const char *const root[] = {"@root", NULL};
    static const char *const aacm[] = {"AbstractAsyncContextManager", NULL};
    static const char *const agcm[] = {"_GeneratorContextManagerBase", "AbstractAsyncContextManager",
                                       "AsyncContextDecorator", NULL};
    static const char *const aes[] = {"_BaseExitStack", "AbstractAsyncContextManager", NULL};
    static const char *const fn_root[] = {"@root", NULL};
    return cl_class(I, ns, "_awaitable", NULL, root, &aw_root, NULL, aw_methods, NULL, false) ||
           cl_class(I, ns, "_async_exit_wrapper", NULL, fn_root, &cl_fo_root, NULL, acbwrap_methods, NULL, false) ||
           cl_class(I, ns, "_AsyncContextDecorator_inner", NULL, fn_root, &cl_fo_root, NULL, adinner_methods, NULL,
                    false) ||
           cl_class(I, ns, "AbstractAsyncContextManager", abcm, NULL, NULL,
                    "An abstract base class for asynchronous context managers.", aacm_methods, NULL, true) ||
           cl_class(I, ns, "AsyncContextDecorator", NULL, NULL, NULL,
                    "A base class or mixin that enables async context managers to work as decorators.", acd_methods,
                    NULL, false) ||
           cl_class(I, ns, "_AsyncGeneratorContextManager", abcm, agcm, NULL,
                    "Helper for @asynccontextmanager decorator.", agcm_methods, NULL, true) ||
           cl_class(I, ns, "aclosing", abcm, aacm, NULL,
                    "Async context manager for safely finalizing an asynchronously cleaned-up\n    resource such as "
                    "an async generator, calling its ``aclose()`` method.",
                    aclosing_methods, NULL, true) ||
           cl_class(I, ns, "AsyncExitStack", abcm, aes, NULL,
                    "Async context manager for dynamic management of a stack of exit\n    callbacks.", aes_methods,
                    NULL, true);
}
