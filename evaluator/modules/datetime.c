/*
 * datetime.c - the datetime module, CPython 3.11 semantics (the C
 * implementation, Modules/_datetimemodule.c): date, datetime, time,
 * timedelta, tzinfo, timezone, MINYEAR, MAXYEAR.
 *
 * Every value is one EV_O_DATETIME object (datetime_int.h) whose `sub` says
 * which type it is; the object protocol reaches the ev_dt_* hooks declared
 * in ev.h for repr, str, hash, comparisons, arithmetic and attributes.
 * tzinfo is a builtin type user classes derive from (EV_TYPE_PLAIN_BASE):
 * their instances are plain user instances whose utcoffset/dst/tzname/
 * fromutc are called through ev_getattr/ev_call.
 *
 * Deliberate differences: the local time zone is UTC (the sandbox has no
 * zone data; as CPython with TZ=UTC0), timetuple() returns the 9-tuple the
 * time module returns for a struct_time, and date/datetime cannot be
 * subclassed (class.c refuses it with a clear message).
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/datetime_int.h"

#define US_PER_SEC 1000000LL
#define US_PER_DAY 86400000000LL
#define MAX_DELTA_DAYS 999999999
#define MAX_ORD 3652059 /* date(9999, 12, 31).toordinal() */

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

static __int128 floordiv128(__int128 a, __int128 b, __int128 *rem)
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
    __int128 d = floordiv128(us, US_PER_DAY, &r);
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

/* PyArg "i": an int argument. */
static int arg_int(ev_interp *I, ev_value v, int64_t *out)
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

/* PyArg_ParseTupleAndKeywords: match positionals and keywords to names[];
 * out[] EV_ERR where absent.  fname NULL: the constructors' messages
 * ("function takes at most 3 arguments").  npos: how many may be given by
 * position (the rest are keyword-only). */
static int bind(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw,
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
        ev_raise(I, &ev_type_TypeError, "%s takes at most %d argument%s (%d given)", fn, n,
                 n == 1 ? "" : "s", argc + nkw);
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
static int opt_ints(ev_interp *I, const ev_value *vals, int n, int64_t *out)
{
    for (int i = 0; i < n; i++)
        if (!EV_IS_ERR(vals[i]) && arg_int(I, vals[i], &out[i]))
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

static int check_tzinfo(ev_interp *I, ev_value v)
{
    if (is_tzinfo(v))
        return 0;
    ev_raise(I, &ev_type_TypeError,
             "tzinfo argument must be None or of a tzinfo subclass, not type '%s'", ev_type_name(v));
    return -1;
}

/* ---- tzinfo calls ----------------------------------------------------------------------------- */

/* A user tzinfo's method: 1 *out bound, 0 the class does not define it. */
static int user_method(ev_interp *I, ev_value tz, const char *name, ev_value *out)
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
    int got = user_method(I, tz, name, &m);
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
static int offset_call(ev_interp *I, ev_value tz, const char *name, ev_value arg, __int128 *us,
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
    return offset_call(I, tz, "utcoffset", arg, us, has);
}

/* timezone's name: the given one, 'UTC', or UTC+HH:MM[:SS[.ffffff]]. */
static ev_value tz_name(ev_interp *I, dt_obj *tz)
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
        return tz_name(I, DT(tz));
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

static __int128 dt_local_us(const dt_obj *o)
{
    __int128 days = dt_ymd_to_ord(o->y, o->mo, o->d);
    return ((days * 86400 + o->hh * 3600 + o->mi * 60 + o->ss) * US_PER_SEC) + o->us;
}

static __int128 time_us(const dt_obj *o)
{
    return ((__int128)o->hh * 3600 + o->mi * 60 + o->ss) * US_PER_SEC + o->us;
}

/* A datetime at `us` microseconds since ordinal 0 (tz kept): OverflowError
 * outside year 1..9999. */
static ev_value datetime_from_us(ev_interp *I, __int128 us, ev_value tz, int fold)
{
    __int128 r;
    __int128 ord = floordiv128(us, US_PER_DAY, &r);
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
    if (bind(I, argc, argv, kw, names, 3, 3, 3, NULL, a) || opt_ints(I, a, 3, f) ||
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
    if (bind(I, argc, argv, kw, datetime_names, 9, 8, 3, NULL, a) || opt_ints(I, a, 7, f) ||
        opt_ints(I, a + 8, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[7]) ? EV_NONE : a[7];
    if (dt_check_date(I, f[0], f[1], f[2]) || dt_check_time(I, f[3], f[4], f[5], f[6], fold) ||
        check_tzinfo(I, tz))
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
    if (bind(I, argc, argv, kw, time_names, 6, 5, 0, NULL, a) || opt_ints(I, a, 4, f) ||
        opt_ints(I, a + 5, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[4]) ? EV_NONE : a[4];
    if (dt_check_time(I, f[0], f[1], f[2], f[3], fold) || check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_time(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], tz, (int)fold);
}

/* delta_new's accum(): add num * factor microseconds to *sum exactly for an
 * int, and for a float its integral part exactly and the fraction into
 * *leftover. */
static int accum(ev_interp *I, const char *tag, ev_value num, int64_t factor, __int128 *sum,
                 double *leftover)
{
    if (num.tag == EV_T_INT || num.tag == EV_T_BOOL) {
        *sum += (__int128)num.u.i * factor;
        return 0;
    }
    if (ev_is(num, EV_O_INT)) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    if (num.tag == EV_T_FLOAT) {
        double ip, fp = modf(num.u.f, &ip);
        if (!isfinite(num.u.f) || fabs(ip) > 1e20) {
            if (isnan(num.u.f)) {
                ev_raise(I, &ev_type_ValueError, "cannot convert float NaN to integer");
                return -1;
            }
            ev_raise(I, &ev_type_OverflowError, isinf(num.u.f) ? "cannot convert float infinity to integer"
                                                               : "Python int too large to convert to C int");
            return -1;
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
    if (bind(I, argc, argv, kw, names, 7, 7, 0, "__new__", a))
        return EV_ERR;
    /* CPython's order: us, ms, seconds, minutes, hours, days, weeks */
    static const int order[7] = {2, 3, 1, 4, 5, 0, 6};
    static const int64_t factor[7] = {US_PER_DAY, US_PER_SEC, 1, 1000, 60 * US_PER_SEC,
                                      3600 * US_PER_SEC, 7 * US_PER_DAY};
    __int128 sum = 0;
    double leftover = 0.0;
    for (int k = 0; k < 7; k++) {
        int i = order[k];
        if (!EV_IS_ERR(a[i]) && accum(I, names[i], a[i], factor[i], &sum, &leftover))
            return EV_ERR;
    }
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
    if (bind(I, argc, argv, kw, names, 2, 2, 1, "timezone", a))
        return EV_ERR;
    if (!dt_is(a[0], DT_DELTA))
        return ev_raise(I, &ev_type_TypeError, "timezone() argument 1 must be datetime.timedelta, not %s",
                        ev_type_name(a[0]));
    if (!EV_IS_ERR(a[1]) && !ev_is(a[1], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "timezone() argument 2 must be str, not %s",
                        ev_type_name(a[1]));
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

/* ---- the clock -------------------------------------------------------------------------------------- */

/* Now as microseconds since the Unix epoch (the sandbox's clock is UTC). */
static int64_t now_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * US_PER_SEC + ts.tv_nsec / 1000;
}

#define EPOCH_ORD 719163 /* date(1970, 1, 1).toordinal() */

/* tz.fromutc(dt) for any tzinfo: timezone adds its offset, a user class
 * uses its own fromutc or tzinfo's default algorithm. */
static ev_value fromutc(ev_interp *I, ev_value tz, ev_value dt)
{
    if (dt_is(tz, DT_TZ))
        return datetime_from_us(I, dt_local_us(DT(dt)) + dt_delta_us(DT(tz)), tz, 0);
    ev_value m;
    int got = user_method(I, tz, "fromutc", &m);
    if (got < 0)
        return EV_ERR;
    if (got) {
        ev_value r = ev_call(I, m, 1, &dt, 0, NULL, NULL);
        ev_decref(I, m);
        return r;
    }
    __int128 off, dst;
    bool has;
    if (offset_call(I, tz, "utcoffset", dt, &off, &has))
        return EV_ERR;
    if (!has)
        return ev_raise(I, &ev_type_ValueError, "fromutc: non-None utcoffset() result required");
    if (offset_call(I, tz, "dst", dt, &dst, &has))
        return EV_ERR;
    if (!has)
        return ev_raise(I, &ev_type_ValueError, "fromutc: non-None dst() result required");
    ev_value mid = datetime_from_us(I, dt_local_us(DT(dt)) + off - dst, tz, 0);
    if (EV_IS_ERR(mid))
        return mid;
    if (offset_call(I, tz, "dst", mid, &dst, &has)) {
        ev_decref(I, mid);
        return EV_ERR;
    }
    if (!has) {
        ev_decref(I, mid);
        return ev_raise(I, &ev_type_ValueError,
                        "fromutc: tz.dst() gave inconsistent results; cannot convert");
    }
    ev_value r = datetime_from_us(I, dt_local_us(DT(mid)) + dst, tz, 0);
    ev_decref(I, mid);
    return r;
}

/* datetime at `epoch_us` (UTC), in tz (None: naive local time = UTC). */
static ev_value datetime_at(ev_interp *I, int64_t sec, int64_t usec, ev_value tz, bool utc)
{
    __int128 us = ((__int128)EPOCH_ORD * 86400 + sec) * US_PER_SEC + usec;
    if (tz.tag == EV_T_NONE || utc)
        return datetime_from_us(I, us, EV_NONE, 0);
    ev_value dt = datetime_from_us(I, us, tz, 0);
    if (EV_IS_ERR(dt))
        return dt;
    ev_value r = fromutc(I, tz, dt);
    ev_decref(I, dt);
    return r;
}

/* _PyTime_ObjectToTimeval with ROUND_HALF_EVEN. */
static int timestamp_arg(ev_interp *I, ev_value v, int64_t *sec, int64_t *usec)
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

static ev_value date_today(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    int64_t us = now_us();
    int64_t s = us / US_PER_SEC;
    if (self.u.o == &ev_type_dt_date.h) {
        int y, m, d;
        dt_ord_to_ymd(EPOCH_ORD + s / 86400, &y, &m, &d);
        return dt_new_date(I, y, m, d);
    }
    return datetime_at(I, s, us % US_PER_SEC, EV_NONE, false);
}

static ev_value dt_now(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"tz"};
    ev_value a[1];
    if (bind(I, argc, argv, kw, names, 1, 1, 0, "now", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[0]) ? EV_NONE : a[0];
    if (check_tzinfo(I, tz))
        return EV_ERR;
    int64_t us = now_us();
    return datetime_at(I, us / US_PER_SEC, us % US_PER_SEC, tz, false);
}

static ev_value dt_utcnow(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)argv; (void)kw;
    int64_t us = now_us();
    return datetime_at(I, us / US_PER_SEC, us % US_PER_SEC, EV_NONE, true);
}

static ev_value date_fromtimestamp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    int64_t s, us;
    if (self.u.o == &ev_type_dt_date.h) {
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
    if (bind(I, argc, argv, kw, names, 2, 2, 1, "fromtimestamp", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    if (check_tzinfo(I, tz) || timestamp_arg(I, a[0], &s, &us))
        return EV_ERR;
    return datetime_at(I, s, us, tz, false);
}

static ev_value dt_utcfromtimestamp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    int64_t s, us;
    if (timestamp_arg(I, argv[0], &s, &us))
        return EV_ERR;
    return datetime_at(I, s, us, EV_NONE, true);
}

static ev_value date_fromordinal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    int64_t n;
    if (arg_int(I, argv[0], &n))
        return EV_ERR;
    if (n < 1)
        return ev_raise(I, &ev_type_ValueError, "ordinal must be >= 1");
    int y, m, d;
    dt_ord_to_ymd(n, &y, &m, &d);
    if (n > MAX_ORD)
        return ev_raise(I, &ev_type_ValueError, "year %d is out of range", y);
    if (self.u.o == &ev_type_dt_date.h)
        return dt_new_date(I, y, m, d);
    return dt_new_datetime(I, y, m, d, 0, 0, 0, 0, EV_NONE, 0);
}

static ev_value date_fromisocalendar(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"year", "week", "day"};
    ev_value a[3];
    int64_t f[3];
    if (bind(I, argc, argv, kw, names, 3, 3, 3, "fromisocalendar", a) || opt_ints(I, a, 3, f))
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
    if (self.u.o == &ev_type_dt_date.h)
        return dt_new_date(I, y, m, d);
    return dt_new_datetime(I, y, m, d, 0, 0, 0, 0, EV_NONE, 0);
}

static ev_value fromisoformat_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    dt_sub k = self.u.o == &ev_type_dt_date.h ? DT_DATE
             : self.u.o == &ev_type_dt_time.h ? DT_TIME : DT_DATETIME;
    return dt_fromisoformat(I, k, argv[0]);
}

static ev_value dt_combine(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    static const char *const names[] = {"date", "time", "tzinfo"};
    ev_value a[3];
    if (bind(I, argc, argv, kw, names, 3, 3, 2, "combine", a))
        return EV_ERR;
    if (!dt_is(a[0], DT_DATE) && !dt_is(a[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "combine() argument 1 must be datetime.date, not %s",
                        ev_type_name(a[0]));
    if (!dt_is(a[1], DT_TIME))
        return ev_raise(I, &ev_type_TypeError, "combine() argument 2 must be datetime.time, not %s",
                        ev_type_name(a[1]));
    dt_obj *d = DT(a[0]), *t = DT(a[1]);
    ev_value tz = EV_IS_ERR(a[2]) ? t->ref : a[2];
    if (check_tzinfo(I, tz))
        return EV_ERR;
    return dt_new_datetime(I, d->y, d->mo, d->d, t->hh, t->mi, t->ss, t->us, tz, t->fold);
}

static ev_value dt_strptime_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)argc; (void)kw;
    return dt_strptime(I, argv[0], argv[1]);
}

/* ---- methods ------------------------------------------------------------------------------------------ */

#define SELF DT(self)

static ev_value m_replace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dt_obj *o = SELF;
    ev_value a[9];
    if (o->sub == DT_DATE) {
        static const char *const names[] = {"year", "month", "day"};
        int64_t f[3] = {o->y, o->mo, o->d};
        if (bind(I, argc, argv, kw, names, 3, 3, 0, "replace", a) || opt_ints(I, a, 3, f) ||
            dt_check_date(I, f[0], f[1], f[2]))
            return EV_ERR;
        return dt_new_date(I, (int)f[0], (int)f[1], (int)f[2]);
    }
    if (o->sub == DT_DATETIME) {
        int64_t f[7] = {o->y, o->mo, o->d, o->hh, o->mi, o->ss, o->us}, fold = o->fold;
        if (bind(I, argc, argv, kw, datetime_names, 9, 8, 0, "replace", a) || opt_ints(I, a, 7, f) ||
            opt_ints(I, a + 8, 1, &fold))
            return EV_ERR;
        ev_value tz = EV_IS_ERR(a[7]) ? o->ref : a[7];
        if (dt_check_date(I, f[0], f[1], f[2]) || dt_check_time(I, f[3], f[4], f[5], f[6], fold) ||
            check_tzinfo(I, tz))
            return EV_ERR;
        return dt_new_datetime(I, (int)f[0], (int)f[1], (int)f[2], (int)f[3], (int)f[4], (int)f[5],
                               (int)f[6], tz, (int)fold);
    }
    int64_t f[4] = {o->hh, o->mi, o->ss, o->us}, fold = o->fold;
    if (bind(I, argc, argv, kw, time_names, 6, 5, 0, "replace", a) || opt_ints(I, a, 4, f) ||
        opt_ints(I, a + 5, 1, &fold))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[4]) ? o->ref : a[4];
    if (dt_check_time(I, f[0], f[1], f[2], f[3], fold) || check_tzinfo(I, tz))
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
        if (offset_call(I, o->ref, "dst", self, &us, &has))
            return EV_ERR;
        if (has)
            dst = us != 0;
    }
    ev_value t = ev_tuple_new(I, 9);
    if (EV_IS_ERR(t))
        return t;
    ev_value *it = ev_as_tuple(t)->items;
    it[0] = ev_int(o->y);
    it[1] = ev_int(o->mo);
    it[2] = ev_int(o->d);
    it[3] = ev_int(o->hh);
    it[4] = ev_int(o->mi);
    it[5] = ev_int(o->ss);
    it[6] = ev_int(dt_weekday(o->y, o->mo, o->d));
    it[7] = ev_int(dt_ymd_to_ord(o->y, o->mo, o->d) - dt_ymd_to_ord(o->y, 1, 1) + 1);
    it[8] = ev_int(dst);
    return t;
}

static ev_value m_utctimetuple(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    dt_obj *o = SELF;
    __int128 off = 0;
    bool has;
    if (dt_utcoffset(I, o->ref, self, &off, &has))
        return EV_ERR;
    ev_value u = datetime_from_us(I, dt_local_us(o) - off, EV_NONE, 0);
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
        if (bind(I, argc, argv, kw, names, 2, 2, 0, "isoformat", a))
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
        if (bind(I, argc, argv, kw, names, 1, 1, 0, "isoformat", a + 1))
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
    if (bind(I, argc, argv, kw, names, 1, 1, 1, "strftime", a))
        return EV_ERR;
    if (!ev_is(a[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strftime() argument 1 must be str, not %s",
                        ev_type_name(a[0]));
    return dt_strftime(I, self, ev_as_str(a[0]));
}

static ev_value m_format(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
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

/* The argument a time's tzinfo methods receive: None for a time. */
static ev_value tz_arg(ev_value self)
{
    return dt_is(self, DT_TIME) ? EV_NONE : self;
}

static ev_value m_utcoffset(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 us;
    bool has;
    if (offset_call(I, SELF->ref, "utcoffset", tz_arg(self), &us, &has))
        return EV_ERR;
    return delta_or_none(I, us, has);
}

static ev_value m_dst(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    __int128 us;
    bool has;
    if (offset_call(I, SELF->ref, "dst", tz_arg(self), &us, &has))
        return EV_ERR;
    return delta_or_none(I, us, has);
}

static ev_value m_tzname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    return dt_tzname(I, SELF->ref, tz_arg(self));
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

static ev_value m_astimezone(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    static const char *const names[] = {"tz"};
    ev_value a[1];
    if (bind(I, argc, argv, kw, names, 1, 1, 0, "astimezone", a))
        return EV_ERR;
    ev_value tz = EV_IS_ERR(a[0]) ? EV_NONE : a[0];
    if (check_tzinfo(I, tz))
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
    ev_value u = datetime_from_us(I, utc, target, 0);
    ev_value r = EV_IS_ERR(u) ? u : fromutc(I, target, u);
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
    return tz_name(I, SELF);
}

static ev_value tz_fromutc(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    if (!dt_is(argv[0], DT_DATETIME))
        return ev_raise(I, &ev_type_TypeError, "fromutc() argument must be a datetime instance or None, not %s",
                        ev_type_name(argv[0]));
    if (DT(argv[0])->ref.tag != EV_T_OBJ || DT(argv[0])->ref.u.o != self.u.o)
        return ev_raise(I, &ev_type_ValueError, "fromutc: dt.tzinfo is not self");
    return fromutc(I, self, argv[0]);
}

#undef SELF

/* ---- repr and str ---------------------------------------------------------------------------------- */

static int repr_delta(ev_interp *I, ev_buf *b, const dt_obj *o)
{
    if (ev_buf_puts(I, b, "datetime.timedelta("))
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

/* ", tzinfo=...)" and ", fold=1)" as the C reprs add them. */
static int repr_tail(ev_interp *I, ev_buf *b, const dt_obj *o)
{
    if (o->ref.tag != EV_T_NONE &&
        (ev_buf_puts(I, b, ", tzinfo=") || ev_buf_repr(I, b, o->ref)))
        return -1;
    if (o->fold && ev_buf_puts(I, b, ", fold=1"))
        return -1;
    return ev_buf_puts(I, b, ")");
}

static int repr_into(ev_interp *I, ev_buf *b, ev_value v)
{
    dt_obj *o = DT(v);
    switch ((dt_sub)o->sub) {
    case DT_DATE:
        return ev_buf_printf(I, b, "datetime.date(%d, %d, %d)", o->y, o->mo, o->d);
    case DT_DATETIME:
        if (ev_buf_printf(I, b, "datetime.datetime(%d, %d, %d, %d, %d", o->y, o->mo, o->d, o->hh, o->mi))
            return -1;
        if ((o->ss || o->us) && ev_buf_printf(I, b, ", %d", o->ss))
            return -1;
        if (o->us && ev_buf_printf(I, b, ", %d", o->us))
            return -1;
        return repr_tail(I, b, o);
    case DT_TIME:
        if (ev_buf_printf(I, b, "datetime.time(%d, %d", o->hh, o->mi))
            return -1;
        if ((o->ss || o->us) && ev_buf_printf(I, b, ", %d", o->ss))
            return -1;
        if (o->us && ev_buf_printf(I, b, ", %d", o->us))
            return -1;
        return repr_tail(I, b, o);
    case DT_DELTA:
        return repr_delta(I, b, o);
    case DT_TZ:
        if (o == &dt_utc)
            return ev_buf_puts(I, b, "datetime.timezone.utc");
        if (ev_buf_puts(I, b, "datetime.timezone(") || repr_delta(I, b, o))
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
        return tz_name(I, o);
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
    __int128 local = o->sub == DT_DATETIME ? dt_local_us(o) : time_us(o);
    __int128 off;
    if (dt_utcoffset(I, o->ref, tz_arg(v), &off, aware))
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
            __int128 p = x->sub == DT_DATETIME ? dt_local_us(x) : time_us(x);
            __int128 q = y->sub == DT_DATETIME ? dt_local_us(y) : time_us(y);
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
            *out = int128_value(I, floordiv128(x, y, NULL));
            return 1;
        case EV_OP_MOD: {
            if (y == 0) {
                *out = ev_raise(I, &ev_type_ZeroDivisionError, "integer modulo by zero");
                return 1;
            }
            __int128 r;
            floordiv128(x, y, &r);
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
            *out = datetime_from_us(I, dt_local_us(DT(a)) + d, DT(a)->ref, 0);
        }
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
        ev_type *t = (ev_type *)obj.u.o;
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
            *out = ev_builtin_new(I, m, ev_obj_val(&t->h));
            return 1;
        }
    return 0;
}

/* IsoCalendarDate behaves as its (year, week, weekday) tuple. */
ev_value ev_dt_as_tuple(ev_value v)
{
    return dt_is(v, DT_ISOCAL) ? DT(v)->ref : EV_ERR;
}

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
    {"__format__", m_format, 1, 1, 0},
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
    {"__format__", m_format, 1, 1, 0},
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
    {"today", date_today, NOARGS},
    {"fromtimestamp", date_fromtimestamp, 1, 1, 0},
    {"fromordinal", date_fromordinal, 1, 1, 0},
    {"fromisoformat", fromisoformat_fn, 1, 1, 0},
    {"fromisocalendar", date_fromisocalendar, ANYKW},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def datetime_type_methods[] = {
    {"today", date_today, NOARGS},
    {"now", dt_now, ANYKW},
    {"utcnow", dt_utcnow, NOARGS},
    {"fromtimestamp", date_fromtimestamp, ANYKW},
    {"utcfromtimestamp", dt_utcfromtimestamp, 1, 1, 0},
    {"fromordinal", date_fromordinal, 1, 1, 0},
    {"fromisoformat", fromisoformat_fn, 1, 1, 0},
    {"fromisocalendar", date_fromisocalendar, ANYKW},
    {"combine", dt_combine, ANYKW},
    {"strptime", dt_strptime_fn, 2, 2, EV_BF_POSN},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def time_type_methods[] = {
    {"fromisoformat", fromisoformat_fn, 1, 1, 0},
    {NULL, NULL, 0, 0, 0},
};

#define DT_TYPE(var, nm, base_, ctor, meths, tmeths, ...)                                        \
    ev_type var = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},             \
                   .name = nm, .base = base_, .call = ctor, .methods = meths,                \
                   .min_args = 0, .max_args = -1, .type_methods = tmeths,                    \
                   .kwflags = EV_BF_KWANY, .module = "datetime", __VA_ARGS__}

DT_TYPE(ev_type_dt_date, "datetime.date", NULL, date_ctor, date_methods, date_type_methods);
DT_TYPE(ev_type_dt_datetime, "datetime.datetime", &ev_type_dt_date, datetime_ctor, datetime_methods,
        datetime_type_methods);
DT_TYPE(ev_type_dt_time, "datetime.time", NULL, time_ctor, time_methods, time_type_methods);
DT_TYPE(ev_type_dt_timedelta, "datetime.timedelta", NULL, timedelta_ctor, timedelta_methods, NULL);
DT_TYPE(ev_type_dt_tzinfo, "datetime.tzinfo", NULL, NULL, NULL, NULL, .tflags = EV_TYPE_PLAIN_BASE);
DT_TYPE(ev_type_dt_timezone, "datetime.timezone", &ev_type_dt_tzinfo, timezone_ctor, timezone_methods, NULL);
DT_TYPE(ev_type_dt_isocal, "datetime.IsoCalendarDate", NULL, NULL, NULL, NULL);

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "MINYEAR", ev_int(1)) ||
           ev_module_set(I, ns, "MAXYEAR", ev_int(9999)) ||
           ev_module_set(I, ns, "date", ev_obj_val(&ev_type_dt_date.h)) ||
           ev_module_set(I, ns, "datetime", ev_obj_val(&ev_type_dt_datetime.h)) ||
           ev_module_set(I, ns, "time", ev_obj_val(&ev_type_dt_time.h)) ||
           ev_module_set(I, ns, "timedelta", ev_obj_val(&ev_type_dt_timedelta.h)) ||
           ev_module_set(I, ns, "tzinfo", ev_obj_val(&ev_type_dt_tzinfo.h)) ||
           ev_module_set(I, ns, "timezone", ev_obj_val(&ev_type_dt_timezone.h));
}

const ev_module_def ev_module_datetime = {"datetime", NULL, init};
