/*
 * datetime_int.h - what the datetime module's files share (datetime.c:
 * constructors, methods and the module; datetime_ops.c: the calendar, repr,
 * comparisons, hashing, arithmetic, attributes; datetime_fmt.c: isoformat,
 * fromisoformat, strftime, strptime; datetime_clock.c: the clock and the
 * alternate constructors).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_DATETIME_INT_H
#define SAFEPY_DATETIME_INT_H

#include "evaluator/modules/modules.h"

/* Which datetime type an EV_O_DATETIME object is. */
typedef enum dt_sub {
    DT_DATE, DT_DATETIME, DT_TIME, DT_DELTA, DT_TZ, DT_ISOCAL,
} dt_sub;

/* One layout for every datetime value: date fields, time fields, a
 * (days, seconds, microseconds) triple for timedelta and timezone offsets,
 * and one reference (tzinfo for time/datetime, the name for timezone, the
 * (year, week, weekday) tuple for IsoCalendarDate). */
typedef struct dt_obj {
    ev_obj h;
    uint8_t sub;
    uint8_t fold;
    int32_t y, mo, d, hh, mi, ss, us;
    int32_t days, secs;
    ev_value ref;
} dt_obj;

#define DT(v) ((dt_obj *)(v).u.o)

extern ev_type ev_type_dt_date, ev_type_dt_datetime, ev_type_dt_time, ev_type_dt_timedelta,
    ev_type_dt_tzinfo, ev_type_dt_timezone, ev_type_dt_isocal;
extern dt_obj dt_utc;

static inline bool dt_is(ev_value v, dt_sub s)
{
    return ev_is(v, EV_O_DATETIME) && DT(v)->sub == s;
}

/* calendar */
bool dt_is_leap(int y);
int dt_days_in_month(int y, int m);
int64_t dt_ymd_to_ord(int y, int m, int d);
void dt_ord_to_ymd(int64_t ord, int *y, int *m, int *d);
int dt_weekday(int y, int m, int d); /* Monday 0 */
int64_t dt_iso_week1_monday(int y);
extern const char *const dt_day_names[7], *const dt_month_names[12];

/* constructors (fields validated by the caller unless said otherwise) */
ev_value dt_new_date(ev_interp *I, int y, int m, int d) EV_WU;
ev_value dt_new_datetime(ev_interp *I, int y, int mo, int d, int hh, int mi, int ss, int us,
                         ev_value tz, int fold) EV_WU;
ev_value dt_new_time(ev_interp *I, int hh, int mi, int ss, int us, ev_value tz, int fold) EV_WU;
/* a timedelta from microseconds, with CPython's range checks */
ev_value dt_new_delta_us(ev_interp *I, __int128 us) EV_WU;
/* timezone(offset, name): offset in microseconds; name EV_NONE or a str */
ev_value dt_new_tz(ev_interp *I, __int128 off_us, ev_value name) EV_WU;
/* r (stolen) as an instance of cls when cls is a user subclass: cls(fields...)
 * with fold=1 when set, as new_date_subclass_ex and its kin call the class;
 * r itself for a builtin cls */
ev_value dt_as_class(ev_interp *I, ev_value r, ev_type *cls) EV_WU;
/* the builtin type of a class (date for class Day(date)) */
static inline ev_type *dt_root(ev_value cls) { return ev_solid_base((ev_type *)cls.u.o); }
/* the range checks of the constructors: 0 ok, -1 ValueError raised */
int dt_check_date(ev_interp *I, int64_t y, int64_t m, int64_t d) EV_WU;
int dt_check_time(ev_interp *I, int64_t hh, int64_t mi, int64_t ss, int64_t us, int64_t fold) EV_WU;
__int128 dt_delta_us(const dt_obj *o);

/* microseconds since ordinal 0 of a datetime (local, offset ignored) and
 * since midnight of a time */
__int128 dt_local_us(const dt_obj *o);
__int128 dt_time_us(const dt_obj *o);
/* a datetime at `us` microseconds since ordinal 0, tz kept; OverflowError
 * outside years 1..9999 */
ev_value dt_from_us(ev_interp *I, __int128 us, ev_value tz, int fold) EV_WU;
/* floor division with the remainder's sign following b's, as Python */
__int128 dt_floordiv128(__int128 a, __int128 b, __int128 *rem);
/* timezone's name: the given one, 'UTC' or UTC+HH:MM */
ev_value dt_tz_name(ev_interp *I, dt_obj *tz) EV_WU;

/* The argument a time's tzinfo methods receive: None for a time. */
static inline ev_value dt_tz_arg(ev_value self)
{
    return dt_is(self, DT_TIME) ? EV_NONE : self;
}

/* tzinfo calls: *has 0 when the answer is None */
int dt_utcoffset(ev_interp *I, ev_value tz, ev_value arg, __int128 *us, bool *has) EV_WU;
/* utcoffset or dst of tz, with CPython's checks on what a user tzinfo returns */
int dt_offset_call(ev_interp *I, ev_value tz, const char *name, ev_value arg, __int128 *us,
                   bool *has) EV_WU;
ev_value dt_tzname(ev_interp *I, ev_value tz, ev_value arg) EV_WU;

/* formatting (datetime_fmt.c) */
int dt_fmt_offset(ev_interp *I, ev_buf *b, __int128 us, const char *sep) EV_WU;
ev_value dt_isoformat(ev_interp *I, ev_value self, char sep, const char *timespec) EV_WU;
ev_value dt_strftime(ev_interp *I, ev_value self, ev_str *fmt) EV_WU;
ev_value dt_ctime(ev_interp *I, ev_value self) EV_WU;
ev_value dt_fromisoformat(ev_interp *I, dt_sub kind, ev_value s) EV_WU;
ev_value dt_strptime(ev_interp *I, ev_value s, ev_value fmt) EV_WU;

#define US_PER_SEC 1000000LL
#define US_PER_DAY 86400000000LL
#define MAX_DELTA_DAYS 999999999
#define MAX_ORD 3652059 /* date(9999, 12, 31).toordinal() */
#define EPOCH_ORD 719163 /* date(1970, 1, 1).toordinal() */

/* datetime.c's argument helpers */
int dt_arg_int(ev_interp *I, ev_value v, int64_t *out) EV_WU; /* an int (or __index__) argument */
/* METH_VARARGS with PyArg_ParseTuple ("UU:strptime"): no keywords, exactly n arguments */
int dt_tuple_arity(ev_interp *I, const char *fname, int argc, const ev_kw *kw, int n) EV_WU;
/* PyArg_ParseTupleAndKeywords: match positionals and keywords to names[];
 * out[] EV_ERR where absent.  fname NULL: the constructors' messages. */
int dt_bind(ev_interp *I, int argc, const ev_value *argv, const ev_kw *kw, const char *const *names, int n,
            int npos, int nreq, const char *fname, ev_value *out) EV_WU;
int dt_opt_ints(ev_interp *I, const ev_value *vals, int n, int64_t *out) EV_WU; /* the given ones as ints */
int dt_check_tzinfo(ev_interp *I, ev_value v) EV_WU; /* None or a tzinfo, else TypeError */
/* tz's own method name (a user tzinfo's override): 1 found, 0 not, -1 error */
int dt_user_method(ev_interp *I, ev_value tz, const char *name, ev_value *out) EV_WU;

/* Day.today(), S.fromisoformat(...), d.replace(...), s.astimezone(...): an
 * instance of the class or subclass they were reached through (name##_plain
 * makes it; write `static DT_CLS_WRAP(...)` for a file's own) */
#define DT_CLS_WRAP(name, cls)                                                                \
    ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                         \
        return dt_as_class(I, name##_plain(I, self, argc, argv, kw), (cls));                  \
    }

/* datetime_clock.c: the clock and the alternate constructors (class methods) */
ev_value dt_fromutc(ev_interp *I, ev_value tz, ev_value dt) EV_WU;         /* tz.fromutc(dt) */
ev_value dt_fromutc_default(ev_interp *I, ev_value tz, ev_value dt) EV_WU; /* tzinfo.fromutc's algorithm */
#define DT_CLOCK_FN(name) ev_value name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
DT_CLOCK_FN(dt_date_today) DT_CLOCK_FN(dt_now) DT_CLOCK_FN(dt_utcnow) DT_CLOCK_FN(dt_date_fromtimestamp)
DT_CLOCK_FN(dt_utcfromtimestamp) DT_CLOCK_FN(dt_date_fromordinal) DT_CLOCK_FN(dt_date_fromisocalendar)
DT_CLOCK_FN(dt_fromisoformat_fn) DT_CLOCK_FN(dt_combine) DT_CLOCK_FN(dt_strptime_fn)
#undef DT_CLOCK_FN

#endif
