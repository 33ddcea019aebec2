/*
 * function.c - the kind table's rows (ev_obj.h) of user functions and of
 * the cells their closures share, CPython's Objects/funcobject.c and
 * cellobject.c dealloc, traverse and clear.  Making and calling a function
 * is the interpreter's (interp_call.c, which also frees one: ev_func_free
 * releases what the call protocol hangs on it).
 */
#include "evaluator/node.h"

static void func_free(ev_interp *I, ev_obj *o) { ev_func_free(I, (ev_func *)o); }

static void func_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_func *f = (ev_func *)o;
    for (uint32_t i = 0; f->closure && i < f->def->nfree; i++)
        visit(I, f->closure[i], arg);
    for (uint32_t i = 0; f->defaults && i < f->ndefaults; i++)
        visit(I, f->defaults[i], arg);
    for (uint32_t i = 0; f->kwdefaults && i < f->def->nkwonly; i++)
        visit(I, f->kwdefaults[i], arg);
    EV_VISIT_PTR(I, f->kwdict, visit, arg);
    EV_VISIT_PTR(I, f->meta, visit, arg);
    visit(I, f->annotations, arg);
    EV_VISIT_PTR(I, f->dict, visit, arg);
}

static void func_clear(ev_interp *I, ev_obj *o)
{
    ev_func *f = (ev_func *)o;
    for (uint32_t i = 0; f->closure && i < f->def->nfree; i++)
        EV_DROP(I, f->closure[i]);
    for (uint32_t i = 0; f->defaults && i < f->ndefaults; i++)
        EV_DROP(I, f->defaults[i]);
    EV_DROP(I, f->annotations);
    EV_DROP_PTR(I, f->dict);
    EV_DROP_PTR(I, f->kwdict);
    EV_DROP_PTR(I, f->meta);
    /* a required keyword-only parameter's default is EV_ERR: emptied to that */
    for (uint32_t i = 0; f->kwdefaults && i < f->def->nkwonly; i++) {
        ev_value old = f->kwdefaults[i];
        f->kwdefaults[i] = EV_ERR;
        if (!EV_IS_ERR(old))
            ev_decref(I, old);
    }
}

static ev_value func_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "<function %s at 0x%08llx>", ev_func_name((ev_func *)v.u.o),
             (unsigned long long)(uintptr_t)v.u.o);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_func_ops = {
    .name = "function",
    .free = func_free,
    .traverse = func_traverse,
    .clear = func_clear,
    .repr = func_repr,
    .hash = ev_hash_identity,
};

/* a cell is EV_ERR while its variable is unbound */
static void cell_free(ev_interp *I, ev_obj *o)
{
    if (!EV_IS_ERR(((ev_cell *)o)->v))
        ev_decref(I, ((ev_cell *)o)->v);
}

static void cell_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    visit(I, ((ev_cell *)o)->v, arg);
}

static void cell_clear(ev_interp *I, ev_obj *o)
{
    ev_cell *c = (ev_cell *)o;
    ev_value old = c->v;
    c->v = EV_ERR;
    if (!EV_IS_ERR(old))
        ev_decref(I, old);
}

static ev_value cell_repr(ev_interp *I, ev_value v)
{
    (void)v;
    return ev_str_from_cstr(I, "<cell>");
}

const ev_kind_ops ev_cell_ops = {
    .name = "cell",
    .free = cell_free,
    .traverse = cell_traverse,
    .clear = cell_clear,
    .repr = cell_repr,
};
