/*
 * time.c - the time module, CPython 3.11 semantics on Linux (see modules.h).
 *
 * Differences from CPython, all deliberate:
 *
 *  - Local time is UTC.  The sandbox carries no time zone data and seccomp
 *    forbids opening /etc/localtime, so localtime() is gmtime(), mktime() is
 *    timegm(), and timezone = altzone = daylight = 0, tzname = ('UTC', 'UTC')
 *    (what CPython shows in a container with TZ unset).
 *  - gmtime() and localtime() return a time.struct_time (a struct sequence,
 *    modules/namedtuple.c) whose tm_zone is 'UTC' and tm_gmtoff 0.
 *    strftime(), asctime() and mktime() take any 9-tuple, as CPython does;
 *    other sequences are refused with CPython's TypeError.
 *  - A timestamp that fits time_t but whose year does not fit in an int
 *    (gmtime(1e17)) raises OverflowError, not OSError (safepy has none).
 *  - sleep() never outlasts the run: it sleeps in short slices and checks the
 *    limits (time, cancellation) between them, so a sleep longer than the
 *    remaining time ends with the time limit.
 *
 * Argument checking follows CPython's Modules/timemodule.c, including the
 * messages, so arity is checked here rather than centrally.
 */
#include <limits.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/modules.h"
#include "evaluator/modules/strptime.h"

#define NS_PER_SEC 1000000000LL

/* ---- argument checking ------------------------------------------------------------------ */

/* METH_NOARGS / METH_O: "time.time() takes no arguments (1 given)". */
static int need_exact(ev_interp *I, const char *name, int argc, int n)
{
    if (argc == n)
        return 0;
    ev_raise(I, &ev_type_TypeError, "time.%s() takes %s (%d given)", name,
             n == 0 ? "no arguments" : "exactly one argument", argc);
    return -1;
}

/* PyArg_ParseTuple "|O:name": "gmtime() takes at most 1 argument (2 given)". */
static int need_at_most_one(ev_interp *I, const char *name, int argc)
{
    if (argc <= 1)
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s() takes at most 1 argument (%d given)", name, argc);
    return -1;
}

/* METH_VARARGS functions refuse keywords under their bare name (METH_O
 * and METH_NOARGS ones, the binder's default, qualify it: time.sleep()) */
static int no_keywords(ev_interp *I, const ev_kw *kw, const char *name)
{
    if (EV_KW_N(kw) == 0)
        return 0;
    ev_raise(I, &ev_type_TypeError, "%s() takes no keyword arguments", name);
    return -1;
}

static int not_an_integer(ev_interp *I, ev_value v)
{
    ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer",
             ev_type_name(v));
    return -1;
}

/* _PyTime_ObjectToTime_t with _PyTime_ROUND_FLOOR: a timestamp in seconds. */
static int to_time_t(ev_interp *I, ev_value v, time_t *out)
{
    if (v.tag == EV_T_FLOAT) {
        double d = v.u.f;
        if (isnan(d)) {
            ev_raise(I, &ev_type_ValueError, "Invalid value NaN (not a number)");
            return -1;
        }
        d = floor(d);
        /* 2**63 itself does not fit: the bound is exclusive */
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
            goto overflow;
        *out = (time_t)d;
        return 0;
    }
    if (!ev_is_int(v))
        return not_an_integer(I, v);
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = (time_t)v.u.i;
        return 0;
    }
overflow: /* a big int never fits in 64 bits */
    ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
    return -1;
}

/* _PyTime_FromSecondsObject with _PyTime_ROUND_TIMEOUT (away from zero):
 * a duration in nanoseconds. */
static int to_ns(ev_interp *I, ev_value v, int64_t *out)
{
    double d;
    if (v.tag == EV_T_FLOAT) {
        if (isnan(v.u.f)) {
            ev_raise(I, &ev_type_ValueError, "Invalid value NaN (not a number)");
            return -1;
        }
        d = v.u.f * 1e9;
        d = d < 0 ? floor(d) : ceil(d);
        if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) {
            /* CPython's message for a float, not the one for an int */
            ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
            return -1;
        }
        *out = (int64_t)d;
        return 0;
    }
    if (!ev_is_int(v))
        return not_an_integer(I, v);
    if ((v.tag == EV_T_INT || v.tag == EV_T_BOOL) &&
        !__builtin_mul_overflow(v.u.i, NS_PER_SEC, out))
        return 0;
    ev_raise(I, &ev_type_OverflowError, "timestamp too large to convert to C _PyTime_t");
    return -1;
}

/* ---- clocks ------------------------------------------------------------------------------- */

static int64_t clock_ns(clockid_t id)
{
    struct timespec ts;
    if (clock_gettime(id, &ts) != 0)
        return 0; /* these clocks exist on every Linux; cannot happen */
    return (int64_t)ts.tv_sec * NS_PER_SEC + ts.tv_nsec;
}

/* _PyTime_AsSecondsDouble: exact for whole seconds, else one division. */
static ev_value ns_to_float(int64_t ns)
{
    if (ns % NS_PER_SEC == 0)
        return ev_float((double)(ns / NS_PER_SEC));
    return ev_float((double)ns / 1e9);
}

#define CLOCK_FUNCS(cname, pyname, clockid)                                                     \
    static ev_value cname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)        \
    {                                                                                        \
        (void)self;                                                                          \
        (void)argv;                                                                          \
        if (need_exact(I, pyname, argc, 0))                                                  \
            return EV_ERR;                                                                   \
        return ns_to_float(clock_ns(clockid));                                               \
    }                                                                                        \
    static ev_value cname##_ns(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)  \
    {                                                                                        \
        (void)self;                                                                          \
        (void)argv;                                                                          \
        if (need_exact(I, pyname "_ns", argc, 0))                                            \
            return EV_ERR;                                                                   \
        return ev_int(clock_ns(clockid));                                                    \
    }

/* perf_counter is monotonic() on Linux, as in CPython 3.11. */
CLOCK_FUNCS(t_time, "time", CLOCK_REALTIME)
CLOCK_FUNCS(t_monotonic, "monotonic", CLOCK_MONOTONIC)
CLOCK_FUNCS(t_perf_counter, "perf_counter", CLOCK_MONOTONIC)
CLOCK_FUNCS(t_process_time, "process_time", CLOCK_PROCESS_CPUTIME_ID)
CLOCK_FUNCS(t_thread_time, "thread_time", CLOCK_THREAD_CPUTIME_ID)

/* The slice between two limit checks: short enough that cancellation and
 * the time limit are noticed promptly, long enough to cost nothing. */
#define SLEEP_SLICE_NS 10000000LL

static ev_value t_sleep(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    int64_t ns;
    if (need_exact(I, "sleep", argc, 1) || to_ns(I, argv[0], &ns))
        return EV_ERR;
    if (ns < 0)
        return ev_raise(I, &ev_type_ValueError, "sleep length must be non-negative");
    int64_t start = clock_ns(CLOCK_MONOTONIC);
    int64_t end = ns > INT64_MAX - start ? INT64_MAX : start + ns;
    for (;;) {
        /* ev_check_limits_slow reads the clock itself: the deadline and
         * the interrupt flag are honoured between slices. */
        if (ev_check_limits_slow(I))
            return EV_ERR;
        int64_t now = clock_ns(CLOCK_MONOTONIC);
        if (now >= end)
            break;
        int64_t left = end - now;
        if (left > SLEEP_SLICE_NS)
            left = SLEEP_SLICE_NS;
        struct timespec ts = {(time_t)(left / NS_PER_SEC), (long)(left % NS_PER_SEC)};
        nanosleep(&ts, NULL); /* EINTR just ends the slice early */
    }
    return EV_NONE;
}

/* ---- calendar ----------------------------------------------------------------------------- */

/* gmtime_r, mapping a year beyond int to OverflowError. */
static int utc_tm(ev_interp *I, time_t t, struct tm *tm)
{
    if (gmtime_r(&t, tm))
        return 0;
    ev_raise(I, &ev_type_OverflowError, "timestamp out of range for platform time_t");
    return -1;
}

/* The optional seconds argument of gmtime/localtime/ctime: None or absent
 * is now. */
static int opt_time(ev_interp *I, const char *name, int argc, const ev_value *argv,
                    struct tm *tm)
{
    time_t t;
    if (need_at_most_one(I, name, argc))
        return -1;
    if (argc == 0 || argv[0].tag == EV_T_NONE)
        t = time(NULL);
    else if (to_time_t(I, argv[0], &t))
        return -1;
    return utc_tm(I, t, tm);
}

static const char *const struct_time_fields[] = {
    "tm_year", "tm_mon", "tm_mday", "tm_hour", "tm_min", "tm_sec", "tm_wday", "tm_yday",
    "tm_isdst", "tm_zone", "tm_gmtoff"};

/* time.struct_time, made when the module is imported (init). */
static ev_value struct_time_type(ev_interp *I)
{
    ev_str *mn = ev_intern(I, "time", 4), *tn = ev_intern(I, "struct_time", 11);
    ev_value m = mn ? ev_import(I, mn) : EV_ERR;
    if (EV_IS_ERR(m))
        return m;
    ev_value *t = tn ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, tn) : NULL;
    ev_value r = t ? ev_dup(*t) : ev_raise(I, &ev_type_RuntimeError, "time.struct_time is missing");
    ev_decref(I, m);
    return r;
}

ev_value ev_time_struct_new(ev_interp *I, const ev_value fields[9])
{
    ev_value type = struct_time_type(I);
    if (EV_IS_ERR(type))
        return type;
    ev_value it[11];
    memcpy(it, fields, 9 * sizeof *it);
    it[9] = EV_NONE;
    it[10] = EV_NONE;
    ev_value r = ev_structseq_new(I, type, it);
    ev_decref(I, type);
    return r;
}

/* A struct_time: the nine fields, tm_zone ('GMT' for gmtime, 'UTC' for
 * localtime, as CPython with TZ=UTC) and tm_gmtoff 0. */
static ev_value tm_tuple(ev_interp *I, const struct tm *tm, const char *zone_name)
{
    ev_value type = struct_time_type(I);
    if (EV_IS_ERR(type))
        return type;
    ev_value zone = ev_str_from_cstr(I, zone_name);
    if (EV_IS_ERR(zone)) {
        ev_decref(I, type);
        return zone;
    }
    ev_value it[11];
    it[0] = ev_int((int64_t)tm->tm_year + 1900);
    it[1] = ev_int(tm->tm_mon + 1);
    it[2] = ev_int(tm->tm_mday);
    it[3] = ev_int(tm->tm_hour);
    it[4] = ev_int(tm->tm_min);
    it[5] = ev_int(tm->tm_sec);
    it[6] = ev_int((tm->tm_wday + 6) % 7); /* Monday is 0 */
    it[7] = ev_int(tm->tm_yday + 1);
    it[8] = ev_int(tm->tm_isdst);
    it[9] = zone;
    it[10] = ev_int(0);
    ev_value r = ev_structseq_new(I, type, it);
    ev_decref(I, zone);
    ev_decref(I, type);
    return r;
}

static ev_value t_gmtime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (no_keywords(I, kw, "gmtime"))
        return EV_ERR;
    if (opt_time(I, "gmtime", argc, argv, &tm))
        return EV_ERR;
    return tm_tuple(I, &tm, "GMT");
}

/* Local time is UTC (see the top of the file). */
static ev_value t_localtime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (no_keywords(I, kw, "localtime"))
        return EV_ERR;
    if (opt_time(I, "localtime", argc, argv, &tm))
        return EV_ERR;
    return tm_tuple(I, &tm, "UTC");
}

/* PyArg "i": an int item of a time tuple. */
static int tuple_int(ev_interp *I, ev_value v, int *out)
{
    if (!ev_is_int(v))
        return not_an_integer(I, v);
    int sign = 0;
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        if (v.u.i > INT_MAX)
            sign = 1;
        else if (v.u.i < INT_MIN)
            sign = -1;
        else
            *out = (int)v.u.i;
    } else {
        /* beyond 64 bits: PyLong_AsLong fails before the range check */
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C long");
        return -1;
    }
    if (sign > 0)
        ev_raise(I, &ev_type_OverflowError, "signed integer is greater than maximum");
    else if (sign < 0)
        ev_raise(I, &ev_type_OverflowError, "signed integer is less than minimum");
    return sign ? -1 : 0;
}

/* gettmarg: a 9-tuple to a struct tm (month, weekday and yearday shifted
 * to C's conventions).  `fname` names the caller in the length error. */
static int get_tm(ev_interp *I, ev_value v, const char *fname, struct tm *tm)
{
    memset(tm, 0, sizeof *tm);
    if (!ev_is(v, EV_O_TUPLE)) {
        ev_raise(I, &ev_type_TypeError, "Tuple or struct_time argument required");
        return -1;
    }
    ev_tuple *t = ev_as_tuple(v);
    if (t->len != 9) {
        ev_raise(I, &ev_type_TypeError, "%s(): illegal time tuple argument", fname);
        return -1;
    }
    int y;
    int *fields[] = {&y, &tm->tm_mon, &tm->tm_mday, &tm->tm_hour, &tm->tm_min,
                     &tm->tm_sec, &tm->tm_wday, &tm->tm_yday, &tm->tm_isdst};
    for (int i = 0; i < 9; i++)
        if (tuple_int(I, t->items[i], fields[i]))
            return -1;
    if (y < INT_MIN + 1900) {
        ev_raise(I, &ev_type_OverflowError, "year out of range");
        return -1;
    }
    tm->tm_year = y - 1900;
    tm->tm_mon--;
    tm->tm_wday = (tm->tm_wday + 1) % 7; /* C's % keeps the sign: -2 stays invalid */
    tm->tm_yday--;
    /* Local time is UTC, whatever tm_isdst says.  For a plain tuple CPython
     * has no zone either and %Z shows tzname, here 'UTC'; for the
     * struct_time of its gmtime() %Z shows 'GMT', which ours cannot carry. */
    tm->tm_zone = "UTC";
    tm->tm_gmtoff = 0;
    return 0;
}

/* checktm: the ranges strftime and asctime index arrays with; 0 for the
 * month, day of month and day of year means the first.  NULL when valid. */
static const char *tm_range_error(struct tm *tm)
{
    if (tm->tm_mon == -1)
        tm->tm_mon = 0;
    else if (tm->tm_mon < 0 || tm->tm_mon > 11)
        return "month out of range";
    if (tm->tm_mday == 0)
        tm->tm_mday = 1;
    else if (tm->tm_mday < 0 || tm->tm_mday > 31)
        return "day of month out of range";
    if (tm->tm_hour < 0 || tm->tm_hour > 23)
        return "hour out of range";
    if (tm->tm_min < 0 || tm->tm_min > 59)
        return "minute out of range";
    if (tm->tm_sec < 0 || tm->tm_sec > 61)
        return "seconds out of range";
    if (tm->tm_wday < 0) /* get_tm's % 7 bounds it above */
        return "day of week out of range";
    if (tm->tm_yday == -1)
        tm->tm_yday = 0;
    else if (tm->tm_yday < 0 || tm->tm_yday > 365)
        return "day of year out of range";
    return NULL;
}

static int check_tm(ev_interp *I, struct tm *tm)
{
    const char *bad = tm_range_error(tm);
    if (!bad)
        return 0;
    ev_raise(I, &ev_type_ValueError, "%s", bad);
    return -1;
}

/* The time now as a struct tm, for the functions whose tuple is optional. */
static int now_tm(ev_interp *I, struct tm *tm)
{
    return utc_tm(I, time(NULL), tm);
}

/* CPython's _asctime (not the C library's: no trailing newline, any year). */
static ev_value asctime_str(ev_interp *I, const struct tm *tm)
{
    static const char wday[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static const char mon[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    char buf[64];
    int n = snprintf(buf, sizeof buf, "%s %s%3d %.2d:%.2d:%.2d %lld", wday[tm->tm_wday],
                     mon[tm->tm_mon], tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec,
                     (long long)tm->tm_year + 1900);
    if (n < 0 || (size_t)n >= sizeof buf) /* cannot happen: every field is bounded */
        return ev_raise(I, &ev_type_ValueError, "unrepresentable time");
    return ev_str_new(I, buf, (size_t)n);
}

static ev_value t_asctime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (no_keywords(I, kw, "asctime"))
        return EV_ERR;
    if (argc > 1)
        return ev_raise(I, &ev_type_TypeError, "asctime expected at most 1 argument, got %d",
                        argc);
    if (argc == 0 ? now_tm(I, &tm) : get_tm(I, argv[0], "asctime", &tm) || check_tm(I, &tm))
        return EV_ERR;
    return asctime_str(I, &tm);
}

static ev_value t_ctime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (no_keywords(I, kw, "ctime"))
        return EV_ERR;
    if (opt_time(I, "ctime", argc, argv, &tm))
        return EV_ERR;
    return asctime_str(I, &tm);
}

static ev_value t_mktime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (need_exact(I, "mktime", argc, 1) || get_tm(I, argv[0], "mktime", &tm))
        return EV_ERR;
    /* timegm, not mktime: local time is UTC.  tm_wday is the failure
     * sentinel, as in CPython (-1 is also a valid result). */
    tm.tm_wday = -1;
    time_t t = timegm(&tm);
    if (t == (time_t)-1 && tm.tm_wday == -1)
        return ev_raise(I, &ev_type_OverflowError, "mktime argument out of range");
    return ev_float((double)t);
}

static ev_value t_strftime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    struct tm tm;
    if (no_keywords(I, kw, "strftime"))
        return EV_ERR;
    if (argc < 1 || argc > 2)
        return ev_raise(I, &ev_type_TypeError, "strftime() takes at %s (%d given)",
                        argc < 1 ? "least 1 argument" : "most 2 arguments", argc);
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strftime() argument 1 must be str, not %s",
                        argv[0].tag == EV_T_NONE ? "None" : ev_type_name(argv[0]));
    if (argc == 1 ? now_tm(I, &tm) : get_tm(I, argv[1], "strftime", &tm) || check_tm(I, &tm))
        return EV_ERR;
    /* CPython clamps tm_isdst to [-1, 1] in case a libc indexes with it */
    if (tm.tm_isdst < -1)
        tm.tm_isdst = -1;
    else if (tm.tm_isdst > 1)
        tm.tm_isdst = 1;
    ev_str *fmt = ev_as_str(argv[0]);
    if (strlen(fmt->data) != fmt->len)
        return ev_raise(I, &ev_type_ValueError, "embedded null character");
    /* C strftime returns 0 both for "too small" and for an empty result, so
     * grow the buffer as CPython does and give up (returning '') once it is
     * 256 times the format: an empty result, not a lack of room.  Widths
     * such as %9999Y are bounded the same way; the memory limit applies. */
    size_t limit = fmt->len > SIZE_MAX / 256 ? SIZE_MAX : 256 * fmt->len;
    for (size_t size = 1024;; size *= 2) {
        if (ev_charge(I, (int64_t)(size / 64)))
            return EV_ERR;
        char *buf = ev_alloc(I, size);
        if (!buf)
            return ev_raise_nomem(I);
        /* the format is the program's: that is the point of strftime */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        size_t n = strftime(buf, size, fmt->data, &tm);
#pragma GCC diagnostic pop
        if (n > 0 || size >= limit || size > SIZE_MAX / 2) {
            ev_value r = ev_str_new(I, buf, n);
            ev_dealloc(I, buf);
            return r;
        }
        ev_dealloc(I, buf);
    }
}

/* ---- strptime ------------------------------------------------------------------------------ */

/* time.strptime(string[, format]): CPython's hands its arguments to
 * _strptime._strptime_time, so the argument errors are that function's
 * (and its type check names the argument from 0); the parser is the one
 * datetime.strptime uses (strptime.c). */
static ev_value t_strptime(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    if (no_keywords(I, kw, "strptime"))
        return EV_ERR;
    if (argc == 0)
        return ev_raise(I, &ev_type_TypeError,
                        "_strptime_time() missing 1 required positional argument: 'data_string'");
    if (argc > 2)
        return ev_raise(I, &ev_type_TypeError,
                        "_strptime_time() takes from 1 to 2 positional arguments but %d were given", argc);
    ev_value fmt = EV_ERR;
    if (argc == 1) {
        fmt = ev_str_from_cstr(I, "%a %b %d %H:%M:%S %Y");
        if (EV_IS_ERR(fmt))
            return fmt;
    } else {
        fmt = ev_dup(argv[1]);
    }
    ev_value args[2] = {argv[0], fmt}, res = EV_ERR;
    for (int i = 0; i < 2; i++) {
        if (!ev_is(args[i], EV_O_STR)) {
            ev_value tr = ev_repr(I, ev_obj_val(&ev_type_of(args[i])->h));
            if (!EV_IS_ERR(tr)) {
                ev_raise(I, &ev_type_TypeError, "strptime() argument %d must be str, not %s", i,
                         ev_as_str(tr)->data);
                ev_decref(I, tr);
            }
            goto done;
        }
    }
    ev_strptime_tm tm;
    if (ev_strptime_parse(I, ev_as_str(args[0]), ev_as_str(fmt), &tm))
        goto done;
    ev_value type = struct_time_type(I);
    if (EV_IS_ERR(type))
        goto done;
    ev_value it[11] = {ev_int(tm.year), ev_int(tm.month), ev_int(tm.day), ev_int(tm.hour),
                       ev_int(tm.minute), ev_int(tm.second), ev_int(tm.weekday), ev_int(tm.julian),
                       ev_int(tm.isdst), EV_NONE, EV_NONE};
    if (tm.has_zone) {
        it[9] = ev_str_new(I, ev_as_str(args[0])->data + tm.zone_beg, tm.zone_len);
        if (EV_IS_ERR(it[9])) {
            ev_decref(I, type);
            goto done;
        }
    }
    if (tm.has_gmtoff)
        it[10] = ev_int(tm.gmtoff);
    res = ev_structseq_new(I, type, it);
    ev_decref(I, it[9]);
    ev_decref(I, type);
done:
    ev_decref(I, fmt);
    return res;
}

/* ---- the module ------------------------------------------------------------------------------ */

#define ANY 0, -1, 0
#define VARARGS 0, -1, EV_BF_KWANY /* keywords refused by the function (no_keywords) */

static const ev_builtin_def functions[] = {
    {"asctime", t_asctime, VARARGS},
    {"ctime", t_ctime, VARARGS},
    {"gmtime", t_gmtime, VARARGS},
    {"localtime", t_localtime, VARARGS},
    {"mktime", t_mktime, ANY},
    {"monotonic", t_monotonic, ANY},
    {"monotonic_ns", t_monotonic_ns, ANY},
    {"perf_counter", t_perf_counter, ANY},
    {"perf_counter_ns", t_perf_counter_ns, ANY},
    {"process_time", t_process_time, ANY},
    {"process_time_ns", t_process_time_ns, ANY},
    {"sleep", t_sleep, ANY},
    {"strftime", t_strftime, VARARGS},
    {"strptime", t_strptime, VARARGS},
    {"thread_time", t_thread_time, ANY},
    {"thread_time_ns", t_thread_time_ns, ANY},
    {"time", t_time, ANY},
    {"time_ns", t_time_ns, ANY},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    ev_value st = ev_structseq_type(I, "time", "struct_time", struct_time_fields, 11, 9);
    if (EV_IS_ERR(st))
        return -1;
    int r = ev_module_set(I, ns, "struct_time", st);
    ev_decref(I, st);
    if (r)
        return -1;
    if (ev_module_set(I, ns, "timezone", ev_int(0)) ||
        ev_module_set(I, ns, "altzone", ev_int(0)) ||
        ev_module_set(I, ns, "daylight", ev_int(0)))
        return -1;
    ev_value names = ev_tuple_new(I, 2);
    if (EV_IS_ERR(names))
        return -1;
    for (int i = 0; i < 2; i++) {
        ev_value s = ev_str_new(I, "UTC", 3);
        if (EV_IS_ERR(s)) {
            ev_decref(I, names);
            return -1;
        }
        ev_as_tuple(names)->items[i] = s;
    }
    int rc = ev_module_set(I, ns, "tzname", names);
    ev_decref(I, names);
    return rc;
}

const ev_module_def ev_module_time = {"time", functions, init};
