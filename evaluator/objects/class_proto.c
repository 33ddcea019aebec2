/*
 * class_proto.c - the object protocol for instances of user classes: each
 * operation calls the special method found along the class's MRO, with
 * CPython's fallbacks (reflected operands, __len__ for truth, identity for
 * ==) and its TypeErrors when a result has the wrong type.
 *
 * Every function returns 1 when it handled the operation (*out or *res
 * set), 0 when the class does not define it (the caller goes on with the
 * builtin behaviour), -1 on error.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"

int ev_user_repr(ev_interp *I, ev_value v, ev_value *out)
{
    int got = ev_dunder(I, v, EV_DN_REPR, 0, NULL, out);
    if (got < 0)
        return -1;
    if (got) {
        if (!ev_is(*out, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "__repr__ returned non-string (type %s)", ev_type_name(*out));
            ev_decref(I, *out);
            return -1;
        }
        return 1;
    }
    if (v.u.o == &ev_notimplemented.h || v.u.o == &ev_ellipsis.h) {
        *out = ev_str_from_cstr(I, v.u.o == &ev_ellipsis.h ? "Ellipsis" : "NotImplemented");
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    if (ev_is(v, EV_O_INSTANCE)) {
        *out = ev_object_repr(I, v);
        return EV_IS_ERR(*out) ? -1 : 1;
    }
    return 0;
}

ev_value ev_object_repr(ev_interp *I, ev_value v)
{
    ev_type *t = ev_type_of(v);
    char buf[256];
    const char *mod = ev_type_modname(I, t);
    snprintf(buf, sizeof buf, "<%s%s%s object at 0x%llx>", mod ? mod : "",
             t->module ? "." : "", t->module ? ev_type_qualname(t) : t->name, (unsigned long long)(uintptr_t)v.u.o);
    return ev_str_from_cstr(I, buf);
}

int ev_user_str(ev_interp *I, ev_value v, ev_value *out)
{
    int got = ev_dunder(I, v, EV_DN_STR, 0, NULL, out);
    if (got < 0)
        return -1;
    if (got && !ev_is(*out, EV_O_STR)) {
        ev_raise(I, &ev_type_TypeError, "__str__ returned non-string (type %s)", ev_type_name(*out));
        ev_decref(I, *out);
        return -1;
    }
    return got;
}

int ev_user_truth(ev_interp *I, ev_value v, int *res)
{
    ev_value r;
    int got = ev_dunder(I, v, EV_DN_BOOL, 0, NULL, &r);
    if (got < 0)
        return -1;
    if (got) {
        if (r.tag != EV_T_BOOL) {
            ev_raise(I, &ev_type_TypeError, "__bool__ should return bool, returned %s", ev_type_name(r));
            ev_decref(I, r);
            return -1;
        }
        *res = (int)r.u.i;
        return 1;
    }
    int64_t n;
    got = ev_user_len(I, v, &n);
    if (got <= 0)
        return got;
    *res = n != 0;
    return 1;
}

int ev_user_len(ev_interp *I, ev_value v, int64_t *n)
{
    ev_value r;
    int got = ev_dunder(I, v, EV_DN_LEN, 0, NULL, &r);
    if (got <= 0)
        return got;
    if (!ev_is_int(r)) {
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    if (r.tag != EV_T_INT && r.tag != EV_T_BOOL) {
        ev_decref(I, r);
        ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    if (r.u.i < 0) {
        ev_raise(I, &ev_type_ValueError, "__len__() should return >= 0");
        return -1;
    }
    *n = r.u.i;
    return 1;
}

int ev_user_hash(ev_interp *I, ev_value v, int64_t *h)
{
    ev_str *name = I->dn[EV_DN_HASH];
    if (!name)
        return -1;
    ev_value *f = ev_type_find(I, ev_type_of(v), name);
    if (f && f->tag == EV_T_NONE) {
        ev_raise(I, &ev_type_TypeError, "unhashable type: '%s'", ev_type_name(v));
        return -1;
    }
    if (!f && (v.u.o->flags & EV_OBJ_SUB))
        return 0; /* the builtin type's hash (or its TypeError) */
    ev_value r;
    int got = f || (ev_type_of(v)->tflags & EV_TYPE_CSLOTS) ? ev_dunder(I, v, EV_DN_HASH, 0, NULL, &r) : 0;
    if (got < 0)
        return -1;
    if (!got) {
        /* object.__hash__: the address, rotated as CPython's _Py_HashPointer */
        uintptr_t p = (uintptr_t)v.u.o;
        *h = (int64_t)((p >> 4) | (p << (8 * sizeof p - 4)));
        if (*h == -1)
            *h = -2;
        return 1;
    }
    if (!ev_is_int(r)) {
        ev_raise(I, &ev_type_TypeError, "__hash__ method should return an integer");
        ev_decref(I, r);
        return -1;
    }
    if (r.tag == EV_T_INT || r.tag == EV_T_BOOL) {
        /* a value that fits is the hash itself (-1 is reserved), as CPython's slot_tp_hash */
        *h = r.u.i == -1 ? -2 : r.u.i;
        return 1;
    }
    int e = ev_hash(I, r, h);
    ev_decref(I, r);
    return e ? -1 : 1;
}

static const ev_dn cmp_names[6] = {EV_DN_LT, EV_DN_LE, EV_DN_EQ, EV_DN_NE, EV_DN_GT, EV_DN_GE};
static const int cmp_swap[6] = {4, 5, 2, 3, 0, 1};
static const char *const cmp_syms[6] = {"<", "<=", "==", "!=", ">", ">="};

/* a OP b: a.__op__(b), then b.__swapped__(a); == and != fall back to
 * identity.  *res is the result object (a new reference). */
int ev_user_richcmp(ev_interp *I, ev_value a, ev_value b, int op, ev_value *res)
{
    ev_value args[1];
    int got;
    /* a subclass of the left operand's class that overrides the reflected method goes first */
    bool b_first = ev_is_user(b) && ev_type_of(b) != ev_type_of(a) &&
                   ev_type_is_subclass(ev_type_of(b), ev_type_of(a));
    for (int pass = 0; pass < 2; pass++) {
        bool left = (pass == 0) != b_first;
        ev_value self = left ? a : b;
        args[0] = left ? b : a;
        ev_dn name = cmp_names[left ? op : cmp_swap[op]];
        /* an instance of a builtin's subclass that defines no __ne__ gets
         * the builtin's own != (int.__ne__ comes before object's in the
         * MRO), not the inverse of its __eq__ */
        if (name == EV_DN_NE && ev_is_user(self) && (self.u.o->flags & EV_OBJ_SUB) &&
            !ev_type_defines(I, ev_type_of(self), EV_DN_NE))
            got = 0;
        else
            got = ev_dunder(I, self, name, 1, args, res);
        bool invert = false;
        if (got == 0 && op == 3 && ev_is_user(self) && !(self.u.o->flags & EV_OBJ_SUB)) {
            /* this side's __ne__ is object's: the inverse of its own
             * __eq__ when that gives an answer, before the other side */
            got = ev_dunder(I, self, EV_DN_EQ, 1, args, res);
            invert = true;
        }
        if (got < 0)
            return -1;
        if (got && !ev_is_notimpl(*res)) {
            if (!invert)
                return 1;
            int t = ev_truth(I, *res);
            ev_decref(I, *res);
            if (t < 0)
                return -1;
            *res = ev_bool(!t);
            return 1;
        }
        if (got)
            ev_decref(I, *res);
    }
    /* an instance of a subclass of a builtin type compares as that type */
    if ((a.tag == EV_T_OBJ && (a.u.o->flags & EV_OBJ_SUB)) || (b.tag == EV_T_OBJ && (b.u.o->flags & EV_OBJ_SUB)))
        return 0;
    if (op == 2 || op == 3) {
        bool same = a.tag == b.tag && a.u.o == b.u.o;
        *res = ev_bool(op == 2 ? same : !same);
        return 1;
    }
    ev_raise(I, &ev_type_TypeError, "'%s' not supported between instances of '%s' and '%s'",
             cmp_syms[op], ev_type_name(a), ev_type_name(b));
    return -1;
}

static const ev_dn binop_names[EV_OP__COUNT][3] = {
    [EV_OP_ADD] = {EV_DN_ADD, EV_DN_RADD, EV_DN_IADD},
    [EV_OP_SUB] = {EV_DN_SUB, EV_DN_RSUB, EV_DN_ISUB},
    [EV_OP_MUL] = {EV_DN_MUL, EV_DN_RMUL, EV_DN_IMUL},
    [EV_OP_TRUEDIV] = {EV_DN_TRUEDIV, EV_DN_RTRUEDIV, EV_DN_ITRUEDIV},
    [EV_OP_FLOORDIV] = {EV_DN_FLOORDIV, EV_DN_RFLOORDIV, EV_DN_IFLOORDIV},
    [EV_OP_MOD] = {EV_DN_MOD, EV_DN_RMOD, EV_DN_IMOD},
    [EV_OP_POW] = {EV_DN_POW, EV_DN_RPOW, EV_DN_IPOW},
    [EV_OP_LSHIFT] = {EV_DN_LSHIFT, EV_DN_RLSHIFT, EV_DN_ILSHIFT},
    [EV_OP_RSHIFT] = {EV_DN_RSHIFT, EV_DN_RRSHIFT, EV_DN_IRSHIFT},
    [EV_OP_AND] = {EV_DN_AND, EV_DN_RAND, EV_DN_IAND},
    [EV_OP_OR] = {EV_DN_OR, EV_DN_ROR, EV_DN_IOR},
    [EV_OP_XOR] = {EV_DN_XOR, EV_DN_RXOR, EV_DN_IXOR},
    [EV_OP_MATMUL] = {EV_DN_MATMUL, EV_DN_RMATMUL, EV_DN_IMATMUL},
};

/* a OP b (or a OP= b when inplace) for user classes: 1 done, 0 neither
 * operand defines it (the caller raises its TypeError), -1 error. */
int ev_user_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace, ev_value *out)
{
    if (inplace && ev_is_user(a)) {
        int got = ev_dunder(I, a, binop_names[op][2], 1, &b, out);
        if (got == 0 && (a.u.o->flags & EV_OBJ_SUB)) {
            /* a list/set/dict subclass without its own __iadd__ inherits
             * the builtin's, which comes before its __add__ (CPython's
             * generic nb_inplace slot finds list.__iadd__ in the MRO) */
            const ev_builtin_def *d = ev_raw_dunder(ev_solid_base(ev_type_of(a)), I->dn[binop_names[op][2]]);
            if (d) {
                *out = ev_call_method_def(I, d, a, 1, &b, NULL);
                got = EV_IS_ERR(*out) ? -1 : 1;
            }
        }
        if (got < 0)
            return -1;
        if (got && !ev_is_notimpl(*out))
            return 1;
        if (got)
            ev_decref(I, *out);
    }
    return ev_user_binary_named(I, binop_names[op][0], binop_names[op][1], a, b, out);
}

/* The forward/reflected protocol with the method names given (divmod has no
 * operator): the right operand first when its class derives from the left's. */
int ev_user_binary_named(ev_interp *I, ev_dn lname, ev_dn rname, ev_value a, ev_value b,
                         ev_value *out)
{
    int got;
    bool b_first = ev_is_user(b) && ev_type_of(b) != ev_type_of(a) &&
                   ev_type_is_subclass(ev_type_of(b), ev_type_of(a));
    for (int pass = 0; pass < 2; pass++) {
        bool left = (pass == 0) != b_first;
        ev_value self = left ? a : b, other = left ? b : a;
        if (!ev_is_user(self))
            continue;
        if (!left && ev_type_of(a) == ev_type_of(b))
            continue; /* the reflected method is not tried for the same type */
        got = ev_dunder(I, self, left ? lname : rname, 1, &other, out);
        if (got < 0)
            return -1;
        if (got && !ev_is_notimpl(*out))
            return 1;
        if (got)
            ev_decref(I, *out);
    }
    return 0;
}

int ev_user_unary(ev_interp *I, ev_dn name, ev_value a, ev_value *out)
{
    return ev_dunder(I, a, name, 0, NULL, out);
}

/* next(it): StopIteration from __next__ ends the iteration. */
int ev_user_next(ev_interp *I, ev_value it, ev_value *out)
{
    int got = ev_dunder(I, it, EV_DN_NEXT, 0, NULL, out);
    if (got == 0) {
        ev_raise(I, &ev_type_TypeError, "'%s' object is not an iterator", ev_type_name(it));
        return -1;
    }
    if (got > 0)
        return 1;
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        return 0;
    }
    return -1;
}

/* ---- the sequence protocol: iteration over __getitem__ ---------------------------------- */

typedef struct seqiter_state {
    ev_value obj;   /* EV_ERR once exhausted */
    int64_t i;      /* next index; reversed: counts down */
} seqiter_state;

static bool has_special(ev_interp *I, ev_value v, const char *name, bool *is_none)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    ev_value *f = n ? ev_type_lookup(ev_type_of(v), n) : NULL;
    if (is_none)
        *is_none = f && f->tag == EV_T_NONE;
    return f != NULL;
}

/* The item fetch failed: IndexError or StopIteration end the iteration
 * (the sequence is dropped, as CPython's iterators do), anything else is
 * the error.  0 at the end, -1 on error. */
static int seqiter_end(ev_interp *I, seqiter_state *st)
{
    if (!I->limit && ev_is(I->exc, EV_O_EXC) &&
        (ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_IndexError) ||
         ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_StopIteration))) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        ev_decref(I, st->obj);
        st->obj = EV_ERR;
        return 0;
    }
    return -1;
}

/* obj[i]; IndexError and StopIteration end the iteration (0) */
static int seqiter_step(ev_interp *I, seqiter_state *st, ev_value *out)
{
    if (EV_IS_ERR(st->obj) || st->i < 0)
        return 0;
    ev_value idx = ev_int(st->i);
    int got = ev_dunder(I, st->obj, EV_DN_GETITEM, 1, &idx, out);
    if (got > 0)
        return 1;
    if (got == 0) {
        ev_raise(I, &ev_type_TypeError, "'%s' object is not subscriptable", ev_type_name(st->obj));
        return -1;
    }
    return seqiter_end(I, st);
}

static int seqiter_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    seqiter_state *st = it->state;
    int r = seqiter_step(I, st, out);
    if (r > 0)
        st->i++;
    return r;
}

static int revseq_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    seqiter_state *st = it->state;
    int r = seqiter_step(I, st, out);
    if (r > 0)
        st->i--;
    return r;
}

static void seqiter_free(ev_interp *I, ev_iterobj *it)
{
    seqiter_state *st = it->state;
    if (st && !EV_IS_ERR(st->obj))
        ev_decref(I, st->obj);
}

/* an instance holding iter(self) (through __getitem__) is a cycle */
static void seqiter_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    visit(I, ((seqiter_state *)it->state)->obj, arg);
}

static const ev_native_iter_type seqiter_type = {"iterator", seqiter_next, seqiter_free, NULL, NULL,
                                                 seqiter_traverse};
static const ev_native_iter_type revseq_type = {"reversed", revseq_next, seqiter_free, NULL, &ev_type_reversed,
                                                seqiter_traverse};

/* reversed() of a str, tuple, bytes or bytearray subclass overriding
 * __len__ or __getitem__: CPython's reversed goes through the type's
 * sq_length and sq_item, which are the overrides (and the builtin's where
 * the class keeps it), so each step is obj[i] as a subscript sees it */
static int subrev_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    seqiter_state *st = it->state;
    if (EV_IS_ERR(st->obj) || st->i < 0)
        return 0;
    *out = ev_getitem(I, st->obj, ev_int(st->i));
    if (!EV_IS_ERR(*out)) {
        st->i--;
        return 1;
    }
    return seqiter_end(I, st);
}

static const ev_native_iter_type subrev_type = {"reversed", subrev_next, seqiter_free, NULL, &ev_type_reversed,
                                                seqiter_traverse};

static ev_value seqiter_new(ev_interp *I, const ev_native_iter_type *nt, ev_value v, int64_t start)
{
    ev_value it = ev_native_iter_new(I, nt, sizeof(seqiter_state));
    if (EV_IS_ERR(it))
        return it;
    seqiter_state *st = ((ev_iterobj *)it.u.o)->state;
    st->obj = ev_dup(v);
    st->i = start;
    return it;
}

bool ev_user_has_special(ev_interp *I, ev_value v, const char *name)
{
    return has_special(I, v, name, NULL);
}

int ev_user_seq_iter(ev_interp *I, ev_value v, ev_value *out)
{
    bool none;
    if (!has_special(I, v, "__getitem__", &none) || none)
        return 0;
    *out = seqiter_new(I, &seqiter_type, v, 0);
    return EV_IS_ERR(*out) ? -1 : 1;
}

bool ev_user_iterable(ev_interp *I, ev_value v)
{
    bool none;
    if (has_special(I, v, "__iter__", &none))
        return !none;
    return has_special(I, v, "__getitem__", &none) && !none;
}

/* A C type's instance (array.array, or a subclass's) whose class
 * defines __getitem__ in its C method table, which ev_type_lookup leaves
 * to its callers: a sequence to reversed(), as CPython's sq_item. */
static bool has_c_getitem(ev_interp *I, ev_value v)
{
    if (!ev_is(v, EV_O_INSTANCE))
        return false;
    for (ev_type *k = ev_type_of(v); k; k = k->base)
        if (!ev_is_heaptype(k) && (k->tflags & EV_TYPE_CSLOTS))
            return ev_builtin_method(k, I->dn[EV_DN_GETITEM]) != NULL;
    return false;
}

/* reversed(v): __reversed__, else __len__ and __getitem__ from the end */
int ev_user_reversed(ev_interp *I, ev_value v, ev_value *out)
{
    bool none;
    if (has_special(I, v, "__reversed__", &none)) {
        if (none)
            goto not_reversible;
        return ev_dunder(I, v, EV_DN_REVERSED, 0, NULL, out) < 0 ? -1 : 1;
    }
    if ((!has_special(I, v, "__getitem__", &none) || none) && !has_c_getitem(I, v))
        goto not_reversible;
    int64_t n;
    int got = ev_user_len(I, v, &n);
    if (got < 0)
        return -1;
    if (got == 0) {
        ev_raise(I, &ev_type_TypeError, "object of type '%s' has no len()", ev_type_name(v));
        return -1;
    }
    *out = seqiter_new(I, &revseq_type, v, n - 1);
    return EV_IS_ERR(*out) ? -1 : 1;
not_reversible:
    ev_raise(I, &ev_type_TypeError, "'%s' object is not reversible", ev_type_name(v));
    return -1;
}

int ev_sub_reversed(ev_interp *I, ev_value v, ev_value *out)
{
    int64_t n;
    if (ev_len(I, v, &n))
        return -1;
    *out = seqiter_new(I, &subrev_type, v, n - 1);
    return EV_IS_ERR(*out) ? -1 : 0;
}

/* int(v), float(v) and abs(v) of user instances (__int__/__index__,
 * __float__/__index__, __abs__): 1 done, 0 not defined, -1 error */
int ev_user_number(ev_interp *I, ev_value v, char kind, ev_value *out)
{
    static const int names[][2] = {{EV_DN_INT, EV_DN_INDEX}, {EV_DN_FLOAT, EV_DN_INDEX},
                                   {EV_DN_ABS, -1}};
    int k = kind == 'i' ? 0 : kind == 'f' ? 1 : 2;
    for (int j = 0; j < 2 && names[k][j] >= 0; j++) {
        int got = ev_dunder(I, v, (ev_dn)names[k][j], 0, NULL, out);
        if (got < 0)
            return -1;
        if (!got)
            continue;
        if (k == 2)
            return 1;
        bool ok = k == 0 || j == 1 ? ev_is_int(*out) : out->tag == EV_T_FLOAT;
        if (!ok) {
            const char *rt = ev_type_name(*out);
            char tn[64];
            snprintf(tn, sizeof tn, "%s", rt);
            ev_decref(I, *out);
            if (j == 1)
                ev_raise(I, &ev_type_TypeError, "__index__ returned non-int (type %s)", tn);
            else if (k == 0)
                ev_raise(I, &ev_type_TypeError, "__int__ returned non-int (type %s)", tn);
            else
                ev_raise(I, &ev_type_TypeError, "%s.__float__ returned non-float (type %s)", ev_type_name(v), tn);
            return -1;
        }
        if (k == 1 && j == 1) {
            double d;
            int e = ev_num_to_double(I, *out, &d);
            ev_decref(I, *out);
            if (e)
                return -1;
            *out = ev_float(d);
        } else if (out->tag == EV_T_BOOL) {
            *out = ev_int(out->u.i);
        }
        return 1;
    }
    return 0;
}
