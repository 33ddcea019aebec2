/*
 * class.c - classes made by a class statement, their instances, bound
 * methods, and the descriptors models use with them (property,
 * staticmethod, classmethod) plus super().
 *
 * A class is an ev_type flagged EV_TYPE_HEAP: it owns its name, its bases
 * and C3 MRO (tuples of types) and its namespace dict.  The builtin
 * protocols (repr, ==, len, iteration, operators...) reach a class's Python
 * methods through ev_dunder(), which finds the special method along the MRO
 * as CPython's slot functions do.  Instances of Exception subclasses are
 * ev_exc objects, so raise/except/tracebacks need nothing new.
 */
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/objects/class_int.h"
#include "evaluator/objects/str_int.h"

static ev_value object_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static int set_names(ev_interp *I, ev_type *t);
static ev_value wrapper_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value super_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

ev_type ev_type_object = {STATIC_TYPE, .name = "object", .call = object_new, .max_args = -1,
                          .kwflags = EV_BF_KWANY};
ev_type ev_type_property = {STATIC_TYPE, .name = "property", .call = wrapper_ctor, .max_args = 4,
                            .params = "fget, fset, fdel, doc"};
ev_type ev_type_staticmethod = {STATIC_TYPE, .name = "staticmethod", .call = wrapper_ctor,
                                .min_args = 1, .max_args = 1};
ev_type ev_type_classmethod = {STATIC_TYPE, .name = "classmethod", .call = wrapper_ctor,
                               .min_args = 1, .max_args = 1};
ev_type ev_type_super = {STATIC_TYPE, .name = "super", .call = super_ctor, .max_args = 2};
ev_type ev_type_method = {STATIC_TYPE, .name = "method"};
ev_type ev_type_NotImplementedType = {STATIC_TYPE, .name = "NotImplementedType"};
ev_type ev_type_ellipsis = {STATIC_TYPE, .name = "ellipsis"};
ev_instance ev_ellipsis = {.h = {.refcnt = 1, .kind = EV_O_INSTANCE, .flags = EV_OBJ_STATIC},
                           .type = &ev_type_ellipsis};
ev_instance ev_notimplemented = {.h = {.refcnt = 1, .kind = EV_O_INSTANCE, .flags = EV_OBJ_STATIC},
                                 .type = &ev_type_NotImplementedType};

static ev_value wrapper_new(ev_interp *I, ev_type *t, ev_value a, ev_value b, ev_value c, ev_value doc);

/* ---- MRO ------------------------------------------------------------------------------ */

/* The MRO of a type as a tuple: a class has its own; a builtin type's is
 * its base chain ending in object. */
ev_value cls_mro_of(ev_interp *I, ev_type *t)
{
    if (ev_is_heaptype(t))
        return ev_dup(t->mro);
    size_t n = 0;
    for (ev_type *k = t; k; k = k->base)
        n++;
    bool add_object = t != &ev_type_object;
    ev_value r = ev_tuple_new(I, n + add_object);
    if (EV_IS_ERR(r))
        return r;
    size_t i = 0;
    for (ev_type *k = t; k; k = k->base)
        ev_as_tuple(r)->items[i++] = ev_obj_val(&k->h);
    if (add_object)
        ev_as_tuple(r)->items[i] = ev_obj_val(&ev_type_object.h);
    return r;
}

static bool tuple_has(ev_tuple *t, size_t from, ev_obj *o)
{
    for (size_t i = from; i < t->len; i++)
        if (t->items[i].u.o == o)
            return true;
    return false;
}

/* C3 linearisation (as CPython's mro_implementation): merge the bases' MROs
 * and the list of bases, always taking the first head that is in no tail. */
static ev_value c3_mro(ev_interp *I, ev_type *t, ev_tuple *bases)
{
    size_t nseq = bases->len + 1;
    ev_value *seqs = ev_alloc(I, nseq * sizeof *seqs);
    size_t *pos = ev_alloc(I, nseq * sizeof *pos);
    ev_value out = ev_list_new(I, 0);
    ev_value res = EV_ERR;
    if (!seqs || !pos || EV_IS_ERR(out)) {
        ev_dealloc(I, seqs);
        ev_dealloc(I, pos);
        if (!EV_IS_ERR(out))
            ev_decref(I, out);
        return ev_raise_nomem(I);
    }
    size_t made = 0;
    for (; made < bases->len; made++) {
        seqs[made] = cls_mro_of(I, (ev_type *)bases->items[made].u.o);
        if (EV_IS_ERR(seqs[made]))
            goto done;
        pos[made] = 0;
    }
    seqs[made] = ev_dup(ev_obj_val(&bases->h));
    pos[made++] = 0;
    if (ev_list_append(I, ev_as_list(out), ev_obj_val(&t->h)))
        goto done;
    for (;;) {
        ev_obj *pick = NULL;
        bool left = false;
        for (size_t i = 0; i < nseq && !pick; i++) {
            ev_tuple *s = ev_as_tuple(seqs[i]);
            if (pos[i] >= s->len)
                continue;
            left = true;
            ev_obj *head = s->items[pos[i]].u.o;
            bool in_tail = false;
            for (size_t j = 0; j < nseq && !in_tail; j++)
                in_tail = tuple_has(ev_as_tuple(seqs[j]), pos[j] + 1, head);
            if (!in_tail)
                pick = head;
        }
        if (!left)
            break;
        if (!pick) {
            /* CPython names the heads it could not merge, each once */
            ev_buf b = {0};
            int e = ev_buf_puts(I, &b, "Cannot create a consistent method resolution\norder (MRO) for bases");
            size_t named = 0;
            for (size_t i = 0; e == 0 && i < nseq; i++) {
                ev_tuple *sq = ev_as_tuple(seqs[i]);
                if (pos[i] >= sq->len)
                    continue;
                ev_obj *head = sq->items[pos[i]].u.o;
                bool seen = false;
                for (size_t j = 0; j < i && !seen; j++) {
                    ev_tuple *sj = ev_as_tuple(seqs[j]);
                    seen = pos[j] < sj->len && sj->items[pos[j]].u.o == head;
                }
                if (!seen)
                    e = ev_buf_printf(I, &b, "%s %s", named++ ? "," : "", ((ev_type *)head)->name);
            }
            if (e == 0) {
                ev_value msg = ev_buf_to_str(I, &b);
                if (!EV_IS_ERR(msg))
                    ev_raise(I, &ev_type_TypeError, "%s", ev_as_str(msg)->data);
                ev_decref(I, msg);
            } else {
                ev_buf_free(I, &b);
            }
            goto done;
        }
        if (ev_list_append(I, ev_as_list(out), ev_obj_val(pick)))
            goto done;
        for (size_t i = 0; i < nseq; i++) {
            ev_tuple *s = ev_as_tuple(seqs[i]);
            if (pos[i] < s->len && s->items[pos[i]].u.o == pick)
                pos[i]++;
        }
    }
    res = ev_tuple_from_iterable(I, out);
done:
    for (size_t i = 0; i < made; i++)
        if (!EV_IS_ERR(seqs[i]))
            ev_decref(I, seqs[i]);
    ev_dealloc(I, seqs);
    ev_dealloc(I, pos);
    ev_decref(I, out);
    return res;
}

ev_value *ev_type_lookup(ev_type *t, ev_str *name)
{
    if (!ev_is_heaptype(t))
        return NULL;
    ev_tuple *mro = ev_as_tuple(t->mro);
    for (size_t i = 0; i < mro->len; i++) {
        ev_type *k = (ev_type *)mro->items[i].u.o;
        if (!ev_is_heaptype(k)) {
            /* a builtin base before a class that defines the name too
             * (class L(list, Sequence): list.index, not Sequence's):
             * the builtin's, which the caller's fallback finds */
            if (k != &ev_type_object && (ev_builtin_method(k, name) || ev_raw_dunder(k, name)))
                return NULL;
            continue;
        }
        ev_value *v = ev_dict_lookup_str(k->dict, name);
        if (v)
            return v;
    }
    return NULL;
}

/* ev_type_lookup through the session's cache.  Every change to a class
 * namespace (setattr/delattr on a class, a class created or freed) bumps
 * class_version, which drops every entry; until then the dict slots an
 * entry points at cannot move. */
ev_value *ev_type_find(ev_interp *I, ev_type *t, ev_str *name)
{
    /* Both pointers are mixed by multiplication and the top bits taken:
     * blocks of one size class sit at regular strides, and a plain xor of
     * shifted addresses made a class's hot names collide (measured: two
     * misses per loop iteration in a bench, after an allocator change). */
    uint64_t h = (uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15u ^ (uint64_t)(uintptr_t)name * 0xc2b2ae3d27d4eb4fu;
    _Static_assert(sizeof I->tcache / sizeof I->tcache[0] == 512, "the index takes 9 bits");
    struct ev_tcache *e = &I->tcache[h >> 55];
    if (e->t == t && e->name == name && e->version == I->class_version)
        return e->where;
    ev_value *v = ev_type_lookup(t, name);
    e->t = t;
    e->name = name;
    e->version = I->class_version;
    e->where = v;
    return v;
}

/* ---- subclasses of builtin types ------------------------------------------------------- */

/* The builtin types a class statement may derive from, with the layout
 * their instances keep (ev_subhead in front of the builtin object). */
/* map, filter, zip, enumerate, reversed: a subclass instance is the
 * iterator object behind the subclass header, made from the arguments */
static bool iterator_class(const ev_type *t)
{
    for (ev_type *const *k = ev_iterator_classes; *k; k++)
        if (t == *k)
            return true;
    return false;
}

/* map.__new__, filter.__new__ and reversed.__new__ refuse keywords only
 * when the class keeps their __init__: a subclass's own __init__ may take
 * some (CPython's map_new checks type->tp_init) */
static int kw_for_root(ev_interp *I, ev_type *root, ev_type *cls, const ev_kw *kw)
{
    if (root == ev_iterator_classes[0] || root == ev_iterator_classes[1] || !iterator_class(root))
        return EV_KW_N(kw); /* zip and enumerate take their own keywords */
    return cls != root && ev_type_find(I, cls, I->dn[EV_DN_INIT]) ? 0 : EV_KW_N(kw);
}

bool cls_container_root(const ev_type *t)
{
    if (t == &ev_type_object)
        return false; /* the common case: a plain class */
    return iterator_class(t) || t == &ev_type_list || t == &ev_type_tuple || t == &ev_type_str || t == &ev_type_set || t == &ev_type_int ||
           t == &ev_type_float || t == &ev_type_complex || t == &ev_type_frozenset || t == &ev_type_bytes || t == &ev_type_bytearray ||
           t == &ev_type_deque ||
           (t->tflags & EV_TYPE_VALUE) || ev_type_is_subclass(t, &ev_type_dict);
}

static bool immutable_root(const ev_type *t)
{
    return iterator_class(t) || t == &ev_type_tuple || t == &ev_type_str || t == &ev_type_frozenset || t == &ev_type_int ||
           t == &ev_type_float || t == &ev_type_complex || t == &ev_type_bytes || (t->tflags & EV_TYPE_VALUE);
}

ev_type *ev_solid_base(ev_type *t)
{
    while (t && ev_is_heaptype(t))
        t = t->base;
    if (!t || (t->tflags & EV_TYPE_PLAIN_BASE))
        return &ev_type_object;
    return t;
}

/* A private copy of an immutable object that is shared (a cached string, the empty tuple). */
static ev_value fresh_copy(ev_interp *I, ev_value v)
{
    if (ev_is_int(v))
        return ev_int_box(I, v);
    if (v.tag == EV_T_FLOAT)
        return ev_float_box(I, v);
    if (ev_is(v, EV_O_COMPLEX))
        return ev_complex_new(I, ((ev_complex *)v.u.o)->re, ((ev_complex *)v.u.o)->im);
    if (ev_is(v, EV_O_STR))
        return ev_str_new(I, ev_as_str(v)->data, ev_as_str(v)->len);
    if (ev_is_byteslike(v))
        return ev_bytes_new(I, (ev_kind)v.u.o->kind, ev_as_bytes(v)->data, ev_as_bytes(v)->len);
    if (ev_is(v, EV_O_TUPLE)) {
        ev_tuple *src = ev_as_tuple(v);
        ev_value r = ev_tuple_new(I, src->len);
        if (!EV_IS_ERR(r))
            for (size_t i = 0; i < src->len; i++)
                ev_as_tuple(r)->items[i] = ev_dup(src->items[i]);
        return r;
    }
    if (ev_is(v, EV_O_FROZENSET)) {
        ev_value r = ev_set_new(I, true);
        ev_set *s = (ev_set *)v.u.o;
        for (size_t i = 0; !EV_IS_ERR(r) && i <= s->mask; i++)
            if (!EV_IS_ERR(s->table[i].key) && ev_set_add(I, (ev_set *)r.u.o, s->table[i].key)) {
                ev_decref(I, r);
                r = EV_ERR;
            }
        return r;
    }
    return ev_raise(I, &ev_type_TypeError, "cannot make a private copy of a '%s'", ev_type_name(v));
}

ev_value ev_sub_wrap(ev_interp *I, ev_value obj, ev_type *t)
{
    if (obj.tag != EV_T_OBJ || obj.u.o->refcnt != 1 || (obj.u.o->flags & (EV_OBJ_STATIC | EV_OBJ_SUB))) {
        ev_value c = fresh_copy(I, obj);
        ev_decref(I, obj);
        if (EV_IS_ERR(c))
            return c;
        obj = c;
    }
    ev_obj *o = obj.u.o;
    size_t sz = ev_alloc_size(o);
    /* always a container for the collector, even when the value is not
     * (str, bytes, int, float): its attributes can hold it back
     * (s.me = s, or through a re.Match of it) */
    ev_subhead *sh = ev_alloc_gc(I, sizeof *sh + sz);
    if (!sh) {
        ev_decref(I, obj);
        return ev_raise_nomem(I);
    }
    /* the object moves behind the subclass header; what it owns (items,
     * tables) moves with it and only the old shell is freed */
    memcpy(sh + 1, o, sz);
    ev_dealloc(I, o);
    ev_obj *n = (ev_obj *)(sh + 1);
    n->flags |= EV_OBJ_SUB;
    sh->type = t;
    sh->dict = NULL;
    sh->slots = NULL;
    ev_incref(ev_obj_val(&t->h));
    ev_gc_track_sub(I, n);
    return ev_obj_val(n);
}

/* list.__init__(self, iterable) and its kin, reached through super():
 * build the builtin value from the arguments and move it into self. */
static ev_value container_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *root = ev_solid_base(ev_type_of(self));
    if (immutable_root(root))
        return EV_NONE; /* object.__init__: the value was made by __new__ */
    ev_str *initname = I->dn[EV_DN_INIT];
    const ev_builtin_def *own = initname ? ev_builtin_method(root, initname) : NULL;
    if (own) /* Counter, OrderedDict: an update of self */
        return ev_call_method_def(I, own, self, argc, argv, kw);
    if (ev_is(self, EV_O_LIST) || ev_is(self, EV_O_SET)) {
        /* list___init__ and set_init: the arguments checked, the contents
         * emptied, then the iterable taken in (l.__init__(l) empties l) */
        bool list = ev_is(self, EV_O_LIST);
        if (EV_KW_N(kw))
            return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", list ? "list" : "set");
        if (argc > 1)
            return ev_raise(I, &ev_type_TypeError, "%s expected at most 1 argument, got %d",
                            list ? "list" : ev_type_of(self)->name, argc);
        ev_value src = argc ? argv[0] : EV_ERR;
        int r = list ? ev_list_reinit(I, ev_as_list(self), src) : ev_set_reinit(I, (ev_set *)self.u.o, src);
        return r ? EV_ERR : EV_NONE;
    }
    ev_value tmp = ev_call(I, ev_obj_val(&root->h), argc, argv, EV_KW_N(kw), kw ? kw->names : NULL,
                           kw ? kw->vals : NULL);
    if (EV_IS_ERR(tmp))
        return tmp;
    int r = 0;
    if (ev_is(self, EV_O_DICT)) {
        /* dict.__init__ again updates (list's, set's and deque's start over) */
        ev_dict *d = ev_as_dict(self), *src = ev_as_dict(tmp);
        for (size_t i = 0; r == 0 && i < src->nentries; i++)
            if (!EV_IS_ERR(src->entries[i].key))
                r = ev_dict_set(I, d, src->entries[i].key, src->entries[i].value);
        if (r == 0 && !EV_IS_ERR(src->factory)) {
            ev_decref(I, d->factory);
            d->factory = ev_dup(src->factory);
        }
    } else if (ev_is(self, EV_O_DEQUE)) {
        r = ev_deque_assign(I, self, tmp);
    }
    ev_decref(I, tmp);
    return r ? EV_ERR : EV_NONE;
}

/* tuple.__new__(cls, iterable), str.__new__(cls, obj), ...: the builtin
 * value made from the arguments, as an instance of cls. */
static ev_value container_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1 || !ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "__new__(X): X is not a type object");
    ev_type *cls = (ev_type *)argv[0].u.o;
    ev_type *root = ev_solid_base(cls);
    if (!cls_container_root(root))
        return ev_raise(I, &ev_type_TypeError, "__new__(%s): not a subtype of a builtin container", cls->name);
    ev_value v = ev_call(I, ev_obj_val(&root->h), immutable_root(root) ? argc - 1 : 0, argv + 1,
                         immutable_root(root) ? kw_for_root(I, root, cls, kw) : 0, kw ? kw->names : NULL,
                         kw ? kw->vals : NULL);
    if (EV_IS_ERR(v) || !ev_is_heaptype(cls) || (iterator_class(root) && ev_type_of(v) != root))
        return v; /* reversed(a_list) is the list's own reverse iterator */
    return ev_sub_wrap(I, v, cls);
}

/* int.__new__(cls, ...) reached on the builtin type itself (bound to it):
 * cls must be that type or a subclass, as tp_new_wrapper checks */
static ev_value builtin_type_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *t = (ev_type *)self.u.o;
    if (argc < 1)
        return ev_raise(I, &ev_type_TypeError, "%s.__new__(): not enough arguments", t->name);
    if (!ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "%s.__new__(X): X is not a type object (%s)", t->name,
                        ev_type_name(argv[0]));
    ev_type *cls = (ev_type *)argv[0].u.o;
    if (!ev_type_is_subclass(cls, t))
        return ev_raise(I, &ev_type_TypeError, "%s.__new__(%s): %s is not a subtype of %s", t->name, cls->name,
                        cls->name, t->name);
    return container_new(I, self, argc, argv, kw);
}

const ev_builtin_def cls_container_init_def = {"__init__", container_init, 0, -1, EV_BF_KWANY};
static const ev_builtin_def container_init_slot_def = {"__init__", container_init, 0, -1,
                                                       EV_BF_KWANY | EV_BF_SLOT};

int ev_container_init_attr(ev_interp *I, ev_value obj, ev_value *out)
{
    bool type = ev_is(obj, EV_O_TYPE);
    ev_type *root = ev_solid_base(type ? (ev_type *)obj.u.o : ev_type_of(obj));
    if (!cls_container_root(root) || immutable_root(root))
        return 0;
    *out = ev_builtin_new(I, &container_init_slot_def, obj);
    if (EV_IS_ERR(*out))
        return -1;
    if (type)
        ((ev_builtin *)out->u.o)->unbound = true;
    return 1;
}
const ev_builtin_def cls_container_new_def = {"__new__", container_new, 1, -1, EV_BF_KWANY};
static const ev_builtin_def builtin_type_new_def = {"__new__", builtin_type_new, 0, -1, EV_BF_KWANY};

/* An alternate constructor's value r (int.from_bytes, bytes.fromhex) when
 * called on cls: r itself for the builtin type, cls(r) for a subclass, as
 * CPython's classmethods do. */
ev_value ev_alt_ctor_result(ev_interp *I, ev_value cls, ev_value r)
{
    if (EV_IS_ERR(r) || !ev_is(cls, EV_O_TYPE) || !ev_is_heaptype((ev_type *)cls.u.o))
        return r;
    ev_value v = ev_call(I, cls, 1, &r, 0, NULL, NULL);
    ev_decref(I, r);
    return v;
}

int ev_builtin_type_new(ev_interp *I, ev_type *t, ev_value *out)
{
    if (ev_is_heaptype(t) || !cls_container_root(t))
        return 0;
    *out = ev_builtin_new(I, &builtin_type_new_def, ev_obj_val(&t->h));
    return EV_IS_ERR(*out) ? -1 : 1;
}

/* ---- the per-type cache of special names ------------------------------------------------ */

/* A user object whose class defines `id` (__get__, __set__, __delete__). */
bool cls_user_defines(ev_interp *I, ev_value v, ev_dn id)
{
    return ev_is(v, EV_O_INSTANCE) && ev_is_heaptype(((ev_instance *)v.u.o)->type) &&
           ev_type_lookup(((ev_instance *)v.u.o)->type, I->dn[id]) != NULL;
}

/* property, a slot's member descriptor, or a user descriptor with __set__
 * or __delete__: it takes precedence over the instance's own attributes. */
bool cls_is_data_descriptor(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_WRAPPER))
        return ((ev_wrapper *)v.u.o)->type == &ev_type_property ||
               ((ev_wrapper *)v.u.o)->type == &ev_type_member_descriptor ||
               ((ev_wrapper *)v.u.o)->type == &ev_type_getset_descriptor;
    return cls_user_defines(I, v, EV_DN_SET) || cls_user_defines(I, v, EV_DN_DELETE);
}

static void type_cache_fill(ev_interp *I, ev_type *t)
{
    t->dn_mask[0] = t->dn_mask[1] = 0;
    for (int i = 0; i < EV_DN__COUNT; i++)
        if (ev_type_lookup(t, I->dn[i]))
            t->dn_mask[i / 64] |= 1ull << (i % 64);
    t->has_property = false;
    ev_tuple *mro = ev_as_tuple(t->mro);
    for (size_t i = 0; i < mro->len && !t->has_property; i++) {
        ev_type *k = (ev_type *)mro->items[i].u.o;
        if (!ev_is_heaptype(k))
            continue;
        for (size_t j = 0; j < k->dict->nentries; j++)
            /* every class that adds a __dict__ or __weakref__ holds their
             * getset descriptors: the set paths answer those two names
             * themselves, so they do not count */
            if (!EV_IS_ERR(k->dict->entries[j].key) && !ev_is_getset(k->dict->entries[j].value) &&
                cls_is_data_descriptor(I, k->dict->entries[j].value)) {
                t->has_property = true;
                break;
            }
    }
    t->dn_version = I->class_version;
}

/* Could t's MRO define the special method? (false: it certainly does not) */
static inline bool type_has(ev_interp *I, ev_type *t, ev_dn id)
{
    if (t->dn_version != I->class_version)
        type_cache_fill(I, t);
    return (t->dn_mask[id / 64] >> (id % 64)) & 1;
}

bool ev_type_defines(ev_interp *I, ev_type *t, ev_dn id)
{
    return ev_is_heaptype(t) && type_has(I, t, id) && ev_type_find(I, t, I->dn[id]);
}

ev_type *ev_fin_type(ev_interp *I, const ev_obj *o)
{
    ev_type *t;
    if (o->flags & EV_OBJ_SUB)
        t = ev_sub_of(o)->type;
    else if (o->kind == EV_O_INSTANCE)
        t = ((const ev_instance *)o)->type;
    else if (o->kind == EV_O_EXC)
        t = ((const ev_exc *)o)->type;
    else
        return NULL;
    return ev_is_heaptype(t) && type_has(I, t, EV_DN_DEL) ? t : NULL;
}

bool cls_type_has_property(ev_interp *I, ev_type *t)
{
    if (t->dn_version != I->class_version)
        type_cache_fill(I, t);
    return t->has_property;
}

/* ---- class creation ----------------------------------------------------------------------- */

static int ns_set(ev_interp *I, ev_dict *d, const char *key, ev_value v)
{
    ev_str *k = ev_intern(I, key, strlen(key));
    return k ? ev_dict_set_str(I, d, k, v) : -1;
}

const char *ev_type_qualname(const ev_type *t)
{
    if (ev_is_heaptype((ev_type *)t) && ev_is(t->hqualname, EV_O_STR))
        return ev_as_str(t->hqualname)->data;
    const char *dot = strrchr(t->name, '.'); /* collections.deque */
    return dot ? dot + 1 : t->name;
}

const char *ev_type_modname(ev_interp *I, const ev_type *t)
{
    if (ev_is_heaptype((ev_type *)t) && t->dict && I->dn[EV_DN_MODULE]) {
        ev_value *m = ev_dict_lookup_str(t->dict, I->dn[EV_DN_MODULE]);
        if (m && ev_is(*m, EV_O_STR))
            return ev_as_str(*m)->data;
    }
    return t->module;
}

/* The exception type whose C struct instances of the builtin exception t
 * have in CPython (its solid base): most exceptions share BaseException's,
 * so class X(OSError, ValueError) is fine where (OSError, ImportError)
 * conflicts. */
static ev_type *exc_layout(ev_type *t)
{
    ev_type *const own[] = {&ev_type_BaseExceptionGroup, &ev_type_StopIteration, &ev_type_SystemExit,
                            &ev_type_ImportError, &ev_type_OSError, &ev_type_SyntaxError,
                            &ev_type_NameError, &ev_type_AttributeError, &ev_type_UnicodeEncodeError,
                            &ev_type_UnicodeDecodeError, &ev_type_UnicodeTranslateError};
    for (ev_type *u = t; u; u = u->base)
        for (size_t i = 0; i < sizeof own / sizeof *own; i++)
            if (u == own[i])
                return u;
    return &ev_type_BaseException;
}

static ev_value class_make(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, ev_dict *ns, const ev_kw *kw,
                           bool hooks)
{
    ev_tuple *bt = ev_as_tuple(bases);
    ev_type *solid = NULL; /* the builtin type instances are laid out as */
    if (ev_meta_winner(I, meta ? meta : &ev_type_type, bt, &meta) < 0)
        return EV_ERR;
    for (size_t i = 0; i < bt->len; i++) {
        if (!ev_is(bt->items[i], EV_O_TYPE))
            return ev_raise(I, &ev_type_TypeError,
                            "bases must be types");
        ev_type *b = (ev_type *)bt->items[i].u.o;
        ev_type *root = b;
        while (ev_is_heaptype(root))
            root = root->base;
        if (root == &ev_type_bool || b == &ev_type_property || b == &ev_type_staticmethod ||
            b == &ev_type_classmethod || b == &ev_type_super || b == &ev_type_NoneType ||
            b == &ev_type_function || b == &ev_type_generator || b == &ev_type_range ||
            b == &ev_type_builtin_function || b == &ev_type_module || b == &ev_type_method_descriptor ||
            b == &ev_type_wrapper_descriptor || b == &ev_type_method_wrapper || b == &ev_type_member_descriptor ||
            b == &ev_type_getset_descriptor ||
            (b->tflags & EV_TYPE_FINAL))
            return ev_raise(I, &ev_type_TypeError, "type '%s' is not an acceptable base type", b->name);
        if (root->tflags & EV_TYPE_PLAIN_BASE)
            root = &ev_type_object;
        if (root != &ev_type_object && root != &ev_type_type && !ev_type_is_subclass(root, &ev_type_BaseException) &&
            !cls_container_root(root) && !root->cnew)
            return ev_raise(I, &ev_type_NotImplementedError,
                            "subclassing the builtin type '%s' is not supported by safepy yet; "
                            "wrap a %s in an attribute instead", root->name, root->name);
        bool excs = solid && ev_type_is_subclass(root, &ev_type_BaseException) &&
                    ev_type_is_subclass(solid, &ev_type_BaseException);
        ev_type *lr = excs ? exc_layout(root) : root, *ls = excs ? exc_layout(solid) : solid;
        if (solid && lr != ls && root != &ev_type_object && solid != &ev_type_object &&
            !ev_type_is_subclass(lr, ls) && !ev_type_is_subclass(ls, lr))
            return ev_raise(I, &ev_type_TypeError, "multiple bases have instance lay-out conflict");
        if (!solid || solid == &ev_type_object || (excs ? lr != ls && ev_type_is_subclass(lr, ls) :
                                                          ev_type_is_subclass(root, solid)))
            solid = root;
    }
    for (const char *const *sn = solid && solid->cnew ? solid->sealed : NULL; sn && *sn; sn++) {
        ev_str *k = ev_intern(I, *sn, strlen(*sn));
        if (!k)
            return EV_ERR;
        if (ev_dict_lookup_str(ns, k))
            return ev_raise(I, &ev_type_NotImplementedError,
                            "overriding %s() in a subclass of %s.%s is not supported by safepy: the type's "
                            "other methods would not call the override; wrap a %s in an attribute instead",
                            *sn, solid->module, solid->name, solid->name);
    }
    for (size_t i = 0; i < bt->len; i++)
        for (size_t j = i + 1; j < bt->len; j++)
            if (bt->items[i].u.o == bt->items[j].u.o)
                return ev_raise(I, &ev_type_TypeError, "duplicate base class %s",
                                ((ev_type *)bt->items[i].u.o)->name);
    ev_type *t = ev_alloc_gc(I, sizeof *t);
    if (!t)
        return ev_raise_nomem(I);
    memset(t, 0, sizeof *t);
    t->h.refcnt = 1;
    t->h.kind = EV_O_TYPE;
    ev_gc_track(I, &t->h);
    t->tflags = EV_TYPE_HEAP;
    t->hname = ev_dup(ev_obj_val(&name->h));
    t->hqualname = ev_dup(t->hname);
    t->name = name->data;
    t->module = "__main__";
    t->bases = EV_NONE;
    t->mro = EV_NONE;
    t->dict = NULL;
    if (meta != &ev_type_type) {
        t->meta = meta;
        ev_incref(ev_obj_val(&meta->h));
    }
    t->cnext = I->classes;
    if (I->classes)
        I->classes->cprev = t;
    I->classes = t;
    ev_value tv = ev_obj_val(&t->h);
    ev_value bases_used = bt->len ? ev_dup(bases) : ev_tuple_new(I, 1);
    if (EV_IS_ERR(bases_used))
        goto fail;
    if (!bt->len)
        ev_as_tuple(bases_used)->items[0] = ev_obj_val(&ev_type_object.h);
    t->bases = bases_used;
    t->base = (ev_type *)ev_as_tuple(bases_used)->items[0].u.o;
    if (solid && solid != &ev_type_object) {
        if (ev_type_is_subclass(solid, &ev_type_BaseException))
            t->tflags |= EV_TYPE_EXC;
        /* instances are ev_cinstance objects: freed with their slots, and
         * the special methods the class does not define are the C type's */
        if (solid->tflags & EV_TYPE_CSLOTS)
            t->tflags |= EV_TYPE_CSLOTS;
        /* the first base on the way to the exception type carries its layout */
        for (size_t i = 0; i < ev_as_tuple(bases_used)->len; i++) {
            ev_type *b = (ev_type *)ev_as_tuple(bases_used)->items[i].u.o;
            if (ev_type_is_subclass(b, solid)) {
                t->base = b;
                break;
            }
        }
    }
    t->mro = c3_mro(I, t, ev_as_tuple(bases_used));
    if (EV_IS_ERR(t->mro)) {
        t->mro = EV_NONE;
        goto fail;
    }
    ev_gc_untrack(t->mro.u.o); /* it holds the class uncounted: the collector must not see it */
    /* the MRO holds the class itself: that entry is not counted (no self-cycle) */
    t->h.refcnt--;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        goto fail;
    t->dict = ev_as_dict(d);
    ev_value classcell = EV_ERR;
    /* The namespace's pairs are taken first: inserting a key that is not a
     * str runs its __hash__/__eq__, which may change the namespace while it
     * is read (CPython copies the dict with the hashes it stored). */
    size_t npairs = 0;
    for (size_t i = 0; i < ns->nentries; i++)
        npairs += !EV_IS_ERR(ns->entries[i].key);
    ev_value pairs = ev_tuple_new(I, 2 * npairs);
    if (EV_IS_ERR(pairs))
        goto fail;
    for (size_t i = 0, k = 0; i < ns->nentries && k < 2 * npairs; i++) {
        ev_dict_entry *e = &ns->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        ev_as_tuple(pairs)->items[k++] = ev_dup(e->key);
        ev_as_tuple(pairs)->items[k++] = ev_dup(e->value);
    }
    for (size_t k = 0; k + 1 < 2 * npairs; k += 2) {
        ev_value key = ev_as_tuple(pairs)->items[k], val = ev_as_tuple(pairs)->items[k + 1];
        if (ev_is(key, EV_O_STR) && strcmp(ev_as_str(key)->data, "__classcell__") == 0) {
            classcell = val;
            continue;
        }
        if (ev_dict_set(I, t->dict, key, val)) {
            ev_decref(I, pairs);
            goto fail;
        }
    }
    /* __class__ of the methods is the class: set while pairs still holds
     * the cell (the namespace may have dropped it meanwhile) */
    if (!EV_IS_ERR(classcell) && ev_is(classcell, EV_O_CELL)) {
        ev_cell *c = (ev_cell *)classcell.u.o;
        ev_decref(I, c->v);
        c->v = ev_dup(tv);
    }
    ev_decref(I, pairs);
    /* __qualname__ lives in the type, not in its namespace (as CPython's ht_qualname) */
    ev_str *qn = I->dn[EV_DN_QUALNAME];
    if (!qn)
        goto fail;
    ev_value *qv = ev_dict_lookup_str(t->dict, qn);
    if (qv) {
        if (!ev_is(*qv, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "type __qualname__ must be a str, not %s", ev_type_name(*qv));
            goto fail;
        }
        ev_decref(I, t->hqualname);
        t->hqualname = ev_dup(*qv);
        if (ev_dict_del(I, t->dict, ev_obj_val(&qn->h)) < 0)
            goto fail;
    }
    /* __init_subclass__ and __class_getitem__ are classmethods without the
     * decorator, __new__ a staticmethod (as CPython's type_new) */
    for (int k = 0; k < 3; k++) {
        ev_str *nm = I->dn[k == 0 ? EV_DN_INIT_SUBCLASS : k == 1 ? EV_DN_CLASS_GETITEM : EV_DN_NEW];
        ev_value *f = ev_dict_lookup_str(t->dict, nm);
        if (f && ev_is(*f, EV_O_FUNC)) {
            ev_value cm = wrapper_new(I, k == 2 ? &ev_type_staticmethod : &ev_type_classmethod, *f, EV_NONE,
                                      EV_NONE, EV_NONE);
            if (EV_IS_ERR(cm) || ev_dict_set_str(I, t->dict, nm, cm)) {
                if (!EV_IS_ERR(cm))
                    ev_decref(I, cm);
                goto fail;
            }
            ev_decref(I, cm);
        }
    }
    /* the namespace's order is CPython's: the body's names, __module__,
     * the slots' member descriptors and the __dict__/__weakref__ getsets
     * (type_new), then __doc__ and __hash__ (PyType_Ready) */
    if (!ev_dict_lookup_str(t->dict, I->dn[EV_DN_MODULE])) {
        /* a class body binds its own; classes made from C (namedtuple) may not */
        ev_value mod = ev_str_from_cstr(I, "__main__");
        if (EV_IS_ERR(mod))
            goto fail;
        int r = ns_set(I, t->dict, "__module__", mod);
        ev_decref(I, mod);
        if (r)
            goto fail;
    }
    if (ev_type_init_slots(I, t))
        goto fail;
    ev_str *doc = I->dn[EV_DN_DOC];
    if (!doc || (!ev_dict_lookup_str(t->dict, doc) && ev_dict_set_str(I, t->dict, doc, EV_NONE)))
        goto fail;
    /* a class that defines __eq__ and not __hash__ is unhashable, as CPython's type_new */
    if (ev_dict_lookup_str(t->dict, I->dn[EV_DN_EQ]) && !ev_dict_lookup_str(t->dict, I->dn[EV_DN_HASH]) &&
        ev_dict_set_str(I, t->dict, I->dn[EV_DN_HASH], EV_NONE))
        goto fail;
    /* __set_name__(owner, name) of the descriptors the body made, in order,
     * over a copy of the namespace: a __set_name__ that adds, replaces or
     * deletes class attributes changes neither who is called nor the names */
    I->class_version++; /* the namespace was edited in place above */
    if (!hooks)
        return tv;
    if (set_names(I, t) < 0)
        goto fail;
    /* __init_subclass__ of the parent classes, with the class keywords */
    ev_str *isc = I->dn[EV_DN_INIT_SUBCLASS];
    bool called = false;
    for (size_t i = 1; isc && i < ev_as_tuple(t->mro)->len && !called; i++) {
        ev_type *k = (ev_type *)ev_as_tuple(t->mro)->items[i].u.o;
        ev_value *f = ev_is_heaptype(k) ? ev_dict_lookup_str(k->dict, isc) : NULL;
        if (!f)
            continue;
        ev_value fn = ev_dup(ev_is(*f, EV_O_WRAPPER) ? ((ev_wrapper *)f->u.o)->a : *f);
        ev_value res = ev_call(I, fn, 1, &tv, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
        ev_decref(I, fn);
        if (EV_IS_ERR(res))
            goto fail;
        ev_decref(I, res);
        called = true;
    }
    if (!called && EV_KW_N(kw)) {
        ev_raise(I, &ev_type_TypeError, "%s.__init_subclass__() takes no keyword arguments", t->name);
        goto fail;
    }
    return tv;
fail:
    ev_decref(I, tv);
    return EV_ERR;
}

ev_value ev_class_new(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, ev_dict *ns, const ev_kw *kw)
{
    return class_make(I, meta, name, bases, ns, kw, true);
}

ev_value ev_class_new_bare(ev_interp *I, ev_type *meta, ev_str *name, ev_value bases, ev_dict *ns)
{
    return class_make(I, meta, name, bases, ns, NULL, false);
}

/* ---- instances ------------------------------------------------------------------------------ */

/* A new instance of t with no attributes; it holds a reference to t. */
static ev_value instance_new(ev_interp *I, ev_type *t)
{
    ev_instance *o = ev_obj_new(I, sizeof *o, EV_O_INSTANCE, true);
    if (!o)
        return EV_ERR;
    o->type = t;
    ev_incref(ev_obj_val(&t->h));
    o->dict = NULL;
    o->values = NULL;
    return ev_obj_val(&o->h);
}

ev_value ev_instance_new_bare(ev_interp *I, ev_type *t)
{
    return instance_new(I, t);
}

ev_value ev_cinstance_new(ev_interp *I, ev_type *t, uint32_t nslots)
{
    ev_cinstance *o = ev_alloc(I, sizeof *o + nslots * sizeof(ev_value));
    if (!o)
        return ev_raise_nomem(I);
    o->inst.h.refcnt = 1;
    o->inst.h.kind = EV_O_INSTANCE;
    o->inst.h.flags = 0;
    o->inst.type = t;
    ev_incref(ev_obj_val(&t->h));
    o->inst.dict = NULL;
    o->inst.values = NULL;
    o->nslots = nslots;
    for (uint32_t i = 0; i < nslots; i++)
        o->slots[i] = EV_NONE;
    return ev_obj_val(&o->inst.h);
}

/* The special method `name` of an EV_TYPE_CSLOTS type (its C methods table,
 * then its bases'), called bound to v: 1 called, 0 absent, -1 error. */
static int cslots_dunder(ev_interp *I, ev_type *t, ev_value v, ev_str *name, int argc,
                         const ev_value *argv, ev_value *out)
{
    /* the methods tables' hash index (type.c): a linear strcmp scan here
     * was a third of a decimal benchmark (every + and every method call
     * missed on __getattribute__ and __getattr__ first) */
    const ev_builtin_def *d = ev_builtin_method(t, name);
    if (d && (d->flags & EV_BF_PROP)) { /* a property of that name hides nothing: look further */
        d = NULL;
        for (ev_type *k = t; k && !d; k = k->base)
            for (const ev_builtin_def *e = k->methods; e && e->name && !d; e++)
                if (!(e->flags & EV_BF_PROP) && strcmp(e->name, name->data) == 0)
                    d = e;
    }
    if (!d)
        return 0;
    ev_value fn = ev_builtin_new(I, d, v);
    if (EV_IS_ERR(fn))
        return -1;
    *out = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return EV_IS_ERR(*out) ? -1 : 1;
}

/* object.__new__'s refusal of a class whose __abstractmethods__ is set:
 * "Can't instantiate abstract class C with abstract methods a, b" (the
 * names sorted) */
static ev_value abstract_error(ev_interp *I, ev_type *t)
{
    ev_str *key = ev_intern(I, "__abstractmethods__", 19);
    ev_value am = key ? ev_getattr(I, ev_obj_val(&t->h), key) : EV_ERR;
    if (EV_IS_ERR(am))
        return am;
    ev_value sorted = ev_list_from_iterable(I, am);
    ev_decref(I, am);
    if (EV_IS_ERR(sorted))
        return sorted;
    if (ev_sort_values(I, ev_as_list(sorted)->items, ev_as_list(sorted)->len, EV_NONE, false)) {
        ev_decref(I, sorted);
        return EV_ERR;
    }
    ev_buf b = {0};
    size_t n = ev_as_list(sorted)->len;
    int e = ev_buf_printf(I, &b, "Can't instantiate abstract class %s with abstract method%s ", t->name,
                          n > 1 ? "s" : "");
    for (size_t i = 0; !e && i < ev_as_list(sorted)->len; i++) {
        ev_value s = ev_to_str(I, ev_as_list(sorted)->items[i]);
        e = EV_IS_ERR(s) || (i && ev_buf_puts(I, &b, ", ")) || ev_buf_put(I, &b, ev_as_str(s)->data, ev_as_str(s)->len);
        ev_decref(I, s);
    }
    ev_decref(I, sorted);
    ev_value msg = e ? EV_ERR : ev_buf_to_str(I, &b);
    if (e)
        ev_buf_free(I, &b);
    if (EV_IS_ERR(msg))
        return msg;
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args)) {
        ev_decref(I, msg);
        return args;
    }
    ev_as_tuple(args)->items[0] = msg;
    ev_value exc = ev_exc_new(I, &ev_type_TypeError, args);
    return EV_IS_ERR(exc) ? exc : ev_raise_value(I, exc);
}

static ev_value object_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "object() takes no arguments");
    return instance_new(I, &ev_type_object);
}

ev_value cls_method_new(ev_interp *I, ev_value func, ev_value self)
{
    ev_method *m = ev_obj_new(I, sizeof *m, EV_O_METHOD, true);
    if (!m)
        return EV_ERR;
    m->func = ev_dup(func);
    m->self = ev_dup(self);
    return ev_obj_val(&m->h);
}

/* A call with `first` prepended to the positional arguments. */
static ev_value call_with_first(ev_interp *I, ev_value fn, ev_value first, int argc,
                                const ev_value *argv, const ev_kw *kw)
{
    ev_value small[8];
    ev_value *a = small;
    if (argc + 1 > 8) {
        a = ev_alloc(I, (size_t)(argc + 1) * sizeof *a);
        if (!a)
            return ev_raise_nomem(I);
    }
    a[0] = first;
    for (int i = 0; i < argc; i++)
        a[i + 1] = argv[i];
    ev_value r = ev_call(I, fn, argc + 1, a, EV_KW_N(kw), kw ? kw->names : NULL, kw ? kw->vals : NULL);
    if (a != small)
        ev_dealloc(I, a);
    return r;
}

int ev_dunder(ev_interp *I, ev_value v, ev_dn name, int argc, const ev_value *argv,
              ev_value *out)
{
    ev_type *t = ev_type_of(v);
    if (!ev_is_heaptype(t))
        return (t->tflags & EV_TYPE_CSLOTS) && ev_is(v, EV_O_INSTANCE)
                   ? cslots_dunder(I, t, v, I->dn[name], argc, argv, out) : 0;
    if (!type_has(I, t, name))
        return (t->tflags & EV_TYPE_CSLOTS) && ev_is(v, EV_O_INSTANCE)
                   ? cslots_dunder(I, ev_solid_base(t), v, I->dn[name], argc, argv, out) : 0;
    ev_value *f = ev_type_find(I, t, I->dn[name]);
    if (!f)
        return (t->tflags & EV_TYPE_CSLOTS) && ev_is(v, EV_O_INSTANCE)
                   ? cslots_dunder(I, ev_solid_base(t), v, I->dn[name], argc, argv, out) : 0;
    ev_value fn = *f;
    if (ev_is(fn, EV_O_WRAPPER)) {
        ev_wrapper *w = (ev_wrapper *)fn.u.o;
        if (w->type == &ev_type_staticmethod) {
            *out = ev_call(I, w->a, argc, argv, 0, NULL, NULL);
            return EV_IS_ERR(*out) ? -1 : 1;
        }
        if (w->type == &ev_type_classmethod) {
            *out = call_with_first(I, w->a, ev_obj_val(&t->h), argc, argv, NULL);
            return EV_IS_ERR(*out) ? -1 : 1;
        }
    }
    if (fn.tag == EV_T_NONE) {
        /* __hash__ = None and the like: the operation is unsupported */
        return 0;
    }
    ev_incref(fn); /* the method may replace itself in the class */
    *out = call_with_first(I, fn, v, argc, argv, NULL);
    ev_decref(I, fn);
    return EV_IS_ERR(*out) ? -1 : 1;
}

/* type_new_set_names: an error in a __set_name__ becomes RuntimeError
 * with the original as its __cause__. */
static int set_names(ev_interp *I, ev_type *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->dict->nentries; i++)
        n += !EV_IS_ERR(t->dict->entries[i].key) && cls_user_defines(I, t->dict->entries[i].value, EV_DN_SET_NAME);
    if (n == 0)
        return 0;
    ev_value pairs = ev_tuple_new(I, 2 * n);
    if (EV_IS_ERR(pairs))
        return -1;
    size_t k = 0;
    for (size_t i = 0; i < t->dict->nentries && k < 2 * n; i++) {
        ev_dict_entry *e = &t->dict->entries[i];
        if (EV_IS_ERR(e->key) || !cls_user_defines(I, e->value, EV_DN_SET_NAME))
            continue;
        ev_as_tuple(pairs)->items[k++] = ev_dup(e->key);
        ev_as_tuple(pairs)->items[k++] = ev_dup(e->value);
    }
    int r = 0;
    ev_value tv = ev_obj_val(&t->h);
    for (size_t i = 0; i + 1 < k && r == 0; i += 2) {
        ev_value key = ev_as_tuple(pairs)->items[i], v = ev_as_tuple(pairs)->items[i + 1], res;
        ev_value args[2] = {tv, key};
        int got = ev_dunder(I, v, EV_DN_SET_NAME, 2, args, &res);
        if (got > 0)
            ev_decref(I, res);
        if (got >= 0)
            continue;
        r = -1;
        if (I->limit || !ev_is(I->exc, EV_O_EXC))
            break;
        ev_value cause = I->exc, krep = ev_repr(I, key);
        I->exc = EV_NONE;
        if (EV_IS_ERR(krep)) {
            ev_decref(I, cause);
            break;
        }
        I->exc = EV_NONE;
        (void)ev_raise(I, &ev_type_RuntimeError, "Error calling __set_name__ on '%s' instance %s in '%s'",
                       ev_type_name(v), ev_as_str(krep)->data, t->name);
        ev_decref(I, krep);
        if (ev_is(I->exc, EV_O_EXC)) {
            ev_exc *e = (ev_exc *)I->exc.u.o;
            ev_decref(I, e->cause);
            ev_decref(I, e->context);
            e->cause = ev_dup(cause);
            e->context = cause;
            e->suppress_context = true;
        } else {
            ev_decref(I, cause);
        }
    }
    ev_decref(I, pairs);
    return r;
}

ev_value ev_class_call(ev_interp *I, ev_type *t, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value obj;
    bool plain = false; /* an instance made without running Python code */
    ev_str *newname = I->dn[EV_DN_NEW], *initname = I->dn[EV_DN_INIT];
    if (!newname || !initname)
        return EV_ERR;
    ev_value *nf = type_has(I, t, EV_DN_NEW) ? ev_type_find(I, t, newname) : NULL;
    ev_value *inf = type_has(I, t, EV_DN_INIT) ? ev_type_find(I, t, initname) : NULL;
    ev_value tv = ev_obj_val(&t->h);
    ev_type *root = ev_solid_base(t);
    if (cls_container_root(root)) {
        /* class L(list): the builtin value, then __init__; an immutable one
         * (str, tuple, frozenset) is made from the arguments by __new__ */
        if (nf) {
            ev_value fn = *nf;
            if (ev_is(fn, EV_O_WRAPPER))
                fn = ((ev_wrapper *)fn.u.o)->a;
            obj = call_with_first(I, fn, tv, argc, argv, kw);
            if (EV_IS_ERR(obj) || !ev_type_is_subclass(ev_type_of(obj), t))
                return obj;
        } else {
            /* Counter and OrderedDict fill the instance in their own
             * __init__, through its class's __setitem__ */
            const ev_builtin_def *root_init = inf ? NULL : ev_builtin_method(root, initname);
            bool args_to_value = (immutable_root(root) || !inf) && !root_init;
            ev_value v = ev_call(I, ev_obj_val(&root->h), args_to_value ? argc : 0, argv,
                                 args_to_value ? kw_for_root(I, root, t, kw) : 0, kw ? kw->names : NULL,
                                 kw ? kw->vals : NULL);
            if (EV_IS_ERR(v))
                return v;
            /* reversed.__new__ returns what a sequence's own __reversed__
             * gives (a list_reverseiterator for a list): not an instance of
             * the class, so CPython's type.__call__ returns it untouched */
            if (iterator_class(root) && ev_type_of(v) != root)
                return v;
            obj = ev_sub_wrap(I, v, t);
            if (EV_IS_ERR(obj))
                return obj;
            if (root_init) {
                ev_value r = ev_call_method_def(I, root_init, obj, argc, argv, kw);
                if (EV_IS_ERR(r)) {
                    ev_decref(I, obj);
                    return r;
                }
                ev_decref(I, r);
                return obj;
            }
        }
        /* looked up again: __new__ ran Python code that may have changed the class */
        inf = type_has(I, t, EV_DN_INIT) ? ev_type_find(I, t, initname) : NULL;
        if (inf) {
            ev_value r = call_with_first(I, *inf, obj, argc, argv, kw);
            if (EV_IS_ERR(r)) {
                ev_decref(I, obj);
                return r;
            }
            ev_decref(I, r);
        }
        return obj;
    }
    if (root->cnew) {
        /* class Q(queue.Queue): the C type makes the instance, its C
         * __init__ runs unless the class has its own */
        if (nf)
            return ev_raise(I, &ev_type_NotImplementedError,
                            "__new__ in a subclass of %s.%s is not supported by safepy; use __init__",
                            root->module, root->name);
        obj = root->cnew(I, t);
        if (EV_IS_ERR(obj))
            return obj;
        if (!inf || (root->tflags & EV_TYPE_CNEW_INIT)) {
            const ev_builtin_def *d = ev_builtin_method(root, initname);
            ev_value r = d ? ev_call_method_def(I, d, obj, argc, argv, kw) : EV_NONE;
            if (EV_IS_ERR(r)) {
                ev_decref(I, obj);
                return r;
            }
            ev_decref(I, r);
            if (!inf)
                return obj;
        }
    } else if (nf) {
        ev_value fn = *nf;
        if (ev_is(fn, EV_O_WRAPPER))
            fn = ((ev_wrapper *)fn.u.o)->a;
        obj = call_with_first(I, fn, tv, argc, argv, kw);
        if (EV_IS_ERR(obj))
            return obj;
        if (ev_type_of(obj) != t && !ev_type_is_subclass(ev_type_of(obj), t))
            return obj; /* __init__ runs only for instances of t */
    } else if (root == &ev_type_type) {
        obj = ev_meta_new(I, t, argc, argv, kw); /* Meta(name, bases, ns): type.__new__ */
        if (EV_IS_ERR(obj) || !ev_type_is_subclass(ev_type_of(obj), t))
            return obj;
    } else if ((t->tflags & EV_TYPE_EXC) && ev_type_is_subclass(t, &ev_type_BaseExceptionGroup)) {
        obj = ev_exception_group_new(I, t, argc, argv, kw); /* its __new__ takes (message, exceptions) */
        if (EV_IS_ERR(obj))
            return obj;
    } else if (t->tflags & EV_TYPE_EXC) {
        if (!inf && EV_KW_N(kw) && !ev_builtin_method(t, initname))
            return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", t->name);
        obj = ev_exc_make(I, t, argc, argv);
        if (EV_IS_ERR(obj))
            return obj;
    } else {
        if (!inf && (argc || EV_KW_N(kw)))
            return ev_raise(I, &ev_type_TypeError, "%s() takes no arguments", t->name);
        if (t->tflags & EV_TYPE_ABSTRACT)
            return abstract_error(I, t);
        obj = instance_new(I, t);
        if (EV_IS_ERR(obj))
            return obj;
        plain = true;
    }
    /* looked up after __new__ (it may have changed the class), on the
     * object's own type as type_call does: __new__ may make a subclass's.
     * A plain instance ran no code since the first lookup: it stands. */
    ev_type *ot = ev_type_of(obj);
    if (!plain || !ev_is_heaptype(ot))
        inf = ev_is_heaptype(ot) && type_has(I, ot, EV_DN_INIT) ? ev_type_find(I, ot, initname) : NULL;
    if (inf) {
        ev_value r = call_with_first(I, *inf, obj, argc, argv, kw);
        if (EV_IS_ERR(r)) {
            ev_decref(I, obj);
            return r;
        }
        if (r.tag != EV_T_NONE) {
            ev_decref(I, obj);
            (void)ev_raise(I, &ev_type_TypeError, "__init__() should return None, not '%s'", ev_type_name(r));
            ev_decref(I, r);
            return EV_ERR;
        }
    } else if ((ot->tflags & EV_TYPE_EXC) && ev_is_heaptype(ot)) {
        /* a subclass of a builtin exception whose __init__ is C
         * (json.JSONDecodeError computes its positions there) */
        const ev_builtin_def *d = ev_builtin_method(ot, initname);
        if (d) {
            ev_value r = ev_call_method_def(I, d, obj, argc, argv, kw);
            if (EV_IS_ERR(r)) {
                ev_decref(I, obj);
                return r;
            }
            ev_decref(I, r);
        }
    }
    return obj;
}

/* C.mro(): the method resolution order as a list */
static ev_value type_mro(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value m = cls_mro_of(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(m))
        return m;
    ev_value l = ev_list_from_iterable(I, m);
    ev_decref(I, m);
    return l;
}

const ev_builtin_def cls_mro_def = {"mro", type_mro, 0, 0};

/* ---- property, staticmethod, classmethod, super -------------------------------------------- */

static ev_value wrapper_new(ev_interp *I, ev_type *t, ev_value a, ev_value b, ev_value c, ev_value doc)
{
    ev_wrapper *w = ev_obj_new(I, sizeof *w, EV_O_WRAPPER, true);
    if (!w)
        return EV_ERR;
    w->type = t;
    w->a = ev_dup(a);
    w->b = ev_dup(b);
    w->c = ev_dup(c);
    w->doc = ev_dup(doc);
    return ev_obj_val(&w->h);
}

static ev_value or_none(ev_value v) { return EV_IS_ERR(v) ? EV_NONE : v; }

static ev_value wrapper_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_type *t = (ev_type *)self.u.o;
    if (t == &ev_type_property)
        return wrapper_new(I, t, or_none(argv[0]), or_none(argv[1]), or_none(argv[2]), or_none(argv[3]));
    return wrapper_new(I, t, argv[0], EV_NONE, EV_NONE, EV_NONE);
}

/* property.setter / .getter / .deleter: a copy with one function replaced */
static ev_value prop_with(ev_interp *I, ev_value self, const ev_value *argv, int which)
{
    ev_wrapper *w = (ev_wrapper *)self.u.o;
    return wrapper_new(I, &ev_type_property, which == 0 ? argv[0] : w->a, which == 1 ? argv[0] : w->b,
                       which == 2 ? argv[0] : w->c, w->doc);
}
static ev_value pm_getter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return prop_with(I, self, argv, 0); }
static ev_value pm_setter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return prop_with(I, self, argv, 1); }
static ev_value pm_deleter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { return prop_with(I, self, argv, 2); }

static const ev_builtin_def property_methods[] = {
    {"getter", pm_getter, 1, 1},
    {"setter", pm_setter, 1, 1},
    {"deleter", pm_deleter, 1, 1},
    {NULL},
};

/* super() with no arguments finds the class and the first argument of the
 * calling method: the method's __class__ cell and its first local. */
static ev_value super_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value cls, obj;
    if (argc == 0) {
        ev_frame *f = I->frame;
        const ev_funcdef *d = f ? f->def : NULL;
        if (!d)
            return ev_raise(I, &ev_type_RuntimeError, "super(): no arguments");
        int k = -1;
        for (uint32_t i = 0; i < d->nfree; i++)
            if (strcmp(d->freenames[i]->data, "__class__") == 0)
                k = (int)i;
        if (k < 0)
            return ev_raise(I, &ev_type_RuntimeError, "super(): __class__ cell not found");
        if (d->nparams == 0 || EV_IS_ERR(f->slots[0]))
            return ev_raise(I, &ev_type_RuntimeError, "super(): no arguments");
        cls = ((ev_cell *)f->closure[k].u.o)->v;
        obj = f->slots[0];
        if (ev_is(obj, EV_O_CELL))
            obj = ((ev_cell *)obj.u.o)->v;
        if (EV_IS_ERR(cls))
            return ev_raise(I, &ev_type_RuntimeError, "super(): empty __class__ cell");
    } else {
        cls = argv[0];
        if (!ev_is(cls, EV_O_TYPE))
            return ev_raise(I, &ev_type_TypeError, "super() argument 1 must be a type, not %s",
                            ev_type_name(cls));
        if (argc < 2)
            return ev_raise(I, &ev_type_NotImplementedError,
                            "super() with one argument is not supported by safepy");
        obj = argv[1];
    }
    ev_type *c = (ev_type *)cls.u.o;
    /* a class is a subtype of c, or an instance of it when c is a metaclass */
    bool ok = (ev_is(obj, EV_O_TYPE) && ev_type_is_subclass((ev_type *)obj.u.o, c)) ||
              ev_type_is_subclass(ev_type_of(obj), c);
    if (!ok)
        return ev_raise(I, &ev_type_TypeError,
                        "super(type, obj): obj must be an instance or subtype of type");
    return wrapper_new(I, &ev_type_super, cls, obj, EV_NONE, EV_NONE);
}

/* object.__new__ (object_type.c's table lists it) */
ev_value cls_object_new_method(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* object.__new__(cls): an instance of the user class cls */
    ev_value cls = argc ? argv[0] : self; /* object.__new__(x) binds x as self */
    if (!ev_is(cls, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "object.__new__(X): X is not a type object (%s)",
                        ev_type_name(cls));
    ev_type *t = (ev_type *)cls.u.o;
    ev_type *solid = ev_solid_base(t);
    if ((!ev_is_heaptype(t) && t != &ev_type_object && !(t->tflags & EV_TYPE_EXC)) || cls_container_root(solid))
        return ev_raise(I, &ev_type_TypeError, "object.__new__(%s) is not safe, use %s.__new__()",
                        t->name, ev_is_heaptype(t) && !type_has(I, t, EV_DN_NEW) ? t->name : solid->name);
    if (t->tflags & EV_TYPE_EXC) {
        ev_value args = ev_tuple_new(I, 0);
        return EV_IS_ERR(args) ? args : ev_exc_new(I, t, args);
    }
    if (t->tflags & EV_TYPE_ABSTRACT)
        return abstract_error(I, t);
    return instance_new(I, t);
}

ev_value ev_instance_call(ev_interp *I, ev_value obj, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_str *n = I->dn[EV_DN_CALL];
    ev_type *t = ev_type_of(obj);
    ev_value *f = n ? ev_type_lookup(t, n) : NULL;
    if (!f && !ev_is_heaptype(t) && (t->tflags & EV_TYPE_CSLOTS)) {
        /* a C type's __call__ in its methods table (operator.itemgetter) */
        const ev_builtin_def *d = n ? ev_builtin_method(t, n) : NULL;
        if (d)
            return ev_call_method_def(I, d, obj, argc, argv, kw);
    }
    if (!f)
        return ev_raise(I, &ev_type_TypeError, "'%s' object is not callable", ev_type_name(obj));
    ev_value fn = ev_dup(*f);
    ev_value r = call_with_first(I, fn, obj, argc, argv, kw);
    ev_decref(I, fn);
    return r;
}

ev_value ev_method_call(ev_interp *I, ev_method *m, int argc, const ev_value *argv, const ev_kw *kw)
{
    return call_with_first(I, m->func, m->self, argc, argv, kw);
}

void ev_class_break_cycles(ev_interp *I)
{
    bool again = true;
    while (again) {
        again = false;
        for (ev_type *t = I->classes; t; t = t->cnext)
            if (t->dict && t->dict->used) {
                ev_incref(ev_obj_val(&t->h));
                ev_dict_clear(I, t->dict);
                ev_decref(I, ev_obj_val(&t->h));
                again = true;
                break;
            }
    }
}

int ev_class_install(ev_interp *I)
{
    ev_type_property.methods = property_methods;
    ev_type_object.methods = ev_object_methods;
    ev_type_BaseException.methods = ev_exc_methods;
    static ev_type *const types[] = {&ev_type_object, &ev_type_property, &ev_type_staticmethod,
                                     &ev_type_classmethod, &ev_type_super, NULL};
    for (ev_type *const *t = types; *t; t++)
        if (ns_set(I, I->builtins, (*t)->name, ev_obj_val(&(*t)->h)))
            return -1;
    if (ns_set(I, I->builtins, "IOError", ev_obj_val(&ev_type_OSError.h)) ||
        ns_set(I, I->builtins, "EnvironmentError", ev_obj_val(&ev_type_OSError.h)))
        return -1;
    if (ns_set(I, I->builtins, "Ellipsis", EV_ELLIPSIS))
        return -1;
    return ns_set(I, I->builtins, "NotImplemented", EV_NOTIMPL);
}
