/*
 * builtins_attr.c - the builtins that reach attributes by name: getattr,
 * hasattr, setattr, delattr, vars and dir (with dir() of the current
 * scope).  Split from builtins.c, whose table lists them; each goes through
 * the same attribute policy as the dot syntax (bltinmodule.c's
 * builtin_getattr, builtin_dir and object.c's _dir_object in CPython).
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/node.h"
#include "evaluator/modules/modules.h"

ev_value ev_builtin_getattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (!ev_is(argv[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'",
                        ev_type_name(argv[1]));
    ev_str *name = ev_intern(I, ev_as_str(argv[1])->data, ev_as_str(argv[1])->len);
    if (!name)
        return EV_ERR;
    /* a name computed at run time is not seen by the rules: the policy's
     * escape-chain names are refused here, default or not (CPython would
     * find them, so the default would be a silent divergence), and
     * ev_getattr refuses the other internals as obj.name does */
    if (ev_policy_check_attr(I, name))
        return EV_ERR;
    ev_value r = ev_getattr(I, argv[0], name);
    /* the default answers for a missing attribute, and for an internal
     * safepy does not implement */
    if (EV_IS_ERR(r) && argc > 2 && !I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return ev_dup(argv[2]);
    }
    return r;
}

/* setattr(obj, name, value) and delattr(obj, name): as obj.name = value and
 * del obj.name; special names are refused as getattr() refuses them. */
static ev_value set_or_del_attr(ev_interp *I, const char *fn, ev_value obj, ev_value namev, ev_value val)
{
    if (!ev_is(namev, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "attribute name must be string, not '%s'",
                        ev_type_name(namev));
    ev_str *name = ev_intern(I, ev_as_str(namev)->data, ev_as_str(namev)->len);
    /* the same policy as obj.name = value: the escape-chain names refused,
     * the data-model ones (a class's __eq__, an instance's __class__) set */
    if (!name || ev_policy_check_attr(I, name))
        return EV_ERR;
    (void)fn;
    return ev_setattr(I, obj, name, val) ? EV_ERR : EV_NONE;
}

ev_value ev_builtin_setattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return set_or_del_attr(I, "setattr", argv[0], argv[1], argv[2]);
}

ev_value ev_builtin_delattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return set_or_del_attr(I, "delattr", argv[0], argv[1], EV_ERR);
}

/* vars(obj): the attribute dict of a user instance or class (the live one). */
ev_value ev_builtin_vars(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc == 0)
        return ev_raise(I, &ev_type_NotImplementedError,
                        "vars() without an argument is not supported by safepy; use vars(obj)");
    ev_value o = argv[0];
    ev_type *ot = ev_type_of(o);
    if ((ev_is_user(o) && ot != &ev_type_object && !(ev_is_heaptype(ot) && (ot->tflags & EV_TYPE_NODICT))) ||
        (ev_is(o, EV_O_TYPE) && ev_is_heaptype((ev_type *)o.u.o))) {
        ev_str *d = I->dn[EV_DN_DICT];
        return d ? ev_getattr(I, o, d) : EV_ERR;
    }
    return ev_raise(I, &ev_type_TypeError, "vars() argument must have __dict__ attribute");
}

static int dir_add(ev_interp *I, ev_value set, ev_value name)
{
    return ev_set_add(I, (ev_set *)set.u.o, name);
}

static int dir_add_cstr(ev_interp *I, ev_value set, const char *name)
{
    ev_value s = ev_str_from_cstr(I, name);
    if (EV_IS_ERR(s))
        return -1;
    int r = dir_add(I, set, s);
    ev_decref(I, s);
    return r;
}

/* An instance's __dict__ may hold a key whose __hash__ changes the dict or
 * replaces it: the dict is held, its entries re-read after every add and
 * the key held across it. */
static int dir_add_dict(ev_interp *I, ev_value set, ev_dict *d)
{
    if (!d)
        return 0;
    ev_value dv = ev_dup(ev_obj_val(&d->h));
    int r = 0;
    for (size_t i = 0; r == 0 && i < d->nentries; i++) {
        ev_value k = d->entries[i].key;
        if (EV_IS_ERR(k))
            continue;
        k = ev_dup(k);
        r = dir_add(I, set, k);
        ev_decref(I, k);
    }
    ev_decref(I, dv);
    return r;
}

/* dir() with no argument: CPython's sorted(locals()) of the running scope.
 * At module level the globals, with the names CPython's __main__ module
 * always has (their values stay refused; the names tell nothing about the
 * host); in a function its bound locals, cells and free variables; in a
 * class body the namespace so far. */
static ev_value dir_scope(ev_interp *I)
{
    static const char *const module_names[] = {
        "__annotations__", "__builtins__", "__cached__", "__doc__", "__file__",
        "__loader__", "__name__", "__package__", "__spec__", NULL};
    ev_value set = ev_set_new(I, false);
    if (EV_IS_ERR(set))
        return set;
    const ev_frame *f = I->frame;
    int r = 0;
    if (!f || !f->def) {
        for (const char *const *n = module_names; r == 0 && *n; n++)
            r = dir_add_cstr(I, set, *n);
        if (r == 0)
            r = dir_add_dict(I, set, I->globals);
    } else {
        const ev_funcdef *d = f->def;
        for (uint32_t i = 0; r == 0 && i < d->nslots; i++) {
            ev_value v = f->slots[i];
            if (EV_IS_ERR(v))
                continue;
            /* a class body's __class__ cell is not in its namespace */
            if (d->classbody && strcmp(d->slotnames[i]->data, "__class__") == 0)
                continue;
            if (d->ncells && d->cellslots[i] && EV_IS_ERR(((ev_cell *)v.u.o)->v))
                continue;
            r = dir_add(I, set, ev_obj_val(&d->slotnames[i]->h));
        }
        for (uint32_t i = 0; r == 0 && f->closure && i < d->nfree; i++) {
            ev_value c = f->closure[i];
            if (!EV_IS_ERR(c) && ev_is(c, EV_O_CELL) && !EV_IS_ERR(((ev_cell *)c.u.o)->v))
                r = dir_add(I, set, ev_obj_val(&d->freenames[i]->h));
        }
    }
    ev_value l = r ? EV_ERR : ev_list_from_iterable(I, set);
    ev_decref(I, set);
    if (EV_IS_ERR(l))
        return l;
    if (ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_NONE, false)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    return l;
}

/* dir(obj): the names CPython lists for user classes and their instances
 * (object's special methods, the class chain's and the instance's names);
 * for builtin objects their public methods and object's special methods. */
static ev_value dir_of(ev_interp *I, ev_value o, bool hook);

ev_value ev_builtin_dir(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    if (argc == 0)
        return dir_scope(I);
    return dir_of(I, argv[0], true);
}

ev_value ev_object_dir(ev_interp *I, ev_value o)
{
    return dir_of(I, o, false);
}

/* dir(o); hook false: object.__dir__(o), the default listing even when
 * o's class defines __dir__ (which may call it) */
static ev_value dir_of(ev_interp *I, ev_value o, bool hook)
{
    static const char *const object_names[] = {
        "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
        "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
        "__le__", "__lt__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__",
        "__setattr__", "__sizeof__", "__str__", "__subclasshook__", NULL};
    ev_str *dn = ev_intern(I, "__dir__", 7);
    ev_value *ud = hook && dn && ev_is_user(o) ? ev_type_lookup(ev_type_of(o), dn) : NULL;
    if (ud) {
        /* a class's own __dir__ (a metaclass's for a class, as CPython
         * looks it up on the type): its result, sorted, as CPython's dir() */
        ev_value f = ev_dup(*ud), r;
        if (ev_is(o, EV_O_TYPE) &&
            (ev_is(f, EV_O_FUNC) || (ev_is(f, EV_O_BUILTIN) && ((ev_builtin *)f.u.o)->unbound)))
            r = ev_call(I, f, 1, &o, 0, NULL, NULL); /* not the class's own attribute of that name */
        else {
            ev_value m = ev_getattr(I, o, dn);
            r = EV_IS_ERR(m) ? m : ev_call(I, m, 0, NULL, 0, NULL, NULL);
            ev_decref(I, m);
        }
        ev_decref(I, f);
        ev_value l = EV_IS_ERR(r) ? r : ev_list_from_iterable(I, r);
        ev_decref(I, r);
        if (!EV_IS_ERR(l) && ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_NONE, false)) {
            ev_decref(I, l);
            return EV_ERR;
        }
        return l;
    }
    if (ev_is(o, EV_O_MODULE)) {
        ev_value l = ev_list_new(I, 0);
        if (EV_IS_ERR(l))
            return l;
        ev_dict *ns = ((ev_module *)o.u.o)->ns;
        /* a module's hidden state sits under a non-str key (random's):
         * no name reaches it, so dir() does not list it either */
        for (size_t i = 0; i < ns->nentries; i++)
            if (ev_is(ns->entries[i].key, EV_O_STR) && ev_list_append(I, ev_as_list(l), ns->entries[i].key)) {
                ev_decref(I, l);
                return EV_ERR;
            }
        if (ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_NONE, false)) {
            ev_decref(I, l);
            return EV_ERR;
        }
        return l;
    }
    ev_value set = ev_set_new(I, false);
    if (EV_IS_ERR(set))
        return set;
    ev_type *t = ev_is(o, EV_O_TYPE) ? (ev_type *)o.u.o : ev_type_of(o);
    int r = 0;
    for (const char *const *n = object_names; r == 0 && *n; n++)
        r = dir_add_cstr(I, set, *n);
    if (r == 0 && ev_is_heaptype(t)) {
        r = dir_add_cstr(I, set, "__module__");
        if (r == 0 && !(t->tflags & EV_TYPE_NODICT))
            r = dir_add_cstr(I, set, "__dict__");
        /* a class's slots are its namespace's member descriptors; __weakref__
         * comes from the class that added it */
        bool weakref = false;
        ev_tuple *mro = ev_as_tuple(t->mro);
        for (size_t i = 0; r == 0 && i < mro->len; i++) {
            ev_type *k = (ev_type *)mro->items[i].u.o;
            if (!ev_is_heaptype(k))
                continue;
            r = dir_add_dict(I, set, k->dict);
            if (k->tflags & EV_TYPE_ADDWEAK)
                weakref = true;
        }
        if (r == 0 && weakref)
            r = dir_add_cstr(I, set, "__weakref__");
        if (r == 0 && !ev_is(o, EV_O_TYPE) && ev_is_user(o)) {
            if (ev_is(o, EV_O_INSTANCE) && ((ev_instance *)o.u.o)->values &&
                ev_instance_materialize(I, (ev_instance *)o.u.o))
                r = -1;
            ev_dict *d = (o.u.o->flags & EV_OBJ_SUB) ? ev_sub_of(o.u.o)->dict
                         : ev_is(o, EV_O_INSTANCE) ? ((ev_instance *)o.u.o)->dict
                                                   : ((ev_exc *)o.u.o)->dict;
            if (r == 0)
                r = dir_add_dict(I, set, d);
        }
    }
    for (ev_type *k = ev_solid_base(t); r == 0 && k; k = k->base) {
        for (const ev_builtin_def *m = k->methods; r == 0 && m && m->name; m++)
            r = dir_add_cstr(I, set, m->name);
        for (const ev_builtin_def *m = k->type_methods; r == 0 && m && m->name; m++)
            r = dir_add_cstr(I, set, m->name);
        size_t pos = 0;
        for (const char *n; r == 0 && (n = ev_raw_dunder_next(k, &pos));)
            r = dir_add_cstr(I, set, n);
    }
    ev_value l = r ? EV_ERR : ev_list_from_iterable(I, set);
    ev_decref(I, set);
    if (EV_IS_ERR(l))
        return l;
    if (ev_sort_values(I, ev_as_list(l)->items, ev_as_list(l)->len, EV_NONE, false)) {
        ev_decref(I, l);
        return EV_ERR;
    }
    return l;
}

ev_value ev_builtin_hasattr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    if (ev_is(argv[1], EV_O_STR) && ev_policy_check_attr(I, ev_as_str(argv[1])))
        return EV_ERR;
    ev_value r = ev_builtin_getattr(I, self, 2, argv, NULL);
    if (!EV_IS_ERR(r)) {
        ev_decref(I, r);
        return EV_TRUE;
    }
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return EV_FALSE;
    }
    return EV_ERR;
}
