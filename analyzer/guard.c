/* guard.c - optional imports: is an import statement inside a `try` whose
 * handlers catch the ModuleNotFoundError it raises when the module is
 * missing?  The predicate #guarded-import? of SP101 and SP105.
 *
 *     try:
 *         import numpy
 *     except ImportError:
 *         numpy = None
 *
 * is the habit of code written to run with or without a library.  safepy's
 * evaluator raises CPython's `ModuleNotFoundError: No module named 'numpy'`
 * for a module outside the allowlist (it has no other modules: nothing is
 * reached), so such an import can run; one that nothing catches stays a
 * finding, with the allowlist in its hint.  A handler catches it when it is
 * bare or names ImportError, ModuleNotFoundError, Exception or
 * BaseException, alone or in a tuple; the import may be nested in other
 * statements of the try's body (an if, a loop, a with, a class body), but
 * not in a function or lambda defined there, which runs later. */
#include <pthread.h>
#include <string.h>

#include "analyzer/an_int.h"

typedef struct gsyms {
    TSSymbol try_stmt, except_clause, funcdef, lambda, tuple, paren, ident, import, import_from, as_pattern;
    TSFieldId f_body, f_value;
} gsyms;

static gsyms G;
static pthread_once_t g_once = PTHREAD_ONCE_INIT;

static void g_build(void)
{
    G.try_stmt = an_symbol("try_statement", 13, true);
    G.except_clause = an_symbol("except_clause", 13, true);
    G.funcdef = an_symbol("function_definition", 19, true);
    G.lambda = an_symbol("lambda", 6, true);
    G.tuple = an_symbol("tuple", 5, true);
    G.paren = an_symbol("parenthesized_expression", 24, true);
    G.ident = an_symbol("identifier", 10, true);
    G.import = an_symbol("import_statement", 16, true);
    G.import_from = an_symbol("import_from_statement", 21, true);
    G.as_pattern = an_symbol("as_pattern", 10, true);
    G.f_body = an_field("body", 4);
    G.f_value = an_field("value", 5);
}

/* Does the exception type expression t name a class that catches
 * ModuleNotFoundError? */
static bool catches(const an_parse *p, const an_flat *fl, uint32_t t, int depth)
{
    static const char *const names[] = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException", NULL};
    const an_node *v = &fl->v[t];
    if (depth > 32)
        return false;
    if (v->sym == G.ident) {
        for (size_t i = 0; names[i]; i++)
            if (strlen(names[i]) == v->end - v->start && memcmp(names[i], p->src + v->start, v->end - v->start) == 0)
                return true;
        return false;
    }
    if (v->sym == G.tuple || v->sym == G.paren) {
        for (uint32_t c = t + 1; c < v->next; c = fl->v[c].next)
            if (fl->v[c].named && catches(p, fl, c, depth + 1))
                return true;
    }
    return false;
}

static bool try_catches(const an_parse *p, const an_flat *fl, uint32_t try_stmt)
{
    for (uint32_t c = try_stmt + 1; c < fl->v[try_stmt].next; c = fl->v[c].next) {
        if (fl->v[c].sym != G.except_clause)
            continue;
        uint32_t type = an_flat_child_by_field(fl, c, G.f_value);
        if (type != AN_NONE && fl->v[type].sym == G.as_pattern) /* except T as e */
            type = an_flat_named_child(fl, type, 0);
        if (type == AN_NONE || catches(p, fl, type, 0))
            return true;
    }
    return false;
}

bool an_import_guarded(const an_parse *p, const an_flat *fl, uint32_t n)
{
    pthread_once(&g_once, g_build);
    if (!fl || n >= fl->n)
        return false;
    uint32_t c = n;
    while (c != AN_NONE && fl->v[c].sym != G.import && fl->v[c].sym != G.import_from)
        c = fl->v[c].parent;
    if (c == AN_NONE)
        return false;
    for (uint32_t par = fl->v[c].parent; par != AN_NONE; c = par, par = fl->v[par].parent) {
        TSSymbol s = fl->v[par].sym;
        if (s == G.funcdef || s == G.lambda)
            return false;
        if (s == G.try_stmt && fl->v[c].field == G.f_body && try_catches(p, fl, par))
            return true;
    }
    return false;
}
