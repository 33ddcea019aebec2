/*
 * datetime_ops.c - the object protocol of the datetime values: repr and
 * str, format(), truth, comparisons (naive/aware rules), hashing consistent
 * with equality, arithmetic (CPython's rounding for timedelta by numbers),
 * attributes and the class attributes min, max, resolution and utc; also
 * the proleptic Gregorian calendar and dt_as_class (what a subclass's
 * operations return).  Reached from object.c, num.c, builtins.c and str.c through the ev_dt_*
 * hooks declared in ev.h.
 */
#include <math.h>
#include <string.h>

#include "evaluator/modules/datetime_int.h"

/* ---- calendar (proleptic Gregorian, as CPython) ------------------------------------------ */

static const int days_in_month_tab[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
static const int days_before_month_tab[13] = {0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334};
const char *const dt_day_names[7] = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
                                     "Saturday", "Sunday"};
const char *const dt_month_names[12] = {"January", "February", "March", "April", "May", "June",
                                        "July", "August", "September", "October", "November",
                                        "December"};

bool dt_is_leap(int y)
{
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

int dt_days_in_month(int y, int m)
{
    return m == 2 && dt_is_leap(y) ? 29 : days_in_month_tab[m];
}

static int64_t days_before_year(int64_t y)
{
    int64_t p = y - 1;
    return p * 365 + p / 4 - p / 100 + p / 400;
}

int64_t dt_ymd_to_ord(int y, int m, int d)
{
    return days_before_year(y) + days_before_month_tab[m] + (m > 2 && dt_is_leap(y)) + d;
}

/* CPython's ord_to_ymd: ord 1 is 0001-01-01. */
void dt_ord_to_ymd(int64_t ord, int *y, int *m, int *d)
{
    int64_t n = ord - 1;
    int64_t n400 = n / 146097;
    n %= 146097;
    int64_t year = n400 * 400 + 1;
    int64_t n100 = n / 36524;
    n %= 36524;
    int64_t n4 = n / 1461;
    n %= 1461;
    int64_t n1 = n / 365;
    n %= 365;
    year += n100 * 100 + n4 * 4 + n1;
    if (n1 == 4 || n100 == 4) {
        *y = (int)year - 1;
        *m = 12;
        *d = 31;
        return;
    }
    bool leap = n1 == 3 && (n4 != 24 || n100 == 3);
    int month = (int)((n + 50) >> 5);
    int preceding = days_before_month_tab[month] + (month > 2 && leap);
    if (preceding > n) {
        month--;
        preceding = days_before_month_tab[month] + (month > 2 && leap);
    }
    *y = (int)year;
    *m = month;
    *d = (int)(n - preceding + 1);
}

int dt_weekday(int y, int m, int d)
{
    return (int)((dt_ymd_to_ord(y, m, d) + 6) % 7);
}

int64_t dt_iso_week1_monday(int y)
{
    int64_t first = dt_ymd_to_ord(y, 1, 1);
    int64_t wd = (first + 6) % 7;
    int64_t monday = first - wd;
    if (wd > 3)
        monday += 7;
    return monday;
}

ev_value dt_as_class(ev_interp *I, ev_value r, ev_type *cls)
{
    if (EV_IS_ERR(r) || !ev_is_heaptype(cls) || !ev_is(r, EV_O_DATETIME))
        return r;
    dt_obj *o = DT(r);
    ev_value args[8];
    int n = 0;
    if (o->sub == DT_DATE || o->sub == DT_DATETIME) {
        args[n++] = ev_int(o->y);
        args[n++] = ev_int(o->mo);
        args[n++] = ev_int(o->d);
    }
    if (o->sub == DT_DATETIME || o->sub == DT_TIME) {
        args[n++] = ev_int(o->hh);
        args[n++] = ev_int(o->mi);
        args[n++] = ev_int(o->ss);
        args[n++] = ev_int(o->us);
        args[n++] = o->ref;
    }
    ev_str *fold = o->fold ? ev_intern(I, "fold", 4) : NULL;
    ev_value one = ev_int(1), res;
    if (o->fold && !fold)
        res = ev_raise_nomem(I);
    else
        res = ev_call(I, ev_obj_val(&cls->h), n, args, fold ? 1 : 0, &fold, &one);
    ev_decref(I, r);
    return res;
}

/* ---- repr and str ---------------------------------------------------------------------------------- */

static int repr_delta(ev_interp *I, ev_buf *b, const dt_obj *o, const char *name)
{
    if (ev_buf_puts(I, b, name) || ev_buf_puts(I, b, "("))
        return -1;
    bool any = false;
    if (o->days && ev_buf_printf(I, b, "days=%d", o->days))
        return -1;
    any = o->days != 0;
    if (o->secs && ev_buf_printf(I, b, "%sseconds=%d", any ? ", " : "", o->secs))
        return -1;
    any = any || o->secs;
    if (o->us && ev_buf_printf(I, b, "%smicroseconds=%d", any ? ", " : "", o->us))
        return -1;
    any = any || o->us;
    return ev_buf_puts(I, b, any ? ")" : "0)");
}

/* ", tzinfo=...)" and ", fold=1)" as the C reprs add them: datetime_repr
 * puts fold first, time_repr tzinfo first. */
static int repr_tail(ev_interp *I, ev_buf *b, const dt_obj *o)
{
    bool fold_first = o->sub == DT_DATETIME;
    if (fold_first && o->fold && ev_buf_puts(I, b, ", fold=1"))
        return -1;
    if (o->ref.tag != EV_T_NONE &&
        (ev_buf_puts(I, b, ", tzinfo=") || ev_buf_repr(I, b, o->ref)))
        return -1;
    if (!fold_first && o->fold && ev_buf_puts(I, b, ", fold=1"))
        return -1;
    return ev_buf_puts(I, b, ")");
}

static int repr_into(ev_interp *I, ev_buf *b, ev_value v)
{
    dt_obj *o = DT(v);
    /* Py_TYPE(self)->tp_name: a subclass shows its own name */
    ev_type *t = ev_type_of(v);
    const char *tn = ev_is_heaptype(t) ? t->name : NULL;
    switch ((dt_sub)o->sub) {
    case DT_DATE:
        return ev_buf_printf(I, b, "%s(%d, %d, %d)", tn ? tn : "datetime.date", o->y, o->mo, o->d);
    case DT_DATETIME:
        if (ev_buf_printf(I, b, "%s(%d, %d, %d, %d, %d", tn ? tn : "datetime.datetime", o->y, o->mo, o->d,
                          o->hh, o->mi))
            return -1;
        if ((o->ss || o->us) && ev_buf_printf(I, b, ", %d", o->ss))
            return -1;
        if (o->us && ev_buf_printf(I, b, ", %d", o->us))
            return -1;
        return repr_tail(I, b, o);
    case DT_TIME:
        if (ev_buf_printf(I, b, "%s(%d, %d", tn ? tn : "datetime.time", o->hh, o->mi))
            return -1;
        if ((o->ss || o->us) && ev_buf_printf(I, b, ", %d", o->ss))
            return -1;
        if (o->us && ev_buf_printf(I, b, ", %d", o->us))
            return -1;
        return repr_tail(I, b, o);
    case DT_DELTA:
        return repr_delta(I, b, o, tn ? tn : "datetime.timedelta");
    case DT_TZ:
        if (o == &dt_utc)
            return ev_buf_puts(I, b, "datetime.timezone.utc");
        if (ev_buf_puts(I, b, "datetime.timezone(") || repr_delta(I, b, o, "datetime.timedelta"))
            return -1;
        if (o->ref.tag != EV_T_NONE && (ev_buf_puts(I, b, ", ") || ev_buf_repr(I, b, o->ref)))
            return -1;
        return ev_buf_puts(I, b, ")");
    case DT_ISOCAL: {
        ev_value *it = ev_as_tuple(o->ref)->items;
        return ev_buf_printf(I, b, "datetime.IsoCalendarDate(year=%lld, week=%lld, weekday=%lld)",
                             (long long)it[0].u.i, (long long)it[1].u.i, (long long)it[2].u.i);
    }
    }
    return -1;
}

ev_value ev_dt_repr(ev_interp *I, ev_value v)
{
    ev_buf b = {0};
    if (repr_into(I, &b, v)) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value ev_dt_str(ev_interp *I, ev_value v)
{
    dt_obj *o = DT(v);
    switch ((dt_sub)o->sub) {
    case DT_DATE:
    case DT_TIME:
        return dt_isoformat(I, v, 'T', "auto");
    case DT_DATETIME:
        return dt_isoformat(I, v, ' ', "auto");
    case DT_TZ:
        return dt_tz_name(I, o);
    case DT_DELTA: {
        ev_buf b = {0};
        int r = 0;
        if (o->days)
            r = ev_buf_printf(I, &b, "%d day%s, ", o->days, o->days == 1 || o->days == -1 ? "" : "s");
        if (!r)
            r = ev_buf_printf(I, &b, "%d:%02d:%02d", o->secs / 3600, o->secs / 60 % 60, o->secs % 60);
        if (!r && o->us)
            r = ev_buf_printf(I, &b, ".%06d", o->us);
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        return ev_buf_to_str(I, &b);
    }
    case DT_ISOCAL:
        return ev_dt_repr(I, v);
    }
    return EV_ERR;
}

/* format(v, spec): a non-empty spec is strftime's format.  1 handled. */
int ev_dt_format(ev_interp *I, ev_value v, ev_str *spec, ev_value *out)
{
    dt_sub s = (dt_sub)DT(v)->sub;
    if (spec->len == 0 || (s != DT_DATE && s != DT_DATETIME && s != DT_TIME))
        return 0;
    *out = dt_strftime(I, v, spec);
    return 1;
}

bool ev_dt_truth(ev_value v)
{
    dt_obj *o = DT(v);
    return o->sub != DT_DELTA || o->days || o->secs || o->us;
}

/* ---- comparison and hashing ---------------------------------------------------------------------------- */

/* The UTC-adjusted microseconds of an aware datetime/time, or the local
 * value of a naive one (*aware false). */
static int cmp_key(ev_interp *I, ev_value v, __int128 *key, bool *aware)
{
    dt_obj *o = DT(v);
    __int128 local = o->sub == DT_DATETIME ? dt_local_us(o) : dt_time_us(o);
    __int128 off;
    if (dt_utcoffset(I, o->ref, dt_tz_arg(v), &off, aware))
        return -1;
    *key = local - off;
    return 0;
}

static int cmp_result(int c, int op)
{
    switch (op) {
    case 0: return c < 0;
    case 1: return c <= 0;
    case 2: return c == 0;
    case 3: return c != 0;
    case 4: return c > 0;
    default: return c >= 0;
    }
}

#define CMP3(x, y) ((x) < (y) ? -1 : (x) > (y))

/* 1 handled (*out 0/1 or -1 error), 0 not ours (NotImplemented). */
int ev_dt_compare(ev_interp *I, ev_value a, ev_value b, int op, int *out)
{
    bool da = ev_is(a, EV_O_DATETIME), db = ev_is(b, EV_O_DATETIME);
    if (da && DT(a)->sub == DT_ISOCAL)
        a = DT(a)->ref, da = false;
    if (db && DT(b)->sub == DT_ISOCAL)
        b = DT(b)->ref, db = false;
    if (!da || !db) {
        if ((da || db) && ev_is(a, EV_O_TUPLE) && ev_is(b, EV_O_TUPLE)) {
            *out = op == 2 || op == 3 ? ev_eq(I, a, b) : ev_compare(I, a, b, op);
            if (op == 3 && *out >= 0)
                *out = !*out;
            return 1;
        }
        if (ev_is(a, EV_O_TUPLE) && ev_is(b, EV_O_TUPLE)) {
            *out = ev_compare(I, a, b, op);
            return 1;
        }
        return 0;
    }
    dt_obj *x = DT(a), *y = DT(b);
    if (x->sub != y->sub) {
        /* date vs datetime: unequal; ordering refused as CPython 3.11 */
        bool mixed_date = (x->sub == DT_DATE && y->sub == DT_DATETIME) ||
                          (x->sub == DT_DATETIME && y->sub == DT_DATE);
        if (op == 2 || op == 3) {
            *out = op == 3;
            return 1;
        }
        if (mixed_date) {
            ev_raise(I, &ev_type_TypeError, "can't compare %s to %s", "datetime.datetime", "datetime.date");
            *out = -1;
            return 1;
        }
        return 0;
    }
    int c = 0;
    switch ((dt_sub)x->sub) {
    case DT_DATE:
        c = CMP3(dt_ymd_to_ord(x->y, x->mo, x->d), dt_ymd_to_ord(y->y, y->mo, y->d));
        break;
    case DT_DELTA:
        c = CMP3(dt_delta_us(x), dt_delta_us(y));
        break;
    case DT_TZ:
        if (op != 2 && op != 3)
            return 0;
        c = CMP3(dt_delta_us(x), dt_delta_us(y));
        break;
    case DT_DATETIME:
    case DT_TIME: {
        if (x->ref.tag == y->ref.tag && (x->ref.tag == EV_T_NONE || x->ref.u.o == y->ref.u.o)) {
            /* the same tzinfo: compare the fields, offsets ignored */
            __int128 p = x->sub == DT_DATETIME ? dt_local_us(x) : dt_time_us(x);
            __int128 q = y->sub == DT_DATETIME ? dt_local_us(y) : dt_time_us(y);
            c = CMP3(p, q);
            break;
        }
        __int128 p, q;
        bool aw1, aw2;
        if (cmp_key(I, a, &p, &aw1) || cmp_key(I, b, &q, &aw2)) {
            *out = -1;
            return 1;
        }
        if (aw1 != aw2) {
            if (op == 2 || op == 3) {
                *out = op == 3;
                return 1;
            }
            ev_raise(I, &ev_type_TypeError, "can't compare offset-naive and offset-aware %s",
                     x->sub == DT_DATETIME ? "datetimes" : "times");
            *out = -1;
            return 1;
        }
        c = CMP3(p, q);
        break;
    }
    case DT_ISOCAL:
        return 0;
    }
    *out = cmp_result(c, op);
    return 1;
}

static int64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return (int64_t)h;
}

int ev_dt_hash(ev_interp *I, ev_value v, int64_t *out)
{
    dt_obj *o = DT(v);
    __int128 key = 0;
    bool aware = false;
    switch ((dt_sub)o->sub) {
    case DT_DATE:
        key = dt_ymd_to_ord(o->y, o->mo, o->d);
        break;
    case DT_DELTA:
    case DT_TZ:
        key = dt_delta_us(o);
        break;
    case DT_DATETIME:
    case DT_TIME:
        if (cmp_key(I, v, &key, &aware))
            return -1;
        break;
    case DT_ISOCAL:
        return ev_hash(I, o->ref, out);
    }
    int64_t h = mix(mix((uint64_t)o->sub * 0x100000001b3ULL, (uint64_t)(key >> 64)), (uint64_t)key);
    *out = h == -1 ? -2 : h;
    return 0;
}

/* ---- arithmetic ---------------------------------------------------------------------------------------- */

static void i128_to_mpz(mpz_t z, __int128 v)
{
    bool neg = v < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)v : (unsigned __int128)v;
    mpz_set_ui(z, (unsigned long)(u >> 64));
    mpz_mul_2exp(z, z, 64);
    mpz_add_ui(z, z, (unsigned long)(uint64_t)u);
    if (neg)
        mpz_neg(z, z);
}

/* A timedelta from an mpz of microseconds (range-checked). */
static ev_value delta_from_mpz(ev_interp *I, const mpz_t z)
{
    if (mpz_sizeinbase(z, 2) > 100)
        return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
    mpz_t t;
    mpz_init_set(t, z);
    bool neg = mpz_sgn(t) < 0;
    mpz_abs(t, t);
    unsigned __int128 hi;
    mpz_t h;
    mpz_init(h);
    mpz_tdiv_q_2exp(h, t, 64);
    hi = (unsigned __int128)mpz_get_ui(h) << 64;
    mpz_tdiv_r_2exp(h, t, 64);
    hi |= mpz_get_ui(h);
    mpz_clear(h);
    mpz_clear(t);
    __int128 us = neg ? -(__int128)hi : (__int128)hi;
    return dt_new_delta_us(I, us);
}

/* m / n rounded half to even (n != 0). */
static void div_nearest(mpz_t q, const mpz_t m, const mpz_t n)
{
    mpz_t r, twice;
    mpz_inits(r, twice, NULL);
    mpz_fdiv_qr(q, r, m, n);
    mpz_mul_2exp(twice, r, 1);
    int c = mpz_cmpabs(twice, n);
    /* r has n's sign: round up the magnitude of the quotient's step */
    if (c > 0 || (c == 0 && mpz_odd_p(q)))
        mpz_add_ui(q, q, 1);
    mpz_clears(r, twice, NULL);
}

/* float.as_integer_ratio: 1 ok, -1 error raised. */
static int float_ratio(ev_interp *I, double f, mpz_t num, mpz_t den)
{
    if (isinf(f)) {
        ev_raise(I, &ev_type_OverflowError, "cannot convert Infinity to integer ratio");
        return -1;
    }
    if (isnan(f)) {
        ev_raise(I, &ev_type_ValueError, "cannot convert NaN to integer ratio");
        return -1;
    }
    int e;
    double m = frexp(f, &e);
    for (int i = 0; i < 300 && m != floor(m); i++) {
        m *= 2.0;
        e--;
    }
    mpz_set_d(num, m);
    mpz_set_ui(den, 1);
    if (e > 0)
        mpz_mul_2exp(num, num, (mp_bitcnt_t)e);
    else
        mpz_mul_2exp(den, den, (mp_bitcnt_t)-e);
    return 0;
}

/* timedelta * number, timedelta / number (CPython's rounding). */
static ev_value delta_scale(ev_interp *I, dt_obj *td, ev_value n, bool divide)
{
    mpz_t us, num, den, q;
    mpz_inits(us, num, den, q, NULL);
    ev_value r = EV_ERR;
    i128_to_mpz(us, dt_delta_us(td));
    if (n.tag == EV_T_FLOAT) {
        if (float_ratio(I, n.u.f, num, den))
            goto done;
    } else {
        ev_int_to_mpz(n, num);
        mpz_set_ui(den, 1);
    }
    if (divide) {
        mpz_swap(num, den);
        if (mpz_sgn(den) == 0) {
            r = ev_raise(I, &ev_type_ZeroDivisionError,
                         n.tag == EV_T_FLOAT ? "float division by zero"
                                             : "integer division or modulo by zero");
            goto done;
        }
        if (mpz_sgn(den) < 0) {
            mpz_neg(den, den);
            mpz_neg(num, num);
        }
    }
    mpz_mul(us, us, num);
    div_nearest(q, us, den);
    r = delta_from_mpz(I, q);
done:
    mpz_clears(us, num, den, q, NULL);
    return r;
}

static ev_value int128_value(ev_interp *I, __int128 v)
{
    if (v >= INT64_MIN && v <= INT64_MAX)
        return ev_int((int64_t)v);
    mpz_t z;
    mpz_init(z);
    i128_to_mpz(z, v);
    ev_value r = ev_int_from_mpz(I, z);
    mpz_clear(z);
    return r;
}

static ev_value add_days(ev_interp *I, dt_obj *d, __int128 days)
{
    __int128 ord = dt_ymd_to_ord(d->y, d->mo, d->d) + days;
    if (ord < 1 || ord > MAX_ORD)
        return ev_raise(I, &ev_type_OverflowError, "date value out of range");
    int y, m, dd;
    dt_ord_to_ymd((int64_t)ord, &y, &m, &dd);
    return dt_new_date(I, y, m, dd);
}

static bool is_num_int(ev_value v)
{
    return ev_is_int(v);
}

/* 1 handled (*out the result or EV_ERR), 0 not ours (TypeError follows). */
int ev_dt_binary(ev_interp *I, ev_binop op, ev_value a, ev_value b, ev_value *out)
{
    bool da = ev_is(a, EV_O_DATETIME), db = ev_is(b, EV_O_DATETIME);
    int sa = da ? DT(a)->sub : -1, sb = db ? DT(b)->sub : -1;
    if (!da && !db)
        return 0;
    if (sa == DT_ISOCAL || sb == DT_ISOCAL) {
        ev_value x = sa == DT_ISOCAL ? DT(a)->ref : a, y = sb == DT_ISOCAL ? DT(b)->ref : b;
        if (op == EV_OP_ADD && ev_is(x, EV_O_TUPLE) && ev_is(y, EV_O_TUPLE)) {
            *out = ev_binary(I, op, x, y);
            return 1;
        }
        return 0;
    }
    /* timedelta with timedelta */
    if (sa == DT_DELTA && sb == DT_DELTA) {
        __int128 x = dt_delta_us(DT(a)), y = dt_delta_us(DT(b));
        switch (op) {
        case EV_OP_ADD: *out = dt_new_delta_us(I, x + y); return 1;
        case EV_OP_SUB: *out = dt_new_delta_us(I, x - y); return 1;
        case EV_OP_FLOORDIV:
            if (y == 0) {
                *out = ev_raise(I, &ev_type_ZeroDivisionError, "integer division or modulo by zero");
                return 1;
            }
            *out = int128_value(I, dt_floordiv128(x, y, NULL));
            return 1;
        case EV_OP_MOD: {
            if (y == 0) {
                *out = ev_raise(I, &ev_type_ZeroDivisionError, "integer modulo by zero");
                return 1;
            }
            __int128 r;
            dt_floordiv128(x, y, &r);
            *out = dt_new_delta_us(I, r);
            return 1;
        }
        case EV_OP_TRUEDIV: {
            if (y == 0) {
                *out = ev_raise(I, &ev_type_ZeroDivisionError, "division by zero");
                return 1;
            }
            ev_value p = int128_value(I, x), q = int128_value(I, y);
            *out = EV_IS_ERR(p) || EV_IS_ERR(q) ? EV_ERR : ev_binary(I, EV_OP_TRUEDIV, p, q);
            ev_decref(I, p);
            ev_decref(I, q);
            return 1;
        }
        default: return 0;
        }
    }
    if (sa == DT_DELTA && !db) {
        if (op == EV_OP_MUL && (is_num_int(b) || b.tag == EV_T_FLOAT)) {
            *out = delta_scale(I, DT(a), b, false);
            return 1;
        }
        if (op == EV_OP_TRUEDIV && (is_num_int(b) || b.tag == EV_T_FLOAT)) {
            *out = delta_scale(I, DT(a), b, true);
            return 1;
        }
        if (op == EV_OP_FLOORDIV && is_num_int(b)) {
            mpz_t us, n;
            mpz_inits(us, n, NULL);
            i128_to_mpz(us, dt_delta_us(DT(a)));
            ev_int_to_mpz(b, n);
            if (mpz_sgn(n) == 0) {
                *out = ev_raise(I, &ev_type_ZeroDivisionError, "integer division or modulo by zero");
            } else {
                mpz_fdiv_q(us, us, n);
                *out = delta_from_mpz(I, us);
            }
            mpz_clears(us, n, NULL);
            return 1;
        }
        return 0;
    }
    if (sb == DT_DELTA && !da) {
        if (op == EV_OP_MUL && (is_num_int(a) || a.tag == EV_T_FLOAT)) {
            *out = delta_scale(I, DT(b), a, false);
            return 1;
        }
        return 0;
    }
    if (!da || !db)
        return 0;
    /* date / datetime with timedelta */
    if ((sa == DT_DATE || sa == DT_DATETIME) && sb == DT_DELTA && (op == EV_OP_ADD || op == EV_OP_SUB)) {
        __int128 d = dt_delta_us(DT(b));
        if (op == EV_OP_SUB)
            d = -d;
        if (sa == DT_DATE) {
            /* only the days count: date - timedelta(hours=1) keeps the day */
            __int128 days = op == EV_OP_SUB ? -(__int128)DT(b)->days : DT(b)->days;
            *out = add_days(I, DT(a), days);
        } else {
            *out = dt_from_us(I, dt_local_us(DT(a)) + d, DT(a)->ref, 0);
        }
        *out = dt_as_class(I, *out, ev_type_of(a)); /* Day + timedelta is a Day */
        return 1;
    }
    if (sa == DT_DELTA && (sb == DT_DATE || sb == DT_DATETIME) && op == EV_OP_ADD)
        return ev_dt_binary(I, op, b, a, out);
    if (op == EV_OP_SUB && sa == DT_DATE && sb == DT_DATE) {
        *out = dt_new_delta_us(I, (__int128)(dt_ymd_to_ord(DT(a)->y, DT(a)->mo, DT(a)->d) -
                                             dt_ymd_to_ord(DT(b)->y, DT(b)->mo, DT(b)->d)) * US_PER_DAY);
        return 1;
    }
    if (op == EV_OP_SUB && sa == DT_DATETIME && sb == DT_DATETIME) {
        dt_obj *x = DT(a), *y = DT(b);
        __int128 ox = 0, oy = 0;
        if (!(x->ref.tag == y->ref.tag && (x->ref.tag == EV_T_NONE || x->ref.u.o == y->ref.u.o))) {
            bool hx, hy;
            if (dt_utcoffset(I, x->ref, a, &ox, &hx) || dt_utcoffset(I, y->ref, b, &oy, &hy)) {
                *out = EV_ERR;
                return 1;
            }
            if (hx != hy) {
                *out = ev_raise(I, &ev_type_TypeError, "can't subtract offset-naive and offset-aware datetimes");
                return 1;
            }
        }
        *out = dt_new_delta_us(I, (dt_local_us(x) - ox) - (dt_local_us(y) - oy));
        return 1;
    }
    return 0;
}

/* -td, +td, abs(td): 1 handled. which: '-', '+', 'a'. */
int ev_dt_unary(ev_interp *I, ev_value a, char which, ev_value *out)
{
    if (!dt_is(a, DT_DELTA))
        return 0;
    __int128 us = dt_delta_us(DT(a));
    if (which == '-' || (which == 'a' && us < 0))
        us = -us;
    *out = dt_new_delta_us(I, us);
    return 1;
}

/* ---- attributes -------------------------------------------------------------------------------------------- */

static bool name_is(ev_str *n, const char *s)
{
    return strcmp(n->data, s) == 0;
}

/* The class attributes min, max, resolution, utc. */
static int type_attr(ev_interp *I, ev_type *t, ev_str *n, ev_value *out)
{
    bool mn = name_is(n, "min"), mx = name_is(n, "max");
    if (t == &ev_type_dt_timezone) {
        if (name_is(n, "utc")) {
            *out = ev_obj_val(&dt_utc.h);
            return 1;
        }
        if (mn || mx) {
            *out = dt_new_tz(I, mn ? -(US_PER_DAY - 60 * US_PER_SEC) : US_PER_DAY - 60 * US_PER_SEC, EV_NONE);
            return 1;
        }
        return 0;
    }
    if (!mn && !mx && !name_is(n, "resolution"))
        return 0;
    if (name_is(n, "resolution")) {
        *out = dt_new_delta_us(I, t == &ev_type_dt_date ? US_PER_DAY : 1);
        return 1;
    }
    if (t == &ev_type_dt_date)
        *out = mn ? dt_new_date(I, 1, 1, 1) : dt_new_date(I, 9999, 12, 31);
    else if (t == &ev_type_dt_datetime)
        *out = mn ? dt_new_datetime(I, 1, 1, 1, 0, 0, 0, 0, EV_NONE, 0)
                  : dt_new_datetime(I, 9999, 12, 31, 23, 59, 59, 999999, EV_NONE, 0);
    else if (t == &ev_type_dt_time)
        *out = mn ? dt_new_time(I, 0, 0, 0, 0, EV_NONE, 0) : dt_new_time(I, 23, 59, 59, 999999, EV_NONE, 0);
    else if (t == &ev_type_dt_timedelta)
        *out = mn ? dt_new_delta_us(I, -(__int128)MAX_DELTA_DAYS * US_PER_DAY)
                  : dt_new_delta_us(I, (__int128)MAX_DELTA_DAYS * US_PER_DAY + US_PER_DAY - 1);
    else
        return 0;
    return 1;
}

/* 1 handled (*out set, EV_ERR on error), 0 not ours. */
int ev_dt_getattr(ev_interp *I, ev_value obj, ev_str *n, ev_value *out)
{
    if (ev_is(obj, EV_O_TYPE)) {
        ev_type *t = ev_solid_base((ev_type *)obj.u.o); /* Day.min is date.min */
        if (t == &ev_type_dt_date || t == &ev_type_dt_datetime || t == &ev_type_dt_time ||
            t == &ev_type_dt_timedelta || t == &ev_type_dt_timezone)
            return type_attr(I, t, n, out);
        return 0;
    }
    dt_obj *o = DT(obj);
    const char *s = n->data;
    switch ((dt_sub)o->sub) {
    case DT_DATETIME:
    case DT_TIME:
        if (strcmp(s, "hour") == 0) { *out = ev_int(o->hh); return 1; }
        if (strcmp(s, "minute") == 0) { *out = ev_int(o->mi); return 1; }
        if (strcmp(s, "second") == 0) { *out = ev_int(o->ss); return 1; }
        if (strcmp(s, "microsecond") == 0) { *out = ev_int(o->us); return 1; }
        if (strcmp(s, "tzinfo") == 0) { *out = ev_dup(o->ref); return 1; }
        if (strcmp(s, "fold") == 0) { *out = ev_int(o->fold); return 1; }
        if (o->sub == DT_TIME)
            break;
        /* fall through */
    case DT_DATE:
        if (strcmp(s, "year") == 0) { *out = ev_int(o->y); return 1; }
        if (strcmp(s, "month") == 0) { *out = ev_int(o->mo); return 1; }
        if (strcmp(s, "day") == 0) { *out = ev_int(o->d); return 1; }
        break;
    case DT_DELTA:
        if (strcmp(s, "days") == 0) { *out = ev_int(o->days); return 1; }
        if (strcmp(s, "seconds") == 0) { *out = ev_int(o->secs); return 1; }
        if (strcmp(s, "microseconds") == 0) { *out = ev_int(o->us); return 1; }
        break;
    case DT_ISOCAL: {
        static const char *const f[3] = {"year", "week", "weekday"};
        for (int i = 0; i < 3; i++)
            if (strcmp(s, f[i]) == 0) {
                *out = ev_dup(ev_as_tuple(o->ref)->items[i]);
                return 1;
            }
        break;
    }
    case DT_TZ:
        break;
    }
    ev_type *t = ev_dt_type(obj);
    if (strcmp(s, "min") == 0 || strcmp(s, "max") == 0 || strcmp(s, "resolution") == 0 ||
        strcmp(s, "utc") == 0) {
        int got = type_attr(I, t, n, out);
        if (got)
            return got;
    }
    /* the class methods, reached through an instance: d.today() */
    for (const ev_builtin_def *m = t->type_methods; m && m->name; m++)
        if (strcmp(m->name, s) == 0) {
            *out = ev_builtin_new(I, m, ev_obj_val(&ev_type_of(obj)->h)); /* a Day's: Day */
            return 1;
        }
    return 0;
}

/* IsoCalendarDate behaves as its (year, week, weekday) tuple. */
ev_value ev_dt_as_tuple(ev_value v)
{
    return dt_is(v, DT_ISOCAL) ? DT(v)->ref : EV_ERR;
}

