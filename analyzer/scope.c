/* scope.c - the errors CPython's compiler raises after a clean parse.
 *
 * `return` outside a function, `break` outside a loop and their kin parse
 * fine and are refused by CPython's symbol table and compiler.  One walk of
 * a syntactically clean tree, carrying what encloses each node (a function,
 * an async function, a loop body), finds the first of them.  The symbol
 * table's error (`nonlocal` at module level) is raised before the
 * compiler's, so it wins wherever it is. */
#include <stdio.h>
#include <string.h>

#include "analyzer/an_int.h"

typedef struct sctx {
    bool in_func, is_async, in_loop;
    bool nested; /* inside some function, even through a class body */
} sctx;

typedef struct found {
    bool have;
    const char *msg;
    const char *hint;
    uint32_t s, e;
} found;

static bool first_child_is(TSNode n, const char *type)
{
    return ts_node_child_count(n) > 0 && strcmp(ts_node_type(ts_node_child(n, 0)), type) == 0;
}

static void note(found *f, const char *msg, const char *hint, TSNode n)
{
    if (f->have)
        return;
    f->have = true;
    f->msg = msg;
    f->hint = hint;
    f->s = ts_node_start_byte(n);
    f->e = ts_node_end_byte(n);
}

static const char HINT_FUNC[] = "use it inside a function body (def ...:), or remove it at the top level";
static const char HINT_LOOP[] = "use break and continue only inside the body of a for or while loop";
static const char HINT_ASYNC[] =
    "asyncio is not available in safepy; write ordinary functions and call them directly";

/* Checks node n in context c; returns the context for its children. */
static sctx visit(TSNode n, sctx c, found *f, found *symtab)
{
    const char *t = ts_node_type(n);
    if (strcmp(t, "function_definition") == 0) {
        /* decorators, defaults and annotations are evaluated outside: close
         * enough to treat the whole definition as its body */
        return (sctx){true, first_child_is(n, "async"), false, true};
    }
    if (strcmp(t, "lambda") == 0)
        return (sctx){true, false, false, true};
    if (strcmp(t, "class_definition") == 0)
        return (sctx){false, false, false, c.nested};
    if (strcmp(t, "generator_expression") == 0 && c.in_func) {
        /* an async generator expression may await (3.7+) */
        c.is_async = true;
        return c;
    }
    if (strcmp(t, "return_statement") == 0 && !c.in_func)
        note(f, "'return' outside function", HINT_FUNC, n);
    else if (strcmp(t, "yield") == 0) {
        if (!c.in_func)
            note(f, "'yield' outside function", HINT_FUNC, n);
        else if (c.is_async && ts_node_child_count(n) > 1 &&
                 strcmp(ts_node_type(ts_node_child(n, 1)), "from") == 0)
            note(f, "'yield from' inside async function", HINT_ASYNC, n);
    } else if (strcmp(t, "await") == 0 && ts_node_is_named(n) && !c.is_async) {
        note(f, c.in_func ? "'await' outside async function" : "'await' outside function", HINT_ASYNC, n);
    } else if (strcmp(t, "break_statement") == 0 && !c.in_loop)
        note(f, "'break' outside loop", HINT_LOOP, n);
    else if (strcmp(t, "continue_statement") == 0 && !c.in_loop)
        note(f, "'continue' not properly in loop", HINT_LOOP, n);
    else if (strcmp(t, "nonlocal_statement") == 0 && !c.nested && !symtab->have)
        note(symtab, "nonlocal declaration not allowed at module level",
             "nonlocal names a variable of an enclosing function; at the top level, just assign the variable", n);
    else if ((strcmp(t, "with_statement") == 0 || strcmp(t, "for_statement") == 0) &&
             first_child_is(n, "async") && !c.is_async) {
        note(f, strcmp(t, "with_statement") == 0 ? "'async with' outside async function"
                                                 : "'async for' outside async function",
             HINT_ASYNC, n);
    }
    return c;
}

an_status an_scope_check(const an_parse *p, an_diagnosis *out)
{
    memset(out, 0, sizeof *out);
    if (!p->tree)
        return AN_OK;
    found f = {0}, symtab = {0};
    sctx stack[AN_MAX_TREE_DEPTH + 2];
    const char *types[AN_MAX_TREE_DEPTH + 2];
    uint32_t depth = 0;
    TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(p->tree));
    stack[0] = (sctx){false, false, false, false};
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        sctx c = stack[depth];
        /* a loop's body (not its else clause) is in the loop */
        types[depth] = ts_node_type(n);
        if (depth > 0) {
            const char *pt = types[depth - 1];
            const char *field = ts_tree_cursor_current_field_name(&cur);
            if ((strcmp(pt, "for_statement") == 0 || strcmp(pt, "while_statement") == 0) && field &&
                strcmp(field, "body") == 0)
                c.in_loop = true;
        }
        sctx inner = visit(n, c, &f, &symtab);
        if (depth + 1 <= AN_MAX_TREE_DEPTH && ts_tree_cursor_goto_first_child(&cur)) {
            stack[++depth] = inner;
            continue;
        }
        bool moved = false;
        while (!moved) {
            if (ts_tree_cursor_goto_next_sibling(&cur))
                moved = true;
            else if (depth > 0 && ts_tree_cursor_goto_parent(&cur))
                depth--;
            else
                break;
        }
        if (!moved)
            break;
    }
    ts_tree_cursor_delete(&cur);
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
