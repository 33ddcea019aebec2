/*
 * iter.c - the native iterators of the builtin types (list, tuple, str,
 * dict and its views, range, set, bytes...) and their next() step.
 */
#include <string.h>
#include "evaluator/ev.h"
#include "evaluator/gen.h"

/* ---- iterators ------------------------------------------------------------------------------ */

/* A zeroed iterator of kind k holding nothing yet; tracked by the cycle
 * collector when it may hold what holds it.  NULL when out of memory. */
static ev_iterobj *iterobj_new(ev_interp *I, ev_iter_kind k, bool track)
{
    ev_iterobj *it = track ? ev_alloc_gc(I, sizeof *it) : ev_alloc(I, sizeof *it);
    if (!it)
        return NULL;
    memset(it, 0, sizeof *it);
    it->h.refcnt = 1;
    it->h.kind = EV_O_ITER;
    it->ik = k;
    it->src = EV_NONE;
    if (track)
        ev_gc_track(I, &it->h);
    return it;
}

ev_value ev_iter_new(ev_interp *I, ev_iter_kind k, ev_value src)
{
    if ((k == EV_IT_DICT_KEYS || k == EV_IT_DICT_VALUES || k == EV_IT_DICT_ITEMS) && ev_as_dict(src)->type &&
        ev_dict_is_ordered(ev_as_dict(src)))
        return ev_odict_iter(I, src, k, false);
    /* an iterator holds its container, which may hold the iterator (a dict
     * keeping iter(d), a list its own iterator): the collector must see
     * them (native iterators are made by ev_native_iter_new) */
    ev_iterobj *it = iterobj_new(I, k, src.tag == EV_T_OBJ);
    if (!it)
        return ev_raise_nomem(I);
    it->src = ev_dup(src);
    if (k == EV_IT_DICT_KEYS || k == EV_IT_DICT_VALUES || k == EV_IT_DICT_ITEMS) {
        it->version = ev_as_dict(src)->version;
        it->dict_used = ev_as_dict(src)->used;
        it->end = (int64_t)ev_as_dict(src)->used; /* keys still expected (CPython's di->len) */
    }
    if (k == EV_IT_REVERSED_LIST || k == EV_IT_REVERSED_SEQ || k == EV_IT_DEQUE_REVERSED)
        it->pos = (int64_t)ev_as_list(src)->len - 1;
    if (k == EV_IT_DICT_REVKEYS || k == EV_IT_DICT_REVVALUES || k == EV_IT_DICT_REVITEMS) {
        /* backwards over the entries, as CPython's dictreviter */
        it->pos = (int64_t)ev_as_dict(src)->nentries - 1;
        it->dict_used = ev_as_dict(src)->used;
    }
    if (k == EV_IT_SET)
        it->dict_used = ((ev_set *)src.u.o)->used;
    return ev_obj_val(&it->h);
}

ev_value ev_native_iter_new(ev_interp *I, const ev_native_iter_type *nt, size_t state_size)
{
    /* tracked when its type can show the collector what the state holds: a
     * list holding cycle(list), an OrderedDict its own iterator are cycles
     * through the state */
    ev_iterobj *it = iterobj_new(I, EV_IT_NATIVE, nt->traverse != NULL);
    if (!it)
        return ev_raise_nomem(I);
    ev_value v = ev_obj_val(&it->h);
    it->state = ev_alloc(I, state_size ? state_size : 1);
    if (!it->state) {
        ev_decref(I, v); /* nt still NULL: no free hook, no traversal */
        return ev_raise_nomem(I);
    }
    memset(it->state, 0, state_size ? state_size : 1);
    it->nt = nt;
    return v;
}

/* What a native iterator becomes once the cycle collector emptied it:
 * exhausted and holding nothing (its state block stays until it is freed). */
static int cleared_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    (void)I, (void)it, (void)out;
    return 0;
}

static void cleared_free(ev_interp *I, ev_iterobj *it) { (void)I, (void)it; }

static const ev_native_iter_type cleared_iter_type = {"iterator", cleared_next, cleared_free, NULL, NULL, NULL};

void ev_native_iter_clear(ev_interp *I, ev_iterobj *it)
{
    const ev_native_iter_type *nt = it->nt;
    if (!nt || nt == &cleared_iter_type)
        return;
    /* switched first: whatever the releases below free sees an exhausted
     * iterator, and the free hook never runs twice */
    it->nt = &cleared_iter_type;
    nt->free(I, it);
}

/* zip(strict=True) ended at argument i: every argument must end together,
 * with CPython's messages. */
static int zip_strict_end(ev_interp *I, ev_tuple *its, size_t i)
{
    if (i) {
        ev_raise(I, &ev_type_ValueError, "zip() argument %zu is shorter than argument%s%zu", i + 1,
                 i == 1 ? " " : "s 1-", i);
        return -1;
    }
    for (i = 1; i < its->len; i++) {
        ev_value x;
        int r = ev_next(I, its->items[i], &x);
        if (r < 0)
            return -1;
        if (r > 0) {
            ev_decref(I, x);
            ev_raise(I, &ev_type_ValueError, "zip() argument %zu is longer than argument%s%zu", i + 1,
                     i == 1 ? " " : "s 1-", i);
            return -1;
        }
    }
    return 0;
}

/* A StopIteration raised inside a builtin iterator's step (map's or
 * filter's function, a key function...) ends the iteration, as CPython's
 * tp_iternext callers clear it; ev_next_raw leaves it pending, for `yield
 * from` which takes its value. */
int ev_next(ev_interp *I, ev_value itv, ev_value *out)
{
    int r = ev_next_raw(I, itv, out);
    if (r < 0 && !I->limit && ev_is(itv, EV_O_ITER) && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return 0;
    }
    return r;
}

int ev_next_raw(ev_interp *I, ev_value itv, ev_value *out)
{
    if (ev_is_plain_gen(itv))
        return ev_gen_next(I, (ev_gen *)itv.u.o, out);
    if (ev_is_awaiter(itv)) {
        /* coroutine_wrapper, asend...: their end is StopIteration(value) */
        int r = ev_awaiter_next(I, itv, out);
        if (r < 0 && !I->limit && ev_is(I->exc, EV_O_EXC) &&
            ((ev_exc *)I->exc.u.o)->type == &ev_type_StopIteration) {
            ev_decref(I, I->exc);
            I->exc = EV_NONE;
            return 0;
        }
        return r;
    }
    if (ev_is_user(itv) && !(itv.u.o->flags & EV_OBJ_SUB))
        return ev_user_next(I, itv, out);
    if (!ev_is(itv, EV_O_ITER)) {
        ev_raise(I, &ev_type_TypeError, "'%s' object is not an iterator", ev_type_name(itv));
        return -1;
    }
    if (itv.u.o->flags & EV_OBJ_SUB) {
        /* class M(map) with its own __next__ (its StopIteration stays pending) */
        int got = ev_dunder(I, itv, EV_DN_NEXT, 0, NULL, out);
        if (got)
            return got < 0 ? -1 : 1;
    }
    return ev_iter_builtin_next(I, itv, out);
}

/* The builtin iterator's own step, never a subclass's __next__ (what
 * map.__next__ and super().__next__() reach). */
int ev_iter_builtin_next(ev_interp *I, ev_value itv, ev_value *out)
{
    ev_iterobj *it = (ev_iterobj *)itv.u.o;
    switch (it->ik) {
    case EV_IT_LIST: {
        ev_list *l = ev_as_list(it->src);
        if ((size_t)it->pos >= l->len) {
            it->pos = INT64_MAX; /* finished for good, as CPython's (it_seq = NULL) */
            return 0;
        }
        *out = ev_dup(l->items[it->pos++]);
        return 1;
    }
    case EV_IT_REVERSED_SEQ:
    case EV_IT_DEQUE_REVERSED:
    case EV_IT_REVERSED_LIST: {
        ev_list *l = ev_as_list(it->src);
        if (it->pos < 0 || (size_t)it->pos >= l->len) {
            it->pos = -1; /* finished for good */
            return 0;
        }
        *out = ev_dup(l->items[it->pos--]);
        return 1;
    }
    case EV_IT_TUPLE: {
        ev_tuple *t = ev_as_tuple(it->src);
        if ((size_t)it->pos >= t->len)
            return 0;
        *out = ev_dup(t->items[it->pos++]);
        return 1;
    }
    case EV_IT_STR: {
        ev_str *s = ev_as_str(it->src);
        if ((size_t)it->pos >= s->len)
            return 0;
        size_t p = (size_t)it->pos;
        *out = ev_str_char_at(I, s, &p);
        it->pos = (int64_t)p;
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    case EV_IT_RANGE: {
        ev_range *r = (ev_range *)it->src.u.o;
        if (it->pos >= r->len)
            return 0;
        *out = ev_int(r->start + it->pos * r->step);
        it->pos++;
        return 1;
    }
    case EV_IT_DICT_KEYS:
    case EV_IT_DICT_VALUES:
    case EV_IT_DICT_ITEMS:
    case EV_IT_DICT_REVKEYS:
    case EV_IT_DICT_REVVALUES:
    case EV_IT_DICT_REVITEMS: {
        /* pos -1 forwards, INT64_MIN backwards: finished, and CPython's
         * iterator then has let go of the dict (no error if it changed) */
        bool rev = it->ik >= EV_IT_DICT_REVKEYS;
        if (it->pos == (rev ? INT64_MIN : -1))
            return 0;
        ev_dict *d = ev_as_dict(it->src);
        if (d->used != it->dict_used) {
            it->dict_used = SIZE_MAX; /* sticky, as CPython's di_used = -1 */
            ev_raise(I, &ev_type_RuntimeError, "dictionary changed size during iteration");
            return -1;
        }
        ev_dict_entry *e;
        if (rev) {
            if (it->pos >= (int64_t)d->nentries) /* the entries were rebuilt */
                it->pos = (int64_t)d->nentries - 1;
            while (it->pos >= 0 && EV_IS_ERR(d->entries[it->pos].key))
                it->pos--;
            if (it->pos < 0) {
                it->pos = INT64_MIN;
                return 0;
            }
            e = &d->entries[it->pos--];
        } else {
            while ((size_t)it->pos < d->nentries && EV_IS_ERR(d->entries[it->pos].key))
                it->pos++;
            if ((size_t)it->pos >= d->nentries) {
                it->pos = -1;
                return 0;
            }
            if (it->end-- <= 0) {
                /* as many keys as there were, but more to come: some
                 * were deleted and as many added */
                it->pos = -1;
                ev_raise(I, &ev_type_RuntimeError, "dictionary keys changed during iteration");
                return -1;
            }
            e = &d->entries[it->pos++];
        }
        ev_iter_kind kind = rev ? it->ik - (EV_IT_DICT_REVKEYS - EV_IT_DICT_KEYS) : it->ik;
        if (kind == EV_IT_DICT_KEYS) {
            *out = ev_dup(e->key);
        } else if (kind == EV_IT_DICT_VALUES) {
            *out = ev_dup(e->value);
        } else {
            ev_value t = ev_tuple_new(I, 2);
            if (EV_IS_ERR(t))
                return -1;
            ev_as_tuple(t)->items[0] = ev_dup(e->key);
            ev_as_tuple(t)->items[1] = ev_dup(e->value);
            *out = t;
        }
        return 1;
    }
    case EV_IT_ENUMERATE: {
        ev_value x;
        int r = ev_next(I, it->src, &x);
        if (r <= 0)
            return r;
        ev_value t = ev_tuple_new(I, 2);
        if (EV_IS_ERR(t)) {
            ev_decref(I, x);
            return -1;
        }
        if (it->pos == INT64_MAX) { /* enumerate() keeps a margin of 2^40 items */
            ev_decref(I, t);
            ev_decref(I, x);
            ev_raise(I, &ev_type_OverflowError, "enumerate count past 2**63");
            return -1;
        }
        ev_as_tuple(t)->items[0] = ev_int(it->pos++);
        ev_as_tuple(t)->items[1] = x;
        *out = t;
        return 1;
    }
    case EV_IT_BIGRANGE:
        return ev_bigrange_next(I, it->src, &it->pos, out);
    case EV_IT_NATIVE:
        if (ev_tick(I))
            return -1;
        return it->nt->next(I, it, out);
    case EV_IT_MAP: {
        ev_tuple *st = ev_as_tuple(it->src);
        size_t n = st->len - 1;
        ev_value args[16];
        for (size_t i = 0; i < n; i++) {
            int r = ev_next(I, st->items[i + 1], &args[i]);
            if (r <= 0) {
                for (size_t k = 0; k < i; k++)
                    ev_decref(I, args[k]);
                return r;
            }
        }
        *out = ev_call(I, st->items[0], (int)n, args, 0, NULL, NULL);
        for (size_t k = 0; k < n; k++)
            ev_decref(I, args[k]);
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    case EV_IT_FILTER: {
        ev_tuple *st = ev_as_tuple(it->src);
        for (;;) {
            ev_value x;
            int r = ev_next(I, st->items[1], &x);
            if (r <= 0)
                return r;
            int t;
            if (st->items[0].tag == EV_T_NONE) {
                t = ev_truth(I, x);
            } else {
                ev_value c = ev_call(I, st->items[0], 1, &x, 0, NULL, NULL);
                t = EV_IS_ERR(c) ? -1 : ev_truth(I, c);
                if (!EV_IS_ERR(c))
                    ev_decref(I, c);
            }
            if (t > 0) {
                *out = x;
                return 1;
            }
            ev_decref(I, x);
            if (t < 0 || ev_tick(I))
                return -1;
        }
    }
    case EV_IT_ZIP: {
        ev_tuple *its = ev_as_tuple(it->src);
        if (its->len == 0)
            return 0;
        ev_value t = ev_tuple_new(I, its->len);
        if (EV_IS_ERR(t))
            return -1;
        for (size_t i = 0; i < its->len; i++) {
            ev_value x;
            int r = ev_next(I, its->items[i], &x);
            if (r <= 0) {
                ev_decref(I, t);
                if (r == 0 && it->step == 1)
                    return zip_strict_end(I, its, i);
                return r;
            }
            ev_as_tuple(t)->items[i] = x;
        }
        *out = t;
        return 1;
    }
    case EV_IT_SET:
        return ev_set_iter_next(I, it, out);
    }
    return 0;
}

/* The builtin iterators' __length_hint__, as CPython's (listiter_len,
 * listreviter_len, reversed_len, tupleiter_len, unicodeiter_len,
 * rangeiter_len, dictiter_len, dequeiter_len): 1 with *out; 0 when the
 * iterator has none (enumerate, zip, map, filter: the caller's default);
 * -1 for the kinds not modelled here (the caller says so).  Runs no
 * Python code. */
int ev_iter_length_hint(ev_value itv, int64_t *out)
{
    ev_iterobj *it = (ev_iterobj *)itv.u.o;
    int64_t n = 0;
    switch (it->ik) {
    case EV_IT_LIST:
        n = (int64_t)ev_as_list(it->src)->len - it->pos;
        break;
    case EV_IT_REVERSED_LIST:
    case EV_IT_REVERSED_SEQ:
    case EV_IT_DEQUE_REVERSED:
        n = it->pos >= 0 && (size_t)it->pos < ev_as_list(it->src)->len ? it->pos + 1 : 0;
        break;
    case EV_IT_TUPLE:
        n = (int64_t)ev_as_tuple(it->src)->len - it->pos;
        break;
    case EV_IT_STR: {
        const ev_str *s = ev_as_str(it->src);
        if (s->ascii) {
            n = (int64_t)s->len - it->pos;
            break;
        }
        for (size_t i = (size_t)it->pos; i < s->len; i++) /* code points left: their lead bytes */
            n += ((unsigned char)s->data[i] & 0xC0) != 0x80;
        break;
    }
    case EV_IT_RANGE:
        n = ((ev_range *)it->src.u.o)->len - it->pos;
        break;
    case EV_IT_DICT_KEYS:
    case EV_IT_DICT_VALUES:
    case EV_IT_DICT_ITEMS:
        /* what is still expected, while the dict kept its size */
        n = it->pos != -1 && ev_as_dict(it->src)->used == it->dict_used ? it->end : 0;
        break;
    case EV_IT_ENUMERATE:
    case EV_IT_ZIP:
    case EV_IT_MAP:
    case EV_IT_FILTER:
        return 0;
    default:
        return -1;
    }
    *out = n > 0 ? n : 0;
    return 1;
}

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void iter_free(ev_interp *I, ev_obj *o)
{
    ev_iterobj *it = (ev_iterobj *)o;
    if (it->ik == EV_IT_NATIVE && it->nt) {
        it->nt->free(I, it);
        ev_dealloc(I, it->state);
    }
    ev_decref(I, it->src);
}

static void iter_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_iterobj *it = (ev_iterobj *)o;
    if (it->ik != EV_IT_NATIVE)
        visit(I, it->src, arg);
    else if (it->nt && it->nt->traverse) /* nt NULL: its state failed to allocate */
        it->nt->traverse(I, it, visit, arg);
}

/* A native iterator's state (itertools, deque and OrderedDict
 * iterators...) is released: it may hold itself back through values it
 * took from its source (groupby's current value, accumulate's total,
 * pairwise's last item), which no container clear reaches; it becomes an
 * exhausted iterator.  Any other iterator is kept: its one reference is
 * its container, which is in the same garbage and cleared, so the cycle
 * breaks there; code run while collecting (a generator's finally) still
 * sees a valid iterator. */
static void iter_clear(ev_interp *I, ev_obj *o)
{
    if (((ev_iterobj *)o)->ik == EV_IT_NATIVE)
        ev_native_iter_clear(I, (ev_iterobj *)o);
}

static ev_value iter_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    ev_obj *o = v.u.o;
    if (o->flags & EV_OBJ_SUB)
        return ev_object_repr(I, v); /* <__main__.M object at ...> */
    if (((ev_iterobj *)o)->ik == EV_IT_NATIVE && ((ev_iterobj *)o)->nt->repr)
        return ((ev_iterobj *)o)->nt->repr(I, (ev_iterobj *)o);
    snprintf(tmp, sizeof tmp, "<%s object at 0x%08llx>", ev_type_name(v), (unsigned long long)(uintptr_t)o);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_iterator_ops = {
    .name = "iterator",
    .free = iter_free,
    .traverse = iter_traverse,
    .clear = iter_clear,
    .repr = iter_repr,
    .hash = ev_hash_identity,
};
