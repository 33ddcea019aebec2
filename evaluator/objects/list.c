/*
 * list.c - the list type: storage, growth, the methods (sorting is
 * listsort.c), the constructor.
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/gen.h"

static ev_value ctor_list(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

/* ---- list ------------------------------------------------------------------------------- */

ev_value ev_list_new(ev_interp *I, size_t cap)
{
    ev_list *l = ev_alloc_gc(I, sizeof *l);
    if (!l)
        return ev_raise_nomem(I);
    l->h.refcnt = 1;
    l->h.kind = EV_O_LIST;
    ev_gc_track(I, &l->h);
    l->h.flags = 0;
    l->len = 0;
    l->cap = cap;
    l->items = NULL;
    if (cap) {
        if (cap > SIZE_MAX / sizeof(ev_value) / 2 || !(l->items = ev_alloc(I, cap * sizeof(ev_value)))) {
            ev_dealloc(I, l);
            return ev_raise_nomem(I);
        }
        ev_list_annotate_storage(l, cap, 0);
    }
    return ev_obj_val(&l->h);
}

int ev_list_reserve(ev_interp *I, ev_list *l, size_t need)
{
    if (need <= l->cap)
        return 0;
    size_t cap = l->cap < 4 ? 4 : l->cap + (l->cap >> 1);
    if (cap < need)
        cap = need;
    if (cap > SIZE_MAX / sizeof(ev_value) / 2) {
        ev_raise_nomem(I);
        return -1;
    }
    /* the whole old array addressable for the copy, the new one's spare
     * capacity poisoned (the old one's again if the realloc failed) */
    ev_list_annotate_storage(l, l->len, l->cap);
    ev_value *n = ev_realloc(I, l->items, cap * sizeof(ev_value));
    if (!n) {
        ev_list_annotate_storage(l, l->cap, l->len);
        ev_raise_nomem(I);
        return -1;
    }
    l->items = n;
    l->cap = cap;
    ev_list_annotate_storage(l, cap, l->len);
    return 0;
}

/* Give back the room a length hint reserved beyond what came (CPython's
 * list_extend cuts back too, when less than half is used). */
static int list_trim(ev_interp *I, ev_list *l)
{
    if (l->len >= l->cap / 2 || l->cap <= 8)
        return 0;
    size_t cap = l->len < 8 ? 8 : l->len;
    ev_list_annotate_storage(l, l->len, l->cap);
    ev_value *n = ev_realloc(I, l->items, cap * sizeof(ev_value));
    if (!n) {
        ev_list_annotate_storage(l, l->cap, l->len);
        ev_raise_nomem(I);
        return -1;
    }
    l->items = n;
    l->cap = cap;
    ev_list_annotate_storage(l, cap, l->len);
    return 0;
}

int ev_list_append(ev_interp *I, ev_list *l, ev_value v)
{
    if (l->len == l->cap && ev_list_reserve(I, l, l->len + 1))
        return -1;
    ev_list_set_len(l, l->len + 1);
    l->items[l->len - 1] = ev_dup(v);
    return 0;
}

/* l.extend(src) / l += src.  An exact list or tuple, or l itself, is copied
 * by its length taken first, as CPython's list_extend, so l.extend(l)
 * doubles l once (no Python code runs there); anything else, a subclass
 * with its own __iter__ included, is iterated after its length hint is
 * asked, each item appended as it comes. */
int ev_list_extend(ev_interp *I, ev_list *l, ev_value src)
{
    if (((ev_is(src, EV_O_LIST) || ev_is(src, EV_O_TUPLE)) && !(src.u.o->flags & EV_OBJ_SUB)) ||
        (src.tag == EV_T_OBJ && src.u.o == &l->h)) {
        size_t n = ev_is(src, EV_O_LIST) ? ev_as_list(src)->len : ev_as_tuple(src)->len;
        if (n == 0)
            return 0;
        if (ev_charge(I, (int64_t)(n / 16)) || ev_list_reserve(I, l, l->len + n))
            return -1;
        /* after the reserve: src may be l itself */
        const ev_value *items = ev_is(src, EV_O_LIST) ? ev_as_list(src)->items : ev_as_tuple(src)->items;
        size_t len = l->len;
        ev_list_set_len(l, len + n);
        for (size_t i = 0; i < n; i++)
            l->items[len + i] = ev_dup(items[i]);
        return 0;
    }
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return -1;
    /* the hint (src's __len__ or __length_hint__, after its __iter__) only
     * pre-sizes; it ran Python code, so l's length is read again after it */
    int64_t hint;
    size_t pre;
    if (ev_length_hint(I, src, 8, &hint) || ev_hint_presize(I, hint, sizeof(ev_value), EV_HINT_CAP, &pre) ||
        (pre && ev_list_reserve(I, l, l->len + pre))) {
        ev_decref(I, it);
        return -1;
    }
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0) {
            ev_decref(I, it);
            return -1;
        }
        if (r == 0)
            break;
        int e = ev_list_append(I, l, x);
        ev_decref(I, x);
        if (e || ev_tick(I)) {
            ev_decref(I, it);
            return -1;
        }
    }
    ev_decref(I, it);
    return pre ? list_trim(I, l) : 0;
}

ev_value ev_sequence_list(ev_interp *I, ev_value src)
{
    ev_value res = ev_list_new(I, 0);
    if (!EV_IS_ERR(res) && ev_list_extend(I, ev_as_list(res), src)) {
        ev_decref(I, res);
        return EV_ERR;
    }
    return res;
}

ev_value ev_list_from_iterable(ev_interp *I, ev_value src)
{
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return it;
    ev_value res = ev_list_new(I, 0);
    if (EV_IS_ERR(res)) {
        ev_decref(I, it);
        return res;
    }
    for (;;) {
        ev_value x;
        int r = ev_next(I, it, &x);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        int e = ev_list_append(I, ev_as_list(res), x);
        ev_decref(I, x);
        if (e || ev_tick(I))
            goto fail;
    }
    ev_decref(I, it);
    return res;
fail:
    ev_decref(I, it);
    ev_decref(I, res);
    return EV_ERR;
}

/* ---- list methods ------------------------------------------------------------------------------ */

#define L ev_as_list(self)

static ev_value lm_append(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return ev_list_append(I, L, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value lm_extend(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return ev_list_extend(I, L, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value lm_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t i = -1;
    if (argc > 0 && ev_charge(I, (int64_t)(L->len / 256)))
        return EV_ERR;
    if (argc > 0 && ev_ssize_arg(I, argv[0], &i))
        return EV_ERR;
    if (L->len == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from empty list");
    if (i < 0)
        i += (int64_t)L->len;
    if (i < 0 || i >= (int64_t)L->len)
        return ev_raise(I, &ev_type_IndexError, "pop index out of range");
    ev_value v = L->items[i];
    memmove(&L->items[i], &L->items[i + 1], (L->len - (size_t)i - 1) * sizeof(ev_value));
    ev_list_set_len(L, L->len - 1);
    return v;
}

static ev_value lm_insert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    if (ev_charge(I, (int64_t)(L->len / 256)))
        return EV_ERR;
    int64_t i;
    if (ev_ssize_arg(I, argv[0], &i))
        return EV_ERR;
    int64_t n = (int64_t)L->len;
    if (i < 0)
        i = i + n < 0 ? 0 : i + n;
    if (i > n)
        i = n;
    if (ev_list_reserve(I, L, L->len + 1))
        return EV_ERR;
    ev_list_set_len(L, L->len + 1);
    memmove(&L->items[i + 1], &L->items[i], (L->len - 1 - (size_t)i) * sizeof(ev_value));
    L->items[i] = ev_dup(argv[1]);
    return EV_NONE;
}

static ev_value lm_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* the bounds first (their __index__ may change the list), then the
     * length as it is, as CPython's list_index_impl */
    int64_t start = 0, stop = INT64_MAX;
    if (argc > 1 && ev_slice_index(I, argv[1], false, &start))
        return EV_ERR;
    if (argc > 2 && ev_slice_index(I, argv[2], false, &stop))
        return EV_ERR;
    int64_t n = (int64_t)L->len;
    if (start < 0) start = start + n < 0 ? 0 : start + n;
    if (stop < 0) stop = stop + n < 0 ? 0 : stop + n;
    for (int64_t i = start; i < stop && i < (int64_t)L->len; i++) {
        if (ev_tick(I))
            return EV_ERR;
        /* held: a user __eq__ may empty the list under us */
        ev_value item = ev_dup(L->items[i]);
        int r = ev_eq(I, item, argv[0]);
        ev_decref(I, item);
        if (r < 0)
            return EV_ERR;
        if (r)
            return ev_int(i);
    }
    ev_value rep = ev_repr(I, argv[0]);
    if (EV_IS_ERR(rep))
        return rep;
    ev_raise(I, &ev_type_ValueError, "%s is not in list", ev_as_str(rep)->data);
    ev_decref(I, rep);
    return EV_ERR;
}

/* list.count / tuple.count, as CPython's list_count: an item's __eq__ may
 * change the list, so the length is re-read each time and the item held
 * across its comparison. */
ev_value ev_seq_count(ev_interp *I, ev_value seq, ev_value x)
{
    bool list = ev_is(seq, EV_O_LIST);
    int64_t c = 0;
    for (size_t i = 0; i < (list ? ev_as_list(seq)->len : ev_as_tuple(seq)->len); i++) {
        if (ev_tick(I))
            return EV_ERR;
        ev_value item = ev_dup(list ? ev_as_list(seq)->items[i] : ev_as_tuple(seq)->items[i]);
        int r = ev_eq(I, item, x);
        ev_decref(I, item);
        if (r < 0)
            return EV_ERR;
        c += r;
    }
    return ev_int(c);
}

static ev_value lm_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return ev_seq_count(I, self, argv[0]);
}

static ev_value lm_remove(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    for (size_t i = 0; i < L->len; i++) {
        if (ev_tick(I))
            return EV_ERR;
        ev_value item = ev_dup(L->items[i]);
        int r = ev_eq(I, item, argv[0]);
        ev_decref(I, item);
        if (r < 0)
            return EV_ERR;
        if (r) {
            /* __eq__ may have shortened the list: CPython deletes L[i:i+1]
             * clipped to the length as it now is, so nothing past the end */
            if (i >= L->len)
                return EV_NONE;
            ev_value v = L->items[i];
            memmove(&L->items[i], &L->items[i + 1], (L->len - i - 1) * sizeof(ev_value));
            ev_list_set_len(L, L->len - 1);
            ev_decref(I, v);
            return EV_NONE;
        }
    }
    return ev_raise(I, &ev_type_ValueError, "list.remove(x): x not in list");
}

static ev_value lm_reverse(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    if (ev_charge(I, (int64_t)(L->len / 64)))
        return EV_ERR;
    for (size_t i = 0; i < L->len / 2; i++) {
        ev_value t = L->items[i];
        L->items[i] = L->items[L->len - 1 - i];
        L->items[L->len - 1 - i] = t;
    }
    return EV_NONE;
}

/* The items are released once the list is empty: a finalizer they run
 * sees an empty list. */
static void list_clear(ev_interp *I, ev_list *l)
{
    size_t n = l->len;
    ev_value *items = l->items;
    l->items = NULL;
    l->len = l->cap = 0;
    for (size_t i = 0; i < n; i++)
        ev_decref(I, items[i]);
    ev_dealloc(I, items);
}

static ev_value lm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    list_clear(I, L);
    return EV_NONE;
}

/* list.__init__ on a list already made (CPython's list___init___impl):
 * emptied, then extended by src (EV_ERR: none), so l.__init__(l) leaves
 * it empty and an iterable that reads l sees it empty */
int ev_list_reinit(ev_interp *I, ev_list *l, ev_value src)
{
    if (l->items)
        list_clear(I, l);
    return EV_IS_ERR(src) ? 0 : ev_list_extend(I, l, src);
}

static ev_value lm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    if (ev_charge(I, (int64_t)(L->len / 64)))
        return EV_ERR;
    ev_value r = ev_list_new(I, L->len);
    if (EV_IS_ERR(r))
        return r;
    ev_list_set_len(ev_as_list(r), L->len);
    for (size_t i = 0; i < L->len; i++)
        ev_as_list(r)->items[i] = ev_dup(L->items[i]);
    return r;
}

int ev_sort_reverse_arg(ev_interp *I, ev_value rev, int *reverse)
{
    *reverse = 0;
    if (EV_IS_ERR(rev))
        return 0;
    /* CPython parses it as a C int ("i"): an index, not any truth value */
    int64_t i = 0;
    bool big = ev_is(rev, EV_O_INT) && !ev_is_subint(rev);
    if (!big && ev_index(I, rev, &i, NULL))
        return -1;
    if (big || i > INT32_MAX || i < INT32_MIN) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *reverse = i != 0;
    return 0;
}

static ev_value lm_sort(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value key = argv[0], rev = argv[1]; /* "*, key, reverse" */
    int reverse;
    if (ev_sort_reverse_arg(I, rev, &reverse))
        return EV_ERR;
    /* sort a detached copy: CPython empties the list while sorting */
    size_t n = L->len, cap = L->cap;
    ev_value *items = L->items;
    L->items = NULL;
    L->len = L->cap = 0;
    int r = ev_sort_values(I, items, n, EV_IS_ERR(key) ? EV_NONE : key, reverse);
    /* CPython's test: the list got storage while it was sorted (an append
     * then a pop counts; a clear or an empty slice assignment does not) */
    bool modified = L->len != 0 || L->items != NULL || L->cap != 0;
    ev_value *junk = L->items;
    size_t njunk = L->len;
    L->items = items;
    L->len = n;
    L->cap = cap;
    for (size_t i = 0; i < njunk; i++)
        ev_decref(I, junk[i]);
    ev_dealloc(I, junk);
    if (r)
        return EV_ERR;
    if (modified)
        return ev_raise(I, &ev_type_ValueError, "list modified during sort");
    return EV_NONE;
}

const ev_builtin_def ev_list_methods[] = {
    {"append", lm_append, 1, 1, 0},
    {"extend", lm_extend, 1, 1, 0},
    {"pop", lm_pop, 0, 1, 0},
    {"insert", lm_insert, 2, 2, 0},
    {"index", lm_index, 1, 3, 0},
    {"count", lm_count, 1, 1, 0},
    {"remove", lm_remove, 1, 1, 0},
    {"reverse", lm_reverse, 0, 0, 0},
    {"clear", lm_clear, 0, 0, 0},
    {"copy", lm_copy, 0, 0, 0},
    {"sort", lm_sort, 0, 0, 0, "*, key, reverse"},
    {NULL, NULL, 0, 0, 0},
};

#undef L

static ev_value ctor_list(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return ev_list_new(I, 0);
    return ev_sequence_list(I, argv[0]);
}

ev_type ev_type_list = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "list",
    .call = ctor_list, .methods = ev_list_methods, .min_args = 0, .max_args = 1};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void list_ops_free(ev_interp *I, ev_obj *o)
{
    /* last item first, as CPython's list_dealloc: the order finalizers run in */
    ev_list *l = (ev_list *)o;
    for (size_t i = l->len; i-- > 0;)
        ev_decref(I, l->items[i]);
    ev_dealloc(I, l->items);
}

static void list_ops_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_list *l = (ev_list *)o;
    for (size_t i = 0; i < l->len; i++)
        visit(I, l->items[i], arg);
}

static void list_ops_clear(ev_interp *I, ev_obj *o)
{
    ev_list *l = (ev_list *)o;
    while (l->len > 0) {
        ev_value v = l->items[l->len - 1];
        ev_list_set_len(l, l->len - 1);
        ev_decref(I, v);
    }
}

static int list_ops_repr_buf(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_list *l = ev_as_list(v);
    if (l->h.flags & EV_OBJ_REPR)
        return ev_buf_puts(I, b, "[...]");
    l->h.flags |= EV_OBJ_REPR;
    int r = ev_buf_repr_seq(I, b, v, "[", "]", false);
    l->h.flags &= (uint16_t)~EV_OBJ_REPR;
    return r;
}

static bool list_ops_truth(ev_value v) { return ev_as_list(v)->len != 0; }

const ev_kind_ops ev_list_ops = {
    .name = "list",
    .free = list_ops_free,
    .traverse = list_ops_traverse,
    .clear = list_ops_clear,
    .repr_buf = list_ops_repr_buf,
    .truth = list_ops_truth,
    .hash = ev_hash_unhashable,
};
