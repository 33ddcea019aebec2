/*
 * snapshot_objects.c - the objects of a snapshot being restored, made in
 * phases from the records snapshot_load.c has checked the table of:
 * (A) values and empty shells, (B) classes (bases first), their slots'
 * descriptors, instances, exceptions and unstarted generators, (C) what
 * shells hold, (D) the hashed containers, frozensets first.  Each phase
 * only refers to objects an earlier one made, so a cycle never needs an
 * object that does not exist yet; every field is checked for the kind
 * the object needs.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/modules/modules.h"
#include "evaluator/snapshot_int.h"

/* ---- phase A: values and shells --------------------------------------------------------------- */

static ev_value func_shell(sl_load *L, sl_rd *r, size_t id)
{
    uint64_t pi, di;
    if (sl_var(L, r, &pi) || sl_var(L, r, &di))
        return EV_ERR;
    if (pi >= L->nprogs || di >= L->progs[pi]->ndefs) {
        sl_fail(L, "function %zu names code that does not exist", id);
        return EV_ERR;
    }
    ev_funcdef *d = L->progs[pi]->defs[di];
    /* a class body or a list, set or dict comprehension is never a
     * function value: their code assumes the frame their statement made
     * (a generator expression's opens what it is given, as a generator's) */
    if (d->classbody || (d->name->data[0] == '<' && strcmp(d->name->data, "<lambda>") != 0 &&
                         strcmp(d->name->data, "<genexpr>") != 0)) {
        sl_fail(L, "function %zu is a class body or a comprehension", id);
        return EV_ERR;
    }
    ev_func *f = ev_alloc_gc(L->I, sizeof *f);
    if (!f) {
        sl_fail_raised(L, "a function");
        return EV_ERR;
    }
    memset(f, 0, sizeof *f);
    f->h.refcnt = 1;
    f->h.kind = EV_O_FUNC;
    ev_gc_track(L->I, &f->h);
    f->def = d;
    ev_program_retain(d->prog);
    f->annotations = EV_NONE;
    return ev_obj_val(&f->h);
}

static ev_value named_object(sl_load *L, sl_rd *r, size_t id)
{
    ev_interp *I = L->I;
    uint8_t kind;
    const char *mod;
    size_t ml;
    if (sl_u8(L, r, &kind) || sl_text(L, r, &mod, &ml, "a module name"))
        return EV_ERR;
    ev_str *attr = sl_name(L, r, "a name");
    if (!attr)
        return EV_ERR;
    ev_value *found;
    if (ml == 0) {
        found = ev_dict_lookup_str(I->builtins, attr);
    } else {
        ev_str *m = memchr(mod, '\0', ml) ? NULL : ev_intern(I, mod, ml);
        if (!m) {
            sl_fail(L, "a bad module name");
            return EV_ERR;
        }
        ev_value mv = ev_import(I, m);
        if (EV_IS_ERR(mv)) {
            sl_fail_raised(L, "importing a module a saved object comes from");
            return EV_ERR;
        }
        found = ev_is(mv, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)mv.u.o)->ns, attr) : NULL;
        ev_decref(I, mv);
    }
    if (!found || found->tag != EV_T_OBJ || found->u.o->kind != kind) {
        sl_fail(L, "'%.*s%s%s' is not in this session", (int)ml, mod, ml ? "." : "", attr->data);
        return EV_ERR;
    }
    (void)id;
    return ev_dup(*found);
}

static ev_value make_bigint(sl_load *L, sl_rd *r)
{
    uint8_t neg;
    const char *mag;
    size_t n;
    if (sl_u8(L, r, &neg) || sl_bytes(L, r, &mag, &n))
        return EV_ERR;
    if (neg > 1) {
        sl_fail(L, "a bad int sign");
        return EV_ERR;
    }
    mpz_t z;
    mpz_init(z);
    mpz_import(z, n, -1, 1, -1, 0, mag);
    if (neg)
        mpz_neg(z, z);
    ev_value v = L->I->limit ? EV_ERR : ev_int_from_mpz(L->I, z);
    mpz_clear(z);
    if (EV_IS_ERR(v))
        sl_fail_raised(L, "an int");
    return v;
}

static ev_value make_phase_a(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    sl_rd r = sl_rec(L, id);
    ev_value v = EV_ERR;
    const char *p;
    size_t n;
    switch (L->kind[id]) {
    case SK_STR: {
        uint8_t interned;
        if (sl_u8(L, &r, &interned) || sl_text(L, &r, &p, &n, "a str"))
            return EV_ERR;
        if (interned) {
            ev_str *s = ev_intern(I, p, n);
            v = s ? ev_dup(ev_obj_val(&s->h)) : EV_ERR;
        } else {
            v = ev_str_new(I, p, n);
        }
        break;
    }
    case SK_BIGINT:
        return make_bigint(L, &r);
    case SK_BYTES:
    case SK_BYTEARRAY:
        if (sl_bytes(L, &r, &p, &n))
            return EV_ERR;
        v = ev_bytes_new(I, L->kind[id] == SK_BYTES ? EV_O_BYTES : EV_O_BYTEARRAY, p, n);
        break;
    case SK_COMPLEX: {
        double re, im;
        if (sl_double(L, &r, &re) || sl_double(L, &r, &im))
            return EV_ERR;
        v = ev_complex_new(I, re, im);
        break;
    }
    case SK_LIST:
        v = ev_list_new(I, 0);
        break;
    case SK_TUPLE:
        if (sl_count(L, &r, 1, &n))
            return EV_ERR;
        v = ev_tuple_new(I, n);
        break;
    case SK_DICT:
        v = ev_dict_new(I);
        break;
    case SK_SET:
    case SK_FROZENSET:
        v = ev_set_new(I, L->kind[id] == SK_FROZENSET);
        break;
    case SK_SLICE:
        v = ev_slice_new(I, EV_NONE, EV_NONE, EV_NONE);
        break;
    case SK_CELL: {
        ev_cell *c = ev_alloc_gc(I, sizeof *c);
        if (!c)
            break;
        c->h.refcnt = 1;
        c->h.kind = EV_O_CELL;
        c->h.flags = 0;
        c->v = EV_ERR;
        ev_gc_track(I, &c->h);
        v = ev_obj_val(&c->h);
        break;
    }
    case SK_METHOD: {
        ev_method *m = ev_obj_new(I, sizeof *m, EV_O_METHOD, true);
        if (!m)
            break;
        m->func = m->self = EV_NONE;
        v = ev_obj_val(&m->h);
        break;
    }
    case SK_WRAPPER: {
        uint8_t which;
        if (sl_u8(L, &r, &which))
            return EV_ERR;
        if (which > SW_CLASSMETHOD) {
            sl_fail(L, "a bad wrapper kind");
            return EV_ERR;
        }
        ev_wrapper *w = ev_obj_new(I, sizeof *w, EV_O_WRAPPER, true);
        if (!w)
            break;
        w->type = which == SW_PROPERTY ? &ev_type_property
                  : which == SW_STATICMETHOD ? &ev_type_staticmethod : &ev_type_classmethod;
        w->a = w->b = w->c = w->doc = EV_NONE;
        v = ev_obj_val(&w->h);
        break;
    }
    case SK_FUNC:
        return func_shell(L, &r, id);
    case SK_NAMED:
        return named_object(L, &r, id);
    case SK_MODULE: {
        ev_str *name = sl_name(L, &r, "a module name");
        if (!name)
            return EV_ERR;
        v = ev_import(I, name);
        if (EV_IS_ERR(v))
            sl_fail_raised(L, "importing a saved module");
        return v;
    }
    case SK_HOST: {
        if (sl_text(L, &r, &p, &n, "a host function name"))
            return EV_ERR;
        v = ev_host_func_lookup(I, p, n);
        if (EV_IS_ERR(v))
            sl_fail(L, "the host function '%.*s' is not registered in this session", (int)(n > 200 ? 200 : n), p);
        return v;
    }
    default:
        return EV_ERR; /* made in a later phase */
    }
    if (EV_IS_ERR(v))
        sl_fail_raised(L, "an object");
    return v;
}

/* Phase A's object, with the whole record read for the kinds made from it alone. */
static ev_value make_leaf(sl_load *L, size_t id)
{
    ev_value v = make_phase_a(L, id);
    uint8_t k = L->kind[id];
    if (EV_IS_ERR(v) || !(k == SK_STR || k == SK_BIGINT || k == SK_BYTES || k == SK_BYTEARRAY ||
                          k == SK_COMPLEX || k == SK_NAMED || k == SK_MODULE || k == SK_HOST))
        return v;
    /* read again to its end: the record must hold nothing more */
    sl_rd r = sl_rec(L, id);
    const char *p;
    size_t n;
    uint8_t b;
    double d;
    int bad;
    switch (k) {
    case SK_STR:
    case SK_BIGINT:
        bad = sl_u8(L, &r, &b) || sl_bytes(L, &r, &p, &n);
        break;
    case SK_COMPLEX:
        bad = sl_double(L, &r, &d) || sl_double(L, &r, &d);
        break;
    case SK_NAMED:
        bad = sl_u8(L, &r, &b) || sl_bytes(L, &r, &p, &n) || sl_bytes(L, &r, &p, &n);
        break;
    default:
        bad = sl_bytes(L, &r, &p, &n);
        break;
    }
    if (bad || sl_rec_end(L, &r, id)) {
        ev_decref(L->I, v);
        return EV_ERR;
    }
    return v;
}

static int make_range(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value a[3];
    for (int i = 0; i < 3; i++) {
        if (sl_get(L, &r, false, &a[i]))
            return -1;
        if (!(a[i].tag == EV_T_INT || (ev_is(a[i], EV_O_INT) && !(a[i].u.o->flags & EV_OBJ_SUB))))
            return sl_fail(L, "a range bound is not an int");
    }
    if (sl_rec_end(L, &r, id))
        return -1;
    ev_value v = ev_builtin_apply(L->I, "range", 3, a);
    if (EV_IS_ERR(v))
        return sl_fail_raised(L, "a range");
    L->obj[id] = v;
    return 0;
}

static int make_iter(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    uint8_t which;
    ev_value src;
    uint64_t u;
    if (sl_u8(L, &r, &which) || sl_get(L, &r, false, &src) || sl_var(L, &r, &u) || sl_rec_end(L, &r, id))
        return -1;
    int64_t pos = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
    static const ev_kind kinds[] = {EV_O_LIST, EV_O_TUPLE, EV_O_RANGE};
    static const ev_iter_kind iks[] = {EV_IT_LIST, EV_IT_TUPLE, EV_IT_RANGE};
    if (which > SI_RANGE || !ev_is(src, kinds[which]) || pos < 0)
        return sl_fail(L, "iterator %zu is not over a list, tuple or range, or is at a negative position", id);
    ev_value it = ev_iter_new(L->I, iks[which], src);
    if (EV_IS_ERR(it))
        return sl_fail_raised(L, "an iterator");
    ((ev_iterobj *)it.u.o)->pos = pos;
    L->obj[id] = it;
    return 0;
}

/* ---- phase B: classes, descriptors, instances, generators ------------------------------------- */

/* The class of record id: bases and metaclass made first. */
static int make_class(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    sl_rd r = sl_rec(L, id);
    ev_str *name = sl_name(L, &r, "a class name");
    if (!name)
        return -1;
    const char *qp;
    size_t ql;
    ev_value meta;
    if (sl_text(L, &r, &qp, &ql, "a qualified name") || sl_get(L, &r, false, &meta))
        return -1;
    if (meta.tag != EV_T_NONE &&
        (!ev_is(meta, EV_O_TYPE) || !ev_is_heaptype((ev_type *)meta.u.o) ||
         !ev_type_is_subclass((ev_type *)meta.u.o, &ev_type_type)))
        return sl_fail(L, "class '%s' has a metaclass that is not a subclass of type", name->data);
    size_t nb;
    if (sl_count(L, &r, 1, &nb))
        return -1;
    ev_value bases = ev_tuple_new(I, nb);
    if (EV_IS_ERR(bases))
        return sl_fail_raised(L, "a class");
    ev_value ns = EV_ERR, qual = EV_ERR, cls = EV_ERR;
    for (size_t i = 0; i < nb; i++) {
        ev_value b;
        if (sl_get(L, &r, false, &b))
            goto fail;
        if (!ev_is(b, EV_O_TYPE)) {
            sl_fail(L, "a base of class '%s' is not a class", name->data);
            goto fail;
        }
        ev_as_tuple(bases)->items[i] = ev_dup(b);
    }
    ns = ev_dict_new(I);
    if (EV_IS_ERR(ns)) {
        sl_fail_raised(L, "a class");
        goto fail;
    }
    uint8_t hasslots;
    if (sl_u8(L, &r, &hasslots))
        goto fail;
    if (hasslots) {
        size_t ns_n;
        if (sl_count(L, &r, 1, &ns_n))
            goto fail;
        ev_value names = ev_tuple_new(I, ns_n);
        ev_str *key = ev_intern(I, "__slots__", 9);
        if (EV_IS_ERR(names) || !key || ev_dict_set_str(I, ev_as_dict(ns), key, names)) {
            if (!EV_IS_ERR(names))
                ev_decref(I, names);
            sl_fail_raised(L, "a class");
            goto fail;
        }
        ev_decref(I, names); /* the namespace holds it */
        for (size_t i = 0; i < ns_n; i++) {
            const char *sp;
            size_t sl;
            if (sl_text(L, &r, &sp, &sl, "a slot name"))
                goto fail;
            ev_value s = ev_str_new(I, sp, sl);
            if (EV_IS_ERR(s)) {
                sl_fail_raised(L, "a class");
                goto fail;
            }
            ev_as_tuple(names)->items[i] = s;
        }
    }
    uint64_t flags;
    if (sl_var(L, &r, &flags))
        goto fail;
    if (flags & ~(uint64_t)SNAP_TFLAGS) {
        sl_fail(L, "class '%s' has unknown flags", name->data);
        goto fail;
    }
    qual = ev_str_new(I, qp, ql);
    if (EV_IS_ERR(qual)) {
        sl_fail_raised(L, "a class");
        goto fail;
    }
    cls = ev_class_new_bare(I, meta.tag == EV_T_NONE ? NULL : (ev_type *)meta.u.o, name, bases, ev_as_dict(ns));
    if (EV_IS_ERR(cls)) {
        sl_fail_raised(L, "making a class");
        goto fail;
    }
    ev_type *t = (ev_type *)cls.u.o;
    ev_decref(I, t->hqualname);
    t->hqualname = qual;
    qual = EV_ERR;
    t->tflags |= (uint32_t)flags;
    L->obj[id] = cls;
    ev_decref(I, ns);
    ev_decref(I, bases);
    return 0; /* the namespace's pairs are read in phase D */
fail:
    if (!EV_IS_ERR(qual))
        ev_decref(I, qual);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    ev_decref(I, bases);
    return -1;
}

/* The records a class needs made before it: its metaclass and bases that
 * are classes of the snapshot. */
static int class_deps(sl_load *L, size_t id, uint32_t *deps, size_t cap, size_t *n)
{
    sl_rd r = sl_rec(L, id);
    const char *p;
    size_t len;
    sl_val v;
    *n = 0;
    if (sl_bytes(L, &r, &p, &len) || sl_bytes(L, &r, &p, &len) || sl_value(L, &r, &v))
        return -1;
    if (v.tag == SV_REF && L->kind[v.id] == SK_CLASS)
        deps[(*n)++] = v.id;
    size_t nb;
    if (sl_count(L, &r, 1, &nb))
        return -1;
    for (size_t i = 0; i < nb; i++) {
        if (sl_value(L, &r, &v))
            return -1;
        if (v.tag == SV_REF && L->kind[v.id] == SK_CLASS) {
            if (*n == cap)
                return sl_fail(L, "a class with too many bases");
            deps[(*n)++] = v.id;
        }
    }
    return 0;
}

enum { M_NEW, M_BUSY, M_DONE };

static int make_classes(sl_load *L)
{
    enum { MAXB = 256 };
    uint32_t *stack = malloc(L->nobjs * sizeof *stack);
    if (!stack)
        return sl_fail(L, "out of memory");
    memset(L->mark, M_NEW, L->nobjs);
    int rc = 0;
    for (size_t root = 0; root < L->nobjs && rc == 0; root++) {
        if (L->kind[root] != SK_CLASS || L->mark[root] == M_DONE)
            continue;
        size_t sp = 0;
        stack[sp++] = (uint32_t)root;
        L->mark[root] = M_BUSY;
        while (sp && rc == 0) {
            uint32_t top = stack[sp - 1];
            uint32_t deps[MAXB];
            size_t nd;
            if (class_deps(L, top, deps, MAXB, &nd)) {
                rc = -1;
                break;
            }
            bool pushed = false;
            for (size_t i = 0; i < nd && !pushed; i++) {
                if (L->mark[deps[i]] == M_DONE)
                    continue;
                if (L->mark[deps[i]] == M_BUSY) {
                    rc = sl_fail(L, "classes that derive from each other");
                    break;
                }
                L->mark[deps[i]] = M_BUSY;
                stack[sp++] = deps[i];
                pushed = true;
            }
            if (rc || pushed)
                continue;
            rc = make_class(L, top);
            L->mark[top] = M_DONE;
            sp--;
        }
    }
    free(stack);
    return rc;
}

static int make_member(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value owner;
    uint8_t getset;
    if (sl_get(L, &r, false, &owner) || sl_u8(L, &r, &getset))
        return -1;
    ev_str *name = sl_name(L, &r, "a descriptor name");
    if (!name || sl_rec_end(L, &r, id))
        return -1;
    ev_value *d = ev_is(owner, EV_O_TYPE) && ((ev_type *)owner.u.o)->dict
                      ? ev_dict_lookup_str(((ev_type *)owner.u.o)->dict, name)
                      : NULL;
    if (!d || !(getset ? ev_is_getset(*d) : ev_is_member(*d)) || ((ev_wrapper *)d->u.o)->b.u.o != owner.u.o)
        return sl_fail(L, "the descriptor '%s' does not exist in its class", name->data);
    L->obj[id] = ev_dup(*d);
    return 0;
}

static int make_instance(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value cls;
    if (sl_get(L, &r, false, &cls))
        return -1;
    ev_type *t = ev_is(cls, EV_O_TYPE) ? (ev_type *)cls.u.o : NULL;
    if (!t || !ev_is_heaptype(t) || (t->tflags & (EV_TYPE_CSLOTS | EV_TYPE_EXC)) ||
        ev_solid_base(t) != &ev_type_object || (t->tflags & EV_TYPE_ABSTRACT))
        return sl_fail(L, "object %zu is an instance of a class whose instances cannot be restored", id);
    ev_value v = ev_instance_new_bare(L->I, t);
    if (EV_IS_ERR(v))
        return sl_fail_raised(L, "an instance");
    L->obj[id] = v;
    return 0;
}

static int make_gen(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value fv;
    if (sl_get(L, &r, false, &fv))
        return -1;
    if (!ev_is(fv, EV_O_FUNC) || !((ev_func *)fv.u.o)->def->generator || ((ev_func *)fv.u.o)->def->coroutine)
        return sl_fail(L, "generator %zu does not run a generator function", id);
    ev_func *f = (ev_func *)fv.u.o;
    uint32_t n = f->def->nslots;
    ev_value *slots = ev_alloc(L->I, (n ? n : 1) * sizeof *slots);
    if (!slots)
        return sl_fail_raised(L, "a generator");
    for (uint32_t i = 0; i < n; i++)
        slots[i] = EV_ERR;
    ev_value g = ev_gen_new(L->I, f, slots);
    if (EV_IS_ERR(g))
        return sl_fail_raised(L, "a generator");
    L->obj[id] = g;
    return 0;
}

static int make_exc(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value cls;
    if (sl_get(L, &r, false, &cls))
        return -1;
    if (!ev_is(cls, EV_O_TYPE) || !snap_exc_type_ok((ev_type *)cls.u.o))
        return sl_fail(L, "object %zu is an exception of a class whose exceptions cannot be restored", id);
    ev_value args = ev_tuple_new(L->I, 0);
    ev_value e = EV_IS_ERR(args) ? EV_ERR : ev_exc_new(L->I, (ev_type *)cls.u.o, args);
    if (EV_IS_ERR(e))
        return sl_fail_raised(L, "an exception");
    L->obj[id] = e;
    return 0;
}

static int fill_exc(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_exc *e = (ev_exc *)L->obj[id].u.o;
    sl_rd r = sl_rec(L, id);
    sl_val skip;
    ev_value args, cause, context, notes;
    ev_dict *dict, *slots;
    uint8_t sup;
    if (sl_value(L, &r, &skip) || sl_get(L, &r, false, &args) ||
        sl_dict_or_none(L, &r, "an exception's __dict__", &dict) ||
        sl_dict_or_none(L, &r, "an exception's slots", &slots) || sl_get(L, &r, false, &cause) ||
        sl_get(L, &r, false, &context) || sl_get(L, &r, false, &notes) || sl_u8(L, &r, &sup) || sl_rec_end(L, &r, id))
        return -1;
    if (!ev_is(args, EV_O_TUPLE) || (cause.tag != EV_T_NONE && !ev_is(cause, EV_O_EXC)) ||
        (context.tag != EV_T_NONE && !ev_is(context, EV_O_EXC)) || (notes.tag != EV_T_NONE && !ev_is(notes, EV_O_LIST)) ||
        sup > 1)
        return sl_fail(L, "exception %zu has fields of the wrong kinds", id);
    ev_value old = e->args;
    e->args = ev_dup(args);
    ev_decref(I, old);
    if (dict)
        e->dict = (ev_dict *)ev_dup(ev_obj_val(&dict->h)).u.o;
    if (slots)
        e->slots = (ev_dict *)ev_dup(ev_obj_val(&slots->h)).u.o;
    e->cause = ev_dup(cause);
    e->context = ev_dup(context);
    e->notes = ev_dup(notes);
    e->suppress_context = sup;
    return 0;
}

static int make_bound(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    ev_value self;
    if (sl_get(L, &r, false, &self))
        return -1;
    ev_str *name = sl_name(L, &r, "a method name");
    if (!name || sl_rec_end(L, &r, id))
        return -1;
    if (self.tag != EV_T_OBJ || ev_is_user(self))
        return sl_fail(L, "a builtin method bound to something that is not a builtin object");
    const ev_builtin_def *d = ev_builtin_method(ev_type_of(self), name);
    if (!d || (d->flags & (EV_BF_PROP | EV_BF_DEFDATA)))
        return sl_fail(L, "'%s' has no method '%s'", ev_type_name(self), name->data);
    ev_value v = ev_builtin_new(L->I, d, self);
    if (EV_IS_ERR(v))
        return sl_fail_raised(L, "a method");
    L->obj[id] = v;
    return 0;
}

/* ---- phase C: what the shells hold ------------------------------------------------------------ */

static int fill_func(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_func *f = (ev_func *)L->obj[id].u.o;
    const ev_funcdef *d = f->def;
    sl_rd r = sl_rec(L, id);
    uint64_t skip;
    size_t n;
    if (sl_var(L, &r, &skip) || sl_var(L, &r, &skip) || sl_count(L, &r, 1, &n))
        return -1;
    if (n > UINT32_MAX)
        return sl_fail(L, "too many defaults");
    if (n) {
        f->defaults = ev_alloc(I, n * sizeof(ev_value));
        if (!f->defaults)
            return sl_fail_raised(L, "a function");
        f->ndefaults = (uint32_t)n;
        for (size_t i = 0; i < n; i++)
            f->defaults[i] = EV_NONE;
        for (size_t i = 0; i < n; i++) {
            ev_value v;
            if (sl_get(L, &r, false, &v))
                return -1;
            f->defaults[i] = ev_dup(v);
        }
    }
    uint8_t haskw;
    if (sl_u8(L, &r, &haskw))
        return -1;
    if (haskw > 1)
        return sl_fail(L, "a bad function record");
    if (haskw && d->nkwonly) {
        f->kwdefaults = ev_alloc(I, d->nkwonly * sizeof(ev_value));
        if (!f->kwdefaults)
            return sl_fail_raised(L, "a function");
        for (uint32_t i = 0; i < d->nkwonly; i++)
            f->kwdefaults[i] = EV_ERR;
        for (uint32_t i = 0; i < d->nkwonly; i++) {
            ev_value v;
            if (sl_get(L, &r, true, &v))
                return -1;
            f->kwdefaults[i] = EV_IS_ERR(v) ? v : ev_dup(v);
        }
    }
    ev_dict *kwd, *meta;
    if (sl_dict_or_none(L, &r, "__kwdefaults__", &kwd) || sl_dict_or_none(L, &r, "a function's names", &meta))
        return -1;
    if (kwd && f->kwdefaults)
        return sl_fail(L, "a function with two sets of keyword defaults");
    if (kwd)
        f->kwdict = (ev_dict *)ev_dup(ev_obj_val(&kwd->h)).u.o;
    if (meta)
        f->meta = (ev_dict *)ev_dup(ev_obj_val(&meta->h)).u.o;
    if (sl_count(L, &r, 1, &n))
        return -1;
    if (n != d->nfree)
        return sl_fail(L, "function '%s' has %zu closure cells, its code needs %u", d->qualname->data, n, d->nfree);
    if (n) {
        f->closure = ev_alloc(I, n * sizeof(ev_value));
        if (!f->closure)
            return sl_fail_raised(L, "a function");
        for (size_t i = 0; i < n; i++)
            f->closure[i] = EV_NONE;
        for (size_t i = 0; i < n; i++) {
            ev_value v;
            if (sl_get(L, &r, false, &v))
                return -1;
            if (!ev_is(v, EV_O_CELL))
                return sl_fail(L, "a closure of function '%s' holds something that is not a cell", d->qualname->data);
            f->closure[i] = ev_dup(v);
        }
    }
    ev_value ann;
    if (sl_get(L, &r, false, &ann))
        return -1;
    if (ann.tag != EV_T_NONE && !ev_is(ann, EV_O_DICT))
        return sl_fail(L, "__annotations__ is not a dict");
    f->annotations = ev_dup(ann);
    ev_dict *dict;
    if (sl_dict_or_none(L, &r, "a function's __dict__", &dict))
        return -1;
    if (dict)
        f->dict = (ev_dict *)ev_dup(ev_obj_val(&dict->h)).u.o;
    return sl_rec_end(L, &r, id);
}

static int fill_instance(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_instance *in = (ev_instance *)L->obj[id].u.o;
    ev_type *t = in->type;
    sl_rd r = sl_rec(L, id);
    sl_val skip;
    size_t n;
    if (sl_value(L, &r, &skip) || sl_count(L, &r, 1, &n))
        return -1;
    bool slotvals = t->tflags & EV_TYPE_SLOTVALS;
    if (n != (slotvals ? t->nikeys : 0))
        return sl_fail(L, "an instance of '%s' has %zu slots, its class %u", t->name, n,
                    slotvals ? t->nikeys : 0);
    for (uint32_t i = 0; i < n; i++) {
        ev_value v;
        if (sl_get(L, &r, true, &v))
            return -1;
        if (!EV_IS_ERR(v) && ev_islot_set(I, in, i, t->ikeys[i], v))
            return sl_fail_raised(L, "an instance");
    }
    uint8_t mode;
    if (sl_u8(L, &r, &mode))
        return -1;
    if (mode != SA_NONE && (t->tflags & EV_TYPE_NODICT))
        return sl_fail(L, "an instance of '%s' (which has no __dict__) has attributes", t->name);
    if (mode == SA_DICT) {
        ev_dict *d;
        if (sl_dict_or_none(L, &r, "an instance's __dict__", &d))
            return -1;
        if (!d)
            return sl_fail(L, "an instance's __dict__ is missing");
        in->dict = (ev_dict *)ev_dup(ev_obj_val(&d->h)).u.o;
    } else if (mode != SA_NONE && mode != SA_PAIRS) { /* the pairs are set in phase D */
        return sl_fail(L, "a bad instance record");
    }
    return 0;
}

static int fill_gen(sl_load *L, size_t id)
{
    ev_gen *g = (ev_gen *)L->obj[id].u.o;
    const ev_funcdef *d = g->func->def;
    sl_rd r = sl_rec(L, id);
    sl_val skip;
    size_t n;
    if (sl_value(L, &r, &skip) || sl_count(L, &r, 1, &n))
        return -1;
    if (n != d->nslots)
        return sl_fail(L, "generator %zu has %zu frame slots, its code %u", id, n, d->nslots);
    for (size_t i = 0; i < n; i++) {
        ev_value v;
        if (sl_get(L, &r, true, &v))
            return -1;
        bool cell = d->ncells && d->cellslots[i];
        if (cell != ev_is(v, EV_O_CELL))
            return sl_fail(L, "generator %zu has a frame slot of the wrong kind", id);
        g->slots[i] = EV_IS_ERR(v) ? v : ev_dup(v);
    }
    return sl_rec_end(L, &r, id);
}

static int fill_phase_c(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_value o = L->obj[id];
    sl_rd r = sl_rec(L, id);
    size_t n;
    ev_value v;
    switch (L->kind[id]) {
    case SK_LIST: {
        if (sl_count(L, &r, 1, &n))
            return -1;
        if (ev_list_reserve(I, ev_as_list(o), n))
            return sl_fail_raised(L, "a list");
        for (size_t i = 0; i < n; i++)
            if (sl_get(L, &r, false, &v) || ev_list_append(I, ev_as_list(o), v))
                return L->err ? -1 : sl_fail_raised(L, "a list");
        break;
    }
    case SK_TUPLE:
        if (sl_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++) {
            if (sl_get(L, &r, false, &v))
                return -1;
            ev_as_tuple(o)->items[i] = ev_dup(v);
        }
        break;
    case SK_SLICE:
        for (size_t i = 0; i < 3; i++) {
            if (sl_get(L, &r, false, &v))
                return -1;
            ev_value old = ev_as_tuple(o)->items[i];
            ev_as_tuple(o)->items[i] = ev_dup(v);
            ev_decref(I, old);
        }
        break;
    case SK_CELL:
        if (sl_get(L, &r, true, &v))
            return -1;
        ((ev_cell *)o.u.o)->v = EV_IS_ERR(v) ? v : ev_dup(v);
        break;
    case SK_METHOD: {
        ev_method *m = (ev_method *)o.u.o;
        ev_value f, self;
        if (sl_get(L, &r, false, &f) || sl_get(L, &r, false, &self))
            return -1;
        if (!ev_is(f, EV_O_FUNC) && !ev_is(f, EV_O_BUILTIN))
            return sl_fail(L, "a bound method of something that is not a function");
        m->func = ev_dup(f);
        m->self = ev_dup(self);
        break;
    }
    case SK_WRAPPER: {
        ev_wrapper *w = (ev_wrapper *)o.u.o;
        uint8_t which;
        ev_value a, b, c, doc;
        if (sl_u8(L, &r, &which) || sl_get(L, &r, false, &a) || sl_get(L, &r, false, &b) ||
            sl_get(L, &r, false, &c) || sl_get(L, &r, false, &doc))
            return -1;
        w->a = ev_dup(a);
        w->b = ev_dup(b);
        w->c = ev_dup(c);
        w->doc = ev_dup(doc);
        break;
    }
    case SK_FUNC:
        return fill_func(L, id);
    case SK_INSTANCE:
        return fill_instance(L, id);
    case SK_GEN:
        return fill_gen(L, id);
    case SK_EXC:
        return fill_exc(L, id);
    default:
        return 0;
    }
    return sl_rec_end(L, &r, id);
}

/* ---- phase D: hashed containers --------------------------------------------------------------- */

static int insert_pairs(sl_load *L, sl_rd *r, ev_dict *d)
{
    size_t n;
    if (sl_count(L, r, 2, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_value k, v;
        if (sl_get(L, r, false, &k) || sl_get(L, r, false, &v) || sl_key_ok(L, k, 0))
            return -1;
        if (ev_dict_set(L->I, d, k, v))
            return sl_fail_raised(L, "a dict");
    }
    return 0;
}

/* An instance's attributes as they were held: against its class's shared
 * keys while they fit (as setting them did first), else in its dict. */
static int set_attributes(sl_load *L, sl_rd *r, ev_instance *in)
{
    ev_interp *I = L->I;
    size_t n;
    if (sl_count(L, r, 2, &n))
        return -1;
    uint32_t hint = 0;
    for (size_t i = 0; i < n; i++) {
        ev_value k, v;
        if (sl_get(L, r, false, &k) || sl_get(L, r, false, &v) || sl_key_ok(L, k, 0))
            return -1;
        int where = 1;
        if (!in->dict && ev_is(k, EV_O_STR) && ev_as_str(k)->interned &&
            (where = ev_ivalues_set(I, in, ev_as_str(k), v, &hint)) < 0)
            return sl_fail_raised(L, "an instance");
        if (where == 0)
            continue;
        if (!in->dict && ev_instance_materialize(I, in))
            return sl_fail_raised(L, "an instance");
        if (ev_dict_set(I, in->dict, k, v))
            return sl_fail_raised(L, "an instance");
    }
    return 0;
}

static int fill_set(sl_load *L, size_t id)
{
    sl_rd r = sl_rec(L, id);
    size_t n;
    if (sl_count(L, &r, 1, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_value v;
        if (sl_get(L, &r, false, &v) || sl_key_ok(L, v, 0))
            return -1;
        if (ev_set_add(L->I, (ev_set *)L->obj[id].u.o, v))
            return sl_fail_raised(L, "a set");
    }
    return sl_rec_end(L, &r, id);
}

/* Frozensets in an order where each comes after the frozensets it holds,
 * directly or in tuples (their hashes are computed from their items and
 * kept): a walk over the tuple and frozenset records with an explicit
 * stack of record cursors. */
static int fill_frozensets(sl_load *L)
{
    typedef struct { uint32_t id; sl_rd r; size_t left; } frame_t;
    frame_t *st = malloc(L->nobjs * sizeof *st);
    if (!st)
        return sl_fail(L, "out of memory");
    memset(L->mark, M_NEW, L->nobjs);
    int rc = 0;
    for (size_t root = 0; root < L->nobjs && rc == 0; root++) {
        if (L->kind[root] != SK_FROZENSET || L->mark[root] != M_NEW)
            continue;
        size_t sp = 0;
        st[sp].id = (uint32_t)root;
        st[sp].r = sl_rec(L, root);
        if (sl_count(L, &st[sp].r, 1, &st[sp].left)) {
            rc = -1;
            break;
        }
        sp++;
        L->mark[root] = M_BUSY;
        while (sp && rc == 0) {
            frame_t *f = &st[sp - 1];
            if (f->left) {
                sl_val v;
                f->left--;
                if (sl_value(L, &f->r, &v)) {
                    rc = -1;
                    break;
                }
                if (v.tag != SV_REF || (L->kind[v.id] != SK_TUPLE && L->kind[v.id] != SK_FROZENSET) ||
                    L->mark[v.id] == M_DONE)
                    continue;
                if (L->mark[v.id] == M_BUSY) {
                    rc = sl_fail(L, "tuples or frozensets that hold each other");
                    break;
                }
                L->mark[v.id] = M_BUSY;
                st[sp].id = v.id;
                st[sp].r = sl_rec(L, v.id);
                if (sl_count(L, &st[sp].r, 1, &st[sp].left)) {
                    rc = -1;
                    break;
                }
                sp++;
                continue;
            }
            if (L->kind[f->id] == SK_FROZENSET)
                rc = fill_set(L, f->id);
            L->mark[f->id] = M_DONE;
            sp--;
        }
    }
    free(st);
    return rc;
}

static int fill_phase_d(sl_load *L, size_t id)
{
    ev_interp *I = L->I;
    sl_rd r = sl_rec(L, id);
    switch (L->kind[id]) {
    case SK_DICT: {
        ev_dict *d = ev_as_dict(L->obj[id]);
        ev_value t, f;
        if (insert_pairs(L, &r, d) || sl_get(L, &r, false, &t) || sl_get(L, &r, true, &f))
            return -1;
        if (t.tag != EV_T_NONE) {
            if (!ev_is(t, EV_O_TYPE) || !snap_dict_type_ok((ev_type *)t.u.o))
                return sl_fail(L, "a dict of a type that is not Counter, defaultdict or OrderedDict");
            d->type = (ev_type *)t.u.o;
            if (!EV_IS_ERR(f))
                d->factory = ev_dup(f);
        } else if (!EV_IS_ERR(f)) {
            return sl_fail(L, "a plain dict with a default factory");
        }
        return sl_rec_end(L, &r, id);
    }
    case SK_SET:
        return fill_set(L, id);
    case SK_CLASS: {
        ev_type *t = (ev_type *)L->obj[id].u.o;
        const char *p;
        size_t n;
        sl_val v;
        uint8_t hasslots;
        uint64_t flags;
        if (sl_bytes(L, &r, &p, &n) || sl_bytes(L, &r, &p, &n) || sl_value(L, &r, &v) || sl_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++)
            if (sl_value(L, &r, &v))
                return -1;
        if (sl_u8(L, &r, &hasslots))
            return -1;
        if (hasslots) {
            size_t k, len;
            if (sl_count(L, &r, 1, &k))
                return -1;
            for (size_t i = 0; i < k; i++)
                if (sl_bytes(L, &r, &p, &len))
                    return -1;
        }
        if (sl_var(L, &r, &flags))
            return -1;
        /* the namespace as it was, in its order: what the creation put
         * there (its descriptors are the records' MEMBER objects) goes */
        ev_dict_clear(I, t->dict);
        I->class_version++;
        if (insert_pairs(L, &r, t->dict))
            return -1;
        I->class_version++;
        return sl_rec_end(L, &r, id);
    }
    case SK_INSTANCE: {
        ev_instance *in = (ev_instance *)L->obj[id].u.o;
        sl_val v;
        size_t n;
        uint8_t mode;
        if (sl_value(L, &r, &v) || sl_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++)
            if (sl_value(L, &r, &v))
                return -1;
        if (sl_u8(L, &r, &mode))
            return -1;
        if (mode == SA_PAIRS && set_attributes(L, &r, in))
            return -1;
        if (mode == SA_DICT && sl_value(L, &r, &v))
            return -1;
        return sl_rec_end(L, &r, id);
    }
    default:
        return 0;
    }
}

/* ---- the phases, in order ------------------------------------------------------------------ */

int sl_make_objects(sl_load *L)
{
    for (size_t i = 0; i < L->nobjs; i++) {
        if (L->kind[i] == SK_RANGE || L->kind[i] == SK_CLASS || L->kind[i] == SK_MEMBER ||
            L->kind[i] == SK_INSTANCE || L->kind[i] == SK_GEN || L->kind[i] == SK_BOUND ||
            L->kind[i] == SK_ITER || L->kind[i] == SK_EXC)
            continue;
        ev_value v = make_leaf(L, i);
        if (EV_IS_ERR(v))
            return L->err ? -1 : sl_fail_raised(L, "an object");
        L->obj[i] = v;
    }
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_RANGE && make_range(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_ITER && make_iter(L, i))
            return -1;
    if (make_classes(L))
        return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_MEMBER && make_member(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_INSTANCE && make_instance(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if ((L->kind[i] == SK_GEN && make_gen(L, i)) || (L->kind[i] == SK_EXC && make_exc(L, i)))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_BOUND && make_bound(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (fill_phase_c(L, i))
            return -1;
    if (fill_frozensets(L))
        return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (fill_phase_d(L, i))
            return -1;
    return 0;
}
