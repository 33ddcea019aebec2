/*
 * set.c - set and frozenset, laid out and probed exactly like CPython 3.11's
 * Objects/setobject.c.
 *
 * Why copy the table algorithm and not just "a hash set": Python programs
 * print sets, and the order they print in is the order of CPython's table
 * (hash & mask, nine linear probes, then perturbed probing; the growth
 * rule; dummies left by discard; which operand each operation walks).  Ints,
 * floats and tuples hash as in CPython, so sets of them print the same.
 *
 * Table slots: empty = key tagged EV_T_ERR with hash 0; dummy (deleted) =
 * key tagged EV_T_ERR with hash -1; otherwise active.  No live key hashes
 * to -1 (CPython reserves it), so `entry->hash == hash` never matches a
 * dummy.
 *
 * A key's __hash__ and __eq__ may run any code, which may change or free
 * any set or dict, this one included.  As CPython's setobject.c: a probe
 * holds the table key it compares and starts over when the table or the
 * slot changed (set_lookkey, set_add_entry); set_add_entry holds the key
 * it adds; a walk over another table re-reads that table and its mask at
 * every step and holds the key it looks up; a release happens once the
 * table is whole again.
 */
#include <string.h>

#include "evaluator/node.h"

#define SET_MINSIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

ev_value ev_ctor_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_ctor_frozenset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

ev_type ev_type_set = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                       .name = "set", .call = ev_ctor_set, .methods = ev_set_methods,
                       .min_args = 0, .max_args = 1};
ev_type ev_type_frozenset = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                             .name = "frozenset", .call = ev_ctor_frozenset,
                             .methods = ev_frozenset_methods, .min_args = 0, .max_args = 1};

static bool slot_empty(const ev_set_entry *e) { return e->key.tag == EV_T_ERR && e->hash == 0; }
static bool slot_active(const ev_set_entry *e) { return e->key.tag != EV_T_ERR; }

static bool same_key(ev_value a, ev_value b)
{
    if (a.tag != b.tag)
        return false;
    if (a.tag == EV_T_OBJ)
        return a.u.o == b.u.o;
    return a.u.i == b.u.i;
}

static ev_set_entry *table_alloc(ev_interp *I, size_t size)
{
    if (size > SIZE_MAX / sizeof(ev_set_entry) / 4) {
        ev_raise_nomem(I);
        return NULL;
    }
    ev_set_entry *t = ev_alloc(I, size * sizeof *t);
    if (!t) {
        ev_raise_nomem(I);
        return NULL;
    }
    for (size_t i = 0; i < size; i++) {
        t[i].hash = 0;
        t[i].key = EV_ERR;
    }
    return t;
}

static ev_set *set_alloc(ev_interp *I, bool frozen)
{
    ev_set *s = ev_alloc_gc(I, sizeof *s);
    if (!s) {
        ev_raise_nomem(I);
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->h.refcnt = 1;
    s->h.kind = frozen ? EV_O_FROZENSET : EV_O_SET;
    ev_gc_track(I, &s->h);
    s->mask = SET_MINSIZE - 1;
    s->hash = -1;
    if (!(s->table = table_alloc(I, SET_MINSIZE))) {
        ev_dealloc(I, s);
        return NULL;
    }
    return s;
}

ev_value ev_set_new(ev_interp *I, bool frozen)
{
    ev_set *s = set_alloc(I, frozen);
    return s ? ev_obj_val(&s->h) : EV_ERR;
}

static void set_release(ev_interp *I, ev_set *s) { ev_decref(I, ev_obj_val(&s->h)); }

void ev_set_free(ev_interp *I, ev_set *s)
{
    ev_set_entry *t = s->table;
    size_t n = s->mask + 1;
    s->table = NULL;
    s->used = s->fill = 0;
    for (size_t i = 0; t && i < n; i++)
        if (slot_active(&t[i]))
            ev_decref(I, t[i].key);
    ev_dealloc(I, t);
}

/* ---- probing (set_lookkey, set_add_entry, set_insert_clean) --------------------------- */

/* Two exact strs compare without running code. */
static bool plain_str_eq(ev_value a, ev_value b)
{
    if (!(a.tag == EV_T_OBJ && a.u.o->kind == EV_O_STR && !(a.u.o->flags & EV_OBJ_SUB) &&
          b.tag == EV_T_OBJ && b.u.o->kind == EV_O_STR && !(b.u.o->flags & EV_OBJ_SUB)))
        return false;
    const ev_str *x = ev_as_str(a), *y = ev_as_str(b);
    return x->len == y->len && memcmp(x->data, y->data, x->len) == 0;
}

/* ev_eq of the table key in e and key, where __eq__ may run any code: the
 * table key is held while it runs (the caller holds key).  *changed says
 * the table or that slot changed meanwhile (e may dangle then). */
static int eq_held(ev_interp *I, ev_set *s, ev_set_entry *e, ev_value key, bool *changed)
{
    ev_set_entry *table = s->table;
    ev_value start = ev_dup(e->key);
    int r = ev_eq(I, start, key);
    *changed = s->table != table || !same_key(e->key, start);
    ev_decref(I, start);
    return r;
}

/* set_lookkey: the slot holding key, or the empty slot that ends its
 * probe sequence; NULL on a comparison error.  The caller holds key.
 * When an __eq__ changed the table or the slot the probe starts over. */
static ev_set_entry *lookkey(ev_interp *I, ev_set *s, ev_value key, int64_t hash)
{
restart:;
    size_t mask = s->mask, i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    for (;;) {
        ev_set_entry *e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (slot_empty(e))
                return e;
            if (e->hash == hash && slot_active(e)) {
                if (same_key(e->key, key) || plain_str_eq(e->key, key))
                    return e;
                bool changed;
                int r = eq_held(I, s, e, key, &changed);
                if (r < 0)
                    return NULL;
                if (changed)
                    goto restart;
                if (r)
                    return e;
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + (size_t)perturb) & mask;
    }
}

/* Insert a key known to be absent into a table without dummies. */
static void insert_clean(ev_set_entry *table, size_t mask, ev_value key, int64_t hash)
{
    size_t i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    for (;;) {
        ev_set_entry *e = &table[i];
        if (slot_empty(e))
            goto found;
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (slot_empty(e))
                    goto found;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + (size_t)perturb) & mask;
        continue;
    found:
        e->key = key;
        e->hash = hash;
        return;
    }
}

/* set_table_resize: rebuild into the smallest power of two > minused,
 * dropping dummies.  Keys move in old table order, which fixes the new order. */
static int table_resize(ev_interp *I, ev_set *s, size_t minused)
{
    size_t newsize = SET_MINSIZE;
    while (newsize <= minused) {
        if (newsize > SIZE_MAX / 4) {
            ev_raise_nomem(I);
            return -1;
        }
        newsize <<= 1;
    }
    /* CPython keeps its 8-slot small table in place when nothing is to
     * be gained; rebuilding would move nothing either, but skip the work. */
    if (newsize == SET_MINSIZE && s->mask == SET_MINSIZE - 1 && s->fill == s->used)
        return 0;
    if (ev_charge(I, (int64_t)(s->mask / 8 + newsize / 8 + 1)))
        return -1;
    ev_set_entry *nt = table_alloc(I, newsize), *old = s->table;
    if (!nt)
        return -1;
    size_t oldsize = s->mask + 1;
    for (size_t i = 0; i < oldsize; i++)
        if (slot_active(&old[i]))
            insert_clean(nt, newsize - 1, old[i].key, old[i].hash);
    s->table = nt;
    s->mask = newsize - 1;
    s->fill = s->used;
    ev_dealloc(I, old);
    return 0;
}

/* set_add_entry: add key (borrowed; the table takes its own reference).
 * The key is held from the start, as CPython's: an __eq__ run by the probe
 * may drop the caller's reference (a key borrowed from another table). */
static int add_entry(ev_interp *I, ev_set *s, ev_value key, int64_t hash)
{
    key = ev_dup(key);
restart:;
    size_t mask = s->mask, i = (size_t)hash & mask;
    uint64_t perturb = (uint64_t)hash;
    ev_set_entry *freeslot = NULL, *e;
    for (;;) {
        e = &s->table[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (slot_empty(e))
                goto found_unused_or_dummy;
            if (e->hash == hash && slot_active(e)) {
                if (same_key(e->key, key) || plain_str_eq(e->key, key))
                    goto found_active;
                bool changed;
                int r = eq_held(I, s, e, key, &changed);
                /* CPython takes an equal key as found even when the
                 * table changed, and starts over only on a miss */
                if (r > 0)
                    goto found_active;
                if (r < 0) {
                    ev_decref(I, key);
                    return -1;
                }
                if (changed)
                    goto restart;
                mask = s->mask;
            } else if (!slot_active(e) && e->hash == -1) {
                freeslot = e; /* a dummy: CPython reuses the last one seen */
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + (size_t)perturb) & mask;
    }
found_unused_or_dummy:
    if (freeslot) {
        /* reusing a dummy changes neither fill nor the need to grow */
        freeslot->key = key;
        freeslot->hash = hash;
        s->used++;
        return 0;
    }
    e->key = key;
    e->hash = hash;
    s->fill++;
    s->used++;
    if (s->fill * 5 < mask * 3)
        return 0;
    return table_resize(I, s, s->used > 50000 ? s->used * 2 : s->used * 4);
found_active:
    ev_decref(I, key);
    return 0;
}

static int contains_entry(ev_interp *I, ev_set *s, ev_value key, int64_t hash)
{
    ev_set_entry *e = lookkey(I, s, key, hash);
    return e ? slot_active(e) : -1;
}

/* 1 found and removed, 0 absent, -1 error.  Leaves a dummy, never shrinks. */
static int discard_entry(ev_interp *I, ev_set *s, ev_value key, int64_t hash)
{
    ev_set_entry *e = lookkey(I, s, key, hash);
    if (!e)
        return -1;
    if (!slot_active(e))
        return 0;
    ev_value old = e->key;
    e->key = EV_ERR;
    e->hash = -1;
    s->used--;
    ev_decref(I, old);
    return 1;
}

/* The hash of a key; a set used as a key is looked up as the equal
 * frozenset would be (CPython does this for `in`, remove and discard). */
static int key_hash(ev_interp *I, ev_value key, bool set_as_frozen, int64_t *h)
{
    if (set_as_frozen && ev_is(key, EV_O_SET))
        return ev_set_hash(I, (ev_set *)key.u.o, h);
    return ev_hash(I, key, h);
}

int ev_set_add(ev_interp *I, ev_set *s, ev_value key)
{
    int64_t h;
    if (ev_hash(I, key, &h))
        return -1;
    return add_entry(I, s, key, h);
}

int ev_set_contains(ev_interp *I, ev_set *s, ev_value key)
{
    int64_t h;
    if (key_hash(I, key, true, &h))
        return -1;
    return contains_entry(I, s, key, h);
}

/* set_contains_key: a set key is unhashable here (only `in`, remove and
 * discard look it up as a frozenset). */
static int contains_key(ev_interp *I, ev_set *s, ev_value key)
{
    int64_t h;
    if (ev_hash(I, key, &h))
        return -1;
    return contains_entry(I, s, key, h);
}

static void set_clear(ev_interp *I, ev_set *s)
{
    ev_set_entry *t = table_alloc(I, SET_MINSIZE);
    if (!t) {
        /* cannot even get 8 slots: empty the old table in place */
        ev_set_entry *old = s->table;
        for (size_t i = 0; i <= s->mask; i++) {
            ev_value k = old[i].key;
            old[i].key = EV_ERR;
            old[i].hash = 0;
            if (k.tag != EV_T_ERR)
                ev_decref(I, k);
        }
        s->used = s->fill = 0;
        return;
    }
    ev_set tmp = *s;
    s->table = t;
    s->mask = SET_MINSIZE - 1;
    s->used = s->fill = 0;
    s->hash = -1;
    ev_set_free(I, &tmp); /* detached first: decrefs cannot see a half-cleared set */
}

/* ---- bulk updates ------------------------------------------------------------------ */

static int update(ev_interp *I, ev_set *s, ev_value other);

/* set.__init__ on a set already made (CPython's set_init): emptied, then
 * filled from src (EV_ERR: none), so s.__init__(s) leaves it empty */
int ev_set_reinit(ev_interp *I, ev_set *s, ev_value src)
{
    if (s->used || s->fill)
        set_clear(I, s);
    return EV_IS_ERR(src) ? 0 : update(I, s, src);
}

static ev_set *as_set(ev_value v) { return (ev_set *)v.u.o; }

/* set_merge: add every key of other. */
static int merge(ev_interp *I, ev_set *s, ev_set *o)
{
    if (o == s || o->used == 0)
        return 0;
    if (ev_charge(I, (int64_t)(o->mask + 1)))
        return -1;
    if ((s->fill + o->used) * 5 >= s->mask * 3 &&
        table_resize(I, s, (s->used + o->used) * 2))
        return -1;
    if (s->fill == 0 && s->mask == o->mask && o->fill == o->used) {
        /* same size, no dummies: slot for slot */
        for (size_t i = 0; i <= o->mask; i++) {
            if (slot_active(&o->table[i])) {
                s->table[i].key = ev_dup(o->table[i].key);
                s->table[i].hash = o->table[i].hash;
            }
        }
        s->fill = o->fill;
        s->used = o->used;
        return 0;
    }
    if (s->fill == 0) {
        for (size_t i = 0; i <= o->mask; i++)
            if (slot_active(&o->table[i]))
                insert_clean(s->table, s->mask, ev_dup(o->table[i].key), o->table[i].hash);
        s->fill = s->used = o->used;
        return 0;
    }
    for (size_t i = 0; i <= o->mask; i++) {
        ev_set_entry *e = &o->table[i];
        if (slot_active(e) && add_entry(I, s, e->key, e->hash))
            return -1;
    }
    return 0;
}

/* A dict CPython's set code walks directly (PyDict_CheckExact): not a
 * subclass, whose own __iter__ decides what it holds. */
static bool exact_dict(ev_value v)
{
    return ev_is(v, EV_O_DICT) && !(v.u.o->flags & EV_OBJ_SUB) && !ev_as_dict(v)->type;
}

/* A key of a table (entry e), held while code may run: another table's
 * key is only borrowed, and an __eq__ may clear that table. */
static ev_value held_key(const ev_set_entry *e) { return ev_dup(e->key); }

static int update_dict(ev_interp *I, ev_set *s, ev_dict *d)
{
    if ((s->fill + d->used) * 5 >= s->mask * 3 && table_resize(I, s, (s->used + d->used) * 2))
        return -1;
    if (ev_charge(I, (int64_t)d->nentries))
        return -1;
    for (size_t i = 0; i < d->nentries; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (!EV_IS_ERR(e->key) && add_entry(I, s, e->key, e->hash))
            return -1;
    }
    return 0;
}

static int update_iterable(ev_interp *I, ev_set *s, ev_value src)
{
    ev_value it = ev_iter(I, src);
    if (EV_IS_ERR(it))
        return -1;
    int r;
    for (;;) {
        ev_value x;
        r = ev_next(I, it, &x);
        if (r <= 0)
            break;
        r = ev_set_add(I, s, x);
        ev_decref(I, x);
        if (r)
            break;
        if ((r = ev_tick(I)))
            break;
    }
    ev_decref(I, it);
    return r < 0 ? -1 : 0;
}

/* set_update_internal */
static int update(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is_anyset(other))
        return merge(I, s, as_set(other));
    if (exact_dict(other))
        return update_dict(I, s, ev_as_dict(other));
    return update_iterable(I, s, other);
}

/* make_new_set: a new set or frozenset filled from an iterable. */
static ev_set *new_from(ev_interp *I, bool frozen, ev_value src)
{
    ev_set *r = set_alloc(I, frozen);
    if (r && update(I, r, src)) {
        set_release(I, r);
        return NULL;
    }
    return r;
}

static ev_set *copy_of(ev_interp *I, ev_set *s)
{
    return new_from(I, s->h.kind == EV_O_FROZENSET, ev_obj_val(&s->h));
}

/* Swap the tables of two sets (intersection_update builds a new one). */
static void swap_bodies(ev_set *a, ev_set *b)
{
    ev_set t = *a;
    a->table = b->table;
    a->fill = b->fill;
    a->used = b->used;
    a->mask = b->mask;
    b->table = t.table;
    b->fill = t.fill;
    b->used = t.used;
    b->mask = t.mask;
    a->hash = b->hash = -1;
}

/* ---- the set algebra (each walks the operand CPython walks) ---------------------------- */

static ev_set *intersection(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is(other, EV_O_SET) || ev_is(other, EV_O_FROZENSET)) {
        if (as_set(other) == s)
            return copy_of(I, s);
    }
    ev_set *r = set_alloc(I, s->h.kind == EV_O_FROZENSET);
    if (!r)
        return NULL;
    if (ev_is_anyset(other)) {
        ev_set *o = as_set(other);
        if (o->used > s->used) {
            ev_set *t = s;
            s = o;
            o = t;
        }
        if (ev_charge(I, (int64_t)(o->mask + 1)))
            goto fail;
        for (size_t i = 0; i <= o->mask; i++) {
            ev_set_entry *e = &o->table[i];
            if (!slot_active(e))
                continue;
            int64_t h = e->hash;
            ev_value k = held_key(e);
            int c = contains_entry(I, s, k, h);
            if (c > 0)
                c = add_entry(I, r, k, h) ? -1 : 1;
            ev_decref(I, k);
            if (c < 0)
                goto fail;
        }
        return r;
    }
    ev_value it = ev_iter(I, other);
    if (EV_IS_ERR(it))
        goto fail;
    for (;;) {
        ev_value x;
        int64_t h;
        int n = ev_next(I, it, &x);
        if (n == 0)
            break;
        if (n < 0) {
            ev_decref(I, it);
            goto fail;
        }
        int c = ev_hash(I, x, &h) ? -1 : contains_entry(I, s, x, h);
        if (c > 0)
            c = add_entry(I, r, x, h) ? -1 : 1;
        ev_decref(I, x);
        if (c < 0 || ev_tick(I)) {
            ev_decref(I, it);
            goto fail;
        }
        if (c && r->used >= s->used)
            break; /* everything in s is already in r */
    }
    ev_decref(I, it);
    return r;
fail:
    set_release(I, r);
    return NULL;
}

/* set_difference_update_internal */
static int difference_update(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is_anyset(other) && as_set(other) == s) {
        set_clear(I, s);
        return 0;
    }
    if (ev_is_anyset(other)) {
        ev_set *o = as_set(other), *tmp = NULL;
        /* other much larger: walk only what the two share */
        if ((o->used >> 3) > s->used) {
            if (!(tmp = intersection(I, s, other)))
                return -1;
            o = tmp;
        }
        int r = ev_charge(I, (int64_t)(o->mask + 1));
        for (size_t i = 0; r == 0 && i <= o->mask; i++) {
            ev_set_entry *e = &o->table[i];
            if (!slot_active(e))
                continue;
            int64_t h = e->hash;
            ev_value k = held_key(e);
            if (discard_entry(I, s, k, h) < 0)
                r = -1;
            ev_decref(I, k);
        }
        if (tmp)
            set_release(I, tmp);
        if (r)
            return -1;
    } else {
        ev_value it = ev_iter(I, other);
        if (EV_IS_ERR(it))
            return -1;
        int r;
        for (;;) {
            ev_value x;
            int64_t h;
            r = ev_next(I, it, &x);
            if (r <= 0)
                break;
            r = key_hash(I, x, false, &h) ? -1 : discard_entry(I, s, x, h);
            ev_decref(I, x);
            if (r < 0 || (r = ev_tick(I)) < 0)
                break;
        }
        ev_decref(I, it);
        if (r < 0)
            return -1;
    }
    /* more than a quarter dummies: resize them away */
    if (s->fill - s->used <= s->mask / 4)
        return 0;
    return table_resize(I, s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

static ev_set *difference(ev_interp *I, ev_set *s, ev_value other)
{
    ev_set *r;
    size_t osize;
    if (ev_is_anyset(other))
        osize = as_set(other)->used;
    else if (exact_dict(other))
        osize = ev_as_dict(other)->used;
    else
        goto copy_and_difference;
    if ((s->used >> 2) > osize)
        goto copy_and_difference;
    r = set_alloc(I, s->h.kind == EV_O_FROZENSET);
    if (!r)
        return NULL;
    if (ev_charge(I, (int64_t)(s->mask + 1)))
        goto fail;
    for (size_t i = 0; i <= s->mask; i++) {
        ev_set_entry *e = &s->table[i];
        if (!slot_active(e))
            continue;
        int c;
        int64_t h = e->hash;
        ev_value k = held_key(e);
        if (ev_is(other, EV_O_DICT)) {
            ev_value v;
            c = ev_dict_get_hashed(I, ev_as_dict(other), k, h, &v); /* the known hash */
            if (c == 1)
                ev_decref(I, v);
        } else {
            c = contains_entry(I, as_set(other), k, h);
        }
        if (c == 0)
            c = add_entry(I, r, k, h);
        ev_decref(I, k);
        if (c < 0)
            goto fail;
    }
    return r;
fail:
    set_release(I, r);
    return NULL;
copy_and_difference:
    r = copy_of(I, s);
    if (r && difference_update(I, r, other)) {
        set_release(I, r);
        return NULL;
    }
    return r;
}

static int symmetric_difference_update(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is_anyset(other) && as_set(other) == s) {
        set_clear(I, s);
        return 0;
    }
    if (exact_dict(other)) {
        ev_dict *d = ev_as_dict(other);
        if (ev_charge(I, (int64_t)d->nentries))
            return -1;
        for (size_t i = 0; i < d->nentries; i++) {
            ev_dict_entry *e = &d->entries[i];
            if (EV_IS_ERR(e->key))
                continue;
            int64_t h = e->hash;
            ev_value k = ev_dup(e->key);
            int r = discard_entry(I, s, k, h);
            if (r == 0)
                r = add_entry(I, s, k, h);
            ev_decref(I, k);
            if (r < 0)
                return -1;
        }
        return 0;
    }
    ev_set *o = ev_is_anyset(other) ? as_set(other) : new_from(I, false, other), *own = NULL;
    if (!o)
        return -1;
    if (!ev_is_anyset(other))
        own = o;
    int rc = ev_charge(I, (int64_t)(o->mask + 1));
    for (size_t i = 0; rc == 0 && i <= o->mask; i++) {
        ev_set_entry *e = &o->table[i];
        if (!slot_active(e))
            continue;
        int64_t h = e->hash;
        ev_value k = held_key(e);
        int r = discard_entry(I, s, k, h);
        if (r == 0)
            r = add_entry(I, s, k, h);
        ev_decref(I, k);
        if (r < 0)
            rc = -1;
    }
    if (own)
        set_release(I, own);
    return rc;
}

static ev_set *symmetric_difference(ev_interp *I, ev_set *s, ev_value other)
{
    ev_set *r = new_from(I, s->h.kind == EV_O_FROZENSET, other);
    if (r && symmetric_difference_update(I, r, ev_obj_val(&s->h))) {
        set_release(I, r);
        return NULL;
    }
    return r;
}

/* 1 if every key of s is in other */
static int issubset(ev_interp *I, ev_set *s, ev_value other)
{
    if (!ev_is_anyset(other)) {
        ev_set *t = new_from(I, false, other);
        if (!t)
            return -1;
        int r = issubset(I, s, ev_obj_val(&t->h));
        set_release(I, t);
        return r;
    }
    ev_set *o = as_set(other);
    if (s->used > o->used)
        return 0;
    if (ev_charge(I, (int64_t)(s->mask + 1)))
        return -1;
    for (size_t i = 0; i <= s->mask; i++) {
        ev_set_entry *e = &s->table[i];
        if (!slot_active(e))
            continue;
        int64_t h = e->hash;
        ev_value k = held_key(e);
        int c = contains_entry(I, o, k, h);
        ev_decref(I, k);
        if (c <= 0)
            return c;
    }
    return 1;
}

static int issuperset(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is_anyset(other))
        return issubset(I, as_set(other), ev_obj_val(&s->h));
    ev_value it = ev_iter(I, other);
    if (EV_IS_ERR(it))
        return -1;
    int r = 1;
    for (;;) {
        ev_value x;
        int n = ev_next(I, it, &x);
        if (n <= 0) {
            if (n < 0)
                r = -1;
            break;
        }
        int c = contains_key(I, s, x);
        ev_decref(I, x);
        if (c <= 0) {
            r = c;
            break;
        }
        if (ev_tick(I)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    return r;
}

static int isdisjoint(ev_interp *I, ev_set *s, ev_value other)
{
    if (ev_is_anyset(other) && as_set(other) == s)
        return s->used == 0;
    if (ev_is_anyset(other) && !(other.u.o->flags & EV_OBJ_SUB)) { /* PyAnySet_CheckExact */
        ev_set *o = as_set(other);
        if (o->used > s->used) {
            ev_set *t = s;
            s = o;
            o = t;
        }
        if (ev_charge(I, (int64_t)(o->mask + 1)))
            return -1;
        for (size_t i = 0; i <= o->mask; i++) {
            ev_set_entry *e = &o->table[i];
            if (!slot_active(e))
                continue;
            int64_t h = e->hash;
            ev_value k = held_key(e);
            int c = contains_entry(I, s, k, h);
            ev_decref(I, k);
            if (c != 0)
                return c < 0 ? -1 : 0;
        }
        return 1;
    }
    ev_value it = ev_iter(I, other);
    if (EV_IS_ERR(it))
        return -1;
    int r = 1;
    for (;;) {
        ev_value x;
        int n = ev_next(I, it, &x);
        if (n <= 0) {
            if (n < 0)
                r = -1;
            break;
        }
        int c = contains_key(I, s, x);
        ev_decref(I, x);
        if (c != 0) {
            r = c < 0 ? -1 : 0;
            break;
        }
        if (ev_tick(I)) {
            r = -1;
            break;
        }
    }
    ev_decref(I, it);
    return r;
}

/* ---- generic protocol hooks (called from object.c, num.c, items.c) ------------------ */

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; }

/* frozenset_hash: order-independent, so it is computed over live keys only
 * (CPython folds in empty and dummy slots and then cancels them out). */
int ev_set_hash(ev_interp *I, ev_set *s, int64_t *out)
{
    (void)I;
    if (s->hash != -1) {
        *out = s->hash;
        return 0;
    }
    uint64_t h = 0;
    for (size_t i = 0; i <= s->mask; i++)
        if (slot_active(&s->table[i]))
            h ^= shuffle_bits((uint64_t)s->table[i].hash);
    h ^= ((uint64_t)s->used + 1) * 1927868237ULL;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + 907133923ULL;
    if (h == (uint64_t)-1)
        h = 590923713ULL;
    if (s->h.kind == EV_O_FROZENSET)
        s->hash = (int64_t)h;
    *out = (int64_t)h;
    return 0;
}

/* set_richcompare for two sets: op as ev_compare (0 <, 1 <=, 2 ==, 3 !=, 4 >, 5 >=). */
static int set_compare(ev_interp *I, ev_value a, ev_value b, int op);

int ev_set_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    return set_compare(I, a, b, op);
}

static int set_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    ev_set *v = as_set(a), *w = as_set(b);
    switch (op) {
    case 2:
        if (v->used != w->used)
            return 0;
        if (v->hash != -1 && w->hash != -1 && v->hash != w->hash)
            return 0;
        return issubset(I, v, b);
    case 3: {
        int r = set_compare(I, a, b, 2);
        return r < 0 ? r : !r;
    }
    case 1: return issubset(I, v, b);
    case 5: return issuperset(I, v, b);
    case 0: return v->used >= w->used ? 0 : issubset(I, v, b);
    default: return v->used <= w->used ? 0 : issuperset(I, v, b);
    }
}

static ev_value result(ev_set *r) { return r ? ev_obj_val(&r->h) : EV_ERR; }

/* a OP b for two sets; a's type decides the result's. */
ev_value ev_set_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    ev_set *s = as_set(a);
    switch (op) {
    case EV_OP_OR: {
        ev_set *r = copy_of(I, s);
        if (r && as_set(b) != s && merge(I, r, as_set(b))) {
            set_release(I, r);
            return EV_ERR;
        }
        return result(r);
    }
    case EV_OP_AND: return result(intersection(I, s, b));
    case EV_OP_SUB: return result(difference(I, s, b));
    case EV_OP_XOR: return result(symmetric_difference(I, s, b));
    default: return ev_raise(I, &ev_type_TypeError, "bad set operator");
    }
}

/* a OP= b with a a set (not frozenset): mutates a. */
ev_value ev_set_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    ev_set *s = as_set(a);
    int r = 0;
    switch (op) {
    case EV_OP_OR: r = update(I, s, b); break;
    case EV_OP_SUB: r = difference_update(I, s, b); break;
    case EV_OP_XOR: r = symmetric_difference_update(I, s, b); break;
    case EV_OP_AND: {
        ev_set *t = intersection(I, s, b);
        if (!t)
            return EV_ERR;
        swap_bodies(s, t);
        set_release(I, t);
        break;
    }
    default: return ev_raise(I, &ev_type_TypeError, "bad set operator");
    }
    return r ? EV_ERR : ev_dup(a);
}

/* repr: {1, 2} / set() / frozenset({1, 2}) / frozenset() */
int ev_set_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    ev_set *s = as_set(v);
    bool frozen = s->h.kind == EV_O_FROZENSET;
    /* a subclass shows its own name, and round brackets even when not frozen */
    bool sub = (s->h.flags & EV_OBJ_SUB) != 0;
    const char *name = sub ? ev_type_of(v)->name : frozen ? "frozenset" : "set";
    if (s->h.flags & EV_OBJ_REPR)
        return ev_buf_printf(I, b, "%s(...)", name);
    if (s->used == 0)
        return ev_buf_printf(I, b, "%s()", name);
    /* keys first: repr of a key cannot change the set, but keep to a snapshot */
    ev_value keys = ev_list_from_iterable(I, v);
    if (EV_IS_ERR(keys))
        return -1;
    /* set_repr shows the repr of a list of its keys: one more level, as
     * CPython counts it */
    if (ev_recursion_enter(I, " while getting the repr of an object")) {
        ev_decref(I, keys);
        return -1;
    }
    s->h.flags |= EV_OBJ_REPR;
    ev_list *l = ev_as_list(keys);
    int r = frozen || sub ? ev_buf_printf(I, b, "%s({", name) : ev_buf_puts(I, b, "{");
    for (size_t i = 0; r == 0 && i < l->len; i++) {
        if (i)
            r = ev_buf_put(I, b, ", ", 2);
        if (r == 0)
            r = ev_buf_repr(I, b, l->items[i]);
    }
    if (r == 0)
        r = ev_buf_puts(I, b, frozen || sub ? "})" : "}");
    s->h.flags &= (uint16_t)~EV_OBJ_REPR;
    ev_recursion_leave(I);
    ev_decref(I, keys);
    return r;
}

/* setiter_iternext: it->pos is the next table index, it->dict_used the
 * size at creation (SIZE_MAX once the size changed: the error sticks). */
int ev_set_iter_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    if (it->pos < 0) /* finished: CPython's iterator has let go of the set */
        return 0;
    ev_set *s = as_set(it->src);
    if (s->used != it->dict_used) {
        it->dict_used = SIZE_MAX;
        ev_raise(I, &ev_type_RuntimeError, "Set changed size during iteration");
        return -1;
    }
    size_t i = (size_t)it->pos;
    while (i <= s->mask && !slot_active(&s->table[i]))
        i++;
    if (i > s->mask) {
        it->pos = -1;
        return 0;
    }
    it->pos = (int64_t)i + 1;
    *out = ev_dup(s->table[i].key);
    return 1;
}

/* ---- displays ----------------------------------------------------------------------------- */

/* Would CPython's AST optimizer fold this expression to a constant? */
static bool const_expr(const ev_node *n)
{
    switch (n->kind) {
    case N_CONST: return true;
    case N_UNARY:
    case N_NOT: return const_expr(n->a);
    case N_BINOP: return const_expr(n->a) && const_expr(n->b);
    case N_TUPLE:
        if (n->slot >= 0)
            return false;
        for (uint32_t i = 0; i < n->n; i++)
            if (!const_expr(n->list[i]))
                return false;
        return true;
    default: return false;
    }
}

/* {a, b, c}: items already evaluated, in source order.
 *
 * CPython compiles a display of three or more constants to a frozenset
 * constant merged into a new empty set, and a constant display iterated by
 * `for` to that frozenset itself.  The compiler's constant merging then
 * rebuilds the frozenset from its own iteration order (merge_consts_recursive).
 * Each step can change the table, so the printed order, and all are copied.
 * (Not copied: two equal constant frozensets in one program share the first
 * one's table.) */
ev_value ev_set_display(ev_interp *I, const ev_node *n, const ev_value *items, size_t count)
{
    bool all_const = true;
    for (uint32_t i = 0; i < n->n && all_const; i++)
        all_const = const_expr(n->list[i]);
    bool folded = all_const && (count > 2 || (n->flags & SET_FROZEN_ITER));
    ev_set *s = set_alloc(I, folded), *f = NULL, *r = NULL;
    if (!s)
        return EV_ERR;
    for (size_t i = 0; i < count; i++)
        if (ev_set_add(I, s, items[i]))
            goto fail;
    if (!folded)
        return ev_obj_val(&s->h);
    /* the constant merger's rebuild: frozenset(tuple(s)) */
    if (!(f = set_alloc(I, true)))
        goto fail;
    for (size_t i = 0; i <= s->mask; i++)
        if (slot_active(&s->table[i]) && add_entry(I, f, s->table[i].key, s->table[i].hash))
            goto fail;
    set_release(I, s);
    s = NULL;
    if (n->flags & SET_FROZEN_ITER)
        return ev_obj_val(&f->h);
    /* BUILD_SET 0; SET_UPDATE frozenset */
    if (!(r = set_alloc(I, false)) || merge(I, r, f))
        goto fail;
    set_release(I, f);
    return ev_obj_val(&r->h);
fail:
    if (s)
        set_release(I, s);
    if (f)
        set_release(I, f);
    if (r)
        set_release(I, r);
    return EV_ERR;
}

/* ---- constructors and methods ------------------------------------------------------------- */

ev_value ev_ctor_set(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return ev_set_new(I, false);
    return result(new_from(I, false, argv[0]));
}

ev_value ev_ctor_frozenset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (argc == 0)
        return ev_set_new(I, true);
    if (ev_is(argv[0], EV_O_FROZENSET) && !(argv[0].u.o->flags & EV_OBJ_SUB))
        return ev_dup(argv[0]); /* frozenset(f) is f, not so a subclass's instance */
    return result(new_from(I, true, argv[0]));
}

#define METHOD(name) static ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)


METHOD(sm_add)
{
    (void)argc;
    return ev_set_add(I, as_set(self), argv[0]) ? EV_ERR : EV_NONE;
}

static int discard_key(ev_interp *I, ev_set *s, ev_value key)
{
    int64_t h;
    if (key_hash(I, key, true, &h))
        return -1;
    return discard_entry(I, s, key, h);
}

METHOD(sm_remove)
{
    (void)argc;
    int r = discard_key(I, as_set(self), argv[0]);
    if (r < 0)
        return EV_ERR;
    return r ? EV_NONE : ev_raise_key_error(I, argv[0]);
}

METHOD(sm_discard)
{
    (void)argc;
    return discard_key(I, as_set(self), argv[0]) < 0 ? EV_ERR : EV_NONE;
}

/* set_pop: scan from the finger, so repeated pops do not rescan the start. */
METHOD(sm_pop)
{
    (void)argc;
    (void)argv;
    ev_set *s = as_set(self);
    if (s->used == 0)
        return ev_raise(I, &ev_type_KeyError, "pop from an empty set");
    size_t i = s->finger & s->mask;
    while (!slot_active(&s->table[i]))
        i = i == s->mask ? 0 : i + 1;
    ev_value key = s->table[i].key; /* the table's reference passes to the caller */
    s->table[i].key = EV_ERR;
    s->table[i].hash = -1;
    s->used--;
    s->finger = i + 1;
    return key;
}

METHOD(sm_clear)
{
    (void)argc;
    (void)argv;
    set_clear(I, as_set(self));
    return EV_NONE;
}

METHOD(sm_copy)
{
    (void)argc;
    (void)argv;
    if (ev_is(self, EV_O_FROZENSET) && !(self.u.o->flags & EV_OBJ_SUB))
        return ev_dup(self); /* a subclass's copy is a plain frozenset */
    return result(copy_of(I, as_set(self)));
}

METHOD(sm_update)
{
    for (int i = 0; i < argc; i++)
        if (update(I, as_set(self), argv[i]))
            return EV_ERR;
    return EV_NONE;
}

METHOD(sm_union)
{
    ev_set *s = as_set(self), *r = copy_of(I, s);
    for (int i = 0; r && i < argc; i++) {
        if (ev_is_anyset(argv[i]) && as_set(argv[i]) == s)
            continue;
        if (update(I, r, argv[i])) {
            set_release(I, r);
            r = NULL;
        }
    }
    return result(r);
}

static ev_set *intersection_multi(ev_interp *I, ev_set *s, int argc, const ev_value *argv)
{
    if (argc == 0)
        return copy_of(I, s);
    ev_set *r = s;
    r->h.refcnt++;
    for (int i = 0; i < argc; i++) {
        ev_set *n = intersection(I, r, argv[i]);
        set_release(I, r);
        if (!n)
            return NULL;
        r = n;
    }
    return r;
}

METHOD(sm_intersection) { return result(intersection_multi(I, as_set(self), argc, argv)); }

METHOD(sm_intersection_update)
{
    ev_set *t = intersection_multi(I, as_set(self), argc, argv);
    if (!t)
        return EV_ERR;
    swap_bodies(as_set(self), t);
    set_release(I, t);
    return EV_NONE;
}

METHOD(sm_difference)
{
    ev_set *s = as_set(self);
    if (argc == 0)
        return result(copy_of(I, s));
    ev_set *r = difference(I, s, argv[0]);
    for (int i = 1; r && i < argc; i++) {
        if (difference_update(I, r, argv[i])) {
            set_release(I, r);
            r = NULL;
        }
    }
    return result(r);
}

METHOD(sm_difference_update)
{
    for (int i = 0; i < argc; i++)
        if (difference_update(I, as_set(self), argv[i]))
            return EV_ERR;
    return EV_NONE;
}

METHOD(sm_symmetric_difference)
{
    (void)argc;
    return result(symmetric_difference(I, as_set(self), argv[0]));
}

METHOD(sm_symmetric_difference_update)
{
    (void)argc;
    return symmetric_difference_update(I, as_set(self), argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value bool_result(int r) { return r < 0 ? EV_ERR : ev_bool(r); }

METHOD(sm_issubset)
{
    (void)argc;
    return bool_result(issubset(I, as_set(self), argv[0]));
}

METHOD(sm_issuperset)
{
    (void)argc;
    return bool_result(issuperset(I, as_set(self), argv[0]));
}

METHOD(sm_isdisjoint)
{
    (void)argc;
    return bool_result(isdisjoint(I, as_set(self), argv[0]));
}

const ev_builtin_def ev_set_methods[] = {
    {"add", sm_add, 1, 1, 0},
    {"clear", sm_clear, 0, 0, 0},
    {"copy", sm_copy, 0, 0, 0},
    {"discard", sm_discard, 1, 1, 0},
    {"difference", sm_difference, 0, -1, 0},
    {"difference_update", sm_difference_update, 0, -1, 0},
    {"intersection", sm_intersection, 0, -1, 0},
    {"intersection_update", sm_intersection_update, 0, -1, 0},
    {"isdisjoint", sm_isdisjoint, 1, 1, 0},
    {"issubset", sm_issubset, 1, 1, 0},
    {"issuperset", sm_issuperset, 1, 1, 0},
    {"pop", sm_pop, 0, 0, 0},
    {"remove", sm_remove, 1, 1, 0},
    {"symmetric_difference", sm_symmetric_difference, 1, 1, 0},
    {"symmetric_difference_update", sm_symmetric_difference_update, 1, 1, 0},
    {"union", sm_union, 0, -1, 0},
    {"update", sm_update, 0, -1, 0},
    {NULL, NULL, 0, 0, 0},
};

const ev_builtin_def ev_frozenset_methods[] = {
    {"copy", sm_copy, 0, 0, 0},
    {"difference", sm_difference, 0, -1, 0},
    {"intersection", sm_intersection, 0, -1, 0},
    {"isdisjoint", sm_isdisjoint, 1, 1, 0},
    {"issubset", sm_issubset, 1, 1, 0},
    {"issuperset", sm_issuperset, 1, 1, 0},
    {"symmetric_difference", sm_symmetric_difference, 1, 1, 0},
    {"union", sm_union, 0, -1, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- the kind table's rows (ev_obj.h) --------------------------------------------------- */

static void set_ops_free(ev_interp *I, ev_obj *o) { ev_set_free(I, (ev_set *)o); }

static void set_ops_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_set *s = (ev_set *)o;
    for (size_t i = 0; s->table && i <= s->mask; i++)
        visit(I, s->table[i].key, arg);
}

static void set_ops_clear(ev_interp *I, ev_obj *o)
{
    ev_set *s = (ev_set *)o;
    for (size_t i = 0; s->table && i <= s->mask; i++)
        if (!EV_IS_ERR(s->table[i].key)) {
            ev_value k = s->table[i].key;
            s->table[i].key = EV_ERR;
            s->table[i].hash = -1; /* a dummy: probing stays consistent */
            ev_decref(I, k);
        }
    s->used = 0;
}

static bool set_ops_truth(ev_value v) { return ((ev_set *)v.u.o)->used != 0; }

const ev_kind_ops ev_set_ops = {
    .name = "set",
    .free = set_ops_free,
    .traverse = set_ops_traverse,
    .clear = set_ops_clear,
    .repr_buf = ev_set_repr,
    .truth = set_ops_truth,
    .hash = ev_hash_unhashable,
};

static int frozenset_ops_hash(ev_interp *I, ev_value v, int64_t *out) { return ev_set_hash(I, (ev_set *)v.u.o, out); }

const ev_kind_ops ev_frozenset_ops = {
    .name = "frozenset",
    .free = set_ops_free,
    .traverse = set_ops_traverse,
    .clear = set_ops_clear,
    .repr_buf = ev_set_repr,
    .truth = set_ops_truth,
    .hash = frozenset_ops_hash,
};
