/*
 * class_kinds.c - the kind-table rows (ev_obj.h) of classes, bound methods
 * and the property-like wrappers (property, staticmethod, classmethod,
 * super): how each is freed, traversed and cleared by the cycle collector,
 * shown and hashed.  CPython's counterparts are type_dealloc/type_traverse/
 * type_clear/type_repr (Objects/typeobject.c), method_dealloc/method_repr/
 * method_hash (Objects/classobject.c) and the property/staticmethod/
 * classmethod/super deallocs (Objects/descrobject.c, funcobject.c,
 * typeobject.c).  The types' behaviour is in class.c; an instance's row is
 * in instance.c.
 */
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/objects/class_int.h"
#include "evaluator/objects/str_int.h"

static void type_free(ev_interp *I, ev_obj *o)
{
    ev_type *t = (ev_type *)o;
    if (!ev_is_heaptype(t))
        return;
    I->class_version++; /* its address may come back as another class */
    if (t->cprev)
        t->cprev->cnext = t->cnext;
    else
        I->classes = t->cnext;
    if (t->cnext)
        t->cnext->cprev = t->cprev;
    if (t->dict)
        ev_decref(I, ev_obj_val(&t->dict->h));
    for (uint32_t i = 0; i < t->nikeys; i++)
        ev_decref(I, ev_obj_val(&t->ikeys[i]->h));
    ev_dealloc(I, t->ikeys);
    for (uint32_t i = 0; i < t->noslots; i++)
        ev_decref(I, ev_obj_val(&t->oslots[i]->h));
    ev_dealloc(I, t->oslots);
    ev_decref(I, t->bases);
    if (!EV_IS_ERR(t->mro) && ev_is(t->mro, EV_O_TUPLE)) {
        /* entry 0 is the class itself, never counted */
        ev_as_tuple(t->mro)->items[0] = EV_NONE;
        ev_decref(I, t->mro);
    }
    ev_decref(I, t->hname);
    ev_decref(I, t->hqualname);
    if (t->meta)
        ev_decref(I, ev_obj_val(&t->meta->h));
}

static void type_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_type *t = (ev_type *)o;
    if (!ev_is_heaptype(t))
        return;
    EV_VISIT_PTR(I, t->dict, visit, arg);
    visit(I, t->bases, arg); /* the MRO tuple is untracked: it holds the class uncounted */
    if (t->meta)
        visit(I, ev_obj_val(&t->meta->h), arg);
}

static void type_clear(ev_interp *I, ev_obj *o)
{
    ev_type *t = (ev_type *)o;
    if (ev_is_heaptype(t) && t->dict) {
        ev_dict_clear(I, t->dict);
        I->class_version++;
    }
}

static ev_value type_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    ev_type *t = (ev_type *)v.u.o;
    if (t->module && !strchr(t->name, '.'))
        snprintf(tmp, sizeof tmp, "<class '%s.%s'>", ev_type_modname(I, t), ev_type_qualname(t));
    else
        snprintf(tmp, sizeof tmp, "<class '%s'>", t->name);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_type_ops = {
    .name = "type",
    .free = type_free,
    .traverse = type_traverse,
    .clear = type_clear,
    .repr = type_repr,
    .hash = ev_hash_identity,
};

static void method_free(ev_interp *I, ev_obj *o)
{
    ev_decref(I, ((ev_method *)o)->func);
    ev_decref(I, ((ev_method *)o)->self);
}

static void method_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    visit(I, ((ev_method *)o)->func, arg);
    visit(I, ((ev_method *)o)->self, arg);
}

static void method_clear(ev_interp *I, ev_obj *o)
{
    EV_DROP(I, ((ev_method *)o)->func);
    EV_DROP(I, ((ev_method *)o)->self);
}

static ev_value method_repr(ev_interp *I, ev_value v)
{
    ev_method *m = (ev_method *)v.u.o;
    ev_value sr = ev_repr(I, m->self);
    if (EV_IS_ERR(sr))
        return sr;
    ev_buf b = {0};
    int e = ev_is(m->func, EV_O_FUNC)
                ? ev_buf_printf(I, &b, "<bound method %s of %s>", ev_funcdef_qualname(((ev_func *)m->func.u.o)->def),
                                ev_as_str(sr)->data)
                : ev_buf_printf(I, &b, "<bound method %s.? of %s>", ev_type_of(m->self)->name, ev_as_str(sr)->data);
    ev_decref(I, sr);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* equal bound methods (same function, same object) hash alike, as
 * CPython's method_hash: the object's identity with the function's hash */
static int method_hash(ev_interp *I, ev_value v, int64_t *out)
{
    ev_method *m = (ev_method *)v.u.o;
    int64_t hf, hs;
    if (m->self.tag == EV_T_OBJ)
        hs = (int64_t)((uintptr_t)m->self.u.o >> 4);
    else if (ev_hash(I, m->self, &hs))
        return -1;
    if (ev_hash(I, m->func, &hf))
        return -1;
    *out = (hs ^ hf) == -1 ? -2 : hs ^ hf;
    return 0;
}

const ev_kind_ops ev_method_ops = {
    .name = "method",
    .free = method_free,
    .traverse = method_traverse,
    .clear = method_clear,
    .repr = method_repr,
    .hash = method_hash,
};

static void wrapper_free(ev_interp *I, ev_obj *o)
{
    ev_wrapper *w = (ev_wrapper *)o;
    ev_decref(I, w->a);
    ev_decref(I, w->b);
    ev_decref(I, w->c);
    ev_decref(I, w->doc);
}

static void wrapper_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_wrapper *w = (ev_wrapper *)o;
    visit(I, w->a, arg);
    visit(I, w->b, arg);
    visit(I, w->c, arg);
    visit(I, w->doc, arg);
}

static void wrapper_clear(ev_interp *I, ev_obj *o)
{
    ev_wrapper *w = (ev_wrapper *)o;
    EV_DROP(I, w->a);
    EV_DROP(I, w->b);
    EV_DROP(I, w->c);
    EV_DROP(I, w->doc);
}

static ev_value wrapper_repr(ev_interp *I, ev_value v)
{
    ev_wrapper *w = (ev_wrapper *)v.u.o;
    if (w->type == &ev_type_GenericAlias || w->type == &ev_type_UnionType)
        return ev_typing_repr(I, v);
    if (ev_is_mappingproxy(v))
        return ev_mappingproxy_repr(I, v);
    if (ev_is_member(v) || ev_is_getset(v))
        return ev_member_repr(I, v);
    if (w->type == &ev_type_super) {
        /* <super: <class 'B'>, <C object>> as CPython (obj's type, or obj when a type) */
        ev_type *ot = ev_is(w->b, EV_O_TYPE) ? (ev_type *)w->b.u.o : ev_type_of(w->b);
        ev_buf b = {0};
        if (ev_buf_printf(I, &b, "<super: <class '%s'>, <%s object>>", ((ev_type *)w->a.u.o)->name, ot->name)) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        return ev_buf_to_str(I, &b);
    }
    char tmp[128];
    snprintf(tmp, sizeof tmp, "<%s object at 0x%08llx>", ev_type_name(v), (unsigned long long)(uintptr_t)w);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_wrapper_ops = {
    .name = "wrapper",
    .free = wrapper_free,
    .traverse = wrapper_traverse,
    .clear = wrapper_clear,
    .repr = wrapper_repr,
    .hash = ev_hash_identity,
};
