/*
 * strptime.c - the parser behind time.strptime and datetime.strptime, as
 * CPython 3.11's Lib/_strptime.py does it in the C locale (TZ=UTC): the
 * format becomes _strptime's regular expression (its directives' patterns,
 * literal text, whitespace runs as \s+), matched here by a small
 * backtracking matcher that tries the alternatives in the order the regex
 * engine does; then the same arithmetic on the captured fields (the
 * _strptime() function), in the order the directives appear.  The callers
 * (time.c, datetime_fmt.c) turn the fields into a struct_time or a datetime.
 */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "evaluator/modules/datetime_int.h"
#include "evaluator/modules/re_int.h"
#include "evaluator/modules/strptime.h"

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
    /* the directives in the order of their groups in the regex (each at
     * most once: a repeated one is re.error, as a repeated group name) */
    char order[64];
    int norder;
    /* the regex _strptime builds, measured as it is built: its length in
     * characters so far and the groups it has, for the re.error of a
     * repeated directive */
    long relen;
    int ngroups, group_of[128];
    char dup;          /* the first repeated directive, 0: none */
    int dup_group, dup_was;
    long dup_pos;
    const char *s;
    size_t len;
    /* the span each directive captured */
    size_t beg[128], end[128];
    bool set[128];
} sp_state;

static const char *const ampm[2] = {"AM", "PM"};
static const char *const abbr_day[7] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
static const char *const abbr_mon[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                         "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

/* The length of the whitespace character (what \s matches in a str
 * pattern) at s, 0 when there is none. */
static size_t ws_len(const char *s, size_t avail)
{
    unsigned char c = avail ? (unsigned char)s[0] : 0;
    if (!avail)
        return 0;
    if ((c >= '\t' && c <= '\r') || c == ' ' || (c >= 0x1c && c <= 0x1f))
        return 1;
    if (c < 0xc2 || avail < 2)
        return 0;
    unsigned char c1 = (unsigned char)s[1];
    if (c == 0xc2)
        return c1 == 0x85 || c1 == 0xa0 ? 2 : 0;
    if (avail < 3)
        return 0;
    unsigned char c2 = (unsigned char)s[2];
    if (c == 0xe1 && c1 == 0x9a && c2 == 0x80) /* U+1680 */
        return 3;
    if (c == 0xe2 && c1 == 0x80 && ((c2 >= 0x80 && c2 <= 0x8a) || c2 == 0xa8 || c2 == 0xa9 || c2 == 0xaf))
        return 3;
    if (c == 0xe2 && c1 == 0x81 && c2 == 0x9f) /* U+205F */
        return 3;
    if (c == 0xe3 && c1 == 0x80 && c2 == 0x80) /* U+3000 */
        return 3;
    return 0;
}

/* The length of each directive's pattern in _strptime's TimeRE (C locale)
 * and the groups it holds (%z has two unnamed ones besides its own). */
static int dir_relen(char c)
{
    switch (c) {
    case 'A': return 63;
    case 'B': return 92;
    case 'G': case 'Y': return 15;
    case 'H': case 'S': case 'U': case 'W': return 24;
    case 'I': case 'm': return 26;
    case 'M': case 'f': return 17;
    case 'V': return 31;
    case 'Z': return 14;
    case 'a': return 34;
    case 'b': return 54;
    case 'd': return 41;
    case 'j': return 71;
    case 'p': case 'u': case 'w': return 12;
    case 'y': return 11;
    case 'z': return 56;
    default: return 1;
    }
}

/* Add the tokens of fmt; 0 ok, -1 a stray % at the end, -2 too long, else
 * the bad directive character ('%' for one the regex escapes). */
static int compile_fmt(sp_state *st, const char *f, size_t n, int depth)
{
    for (size_t i = 0; i < n; i++) {
        if (st->ntok >= SP_MAXTOK - 1)
            return -2;
        size_t w = ws_len(f + i, n - i);
        if (w) {
            i += w - 1;
            while (i + 1 < n && (w = ws_len(f + i + 1, n - i - 1)) != 0)
                i += w;
            st->tok[st->ntok++] = (sp_tok){TK_WS, ' '};
            st->relen += 3;
            continue;
        }
        if (f[i] != '%') {
            st->tok[st->ntok++] = (sp_tok){TK_LIT, f[i]};
            if (((unsigned char)f[i] & 0xC0) != 0x80)
                st->relen += strchr("\\.^$*+?(){}[]|", f[i]) ? 2 : 1;
            continue;
        }
        if (i + 1 >= n)
            return -1;
        char c = f[++i];
        if (c == 0 || strchr("\\.^$*+?(){}[]|", c) || ws_len(f + i, n - i))
            return '%';
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
            st->relen += 1;
            continue;
        }
        if (!strchr("dfHIGjmMSUwuVyYzaAbBpZW", c))
            return (unsigned char)c;
        st->tok[st->ntok++] = (sp_tok){TK_DIR, c};
        unsigned char uc = (unsigned char)c;
        st->ngroups++;
        if (st->group_of[uc]) {
            if (!st->dup) {
                st->dup = c;
                st->dup_group = st->ngroups;
                st->dup_was = st->group_of[uc];
                st->dup_pos = st->relen + 4; /* at the name, after "(?P<" */
            }
        } else {
            st->group_of[uc] = st->ngroups;
            if (st->norder < (int)sizeof st->order)
                st->order[st->norder++] = c;
        }
        if (c == 'z')
            st->ngroups += 2;
        st->relen += dir_relen(c);
    }
    return 0;
}

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
    if (k.kind == TK_WS) {
        /* \s+: the longest run first, then a character less each time */
        size_t w = 0, l;
        while ((l = ws_len(s + w, avail - w)) != 0)
            w += l;
        while (w > 0) {
            int r = sp_match(I, st, t + 1, pos + w, end);
            if (r)
                return r;
            do
                w--;
            while (w > 0 && ((unsigned char)s[w] & 0xC0) == 0x80);
        }
        return 0;
    }
    size_t ends[64];
    int n = 0;
    if (k.c == 'f') {
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

/* The format's errors, in the order _strptime meets them: a bad directive
 * or a stray % while building the regex, then the regex's own re.error
 * for a directive given twice. */
static int raise_compile_error(ev_interp *I, sp_state *st, int bad, ev_str *fmt)
{
    if (bad == -1) {
        ev_raise(I, &ev_type_ValueError, "stray %% in format '%s'", fmt->data);
        return -1;
    }
    if (bad == -2) {
        ev_raise(I, &ev_type_ValueError, "strptime format too long for safepy (%d directives at most)",
                 SP_MAXTOK);
        return -1;
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
        ev_raise(I, &ev_type_ValueError, "'%s' is a bad directive in format '%s'", bd, fmt->data);
        return -1;
    }
    /* the pattern itself is not kept: the message carries the position */
    char msg[128];
    snprintf(msg, sizeof msg, "redefinition of group name '%c' as group %d; was group %d at position %ld",
             st->dup, st->dup_group, st->dup_was, st->dup_pos);
    re_raise_error(I, msg, EV_NONE, -1);
    return -1;
}

/* _strptime's %z arithmetic: 0 ok, -1 ValueError (inconsistent colons). */
static int parse_gmtoff(ev_interp *I, const sp_state *st, ev_strptime_tm *out)
{
    const char *z = st->s + st->beg['z'];
    size_t zn = st->end['z'] - st->beg['z'];
    out->has_gmtoff = true;
    out->gmtoff = 0;
    out->gmtoff_fraction = 0;
    if (zn == 1 && z[0] == 'Z')
        return 0;
    char buf[32];
    size_t bn = 0;
    bool c1 = zn > 3 && z[3] == ':';
    if (!c1 && zn > 5 && z[5] == ':') {
        /* int(z[5:7]) of the seconds fails on the colon */
        ev_raise(I, &ev_type_ValueError, "invalid literal for int() with base 10: '%.2s'", z + 5);
        return -1;
    }
    if (c1 && zn > 6 && z[6] != ':') {
        ev_raise(I, &ev_type_ValueError, "Inconsistent use of : in %.*s", (int)zn, z);
        return -1;
    }
    /* drop the colons, as _strptime does (consistently or not at all) */
    for (size_t k = 0; k < zn && bn < sizeof buf - 1; k++) {
        if (z[k] == ':' && c1 && (k == 3 || k == 6))
            continue;
        buf[bn++] = z[k];
    }
    buf[bn] = 0;
    int hh = (buf[1] - '0') * 10 + buf[2] - '0', mm = (buf[3] - '0') * 10 + buf[4] - '0';
    int ss = bn >= 7 ? (buf[5] - '0') * 10 + buf[6] - '0' : 0;
    int frac = 0;
    if (bn > 8) {
        size_t fd = bn - 8;
        for (size_t k = 0; k < 6; k++)
            frac = frac * 10 + (k < fd ? buf[8 + k] - '0' : 0);
    }
    out->gmtoff = hh * 3600 + mm * 60 + ss;
    out->gmtoff_fraction = frac;
    if (buf[0] == '-') {
        out->gmtoff = -out->gmtoff;
        out->gmtoff_fraction = -frac;
    }
    return 0;
}

/* The fields from the captured groups and the date arithmetic of
 * _strptime(); 0 ok, -1 ValueError. */
static int sp_fields(ev_interp *I, sp_state *st, ev_strptime_tm *out)
{
    int year = INT_MIN, iso_year = INT_MIN, month = 1, day = 1;
    int iso_week = -1, week_of_year = -1, week_start = 0, weekday = -1;
    int julian = INT_MIN; /* INT_MIN: not known */
    out->hour = out->minute = out->second = out->fraction = 0;
    out->isdst = -1;
    out->has_gmtoff = out->has_zone = false;
    out->gmtoff = out->gmtoff_fraction = 0;
    /* in the order of the groups: where two set one field, the later wins */
    for (int i = 0; i < st->norder; i++) {
        char c = st->order[i];
        if (!st->set[(unsigned char)c])
            continue;
        switch (c) {
        case 'y':
            year = field(st, 'y');
            year += year <= 68 ? 2000 : 1900;
            break;
        case 'Y': year = field(st, 'Y'); break;
        case 'G': iso_year = field(st, 'G'); break;
        case 'm': month = field(st, 'm'); break;
        case 'B': month = name_index(st, 'B', dt_month_names, 12) + 1; break;
        case 'b': month = name_index(st, 'b', abbr_mon, 12) + 1; break;
        case 'd': day = field(st, 'd'); break;
        case 'H': out->hour = field(st, 'H'); break;
        case 'I': {
            int h = field(st, 'I');
            int pm = st->set['p'] ? name_index(st, 'p', ampm, 2) : 0;
            if (!pm && h == 12)
                h = 0;
            else if (pm && h != 12)
                h += 12;
            out->hour = h;
            break;
        }
        case 'M': out->minute = field(st, 'M'); break;
        case 'S': out->second = field(st, 'S'); break;
        case 'f': {
            size_t n = st->end['f'] - st->beg['f'];
            int f = field(st, 'f');
            for (size_t k = n; k < 6; k++)
                f *= 10;
            out->fraction = f;
            break;
        }
        case 'A': weekday = name_index(st, 'A', dt_day_names, 7); break;
        case 'a': weekday = name_index(st, 'a', abbr_day, 7); break;
        case 'w':
            weekday = field(st, 'w');
            weekday = weekday == 0 ? 6 : weekday - 1;
            break;
        case 'u': weekday = field(st, 'u') - 1; break;
        case 'j': julian = field(st, 'j'); break;
        case 'U': week_of_year = field(st, 'U'); week_start = 6; break;
        case 'W': week_of_year = field(st, 'W'); week_start = 0; break;
        case 'V': iso_week = field(st, 'V'); break;
        case 'z':
            if (parse_gmtoff(I, st, out))
                return -1;
            break;
        case 'Z':
            /* time.tzname is ('UTC', 'UTC') without daylight saving: the
             * names %Z matches, utc and gmt, are both "no saving" */
            out->isdst = 0;
            out->has_zone = true;
            out->zone_beg = st->beg['Z'];
            out->zone_len = st->end['Z'] - st->beg['Z'];
            break;
        default:
            break;
        }
    }
    if (year == INT_MIN && iso_year != INT_MIN) {
        if (iso_week < 0 || weekday < 0) {
            ev_raise(I, &ev_type_ValueError, "ISO year directive '%%G' must be used with the ISO week "
                     "directive '%%V' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
            return -1;
        }
        if (julian != INT_MIN) {
            ev_raise(I, &ev_type_ValueError, "Day of the year directive '%%j' is not compatible with "
                     "ISO year directive '%%G'. Use '%%Y' instead.");
            return -1;
        }
    } else if (week_of_year < 0 && iso_week >= 0) {
        if (weekday < 0)
            ev_raise(I, &ev_type_ValueError, "ISO week directive '%%V' must be used with the ISO year "
                     "directive '%%G' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').");
        else
            ev_raise(I, &ev_type_ValueError, "ISO week directive '%%V' is incompatible with the year "
                     "directive '%%Y'. Use the ISO year '%%G' instead.");
        return -1;
    }
    bool leap_fix = false;
    if (year == INT_MIN && month == 2 && day == 29) {
        year = 1904; /* the first leap year of the 20th century */
        leap_fix = true;
    } else if (year == INT_MIN) {
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
        } else if (iso_year != INT_MIN && iso_week >= 0) {
            if (iso_year < 1 || iso_year > 9999) {
                ev_raise(I, &ev_type_ValueError, "year %d is out of range", iso_year);
                return -1;
            }
            int correction = dt_weekday(iso_year, 1, 4) + 1 + 3;
            int64_t ordinal = (int64_t)iso_week * 7 + weekday + 1 - correction;
            if (ordinal < 1) {
                ordinal += dt_ymd_to_ord(iso_year, 1, 1);
                iso_year--;
                if (iso_year < 1) {
                    ev_raise(I, &ev_type_ValueError, "year 0 is out of range");
                    return -1;
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
            return -1;
        julian = (int)(dt_ymd_to_ord(year, month, day) - dt_ymd_to_ord(year, 1, 1) + 1);
    } else {
        if (year < 1 || year > 9999) {
            ev_raise(I, &ev_type_ValueError, "year %d is out of range", year);
            return -1;
        }
        int64_t ord = julian - 1 + dt_ymd_to_ord(year, 1, 1);
        if (ord < 1) {
            ev_raise(I, &ev_type_ValueError, "ordinal must be >= 1");
            return -1;
        }
        if (ord > 3652059) {
            ev_raise(I, &ev_type_ValueError, "year 10000 is out of range");
            return -1;
        }
        dt_ord_to_ymd(ord, &year, &month, &day);
    }
    if (weekday < 0)
        weekday = dt_weekday(year, month, day);
    if (leap_fix)
        year = 1900;
    out->year = year;
    out->month = month;
    out->day = day;
    out->weekday = weekday;
    out->julian = julian;
    return 0;
}

int ev_strptime_parse(ev_interp *I, ev_str *data, ev_str *fmt, ev_strptime_tm *out)
{
    sp_state *st = ev_alloc(I, sizeof *st);
    if (!st) {
        ev_raise_nomem(I);
        return -1;
    }
    memset(st, 0, sizeof *st);
    int rc = -1;
    int bad = compile_fmt(st, fmt->data, fmt->len, 0);
    if (bad || st->dup) {
        raise_compile_error(I, st, bad, fmt);
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
    rc = sp_fields(I, st, out);
done:
    ev_dealloc(I, st);
    return rc;
}
