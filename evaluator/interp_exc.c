/*
 * interp_exc.c - the exception statements: try/except/else/finally (except
 * clauses matched as CPython, the exception being handled kept for a bare
 * raise and for implicit chaining), with (__enter__/__exit__, suppression),
 * and raise (from, implicit __context__).
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/interp_int.h"
#include "evaluator/gen.h"

static int exc_matches(ev_interp *I, ev_value exc, ev_value cls)
{
    ev_type *t = ev_type_of(exc);
    const ev_value *c = &cls;
    size_t n = 1;
    if (ev_is(cls, EV_O_TUPLE)) {
        c = ev_as_tuple(cls)->items;
        n = ev_as_tuple(cls)->len;
    }
    /* every class is checked before any matches, as CPython */
    for (size_t i = 0; i < n; i++) {
        if (!ev_is(c[i], EV_O_TYPE) || !ev_type_is_subclass((ev_type *)c[i].u.o, &ev_type_BaseException)) {
            ev_raise(I, &ev_type_TypeError,
                     "catching classes that do not inherit from BaseException is not allowed");
            return -1;
        }
    }
    for (size_t i = 0; i < n; i++)
        if (ev_type_is_subclass(t, (ev_type *)c[i].u.o))
            return 1;
    return 0;
}

xstatus ix_exec_try(ev_interp *I, frame *F, const ev_node *n)
{
    xstatus st = ix_exec_block(I, F, n->a);
    if (st == X_ERROR && !I->limit && n->n > 0) {
        ev_value exc = I->exc;
        I->exc = EV_NONE;
        bool handled = false;
        /* exc is owned here until it is released or raised again; a
         * generator may be suspended in an except clause's class or body */
        ix_hold hold;
        ix_hold_push(F, &hold, &exc, NULL);
        for (uint32_t i = 0; i < n->n; i++) {
            const ev_node *h = n->list[i];
            int m = 1;
            if (h->a) {
                /* the exception is being handled while the clause's class is
                 * evaluated and matched (an error there chains to it), and
                 * such an error still runs the finally block */
                ev_obj *saved_h = I->handling;
                const ev_node *cur = F->f.cur;
                I->handling = exc.u.o;
                F->f.cur = h;
                ev_value cls = ix_eval(I, F, h->a);
                m = EV_IS_ERR(cls) ? -1 : exc_matches(I, exc, cls);
                ev_decref(I, cls);
                I->handling = saved_h;
                F->f.cur = cur;
                if (m < 0) {
                    /* exc gets this frame in its traceback, as if caught */
                    ev_value err = I->exc;
                    I->exc = exc;
                    ix_add_traceback(I, F, F->f.def ? F->f.def->name->data : "<module>");
                    I->exc = err;
                    F->f.cur = h;
                    ix_hold_pop(F, &hold);
                    ev_decref(I, exc);
                    handled = true;
                    st = X_ERROR;
                    break;
                }
            }
            if (!m)
                continue;
            handled = true;
            /* the frame that catches it is in its traceback (shown if it is chained) */
            I->exc = exc;
            ix_add_traceback(I, F, F->f.def ? F->f.def->name->data : "<module>");
            I->exc = EV_NONE;
            ev_value saved = F->handling;
            ev_obj *saved_h = I->handling;
            F->handling = exc;
            I->handling = exc.u.o;
            if (h->b && ix_assign(I, F, h->b, exc)) {
                st = X_ERROR;
            } else {
                st = ix_exec_block(I, F, h->c);
                /* `except E as e` deletes e afterwards, as CPython does */
                if (h->b && !I->limit) {
                    if (h->b->kind == N_LOCAL) {
                        ev_value old = F->f.slots[h->b->slot];
                        F->f.slots[h->b->slot] = EV_ERR;
                        if (!EV_IS_ERR(old))
                            ev_decref(I, old);
                    } else if (h->b->kind == N_GLOBAL) {
                        int r = ev_dict_del(I, I->globals, ev_obj_val(&h->b->name->h));
                        (void)r;
                    }
                }
            }
            F->handling = saved;
            I->handling = saved_h;
            ix_hold_pop(F, &hold);
            ev_decref(I, exc);
            break;
        }
        if (!handled) {
            ix_hold_pop(F, &hold);
            I->exc = exc;
            st = X_ERROR;
        }
    } else if (st == X_NORMAL && n->b) {
        st = ix_exec_block(I, F, n->b);
    }
    if (n->c) {
        if (I->limit)
            return X_ERROR; /* limits skip finally blocks */
        ev_value pending = I->exc;
        I->exc = EV_NONE;
        ev_value ret = F->retval;
        F->retval = EV_NONE;
        ev_obj *saved_h = I->handling;
        /* the pending exception's traceback entry for this frame is taken
         * after the finally block: it must still name where it was raised */
        const ev_node *cur = F->f.cur, *err_node = F->err_node;
        if (ev_is(pending, EV_O_EXC))
            I->handling = pending.u.o;
        ix_hold hold;
        ix_hold_push(F, &hold, &pending, &ret);
        xstatus fs = ix_exec_block(I, F, n->c);
        ix_hold_pop(F, &hold);
        I->handling = saved_h;
        if (fs != X_NORMAL) {
            ev_decref(I, pending);
            ev_decref(I, ret);
            return fs;
        }
        ev_decref(I, F->retval);
        F->retval = ret;
        I->exc = pending;
        if (st == X_ERROR) {
            F->f.cur = cur;
            F->err_node = err_node;
        }
    }
    return st;
}

/* with MGR as TARGET: BODY.  __exit__ gets (type, value, traceback) when
 * the body raised and suppresses the
 * exception when it returns a true value.  Limits skip __exit__, as they
 * skip finally blocks. */
xstatus ix_exec_with(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value mgr = ix_eval(I, F, n->a);
    if (EV_IS_ERR(mgr))
        return X_ERROR;
    ev_type *t = ev_type_of(mgr);
    bool async = n->op == OP_ASYNC; /* async with: __aenter__ and __aexit__, awaited */
    ev_str *en = async ? ev_intern(I, "__aenter__", 10) : I->dn[EV_DN_ENTER];
    ev_str *xn = async ? ev_intern(I, "__aexit__", 9) : I->dn[EV_DN_EXIT];
    if (!en || !xn) {
        ev_decref(I, mgr);
        return X_ERROR;
    }
    /* a class's methods, or a C type's (EV_TYPE_CSLOTS: the queue's lock) */
    ev_type *root = ev_solid_base(t);
    bool cs = (root->tflags & EV_TYPE_CSLOTS) != 0;
    bool has_enter = ev_type_lookup(t, en) != NULL || (cs && ev_builtin_method(root, en));
    bool has_exit = ev_type_lookup(t, xn) != NULL || (cs && ev_builtin_method(root, xn));
    if (!has_enter || !has_exit) {
        ev_raise(I, &ev_type_TypeError, "'%s' object does not support the %scontext manager protocol%s",
                 t->name, async ? "asynchronous " : "",
                 has_enter ? (async ? " (missed __aexit__ method)" : " (missed __exit__ method)") : "");
        ev_decref(I, mgr);
        if (!F->err_node)
            F->err_node = n->a;
        return X_ERROR;
    }
    ev_value exitm = ev_getattr(I, mgr, xn);
    if (EV_IS_ERR(exitm)) {
        ev_decref(I, mgr);
        return X_ERROR;
    }
    ev_value val;
    if (async) {
        ev_value m = ev_getattr(I, mgr, en);
        ev_value aw = EV_IS_ERR(m) ? m : ev_call(I, m, 0, NULL, 0, NULL, NULL);
        ev_decref(I, m);
        val = EV_ERR;
        if (!EV_IS_ERR(aw)) {
            ix_hold ah;
            ix_hold_push(F, &ah, &exitm, &mgr);
            val = ix_await(I, F, aw, EV_AWAIT_AENTER);
            ix_hold_pop(F, &ah);
            ev_decref(I, aw);
        }
        if (EV_IS_ERR(val)) {
            ev_decref(I, exitm);
            ev_decref(I, mgr);
            return X_ERROR;
        }
    } else if (ev_dunder(I, mgr, EV_DN_ENTER, 0, NULL, &val) < 0) {
        ev_decref(I, exitm);
        ev_decref(I, mgr);
        return X_ERROR;
    }
    ev_decref(I, mgr);
    xstatus st;
    ix_hold hold;
    ix_hold_push(F, &hold, &exitm, &val);
    if (n->b) {
        int r = ix_assign(I, F, n->b, val);
        st = r ? X_ERROR : ix_exec_block(I, F, n->c);
    } else {
        st = ix_exec_block(I, F, n->c);
    }
    ix_hold_pop(F, &hold);
    ev_decref(I, val);
    if (st == X_ERROR) {
        if (I->limit) {
            ev_decref(I, exitm);
            return X_ERROR;
        }
        ev_value exc = I->exc;
        ix_add_traceback(I, F, F->f.def ? F->f.def->name->data : "<module>");
        I->exc = EV_NONE;
        ev_obj *saved_h = I->handling;
        I->handling = exc.u.o;
        /* An error from __exit__ points at the with statement, not at the
         * body's statement that raised. */
        F->f.cur = n;
        F->err_node = NULL;
        ev_value tb = ev_traceback_new(I, exc);
        if (EV_IS_ERR(tb)) {
            I->handling = saved_h;
            ev_decref(I, exitm);
            ev_decref(I, exc);
            return X_ERROR;
        }
        ev_value args[3] = {ev_obj_val(&ev_type_of(exc)->h), exc, tb};
        ev_value r = ev_call(I, exitm, 3, args, 0, NULL, NULL);
        ev_decref(I, tb);
        if (async && !EV_IS_ERR(r)) {
            ix_hold ah;
            ix_hold_push(F, &ah, &exc, NULL);
            ev_value aw = r;
            r = ix_await(I, F, aw, EV_AWAIT_AEXIT);
            ev_decref(I, aw);
            ix_hold_pop(F, &ah);
        }
        I->handling = saved_h;
        ev_decref(I, exitm);
        if (EV_IS_ERR(r)) {
            ev_decref(I, exc);
            return X_ERROR;
        }
        int suppress = ev_truth(I, r);
        ev_decref(I, r);
        if (suppress < 0) {
            ev_decref(I, exc);
            return X_ERROR;
        }
        if (suppress) {
            ev_decref(I, exc);
            return X_NORMAL;
        }
        ((ev_exc *)exc.u.o)->tb_skip = F; /* re-raised: this frame is in its traceback already */
        ev_decref(I, I->exc);
        I->exc = exc;
        return X_ERROR;
    }
    ev_value none3[3] = {EV_NONE, EV_NONE, EV_NONE};
    F->f.cur = n;
    F->err_node = NULL;
    ev_value r = ev_call(I, exitm, 3, none3, 0, NULL, NULL);
    ev_decref(I, exitm);
    if (async && !EV_IS_ERR(r)) {
        ev_value aw = r;
        r = ix_await(I, F, aw, EV_AWAIT_AEXIT);
        ev_decref(I, aw);
    }
    if (EV_IS_ERR(r))
        return X_ERROR;
    ev_decref(I, r);
    return st;
}

xstatus ix_exec_raise(ev_interp *I, frame *F, const ev_node *n)
{
    if (!n->a) {
        if (F->handling.tag == EV_T_NONE && !ev_handled(I)) {
            ev_raise(I, &ev_type_RuntimeError, "No active exception to reraise");
            return X_ERROR;
        }
        ev_value e = F->handling.tag != EV_T_NONE ? F->handling : ev_obj_val(ev_handled(I));
        ((ev_exc *)e.u.o)->tb_skip = F;
        ev_raise_value(I, ev_dup(e));
        return X_ERROR;
    }
    ev_value v = ix_eval(I, F, n->a);
    if (EV_IS_ERR(v))
        return X_ERROR;
    if (ev_is(v, EV_O_TYPE) && ev_type_is_subclass((ev_type *)v.u.o, &ev_type_BaseException)) {
        ev_value e = ev_call(I, v, 0, NULL, 0, NULL, NULL);
        ev_decref(I, v);
        if (EV_IS_ERR(e))
            return X_ERROR;
        v = e;
    }
    if (!ev_is(v, EV_O_EXC)) {
        ev_decref(I, v);
        ev_raise(I, &ev_type_TypeError, "exceptions must derive from BaseException");
        return X_ERROR;
    }
    if (n->b) {
        /* raise X from Y: Y (an exception, a class to instantiate, or None) */
        ev_value c = ix_eval(I, F, n->b);
        if (EV_IS_ERR(c)) {
            ev_decref(I, v);
            return X_ERROR;
        }
        if (ev_is(c, EV_O_TYPE) && ev_type_is_subclass((ev_type *)c.u.o, &ev_type_BaseException)) {
            ev_value ce = ev_call(I, c, 0, NULL, 0, NULL, NULL);
            ev_decref(I, c);
            if (EV_IS_ERR(ce)) {
                ev_decref(I, v);
                return X_ERROR;
            }
            c = ce;
        }
        if (c.tag != EV_T_NONE && !ev_is(c, EV_O_EXC)) {
            ev_decref(I, c);
            ev_decref(I, v);
            ev_raise(I, &ev_type_TypeError, "exception causes must derive from BaseException");
            return X_ERROR;
        }
        ev_exc *e = (ev_exc *)v.u.o;
        ev_decref(I, e->cause);
        e->cause = c;
        e->suppress_context = true;
    }
    ev_raise_value(I, v);
    return X_ERROR;
}
