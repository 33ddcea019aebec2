/*
 * collections.c - the collections module, CPython 3.11 behaviour: Counter,
 * defaultdict and OrderedDict (dict subclasses), deque (a ring buffer).
 *
 * The three dict subclasses are plain ev_dict objects whose ->type names the
 * subclass, so every dict operation and method keeps working (method lookup
 * walks ->base up to dict) and isinstance(c, dict) holds.  The object
 * protocol calls the ev_coll_* / ev_deque_* hooks declared in ev.h for what
 * differs: repr, d[missing], ==, ordering, arithmetic, attributes.
 *
 * The algorithms follow Lib/collections/__init__.py and
 * Modules/_collectionsmodule.c step by step, so results, their order and
 * the exceptions raised match CPython (ChainMap: collections_chainmap.c; UserDict:
 * collections_userdict.c; UserList: collections_user.c; UserString:
 * collections_userstring.c).  abc exists but raises NotImplementedError.
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

bool ev_coll_is_dict_type(ev_value v, const ev_type *t)
{
    return ev_is(v, EV_O_DICT) && ev_as_dict(v)->type == t;
}

ev_value ev_coll_dict_new_typed(ev_interp *I, ev_type *t)
{
    ev_value d = ev_dict_new(I);
    if (!EV_IS_ERR(d))
        ev_as_dict(d)->type = t;
    return d;
}


/* d.get(key, 0) as a new reference; -1 on error. */
int ev_coll_get0(ev_interp *I, ev_dict *d, ev_value key, ev_value *out)
{
    int f = ev_dict_get(I, d, key, out);
    if (f == 0)
        *out = ev_int(0);
    return f < 0 ? -1 : 0;
}

int ev_coll_pairs_take(ev_interp *I, ev_dict *d, ev_coll_pairs *p)
{
    p->n = 0;
    p->kv = ev_alloc(I, (d->used ? d->used : 1) * 2 * sizeof *p->kv);
    if (!p->kv)
        return -1;
    for (size_t i = 0; i < d->nentries; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        p->kv[2 * p->n] = ev_dup(e->key);
        p->kv[2 * p->n + 1] = ev_dup(e->value);
        p->n++;
    }
    return 0;
}

void ev_coll_pairs_free(ev_interp *I, ev_coll_pairs *p)
{
    for (size_t i = 0; i < 2 * p->n; i++)
        ev_decref(I, p->kv[i]);
    ev_dealloc(I, p->kv);
    p->kv = NULL;
    p->n = 0;
}

int ev_coll_walk_start(ev_interp *I, ev_value d, ev_iter_kind k, ev_coll_walk *w)
{
    w->cur = EV_ERR;
    w->it = ev_iter_new(I, k, d);
    return EV_IS_ERR(w->it) ? -1 : 0;
}

/* 1 with *key (and *val for items) borrowed from the walk, 0 at the end, -1 error */
int ev_coll_walk_next(ev_interp *I, ev_coll_walk *w, ev_value *key, ev_value *val)
{
    if (!EV_IS_ERR(w->cur))
        ev_decref(I, w->cur);
    w->cur = EV_ERR;
    ev_value x;
    int r = ev_next(I, w->it, &x);
    if (r <= 0)
        return r;
    w->cur = x;
    if (ev_is(x, EV_O_TUPLE) && val) {
        *key = ev_as_tuple(x)->items[0];
        *val = ev_as_tuple(x)->items[1];
    } else {
        *key = x;
    }
    return 1;
}

void ev_coll_walk_end(ev_interp *I, ev_coll_walk *w)
{
    if (!EV_IS_ERR(w->cur))
        ev_decref(I, w->cur);
    if (!EV_IS_ERR(w->it))
        ev_decref(I, w->it);
    w->cur = w->it = EV_ERR;
}

/* Plain dict equality (dict.__eq__), for the subclasses' fallbacks. */
static int plain_dict_eq(ev_interp *I, ev_dict *x, ev_dict *y)
{
    if (x->used != y->used)
        return 0;
    ev_coll_pairs p;
    if (ev_coll_pairs_take(I, x, &p))
        return -1;
    int r = 1;
    for (size_t i = 0; r == 1 && i < p.n; i++) {
        ev_value other;
        int f = ev_dict_get(I, y, p.kv[2 * i], &other);
        if (f <= 0) {
            r = f;
            break;
        }
        r = ev_eq(I, p.kv[2 * i + 1], other);
        ev_decref(I, other);
    }
    ev_coll_pairs_free(I, &p);
    return r;
}

/* ---- repr -------------------------------------------------------------------------------- */

/* "{k: v, ...}" (braces) or "[(k, v), ...]" (list of tuples) */
static int put_pairs(ev_interp *I, ev_buf *b, const ev_value *kv, size_t n, bool as_list)
{
    if (ev_buf_puts(I, b, as_list ? "[" : "{"))
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (i && ev_buf_put(I, b, ", ", 2))
            return -1;
        if (as_list && ev_buf_put(I, b, "(", 1))
            return -1;
        if (ev_buf_repr(I, b, kv[2 * i]) || ev_buf_puts(I, b, as_list ? ", " : ": ") ||
            ev_buf_repr(I, b, kv[2 * i + 1]))
            return -1;
        if (as_list && ev_buf_put(I, b, ")", 1))
            return -1;
    }
    return ev_buf_puts(I, b, as_list ? "]" : "}");
}

static int sort_desc(ev_interp *I, ev_coll_pairs *p);

/* CPython's defdict_repr: the dict part first, then the factory's repr
 * ("..." when the factory is already being shown: a factory whose repr
 * shows this defaultdict), held across both. */
static int defaultdict_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_dict *d = ev_as_dict(v);
    ev_buf base = {0};
    ev_value f = EV_NONE;
    int r = ev_buf_dict_repr(I, &base, d);
    if (r == 0 && !EV_IS_ERR(d->factory))
        f = ev_dup(d->factory);
    const char *tn = ev_type_of(v)->name, *dot = strrchr(tn, '.');
    if (r == 0)
        r = ev_buf_puts(I, b, dot ? dot + 1 : tn) || ev_buf_put(I, b, "(", 1);
    if (r == 0) {
        if (f.tag == EV_T_OBJ && (f.u.o->flags & EV_OBJ_REPR)) {
            r = ev_buf_puts(I, b, "...");
        } else if (f.tag == EV_T_OBJ) {
            f.u.o->flags |= EV_OBJ_REPR;
            r = ev_buf_repr(I, b, f);
            f.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
        } else {
            r = ev_buf_repr(I, b, f);
        }
    }
    if (r == 0)
        r = ev_buf_put(I, b, ", ", 2) || ev_buf_put(I, b, base.data, base.len) || ev_buf_put(I, b, ")", 1);
    ev_decref(I, f);
    ev_buf_free(I, &base);
    return r;
}

static int coll_dict_repr(ev_interp *I, ev_buf *b, ev_value v);

/* A repr recursing through values (a Counter among its own counts, deeply
 * nested OrderedDicts) counts against the depth limit as CPython's
 * PyObject_Repr does. */
int ev_coll_dict_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    return ev_as_dict(v)->type == &ev_type_defaultdict ? defaultdict_repr(I, b, v) : coll_dict_repr(I, b, v);
}

static int coll_dict_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_dict *d = ev_as_dict(v);
    /* a repr reaching itself: "..." for OrderedDict (odict_repr's
     * Py_ReprEnter); Counter's Python __repr__ has no guard, so it recurses
     * until RecursionError as in CPython */
    if ((d->h.flags & EV_OBJ_REPR) && d->type != &ev_type_Counter)
        return ev_buf_puts(I, b, "...");
    /* the repr uses the short name, a subclass's own (type(self).__name__) */
    const char *tn = ev_type_of(v)->name, *dot = strrchr(tn, '.');
    if (ev_buf_puts(I, b, dot ? dot + 1 : tn) || ev_buf_put(I, b, "(", 1))
        return -1;
    if (d->used == 0) {
        return ev_buf_put(I, b, ")", 1); /* Counter() and OrderedDict() */
    } else if (d->type == &ev_type_Counter && ev_is_user(v)) {
        /* Counter.__repr__ asks `if not self`: a subclass's __bool__/__len__ */
        int t = ev_truth(I, v);
        if (t <= 0)
            return t < 0 ? -1 : ev_buf_put(I, b, ")", 1);
    }
    ev_coll_pairs p;
    if (ev_coll_pairs_take(I, d, &p))
        return -1;
    int r = 0;
    if (d->type == &ev_type_Counter && sort_desc(I, &p)) {
        /* dict(self.most_common()) failed (unorderable counts): dict(self) */
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError)) {
            r = -1;
        } else {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
        }
        ev_coll_pairs_free(I, &p);
        if (r == 0)
            r = ev_coll_pairs_take(I, d, &p);
    }
    /* odict_repr shows a list of (key, value) tuples with %R: two more
     * reprs a level, so nested OrderedDicts reach the depth limit where
     * CPython's do */
    int levels = 0;
    for (; r == 0 && d->type == &ev_type_OrderedDict && levels < 2; levels++)
        r = ev_recursion_enter(I, " while getting the repr of an object");
    if (r)
        levels--;
    d->h.flags |= EV_OBJ_REPR;
    if (r == 0)
        r = put_pairs(I, b, p.kv, p.n, d->type == &ev_type_OrderedDict);
    d->h.flags &= (uint16_t)~EV_OBJ_REPR;
    while (levels-- > 0)
        ev_recursion_leave(I);
    ev_coll_pairs_free(I, &p);
    return r ? r : ev_buf_put(I, b, ")", 1);
}

/* ---- shared hooks ------------------------------------------------------------------------- */

int ev_coll_missing(ev_interp *I, ev_value dv, ev_value key, ev_value *out)
{
    ev_dict *d = ev_as_dict(dv);
    if (d->type == &ev_type_Counter) {
        *out = ev_int(0); /* Counter.__missing__: 0, nothing stored */
        return 1;
    }
    if (d->type != &ev_type_defaultdict || EV_IS_ERR(d->factory) || d->factory.tag == EV_T_NONE)
        return 0;
    ev_value factory = ev_dup(d->factory); /* the call may replace it */
    ev_value v = ev_call(I, factory, 0, NULL, 0, NULL, NULL);
    ev_decref(I, factory);
    if (EV_IS_ERR(v))
        return -1;
    /* defdict_missing stores with PyObject_SetItem: a subclass's
     * __setitem__ sees it */
    ev_coll_sink s;
    ev_coll_sink_init(I, dv, &s);
    if (ev_coll_sink_set(I, &s, key, v)) {
        ev_decref(I, v);
        return -1;
    }
    *out = v;
    return 1;
}

/* Counter.__eq__ / __le__ / __ge__: missing elements count as zero.
 * op: 2 ==, 1 <=, 5 >=. */
static int counter_all(ev_interp *I, ev_value xv, ev_value yv, int op)
{
    ev_dict *x = ev_as_dict(xv), *y = ev_as_dict(yv);
    ev_value both[2] = {xv, yv};
    int r = 1;
    for (int c = 0; r == 1 && c < 2; c++) {
        ev_coll_walk w;
        if (ev_coll_walk_start(I, both[c], EV_IT_DICT_KEYS, &w))
            return -1;
        ev_value e;
        int more;
        while (r == 1 && (more = ev_coll_walk_next(I, &w, &e, NULL)) != 0) {
            ev_value a, b;
            if (more < 0 || ev_coll_get0(I, x, e, &a)) {
                r = -1;
            } else if (ev_coll_get0(I, y, e, &b)) {
                ev_decref(I, a);
                r = -1;
            } else {
                r = ev_compare(I, a, b, op);
                ev_decref(I, a);
                ev_decref(I, b);
            }
        }
        ev_coll_walk_end(I, &w);
    }
    return r;
}

static int coll_dict_eq(ev_interp *I, ev_value a, ev_value b);

/* ==, <, <= ... of the dict subclasses recurse through the values (a
 * Counter holding itself): one level each, CPython's " in comparison" */
int ev_coll_dict_eq(ev_interp *I, ev_value a, ev_value b)
{
    return coll_dict_eq(I, a, b);
}

static int coll_dict_eq(ev_interp *I, ev_value a, ev_value b)
{
    ev_dict *x = ev_as_dict(a), *y = ev_as_dict(b);
    if (x->type == &ev_type_Counter && y->type == &ev_type_Counter)
        return counter_all(I, a, b, 2);
    int r = plain_dict_eq(I, x, y);
    if (r != 1 || x->type != &ev_type_OrderedDict || y->type != &ev_type_OrderedDict)
        return r;
    /* two OrderedDicts: also the same key order, walked in step over the
     * live orders as CPython's _odict_keys_equal (an __eq__ that adds a key
     * makes the lengths differ); each pair of keys is held while compared */
    size_t i = 0, j = 0;
    for (;;) {
        while (i < x->nentries && EV_IS_ERR(x->entries[i].key))
            i++;
        while (j < y->nentries && EV_IS_ERR(y->entries[j].key))
            j++;
        bool end_x = i >= x->nentries, end_y = j >= y->nentries;
        if (end_x || end_y)
            return end_x && end_y;
        ev_value ka = ev_dup(x->entries[i].key), kb = ev_dup(y->entries[j].key);
        r = ev_eq(I, ka, kb);
        ev_decref(I, ka);
        ev_decref(I, kb);
        if (r <= 0)
            return r;
        i++;
        j++;
    }
}

int ev_coll_compare(ev_interp *I, ev_value a, ev_value b, int op, int *out)
{
    if (ev_is(a, EV_O_DEQUE) && ev_is(b, EV_O_DEQUE)) {
        *out = ev_deque_compare(I, a, b, op);
        return 1;
    }
    if (!ev_coll_is_dict_type(a, &ev_type_Counter) || !ev_coll_is_dict_type(b, &ev_type_Counter))
        return 0;
    if (ev_recursion_enter(I, " in comparison")) {
        *out = -1;
        return 1;
    }
    int le = counter_all(I, a, b, op <= 1 ? 1 : 5);
    if (le != 1 || op == 1 || op == 5) {
        ev_recursion_leave(I);
        *out = le;
        return 1;
    }
    int eq = counter_all(I, a, b, 2); /* < is <= and != */
    ev_recursion_leave(I);
    *out = eq < 0 ? -1 : !eq;
    return 1;
}


int ev_coll_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out)
{
    if (ev_is(obj, EV_O_DEQUE) && strcmp(name->data, "maxlen") == 0) {
        *out = ev_deque_maxlen_value(obj);
        return 1;
    }
    if (ev_coll_is_dict_type(obj, &ev_type_defaultdict) && strcmp(name->data, "default_factory") == 0) {
        ev_dict *d = ev_as_dict(obj);
        *out = EV_IS_ERR(d->factory) ? EV_NONE : ev_dup(d->factory);
        return 1;
    }
    (void)I;
    return 0;
}

/* defaultdict.default_factory is a writable member (T_OBJECT): any value,
 * None or a deletion leave the dict without a factory. 1 handled. */
int ev_coll_setattr(ev_interp *I, ev_value obj, ev_str *name, ev_value v)
{
    if (!ev_coll_is_dict_type(obj, &ev_type_defaultdict) || strcmp(name->data, "default_factory") != 0)
        return 0;
    ev_dict *d = ev_as_dict(obj);
    ev_value old = d->factory;
    d->factory = EV_IS_ERR(v) || v.tag == EV_T_NONE ? EV_ERR : ev_dup(v);
    if (!EV_IS_ERR(old))
        ev_decref(I, old); /* last: its __del__ may run */
    return 1;
}

/* ---- Counter ------------------------------------------------------------------------------ */

/* self[elem] = self.get(elem, 0) + delta   (or  delta + get when swap);
 * item: self[elem] += delta, read as self[elem] */
int ev_coll_add_to(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value delta, ev_binop op, bool swap,
                  bool item)
{
    ev_value old;
    if ((item ? ev_coll_sink_item0 : ev_coll_sink_get0)(I, s, key, &old))
        return -1;
    ev_value n = swap ? ev_binary(I, op, delta, old) : ev_binary(I, op, old, delta);
    ev_decref(I, old);
    if (EV_IS_ERR(n))
        return -1;
    int r = ev_coll_sink_set(I, s, key, n);
    ev_decref(I, n);
    return r;
}

/* Counter.update (op ADD) and Counter.subtract (op SUB) with one source. */
static int counter_feed(ev_interp *I, const ev_coll_sink *sk, ev_value src, ev_binop op)
{
    if (ev_is(src, EV_O_DICT)) {
        ev_dict *s = ev_as_dict(src);
        /* super().update(iterable): dict.update, no __setitem__ (the
         * stored hashes, or an OrderedDict's keys() and getitem) */
        if (op == EV_OP_ADD && sk->d->used == 0)
            return ev_dict_merge(I, sk->d, s);
        /* for elem, count in iterable.items(): the live items, so a count's
         * __add__ or a key's __hash__ that changes the source is CPython's
         * RuntimeError.  update: count + get(elem, 0); subtract: get(elem, 0) - count */
        ev_coll_walk w;
        if (ev_coll_walk_start(I, src, EV_IT_DICT_ITEMS, &w))
            return -1;
        ev_value elem, count;
        int more, r = 0;
        while (r == 0 && (more = ev_coll_walk_next(I, &w, &elem, &count)) > 0)
            r = ev_coll_add_to(I, sk, elem, count, op, op == EV_OP_ADD, false);
        ev_coll_walk_end(I, &w);
        return r || more < 0 ? -1 : 0;
    }
    if (ev_is_mappingproxy(src) || ev_type_is_subclass(ev_type_of(src), &ev_type_ChainMap) ||
        ev_us_isinstance(I, src, "UserDict")) {
        /* another Mapping: for elem, count in iterable.items(), each pair
         * held while counted (the empty Counter's dict.update gives the
         * same order) */
        bool fast = op == EV_OP_ADD && sk->d->used == 0; /* super().update(iterable) */
        ev_str *nm = ev_intern(I, "items", 5);
        ev_value m = nm ? ev_getattr(I, src, nm) : ev_raise_nomem(I);
        ev_value items = EV_IS_ERR(m) ? m : ev_call(I, m, 0, NULL, 0, NULL, NULL);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        ev_value pit = EV_IS_ERR(items) ? items : ev_iter(I, items);
        if (!EV_IS_ERR(items))
            ev_decref(I, items);
        if (EV_IS_ERR(pit))
            return -1;
        int r;
        ev_value pair;
        while ((r = ev_next(I, pit, &pair)) > 0) {
            if (!ev_is(pair, EV_O_TUPLE) || ev_as_tuple(pair)->len != 2) {
                ev_decref(I, pair);
                ev_raise(I, &ev_type_ValueError, "not enough values to unpack (expected 2)");
                r = -1;
                break;
            }
            ev_value k = ev_as_tuple(pair)->items[0], v = ev_as_tuple(pair)->items[1];
            r = fast ? ev_dict_set(I, sk->d, k, v) : ev_coll_add_to(I, sk, k, v, op, op == EV_OP_ADD, false);
            ev_decref(I, pair);
            if (r < 0)
                break;
        }
        ev_decref(I, pit);
        return r < 0 ? -1 : 0;
    }
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return -1;
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r == 0)
            break;
        if (r > 0) {
            r = ev_coll_add_to(I, sk, x, ev_int(1), op, false, false);
            ev_decref(I, x);
        }
        if (r < 0) {
            ev_decref(I, it);
            return -1;
        }
    }
    ev_decref(I, it);
    return 0;
}

/* self.name(arg) when a user subclass defines name: 1 called, 0 not
 * defined, -1 error */
static int call_override(ev_interp *I, const ev_coll_sink *s, const char *name, ev_value arg)
{
    ev_str *n = s->hooked ? ev_intern(I, name, strlen(name)) : NULL;
    if (!n || !ev_type_find(I, ev_type_of(s->self), n))
        return 0;
    ev_value fn = ev_getattr(I, s->self, n);
    ev_value r = EV_IS_ERR(fn) ? fn : ev_call(I, fn, 1, &arg, 0, NULL, NULL);
    if (!EV_IS_ERR(fn))
        ev_decref(I, fn);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 1;
}

static int counter_feed_all(ev_interp *I, const ev_coll_sink *s, int argc, const ev_value *argv,
                            const ev_kw *kw, ev_binop op)
{
    if (argc > 0 && argv[0].tag != EV_T_NONE && counter_feed(I, s, argv[0], op))
        return -1;
    if (EV_KW_N(kw) == 0)
        return 0;
    ev_value kd = ev_dict_new(I); /* self.update(kwds) / self.subtract(kwds) */
    if (EV_IS_ERR(kd))
        return -1;
    int r = 0;
    for (int i = 0; r == 0 && i < kw->n; i++)
        r = ev_dict_set(I, ev_as_dict(kd), ev_obj_val(&kw->names[i]->h), kw->vals[i]);
    if (r == 0 && (r = call_override(I, s, op == EV_OP_ADD ? "update" : "subtract", kd)) == 0)
        r = counter_feed(I, s, kd, op);
    ev_decref(I, kd);
    return r < 0 ? -1 : 0;
}

static ev_value counter_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError,
                        "Counter.__init__() takes from 1 to 2 positional arguments but %d were given", argc + 1);
    ev_value d = ev_coll_dict_new_typed(I, &ev_type_Counter);
    if (EV_IS_ERR(d))
        return d;
    ev_coll_sink s;
    ev_coll_sink_init(I, d, &s);
    if (counter_feed_all(I, &s, argc, argv, kw, EV_OP_ADD)) {
        ev_decref(I, d);
        return EV_ERR;
    }
    return d;
}

/* Counter.__init__(self, iterable=None, /, **kwds): self.update(iterable, **kwds) */
static ev_value cm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError,
                        "Counter.__init__() takes from 1 to 2 positional arguments but %d were given", argc + 1);
    ev_coll_sink s;
    ev_coll_sink_init(I, self, &s);
    ev_str *n = s.hooked ? ev_intern(I, "update", 6) : NULL;
    if (n && ev_type_find(I, ev_type_of(self), n)) {
        ev_value fn = ev_getattr(I, self, n);
        ev_value r = EV_IS_ERR(fn) ? fn
                                   : ev_call(I, fn, argc, argv, EV_KW_N(kw), kw ? kw->names : NULL,
                                             kw ? kw->vals : NULL);
        if (!EV_IS_ERR(fn))
            ev_decref(I, fn);
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return EV_NONE;
    }
    return counter_feed_all(I, &s, argc, argv, kw, EV_OP_ADD) ? EV_ERR : EV_NONE;
}

static ev_value cm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_coll_sink s;
    ev_coll_sink_init(I, self, &s);
    if (counter_feed_all(I, &s, argc, argv, kw, EV_OP_ADD))
        return EV_ERR;
    return EV_NONE;
}

static ev_value cm_subtract(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_coll_sink s;
    ev_coll_sink_init(I, self, &s);
    if (counter_feed_all(I, &s, argc, argv, kw, EV_OP_SUB))
        return EV_ERR;
    return EV_NONE;
}

/* Stable sort of pairs by count, largest first: sorted(items,
 * key=itemgetter(1), reverse=True).  Merge sort with `<` only, taking the
 * right run's item only when it is strictly larger, so ties keep order. */
static int sort_desc(ev_interp *I, ev_coll_pairs *p)
{
    size_t n = p->n;
    if (n < 2)
        return 0;
    ev_value *tmp = ev_alloc(I, n * 2 * sizeof *tmp);
    if (!tmp)
        return -1;
    ev_value *src = p->kv, *dst = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                if (ev_charge(I, 1)) {
                    ev_dealloc(I, tmp);
                    return -1;
                }
                int lt = ev_compare(I, src[2 * i + 1], src[2 * j + 1], 0);
                if (lt < 0) {
                    /* src may be tmp: put the pairs back where the caller owns them */
                    if (src != p->kv)
                        memcpy(p->kv, src, n * 2 * sizeof *tmp);
                    ev_dealloc(I, tmp);
                    return -1;
                }
                size_t from = lt ? j++ : i++;
                dst[2 * k] = src[2 * from];
                dst[2 * k + 1] = src[2 * from + 1];
                k++;
            }
            for (; i < mid; i++, k++) {
                dst[2 * k] = src[2 * i];
                dst[2 * k + 1] = src[2 * i + 1];
            }
            for (; j < hi; j++, k++) {
                dst[2 * k] = src[2 * j];
                dst[2 * k + 1] = src[2 * j + 1];
            }
        }
        ev_value *t = src;
        src = dst;
        dst = t;
    }
    if (src != p->kv)
        memcpy(p->kv, src, n * 2 * sizeof *tmp);
    ev_dealloc(I, tmp);
    return 0;
}

static ev_value cm_most_common(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"Counter.most_common", {"n", NULL}, 0, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    int64_t want = -1; /* all */
    if (!EV_IS_ERR(a[0]) && a[0].tag != EV_T_NONE) {
        if (!ev_is_int(a[0])) {
            /* heapq.nlargest's steps for an n that is no int: n == 1 takes
             * max(); n >= len slices sorted() with it; else range(0, -n) */
            int one = ev_eq(I, a[0], ev_int(1));
            if (one < 0)
                return EV_ERR;
            if (one) {
                want = 1;
            } else {
                int ge = ev_compare(I, a[0], ev_int((int64_t)ev_as_dict(self)->used), 5);
                if (ge < 0)
                    return EV_ERR;
                if (ge)
                    return ev_raise(I, &ev_type_TypeError, "slice indices must be integers or None or "
                                    "have an __index__ method");
                return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                                ev_type_name(a[0]));
            }
        } else if (ev_index(I, a[0], &want, "n")) {
            return EV_ERR;
        }
        if (want < 0)
            want = 0;
    }
    if (want == 1 && ev_as_dict(self)->used > 1) {
        /* heapq.nlargest(1, ...) is max() over the live items: a count's
         * __gt__ that changes the Counter ends it with RuntimeError */
        ev_coll_walk w;
        if (ev_coll_walk_start(I, self, EV_IT_DICT_ITEMS, &w))
            return EV_ERR;
        ev_value best = EV_ERR, k, v;
        int more;
        while ((more = ev_coll_walk_next(I, &w, &k, &v)) > 0) {
            int gt = EV_IS_ERR(best) ? 1 : ev_compare(I, v, ev_as_tuple(best)->items[1], 4);
            if (gt < 0) {
                more = -1;
                break;
            }
            if (gt) {
                if (!EV_IS_ERR(best))
                    ev_decref(I, best);
                best = ev_dup(w.cur);
            }
        }
        ev_coll_walk_end(I, &w);
        ev_value out = more < 0 || EV_IS_ERR(best) ? EV_ERR : ev_list_new(I, 1);
        if (!EV_IS_ERR(out) && ev_list_append(I, ev_as_list(out), best)) {
            ev_decref(I, out);
            out = EV_ERR;
        }
        if (!EV_IS_ERR(best))
            ev_decref(I, best);
        return out;
    }
    ev_coll_pairs p;
    if (ev_coll_pairs_take(I, ev_as_dict(self), &p))
        return ev_raise_nomem(I);
    ev_value out = EV_ERR;
    if (sort_desc(I, &p))
        goto fail;
    size_t n = want >= 0 && (uint64_t)want < p.n ? (size_t)want : p.n;
    out = ev_list_new(I, n);
    if (EV_IS_ERR(out))
        goto fail;
    for (size_t i = 0; i < n; i++) {
        ev_value t = ev_tuple_new(I, 2);
        if (EV_IS_ERR(t))
            goto fail;
        ev_as_tuple(t)->items[0] = ev_dup(p.kv[2 * i]);
        ev_as_tuple(t)->items[1] = ev_dup(p.kv[2 * i + 1]);
        int r = ev_list_append(I, ev_as_list(out), t);
        ev_decref(I, t);
        if (r)
            goto fail;
    }
    ev_coll_pairs_free(I, &p);
    return out;
fail:
    ev_decref(I, out);
    ev_coll_pairs_free(I, &p);
    return EV_ERR;
}

/* elements(): chain.from_iterable(starmap(repeat, self.items())), lazily,
 * over the live items: a change of the Counter's size between two steps is
 * the dict iterator's RuntimeError, as in CPython. */
typedef struct elements_it {
    ev_value items;    /* iter(self.items()); EV_ERR once done */
    ev_value elem;     /* the element being repeated, EV_ERR when none */
    int64_t remaining; /* repeats left of elem */
} elements_it;

static void el_drop(ev_interp *I, elements_it *s)
{
    ev_value it = s->items, e = s->elem;
    s->items = s->elem = EV_ERR;
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(e))
        ev_decref(I, e);
}

static int el_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    elements_it *s = it->state;
    while (s->remaining <= 0) {
        if (EV_IS_ERR(s->items))
            return 0;
        ev_value pair;
        int r = ev_next(I, s->items, &pair);
        if (r <= 0) {
            el_drop(I, s);
            return r;
        }
        /* repeat(elem, count): the count through __index__ (which may run
         * Python code: the pair is held meanwhile) */
        int64_t n;
        ev_value c = ev_as_tuple(pair)->items[1];
        bool big = ev_is(c, EV_O_INT) && !mpz_fits_slong_p(((ev_bigint *)c.u.o)->z);
        if (big)
            ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        if (big || ev_index(I, c, &n, NULL)) {
            ev_decref(I, pair);
            el_drop(I, s);
            return -1;
        }
        if (!EV_IS_ERR(s->elem))
            ev_decref(I, s->elem);
        s->elem = ev_dup(ev_as_tuple(pair)->items[0]);
        s->remaining = n;
        ev_decref(I, pair);
    }
    s->remaining--;
    *out = ev_dup(s->elem);
    return 1;
}

static void el_free(ev_interp *I, ev_iterobj *it)
{
    el_drop(I, it->state);
}

static void el_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    elements_it *s = it->state;
    if (!EV_IS_ERR(s->items))
        visit(I, s->items, arg);
    if (!EV_IS_ERR(s->elem))
        visit(I, s->elem, arg);
}

static ev_type elements_chain_type = EV_ITER_TYPE_INIT("itertools.chain", "itertools");
static const ev_native_iter_type elements_iter_type = {"itertools.chain", el_next, el_free, NULL,
                                                       &elements_chain_type, el_traverse};

static ev_value cm_elements(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value items = ev_iter_new(I, EV_IT_DICT_ITEMS, self);
    if (EV_IS_ERR(items))
        return items;
    ev_value it = ev_native_iter_new(I, &elements_iter_type, sizeof(elements_it));
    if (EV_IS_ERR(it)) {
        ev_decref(I, items);
        return it;
    }
    elements_it *s = ((ev_iterobj *)it.u.o)->state;
    s->items = items;
    s->elem = EV_ERR;
    return it;
}

/* sum(self.values()) over the live values */
static ev_value cm_total(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_coll_walk w;
    if (ev_coll_walk_start(I, self, EV_IT_DICT_VALUES, &w))
        return EV_ERR;
    ev_value sum = ev_int(0), v;
    int more;
    while ((more = ev_coll_walk_next(I, &w, &v, NULL)) > 0) {
        ev_value n = ev_binary(I, EV_OP_ADD, sum, v);
        ev_decref(I, sum);
        sum = n;
        if (EV_IS_ERR(sum))
            break;
    }
    ev_coll_walk_end(I, &w);
    if (more < 0 && !EV_IS_ERR(sum)) {
        ev_decref(I, sum);
        sum = EV_ERR;
    }
    return sum;
}

/* A copy of a dict's pairs into a new dict of type t. */
static ev_value copy_as(ev_interp *I, ev_dict *d, ev_type *t)
{
    ev_value r = ev_coll_dict_new_typed(I, t);
    if (EV_IS_ERR(r))
        return r;
    if (t != &ev_type_OrderedDict) {
        /* Counter and defaultdict: CPython's dict_merge reuses the stored
         * hashes, no key's __hash__ or __eq__ runs */
        if (ev_dict_merge(I, ev_as_dict(r), d)) {
            ev_decref(I, r);
            return EV_ERR;
        }
        return r;
    }
    /* odict_copy sets each pair anew, hashing its key: the key's __hash__
     * (and __eq__ on a collision) may change d, so each pair is held while
     * it is stored, and the table re-read after */
    for (size_t i = 0; i < d->nentries; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        ev_value k = ev_dup(e->key), v = ev_dup(e->value);
        int err = ev_dict_set(I, ev_as_dict(r), k, v);
        ev_decref(I, k);
        ev_decref(I, v);
        if (err) {
            ev_decref(I, r);
            return EV_ERR;
        }
    }
    return r;
}

/* Counter's, OrderedDict's and defaultdict's copy(): self.__class__(self)
 * (defaultdict: type(self)(self.default_factory, self)), so a subclass's
 * copy is made by the subclass's constructor, as CPython's. */
static ev_value coll_copy(ev_interp *I, ev_value self)
{
    ev_dict *d = ev_as_dict(self);
    ev_type *t = ev_type_of(self);
    bool dd = d->type == &ev_type_defaultdict;
    /* held: the subclass's __init__ (or a key's __hash__) may replace
     * self.default_factory while it is an argument */
    ev_value factory = EV_IS_ERR(d->factory) ? EV_NONE : ev_dup(d->factory);
    ev_value r;
    if (ev_is_heaptype(t)) {
        ev_value args[2] = {factory, self};
        r = ev_call(I, ev_obj_val(&t->h), dd ? 2 : 1, dd ? args : args + 1, 0, NULL, NULL);
    } else {
        r = copy_as(I, d, d->type);
        if (!EV_IS_ERR(r) && dd)
            ev_as_dict(r)->factory = ev_dup(factory);
    }
    ev_decref(I, factory);
    return r;
}

static ev_value cm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return coll_copy(I, self);
}

static ev_value dict_update_fn(ev_interp *I, ev_value d, int argc, const ev_value *argv, const ev_kw *kw);

/* An OrderedDict or defaultdict (or a subclass's instance): its | and its
 * copy() keep its type. */
static bool keeps_type_on_or(ev_value v)
{
    return ev_is(v, EV_O_DICT) &&
           (ev_as_dict(v)->type == &ev_type_OrderedDict || ev_as_dict(v)->type == &ev_type_defaultdict);
}

/* od | other: a copy of od updated with other; other | od (other a plain
 * dict): type(od)(other) updated with od, as OrderedDict.__ror__ and
 * defaultdict.__ror__.  0 when neither applies. */
static int or_keeping_type(ev_interp *I, ev_value a, ev_value b, ev_value *out)
{
    if (!ev_is(a, EV_O_DICT) || !ev_is(b, EV_O_DICT))
        return 0;
    ev_value r, upd;
    if (keeps_type_on_or(a)) {
        r = coll_copy(I, a);
        upd = b;
    } else if (keeps_type_on_or(b) && ev_type_of(a) == &ev_type_dict) {
        ev_dict *d = ev_as_dict(b);
        ev_type *t = ev_type_of(b);
        ev_value args[2] = {EV_IS_ERR(d->factory) ? EV_NONE : ev_dup(d->factory), a};
        bool dd = d->type == &ev_type_defaultdict;
        r = ev_call(I, ev_obj_val(&t->h), dd ? 2 : 1, dd ? args : args + 1, 0, NULL, NULL);
        ev_decref(I, args[0]);
        upd = b;
    } else {
        return 0;
    }
    if (!EV_IS_ERR(r)) {
        /* OrderedDict's | updates as its update() does, defaultdict's as dict's */
        ev_value u = ev_as_dict(r)->type == &ev_type_OrderedDict ? ev_odict_ior(I, r, upd)
                                                                 : dict_update_fn(I, r, 1, &upd, NULL);
        if (EV_IS_ERR(u)) {
            ev_decref(I, r);
            r = EV_ERR;
        } else {
            ev_decref(I, u);
        }
    }
    *out = r;
    return 1;
}

static ev_value ct_fromkeys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.");
}

/* OrderedDict.fromkeys / defaultdict.fromkeys: cls(); for k in it: d[k] = v
 * (a subclass is called, and filled through its own __setitem__) */
static ev_value dt_fromkeys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool sub = ev_is_heaptype((ev_type *)self.u.o);
    ev_value d = sub ? ev_call(I, self, 0, NULL, 0, NULL, NULL) : ev_coll_dict_new_typed(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(d))
        return d;
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it)) {
        ev_decref(I, d);
        return it;
    }
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r == 0)
            break;
        if (r > 0) {
            ev_value v = argc > 1 && !EV_IS_ERR(argv[1]) ? argv[1] : EV_NONE;
            r = sub ? (ev_setitem(I, d, x, v) ? -1 : 1) : ev_dict_set(I, ev_as_dict(d), x, v);
            ev_decref(I, x);
        }
        if (r < 0) {
            ev_decref(I, it);
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    ev_decref(I, it);
    return d;
}

int ev_coll_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out)
{
    if (ev_is(a, EV_O_DEQUE) || ev_is(b, EV_O_DEQUE)) {
        bool handled = false;
        *out = ev_deque_binary(I, op, a, b, inplace, &handled);
        return handled;
    }
    if (op == EV_OP_OR && !inplace && or_keeping_type(I, a, b, out))
        return 1;
    if (op == EV_OP_OR && inplace && ev_coll_is_dict_type(a, &ev_type_OrderedDict)) {
        *out = ev_odict_ior(I, a, b);
        return 1;
    }
    if (!ev_coll_is_dict_type(a, &ev_type_Counter) ||
        (op != EV_OP_ADD && op != EV_OP_SUB && op != EV_OP_OR && op != EV_OP_AND))
        return 0;
    if (inplace) {
        *out = ev_coll_counter_inplace(I, op, a, b);
        return 1;
    }
    if (!ev_coll_is_dict_type(b, &ev_type_Counter))
        return 0;
    bool exact = ev_type_of(a) == &ev_type_Counter && ev_type_of(b) == &ev_type_Counter;
    *out = exact ? ev_coll_counter_binary(I, op, a, b) : ev_coll_counter_binary_sub(I, op, a, b);
    return 1;
}

/* ---- defaultdict ---------------------------------------------------------------------------- */

static ev_value dict_update_fn(ev_interp *I, ev_value d, int argc, const ev_value *argv,
                               const ev_kw *kw)
{
    for (const ev_builtin_def *m = ev_dict_methods; m->name; m++)
        if (strcmp(m->name, "update") == 0)
            return m->fn(I, d, argc, argv, kw);
    return ev_raise(I, &ev_type_RuntimeError, "dict.update is missing");
}

/* callable(v), as the builtin answers it: a bound method or an instance
 * whose class defines __call__ is a factory too */
static bool is_callable(ev_interp *I, ev_value v)
{
    if (ev_is_user(v) && !ev_is(v, EV_O_TYPE)) {
        ev_str *n = I->dn[EV_DN_CALL];
        return n && ev_type_lookup(ev_type_of(v), n);
    }
    return ev_is(v, EV_O_FUNC) || ev_is(v, EV_O_BUILTIN) || ev_is(v, EV_O_METHOD) ||
           (ev_is(v, EV_O_TYPE) && (((ev_type *)v.u.o)->call || ev_is_heaptype((ev_type *)v.u.o))) ||
           (ev_is(v, EV_O_WRAPPER) && ((ev_wrapper *)v.u.o)->type == &ev_type_staticmethod);
}

static ev_value defaultdict_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value factory = argc > 0 ? argv[0] : EV_NONE;
    if (factory.tag != EV_T_NONE && !is_callable(I, factory))
        return ev_raise(I, &ev_type_TypeError, "first argument must be callable or None");
    ev_value d = ev_coll_dict_new_typed(I, &ev_type_defaultdict);
    if (EV_IS_ERR(d))
        return d;
    ev_as_dict(d)->factory = ev_dup(factory);
    /* the rest as dict(*args, **kwargs); argv is NULL when a subclass's
     * __missing__ or fromkeys calls the class with no argument */
    ev_value r = dict_update_fn(I, d, argc > 1 ? argc - 1 : 0, argc > 1 ? argv + 1 : NULL, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, d);
        return r;
    }
    return d;
}

static ev_value ordereddict_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = ev_coll_dict_new_typed(I, &ev_type_OrderedDict);
    if (EV_IS_ERR(d))
        return d;
    ev_value r = ev_odict_init(I, d, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, d);
        return r;
    }
    return d;
}

/* ---- the types and the module ----------------------------------------------------------------- */

static const ev_builtin_def counter_methods[] = {
    {"__init__", cm_init, 0, -1, EV_BF_KWANY},
    {"copy", cm_copy, 0, 0, 0},
    {"elements", cm_elements, 0, 0, 0},
    {"most_common", cm_most_common, 0, -1, EV_BF_KWANY},
    {"subtract", cm_subtract, 0, 1, EV_BF_KWANY},
    {"total", cm_total, 0, 0, 0},
    {"update", cm_update, 0, 1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def counter_type_methods[] = {
    {"fromkeys", ct_fromkeys, 1, 2, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def subdict_type_methods[] = {
    {"fromkeys", dt_fromkeys, 1, 2, 0},
    {NULL, NULL, 0, 0, 0},
};

/* OrderedDict's own fromkeys (clinic: keywords allowed), dict's for defaultdict */
static const ev_builtin_def odict_type_methods[] = {
    {"fromkeys", dt_fromkeys, 1, 2, 0, "iterable, value"},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def defaultdict_methods[] = {
    {"__copy__", cm_copy, 0, 0, 0},
    {"copy", cm_copy, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def ordereddict_methods[] = {
    {"__init__", ev_odict_init, 0, -1, EV_BF_KWANY},
    {"clear", ev_odict_clear, 0, 0, 0},
    {"copy", cm_copy, 0, 0, 0},
    {"move_to_end", ev_odict_move_to_end, 1, 2, 0, "key, last"},
    {"pop", ev_odict_pop, 1, 2, 0, "key, default"},
    {"popitem", ev_odict_popitem, 0, 1, EV_BF_KWANY},
    {"setdefault", ev_odict_setdefault, 1, 2, 0, "key, default"},
    {"update", ev_odict_update_m, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0},
};

#define COLL_TYPE(var, nm, base_, ctor, meths, tmeths, mn, mx)                                  \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},            \
                   .name = nm, .base = base_, .call = ctor, .methods = meths,               \
                   .min_args = mn, .max_args = mx, .type_methods = tmeths,                  \
                   .kwflags = EV_BF_KWANY, .module = "collections"}

COLL_TYPE(ev_type_Counter, "Counter", &ev_type_dict, counter_ctor, counter_methods,
          counter_type_methods, 0, -1);
COLL_TYPE(ev_type_defaultdict, "collections.defaultdict", &ev_type_dict, defaultdict_ctor, defaultdict_methods,
          subdict_type_methods, 0, 2);
COLL_TYPE(ev_type_OrderedDict, "collections.OrderedDict", &ev_type_dict, ordereddict_ctor, ordereddict_methods,
          odict_type_methods, 0, -1);
COLL_TYPE(ev_type_deque, "collections.deque", NULL, ev_deque_ctor, ev_deque_methods, NULL, 0, 2);

ev_value ev_namedtuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

static const ev_builtin_def functions[] = {
    {"namedtuple", ev_namedtuple, 2, 2, 0, "typename, field_names, *, rename, defaults, module"},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    /* collections/__init__.py imports _collections_abc, which
     * `import collections` leaves bound as collections.abc */
    ev_value abc = ev_import_submodule(I, "collections.abc");
    if (EV_IS_ERR(abc))
        return -1;
    int r = ev_module_set(I, ns, "abc", abc);
    ev_decref(I, abc);
    if (r)
        return -1;
    return ev_module_set(I, ns, "Counter", ev_obj_val(&ev_type_Counter.h)) ||
           ev_module_set(I, ns, "defaultdict", ev_obj_val(&ev_type_defaultdict.h)) ||
           ev_module_set(I, ns, "OrderedDict", ev_obj_val(&ev_type_OrderedDict.h)) ||
           ev_module_set(I, ns, "deque", ev_obj_val(&ev_type_deque.h)) ||
           ev_module_set(I, ns, "ChainMap", ev_obj_val(&ev_type_ChainMap.h)) ||
           ev_coll_user_init(I, ns); /* UserDict, UserList, UserString: classes of the session */
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "ChainMap", "Counter", "OrderedDict", "UserDict", "UserList", "UserString", "defaultdict",
    "deque", "namedtuple", NULL
};

const ev_module_def ev_module_collections = {"collections", functions, init, all_names};
