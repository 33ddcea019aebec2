/*
 * lower_unparse.c - postponed annotations (PEP 563): the source text CPython
 * 3.11 stores for an annotation under `from __future__ import annotations`.
 *
 * CPython does not keep the annotation's characters: it prints the parsed
 * expression again (Python/ast_unparse.c), so spacing is normalised
 * (`Dict[str,int]` is 'Dict[str, int]'), redundant parentheses go and needed
 * ones come back by operator priority, and constants are their reprs (`"N"`
 * is "'N'", `0x10` is '16', `1e999` is '1e309').  This file does the same
 * from tree-sitter's tree: each node is printed at a priority level, in
 * parentheses when the level asks for more than the node has.  The
 * expression is never evaluated; constants are built by the ordinary
 * lowering only to take their repr.  Forms that no annotation needs
 * (lambda, comprehensions, f-strings, walrus, await, yield) are refused
 * with a message naming them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "evaluator/ev.h"
#include "evaluator/lower_int.h"

/* Priority levels, lowest first (ast_unparse.c's order). */
enum {
    PR_TUPLE, PR_TEST, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_BOR, PR_BXOR, PR_BAND, PR_SHIFT, PR_ARITH, PR_TERM,
    PR_FACTOR, PR_POWER, PR_AWAIT, PR_ATOM,
};

#define UNPARSE_MAX_DEPTH 200

typedef struct unparser {
    lower *L;
    ev_buf b;
    bool err; /* an allocation failed or a form was refused (L->failed says which) */
} unparser;

static void put(unparser *u, const char *s, size_t n)
{
    if (!u->err && ev_buf_put(u->L->I, &u->b, s, n)) {
        u->err = true;
        u->L->failed = true;
    }
}

static void puts_(unparser *u, const char *s)
{
    put(u, s, strlen(s));
}

static void put_if(unparser *u, bool cond, const char *s)
{
    if (cond)
        puts_(u, s);
}

static void refuse(unparser *u, TSNode t, const char *what)
{
    if (!u->err) {
        char msg[128];
        snprintf(msg, sizeof msg, "%s in a postponed annotation (from __future__ import annotations)", what);
        lw_unsupported(u->L, t, msg);
        u->err = true;
    }
}

static const char *type_of(TSNode t)
{
    return ts_node_type(t);
}

static bool is_type(TSNode t, const char *ty)
{
    return !ts_node_is_null(t) && strcmp(ts_node_type(t), ty) == 0;
}

/* An identifier as the AST holds it: NFKC-normalised, never mangled. */
static void put_name(unparser *u, TSNode t)
{
    uint32_t s = ts_node_start_byte(t), e = ts_node_end_byte(t);
    const char *src = u->L->src + s;
    bool ascii = true;
    for (uint32_t i = 0; i < e - s && ascii; i++)
        ascii = (unsigned char)src[i] < 0x80;
    if (ascii) {
        put(u, src, e - s);
        return;
    }
    utf8proc_uint8_t *norm = NULL;
    utf8proc_ssize_t len = utf8proc_map((const utf8proc_uint8_t *)src, e - s, &norm,
                                        UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
    if (len < 0) {
        u->err = true;
        u->L->failed = true;
    } else {
        put(u, (const char *)norm, (size_t)len);
    }
    free(norm);
}

/* A literal: its value's repr, with an infinite float spelled 1e309 as
 * CPython's unparser does (so the text reads back as the same value). */
static void put_constant(unparser *u, TSNode t)
{
    lower *L = u->L;
    ev_node *n = lw_lower_expr(L, t);
    if (!n || L->failed) {
        u->err = true;
        return;
    }
    if (n->kind != N_CONST) {
        refuse(u, t, "an f-string");
        return;
    }
    ev_buf r = {0};
    if (ev_buf_repr_builtin(L->I, &r, n->cval)) {
        ev_buf_free(L->I, &r);
        u->err = true;
        L->failed = true;
        return;
    }
    bool numeric = is_type(t, "integer") || is_type(t, "float"); /* complex too (5j) */
    for (size_t i = 0; i < r.len && !u->err; i++) {
        if (numeric && r.len - i >= 3 && memcmp(r.data + i, "inf", 3) == 0) {
            puts_(u, "1e309");
            i += 2;
        } else {
            put(u, r.data + i, 1);
        }
    }
    ev_buf_free(L->I, &r);
}

static void expr(unparser *u, TSNode t, int level, int depth);

/* The named children of t that are not comments. */
static uint32_t nkids(TSNode t)
{
    return ts_node_named_child_count(t);
}

static void binop(unparser *u, TSNode t, int level, int depth)
{
    TSNode op = lw_field(u->L, t, F_operator);
    TSNode l = lw_field(u->L, t, F_left), r = lw_field(u->L, t, F_right);
    if (ts_node_is_null(op) || ts_node_is_null(l) || ts_node_is_null(r)) {
        refuse(u, t, "this operator");
        return;
    }
    const char *o = type_of(op);
    int pr;
    bool rassoc = false;
    if (!strcmp(o, "+") || !strcmp(o, "-"))
        pr = PR_ARITH;
    else if (!strcmp(o, "*") || !strcmp(o, "@") || !strcmp(o, "/") || !strcmp(o, "%") || !strcmp(o, "//"))
        pr = PR_TERM;
    else if (!strcmp(o, "<<") || !strcmp(o, ">>"))
        pr = PR_SHIFT;
    else if (!strcmp(o, "|"))
        pr = PR_BOR;
    else if (!strcmp(o, "^"))
        pr = PR_BXOR;
    else if (!strcmp(o, "&"))
        pr = PR_BAND;
    else if (!strcmp(o, "**"))
        pr = PR_POWER, rassoc = true;
    else {
        refuse(u, t, "this operator");
        return;
    }
    put_if(u, level > pr, "(");
    expr(u, l, pr + rassoc, depth);
    puts_(u, " ");
    puts_(u, o);
    puts_(u, " ");
    expr(u, r, pr + !rassoc, depth);
    put_if(u, level > pr, ")");
}

/* `a and b and c` is one BoolOp in CPython's tree: a left operand with
 * the same operator and no parentheses continues the chain. */
static void boolop(unparser *u, TSNode t, int level, int depth, bool inner)
{
    TSNode op = lw_field(u->L, t, F_operator);
    TSNode l = lw_field(u->L, t, F_left), r = lw_field(u->L, t, F_right);
    if (ts_node_is_null(op) || ts_node_is_null(l) || ts_node_is_null(r)) {
        refuse(u, t, "this operator");
        return;
    }
    bool is_and = strcmp(type_of(op), "and") == 0;
    int pr = is_and ? PR_AND : PR_OR;
    put_if(u, !inner && level > pr, "(");
    TSNode lop = lw_field(u->L, l, F_operator);
    if (is_type(l, "boolean_operator") && !ts_node_is_null(lop) && (strcmp(type_of(lop), "and") == 0) == is_and)
        boolop(u, l, pr + 1, depth + 1, true);
    else
        expr(u, l, pr + 1, depth);
    puts_(u, is_and ? " and " : " or ");
    expr(u, r, pr + 1, depth);
    put_if(u, !inner && level > pr, ")");
}

static void compare(unparser *u, TSNode t, int level, int depth)
{
    put_if(u, level > PR_CMP, "(");
    uint32_t nc = ts_node_child_count(t);
    for (uint32_t i = 0; i < nc && !u->err; i++) {
        TSNode c = ts_node_child(t, i);
        if (ts_node_is_named(c)) {
            expr(u, c, PR_CMP + 1, depth);
            continue;
        }
        const char *o = type_of(c);
        if (!strcmp(o, "not") && i + 1 < nc && !strcmp(type_of(ts_node_child(t, i + 1)), "in")) {
            puts_(u, " not in ");
            i++;
        } else if (!strcmp(o, "is") && i + 1 < nc && !strcmp(type_of(ts_node_child(t, i + 1)), "not")) {
            puts_(u, " is not ");
            i++;
        } else if (!strcmp(o, "<>")) {
            refuse(u, c, "the '<>' operator");
        } else {
            puts_(u, " ");
            puts_(u, o);
            puts_(u, " ");
        }
    }
    put_if(u, level > PR_CMP, ")");
}

/* Elements of a list, set or tuple display (or a subscript's tuple). */
static void elements(unparser *u, TSNode t, int depth, uint32_t *count)
{
    uint32_t n = nkids(t), k = 0;
    for (uint32_t i = 0; i < n && !u->err; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is_type(c, "comment"))
            continue;
        put_if(u, k++ > 0, ", ");
        expr(u, c, PR_TEST, depth);
    }
    *count = k;
}

static void tuple(unparser *u, TSNode t, int level, int depth)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < nkids(t); i++)
        n += !is_type(ts_node_named_child(t, i), "comment");
    if (n == 0) {
        puts_(u, "()");
        return;
    }
    put_if(u, level > PR_TUPLE, "(");
    elements(u, t, depth, &n);
    put_if(u, n == 1, ",");
    put_if(u, level > PR_TUPLE, ")");
}

/* A slice `lo:hi:step`: the parts present, by the colons around them. */
static void slice(unparser *u, TSNode t, int depth)
{
    TSNode part[3];
    memset(part, 0, sizeof part);
    int k = 0;
    uint32_t nc = ts_node_child_count(t);
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_child(t, i);
        if (!ts_node_is_named(c)) {
            if (!strcmp(type_of(c), ":") && k < 2)
                k++;
        } else if (!is_type(c, "comment")) {
            part[k] = c;
        }
    }
    if (!ts_node_is_null(part[0]))
        expr(u, part[0], PR_TEST, depth);
    puts_(u, ":");
    if (!ts_node_is_null(part[1]))
        expr(u, part[1], PR_TEST, depth);
    if (!ts_node_is_null(part[2])) {
        puts_(u, ":");
        expr(u, part[2], PR_TEST, depth);
    }
}

/* x[a], x[a, b], x[a,]: the index is one expression or a tuple printed
 * without parentheses. */
static void subscript_index(unparser *u, TSNode t, uint32_t first, uint32_t n, bool trailing_comma, int depth)
{
    uint32_t k = 0;
    for (uint32_t i = first; i < first + n && !u->err; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is_type(c, "comment"))
            continue;
        put_if(u, k++ > 0, ", ");
        expr(u, c, k == 1 && n == 1 && !trailing_comma ? PR_TUPLE : PR_TEST, depth);
    }
    put_if(u, k == 1 && trailing_comma, ",");
}

static bool has_comma(TSNode t)
{
    uint32_t nc = ts_node_child_count(t);
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_child(t, i);
        if (!ts_node_is_named(c) && !strcmp(type_of(c), ","))
            return true;
    }
    return false;
}

static void call(unparser *u, TSNode t, int depth)
{
    TSNode fn = lw_field(u->L, t, F_function), args = lw_field(u->L, t, F_arguments);
    if (ts_node_is_null(args) || !is_type(args, "argument_list")) {
        refuse(u, t, "a generator expression");
        return;
    }
    expr(u, fn, PR_ATOM, depth);
    puts_(u, "(");
    /* CPython's tree keeps positional arguments (and *x) apart from
     * keywords (and **x): they print in that order */
    bool first = true;
    uint32_t n = nkids(args);
    for (int pass = 0; pass < 2 && !u->err; pass++) {
        for (uint32_t i = 0; i < n && !u->err; i++) {
            TSNode a = ts_node_named_child(args, i);
            bool kw = is_type(a, "keyword_argument") || is_type(a, "dictionary_splat");
            if (is_type(a, "comment") || kw != (pass == 1))
                continue;
            put_if(u, !first, ", ");
            first = false;
            if (is_type(a, "keyword_argument")) {
                put_name(u, lw_field(u->L, a, F_name));
                puts_(u, "=");
                expr(u, lw_field(u->L, a, F_value), PR_TEST, depth);
            } else if (is_type(a, "dictionary_splat")) {
                puts_(u, "**");
                expr(u, ts_node_named_child(a, 0), PR_TEST, depth);
            } else {
                expr(u, a, PR_TEST, depth);
            }
        }
    }
    puts_(u, ")");
}

static void dict(unparser *u, TSNode t, int depth)
{
    puts_(u, "{");
    uint32_t n = nkids(t), k = 0;
    for (uint32_t i = 0; i < n && !u->err; i++) {
        TSNode c = ts_node_named_child(t, i);
        if (is_type(c, "comment"))
            continue;
        put_if(u, k++ > 0, ", ");
        if (is_type(c, "pair")) {
            expr(u, lw_field(u->L, c, F_key), PR_TEST, depth);
            puts_(u, ": ");
            expr(u, lw_field(u->L, c, F_value), PR_TEST, depth);
        } else if (is_type(c, "dictionary_splat")) {
            puts_(u, "**");
            expr(u, ts_node_named_child(c, 0), PR_BOR, depth);
        } else {
            refuse(u, c, "this dictionary item");
        }
    }
    puts_(u, "}");
}

static void expr(unparser *u, TSNode t, int level, int depth)
{
    if (u->err)
        return;
    if (ts_node_is_null(t)) {
        refuse(u, t, "this expression");
        return;
    }
    if (++depth > UNPARSE_MAX_DEPTH) {
        refuse(u, t, "an annotation nested this deeply");
        return;
    }
    const char *ty = type_of(t);
    lower *L = u->L;
    if (!strcmp(ty, "type")) {
        if (nkids(t) == 1)
            expr(u, ts_node_named_child(t, 0), level, depth);
        else
            refuse(u, t, "this annotation form");
    } else if (!strcmp(ty, "parenthesized_expression")) {
        TSNode in = ts_node_named_child(t, 0);
        uint32_t n = nkids(t);
        for (uint32_t i = 0; i < n; i++)
            if (!is_type(ts_node_named_child(t, i), "comment")) {
                in = ts_node_named_child(t, i);
                break;
            }
        expr(u, in, level, depth);
    } else if (!strcmp(ty, "identifier")) {
        put_name(u, t);
    } else if (!strcmp(ty, "none") || !strcmp(ty, "true") || !strcmp(ty, "false")) {
        puts_(u, !strcmp(ty, "none") ? "None" : !strcmp(ty, "true") ? "True" : "False");
    } else if (!strcmp(ty, "ellipsis")) {
        puts_(u, "...");
    } else if (!strcmp(ty, "string") || !strcmp(ty, "concatenated_string") || !strcmp(ty, "integer") ||
               !strcmp(ty, "float")) {
        put_constant(u, t);
    } else if (!strcmp(ty, "attribute") || !strcmp(ty, "member_type")) {
        TSNode obj = !strcmp(ty, "attribute") ? lw_field(L, t, F_object) : ts_node_named_child(t, 0);
        TSNode attr = !strcmp(ty, "attribute") ? lw_field(L, t, F_attribute) : ts_node_named_child(t, 1);
        if (is_type(attr, "type") && nkids(attr) == 1)
            attr = ts_node_named_child(attr, 0);
        if (!is_type(attr, "identifier")) {
            refuse(u, t, "this attribute form");
            return;
        }
        expr(u, obj, PR_ATOM, depth);
        /* `1 .real`: an integer needs the space to stay an integer */
        const char *o = L->src + ts_node_start_byte(obj);
        uint32_t ol = ts_node_end_byte(obj) - ts_node_start_byte(obj);
        bool integer = is_type(obj, "integer") && !memchr(o, 'j', ol) && !memchr(o, 'J', ol);
        puts_(u, integer ? " ." : ".");
        put_name(u, attr);
    } else if (!strcmp(ty, "subscript")) {
        TSNode value = lw_field(L, t, F_value);
        expr(u, value, PR_ATOM, depth);
        puts_(u, "[");
        /* the index is every named child after the value */
        uint32_t n = nkids(t), first = 0;
        for (uint32_t i = 0; i < n; i++)
            if (ts_node_eq(ts_node_named_child(t, i), value)) {
                first = i + 1;
                break;
            }
        TSNode lb = ts_node_child_by_field_name(t, "subscript", 9);
        bool comma = false;
        if (!ts_node_is_null(lb)) {
            /* a comma after the value's '[' is a tuple index */
            uint32_t nc = ts_node_child_count(t);
            for (uint32_t i = 0; i < nc; i++) {
                TSNode c = ts_node_child(t, i);
                if (!ts_node_is_named(c) && !strcmp(type_of(c), ","))
                    comma = true;
            }
        }
        subscript_index(u, t, first, n - first, comma, depth);
        puts_(u, "]");
    } else if (!strcmp(ty, "generic_type")) {
        TSNode base = ts_node_named_child(t, 0), params = ts_node_named_child(t, 1);
        if (ts_node_is_null(params)) {
            refuse(u, t, "this annotation form");
            return;
        }
        expr(u, base, PR_ATOM, depth);
        puts_(u, "[");
        subscript_index(u, params, 0, nkids(params), nkids(params) == 1 && has_comma(params), depth);
        puts_(u, "]");
    } else if (!strcmp(ty, "union_type")) {
        put_if(u, level > PR_BOR, "(");
        expr(u, ts_node_named_child(t, 0), PR_BOR, depth);
        puts_(u, " | ");
        expr(u, ts_node_named_child(t, 1), PR_BOR + 1, depth);
        put_if(u, level > PR_BOR, ")");
    } else if (!strcmp(ty, "slice")) {
        slice(u, t, depth);
    } else if (!strcmp(ty, "binary_operator")) {
        binop(u, t, level, depth);
    } else if (!strcmp(ty, "unary_operator")) {
        TSNode op = lw_field(L, t, F_operator);
        put_if(u, level > PR_FACTOR, "(");
        puts_(u, ts_node_is_null(op) ? "-" : type_of(op));
        expr(u, lw_field(L, t, F_argument), PR_FACTOR, depth);
        put_if(u, level > PR_FACTOR, ")");
    } else if (!strcmp(ty, "not_operator")) {
        put_if(u, level > PR_NOT, "(");
        puts_(u, "not ");
        expr(u, lw_field(L, t, F_argument), PR_NOT, depth);
        put_if(u, level > PR_NOT, ")");
    } else if (!strcmp(ty, "boolean_operator")) {
        boolop(u, t, level, depth, false);
    } else if (!strcmp(ty, "comparison_operator")) {
        compare(u, t, level, depth);
    } else if (!strcmp(ty, "conditional_expression")) {
        TSNode body = ts_node_named_child(t, 0), test = ts_node_named_child(t, 1), orelse = ts_node_named_child(t, 2);
        put_if(u, level > PR_TEST, "(");
        expr(u, body, PR_TEST + 1, depth);
        puts_(u, " if ");
        expr(u, test, PR_TEST + 1, depth);
        puts_(u, " else ");
        expr(u, orelse, PR_TEST, depth);
        put_if(u, level > PR_TEST, ")");
    } else if (!strcmp(ty, "list") || !strcmp(ty, "set")) {
        uint32_t k;
        puts_(u, ty[0] == 'l' ? "[" : "{");
        elements(u, t, depth, &k);
        puts_(u, ty[0] == 'l' ? "]" : "}");
    } else if (!strcmp(ty, "tuple") || !strcmp(ty, "expression_list")) {
        tuple(u, t, level, depth);
    } else if (!strcmp(ty, "dictionary")) {
        dict(u, t, depth);
    } else if (!strcmp(ty, "list_splat") || !strcmp(ty, "splat_type")) {
        puts_(u, "*");
        expr(u, ts_node_named_child(t, 0), PR_BOR, depth);
    } else if (!strcmp(ty, "call")) {
        call(u, t, depth);
    } else if (!strcmp(ty, "lambda")) {
        refuse(u, t, "a lambda");
    } else if (strstr(ty, "comprehension") || !strcmp(ty, "generator_expression")) {
        refuse(u, t, "a comprehension");
    } else if (!strcmp(ty, "named_expression")) {
        refuse(u, t, "an assignment expression (:=)");
    } else if (!strcmp(ty, "await")) {
        refuse(u, t, "await");
    } else if (!strcmp(ty, "yield")) {
        refuse(u, t, "yield");
    } else {
        char what[96];
        snprintf(what, sizeof what, "'%s'", ty);
        refuse(u, t, what);
    }
}

ev_node *lw_unparse_annotation(lower *L, TSNode t)
{
    if (L->failed)
        return NULL;
    unparser u = {.L = L};
    expr(&u, t, PR_TEST, 0);
    if (u.err) {
        ev_buf_free(L->I, &u.b);
        L->failed = true;
        return NULL;
    }
    ev_value s = ev_buf_to_str(L->I, &u.b);
    return lw_lower_const(L, t, s);
}
