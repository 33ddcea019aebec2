/*
 * re_match.c - re.Match objects, replacement templates (re._parser's
 * parse_template / expand_template), and sub/subn/split as _sre does them.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/re_int.h"

#define MAXGROUPS 1073741823LL

/* ---- Match ------------------------------------------------------------------------------ */

ev_value re_match_new(ev_interp *I, re_scan *sc)
{
    re_pattern *p = sc->p;
    uint32_t n = p->groups + 1;
    /* a container for the collector: the string can be a str subclass
     * instance whose attributes hold the match (ev_re_traverse) */
    re_match *m = ev_alloc_gc(I, sizeof *m + 4 * (size_t)n * sizeof(int64_t));
    if (!m)
        return ev_raise_nomem(I);
    m->h.refcnt = 1;
    m->h.kind = EV_O_REMATCH;
    m->h.flags = 0;
    m->re = ev_dup(ev_obj_val(&p->h));
    m->string = ev_dup(sc->subj);
    ev_gc_track(I, &m->h);
    m->pos = sc->pos;
    m->endpos = sc->endpos;
    m->n = n;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->md);
    for (uint32_t g = 0; g < n; g++) {
        int64_t *o = &m->off[4 * g];
        if (ov[2 * g] == PCRE2_UNSET) {
            o[0] = o[1] = o[2] = o[3] = -1;
            continue;
        }
        o[0] = (int64_t)ov[2 * g];
        o[1] = (int64_t)ov[2 * g + 1];
        o[2] = re_char_index(&sc->cur, ov[2 * g]);
        o[3] = re_char_index(&sc->cur, ov[2 * g + 1]);
    }
    /* leave the cursor at the match's end, where the scan goes on */
    (void)re_char_index(&sc->cur, ov[1]);
    return ev_obj_val(&m->h);
}

static re_pattern *mpat(const re_match *m) { return (re_pattern *)m->re.u.o; }

/* The group number of v (int or name): -1 with IndexError. */
static int64_t group_index(ev_interp *I, re_match *m, ev_value v)
{
    if (ev_is_user(v)) {
        /* an index (match_getindex's PyIndex_Check), a big one clamped */
        ev_value iv;
        int got = ev_index_try(I, v, &iv);
        if (got < 0)
            return -1;
        if (got) {
            int64_t i = ev_is(iv, EV_O_INT) ? -1 : iv.u.i;
            ev_decref(I, iv);
            if (i >= 0 && i < (int64_t)m->n)
                return i;
            ev_raise(I, &ev_type_IndexError, "no such group");
            return -1;
        }
    }
    if (ev_is_int(v) && !ev_is(v, EV_O_INT)) {
        int64_t i = v.tag == EV_T_BOOL ? v.u.i : v.u.i;
        if (i >= 0 && i < (int64_t)m->n)
            return i;
    } else if (ev_is(v, EV_O_STR)) {
        ev_value got;
        int f = ev_dict_get(I, ev_as_dict(mpat(m)->groupindex), v, &got);
        if (f < 0)
            return -1;
        if (f)
            return got.u.i;
    }
    ev_raise(I, &ev_type_IndexError, "no such group");
    return -1;
}

/* The subject's bytes a..b of group g's offsets o; a bytearray may have
 * shrunk since the match: the piece is cut to what it holds now, as
 * CPython slices the object. */
static const char *subject_span(const re_match *m, const int64_t *o, size_t *n)
{
    const char *d;
    size_t len;
    if (ev_is(m->string, EV_O_STR)) {
        d = ev_as_str(m->string)->data;
        len = ev_as_str(m->string)->len;
    } else {
        d = (const char *)ev_as_bytes(m->string)->data;
        len = ev_as_bytes(m->string)->len;
    }
    size_t a = (size_t)o[0] < len ? (size_t)o[0] : len, b = (size_t)o[1] < len ? (size_t)o[1] : len;
    *n = b - a;
    return d ? d + a : "";
}

static ev_value group_value(ev_interp *I, re_match *m, int64_t g, ev_value dflt)
{
    const int64_t *o = &m->off[4 * g];
    if (o[0] < 0)
        return ev_dup(dflt);
    size_t n;
    const char *d = subject_span(m, o, &n);
    return re_piece(I, re_pat_bytes(mpat(m)), d, n);
}

static re_match *as_m(ev_value v) { return (re_match *)v.u.o; }

static ev_value mm_group(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    re_match *m = as_m(self);
    if (argc == 0)
        return group_value(I, m, 0, EV_NONE);
    if (argc == 1) {
        int64_t g = group_index(I, m, argv[0]);
        return g < 0 ? EV_ERR : group_value(I, m, g, EV_NONE);
    }
    ev_value t = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0; i < argc; i++) {
        int64_t g = group_index(I, m, argv[i]);
        ev_value v = g < 0 ? EV_ERR : group_value(I, m, g, EV_NONE);
        if (EV_IS_ERR(v)) {
            ev_decref(I, t);
            return v;
        }
        ev_as_tuple(t)->items[i] = v;
    }
    return t;
}

ev_value re_match_getitem(ev_interp *I, re_match *m, ev_value key)
{
    int64_t g = group_index(I, m, key);
    return g < 0 ? EV_ERR : group_value(I, m, g, EV_NONE);
}

static ev_value mm_groups(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    re_match *m = as_m(self);
    ev_value dflt = EV_IS_ERR(argv[0]) ? EV_NONE : argv[0];
    ev_value t = ev_tuple_new(I, m->n - 1);
    if (EV_IS_ERR(t))
        return t;
    for (uint32_t g = 1; g < m->n; g++) {
        ev_value v = group_value(I, m, g, dflt);
        if (EV_IS_ERR(v)) {
            ev_decref(I, t);
            return v;
        }
        ev_as_tuple(t)->items[g - 1] = v;
    }
    return t;
}

static ev_value mm_groupdict(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    re_match *m = as_m(self);
    ev_value dflt = EV_IS_ERR(argv[0]) ? EV_NONE : argv[0];
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    ev_dict *gi = ev_as_dict(mpat(m)->groupindex);
    for (size_t i = 0; i < gi->nentries; i++) {
        ev_dict_entry *e = &gi->entries[i];
        if (EV_IS_ERR(e->key))
            continue;
        ev_value v = group_value(I, m, e->value.u.i, dflt);
        int r = EV_IS_ERR(v) ? -1 : ev_dict_set(I, ev_as_dict(d), e->key, v);
        ev_decref(I, v);
        if (r) {
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    return d;
}

static int span_of(ev_interp *I, re_match *m, ev_value gv, int64_t *s, int64_t *e)
{
    int64_t g = EV_IS_ERR(gv) ? 0 : group_index(I, m, gv);
    if (g < 0)
        return -1;
    *s = m->off[4 * g + 2];
    *e = m->off[4 * g + 3];
    return 0;
}

static ev_value mm_start(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t s, e;
    return span_of(I, as_m(self), argv[0], &s, &e) ? EV_ERR : ev_int(s);
}
static ev_value mm_end(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t s, e;
    return span_of(I, as_m(self), argv[0], &s, &e) ? EV_ERR : ev_int(e);
}
static ev_value pair(ev_interp *I, int64_t a, int64_t b)
{
    ev_value t = ev_tuple_new(I, 2);
    if (EV_IS_ERR(t))
        return t;
    ev_as_tuple(t)->items[0] = ev_int(a);
    ev_as_tuple(t)->items[1] = ev_int(b);
    return t;
}
static ev_value mm_span(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t s, e;
    return span_of(I, as_m(self), argv[0], &s, &e) ? EV_ERR : pair(I, s, e);
}

/* ---- templates ------------------------------------------------------------------------------ */

typedef struct tpl_item {
    int64_t group; /* -1: the literal lit[a..b) */
    size_t a, b;
} tpl_item;

typedef struct tpl {
    ev_buf lit;
    tpl_item *items;
    size_t n, cap;
    bool raw; /* a bytes template: one byte a character */
    ev_value orig; /* the template as given (borrowed): re.error's pattern */
} tpl;

static void tpl_free(ev_interp *I, tpl *t)
{
    ev_buf_free(I, &t->lit);
    ev_dealloc(I, t->items);
    t->items = NULL;
}

static int tpl_push(ev_interp *I, tpl *t, int64_t group, size_t a, size_t b)
{
    if (group < 0 && a == b)
        return 0;
    if (group < 0 && t->n && t->items[t->n - 1].group < 0 && t->items[t->n - 1].b == a) {
        t->items[t->n - 1].b = b;
        return 0;
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 8;
        tpl_item *ni = ev_realloc(I, t->items, cap * sizeof *ni);
        if (!ni) {
            ev_raise_nomem(I);
            return -1;
        }
        t->items = ni;
        t->cap = cap;
    }
    t->items[t->n++] = (tpl_item){group, a, b};
    return 0;
}

static int tpl_lit(ev_interp *I, tpl *t, const char *s, size_t n)
{
    size_t a = t->lit.len;
    if (ev_buf_put(I, &t->lit, s, n))
        return -1;
    return tpl_push(I, t, -1, a, t->lit.len);
}

static int put_cp(ev_interp *I, tpl *t, uint32_t c)
{
    char b[4];
    size_t n;
    if (c < 0x80 || t->raw) {
        b[0] = (char)c;
        n = 1;
    } else {
        b[0] = (char)(0xC0 | (c >> 6));
        b[1] = (char)(0x80 | (c & 0x3F));
        n = 2; /* at most 0o377 here */
    }
    return tpl_lit(I, t, b, n);
}

/* Code point index of byte offset b in s (templates are short). */
static int64_t cpos(const ev_str *s, size_t b)
{
    if (s->ascii) /* ASCII text, or the raw bytes of a bytes template */
        return (int64_t)(b < s->len ? b : s->len);
    int64_t c = 0;
    for (size_t i = 0; i < b && i < s->len; i++)
        c += ((unsigned char)s->data[i] & 0xC0) != 0x80;
    return c;
}

static int tpl_error(ev_interp *I, const tpl *t, ev_str *src, const char *msg, size_t bpos_after, int64_t offset)
{
    re_raise_error(I, msg, t->orig, cpos(src, bpos_after) - offset);
    return -1;
}

static size_t utf8_len(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* bytes read as latin-1 (a group name in a bytes template, as _parser reads it) */
static ev_value latin1_str(ev_interp *I, const char *s, size_t n)
{
    ev_buf b = {0};
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char u[2] = {(char)(0xC0 | (c >> 6)), (char)(0x80 | (c & 0x3F))};
        if (c < 0x80 ? ev_buf_put(I, &b, (const char *)&s[i], 1) : ev_buf_put(I, &b, u, 2)) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
    }
    return ev_buf_to_str(I, &b);
}

/* parse_template: positions in bytes while scanning, code points in errors. */
static int tpl_parse(ev_interp *I, re_pattern *p, ev_str *src, ev_value orig, tpl *t)
{
    memset(t, 0, sizeof *t);
    t->raw = re_pat_bytes(p);
    t->orig = orig;
    const char *s = src->data;
    size_t n = src->len, i = 0;
    while (i < n) {
        size_t start = i;
        if (s[i] != '\\') {
            size_t j = i;
            while (j < n && s[j] != '\\')
                j++;
            if (tpl_lit(I, t, s + i, j - i))
                goto fail;
            i = j;
            continue;
        }
        if (i + 1 >= n) {
            re_raise_error(I, "bad escape (end of pattern)", t->orig, (int64_t)src->nchars - 1);
            goto fail;
        }
        char c = s[i + 1];
        i += 2;
        if (c == 'g') {
            if (i >= n || s[i] != '<') {
                tpl_error(I, t, src, "missing <", i, 0);
                goto fail;
            }
            i++;
            size_t ns = i;
            while (i < n && s[i] != '>')
                i += s[i] == '\\' && i + 1 < n ? 2 : 1;
            size_t nlen_b = (i < n ? i : n) - ns;
            int64_t nlen = cpos(src, ns + nlen_b) - cpos(src, ns);
            if (i >= n) {
                if (nlen == 0)
                    tpl_error(I, t, src, "missing group name", n, 0);
                else
                    tpl_error(I, t, src, "missing >, unterminated name", n, nlen);
                goto fail;
            }
            i++; /* '>' */
            if (nlen == 0) {
                tpl_error(I, t, src, "missing group name", i, 1);
                goto fail;
            }
            ev_value name = t->raw ? latin1_str(I, s + ns, nlen_b) : ev_str_new(I, s + ns, nlen_b);
            if (EV_IS_ERR(name))
                goto fail;
            int64_t index = -1;
            bool digits = true, ident = true;
            for (size_t k = ns; k < ns + nlen_b; k++) {
                unsigned char ch = (unsigned char)s[k];
                if (ch < '0' || ch > '9')
                    digits = false;
                if (!(ch >= 0x80 || ch == '_' || ((ch | 32) >= 'a' && (ch | 32) <= 'z') ||
                      (k > ns && ch >= '0' && ch <= '9')))
                    ident = false;
            }
            if (ident) {
                ev_value got;
                int f = ev_dict_get(I, ev_as_dict(p->groupindex), name, &got);
                if (f <= 0) {
                    if (f == 0) {
                        ev_value r = ev_repr(I, name);
                        if (!EV_IS_ERR(r)) {
                            ev_raise(I, &ev_type_IndexError, "unknown group name %s", ev_as_str(r)->data);
                            ev_decref(I, r);
                        }
                    }
                    ev_decref(I, name);
                    goto fail;
                }
                index = got.u.i;
            } else if (digits && nlen_b < 12) {
                index = 0;
                for (size_t k = ns; k < ns + nlen_b; k++)
                    index = index * 10 + (s[k] - '0');
                char msg[64];
                if (index >= MAXGROUPS) {
                    snprintf(msg, sizeof msg, "invalid group reference %lld", (long long)index);
                    ev_decref(I, name);
                    tpl_error(I, t, src, msg, i, nlen + 1);
                    goto fail;
                }
            } else {
                ev_value r = ev_repr(I, name);
                ev_decref(I, name);
                if (EV_IS_ERR(r))
                    goto fail;
                char msg[600];
                snprintf(msg, sizeof msg, "bad character in group name %s", ev_as_str(r)->data);
                ev_decref(I, r);
                tpl_error(I, t, src, msg, i, nlen + 1);
                goto fail;
            }
            ev_decref(I, name);
            if (index > (int64_t)p->groups) {
                char msg[64];
                snprintf(msg, sizeof msg, "invalid group reference %lld", (long long)index);
                tpl_error(I, t, src, msg, i, nlen + 1);
                goto fail;
            }
            if (tpl_push(I, t, index, 0, 0))
                goto fail;
        } else if (c == '0') {
            unsigned v = 0;
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++)
                v = v * 8 + (unsigned)(s[i++] - '0');
            if (put_cp(I, t, v & 0xff))
                goto fail;
        } else if (c >= '1' && c <= '9') {
            char d[4] = {c, 0, 0, 0};
            size_t len = 1;
            if (i < n && s[i] >= '0' && s[i] <= '9') {
                d[len++] = s[i++];
                if (c <= '7' && d[1] <= '7' && i < n && s[i] >= '0' && s[i] <= '7') {
                    d[len++] = s[i++];
                    unsigned v = (unsigned)((d[0] - '0') * 64 + (d[1] - '0') * 8 + (d[2] - '0'));
                    if (v > 0377) {
                        char msg[80];
                        snprintf(msg, sizeof msg, "octal escape value \\%s outside of range 0-0o377", d);
                        tpl_error(I, t, src, msg, i, (int64_t)len + 1);
                        goto fail;
                    }
                    if (put_cp(I, t, v))
                        goto fail;
                    continue;
                }
            }
            int64_t index = atoi(d);
            if (index > (int64_t)p->groups) {
                char msg[64];
                snprintf(msg, sizeof msg, "invalid group reference %lld", (long long)index);
                tpl_error(I, t, src, msg, i, (int64_t)len);
                goto fail;
            }
            if (tpl_push(I, t, index, 0, 0))
                goto fail;
        } else {
            static const char from[] = "abfnrtv\\", to[] = "\a\b\f\n\r\t\v\\";
            const char *k = c ? strchr(from, c) : NULL;
            if (k) {
                if (tpl_lit(I, t, &to[k - from], 1))
                    goto fail;
            } else if (((c | 32) >= 'a' && (c | 32) <= 'z')) {
                char msg[32];
                snprintf(msg, sizeof msg, "bad escape \\%c", c);
                tpl_error(I, t, src, msg, i, 2);
                goto fail;
            } else {
                /* kept as written, backslash included */
                size_t l = 1 + (t->raw ? 1 : utf8_len((unsigned char)c));
                i = start + l;
                if (tpl_lit(I, t, s + start, l))
                    goto fail;
            }
        }
    }
    return 0;
fail:
    tpl_free(I, t);
    return -1;
}

/* The text built in b as a str, or bytes for a bytes pattern; b is freed. */
static ev_value buf_result(ev_interp *I, ev_buf *b, bool bytes)
{
    if (!bytes)
        return ev_buf_to_str(I, b);
    ev_value r = ev_bytes_new(I, EV_O_BYTES, b->data ? b->data : "", b->len);
    ev_buf_free(I, b);
    return r;
}

static int tpl_expand(ev_interp *I, const tpl *t, re_match *m, ev_buf *out)
{
    for (size_t k = 0; k < t->n; k++) {
        const tpl_item *it = &t->items[k];
        if (it->group < 0) {
            if (ev_buf_put(I, out, t->lit.data + it->a, it->b - it->a))
                return -1;
        } else {
            const int64_t *o = &m->off[4 * it->group];
            size_t n;
            const char *d = o[0] >= 0 ? subject_span(m, o, &n) : NULL;
            if (d && ev_buf_put(I, out, d, n))
                return -1;
        }
    }
    return 0;
}

static ev_value mm_expand(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    re_match *m = as_m(self);
    bool pb = re_pat_bytes(mpat(m));
    if (pb && !ev_is_byteslike(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "expected a bytes-like object, %s found", ev_type_name(argv[0]));
    if (!pb && ev_is_byteslike(argv[0]))
        return ev_raise(I, &ev_type_TypeError, "expected str instance, %s found", ev_type_name(argv[0]));
    ev_str *src = pb ? re_raw_str(I, argv[0]) : re_want_str(I, argv[0]);
    if (!src)
        return EV_ERR;
    tpl t;
    int r = tpl_parse(I, mpat(m), src, argv[0], &t);
    if (pb)
        ev_decref(I, ev_obj_val(&src->h));
    if (r)
        return EV_ERR;
    ev_buf b = {0};
    r = tpl_expand(I, &t, m, &b);
    tpl_free(I, &t);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return buf_result(I, &b, pb);
}

const ev_builtin_def re_match_methods[] = {
    {"group", mm_group, 0, -1, 0, "*args"},
    {"groups", mm_groups, 0, 1, 0, "default"},
    {"groupdict", mm_groupdict, 0, 1, 0, "default"},
    {"start", mm_start, 0, 1, 0, "group, /"},
    {"end", mm_end, 0, 1, 0, "group, /"},
    {"span", mm_span, 0, 1, 0, "group, /"},
    {"expand", mm_expand, 1, 1, 0, "template"},
    {NULL, NULL, 0, 0, 0, NULL},
};

/* The group closed last in a successful match, as sre's lastindex: the
 * group ending last; of two ending together, the enclosing one, or else
 * the later one. */
static int64_t lastindex(const re_match *m)
{
    const uint32_t *parent = mpat(m)->parent;
    int64_t best = -1;
    for (uint32_t g = 1; g < m->n; g++) {
        const int64_t *o = &m->off[4 * g];
        if (o[0] < 0)
            continue;
        if (best < 0 || o[1] > m->off[4 * best + 1]) {
            best = g;
            continue;
        }
        if (o[1] < m->off[4 * best + 1])
            continue;
        bool g_encloses = false;
        for (uint32_t a = parent[best]; a; a = parent[a])
            if (a == g)
                g_encloses = true;
        bool best_encloses = false;
        for (uint32_t a = parent[g]; a; a = parent[a])
            if (a == (uint32_t)best)
                best_encloses = true;
        if (g_encloses || !best_encloses)
            best = g;
    }
    return best;
}

int re_match_getattr(ev_interp *I, re_match *m, ev_str *name, ev_value *out)
{
    const char *n = name->data;
    /* the attributes start with e l p r s: m.group(), m.span()... are
     * methods and leave at once (the common case, in a loop) */
    if (!strchr("elprs", n[0]) || n[0] == '\0')
        return 0;
    if (strcmp(n, "string") == 0)
        *out = ev_dup(m->string);
    else if (strcmp(n, "re") == 0)
        *out = ev_dup(m->re);
    else if (strcmp(n, "pos") == 0)
        *out = ev_int(m->pos);
    else if (strcmp(n, "endpos") == 0)
        *out = ev_int(m->endpos);
    else if (strcmp(n, "lastindex") == 0) {
        int64_t li = lastindex(m);
        *out = li < 0 ? EV_NONE : ev_int(li);
    } else if (strcmp(n, "lastgroup") == 0) {
        int64_t li = lastindex(m);
        *out = EV_NONE;
        ev_dict *gi = ev_as_dict(mpat(m)->groupindex);
        for (size_t i = 0; li >= 0 && i < gi->nentries; i++)
            if (!EV_IS_ERR(gi->entries[i].key) && gi->entries[i].value.u.i == li)
                *out = ev_dup(gi->entries[i].key);
    } else if (strcmp(n, "regs") == 0) {
        ev_value t = ev_tuple_new(I, m->n);
        for (uint32_t g = 0; !EV_IS_ERR(t) && g < m->n; g++) {
            ev_value pr = pair(I, m->off[4 * g + 2], m->off[4 * g + 3]);
            if (EV_IS_ERR(pr)) {
                ev_decref(I, t);
                t = EV_ERR;
            } else {
                ev_as_tuple(t)->items[g] = pr;
            }
        }
        *out = t;
    } else
        return 0;
    return 1;
}

ev_value re_match_repr(ev_interp *I, re_match *m)
{
    ev_value g = group_value(I, m, 0, EV_NONE);
    if (EV_IS_ERR(g))
        return g;
    ev_value r = ev_repr(I, g);
    ev_decref(I, g);
    if (EV_IS_ERR(r))
        return r;
    ev_str *rs = ev_as_str(r);
    size_t cut = rs->nchars > 50 ? re_byte_index(rs, 50) : rs->len; /* %.50R */
    ev_buf b = {0};
    int e = ev_buf_printf(I, &b, "<re.Match object; span=(%lld, %lld), match=", (long long)m->off[2],
                          (long long)m->off[3]) ||
            ev_buf_put(I, &b, rs->data, cut) || ev_buf_puts(I, &b, ">");
    ev_decref(I, r);
    if (e) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- sub, subn, split ------------------------------------------------------------------------ */

static int count_arg(ev_interp *I, ev_value v, int64_t *out)
{
    *out = 0;
    if (EV_IS_ERR(v))
        return 0;
    return ev_ssize_arg(I, v, out); /* a Py_ssize_t through __index__: OverflowError past 64 bits */
}

ev_value re_do_sub(ev_interp *I, re_pattern *p, ev_value repl, ev_value string, ev_value countv, bool subn)
{
    int64_t count;
    if (count_arg(I, countv, &count))
        return EV_ERR;
    bool pb = re_pat_bytes(p);
    bool callable = false, literal = false, mismatch = false;
    ev_str *rs = NULL; /* the replacement's text: the str, or a raw view of the bytes */
    tpl t;
    memset(&t, 0, sizeof t);
    if (ev_is(repl, EV_O_STR) || ev_is_byteslike(repl)) {
        if (ev_is(repl, EV_O_STR) == pb) {
            mismatch = true; /* joined with the other kind: TypeError at the first match */
        } else {
            rs = pb ? re_raw_str(I, repl) : ev_as_str(repl);
            if (!rs)
                return EV_ERR;
            if (!memchr(rs->data, '\\', rs->len))
                literal = true;
            else if (tpl_parse(I, p, rs, repl, &t))
                goto fail_repl;
        }
    } else {
        /* a repl that is neither text nor callable goes to re._parser's
         * Tokenizer, whose str(repl, 'latin1') fails before the string is read */
        ev_value c = ev_builtin_apply(I, "callable", 1, &repl);
        if (EV_IS_ERR(c))
            goto fail_repl;
        if (c.tag == EV_T_BOOL && !c.u.i) {
            /* _compile_template is an lru_cache: (pattern, repl) is hashed first */
            int64_t h;
            if (!ev_hash(I, repl, &h))
                ev_raise(I, &ev_type_TypeError, "decoding to str: need a bytes-like object, %s found",
                         ev_type_name(repl));
            goto fail_repl;
        }
        callable = true;
    }
    ev_str *s = re_subject(I, p, string);
    if (!s)
        goto fail_repl;
    ev_buf out = {0};
    re_scan sc;
    if (re_scan_init(I, &sc, p, s, string, 0, INT64_MAX)) {
        re_subject_done(I, s, string);
        goto fail_repl;
    }
    int64_t n = 0, pieces = 0, bad_piece = -1;
    const char *bad_type = NULL;
    size_t last = 0;
    while (count >= 0 && (count == 0 || n < count)) {
        int f = re_scan_next(I, &sc, 0);
        if (f < 0)
            goto fail;
        if (f == 0)
            break;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
        size_t b = ov[0], e = ov[1];
        if (last < b) {
            if (ev_buf_put(I, &out, s->data + last, b - last))
                goto fail;
            pieces++;
        }
        if (mismatch) {
            if (bad_piece < 0) {
                bad_piece = pieces;
                bad_type = ev_type_name(repl);
            }
            pieces++;
        } else if (literal) {
            if (rs->len) {
                if (ev_buf_put(I, &out, rs->data, rs->len))
                    goto fail;
                pieces++;
            }
        } else {
            ev_value mv = re_match_new(I, &sc);
            if (EV_IS_ERR(mv))
                goto fail;
            if (callable) {
                ev_value item = ev_call(I, repl, 1, &mv, 0, NULL, NULL);
                ev_decref(I, mv);
                if (EV_IS_ERR(item))
                    goto fail;
                if (item.tag != EV_T_NONE) {
                    int e2 = 0;
                    if (!pb && ev_is(item, EV_O_STR))
                        e2 = ev_buf_put(I, &out, ev_as_str(item)->data, ev_as_str(item)->len);
                    else if (pb && ev_is_byteslike(item))
                        e2 = ev_as_bytes(item)->len &&
                             ev_buf_put(I, &out, (const char *)ev_as_bytes(item)->data, ev_as_bytes(item)->len);
                    else if (bad_piece < 0) {
                        bad_piece = pieces;
                        bad_type = ev_type_name(item);
                    }
                    if (e2) {
                        ev_decref(I, item);
                        goto fail;
                    }
                    pieces++;
                }
                ev_decref(I, item);
            } else {
                size_t before = out.len;
                int r = tpl_expand(I, &t, (re_match *)mv.u.o, &out);
                ev_decref(I, mv);
                if (r)
                    goto fail;
                pieces += out.len > before;
            }
        }
        last = e;
        n++;
    }
    if (bad_piece >= 0) {
        ev_raise(I, &ev_type_TypeError, pb ? "sequence item %lld: expected a bytes-like object, %s found"
                                           : "sequence item %lld: expected str instance, %s found",
                 (long long)bad_piece, bad_type);
        goto fail;
    }
    if (ev_buf_put(I, &out, s->data + last, s->len - last))
        goto fail;
    re_scan_free(&sc);
    re_subject_done(I, s, string);
    tpl_free(I, &t);
    if (pb && rs)
        ev_decref(I, ev_obj_val(&rs->h));
    ev_value res = buf_result(I, &out, pb);
    if (EV_IS_ERR(res) || !subn)
        return res;
    ev_value tup = ev_tuple_new(I, 2);
    if (EV_IS_ERR(tup)) {
        ev_decref(I, res);
        return tup;
    }
    ev_as_tuple(tup)->items[0] = res;
    ev_as_tuple(tup)->items[1] = ev_int(n);
    return tup;
fail:
    re_scan_free(&sc);
    re_subject_done(I, s, string);
    ev_buf_free(I, &out);
fail_repl:
    tpl_free(I, &t);
    if (pb && rs)
        ev_decref(I, ev_obj_val(&rs->h));
    return EV_ERR;
}

static int append_slice(ev_interp *I, ev_list *l, bool bytes, const ev_str *s, size_t a, size_t b)
{
    ev_value v = re_piece(I, bytes, s->data + a, b - a);
    if (EV_IS_ERR(v))
        return -1;
    int r = ev_list_append(I, l, v);
    ev_decref(I, v);
    return r;
}

ev_value re_do_split(ev_interp *I, re_pattern *p, ev_value string, ev_value maxsplitv)
{
    /* argument clinic converts maxsplit before the body reads the string */
    int64_t maxsplit;
    if (count_arg(I, maxsplitv, &maxsplit))
        return EV_ERR;
    ev_str *s = re_subject(I, p, string);
    if (!s)
        return EV_ERR;
    bool pb = re_pat_bytes(p);
    ev_value lv = EV_ERR;
    lv = ev_list_new(I, 0);
    if (EV_IS_ERR(lv))
        goto done;
    ev_list *l = ev_as_list(lv);
    if (maxsplit < 0) {
        if (ev_list_append(I, l, string)) {
            ev_decref(I, lv);
            lv = EV_ERR;
        }
        goto done;
    }
    re_scan sc;
    if (re_scan_init(I, &sc, p, s, string, 0, INT64_MAX)) {
        ev_decref(I, lv);
        lv = EV_ERR;
        goto done;
    }
    int64_t n = 0;
    size_t last = 0;
    while (maxsplit == 0 || n < maxsplit) {
        int f = re_scan_next(I, &sc, 0);
        if (f < 0)
            goto fail;
        if (f == 0)
            break;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
        if (append_slice(I, l, pb, s, last, ov[0]))
            goto fail;
        for (uint32_t g = 1; g <= p->groups; g++) {
            int r;
            if (ov[2 * g] == PCRE2_UNSET)
                r = ev_list_append(I, l, EV_NONE);
            else
                r = append_slice(I, l, pb, s, ov[2 * g], ov[2 * g + 1]);
            if (r)
                goto fail;
        }
        n++;
        last = ov[1];
    }
    if (append_slice(I, l, pb, s, last, s->len))
        goto fail;
    re_scan_free(&sc);
    goto done;
fail:
    re_scan_free(&sc);
    ev_decref(I, lv);
    lv = EV_ERR;
done:
    re_subject_done(I, s, string);
    return lv;
}
