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

static ev_value object_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value wrapper_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value super_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#define STATIC_TYPE .h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}
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
ev_instance ev_notimplemented = {.h = {.refcnt = 1, .kind = EV_O_INSTANCE, .flags = EV_OBJ_STATIC},
                                 .type = &ev_type_NotImplementedType};

/* ---- MRO ------------------------------------------------------------------------------ */

/* The MRO of a type as a tuple: a class has its own; a builtin type's is
 * its base chain ending in object. */
static ev_value mro_of(ev_interp *I, ev_type *t)
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
        seqs[made] = mro_of(I, (ev_type *)bases->items[made].u.o);
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
            ev_buf b = {0};
            int e = ev_buf_puts(I, &b, "Cannot create a consistent method resolution order (MRO) for bases");
            for (size_t i = 0; e == 0 && i < bases->len; i++)
                e = ev_buf_printf(I, &b, "%s %s", i ? "," : "", ((ev_type *)bases->items[i].u.o)->name);
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
        if (!ev_is_heaptype(k))
            continue;
        ev_value *v = ev_dict_lookup_str(k->dict, name);
        if (v)
            return v;
    }
    return NULL;
}

/* ---- class creation ----------------------------------------------------------------------- */

static int ns_set(ev_interp *I, ev_dict *d, const char *key, ev_value v)
{
    ev_str *k = ev_intern(I, key, strlen(key));
    return k ? ev_dict_set_str(I, d, k, v) : -1;
}

ev_value ev_class_new(ev_interp *I, ev_str *name, ev_value bases, ev_dict *ns)
{
    ev_tuple *bt = ev_as_tuple(bases);
    ev_type *solid = NULL; /* the builtin type instances are laid out as */
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
            b == &ev_type_builtin_function || b == &ev_type_module)
            return ev_raise(I, &ev_type_TypeError, "type '%s' is not an acceptable base type", b->name);
        if (root->tflags & EV_TYPE_PLAIN_BASE)
            root = &ev_type_object;
        if (root != &ev_type_object && !ev_type_is_subclass(root, &ev_type_BaseException))
            return ev_raise(I, &ev_type_NotImplementedError,
                            "subclassing the builtin type '%s' is not supported by safepy yet; "
                            "wrap a %s in an attribute instead", root->name, root->name);
        if (solid && root != solid && root != &ev_type_object && solid != &ev_type_object &&
            !ev_type_is_subclass(root, solid) && !ev_type_is_subclass(solid, root))
            return ev_raise(I, &ev_type_TypeError, "multiple bases have instance lay-out conflict");
        if (!solid || solid == &ev_type_object || ev_type_is_subclass(root, solid))
            solid = root;
    }
    for (size_t i = 0; i < bt->len; i++)
        for (size_t j = i + 1; j < bt->len; j++)
            if (bt->items[i].u.o == bt->items[j].u.o)
                return ev_raise(I, &ev_type_TypeError, "duplicate base class %s",
                                ((ev_type *)bt->items[i].u.o)->name);
    ev_type *t = ev_alloc(I, sizeof *t);
    if (!t)
        return ev_raise_nomem(I);
    memset(t, 0, sizeof *t);
    t->h.refcnt = 1;
    t->h.kind = EV_O_TYPE;
    t->tflags = EV_TYPE_HEAP;
    t->hname = ev_dup(ev_obj_val(&name->h));
    t->name = name->data;
    t->module = "__main__";
    t->bases = EV_NONE;
    t->mro = EV_NONE;
    t->dict = NULL;
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
        t->tflags |= EV_TYPE_EXC;
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
    /* the MRO holds the class itself: that entry is not counted (no self-cycle) */
    t->h.refcnt--;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        goto fail;
    t->dict = ev_as_dict(d);
    ev_value classcell = EV_ERR;
    for (size_t i = 0; i < ns->nentries; i++) {
        ev_dict_entry *e = &ns->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        if (ev_is(e->key, EV_O_STR) && strcmp(ev_as_str(e->key)->data, "__classcell__") == 0) {
            classcell = e->value;
            continue;
        }
        if (ev_dict_set(I, t->dict, e->key, e->value))
            goto fail;
    }
    ev_str *qn = ev_intern(I, "__qualname__", 12);
    if (!qn || (!ev_dict_lookup_str(t->dict, qn) && ev_dict_set_str(I, t->dict, qn, t->hname)))
        goto fail;
    /* a class defining __eq__ but not __hash__ is unhashable, as CPython's type_new */
    ev_str *eqn = ev_intern(I, "__eq__", 6), *hn = ev_intern(I, "__hash__", 8);
    if (!eqn || !hn || (ev_dict_lookup_str(t->dict, eqn) && !ev_dict_lookup_str(t->dict, hn) &&
                        ev_dict_set_str(I, t->dict, hn, EV_NONE)))
        goto fail;
    ev_str *doc = ev_intern(I, "__doc__", 7);
    if (!doc || (!ev_dict_lookup_str(t->dict, doc) && ev_dict_set_str(I, t->dict, doc, EV_NONE)))
        goto fail;
    ev_value mod = ev_str_from_cstr(I, "__main__");
    if (EV_IS_ERR(mod))
        goto fail;
    int r = ns_set(I, t->dict, "__module__", mod);
    ev_decref(I, mod);
    if (r)
        goto fail;
    if (!EV_IS_ERR(classcell) && ev_is(classcell, EV_O_CELL)) {
        ev_cell *c = (ev_cell *)classcell.u.o;
        ev_decref(I, c->v);
        c->v = ev_dup(tv);
    }
    /* __init_subclass__ of the parent classes, with no keywords */
    ev_str *isc = ev_intern(I, "__init_subclass__", 17);
    for (size_t i = 1; isc && i < ev_as_tuple(t->mro)->len; i++) {
        ev_type *k = (ev_type *)ev_as_tuple(t->mro)->items[i].u.o;
        ev_value *f = ev_is_heaptype(k) ? ev_dict_lookup_str(k->dict, isc) : NULL;
        if (!f)
            continue;
        ev_value fn = *f;
        if (ev_is(fn, EV_O_WRAPPER))
            fn = ((ev_wrapper *)fn.u.o)->a;
        ev_value res = ev_call(I, fn, 1, &tv, 0, NULL, NULL);
        if (EV_IS_ERR(res))
            goto fail;
        ev_decref(I, res);
        break;
    }
    return tv;
fail:
    ev_decref(I, tv);
    return EV_ERR;
}

/* ---- instances ------------------------------------------------------------------------------ */

/* A new instance of t with no attributes; it holds a reference to t. */
static ev_value instance_new(ev_interp *I, ev_type *t)
{
    ev_instance *o = ev_alloc(I, sizeof *o);
    if (!o)
        return ev_raise_nomem(I);
    o->h.refcnt = 1;
    o->h.kind = EV_O_INSTANCE;
    o->h.flags = 0;
    o->type = t;
    ev_incref(ev_obj_val(&t->h));
    o->dict = NULL;
    return ev_obj_val(&o->h);
}

static ev_value object_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "object() takes no arguments");
    return instance_new(I, &ev_type_object);
}

static ev_value method_new(ev_interp *I, ev_value func, ev_value self)
{
    ev_method *m = ev_alloc(I, sizeof *m);
    if (!m)
        return ev_raise_nomem(I);
    m->h.refcnt = 1;
    m->h.kind = EV_O_METHOD;
    m->h.flags = 0;
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

int ev_dunder(ev_interp *I, ev_value v, const char *name, int argc, const ev_value *argv,
              ev_value *out)
{
    ev_type *t = ev_type_of(v);
    if (!ev_is_heaptype(t))
        return 0;
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n)
        return -1;
    ev_value *f = ev_type_lookup(t, n);
    if (!f)
        return 0;
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

ev_value ev_class_call(ev_interp *I, ev_type *t, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value obj;
    ev_str *newname = ev_intern(I, "__new__", 7), *initname = ev_intern(I, "__init__", 8);
    if (!newname || !initname)
        return EV_ERR;
    ev_value *nf = ev_type_lookup(t, newname);
    ev_value *inf = ev_type_lookup(t, initname);
    ev_value tv = ev_obj_val(&t->h);
    if (nf) {
        ev_value fn = *nf;
        if (ev_is(fn, EV_O_WRAPPER))
            fn = ((ev_wrapper *)fn.u.o)->a;
        obj = call_with_first(I, fn, tv, argc, argv, kw);
        if (EV_IS_ERR(obj))
            return obj;
        if (ev_type_of(obj) != t && !ev_type_is_subclass(ev_type_of(obj), t))
            return obj; /* __init__ runs only for instances of t */
    } else if (t->tflags & EV_TYPE_EXC) {
        if (!inf && EV_KW_N(kw))
            return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", t->name);
        ev_value args = ev_tuple_new(I, (size_t)argc);
        if (EV_IS_ERR(args))
            return args;
        for (int i = 0; i < argc; i++)
            ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
        obj = ev_exc_new(I, t, args);
        if (EV_IS_ERR(obj))
            return obj;
    } else {
        if (!inf && (argc || EV_KW_N(kw)))
            return ev_raise(I, &ev_type_TypeError, "%s() takes no arguments", t->name);
        obj = instance_new(I, t);
        if (EV_IS_ERR(obj))
            return obj;
    }
    if (inf) {
        ev_value r = call_with_first(I, *inf, obj, argc, argv, kw);
        if (EV_IS_ERR(r)) {
            ev_decref(I, obj);
            return r;
        }
        bool none = r.tag == EV_T_NONE;
        ev_decref(I, r);
        if (!none) {
            ev_decref(I, obj);
            return ev_raise(I, &ev_type_TypeError, "__init__() should return None, not '%s'",
                            ev_type_name(r));
        }
    }
    return obj;
}

/* ---- attributes ------------------------------------------------------------------------------ */

static ev_dict **dict_slot(ev_value obj)
{
    if (ev_is(obj, EV_O_INSTANCE))
        return ((ev_instance *)obj.u.o)->type == &ev_type_object ? NULL : &((ev_instance *)obj.u.o)->dict;
    if (ev_is(obj, EV_O_EXC))
        return &((ev_exc *)obj.u.o)->dict;
    return NULL;
}

/* What a class attribute gives when read through an instance or the class. */
static int bind_attr(ev_interp *I, ev_value attr, ev_value obj, ev_type *cls, ev_value *out)
{
    if (ev_is(attr, EV_O_FUNC)) {
        *out = obj.tag == EV_T_ERR ? ev_dup(attr) : method_new(I, attr, obj);
    } else if (ev_is(attr, EV_O_WRAPPER)) {
        ev_wrapper *w = (ev_wrapper *)attr.u.o;
        if (w->type == &ev_type_staticmethod)
            *out = ev_dup(w->a);
        else if (w->type == &ev_type_classmethod)
            *out = method_new(I, w->a, ev_obj_val(&cls->h));
        else if (w->type == &ev_type_property && obj.tag != EV_T_ERR) {
            if (w->a.tag == EV_T_NONE)
                *out = ev_raise(I, &ev_type_AttributeError, "property object has no getter");
            else
                *out = ev_call(I, w->a, 1, &obj, 0, NULL, NULL);
        } else
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
        ev_value *a = ev_type_lookup(t, name);
        if (!a)
            return 0;
        return bind_attr(I, *a, EV_ERR, t, out);
    }
    if (ev_is(obj, EV_O_WRAPPER) && ((ev_wrapper *)obj.u.o)->type == &ev_type_super) {
        /* super(): look past the given class in the MRO of the object's type */
        ev_wrapper *w = (ev_wrapper *)obj.u.o;
        ev_type *start = (ev_type *)w->a.u.o;
        ev_value self = w->b;
        ev_type *st = ev_is(self, EV_O_TYPE) && ev_type_is_subclass((ev_type *)self.u.o, start)
                          ? (ev_type *)self.u.o : ev_type_of(self);
        ev_value mro = mro_of(I, st);
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
            } else {
                /* a builtin base: its methods, bound to the object */
                for (ev_type *b = k; b && !found; b = b->base)
                    for (const ev_builtin_def *d = b->methods; d && d->name && !found; d++)
                        if (strcmp(d->name, name->data) == 0) {
                            *out = ev_builtin_new(I, d, self);
                            found = EV_IS_ERR(*out) ? -1 : 1;
                        }
            }
        }
        ev_decref(I, mro);
        return found;
    }
    ev_type *t = ev_type_of(obj);
    ev_value *a = ev_type_lookup(t, name);
    if (a && ev_is(*a, EV_O_WRAPPER) && ((ev_wrapper *)a->u.o)->type == &ev_type_property)
        return bind_attr(I, *a, obj, t, out); /* a data descriptor wins over the instance */
    ev_dict **ds = dict_slot(obj);
    if (ds && *ds) {
        ev_value *v = ev_dict_lookup_str(*ds, name);
        if (v) {
            *out = ev_dup(*v);
            return 1;
        }
    }
    if (a)
        return bind_attr(I, *a, obj, t, out);
    return 0;
}

int ev_class_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val)
{
    if (ev_is(obj, EV_O_TYPE)) {
        ev_type *t = (ev_type *)obj.u.o;
        if (!ev_is_heaptype(t))
            return ev_raise(I, &ev_type_TypeError,
                            "cannot set '%s' attribute of immutable type '%s'", name->data, t->name),
                   -1;
        if (EV_IS_ERR(val)) {
            int r = ev_dict_del(I, t->dict, ev_obj_val(&name->h));
            if (r == 1)
                ev_raise(I, &ev_type_AttributeError, "type object '%s' has no attribute '%s'",
                         t->name, name->data);
            return r ? -1 : 0;
        }
        return ev_dict_set_str(I, t->dict, name, val);
    }
    ev_type *t = ev_type_of(obj);
    ev_value *a = ev_type_lookup(t, name);
    if (a && ev_is(*a, EV_O_WRAPPER) && ((ev_wrapper *)a->u.o)->type == &ev_type_property) {
        ev_wrapper *w = (ev_wrapper *)a->u.o;
        ev_value fn = EV_IS_ERR(val) ? w->c : w->b;
        if (fn.tag == EV_T_NONE) {
            ev_raise(I, &ev_type_AttributeError, "property '%s' of '%s' object has no %s", name->data,
                     ev_type_name(obj), EV_IS_ERR(val) ? "deleter" : "setter");
            return -1;
        }
        ev_value args[2] = {obj, val};
        ev_incref(fn);
        ev_value r = ev_call(I, fn, EV_IS_ERR(val) ? 1 : 2, args, 0, NULL, NULL);
        ev_decref(I, fn);
        if (EV_IS_ERR(r))
            return -1;
        ev_decref(I, r);
        return 0;
    }
    if (ev_is_heaptype(t)) {
        ev_value fa[2] = {ev_obj_val(&name->h), val}, r;
        int got = ev_dunder(I, obj, EV_IS_ERR(val) ? "__delattr__" : "__setattr__",
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

/* object.__setattr__: the instance's own dict. */
int ev_object_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value val)
{
    ev_dict **ds = dict_slot(obj);
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

/* ---- property, staticmethod, classmethod, super -------------------------------------------- */

static ev_value wrapper_new(ev_interp *I, ev_type *t, ev_value a, ev_value b, ev_value c, ev_value doc)
{
    ev_wrapper *w = ev_alloc(I, sizeof *w);
    if (!w)
        return ev_raise_nomem(I);
    w->h.refcnt = 1;
    w->h.kind = EV_O_WRAPPER;
    w->h.flags = 0;
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
    bool ok = ev_is(obj, EV_O_TYPE) ? ev_type_is_subclass((ev_type *)obj.u.o, c)
                                    : ev_type_is_subclass(ev_type_of(obj), c);
    if (!ok)
        return ev_raise(I, &ev_type_TypeError,
                        "super(type, obj): obj must be an instance or subtype of type");
    return wrapper_new(I, &ev_type_super, cls, obj, EV_NONE, EV_NONE);
}

static ev_value obj_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* object.__init__ ignores its arguments only when __init__ is not overridden... CPython
     * refuses extra arguments when the class defines __init__ itself (the usual case here) */
    if (argc || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError,
                        "object.__init__() takes exactly one argument (the instance to initialize)");
    return EV_NONE;
}

static ev_value exc_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(self, EV_O_EXC))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a 'BaseException' object");
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", ev_type_name(self));
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    ev_exc *e = (ev_exc *)self.u.o;
    ev_decref(I, e->args);
    e->args = args;
    return EV_NONE;
}

/* The methods of object and BaseException that subclasses reach through
 * super() or Base.method(self): the behaviour without the class's overrides. */
static ev_value obj_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_EXC))
        return ev_exc_repr(I, (ev_exc *)self.u.o);
    if (ev_is(self, EV_O_INSTANCE))
        return ev_object_repr(I, self);
    return ev_repr(I, self);
}

static ev_value obj_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_EXC))
        return ev_exc_str(I, (ev_exc *)self.u.o);
    return ev_repr(I, self); /* type(self).__repr__(self) */
}

static ev_value obj_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return self.tag == argv[0].tag && self.u.o == argv[0].u.o ? EV_TRUE : EV_NOTIMPL;
}

static ev_value obj_ne(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r;
    int got = ev_dunder(I, self, "__eq__", 1, argv, &r);
    if (got < 0)
        return EV_ERR;
    if (!got)
        r = obj_eq(I, self, 1, argv, NULL);
    if (ev_is_notimpl(r))
        return r;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t < 0 ? EV_ERR : ev_bool(!t);
}

static ev_value obj_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    uintptr_t p = (uintptr_t)self.u.o;
    return ev_int((int64_t)((p >> 4) | (p << (8 * sizeof p - 4))));
}

static ev_value obj_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'",
                        ev_type_name(argv[0]));
    ev_str *n = ev_intern(I, ev_as_str(argv[0])->data, ev_as_str(argv[0])->len);
    if (!n || ev_object_setattr(I, self, n, argc > 1 ? argv[1] : EV_ERR))
        return EV_ERR;
    return EV_NONE;
}

static ev_value obj_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return obj_setattr(I, self, 1, argv, NULL);
}

static ev_value obj_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* object.__new__(cls): an instance of the user class cls */
    ev_value cls = ev_is(self, EV_O_TYPE) ? self : (argc ? argv[0] : EV_NONE);
    if (!ev_is(cls, EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "object.__new__(X): X is not a type object (%s)",
                        ev_type_name(cls));
    ev_type *t = (ev_type *)cls.u.o;
    if (t->tflags & EV_TYPE_EXC) {
        ev_value args = ev_tuple_new(I, 0);
        return EV_IS_ERR(args) ? args : ev_exc_new(I, t, args);
    }
    return instance_new(I, t);
}

static ev_value obj_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "__format__() argument must be str, not %s",
                        ev_type_name(argv[0]));
    if (ev_as_str(argv[0])->len)
        return ev_raise(I, &ev_type_TypeError, "unsupported format string passed to %s.__format__",
                        ev_type_name(self));
    return ev_to_str(I, self);
}

static ev_value obj_init_subclass(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                        ev_is(self, EV_O_TYPE) ? ((ev_type *)self.u.o)->name : "object");
    return EV_NONE;
}

static const ev_builtin_def object_methods[] = {
    {"__init__", obj_init, 0, -1, EV_BF_KWANY},
    {"__repr__", obj_repr, 0, 0},
    {"__str__", obj_str, 0, 0},
    {"__eq__", obj_eq, 1, 1},
    {"__ne__", obj_ne, 1, 1},
    {"__hash__", obj_hash, 0, 0},
    {"__setattr__", obj_setattr, 2, 2},
    {"__delattr__", obj_delattr, 1, 1},
    {"__new__", obj_new, 0, -1, EV_BF_KWANY},
    {"__format__", obj_format, 1, 1},
    {"__init_subclass__", obj_init_subclass, 0, 0, EV_BF_KWANY},
    {NULL},
};
static ev_value exc_add_note(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "note must be a str, not '%s'", ev_type_name(argv[0]));
    ev_exc *e = (ev_exc *)self.u.o;
    if (e->notes.tag == EV_T_NONE) {
        e->notes = ev_list_new(I, 1);
        if (EV_IS_ERR(e->notes)) {
            e->notes = EV_NONE;
            return EV_ERR;
        }
    }
    if (!ev_is(e->notes, EV_O_LIST))
        return ev_raise(I, &ev_type_TypeError, "Cannot add note: __notes__ is not a list");
    return ev_list_append(I, ev_as_list(e->notes), argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value exc_with_traceback(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argv[0].tag != EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "__traceback__ must be a traceback or None");
    return ev_dup(self);
}

static const ev_builtin_def exc_methods[] = {
    {"__init__", exc_init, 0, -1, EV_BF_KWANY},
    {"__str__", obj_str, 0, 0},
    {"__repr__", obj_repr, 0, 0},
    {"add_note", exc_add_note, 1, 1},
    {"with_traceback", exc_with_traceback, 1, 1},
    {NULL},
};

/* ---- freeing -------------------------------------------------------------------------------- */

void ev_class_free(ev_interp *I, ev_obj *o)
{
    switch ((ev_kind)o->kind) {
    case EV_O_INSTANCE: {
        ev_instance *in = (ev_instance *)o;
        if (in->dict)
            ev_decref(I, ev_obj_val(&in->dict->h));
        ev_decref(I, ev_obj_val(&in->type->h));
        break;
    }
    case EV_O_METHOD:
        ev_decref(I, ((ev_method *)o)->func);
        ev_decref(I, ((ev_method *)o)->self);
        break;
    case EV_O_WRAPPER: {
        ev_wrapper *w = (ev_wrapper *)o;
        ev_decref(I, w->a);
        ev_decref(I, w->b);
        ev_decref(I, w->c);
        ev_decref(I, w->doc);
        break;
    }
    case EV_O_TYPE: {
        ev_type *t = (ev_type *)o;
        if (!ev_is_heaptype(t))
            break;
        if (t->cprev)
            t->cprev->cnext = t->cnext;
        else
            I->classes = t->cnext;
        if (t->cnext)
            t->cnext->cprev = t->cprev;
        if (t->dict)
            ev_decref(I, ev_obj_val(&t->dict->h));
        ev_decref(I, t->bases);
        if (!EV_IS_ERR(t->mro) && ev_is(t->mro, EV_O_TUPLE)) {
            /* entry 0 is the class itself, never counted */
            ev_as_tuple(t->mro)->items[0] = EV_NONE;
            ev_decref(I, t->mro);
        }
        ev_decref(I, t->hname);
        break;
    }
    default:
        break;
    }
}

ev_value ev_instance_call(ev_interp *I, ev_value obj, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_str *n = ev_intern(I, "__call__", 8);
    ev_value *f = n ? ev_type_lookup(ev_type_of(obj), n) : NULL;
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
    ev_type_object.methods = object_methods;
    ev_type_BaseException.methods = exc_methods;
    static ev_type *const types[] = {&ev_type_object, &ev_type_property, &ev_type_staticmethod,
                                     &ev_type_classmethod, &ev_type_super, NULL};
    for (ev_type *const *t = types; *t; t++)
        if (ns_set(I, I->builtins, (*t)->name, ev_obj_val(&(*t)->h)))
            return -1;
    return ns_set(I, I->builtins, "NotImplemented", EV_NOTIMPL);
}
