/*
 * datetime.c - the datetime module, CPython 3.11 semantics (the C
 * implementation, Modules/_datetimemodule.c): date, datetime, time,
 * timedelta, tzinfo, timezone, MINYEAR, MAXYEAR.
 *
 * Every value is one EV_O_DATETIME object (datetime_int.h) whose `sub` says
 * which type it is; the object protocol reaches the ev_dt_* hooks declared
 * in ev.h (datetime_ops.c) for repr, str, hash, comparisons, arithmetic and
 * attributes.  The text formats are in datetime_fmt.c.
 * tzinfo is a builtin type user classes derive from (EV_TYPE_PLAIN_BASE):
 * their instances are plain user instances whose utcoffset/dst/tzname/
 * fromutc are called through ev_getattr/ev_call.
 *
 * date, datetime, time and timedelta can be subclassed (EV_TYPE_VALUE: a
 * subclass instance is the dt_obj behind a subclass header); what CPython
 * makes of the class it was reached through (Day.today(), d.replace(),
 * Day + timedelta) goes through dt_as_class, which calls the class.
 *
 * Deliberate differences: the local time zone is UTC (the sandbox has no
 * zone data; as CPython with TZ=UTC0).
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/datetime_int.h"

/* ---- objects ---------------------------------------------------------------------------- */

static dt_obj *dt_alloc(ev_interp *I, dt_sub sub)
{
    dt_obj *o = ev_alloc(I, sizeof *o);
    if (!o) {
        ev_raise_nomem(I);
        return NULL;
    }
    memset(o, 0, sizeof *o);
    o->h.refcnt = 1;
    o->h.kind = EV_O_DATETIME;
    o->sub = (uint8_t)sub;
    o->ref = EV_NONE;
    return o;
}

ev_value dt_new_date(ev_interp *I, int y, int m, int d)
{
    dt_obj *o = dt_alloc(I, DT_DATE);
    if (!o)
        return EV_ERR;
    o->y = y;
    o->mo = m;
    o->d = d;
    return ev_obj_val(&o->h);
}

ev_value dt_new_datetime(ev_interp *I, int y, int mo, int d, int hh, int mi, int ss, int us,
                         ev_value tz, int fold)
{
    dt_obj *o = dt_alloc(I, DT_DATETIME);
    if (!o)
        return EV_ERR;
    o->y = y;
    o->mo = mo;
    o->d = d;
    o->hh = hh;
    o->mi = mi;
    o->ss = ss;
    o->us = us;
    o->fold = (uint8_t)fold;
    o->ref = ev_dup(tz);
    return ev_obj_val(&o->h);
}

ev_value dt_new_time(ev_interp *I, int hh, int mi, int ss, int us, ev_value tz, int fold)
{
    dt_obj *o = dt_alloc(I, DT_TIME);
    if (!o)
        return EV_ERR;
    o->hh = hh;
    o->mi = mi;
    o->ss = ss;
    o->us = us;
    o->fold = (uint8_t)fold;
    o->ref = ev_dup(tz);
    return ev_obj_val(&o->h);
}

__int128 dt_delta_us(const dt_obj *o)
{
    return ((__int128)o->days * 86400 + o->secs) * US_PER_SEC + o->us;
}

__int128 dt_floordiv128(__int128 a, __int128 b, __int128 *rem)
{
    __int128 q = a / b, r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) {
        q--;
        r += b;
    }
    if (rem)
        *rem = r;
    return q;
}

/* microseconds_to_delta: normalise, then CPython's range checks. */
static int split_delta(ev_interp *I, __int128 us, int32_t *days, int32_t *secs, int32_t *usec)
{
    __int128 r;
    __int128 d = dt_floordiv128(us, US_PER_DAY, &r);
    if (d > 2147483647 || d < -2147483647 - 1) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    if (d > MAX_DELTA_DAYS || d < -MAX_DELTA_DAYS) {
        ev_raise(I, &ev_type_OverflowError, "days=%d; must have magnitude <= %d", (int)d,
                 MAX_DELTA_DAYS);
        return -1;
    }
    *days = (int32_t)d;
    *secs = (int32_t)(r / US_PER_SEC);
    *usec = (int32_t)(r % US_PER_SEC);
    return 0;
}

ev_value dt_new_delta_us(ev_interp *I, __int128 us)
{
    int32_t days, secs, usec;
    if (split_delta(I, us, &days, &secs, &usec))
        return EV_ERR;
    dt_obj *o = dt_alloc(I, DT_DELTA);
    if (!o)
        return EV_ERR;
    o->days = days;
    o->secs = secs;
    o->us = usec;
    return ev_obj_val(&o->h);
}

dt_obj dt_utc = {.h = {.refcnt = 1, .kind = EV_O_DATETIME, .flags = EV_OBJ_STATIC},
                 .sub = DT_TZ, .ref = {.tag = EV_T_NONE}};

ev_value dt_new_tz(ev_interp *I, __int128 off_us, ev_value name)
{
    if (off_us == 0 && name.tag == EV_T_NONE)
        return ev_obj_val(&dt_utc.h);
    int32_t days, secs, usec;
    if (split_delta(I, off_us, &days, &secs, &usec))
        return EV_ERR;
    dt_obj *o = dt_alloc(I, DT_TZ);
    if (!o)
        return EV_ERR;
    o->days = days;
    o->secs = secs;
    o->us = usec;
    o->ref = ev_dup(name);
    return ev_obj_val(&o->h);
}

ev_type *ev_dt_type(ev_value v)
{
    switch ((dt_sub)DT(v)->sub) {
    case DT_DATE: return &ev_type_dt_date;
    case DT_DATETIME: return &ev_type_dt_datetime;
    case DT_TIME: return &ev_type_dt_time;
    case DT_DELTA: return &ev_type_dt_timedelta;
    case DT_TZ: return &ev_type_dt_timezone;
    case DT_ISOCAL: return &ev_type_dt_isocal;
    }
    return &ev_type_dt_date;
}

void ev_dt_free(ev_interp *I, ev_obj *o)
{
    ev_decref(I, ((dt_obj *)o)->ref);
}

/* ---- argument helpers ---------------------------------------------------------------------- */

static int arg_int_value(ev_interp *I, ev_value v, int64_t *out);

/* PyArg "i": an int argument, or an object with __index__. */
int dt_arg_int(ev_interp *I, ev_value v, int64_t *out)
{
    ev_value iv;
    int got = ev_is_user(v) ? ev_index_try(I, v, &iv) : 0;
    if (got < 0)
        return -1;
    if (!got)
        return arg_int_value(I, v, out);
    int r = arg_int_value(I, iv, out);
    ev_decref(I, iv);
    return r;
}

static int arg_int_value(ev_interp *I, ev_value v, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        if (v.u.i > 2147483647 || v.u.i < -2147483647 - 1) {
            ev_raise(I, &ev_type_OverflowError, "signed integer is %s than %s",
                     v.u.i > 0 ? "greater" : "less", v.u.i > 0 ? "maximum" : "minimum");
            return -1;
        }
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT)) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C long");
        return -1;
    }
    ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
             ev_type_name(v));
    return -1;
}

/* METH_VARARGS with PyArg_ParseTuple ("UU:strptime"): no keywords, exactly
 * n arguments; the messages name the function bare. */
int dt_tuple_arity(ev_interp *I, const char *fname, int argc, const ev_kw *kw, int n)
{
    if (EV_KW_N(kw) > 0) {
        ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", fname);
        return -1;
    }
    if (argc != n) {
        ev_raise(I, &ev_type_TypeError, "%s() takes exactly %d argument%s (%d given)", fname, n,
                 n == 1 ? "" : "s", argc);
        return -1;
    }
    return 0;
}

/* PyArg_ParseTupleAndKeywords: match positionals and keywords to names[];
 * out[] EV_ERR where absent.  fname NULL: the constructors' messages
 * ("function takes at most 3 arguments").  npos: how many may be given by
 * position (the rest are keyword-only). */
int dt_bind(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw,
            const char *const *names, int n, int npos, int nreq, const char *fname,
            ev_value *out)
{
    int nkw = EV_KW_N(kw);
    char fn[64];
    if (fname)
        snprintf(fn, sizeof fn, "%s()", fname);
    else
        snprintf(fn, sizeof fn, "function");
    if (argc + nkw > n) {
        ev_raise(I, &ev_type_TypeError, "%s takes at most %d %sargument%s (%d given)", fn, n,
                 argc == 0 ? "keyword " : "", n == 1 ? "" : "s", argc + nkw);
        return -1;
    }
    if (argc > npos) {
        ev_raise(I, &ev_type_TypeError, "%s takes at most %d positional argument%s (%d given)", fn,
                 npos, npos == 1 ? "" : "s", argc);
        return -1;
    }
    /* as vgetargskeywords: positionals, then each parameter's keyword,
     * then names given twice, then unknown names */
    for (int i = 0; i < n; i++) {
        out[i] = i < argc ? argv[i] : EV_ERR;
        for (int k = 0; i >= argc && k < nkw; k++)
            if (strcmp(names[i], kw->names[k]->data) == 0)
                out[i] = kw->vals[k];
        if (i < nreq && EV_IS_ERR(out[i])) {
            /* vgetargskeywords converts each argument as it reaches it: an
             * earlier one of the wrong type is reported first (the required
             * arguments of the constructors and fromisocalendar are ints) */
            int64_t v;
            for (int j = 0; j < i && (!fname || strcmp(fname, "fromisocalendar") == 0); j++)
                if (dt_arg_int(I, out[j], &v))
                    return -1;
            ev_raise(I, &ev_type_TypeError, "%s missing required argument '%s' (pos %d)", fn,
                     names[i], i + 1);
            return -1;
        }
    }
    for (int k = 0; k < nkw; k++) {
        const char *kn = kw->names[k]->data;
        int i = 0;
        while (i < n && strcmp(names[i], kn) != 0)
            i++;
        if (i < argc) {
            ev_raise(I, &ev_type_TypeError, "argument for %s given by name ('%s') and position (%d)",
                     fn, kn, i + 1);
            return -1;
        }
    }
    for (int k = 0; k < nkw; k++) {
        const char *kn = kw->names[k]->data;
        int i = 0;
        while (i < n && strcmp(names[i], kn) != 0)
            i++;
        if (i == n) {
            if (fname)
                ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for %s", kn, fn);
            else
                ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for this function", kn);
            return -1;
        }
    }
    return 0;
}

/* Optional int fields: absent keeps *out. */
int dt_opt_ints(ev_interp *I, const ev_value *vals, int n, int64_t *out)
{
    for (int i = 0; i < n; i++)
        if (!EV_IS_ERR(vals[i]) && dt_arg_int(I, vals[i], &out[i]))
            return -1;
    return 0;
}

int dt_check_date(ev_interp *I, int64_t y, int64_t m, int64_t d)
{
    if (y < 1 || y > 9999) {
        ev_raise(I, &ev_type_ValueError, "year %lld is out of range", (long long)y);
        return -1;
    }
    if (m < 1 || m > 12) {
        ev_raise(I, &ev_type_ValueError, "month must be in 1..12");
        return -1;
    }
    if (d < 1 || d > dt_days_in_month((int)y, (int)m)) {
        ev_raise(I, &ev_type_ValueError, "day is out of range for month");
        return -1;
    }
    return 0;
}

int dt_check_time(ev_interp *I, int64_t hh, int64_t mi, int64_t ss, int64_t us, int64_t fold)
{
    const char *bad = hh < 0 || hh > 23 ? "hour must be in 0..23"
                    : mi < 0 || mi > 59 ? "minute must be in 0..59"
                    : ss < 0 || ss > 59 ? "second must be in 0..59"
                    : us < 0 || us > 999999 ? "microsecond must be in 0..999999"
                    : fold != 0 && fold != 1 ? "fold must be either 0 or 1" : NULL;
    if (!bad)
        return 0;
    ev_raise(I, &ev_type_ValueError, "%s", bad);
    return -1;
}

static bool is_tzinfo(ev_value v)
{
    return v.tag == EV_T_NONE || dt_is(v, DT_TZ) ||
           ((ev_is(v, EV_O_INSTANCE)) && ev_type_is_subclass(ev_type_of(v), &ev_type_dt_tzinfo));
}

int dt_check_tzinfo(ev_interp *I, ev_value v)
{
    if (is_tzinfo(v))
        return 0;
    ev_raise(I, &ev_type_TypeError,
             "tzinfo argument must be None or of a tzinfo subclass, not type '%s'", ev_type_name(v));
    return -1;
}

/* ---- tzinfo calls ----------------------------------------------------------------------------- */

/* A user tzinfo's method: 1 *out bound, 0 the class does not define it. */
int dt_user_method(ev_interp *I, ev_value tz, const char *name, ev_value *out)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    if (!n) {
        ev_raise_nomem(I);
        return -1;
    }
    return ev_class_getattr(I, tz, n, out);
}

static ev_value call_user(ev_interp *I, ev_value tz, const char *name, ev_value arg)
{
    ev_value m;
    int got = dt_user_method(I, tz, name, &m);
    if (got < 0)
        return EV_ERR;
    if (!got)
        return ev_raise(I, &ev_type_NotImplementedError, "a tzinfo subclass must implement %s()",
                        name);
    ev_value r = ev_call(I, m, 1, &arg, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

/* call_utcoffset / call_dst with CPython's checks on the result. */
int dt_offset_call(ev_interp *I, ev_value tz, const char *name, ev_value arg, __int128 *us,
                       bool *has)
{
    *has = false;
    *us = 0;
    if (tz.tag == EV_T_NONE)
        return 0;
    if (dt_is(tz, DT_TZ)) {
        if (strcmp(name, "dst") == 0)
            return 0;
        *has = true;
        *us = dt_delta_us(DT(tz));
        return 0;
    }
    ev_value r = call_user(I, tz, name, arg);
    if (EV_IS_ERR(r))
        return -1;
    if (r.tag == EV_T_NONE)
        return 0;
    if (!dt_is(r, DT_DELTA)) {
        ev_raise(I, &ev_type_TypeError, "tzinfo.%s() must return None or timedelta, not '%s'", name,
                 ev_type_name(r));
        ev_decref(I, r);
        return -1;
    }
    __int128 v = dt_delta_us(DT(r));
    ev_decref(I, r);
    if (v <= -US_PER_DAY || v >= US_PER_DAY) {
        ev_raise(I, &ev_type_ValueError,
                 "offset must be a timedelta strictly between -timedelta(hours=24) and "
                 "timedelta(hours=24).");
        return -1;
    }
    *has = true;
    *us = v;
    return 0;
}

int dt_utcoffset(ev_interp *I, ev_value tz, ev_value arg, __int128 *us, bool *has)
{
    return dt_offset_call(I, tz, "utcoffset", arg, us, has);
}

/* timezone's name: the given one, 'UTC', or UTC+HH:MM[:SS[.ffffff]]. */
ev_value dt_tz_name(ev_interp *I, dt_obj *tz)
{
    if (tz->ref.tag != EV_T_NONE)
        return ev_dup(tz->ref);
    __int128 off = dt_delta_us(tz);
    if (off == 0)
        return ev_str_from_cstr(I, "UTC");
    ev_buf b = {0};
    if (ev_buf_puts(I, &b, "UTC") || dt_fmt_offset(I, &b, off, ":")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value dt_tzname(ev_interp *I, ev_value tz, ev_value arg)
{
    if (tz.tag == EV_T_NONE)
        return EV_NONE;
    if (dt_is(tz, DT_TZ))
        return dt_tz_name(I, DT(tz));
    ev_value r = call_user(I, tz, "tzname", arg);
    if (EV_IS_ERR(r) || r.tag == EV_T_NONE || ev_is(r, EV_O_STR))
        return r;
    ev_raise(I, &ev_type_TypeError, "tzinfo.tzname() must return None or a string, not '%s'",
             ev_type_name(r));
    ev_decref(I, r);
    return EV_ERR;
}

static ev_value delta_or_none(ev_interp *I, __int128 us, bool has)
{
    return has ? dt_new_delta_us(I, us) : EV_NONE;
}

/* ---- datetime <-> microseconds ----------------------------------------------------------------- */

__int128 dt_local_us(const dt_obj *o)
{
    __int128 days = dt_ymd_to_ord(o->y, o->mo, o->d);
    return ((days * 86400 + o->hh * 3600 + o->mi * 60 + o->ss) * US_PER_SEC) + o->us;
}

__int128 dt_time_us(const dt_obj *o)
{
    return ((__int128)o->hh * 3600 + o->mi * 60 + o->ss) * US_PER_SEC + o->us;
}

/* A datetime at `us` microseconds since ordinal 0 (tz kept): OverflowError
 * outside year 1..9999. */
ev_value dt_from_us(ev_interp *I, __int128 us, ev_value tz, int fold)
{
    __int128 r;
    __int128 ord = dt_floordiv128(us, US_PER_DAY, &r);
    if (ord < 1 || ord > MAX_ORD)
        return ev_raise(I, &ev_type_OverflowError, "date value out of range");
    int y, m, d;
    dt_ord_to_ymd((int64_t)ord, &y, &m, &d);
    int64_t s = (int64_t)(r / US_PER_SEC);
    return dt_new_datetime(I, y, m, d, (int)(s / 3600), (int)(s / 60 % 60), (int)(s % 60),
                           (int)(r % US_PER_SEC), tz, fold);
}

/* ---- constructors --------------------------------------------------------------------------------- */

static ev_value date_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"year", "month", "day"};
    ev_value a[3];
    int64_t f[3];
    if (dt_bind(I, argc, argv, kw, names, 3, 3, 3, NULL, a) || dt_opt_ints(I, a, 3, f) ||
        dt_check_date(I, f[0], f[1], f[2]))
        return EV_ERR;
    return dt_new_date(I, (int)f[0], (int)f[1], (int)f[2]);
}

static const char *const datetime_names[] = {"year", "month", "day", "hour", "minute", "second",
                                             "microsecond", "tzinfo", "fold"};

static ev_value datetime_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value a[9];
    int64_t f[7] = {0, 0, 0, 0, 0, 0, 0}, fold = 0;
    if (dt_bind(I, argc, argv, kw, datetime_names, 9, 8, 3, NULL, a) || dt_opt_ints(I, a, 7, f) ||
        dt_opt_ints(I, a + 8, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[7]) ? EV_NONE : a[7];
    if (dt_check_date(I, f[0], f[1], f[2]) || dt_check_time(I, f[3], f[4], f[5], f[6], fold) ||
        dt_check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_datetime(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], (int)f[4], (int)f[5],
                           (int)f[6], tz, (int)fold);
}

static const char *const time_names[] = {"hour", "minute", "second", "microsecond", "tzinfo", "fold"};

static ev_value time_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    ev_value a[6];
    int64_t f[4] = {0, 0, 0, 0}, fold = 0;
    if (dt_bind(I, argc, argv, kw, time_names, 6, 5, 0, NULL, a) || dt_opt_ints(I, a, 4, f) ||
        dt_opt_ints(I, a + 5, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[4]) ? EV_NONE : a[4];
    if (dt_check_time(I, f[0], f[1], f[2], f[3], fold) || dt_check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_time(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], tz, (int)fold);
}

/* delta_new's accum(): add num * factor microseconds to *sum exactly for an
 * int, and for a float its integral part exactly and the fraction into
 * *leftover.  A component too big for any timedelta sets *overflow instead:
 * CPython adds it as a Python int and fails only when the total is
 * converted, after every component's type was checked. */
static int accum(ev_interp *I, const char *tag, ev_value num, int64_t factor, __int128 *sum,
                 double *leftover, bool *overflow)
{
    if (num.tag == EV_T_INT || num.tag == EV_T_BOOL) {
        *sum += (__int128)num.u.i * factor;
        return 0;
    }
    if (ev_is(num, EV_O_INT)) {
        /* up to 80 bits the product (factor < 2**40) stays exact in 128;
         * past them no timedelta can hold the total, whose days CPython
         * converts to a C int last */
        const mpz_t *z = &((ev_bigint *)num.u.o)->z;
        if (mpz_sizeinbase(*z, 2) > 80) {
            *overflow = true;
            return 0;
        }
        unsigned char bytes[16] = {0};
        size_t count = 0;
        mpz_export(bytes, &count, -1, 1, 0, 0, *z); /* |z|, least significant byte first */
        unsigned __int128 mag = 0;
        for (size_t k = count; k-- > 0;)
            mag = (mag << 8) | bytes[k];
        __int128 v = (__int128)mag;
        *sum += (mpz_sgn(*z) < 0 ? -v : v) * factor;
        return 0;
    }
    if (num.tag == EV_T_FLOAT) {
        double ip, fp = modf(num.u.f, &ip);
        if (!isfinite(num.u.f) || fabs(ip) > 1e20) {
            if (isnan(num.u.f)) {
                ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
                return -1;
            }
            if (isinf(num.u.f)) {
                ev_raise(I, &ev_type_OverflowError, "cannot convert float infinity to integer");
                return -1;
            }
            *overflow = true;
            return 0;
        }
        *sum += (__int128)ip * factor;
        if (fp == 0.0)
            return 0;
        double dn = (double)factor * fp;
        fp = modf(dn, &ip);
        *sum += (__int128)ip;
        *leftover += fp;
        return 0;
    }
    ev_raise(I, &ev_type_TypeError, "unsupported type for timedelta %s component: %s", tag,
             ev_type_name(num));
    return -1;
}

static ev_value timedelta_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"days", "seconds", "microseconds", "milliseconds",
                                        "minutes", "hours", "weeks"};
    ev_value a[7];
    if (dt_bind(I, argc, argv, kw, names, 7, 7, 0, "__new__", a))
        return EV_ERR;
    /* CPython's order: us, ms, seconds, minutes, hours, days, weeks */
    static const int order[7] = {2, 3, 1, 4, 5, 0, 6};
    static const int64_t factor[7] = {US_PER_DAY, US_PER_SEC, 1, 1000, 60 * US_PER_SEC,
                                      3600 * US_PER_SEC, 7 * US_PER_DAY};
    __int128 sum = 0;
    double leftover = 0.0;
    bool overflow = false;
    for (int k = 0; k < 7; k++) {
        int i = order[k];
        if (!EV_IS_ERR(a[i]) && accum(I, names[i], a[i], factor[i], &sum, &leftover, &overflow))
            return EV_ERR;
    }
    if (overflow)
        return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
    if (leftover != 0.0) {
        double whole = round(leftover);
        if (fabs(whole - leftover) == 0.5) {
            /* halfway: round half to even, with the parity of the sum */
            int odd = (int)(sum & 1);
            whole = 2.0 * round((leftover + odd) * 0.5) - odd;
        }
        sum += (__int128)whole;
    }
    return dt_new_delta_us(I, sum);
}

static ev_value timezone_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"offset", "name"};
    ev_value a[2];
    if (dt_bind(I, argc, argv, kw, names, 2, 2, 1, "timezone", a))
        return EV_ERR;
    if (!dt_is(a[0], DT_DELTA))
        return ev_raise(I, &ev_type_TypeError, "timezone() argument 1 must be datetime.timedelta, not %s",
                        a[0].tag == EV_T_NONE ? "None" : ev_type_name(a[0]));
    if (!EV_IS_ERR(a[1]) && !ev_is(a[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "timezone() argument 2 must be str, not %s",
                        a[1].tag == EV_T_NONE ? "None" : ev_type_name(a[1]));
    __int128 off = dt_delta_us(DT(a[0]));
    if (off <= -US_PER_DAY || off >= US_PER_DAY) {
        ev_value s = ev_repr(I, a[0]);
        if (EV_IS_ERR(s))
            return s;
        ev_raise(I, &ev_type_ValueError,
                 "offset must be a timedelta strictly between -timedelta(hours=24) and "
                 "timedelta(hours=24), not %s.", ev_as_str(s)->data);
        ev_decref(I, s);
        return EV_ERR;
    }
    return dt_new_tz(I, off, EV_IS_ERR(a[1]) ? EV_NONE : a[1]);
}

/* ---- methods ------------------------------------------------------------------------------------------ */

#define SELF DT(self)

static ev_value m_replace_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dt_obj *o = SELF;
    ev_value a[9];
    if (o->sub == DT_DATE) {
        static const char *const names[] = {"year", "month", "day"};
        int64_t f[3] = {o->y, o->mo, o->d};
        if (dt_bind(I, argc, argv, kw, names, 3, 3, 0, "replace", a) || dt_opt_ints(I, a, 3, f) ||
            dt_check_date(I, f[0], f[1], f[2]))
            return EV_ERR;
        return dt_new_date(I, (int)f[0], (int)f[1], (int)f[2]);
    }
    if (o->sub == DT_DATETIME) {
        int64_t f[7] = {o->y, o->mo, o->d, o->hh, o->mi, o->ss, o->us}, fold = o->fold;
        if (dt_bind(I, argc, argv, kw, datetime_names, 9, 8, 0, "replace", a) || dt_opt_ints(I, a, 7, f) ||
            dt_opt_ints(I, a + 8, 1, &fold))
            return EV_ERR;
        ev_value tz = EV_IS_ERR(a[7]) ? o->ref : a[7];
        if (dt_check_date(I, f[0], f[1], f[2]) || dt_check_time(I, f[3], f[4], f[5], f[6], fold) ||
            dt_check_tzinfo(I, tz))
            return EV_ERR;
        return dt_new_datetime(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], (int)f[4], (int)f[5],
                               (int)f[6], tz, (int)fold);
    }
    int64_t f[4] = {o->hh, o->mi, o->ss, o->us}, fold = o->fold;
    if (dt_bind(I, argc, argv, kw, time_names, 6, 5, 0, "replace", a) || dt_opt_ints(I, a, 4, f) ||
        dt_opt_ints(I, a + 5, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[4]) ? o->ref : a[4];
    if (dt_check_time(I, f[0], f[1], f[2], f[3], fold) || dt_check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_time(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], tz, (int)fold);
}

static ev_value m_weekday(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_int(dt_weekday(SELF->y, SELF->mo, SELF->d));
}

static ev_value m_isoweekday(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_int(dt_weekday(SELF->y, SELF->mo, SELF->d) + 1);
}

static ev_value m_toordinal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)I; (void)argc; (void)argv; (void)kw;
    return ev_int(dt_ymd_to_ord(SELF->y, SELF->mo, SELF->d));
}

static ev_value m_isocalendar(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    int year = SELF->y;
    int64_t today = dt_ymd_to_ord(SELF->y, SELF->mo, SELF->d);
    int64_t monday = dt_iso_week1_monday(year);
    int64_t diff = today - monday;
    int64_t week = diff >= 0 ? diff / 7 : -((-diff + 6) / 7);
    int64_t day = diff - week * 7;
    if (week < 0) {
        year--;
        monday = dt_iso_week1_monday(year);
        diff = today - monday;
        week = diff / 7;
        day = diff % 7;
    } else if (week >= 52 && today >= dt_iso_week1_monday(year + 1)) {
        year++;
        week = 0;
    }
    ev_value t = ev_tuple_new(I, 3);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_int(year);
    ev_as_tuple(t)->items[1] = ev_int(week + 1);
    ev_as_tuple(t)->items[2] = ev_int(day + 1);
    dt_obj *o = dt_alloc(I, DT_ISOCAL);
    if (!o) {
        ev_decref(I, t);
        return EV_ERR;
    }
    o->ref = t;
    return ev_obj_val(&o->h);
}

/* time.struct_time stands as the time module's 9-tuple (see the top). */
static ev_value m_timetuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    dt_obj *o = SELF;
    int dst = -1;
    if (o->sub == DT_DATETIME && o->ref.tag != EV_T_NONE) {
        __int128 us;
        bool has;
        if (dt_offset_call(I, o->ref, "dst", self, &us, &has))
            return EV_ERR;
        if (has)
            dst = us != 0;
    }
    ev_value it[9];
    it[0] = ev_int(o->y);
    it[1] = ev_int(o->mo);
    it[2] = ev_int(o->d);
    it[3] = ev_int(o->hh);
    it[4] = ev_int(o->mi);
    it[5] = ev_int(o->ss);
    it[6] = ev_int(dt_weekday(o->y, o->mo, o->d));
    it[7] = ev_int(dt_ymd_to_ord(o->y, o->mo, o->d) - dt_ymd_to_ord(o->y, 1, 1) + 1);
    it[8] = ev_int(dst);
    return ev_time_struct_new(I, it);
}

static ev_value m_utctimetuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dt_obj *o = SELF;
    __int128 off = 0;
    bool has;
    if (dt_utcoffset(I, o->ref, self, &off, &has))
        return EV_ERR;
    ev_value u = dt_from_us(I, dt_local_us(o) - off, EV_NONE, 0);
    if (EV_IS_ERR(u))
        return u;
    ev_value r = m_timetuple(I, u, argc, argv, kw);
    if (!EV_IS_ERR(r))
        ev_as_tuple(r)->items[8] = ev_int(0);
    ev_decref(I, u);
    return r;
}

static ev_value m_ctime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_ctime(I, self);
}

static ev_value m_isoformat(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dt_obj *o = SELF;
    if (o->sub == DT_DATE) {
        if (argc || EV_KW_N(kw))
            return ev_raise(I, &ev_type_TypeError, "date.isoformat() takes no arguments (%d given)",
                            argc + EV_KW_N(kw));
        return dt_isoformat(I, self, 0, "auto");
    }
    ev_value a[2];
    char sep = 'T';
    const char *spec = "auto";
    if (o->sub == DT_DATETIME) {
        static const char *const names[] = {"sep", "timespec"};
        if (dt_bind(I, argc, argv, kw, names, 2, 2, 0, "isoformat", a))
            return EV_ERR;
        if (!EV_IS_ERR(a[0])) {
            if (!ev_is(a[0], EV_O_STR))
                return ev_raise(I, &ev_type_TypeError,
                                "isoformat() argument 1 must be a unicode character, not %s",
                                ev_type_name(a[0]));
            if (ev_as_str(a[0])->nchars != 1)
                return ev_raise(I, &ev_type_TypeError,
                                "isoformat() argument 1 must be a unicode character, not str");
            if (ev_as_str(a[0])->len != 1)
                return ev_raise(I, &ev_type_ValueError,
                                "safepy supports only ASCII separators in isoformat()");
            sep = ev_as_str(a[0])->data[0];
        }
    } else {
        static const char *const names[] = {"timespec"};
        if (dt_bind(I, argc, argv, kw, names, 1, 1, 0, "isoformat", a + 1))
            return EV_ERR;
    }
    if (!EV_IS_ERR(a[1])) {
        if (!ev_is(a[1], EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "isoformat() argument %d must be str, not %s",
                            o->sub == DT_DATETIME ? 2 : 1, ev_type_name(a[1]));
        spec = ev_as_str(a[1])->data;
    }
    return dt_isoformat(I, self, sep, spec);
}

static ev_value m_strftime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"format"};
    ev_value a[1];
    if (dt_bind(I, argc, argv, kw, names, 1, 1, 1, "strftime", a))
        return EV_ERR;
    if (!ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strftime() argument 1 must be str, not %s",
                        ev_type_name(a[0]));
    return dt_strftime(I, self, ev_as_str(a[0]));
}

static ev_value m_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (dt_tuple_arity(I, "__format__", argc, kw, 1))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "__format__() argument 1 must be str, not %s",
                        ev_type_name(argv[0]));
    ev_value r;
    if (ev_dt_format(I, self, ev_as_str(argv[0]), &r) == 0)
        return ev_to_str(I, self);
    return r;
}

static ev_value m_date(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_new_date(I, SELF->y, SELF->mo, SELF->d);
}

static ev_value m_time(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_new_time(I, SELF->hh, SELF->mi, SELF->ss, SELF->us, EV_NONE, SELF->fold);
}

static ev_value m_timetz(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_new_time(I, SELF->hh, SELF->mi, SELF->ss, SELF->us, SELF->ref, SELF->fold);
}

static ev_value m_utcoffset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 us;
    bool has;
    if (dt_offset_call(I, SELF->ref, "utcoffset", dt_tz_arg(self), &us, &has))
        return EV_ERR;
    return delta_or_none(I, us, has);
}

static ev_value m_dst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 us;
    bool has;
    if (dt_offset_call(I, SELF->ref, "dst", dt_tz_arg(self), &us, &has))
        return EV_ERR;
    return delta_or_none(I, us, has);
}

static ev_value m_tzname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_tzname(I, SELF->ref, dt_tz_arg(self));
}

/* Seconds since the epoch of an aware datetime, or of a naive one read as
 * local time (UTC here). */
static ev_value m_timestamp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 off;
    bool has;
    if (dt_utcoffset(I, SELF->ref, self, &off, &has))
        return EV_ERR;
    __int128 us = dt_local_us(SELF) - off - (__int128)EPOCH_ORD * US_PER_DAY;
    if (us % US_PER_SEC == 0)
        return ev_float((double)(int64_t)(us / US_PER_SEC));
    /* total_seconds(): the int true division, correctly rounded */
    return ev_binary(I, EV_OP_TRUEDIV, ev_int((int64_t)us), ev_int(US_PER_SEC));
}

static ev_value m_astimezone_plain(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"tz"};
    ev_value a[1];
    if (dt_bind(I, argc, argv, kw, names, 1, 1, 0, "astimezone", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[0]) ? EV_NONE : a[0];
    if (dt_check_tzinfo(I, tz))
        return EV_ERR;
    dt_obj *o = SELF;
    __int128 off = 0;
    bool has = false;
    if (o->ref.tag != EV_T_NONE && dt_utcoffset(I, o->ref, self, &off, &has))
        return EV_ERR;
    /* naive: local time, which is UTC */
    if (o->ref.tag != EV_T_NONE && o->ref.u.o == tz.u.o && tz.tag == EV_T_OBJ)
        return ev_dup(self);
    __int128 utc = dt_local_us(o) - off;
    ev_value target = tz, local = EV_NONE;
    if (tz.tag == EV_T_NONE) {
        ev_value name = ev_str_from_cstr(I, "UTC");
        if (EV_IS_ERR(name))
            return name;
        local = dt_new_tz(I, 0, name);
        ev_decref(I, name);
        if (EV_IS_ERR(local))
            return local;
        target = local;
    }
    ev_value u = dt_from_us(I, utc, target, 0);
    ev_value r = EV_IS_ERR(u) ? u : dt_fromutc(I, target, u);
    ev_decref(I, u);
    ev_decref(I, local);
    return r;
}

/* timedelta */
static ev_value m_total_seconds(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 us = dt_delta_us(SELF);
    if (us % US_PER_SEC == 0)
        return ev_float((double)(int64_t)(us / US_PER_SEC));
    mpz_t z;
    mpz_init(z);
    /* beyond int64: through GMP (|us| < 2**67) */
    mpz_set_si(z, (long)(us / US_PER_SEC));
    mpz_mul_si(z, z, US_PER_SEC);
    if (us % US_PER_SEC >= 0)
        mpz_add_ui(z, z, (unsigned long)(us % US_PER_SEC));
    else
        mpz_sub_ui(z, z, (unsigned long)(-(us % US_PER_SEC)));
    ev_value n = ev_int_from_mpz(I, z);
    mpz_clear(z);
    if (EV_IS_ERR(n))
        return n;
    ev_value r = ev_binary(I, EV_OP_TRUEDIV, n, ev_int(US_PER_SEC));
    ev_decref(I, n);
    return r;
}

/* timezone / tzinfo */
static ev_value tz_utcoffset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (argv[0].tag != EV_T_NONE && !dt_is(argv[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "utcoffset(dt) argument must be a datetime instance or None, not %s",
                        ev_type_name(argv[0]));
    return dt_new_delta_us(I, dt_delta_us(SELF));
}

static ev_value tz_dst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    if (argv[0].tag != EV_T_NONE && !dt_is(argv[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "dst(dt) argument must be a datetime instance or None, not %s",
                        ev_type_name(argv[0]));
    return EV_NONE;
}

static ev_value tz_tzname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (argv[0].tag != EV_T_NONE && !dt_is(argv[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "tzname(dt) argument must be a datetime instance or None, not %s",
                        ev_type_name(argv[0]));
    return dt_tz_name(I, SELF);
}

static ev_value tz_fromutc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!dt_is(argv[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "fromutc: argument must be a datetime");
    if (DT(argv[0])->ref.tag != EV_T_OBJ || DT(argv[0])->ref.u.o != self.u.o)
        return ev_raise(I, &ev_type_ValueError, "fromutc: dt.tzinfo is not self");
    return dt_fromutc(I, self, argv[0]);
}

#undef SELF

/* ---- results of the class called on --------------------------------------------------------------- */

static DT_CLS_WRAP(m_replace, ev_type_of(self))
static DT_CLS_WRAP(m_astimezone, ev_type_of(self))


/* ---- the module -------------------------------------------------------------------------------------------- */

#define NOARGS 0, 0, 0
#define ANYKW 0, -1, EV_BF_KWANY

static const ev_builtin_def date_methods[] = {
    {"replace", m_replace, ANYKW},
    {"weekday", m_weekday, NOARGS},
    {"isoweekday", m_isoweekday, NOARGS},
    {"isocalendar", m_isocalendar, NOARGS},
    {"toordinal", m_toordinal, NOARGS},
    {"timetuple", m_timetuple, NOARGS},
    {"ctime", m_ctime, NOARGS},
    {"isoformat", m_isoformat, ANYKW},
    {"strftime", m_strftime, ANYKW},
    {"__format__", m_format, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def datetime_methods[] = {
    {"replace", m_replace, ANYKW},
    {"date", m_date, NOARGS},
    {"time", m_time, NOARGS},
    {"timetz", m_timetz, NOARGS},
    {"utcoffset", m_utcoffset, NOARGS},
    {"dst", m_dst, NOARGS},
    {"tzname", m_tzname, NOARGS},
    {"timestamp", m_timestamp, NOARGS},
    {"astimezone", m_astimezone, ANYKW},
    {"utctimetuple", m_utctimetuple, NOARGS},
    {"isoformat", m_isoformat, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def time_methods[] = {
    {"replace", m_replace, ANYKW},
    {"utcoffset", m_utcoffset, NOARGS},
    {"dst", m_dst, NOARGS},
    {"tzname", m_tzname, NOARGS},
    {"isoformat", m_isoformat, ANYKW},
    {"strftime", m_strftime, ANYKW},
    {"__format__", m_format, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def timedelta_methods[] = {
    {"total_seconds", m_total_seconds, NOARGS},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def timezone_methods[] = {
    {"utcoffset", tz_utcoffset, 1, 1, 0},
    {"dst", tz_dst, 1, 1, 0},
    {"tzname", tz_tzname, 1, 1, 0},
    {"fromutc", tz_fromutc, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def date_type_methods[] = {
    {"today", dt_date_today, NOARGS},
    {"fromtimestamp", dt_date_fromtimestamp, 1, 1, 0},
    {"fromordinal", dt_date_fromordinal, ANYKW},
    {"fromisoformat", dt_fromisoformat_fn, 1, 1, 0},
    {"fromisocalendar", dt_date_fromisocalendar, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def datetime_type_methods[] = {
    {"today", dt_date_today, NOARGS},
    {"now", dt_now, ANYKW},
    {"utcnow", dt_utcnow, NOARGS},
    {"fromtimestamp", dt_date_fromtimestamp, ANYKW},
    {"utcfromtimestamp", dt_utcfromtimestamp, ANYKW},
    {"fromordinal", dt_date_fromordinal, ANYKW},
    {"fromisoformat", dt_fromisoformat_fn, 1, 1, 0},
    {"fromisocalendar", dt_date_fromisocalendar, ANYKW},
    {"combine", dt_combine, ANYKW},
    {"strptime", dt_strptime_fn, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def time_type_methods[] = {
    {"fromisoformat", dt_fromisoformat_fn, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

/* ---- tzinfo itself: an abstract base whose methods say what to override ---------------- */

static ev_value tzinfo_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_type *t = (ev_type *)self.u.o;
    return ev_cinstance_new(I, t, 0);
}

static ev_value tzinfo_abstract(ev_interp *I, const char *name)
{
    return ev_raise(I, &ev_type_NotImplementedError, "a tzinfo subclass must implement %s()", name);
}

static ev_value tzm_tzname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return tzinfo_abstract(I, "tzname");
}

static ev_value tzm_utcoffset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return tzinfo_abstract(I, "utcoffset");
}

static ev_value tzm_dst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return tzinfo_abstract(I, "dst");
}

static ev_value tzm_fromutc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value dt = argv[0];
    if (!dt_is(dt, DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "fromutc: argument must be a datetime");
    if (DT(dt)->ref.tag != self.tag || DT(dt)->ref.u.o != self.u.o)
        return ev_raise(I, &ev_type_ValueError, "fromutc: dt.tzinfo is not self");
    return dt_fromutc_default(I, self, dt);
}

static const ev_builtin_def tzinfo_methods[] = {
    {"tzname", tzm_tzname, 1, 1, 0},
    {"utcoffset", tzm_utcoffset, 1, 1, 0},
    {"dst", tzm_dst, 1, 1, 0},
    {"fromutc", tzm_fromutc, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

#define DT_TYPE(var, nm, base_, ctor, meths, tmeths, ...)                                        \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},             \
                   .name = nm, .base = base_, .call = ctor, .methods = meths,                \
                   .min_args = 0, .max_args = -1, .type_methods = tmeths,                    \
                   .kwflags = EV_BF_KWANY, .module = "datetime", __VA_ARGS__}

DT_TYPE(ev_type_dt_date, "datetime.date", NULL, date_ctor, date_methods, date_type_methods, .tflags = EV_TYPE_VALUE);
DT_TYPE(ev_type_dt_datetime, "datetime.datetime", &ev_type_dt_date, datetime_ctor, datetime_methods,
        datetime_type_methods, .tflags = EV_TYPE_VALUE);
DT_TYPE(ev_type_dt_time, "datetime.time", NULL, time_ctor, time_methods, time_type_methods, .tflags = EV_TYPE_VALUE);
DT_TYPE(ev_type_dt_timedelta, "datetime.timedelta", NULL, timedelta_ctor, timedelta_methods, NULL, .tflags = EV_TYPE_VALUE);
DT_TYPE(ev_type_dt_tzinfo, "datetime.tzinfo", NULL, tzinfo_ctor, tzinfo_methods, NULL, .tflags = EV_TYPE_PLAIN_BASE);
DT_TYPE(ev_type_dt_timezone, "datetime.timezone", &ev_type_dt_tzinfo, timezone_ctor, timezone_methods, NULL,
        .tflags = EV_TYPE_FINAL);
DT_TYPE(ev_type_dt_isocal, "datetime.IsoCalendarDate", NULL, NULL, NULL, NULL, .tflags = EV_TYPE_FINAL);

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "MINYEAR", ev_int(1)) ||
           ev_module_set(I, ns, "MAXYEAR", ev_int(9999)) ||
           ev_module_set(I, ns, "date", ev_obj_val(&ev_type_dt_date.h)) ||
           ev_module_set(I, ns, "datetime", ev_obj_val(&ev_type_dt_datetime.h)) ||
           ev_module_set(I, ns, "time", ev_obj_val(&ev_type_dt_time.h)) ||
           ev_module_set(I, ns, "timedelta", ev_obj_val(&ev_type_dt_timedelta.h)) ||
           ev_module_set(I, ns, "tzinfo", ev_obj_val(&ev_type_dt_tzinfo.h)) ||
           ev_module_set(I, ns, "timezone", ev_obj_val(&ev_type_dt_timezone.h)) ||
           ev_module_set(I, ns, "UTC", ev_obj_val(&dt_utc.h));
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "date", "datetime", "time", "timedelta", "timezone", "tzinfo", "MINYEAR", "MAXYEAR", "UTC", NULL
};

const ev_module_def ev_module_datetime = {"datetime", NULL, init, all_names};

/* ---- the kind table's row (ev_obj.h) ---------------------------------------------------- */

/* a datetime value's own repr, not a subclass's __repr__ */
static int dt_ops_repr_buf(ev_interp *I, ev_buf *b, ev_value v) { return ev_buf_put_strval(I, b, ev_dt_repr(I, v)); }

const ev_kind_ops ev_datetime_ops = {
    .name = "datetime",
    .free = ev_dt_free,
    .repr = ev_dt_repr,
    .repr_buf = dt_ops_repr_buf,
    .truth = ev_dt_truth,
    .hash = ev_dt_hash,
};
