/*
 * object.c - the generic object protocol: the type of a value, freeing,
 * repr/str, truth, hashing, equality and ordering (CPython's
 * Objects/object.c).  Freeing, repr, truth and hash dispatch through the
 * kind table (ev_obj.h), assembled here; each kind's row, like its ev_type,
 * methods and constructor, lives in its own file in objects/.  Attributes
 * are in attr.c, items and iteration in items.c, arithmetic in num.c.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/node.h"
#include "evaluator/modules/modules.h"
#include "evaluator/gen.h"

/* ---- types -------------------------------------------------------------------------- */

ev_value ev_ctor_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);

#define TYPE(var, nm, base_, ctor, meths, mn, mx, ...)                                         \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},           \
                   .name = nm, .base = base_, .call = ctor, .methods = meths,              \
                   .min_args = mn, .max_args = mx, __VA_ARGS__}

TYPE(ev_type_NoneType, "NoneType", NULL, NULL, NULL, 0, 0);
TYPE(ev_type_function, "function", NULL, NULL, NULL, 0, 0);
TYPE(ev_type_builtin_function, "builtin_function_or_method", NULL, NULL, NULL, 0, 0);
/* what CPython calls a builtin method by how it is reached: str.upper,
 * int.__add__, (1).__add__ */
TYPE(ev_type_method_descriptor, "method_descriptor", NULL, NULL, NULL, 0, 0);
TYPE(ev_type_wrapper_descriptor, "wrapper_descriptor", NULL, NULL, NULL, 0, 0);
TYPE(ev_type_method_wrapper, "method-wrapper", NULL, NULL, NULL, 0, 0);
TYPE(ev_type_type, "type", NULL, ev_ctor_type, ev_type_type_methods, 1, 3);
/* iterators' and generators' own __next__ and __iter__ */
static ev_value iter_next_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    if (ev_is(self, EV_O_ITER) && (self.u.o->flags & EV_OBJ_SUB)) {
        /* map.__next__ of a subclass instance (super().__next__()): the
         * builtin step, not the subclass's override */
        ev_value out;
        int r = ev_iter_builtin_next(I, self, &out);
        if (r > 0)
            return out;
        if (r < 0)
            return EV_ERR;
        ev_value args = ev_tuple_new(I, 0);
        ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_StopIteration, args);
        return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
    }
    return ev_builtin_apply(I, "next", 1, &self);
}

static ev_value iter_iter_m(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_dup(self);
}

const ev_builtin_def ev_iterator_methods[] = {
    {"__next__", iter_next_m, 0, 0, EV_BF_SLOT},
    {"__iter__", iter_iter_m, 0, 0, EV_BF_SLOT},
    {NULL, NULL, 0, 0, 0},
};

TYPE(ev_type_iterator, "iterator", NULL, NULL, ev_iterator_methods, 0, 0);
/* type(iter([])) is list_iterator...: one type per native iterator kind */
#define ITER_TYPE(nm) {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = nm, \
                       .methods = ev_iterator_methods}
/* map, filter, zip and enumerate are also the classes that make them */
#define ITER_CLASS(nm, fn) {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}, .name = nm, \
                            .methods = ev_iterator_methods, .call = fn, .min_args = 0, .max_args = -1, \
                            .kwflags = EV_BF_KWANY}
ev_type ev_iter_kind_types[] = {
    ITER_TYPE("list_iterator"), ITER_TYPE("tuple_iterator"), ITER_TYPE("str_ascii_iterator"),
    ITER_TYPE("range_iterator"), ITER_TYPE("dict_keyiterator"), ITER_TYPE("dict_valueiterator"),
    ITER_TYPE("dict_itemiterator"), ITER_TYPE("list_reverseiterator"),
    ITER_CLASS("enumerate", ev_builtin_enumerate), ITER_CLASS("zip", ev_builtin_zip),
    ITER_CLASS("map", ev_builtin_map), ITER_CLASS("filter", ev_builtin_filter),
    ITER_TYPE("longrange_iterator"), ITER_TYPE("set_iterator"),
    ITER_TYPE("reversed"), /* never answered: ev_type_reversed is the type */
    ITER_TYPE("dict_reversekeyiterator"), ITER_TYPE("dict_reversevalueiterator"),
    ITER_TYPE("dict_reverseitemiterator"),
    EV_ITER_TYPE_INIT("_collections._deque_reverse_iterator", "_collections"),
};
/* 3.11 iterates an ASCII str with str_ascii_iterator, any other with this */
static ev_type type_str_iterator = EV_ITER_TYPE_INIT("str_iterator", NULL);
/* iter(callable, sentinel) and re.finditer() */
ev_type ev_type_callable_iterator = EV_ITER_TYPE_INIT("callable_iterator", NULL);
_Static_assert(sizeof ev_iter_kind_types / sizeof *ev_iter_kind_types == EV_IT_NATIVE, "one type per iterator kind");
/* reversed(seq) of a sequence without __reversed__ (EV_IT_REVERSED_SEQ, or
 * a native iterator over __getitem__) */
ev_type ev_type_reversed = ITER_CLASS("reversed", ev_builtin_reversed);
#undef ITER_TYPE
#undef ITER_CLASS

ev_type *const ev_iterator_classes[] = {
    &ev_iter_kind_types[EV_IT_ENUMERATE], &ev_iter_kind_types[EV_IT_ZIP], &ev_iter_kind_types[EV_IT_MAP],
    &ev_iter_kind_types[EV_IT_FILTER], &ev_type_reversed, NULL,
};
/* keys/items views: isdisjoint(iterable), as CPython's dictviews_isdisjoint:
 * the shorter of two sets or views is iterated, each item looked up in
 * the other. */
static ev_value view_isdisjoint(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!ev_is_setview(self))
        return ev_raise(I, &ev_type_AttributeError, "'dict_values' object has no attribute 'isdisjoint'");
    ev_value other = argv[0];
    if (self.u.o == other.u.o && other.tag == EV_T_OBJ)
        return ev_bool(ev_as_dict(((ev_view *)self.u.o)->dict)->used == 0);
    if (ev_is_anyset(other) || ev_is_setview(other)) {
        int64_t ls = ev_as_dict(((ev_view *)self.u.o)->dict)->used, lo;
        if (ev_len(I, other, &lo))
            return EV_ERR;
        if (lo > ls) {
            ev_value t = self;
            self = other;
            other = t;
        }
    }
    ev_value it = ev_iter(I, other);
    if (EV_IS_ERR(it))
        return it;
    ev_value k;
    int got, in = 0;
    while (!in && (got = ev_next(I, it, &k)) > 0) {
        in = ev_contains(I, self, k);
        ev_decref(I, k);
        if (in < 0)
            got = -1;
    }
    ev_decref(I, it);
    if (in < 0 || (!in && got < 0))
        return EV_ERR;
    return ev_bool(!in);
}

/* view.mapping: the viewed dict, read-only */
static ev_value view_mapping(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_mappingproxy_new(I, ev_as_dict(((ev_view *)self.u.o)->dict));
}

static const ev_builtin_def view_methods[] = {
    {"isdisjoint", view_isdisjoint, 1, 1, 0},
    {"__reversed__", ev_reversed_self, 0, 0, 0},
    {"mapping", view_mapping, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};
static const ev_builtin_def values_view_methods[] = {
    {"__reversed__", ev_reversed_self, 0, 0, 0},
    {"mapping", view_mapping, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

/* type(d.keys()).__name__ is 'dict_keys': one type per view kind */
TYPE(ev_type_view, "dict_keys", NULL, NULL, view_methods, 0, 0);
static TYPE(type_dict_values, "dict_values", NULL, NULL, values_view_methods, 0, 0);
static TYPE(type_dict_items, "dict_items", NULL, NULL, view_methods, 0, 0);
/* OrderedDict's views: subclasses of the dict views (iterated in order by
 * odict_iterator, collections.c) */
TYPE(ev_type_odict_keys, "odict_keys", &ev_type_view, NULL, NULL, 0, 0);
TYPE(ev_type_odict_values, "odict_values", &type_dict_values, NULL, NULL, 0, 0);
TYPE(ev_type_odict_items, "odict_items", &type_dict_items, NULL, NULL, 0, 0);
TYPE(ev_type_module, "module", NULL, NULL, NULL, 0, 0);


ev_type *ev_type_of_slow(ev_value v)
{
    if (ev_is_slice(v))
        return &ev_type_slice;
    if (v.tag == EV_T_OBJ && (v.u.o->flags & EV_OBJ_SUB))
        return ev_sub_of(v.u.o)->type;
    switch (v.tag) {
    case EV_T_NONE: return &ev_type_NoneType;
    case EV_T_BOOL: return &ev_type_bool;
    case EV_T_INT: return &ev_type_int;
    case EV_T_FLOAT: return &ev_type_float;
    case EV_T_ERR: return &ev_type_NoneType;
    case EV_T_OBJ: break;
    }
    switch ((ev_kind)v.u.o->kind) {
    case EV_O_INT: return &ev_type_int;
    case EV_O_STR: return &ev_type_str;
    case EV_O_LIST: return &ev_type_list;
    case EV_O_TUPLE: return &ev_type_tuple;
    case EV_O_SLICE: return &ev_type_slice;
    case EV_O_DICT: return ev_as_dict(v)->type ? ev_as_dict(v)->type : &ev_type_dict;
    case EV_O_RANGE: return &ev_type_range;
    case EV_O_FUNC: return &ev_type_function;
    case EV_O_BUILTIN: {
        ev_builtin *b = (ev_builtin *)v.u.o;
        bool slot = (b->def->flags & EV_BF_SLOT) != 0;
        if (b->unbound)
            return slot ? &ev_type_wrapper_descriptor : &ev_type_method_descriptor;
        return slot && b->self.tag != EV_T_NONE ? &ev_type_method_wrapper : &ev_type_builtin_function;
    }
    case EV_O_TYPE: return ((ev_type *)v.u.o)->meta ? ((ev_type *)v.u.o)->meta : &ev_type_type;
    case EV_O_EXC: return ((ev_exc *)v.u.o)->type;
    case EV_O_ITER: {
        ev_iter_kind k = ((ev_iterobj *)v.u.o)->ik;
        if (k == EV_IT_REVERSED_SEQ)
            return &ev_type_reversed;
        if (k == EV_IT_STR && !ev_as_str(((ev_iterobj *)v.u.o)->src)->ascii)
            return &type_str_iterator;
        if (k < EV_IT_NATIVE)
            return &ev_iter_kind_types[k];
        return ((ev_iterobj *)v.u.o)->nt->type ? ((ev_iterobj *)v.u.o)->nt->type : &ev_type_iterator;
    }
    case EV_O_VIEW: {
        ev_iter_kind k = ((ev_view *)v.u.o)->ik;
        if (ev_dict_is_ordered(ev_as_dict(((ev_view *)v.u.o)->dict)))
            return k == EV_IT_DICT_KEYS     ? &ev_type_odict_keys
                   : k == EV_IT_DICT_VALUES ? &ev_type_odict_values
                                            : &ev_type_odict_items;
        return k == EV_IT_DICT_KEYS ? &ev_type_view : k == EV_IT_DICT_VALUES ? &type_dict_values : &type_dict_items;
    }
    case EV_O_MODULE: return &ev_type_module;
    case EV_O_CELL: return &ev_type_NoneType;
    case EV_O_GEN:
        return ((ev_gen *)v.u.o)->flavor == EV_CORO_CORO       ? &ev_type_coroutine
               : ((ev_gen *)v.u.o)->flavor == EV_CORO_ASYNCGEN ? &ev_type_async_generator
                                                               : &ev_type_generator;
    case EV_O_BIGRANGE: return &ev_type_range;
    case EV_O_SET: return &ev_type_set;
    case EV_O_FROZENSET: return &ev_type_frozenset;
    case EV_O_DEQUE: return &ev_type_deque;
    case EV_O_INSTANCE: return ((ev_instance *)v.u.o)->type;
    case EV_O_METHOD: return &ev_type_method;
    case EV_O_WRAPPER: return ((ev_wrapper *)v.u.o)->type;
    case EV_O_DATETIME: return ev_dt_type(v);
    case EV_O_REPATTERN: return &ev_type_re_Pattern;
    case EV_O_REMATCH: return &ev_type_re_Match;
    case EV_O_BYTES: return &ev_type_bytes;
    case EV_O_COMPLEX: return &ev_type_complex;
    case EV_O_FLOAT: return &ev_type_float;
    case EV_O_BYTEARRAY: return &ev_type_bytearray;
    }
    return &ev_type_NoneType;
}

const char *ev_type_name(ev_value v)
{
    if (ev_is(v, EV_O_ITER) && (v.u.o->flags & EV_OBJ_SUB))
        return ev_sub_of(v.u.o)->type->name;
    if (ev_is(v, EV_O_ITER) && ((ev_iterobj *)v.u.o)->ik == EV_IT_NATIVE) /* tp_name: 'itertools.chain' */
        return ((ev_iterobj *)v.u.o)->nt->type ? ((ev_iterobj *)v.u.o)->nt->type->name : ((ev_iterobj *)v.u.o)->nt->name;
    if (ev_is(v, EV_O_ITER)) {
        static const char *const names[] = {
            "list_iterator", "tuple_iterator", "str_ascii_iterator", "range_iterator",
            "dict_keyiterator", "dict_valueiterator", "dict_itemiterator",
            "list_reverseiterator", "enumerate", "zip", "map", "filter", "longrange_iterator",
            "set_iterator", "reversed", "dict_reversekeyiterator", "dict_reversevalueiterator",
            "dict_reverseitemiterator", "_collections._deque_reverse_iterator",
        };
        _Static_assert(sizeof names / sizeof *names == EV_IT_NATIVE, "one name per iterator kind");
        ev_iterobj *it = (ev_iterobj *)v.u.o;
        if (it->ik == EV_IT_STR && !ev_as_str(it->src)->ascii)
            return "str_iterator";
        return names[it->ik];
    }
    if (ev_is(v, EV_O_VIEW))
        return ev_type_of_slow(v)->name;
    return ev_type_of(v)->name;
}

bool ev_type_is_subclass(const ev_type *t, const ev_type *base)
{
    if (base == &ev_type_object)
        return true;
    /* ExceptionGroup's second base (builtin types keep one in ->base) */
    if (base == &ev_type_BaseExceptionGroup && t != base && ev_type_is_subclass(t, &ev_type_ExceptionGroup))
        return true;
    if (ev_is_heaptype(t)) {
        ev_tuple *m = ev_as_tuple(t->mro);
        for (size_t i = 0; i < m->len; i++)
            if (m->items[i].u.o == &base->h)
                return true;
        return false;
    }
    for (; t; t = t->base)
        if (t == base)
            return true;
    return false;
}

/* ---- freeing ---------------------------------------------------------------------------- */

void *ev_obj_new(ev_interp *I, size_t size, ev_kind kind, bool container)
{
    ev_obj *o = container ? ev_alloc_gc(I, size) : ev_alloc(I, size);
    if (!o) {
        ev_raise_nomem(I);
        return NULL;
    }
    o->refcnt = 1;
    o->kind = (uint16_t)kind;
    o->flags = 0;
    if (container)
        ev_gc_track(I, o);
    return o;
}

/* Could o's class define __del__?  Its cached special names answer
 * without a call while they are valid (ev_fin_type has the whole test). */
static inline bool fin_maybe(ev_interp *I, const ev_obj *o)
{
    const ev_type *t = (o->flags & EV_OBJ_SUB) ? ev_sub_of(o)->type
                       : o->kind == EV_O_INSTANCE ? ((const ev_instance *)o)->type
                                                  : ((const ev_exc *)o)->type;
    return ev_is_heaptype(t) &&
           (t->dn_version != I->class_version || ((t->dn_mask[EV_DN_DEL / 64] >> (EV_DN_DEL % 64)) & 1));
}

void ev_obj_free(ev_interp *I, ev_obj *o)
{
    /* an instance whose class defines __del__ is not freed here: it is
     * resurrected onto the interpreter's queue and finalized at the next
     * safe point (gc.c), never in the middle of the C code that dropped it */
    if ((o->kind == EV_O_INSTANCE || o->kind == EV_O_EXC || (o->flags & EV_OBJ_SUB)) &&
        !(o->flags & EV_OBJ_FINALIZED) && fin_maybe(I, o) && ev_fin_type(I, o) && ev_fin_defer(I, o))
        return;
    const ev_kind_ops *k = ev_kinds[o->kind];
    if (k->finalize && k->finalize(I, o))
        return;
    if (k->free)
        k->free(I, o);
    if (o->flags & EV_OBJ_SUB) {
        ev_subhead *sh = ev_sub_of(o);
        if (sh->dict)
            ev_decref(I, ev_obj_val(&sh->dict->h));
        if (sh->slots)
            ev_decref(I, ev_obj_val(&sh->slots->h));
        ev_decref(I, ev_obj_val(&sh->type->h));
        ev_dealloc(I, sh);
        return;
    }
    ev_dealloc(I, o);
}

/* The kind table (ev_obj.h): each row is defined in its kind's file. */
const ev_kind_ops *const ev_kinds[EV_O_NKINDS] = {
    [EV_O_INT] = &ev_int_ops,         [EV_O_STR] = &ev_str_ops,           [EV_O_LIST] = &ev_list_ops,
    [EV_O_TUPLE] = &ev_tuple_ops,     [EV_O_DICT] = &ev_dict_ops,         [EV_O_RANGE] = &ev_range_ops,
    [EV_O_FUNC] = &ev_func_ops,       [EV_O_BUILTIN] = &ev_builtin_ops,   [EV_O_TYPE] = &ev_type_ops,
    [EV_O_EXC] = &ev_exc_ops,         [EV_O_ITER] = &ev_iterator_ops,         [EV_O_VIEW] = &ev_view_ops,
    [EV_O_MODULE] = &ev_module_ops,   [EV_O_CELL] = &ev_cell_ops,         [EV_O_GEN] = &ev_generator_ops,
    [EV_O_BIGRANGE] = &ev_bigrange_ops, [EV_O_SET] = &ev_set_ops,         [EV_O_FROZENSET] = &ev_frozenset_ops,
    [EV_O_DEQUE] = &ev_deque_ops,     [EV_O_INSTANCE] = &ev_instance_ops, [EV_O_METHOD] = &ev_method_ops,
    [EV_O_WRAPPER] = &ev_wrapper_ops, [EV_O_DATETIME] = &ev_datetime_ops, [EV_O_REPATTERN] = &ev_repattern_ops,
    [EV_O_REMATCH] = &ev_rematch_ops, [EV_O_BYTES] = &ev_bytes_ops,       [EV_O_BYTEARRAY] = &ev_bytearray_ops,
    [EV_O_SLICE] = &ev_slice_ops,     [EV_O_COMPLEX] = &ev_complex_ops,   [EV_O_FLOAT] = &ev_float_ops,
};

/* ---- dict views and modules: their rows (their types are above) --------------------------- */

static void view_free(ev_interp *I, ev_obj *o) { ev_decref(I, ((ev_view *)o)->dict); }

static void view_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    visit(I, ((ev_view *)o)->dict, arg);
}

/* as CPython's dictview_repr: name(list(view)), "..." when the view is
 * already being shown */
static int view_repr_buf(ev_interp *I, ev_buf *b, ev_value v)
{
    if (v.u.o->flags & EV_OBJ_REPR)
        return ev_buf_puts(I, b, "...");
    ev_value l = ev_list_from_iterable(I, v);
    if (EV_IS_ERR(l))
        return -1;
    v.u.o->flags |= EV_OBJ_REPR;
    int r = ev_buf_puts(I, b, ev_type_name(v)) || ev_buf_put(I, b, "(", 1) || ev_buf_repr(I, b, l) ||
            ev_buf_put(I, b, ")", 1);
    v.u.o->flags &= (uint16_t)~EV_OBJ_REPR;
    ev_decref(I, l);
    return r;
}

static bool view_truth(ev_value v) { return ev_as_dict(((ev_view *)v.u.o)->dict)->used != 0; }

/* values views hash by identity; keys and items views are set-like */
static int view_hash(ev_interp *I, ev_value v, int64_t *out)
{
    return ev_is_setview(v) ? ev_hash_unhashable(I, v, out) : ev_hash_identity(I, v, out);
}

/* No clear: a view's one reference is its dict, which is in the same
 * garbage and cleared, so the cycle breaks there; code run while
 * collecting (a generator's finally) still sees a valid view. */
const ev_kind_ops ev_view_ops = {
    .name = "view",
    .free = view_free,
    .traverse = view_traverse,
    .repr_buf = view_repr_buf,
    .truth = view_truth,
    .hash = view_hash,
};

/* modules are untracked: a module only keeps things alive */
static void module_free(ev_interp *I, ev_obj *o) { ev_decref(I, ev_obj_val(&((ev_module *)o)->ns->h)); }

static ev_value module_repr(ev_interp *I, ev_value v)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "<module '%s' (built-in)>", ((ev_module *)v.u.o)->def->name);
    return ev_str_from_cstr(I, tmp);
}

const ev_kind_ops ev_module_ops = {
    .name = "module",
    .free = module_free,
    .repr = module_repr,
};

/* ---- repr / str ------------------------------------------------------------------------ */

int ev_buf_repr(ev_interp *I, ev_buf *b, ev_value v);

/* dict's own repr of d into b, as CPython's dict_repr: "{...}" when d is
 * already being shown, the live entries walked by index with each pair held
 * while shown (a __repr__ may change the dict: the walk goes on over what
 * is there then).  defaultdict's repr shows its dict part with it. */
int ev_buf_dict_repr(ev_interp *I, ev_buf *b, ev_dict *d)
{
    if (d->h.flags & EV_OBJ_REPR)
        return ev_buf_puts(I, b, "{...}");
    d->h.flags |= EV_OBJ_REPR;
    int r = ev_buf_put(I, b, "{", 1);
    bool first = true;
    for (size_t i = 0; r == 0 && i < d->nentries; i++) {
        ev_dict_entry *e = &d->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        ev_value k = ev_dup(e->key), val = ev_dup(e->value);
        if (!first)
            r = ev_buf_put(I, b, ", ", 2);
        first = false;
        if (r == 0)
            r = ev_buf_repr(I, b, k);
        if (r == 0)
            r = ev_buf_put(I, b, ": ", 2);
        if (r == 0)
            r = ev_buf_repr(I, b, val);
        ev_decref(I, k);
        ev_decref(I, val);
    }
    if (r == 0)
        r = ev_buf_put(I, b, "}", 1);
    d->h.flags &= (uint16_t)~EV_OBJ_REPR;
    return r;
}

/* An item's __repr__ may change the list: as CPython's list_repr, the
 * length is re-read after each item and the item is held while its repr
 * runs.  The depth is counted by ev_buf_repr, once an object. */
int ev_buf_repr_seq(ev_interp *I, ev_buf *b, ev_value seq, const char *open, const char *close, bool tuple1)
{
    bool list = ev_is(seq, EV_O_LIST);
    if (ev_buf_puts(I, b, open))
        return -1;
    size_t i;
    for (i = 0; i < (list ? ev_as_list(seq)->len : ev_as_tuple(seq)->len); i++) {
        if (i && ev_buf_put(I, b, ", ", 2))
            return -1;
        ev_value x = ev_dup(list ? ev_as_list(seq)->items[i] : ev_as_tuple(seq)->items[i]);
        int e = ev_buf_repr(I, b, x);
        ev_decref(I, x);
        if (e)
            return -1;
    }
    if (tuple1 && i == 1 && ev_buf_put(I, b, ",", 1))
        return -1;
    return ev_buf_puts(I, b, close);
}

static int buf_repr(ev_interp *I, ev_buf *b, ev_value v);
static ev_value repr_impl(ev_interp *I, ev_value v);

/* PyObject_Repr: every repr of an object counts against the depth limit,
 * so a list nested deeper than it raises RecursionError as in CPython */
int ev_buf_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    if (v.tag != EV_T_OBJ)
        return buf_repr(I, b, v);
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return -1;
    int r = buf_repr(I, b, v);
    ev_recursion_leave(I);
    return r;
}

static int buf_repr(ev_interp *I, ev_buf *b, ev_value v)
{
    if (ev_charge(I, 1))
        return -1;
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_user_repr(I, v, &r);
        if (got < 0)
            return -1;
        if (got) {
            int e = ev_buf_put(I, b, ev_as_str(r)->data, ev_as_str(r)->len);
            ev_decref(I, r);
            return e;
        }
    }
    return ev_buf_repr_builtin(I, b, v);
}

/* The repr of the builtin part of v, whatever its class defines: list's,
 * dict's... (list.__repr__(self) from a subclass's own __repr__). */
int ev_buf_repr_builtin(ev_interp *I, ev_buf *b, ev_value v)
{
    const ev_kind_ops *k = v.tag == EV_T_OBJ ? ev_kinds[v.u.o->kind] : NULL;
    if (k && k->repr_buf)
        return k->repr_buf(I, b, v);
    return ev_buf_put_strval(I, b, repr_impl(I, v)); /* counted by the caller */
}

int ev_buf_put_strval(ev_interp *I, ev_buf *b, ev_value s)
{
    if (EV_IS_ERR(s))
        return -1;
    int r = ev_buf_put(I, b, ev_as_str(s)->data, ev_as_str(s)->len);
    ev_decref(I, s);
    return r;
}

/* BaseException.__repr__: Name(arg) or Name(args...). */
ev_value ev_exc_repr(ev_interp *I, ev_exc *e)
{
    ev_buf b = {0};
    /* the bare name, as _PyType_Name: statistics.StatisticsError('x') shows StatisticsError('x') */
    const char *dot = ev_is_heaptype(e->type) ? NULL : strrchr(e->type->name, '.');
    int r = ev_buf_puts(I, &b, dot ? dot + 1 : e->type->name);
    ev_tuple *args = ev_as_tuple(e->args);
    if (r == 0 && args->len == 1)
        r = ev_buf_put(I, &b, "(", 1) || ev_buf_repr(I, &b, args->items[0]) ||
            ev_buf_put(I, &b, ")", 1);
    else if (r == 0)
        r = ev_buf_repr(I, &b, e->args);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value ev_repr(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ)
        return repr_impl(I, v);
    if (ev_recursion_enter(I, " while getting the repr of an object"))
        return EV_ERR;
    ev_value r = repr_impl(I, v);
    ev_recursion_leave(I);
    return r;
}

static ev_value repr_impl(ev_interp *I, ev_value v)
{
    switch (v.tag) {
    case EV_T_NONE: return ev_str_new(I, "None", 4);
    case EV_T_BOOL: return v.u.i ? ev_str_new(I, "True", 4) : ev_str_new(I, "False", 5);
    case EV_T_INT: return ev_int_repr(I, v);
    case EV_T_FLOAT: return ev_float_repr_value(I, v.u.f);
    case EV_T_ERR: return ev_str_new(I, "<error>", 7);
    case EV_T_OBJ: break;
    }
    ev_obj *o = v.u.o;
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_user_repr(I, v, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    const ev_kind_ops *k = ev_kinds[o->kind];
    if (k->repr)
        return k->repr(I, v);
    if (k->repr_buf) {
        ev_buf b = {0};
        if (buf_repr(I, &b, v)) { /* this level is counted already */
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        return ev_buf_to_str(I, &b);
    }
    return ev_str_from_cstr(I, "<object>");
}

static ev_value to_str_impl(ev_interp *I, ev_value v);

/* PyObject_Str: counted against the depth limit as a repr is */
ev_value ev_to_str(ev_interp *I, ev_value v)
{
    if (v.tag != EV_T_OBJ || (v.u.o->kind == EV_O_STR && !(v.u.o->flags & EV_OBJ_SUB)))
        return to_str_impl(I, v);
    if (ev_recursion_enter(I, " while getting the str of an object"))
        return EV_ERR;
    ev_value r = to_str_impl(I, v);
    ev_recursion_leave(I);
    return r;
}

static ev_value to_str_impl(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_STR) && !(v.u.o->flags & EV_OBJ_SUB))
        return ev_dup(v);
    if (ev_is_user(v)) {
        ev_value r;
        int got = ev_user_str(I, v, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
        if (ev_is(v, EV_O_STR)) /* str.__str__ of a subclass: a plain copy */
            return ev_str_new(I, ev_as_str(v)->data, ev_as_str(v)->len);
        if (ev_is_byteslike(v)) { /* bytes.__str__: the builtin repr, whatever __repr__ says */
            ev_buf b = {0};
            if (ev_buf_repr_builtin(I, &b, v)) {
                ev_buf_free(I, &b);
                return EV_ERR;
            }
            return ev_buf_to_str(I, &b);
        }
    }
    if (ev_is(v, EV_O_EXC))
        return ev_exc_str(I, (ev_exc *)v.u.o);
    if (ev_is(v, EV_O_DATETIME))
        return ev_dt_str(I, v);
    if (ev_is_mappingproxy(v)) /* mappingproxy_str: the mapping's own str */
        return ev_to_str(I, ev_mappingproxy_target(v));
    return ev_repr(I, v);
}

/* ---- truth, hash, equality, ordering ------------------------------------------------------ */

int ev_truth(ev_interp *I, ev_value v)
{
    switch (v.tag) {
    case EV_T_NONE: return 0;
    case EV_T_BOOL:
    case EV_T_INT: return v.u.i != 0;
    case EV_T_FLOAT: return v.u.f != 0.0;
    case EV_T_ERR: return -1;
    case EV_T_OBJ: break;
    }
    if (ev_is_user(v)) {
        int res, got = ev_user_truth(I, v, &res);
        if (got)
            return got < 0 ? -1 : res;
        if (v.u.o->kind == EV_O_INSTANCE)
            return 1;
    }
    const ev_kind_ops *k = ev_kinds[v.u.o->kind];
    return k->truth ? k->truth(v) : 1;
}

int ev_hash(ev_interp *I, ev_value v, int64_t *out)
{
    switch (v.tag) {
    case EV_T_NONE: *out = 0xFCA86420; return 0; /* CPython hashes None by address; any constant */
    case EV_T_BOOL:
    case EV_T_INT: *out = ev_hash_int(v); return 0;
    case EV_T_FLOAT: *out = ev_hash_double(v.u.f); return 0;
    case EV_T_ERR: return -1;
    case EV_T_OBJ: break;
    }
    if (v.u.o->kind == EV_O_STR && !(v.u.o->flags & EV_OBJ_SUB)) {
        ev_str *s = ev_as_str(v); /* most keys, their hash kept */
        *out = s->hash != -1 ? s->hash : ev_str_hash(s);
        return 0;
    }
    if (ev_is_slice(v)) {
        ev_raise(I, &ev_type_TypeError, "unhashable type: 'slice'");
        return -1;
    }
    if (v.u.o->flags & EV_OBJ_SUB) {
        int got = ev_user_hash(I, v, out);
        if (got)
            return got < 0 ? -1 : 0;
    }
    const ev_kind_ops *k = ev_kinds[v.u.o->kind];
    if (k->hash)
        return k->hash(I, v, out);
    *out = (int64_t)((uintptr_t)v.u.o >> 4);
    return 0;
}

int ev_hash_identity(ev_interp *I, ev_value v, int64_t *out)
{
    (void)I;
    uintptr_t p = (uintptr_t)v.u.o;
    *out = (int64_t)((p >> 4) | (p << (8 * sizeof p - 4)));
    return 0;
}

int ev_hash_unhashable(ev_interp *I, ev_value v, int64_t *out)
{
    (void)out;
    ev_raise(I, &ev_type_TypeError, "unhashable type: '%s'", ev_type_name(v));
    return -1;
}

static bool is_number(ev_value v)
{
    return v.tag == EV_T_INT || v.tag == EV_T_BOOL || v.tag == EV_T_FLOAT || ev_is(v, EV_O_INT);
}

/* all_contained_in: every item self yields is in other (PySequence_Contains). */
static int all_contained_in(ev_interp *I, ev_value self, ev_value other)
{
    ev_value it = ev_iter(I, self);
    if (EV_IS_ERR(it))
        return -1;
    int ok = 1;
    for (;;) {
        ev_value x;
        int got = ev_next(I, it, &x);
        if (got <= 0) {
            if (got < 0)
                ok = -1;
            break;
        }
        ok = ev_contains(I, other, x);
        ev_decref(I, x);
        if (ok <= 0)
            break;
    }
    ev_decref(I, it);
    return ok;
}

/* A keys/items view against a set or another such view (CPython's
 * dictview_richcompare; a set on the left is answered by the view with
 * the reflected operator): the sizes first, then membership item by item,
 * each lookup in the live dict or set.  -2 when the operands are not of
 * that kind. */
static int setview_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (!((ev_is_setview(a) || ev_is_setview(b)) &&
          (ev_is_setview(a) || ev_is_anyset(a)) && (ev_is_setview(b) || ev_is_anyset(b))))
        return -2;
    if (!ev_is_setview(a)) {
        static const int reflected[] = {4, 5, 2, 3, 0, 1};
        ev_value t = a;
        a = b;
        b = t;
        op = reflected[op];
    }
    int64_t la, lb;
    if (ev_len(I, a, &la) || ev_len(I, b, &lb))
        return -1;
    int ok = 0;
    switch (op) {
    case 2: case 3:
        if (la == lb)
            ok = all_contained_in(I, a, b);
        if (op == 3 && ok >= 0)
            ok = !ok;
        break;
    case 0: if (la < lb) ok = all_contained_in(I, a, b); break;
    case 1: if (la <= lb) ok = all_contained_in(I, a, b); break;
    case 4: if (la > lb) ok = all_contained_in(I, b, a); break;
    default: if (la >= lb) ok = all_contained_in(I, b, a); break;
    }
    return ok;
}

static int eq_impl(ev_interp *I, ev_value a, ev_value b, bool user);

/* PyObject_RichCompare: a comparison of two objects counts against the
 * depth limit, so nested lists or a recursive __eq__ raise RecursionError
 * "in comparison" as in CPython */
int ev_eq(ev_interp *I, ev_value a, ev_value b)
{
    if (a.tag != EV_T_OBJ || b.tag != EV_T_OBJ || a.u.o == b.u.o)
        return eq_impl(I, a, b, true);
    if (ev_recursion_enter(I, " in comparison"))
        return -1;
    int r = eq_impl(I, a, b, true);
    ev_recursion_leave(I);
    return r;
}

/* The builtin types' own equality, for instances of their subclasses too:
 * no user __eq__ is asked (int.__ne__ of a subclass that defines only
 * __eq__, super().__eq__). */
static int eq_builtin(ev_interp *I, ev_value a, ev_value b)
{
    return eq_impl(I, a, b, false);
}

static int eq_impl(ev_interp *I, ev_value a, ev_value b, bool user)
{
    if (a.tag == EV_T_INT && b.tag == EV_T_INT)
        return a.u.i == b.u.i;
    if (ev_is(a, EV_O_WRAPPER) || ev_is(b, EV_O_WRAPPER)) {
        if (ev_is_mappingproxy(a) || ev_is_mappingproxy(b))
            return ev_eq(I, ev_mappingproxy_target(a), ev_mappingproxy_target(b));
        int r = ev_typing_eq(I, a, b);
        if (r != 2)
            return r;
    }
    if (ev_is(a, EV_O_METHOD) && ev_is(b, EV_O_METHOD)) {
        /* bound methods are equal when they bind the same function to the same object */
        ev_method *x = (ev_method *)a.u.o, *y = (ev_method *)b.u.o;
        return x->func.u.o == y->func.u.o && x->self.tag == y->self.tag && x->self.u.o == y->self.u.o;
    }
    if (ev_is(a, EV_O_BUILTIN) && ev_is(b, EV_O_BUILTIN)) {
        /* l.append == l.append: the same C function bound to the same object
         * (CPython's meth_richcompare compares self by identity) */
        ev_builtin *x = (ev_builtin *)a.u.o, *y = (ev_builtin *)b.u.o;
        return x->def == y->def && x->unbound == y->unbound && x->self.tag == y->self.tag &&
               x->self.u.i == y->self.u.i;
    }
    if (a.tag == EV_T_OBJ && b.tag == EV_T_OBJ && a.u.o == b.u.o)
        return 1; /* containers compare by identity first, as CPython's list_contains */
    if (user && (ev_is_user(a) || ev_is_user(b))) {
        ev_value r;
        int got = ev_user_richcmp(I, a, b, 2, &r);
        if (got < 0)
            return -1;
        if (got) {
            int t = ev_truth(I, r);
            ev_decref(I, r);
            return t;
        }
    }
    if (a.tag == EV_T_OBJ && b.tag == EV_T_OBJ && a.u.o == b.u.o)
        return 1; /* identity implies equality, as PyObject_RichCompareBool */
    if (ev_is_subfloat(a))
        a = ev_float_unbox(a); /* float.__eq__ compares the value */
    if (ev_is_subfloat(b))
        b = ev_float_unbox(b);
    if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT && a.u.i == b.u.i)
        return 1; /* the same NaN (ev_nan_fresh) is "the same object" */
    if (is_number(a) && is_number(b)) {
        int cmp;
        if (ev_num_compare(I, a, b, &cmp))
            return -1;
        return cmp == 0;
    }
    if (a.tag == EV_T_NONE || b.tag == EV_T_NONE)
        return a.tag == b.tag;
    if (ev_is(a, EV_O_COMPLEX) || ev_is(b, EV_O_COMPLEX)) {
        int r = ev_complex_eq(I, a, b);
        if (r != -2)
            return r;
    }
    if (a.tag != EV_T_OBJ || b.tag != EV_T_OBJ)
        return 0;
    ev_kind ka = a.u.o->kind, kb = b.u.o->kind;
    if (ka == EV_O_DATETIME || kb == EV_O_DATETIME) {
        int r;
        return ev_dt_compare(I, a, b, 2, &r) ? r : 0;
    }
    if (ka == EV_O_STR && kb == EV_O_STR)
        return ev_str_eq(ev_as_str(a), ev_as_str(b));
    if ((ka == EV_O_LIST && kb == EV_O_LIST) ||
        (ka == EV_O_TUPLE && kb == EV_O_TUPLE) || (ka == EV_O_SLICE && kb == EV_O_SLICE))
        return ev_seq_compare(I, a, b, 2); /* slices compare as their three parts */
    if (ka == EV_O_RANGE && kb == EV_O_RANGE) {
        ev_range *x = (ev_range *)a.u.o, *y = (ev_range *)b.u.o;
        if (x->len != y->len) return 0;
        if (x->len == 0) return 1;
        if (x->start != y->start) return 0;
        return x->len == 1 || x->step == y->step;
    }
    if (ev_is(a, EV_O_VIEW) || ev_is(b, EV_O_VIEW)) {
        int r = setview_compare(I, a, b, 2);
        if (r != -2)
            return r;
    }
    if (ev_is_anyset(a) && ev_is_anyset(b))
        return ev_set_compare(I, a, b, 2);
    if (ka == EV_O_DEQUE && kb == EV_O_DEQUE)
        return ev_deque_compare(I, a, b, 2);
    if (ev_is_byteslike(a) && ev_is_byteslike(b)) return ev_bytes_compare(I, a, b, 2);
    if (ka == EV_O_DICT && kb == EV_O_DICT && (ev_as_dict(a)->type || ev_as_dict(b)->type))
        return ev_coll_dict_eq(I, a, b);
    if (ka == EV_O_DICT && kb == EV_O_DICT) {
        ev_dict *x = ev_as_dict(a), *y = ev_as_dict(b);
        if (x->used != y->used)
            return 0;
        if (ev_charge(I, (int64_t)(x->used / 16)))
            return -1;
        int eq = 1;
        /* dict_equal: x's entries re-read after each step, its key and
         * value held while y is searched (with the stored hash: no
         * __hash__ runs) and the values compared */
        for (size_t i = 0; i < x->nentries; i++) {
            ev_dict_entry *e = &x->entries[i];
            if (EV_IS_ERR(e->key))
                continue;
            ev_value key = ev_dup(e->key), val = ev_dup(e->value), other;
            int f = ev_dict_get_hashed(I, y, key, e->hash, &other);
            int r = f <= 0 ? f : ev_eq(I, val, other);
            if (f > 0)
                ev_decref(I, other);
            ev_decref(I, key);
            ev_decref(I, val);
            if (r <= 0) {
                eq = r;
                break;
            }
        }
        return eq;
    }
    return 0;
}

static const char *const cmp_sym[] = {"<", "<=", "==", "!=", ">", ">="};

static int compare_impl(ev_interp *I, ev_value a, ev_value b, int op);

int ev_compare(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ)
        return compare_impl(I, a, b, op);
    if (ev_recursion_enter(I, " in comparison"))
        return -1;
    int r = compare_impl(I, a, b, op);
    ev_recursion_leave(I);
    return r;
}

static int compare_impl(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (ev_is_user(a) || ev_is_user(b)) {
        ev_value r;
        int got = ev_user_richcmp(I, a, b, op, &r);
        if (got < 0)
            return -1;
        if (got) {
            int t = ev_truth(I, r);
            ev_decref(I, r);
            return t;
        }
    }
    return ev_compare_builtin(I, a, b, op);
}

/* The builtin types' own comparison (int.__lt__, super().__eq__). */
int ev_compare_builtin(ev_interp *I, ev_value a, ev_value b, int op)
{
    if (ev_is_subfloat(a) || ev_is_subfloat(b)) {
        /* float's comparison compares the value; with a non-number the
         * error names the subclass, so only numbers are unboxed */
        ev_value x = ev_is_subfloat(a) ? ev_float_unbox(a) : a, y = ev_is_subfloat(b) ? ev_float_unbox(b) : b;
        if ((is_number(x) || ev_is(x, EV_O_COMPLEX)) && (is_number(y) || ev_is(y, EV_O_COMPLEX)))
            return ev_compare_builtin(I, x, y, op);
    }
    if (a.tag == EV_T_INT && b.tag == EV_T_INT) {
        int64_t x = a.u.i, y = b.u.i;
        switch (op) {
        case 0: return x < y;
        case 1: return x <= y;
        case 2: return x == y;
        case 3: return x != y;
        case 4: return x > y;
        default: return x >= y;
        }
    }
    if (op == 2 || op == 3) {
        /* the == operator itself has no identity shortcut: x == x is False
         * for a NaN x (ev_eq has one, for containers) */
        if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT)
            return (a.u.f == b.u.f) == (op == 2);
        int r = ev_is(a, EV_O_COMPLEX) || ev_is(b, EV_O_COMPLEX) ? ev_complex_eq(I, a, b) : -2;
        if (r == -2)
            r = eq_builtin(I, a, b);
        return r < 0 ? r : (op == 2 ? r : !r);
    }
    if (is_number(a) && is_number(b)) {
        int cmp;
        if (ev_num_compare(I, a, b, &cmp))
            return -1;
        if (cmp == 2)
            return 0; /* NaN */
        switch (op) {
        case 0: return cmp < 0;
        case 1: return cmp <= 0;
        case 4: return cmp > 0;
        default: return cmp >= 0;
        }
    }
    if (ev_is(a, EV_O_STR) && ev_is(b, EV_O_STR)) {
        int c = ev_str_cmp(ev_as_str(a), ev_as_str(b));
        switch (op) {
        case 0: return c < 0;
        case 1: return c <= 0;
        case 4: return c > 0;
        default: return c >= 0;
        }
    }
    if ((ev_is(a, EV_O_LIST) && ev_is(b, EV_O_LIST)) ||
        (ev_is(a, EV_O_TUPLE) && ev_is(b, EV_O_TUPLE)) || (ev_is_slice(a) && ev_is_slice(b)))
        return ev_seq_compare(I, a, b, op);
    if (ev_is(a, EV_O_VIEW) || ev_is(b, EV_O_VIEW)) {
        int r = setview_compare(I, a, b, op);
        if (r != -2)
            return r;
    }
    if (ev_is_anyset(a) && ev_is_anyset(b))
        return ev_set_compare(I, a, b, op);
    if (ev_is_byteslike(a) && ev_is_byteslike(b)) return ev_bytes_compare(I, a, b, op);
    int coll;
    if ((ev_is(a, EV_O_DATETIME) || ev_is(b, EV_O_DATETIME)) && ev_dt_compare(I, a, b, op, &coll))
        return coll;
    if (ev_coll_compare(I, a, b, op, &coll))
        return coll;
    ev_raise(I, &ev_type_TypeError, "'%s' not supported between instances of '%s' and '%s'",
             cmp_sym[op], ev_type_name(a), ev_type_name(b));
    return -1;
}
