/*
 * re.c - the `re` module on PCRE2 (8-bit, UTF + UCP, never JIT: the
 * sandbox forbids executable memory).
 *
 * Patterns are translated from Python's syntax (re_trans.c), compiled once
 * and kept in a cache of 512 as CPython's re._cache.  Every allocation PCRE2
 * makes goes through the session's accounting allocator.  Matching is
 * bounded by the run's limits: pcre2_match runs under a match limit that
 * grows between attempts, each attempt sized to what the remaining time
 * allows, and the clock is checked between attempts and, through a
 * callout, between the start positions of one attempt, so catastrophic
 * backtracking ends with the time limit instead of hanging.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/modules.h"
#include "evaluator/modules/re_int.h"

#define RE_MAXCACHE 512

/* ---- re.error -------------------------------------------------------------------------- */

static int exc_set(ev_interp *I, ev_exc *e, const char *name, ev_value v)
{
    if (!e->dict) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return -1;
        e->dict = ev_as_dict(d);
    }
    ev_str *k = ev_intern(I, name, strlen(name));
    return k ? ev_dict_set_str(I, e->dict, k, v) : -1;
}

/* re.error(msg, pattern=None, pos=None), as re._constants.error.__init__ */
static ev_value error_new(ev_interp *I, ev_value msg, ev_value pattern, ev_value pos)
{
    ev_value full = ev_dup(msg);
    ev_value lineno = EV_NONE, colno = EV_NONE;
    if (pattern.tag != EV_T_NONE && pos.tag != EV_T_NONE) {
        int64_t p;
        if (ev_index(I, pos, &p, "pos"))
            goto fail;
        ev_value ms = ev_to_str(I, msg);
        if (EV_IS_ERR(ms))
            goto fail;
        ev_buf b = {0};
        int r = ev_buf_printf(I, &b, "%s at position %lld", ev_as_str(ms)->data, (long long)p);
        ev_decref(I, ms);
        if (ev_is(pattern, EV_O_STR) || ev_is_byteslike(pattern)) {
            /* a bytes pattern counts b'\n' by bytes */
            bool utf8 = ev_is(pattern, EV_O_STR);
            const char *pd = utf8 ? ev_as_str(pattern)->data : (const char *)ev_as_bytes(pattern)->data;
            size_t plen = utf8 ? ev_as_str(pattern)->len : ev_as_bytes(pattern)->len;
            int64_t line = 1, lastnl = -1, ci = 0;
            bool any_nl = false;
            for (size_t i = 0; i < plen; i++) {
                if (utf8 && ((unsigned char)pd[i] & 0xC0) == 0x80)
                    continue;
                if (pd[i] == '\n') {
                    any_nl = true;
                    if (ci < p) {
                        line++;
                        lastnl = ci;
                    }
                }
                ci++;
            }
            lineno = ev_int(line);
            colno = ev_int(p - lastnl);
            if (r == 0 && any_nl)
                r = ev_buf_printf(I, &b, " (line %lld, column %lld)", (long long)line, (long long)(p - lastnl));
        }
        if (r) {
            ev_buf_free(I, &b);
            goto fail;
        }
        ev_decref(I, full);
        full = ev_buf_to_str(I, &b);
        if (EV_IS_ERR(full))
            return full;
    }
    ev_value args = ev_tuple_new(I, 1);
    if (EV_IS_ERR(args))
        goto fail;
    ev_as_tuple(args)->items[0] = full;
    ev_value e = ev_exc_new(I, &ev_type_re_error, args);
    if (EV_IS_ERR(e))
        return e;
    ev_exc *x = (ev_exc *)e.u.o;
    if (exc_set(I, x, "msg", msg) || exc_set(I, x, "pattern", pattern) || exc_set(I, x, "pos", pos) ||
        exc_set(I, x, "lineno", lineno) || exc_set(I, x, "colno", colno)) {
        ev_decref(I, e);
        return EV_ERR;
    }
    return e;
fail:
    ev_decref(I, full);
    return EV_ERR;
}

static ev_value error_ctor(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value pattern = EV_IS_ERR(argv[1]) ? EV_NONE : argv[1];
    ev_value pos = EV_IS_ERR(argv[2]) ? EV_NONE : argv[2];
    return error_new(I, argv[0], pattern, pos);
}

ev_value re_raise_error(ev_interp *I, const char *msg, ev_value pattern, int64_t pos)
{
    if (I->limit)
        return EV_ERR;
    ev_value m = ev_str_from_cstr(I, msg);
    if (EV_IS_ERR(m))
        return m;
    ev_value e = error_new(I, m, pos < 0 ? EV_NONE : pattern, pos < 0 ? EV_NONE : ev_int(pos));
    ev_decref(I, m);
    if (EV_IS_ERR(e))
        return e;
    return ev_raise_value(I, e);
}

ev_type ev_type_re_error = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                            .name = "re.error", .base = &ev_type_Exception, .call = error_ctor,
                            .min_args = 1, .max_args = 3, .params = "msg, pattern, pos", .module = "re"};

/* ---- offsets ------------------------------------------------------------------------------ */

int64_t re_char_index(re_cursor *cur, size_t b)
{
    const ev_str *s = cur->s;
    if (s->ascii)
        return (int64_t)b;
    const unsigned char *d = (const unsigned char *)s->data;
    size_t c = cur->c;
    if (b >= cur->b) {
        for (size_t i = cur->b; i < b; i++)
            c += (d[i] & 0xC0) != 0x80;
    } else if (b < cur->b - b) {
        c = 0;
        for (size_t i = 0; i < b; i++)
            c += (d[i] & 0xC0) != 0x80;
    } else {
        for (size_t i = b; i < cur->b; i++)
            c -= (d[i] & 0xC0) != 0x80;
    }
    cur->b = b;
    cur->c = c;
    return (int64_t)c;
}

size_t re_byte_index(const ev_str *s, int64_t c)
{
    if (s->ascii || c <= 0)
        return c <= 0 ? 0 : (size_t)c;
    if ((size_t)c >= s->nchars)
        return s->len;
    size_t i = 0;
    for (int64_t k = 0; i < s->len; i++) {
        if (((unsigned char)s->data[i] & 0xC0) != 0x80) {
            if (k == c)
                break;
            k++;
        }
    }
    return i;
}

ev_str *re_want_str(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_STR))
        return ev_as_str(v);
    ev_raise(I, &ev_type_TypeError, "expected string or bytes-like object, got '%s'", ev_type_name(v));
    return NULL;
}

ev_str *re_raw_str(ev_interp *I, ev_value v)
{
    ev_bytes *b = ev_as_bytes(v);
    ev_value s = ev_str_new(I, b->len ? (const char *)b->data : "", b->len);
    if (EV_IS_ERR(s))
        return NULL;
    ev_str *r = ev_as_str(s);
    r->ascii = true; /* one character a byte: positions are byte offsets */
    r->nchars = r->len;
    return r;
}

ev_str *re_subject(ev_interp *I, re_pattern *p, ev_value v)
{
    bool pb = re_pat_bytes(p);
    if (ev_is(v, EV_O_STR)) {
        if (pb) {
            ev_raise(I, &ev_type_TypeError, "cannot use a bytes pattern on a string-like object");
            return NULL;
        }
        return ev_as_str(v);
    }
    if (!ev_is_byteslike(v))
        return re_want_str(I, v);
    if (!pb) {
        ev_raise(I, &ev_type_TypeError, "cannot use a string pattern on a bytes-like object");
        return NULL;
    }
    return re_raw_str(I, v);
}

void re_subject_done(ev_interp *I, ev_str *s, ev_value v)
{
    if (s && !ev_is(v, EV_O_STR))
        ev_decref(I, ev_obj_val(&s->h));
}

ev_value re_piece(ev_interp *I, bool bytes, const char *data, size_t n)
{
    return bytes ? ev_bytes_new(I, EV_O_BYTES, data, n) : ev_str_new(I, data, n);
}

/* ---- PCRE2 memory through the session ------------------------------------------------------- */

static void *pc_malloc(PCRE2_SIZE n, void *data)
{
    return ev_alloc((ev_interp *)data, n ? n : 1);
}

static void pc_free(void *p, void *data)
{
    ev_dealloc((ev_interp *)data, p);
}

/* ---- Pattern -------------------------------------------------------------------------------- */

static ev_value pattern_compile(ev_interp *I, ev_value src, int64_t flags)
{
    re_trans t;
    bool bytes = !ev_is(src, EV_O_STR);
    if (flags & RE_DEBUG) /* CPython prints sre's parse tree and code: not ours to imitate */
        return ev_raise(I, &ev_type_NotImplementedError,
                        "the re.DEBUG flag (a dump of the compiled pattern) is not supported by safepy");
    if (re_translate(I, src, flags, &t))
        return EV_ERR;
    /* a container for the collector: its source can be a str subclass
     * instance whose attributes hold the pattern (ev_re_traverse) */
    re_pattern *p = ev_alloc_gc(I, sizeof *p);
    if (!p) {
        re_trans_free(I, &t);
        return ev_raise_nomem(I);
    }
    memset(p, 0, sizeof *p);
    p->h.refcnt = 1;
    p->h.kind = EV_O_REPATTERN;
    p->pattern = ev_dup(src);
    p->flags = t.flags;
    p->groups = t.groups;
    p->groupindex = t.groupindex;
    t.groupindex = EV_NONE;
    ev_gc_track(I, &p->h);
    p->parent = t.parent;
    t.parent = NULL;
    p->sur_unsafe = t.sur_unsafe;
    ev_value pv = ev_obj_val(&p->h);
    p->gctx = pcre2_general_context_create(pc_malloc, pc_free, I);
    if (!p->gctx) {
        re_trans_free(I, &t);
        ev_decref(I, pv);
        return ev_raise_nomem(I);
    }
    pcre2_compile_context *cc = pcre2_compile_context_create(p->gctx);
    if (!cc) {
        re_trans_free(I, &t);
        ev_decref(I, pv);
        return ev_raise_nomem(I);
    }
    pcre2_set_newline(cc, PCRE2_NEWLINE_LF);
    uint32_t opts = PCRE2_ALT_CIRCUMFLEX | PCRE2_NEVER_BACKSLASH_C;
    if (!bytes) /* a bytes pattern matches bytes: no UTF, PCRE2's ASCII tables */
        opts |= PCRE2_UTF | PCRE2_UCP | PCRE2_NO_UTF_CHECK;
    if (t.flags & RE_IGNORECASE)
        opts |= PCRE2_CASELESS;
    if (t.flags & RE_MULTILINE)
        opts |= PCRE2_MULTILINE;
    if (t.flags & RE_DOTALL)
        opts |= PCRE2_DOTALL;
    int err = 0;
    PCRE2_SIZE erroff = 0;
    /* A callout ahead of everything runs once per start position tried (see
     * exec_limited); the group keeps a top-level alternation whole. */
    ev_buf wrapped = {0};
    if (ev_buf_puts(I, &wrapped, "(?C1)(?:") || ev_buf_put(I, &wrapped, t.out.data, t.out.len) ||
        ev_buf_puts(I, &wrapped, ")")) {
        ev_buf_free(I, &wrapped);
        pcre2_compile_context_free(cc);
        re_trans_free(I, &t);
        ev_decref(I, pv);
        return EV_ERR;
    }
    p->code = pcre2_compile((PCRE2_SPTR)wrapped.data, wrapped.len, opts, &err, &erroff, cc);
    ev_buf_free(I, &wrapped);
    pcre2_compile_context_free(cc);
    re_trans_free(I, &t);
    if (!p->code) {
        ev_decref(I, pv);
        if (I->limit)
            return EV_ERR;
        if (err == PCRE2_ERROR_NOMEMORY || err == PCRE2_ERROR_HEAP_FAILED)
            return ev_raise_nomem(I);
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        char full[400];
        snprintf(full, sizeof full, "safepy's regex engine (PCRE2) cannot compile this pattern: %s",
                 (const char *)msg);
        return re_raise_error(I, full, EV_NONE, -1);
    }
    return pv;
}

static void pattern_free(ev_interp *I, re_pattern *p)
{
    ev_decref(I, p->pattern);
    ev_decref(I, p->groupindex);
    ev_dealloc(I, p->parent);
    if (p->md_spare)
        pcre2_match_data_free(p->md_spare);
    if (p->mctx)
        pcre2_match_context_free(p->mctx);
    if (p->code)
        pcre2_code_free(p->code);
    if (p->gctx)
        pcre2_general_context_free(p->gctx);
}

/* The module's cache: re._cache in the module namespace, as CPython. */
static ev_dict *cache_dict(ev_interp *I)
{
    ev_str *name = ev_intern(I, "re", 2);
    ev_value *m = name ? ev_dict_lookup_str(I->modules, name) : NULL;
    if (!m || !ev_is(*m, EV_O_MODULE))
        return NULL;
    ev_str *key = ev_intern(I, "_cache", 6);
    ev_value *c = key ? ev_dict_lookup_str(((ev_module *)m->u.o)->ns, key) : NULL;
    return c && ev_is(*c, EV_O_DICT) ? ev_as_dict(*c) : NULL;
}

/* re._compile: a new reference to a Pattern. */
static ev_value get_pattern(ev_interp *I, ev_value pattern, ev_value flagsv)
{
    int64_t flags = 0;
    /* re._compile looks the cache up first: an unhashable pattern or flags
     * is that TypeError, before any check of their types */
    int64_t h;
    if (ev_hash(I, pattern, &h) || (!EV_IS_ERR(flagsv) && ev_hash(I, flagsv, &h)))
        return EV_ERR;
    bool flags_int = EV_IS_ERR(flagsv) || ev_is_int(flagsv);
    if (ev_is(pattern, EV_O_REPATTERN)) {
        int t = EV_IS_ERR(flagsv) ? 0 : ev_truth(I, flagsv);
        if (t < 0)
            return EV_ERR;
        if (t)
            return ev_raise(I, &ev_type_ValueError, "cannot process flags argument with a compiled pattern");
        return ev_dup(pattern);
    }
    if (!ev_is(pattern, EV_O_STR) && !ev_is(pattern, EV_O_BYTES))
        return ev_raise(I, &ev_type_TypeError, "first argument must be string or compiled pattern");
    /* the flags reach _sre.compile as a C int */
    if (!EV_IS_ERR(flagsv) && flags_int) {
        bool huge = ev_is(flagsv, EV_O_INT) && !mpz_fits_slong_p(((ev_bigint *)flagsv.u.o)->z);
        if (!huge && ev_index(I, flagsv, &flags, "flags"))
            return EV_ERR;
        if (huge || flags > INT32_MAX || flags < INT32_MIN)
            return ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
    }
    /* the compiler's first use of the flags is `flags & DEBUG` */
    if (!flags_int)
        return ev_raise(I, &ev_type_TypeError, "unsupported operand type(s) for &: '%s' and 'RegexFlag'",
                        ev_type_name(flagsv));
    ev_dict *cache = cache_dict(I);
    ev_value key = EV_NONE;
    if (cache) {
        key = ev_tuple_new(I, 2);
        if (EV_IS_ERR(key))
            return key;
        ev_as_tuple(key)->items[0] = ev_dup(pattern);
        ev_as_tuple(key)->items[1] = ev_int(flags);
        ev_value hit;
        int f = ev_dict_get(I, cache, key, &hit);
        if (f) {
            ev_decref(I, key);
            return f < 0 ? EV_ERR : hit;
        }
    }
    ev_value p = pattern_compile(I, pattern, flags);
    if (EV_IS_ERR(p) || !cache) {
        ev_decref(I, key);
        return p;
    }
    if (cache->used >= RE_MAXCACHE) { /* drop the oldest, as 3.11 */
        for (size_t i = 0; i < cache->nentries; i++)
            if (!EV_IS_ERR(cache->entries[i].key)) {
                ev_value old = ev_dup(cache->entries[i].key);
                int r = ev_dict_del(I, cache, old);
                ev_decref(I, old);
                if (r < 0) {
                    ev_decref(I, key);
                    ev_decref(I, p);
                    return EV_ERR;
                }
                break;
            }
    }
    int r = ev_dict_set(I, cache, key, p);
    ev_decref(I, key);
    if (r) {
        ev_decref(I, p);
        return EV_ERR;
    }
    return p;
}

/* ---- the matching engine ----------------------------------------------------------------------- */

static double ts_sec(struct timespec t) { return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }

#define RE_FAILED INT_MIN /* an exception or a limit is pending (PCRE2's codes are small) */

/* PCRE2's match limit counts the steps of one start position, and an
 * unanchored search tries every position in one pcre2_match call: a pattern
 * that backtracks just under the limit at each of many positions would run
 * for minutes.  The callout at the head of every pattern runs once per
 * position tried; every 64th of a scan reads the clock and the interrupt flag and
 * abandons the match when the run is out of time (exec_limited then raises
 * the limit).  It reads the clock only: it raises nothing and runs no
 * Python code, since PCRE2 is on the stack. */
typedef struct re_watch {
    ev_interp *I;
    uint32_t *calls; /* the scan's count: findall and sub search again after
                        each match, and each search may try few positions */
} re_watch;

static int re_callout(pcre2_callout_block *cb, void *data)
{
    (void)cb;
    re_watch *w = data;
    if (++*w->calls % 64)
        return 0;
    if (atomic_load_explicit(&w->I->interrupt, memory_order_relaxed))
        return PCRE2_ERROR_CALLOUT;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const struct timespec *d = &w->I->deadline;
    if (now.tv_sec > d->tv_sec || (now.tv_sec == d->tv_sec && now.tv_nsec >= d->tv_nsec))
        return PCRE2_ERROR_CALLOUT;
    return 0;
}

/* pcre2_match under the run's limits: see the comment at the top. */
static int exec_limited(ev_interp *I, re_scan *sc, uint32_t opts)
{
    /* the limits are set for every match: a pattern's context holds nothing else */
    if (!sc->p->mctx && !(sc->p->mctx = pcre2_match_context_create(sc->p->gctx))) {
        ev_raise_nomem(I);
        return RE_FAILED;
    }
    pcre2_match_context *mc = sc->p->mctx;
    size_t used_before = I->mem_used;
    size_t room = I->mem_max > I->mem_used ? I->mem_max - I->mem_used : 0;
    pcre2_set_heap_limit(mc, (uint32_t)(room / 1024 > UINT32_MAX ? UINT32_MAX : room / 1024 + 1));
    double limit = 2e6;
    int rc;
    re_watch watch = {I, &sc->callouts};
    pcre2_set_callout(mc, re_callout, &watch);
    for (;;) {
        pcre2_set_match_limit(mc, (uint32_t)limit);
        pcre2_set_depth_limit(mc, (uint32_t)limit);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        rc = pcre2_match(sc->p->code, (PCRE2_SPTR)sc->s->data, sc->bend, sc->bpos, opts, sc->md, mc);
        if (rc == PCRE2_ERROR_CALLOUT) {
            if (ev_check_limits_slow(I))
                goto limit;
            continue; /* a clock read too early by a hair: go on */
        }
        if (rc != PCRE2_ERROR_MATCHLIMIT && rc != PCRE2_ERROR_DEPTHLIMIT)
            break;
        if (ev_check_limits_slow(I))
            goto limit;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double spent = ts_sec(t1) - ts_sec(t0), left = ts_sec(I->deadline) - ts_sec(t1);
        if (spent < 1e-6)
            spent = 1e-6;
        double fit = limit / spent * left * 1.05 + 1e5; /* what the time left allows */
        double next = limit * 4;
        if (next > fit)
            next = fit > limit ? fit : limit;
        if (next > 4e9)
            next = 4e9;
        limit = next;
    }
    if (I->mem_used > used_before + 256 * 1024)
        sc->md_grown = true;
    if (rc == PCRE2_ERROR_NOMEMORY || rc == PCRE2_ERROR_HEAPLIMIT) {
        ev_raise_nomem(I);
        return RE_FAILED;
    }
    if (I->limit)
        return RE_FAILED;
    return rc;
limit:
    sc->md_grown = true;
    return RE_FAILED;
}

/* s with each lone surrogate U+D800+k (ED A0+ 80+) rewritten as U+E000+k
 * (EE 80+ 80+), or NULL with the refusal when that could change a result:
 * s already holds one of U+E000..U+E7FF, or the pattern names one of
 * them or a range across part of them. */
static ev_str *map_surrogates(ev_interp *I, re_pattern *p, ev_str *s)
{
    bool clash = p->sur_unsafe;
    for (size_t i = 0; !clash && i + 2 < s->len; i++)
        clash = (unsigned char)s->data[i] == 0xEE && (unsigned char)s->data[i + 1] < 0x9F + 1 &&
                (unsigned char)s->data[i + 1] >= 0x80;
    if (clash) {
        ev_raise(I, &ev_type_NotImplementedError,
                 "re on a string holding a lone surrogate, with a pattern or string that also uses "
                 "U+E000..U+E7FF, is not supported by safepy");
        return NULL;
    }
    ev_value c = ev_str_new(I, s->data, s->len);
    if (EV_IS_ERR(c))
        return NULL;
    ev_str *m = ev_as_str(c);
    for (size_t i = 0; i + 2 < m->len; i++)
        if ((unsigned char)m->data[i] == 0xED && (unsigned char)m->data[i + 1] >= 0xA0) {
            m->data[i] = (char)0xEE;
            m->data[i + 1] = (char)((unsigned char)m->data[i + 1] - 0x20);
            i += 2;
        }
    return m;
}

int re_scan_init(ev_interp *I, re_scan *sc, re_pattern *p, ev_str *s, ev_value subj, int64_t pos,
                 int64_t endpos)
{
    memset(sc, 0, sizeof *sc);
    if (ev_is(p->pattern, EV_O_STR) && !s->ascii && ev_utf8_surrogate_find(s->data, s->len) < s->len) {
        /* a lone surrogate is not valid UTF-8 to PCRE2: match a copy where
         * it is a private-use character with the same properties for re
         * (no case, not \w, \d or \s) and the same UTF-8 length */
        s = map_surrogates(I, p, s);
        if (!s)
            return -1;
        sc->mapped = s;
        sc->I = I;
    }
    sc->subj = subj;
    int64_t len = (int64_t)s->nchars;
    if (pos < 0)
        pos = 0;
    else if (pos > len)
        pos = len;
    if (endpos < 0)
        endpos = 0;
    else if (endpos > len)
        endpos = len;
    sc->p = p;
    sc->s = s;
    sc->pos = pos;
    sc->endpos = endpos;
    sc->bpos = re_byte_index(s, pos);
    sc->bend = endpos == len ? s->len : re_byte_index(s, endpos);
    sc->done = pos > endpos;
    sc->cur = (re_cursor){s, sc->bpos, (size_t)pos};
    sc->md = p->md_spare ? p->md_spare : pcre2_match_data_create_from_pattern(p->code, p->gctx);
    p->md_spare = NULL;
    if (!sc->md) {
        re_scan_free(sc);
        ev_raise_nomem(I);
        return -1;
    }
    return 0;
}

void re_scan_free(re_scan *sc)
{
    if (sc->md && !sc->md_grown && !sc->p->md_spare)
        sc->p->md_spare = sc->md;
    else if (sc->md)
        pcre2_match_data_free(sc->md);
    sc->md = NULL;
    if (sc->mapped) {
        ev_decref(sc->I, ev_obj_val(&sc->mapped->h));
        sc->mapped = NULL;
    }
}

int re_scan_next(ev_interp *I, re_scan *sc, int mode)
{
    if (sc->done)
        return 0;
    uint32_t opts = PCRE2_NO_UTF_CHECK;
    if (mode >= 1)
        opts |= PCRE2_ANCHORED;
    if (mode == 2)
        opts |= PCRE2_ENDANCHORED;
    if (sc->must_advance)
        opts |= PCRE2_NOTEMPTY_ATSTART;
    size_t from = sc->bpos;
    int rc = exec_limited(I, sc, opts);
    if (rc == RE_FAILED)
        return -1;
    if (rc < 0 && rc != PCRE2_ERROR_NOMATCH) {
        {
            PCRE2_UCHAR msg[256];
            pcre2_get_error_message(rc, msg, sizeof msg);
            ev_raise(I, &ev_type_RuntimeError, "regular expression engine error: %s", (const char *)msg);
        }
        return -1;
    }
    if (rc == PCRE2_ERROR_NOMATCH) {
        sc->done = true;
        return ev_charge(I, 1 + (int64_t)((sc->bend - from) / 64)) ? -1 : 0;
    }
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc->md);
    sc->must_advance = ov[1] == ov[0];
    sc->bpos = ov[1];
    return ev_charge(I, 1 + (int64_t)((ov[1] - from) / 64)) ? -1 : 1;
}

/* ---- Pattern methods -------------------------------------------------------------------------- */

/* pos and endpos: Py_ssize_t arguments (an OverflowError past 64 bits);
 * nothing is raised once *err is set */
static int64_t opt_index(ev_interp *I, ev_value v, int64_t dflt, bool *err)
{
    if (EV_IS_ERR(v) || *err)
        return dflt;
    int64_t x;
    if (ev_ssize_arg(I, v, &x)) { /* through __index__ */
        *err = true;
        return 0;
    }
    return x;
}

static ev_value do_match(ev_interp *I, re_pattern *p, ev_value string, ev_value posv, ev_value endv, int mode)
{
    /* argument clinic converts pos and endpos before the body reads the string */
    bool err = false;
    int64_t pos = opt_index(I, posv, 0, &err), endpos = opt_index(I, endv, INT64_MAX, &err);
    if (err)
        return EV_ERR;
    ev_str *s = re_subject(I, p, string);
    if (!s)
        return EV_ERR;
    re_scan sc;
    if (re_scan_init(I, &sc, p, s, string, pos, endpos)) {
        re_subject_done(I, s, string);
        return EV_ERR;
    }
    int f = re_scan_next(I, &sc, mode);
    ev_value r = f < 0 ? EV_ERR : f == 0 ? EV_NONE : re_match_new(I, &sc);
    re_scan_free(&sc);
    re_subject_done(I, s, string);
    return r;
}

static re_pattern *as_pat(ev_value self) { return (re_pattern *)self.u.o; }

static ev_value pm_search(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return do_match(I, as_pat(self), argv[0], argv[1], argv[2], 0);
}
static ev_value pm_match(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return do_match(I, as_pat(self), argv[0], argv[1], argv[2], 1);
}
static ev_value pm_fullmatch(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return do_match(I, as_pat(self), argv[0], argv[1], argv[2], 2);
}

/* findall: strings, or tuples of the groups ('' for a group that did not take part) */
static ev_value do_findall(ev_interp *I, re_pattern *p, ev_value string, ev_value posv, ev_value endv)
{
    bool err = false;
    int64_t pos = opt_index(I, posv, 0, &err), endpos = opt_index(I, endv, INT64_MAX, &err);
    if (err)
        return EV_ERR;
    ev_str *s = re_subject(I, p, string);
    if (!s)
        return EV_ERR;
    bool pb = re_pat_bytes(p);
    ev_value list = ev_list_new(I, 0);
    re_scan sc;
    if (EV_IS_ERR(list) || re_scan_init(I, &sc, p, s, string, pos, endpos)) {
        ev_decref(I, list);
        re_subject_done(I, s, string);
        return EV_ERR;
    }
    for (;;) {
        int f = re_scan_next(I, &sc, 0);
        if (f < 0)
            goto fail;
        if (f == 0)
            break;
        PCRE2_SIZE *ov = pcre2_get_ovector_pointer(sc.md);
        uint32_t first = p->groups == 0 ? 0 : 1, last = p->groups == 0 ? 0 : p->groups;
        ev_value item;
        if (p->groups > 1) {
            item = ev_tuple_new(I, p->groups);
            if (EV_IS_ERR(item))
                goto fail;
        }
        for (uint32_t g = first; g <= last; g++) {
            ev_value v;
            if (ov[2 * g] == PCRE2_UNSET)
                v = re_piece(I, pb, "", 0);
            else
                v = re_piece(I, pb, s->data + ov[2 * g], ov[2 * g + 1] - ov[2 * g]);
            if (EV_IS_ERR(v)) {
                if (p->groups > 1)
                    ev_decref(I, item);
                goto fail;
            }
            if (p->groups > 1)
                ev_as_tuple(item)->items[g - 1] = v;
            else
                item = v;
        }
        int r = ev_list_append(I, ev_as_list(list), item);
        ev_decref(I, item);
        if (r)
            goto fail;
    }
    re_scan_free(&sc);
    re_subject_done(I, s, string);
    return list;
fail:
    re_scan_free(&sc);
    re_subject_done(I, s, string);
    ev_decref(I, list);
    return EV_ERR;
}

static ev_value pm_findall(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return do_findall(I, as_pat(self), argv[0], argv[1], argv[2]);
}

/* finditer: a native iterator over a scan */
typedef struct fi_state {
    ev_value pattern, string;
    ev_str *s; /* re_subject's */
    re_scan sc;
    bool started;
} fi_state;

static int fi_next(ev_interp *I, ev_iterobj *it, ev_value *out)
{
    fi_state *st = it->state;
    if (!st->sc.md)
        return 0;
    int f = re_scan_next(I, &st->sc, 0);
    if (f <= 0) {
        if (f == 0)
            re_scan_free(&st->sc);
        return f;
    }
    *out = re_match_new(I, &st->sc);
    return EV_IS_ERR(*out) ? -1 : 1;
}

static void fi_free(ev_interp *I, ev_iterobj *it)
{
    fi_state *st = it->state;
    re_scan_free(&st->sc);
    re_subject_done(I, st->s, st->string);
    ev_decref(I, st->pattern);
    ev_decref(I, st->string);
}

/* a str subclass instance has a __dict__ that may hold a finditer over it
 * (such instances are not tracked by the collector yet) */
static void fi_traverse(ev_interp *I, ev_iterobj *it, ev_visit_fn visit, void *arg)
{
    fi_state *st = it->state;
    visit(I, st->pattern, arg);
    visit(I, st->string, arg);
}

static const ev_native_iter_type finditer_type = {"callable_iterator", fi_next, fi_free, NULL,
                                                   &ev_type_callable_iterator, fi_traverse};

static ev_value do_finditer(ev_interp *I, ev_value pat, ev_value string, ev_value posv, ev_value endv)
{
    bool err = false;
    int64_t pos = opt_index(I, posv, 0, &err), endpos = opt_index(I, endv, INT64_MAX, &err);
    if (err)
        return EV_ERR;
    ev_str *s = re_subject(I, as_pat(pat), string);
    if (!s)
        return EV_ERR;
    ev_value it = ev_native_iter_new(I, &finditer_type, sizeof(fi_state));
    if (EV_IS_ERR(it)) {
        re_subject_done(I, s, string);
        return it;
    }
    fi_state *st = ((ev_iterobj *)it.u.o)->state;
    st->pattern = ev_dup(pat);
    st->string = ev_dup(string);
    st->s = s;
    if (re_scan_init(I, &st->sc, as_pat(pat), s, string, pos, endpos)) {
        ev_decref(I, it);
        return EV_ERR;
    }
    return it;
}

static ev_value pm_finditer(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return do_finditer(I, self, argv[0], argv[1], argv[2]);
}

static ev_value pm_split(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return re_do_split(I, as_pat(self), argv[0], argv[1]);
}
static ev_value pm_sub(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return re_do_sub(I, as_pat(self), argv[0], argv[1], argv[2], false);
}
static ev_value pm_subn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return re_do_sub(I, as_pat(self), argv[0], argv[1], argv[2], true);
}

static const ev_builtin_def pattern_methods[] = {
    {"search", pm_search, 1, 3, 0, "string, pos, endpos"},
    {"match", pm_match, 1, 3, 0, "string, pos, endpos"},
    {"fullmatch", pm_fullmatch, 1, 3, 0, "string, pos, endpos"},
    {"findall", pm_findall, 1, 3, 0, "string, pos, endpos"},
    {"finditer", pm_finditer, 1, 3, 0, "string, pos, endpos"},
    {"split", pm_split, 1, 2, 0, "string, maxsplit"},
    {"sub", pm_sub, 2, 3, 0, "repl, string, count"},
    {"subn", pm_subn, 2, 3, 0, "repl, string, count"},
    {NULL, NULL, 0, 0, 0, NULL},
};

ev_type ev_type_re_Pattern = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                              .name = "re.Pattern", .methods = pattern_methods, .module = "re"};
ev_type ev_type_re_Match = {.h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC},
                            .name = "re.Match", .methods = re_match_methods, .module = "re"};

static ev_value pattern_repr(ev_interp *I, re_pattern *p)
{
    ev_value r = ev_repr(I, p->pattern);
    if (EV_IS_ERR(r))
        return r;
    ev_str *rs = ev_as_str(r);
    /* %.200R: at most 200 code points of the repr */
    size_t cut = rs->len;
    if (rs->nchars > 200)
        cut = re_byte_index(rs, 200);
    ev_buf b = {0};
    int e = ev_buf_puts(I, &b, "re.compile(") || ev_buf_put(I, &b, rs->data, cut);
    ev_decref(I, r);
    int64_t flags = p->flags;
    if ((flags & (RE_LOCALE | RE_UNICODE | RE_ASCII)) == RE_UNICODE)
        flags &= ~(int64_t)RE_UNICODE;
    if (!e && flags) {
        static const struct { const char *name; int64_t v; } names[] = {
            {"re.TEMPLATE", RE_TEMPLATE}, {"re.IGNORECASE", RE_IGNORECASE}, {"re.LOCALE", RE_LOCALE},
            {"re.MULTILINE", RE_MULTILINE}, {"re.DOTALL", RE_DOTALL}, {"re.UNICODE", RE_UNICODE},
            {"re.VERBOSE", RE_VERBOSE}, {"re.DEBUG", RE_DEBUG}, {"re.ASCII", RE_ASCII},
        };
        e = ev_buf_puts(I, &b, ", ");
        bool first = true;
        for (size_t i = 0; !e && i < sizeof names / sizeof *names; i++)
            if (flags & names[i].v) {
                e = (!first && ev_buf_puts(I, &b, "|")) || ev_buf_puts(I, &b, names[i].name);
                first = false;
                flags &= ~names[i].v;
            }
        if (!e && flags)
            e = ev_buf_printf(I, &b, "%s0x%llx", first ? "" : "|", (unsigned long long)flags);
    }
    if (e || ev_buf_puts(I, &b, ")")) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* ---- hooks from the object protocol ------------------------------------------------------------------ */

/* A Pattern holds its source and its private groupindex dict, a Match its
 * Pattern and its subject.  No clear: a cycle through them comes back
 * through a subclass instance's attributes (the only way a str or bytes
 * refers to anything) or a dict, which the collector empties, and a
 * Match or Pattern stays valid for code that still sees it meanwhile. */
void ev_re_traverse(ev_interp *I, ev_obj *o, ev_visit_fn visit, void *arg)
{
    if (o->kind == EV_O_REPATTERN) {
        re_pattern *p = (re_pattern *)o;
        visit(I, p->pattern, arg);
        visit(I, p->groupindex, arg);
    } else {
        re_match *m = (re_match *)o;
        visit(I, m->re, arg);
        visit(I, m->string, arg);
    }
}

void ev_re_free(ev_interp *I, ev_obj *o)
{
    if (o->kind == EV_O_REPATTERN) {
        pattern_free(I, (re_pattern *)o);
    } else {
        re_match *m = (re_match *)o;
        ev_decref(I, m->re);
        ev_decref(I, m->string);
    }
}

ev_value ev_re_repr(ev_interp *I, ev_value v)
{
    if (ev_is(v, EV_O_REPATTERN))
        return pattern_repr(I, as_pat(v));
    return re_match_repr(I, (re_match *)v.u.o);
}

int ev_re_getattr(ev_interp *I, ev_value obj, ev_str *name, ev_value *out)
{
    if (ev_is(obj, EV_O_REMATCH))
        return re_match_getattr(I, (re_match *)obj.u.o, name, out);
    if (!ev_is(obj, EV_O_REPATTERN))
        return 0;
    re_pattern *p = as_pat(obj);
    const char *n = name->data;
    if (n[0] != 'p' && n[0] != 'f' && n[0] != 'g') /* pattern flags groups groupindex */
        return 0;
    if (strcmp(n, "pattern") == 0)
        *out = ev_dup(p->pattern);
    else if (strcmp(n, "flags") == 0)
        *out = ev_int(p->flags);
    else if (strcmp(n, "groups") == 0)
        *out = ev_int(p->groups);
    else if (strcmp(n, "groupindex") == 0) {
        /* a copy: CPython's is a read-only mappingproxy */
        ev_value d = ev_dict_new(I);
        ev_dict *src = ev_as_dict(p->groupindex);
        for (size_t i = 0; !EV_IS_ERR(d) && i < src->nentries; i++) {
            if (EV_IS_ERR(src->entries[i].key))
                continue;
            if (ev_dict_set(I, ev_as_dict(d), src->entries[i].key, src->entries[i].value)) {
                ev_decref(I, d);
                d = EV_ERR;
            }
        }
        *out = d;
    } else
        return 0;
    return 1;
}

ev_value ev_re_getitem(ev_interp *I, ev_value obj, ev_value key)
{
    if (ev_is(obj, EV_O_REMATCH))
        return re_match_getitem(I, (re_match *)obj.u.o, key);
    return ev_raise(I, &ev_type_TypeError, "'%s' object is not subscriptable", ev_type_name(obj));
}

/* ---- module functions ------------------------------------------------------------------------------- */

static ev_value fn_compile(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return get_pattern(I, argv[0], argv[1]);
}

#define WITH_PATTERN(flagsv, call)                      \
    ev_value pv = get_pattern(I, argv[0], flagsv);      \
    if (EV_IS_ERR(pv))                                  \
        return pv;                                      \
    ev_value r = call;                                  \
    ev_decref(I, pv);                                   \
    return r

static ev_value fn_search(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[2], do_match(I, as_pat(pv), argv[1], EV_ERR, EV_ERR, 0));
}
static ev_value fn_match(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[2], do_match(I, as_pat(pv), argv[1], EV_ERR, EV_ERR, 1));
}
static ev_value fn_fullmatch(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[2], do_match(I, as_pat(pv), argv[1], EV_ERR, EV_ERR, 2));
}
static ev_value fn_findall(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[2], do_findall(I, as_pat(pv), argv[1], EV_ERR, EV_ERR));
}
static ev_value fn_finditer(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[2], do_finditer(I, pv, argv[1], EV_ERR, EV_ERR));
}
static ev_value fn_split(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[3], re_do_split(I, as_pat(pv), argv[1], argv[2]));
}
static ev_value fn_sub(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[4], re_do_sub(I, as_pat(pv), argv[1], argv[2], argv[3], false));
}
static ev_value fn_subn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    WITH_PATTERN(argv[4], re_do_sub(I, as_pat(pv), argv[1], argv[2], argv[3], true));
}

static ev_value fn_escape(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    bool bytes = ev_is_byteslike(argv[0]);
    if (!bytes && !ev_is(argv[0], EV_O_STR)) /* re.escape's str(pattern, 'latin1') */
        return ev_raise(I, &ev_type_TypeError, "decoding to str: need a bytes-like object, %s found",
                        ev_type_name(argv[0]));
    ev_str *s = bytes ? re_raw_str(I, argv[0]) : re_want_str(I, argv[0]);
    if (!s)
        return EV_ERR;
    ev_value sv = ev_obj_val(&s->h);
    ev_buf b = {0};
    static const char special[] = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
    for (size_t i = 0; i < s->len; i++) {
        char c = s->data[i];
        int r = 0;
        if (c && strchr(special, c)) {
            char e[3] = {'\\', c, 0};
            r = ev_buf_put(I, &b, e, 2);
        } else {
            r = ev_buf_put(I, &b, &c, 1);
        }
        if (r)
            goto fail;
    }
    if (ev_charge(I, (int64_t)(s->len / 64)))
        goto fail;
    if (bytes) {
        ev_value r = ev_bytes_new(I, EV_O_BYTES, b.data ? b.data : "", b.len);
        ev_buf_free(I, &b);
        ev_decref(I, sv);
        return r;
    }
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    if (bytes)
        ev_decref(I, sv);
    return EV_ERR;
}

static ev_value fn_purge(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_dict *c = cache_dict(I);
    if (c)
        ev_dict_clear(I, c);
    return EV_NONE;
}

static const ev_builtin_def functions[] = {
    {"compile", fn_compile, 1, 2, 0, "pattern, flags"},
    {"search", fn_search, 2, 3, 0, "pattern, string, flags"},
    {"match", fn_match, 2, 3, 0, "pattern, string, flags"},
    {"fullmatch", fn_fullmatch, 2, 3, 0, "pattern, string, flags"},
    {"findall", fn_findall, 2, 3, 0, "pattern, string, flags"},
    {"finditer", fn_finditer, 2, 3, 0, "pattern, string, flags"},
    {"split", fn_split, 2, 4, 0, "pattern, string, maxsplit, flags"},
    {"sub", fn_sub, 3, 5, 0, "pattern, repl, string, count, flags"},
    {"subn", fn_subn, 3, 5, 0, "pattern, repl, string, count, flags"},
    {"escape", fn_escape, 1, 1, 0, "pattern"},
    {"purge", fn_purge, 0, 0, 0, NULL},
    {NULL, NULL, 0, 0, 0, NULL},
};

static int init(ev_interp *I, ev_dict *ns)
{
    if (re_flag_init(I, ns) || ev_module_set(I, ns, "error", ev_obj_val(&ev_type_re_error.h)) ||
        ev_module_set(I, ns, "Pattern", ev_obj_val(&ev_type_re_Pattern.h)) ||
        ev_module_set(I, ns, "Match", ev_obj_val(&ev_type_re_Match.h)))
        return -1;
    ev_value cache = ev_dict_new(I);
    if (EV_IS_ERR(cache))
        return -1;
    int r = ev_module_set(I, ns, "_cache", cache);
    ev_decref(I, cache);
    return r;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "compile",
    "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M", "S", "X", "U", "ASCII",
    "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE", "UNICODE", "NOFLAG", NULL
};

const ev_module_def ev_module_re = {"re", functions, init, all_names};

/* ---- for other modules (fnmatch) --------------------------------------------------------------- */

ev_value re_compile_uncached(ev_interp *I, ev_value src)
{
    return pattern_compile(I, src, 0);
}

int re_match_start(ev_interp *I, ev_value pat, ev_value string)
{
    ev_value m = do_match(I, as_pat(pat), string, EV_ERR, EV_ERR, 1);
    if (EV_IS_ERR(m))
        return -1;
    int r = m.tag != EV_T_NONE;
    ev_decref(I, m);
    return r;
}

/* ---- the kind table's rows (ev_obj.h): re.Pattern and re.Match ---------------------------- */

const ev_kind_ops ev_repattern_ops = {
    .name = "re.Pattern",
    .free = ev_re_free,
    .traverse = ev_re_traverse,
    .repr = ev_re_repr,
};

const ev_kind_ops ev_rematch_ops = {
    .name = "re.Match",
    .free = ev_re_free,
    .traverse = ev_re_traverse,
    .repr = ev_re_repr,
};
