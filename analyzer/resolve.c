/* resolve.c - does a name resolve to the builtin of that name?  The
 * predicate #builtin? of the rules on forbidden builtins (SP201...).
 *
 * `def tree(input): return input` uses a parameter, not the builtin input:
 * only a name that CPython 3.11 would look up in the builtins module is a
 * use of the builtin.  This follows CPython's name resolution
 * (Python/symtable.c, and LOAD_FAST / LOAD_DEREF / LOAD_NAME at run time):
 *
 *   - a function, lambda or comprehension scope that binds the name anywhere
 *     (a parameter, an assignment or for target, an import, def, class,
 *     with/except `as`, del, an annotation) makes it local: it is never the
 *     builtin (unbound, it is UnboundLocalError);  `nonlocal` names a
 *     variable of an enclosing function; `global` sends it to the module;
 *   - otherwise enclosing functions are tried, skipping class bodies, and
 *     then the module;
 *   - a class body and the module look their names up at run time and fall
 *     back to the builtins while the name is unbound, so there a binding
 *     counts only when it certainly happened first: a statement of that body
 *     itself (not inside an if, a loop or a try) that binds unconditionally
 *     (an assignment with a value, an import, def, class) and ends before the
 *     statement holding the reference; for the module, also no `del` of the
 *     name anywhere in the program.
 *
 * Every doubt resolves to "the builtin": a binding form not recognised here
 * only costs a finding, never lets a builtin through.  A position that is
 * no reference at all (a binding, an attribute or keyword name, an import's
 * module path, a global statement's names) is not the builtin either.
 *
 * The module's unconditional bindings and deleted names are gathered once
 * per program (an_names_build, read-only afterwards, shared by lint's
 * threads); scopes are read on demand, with a small per-thread cache. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "analyzer/an_int.h"

typedef struct rsyms {
    TSSymbol ident, funcdef, lambda, classdef, decorated, params, lparams, default_param, typed_param,
        typed_default, list_splat_pat, dict_splat_pat, listcomp, setcomp, dictcomp, genexp, for_in, for_stmt,
        assignment, augassign, expr_stmt, pattern_list, tuple_pattern, list_pattern, tuple, list, paren,
        expr_list, list_splat, as_target, named_expr, del, import, import_from, future_import, aliased, dotted,
        global, nonlocal, except_clause, attribute, keyword_arg, block, module;
    TSFieldId f_name, f_body, f_left, f_right, f_alias, f_attribute, f_type, f_module_name;
} rsyms;

static rsyms Y;
static pthread_once_t y_once = PTHREAD_ONCE_INIT;

static TSSymbol sy(const char *n)
{
    return an_symbol(n, strlen(n), true);
}

static TSFieldId fd(const char *n)
{
    return an_field(n, strlen(n));
}

static void y_build(void)
{
    Y.ident = sy("identifier");
    Y.funcdef = sy("function_definition");
    Y.lambda = sy("lambda");
    Y.classdef = sy("class_definition");
    Y.decorated = sy("decorated_definition");
    Y.params = sy("parameters");
    Y.lparams = sy("lambda_parameters");
    Y.default_param = sy("default_parameter");
    Y.typed_param = sy("typed_parameter");
    Y.typed_default = sy("typed_default_parameter");
    Y.list_splat_pat = sy("list_splat_pattern");
    Y.dict_splat_pat = sy("dictionary_splat_pattern");
    Y.listcomp = sy("list_comprehension");
    Y.setcomp = sy("set_comprehension");
    Y.dictcomp = sy("dictionary_comprehension");
    Y.genexp = sy("generator_expression");
    Y.for_in = sy("for_in_clause");
    Y.for_stmt = sy("for_statement");
    Y.assignment = sy("assignment");
    Y.augassign = sy("augmented_assignment");
    Y.expr_stmt = sy("expression_statement");
    Y.pattern_list = sy("pattern_list");
    Y.tuple_pattern = sy("tuple_pattern");
    Y.list_pattern = sy("list_pattern");
    Y.tuple = sy("tuple");
    Y.list = sy("list");
    Y.paren = sy("parenthesized_expression");
    Y.expr_list = sy("expression_list");
    Y.list_splat = sy("list_splat");
    Y.as_target = sy("as_pattern_target");
    Y.named_expr = sy("named_expression");
    Y.del = sy("delete_statement");
    Y.import = sy("import_statement");
    Y.import_from = sy("import_from_statement");
    Y.future_import = sy("future_import_statement");
    Y.aliased = sy("aliased_import");
    Y.dotted = sy("dotted_name");
    Y.global = sy("global_statement");
    Y.nonlocal = sy("nonlocal_statement");
    Y.except_clause = sy("except_clause");
    Y.attribute = sy("attribute");
    Y.keyword_arg = sy("keyword_argument");
    Y.block = sy("block");
    Y.module = sy("module");
    Y.f_name = fd("name");
    Y.f_body = fd("body");
    Y.f_left = fd("left");
    Y.f_right = fd("right");
    Y.f_alias = fd("alias");
    Y.f_attribute = fd("attribute");
    Y.f_type = fd("type");
    Y.f_module_name = fd("module_name");
}

/* --- names ------------------------------------------------------------------------------- */

/* The NFKC form of an identifier's text (as CPython's parser reads it);
 * *owned is set when it must be freed. */
static const char *name_text(const an_parse *p, const an_node *v, size_t *len, char **owned)
{
    const char *t = p->src + v->start;
    *len = v->end - v->start;
    *owned = NULL;
    bool ascii = true;
    for (size_t i = 0; i < *len && ascii; i++)
        ascii = (unsigned char)t[i] < 0x80;
    if (ascii)
        return t;
    utf8proc_uint8_t *dst = NULL;
    utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)t, (utf8proc_ssize_t)*len, &dst,
                                      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
    if (r < 0)
        return t;
    *owned = (char *)dst;
    *len = (size_t)r;
    return *owned;
}

static bool node_is_name(const an_parse *p, const an_node *v, const char *x, size_t xl)
{
    const char *t0 = p->src + v->start;
    size_t l0 = v->end - v->start;
    if (l0 == xl && memcmp(t0, x, xl) == 0)
        return true;
    bool ascii = true;
    for (size_t i = 0; i < l0 && ascii; i++)
        ascii = (unsigned char)t0[i] < 0x80;
    if (ascii)
        return false;
    size_t len;
    char *owned;
    const char *t = name_text(p, v, &len, &owned);
    bool eq = len == xl && memcmp(t, x, xl) == 0;
    free(owned);
    return eq;
}

static bool is_comp(TSSymbol s)
{
    return s == Y.listcomp || s == Y.setcomp || s == Y.dictcomp || s == Y.genexp;
}

/* Nodes a target passes through between a binding name and its statement. */
static bool target_part(TSSymbol s)
{
    return s == Y.pattern_list || s == Y.tuple_pattern || s == Y.list_pattern || s == Y.list_splat_pat ||
           s == Y.tuple || s == Y.list || s == Y.paren || s == Y.expr_list || s == Y.list_splat;
}

static uint32_t first_for_in(const an_flat *fl, uint32_t comp)
{
    for (uint32_t c = comp + 1; c < fl->v[comp].next; c = fl->v[c].next)
        if (fl->v[c].sym == Y.for_in)
            return c;
    return AN_NONE;
}

/* The scope whose code evaluates node x: a function, lambda, class or
 * comprehension node, or AN_NONE for the module.  A def's decorators,
 * defaults and annotations, a class's bases and a comprehension's first
 * iterable belong to the enclosing scope. */
static uint32_t scope_of(const an_flat *fl, uint32_t x)
{
    uint32_t c = x, came_right_of = AN_NONE;
    for (uint32_t p = fl->v[x].parent; p != AN_NONE; c = p, p = fl->v[p].parent) {
        TSSymbol s = fl->v[p].sym;
        if (s == Y.funcdef || s == Y.lambda || s == Y.classdef) {
            if (fl->v[c].field == Y.f_body)
                return p;
        } else if (is_comp(s)) {
            if (!(c == came_right_of && c == first_for_in(fl, p)))
                return p;
        } else if (s == Y.for_in && fl->v[c].field == Y.f_right) {
            came_right_of = p;
            continue;
        }
        came_right_of = AN_NONE;
    }
    return AN_NONE;
}

/* The function or lambda whose parameter list holds node x (a parameter
 * name), or AN_NONE. */
static uint32_t param_owner(const an_flat *fl, uint32_t x)
{
    uint32_t p = fl->v[x].parent;
    if (p == AN_NONE)
        return AN_NONE;
    TSSymbol s = fl->v[p].sym;
    if (s == Y.list_splat_pat || s == Y.dict_splat_pat) {
        x = p;
        p = fl->v[p].parent;
        if (p == AN_NONE)
            return AN_NONE;
        s = fl->v[p].sym;
    }
    if (s == Y.default_param || s == Y.typed_default) {
        if (fl->v[x].field != Y.f_name)
            return AN_NONE;
        p = fl->v[p].parent;
    } else if (s == Y.typed_param) {
        if (fl->v[x].field == Y.f_type)
            return AN_NONE;
        p = fl->v[p].parent;
    }
    if (p == AN_NONE || (fl->v[p].sym != Y.params && fl->v[p].sym != Y.lparams))
        return AN_NONE;
    return fl->v[p].parent;
}

typedef enum role { R_REF, R_NONE, R_BIND, R_BIND_REF } role;

/* What identifier x is: a reference, no name at all, a binding of the
 * scope *at (R_BIND), or both (x += 1). */
static role role_of(const an_flat *fl, uint32_t x, uint32_t *at)
{
    const an_node *v = fl->v;
    uint32_t p = v[x].parent;
    *at = AN_NONE;
    if (p == AN_NONE)
        return R_REF;
    TSSymbol ps = v[p].sym;
    if ((ps == Y.attribute && v[x].field == Y.f_attribute) || (ps == Y.keyword_arg && v[x].field == Y.f_name))
        return R_NONE;
    if ((ps == Y.funcdef || ps == Y.classdef) && v[x].field == Y.f_name) {
        *at = scope_of(fl, p);
        return R_BIND;
    }
    uint32_t owner = param_owner(fl, x);
    if (owner != AN_NONE) {
        *at = owner;
        return R_BIND;
    }
    if (ps == Y.global || ps == Y.nonlocal)
        return R_NONE;
    /* an import binds its alias, or the first name of `import a.b`, or the
     * name of `from m import n`; the rest of it is module paths */
    for (uint32_t a = p; a != AN_NONE; a = v[a].parent) {
        TSSymbol s = v[a].sym;
        if (s == Y.import || s == Y.import_from || s == Y.future_import) {
            bool binds = false;
            if (ps == Y.aliased && v[x].field == Y.f_alias)
                binds = true;
            else if (ps == Y.dotted && v[p].parent == a && v[p].field == Y.f_name && x == p + 1)
                binds = s == Y.import || an_flat_named_child_count(fl, p) == 1;
            if (!binds)
                return R_NONE;
            *at = scope_of(fl, a);
            return R_BIND;
        }
        if (s != Y.dotted && s != Y.aliased)
            break;
    }
    if (ps == Y.except_clause && v[x].field == Y.f_alias) {
        *at = scope_of(fl, p);
        return R_BIND;
    }
    uint32_t c = x;
    while (v[c].parent != AN_NONE && target_part(v[v[c].parent].sym))
        c = v[c].parent;
    uint32_t t = v[c].parent;
    if (t == AN_NONE)
        return R_REF;
    TSSymbol ts = v[t].sym;
    TSFieldId f = v[c].field;
    if ((ts == Y.assignment && f == Y.f_left) || (ts == Y.for_stmt && f == Y.f_left) || ts == Y.as_target ||
        ts == Y.del) {
        *at = scope_of(fl, t);
        return R_BIND;
    }
    if (ts == Y.augassign && f == Y.f_left && c == x) {
        *at = scope_of(fl, t);
        return R_BIND_REF;
    }
    if (ts == Y.for_in && f == Y.f_left) {
        *at = v[t].parent;
        return R_BIND;
    }
    if (ts == Y.named_expr && f == Y.f_name && c == x) {
        /* in a comprehension it binds in the enclosing function: not
         * followed, which only costs a finding */
        uint32_t s = scope_of(fl, t);
        if (s != AN_NONE && is_comp(v[s].sym))
            return R_REF;
        *at = s;
        return R_BIND;
    }
    return R_REF;
}

/* --- unconditional bindings of a statement list ---------------------------------------- */

/* Does statement s (a direct child of a module or class body) certainly
 * bind x when it completes?  An assignment with a value (any target
 * structure, chained), an import, def, class. */
static bool binds_target(const an_parse *p, const an_flat *fl, uint32_t t, const char *x, size_t xl, int depth)
{
    const an_node *v = fl->v;
    if (depth > 64)
        return false;
    if (v[t].sym == Y.ident)
        return node_is_name(p, &v[t], x, xl);
    if (!target_part(v[t].sym))
        return false;
    for (uint32_t c = t + 1; c < v[t].next; c = v[c].next)
        if (v[c].named && binds_target(p, fl, c, x, xl, depth + 1))
            return true;
    return false;
}

static bool stmt_binds(const an_parse *p, const an_flat *fl, uint32_t s, const char *x, size_t xl)
{
    const an_node *v = fl->v;
    TSSymbol k = v[s].sym;
    if (k == Y.decorated) {
        for (uint32_t c = s + 1; c < v[s].next; c = v[c].next)
            if (v[c].sym == Y.funcdef || v[c].sym == Y.classdef)
                return stmt_binds(p, fl, c, x, xl);
        return false;
    }
    if (k == Y.funcdef || k == Y.classdef) {
        uint32_t n = an_flat_child_by_field(fl, s, Y.f_name);
        return n != AN_NONE && node_is_name(p, &v[n], x, xl);
    }
    if (k == Y.import || k == Y.import_from) {
        for (uint32_t c = s + 1; c < v[s].next; c = v[c].next) {
            if (v[c].field != Y.f_name)
                continue;
            uint32_t nm = AN_NONE;
            if (v[c].sym == Y.aliased)
                nm = an_flat_child_by_field(fl, c, Y.f_alias);
            else if (v[c].sym == Y.dotted && (k == Y.import || an_flat_named_child_count(fl, c) == 1))
                nm = an_flat_named_child(fl, c, 0);
            if (nm != AN_NONE && v[nm].sym == Y.ident && node_is_name(p, &v[nm], x, xl))
                return true;
        }
        return false;
    }
    if (k != Y.expr_stmt || an_flat_named_child_count(fl, s) != 1)
        return false;
    uint32_t a = an_flat_named_child(fl, s, 0);
    for (int depth = 0; a != AN_NONE && v[a].sym == Y.assignment && depth < 256; depth++) {
        uint32_t l = an_flat_child_by_field(fl, a, Y.f_left), r = an_flat_child_by_field(fl, a, Y.f_right);
        if (r == AN_NONE)
            return false; /* x: T alone binds nothing */
        if (l != AN_NONE && binds_target(p, fl, l, x, xl, 0))
            return true;
        a = r;
    }
    return false;
}

/* --- the module's bindings ------------------------------------------------------------------ */

typedef struct gbind {
    char *name;
    uint32_t end; /* the binding statement's end byte */
} gbind;

struct an_names {
    gbind *b;
    size_t n, cap;
    char **deleted;
    size_t ndel, capdel;
};

static an_status push_name(char ***v, size_t *n, size_t *cap, const char *t, size_t len)
{
    if (*n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        char **a = realloc(*v, nc * sizeof *a);
        if (!a)
            return AN_ENOMEM;
        *v = a;
        *cap = nc;
    }
    if (!((*v)[*n] = an_strndup(t, len)))
        return AN_ENOMEM;
    (*n)++;
    return AN_OK;
}

static an_status push_bind(an_names *g, const char *t, size_t len, uint32_t end)
{
    if (g->n == g->cap) {
        size_t nc = g->cap ? g->cap * 2 : 16;
        gbind *a = realloc(g->b, nc * sizeof *a);
        if (!a)
            return AN_ENOMEM;
        g->b = a;
        g->cap = nc;
    }
    if (!(g->b[g->n].name = an_strndup(t, len)))
        return AN_ENOMEM;
    g->b[g->n++].end = end;
    return AN_OK;
}

/* Every identifier statement s could bind (stmt_binds then decides). */
static an_status collect_candidates(an_names *g, const an_parse *p, const an_flat *fl, uint32_t s)
{
    an_status st = AN_OK;
    for (uint32_t i = s; i < fl->v[s].next && st == AN_OK; i++) {
        if (fl->v[i].sym != Y.ident)
            continue;
        size_t len;
        char *owned;
        const char *t = name_text(p, &fl->v[i], &len, &owned);
        bool dup = false;
        for (size_t k = g->n; k-- > 0 && !dup && g->b[k].end == fl->v[s].end;)
            dup = strlen(g->b[k].name) == len && memcmp(g->b[k].name, t, len) == 0;
        if (!dup && stmt_binds(p, fl, s, t, len))
            st = push_bind(g, t, len, fl->v[s].end);
        free(owned);
    }
    return st;
}

static int by_name_end(const void *a, const void *b)
{
    const gbind *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->end > y->end) - (x->end < y->end);
}

static int by_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The first index whose name is not below x (names compared as strcmp
 * compares them: x has no NUL). */
static int cmp_key(const char *name, const char *x, size_t xl)
{
    int c = strncmp(name, x, xl);
    return c ? c : (name[xl] != '\0');
}

an_status an_names_build(const an_parse *p, an_names **out)
{
    pthread_once(&y_once, y_build);
    *out = NULL;
    an_names *g = calloc(1, sizeof *g);
    if (!g)
        return AN_ENOMEM;
    an_status st = AN_OK;
    for (size_t r = 0; r < p->nflat && st == AN_OK; r++) {
        const an_flat *fl = &p->flat[r];
        if (fl->n == 0)
            continue;
        for (uint32_t s = 1; s < fl->v[0].next && st == AN_OK; s = fl->v[s].next) {
            TSSymbol k = fl->v[s].sym;
            if (k == Y.expr_stmt || k == Y.import || k == Y.import_from || k == Y.funcdef || k == Y.classdef ||
                k == Y.decorated) {
                /* def/class: only the name; the body is not the module's */
                uint32_t end = k == Y.expr_stmt || k == Y.import || k == Y.import_from ? fl->v[s].next : s + 1;
                uint32_t name = k == Y.decorated ? AN_NONE : an_flat_child_by_field(fl, s, Y.f_name);
                if (k == Y.decorated) {
                    for (uint32_t c = s + 1; c < fl->v[s].next; c = fl->v[c].next)
                        if (fl->v[c].sym == Y.funcdef || fl->v[c].sym == Y.classdef)
                            name = an_flat_child_by_field(fl, c, Y.f_name);
                }
                if (name != AN_NONE && k != Y.expr_stmt && k != Y.import && k != Y.import_from) {
                    size_t len;
                    char *owned;
                    const char *t = name_text(p, &fl->v[name], &len, &owned);
                    st = push_bind(g, t, len, fl->v[s].end);
                    free(owned);
                } else if (end > s + 1) {
                    st = collect_candidates(g, p, fl, s);
                }
            }
        }
        /* `del x` anywhere: the module's x may be unbound again */
        for (uint32_t i = 0; i < fl->n && st == AN_OK; i++) {
            if (fl->v[i].sym != Y.del)
                continue;
            for (uint32_t k = i + 1; k < fl->v[i].next && st == AN_OK; k++) {
                if (fl->v[k].sym != Y.ident)
                    continue;
                size_t len;
                char *owned;
                const char *t = name_text(p, &fl->v[k], &len, &owned);
                st = push_name(&g->deleted, &g->ndel, &g->capdel, t, len);
                free(owned);
            }
        }
    }
    if (st != AN_OK) {
        an_names_free(g);
        return st;
    }
    /* by name, then position: a lookup is a binary search */
    if (g->n > 1)
        qsort(g->b, g->n, sizeof *g->b, by_name_end);
    if (g->ndel > 1)
        qsort(g->deleted, g->ndel, sizeof *g->deleted, by_str);
    *out = g;
    return AN_OK;
}

void an_names_free(an_names *g)
{
    if (!g)
        return;
    for (size_t i = 0; i < g->n; i++)
        free(g->b[i].name);
    for (size_t i = 0; i < g->ndel; i++)
        free(g->deleted[i]);
    free(g->b);
    free(g->deleted);
    free(g);
}

/* Is x certainly bound in the module before byte `before`? */
static bool module_binds(const an_names *g, const char *x, size_t xl, uint32_t before)
{
    if (!g || memchr(x, '\0', xl))
        return false;
    size_t lo = 0, hi = g->ndel;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_key(g->deleted[mid], x, xl) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < g->ndel && cmp_key(g->deleted[lo], x, xl) == 0)
        return false;
    lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_key(g->b[mid].name, x, xl) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    /* the earliest binding of x comes first */
    return lo < g->n && cmp_key(g->b[lo].name, x, xl) == 0 && g->b[lo].end <= before;
}

/* --- scopes ----------------------------------------------------------------------------------- */

enum { SC_BOUND = 1, SC_GLOBAL = 2, SC_NONLOCAL = 4 };

/* What scope s (a function, lambda, class or comprehension) does with x. */
static int scan_scope(const an_parse *p, const an_flat *fl, uint32_t s, const char *x, size_t xl)
{
    int r = 0;
    const an_node *v = fl->v;
    for (uint32_t i = s + 1; i < v[s].next; i++) {
        if (v[i].sym != Y.ident || !node_is_name(p, &v[i], x, xl))
            continue;
        uint32_t par = v[i].parent;
        if (par != AN_NONE && (v[par].sym == Y.global || v[par].sym == Y.nonlocal)) {
            if (scope_of(fl, par) == s)
                r |= v[par].sym == Y.global ? SC_GLOBAL : SC_NONLOCAL;
            continue;
        }
        uint32_t at;
        role ro = role_of(fl, i, &at);
        if ((ro == R_BIND || ro == R_BIND_REF) && at == s)
            r |= SC_BOUND;
    }
    return r;
}

/* The direct child of block-holding node s's body that contains x. */
static uint32_t body_stmt(const an_flat *fl, uint32_t body, uint32_t x)
{
    uint32_t c = x;
    while (c != AN_NONE && fl->v[c].parent != body)
        c = fl->v[c].parent;
    return c;
}

/* Does class c's body certainly bind x before statement `stmt` of it? */
static bool class_binds_before(const an_parse *p, const an_flat *fl, uint32_t c, uint32_t stmt, const char *x,
                               size_t xl)
{
    uint32_t body = an_flat_child_by_field(fl, c, Y.f_body);
    if (body == AN_NONE)
        return false;
    for (uint32_t s = body + 1; s < fl->v[body].next && s != stmt; s = fl->v[s].next)
        if (fl->v[s].named && stmt_binds(p, fl, s, x, xl))
            return true;
    return false;
}

/* A few answers of scan_scope, per matching thread. */
#define RCACHE 32
typedef struct rentry {
    const an_flat *fl;
    uint32_t scope;
    char *name;
    int flags;
} rentry;

struct an_resolver {
    rentry e[RCACHE];
    unsigned next;
};

an_resolver *an_resolver_new(void)
{
    return calloc(1, sizeof(an_resolver));
}

void an_resolver_free(an_resolver *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < RCACHE; i++)
        free(r->e[i].name);
    free(r);
}

static int scope_flags(an_resolver *rc, const an_parse *p, const an_flat *fl, uint32_t s, const char *x, size_t xl)
{
    for (size_t i = 0; rc && i < RCACHE; i++)
        if (rc->e[i].name && rc->e[i].fl == fl && rc->e[i].scope == s && strlen(rc->e[i].name) == xl &&
            memcmp(rc->e[i].name, x, xl) == 0)
            return rc->e[i].flags;
    int f = scan_scope(p, fl, s, x, xl);
    if (rc) {
        char *copy = an_strndup(x, xl);
        if (copy) { /* no copy: the answer is not kept */
            rentry *e = &rc->e[rc->next++ % RCACHE];
            free(e->name);
            *e = (rentry){.fl = fl, .scope = s, .name = copy, .flags = f};
        }
    }
    return f;
}

bool an_resolves_builtin(an_resolver *rc, const an_parse *p, const an_names *g, const an_flat *fl, uint32_t x)
{
    pthread_once(&y_once, y_build);
    if (!fl || x >= fl->n || fl->v[x].sym != Y.ident)
        return true;
    uint32_t at;
    role ro = role_of(fl, x, &at);
    if (ro == R_NONE || ro == R_BIND)
        return false;
    size_t xl;
    char *owned;
    const char *name = name_text(p, &fl->v[x], &xl, &owned);
    bool builtin = true;
    bool to_module = false;
    uint32_t s = scope_of(fl, x);
    bool innermost = true;
    while (s != AN_NONE) {
        bool is_class = fl->v[s].sym == Y.classdef;
        if (is_class && !innermost) {
            s = scope_of(fl, s); /* nested functions do not see class bodies */
            continue;
        }
        int f = scope_flags(rc, p, fl, s, name, xl);
        if (f & SC_GLOBAL) {
            to_module = true;
            break;
        }
        if (f & SC_NONLOCAL) {
            builtin = false;
            break;
        }
        if (is_class) {
            if (f & SC_BOUND) {
                uint32_t body = an_flat_child_by_field(fl, s, Y.f_body);
                uint32_t stmt = body == AN_NONE ? AN_NONE : body_stmt(fl, body, x);
                builtin = !(stmt != AN_NONE && class_binds_before(p, fl, s, stmt, name, xl));
                to_module = builtin;
                break;
            }
        } else if (f & SC_BOUND) {
            builtin = false;
            break;
        }
        innermost = false;
        s = scope_of(fl, s);
    }
    if (s == AN_NONE)
        to_module = true;
    if (to_module) {
        /* the statement of the module that holds x */
        uint32_t top = x;
        while (fl->v[top].parent != AN_NONE && fl->v[fl->v[top].parent].parent != AN_NONE)
            top = fl->v[top].parent;
        builtin = !module_binds(g, name, xl, fl->v[top].start);
    }
    free(owned);
    return builtin;
}

/* #module?: is the identifier x a name that only `import NAME` or `import M
 * as NAME` binds, anywhere in the program?  Any other binding of that name
 * (an assignment, a parameter, a for or with target, def, class, a
 * from-import, a match capture) in any scope, or a star import, says no:
 * `calendar = "{0.__class__}"; calendar.format(x)` stays str.format. */
bool an_binds_only_import(const an_parse *p, const an_flat *xfl, uint32_t x)
{
    pthread_once(&y_once, y_build);
    if (!xfl || x >= xfl->n || xfl->v[x].sym != Y.ident || !p->flat || p->nflat == 0)
        return false;
    size_t xl;
    char *xowned;
    const char *xname = name_text(p, &xfl->v[x], &xl, &xowned);
    bool imported = false, other = false;
    TSSymbol wildcard = sy("wildcard_import"), case_pattern = sy("case_pattern");
    for (size_t r = 0; r < p->nflat && !other; r++) {
        const an_flat *fl = &p->flat[r];
        for (uint32_t n = 0; n < fl->n && !other; n++) {
            if (fl->v[n].sym == wildcard) {
                other = true;
                break;
            }
            if (fl->v[n].sym != Y.ident)
                continue;
            size_t l;
            char *owned;
            const char *t = name_text(p, &fl->v[n], &l, &owned);
            bool same = l == xl && memcmp(t, xname, l) == 0;
            free(owned);
            if (!same)
                continue;
            uint32_t at;
            role ro = role_of(fl, n, &at);
            bool in_import = false, in_case = false;
            for (uint32_t a = fl->v[n].parent; a != AN_NONE; a = fl->v[a].parent) {
                if (fl->v[a].sym == Y.import)
                    in_import = true;
                else if (fl->v[a].sym == case_pattern)
                    in_case = true;
            }
            if (in_case || ((ro == R_BIND || ro == R_BIND_REF) && !in_import))
                other = true;
            else if ((ro == R_BIND || ro == R_BIND_REF) && in_import)
                imported = true;
        }
    }
    free(xowned);
    return imported && !other;
}
