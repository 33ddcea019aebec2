/*
 * rawops.c - the special methods of the builtin types as callables:
 * (5).__add__(3), int.__lt__, list.__setitem__, dict.__getitem__,
 * str.__repr__...  Code calls them directly, and a subclass reaches them
 * through super() or the type (`super().__setitem__(k, v)`,
 * `dict.__repr__(self)`) to extend the builtin behaviour, so each one
 * applies the builtin operation to the builtin part of the object and never
 * dispatches back to the subclass's overrides.  Which type has which method
 * follows CPython 3.11 (`[].__hash__` is not a method, str has no
 * __bool__); an operand the type does not handle gives NotImplemented, as
 * CPython's slot wrappers do.
 */
#include <string.h>
#include <math.h>

#include "evaluator/ev.h"


/* range is never subclassed: its special methods are the generic protocol
 * itself.  bytes is (bytes.__getitem__(self, i) in an override must not
 * reach the override again), so it takes the raw operations below. */
static bool generic_seq(ev_value v)
{
    return ev_is(v, EV_O_RANGE) || ev_is(v, EV_O_BIGRANGE);
}

static ev_value r_getitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (generic_seq(self))
        return ev_getitem(I, self, argv[0]);
    if (ev_is(self, EV_O_BYTES) || ev_is(self, EV_O_BYTEARRAY))
        return ev_bytes_getitem(I, self, argv[0]);
    if (ev_is(self, EV_O_DEQUE))
        return ev_deque_getitem(I, self, argv[0]);
    if (ev_is(self, EV_O_DICT)) {
        ev_value out;
        int f = ev_dict_get(I, ev_as_dict(self), argv[0], &out);
        return f < 0 ? EV_ERR : f ? out : ev_raise_key_error(I, argv[0]);
    }
    if (ev_is(self, EV_O_STR))
        return ev_str_getitem(I, ev_as_str(self), argv[0]);
    return ev_seq_getitem(I, self, argv[0]);
}

static ev_value r_setitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int r;
    if (ev_is(self, EV_O_DICT))
        r = ev_dict_set(I, ev_as_dict(self), argv[0], argv[1]);
    else if (ev_is(self, EV_O_LIST))
        r = ev_list_setitem(I, ev_as_list(self), argv[0], argv[1]);
    else if (ev_is(self, EV_O_DEQUE))
        r = ev_deque_setitem(I, self, argv[0], argv[1]);
    else if (ev_is(self, EV_O_BYTEARRAY))
        r = ev_bytes_setitem(I, self, argv[0], argv[1]);
    else
        return ev_raise(I, &ev_type_TypeError, "'%s' object does not support item assignment",
                        ev_type_name(self));
    return r ? EV_ERR : EV_NONE;
}

static ev_value r_delitem(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_DICT)) {
        int r = ev_dict_del(I, ev_as_dict(self), argv[0]);
        /* Counter.__delitem__ ignores a missing key */
        return r < 0 ? EV_ERR : r && ev_as_dict(self)->type != &ev_type_Counter ? ev_raise_key_error(I, argv[0]) : EV_NONE;
    }
    if (ev_is(self, EV_O_LIST))
        return ev_list_delitem(I, ev_as_list(self), argv[0]) ? EV_ERR : EV_NONE;
    if (ev_is(self, EV_O_DEQUE))
        return ev_deque_setitem(I, self, argv[0], EV_ERR) ? EV_ERR : EV_NONE;
    if (ev_is(self, EV_O_BYTEARRAY))
        return ev_bytes_setitem(I, self, argv[0], EV_ERR) ? EV_ERR : EV_NONE;
    ev_raise_no_delitem(I, self, argv[0]);
    return EV_ERR;
}

static ev_value r_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (generic_seq(self))
        return ev_len_value(I, self);
    if (ev_is(self, EV_O_BYTES) || ev_is(self, EV_O_BYTEARRAY))
        return ev_int((int64_t)ev_as_bytes(self)->len);
    if (ev_is(self, EV_O_DEQUE))
        return ev_int(ev_deque_len(self));
    switch ((ev_kind)self.u.o->kind) {
    case EV_O_LIST: return ev_int((int64_t)ev_as_list(self)->len);
    case EV_O_TUPLE: return ev_int((int64_t)ev_as_tuple(self)->len);
    case EV_O_STR: return ev_int((int64_t)ev_as_str(self)->nchars);
    case EV_O_DICT: return ev_int((int64_t)ev_as_dict(self)->used);
    case EV_O_SET:
    case EV_O_FROZENSET: return ev_int((int64_t)((ev_set *)self.u.o)->used);
    default: return ev_raise(I, &ev_type_TypeError, "object of type '%s' has no len()", ev_type_name(self));
    }
}

static ev_value r_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value x = argv[0];
    if (generic_seq(self) || ev_is(self, EV_O_BYTES) || ev_is(self, EV_O_BYTEARRAY)) {
        int f = generic_seq(self) ? ev_contains(I, self, x) : ev_bytes_contains(I, self, x);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    if (ev_is(self, EV_O_DEQUE)) {
        /* deque_contains: == over the items through the deque's own
         * iterator, which stops at a mutation */
        ev_value it = ev_deque_iter(I, self);
        if (EV_IS_ERR(it))
            return it;
        int found = 0;
        while (!found) {
            ev_value item;
            int r = ev_next(I, it, &item);
            if (r <= 0) {
                found = r;
                break;
            }
            found = ev_eq(I, item, x);
            ev_decref(I, item);
        }
        ev_decref(I, it);
        return found < 0 ? EV_ERR : ev_bool(found);
    }
    if (ev_is(self, EV_O_DICT)) {
        ev_value out;
        int f = ev_dict_get(I, ev_as_dict(self), x, &out);
        if (f > 0)
            ev_decref(I, out);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    if (ev_is(self, EV_O_STR)) {
        int f = ev_str_contains(I, ev_as_str(self), x);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    if (ev_is_anyset(self)) {
        int f = ev_set_contains(I, (ev_set *)self.u.o, x);
        return f < 0 ? EV_ERR : ev_bool(f);
    }
    const ev_value *items = ev_is(self, EV_O_LIST) ? ev_as_list(self)->items : ev_as_tuple(self)->items;
    size_t n = ev_is(self, EV_O_LIST) ? ev_as_list(self)->len : ev_as_tuple(self)->len;
    for (size_t i = 0; i < n; i++) {
        ev_value it = ev_dup(items[i]);
        int e = (it.tag == x.tag && it.u.o == x.u.o) ? 1 : ev_eq(I, it, x);
        ev_decref(I, it);
        if (e)
            return e < 0 ? EV_ERR : EV_TRUE;
        if (ev_is(self, EV_O_LIST)) { /* the list may have shrunk */
            items = ev_as_list(self)->items;
            n = ev_as_list(self)->len;
        }
    }
    return EV_FALSE;
}

/* list.__reversed__ and deque.__reversed__: the builtin part's items,
 * backwards (a deque's as they are now) */
static ev_value r_reversed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    if (ev_is(self, EV_O_LIST))
        return ev_iter_new(I, EV_IT_REVERSED_LIST, self);
    if (ev_is(self, EV_O_DEQUE))
        return ev_deque_reviter(I, self);
    ev_value items = ev_deque_items(I, self);
    if (EV_IS_ERR(items))
        return items;
    ev_value it = ev_iter_new(I, EV_IT_REVERSED_LIST, items);
    ev_decref(I, items);
    return it;
}

static ev_value r_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (generic_seq(self))
        return ev_iter(I, self);
    if (ev_is(self, EV_O_BYTES) || ev_is(self, EV_O_BYTEARRAY))
        return ev_bytes_iter(I, self);
    if (ev_is(self, EV_O_DEQUE))
        return ev_deque_iter(I, self);
    switch ((ev_kind)self.u.o->kind) {
    case EV_O_LIST: return ev_iter_new(I, EV_IT_LIST, self);
    case EV_O_TUPLE: return ev_iter_new(I, EV_IT_TUPLE, self);
    case EV_O_STR: return ev_iter_new(I, EV_IT_STR, self);
    case EV_O_DICT: return ev_iter_new(I, EV_IT_DICT_KEYS, self);
    case EV_O_SET:
    case EV_O_FROZENSET: return ev_iter_new(I, EV_IT_SET, self);
    default: return ev_raise(I, &ev_type_TypeError, "'%s' object is not iterable", ev_type_name(self));
    }
}

static ev_value r_repr(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!ev_is_user(self))
        return ev_repr(I, self);
    if (ev_is_subfloat(self))
        return ev_repr(I, ev_float_unbox(self));
    if (ev_is(self, EV_O_COMPLEX))
        return ev_complex_repr(I, self);
    if (ev_is_subint(self)) {
        ev_value p = ev_int_unbox(I, self);
        ev_value r = EV_IS_ERR(p) ? p : ev_repr(I, p);
        if (!EV_IS_ERR(p))
            ev_decref(I, p);
        return r;
    }
    ev_buf b = {0};
    if (ev_buf_repr_builtin(I, &b, self)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

static ev_value r_str(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (ev_is(self, EV_O_DATETIME))
        return ev_dt_str(I, self); /* date.__str__ is isoformat() */
    if (ev_is(self, EV_O_STR))
        return ev_str_new(I, ev_as_str(self)->data, ev_as_str(self)->len);
    if (!ev_is_user(self))
        return ev_to_str(I, self);
    return r_repr(I, self, argc, argv, kw); /* int's str is its repr */
}

static ev_value r_eq(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = argv[0];
    if (ev_type_of(o) != ev_type_of(self) && ev_solid_base(ev_type_of(o)) != ev_solid_base(ev_type_of(self)) &&
        !(ev_is_anyset(self) && ev_is_anyset(o)))
        return EV_NOTIMPL;
    int r;
    if (ev_is(self, EV_O_STR))
        r = ev_str_eq(ev_as_str(self), ev_as_str(o));
    else if (ev_is(self, EV_O_LIST) || ev_is(self, EV_O_TUPLE))
        r = ev_seq_compare(I, self, o, 2);
    else if (ev_is_anyset(self))
        r = ev_set_compare(I, self, o, 2);
    else
        return EV_NOTIMPL; /* dicts compare through the protocol */
    return r < 0 ? EV_ERR : ev_bool(r);
}

static ev_value r_hash(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t h;
    if (!ev_is_user(self))
        return ev_hash(I, self, &h) ? EV_ERR : ev_int(h);
    if (ev_is(self, EV_O_STR))
        return ev_int(ev_str_hash(ev_as_str(self)));
    if (ev_is(self, EV_O_FROZENSET))
        return ev_set_hash(I, (ev_set *)self.u.o, &h) ? EV_ERR : ev_int(h);
    if (ev_is(self, EV_O_DATETIME))
        return ev_dt_hash(I, self, &h) ? EV_ERR : ev_int(h);
    /* int.__hash__, float.__hash__...: the value's hash (`__hash__ = int.__hash__` beside an __eq__) */
    if (ev_is_int(self))
        return ev_int(ev_hash_int(self));
    if (ev_is_subfloat(self))
        return ev_int(ev_hash_double(ev_float_unbox(self).u.f));
    if (ev_is(self, EV_O_COMPLEX))
        return ev_int(ev_complex_hash(self));
    if (ev_is(self, EV_O_BYTES))
        return ev_bytes_hash(self, &h) ? EV_ERR : ev_int(h);
    if (ev_is(self, EV_O_TUPLE)) {
        /* a plain tuple with the same items hashes the same */
        ev_value t = ev_tuple_from_iterable(I, self);
        if (EV_IS_ERR(t))
            return t;
        int e = ev_hash(I, t, &h);
        ev_decref(I, t);
        return e ? EV_ERR : ev_int(h);
    }
    return ev_raise(I, &ev_type_TypeError, "unhashable type: '%s'", ev_type_name(self));
}

/* ---- numbers and operators ------------------------------------------------------------- */

/* The builtin types the table below distinguishes. */
enum {
    K_INT = 1, K_BOOL = 2, K_FLOAT = 4, K_STR = 8, K_BYTES = 16, K_LIST = 32, K_TUPLE = 64,
    K_DICT = 128, K_SET = 256, K_FSET = 512, K_NONE = 1024,
    K_OTHER = 2048, /* any other builtin type: what object gives it */
    K_COMPLEX = 4096, K_RANGE = 8192,
    K_DT = 16384, /* the datetime values (EV_TYPE_VALUE): their own operations */
    K_BARRAY = 0x8000, K_DEQUE = 0x10000,
    K_COUNTER = 0x20000, /* with K_DICT: Counter's arithmetic */
    K_NUM = K_INT | K_BOOL | K_FLOAT, K_SEQ = K_STR | K_BYTES | K_LIST | K_TUPLE,
    K_ANYSET = K_SET | K_FSET, K_ALL = 0x3ffff,
    K_HASHABLE = K_NUM | K_COMPLEX | K_STR | K_BYTES | K_TUPLE | K_FSET | K_NONE | K_RANGE,
    K_CNUM = K_NUM | K_COMPLEX, /* + - * / ** and ==: complex's operations */
};

static unsigned root_kind(ev_type *t)
{
    if (t == &ev_type_int) return K_INT;
    if (t == &ev_type_bool) return K_INT | K_BOOL;
    if (t == &ev_type_float) return K_FLOAT;
    if (t == &ev_type_complex) return K_COMPLEX;
    if (t == &ev_type_range) return K_RANGE;
    if (t == &ev_type_str) return K_STR;
    if (t == &ev_type_bytes) return K_BYTES;
    if (t == &ev_type_list) return K_LIST;
    if (t == &ev_type_tuple) return K_TUPLE;
    if (t == &ev_type_set) return K_SET;
    if (t == &ev_type_frozenset) return K_FSET;
    if (t == &ev_type_NoneType) return K_NONE;
    if (t == &ev_type_bytearray) return K_BARRAY;
    if (t == &ev_type_deque) return K_DEQUE;
    if (t == &ev_type_Counter) return K_DICT | K_COUNTER;
    if (ev_type_is_subclass(t, &ev_type_dict)) return K_DICT;
    if (t->tflags & EV_TYPE_VALUE) return K_DT;
    return ev_is_heaptype(t) ? 0 : K_OTHER;
}

static unsigned value_kind(ev_value v)
{
    return root_kind(ev_solid_base(ev_type_of(v)));
}

/* Does the builtin operation of self's type take this other operand?
 * 0: NotImplemented, 1: yes, -1: TypeError (sequence concatenation, as
 * list.__add__ answers rather than deferring), -2: TypeError (a sequence
 * repeated by a non-integer). */
static int bin_accepts(ev_binop op, ev_value self, ev_value other)
{
    unsigned ks = value_kind(self), ko = value_kind(other);
    if (ks & K_INT)
        return (ko & K_INT) != 0;
    if (ks & K_FLOAT)
        return (ko & K_NUM) != 0;
    if (ks & K_COMPLEX)
        return (ko & K_CNUM) && (op == EV_OP_ADD || op == EV_OP_SUB || op == EV_OP_MUL ||
                                 op == EV_OP_TRUEDIV || op == EV_OP_POW);
    if (ks & (K_STR | K_BYTES | K_BARRAY)) {
        if (op == EV_OP_MOD)
            return 1;
        if (op == EV_OP_MUL)
            return (ko & K_INT) ? 1 : -2;
        return (ks & K_STR) ? (ko & K_STR ? 1 : -1) : (ev_is_byteslike(other) ? 1 : -1);
    }
    if (ks & K_DEQUE) {
        if (op == EV_OP_MUL)
            return (ko & K_INT) ? 1 : -2;
        return (ko & K_DEQUE) ? 1 : -1;
    }
    if (ks & K_COUNTER) /* Counter's + - | &: another Counter, else NotImplemented */
        return (ko & K_COUNTER) != 0;
    if (ks & (K_LIST | K_TUPLE)) {
        if (op == EV_OP_MUL)
            return (ko & K_INT) ? 1 : -2;
        return ks == ko ? 1 : -1;
    }
    if (ks & K_ANYSET)
        return (ko & K_ANYSET) != 0;
    if (ks & K_DICT)
        return (ko & K_DICT) != 0;
    return 0;
}

static ev_value raw_binop(ev_interp *I, ev_binop op, ev_value self, ev_value other, bool reflected)
{
    if (value_kind(self) & K_DT) {
        /* date.__add__ and its kin: the datetime module's operation, or NotImplemented */
        ev_value out;
        int got = reflected ? ev_dt_binary(I, op, other, self, &out) : ev_dt_binary(I, op, self, other, &out);
        return got ? out : EV_NOTIMPL;
    }
    if (op == EV_OP_MUL && ev_is_byteslike(self) && ev_is_user(other)) {
        /* bytes.__mul__(an __index__ object): its int */
        ev_value n;
        int got = ev_index_try(I, other, &n);
        if (got < 0)
            return EV_ERR;
        if (got) {
            ev_value r = raw_binop(I, op, self, n, reflected);
            ev_decref(I, n);
            return r;
        }
    }
    int ok = bin_accepts(op, self, other);
    if (ok == 0)
        return EV_NOTIMPL;
    if (ok == -2)
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(other));
    if (ok < 0 && (value_kind(self) & (K_BYTES | K_BARRAY)))
        return ev_raise(I, &ev_type_TypeError, "can't concat %s to %s", ev_type_name(other),
                        ev_solid_base(ev_type_of(self))->name);
    if (ok < 0) {
        /* the type's own name: deque, not collections.deque */
        const char *nm = ev_solid_base(ev_type_of(self))->name, *dot = strrchr(nm, '.');
        return ev_raise(I, &ev_type_TypeError, "can only concatenate %s (not \"%s\") to %s", dot ? dot + 1 : nm,
                        ev_type_name(other), dot ? dot + 1 : nm);
    }
    return reflected ? ev_binary_builtin(I, op, other, self) : ev_binary_builtin(I, op, self, other);
}

#define RAW_BIN(fname, op)                                                                                 \
    static ev_value r_##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                      \
        (void)argc; (void)kw;                                                                              \
        return raw_binop(I, op, self, argv[0], false);                                                     \
    }                                                                                                      \
    static ev_value r_r##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                      \
        (void)argc; (void)kw;                                                                              \
        return raw_binop(I, op, self, argv[0], true);                                                      \
    }
RAW_BIN(add, EV_OP_ADD)
RAW_BIN(sub, EV_OP_SUB)
RAW_BIN(mul, EV_OP_MUL)
RAW_BIN(truediv, EV_OP_TRUEDIV)
RAW_BIN(floordiv, EV_OP_FLOORDIV)
RAW_BIN(mod, EV_OP_MOD)
RAW_BIN(lshift, EV_OP_LSHIFT)
RAW_BIN(rshift, EV_OP_RSHIFT)
RAW_BIN(and, EV_OP_AND)
RAW_BIN(or, EV_OP_OR)
RAW_BIN(xor, EV_OP_XOR)
#undef RAW_BIN

/* The in-place methods list, set and dict define (CPython's sq_inplace_*
 * and nb_inplace_* slots): they mutate the builtin part of self and return
 * it, and never dispatch to a subclass's overrides, so
 * `super().__iadd__(x)` in a list subclass extends the list. */
/* bytearray's, deque's and Counter's in-place operations: their own
 * (ev_bytes_binary, ev_coll_binary), which return self */
static ev_value raw_inplace_other(ev_interp *I, ev_binop op, ev_value self, ev_value other)
{
    ev_value out = EV_NOTIMPL;
    int got = ev_is(self, EV_O_BYTEARRAY) ? ev_bytes_binary(I, op, self, other, true, &out)
                                          : ev_coll_binary(I, op, self, other, true, &out);
    return got ? out : EV_NOTIMPL;
}

static ev_value r_iadd(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!ev_is(self, EV_O_LIST))
        return raw_inplace_other(I, EV_OP_ADD, self, argv[0]);
    return ev_list_extend(I, ev_as_list(self), argv[0]) ? EV_ERR : ev_dup(self);
}

static ev_value r_imul(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!ev_is(self, EV_O_LIST)) {
        if (!(value_kind(argv[0]) & K_INT) && !ev_is_user(argv[0]))
            return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                            ev_type_name(argv[0]));
        ev_value n;
        int got = ev_is_byteslike(self) && ev_is_user(argv[0]) ? ev_index_try(I, argv[0], &n) : 0;
        if (got < 0)
            return EV_ERR;
        if (!got)
            return raw_inplace_other(I, EV_OP_MUL, self, argv[0]);
        ev_value r = raw_inplace_other(I, EV_OP_MUL, self, n); /* bytearray *= an __index__ object */
        ev_decref(I, n);
        return r;
    }
    if (!(value_kind(argv[0]) & K_INT) && !ev_is_user(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                        ev_type_name(argv[0]));
    ev_value r = ev_binary_builtin(I, EV_OP_MUL, self, argv[0]);
    if (EV_IS_ERR(r))
        return r;
    if (!ev_is(r, EV_O_LIST)) {
        ev_decref(I, r);
        return ev_raise(I, &ev_type_SystemError, "list repeat gave no list");
    }
    /* move the repeated items into self; r takes the old ones to free */
    ev_list *l = ev_as_list(self), *n = ev_as_list(r);
    ev_value *old = l->items;
    size_t oldlen = l->len, oldcap = l->cap;
    l->items = n->items;
    l->len = n->len;
    l->cap = n->cap;
    n->items = old;
    n->len = oldlen;
    n->cap = oldcap;
    ev_decref(I, r);
    return ev_dup(self);
}

static ev_value raw_iset(ev_interp *I, ev_binop op, ev_value self, ev_value other)
{
    if (value_kind(self) & K_COUNTER)
        return raw_inplace_other(I, op, self, other);
    if (!(value_kind(other) & K_ANYSET))
        return EV_NOTIMPL;
    ev_value r = ev_set_inplace(I, op, self, other);
    if (EV_IS_ERR(r))
        return r;
    ev_decref(I, r);
    return ev_dup(self);
}

static ev_value r_ior(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if ((value_kind(self) & K_COUNTER) ||
        (ev_is(self, EV_O_DICT) && ev_as_dict(self)->type == &ev_type_OrderedDict)) {
        ev_value out = EV_NOTIMPL; /* Counter.__ior__, OrderedDict's update through its class */
        return ev_coll_binary(I, EV_OP_OR, self, argv[0], true, &out) ? out : EV_NOTIMPL;
    }
    if (value_kind(self) & K_DICT) {
        /* dict.__ior__ is dict.update's argument handling: pairs, keys() objects */
        ev_str *un = ev_intern(I, "update", 6);
        const ev_builtin_def *upd = un ? ev_builtin_method(&ev_type_dict, un) : NULL;
        ev_value r = upd ? ev_call_method_def(I, upd, self, 1, argv, NULL) : EV_ERR;
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return ev_dup(self);
    }
    return raw_iset(I, EV_OP_OR, self, argv[0]);
}

static ev_value r_iand(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_iset(I, EV_OP_AND, self, argv[0]);
}

static ev_value r_isub(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_iset(I, EV_OP_SUB, self, argv[0]);
}

static ev_value r_ixor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_iset(I, EV_OP_XOR, self, argv[0]);
}

/* Three-argument power as the slot itself answers it (float_pow,
 * complex_pow, long_pow): a float refuses any modulus before it looks at
 * the operands; a complex wants a number for the other operand, then
 * refuses; an int wants ints for both and the modulus, else
 * NotImplemented.  __rpow__ is the same with the operands swapped. */
static ev_value raw_pow3(ev_interp *I, ev_value self, ev_value other, ev_value mod, bool reflected)
{
    unsigned ks = value_kind(self), ko = value_kind(other);
    if (ks & K_FLOAT)
        return ev_raise(I, &ev_type_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    if (ks & K_COMPLEX)
        return ko & K_CNUM ? ev_raise(I, &ev_type_ValueError, "complex modulo") : EV_NOTIMPL;
    if (!(ks & K_INT) || !(ko & K_INT) || !(value_kind(mod) & K_INT))
        return EV_NOTIMPL;
    ev_value a[3] = {reflected ? other : self, reflected ? self : other, mod};
    return ev_builtin_apply(I, "pow", 3, a);
}

static ev_value r_pow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    if (argc > 1 && !EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE)
        return raw_pow3(I, self, argv[0], argv[1], false);
    return raw_binop(I, EV_OP_POW, self, argv[0], false);
}

static ev_value r_rpow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    if (argc > 1 && !EV_IS_ERR(argv[1]) && argv[1].tag != EV_T_NONE)
        return raw_pow3(I, self, argv[0], argv[1], true);
    return raw_binop(I, EV_OP_POW, self, argv[0], true);
}

static ev_value raw_divmod(ev_interp *I, ev_value self, ev_value other, bool reflected)
{
    if (bin_accepts(EV_OP_FLOORDIV, self, other) <= 0)
        return EV_NOTIMPL;
    ev_value a[2] = {reflected ? other : self, reflected ? self : other};
    return ev_builtin_apply(I, "divmod", 2, a);
}

static ev_value r_divmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_divmod(I, self, argv[0], false);
}

static ev_value r_rdivmod(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_divmod(I, self, argv[0], true);
}

/* Comparisons: numbers with numbers (int's own only with ints), the
 * containers with their own kind. */
static ev_value raw_compare(ev_interp *I, ev_value self, ev_value other, int op)
{
    unsigned ks = value_kind(self), ko = value_kind(other);
    bool ok;
    if (ks & K_INT)
        ok = (ko & K_INT) != 0;
    else if (ks & K_FLOAT)
        ok = (ko & K_NUM) != 0;
    else if (ks & K_COMPLEX)
        ok = (ko & K_CNUM) && (op == 2 || op == 3);
    else if (ks & K_RANGE)
        ok = (ko & K_RANGE) && (op == 2 || op == 3);
    else if (ks & K_ANYSET)
        ok = (ko & K_ANYSET) != 0;
    else if (ks & (K_BYTES | K_BARRAY))
        ok = ev_is_byteslike(other);
    else if (ks & K_DEQUE)
        ok = (ko & K_DEQUE) != 0;
    else if (ks & (K_STR | K_LIST | K_TUPLE))
        ok = ks == ko;
    else if (ks & K_DICT)
        ok = (ko & K_DICT) && (op == 2 || op == 3);
    else if (ks & K_DT) {
        int out, got = (ko & K_DT) ? ev_dt_compare(I, self, other, op, &out) : 0;
        if (!got)
            return EV_NOTIMPL;
        return out < 0 ? EV_ERR : ev_bool(out);
    } else /* object's: identity, else NotImplemented */
        return self.tag == other.tag && self.u.i == other.u.i && (op == 2 || op == 3) ? ev_bool(op == 2)
                                                                                       : EV_NOTIMPL;
    if (!ok)
        return EV_NOTIMPL;
    int r;
    if ((ks & (K_STR | K_LIST | K_TUPLE | K_ANYSET)) && (op == 2 || op == 3)) {
        ev_value e = r_eq(I, self, 1, &other, NULL);
        if (EV_IS_ERR(e) || e.tag != EV_T_BOOL)
            return e;
        return op == 2 ? e : ev_bool(!e.u.i);
    }
    if (ks & (K_LIST | K_TUPLE))
        r = ev_seq_compare(I, self, other, op);
    else if (ks & K_ANYSET)
        r = ev_set_compare(I, self, other, op);
    else if (ks & K_DEQUE)
        r = ev_deque_compare(I, self, other, op);
    else
        r = ev_compare_builtin(I, self, other, op);
    return r < 0 ? EV_ERR : ev_bool(r);
}

#define RAW_CMP(fname, op)                                                                                 \
    static ev_value r_##fname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                                      \
        (void)argc; (void)kw;                                                                              \
        return raw_compare(I, self, argv[0], op);                                                          \
    }
RAW_CMP(lt, 0)
RAW_CMP(le, 1)
RAW_CMP(ge, 5)
RAW_CMP(gt, 4)
RAW_CMP(ne, 3)
#undef RAW_CMP

static ev_value r_eqany(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    return raw_compare(I, self, argv[0], 2);
}

static ev_value r_neg(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value out;
    if ((value_kind(self) & K_COUNTER) && ev_coll_unary(I, self, true, &out))
        return out;
    return ev_negate(I, self);
}

static ev_value r_pos(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value out;
    if ((value_kind(self) & K_COUNTER) && ev_coll_unary(I, self, false, &out))
        return out;
    return ev_positive(I, self);
}

static ev_value r_invert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_invert(I, self);
}

static ev_value r_abs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_builtin_apply(I, "abs", 1, &self);
}

static ev_value r_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    int t = ev_truth(I, self);
    return t < 0 ? EV_ERR : ev_bool(t);
}

static ev_value r_int(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    if (self.tag == EV_T_BOOL)
        return ev_int(self.u.i);
    if (ev_is_subfloat(self))
        self = ev_float_unbox(self); /* float.__int__ of a subclass never reaches its overrides */
    if (self.tag == EV_T_FLOAT)
        return ev_builtin_apply(I, "int", 1, &self);
    return ev_int_unbox(I, self); /* int.__int__ of a subclass's instance is a plain int */
}

static ev_value r_float(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return ev_builtin_apply(I, "float", 1, &self);
}

static ev_value float_to_int_by(ev_interp *I, ev_value self, double (*f)(double))
{
    if (ev_is_subfloat(self))
        self = ev_float_unbox(self);
    if (self.tag != EV_T_FLOAT)
        return r_int(I, self, 0, NULL, NULL);
    ev_value v = ev_float(f(self.u.f));
    return ev_builtin_apply(I, "int", 1, &v);
}

static ev_value r_trunc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return float_to_int_by(I, self, trunc);
}

static ev_value r_floor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return float_to_int_by(I, self, floor);
}

static ev_value r_ceil(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return float_to_int_by(I, self, ceil);
}

static ev_value r_round(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    ev_value a[2] = {self, argc > 0 ? argv[0] : EV_NONE};
    return ev_builtin_apply(I, "round", argc > 0 && !EV_IS_ERR(argv[0]) ? 2 : 1, a);
}

/* The builtin part of an immutable subclass instance as a plain value, so
 * that the generic operations below cannot dispatch back to the subclass. */
static ev_value plain_of(ev_interp *I, ev_value self)
{
    if (!ev_is_user(self))
        return ev_dup(self);
    if (ev_is(self, EV_O_STR))
        return ev_str_new(I, ev_as_str(self)->data, ev_as_str(self)->len);
    if (ev_is_subfloat(self))
        return ev_float_unbox(self);
    if (ev_is_subint(self))
        return ev_int_unbox(I, self);
    return ev_raise(I, &ev_type_TypeError, "'%s' object has no builtin value", ev_type_name(self));
}

static ev_value r_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "__format__() argument must be str, not %s", argv[0].tag == EV_T_NONE ? "None" : ev_type_name(argv[0]));
    if (!(value_kind(self) & (K_NUM | K_STR)))
        return ev_str_format_spec(I, self, ev_as_str(argv[0]));
    ev_value p = plain_of(I, self);
    if (EV_IS_ERR(p))
        return p;
    ev_value r = ev_str_format_spec(I, p, ev_as_str(argv[0]));
    ev_decref(I, p);
    return r;
}

/* Each special method with the builtin types that define it, from CPython
 * 3.11's type slots (`[].__hash__` is None, str has no __bool__). */
static const struct raw_entry {
    ev_builtin_def def;
    unsigned owners;
} raw_defs[] = {
    {{"__getitem__", r_getitem, 1, 1, 0}, K_STR | K_LIST | K_TUPLE | K_DICT | K_BYTES | K_RANGE | K_BARRAY | K_DEQUE},
    {{"__setitem__", r_setitem, 2, 2, EV_BF_SLOT}, K_LIST | K_DICT | K_BARRAY | K_DEQUE},
    {{"__delitem__", r_delitem, 1, 1, EV_BF_SLOT}, K_LIST | K_DICT | K_BARRAY | K_DEQUE},
    {{"__len__", r_len, 0, 0, EV_BF_SLOT}, K_STR | K_LIST | K_TUPLE | K_DICT | K_ANYSET | K_BYTES | K_RANGE | K_BARRAY | K_DEQUE},
    {{"__contains__", r_contains, 1, 1, EV_BF_SLOT}, K_STR | K_LIST | K_TUPLE | K_DICT | K_ANYSET | K_BYTES | K_RANGE | K_BARRAY | K_DEQUE},
    {{"__iter__", r_iter, 0, 0, EV_BF_SLOT}, K_STR | K_LIST | K_TUPLE | K_DICT | K_ANYSET | K_BYTES | K_RANGE | K_BARRAY | K_DEQUE},
    {{"__reversed__", r_reversed, 0, 0, 0}, K_LIST | K_DEQUE},
    {{"__repr__", r_repr, 0, 0, EV_BF_SLOT}, K_ALL},
    {{"__str__", r_str, 0, 0, EV_BF_SLOT}, K_ALL},
    {{"__eq__", r_eqany, 1, 1, EV_BF_SLOT}, K_ALL & ~K_OTHER},
    {{"__ne__", r_ne, 1, 1, EV_BF_SLOT}, K_ALL & ~K_OTHER},
    {{"__lt__", r_lt, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_ANYSET | K_DICT | K_DT | K_BARRAY | K_DEQUE},
    {{"__le__", r_le, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_ANYSET | K_DICT | K_DT | K_BARRAY | K_DEQUE},
    {{"__gt__", r_gt, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_ANYSET | K_DICT | K_DT | K_BARRAY | K_DEQUE},
    {{"__ge__", r_ge, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_ANYSET | K_DICT | K_DT | K_BARRAY | K_DEQUE},
    {{"__hash__", r_hash, 0, 0, EV_BF_SLOT}, K_HASHABLE | K_OTHER | K_DT},
    {{"__add__", r_add, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_COMPLEX | K_DT | K_BARRAY | K_DEQUE | K_COUNTER},
    {{"__radd__", r_radd, 1, 1, EV_BF_SLOT}, K_NUM | K_COMPLEX | K_DT},
    {{"__sub__", r_sub, 1, 1, EV_BF_SLOT}, K_NUM | K_ANYSET | K_COMPLEX | K_DT | K_COUNTER},
    {{"__rsub__", r_rsub, 1, 1, EV_BF_SLOT}, K_NUM | K_ANYSET | K_COMPLEX | K_DT},
    {{"__mul__", r_mul, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_COMPLEX | K_DT | K_BARRAY | K_DEQUE},
    {{"__rmul__", r_rmul, 1, 1, EV_BF_SLOT}, K_NUM | K_SEQ | K_COMPLEX | K_DT | K_BARRAY | K_DEQUE},
    {{"__truediv__", r_truediv, 1, 1, EV_BF_SLOT}, K_NUM | K_COMPLEX | K_DT},
    {{"__rtruediv__", r_rtruediv, 1, 1, EV_BF_SLOT}, K_NUM | K_COMPLEX | K_DT},
    {{"__floordiv__", r_floordiv, 1, 1, EV_BF_SLOT}, K_NUM | K_DT},
    {{"__rfloordiv__", r_rfloordiv, 1, 1, EV_BF_SLOT}, K_NUM | K_DT},
    {{"__mod__", r_mod, 1, 1, EV_BF_SLOT}, K_NUM | K_STR | K_BYTES | K_DT | K_BARRAY},
    {{"__rmod__", r_rmod, 1, 1, EV_BF_SLOT}, K_NUM | K_STR | K_BYTES | K_DT | K_BARRAY},
    {{"__divmod__", r_divmod, 1, 1, EV_BF_SLOT}, K_NUM},
    {{"__rdivmod__", r_rdivmod, 1, 1, EV_BF_SLOT}, K_NUM},
    {{"__pow__", r_pow, 1, 2, EV_BF_SLOT}, K_NUM | K_COMPLEX},
    {{"__rpow__", r_rpow, 1, 2, EV_BF_SLOT}, K_NUM | K_COMPLEX},
    {{"__lshift__", r_lshift, 1, 1, EV_BF_SLOT}, K_INT},
    {{"__rlshift__", r_rlshift, 1, 1, EV_BF_SLOT}, K_INT},
    {{"__rshift__", r_rshift, 1, 1, EV_BF_SLOT}, K_INT},
    {{"__rrshift__", r_rrshift, 1, 1, EV_BF_SLOT}, K_INT},
    {{"__and__", r_and, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET | K_COUNTER},
    {{"__rand__", r_rand, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET},
    {{"__or__", r_or, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET | K_DICT},
    {{"__ror__", r_ror, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET | K_DICT},
    {{"__xor__", r_xor, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET},
    {{"__rxor__", r_rxor, 1, 1, EV_BF_SLOT}, K_INT | K_ANYSET},
    {{"__iadd__", r_iadd, 1, 1, EV_BF_SLOT}, K_LIST | K_BARRAY | K_DEQUE | K_COUNTER},
    {{"__imul__", r_imul, 1, 1, EV_BF_SLOT}, K_LIST | K_BARRAY | K_DEQUE},
    {{"__ior__", r_ior, 1, 1, EV_BF_SLOT}, K_SET | K_DICT},
    {{"__iand__", r_iand, 1, 1, EV_BF_SLOT}, K_SET | K_COUNTER},
    {{"__isub__", r_isub, 1, 1, EV_BF_SLOT}, K_SET | K_COUNTER},
    {{"__ixor__", r_ixor, 1, 1, EV_BF_SLOT}, K_SET},
    {{"__neg__", r_neg, 0, 0, EV_BF_SLOT}, K_NUM | K_COMPLEX | K_COUNTER},
    {{"__pos__", r_pos, 0, 0, EV_BF_SLOT}, K_NUM | K_COMPLEX | K_COUNTER},
    {{"__abs__", r_abs, 0, 0, EV_BF_SLOT}, K_NUM | K_COMPLEX},
    {{"__invert__", r_invert, 0, 0, EV_BF_SLOT}, K_INT},
    {{"__bool__", r_bool, 0, 0, EV_BF_SLOT}, K_NUM | K_NONE | K_COMPLEX | K_RANGE},
    {{"__int__", r_int, 0, 0, EV_BF_SLOT}, K_NUM},
    {{"__index__", r_int, 0, 0, EV_BF_SLOT}, K_INT},
    {{"__float__", r_float, 0, 0, EV_BF_SLOT}, K_NUM},
    {{"__trunc__", r_trunc, 0, 0, 0}, K_NUM},
    {{"__floor__", r_floor, 0, 0, 0}, K_NUM},
    {{"__ceil__", r_ceil, 0, 0, 0}, K_NUM},
    {{"__round__", r_round, 0, 1, 0}, K_NUM},
    {{"__format__", r_format, 1, 1, 0}, K_ALL},
    {{NULL, NULL, 0, 0, 0}, 0},
};

/* A special method some builtin type defines: on a type without it, reading
 * it is a plain AttributeError, not a refusal. */
bool ev_raw_dunder_known(ev_str *name)
{
    static const char *const others[] = {
        "__matmul__", "__rmatmul__", "__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__",
        "__ifloordiv__", "__imod__", "__ipow__", "__ilshift__", "__irshift__", "__iand__", "__ior__",
        "__ixor__", "__call__", "__next__", "__enter__", "__exit__", "__reversed__", "__missing__",
        "__complex__", "__bytes__", "__length_hint__", NULL,
    };
    for (const struct raw_entry *e = raw_defs; e->def.name; e++)
        if (strcmp(e->def.name, name->data) == 0)
            return true;
    for (int i = 0; others[i]; i++)
        if (strcmp(others[i], name->data) == 0)
            return true;
    return false;
}

/* The in-place methods are list's, set's and dict's own: the dict types
 * of the collections module (Counter's |= is a union) have theirs. */
static bool inplace_owner(const ev_type *root, const ev_builtin_def *d)
{
    if (d->fn != r_iadd && d->fn != r_imul && d->fn != r_ior && d->fn != r_iand && d->fn != r_isub &&
        d->fn != r_ixor)
        return true;
    return root == &ev_type_list || root == &ev_type_set || root == &ev_type_bytearray || root == &ev_type_deque ||
           ev_type_is_subclass(root, &ev_type_dict);
}

/* The special methods the builtin type root has here, one per call from
 * *pos (start at 0); NULL at the end.  For dir(). */
const char *ev_raw_dunder_next(ev_type *root, size_t *pos)
{
    unsigned k = root_kind(root);
    for (; k && raw_defs[*pos].def.name; (*pos)++)
        if ((raw_defs[*pos].owners & k) && inplace_owner(root, &raw_defs[*pos].def))
            return raw_defs[(*pos)++].def.name;
    return NULL;
}

const ev_builtin_def *ev_raw_dunder(ev_type *root, ev_str *name)
{
    unsigned k = root_kind(root);
    if (!k)
        return NULL;
    for (const struct raw_entry *e = raw_defs; e->def.name; e++)
        if (strcmp(e->def.name, name->data) == 0)
            return (e->owners & k) && inplace_owner(root, &e->def) ? &e->def : NULL;
    return NULL;
}
