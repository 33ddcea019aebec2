/*
 * help.c - the help() builtin: CPython 3.11's pydoc as help() prints it
 * when stdout is not a terminal (Helper.help -> render_doc with the title
 * "Help on %s:", TextDoc, plainpager, then a newline).
 *
 * What it renders: user functions and lambdas, their bound methods, host
 * functions (as C functions of their module, with the signature the
 * embedder declared) and the modules the host made (tools, tools.github).
 * Everything else raises NotImplementedError: CPython's page for it holds
 * what safepy does not have (the docstrings of its C types and functions,
 * a class's full page), and help() never prints a page CPython would not.
 *
 * The text is built in a session buffer and written as print() writes
 * (sys.stdout, the output limit).  Reading attributes can run Python code
 * (a default's __repr__): nothing here is held across it but owned
 * references.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/modules/modules.h"
#include "evaluator/node.h"

#define HELP_NI(I, ...) ev_raise((I), &ev_type_NotImplementedError, __VA_ARGS__)

/* ---- text utilities (str methods pydoc uses, on UTF-8) -------------------------------------- */

/* The byte length of the whitespace code point at s[i] (str.isspace), or 0. */
static size_t ws_at(const char *s, size_t n, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (c == ' ' || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f))
        return 1;
    if (c == 0xc2 && i + 1 < n && ((unsigned char)s[i + 1] == 0x85 || (unsigned char)s[i + 1] == 0xa0))
        return 2;
    if (i + 2 >= n)
        return 0;
    unsigned char c1 = (unsigned char)s[i + 1], c2 = (unsigned char)s[i + 2];
    if (c == 0xe1 && c1 == 0x9a && c2 == 0x80) /* U+1680 */
        return 3;
    if (c == 0xe2 && c1 == 0x80 && (c2 <= 0x8a || c2 == 0xa8 || c2 == 0xa9 || c2 == 0xaf)) /* U+2000-200A, 2028, 2029, 202F */
        return 3;
    if (c == 0xe2 && c1 == 0x81 && c2 == 0x9f) /* U+205F */
        return 3;
    if (c == 0xe3 && c1 == 0x80 && c2 == 0x80) /* U+3000 */
        return 3;
    return 0;
}

/* The length of s[0, n) without its trailing whitespace (str.rstrip). */
static size_t rstrip_len(const char *s, size_t n)
{
    while (n) {
        size_t k = n - 1;
        while (k && ((unsigned char)s[k] & 0xc0) == 0x80)
            k--;
        if (!ws_at(s, n, k) || ws_at(s, n, k) != n - k)
            break;
        n = k;
    }
    return n;
}

static size_t lstrip_at(const char *s, size_t n)
{
    size_t i = 0, w;
    while (i < n && (w = ws_at(s, n, i)))
        i += w;
    return i;
}

/* inspect.cleandoc(doc) into out: tabs expanded, the common indentation of
 * the lines after the first removed, blank lines at either end dropped. */
static int cleandoc(ev_interp *I, const char *doc, size_t n, ev_buf *out)
{
    ev_buf t = {0};
    size_t col = 0;
    for (size_t i = 0; i < n; i++) { /* str.expandtabs(8): columns count code points */
        char c = doc[i];
        int r;
        if (c == '\t') {
            size_t k = 8 - col % 8;
            col += k;
            r = ev_buf_put(I, &t, "        ", k);
        } else {
            if (c == '\n' || c == '\r')
                col = 0;
            else if (((unsigned char)c & 0xc0) != 0x80)
                col++;
            r = ev_buf_put(I, &t, &c, 1);
        }
        if (r)
            goto fail;
    }
    /* the lines, as offsets into t */
    size_t nl = 1;
    for (size_t i = 0; i < t.len; i++)
        nl += t.data[i] == '\n';
    size_t *st = ev_alloc(I, sizeof *st * nl * 2);
    if (!st)
        goto fail;
    size_t *en = st + nl, k = 0, from = 0;
    for (size_t i = 0; i <= t.len; i++)
        if (i == t.len || t.data[i] == '\n') {
            st[k] = from;
            en[k++] = i;
            from = i + 1;
        }
    size_t margin = (size_t)-1;
    for (size_t j = 1; j < nl; j++) {
        size_t len = en[j] - st[j], lead = lstrip_at(t.data + st[j], len);
        if (lead < len) {
            size_t cps = 0; /* the indentation in code points */
            for (size_t b = 0; b < lead; b++)
                cps += ((unsigned char)t.data[st[j] + b] & 0xc0) != 0x80;
            margin = cps < margin ? cps : margin;
        }
    }
    st[0] += lstrip_at(t.data + st[0], en[0] - st[0]);
    if (margin != (size_t)-1)
        for (size_t j = 1; j < nl; j++)
            for (size_t cps = 0; cps < margin && st[j] < en[j]; cps++) {
                st[j]++;
                while (st[j] < en[j] && ((unsigned char)t.data[st[j]] & 0xc0) == 0x80)
                    st[j]++;
            }
    size_t a = 0, z = nl;
    while (z > a && st[z - 1] == en[z - 1])
        z--;
    while (a < z && st[a] == en[a])
        a++;
    int r = 0;
    for (size_t j = a; j < z && r == 0; j++)
        r = (j > a && ev_buf_put(I, out, "\n", 1)) || ev_buf_put(I, out, t.data + st[j], en[j] - st[j]);
    ev_dealloc(I, st);
    ev_buf_free(I, &t);
    return r ? -1 : 0;
fail:
    ev_buf_free(I, &t);
    return -1;
}

/* TextDoc.indent(text, prefix): each line prefixed, the last one rstripped. */
static int put_indented(ev_interp *I, ev_buf *b, const char *s, size_t n, const char *prefix)
{
    if (!n)
        return 0;
    size_t from = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != '\n')
            continue;
        size_t len = i == n ? rstrip_len(s + from, i - from) : i - from;
        if (ev_buf_puts(I, b, prefix) || ev_buf_put(I, b, s + from, len) || (i < n && ev_buf_put(I, b, "\n", 1)))
            return -1;
        from = i + 1;
    }
    return 0;
}

/* ---- attributes --------------------------------------------------------------------------------- */

/* getattr(obj, name) as a new reference; EV_ERR with AttributeError
 * cleared gives *absent (any other error stays raised). */
static ev_value attr(ev_interp *I, ev_value obj, const char *name, bool *absent)
{
    *absent = false;
    ev_str *k = ev_intern(I, name, strlen(name));
    if (!k)
        return EV_ERR;
    ev_value v = ev_getattr(I, obj, k);
    if (EV_IS_ERR(v) && ev_is(I->exc, EV_O_EXC) && ((ev_exc *)I->exc.u.o)->type == &ev_type_AttributeError) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        *absent = true;
    }
    return v;
}

/* pydoc.getdoc(obj) for an object whose doc is its own __doc__ (functions,
 * builtins): cleaned, rstripped, into out (empty when none). */
static int put_doc_of(ev_interp *I, ev_value obj, ev_buf *out)
{
    bool absent;
    ev_value d = attr(I, obj, "__doc__", &absent);
    if (EV_IS_ERR(d))
        return absent ? 0 : -1;
    int r = 0;
    if (ev_is(d, EV_O_STR)) {
        ev_buf c = {0};
        r = cleandoc(I, ev_as_str(d)->data, ev_as_str(d)->len, &c);
        if (r == 0)
            r = ev_buf_put(I, out, c.data, rstrip_len(c.data, c.len));
        ev_buf_free(I, &c);
    }
    ev_decref(I, d);
    return r;
}

static ev_value str_attr(ev_interp *I, ev_value obj, const char *name);

/* pydoc's _finddoc, for a function whose own __doc__ is None: a bound
 * method takes the first docstring of its name along its class's MRO; a
 * function defined in a class body is looked up through its qualname
 * (refused); a builtin's MRO entry has CPython's docstring (refused). */
static int find_doc(ev_interp *I, ev_value obj, ev_value fn, ev_value self, ev_buf *out)
{
    bool absent;
    ev_value own = attr(I, fn, "__doc__", &absent);
    if (EV_IS_ERR(own))
        return absent ? 0 : -1;
    bool none = own.tag == EV_T_NONE;
    ev_decref(I, own);
    if (!none || !ev_is(fn, EV_O_FUNC))
        return 0;
    if (EV_IS_ERR(self)) {
        const char *q = ev_funcdef_qualname(((ev_func *)fn.u.o)->def);
        if (strchr(q, '.') && !strstr(q, "<locals>")) {
            HELP_NI(I, "help() of a function defined in a class body without a docstring is not supported by "
                       "safepy (CPython looks for one in the class's bases); help() its bound method");
            return -1;
        }
        return 0;
    }
    ev_value nm = str_attr(I, obj, "__name__");
    if (EV_IS_ERR(nm))
        return -1;
    /* the MRO read as the type holds it (__mro__ is refused to programs) */
    ev_type *t = ev_type_of(self);
    ev_value mro = ev_is_heaptype(t) && ev_is(t->mro, EV_O_TUPLE) ? ev_dup(t->mro) : EV_ERR;
    int r = 0;
    if (EV_IS_ERR(mro)) {
        r = -1;
        HELP_NI(I, "help() of a method bound to a %s object is not supported by safepy", ev_type_name(self));
        goto out;
    }
    for (size_t i = 0; i < ev_as_tuple(mro)->len && r == 0; i++) {
        ev_value base = ev_as_tuple(mro)->items[i];
        ev_value m = attr(I, base, ev_as_str(nm)->data, &absent);
        if (EV_IS_ERR(m)) {
            r = absent ? 0 : -1;
            continue;
        }
        if (!ev_is(base, EV_O_TYPE) || !ev_is_heaptype((ev_type *)base.u.o)) {
            ev_decref(I, m);
            HELP_NI(I, "help() of a method without a docstring whose name %s is also a method of the built-in "
                       "type %s is not supported by safepy (CPython prints that type's docstring)",
                    ev_as_str(nm)->data, ev_is(base, EV_O_TYPE) ? ev_type_qualname((ev_type *)base.u.o) : "?");
            r = -1;
            break;
        }
        size_t before = out->len;
        r = put_doc_of(I, m, out);
        ev_decref(I, m);
        if (r == 0 && out->len > before)
            break;
    }
out:
    if (!EV_IS_ERR(mro))
        ev_decref(I, mro);
    ev_decref(I, nm);
    return r;
}

/* The attribute as a str (a new reference), or EV_ERR: NotImplementedError
 * when it is absent or not a str. */
static ev_value str_attr(ev_interp *I, ev_value obj, const char *name)
{
    bool absent;
    ev_value v = attr(I, obj, name, &absent);
    if (EV_IS_ERR(v) && !absent)
        return v;
    if (!EV_IS_ERR(v) && ev_is(v, EV_O_STR))
        return v;
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
    return HELP_NI(I, "help() of an object whose %s is not a str is not supported by safepy", name);
}

/* ---- signatures (inspect.Signature.__str__) -------------------------------------------------------- */

/* inspect.formatannotation */
static int put_annotation(ev_interp *I, ev_buf *b, ev_value a)
{
    if (ev_is(a, EV_O_TYPE)) {
        ev_value m = str_attr(I, a, "__module__");
        ev_value q = EV_IS_ERR(m) ? EV_ERR : str_attr(I, a, "__qualname__");
        int r = EV_IS_ERR(q) ? -1 : 0;
        if (r == 0 && strcmp(ev_as_str(m)->data, "builtins") != 0)
            r = ev_buf_printf(I, b, "%s.", ev_as_str(m)->data);
        if (r == 0)
            r = ev_buf_put(I, b, ev_as_str(q)->data, ev_as_str(q)->len);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (!EV_IS_ERR(q))
            ev_decref(I, q);
        return r;
    }
    bool absent;
    ev_value m = attr(I, a, "__module__", &absent);
    if (EV_IS_ERR(m) && !absent)
        return -1;
    bool typing = !EV_IS_ERR(m) && ev_is(m, EV_O_STR) && strcmp(ev_as_str(m)->data, "typing") == 0;
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
    if (typing) {
        HELP_NI(I, "help() of a function annotated with typing objects is not supported by safepy");
        return -1;
    }
    return ev_buf_repr(I, b, a);
}

/* One parameter (inspect.Parameter.__str__): stars, name, annotation, default. */
static int put_param(ev_interp *I, ev_buf *b, const char *stars, ev_str *name, ev_value ann, ev_value dflt)
{
    if (ev_buf_puts(I, b, stars) || ev_buf_put(I, b, name->data, name->len))
        return -1;
    if (!EV_IS_ERR(ann) && (ev_buf_puts(I, b, ": ") || put_annotation(I, b, ann)))
        return -1;
    if (!EV_IS_ERR(dflt) && (ev_buf_puts(I, b, EV_IS_ERR(ann) ? "=" : " = ") || ev_buf_repr(I, b, dflt)))
        return -1;
    return 0;
}

/* The signature of a user function, "(a, b=1, *args, c, **kw) -> int";
 * bound: its first parameter dropped (a bound method).  0, 1 when inspect
 * finds it invalid (pydoc prints "(...)"), -1 raised. */
static int put_func_signature(ev_interp *I, ev_buf *b, ev_value fv, bool bound)
{
    ev_func *f = (ev_func *)fv.u.o;
    const ev_funcdef *d = f->def;
    bool absent;
    /* functools.wraps and a __signature__ send inspect elsewhere */
    const char *const others[] = {"__wrapped__", "__signature__"};
    for (int i = 0; i < 2; i++) {
        ev_value w = attr(I, fv, others[i], &absent);
        if (!EV_IS_ERR(w)) {
            ev_decref(I, w);
            HELP_NI(I, "help() of a function with %s is not supported by safepy", others[i]);
            return -1;
        }
        if (!absent)
            return -1;
    }
    ev_value defs = attr(I, fv, "__defaults__", &absent);
    ev_value kwd = EV_IS_ERR(defs) ? EV_ERR : attr(I, fv, "__kwdefaults__", &absent);
    ev_value anns = EV_IS_ERR(kwd) ? EV_ERR : attr(I, fv, "__annotations__", &absent);
    int r = -1;
    if (EV_IS_ERR(anns))
        goto out;
    if ((defs.tag != EV_T_NONE && !ev_is(defs, EV_O_TUPLE)) || (kwd.tag != EV_T_NONE && !ev_is(kwd, EV_O_DICT)) ||
        (anns.tag != EV_T_NONE && !ev_is(anns, EV_O_DICT))) {
        HELP_NI(I, "help() of a function whose __defaults__, __kwdefaults__ or __annotations__ was replaced "
                   "is not supported by safepy");
        goto out;
    }
    size_t npos = d->nparams, nk = d->nkwonly;
    size_t nd = ev_is(defs, EV_O_TUPLE) ? ev_as_tuple(defs)->len : 0;
    if (nd > npos) {
        HELP_NI(I, "help() of a function with more defaults than parameters is not supported by safepy");
        goto out;
    }
    size_t total = npos + nk + d->varargs + d->varkw, first = 0;
    if (bound) {
        /* inspect drops the first positional parameter; a method without one is invalid */
        if (npos)
            first = 1;
        else if (!d->varargs) {
            r = 1;
            goto out;
        }
    }
    ev_str *annret = ev_intern(I, "return", 6);
    if (!annret || ev_buf_puts(I, b, "("))
        goto out;
    bool sep = false, posonly_pending = false, kw_star = true;
    for (size_t o = first; o < total; o++) {
        /* display order: positional, *args, keyword-only, **kw; the slots
         * hold the keyword-only ones before *args */
        size_t i = o;
        if (d->varargs && o == npos)
            i = npos + nk;
        else if (d->varargs && o > npos && o <= npos + nk)
            i = o - 1;
        ev_str *name = d->slotnames[i];
        ev_value *a = ev_is(anns, EV_O_DICT) ? ev_dict_lookup_str(ev_as_dict(anns), name) : NULL;
        ev_value ann = a ? *a : EV_ERR, dflt = EV_ERR;
        const char *stars = "";
        bool kwonly = false;
        if (i < npos) {
            if (i < d->nposonly)
                posonly_pending = true;
            if (i >= npos - nd)
                dflt = ev_as_tuple(defs)->items[i - (npos - nd)];
        } else if (i < npos + nk) {
            kwonly = true;
            ev_value *v = ev_is(kwd, EV_O_DICT) ? ev_dict_lookup_str(ev_as_dict(kwd), name) : NULL;
            dflt = v ? *v : EV_ERR;
        } else {
            stars = d->varargs && i == npos + nk ? "*" : "**";
        }
        if (i >= d->nposonly && posonly_pending) {
            if ((sep && ev_buf_puts(I, b, ", ")) || ev_buf_puts(I, b, "/"))
                goto out;
            sep = true;
            posonly_pending = false;
        }
        if (stars[0] == '*' && !stars[1])
            kw_star = false;
        else if (kwonly && kw_star) {
            if ((sep && ev_buf_puts(I, b, ", ")) || ev_buf_puts(I, b, "*"))
                goto out;
            sep = true;
            kw_star = false;
        }
        /* an annotation or default read here may run code that changes the
         * dicts: hold what is printed */
        ev_incref(ann);
        ev_incref(dflt);
        int e = (sep && ev_buf_puts(I, b, ", ")) || put_param(I, b, stars, name, ann, dflt);
        if (!EV_IS_ERR(ann))
            ev_decref(I, ann);
        if (!EV_IS_ERR(dflt))
            ev_decref(I, dflt);
        if (e)
            goto out;
        sep = true;
    }
    if (posonly_pending && ((sep && ev_buf_puts(I, b, ", ")) || ev_buf_puts(I, b, "/")))
        goto out;
    if (ev_buf_puts(I, b, ")"))
        goto out;
    ev_value *ra = ev_is(anns, EV_O_DICT) ? ev_dict_lookup_str(ev_as_dict(anns), annret) : NULL;
    if (ra) {
        ev_value rv = ev_dup(*ra);
        int e = ev_buf_puts(I, b, " -> ") || put_annotation(I, b, rv);
        ev_decref(I, rv);
        if (e)
            goto out;
    }
    r = 0;
out:
    if (!EV_IS_ERR(defs))
        ev_decref(I, defs);
    if (!EV_IS_ERR(kwd))
        ev_decref(I, kwd);
    if (!EV_IS_ERR(anns))
        ev_decref(I, anns);
    return r;
}

/* A host function's declared signature, as CPython prints a C function's
 * __text_signature__; an optional parameter has no default to show, and
 * prints as the run_python catalog writes it, "count=...". */
static int put_host_signature(ev_interp *I, ev_buf *b, const ev_builtin_def *d)
{
    size_t n;
    const ev_host_param *p = ev_host_params(d, &n);
    if (!p && n == (size_t)-1)
        return ev_buf_puts(I, b, "(...)");
    if (ev_buf_puts(I, b, "("))
        return -1;
    bool star = false;
    for (size_t i = 0; i < n; i++) {
        if (p[i].keyword_only && !star) {
            if (ev_buf_puts(I, b, i ? ", *" : "*"))
                return -1;
            star = true;
        }
        if (ev_buf_printf(I, b, "%s%s%s", i || star ? ", " : "", p[i].name, p[i].required ? "" : "=..."))
            return -1;
    }
    return ev_buf_puts(I, b, ")");
}

/* ---- pages ------------------------------------------------------------------------------------------- */

static bool is_host_fn(ev_value v)
{
    return ev_is(v, EV_O_BUILTIN) && (((ev_builtin *)v.u.o)->def->flags & EV_BF_HOST);
}

/* TextDoc.docroutine(obj, key): "name(sig) note\n" then the indented doc.
 * key: the name it is documented under (a module's attribute), or NULL. */
static int doc_routine(ev_interp *I, ev_buf *b, ev_value obj, ev_str *key)
{
    ev_value fn = obj, self = EV_ERR;
    if (ev_is(obj, EV_O_METHOD)) {
        fn = ((ev_method *)obj.u.o)->func;
        self = ((ev_method *)obj.u.o)->self;
    }
    ev_value realname = str_attr(I, obj, "__name__");
    if (EV_IS_ERR(realname))
        return -1;
    ev_buf sig = {0}, note = {0}, doc = {0};
    int r = -1;
    const char *rn = ev_as_str(realname)->data;
    bool lambda = false;
    if (ev_is(fn, EV_O_FUNC)) {
        const ev_funcdef *d = ((ev_func *)fn.u.o)->def;
        if (d->coroutine && ev_buf_puts(I, b, "async "))
            goto out;
        int s = put_func_signature(I, &sig, fn, !EV_IS_ERR(self));
        if (s < 0 || (s == 1 && ev_buf_puts(I, &sig, "(...)")))
            goto out;
        lambda = s == 0 && strcmp(rn, "<lambda>") == 0;
    } else if (put_host_signature(I, &sig, ((ev_builtin *)fn.u.o)->def)) {
        goto out;
    }
    if (!EV_IS_ERR(self)) {
        /* " method of mod.C instance" (classname: the module always, as render_doc passes none) */
        ev_value t = ev_obj_val(&ev_type_of(self)->h);
        ev_value m = str_attr(I, t, "__module__");
        ev_value q = EV_IS_ERR(m) ? EV_ERR : str_attr(I, t, "__name__");
        int e = EV_IS_ERR(q) || ev_buf_printf(I, &note, " method of %s.%s instance", ev_as_str(m)->data,
                                             ev_as_str(q)->data);
        if (!EV_IS_ERR(m))
            ev_decref(I, m);
        if (!EV_IS_ERR(q))
            ev_decref(I, q);
        if (e)
            goto out;
    }
    if (put_doc_of(I, obj, &doc) || (!doc.len && find_doc(I, obj, fn, self, &doc)))
        goto out;
    if (lambda) {
        /* "name lambda a, b=1": the parentheses dropped; none left is "(...)" */
        if (ev_buf_printf(I, b, "%s lambda ", key ? key->data : rn) ||
            (sig.len > 2 ? ev_buf_put(I, b, sig.data + 1, sig.len - 2) : ev_buf_puts(I, b, "(...)")))
            goto out;
    } else {
        if (key && strcmp(key->data, rn) != 0 && ev_buf_printf(I, b, "%s = ", key->data))
            goto out;
        if (ev_buf_puts(I, b, rn) || ev_buf_put(I, b, sig.data, sig.len))
            goto out;
    }
    if (ev_buf_put(I, b, note.data, note.len) || ev_buf_puts(I, b, "\n"))
        goto out;
    if (doc.len) {
        ev_buf ind = {0};
        int e = put_indented(I, &ind, doc.data, doc.len, "    ");
        e = e || ev_buf_put(I, b, ind.data, rstrip_len(ind.data, ind.len)) || ev_buf_puts(I, b, "\n");
        ev_buf_free(I, &ind);
        if (e)
            goto out;
    }
    r = 0;
out:
    ev_buf_free(I, &sig);
    ev_buf_free(I, &note);
    ev_buf_free(I, &doc);
    ev_decref(I, realname);
    return r;
}

/* TextDoc.section(title, contents) */
static int put_section(ev_interp *I, ev_buf *b, const char *title, const ev_buf *contents)
{
    ev_buf ind = {0};
    int r = put_indented(I, &ind, contents->data, contents->len, "    ");
    r = r || ev_buf_printf(I, b, "%s\n", title) || ev_buf_put(I, b, ind.data, rstrip_len(ind.data, ind.len)) ||
        ev_buf_puts(I, b, "\n\n");
    ev_buf_free(I, &ind);
    return r ? -1 : 0;
}

/* The part of an exception class's page that is CPython's documentation
 * of Exception and BaseException (pydoc's TextDoc.docclass of `class
 * E(Exception)` with nothing of its own, from "Data descriptors" on) */
static const char exc_class_tail[] =
    " |  Data descriptors defined here:\n"
    " |  \n"
    " |  __weakref__\n"
    " |      list of weak references to the object\n"
    " |  \n"
    " |  ----------------------------------------------------------------------\n"
    " |  Methods inherited from builtins.Exception:\n"
    " |  \n"
    " |  __init__(self, /, *args, **kwargs)\n"
    " |      Initialize self.  See help(type(self)) for accurate signature.\n"
    " |  \n"
    " |  ----------------------------------------------------------------------\n"
    " |  Static methods inherited from builtins.Exception:\n"
    " |  \n"
    " |  __new__(*args, **kwargs) from builtins.type\n"
    " |      Create and return a new object.  See help(type) for accurate signature.\n"
    " |  \n"
    " |  ----------------------------------------------------------------------\n"
    " |  Methods inherited from builtins.BaseException:\n"
    " |  \n"
    " |  __delattr__(self, name, /)\n"
    " |      Implement delattr(self, name).\n"
    " |  \n"
    " |  __getattribute__(self, name, /)\n"
    " |      Return getattr(self, name).\n"
    " |  \n"
    " |  __reduce__(...)\n"
    " |      Helper for pickle.\n"
    " |  \n"
    " |  __repr__(self, /)\n"
    " |      Return repr(self).\n"
    " |  \n"
    " |  __setattr__(self, name, value, /)\n"
    " |      Implement setattr(self, name, value).\n"
    " |  \n"
    " |  __setstate__(...)\n"
    " |  \n"
    " |  __str__(self, /)\n"
    " |      Return str(self).\n"
    " |  \n"
    " |  add_note(...)\n"
    " |      Exception.add_note(note) --\n"
    " |      add a note to the exception\n"
    " |  \n"
    " |  with_traceback(...)\n"
    " |      Exception.with_traceback(tb) --\n"
    " |      set self.__traceback__ to tb and return self.\n"
    " |  \n"
    " |  ----------------------------------------------------------------------\n"
    " |  Data descriptors inherited from builtins.BaseException:\n"
    " |  \n"
    " |  __cause__\n"
    " |      exception cause\n"
    " |  \n"
    " |  __context__\n"
    " |      exception context\n"
    " |  \n"
    " |  __dict__\n"
    " |  \n"
    " |  __suppress_context__\n"
    " |  \n"
    " |  __traceback__\n"
    " |  \n"
    " |  args\n";

/* A class the host made (host.c's make_exception) as it was made: bases
 * (Exception,), nothing but __module__ and __doc__ set.  Its page is then
 * CPython's for `class N(Exception): "doc"` in module mod. */
static bool exc_class_pristine(ev_value v, const char *mod)
{
    if (!ev_is(v, EV_O_TYPE) || !ev_is_heaptype((ev_type *)v.u.o))
        return false;
    ev_type *t = (ev_type *)v.u.o;
    if (ev_meta_of(t) != &ev_type_type || !ev_is(t->bases, EV_O_TUPLE) || ev_as_tuple(t->bases)->len != 1 ||
        ev_as_tuple(t->bases)->items[0].u.o != &ev_type_Exception.h || !t->dict)
        return false;
    for (uint32_t i = 0; i < t->dict->nentries; i++) {
        ev_value k = t->dict->entries[i].key;
        if (EV_IS_ERR(k))
            continue;
        if (!ev_is(k, EV_O_STR))
            return false;
        const char *n = ev_as_str(k)->data;
        ev_value val = t->dict->entries[i].value;
        if (strcmp(n, "__module__") == 0) {
            if (!ev_is(val, EV_O_STR) || strcmp(ev_as_str(val)->data, mod) != 0)
                return false;
        } else if (strcmp(n, "__doc__") == 0) {
            if (val.tag != EV_T_NONE && !ev_is(val, EV_O_STR))
                return false;
        } else if (strcmp(n, "__qualname__") != 0 && strcmp(n, "__weakref__") != 0 && strcmp(n, "__dict__") != 0) {
            return false;
        }
    }
    return true;
}

/* docclass of such a class, documented under key: its title, its
 * docstring (Exception's when it has none), its MRO, then Exception's. */
static int doc_exc_class(ev_interp *I, ev_buf *b, ev_value cls, ev_str *key)
{
    ev_type *t = (ev_type *)cls.u.o;
    ev_value nm = str_attr(I, cls, "__name__");
    if (EV_IS_ERR(nm))
        return -1;
    const char *name = ev_as_str(nm)->data;
    ev_buf doc = {0}, ind = {0};
    int r = -1;
    ev_str *dk = ev_intern(I, "__doc__", 7);
    ev_value *dv = dk ? ev_dict_lookup_str(t->dict, dk) : NULL;
    if (!dk)
        goto out;
    if (!dv || dv->tag == EV_T_NONE) {
        if (ev_buf_puts(I, &doc, "Common base class for all non-exit exceptions."))
            goto out;
    } else {
        ev_buf c = {0};
        int e = cleandoc(I, ev_as_str(*dv)->data, ev_as_str(*dv)->len, &c);
        e = e || ev_buf_put(I, &doc, c.data, rstrip_len(c.data, c.len));
        ev_buf_free(I, &c);
        if (e)
            goto out;
    }
    if (strcmp(key->data, name) != 0 && ev_buf_printf(I, b, "%s = ", key->data))
        goto out;
    if (ev_buf_printf(I, b, "class %s(builtins.Exception)\n", name))
        goto out;
    if (doc.len && (put_indented(I, &ind, doc.data, doc.len, " |  ") || ev_buf_put(I, b, ind.data, ind.len) ||
                    ev_buf_puts(I, b, "\n |  \n")))
        goto out;
    if (ev_buf_printf(I, b, " |  Method resolution order:\n |      %s\n |      builtins.Exception\n"
                            " |      builtins.BaseException\n |      builtins.object\n |  \n", name) ||
        ev_buf_puts(I, b, exc_class_tail))
        goto out;
    r = 0;
out:
    ev_buf_free(I, &doc);
    ev_buf_free(I, &ind);
    ev_decref(I, nm);
    return r;
}

static int cmp_names(const void *a, const void *b)
{
    const ev_str *x = *(ev_str *const *)a, *y = *(ev_str *const *)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->data, y->data, n);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

/* TextDoc.docmodule for a module the host made: NAME, SUBMODULES,
 * CLASSES, FUNCTIONS, FILE (built-in).  Its namespace holds what host.c
 * put there: submodules, host functions and exception classes; anything
 * else (the program's) is refused. */
static int doc_host_module(ev_interp *I, ev_buf *b, ev_module *m)
{
    const char *name = m->def->name;
    size_t nn = strlen(name), cap = m->ns->nentries, n = 0;
    ev_str **keys = ev_alloc(I, sizeof *keys * (cap ? cap : 1));
    if (!keys)
        return -1;
    ev_buf subs = {0}, fns = {0}, tree = {0}, classes = {0};
    int r = -1;
    for (uint32_t i = 0; i < m->ns->nentries; i++) {
        ev_value k = m->ns->entries[i].key;
        if (!EV_IS_ERR(k) && ev_is(k, EV_O_STR))
            keys[n++] = ev_as_str(k);
    }
    qsort(keys, n, sizeof *keys, cmp_names);
    /* every value first held: documenting one may run no code, but the
     * namespace is the program's to change */
    for (size_t i = 0; i < n; i++) {
        ev_value *v = ev_dict_lookup_str(m->ns, keys[i]);
        if (!v || keys[i]->data[0] == '_')
            continue;
        if (ev_is(*v, EV_O_MODULE)) {
            const char *sub = ((ev_module *)v->u.o)->def->name;
            if (strncmp(sub, name, nn) == 0 && sub[nn] == '.' &&
                ((subs.len && ev_buf_puts(I, &subs, "\n")) || ev_buf_put(I, &subs, keys[i]->data, keys[i]->len)))
                goto out;
        } else if (is_host_fn(*v)) {
            ev_value fv = ev_dup(*v);
            int e = (fns.len && ev_buf_puts(I, &fns, "\n")) || doc_routine(I, &fns, fv, keys[i]);
            ev_decref(I, fv);
            if (e)
                goto out;
        } else if (exc_class_pristine(*v, name) && strcmp(ev_type_qualname((ev_type *)v->u.o), keys[i]->data) == 0) {
            ev_value cv = ev_dup(*v);
            int e = ev_buf_printf(I, &tree, "    %s\n", keys[i]->data) || ev_buf_puts(I, &classes, "\n") ||
                    doc_exc_class(I, &classes, cv, keys[i]);
            ev_decref(I, cv);
            if (e)
                goto out;
        } else {
            HELP_NI(I, "help() of module %s is not supported by safepy: its attribute %s is no function, "
                       "namespace or exception class as the host made it; use help() on its functions",
                    name, keys[i]->data);
            goto out;
        }
    }
    ev_buf nb = {.data = (char *)name, .len = nn, .cap = 0};
    if (put_section(I, b, "NAME", &nb))
        goto out;
    if (subs.len && put_section(I, b, "SUBMODULES", &subs))
        goto out;
    if (tree.len) {
        /* the class tree (the host's classes all derive from Exception), then each page */
        ev_buf all = {0};
        int e = ev_buf_puts(I, &all, "builtins.Exception(builtins.BaseException)\n") ||
                ev_buf_put(I, &all, tree.data, tree.len) || ev_buf_put(I, &all, classes.data, classes.len) ||
                put_section(I, b, "CLASSES", &all);
        ev_buf_free(I, &all);
        if (e)
            goto out;
    }
    if (fns.len && put_section(I, b, "FUNCTIONS", &fns))
        goto out;
    ev_buf file = {.data = "(built-in)", .len = 10, .cap = 0};
    if (put_section(I, b, "FILE", &file))
        goto out;
    r = 0;
out:
    ev_buf_free(I, &subs);
    ev_buf_free(I, &fns);
    ev_buf_free(I, &tree);
    ev_buf_free(I, &classes);
    ev_dealloc(I, keys);
    return r;
}

/* render_doc's title, "Help on <describe> in module M:" */
static int put_title(ev_interp *I, ev_buf *b, const char *what, ev_value obj, bool module)
{
    /* a module the host made has its name in its def */
    ev_value nm = module ? ev_str_from_cstr(I, ((ev_module *)obj.u.o)->def->name) : str_attr(I, obj, "__name__");
    if (EV_IS_ERR(nm))
        return -1;
    const char *name = ev_as_str(nm)->data;
    int r = ev_buf_printf(I, b, "Help on %s %s", what, name);
    const char *dot = strrchr(name, '.');
    if (r == 0 && dot) {
        r = ev_buf_printf(I, b, " in %.*s", (int)(dot - name), name);
    } else if (r == 0 && !module) {
        ev_value mod = str_attr(I, obj, "__module__");
        ev_str *k = EV_IS_ERR(mod) ? NULL : ev_intern(I, ev_as_str(mod)->data, ev_as_str(mod)->len);
        if (!k)
            r = -1;
        else if (strcmp(k->data, "__main__") != 0 && strcmp(k->data, "builtins") != 0 &&
                 !ev_dict_lookup_str(I->modules, k)) {
            HELP_NI(I, "help() of an object whose module %s is not imported is not supported by safepy", k->data);
            r = -1;
        } else {
            r = ev_buf_printf(I, b, " in module %s", k->data);
        }
        if (!EV_IS_ERR(mod))
            ev_decref(I, mod);
    }
    ev_decref(I, nm);
    return r || ev_buf_puts(I, b, ":\n\n") ? -1 : 0;
}

/* pydoc's plain(): every character followed by a backspace dropped with
 * it (the pager's undoing of bold); then written as print() writes. */
static int emit(ev_interp *I, ev_buf *b)
{
    size_t o = 0;
    for (size_t i = 0; i < b->len;) {
        size_t k = i + 1;
        while (k < b->len && ((unsigned char)b->data[k] & 0xc0) == 0x80)
            k++;
        if (b->data[i] != '\n' && k < b->len && b->data[k] == '\b') {
            i = k + 1;
            continue;
        }
        memmove(b->data + o, b->data + i, k - i);
        o += k - i;
        i = k;
    }
    b->len = o;
    if (ev_utf8_encodable(I, b->data, b->len)) {
        ev_decref(I, I->exc);
        I->exc = EV_NONE;
        HELP_NI(I, "help() of text holding lone surrogates is not supported by safepy (CPython escapes them)");
        return -1;
    }
    ev_value s = ev_str_new(I, b->data, b->len);
    if (EV_IS_ERR(s))
        return -1;
    ev_value r = ev_print_str(I, s);
    ev_decref(I, s);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

ev_value ev_builtin_help(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    (void)kw;
    if (argc == 0)
        return HELP_NI(I, "help() with no argument starts CPython's interactive help, which safepy does not have; "
                          "call help(obj) on a function or module, or print(obj.__doc__)");
    ev_value obj = argv[0];
    if (ev_is(obj, EV_O_STR))
        return HELP_NI(I, "help() of a string looks up a topic or a name in CPython's documentation, which safepy "
                          "does not have; pass the object itself (help(tools.example.echo)) or print(obj.__doc__)");
    ev_buf b = {0};
    int r;
    if (ev_is(obj, EV_O_FUNC)) {
        r = put_title(I, &b, "function", obj, false);
        r = r || doc_routine(I, &b, obj, NULL);
    } else if (ev_is(obj, EV_O_METHOD) && ev_is(((ev_method *)obj.u.o)->func, EV_O_FUNC) &&
               !ev_is(((ev_method *)obj.u.o)->self, EV_O_TYPE)) {
        r = put_title(I, &b, "method", obj, false);
        r = r || doc_routine(I, &b, obj, NULL);
    } else if (is_host_fn(obj)) {
        r = put_title(I, &b, "built-in function", obj, false);
        r = r || doc_routine(I, &b, obj, NULL);
    } else if (ev_is(obj, EV_O_MODULE) && ev_host_is_module(I, ((ev_module *)obj.u.o)->def->name)) {
        r = put_title(I, &b, "module", obj, true);
        r = r || doc_host_module(I, &b, (ev_module *)obj.u.o);
    } else if (ev_is(obj, EV_O_BUILTIN)) {
        return HELP_NI(I, "help() of safepy's built-in functions and methods is not supported: CPython's page "
                          "is its docstring, which safepy does not carry");
    } else {
        const char *tn = ev_is(obj, EV_O_METHOD) ? "classmethod" : ev_type_name(obj);
        return HELP_NI(I, "help() of %s objects is not supported by safepy yet; print(obj.__doc__) shows a "
                          "docstring", tn);
    }
    /* Helper.help writes a newline after the page */
    r = r || ev_buf_puts(I, &b, "\n") || emit(I, &b);
    ev_buf_free(I, &b);
    return r ? EV_ERR : EV_NONE;
}
