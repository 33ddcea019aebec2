/*
 * csv_sniff.c - csv.Sniffer of CPython 3.11's Lib/csv.py.  sniff() first
 * looks for quoted fields with the four regular expressions of
 * _guess_quote_and_delimiter (run by safepy's re, so the matches are re's),
 * then, when that names no delimiter, takes the character-frequency vote of
 * _guess_delimiter over chunks of ten lines; has_header() reads the sample
 * with the sniffed dialect and lets the columns' types vote.  The order of
 * the dictionaries Python builds decides ties, so the tables here keep
 * insertion order.
 */
#include <string.h>

#include "evaluator/modules/csv_int.h"
#include "evaluator/modules/re_int.h"

#define SNIFF_ASCII 127 /* csv.py's "7-bit ASCII": chr(0) .. chr(126) */

static const ev_us_sig sig_sniff = {"Sniffer.sniff", {"sample", "delimiters"}, 1, 0, false, false};
static const ev_us_sig sig_has_header = {"Sniffer.has_header", {"sample"}, 1, 0, false, false};

static ev_value sn_init(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc != 1 || EV_KW_N(kw))
        return ev_raise(I, &ev_type_TypeError, "Sniffer.__init__() takes 1 positional argument but %d were given",
                        argc);
    static const char *const pref[] = {",", "\t", ";", " ", ":"};
    ev_value l = ev_list_new(I, 5);
    for (int i = 0; i < 5 && !EV_IS_ERR(l); i++) {
        ev_value s = ev_str_from_cstr(I, pref[i]);
        if (EV_IS_ERR(s) || ev_list_append(I, ev_as_list(l), s)) {
            ev_decref(I, s);
            ev_decref(I, l);
            return EV_ERR;
        }
        ev_decref(I, s);
    }
    if (EV_IS_ERR(l))
        return l;
    int e = ev_us_setattr(I, argv[0], "preferred", l);
    ev_decref(I, l);
    return e ? EV_ERR : EV_NONE;
}

/* ---- the quote pass ---------------------------------------------------------------------------- */

/* a counted key (one character, as UTF-8) in the order Python's dict met it */
typedef struct sn_key {
    char c[4];
    uint8_t n;
    int64_t count;
} sn_key;

typedef struct sn_tally {
    sn_key *k;
    size_t n, cap;
} sn_tally;

static int tally_add(ev_interp *I, sn_tally *t, const char *c, size_t n)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->k[i].n == n && memcmp(t->k[i].c, c, n) == 0) {
            t->k[i].count++;
            return 0;
        }
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 8;
        sn_key *k = ev_realloc(I, t->k, cap * sizeof *k);
        if (!k)
            return -1;
        t->k = k;
        t->cap = cap;
    }
    memcpy(t->k[t->n].c, c, n);
    t->k[t->n].n = (uint8_t)n;
    t->k[t->n].count = 1;
    t->n++;
    return 0;
}

static void tally_free(ev_interp *I, sn_tally *t) { ev_dealloc(I, t->k); }

/* max(d, key=d.get): the first of the largest counts */
static size_t tally_max(const sn_tally *t)
{
    size_t best = 0;
    for (size_t i = 1; i < t->n; i++)
        if (t->k[i].count > t->k[best].count)
            best = i;
    return best;
}

/* (quote, delim, space) group numbers of csv.py's four expressions, 0 where one has none */
static const struct {
    const char *re;
    int quote, delim, space;
} quote_res[4] = {
    {"(?sm)(?P<delim>[^\\w\\n\"\\'])(?P<space> ?)(?P<quote>[\"\\']).*?(?P=quote)(?P=delim)", 3, 1, 2},
    {"(?sm)(?:^|\\n)(?P<quote>[\"\\']).*?(?P=quote)(?P<delim>[^\\w\\n\"\\'])(?P<space> ?)", 1, 2, 3},
    {"(?sm)(?P<delim>[^\\w\\n\"\\'])(?P<space> ?)(?P<quote>[\"\\']).*?(?P=quote)(?:$|\\n)", 3, 1, 2},
    {"(?sm)(?:^|\\n)(?P<quote>[\"\\']).*?(?P=quote)(?:$|\\n)", 1, 0, 0},
};

static ev_value compile_c(ev_interp *I, const char *src, size_t n)
{
    ev_value s = ev_str_new(I, src, n);
    if (EV_IS_ERR(s))
        return s;
    ev_value p = re_compile_uncached(I, s);
    ev_decref(I, s);
    return p;
}

/* Where a match can start (a necessary condition, so skipping the rest
 * changes nothing): START_DELIM a character, an optional space and a quote
 * (expressions 1 and 3); START_LINE a quote at a line's start, or a newline
 * and a quote (2 and 4); START_DQ the delimiter or a line's start; START_ANY
 * anywhere (the doublequote expression with no delimiter). */
enum { START_DELIM, START_LINE, START_DQ, START_ANY };

static bool is_quote(const char *d, size_t len, size_t p) { return p < len && (d[p] == '"' || d[p] == '\''); }

static bool may_start(int how, const char *d, size_t len, size_t p, const char *delim, size_t ndelim)
{
    switch (how) {
    case START_DELIM: {
        if (d[p] == '\n' || d[p] == '"' || d[p] == '\'')
            return false;
        size_t q = p + 1;
        while (q < len && ((unsigned char)d[q] & 0xC0) == 0x80)
            q++;
        return is_quote(d, len, q) || (q < len && d[q] == ' ' && is_quote(d, len, q + 1));
    }
    case START_LINE:
        return ((p == 0 || d[p - 1] == '\n') && is_quote(d, len, p)) || (d[p] == '\n' && is_quote(d, len, p + 1));
    case START_DQ:
        return p == 0 || d[p - 1] == '\n' || (len - p >= ndelim && memcmp(d + p, delim, ndelim) == 0);
    default:
        return true;
    }
}

/* re's search from *from on: one anchored attempt at each possible start.
 * PCRE2 bounds its steps per start, not per search, so a search over a long
 * pathological sample would run on unchecked; here the time limit is
 * checked between the attempts.  1 found (the offsets in sc->md), 0 none,
 * -1 error. */
static int search_from(ev_interp *I, re_scan *sc, int how, size_t *from, const char *delim, size_t ndelim)
{
    const char *d = sc->s->data;
    size_t len = sc->s->len;
    for (size_t p = *from; p < len; p++) {
        if (((unsigned char)d[p] & 0xC0) == 0x80 || !may_start(how, d, len, p, delim, ndelim))
            continue;
        sc->bpos = p;
        sc->done = false;
        sc->must_advance = false;
        int f = re_scan_next(I, sc, 1);
        if (f)
            return f;
        if ((p & 0xFFF) == 0 && ev_charge(I, 64))
            return -1;
    }
    *from = len;
    return ev_charge(I, (int64_t)(len / 64)) ? -1 : 0;
}

/* The guess of _guess_quote_and_delimiter. */
typedef struct sn_guess {
    char quote[4], delim[4];
    uint8_t nquote, ndelim; /* 0: '' */
    bool dq, skip;
} sn_guess;

/* key in delimiters (delimiters None: true); -1 on error */
static int delim_allowed(ev_interp *I, ev_value delimiters, const char *c, size_t n)
{
    if (delimiters.tag == EV_T_NONE)
        return 1;
    ev_value k = ev_str_new(I, c, n);
    if (EV_IS_ERR(k))
        return -1;
    int r = ev_contains(I, delimiters, k);
    ev_decref(I, k);
    return r;
}

/* The matches of expression i over the sample, counted; 1 when there were any. */
static int quote_scan(ev_interp *I, int i, ev_value sample, ev_value delimiters, sn_tally *quotes,
                      sn_tally *delims, int64_t *spaces)
{
    ev_value pat = compile_c(I, quote_res[i].re, strlen(quote_res[i].re));
    if (EV_IS_ERR(pat))
        return -1;
    re_pattern *p = (re_pattern *)pat.u.o;
    int found = 0, r = -1;
    ev_str *s = re_subject(I, p, sample);
    if (!s)
        goto done;
    re_scan sc;
    if (re_scan_init(I, &sc, p, s, sample, 0, INT64_MAX)) {
        re_subject_done(I, s, sample);
        goto done;
    }
    for (size_t from = 0;;) {
        int f = search_from(I, &sc, quote_res[i].delim && quote_res[i].quote == 3 ? START_DELIM : START_LINE, &from,
                            NULL, 0);
        if (f < 0)
            goto scan_fail;
        if (f == 0)
            break;
        found = 1;
        /* the subject's bytes: the sample may be user code's str subclass, but re scans its own copy */
        const PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
        const char *d = sc.s->data;
        from = ov[1]; /* findall goes on after the match (never empty) */
        int g = quote_res[i].quote;
        if (ov[2 * g] != PCRE2_UNSET && ov[2 * g + 1] > ov[2 * g] &&
            tally_add(I, quotes, d + ov[2 * g], ov[2 * g + 1] - ov[2 * g]))
            goto scan_fail;
        g = quote_res[i].delim;
        if (!g)
            continue;
        size_t a = ov[2 * g], b = ov[2 * g + 1];
        size_t sa = ov[2 * quote_res[i].space], sb = ov[2 * quote_res[i].space + 1];
        bool space = sa != PCRE2_UNSET && sb > sa;
        if (a != PCRE2_UNSET && b > a && b - a <= 4) {
            /* `key in delimiters` may run user code: the match is copied first */
            char key[4];
            size_t kn = b - a;
            memcpy(key, d + a, kn);
            int ok = delim_allowed(I, delimiters, key, kn);
            if (ok < 0 || (ok && tally_add(I, delims, key, kn)))
                goto scan_fail;
        }
        if (space)
            (*spaces)++;
    }
    r = found;
scan_fail:
    re_scan_free(&sc);
    re_subject_done(I, s, sample);
done:
    ev_decref(I, pat);
    return r;
}

/* re.escape of one character into out (at most 5 bytes) */
static size_t re_escape_char(const char *c, size_t n, char *out)
{
    static const char special[] = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
    size_t k = 0;
    if (n == 1 && c[0] && strchr(special, c[0]))
        out[k++] = '\\';
    memcpy(out + k, c, n);
    return k + n;
}

static int guess_quote_and_delimiter(ev_interp *I, ev_value sample, ev_value delimiters, sn_guess *g)
{
    sn_tally quotes = {0}, delims = {0};
    int64_t spaces = 0;
    int r = -1, found = 0;
    memset(g, 0, sizeof *g);
    for (int i = 0; i < 4 && !found; i++) {
        found = quote_scan(I, i, sample, delimiters, &quotes, &delims, &spaces);
        if (found < 0)
            goto done;
    }
    if (!found) {
        r = 0;
        goto done;
    }
    /* quotes is never empty: every expression's quote group takes a character */
    size_t q = tally_max(&quotes);
    memcpy(g->quote, quotes.k[q].c, quotes.k[q].n);
    g->nquote = quotes.k[q].n;
    if (delims.n) {
        size_t d = tally_max(&delims);
        g->skip = delims.k[d].count == spaces;
        if (!(delims.k[d].n == 1 && delims.k[d].c[0] == '\n')) {
            memcpy(g->delim, delims.k[d].c, delims.k[d].n);
            g->ndelim = delims.k[d].n;
        }
    }
    /* a quote between two quotes inside one field: doubled quotes */
    char ed[8];
    size_t ne = re_escape_char(g->delim, g->ndelim, ed);
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "(?m)((") || ev_buf_put(I, &b, ed, ne) || ev_buf_puts(I, &b, ")|^)\\W*") ||
            ev_buf_put(I, &b, g->quote, g->nquote) || ev_buf_puts(I, &b, "[^") || ev_buf_put(I, &b, ed, ne) ||
            ev_buf_puts(I, &b, "\\n]*") || ev_buf_put(I, &b, g->quote, g->nquote) || ev_buf_puts(I, &b, "[^") ||
            ev_buf_put(I, &b, ed, ne) || ev_buf_puts(I, &b, "\\n]*") || ev_buf_put(I, &b, g->quote, g->nquote) ||
            ev_buf_puts(I, &b, "\\W*((") || ev_buf_put(I, &b, ed, ne) || ev_buf_puts(I, &b, ")|$)");
    ev_value pat = e ? EV_ERR : compile_c(I, b.data, b.len);
    ev_buf_free(I, &b);
    if (EV_IS_ERR(pat))
        goto done;
    re_pattern *p = (re_pattern *)pat.u.o;
    ev_str *s = re_subject(I, p, sample);
    re_scan sc;
    if (!s || re_scan_init(I, &sc, p, s, sample, 0, INT64_MAX)) {
        if (s)
            re_subject_done(I, s, sample);
        ev_decref(I, pat);
        goto done;
    }
    size_t from = 0;
    int f = search_from(I, &sc, g->ndelim ? START_DQ : START_ANY, &from, g->delim, g->ndelim);
    re_scan_free(&sc);
    re_subject_done(I, s, sample);
    ev_decref(I, pat);
    if (f < 0)
        goto done;
    g->dq = f == 1;
    r = 0;
done:
    tally_free(I, &quotes);
    tally_free(I, &delims);
    return r;
}

/* ---- the character-frequency pass -------------------------------------------------------------- */

/* one character's table of (frequency -> rows), in insertion order */
typedef struct sn_meta {
    int64_t *freq, *rows;
    size_t n, cap;
    bool has_mode;
    int64_t mode_freq, mode_adj; /* modes[char] */
} sn_meta;

static int meta_add(ev_interp *I, sn_meta *m, int64_t freq)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->freq[i] == freq) {
            m->rows[i]++;
            return ev_charge(I, (int64_t)(i / 16));
        }
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 4;
        int64_t *f = ev_realloc(I, m->freq, cap * sizeof *f);
        if (!f)
            return -1;
        m->freq = f;
        int64_t *r = ev_realloc(I, m->rows, cap * sizeof *r);
        if (!r)
            return -1;
        m->rows = r;
        m->cap = cap;
    }
    m->freq[m->n] = freq;
    m->rows[m->n] = 1;
    m->n++;
    return ev_charge(I, (int64_t)(m->n / 16));
}

/* s.count(c) == s.count(c + ' ') for the first row and ASCII c */
static bool skip_space(const char *s, size_t n, char c)
{
    int64_t one = 0, two = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == c)
            one++;
    for (size_t i = 0; i + 1 < n;)
        if (s[i] == c && s[i + 1] == ' ') {
            two++;
            i += 2;
        } else
            i++;
    return one == two;
}

typedef struct sn_line {
    const char *p;
    size_t n;
} sn_line;

/* _guess_delimiter: *delim is -1 when there is none */
static int guess_delimiter(ev_interp *I, ev_value self, const ev_str *data, ev_value delimiters, int *delim,
                           bool *skip)
{
    *delim = -1;
    *skip = false;
    int r = -1;
    sn_line *lines = NULL;
    size_t nlines = 0, cap = 0;
    sn_meta meta[SNIFF_ASCII];
    memset(meta, 0, sizeof meta);
    uint8_t order[SNIFF_ASCII]; /* modes' keys in insertion order */
    int norder = 0;
    int cand[SNIFF_ASCII], ncand = 0; /* delims' keys in insertion order */
    ev_value dd = EV_ERR;
    for (size_t a = 0; a < data->len;) {
        const char *nl = memchr(data->data + a, '\n', data->len - a);
        size_t b = nl ? (size_t)(nl - data->data) : data->len;
        if (b > a) {
            if (nlines == cap) {
                size_t nc = cap ? 2 * cap : 64;
                sn_line *l = ev_realloc(I, lines, nc * sizeof *l);
                if (!l)
                    goto done;
                lines = l;
                cap = nc;
            }
            lines[nlines++] = (sn_line){data->data + a, b - a};
        }
        a = b + 1;
    }
    size_t chunk = nlines < 10 ? nlines : 10;
    int64_t iteration = 0;
    for (size_t start = 0, end = chunk; start < nlines; start = end, end += chunk) {
        iteration++;
        for (size_t li = start; li < end && li < nlines; li++) {
            int64_t cnt[128] = {0};
            for (size_t i = 0; i < lines[li].n; i++)
                cnt[(unsigned char)lines[li].p[i] & 0x7F] += !((unsigned char)lines[li].p[i] & 0x80);
            if (ev_charge(I, 1 + (int64_t)(lines[li].n / 64)))
                goto done;
            for (int c = 0; c < SNIFF_ASCII; c++)
                if (meta_add(I, &meta[c], cnt[c]))
                    goto done;
        }
        int64_t seen = (int64_t)((end < nlines ? end : nlines));
        for (int c = 0; c < SNIFF_ASCII; c++) {
            sn_meta *m = &meta[c];
            if (m->n == 1 && m->freq[0] == 0)
                continue;
            size_t best = 0;
            for (size_t i = 1; i < m->n; i++)
                if (m->rows[i] > m->rows[best])
                    best = i;
            if (!m->has_mode)
                order[norder++] = (uint8_t)c;
            m->has_mode = true;
            m->mode_freq = m->freq[best];
            /* every row counts every character: the others sum to seen - rows */
            m->mode_adj = m->n > 1 ? m->rows[best] - (seen - m->rows[best]) : m->rows[best];
        }
        double total = (double)seen;
        int64_t cl = (int64_t)chunk * iteration;
        if (cl < seen)
            total = (double)cl;
        for (double consistency = 1.0; ncand == 0 && consistency >= 0.9; consistency -= 0.01)
            for (int oi = 0; oi < norder; oi++) {
                sn_meta *m = &meta[order[oi]];
                if (m->mode_freq > 0 && m->mode_adj > 0 && (double)m->mode_adj / total >= consistency) {
                    char k = (char)order[oi];
                    int ok = delim_allowed(I, delimiters, &k, 1);
                    if (ok < 0)
                        goto done;
                    bool dup = false;
                    for (int j = 0; j < ncand; j++)
                        dup |= cand[j] == order[oi];
                    if (ok && !dup)
                        cand[ncand++] = order[oi];
                }
            }
        if (ncand == 1) {
            *delim = cand[0];
            *skip = skip_space(lines[0].p, lines[0].n, (char)cand[0]);
            r = 0;
            goto done;
        }
        /* more than one: later chunks cannot change delims any more */
        if (ncand > 1)
            break;
    }
    if (!ncand) {
        r = 0;
        goto done;
    }
    /* `d in delims.keys()` for each of self.preferred: any object, hashed as the dict would */
    dd = ev_dict_new(I);
    if (EV_IS_ERR(dd))
        goto done;
    for (int j = 0; j < ncand; j++) {
        char k = (char)cand[j];
        ev_value ks = ev_str_new(I, &k, 1);
        int e = EV_IS_ERR(ks) || ev_dict_set(I, ev_as_dict(dd), ks, EV_NONE);
        ev_decref(I, ks);
        if (e)
            goto done;
    }
    ev_value pref = ev_us_getattr(I, self, "preferred");
    ev_value it = EV_IS_ERR(pref) ? pref : ev_iter(I, pref);
    ev_decref(I, pref);
    if (EV_IS_ERR(it))
        goto done;
    for (;;) {
        ev_value d;
        int f = ev_next(I, it, &d);
        if (f < 0) {
            ev_decref(I, it);
            goto done;
        }
        if (f == 0)
            break;
        int in = ev_contains(I, dd, d);
        if (in > 0) {
            /* d equals one of the keys, a one-character ASCII str */
            for (int j = 0; j < ncand; j++) {
                char k = (char)cand[j];
                ev_value ks = ev_str_new(I, &k, 1);
                int eq = EV_IS_ERR(ks) ? -1 : ev_eq(I, ks, d);
                ev_decref(I, ks);
                if (eq < 0) {
                    in = -1;
                    break;
                }
                if (eq) {
                    *delim = cand[j];
                    break;
                }
            }
        }
        ev_decref(I, d);
        if (in < 0) {
            ev_decref(I, it);
            goto done;
        }
        if (*delim >= 0) {
            ev_decref(I, it);
            *skip = skip_space(lines[0].p, lines[0].n, (char)*delim);
            r = 0;
            goto done;
        }
    }
    ev_decref(I, it);
    /* sorted((v, k))[-1]: the largest (mode, consistency), then the largest character */
    int best = cand[0];
    for (int j = 1; j < ncand; j++) {
        sn_meta *a = &meta[cand[j]], *b = &meta[best];
        if (a->mode_freq > b->mode_freq || (a->mode_freq == b->mode_freq && a->mode_adj > b->mode_adj) ||
            (a->mode_freq == b->mode_freq && a->mode_adj == b->mode_adj && cand[j] > best))
            best = cand[j];
    }
    *delim = best;
    *skip = skip_space(lines[0].p, lines[0].n, (char)best);
    r = 0;
done:
    if (!EV_IS_ERR(dd))
        ev_decref(I, dd);
    for (int c = 0; c < SNIFF_ASCII; c++) {
        ev_dealloc(I, meta[c].freq);
        ev_dealloc(I, meta[c].rows);
    }
    ev_dealloc(I, lines);
    return r;
}

/* ---- sniff and has_header ---------------------------------------------------------------------- */

static int put(ev_interp *I, ev_dict *d, const char *key, ev_value v_steal)
{
    if (EV_IS_ERR(v_steal))
        return -1;
    ev_str *k = ev_intern(I, key, strlen(key));
    int r = k ? ev_dict_set_str(I, d, k, v_steal) : -1;
    ev_decref(I, v_steal);
    return r;
}

/* class dialect(Dialect) with the guesses set on it after the body, as sniff() makes it */
static ev_value make_dialect(ev_interp *I, ev_value st, const sn_guess *g)
{
    ev_value base = ev_as_cinstance(st)->slots[ST_DIALECT_CLASS];
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR;
    ev_str *nm = ev_intern(I, "dialect", 7);
    if (EV_IS_ERR(d) || !nm)
        goto fail;
    bases = ev_tuple_new(I, 1);
    if (EV_IS_ERR(bases))
        goto fail;
    ev_as_tuple(bases)->items[0] = ev_dup(base);
    if (put(I, ev_as_dict(d), "__module__", ev_str_from_cstr(I, "csv")) ||
        put(I, ev_as_dict(d), "__qualname__", ev_str_from_cstr(I, "Sniffer.sniff.<locals>.dialect")) ||
        put(I, ev_as_dict(d), "_name", ev_str_from_cstr(I, "sniffed")) ||
        put(I, ev_as_dict(d), "lineterminator", ev_str_from_cstr(I, "\r\n")) ||
        put(I, ev_as_dict(d), "quoting", ev_int(CSV_QUOTE_MINIMAL)))
        goto fail;
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto fail;
    ((ev_type *)cls.u.o)->module = "csv";
    if (ev_us_setattr(I, cls, "doublequote", ev_bool(g->dq)) ||
        put(I, ((ev_type *)cls.u.o)->dict, "delimiter", ev_str_new(I, g->delim, g->ndelim)) ||
        put(I, ((ev_type *)cls.u.o)->dict, "quotechar", g->nquote ? ev_str_new(I, g->quote, g->nquote)
                                                                     : ev_str_from_cstr(I, "\"")) ||
        ev_us_setattr(I, cls, "skipinitialspace", ev_bool(g->skip)))
        goto fail;
    I->class_version++;
    ev_decref(I, bases);
    ev_decref(I, d);
    return cls;
fail:
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, d);
    return EV_ERR;
}

/* a call through the class without self: the def's message */
static ev_value missing_self(ev_interp *I, const char *qual, const ev_kw *kw)
{
    for (int k = 0; k < EV_KW_N(kw); k++)
        if (strcmp(kw->names[k]->data, "sample") == 0)
            return ev_raise(I, &ev_type_TypeError, "%s() missing 1 required positional argument: 'self'", qual);
    return ev_raise(I, &ev_type_TypeError, "%s() missing 2 required positional arguments: 'self' and 'sample'",
                    qual);
}

static ev_value sn_sniff(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return missing_self(I, "Sniffer.sniff", kw);
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig_sniff, argc - 1, argv + 1, kw, a))
        return EV_ERR;
    ev_value sample = a[0], delimiters = EV_IS_ERR(a[1]) ? EV_NONE : a[1];
    sn_guess g;
    if (guess_quote_and_delimiter(I, sample, delimiters, &g))
        return EV_ERR;
    if (!g.ndelim) {
        int d;
        if (guess_delimiter(I, argv[0], ev_as_str(sample), delimiters, &d, &g.skip))
            return EV_ERR;
        if (d < 0)
            return ev_raise(I, &csv_type_Error, "Could not determine delimiter");
        g.delim[0] = (char)d;
        g.ndelim = 1;
    }
    return make_dialect(I, st, &g);
}

/* complex(field) succeeds: 1, 0 on ValueError/OverflowError, -1 on another error */
static int is_complex(ev_interp *I, ev_value field)
{
    ev_value c = ev_call(I, ev_obj_val(&ev_type_complex.h), 1, &field, 0, NULL, NULL);
    if (!EV_IS_ERR(c)) {
        ev_decref(I, c);
        return 1;
    }
    return ev_us_catch(I, &ev_type_ValueError) || ev_us_catch(I, &ev_type_OverflowError) ? 0 : -1;
}

/* columnTypes[col]: unset (None), complex, or a length */
enum { CT_NONE = -1, CT_COMPLEX = -2, CT_GONE = -3 };

static ev_value has_header_rows(ev_interp *I, ev_value rdr)
{
    ev_value header, row = EV_ERR;
    int64_t *types = NULL;
    size_t columns = 0;
    ev_value r = EV_ERR;
    int f = ev_next_raw(I, rdr, &header); /* next(rdr): a StopIteration goes out as such */
    if (f <= 0) {
        if (f == 0) { /* next(rdr) of an exhausted reader: StopIteration() */
            ev_value args = ev_tuple_new(I, 0);
            ev_value x = EV_IS_ERR(args) ? args : ev_exc_new(I, &ev_type_StopIteration, args);
            if (!EV_IS_ERR(x))
                ev_raise_value(I, x);
        }
        return EV_ERR;
    }
    if (!ev_is(header, EV_O_LIST))
        goto fail;
    columns = ev_as_list(header)->len;
    types = ev_alloc(I, (columns ? columns : 1) * sizeof *types);
    if (!types)
        goto fail;
    for (size_t i = 0; i < columns; i++)
        types[i] = CT_NONE;
    for (int checked = 0;; checked++) {
        f = ev_next(I, rdr, &row);
        if (f < 0)
            goto fail;
        if (f == 0 || checked > 20) {
            if (f)
                ev_decref(I, row);
            row = EV_ERR;
            break;
        }
        ev_list *rl = ev_as_list(row);
        if (rl->len != columns) {
            ev_decref(I, row);
            continue;
        }
        for (size_t col = 0; col < columns; col++) {
            if (types[col] == CT_GONE)
                continue;
            int c = is_complex(I, rl->items[col]);
            if (c < 0)
                goto fail;
            int64_t t = c ? CT_COMPLEX : (int64_t)ev_as_str(rl->items[col])->nchars;
            if (t != types[col])
                types[col] = types[col] == CT_NONE ? t : CT_GONE;
        }
        ev_decref(I, row);
    }
    row = EV_ERR;
    int64_t vote = 0;
    ev_list *hl = ev_as_list(header);
    for (size_t col = 0; col < columns; col++) {
        if (types[col] == CT_GONE)
            continue;
        if (types[col] >= 0)
            vote += (int64_t)ev_as_str(hl->items[col])->nchars != types[col] ? 1 : -1;
        else if (types[col] == CT_NONE) /* None(header[col]): a TypeError, caught */
            vote++;
        else {
            int c = is_complex(I, hl->items[col]);
            if (c < 0)
                goto fail;
            vote += c ? -1 : 1;
        }
    }
    r = ev_bool(vote > 0);
fail:
    if (!EV_IS_ERR(row))
        ev_decref(I, row);
    ev_dealloc(I, types);
    ev_decref(I, header);
    return r;
}

static ev_value sn_has_header(ev_interp *I, ev_value st, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (argc < 1)
        return missing_self(I, "Sniffer.has_header", kw);
    ev_value a[EV_US_MAXP];
    if (ev_us_bind(I, &sig_has_header, argc - 1, argv + 1, kw, a))
        return EV_ERR;
    ev_value sample = a[0];
    /* StringIO(sample) refuses what is not a str before sniff looks at it */
    if (!ev_is(sample, EV_O_STR) && sample.tag != EV_T_NONE)
        return ev_raise(I, &ev_type_TypeError, "initial_value must be str or None, not %s", ev_type_name(sample));
    ev_value dialect = ev_us_callm(I, argv[0], "sniff", 1, &sample, NULL);
    if (EV_IS_ERR(dialect))
        return dialect;
    /* iter(StringIO(sample)): the lines split after each '\n' */
    const ev_str *s = sample.tag == EV_T_NONE ? NULL : ev_as_str(sample); /* None: StringIO('') */
    ev_value lines = ev_list_new(I, 0), rdr = EV_ERR, r = EV_ERR;
    if (EV_IS_ERR(lines))
        goto done;
    for (size_t i = 0; s && i < s->len;) {
        const char *nl = memchr(s->data + i, '\n', s->len - i);
        size_t e = nl ? (size_t)(nl - s->data) + 1 : s->len;
        ev_value l = ev_str_new(I, s->data + i, e - i);
        int err = EV_IS_ERR(l) || ev_list_append(I, ev_as_list(lines), l);
        ev_decref(I, l);
        if (err)
            goto done;
        i = e;
    }
    ev_value rargs[2] = {lines, dialect};
    rdr = csv_reader(I, st, 2, rargs, NULL);
    if (!EV_IS_ERR(rdr))
        r = has_header_rows(I, rdr);
done:
    if (!EV_IS_ERR(rdr))
        ev_decref(I, rdr);
    if (!EV_IS_ERR(lines))
        ev_decref(I, lines);
    ev_decref(I, dialect);
    return r;
}

static const ev_builtin_def sn_defs[] = {
    {"__init__", sn_init, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"sniff", sn_sniff, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {"has_header", sn_has_header, 0, -1, EV_BF_KWANY | EV_BF_DEFDATA, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

int csv_sniffer_init(ev_interp *I, ev_dict *ns, ev_value st)
{
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return -1;
    ev_str *nm = ev_intern(I, "Sniffer", 7);
    ev_value bases = ev_tuple_new(I, 0), cls = EV_ERR;
    ev_value mod = ev_str_from_cstr(I, "csv");
    ev_value doc = ev_str_from_cstr(I, "\n    \"Sniffs\" the format of a CSV file (i.e. delimiter, quotechar)\n"
                                       "    Returns a Dialect object.\n    ");
    int e = !nm || EV_IS_ERR(bases) || EV_IS_ERR(mod) || EV_IS_ERR(doc) ||
            ev_dict_set_str(I, ev_as_dict(d), ev_intern(I, "__module__", 10), mod) ||
            ev_dict_set_str(I, ev_as_dict(d), I->dn[EV_DN_DOC], doc);
    for (const ev_builtin_def *f = sn_defs; f->name && !e; f++) {
        ev_value b = ev_builtin_new(I, f, st);
        ev_str *k = ev_intern(I, f->name, strlen(f->name));
        e = EV_IS_ERR(b) || !k || ev_dict_set_str(I, ev_as_dict(d), k, b);
        ev_decref(I, b);
    }
    if (!e) {
        cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
        e = EV_IS_ERR(cls);
        if (!e) {
            ((ev_type *)cls.u.o)->module = "csv";
            e = ev_module_set(I, ns, "Sniffer", cls);
        }
    }
    ev_decref(I, cls);
    ev_decref(I, mod);
    ev_decref(I, doc);
    ev_decref(I, bases);
    ev_decref(I, d);
    return e ? -1 : 0;
}
