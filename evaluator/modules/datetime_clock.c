/*
 * datetime_clock.c - the datetime module's clock and alternate constructors,
 * CPython 3.11 semantics (Modules/_datetimemodule.c): date.today,
 * datetime.now/utcnow, fromtimestamp/utcfromtimestamp, fromordinal,
 * fromisocalendar, fromisoformat, combine, strptime, and tzinfo.fromutc's
 * default algorithm that now(tz) and fromtimestamp(t, tz) go through.  The
 * sandbox's clock is UTC: the local time zone is UTC, as CPython's with
 * TZ=UTC0.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/datetime_int.h"

/* ---- the clock -------------------------------------------------------------------------------------- */

/* Now as microseconds since the Unix epoch (the sandbox's clock is UTC). */
static int64_t now_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * US_PER_SEC + ts.tv_nsec / 1000;
}



/* tz.fromutc(dt) for any tzinfo: timezone adds its offset, a user class
 * uses its own dt_fromutc or tzinfo's default algorithm. */
ev_value dt_fromutc(ev_interp *I, ev_value tz, ev_value dt)
{
    if (dt_is(tz, DT_TZ))
        return dt_from_us(I, dt_local_us(DT(dt)) + dt_delta_us(DT(tz)), tz, 0);
    ev_value m;
    int got = dt_user_method(I, tz, "fromutc", &m);
    if (got < 0)
        return EV_ERR;
    if (got) {
        ev_value r = ev_call(I, m, 1, &dt, 0, NULL, NULL);
        ev_decref(I, m);
        return r;
    }
    return dt_fromutc_default(I, tz, dt);
}

/* tzinfo.fromutc: the local time from utcoffset() and dst() */
ev_value dt_fromutc_default(ev_interp *I, ev_value tz, ev_value dt)
{
    __int128 off, dst;
    bool has;
    if (dt_offset_call(I, tz, "utcoffset", dt, &off, &has))
        return EV_ERR;
    if (!has)
        return ev_raise(I, &ev_type_ValueError, "fromutc: non-None utcoffset() result required");
    if (dt_offset_call(I, tz, "dst", dt, &dst, &has))
        return EV_ERR;
    if (!has)
        return ev_raise(I, &ev_type_ValueError, "fromutc: non-None dst() result required");
    ev_value mid = dt_from_us(I, dt_local_us(DT(dt)) + off - dst, tz, 0);
    if (EV_IS_ERR(mid))
        return mid;
    if (dt_offset_call(I, tz, "dst", mid, &dst, &has)) {
        ev_decref(I, mid);
        return EV_ERR;
    }
    if (!has) {
        ev_decref(I, mid);
        return ev_raise(I, &ev_type_ValueError,
                        "fromutc: tz.dst() gave inconsistent results; cannot convert");
    }
    ev_value r = dt_from_us(I, dt_local_us(DT(mid)) + dst, tz, 0);
    ev_decref(I, mid);
    return r;
}

/* datetime at `epoch_us` (UTC), in tz (None: naive local time = UTC). */
static ev_value datetime_at(ev_interp *I, int64_t sec, int64_t usec, ev_value tz, bool utc)
{
    __int128 us = ((__int128)EPOCH_ORD * 86400 + sec) * US_PER_SEC + usec;
    if (tz.tag == EV_T_NONE || utc)
        return dt_from_us(I, us, EV_NONE, 0);
    ev_value dt = dt_from_us(I, us, tz, 0);
    if (EV_IS_ERR(dt))
        return dt;
    ev_value r = dt_fromutc(I, tz, dt);
    ev_decref(I, dt);
    return r;
}

static int timestamp_value(ev_interp *I, ev_value v, int64_t *sec, int64_t *usec);

/* _PyTime_ObjectToTimeval with ROUND_HALF_EVEN: a float, or an int or an
 * object with __index__ (_PyLong_AsTime_t) */
static int timestamp_arg(ev_interp *I, ev_value v, int64_t *sec, int64_t *usec)
{
    ev_value iv;
    int got = ev_is_user(v) ? ev_index_try(I, v, &iv) : 0;
    if (got < 0)
        return -1;
    if (!got)
        return timestamp_value(I, v, sec, usec);
    int r = timestamp_value(I, iv, sec, usec);
    ev_decref(I, iv);
    return r;
}

static int timestamp_value(ev_interp *I, ev_value v, int64_t *sec, int64_t *usec)
{
    if (v.tag == EV_T_FLOAT) {
        double d = v.u.f;
        if (isnan(d)) {
            ev_raise(I, &ev_type_ValueError, "Invalid value NaN (not a number)");
            return -1;
        }
        double ip, fp = modf(d, &ip);
        fp *= 1e6;
        double r = nearbyint(fp); /* the default rounding mode is half-even */
        if (r >= 1e6) {
            r -= 1e6;
            ip += 1.0;
        } else if (r < 0) {
            r += 1e6;
            ip -= 1.0;
        }
        if (!(ip >= -9223372036854775808.0 && ip < 9223372036854775808.0)) {
            ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
            return -1;
        }
        *sec = (int64_t)ip;
        *usec = (int64_t)r;
    } else if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *sec = v.u.i;
        *usec = 0;
    } else if (ev_is(v, EV_O_INT)) {
        ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    } else {
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
                 ev_type_name(v));
        return -1;
    }
    /* gmtime's range: years that fit an int, then the datetime range */
    if (*sec > 67768036191676799LL || *sec < -67768040609740800LL) {
        ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    }
    if (*sec > 253402300799LL || *sec < -62135596800LL) {
        ev_raise(I, &ev_type_ValueError, "year %lld is out of range",
                 (long long)(1970 + *sec / 31556952));
        return -1;
    }
    return 0;
}

static ev_value dt_date_today_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    int64_t us = now_us();
    int64_t s = us / US_PER_SEC;
    if (dt_root(self) == &ev_type_dt_date) {
        int y, m, d;
        dt_ord_to_ymd(EPOCH_ORD + s / 86400, &y, &m, &d);
        return dt_new_date(I, y, m, d);
    }
    return datetime_at(I, s, us % US_PER_SEC, EV_NONE, false);
}

static ev_value dt_now_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"tz"};
    ev_value a[1];
    if (dt_bind(I, argc, argv, kw, names, 1, 1, 0, "now", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[0]) ? EV_NONE : a[0];
    if (dt_check_tzinfo(I, tz))
        return EV_ERR;
    int64_t us = now_us();
    return datetime_at(I, us / US_PER_SEC, us % US_PER_SEC, tz, false);
}

static ev_value dt_utcnow_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    int64_t us = now_us();
    return datetime_at(I, us / US_PER_SEC, us % US_PER_SEC, EV_NONE, true);
}

static ev_value dt_date_fromtimestamp_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    int64_t s, us;
    if (dt_root(self) == &ev_type_dt_date) {
        if (timestamp_arg(I, argv[0], &s, &us))
            return EV_ERR;
        /* date.fromtimestamp floors to the second */
        int y, m, d;
        int64_t days = s / 86400 - (s % 86400 < 0);
        dt_ord_to_ymd(EPOCH_ORD + days, &y, &m, &d);
        return dt_new_date(I, y, m, d);
    }
    static const char *const names[] = {"timestamp", "tz"};
    ev_value a[2];
    if (dt_bind(I, argc, argv, kw, names, 2, 2, 1, "fromtimestamp", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    if (dt_check_tzinfo(I, tz) || timestamp_arg(I, a[0], &s, &us))
        return EV_ERR;
    return datetime_at(I, s, us, tz, false);
}

static ev_value dt_utcfromtimestamp_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    int64_t s, us;
    if (dt_tuple_arity(I, "utcfromtimestamp", argc, kw, 1) || timestamp_arg(I, argv[0], &s, &us))
        return EV_ERR;
    return datetime_at(I, s, us, EV_NONE, true);
}

static ev_value dt_date_fromordinal_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t n;
    if (dt_tuple_arity(I, "fromordinal", argc, kw, 1) || dt_arg_int(I, argv[0], &n))
        return EV_ERR;
    if (n < 1)
        return ev_raise(I, &ev_type_ValueError, "ordinal must be >= 1");
    int y, m, d;
    dt_ord_to_ymd(n, &y, &m, &d);
    if (n > MAX_ORD)
        return ev_raise(I, &ev_type_ValueError, "year %d is out of range", y);
    if (dt_root(self) == &ev_type_dt_date)
        return dt_new_date(I, y, m, d);
    return dt_new_datetime(I, y, m, d, 0, 0, 0, 0, EV_NONE, 0);
}

static ev_value dt_date_fromisocalendar_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"year", "week", "day"};
    ev_value a[3];
    int64_t f[3];
    if (dt_bind(I, argc, argv, kw, names, 3, 3, 3, "fromisocalendar", a) || dt_opt_ints(I, a, 3, f))
        return EV_ERR;
    if (f[0] < 1 || f[0] > 9999)
        return ev_raise(I, &ev_type_ValueError, "Year is out of range: %lld", (long long)f[0]);
    if (f[1] <= 0 || f[1] >= 53) {
        bool ok = false;
        if (f[1] == 53) {
            int first = dt_weekday((int)f[0], 1, 1);
            ok = first == 3 || (first == 2 && dt_is_leap((int)f[0]));
        }
        if (!ok)
            return ev_raise(I, &ev_type_ValueError, "Invalid week: %lld", (long long)f[1]);
    }
    if (f[2] <= 0 || f[2] >= 8)
        return ev_raise(I, &ev_type_ValueError, "Invalid day: %lld (range is [1, 7])", (long long)f[2]);
    int64_t ord = dt_iso_week1_monday((int)f[0]) + (f[1] - 1) * 7 + f[2] - 1;
    if (ord < 1 || ord > MAX_ORD)
        return ev_raise(I, &ev_type_ValueError, "year %lld is out of range", (long long)f[0] + 1);
    int y, m, d;
    dt_ord_to_ymd(ord, &y, &m, &d);
    if (dt_root(self) == &ev_type_dt_date)
        return dt_new_date(I, y, m, d);
    return dt_new_datetime(I, y, m, d, 0, 0, 0, 0, EV_NONE, 0);
}

static ev_value dt_fromisoformat_fn_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    ev_type *root = dt_root(self);
    dt_sub k = root == &ev_type_dt_date ? DT_DATE : root == &ev_type_dt_time ? DT_TIME : DT_DATETIME;
    return dt_fromisoformat(I, k, argv[0]);
}

static ev_value dt_combine_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"date", "time", "tzinfo"};
    ev_value a[3];
    if (dt_bind(I, argc, argv, kw, names, 3, 3, 2, "combine", a))
        return EV_ERR;
    if (!dt_is(a[0], DT_DATE) && !dt_is(a[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "combine() argument 1 must be datetime.date, not %s",
                        ev_type_name(a[0]));
    if (!dt_is(a[1], DT_TIME))
        return ev_raise(I, &ev_type_TypeError, "combine() argument 2 must be datetime.time, not %s",
                        ev_type_name(a[1]));
    dt_obj *d = DT(a[0]), *t = DT(a[1]);
    ev_value tz = EV_IS_ERR(a[2]) ? t->ref : a[2];
    if (dt_check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_datetime(I, d->y, d->mo, d->d, t->hh, t->mi, t->ss, t->us, tz, t->fold);
}

static ev_value dt_strptime_fn_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (dt_tuple_arity(I, "strptime", argc, kw, 2))
        return EV_ERR;
    return dt_strptime(I, argv[0], argv[1]);
}

DT_CLS_WRAP(dt_date_today, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_now, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_utcnow, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_date_fromtimestamp, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_utcfromtimestamp, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_date_fromordinal, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_date_fromisocalendar, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_fromisoformat_fn, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_combine, (ev_type *)self.u.o)
DT_CLS_WRAP(dt_strptime_fn, (ev_type *)self.u.o)
