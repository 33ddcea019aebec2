/*
 * enum_flag.c - enum.Flag and what IntFlag inherits from it, CPython 3.11
 * behaviour (Lib/enum.py's Flag): the operators |, &, ^ and ~ with their
 * reflected forms, membership, iteration over the canonical members a value
 * holds, _missing_ with the four boundaries (STRICT, CONFORM, EJECT, KEEP)
 * making the composite pseudo-members (<Perm.R|W: 6>), the power-of-two
 * _generate_next_value_, and the class's _flag_mask_ once its members exist.
 *
 * Values are Python ints of any size: every bit operation goes through the
 * int protocol (ev_binary), never a C word.
 */
#include <string.h>

#include "evaluator/modules/enum_int.h"

/* ---- int helpers ---------------------------------------------------------------------------- */

static ev_value bop(ev_interp *I, ev_binop op, ev_value a, ev_value b)
{
    return ev_binary(I, op, a, b);
}

/* v.name() */
static ev_value call0(ev_interp *I, ev_value v, const char *name)
{
    ev_value f = ev_enum_getattr(I, v, name);
    if (EV_IS_ERR(f))
        return f;
    ev_value r = ev_call(I, f, 0, NULL, 0, NULL, NULL);
    ev_decref(I, f);
    return r;
}

static ev_value invert(ev_interp *I, ev_value v)
{
    ev_value m1 = bop(I, EV_OP_SUB, ev_int(-1), v); /* ~v == -1 - v */
    return m1;
}

/* a OP b for ints as a C truth: 1, 0, -1 */
static int cmp(ev_interp *I, ev_value a, ev_value b, int op)
{
    return ev_compare(I, a, b, op);
}

int ev_enum_single_bit(ev_interp *I, ev_value num)
{
    int z = cmp(I, num, ev_int(0), 2);
    if (z)
        return z < 0 ? -1 : 0;
    ev_value m = bop(I, EV_OP_SUB, num, ev_int(1));
    ev_value a = EV_IS_ERR(m) ? m : bop(I, EV_OP_AND, num, m);
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
    if (EV_IS_ERR(a))
        return -1;
    int r = cmp(I, a, ev_int(0), 2);
    ev_decref(I, a);
    return r;
}

/* enum.bin(num, max_bits): two's complement digits after a sign bit ('0b0 1010') */
static int buf_bin(ev_interp *I, ev_buf *b, ev_value num, ev_value max_bits)
{
    ev_value bl = call0(I, num, "bit_length");
    ev_value ceil = EV_IS_ERR(bl) ? bl : bop(I, EV_OP_POW, ev_int(2), bl);
    if (!EV_IS_ERR(bl))
        ev_decref(I, bl);
    if (EV_IS_ERR(ceil))
        return -1;
    int neg = cmp(I, num, ev_int(0), 0);
    ev_value x;
    if (neg == 0)
        x = bop(I, EV_OP_ADD, num, ceil);
    else {
        ev_value c2 = bop(I, EV_OP_ADD, ceil, ceil);
        ev_value c3 = EV_IS_ERR(c2) ? c2 : bop(I, EV_OP_SUB, c2, ev_int(1));
        ev_value inv = EV_IS_ERR(c3) ? c3 : invert(I, num);
        x = EV_IS_ERR(inv) ? inv : bop(I, EV_OP_XOR, inv, c3);
        if (!EV_IS_ERR(c2))
            ev_decref(I, c2);
        if (!EV_IS_ERR(c3))
            ev_decref(I, c3);
        if (!EV_IS_ERR(inv))
            ev_decref(I, inv);
    }
    ev_decref(I, ceil);
    if (neg < 0 || EV_IS_ERR(x))
        return -1;
    ev_str *spec = ev_intern(I, "b", 1);
    ev_value digits = spec ? ev_str_format_spec(I, x, spec) : EV_ERR;
    ev_decref(I, x);
    if (EV_IS_ERR(digits))
        return -1;
    /* the leading digit is the sign: '1' of num + ceiling is shown as 0 */
    const char *d = ev_as_str(digits)->data;
    size_t n = ev_as_str(digits)->len;
    char sign = neg ? d[0] : '0';
    const char *rest = d + 1;
    size_t rn = n - 1;
    int r = ev_buf_printf(I, b, "0b%c ", sign);
    if (!r && max_bits.tag == EV_T_INT && (int64_t)rn < max_bits.u.i)
        for (int64_t i = 0; !r && i < max_bits.u.i - (int64_t)rn; i++)
            r = ev_buf_put(I, b, &sign, 1);
    if (!r)
        r = ev_buf_put(I, b, rest, rn);
    ev_decref(I, digits);
    return r;
}

static void raise_buf(ev_interp *I, ev_type *t, ev_buf *b, int failed)
{
    if (failed) {
        ev_buf_free(I, b);
        return;
    }
    ev_value s = ev_buf_to_str(I, b);
    if (EV_IS_ERR(s))
        return;
    ev_raise(I, t, "%s", ev_as_str(s)->data);
    ev_decref(I, s);
}

static bool boundary_is(ev_interp *I, ev_type *t, const char *which)
{
    return ev_enum_boundary_is(I, t, which);
}

/* ---- iteration over the members a value holds ------------------------------------------ */

/* [cls._value2member_map_.get(bit) for each bit of value & _flag_mask_, lowest first] */
static ev_value by_value(ev_interp *I, ev_value cls, ev_value value)
{
    ev_type *t = (ev_type *)cls.u.o;
    ev_value *fm = ev_enum_state(I, t, "_flag_mask_");
    if (!fm)
        return ev_raise(I, &ev_type_AttributeError, "type object '%s' has no attribute '_flag_mask_'", t->name);
    ev_value mask = ev_dup(*fm); /* an operand's __and__ may rebind it */
    ev_value num = bop(I, EV_OP_AND, value, mask);
    ev_decref(I, mask);
    if (EV_IS_ERR(num))
        return num;
    int neg = cmp(I, num, ev_int(0), 0);
    if (neg) {
        if (neg > 0) {
            ev_buf b = {0};
            raise_buf(I, &ev_type_ValueError, &b, ev_buf_repr(I, &b, num) || ev_buf_puts(I, &b, " is not a positive integer"));
        }
        ev_decref(I, num);
        return EV_ERR;
    }
    ev_value out = ev_list_new(I, 0);
    while (!EV_IS_ERR(out)) {
        int nz = cmp(I, num, ev_int(0), 3);
        if (nz <= 0) {
            if (nz < 0) {
                ev_decref(I, out);
                out = EV_ERR;
            }
            break;
        }
        ev_value neg1 = bop(I, EV_OP_SUB, ev_int(0), num); /* ~num + 1 */
        ev_value bit = EV_IS_ERR(neg1) ? neg1 : bop(I, EV_OP_AND, num, neg1);
        if (!EV_IS_ERR(neg1))
            ev_decref(I, neg1);
        ev_value rest = EV_IS_ERR(bit) ? bit : bop(I, EV_OP_XOR, num, bit);
        ev_value *v2m = ev_enum_state(I, t, "_value2member_map_");
        ev_value m = EV_NONE;
        int g = 0;
        if (!EV_IS_ERR(rest) && v2m && ev_is(*v2m, EV_O_DICT)) {
            ev_value d = ev_dup(*v2m);
            g = ev_dict_get(I, ev_as_dict(d), bit, &m);
            ev_decref(I, d);
        }
        if (!EV_IS_ERR(bit))
            ev_decref(I, bit);
        ev_decref(I, num);
        num = rest;
        if (EV_IS_ERR(rest) || g < 0 || ev_list_append(I, ev_as_list(out), g == 1 ? m : EV_NONE)) {
            if (g == 1)
                ev_decref(I, m);
            ev_decref(I, out);
            out = EV_ERR;
            break;
        }
        if (g == 1)
            ev_decref(I, m);
    }
    if (!EV_IS_ERR(num))
        ev_decref(I, num);
    return out;
}

static ev_value iter_by_value(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    return by_value(I, argv[0], argv[1]);
}

/* the members by value, then in definition order (_sort_order_) */
static ev_value iter_by_def(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    ev_value l = by_value(I, argv[0], argv[1]);
    if (EV_IS_ERR(l))
        return l;
    ev_list *lp = ev_as_list(l);
    /* insertion sort by _sort_order_: a member list is short (one per bit) */
    for (size_t i = 1; i < lp->len; i++) {
        for (size_t j = i; j > 0; j--) {
            ev_value a = ev_enum_getattr(I, lp->items[j - 1], "_sort_order_");
            ev_value b = EV_IS_ERR(a) ? a : ev_enum_getattr(I, lp->items[j], "_sort_order_");
            int gt = EV_IS_ERR(b) ? -1 : cmp(I, a, b, 4);
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (!EV_IS_ERR(b))
                ev_decref(I, b);
            if (gt < 0) {
                ev_decref(I, l);
                return EV_ERR;
            }
            if (!gt || j >= lp->len)
                break;
            ev_value x = lp->items[j - 1];
            lp->items[j - 1] = lp->items[j];
            lp->items[j] = x;
        }
    }
    return l;
}

static const ev_builtin_def iter_by_value_def = {"_iter_member_by_value_", iter_by_value, 2, 2, 0};
static const ev_builtin_def iter_by_def_def = {"_iter_member_by_def_", iter_by_def, 2, 2, 0};

/* cls._iter_member_(value) as a list */
static ev_value iter_member(ev_interp *I, ev_value cls, ev_value value)
{
    ev_value f = ev_enum_getattr(I, cls, "_iter_member_");
    if (EV_IS_ERR(f))
        return f;
    ev_value it = ev_call(I, f, 1, &value, 0, NULL, NULL);
    ev_decref(I, f);
    if (EV_IS_ERR(it))
        return it;
    ev_value l = ev_list_from_iterable(I, it); /* a list of ours, even when an override returned one */
    ev_decref(I, it);
    return l;
}

/* ---- _missing_ and _generate_next_value_ --------------------------------------------------- */

/* The pseudo-member's _name_: its canonical members (those of member_value,
 * then with aliases the other members whose bits it holds), joined by |;
 * the bits no member names follow as a number, or raise under STRICT. */
static int name_pseudo(ev_interp *I, ev_value cls, ev_value pseudo, ev_value value, ev_value member_value,
                       int has_aliases)
{
    ev_type *t = (ev_type *)cls.u.o;
    ev_value members = iter_member(I, cls, member_value), combined = ev_int(0), all = EV_ERR, unknown = EV_ERR;
    int rc = -1;
    if (EV_IS_ERR(members))
        return -1;
    for (size_t i = 0; i < ev_as_list(members)->len; i++) {
        ev_value mv = ev_enum_getattr(I, ev_as_list(members)->items[i], "_value_");
        ev_value c = EV_IS_ERR(mv) ? mv : bop(I, EV_OP_OR, combined, mv);
        if (!EV_IS_ERR(mv))
            ev_decref(I, mv);
        if (EV_IS_ERR(c))
            goto out;
        ev_decref(I, combined);
        combined = c;
    }
    if (has_aliases) {
        ev_value mm = ev_enum_getattr(I, cls, "_member_map_");
        ev_value vf = EV_IS_ERR(mm) ? mm : ev_enum_getattr(I, mm, "values");
        if (!EV_IS_ERR(mm))
            ev_decref(I, mm);
        ev_value it = EV_IS_ERR(vf) ? vf : ev_call(I, vf, 0, NULL, 0, NULL, NULL);
        if (!EV_IS_ERR(vf))
            ev_decref(I, vf);
        all = EV_IS_ERR(it) ? it : ev_list_from_iterable(I, it);
        if (!EV_IS_ERR(it))
            ev_decref(I, it);
        if (EV_IS_ERR(all))
            goto out;
        for (size_t i = 0; i < ev_as_list(all)->len; i++) {
            ev_value pm = ev_as_list(all)->items[i];
            int in = ev_contains(I, members, pm);
            if (in < 0)
                goto out;
            if (in)
                continue;
            ev_value pv = ev_enum_getattr(I, pm, "_value_");
            if (EV_IS_ERR(pv))
                goto out;
            int nz = ev_truth(I, pv);
            ev_value a = nz > 0 ? bop(I, EV_OP_AND, pv, value) : EV_NONE;
            int eq = nz <= 0 ? nz : EV_IS_ERR(a) ? -1 : cmp(I, a, pv, 2);
            if (!EV_IS_ERR(a))
                ev_decref(I, a);
            if (eq > 0) {
                ev_value c = ev_list_append(I, ev_as_list(members), pm) ? EV_ERR : bop(I, EV_OP_OR, combined, pv);
                if (EV_IS_ERR(c))
                    eq = -1;
                else {
                    ev_decref(I, combined);
                    combined = c;
                }
            }
            ev_decref(I, pv);
            if (eq < 0)
                goto out;
        }
    }
    unknown = bop(I, EV_OP_XOR, value, combined);
    if (EV_IS_ERR(unknown))
        goto out;
    ev_buf b = {0};
    int r = 0;
    for (size_t i = 0; !r && i < ev_as_list(members)->len; i++) {
        ev_value nm = ev_enum_getattr(I, ev_as_list(members)->items[i], "_name_");
        if (EV_IS_ERR(nm)) {
            r = -1;
            break;
        }
        if (!ev_is(nm, EV_O_STR)) {
            ev_raise(I, &ev_type_TypeError, "sequence item %zu: expected str instance, %s found", i, ev_type_name(nm));
            r = -1;
        } else
            r = (i && ev_buf_puts(I, &b, "|")) || ev_buf_put(I, &b, ev_as_str(nm)->data, ev_as_str(nm)->len);
        ev_decref(I, nm);
    }
    int has_comb = r ? -1 : cmp(I, combined, ev_int(0), 3);
    int has_unknown = has_comb < 0 ? -1 : cmp(I, unknown, ev_int(0), 3);
    if (has_unknown < 0) {
        ev_buf_free(I, &b);
        goto out;
    }
    if (!has_comb) {
        ev_buf_free(I, &b);
        rc = ev_enum_setattr(I, pseudo, "_name_", EV_NONE);
        goto out;
    }
    if (has_unknown && boundary_is(I, t, "strict")) {
        ev_buf_free(I, &b);
        ev_buf m = {0};
        raise_buf(I, &ev_type_ValueError, &m,
                  ev_buf_repr(I, &m, cls) || ev_buf_puts(I, &m, ": no members with value ") ||
                      ev_buf_repr(I, &m, unknown));
        goto out;
    }
    if (has_unknown) {
        ev_value nr = ev_enum_getattr(I, cls, "_numeric_repr_");
        ev_value s = EV_IS_ERR(nr) ? nr : ev_call(I, nr, 1, &unknown, 0, NULL, NULL);
        if (!EV_IS_ERR(nr))
            ev_decref(I, nr);
        ev_value ss = EV_IS_ERR(s) ? s : ev_to_str(I, s);
        if (!EV_IS_ERR(s))
            ev_decref(I, s);
        r = EV_IS_ERR(ss) || ev_buf_puts(I, &b, "|") || ev_buf_put(I, &b, ev_as_str(ss)->data, ev_as_str(ss)->len);
        if (!EV_IS_ERR(ss))
            ev_decref(I, ss);
        if (r) {
            ev_buf_free(I, &b);
            goto out;
        }
    }
    ev_value name = ev_buf_to_str(I, &b);
    if (EV_IS_ERR(name))
        goto out;
    rc = ev_enum_setattr(I, pseudo, "_name_", name);
    ev_decref(I, name);
out:
    ev_decref(I, members);
    ev_decref(I, combined);
    if (!EV_IS_ERR(all))
        ev_decref(I, all);
    if (!EV_IS_ERR(unknown))
        ev_decref(I, unknown);
    return rc;
}

static ev_value flag_missing_body(ev_interp *I, ev_value cls, ev_value value)
{
    ev_type *t = (ev_type *)cls.u.o;
    if (!ev_is_int(value)) {
        ev_value qn = ev_enum_getattr(I, cls, "__qualname__");
        if (EV_IS_ERR(qn))
            return qn;
        ev_buf b = {0};
        raise_buf(I, &ev_type_ValueError, &b,
                  ev_buf_repr(I, &b, value) || ev_buf_puts(I, &b, " is not a valid ") ||
                      (ev_is(qn, EV_O_STR) ? ev_buf_puts(I, &b, ev_as_str(qn)->data) : ev_buf_repr(I, &b, qn)));
        ev_decref(I, qn);
        return EV_ERR;
    }
    ev_value flag_mask = ev_enum_getattr(I, cls, "_flag_mask_");
    ev_value all_bits = EV_IS_ERR(flag_mask) ? flag_mask : ev_enum_getattr(I, cls, "_all_bits_");
    if (EV_IS_ERR(all_bits)) {
        if (!EV_IS_ERR(flag_mask))
            ev_decref(I, flag_mask);
        return EV_ERR;
    }
    ev_value v = ev_dup(value), neg_value = EV_NONE, result = EV_ERR, pseudo = EV_ERR, unknown = EV_ERR,
             member_value = EV_ERR, tmp = EV_ERR, singles = EV_ERR, aliases = EV_ERR;
    /* out of range: not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask) */
    ev_value inv = invert(I, all_bits);
    if (EV_IS_ERR(inv))
        goto out;
    int lo = cmp(I, inv, v, 1);
    ev_decref(I, inv);
    int hi = lo < 0 ? -1 : cmp(I, v, all_bits, 1);
    if (hi < 0)
        goto out;
    tmp = bop(I, EV_OP_XOR, all_bits, flag_mask);
    ev_value extra = EV_IS_ERR(tmp) ? tmp : bop(I, EV_OP_AND, v, tmp);
    if (EV_IS_ERR(extra))
        goto out;
    int has_extra = cmp(I, extra, ev_int(0), 3);
    ev_decref(I, extra);
    if (has_extra < 0)
        goto out;
    if (!lo || !hi || has_extra) {
        if (boundary_is(I, t, "strict")) {
            ev_value b1 = call0(I, v, "bit_length");
            ev_value b2 = EV_IS_ERR(b1) ? b1 : call0(I, flag_mask, "bit_length");
            if (EV_IS_ERR(b2)) {
                if (!EV_IS_ERR(b1))
                    ev_decref(I, b1);
                goto out;
            }
            int g = cmp(I, b1, b2, 4);
            ev_value maxb = g > 0 ? b1 : b2;
            ev_buf b = {0};
            raise_buf(I, &ev_type_ValueError, &b,
                      g < 0 || ev_buf_repr(I, &b, cls) || ev_buf_puts(I, &b, " invalid value ") ||
                          ev_buf_repr(I, &b, v) || ev_buf_puts(I, &b, "\n    given ") || buf_bin(I, &b, v, maxb) ||
                          ev_buf_puts(I, &b, "\n  allowed ") || buf_bin(I, &b, flag_mask, maxb));
            ev_decref(I, b1);
            ev_decref(I, b2);
            goto out;
        } else if (boundary_is(I, t, "conform")) {
            ev_value nv = bop(I, EV_OP_AND, v, flag_mask);
            if (EV_IS_ERR(nv))
                goto out;
            ev_decref(I, v);
            v = nv;
        } else if (boundary_is(I, t, "eject")) {
            result = ev_dup(v);
            goto out;
        } else if (boundary_is(I, t, "keep")) {
            int n = cmp(I, v, ev_int(0), 0);
            if (n < 0)
                goto out;
            if (n) {
                ev_value a1 = bop(I, EV_OP_ADD, all_bits, ev_int(1));
                ev_value bl = EV_IS_ERR(a1) ? a1 : call0(I, v, "bit_length");
                ev_value p = EV_IS_ERR(bl) ? bl : bop(I, EV_OP_POW, ev_int(2), bl);
                int g = EV_IS_ERR(p) ? -1 : cmp(I, a1, p, 4);
                ev_value nv = g < 0 ? EV_ERR : bop(I, EV_OP_ADD, g ? a1 : p, v);
                if (!EV_IS_ERR(a1))
                    ev_decref(I, a1);
                if (!EV_IS_ERR(bl))
                    ev_decref(I, bl);
                if (!EV_IS_ERR(p))
                    ev_decref(I, p);
                if (EV_IS_ERR(nv))
                    goto out;
                ev_decref(I, v);
                v = nv;
            }
        } else {
            ev_value *bd = ev_enum_state(I, t, "_boundary_");
            ev_buf b = {0};
            raise_buf(I, &ev_type_ValueError, &b,
                      ev_buf_repr(I, &b, cls) || ev_buf_puts(I, &b, " unknown flag boundary ") ||
                          ev_buf_repr(I, &b, bd ? *bd : EV_NONE));
            goto out;
        }
    }
    int n = cmp(I, v, ev_int(0), 0);
    if (n < 0)
        goto out;
    if (n) {
        neg_value = v;
        ev_value a1 = bop(I, EV_OP_ADD, all_bits, ev_int(1));
        v = EV_IS_ERR(a1) ? a1 : bop(I, EV_OP_ADD, a1, neg_value);
        if (!EV_IS_ERR(a1))
            ev_decref(I, a1);
        if (EV_IS_ERR(v))
            goto out;
    }
    ev_value ifm = invert(I, flag_mask);
    unknown = EV_IS_ERR(ifm) ? ifm : bop(I, EV_OP_AND, v, ifm);
    if (!EV_IS_ERR(ifm))
        ev_decref(I, ifm);
    singles = EV_IS_ERR(unknown) ? unknown : ev_enum_getattr(I, cls, "_singles_mask_");
    ev_value ism = EV_IS_ERR(singles) ? singles : invert(I, singles);
    aliases = EV_IS_ERR(ism) ? ism : bop(I, EV_OP_AND, v, ism);
    if (!EV_IS_ERR(ism))
        ev_decref(I, ism);
    member_value = EV_IS_ERR(aliases) ? aliases : bop(I, EV_OP_AND, v, singles);
    if (EV_IS_ERR(member_value))
        goto out;
    int has_unknown = cmp(I, unknown, ev_int(0), 3);
    if (has_unknown < 0)
        goto out;
    if (has_unknown && !boundary_is(I, t, "keep")) {
        ev_buf b = {0};
        raise_buf(I, &ev_type_ValueError, &b,
                  ev_buf_printf(I, &b, "%s(", t->name) || ev_buf_repr(I, &b, v) ||
                      ev_buf_puts(I, &b, ") -->  unknown values ") || ev_buf_repr(I, &b, unknown) ||
                      ev_buf_puts(I, &b, " [") || buf_bin(I, &b, unknown, EV_NONE) || ev_buf_puts(I, &b, "]"));
        goto out;
    }
    /* the pseudo-member */
    ev_value mt = ev_enum_getattr(I, cls, "_member_type_");
    if (EV_IS_ERR(mt))
        goto out;
    bool plain = ev_is(mt, EV_O_TYPE) && (ev_type *)mt.u.o == &ev_type_object;
    ev_value nf = ev_enum_getattr(I, plain ? ev_obj_val(&ev_type_object.h) : mt, "__new__");
    ev_decref(I, mt);
    ev_value na[2] = {cls, v};
    pseudo = EV_IS_ERR(nf) ? nf : ev_call(I, nf, plain ? 1 : 2, na, 0, NULL, NULL);
    if (!EV_IS_ERR(nf))
        ev_decref(I, nf);
    if (EV_IS_ERR(pseudo))
        goto out;
    ev_value hv = ev_enum_getattr(I, pseudo, "_value_");
    if (EV_IS_ERR(hv)) {
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_AttributeError))
            goto out;
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        if (ev_enum_setattr(I, pseudo, "_value_", v))
            goto out;
    } else
        ev_decref(I, hv);
    int has_members = cmp(I, member_value, ev_int(0), 3);
    int has_aliases = has_members < 0 ? -1 : cmp(I, aliases, ev_int(0), 3);
    if (has_aliases < 0)
        goto out;
    if (has_members || has_aliases) {
        if (name_pseudo(I, cls, pseudo, v, member_value, has_aliases))
            goto out;
    } else if (ev_enum_setattr(I, pseudo, "_name_", EV_NONE))
        goto out;
    /* _value2member_map_.setdefault(value, pseudo_member) */
    ev_value *v2p = ev_enum_state(I, t, "_value2member_map_");
    if (v2p && ev_is(*v2p, EV_O_DICT)) {
        ev_value d = ev_dup(*v2p), old;
        int g = ev_dict_get(I, ev_as_dict(d), v, &old);
        if (g == 1) {
            ev_decref(I, pseudo);
            pseudo = old;
        } else if (g < 0 || ev_dict_set(I, ev_as_dict(d), v, pseudo)) {
            ev_decref(I, d);
            goto out;
        }
        if (neg_value.tag != EV_T_NONE && ev_dict_set(I, ev_as_dict(d), neg_value, pseudo)) {
            ev_decref(I, d);
            goto out;
        }
        ev_decref(I, d);
    }
    result = pseudo;
    pseudo = EV_ERR;
out:
    ev_decref(I, flag_mask);
    ev_decref(I, all_bits);
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
    ev_decref(I, neg_value);
    if (!EV_IS_ERR(pseudo))
        ev_decref(I, pseudo);
    if (!EV_IS_ERR(unknown))
        ev_decref(I, unknown);
    if (!EV_IS_ERR(member_value))
        ev_decref(I, member_value);
    if (!EV_IS_ERR(tmp))
        ev_decref(I, tmp);
    if (!EV_IS_ERR(singles))
        ev_decref(I, singles);
    if (!EV_IS_ERR(aliases))
        ev_decref(I, aliases);
    return result;
}

static ev_value flag_missing(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    if (!ev_is(argv[0], EV_O_TYPE))
        return ev_raise(I, &ev_type_TypeError, "_missing_() needs the class");
    if (ev_recursion_enter(I, ""))
        return EV_ERR;
    ev_value r = flag_missing_body(I, argv[0], argv[1]);
    ev_recursion_leave(I);
    return r;
}

/* Flag._generate_next_value_(name, start, count, last_values) */
static ev_value flag_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    if (argc != 4)
        return ev_raise(I, &ev_type_TypeError, "_generate_next_value_() takes 4 positional arguments but %d were given",
                        argc);
    int c = ev_truth(I, argv[2]);
    if (c <= 0)
        return c < 0 ? EV_ERR : argv[1].tag == EV_T_NONE ? ev_int(1) : ev_dup(argv[1]);
    ev_value l = ev_list_from_iterable(I, argv[3]);
    if (EV_IS_ERR(l))
        return l;
    if (ev_as_list(l)->len == 0) {
        ev_decref(I, l);
        return ev_raise(I, &ev_type_ValueError, "max() arg is an empty sequence");
    }
    ev_value last = ev_as_list(l)->items[0];
    for (size_t i = 1; i < ev_as_list(l)->len; i++) {
        int g = cmp(I, ev_as_list(l)->items[i], last, 4);
        if (g < 0) {
            ev_decref(I, l);
            return EV_ERR;
        }
        if (g)
            last = ev_as_list(l)->items[i];
    }
    ev_incref(last);
    ev_decref(I, l);
    ev_value bl = call0(I, last, "bit_length");
    if (EV_IS_ERR(bl)) {
        if (I->limit || !ev_is(I->exc, EV_O_EXC) ||
            !ev_type_is_subclass(((ev_exc *)I->exc.u.o)->type, &ev_type_Exception)) {
            ev_decref(I, last);
            return EV_ERR;
        }
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        ev_buf b = {0};
        raise_buf(I, &ev_type_TypeError, &b, ev_buf_puts(I, &b, "invalid flag value ") || ev_buf_repr(I, &b, last));
        ev_decref(I, last);
        return EV_ERR;
    }
    ev_decref(I, last);
    ev_value r = bop(I, EV_OP_POW, ev_int(2), bl);
    ev_decref(I, bl);
    return r;
}

const ev_builtin_def ev_enum_flag_missing_def = {"_missing_", flag_missing, 2, 2, 0};
const ev_builtin_def ev_enum_flag_next_def = {"_generate_next_value_", flag_next, 0, -1, EV_BF_KWANY};

/* ---- the operators and the container protocol ----------------------------------------------- */

/* other as an int for self OP other, or NotImplemented (a new reference) */
static ev_value operand(ev_interp *I, ev_value self, ev_value other)
{
    ev_value cls = ev_obj_val(&ev_type_of(self)->h);
    int inst = ev_isinstance(I, other, cls);
    if (inst < 0)
        return EV_ERR;
    if (inst)
        return ev_enum_getattr(I, other, "_value_");
    ev_value mt = ev_enum_getattr(I, self, "_member_type_");
    if (EV_IS_ERR(mt))
        return mt;
    int ok = ev_is(mt, EV_O_TYPE) && (ev_type *)mt.u.o != &ev_type_object ? ev_isinstance(I, other, mt) : 0;
    ev_decref(I, mt);
    if (ok < 0)
        return EV_ERR;
    return ok ? ev_dup(other) : EV_NOTIMPL;
}

static ev_value binop(ev_interp *I, ev_value self, int argc, const ev_value *argv, ev_binop op)
{
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "expected 1 argument, got %d", argc);
    ev_value o = operand(I, self, argv[0]);
    if (EV_IS_ERR(o) || (o.tag == EV_T_OBJ && o.u.o == EV_NOTIMPL.u.o))
        return o;
    ev_value v = ev_enum_getattr(I, self, "_value_");
    ev_value r = EV_IS_ERR(v) ? v : bop(I, op, v, o);
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
    ev_decref(I, o);
    if (EV_IS_ERR(r))
        return r;
    ev_value cls = ev_obj_val(&ev_type_of(self)->h);
    ev_incref(cls);
    ev_value m = ev_call(I, cls, 1, &r, 0, NULL, NULL);
    ev_decref(I, cls);
    ev_decref(I, r);
    return m;
}

static ev_value flag_or(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return binop(I, self, argc, argv, EV_OP_OR);
}

static ev_value flag_and(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return binop(I, self, argc, argv, EV_OP_AND);
}

static ev_value flag_xor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    return binop(I, self, argc, argv, EV_OP_XOR);
}

static ev_value flag_invert(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value cur = ev_enum_getattr(I, self, "_inverted_");
    if (EV_IS_ERR(cur) || cur.tag != EV_T_NONE)
        return cur;
    ev_type *t = ev_type_of(self);
    ev_value v = ev_enum_getattr(I, self, "_value_"), x;
    if (EV_IS_ERR(v))
        return v;
    if (boundary_is(I, t, "eject") || boundary_is(I, t, "keep"))
        x = invert(I, v);
    else {
        ev_value sm = ev_enum_getattr(I, self, "_singles_mask_");
        ev_value iv = EV_IS_ERR(sm) ? sm : invert(I, v);
        x = EV_IS_ERR(iv) ? iv : bop(I, EV_OP_AND, sm, iv);
        if (!EV_IS_ERR(sm))
            ev_decref(I, sm);
        if (!EV_IS_ERR(iv))
            ev_decref(I, iv);
    }
    ev_decref(I, v);
    if (EV_IS_ERR(x))
        return x;
    ev_value cls = ev_obj_val(&t->h);
    ev_incref(cls);
    ev_value inv = ev_call(I, cls, 1, &x, 0, NULL, NULL);
    ev_decref(I, x);
    ev_decref(I, cls);
    if (EV_IS_ERR(inv) || ev_enum_setattr(I, self, "_inverted_", inv)) {
        if (!EV_IS_ERR(inv))
            ev_decref(I, inv);
        return EV_ERR;
    }
    return inv;
}
static ev_value flag_contains(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)kw;
    if (argc != 1)
        return ev_raise(I, &ev_type_TypeError, "expected 1 argument, got %d", argc);
    ev_value cls = ev_obj_val(&ev_type_of(self)->h);
    int inst = ev_isinstance(I, argv[0], cls);
    if (inst < 0)
        return EV_ERR;
    if (!inst) {
        ev_value a = ev_enum_getattr(I, ev_obj_val(&ev_type_of(argv[0])->h), "__qualname__");
        ev_value b = EV_IS_ERR(a) ? a : ev_enum_getattr(I, cls, "__qualname__");
        ev_buf m = {0};
        if (!EV_IS_ERR(b))
            raise_buf(I, &ev_type_TypeError, &m,
                      ev_buf_puts(I, &m, "unsupported operand type(s) for 'in': ") || ev_buf_repr(I, &m, a) ||
                          ev_buf_puts(I, &m, " and ") || ev_buf_repr(I, &m, b));
        if (!EV_IS_ERR(a))
            ev_decref(I, a);
        if (!EV_IS_ERR(b))
            ev_decref(I, b);
        return EV_ERR;
    }
    ev_value ov = ev_enum_getattr(I, argv[0], "_value_");
    ev_value sv = EV_IS_ERR(ov) ? ov : ev_enum_getattr(I, self, "_value_");
    ev_value a = EV_IS_ERR(sv) ? sv : bop(I, EV_OP_AND, ov, sv);
    int eq = EV_IS_ERR(a) ? -1 : cmp(I, a, ov, 2);
    if (!EV_IS_ERR(ov))
        ev_decref(I, ov);
    if (!EV_IS_ERR(sv))
        ev_decref(I, sv);
    if (!EV_IS_ERR(a))
        ev_decref(I, a);
    return eq < 0 ? EV_ERR : ev_bool(eq);
}

static ev_value flag_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value v = ev_enum_getattr(I, self, "_value_");
    if (EV_IS_ERR(v))
        return v;
    ev_value l = iter_member(I, ev_obj_val(&ev_type_of(self)->h), v);
    ev_decref(I, v);
    if (EV_IS_ERR(l))
        return l;
    ev_value it = ev_iter(I, l);
    ev_decref(I, l);
    return it;
}

static ev_value flag_len(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value v = ev_enum_getattr(I, self, "_value_");
    if (EV_IS_ERR(v))
        return v;
    ev_value r = call0(I, v, "bit_count");
    ev_decref(I, v);
    return r;
}

static ev_value flag_bool(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_value v = ev_enum_getattr(I, self, "_value_");
    if (EV_IS_ERR(v))
        return v;
    int t = ev_truth(I, v);
    ev_decref(I, v);
    return t < 0 ? EV_ERR : ev_bool(t);
}

/* [0] is __or__: what marks a class a Flag (ev_enum_is_flag) */
const ev_builtin_def ev_enum_flag_methods[] = {
    {"__or__", flag_or, 0, -1, EV_BF_KWANY},
    {"__and__", flag_and, 0, -1, EV_BF_KWANY},
    {"__xor__", flag_xor, 0, -1, EV_BF_KWANY},
    {"__ror__", flag_or, 0, -1, EV_BF_KWANY},
    {"__rand__", flag_and, 0, -1, EV_BF_KWANY},
    {"__rxor__", flag_xor, 0, -1, EV_BF_KWANY},
    {"__invert__", flag_invert, 0, -1, EV_BF_KWANY},
    {"__contains__", flag_contains, 0, -1, EV_BF_KWANY},
    {"__iter__", flag_iter, 0, -1, EV_BF_KWANY},
    {"__len__", flag_len, 0, -1, EV_BF_KWANY},
    {"__bool__", flag_bool, 0, -1, EV_BF_KWANY},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* ---- the class, once its members exist ------------------------------------------------------ */

int ev_enum_flag_finish(ev_interp *I, ev_value cls)
{
    ev_type *t = (ev_type *)cls.u.o;
    int rc = -1;
    /* the canonical members' values: not ascending means definition order */
    ev_value names = ev_enum_getattr(I, cls, "_member_names_");
    if (EV_IS_ERR(names))
        goto out;
    ev_value vl = ev_list_new(I, 0);
    ev_value nl = EV_IS_ERR(vl) ? vl : ev_list_from_iterable(I, names);
    ev_decref(I, names);
    for (size_t i = 0; !EV_IS_ERR(nl) && i < ev_as_list(nl)->len; i++) {
        ev_value m = ev_getitem(I, cls, ev_as_list(nl)->items[i]);
        ev_value v = EV_IS_ERR(m) ? m : ev_enum_getattr(I, m, "_value_");
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (EV_IS_ERR(v) || ev_list_append(I, ev_as_list(vl), v)) {
            if (!EV_IS_ERR(v))
                ev_decref(I, v);
            ev_decref(I, nl);
            nl = EV_ERR;
            break;
        }
        ev_decref(I, v);
    }
    if (EV_IS_ERR(nl)) {
        if (!EV_IS_ERR(vl))
            ev_decref(I, vl);
        goto out;
    }
    ev_decref(I, nl);
    bool sorted = true;
    for (size_t i = 1; i < ev_as_list(vl)->len && sorted; i++) {
        int lt = cmp(I, ev_as_list(vl)->items[i], ev_as_list(vl)->items[i - 1], 0);
        if (lt < 0) {
            ev_decref(I, vl);
            goto out;
        }
        sorted = !lt;
    }
    ev_decref(I, vl);
    ev_value fn = ev_builtin_new(I, sorted ? &iter_by_value_def : &iter_by_def_def, EV_NONE);
    ev_value cm = EV_IS_ERR(fn) ? fn : ev_call(I, ev_obj_val(&ev_type_classmethod.h), 1, &fn, 0, NULL, NULL);
    if (!EV_IS_ERR(fn))
        ev_decref(I, fn);
    if (EV_IS_ERR(cm))
        goto out;
    ev_str *k = ev_intern(I, "_iter_member_", 13);
    int r = k ? ev_dict_set_str(I, t->dict, k, cm) : -1;
    ev_decref(I, cm);
    if (r)
        goto out;
    I->class_version++;
    rc = 0;
out:
    return rc;
}
