/*
 * datetime_int.h - what the datetime module's files share (datetime.c:
 * constructors, methods and the module; datetime_ops.c: the calendar, repr,
 * comparisons, hashing, arithmetic, attributes; datetime_fmt.c: isoformat,
 * fromisoformat, strftime, strptime).  Internal to evaluator/modules/.
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

#endif
