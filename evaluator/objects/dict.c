/*
 * dict.c - the dict type, laid out and probed as CPython 3.11's compact
 * ordered dict, its methods and its constructor.
 *
 * A key's __hash__ and __eq__ may run any code, which may change or free
 * any dict, this one included.  As CPython's dictobject.c: a lookup holds
 * the entry key it compares and starts over when the table or the entry
 * changed; an insertion holds its key and value; an operation holds the
 * dict from its first call into user code; a walk over another dict's
 * entries re-reads them at every step, and a merge raises "dict mutated
 * during update" when the source's entries changed; hashes stored in a
 * table are reused, never recomputed (no __hash__ runs for them).
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/gen.h"

static ev_value ctor_dict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
static int dict_merge(ev_interp *I, ev_dict *d, ev_dict *src);

/* ---- dict --------------------------------------------------------------------------------- */

#define DK_EMPTY (-1)
#define DK_DUMMY (-2)
#define PERTURB_SHIFT 5

ev_value ev_dict_new(ev_interp *I)
{
    ev_dict *d = ev_alloc_gc(I, sizeof *d);
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

/* The index table after the entries, its slots as narrow as the table
 * allows: a dict of five keys costs 8 bytes of index, not 32. */
static void *index_of(const ev_dict *d) { return (void *)(d->entries + d->cap); }

static inline int64_t ix_get(const ev_dict *d, size_t i)
{
    const void *x = index_of(d);
    if (d->mask < 0x80)
        return ((const int8_t *)x)[i];
    if (d->mask < 0x8000)
        return ((const int16_t *)x)[i];
    return ((const int32_t *)x)[i];
}

static inline void ix_set(ev_dict *d, size_t i, int64_t v)
{
    void *x = index_of(d);
    if (d->mask < 0x80)
        ((int8_t *)x)[i] = (int8_t)v;
    else if (d->mask < 0x8000)
        ((int16_t *)x)[i] = (int16_t)v;
    else
        ((int32_t *)x)[i] = (int32_t)v;
}

static size_t ix_width(size_t size) { return size <= 0x80 ? 1 : size <= 0x8000 ? 2 : 4; }

/* Finds the index slot for key: returns the entry number or -1, and the
 * slot where it would be inserted in *slot.  -2 on error. */
static inline bool plain_str(ev_value v)
{
    return v.tag == EV_T_OBJ && v.u.o->kind == EV_O_STR && !(v.u.o->flags & EV_OBJ_SUB);
}

/* A user __eq__ or __hash__ may drop the last reference to the dict
 * being searched (obj.__dict__ replaced while obj.x is deleted): the
 * dict is held from the first call into user code (*held, for the caller
 * to release) as CPython's callers hold it.  hold_dict takes it once. */
static void hold_dict(ev_dict *d, bool *held)
{
    if (held && !*held) {
        ev_incref(ev_obj_val(&d->h));
        *held = true;
    }
}

static void release_dict(ev_interp *I, ev_dict *d, bool held)
{
    if (held)
        ev_decref(I, ev_obj_val(&d->h));
}

/* Only an object other than an exact str can run code when hashed. */
static bool hash_runs_code(ev_value key) { return key.tag == EV_T_OBJ && !plain_str(key); }

static int64_t dict_lookup(ev_interp *I, ev_dict *d, ev_value key, int64_t hash, size_t *slot, bool *held)
{
restart:
    if (!d->entries)
        return -1;
    size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    int64_t free_slot = -1;
    for (;;) {
        int64_t ix = ix_get(d, i);
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
            if (e->hash == hash && plain_str(e->key) && plain_str(key)) {
                /* two strs run no code: compared here */
                const ev_str *a = ev_as_str(e->key), *b = ev_as_str(key);
                if (a->len == b->len && memcmp(a->data, b->data, a->len) == 0)
                    return ix;
            } else if (e->hash == hash) {
                /* a user __eq__ may run any code: the key is held while it
                 * runs, and if the table or the entry changed the probe
                 * starts over (CPython's lookdict; e may dangle) */
                ev_dict_entry *table = d->entries;
                ev_value start = ev_dup(e->key);
                hold_dict(d, held);
                int r = ev_eq(I, start, key);
                bool changed = d->entries != table || (size_t)ix >= d->nentries ||
                               !key_equal_fast(d->entries[ix].key, start);
                ev_decref(I, start);
                if (r < 0)
                    return -2;
                if (changed)
                    goto restart;
                if (r)
                    return ix;
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
}

/* A new table of `size` slots (a power of two) and room for `cap` entries
 * (at most two thirds of size), holding the live entries. */
static int dict_retable(ev_interp *I, ev_dict *d, size_t size, size_t cap)
{
    if (size > ((size_t)1 << 30)) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_dict_entry *entries = ev_alloc(I, cap * sizeof(ev_dict_entry) + size * ix_width(size));
    if (!entries) {
        ev_raise_nomem(I);
        return -1;
    }
    ev_dict_entry *old = d->entries;
    size_t nold = d->nentries, n = 0;
    for (size_t k = 0; k < nold; k++) {
        if (!EV_IS_ERR(old[k].key))
            entries[n++] = old[k];
    }
    d->entries = entries;
    d->cap = (uint32_t)cap;
    d->mask = (uint32_t)(size - 1);
    d->nentries = (uint32_t)n;
    memset(index_of(d), 0xff, size * ix_width(size)); /* every slot DK_EMPTY */
    for (size_t k = 0; k < n; k++) {
        size_t mask = size - 1, i = (size_t)entries[k].hash & mask, perturb = (size_t)entries[k].hash;
        while (ix_get(d, i) != DK_EMPTY) {
            perturb >>= PERTURB_SHIFT;
            i = (i * 5 + perturb + 1) & mask;
        }
        ix_set(d, i, (int64_t)k);
    }
    ev_dealloc(I, old);
    return 0;
}

static int dict_resize(ev_interp *I, ev_dict *d, size_t minused)
{
    size_t size = 8;
    while (size < minused * 3 / 2 + 1)
        size <<= 1;
    return dict_retable(I, d, size, size * 2 / 3);
}

/* Readies an empty dict for n keys.  An instance's dict is sized from the
 * attributes its class's instances have had: with two attributes it holds
 * two entries (80 bytes), not the five of CPython's smallest table (200).
 * The index keeps its 8 one-byte slots, so a miss (a method name looked up
 * in the instance first) still stops at the first empty slot. */
int ev_dict_presize(ev_interp *I, ev_dict *d, size_t n)
{
    if (d->entries)
        return 0;
    if (n >= 5)
        return dict_resize(I, d, n);
    return dict_retable(I, d, 8, n ? n : 1);
}

/* Hashes key and finds its entry: the entry number, -1 absent, -2 error.
 * The caller holds key. */
static int64_t dict_find(ev_interp *I, ev_dict *d, ev_value key, int64_t *hash, bool *held)
{
    if (hash_runs_code(key))
        hold_dict(d, held);
    if (ev_hash(I, key, hash))
        return -2;
    size_t slot;
    return dict_lookup(I, d, key, *hash, &slot, held);
}

/* ev_dict_get with the key's hash known (a hash stored in another table):
 * the caller holds key. */
int ev_dict_get_hashed(ev_interp *I, ev_dict *d, ev_value key, int64_t hash, ev_value *out)
{
    size_t slot;
    bool held = false;
    int64_t ix = dict_lookup(I, d, key, hash, &slot, &held);
    if (ix >= 0)
        *out = ev_dup(d->entries[ix].value);
    release_dict(I, d, held);
    return ix == -2 ? -1 : ix >= 0;
}

int ev_dict_get(ev_interp *I, ev_dict *d, ev_value key, ev_value *out)
{
    int64_t h;
    bool held = false;
    key = ev_dup(key); /* held across __hash__ and __eq__ */
    int64_t ix = dict_find(I, d, key, &h, &held);
    ev_decref(I, key);
    if (ix >= 0)
        *out = ev_dup(d->entries[ix].value);
    release_dict(I, d, held);
    return ix == -2 ? -1 : ix >= 0;
}

/* The empty or dummy slot where a key absent from the table goes: no
 * comparison, so no user code (CPython's find_empty_slot). */
static size_t find_empty_slot(const ev_dict *d, int64_t hash)
{
    size_t mask = d->mask, i = (size_t)hash & mask, perturb = (size_t)hash;
    while (ix_get(d, i) >= 0) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    return i;
}

/* Appends an entry for a key known to be absent (the table has room). */
static void append_entry(ev_dict *d, ev_value key, int64_t h, ev_value val, size_t slot)
{
    ev_dict_entry *e = &d->entries[d->nentries];
    e->hash = h;
    e->key = key;
    e->value = val;
    ix_set(d, slot, d->nentries);
    d->nentries++;
    d->used++;
    d->version++;
}

/* insertdict: key and val are held from the start, as CPython's: the
 * lookup may run a user __eq__ that drops the caller's last reference
 * (the source of a.update(b) cleared mid-merge). */
static int dict_insert(ev_interp *I, ev_dict *d, ev_value key, int64_t h, ev_value val)
{
    key = ev_dup(key);
    val = ev_dup(val);
    size_t slot;
    bool held = false;
    int64_t ix = dict_lookup(I, d, key, h, &slot, &held);
    if (ix == -2)
        goto fail;
    if (ix >= 0) {
        ev_value old = d->entries[ix].value;
        d->entries[ix].value = val;
        ev_decref(I, old);
        ev_decref(I, key);
        release_dict(I, d, held);
        return 0;
    }
    if (d->nentries >= d->cap) {
        if (dict_resize(I, d, (size_t)d->used + 1))
            goto fail;
        slot = find_empty_slot(d, h); /* no second lookup: __eq__ runs once per key */
    }
    append_entry(d, key, h, val, slot);
    release_dict(I, d, held);
    return 0;
fail:
    ev_decref(I, key);
    ev_decref(I, val);
    release_dict(I, d, held);
    return -1;
}

int ev_dict_set(ev_interp *I, ev_dict *d, ev_value key, ev_value val)
{
    /* held across __hash__, which may free what the caller borrowed */
    key = ev_dup(key);
    val = ev_dup(val);
    bool held = false;
    if (hash_runs_code(key))
        hold_dict(d, &held);
    int64_t h;
    int r = ev_hash(I, key, &h) ? -1 : dict_insert(I, d, key, h, val);
    ev_decref(I, key);
    ev_decref(I, val);
    release_dict(I, d, held);
    return r;
}

/* Unlinks entry ix, whose index slot is found by its number, not by
 * comparing keys (CPython's lookdict_index and delitem_common); the
 * table's references to its key and value pass to *k and *v. */
static void unlink_entry(ev_dict *d, int64_t ix, ev_value *k, ev_value *v)
{
    ev_dict_entry *e = &d->entries[ix];
    size_t mask = d->mask, i = (size_t)e->hash & mask, perturb = (size_t)e->hash;
    while (ix_get(d, i) != ix) {
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + perturb + 1) & mask;
    }
    ix_set(d, i, DK_DUMMY);
    *k = e->key;
    *v = e->value;
    e->key = EV_ERR;
    e->value = EV_NONE;
    d->used--;
    d->version++;
}

/* Removes entry ix; released last, when the table is whole again. */
static void del_entry(ev_interp *I, ev_dict *d, int64_t ix)
{
    ev_value k, v;
    unlink_entry(d, ix, &k, &v);
    ev_decref(I, k);
    ev_decref(I, v);
}

int ev_dict_del(ev_interp *I, ev_dict *d, ev_value key)
{
    int64_t h;
    bool held = false;
    key = ev_dup(key);
    int64_t ix = dict_find(I, d, key, &h, &held);
    ev_decref(I, key);
    if (ix >= 0)
        del_entry(I, d, ix);
    release_dict(I, d, held);
    return ix == -2 ? -1 : ix < 0;
}

/* The probe loop for a given slot width: inlined three times, so the
 * width is decided once per lookup, not once per probe. */
static inline ev_value *lookup_str_w(ev_dict *d, ev_str *key, int64_t h, int w)
{
    const void *x = index_of(d);
    size_t mask = d->mask, i = (size_t)h & mask, perturb = (size_t)h;
    for (;;) {
        int64_t ix = w == 1 ? ((const int8_t *)x)[i] : w == 2 ? ((const int16_t *)x)[i] : ((const int32_t *)x)[i];
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

static __attribute__((noinline)) ev_value *lookup_str_8(ev_dict *d, ev_str *key, int64_t h)
{
    return lookup_str_w(d, key, h, 1);
}

static __attribute__((noinline)) ev_value *lookup_str_wide(ev_dict *d, ev_str *key, int64_t h)
{
    return d->mask < 0x8000 ? lookup_str_w(d, key, h, 2) : lookup_str_w(d, key, h, 4);
}

/* A thin entry that tail-calls the probe loop of the table's width: an
 * empty dict (most instance and keyword dicts start so) costs no frame. */
ev_value *ev_dict_lookup_str(ev_dict *d, ev_str *key)
{
    if (!d->entries)
        return NULL;
    int64_t h = ev_str_hash(key);
    return d->mask < 0x80 ? lookup_str_8(d, key, h) : lookup_str_wide(d, key, h);
}

/* One probe finds the key or the slot to insert it at (a lookup first and
 * an insert after probed twice for every new key). */
int ev_dict_set_str(ev_interp *I, ev_dict *d, ev_str *key, ev_value val)
{
    return dict_insert(I, d, ev_obj_val(&key->h), ev_str_hash(key), val);
}

void ev_dict_clear(ev_interp *I, ev_dict *d)
{
    /* detach first: decref may free objects that look at this dict */
    ev_dict_entry *entries = d->entries;
    size_t n = d->nentries;
    d->entries = NULL;
    d->nentries = d->used = d->cap = 0;
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
    ev_view *v = ev_obj_new(I, sizeof *v, EV_O_VIEW, true); /* tracked: d[k] = d.keys() is a cycle */
    if (!v)
        return EV_ERR;
    v->ik = k;
    v->dict = ev_dup(self);
    return ev_obj_val(&v->h);
}

/* ---- views: CPython's dictitems_contains, dictviews_to_set, dictitems_xor ---------------- */

/* (k, v) in d.items(): d[k] found (hashing k), then compared with v. */
int ev_dict_items_contains(ev_interp *I, ev_dict *d, ev_value item)
{
    if (!ev_is(item, EV_O_TUPLE) || ev_as_tuple(item)->len != 2)
        return 0;
    ev_value found;
    int f = ev_dict_get(I, d, ev_as_tuple(item)->items[0], &found); /* the caller holds item */
    if (f <= 0)
        return f;
    int r = ev_eq(I, found, ev_as_tuple(item)->items[1]);
    ev_decref(I, found);
    return r;
}

/* The set a view operator starts from: a keys view of an exact dict is
 * taken from the dict's table (stored hashes, no iteration), anything
 * else through set(v). */
ev_value ev_view_to_set(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_VIEW) && ((ev_view *)v.u.o)->ik == EV_IT_DICT_KEYS) {
        ev_value dv = ((ev_view *)v.u.o)->dict;
        if (!(dv.u.o->flags & EV_OBJ_SUB) && !ev_as_dict(dv)->type)
            v = dv;
    }
    return ev_call(I, ev_obj_val(&ev_type_set.h), 1, &v, 0, NULL, NULL);
}

/* d1.items() ^ d2.items(): the pairs of d2 not equal in a copy of d1,
 * then what is left of the copy (CPython's dictitems_xor). */
ev_value ev_dict_items_xor(ev_interp *I, ev_value a, ev_value b)
{
    ev_value da = ((ev_view *)a.u.o)->dict, db = ev_dup(((ev_view *)b.u.o)->dict);
    ev_value tmp = ev_dict_new(I), r = EV_ERR, rest = EV_ERR;
    ev_value res = EV_IS_ERR(tmp) ? EV_ERR : ev_set_new(I, false);
    if (EV_IS_ERR(res) || dict_merge(I, ev_as_dict(tmp), ev_as_dict(da)))
        goto done;
    ev_dict *d2 = ev_as_dict(db), *t = ev_as_dict(tmp);
    for (size_t i = 0; i < d2->nentries; i++) {
        ev_dict_entry *e = &d2->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        int64_t h = e->hash;
        ev_value k = ev_dup(e->key), v2 = ev_dup(e->value), v1;
        int f = ev_dict_get_hashed(I, t, k, h, &v1), del = 0, err = f < 0;
        if (f > 0) {
            del = ev_eq(I, v1, v2);
            ev_decref(I, v1);
            err = del < 0;
        }
        if (!err && del > 0) {
            bool held = false;
            size_t slot;
            int64_t ix = dict_lookup(I, t, k, h, &slot, &held);
            if (ix >= 0)
                del_entry(I, t, ix);
            release_dict(I, t, held);
            err = ix == -2;
        } else if (!err) {
            ev_value pair = ev_tuple_new(I, 2);
            err = EV_IS_ERR(pair);
            if (!err) {
                ev_as_tuple(pair)->items[0] = ev_dup(k);
                ev_as_tuple(pair)->items[1] = ev_dup(v2);
                err = ev_set_add(I, (ev_set *)res.u.o, pair) != 0;
                ev_decref(I, pair);
            }
        }
        ev_decref(I, k);
        ev_decref(I, v2);
        if (err)
            goto done;
    }
    /* then the pairs left in the copy */
    rest = view_new(I, tmp, EV_IT_DICT_ITEMS);
    if (EV_IS_ERR(rest))
        goto done;
    r = ev_set_inplace(I, EV_OP_OR, res, rest);
done:
    if (!EV_IS_ERR(rest))
        ev_decref(I, rest);
    if (!EV_IS_ERR(tmp))
        ev_decref(I, tmp);
    if (!EV_IS_ERR(res))
        ev_decref(I, res);
    ev_decref(I, db);
    return r;
}

static ev_value dm_keys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_KEYS); }
static ev_value dm_values(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_VALUES); }
static ev_value dm_items(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return view_new(I, self, EV_IT_DICT_ITEMS); }

static ev_value dm_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* an empty dict answers without hashing the key (CPython's _PyDict_Pop):
     * {}.pop([], 0) is 0 */
    if (D->used == 0)
        return argc > 1 ? ev_dup(argv[1]) : ev_raise_key_error(I, argv[0]);
    /* one hash and one lookup, and the entry is removed by its number: the
     * key's __eq__ runs once, and neither __missing__ nor __getitem__ */
    int64_t h, ix = dict_find(I, D, argv[0], &h, NULL); /* self is held by the call */
    if (ix == -2)
        return EV_ERR;
    if (ix < 0)
        return argc > 1 ? ev_dup(argv[1]) : ev_raise_key_error(I, argv[0]);
    ev_value out = ev_dup(D->entries[ix].value);
    del_entry(I, D, ix);
    return out;
}

static ev_value dm_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* PyDict_SetDefault: one hash, one lookup; a new key goes to an empty
     * slot found without comparing again */
    ev_value def = argc > 1 ? argv[1] : EV_NONE;
    int64_t h;
    if (ev_hash(I, argv[0], &h))
        return EV_ERR;
    size_t slot;
    int64_t ix = dict_lookup(I, D, argv[0], h, &slot, NULL);
    if (ix == -2)
        return EV_ERR;
    if (ix >= 0)
        return ev_dup(D->entries[ix].value);
    if (D->nentries >= D->cap) {
        if (dict_resize(I, D, (size_t)D->used + 1))
            return EV_ERR;
        slot = find_empty_slot(D, h);
    }
    append_entry(D, ev_dup(argv[0]), h, ev_dup(def), slot);
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

/* CPython's dict_merge reads a dict's table directly only when the dict
 * iterates as a dict (tp_iter is dict_iter): an OrderedDict and a subclass
 * with its own __iter__ are merged by keys() and src[key] instead, so their
 * iteration's checks ("OrderedDict mutated during iteration") and their
 * __getitem__ run as under CPython. */
static bool iterates_as_dict(ev_interp *I, ev_dict *src)
{
    if (!(src->h.flags & EV_OBJ_SUB))
        return src->type != &ev_type_OrderedDict;
    ev_type *t = ev_type_of(ev_obj_val(&src->h));
    if (ev_type_is_subclass(t, &ev_type_OrderedDict))
        return false;
    ev_value *f = ev_type_find(I, t, I->dn[EV_DN_ITER]);
    return !f || ev_is(*f, EV_O_BUILTIN);
}

/* dict_merge of a dict into d: the stored hashes (no __hash__ runs), each
 * key and value held while inserted, and CPython's RuntimeError when an
 * __eq__ run by the insertion changed src's entries. */
static int dict_merge(ev_interp *I, ev_dict *d, ev_dict *src)
{
    if (src == d || src->used == 0)
        return 0;
    if (!iterates_as_dict(I, src))
        return ev_dict_merge_mapping(I, d, ev_obj_val(&src->h), false, NULL) < 0 ? -1 : 0;
    if (ev_charge(I, (int64_t)(src->used / 16)))
        return -1;
    if (d->used == 0 && src->used == src->nentries &&
        (src->mask == 7 || ((src->mask + 1) / 2) * 2 / 3 < src->used)) {
        /* CPython clones a clean table into an empty dict: keys known to
         * differ are placed without a comparison */
        if (d->nentries || d->cap < src->used || d->mask != src->mask) {
            ev_dict_clear(I, d);
            if (dict_retable(I, d, (size_t)src->mask + 1, src->cap > src->used ? src->cap : src->used))
                return -1;
        }
        for (size_t i = 0; i < src->nentries; i++) {
            const ev_dict_entry *e = &src->entries[i];
            append_entry(d, ev_dup(e->key), e->hash, ev_dup(e->value), find_empty_slot(d, e->hash));
        }
        return 0;
    }
    /* one resize first rather than many while inserting */
    if ((size_t)(d->mask + 1) * 2 / 3 < src->used && dict_resize(I, d, (size_t)d->used + src->used))
        return -1;
    size_t n = src->nentries;
    for (size_t i = 0; i < src->nentries; i++) {
        const ev_dict_entry *e = &src->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        /* dict_insert holds key and value before its lookup runs any __eq__ */
        if (dict_insert(I, d, e->key, e->hash, e->value))
            return -1;
        if (src->nentries != n) {
            ev_raise(I, &ev_type_RuntimeError, "dict mutated during update");
            return -1;
        }
    }
    return 0;
}

int ev_dict_merge(ev_interp *I, ev_dict *d, ev_dict *src)
{
    return dict_merge(I, d, src);
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
            if (dict_merge(I, D, ev_as_dict(src)))
                return EV_ERR;
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
    if (D->used == 0)
        return ev_raise(I, &ev_type_KeyError, "popitem(): dictionary is empty");
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    size_t i = D->nentries;
    while (EV_IS_ERR(D->entries[--i].key))
        ;
    /* the last entry goes by its number, no key compared, and its room is
     * reused by the next insertion (CPython's dk_nentries = i) */
    /* the table's references pass to the tuple */
    unlink_entry(D, (int64_t)i, &ev_as_tuple(t)->items[0], &ev_as_tuple(t)->items[1]);
    D->nentries = (uint32_t)i;
    return t;
}

/* dict.fromkeys(iterable, value=None); self is the dict type, or a
 * subclass: then cls() is filled through its own d[k] = v, as CPython */
static ev_value dt_fromkeys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool sub = ev_is(self, EV_O_TYPE) && ev_is_heaptype((ev_type *)self.u.o);
    ev_value d = sub ? ev_call(I, self, 0, NULL, 0, NULL, NULL) : ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    ev_value v = argc > 1 ? argv[1] : EV_NONE;
    if (!sub && (ev_is(argv[0], EV_O_DICT) || ev_is_anyset(argv[0])) && !(argv[0].u.o->flags & EV_OBJ_SUB) &&
        (!ev_is(argv[0], EV_O_DICT) || !ev_as_dict(argv[0])->type)) {
        /* from a dict or a set: their stored hashes, no __hash__ runs
         * (CPython's fast paths); the source is re-read after each
         * insertion, whose __eq__ may change it */
        ev_dict *r = ev_as_dict(d);
        if (ev_is(argv[0], EV_O_DICT)) {
            ev_dict *src = ev_as_dict(argv[0]);
            for (size_t i = 0; i < src->nentries; i++) {
                const ev_dict_entry *e = &src->entries[i];
                if (!EV_IS_ERR(e->key) && dict_insert(I, r, e->key, e->hash, v))
                    goto fail;
            }
        } else {
            ev_set *src = (ev_set *)argv[0].u.o;
            for (size_t i = 0; src->table && i <= src->mask; i++) {
                const ev_set_entry *e = &src->table[i];
                if (e->key.tag != EV_T_ERR && dict_insert(I, r, e->key, e->hash, v))
                    goto fail;
            }
        }
        return d;
    }
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it)) {
        ev_decref(I, d);
        return it;
    }
    for (;;) {
        ev_value k;
        int r = ev_next(I, it, &k);
        if (r == 0)
            break;
        if (r > 0) {
            r = (sub ? ev_setitem(I, d, k, v) : ev_dict_set(I, ev_as_dict(d), k, v)) ? -1 : 1;
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
fail:
    ev_decref(I, d);
    return EV_ERR;
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
    {"__reversed__", ev_reversed_self, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static ev_value ctor_dict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    const ev_builtin_def *upd = NULL;
    for (const ev_builtin_def *m = ev_dict_methods; m->name; m++)
        if (strcmp(m->name, "update") == 0)
            upd = m;
    ev_value r = upd->fn(I, d, argc, argv, kw);
    if (EV_IS_ERR(r)) {
        ev_decref(I, d);
        return r;
    }
    return d;
}

ev_type ev_type_dict = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = "dict",
    .call = ctor_dict, .methods = ev_dict_methods, .min_args = 0, .max_args = 1,
    .kwflags = EV_BF_KWANY, .type_methods = ev_dict_type_methods};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

static void dict_free(ev_interp *I, ev_obj *o)
{
    ev_dict *d = (ev_dict *)o;
    ev_dict_clear(I, d); /* frees the table */
    ev_decref(I, d->factory);
}

static void dict_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    ev_dict *d = (ev_dict *)o;
    for (size_t i = 0; i < d->nentries; i++)
        if (!EV_IS_ERR(d->entries[i].key)) {
            visit(I, d->entries[i].key, arg);
            visit(I, d->entries[i].value, arg);
        }
    visit(I, d->factory, arg);
}

static void dict_clear(ev_interp *I, ev_obj *o)
{
    ev_dict *d = (ev_dict *)o;
    ev_dict_clear(I, d);
    ev_value f = d->factory;
    d->factory = EV_ERR;
    ev_decref(I, f);
}

/* defaultdict, OrderedDict and Counter (a dict with a type) show their name */
static int dict_repr_buf(ev_interp *I, ev_buf *b, ev_value v)
{
    if (ev_as_dict(v)->type)
        return ev_coll_dict_repr(I, b, v);
    return ev_buf_dict_repr(I, b, ev_as_dict(v));
}

static bool dict_truth(ev_value v) { return ev_as_dict(v)->used != 0; }

const ev_kind_ops ev_dict_ops = {
    .name = "dict",
    .free = dict_free,
    .traverse = dict_traverse,
    .clear = dict_clear,
    .repr_buf = dict_repr_buf,
    .truth = dict_truth,
    .hash = ev_hash_unhashable,
};
