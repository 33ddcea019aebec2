/* scope.c - the errors CPython's compiler raises after a clean parse.
 *
 * `return` outside a function, `break` outside a loop and their kin parse
 * fine and are refused by CPython's symbol table and compiler.  One walk of
 * a syntactically clean tree, carrying what encloses each node (a function,
 * an async function, a loop body), finds the first of them.  The symbol
 * table's error (`nonlocal` at module level) is raised before the
 * compiler's, so it wins wherever it is. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

typedef struct sctx {
    bool in_func, is_async, in_loop;
    bool nested; /* inside some function, even through a class body */
    bool in_comp; /* inside a list, set or dict comprehension, outside an async function */
    uint32_t comp; /* that comprehension (a node of the root's flat tree) */
} sctx;

/* Node kinds as symbols: the walk visits every node of big programs, so it
 * compares numbers, not type names. */
typedef struct syms {
    TSSymbol funcdef, lambda, classdef, genexp, listcomp, setcomp, dictcomp, ret, yield, await_, brk, cont, nonlocal, with, for_, while_,
        for_in, if_clause, async_kw, from_kw;
    TSFieldId body, right;
    TSSymbol stmt_kinds[24]; /* where statements live: descended into */
    size_t nstmt;
} syms;

static TSSymbol symbol(const char *name, bool named)
{
    return an_symbol(name, strlen(name), named);
}

static void syms_init_build(syms *y)
{
    y->funcdef = symbol("function_definition", true);
    y->lambda = symbol("lambda", true);
    y->classdef = symbol("class_definition", true);
    y->genexp = symbol("generator_expression", true);
    y->listcomp = symbol("list_comprehension", true);
    y->setcomp = symbol("set_comprehension", true);
    y->dictcomp = symbol("dictionary_comprehension", true);
    y->ret = symbol("return_statement", true);
    y->yield = symbol("yield", true);
    y->await_ = symbol("await", true);
    y->brk = symbol("break_statement", true);
    y->cont = symbol("continue_statement", true);
    y->nonlocal = symbol("nonlocal_statement", true);
    y->with = symbol("with_statement", true);
    y->for_ = symbol("for_statement", true);
    y->while_ = symbol("while_statement", true);
    y->for_in = symbol("for_in_clause", true);
    y->if_clause = symbol("if_clause", true);
    y->async_kw = symbol("async", false);
    y->from_kw = symbol("from", false);
    y->body = an_field("body", 4);
    y->right = an_field("right", 5);
    static const char *const stmts[] = {"module", "block", "function_definition", "class_definition",
                                        "decorated_definition", "if_statement", "elif_clause", "else_clause",
                                        "for_statement", "while_statement", "try_statement", "except_clause",
                                        "except_group_clause", "finally_clause", "with_statement",
                                        "match_statement", "case_clause", NULL};
    y->nstmt = 0;
    for (size_t i = 0; stmts[i]; i++)
        y->stmt_kinds[y->nstmt++] = symbol(stmts[i], true);
}

/* The symbols are the grammar's: looked up once a process. */
static syms syms_init_cached;
static pthread_once_t syms_init_once = PTHREAD_ONCE_INIT;

static void syms_init_once_init(void)
{
    syms_init_build(&syms_init_cached);
}

static void syms_init(syms *y)
{
    pthread_once(&syms_init_once, syms_init_once_init);
    *y = syms_init_cached;
}

static bool is_comprehension(const syms *y, TSSymbol s)
{
    return s == y->listcomp || s == y->setcomp || s == y->dictcomp || s == y->genexp;
}

static bool holds_statements(const syms *y, TSSymbol s)
{
    for (size_t i = 0; i < y->nstmt; i++)
        if (y->stmt_kinds[i] == s)
            return true;
    return false;
}

/* Which keywords occur at all: most programs need no walk, and without
 * yield, await or `async for` no expression needs visiting. */
static void keywords_present(const an_parse *p, const an_tokres *tr, bool *any, bool *in_expr)
{
    static const char *const stmt_kw[] = {"return", "break", "continue", "nonlocal", "async", NULL};
    *any = *in_expr = false;
    for (size_t i = 0; i < tr->n; i++) {
        const an_tok *t = &tr->toks[i];
        size_t l = t->e - t->s;
        const char *s = p->src + t->s;
        if (t->kind == AN_TK_STRING && (memmem(s, l, "yield", 5) || memmem(s, l, "await", 5) || memmem(s, l, "async", 5))) {
            *any = *in_expr = true; /* f'{yield}' */
            return;
        }
        if (t->kind != AN_TK_NAME)
            continue;
        if ((l == 5 && memcmp(s, "yield", 5) == 0) || (l == 5 && memcmp(s, "await", 5) == 0)) {
            *any = *in_expr = true;
            return;
        }
        /* `async for` in a comprehension */
        if (l == 5 && memcmp(s, "async", 5) == 0 && i + 1 < tr->n && tr->toks[i + 1].e - tr->toks[i + 1].s == 3 &&
            memcmp(p->src + tr->toks[i + 1].s, "for", 3) == 0)
            *in_expr = true;
        for (size_t k = 0; stmt_kw[k]; k++)
            if (strlen(stmt_kw[k]) == l && memcmp(stmt_kw[k], s, l) == 0)
                *any = true;
    }
}

/* Where `yield`, `await` and `async` occur (byte offsets, ascending; inside
 * f-strings too): only expressions holding one need the
 * walk, since only those raise inside expressions.  NULL with *n == 0 when none. */
static an_status keyword_offsets(const an_parse *p, const an_tokres *tr, uint32_t **out, size_t *n)
{
    size_t cap = 0, k = 0;
    uint32_t *v = NULL;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < tr->n; i++) {
            const an_tok *t = &tr->toks[i];
            size_t l = t->e - t->s;
            const char *s = p->src + t->s;
            if (t->kind == AN_TK_NAME && l == 5 &&
                (memcmp(s, "yield", 5) == 0 || memcmp(s, "await", 5) == 0 || memcmp(s, "async", 5) == 0)) {
                if (pass)
                    v[k] = t->s;
                k++;
            } else if (t->kind == AN_TK_STRING) {
                for (size_t j = 0; j + 5 <= l; j++)
                    if (memcmp(s + j, "yield", 5) == 0 || memcmp(s + j, "await", 5) == 0 ||
                        memcmp(s + j, "async", 5) == 0) {
                        if (pass)
                            v[k] = t->s + (uint32_t)j;
                        k++;
                    }
            }
        }
        if (pass == 0) {
            cap = k;
            k = 0;
            if (cap == 0)
                break;
            if (!(v = malloc(cap * sizeof *v)))
                return AN_ENOMEM;
        }
    }
    *out = v;
    *n = cap;
    return AN_OK;
}

/* Does [s, e) hold one of the sorted offsets? */
static bool holds_offset(const uint32_t *v, size_t n, uint32_t s, uint32_t e)
{
    size_t lo = 0, hi = n; /* first offset >= s */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < s)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && v[lo] < e;
}

typedef struct found {
    bool have;
    const char *msg;
    const char *hint;
    uint32_t s, e;
} found;

/* Is child i of n a node of kind sym? */
static bool child_is(const an_flat *fl, uint32_t n, uint32_t i, TSSymbol sym)
{
    for (uint32_t c = n + 1; c < fl->v[n].next; c = fl->v[c].next)
        if (i-- == 0)
            return fl->v[c].sym == sym;
    return false;
}

static void note(found *f, const char *msg, const char *hint, const an_flat *fl, uint32_t n)
{
    if (f->have)
        return;
    f->have = true;
    f->msg = msg;
    f->hint = hint;
    f->s = fl->v[n].start;
    f->e = fl->v[n].end;
}

static const char HINT_FUNC[] = "use it inside a function body (def ...:), or remove it at the top level";
static const char HINT_LOOP[] = "use break and continue only inside the body of a for or while loop";
static const char HINT_ASYNC[] =
    "use await, async for, async with and async comprehensions only in the body of an async def";

/* Checks node n in context c; returns the context for its children. */
static sctx visit(const syms *y, const an_flat *fl, uint32_t n, sctx c, found *f, found *symtab)
{
    TSSymbol t = fl->v[n].sym;
    if (t == y->funcdef) {
        /* decorators, defaults and annotations are evaluated outside: close
         * enough to treat the whole definition as its body */
        return (sctx){true, child_is(fl, n, 0, y->async_kw), false, true, false, AN_NONE};
    }
    if (t == y->lambda)
        return (sctx){true, false, false, true, false, AN_NONE};
    if (t == y->classdef)
        return (sctx){false, false, false, c.nested, false, AN_NONE};
    if ((t == y->listcomp || t == y->setcomp || t == y->dictcomp) && !c.is_async && !c.in_comp) {
        /* an await makes it an asynchronous comprehension, which the
         * compiler refuses outside an async function, before the await */
        c.in_comp = true;
        c.comp = n;
        return c;
    }
    if (t == y->genexp) {
        /* an async generator expression may await (3.7+), at any level */
        c.is_async = true;
        c.in_comp = false;
        return c;
    }
    if (t == y->ret && !c.in_func)
        note(f, "'return' outside function", HINT_FUNC, fl, n);
    else if (t == y->yield && fl->v[n].named) {
        if (!c.in_func)
            note(f, "'yield' outside function", HINT_FUNC, fl, n);
        else if (c.is_async && child_is(fl, n, 1, y->from_kw))
            note(f, "'yield from' inside async function", HINT_ASYNC, fl, n);
    } else if (t == y->await_ && fl->v[n].named && !c.is_async) {
        if (c.in_comp)
            note(f, "asynchronous comprehension outside of an asynchronous function", HINT_ASYNC, fl, c.comp);
        else
            note(f, c.in_func ? "'await' outside async function" : "'await' outside function", HINT_ASYNC, fl, n);
    } else if (t == y->for_in && !c.is_async && child_is(fl, n, 0, y->async_kw)) {
        /* `async for` makes it an asynchronous comprehension too; one
         * nested in a comprehension makes the outermost one asynchronous */
        if (c.in_comp)
            note(f, "asynchronous comprehension outside of an asynchronous function", HINT_ASYNC, fl, c.comp);
    } else if (t == y->brk && !c.in_loop)
        note(f, "'break' outside loop", HINT_LOOP, fl, n);
    else if (t == y->cont && !c.in_loop)
        note(f, "'continue' not properly in loop", HINT_LOOP, fl, n);
    else if (t == y->nonlocal && !c.nested && !symtab->have)
        note(symtab, "nonlocal declaration not allowed at module level",
             "nonlocal names a variable of an enclosing function; at the top level, just assign the variable", fl, n);
    else if ((t == y->with || t == y->for_) && !c.is_async && child_is(fl, n, 0, y->async_kw)) {
        note(f, t == y->with ? "'async with' outside async function" : "'async for' outside async function",
             HINT_ASYNC, fl, n);
    }
    return c;
}

/* The walk of one root's flat tree; f and symtab keep the first finding. */
static void scope_root(const syms *yp, const an_flat *fl, bool in_expr, const uint32_t *kw, size_t nkw, found *f,
                       found *symtab)
{
    const syms y = *yp;
    sctx stack[AN_MAX_TREE_DEPTH + 2];
    TSSymbol types[AN_MAX_TREE_DEPTH + 2];
    bool first_for[AN_MAX_TREE_DEPTH + 2]; /* the node is a comprehension's first for_in_clause */
    sctx eff[AN_MAX_TREE_DEPTH + 2];       /* the context the node at each depth was visited in */
    const an_node *v = fl->v;
    uint32_t open[AN_MAX_TREE_DEPTH + 2]; /* the node at each depth above the current one */
    uint32_t depth = 0;
    stack[0] = (sctx){false, false, false, false, false, AN_NONE};
    for (uint32_t n = 0; n < fl->n;) {
        while (depth > 0 && n >= v[open[depth - 1]].next)
            depth--;
        sctx c = stack[depth];
        /* a loop's body (not its else clause) is in the loop */
        types[depth] = v[n].sym;
        if (depth > 0 && (types[depth - 1] == y.for_ || types[depth - 1] == y.while_) && v[n].field == y.body)
            c.in_loop = true;
        /* a comprehension's first iterable is evaluated where the
         * comprehension stands, outside its scope */
        first_for[depth] = false;
        if (types[depth] == y.for_in && depth > 0 && is_comprehension(&y, types[depth - 1])) {
            uint32_t prev = AN_NONE, par = open[depth - 1];
            for (uint32_t k = par + 1; k < n; k = v[k].next)
                if (v[k].named)
                    prev = k;
            first_for[depth] = prev != AN_NONE && v[prev].sym != y.for_in && v[prev].sym != y.if_clause;
        }
        if (depth >= 2 && first_for[depth - 1] && v[n].field == y.right)
            c = eff[depth - 2];
        eff[depth] = c;
        sctx inner = visit(&y, fl, n, c, f, symtab);
        bool descend = holds_statements(&y, types[depth]) ||
                       (in_expr && holds_offset(kw, nkw, v[n].start, v[n].end));
        if (descend && depth + 1 <= AN_MAX_TREE_DEPTH && v[n].next > n + 1) {
            open[depth] = n;
            stack[++depth] = inner;
            n++;
        } else {
            n = v[n].next;
        }
    }
}

/* Lint's batches on the worker threads, one task a root. */
typedef struct scopejob {
    const an_parse *p;
    const syms *y;
    bool in_expr;
    const uint32_t *kw;
    size_t nkw;
    found *f, *symtab; /* one of each a root */
} scopejob;

static void scope_task(void *ctx, size_t task, unsigned worker)
{
    scopejob *j = ctx;
    (void)worker;
    scope_root(j->y, &j->p->flat[task], j->in_expr, j->kw, j->nkw, &j->f[task], &j->symtab[task]);
}

an_status an_scope_check(const an_parse *p, const an_tokres *tr, an_diagnosis *out)
{
    memset(out, 0, sizeof *out);
    if (an_parse_nroots(p) == 0)
        return AN_OK;
    bool any, in_expr;
    keywords_present(p, tr, &any, &in_expr);
    if (!any)
        return AN_OK;
    uint32_t *kw = NULL;
    size_t nkw = 0;
    if (in_expr && keyword_offsets(p, tr, &kw, &nkw) != AN_OK)
        return AN_ENOMEM;
    found f = {0}, symtab = {0};
    syms y;
    syms_init(&y);
    found *fs = NULL, *ss = NULL;
    if (p->threads > 1 && p->nflat > 1 && (fs = calloc(p->nflat, sizeof *fs)) && (ss = calloc(p->nflat, sizeof *ss))) {
        scopejob j = {.p = p, .y = &y, .in_expr = in_expr, .kw = kw, .nkw = nkw, .f = fs, .symtab = ss};
        an_tasks_run(p->threads, p->nflat, scope_task, &j);
        /* the first of each in source order, as one walk finds them */
        for (size_t root = 0; root < p->nflat; root++) {
            if (!f.have && fs[root].have)
                f = fs[root];
            if (!symtab.have && ss[root].have)
                symtab = ss[root];
        }
    } else {
        for (size_t root = 0; root < p->nflat; root++)
            scope_root(&y, &p->flat[root], in_expr, kw, nkw, &f, &symtab);
    }
    free(fs);
    free(ss);
    free(kw);
    found *w = symtab.have ? &symtab : f.have ? &f : NULL;
    if (w) {
        out->found = true;
        snprintf(out->msg, sizeof out->msg, "%s", w->msg);
        out->hint = w->hint;
        out->at = w->s;
        out->at_end = w->e > w->s ? w->e : w->s + 1;
        out->reach = out->at_end;
    }
    return AN_OK;
}
