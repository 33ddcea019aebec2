/* diagnose.c - CPython 3.11's specific parser errors, from the token stream.
 *
 * CPython's parser has "invalid_*" rules that turn a failed parse into a
 * precise message ("expected ':'", "cannot assign to function call here.
 * Maybe you meant '==' instead of '='?", "Perhaps you forgot a comma?").
 * tree-sitter recovers silently or reports an ERROR node somewhere near.
 * This pass looks at each logical line's tokens for the patterns those
 * rules match and returns the first one, with CPython's message and
 * position; parse.c decides whether it wins over tree-sitter's finding.
 *
 * Every check here only fires on token sequences that are not valid Python,
 * so it can run on programs tree-sitter accepts (`del f()`, `for 1 in x`).
 * Expressions are classified by a flat scan of their top-level tokens:
 * enough to name the node CPython would name ("function call", "literal",
 * "comparison"...).  The generic "invalid syntax" scanner is diag_scan.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_diag.h"

bool an_dg_set(const dg *d, const char *msg, uint32_t at, uint32_t end, const char *hint)
{
    an_diagnosis *o = d->out;
    if (o->found)
        return true;
    o->found = true;
    snprintf(o->msg, sizeof o->msg, "%s", msg);
    o->at = at;
    o->at_end = end > at ? end : at + 1;
    o->hint = hint;
    /* the parser has read at least the token after the range */
    o->reach = o->at_end;
    for (size_t i = 0; i < d->n; i++)
        if (d->t[i].s >= o->at_end) {
            o->reach = d->t[i].s;
            break;
        }
    return true;
}

/* expr_kind's answer for token sequences it cannot read as one expression:
 * the checks stay silent and leave them to the generic path. */
static const char BAD[] = "?";

static const char HINT_TARGET[] =
    "only a name, an attribute (obj.x) or an item (a[i]) can be assigned to or deleted; to compare, write '=='";

/* --- expression kinds ----------------------------------------------------- */

/* CPython's name for the expression [a, b) (as _PyPegen_get_expr_name), or
 * NULL when it is a valid assignment target (name, attribute, subscript). */
static const char *expr_kind(const dg *d, size_t a, size_t b, bool *is_tuple_or_list);

/* Can an expression end with token i? */
bool an_dg_operand_end(const dg *d, size_t i)
{
    const an_tok *k = &d->t[i];
    if (k->kind == AN_TK_NUMBER || k->kind == AN_TK_STRING || is_close(d, i) || tis(d, i, "..."))
        return true;
    return k->kind == AN_TK_NAME && (!an_dg_is_keyword(d, i) || tis(d, i, "None") || tis(d, i, "True") ||
                                     tis(d, i, "False") || tis(d, i, "yield"));
}

bool an_dg_has_top(const dg *d, size_t a, size_t b, const char *op)
{
    return an_dg_find_top(d, a, b, op) < b;
}

static const char *atom_kind(const dg *d, size_t a, size_t b, bool *seq)
{
    /* a single bracket group from a to b */
    size_t in_a = a + 1, in_b = b - 1;
    if (tis(d, a, "(")) {
        if (in_a == in_b) {
            *seq = true;
            return "tuple";
        }
        if (an_dg_has_top(d, in_a, in_b, "for"))
            return "generator expression";
        if (an_dg_has_top(d, in_a, in_b, ",")) {
            *seq = true;
            return "tuple";
        }
        if (tis(d, in_a, "yield"))
            return "yield expression";
        return expr_kind(d, in_a, in_b, seq);
    }
    if (tis(d, a, "[")) {
        if (an_dg_has_top(d, in_a, in_b, "for"))
            return "list comprehension";
        *seq = true;
        return "list";
    }
    bool comp = an_dg_has_top(d, in_a, in_b, "for");
    bool dict = in_a == in_b || an_dg_has_top(d, in_a, in_b, ":") || tis(d, in_a, "**");
    return comp ? (dict ? "dict comprehension" : "set comprehension") : dict ? "dict literal" : "set display";
}

static bool is_binop(const dg *d, size_t i)
{
    static const char *const ops[] = {"+", "-", "*", "/", "//", "%", "**", "@", "|", "&", "^", "<<", ">>", NULL};
    for (size_t k = 0; ops[k]; k++)
        if (tis(d, i, ops[k]))
            return true;
    return false;
}

static const char *expr_kind(const dg *d, size_t a, size_t b, bool *seq)
{
    *seq = false;
    if (a >= b || !an_dg_operand_end(d, b - 1))
        return BAD;
    if (tis(d, a, "lambda"))
        return "lambda";
    if (tis(d, a, "yield"))
        return "yield expression";
    if (tis(d, a, "await"))
        return "await expression";
    if (tis(d, a, "*"))
        return "starred";
    if (an_dg_has_top(d, a, b, ":="))
        return "named expression";
    if (an_dg_has_top(d, a, b, "if"))
        return "conditional expression";
    if (an_dg_has_top(d, a, b, "or") || an_dg_has_top(d, a, b, "and") || tis(d, a, "not"))
        return "expression";
    static const char *const cmp[] = {"==", "!=", "<", ">", "<=", ">=", "in", "is", "not", NULL};
    for (size_t k = 0; cmp[k]; k++)
        if (an_dg_has_top(d, a, b, cmp[k]))
            return "comparison";
    /* binary/unary operators at the top level */
    if (tis(d, a, "-") || tis(d, a, "+") || tis(d, a, "~"))
        return "expression";
    for (size_t i = a; i < b;) {
        if (is_open(d, i)) {
            i = an_dg_skip_group(d, i, b);
            continue;
        }
        if (i > a && is_binop(d, i))
            return "expression";
        i++;
    }
    /* a primary: an atom and trailers */
    size_t i = a, atom_end;
    const an_tok *k = &d->t[a];
    if (is_open(d, a))
        atom_end = an_dg_skip_group(d, a, b);
    else if (k->kind == AN_TK_STRING) {
        atom_end = a;
        while (atom_end < b && d->t[atom_end].kind == AN_TK_STRING)
            atom_end++;
    } else
        atom_end = a + 1;
    i = atom_end;
    const char *last = NULL;
    while (i < b) {
        if (tis(d, i, ".")) {
            last = "attribute";
            i += 2;
        } else if (tis(d, i, "(")) {
            last = "function call";
            i = an_dg_skip_group(d, i, b);
        } else if (tis(d, i, "[")) {
            last = "subscript";
            i = an_dg_skip_group(d, i, b);
        } else {
            return BAD; /* not one expression */
        }
    }
    if (last)
        return strcmp(last, "function call") == 0 ? last : NULL;
    if (is_open(d, a))
        return atom_kind(d, a, atom_end, seq);
    if (k->kind == AN_TK_NUMBER)
        return "literal";
    if (k->kind == AN_TK_STRING) {
        const char *s = d->p->src + k->s;
        for (size_t j = 0; j < 3 && s[j] != '\'' && s[j] != '"'; j++)
            if (s[j] == 'f' || s[j] == 'F')
                return "f-string expression";
        return "literal";
    }
    if (tis(d, a, "True"))
        return "True";
    if (tis(d, a, "False"))
        return "False";
    if (tis(d, a, "None"))
        return "None";
    if (tis(d, a, "..."))
        return "ellipsis";
    if (tis(d, a, "__debug__"))
        return "__debug__";
    if (k->kind == AN_TK_NAME && !an_dg_is_keyword(d, a))
        return NULL;
    return BAD;
}

/* The first invalid element of a target list [a, b) (CPython's
 * _PyPegen_get_invalid_target); returns false when every one is valid. */
static bool invalid_target(const dg *d, size_t a, size_t b, bool del, size_t *ea, size_t *eb,
                           const char **kind, int depth)
{
    if (depth > 50)
        return false;
    size_t i = a;
    while (i < b) {
        size_t j = an_dg_find_top(d, i, b, ",");
        size_t s = i, e = j;
        if (s < e) {
            if (tis(d, s, "*") && !del)
                s++;
            bool seq;
            const char *k = expr_kind(d, s, e, &seq);
            if (k == BAD)
                return false;
            if (k && seq && e - s == 2) {
                /* () and [] are fine targets */
            } else if (k && seq && an_dg_skip_group(d, s, e) == e && e - s > 2) {
                if (invalid_target(d, s + 1, e - 1, del, ea, eb, kind, depth + 1))
                    return true;
            } else if (k && !(seq && e - s <= 2 && !del)) {
                *ea = s;
                *eb = e;
                *kind = k;
                return true;
            }
        }
        i = j + 1;
    }
    return false;
}

/* invalid_named_expression's lookahead !(list|tuple|genexp|'True'|'None'|
 * 'False'): an expression that starts with one of those before its '=' gets
 * no "cannot assign to ... here" (`if (r, c) = goal:`, `if [a][0] = 1:` are
 * plain invalid syntax at the '='); a list comprehension or a group does. */
static bool named_expr_excluded(const dg *d, size_t s, size_t eq)
{
    if (tis(d, s, "True") || tis(d, s, "False") || tis(d, s, "None"))
        return true;
    if (!is_open(d, s) || tis(d, s, "{"))
        return false;
    size_t ge = an_dg_skip_group(d, s, eq);
    bool seq;
    const char *gk = expr_kind(d, s, ge, &seq);
    if (!gk || gk == BAD)
        return false;
    return strcmp(gk, "tuple") == 0 || strcmp(gk, "generator expression") == 0 ||
           (tis(d, s, "[") && strcmp(gk, "list comprehension") != 0);
}

/* --- checks on one logical line [a, b) (b is its NEWLINE) ---------------------------- */

static bool in_match_block(const dg *d, size_t i)
{
    size_t col = an_dg_tok_col(d, i);
    size_t h = col > 0 ? an_dg_prev_header(d, i, col - 1) : d->n;
    return h < d->n && tis(d, h, "match");
}

bool an_dg_compound_start(const dg *d, size_t a, size_t b, const char **kw)
{
    static const char *const kws[] = {"if", "elif", "else", "for", "while", "def", "class", "with",
                                      "try", "except", "finally", NULL};
    size_t i = a;
    if (tis(d, i, "async") && (tis(d, i + 1, "def") || tis(d, i + 1, "for") || tis(d, i + 1, "with")))
        i++;
    for (size_t k = 0; kws[k]; k++)
        if (tis(d, i, kws[k])) {
            *kw = kws[k];
            return true;
        }
    /* soft keywords: a header has its ':' and no assignment or attribute,
     * and a case is one only in a match's block (`case str(s):` inside a
     * case's body is an expression statement, invalid at `str`) */
    if ((tis(d, i, "match") || (tis(d, i, "case") && in_match_block(d, i))) && i + 1 < b && !tis(d, i + 1, "=") &&
        !tis(d, i + 1, ".") && !tis(d, i + 1, ":") && !tis(d, i + 1, ",") && !tis(d, i + 1, ")") &&
        !an_dg_is_augassign(d, i + 1) && an_dg_find_top(d, i + 1, b, ":") < b) {
        *kw = tis(d, i, "match") ? "match" : "case";
        return true;
    }
    /* nor has a match whose subject leaves one open (`match line.split(:`);
     * two operands in a row are no expression statement */
    if (tis(d, i, "match") && i + 1 < b && an_dg_find_top(d, i + 1, b, ":") >= b &&
        (d->t[i + 1].kind == AN_TK_NUMBER || d->t[i + 1].kind == AN_TK_STRING ||
         (d->t[i + 1].kind == AN_TK_NAME && !an_dg_is_keyword(d, i + 1)))) {
        size_t k = i + 1;
        while (k < b && !is_open(d, k))
            k++;
        if (k < b && !an_dg_group_closed(d, k, b)) {
            *kw = "match";
            return true;
        }
    }
    /* a case whose pattern leaves a bracket open has no ':' outside it
     * (a sequence, or a class pattern's arguments: `case Point(0, 0:`) */
    if (tis(d, i, "case") && i + 1 < b) {
        size_t k = i + 1;
        while (k + 1 < b && an_dg_name_ok(d, k) && (tis(d, k + 1, ".") || tis(d, k + 1, "(")))
            k += tis(d, k + 1, ".") ? 2 : 1;
        if (is_open(d, k) && !an_dg_group_closed(d, k, b) && in_match_block(d, i)) {
            *kw = "case";
            return true;
        }
    }
    return false;
}

/* Does [a, b) read as operands joined by operators (brackets balanced)?
 * Used to tell "if x" (a missing ':') from "if (x === 1) {" (garbage). */
bool an_dg_plausible_expr(const dg *d, size_t a, size_t b, int depth)
{
    static const char *const binary[] = {"+", "-", "*", "/", "//", "%", "**", "@", "|", "&", "^", "<<",
                                         ">>", "==", "!=", "<", ">", "<=", ">=", "in", "is", "and", "or",
                                         "if", "else", "as", ",", "for", "not", "->", ":=", NULL};
    if (depth > 50)
        return false;
    bool want_operand = true;
    size_t i = a;
    while (i < b) {
        if (want_operand) {
            if (tis(d, i, "-") || tis(d, i, "+") || tis(d, i, "~") || tis(d, i, "not") || tis(d, i, "*") ||
                tis(d, i, "**") || tis(d, i, "await") || (depth > 0 && tis(d, i, ":"))) {
                /* (a slice bound may be empty: d[:1], d[1:]) */
                i++;
                continue;
            }
            if (depth > 0 && tis(d, i, "lambda")) {
                /* key=lambda k: -k: its parameters, then its body */
                for (i++; i < b && !tis(d, i, ":"); i++)
                    if (is_open(d, i))
                        i = an_dg_skip_group(d, i, b) - 1;
                if (i >= b)
                    return false;
                i++;
                continue;
            }
            if (is_open(d, i)) {
                size_t e = an_dg_skip_group(d, i, b);
                if (e == b && !is_close(d, b - 1))
                    return false;
                if (e - i > 2 && !an_dg_plausible_expr(d, i + 1, e - 1, depth + 1))
                    return false;
                i = e;
            } else if (d->t[i].kind == AN_TK_STRING || d->t[i].kind == AN_TK_NUMBER || tis(d, i, "...") ||
                       (d->t[i].kind == AN_TK_NAME && an_dg_operand_end(d, i))) {
                if (d->t[i].kind == AN_TK_STRING) {
                    while (i < b && d->t[i].kind == AN_TK_STRING)
                        i++;
                } else {
                    i++;
                }
            } else {
                return false;
            }
            /* trailers */
            while (i < b) {
                if (tis(d, i, ".") && i + 1 < b && d->t[i + 1].kind == AN_TK_NAME)
                    i += 2;
                else if (tis(d, i, "(") || tis(d, i, "[")) {
                    size_t e = an_dg_skip_group(d, i, b);
                    if (e - i > 2 && !an_dg_plausible_expr(d, i + 1, e - 1, depth + 1))
                        return false;
                    i = e;
                } else
                    break;
            }
            want_operand = false;
        } else {
            bool op = false;
            for (size_t k = 0; binary[k] && !op; k++)
                op = tis(d, i, binary[k]);
            if (!op && !tis(d, i, ":") && !tis(d, i, "="))
                return false;
            if (tis(d, i, "is") && tis(d, i + 1, "not"))
                i++;
            else if (tis(d, i, "not") && !tis(d, i + 1, "in"))
                return false;
            else if (tis(d, i, "not"))
                i++;
            i++;
            want_operand = true;
        }
    }
    return !want_operand || (a < b && (tis(d, b - 1, ",") || (depth > 0 && tis(d, b - 1, ":"))));
}

static bool plausible_header(const dg *d, size_t a, size_t b, const char *kw)
{
    size_t s = tis(d, a, "async") ? a + 2 : a + 1;
    if (strcmp(kw, "else") == 0 || strcmp(kw, "try") == 0 || strcmp(kw, "finally") == 0)
        return s == b;
    if (strcmp(kw, "except") == 0 && s == b)
        return true;
    if (strcmp(kw, "def") == 0 || strcmp(kw, "class") == 0) {
        if (s >= b || d->t[s].kind != AN_TK_NAME || an_dg_is_keyword(d, s))
            return false;
        s++;
        if (s < b && tis(d, s, "(")) {
            size_t e = an_dg_skip_group(d, s, b);
            if (!is_close(d, e - 1))
                return false;
            s = e;
        } else if (strcmp(kw, "def") == 0) {
            return false;
        }
        if (s < b && tis(d, s, "->") && strcmp(kw, "def") == 0)
            return an_dg_plausible_expr(d, s + 1, b, 0);
        return s == b;
    }
    if (an_dg_has_top(d, s, b, "lambda"))
        return false;
    return s < b && an_dg_plausible_expr(d, s, b, 0);
}

/* (a.b := 1): only a name can be the target of ':=' (invalid_named_expression) */
static bool check_walrus(dg *d, size_t a, size_t b)
{
    for (size_t i = a + 1; i < b; i++) {
        if (!tis(d, i, ":="))
            continue;
        /* the target: back to the opener, ',' or statement start at this depth */
        size_t s = i;
        int depth = 0;
        while (s > a) {
            if (is_close(d, s - 1))
                depth++;
            else if (is_open(d, s - 1) && depth-- == 0)
                break;
            else if (depth == 0 && (tis(d, s - 1, ",") || tis(d, s - 1, "=") || tis(d, s - 1, ":") ||
                                    (an_dg_is_keyword(d, s - 1) && !tis(d, s - 1, "True") && !tis(d, s - 1, "False") &&
                                     !tis(d, s - 1, "None"))))
                break;
            s--;
        }
        if (an_dg_name_ok(d, i - 1) && !tis(d, i - 2, "."))
            continue; /* a plain name: the valid form */
        while (s < i && an_dg_is_keyword(d, s) && !tis(d, s, "True") && !tis(d, s, "False") && !tis(d, s, "None"))
            s++;
        /* in a call's arguments CPython has no such rule: plain invalid syntax */
        size_t o = s;
        for (int dd = 0; o > a; o--) {
            if (is_close(d, o - 1))
                dd++;
            else if (is_open(d, o - 1) && dd-- == 0)
                break;
        }
        if (o > a + 1 && tis(d, o - 1, "(") && an_dg_operand_end(d, o - 2))
            return false;
        bool seq;
        const char *k = expr_kind(d, s, i, &seq);
        if (k == BAD || s == i || !an_dg_operand_end(d, i - 1) || (k && strcmp(k, "named expression") == 0))
            return false;
        if (!k)
            k = tis(d, i - 1, "]") ? "subscript" : "attribute";
        char msg[128];
        snprintf(msg, sizeof msg, "cannot use assignment expressions with %s", k);
        return an_dg_set(d, msg, tstart(d, s), tend(d, i - 1),
                        "only a plain name can be assigned with ':='; assign attributes and items with a separate '=' statement");
    }
    return false;
}

/* CPython's forced tokens (&&':' and &&'(' in its grammar): after `def
 * NAME` comes '(', after a def's signature, `try`, `else` and `finally`
 * comes ':', whatever follows; "match x" and "case 1" ending the line want
 * their ':' (invalid_match_stmt, invalid_case_block). */
static bool check_forced(dg *d, size_t a, size_t b)
{
    static const char HINT[] = "end the header of if/elif/else/for/while/def/class/with/try/except/finally with ':'";
    size_t s = tis(d, a, "async") && tis(d, a + 1, "def") ? a + 1 : a;
    if (tis(d, s, "def") && an_dg_name_ok(d, s + 1)) {
        size_t i = s + 2;
        if (!tis(d, i, "("))
            return an_dg_set(d, "expected '('", tstart(d, i), i < b ? tend(d, i) : tstart(d, i),
                            "a function definition is 'def name(parameters):' (type parameters [T] are Python 3.12)");
        size_t e = an_dg_skip_group(d, i, b);
        if (e > b || !tis(d, e - 1, ")"))
            return false;
        if (tis(d, e, "->")) {
            /* the annotation ends at the header's ':' or where it cannot go on */
            size_t c, colon = an_dg_find_top(d, e + 1, b, ":");
            bool inc = false, *save = d->incomplete;
            d->incomplete = &inc;
            e = an_dg_scan_expr(d, e + 1, colon, SC_AS, 0, &c);
            d->incomplete = save;
            if (inc || e >= colon)
                return false;
        }
        if (e < b && !tis(d, e, ":"))
            return an_dg_set(d, "expected ':'", tstart(d, e), tend(d, e), HINT);
        return false;
    }
    if ((tis(d, a, "try") || tis(d, a, "finally") || tis(d, a, "else")) && a + 1 < b && !tis(d, a + 1, ":")) {
        /* `else` and `finally` only continue a statement at their column */
        if (!tis(d, a, "try")) {
            size_t h = an_dg_prev_header(d, a, an_dg_tok_col(d, a));
            if (h >= d->n || an_dg_tok_col(d, h) != an_dg_tok_col(d, a))
                return false;
            static const char *const kws[] = {"if", "elif", "for", "while", "except", "try", "else", "async", NULL};
            bool ok = false;
            for (size_t k = 0; kws[k]; k++)
                ok = ok || tis(d, h, kws[k]);
            if (!ok || (tis(d, a, "finally") && (tis(d, h, "if") || tis(d, h, "elif") || tis(d, h, "while"))))
                return false;
        }
        return an_dg_set(d, "expected ':'", tstart(d, a + 1), tend(d, a + 1), HINT);
    }
    if ((tis(d, a, "match") || tis(d, a, "case")) && a + 1 < b &&
        ((d->t[a + 1].kind == AN_TK_NAME && !an_dg_is_keyword(d, a + 1)) || d->t[a + 1].kind == AN_TK_NUMBER ||
         d->t[a + 1].kind == AN_TK_STRING) &&
        an_dg_find_top(d, a, b, ":") == b && an_dg_find_top(d, a, b, "=") == b) {
        for (size_t i = a; i < b; i++)
            if (an_dg_is_augassign(d, i) || tis(d, i, ";"))
                return false;
        size_t c;
        bool inc = false, *save = d->incomplete;
        d->incomplete = &inc;
        size_t e = an_dg_scan_expr(d, a + 1, b, SC_TOP | SC_AS, 0, &c);
        d->incomplete = save;
        if (!inc && e >= b)
            return an_dg_set(d, "expected ':'", tstart(d, b), tstart(d, b), HINT);
    }
    return false;
}

/* The end (exclusive) of the element starting at i inside a bracket group
 * or a statement: the next ',', ';', ':', '=' or closer at its depth. */
static size_t element_end(const dg *d, size_t i, size_t b)
{
    while (i < b && !tis(d, i, ",") && !tis(d, i, ";") && !tis(d, i, ":") && !tis(d, i, "=") && !is_close(d, i))
        i = is_open(d, i) ? an_dg_skip_group(d, i, b) : i + 1;
    return i;
}

/* Keywords that end the expression before an `if` when walking back. */
static bool expr_boundary_kw(const dg *d, size_t i)
{
    static const char *const kws[] = {"return", "yield", "assert", "del", "raise", "from", "else", "if", "elif",
                                      "while", "with", "as", "lambda", "import", "for", "in", "print", NULL};
    for (size_t k = 0; kws[k]; k++)
        if (tis(d, i, kws[k]))
            return !(tis(d, i, "in") && i > 0 && !tis(d, i - 1, "for")); /* `x in y` stays */
    return false;
}

/* Expression-level rules of CPython's invalid_* set that tree-sitter
 * recovers from silently: `(i = 0)` (a '=' for '==' or ':=' in a display or
 * group), `{1: }` and `1 if x` without else. */
static bool check_exprs(dg *d, size_t a, size_t b)
{
    /* per open group: its opener, whether a lambda sits at its top level
     * (parameters with defaults, its own ':') and its first top-level
     * `for` (a comprehension); computed once per group, so a long line
     * costs its length times its nesting, not its square */
    typedef struct grp {
        size_t open, first_for;
        bool lambda;
    } grp;
    grp g[128];
    int depth = 0;
    size_t top_for = an_dg_find_top(d, a, b, "for");
    for (size_t i = a; i < b; i++) {
        if (is_open(d, i)) {
            if (depth < 128) {
                size_t e = an_dg_skip_group(d, i, b);
                size_t in_end = is_close(d, e - 1) ? e - 1 : e;
                g[depth].open = i;
                g[depth].lambda = an_dg_find_top(d, i + 1, in_end, "lambda") < in_end;
                g[depth].first_for = an_dg_find_top(d, i + 1, in_end, "for");
                size_t ff = g[depth].first_for;
                if (ff < in_end && ff > i + 1 && (an_dg_operand_end(d, ff - 1) || tis(d, ff - 1, ",")) &&
                    (tis(d, i, "[") || tis(d, i, "{"))) {
                    /* invalid_comprehension / invalid_dict_comprehension */
                    if (tis(d, i, "{") && tis(d, i + 1, "**"))
                        return an_dg_set(d, "dict unpacking cannot be used in dict comprehension", tstart(d, i + 1),
                                        tend(d, ff - 1), "merge dicts with {**a, **b}, or loop over a.items()");
                    if (an_dg_find_top(d, i + 1, ff, ",") < ff && an_dg_find_top(d, i + 1, ff, ":") >= ff)
                        return an_dg_set(d, "did you forget parentheses around the comprehension target?",
                                        tstart(d, i + 1), tend(d, ff - 1), "write [(x, y) for ...] to build tuples");
                }
            }
            depth++;
            continue;
        }
        if (is_close(d, i)) {
            if (depth > 0)
                depth--;
            continue;
        }
        if (depth > 128)
            continue;
        const grp *cg = depth > 0 ? &g[depth - 1] : NULL;
        size_t o = cg ? cg->open : (size_t)-1;
        bool has_lambda = cg && cg->lambda;
        if (cg && !has_lambda && tis(d, i, "=") && i >= 1 && an_dg_name_ok(d, i - 1) &&
            (i - 1 == o + 1 || tis(d, i - 2, ",")) && !(o > a && an_dg_operand_end(d, o - 1) && tis(d, o, "(")) &&
            !(o > a && tis(d, o - 1, "def")) && !(o > a + 1 && tis(d, o - 2, "class"))) {
            size_t e = element_end(d, i + 1, b);
            if (e > i + 1 && !tis(d, e, "="))
                return an_dg_set(d, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", tstart(d, i - 1),
                                tend(d, e - 1), "compare with '==', or assign inside an expression with ':='");
        }
        if (cg && !has_lambda && tis(d, o, "{") && tis(d, i, ":") && i > o + 1 &&
            (tis(d, i + 1, ",") || tis(d, i + 1, "}")))
            return an_dg_set(d, "expression expected after dictionary key and ':'", tstart(d, i), tend(d, i),
                            "give every key a value: {key: value}");
        if (tis(d, i, "if") && i > a && an_dg_operand_end(d, i - 1) && !tis(d, i - 1, "yield")) {
            /* a comprehension's `if` follows a `for` at its depth */
            size_t g0 = cg ? o + 1 : a;
            if ((cg ? cg->first_for : top_for) < i || (d->in_case && !cg))
                continue; /* (or a case guard) */
            size_t s = i;
            for (int dd = 0; s > g0;) {
                if (is_close(d, s - 1))
                    dd++;
                else if (is_open(d, s - 1) && dd-- == 0)
                    break;
                if (dd == 0 && (tis(d, s - 1, ",") || tis(d, s - 1, "=") || tis(d, s - 1, ":") ||
                                tis(d, s - 1, ";") || an_dg_is_augassign(d, s - 1) || expr_boundary_kw(d, s - 1)))
                    break;
                s--;
            }
            size_t e = i + 1;
            while (e < b && !tis(d, e, ",") && !tis(d, e, ";") && !tis(d, e, ":") && !tis(d, e, "=") &&
                   !is_close(d, e) && !tis(d, e, "else") && !tis(d, e, "if") && !tis(d, e, "for")) {
                /* a trailer left open fails, and the condition ends before
                 * it: `x if s.isdigit( else s` is this error, on its line */
                if (is_open(d, e) && !an_dg_group_closed(d, e, b))
                    break;
                e = is_open(d, e) ? an_dg_skip_group(d, e, b) : e + 1;
            }
            if (s < i && e > i + 1 && !tis(d, e, "else") && !tis(d, e, ":"))
                return an_dg_set(d, "expected 'else' after 'if' expression", tstart(d, s), tend(d, e - 1),
                                "a conditional expression needs both branches: a if condition else b");
        }
    }
    return false;
}

/* `x = *2`, `x += *a`: a lone starred expression as the value is the
 * compiler's "can't use starred expression here", raised only when the
 * whole program parses.  tree-sitter reads `x = *a` as a starred pattern
 * and symtab.c reports that one; the rest (an operand that is not a name,
 * attribute or item) tree-sitter refuses, and is kept here as a late
 * diagnosis. */
static void check_star_value(dg *d, size_t a, size_t b)
{
    size_t r = a, eq;
    while ((eq = an_dg_find_top(d, r, b, "=")) < b)
        r = eq + 1;
    if (r == a) {
        for (size_t i = a; i < b && r == a; i = is_open(d, i) ? an_dg_skip_group(d, i, b) : i + 1)
            if (an_dg_is_augassign(d, i))
                r = i + 1;
    }
    if (r == a && tis(d, a, "*") && a + 1 < b && an_dg_find_top(d, a, b, ",") >= b && an_dg_plausible_expr(d, a + 1, b, 0)) {
        /* a lone starred expression as a statement: `*f(x)` */
        if (d->out->have_late)
            return;
        d->out->have_late = true;
        snprintf(d->out->late_msg, sizeof d->out->late_msg, "can't use starred expression here");
        d->out->late_at = tstart(d, a);
        d->out->late_end = tend(d, b - 1);
        return;
    }
    if (r == a || r + 1 >= b || !tis(d, r, "*") || an_dg_find_top(d, r, b, ",") < b ||
        !an_dg_plausible_expr(d, r + 1, b, 0))
        return;
    /* a name, attribute or item: tree-sitter's pattern, symtab.c's case */
    bool pattern = an_dg_name_ok(d, r + 1);
    for (size_t i = r + 2; pattern && i < b;) {
        if (tis(d, i, ".") && an_dg_name_ok(d, i + 1))
            i += 2;
        else if (tis(d, i, "["))
            i = an_dg_skip_group(d, i, b);
        else
            pattern = false;
    }
    bool aug = !tis(d, r - 1, "=");
    if ((pattern && !aug) || d->out->have_late)
        return;
    d->out->have_late = true;
    snprintf(d->out->late_msg, sizeof d->out->late_msg, "can't use starred expression here");
    d->out->late_at = tstart(d, r);
    d->out->late_end = tend(d, b - 1);
}

static bool check_line(dg *d, size_t a, size_t b)
{
    d->in_case = tis(d, a, "case");
    const char *ckw;
    if (d->in_case && an_dg_compound_start(d, a, b, &ckw) && strcmp(ckw, "case") == 0 && an_dg_check_case(d, a + 1, b))
        return true;
    if (check_exprs(d, a, b))
        return true;
    if (tis(d, a, "from") && b > a + 3 && tis(d, b - 1, ",")) {
        size_t imp = an_dg_find_top(d, a + 1, b, "import");
        if (imp + 1 < b && !tis(d, imp + 1, "("))
            return an_dg_set(d, "trailing comma not allowed without surrounding parentheses", tstart(d, b),
                            tstart(d, b), "remove the last comma, or put the names in parentheses: from m import (a, b,)");
    }
    if (tis(d, a, "except") && a > 0 && d->t[a - 1].kind == AN_TK_NEWLINE) {
        /* the earlier handlers of the same try */
        bool star = tis(d, a + 1, "*");
        size_t col = an_dg_tok_col(d, a);
        for (size_t h = an_dg_prev_header(d, a, col); h < d->n && an_dg_tok_col(d, h) == col && tis(d, h, "except");
             h = an_dg_prev_header(d, h, col))
            if (tis(d, h + 1, "*") != star)
                return an_dg_set(d, "cannot have both 'except' and 'except*' on the same 'try'", tstart(d, a),
                                tend(d, a + (star ? 1 : 0)),
                                "use either 'except' or 'except*' for all the handlers of one try statement");
    }
    if (an_dg_check_signatures(d, a, b))
        return true;
    if (check_walrus(d, a, b))
        return true;
    if (check_forced(d, a, b))
        return true;
    const char *kw = NULL;
    bool compound = an_dg_compound_start(d, a, b, &kw);
    /* '=' in a condition: if x = 1: */
    if (compound && (strcmp(kw, "if") == 0 || strcmp(kw, "elif") == 0 || strcmp(kw, "while") == 0)) {
        size_t s = a + 1, hdr_end = an_dg_find_top(d, s, b, ":"), eq = an_dg_find_top(d, s, hdr_end, "=");
        if (eq < hdr_end) {
            size_t colon = an_dg_find_top(d, eq, b, ":");
            bool seq;
            const char *k = expr_kind(d, s, eq, &seq);
            if (k == BAD)
                return false;
            /* invalid_named_expression wants a bitwise_or before the '=':
             * `if a and x = 1:` is plain invalid syntax at the '=' */
            if (an_dg_has_top(d, s, eq, "and") || an_dg_has_top(d, s, eq, "or") || tis(d, s, "not") ||
                named_expr_excluded(d, s, eq) ||
                (k && (strcmp(k, "comparison") == 0 || strcmp(k, "conditional expression") == 0 ||
                       strcmp(k, "lambda") == 0)))
                return false;
            if (!k && eq == s + 1)
                return an_dg_set(d, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", tstart(d, s),
                                tend(d, colon - 1), "compare with '==' in a condition; assign before the if, or use (x := value)");
            /* a parenthesized target is named by what is inside: (x) is a name */
            size_t is = s, ie = eq;
            while (!k && tis(d, is, "(") && an_dg_skip_group(d, is, ie) == ie && ie - is > 2) {
                is++;
                ie--;
                k = expr_kind(d, is, ie, &seq);
                if (k == BAD)
                    return false;
                if (!k && ie == is + 1)
                    k = "name";
            }
            if (k || eq > s + 1) {
                char msg[160];
                snprintf(msg, sizeof msg, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                         k ? k : "attribute");
                if (!k) {
                    /* attribute or subscript */
                    size_t last = ie - 1;
                    snprintf(msg, sizeof msg, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                             tis(d, last, "]") ? "subscript" : "attribute");
                }
                return an_dg_set(d, msg, tstart(d, s), tend(d, eq - 1),
                                "compare with '==' in a condition");
            }
        }
    }
    if (an_dg_check_comma(d, a, b))
        return true;
    /* a compound header without its ':' */
    if (compound) {
        size_t colon = an_dg_find_top(d, a, b, ":"); /* a lambda's ':' is skipped */
        if (colon == b && an_dg_find_top(d, a, b, "=") == b && plausible_header(d, a, b, kw))
            return an_dg_set(d, "expected ':'", tstart(d, b), tstart(d, b),
                            "end the header of if/elif/else/for/while/def/class/with/try/except/finally with ':'");
        return false;
    }
    /* del targets */
    if (tis(d, a, "del") && a + 1 < b) {
        size_t ea, eb;
        const char *k;
        /* `del yield`: an unparenthesized yield is no target the parser
         * reads at all (the symbol table pass reports the keyword) */
        for (size_t x = a + 1; x < b; x = an_dg_find_top(d, x, b, ",") + 1)
            if (tis(d, x, "yield"))
                return false;
        if (an_dg_find_top(d, a + 1, b, ":=") < b)
            return false; /* `del x := 1`: the parser fails at the ':=' */
        if (invalid_target(d, a + 1, b, true, &ea, &eb, &k, 0)) {
            char msg[96];
            snprintf(msg, sizeof msg, "cannot delete %s", k);
            return an_dg_set(d, msg, tstart(d, ea), tend(d, eb - 1), HINT_TARGET);
        }
        return false;
    }
    if (an_dg_is_keyword(d, a) && !tis(d, a, "True") && !tis(d, a, "False") && !tis(d, a, "None") &&
        !tis(d, a, "not") && !tis(d, a, "lambda") && !tis(d, a, "await") && !tis(d, a, "yield"))
        return false;
    /* augmented assignment */
    for (size_t i = a; i < b;) {
        if (is_open(d, i)) {
            i = an_dg_skip_group(d, i, b);
            continue;
        }
        if (tis(d, i, "="))
            break;
        if (an_dg_is_augassign(d, i)) {
            bool seq;
            const char *kind = an_dg_has_top(d, a, i, ",") ? "tuple" : expr_kind(d, a, i, &seq);
            if (kind == BAD || (i > a && !an_dg_operand_end(d, i - 1)))
                return false;
            if (kind) {
                char msg[128];
                snprintf(msg, sizeof msg, "'%s' is an illegal expression for augmented assignment", kind);
                return an_dg_set(d, msg, tstart(d, a), tend(d, i - 1),
                                "augmented assignment (+=, -=...) needs a single name, attribute or item on the left");
            }
            return false;
        }
        i++;
    }
    /* an annotated assignment (x: T = v) is left to the parser */
    if (an_dg_find_top(d, a, b, ":") < an_dg_find_top(d, a, b, "="))
        return false;
    /* plain assignment: each target before a top-level '=' */
    size_t s = a;
    for (;;) {
        size_t eq = an_dg_find_top(d, s, b, "=");
        if (eq >= b)
            break;
        if (tis(d, s, "yield"))
            return an_dg_set(d, "assignment to yield expression not possible", tstart(d, s), tend(d, eq - 1),
                            HINT_TARGET);
        bool seq;
        bool tuple = an_dg_has_top(d, s, eq, ",");
        const char *k = tuple ? NULL : expr_kind(d, s, eq, &seq);
        if (k == BAD || eq == s || !an_dg_operand_end(d, eq - 1))
            return false;
        /* invalid_named_expression: !(list|tuple|genexp|True|None|False)
         * bitwise_or '=' bitwise_or !('='|':='); CPython reaches it only
         * for the elements of the statement's first target (through
         * invalid_assignment's tuple alternative), and only the last one
         * is followed by '='.  A comprehension or a dict is not excluded. */
        size_t es = s;
        const char *ek = k;
        if (tuple) {
            for (size_t c = an_dg_find_top(d, s, eq, ","); c < eq; c = an_dg_find_top(d, c + 1, eq, ","))
                es = c + 1;
            ek = es < eq ? expr_kind(d, es, eq, &seq) : NULL;
            if (ek == BAD)
                ek = NULL;
        }
        bool excluded = s != a || tis(d, es, "True") || tis(d, es, "False") || tis(d, es, "None");
        if (!excluded && is_open(d, es) && an_dg_skip_group(d, es, eq) == eq && ek) {
            excluded = strcmp(ek, "tuple") == 0 || strcmp(ek, "generator expression") == 0 ||
                       (tis(d, es, "[") && strcmp(ek, "list comprehension") != 0);
        }
        bool bitwise_or = ek && strcmp(ek, "comparison") != 0 && strcmp(ek, "conditional expression") != 0 &&
                          strcmp(ek, "lambda") != 0 && strcmp(ek, "yield expression") != 0 &&
                          strcmp(ek, "starred") != 0 && strcmp(ek, "named expression") != 0 &&
                          !(tis(d, es, "not")) && strcmp(ek, "__debug__") != 0 && !an_dg_has_top(d, es, eq, "and") &&
                          !an_dg_has_top(d, es, eq, "or");
        if (ek && !excluded && bitwise_or && eq + 1 < b && an_dg_find_top(d, eq + 1, b, "=") == b) {
            char msg[128];
            snprintf(msg, sizeof msg, "cannot assign to %s here. Maybe you meant '==' instead of '='?", ek);
            /* a parenthesized expression is reported without its parentheses */
            size_t xs = es, xe = eq;
            while (tis(d, xs, "(") && an_dg_skip_group(d, xs, xe) == xe && xe - xs > 2 && strcmp(ek, "tuple") != 0 &&
                   strcmp(ek, "generator expression") != 0) {
                xs++;
                xe--;
            }
            return an_dg_set(d, msg, tstart(d, xs), tend(d, xe - 1), HINT_TARGET);
        }
        size_t ea, eb;
        const char *bad;
        if (invalid_target(d, s, eq, false, &ea, &eb, &bad, 0)) {
            char msg[96];
            if (strcmp(bad, "starred") == 0)
                return false;
            snprintf(msg, sizeof msg, "cannot assign to %s", bad);
            return an_dg_set(d, msg, tstart(d, ea), tend(d, eb - 1), HINT_TARGET);
        }
        s = eq + 1;
    }
    return false;
}

/* for-loop and with targets, anywhere in the line */
static bool check_targets(dg *d, size_t a, size_t b)
{
    const char *kw;
    if (!an_dg_compound_start(d, a, b, &kw))
        return false;
    size_t s = tis(d, a, "async") ? a + 2 : a + 1;
    if (strcmp(kw, "with") == 0) {
        size_t colon = an_dg_find_top(d, s, b, ":");
        size_t x = s, end = colon;
        if (tis(d, x, "(") && an_dg_skip_group(d, x, b) == colon && colon > x + 2) {
            x++;
            end--;
        }
        while (x < end) {
            size_t e = an_dg_find_top(d, x, end, ",");
            size_t as = an_dg_find_top(d, x, e, "as");
            size_t ea, eb;
            const char *k;
            if (as + 1 < e && invalid_target(d, as + 1, e, false, &ea, &eb, &k, 0) && strcmp(k, "starred") != 0) {
                char msg[96];
                snprintf(msg, sizeof msg, "cannot assign to %s", k);
                return an_dg_set(d, msg, tstart(d, ea), tend(d, eb - 1), HINT_TARGET);
            }
            x = e + 1;
        }
        return false;
    }
    if (strcmp(kw, "for") == 0) {
        size_t in = an_dg_find_top(d, s, b, "in");
        size_t ea, eb;
        const char *k;
        if (in < b && in > s && invalid_target(d, s, in, false, &ea, &eb, &k, 0) && strcmp(k, "starred") != 0) {
            char msg[96];
            snprintf(msg, sizeof msg, "cannot assign to %s", k);
            return an_dg_set(d, msg, tstart(d, ea), tend(d, eb - 1), HINT_TARGET);
        }
    }
    return false;
}

/* A try block must be followed by except or finally at its own indentation. */
static bool check_try(dg *d, size_t a, size_t nl)
{
    if (!tis(d, a, "try") || !tis(d, a + 1, ":"))
        return false;
    size_t col = an_dg_tok_col(d, a);
    /* the following logical lines: skip the deeper ones (the body) */
    for (size_t i = nl + 1; i < d->n; i++) {
        if (d->t[i].kind == AN_TK_END)
            break;
        if (d->t[i].kind == AN_TK_NEWLINE)
            continue;
        if (i > 0 && d->t[i - 1].kind != AN_TK_NEWLINE)
            continue; /* not the first token of a logical line */
        if (an_dg_tok_col(d, i) > col) {
            /* `try: f()` has its body on its line: a deeper line is an
             * INDENT where except or finally was due */
            if (a + 2 < nl)
                return an_dg_set(d, "expected 'except' or 'finally' block", tstart(d, i), tend(d, i),
                                "a try block needs an 'except E:' or a 'finally:' clause at the same indentation");
            continue;
        }
        if (tis(d, i, "except") || tis(d, i, "finally"))
            return false;
        return an_dg_set(d, "expected 'except' or 'finally' block", tstart(d, i), tend(d, i),
                        "a try block needs an 'except E:' or a 'finally:' clause at the same indentation");
    }
    /* end of input: at the last NEWLINE, as CPython */
    size_t last = d->n;
    while (last > 0 && (d->t[last - 1].kind == AN_TK_END || d->t[last - 1].kind == AN_TK_NEWLINE))
        last--;
    if (last == 0 || last >= d->n)
        return false;
    uint32_t at = d->t[last - 1].e;
    while (at < d->p->len && d->p->src[at] != '\n')
        at++;
    return an_dg_set(d, "expected 'except' or 'finally' block", at, at + 1,
                    "a try block needs an 'except E:' or a 'finally:' clause at the same indentation");
}

/* invalid_legacy_expression: `print`/`exec` not followed by '(' but by
 * an expression list.  In a statement the parser cannot take, CPython
 * raises it at the statement's start, before any rule that would fail
 * later in the statement (`print *range(20), sep=","` is not "cannot
 * assign to expression", `print end=''` not plain invalid syntax).  Its
 * range is the name and the expressions, up to an '=' or the end. */
static void check_legacy(dg *d, size_t s, size_t e)
{
    bool print = tis(d, s, "print");
    if ((!print && !tis(d, s, "exec")) || s + 1 >= e)
        return;
    size_t k = s + 1;
    const an_tok *t = &d->t[k];
    bool starts = (t->kind == AN_TK_NAME && (!an_dg_is_keyword(d, k) || tis(d, k, "None") || tis(d, k, "True") ||
                                             tis(d, k, "False") || tis(d, k, "not") || tis(d, k, "lambda") ||
                                             tis(d, k, "await"))) ||
                  t->kind == AN_TK_NUMBER || t->kind == AN_TK_STRING || tis(d, k, "-") || tis(d, k, "+") ||
                  tis(d, k, "~") || tis(d, k, "*") || tis(d, k, "[") || tis(d, k, "{") || tis(d, k, "...");
    if (!starts)
        return;
    an_diagnosis *o = d->out;
    /* `print x if y` is expected 'else' (invalid_expression reads `x if
     * y` before the legacy rule gets its turn); other errors in the
     * statement come after it (`print f(a b)` is the legacy message) */
    if (o->found && strcmp(o->msg, "expected 'else' after 'if' expression") == 0)
        return;
    /* `print [a b]` is first read as the subscript print[...], whose
     * errors are raised on the way */
    if (o->found && tis(d, k, "[") && o->at > tstart(d, s))
        return;
    bool invalid = o->found && o->at >= tstart(d, s) && o->at < tend(d, e - 1);
    if (!invalid) {
        bool inc = false, *save = d->incomplete;
        d->incomplete = &inc;
        size_t c;
        /* as Python 3 reads it (an_dg_scan_simple leaves print statements
         * to the tree walk) */
        invalid = an_dg_scan_expr(d, s, e, SC_TOP, 0, &c) < e || inc;
        d->incomplete = save;
    }
    if (!invalid)
        return;
    size_t end = an_dg_find_top(d, k, e, "=");
    o->found = false;
    an_dg_set(d, print ? "Missing parentheses in call to 'print'. Did you mean print(...)?"
                      : "Missing parentheses in call to 'exec'. Did you mean exec(...)?",
             tstart(d, s), tend(d, end - 1),
             print ? "print is a function in Python 3: write print(value)"
                   : "exec is not available in safepy; write the code directly instead of executing a string");
}

/* `@name.name` or `@name.name(...)` from a to the NEWLINE at b: a
 * decorator the parser takes whole. */
static bool plain_decorator(const dg *d, size_t a, size_t b)
{
    if (!an_dg_name_ok(d, a))
        return false;
    size_t i = a + 1;
    while (i + 1 < b && tis(d, i, ".") && an_dg_name_ok(d, i + 1))
        i += 2;
    if (i < b && tis(d, i, "(")) {
        size_t e = an_dg_skip_group(d, i, b);
        if (e != b || !tis(d, e - 1, ")"))
            return false;
        i = e;
    }
    return i == b;
}

bool an_diagnose(const an_parse *p, const an_tokres *tr, an_diagnosis *out)
{
    memset(out, 0, sizeof *out);
    bool incomplete = false;
    dg d = {.p = p, .t = tr->toks, .n = tr->n, .out = out, .incomplete = &incomplete};
    uint32_t *after = tr->n < UINT32_MAX ? malloc(tr->n * sizeof *after + 1) : NULL;
    if (after) {
        /* the group of each bracket, as an_dg_skip_group counts: any
         * closer closes the latest open bracket (without it, each skip
         * scans the group again) */
        size_t *open = malloc(tr->n * sizeof *open + 1);
        size_t depth = 0;
        for (size_t i = 0; open && i < tr->n; i++) {
            after[i] = UINT32_MAX;
            if (is_open(&d, i))
                open[depth++] = i;
            else if (is_close(&d, i) && depth > 0)
                after[open[--depth]] = (uint32_t)(i + 1);
        }
        if (open)
            d.after = after;
        free(open);
    }
    size_t a = 0;
    for (size_t i = 0; i < d.n && !(out->found && out->have_generic); i++) {
        if (d.t[i].kind != AN_TK_NEWLINE && d.t[i].kind != AN_TK_END)
            continue;
        if (i > a) {
            /* a; b on one line: each simple statement apart */
            size_t s = a;
            while (s < i && !out->found) {
                size_t e = an_dg_find_top(&d, s, i, ";");
                const char *kw;
                if (an_dg_compound_start(&d, s, e, &kw)) {
                    /* the header ends at its ':'; a body may follow on the line */
                    if (s == a && e == i)
                        check_try(&d, s, i);
                    check_line(&d, s, e);
                    if (!out->found)
                        check_targets(&d, s, e);
                    break;
                }
                check_line(&d, s, e);
                if (!out->found)
                    check_star_value(&d, s, e);
                check_legacy(&d, s, e);
                s = e + 1;
            }
            if (!out->have_generic) {
                s = a;
                while (s < i) {
                    size_t e = an_dg_find_top(&d, s, i, ";");
                    const char *kw;
                    bool comp = an_dg_compound_start(&d, s, e, &kw);
                    if (!comp && s == e && e < i) {
                        /* x = 1;; and a lone ';': an empty statement fails at its ';' */
                        out->have_generic = true;
                        out->generic_at = tstart(&d, e);
                        break;
                    }
                    incomplete = false;
                    size_t bad = comp ? an_dg_scan_line(&d, s, i) : an_dg_scan_simple(&d, s, e);
                    if (bad < (comp ? i : e) || incomplete) {
                        if (bad > (comp ? i : e))
                            bad = comp ? i : e;
                        out->have_generic = true;
                        out->generic_at = tstart(&d, bad);
                        break;
                    }
                    if (comp)
                        break;
                    s = e + 1;
                }
                /* a decorator must be followed by a def or a class */
                size_t nx = i + 1;
                while (nx < d.n && d.t[nx].kind == AN_TK_NEWLINE)
                    nx++;
                /* ... at its own indentation: a dedent there is CPython's
                 * "unexpected unindent" (the parser fails at the DEDENT) */
                if (!out->have_generic && !out->found && tis(&d, a, "@") && nx < d.n &&
                    d.t[nx].kind != AN_TK_END && an_dg_tok_col(&d, nx) < an_dg_tok_col(&d, a) &&
                    plain_decorator(&d, a + 1, i)) {
                    /* a dedent to no enclosing block's column is the
                     * tokenizer's error, which stands */
                    size_t h = an_dg_prev_header(&d, a, an_dg_tok_col(&d, nx));
                    if (h < d.n && an_dg_tok_col(&d, h) == an_dg_tok_col(&d, nx))
                        an_dg_set(&d, "unexpected unindent", tstart(&d, nx), tstart(&d, nx) + 1,
                                 "indent the def or class to the same column as its decorator");
                }
                if (!out->have_generic && tis(&d, a, "@") && nx < d.n && d.t[nx].kind != AN_TK_END &&
                    !tis(&d, nx, "@") && !tis(&d, nx, "def") && !tis(&d, nx, "class") &&
                    !(tis(&d, nx, "async") && tis(&d, nx + 1, "def"))) {
                    out->have_generic = true;
                    out->generic_at = tstart(&d, nx);
                }
            }
        }
        a = i + 1;
    }
    if (!out->found && !out->have_generic && out->have_late) {
        out->found = true;
        snprintf(out->msg, sizeof out->msg, "%s", out->late_msg);
        out->at = out->late_at;
        out->at_end = out->late_end;
        out->reach = out->at_end;
        out->hint = NULL;
        out->is_late = true;
    }
    free(after);
    return out->found;
}
