/*
 * class_attr.c - attributes of classes and their instances: lookup along
 * the MRO through the session's type cache, descriptors (property, user
 * __get__/__set__/__delete__), binding, setattr/delattr on classes and
 * instances.
 */
#include <string.h>
#include "evaluator/node.h"
#include "evaluator/objects/class_int.h"

/* ---- attributes ------------------------------------------------------------------------------ */

ev_dict **cls_dict_slot(ev_value obj)
{
    if (obj.tag == EV_T_OBJ && (obj.u.o->flags & EV_OBJ_SUB))
        return &ev_sub_of(obj.u.o)->dict;
    if (ev_is(obj, EV_O_INSTANCE))
        return ((ev_instance *)obj.u.o)->type == &ev_type_object ? NULL : &((ev_instance *)obj.u.o)->dict;
    if (ev_is(obj, EV_O_EXC))
        return &((ev_exc *)obj.u.o)->dict;
    return NULL;
}

ev_dict **cls_slots_slot(ev_value obj)
{
    if (obj.tag == EV_T_OBJ && (obj.u.o->flags & EV_OBJ_SUB))
        return &ev_sub_of(obj.u.o)->slots;
    if (ev_is(obj, EV_O_EXC))
        return &((ev_exc *)obj.u.o)->slots;
    return NULL;
}

/* dict_slot for a change: an instance's values become its dict first. */

/* property/classmethod/staticmethod.__isabstractmethod__: whether what
 * they wrap is (any of fget, fset, fdel for a property), as abc counts
 * them; nested wrappers recurse, bounded by the recursion limit */
static ev_value wrapper_isabstract(ev_interp *I, ev_wrapper *w)
{
    ev_value parts[3] = {w->a, w->type == &ev_type_property ? w->b : EV_NONE,
                         w->type == &ev_type_property ? w->c : EV_NONE};
    ev_str *k = ev_intern(I, "__isabstractmethod__", 20);
    if (!k || ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r = EV_FALSE;
    bool found = false;
    for (int i = 0; i < 3 && !found; i++) {
        if (parts[i].tag == EV_T_NONE || ev_is(parts[i], EV_O_INT) || ev_is(parts[i], EV_O_STR))
            continue;
        ev_value v = ev_getattr(I, parts[i], k);
        if (EV_IS_ERR(v)) {
            if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
                !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError)) {
                r = EV_ERR;
                break;
            }
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            continue;
        }
        int t = ev_truth(I, v);
        ev_decref(I, v);
        if (t < 0) {
            r = EV_ERR;
            break;
        }
        found = t;
        r = ev_bool(t);
    }
    ev_recursion_leave(I);
    return r;
}

static int dict_slot_for_change(ev_interp *I, ev_value obj, ev_dict ***out)
{
    *out = cls_dict_slot(obj);
    if (*out && ev_is(obj, EV_O_INSTANCE) && ((ev_instance *)obj.u.o)->values)
        return ev_instance_materialize(I, (ev_instance *)obj.u.o);
    return 0;
}

static int bind_held(ev_interp *I, ev_value attr, ev_value obj, ev_type *cls, ev_value *out);

/* What a class attribute gives when read through an instance or the class.
 * attr is borrowed from a class dict: held while a __get__ or a property's
 * getter runs, which may delete or rebind it (CPython's Py_INCREF(descr)). */
static int bind_attr(ev_interp *I, ev_value attr, ev_value obj, ev_type *cls, ev_value *out)
{
    ev_incref(attr);
    int r = bind_held(I, attr, obj, cls, out);
    ev_decref(I, attr);
    return r;
}

static int bind_held(ev_interp *I, ev_value attr, ev_value obj, ev_type *cls, ev_value *out)
{
    if (cls_user_defines(I, attr, EV_DN_GET)) {
        /* a user descriptor: attr.__get__(obj, type), obj None through the class */
        ev_value args[2] = {obj.tag == EV_T_ERR ? EV_NONE : obj, ev_obj_val(&cls->h)};
        return ev_dunder(I, attr, EV_DN_GET, 2, args, out);
    }
    if (ev_is(attr, EV_O_BUILTIN) && ((ev_builtin *)attr.u.o)->unbound && obj.tag != EV_T_ERR) {
        /* a C method stored in a class (namedtuple's _asdict): bound like a function */
        *out = ev_builtin_new(I, ((ev_builtin *)attr.u.o)->def, obj);
    } else if (ev_is(attr, EV_O_FUNC) ||
               (ev_is(attr, EV_O_BUILTIN) && (((ev_builtin *)attr.u.o)->def->flags & EV_BF_DEFDATA))) {
        *out = obj.tag == EV_T_ERR ? ev_dup(attr) : cls_method_new(I, attr, obj);
    } else if (ev_is(attr, EV_O_WRAPPER)) {
        ev_wrapper *w = (ev_wrapper *)attr.u.o;
        if (w->type == &ev_type_staticmethod)
            *out = ev_dup(w->a);
        else if (w->type == &ev_type_classmethod)
            *out = cls_method_new(I, w->a, ev_obj_val(&cls->h));
        else if (w->type == &ev_type_property && obj.tag != EV_T_ERR) {
            if (w->a.tag == EV_T_NONE)
                *out = ev_raise(I, &ev_type_AttributeError, "property object has no getter");
            else
                *out = ev_call(I, w->a, 1, &obj, 0, NULL, NULL);
        } else if ((w->type == &ev_type_member_descriptor || w->type == &ev_type_getset_descriptor) &&
                   obj.tag != EV_T_ERR)
            return ev_member_get(I, attr, obj, out) ? -1 : 1;
        else
            *out = ev_dup(attr);
    } else {
        *out = ev_dup(attr);
    }
    return EV_IS_ERR(*out) ? -1 : 1;
}

int ev_class_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out)
{
    if (ev_is(obj, EV_O_TYPE)) {
        ev_type *t = (ev_type *)obj.u.o;
        /* type's own data descriptor: C.__dict__ is the namespace's proxy
         * (attr.c), never the getset descriptor C gives its instances */
        if (name == I->dn[EV_DN_DICT])
            return 0;
        /* the metaclass's attributes come after the class's own, except its
         * data descriptors (a property of the metaclass), as type_getattro */
        ev_value *ma = t->meta ? ev_type_find(I, t->meta, name) : NULL;
        if (ma && cls_is_data_descriptor(I, *ma))
            return bind_attr(I, *ma, obj, t->meta, out);
        ev_value *a = ev_type_lookup(t, name);
        if (!a && ma)
            return bind_attr(I, *ma, obj, t->meta, out);
        if (!a && strcmp(name->data, "mro") == 0) {
            *out = ev_builtin_new(I, &cls_mro_def, obj);
            return EV_IS_ERR(*out) ? -1 : 1;
        }
        if (!a && ev_is_heaptype(t)) {
            /* the builtin base's class methods (D.fromkeys, B.fromhex), bound to the subclass */
            const ev_builtin_def *m = ev_builtin_typemethod(ev_solid_base(t), name);
            if (m) {
                *out = ev_builtin_new(I, m, obj);
                return EV_IS_ERR(*out) ? -1 : 1;
            }
        }
        if (!a)
            return 0;
        return bind_attr(I, *a, EV_ERR, t, out);
    }
    if (ev_is(obj, EV_O_WRAPPER) && ev_typing_getattr(I, obj, name, out))
        return EV_IS_ERR(*out) ? -1 : 1;
    if (ev_is(obj, EV_O_WRAPPER) && strcmp(name->data, "__isabstractmethod__") == 0) {
        ev_wrapper *w = (ev_wrapper *)obj.u.o;
        if (w->type == &ev_type_property || w->type == &ev_type_classmethod || w->type == &ev_type_staticmethod) {
            *out = wrapper_isabstract(I, w);
            return EV_IS_ERR(*out) ? -1 : 1;
        }
    }
    if (ev_is(obj, EV_O_WRAPPER) && ((ev_wrapper *)obj.u.o)->type == &ev_type_property) {
        /* property.fget / fset / fdel / __doc__ (the getter's docstring by default) */
        ev_wrapper *w = (ev_wrapper *)obj.u.o;
        const char *n = name->data;
        if (strcmp(n, "fget") == 0 || strcmp(n, "fset") == 0 || strcmp(n, "fdel") == 0) {
            *out = ev_dup(n[1] == 'g' ? w->a : n[1] == 's' ? w->b : w->c);
            return 1;
        }
        if (strcmp(n, "__doc__") == 0) {
            *out = w->doc.tag != EV_T_NONE ? ev_dup(w->doc)
                   : ev_is(w->a, EV_O_FUNC) ? ev_func_doc(I, (ev_func *)w->a.u.o) : EV_NONE;
            return EV_IS_ERR(*out) ? -1 : 1;
        }
    }
    if (ev_is(obj, EV_O_TYPE) && strcmp(name->data, "mro") == 0) {
        *out = ev_builtin_new(I, &cls_mro_def, obj);
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    if (ev_is(obj, EV_O_WRAPPER) && ((ev_wrapper *)obj.u.o)->type == &ev_type_super) {
        /* super(): look past the given class in the MRO of the object's type */
        ev_wrapper *w = (ev_wrapper *)obj.u.o;
        ev_type *start = (ev_type *)w->a.u.o;
        ev_value self = w->b;
        ev_type *st = ev_is(self, EV_O_TYPE) && ev_type_is_subclass((ev_type *)self.u.o, start)
                          ? (ev_type *)self.u.o : ev_type_of(self);
        ev_value mro = cls_mro_of(I, st);
        if (EV_IS_ERR(mro))
            return -1;
        ev_tuple *m = ev_as_tuple(mro);
        size_t i = 0;
        while (i < m->len && m->items[i].u.o != &start->h)
            i++;
        int found = 0;
        for (i++; i < m->len && !found; i++) {
            ev_type *k = (ev_type *)m->items[i].u.o;
            if (ev_is_heaptype(k)) {
                ev_value *a = ev_dict_lookup_str(k->dict, name);
                if (a)
                    found = bind_attr(I, *a, ev_is(self, EV_O_TYPE) && (ev_type *)self.u.o == st ? EV_ERR : self,
                                      st, out);
            } else if (cls_container_root(k) && (strcmp(name->data, "__init__") == 0 ||
                                             strcmp(name->data, "__new__") == 0)) {
                *out = ev_builtin_new(I, name->data[2] == 'i' ? &cls_container_init_def : &cls_container_new_def,
                                      self);
                found = EV_IS_ERR(*out) ? -1 : 1;
            } else if (cls_container_root(k) && ev_raw_dunder(k, name)) {
                *out = ev_builtin_new(I, ev_raw_dunder(k, name), self);
                found = EV_IS_ERR(*out) ? -1 : 1;
            } else {
                /* a builtin base: its methods, bound to the object */
                for (ev_type *b = k; b && !found; b = b->base)
                    for (const ev_builtin_def *d = b->methods; d && d->name && !found; d++)
                        if (strcmp(d->name, name->data) == 0) {
                            /* type.__new__ is a static method: super().__new__(mcs, ...) */
                            bool stat = b == &ev_type_type && d->fn == ev_type_type_methods[0].fn;
                            *out = ev_builtin_new(I, d, stat ? ev_obj_val(&b->h) : self);
                            if (stat && !EV_IS_ERR(*out))
                                ((ev_builtin *)out->u.o)->unbound = true;
                            found = EV_IS_ERR(*out) ? -1 : 1;
                        }
            }
        }
        ev_decref(I, mro);
        return found;
    }
    ev_type *t = ev_type_of(obj);
    ev_value *a = ev_type_find(I, t, name);
    if (a && cls_is_data_descriptor(I, *a))
        return bind_attr(I, *a, obj, t, out); /* a data descriptor wins over the instance */
    ev_dict **ds = cls_dict_slot(obj);
    if (ds && (*ds || ev_is(obj, EV_O_INSTANCE))) {
        /* slots are not found here: their member descriptors answered above */
        ev_value *v = *ds ? ev_dict_lookup_str(*ds, name) : ev_ivalues_find((ev_instance *)obj.u.o, name, NULL);
        if (v) {
            *out = ev_dup(*v);
            return 1;
        }
    }
    if (a)
        return bind_attr(I, *a, obj, t, out);
    return 0;
}

/* The __setattr__ (or __delattr__) a user metaclass of t defines: a
 * function found in a heap class of the metaclass's MRO before type
 * itself, borrowed; NULL when type's own applies. */
static ev_value *meta_setattr_hook(ev_interp *I, ev_type *t, bool del)
{
    ev_type *m = t->meta;
    if (!m || !ev_is_heaptype(m) || !ev_is(m->mro, EV_O_TUPLE))
        return NULL;
    ev_str *k = I->dn[del ? EV_DN_DELATTR : EV_DN_SETATTR];
    const ev_tuple *mro = ev_as_tuple(m->mro);
    for (size_t i = 0; i < mro->len; i++) {
        ev_type *b = (ev_type *)mro->items[i].u.o;
        if (!ev_is_heaptype(b))
            return NULL;
        ev_value *f = b->dict ? ev_dict_lookup_str(b->dict, k) : NULL;
        if (f)
            return f;
    }
    return NULL;
}

int ev_class_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val)
{
    if (ev_is(obj, EV_O_TYPE)) {
        ev_value *hook = meta_setattr_hook(I, (ev_type *)obj.u.o, EV_IS_ERR(val));
        if (hook) {
            /* Meta.__setattr__(cls, name, value): super() reaches type's own (ev_type_setattr) */
            ev_value f = ev_dup(*hook), fa[3] = {obj, ev_obj_val(&name->h), val};
            ev_value fn = f, bound = EV_ERR;
            if (ev_is(f, EV_O_BUILTIN) && ((ev_builtin *)f.u.o)->unbound) {
                bound = ev_builtin_new(I, ((ev_builtin *)f.u.o)->def, obj);
                fn = bound;
            }
            ev_value r = EV_IS_ERR(fn) ? fn
                         : EV_IS_ERR(bound) ? ev_call(I, fn, EV_IS_ERR(val) ? 2 : 3, fa, 0, NULL, NULL)
                                            : ev_call(I, fn, EV_IS_ERR(val) ? 1 : 2, fa + 1, 0, NULL, NULL);
            ev_decref(I, f);
            if (!EV_IS_ERR(bound))
                ev_decref(I, bound);
            if (EV_IS_ERR(r))
                return -1;
            ev_decref(I, r);
            return 0;
        }
        return ev_type_setattr(I, (ev_type *)obj.u.o, name, val);
    }
    if (ev_is_heaptype(ev_type_of(obj)) || (ev_type_of(obj)->tflags & EV_TYPE_CSLOTS)) {
        /* the class's own __setattr__/__delattr__ first (a C type's in its
         * methods table: decimal.Context validates its fields); object's
         * (ev_object_setattr) applies the descriptors */
        ev_value fa[2] = {ev_obj_val(&name->h), val}, r;
        int got = ev_dunder(I, obj, EV_IS_ERR(val) ? EV_DN_DELATTR : EV_DN_SETATTR,
                            EV_IS_ERR(val) ? 1 : 2, fa, &r);
        if (got < 0)
            return -1;
        if (got) {
            ev_decref(I, r);
            return 0;
        }
    }
    return ev_object_setattr(I, obj, name, val);
}

int ev_type_setattr(ev_interp *I, ev_type *t, ev_str *name, ev_value val)
{
    {
        if (!ev_is_heaptype(t))
            return ev_raise(I, &ev_type_TypeError,
                            "cannot set '%s' attribute of immutable type '%s'", name->data, t->name),
                   -1;
        if (strcmp(name->data, "__dict__") == 0 || strcmp(name->data, "__mro__") == 0) {
            ev_raise(I, &ev_type_AttributeError, "attribute '%s' of 'type' objects is not writable", name->data);
            return -1;
        }
        if (strcmp(name->data, "__class__") == 0) {
            ev_raise(I, &ev_type_NotImplementedError,
                     "changing the metaclass of class '%s' through __class__ is not supported by safepy", t->name);
            return -1;
        }
        I->class_version++; /* every class's cache of special names may change */
        if (strcmp(name->data, "__name__") == 0 || strcmp(name->data, "__qualname__") == 0) {
            /* the class's own names, which its repr and messages use */
            bool q = name->data[2] == 'q';
            if (EV_IS_ERR(val)) {
                ev_raise(I, &ev_type_TypeError, "cannot delete '%s' attribute of immutable type '%s'", name->data,
                         t->name);
                return -1;
            }
            if (!ev_is(val, EV_O_STR)) {
                ev_raise(I, &ev_type_TypeError, "can only assign string to %s.%s, not '%s'", t->name, name->data,
                         ev_type_name(val));
                return -1;
            }
            ev_value *slot = q ? &t->hqualname : &t->hname;
            ev_value old = *slot;
            *slot = ev_dup(val);
            if (!q)
                t->name = ev_as_str(val)->data;
            ev_decref(I, old);
            return 0;
        }
        if (strcmp(name->data, "__abstractmethods__") == 0) {
            /* type_set_abstractmethods: the value's truth is the class's
             * abstract flag, which object.__new__ checks */
            int abstract = EV_IS_ERR(val) ? 0 : ev_truth(I, val);
            if (abstract < 0)
                return -1;
            int r = EV_IS_ERR(val) ? ev_dict_del(I, t->dict, ev_obj_val(&name->h)) : ev_dict_set_str(I, t->dict, name, val);
            if (r == 1)
                ev_raise(I, &ev_type_AttributeError, "__abstractmethods__");
            if (r)
                return -1;
            if (abstract)
                t->tflags |= EV_TYPE_ABSTRACT;
            else
                t->tflags &= ~(uint32_t)EV_TYPE_ABSTRACT;
            return 0;
        }
        if (EV_IS_ERR(val)) {
            int r = ev_dict_del(I, t->dict, ev_obj_val(&name->h));
            if (r == 1)
                ev_raise(I, &ev_type_AttributeError, "type object '%s' has no attribute '%s'",
                         t->name, name->data);
            return r ? -1 : 0;
        }
        return ev_dict_set_str(I, t->dict, name, val);
    }
}

/* obj.name = val (val EV_ERR: del) through the data descriptor d of obj's
 * class t: a slot's member descriptor, a property, a user descriptor's
 * __set__/__delete__. */
static int set_through(ev_interp *I, ev_value d, ev_value obj, ev_type *t, ev_str *name, ev_value val)
{
    if (ev_is_member(d) || ev_is_getset(d))
        return ev_member_set(I, d, obj, val);
    if (!ev_is(d, EV_O_WRAPPER)) {
        ev_value r, args[2] = {obj, val};
        bool del = EV_IS_ERR(val);
        int got = ev_dunder(I, d, del ? EV_DN_DELETE : EV_DN_SET, del ? 1 : 2, args, &r);
        if (got == 0) {
            ev_raise(I, &ev_type_AttributeError, "__%s__", del ? "delete" : "set");
            return -1;
        }
        if (got < 0)
            return -1;
        ev_decref(I, r);
        return 0;
    }
    ev_wrapper *w = (ev_wrapper *)d.u.o;
    ev_value fn = EV_IS_ERR(val) ? w->c : w->b;
    if (fn.tag == EV_T_NONE) {
        /* namedtuple fields (C getters) answer as CPython's _tuplegetter */
        const char *getter = ev_is(w->a, EV_O_BUILTIN) ? ((ev_builtin *)w->a.u.o)->def->name : "";
        if (strcmp(getter, "_tuplegetter") == 0)
            ev_raise(I, &ev_type_AttributeError, "can't %s attribute", EV_IS_ERR(val) ? "delete" : "set");
        else if (strcmp(getter, "_structseq_member") == 0)
            ev_raise(I, &ev_type_AttributeError, "readonly attribute");
        else
            ev_raise(I, &ev_type_AttributeError, "property '%s' of '%s' object has no %s", name->data, t->name,
                     EV_IS_ERR(val) ? "deleter" : "setter");
        return -1;
    }
    ev_value args[2] = {obj, val};
    ev_value r = ev_call(I, fn, EV_IS_ERR(val) ? 1 : 2, args, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* A class that adds nothing to its tp_base's layout: no slots, no
 * __dict__, no __weakref__ (CPython's compatible_with_tp_base). */
static bool adds_nothing(const ev_type *t)
{
    return ev_is_heaptype((ev_type *)t) && t->lbase && !t->noslots &&
           !(t->tflags & (EV_TYPE_ADDDICT | EV_TYPE_ADDWEAK));
}

/* Instance slots a and b add to their common tp_base, in pointers
 * (CPython's same_slots_added: a __weakref__ counts as shared only right
 * after the base, and the __slots__ named must be equal). */
static bool same_slots_added(const ev_type *a, const ev_type *b)
{
    if (!ev_is_heaptype((ev_type *)a) || !ev_is_heaptype((ev_type *)b))
        return false;
    uint32_t wa = (a->tflags & EV_TYPE_ADDWEAK) != 0, wb = (b->tflags & EV_TYPE_ADDWEAK) != 0;
    uint32_t size = wa && wb && !a->noslots && !b->noslots;
    if ((a->tflags & b->tflags & EV_TYPE_HASSLOTS)) {
        if (a->noslots != b->noslots)
            return false;
        for (uint32_t i = 0; i < a->noslots; i++)
            if (!ev_str_eq(a->oslots[i], b->oslots[i]))
                return false;
        size += a->noslots;
    }
    return size == a->noslots + wa && size == b->noslots + wb;
}

/* The instances of `from` may become instances of `to` (CPython's
 * compatible_for_assignment): the first classes down each tp_base chain
 * that add to the layout add the same, and both or neither keep their
 * __dict__ apart from the layout (3.11's managed dict). */
static bool layout_compatible(ev_type *from, ev_type *to)
{
    const ev_type *nb = to, *ob = from;
    while (adds_nothing(nb))
        nb = nb->lbase;
    while (adds_nothing(ob))
        ob = ob->lbase;
    if (nb != ob) {
        const ev_type *np = ev_is_heaptype((ev_type *)nb) ? nb->lbase : NULL;
        const ev_type *op = ev_is_heaptype((ev_type *)ob) ? ob->lbase : NULL;
        if (!np || np != op || !same_slots_added(nb, ob))
            return false;
    }
    return !((from->tflags ^ to->tflags) & EV_TYPE_NODICT);
}

/* obj.__class__ = cls, as CPython's object_set_class: both heap classes of
 * the same layout (layout_compatible). */
static int set_class(ev_interp *I, ev_value obj, ev_value val)
{
    if (EV_IS_ERR(val)) {
        ev_raise(I, &ev_type_TypeError, "can't delete __class__ attribute");
        return -1;
    }
    if (!ev_is(val, EV_O_TYPE)) {
        ev_raise(I, &ev_type_TypeError, "__class__ must be set to a class, not '%s' object", ev_type_name(val));
        return -1;
    }
    ev_type *to = (ev_type *)val.u.o, *from = ev_type_of(obj);
    ev_type **slot = obj.tag != EV_T_OBJ ? NULL
                     : (obj.u.o->flags & EV_OBJ_SUB) ? &ev_sub_of(obj.u.o)->type
                     : ev_is(obj, EV_O_INSTANCE) ? &((ev_instance *)obj.u.o)->type
                     : ev_is(obj, EV_O_EXC) ? &((ev_exc *)obj.u.o)->type
                                            : NULL;
    if (!slot || !ev_is_heaptype(to) || !ev_is_heaptype(from)) {
        ev_raise(I, &ev_type_TypeError, "__class__ assignment only supported for mutable types or ModuleType subclasses");
        return -1;
    }
    /* the slots of EV_TYPE_SLOTVALS instances are indexed by the class's
     * keys: the same ones (a compatible layout has them) */
    bool same_keys = !((to->tflags | from->tflags) & EV_TYPE_SLOTVALS) ||
                     ((to->tflags & from->tflags & EV_TYPE_SLOTVALS) && to->nikeys == from->nikeys &&
                      memcmp(to->ikeys, from->ikeys, to->nikeys * sizeof *to->ikeys) == 0);
    if (ev_solid_base(to) != ev_solid_base(from) || !same_keys || !layout_compatible(from, to) ||
        (ev_is(obj, EV_O_EXC) && !(to->tflags & EV_TYPE_EXC))) {
        ev_raise(I, &ev_type_TypeError, "__class__ assignment: '%s' object layout differs from '%s'", to->name,
                 from->name);
        return -1;
    }
    /* the values are laid out by the old class's keys */
    if (ev_is(obj, EV_O_INSTANCE) && ((ev_instance *)obj.u.o)->values &&
        ev_instance_materialize(I, (ev_instance *)obj.u.o))
        return -1;
    ev_incref(val);
    *slot = to;
    ev_decref(I, ev_obj_val(&from->h));
    return 0;
}

/* obj.__dict__ = d: the instance's attributes become d itself; del drops them. */
static int set_dict(ev_interp *I, ev_value obj, ev_value val)
{
    ev_dict **ds;
    if (dict_slot_for_change(I, obj, &ds))
        return -1;
    ev_type *ot = ev_type_of(obj);
    if (!ds || (ev_is_heaptype(ot) && (ot->tflags & EV_TYPE_NODICT))) {
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__dict__'", ev_type_name(obj));
        return -1;
    }
    if (EV_IS_ERR(val)) {
        /* del obj.__dict__: the attributes go; a new empty dict comes on demand */
        ev_dict *old = *ds;
        *ds = NULL;
        if (old)
            ev_decref(I, ev_obj_val(&old->h));
        return 0;
    }
    if (!ev_is(val, EV_O_DICT)) {
        ev_raise(I, &ev_type_TypeError, "__dict__ must be set to a dictionary, not a '%s'", ev_type_name(val));
        return -1;
    }
    ev_dict *old = *ds;
    ev_incref(val);
    *ds = ev_as_dict(val);
    if (old)
        ev_decref(I, ev_obj_val(&old->h));
    return 0;
}

int ev_object_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val)
{
    if (name->data[0] == '_' && strcmp(name->data, "__class__") == 0)
        return set_class(I, obj, val);
    if (name->data[0] == '_' && strcmp(name->data, "__dict__") == 0)
        return set_dict(I, obj, val);
    ev_type *ot = ev_type_of(obj);
    /* a data descriptor of the class (a slot's member, a property) wins over
     * the instance's dict, as PyObject_GenericSetAttr */
    ev_value *a = ev_is_heaptype(ot) && cls_type_has_property(I, ot) ? ev_type_find(I, ot, name) : NULL;
    if (!a && ev_is_heaptype(ot) && name->data[0] == '_' && strcmp(name->data, "__weakref__") == 0)
        a = ev_type_find(I, ot, name); /* the getset descriptor (not counted as a property): read-only */
    if (a && cls_is_data_descriptor(I, *a)) {
        ev_value d = ev_dup(*a); /* held: a setter may rebind the class attribute */
        int r = set_through(I, d, obj, ot, name, val);
        ev_decref(I, d);
        return r;
    }
    /* a class without __dict__, or a C type whose instances take no attributes (operator.itemgetter) */
    if ((ev_is_heaptype(ot) || (ot->tflags & EV_TYPE_CSLOTS)) && (ot->tflags & EV_TYPE_NODICT)) {
        if (ev_is_heaptype(ot) && ev_type_lookup(ot, name))
            ev_raise(I, &ev_type_AttributeError, "'%s' object attribute '%s' is read-only", ot->name, name->data);
        else
            ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'", ot->name, name->data);
        return -1;
    }
    if (ev_is(obj, EV_O_INSTANCE) && !((ev_instance *)obj.u.o)->dict && !EV_IS_ERR(val) &&
        ev_is_heaptype(ot) && ev_solid_base(ot) == &ev_type_object) {
        /* self.count = 1 over a class attribute, setattr(): the shared keys
         * serve as for the attribute syntax */
        uint32_t hint = UINT32_MAX;
        int r = ev_ivalues_set(I, (ev_instance *)obj.u.o, name, val, &hint);
        if (r <= 0)
            return r;
    }
    ev_dict **ds;
    if (dict_slot_for_change(I, obj, &ds))
        return -1;
    if (!ds) {
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'",
                 ev_type_name(obj), name->data);
        return -1;
    }
    if (EV_IS_ERR(val)) {
        int r = *ds ? ev_dict_del(I, *ds, ev_obj_val(&name->h)) : 1;
        if (r == 1)
            ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'",
                     ev_type_name(obj), name->data);
        return r ? -1 : 0;
    }
    if (!*ds) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return -1;
        *ds = ev_as_dict(d);
    }
    return ev_dict_set_str(I, *ds, name, val);
}
