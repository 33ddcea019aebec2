/*
 * num.c - the operator protocol: binary and in-place operators dispatched
 * to the operands' types (ints: objects/int.c, floats: objects/float.c,
 * complex, str, containers, set views) or their special methods, unary
 * operators, and exact comparisons of numbers across int and float.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/numfmt.h"

static const mpz_t *big(ev_value v) { return (const mpz_t *)&((ev_bigint *)v.u.o)->z; }

const char *const ev_binop_symbol[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&",
                                       "|", "^", "@"};


int ev_num_to_double(ev_interp *I, ev_value v, double *out)
{
    if (v.tag == EV_T_FLOAT) {
        *out = v.u.f;
        return 0;
    }
    if (ev_is_subfloat(v)) { /* PyFloat_AsDouble: the value, never the subclass's __float__ */
        *out = ((ev_floatobj *)v.u.o)->f;
        return 0;
    }
    if (ev_is_user(v) && !ev_is_subint(v)) {
        /* PyFloat_AsDouble: __float__, else __index__.  v is held across
         * the call: it may be an item of a container the method mutates. */
        ev_value r, keep = ev_dup(v);
        int got = ev_user_number(I, v, 'f', &r);
        if (got > 0)
            *out = r.u.f;
        else if (got == 0)
            ev_raise(I, &ev_type_TypeError, "must be real number, not %s", ev_type_name(v));
        ev_decref(I, keep);
        return got > 0 ? 0 : -1;
    }
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "must be real number, not %s", ev_type_name(v));
        return -1;
    }
    return ev_int_value_to_double(I, v, out);
}

/* Exact comparison of numbers; *cmp = -1/0/1, or 2 when unordered (NaN). */
int ev_num_compare(ev_interp *I, ev_value a, ev_value b, int *cmp)
{
    (void)I;
    if (a.tag == EV_T_FLOAT || b.tag == EV_T_FLOAT) {
        if (a.tag == EV_T_FLOAT && b.tag == EV_T_FLOAT) {
            double x = a.u.f, y = b.u.f;
            *cmp = isnan(x) || isnan(y) ? 2 : (x > y) - (x < y);
            return 0;
        }
        bool flip = a.tag != EV_T_FLOAT;
        double f = flip ? b.u.f : a.u.f;
        ev_value iv = flip ? a : b;
        int c;
        if (isnan(f)) {
            *cmp = 2;
            return 0;
        }
        if (isinf(f)) {
            c = f > 0 ? 1 : -1;
        } else if (iv.tag != EV_T_OBJ && iv.u.i > -(1LL << 53) && iv.u.i < (1LL << 53)) {
            double d = (double)iv.u.i;
            c = (f > d) - (f < d);
        } else {
            mpz_t z;
            mpz_init(z);
            ev_int_to_mpz(iv, z);
            c = -mpz_cmp_d(z, f);
            c = (c > 0) - (c < 0);
            mpz_clear(z);
        }
        *cmp = flip ? -c : c;
        return 0;
    }
    if (a.tag != EV_T_OBJ && b.tag != EV_T_OBJ) {
        *cmp = (a.u.i > b.u.i) - (a.u.i < b.u.i);
        return 0;
    }
    int c;
    if (a.tag == EV_T_OBJ && b.tag == EV_T_OBJ)
        c = mpz_cmp(*big(a), *big(b));
    else if (a.tag == EV_T_OBJ)
        c = mpz_cmp_si(*big(a), b.u.i);
    else
        c = -mpz_cmp_si(*big(b), a.u.i);
    *cmp = (c > 0) - (c < 0);
    return 0;
}

static ev_value unsupported_operands(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    if (op == EV_OP_ADD && ev_is(a, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "can only concatenate str (not \"%s\") to str",
                        ev_type_name(b));
    if (op == EV_OP_ADD && (ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE)))
        return ev_raise(I, &ev_type_TypeError, "can only concatenate %s (not \"%s\") to %s",
                        ev_type_name(a), ev_type_name(b), ev_type_name(a));
    /* obj *= seq: a class instance's (empty) sequence slots stop CPython
     * before it tries the right operand's repeat */
    if (op == EV_OP_MUL && (ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE) ||
                            (!(inplace && ev_is_user(a)) &&
                             (ev_is(b, EV_O_STR) || ev_is(b, EV_O_LIST) || ev_is(b, EV_O_TUPLE)))))
        return ev_raise(I, &ev_type_TypeError, "can't multiply sequence by non-int of type '%s'",
                        ev_type_name(ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE) ? b : a));
    if (op == EV_OP_POW)
        return ev_raise(I, &ev_type_TypeError,
                        "unsupported operand type(s) for %s: '%s' and '%s'", inplace ? "**=" : "** or pow()",
                        ev_type_name(a), ev_type_name(b));
    return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for %s%s: '%s' and '%s'",
                    ev_binop_symbol[op], inplace ? "=" : "", ev_type_name(a), ev_type_name(b));
}

static ev_value builtin_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace);

/* The pending exception is unsupported_operands' TypeError. */
static bool unsupported_pending(ev_interp *I)
{
    if (I->exc.tag != EV_T_OBJ || I->exc.u.o->kind != EV_O_EXC)
        return false;
    ev_exc *e = (ev_exc *)I->exc.u.o;
    if (e->type != &ev_type_TypeError || !ev_is(e->args, EV_O_TUPLE) || ev_as_tuple(e->args)->len != 1 ||
        !ev_is(ev_as_tuple(e->args)->items[0], EV_O_STR))
        return false;
    return strncmp(ev_as_str(ev_as_tuple(e->args)->items[0])->data, "unsupported operand type(s)", 27) == 0;
}

/* d.keys() & other, other - d.items()...: keys and items views are
 * set-like; either side may be any iterable and the result is a set, built
 * as CPython's dictviews_or/sub/xor (set(left) updated in place with the
 * right) and _PyDictView_Intersect, so that it iterates in the same order. */
static ev_value setview_call(ev_interp *I, ev_value obj, const char *meth, ev_value arg)
{
    ev_str *name = ev_intern(I, meth, strlen(meth));
    ev_value m = name ? ev_getattr(I, obj, name) : EV_ERR;
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, 1, &arg, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static ev_value setview_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    ev_value set = ev_obj_val(&ev_type_set.h);
    if (op == EV_OP_AND) {
        ev_value self = ev_is_setview(a) ? a : b, other = ev_is_setview(a) ? b : a;
        int64_t ns, no;
        if (ev_len(I, self, &ns))
            return EV_ERR;
        if (ev_is(other, EV_O_SET) && !ev_is_user(other) && ev_len(I, other, &no) == 0 && ns <= no)
            return setview_call(I, other, "intersection", self);
        if (ev_is_setview(other)) {
            if (ev_len(I, other, &no))
                return EV_ERR;
            if (no > ns) {
                ev_value t = self;
                self = other;
                other = t;
            }
        }
        ev_value r = ev_call(I, set, 0, NULL, 0, NULL, NULL);
        ev_value it = EV_IS_ERR(r) ? EV_ERR : ev_iter(I, other);
        if (EV_IS_ERR(it)) {
            if (!EV_IS_ERR(r))
                ev_decref(I, r);
            return EV_ERR;
        }
        ev_value k;
        int got;
        while ((got = ev_next(I, it, &k)) > 0) {
            int in = ev_contains(I, self, k);
            int e = in < 0 ? -1 : in ? ev_set_add(I, (ev_set *)r.u.o, k) : 0;
            ev_decref(I, k);
            if (e) {
                got = -1;
                break;
            }
        }
        ev_decref(I, it);
        if (got < 0) {
            ev_decref(I, r);
            return EV_ERR;
        }
        return r;
    }
    if (op == EV_OP_XOR && ev_is(a, EV_O_VIEW) && ev_is(b, EV_O_VIEW) && ((ev_view *)a.u.o)->ik == EV_IT_DICT_ITEMS &&
        ((ev_view *)b.u.o)->ik == EV_IT_DICT_ITEMS)
        return ev_dict_items_xor(I, a, b);
    ev_value r = ev_view_to_set(I, a); /* a keys view of a dict: from the dict's table */
    if (EV_IS_ERR(r))
        return r;
    ev_value u = setview_call(I, r, op == EV_OP_OR ? "update" : op == EV_OP_SUB ? "difference_update"
                                                              : "symmetric_difference_update", b);
    if (EV_IS_ERR(u)) {
        ev_decref(I, r);
        return u;
    }
    ev_decref(I, u);
    return r;
}

static ev_value binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    if (op == EV_OP_OR && ((a.tag == EV_T_OBJ && (a.u.o->kind == EV_O_TYPE || a.u.o->kind == EV_O_WRAPPER)) ||
                           (b.tag == EV_T_OBJ && (b.u.o->kind == EV_O_TYPE || b.u.o->kind == EV_O_WRAPPER)))) {
        ev_value r;
        int got = ev_typing_or(I, a, b, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    /* str % x: str.__mod__ accepts any right operand, so CPython reaches a
     * class's __rmod__ first only for a str subclass ('%s' % UserString(...)) */
    if (op == EV_OP_MOD && ev_is(a, EV_O_STR) && !ev_is_user(a) && !ev_is(b, EV_O_STR))
        return builtin_binary(I, op, a, b, inplace);
    if (ev_is_user(a) || ev_is_user(b)) {
        ev_value r;
        int got = ev_user_binary(I, op, a, b, inplace, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    return builtin_binary(I, op, a, b, inplace);
}

/* The builtin types' own operation, never dispatching to a subclass's
 * overrides: what int.__add__ and super().__add__ reach. */
ev_value ev_binary_builtin(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    return builtin_binary(I, op, a, b, false);
}

static ev_value builtin_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, bool inplace)
{
    /* '%s' % x formats x as given: an int or float subclass's own __str__
     * and __repr__ count, so it is not unboxed below */
    if (op == EV_OP_MOD && ev_is(a, EV_O_STR))
        return ev_str_percent(I, ev_as_str(a), b);
    if (ev_is_subint(a) || ev_is_subint(b)) {
        ev_value x = ev_int_unbox(I, a), y = EV_IS_ERR(x) ? EV_ERR : ev_int_unbox(I, b);
        ev_value r = EV_IS_ERR(y) ? EV_ERR : builtin_binary(I, op, x, y, inplace);
        if (!EV_IS_ERR(x))
            ev_decref(I, x);
        if (!EV_IS_ERR(y))
            ev_decref(I, y);
        if (EV_IS_ERR(r) && unsupported_pending(I))
            return unsupported_operands(I, op, a, b, inplace); /* named by the subclass, not int */
        return r;
    }
    if (ev_is_subfloat(a) || ev_is_subfloat(b)) {
        /* with another number, float's arithmetic on the plain value (the
         * result is a float, never the subclass); with anything else the
         * errors below name the subclass */
        ev_value x = ev_is_subfloat(a) ? ev_float_unbox(a) : a, y = ev_is_subfloat(b) ? ev_float_unbox(b) : b;
        if ((ev_is_int(x) || x.tag == EV_T_FLOAT || ev_is(x, EV_O_COMPLEX)) &&
            (ev_is_int(y) || y.tag == EV_T_FLOAT || ev_is(y, EV_O_COMPLEX)))
            return builtin_binary(I, op, x, y, inplace);
    }
    if (op == EV_OP_MUL && (ev_is_user(a) || ev_is_user(b))) {
        /* a sequence repeated by an object with __index__ */
        bool aseq = ev_is(a, EV_O_STR) || ev_is(a, EV_O_LIST) || ev_is(a, EV_O_TUPLE) || ev_is_byteslike(a);
        bool bseq = ev_is(b, EV_O_STR) || ev_is(b, EV_O_LIST) || ev_is(b, EV_O_TUPLE) || ev_is_byteslike(b);
        ev_value n;
        int got = aseq != bseq ? ev_index_try(I, aseq ? b : a, &n) : 0;
        if (got < 0)
            return EV_ERR;
        if (got) {
            ev_value r = builtin_binary(I, op, aseq ? a : n, aseq ? n : b, inplace);
            ev_decref(I, n);
            return r;
        }
    }
    if (op == EV_OP_MATMUL) /* no builtin type implements @ */
        return unsupported_operands(I, op, a, b, inplace);
    bool ai = ev_is_int(a), bi = ev_is_int(b);
    if (ai && bi) {
        if (a.tag == EV_T_BOOL && b.tag == EV_T_BOOL &&
            (op == EV_OP_AND || op == EV_OP_OR || op == EV_OP_XOR)) {
            ev_value r = ev_int_binary(I, op, ev_int(a.u.i), ev_int(b.u.i));
            return ev_bool(r.u.i != 0);
        }
        ev_value x = a.tag == EV_T_BOOL ? ev_int(a.u.i) : a;
        ev_value y = b.tag == EV_T_BOOL ? ev_int(b.u.i) : b;
        return ev_int_binary(I, op, x, y);
    }
    bool af = a.tag == EV_T_FLOAT, bf = b.tag == EV_T_FLOAT;
    if ((af || ai) && (bf || bi) && op <= EV_OP_POW) {
        double x, y;
        if (ev_num_to_double(I, a, &x) || ev_num_to_double(I, b, &y))
            return EV_ERR;
        return ev_float_binary(I, op, x, y);
    }
    if (ev_is(a, EV_O_COMPLEX) || ev_is(b, EV_O_COMPLEX)) {
        ev_value r;
        if (ev_complex_binary(I, op, a, b, &r))
            return r;
    }
    if (a.tag == EV_T_OBJ) {
        ev_kind k = a.u.o->kind;
        if (k == EV_O_STR) {
            if (op == EV_OP_ADD && ev_is(b, EV_O_STR))
                return ev_str_concat(I, ev_as_str(a), ev_as_str(b));
            if (op == EV_OP_MUL && bi) {
                int64_t n;
                if (b.tag == EV_T_OBJ)   /* past ssize_t, whatever the sign, as CPython */
                    return ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
                n = b.u.i;
                return ev_str_repeat(I, ev_as_str(a), n);
            }
            if (op == EV_OP_MOD)
                return ev_str_percent(I, ev_as_str(a), b);
        }
        if (k == EV_O_LIST || k == EV_O_TUPLE) {
            if (op == EV_OP_ADD && ev_is(b, (ev_kind)k))
                return ev_seq_concat(I, a, b);
            if (op == EV_OP_MUL && bi) {
                if (b.tag == EV_T_OBJ)
                    return ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
                return ev_seq_repeat(I, a, b.u.i);
            }
        }
    }
    if (ev_is_anyset(a) && ev_is_anyset(b) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return ev_set_binary(I, op, a, b);
    if ((ev_is_setview(a) || ev_is_setview(b)) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return setview_binary(I, op, a, b);
    ev_value coll;
    if ((ev_is(a, EV_O_DATETIME) || ev_is(b, EV_O_DATETIME)) && ev_dt_binary(I, op, a, b, &coll))
        return coll;
    if (ev_coll_binary(I, op, a, b, inplace, &coll))
        return coll;
    if (ev_bytes_binary(I, op, a, b, inplace, &coll)) return coll;
    if (op == EV_OP_OR && ev_is(a, EV_O_DICT) && ev_is(b, EV_O_DICT)) {
        /* d | e: a new dict, e's values winning; d |= e updates d */
        ev_value r = inplace ? ev_dup(a) : ev_dict_new(I);
        if (EV_IS_ERR(r))
            return r;
        /* PyDict_Copy then dict_merge: the stored hashes, "dict mutated during update" */
        for (int k = inplace ? 1 : 0; k < 2; k++)
            if (ev_dict_merge(I, ev_as_dict(r), ev_as_dict(k == 0 ? a : b)))
                goto dict_fail;
        return r;
    dict_fail:
        ev_decref(I, r);
        return EV_ERR;
    }
    if (op == EV_OP_OR && inplace && ev_is(a, EV_O_DICT)) {
        /* d |= other: dict.__ior__ is dict.update (pairs, keys() objects), an override not consulted */
        ev_str *un = ev_intern(I, "update", 6);
        const ev_builtin_def *upd = un ? ev_builtin_method(&ev_type_dict, un) : NULL;
        ev_value r = upd ? ev_call_method_def(I, upd, a, 1, &b, NULL) : EV_ERR;
        if (EV_IS_ERR(r))
            return r;
        ev_decref(I, r);
        return ev_dup(a);
    }
    if (ai && b.tag == EV_T_OBJ && op == EV_OP_MUL) {
        ev_kind k = b.u.o->kind;
        if (k == EV_O_STR || k == EV_O_LIST || k == EV_O_TUPLE)
            return binary(I, op, b, a, inplace);
    }
    return unsupported_operands(I, op, a, b, inplace);
}

ev_value ev_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    return binary(I, op, a, b, false);
}

ev_value ev_inplace(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_binary(I, op, a, b, true, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    /* list += iterable extends in place; list has no nb_add, so a user
     * right operand's __radd__ comes first (binary_iop1) */
    if (op == EV_OP_ADD && ev_is(a, EV_O_LIST)) {
        if (ev_is_user(b) && !ev_is_user(a)) {
            ev_value r;
            int got = ev_user_binary_named(I, EV_DN_ADD, EV_DN_RADD, a, b, &r);
            if (got)
                return got < 0 ? EV_ERR : r;
        }
        return ev_list_extend(I, ev_as_list(a), b) ? EV_ERR : ev_dup(a);
    }
    if (op == EV_OP_MUL && ev_is(a, EV_O_LIST) && ev_is_int(b)) {
        ev_value r = binary(I, op, a, b, true);
        if (EV_IS_ERR(r))
            return r;
        /* list *= n mutates the list: move the new items into it */
        ev_list *l = ev_as_list(a), *n = ev_as_list(r);
        ev_value *old = l->items;
        size_t oldlen = l->len, oldcap = l->cap;
        l->items = n->items;
        l->len = n->len;
        l->cap = n->cap;
        n->items = old;
        n->len = oldlen;
        n->cap = oldcap;
        ev_decref(I, r);
        return ev_dup(a);
    }
    /* set |= &= -= ^= a set mutates it; a frozenset gets a new one */
    if (ev_is(a, EV_O_SET) && ev_is_anyset(b) &&
        (op == EV_OP_OR || op == EV_OP_AND || op == EV_OP_SUB || op == EV_OP_XOR))
        return ev_set_inplace(I, op, a, b);
    return binary(I, op, a, b, true);
}

ev_value ev_negate(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_NEG, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if ((a.tag == EV_T_INT || a.tag == EV_T_BOOL) && a.u.i != INT64_MIN)
        return ev_int(-a.u.i);
    if (a.tag == EV_T_FLOAT)
        return ev_float(-a.u.f);
    if (ev_is_subfloat(a))
        return ev_float(-((ev_floatobj *)a.u.o)->f);
    if (ev_is_int(a)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(a, z);
        mpz_neg(z, z);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    ev_value coll;
    if (ev_complex_unary(I, a, '-', &coll))
        return coll;
    if (ev_dt_unary(I, a, '-', &coll))
        return coll;
    if (ev_coll_unary(I, a, true, &coll))
        return coll;
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary -: '%s'", ev_type_name(a));
}

ev_value ev_positive(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_POS, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (a.tag == EV_T_BOOL)
        return ev_int(a.u.i);
    if (ev_is_subint(a))
        return ev_int_unbox(I, a); /* int.__pos__ gives an exact int */
    if (ev_is_subfloat(a))
        return ev_float_unbox(a);
    if (ev_is_int(a) || a.tag == EV_T_FLOAT)
        return ev_dup(a);
    ev_value coll;
    if (ev_complex_unary(I, a, '+', &coll))
        return coll;
    if (ev_dt_unary(I, a, '+', &coll))
        return coll;
    if (ev_coll_unary(I, a, false, &coll))
        return coll;
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary +: '%s'", ev_type_name(a));
}

ev_value ev_invert(ev_interp *I, ev_value a)
{
    if (ev_is_user(a)) {
        ev_value r;
        int got = ev_user_unary(I, EV_DN_INVERT, a, &r);
        if (got)
            return got < 0 ? EV_ERR : r;
    }
    if (a.tag == EV_T_INT || a.tag == EV_T_BOOL)
        return ev_int(~a.u.i);
    if (ev_is_int(a)) {
        mpz_t z;
        mpz_init(z);
        ev_int_to_mpz(a, z);
        mpz_com(z, z);
        ev_value r = ev_int_from_mpz(I, z);
        mpz_clear(z);
        return r;
    }
    return ev_raise(I, &ev_type_TypeError, "bad operand type for unary ~: '%s'", ev_type_name(a));
}

/* ---- big-int work the clock cannot interrupt ---------------------------------------------- */

/* Seconds GMP may take to multiply two n-limb numbers.  Pessimistic on
 * purpose: measured on a loaded two-core x86-64 (mpz_mul of 1,000 limbs
 * 0.3 ms, 16,000 limbs 21 ms, 1M limbs 3.7 s, about 190 ns * n * log2 n at
 * the top); a quiet machine is several times faster.  Quadratic below the
 * FFT range, where the n log n form would overstate the cost. */
double ev_big_mul_seconds(double limbs)
{
    if (limbs < 2)
        limbs = 2;
    double quad = 1e-9 * limbs * limbs, fft = 2.5e-7 * limbs * log2(limbs);
    return quad < fft ? quad : fft;
}

/* An a-limb by b-limb product: GMP cuts the longer into pieces the size
 * of the shorter. */
double ev_big_prod_seconds(double a, double b)
{
    double lo = a < b ? a : b, hi = a < b ? b : a;
    if (lo < 1)
        return 0;
    return (hi / lo) * ev_big_mul_seconds(lo);
}

/* An n-limb by m-limb division: about three products of the quotient and
 * the divisor. */
double ev_big_div_seconds(double n, double m)
{
    double q = n - m + 1;
    return q < 1 ? 0 : 3 * ev_big_prod_seconds(q, m);
}

/* A native operation that cannot be interrupted runs only when its
 * estimated cost fits in the time left; otherwise the run stops with the
 * time limit now, as the clock would stop it later (and never runs on until
 * the CPU rlimit's signal kills the process with its output).  Cheap work
 * passes without reading the clock. */
int ev_time_afford(ev_interp *I, double seconds)
{
    if (I->limit)
        return -1;
    if (seconds < 1e-3)
        return 0;
    if (ev_check_limits_slow(I))
        return -1;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double left = (double)(I->deadline.tv_sec - now.tv_sec) + (double)(I->deadline.tv_nsec - now.tv_nsec) / 1e9;
    if (seconds > left) {
        ev_raise_limit(I, "time");
        return -1;
    }
    return 0;
}

/* r = x ** e: GMP's own power when cheap; else square and multiply from
 * the top bit, asking the clock before each squaring (the last ones cost
 * most: the final squaring about half of the whole). */
int ev_big_pow(ev_interp *I, mpz_t r, const mpz_t x, uint64_t e)
{
    double limbs = (double)mpz_sizeinbase(x, 2) * (double)e / 64.0;
    /* a power of two is a shift to GMP */
    if (e < 2 || ev_big_mul_seconds(limbs) < 0.02 || mpz_popcount(x) == 1 ||
        (mpz_sgn(x) < 0 && mpz_scan1(x, 0) + 1 == mpz_sizeinbase(x, 2))) {
        mpz_pow_ui(r, x, (unsigned long)e);
        return 0;
    }
    mpz_set(r, x);
    for (int bit = 62 - __builtin_clzll(e); bit >= 0; bit--) {
        if (ev_time_afford(I, ev_big_mul_seconds((double)mpz_size(r))))
            return -1;
        mpz_mul(r, r, r);
        if ((e >> bit) & 1)
            mpz_mul(r, r, x);
    }
    return 0;
}

/* r = b ** e % m (e >= 0), GMP's mpz_powm cut into pieces of the exponent
 * that each fit a clock check: r = r ** (2 ** k) * b ** piece, k bits at a
 * time from the top, when the whole would take long. */
int ev_big_powm(ev_interp *I, mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m)
{
    double ebits = (double)mpz_sizeinbase(e, 2);
    double step = 3 * ev_big_mul_seconds((double)mpz_size(m)); /* one squaring and reduction */
    if (ebits * step < 0.05) {
        mpz_powm(r, b, e, m);
        return 0;
    }
    /* pieces of whole limbs, about 20 ms each by the estimate */
    size_t n = mpz_size(e), k = (size_t)(0.02 / (step * GMP_NUMB_BITS));
    if (k < 1)
        k = 1;
    const mp_limb_t *limbs = mpz_limbs_read(e);
    mpz_t shift, piece, t;
    mpz_inits(shift, t, NULL);
    mpz_set_ui(r, 1);
    mpz_mod(r, r, m);
    int rc = 0;
    size_t top = n;
    while (top > 0) {
        size_t lo = top > k ? top - k : 0;
        if (ev_time_afford(I, 2 * (double)(top - lo) * GMP_NUMB_BITS * step)) {
            rc = -1;
            break;
        }
        mpz_roinit_n(piece, limbs + lo, (mp_size_t)(top - lo));
        if (top != n) {
            mpz_set_ui(shift, 0);
            mpz_setbit(shift, (mp_bitcnt_t)(top - lo) * GMP_NUMB_BITS);
            mpz_powm(r, r, shift, m);
        }
        mpz_powm(t, b, piece, m);
        mpz_mul(r, r, t);
        mpz_mod(r, r, m);
        top = lo;
    }
    mpz_clears(shift, t, NULL);
    return rc;
}
