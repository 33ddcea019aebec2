/*
 * lower_stmt.c - lowering of statements: assignment targets, if/while/for,
 * with, try, import, annotated assignments, expression statements and
 * blocks (expressions are in lower.c, scopes in lower_scope.c).
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/evaluator.h"
#include "evaluator/lower_int.h"

/* ---- statements ------------------------------------------------------------------------ */

static bool valid_target(lower *L, TSNode t, int depth)
{
    if (depth > MAX_DEPTH || ts_node_is_null(t))
        return false;
    if (lw_is(L, t, S_identifier) || lw_is(L, t, S_attribute) || lw_is(L, t, S_subscript))
        return true;
    if (lw_is(L, t, S_pattern_list) || lw_is(L, t, S_tuple_pattern) || lw_is(L, t, S_list_pattern) ||
        lw_is(L, t, S_tuple) || lw_is(L, t, S_list) || lw_is(L, t, S_expression_list)) {
        uint32_t nc = ts_node_named_child_count(t);
        for (uint32_t i = 0; i < nc; i++)
            if (!valid_target(L, ts_node_named_child(t, i), depth + 1))
                return false;
        return true;
    }
    if (lw_is(L, t, S_parenthesized_expression))
        return valid_target(L, ts_node_named_child(t, 0), depth + 1);
    if (depth > 0 && lw_is_splat(L, t))
        return valid_target(L, ts_node_named_child(t, 0), depth + 1);
    return false;
}

ev_node *lw_lower_target(lower *L, TSNode t)
{
    if (!valid_target(L, t, 0)) {
        if (lw_is_splat(L, t))
            return lw_fail_at(L, t, "starred assignment target must be in a list or tuple");
        return lw_fail_at(L, t, "cannot assign to %s", ts_node_type(t));
    }
    bool saved = L->in_target;
    L->in_target = true;
    ev_node *n = lw_lower_expr(L, t);
    L->in_target = saved;
    return n;
}

static ev_node *lower_loop_body(lower *L, TSNode body)
{
    L->loops++;
    ev_node *b = lw_lower_block(L, body);
    L->loops--;
    return b;
}

static ev_node *lower_else(lower *L, TSNode t)
{
    TSNode alt = lw_field(L, t, F_alternative);
    if (ts_node_is_null(alt))
        return NULL;
    return lw_lower_block(L, lw_field(L, alt, F_body));
}

static ev_node *lower_if(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_IF, t);
    if (!n)
        return NULL;
    n->a = lw_lower_expr(L, lw_field(L, t, F_condition));
    n->b = lw_lower_block(L, lw_field(L, t, F_consequence));
    /* elif chains become nested ifs in the else branch, as in CPython's
     * tree, where each is a level deeper (cdepth) */
    ev_node *tail = n;
    uint32_t nc = ts_node_child_count(t);
    int deeper = 0;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (lw_is(L, c, S_elif_clause)) {
            L->cdepth++;
            deeper++;
            ev_node *e = lw_node_new(L, N_IF, c);
            if (!e)
                break;
            e->a = lw_lower_expr(L, lw_field(L, c, F_condition));
            e->b = lw_lower_block(L, lw_field(L, c, F_consequence));
            tail->c = e;
            tail = e;
        } else if (lw_is(L, c, S_else_clause)) {
            tail->c = lw_lower_block(L, lw_field(L, c, F_body));
        }
    }
    L->cdepth -= deeper;
    return L->failed ? NULL : n;
}

/* with a as x, b as y: body  ->  nested N_WITH nodes (a: manager, b:
 * target or NULL, c: the body), one per item, as CPython nests them. */
static ev_node *lower_with(lower *L, TSNode t)
{
    uint8_t async_op = strcmp(ts_node_type(ts_node_child(t, 0)), "async") == 0 ? OP_ASYNC : 0;
    TSNode clause = {0};
    uint32_t nc = ts_node_named_child_count(t);
    for (uint32_t i = 0; i < nc; i++)
        if (strcmp(ts_node_type(ts_node_named_child(t, i)), "with_clause") == 0)
            clause = ts_node_named_child(t, i);
    TSNode body = lw_field(L, t, F_body);
    if (ts_node_is_null(clause) || ts_node_is_null(body))
        return lw_fail_at(L, t, "invalid syntax");
    TSNode items[64];
    uint32_t ni = 0, ncl = ts_node_named_child_count(clause);
    for (uint32_t i = 0; i < ncl; i++) {
        TSNode it = ts_node_named_child(clause, i);
        if (strcmp(ts_node_type(it), "with_item") != 0)
            continue;
        if (ni == 64)
            return lw_unsupported(L, it, "more than 64 items in one with statement");
        items[ni++] = it;
    }
    if (ni == 0)
        return lw_fail_at(L, t, "invalid syntax");
    ev_node *inner = lw_lower_block(L, body);
    for (uint32_t k = ni; k-- > 0 && !L->failed;) {
        ev_node *w = lw_node_new(L, N_WITH, items[k]);
        if (!w)
            return NULL;
        w->op = async_op;
        TSNode v = lw_field(L, items[k], F_value);
        if (lw_is(L, v, S_as_pattern)) {
            TSNode alias = lw_field(L, v, F_alias);
            if (ts_node_is_null(alias) || ts_node_named_child_count(alias) == 0)
                return lw_fail_at(L, v, "invalid syntax");
            w->b = lw_lower_target(L, ts_node_named_child(alias, 0));
            v = ts_node_named_child(v, 0);
        }
        w->a = lw_lower_expr(L, v);
        w->c = inner;
        if (k == 0) {
            w->line = (uint32_t)ts_node_start_point(t).row + 1;
            return L->failed ? NULL : w;
        }
        ev_node *blk = lw_node_new(L, N_BLOCK, items[k]);
        if (!blk || !(blk->list = lw_list_new(L, 1)))
            return NULL;
        blk->list[0] = w;
        blk->n = 1;
        inner = blk;
    }
    return NULL;
}

/* Where 3.11 places the AssertionError: its compiler leaves the location of
 * the last comparison compiled as a jump (through and/or/not/if-else) in
 * place for the raise, and otherwise uses the whole statement, whose caret
 * line is not printed. The choice is static: `x == 1 and y == 1` underlines
 * `y == 1` even when `x == 1` failed. */
static ev_node *assert_caret(ev_node *e, int depth)
{
    if (!e || depth > 64)
        return NULL;
    switch (e->kind) {
    case N_COMPARE:
        return e;
    case N_NOT:
        return assert_caret(e->a, depth + 1);
    case N_AND:
    case N_OR:
        for (uint32_t i = e->n; i-- > 0;) {
            ev_node *r = assert_caret(e->list[i], depth + 1);
            if (r)
                return r;
        }
        return NULL;
    case N_IFEXP: {
        ev_node *r = assert_caret(e->c, depth + 1);
        if (!r)
            r = assert_caret(e->a, depth + 1);
        return r ? r : assert_caret(e->b, depth + 1);
    }
    default:
        return NULL;
    }
}

static ev_node *lower_try(lower *L, TSNode t)
{
    ev_node *n = lw_node_new(L, N_TRY, t);
    uint32_t nc = ts_node_child_count(t);
    if (!n || !(n->list = lw_list_new(L, nc)))
        return NULL;
    n->a = lw_lower_block(L, lw_field(L, t, F_body));
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(t, i);
        if (lw_is(L, c, S_except_clause)) {
            ev_node *h = lw_node_new(L, N_HANDLER, c);
            if (!h)
                return NULL;
            TSNode v = lw_field(L, c, F_value);
            if (!ts_node_is_null(v)) {
                if (lw_is(L, v, S_as_pattern)) {
                    TSNode alias = lw_field(L, v, F_alias);
                    TSNode id = ts_node_named_child(alias, 0);
                    if (!lw_is(L, id, S_identifier))
                        return lw_fail_at(L, c, "invalid syntax");
                    h->b = lw_lower_name(L, id);
                    v = ts_node_named_child(v, 0);
                }
                h->a = lw_lower_expr(L, v);
            }
            uint32_t cc = ts_node_named_child_count(c);
            for (uint32_t k = 0; k < cc; k++) {
                TSNode b = ts_node_named_child(c, k);
                if (lw_is(L, b, S_block))
                    h->c = lw_lower_block(L, b);
            }
            if (!h->c && !L->failed)
                return lw_fail_at(L, c, "expected an indented block");
            n->list[n->n++] = h;
        } else if (lw_is(L, c, S_else_clause)) {
            n->b = lw_lower_block(L, lw_field(L, c, F_body));
        } else if (lw_is(L, c, S_finally_clause)) {
            uint32_t cc = ts_node_named_child_count(c);
            for (uint32_t k = 0; k < cc; k++)
                if (lw_is(L, ts_node_named_child(c, k), S_block))
                    n->c = lw_lower_block(L, ts_node_named_child(c, k));
        } else if (strcmp(ts_node_type(c), "except_group_clause") == 0) {
            return lw_unsupported(L, c, "except*");
        }
    }
    for (uint32_t i = 0; i + 1 < n->n && !L->failed; i++)
        if (!n->list[i]->a)
            return lw_fail_at(L, t, "default 'except:' must be last");
    return L->failed ? NULL : n;
}

/* A dotted_name of one identifier, or the dotted name of a submodule
 * safepy implements (collections.abc): the only packages are those. */
static ev_str *module_name(lower *L, TSNode m)
{
    if (lw_is(L, m, S_relative_import)) {
        lw_fail_at(L, m, "relative imports are not supported: safepy runs a single file");
        return NULL;
    }
    if (lw_is(L, m, S_dotted_name) && ts_node_named_child_count(m) > 1 && L->I->host) {
        /* a module the host's dotted names made, at any depth (tools.github) */
        char buf[256];
        size_t k = 0;
        bool fits = true;
        for (uint32_t i = 0, nc = ts_node_named_child_count(m); i < nc && fits; i++) {
            TSNode c = ts_node_named_child(m, i);
            if (lw_is(L, c, S_comment))
                continue;
            uint32_t cs = ts_node_start_byte(c), ce = ts_node_end_byte(c);
            fits = k + (ce - cs) + 2 < sizeof buf;
            if (fits) {
                if (k)
                    buf[k++] = '.';
                memcpy(buf + k, L->src + cs, ce - cs);
                k += ce - cs;
            }
        }
        buf[fits ? k : 0] = '\0';
        const char *dot = strchr(buf, '.');
        char top[256];
        snprintf(top, sizeof top, "%.*s", dot ? (int)(dot - buf) : 0, buf);
        /* tools.nothing: its own name, which the import then does not find */
        if (fits && (ev_host_is_module(L->I, buf) || ev_host_is_module(L->I, top)))
            return ev_intern(L->I, buf, k);
    }
    if (lw_is(L, m, S_dotted_name) && ts_node_named_child_count(m) == 2) {
        char buf[72];
        uint32_t s = ts_node_start_byte(m), e = ts_node_end_byte(m), k = 0;
        /* the parts without the spaces or comments the grammar allows between them */
        for (uint32_t i = 0; i < 2 && e - s < sizeof buf - 2; i++) {
            TSNode c = ts_node_named_child(m, i);
            uint32_t cs = ts_node_start_byte(c), ce = ts_node_end_byte(c);
            if (i)
                buf[k++] = '.';
            memcpy(buf + k, L->src + cs, ce - cs);
            k += ce - cs;
        }
        buf[k] = '\0';
        if (e - s < sizeof buf - 2 && ev_module_implemented(buf))
            return ev_intern(L->I, buf, k);
    }
    if (lw_is(L, m, S_dotted_name) && ts_node_named_child_count(m) > 1 && !lw_is(L, ts_node_named_child(m, 0), S_comment)) {
        /* a.b.c of a module that does not exist: importing a fails first
         * (No module named 'a'), as in CPython */
        ev_str *top = lw_intern_node(L, ts_node_named_child(m, 0));
        if (top && !ev_module_implemented(top->data))
            return top;
    }
    if (!lw_is(L, m, S_dotted_name) || ts_node_named_child_count(m) != 1) {
        uint32_t s = ts_node_start_byte(m), e = ts_node_end_byte(m);
        lw_fail_at(L, m, "No module named '%.*s' (safepy modules have no submodules)",
                (int)(e - s > 64 ? 64 : e - s), L->src + s);
        return NULL;
    }
    return lw_intern_node(L, ts_node_named_child(m, 0));
}

/* import m [as x], ... becomes one N_IMPORT per module (op 0; op 3 for
 * `import a.b`, which binds a); from m import a [as b], ... becomes one
 * N_IMPORT with names and targets (op 1). */
static ev_node *lower_import(lower *L, TSNode t)
{
    uint32_t nc = ts_node_named_child_count(t);
    if (lw_is(L, t, S_import_statement)) {
        ev_node *blk = lw_node_new(L, N_BLOCK, t);
        if (!blk || !(blk->list = lw_list_new(L, nc)))
            return NULL;
        for (uint32_t i = 0; i < nc && !L->failed; i++) {
            TSNode c = ts_node_named_child(t, i), target;
            if (lw_is(L, c, S_comment))
                continue;
            ev_node *n = lw_node_new(L, N_IMPORT, c);
            if (!n)
                return NULL;
            if (lw_is(L, c, S_aliased_import)) {
                n->name = module_name(L, lw_field(L, c, F_name));
                target = lw_field(L, c, F_alias);
            } else {
                n->name = module_name(L, c);
                target = ts_node_named_child(c, 0);
                /* import a.b binds a, the package (after importing a.b) */
                if (n->name && strchr(n->name->data, '.'))
                    n->op = 3;
            }
            if (L->failed)
                return NULL;
            n->a = lw_lower_name(L, target);
            blk->list[blk->n++] = n;
        }
        return L->failed ? NULL : blk;
    }
    ev_node *n = lw_node_new(L, N_IMPORT, t);
    if (!n || !(n->list = lw_list_new(L, nc)) || !(n->names = lw_arena_alloc(L, sizeof(ev_str *) * (nc ? nc : 1))))
        return NULL;
    n->op = 1;
    n->name = module_name(L, ts_node_named_child(t, 0));
    for (uint32_t i = 1; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(t, i), target;
        if (lw_is(L, c, S_comment))
            continue;
        if (lw_is(L, c, S_wildcard_import)) {
            /* module level only: its names are globals, bound at run time */
            if (L->sc && L->sc->is_class)
                return lw_unsupported(L, c, "'from ... import *' in a class body");
            if (L->sc && L->sc->is_function)
                return lw_fail_at(L, c, "import * only allowed at module level");
            n->op = 2;
            continue;
        }
        ev_str *attr;
        if (lw_is(L, c, S_aliased_import)) {
            attr = module_name(L, lw_field(L, c, F_name));
            target = lw_field(L, c, F_alias);
        } else {
            attr = module_name(L, c);
            target = ts_node_named_child(c, 0);
        }
        if (L->failed)
            return NULL;
        n->names[n->n] = attr;
        n->list[n->n++] = lw_lower_name(L, target);
    }
    return L->failed ? NULL : n;
}

/* `*X` in an annotation's subscript, bare or as a `type` node's child */
static bool annotation_splat(TSNode c)
{
    if (strcmp(ts_node_type(c), "type") == 0 && ts_node_named_child_count(c) == 1)
        c = ts_node_named_child(c, 0);
    return strcmp(ts_node_type(c), "splat_type") == 0;
}

/* An annotation (a `type` node): the grammar gives `list[int]` and `int |
 * None` their own node kinds there; they mean the subscript and the `|` of
 * ordinary expressions. */
ev_node *lw_lower_annotation(lower *L, TSNode t)
{
    if (L->failed || ts_node_is_null(t))
        return NULL;
    if (L->future_annotations)
        return lw_unparse_annotation(L, t);
    const char *ty = ts_node_type(t);
    if (strcmp(ty, "type") == 0)
        return ts_node_named_child_count(t) ? lw_lower_annotation(L, ts_node_named_child(t, 0))
                                            : lw_fail_at(L, t, "invalid syntax");
    if (strcmp(ty, "splat_type") == 0)
        return lw_unsupported(L, t, "a starred annotation (*args: *Ts)");
    if (strcmp(ty, "generic_type") == 0) {
        TSNode base = ts_node_named_child(t, 0), params = ts_node_named_child(t, 1);
        ev_node *n = lw_node_new(L, N_SUBSCRIPT, t);
        if (!n || ts_node_is_null(params))
            return n ? lw_fail_at(L, t, "invalid syntax") : NULL;
        n->a = lw_lower_expr(L, base);
        uint32_t np = ts_node_named_child_count(params);
        bool star = false;
        for (uint32_t i = 0; i < np; i++)
            star = star || annotation_splat(ts_node_named_child(params, i));
        if (np == 1 && !star) {
            n->b = lw_lower_annotation(L, ts_node_named_child(params, 0));
        } else {
            /* tuple[int, *Ts] subscripts with the tuple (int, *Ts): the
             * starred items unpacked in it, as a display's */
            ev_node *tup = lw_node_new(L, N_TUPLE, params);
            if (!tup || !(tup->list = lw_list_new(L, np)))
                return NULL;
            tup->slot = -1;
            for (uint32_t i = 0; i < np; i++) {
                TSNode c = ts_node_named_child(params, i);
                if (annotation_splat(c)) {
                    TSNode sp = strcmp(ts_node_type(c), "type") == 0 ? ts_node_named_child(c, 0) : c;
                    ev_node *st = lw_node_new(L, N_STAR, sp);
                    if (!st)
                        return NULL;
                    st->a = lw_lower_expr(L, ts_node_named_child(sp, 0));
                    tup->list[i] = st;
                    tup->flags |= DISPLAY_UNPACK;
                } else {
                    tup->list[i] = lw_lower_annotation(L, c);
                }
            }
            tup->n = np;
            n->b = tup;
        }
        return L->failed ? NULL : n;
    }
    if (strcmp(ty, "union_type") == 0) {
        ev_node *n = lw_node_new(L, N_BINOP, t);
        if (!n)
            return NULL;
        n->op = EV_OP_OR;
        n->a = lw_lower_annotation(L, ts_node_named_child(t, 0));
        n->b = lw_lower_annotation(L, ts_node_named_child(t, 1));
        return L->failed ? NULL : n;
    }
    if (strcmp(ty, "member_type") == 0) {
        TSNode obj = ts_node_named_child(t, 0), attr = ts_node_named_child(t, 1);
        if (strcmp(ts_node_type(attr), "type") == 0 && ts_node_named_child_count(attr))
            attr = ts_node_named_child(attr, 0);
        if (!lw_is(L, attr, S_identifier))
            return lw_unsupported(L, t, "this annotation form");
        ev_node *n = lw_node_new(L, N_ATTR, t);
        if (!n)
            return NULL;
        n->a = strcmp(ts_node_type(obj), "identifier") == 0 ? lw_lower_expr(L, obj) : lw_lower_annotation(L, obj);
        n->name = lw_intern_node(L, attr);
        return L->failed ? NULL : n;
    }
    if (strcmp(ty, "constrained_type") == 0 || strcmp(ty, "splat_type") == 0)
        return lw_fail_at(L, t, "invalid syntax");
    return lw_lower_expr(L, t);
}

/* x: T = v.  At module and class level the annotation is evaluated after the
 * value and stored in __annotations__ for a plain name; in a function it is
 * not evaluated at all, as CPython does. */
static ev_node *lower_annassign(lower *L, TSNode e)
{
    ev_node *n = lw_node_new(L, N_ANNASSIGN, e);
    if (!n)
        return NULL;
    TSNode left = lw_field(L, e, F_left), right = lw_field(L, e, F_right), tn = lw_field(L, e, F_type);
    {
        /* tree-sitter-python can read `match [a, b]:` + a case line as the
         * annotation `match[a, b]: case...` */
        TSNode obj = lw_field(L, left, F_value);
        if (lw_is(L, left, S_subscript) && lw_is(L, obj, S_identifier) &&
            ts_node_end_byte(obj) - ts_node_start_byte(obj) == 5 &&
            memcmp(L->src + ts_node_start_byte(obj), "match", 5) == 0 &&
            ts_node_start_point(tn).row > ts_node_start_point(left).row)
            return lw_unsupported(L, e, "`match [...]:` with a list display as the subject "
                                        "(write `match (...)` or name the list)");
    }
    if (!ts_node_is_null(right) && lw_is(L, right, S_assignment))
        return lw_fail_at(L, e, "invalid syntax");
    bool simple = lw_is(L, left, S_identifier);
    if (!simple && !lw_is(L, left, S_attribute) && !lw_is(L, left, S_subscript))
        return lw_fail_at(L, left, "only single target (not %s) can be annotated",
                          lw_is(L, left, S_tuple) || lw_is(L, left, S_pattern_list) ? "tuple" : "list");
    n->a = lw_lower_target(L, left);
    if (!ts_node_is_null(right))
        n->b = lw_lower_expr(L, right);
    scope *sc = L->sc;
    bool in_function = sc && sc->is_function && !sc->is_class;
    if (!in_function) {
        n->c = lw_lower_annotation(L, tn);
        n->op = sc && sc->is_class ? 2 : 1;
        if (simple)
            n->name = lw_intern_node(L, left);
        if (sc && sc->is_class) {
            ev_str *an = ev_intern(L->I, "__annotations__", 15);
            int slot = an ? lw_scope_find(sc, an) : -1;
            if (slot < 0)
                return lw_fail_at(L, e, "internal error: no __annotations__ in the class scope");
            n->slot = slot;
        }
    }
    return L->failed ? NULL : n;
}

static ev_node *lower_assignment(lower *L, TSNode e)
{
    if (!ts_node_is_null(lw_field(L, e, F_type)))
        return lower_annassign(L, e);
    ev_node *n = lw_node_new(L, N_ASSIGN, e);
    ev_node *targets[64];
    uint32_t nt = 0;
    TSNode cur = e;
    while (lw_is(L, cur, S_assignment)) {
        TSNode right = lw_field(L, cur, F_right);
        if (ts_node_is_null(right))
            return lw_fail_at(L, cur, "invalid syntax");
        if (nt >= 64)
            return lw_unsupported(L, cur, "more than 64 chained assignments");
        targets[nt++] = lw_lower_target(L, lw_field(L, cur, F_left));
        cur = right;
    }
    if (!n || L->failed)
        return NULL;
    n->a = lw_lower_expr(L, cur);
    if (!(n->list = lw_list_new(L, nt)))
        return NULL;
    memcpy(n->list, targets, nt * sizeof *targets);
    n->n = nt;
    return L->failed ? NULL : n;
}

static ev_node *lower_expr_stmt(lower *L, TSNode t)
{
    uint32_t nc = ts_node_named_child_count(t);
    TSNode e = ts_node_named_child(t, 0);
    if (nc > 1) {
        /* `a, b` as a statement: a tuple expression */
        ev_node *n = lw_node_new(L, N_EXPR, t);
        if (n)
            n->a = lw_lower_seq(L, t, N_TUPLE);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, e, S_assignment))
        return lower_assignment(L, e);
    if (lw_is(L, e, S_augmented_assignment)) {
        ev_node *n = lw_node_new(L, N_AUGASSIGN, e);
        if (!n)
            return NULL;
        int op = lw_binop_of(L, lw_field(L, e, F_operator), true);
        if (op < 0)
            return lw_unsupported(L, e, "this augmented assignment");
        TSNode left = lw_unparen_pattern(L, lw_field(L, e, F_left));
        while (lw_is(L, left, S_parenthesized_expression))
            left = ts_node_named_child(left, 0);
        if (!lw_is(L, left, S_identifier) && !lw_is(L, left, S_attribute) && !lw_is(L, left, S_subscript))
            return lw_fail_at(L, left, "'%s' is an illegal expression for augmented assignment",
                              lw_is(L, left, S_tuple_pattern) || lw_is(L, left, S_tuple) ? "tuple"
                              : lw_is(L, left, S_list_pattern) || lw_is(L, left, S_list) ? "list"
                                                                                          : ts_node_type(left));
        n->op = (uint8_t)op;
        n->a = lw_lower_expr(L, left);
        n->b = lw_lower_expr(L, lw_field(L, e, F_right));
        return L->failed ? NULL : n;
    }
    ev_node *n = lw_node_new(L, N_EXPR, t);
    if (n)
        n->a = lw_lower_expr(L, e);
    return L->failed ? NULL : n;
}

static ev_node *lower_stmt_inner(lower *L, TSNode t)
{
    if (lw_is(L, t, S_expression_statement))
        return lower_expr_stmt(L, t);
    if (lw_is(L, t, S_if_statement))
        return lower_if(L, t);
    if (lw_is(L, t, S_while_statement)) {
        ev_node *n = lw_node_new(L, N_WHILE, t);
        if (!n)
            return NULL;
        n->a = lw_lower_expr(L, lw_field(L, t, F_condition));
        n->b = lower_loop_body(L, lw_field(L, t, F_body));
        n->c = lower_else(L, t);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_for_statement)) {
        ev_node *n = lw_node_new(L, N_FOR, t);
        if (!n)
            return NULL;
        if (strcmp(ts_node_type(ts_node_child(t, 0)), "async") == 0)
            n->op = OP_ASYNC;
        n->a = lw_lower_target(L, lw_field(L, t, F_left));
        n->b = lw_lower_expr(L, lw_field(L, t, F_right));
        if (n->b && n->b->kind == N_SET)
            n->b->flags |= SET_FROZEN_ITER;
        n->c = lower_loop_body(L, lw_field(L, t, F_body));
        n->d = lower_else(L, t);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_break_statement))
        return L->loops > 0 ? lw_node_new(L, N_BREAK, t) : lw_fail_at(L, t, "'break' outside loop");
    if (lw_is(L, t, S_continue_statement))
        return L->loops > 0 ? lw_node_new(L, N_CONTINUE, t)
                            : lw_fail_at(L, t, "'continue' not properly in loop");
    if (lw_is(L, t, S_pass_statement))
        return lw_node_new(L, N_PASS, t);
    if (lw_is(L, t, S_return_statement)) {
        if (!L->sc->is_function)
            return lw_fail_at(L, t, "'return' outside function");
        ev_node *n = lw_node_new(L, N_RETURN, t);
        if (n && ts_node_named_child_count(t) > 0) {
            TSNode v = ts_node_named_child(t, 0);
            n->a = lw_is(L, v, S_expression_list) ? lw_lower_seq(L, v, N_TUPLE) : lw_lower_expr(L, v);
            if (!L->sc->return_value) {
                L->sc->return_value = true;
                L->sc->return_node = t;
            }
        }
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_function_definition)) {
        return lw_lower_def(L, t);
    }
    if (lw_is(L, t, S_global_statement) || lw_is(L, t, S_nonlocal_statement)) {
        if (lw_is(L, t, S_nonlocal_statement) && !L->sc->is_function)
            return lw_fail_at(L, t, "nonlocal declaration not allowed at module level");
        return lw_node_new(L, N_PASS, t); /* resolved while lowering names */
    }
    if (lw_is(L, t, S_delete_statement)) {
        ev_node *n = lw_node_new(L, N_DEL, t);
        if (!n)
            return NULL;
        TSNode e = ts_node_named_child(t, 0);
        n->a = lw_is(L, e, S_expression_list) ? lw_lower_seq(L, e, N_TUPLE) : lw_lower_target(L, e);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_raise_statement)) {
        ev_node *n = lw_node_new(L, N_RAISE, t);
        if (!n)
            return NULL;
        TSNode cause = ts_node_child_by_field_name(t, "cause", 5);
        uint32_t nc = ts_node_named_child_count(t);
        if (nc > 0)
            n->a = lw_lower_expr(L, ts_node_named_child(t, 0));
        if (!ts_node_is_null(cause))
            n->b = lw_lower_expr(L, cause);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_try_statement))
        return lower_try(L, t);
    if (lw_is(L, t, S_assert_statement)) {
        ev_node *n = lw_node_new(L, N_ASSERT, t);
        if (!n)
            return NULL;
        n->a = lw_lower_expr(L, ts_node_named_child(t, 0));
        if (ts_node_named_child_count(t) > 1)
            n->b = lw_lower_expr(L, ts_node_named_child(t, 1));
        if (n->a)
            n->c = assert_caret(n->a, 0);
        return L->failed ? NULL : n;
    }
    if (lw_is(L, t, S_import_statement) || lw_is(L, t, S_import_from_statement))
        return lower_import(L, t);
    const char *ty = ts_node_type(t);
    if (strcmp(ty, "future_import_statement") == 0) {
        /* the analyzer checked the features and the place (CPython's
         * future.c); what they change is decided when lowering starts */
        uint32_t nc = ts_node_named_child_count(t);
        for (uint32_t i = 0; i < nc; i++)
            if (lw_is(L, ts_node_named_child(t, i), S_aliased_import))
                return lw_unsupported(L, t, "binding a __future__ feature to a name (import ... as)");
        return lw_node_new(L, N_PASS, t);
    }
    if (strcmp(ty, "ERROR") == 0 || ts_node_is_missing(t))
        return lw_fail_at(L, t, "invalid syntax");
    if (strcmp(ty, "class_definition") == 0)
        return lw_lower_class(L, t);
    if (strcmp(ty, "decorated_definition") == 0)
        return lw_lower_decorated(L, t);
    if (strcmp(ty, "with_statement") == 0)
        return lower_with(L, t);
    if (strcmp(ty, "match_statement") == 0)
        return lw_lower_match(L, t);
    if (strcmp(ty, "print_statement") == 0 || strcmp(ty, "exec_statement") == 0) {
        const char *kw = ty[0] == 'p' ? "print" : "exec";
        return lw_fail_at(L, t, "Missing parentheses in call to '%s'. Did you mean %s(...)?", kw, kw);
    }
    if (strcmp(ty, "type_alias_statement") == 0)
        return lw_fail_at(L, t, "invalid syntax"); /* `type X = ...` is Python 3.12 */
    char what[96];
    snprintf(what, sizeof what, "the '%s' statement", ty);
    return lw_unsupported(L, t, what);
}

static ev_node *lower_stmt(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    if (++L->cdepth > CPY_COMPILE_DEPTH) {
        L->cdepth--;
        return lw_compile_too_deep(L);
    }
    if (++L->depth > MAX_DEPTH) {
        L->depth--;
        L->cdepth--;
        return lw_fail_at(L, t, "too many statically nested blocks");
    }
    ev_node *n = lower_stmt_inner(L, t);
    L->depth--;
    L->cdepth--;
    return n;
}

ev_node *lw_lower_block(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    if (ts_node_is_null(t))
        return lw_fail_at(L, t, "expected an indented block");
    uint32_t nc = ts_node_named_child_count(t);
    ev_node *n = lw_node_new(L, N_BLOCK, t);
    if (!n || !(n->list = lw_list_new(L, nc)))
        return NULL;
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (lw_is(L, c, S_comment) || lw_is(L, c, S_line_continuation))
            continue;
        ev_node *s = lower_stmt(L, c);
        if (s)
            n->list[n->n++] = s;
    }
    return L->failed ? NULL : n;
}
