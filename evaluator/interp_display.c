/*
 * interp_display.c - expressions that build values: f-strings, list/tuple/
 * set/dict displays (with * and ** unpacking, in CPython's evaluation order)
 * and the clause loop of comprehensions.  Split from interp.c, whose
 * ix_eval dispatches here.
 */
#include <string.h>

#include "evaluator/interp_int.h"
#include "evaluator/gen.h"

ev_value ix_eval_fstring(ev_interp *I, frame *F, const ev_node *n)
{
    ev_buf b = {0};
    for (uint32_t i = 0; i < n->n; i++) {
        const ev_node *p = n->list[i];
        if (p->kind == N_CONST) {
            if (ev_buf_put(I, &b, ev_as_str(p->cval)->data, ev_as_str(p->cval)->len))
                goto fail;
            continue;
        }
        ev_value v = ix_eval(I, F, p->a);
        if (EV_IS_ERR(v))
            goto fail;
        if (p->op == FMT_REPR || p->op == FMT_ASCII) {
            ev_value r = p->op == FMT_ASCII ? ev_str_ascii_of(I, v) : ev_repr(I, v);
            ev_decref(I, v);
            if (EV_IS_ERR(r))
                goto fail;
            v = r;
        } else if (p->op == FMT_STR) {
            ev_value r = ev_to_str(I, v);
            ev_decref(I, v);
            if (EV_IS_ERR(r))
                goto fail;
            v = r;
        }
        ev_value s;
        if (p->b) {
            ev_value spec = ix_eval_fstring(I, F, p->b);
            if (EV_IS_ERR(spec)) {
                ev_decref(I, v);
                goto fail;
            }
            s = ev_str_format_spec(I, v, ev_as_str(spec));
            ev_decref(I, spec);
        } else if (ev_is_user(v)) {
            /* f"{obj}" is format(obj, ""): __format__ first */
            ev_value empty = ev_str_new(I, "", 0);
            s = EV_IS_ERR(empty) ? empty : ev_str_format_spec(I, v, ev_as_str(empty));
            if (!EV_IS_ERR(empty))
                ev_decref(I, empty);
        } else {
            /* a class's __format__ sees the empty spec too */
            ev_str *empty = ev_is_user(v) ? ev_intern(I, "", 0) : NULL;
            s = empty ? ev_str_format_spec(I, v, empty) : ev_is_user(v) ? EV_ERR : ev_to_str(I, v);
        }
        ev_decref(I, v);
        if (EV_IS_ERR(s))
            goto fail;
        int r = ev_buf_put(I, &b, ev_as_str(s)->data, ev_as_str(s)->len);
        ev_decref(I, s);
        if (r)
            goto fail;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* One `key: value` of a dict display: key first, then value, as CPython. */
static int dict_put_pair(ev_interp *I, frame *F, ev_value d, const ev_node *pair)
{
    ev_value k = ix_eval(I, F, pair->a);
    if (EV_IS_ERR(k))
        return -1;
    ev_value v = ix_eval(I, F, pair->b);
    if (EV_IS_ERR(v)) {
        ev_decref(I, k);
        return -1;
    }
    int r = ev_dict_set(I, ev_as_dict(d), k, v);
    ev_decref(I, k);
    ev_decref(I, v);
    return r;
}

/* A display with * or ** items: the items in order into a list (or the
 * mappings merged into a dict), then the display's type. */
static ev_value eval_display_unpack(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->kind == N_DICT) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return d;
        for (uint32_t i = 0; i < n->n; i++) {
            const ev_node *e = n->list[i];
            if (e->kind == N_KWSPLAT) {
                ev_value m = ix_eval(I, F, e->a);
                if (EV_IS_ERR(m))
                    goto dfail;
                int r = 0;
                if (ev_is(m, EV_O_DICT)) {
                    r = ev_dict_merge(I, ev_as_dict(d), ev_as_dict(m)); /* DICT_UPDATE: PyDict_Update */
                } else {
                    /* a mapping: keys() and m[k] */
                    ev_str *kn = ev_intern(I, "keys", 4);
                    ev_value keys = kn ? ev_getattr(I, m, kn) : EV_ERR;
                    if (EV_IS_ERR(keys)) {
                        if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
                            ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError))
                            ev_raise(I, &ev_type_TypeError, "'%s' object is not a mapping", ev_type_name(m));
                        r = -1;
                    } else {
                        ev_value kl = ev_call(I, keys, 0, NULL, 0, NULL, NULL);
                        ev_decref(I, keys);
                        ev_value it = EV_IS_ERR(kl) ? kl : ev_iter(I, kl);
                        if (!EV_IS_ERR(kl))
                            ev_decref(I, kl);
                        r = EV_IS_ERR(it) ? -1 : 0;
                        for (; r == 0;) {
                            ev_value k;
                            int got = ev_next(I, it, &k);
                            if (got <= 0) {
                                r = got;
                                break;
                            }
                            ev_value v = ev_getitem(I, m, k);
                            r = EV_IS_ERR(v) ? -1 : ev_dict_set(I, ev_as_dict(d), k, v);
                            if (!EV_IS_ERR(v))
                                ev_decref(I, v);
                            ev_decref(I, k);
                        }
                        if (!EV_IS_ERR(it))
                            ev_decref(I, it);
                    }
                }
                ev_decref(I, m);
                if (r)
                    goto dfail;
                continue;
            }
            if (dict_put_pair(I, F, d, e))
                goto dfail;
        }
        return d;
    dfail:
        ev_decref(I, d);
        return EV_ERR;
    }
    ev_value l = ev_list_new(I, n->n);
    if (EV_IS_ERR(l))
        return l;
    for (uint32_t i = 0; i < n->n; i++) {
        const ev_node *e = n->list[i];
        ev_value v = ix_eval(I, F, e->kind == N_STAR ? e->a : e);
        if (EV_IS_ERR(v))
            goto fail;
        int r;
        if (e->kind == N_STAR) {
            /* [*x] and (*x,) extend as LIST_EXTEND (x's length hint asked);
             * {*x} as SET_UPDATE, which asks none */
            if (n->kind == N_SET) {
                ev_value xs = ev_list_from_iterable(I, v);
                r = EV_IS_ERR(xs) ? -1 : ev_list_extend(I, ev_as_list(l), xs);
                if (!EV_IS_ERR(xs))
                    ev_decref(I, xs);
            } else {
                r = ev_list_extend(I, ev_as_list(l), v);
            }
            if (r && !I->limit && ev_is(I->exc, EV_O_EXC) &&
                ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError && !ev_is_user(v) &&
                !ev_is(v, EV_O_ITER) && !ev_is_plain_gen(v))
                ev_raise(I, &ev_type_TypeError, "Value after * must be an iterable, not %s", ev_type_name(v));
        } else {
            r = ev_list_append(I, ev_as_list(l), v);
        }
        ev_decref(I, v);
        if (r)
            goto fail;
    }
    if (n->kind == N_LIST)
        return l;
    ev_value r;
    if (n->kind == N_TUPLE) {
        r = ev_tuple_from_iterable(I, l);
    } else {
        r = ev_set_new(I, false);
        for (size_t i = 0; !EV_IS_ERR(r) && i < ev_as_list(l)->len; i++)
            if (ev_set_add(I, (ev_set *)r.u.o, ev_as_list(l)->items[i])) {
                ev_decref(I, r);
                r = EV_ERR;
            }
    }
    ev_decref(I, l);
    return r;
fail:
    ev_decref(I, l);
    return EV_ERR;
}

ev_value ix_eval_display(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->flags & DISPLAY_UNPACK)
        return eval_display_unpack(I, F, n);
    if (n->kind == N_DICT) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return d;
        for (uint32_t i = 0; i < n->n; i++) {
            if (dict_put_pair(I, F, d, n->list[i]))
                goto dfail;
        }
        return d;
    dfail:
        ev_decref(I, d);
        return EV_ERR;
    }
    if (n->kind == N_SET) {
        /* items first, as CPython's BUILD_SET, then the set */
        ev_value t = ev_tuple_new(I, n->n);
        if (EV_IS_ERR(t))
            return t;
        for (uint32_t i = 0; i < n->n; i++) {
            ev_value v = ix_eval(I, F, n->list[i]);
            if (EV_IS_ERR(v)) {
                ev_decref(I, t);
                return v;
            }
            ev_as_tuple(t)->items[i] = v;
        }
        ev_value s = ev_set_display(I, n, ev_as_tuple(t)->items, n->n);
        ev_decref(I, t);
        return s;
    }
    ev_value r = n->kind == N_LIST ? ev_list_new(I, n->n) : ev_tuple_new(I, n->n);
    if (EV_IS_ERR(r))
        return r;
    ev_value *items = n->kind == N_LIST ? ev_as_list(r)->items : ev_as_tuple(r)->items;
    for (uint32_t i = 0; i < n->n; i++) {
        ev_value v = ix_eval(I, F, n->list[i]);
        if (EV_IS_ERR(v)) {
            ev_decref(I, r);
            return v;
        }
        if (n->kind == N_LIST)
            ev_list_set_len(ev_as_list(r), i + 1);
        items[i] = v;
    }
    return r;
}


/* The clauses of a comprehension from `idx` on, adding to `acc`. */
int ix_comp_loop(ev_interp *I, frame *F, const ev_node *body, uint32_t idx, ev_value acc)
{
    if (idx == body->n) {
        ev_value v = ix_eval(I, F, body->a);
        if (EV_IS_ERR(v))
            return -1;
        int r;
        if (body->op == COMP_GEN) {
            ev_value sent;
            r = ev_gen_yield(I, v, &sent, false); /* takes v */
            v = EV_NONE;
            if (r == 0)
                ev_decref(I, sent);
        } else if (body->op == COMP_DICT) {
            ev_value val = ix_eval(I, F, body->b);
            if (EV_IS_ERR(val)) {
                ev_decref(I, v);
                return -1;
            }
            r = ev_dict_set(I, ev_as_dict(acc), v, val);
            ev_decref(I, val);
        } else if (body->op == COMP_SET) {
            r = ev_set_add(I, (ev_set *)acc.u.o, v);
        } else {
            r = ev_list_append(I, ev_as_list(acc), v);
        }
        ev_decref(I, v);
        return r;
    }
    const ev_node *c = body->list[idx];
    if (c->kind == N_COMPIF) {
        ev_value cond = ix_eval(I, F, c->a);
        if (EV_IS_ERR(cond))
            return -1;
        int t = ev_truth(I, cond);
        ev_decref(I, cond);
        if (t <= 0)
            return t;
        return ix_comp_loop(I, F, body, idx + 1, acc);
    }
    ev_value src = ix_eval(I, F, c->b);
    if (EV_IS_ERR(src))
        return -1;
    bool async = c->op == OP_ASYNC; /* `async for`: runs in a coroutine's body */
    /* the first clause's async iterator was made by the caller (eval_comp) */
    ev_value it = async ? (idx == 0 ? ev_dup(src) : ev_async_iter_for(I, src)) : ev_iter(I, src);
    ev_decref(I, src);
    if (EV_IS_ERR(it))
        return -1;
    int rc = 0;
    for (;;) {
        ev_value x;
        int r = async ? ix_async_next(I, F, it, &x) : ev_next(I, it, &x);
        if (r <= 0) {
            rc = r;
            break;
        }
        r = ix_assign_move(I, F, c->a, x);
        if (r || ev_tick(I) || ix_comp_loop(I, F, body, idx + 1, acc)) {
            rc = -1;
            break;
        }
    }
    ev_decref(I, it);
    return rc;
}
