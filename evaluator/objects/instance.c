/*
 * instance.c - the attributes of plain instances as values against their
 * class's shared keys, CPython's split-table layout: instances of a class
 * set the same names in the same order (`self.x = x` in __init__), so one
 * list of names serves them all and each instance holds only its values.
 * Reading or writing one is an index, an instance needs no dict of its
 * own (memory: 2 attributes cost 56 bytes instead of ~200), and anything
 * that needs the dict itself (__dict__, vars(), a delete, a name out of
 * order) gets one made from the values, after which the instance keeps it.
 *
 * An instance of an EV_TYPE_SLOTVALS class (one with __slots__) uses the
 * values for its slots only, one per name of the class's fixed keys, EV_ERR
 * while unset, and keeps them beside its dict (if it may have one) for
 * good: the dict never holds a slot, as CPython's never does.
 */
#include <string.h>
#include "evaluator/ev.h"

/* CPython's SHARED_KEYS_MAX_SIZE: a class whose instances collect more
 * names than that is not the common shape. */
enum { IKEYS_MAX = 30 };

static uint32_t key_index(const ev_type *t, const ev_str *name)
{
    if (name->interned) {
        /* keys are interned: one object per spelling */
        for (uint32_t i = 0; i < t->nikeys; i++)
            if (t->ikeys[i] == name)
                return i;
        return UINT32_MAX;
    }
    for (uint32_t i = 0; i < t->nikeys; i++)
        if (ev_str_eq(t->ikeys[i], name))
            return i;
    return UINT32_MAX;
}

ev_value *ev_ivalues_find(const ev_instance *in, const ev_str *name, uint32_t *hint)
{
    ev_ivalues *vs = in->values;
    /* an EV_TYPE_SLOTVALS instance's values are its slots, reached through
     * the class's member descriptors only, never by name */
    if (!vs || (in->type->tflags & EV_TYPE_SLOTVALS))
        return NULL;
    uint32_t i = key_index(in->type, name);
    if (i >= vs->used || EV_IS_ERR(vs->v[i]))
        return NULL;
    if (hint)
        *hint = i;
    return &vs->v[i];
}

static int add_key(ev_interp *I, ev_type *t, ev_str *name)
{
    if (t->nikeys == t->ikcap) {
        uint32_t cap = t->ikcap ? t->ikcap * 2 : 4;
        ev_str **k = ev_realloc(I, t->ikeys, cap * sizeof *k);
        if (!k)
            return -1;
        t->ikeys = k;
        t->ikcap = cap;
    }
    ev_incref(ev_obj_val(&name->h));
    t->ikeys[t->nikeys++] = name;
    return 0;
}

/* The empty dict of an EV_TYPE_SLOTVALS instance, made on demand. */
static int slotdict_dict(ev_interp *I, ev_instance *in)
{
    if (in->dict)
        return 0;
    ev_value dv = ev_dict_new(I);
    if (EV_IS_ERR(dv))
        return -1;
    in->dict = ev_as_dict(dv);
    return 0;
}

int ev_islot_set(ev_interp *I, ev_instance *in, uint32_t ix, ev_str *name, ev_value v)
{
    ev_type *t = in->type;
    ev_ivalues *vs = in->values;
    if (!vs) {
        if (EV_IS_ERR(v))
            goto unset;
        /* all the slots at once, unset: the keys are fixed */
        vs = ev_alloc(I, sizeof *vs + t->nikeys * sizeof(ev_value));
        if (!vs) {
            ev_raise_nomem(I);
            return -1;
        }
        vs->used = vs->cap = t->nikeys;
        for (uint32_t i = 0; i < t->nikeys; i++)
            vs->v[i] = EV_ERR;
        in->values = vs;
    }
    if (EV_IS_ERR(v) && EV_IS_ERR(vs->v[ix]))
        goto unset;
    ev_value old = vs->v[ix];
    vs->v[ix] = ev_dup(v);
    ev_decref(I, old);
    return 0;
unset:
    /* CPython's member descriptor says only the name */
    ev_raise(I, &ev_type_AttributeError, "%s", name->data);
    return -1;
}

int ev_type_slot_layout(ev_interp *I, ev_type *t, const ev_type *base, ev_str *const *own, size_t n)
{
    if ((t->tflags & EV_TYPE_EXC) || ev_solid_base(t) != &ev_type_object || t->nikeys)
        return 0;
    /* the base's slots first, at the indexes its descriptors hold, then
     * t's own; a name twice is two slots (CPython's are two members) */
    for (uint32_t i = 0; base && i < base->nikeys; i++)
        if (add_key(I, t, base->ikeys[i]))
            goto nomem;
    for (size_t i = 0; i < n; i++)
        if (add_key(I, t, own[i]))
            goto nomem;
    if (t->nikeys)
        t->tflags |= EV_TYPE_SLOTVALS;
    return 0;
nomem:
    ev_raise_nomem(I);
    return -1;
}

int ev_ivalues_set(ev_interp *I, ev_instance *in, ev_str *name, ev_value v, uint32_t *hint)
{
    ev_type *t = in->type;
    if (t->tflags & EV_TYPE_SLOTVALS)
        return slotdict_dict(I, in) ? -1 : 1; /* slots are set through their descriptors */
    ev_ivalues *vs = in->values;
    uint32_t used = vs ? vs->used : 0;
    uint32_t ix = *hint;
    if (!(ix < t->nikeys && t->ikeys[ix] == name)) {
        ix = key_index(t, name);
        if (ix != UINT32_MAX)
            *hint = ix;
    }
    if (ix < used) {
        ev_value old = vs->v[ix];
        vs->v[ix] = ev_dup(v);
        ev_decref(I, old);
        return 0;
    }
    if (ix == UINT32_MAX) {
        /* a new name extends the keys only from an instance holding them all */
        if (!name->interned || used != t->nikeys || t->nikeys >= IKEYS_MAX)
            goto to_dict;
        if (add_key(I, t, name)) {
            ev_raise_nomem(I);
            return -1;
        }
        ix = used;
        *hint = ix;
    }
    if (ix != used)
        goto to_dict; /* out of the keys' order */
    if (!vs || vs->cap == used) {
        uint32_t cap = t->nikeys > used ? t->nikeys : used + 1;
        ev_ivalues *nv = vs ? ev_realloc(I, vs, sizeof *nv + cap * sizeof(ev_value))
                            : ev_alloc(I, sizeof *nv + cap * sizeof(ev_value));
        if (!nv) {
            ev_raise_nomem(I);
            return -1;
        }
        if (!vs)
            nv->used = 0;
        nv->cap = cap;
        in->values = vs = nv;
    }
    vs->v[used] = ev_dup(v);
    vs->used = used + 1;
    return 0;
to_dict:
    return ev_instance_materialize(I, in) ? -1 : 1;
}

int ev_instance_materialize(ev_interp *I, ev_instance *in)
{
    if (in->dict)
        return 0;
    if (in->type->tflags & EV_TYPE_SLOTVALS)
        return slotdict_dict(I, in); /* the slots stay in the values */
    ev_ivalues *vs = in->values;
    uint32_t used = vs ? vs->used : 0;
    ev_value dv = ev_dict_new(I);
    if (EV_IS_ERR(dv))
        return -1;
    ev_dict *d = ev_as_dict(dv);
    uint32_t size = used + 1 > in->type->inst_attrs ? used + 1 : in->type->inst_attrs;
    if (ev_dict_presize(I, d, size))
        goto fail;
    for (uint32_t i = 0; i < used; i++)
        if (ev_dict_set_str(I, d, in->type->ikeys[i], vs->v[i]))
            goto fail;
    ev_ivalues_release(I, in);
    in->dict = d;
    return 0;
fail:
    ev_decref(I, dv);
    return -1;
}

void ev_ivalues_release(ev_interp *I, ev_instance *in)
{
    ev_ivalues *vs = in->values;
    if (!vs)
        return;
    in->values = NULL;
    for (uint32_t i = 0; i < vs->used; i++)
        ev_decref(I, vs->v[i]);
    ev_dealloc(I, vs);
}

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void instance_free(ev_interp *I, ev_obj *o)
{
    ev_instance *in = (ev_instance *)o;
    ev_ivalues_release(I, in);
    if (in->dict)
        ev_decref(I, ev_obj_val(&in->dict->h));
    /* a C type's instance, or one its cnew made for a heap subclass
     * (class P(functools.partial)): the C slots are released too */
    ev_type *lt = ev_is_heaptype(in->type) ? ev_solid_base(in->type) : in->type;
    if (lt->tflags & EV_TYPE_CSLOTS) {
        ev_cinstance *ci = (ev_cinstance *)o;
        for (uint32_t i = 0; i < ci->nslots; i++)
            ev_decref(I, ci->slots[i]);
    }
    ev_decref(I, ev_obj_val(&in->type->h));
}

static void instance_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_instance *in = (ev_instance *)o;
    visit(I, ev_obj_val(&in->type->h), arg);
    EV_VISIT_PTR(I, in->dict, visit, arg);
    for (uint32_t i = 0; in->values && i < in->values->used; i++)
        visit(I, in->values->v[i], arg);
}

static void instance_clear(ev_interp *I, ev_obj *o)
{
    ev_instance *in = (ev_instance *)o;
    ev_ivalues_release(I, in);
    EV_DROP_PTR(I, in->dict);
}

/* a user class's __hash__, else by identity (a user class without a
 * __repr__ is answered before the table: ev_object_repr) */
static int instance_hash(ev_interp *I, ev_value v, int64_t *out)
{
    int got = ev_user_hash(I, v, out);
    if (got)
        return got < 0 ? -1 : 0;
    return ev_hash_identity(I, v, out);
}

const ev_kind_ops ev_instance_ops = {
    .name = "instance",
    .free = instance_free,
    .traverse = instance_traverse,
    .clear = instance_clear,
    .hash = instance_hash,
};
