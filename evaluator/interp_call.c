/*
 * interp_call.c - calling Python functions: function objects (defaults,
 * closures), argument binding with CPython's messages, frames and the depth
 * limit, generator bodies, tracebacks, and running a whole program.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/interp_int.h"
#include "evaluator/gen.h"

ev_value ix_cell_new(ev_interp *I, ev_value v_steal)
{
    ev_cell *c = ev_alloc_gc(I, sizeof *c);
    if (!c) {
        if (!EV_IS_ERR(v_steal))
            ev_decref(I, v_steal);
        return ev_raise_nomem(I);
    }
    c->h.refcnt = 1;
    c->h.kind = EV_O_CELL;
    ev_gc_track(I, &c->h);
    c->h.flags = 0;
    c->v = v_steal;
    return ev_obj_val(&c->h);
}


/* A function object for `d`: defaults evaluated now, cells captured now. */
ev_value ix_make_function(ev_interp *I, frame *F, ev_funcdef *d)
{
    ev_func *f = ev_alloc_gc(I, sizeof *f);
    if (!f)
        return ev_raise_nomem(I);
    f->h.refcnt = 1;
    f->h.kind = EV_O_FUNC;
    ev_gc_track(I, &f->h);
    f->h.flags = 0;
    f->def = d;
    ev_program_retain(d->prog);
    f->defaults = NULL;
    f->ndefaults = d->ndefaults;
    f->closure = NULL;
    f->kwdefaults = NULL;
    f->kwdict = NULL;
    f->meta = NULL;
    f->annotations = EV_NONE;
    f->dict = NULL;
    ev_value fv = ev_obj_val(&f->h);
    /* both arrays first, then the values: positional defaults before
     * keyword-only ones, each left to right, as CPython evaluates them */
    if (d->nkwonly) {
        f->kwdefaults = ev_alloc(I, d->nkwonly * sizeof(ev_value));
        if (!f->kwdefaults) {
            ev_decref(I, fv);
            return ev_raise_nomem(I);
        }
        for (uint32_t i = 0; i < d->nkwonly; i++)
            f->kwdefaults[i] = EV_ERR;
    }
    if (d->ndefaults) {
        f->defaults = ev_alloc(I, d->ndefaults * sizeof(ev_value));
        if (!f->defaults) {
            ev_decref(I, fv);
            return ev_raise_nomem(I);
        }
        for (uint32_t i = 0; i < d->ndefaults; i++)
            f->defaults[i] = EV_NONE;
    }
    for (uint32_t i = 0; i < d->ndefaults; i++) {
        ev_value v = ix_eval(I, F, d->defaults[i]);
        if (EV_IS_ERR(v)) {
            ev_decref(I, fv);
            return v;
        }
        f->defaults[i] = v;
    }
    for (uint32_t i = 0; i < d->nkwonly; i++) {
        if (!d->kwdefaults[i])
            continue;
        ev_value v = ix_eval(I, F, d->kwdefaults[i]);
        if (EV_IS_ERR(v)) {
            ev_decref(I, fv);
            return v;
        }
        f->kwdefaults[i] = v;
    }
    if (d->nann) {
        /* annotations run after the defaults, in source order, as CPython's MAKE_FUNCTION */
        ev_value ann = ev_dict_new(I);
        if (EV_IS_ERR(ann)) {
            ev_decref(I, fv);
            return ann;
        }
        f->annotations = ann;
        for (uint32_t i = 0; i < d->nann; i++) {
            ev_value v = ix_eval(I, F, d->annexprs[i]);
            if (EV_IS_ERR(v) || ev_dict_set_str(I, ev_as_dict(ann), d->annnames[i], v)) {
                if (!EV_IS_ERR(v))
                    ev_decref(I, v);
                ev_decref(I, fv);
                return EV_ERR;
            }
            ev_decref(I, v);
        }
    }
    if (d->nfree) {
        f->closure = ev_alloc(I, d->nfree * sizeof(ev_value));
        if (!f->closure) {
            ev_decref(I, fv);
            return ev_raise_nomem(I);
        }
        for (uint32_t i = 0; i < d->nfree; i++) {
            int32_t from = d->free_from[i];
            f->closure[i] = ev_dup(from >= 0 ? F->f.slots[from] : F->f.closure[-from - 1]);
        }
    }
    return fv;
}


/* ---- tracebacks ---------------------------------------------------------------------------------- */

void ix_add_traceback(ev_interp *I, const frame *F, const char *func)
{
    if (!ev_is(I->exc, EV_O_EXC) || !F->f.cur)
        return;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    if (e->tb_skip == (const void *)F) {
        e->tb_skip = NULL;
        return;
    }
    if (e->ntb == e->captb) {
        size_t cap = e->captb ? e->captb * 2 : 8;
        if (cap > 4096) {
            /* keep the innermost entries and the count; CPython prints
             * "[Previous line repeated N more times]" for these */
            ev_tb *t = &e->tb[e->ntb - 1];
            ev_program_retain(F->f.prog);
            ev_program_release(I, t->prog);
            t->prog = F->f.prog;
            t->line = F->f.cur->line;
            return;
        }
        ev_tb *nt = ev_realloc(I, e->tb, cap * sizeof *nt);
        if (!nt)
            return;
        e->tb = nt;
        e->captb = cap;
    }
    ev_tb *t = &e->tb[e->ntb++];
    t->func = func;
    t->prog = F->f.prog;
    ev_program_retain(t->prog);
    t->line = F->f.cur->line;
    t->located = false;
    t->anchor = 0;
    const ev_node *n = F->err_node;
    /* CPython 3.11 names the line of the instruction that failed: where
     * the failing part of an expression spread over lines starts (x[5] on
     * the second line of a parenthesized sum), not the statement's line */
    if (n && n->line > t->line && n->line <= F->f.cur->end_line)
        t->line = n->line;
    if (n && n->line == t->line) {
        t->located = true;
        t->col = n->col;
        t->end_line = n->end_line;
        t->end_col = n->end_col;
        if (n->kind == N_BINOP && n->a && n->b && n->a->end_line == n->line && n->b->line == n->line) {
            t->anchor = 1;
            t->left_end = n->a->end_col;
            t->right_start = n->b->col;
        } else if (n->kind == N_SUBSCRIPT && n->a && n->b && n->a->end_line == n->line &&
                   n->b->end_line == n->line) {
            t->anchor = 2;
            t->left_end = n->a->end_col;
            t->right_start = n->b->end_col;
        }
    }
}

/* ---- calls ---------------------------------------------------------------------------------------- */

static void list_missing(ev_buf *b, ev_interp *I, ev_str **names, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        int r = 0;
        if (i > 0)
            r = ev_buf_puts(I, b, n == 2 ? " and " : (i == n - 1 ? ", and " : ", "));
        if (r == 0)
            r = ev_buf_printf(I, b, "'%s'", names[i]->data);
        (void)r;
    }
}

static int raise_missing(ev_interp *I, const ev_funcdef *d, ev_str **missing, uint32_t n,
                         const char *kind)
{
    ev_buf b = {0};
    list_missing(&b, I, missing, n);
    ev_raise(I, &ev_type_TypeError, "%s() missing %u required %s argument%s: %s", ev_funcdef_qualname(d), n,
             kind, n == 1 ? "" : "s", b.data ? b.data : "");
    ev_buf_free(I, &b);
    return -1;
}

/* CPython's check when a keyword matches no parameter: were positional-only
 * parameters named among the keywords?  Raises with all of them, in
 * parameter order, in one quoted list ('a, b'), and returns true. */
static bool raise_posonly_as_kw(ev_interp *I, const ev_funcdef *d, int nkw, ev_str *const *kwnames)
{
    ev_buf b = {0};
    bool found = false;
    for (uint32_t i = 0; i < d->nposonly; i++) {
        for (int k = 0; k < nkw; k++) {
            if (d->slotnames[i] != kwnames[k] && !ev_str_eq(d->slotnames[i], kwnames[k]))
                continue;
            if (ev_buf_puts(I, &b, found ? ", " : "'") || ev_buf_puts(I, &b, kwnames[k]->data)) {
                ev_buf_free(I, &b);
                return true; /* MemoryError raised */
            }
            found = true;
            break;
        }
    }
    if (found) {
        if (!ev_buf_puts(I, &b, "'"))
            ev_raise(I, &ev_type_TypeError,
                     "%s() got some positional-only arguments passed as keyword arguments: %s",
                     ev_funcdef_qualname(d), b.data);
    }
    ev_buf_free(I, &b);
    return found;
}

/* Arguments to slots: positional, keyword-only, *args, **kwargs (the order
 * lower_params gave them), with CPython's messages for every mismatch. */
static int bind_args(ev_interp *I, ev_func *f, ev_value *slots, int argc, const ev_value *argv,
                     int nkw, ev_str *const *kwnames, const ev_value *kwvals)
{
    const ev_funcdef *d = f->def;
    uint32_t np = d->nparams, nk = d->nkwonly;
    if ((uint32_t)argc == np && nkw == 0 && nk == 0 && !d->varargs && !d->varkw) {
        /* the common call: exactly the positional parameters */
        for (uint32_t i = 0; i < np; i++)
            slots[i] = ev_dup(argv[i]);
        return 0;
    }
    uint32_t va = np + nk, vk = va + (d->varargs ? 1 : 0);
    uint32_t npos = (uint32_t)argc < np ? (uint32_t)argc : np;
    if ((uint32_t)argc > np && !d->varargs) {
        /* CPython counts the keyword-only arguments given too */
        uint32_t kwonly_given = 0;
        for (uint32_t i = np; i < np + nk; i++)
            for (int k = 0; k < nkw; k++)
                if (d->slotnames[i] == kwnames[k] || ev_str_eq(d->slotnames[i], kwnames[k])) {
                    kwonly_given++;
                    break;
                }
        char kwsig[96] = "";
        if (kwonly_given)
            snprintf(kwsig, sizeof kwsig, " positional argument%s (and %u keyword-only argument%s)",
                     argc != 1 ? "s" : "", kwonly_given, kwonly_given != 1 ? "s" : "");
        const char *verb = argc == 1 && !kwonly_given ? "was" : "were";
        /* CPython's arithmetic: more defaults than parameters (a replaced
         * __defaults__) make the lower bound negative */
        long mn = (long)np - (long)f->ndefaults;
        if (f->ndefaults)
            ev_raise(I, &ev_type_TypeError, "%s() takes from %ld to %u positional arguments but %d%s %s given",
                     ev_funcdef_qualname(d), mn, np, argc, kwsig, verb);
        else
            ev_raise(I, &ev_type_TypeError, "%s() takes %u positional argument%s but %d%s %s given",
                     ev_funcdef_qualname(d), np, np == 1 ? "" : "s", argc, kwsig, verb);
        return -1;
    }
    for (uint32_t i = 0; i < npos; i++)
        slots[i] = ev_dup(argv[i]);
    if (d->varargs) {
        ev_value t = ev_tuple_new(I, (size_t)argc - npos);
        if (EV_IS_ERR(t))
            return -1;
        for (uint32_t i = npos; i < (uint32_t)argc; i++)
            ev_as_tuple(t)->items[i - npos] = ev_dup(argv[i]);
        slots[va] = t;
    }
    ev_dict *extra = NULL;
    if (d->varkw) {
        ev_value kd = ev_dict_new(I);
        if (EV_IS_ERR(kd))
            return -1;
        slots[vk] = kd;
        extra = ev_as_dict(kd);
    }
    for (int k = 0; k < nkw; k++) {
        uint32_t i;
        for (i = d->nposonly; i < np + nk; i++)
            if (d->slotnames[i] == kwnames[k] || ev_str_eq(d->slotnames[i], kwnames[k]))
                break;
        if (i == np + nk) {
            if (extra) {
                /* a positional-only name too goes to **kwargs */
                if (ev_dict_set_str(I, extra, kwnames[k], kwvals[k]))
                    return -1;
                continue;
            }
            if (!raise_posonly_as_kw(I, d, nkw, kwnames))
                ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'",
                         ev_funcdef_qualname(d), kwnames[k]->data);
            return -1;
        }
        if (!EV_IS_ERR(slots[i])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'",
                     ev_funcdef_qualname(d), kwnames[k]->data);
            return -1;
        }
        slots[i] = ev_dup(kwvals[k]);
    }
    ev_str *missing[256];
    uint32_t nmissing = 0;
    /* the last ndefaults parameters have defaults; a longer __defaults__
     * gives its last np values */
    uint32_t nd = f->ndefaults, firstdef = np > nd ? np - nd : 0, skip = nd > np ? nd - np : 0;
    for (uint32_t i = 0; i < np; i++) {
        if (!EV_IS_ERR(slots[i]))
            continue;
        if (i >= firstdef)
            slots[i] = ev_dup(f->defaults[i - firstdef + skip]);
        else if (nmissing < 256)
            missing[nmissing++] = d->slotnames[i];
    }
    if (nmissing)
        return raise_missing(I, d, missing, nmissing, "positional");
    for (uint32_t i = 0; i < nk; i++) {
        if (!EV_IS_ERR(slots[np + i]))
            continue;
        ev_value *kv = f->kwdict ? ev_dict_lookup_str(f->kwdict, d->slotnames[np + i])
                       : f->kwdefaults && !EV_IS_ERR(f->kwdefaults[i]) ? &f->kwdefaults[i] : NULL;
        if (kv)
            slots[np + i] = ev_dup(*kv);
        else if (nmissing < 256)
            missing[nmissing++] = d->slotnames[np + i];
    }
    if (nmissing)
        return raise_missing(I, d, missing, nmissing, "keyword-only");
    return 0;
}

/* A class body starts with __module__ and __qualname__ bound (CPython's
 * prologue); the class takes its __qualname__ from the namespace. */
static int class_prologue(ev_interp *I, const ev_funcdef *d, ev_value *slots)
{
    for (uint32_t i = 0; i < d->nslots; i++) {
        const char *n = d->slotnames[i]->data;
        if (strcmp(n, "__module__") == 0) {
            slots[i] = ev_str_from_cstr(I, "__main__");
            if (EV_IS_ERR(slots[i]))
                return -1;
        } else if (strcmp(n, "__qualname__") == 0 && d->qualname) {
            slots[i] = ev_dup(ev_obj_val(&d->qualname->h));
        } else if (strcmp(n, "__doc__") == 0) {
            /* the string that opens the body (ev_func_doc), stored first */
            const ev_node *b = d->body;
            if (b && b->kind == N_BLOCK && b->n > 0 && b->list[0]->kind == N_EXPR && b->list[0]->a &&
                b->list[0]->a->kind == N_CONST && ev_is(b->list[0]->a->cval, EV_O_STR))
                slots[i] = ev_dup(b->list[0]->a->cval);
        }
    }
    return 0;
}

/* What a class body bound, as the namespace of the class; its __class__
 * cell travels as __classcell__ so the new class can fill it. */
static ev_value class_namespace(ev_interp *I, const ev_funcdef *d, const ev_value *slots)
{
    ev_value ns = ev_dict_new(I);
    if (EV_IS_ERR(ns))
        return ns;
    for (uint32_t i = 0; i < d->nslots; i++) {
        ev_value v = slots[i];
        ev_str *name = d->slotnames[i];
        bool classcell = strcmp(name->data, "__class__") == 0;
        if (classcell) {
            if (!d->cellslots[i] || EV_IS_ERR(v))
                continue;
            name = I->dn[EV_DN_CLASSCELL];
            if (!name)
                goto fail;
        } else if (d->ncells && d->cellslots[i] && !EV_IS_ERR(v)) {
            v = ((ev_cell *)v.u.o)->v;
        }
        if (!EV_IS_ERR(v) && ev_dict_set_str(I, ev_as_dict(ns), name, v))
            goto fail;
    }
    return ns;
fail:
    ev_decref(I, ns);
    return EV_ERR;
}

/* The locals a failing call released whose __del__ is due (queued from
 * entry `from` on) wait with the exception: CPython's traceback keeps the
 * frame, so they are finalized when the exception goes (after the except
 * clause that handles it), not while it propagates.  In queue order. */
static __attribute__((noinline, cold)) void fin_hold(ev_interp *I, ev_exc *e, uint32_t from)
{
    if (!e->fin_held) {
        ev_value l = ev_list_new(I, 0);
        if (EV_IS_ERR(l))
            return; /* the memory limit: the run ends */
        e->fin_held = ev_as_list(l);
    }
    uint32_t k = from;
    for (; k < I->fin_n; k++) {
        ev_value v = ev_obj_val(I->fin_q[k]);
        if (ev_list_append(I, e->fin_held, v))
            break;
        v.u.o->flags &= (uint16_t)~EV_OBJ_FINALIZED; /* queued again when the exception goes */
        ev_decref(I, v);                              /* the list's reference replaces the queue's */
    }
    if (k < I->fin_n) {
        /* the memory limit: the rest stay queued, the run ends */
        memmove(I->fin_q + from, I->fin_q + k, (I->fin_n - k) * sizeof *I->fin_q);
        I->fin_n -= k - from;
    } else {
        I->fin_n = from;
    }
    if (I->fin_sorted > I->fin_n)
        I->fin_sorted = I->fin_n;
}

ev_value ev_call_function(ev_interp *I, ev_func *f, int argc, const ev_value *argv, int nkw,
                          ev_str *const *kwnames, const ev_value *kwvals)
{
    const ev_funcdef *d = f->def;
    if (I->depth >= I->max_depth || stack_exhausted(I))
        return recursion_error(I);
    if (ev_tick(I))
        return EV_ERR;
    ev_value local[16];
    ev_value *slots = local;
    if (d->nslots > 16) {
        slots = ev_alloc(I, d->nslots * sizeof(ev_value));
        if (!slots)
            return ev_raise_nomem(I);
    }
    frame F = {.f = {.back = I->frame, .def = d, .slots = slots, .cur = NULL, .prog = d->prog,
                     .closure = f->closure},
               .retval = EV_NONE, .handling = EV_NONE};
    ev_value res = EV_ERR;
    int bound = 0;
    if ((uint32_t)argc == d->nparams && nkw == 0 && d->nkwonly == 0 && !d->varargs && !d->varkw) {
        /* the common call, here: bind_args's frame is made for its errors */
        for (int i = 0; i < argc; i++)
            slots[i] = ev_dup(argv[i]);
        for (uint32_t i = (uint32_t)argc; i < d->nslots; i++)
            slots[i] = EV_ERR;
    } else {
        /* unbound slots first: bind_args tells a repeated argument by them */
        for (uint32_t i = 0; i < d->nslots; i++)
            slots[i] = EV_ERR;
        bound = bind_args(I, f, slots, argc, argv, nkw, kwnames, kwvals);
    }
    if (bound == 0 && d->classbody)
        bound = class_prologue(I, d, slots);
    for (uint32_t i = 0; bound == 0 && d->ncells && i < d->nslots; i++) {
        if (!d->cellslots[i])
            continue;
        ev_value c = ix_cell_new(I, slots[i]);
        slots[i] = EV_ERR;
        if (EV_IS_ERR(c))
            bound = -1;
        else
            slots[i] = c;
    }
    if (bound == 0 && d->generator) {
        /* the frame's slots move to the heap; the body runs when resumed */
        ev_value *heap = ev_alloc(I, (d->nslots ? d->nslots : 1) * sizeof(ev_value));
        if (!heap) {
            res = ev_raise_nomem(I);
        } else {
            memcpy(heap, slots, d->nslots * sizeof(ev_value));
            for (uint32_t i = 0; i < d->nslots; i++)
                slots[i] = EV_ERR;
            res = ev_gen_new(I, f, heap);
        }
        bound = -1;
    }
    if (bound == 0) {
        I->frame = &F.f;
        I->depth++;
        ev_incref(ev_obj_val(&f->h)); /* the function may delete its own name */
        xstatus st = ix_exec_block(I, &F, d->body);
        I->depth--;
        I->frame = F.f.back;
        if (st == X_ERROR) {
            if (!I->limit)
                ix_add_traceback(I, &F, d->name->data);
            ev_decref(I, F.retval);
        } else if (st == X_BREAK || st == X_CONTINUE) {
            ev_decref(I, F.retval);
            res = ev_raise(I, &ev_type_SyntaxError, "'break' or 'continue' outside loop");
        } else if (d->classbody) {
            ev_decref(I, F.retval);
            res = class_namespace(I, d, slots);
        } else {
            res = F.retval;
        }
        ev_decref(I, ev_obj_val(&f->h));
    }
    uint32_t fin_before = I->fin_n;
    for (uint32_t i = 0; i < d->nslots; i++)
        if (!EV_IS_ERR(slots[i]))
            ev_decref(I, slots[i]);
    if (slots != local)
        ev_dealloc(I, slots);
    if (__builtin_expect(I->fin_n > fin_before, 0) && EV_IS_ERR(res) && !I->limit && ev_is(I->exc, EV_O_EXC))
        fin_hold(I, (ev_exc *)I->exc.u.o, fin_before);
    return res;
}

void ev_func_free(ev_interp *I, ev_func *f)
{
    ev_decref(I, f->annotations);
    if (f->dict)
        ev_decref(I, ev_obj_val(&f->dict->h));
    if (f->kwdict)
        ev_decref(I, ev_obj_val(&f->kwdict->h));
    if (f->meta)
        ev_decref(I, ev_obj_val(&f->meta->h));
    if (f->kwdefaults) {
        for (uint32_t i = 0; i < f->def->nkwonly; i++)
            if (!EV_IS_ERR(f->kwdefaults[i]))
                ev_decref(I, f->kwdefaults[i]);
        ev_dealloc(I, f->kwdefaults);
    }
    if (f->closure) {
        for (uint32_t i = 0; i < f->def->nfree; i++)
            ev_decref(I, f->closure[i]);
        ev_dealloc(I, f->closure);
    }
    if (f->defaults) {
        for (uint32_t i = 0; i < f->ndefaults; i++)
            ev_decref(I, f->defaults[i]);
        ev_dealloc(I, f->defaults);
    }
    ev_program_release(I, f->def->prog);
}

bool ev_func_describe_attr(const ev_str *name)
{
    static const char *const names[] = {"__defaults__", "__kwdefaults__", "__annotations__", "__wrapped__",
                                        "__name__", "__qualname__", "__module__", "__doc__", "__dict__", NULL};
    for (const char *const *n = names; *n; n++)
        if (strcmp(name->data, *n) == 0)
            return true;
    return false;
}

/* __kwdefaults__ as the dict calls read from now on (CPython keeps one and
 * hands it out: changing it changes the defaults); NULL (nothing raised)
 * when the function has none. */
static int func_kwdict(ev_interp *I, ev_func *f)
{
    if (f->kwdict || !f->kwdefaults)
        return 0;
    bool any = false;
    for (uint32_t i = 0; i < f->def->nkwonly; i++)
        any = any || !EV_IS_ERR(f->kwdefaults[i]);
    if (!any)
        return 0;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    for (uint32_t i = 0; i < f->def->nkwonly; i++)
        if (!EV_IS_ERR(f->kwdefaults[i]) &&
            ev_dict_set_str(I, ev_as_dict(d), f->def->slotnames[f->def->nparams + i], f->kwdefaults[i])) {
            ev_decref(I, d);
            return -1;
        }
    f->kwdict = ev_as_dict(d);
    return 0;
}

/* Drops the per-parameter keyword defaults: kwdict (or nothing) rules. */
static void func_drop_kwdefaults(ev_interp *I, ev_func *f)
{
    ev_value *kd = f->kwdefaults;
    f->kwdefaults = NULL;
    for (uint32_t i = 0; kd && i < f->def->nkwonly; i++)
        ev_decref(I, kd[i]);
    ev_dealloc(I, kd);
}

ev_value ev_func_getattr(ev_interp *I, ev_func *f, ev_str *name)
{
    const char *n = name->data;
    if (strcmp(n, "__defaults__") == 0) {
        if (!f->ndefaults)
            return EV_NONE;
        ev_value t = ev_tuple_new(I, f->ndefaults);
        if (EV_IS_ERR(t))
            return t;
        for (uint32_t i = 0; i < f->ndefaults; i++)
            ev_as_tuple(t)->items[i] = ev_dup(f->defaults[i]);
        return t;
    }
    if (strcmp(n, "__kwdefaults__") == 0) {
        if (func_kwdict(I, f))
            return EV_ERR;
        if (!f->kwdict)
            return EV_NONE;
        func_drop_kwdefaults(I, f);
        return ev_dup(ev_obj_val(&f->kwdict->h));
    }
    if (strcmp(n, "__dict__") == 0) {
        if (!f->dict) {
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d))
                return d;
            f->dict = ev_as_dict(d);
        }
        return ev_dup(ev_obj_val(&f->dict->h));
    }
    /* __wrapped__ and the rest live in the function's dict, read before this */
    return ev_raise(I, &ev_type_AttributeError, "'function' object has no attribute '%s'", n);
}

int ev_func_setattr(ev_interp *I, ev_func *f, ev_str *name, ev_value v)
{
    const char *n = name->data;
    bool del = EV_IS_ERR(v), none = !del && v.tag == EV_T_NONE;
    if (strcmp(n, "__defaults__") == 0) {
        if (!del && !none && !ev_is(v, EV_O_TUPLE)) {
            ev_raise(I, &ev_type_TypeError, "__defaults__ must be set to a tuple object");
            return -1;
        }
        size_t len = del || none ? 0 : ev_as_tuple(v)->len;
        if (len > UINT32_MAX / sizeof(ev_value)) {
            ev_raise_nomem(I);
            return -1;
        }
        ev_value *nd = NULL;
        if (len && !(nd = ev_alloc(I, len * sizeof *nd))) {
            ev_raise_nomem(I);
            return -1;
        }
        for (size_t i = 0; i < len; i++)
            nd[i] = ev_dup(ev_as_tuple(v)->items[i]);
        ev_value *old = f->defaults;
        uint32_t nold = f->ndefaults;
        f->defaults = nd;
        f->ndefaults = (uint32_t)len;
        for (uint32_t i = 0; i < nold; i++)
            ev_decref(I, old[i]); /* may run __del__: f is already consistent */
        ev_dealloc(I, old);
        return 1;
    }
    if (strcmp(n, "__kwdefaults__") == 0) {
        if (!del && !none && !ev_is(v, EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError, "__kwdefaults__ must be set to a dict object");
            return -1;
        }
        ev_dict *old = f->kwdict;
        f->kwdict = del || none ? NULL : ev_as_dict(ev_dup(v));
        func_drop_kwdefaults(I, f);
        if (old)
            ev_decref(I, ev_obj_val(&old->h));
        return 1;
    }
    if (strcmp(n, "__annotations__") == 0) {
        if (!del && !none && !ev_is(v, EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError, "__annotations__ must be set to a dict object");
            return -1;
        }
        ev_value old = f->annotations;
        f->annotations = del || none ? EV_NONE : ev_dup(v);
        ev_decref(I, old);
        return 1;
    }
    if (strcmp(n, "__dict__") == 0) {
        if (del) {
            ev_raise(I, &ev_type_TypeError, "cannot delete __dict__");
            return -1;
        }
        if (!ev_is(v, EV_O_DICT)) {
            ev_raise(I, &ev_type_TypeError, "__dict__ must be set to a dictionary, not a '%s'", ev_type_name(v));
            return -1;
        }
        ev_dict *old = f->dict;
        f->dict = ev_as_dict(ev_dup(v));
        if (old)
            ev_decref(I, ev_obj_val(&old->h));
        return 1;
    }
    bool named = strcmp(n, "__name__") == 0 || strcmp(n, "__qualname__") == 0;
    if (named && (del || !ev_is(v, EV_O_STR))) {
        ev_raise(I, &ev_type_TypeError, "%s must be set to a string object", n);
        return -1;
    }
    if (named || strcmp(n, "__doc__") == 0 || strcmp(n, "__module__") == 0) {
        /* kept apart from __dict__, as CPython's fields; a deleted member reads None */
        if (!f->meta) {
            ev_value d = ev_dict_new(I);
            if (EV_IS_ERR(d))
                return -1;
            f->meta = ev_as_dict(d);
        }
        return ev_dict_set_str(I, f->meta, name, del ? EV_NONE : v) ? -1 : 1;
    }
    return 0;
}

/* A function's docstring: the string constant that opens its body, or None. */
ev_value ev_func_doc(ev_interp *I, ev_func *f)
{
    (void)I;
    const ev_node *b = f->def->body;
    if (b && b->kind == N_BLOCK && b->n > 0 && b->list[0]->kind == N_EXPR && b->list[0]->a &&
        b->list[0]->a->kind == N_CONST && ev_is(b->list[0]->a->cval, EV_O_STR))
        return ev_dup(b->list[0]->a->cval);
    return EV_NONE;
}

const char *ev_func_name(const ev_func *f)
{
    return f->def->name->data;
}

const char *ev_funcdef_qualname(const ev_funcdef *d)
{
    return d->qualname ? d->qualname->data : d->name->data;
}

int ev_gen_run_body(ev_interp *I, ev_gen *g, ev_value *retval)
{
    const ev_funcdef *d = g->func->def;
    frame F = {.f = {.back = I->frame, .def = d, .slots = g->slots, .cur = NULL, .prog = d->prog,
                     .closure = g->func->closure},
               .retval = EV_NONE, .handling = EV_NONE};
    if (I->depth >= I->max_depth) {
        recursion_error(I);
        return -1;
    }
    I->frame = &F.f;
    I->depth++;
    g->body = &F;
    xstatus st = ix_exec_block(I, &F, d->body);
    g->body = NULL;
    I->depth--;
    I->frame = F.f.back;
    if (st == X_ERROR) {
        if (!I->limit)
            ix_add_traceback(I, &F, d->name->data);
        ev_decref(I, F.retval);
        return -1;
    }
    *retval = F.retval;
    return 0;
}

int ev_exec_program(ev_interp *I, ev_program *p)
{
    const ev_node *first = p->body->n > 0 ? p->body->list[0] : NULL;
    /* the module's docstring, stored before its first statement runs as
     * CPython's compiler does (a notebook cell is interactive: none) */
    if (!I->interactive && first && first->kind == N_EXPR && first->a && first->a->kind == N_CONST &&
        ev_is(first->a->cval, EV_O_STR) && ev_dict_set_str(I, I->globals, I->dn[EV_DN_DOC], first->a->cval))
        return -1;
    frame F = {.f = {.back = NULL, .def = NULL, .slots = NULL, .cur = NULL, .prog = p},
               .retval = EV_NONE, .handling = EV_NONE};
    I->frame = &F.f;
    I->depth = 1;
    const ev_node *body = p->body;
    xstatus st = X_NORMAL;
    for (uint32_t i = 0; i < body->n; i++) {
        const ev_node *s = body->list[i];
        if (I->interactive && i + 1 == body->n && s->kind == N_EXPR) {
            F.f.cur = s;
            ev_value v = ix_eval(I, &F, s->a);
            if (EV_IS_ERR(v)) {
                st = X_ERROR;
                break;
            }
            ev_decref(I, I->last_value);
            I->last_value = v;
            break;
        }
        st = ix_exec(I, &F, s);
        if (st != X_NORMAL)
            break;
        if (ev_fin_drain(I)) {
            st = X_ERROR;
            break;
        }
    }
    if (st == X_ERROR && !I->limit)
        ix_add_traceback(I, &F, "<module>");
    if (st == X_BREAK || st == X_CONTINUE) {
        ev_raise(I, &ev_type_SyntaxError, "'break' outside loop");
        st = X_ERROR;
    }
    ev_decref(I, F.retval);
    I->frame = NULL;
    I->depth = 0;
    return st == X_ERROR ? -1 : 0;
}

/* ---- calls with * and ** arguments ---------------------------------------------------------- */

/* How CPython's _PyObject_FunctionStr names a callable in call errors:
 * __main__.f(), print(), list.append(), math.sqrt(). */
static void callable_str(ev_value f, char *buf, size_t n)
{
    if (ev_is(f, EV_O_METHOD))
        f = ((ev_method *)f.u.o)->func;
    if (ev_is(f, EV_O_FUNC)) {
        snprintf(buf, n, "__main__.%s()", ev_funcdef_qualname(((ev_func *)f.u.o)->def));
    } else if (ev_is(f, EV_O_BUILTIN)) {
        ev_builtin *b = (ev_builtin *)f.u.o;
        if (b->owner)
            snprintf(buf, n, "%s.%s()", b->owner, b->def->name);
        else if (b->unbound || b->self.tag != EV_T_NONE)
            snprintf(buf, n, "%s.%s()", b->unbound && ev_is(b->self, EV_O_TYPE) ? ((ev_type *)b->self.u.o)->name
                                                                                 : ev_type_name(b->self),
                     b->def->name);
        else
            snprintf(buf, n, "%s()", b->def->name);
    } else if (ev_is(f, EV_O_TYPE)) {
        ev_type *t = (ev_type *)f.u.o;
        if (ev_is_heaptype(t))
            snprintf(buf, n, "__main__.%s()", ev_as_str(t->hqualname)->data);
        else
            snprintf(buf, n, "%s()", t->name);
    } else {
        snprintf(buf, n, "%s object", ev_type_name(f));
    }
}

/* -1 with CPython's TypeError when name is among the nkw keywords so far */
static int kw_repeated(ev_interp *I, ev_value callee, ev_str *const *kwn, size_t nkw, ev_str *name)
{
    for (size_t j = 0; j < nkw; j++)
        if (kwn[j] == name) {
            char fs[300];
            callable_str(callee, fs, sizeof fs);
            ev_raise(I, &ev_type_TypeError, "%s got multiple values for keyword argument '%s'", fs, name->data);
            return -1;
        }
    return 0;
}

/* The items of a ** argument that is not a dict: a dict built from its
 * keys() and [] (PyMapping_Keys), or EV_ERR with CPython's TypeError.  Its
 * first nkw entries are the keywords so far (kwn, values None), so that a
 * repeated one is refused before its value is fetched, as DICT_MERGE does;
 * the caller skips them. */
static ev_value kwsplat_mapping(ev_interp *I, ev_value v, ev_value callee, ev_str *const *kwn, size_t nkw)
{
    ev_value d = ev_dict_new(I), dup = EV_ERR;
    int r = EV_IS_ERR(d) ? -1 : 1;
    for (size_t j = 0; j < nkw && r > 0; j++)
        if (ev_dict_set(I, ev_as_dict(d), ev_obj_val(&kwn[j]->h), EV_NONE))
            r = -1;
    if (r > 0)
        r = ev_dict_merge_mapping(I, ev_as_dict(d), v, true, &dup);
    if (r > 0)
        return d;
    char fs[300];
    callable_str(callee, fs, sizeof fs);
    if (r == 0)
        ev_raise(I, &ev_type_TypeError, "%s argument after ** must be a mapping, not %s", fs, ev_type_name(v));
    else if (r == -2 && ev_is(dup, EV_O_STR))
        ev_raise(I, &ev_type_TypeError, "%s got multiple values for keyword argument '%s'", fs, ev_as_str(dup)->data);
    else if (r == -2)
        ev_raise(I, &ev_type_TypeError, "keywords must be strings");
    if (!EV_IS_ERR(dup))
        ev_decref(I, dup);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return EV_ERR;
}

/* pos += the items of a * argument, with CPython's TypeError for one that
 * is not iterable: f(*x) alone passes x itself (check_args_iterable), with
 * other positionals CPython builds a list first. */
static int star_extend(ev_interp *I, ev_value pos, ev_value v, ev_value callee, bool alone)
{
    ev_value tmp = ev_inplace(I, EV_OP_ADD, pos, v);
    if (!EV_IS_ERR(tmp)) {
        ev_decref(I, tmp);
        return 0;
    }
    if (ev_is(I->exc, EV_O_EXC) && ((ev_exc *)I->exc.u.o)->type == &ev_type_TypeError) {
        char fs[300];
        callable_str(callee, fs, sizeof fs);
        if (alone)
            ev_raise(I, &ev_type_TypeError, "%s argument after * must be an iterable, not %s", fs, ev_type_name(v));
        else
            ev_raise(I, &ev_type_TypeError, "Value after * must be an iterable, not %s", ev_type_name(v));
    }
    return -1;
}

/* f(*xs, **kw): arguments are gathered into growable arrays.  A lone *x
 * (no other positional) is iterated only after the keywords are made, at
 * the call, as CPython's CALL_FUNCTION_EX turns it into a tuple there. */
/* CPython hands a ** mapping to a C function taking METH_KEYWORDS as the
 * dict itself, and only the callee may refuse a key that is not a str
 * (PyArg_ValidateKeywordArguments, or a Python function's frame setup):
 * a bound str.format merely looks its fields up in it.  Such keys are
 * dropped for it here, since none can name a field. */
static bool callee_takes_any_keys(ev_value callee)
{
    /* the unbound str.format goes through the method descriptor's
     * vectorcall, whose keyword names are checked */
    return ev_is(callee, EV_O_BUILTIN) && ((ev_builtin *)callee.u.o)->def->fn == ev_str_format_method &&
           !((ev_builtin *)callee.u.o)->unbound;
}

ev_value ix_eval_call_star(ev_interp *I, frame *F, const ev_node *n, ev_value callee)
{
    bool any_keys = callee_takes_any_keys(callee);
    ev_value pos = ev_list_new(I, 0), kwv = ev_list_new(I, 0), lone = EV_ERR;
    ev_str **kwn = NULL;
    size_t nkw = 0, capkw = 0;
    ev_value res = EV_ERR;
    if (EV_IS_ERR(pos) || EV_IS_ERR(kwv))
        goto out;
    for (uint32_t i = 0; i < n->n; i++) {
        const ev_node *a = n->list[i];
        ev_value v = ix_eval(I, F, a->kind == N_STAR || a->kind == N_KWSPLAT ? a->a : a);
        if (EV_IS_ERR(v))
            goto out;
        int r = 0;
        if (a->kind == N_STAR && n->nargs == 1) {
            lone = v;
            continue;
        } else if (a->kind == N_STAR) {
            r = star_extend(I, pos, v, callee, false);
        } else if (i < n->nargs) {
            r = ev_list_append(I, ev_as_list(pos), v);
        } else {
            ev_str *name = n->names[i - n->nargs];
            ev_dict *d = NULL;
            size_t seeded = 0;
            if (!name) {
                if (!ev_is(v, EV_O_DICT)) {
                    ev_value m = kwsplat_mapping(I, v, callee, kwn, nkw);
                    ev_decref(I, v);
                    if (EV_IS_ERR(m))
                        goto out;
                    v = m;
                    seeded = nkw;
                }
                d = ev_as_dict(v);
            }
            size_t add = d ? d->used : 1;
            if (nkw + add > capkw) {
                size_t cap = (nkw + add) * 2;
                ev_str **nn = ev_realloc(I, kwn, cap * sizeof *nn);
                if (!nn) {
                    ev_decref(I, v);
                    ev_raise_nomem(I);
                    goto out;
                }
                kwn = nn;
                capkw = cap;
            }
            if (!d) {
                r = kw_repeated(I, callee, kwn, nkw, name);
                if (r == 0) {
                    kwn[nkw++] = name;
                    r = ev_list_append(I, ev_as_list(kwv), v);
                }
            } else {
                for (size_t k = seeded; k < d->nentries && r == 0; k++) {
                    ev_dict_entry *e = &d->entries[k];
                    if (EV_IS_ERR(e->key))
                        continue;
                    if (!ev_is(e->key, EV_O_STR) && any_keys)
                        continue; /* no field name can name it */
                    if (!ev_is(e->key, EV_O_STR)) {
                        ev_raise(I, &ev_type_TypeError, "keywords must be strings");
                        r = -1;
                        break;
                    }
                    ev_str *kn = ev_intern(I, ev_as_str(e->key)->data, ev_as_str(e->key)->len);
                    if (kn)
                        r = kw_repeated(I, callee, kwn, nkw, kn);
                    if (!kn || r)
                        r = -1;
                    else {
                        kwn[nkw++] = kn;
                        r = ev_list_append(I, ev_as_list(kwv), e->value);
                    }
                }
            }
        }
        ev_decref(I, v);
        if (r)
            goto out;
    }
    if (!EV_IS_ERR(lone) && star_extend(I, pos, lone, callee, true))
        goto out;
    if (ev_as_list(pos)->len > 100000 || nkw > 100000) {
        res = ev_raise(I, &ev_type_TypeError, "too many arguments in a call");
        goto out;
    }
    res = ev_call(I, callee, (int)ev_as_list(pos)->len, ev_as_list(pos)->items, (int)nkw, kwn,
                  ev_as_list(kwv)->items);
out:
    if (!EV_IS_ERR(pos))
        ev_decref(I, pos);
    if (!EV_IS_ERR(kwv))
        ev_decref(I, kwv);
    if (!EV_IS_ERR(lone))
        ev_decref(I, lone);
    ev_dealloc(I, kwn);
    return res;
}
