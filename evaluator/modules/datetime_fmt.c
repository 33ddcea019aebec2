/*
 * datetime_fmt.c - the text side of the datetime module: isoformat and
 * str(), fromisoformat (3.11's wider forms), ctime, strftime (CPython's
 * wrapper: %z %Z %f here, the rest by the C library in the C locale) and
 * strptime (Lib/_strptime.py's regular expressions, matched by a small
 * backtracking matcher in the order the regex engine tries them, then the
 * same arithmetic on the fields).
 */
#include <ctype.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/datetime_int.h"

#define US_PER_SEC 1000000LL

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

/* The format compiled: literal bytes, whitespace runs, directives. */
enum { TK_LIT, TK_WS, TK_DIR };
typedef struct sp_tok {
    uint8_t kind;
    char c;
} sp_tok;

#define SP_MAXTOK 512
typedef struct sp_state {
    sp_tok tok[SP_MAXTOK];
    int ntok;
    const char *s;
    size_t len;
    /* the span each directive captured (the last one wins, as a group
     * name may not repeat in CPython's regex anyway) */
    size_t beg[128], end[128];
    bool set[128];
} sp_state;

static const char *const ampm[2] = {"AM", "PM"};
static const char *const abbr_day[7] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
static const char *const abbr_mon[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Add the tokens of fmt; 0 ok, else the bad directive character ('%' for
 * a stray one at the end: -1). */
static int compile_fmt(sp_state *st, const char *f, size_t n, int depth)
{
    for (size_t i = 0; i < n; i++) {
        if (st->ntok >= SP_MAXTOK - 1)
            return -2;
        if (is_ws(f[i])) {
            while (i + 1 < n && is_ws(f[i + 1]))
                i++;
            st->tok[st->ntok++] = (sp_tok){TK_WS, ' '};
            continue;
        }
        if (f[i] != '%') {
            st->tok[st->ntok++] = (sp_tok){TK_LIT, f[i]};
            continue;
        }
        if (i + 1 >= n)
            return -1;
        char c = f[++i];
        const char *sub = c == 'c' ? "%a %b %d %H:%M:%S %Y" : c == 'x' ? "%m/%d/%y"
                        : c == 'X' ? "%H:%M:%S" : NULL;
        if (sub && depth == 0) {
            int r = compile_fmt(st, sub, strlen(sub), 1);
            if (r)
                return r;
            continue;
        }
        if (c == '%') {
            st->tok[st->ntok++] = (sp_tok){TK_LIT, '%'};
            continue;
        }
        if (!strchr("dfHIGjmMSUwuVyYzaAbBpZW", c) || c == 0)
            return (unsigned char)c;
        st->tok[st->ntok++] = (sp_tok){TK_DIR, c};
    }
    return 0;
}

/* One alternative of a numeric directive: 'D' any digit, "a-b" a range of
 * one digit, ' ' a space, else the digit itself. */
static size_t alt_match(const char *alt, const char *s, size_t avail)
{
    size_t k = 0;
    for (const char *a = alt; *a; k++) {
        if (k >= avail)
            return 0;
        char c = s[k];
        if (*a == 'D') {
            if (c < '0' || c > '9')
                return 0;
            a++;
        } else if (a[1] == '-') {
            if (c < a[0] || c > a[2])
                return 0;
            a += 3;
        } else {
            if (c != *a)
                return 0;
            a++;
        }
    }
    return k;
}

static const char *const *num_alts(char c)
{
    static const char *const d[] = {"30-1", "1-2D", "01-9", "1-9", " 1-9", NULL};
    static const char *const H[] = {"20-3", "0-1D", "D", NULL};
    static const char *const Ih[] = {"10-2", "01-9", "1-9", NULL};
    static const char *const Y[] = {"DDDD", NULL};
    static const char *const j[] = {"360-6", "30-5D", "1-2DD", "01-9D", "001-9", "1-9D", "01-9", "1-9", NULL};
    static const char *const M[] = {"0-5D", "D", NULL};
    static const char *const S[] = {"60-1", "0-5D", "D", NULL};
    static const char *const U[] = {"50-3", "0-4D", "D", NULL};
    static const char *const w[] = {"0-6", NULL};
    static const char *const u[] = {"1-7", NULL};
    static const char *const V[] = {"50-3", "01-9", "1-4D", "D", NULL};
    static const char *const y[] = {"DD", NULL};
    switch (c) {
    case 'd': return d;
    case 'H': return H;
    case 'I': case 'm': return Ih;
    case 'G': case 'Y': return Y;
    case 'j': return j;
    case 'M': return M;
    case 'S': return S;
    case 'U': case 'W': return U;
    case 'w': return w;
    case 'u': return u;
    case 'V': return V;
    case 'y': return y;
    default: return NULL;
    }
}

static bool ci_prefix(const char *s, size_t avail, const char *word)
{
    size_t n = strlen(word);
    if (n > avail)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)word[i]))
            return false;
    return true;
}

/* The ends the name directives may match at pos, longest names first (as
 * __seqToRE sorts them; a stable sort keeps the locale's order). */
static int name_ends(char c, const char *s, size_t avail, size_t *ends)
{
    const char *list[12];
    int n = 0;
    switch (c) {
    case 'A': for (int i = 0; i < 7; i++) list[n++] = dt_day_names[i]; break;
    case 'a': for (int i = 0; i < 7; i++) list[n++] = abbr_day[i]; break;
    case 'B': for (int i = 0; i < 12; i++) list[n++] = dt_month_names[i]; break;
    case 'b': for (int i = 0; i < 12; i++) list[n++] = abbr_mon[i]; break;
    case 'p': list[n++] = ampm[0]; list[n++] = ampm[1]; break;
    case 'Z': list[n++] = "utc"; list[n++] = "gmt"; break;
    default: return 0;
    }
    /* stable insertion sort by length, longest first */
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && strlen(list[k]) > strlen(list[k - 1]); k--) {
            const char *t = list[k];
            list[k] = list[k - 1];
            list[k - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (ci_prefix(s, avail, list[i]))
            ends[m++] = strlen(list[i]);
    return m;
}

static bool dig(const char *s, size_t avail, size_t k)
{
    return k < avail && s[k] >= '0' && s[k] <= '9';
}

/* %z: [+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|Z, in backtracking order. */
static int z_ends(const char *s, size_t avail, size_t *ends)
{
    int m = 0;
    if (avail >= 3 && (s[0] == '+' || s[0] == '-') && dig(s, avail, 1) && dig(s, avail, 2)) {
        for (int colon = 1; colon >= 0; colon--) {
            size_t k = 3;
            if (colon) {
                if (k >= avail || s[k] != ':')
                    continue;
                k++;
            }
            if (!(k < avail && s[k] >= '0' && s[k] <= '5' && dig(s, avail, k + 1)))
                continue;
            k += 2;
            /* the optional group, tried first */
            for (int c2 = 1; c2 >= 0; c2--) {
                size_t q = k;
                if (c2) {
                    if (q >= avail || s[q] != ':')
                        continue;
                    q++;
                }
                if (!(q < avail && s[q] >= '0' && s[q] <= '5' && dig(s, avail, q + 1)))
                    continue;
                q += 2;
                if (q < avail && s[q] == '.') {
                    size_t nd = 0;
                    while (nd < 6 && dig(s, avail, q + 1 + nd))
                        nd++;
                    for (size_t t = nd; t >= 1; t--)
                        ends[m++] = q + 1 + t;
                }
                ends[m++] = q;
            }
            ends[m++] = k;
        }
    }
    if (avail >= 1 && s[0] == 'Z')
        ends[m++] = 1;
    return m;
}

static int sp_match(ev_interp *I, sp_state *st, int t, size_t pos, size_t *end)
{
    if (ev_tick(I))
        return -2;
    if (t == st->ntok) {
        *end = pos;
        return 1;
    }
    sp_tok k = st->tok[t];
    const char *s = st->s + pos;
    size_t avail = st->len - pos;
    if (k.kind == TK_LIT) {
        if (avail < 1 || tolower((unsigned char)s[0]) != tolower((unsigned char)k.c))
            return 0;
        return sp_match(I, st, t + 1, pos + 1, end);
    }
    size_t ends[64];
    int n = 0;
    if (k.kind == TK_WS) {
        size_t w = 0;
        while (w < avail && is_ws(s[w]))
            w++;
        for (size_t x = w; x >= 1 && n < 64; x--)
            ends[n++] = x;
    } else if (k.c == 'f') {
        size_t w = 0;
        while (w < 6 && dig(s, avail, w))
            w++;
        for (size_t x = w; x >= 1; x--)
            ends[n++] = x;
    } else if (k.c == 'z') {
        n = z_ends(s, avail, ends);
    } else if (strchr("aAbBpZ", k.c)) {
        n = name_ends(k.c, s, avail, ends);
    } else {
        for (const char *const *a = num_alts(k.c); a && *a; a++) {
            size_t e = alt_match(*a, s, avail);
            if (e)
                ends[n++] = e;
        }
    }
    for (int i = 0; i < n; i++) {
        if (k.kind == TK_DIR) {
            unsigned char c = (unsigned char)k.c;
            st->beg[c] = pos;
            st->end[c] = pos + ends[i];
            st->set[c] = true;
        }
        int r = sp_match(I, st, t + 1, pos + ends[i], end);
        if (r)
            return r;
        if (k.kind == TK_DIR)
            st->set[(unsigned char)k.c] = false;
    }
    return 0;
}

static int field(const sp_state *st, char c)
{
    const char *s = st->s + st->beg[(unsigned char)c];
    size_t n = st->end[(unsigned char)c] - st->beg[(unsigned char)c];
    int v = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] >= '0' && s[i] <= '9')
            v = v * 10 + (s[i] - '0');
    return v;
}

static int name_index(const sp_state *st, char c, const char *const *names, int n)
{
    const char *s = st->s + st->beg[(unsigned char)c];
    size_t len = st->end[(unsigned char)c] - st->beg[(unsigned char)c];
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && ci_prefix(s, len, names[i]))
            return i;
    return 0;
}

static ev_value raise_no_match(ev_interp *I, ev_str *a, ev_str *b)
{
    ev_value ra = ev_str_repr(I, a);
    if (EV_IS_ERR(ra))
        return ra;
    ev_value rb = ev_str_repr(I, b);
    if (EV_IS_ERR(rb)) {
        ev_decref(I, ra);
        return rb;
    }
    ev_raise(I, &ev_type_ValueError, "time data %s does not match format %s", ev_as_str(ra)->data,
             ev_as_str(rb)->data);
    ev_decref(I, ra);
    ev_decref(I, rb);
    return EV_ERR;
}

ev_value dt_strptime(ev_interp *I, ev_value sv, ev_value fv)
{
    if (!ev_is(sv, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strptime() argument 1 must be str, not %s", ev_type_name(sv));
    if (!ev_is(fv, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "strptime() argument 2 must be str, not %s", ev_type_name(fv));
    ev_str *data = ev_as_str(sv), *fmt = ev_as_str(fv);
    sp_state *st = ev_alloc(I, sizeof *st);
    if (!st)
        return ev_raise_nomem(I);
    memset(st, 0, sizeof *st);
    ev_value res = EV_ERR;
    int bad = compile_fmt(st, fmt->data, fmt->len, 0);
    if (bad == -1) {
        ev_raise(I, &ev_type_ValueError, "stray %% in format '%s'", fmt->data);
        goto done;
    }
    if (bad == -2) {
        ev_raise(I, &ev_type_ValueError, "strptime format too long for safepy (%d directives at most)",
                 SP_MAXTOK);
        goto done;
    }
    if (bad) {
        /* a non-ASCII character after % is reported whole */
        char bd[8] = {(char)bad, 0};
        if (bad >= 0x80) {
            const char *p = strchr(fmt->data, '%');
            while (p && (unsigned char)p[1] != (unsigned char)bad)
                p = strchr(p + 1, '%');
            size_t k = 1;
            while (p && k < 4 && ((unsigned char)p[1 + k] & 0xC0) == 0x80)
                k++;
            if (p)
                memcpy(bd, p + 1, k);
        }
        if (is_ws((char)bad))
            bd[0] = '%';
        ev_raise(I, &ev_type_ValueError, "'%s' is a bad directive in format '%s'", bd, fmt->data);
        goto done;
    }
    st->s = data->data;
    st->len = data->len;
    size_t end = 0;
    int m = sp_match(I, st, 0, 0, &end);
    if (m == -2)
        goto done;
    if (m == 0) {
        raise_no_match(I, data, fmt);
        goto done;
    }
    if (end != data->len) {
        ev_raise(I, &ev_type_ValueError, "unconverted data remains: %s", data->data + end);
        goto done;
    }
    int year = -1, iso_year = -1, month = 1, day = 1, hour = 0, minute = 0, second = 0, fraction = 0;
    int iso_week = -1, week_of_year = -1, week_start = 0, weekday = -1;
    int julian = INT_MIN; /* INT_MIN: not known */
    bool has_off = false;
    __int128 gmtoff = 0;
    if (st->set['y']) {
        year = field(st, 'y');
        year += year <= 68 ? 2000 : 1900;
    }
    if (st->set['Y'])
        year = field(st, 'Y');
    if (st->set['G'])
        iso_year = field(st, 'G');
    if (st->set['m'])
        month = field(st, 'm');
    if (st->set['B'])
        month = name_index(st, 'B', dt_month_names, 12) + 1;
    if (st->set['b'])
        month = name_index(st, 'b', abbr_mon, 12) + 1;
    if (st->set['d'])
        day = field(st, 'd');
    if (st->set['H'])
        hour = field(st, 'H');
    if (st->set['I']) {
        hour = field(st, 'I');
        int pm = st->set['p'] ? name_index(st, 'p', ampm, 2) : 0;
        if (!pm && hour == 12)
            hour = 0;
        else if (pm && hour != 12)
            hour += 12;
    }
    if (st->set['M'])
        minute = field(st, 'M');
    if (st->set['S'])
        second = field(st, 'S');
    if (st->set['f']) {
        size_t n = st->end['f'] - st->beg['f'];
        fraction = field(st, 'f');
        for (size_t k = n; k < 6; k++)
            fraction *= 10;
    }
    if (st->set['A'])
        weekday = name_index(st, 'A', dt_day_names, 7);
    if (st->set['a'])
        weekday = name_index(st, 'a', abbr_day, 7);
    if (st->set['w']) {
        weekday = field(st, 'w');
        weekday = weekday == 0 ? 6 : weekday - 1;
    }
    if (st->set['u'])
        weekday = field(st, 'u') - 1;
    if (st->set['j'])
        julian = field(st, 'j');
    if (st->set['U']) {
        week_of_year = field(st, 'U');
        week_start = 6;
    }
    if (st->set['W']) {
        week_of_year = field(st, 'W');
        week_start = 0;
    }
    if (st->set['V'])
        iso_week = field(st, 'V');
    if (st->set['z']) {
        const char *z = st->s + st->beg['z'];
        size_t zn = st->end['z'] - st->beg['z'];
        has_off = true;
        if (!(zn == 1 && z[0] == 'Z')) {
            char buf[32];
            size_t bn = 0;
            /* drop the colons, as _strptime does (consistently or not at all) */
            bool c1 = zn > 3 && z[3] == ':';
            for (size_t k = 0; k < zn && bn < sizeof buf - 1; k++) {
                if (z[k] == ':' && c1 && (k == 3 || k == 6))
                    continue;
                buf[bn++] = z[k];
            }
            buf[bn] = 0;
            if (c1 && zn > 6 && z[6] != ':') {
                char whole[40];
                snprintf(whole, sizeof whole, "%.*s", (int)zn, z);
                ev_raise(I, &ev_type_ValueError, "Inconsistent use of : in %s", whole);
                goto done;
            }
            int hh = num(buf + 1, 2), mm = num(buf + 3, 2), ss = bn >= 7 ? num(buf + 5, 2) : 0;
            int frac = 0;
            if (bn > 8) {
                size_t fd = bn - 8;
                frac = num(buf + 8, fd);
                for (size_t k = fd; k < 6; k++)
                    frac *= 10;
            }
            gmtoff = ((__int128)hh * 3600 + mm * 60 + ss) * US_PER_SEC + frac;
            if (buf[0] == '-')
                gmtoff = -gmtoff;
        }
    }
    if (year < 0 && iso_year >= 0) {
        if (iso_week < 0 || weekday < 0) {
            ev_raise(I, &ev_type_ValueError, "ISO year directive '%%G' must be used with the ISO week "
                     "directive '%%V' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
            goto done;
        }
        if (julian != INT_MIN) {
            ev_raise(I, &ev_type_ValueError, "Day of the year directive '%%j' is not compatible with "
                     "ISO year directive '%%G'. Use '%%Y' instead.");
            goto done;
        }
    } else if (week_of_year < 0 && iso_week >= 0) {
        if (weekday < 0)
            ev_raise(I, &ev_type_ValueError, "ISO week directive '%%V' must be used with the ISO year "
                     "directive '%%G' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
        else
            ev_raise(I, &ev_type_ValueError, "ISO week directive '%%V' is incompatible with the year "
                     "directive '%%Y'. Use the ISO year '%%G' instead.");
        goto done;
    }
    bool leap_fix = false;
    if (year < 0 && month == 2 && day == 29) {
        year = 1904;
        leap_fix = true;
    } else if (year < 0) {
        year = 1900;
    }
    if (julian == INT_MIN && weekday >= 0) {
        if (week_of_year >= 0) {
            int first = dt_weekday(year, 1, 1), dow = weekday;
            if (week_start != 0) {
                first = (first + 1) % 7;
                dow = (dow + 1) % 7;
            }
            int week0 = (7 - first) % 7;
            julian = week_of_year == 0 ? 1 + dow - first : 1 + week0 + 7 * (week_of_year - 1) + dow;
        } else if (iso_year >= 0 && iso_week >= 0) {
            if (iso_year < 1 || iso_year > 9999) {
                ev_raise(I, &ev_type_ValueError, "year %d is out of range", iso_year);
                goto done;
            }
            int correction = dt_weekday(iso_year, 1, 4) + 1 + 3;
            int64_t ordinal = (int64_t)iso_week * 7 + weekday + 1 - correction;
            if (ordinal < 1) {
                ordinal += dt_ymd_to_ord(iso_year, 1, 1);
                iso_year--;
                if (iso_year < 1) {
                    ev_raise(I, &ev_type_ValueError, "year 0 is out of range");
                    goto done;
                }
                ordinal -= dt_ymd_to_ord(iso_year, 1, 1);
            }
            year = iso_year;
            julian = (int)ordinal;
        }
        if (julian != INT_MIN && julian <= 0) {
            year--;
            julian += dt_is_leap(year) ? 366 : 365;
        }
    }
    if (julian == INT_MIN) {
        if (dt_check_date(I, year, month, day))
            goto done;
    } else {
        if (year < 1 || year > 9999) {
            ev_raise(I, &ev_type_ValueError, "year %d is out of range", year);
            goto done;
        }
        int64_t ord = julian - 1 + dt_ymd_to_ord(year, 1, 1);
        if (ord < 1) {
            ev_raise(I, &ev_type_ValueError, "ordinal must be >= 1");
            goto done;
        }
        if (ord > 3652059) {
            ev_raise(I, &ev_type_ValueError, "year 10000 is out of range");
            goto done;
        }
        dt_ord_to_ymd(ord, &year, &month, &day);
    }
    if (leap_fix)
        year = 1900;
    ev_value tz = EV_NONE;
    if (has_off) {
        ev_value name = EV_NONE;
        if (st->set['Z']) {
            name = ev_str_new(I, st->s + st->beg['Z'], st->end['Z'] - st->beg['Z']);
            if (EV_IS_ERR(name))
                goto done;
        }
        if (gmtoff <= -86400 * US_PER_SEC || gmtoff >= 86400 * US_PER_SEC) {
            ev_decref(I, name);
            offset_range_error(I, gmtoff);
            goto done;
        }
        tz = dt_new_tz(I, gmtoff, name);
        ev_decref(I, name);
        if (EV_IS_ERR(tz))
            goto done;
    }
    if (dt_check_date(I, year, month, day) ||
        dt_check_time(I, hour, minute, second, fraction, 0)) {
        ev_decref(I, tz);
        goto done;
    }
    res = dt_new_datetime(I, year, month, day, hour, minute, second, fraction, tz, 0);
    ev_decref(I, tz);
done:
    ev_dealloc(I, st);
    return res;
}
