/*
 * itertools2.c - groupby, tee and the combinatoric iterators of the
 * itertools module (the rest is in itertools.c).
 *
 * groupby and its group iterators share the underlying iterator exactly as
 * in CPython: the groupby holds the current key and value, a group reads
 * through it, and advancing the groupby kills the previous group (a
 * generation number stands in for CPython's currgrouper pointer).
 *
 * tee's iterators share a singly linked list of reference-counted nodes:
 * each iterator holds the node it read last, so a node lives as long as
 * some iterator has not yet read past it, and nodes everyone has read are
 * freed at once (CPython's teedataobject does the same with 57-item blocks).
 *
 * product, permutations, combinations and combinations_with_replacement
 * turn their inputs into tuples first (as CPython does) and then step an
 * index vector per item, in CPython's order.
 */
#include <string.h>

#include "evaluator/modules/itertools.h"

static void clear(ev_interp *I, ev_value *v)
{
    ev_decref(I, *v);
    *v = EV_ERR;
}

/* ---- groupby ------------------------------------------------------------------------ */

typedef struct {
    ev_value it, keyfunc; /* keyfunc EV_NONE: identity */
    ev_value tgtkey, currkey, currvalue; /* EV_ERR: none */
    uint64_t gen; /* bumped when a new group starts: older groups are dead */
} groupby_state;

typedef struct {
    ev_value parent; /* the groupby iterator */
    ev_value tgtkey;
    uint64_t gen;
} grouper_state;

/* Reads the next value and its key into currvalue/currkey: 1, 0, -1. */
static int groupby_step(ev_interp *I, groupby_state *s)
{
    ev_value v, k;
    int r = ev_next(I, s->it, &v);
    if (r <= 0)
        return r;
    if (s->keyfunc.tag == EV_T_NONE) {
        k = ev_dup(v);
    } else {
        k = ev_call(I, s->keyfunc, 1, &v, 0, NULL, NULL);
        if (EV_IS_ERR(k)) {
            ev_decref(I, v);
            return -1;
        }
    }
    ev_decref(I, s->currvalue);
    s->currvalue = v;
    ev_decref(I, s->currkey);
    s->currkey = k;
    return 1;
}

static const ev_native_iter_type groupby_type;

static int grouper_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    grouper_state *g = it->state;
    ev_iterobj *parent = (ev_iterobj *)g->parent.u.o;
    /* a groupby the cycle collector emptied has no state left to read
     * (only garbage is emptied, so this is a guard, not a path) */
    if (parent->nt != &groupby_type)
        return 0;
    groupby_state *s = parent->state;
    if (s->gen != g->gen)
        return 0;
    if (EV_IS_ERR(s->currvalue)) {
        int r = groupby_step(I, s);
        if (r <= 0)
            return r;
    }
    /* __eq__ may advance this group or the groupby (re-entering next()),
     * dropping the keys it compares: hold them; a value taken meanwhile
     * ends the group (CPython returns its NULL currvalue). */
    ev_value tk = ev_dup(g->tgtkey), ck = ev_dup(s->currkey);
    int eq = ev_eq(I, tk, ck);
    ev_decref(I, tk);
    ev_decref(I, ck);
    if (eq <= 0)
        return eq;
    if (EV_IS_ERR(s->currvalue))
        return 0;
    *out = s->currvalue; /* moves */
    s->currvalue = EV_ERR;
    clear(I, &s->currkey);
    return 1;
}

static void grouper_free(ev_interp *I, ev_iterobj *it)
{
    grouper_state *g = it->state;
    ev_decref(I, g->parent);
    ev_decref(I, g->tgtkey);
}

static void grouper_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    grouper_state *g = it->state;
    visit(I, g->parent, arg);
    visit(I, g->tgtkey, arg);
}

static ev_type grouper_typeobj = EV_ITER_TYPE_INIT("itertools._grouper", "itertools");
static const ev_native_iter_type grouper_type = {"_grouper", grouper_next, grouper_free, NULL,
                                                 &grouper_typeobj, grouper_traverse};

static int groupby_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    groupby_state *s = it->state;
    grouper_state *g;
    s->gen++;
    /* skip to the next group */
    for (;;) {
        if (EV_IS_ERR(s->currkey)) {
            /* nothing read yet, or the last value went to a group */
        } else if (EV_IS_ERR(s->tgtkey)) {
            break;
        } else {
            ev_value tk = ev_dup(s->tgtkey), ck = ev_dup(s->currkey); /* __eq__ may step us */
            int eq = ev_eq(I, tk, ck);
            ev_decref(I, tk);
            ev_decref(I, ck);
            if (eq < 0)
                return -1;
            if (eq == 0 && !EV_IS_ERR(s->currkey)) /* not taken by a re-entered next() */
                break;
        }
        int r = groupby_step(I, s);
        if (r <= 0)
            return r;
        if (ev_tick(I))
            return -1;
    }
    ev_decref(I, s->tgtkey);
    s->tgtkey = ev_dup(s->currkey);
    ev_value grp = it_new(I, &grouper_type, sizeof *g, (void **)&g);
    if (EV_IS_ERR(grp))
        return -1;
    g->parent = ev_dup(ev_obj_val(&it->h));
    g->tgtkey = ev_dup(s->tgtkey);
    g->gen = s->gen;
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t)) {
        ev_decref(I, grp);
        return -1;
    }
    ev_as_tuple(t)->items[0] = ev_dup(s->currkey);
    ev_as_tuple(t)->items[1] = grp;
    *out = t;
    return 1;
}

static void groupby_free(ev_interp *I, ev_iterobj *it)
{
    groupby_state *s = it->state;
    ev_decref(I, s->it);
    ev_decref(I, s->keyfunc);
    ev_decref(I, s->tgtkey);
    ev_decref(I, s->currkey);
    ev_decref(I, s->currvalue);
}

static void groupby_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    groupby_state *s = it->state;
    visit(I, s->it, arg);
    visit(I, s->keyfunc, arg);
    visit(I, s->tgtkey, arg);
    visit(I, s->currkey, arg);
    visit(I, s->currvalue, arg);
}

ev_type groupby_typeobj = IT_CLASS_INIT("groupby", it_groupby);
static const ev_native_iter_type groupby_type = {"groupby", groupby_next, groupby_free, NULL,
                                                 &groupby_typeobj, groupby_traverse};

ev_value it_groupby(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"iterable", "key"};
    ev_value a[2];
    groupby_state *s;
    (void)self;
    if (it_bind(I, kw, "groupby", argc, argv, names, 2, 2, 1, a))
        return EV_ERR;
    ev_value r = it_new(I, &groupby_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->keyfunc = EV_IS_ERR(a[1]) ? EV_NONE : ev_dup(a[1]);
    s->it = ev_iter(I, a[0]);
    if (EV_IS_ERR(s->it)) {
        ev_decref(I, r);
        return EV_ERR;
    }
    return r;
}

/* ---- tee ------------------------------------------------------------------------ */

typedef struct tee_node {
    uint32_t refcnt;       /* tee iterators standing here + the previous node */
    ev_value v;            /* EV_ERR in the starting node */
    struct tee_node *next; /* NULL: not read from the source yet */
    bool running;          /* a tee is reading the source to fill next (CPython's teedataobject) */
    uint64_t gc_pass;      /* the collector's walk that visited v (tee_traverse) */
} tee_node;

typedef struct {
    ev_value it;   /* the shared source iterator */
    tee_node *pos; /* the node read last */
} tee_state;

/* Drops one reference to n and frees the nodes nobody can reach any more,
 * iteratively so that a long unread tail cannot exhaust the C stack. */
static void tee_release(ev_interp *I, tee_node *n)
{
    while (n && --n->refcnt == 0) {
        tee_node *next = n->next;
        ev_decref(I, n->v);
        ev_dealloc(I, n);
        n = next;
    }
}

static int tee_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    tee_state *s = it->state;
    tee_node *pos = s->pos;
    if (!pos->next) {
        /* The source's own code may call next() on this tee or a sibling
         * standing at the same node: CPython refuses that re-entry before
         * the source is asked again. */
        if (pos->running) {
            ev_raise(I, &ev_type_RuntimeError, "cannot re-enter the tee iterator");
            return -1;
        }
        ev_value v;
        pos->running = true;
        int r = ev_next(I, s->it, &v);
        pos->running = false;
        if (r <= 0)
            return r;
        if (pos->next) {
            /* the source's own code advanced a sibling tee meanwhile */
            ev_decref(I, v);
            ev_raise(I, &ev_type_RuntimeError, "cannot re-enter the tee iterator");
            return -1;
        }
        tee_node *n = ev_alloc(I, sizeof *n);
        if (!n) {
            ev_decref(I, v);
            ev_raise_nomem(I);
            return -1;
        }
        n->refcnt = 1; /* pos->next */
        n->v = v;
        n->next = NULL;
        n->gc_pass = 0; /* no walk yet (the collector's count starts at 1) */
        n->running = false;
        pos->next = n;
    }
    tee_node *n = pos->next;
    n->refcnt++;
    s->pos = n;
    *out = ev_dup(n->v);
    tee_release(I, pos);
    return 1;
}

static void tee_free(ev_interp *I, ev_iterobj *it)
{
    tee_state *s = it->state;
    ev_decref(I, s->it);
    tee_release(I, s->pos);
}

/* Each tee owns its reference to the source; the nodes' values are owned
 * by the nodes, which the tees share: the first tee to reach a node in a
 * walk of the collector visits it and every node after it (the chains of
 * the other tees join it there), so each value is visited once. */
static void tee_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    tee_state *s = it->state;
    visit(I, s->it, arg);
    for (tee_node *n = s->pos; n && n->gc_pass != I->gc_pass; n = n->next) {
        n->gc_pass = I->gc_pass;
        visit(I, n->v, arg);
    }
}

static ev_type tee_typeobj = EV_ITER_TYPE_INIT("itertools._tee", "itertools");
static const ev_native_iter_type tee_type = {"_tee", tee_next, tee_free, NULL, &tee_typeobj,
                                             tee_traverse};

ev_value it_tee(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = 2;
    ev_value src = EV_ERR, result = EV_ERR;
    tee_node *start = NULL;
    (void)self;
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "itertools.tee() takes no keyword arguments");
    if (it_nargs(I, "tee", argc, 1, 2))
        return EV_ERR;
    if (argc == 2 && it_ssize(I, argv[1], &n))
        return EV_ERR;
    if (n < 0)
        return ev_raise(I, &ev_type_ValueError, "n must be >= 0");
    if (ev_mem_reserve(I, (size_t)n * 64))
        return EV_ERR;
    result = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(result) || n == 0)
        return result;
    int64_t first = 0;
    if (ev_is(argv[0], EV_O_ITER) && ((ev_iterobj *)argv[0].u.o)->ik == EV_IT_NATIVE &&
        ((ev_iterobj *)argv[0].u.o)->nt == &tee_type) {
        /* As CPython: a tee of a tee returns the tee itself first, then
         * copies of it that share its buffer and start where it stands. */
        tee_state *t = ((ev_iterobj *)argv[0].u.o)->state;
        ev_as_tuple(result)->items[0] = ev_dup(argv[0]);
        first = 1;
        src = ev_dup(t->it);
        start = t->pos;
        start->refcnt++;
    } else {
        src = ev_iter(I, argv[0]);
        if (EV_IS_ERR(src))
            goto fail;
        start = ev_alloc(I, sizeof *start);
        if (!start) {
            ev_raise_nomem(I);
            goto fail;
        }
        start->refcnt = 1; /* ours until the iterators hold it */
        start->v = EV_ERR;
        start->next = NULL;
        start->gc_pass = 0;
        start->running = false;
    }
    for (int64_t i = first; i < n; i++) {
        tee_state *s;
        ev_value t = it_new(I, &tee_type, sizeof *s, (void **)&s);
        if (EV_IS_ERR(t))
            goto fail;
        s->it = ev_dup(src);
        s->pos = start;
        start->refcnt++;
        ev_as_tuple(result)->items[i] = t;
    }
    tee_release(I, start);
    ev_decref(I, src);
    return result;
fail:
    if (start)
        tee_release(I, start);
    ev_decref(I, src);
    ev_decref(I, result);
    return EV_ERR;
}

/* ---- the combinatoric iterators ------------------------------------------------------- */

typedef struct {
    ev_value pools;    /* product: tuple of tuples; others: the pool tuple */
    int64_t n, r;      /* pool size and result length */
    int64_t *indices;
    int64_t *cycles;   /* permutations only */
    bool started, stopped;
} comb_state;

static void comb_free(ev_interp *I, ev_iterobj *it)
{
    comb_state *s = it->state;
    ev_decref(I, s->pools);
    ev_dealloc(I, s->indices);
    ev_dealloc(I, s->cycles);
}

static void comb_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((comb_state *)it->state)->pools, arg);
}

/* The tuple pool[indices[0..r)]. */
static int comb_result(ev_interp *I, comb_state *s, ev_value *out)
{
    ev_value t = ev_tuple_new(I, (size_t)s->r);
    if (EV_IS_ERR(t))
        return -1;
    ev_tuple *pool = ev_as_tuple(s->pools);
    for (int64_t i = 0; i < s->r; i++)
        ev_as_tuple(t)->items[i] = ev_dup(pool->items[s->indices[i]]);
    *out = t;
    return 1;
}

/* A zeroed index vector of n entries (a 1-entry block for n == 0). */
static int64_t *index_vector(ev_interp *I, int64_t n)
{
    size_t bytes = (size_t)(n ? n : 1) * sizeof(int64_t);
    if (ev_mem_reserve(I, bytes))
        return NULL;
    int64_t *v = ev_alloc(I, bytes);
    if (!v) {
        ev_raise_nomem(I);
        return NULL;
    }
    memset(v, 0, bytes);
    return v;
}

/* product: the rightmost index moves fastest. */
static int product_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    comb_state *s = it->state;
    ev_tuple *pools = ev_as_tuple(s->pools);
    int64_t npools = s->r;
    if (s->stopped)
        return 0;
    if (!s->started) {
        s->started = true;
        for (int64_t i = 0; i < npools; i++)
            if (ev_as_tuple(pools->items[i])->len == 0)
                goto empty;
    } else {
        int64_t i;
        for (i = npools - 1; i >= 0; i--) {
            if (++s->indices[i] < (int64_t)ev_as_tuple(pools->items[i])->len)
                break;
            s->indices[i] = 0;
        }
        if (i < 0)
            goto empty;
    }
    ev_value t = ev_tuple_new(I, (size_t)npools);
    if (EV_IS_ERR(t))
        return -1;
    for (int64_t i = 0; i < npools; i++)
        ev_as_tuple(t)->items[i] = ev_dup(ev_as_tuple(pools->items[i])->items[s->indices[i]]);
    *out = t;
    return 1;
empty:
    s->stopped = true;
    return 0;
}

ev_type product_typeobj = IT_CLASS_INIT("product", it_product);
static const ev_native_iter_type product_type = {"product", product_next, comb_free, NULL,
                                                 &product_typeobj, comb_traverse};

ev_value it_product(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t repeat = 1, npools;
    ev_value uniq = EV_ERR;
    comb_state *s;
    (void)self;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        if (strcmp(kw->names[k]->data, "repeat") != 0)
            return ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for product()",
                            kw->names[k]->data);
        if (it_ssize(I, kw->vals[k], &repeat))
            return EV_ERR;
        if (repeat < 0)
            return ev_raise(I, &ev_type_ValueError, "repeat argument cannot be negative");
    }
    if (argc && repeat > INT64_MAX / 16 / argc)
        return ev_raise(I, &ev_type_OverflowError, "repeat argument too large");
    npools = argc * repeat;
    if (ev_mem_reserve(I, (size_t)npools * 16))
        return EV_ERR;
    ev_value r = it_new(I, &product_type, sizeof *s, (void **)&s);
    if (EV_IS_ERR(r))
        return r;
    s->r = npools;
    uniq = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(uniq))
        goto fail;
    for (int i = 0; i < argc; i++) {
        ev_value p = ev_sequence_tuple(I, argv[i]);
        if (EV_IS_ERR(p))
            goto fail;
        ev_as_tuple(uniq)->items[i] = p;
    }
    s->pools = ev_tuple_new(I, (size_t)npools);
    if (EV_IS_ERR(s->pools))
        goto fail;
    for (int64_t i = 0; i < npools; i++) {
        ev_as_tuple(s->pools)->items[i] = ev_dup(ev_as_tuple(uniq)->items[i % argc]);
        if ((i & 1023) == 0 && ev_tick(I))
            goto fail;
    }
    s->indices = index_vector(I, npools);
    if (!s->indices)
        goto fail;
    ev_decref(I, uniq);
    return r;
fail:
    ev_decref(I, uniq);
    ev_decref(I, r);
    return EV_ERR;
}

/* permutations: CPython's cycles algorithm, lexicographic by index. */
static int perm_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    comb_state *s = it->state;
    int64_t n = s->n, r = s->r, i;
    if (s->stopped)
        return 0;
    if (!s->started) {
        s->started = true;
        return comb_result(I, s, out);
    }
    if (n == 0)
        goto empty;
    for (i = r - 1; i >= 0; i--) {
        if (--s->cycles[i] == 0) {
            /* rotate indices[i:] one step left */
            int64_t first = s->indices[i];
            memmove(s->indices + i, s->indices + i + 1, (size_t)(n - 1 - i) * sizeof(int64_t));
            s->indices[n - 1] = first;
            s->cycles[i] = n - i;
        } else {
            int64_t j = s->cycles[i], tmp = s->indices[i];
            s->indices[i] = s->indices[n - j];
            s->indices[n - j] = tmp;
            break;
        }
    }
    if (i < 0)
        goto empty;
    return comb_result(I, s, out);
empty:
    s->stopped = true;
    return 0;
}

/* combinations: the rightmost index not at its maximum moves. */
static int comb_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    comb_state *s = it->state;
    int64_t n = s->n, r = s->r, i;
    if (s->stopped)
        return 0;
    if (!s->started) {
        s->started = true;
        return comb_result(I, s, out);
    }
    for (i = r - 1; i >= 0 && s->indices[i] == i + n - r; i--)
        ;
    if (i < 0) {
        s->stopped = true;
        return 0;
    }
    s->indices[i]++;
    for (int64_t j = i + 1; j < r; j++)
        s->indices[j] = s->indices[j - 1] + 1;
    return comb_result(I, s, out);
}

static int cwr_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    comb_state *s = it->state;
    int64_t n = s->n, r = s->r, i;
    if (s->stopped)
        return 0;
    if (!s->started) {
        s->started = true;
        return comb_result(I, s, out);
    }
    for (i = r - 1; i >= 0 && s->indices[i] == n - 1; i--)
        ;
    if (i < 0) {
        s->stopped = true;
        return 0;
    }
    int64_t v = s->indices[i] + 1;
    for (int64_t j = i; j < r; j++)
        s->indices[j] = v;
    return comb_result(I, s, out);
}

ev_type perm_typeobj = IT_CLASS_INIT("permutations", it_permutations);
static const ev_native_iter_type perm_type = {"permutations", perm_next, comb_free, NULL,
                                              &perm_typeobj, comb_traverse};
ev_type comb_typeobj = IT_CLASS_INIT("combinations", it_combinations);
static const ev_native_iter_type comb_type = {"combinations", comb_next, comb_free, NULL,
                                              &comb_typeobj, comb_traverse};
ev_type cwr_typeobj = IT_CLASS_INIT("combinations_with_replacement", it_cwr);
static const ev_native_iter_type cwr_type = {"combinations_with_replacement", cwr_next,
                                             comb_free, NULL, &cwr_typeobj, comb_traverse};

/* The common part: pool = tuple(iterable), then the index vectors. */
static ev_value comb_new(ev_interp *I, const ev_native_iter_type *t, ev_value iterable,
                         ev_value rv, bool r_is_int)
{
    comb_state *s;
    int64_t r;
    ev_value res = it_new(I, t, sizeof *s, (void **)&s);
    if (EV_IS_ERR(res))
        return res;
    s->pools = ev_sequence_tuple(I, iterable);
    if (EV_IS_ERR(s->pools))
        goto fail;
    s->n = (int64_t)ev_as_tuple(s->pools)->len;
    r = s->n;
    if (!EV_IS_ERR(rv) && (r_is_int || rv.tag != EV_T_NONE)) {
        if (!r_is_int && !ev_is_int(rv) && !ev_is(rv, EV_O_INT)) {
            ev_raise(I, &ev_type_TypeError, "Expected int as r");
            goto fail;
        }
        if (it_ssize(I, rv, &r))
            goto fail;
        if (r < 0) {
            ev_raise(I, &ev_type_ValueError, "r must be non-negative");
            goto fail;
        }
    }
    s->r = r;
    if (t == &cwr_type) {
        s->stopped = s->n == 0 && r > 0;
    } else {
        s->stopped = r > s->n;
    }
    if (s->stopped)
        return res; /* no index vectors: r may be huge */
    s->indices = index_vector(I, t == &perm_type ? s->n : r);
    if (!s->indices)
        goto fail;
    if (t == &perm_type) {
        s->cycles = index_vector(I, r);
        if (!s->cycles)
            goto fail;
        for (int64_t i = 0; i < s->n; i++)
            s->indices[i] = i;
        for (int64_t i = 0; i < r; i++)
            s->cycles[i] = s->n - i;
    } else if (t == &comb_type) {
        for (int64_t i = 0; i < r; i++)
            s->indices[i] = i;
    }
    return res;
fail:
    ev_decref(I, res);
    return EV_ERR;
}

ev_value it_permutations(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"iterable", "r"};
    ev_value a[2];
    (void)self;
    if (it_bind(I, kw, "permutations", argc, argv, names, 2, 2, 1, a))
        return EV_ERR;
    return comb_new(I, &perm_type, a[0], a[1], false);
}

/* combinations and cwr convert r (a required int) before touching the
 * iterable, as argument clinic does. */
static ev_value comb_args(ev_interp *I, const ev_native_iter_type *t, int argc,
                          const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"iterable", "r"};
    ev_value a[2];
    int64_t r;
    if (it_bind(I, kw, t->name, argc, argv, names, 2, 2, 2, a) || it_ssize(I, a[1], &r))
        return EV_ERR;
    return comb_new(I, t, a[0], a[1], true);
}

ev_value it_combinations(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return comb_args(I, &comb_type, argc, argv, kw);
}

ev_value it_cwr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    return comb_args(I, &cwr_type, argc, argv, kw);
}
