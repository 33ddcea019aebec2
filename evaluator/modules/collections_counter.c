/*
 * collections_counter.c - Counter's arithmetic (collections.Counter's
 * __add__, __sub__, __or__, __and__, their in-place forms, unary + and -),
 * CPython 3.11 behaviour (Lib/collections/__init__.py).  An exact Counter
 * takes the fast path over the dict; a subclass's instance is walked
 * through the Python-level calls __init__.py makes, so its overrides are
 * obeyed.  collections.c's ev_coll_binary dispatches here.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

/* count > 0 as a truth value; -1 on error */
static int positive(ev_interp *I, ev_value c) { return ev_compare(I, c, ev_int(0), 4); }

/* `elem, count = pair` for a pair of any iterable type, with the
 * interpreter's messages; the two are new references.  -1 on error. */
static int pair_unpack(ev_interp *I, ev_value pair, ev_value *a, ev_value *b)
{
    if (ev_is(pair, EV_O_TUPLE) && ev_as_tuple(pair)->len == 2) {
        *a = ev_dup(ev_as_tuple(pair)->items[0]);
        *b = ev_dup(ev_as_tuple(pair)->items[1]);
        return 0;
    }
    ev_value it = ev_iter(I, pair);
    if (EV_IS_ERR(it))
        return -1;
    ev_value got[3] = {EV_ERR, EV_ERR, EV_ERR};
    int n = 0, r = 1;
    while (n < 3 && (r = ev_next(I, it, &got[n])) > 0)
        n++;
    ev_decref(I, it);
    if (r >= 0 && n != 2) {
        if (n < 2)
            ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2, got %d)", n);
        else
            ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
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

/* Counter + - | & when either operand is a subclass's instance: each step
 * is the Python-level call collections/__init__.py makes (self.items(),
 * other[elem], elem not in self), so a subclass's items, __getitem__,
 * __missing__ or __contains__ is obeyed. */
ev_value ev_coll_counter_binary_sub(ev_interp *I, ev_binop op, ev_value xv, ev_value yv)
{
    ev_value res = ev_coll_dict_new_typed(I, &ev_type_Counter), pit = EV_ERR, pair;
    if (EV_IS_ERR(res))
        return res;
    ev_dict *r = ev_as_dict(res);
    for (int pass = 0; pass < (op == EV_OP_AND ? 1 : 2); pass++) {
        ev_value items = ev_us_callm(I, pass ? yv : xv, "items", 0, NULL, NULL);
        pit = EV_IS_ERR(items) ? items : ev_iter(I, items);
        ev_decref(I, items);
        if (EV_IS_ERR(pit))
            goto fail;
        int more;
        while ((more = ev_next(I, pit, &pair)) > 0) {
            ev_value elem, count, n = EV_ERR;
            int u = pair_unpack(I, pair, &elem, &count);
            ev_decref(I, pair);
            if (u)
                goto fail;
            int e = 0;
            if (pass == 0) {
                ev_value other = ev_getitem(I, yv, elem);
                if (EV_IS_ERR(other)) {
                    e = -1;
                } else if (op == EV_OP_ADD || op == EV_OP_SUB) {
                    n = ev_binary(I, op, count, other);
                } else {
                    int lt = ev_compare(I, count, other, 0);
                    n = lt < 0 ? EV_ERR : ev_dup((op == EV_OP_OR) == (lt == 1) ? other : count);
                }
                ev_decref(I, other);
                int pos = e || EV_IS_ERR(n) ? -1 : positive(I, n);
                e = pos > 0 ? ev_dict_set(I, r, elem, n) : pos;
            } else {
                int in = ev_contains(I, xv, elem);
                int keep = in ? in : op == EV_OP_SUB ? ev_compare(I, count, ev_int(0), 0) : positive(I, count);
                if (in < 0 || keep < 0)
                    e = -1;
                else if (!in && keep) {
                    n = op == EV_OP_SUB ? ev_binary(I, EV_OP_SUB, ev_int(0), count) : ev_dup(count);
                    e = EV_IS_ERR(n) ? -1 : ev_dict_set(I, r, elem, n);
                }
            }
            ev_decref(I, n);
            ev_decref(I, elem);
            ev_decref(I, count);
            if (e < 0)
                goto fail;
        }
        ev_decref(I, pit);
        pit = EV_ERR;
        if (more < 0)
            goto fail;
    }
    return res;
fail:
    ev_decref(I, pit);
    ev_decref(I, res);
    return EV_ERR;
}

/* Counter + - | & (new Counter), as collections/__init__.py: both loops
 * walk the live dicts (a count's method that changes one ends it with
 * CPython's RuntimeError). */
ev_value ev_coll_counter_binary(ev_interp *I, ev_binop op, ev_value xv, ev_value yv)
{
    ev_dict *x = ev_as_dict(xv), *y = ev_as_dict(yv);
    ev_value res = ev_coll_dict_new_typed(I, &ev_type_Counter);
    if (EV_IS_ERR(res))
        return res;
    ev_dict *r = ev_as_dict(res);
    ev_coll_walk w;
    if (ev_coll_walk_start(I, xv, EV_IT_DICT_ITEMS, &w))
        goto fail_nowalk;
    ev_value elem, count;
    int more;
    while ((more = ev_coll_walk_next(I, &w, &elem, &count)) > 0) {
        ev_value other, n;
        if (ev_coll_get0(I, y, elem, &other))
            goto fail;
        if (op == EV_OP_ADD || op == EV_OP_SUB) {
            n = ev_binary(I, op, count, other);
        } else {
            int lt = ev_compare(I, count, other, 0);
            if (lt < 0) {
                ev_decref(I, other);
                goto fail;
            }
            /* |: other if count < other else count;  &: count if count < other else other */
            n = ev_dup((op == EV_OP_OR) == (lt == 1) ? other : count);
        }
        ev_decref(I, other);
        if (EV_IS_ERR(n))
            goto fail;
        int pos = positive(I, n);
        int e = pos > 0 ? ev_dict_set(I, r, elem, n) : pos;
        ev_decref(I, n);
        if (e < 0)
            goto fail;
    }
    ev_coll_walk_end(I, &w);
    if (more < 0)
        goto fail_nowalk;
    if (op != EV_OP_AND) {
        if (ev_coll_walk_start(I, yv, EV_IT_DICT_ITEMS, &w))
            goto fail_nowalk;
        while ((more = ev_coll_walk_next(I, &w, &elem, &count)) > 0) {
            ev_value mine;
            int f = ev_dict_get(I, x, elem, &mine);
            if (f < 0)
                goto fail;
            if (f) {
                ev_decref(I, mine);
                continue;
            }
            int keep = op == EV_OP_SUB ? ev_compare(I, count, ev_int(0), 0) : positive(I, count);
            if (keep < 0)
                goto fail;
            if (!keep)
                continue;
            if (op == EV_OP_SUB) {
                ev_value n = ev_binary(I, EV_OP_SUB, ev_int(0), count);
                if (EV_IS_ERR(n))
                    goto fail;
                int e = ev_dict_set(I, r, elem, n);
                ev_decref(I, n);
                if (e)
                    goto fail;
            } else if (ev_dict_set(I, r, elem, count)) {
                goto fail;
            }
        }
        ev_coll_walk_end(I, &w);
        if (more < 0)
            goto fail_nowalk;
    }
    return res;
fail:
    ev_coll_walk_end(I, &w);
fail_nowalk:
    ev_decref(I, res);
    return EV_ERR;
}

/* Counter.__iadd__ and friends: mutate self while walking the live items
 * of other (of self for &=), then _keep_positive(). */
ev_value ev_coll_counter_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    ev_dict *x = ev_as_dict(a);
    if (!ev_is(b, EV_O_DICT))
        return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute 'items'",
                        ev_type_name(b));
    ev_dict *y = ev_as_dict(b);
    ev_coll_sink s;
    ev_coll_sink_init(I, a, &s);
    ev_value nonpos = EV_ERR;
    ev_coll_walk w;
    if (ev_coll_walk_start(I, op == EV_OP_AND ? a : b, EV_IT_DICT_ITEMS, &w))
        return EV_ERR;
    ev_value elem, count;
    int more;
    while ((more = ev_coll_walk_next(I, &w, &elem, &count)) > 0) {
        if (op == EV_OP_ADD || op == EV_OP_SUB) { /* self[elem] += count */
            if (ev_coll_add_to(I, &s, elem, count, op, false, true))
                goto fail;
            continue;
        }
        ev_value cur, other;
        if (op == EV_OP_OR) { /* if other_count > self[elem]: self[elem] = other_count */
            if (ev_coll_sink_item0(I, &s, elem, &cur))
                goto fail;
            other = count;
            int gt = ev_compare(I, other, cur, 4);
            ev_decref(I, cur);
            if (gt < 0 || (gt && ev_coll_sink_set(I, &s, elem, other)))
                goto fail;
        } else { /* &: if other[elem] < count: self[elem] = other[elem] */
            ev_value got;
            int f = y->type == &ev_type_Counter ? (ev_coll_get0(I, y, elem, &got) ? -1 : 1)
                                                 : ev_dict_get(I, y, elem, &got);
            if (f < 0)
                goto fail;
            if (f == 0) {
                ev_raise_key_error(I, elem);
                goto fail;
            }
            int lt = ev_compare(I, got, count, 0);
            int e = lt < 0 ? -1 : lt ? ev_coll_sink_set(I, &s, elem, got) : 0;
            ev_decref(I, got);
            if (e)
                goto fail;
        }
    }
    ev_coll_walk_end(I, &w);
    if (more < 0)
        return EV_ERR;
    /* _keep_positive: the keys whose count is not > 0, from the live
     * items, then del self[elem] for each */
    nonpos = ev_list_new(I, 0);
    if (EV_IS_ERR(nonpos) || ev_coll_walk_start(I, a, EV_IT_DICT_ITEMS, &w))
        goto fail_nowalk;
    while ((more = ev_coll_walk_next(I, &w, &elem, &count)) > 0) {
        int pos = positive(I, count);
        if (pos < 0 || (pos == 0 && ev_list_append(I, ev_as_list(nonpos), elem)))
            goto fail;
    }
    ev_coll_walk_end(I, &w);
    if (more < 0)
        goto fail_nowalk;
    for (size_t i = 0; i < ev_as_list(nonpos)->len; i++) {
        ev_value k = ev_dup(ev_as_list(nonpos)->items[i]);
        /* del self[elem]: an override, or Counter.__delitem__ (if elem in self) */
        int f = s.del_hook ? 1 : ev_dict_get(I, x, k, &count);
        if (f > 0 && !s.del_hook)
            ev_decref(I, count);
        int e = f < 0 ? -1 : f ? ev_coll_sink_del(I, &s, k) : 0;
        ev_decref(I, k);
        if (e < 0)
            goto fail_nowalk;
    }
    ev_decref(I, nonpos);
    return ev_dup(a);
fail:
    ev_coll_walk_end(I, &w);
fail_nowalk:
    if (!EV_IS_ERR(nonpos))
        ev_decref(I, nonpos);
    return EV_ERR;
}

/* one item of +c (count > 0 kept) or -c (count < 0 kept negated) */
static int unary_step(ev_interp *I, ev_value res, bool neg, ev_value elem, ev_value count)
{
    int keep = ev_compare(I, count, ev_int(0), neg ? 0 : 4);
    ev_value v = keep > 0 ? (neg ? ev_binary(I, EV_OP_SUB, ev_int(0), count) : ev_dup(count)) : EV_NONE;
    int e = keep < 0 || EV_IS_ERR(v) ? -1 : keep ? ev_dict_set(I, ev_as_dict(res), elem, v) : 0;
    ev_decref(I, v);
    return e;
}

int ev_coll_unary(ev_interp *I, ev_value a, bool neg, ev_value *out)
{
    if (!ev_coll_is_dict_type(a, &ev_type_Counter))
        return 0;
    /* +c keeps the positive counts, -c negates the negative ones, walking
     * the live items as CPython's __pos__/__neg__ */
    ev_value res = ev_coll_dict_new_typed(I, &ev_type_Counter);
    *out = res;
    if (EV_IS_ERR(res))
        return 1;
    if (ev_type_of(a) != &ev_type_Counter) {
        /* a subclass: through its items(), as __pos__/__neg__ call it */
        ev_value items = ev_us_callm(I, a, "items", 0, NULL, NULL);
        ev_value pit = EV_IS_ERR(items) ? items : ev_iter(I, items), pair;
        ev_decref(I, items);
        int more = EV_IS_ERR(pit) ? -1 : 1;
        while (more > 0 && (more = ev_next(I, pit, &pair)) > 0) {
            ev_value elem, count;
            int u = pair_unpack(I, pair, &elem, &count);
            ev_decref(I, pair);
            if (u || unary_step(I, res, neg, elem, count))
                more = -1;
            if (!u) {
                ev_decref(I, elem);
                ev_decref(I, count);
            }
        }
        ev_decref(I, pit);
        if (more < 0) {
            ev_decref(I, res);
            *out = EV_ERR;
        }
        return 1;
    }
    ev_coll_walk w;
    if (ev_coll_walk_start(I, a, EV_IT_DICT_ITEMS, &w)) {
        ev_decref(I, res);
        *out = EV_ERR;
        return 1;
    }
    ev_value elem, count;
    int more;
    while ((more = ev_coll_walk_next(I, &w, &elem, &count)) > 0) {
        if (unary_step(I, res, neg, elem, count)) {
            more = -1;
            break;
        }
    }
    ev_coll_walk_end(I, &w);
    if (more < 0) {
        ev_decref(I, res);
        *out = EV_ERR;
    }
    return 1;
}
