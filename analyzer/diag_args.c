/* diag_args.c - CPython 3.11's errors inside brackets: "Perhaps you forgot
 * a comma?" (invalid_expression between two expressions side by side) and
 * the order of parameters and arguments of defs, lambdas and calls
 * (invalid_parameters, invalid_lambda_parameters, invalid_arguments,
 * invalid_kwarg).  Split from diagnose.c, whose checks call them per line. */
#include <stdio.h>
#include <string.h>

#include "analyzer/an_diag.h"

/* "Perhaps you forgot a comma?": two expressions side by side inside brackets. */
/* _PyPegen_soft_keyword_token in 3.11: strncmp(keyword, token, len(token)) */
static bool soft_keyword_prefix(const dg *d, size_t i)
{
    static const char *const soft[] = {"_", "case", "match", NULL};
    if (i >= d->n || d->t[i].kind != AN_TK_NAME)
        return false;
    size_t l = d->t[i].e - d->t[i].s;
    for (size_t k = 0; soft[k]; k++)
        if (l <= strlen(soft[k]) && memcmp(soft[k], d->p->src + d->t[i].s, l) == 0)
            return true;
    return false;
}

bool an_dg_check_comma(dg *d, size_t a, size_t b)
{
    int depth = 0;
    size_t elem_start[256], opener[256];
    /* a lambda's parameters at that depth, up to its ':' (names, not
     * expressions: `(lambda a b: 1)` is plain invalid syntax) */
    bool lam_params[256];
    elem_start[0] = a;
    opener[0] = (size_t)-1;
    lam_params[0] = false;
    /* an import's names are no expressions either: `from m import (a b)` */
    if (tis(d, a, "from") || tis(d, a, "import"))
        return false;
    /* a case pattern is no expression: invalid_expression never sees it
     * (`case (a, *b c):` is plain invalid syntax); its guard is one */
    size_t pat_end = a;
    if (tis(d, a, "case") && a + 1 < b && !tis(d, a + 1, "=") && !tis(d, a + 1, ".")) {
        size_t colon = an_dg_find_top(d, a + 1, b, ":");
        if (colon < b)
            pat_end = an_dg_find_top(d, a + 1, colon, "if");
    }
    for (size_t i = pat_end; i < b; i++) {
        if (is_open(d, i) && i >= a + 2 && tis(d, i - 2, "def")) {
            /* parameters are not expressions: "def f(a b)" is plain invalid
             * syntax; a default value is one: "def f(a=1 b=2)", and so are
             * the brackets of a default or an annotation: "def f(x=g(a b))",
             * "def f(x: dict[str int])" */
            size_t ge = an_dg_skip_group(d, i, b);
            for (size_t k = i + 1; k + 1 < ge; k++) {
                if (is_open(d, k)) {
                    k = an_dg_skip_group(d, k, ge) - 1;
                    continue;
                }
                if (tis(d, k, ":") || tis(d, k, "=")) {
                    size_t pe = k + 1;
                    while (pe + 1 < ge && !tis(d, pe, ",") && !(tis(d, k, ":") && tis(d, pe, "=")))
                        pe = is_open(d, pe) ? an_dg_skip_group(d, pe, ge) : pe + 1;
                    for (size_t g = k + 1; g < pe; g++) {
                        if (!is_open(d, g))
                            continue;
                        /* one level deep: a bracket group holds no def */
                        size_t gend = an_dg_skip_group(d, g, pe);
                        if (an_dg_check_comma(d, g, gend))
                            return true;
                        g = gend - 1;
                    }
                }
                if (!tis(d, k, "="))
                    continue;
                /* a ':' not a lambda's ends the default: `def f(y=0:` fails
                 * there, whatever follows on the next lines of the
                 * unclosed '(' */
                int lambdas = 0;
                for (size_t j = k + 1; j + 1 < ge && !tis(d, j, ","); j++) {
                    if (is_open(d, j))
                        j = an_dg_skip_group(d, j, ge) - 1; /* to its closer, an operand's end */
                    else if (is_close(d, j))
                        break;
                    if (tis(d, j, "lambda"))
                        lambdas++;
                    else if (tis(d, j, ":") && lambdas-- == 0)
                        break;
                    const an_tok *y = &d->t[j + 1];
                    bool starts = (y->kind == AN_TK_NAME && !an_dg_is_keyword(d, j + 1)) || y->kind == AN_TK_NUMBER ||
                                  y->kind == AN_TK_STRING;
                    if (an_dg_operand_end(d, j) && starts && !(d->t[j].kind == AN_TK_STRING && y->kind == AN_TK_STRING)) {
                        size_t e = j + 1;
                        while (e < ge && !tis(d, e, ",") && !tis(d, e, "=") && !is_close(d, e))
                            e = is_open(d, e) ? an_dg_skip_group(d, e, ge) : e + 1;
                        return an_dg_set(d, "invalid syntax. Perhaps you forgot a comma?", tstart(d, k + 1),
                                        tend(d, e - 1), "separate the parameters with commas: def f(a=1, b=2)");
                    }
                }
            }
            i = ge - 1;
            continue;
        }
        if (is_open(d, i)) {
            if (depth < 255) {
                elem_start[depth + 1] = i + 1;
                opener[depth + 1] = i;
                lam_params[depth + 1] = false;
            }
            depth++;
            continue;
        }
        if (depth > 0 && depth < 256 && tis(d, i, "lambda"))
            lam_params[depth] = true;
        else if (depth > 0 && depth < 256 && tis(d, i, ":"))
            lam_params[depth] = false;
        if (is_close(d, i)) {
            if (depth > 0)
                depth--;
        } else if (depth > 0 && depth < 256 && (tis(d, i, ",") || tis(d, i, ":") || tis(d, i, "for") ||
                                                tis(d, i, "if") || tis(d, i, "in") || tis(d, i, "=") ||
                                                tis(d, i, "else") || tis(d, i, "lambda") || tis(d, i, "**"))) {
            elem_start[depth] = i + 1;
            continue;
        }
        if (depth == 0 || depth >= 256 || i + 1 >= b || lam_params[depth])
            continue;
        /* an operand that ends at i followed by one that starts at i+1 */
        const an_tok *x = &d->t[i], *y = &d->t[i + 1];
        bool ends = (x->kind == AN_TK_NAME && (!an_dg_is_keyword(d, i) || tis(d, i, "None") || tis(d, i, "True") ||
                                               tis(d, i, "False"))) ||
                    x->kind == AN_TK_NUMBER || (x->kind == AN_TK_STRING && y->kind != AN_TK_STRING) ||
                    is_close(d, i);
        bool starts = (y->kind == AN_TK_NAME && (!an_dg_is_keyword(d, i + 1) || tis(d, i + 1, "None") ||
                                                 tis(d, i + 1, "True") || tis(d, i + 1, "False") ||
                                                 tis(d, i + 1, "lambda"))) ||
                      y->kind == AN_TK_NUMBER || y->kind == AN_TK_STRING || tis(d, i + 1, "{") ||
                      /* `a not b`, `not x not y`, `a await b`, `a ~b`: the second is an expression */
                      (tis(d, i + 1, "not") && i + 2 < b && !tis(d, i + 2, "in") && !is_close(d, i + 2) &&
                       !tis(d, i + 2, ",") && !tis(d, i + 2, ":") && !tis(d, i + 2, "=")) || tis(d, i + 1, "await") || tis(d, i + 1, "~");
        if (!ends || !starts)
            continue;
        size_t s = elem_start[depth];
        /* CPython skips `print x` and `exec x`, NAME STRING (prefixes), and
         * a soft keyword, which 3.11 recognises by strncmp up to the
         * token's length: any prefix of 'match', 'case' or '_' (`[c d]`,
         * `[m == 1 d]` are plain invalid syntax) */
        if (tis(d, s, "print") || tis(d, s, "exec") || soft_keyword_prefix(d, s))
            return false;
        /* a dict's `**m` is a bitwise_or, which invalid_expression never
         * reads (`{**a b}`; a call's `**a b` is an expression and is read) */
        if (s > 0 && tis(d, s - 1, "**") && tis(d, opener[depth], "{"))
            return false;
        if (s + 1 < b && d->t[s].kind == AN_TK_NAME && d->t[s + 1].kind == AN_TK_STRING)
            return false;
        /* a dict's next key without its ':' (invalid_kvpair): at the key's last character */
        bool dict_before = tis(d, opener[depth], "{") && an_dg_find_top(d, opener[depth] + 1, s, ":") < s;
        for (size_t k = opener[depth] + 1; tis(d, opener[depth], "{") && !dict_before && k < s;
             k = an_dg_find_top(d, k, s, ",") + 1)
            dict_before = tis(d, k, "**"); /* a {**m, ...} display is a dict too */
        if (dict_before && s > opener[depth] + 1 && tis(d, s - 1, ",") && !tis(d, s, "**")) {
            uint32_t last = tend(d, i) - 1;
            return an_dg_set(d, "':' expected after dictionary key", last, last + 1,
                            "write each item as key: value, separated by commas");
        }
        if (tis(d, s, "*"))
            s++;
        size_t e = i + 2;
        while (e < b && !tis(d, e, ",") && !is_close(d, e) && !tis(d, e, ":"))
            e = is_open(d, e) ? an_dg_skip_group(d, e, b) : e + 1;
        return an_dg_set(d, "invalid syntax. Perhaps you forgot a comma?", tstart(d, s), tend(d, e - 1),
                        "separate the items with commas: f(a, b), [1, 2, 3]");
    }
    return false;
}

/* Is token i (a line's first) in the block of a match statement? */
/* Does a parameter before item `upto` (items from a) have the name at n? */
static bool same_param(const dg *d, size_t a, size_t upto, size_t n)
{
    for (size_t k = a; k < upto; k = an_dg_find_top(d, k, upto, ",") + 1) {
        size_t nm = (tis(d, k, "*") || tis(d, k, "**")) ? k + 1 : k;
        if (nm < upto && an_dg_name_ok(d, nm) && d->t[nm].e - d->t[nm].s == d->t[n].e - d->t[n].s &&
            memcmp(d->p->src + d->t[nm].s, d->p->src + d->t[n].s, d->t[n].e - d->t[n].s) == 0)
            return true;
    }
    return false;
}

/* Parameters of a def (paren) or a lambda, items [a, b): CPython's
 * parameter-order errors.  Returns true when one is found. */
static bool check_params(dg *d, size_t a, size_t b, bool lambda)
{
    bool seen_default = false, seen_star = false, seen_kwstar = false, seen_slash = false;
    size_t dup_at = (size_t)-1, first = a;
    for (size_t s = a; s < b;) {
        size_t e = an_dg_find_top(d, s, b, ",");
        if (s == e) {
            s = e + 1;
            continue;
        }
        size_t eq = an_dg_find_top(d, s, e, "=");
        char msg[128];
        if (tis(d, s, "/")) {
            if (s == first)
                return an_dg_set(d, "at least one argument must precede /", tstart(d, s), tend(d, s), NULL);
            if (seen_slash)
                return an_dg_set(d, "/ may appear only once", tstart(d, s), tend(d, s), NULL);
            if (seen_star)
                return an_dg_set(d, "/ must be ahead of *", tstart(d, s), tend(d, s), NULL);
            seen_slash = true;
        } else if (tis(d, s, "**")) {
            if (eq < e)
                return an_dg_set(d, "var-keyword argument cannot have default value", tstart(d, eq), tend(d, eq), NULL);
            if (seen_kwstar)
                return an_dg_set(d, "arguments cannot follow var-keyword argument", tstart(d, s), tend(d, s), NULL);
            seen_kwstar = true;
        } else if (tis(d, s, "*")) {
            if (seen_kwstar)
                return an_dg_set(d, "arguments cannot follow var-keyword argument", tstart(d, s), tend(d, s), NULL);
            if (seen_star)
                return an_dg_set(d, "* argument may appear only once", tstart(d, s), tend(d, s), NULL);
            if (eq < e)
                return an_dg_set(d, "var-positional argument cannot have default value", tstart(d, eq), tend(d, eq), NULL);
            if (e == s + 1) {
                size_t n2 = e + 1;
                if (n2 >= b || tis(d, n2, "**"))
                    return an_dg_set(d, "named arguments must follow bare *", tstart(d, s), tend(d, s), NULL);
            }
            seen_star = true;
        } else if (tis(d, s, "(")) {
            return an_dg_set(d, lambda ? "Lambda expression parameters cannot be parenthesized"
                                      : "Function parameters cannot be parenthesized",
                            tstart(d, s), tend(d, an_dg_skip_group(d, s, b) - 1), NULL);
        } else if (an_dg_name_ok(d, s)) {
            if (seen_kwstar)
                return an_dg_set(d, "arguments cannot follow var-keyword argument", tstart(d, s), tend(d, s), NULL);
            if (same_param(d, a, s, s))
                dup_at = dup_at == (size_t)-1 ? s : dup_at;
            if (eq < e) {
                if (!seen_star)
                    seen_default = true;
            } else if (seen_default && !seen_star) {
                return an_dg_set(d, "non-default argument follows default argument", tstart(d, s), tend(d, s), NULL);
            }
        } else {
            return false; /* not a parameter list this check reads */
        }
        if ((tis(d, s, "*") || tis(d, s, "**")) && an_dg_name_ok(d, s + 1) && same_param(d, a, s, s + 1))
            dup_at = dup_at == (size_t)-1 ? s + 1 : dup_at;
        (void)msg;
        s = e + 1;
    }
    if (dup_at != (size_t)-1) {
        char msg[160];
        snprintf(msg, sizeof msg, "duplicate argument '%.*s' in function definition",
                 (int)(d->t[dup_at].e - d->t[dup_at].s), d->p->src + d->t[dup_at].s);
        return an_dg_set(d, msg, tstart(d, dup_at), tend(d, dup_at), NULL);
    }
    return false;
}

/* The arguments of a call, items [a, b). */
static bool check_args(dg *d, size_t a, size_t b)
{
    bool seen_kw = false, seen_kwunpack = false;
    /* a generator expression must be the only argument; the commas of its
     * for-target (for k, v in ...) are its own */
    size_t f = an_dg_find_top(d, a, b, "for");
    if (f < b) {
        /* invalid_kwarg meets the arguments left to right first:
         * `NAME = x for ...` and `expr = ...` before the generator's 'for' */
        for (size_t s = a; s < f;) {
            size_t e = an_dg_find_top(d, s, b, ","), stop = e < f ? e : f;
            size_t eq = an_dg_find_top(d, s, stop, "=");
            if (eq < stop && !tis(d, s, "*") && !tis(d, s, "**")) {
                if (eq == s + 1 && (tis(d, s, "True") || tis(d, s, "False") || tis(d, s, "None"))) {
                    char msg[64];
                    snprintf(msg, sizeof msg, "cannot assign to %.*s", (int)(d->t[s].e - d->t[s].s),
                             d->p->src + d->t[s].s);
                    return an_dg_set(d, msg, tstart(d, s), tend(d, eq), NULL);
                }
                if (eq == s + 1 && an_dg_name_ok(d, s)) {
                    if (e > f && (an_dg_plausible_expr(d, eq + 1, f, 0) || tis(d, eq + 1, "lambda"))) {
                        an_dg_set(d, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", tstart(d, s),
                                 tend(d, eq), NULL);
                        /* the rule reads its for-clauses whole and the token
                         * after them: when that is on a later line than an
                         * unclosed '(', or the input ends inside it, the
                         * bracket is what CPython reports */
                        size_t in = an_dg_find_top(d, f, b, "in"), c = b;
                        size_t clause_end = in < b ? an_dg_scan_expr(d, in + 1, b, SC_BRACKET | SC_CALL | SC_PAREN, 1, &c) : b;
                        if (c < b)
                            clause_end = c;
                        d->out->reach = clause_end < d->n ? tstart(d, clause_end) : (uint32_t)d->p->len;
                        return true;
                    }
                } else if ((an_dg_plausible_expr(d, s, eq, 0) || tis(d, s, "lambda")) && !an_dg_has_top(d, s, eq, ":=")) {
                    return an_dg_set(d, "expression cannot contain assignment, perhaps you meant \"==\"?",
                                    tstart(d, s), tend(d, eq), NULL);
                }
            }
            if (e > f)
                break;
            s = e + 1;
        }
        size_t before = a, c;
        while ((c = an_dg_find_top(d, before, f, ",")) < f)
            before = c + 1;
        size_t pos = an_dg_find_top(d, f, b, "in");
        bool other = before > a;
        while (!other && pos < b) {
            /* later for-clauses have their own targets */
            size_t cm = an_dg_find_top(d, pos, b, ","), f2 = an_dg_find_top(d, pos + 1, b, "for");
            if (f2 < cm) {
                pos = an_dg_find_top(d, f2, b, "in");
                continue;
            }
            /* the comma must follow the clause's iterable: where an
             * unclosed '(' runs on into later lines, the iterable fails
             * first (`sum(a for a, b in z` then `return x, y`) */
            size_t cl;
            other = cm < b && an_dg_scan_expr(d, pos + 1, cm, SC_BRACKET | SC_CALL | SC_PAREN, 1, &cl) >= cm;
            break;
        }
        if (other)
            return an_dg_set(d, "Generator expression must be parenthesized", tstart(d, before), tend(d, f), NULL);
        return false;
    }
    size_t dup_at = (size_t)-1;
    for (size_t s = a; s < b;) {
        size_t e = an_dg_find_top(d, s, b, ",");
        if (s == e) {
            s = e + 1;
            continue;
        }
        size_t eq = an_dg_find_top(d, s, e, "=");
        if (tis(d, s, "**")) {
            seen_kwunpack = true;
        } else if (tis(d, s, "*")) {
            if (seen_kwunpack)
                return an_dg_set(d, "iterable argument unpacking follows keyword argument unpacking", tstart(d, s),
                                tend(d, e - 1), NULL);
        } else if (eq < e) {
            if (eq == s + 1 && (tis(d, s, "True") || tis(d, s, "False") || tis(d, s, "None"))) {
                char msg[64];
                snprintf(msg, sizeof msg, "cannot assign to %.*s", (int)(d->t[s].e - d->t[s].s), d->p->src + d->t[s].s);
                return an_dg_set(d, msg, tstart(d, s), tend(d, s), NULL);
            }
            if (eq != s + 1 || !an_dg_name_ok(d, s)) {
                /* invalid_kwarg needs a whole expression (no walrus, no
                 * keyword, no two operands side by side) before the '=' */
                if ((!an_dg_plausible_expr(d, s, eq, 0) && !tis(d, s, "lambda")) || an_dg_has_top(d, s, eq, ":=") ||
                    an_dg_has_top(d, s, eq, ","))
                    return false;
                return an_dg_set(d, "expression cannot contain assignment, perhaps you meant \"==\"?", tstart(d, s),
                                tend(d, eq), NULL);
            }
            for (size_t k = a; k < s && dup_at == (size_t)-1; k = an_dg_find_top(d, k, s, ",") + 1)
                if (tis(d, k + 1, "=") && d->t[k].e - d->t[k].s == d->t[s].e - d->t[s].s &&
                    memcmp(d->p->src + d->t[k].s, d->p->src + d->t[s].s, d->t[s].e - d->t[s].s) == 0)
                    dup_at = s;
            seen_kw = true;
        } else if (seen_kwunpack && !d->in_case) {
            /* raised after all the arguments are read: at the ')' */
            return an_dg_set(d, "positional argument follows keyword argument unpacking", tstart(d, b), tend(d, b),
                            NULL);
        } else if (seen_kw) {
            if (d->in_case)
                return an_dg_set(d, "positional patterns follow keyword patterns", tstart(d, s), tend(d, e - 1),
                                NULL);
            return an_dg_set(d, "positional argument follows keyword argument", tstart(d, b), tend(d, b), NULL);
        }
        s = e + 1;
    }
    if (dup_at != (size_t)-1 && !d->in_case) { /* a class pattern's: the compiler's (pattern.c) */
        char msg[160];
        snprintf(msg, sizeof msg, "keyword argument repeated: %.*s", (int)(d->t[dup_at].e - d->t[dup_at].s),
                 d->p->src + d->t[dup_at].s);
        return an_dg_set(d, msg, tstart(d, dup_at), tend(d, dup_at), NULL);
    }
    return false;
}

/* Every def, lambda and call on the line. */
bool an_dg_check_signatures(dg *d, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++) {
        if (tis(d, i, "def") && an_dg_name_ok(d, i + 1) && tis(d, i + 2, "(")) {
            size_t e = an_dg_skip_group(d, i + 2, b);
            if (is_close(d, e - 1) && check_params(d, i + 3, e - 1, false))
                return true;
            i = i + 2;
        } else if (tis(d, i, "lambda")) {
            size_t c = i + 1;
            while (c < b && !tis(d, c, ":"))
                c = is_open(d, c) ? an_dg_skip_group(d, c, b) : c + 1;
            if (c < b && check_params(d, i + 1, c, true))
                return true;
        } else if (tis(d, i, "(") && i > a && (is_close(d, i - 1) || an_dg_name_ok(d, i - 1)) &&
                   !(i >= a + 2 && tis(d, i - 2, "def"))) {
            size_t e = an_dg_skip_group(d, i, b);
            if (is_close(d, e - 1) && tis(d, e - 1, ")") && check_args(d, i + 1, e - 1))
                return true;
        }
    }
    return false;
}
