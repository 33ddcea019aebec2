/*
 * bigrange.c - range() whose bounds do not fit in 64 bits.
 *
 * Ranges of machine-size ints (ev_range) cover nearly every program; this
 * is the rare rest, with GMP bounds, so range(2**64, 2**64 + 3) iterates and
 * len(range(2**64)) raises OverflowError exactly as in CPython.
 */
#include <string.h>

#include "evaluator/ev.h"

typedef struct ev_bigrange {
    ev_obj h;
    mpz_t start, stop, step, len;
} ev_bigrange;

static ev_bigrange *br(ev_value v) { return (ev_bigrange *)v.u.o; }

ev_value ev_bigrange_new(ev_interp *I, ev_value start, ev_value stop, ev_value step)
{
    ev_bigrange *r = ev_alloc(I, sizeof *r);
    if (!r)
        return ev_raise_nomem(I);
    r->h.refcnt = 1;
    r->h.kind = EV_O_BIGRANGE;
    r->h.flags = 0;
    mpz_inits(r->start, r->stop, r->step, r->len, NULL);
    ev_int_to_mpz(start, r->start);
    ev_int_to_mpz(stop, r->stop);
    ev_int_to_mpz(step, r->step);
    /* len = max(0, (stop - start + step - sign(step)) // step) */
    mpz_sub(r->len, r->stop, r->start);
    int s = mpz_sgn(r->step);
    if (s > 0)
        mpz_add(r->len, r->len, r->step), mpz_sub_ui(r->len, r->len, 1);
    else
        mpz_add(r->len, r->len, r->step), mpz_add_ui(r->len, r->len, 1);
    mpz_fdiv_q(r->len, r->len, r->step);
    if (mpz_sgn(r->len) < 0)
        mpz_set_ui(r->len, 0);
    return ev_obj_val(&r->h);
}

void ev_bigrange_free(ev_interp *I, ev_obj *o)
{
    (void)I;
    ev_bigrange *r = (ev_bigrange *)o;
    mpz_clears(r->start, r->stop, r->step, r->len, NULL);
}

int ev_bigrange_len(ev_interp *I, ev_value v, int64_t *out)
{
    if (!mpz_fits_slong_p(br(v)->len)) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
        return -1;
    }
    *out = mpz_get_si(br(v)->len);
    return 0;
}

/* 0 start, 1 stop, 2 step, 3 len (objects/range.c) */
ev_value ev_bigrange_field(ev_interp *I, ev_value v, int which)
{
    ev_bigrange *r = br(v);
    return ev_int_from_mpz(I, which == 0 ? r->start : which == 1 ? r->stop : which == 2 ? r->step : r->len);
}

bool ev_bigrange_truth(ev_value v)
{
    return mpz_sgn(br(v)->len) != 0;
}

/* start + i * step */
static ev_value item_at(ev_interp *I, ev_bigrange *r, const mpz_t i)
{
    mpz_t x;
    mpz_init(x);
    mpz_mul(x, i, r->step);
    mpz_add(x, x, r->start);
    ev_value v = ev_int_from_mpz(I, x);
    mpz_clear(x);
    return v;
}

ev_value ev_bigrange_item(ev_interp *I, ev_value v, int64_t i)
{
    mpz_t k;
    mpz_init_set_si(k, i);
    ev_value r = item_at(I, br(v), k);
    mpz_clear(k);
    return r;
}

ev_value ev_bigrange_getitem(ev_interp *I, ev_value v, ev_value key)
{
    ev_bigrange *r = br(v);
    if (ev_is_slice(key))
        return ev_raise(I, &ev_type_NotImplementedError,
                        "slicing a range with bounds beyond 64 bits is not supported by safepy yet");
    if (!ev_is_int(key))
        return ev_raise(I, &ev_type_TypeError, "range indices must be integers or slices, not %s",
                        ev_type_name(key));
    mpz_t i;
    mpz_init(i);
    ev_int_to_mpz(key.tag == EV_T_BOOL ? ev_int(key.u.i) : key, i);
    if (mpz_sgn(i) < 0)
        mpz_add(i, i, r->len);
    ev_value res;
    if (mpz_sgn(i) < 0 || mpz_cmp(i, r->len) >= 0)
        res = ev_raise(I, &ev_type_IndexError, "range object index out of range");
    else
        res = item_at(I, r, i);
    mpz_clear(i);
    return res;
}

int ev_bigrange_contains(ev_interp *I, ev_value v, ev_value x)
{
    (void)I;
    if (!ev_is_int(x))
        return -2; /* not an int: the caller compares item by item */
    ev_bigrange *r = br(v);
    mpz_t z, d;
    mpz_inits(z, d, NULL);
    ev_int_to_mpz(x.tag == EV_T_BOOL ? ev_int(x.u.i) : x, z);
    int in;
    if (mpz_sgn(r->step) > 0)
        in = mpz_cmp(z, r->start) >= 0 && mpz_cmp(z, r->stop) < 0;
    else
        in = mpz_cmp(z, r->start) <= 0 && mpz_cmp(z, r->stop) > 0;
    if (in) {
        mpz_sub(d, z, r->start);
        in = mpz_divisible_p(d, r->step) != 0;
    }
    mpz_clears(z, d, NULL);
    return in;
}

ev_value ev_bigrange_repr(ev_interp *I, ev_value v)
{
    ev_bigrange *r = br(v);
    ev_value parts[3] = {ev_int_from_mpz(I, r->start), ev_int_from_mpz(I, r->stop),
                         ev_int_from_mpz(I, r->step)};
    ev_buf b = {0};
    int rc = 0;
    for (int i = 0; i < 3; i++)
        if (EV_IS_ERR(parts[i]))
            rc = -1;
    bool step1 = mpz_cmp_ui(r->step, 1) == 0;
    if (rc == 0)
        rc = ev_buf_puts(I, &b, "range(") || ev_buf_repr(I, &b, parts[0]) ||
             ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, parts[1]);
    if (rc == 0 && !step1)
        rc = ev_buf_puts(I, &b, ", ") || ev_buf_repr(I, &b, parts[2]);
    if (rc == 0)
        rc = ev_buf_puts(I, &b, ")");
    for (int i = 0; i < 3; i++)
        if (!EV_IS_ERR(parts[i]))
            ev_decref(I, parts[i]);
    if (rc) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* The iterator walks indexes; a range longer than 2**63 cannot be
 * exhausted within any time limit anyway. */
int ev_bigrange_next(ev_interp *I, ev_value v, int64_t *pos, ev_value *out)
{
    ev_bigrange *r = br(v);
    if (mpz_fits_slong_p(r->len) && *pos >= mpz_get_si(r->len))
        return 0;
    *out = ev_bigrange_item(I, v, (*pos)++);
    return EV_IS_ERR(*out) ? -1 : 1;
}

ev_value ev_bigrange_reversed(ev_interp *I, ev_value v)
{
    ev_bigrange *r = br(v);
    mpz_t a, b, s, one;
    mpz_inits(a, b, s, one, NULL);
    /* range(start + (len-1)*step, start - step, -step) */
    mpz_sub_ui(one, r->len, 1);
    mpz_mul(a, one, r->step);
    mpz_add(a, a, r->start);
    mpz_sub(b, r->start, r->step);
    mpz_neg(s, r->step);
    ev_value va = ev_int_from_mpz(I, a), vb = ev_int_from_mpz(I, b), vs = ev_int_from_mpz(I, s);
    ev_value res = EV_ERR;
    if (!EV_IS_ERR(va) && !EV_IS_ERR(vb) && !EV_IS_ERR(vs)) {
        res = ev_bigrange_new(I, va, vb, vs);
        if (!EV_IS_ERR(res) && mpz_sgn(r->len) == 0)
            mpz_set_ui(br(res)->len, 0);
    }
    ev_decref(I, va);
    ev_decref(I, vb);
    ev_decref(I, vs);
    mpz_clears(a, b, s, one, NULL);
    return res;
}

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

const ev_kind_ops ev_bigrange_ops = {
    .name = "bigrange",
    .free = ev_bigrange_free,
    .repr = ev_bigrange_repr,
    .truth = ev_bigrange_truth,
    .hash = ev_range_hash,
};
