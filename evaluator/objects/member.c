/*
 * member.c - member descriptors, CPython's member_descriptor: what a
 * class's __slots__ puts in its namespace for each name, so that A.x and
 * A.__dict__['x'] are <member 'x' of 'A' objects>, a data descriptor whose
 * __get__/__set__/__delete__ read, write and clear the slot.  Attribute
 * access on instances reaches slots through them (objects/class_attr.c),
 * which gives CPython's precedence for free: a data descriptor of the
 * class beats the instance dict, a subclass attribute of the same name
 * shadows it, and deleting it from the class leaves the slot unreachable
 * by name.
 *
 * A descriptor is an ev_wrapper (as property and classmethod are): a is
 * the slot's name, b the class that defined it (a reference: the
 * descriptor may outlive the class's namespace), c the slot's index in the
 * values of EV_TYPE_SLOTVALS instances (objects/instance.c), which every
 * subclass keeps, or -1 for a class laid out as a builtin type (a str
 * subclass, an exception), whose slots are entries of a dict the object
 * keeps apart from its __dict__ (cls_slots_slot).
 *
 * ev_type_init_slots reads a class's __slots__ when the class is made,
 * with CPython's checks, and makes the descriptors and the layout.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/objects/class_int.h"
#include "evaluator/objects/str_int.h"

static ev_value md_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_delete(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_qualname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_objclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value md_doc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* The special methods are slot wrappers (their arity messages are
 * wrap_descr_get's and friends'); the rest are read-only attributes. */
static const ev_builtin_def member_methods[] = {
    {"__get__", md_get, 1, 2, EV_BF_SLOT},
    {"__set__", md_set, 2, 2, EV_BF_SLOT},
    {"__delete__", md_delete, 1, 1, EV_BF_SLOT},
    {"__name__", md_name, 0, 0, EV_BF_PROP},
    {"__qualname__", md_qualname, 0, 0, EV_BF_PROP},
    {"__objclass__", md_objclass, 0, 0, EV_BF_PROP},
    {"__doc__", md_doc, 0, 0, EV_BF_PROP},
    {NULL},
};

ev_type ev_type_member_descriptor = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                     .name = "member_descriptor", .methods = member_methods};
/* the same methods: what differs is in ev_member_get/set and md_doc */
ev_type ev_type_getset_descriptor = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                                     .name = "getset_descriptor", .methods = member_methods};

static ev_str *md_str(ev_value md) { return ev_as_str(((ev_wrapper *)md.u.o)->a); }
static ev_type *md_owner(ev_value md) { return (ev_type *)((ev_wrapper *)md.u.o)->b.u.o; }

static ev_value descr_new(ev_interp *I, ev_type *type, ev_str *name, ev_type *owner, int64_t index)
{
    ev_wrapper *w = ev_obj_new(I, sizeof *w, EV_O_WRAPPER, true);
    if (!w)
        return EV_ERR;
    w->type = type;
    w->a = ev_dup(ev_obj_val(&name->h));
    w->b = ev_dup(ev_obj_val(&owner->h));
    w->c = ev_int(index);
    w->doc = EV_NONE;
    return ev_obj_val(&w->h);
}

ev_value ev_member_new(ev_interp *I, ev_str *name, ev_type *owner, int64_t index)
{
    return descr_new(I, &ev_type_member_descriptor, name, owner, index);
}

uint32_t ev_member_index(ev_value md, const ev_type *t)
{
    ev_wrapper *w = (ev_wrapper *)md.u.o;
    int64_t ix = w->c.u.i;
    /* the layout test guards a descriptor copied into another class (Z.y =
     * A.x), which must not read Z's slot of the same position */
    if (!(t->tflags & EV_TYPE_SLOTVALS) || ix < 0 || ix >= t->nikeys || t->ikeys[ix] != md_str(md) ||
        !ev_type_is_subclass(t, md_owner(md)))
        return UINT32_MAX;
    return (uint32_t)ix;
}

/* obj must be an instance of the descriptor's class (descr_check) */
static int check_obj(ev_interp *I, ev_value md, ev_value obj)
{
    if (ev_type_is_subclass(ev_type_of(obj), md_owner(md)))
        return 0;
    ev_raise(I, &ev_type_TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
             md_str(md)->data, md_owner(md)->name, ev_type_name(obj));
    return -1;
}

/* Not reached: an instance of the descriptor's class has the slot at the
 * descriptor's index (a subclass's layout extends its bases'), or a dict
 * for a class laid out as a builtin type.  Said loudly, never guessed. */
static int no_slot(ev_interp *I, ev_value md, ev_value obj)
{
    ev_raise(I, &ev_type_SystemError, "member descriptor '%s' has no storage in a '%s' object", md_str(md)->data,
             ev_type_name(obj));
    return -1;
}

/* A getset descriptor's get and set: the instance's __dict__ (the object
 * protocol's own, ev_object_dict and object.__setattr__) or __weakref__
 * (None: no weak references exist; never writable). */
static int getset_get(ev_interp *I, ev_value gd, ev_value obj, ev_value *out)
{
    if (check_obj(I, gd, obj))
        return -1;
    bool dict = md_str(gd)->data[2] == 'd';
    *out = dict ? ev_object_dict(I, obj) : EV_NONE;
    return EV_IS_ERR(*out) ? -1 : 0;
}

static int getset_set(ev_interp *I, ev_value gd, ev_value obj, ev_value v)
{
    if (check_obj(I, gd, obj))
        return -1;
    if (md_str(gd)->data[2] == 'd')
        return ev_object_setattr(I, obj, md_str(gd), v);
    ev_raise(I, &ev_type_AttributeError, "attribute '%s' of '%s' objects is not writable", md_str(gd)->data,
             md_owner(gd)->name);
    return -1;
}

int ev_member_get(ev_interp *I, ev_value md, ev_value obj, ev_value *out)
{
    if (ev_is_getset(md))
        return getset_get(I, md, obj, out);
    if (check_obj(I, md, obj))
        return -1;
    ev_str *name = md_str(md);
    const ev_value *v = NULL;
    if (ev_is(obj, EV_O_INSTANCE) && (ev_type_of(obj)->tflags & EV_TYPE_SLOTVALS)) {
        ev_instance *in = (ev_instance *)obj.u.o;
        uint32_t ix = ev_member_index(md, in->type);
        if (ix == UINT32_MAX)
            return no_slot(I, md, obj);
        if (in->values && !EV_IS_ERR(in->values->v[ix]))
            v = &in->values->v[ix];
    } else if (ev_is(obj, EV_O_INSTANCE) && ((ev_instance *)obj.u.o)->values) {
        v = ev_ivalues_find((ev_instance *)obj.u.o, name, NULL);
    } else {
        ev_dict **ds = cls_slots_slot(obj);
        if (!ds)
            ds = cls_dict_slot(obj);
        v = ds && *ds ? ev_dict_lookup_str(*ds, name) : NULL;
    }
    if (!v) {
        /* an unset slot reads as a missing attribute (member_get) */
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'", ev_type_name(obj), name->data);
        return -1;
    }
    *out = ev_dup(*v);
    return 0;
}

int ev_member_set(ev_interp *I, ev_value md, ev_value obj, ev_value v)
{
    if (ev_is_getset(md))
        return getset_set(I, md, obj, v);
    if (check_obj(I, md, obj))
        return -1;
    ev_str *name = md_str(md);
    if (ev_is(obj, EV_O_INSTANCE) && (ev_type_of(obj)->tflags & EV_TYPE_SLOTVALS)) {
        ev_instance *in = (ev_instance *)obj.u.o;
        uint32_t ix = ev_member_index(md, in->type);
        return ix == UINT32_MAX ? no_slot(I, md, obj) : ev_islot_set(I, in, ix, name, v);
    }
    /* a class laid out as a builtin type (a str subclass, an exception): the
     * slot is an entry of the object's slots dict, which __dict__ does not
     * show; a C-slots instance keeps it in its dict */
    ev_dict **ds = cls_slots_slot(obj);
    if (!ds) {
        ds = cls_dict_slot(obj);
        if (ds && ev_is(obj, EV_O_INSTANCE) && ((ev_instance *)obj.u.o)->values &&
            ev_instance_materialize(I, (ev_instance *)obj.u.o))
            return -1;
    }
    if (!ds)
        return no_slot(I, md, obj);
    if (EV_IS_ERR(v)) {
        int r = *ds ? ev_dict_del(I, *ds, ev_obj_val(&name->h)) : 1;
        if (r == 1)
            ev_raise(I, &ev_type_AttributeError, "%s", name->data); /* member_set's message */
        return r ? -1 : 0;
    }
    if (!*ds) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return -1;
        *ds = ev_as_dict(d);
    }
    return ev_dict_set_str(I, *ds, name, v);
}

/* ---- the descriptor's own methods and attributes ---------------------------------------------- */

/* __get__(obj, type=None): the descriptor itself when obj is None
 * (wrap_descr_get: both None is an error) */
static ev_value md_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    bool no_type = argc < 2 || argv[1].tag == EV_T_NONE;
    if (argv[0].tag == EV_T_NONE) {
        if (no_type)
            return ev_raise(I, &ev_type_TypeError, "__get__(None, None) is invalid");
        return ev_dup(self);
    }
    ev_value r;
    return ev_member_get(I, self, argv[0], &r) ? EV_ERR : r;
}

static ev_value md_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return ev_member_set(I, self, argv[0], argv[1]) ? EV_ERR : EV_NONE;
}

static ev_value md_delete(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return ev_member_set(I, self, argv[0], EV_ERR) ? EV_ERR : EV_NONE;
}

static ev_value md_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_dup(((ev_wrapper *)self.u.o)->a);
}

/* the defining class's __qualname__ and the name (descr_get_qualname) */
static ev_value md_qualname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "%s.%s", ev_type_qualname(md_owner(self)), md_str(self)->data)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value md_objclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_dup(((ev_wrapper *)self.u.o)->b);
}

static ev_value md_doc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    if (ev_is_getset(self)) /* subtype_getsets' docs */
        return ev_str_from_cstr(I, md_str(self)->data[2] == 'd' ? "dictionary for instance variables"
                                                                : "list of weak references to the object");
    return ev_dup(((ev_wrapper *)self.u.o)->doc);
}

ev_value ev_member_repr(ev_interp *I, ev_value md)
{
    ev_buf b = {0};
    if (ev_buf_printf(I, &b, "<%s '%s' of '%s' objects>", ev_is_getset(md) ? "attribute" : "member",
                      md_str(md)->data, md_owner(md)->name)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- __slots__ at class creation ----------------------------------------------------------- */

/* The __slots__ item s of class k as its attribute name, interned and
 * mangled as the compiler mangles `self.__x` in k's methods (_K__x). */
static ev_str *slot_name(ev_interp *I, const ev_type *k, const ev_str *s)
{
    const char *cn = k->name;
    while (*cn == '_')
        cn++;
    /* CPython's _Py_Mangle: __x, not __x__ nor a dotted name nor in a class
     * named only with underscores */
    if (s->len < 3 || s->data[0] != '_' || s->data[1] != '_' ||
        (s->data[s->len - 1] == '_' && s->data[s->len - 2] == '_') || memchr(s->data, '.', s->len) || !*cn) {
        ev_str *r = ev_intern(I, s->data, s->len);
        if (!r)
            ev_raise_nomem(I);
        return r;
    }
    size_t cl = strlen(cn), n = 1 + cl + s->len;
    char *buf = ev_alloc(I, n + 1);
    if (!buf) {
        ev_raise_nomem(I);
        return NULL;
    }
    buf[0] = '_';
    memcpy(buf + 1, cn, cl);
    memcpy(buf + 1 + cl, s->data, s->len + 1);
    ev_str *r = ev_intern(I, buf, n);
    ev_dealloc(I, buf);
    if (!r)
        ev_raise_nomem(I);
    return r;
}

/* CPython's best_base: the base whose layout t extends (the first one
 * with the most derived layout), and that layout's slotbase (*w, NULL
 * when no base added slots); TypeError when two bases added unrelated
 * slots, or slots sit beside a builtin base's layout.  Among builtin
 * layouts alone class.c has decided already. */
static int best_base(ev_interp *I, ev_type *t, ev_type **best, ev_type **w)
{
    ev_tuple *bt = ev_as_tuple(t->bases);
    *best = *w = NULL;
    for (size_t i = 0; i < bt->len; i++) {
        ev_type *b = (ev_type *)bt->items[i].u.o;
        ev_type *sb = ev_is_heaptype(b) ? b->slotbase : NULL;
        if (!sb || sb == *w || (*w && ev_type_is_subclass(*w, sb)))
            continue;
        if (*w && !ev_type_is_subclass(sb, *w))
            goto conflict;
        *w = sb;
        *best = b;
    }
    if (*w && ev_solid_base(*w) != ev_solid_base(t))
        goto conflict;
    if (*best)
        return 0;
    /* no slots: the first base of the most derived builtin layout */
    const ev_type *root = NULL;
    for (size_t i = 0; i < bt->len; i++) {
        ev_type *b = (ev_type *)bt->items[i].u.o;
        const ev_type *r = ev_solid_base(b);
        if (!*best || (r != root && ev_type_is_subclass(r, root))) {
            *best = b;
            root = r;
        }
    }
    return 0;
conflict:
    ev_raise(I, &ev_type_TypeError, "multiple bases have instance lay-out conflict");
    return -1;
}

/* Do instances of b have a __weakref__ (some class of its tp_base chain
 * added one, or its builtin base has one) or a __dict__ (exceptions,
 * classes, OrderedDict and Counter do)? */
static bool has_weak(const ev_type *b)
{
    for (; b && ev_is_heaptype((ev_type *)b); b = b->lbase)
        if (b->tflags & EV_TYPE_ADDWEAK)
            return true;
    /* the builtin types whose instances take weak references */
    return b && (b == &ev_type_set || b == &ev_type_frozenset || b == &ev_type_type || b == &ev_type_deque ||
                 b == &ev_type_OrderedDict || b == &ev_type_Counter);
}

static bool has_dict(ev_type *b)
{
    if (ev_is_heaptype(b))
        return !(b->tflags & EV_TYPE_NODICT);
    return ev_type_is_subclass(b, &ev_type_BaseException) || b == &ev_type_type || b == &ev_type_OrderedDict ||
           b == &ev_type_Counter;
}

/* CPython's variable-size instances (tp_itemsize != 0): no slots, no
 * __weakref__ */
static bool var_sized(const ev_type *sb)
{
    return sb == &ev_type_int || sb == &ev_type_tuple || sb == &ev_type_bytes || sb == &ev_type_type;
}

static int cmp_names(const void *a, const void *b)
{
    return ev_str_cmp(*(ev_str *const *)a, *(ev_str *const *)b);
}

/* The names of t's __slots__ value sv (a str is one name) as t's own
 * slots: checked, mangled, '__dict__'/'__weakref__' taken out as flags,
 * sorted (CPython sorts them); *own is an allocated array of *n
 * references, or NULL. */
static int own_slots(ev_interp *I, ev_type *t, ev_type *best, ev_value sv, ev_str ***own, size_t *n)
{
    *own = NULL;
    *n = 0;
    ev_str **names = NULL;
    size_t k = 0;
    ev_value items = ev_is(sv, EV_O_STR) ? ev_tuple_new(I, 1) : ev_tuple_from_iterable(I, sv);
    if (EV_IS_ERR(items))
        return -1;
    ev_tuple *it = ev_as_tuple(items);
    if (ev_is(sv, EV_O_STR))
        it->items[0] = ev_dup(sv);
    ev_type *sb = ev_solid_base(t);
    if (it->len && var_sized(sb)) {
        /* CPython's variable-size instances have no room for slots */
        ev_raise(I, &ev_type_TypeError, "nonempty __slots__ not supported for subtype of '%s'", sb->name);
        goto fail;
    }
    /* a __dict__ or __weakref__ the base's instances have already */
    bool dict_done = has_dict(best), weak_done = has_weak(best) || var_sized(sb);
    bool nodict = true;
    if (it->len && !(names = ev_alloc(I, it->len * sizeof *names))) {
        ev_raise_nomem(I);
        goto fail;
    }
    for (size_t i = 0; i < it->len; i++) {
        ev_value v = it->items[i];
        if (!ev_is(v, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "__slots__ items must be strings, not '%s'", ev_type_name(v));
            goto fail;
        }
        ev_value isid = ev_str_m_isidentifier(I, v, 0, NULL, NULL);
        if (EV_IS_ERR(isid))
            goto fail;
        if (!isid.u.i) {
            ev_raise(I, &ev_type_TypeError, "__slots__ must be identifiers");
            goto fail;
        }
        const char *s = ev_as_str(v)->data;
        if (strcmp(s, "__dict__") == 0) {
            if (dict_done) {
                ev_raise(I, &ev_type_TypeError, "__dict__ slot disallowed: we already got one");
                goto fail;
            }
            dict_done = true;
            nodict = false;
            t->tflags |= EV_TYPE_ADDDICT;
            continue;
        }
        if (strcmp(s, "__weakref__") == 0) {
            if (weak_done) {
                ev_raise(I, &ev_type_TypeError,
                         "__weakref__ slot disallowed: either we already got one, or __itemsize__ != 0");
                goto fail;
            }
            weak_done = true;
            t->tflags |= EV_TYPE_ADDWEAK;
            continue;
        }
        ev_str *mn = slot_name(I, t, ev_as_str(v));
        if (!mn)
            goto fail;
        /* the slot's descriptor goes in the namespace: a class variable of
         * the same (mangled) name leaves it no room */
        if (ev_dict_lookup_str(t->dict, mn)) {
            ev_value r = ev_repr(I, ev_obj_val(&mn->h));
            if (!EV_IS_ERR(r)) {
                ev_raise(I, &ev_type_ValueError, "%s in __slots__ conflicts with class variable", ev_as_str(r)->data);
                ev_decref(I, r);
            }
            goto fail;
        }
        ev_incref(ev_obj_val(&mn->h));
        names[k++] = mn;
    }
    /* without '__dict__' in this class and every user base, instances take
     * only the named attributes; an exception has BaseException's dict */
    ev_tuple *m = ev_as_tuple(t->mro);
    if (t->tflags & EV_TYPE_EXC)
        nodict = false;
    for (size_t i = 1; nodict && i < m->len; i++) {
        ev_type *c = (ev_type *)m->items[i].u.o;
        if (ev_is_heaptype(c) && !(c->tflags & EV_TYPE_NODICT))
            nodict = false;
    }
    if (nodict)
        t->tflags |= EV_TYPE_NODICT;
    if (k > 1)
        qsort(names, k, sizeof *names, cmp_names);
    ev_decref(I, items);
    *own = names;
    *n = k;
    return 0;
fail:
    for (size_t i = 0; i < k; i++)
        ev_decref(I, ev_obj_val(&names[i]->h));
    ev_dealloc(I, names);
    ev_decref(I, items);
    return -1;
}

int ev_type_init_slots(ev_interp *I, ev_type *t)
{
    ev_str *sl = ev_intern(I, "__slots__", 9);
    if (!sl) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_type *best, *w;
    if (best_base(I, t, &best, &w))
        return -1;
    ev_value *sv = ev_dict_lookup_str(t->dict, sl);
    ev_str **own = NULL;
    size_t n = 0;
    int rc = -1;
    t->lbase = best;
    if (sv) {
        t->tflags |= EV_TYPE_HASSLOTS;
        ev_value held = ev_dup(*sv); /* iterating it may run code that rebinds it */
        int r = own_slots(I, t, best, held, &own, &n);
        ev_decref(I, held);
        if (r)
            return -1;
    } else {
        /* no __slots__: a __dict__ and a __weakref__ unless the base has them */
        if (!has_dict(best))
            t->tflags |= EV_TYPE_ADDDICT;
        if (!has_weak(best) && !var_sized(ev_solid_base(t)))
            t->tflags |= EV_TYPE_ADDWEAK;
    }
    t->slotbase = n ? t : w;
    if (ev_type_slot_layout(I, t, w, own, n))
        goto done;
    uint32_t first = t->nikeys - (uint32_t)n; /* own slots' indexes in the values */
    bool values = (t->tflags & EV_TYPE_SLOTVALS) != 0;
    for (size_t i = 0; i < n; i++) {
        ev_value md = ev_member_new(I, own[i], t, values ? (int64_t)(first + i) : -1);
        if (EV_IS_ERR(md))
            goto done;
        /* a name twice in __slots__: two slots, the later one's descriptor */
        int r = ev_dict_set_str(I, t->dict, own[i], md);
        ev_decref(I, md);
        if (r)
            goto done;
    }
    /* then the __dict__ and __weakref__ it added, unless the body bound
     * those names (type_add_getset's PyDict_SetDefault) */
    for (int k = 0; k < 2; k++) {
        if (!(t->tflags & (k ? EV_TYPE_ADDWEAK : EV_TYPE_ADDDICT)))
            continue;
        ev_str *gn = k ? ev_intern(I, "__weakref__", 11) : I->dn[EV_DN_DICT];
        if (!gn) {
            ev_raise_nomem(I);
            goto done;
        }
        if (ev_dict_lookup_str(t->dict, gn))
            continue;
        ev_value gd = descr_new(I, &ev_type_getset_descriptor, gn, t, -1);
        if (EV_IS_ERR(gd))
            goto done;
        int r = ev_dict_set_str(I, t->dict, gn, gd);
        ev_decref(I, gd);
        if (r)
            goto done;
    }
    rc = 0;
done:
    /* t keeps them as its ht_slots (freed with it) */
    t->oslots = own;
    t->noslots = (uint32_t)n;
    return rc;
}
