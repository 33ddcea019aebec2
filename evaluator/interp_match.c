/*
 * interp_match.c - runs the match statement lowered by lower_match.c.
 *
 * A case's captured values go to an array indexed by capture number and
 * are stored to their names only when the whole pattern matched, before
 * the guard runs (so a failed guard leaves them bound, as in CPython).
 * Pattern recursion follows the lowered tree, whose depth lower_match.c
 * caps.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/interp_int.h"

#define SMALL_CAPS 8

static void put(ev_interp *I, ev_value *caps, int slot, ev_value v)
{
    if (slot < 0)
        return;
    if (!EV_IS_ERR(caps[slot]))
        ev_decref(I, caps[slot]);
    caps[slot] = ev_dup(v);
}

/* The pending exception is an AttributeError: clear it (not a limit). */
static bool clear_attribute_error(ev_interp *I)
{
    if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

/* collections.abc.Sequence for the types safepy has: str is not one. */
static bool is_sequence(ev_value v)
{
    ev_type *t = ev_type_of(v);
    return ev_type_is_subclass(t, &ev_type_list) || ev_type_is_subclass(t, &ev_type_tuple) ||
           ev_type_is_subclass(t, &ev_type_range) || ev_type_is_subclass(t, &ev_type_deque) ||
           (t->tflags & EV_TYPE_SEQUENCE);
}

static int match(ev_interp *I, frame *F, const ev_node *p, ev_value subj, ev_value *caps);

static int match_value(ev_interp *I, frame *F, const ev_node *p, ev_value subj)
{
    ev_value v = ix_eval(I, F, p->a);
    if (EV_IS_ERR(v))
        return -1;
    int r;
    if (p->op) /* None, True, False: by identity */
        r = subj.tag == v.tag && (v.tag == EV_T_NONE || subj.u.i == v.u.i);
    else
        r = ev_eq(I, subj, v);
    ev_decref(I, v);
    return r;
}

static int match_sequence(ev_interp *I, frame *F, const ev_node *p, ev_value subj, ev_value *caps)
{
    if (!is_sequence(subj))
        return 0;
    int64_t len;
    if (ev_len(I, subj, &len))
        return -1;
    int64_t n = p->n;
    if (p->slot < 0 ? len != n : len < n - 1)
        return 0;
    ev_value items = ev_is(subj, EV_O_TUPLE) && !ev_is_user(subj) ? ev_dup(subj)
                                                                  : ev_tuple_from_iterable(I, subj);
    if (EV_IS_ERR(items))
        return -1;
    ev_tuple *t = ev_as_tuple(items);
    len = (int64_t)t->len; /* what iteration gave */
    int r = 1;
    if (p->slot < 0 ? len != n : len < n - 1)
        r = 0;
    for (int64_t i = 0; i < n && r == 1; i++) {
        if (i == p->slot) {
            int64_t cnt = len - (n - 1);
            ev_value rest = ev_list_new(I, (size_t)cnt);
            if (EV_IS_ERR(rest)) {
                r = -1;
                break;
            }
            for (int64_t k = 0; k < cnt && r == 1; k++)
                if (ev_list_append(I, ev_as_list(rest), t->items[i + k]))
                    r = -1;
            if (r == 1)
                r = match(I, F, p->list[i], rest, caps);
            ev_decref(I, rest);
            continue;
        }
        int64_t at = p->slot >= 0 && i > p->slot ? len - (n - i) : i;
        r = match(I, F, p->list[i], t->items[at], caps);
    }
    ev_decref(I, items);
    return r;
}

/* subj.get(key, dummy) of a mapping that is no dict (a collections.abc
 * Mapping's subclass), as MATCH_KEYS: 1 with *out, 0 when it gave dummy */
static int generic_get(ev_interp *I, ev_value get, ev_value dummy, ev_value key, ev_value *out)
{
    ev_value args[2] = {key, dummy};
    ev_value v = ev_call(I, get, 2, args, 0, NULL, NULL);
    if (EV_IS_ERR(v))
        return -1;
    if (v.tag == EV_T_OBJ && v.u.o == dummy.u.o) {
        ev_decref(I, v);
        return 0;
    }
    *out = v;
    return 1;
}

static int match_mapping(ev_interp *I, frame *F, const ev_node *p, ev_value subj, ev_value *caps)
{
    bool is_dict = ev_type_is_subclass(ev_type_of(subj), &ev_type_dict) && ev_is(subj, EV_O_DICT);
    if (!is_dict && !(ev_type_of(subj)->tflags & EV_TYPE_MAPPING))
        return 0;
    ev_dict *d = is_dict ? (ev_dict *)subj.u.o : NULL;
    ev_value get = EV_ERR, dummy = EV_ERR;
    int64_t len;
    if (ev_len(I, subj, &len))
        return -1;
    if (len < (int64_t)p->n)
        return 0;
    int r = 1;
    uint32_t nk = 0, nv = 0;
    ev_value *keys = ev_alloc(I, sizeof(ev_value) * 2 * (p->n + 1));
    if (!keys)
        return -1;
    ev_value *vals = keys + p->n + 1;
    /* every key first (a repeated one is an error), then the lookups,
     * then the sub-patterns, as CPython's MATCH_KEYS */
    for (uint32_t i = 0; i < p->n && r == 1; i++) {
        ev_value k = ix_eval(I, F, p->list[i]->a);
        if (EV_IS_ERR(k)) {
            r = -1;
            break;
        }
        keys[nk++] = k;
        for (uint32_t j = 0; j + 1 < nk && r == 1; j++) {
            int eq = ev_eq(I, keys[j], k);
            if (eq < 0) {
                r = -1;
            } else if (eq) {
                ev_value rep = ev_repr(I, k);
                if (!EV_IS_ERR(rep)) {
                    ev_raise(I, &ev_type_ValueError, "mapping pattern checks duplicate key (%s)",
                             ev_as_str(rep)->data);
                    ev_decref(I, rep);
                }
                r = -1;
            }
        }
    }
    if (r == 1 && !d && nk) {
        ev_str *gn = ev_intern(I, "get", 3);
        get = gn ? ev_getattr(I, subj, gn) : EV_ERR;
        dummy = EV_IS_ERR(get) ? EV_ERR : ev_call(I, ev_obj_val(&ev_type_object.h), 0, NULL, 0, NULL, NULL);
        if (EV_IS_ERR(dummy))
            r = -1;
    }
    for (uint32_t i = 0; i < nk && r == 1; i++) {
        int g = d ? ev_dict_get(I, d, keys[i], &vals[nv]) : generic_get(I, get, dummy, keys[i], &vals[nv]);
        if (g < 0)
            r = -1;
        else if (g == 0)
            r = 0;
        else
            nv++;
    }
    for (uint32_t i = 0; i < nv && r == 1; i++)
        r = match(I, F, p->list[i]->b, vals[i], caps);
    if (r == 1 && p->c && !d) {
        /* dict(subject) less the keys: COPY_DICT_WITHOUT_KEYS */
        ev_value rest = ev_call(I, ev_obj_val(&ev_type_dict.h), 1, &subj, 0, NULL, NULL);
        r = EV_IS_ERR(rest) ? -1 : 1;
        for (uint32_t i = 0; i < nk && r == 1; i++)
            if (ev_dict_del(I, (ev_dict *)rest.u.o, keys[i]) < 0)
                r = -1;
        if (r == 1)
            r = match(I, F, p->c, rest, caps);
        ev_decref(I, rest);
    } else if (r == 1 && p->c) {
        ev_value rest = ev_dict_new(I);
        ev_value it = EV_IS_ERR(rest) ? EV_ERR : ev_iter(I, subj);
        r = EV_IS_ERR(it) ? -1 : 1;
        ev_value k;
        int got = 0;
        while (r == 1 && (got = ev_next(I, it, &k)) == 1) {
            ev_value v;
            int g = ev_dict_get(I, d, k, &v);
            if (g < 0 || (g == 1 && ev_dict_set(I, (ev_dict *)rest.u.o, k, v)))
                r = -1;
            if (g == 1)
                ev_decref(I, v);
            ev_decref(I, k);
        }
        if (got < 0)
            r = -1;
        for (uint32_t i = 0; i < nk && r == 1; i++)
            if (ev_dict_del(I, (ev_dict *)rest.u.o, keys[i]) < 0)
                r = -1;
        if (r == 1)
            r = match(I, F, p->c, rest, caps);
        if (!EV_IS_ERR(it))
            ev_decref(I, it);
        if (!EV_IS_ERR(rest))
            ev_decref(I, rest);
    }
    for (uint32_t i = 0; i < nk; i++)
        ev_decref(I, keys[i]);
    for (uint32_t i = 0; i < nv; i++)
        ev_decref(I, vals[i]);
    ev_dealloc(I, keys);
    ev_decref(I, get);
    ev_decref(I, dummy);
    return r;
}

/* int(x), str(s)...: a single positional sub-pattern matches the subject
 * itself (CPython's _Py_TPFLAGS_MATCH_SELF, inherited by subclasses). */
static bool matches_self(ev_type *t)
{
    ev_type *const self_types[] = {&ev_type_bool, &ev_type_int, &ev_type_float, &ev_type_str,
                                   &ev_type_list, &ev_type_tuple, &ev_type_dict, &ev_type_set,
                                   &ev_type_frozenset};
    for (size_t i = 0; i < sizeof self_types / sizeof *self_types; i++)
        if (ev_type_is_subclass(t, self_types[i]))
            return true;
    return false;
}

/* CPython's tp_name: a class statement's name, a C type's qualified one
 * (collections.deque). */
static const char *tp_name(const ev_type *t, char *buf, size_t cap)
{
    if ((t->tflags & EV_TYPE_HEAP) || !t->module || strchr(t->name, '.'))
        return t->name;
    snprintf(buf, cap, "%s.%s", t->module, t->name);
    return buf;
}

static int match_class(ev_interp *I, frame *F, const ev_node *p, ev_value subj, ev_value *caps)
{
    ev_value cls = ix_eval(I, F, p->a);
    if (EV_IS_ERR(cls))
        return -1;
    ev_value margs = EV_ERR;
    ev_value *vals = NULL;
    ev_str **seen = NULL;
    uint32_t nv = 0;
    int r = 1;
    if (!ev_is(cls, EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "called match pattern must be a type");
        r = -1;
        goto done;
    }
    ev_type *t = (ev_type *)cls.u.o;
    char nbuf[128];
    const char *tname = tp_name(t, nbuf, sizeof nbuf);
    /* isinstance(), as CPython's MATCH_CLASS: a metaclass's __instancecheck__ decides */
    r = ev_isinstance(I, subj, cls);
    if (r <= 0)
        goto done;
    bool self = false;
    if (p->nargs > 0) {
        ev_str *ma = ev_intern(I, "__match_args__", 14);
        margs = ma ? ev_getattr(I, cls, ma) : EV_ERR;
        if (EV_IS_ERR(margs) && !clear_attribute_error(I)) {
            r = -1;
            goto done;
        }
        uint32_t allowed = 0;
        if (!EV_IS_ERR(margs)) {
            if (!ev_is(margs, EV_O_TUPLE)) {
                ev_raise(I, &ev_type_TypeError, "%s.__match_args__ must be a tuple (got %s)", tname,
                         ev_type_name(margs));
                r = -1;
                goto done;
            }
            allowed = (uint32_t)ev_as_tuple(margs)->len;
        } else if (matches_self(t)) {
            self = true;
            allowed = 1;
        }
        if (p->nargs > allowed) {
            ev_raise(I, &ev_type_TypeError, "%s() accepts %u positional sub-pattern%s (%u given)", tname,
                     allowed, allowed == 1 ? "" : "s", p->nargs);
            r = -1;
            goto done;
        }
    }
    vals = ev_alloc(I, sizeof(ev_value) * (p->n + 1));
    seen = ev_alloc(I, sizeof(ev_str *) * (p->n + 1));
    if (!vals || !seen) {
        r = -1;
        goto done;
    }
    /* every attribute first, then the sub-patterns, as CPython's MATCH_CLASS */
    for (uint32_t i = 0; i < p->n && r == 1; i++) {
        if (self) {
            vals[nv++] = ev_dup(subj);
            continue;
        }
        ev_str *name;
        if (i < p->nargs) {
            ev_value s = ev_as_tuple(margs)->items[i];
            if (!ev_is(s, EV_O_STR)) {
                ev_raise(I, &ev_type_TypeError, "__match_args__ elements must be strings (got %s)",
                         ev_type_name(s));
                r = -1;
                break;
            }
            name = ev_intern(I, ev_as_str(s)->data, ev_as_str(s)->len);
            if (!name) {
                r = -1;
                break;
            }
        } else {
            name = p->names[i - p->nargs];
        }
        for (uint32_t j = 0; j < i && r == 1; j++)
            if (seen[j] == name) {
                ev_raise(I, &ev_type_TypeError, "%s() got multiple sub-patterns for attribute '%s'",
                         tname, name->data);
                r = -1;
            }
        if (r != 1)
            break;
        seen[i] = name;
        ev_value v = ev_getattr(I, subj, name);
        if (EV_IS_ERR(v)) {
            r = clear_attribute_error(I) ? 0 : -1;
            break;
        }
        vals[nv++] = v;
    }
    for (uint32_t i = 0; i < nv && r == 1; i++)
        r = match(I, F, p->list[i], vals[i], caps);
done:
    for (uint32_t i = 0; i < nv; i++)
        ev_decref(I, vals[i]);
    ev_dealloc(I, vals);
    ev_dealloc(I, seen);
    if (!EV_IS_ERR(margs))
        ev_decref(I, margs);
    ev_decref(I, cls);
    return r;
}

/* 1 matched, 0 not, -1 error */
static int match(ev_interp *I, frame *F, const ev_node *p, ev_value subj, ev_value *caps)
{
    if (stack_exhausted(I)) {
        recursion_error(I);
        return -1;
    }
    switch ((ev_nkind)p->kind) {
    case N_PVALUE:
        return match_value(I, F, p, subj);
    case N_PCAPTURE:
        put(I, caps, p->slot, subj);
        return 1;
    case N_PAS: {
        int r = match(I, F, p->a, subj, caps);
        if (r == 1)
            put(I, caps, p->slot, subj);
        return r;
    }
    case N_POR:
        /* a failed alternative may leave captures behind: the one that
         * matches binds the same names again */
        for (uint32_t i = 0; i < p->n; i++) {
            int r = match(I, F, p->list[i], subj, caps);
            if (r != 0)
                return r;
        }
        return 0;
    case N_PSEQ:
        return match_sequence(I, F, p, subj, caps);
    case N_PMAP:
    case N_PCLASS: {
        /* their errors point at the pattern, as CPython's MATCH_* do */
        int r = p->kind == N_PMAP ? match_mapping(I, F, p, subj, caps) : match_class(I, F, p, subj, caps);
        if (r < 0 && !F->err_node)
            F->err_node = p;
        return r;
    }
    default:
        ev_raise(I, &ev_type_SystemError, "unknown pattern node %d", p->kind);
        return -1;
    }
}

xstatus ix_exec_match(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value subj = ix_eval(I, F, n->a);
    if (EV_IS_ERR(subj))
        return X_ERROR;
    ev_value small[SMALL_CAPS];
    xstatus st = X_NORMAL;
    for (uint32_t c = 0; c < n->n; c++) {
        const ev_node *cs = n->list[c];
        ev_value *caps = cs->n <= SMALL_CAPS ? small : ev_alloc(I, sizeof(ev_value) * cs->n);
        if (!caps) {
            st = X_ERROR;
            break;
        }
        for (uint32_t i = 0; i < cs->n; i++)
            caps[i] = EV_ERR;
        F->f.cur = cs->a;
        int r = match(I, F, cs->a, subj, caps);
        for (uint32_t i = 0; i < cs->n && r == 1; i++)
            if (ix_assign(I, F, cs->list[i], caps[i]))
                r = -1;
        for (uint32_t i = 0; i < cs->n; i++)
            if (!EV_IS_ERR(caps[i]))
                ev_decref(I, caps[i]);
        if (caps != small)
            ev_dealloc(I, caps);
        if (r == 1 && cs->b) {
            F->f.cur = cs->b;
            ev_value g = ix_eval(I, F, cs->b);
            r = EV_IS_ERR(g) ? -1 : ev_truth(I, g);
            if (!EV_IS_ERR(g))
                ev_decref(I, g);
        }
        if (r < 0) {
            st = X_ERROR;
            break;
        }
        if (r == 1) {
            ix_hold hold;
            ix_hold_push(F, &hold, &subj, NULL);
            st = ix_exec_block(I, F, cs->c);
            ix_hold_pop(F, &hold);
            break;
        }
    }
    ev_decref(I, subj);
    return st;
}
