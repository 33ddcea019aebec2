/*
 * strptime.h - the strptime parser that time.strptime and
 * datetime.strptime share (strptime.c).  Internal to evaluator/modules/.
 */
#ifndef SAFEPY_STRPTIME_H
#define SAFEPY_STRPTIME_H

#include "evaluator/ev.h"

/* What Lib/_strptime.py's _strptime() returns: the struct_time fields,
 * the microseconds of %f and the offset of %z. */
typedef struct ev_strptime_tm {
    int year, month, day, hour, minute, second;
    int weekday;          /* Monday 0 */
    int julian;           /* day of the year, from 1 */
    int isdst;            /* -1, or 0 when %Z named UTC or GMT */
    int fraction;         /* microseconds */
    bool has_gmtoff;      /* %z matched */
    int gmtoff;           /* seconds east of UTC, sign included */
    int gmtoff_fraction;  /* microseconds, the same sign */
    bool has_zone;        /* %Z matched: zone_beg, zone_len in the data */
    size_t zone_beg, zone_len;
} ev_strptime_tm;

/* Parse data against fmt (both str); 0 ok, -1 with CPython's exception
 * (ValueError, re.error for a repeated directive, MemoryError, the time
 * limit). */
int ev_strptime_parse(ev_interp *I, ev_str *data, ev_str *fmt, ev_strptime_tm *out) EV_WU;

#endif
