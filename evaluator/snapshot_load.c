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
 * The objects are made in phases, so a cycle only ever needs an object
 * that already exists: (A) values and empty shells, (B) classes (bases
 * first), their slots' descriptors, instances and unstarted generators,
 * (C) what shells hold, (D) the hashed containers, frozensets first,
 * (E) the globals, swapped in at once.  On any error everything made is
 * released (cycles by a collection, finalizers off) and the session is as
 * it was.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluator/gen.h"
#include "evaluator/modules/modules.h"
#include "evaluator/snapshot_int.h"

const TSLanguage *tree_sitter_python(void);

typedef struct rd {
    const unsigned char *p, *end;
} rd;

typedef struct sval {
    uint8_t tag;
    int64_t i;
    double f;
    uint32_t id;
} sval;

typedef struct load {
    ev_interp *I;
    const unsigned char *data;
    size_t len;
    ev_program **progs;
    uint32_t nprogs;
    size_t nobjs;
    uint8_t *kind;
    const unsigned char **rec; /* each record's payload */
    size_t *rlen;
    ev_value *obj;             /* EV_ERR until made; one reference each */
    uint8_t *mark;             /* the ordering walks' states */
    rd globals;                /* where the globals section starts */
    char *err;
} load;

static int fail(load *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(load *L, const char *fmt, ...)
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
static int fail_raised(load *L, const char *what)
{
    ev_interp *I = L->I;
    if (L->err)
        return -1;
    if (I->limit && strcmp(I->limit, "memory") == 0)
        return fail(L, "%s: it needs more than the session's memory limit (%zu MiB)", what, I->mem_max >> 20);
    if (ev_is(I->exc, EV_O_EXC)) {
        char *m = ev_render_exception(I, I->exc);
        if (m) {
            size_t n = strlen(m);
            while (n && m[n - 1] == '\n')
                m[--n] = '\0';
            fail(L, "%s: %s", what, m);
            free(m);
            return -1;
        }
    }
    return fail(L, "%s: %s", what, I->limit ? I->limit : "failed");
}

/* ---- reading ------------------------------------------------------------------------------- */

static int rd_u8(load *L, rd *r, uint8_t *out)
{
    *out = 0;
    if (r->p >= r->end)
        return fail(L, "truncated");
    *out = *r->p++;
    return 0;
}

static int rd_var(load *L, rd *r, uint64_t *out)
{
    *out = 0;
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end)
            return fail(L, "truncated");
        uint8_t c = *r->p++;
        if (shift == 63 && c > 1)
            return fail(L, "a number out of range");
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *out = v;
            return 0;
        }
    }
    return fail(L, "a number out of range");
}

/* A count of items that each take at least `each` bytes of what is left. */
static int rd_count(load *L, rd *r, size_t each, size_t *out)
{
    uint64_t n;
    *out = 0;
    if (rd_var(L, r, &n))
        return -1;
    if (n > (size_t)(r->end - r->p) / each)
        return fail(L, "a count larger than the data");
    *out = (size_t)n;
    return 0;
}

static int rd_u64(load *L, rd *r, uint64_t *out)
{
    *out = 0;
    if ((size_t)(r->end - r->p) < 8)
        return fail(L, "truncated");
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)r->p[i] << (8 * i);
    r->p += 8;
    *out = v;
    return 0;
}

static int rd_double(load *L, rd *r, double *out)
{
    uint64_t u = 0;
    *out = 0;
    if (rd_u64(L, r, &u))
        return -1;
    memcpy(out, &u, 8);
    return 0;
}

static int rd_bytes(load *L, rd *r, const char **p, size_t *n)
{
    *p = NULL;
    if (rd_count(L, r, 1, n))
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

static int rd_text(load *L, rd *r, const char **p, size_t *n, const char *what)
{
    if (rd_bytes(L, r, p, n))
        return -1;
    if (!utf8_ok(*p, *n))
        return fail(L, "%s is not valid UTF-8", what);
    return 0;
}

/* A name: UTF-8 without NUL bytes, interned (borrowed). */
static ev_str *rd_name(load *L, rd *r, const char *what)
{
    const char *p;
    size_t n;
    if (rd_text(L, r, &p, &n, what))
        return NULL;
    if (memchr(p, '\0', n)) {
        fail(L, "%s holds a NUL byte", what);
        return NULL;
    }
    ev_str *s = ev_intern(L->I, p, n);
    if (!s)
        fail_raised(L, what);
    return s;
}

static int rd_value(load *L, rd *r, sval *v)
{
    *v = (sval){0};
    if (rd_u8(L, r, &v->tag))
        return -1;
    uint64_t u;
    switch (v->tag) {
    case SV_NONE:
    case SV_FALSE:
    case SV_TRUE:
    case SV_UNBOUND:
        return 0;
    case SV_INT:
        if (rd_var(L, r, &u))
            return -1;
        v->i = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
        return 0;
    case SV_FLOAT:
        return rd_double(L, r, &v->f);
    case SV_REF:
        if (rd_var(L, r, &u))
            return -1;
        if (u >= L->nobjs)
            return fail(L, "object id %llu out of range", (unsigned long long)u);
        v->id = (uint32_t)u;
        return 0;
    default:
        return fail(L, "unknown value tag %u", v->tag);
    }
}

/* The value v stands for, borrowed; EV_ERR-tagged only for SV_UNBOUND when allowed. */
static int val_get(load *L, const sval *v, bool unbound_ok, ev_value *out)
{
    switch (v->tag) {
    case SV_NONE: *out = EV_NONE; return 0;
    case SV_FALSE: *out = EV_FALSE; return 0;
    case SV_TRUE: *out = EV_TRUE; return 0;
    case SV_INT: *out = ev_int(v->i); return 0;
    case SV_FLOAT: *out = (ev_value){.tag = EV_T_FLOAT, .u.f = v->f}; return 0;
    case SV_UNBOUND:
        if (!unbound_ok)
            return fail(L, "an unbound value where a value is needed");
        *out = EV_ERR;
        return 0;
    default:
        if (EV_IS_ERR(L->obj[v->id]))
            return fail(L, "object %u is used before it can exist", v->id);
        *out = L->obj[v->id];
        return 0;
    }
}

static int rd_get(load *L, rd *r, bool unbound_ok, ev_value *out)
{
    sval v;
    return rd_value(L, r, &v) ? -1 : val_get(L, &v, unbound_ok, out);
}

/* A value that must be a dict object or None: the dict, or NULL. */
static int rd_dict_or_none(load *L, rd *r, const char *what, ev_dict **out)
{
    ev_value v;
    if (rd_get(L, r, false, &v))
        return -1;
    if (v.tag == EV_T_NONE) {
        *out = NULL;
        return 0;
    }
    if (!ev_is(v, EV_O_DICT) || ev_as_dict(v)->type || (v.u.o->flags & EV_OBJ_SUB))
        return fail(L, "%s is not a dict", what);
    *out = ev_as_dict(v);
    return 0;
}

static rd rec_of(load *L, size_t id)
{
    return (rd){L->rec[id], L->rec[id] + L->rlen[id]};
}

static int rec_end(load *L, const rd *r, size_t id)
{
    return r->p == r->end ? 0 : fail(L, "object %zu has trailing bytes", id);
}

/* ---- hashing without user code -------------------------------------------------------------- */

static int key_ok(load *L, ev_value v, int depth)
{
    (void)depth;
    bool deep;
    const ev_type *t = snap_key_user_class(L->I, v, &deep);
    if (deep)
        return fail(L, "a dict key or set member nested too deeply");
    if (t)
        return fail(L, "a dict key or set member of class '%s', which defines __hash__ or __eq__ (restoring it "
                       "would run them)", t->name);
    return 0;
}

/* ---- programs and modules ------------------------------------------------------------------ */

static int load_programs(load *L, rd *r)
{
    ev_interp *I = L->I;
    size_t n;
    if (rd_count(L, r, 12, &n))
        return -1;
    L->progs = calloc(n ? n : 1, sizeof *L->progs);
    if (!L->progs)
        return fail(L, "out of memory");
    TSParser *ps = ts_parser_new();
    if (!ps || !ts_parser_set_language(ps, tree_sitter_python())) {
        ts_parser_delete(ps);
        return fail(L, "cannot start the parser");
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const char *fn, *src;
        size_t fnl, srcl;
        uint64_t nnodes, ndefs, shape;
        if (rd_text(L, r, &fn, &fnl, "a file name") || rd_bytes(L, r, &src, &srcl) || rd_var(L, r, &nnodes) ||
            rd_var(L, r, &ndefs) || rd_u64(L, r, &shape)) {
            rc = -1;
            break;
        }
        if (memchr(fn, '\0', fnl) || fnl > 4096 || srcl > UINT32_MAX) {
            rc = fail(L, "program %zu has a bad file name or size", i);
            break;
        }
        char name[4097];
        memcpy(name, fn, fnl);
        name[fnl] = '\0';
        TSTree *tree = ts_parser_parse_string(ps, NULL, src, (uint32_t)srcl);
        if (!tree) {
            rc = fail(L, "program %zu does not parse", i);
            break;
        }
        ev_program *p = ev_lower(I, src, srcl, tree, name);
        ts_tree_delete(tree);
        if (!p) {
            rc = fail_raised(L, "a saved program does not lower");
            break;
        }
        L->progs[L->nprogs++] = p;
        if (p->nnodes != nnodes || p->ndefs != ndefs || p->shape != shape)
            rc = fail(L, "program %zu ('%s') lowers to another shape than the one saved (another safepy version?)",
                      i, name);
    }
    ts_parser_delete(ps);
    return rc;
}

static int load_modules(load *L, rd *r)
{
    size_t n;
    if (rd_count(L, r, 1, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_str *name = rd_name(L, r, "a module name");
        if (!name)
            return -1;
        ev_value m = ev_import(L->I, name);
        if (EV_IS_ERR(m))
            return fail_raised(L, "importing a module the session had");
        ev_decref(L->I, m);
    }
    return 0;
}

/* ---- phase A: values and shells --------------------------------------------------------------- */

static ev_value func_shell(load *L, rd *r, size_t id)
{
    uint64_t pi, di;
    if (rd_var(L, r, &pi) || rd_var(L, r, &di))
        return EV_ERR;
    if (pi >= L->nprogs || di >= L->progs[pi]->ndefs) {
        fail(L, "function %zu names code that does not exist", id);
        return EV_ERR;
    }
    ev_funcdef *d = L->progs[pi]->defs[di];
    /* a class body or a list, set or dict comprehension is never a
     * function value: their code assumes the frame their statement made
     * (a generator expression's opens what it is given, as a generator's) */
    if (d->classbody || (d->name->data[0] == '<' && strcmp(d->name->data, "<lambda>") != 0 &&
                         strcmp(d->name->data, "<genexpr>") != 0)) {
        fail(L, "function %zu is a class body or a comprehension", id);
        return EV_ERR;
    }
    ev_func *f = ev_alloc_gc(L->I, sizeof *f);
    if (!f) {
        fail_raised(L, "a function");
        return EV_ERR;
    }
    memset(f, 0, sizeof *f);
    f->h.refcnt = 1;
    f->h.kind = EV_O_FUNC;
    ev_gc_track(L->I, &f->h);
    f->def = d;
    ev_program_retain(d->prog);
    f->annotations = EV_NONE;
    return ev_obj_val(&f->h);
}

static ev_value named_object(load *L, rd *r, size_t id)
{
    ev_interp *I = L->I;
    uint8_t kind;
    const char *mod;
    size_t ml;
    if (rd_u8(L, r, &kind) || rd_text(L, r, &mod, &ml, "a module name"))
        return EV_ERR;
    ev_str *attr = rd_name(L, r, "a name");
    if (!attr)
        return EV_ERR;
    ev_value *found;
    if (ml == 0) {
        found = ev_dict_lookup_str(I->builtins, attr);
    } else {
        ev_str *m = memchr(mod, '\0', ml) ? NULL : ev_intern(I, mod, ml);
        if (!m) {
            fail(L, "a bad module name");
            return EV_ERR;
        }
        ev_value mv = ev_import(I, m);
        if (EV_IS_ERR(mv)) {
            fail_raised(L, "importing a module a saved object comes from");
            return EV_ERR;
        }
        found = ev_is(mv, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)mv.u.o)->ns, attr) : NULL;
        ev_decref(I, mv);
    }
    if (!found || found->tag != EV_T_OBJ || found->u.o->kind != kind) {
        fail(L, "'%.*s%s%s' is not in this session", (int)ml, mod, ml ? "." : "", attr->data);
        return EV_ERR;
    }
    (void)id;
    return ev_dup(*found);
}

static ev_value make_bigint(load *L, rd *r)
{
    uint8_t neg;
    const char *mag;
    size_t n;
    if (rd_u8(L, r, &neg) || rd_bytes(L, r, &mag, &n))
        return EV_ERR;
    if (neg > 1) {
        fail(L, "a bad int sign");
        return EV_ERR;
    }
    mpz_t z;
    mpz_init(z);
    mpz_import(z, n, -1, 1, -1, 0, mag);
    if (neg)
        mpz_neg(z, z);
    ev_value v = L->I->limit ? EV_ERR : ev_int_from_mpz(L->I, z);
    mpz_clear(z);
    if (EV_IS_ERR(v))
        fail_raised(L, "an int");
    return v;
}

static ev_value make_phase_a(load *L, size_t id)
{
    ev_interp *I = L->I;
    rd r = rec_of(L, id);
    ev_value v = EV_ERR;
    const char *p;
    size_t n;
    switch (L->kind[id]) {
    case SK_STR: {
        uint8_t interned;
        if (rd_u8(L, &r, &interned) || rd_text(L, &r, &p, &n, "a str"))
            return EV_ERR;
        if (interned) {
            ev_str *s = ev_intern(I, p, n);
            v = s ? ev_dup(ev_obj_val(&s->h)) : EV_ERR;
        } else {
            v = ev_str_new(I, p, n);
        }
        break;
    }
    case SK_BIGINT:
        return make_bigint(L, &r);
    case SK_BYTES:
    case SK_BYTEARRAY:
        if (rd_bytes(L, &r, &p, &n))
            return EV_ERR;
        v = ev_bytes_new(I, L->kind[id] == SK_BYTES ? EV_O_BYTES : EV_O_BYTEARRAY, p, n);
        break;
    case SK_COMPLEX: {
        double re, im;
        if (rd_double(L, &r, &re) || rd_double(L, &r, &im))
            return EV_ERR;
        v = ev_complex_new(I, re, im);
        break;
    }
    case SK_LIST:
        v = ev_list_new(I, 0);
        break;
    case SK_TUPLE:
        if (rd_count(L, &r, 1, &n))
            return EV_ERR;
        v = ev_tuple_new(I, n);
        break;
    case SK_DICT:
        v = ev_dict_new(I);
        break;
    case SK_SET:
    case SK_FROZENSET:
        v = ev_set_new(I, L->kind[id] == SK_FROZENSET);
        break;
    case SK_SLICE:
        v = ev_slice_new(I, EV_NONE, EV_NONE, EV_NONE);
        break;
    case SK_CELL: {
        ev_cell *c = ev_alloc_gc(I, sizeof *c);
        if (!c)
            break;
        c->h.refcnt = 1;
        c->h.kind = EV_O_CELL;
        c->h.flags = 0;
        c->v = EV_ERR;
        ev_gc_track(I, &c->h);
        v = ev_obj_val(&c->h);
        break;
    }
    case SK_METHOD: {
        ev_method *m = ev_obj_new(I, sizeof *m, EV_O_METHOD, true);
        if (!m)
            break;
        m->func = m->self = EV_NONE;
        v = ev_obj_val(&m->h);
        break;
    }
    case SK_WRAPPER: {
        uint8_t which;
        if (rd_u8(L, &r, &which))
            return EV_ERR;
        if (which > SW_CLASSMETHOD) {
            fail(L, "a bad wrapper kind");
            return EV_ERR;
        }
        ev_wrapper *w = ev_obj_new(I, sizeof *w, EV_O_WRAPPER, true);
        if (!w)
            break;
        w->type = which == SW_PROPERTY ? &ev_type_property
                  : which == SW_STATICMETHOD ? &ev_type_staticmethod : &ev_type_classmethod;
        w->a = w->b = w->c = w->doc = EV_NONE;
        v = ev_obj_val(&w->h);
        break;
    }
    case SK_FUNC:
        return func_shell(L, &r, id);
    case SK_NAMED:
        return named_object(L, &r, id);
    case SK_MODULE: {
        ev_str *name = rd_name(L, &r, "a module name");
        if (!name)
            return EV_ERR;
        v = ev_import(I, name);
        if (EV_IS_ERR(v))
            fail_raised(L, "importing a saved module");
        return v;
    }
    case SK_HOST: {
        if (rd_text(L, &r, &p, &n, "a host function name"))
            return EV_ERR;
        v = ev_host_func_lookup(I, p, n);
        if (EV_IS_ERR(v))
            fail(L, "the host function '%.*s' is not registered in this session", (int)(n > 200 ? 200 : n), p);
        return v;
    }
    default:
        return EV_ERR; /* made in a later phase */
    }
    if (EV_IS_ERR(v))
        fail_raised(L, "an object");
    return v;
}

/* Phase A's object, with the whole record read for the kinds made from it alone. */
static ev_value make_leaf(load *L, size_t id)
{
    ev_value v = make_phase_a(L, id);
    uint8_t k = L->kind[id];
    if (EV_IS_ERR(v) || !(k == SK_STR || k == SK_BIGINT || k == SK_BYTES || k == SK_BYTEARRAY ||
                          k == SK_COMPLEX || k == SK_NAMED || k == SK_MODULE || k == SK_HOST))
        return v;
    /* read again to its end: the record must hold nothing more */
    rd r = rec_of(L, id);
    const char *p;
    size_t n;
    uint8_t b;
    double d;
    int bad;
    switch (k) {
    case SK_STR:
    case SK_BIGINT:
        bad = rd_u8(L, &r, &b) || rd_bytes(L, &r, &p, &n);
        break;
    case SK_COMPLEX:
        bad = rd_double(L, &r, &d) || rd_double(L, &r, &d);
        break;
    case SK_NAMED:
        bad = rd_u8(L, &r, &b) || rd_bytes(L, &r, &p, &n) || rd_bytes(L, &r, &p, &n);
        break;
    default:
        bad = rd_bytes(L, &r, &p, &n);
        break;
    }
    if (bad || rec_end(L, &r, id)) {
        ev_decref(L->I, v);
        return EV_ERR;
    }
    return v;
}

static int make_range(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value a[3];
    for (int i = 0; i < 3; i++) {
        if (rd_get(L, &r, false, &a[i]))
            return -1;
        if (!(a[i].tag == EV_T_INT || (ev_is(a[i], EV_O_INT) && !(a[i].u.o->flags & EV_OBJ_SUB))))
            return fail(L, "a range bound is not an int");
    }
    if (rec_end(L, &r, id))
        return -1;
    ev_value v = ev_builtin_apply(L->I, "range", 3, a);
    if (EV_IS_ERR(v))
        return fail_raised(L, "a range");
    L->obj[id] = v;
    return 0;
}

static int make_iter(load *L, size_t id)
{
    rd r = rec_of(L, id);
    uint8_t which;
    ev_value src;
    uint64_t u;
    if (rd_u8(L, &r, &which) || rd_get(L, &r, false, &src) || rd_var(L, &r, &u) || rec_end(L, &r, id))
        return -1;
    int64_t pos = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
    static const ev_kind kinds[] = {EV_O_LIST, EV_O_TUPLE, EV_O_RANGE};
    static const ev_iter_kind iks[] = {EV_IT_LIST, EV_IT_TUPLE, EV_IT_RANGE};
    if (which > SI_RANGE || !ev_is(src, kinds[which]) || pos < 0)
        return fail(L, "iterator %zu is not over a list, tuple or range, or is at a negative position", id);
    ev_value it = ev_iter_new(L->I, iks[which], src);
    if (EV_IS_ERR(it))
        return fail_raised(L, "an iterator");
    ((ev_iterobj *)it.u.o)->pos = pos;
    L->obj[id] = it;
    return 0;
}

/* ---- phase B: classes, descriptors, instances, generators ------------------------------------- */

/* The class of record id: bases and metaclass made first. */
static int make_class(load *L, size_t id)
{
    ev_interp *I = L->I;
    rd r = rec_of(L, id);
    ev_str *name = rd_name(L, &r, "a class name");
    if (!name)
        return -1;
    const char *qp;
    size_t ql;
    ev_value meta;
    if (rd_text(L, &r, &qp, &ql, "a qualified name") || rd_get(L, &r, false, &meta))
        return -1;
    if (meta.tag != EV_T_NONE &&
        (!ev_is(meta, EV_O_TYPE) || !ev_is_heaptype((ev_type *)meta.u.o) ||
         !ev_type_is_subclass((ev_type *)meta.u.o, &ev_type_type)))
        return fail(L, "class '%s' has a metaclass that is not a subclass of type", name->data);
    size_t nb;
    if (rd_count(L, &r, 1, &nb))
        return -1;
    ev_value bases = ev_tuple_new(I, nb);
    if (EV_IS_ERR(bases))
        return fail_raised(L, "a class");
    ev_value ns = EV_ERR, qual = EV_ERR, cls = EV_ERR;
    for (size_t i = 0; i < nb; i++) {
        ev_value b;
        if (rd_get(L, &r, false, &b))
            goto fail;
        if (!ev_is(b, EV_O_TYPE)) {
            fail(L, "a base of class '%s' is not a class", name->data);
            goto fail;
        }
        ev_as_tuple(bases)->items[i] = ev_dup(b);
    }
    ns = ev_dict_new(I);
    if (EV_IS_ERR(ns)) {
        fail_raised(L, "a class");
        goto fail;
    }
    uint8_t hasslots;
    if (rd_u8(L, &r, &hasslots))
        goto fail;
    if (hasslots) {
        size_t ns_n;
        if (rd_count(L, &r, 1, &ns_n))
            goto fail;
        ev_value names = ev_tuple_new(I, ns_n);
        ev_str *key = ev_intern(I, "__slots__", 9);
        if (EV_IS_ERR(names) || !key || ev_dict_set_str(I, ev_as_dict(ns), key, names)) {
            if (!EV_IS_ERR(names))
                ev_decref(I, names);
            fail_raised(L, "a class");
            goto fail;
        }
        ev_decref(I, names); /* the namespace holds it */
        for (size_t i = 0; i < ns_n; i++) {
            const char *sp;
            size_t sl;
            if (rd_text(L, &r, &sp, &sl, "a slot name"))
                goto fail;
            ev_value s = ev_str_new(I, sp, sl);
            if (EV_IS_ERR(s)) {
                fail_raised(L, "a class");
                goto fail;
            }
            ev_as_tuple(names)->items[i] = s;
        }
    }
    uint64_t flags;
    if (rd_var(L, &r, &flags))
        goto fail;
    if (flags & ~(uint64_t)SNAP_TFLAGS) {
        fail(L, "class '%s' has unknown flags", name->data);
        goto fail;
    }
    qual = ev_str_new(I, qp, ql);
    if (EV_IS_ERR(qual)) {
        fail_raised(L, "a class");
        goto fail;
    }
    cls = ev_class_new_bare(I, meta.tag == EV_T_NONE ? NULL : (ev_type *)meta.u.o, name, bases, ev_as_dict(ns));
    if (EV_IS_ERR(cls)) {
        fail_raised(L, "making a class");
        goto fail;
    }
    ev_type *t = (ev_type *)cls.u.o;
    ev_decref(I, t->hqualname);
    t->hqualname = qual;
    qual = EV_ERR;
    t->tflags |= (uint32_t)flags;
    L->obj[id] = cls;
    ev_decref(I, ns);
    ev_decref(I, bases);
    return 0; /* the namespace's pairs are read in phase D */
fail:
    if (!EV_IS_ERR(qual))
        ev_decref(I, qual);
    if (!EV_IS_ERR(ns))
        ev_decref(I, ns);
    ev_decref(I, bases);
    return -1;
}

/* The records a class needs made before it: its metaclass and bases that
 * are classes of the snapshot. */
static int class_deps(load *L, size_t id, uint32_t *deps, size_t cap, size_t *n)
{
    rd r = rec_of(L, id);
    const char *p;
    size_t len;
    sval v;
    *n = 0;
    if (rd_bytes(L, &r, &p, &len) || rd_bytes(L, &r, &p, &len) || rd_value(L, &r, &v))
        return -1;
    if (v.tag == SV_REF && L->kind[v.id] == SK_CLASS)
        deps[(*n)++] = v.id;
    size_t nb;
    if (rd_count(L, &r, 1, &nb))
        return -1;
    for (size_t i = 0; i < nb; i++) {
        if (rd_value(L, &r, &v))
            return -1;
        if (v.tag == SV_REF && L->kind[v.id] == SK_CLASS) {
            if (*n == cap)
                return fail(L, "a class with too many bases");
            deps[(*n)++] = v.id;
        }
    }
    return 0;
}

enum { M_NEW, M_BUSY, M_DONE };

static int make_classes(load *L)
{
    enum { MAXB = 256 };
    uint32_t *stack = malloc(L->nobjs * sizeof *stack);
    if (!stack)
        return fail(L, "out of memory");
    memset(L->mark, M_NEW, L->nobjs);
    int rc = 0;
    for (size_t root = 0; root < L->nobjs && rc == 0; root++) {
        if (L->kind[root] != SK_CLASS || L->mark[root] == M_DONE)
            continue;
        size_t sp = 0;
        stack[sp++] = (uint32_t)root;
        L->mark[root] = M_BUSY;
        while (sp && rc == 0) {
            uint32_t top = stack[sp - 1];
            uint32_t deps[MAXB];
            size_t nd;
            if (class_deps(L, top, deps, MAXB, &nd)) {
                rc = -1;
                break;
            }
            bool pushed = false;
            for (size_t i = 0; i < nd && !pushed; i++) {
                if (L->mark[deps[i]] == M_DONE)
                    continue;
                if (L->mark[deps[i]] == M_BUSY) {
                    rc = fail(L, "classes that derive from each other");
                    break;
                }
                L->mark[deps[i]] = M_BUSY;
                stack[sp++] = deps[i];
                pushed = true;
            }
            if (rc || pushed)
                continue;
            rc = make_class(L, top);
            L->mark[top] = M_DONE;
            sp--;
        }
    }
    free(stack);
    return rc;
}

static int make_member(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value owner;
    uint8_t getset;
    if (rd_get(L, &r, false, &owner) || rd_u8(L, &r, &getset))
        return -1;
    ev_str *name = rd_name(L, &r, "a descriptor name");
    if (!name || rec_end(L, &r, id))
        return -1;
    ev_value *d = ev_is(owner, EV_O_TYPE) && ((ev_type *)owner.u.o)->dict
                      ? ev_dict_lookup_str(((ev_type *)owner.u.o)->dict, name)
                      : NULL;
    if (!d || !(getset ? ev_is_getset(*d) : ev_is_member(*d)) || ((ev_wrapper *)d->u.o)->b.u.o != owner.u.o)
        return fail(L, "the descriptor '%s' does not exist in its class", name->data);
    L->obj[id] = ev_dup(*d);
    return 0;
}

static int make_instance(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value cls;
    if (rd_get(L, &r, false, &cls))
        return -1;
    ev_type *t = ev_is(cls, EV_O_TYPE) ? (ev_type *)cls.u.o : NULL;
    if (!t || !ev_is_heaptype(t) || (t->tflags & (EV_TYPE_CSLOTS | EV_TYPE_EXC)) ||
        ev_solid_base(t) != &ev_type_object || (t->tflags & EV_TYPE_ABSTRACT))
        return fail(L, "object %zu is an instance of a class whose instances cannot be restored", id);
    ev_value v = ev_instance_new_bare(L->I, t);
    if (EV_IS_ERR(v))
        return fail_raised(L, "an instance");
    L->obj[id] = v;
    return 0;
}

static int make_gen(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value fv;
    if (rd_get(L, &r, false, &fv))
        return -1;
    if (!ev_is(fv, EV_O_FUNC) || !((ev_func *)fv.u.o)->def->generator || ((ev_func *)fv.u.o)->def->coroutine)
        return fail(L, "generator %zu does not run a generator function", id);
    ev_func *f = (ev_func *)fv.u.o;
    uint32_t n = f->def->nslots;
    ev_value *slots = ev_alloc(L->I, (n ? n : 1) * sizeof *slots);
    if (!slots)
        return fail_raised(L, "a generator");
    for (uint32_t i = 0; i < n; i++)
        slots[i] = EV_ERR;
    ev_value g = ev_gen_new(L->I, f, slots);
    if (EV_IS_ERR(g))
        return fail_raised(L, "a generator");
    L->obj[id] = g;
    return 0;
}

static int make_exc(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value cls;
    if (rd_get(L, &r, false, &cls))
        return -1;
    if (!ev_is(cls, EV_O_TYPE) || !snap_exc_type_ok((ev_type *)cls.u.o))
        return fail(L, "object %zu is an exception of a class whose exceptions cannot be restored", id);
    ev_value args = ev_tuple_new(L->I, 0);
    ev_value e = EV_IS_ERR(args) ? EV_ERR : ev_exc_new(L->I, (ev_type *)cls.u.o, args);
    if (EV_IS_ERR(e))
        return fail_raised(L, "an exception");
    L->obj[id] = e;
    return 0;
}

static int fill_exc(load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_exc *e = (ev_exc *)L->obj[id].u.o;
    rd r = rec_of(L, id);
    sval skip;
    ev_value args, cause, context, notes;
    ev_dict *dict, *slots;
    uint8_t sup;
    if (rd_value(L, &r, &skip) || rd_get(L, &r, false, &args) ||
        rd_dict_or_none(L, &r, "an exception's __dict__", &dict) ||
        rd_dict_or_none(L, &r, "an exception's slots", &slots) || rd_get(L, &r, false, &cause) ||
        rd_get(L, &r, false, &context) || rd_get(L, &r, false, &notes) || rd_u8(L, &r, &sup) || rec_end(L, &r, id))
        return -1;
    if (!ev_is(args, EV_O_TUPLE) || (cause.tag != EV_T_NONE && !ev_is(cause, EV_O_EXC)) ||
        (context.tag != EV_T_NONE && !ev_is(context, EV_O_EXC)) || (notes.tag != EV_T_NONE && !ev_is(notes, EV_O_LIST)) ||
        sup > 1)
        return fail(L, "exception %zu has fields of the wrong kinds", id);
    ev_value old = e->args;
    e->args = ev_dup(args);
    ev_decref(I, old);
    if (dict)
        e->dict = (ev_dict *)ev_dup(ev_obj_val(&dict->h)).u.o;
    if (slots)
        e->slots = (ev_dict *)ev_dup(ev_obj_val(&slots->h)).u.o;
    e->cause = ev_dup(cause);
    e->context = ev_dup(context);
    e->notes = ev_dup(notes);
    e->suppress_context = sup;
    return 0;
}

static int make_bound(load *L, size_t id)
{
    rd r = rec_of(L, id);
    ev_value self;
    if (rd_get(L, &r, false, &self))
        return -1;
    ev_str *name = rd_name(L, &r, "a method name");
    if (!name || rec_end(L, &r, id))
        return -1;
    if (self.tag != EV_T_OBJ || ev_is_user(self))
        return fail(L, "a builtin method bound to something that is not a builtin object");
    const ev_builtin_def *d = ev_builtin_method(ev_type_of(self), name);
    if (!d || (d->flags & (EV_BF_PROP | EV_BF_DEFDATA)))
        return fail(L, "'%s' has no method '%s'", ev_type_name(self), name->data);
    ev_value v = ev_builtin_new(L->I, d, self);
    if (EV_IS_ERR(v))
        return fail_raised(L, "a method");
    L->obj[id] = v;
    return 0;
}

/* ---- phase C: what the shells hold ------------------------------------------------------------ */

static int fill_func(load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_func *f = (ev_func *)L->obj[id].u.o;
    const ev_funcdef *d = f->def;
    rd r = rec_of(L, id);
    uint64_t skip;
    size_t n;
    if (rd_var(L, &r, &skip) || rd_var(L, &r, &skip) || rd_count(L, &r, 1, &n))
        return -1;
    if (n > UINT32_MAX)
        return fail(L, "too many defaults");
    if (n) {
        f->defaults = ev_alloc(I, n * sizeof(ev_value));
        if (!f->defaults)
            return fail_raised(L, "a function");
        f->ndefaults = (uint32_t)n;
        for (size_t i = 0; i < n; i++)
            f->defaults[i] = EV_NONE;
        for (size_t i = 0; i < n; i++) {
            ev_value v;
            if (rd_get(L, &r, false, &v))
                return -1;
            f->defaults[i] = ev_dup(v);
        }
    }
    uint8_t haskw;
    if (rd_u8(L, &r, &haskw))
        return -1;
    if (haskw > 1)
        return fail(L, "a bad function record");
    if (haskw && d->nkwonly) {
        f->kwdefaults = ev_alloc(I, d->nkwonly * sizeof(ev_value));
        if (!f->kwdefaults)
            return fail_raised(L, "a function");
        for (uint32_t i = 0; i < d->nkwonly; i++)
            f->kwdefaults[i] = EV_ERR;
        for (uint32_t i = 0; i < d->nkwonly; i++) {
            ev_value v;
            if (rd_get(L, &r, true, &v))
                return -1;
            f->kwdefaults[i] = EV_IS_ERR(v) ? v : ev_dup(v);
        }
    }
    ev_dict *kwd, *meta;
    if (rd_dict_or_none(L, &r, "__kwdefaults__", &kwd) || rd_dict_or_none(L, &r, "a function's names", &meta))
        return -1;
    if (kwd && f->kwdefaults)
        return fail(L, "a function with two sets of keyword defaults");
    if (kwd)
        f->kwdict = (ev_dict *)ev_dup(ev_obj_val(&kwd->h)).u.o;
    if (meta)
        f->meta = (ev_dict *)ev_dup(ev_obj_val(&meta->h)).u.o;
    if (rd_count(L, &r, 1, &n))
        return -1;
    if (n != d->nfree)
        return fail(L, "function '%s' has %zu closure cells, its code needs %u", d->qualname->data, n, d->nfree);
    if (n) {
        f->closure = ev_alloc(I, n * sizeof(ev_value));
        if (!f->closure)
            return fail_raised(L, "a function");
        for (size_t i = 0; i < n; i++)
            f->closure[i] = EV_NONE;
        for (size_t i = 0; i < n; i++) {
            ev_value v;
            if (rd_get(L, &r, false, &v))
                return -1;
            if (!ev_is(v, EV_O_CELL))
                return fail(L, "a closure of function '%s' holds something that is not a cell", d->qualname->data);
            f->closure[i] = ev_dup(v);
        }
    }
    ev_value ann;
    if (rd_get(L, &r, false, &ann))
        return -1;
    if (ann.tag != EV_T_NONE && !ev_is(ann, EV_O_DICT))
        return fail(L, "__annotations__ is not a dict");
    f->annotations = ev_dup(ann);
    ev_dict *dict;
    if (rd_dict_or_none(L, &r, "a function's __dict__", &dict))
        return -1;
    if (dict)
        f->dict = (ev_dict *)ev_dup(ev_obj_val(&dict->h)).u.o;
    return rec_end(L, &r, id);
}

static int fill_instance(load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_instance *in = (ev_instance *)L->obj[id].u.o;
    ev_type *t = in->type;
    rd r = rec_of(L, id);
    sval skip;
    size_t n;
    if (rd_value(L, &r, &skip) || rd_count(L, &r, 1, &n))
        return -1;
    bool slotvals = t->tflags & EV_TYPE_SLOTVALS;
    if (n != (slotvals ? t->nikeys : 0))
        return fail(L, "an instance of '%s' has %zu slots, its class %u", t->name, n,
                    slotvals ? t->nikeys : 0);
    for (uint32_t i = 0; i < n; i++) {
        ev_value v;
        if (rd_get(L, &r, true, &v))
            return -1;
        if (!EV_IS_ERR(v) && ev_islot_set(I, in, i, t->ikeys[i], v))
            return fail_raised(L, "an instance");
    }
    uint8_t mode;
    if (rd_u8(L, &r, &mode))
        return -1;
    if (mode != SA_NONE && (t->tflags & EV_TYPE_NODICT))
        return fail(L, "an instance of '%s' (which has no __dict__) has attributes", t->name);
    if (mode == SA_DICT) {
        ev_dict *d;
        if (rd_dict_or_none(L, &r, "an instance's __dict__", &d))
            return -1;
        if (!d)
            return fail(L, "an instance's __dict__ is missing");
        in->dict = (ev_dict *)ev_dup(ev_obj_val(&d->h)).u.o;
    } else if (mode != SA_NONE && mode != SA_PAIRS) { /* the pairs are set in phase D */
        return fail(L, "a bad instance record");
    }
    return 0;
}

static int fill_gen(load *L, size_t id)
{
    ev_gen *g = (ev_gen *)L->obj[id].u.o;
    const ev_funcdef *d = g->func->def;
    rd r = rec_of(L, id);
    sval skip;
    size_t n;
    if (rd_value(L, &r, &skip) || rd_count(L, &r, 1, &n))
        return -1;
    if (n != d->nslots)
        return fail(L, "generator %zu has %zu frame slots, its code %u", id, n, d->nslots);
    for (size_t i = 0; i < n; i++) {
        ev_value v;
        if (rd_get(L, &r, true, &v))
            return -1;
        bool cell = d->ncells && d->cellslots[i];
        if (cell != ev_is(v, EV_O_CELL))
            return fail(L, "generator %zu has a frame slot of the wrong kind", id);
        g->slots[i] = EV_IS_ERR(v) ? v : ev_dup(v);
    }
    return rec_end(L, &r, id);
}

static int fill_phase_c(load *L, size_t id)
{
    ev_interp *I = L->I;
    ev_value o = L->obj[id];
    rd r = rec_of(L, id);
    size_t n;
    ev_value v;
    switch (L->kind[id]) {
    case SK_LIST: {
        if (rd_count(L, &r, 1, &n))
            return -1;
        if (ev_list_reserve(I, ev_as_list(o), n))
            return fail_raised(L, "a list");
        for (size_t i = 0; i < n; i++)
            if (rd_get(L, &r, false, &v) || ev_list_append(I, ev_as_list(o), v))
                return L->err ? -1 : fail_raised(L, "a list");
        break;
    }
    case SK_TUPLE:
        if (rd_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++) {
            if (rd_get(L, &r, false, &v))
                return -1;
            ev_as_tuple(o)->items[i] = ev_dup(v);
        }
        break;
    case SK_SLICE:
        for (size_t i = 0; i < 3; i++) {
            if (rd_get(L, &r, false, &v))
                return -1;
            ev_value old = ev_as_tuple(o)->items[i];
            ev_as_tuple(o)->items[i] = ev_dup(v);
            ev_decref(I, old);
        }
        break;
    case SK_CELL:
        if (rd_get(L, &r, true, &v))
            return -1;
        ((ev_cell *)o.u.o)->v = EV_IS_ERR(v) ? v : ev_dup(v);
        break;
    case SK_METHOD: {
        ev_method *m = (ev_method *)o.u.o;
        ev_value f, self;
        if (rd_get(L, &r, false, &f) || rd_get(L, &r, false, &self))
            return -1;
        if (!ev_is(f, EV_O_FUNC) && !ev_is(f, EV_O_BUILTIN))
            return fail(L, "a bound method of something that is not a function");
        m->func = ev_dup(f);
        m->self = ev_dup(self);
        break;
    }
    case SK_WRAPPER: {
        ev_wrapper *w = (ev_wrapper *)o.u.o;
        uint8_t which;
        ev_value a, b, c, doc;
        if (rd_u8(L, &r, &which) || rd_get(L, &r, false, &a) || rd_get(L, &r, false, &b) ||
            rd_get(L, &r, false, &c) || rd_get(L, &r, false, &doc))
            return -1;
        w->a = ev_dup(a);
        w->b = ev_dup(b);
        w->c = ev_dup(c);
        w->doc = ev_dup(doc);
        break;
    }
    case SK_FUNC:
        return fill_func(L, id);
    case SK_INSTANCE:
        return fill_instance(L, id);
    case SK_GEN:
        return fill_gen(L, id);
    case SK_EXC:
        return fill_exc(L, id);
    default:
        return 0;
    }
    return rec_end(L, &r, id);
}

/* ---- phase D: hashed containers --------------------------------------------------------------- */

static int insert_pairs(load *L, rd *r, ev_dict *d)
{
    size_t n;
    if (rd_count(L, r, 2, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_value k, v;
        if (rd_get(L, r, false, &k) || rd_get(L, r, false, &v) || key_ok(L, k, 0))
            return -1;
        if (ev_dict_set(L->I, d, k, v))
            return fail_raised(L, "a dict");
    }
    return 0;
}

/* An instance's attributes as they were held: against its class's shared
 * keys while they fit (as setting them did first), else in its dict. */
static int set_attributes(load *L, rd *r, ev_instance *in)
{
    ev_interp *I = L->I;
    size_t n;
    if (rd_count(L, r, 2, &n))
        return -1;
    uint32_t hint = 0;
    for (size_t i = 0; i < n; i++) {
        ev_value k, v;
        if (rd_get(L, r, false, &k) || rd_get(L, r, false, &v) || key_ok(L, k, 0))
            return -1;
        int where = 1;
        if (!in->dict && ev_is(k, EV_O_STR) && ev_as_str(k)->interned &&
            (where = ev_ivalues_set(I, in, ev_as_str(k), v, &hint)) < 0)
            return fail_raised(L, "an instance");
        if (where == 0)
            continue;
        if (!in->dict && ev_instance_materialize(I, in))
            return fail_raised(L, "an instance");
        if (ev_dict_set(I, in->dict, k, v))
            return fail_raised(L, "an instance");
    }
    return 0;
}

static int fill_set(load *L, size_t id)
{
    rd r = rec_of(L, id);
    size_t n;
    if (rd_count(L, &r, 1, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_value v;
        if (rd_get(L, &r, false, &v) || key_ok(L, v, 0))
            return -1;
        if (ev_set_add(L->I, (ev_set *)L->obj[id].u.o, v))
            return fail_raised(L, "a set");
    }
    return rec_end(L, &r, id);
}

/* Frozensets in an order where each comes after the frozensets it holds,
 * directly or in tuples (their hashes are computed from their items and
 * kept): a walk over the tuple and frozenset records with an explicit
 * stack of record cursors. */
static int fill_frozensets(load *L)
{
    typedef struct { uint32_t id; rd r; size_t left; } frame_t;
    frame_t *st = malloc(L->nobjs * sizeof *st);
    if (!st)
        return fail(L, "out of memory");
    memset(L->mark, M_NEW, L->nobjs);
    int rc = 0;
    for (size_t root = 0; root < L->nobjs && rc == 0; root++) {
        if (L->kind[root] != SK_FROZENSET || L->mark[root] != M_NEW)
            continue;
        size_t sp = 0;
        st[sp].id = (uint32_t)root;
        st[sp].r = rec_of(L, root);
        if (rd_count(L, &st[sp].r, 1, &st[sp].left)) {
            rc = -1;
            break;
        }
        sp++;
        L->mark[root] = M_BUSY;
        while (sp && rc == 0) {
            frame_t *f = &st[sp - 1];
            if (f->left) {
                sval v;
                f->left--;
                if (rd_value(L, &f->r, &v)) {
                    rc = -1;
                    break;
                }
                if (v.tag != SV_REF || (L->kind[v.id] != SK_TUPLE && L->kind[v.id] != SK_FROZENSET) ||
                    L->mark[v.id] == M_DONE)
                    continue;
                if (L->mark[v.id] == M_BUSY) {
                    rc = fail(L, "tuples or frozensets that hold each other");
                    break;
                }
                L->mark[v.id] = M_BUSY;
                st[sp].id = v.id;
                st[sp].r = rec_of(L, v.id);
                if (rd_count(L, &st[sp].r, 1, &st[sp].left)) {
                    rc = -1;
                    break;
                }
                sp++;
                continue;
            }
            if (L->kind[f->id] == SK_FROZENSET)
                rc = fill_set(L, f->id);
            L->mark[f->id] = M_DONE;
            sp--;
        }
    }
    free(st);
    return rc;
}

static int fill_phase_d(load *L, size_t id)
{
    ev_interp *I = L->I;
    rd r = rec_of(L, id);
    switch (L->kind[id]) {
    case SK_DICT: {
        ev_dict *d = ev_as_dict(L->obj[id]);
        ev_value t, f;
        if (insert_pairs(L, &r, d) || rd_get(L, &r, false, &t) || rd_get(L, &r, true, &f))
            return -1;
        if (t.tag != EV_T_NONE) {
            if (!ev_is(t, EV_O_TYPE) || !snap_dict_type_ok((ev_type *)t.u.o))
                return fail(L, "a dict of a type that is not Counter, defaultdict or OrderedDict");
            d->type = (ev_type *)t.u.o;
            if (!EV_IS_ERR(f))
                d->factory = ev_dup(f);
        } else if (!EV_IS_ERR(f)) {
            return fail(L, "a plain dict with a default factory");
        }
        return rec_end(L, &r, id);
    }
    case SK_SET:
        return fill_set(L, id);
    case SK_CLASS: {
        ev_type *t = (ev_type *)L->obj[id].u.o;
        const char *p;
        size_t n;
        sval v;
        uint8_t hasslots;
        uint64_t flags;
        if (rd_bytes(L, &r, &p, &n) || rd_bytes(L, &r, &p, &n) || rd_value(L, &r, &v) || rd_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++)
            if (rd_value(L, &r, &v))
                return -1;
        if (rd_u8(L, &r, &hasslots))
            return -1;
        if (hasslots) {
            size_t k, len;
            if (rd_count(L, &r, 1, &k))
                return -1;
            for (size_t i = 0; i < k; i++)
                if (rd_bytes(L, &r, &p, &len))
                    return -1;
        }
        if (rd_var(L, &r, &flags))
            return -1;
        /* the namespace as it was, in its order: what the creation put
         * there (its descriptors are the records' MEMBER objects) goes */
        ev_dict_clear(I, t->dict);
        I->class_version++;
        if (insert_pairs(L, &r, t->dict))
            return -1;
        I->class_version++;
        return rec_end(L, &r, id);
    }
    case SK_INSTANCE: {
        ev_instance *in = (ev_instance *)L->obj[id].u.o;
        sval v;
        size_t n;
        uint8_t mode;
        if (rd_value(L, &r, &v) || rd_count(L, &r, 1, &n))
            return -1;
        for (size_t i = 0; i < n; i++)
            if (rd_value(L, &r, &v))
                return -1;
        if (rd_u8(L, &r, &mode))
            return -1;
        if (mode == SA_PAIRS && set_attributes(L, &r, in))
            return -1;
        if (mode == SA_DICT && rd_value(L, &r, &v))
            return -1;
        return rec_end(L, &r, id);
    }
    default:
        return 0;
    }
}

/* ---- the whole ------------------------------------------------------------------------------ */

static int load_table(load *L, rd *r)
{
    size_t n;
    if (rd_count(L, r, 2, &n))
        return -1;
    L->nobjs = n;
    size_t m = n ? n : 1;
    L->kind = malloc(m);
    L->mark = malloc(m);
    L->rec = malloc(m * sizeof *L->rec);
    L->rlen = malloc(m * sizeof *L->rlen);
    L->obj = malloc(m * sizeof *L->obj);
    if (!L->kind || !L->mark || !L->rec || !L->rlen || !L->obj)
        return fail(L, "out of memory");
    for (size_t i = 0; i < n; i++)
        L->obj[i] = EV_ERR;
    for (size_t i = 0; i < n; i++) {
        const char *p;
        if (rd_u8(L, r, &L->kind[i]) || rd_bytes(L, r, &p, &L->rlen[i]))
            return -1;
        if (L->kind[i] == 0 || L->kind[i] >= SK__COUNT)
            return fail(L, "object %zu has an unknown kind %u", i, L->kind[i]);
        L->rec[i] = (const unsigned char *)p;
    }
    return 0;
}

/* The session's globals with the saved ones set, a new dict in *out. */
static int load_globals(load *L, rd *r, ev_value *out)
{
    ev_interp *I = L->I;
    size_t n;
    if (rd_count(L, r, 2, &n))
        return -1;
    ev_value g = ev_dict_new(I);
    if (EV_IS_ERR(g))
        return fail_raised(L, "the globals");
    ev_dict *old = I->globals;
    int rc = ev_dict_merge(I, ev_as_dict(g), old) ? fail_raised(L, "the globals") : 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        ev_str *name = rd_name(L, r, "a global's name");
        ev_value v;
        if (!name || rd_get(L, r, false, &v))
            rc = -1;
        else if (ev_dict_set_str(I, ev_as_dict(g), name, v))
            rc = fail_raised(L, "the globals");
    }

    if (rc) {
        ev_decref(I, g);
        return -1;
    }
    *out = g;
    return 0;
}

/* random's generator state, given back to random.setstate (which checks it). */
static int load_states(load *L, rd *r)
{
    ev_interp *I = L->I;
    size_t n;
    if (rd_count(L, r, 2, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        ev_str *name = rd_name(L, r, "a module name");
        ev_value st;
        if (!name || rd_get(L, r, false, &st))
            return -1;
        if (strcmp(name->data, "random") != 0)
            return fail(L, "state for module '%s', which keeps none", name->data);
        ev_str *ss = ev_intern(I, "setstate", 8);
        ev_value m = ss ? ev_import(I, name) : EV_ERR;
        if (EV_IS_ERR(m))
            return fail_raised(L, "importing random");
        ev_value *fn = ev_is(m, EV_O_MODULE) ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, ss) : NULL;
        ev_value res = fn && ev_is(*fn, EV_O_BUILTIN) ? ev_call(I, *fn, 1, &st, 0, NULL, NULL) : EV_ERR;
        ev_decref(I, m);
        if (EV_IS_ERR(res))
            return fail_raised(L, "random's state");
        ev_decref(I, res);
    }
    return r->p == r->end ? 0 : fail(L, "trailing bytes at the end");
}

static int restore_all(load *L)
{
    ev_interp *I = L->I;
    rd r = {L->data, L->data + L->len};
    if (L->len < SNAP_MAGIC_LEN + 4 || memcmp(L->data, SNAP_MAGIC, SNAP_MAGIC_LEN) != 0)
        return fail(L, "not a safepy snapshot");
    r.p += SNAP_MAGIC_LEN;
    uint32_t ver = (uint32_t)r.p[0] | (uint32_t)r.p[1] << 8 | (uint32_t)r.p[2] << 16 | (uint32_t)r.p[3] << 24;
    r.p += 4;
    if (ver != SNAP_VERSION)
        return fail(L, "version %u, this safepy reads version %u", ver, SNAP_VERSION);
    if (load_programs(L, &r) || load_modules(L, &r) || load_table(L, &r))
        return -1;
    L->globals = r;
    for (size_t i = 0; i < L->nobjs; i++) {
        if (L->kind[i] == SK_RANGE || L->kind[i] == SK_CLASS || L->kind[i] == SK_MEMBER ||
            L->kind[i] == SK_INSTANCE || L->kind[i] == SK_GEN || L->kind[i] == SK_BOUND ||
            L->kind[i] == SK_ITER || L->kind[i] == SK_EXC)
            continue;
        ev_value v = make_leaf(L, i);
        if (EV_IS_ERR(v))
            return L->err ? -1 : fail_raised(L, "an object");
        L->obj[i] = v;
    }
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_RANGE && make_range(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_ITER && make_iter(L, i))
            return -1;
    if (make_classes(L))
        return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_MEMBER && make_member(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_INSTANCE && make_instance(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if ((L->kind[i] == SK_GEN && make_gen(L, i)) || (L->kind[i] == SK_EXC && make_exc(L, i)))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (L->kind[i] == SK_BOUND && make_bound(L, i))
            return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (fill_phase_c(L, i))
            return -1;
    if (fill_frozensets(L))
        return -1;
    for (size_t i = 0; i < L->nobjs; i++)
        if (fill_phase_d(L, i))
            return -1;
    if (I->limit)
        return fail_raised(L, "restoring");
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
    load L = {.I = I, .data = (const unsigned char *)a->data, .len = a->len};
    I->limit = NULL;
    I->stack_limit = 0;
    I->tick = INT32_MAX / 2;
    clock_gettime(CLOCK_MONOTONIC, &I->deadline);
    I->deadline.tv_sec += 86400; /* every step is bounded by the input's size */
    bool fin_off = I->fin_off;
    I->fin_off = true; /* no __del__ runs for what is made here and dropped */
    int rc = session_is_fresh(I) ? restore_all(&L)
                                 : fail(&L, "a snapshot is restored only into a session that has run nothing");
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

int ev_session_restore(ev_session *s, const char *data, size_t len, char **error)
{
    *error = NULL;
    restore_args a = {s, data, len, NULL, -1};
    /* on a thread with a run's stack: lowering the saved programs and
     * freeing deep structures recurse as they do in a run */
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
