/*
 * collections_odict.c - where Counter's and OrderedDict's methods write,
 * OrderedDict's update family (CPython 3.11's mutablemapping_update in
 * Objects/odictobject.c), its own methods (move_to_end, popitem, clear)
 * and its iterators.
 *
 * CPython runs Counter's methods as Python code (`self[elem] = count +
 * self.get(elem, 0)`) and OrderedDict's update, __init__, setdefault and |=
 * through PyObject_SetItem, so a subclass's __setitem__, __delitem__ and get
 * see every write: a logging or validating subclass works.  A sink writes
 * through the instance's class when the class overrides the operation and
 * straight to the table otherwise (the exact types, and subclasses that
 * override nothing, the common case).
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

extern ev_type ev_type_OrderedDict;

void ev_coll_sink_init(ev_interp *I, ev_value self, ev_coll_sink *s)
{
    ev_type *t = ev_type_of(self);
    s->self = self;
    s->d = ev_as_dict(self);
    s->hooked = ev_is_heaptype(t);
    s->set_hook = s->hooked && ev_type_defines(I, t, EV_DN_SETITEM);
    s->del_hook = s->hooked && ev_type_defines(I, t, EV_DN_DELITEM);
    ev_str *get = s->hooked ? ev_intern(I, "get", 3) : NULL;
    s->get_hook = get && ev_type_find(I, t, get) != NULL;
}

int ev_coll_sink_set(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value val)
{
    return s->set_hook ? ev_setitem(I, s->self, key, val) : ev_dict_set(I, s->d, key, val);
}

int ev_coll_sink_del(ev_interp *I, const ev_coll_sink *s, ev_value key)
{
    if (s->del_hook)
        return ev_delitem(I, s->self, key);
    return ev_dict_del(I, s->d, key) < 0 ? -1 : 0;
}

/* self.get(key, 0) as a new reference in *out; -1 on error. */
int ev_coll_sink_get0(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value *out)
{
    if (s->get_hook) {
        ev_str *get = ev_intern(I, "get", 3);
        ev_value fn = get ? ev_getattr(I, s->self, get) : ev_raise_nomem(I);
        if (EV_IS_ERR(fn))
            return -1;
        ev_value args[2] = {key, ev_int(0)};
        *out = ev_call(I, fn, 2, args, 0, NULL, NULL);
        ev_decref(I, fn);
        return EV_IS_ERR(*out) ? -1 : 0;
    }
    int f = ev_dict_get(I, s->d, key, out);
    if (f == 0)
        *out = ev_int(0);
    return f < 0 ? -1 : 0;
}

/* self[key] (a Counter's __missing__ gives 0) as a new reference */
int ev_coll_sink_item0(ev_interp *I, const ev_coll_sink *s, ev_value key, ev_value *out)
{
    if (!s->hooked) {
        int f = ev_dict_get(I, s->d, key, out);
        if (f == 0)
            *out = ev_int(0);
        return f < 0 ? -1 : 0;
    }
    *out = ev_getitem(I, s->self, key);
    return EV_IS_ERR(*out) ? -1 : 0;
}

/* obj.name, or *out EV_ERR and 0 when obj has no such attribute; -1 on
 * another error (a limit is never swallowed). */
static int attr_opt(ev_interp *I, ev_value obj, const char *name, ev_value *out)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    *out = ev_getattr(I, obj, n);
    if (!EV_IS_ERR(*out))
        return 0;
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return 0;
    }
    return -1;
}

/* mutablemapping_add_pairs: for key, value in pairs: self[key] = value,
 * with odict's own unpacking messages. */
static int add_pairs(ev_interp *I, const ev_coll_sink *s, ev_value pairs)
{
    ev_value it = ev_iter(I, pairs);
    if (EV_IS_ERR(it))
        return -1;
    int r = 0;
    for (;;) {
        ev_value pair, kv[3] = {EV_ERR, EV_ERR, EV_ERR}, pit = EV_ERR;
        int got = ev_next(I, it, &pair);
        if (got <= 0) {
            r = got;
            break;
        }
        pit = ev_iter(I, pair);
        ev_decref(I, pair);
        r = EV_IS_ERR(pit) ? -1 : 0;
        int n = 0;
        while (r == 0 && n < 3) {
            int g = ev_next(I, pit, &kv[n]);
            if (g < 0)
                r = -1;
            else if (g == 0)
                break;
            else
                n++;
        }
        if (r == 0 && n < 2)
            r = -1, ev_raise(I, &ev_type_ValueError, "need more than %d value%s to unpack", n, n == 1 ? "" : "s");
        else if (r == 0 && n == 3)
            r = -1, ev_raise(I, &ev_type_ValueError, "too many values to unpack (expected 2)");
        if (r == 0)
            r = ev_coll_sink_set(I, s, kv[0], kv[1]);
        for (int k = 0; k < n; k++)
            ev_decref(I, kv[k]);
        if (!EV_IS_ERR(pit))
            ev_decref(I, pit);
        if (r < 0)
            break;
    }
    ev_decref(I, it);
    return r;
}

/* mutablemapping_update_arg: an exact dict's items; else keys() and
 * arg[key]; else items(); else an iterable of pairs. */
static int update_arg(ev_interp *I, const ev_coll_sink *s, ev_value arg)
{
    ev_value fn, seq;
    if (ev_is(arg, EV_O_DICT) && ev_type_of(arg) == &ev_type_dict) {
        ev_str *items = ev_intern(I, "items", 5);
        seq = items ? ev_getattr(I, arg, items) : ev_raise_nomem(I);
        ev_value list = EV_IS_ERR(seq) ? seq : ev_call(I, seq, 0, NULL, 0, NULL, NULL);
        if (!EV_IS_ERR(seq))
            ev_decref(I, seq);
        /* a snapshot, as PyDict_Items: __setitem__ may change arg */
        ev_value snap = EV_IS_ERR(list) ? list : ev_list_from_iterable(I, list);
        if (!EV_IS_ERR(list))
            ev_decref(I, list);
        if (EV_IS_ERR(snap))
            return -1;
        int r = add_pairs(I, s, snap);
        ev_decref(I, snap);
        return r;
    }
    if (attr_opt(I, arg, "keys", &fn))
        return -1;
    if (!EV_IS_ERR(fn)) {
        ev_value keys = ev_call(I, fn, 0, NULL, 0, NULL, NULL);
        ev_decref(I, fn);
        ev_value it = EV_IS_ERR(keys) ? keys : ev_iter(I, keys);
        if (!EV_IS_ERR(keys))
            ev_decref(I, keys);
        if (EV_IS_ERR(it))
            return -1;
        int r;
        for (;;) {
            ev_value key;
            if ((r = ev_next(I, it, &key)) <= 0)
                break;
            ev_value val = ev_getitem(I, arg, key);
            r = EV_IS_ERR(val) ? -1 : ev_coll_sink_set(I, s, key, val);
            ev_decref(I, key);
            if (!EV_IS_ERR(val))
                ev_decref(I, val);
            if (r < 0)
                break;
        }
        ev_decref(I, it);
        return r;
    }
    if (attr_opt(I, arg, "items", &fn))
        return -1;
    if (!EV_IS_ERR(fn)) {
        seq = ev_call(I, fn, 0, NULL, 0, NULL, NULL);
        ev_decref(I, fn);
        if (EV_IS_ERR(seq))
            return -1;
        int r = add_pairs(I, s, seq);
        ev_decref(I, seq);
        return r;
    }
    return add_pairs(I, s, arg);
}

/* mutablemapping_update's body: the positional argument, then the keywords */
static ev_value update_self(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_coll_sink sk;
    ev_coll_sink_init(I, self, &sk);
    const ev_coll_sink *s = &sk;
    if (argc > 0 && update_arg(I, s, argv[0]))
        return EV_ERR;
    for (int i = 0; i < EV_KW_N(kw); i++)
        if (ev_coll_sink_set(I, s, ev_obj_val(&kw->names[i]->h), kw->vals[i]))
            return EV_ERR;
    return EV_NONE;
}

ev_value ev_odict_update_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "update() takes at most 1 positional argument (%d given)", argc);
    return update_self(I, self, argc, argv, kw);
}

/* OrderedDict.__init__: odict_init, an update with its own count check */
ev_value ev_odict_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "expected at most 1 arguments, got %d", argc);
    return update_self(I, self, argc, argv, kw);
}

/* odict_setdefault: the table for the exact type; a subclass's
 * __getitem__ (KeyError: absent) and __setitem__ otherwise */
ev_value ev_odict_setdefault(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_value def = argc > 1 && !EV_IS_ERR(argv[1]) ? argv[1] : EV_NONE;
    ev_coll_sink s;
    ev_coll_sink_init(I, self, &s);
    if (!s.hooked) {
        ev_value out;
        int f = ev_dict_get(I, s.d, argv[0], &out);
        if (f)
            return f < 0 ? EV_ERR : out;
        return ev_dict_set(I, s.d, argv[0], def) ? EV_ERR : ev_dup(def);
    }
    ev_value got = ev_getitem(I, self, argv[0]);
    if (!EV_IS_ERR(got))
        return got;
    if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
        !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_KeyError))
        return EV_ERR;
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    return ev_setitem(I, self, argv[0], def) ? EV_ERR : ev_dup(def);
}

/* od |= other: mutablemapping_update_arg(self, other) */
ev_value ev_odict_ior(ev_interp *I, ev_value self, ev_value other)
{
    ev_coll_sink s;
    ev_coll_sink_init(I, self, &s);
    return update_arg(I, &s, other) ? EV_ERR : ev_dup(self);
}

/* ---- OrderedDict ------------------------------------------------------------------------------ */

static int last_kwarg(ev_interp *I, const ev_kw *kw, const char *fname, int argc,
                      const ev_value *argv, int pos, bool *last)
{
    static const char *const allowed[] = {"last", NULL};
    if (ev_kwargs_check(I, kw, fname, allowed))
        return -1;
    ev_value v = argc > pos ? argv[pos] : ev_kwarg(kw, "last");
    *last = true;
    if (EV_IS_ERR(v))
        return 0;
    int t = ev_truth(I, v);
    if (t < 0)
        return -1;
    *last = t;
    return 0;
}

ev_value ev_odict_move_to_end(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool last;
    if (last_kwarg(I, kw, "move_to_end", argc, argv, 1, &last))
        return EV_ERR;
    ev_dict *d = ev_as_dict(self);
    ev_value key = argv[0], val;
    int f = ev_dict_get(I, d, key, &val);
    if (f < 0)
        return EV_ERR;
    if (f == 0)
        return ev_raise_key_error(I, key);
    /* already at that end: nothing moves, iterators stay valid */
    int64_t end = -1;
    for (size_t n = 0; n < d->nentries && end < 0; n++) {
        size_t i = last ? d->nentries - 1 - n : n;
        if (!EV_IS_ERR(d->entries[i].key))
            end = (int64_t)i;
    }
    if (end >= 0) {
        /* the key's own entry (keys are unique: same hash and equal) */
        ev_value ek = ev_dup(d->entries[end].key);
        int64_t h, eh = d->entries[end].hash;
        int same = ek.tag == EV_T_OBJ && key.tag == EV_T_OBJ && ek.u.o == key.u.o;
        if (!same && (ev_hash(I, key, &h) || (h == eh && (same = ev_eq(I, ek, key)) < 0))) {
            ev_decref(I, ek);
            ev_decref(I, val);
            return EV_ERR;
        }
        ev_decref(I, ek);
        if (same) {
            ev_decref(I, val);
            return EV_NONE;
        }
    }
    ev_value k = ev_dup(key);
    int r = 0;
    if (last) {
        /* delete and insert again: the compact dict appends it */
        r = ev_dict_del(I, d, k) < 0 || ev_dict_set(I, d, k, val) ? -1 : 0;
    } else {
        /* to the front: take the key out, then rebuild the order with it
         * first.  CPython relinks a node and compares nothing: the other
         * keys are never compared with it here (only hashed again). */
        ev_coll_pairs p;
        if (ev_dict_del(I, d, k) < 0 || ev_coll_pairs_take(I, d, &p)) {
            r = -1;
        } else {
            ev_dict_clear(I, d);
            r = ev_dict_set(I, d, k, val);
            for (size_t i = 0; r == 0 && i < p.n; i++)
                r = ev_dict_set(I, d, p.kv[2 * i], p.kv[2 * i + 1]);
            ev_coll_pairs_free(I, &p);
        }
    }
    ev_decref(I, k);
    ev_decref(I, val);
    return r ? EV_ERR : EV_NONE;
}

/* 3.11's odict clear empties the dict and frees the nodes without counting a
 * change of the list: an iterator then reports the size change ("changed
 * size during iteration"), not a mutation. */
ev_value ev_odict_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_dict *d = ev_as_dict(self);
    uint64_t version = d->version;
    ev_dict_clear(I, d);
    d->version = version;
    return EV_NONE;
}

/* OrderedDict.pop(key, default=<unrepresentable>): dict.pop's work, but
 * argument clinic's binding, so key and default may be given by name. */
ev_value ev_odict_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    const ev_builtin_def *pop = NULL;
    for (const ev_builtin_def *d = ev_dict_methods; d->name && !pop; d++)
        if (strcmp(d->name, "pop") == 0)
            pop = d;
    if (!pop)
        return ev_raise(I, &ev_type_RuntimeError, "dict.pop is missing");
    int n = argc > 1 && !EV_IS_ERR(argv[1]) ? 2 : 1;
    return pop->fn(I, self, n, argv, NULL);
}

ev_value ev_odict_popitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool last;
    if (last_kwarg(I, kw, "popitem", argc, argv, 0, &last))
        return EV_ERR;
    ev_dict *d = ev_as_dict(self);
    if (d->used == 0)
        return ev_raise(I, &ev_type_KeyError, "dictionary is empty");
    ev_dict_entry *e = NULL;
    for (size_t n = 0; n < d->nentries; n++) {
        size_t i = last ? d->nentries - 1 - n : n;
        if (!EV_IS_ERR(d->entries[i].key)) {
            e = &d->entries[i];
            break;
        }
    }
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_dup(e->key);
    ev_as_tuple(t)->items[1] = ev_dup(e->value);
    if (ev_dict_del(I, d, ev_as_tuple(t)->items[0]) < 0) {
        ev_decref(I, t);
        return EV_ERR;
    }
    return t;
}

/* ---- OrderedDict's iterators ------------------------------------------------------------------ */

/* CPython's odict iterator follows the linked list by key and refuses to go
 * on once the list changed (od_state: a key added, removed or moved) or the
 * size changed.  Here the order is the order of the dict's entries, and
 * every insertion or deletion bumps the dict's version, so the entry of the
 * next key stands for CPython's current key. */
bool ev_dict_is_ordered(const ev_dict *d)
{
    return d->type && ev_type_is_subclass(d->type, &ev_type_OrderedDict);
}

typedef struct {
    ev_value od;      /* EV_ERR once finished or invalidated */
    int64_t pos;      /* entry of the next key; -1: the end */
    int64_t size;     /* -1 once the size changed (sticky, as CPython's) */
    uint64_t version;
    ev_iter_kind kind;
    bool reversed;
} odict_it;

static int64_t odict_step(const ev_dict *d, int64_t p, bool reversed)
{
    for (p += reversed ? -1 : 1; p >= 0 && p < (int64_t)d->nentries; p += reversed ? -1 : 1)
        if (!EV_IS_ERR(d->entries[p].key))
            return p;
    return -1;
}

static int odit_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    odict_it *s = it->state;
    if (EV_IS_ERR(s->od))
        return 0;
    ev_dict *d = ev_as_dict(s->od);
    if (s->pos < 0)
        goto done;
    if (d->version != s->version) {
        ev_raise(I, &ev_type_RuntimeError, "OrderedDict mutated during iteration");
        ev_value od = s->od;
        s->od = EV_ERR;
        ev_decref(I, od);
        return -1;
    }
    if (s->size != (int64_t)d->used) {
        s->size = -1;
        ev_raise(I, &ev_type_RuntimeError, "OrderedDict changed size during iteration");
        return -1;
    }
    ev_dict_entry *e = &d->entries[s->pos];
    if (s->kind == EV_IT_DICT_ITEMS) {
        ev_value t = ev_tuple_new(I, 2);
        if (EV_IS_ERR(t))
            return -1;
        ev_as_tuple(t)->items[0] = ev_dup(e->key);
        ev_as_tuple(t)->items[1] = ev_dup(e->value);
        *out = t;
    } else {
        *out = ev_dup(s->kind == EV_IT_DICT_KEYS ? e->key : e->value);
    }
    s->pos = odict_step(d, s->pos, s->reversed);
    return 1;
done: {
        ev_value od = s->od;
        s->od = EV_ERR;
        ev_decref(I, od);
        return 0;
    }
}

static void odit_free(ev_interp *I, ev_iterobj *it)
{
    odict_it *s = it->state;
    ev_decref(I, s->od);
}

/* an OrderedDict holding its own iterator is a cycle */
static void odit_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((odict_it *)it->state)->od, arg);
}

static ev_type odict_iterator_type = EV_ITER_TYPE_INIT("odict_iterator", NULL);
static const ev_native_iter_type odict_iter_type = {"odict_iterator", odit_next, odit_free, NULL,
                                                    &odict_iterator_type, odit_traverse};

ev_value ev_odict_iter(ev_interp *I, ev_value dv, ev_iter_kind k, bool reversed)
{
    ev_value it = ev_native_iter_new(I, &odict_iter_type, sizeof(odict_it));
    if (EV_IS_ERR(it))
        return it;
    odict_it *s = ((ev_iterobj *)it.u.o)->state;
    ev_dict *d = ev_as_dict(dv);
    s->od = ev_dup(dv);
    s->kind = k;
    s->reversed = reversed;
    s->version = d->version;
    s->size = (int64_t)d->used;
    s->pos = odict_step(d, reversed ? (int64_t)d->nentries : -1, reversed);
    return it;
}
