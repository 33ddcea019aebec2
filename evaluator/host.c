/*
 * host.c - host functions: the embedder's grant (evaluator.h, "host
 * functions").  The registry of what the embedder declared, the modules and
 * exception classes made from it, and the call across the boundary.
 *
 * A host function is a builtin function (EV_O_BUILTIN) whose def is the
 * head of its record here, flagged EV_BF_HOST: to Python it is exactly a C
 * function of a module (type builtin_function_or_method, its repr, its
 * __name__ and __module__, callable(), the call errors that name it), and
 * call_builtin hands every call of it to ev_host_invoke.
 *
 * Ownership: the registry is host memory (malloc), owned by the session and
 * freed with it; it survives ev_session_reset.  Undotted functions are
 * builtin objects in I->builtins (which reset keeps: a global of the same
 * name shadows one, as it shadows len).  Dotted names make modules, built
 * from the registry on first import and cached in I->modules like any
 * module (reset drops them; the next import builds them again, so the
 * exception classes reset's cycle breaking emptied are made anew).
 *
 * The boundary: the callback sees only plain data in host memory (plain.c),
 * copied before the call and after it, so it never holds a session pointer;
 * while it runs I->in_host refuses any call back into the session.  No
 * Python code runs between binding the arguments and the callback's return.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "evaluator/modules/modules.h"

#define HOST_MAX_PARAMS 255

typedef struct hostfn {
    ev_builtin_def def; /* first: ev_host_invoke is handed &def; def.name is the last part of full */
    char *full;         /* "tools.github.search_issues" */
    char *owner;        /* "tools.github": its module, NULL when undotted */
    char *doc;
    ev_host_param *params; /* names copied */
    size_t nparams, npos;  /* npos: the positional-or-keyword ones, first */
    bool varargs;
    ev_host_fn fn;
    void *ud;
    struct hostfn *next;
} hostfn;

typedef struct hostexc {
    char *full, *doc;
    struct hostexc *next;
} hostexc;

typedef struct hostmod {
    ev_module_def def; /* def.name == name */
    char *name;
    struct hostmod *next;
} hostmod;

typedef struct ev_host {
    hostfn *fns;
    hostexc *excs;
    hostmod *mods; /* in registration order: a parent before its children */
} ev_host;

const char *ev_host_name(const ev_builtin_def *d) { return ((const hostfn *)d)->full; }
const char *ev_host_doc(const ev_builtin_def *d) { return ((const hostfn *)d)->doc; }

const ev_host_param *ev_host_params(const ev_builtin_def *d, size_t *n)
{
    const hostfn *f = (const hostfn *)d;
    *n = f->varargs ? (size_t)-1 : f->nparams;
    return f->varargs ? NULL : f->params;
}

static void hostfn_free(hostfn *f)
{
    if (!f)
        return;
    for (size_t i = 0; f->params && i < f->nparams; i++)
        free((char *)f->params[i].name);
    free(f->params);
    free(f->full);
    free(f->owner);
    free(f->doc);
    free(f);
}

void ev_host_free(ev_interp *I)
{
    ev_host *h = I->host;
    if (!h)
        return;
    while (h->fns) {
        hostfn *f = h->fns;
        h->fns = f->next;
        hostfn_free(f);
    }
    while (h->excs) {
        hostexc *e = h->excs;
        h->excs = e->next;
        free(e->full);
        free(e->doc);
        free(e);
    }
    while (h->mods) {
        hostmod *m = h->mods;
        h->mods = m->next;
        free(m->name);
        free(m);
    }
    free(h);
    I->host = NULL;
}

/* ---- the registry ---------------------------------------------------------------------------- */

static const hostmod *find_mod(const ev_host *h, const char *name, size_t n)
{
    for (const hostmod *m = h ? h->mods : NULL; m; m = m->next)
        if (strlen(m->name) == n && memcmp(m->name, name, n) == 0)
            return m;
    return NULL;
}

bool ev_host_is_module(const ev_interp *I, const char *name)
{
    return find_mod(I->host, name, strlen(name)) != NULL;
}

static bool name_taken(const ev_host *h, const char *full)
{
    for (const hostfn *f = h->fns; f; f = f->next)
        if (strcmp(f->full, full) == 0)
            return true;
    for (const hostexc *e = h->excs; e; e = e->next)
        if (strcmp(e->full, full) == 0)
            return true;
    return find_mod(h, full, strlen(full)) != NULL;
}

/* A dotted name of identifiers whose modules can be made: none of its
 * prefixes is a function or exception, the top is no module of safepy's
 * own, and (undotted) no builtin has the name.  0 or -1. */
static int check_name(ev_interp *I, const char *full)
{
    if (!full || !*full || strlen(full) > 200)
        return -1;
    const char *p = full;
    for (;;) {
        const char *dot = strchr(p, '.');
        size_t n = dot ? (size_t)(dot - p) : strlen(p);
        if (!ev_plain_ident_ok(p, n))
            return -1;
        if (!dot)
            break;
        /* a namespace on the way may be neither a function nor an exception */
        char prefix[256];
        memcpy(prefix, full, (size_t)(dot - full));
        prefix[dot - full] = '\0';
        if (p == full && ev_module_implemented(prefix))
            return -1;
        for (const hostfn *f = I->host->fns; f; f = f->next)
            if (strcmp(f->full, prefix) == 0)
                return -1;
        for (const hostexc *e = I->host->excs; e; e = e->next)
            if (strcmp(e->full, prefix) == 0)
                return -1;
        p = dot + 1;
    }
    if (name_taken(I->host, full))
        return -1;
    if (!strchr(full, '.')) {
        ev_str *k = ev_intern(I, full, strlen(full));
        if (!k || ev_dict_lookup_str(I->builtins, k))
            return -1;
    }
    return 0;
}

/* The modules every prefix of full's owner names, registered in order. */
static int add_modules(ev_host *h, const char *full)
{
    for (const char *dot = strchr(full, '.'); dot; dot = strchr(dot + 1, '.')) {
        size_t n = (size_t)(dot - full);
        if (find_mod(h, full, n))
            continue;
        hostmod *m = calloc(1, sizeof *m);
        char *name = m ? malloc(n + 1) : NULL;
        if (!name) {
            free(m);
            return -1;
        }
        memcpy(name, full, n);
        name[n] = '\0';
        m->name = name;
        m->def.name = name;
        hostmod **tail = &h->mods;
        while (*tail)
            tail = &(*tail)->next;
        *tail = m;
    }
    return 0;
}

/* Drops the built modules under root (its first n bytes) from I->modules:
 * stale once a name is added under it, or half made (a program holding
 * one keeps it). */
static void forget_root(ev_interp *I, const char *root, size_t n)
{
    ev_dict *d = I->modules;
    for (uint32_t i = 0; d && i < d->nentries; i++) {
        ev_value k = d->entries[i].key;
        if (EV_IS_ERR(k) || !ev_is(k, EV_O_STR))
            continue;
        ev_str *s = ev_as_str(k);
        if (s->len >= n && memcmp(s->data, root, n) == 0 && (s->len == n || s->data[n] == '.')) {
            ev_incref(k);
            int r = ev_dict_del(I, d, k);
            (void)r; /* a str key: cannot fail */
            ev_decref(I, k);
        }
    }
}

static void forget_built(ev_interp *I, const char *full)
{
    const char *dot = strchr(full, '.');
    if (dot)
        forget_root(I, full, (size_t)(dot - full));
}

static char *dup_or_null(const char *s, bool *bad)
{
    if (!s)
        return NULL;
    if (ev_utf8_invalid_at(s, strlen(s)) < strlen(s)) {
        *bad = true;
        return NULL;
    }
    char *d = strdup(s);
    if (!d)
        *bad = true;
    return d;
}

/* params valid as a Python signature: identifiers, distinct, the
 * keyword-only ones last, no required positional one after an optional one */
static int check_params(const ev_host_def *def, size_t *npos)
{
    if (def->varargs)
        return def->params || def->nparams ? -1 : 0;
    if (def->nparams > HOST_MAX_PARAMS || (def->nparams && !def->params))
        return -1;
    bool kwonly = false, optional = false;
    *npos = 0;
    for (size_t i = 0; i < def->nparams; i++) {
        const ev_host_param *p = &def->params[i];
        if (!p->name || !ev_plain_ident_ok(p->name, strlen(p->name)))
            return -1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(def->params[j].name, p->name) == 0)
                return -1;
        if (p->keyword_only) {
            kwonly = true;
            continue;
        }
        if (kwonly || (optional && p->required))
            return -1;
        optional |= !p->required;
        (*npos)++;
    }
    return 0;
}

static ev_host *host_of(ev_interp *I)
{
    if (!I->host)
        I->host = calloc(1, sizeof *I->host);
    return I->host;
}

int ev_session_add_host(ev_session *s, const ev_host_def *def)
{
    ev_interp *I = ev_session_interp(s);
    size_t npos = 0;
    if (I->in_host || !def || !def->fn || !host_of(I) || check_params(def, &npos))
        return -1;
    ev_interp *saved = ev_current;
    ev_current = I;
    int r = -1;
    hostfn *f = NULL;
    if (check_name(I, def->name))
        goto fail;
    bool bad = false;
    if (!(f = calloc(1, sizeof *f)))
        goto fail;
    f->full = dup_or_null(def->name, &bad);
    f->doc = dup_or_null(def->doc, &bad);
    if (bad || (def->nparams && !(f->params = calloc(def->nparams, sizeof *f->params))))
        goto fail;
    for (size_t i = 0; i < def->nparams; i++) {
        f->params[i] = def->params[i];
        f->nparams = i + 1;
        if (!(f->params[i].name = strdup(def->params[i].name)))
            goto fail;
    }
    f->npos = npos;
    f->varargs = def->varargs;
    f->fn = def->fn;
    f->ud = def->ud;
    const char *last = strrchr(f->full, '.');
    f->def.name = last ? last + 1 : f->full;
    f->def.flags = EV_BF_HOST | EV_BF_KWANY;
    f->def.min_args = 0;
    f->def.max_args = -1;
    if (last && (!(f->owner = strndup(f->full, (size_t)(last - f->full))) || add_modules(I->host, f->full)))
        goto fail;
    if (!last) {
        ev_value b = ev_builtin_new(I, &f->def, EV_NONE);
        ev_str *k = EV_IS_ERR(b) ? NULL : ev_intern(I, f->full, strlen(f->full));
        int e = !k || ev_dict_set_str(I, I->builtins, k, b);
        if (!EV_IS_ERR(b))
            ev_decref(I, b);
        if (e)
            goto fail;
    }
    forget_built(I, f->full);
    f->next = I->host->fns;
    I->host->fns = f;
    f = NULL;
    r = 0;
fail:
    hostfn_free(f);
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    I->limit = NULL;
    ev_current = saved;
    return r;
}

int ev_session_add_host_exception(ev_session *s, const char *dotted_name, const char *doc)
{
    ev_interp *I = ev_session_interp(s);
    /* dotted: an exception lives in a module (an undotted one would be a
     * class among the builtins, which reset empties) */
    if (I->in_host || !host_of(I) || !dotted_name || !strchr(dotted_name, '.'))
        return -1;
    ev_interp *saved = ev_current;
    ev_current = I;
    int r = -1;
    bool bad = false;
    hostexc *e = NULL;
    if (check_name(I, dotted_name) || !(e = calloc(1, sizeof *e)))
        goto fail;
    e->full = dup_or_null(dotted_name, &bad);
    e->doc = dup_or_null(doc, &bad);
    if (bad || add_modules(I->host, e->full))
        goto fail;
    forget_built(I, e->full);
    hostexc **tail = &I->host->excs;
    while (*tail)
        tail = &(*tail)->next;
    *tail = e;
    e = NULL;
    r = 0;
fail:
    if (e) {
        free(e->full);
        free(e->doc);
        free(e);
    }
    ev_decref(I, I->exc);
    I->exc = EV_NONE;
    I->limit = NULL;
    ev_current = saved;
    return r;
}

/* ---- the modules ------------------------------------------------------------------------------ */

static bool under(const char *name, const char *root, size_t n)
{
    return strncmp(name, root, n) == 0 && (name[n] == '\0' || name[n] == '.');
}

/* The namespace of the built module `name` (borrowed), or NULL. */
static ev_dict *built_ns(ev_interp *I, const char *name)
{
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *m = k ? ev_dict_lookup_str(I->modules, k) : NULL;
    return m && ev_is(*m, EV_O_MODULE) ? ((ev_module *)m->u.o)->ns : NULL;
}

static int set_in(ev_interp *I, const char *module, const char *name, ev_value v)
{
    ev_dict *ns = built_ns(I, module);
    return ns ? ev_module_set(I, ns, name, v) : -1;
}

static int make_exception(ev_interp *I, const hostexc *x)
{
    const char *last = strrchr(x->full, '.');
    ev_value d = ev_dict_new(I), bt = EV_ERR, cls = EV_ERR, mod = EV_ERR, doc = EV_NONE;
    ev_str *nm = ev_intern(I, last + 1, strlen(last + 1));
    int r = -1;
    if (EV_IS_ERR(d) || !nm)
        goto out;
    mod = ev_str_new(I, x->full, (size_t)(last - x->full));
    if (EV_IS_ERR(mod) || ev_module_set(I, ev_as_dict(d), "__module__", mod))
        goto out;
    if (x->doc && (EV_IS_ERR(doc = ev_str_from_cstr(I, x->doc)) || ev_module_set(I, ev_as_dict(d), "__doc__", doc)))
        goto out;
    bt = ev_tuple_new(I, 1);
    if (EV_IS_ERR(bt))
        goto out;
    ev_as_tuple(bt)->items[0] = ev_obj_val(&ev_type_Exception.h);
    cls = ev_class_new(I, NULL, nm, bt, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls))
        goto out;
    char owner[256];
    snprintf(owner, sizeof owner, "%.*s", (int)(last - x->full), x->full);
    r = set_in(I, owner, last + 1, cls);
out:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(bt))
        ev_decref(I, bt);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    if (!EV_IS_ERR(doc))
        ev_decref(I, doc);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    return r;
}

/* Every module under root, its functions and exception classes, into
 * I->modules.  0, or -1 (nothing of root left cached). */
static int build_root(ev_interp *I, const char *root)
{
    size_t n = strlen(root);
    int r = 0;
    for (const hostmod *hm = I->host->mods; hm && r == 0; hm = hm->next) {
        if (!under(hm->name, root, n))
            continue;
        ev_module *m = ev_alloc(I, sizeof *m);
        ev_value ns = m ? ev_dict_new(I) : ev_raise_nomem(I);
        if (EV_IS_ERR(ns)) {
            if (m)
                ev_dealloc(I, m);
            r = -1;
            break;
        }
        m->h.refcnt = 1;
        m->h.kind = EV_O_MODULE;
        m->h.flags = 0;
        m->def = &hm->def;
        m->ns = ev_as_dict(ns);
        ev_value mv = ev_obj_val(&m->h);
        ev_str *k = ev_intern(I, hm->name, strlen(hm->name));
        r = k ? ev_dict_set_str(I, I->modules, k, mv) : -1;
        const char *dot = strrchr(hm->name, '.');
        if (r == 0 && dot) { /* tools.github is the attribute github of tools */
            char parent[256];
            snprintf(parent, sizeof parent, "%.*s", (int)(dot - hm->name), hm->name);
            r = set_in(I, parent, dot + 1, mv);
        }
        ev_decref(I, mv);
    }
    /* the functions in registration order (the list is newest first) */
    size_t nf = 0;
    for (const hostfn *f = I->host->fns; f; f = f->next)
        nf++;
    for (size_t i = nf; i-- > 0 && r == 0;) {
        const hostfn *f = I->host->fns;
        for (size_t j = 0; j < i; j++)
            f = f->next;
        if (!f->owner || !under(f->owner, root, n))
            continue;
        ev_value b = ev_builtin_new(I, &f->def, EV_NONE);
        if (EV_IS_ERR(b)) {
            r = -1;
            break;
        }
        ((ev_builtin *)b.u.o)->owner = f->owner;
        r = set_in(I, f->owner, f->def.name, b);
        ev_decref(I, b);
    }
    for (const hostexc *x = I->host->excs; x && r == 0; x = x->next)
        if (under(x->full, root, n))
            r = make_exception(I, x);
    if (r)
        forget_root(I, root, n);
    return r;
}

int ev_host_import(ev_interp *I, ev_str *name, ev_value *out)
{
    const char *dot = strchr(name->data, '.');
    size_t n = dot ? (size_t)(dot - name->data) : name->len;
    if (!find_mod(I->host, name->data, name->len))
        return 0;
    char root[256];
    snprintf(root, sizeof root, "%.*s", (int)n, name->data);
    if (!built_ns(I, root) && build_root(I, root))
        return -1;
    ev_value *m = ev_dict_lookup_str(I->modules, name);
    if (!m)
        return 0;
    *out = ev_dup(*m);
    return 1;
}

/* ---- the call --------------------------------------------------------------------------------- */

/* CPython's missing_arguments (ceval.c): "f() missing 2 required positional
 * arguments: 'a' and 'b'" */
static void raise_missing(ev_interp *I, const hostfn *f, const ev_value *bound, size_t from, size_t to,
                          const char *kind)
{
    char names[512] = "";
    size_t len = 0, missing = 0, k = 0;
    for (size_t i = from; i < to; i++)
        missing += f->params[i].required && EV_IS_ERR(bound[i]);
    for (size_t i = from; i < to; i++) {
        if (!f->params[i].required || !EV_IS_ERR(bound[i]))
            continue;
        k++;
        const char *sep = k == 1 ? "" : missing == 2 ? " and " : k == missing ? ", and " : ", ";
        int w = snprintf(names + len, sizeof names - len, "%s'%s'", sep, f->params[i].name);
        if (w < 0 || (size_t)w >= sizeof names - len)
            break;
        len += (size_t)w;
    }
    ev_raise(I, &ev_type_TypeError, "%s() missing %zu required %s argument%s: %s", f->def.name, missing, kind,
             missing == 1 ? "" : "s", names);
}

/* Binds the call to f's signature as CPython's initialize_locals binds a
 * def's: bound[i] the i-th parameter's argument (borrowed), EV_ERR-tagged
 * when not given.  0, or -1 with the def's TypeError. */
static int bind(ev_interp *I, const hostfn *f, int argc, const ev_value *argv, const ev_kw *kw, ev_value *bound)
{
    const char *q = f->def.name;
    size_t n = f->nparams, npos = f->npos;
    for (size_t i = 0; i < n; i++)
        bound[i] = i < npos && i < (size_t)argc ? argv[i] : EV_ERR;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        const char *kn = kw->names[k]->data;
        size_t j = 0;
        while (j < n && strcmp(f->params[j].name, kn) != 0)
            j++;
        if (j == n) {
            ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", q, kn);
            return -1;
        }
        if (!EV_IS_ERR(bound[j])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", q, kn);
            return -1;
        }
        bound[j] = kw->vals[k];
    }
    if ((size_t)argc > npos) {
        /* too_many_positional: the keyword-only arguments given count too */
        size_t nreq = 0, kwgiven = 0;
        for (size_t i = 0; i < npos; i++)
            nreq += f->params[i].required;
        for (size_t i = npos; i < n; i++)
            kwgiven += !EV_IS_ERR(bound[i]);
        char shape[64], extra[96] = "";
        if (nreq < npos)
            snprintf(shape, sizeof shape, "from %zu to %zu", nreq, npos);
        else
            snprintf(shape, sizeof shape, "%zu", npos);
        if (kwgiven)
            snprintf(extra, sizeof extra, " positional argument%s (and %zu keyword-only argument%s)",
                     argc == 1 ? "" : "s", kwgiven, kwgiven == 1 ? "" : "s");
        ev_raise(I, &ev_type_TypeError, "%s() takes %s positional argument%s but %d%s %s given", q, shape,
                 nreq < npos || npos != 1 ? "s" : "", argc, extra, argc == 1 && !kwgiven ? "was" : "were");
        return -1;
    }
    for (size_t i = 0; i < npos; i++)
        if (f->params[i].required && EV_IS_ERR(bound[i])) {
            raise_missing(I, f, bound, 0, npos, "positional");
            return -1;
        }
    for (size_t i = npos; i < n; i++)
        if (f->params[i].required && EV_IS_ERR(bound[i])) {
            raise_missing(I, f, bound, npos, n, "keyword-only");
            return -1;
        }
    return 0;
}

/* The exception class a callback named: a builtin subclass of Exception,
 * or one declared with ev_session_add_host_exception; NULL otherwise. */
static ev_type *error_type(ev_interp *I, const char *name)
{
    const char *dot = strrchr(name, '.');
    if (dot) {
        const hostexc *x = I->host->excs;
        while (x && strcmp(x->full, name) != 0)
            x = x->next;
        char owner[256];
        snprintf(owner, sizeof owner, "%.*s", (int)(dot - name), name);
        ev_str *ok = x ? ev_intern(I, owner, strlen(owner)) : NULL;
        ev_value m;
        if (!ok || ev_host_import(I, ok, &m) <= 0)
            return NULL;
        ev_str *k = ev_intern(I, dot + 1, strlen(dot + 1));
        ev_value *c = k ? ev_dict_lookup_str(((ev_module *)m.u.o)->ns, k) : NULL;
        ev_type *t = c && ev_is(*c, EV_O_TYPE) ? (ev_type *)c->u.o : NULL;
        ev_decref(I, m); /* I->modules holds it, and it the class */
        return t;
    }
    ev_str *k = ev_intern(I, name, strlen(name));
    ev_value *c = k ? ev_dict_lookup_str(I->builtins, k) : NULL;
    if (c && ev_is(*c, EV_O_TYPE) && ev_type_is_subclass((ev_type *)c->u.o, &ev_type_Exception))
        return (ev_type *)c->u.o;
    return NULL;
}

/* raise err->type(err->message) in the calling code */
static ev_value raise_host_error(ev_interp *I, const hostfn *f, ev_host_error *err)
{
    err->type[sizeof err->type - 1] = '\0';
    ev_type *t = err->type[0] ? error_type(I, err->type) : NULL;
    if (I->limit)
        return EV_ERR;
    ev_decref(I, I->exc); /* a failed lookup's error: the callback's is the one raised */
    I->exc = EV_NONE;
    const char *msg = err->message;
    char buf[160];
    if (msg && ev_utf8_invalid_at(msg, strlen(msg)) < strlen(msg)) {
        snprintf(buf, sizeof buf, "host function %s raised an error whose message is not UTF-8", f->full);
        msg = buf;
        t = &ev_type_RuntimeError;
    }
    ev_value arg = EV_NONE;
    if (!t && err->type[0]) {
        /* an undeclared type: RuntimeError, its name kept in the message */
        size_t n = strlen(err->type) + (msg ? strlen(msg) : 0) + 3;
        char *m = malloc(n);
        if (!m)
            return ev_raise_nomem(I);
        snprintf(m, n, "%s: %s", err->type, msg ? msg : "");
        arg = ev_str_from_cstr(I, m);
        free(m);
    } else if (msg) {
        arg = ev_str_from_cstr(I, msg);
    }
    if (EV_IS_ERR(arg))
        return arg;
    ev_value exc = ev_call(I, ev_obj_val(&(t ? t : &ev_type_RuntimeError)->h), arg.tag == EV_T_NONE ? 0 : 1, &arg,
                           0, NULL, NULL);
    ev_decref(I, arg);
    return EV_IS_ERR(exc) ? exc : ev_raise_value(I, exc);
}

static double time_left(const ev_interp *I)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double left = (double)(I->deadline.tv_sec - now.tv_sec) + (double)(I->deadline.tv_nsec - now.tv_nsec) / 1e9;
    return left > 0 ? left : 0;
}

ev_value ev_host_invoke(ev_interp *I, const ev_builtin_def *d, int argc, const ev_value *argv, const ev_kw *kw)
{
    const hostfn *f = (const hostfn *)d;
    size_t nkw_in = (size_t)EV_KW_N(kw), nb = f->varargs ? 0 : f->nparams;
    /* what crosses: the arguments bound (or as given: varargs), positional
     * ones first, then keywords; as inspect.BoundArguments splits them, a
     * positional-or-keyword parameter after an omitted one goes by keyword */
    size_t cap = f->varargs ? (size_t)argc + nkw_in : nb;
    ev_value *bound = calloc(nb ? nb : 1, sizeof *bound);
    ev_plain *vals = calloc(cap ? cap : 1, sizeof *vals);
    const char **kwnames = calloc(cap ? cap : 1, sizeof *kwnames);
    size_t nargs = 0, nkw = 0;
    ev_value r = EV_ERR;
    if (!bound || !vals || !kwnames) {
        ev_raise_nomem(I);
        goto done;
    }
    const ev_value *src[2] = {argv, kw ? kw->vals : NULL};
    if (f->varargs) {
        nargs = (size_t)argc;
        nkw = nkw_in;
        for (size_t i = 0; i < nkw; i++)
            kwnames[i] = kw->names[i]->data;
    } else {
        if (bind(I, f, argc, argv, kw, bound))
            goto done;
        while (nargs < f->npos && !EV_IS_ERR(bound[nargs]))
            nargs++;
        for (size_t i = nargs; i < nb; i++)
            if (!EV_IS_ERR(bound[i]))
                kwnames[nkw++] = f->params[i].name;
    }
    /* one budget for the whole call: the memory limit */
    size_t budget = I->mem_max, k = 0;
    for (size_t i = 0; i < nargs + nkw; i++) {
        ev_value v;
        if (f->varargs)
            v = i < nargs ? src[0][i] : src[1][i - nargs];
        else if (i < nargs)
            v = bound[i];
        else
            while (EV_IS_ERR(v = bound[nargs + k++]))
                ;
        if (ev_plain_from_value(I, v, &vals[i], &budget))
            goto done;
    }
    ev_host_call call = {
        .name = f->full, .args = vals, .nargs = nargs, .kwnames = kwnames, .kwargs = vals + nargs, .nkw = nkw,
        .time_left_s = time_left(I),
    };
    ev_plain result;
    ev_host_error err;
    memset(&result, 0, sizeof result);
    memset(&err, 0, sizeof err);
    I->in_host = true;
    ev_host_status st = f->fn(f->ud, &call, &result, &err);
    I->in_host = false;
    /* the time the callback took counts: past the deadline (or cancelled)
     * the run ends, whatever it returned */
    if (ev_check_limits_slow(I))
        r = EV_ERR;
    else if (st == EV_HOST_LIMIT)
        r = ev_raise_limit(I, "time");
    else if (st == EV_HOST_OK)
        r = ev_plain_to_value(I, &result);
    else if (st == EV_HOST_ERROR)
        r = raise_host_error(I, f, &err);
    else
        r = ev_raise(I, &ev_type_RuntimeError, "host function %s returned an unknown status %d", f->full, (int)st);
    ev_plain_clear(&result);
    free(err.message);
done:
    for (size_t i = 0; vals && i < cap; i++)
        ev_plain_clear(&vals[i]);
    free(vals);
    free(kwnames);
    free(bound);
    return r;
}
