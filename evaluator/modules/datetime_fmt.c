/*
 * datetime_fmt.c - the text side of the datetime module: isoformat and
 * str(), fromisoformat (3.11's wider forms), ctime, strftime (CPython's
 * wrapper: %z %Z %f here, the rest by the C library in the C locale) and
 * strptime's datetime (_strptime_datetime; the parser, shared with
 * time.strptime, is strptime.c).
 */
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/datetime_int.h"
#include "evaluator/modules/strptime.h"


/* ---- offsets, isoformat, ctime ------------------------------------------------------------- */

/* +HH<sep>MM[<sep>SS[.ffffff]] as format_utcoffset. */
int dt_fmt_offset(ev_interp *I, ev_buf *b, __int128 us, const char *sep)
{
    char sign = '+';
    if (us < 0) {
        sign = '-';
        us = -us;
    }
    int64_t s = (int64_t)(us / US_PER_SEC), f = (int64_t)(us % US_PER_SEC);
    int hh = (int)(s / 3600), mm = (int)(s / 60 % 60), ss = (int)(s % 60);
    if (f)
        return ev_buf_printf(I, b, "%c%02d%s%02d%s%02d.%06lld", sign, hh, sep, mm, sep, ss, (long long)f);
    if (ss)
        return ev_buf_printf(I, b, "%c%02d%s%02d%s%02d", sign, hh, sep, mm, sep, ss);
    return ev_buf_printf(I, b, "%c%02d%s%02d", sign, hh, sep, mm);
}

static int put_time(ev_interp *I, ev_buf *b, const dt_obj *o, const char *spec)
{
    if (strcmp(spec, "auto") == 0)
        spec = o->us ? "microseconds" : "seconds";
    if (strcmp(spec, "hours") == 0)
        return ev_buf_printf(I, b, "%02d", o->hh);
    if (strcmp(spec, "minutes") == 0)
        return ev_buf_printf(I, b, "%02d:%02d", o->hh, o->mi);
    if (strcmp(spec, "seconds") == 0)
        return ev_buf_printf(I, b, "%02d:%02d:%02d", o->hh, o->mi, o->ss);
    if (strcmp(spec, "milliseconds") == 0)
        return ev_buf_printf(I, b, "%02d:%02d:%02d.%03d", o->hh, o->mi, o->ss, o->us / 1000);
    if (strcmp(spec, "microseconds") == 0)
        return ev_buf_printf(I, b, "%02d:%02d:%02d.%06d", o->hh, o->mi, o->ss, o->us);
    ev_raise(I, &ev_type_ValueError, "Unknown timespec value");
    return -1;
}

ev_value dt_isoformat(ev_interp *I, ev_value self, char sep, const char *timespec)
{
    dt_obj *o = DT(self);
    ev_buf b = {0};
    int r = 0;
    if (o->sub == DT_DATE || o->sub == DT_DATETIME)
        r = ev_buf_printf(I, &b, "%04d-%02d-%02d", o->y, o->mo, o->d);
    if (!r && o->sub == DT_DATETIME)
        r = ev_buf_put(I, &b, &sep, 1);
    if (!r && o->sub != DT_DATE)
        r = put_time(I, &b, o, timespec);
    if (!r && o->sub != DT_DATE && o->ref.tag != EV_T_NONE) {
        __int128 off;
        bool has;
        r = dt_utcoffset(I, o->ref, o->sub == DT_TIME ? EV_NONE : self, &off, &has);
        if (!r && has)
            r = dt_fmt_offset(I, &b, off, ":");
    }
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

ev_value dt_ctime(ev_interp *I, ev_value self)
{
    static const char wd[7][4] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
    static const char mon[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                    "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    dt_obj *o = DT(self);
    char buf[64];
    snprintf(buf, sizeof buf, "%s %s %2d %02d:%02d:%02d %04d", wd[dt_weekday(o->y, o->mo, o->d)],
             mon[o->mo - 1], o->d, o->hh, o->mi, o->ss, o->y);
    return ev_str_from_cstr(I, buf);
}

/* ---- strftime ---------------------------------------------------------------------------------- */

ev_value dt_strftime(ev_interp *I, ev_value self, ev_str *fmt)
{
    dt_obj *o = DT(self);
    if (strlen(fmt->data) != fmt->len)
        return ev_raise(I, &ev_type_ValueError, "embedded null character");
    /* CPython's wrap_strftime: %z, %Z and %f are ours, the rest C's */
    ev_buf nf = {0};
    ev_value tzarg = o->sub == DT_TIME ? EV_NONE : self;
    for (size_t i = 0; i < fmt->len; i++) {
        char c = fmt->data[i];
        int r = 0;
        if (c != '%' || i + 1 >= fmt->len) {
            r = ev_buf_put(I, &nf, &c, 1);
        } else {
            char n = fmt->data[++i];
            if (n == 'f') {
                r = ev_buf_printf(I, &nf, "%06d", o->sub == DT_DATE ? 0 : o->us);
            } else if (n == 'z') {
                if (o->sub != DT_DATE && o->ref.tag != EV_T_NONE) {
                    __int128 off;
                    bool has;
                    r = dt_utcoffset(I, o->ref, tzarg, &off, &has);
                    if (!r && has)
                        r = dt_fmt_offset(I, &nf, off, "");
                }
            } else if (n == 'Z') {
                if (o->sub != DT_DATE && o->ref.tag != EV_T_NONE) {
                    ev_value name = dt_tzname(I, o->ref, tzarg);
                    if (EV_IS_ERR(name)) {
                        r = -1;
                    } else if (name.tag != EV_T_NONE) {
                        /* a '%' in the name is escaped for C's strftime */
                        ev_str *s = ev_as_str(name);
                        for (size_t k = 0; !r && k < s->len; k++)
                            r = s->data[k] == '%' ? ev_buf_put(I, &nf, "%%", 2)
                                                  : ev_buf_put(I, &nf, &s->data[k], 1);
                    }
                    ev_decref(I, name);
                }
            } else {
                char two[2] = {'%', n};
                r = ev_buf_put(I, &nf, two, 2);
            }
        }
        if (r) {
            ev_buf_free(I, &nf);
            return EV_ERR;
        }
    }
    if (ev_buf_put(I, &nf, "", 1)) {
        ev_buf_free(I, &nf);
        return EV_ERR;
    }
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (o->sub == DT_TIME) {
        tm.tm_year = 0;
        tm.tm_mon = 0;
        tm.tm_mday = 1;
        tm.tm_wday = 1; /* the tuple (1900, 1, 1, h, m, s, 0, 1, -1): weekday 0 is Monday */
        tm.tm_yday = 0;
    } else {
        tm.tm_year = o->y - 1900;
        tm.tm_mon = o->mo - 1;
        tm.tm_mday = o->d;
        tm.tm_wday = (dt_weekday(o->y, o->mo, o->d) + 1) % 7;
        tm.tm_yday = (int)(dt_ymd_to_ord(o->y, o->mo, o->d) - dt_ymd_to_ord(o->y, 1, 1));
    }
    if (o->sub != DT_DATE) {
        tm.tm_hour = o->hh;
        tm.tm_min = o->mi;
        tm.tm_sec = o->ss;
    }
    tm.tm_isdst = -1;
    tm.tm_zone = "UTC";
    size_t flen = nf.len - 1;
    /* as time.strftime: grow until the result fits, up to 256 times the
     * format (then the result is empty, as CPython) */
    size_t limit = flen > SIZE_MAX / 256 ? SIZE_MAX : 256 * (flen ? flen : 1);
    for (size_t size = 1024;; size *= 2) {
        if (ev_charge(I, (int64_t)(size / 64))) {
            ev_buf_free(I, &nf);
            return EV_ERR;
        }
        char *buf = ev_alloc(I, size);
        if (!buf) {
            ev_buf_free(I, &nf);
            return ev_raise_nomem(I);
        }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        size_t n = flen ? strftime(buf, size, nf.data, &tm) : 0;
#pragma GCC diagnostic pop
        if (n > 0 || flen == 0 || size >= limit || size > SIZE_MAX / 2) {
            ev_value r = ev_str_new(I, buf, n);
            ev_dealloc(I, buf);
            ev_buf_free(I, &nf);
            return r;
        }
        ev_dealloc(I, buf);
    }
}

/* ---- fromisoformat ------------------------------------------------------------------------------ */

static bool digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

static int num(const char *s, size_t n)
{
    int v = 0;
    for (size_t i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* _find_isoformat_datetime_separator: -1 invalid. */
static long find_sep(const char *s, size_t len)
{
    if (len == 7)
        return 7;
    if (s[4] == '-') {
        if (s[5] == 'W') {
            if (len < 8)
                return -1;
            if (len > 8 && s[8] == '-') {
                if (len == 9)
                    return -1;
                if (len > 10 && s[10] >= '0' && s[10] <= '9')
                    return 8;
                return 10;
            }
            return 8;
        }
        return 10;
    }
    if (s[4] == 'W') {
        size_t idx = 7;
        while (idx < len && s[idx] >= '0' && s[idx] <= '9')
            idx++;
        if (idx < 9)
            return (long)idx;
        return idx % 2 == 0 ? 7 : 8;
    }
    return 8;
}

/* The date part: 0 ok, -1 not a date, -2 error already raised. */
static int parse_date(ev_interp *I, const char *s, size_t len, int *y, int *m, int *d)
{
    if (len != 7 && len != 8 && len != 10)
        return -1;
    if (!digits(s, 4))
        return -1;
    *y = num(s, 4);
    bool sep = s[4] == '-';
    size_t pos = 4 + sep;
    if (pos < len && s[pos] == 'W') {
        pos++;
        if (pos + 2 > len || !digits(s + pos, 2))
            return -1;
        int week = num(s + pos, 2), day = 1;
        pos += 2;
        if (len > pos) {
            if ((s[pos] == '-') != sep)
                return -1;
            pos += sep;
            if (pos + 1 != len || !digits(s + pos, 1))
                return -1;
            day = num(s + pos, 1);
        } else if (pos != len) {
            return -1;
        }
        if (*y < 1 || *y > 9999)
            return -1;
        if (week <= 0 || week >= 53) {
            int first = dt_weekday(*y, 1, 1);
            if (!(week == 53 && (first == 3 || (first == 2 && dt_is_leap(*y)))))
                return -1;
        }
        if (day < 1 || day > 7)
            return -1;
        int64_t ord = dt_iso_week1_monday(*y) + (week - 1) * 7 + day - 1;
        if (ord < 1 || ord > 3652059)
            return -1;
        dt_ord_to_ymd(ord, y, m, d);
        return 0;
    }
    if (pos + 2 > len || !digits(s + pos, 2))
        return -1;
    *m = num(s + pos, 2);
    pos += 2;
    if ((pos < len && s[pos] == '-') != sep)
        return -1;
    pos += sep;
    if (pos + 2 != len || !digits(s + pos, 2))
        return -1;
    *d = num(s + pos, 2);
    (void)I;
    return 0;
}

/* HH[:?MM[:?SS[{.,}fff[fff]]]] as the C parse_hh_mm_ss_ff: s[0..len) is
 * the component and `endc` the character after it (a time zone's sign, or
 * NUL).  0 clean, 1 one stray character left (tolerated before a time
 * zone, as CPython), -1 invalid. */
static int parse_hms(const char *s, size_t len, char endc, int comps[4])
{
    comps[0] = comps[1] = comps[2] = comps[3] = 0;
    size_t pos = 0;
    bool has_sep = true;
    for (int c = 0; c < 3; c++) {
        if (pos + 2 > len || !digits(s + pos, 2))
            return -1;
        comps[c] = num(s + pos, 2);
        pos += 2;
        char ch = pos < len ? s[pos] : endc;
        pos++;
        if (c == 0)
            has_sep = ch == ':';
        if (pos >= len)
            return ch != '\0';
        if (has_sep && ch == ':')
            continue;
        if (ch == '.' || ch == ',')
            goto fraction;
        if (!has_sep) {
            pos--;
            continue;
        }
        return -1;
    }
fraction:;
    size_t rem = len - pos, take = rem >= 6 ? 6 : rem;
    if (take == 0 || !digits(s + pos, take))
        return -1;
    int v = num(s + pos, take);
    for (size_t k = take; k < 6; k++)
        v *= 10;
    comps[3] = v;
    pos += take;
    while (pos < len && s[pos] >= '0' && s[pos] <= '9')
        pos++; /* digits past microseconds are dropped */
    return pos < len ? 1 : endc != '\0';
}

static int offset_range_error(ev_interp *I, __int128 us)
{
    ev_value td = dt_new_delta_us(I, us);
    if (EV_IS_ERR(td))
        return -2;
    ev_value r = ev_repr(I, td);
    ev_decref(I, td);
    if (EV_IS_ERR(r))
        return -2;
    ev_raise(I, &ev_type_ValueError, "offset must be a timedelta strictly between "
             "-timedelta(hours=24) and timedelta(hours=24), not %s.", ev_as_str(r)->data);
    ev_decref(I, r);
    return -2;
}

/* The time part with its offset: 0 ok, -1 invalid, -2 error raised. */
static int parse_time(ev_interp *I, const char *s, size_t len, int comps[4], ev_value *tz)
{
    *tz = EV_NONE;
    size_t tpos = 0;
    while (tpos < len && s[tpos] != 'Z' && s[tpos] != '+' && s[tpos] != '-')
        tpos++;
    int rv = parse_hms(s, tpos, tpos < len ? s[tpos] : '\0', comps);
    if (rv < 0)
        return -1;
    if (tpos == len)
        return rv == 1 ? -1 : 0;
    if (s[tpos] == 'Z') {
        if (tpos + 1 != len)
            return -1;
        *tz = ev_obj_val(&dt_utc.h);
        return 0;
    }
    int tzc[4];
    if (parse_hms(s + tpos + 1, len - tpos - 1, '\0', tzc) != 0)
        return -1;
    __int128 us = (((__int128)tzc[0] * 3600 + tzc[1] * 60 + tzc[2]) * US_PER_SEC) + tzc[3];
    if (s[tpos] == '-')
        us = -us;
    if (us <= -86400 * US_PER_SEC || us >= 86400 * US_PER_SEC)
        return offset_range_error(I, us);
    if (tzc[0] == 0 && tzc[1] == 0 && tzc[2] == 0) {
        /* whole seconds 0: timezone.utc, the fraction dropped (as
         * tzinfo_from_isoformat_results does) */
        *tz = ev_obj_val(&dt_utc.h);
        return 0;
    }
    *tz = dt_new_tz(I, us, EV_NONE);
    return EV_IS_ERR(*tz) ? -2 : 0;
}

ev_value dt_fromisoformat(ev_interp *I, dt_sub kind, ev_value arg)
{
    if (!ev_is(arg, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "fromisoformat: argument must be str");
    ev_str *str = ev_as_str(arg);
    const char *s = str->data;
    size_t len = str->len;
    int y = 0, m = 0, d = 0, tc[4] = {0, 0, 0, 0};
    ev_value tz = EV_NONE;
    int r;
    if (!str->ascii) {
        r = -1;
    } else if (kind == DT_DATE) {
        r = parse_date(I, s, len, &y, &m, &d);
    } else if (kind == DT_TIME) {
        if (len > 0 && s[0] == 'T') {
            s++;
            len--;
        }
        r = parse_time(I, s, len, tc, &tz);
    } else if (len < 7) {
        r = -1;
    } else {
        long sep = find_sep(s, len);
        r = sep < 0 ? -1 : parse_date(I, s, (size_t)sep, &y, &m, &d);
        if (r == 0 && (size_t)sep + 1 < len)
            r = parse_time(I, s + sep + 1, len - (size_t)sep - 1, tc, &tz);
        else if (r == 0 && (size_t)sep + 1 == len)
            r = -1; /* a separator with no time */
    }
    if (r == -2)
        return EV_ERR;
    if (r < 0) {
        ev_value rep = ev_str_repr(I, str);
        if (EV_IS_ERR(rep))
            return rep;
        ev_raise(I, &ev_type_ValueError, "Invalid isoformat string: %s", ev_as_str(rep)->data);
        ev_decref(I, rep);
        return EV_ERR;
    }
    ev_value res;
    if ((kind != DT_TIME && dt_check_date(I, y, m, d)) ||
        (kind != DT_DATE && dt_check_time(I, tc[0], tc[1], tc[2], tc[3], 0)))
        res = EV_ERR;
    else if (kind == DT_DATE)
        res = dt_new_date(I, y, m, d);
    else if (kind == DT_TIME)
        res = dt_new_time(I, tc[0], tc[1], tc[2], tc[3], tz, 0);
    else
        res = dt_new_datetime(I, y, m, d, tc[0], tc[1], tc[2], tc[3], tz, 0);
    ev_decref(I, tz);
    return res;
}

/* ---- strptime ------------------------------------------------------------------------------------ */

/* _strptime_datetime: the shared parser (strptime.c), then the datetime
 * with a timezone when %z was given (named when %Z was too). */
ev_value dt_strptime(ev_interp *I, ev_value sv, ev_value fv)
{
    if (!ev_is(sv, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strptime() argument 1 must be str, not %s", ev_type_name(sv));
    if (!ev_is(fv, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strptime() argument 2 must be str, not %s", ev_type_name(fv));
    ev_strptime_tm tm;
    if (ev_strptime_parse(I, ev_as_str(sv), ev_as_str(fv), &tm))
        return EV_ERR;
    ev_value tz = EV_NONE;
    if (tm.has_gmtoff) {
        ev_value name = EV_NONE;
        if (tm.has_zone) {
            name = ev_str_new(I, ev_as_str(sv)->data + tm.zone_beg, tm.zone_len);
            if (EV_IS_ERR(name))
                return name;
        }
        __int128 gmtoff = (__int128)tm.gmtoff * US_PER_SEC + tm.gmtoff_fraction;
        if (gmtoff <= -86400 * US_PER_SEC || gmtoff >= 86400 * US_PER_SEC) {
            ev_decref(I, name);
            offset_range_error(I, gmtoff);
            return EV_ERR;
        }
        tz = dt_new_tz(I, gmtoff, name);
        ev_decref(I, name);
        if (EV_IS_ERR(tz))
            return tz;
    }
    if (dt_check_date(I, tm.year, tm.month, tm.day) ||
        dt_check_time(I, tm.hour, tm.minute, tm.second, tm.fraction, 0)) {
        ev_decref(I, tz);
        return EV_ERR;
    }
    ev_value res = dt_new_datetime(I, tm.year, tm.month, tm.day, tm.hour, tm.minute, tm.second,
                                   tm.fraction, tz, 0);
    ev_decref(I, tz);
    return res;
}
