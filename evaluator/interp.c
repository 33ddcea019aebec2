/*
 * interp.c - the tree-walking interpreter over the lowered program.
 *
 * ix_eval() returns a new reference or EV_ERR; ix_exec() returns a control code.
 * Python recursion maps onto C recursion, so every call checks the Python
 * depth limit and the C stack guard; loops and calls count down the tick
 * that triggers the clock check (ev_tick), which is how `while True: pass`
 * meets the time limit.  A limit (I->limit) is uncatchable: try/except and
 * finally blocks let it pass untouched.
 */
#include <string.h>

#include "evaluator/interp_int.h"
#include "evaluator/modules/modules.h"
#include "evaluator/gen.h"



static ev_value load_global(ev_interp *I, ev_str *name)
{
    ev_value *v = ev_dict_lookup_str(I->globals, name);
    if (!v)
        v = ev_dict_lookup_str(I->builtins, name);
    if (!v)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", name->data);
    return ev_dup(*v);
}

/* A global name's lookup, cached in its node: the entry index in globals,
 * valid while that entry still holds this (interned) name; or the index in
 * builtins, valid while globals has had no insertion since (a new global
 * could shadow the builtin).  Entries move only when a dict is resized, and
 * then the key check fails and the name is looked up again. */
#define GCACHE_BUILTIN 0x8000
static ev_value load_global_cached(ev_interp *I, const ev_node *n)
{
    ev_node *m = (ev_node *)n; /* the cache is the node's own, for this session */
    ev_dict *g = I->globals;
    if (m->slot > 0) {
        size_t idx = (size_t)m->slot - 1;
        ev_dict *d = (m->flags & GCACHE_BUILTIN) ? I->builtins : g;
        if (idx < d->nentries && d->entries[idx].key.tag == EV_T_OBJ && d->entries[idx].key.u.o == &n->name->h &&
            (!(m->flags & GCACHE_BUILTIN) || (uint64_t)m->cval.u.i == g->version))
            return ev_dup(d->entries[idx].value);
    }
    ev_dict *d = g;
    ev_value *v = ev_dict_lookup_str(g, n->name);
    if (!v) {
        d = I->builtins;
        v = ev_dict_lookup_str(d, n->name);
    }
    if (!v)
        return ev_raise(I, &ev_type_NameError, "name '%s' is not defined", n->name->data);
    ev_dict_entry *e = (ev_dict_entry *)((char *)v - offsetof(ev_dict_entry, value));
    size_t idx = (size_t)(e - d->entries);
    if (idx < INT32_MAX) {
        m->slot = (int32_t)idx + 1;
        m->flags = (uint16_t)((m->flags & ~GCACHE_BUILTIN) | (d == g ? 0 : GCACHE_BUILTIN));
        m->cval.u.i = (int64_t)g->version;
    }
    return ev_dup(*v);
}

/* A store to a module-level name (x = ... at top level, where models
 * write most of their loops) goes straight to the entry the node found
 * last time, validated as the loads are: same index, same interned key. */
static int store_global_cached(ev_interp *I, const ev_node *n, ev_value v)
{
    ev_node *m = (ev_node *)n; /* the cache is the node's own, for this session */
    ev_dict *g = I->globals;
    if (m->slot > 0 && !(m->flags & GCACHE_BUILTIN)) {
        size_t idx = (size_t)m->slot - 1;
        if (idx < g->nentries && g->entries[idx].key.tag == EV_T_OBJ && g->entries[idx].key.u.o == &n->name->h) {
            ev_value old = g->entries[idx].value;
            g->entries[idx].value = ev_dup(v);
            ev_decref(I, old);
            return 0;
        }
    }
    if (ev_dict_set_str(I, g, n->name, v))
        return -1;
    ev_value *slot = ev_dict_lookup_str(g, n->name);
    if (slot) {
        ev_dict_entry *e = (ev_dict_entry *)((char *)slot - offsetof(ev_dict_entry, value));
        size_t idx = (size_t)(e - g->entries);
        if (idx < INT32_MAX) {
            m->slot = (int32_t)idx + 1;
            m->flags = (uint16_t)(m->flags & ~GCACHE_BUILTIN);
        }
    }
    return 0;
}

ev_value ix_unbound_local(ev_interp *I, ev_str *name)
{
    return ev_raise(I, &ev_type_UnboundLocalError,
                    "cannot access local variable '%s' where it is not associated with a value",
                    name->data);
}

static ev_value unbound_free(ev_interp *I, ev_str *name)
{
    return ev_raise(I, &ev_type_NameError,
                    "cannot access free variable '%s' where it is not associated with a value in "
                    "enclosing scope", name->data);
}

static ev_cell *cell_of(frame *F, const ev_node *n)
{
    ev_value c = n->kind == N_FREE ? F->f.closure[n->slot] : F->f.slots[n->slot];
    return (ev_cell *)c.u.o;
}

/* ---- attribute inline caches ---------------------------------------------------------- */

/* IC_NOVALS: the instance's values are its slots (EV_TYPE_SLOTVALS), not
 * attributes by name, so IC_GET and IC_SET use only its dict */
enum { IC_GET = 1, IC_SET = 2, IC_SLOT = 4, IC_NOVALS = 8 };

/* Is n's cache valid for an instance of t?  Filled on a miss: the answer
 * holds until any class changes (class_version), as CPython's
 * LOAD_ATTR_INSTANCE_VALUE and LOAD_ATTR_SLOT specialisations. */
static __attribute__((noinline)) uint8_t attr_cache_fill(ev_interp *I, ev_node *n, ev_type *t)
{
    uint8_t ok = 0;
    /* a user class laid out as object (no C slots, no builtin base whose
     * methods could be data descriptors) that has nothing of that name, or
     * a slot's member descriptor; a special name (__class__, __dict__, the
     * policy's) always takes the general path */
    if (!ev_str_is_dunder(n->name) && ev_is_heaptype(t) && ev_solid_base(t) == &ev_type_object) {
        ev_value *a = ev_type_find(I, t, n->name);
        uint32_t ix = UINT32_MAX;
        if ((!a || (ev_is_member(*a) && (ix = ev_member_index(*a, t)) != UINT32_MAX)) &&
            !ev_type_defines(I, t, EV_DN_GETATTRIBUTE)) {
            /* a set may go straight in without __setattr__/__delattr__ (and,
             * for a name that is not a slot, with a dict to go to); the
             * special names come from the class's cached mask */
            bool set = (a || !(t->tflags & EV_TYPE_NODICT)) && !ev_type_defines(I, t, EV_DN_SETATTR) &&
                       !ev_type_defines(I, t, EV_DN_DELATTR);
            ok = IC_GET | (set ? IC_SET : 0);
            if (a) {
                ok |= IC_SLOT;
                n->ic_index = ix;
            } else if (t->tflags & EV_TYPE_SLOTVALS) {
                ok |= IC_NOVALS;
            }
        }
    }
    n->ic_type = t;
    n->ic_version = I->class_version;
    n->ic_ok = ok;
    return ok;
}

static inline uint8_t attr_cache(ev_interp *I, ev_node *n, ev_type *t)
{
    if (n->ic_type == t && n->ic_version == I->class_version)
        return n->ic_ok;
    return attr_cache_fill(I, n, t);
}

/* The instance dict's entry for n->name, through the node's index hint. */
static __attribute__((noinline)) ev_value *attr_slot_miss(ev_node *n, ev_dict *d)
{
    ev_value *v = ev_dict_lookup_str(d, n->name);
    if (v)
        n->ic_index = (uint32_t)(((ev_dict_entry *)((char *)v - offsetof(ev_dict_entry, value))) - d->entries);
    return v;
}

static inline ev_value *attr_slot(ev_node *n, ev_dict *d)
{
    uint32_t ix = n->ic_index;
    if (ix < d->nentries && d->entries[ix].key.tag == EV_T_OBJ && d->entries[ix].key.u.o == &n->name->h)
        return &d->entries[ix].value;
    return attr_slot_miss(n, d);
}

/* obj.name for a plain instance whose class does not define name: 1 with
 * *out set, 0 when the general path must answer (not cached, not found). */
int ix_attr_get_cached(ev_interp *I, const ev_node *n, ev_value o, ev_value *out)
{
    if (o.tag != EV_T_OBJ || o.u.o->kind != EV_O_INSTANCE)
        return 0;
    ev_instance *in = (ev_instance *)o.u.o;
    uint8_t ok = attr_cache(I, (ev_node *)n, in->type);
    ev_value *v = NULL;
    if (__builtin_expect((ok & (IC_GET | IC_SLOT | IC_NOVALS)) == IC_GET, 1)) {
        if (in->values) {
            /* the key index is the node's hint; keys only grow, so a hit stays one */
            uint32_t ix = n->ic_index;
            if (ix < in->values->used && in->type->ikeys[ix] == n->name)
                v = &in->values->v[ix];
            else
                v = ev_ivalues_find(in, n->name, &((ev_node *)n)->ic_index);
        }
    } else if (!(ok & IC_GET)) {
        return 0;
    } else if (ok & IC_SLOT) {
        /* an unset slot: the general path raises */
        if (!in->values || EV_IS_ERR(in->values->v[n->ic_index]))
            return 0;
        v = &in->values->v[n->ic_index];
    }
    if (!v && (!in->dict || !(v = attr_slot((ev_node *)n, in->dict))))
        return 0;
    *out = ev_dup(*v);
    return 1;
}

int ix_setattr_node(ev_interp *I, const ev_node *n, ev_value obj, ev_value v)
{
    if (obj.tag == EV_T_OBJ && obj.u.o->kind == EV_O_INSTANCE && !EV_IS_ERR(v)) {
        ev_instance *in = (ev_instance *)obj.u.o;
        uint8_t ok = in->type != &ev_type_object ? attr_cache(I, (ev_node *)n, in->type) : 0;
        /* IC_GET | IC_SET alone: a plain instance, the common case, tested
         * first; an instance's values take the attribute (0), or it goes
         * to its dict (1) */
        int r = 1;
        if (__builtin_expect(ok == (IC_GET | IC_SET), 1)) {
            if (!in->dict)
                r = ev_ivalues_set(I, in, n->name, v, &((ev_node *)n)->ic_index);
        } else if ((ok & (IC_SET | IC_SLOT)) == (IC_SET | IC_SLOT)) {
            return ev_islot_set(I, in, n->ic_index, n->name, v);
        } else if (ok & IC_SET) {
            /* IC_NOVALS: an EV_TYPE_SLOTVALS instance, whose dict is made here */
            r = ev_ivalues_set(I, in, n->name, v, &((ev_node *)n)->ic_index);
        } else {
            return ev_setattr(I, obj, n->name, v);
        }
        if (r <= 0)
            return r;
        ev_value *slot = attr_slot((ev_node *)n, in->dict);
        if (slot) {
            ev_value old = *slot;
            *slot = ev_dup(v);
            ev_decref(I, old);
            return 0;
        }
        if (ev_dict_set_str(I, in->dict, n->name, v))
            return -1;
        if (in->dict->used > in->type->inst_attrs)
            in->type->inst_attrs = in->dict->used;
        return 0;
    }
    return ev_setattr(I, obj, n->name, v);
}

static int ix_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value v)
{
    return ev_setattr(I, obj, name, v);
}

/* ---- assignment --------------------------------------------------------------------------- */


/* a, b = v and a, *b, c = v.  Items are collected into a list first. */
static int unpack(ev_interp *I, frame *F, const ev_node *t, ev_value v)
{
    uint32_t n = t->n;
    bool star = t->slot >= 0 && (uint32_t)t->slot < n && t->list[t->slot]->kind == N_STAR;
    ev_value all;
    if (ev_is(v, EV_O_LIST) || ev_is(v, EV_O_TUPLE)) {
        all = ev_dup(v);
    } else {
        ev_value it = ev_iter(I, v);
        if (EV_IS_ERR(it)) {
            if (ev_is(I->exc, EV_O_EXC) && ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError)
                ev_raise(I, &ev_type_TypeError, "cannot unpack non-iterable %s object", ev_type_name(v));
            return -1;
        }
        /* as CPython's unpack_iterable: with a star the items before it
         * are taken one by one, the rest by PySequence_List of the
         * iterator (which asks the iterator's length hint) */
        all = star ? ev_list_new(I, 0) : ev_list_from_iterable(I, it);
        bool short_of = false;
        for (uint32_t k = 0; star && !EV_IS_ERR(all) && k < (uint32_t)t->slot; k++) {
            ev_value x;
            int r = ev_next(I, it, &x);
            int e = r > 0 ? ev_list_append(I, ev_as_list(all), x) : 0;
            if (r > 0)
                ev_decref(I, x);
            if (r < 0 || e) {
                ev_decref(I, all);
                all = EV_ERR;
            }
            if (r == 0) {
                short_of = true;
                break;
            }
        }
        if (star && !short_of && !EV_IS_ERR(all) && ev_list_extend(I, ev_as_list(all), it)) {
            ev_decref(I, all);
            all = EV_ERR;
        }
        ev_decref(I, it);
        if (EV_IS_ERR(all))
            return -1;
    }
    size_t got = ev_is(all, EV_O_LIST) ? ev_as_list(all)->len : ev_as_tuple(all)->len;
    const ev_value *items = ev_is(all, EV_O_LIST) ? ev_as_list(all)->items : ev_as_tuple(all)->items;
    int rc = -1;
    if (!star && got > n) {
        ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected %u)", n);
        goto done;
    }
    if (!star && got < n) {
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected %u, got %zu)", n, got);
        goto done;
    }
    if (star && got < n - 1) {
        ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected at least %u, got %zu)",
                 n - 1, got);
        goto done;
    }
    rc = 0;
    if (!star) {
        for (uint32_t i = 0; i < n && rc == 0; i++)
            rc = ix_assign(I, F, t->list[i], items[i]);
        goto done;
    }
    uint32_t before = (uint32_t)t->slot, after = n - before - 1;
    size_t mid = got - before - after;
    for (uint32_t i = 0; i < before && rc == 0; i++)
        rc = ix_assign(I, F, t->list[i], items[i]);
    if (rc == 0) {
        ev_value l = ev_list_new(I, mid);
        if (EV_IS_ERR(l)) {
            rc = -1;
            goto done;
        }
        ev_list_set_len(ev_as_list(l), mid);
        for (size_t k = 0; k < mid; k++)
            ev_as_list(l)->items[k] = ev_dup(items[before + k]);
        rc = ix_assign(I, F, t->list[before]->a, l);
        ev_decref(I, l);
    }
    for (uint32_t i = 0; i < after && rc == 0; i++)
        rc = ix_assign(I, F, t->list[before + 1 + i], items[before + mid + i]);
done:
    ev_decref(I, all);
    return rc;
}

static ev_value make_slice(ev_interp *I, frame *F, const ev_node *s)
{
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    t.u.o->kind = EV_O_SLICE;
    const ev_node *parts[3] = {s->a, s->b, s->c};
    for (int i = 0; i < 3; i++) {
        if (!parts[i])
            continue;
        ev_value v = ix_eval(I, F, parts[i]);
        if (EV_IS_ERR(v)) {
            ev_decref(I, t);
            return v;
        }
        ev_as_tuple(t)->items[i] = v;
    }
    return t;
}

ev_value ix_eval_key(ev_interp *I, frame *F, const ev_node *k)
{
    return k->kind == N_SLICE ? make_slice(I, F, k) : ix_eval(I, F, k);
}

int ix_assign(ev_interp *I, frame *F, const ev_node *t, ev_value v)
{
    switch (t->kind) {
    case N_LOCAL: {
        ev_value old = F->f.slots[t->slot];
        F->f.slots[t->slot] = ev_dup(v);
        if (!EV_IS_ERR(old))
            ev_decref(I, old);
        return 0;
    }
    case N_GLOBAL:
        return store_global_cached(I, t, v);
    case N_CELLVAR:
    case N_FREE: {
        ev_cell *c = cell_of(F, t);
        ev_value old = c->v;
        c->v = ev_dup(v);
        if (!EV_IS_ERR(old))
            ev_decref(I, old);
        return 0;
    }
    case N_SUBSCRIPT: {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return -1;
        ev_value key = ix_eval_key(I, F, t->b);
        if (EV_IS_ERR(key)) {
            ev_decref(I, obj);
            return -1;
        }
        int r = ev_setitem(I, obj, key, v);
        ev_decref(I, obj);
        ev_decref(I, key);
        if (r && !F->err_node)
            F->err_node = t;
        return r;
    }
    case N_ATTR: {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return -1;
        int r = ix_setattr_node(I, t, obj, v);
        ev_decref(I, obj);
        if (r && !F->err_node)
            F->err_node = t;
        return r;
    }
    case N_TUPLE:
    case N_LIST: {
        int r = unpack(I, F, t, v);
        if (r && !F->err_node)
            F->err_node = t;
        return r;
    }
    default:
        ev_raise(I, &ev_type_SyntaxError, "cannot assign to this expression");
        return -1;
    }
}

int ix_delete(ev_interp *I, frame *F, const ev_node *t)
{
    switch (t->kind) {
    case N_LOCAL: {
        ev_value old = F->f.slots[t->slot];
        if (EV_IS_ERR(old)) {
            ix_unbound_local(I, t->name);
            return -1;
        }
        F->f.slots[t->slot] = EV_ERR;
        ev_decref(I, old);
        return 0;
    }
    case N_CELLVAR:
    case N_FREE: {
        ev_cell *c = cell_of(F, t);
        if (EV_IS_ERR(c->v)) {
            if (t->kind == N_FREE)
                unbound_free(I, t->name);
            else
                ix_unbound_local(I, t->name);
            return -1;
        }
        ev_value old = c->v;
        c->v = EV_ERR;
        ev_decref(I, old);
        return 0;
    }
    case N_GLOBAL: {
        int r = ev_dict_del(I, I->globals, ev_obj_val(&t->name->h));
        if (r == 1) {
            ev_raise(I, &ev_type_NameError, "name '%s' is not defined", t->name->data);
            ev_exc_note_name(I, t->name, F->f.def);
            return -1;
        }
        return r;
    }
    case N_SUBSCRIPT: {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return -1;
        ev_value key = ix_eval_key(I, F, t->b);
        if (EV_IS_ERR(key)) {
            ev_decref(I, obj);
            return -1;
        }
        int r = ev_delitem(I, obj, key);
        ev_decref(I, obj);
        ev_decref(I, key);
        return r;
    }
    case N_TUPLE:
    case N_LIST:
        for (uint32_t i = 0; i < t->n; i++)
            if (ix_delete(I, F, t->list[i]))
                return -1;
        return 0;
    case N_ATTR: {
        ev_value obj = ix_eval(I, F, t->a);
        if (EV_IS_ERR(obj))
            return -1;
        int r = ix_setattr(I, obj, t->name, EV_ERR);
        ev_decref(I, obj);
        return r;
    }
    default:
        ev_raise(I, &ev_type_SyntaxError, "cannot delete this expression");
        return -1;
    }
}

/* ---- expressions ----------------------------------------------------------------------------- */

/* obj.name(args): the method is called without making a bound-method
 * object when it is a Python function in the class of a user instance or a
 * builtin method of a list, str, dict, set, tuple or deque; anything else goes
 * through getattr and call as usual. */
static ev_value eval_global(ev_interp *I, frame *F, const ev_node *n);

/* The operands of most operators and calls are a local, a global or a
 * constant: fetched here without ix_eval's call and dispatch. */
static inline ev_value eval_operand(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->kind == N_LOCAL) {
        ev_value v = F->f.slots[n->slot];
        if (!EV_IS_ERR(v))
            return ev_dup(v);
    } else if (n->kind == N_CONST) {
        return ev_dup(n->cval);
    } else if (n->kind == N_GLOBAL) {
        return eval_global(I, F, n);
    }
    return ix_eval(I, F, n);
}

static ev_value eval_method_call(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value obj = eval_operand(I, F, n->a->a);
    if (EV_IS_ERR(obj))
        return obj;
    ev_str *name = n->a->name;
    /* the method is found before the arguments are evaluated, as CPython's LOAD_METHOD */
    ev_value fn = EV_ERR;             /* a Python function to call with obj first */
    const ev_builtin_def *m = NULL;   /* or a builtin method of obj */
    ev_value callee = EV_ERR;         /* or whatever getattr gave */
    if (obj.tag == EV_T_OBJ && obj.u.o->kind == EV_O_INSTANCE) {
        ev_type *t = ((ev_instance *)obj.u.o)->type;
        ev_dict *d = ((ev_instance *)obj.u.o)->dict;
        ev_value *f = ev_is_heaptype(t) ? ev_type_find(I, t, name) : NULL;
        if (f && ev_is(*f, EV_O_FUNC) && !(d && ev_dict_lookup_str(d, name)) &&
            !ev_ivalues_find((ev_instance *)obj.u.o, name, NULL) &&
            !ev_type_defines(I, t, EV_DN_GETATTRIBUTE))
            fn = ev_dup(*f); /* held: the call may rebind the class attribute */
    } else if (obj.tag == EV_T_OBJ && !(obj.u.o->flags & EV_OBJ_SUB) &&
               (obj.u.o->kind == EV_O_LIST || obj.u.o->kind == EV_O_STR || obj.u.o->kind == EV_O_TUPLE ||
                obj.u.o->kind == EV_O_SET || obj.u.o->kind == EV_O_FROZENSET || obj.u.o->kind == EV_O_DEQUE ||
                (obj.u.o->kind == EV_O_DICT &&
                 (!ev_as_dict(obj)->type || !ev_is_heaptype(ev_as_dict(obj)->type))))) {
        /* Counter, defaultdict and OrderedDict are dicts with a builtin type */
        ev_type *bt = ev_type_of(obj);
        ev_node *an = (ev_node *)n->a;
        if (an->mc_type == bt) {
            m = an->mc_def;
        } else {
            m = ev_builtin_method(bt, name);
            if (m && (m->flags & EV_BF_PROP))
                m = NULL; /* an attribute, not a method: the general path calls what it gives */
            an->mc_type = bt;
            an->mc_def = m;
        }
    } else if (obj.tag == EV_T_OBJ && obj.u.o->kind == EV_O_MODULE && name->data[0] != '_' &&
               !ev_policy_attr_find(name)) {
        /* math.sqrt(x): the module's namespace holds it (a miss takes the
         * general path for its error) */
        ev_value *v = ev_dict_lookup_str(((ev_module *)obj.u.o)->ns, name);
        if (v)
            callee = ev_dup(*v);
    }
    if (EV_IS_ERR(fn) && !m && EV_IS_ERR(callee)) {
        callee = ev_getattr(I, obj, name);
        if (EV_IS_ERR(callee)) {
            if (!F->err_node)
                F->err_node = n->a;
            ev_decref(I, obj);
            return callee;
        }
    }
    ev_value stackargs[17];
    ev_value *args = stackargs;
    uint32_t done = 0;
    ev_value res = EV_ERR;
    if (n->n + 1 > 17 && !(args = ev_alloc(I, (n->n + 1) * sizeof(ev_value)))) {
        args = stackargs;
        ev_raise_nomem(I);
        goto out;
    }
    for (; done < n->n; done++) {
        args[done + 1] = eval_operand(I, F, n->list[done]);
        if (EV_IS_ERR(args[done + 1]))
            goto out;
    }
    /* what evaluating the arguments dropped (print(D().n)) is finalized
     * before the call, as CPython finalizes it at once; the arguments
     * could run any code themselves: nothing here relies on state */
    if (__builtin_expect(I->fin_n > I->fin_floor, 0) && ev_fin_drain_slow(I))
        goto out;
    int argc = (int)n->nargs, nkw = (int)(n->n - n->nargs);
    const ev_value *kwvals = args + 1 + n->nargs;
    if (!EV_IS_ERR(fn)) {
        args[0] = obj;
        res = ev_call_function(I, (ev_func *)fn.u.o, argc + 1, args, nkw, n->names, kwvals);
    } else if (m) {
        ev_kw kw = {nkw, n->names, kwvals};
        res = ev_call_method_def(I, m, obj, argc, args + 1, nkw ? &kw : NULL);
    } else {
        res = ev_call(I, callee, argc, args + 1, nkw, n->names, kwvals);
    }
out:
    for (uint32_t i = 1; i <= done; i++)
        ev_decref(I, args[i]);
    if (args != stackargs)
        ev_dealloc(I, args);
    if (!EV_IS_ERR(fn))
        ev_decref(I, fn);
    if (!EV_IS_ERR(callee))
        ev_decref(I, callee);
    ev_decref(I, obj);
    return res;
}

static ev_value eval_call(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->a->kind == N_ATTR && !(n->flags & CALL_STAR))
        return eval_method_call(I, F, n);
    ev_value callee = eval_operand(I, F, n->a);
    if (EV_IS_ERR(callee))
        return callee;
    if (n->flags & CALL_STAR) {
        ev_value r = ix_eval_call_star(I, F, n, callee);
        ev_decref(I, callee);
        return r;
    }
    ev_value stackargs[16];
    ev_value *args = stackargs;
    uint32_t done = 0;
    ev_value res = EV_ERR;
    if (n->n > 16) {
        args = ev_alloc(I, n->n * sizeof(ev_value));
        if (!args) {
            ev_decref(I, callee);
            return ev_raise_nomem(I);
        }
    }
    for (; done < n->n; done++) {
        args[done] = eval_operand(I, F, n->list[done]);
        if (EV_IS_ERR(args[done]))
            goto out;
    }
    if (__builtin_expect(I->fin_n > I->fin_floor, 0) && ev_fin_drain_slow(I))
        goto out; /* as in eval_method_call */
    res = ev_call(I, callee, (int)n->nargs, args, (int)(n->n - n->nargs), n->names, args + n->nargs);
out:
    for (uint32_t i = 0; i < done; i++)
        ev_decref(I, args[i]);
    if (args != stackargs)
        ev_dealloc(I, args);
    ev_decref(I, callee);
    return res;
}

static bool same_object(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    switch (a.tag) {
    case EV_T_NONE: return true;
    case EV_T_OBJ: return a.u.o == b.u.o;
    default: return a.u.i == b.u.i;
    }
}

static ev_value eval_compare(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value left = eval_operand(I, F, n->list[0]);
    if (EV_IS_ERR(left))
        return left;
    for (uint32_t i = 0; i + 1 < n->n; i++) {
        ev_value right = eval_operand(I, F, n->list[i + 1]);
        if (EV_IS_ERR(right)) {
            ev_decref(I, left);
            return right;
        }
        int op = n->ops[i], r;
        if (op <= 5 && left.tag == EV_T_INT && right.tag == EV_T_INT) {
            /* the common case, without the protocol's dispatch */
            int64_t x = left.u.i, y = right.u.i;
            r = op == 0 ? x < y : op == 1 ? x <= y : op == 2 ? x == y : op == 3 ? x != y : op == 4 ? x > y : x >= y;
            if (!r)
                return EV_FALSE;
            left = right;
            continue;
        }
        if (op <= 5 && (ev_is_user(left) || ev_is_user(right))) {
            /* a rich comparison's result is whatever the method returned; a
             * chain stops at the first false one and gives it.  Instances of
             * a builtin's subclass without the method compare as the builtin. */
            ev_value res;
            /* PyObject_RichCompare's level of the depth limit, as ev_compare */
            int got = ev_recursion_enter(I, " in comparison");
            if (got == 0) {
                got = ev_user_richcmp(I, left, right, op, &res);
                if (got == 0) {
                    got = ev_compare_builtin(I, left, right, op);
                    res = ev_bool(got > 0);
                    got = got < 0 ? -1 : 1;
                }
                ev_recursion_leave(I);
            }
            ev_decref(I, left);
            if (got < 0) {
                ev_decref(I, right);
                return EV_ERR;
            }
            if (i + 2 == n->n) {
                ev_decref(I, right);
                return res;
            }
            int t = ev_truth(I, res);
            if (t <= 0) {
                ev_decref(I, right);
                if (t < 0) {
                    ev_decref(I, res);
                    return EV_ERR;
                }
                return res;
            }
            ev_decref(I, res);
            left = right;
            continue;
        }
        switch (op) {
        case CMP_IN: r = ev_contains(I, right, left); break;
        case CMP_NOT_IN: r = ev_contains(I, right, left); if (r >= 0) r = !r; break;
        case CMP_IS: r = same_object(left, right); break;
        case CMP_IS_NOT: r = !same_object(left, right); break;
        default: r = ev_compare(I, left, right, op); break;
        }
        ev_decref(I, left);
        if (r <= 0) {
            ev_decref(I, right);
            return r < 0 ? EV_ERR : EV_FALSE;
        }
        left = right;
    }
    ev_decref(I, left);
    return EV_TRUE;
}

/* Remember the innermost expression whose own operation raised, for the
 * traceback's caret line: children that raised were marked first. */
static inline ev_value located(frame *F, const ev_node *n, ev_value r)
{
    if (EV_IS_ERR(r) && !F->err_node)
        F->err_node = n;
    return r;
}

/* One step of the delegate of `yield from`: a generator is resumed with the
 * sent value; another iterator gets next() (None sent) or its send() method.
 * 1 yielded (*out), 0 finished (*out = its result: a StopIteration's value),
 * -1 raised. */
static int yf_step(ev_interp *I, ev_value it, ev_value sent, ev_value *out)
{
    int r;
    if (ev_is(it, EV_O_GEN))
        return ev_gen_resume(I, (ev_gen *)it.u.o, sent, false, out);
    if (ev_is_awaiter(it))
        return ev_awaiter_send(I, it, sent, out);
    if (sent.tag != EV_T_NONE) {
        ev_str *name = ev_intern(I, "send", 4);
        ev_value m = name ? ev_getattr(I, it, name) : EV_ERR;
        *out = EV_IS_ERR(m) ? m : ev_call(I, m, 1, &sent, 0, NULL, NULL);
        ev_decref(I, m);
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

/* yield from (PEP 380): values the delegate yields pass through, sent values
 * go to it; throw() and close() reach it from objects/generator.c through the generator's
 * yf while this frame is suspended.  The value is the delegate's result. */
static __attribute__((noinline)) ev_value eval_yield_from(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value src = ix_eval(I, F, n->a);
    if (EV_IS_ERR(src))
        return src;
    /* await x: x's awaitable iterator */
    if (n->op == OP_ASYNC) {
        /* the await is where the traceback's caret points, as CPython's */
        ev_value it = ev_await_iter(I, src, EV_AWAIT_EXPR);
        ev_decref(I, src);
        return located(F, n, EV_IS_ERR(it) ? it : ix_yield_from(I, F, it));
    }
    if (ev_is(src, EV_O_GEN) && ((ev_gen *)src.u.o)->flavor == EV_CORO_CORO) {
        ev_decref(I, src);
        return ev_raise(I, &ev_type_TypeError, "cannot 'yield from' a coroutine object in a non-coroutine generator");
    }
    ev_value it = ev_iter(I, src);
    ev_decref(I, src);
    if (EV_IS_ERR(it))
        return it;
    return ix_yield_from(I, F, it);
}

/* The delegation loop of yield from and await over the iterator it (taken). */
ev_value ix_yield_from(ev_interp *I, frame *F, ev_value it)
{
    ev_gen *self = I->cur_gen;
    ev_value result = EV_NONE, sent = EV_NONE;
    ix_hold hold;
    ix_hold_push(F, &hold, &it, NULL);
    for (;;) {
        ev_value v;
        int r = yf_step(I, it, sent, &v);
        ev_decref(I, sent);
        sent = EV_NONE;
        if (r < 0) {
            ix_hold_pop(F, &hold);
            ev_decref(I, it);
            return EV_ERR;
        }
        if (r == 0) {
            result = v;
            break;
        }
        if (self) {
            ev_decref(I, self->yf);
            self->yf = ev_dup(it);
            self->yf_done = false;
        }
        int y = ev_gen_yield(I, v, &sent, true); /* takes v */
        bool done = false;
        if (self) {
            ev_decref(I, self->yf);
            self->yf = EV_NONE;
            done = self->yf_done;
            self->yf_done = false;
        }
        if (y < 0) {
            ix_hold_pop(F, &hold);
            ev_decref(I, it);
            return EV_ERR;
        }
        if (done) {
            /* the delegate finished inside throw(): sent is its result */
            result = sent;
            break;
        }
    }
    ix_hold_pop(F, &hold);
    ev_decref(I, it);
    return result;
}


/* from m import *: the names of m.__all__, else its public names, bound
 * as globals (CPython's import_all_from) */
int ix_import_star(ev_interp *I, ev_module *m, ev_str *modname)
{
    ev_str *all_name = ev_intern(I, "__all__", 7);
    if (!all_name)
        return -1;
    ev_value *all = ev_dict_lookup_str(m->ns, all_name);
    ev_value names;
    if (all) {
        names = ev_list_from_iterable(I, *all);
    } else {
        names = ev_list_new(I, 0);
        for (size_t i = 0; !EV_IS_ERR(names) && i < m->ns->nentries; i++) {
            ev_value k = m->ns->entries[i].key;
            if (!EV_IS_ERR(k) && ev_is(k, EV_O_STR) && ev_as_str(k)->data[0] != '_' &&
                ev_list_append(I, ev_as_list(names), k)) {
                ev_decref(I, names);
                names = EV_ERR;
            }
        }
    }
    if (EV_IS_ERR(names))
        return -1;
    int r = 0;
    ev_list *l = ev_as_list(names);
    for (size_t i = 0; r == 0 && i < l->len; i++) {
        ev_value k = l->items[i];
        if (!ev_is(k, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "Item in %s.__all__ must be str, not %s", modname->data,
                     ev_type_name(k));
            r = -1;
            break;
        }
        ev_str *key = ev_intern(I, ev_as_str(k)->data, ev_as_str(k)->len);
        ev_value *v = key ? ev_dict_lookup_str(m->ns, key) : NULL;
        if (!key)
            r = -1;
        else if (!v) {
            ev_raise(I, &ev_type_AttributeError, "module '%s' has no attribute '%s'", modname->data, key->data);
            r = -1;
        } else {
            r = ev_dict_set_str(I, I->globals, key, *v);
        }
    }
    ev_decref(I, names);
    return r;
}

static __attribute__((noinline)) ev_value eval_local_unbound(ev_interp *I, frame *F, const ev_node *n)
{
    /* a class body's name not bound yet: globals, then builtins */
    if (n->op) {
        ev_value v = load_global(I, n->name);
        if (EV_IS_ERR(v))
            ev_exc_note_name(I, n->name, F->f.def);
        return located(F, n, v);
    }
    return located(F, n, ix_unbound_local(I, n->name));
}

static __attribute__((noinline)) ev_value eval_global_slow(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value v = load_global_cached(I, n);
    if (EV_IS_ERR(v))
        ev_exc_note_name(I, n->name, F->f.def);
    return located(F, n, v);
}

/* A module-level name found where the node found it last: a leaf that
 * tail-calls the full lookup, so the hit costs no frame (module-level
 * loops read globals constantly; inlined into ix_eval it cost fib 15%). */
static __attribute__((noinline)) ev_value eval_global(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->slot > 0) {
        ev_dict *g = I->globals, *d = g;
        size_t idx = (size_t)n->slot - 1;
        /* a builtin (len, range) holds while no global was added since */
        if ((n->flags & GCACHE_BUILTIN) && (uint64_t)n->cval.u.i != g->version)
            return eval_global_slow(I, F, n);
        if (n->flags & GCACHE_BUILTIN)
            d = I->builtins;
        if (idx < d->nentries && d->entries[idx].key.tag == EV_T_OBJ && d->entries[idx].key.u.o == &n->name->h)
            return ev_dup(d->entries[idx].value);
    }
    return eval_global_slow(I, F, n);
}

static __attribute__((noinline)) ev_value eval_cell(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value v = cell_of(F, n)->v;
    if (EV_IS_ERR(v))
    {
        ev_value e = n->kind == N_FREE ? unbound_free(I, n->name) : ix_unbound_local(I, n->name);
        if (n->kind == N_FREE)
            ev_exc_note_name(I, n->name, F->f.def);
        return located(F, n, e);
    }
    return ev_dup(v);
}

static __attribute__((noinline)) ev_value eval_binop(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value a = eval_operand(I, F, n->a);
    if (EV_IS_ERR(a))
        return a;
    ev_value b = eval_operand(I, F, n->b);
    if (EV_IS_ERR(b)) {
        ev_decref(I, a);
        return b;
    }
    ev_value r;
    bool fast = false;
    if (a.tag == EV_T_INT && b.tag == EV_T_INT)
        fast = ix_int_binop_fast(n->op, a.u.i, b.u.i, &r.u.i);
    if (fast)
        r.tag = EV_T_INT;
    else if (ix_float_binop_fast(n->op, a, b, &r.u.f))
        r.tag = EV_T_FLOAT;
    else
        r = located(F, n, ev_binary(I, (ev_binop)n->op, a, b));
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

/* One step of a chain: a op b, both consumed; step is where a failure is
 * located. */
static inline ev_value binchain_apply(ev_interp *I, frame *F, const ev_node *step, uint8_t op, ev_value a,
                                      ev_value b)
{
    ev_value r;
    if (a.tag == EV_T_INT && b.tag == EV_T_INT && ix_int_binop_fast(op, a.u.i, b.u.i, &r.u.i))
        return (ev_value){.tag = EV_T_INT, .u.i = r.u.i};
    if (ix_float_binop_fast(op, a, b, &r.u.f)) {
        r.tag = EV_T_FLOAT;
        return r;
    }
    r = located(F, step, ev_binary(I, (ev_binop)op, a, b));
    ev_decref(I, a);
    ev_decref(I, b);
    return r;
}

/* N_BINCHAIN, in CPython's order: to the left, each operand is evaluated
 * and applied at once (a, b, +, c, -); to the right (**), every operand
 * first, then the powers from the right end. */
static __attribute__((noinline)) ev_value eval_binchain(ev_interp *I, frame *F, const ev_node *n)
{
    uint32_t k = n->n;
    const uint8_t *ops = n->ops;
    if (n->op != EV_OP_POW) {
        ev_value acc = eval_operand(I, F, n->list[0]);
        for (uint32_t i = 1; i < k && !EV_IS_ERR(acc); i++) {
            ev_value b = eval_operand(I, F, n->list[i]);
            if (EV_IS_ERR(b)) {
                ev_decref(I, acc);
                return b;
            }
            acc = binchain_apply(I, F, n->list[k + i - 1], ops[i - 1], acc, b);
        }
        return acc;
    }
    ev_value *v = ev_alloc(I, k * sizeof *v);
    if (!v)
        return EV_ERR;
    uint32_t got = 0;
    ev_value acc = EV_ERR;
    for (; got < k; got++) {
        v[got] = eval_operand(I, F, n->list[got]);
        if (EV_IS_ERR(v[got]))
            goto out;
    }
    acc = v[--got];
    while (got > 0 && !EV_IS_ERR(acc)) {
        got--;
        acc = binchain_apply(I, F, n->list[k + got], ops[got], v[got], acc);
    }
out:
    while (got > 0)
        ev_decref(I, v[--got]);
    ev_dealloc(I, v);
    return acc;
}

static __attribute__((noinline)) ev_value eval_unary(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value a = ix_eval(I, F, n->a);
    if (EV_IS_ERR(a))
        return a;
    ev_value r = located(F, n, n->op == UN_NEG ? ev_negate(I, a) : n->op == UN_POS ? ev_positive(I, a) : ev_invert(I, a));
    ev_decref(I, a);
    return r;
}

static __attribute__((noinline)) ev_value eval_not(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value a = ix_eval(I, F, n->a);
    if (EV_IS_ERR(a))
        return a;
    int t = ev_truth(I, a);
    ev_decref(I, a);
    return t < 0 ? EV_ERR : ev_bool(!t);
}

/* N_AND / N_OR: operands list[0..n), n >= 2, side by side (CPython's
 * BoolOp): the first that decides is the value, else the last */
static __attribute__((noinline)) ev_value eval_andor(ev_interp *I, frame *F, const ev_node *n)
{
    for (uint32_t i = 0;; i++) {
        ev_value a = ix_eval(I, F, n->list[i]);
        if (EV_IS_ERR(a) || i + 1 == n->n)
            return a;
        int t = ev_truth(I, a);
        if (t < 0) {
            ev_decref(I, a);
            return EV_ERR;
        }
        if ((n->kind == N_AND) != (t != 0))
            return a;
        ev_decref(I, a);
    }
}

static __attribute__((noinline)) ev_value eval_ifexp(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value c = ix_eval(I, F, n->b);
    if (EV_IS_ERR(c))
        return c;
    int t = ev_truth(I, c);
    ev_decref(I, c);
    if (t < 0)
        return EV_ERR;
    return ix_eval(I, F, t ? n->a : n->c);
}

static __attribute__((noinline)) ev_value eval_walrus(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value v = ix_eval(I, F, n->b);
    if (EV_IS_ERR(v))
        return v;
    if (ix_assign(I, F, n->a, v)) {
        ev_decref(I, v);
        return EV_ERR;
    }
    return v;
}

static __attribute__((noinline)) ev_value eval_attr(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value o = eval_operand(I, F, n->a);
    if (EV_IS_ERR(o))
        return o;
    ev_value r;
    if (ix_attr_get_cached(I, n, o, &r)) {
        ev_decref(I, o);
        return r;
    }
    r = located(F, n, ev_getattr(I, o, n->name));
    ev_decref(I, o);
    return r;
}

static __attribute__((noinline)) ev_value eval_subscript(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value o = eval_operand(I, F, n->a);
    if (EV_IS_ERR(o))
        return o;
    ev_value k = ix_eval_key(I, F, n->b);
    if (EV_IS_ERR(k)) {
        ev_decref(I, o);
        return k;
    }
    /* x[i] of a plain list or tuple and d[key] of a plain dict, found,
     * without the protocol's dispatch; anything else (a miss, a slice, a
     * subclass) goes the general way */
    if (o.tag == EV_T_OBJ && !(o.u.o->flags & EV_OBJ_SUB)) {
        ev_kind kd = (ev_kind)o.u.o->kind;
        if (k.tag == EV_T_INT && (kd == EV_O_LIST || kd == EV_O_TUPLE)) {
            size_t len = kd == EV_O_LIST ? ev_as_list(o)->len : ev_as_tuple(o)->len;
            int64_t i = k.u.i < 0 ? k.u.i + (int64_t)len : k.u.i;
            if (i >= 0 && (uint64_t)i < len) {
                ev_value r = ev_dup(kd == EV_O_LIST ? ev_as_list(o)->items[i] : ev_as_tuple(o)->items[i]);
                ev_decref(I, o);
                return r;
            }
        } else if (kd == EV_O_DICT && !ev_as_dict(o)->type) {
            ev_value r;
            int f = ev_dict_get(I, ev_as_dict(o), k, &r);
            if (f != 0) {
                ev_decref(I, o);
                ev_decref(I, k);
                return f > 0 ? r : located(F, n, EV_ERR);
            }
        }
    }
    ev_value r = located(F, n, ev_getitem(I, o, k));
    ev_decref(I, o);
    ev_decref(I, k);
    return r;
}

static __attribute__((noinline)) ev_value eval_comp(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value src = ix_eval(I, F, n->b);
    if (EV_IS_ERR(src))
        return src;
    /* the outermost iterable is iterated here, in the enclosing scope */
    ev_value it = n->op == OP_ASYNC ? ev_async_iter_for(I, src) : ev_iter(I, src);
    ev_decref(I, src);
    if (EV_IS_ERR(it))
        return it;
    ev_value fn = ix_make_function(I, F, n->def);
    if (EV_IS_ERR(fn)) {
        ev_decref(I, it);
        return fn;
    }
    ev_value r = located(F, n, ev_call_function(I, (ev_func *)fn.u.o, 1, &it, 0, NULL, NULL));
    ev_decref(I, fn);
    ev_decref(I, it);
    return r;
}

static __attribute__((noinline)) ev_value eval_yield(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value v = n->a ? ix_eval(I, F, n->a) : EV_NONE;
    if (EV_IS_ERR(v))
        return v;
    /* v goes to the resumer: a suspended generator keeps no reference to
     * what it yielded (`yield self` leaves no hidden cycle) */
    ev_value sent;
    int r = ev_gen_yield(I, v, &sent, false);
    return r < 0 ? EV_ERR : sent;
}

static __attribute__((noinline)) ev_value eval_compbody(ev_interp *I, frame *F, const ev_node *n)
{
    if (n->op == COMP_GEN)
        return ix_comp_loop(I, F, n, 0, EV_NONE) ? EV_ERR : EV_NONE;
    ev_value acc = n->op == COMP_DICT ? ev_dict_new(I)
                 : n->op == COMP_SET ? ev_set_new(I, false) : ev_list_new(I, 0);
    if (EV_IS_ERR(acc))
        return acc;
    if (ix_comp_loop(I, F, n, 0, acc)) {
        ev_decref(I, acc);
        return EV_ERR;
    }
    return acc;
}

static __attribute__((noinline)) ev_value eval_compare_node(ev_interp *I, frame *F, const ev_node *n)
{
    return located(F, n, eval_compare(I, F, n));
}

/* After a call expression: the call has released its arguments and the
 * callee's frame, a safe point, so f(D()) finalizes the temporary before
 * the next call, as CPython does (a call can run any code: nothing here
 * relies on state a finalizer could change).  Kept out of the hot path. */
static __attribute__((noinline, cold)) ev_value call_drain(ev_interp *I, ev_value r)
{
    if (!EV_IS_ERR(r) && ev_fin_drain_slow(I)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

static __attribute__((noinline)) ev_value eval_call_node(ev_interp *I, frame *F, const ev_node *n)
{
    ev_value r = located(F, n, eval_call(I, F, n));
    if (__builtin_expect(I->fin_n > I->fin_floor, 0))
        return call_drain(I, r);
    return r;
}

static __attribute__((noinline)) ev_value eval_unsupported(ev_interp *I, frame *F, const ev_node *n)
{
    return ev_raise(I, &ev_type_SyntaxError, "this expression is not supported by safepy yet (line %u)", n->line);
}

/* Each kind's work is its own function and the switch only dispatches, so
 * a constant or a local costs no stack frame and the recursion through
 * operands keeps only the small frames of the kinds on the way. */
ev_value ix_eval(ev_interp *I, frame *F, const ev_node *n)
{
    switch ((ev_nkind)n->kind) {
    case N_CONST:
        return ev_dup(n->cval);
    case N_LOCAL: {
        ev_value v = F->f.slots[n->slot];
        return EV_IS_ERR(v) ? eval_local_unbound(I, F, n) : ev_dup(v);
    }
    case N_GLOBAL: return eval_global(I, F, n);
    case N_CELLVAR:
    case N_FREE: return eval_cell(I, F, n);
    case N_BINOP: return eval_binop(I, F, n);
    case N_BINCHAIN: return eval_binchain(I, F, n);
    case N_UNARY: return eval_unary(I, F, n);
    case N_NOT: return eval_not(I, F, n);
    case N_AND:
    case N_OR: return eval_andor(I, F, n);
    case N_IFEXP: return eval_ifexp(I, F, n);
    case N_COMPARE: return eval_compare_node(I, F, n);
    case N_WALRUS: return eval_walrus(I, F, n);
    case N_CALL: return eval_call_node(I, F, n);
    case N_ATTR: return eval_attr(I, F, n);
    case N_SUBSCRIPT: return eval_subscript(I, F, n);
    case N_SLICE: return make_slice(I, F, n);
    case N_LIST:
    case N_TUPLE:
    case N_DICT:
    case N_SET: return ix_eval_display(I, F, n);
    case N_FSTRING: return ix_eval_fstring(I, F, n);
    case N_LAMBDA: return ix_make_function(I, F, n->def);
    case N_COMP: return eval_comp(I, F, n);
    case N_YIELD: return eval_yield(I, F, n);
    case N_YIELDFROM: return eval_yield_from(I, F, n);
    case N_COMPBODY: return eval_compbody(I, F, n);
    default: return eval_unsupported(I, F, n);
    }
}
