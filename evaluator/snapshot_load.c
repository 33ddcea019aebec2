/*
 * snapshot_load.c - loading a snapshot into a fresh session
 * (ev_session_restore).  The format is described at the top of
 * snapshot.c.
 *
 * The bytes are untrusted: every length is checked against what is left,
 * every id against the table, every field's kind against what the object
 * needs (a class's bases are types, a function's closure holds cells...),
 * strings are valid UTF-8, and nothing recurses on the input: the object
 * table is flat and the few orders that matter (classes after their
 * bases, a frozenset after the frozensets and tuples it holds) are found
 * with explicit stacks.  What the objects take is charged to the
 * session's memory limit.  No user code runs: classes are made without
 * __set_name__ and __init_subclass__ (they ran when the class was first
 * made), instances without __init__, and a dict key or set member whose
 * hash or equality is the user's is refused (it would run __hash__).
 *
 * This file reads the header, the programs (re-lowered), the modules and
 * the object table, and, once snapshot_objects.c has made the objects in
 * its phases, the globals, swapped in at once.  On any error everything
 * made is released (cycles by a collection, finalizers off) and the
 * session is as it was.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evaluator/gen.h"
#include "evaluator/modules/modules.h"
#include "evaluator/snapshot_int.h"

const TSLanguage *tree_sitter_python(void);

int sl_fail(sl_load *L, const char *fmt, ...)
{
    if (L->err)
        return -1;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n = strlen(msg) + 32;
    L->err = malloc(n);
    if (L->err)
        snprintf(L->err, n, "invalid snapshot: %s", msg);
    return -1;
}

/* The pending exception (or limit) as the error. */
int sl_fail_raised(sl_load *L, const char *what)
{
    ev_interp *I = L->I;
    if (L->err)
        return -1;
    if (I->limit && strcmp(I->limit, "memory") == 0)
        return sl_fail(L, "%s: it needs more than the session's memory limit (%zu MiB)", what, I->mem_max >> 20);
    if (ev_is(I->exc, EV_O_EXC)) {
        char *m = ev_render_exception(I, I->exc);
        if (m) {
            size_t n = strlen(m);
            while (n && m[n - 1] == '\n')
                m[--n] = '\0';
            sl_fail(L, "%s: %s", what, m);
            free(m);
            return -1;
        }
    }
    return sl_fail(L, "%s: %s", what, I->limit ? I->limit : "failed");
}

/* ---- reading ------------------------------------------------------------------------------- */

int sl_u8(sl_load *L, sl_rd *r, uint8_t *out)
{
    *out = 0;
    if (r->p >= r->end)
        return sl_fail(L, "truncated");
    *out = *r->p++;
    return 0;
}

int sl_var(sl_load *L, sl_rd *r, uint64_t *out)
{
    *out = 0;
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end)
            return sl_fail(L, "truncated");
        uint8_t c = *r->p++;
        if (shift == 63 && c > 1)
            return sl_fail(L, "a number out of range");
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *out = v;
            return 0;
        }
    }
    return sl_fail(L, "a number out of range");
}

/* A count of items that each take at least `each` bytes of what is left. */
int sl_count(sl_load *L, sl_rd *r, size_t each, size_t *out)
{
    uint64_t n;
    *out = 0;
    if (sl_var(L, r, &n))
        return -1;
    if (n > (size_t)(r->end - r->p) / each)
        return sl_fail(L, "a count larger than the data");
    *out = (size_t)n;
    return 0;
}

int sl_u64(sl_load *L, sl_rd *r, uint64_t *out)
{
    *out = 0;
    if ((size_t)(r->end - r->p) < 8)
        return sl_fail(L, "truncated");
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)r->p[i] << (8 * i);
    r->p += 8;
    *out = v;
    return 0;
}

int sl_double(sl_load *L, sl_rd *r, double *out)
{
    uint64_t u = 0;
    *out = 0;
    if (sl_u64(L, r, &u))
        return -1;
    memcpy(out, &u, 8);
    return 0;
}

int sl_bytes(sl_load *L, sl_rd *r, const char **p, size_t *n)
{
    *p = NULL;
    if (sl_count(L, r, 1, n))
        return -1;
    *p = (const char *)r->p;
    r->p += *n;
    return 0;
}

/* UTF-8 as ev_str holds it: CPython's lone surrogates (ED A0..BF xx) allowed. */
static bool utf8_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s, *e = p + n;
    while (p < e) {
        unsigned c = *p;
        if (c < 0x80) {
            p++;
            continue;
        }
        size_t k;
        uint32_t cp;
        if (c >= 0xC2 && c <= 0xDF)
            k = 1, cp = c & 0x1F;
        else if (c >= 0xE0 && c <= 0xEF)
            k = 2, cp = c & 0x0F;
        else if (c >= 0xF0 && c <= 0xF4)
            k = 3, cp = c & 0x07;
        else
            return false;
        if ((size_t)(e - p) <= k)
            return false;
        for (size_t i = 1; i <= k; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((k == 2 && cp < 0x800) || (k == 3 && (cp < 0x10000 || cp > 0x10FFFF)))
            return false;
        p += k + 1;
    }
    return true;
}

int sl_text(sl_load *L, sl_rd *r, const char **p, size_t *n, const char *what)
{
    if (sl_bytes(L, r, p, n))
        return -1;
    if (!utf8_ok(*p, *n))
        return sl_fail(L, "%s is not valid UTF-8", what);
    return 0;
}

/* A name: UTF-8 without NUL bytes, interned (borrowed). */
ev_str *sl_name(sl_load *L, sl_rd *r, const char *what)
{
    const char *p;
    size_t n;
    if (sl_text(L, r, &p, &n, what))
        return NULL;
    if (memchr(p, '\0', n)) {
        sl_fail(L, "%s holds a NUL byte", what);
        return NULL;
    }
    ev_str *s = ev_intern(L->I, p, n);
    if (!s)
        sl_fail_raised(L, what);
    return s;
}

int sl_value(sl_load *L, sl_rd *r, sl_val *v)
{
    *v = (sl_val){0};
    if (sl_u8(L, r, &v->tag))
        return -1;
    uint64_t u;
    switch (v->tag) {
    case SV_NONE:
    case SV_FALSE:
    case SV_TRUE:
    case SV_UNBOUND:
        return 0;
    case SV_INT:
        if (sl_var(L, r, &u))
            return -1;
        v->i = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
        return 0;
    case SV_FLOAT:
        return sl_double(L, r, &v->f);
    case SV_REF:
        if (sl_var(L, r, &u))
            return -1;
        if (u >= L->nobjs)
            return sl_fail(L, "object id %llu out of range", (unsigned long long)u);
        v->id = (uint32_t)u;
        return 0;
    default:
        return sl_fail(L, "unknown value tag %u", v->tag);
    }
}

/* The value v stands for, borrowed; EV_ERR-tagged only for SV_UNBOUND when allowed. */
int sl_val_get(sl_load *L, const sl_val *v, bool unbound_ok, ev_value *out)
{
    switch (v->tag) {
    case SV_NONE: *out = EV_NONE; return 0;
    case SV_FALSE: *out = EV_FALSE; return 0;
    case SV_TRUE: *out = EV_TRUE; return 0;
    case SV_INT: *out = ev_int(v->i); return 0;
    case SV_FLOAT: *out = (ev_value){.tag = EV_T_FLOAT, .u.f = v->f}; return 0;
    case SV_UNBOUND:
        if (!unbound_ok)
            return sl_fail(L, "an unbound value where a value is needed");
        *out = EV_ERR;
        return 0;
    default:
        if (EV_IS_ERR(L->obj[v->id]))
            return sl_fail(L, "object %u is used before it can exist", v->id);
        *out = L->obj[v->id];
        return 0;
    }
}

int sl_get(sl_load *L, sl_rd *r, bool unbound_ok, ev_value *out)
{
    sl_val v;
    return sl_value(L, r, &v) ? -1 : sl_val_get(L, &v, unbound_ok, out);
}

/* A value that must be a dict object or None: the dict, or NULL. */
int sl_dict_or_none(sl_load *L, sl_rd *r, const char *what, ev_dict **out)
{
    ev_value v;
    if (sl_get(L, r, false, &v))
        return -1;
    if (v.tag == EV_T_NONE) {
        *out = NULL;
        return 0;
    }
    if (!ev_is(v, EV_O_DICT) || ev_as_dict(v)->type || (v.u.o->flags & EV_OBJ_SUB))
        return sl_fail(L, "%s is not a dict", what);
    *out = ev_as_dict(v);
    return 0;
}

sl_rd sl_rec(sl_load *L, size_t id)
{
    return (sl_rd){L->rec[id], L->rec[id] + L->rlen[id]};
}

int sl_rec_end(sl_load *L, const sl_rd *r, size_t id)
{
    return r->p == r->end ? 0 : sl_fail(L, "object %zu has trailing bytes", id);
}

/* ---- hashing without user code -------------------------------------------------------------- */

int sl_key_ok(sl_load *L, ev_value v, int depth)
{
    (void)depth;
    bool deep;
    const ev_type *t = snap_key_user_class(L->I, v, &deep);
    if (deep)
        return sl_fail(L, "a dict key or set member nested too deeply");
    if (t)
        return sl_fail(L, "a dict key or set member of class '%s', which defines __hash__ or __eq__ (restoring it "
                       "would run them)", t->name);
    return 0;
}

/* ---- programs and modules ------------------------------------------------------------------ */

static int load_programs(sl_load *L, sl_rd *r)
{
    ev_interp *I = L->I;
    size_t n;
    if (sl_count(L, r, 12, &n))
        return -1;
    L->progs = calloc(n ? n : 1, sizeof *L->progs);
    if (!L->progs)
        return sl_fail(L, "out of memory");
    TSParser *ps = ts_parser_new();
    if (!ps || !ts_parser_set_language(ps, tree_sitter_python())) {
        ts_parser_delete(ps);
        return sl_fail(L, "cannot start the parser");
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const char *fn, *src;
        size_t fnl, srcl;
        uint64_t nnodes, ndefs, shape;
        if (sl_text(L, r, &fn, &fnl, "a file name") || sl_bytes(L, r, &src, &srcl) || sl_var(L, r, &nnodes) ||
            sl_var(L, r, &ndefs) || sl_u64(L, r, &shape)) {
            rc = -1;
            break;
        }
        if (memchr(fn, '\0', fnl) || fnl > 4096 || srcl > UINT32_MAX) {
            rc = sl_fail(L, "program %zu has a bad file name or size", i);
            break;
        }
        char name[4097];
        memcpy(name, fn, fnl);
        name[fnl] = '\0';
        TSTree *tree = ts_parser_parse_string(ps, NULL, src, (uint32_t)srcl);
        if (!tree) {
            rc = sl_fail(L, "program %zu does not parse", i);
            break;
        }
        ev_program *p = ev_lower(I, src, srcl, tree, name);
        ts_tree_delete(tree);
        if (!p) {
            rc = sl_fail_raised(L, "a saved program does not lower");
            break;
        }
        L->progs[L->nprogs++] = p;
        if (p->nnodes != nnodes || p->ndefs != ndefs || p->shape != shape)
            rc = sl_fail(L, "program %zu ('%s') lowers to another shape than the one saved (another safepy version?)",
                      i, name);
    }
    ts_parser_delete(ps);
    return rc;
}

static int load_modules(sl_load *L, sl_rd *r)
{
    size_t n;
    if (sl_count(L, r, 1, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_str *name = sl_name(L, r, "a module name");
        if (!name)
            return -1;
        ev_value m = ev_import(L->I, name);
        if (EV_IS_ERR(m))
            return sl_fail_raised(L, "importing a module the session had");
        ev_decref(L->I, m);
    }
    return 0;
}

/* ---- the whole ------------------------------------------------------------------------------ */

static int load_table(sl_load *L, sl_rd *r)
{
    size_t n;
    if (sl_count(L, r, 2, &n))
        return -1;
    L->nobjs = n;
    size_t m = n ? n : 1;
    L->kind = malloc(m);
    L->mark = malloc(m);
    L->rec = malloc(m * sizeof *L->rec);
    L->rlen = malloc(m * sizeof *L->rlen);
    L->obj = malloc(m * sizeof *L->obj);
    if (!L->kind || !L->mark || !L->rec || !L->rlen || !L->obj)
        return sl_fail(L, "out of memory");
    for (size_t i = 0; i < n; i++)
        L->obj[i] = EV_ERR;
    for (size_t i = 0; i < n; i++) {
        const char *p;
        if (sl_u8(L, r, &L->kind[i]) || sl_bytes(L, r, &p, &L->rlen[i]))
            return -1;
        if (L->kind[i] == 0 || L->kind[i] >= SK__COUNT)
            return sl_fail(L, "object %zu has an unknown kind %u", i, L->kind[i]);
        L->rec[i] = (const unsigned char *)p;
    }
    return 0;
}

/* The session's globals with the saved ones set, a new dict in *out. */
static int load_globals(sl_load *L, sl_rd *r, ev_value *out)
{
    ev_interp *I = L->I;
    size_t n;
    if (sl_count(L, r, 2, &n))
        return -1;
    ev_value g = ev_dict_new(I);
    if (EV_IS_ERR(g))
        return sl_fail_raised(L, "the globals");
    ev_dict *old = I->globals;
    int rc = ev_dict_merge(I, ev_as_dict(g), old) ? sl_fail_raised(L, "the globals") : 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        ev_str *name = sl_name(L, r, "a global's name");
        ev_value v;
        if (!name || sl_get(L, r, false, &v))
            rc = -1;
        else if (ev_dict_set_str(I, ev_as_dict(g), name, v))
            rc = sl_fail_raised(L, "the globals");
    }

    if (rc) {
        ev_decref(I, g);
        return -1;
    }
    *out = g;
    return 0;
}

/* random's generator state, given back to random.setstate (which checks it). */
static int load_states(sl_load *L, sl_rd *r)
{
    ev_interp *I = L->I;
    size_t n;
    if (sl_count(L, r, 2, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_str *name = sl_name(L, r, "a module name");
        ev_value st;
        if (!name || sl_get(L, r, false, &st))
            return -1;
        if (strcmp(name->data, "random") != 0)
            return sl_fail(L, "state for module '%s', which keeps none", name->data);
        ev_str *ss = ev_intern(I, "setstate", 8);
        ev_value m = ss ? ev_import(I, name) : EV_ERR;
        if (EV_IS_ERR(m))
            return sl_fail_raised(L, "importing random");
        ev_value *fn = ev_is(m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, ss) : NULL;
        ev_value res = fn && ev_is(*fn, EV_O_BUILTIN) ? ev_call(I, *fn, 1, &st, 0, NULL, NULL) : EV_ERR;
        ev_decref(I, m);
        if (EV_IS_ERR(res))
            return sl_fail_raised(L, "random's state");
        ev_decref(I, res);
    }
    return r->p == r->end ? 0 : sl_fail(L, "trailing bytes at the end");
}

static int restore_all(sl_load *L)
{
    ev_interp *I = L->I;
    sl_rd r = {L->data, L->data + L->len};
    if (L->len < SNAP_MAGIC_LEN + 4 || memcmp(L->data, SNAP_MAGIC, SNAP_MAGIC_LEN) != 0)
        return sl_fail(L, "not a safepy snapshot");
    r.p += SNAP_MAGIC_LEN;
    uint32_t ver = (uint32_t)r.p[0] | (uint32_t)r.p[1] << 8 | (uint32_t)r.p[2] << 16 | (uint32_t)r.p[3] << 24;
    r.p += 4;
    if (ver != SNAP_VERSION)
        return sl_fail(L, "version %u, this safepy reads version %u", ver, SNAP_VERSION);
    if (load_programs(L, &r) || load_modules(L, &r) || load_table(L, &r))
        return -1;
    L->globals = r;
    if (sl_make_objects(L))
        return -1;
    if (I->limit)
        return sl_fail_raised(L, "restoring");
    ev_value g = EV_ERR;
    if (load_globals(L, &L->globals, &g) || load_states(L, &L->globals)) {
        if (!EV_IS_ERR(g))
            ev_decref(I, g);
        return -1;
    }
    ev_dict *old = I->globals; /* the fresh session's: its four names are in g too */
    I->globals = ev_as_dict(g);
    ev_decref(I, ev_obj_val(&old->h));
    return 0;
}

/* A session that holds nothing yet: only the names every __main__ starts
 * with, at their first values, and no program alive. */
static bool session_is_fresh(ev_interp *I)
{
    if (I->live_programs || I->frame)
        return false;
    static const char *const names[] = {"__name__", "__doc__", "__package__", "__spec__"};
    if (I->globals->used != 4)
        return false;
    for (size_t i = 0; i < 4; i++) {
        ev_str *k = ev_intern(I, names[i], strlen(names[i]));
        ev_value *v = k ? ev_dict_lookup_str(I->globals, k) : NULL;
        if (!v || (i > 0 && v->tag != EV_T_NONE) || (i == 0 && !ev_is(*v, EV_O_STR)))
            return false;
    }
    return true;
}

typedef struct restore_args {
    ev_session *s;
    const char *data;
    size_t len;
    char *err;
    int rc;
} restore_args;

static void *restore_thread(void *arg)
{
    restore_args *a = arg;
    ev_interp *I = ev_session_interp(a->s);
    ev_interp *saved = ev_current;
    ev_current = I;
    sl_load L = {.I = I, .data = (const unsigned char *)a->data, .len = a->len};
    I->limit = NULL;
    I->stack_limit = 0;
    I->tick = INT32_MAX / 2;
    clock_gettime(CLOCK_MONOTONIC, &I->deadline);
    I->deadline.tv_sec += 86400; /* every step is bounded by the input's size */
    bool fin_off = I->fin_off;
    I->fin_off = true; /* no __del__ runs for what is made here and dropped */
    int rc = session_is_fresh(I) ? restore_all(&L)
                                 : sl_fail(&L, "a snapshot is restored only into a session that has run nothing");
    for (size_t i = 0; L.obj && i < L.nobjs; i++)
        if (!EV_IS_ERR(L.obj[i]))
            ev_decref(I, L.obj[i]);
    for (uint32_t i = 0; i < L.nprogs; i++)
        ev_program_release(I, L.progs[i]);
    if (rc)
        ev_gc_collect(I); /* the cycles among what was made */
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    I->limit = NULL;
    I->fin_off = fin_off;
    free(L.progs);
    free(L.kind);
    free(L.mark);
    free(L.rec);
    free(L.rlen);
    free(L.obj);
    a->rc = rc;
    a->err = rc ? (L.err ? L.err : strdup("invalid snapshot")) : NULL;
    if (!rc)
        free(L.err);
    ev_current = saved;
    return NULL;
}

/* The calling thread has a run's stack (as ev_session_run asks; the main
 * thread's can only be found through /proc, so it never has).  Cached:
 * the lookup makes system calls. */
static bool has_run_stack(void)
{
    static _Thread_local int known; /* 0 unknown, 1 no, 2 yes */
    if (!known) {
        known = 1;
        pthread_attr_t attr;
        void *addr;
        size_t size = 0;
        if (gettid() != getpid() && pthread_getattr_np(pthread_self(), &attr) == 0) {
            pthread_attr_getstack(&attr, &addr, &size);
            pthread_attr_destroy(&attr);
            if (size >= EV_RUN_STACK_BYTES)
                known = 2;
        }
    }
    return known == 2;
}

int ev_session_restore(ev_session *s, const char *data, size_t len, char **error)
{
    *error = NULL;
    restore_args a = {s, data, len, NULL, -1};
    /* on a thread with a run's stack: lowering the saved programs and
     * freeing deep structures recurse as they do in a run.  A caller on
     * such a thread (the sandboxed worker, which may not make threads)
     * restores on its own. */
    if (has_run_stack()) {
        restore_thread(&a);
        *error = a.err;
        return a.rc;
    }
    pthread_attr_t attr;
    pthread_t th;
    if (pthread_attr_init(&attr) != 0)
        goto nothread;
    if (pthread_attr_setstacksize(&attr, EV_RUN_STACK_BYTES) != 0 ||
        pthread_create(&th, &attr, restore_thread, &a) != 0) {
        pthread_attr_destroy(&attr);
        goto nothread;
    }
    pthread_attr_destroy(&attr);
    pthread_join(th, NULL);
    *error = a.err;
    return a.rc;
nothread:
    *error = strdup("cannot restore: cannot start a thread");
    return -1;
}
