/*
 * args.c - binding the arguments of a call to a builtin's declared
 * parameters, with CPython 3.11's TypeErrors (Python/getargs.c's
 * _PyArg_UnpackKeywords for functions that take keywords, _PyArg_CheckPositional
 * and the METH_O / METH_NOARGS checks for those that do not).
 *
 * Every builtin declares how it is called in its ev_builtin_def (see ev.h);
 * this file is the only place that turns a call into fn's arguments, so the
 * messages are the same for every builtin and no builtin reads keywords
 * from anywhere but its own call.
 */
#include <string.h>

#include "evaluator/ev.h"

ev_value ev_kwarg(const ev_kw *kw, const char *name)
{
    for (int i = 0; kw && i < kw->n; i++)
        if (strcmp(kw->names[i]->data, name) == 0)
            return kw->vals[i];
    return EV_ERR;
}

int ev_kwargs_check(ev_interp *I, const ev_kw *kw, const char *fname, const char *const *allowed)
{
    for (int i = 0; kw && i < kw->n; i++) {
        bool ok = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, kw->names[i]->data) == 0)
                ok = true;
        if (!ok) {
            ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for %s()",
                     kw->names[i]->data, fname);
            return -1;
        }
    }
    return 0;
}

/* A parsed declaration: names[0..n), the first nposonly positional-only,
 * keyword-only from kwonly on; varargs when "*name" was given. */
typedef struct sig {
    const char *names[EV_ARGS_MAX];
    size_t lens[EV_ARGS_MAX];
    int n, nposonly, kwonly;
    bool varargs;
} sig;

static void sig_parse(const char *p, sig *s)
{
    if (*p == '~')
        p++;
    s->n = 0;
    s->nposonly = 0;
    s->kwonly = -1;
    s->varargs = false;
    while (*p) {
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p)
            break;
        const char *e = p;
        while (*e && *e != ',')
            e++;
        size_t len = (size_t)(e - p);
        while (len && p[len - 1] == ' ')
            len--;
        if (len == 1 && *p == '/') {
            s->nposonly = s->n;
        } else if (*p == '*') {
            s->kwonly = s->n;
            s->varargs = len > 1;
        } else if (s->n < EV_ARGS_MAX) {
            s->names[s->n] = p;
            s->lens[s->n] = len;
            s->n++;
        }
        p = e;
    }
    if (s->kwonly < 0)
        s->kwonly = s->n;
}

static int find_param(const sig *s, const ev_str *name)
{
    for (int i = 0; i < s->n; i++)
        if (s->lens[i] == name->len && memcmp(s->names[i], name->data, name->len) == 0)
            return i;
    return -1;
}

/* A call without keywords whose positionals fit: bound from the cached
 * shape of d's parameters without parsing them.  -2: take the long way. */
static int bind_positional(ev_interp *I, const ev_builtin_def *d, int argc, const ev_value *argv,
                           ev_value *out, int outcap)
{
    /* keyed by the declaration's text, which alone decides the shape: a
     * type's constructor is called through a def made on the stack (attr.c),
     * whose address another type's call reuses */
    struct ev_argshape *sh = &I->argshape[((uintptr_t)d->params >> 3) & 63];
    if (sh->def != d->params) {
        sig s;
        sig_parse(d->params, &s);
        sh->def = d->params;
        sh->n = (int16_t)s.n;
        sh->kwonly = (int16_t)s.kwonly;
        sh->varargs = s.varargs;
    }
    if (sh->varargs) {
        int nslots = sh->n - sh->kwonly;
        if (argc < d->min_args || argc + nslots > outcap)
            return -2;
        for (int i = 0; i < argc; i++)
            out[i] = argv[i];
        for (int i = 0; i < nslots; i++)
            out[argc + i] = EV_ERR;
        return argc;
    }
    if (sh->n > outcap || argc < d->min_args || argc > sh->kwonly)
        return -2;
    for (int i = 0; i < argc; i++)
        out[i] = argv[i];
    for (int i = argc; i < sh->n; i++)
        out[i] = EV_ERR;
    return sh->n;
}

int ev_args_bind(ev_interp *I, const ev_builtin_def *d, int argc, const ev_value *argv,
                 const ev_kw *kw, ev_value *out, int outcap)
{
    int nkw = EV_KW_N(kw);
    if (nkw == 0) {
        int r = bind_positional(I, d, argc, argv, out, outcap);
        if (r != -2)
            return r;
    }
    sig s;
    sig_parse(d->params, &s);
    /* params "~...": a C function parsing its arguments without a name
     * (CPython's PyArg_ParseTuple* format with no ":name"): its messages
     * say "function", and with every parameter required, "takes exactly" */
    bool anon = d->params[0] == '~';
    const char *fn = anon ? "function" : d->name, *pp = anon ? "" : "()";
    int maxpos = s.kwonly, minpos = d->min_args;
    if (anon && minpos == s.n && (argc != s.n || nkw)) {
        ev_raise(I, &ev_type_TypeError, "function takes exactly %d argument%s (%d given)", s.n, s.n == 1 ? "" : "s",
                 argc + nkw);
        return -1;
    }
    if (s.varargs) {
        /* f(*args, key=...): positionals pass through, keyword-only slots follow */
        if (argc < minpos) {
            ev_raise(I, &ev_type_TypeError, "%s expected at least %d argument%s, got %d", fn,
                     minpos, minpos == 1 ? "" : "s", argc);
            return -1;
        }
        int nslots = s.n - s.kwonly;
        if (argc + nslots > outcap) {
            ev_raise(I, &ev_type_TypeError, "%s() got too many arguments", fn);
            return -1;
        }
        for (int i = 0; i < argc; i++)
            out[i] = argv[i];
        for (int i = 0; i < nslots; i++)
            out[argc + i] = EV_ERR;
        for (int k = 0; k < nkw; k++) {
            int j = find_param(&s, kw->names[k]);
            if (j < s.kwonly) {
                ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for %s()",
                         kw->names[k]->data, fn);
                return -1;
            }
            out[argc + j - s.kwonly] = kw->vals[k];
        }
        return argc;
    }
    if (s.n > outcap) {
        ev_raise(I, &ev_type_TypeError, "%s%s declares too many parameters", fn, pp);
        return -1;
    }
    if (nkw == 0 && argc >= minpos && argc <= maxpos) {
        for (int i = 0; i < argc; i++)
            out[i] = argv[i];
        for (int i = argc; i < s.n; i++)
            out[i] = EV_ERR;
        return s.n;
    }
    if (argc + nkw > s.n) {
        ev_raise(I, &ev_type_TypeError, "%s%s takes at most %d %sargument%s (%d given)", fn, pp, s.n,
                 argc == 0 ? "keyword " : "", s.n == 1 ? "" : "s", argc + nkw);
        return -1;
    }
    if (argc > maxpos) {
        if (maxpos == 0)
            ev_raise(I, &ev_type_TypeError, "%s%s takes no positional arguments", fn, pp);
        else
            ev_raise(I, &ev_type_TypeError, "%s%s takes %s %d positional argument%s (%d given)", fn, pp,
                     minpos < maxpos ? "at most" : "exactly", maxpos, maxpos == 1 ? "" : "s", argc);
        return -1;
    }
    int minposonly = minpos < s.nposonly ? minpos : s.nposonly;
    if (argc < minposonly) {
        ev_raise(I, &ev_type_TypeError, "%s%s takes %s %d positional argument%s (%d given)", fn, pp,
                 minposonly < maxpos ? "at least" : "exactly", minposonly,
                 minposonly == 1 ? "" : "s", argc);
        return -1;
    }
    for (int i = 0; i < s.n; i++)
        out[i] = i < argc ? argv[i] : EV_ERR;
    for (int k = 0; k < nkw; k++) {
        int j = find_param(&s, kw->names[k]);
        if (j < s.nposonly) {
            ev_raise(I, &ev_type_TypeError, "'%s' is an invalid keyword argument for %s%s",
                     kw->names[k]->data, fn, pp);
            return -1;
        }
        if (j < argc) {
            ev_raise(I, &ev_type_TypeError, "argument for %s%s given by name ('%s') and position (%d)",
                     fn, pp, kw->names[k]->data, j + 1);
            return -1;
        }
        out[j] = kw->vals[k];
    }
    for (int i = 0; i < minpos && i < s.n; i++)
        if (EV_IS_ERR(out[i])) {
            ev_raise(I, &ev_type_TypeError, "%s%s missing required argument '%.*s' (pos %d)", fn, pp,
                     (int)s.lens[i], s.names[i], i + 1);
            return -1;
        }
    return s.n;
}

/* ---- binding as a def does ------------------------------------------------------------------- */

static int def_nparams(const ev_defsig *s)
{
    int n = 0;
    while (n < EV_DEF_MAXP && s->names[n])
        n++;
    return n;
}

static int def_find(const ev_defsig *s, int from, int n, const ev_str *name)
{
    for (int j = from; j < n; j++)
        if (strlen(s->names[j]) == name->len && memcmp(s->names[j], name->data, name->len) == 0)
            return j;
    return -1;
}

/* "'a'", "'a' and 'b'", "'a', 'b', and 'c'" (ceval.c's format_missing) of
 * the names in [from, to) that out[] lacks */
static void def_raise_missing(ev_interp *I, const ev_defsig *s, int from, int to, const ev_value *out,
                              const char *kind)
{
    int missing = 0;
    for (int i = from; i < to; i++)
        missing += EV_IS_ERR(out[i]);
    ev_buf b = {0};
    int seen = 0, e = 0;
    for (int i = from; !e && i < to; i++) {
        if (!EV_IS_ERR(out[i]))
            continue;
        seen++;
        const char *sep = seen == 1 ? "" : seen < missing ? ", " : missing == 2 ? " and " : ", and ";
        e = ev_buf_printf(I, &b, "%s'%s'", sep, s->names[i]);
    }
    if (!e)
        ev_raise(I, &ev_type_TypeError, "%s() missing %d required %s argument%s: %s", s->qual, missing, kind,
                 missing == 1 ? "" : "s", b.data);
    ev_buf_free(I, &b);
}

/* ceval.c's positional_only_passed_as_keyword: every such name, joined */
static void def_raise_posonly(ev_interp *I, const ev_defsig *s, const ev_kw *kw)
{
    ev_buf b = {0};
    int e = 0, seen = 0;
    for (int k = 0; !e && k < kw->n; k++)
        if (def_find(s, 0, s->nposonly, kw->names[k]) >= 0)
            e = ev_buf_printf(I, &b, "%s%s", seen++ ? ", " : "", kw->names[k]->data);
    if (!e)
        ev_raise(I, &ev_type_TypeError, "%s() got some positional-only arguments passed as keyword arguments: '%s'",
                 s->qual, b.data);
    ev_buf_free(I, &b);
}

int ev_def_bind(ev_interp *I, const ev_defsig *s, int argc, const ev_value *argv, const ev_kw *kw, ev_value *out)
{
    int n = def_nparams(s), npos = n - s->kwonly, self = s->func ? 0 : 1;
    for (int i = 0; i < n; i++)
        out[i] = i < argc && i < npos ? argv[i] : EV_ERR;
    for (int k = 0; k < EV_KW_N(kw); k++) {
        int j = def_find(s, s->nposonly, n, kw->names[k]);
        if (j < 0) {
            if (s->varkw)
                continue;
            if (s->nposonly && def_find(s, 0, s->nposonly, kw->names[k]) >= 0)
                def_raise_posonly(I, s, kw);
            else
                ev_raise(I, &ev_type_TypeError, "%s() got an unexpected keyword argument '%s'", s->qual,
                         kw->names[k]->data);
            return -1;
        }
        if (!EV_IS_ERR(out[j])) {
            ev_raise(I, &ev_type_TypeError, "%s() got multiple values for argument '%s'", s->qual,
                     kw->names[k]->data);
            return -1;
        }
        out[j] = kw->vals[k];
    }
    if (argc > npos && !s->varargs) {
        /* ceval.c's too_many_positional: the keyword-only arguments given count too */
        int kwgiven = 0, given = argc + self, atmost = npos + self;
        for (int i = npos; i < n; i++)
            kwgiven += !EV_IS_ERR(out[i]);
        char shape[40], extra[80] = "";
        if (s->nreq < npos)
            snprintf(shape, sizeof shape, "from %d to %d", s->nreq + self, atmost);
        else
            snprintf(shape, sizeof shape, "%d", atmost);
        if (kwgiven)
            snprintf(extra, sizeof extra, " positional argument%s (and %d keyword-only argument%s)",
                     given == 1 ? "" : "s", kwgiven, kwgiven == 1 ? "" : "s");
        ev_raise(I, &ev_type_TypeError, "%s() takes %s positional argument%s but %d%s %s given", s->qual, shape,
                 s->nreq < npos || atmost != 1 ? "s" : "", given, extra, given == 1 && !kwgiven ? "was" : "were");
        return -1;
    }
    for (int i = 0; i < s->nreq; i++)
        if (EV_IS_ERR(out[i])) {
            def_raise_missing(I, s, 0, s->nreq, out, "positional");
            return -1;
        }
    return 0;
}
