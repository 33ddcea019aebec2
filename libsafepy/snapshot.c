/*
 * snapshot.c - a sandbox saved as bytes: its configuration and declared
 * exceptions (what a restore needs before it loads anything), then the
 * evaluator's snapshot of the session.
 *
 * Layout, all integers little-endian as the machine writes them (a snapshot
 * is for the same architecture and library version):
 *   "SPSNAP\0\1"                  magic and format version
 *   f64 timeout_s, u64 max_memory, u32 max_depth, u64 max_output
 *   str rules_dir                 (u32 length, 0xffffffff for none; bytes)
 *   u32 n, then n str             allow_modules
 *   u32 n, then n (str, str)      exceptions: name, doc
 *   u64 length, then the bytes    the evaluator's snapshot
 * The bytes are untrusted: every length is checked against what remains.
 */
#include <stdlib.h>
#include <string.h>

#include "libsafepy/sp_int.h"

static const char MAGIC[8] = {'S', 'P', 'S', 'N', 'A', 'P', 0, 1};
#define NO_STR 0xffffffffu

typedef struct wbuf {
    char *data;
    size_t len, cap;
    bool failed;
} wbuf;

static void put(wbuf *b, const void *p, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n)
            cap *= 2;
        char *nd = realloc(b->data, cap);
        if (!nd) {
            b->failed = true;
            return;
        }
        b->data = nd;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void put_u32(wbuf *b, uint32_t v) { put(b, &v, sizeof v); }

static void put_str(wbuf *b, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (s && n >= NO_STR) {
        b->failed = true;
        return;
    }
    put_u32(b, s ? (uint32_t)n : NO_STR);
    if (s)
        put(b, s, n);
}

int sp_sandbox_snapshot(sp_sandbox *sb, char **data, size_t *len)
{
    sb->err[0] = '\0';
    *data = NULL;
    *len = 0;
    char *ev = NULL, *err = NULL;
    size_t ev_len = 0;
    sp_fresh(sb);
    if (ev_session_snapshot(sb->sess, &ev, &ev_len, &err) != 0) {
        sp_seterr(sb, "%s", err ? err : "out of memory");
        int rc = err ? SP_EINVAL : SP_ENOMEM;
        free(err);
        return rc;
    }
    wbuf b = {0};
    const sp_config *c = &sb->cfg;
    uint64_t mem = c->max_memory, out = c->max_output, evl = ev_len;
    put(&b, MAGIC, sizeof MAGIC);
    put(&b, &c->timeout_s, sizeof c->timeout_s);
    put(&b, &mem, sizeof mem);
    put_u32(&b, c->max_depth);
    put(&b, &out, sizeof out);
    put_str(&b, c->rules_dir);
    put_u32(&b, (uint32_t)c->n_allow_modules);
    for (size_t i = 0; i < c->n_allow_modules; i++)
        put_str(&b, c->allow_modules[i]);
    uint32_t nexc = 0;
    for (const sp_excrec *e = sb->excs; e; e = e->next)
        nexc++;
    put_u32(&b, nexc);
    for (const sp_excrec *e = sb->excs; e; e = e->next) {
        put_str(&b, e->name);
        put_str(&b, e->doc);
    }
    put(&b, &evl, sizeof evl);
    put(&b, ev, ev_len);
    free(ev);
    if (b.failed) {
        free(b.data);
        sp_seterr(sb, "out of memory");
        return SP_ENOMEM;
    }
    *data = b.data;
    *len = b.len;
    return SP_OK;
}

/* --- reading ------------------------------------------------------------------------ */

typedef struct rbuf {
    const char *p;
    size_t left;
    bool bad;
} rbuf;

static void get(rbuf *r, void *out, size_t n)
{
    if (r->bad || r->left < n) {
        r->bad = true;
        memset(out, 0, n);
        return;
    }
    memcpy(out, r->p, n);
    r->p += n;
    r->left -= n;
}

static uint32_t get_u32(rbuf *r)
{
    uint32_t v;
    get(r, &v, sizeof v);
    return v;
}

/* A malloc'd copy of the next string, NULL for none (or when bad/out of
 * memory: *oom tells). */
static char *get_str(rbuf *r, bool *oom)
{
    uint32_t n = get_u32(r);
    if (r->bad || n == NO_STR)
        return NULL;
    if (n > r->left || memchr(r->p, '\0', n)) {
        r->bad = true;
        return NULL;
    }
    char *s = malloc((size_t)n + 1);
    if (!s) {
        *oom = true;
        return NULL;
    }
    memcpy(s, r->p, n);
    s[n] = '\0';
    r->p += n;
    r->left -= n;
    return s;
}

typedef struct saved {
    sp_config cfg;
    char *rules_dir;
    char **mods;
    uint32_t nmods;
    char **exc; /* name, doc pairs */
    uint32_t nexc;
} saved;

static void saved_free(saved *s)
{
    free(s->rules_dir);
    for (uint32_t i = 0; s->mods && i < s->nmods; i++)
        free(s->mods[i]);
    free(s->mods);
    for (uint32_t i = 0; s->exc && i < 2 * s->nexc; i++)
        free(s->exc[i]);
    free(s->exc);
}

sp_sandbox *sp_sandbox_restore(const char *data, size_t len, const sp_config *cfg,
                               const sp_function *fns, size_t n_fns, char **error)
{
    if (error)
        *error = NULL;
    saved s = {0};
    bool oom = false;
    sp_sandbox *sb = NULL;
    const char *why = "out of memory";
    rbuf r = {data, data ? len : 0, false};
    char magic[sizeof MAGIC];
    get(&r, magic, sizeof magic);
    if (r.bad || memcmp(magic, MAGIC, sizeof MAGIC) != 0) {
        why = "not a libsafepy snapshot (or one of another version)";
        goto fail;
    }
    uint64_t mem, out, evl;
    get(&r, &s.cfg.timeout_s, sizeof s.cfg.timeout_s);
    get(&r, &mem, sizeof mem);
    s.cfg.max_depth = get_u32(&r);
    get(&r, &out, sizeof out);
    s.cfg.max_memory = (size_t)mem;
    s.cfg.max_output = (size_t)out;
    s.rules_dir = get_str(&r, &oom);
    s.nmods = get_u32(&r);
    /* each name takes at least its 4-byte length: a count is bounded by
     * what remains before anything is allocated for it */
    if (!r.bad && s.nmods > r.left / 4)
        r.bad = true;
    if (!r.bad && s.nmods && !(s.mods = calloc(s.nmods, sizeof *s.mods)))
        oom = true;
    for (uint32_t i = 0; s.mods && i < s.nmods && !r.bad && !oom; i++)
        if (!(s.mods[i] = get_str(&r, &oom)) && !oom)
            r.bad = true;
    s.nexc = get_u32(&r);
    if (!r.bad && s.nexc > r.left / 8)
        r.bad = true;
    if (!r.bad && !oom && s.nexc && !(s.exc = calloc(2 * (size_t)s.nexc, sizeof *s.exc)))
        oom = true;
    for (uint32_t i = 0; s.exc && i < s.nexc && !r.bad && !oom; i++) {
        if (!(s.exc[2 * i] = get_str(&r, &oom)) && !oom)
            r.bad = true;
        s.exc[2 * i + 1] = get_str(&r, &oom);
    }
    get(&r, &evl, sizeof evl);
    if (!r.bad && evl != r.left)
        r.bad = true;
    if (oom)
        goto fail;
    if (r.bad) {
        why = "the snapshot is truncated or corrupt";
        goto fail;
    }
    s.cfg.rules_dir = s.rules_dir;
    s.cfg.allow_modules = (const char *const *)s.mods;
    s.cfg.n_allow_modules = s.nmods;
    char *err = NULL;
    if (!(sb = sp_sandbox_new(cfg ? cfg : &s.cfg, &err))) {
        if (error)
            *error = err;
        else
            free(err);
        saved_free(&s);
        return NULL;
    }
    for (uint32_t i = 0; i < s.nexc; i++)
        if (sp_sandbox_add_exception(sb, s.exc[2 * i], s.exc[2 * i + 1]) != SP_OK)
            goto fail_sb;
    for (size_t i = 0; i < n_fns; i++)
        if (sp_sandbox_add_function(sb, &fns[i]) != SP_OK)
            goto fail_sb;
    if (ev_session_restore(sb->sess, r.p, r.left, &err) != 0) {
        sp_seterr(sb, "%s", err ? err : "out of memory");
        free(err);
        goto fail_sb;
    }
    saved_free(&s);
    return sb;
fail_sb:
    why = sb->err[0] ? sb->err : why;
fail:
    if (error)
        *error = strdup(why);
    sp_sandbox_free(sb);
    saved_free(&s);
    return NULL;
}
