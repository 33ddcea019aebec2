/*
 * collections_chainmap.c - collections.ChainMap: several mappings searched
 * in order as one, writes going to the first (CPython's Lib/collections
 * ChainMap, a MutableMapping: lookups, len and iteration over the union of
 * the keys, new_child, parents, pop/popitem/clear on the first mapping).
 *
 * An instance holds one slot: its `maps` list, the same list object user
 * code reads and mutates.  Every operation reaches the mappings through the
 * object protocol, so they may be any mappings (user classes included).
 */
#include <string.h>

#include "evaluator/modules/collections_int.h"

static ev_value maps_of(ev_value self) { return ev_as_cinstance(self)->slots[0]; }

static bool is_keyerror(ev_interp *I)
{
    return !I->limit && ev_is(I->exc, EV_O_EXC) &&
           ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_KeyError);
}

static void clear_exc(ev_interp *I)
{
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
}

/* A ChainMap over the list `maps` (stolen). */
static ev_value chainmap_wrap(ev_interp *I, ev_type *t, ev_value maps)
{
    if (EV_IS_ERR(maps))
        return maps;
    ev_value o = ev_cinstance_new(I, t, 1);
    if (EV_IS_ERR(o)) {
        ev_decref(I, maps);
        return o;
    }
    ev_as_cinstance(o)->slots[0] = maps;
    return o;
}

static ev_value cm_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "ChainMap.__init__() got an unexpected keyword argument '%s'",
                        kw->names[0]->data);
    ev_value maps = ev_list_new(I, 0);
    for (int i = 0; i < argc && !EV_IS_ERR(maps); i++)
        if (ev_list_append(I, ev_as_list(maps), argv[i])) {
            ev_decref(I, maps);
            maps = EV_ERR;
        }
    if (!EV_IS_ERR(maps) && argc == 0) {
        ev_value d = ev_dict_new(I);
        int e = EV_IS_ERR(d) || ev_list_append(I, ev_as_list(maps), d);
        if (!EV_IS_ERR(d))
            ev_decref(I, d);
        if (e) {
            ev_decref(I, maps);
            maps = EV_ERR;
        }
    }
    return chainmap_wrap(I, (ev_type *)self.u.o, maps);
}

/* The i-th mapping, a new reference (the list may change under a callback). */
static ev_value map_at(ev_value self, size_t i)
{
    ev_list *l = ev_as_list(maps_of(self));
    return i < l->len ? ev_dup(l->items[i]) : EV_ERR;
}

static size_t nmaps(ev_value self) { return ev_as_list(maps_of(self))->len; }

/* Every operation that reaches the mappings counts one level of
 * recursion: a ChainMap among its own maps (or two holding each other)
 * recurses through C, where CPython's Python methods raise RecursionError. */
#define CM_RECURSE " while calling a Python object"

/* self[key]: the first mapping that has it; 1 found, 0 not, -1 error.
 * The maps list is re-read at each step (a mapping's __getitem__ may
 * change it), as CPython's `for mapping in self.maps`. */
static int lookup(ev_interp *I, ev_value self, ev_value key, ev_value *out)
{
    if (ev_recursion_enter(I, ""))
        return -1;
    int res = 0;
    for (size_t i = 0; i < nmaps(self); i++) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m))
            break;
        ev_value v = ev_getitem(I, m, key);
        ev_decref(I, m);
        if (!EV_IS_ERR(v)) {
            *out = v;
            res = 1;
            break;
        }
        if (!is_keyerror(I)) {
            res = -1;
            break;
        }
        clear_exc(I);
    }
    ev_recursion_leave(I);
    return res;
}


static ev_value cm_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value v;
    int got = lookup(I, self, argv[0], &v);
    if (got < 0)
        return EV_ERR;
    return got ? v : ev_raise_key_error(I, argv[0]); /* __missing__ */
}

static int contains(ev_interp *I, ev_value self, ev_value key)
{
    if (ev_recursion_enter(I, ""))
        return -1;
    int r = 0;
    for (size_t i = 0; r == 0 && i < nmaps(self); i++) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m))
            break;
        r = ev_contains(I, m, key);
        ev_decref(I, m);
    }
    ev_recursion_leave(I);
    return r;
}

static ev_value cm_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r = contains(I, self, argv[0]);
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value cm_get(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ChainMap.get", {"key", "default", NULL}, 1, 0, false, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    int r = contains(I, self, a[0]);
    if (r < 0)
        return EV_ERR;
    if (!r)
        return EV_IS_ERR(a[1]) ? EV_NONE : ev_dup(a[1]);
    return cm_getitem(I, self, 1, a, NULL);
}

/* An exact dict: what CPython's dict.fromkeys and set.union read with the
 * hashes it stored. */
static bool is_plain_dict(ev_value m)
{
    return ev_is(m, EV_O_DICT) && ev_type_of(m) == &ev_type_dict;
}

/* The union of the keys, in CPython's order: the last mapping's first,
 * each later mapping adding its new keys (dict.fromkeys over reversed maps).
 * The walk is reversed(self.maps): a list that shrank under a mapping's
 * __iter__ ends it. */
static ev_value key_union(ev_interp *I, ev_value self)
{
    if (ev_recursion_enter(I, CM_RECURSE))
        return EV_ERR;
    ev_value d = ev_dict_new(I);
    for (size_t i = nmaps(self); i-- > 0 && !EV_IS_ERR(d);) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m))
            break;
        if (is_plain_dict(m)) {
            /* d.update(dict.fromkeys(m)) reuses a dict's stored hashes: no
             * __hash__ runs (the values d keeps are never read) */
            int e = ev_dict_merge(I, ev_as_dict(d), ev_as_dict(m));
            ev_decref(I, m);
            if (e) {
                ev_decref(I, d);
                d = EV_ERR;
            }
            continue;
        }
        ev_value it = ev_iter(I, m);
        ev_decref(I, m);
        if (EV_IS_ERR(it)) {
            ev_decref(I, d);
            d = EV_ERR;
            break;
        }
        ev_value k;
        int got;
        while ((got = ev_next(I, it, &k)) > 0) {
            int e = ev_dict_set(I, ev_as_dict(d), k, EV_NONE);
            ev_decref(I, k);
            if (e) {
                got = -1;
                break;
            }
        }
        ev_decref(I, it);
        if (got < 0) {
            ev_decref(I, d);
            d = EV_ERR;
        }
    }
    ev_recursion_leave(I);
    return d;
}

/* len(set().union(*self.maps)): the maps as they were when len began
 * (a copy of the list), every key of each counted once */
static ev_value cm_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value res = EV_ERR, it = EV_ERR;
    ev_value maps = ev_list_from_iterable(I, maps_of(self));
    ev_value seen = EV_IS_ERR(maps) ? EV_ERR : ev_dict_new(I);
    if (EV_IS_ERR(seen))
        goto fail;
    for (size_t i = 0; i < ev_as_list(maps)->len; i++) {
        if (is_plain_dict(ev_as_list(maps)->items[i])) {
            /* set.union takes a dict's keys with their stored hashes */
            if (ev_dict_merge(I, ev_as_dict(seen), ev_as_dict(ev_as_list(maps)->items[i])))
                goto fail;
            continue;
        }
        it = ev_iter(I, ev_as_list(maps)->items[i]);
        if (EV_IS_ERR(it))
            goto fail;
        ev_value k;
        int got;
        while ((got = ev_next(I, it, &k)) > 0) {
            int e = ev_dict_set(I, ev_as_dict(seen), k, EV_NONE);
            ev_decref(I, k);
            if (e)
                goto fail;
        }
        ev_decref(I, it);
        it = EV_ERR;
        if (got < 0)
            goto fail;
    }
    res = ev_int((int64_t)ev_as_dict(seen)->used);
fail:
    if (!EV_IS_ERR(it))
        ev_decref(I, it);
    if (!EV_IS_ERR(seen))
        ev_decref(I, seen);
    if (!EV_IS_ERR(maps))
        ev_decref(I, maps);
    ev_recursion_leave(I);
    return res;
}

static ev_value cm_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value d = key_union(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_value it = ev_iter(I, d);
    ev_decref(I, d);
    return it;
}

/* {key: self[key]} in iteration order: what keys()/items()/values() view */
static ev_value as_dict(ev_interp *I, ev_value self)
{
    ev_value d = key_union(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_dict *dd = ev_as_dict(d);
    for (size_t i = 0; i < dd->nentries; i++) {
        if (EV_IS_ERR(dd->entries[i].key))
            continue;
        ev_value key = ev_dup(dd->entries[i].key), v;
        int got = lookup(I, self, key, &v);
        int e = got <= 0 ? -1 : ev_dict_set(I, dd, key, v);
        if (got > 0)
            ev_decref(I, v);
        if (got == 0)
            ev_raise_key_error(I, key);
        ev_decref(I, key);
        if (e) {
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    return d;
}

static ev_value view_of(ev_interp *I, ev_value self, const char *meth)
{
    ev_value d = as_dict(I, self);
    if (EV_IS_ERR(d))
        return d;
    ev_str *n = ev_intern(I, meth, strlen(meth));
    ev_value m = n ? ev_getattr(I, d, n) : EV_ERR;
    ev_value r = EV_IS_ERR(m) ? EV_ERR : ev_call(I, m, 0, NULL, 0, NULL, NULL);
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
    ev_decref(I, d);
    return r;
}

static ev_value cm_keys(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return view_of(I, self, "keys");
}

static ev_value cm_items(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return view_of(I, self, "items");
}

static ev_value cm_values(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return view_of(I, self, "values");
}

static ev_value first_map(ev_value self) { return map_at(self, 0); }

static ev_value cm_setitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value m = first_map(self);
    if (EV_IS_ERR(m))
        return ev_raise(I, &ev_type_IndexError, "list index out of range");
    int e = ev_recursion_enter(I, "");
    if (!e) {
        e = ev_setitem(I, m, argv[0], argv[1]);
        ev_recursion_leave(I);
    }
    ev_decref(I, m);
    return e ? EV_ERR : EV_NONE;
}

static ev_value not_in_first(ev_interp *I, ev_value key)
{
    ev_value r = ev_repr(I, key);
    if (EV_IS_ERR(r))
        return r;
    ev_raise(I, &ev_type_KeyError, "Key not found in the first mapping: %s", ev_as_str(r)->data);
    ev_decref(I, r);
    return EV_ERR;
}

static ev_value cm_delitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value m = first_map(self);
    if (EV_IS_ERR(m))
        return ev_raise(I, &ev_type_IndexError, "list index out of range");
    int e = ev_recursion_enter(I, "");
    if (!e) {
        e = ev_delitem(I, m, argv[0]);
        ev_recursion_leave(I);
    }
    ev_decref(I, m);
    if (!e)
        return EV_NONE;
    if (!is_keyerror(I))
        return EV_ERR;
    clear_exc(I);
    return not_in_first(I, argv[0]);
}

static ev_value call_first(ev_interp *I, ev_value self, const char *meth, int argc, const ev_value *argv)
{
    ev_value m = first_map(self);
    if (EV_IS_ERR(m))
        return ev_raise(I, &ev_type_IndexError, "list index out of range");
    ev_str *n = ev_intern(I, meth, strlen(meth));
    ev_value f = n ? ev_getattr(I, m, n) : EV_ERR;
    ev_decref(I, m);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = EV_ERR;
    if (!ev_recursion_enter(I, "")) {
        r = ev_call(I, f, argc, argv, 0, NULL, NULL);
        ev_recursion_leave(I);
    }
    ev_decref(I, f);
    return r;
}

/* pop(self, key, *args): key may come by name */
static ev_value cm_pop(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const ev_us_sig sig = {"ChainMap.pop", {"key", NULL}, 1, 0, true, false};
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig, argc, argv, kw, a))
        return EV_ERR;
    /* key and *args as one argument list: argv itself when key came first */
    ev_value r = argc > 0 ? call_first(I, self, "pop", argc, argv) : call_first(I, self, "pop", 1, a);
    if (!EV_IS_ERR(r) || !is_keyerror(I))
        return r;
    clear_exc(I);
    return not_in_first(I, a[0]);
}

static ev_value cm_popitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = call_first(I, self, "popitem", 0, NULL);
    if (!EV_IS_ERR(r) || !is_keyerror(I))
        return r;
    clear_exc(I);
    return ev_raise(I, &ev_type_KeyError, "No keys found in the first mapping.");
}

static ev_value cm_clear(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return call_first(I, self, "clear", 0, NULL);
}

static ev_value cm_maps(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(maps_of(self));
}

/* ChainMap(m, *maps) for new_child, or ChainMap(first, *maps[skip:]) */
static ev_value rebuild(ev_interp *I, ev_value self, ev_value first, size_t skip)
{
    ev_value maps = ev_list_new(I, 0);
    if (!EV_IS_ERR(maps) && !EV_IS_ERR(first) && ev_list_append(I, ev_as_list(maps), first)) {
        ev_decref(I, maps);
        return EV_ERR;
    }
    for (size_t i = skip; !EV_IS_ERR(maps) && i < nmaps(self); i++) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m) || ev_list_append(I, ev_as_list(maps), m)) {
            if (!EV_IS_ERR(m))
                ev_decref(I, m);
            ev_decref(I, maps);
            return EV_ERR;
        }
        ev_decref(I, m);
    }
    return chainmap_wrap(I, ((ev_instance *)self.u.o)->type, maps);
}

static ev_value cm_new_child(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* new_child(self, m=None, **kwargs): m may come by name too */
    ev_value given = argc > 0 ? argv[0] : EV_ERR;
    int nkw = EV_KW_N(kw), mk = -1;
    for (int k = 0; k < nkw; k++)
        if (strcmp(kw->names[k]->data, "m") == 0) {
            if (!EV_IS_ERR(given))
                return ev_raise(I, &ev_type_TypeError, "ChainMap.new_child() got multiple values for argument 'm'");
            given = kw->vals[k];
            mk = k;
        }
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError,
                        "ChainMap.new_child() takes from 1 to 2 positional arguments but %d were given", argc + 1);
    ev_value m = !EV_IS_ERR(given) && given.tag != EV_T_NONE ? ev_dup(given) : ev_dict_new(I);
    if (EV_IS_ERR(m))
        return m;
    if (nkw - (mk >= 0)) { /* new_child(m, **kwargs): m.update(kwargs) */
        ev_str **names = ev_alloc(I, (size_t)nkw * sizeof *names);
        ev_value *vals = ev_alloc(I, (size_t)nkw * sizeof *vals);
        if (!names || !vals) {
            ev_dealloc(I, names);
            ev_dealloc(I, vals);
            ev_decref(I, m);
            return ev_raise_nomem(I);
        }
        int n = 0;
        for (int k = 0; k < nkw; k++)
            if (k != mk) {
                names[n] = kw->names[k];
                vals[n++] = kw->vals[k];
            }
        ev_str *u = ev_intern(I, "update", 6);
        ev_value f = u ? ev_getattr(I, m, u) : EV_ERR;
        ev_value r = EV_IS_ERR(f) ? EV_ERR : ev_call(I, f, 0, NULL, n, names, vals);
        ev_dealloc(I, names);
        ev_dealloc(I, vals);
        if (!EV_IS_ERR(f))
            ev_decref(I, f);
        if (EV_IS_ERR(r)) {
            ev_decref(I, m);
            return r;
        }
        ev_decref(I, r);
    }
    ev_value r = rebuild(I, self, m, 0);
    ev_decref(I, m);
    return r;
}

static ev_value cm_parents(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return rebuild(I, self, EV_ERR, 1);
}

static ev_value cm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value c = call_first(I, self, "copy", 0, NULL);
    if (EV_IS_ERR(c))
        return c;
    ev_value r = rebuild(I, self, c, 1);
    ev_decref(I, c);
    return r;
}

/* CPython's __repr__ is wrapped in reprlib.recursive_repr: a ChainMap
 * shown again while it is being shown is "...".  The maps list is
 * re-read after each repr (map(repr, self.maps) walks the live list). */
static ev_value cm_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (self.u.o->flags & EV_OBJ_REPR)
        return ev_str_new(I, "...", 3);
    if (ev_recursion_enter(I, CM_RECURSE))
        return EV_ERR;
    self.u.o->flags |= EV_OBJ_REPR;
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, ev_type_name(self)) || ev_buf_puts(I, &b, "(");
    for (size_t i = 0; !e && i < nmaps(self); i++) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m))
            break;
        e = (i && ev_buf_puts(I, &b, ", ")) || ev_buf_repr(I, &b, m);
        ev_decref(I, m);
    }
    self.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_recursion_leave(I);
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* any(self.maps) */
static ev_value cm_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_recursion_enter(I, CM_RECURSE))
        return EV_ERR;
    int t = 0;
    for (size_t i = 0; t == 0 && i < nmaps(self); i++) {
        ev_value m = map_at(self, i);
        if (EV_IS_ERR(m))
            break;
        t = ev_truth(I, m);
        ev_decref(I, m);
    }
    ev_recursion_leave(I);
    return t < 0 ? EV_ERR : ev_bool(t);
}

/* Mapping.__eq__: dict(self.items()) == dict(other.items()) for mappings */
static ev_value cm_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argv[0];
    bool other_cm = ev_is(o, EV_O_INSTANCE) && ev_type_is_subclass(ev_type_of(o), &ev_type_ChainMap);
    if (!ev_is(o, EV_O_DICT) && !other_cm)
        return EV_NOTIMPL;
    ev_value a = as_dict(I, self), b = EV_IS_ERR(a) ? EV_ERR : other_cm ? as_dict(I, o) : ev_dup(o);
    int r = EV_IS_ERR(b) ? -1 : ev_eq(I, a, b);
    if (!EV_IS_ERR(a))
        ev_decref(I, a);
    if (!EV_IS_ERR(b))
        ev_decref(I, b);
    return r < 0 ? EV_ERR : ev_bool(r);
}

/* cm | other: a copy whose first mapping is updated from other */
static ev_value cm_or(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is(argv[0], EV_O_DICT) && !(ev_is(argv[0], EV_O_INSTANCE) &&
                                        ev_type_is_subclass(ev_type_of(argv[0]), &ev_type_ChainMap)))
        return EV_NOTIMPL;
    ev_value c = cm_copy(I, self, 0, NULL, NULL);
    if (EV_IS_ERR(c))
        return c;
    ev_value r = call_first(I, c, "update", 1, argv);
    if (EV_IS_ERR(r)) {
        ev_decref(I, c);
        return r;
    }
    ev_decref(I, r);
    return c;
}

static ev_value cm_ior(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = call_first(I, self, "update", 1, argv);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return ev_dup(self);
}

static const ev_builtin_def chainmap_methods[] = {
    {"maps", cm_maps, 0, 0, EV_BF_PROP},
    {"parents", cm_parents, 0, 0, EV_BF_PROP},
    {"new_child", cm_new_child, 0, -1, EV_BF_KWANY},
    {"get", cm_get, 0, -1, EV_BF_KWANY},
    {"keys", cm_keys, 0, 0, 0},
    {"items", cm_items, 0, 0, 0},
    {"values", cm_values, 0, 0, 0},
    {"pop", cm_pop, 0, -1, EV_BF_KWANY},
    {"popitem", cm_popitem, 0, 0, 0},
    {"clear", cm_clear, 0, 0, 0},
    {"update", ev_coll_mm_update, 0, -1, EV_BF_KWANY},
    {"setdefault", ev_coll_mm_setdefault, 0, -1, EV_BF_KWANY},
    {"copy", cm_copy, 0, 0, 0},
    {"__copy__", cm_copy, 0, 0, 0},
    {"__getitem__", cm_getitem, 1, 1, 0},
    {"__setitem__", cm_setitem, 2, 2, 0},
    {"__delitem__", cm_delitem, 1, 1, 0},
    {"__contains__", cm_contains, 1, 1, 0},
    {"__len__", cm_len, 0, 0, 0},
    {"__iter__", cm_iter, 0, 0, 0},
    {"__repr__", cm_repr, 0, 0, 0},
    {"__bool__", cm_bool, 0, 0, 0},
    {"__eq__", cm_eq, 1, 1, 0},
    {"__or__", cm_or, 1, 1, 0},
    {"__ior__", cm_ior, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_ChainMap = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                            .name = "ChainMap", .call = cm_ctor, .methods = chainmap_methods,
                            .min_args = 0, .max_args = -1, .kwflags = EV_BF_KWANY,
                            .module = "collections", .tflags = EV_TYPE_CSLOTS};
