/*
 * containers.c - list, tuple, dict (CPython's compact ordered layout and
 * probing), range and slicing (iterators: iterobj.c; sorting: objects/listsort.c).
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/gen.h"

/* ---- list ------------------------------------------------------------------------------- */

ev_value ev_list_new(ev_interp *I, size_t cap)
{
    ev_list *l = ev_alloc(I, sizeof *l);
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
    }
    return ev_obj_val(&l->h);
}

static int list_reserve(ev_interp *I, ev_list *l, size_t need)
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
    ev_value *n = ev_realloc(I, l->items, cap * sizeof(ev_value));
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    l->items = n;
    l->cap = cap;
    return 0;
}

int ev_list_append(ev_interp *I, ev_list *l, ev_value v)
{
    if (l->len == l->cap && list_reserve(I, l, l->len + 1))
        return -1;
    l->items[l->len++] = ev_dup(v);
    return 0;
}

/* l.extend(src) / l += src.  A list or tuple is copied by its length taken
 * first, as CPython's list_extend, so l.extend(l) doubles l once. */
int ev_list_extend(ev_interp *I, ev_list *l, ev_value src)
{
    if (ev_is(src, EV_O_LIST) || ev_is(src, EV_O_TUPLE)) {
        size_t n = ev_is(src, EV_O_LIST) ? ev_as_list(src)->len : ev_as_tuple(src)->len;
        if (n == 0)
            return 0;
        if (ev_charge(I, (int64_t)(n / 16)) || list_reserve(I, l, l->len + n))
            return -1;
        /* after the reserve: src may be l itself */
        const ev_value *items = ev_is(src, EV_O_LIST) ? ev_as_list(src)->items : ev_as_tuple(src)->items;
        for (size_t i = 0; i < n; i++)
            l->items[l->len + i] = ev_dup(items[i]);
        l->len += n;
        return 0;
    }
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return -1;
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
    return 0;
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

/* ---- tuple ------------------------------------------------------------------------------ */

ev_value ev_tuple_new(ev_interp *I, size_t len)
{
    if (len > SIZE_MAX / sizeof(ev_value) / 2)
        return ev_raise_nomem(I);
    ev_tuple *t = ev_alloc(I, sizeof *t + len * sizeof(ev_value));
    if (!t)
        return ev_raise_nomem(I);
    t->h.refcnt = 1;
    t->h.kind = EV_O_TUPLE;
    ev_gc_track(I, &t->h);
    t->h.flags = 0;
    t->len = len;
    t->hash = -1;
    for (size_t i = 0; i < len; i++)
        t->items[i] = EV_NONE;
    return ev_obj_val(&t->h);
}

ev_value ev_tuple_from_iterable(ev_interp *I, ev_value src)
{
    if (ev_is(src, EV_O_TUPLE) && !(src.u.o->flags & EV_OBJ_SUB))
        return ev_dup(src); /* an exact tuple is its own copy; a subclass's is a plain tuple */
    ev_value l = ev_list_from_iterable(I, src);
    if (EV_IS_ERR(l))
        return l;
    ev_list *lp = ev_as_list(l);
    ev_value t = ev_tuple_new(I, lp->len);
    if (!EV_IS_ERR(t)) {
        for (size_t i = 0; i < lp->len; i++)
            ev_as_tuple(t)->items[i] = ev_dup(lp->items[i]);
    }
    ev_decref(I, l);
    return t;
}

/* ---- dict --------------------------------------------------------------------------------- */

#define DK_EMPTY (-1)
#define DK_DUMMY (-2)
#define PERTURB_SHIFT 5

ev_value ev_dict_new(ev_interp *I)
{
    ev_dict *d = ev_alloc(I, sizeof *d);
    if (!d)
        return ev_raise_nomem(I);
    memset(d, 0, sizeof *d);
    d->h.refcnt = 1;
    d->h.kind = EV_O_DICT;
    ev_gc_track(I, &d->h);
    return ev_obj_val(&d->h);
}

static bool key_equal_fast(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    if (a.tag == EV_T_OBJ)
        return a.u.o == b.u.o;
    return a.u.i == b.u.i;
}

/* Finds the index slot for key: returns the entry number or -1, and the
 * slot where it would be inserted in *slot.  -2 on error. */
static int64_t dict_lookup(ev_interp *I, ev_dict *d, ev_value key, int64_t hash, size_t *slot)
{
    if (!d->index)
        return -1;
    size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    int64_t free_slot = -1;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == DK_EMPTY) {
            *slot = free_slot >= 0 ? (size_t)free_slot : i;
            return -1;
        }
        if (ix == DK_DUMMY) {
            if (free_slot < 0)
                free_slot = (int64_t)i;
        } else {
            ev_dict_entry *e = &d->entries[ix];
            if (key_equal_fast(e->key, key))
                return ix;
            if (e->hash == hash) {
                /* Keys are only numbers, strings and tuples of them, so
                 * equality cannot run user code or mutate the dict. */
                int r = ev_eq(I, e->key, key);
                if (r < 0)
                    return -2;
                if (r)
                    return ix;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

static int dict_resize(ev_interp *I, ev_dict *d, size_t minused)
{
    size_t size = 8;
    while (size < minused * 3 / 2 + 1)
        size <<= 1;
    if (size > ((size_t)1 << 30)) {
        ev_raise_nomem(I);
        return -1;
    }
    int32_t *index = ev_alloc(I, size * sizeof(int32_t));
    size_t cap = size * 2 / 3;
    ev_dict_entry *entries = ev_alloc(I, cap * sizeof(ev_dict_entry));
    if (!index || !entries) {
        ev_dealloc(I, index);
        ev_dealloc(I, entries);
        ev_raise_nomem(I);
        return -1;
    }
    for (size_t i = 0; i < size; i++)
        index[i] = DK_EMPTY;
    size_t n = 0;
    for (size_t k = 0; k < d->nentries; k++) {
        ev_dict_entry *e = &d->entries[k];
        if (EV_IS_ERR(e->key))
            continue;
        entries[n] = *e;
        size_t mask = size - 1, i = (size_t)e->hash & mask, perturb = (size_t)e->hash;
        while (index[i] != DK_EMPTY) {
            perturb >>= PERTURB_SHIFT;
            i = (i * 5 + perturb + 1) & mask;
        }
        index[i] = (int32_t)n;
        n++;
    }
    ev_dealloc(I, d->index);
    ev_dealloc(I, d->entries);
    d->index = index;
    d->entries = entries;
    d->mask = size - 1;
    d->cap = cap;
    d->nentries = n;
    return 0;
}

int ev_dict_get(ev_interp *I, ev_dict *d, ev_value key, ev_value *out)
{
    int64_t h;
    if (ev_hash(I, key, &h))
        return -1;
    size_t slot;
    int64_t ix = dict_lookup(I, d, key, h, &slot);
    if (ix == -2)
        return -1;
    if (ix < 0)
        return 0;
    *out = ev_dup(d->entries[ix].value);
    return 1;
}

static int dict_insert(ev_interp *I, ev_dict *d, ev_value key, int64_t h, ev_value val)
{
    size_t slot;
    int64_t ix = dict_lookup(I, d, key, h, &slot);
    if (ix == -2)
        return -1;
    if (ix >= 0) {
        ev_value old = d->entries[ix].value;
        d->entries[ix].value = ev_dup(val);
        ev_decref(I, old);
        return 0;
    }
    if (d->nentries >= d->cap) {
        if (dict_resize(I, d, d->used + 1))
            return -1;
        ix = dict_lookup(I, d, key, h, &slot);
    }
    ev_dict_entry *e = &d->entries[d->nentries];
    e->hash = h;
    e->key = ev_dup(key);
    e->value = ev_dup(val);
    d->index[slot] = (int32_t)d->nentries;
    d->nentries++;
    d->used++;
    d->version++;
    return 0;
}

int ev_dict_set(ev_interp *I, ev_dict *d, ev_value key, ev_value val)
{
    int64_t h;
    if (ev_hash(I, key, &h))
        return -1;
    return dict_insert(I, d, key, h, val);
}

int ev_dict_del(ev_interp *I, ev_dict *d, ev_value key)
{
    int64_t h;
    if (ev_hash(I, key, &h))
        return -1;
    size_t slot;
    int64_t ix = dict_lookup(I, d, key, h, &slot);
    if (ix == -2)
        return -1;
    if (ix < 0)
        return 1;
    /* find the index slot pointing at ix */
    size_t mask = d->mask, i = (size_t)h & mask, perturb = (size_t)h;
    while (d->index[i] != ix) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    d->index[i] = DK_DUMMY;
    ev_dict_entry *e = &d->entries[ix];
    ev_value k = e->key, v = e->value;
    e->key = EV_ERR;
    e->value = EV_NONE;
    d->used--;
    d->version++;
    ev_decref(I, k);
    ev_decref(I, v);
    return 0;
}

ev_value *ev_dict_lookup_str(ev_dict *d, ev_str *key)
{
    if (!d->index)
        return NULL;
    int64_t h = ev_str_hash(key);
    size_t mask = d->mask, i = (size_t)h & mask, perturb = (size_t)h;
    for (;;) {
        int32_t ix = d->index[i];
        if (ix == DK_EMPTY)
            return NULL;
        if (ix >= 0) {
            ev_dict_entry *e = &d->entries[ix];
            if (e->key.tag == EV_T_OBJ &&
                (e->key.u.o == &key->h ||
                 (e->hash == h && e->key.u.o->kind == EV_O_STR && ev_str_eq(ev_as_str(e->key), key))))
                return &e->value;
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

int ev_dict_set_str(ev_interp *I, ev_dict *d, ev_str *key, ev_value val)
{
    ev_value *slot = ev_dict_lookup_str(d, key);
    if (slot) {
        ev_value old = *slot;
        *slot = ev_dup(val);
        ev_decref(I, old);
        return 0;
    }
    return dict_insert(I, d, ev_obj_val(&key->h), ev_str_hash(key), val);
}

void ev_dict_clear(ev_interp *I, ev_dict *d)
{
    /* detach first: decref may free objects that look at this dict */
    ev_dict_entry *entries = d->entries;
    size_t n = d->nentries;
    d->entries = NULL;
    d->nentries = d->used = d->cap = 0;
    ev_dealloc(I, d->index);
    d->index = NULL;
    d->mask = 0;
    d->version++;
    for (size_t i = 0; i < n; i++) {
        if (EV_IS_ERR(entries[i].key))
            continue;
        ev_decref(I, entries[i].key);
        ev_decref(I, entries[i].value);
    }
    ev_dealloc(I, entries);
}

/* ---- range -------------------------------------------------------------------------------- */

ev_value ev_range_new(ev_interp *I, int64_t start, int64_t stop, int64_t step)
{
    ev_range *r = ev_alloc(I, sizeof *r);
    if (!r)
        return ev_raise_nomem(I);
    r->h.refcnt = 1;
    r->h.kind = EV_O_RANGE;
    r->h.flags = 0;
    r->start = start;
    r->stop = stop;
    r->step = step;
    __int128 len = 0;
    if (step > 0 && start < stop)
        len = ((__int128)stop - start - 1) / step + 1;
    else if (step < 0 && start > stop)
        len = ((__int128)start - stop - 1) / (-(__int128)step) + 1;
    r->len = (int64_t)len;
    return ev_obj_val(&r->h);
}

/* ---- slicing and indexing ------------------------------------------------------------------- */

static int slice_bound(ev_interp *I, ev_value v, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT) && !ev_is_subint(v)) {
        *out = mpz_sgn(((ev_bigint *)v.u.o)->z) < 0 ? INT64_MIN / 2 : INT64_MAX / 2;
        return 0;
    }
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_index_try(I, v, &r);
        if (got < 0)
            return -1;
        if (got) {
            int e = ev_is_int(r) ? slice_bound(I, r, out) : -1;
            if (e && !ev_is_int(r))
                ev_raise(I, &ev_type_TypeError, "__index__ returned non-int (type %s)", ev_type_name(r));
            ev_decref(I, r);
            return e;
        }
    }
    ev_raise(I, &ev_type_TypeError,
             "slice indices must be integers or None or have an __index__ method");
    return -1;
}

int ev_slice_indices(ev_interp *I, ev_value lo, ev_value hi, ev_value stepv, int64_t len,
                     int64_t *start, int64_t *stop, int64_t *stepp, int64_t *count)
{
    int64_t step = 1;
    if (stepv.tag != EV_T_NONE) {
        if (slice_bound(I, stepv, &step))
            return -1;
        if (step == 0) {
            ev_raise(I, &ev_type_ValueError, "slice step cannot be zero");
            return -1;
        }
        if (step < -INT64_MAX / 2)
            step = -INT64_MAX / 2;
    }
    int64_t a, b;
    if (lo.tag == EV_T_NONE) {
        a = step < 0 ? len - 1 : 0;
    } else {
        if (slice_bound(I, lo, &a))
            return -1;
        if (a < 0) {
            a += len;
            if (a < 0)
                a = step < 0 ? -1 : 0;
        } else if (a >= len) {
            a = step < 0 ? len - 1 : len;
        }
    }
    if (hi.tag == EV_T_NONE) {
        b = step < 0 ? -1 : len;
    } else {
        if (slice_bound(I, hi, &b))
            return -1;
        if (b < 0) {
            b += len;
            if (b < 0)
                b = step < 0 ? -1 : 0;
        } else if (b >= len) {
            b = step < 0 ? len - 1 : len;
        }
    }
    int64_t n = 0;
    if (step < 0) {
        if (b < a)
            n = (a - b - 1) / (-step) + 1;
    } else if (a < b) {
        n = (b - a - 1) / step + 1;
    }
    *start = a;
    *stop = b;
    *stepp = step;
    *count = n;
    return 0;
}

static bool is_slice(ev_value v) { return ev_is(v, EV_O_TUPLE) && (v.u.o->flags & EV_OBJ_SLICE); }

ev_value ev_seq_getitem(ev_interp *I, ev_value seq, ev_value key)
{
    ev_kind k = seq.u.o->kind;
    int64_t len = k == EV_O_LIST ? (int64_t)ev_as_list(seq)->len
                : k == EV_O_TUPLE ? (int64_t)ev_as_tuple(seq)->len
                                  : ((ev_range *)seq.u.o)->len;
    const char *name = k == EV_O_LIST ? "list" : k == EV_O_TUPLE ? "tuple" : "range object";
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t start, stop, step, count;
        if (ev_slice_indices(I, s->items[0], s->items[1], s->items[2], len, &start, &stop, &step, &count))
            return EV_ERR;
        if (k == EV_O_RANGE) {
            ev_range *r = (ev_range *)seq.u.o;
            return ev_range_new(I, r->start + start * r->step, r->start + stop * r->step, r->step * step);
        }
        const ev_value *items = k == EV_O_LIST ? ev_as_list(seq)->items : ev_as_tuple(seq)->items;
        if (k == EV_O_TUPLE && step == 1 && count == len && !(seq.u.o->flags & EV_OBJ_SUB))
            return ev_dup(seq);
        if (ev_charge(I, count / 64))
            return EV_ERR;
        ev_value res = k == EV_O_LIST ? ev_list_new(I, (size_t)count) : ev_tuple_new(I, (size_t)count);
        if (EV_IS_ERR(res))
            return res;
        ev_value *dst = k == EV_O_LIST ? ev_as_list(res)->items : ev_as_tuple(res)->items;
        for (int64_t i = 0, j = start; i < count; i++, j += step)
            dst[i] = ev_dup(items[j]);
        if (k == EV_O_LIST)
            ev_as_list(res)->len = (size_t)count;
        return res;
    }
    if (ev_is_user(key) && !ev_is_int(key)) {
        /* an object with __index__ indexes as its int */
        int64_t ix;
        ev_str *idx = I->dn[EV_DN_INDEX];
        if (!ev_type_lookup(ev_type_of(key), idx))
            return ev_raise(I, &ev_type_TypeError, "%s indices must be integers or slices, not %s",
                            name, ev_type_name(key));
        if (ev_index(I, key, &ix, name))
            return EV_ERR;
        key = ev_int(ix);
    }
    if (!ev_is_int(key))
        return ev_raise(I, &ev_type_TypeError, "%s indices must be integers or slices, not %s",
                        name, ev_type_name(key));
    int64_t i;
    if (ev_index(I, key, &i, name))
        return EV_ERR;
    if (i < 0)
        i += len;
    if (i < 0 || i >= len)
        return ev_raise(I, &ev_type_IndexError, "%s index out of range", name);
    if (k == EV_O_LIST)
        return ev_dup(ev_as_list(seq)->items[i]);
    if (k == EV_O_TUPLE)
        return ev_dup(ev_as_tuple(seq)->items[i]);
    ev_range *r = (ev_range *)seq.u.o;
    return ev_int(r->start + i * r->step);
}

int ev_list_setitem(ev_interp *I, ev_list *l, ev_value key, ev_value val)
{
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t start, stop, step, count;
        if (ev_slice_indices(I, s->items[0], s->items[1], s->items[2], (int64_t)l->len, &start,
                             &stop, &step, &count))
            return -1;
        ev_value src = ev_list_from_iterable(I, val);
        if (EV_IS_ERR(src))
            return -1;
        ev_list *sl = ev_as_list(src);
        int rc = -1;
        if (step == 1) {
            if (stop < start)
                stop = start;
            size_t old = (size_t)(stop - start), nw = sl->len;
            if (nw > old && list_reserve(I, l, l->len + nw - old))
                goto done;
            for (size_t i = 0; i < old; i++)
                ev_decref(I, l->items[start + (int64_t)i]);
            memmove(&l->items[start + (int64_t)nw], &l->items[stop], (l->len - (size_t)stop) * sizeof(ev_value));
            for (size_t i = 0; i < nw; i++)
                l->items[start + (int64_t)i] = ev_dup(sl->items[i]);
            l->len = l->len - old + nw;
            rc = 0;
        } else {
            if ((int64_t)sl->len != count) {
                ev_raise(I, &ev_type_ValueError,
                         "attempt to assign sequence of size %zu to extended slice of size %lld",
                         sl->len, (long long)count);
                goto done;
            }
            for (int64_t i = 0, j = start; i < count; i++, j += step) {
                ev_value old = l->items[j];
                l->items[j] = ev_dup(sl->items[i]);
                ev_decref(I, old);
            }
            rc = 0;
        }
    done:
        ev_decref(I, src);
        return rc;
    }
    if (!ev_is_int(key)) {
        ev_raise(I, &ev_type_TypeError, "list indices must be integers or slices, not %s", ev_type_name(key));
        return -1;
    }
    int64_t i;
    if (ev_index(I, key, &i, "list"))
        return -1;
    if (i < 0)
        i += (int64_t)l->len;
    if (i < 0 || i >= (int64_t)l->len) {
        ev_raise(I, &ev_type_IndexError, "list assignment index out of range");
        return -1;
    }
    ev_value old = l->items[i];
    l->items[i] = ev_dup(val);
    ev_decref(I, old);
    return 0;
}

int ev_list_delitem(ev_interp *I, ev_list *l, ev_value key)
{
    if (is_slice(key)) {
        ev_tuple *s = ev_as_tuple(key);
        int64_t start, stop, step, count;
        if (ev_slice_indices(I, s->items[0], s->items[1], s->items[2], (int64_t)l->len, &start,
                             &stop, &step, &count))
            return -1;
        if (count == 0)
            return 0;
        if (step < 0) {
            start = start + (count - 1) * step;
            step = -step;
        }
        size_t w = (size_t)start;
        for (size_t r = (size_t)start; r < l->len; r++) {
            bool del = (int64_t)r >= start && ((int64_t)r - start) % step == 0 &&
                       ((int64_t)r - start) / step < count;
            if (del)
                ev_decref(I, l->items[r]);
            else
                l->items[w++] = l->items[r];
        }
        l->len = w;
        return 0;
    }
    int64_t i;
    if (!ev_is_int(key)) {
        ev_raise(I, &ev_type_TypeError, "list indices must be integers or slices, not %s", ev_type_name(key));
        return -1;
    }
    if (ev_index(I, key, &i, "list"))
        return -1;
    if (i < 0)
        i += (int64_t)l->len;
    if (i < 0 || i >= (int64_t)l->len) {
        ev_raise(I, &ev_type_IndexError, "list assignment index out of range");
        return -1;
    }
    ev_value old = l->items[i];
    memmove(&l->items[i], &l->items[i + 1], (l->len - (size_t)i - 1) * sizeof(ev_value));
    l->len--;
    ev_decref(I, old);
    return 0;
}

ev_value ev_seq_concat(ev_interp *I, ev_value a, ev_value b)
{
    bool list = ev_is(a, EV_O_LIST);
    size_t na = list ? ev_as_list(a)->len : ev_as_tuple(a)->len;
    size_t nb = list ? ev_as_list(b)->len : ev_as_tuple(b)->len;
    const ev_value *ia = list ? ev_as_list(a)->items : ev_as_tuple(a)->items;
    const ev_value *ib = list ? ev_as_list(b)->items : ev_as_tuple(b)->items;
    if (ev_mem_reserve(I, (na + nb) * sizeof(ev_value)) || ev_charge(I, (int64_t)((na + nb) / 64)))
        return EV_ERR;
    ev_value r = list ? ev_list_new(I, na + nb) : ev_tuple_new(I, na + nb);
    if (EV_IS_ERR(r))
        return r;
    ev_value *d = list ? ev_as_list(r)->items : ev_as_tuple(r)->items;
    for (size_t i = 0; i < na; i++)
        d[i] = ev_dup(ia[i]);
    for (size_t i = 0; i < nb; i++)
        d[na + i] = ev_dup(ib[i]);
    if (list)
        ev_as_list(r)->len = na + nb;
    return r;
}

ev_value ev_seq_repeat(ev_interp *I, ev_value seq, int64_t n)
{
    bool list = ev_is(seq, EV_O_LIST);
    size_t len = list ? ev_as_list(seq)->len : ev_as_tuple(seq)->len;
    if (n < 0)
        n = 0;
    /* past PY_SSIZE_T_MAX / sizeof(PyObject *) items CPython raises a
     * catchable MemoryError before allocating; below that, our limit stops it */
    if (len && (uint64_t)n > (uint64_t)INT64_MAX / 8 / len)
        return ev_raise_memory_error(I);
    if (len && (uint64_t)n > SIZE_MAX / sizeof(ev_value) / 4 / len)
        return ev_raise_limit(I, "memory");
    size_t total = len * (size_t)n;
    if (ev_mem_reserve(I, total * sizeof(ev_value)) || ev_charge(I, (int64_t)(total / 1024)))
        return EV_ERR;
    ev_value r = list ? ev_list_new(I, total) : ev_tuple_new(I, total);
    if (EV_IS_ERR(r))
        return r;
    const ev_value *src = list ? ev_as_list(seq)->items : ev_as_tuple(seq)->items;
    ev_value *d = list ? ev_as_list(r)->items : ev_as_tuple(r)->items;
    for (size_t i = 0; i < total; i++)
        d[i] = ev_dup(src[i % len]);
    if (list)
        ev_as_list(r)->len = total;
    return r;
}

/* Lexicographic comparison as CPython's list_richcompare. */
int ev_seq_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    bool list = ev_is(a, EV_O_LIST);
    size_t na = list ? ev_as_list(a)->len : ev_as_tuple(a)->len;
    size_t nb = list ? ev_as_list(b)->len : ev_as_tuple(b)->len;
    if ((op == 2 || op == 3) && na != nb)
        return op == 3;
    size_t i;
    for (i = 0; i < na && i < nb; i++) {
        const ev_value *ia = list ? ev_as_list(a)->items : ev_as_tuple(a)->items;
        const ev_value *ib = list ? ev_as_list(b)->items : ev_as_tuple(b)->items;
        if (ev_charge(I, 1))
            return -1;
        int e = ev_eq(I, ia[i], ib[i]);
        if (e < 0)
            return -1;
        if (!e)
            break;
        if (list) {
            na = ev_as_list(a)->len;
            nb = ev_as_list(b)->len;
        }
    }
    if (i >= na || i >= nb) {
        switch (op) {
        case 0: return na < nb;
        case 1: return na <= nb;
        case 2: return na == nb;
        case 3: return na != nb;
        case 4: return na > nb;
        default: return na >= nb;
        }
    }
    if (op == 2)
        return 0;
    if (op == 3)
        return 1;
    const ev_value *ia = list ? ev_as_list(a)->items : ev_as_tuple(a)->items;
    const ev_value *ib = list ? ev_as_list(b)->items : ev_as_tuple(b)->items;
    return ev_compare(I, ia[i], ib[i], op);
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
    if (argc > 0 && ev_index(I, argv[0], &i, "list"))
        return EV_ERR;
    if (L->len == 0)
        return ev_raise(I, &ev_type_IndexError, "pop from empty list");
    if (i < 0)
        i += (int64_t)L->len;
    if (i < 0 || i >= (int64_t)L->len)
        return ev_raise(I, &ev_type_IndexError, "pop index out of range");
    ev_value v = L->items[i];
    memmove(&L->items[i], &L->items[i + 1], (L->len - (size_t)i - 1) * sizeof(ev_value));
    L->len--;
    return v;
}

static ev_value lm_insert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    if (ev_charge(I, (int64_t)(L->len / 256)))
        return EV_ERR;
    int64_t i;
    if (ev_index(I, argv[0], &i, "list"))
        return EV_ERR;
    int64_t n = (int64_t)L->len;
    if (i < 0)
        i = i + n < 0 ? 0 : i + n;
    if (i > n)
        i = n;
    if (list_reserve(I, L, L->len + 1))
        return EV_ERR;
    memmove(&L->items[i + 1], &L->items[i], (L->len - (size_t)i) * sizeof(ev_value));
    L->items[i] = ev_dup(argv[1]);
    L->len++;
    return EV_NONE;
}

static ev_value lm_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t start = 0, stop = (int64_t)L->len;
    if (argc > 1 && ev_index(I, argv[1], &start, "slice indices"))
        return EV_ERR;
    if (argc > 2 && ev_index(I, argv[2], &stop, "slice indices"))
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

/* list.count / tuple.count.  Equality of builtin values runs no Python
 * code, so the items cannot change under the loop. */
static ev_value count_equal(ev_interp *I, const ev_value *items, size_t n, ev_value x)
{
    int64_t c = 0;
    for (size_t i = 0; i < n; i++) {
        if (ev_tick(I))
            return EV_ERR;
        int r = ev_eq(I, items[i], x);
        if (r < 0)
            return EV_ERR;
        c += r;
    }
    return ev_int(c);
}

static ev_value lm_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return count_equal(I, L->items, L->len, argv[0]);
}

static ev_value lm_remove(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    for (size_t i = 0; i < L->len; i++) {
        if (ev_tick(I))
            return EV_ERR;
        int r = ev_eq(I, L->items[i], argv[0]);
        if (r < 0)
            return EV_ERR;
        if (r) {
            ev_value v = L->items[i];
            memmove(&L->items[i], &L->items[i + 1], (L->len - i - 1) * sizeof(ev_value));
            L->len--;
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

static ev_value lm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    size_t n = L->len;
    ev_value *items = L->items;
    L->items = NULL;
    L->len = L->cap = 0;
    for (size_t i = 0; i < n; i++)
        ev_decref(I, items[i]);
    ev_dealloc(I, items);
    return EV_NONE;
}

static ev_value lm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    if (ev_charge(I, (int64_t)(L->len / 64)))
        return EV_ERR;
    ev_value r = ev_list_new(I, L->len);
    if (EV_IS_ERR(r))
        return r;
    for (size_t i = 0; i < L->len; i++)
        ev_as_list(r)->items[i] = ev_dup(L->items[i]);
    ev_as_list(r)->len = L->len;
    return r;
}

static ev_value lm_sort(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value key = argv[0], rev = argv[1]; /* "*, key, reverse" */
    int reverse = 0;
    if (!EV_IS_ERR(rev) && (reverse = ev_truth(I, rev)) < 0)
        return EV_ERR;
    /* sort a detached copy: CPython empties the list while sorting */
    size_t n = L->len;
    ev_value *items = L->items;
    L->items = NULL;
    L->len = L->cap = 0;
    int r = ev_sort_values(I, items, n, EV_IS_ERR(key) ? EV_NONE : key, reverse);
    bool modified = L->len != 0;
    ev_value *junk = L->items;
    size_t njunk = L->len;
    L->items = items;
    L->len = L->cap = n;
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
#define T ev_as_tuple(self)

static ev_value tm_count(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc;
    return count_equal(I, T->items, T->len, argv[0]);
}

static ev_value tm_index(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n = (int64_t)T->len, start = 0, stop = n;
    if (argc > 1 && ev_index(I, argv[1], &start, "slice indices"))
        return EV_ERR;
    if (argc > 2 && ev_index(I, argv[2], &stop, "slice indices"))
        return EV_ERR;
    if (start < 0) start = start + n < 0 ? 0 : start + n;
    if (stop < 0) stop = stop + n < 0 ? 0 : stop + n;
    for (int64_t i = start; i < stop && i < n; i++) {
        if (ev_tick(I))
            return EV_ERR;
        int r = ev_eq(I, T->items[i], argv[0]);
        if (r < 0)
            return EV_ERR;
        if (r)
            return ev_int(i);
    }
    return ev_raise(I, &ev_type_ValueError, "tuple.index(x): x not in tuple");
}

const ev_builtin_def ev_tuple_methods[] = {
    {"count", tm_count, 1, 1, 0},
    {"index", tm_index, 1, 3, 0},
    {NULL, NULL, 0, 0, 0},
};

#undef T
#define D ev_as_dict(self)

static ev_value dm_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    int f = ev_dict_get(I, D, argv[0], &out);
    if (f < 0)
        return EV_ERR;
    if (f)
        return out;
    return argc > 1 ? ev_dup(argv[1]) : EV_NONE;
}

static ev_value view_new(ev_interp *I, ev_value self, ev_iter_kind k)
{
    ev_view *v = ev_alloc(I, sizeof *v);
    if (!v)
        return ev_raise_nomem(I);
    v->h.refcnt = 1;
    v->h.kind = EV_O_VIEW;
    v->h.flags = 0;
    v->ik = k;
    v->dict = ev_dup(self);
    return ev_obj_val(&v->h);
}

static ev_value dm_keys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_KEYS); }
static ev_value dm_values(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_VALUES); }
static ev_value dm_items(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_ITEMS); }

static ev_value dm_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    int f = ev_dict_get(I, D, argv[0], &out);
    if (f < 0)
        return EV_ERR;
    if (f) {
        if (ev_dict_del(I, D, argv[0]) < 0) {
            ev_decref(I, out);
            return EV_ERR;
        }
        return out;
    }
    if (argc > 1)
        return ev_dup(argv[1]);
    return ev_getitem(I, self, argv[0]); /* raises the KeyError */
}

static ev_value dm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value out;
    int f = ev_dict_get(I, D, argv[0], &out);
    if (f < 0)
        return EV_ERR;
    if (f)
        return out;
    ev_value def = argc > 1 ? argv[1] : EV_NONE;
    if (ev_dict_set(I, D, argv[0], def))
        return EV_ERR;
    return ev_dup(def);
}

/* d[k] = src[k] for k in src.keys(), as PyDict_Merge of a non-dict
 * mapping: 1 merged, 0 src has no keys() (then it is no mapping), -1 error.
 * With dup_stop a key already in d ends the merge: -2, *dup the key (a new
 * reference), for f(**m)'s "got multiple values". */
int ev_dict_merge_mapping(ev_interp *I, ev_dict *d, ev_value src, bool dup_stop, ev_value *dup)
{
    ev_str *kn = ev_intern(I, "keys", 4);
    ev_value keys = kn ? ev_getattr(I, src, kn) : EV_ERR;
    if (EV_IS_ERR(keys)) {
        if (kn && !I->limit && ev_is(I->exc, EV_O_EXC) &&
            ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError)) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return 0;
        }
        return -1;
    }
    ev_value ks = ev_call(I, keys, 0, NULL, 0, NULL, NULL);
    ev_decref(I, keys);
    ev_value it = EV_IS_ERR(ks) ? EV_ERR : ev_iter(I, ks);
    if (!EV_IS_ERR(ks))
        ev_decref(I, ks);
    if (EV_IS_ERR(it))
        return -1;
    ev_value k;
    int got, r = 1;
    while ((got = ev_next(I, it, &k)) > 0) {
        if (dup_stop) {
            ev_value old;
            int f = ev_dict_get(I, d, k, &old);
            if (f) {
                if (f > 0) {
                    ev_decref(I, old);
                    *dup = k;
                    r = -2;
                } else {
                    ev_decref(I, k);
                    r = -1;
                }
                break;
            }
        }
        ev_value v = ev_getitem(I, src, k);
        int e = EV_IS_ERR(v) ? -1 : ev_dict_set(I, d, k, v);
        if (!EV_IS_ERR(v))
            ev_decref(I, v);
        ev_decref(I, k);
        if (e || ev_tick(I)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    return got < 0 ? -1 : r;
}

static ev_value dm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int merged = 0;
    if (argc > 0 && ev_is(argv[0], EV_O_INSTANCE) && !ev_is(argv[0], EV_O_DICT) &&
        (merged = ev_dict_merge_mapping(I, D, argv[0], false, NULL)) < 0)
        return EV_ERR;
    if (argc > 0 && !merged) {
        ev_value src = ev_mappingproxy_target(argv[0]);
        if (ev_is(src, EV_O_DICT)) {
            ev_dict *s = ev_as_dict(src);
            if (ev_charge(I, (int64_t)(s->used / 16)))
                return EV_ERR;
            for (size_t i = 0; i < s->nentries; i++) {
                if (EV_IS_ERR(s->entries[i].key))
                    continue;
                if (ev_dict_set(I, D, s->entries[i].key, s->entries[i].value))
                    return EV_ERR;
            }
        } else {
            ev_value it = ev_iter(I, src);
            if (EV_IS_ERR(it))
                return it;
            for (size_t n = 0;; n++) {
                ev_value x;
                int r = ev_next(I, it, &x);
                if (r == 0)
                    break;
                if (r < 0) {
                    ev_decref(I, it);
                    return EV_ERR;
                }
                if (!ev_is(x, EV_O_TUPLE) && !ev_is(x, EV_O_LIST)) {
                    /* any iterable of two ("ab"), as PySequence_Fast */
                    ev_value xi = ev_iter(I, x);
                    if (EV_IS_ERR(xi)) {
                        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
                            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_TypeError)) {
                            ev_decref(I, x);
                            ev_decref(I, it);
                            return EV_ERR;
                        }
                        ev_decref(I, I->exc); /* not iterable: the message below */
                        I->exc = EV_NONE;
                    } else {
                        ev_value t = ev_tuple_from_iterable(I, xi);
                        ev_decref(I, xi);
                        ev_decref(I, x);
                        if (EV_IS_ERR(t)) {
                            ev_decref(I, it);
                            return EV_ERR;
                        }
                        x = t;
                    }
                }
                int64_t len = -1;
                if (ev_is(x, EV_O_TUPLE)) len = (int64_t)ev_as_tuple(x)->len;
                else if (ev_is(x, EV_O_LIST)) len = (int64_t)ev_as_list(x)->len;
                if (len != 2) {
                    if (len < 0)
                        ev_raise(I, &ev_type_TypeError,
                                 "cannot convert dictionary update sequence element #%zu to a sequence", n);
                    else
                        ev_raise(I, &ev_type_ValueError,
                                 "dictionary update sequence element #%zu has length %lld; 2 is required",
                                 n, (long long)len);
                    ev_decref(I, x);
                    ev_decref(I, it);
                    return EV_ERR;
                }
                const ev_value *kv = ev_is(x, EV_O_TUPLE) ? ev_as_tuple(x)->items : ev_as_list(x)->items;
                int e = ev_dict_set(I, D, kv[0], kv[1]);
                ev_decref(I, x);
                if (e || ev_tick(I)) {
                    ev_decref(I, it);
                    return EV_ERR;
                }
            }
            ev_decref(I, it);
        }
    }
    for (int i = 0; i < EV_KW_N(kw); i++)
        if (ev_dict_set(I, D, ev_obj_val(&kw->names[i]->h), kw->vals[i]))
            return EV_ERR;
    return EV_NONE;
}

static ev_value dm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    ev_value r = ev_dict_new(I);
    if (EV_IS_ERR(r))
        return r;
    ev_value arg = self;
    ev_value u = dm_update(I, r, 1, &arg, NULL);
    if (EV_IS_ERR(u)) {
        ev_decref(I, r);
        return u;
    }
    return r;
}

static ev_value dm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    ev_dict_clear(I, D);
    return EV_NONE;
}

static ev_value dm_popitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    for (size_t i = D->nentries; i-- > 0;) {
        ev_dict_entry *e = &D->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        ev_value t = ev_tuple_new(I, 2);
        if (EV_IS_ERR(t))
            return t;
        ev_as_tuple(t)->items[0] = ev_dup(e->key);
        ev_as_tuple(t)->items[1] = ev_dup(e->value);
        if (ev_dict_del(I, D, ev_as_tuple(t)->items[0]) < 0) {
            ev_decref(I, t);
            return EV_ERR;
        }
        return t;
    }
    return ev_raise(I, &ev_type_KeyError, "popitem(): dictionary is empty");
}

/* dict.fromkeys(iterable, value=None); self is the dict type */
static ev_value dt_fromkeys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it)) {
        ev_decref(I, d);
        return it;
    }
    ev_value v = argc > 1 ? argv[1] : EV_NONE;
    for (;;) {
        ev_value k;
        int r = ev_next(I, it, &k);
        if (r == 0)
            break;
        if (r > 0) {
            r = ev_dict_set(I, ev_as_dict(d), k, v) ? -1 : 1;
            ev_decref(I, k);
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

const ev_builtin_def ev_dict_type_methods[] = {
    {"fromkeys", dt_fromkeys, 1, 2, 0},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_dict_methods[] = {
    {"get", dm_get, 1, 2, 0},
    {"keys", dm_keys, 0, 0, 0},
    {"values", dm_values, 0, 0, 0},
    {"items", dm_items, 0, 0, 0},
    {"pop", dm_pop, 1, 2, 0},
    {"setdefault", dm_setdefault, 1, 2, 0},
    {"update", dm_update, 0, 1, EV_BF_KWANY},
    {"copy", dm_copy, 0, 0, 0},
    {"clear", dm_clear, 0, 0, 0},
    {"popitem", dm_popitem, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};
