/*
 * attr.c - the generic attribute protocol: getattr/setattr/delattr on every
 * kind of value (the special attributes user code may read, builtin
 * methods bound without allocating where possible, user classes through
 * objects/class.c) and the run-time attribute policy.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/modules/modules.h"
#include "evaluator/gen.h"

/* ---- attributes and calls ---------------------------------------------------------------- */

/* int.__dict__: a read-only view of what a builtin type defines itself -
 * its methods (unbound), its type methods and its special methods; a
 * fresh snapshot, as nothing can change a builtin type. */
static ev_value builtin_type_dict(ev_interp *I, ev_type *t)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    int r = 0;
    for (int pass = 0; pass < 3 && r == 0; pass++) {
        const ev_builtin_def *defs = pass == 0 ? t->methods : pass == 1 ? t->type_methods : NULL;
        size_t pos = 0;
        for (size_t i = 0; r == 0; i++) {
            const ev_builtin_def *m;
            if (pass < 2) {
                m = defs ? &defs[i] : NULL;
                if (!m || !m->name)
                    break;
            } else {
                const char *n = ev_raw_dunder_next(t, &pos);
                ev_str *ns = n ? ev_intern(I, n, strlen(n)) : NULL;
                m = ns ? ev_raw_dunder(t, ns) : NULL;
                if (!m)
                    break;
            }
            ev_value b = ev_builtin_new(I, m, ev_obj_val(&t->h));
            if (EV_IS_ERR(b)) {
                r = -1;
                break;
            }
            ((ev_builtin *)b.u.o)->unbound = pass != 1; /* type methods stay bound to the type */
            ev_str *key = ev_intern(I, m->name, strlen(m->name));
            r = key ? ev_dict_set_str(I, ev_as_dict(d), key, b) : -1;
            ev_decref(I, b);
        }
    }
    ev_value proxy = r ? EV_ERR : ev_mappingproxy_new(I, ev_as_dict(d));
    ev_decref(I, d);
    return proxy;
}

ev_value ev_object_dict(ev_interp *I, ev_value obj)
{
    ev_dict **ds = (obj.u.o->flags & EV_OBJ_SUB) ? &ev_sub_of(obj.u.o)->dict
                   : ev_is(obj, EV_O_INSTANCE) ? &((ev_instance *)obj.u.o)->dict
                                               : &((ev_exc *)obj.u.o)->dict;
    if (!*ds && ev_is(obj, EV_O_INSTANCE) && ((ev_instance *)obj.u.o)->values &&
        ev_instance_materialize(I, (ev_instance *)obj.u.o))
        return EV_ERR;
    if (!*ds) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return d;
        *ds = ev_as_dict(d);
    }
    return ev_dup(ev_obj_val(&(*ds)->h));
}

/* Special attributes user code may read (issue 5, item 7): the class and
 * names of things, never what leads to frames, globals, code or the type
 * graph (__subclasses__, __bases__, __mro__, __globals__, __code__...). */
static ev_value special_attr(ev_interp *I, ev_value obj, ev_str *name, bool *handled)
{
    *handled = true;
    const char *n = name->data;
    if (strcmp(n, "__class__") == 0)
        return ev_dup(ev_obj_val(&ev_type_of(obj)->h));
    if (ev_is(obj, EV_O_TYPE) && (strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0)) {
        ev_type *t = (ev_type *)obj.u.o;
        if (ev_is_heaptype(t))
            return ev_dup(n[2] == 'q' ? t->hqualname : t->hname);
        const char *dot = strrchr(t->name, '.'); /* collections.deque */
        return ev_str_from_cstr(I, dot ? dot + 1 : t->name);
    }
    if (ev_is(obj, EV_O_TYPE) && strcmp(n, "__module__") == 0) {
        ev_type *t = (ev_type *)obj.u.o;
        ev_value *m = ev_is_heaptype(t) && t->dict ? ev_dict_lookup_str(t->dict, name) : NULL;
        if (m)
            return ev_dup(*m);
    }
    if (ev_is(obj, EV_O_BUILTIN) && (((ev_builtin *)obj.u.o)->def->flags & EV_BF_HOST) && strcmp(n, "__doc__") == 0) {
        /* the embedder's documentation of its function (help for the program) */
        const char *doc = ev_host_doc(((ev_builtin *)obj.u.o)->def);
        return doc ? ev_str_from_cstr(I, doc) : EV_NONE;
    }
    if (ev_is(obj, EV_O_BUILTIN) && (strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0 ||
                                     (strcmp(n, "__module__") == 0 && !((ev_builtin *)obj.u.o)->unbound))) {
        /* len.__name__ 'len', "x".upper.__qualname__ 'str.upper',
         * math.sqrt.__module__ 'math'; a method's __module__ is None */
        ev_builtin *b = (ev_builtin *)obj.u.o;
        bool method = b->unbound || b->self.tag != EV_T_NONE;
        if (n[2] == 'm')
            return method ? EV_NONE : ev_str_from_cstr(I, b->owner ? b->owner : "builtins");
        if (n[2] == 'n' || !method)
            return ev_str_from_cstr(I, b->def->name);
        /* a def made at run time carries its qualname first in its data (Point.__init__) */
        if ((b->def->flags & EV_BF_DEFDATA) && ev_is(b->self, EV_O_TUPLE) && ev_as_tuple(b->self)->len &&
            ev_is(ev_as_tuple(b->self)->items[0], EV_O_STR))
            return ev_dup(ev_as_tuple(b->self)->items[0]);
        /* dict.fromkeys is bound to the type itself */
        const ev_type *t = b->unbound || ev_is(b->self, EV_O_TYPE) ? (ev_type *)b->self.u.o : ev_type_of(b->self);
        char buf[256];
        snprintf(buf, sizeof buf, "%s.%s", ev_type_qualname(t), b->def->name);
        return ev_str_from_cstr(I, buf);
    }
    if (ev_is(obj, EV_O_TYPE) && strcmp(n, "__module__") == 0)
        return ev_str_from_cstr(I, ((ev_type *)obj.u.o)->module ? ((ev_type *)obj.u.o)->module : "builtins");
    if (ev_is(obj, EV_O_FUNC) && ((ev_func *)obj.u.o)->meta) {
        ev_value *v = ev_dict_lookup_str(((ev_func *)obj.u.o)->meta, name);
        if (v)
            return ev_dup(*v);
    }
    if (ev_is(obj, EV_O_FUNC) && strcmp(n, "__name__") == 0)
        return ev_str_from_cstr(I, ev_func_name((ev_func *)obj.u.o));
    if (ev_is(obj, EV_O_FUNC) && strcmp(n, "__qualname__") == 0)
        return ev_str_from_cstr(I, ev_funcdef_qualname(((ev_func *)obj.u.o)->def));
    if (ev_is(obj, EV_O_GEN) && strcmp(n, "__name__") == 0)
        return ev_str_from_cstr(I, ev_func_name(((ev_gen *)obj.u.o)->func));
    if (ev_is(obj, EV_O_GEN) && strcmp(n, "__qualname__") == 0)
        return ev_str_from_cstr(I, ev_funcdef_qualname(((ev_gen *)obj.u.o)->func->def));
    if (ev_is(obj, EV_O_FUNC) && strcmp(n, "__module__") == 0)
        return ev_str_from_cstr(I, "__main__");
    if (ev_is(obj, EV_O_METHOD) && ev_is(((ev_method *)obj.u.o)->func, EV_O_FUNC) ? ev_func_describe_attr(name)
        : ev_is(obj, EV_O_METHOD) && (strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0 ||
                                      strcmp(n, "__doc__") == 0 || strcmp(n, "__module__") == 0))
        return ev_getattr(I, ((ev_method *)obj.u.o)->func, name);
    if (ev_is(obj, EV_O_FUNC) && strcmp(n, "__annotations__") == 0) {
        ev_func *f = (ev_func *)obj.u.o;
        if (f->annotations.tag == EV_T_NONE) {
            f->annotations = ev_dict_new(I);
            if (EV_IS_ERR(f->annotations)) {
                f->annotations = EV_NONE;
                return EV_ERR;
            }
        }
        return ev_dup(f->annotations);
    }
    if (ev_is(obj, EV_O_FUNC) && strcmp(n, "__doc__") == 0)
        return ev_func_doc(I, (ev_func *)obj.u.o);
    if (ev_is(obj, EV_O_FUNC) && ev_func_describe_attr(name))
        return ev_func_getattr(I, (ev_func *)obj.u.o, name);
    if (strcmp(n, "__dict__") == 0 && ev_is(obj, EV_O_TYPE) && ev_is_heaptype((ev_type *)obj.u.o) &&
        ((ev_type *)obj.u.o)->dict)
        return ev_mappingproxy_new(I, ((ev_type *)obj.u.o)->dict);
    if (strcmp(n, "__dict__") == 0 && ev_is(obj, EV_O_TYPE) && !ev_is_heaptype((ev_type *)obj.u.o))
        return builtin_type_dict(I, (ev_type *)obj.u.o);
    if (strcmp(n, "__dict__") == 0 && ev_is_user(obj) && ev_is_heaptype(ev_type_of(obj)) &&
        (ev_type_of(obj)->tflags & EV_TYPE_NODICT))
        return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '__dict__'", ev_type_name(obj));
    if (strcmp(n, "__dict__") == 0 && ev_is_user(obj) && ev_type_of(obj) != &ev_type_object)
        return ev_object_dict(I, obj);
    if (ev_is(obj, EV_O_EXC)) {
        ev_exc *e = (ev_exc *)obj.u.o;
        if (strcmp(n, "__cause__") == 0)
            return ev_dup(e->cause);
        if (strcmp(n, "__context__") == 0)
            return ev_dup(e->context);
        if (strcmp(n, "__suppress_context__") == 0)
            return ev_bool(e->suppress_context);
        if (strcmp(n, "__notes__") == 0 && e->notes.tag != EV_T_NONE)
            return ev_dup(e->notes);
        if (strcmp(n, "__traceback__") == 0)
            return ev_traceback_new(I, obj);
    }
    *handled = false;
    return EV_ERR;
}

static ev_value getattr_impl(ev_interp *I, ev_value obj, ev_str *name, bool hook);
static bool getattr_fallback(ev_interp *I, ev_value obj);

const ev_policy_attr *ev_policy_attr_find(const ev_str *name)
{
    /* every name of the list has '_' among its first three bytes (__x__,
     * f_back, gi_frame, tb_next): most names skip the search */
    if (name->len < 4 || (name->data[0] != '_' && name->data[1] != '_' && name->data[2] != '_'))
        return NULL;
    size_t lo = 0, hi = ev_policy_nattrs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name->data, ev_policy_attrs[mid].name);
        if (c == 0)
            return &ev_policy_attrs[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

/* Refuses an attribute of the policy's list on any object, with the
 * reason and what to write instead (issue 5, item 7).  It is an
 * AttributeError, but hasattr() and getattr() with a default let it
 * through: a program probing for __globals__ must learn that safepy
 * refuses it, not quietly take the branch CPython would not take. */
int ev_policy_check_attr(ev_interp *I, const ev_str *name)
{
    const ev_policy_attr *p = ev_policy_attr_find(name);
    if (!p)
        return 0;
    ev_raise(I, &ev_type_AttributeError, "access to '%s' is not allowed in safepy: %s; instead, %s",
             name->data, p->why, p->instead);
    return -1;
}

/* A class's own __getattribute__, then its __getattr__ when that raised
 * AttributeError (CPython's slot_tp_getattr_hook). */
static ev_value user_getattribute(ev_interp *I, ev_value obj, ev_str *name)
{
    ev_value r, nv = ev_obj_val(&name->h);
    int got = ev_dunder(I, obj, EV_DN_GETATTRIBUTE, 1, &nv, &r);
    if (got > 0)
        return r;
    if (got == 0)
        return getattr_impl(I, obj, name, true);
    if (!getattr_fallback(I, obj))
        return EV_ERR;
    got = ev_dunder(I, obj, EV_DN_GETATTR, 1, &nv, &r);
    return got > 0 ? r : EV_ERR;
}

/* obj.name; an AttributeError remembers the object and the name, for the
 * traceback's "Did you mean" (CPython's set_attribute_error_context). */
ev_value ev_getattr(ev_interp *I, ev_value obj, ev_str *name)
{
    if (ev_policy_check_attr(I, name))
        return EV_ERR;
    ev_value r = ev_is_user(obj) && !ev_is(obj, EV_O_TYPE) &&
                         ev_type_defines(I, ev_type_of(obj), EV_DN_GETATTRIBUTE)
                     ? user_getattribute(I, obj, name)
                     : getattr_impl(I, obj, name, true);
    if (EV_IS_ERR(r))
        ev_exc_note_attribute(I, obj, name);
    return r;
}

ev_value ev_getattr_generic(ev_interp *I, ev_value obj, ev_str *name)
{
    if (ev_policy_check_attr(I, name))
        return EV_ERR;
    ev_value r = getattr_impl(I, obj, name, false);
    if (EV_IS_ERR(r))
        ev_exc_note_attribute(I, obj, name);
    return r;
}

/* The pending exception is an AttributeError and obj's class defines
 * __getattr__: the exception is dropped and true returned (the caller asks
 * __getattr__). */
static bool getattr_fallback(ev_interp *I, ev_value obj)
{
    if (I->limit || !ev_is_user(obj) || ev_is(obj, EV_O_TYPE) || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError) ||
        !ev_type_defines(I, ev_type_of(obj), EV_DN_GETATTR))
        return false;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return true;
}

static ev_value getattr_impl(ev_interp *I, ev_value obj, ev_str *name, bool hook)
{
    if (ev_is_mappingproxy(obj))
        return ev_mappingproxy_getattr(I, obj, name);
    if (ev_is_traceback(obj) && name->data[0] != '_')
        return ev_traceback_getattr(I, obj, name);
    /* the function's dict, but not for the attributes its fields answer
     * (CPython's getset descriptors and members come first) */
    if (ev_is(obj, EV_O_FUNC) && ((ev_func *)obj.u.o)->dict &&
        (name->data[0] != '_' || strcmp(name->data, "__wrapped__") == 0 || !ev_func_describe_attr(name))) {
        ev_value *v = ev_dict_lookup_str(((ev_func *)obj.u.o)->dict, name);
        if (v)
            return ev_dup(*v);
    }
    if (ev_is_user(obj) || (ev_is(obj, EV_O_TYPE) && ev_is_heaptype((ev_type *)obj.u.o)) ||
        ev_is(obj, EV_O_WRAPPER)) {
        ev_value r;
        int got = ev_class_getattr(I, obj, name, &r);
        if (got) {
            if (got > 0)
                return r;
            if (!hook || !getattr_fallback(I, obj))
                return EV_ERR;
            /* an unset slot or a getter's AttributeError: __getattr__ next
             * (slot_tp_getattr_hook) */
            ev_value nv = ev_obj_val(&name->h);
            got = ev_dunder(I, obj, EV_DN_GETATTR, 1, &nv, &r);
            return got > 0 ? r : EV_ERR;
        }
    }
    bool dunder = ev_str_is_dunder(name);
    if (dunder && strcmp(name->data, "__init__") == 0) {
        /* [].__init__, list.__init__, a list subclass's inherited one */
        ev_value r;
        int got = ev_container_init_attr(I, obj, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (dunder) {
        bool handled;
        ev_value r = special_attr(I, obj, name, &handled);
        if (handled)
            return r;
    }
    if (hook && ev_is_user(obj) && strcmp(name->data, "args") != 0 &&
        !((obj.u.o->flags & EV_OBJ_SUB) && ev_builtin_method(ev_solid_base(ev_type_of(obj)), name))) {
        /* __getattr__ is the last resort, after the class, the instance and
         * the builtin base's methods */
        ev_value r, nv = ev_obj_val(&name->h);
        int got = ev_dunder(I, obj, EV_DN_GETATTR, 1, &nv, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        if (ev_is(obj, EV_O_INSTANCE) && ev_is_heaptype(ev_type_of(obj)) &&
            !(name->len > 4 && name->data[0] == '_' && name->data[1] == '_')) {
            /* a builtin base's own methods (tzinfo.fromutc of a user tzinfo) */
            const ev_builtin_def *m = ev_builtin_method(ev_type_of(obj), name);
            if (m)
                return m->flags & EV_BF_PROP ? m->fn(I, obj, 0, NULL, NULL) : ev_builtin_new(I, m, obj);
            return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'",
                            ev_type_name(obj), name->data);
        }
    }
    if (dunder && ev_is(obj, EV_O_MODULE) && strcmp(name->data, "__all__") != 0) {
        /* __all__ is a plain list of names; the rest are internals, but for
         * a module's own C functions under a dunder name (operator.__add__
         * is operator.add) */
        ev_value *v = ev_dict_lookup_str(((ev_module *)obj.u.o)->ns, name);
        if (v && ev_is(*v, EV_O_BUILTIN))
            return ev_dup(*v);
        goto refuse;
    }
    if (ev_is(obj, EV_O_MODULE)) {
        ev_module *m = (ev_module *)obj.u.o;
        ev_value *v = ev_dict_lookup_str(m->ns, name);
        if (v)
            return ev_dup(*v);
        return ev_raise(I, &ev_type_AttributeError, "module '%s' has no attribute '%s'",
                        m->def->name, name->data);
    }
    if (ev_is(obj, EV_O_EXC) && strcmp(name->data, "args") == 0)
        return ev_dup(((ev_exc *)obj.u.o)->args);
    if (ev_is(obj, EV_O_EXC)) {
        ev_value got; /* an exception group's message and exceptions */
        int g = ev_exception_group_getattr(I, obj, name, &got);
        if (g)
            return got;
    }
    if (ev_is_slice(obj)) {
        ev_value got;
        if (ev_slice_getattr(I, obj, name, &got))
            return got;
    }
    if (ev_is(obj, EV_O_EXC) &&
        ((strcmp(name->data, "value") == 0 && ev_type_is_subclass(((ev_exc *)obj.u.o)->type, &ev_type_StopIteration)) ||
         (strcmp(name->data, "code") == 0 && ev_type_is_subclass(((ev_exc *)obj.u.o)->type, &ev_type_SystemExit)))) {
        /* StopIteration.value / SystemExit.code: the first argument, or None */
        ev_tuple *a = ev_as_tuple(((ev_exc *)obj.u.o)->args);
        if (a->len > 1 && name->data[0] == 'c')
            return ev_dup(((ev_exc *)obj.u.o)->args);
        return a->len ? ev_dup(a->items[0]) : EV_NONE;
    }
    if (ev_is(obj, EV_O_EXC) && ((ev_exc *)obj.u.o)->dict) {
        /* attributes a module set on its exception (re.error's msg, pos...) */
        ev_value *v = ev_dict_lookup_str(((ev_exc *)obj.u.o)->dict, name);
        if (v)
            return ev_dup(*v);
    }
    if (ev_is(obj, EV_O_EXC)) {
        /* NameError.name, AttributeError.name and .obj: None unless the
         * interpreter raised it */
        ev_exc *e = (ev_exc *)obj.u.o;
        bool attr = ev_type_is_subclass(e->type, &ev_type_AttributeError);
        if ((attr || ev_type_is_subclass(e->type, &ev_type_NameError)) && strcmp(name->data, "name") == 0)
            return ev_dup(e->sname);
        if (attr && strcmp(name->data, "obj") == 0)
            return ev_dup(e->sobj);
        /* ImportError.name and .path: None unless the import machinery
         * set them (a module's name in its own dict, found above) */
        if (ev_type_is_subclass(e->type, &ev_type_ImportError) &&
            (strcmp(name->data, "name") == 0 || strcmp(name->data, "path") == 0))
            return EV_NONE;
    }
    if (ev_is(obj, EV_O_EXC) && ev_type_is_subclass(((ev_exc *)obj.u.o)->type, &ev_type_OSError)) {
        ev_exc *e = (ev_exc *)obj.u.o;
        ev_tuple *a = ev_as_tuple(e->args);
        bool pair = a->len == 2;
        if (strcmp(name->data, "errno") == 0)
            return pair ? ev_dup(a->items[0]) : EV_NONE;
        if (strcmp(name->data, "strerror") == 0)
            return pair ? ev_dup(a->items[1]) : EV_NONE;
        if (strcmp(name->data, "filename") == 0) {
            ev_value *f = e->dict ? ev_dict_lookup_str(e->dict, name) : NULL;
            return f ? ev_dup(*f) : EV_NONE;
        }
    }
    if (ev_is(obj, EV_O_DATETIME) || ev_is(obj, EV_O_TYPE)) {
        ev_value got; /* fields and class attributes (min, max, utc) */
        if (ev_dt_getattr(I, obj, name, &got))
            return got;
    }
    if (ev_is(obj, EV_O_TYPE)) {
        /* str.upper is an unbound method; dict.fromkeys a type method */
        ev_type *ty = (ev_type *)obj.u.o;
        const ev_builtin_def *m = ev_builtin_typemethod(ty, name);
        if (!m && ev_is_heaptype(ty) && (ev_solid_base(ty)->tflags & EV_TYPE_VALUE))
            m = ev_builtin_typemethod(ev_solid_base(ty), name); /* Day.today(): bound to the class */
        if (m)
            return ev_builtin_new(I, m, obj);
        ev_value nw;
        int got = dunder && strcmp(name->data, "__new__") == 0 ? ev_builtin_type_new(I, ty, &nw) : 0;
        if (got)
            return got < 0 ? EV_ERR : nw;
        if ((m = ev_builtin_method(ty, name)) || (!ev_is_heaptype(ty) && (m = ev_raw_dunder(ty, name)))) {
            /* str.upper, dict.__setitem__: unbound methods */
            ev_value b = ev_builtin_new(I, m, obj);
            if (!EV_IS_ERR(b))
                ((ev_builtin *)b.u.o)->unbound = true;
            return b;
        }
    } else {
        ev_value got;
        if (ev_coll_getattr(I, obj, name, &got))
            return got;
        if (ev_re_getattr(I, obj, name, &got))
            return got;
        const ev_builtin_def *m = ev_builtin_method(ev_type_of(obj), name);
        if (!m && dunder)
            m = ev_raw_dunder(ev_solid_base(ev_type_of(obj)), name); /* [1, 2].__len__() */
        if (!m && dunder && !ev_is_user(obj)) {
            /* what every type inherits from object; the unhashable
             * containers set __hash__ to None */
            if (strcmp(name->data, "__hash__") == 0)
                return EV_NONE;
            m = ev_builtin_method(&ev_type_object, name);
        }
        if (!m && !dunder) {
            /* "x".maketrans, b"".fromhex, d.fromkeys of a dict subclass:
             * static and class methods reached through an instance are
             * bound to its type */
            ev_type *ty = ev_type_of(obj);
            const ev_builtin_def *tm = ev_builtin_typemethod(ev_is_user(obj) ? ev_solid_base(ty) : ty, name);
            if (tm)
                return ev_builtin_new(I, tm, ev_obj_val(&ty->h));
        }
        if (m)
            return m->flags & EV_BF_PROP ? m->fn(I, obj, 0, NULL, NULL) : ev_builtin_new(I, m, obj);
    }
    /* Special names that are not the data-model methods defined above are
     * interpreter internals: refused at run time as the rules refuse them.
     * __weakref__ is what a class may give its instances (its getset
     * descriptor answered above): one without it is a plain miss. */
    if (dunder && !(!ev_is(obj, EV_O_TYPE) && !ev_is_user(obj) && ev_raw_dunder_known(name)) &&
        strcmp(name->data, "__weakref__") != 0)
        goto refuse;
    if (ev_is(obj, EV_O_TYPE))
        return ev_raise(I, &ev_type_AttributeError, "type object '%s' has no attribute '%s'",
                        ((ev_type *)obj.u.o)->name, name->data);
    return ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'",
                    ev_type_name(obj), name->data);
refuse:
    return ev_raise(I, &ev_type_AttributeError,
                    "access to '%s' is not allowed in safepy (interpreter internals are "
                    "not available)", name->data);
}

/* obj.name = v (v EV_ERR: del obj.name): user classes and their instances,
 * exceptions and functions take attributes; other builtin objects answer as
 * CPython does. */
int ev_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value v)
{
    if (ev_policy_check_attr(I, name))
        return -1;
    if (ev_is(obj, EV_O_EXC) && strcmp(name->data, "args") == 0) {
        if (EV_IS_ERR(v)) {
            ev_raise(I, &ev_type_TypeError, "args may not be deleted");
            return -1;
        }
        ev_value t = ev_tuple_from_iterable(I, v);
        if (EV_IS_ERR(t))
            return -1;
        ev_exc *e = (ev_exc *)obj.u.o;
        ev_decref(I, e->args);
        e->args = t;
        return 0;
    }
    if (ev_is(obj, EV_O_EXC) && strcmp(name->data, "__suppress_context__") == 0) {
        if (EV_IS_ERR(v)) {
            ev_raise(I, &ev_type_TypeError, "__suppress_context__ may not be deleted");
            return -1;
        }
        int t = ev_truth(I, v);
        if (t < 0)
            return -1;
        ((ev_exc *)obj.u.o)->suppress_context = t;
        return 0;
    }
    if (ev_is(obj, EV_O_EXC) && strcmp(name->data, "__traceback__") == 0) {
        if (EV_IS_ERR(v)) {
            ev_raise(I, &ev_type_TypeError, "__traceback__ may not be deleted");
            return -1;
        }
        return ev_exc_set_traceback(I, (ev_exc *)obj.u.o, v);
    }
    if (ev_is(obj, EV_O_DICT) && ev_coll_setattr(I, obj, name, v))
        return 0;
    if (ev_is(obj, EV_O_EXC) && !ev_is_user(obj) &&
        (strcmp(name->data, "__cause__") == 0 || strcmp(name->data, "__context__") == 0)) {
        ev_exc *e = (ev_exc *)obj.u.o;
        if (!EV_IS_ERR(v) && v.tag != EV_T_NONE && !ev_is(v, EV_O_EXC)) {
            ev_raise(I, &ev_type_TypeError, "exception %s must be None or derive from BaseException",
                     name->data[2] == 'c' && name->data[3] == 'a' ? "cause" : "context");
            return -1;
        }
        ev_value *slot = name->data[3] == 'a' ? &e->cause : &e->context;
        ev_value old = *slot;
        *slot = EV_IS_ERR(v) ? EV_NONE : ev_dup(v);
        if (slot == &e->cause)
            e->suppress_context = true;
        ev_decref(I, old);
        return 0;
    }
    if (ev_is_user(obj) || ev_is(obj, EV_O_TYPE) || ev_is(obj, EV_O_EXC) ||
        (ev_is(obj, EV_O_INSTANCE) && ev_type_of(obj) != &ev_type_object))
        return ev_class_setattr(I, obj, name, v);
    if (name->data[0] == '_' && strcmp(name->data, "__class__") == 0)
        return ev_object_setattr(I, obj, name, v); /* object_set_class's messages for any object */
    if (ev_is(obj, EV_O_FUNC)) {
        /* wrapper.calls = 0, wrapper.__name__ = fn.__name__: the function's own dict */
        ev_func *f = (ev_func *)obj.u.o;
        bool dunder = name->len > 4 && name->data[0] == '_' && name->data[1] == '_';
        if (dunder && !ev_func_describe_attr(name)) {
            ev_raise(I, &ev_type_AttributeError, "setting '%s' of a function is not allowed in safepy",
                     name->data);
            return -1;
        }
        int done = ev_func_setattr(I, f, name, v);
        if (done != 0)
            return done < 0 ? -1 : 0;
        if (EV_IS_ERR(v)) {
            int r = f->dict ? ev_dict_del(I, f->dict, ev_obj_val(&name->h)) : 1;
            if (r == 1)
                ev_raise(I, &ev_type_AttributeError, "'function' object has no attribute '%s'", name->data);
            return r ? -1 : 0;
        }
        if (!f->dict) {
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d))
                return -1;
            f->dict = ev_as_dict(d);
        }
        return ev_dict_set_str(I, f->dict, name, v);
    }
    if (ev_is(obj, EV_O_MODULE)) {
        ev_raise(I, &ev_type_AttributeError,
                 "setting attributes of modules is not allowed in safepy (module '%s')", name->data);
        return -1;
    }
    /* an attribute or method of a builtin value: CPython's messages for
     * members (range, slice), methods and getset descriptors (named by the
     * defining type: bool's come from int) */
    ev_value cur = ev_getattr(I, obj, name);
    if (EV_IS_ERR(cur)) {
        if (I->limit)
            return -1;
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        ev_raise(I, &ev_type_AttributeError, "'%s' object has no attribute '%s'", ev_type_name(obj),
                 name->data);
    } else if (ev_is(obj, EV_O_METHOD) && strcmp(name->data, "__doc__") != 0) {
        /* what a bound method forwards to its function is not its own */
        ev_raise(I, &ev_type_AttributeError, "'method' object has no attribute '%s'", name->data);
    } else if (ev_is(cur, EV_O_BUILTIN)) {
        ev_raise(I, &ev_type_AttributeError, "'%s' object attribute '%s' is read-only", ev_type_name(obj),
                 name->data);
    } else if (ev_is(obj, EV_O_RANGE) || ev_is(obj, EV_O_BIGRANGE) || ev_is_slice(obj) || ev_is(obj, EV_O_COMPLEX) ||
               ((ev_is_member(obj) || ev_is_getset(obj)) &&
                (strcmp(name->data, "__name__") == 0 || strcmp(name->data, "__objclass__") == 0))) {
        /* members (T_OBJECT READONLY); a member descriptor's __qualname__
         * and __doc__ are getters, answered below */
        ev_raise(I, &ev_type_AttributeError, "readonly attribute");
    } else {
        ev_raise(I, &ev_type_AttributeError, "attribute '%s' of '%s' objects is not writable", name->data,
                 obj.tag == EV_T_BOOL ? "int" : ev_type_name(obj));
    }
    ev_decref(I, cur);
    return -1;
}

/* The one entry into a builtin: arity, keywords and declared parameters
 * are checked here (args.c) so every builtin raises CPython's TypeErrors. */
/* How CPython names a builtin in its messages: math.sqrt, list.append, len. */
static const char *builtin_qualname(const ev_builtin_def *d, ev_value self, const char *owner,
                                    char *buf, size_t size)
{
    if (!owner && self.tag != EV_T_NONE) {
        owner = ev_is(self, EV_O_TYPE) ? ((ev_type *)self.u.o)->name : ev_type_name(self);
        const char *dot = strrchr(owner, '.'); /* collections.deque: deque.append() */
        if (dot)
            owner = dot + 1;
    }
    if (!owner || !*owner) /* "": a type's constructor, named by the type alone */
        return d->name;
    snprintf(buf, size, "%s.%s", owner, d->name);
    return buf;
}

static __attribute__((noinline)) ev_value call_builtin_checked(ev_interp *I, const ev_builtin_def *d, ev_value self,
                                                               const char *owner, int argc, const ev_value *argv,
                                                               const ev_kw *kw)
{
    if (d->flags & EV_BF_HOST) /* the embedder's function: its own binder and boundary */
        return ev_host_invoke(I, d, argc, argv, kw);
    if (d->params) {
        ev_value bound[EV_ARGS_MAX];
        ev_value *out = bound;
        int cap = EV_ARGS_MAX;
        if (argc > EV_ARGS_MAX / 2) { /* f(*args, key=...) with many positionals */
            cap = argc + EV_ARGS_MAX;
            out = ev_alloc(I, (size_t)cap * sizeof *out);
            if (!out)
                return ev_raise_nomem(I);
        }
        int n = ev_args_bind(I, d, argc, argv, kw, out, cap);
        ev_value r = n < 0 ? EV_ERR : d->fn(I, self, n, out, NULL);
        if (out != bound)
            ev_dealloc(I, out);
        return r;
    }
    if ((d->flags & EV_BF_SLOT) && !(d->flags & EV_BF_KWANY)) {
        /* the slot wrappers' own messages (wrap_binaryfunc and friends);
         * __call__ and __init__ take anything (wrap_call, wrap_init) */
        if (EV_KW_N(kw) > 0)
            return ev_raise(I, &ev_type_TypeError, "wrapper %s() takes no keyword arguments", d->name);
        if (argc < d->min_args || argc > d->max_args) {
            int n = argc < d->min_args ? d->min_args : d->max_args;
            /* check_num_args for one argument; PyArg_UnpackTuple (its
             * message starts with a space) for ranges and for two */
            return ev_raise(I, &ev_type_TypeError, "%sexpected %s%d argument%s, got %d",
                            d->min_args == d->max_args && d->max_args < 2 ? "" : " ",
                            d->min_args == d->max_args ? "" : argc < d->min_args ? "at least " : "at most ",
                            n, n == 1 ? "" : "s", argc);
        }
    }
    if (EV_KW_N(kw) > 0 && !(d->flags & EV_BF_KWANY)) {
        char q[128];
        return ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments",
                        builtin_qualname(d, self, owner, q, sizeof q));
    }
    if (argc < d->min_args || (d->max_args >= 0 && argc > d->max_args)) {
        char q[128];
        /* METH_NOARGS and METH_O name the function qualified; the
         * positional checks of argument clinic do not */
        if (d->min_args == d->max_args && d->min_args <= 1 && !(d->flags & EV_BF_POSN))
            return ev_raise(I, &ev_type_TypeError, "%s() takes %s (%d given)",
                            builtin_qualname(d, self, owner, q, sizeof q),
                            d->min_args == 0 ? "no arguments" : "exactly one argument", argc);
        int n = argc < d->min_args ? d->min_args : d->max_args;
        return ev_raise(I, &ev_type_TypeError, "%s expected %s%d argument%s, got %d", d->name,
                        d->min_args == d->max_args ? "" : argc < d->min_args ? "at least " : "at most ",
                        n, n == 1 ? "" : "s", argc);
    }
    return d->fn(I, self, argc, argv, EV_KW_N(kw) ? kw : NULL);
}

/* Most calls of a builtin pass positionals in its range: straight through. */
static inline ev_value call_builtin(ev_interp *I, const ev_builtin_def *d, ev_value self,
                                    const char *owner, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* CPython's cfunction_enter_call: a C function counts against the
     * depth limit, so recursion through builtins (a ChainMap holding
     * itself, map(f, ...) in f) raises RecursionError, never overflows */
    if (ev_recursion_enter(I, " while calling a Python object"))
        return EV_ERR;
    ev_value r;
    if (!d->params && !(d->flags & (EV_BF_SLOT | EV_BF_HOST)) && EV_KW_N(kw) == 0 && argc >= d->min_args &&
        (d->max_args < 0 || argc <= d->max_args))
        r = d->fn(I, self, argc, argv, NULL);
    else
        r = call_builtin_checked(I, d, self, owner, argc, argv, kw);
    ev_recursion_leave(I);
    return r;
}

ev_value ev_call_method_def(ev_interp *I, const ev_builtin_def *d, ev_value self, int argc,
                            const ev_value *argv, const ev_kw *kw)
{
    return call_builtin(I, d, self, NULL, argc, argv, kw);
}

ev_value ev_call(ev_interp *I, ev_value callee, int argc, const ev_value *argv, int nkw,
                 ev_str *const *kwnames, const ev_value *kwvals)
{
    ev_kw kw = {nkw, kwnames, kwvals};
    if (callee.tag == EV_T_OBJ) {
        switch ((ev_kind)callee.u.o->kind) {
        case EV_O_FUNC:
            return ev_call_function(I, (ev_func *)callee.u.o, argc, argv, nkw, kwnames, kwvals);
        case EV_O_METHOD:
            return ev_method_call(I, (ev_method *)callee.u.o, argc, argv, &kw);
        case EV_O_WRAPPER:
            if (ev_is_generic_alias(callee))
                return ev_generic_alias_call(I, callee, argc, argv, &kw);
            if (((ev_wrapper *)callee.u.o)->type == &ev_type_staticmethod) {
                /* a staticmethod object is callable since 3.10: its function is called */
                ev_value f = ev_dup(((ev_wrapper *)callee.u.o)->a);
                ev_value r = ev_call(I, f, argc, argv, nkw, kwnames, kwvals);
                ev_decref(I, f);
                return r;
            }
            break;
        case EV_O_INSTANCE:
        case EV_O_EXC:
            if (ev_is_user(callee))
                return ev_instance_call(I, callee, argc, argv, &kw);
            break;
        case EV_O_BUILTIN: {
            ev_builtin *b = (ev_builtin *)callee.u.o;
            if (b->unbound) {
                ev_type *t = (ev_type *)b->self.u.o;
                if (argc < 1 && (b->def->flags & EV_BF_SLOT))
                    return ev_raise(I, &ev_type_TypeError, "descriptor '%s' of '%s' object needs an argument",
                                    b->def->name, t->name);
                if (argc < 1)
                    return ev_raise(I, &ev_type_TypeError, "unbound method %s.%s() needs an argument",
                                    t->name, b->def->name);
                /* __new__ is a static method of the builtin type defining it:
                 * B.__new__(A) is object.__new__(A) for plain classes */
                bool is_new = ev_is(argv[0], EV_O_TYPE) && strcmp(b->def->name, "__new__") == 0;
                ev_type *owner = ev_is_heaptype(t) ? ev_solid_base(t) : t;
                if (is_new && !ev_type_is_subclass((ev_type *)argv[0].u.o, owner))
                    return ev_raise(I, &ev_type_TypeError, "%s.__new__(%s): %s is not a subtype of %s",
                                    owner->name, ((ev_type *)argv[0].u.o)->name, ((ev_type *)argv[0].u.o)->name,
                                    owner->name);
                if (is_new)
                    return call_builtin(I, b->def, argv[0], b->owner, argc - 1, argv + 1, &kw);
                if (!ev_type_is_subclass(ev_type_of(argv[0]), t) && (b->def->flags & EV_BF_SLOT))
                    return ev_raise(I, &ev_type_TypeError, "descriptor '%s' requires a '%s' object but received a '%s'",
                                    b->def->name, t->name, ev_type_name(argv[0]));
                if (!ev_type_is_subclass(ev_type_of(argv[0]), t) && !(b->def->flags & EV_BF_PYFUNC))
                    return ev_raise(I, &ev_type_TypeError,
                                    "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                                    b->def->name, t->name, ev_type_name(argv[0]));
                return call_builtin(I, b->def, argv[0], b->owner, argc - 1, argv + 1, &kw);
            }
            return call_builtin(I, b->def, b->self, b->owner, argc, argv, &kw);
        }
        case EV_O_TYPE: {
            ev_type *t = (ev_type *)callee.u.o;
            if (ev_is_heaptype(t))
                return ev_meta_call(I, t, argc, argv, &kw);
            if (!t->call)
                return ev_raise(I, &ev_type_TypeError, "cannot create '%s' instances", t->name);
            ev_builtin_def d = {t->name, t->call, t->min_args, t->max_args, t->kwflags, t->params};
            return call_builtin(I, &d, callee, "", argc, argv, &kw);
        }
        default:
            break;
        }
    }
    return ev_raise(I, &ev_type_TypeError, "'%s' object is not callable", ev_type_name(callee));
}
