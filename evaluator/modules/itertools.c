/*
 * itertools.c - the itertools module, CPython 3.11-exact (see modules.h).
 *
 * Every function returns a native iterator (ev_native_iter_new) that does
 * its work one item at a time in next(), as itertoolsmodule.c does: nothing
 * is read from an input before the consumer asks, so count() and cycle()
 * are safe to use with islice/takewhile/zip.  The only eager steps are
 * CPython's own: product/permutations/combinations turn their inputs into
 * tuples up front (itertools2.c), cycle saves what it has seen, tee and
 * groupby hold the items that some consumer has not read yet.
 *
 * The state of each iterator lives in the zeroed block ev_native_iter_new
 * gives us; a zeroed ev_value has tag EV_T_ERR, which ev_decref ignores, so
 * a free() hook may run on a half-built state.  Each type's traverse shows
 * the cycle collector every value its state owns (a list holding
 * cycle(list), a groupby whose current value is itself).
 *
 * Argument errors use CPython's messages, which come in three families
 * depending on how the C function parses its arguments (argument clinic,
 * PyArg_UnpackTuple, hand-written); hence the table says 0..any and each
 * constructor checks its own arity.
 */
#include <string.h>

#include "evaluator/modules/itertools.h"

/* ---- argument helpers ---------------------------------------------------------------- */

int it_nargs(ev_interp *I, const char *name, int argc, int min, int max)
{
    int n = argc < min ? min : max;
    if (argc >= min && (max < 0 || argc <= max))
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s expected %s%d argument%s, got %d", name,
             min == max ? "" : argc < min ? "at least " : "at most ", n, n == 1 ? "" : "s",
             argc);
    return -1;
}

int it_bind(ev_interp *I, const ev_kw *kw, const char *fname, int argc, const ev_value *argv,
            const char *const *names, int nparams, int npos, int nreq, ev_value *out)
{
    /* _PyArg_UnpackKeywords' order: the total, the positionals, each
     * parameter in turn (a required one missing), then a keyword naming a
     * positional, then an unknown keyword */
    int nkw = EV_KW_N(kw);
    if (argc + nkw > nparams) {
        ev_raise(I, &ev_type_TypeError, "%s() takes at most %d %sargument%s (%d given)", fname, nparams,
                 argc == 0 ? "keyword " : "", nparams == 1 ? "" : "s", argc + nkw);
        return -1;
    }
    if (npos < nparams && argc > npos) {
        ev_raise(I, &ev_type_TypeError, "%s() takes at most %d positional argument%s (%d given)",
                 fname, npos, npos == 1 ? "" : "s", argc);
        return -1;
    }
    int used = 0;
    for (int i = 0; i < nparams; i++) {
        out[i] = i < argc ? argv[i] : EV_ERR;
        if (i < argc)
            continue;
        for (int k = 0; k < nkw; k++)
            if (strcmp(names[i], kw->names[k]->data) == 0) {
                out[i] = kw->vals[k];
                used++;
                break;
            }
        if (EV_IS_ERR(out[i]) && i < nreq) {
            ev_raise(I, &ev_type_TypeError, "%s() missing required argument '%s' (pos %d)", fname,
                     names[i], i + 1);
            return -1;
        }
    }
    if (used == nkw)
        return 0;
    for (int j = 0; j < argc && j < nparams; j++)
        for (int k = 0; k < nkw; k++)
            if (strcmp(names[j], kw->names[k]->data) == 0) {
                ev_raise(I, &ev_type_TypeError, "argument for %s() given by name ('%s') and position (%d)",
                         fname, names[j], j + 1);
                return -1;
            }
    for (int k = 0; k < nkw; k++) {
        int j = 0;
        while (j < nparams && strcmp(names[j], kw->names[k]->data) != 0)
            j++;
        if (j == nparams) {
            ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for %s()",
                     kw->names[k]->data, fname);
            return -1;
        }
    }
    return 0;
}

int it_ssize(ev_interp *I, ev_value v, int64_t *out)
{
    return ev_ssize_arg(I, v, out); /* through __index__, as argument clinic's "n" */
}

/* _PyArg_NoKeywords: "cycle() takes no keyword arguments" */
int it_nokw(ev_interp *I, const ev_kw *kw, const char *name)
{
    if (!EV_KW_N(kw))
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", name);
    return -1;
}

ev_value it_new(ev_interp *I, const ev_native_iter_type *t, size_t size, void **state)
{
    ev_value v = ev_native_iter_new(I, t, size);
    if (!EV_IS_ERR(v))
        *state = ((ev_iterobj *)v.u.o)->state;
    return v;
}

/* A tuple of new references to v[0..n). */
ev_value it_tuple(ev_interp *I, const ev_value *v, size_t n)
{
    ev_value t = ev_tuple_new(I, n);
    if (EV_IS_ERR(t))
        return t;
    for (size_t i = 0; i < n; i++)
        ev_as_tuple(t)->items[i] = ev_dup(v[i]);
    return t;
}

static void clear(ev_interp *I, ev_value *v)
{
    ev_decref(I, *v);
    *v = EV_ERR;
}

/* ev_next on an iterator that the state may drop (clear) when it runs out:
 * Python code run by `it` can re-enter our iterator and drop it while it
 * is still running, so we hold our own reference for the duration. */
static int next_held(ev_interp *I, ev_value it, ev_value *out)
{
    ev_incref(it);
    int r = ev_next(I, it, out);
    ev_decref(I, it);
    return r;
}

/* ---- count ------------------------------------------------------------------------ */

typedef struct {
    ev_value cnt, step;
} count_state;

static int count_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    count_state *s = it->state;
    ev_value nx = ev_binary(I, EV_OP_ADD, s->cnt, s->step);
    if (EV_IS_ERR(nx))
        return -1;
    *out = s->cnt; /* the reference moves to the caller */
    s->cnt = nx;
    return 1;
}

static void count_free(ev_interp *I, ev_iterobj *it)
{
    count_state *s = it->state;
    ev_decref(I, s->cnt);
    ev_decref(I, s->step);
}

/* its numbers may be instances of int or float subclasses, whose __dict__
 * can hold the count (the collector does not track those instances yet,
 * str and bytes subclass instances neither: the traversal is for then) */
static void count_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    count_state *s = it->state;
    visit(I, s->cnt, arg);
    visit(I, s->step, arg);
}

/* count(5) when the step is the integer 1 (True included), else count(5, 2). */
static ev_value count_repr(ev_interp *I, ev_iterobj *it)
{
    count_state *s = it->state;
    ev_buf b = {0};
    bool unit = (s->step.tag == EV_T_INT || s->step.tag == EV_T_BOOL) && s->step.u.i == 1;
    if (ev_buf_puts(I, &b, "count(") || ev_buf_repr(I, &b, s->cnt))
        goto fail;
    if (!unit && (ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, s->step)))
        goto fail;
    if (ev_buf_puts(I, &b, ")"))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static ev_value f_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type count_typeobj = IT_CLASS_INIT("count", f_count);
static const ev_native_iter_type count_type = {"count", count_next, count_free, count_repr,
                                               &count_typeobj, count_traverse};

/* PyNumber_Check: ints, floats and complex numbers */
static bool is_number(ev_value v)
{
    return v.tag == EV_T_INT || v.tag == EV_T_BOOL || v.tag == EV_T_FLOAT || ev_is(v, EV_O_INT) ||
           ev_is(v, EV_O_COMPLEX);
}

static ev_value f_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"start", "step"};
    ev_value a[2];
    count_state *s;
    (void)self;
    if (it_bind(I, kw, "count", argc, argv, names, 2, 2, 0, a))
        return EV_ERR;
    ev_value start = EV_IS_ERR(a[0]) ? ev_int(0) : a[0];
    ev_value step = EV_IS_ERR(a[1]) ? ev_int(1) : a[1];
    if (!is_number(start) || !is_number(step))
        return ev_raise(I, &ev_type_TypeError, "a number is required");
    /* CPython's fast mode (an int start, a step equal to the int 1) keeps
     * the count as a C integer: count(False) counts 0, 1, 2 as ints and
     * its repr says count(0); count(2, True) is count(2) */
    if ((step.tag == EV_T_INT || step.tag == EV_T_BOOL) && step.u.i == 1 &&
        (start.tag == EV_T_INT || start.tag == EV_T_BOOL)) {
        start = ev_int(start.u.i);
        step = ev_int(1);
    }
    ev_value r = it_new(I, &count_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->cnt = ev_dup(start);
    s->step = ev_dup(step);
    return r;
}

/* ---- cycle ------------------------------------------------------------------------ */

typedef struct {
    ev_value it;    /* EV_ERR once the first pass is over */
    ev_value saved; /* list of the items seen in the first pass */
    size_t index;
} cycle_state;

static int cycle_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    cycle_state *s = it->state;
    ev_list *saved = ev_as_list(s->saved);
    if (!EV_IS_ERR(s->it)) {
        int r = next_held(I, s->it, out);
        if (r < 0)
            return -1;
        if (r == 1) {
            if (ev_list_append(I, saved, *out)) {
                ev_decref(I, *out);
                return -1;
            }
            return 1;
        }
        clear(I, &s->it);
    }
    if (saved->len == 0)
        return 0;
    if (s->index >= saved->len)
        s->index = 0;
    *out = ev_dup(saved->items[s->index++]);
    return 1;
}

static void cycle_free(ev_interp *I, ev_iterobj *it)
{
    cycle_state *s = it->state;
    ev_decref(I, s->it);
    ev_decref(I, s->saved);
}

static void cycle_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    cycle_state *s = it->state;
    visit(I, s->it, arg);
    visit(I, s->saved, arg);
}

static ev_value f_cycle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type cycle_typeobj = IT_CLASS_INIT("cycle", f_cycle);
static const ev_native_iter_type cycle_type = {"cycle", cycle_next, cycle_free, NULL, &cycle_typeobj,
                                               cycle_traverse};

static ev_value f_cycle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    cycle_state *s;
    (void)self;
    if (it_nokw(I, kw, "cycle"))
        return EV_ERR;
    if (it_nargs(I, "cycle", argc, 1, 1))
        return EV_ERR;
    ev_value r = it_new(I, &cycle_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(s->it))
        goto fail;
    s->saved = ev_list_new(I, 0);
    if (EV_IS_ERR(s->saved))
        goto fail;
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}

/* ---- repeat ------------------------------------------------------------------------ */

typedef struct {
    ev_value obj;
    int64_t cnt; /* -1: forever */
} repeat_state;

static int repeat_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    repeat_state *s = it->state;
    (void)I;
    if (s->cnt == 0)
        return 0;
    if (s->cnt > 0)
        s->cnt--;
    *out = ev_dup(s->obj);
    return 1;
}

static void repeat_free(ev_interp *I, ev_iterobj *it)
{
    ev_decref(I, ((repeat_state *)it->state)->obj);
}

static void repeat_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((repeat_state *)it->state)->obj, arg);
}

static ev_value repeat_repr(ev_interp *I, ev_iterobj *it)
{
    repeat_state *s = it->state;
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "repeat(") || ev_buf_repr(I, &b, s->obj))
        goto fail;
    if (s->cnt >= 0 && ev_buf_printf(I, &b, ", %lld", (long long)s->cnt))
        goto fail;
    if (ev_buf_puts(I, &b, ")"))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static ev_value f_repeat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type repeat_typeobj = IT_CLASS_INIT("repeat", f_repeat);
static const ev_native_iter_type repeat_type = {"repeat", repeat_next, repeat_free, repeat_repr,
                                                &repeat_typeobj, repeat_traverse};

static ev_value f_repeat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"object", "times"};
    ev_value a[2];
    int64_t cnt = -1;
    repeat_state *s;
    (void)self;
    if (it_bind(I, kw, "repeat", argc, argv, names, 2, 2, 1, a))
        return EV_ERR;
    if (!EV_IS_ERR(a[1])) {
        if (it_ssize(I, a[1], &cnt))
            return EV_ERR;
        if (cnt < 0) /* a negative count repeats nothing, as in CPython */
            cnt = 0;
    }
    ev_value r = it_new(I, &repeat_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->obj = ev_dup(a[0]);
    s->cnt = cnt;
    return r;
}

/* ---- accumulate ------------------------------------------------------------------------ */

typedef struct {
    ev_value it, func, total, initial; /* func EV_NONE: addition; total EV_ERR: none yet */
} accumulate_state;

static int accumulate_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    accumulate_state *s = it->state;
    ev_value v, nt;
    if (!EV_IS_ERR(s->initial)) {
        ev_decref(I, s->total);
        s->total = s->initial;
        s->initial = EV_ERR;
        *out = ev_dup(s->total);
        return 1;
    }
    int r = ev_next(I, s->it, &v);
    if (r <= 0)
        return r;
    if (EV_IS_ERR(s->total)) {
        nt = v;
    } else {
        /* func may re-enter us and replace total: hold it while it runs */
        ev_value total = ev_dup(s->total);
        if (s->func.tag == EV_T_NONE) {
            nt = ev_binary(I, EV_OP_ADD, total, v);
        } else {
            ev_value args[2] = {total, v};
            nt = ev_call(I, s->func, 2, args, 0, NULL, NULL);
        }
        ev_decref(I, total);
        ev_decref(I, v);
        if (EV_IS_ERR(nt))
            return -1;
    }
    ev_decref(I, s->total);
    s->total = nt;
    *out = ev_dup(nt);
    return 1;
}

static void accumulate_free(ev_interp *I, ev_iterobj *it)
{
    accumulate_state *s = it->state;
    ev_decref(I, s->it);
    ev_decref(I, s->func);
    ev_decref(I, s->total);
    ev_decref(I, s->initial);
}

static void accumulate_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    accumulate_state *s = it->state;
    visit(I, s->it, arg);
    visit(I, s->func, arg);
    visit(I, s->total, arg);
    visit(I, s->initial, arg);
}

static ev_value f_accumulate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type accumulate_typeobj = IT_CLASS_INIT("accumulate", f_accumulate);
static const ev_native_iter_type accumulate_type = {"accumulate", accumulate_next,
                                                    accumulate_free, NULL, &accumulate_typeobj,
                                                    accumulate_traverse};

static ev_value f_accumulate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"iterable", "func", "initial"};
    ev_value a[3];
    accumulate_state *s;
    (void)self;
    if (it_bind(I, kw, "accumulate", argc, argv, names, 3, 2, 1, a))
        return EV_ERR;
    ev_value r = it_new(I, &accumulate_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->func = EV_IS_ERR(a[1]) ? EV_NONE : ev_dup(a[1]);
    /* initial=None means no initial value */
    if (!EV_IS_ERR(a[2]) && a[2].tag != EV_T_NONE)
        s->initial = ev_dup(a[2]);
    s->it = ev_iter(I, a[0]);
    if (EV_IS_ERR(s->it)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* ---- chain ------------------------------------------------------------------------ */

typedef struct {
    ev_value source; /* iterator over the iterables; EV_ERR when done */
    ev_value active; /* iterator over the current one; EV_ERR between them */
} chain_state;

static int chain_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    chain_state *s = it->state;
    while (!EV_IS_ERR(s->source)) {
        if (EV_IS_ERR(s->active)) {
            ev_value iterable;
            int r = next_held(I, s->source, &iterable);
            if (r < 0)
                return -1;
            if (r == 0) {
                clear(I, &s->source);
                return 0;
            }
            ev_value a = ev_iter(I, iterable);
            ev_decref(I, iterable);
            if (EV_IS_ERR(a))
                return -1;
            ev_decref(I, s->active); /* EV_ERR unless a re-entrant call set it */
            s->active = a;
        }
        int r = next_held(I, s->active, out);
        if (r != 0)
            return r;
        clear(I, &s->active);
        if (ev_tick(I))
            return -1;
    }
    return 0;
}

static void chain_free(ev_interp *I, ev_iterobj *it)
{
    chain_state *s = it->state;
    ev_decref(I, s->source);
    ev_decref(I, s->active);
}

static void chain_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    chain_state *s = it->state;
    visit(I, s->source, arg);
    visit(I, s->active, arg);
}

static ev_value f_chain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_value f_chain_from_iterable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* chain.from_iterable, on the class */
static const ev_builtin_def chain_type_methods[] = {
    {"from_iterable", f_chain_from_iterable, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};
static ev_type chain_it_typeobj = IT_CLASS_INIT("chain", f_chain, .type_methods = chain_type_methods);
static const ev_native_iter_type chain_it_type = {"chain", chain_next, chain_free, NULL,
                                                  &chain_it_typeobj, chain_traverse};

/* A chain over the iterables produced by `source` (borrowed, any iterable). */
static ev_value chain_over(ev_interp *I, ev_value source)
{
    chain_state *s;
    ev_value r = it_new(I, &chain_it_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->source = ev_iter(I, source);
    if (EV_IS_ERR(s->source)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

static ev_value f_chain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (it_nokw(I, kw, "chain"))
        return EV_ERR;
    ev_value args = it_tuple(I, argv, (size_t)argc);
    if (EV_IS_ERR(args))
        return args;
    ev_value r = chain_over(I, args);
    ev_decref(I, args);
    return r;
}

static ev_value f_chain_from_iterable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError,
                        "chain.from_iterable() takes no keyword arguments");
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError,
                        "chain.from_iterable() takes exactly one argument (%d given)", argc);
    return chain_over(I, argv[0]);
}


/* ---- compress ------------------------------------------------------------------------ */

typedef struct {
    ev_value data, selectors;
} compress_state;

static int compress_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    compress_state *s = it->state;
    for (;;) {
        ev_value d, sel;
        int r = ev_next(I, s->data, &d);
        if (r <= 0)
            return r;
        r = ev_next(I, s->selectors, &sel);
        if (r <= 0) {
            ev_decref(I, d);
            return r;
        }
        int t = ev_truth(I, sel);
        ev_decref(I, sel);
        if (t == 1) {
            *out = d;
            return 1;
        }
        ev_decref(I, d);
        if (t < 0 || ev_tick(I))
            return -1;
    }
}

static void compress_free(ev_interp *I, ev_iterobj *it)
{
    compress_state *s = it->state;
    ev_decref(I, s->data);
    ev_decref(I, s->selectors);
}

static void compress_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    compress_state *s = it->state;
    visit(I, s->data, arg);
    visit(I, s->selectors, arg);
}

static ev_value f_compress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type compress_typeobj = IT_CLASS_INIT("compress", f_compress);
static const ev_native_iter_type compress_type = {"compress", compress_next, compress_free, NULL,
                                                  &compress_typeobj, compress_traverse};

static ev_value f_compress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"data", "selectors"};
    ev_value a[2];
    compress_state *s;
    (void)self;
    if (it_bind(I, kw, "compress", argc, argv, names, 2, 2, 2, a))
        return EV_ERR;
    ev_value r = it_new(I, &compress_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->data = ev_iter(I, a[0]);
    if (EV_IS_ERR(s->data))
        goto fail;
    s->selectors = ev_iter(I, a[1]);
    if (EV_IS_ERR(s->selectors))
        goto fail;
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}

/* ---- dropwhile, takewhile, filterfalse, starmap: (function, iterator) ---------------- */

typedef struct {
    ev_value func, it;
    bool flag; /* dropwhile: done dropping; takewhile: stopped */
} pred_state;

/* 1 if func(v) is true (func None: v itself, for filterfalse only:
 * dropwhile and takewhile call None and fail), 0 if false, -1 error. */
static int pred_call(ev_interp *I, ev_value func, ev_value v, bool none_is_bool)
{
    if (func.tag == EV_T_NONE && none_is_bool)
        return ev_truth(I, v);
    ev_value r = ev_call(I, func, 1, &v, 0, NULL, NULL);
    if (EV_IS_ERR(r))
        return -1;
    int t = ev_truth(I, r);
    ev_decref(I, r);
    return t;
}

static int dropwhile_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    pred_state *s = it->state;
    for (;;) {
        int r = ev_next(I, s->it, out);
        if (r <= 0 || s->flag)
            return r;
        int t = pred_call(I, s->func, *out, false);
        if (t == 0) {
            s->flag = true;
            return 1;
        }
        ev_decref(I, *out);
        if (t < 0 || ev_tick(I))
            return -1;
    }
}

static int takewhile_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    pred_state *s = it->state;
    if (s->flag)
        return 0;
    int r = ev_next(I, s->it, out);
    if (r <= 0)
        return r;
    int t = pred_call(I, s->func, *out, false);
    if (t == 1)
        return 1;
    ev_decref(I, *out);
    if (t < 0)
        return -1;
    s->flag = true;
    return 0;
}

static int filterfalse_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    pred_state *s = it->state;
    for (;;) {
        int r = ev_next(I, s->it, out);
        if (r <= 0)
            return r;
        int t = pred_call(I, s->func, *out, true);
        if (t == 0)
            return 1;
        ev_decref(I, *out);
        if (t < 0 || ev_tick(I))
            return -1;
    }
}

static int starmap_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    pred_state *s = it->state;
    ev_value args;
    int r = ev_next(I, s->it, &args);
    if (r <= 0)
        return r;
    if (!ev_is(args, EV_O_TUPLE)) {
        ev_value t = ev_sequence_tuple(I, args);
        ev_decref(I, args);
        if (EV_IS_ERR(t))
            return -1;
        args = t;
    }
    ev_tuple *t = ev_as_tuple(args);
    if (t->len > 255) {
        ev_decref(I, args);
        ev_raise(I, &ev_type_TypeError, "starmap(): too many arguments (%zu)", t->len);
        return -1;
    }
    *out = ev_call(I, s->func, (int)t->len, t->items, 0, NULL, NULL);
    ev_decref(I, args);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static void pred_free(ev_interp *I, ev_iterobj *it)
{
    pred_state *s = it->state;
    ev_decref(I, s->func);
    ev_decref(I, s->it);
}

static void pred_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    pred_state *s = it->state;
    visit(I, s->func, arg);
    visit(I, s->it, arg);
}

static ev_value f_dropwhile(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type dropwhile_typeobj = IT_CLASS_INIT("dropwhile", f_dropwhile);
static const ev_native_iter_type dropwhile_type = {"dropwhile", dropwhile_next, pred_free, NULL,
                                                   &dropwhile_typeobj, pred_traverse};
static ev_value f_takewhile(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type takewhile_typeobj = IT_CLASS_INIT("takewhile", f_takewhile);
static const ev_native_iter_type takewhile_type = {"takewhile", takewhile_next, pred_free, NULL,
                                                   &takewhile_typeobj, pred_traverse};
static ev_value f_filterfalse(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type filterfalse_typeobj = IT_CLASS_INIT("filterfalse", f_filterfalse);
static const ev_native_iter_type filterfalse_type = {"filterfalse", filterfalse_next, pred_free,
                                                     NULL, &filterfalse_typeobj, pred_traverse};
static ev_value f_starmap(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type starmap_typeobj = IT_CLASS_INIT("starmap", f_starmap);
static const ev_native_iter_type starmap_type = {"starmap", starmap_next, pred_free, NULL,
                                                 &starmap_typeobj, pred_traverse};

static ev_value pred_new(ev_interp *I, const ev_native_iter_type *t, int argc,
                         const ev_value *argv)
{
    pred_state *s;
    if (it_nargs(I, t->name, argc, 2, 2))
        return EV_ERR;
    ev_value r = it_new(I, t, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->func = ev_dup(argv[0]);
    s->it = ev_iter(I, argv[1]);
    if (EV_IS_ERR(s->it)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

static ev_value f_dropwhile(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (it_nokw(I, kw, "dropwhile"))
        return EV_ERR;
    return pred_new(I, &dropwhile_type, argc, argv);
}

static ev_value f_takewhile(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (it_nokw(I, kw, "takewhile"))
        return EV_ERR;
    return pred_new(I, &takewhile_type, argc, argv);
}

static ev_value f_filterfalse(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (it_nokw(I, kw, "filterfalse"))
        return EV_ERR;
    return pred_new(I, &filterfalse_type, argc, argv);
}

static ev_value f_starmap(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (it_nokw(I, kw, "starmap"))
        return EV_ERR;
    return pred_new(I, &starmap_type, argc, argv);
}

/* ---- islice ------------------------------------------------------------------------ */

typedef struct {
    ev_value it; /* EV_ERR once exhausted */
    int64_t next, stop, step, cnt; /* stop -1: None */
} islice_state;

/* CPython's islice_next, including its clamping of `next` at stop. */
static int islice_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    islice_state *s = it->state;
    ev_value item;
    int r;
    if (EV_IS_ERR(s->it))
        return 0;
    while (s->cnt < s->next) {
        r = next_held(I, s->it, &item);
        if (r <= 0)
            goto empty;
        ev_decref(I, item);
        s->cnt++;
        if (ev_tick(I))
            return -1;
    }
    if (s->stop != -1 && s->cnt >= s->stop) {
        r = 0;
        goto empty;
    }
    r = next_held(I, s->it, out);
    if (r <= 0)
        goto empty;
    s->cnt++;
    int64_t old = s->next;
    if (__builtin_add_overflow(s->next, s->step, &s->next) || s->next < old ||
        (s->stop != -1 && s->next > s->stop))
        s->next = s->stop;
    return 1;
empty:
    clear(I, &s->it);
    return r;
}

static void islice_free(ev_interp *I, ev_iterobj *it)
{
    ev_decref(I, ((islice_state *)it->state)->it);
}

static void islice_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((islice_state *)it->state)->it, arg);
}

static ev_value f_islice(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type islice_typeobj = IT_CLASS_INIT("islice", f_islice);
static const ev_native_iter_type islice_type = {"islice", islice_next, islice_free, NULL,
                                                &islice_typeobj, islice_traverse};

/* PyNumber_AsSsize_t (through __index__) with the error cleared: -1 for
 * anything unusable; *stop set when a limit is hit (nothing to clear). */
static int64_t islice_arg(ev_interp *I, ev_value v, bool *stop)
{
    ev_value iv = EV_ERR;
    if (ev_is_user(v)) {
        int got = ev_index_try(I, v, &iv);
        if (got < 0) {
            if (I->limit) {
                *stop = true;
                return -1;
            }
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return -1;
        }
        if (got)
            v = iv;
    }
    int64_t r = -1;
    if ((v.tag == EV_T_INT || v.tag == EV_T_BOOL) && v.u.i >= 0)
        r = v.u.i;
    else if (v.tag == EV_T_INT && v.u.i < -1)
        r = v.u.i;
    if (!EV_IS_ERR(iv))
        ev_decref(I, iv);
    return r;
}

static ev_value f_islice(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char stop_msg[] =
        "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
    int64_t start = 0, stop = -1, step = 1;
    islice_state *s;
    (void)self;
    if (it_nokw(I, kw, "islice"))
        return EV_ERR;
    if (it_nargs(I, "islice", argc, 2, 4))
        return EV_ERR;
    ev_value a2 = argc == 2 ? argv[1] : argv[2];
    bool limit = false;
    if (argc > 2 && argv[1].tag != EV_T_NONE)
        start = islice_arg(I, argv[1], &limit);
    if (limit)
        return EV_ERR;
    if (a2.tag != EV_T_NONE) {
        stop = islice_arg(I, a2, &limit);
        if (limit)
            return EV_ERR;
        if (stop == -1)
            return ev_raise(I, &ev_type_ValueError, "%s", stop_msg);
    }
    if (start < 0 || stop < -1)
        return ev_raise(I, &ev_type_ValueError,
                        "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
    if (argc == 4 && argv[3].tag != EV_T_NONE)
        step = islice_arg(I, argv[3], &limit);
    if (limit)
        return EV_ERR;
    if (step < 1)
        return ev_raise(I, &ev_type_ValueError,
                        "Step for islice() must be a positive integer or None.");
    ev_value r = it_new(I, &islice_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->next = start;
    s->stop = stop;
    s->step = step;
    s->it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(s->it)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* ---- pairwise ------------------------------------------------------------------------ */

typedef struct {
    ev_value it, old; /* it EV_ERR once exhausted */
} pairwise_state;

/* As CPython 3.11's pairwise_next, robust against re-entrant calls from the
 * source: `old` is held locally while the source runs. */
static int pairwise_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    pairwise_state *s = it->state;
    ev_value old, nv;
    int r;
    if (EV_IS_ERR(s->it))
        return 0;
    if (EV_IS_ERR(s->old)) {
        r = next_held(I, s->it, &old);
        if (r <= 0) {
            clear(I, &s->it);
            return r;
        }
        ev_decref(I, s->old);
        s->old = old;
        if (EV_IS_ERR(s->it)) {
            clear(I, &s->old);
            return 0;
        }
    }
    old = ev_dup(s->old);
    r = next_held(I, s->it, &nv);
    if (r <= 0) {
        clear(I, &s->it);
        clear(I, &s->old);
        ev_decref(I, old);
        return r;
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, old);
        ev_decref(I, nv);
        return -1;
    }
    ev_as_tuple(t)->items[0] = old;
    ev_as_tuple(t)->items[1] = ev_dup(nv);
    ev_decref(I, s->old);
    s->old = nv;
    *out = t;
    return 1;
}

static void pairwise_free(ev_interp *I, ev_iterobj *it)
{
    pairwise_state *s = it->state;
    ev_decref(I, s->it);
    ev_decref(I, s->old);
}

static void pairwise_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    pairwise_state *s = it->state;
    visit(I, s->it, arg);
    visit(I, s->old, arg);
}

static ev_value f_pairwise(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type pairwise_typeobj = IT_CLASS_INIT("pairwise", f_pairwise);
static const ev_native_iter_type pairwise_type = {"pairwise", pairwise_next, pairwise_free, NULL,
                                                  &pairwise_typeobj, pairwise_traverse};

static ev_value f_pairwise(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    pairwise_state *s;
    (void)self;
    if (it_nokw(I, kw, "pairwise"))
        return EV_ERR;
    if (it_nargs(I, "pairwise", argc, 1, 1))
        return EV_ERR;
    ev_value r = it_new(I, &pairwise_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(s->it)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* ---- zip_longest ------------------------------------------------------------------------ */

typedef struct {
    ev_value its;  /* tuple of iterators; an exhausted one is replaced by EV_NONE */
    ev_value fill;
    size_t active; /* 0: finished */
} ziplong_state;

static int ziplong_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    ziplong_state *s = it->state;
    ev_tuple *its = ev_as_tuple(s->its);
    int rc = 0;
    if (its->len == 0 || s->active == 0)
        return 0;
    ev_value t = ev_tuple_new(I, its->len);
    if (EV_IS_ERR(t))
        return -1;
    for (size_t i = 0; i < its->len; i++) {
        ev_value v;
        int r = 0;
        if (its->items[i].tag != EV_T_NONE) {
            r = next_held(I, its->items[i], &v);
            if (r < 0) {
                rc = -1;
                goto fail;
            }
            if (r == 0) {
                /* CPython ends without a partial tuple when the last one runs out */
                if (--s->active == 0)
                    goto fail;
                ev_decref(I, its->items[i]);
                its->items[i] = EV_NONE;
            }
        }
        ev_as_tuple(t)->items[i] = r ? v : ev_dup(s->fill);
    }
    *out = t;
    return 1;
fail:
    ev_decref(I, t);
    return rc;
}

static void ziplong_free(ev_interp *I, ev_iterobj *it)
{
    ziplong_state *s = it->state;
    ev_decref(I, s->its);
    ev_decref(I, s->fill);
}

static void ziplong_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    ziplong_state *s = it->state;
    visit(I, s->its, arg);
    visit(I, s->fill, arg);
}

static ev_value f_zip_longest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static ev_type ziplong_typeobj = IT_CLASS_INIT("zip_longest", f_zip_longest);
static const ev_native_iter_type ziplong_type = {"zip_longest", ziplong_next, ziplong_free, NULL,
                                                 &ziplong_typeobj, ziplong_traverse};

static ev_value f_zip_longest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ziplong_state *s;
    ev_value fill = EV_NONE;
    (void)self;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        if (strcmp(kw->names[k]->data, "fillvalue") != 0)
            return ev_raise(I, &ev_type_TypeError,
                            "zip_longest() got an unexpected keyword argument");
        fill = kw->vals[k];
    }
    ev_value r = it_new(I, &ziplong_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->fill = ev_dup(fill);
    s->its = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(s->its))
        goto fail;
    for (int i = 0; i < argc; i++) {
        ev_value x = ev_iter(I, argv[i]);
        if (EV_IS_ERR(x))
            goto fail;
        ev_as_tuple(s->its)->items[i] = x;
    }
    s->active = (size_t)argc;
    return r;
fail:
    ev_decref(I, r);
    return EV_ERR;
}

/* ---- the module ------------------------------------------------------------------------ */



/* Every itertools iterator is made by calling its class, as in CPython
 * (isinstance(x, count), type(x) is chain); tee is a function. */
static const ev_builtin_def functions[] = {
    {"tee", it_tee, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

extern ev_type groupby_typeobj, product_typeobj, perm_typeobj, comb_typeobj, cwr_typeobj;

static int init(ev_interp *I, ev_dict *ns)
{
    static ev_type *const classes[] = {
        &accumulate_typeobj, &chain_it_typeobj, &comb_typeobj, &cwr_typeobj, &compress_typeobj,
        &count_typeobj, &cycle_typeobj, &dropwhile_typeobj, &filterfalse_typeobj, &groupby_typeobj,
        &islice_typeobj, &pairwise_typeobj, &perm_typeobj, &product_typeobj, &repeat_typeobj,
        &starmap_typeobj, &takewhile_typeobj, &ziplong_typeobj,
    };
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (ev_module_set(I, ns, classes[i]->name + sizeof "itertools", ev_obj_val(&classes[i]->h)))
            return -1;
    return 0;
}

const ev_module_def ev_module_itertools = {"itertools", functions, init};
