/*
 * interp_stmt.c - statements: blocks, loops, assignments with annotations
 * and augmented operators, def and class statements with their
 * decorators, and the dispatch of ix_exec (try/with/raise are in
 * interp_exc.c, match in interp_match.c).
 */
#include <string.h>

#include "evaluator/interp_int.h"
#include "evaluator/modules/modules.h"
#include "evaluator/gen.h"

/* ---- statements ------------------------------------------------------------------------------- */

xstatus ix_exec_block(ev_interp *I, frame *F, const ev_node *b)
{
    /* a statement boundary: a safe point for the cycle collector and for
     * the finalizers (__del__) of what it freed; the finalizers of what a
     * statement freed run after it, below */
    if (__builtin_expect(I->gc_countdown <= 0, 0)) {
        ev_gc_collect(I);
        if (ev_fin_drain(I))
            return X_ERROR;
    }
    for (uint32_t i = 0; i < b->n; i++) {
        xstatus s = ix_exec(I, F, b->list[i]);
        if (s != X_NORMAL)
            return s;
        if (ev_fin_drain(I))
            return X_ERROR;
    }
    return X_NORMAL;
}

static __attribute__((noinline)) xstatus exec_for(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value seq = ix_eval(I, F, n->b);
    if (EV_IS_ERR(seq))
        return X_ERROR;
    xstatus st = X_NORMAL;
    /* Fast path: a range drives a plain counter. */
    if (ev_is(seq, EV_O_RANGE)) {
        ev_range r = *(ev_range *)seq.u.o;
        ev_decref(I, seq);
        for (int64_t i = 0; i < r.len; i++) {
            if (ev_tick(I))
                return X_ERROR;
            if (ix_assign_move(I, F, n->a, ev_int(r.start + i * r.step)))
                return X_ERROR;
            st = ix_exec_block(I, F, n->c);
            if (st == X_BREAK)
                return X_NORMAL;
            if (st == X_CONTINUE)
                st = X_NORMAL;
            if (st != X_NORMAL)
                return st;
        }
        return n->d ? ix_exec_block(I, F, n->d) : X_NORMAL;
    }
    ev_value it = ev_iter(I, seq);
    ev_decref(I, seq);
    if (EV_IS_ERR(it))
        return X_ERROR;
    ix_hold hold;
    ix_hold_push(F, &hold, &it, NULL);
    for (;;) {
        if (ev_tick(I)) {
            st = X_ERROR;
            break;
        }
        F->f.cur = n;
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0) {
            st = X_ERROR;
            break;
        }
        if (r == 0) {
            st = n->d ? ix_exec_block(I, F, n->d) : X_NORMAL;
            break;
        }
        if (ix_assign_move(I, F, n->a, x)) {
            st = X_ERROR;
            break;
        }
        st = ix_exec_block(I, F, n->c);
        if (st == X_BREAK) {
            st = X_NORMAL;
            break;
        }
        if (st == X_CONTINUE)
            st = X_NORMAL;
        if (st != X_NORMAL)
            break;
    }
    ix_hold_pop(F, &hold);
    ev_decref(I, it);
    return st;
}

static __attribute__((noinline)) xstatus exec_while(ev_interp *I, frame *F, const ev_node *n)
{
    for (;;) {
        if (ev_tick(I))
            return X_ERROR;
        F->f.cur = n;
        ev_value c = ix_eval(I, F, n->a);
        if (EV_IS_ERR(c))
            return X_ERROR;
        int t = c.tag == EV_T_BOOL ? (int)c.u.i : ev_truth(I, c);
        ev_decref(I, c);
        if (t < 0)
            return X_ERROR;
        if (!t)
            return n->c ? ix_exec_block(I, F, n->c) : X_NORMAL;
        xstatus st = ix_exec_block(I, F, n->b);
        if (st == X_BREAK)
            return X_NORMAL;
        if (st == X_CONTINUE)
            continue;
        if (st != X_NORMAL)
            return st;
    }
}

static __attribute__((noinline)) xstatus exec_annassign(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->b) {
        ev_value v = ix_eval(I, F, n->b);
        if (EV_IS_ERR(v))
            return X_ERROR;
        int r = ix_assign(I, F, n->a, v);
        ev_decref(I, v);
        if (r)
            return X_ERROR;
    }
    if (!n->c)
        return X_NORMAL;
    ev_value ann = ix_eval(I, F, n->c);
    if (EV_IS_ERR(ann))
        return X_ERROR;
    if (!n->name) {
        ev_decref(I, ann);
        return X_NORMAL;
    }
    /* the __annotations__ dict of the module or of the class being built */
    ev_value *slot = n->op == 2 ? &F->f.slots[n->slot] : NULL;
    ev_value d = EV_ERR;
    ev_str *key = I->dn[EV_DN_ANNOTATIONS];
    if (slot) {
        if (ev_is(*slot, EV_O_CELL))
            slot = &((ev_cell *)slot->u.o)->v;
        if (EV_IS_ERR(*slot) && EV_IS_ERR(*slot = ev_dict_new(I))) {
            ev_decref(I, ann);
            return X_ERROR;
        }
        d = *slot;
    } else {
        ev_value *g = ev_dict_lookup_str(I->globals, key);
        if (g) {
            d = *g;
        } else {
            ev_value nd = ev_dict_new(I);
            if (EV_IS_ERR(nd) || ev_dict_set_str(I, I->globals, key, nd)) {
                if (!EV_IS_ERR(nd))
                    ev_decref(I, nd);
                ev_decref(I, ann);
                return X_ERROR;
            }
            ev_decref(I, nd);
            d = *ev_dict_lookup_str(I->globals, key);
        }
    }
    int r;
    if (ev_is(d, EV_O_DICT))
        r = ev_dict_set_str(I, ev_as_dict(d), n->name, ann);
    else
        r = ev_setitem(I, d, ev_obj_val(&n->name->h), ann);
    ev_decref(I, ann);
    return r ? X_ERROR : X_NORMAL;
}

/* The decorators of a def or class, evaluated before the definition runs. */
static ev_value eval_decorators(ev_interp *I, frame *F, const ev_node *holder)
{
    if (!holder || holder->n == 0)
        return EV_NONE;
    ev_value t = ev_tuple_new(I, holder->n);
    if (EV_IS_ERR(t))
        return t;
    for (uint32_t i = 0; i < holder->n; i++) {
        ev_value d = ix_eval(I, F, holder->list[i]);
        if (EV_IS_ERR(d)) {
            ev_decref(I, t);
            return d;
        }
        ev_as_tuple(t)->items[i] = d;
    }
    return t;
}

/* Apply decorators innermost (last) first; consumes obj. */
static ev_value apply_decorators(ev_interp *I, ev_value decs, ev_value obj)
{
    if (decs.tag == EV_T_NONE)
        return obj;
    ev_tuple *t = ev_as_tuple(decs);
    for (size_t i = t->len; i-- > 0;) {
        ev_value r = ev_call(I, t->items[i], 1, &obj, 0, NULL, NULL);
        ev_decref(I, obj);
        if (EV_IS_ERR(r))
            return r;
        obj = r;
    }
    return obj;
}

static __attribute__((noinline)) xstatus exec_def(ev_interp *I, frame *F, const ev_node *n)
{
    ev_node holder = {.n = n->n, .list = n->list};
    ev_value decs = eval_decorators(I, F, &holder);
    if (EV_IS_ERR(decs))
        return X_ERROR;
    ev_value fv = ix_make_function(I, F, n->def);
    if (!EV_IS_ERR(fv))
        fv = apply_decorators(I, decs, fv);
    ev_decref(I, decs);
    if (EV_IS_ERR(fv))
        return X_ERROR;
    int r = ix_assign(I, F, n->a, fv);
    ev_decref(I, fv);
    return r ? X_ERROR : X_NORMAL;
}

/* PEP 560's update_bases: a base that is not a class but has
 * __mro_entries__ (typing.Generic[T], a NamedTuple) is replaced by what
 * that returns for the original bases.  When any was, *bases becomes the
 * new tuple and *orig the original one (a reference each), which the class
 * namespace keeps as __orig_bases__. */
static int resolve_bases(ev_interp *I, ev_value *bases, ev_value *orig)
{
    ev_tuple *bt = ev_as_tuple(*bases);
    size_t i = 0;
    while (i < bt->len && (ev_is(bt->items[i], EV_O_TYPE) || !ev_is_user(bt->items[i])))
        i++;
    if (i == bt->len)
        return 0; /* the common case: classes only */
    ev_str *k = ev_intern(I, "__mro_entries__", 15);
    ev_value out = ev_list_new(I, 0);
    if (!k || EV_IS_ERR(out))
        return -1;
    bool changed = false;
    for (i = 0; i < bt->len; i++) {
        ev_value b = bt->items[i];
        ev_value fn = ev_is(b, EV_O_TYPE) || !ev_is_user(b) ? EV_NONE : ev_getattr(I, b, k);
        if (EV_IS_ERR(fn)) {
            if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
                !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError))
                goto fail;
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            fn = EV_NONE;
        }
        if (fn.tag == EV_T_NONE) {
            if (ev_list_append(I, ev_as_list(out), b))
                goto fail;
            continue;
        }
        ev_value r = ev_call(I, fn, 1, bases, 0, NULL, NULL);
        ev_decref(I, fn);
        if (EV_IS_ERR(r))
            goto fail;
        if (!ev_is(r, EV_O_TUPLE)) {
            ev_decref(I, r);
            ev_raise(I, &ev_type_TypeError, "__mro_entries__ must return a tuple");
            goto fail;
        }
        for (size_t j = 0; j < ev_as_tuple(r)->len; j++)
            if (ev_list_append(I, ev_as_list(out), ev_as_tuple(r)->items[j])) {
                ev_decref(I, r);
                goto fail;
            }
        ev_decref(I, r);
        changed = true;
    }
    if (changed) {
        ev_value nb = ev_tuple_from_iterable(I, out);
        if (EV_IS_ERR(nb))
            goto fail;
        *orig = *bases;
        *bases = nb;
    }
    ev_decref(I, out);
    return 0;
fail:
    ev_decref(I, out);
    return -1;
}

static __attribute__((noinline)) xstatus exec_class(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value decs = eval_decorators(I, F, n->d), bases = EV_ERR, body = EV_ERR, ns = EV_ERR, kwv = EV_ERR;
    ev_value cls = EV_ERR, orig_bases = EV_NONE;
    if (EV_IS_ERR(decs))
        return X_ERROR;
    bases = ev_tuple_new(I, n->nargs);
    if (EV_IS_ERR(bases))
        goto out;
    for (uint32_t i = 0; i < n->nargs; i++) {
        ev_value b = ix_eval(I, F, n->list[i]);
        if (EV_IS_ERR(b))
            goto out;
        ev_as_tuple(bases)->items[i] = b;
    }
    if (resolve_bases(I, &bases, &orig_bases))
        goto out;
    uint32_t nkw = n->n - n->nargs;
    kwv = ev_tuple_new(I, nkw); /* the class keywords, evaluated after the bases */
    if (EV_IS_ERR(kwv))
        goto out;
    for (uint32_t i = 0; i < nkw; i++) {
        ev_value v = ix_eval(I, F, n->list[n->nargs + i]);
        if (EV_IS_ERR(v))
            goto out;
        ev_as_tuple(kwv)->items[i] = v;
    }
    /* metaclass=M leaves the keywords the rest see; the class's metaclass
     * is the most derived of M (or type) and its bases' */
    ev_str *kwn[256];
    ev_value kwx[256], meta = EV_ERR;
    int nk = 0;
    for (uint32_t i = 0; i < nkw; i++) {
        if (strcmp(n->names[i]->data, "metaclass") == 0) {
            meta = ev_as_tuple(kwv)->items[i];
            continue;
        }
        kwn[nk] = n->names[i];
        kwx[nk++] = ev_as_tuple(kwv)->items[i];
    }
    ev_kw kw = {nk, kwn, kwx};
    ev_type *winner = &ev_type_type;
    if ((EV_IS_ERR(meta) || ev_is(meta, EV_O_TYPE)) &&
        ev_meta_winner(I, EV_IS_ERR(meta) ? &ev_type_type : (ev_type *)meta.u.o, ev_as_tuple(bases), &winner) < 0)
        goto out;
    bool by_meta = (!EV_IS_ERR(meta) && !ev_is(meta, EV_O_TYPE)) || winner != &ev_type_type;
    if (by_meta && !EV_IS_ERR(meta) && !ev_is(meta, EV_O_TYPE))
        winner = NULL; /* metaclass=function: called as it is */
    if (winner && ev_meta_prepare(I, winner, n->name, bases, &kw) < 0)
        goto out;
    body = ix_make_function(I, F, n->def);
    if (EV_IS_ERR(body))
        goto out;
    ns = ev_call_function(I, (ev_func *)body.u.o, 0, NULL, 0, NULL, NULL);
    if (EV_IS_ERR(ns))
        goto out;
    if (!ev_dict_lookup_str(ev_as_dict(ns), I->dn[EV_DN_DOC])) {
        /* the class's docstring: the string that opens its body */
        ev_value doc = ev_func_doc(I, (ev_func *)body.u.o);
        int r = doc.tag == EV_T_NONE ? 0 : ev_dict_set_str(I, ev_as_dict(ns), I->dn[EV_DN_DOC], doc);
        ev_decref(I, doc);
        if (r)
            goto out;
    }
    if (orig_bases.tag != EV_T_NONE) {
        ev_str *ok = ev_intern(I, "__orig_bases__", 14);
        if (!ok || ev_dict_set_str(I, ev_as_dict(ns), ok, orig_bases))
            goto out;
    }
    if (by_meta)
        cls = ev_meta_make_class(I, winner ? ev_obj_val(&winner->h) : meta, n->name, bases, ns, &kw);
    else
        cls = ev_class_new(I, NULL, n->name, bases, ev_as_dict(ns), kw.n ? &kw : NULL);
    if (!EV_IS_ERR(cls))
        cls = apply_decorators(I, decs, cls);
out:
    ev_decref(I, decs);
    ev_decref(I, orig_bases);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(kwv))
        ev_decref(I, kwv);
    if (!EV_IS_ERR(body))
        ev_decref(I, body);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    if (EV_IS_ERR(cls))
        return X_ERROR;
    int r = ix_assign(I, F, n->a, cls);
    ev_decref(I, cls);
    return r ? X_ERROR : X_NORMAL;
}

/* The right side of an augmented assignment is a yield (self.total +=
 * yield): the target's object, key and current value are evaluated first
 * and held across it, recorded for the collector (ix_hold).  A yield nested
 * deeper is not looked for: what is held then counts as held from outside. */
static inline bool rhs_yields(const ev_node *n)
{
    return n->b->kind == N_YIELD || n->b->kind == N_YIELDFROM;
}

static __attribute__((noinline)) xstatus exec_augassign(ev_interp *I, frame *F, const ev_node *n)
{
    const ev_node *t = n->a;
    ix_hold hold, hold2;
    if (t->kind == N_SUBSCRIPT) {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return X_ERROR;
        ev_value key = ix_eval_key(I, F, t->b);
        if (EV_IS_ERR(key)) {
            ev_decref(I, obj);
            return X_ERROR;
        }
        xstatus st = X_ERROR;
        ev_value cur = ev_getitem(I, obj, key);
        if (!EV_IS_ERR(cur)) {
            bool y = rhs_yields(n);
            if (y) {
                ix_hold_push(F, &hold, &obj, &key);
                ix_hold_push(F, &hold2, &cur, NULL);
            }
            ev_value rhs = ix_eval(I, F, n->b);
            if (y) {
                ix_hold_pop(F, &hold2);
                ix_hold_pop(F, &hold);
            }
            if (!EV_IS_ERR(rhs)) {
                ev_value nv = ev_inplace(I, (ev_binop)n->op, cur, rhs);
                ev_decref(I, rhs);
                if (!EV_IS_ERR(nv)) {
                    if (ev_setitem(I, obj, key, nv) == 0)
                        st = X_NORMAL;
                    ev_decref(I, nv);
                }
            }
            ev_decref(I, cur);
        }
        ev_decref(I, obj);
        ev_decref(I, key);
        return st;
    }
    if (t->kind == N_ATTR) {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return X_ERROR;
        ev_value cur;
        if (!ix_attr_get_cached(I, t, obj, &cur))
            cur = ev_getattr(I, obj, t->name);
        if (EV_IS_ERR(cur)) {
            ev_decref(I, obj);
            return X_ERROR;
        }
        bool y = rhs_yields(n);
        if (y)
            ix_hold_push(F, &hold, &obj, &cur);
        ev_value rhs = ix_eval(I, F, n->b);
        if (y)
            ix_hold_pop(F, &hold);
        if (EV_IS_ERR(rhs)) {
            ev_decref(I, cur);
            ev_decref(I, obj);
            return X_ERROR;
        }
        ev_value nv = ev_inplace(I, (ev_binop)n->op, cur, rhs);
        ev_decref(I, cur);
        ev_decref(I, rhs);
        int r = EV_IS_ERR(nv) ? -1 : ix_setattr_node(I, t, obj, nv);
        if (!EV_IS_ERR(nv))
            ev_decref(I, nv);
        ev_decref(I, obj);
        return r ? X_ERROR : X_NORMAL;
    }
    if (t->kind == N_LOCAL && n->op == EV_OP_ADD && ev_is(F->f.slots[t->slot], EV_O_STR)) {
        ev_value rhs = ix_eval(I, F, n->b);
        if (EV_IS_ERR(rhs))
            return X_ERROR;
        int r = ev_str_append_inplace(I, &F->f.slots[t->slot], rhs);
        if (r != 0) {
            ev_decref(I, rhs);
            return r < 0 ? X_ERROR : X_NORMAL;
        }
        /* not applicable: fall back to the general path with rhs evaluated */
        ev_value cur = ev_dup(F->f.slots[t->slot]);
        ev_value nv = ev_inplace(I, EV_OP_ADD, cur, rhs);
        ev_decref(I, cur);
        ev_decref(I, rhs);
        if (EV_IS_ERR(nv))
            return X_ERROR;
        int a = ix_assign(I, F, t, nv);
        ev_decref(I, nv);
        return a ? X_ERROR : X_NORMAL;
    }
    ev_value cur = ix_eval(I, F, t);
    if (EV_IS_ERR(cur))
        return X_ERROR;
    bool y = rhs_yields(n);
    if (y)
        ix_hold_push(F, &hold, &cur, NULL);
    ev_value rhs = ix_eval(I, F, n->b);
    if (y)
        ix_hold_pop(F, &hold);
    if (EV_IS_ERR(rhs)) {
        ev_decref(I, cur);
        return X_ERROR;
    }
    ev_value nv;
    if (cur.tag == EV_T_INT && rhs.tag == EV_T_INT && ix_int_binop_fast(n->op, cur.u.i, rhs.u.i, &nv.u.i))
        nv.tag = EV_T_INT;
    else if (ix_float_binop_fast(n->op, cur, rhs, &nv.u.f))
        nv.tag = EV_T_FLOAT;
    else
        nv = ev_inplace(I, (ev_binop)n->op, cur, rhs);
    ev_decref(I, cur);
    ev_decref(I, rhs);
    if (EV_IS_ERR(nv))
        return X_ERROR;
    int r = ix_assign(I, F, t, nv);
    ev_decref(I, nv);
    return r ? X_ERROR : X_NORMAL;
}

/* x = x + s on a local string: append in place, as CPython does */
static __attribute__((noinline)) xstatus exec_str_append(ev_interp *I, frame *F, const ev_node *n)
{
    const ev_node *e = n->a;
    ev_value rhs = ix_eval(I, F, e->b);
    if (EV_IS_ERR(rhs))
        return X_ERROR;
    ev_value *slot = &F->f.slots[e->a->slot];
    int r = EV_IS_ERR(*slot) ? 0 : ev_str_append_inplace(I, slot, rhs);
    if (r != 0) {
        ev_decref(I, rhs);
        return r < 0 ? X_ERROR : X_NORMAL;
    }
    if (EV_IS_ERR(*slot)) {
        ev_decref(I, rhs);
        ix_unbound_local(I, e->a->name);
        return X_ERROR;
    }
    ev_value sum = ev_binary(I, EV_OP_ADD, *slot, rhs);
    ev_decref(I, rhs);
    if (EV_IS_ERR(sum))
        return X_ERROR;
    int a = ix_assign(I, F, n->list[0], sum);
    ev_decref(I, sum);
    return a ? X_ERROR : X_NORMAL;
}

static __attribute__((noinline)) xstatus exec_import(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value m = ev_import(I, n->name);
    if (EV_IS_ERR(m))
        return X_ERROR;
    int r = 0;
    if (n->op == 3) {
        /* import a.b: a, which ev_import made and cached first */
        ev_str *top = ev_intern(I, n->name->data, (size_t)(strchr(n->name->data, '.') - n->name->data));
        ev_value *pv = top ? ev_dict_lookup_str(I->modules, top) : NULL;
        r = pv ? ix_assign(I, F, n->a, *pv) : -1;
        if (top && !pv)
            ev_raise(I, &ev_type_ImportError, "No module named '%s'", top->data);
    } else if (n->op == 0) {
        r = ix_assign(I, F, n->a, m);
    } else if (n->op == 2) {
        r = ix_import_star(I, (ev_module *)m.u.o, n->name);
    } else {
        for (uint32_t i = 0; i < n->n && r == 0; i++) {
            ev_value *v = ev_dict_lookup_str(((ev_module *)m.u.o)->ns, n->names[i]);
            if (!v) {
                ev_raise(I, &ev_type_ImportError, "cannot import name '%s' from '%s' (unknown location)",
                         n->names[i]->data, n->name->data);
                r = -1;
            } else {
                r = ix_assign(I, F, n->list[i], *v);
            }
        }
    }
    ev_decref(I, m);
    return r ? X_ERROR : X_NORMAL;
}

static __attribute__((noinline)) xstatus exec_assert(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value c = ix_eval(I, F, n->a);
    if (EV_IS_ERR(c))
        return X_ERROR;
    int t = ev_truth(I, c);
    ev_decref(I, c);
    if (t < 0)
        return X_ERROR;
    if (t)
        return X_NORMAL;
    ev_value args = ev_tuple_new(I, n->b ? 1 : 0);
    if (EV_IS_ERR(args))
        return X_ERROR;
    if (n->b) {
        ev_value m = ix_eval(I, F, n->b);
        if (EV_IS_ERR(m)) {
            ev_decref(I, args);
            return X_ERROR;
        }
        ev_as_tuple(args)->items[0] = m;
    }
    ev_value e = ev_exc_new(I, &ev_type_AssertionError, args);
    if (!EV_IS_ERR(e))
        ev_raise_value(I, e);
    if (!F->err_node)
        F->err_node = n->c;
    return X_ERROR;
}

/* The dispatcher: the rarer and the bigger kinds are functions of their
 * own, so a statement costs a small frame (every call nests one). */
xstatus ix_exec(ev_interp *I, frame *F, const ev_node *n)
{
    F->f.cur = n;
    F->err_node = NULL;
    switch ((ev_nkind)n->kind) {
    case N_EXPR: {
        ev_value v = ix_eval(I, F, n->a);
        if (EV_IS_ERR(v))
            return X_ERROR;
        ev_decref(I, v);
        return X_NORMAL;
    }
    case N_ASSIGN: {
        const ev_node *e = n->a;
        if (n->n == 1 && n->list[0]->kind == N_LOCAL && e->kind == N_BINOP && e->op == EV_OP_ADD &&
            e->a->kind == N_LOCAL && e->a->slot == n->list[0]->slot &&
            ev_is(F->f.slots[e->a->slot], EV_O_STR))
            return exec_str_append(I, F, n);
        ev_value v = ix_eval(I, F, n->a);
        if (EV_IS_ERR(v))
            return X_ERROR;
        int r = 0;
        for (uint32_t i = 0; i < n->n && r == 0; i++)
            r = ix_assign(I, F, n->list[i], v);
        ev_decref(I, v);
        return r ? X_ERROR : X_NORMAL;
    }
    case N_AUGASSIGN:
        return exec_augassign(I, F, n);
    case N_IF: {
        ev_value c = ix_eval(I, F, n->a);
        if (EV_IS_ERR(c))
            return X_ERROR;
        int t = c.tag == EV_T_BOOL ? (int)c.u.i : ev_truth(I, c);
        ev_decref(I, c);
        if (t < 0)
            return X_ERROR;
        if (t)
            return ix_exec_block(I, F, n->b);
        if (!n->c)
            return X_NORMAL;
        return n->c->kind == N_BLOCK ? ix_exec_block(I, F, n->c) : ix_exec(I, F, n->c);
    }
    case N_WHILE:
        return exec_while(I, F, n);
    case N_FOR:
        return n->op == OP_ASYNC ? ix_exec_async_for(I, F, n) : exec_for(I, F, n);
    case N_BREAK:
        return X_BREAK;
    case N_CONTINUE:
        return X_CONTINUE;
    case N_PASS:
        return X_NORMAL;
    case N_RETURN: {
        ev_value v = EV_NONE;
        if (n->a) {
            v = ix_eval(I, F, n->a);
            if (EV_IS_ERR(v))
                return X_ERROR;
        }
        ev_decref(I, F->retval);
        F->retval = v;
        return X_RETURN;
    }
    case N_DEF:
        return exec_def(I, F, n);
    case N_CLASS:
        return exec_class(I, F, n);
    case N_WITH:
        return ix_exec_with(I, F, n);
    case N_ANNASSIGN:
        return exec_annassign(I, F, n);
    case N_BLOCK:
        return ix_exec_block(I, F, n);
    case N_DEL:
        return ix_delete(I, F, n->a) ? X_ERROR : X_NORMAL;
    case N_RAISE:
        return ix_exec_raise(I, F, n);
    case N_TRY:
        return ix_exec_try(I, F, n);
    case N_MATCH:
        return ix_exec_match(I, F, n);
    case N_IMPORT:
        return exec_import(I, F, n);
    case N_ASSERT:
        return exec_assert(I, F, n);
    default:
        ev_raise(I, &ev_type_SyntaxError, "this statement is not supported by safepy yet (line %u)", n->line);
        return X_ERROR;
    }
}
