/* diag_scan.c - where CPython 3.11's parser stops: the first token of a
 * logical line it cannot take, reported as its generic "invalid syntax"
 * when no specific invalid_* rule of diagnose.c matched.  A flat scan of
 * the tokens, statement by statement, that knows the shape of each simple
 * statement, of compound headers and of expression lists; plus the token
 * helpers both files use. */
#include <string.h>

#include "analyzer/an_diag.h"

/* Python's keywords, by first letter: an_dg_is_keyword runs for most
 * name tokens of every line. */
static const char *const KW_A[] = {"and", "as", "assert", "async", "await", NULL};
static const char *const KW_B[] = {"break", NULL};
static const char *const KW_C[] = {"class", "continue", NULL};
static const char *const KW_D[] = {"def", "del", NULL};
static const char *const KW_E[] = {"elif", "else", "except", NULL};
static const char *const KW_F[] = {"finally", "for", "from", NULL};
static const char *const KW_G[] = {"global", NULL};
static const char *const KW_I[] = {"if", "import", "in", "is", NULL};
static const char *const KW_L[] = {"lambda", NULL};
static const char *const KW_N[] = {"nonlocal", "not", NULL};
static const char *const KW_O[] = {"or", NULL};
static const char *const KW_P[] = {"pass", NULL};
static const char *const KW_R[] = {"raise", "return", NULL};
static const char *const KW_T[] = {"try", NULL};
static const char *const KW_W[] = {"while", "with", NULL};
static const char *const KW_Y[] = {"yield", NULL};
static const char *const KW_UF[] = {"False", NULL};
static const char *const KW_UN[] = {"None", NULL};
static const char *const KW_UT[] = {"True", NULL};

bool an_dg_is_keyword(const dg *d, size_t i)
{
    if (i >= d->n || d->t[i].kind != AN_TK_NAME)
        return false;
    const an_tok *t = &d->t[i];
    size_t l = t->e - t->s;
    const char *s = d->p->src + t->s;
    if (l < 2 || l > 8)
        return false;
    const char *const *list;
    switch (s[0]) {
    case 'a': list = KW_A; break;
    case 'b': list = KW_B; break;
    case 'c': list = KW_C; break;
    case 'd': list = KW_D; break;
    case 'e': list = KW_E; break;
    case 'f': list = KW_F; break;
    case 'g': list = KW_G; break;
    case 'i': list = KW_I; break;
    case 'l': list = KW_L; break;
    case 'n': list = KW_N; break;
    case 'o': list = KW_O; break;
    case 'p': list = KW_P; break;
    case 'r': list = KW_R; break;
    case 't': list = KW_T; break;
    case 'w': list = KW_W; break;
    case 'y': list = KW_Y; break;
    case 'F': list = KW_UF; break;
    case 'N': list = KW_UN; break;
    case 'T': list = KW_UT; break;
    default: return false;
    }
    for (size_t k = 0; list[k]; k++)
        if (strlen(list[k]) == l && memcmp(list[k], s, l) == 0)
            return true;
    return false;
}

/* The token after the bracket group opening at i (or end when it is not
 * closed before end). */
size_t an_dg_skip_group(const dg *d, size_t i, size_t end)
{
    if (d->after && i < d->n && is_open(d, i)) {
        /* counted once for the whole program: the checks skip groups of
         * every line again and again */
        uint32_t a = d->after[i];
        return a != UINT32_MAX && a <= end ? a : end;
    }
    int depth = 0;
    for (size_t k = i; k < end; k++) {
        if (is_open(d, k))
            depth++;
        else if (is_close(d, k) && --depth == 0)
            return k + 1;
    }
    return end;
}

/* Next top-level occurrence of op in [i, end), or end. */
size_t an_dg_find_top(const dg *d, size_t i, size_t end, const char *op)
{
    /* tis(d, i, op) with op's length and first byte read once */
    size_t ol = strlen(op);
    const char *src = d->p->src;
    while (i < end) {
        if (is_open(d, i)) {
            i = an_dg_skip_group(d, i, end);
            continue;
        }
        if (i >= d->n)
            return end;
        const an_tok *k = &d->t[i];
        if (k->kind != AN_TK_OP && k->kind != AN_TK_NAME) {
            i++;
            continue;
        }
        if (k->e - k->s == ol && src[k->s] == op[0] && memcmp(src + k->s, op, ol) == 0)
            return i;
        if (tis(d, i, "lambda")) {
            /* its parameters (a=1, *b) and its ':' are not the line's */
            i++;
            while (i < end && !tis(d, i, ":"))
                i = is_open(d, i) ? an_dg_skip_group(d, i, end) : i + 1;
            i++;
            continue;
        }
        i++;
    }
    return end;
}

/* Column (bytes) of token i in its line: its indentation when it starts a line. */
size_t an_dg_tok_col(const dg *d, size_t i)
{
    size_t b = d->t[i].s, c = 0;
    while (b > 0 && d->p->src[b - 1] != '\n') {
        b--;
        c++;
    }
    return c;
}

size_t an_dg_prev_header(const dg *d, size_t i, size_t col)
{
    while (i > 0) {
        i--;
        if (d->t[i].kind == AN_TK_NEWLINE || d->t[i].kind == AN_TK_END)
            continue;
        if (i > 0 && d->t[i - 1].kind != AN_TK_NEWLINE)
            continue; /* not the first token of a logical line */
        if (an_dg_tok_col(d, i) <= col)
            return i;
    }
    return d->n;
}

/* One of += -= *= /= //= %= **= >>= <<= &= |= ^= @=: of the tokenizer's
 * operators, those that end with '=' but ==, !=, <=, >= and :=. */
bool an_dg_is_augassign(const dg *d, size_t i)
{
    if (i >= d->n || d->t[i].kind != AN_TK_OP)
        return false;
    const an_tok *k = &d->t[i];
    size_t l = k->e - k->s;
    const char *s = d->p->src + k->s;
    if (l < 2 || l > 3 || s[l - 1] != '=')
        return false;
    return l == 3 || !(s[0] == '=' || s[0] == '!' || s[0] == '<' || s[0] == '>' || s[0] == ':');
}

bool an_dg_is_binary_kw_or_op(const dg *d, size_t i)
{
    static const char *const ops[] = {"+", "-", "*", "/", "//", "%", "**", "@", "|", "&", "^", "<<", ">>",
                                      "==", "!=", "<", ">", "<=", ">=", "and", "or", "in", ":=", "if",
                                      "else", NULL};
    for (size_t k = 0; ops[k]; k++)
        if (tis(d, i, ops[k]))
            return true;
    return false;
}

bool an_dg_name_ok(const dg *d, size_t i)
{
    return i < d->n && d->t[i].kind == AN_TK_NAME && !an_dg_is_keyword(d, i);
}

/* Scans an expression list from i; returns the index of the first token
 * that cannot continue it, `end` when it is fine to the end.  In brackets
 * it stops at the matching closer and returns its index + 0 through *close. */
/* In a subscript `k = v` is read by invalid_named_expression, which reads
 * on past v (onto the next line of an unclosed '[', so CPython names the
 * bracket); its lookahead refuses a left side that is None, True, False, a
 * list, a tuple or a generator expression, and the parser then stops at the
 * '=' (`e[None = None`, `cells[(x, y) = ch`).  Tokens [item, eq). */
static bool subscript_eq_stops(const dg *d, size_t item, size_t eq, size_t end)
{
    /* nor does it take `k = v = w`: its lookahead after the bitwise_or v
     * refuses another '=' */
    size_t k = eq + 1;
    for (int guard = 0; k < end && guard < 10000; guard++) {
        while (k < end && (tis(d, k, "-") || tis(d, k, "+") || tis(d, k, "~")))
            k++;
        if (k < end && is_open(d, k))
            k = an_dg_skip_group(d, k, end);
        else if (k < end && (d->t[k].kind == AN_TK_NUMBER || d->t[k].kind == AN_TK_STRING || an_dg_name_ok(d, k)))
            k++;
        else
            break;
        while (k < end && (tis(d, k, "(") || tis(d, k, "[") || (tis(d, k, ".") && an_dg_name_ok(d, k + 1)) ||
                           (d->t[k].kind == AN_TK_STRING && d->t[k - 1].kind == AN_TK_STRING)))
            k = tis(d, k, ".") ? k + 2 : d->t[k].kind == AN_TK_STRING ? k + 1 : an_dg_skip_group(d, k, end);
        static const char *const ops[] = {"+", "-", "*", "/", "//", "%", "@", "**", "|", "&", "^", "<<", ">>", NULL};
        bool op = false;
        for (size_t j = 0; ops[j] && !op; j++)
            op = tis(d, k, ops[j]);
        if (!op)
            break;
        k++;
    }
    if (k < end && (tis(d, k, "=") || tis(d, k, ":=")))
        return true;
    if (eq == item + 1)
        return tis(d, item, "None") || tis(d, item, "True") || tis(d, item, "False");
    if (eq < item + 2 || an_dg_skip_group(d, item, eq) != eq)
        return false;
    if (tis(d, item, "["))
        return tis(d, eq - 1, "]");
    if (!tis(d, item, "(") || !tis(d, eq - 1, ")"))
        return false;
    return eq == item + 2 || an_dg_find_top(d, item + 1, eq - 1, ",") < eq - 1 ||
           an_dg_find_top(d, item + 1, eq - 1, "for") < eq - 1;
}

size_t an_dg_scan_expr(const dg *d, size_t i, size_t end, int ctx, int depth, size_t *close)
{
    bool want = true, after_sep = true; /* after_sep: a ',' ':' or opener just passed */
    /* the item is starred outside call arguments: its operand is a
     * bitwise_or (star_named_expression), no comparison, not, and, or, if
     * ('in' may end a for target: for *a in x is the compiler's error) */
    bool starred = false;
    size_t item = i; /* where the current item began */
    if (depth > 100)
        return end;
    while (i < end) {
        if (want) {
            if (after_sep) {
                starred = false;
                item = i;
            }
            if (tis(d, i, "-") || tis(d, i, "+") || tis(d, i, "~") || tis(d, i, "not") || tis(d, i, "await") ||
                ((tis(d, i, "*") || tis(d, i, "**")) && after_sep)) {
                starred = starred || (tis(d, i, "*") && after_sep && !(ctx & SC_CALL));
                i++;
                after_sep = false;
                continue;
            }
            if (tis(d, i, "lambda")) {
                i++;
                while (i < end && !tis(d, i, ":")) {
                    if (is_close(d, i))
                        return i; /* (lambda x): the ':' was due here */
                    i = is_open(d, i) ? an_dg_skip_group(d, i, end) : i + 1;
                }
                if (i >= end)
                    return end;
                i++;
                after_sep = false;
                continue;
            }
            if (tis(d, i, "yield") && after_sep) {
                i++;
                if (tis(d, i, "from"))
                    i++;
                else if (i >= end || tis(d, i, ")") || tis(d, i, "=")) {
                    want = false;
                }
                after_sep = false;
                continue;
            }
            if (is_open(d, i)) {
                size_t c = end;
                /* a '[' here is a list display, not a subscript: no ':' */
                size_t r = an_dg_scan_expr(d, i + 1, end,
                                     SC_BRACKET | ((ctx & SC_AS) && depth == 0 ? SC_AS : 0) |
                                         (tis(d, i, "(") || tis(d, i, "[") ? SC_PAREN : 0),
                                     depth + 1, &c);
                if (c >= end)
                    return r; /* unclosed, or an error inside */
                bool match = (tis(d, i, "(") && tis(d, c, ")")) || (tis(d, i, "[") && tis(d, c, "]")) ||
                             (tis(d, i, "{") && tis(d, c, "}"));
                if (!match)
                    return c;
                i = c + 1;
            } else if (d->t[i].kind == AN_TK_STRING) {
                while (i < end && d->t[i].kind == AN_TK_STRING)
                    i++;
            } else if (d->t[i].kind == AN_TK_NUMBER || tis(d, i, "...") ||
                       (d->t[i].kind == AN_TK_NAME && (!an_dg_is_keyword(d, i) || tis(d, i, "None") ||
                                                       tis(d, i, "True") || tis(d, i, "False")))) {
                i++;
            } else if ((ctx & SC_TOP) && i > 0 && tis(d, i - 1, ",") && (tis(d, i, "=") || an_dg_is_augassign(d, i))) {
                i++; /* a, = x */
                after_sep = true;
                continue;
            } else if ((ctx & SC_BRACKET) && tis(d, i, ",") && tis(d, i - 1, ":")) {
                i++; /* a[1:, 2] */
                after_sep = true;
                continue;
            } else if (tis(d, i, "in") && tis(d, i - 1, ",")) {
                i++; /* for x, in y */
                after_sep = false;
                continue;
            } else if ((ctx & SC_BRACKET) && !(ctx & SC_PAREN) && tis(d, i, ":")) {
                i++; /* a slice bound may be empty */
                after_sep = true;
                continue;
            } else if ((ctx & SC_BRACKET) && is_close(d, i) && (after_sep || tis(d, i - 1, ":"))) {
                *close = i;
                return end;
            } else {
                return i;
            }
            want = false;
            after_sep = false;
            continue;
        }
        /* after an operand: trailers, then an operator */
        if (tis(d, i, ".")) {
            if (!an_dg_name_ok(d, i + 1)) {
                if (i + 1 >= end && !(ctx & SC_BRACKET))
                    *d->incomplete = true; /* x. at the end: CPython stops at the NEWLINE */
                return i + 1;
            }
            i += 2;
            continue;
        }
        if (tis(d, i, "(") || tis(d, i, "[")) {
            size_t c = end;
            size_t r = an_dg_scan_expr(d, i + 1, end, SC_BRACKET | SC_CALL | (tis(d, i, "(") ? SC_PAREN : 0),
                                       depth + 1, &c);
            if (c >= end)
                return r;
            if (!((tis(d, i, "(") && tis(d, c, ")")) || (tis(d, i, "[") && tis(d, c, "]"))))
                return c;
            i = c + 1;
            continue;
        }
        if ((ctx & SC_BRACKET) && is_close(d, i)) {
            *close = i;
            return end;
        }
        if (starred && (tis(d, i, "if") || tis(d, i, "else") || tis(d, i, "and") || tis(d, i, "or") ||
                        tis(d, i, "not") || tis(d, i, "is") || tis(d, i, "==") ||
                        tis(d, i, "!=") || tis(d, i, "<") || tis(d, i, ">") || tis(d, i, "<=") ||
                        tis(d, i, ">=") || tis(d, i, ":=")))
            return i;
        if (tis(d, i, "not")) {
            if (!tis(d, i + 1, "in"))
                return i + 1;
            i += 2;
        } else if (tis(d, i, "is")) {
            i += tis(d, i + 1, "not") ? 2 : 1;
        } else if ((ctx & SC_CALL) && !(ctx & SC_PAREN) && tis(d, i, "=") && subscript_eq_stops(d, item, i, end)) {
            return i;
        } else if (tis(d, i, ",") ||
                   /* '=' assigns at the top and names a call's argument;
                    * in a display or a group the parser stops there.  (In
                    * a subscript, `d[k = v` with the ']' missing is
                    * CPython's "'[' was never closed": the scan goes on) */
                   (!(ctx & SC_AS) && tis(d, i, "=") && (!(ctx & SC_BRACKET) || (ctx & SC_CALL))) ||
                   (tis(d, i, ":") && !(ctx & SC_PAREN))) {
            i++;
            after_sep = true;
            want = true;
            if (!(ctx & SC_BRACKET) && i >= end && tis(d, i - 1, ","))
                return end; /* x = 1, */
            continue;
        } else if ((ctx & SC_TOP) && an_dg_is_augassign(d, i)) {
            i++;
            want = true;
            after_sep = true; /* x += *a parses (the compiler refuses it) */
            continue;
        } else if ((ctx & SC_AS) && tis(d, i, "as")) {
            i++;
        } else if ((ctx & SC_BRACKET) && (tis(d, i, "for") || (tis(d, i, "async") && tis(d, i + 1, "for")))) {
            i += tis(d, i, "async") ? 2 : 1;
            want = true;
            after_sep = true; /* for *a, b in x */
            continue;
        } else if (an_dg_is_binary_kw_or_op(d, i)) {
            i++;
            if (tis(d, i - 1, "in") && (ctx & SC_FOR)) {
                want = true;
                after_sep = true; /* for x in *a, *b (a comparison's `in` takes no star) */
                continue;
            }
        } else {
            return i;
        }
        want = true;
        after_sep = false;
    }
    if ((ctx & SC_BRACKET))
        return end;
    /* "x = 1 +", "a:", "lambda:": the NEWLINE (or ':') is where it fails;
     * a trailing comma ends a tuple */
    if (want && !(i > 0 && tis(d, i - 1, ",")))
        *d->incomplete = true;
    return end;
}

/* The statement ends where it needs more: CPython stops at its NEWLINE. */
static size_t incomplete_at(const dg *d, size_t b)
{
    *d->incomplete = true;
    return b;
}

/* Where CPython's parser stops in the simple statement [a, b); b when fine.
 * b is the NEWLINE token, which is where "x = 1 +" fails. */
size_t an_dg_scan_simple(const dg *d, size_t a, size_t b)
{
    size_t c;
    if (a >= b)
        return b;
    if (tis(d, a, "pass") || tis(d, a, "break") || tis(d, a, "continue"))
        return a + 1 < b ? a + 1 : b;
    if (tis(d, a, "global") || tis(d, a, "nonlocal")) {
        size_t i = a + 1;
        for (;;) {
            if (i >= b)
                return incomplete_at(d, b); /* global, global a, */
            if (!an_dg_name_ok(d, i))
                return i;
            i++;
            if (i >= b)
                return b;
            if (!tis(d, i, ","))
                return i;
            i++;
        }
    }
    if (tis(d, a, "import")) {
        size_t i = a + 1;
        for (;;) {
            if (i >= b || !an_dg_name_ok(d, i))
                return i >= b ? incomplete_at(d, b) : i;
            i++;
            while (tis(d, i, ".")) {
                if (!an_dg_name_ok(d, i + 1))
                    return i + 1 >= b ? incomplete_at(d, b) : i + 1;
                i += 2;
            }
            if (tis(d, i, "as")) {
                if (!an_dg_name_ok(d, i + 1))
                    return i + 1 >= b ? incomplete_at(d, b) : i + 1;
                i += 2;
            }
            if (i >= b)
                return b;
            if (!tis(d, i, ","))
                return i;
            i++;
            if (i >= b) {
                *d->incomplete = true; /* import a, */
                return b;
            }
        }
    }
    if (tis(d, a, "from")) {
        size_t i = a + 1;
        bool dots = false;
        while (tis(d, i, ".") || tis(d, i, "...")) {
            i++;
            dots = true;
        }
        if (an_dg_name_ok(d, i)) {
            i++;
            while (tis(d, i, ".")) {
                if (!an_dg_name_ok(d, i + 1))
                    return i + 1;
                i += 2;
            }
        } else if (!dots) {
            return i;
        }
        if (!tis(d, i, "import"))
            return i >= b ? incomplete_at(d, b) : i;
        i++;
        if (tis(d, i, "*"))
            return i + 1 < b ? i + 1 : b;
        bool paren = tis(d, i, "(");
        if (paren)
            i++;
        for (;;) {
            /* (inside an unclosed '(' the tokenizer's EOF error is CPython's) */
            if (!an_dg_name_ok(d, i))
                return i >= b ? (paren ? b : incomplete_at(d, b)) : i;
            i++;
            if (tis(d, i, "as")) {
                if (!an_dg_name_ok(d, i + 1))
                    return i + 1 >= b ? (paren ? b : incomplete_at(d, b)) : i + 1;
                i += 2;
            }
            if (paren && tis(d, i, ")"))
                return i + 1 < b ? i + 1 : b;
            if (!paren && i >= b)
                return b;
            if (!tis(d, i, ","))
                return i;
            i++;
            if (paren && tis(d, i, ")"))
                return i + 1 < b ? i + 1 : b;
        }
    }
    if (tis(d, a, "return") || tis(d, a, "del") || tis(d, a, "assert") || tis(d, a, "yield")) {
        if (a + 1 >= b)
            return tis(d, a, "del") || tis(d, a, "assert") ? incomplete_at(d, b) : b;
        if (tis(d, a, "yield") && tis(d, a + 1, "from"))
            a++;
        if (tis(d, a, "assert")) {
            /* assert test [, msg]: a ',' wants the message */
            size_t cm = an_dg_find_top(d, a + 1, b, ",");
            size_t r = an_dg_scan_expr(d, a + 1, cm, SC_TOP, 0, &c);
            if (r < cm || cm >= b)
                return r < cm ? r : b;
            if (*d->incomplete)
                return cm; /* assert x +, y: CPython stops at the ',' */
            if (cm + 1 >= b)
                return incomplete_at(d, b);
            return an_dg_scan_expr(d, cm + 1, b, SC_TOP, 0, &c);
        }
        return an_dg_scan_expr(d, a + 1, b, SC_TOP, 0, &c);
    }
    if (tis(d, a, "raise")) {
        if (a + 1 >= b)
            return b;
        size_t f = an_dg_find_top(d, a + 1, b, "from");
        size_t r = an_dg_scan_expr(d, a + 1, f, SC_TOP, 0, &c);
        if (r >= f && f < b && *d->incomplete)
            return f; /* raise from x, raise E + from x: CPython stops at 'from' */
        if (r >= f && f < b)
            r = an_dg_scan_expr(d, f + 1, b, SC_TOP, 0, &c);
        /* raise takes one expression: `raise E, "msg"` is Python 2 */
        size_t comma = an_dg_find_top(d, a + 1, b, ",");
        return comma < r ? comma : r;
    }
    if (tis(d, a, "async") && !tis(d, a + 1, "def") && !tis(d, a + 1, "for") && !tis(d, a + 1, "with"))
        return a + 1 < b ? a + 1 : b;
    if (tis(d, a, "@"))
        return an_dg_scan_expr(d, a + 1, b, SC_TOP, 0, &c);
    if (an_dg_is_keyword(d, a) && !tis(d, a, "None") && !tis(d, a, "True") && !tis(d, a, "False") &&
        !tis(d, a, "not") && !tis(d, a, "lambda") && !tis(d, a, "await"))
        return b; /* a statement this scan does not model */
    if ((tis(d, a, "print") || tis(d, a, "exec")) && a + 1 < b && !is_open(d, a + 1) &&
        !tis(d, a + 1, "=") && !tis(d, a + 1, ".") && !an_dg_is_augassign(d, a + 1) && !tis(d, a + 1, ","))
        return b; /* Python 2 print/exec: the tree walk names them */
    return an_dg_scan_expr(d, a, b, SC_TOP, 0, &c);
}

/* A def's parameter list [i, end): names, '*', '**', '/', annotations and
 * defaults; returns the first token that cannot be there, or end. */
static size_t scan_params(const dg *d, size_t i, size_t end)
{
    while (i < end) {
        if (tis(d, i, "*") || tis(d, i, "**") || tis(d, i, "/")) {
            i++;
            if (i >= end || tis(d, i, ",") || is_close(d, i)) {
                if (tis(d, i, ","))
                    i++;
                continue;
            }
        }
        if (!an_dg_name_ok(d, i))
            return i;
        i++;
        if (i >= end)
            return end;
        if (tis(d, i, ":") || tis(d, i, "=")) {
            /* an annotation or a default: an expression up to the next ',' */
            size_t c, stop = an_dg_find_top(d, i + 1, end, ",");
            if (tis(d, i, ":")) {
                size_t eq = an_dg_find_top(d, i + 1, stop, "=");
                size_t r = an_dg_scan_expr(d, i + 1, eq, SC_AS | SC_PAREN, 0, &c);
                if (r < eq)
                    return r;
                if (eq < stop) {
                    r = an_dg_scan_expr(d, eq + 1, stop, SC_AS | SC_PAREN, 0, &c);
                    if (r < stop)
                        return r;
                }
            } else {
                size_t r = an_dg_scan_expr(d, i + 1, stop, SC_AS | SC_PAREN, 0, &c);
                if (r < stop)
                    return r;
            }
            i = stop;
        }
        if (i >= end)
            return end;
        if (!tis(d, i, ","))
            return i;
        i++;
    }
    return end;
}

/* Does the clause keyword at a (else, elif, except, finally) continue the
 * statement above it at its column?  A stray one is where CPython stops. */
static bool stray_clause(const dg *d, size_t a, const char *kw)
{
    if (a > 0 && d->t[a - 1].kind != AN_TK_NEWLINE)
        return false; /* after ';' or on a header line: not this check's */
    size_t h = an_dg_prev_header(d, a, an_dg_tok_col(d, a));
    if (h >= d->n || an_dg_tok_col(d, h) != an_dg_tok_col(d, a))
        return true;
    if (tis(d, h, "async"))
        h++;
    static const char *const after_elif[] = {"if", "elif", NULL};
    static const char *const after_else[] = {"if", "elif", "for", "while", "except", "try", NULL};
    static const char *const after_except[] = {"try", "except", NULL};
    static const char *const after_finally[] = {"try", "except", "else", NULL};
    const char *const *ok = strcmp(kw, "elif") == 0     ? after_elif
                            : strcmp(kw, "else") == 0   ? after_else
                            : strcmp(kw, "except") == 0 ? after_except
                                                        : after_finally;
    for (size_t k = 0; ok[k]; k++)
        if (tis(d, h, ok[k]))
            return false;
    return true;
}

/* Does the bracket group opening at i close before end? */
bool an_dg_group_closed(const dg *d, size_t i, size_t end)
{
    int depth = 0;
    for (size_t k = i; k < end; k++) {
        if (is_open(d, k))
            depth++;
        else if (is_close(d, k) && --depth == 0)
            return true;
    }
    return false;
}

/* --- case patterns (the grammar's patterns rule) ---------------------------------------- */

/* CPython's parser reports a failed parse at the furthest token it looked
 * at, lookaheads included: each rule below records what it examines in
 * far, and returns the token after what it matched or PNONE. */
#define PNONE ((size_t)-1)
typedef struct pscan {
    const dg *d;
    size_t end;  /* the logical line's end: tokens there match nothing */
    size_t far;  /* the furthest token examined */
    bool deep;   /* nested past the bound: no opinion */
    /* invalid_as_pattern: the first 'as' with '_' or a non-name after it */
    const char *as_msg;
    size_t as_at, as_end; /* tokens [as_at, as_end) */
} pscan;

static bool pk(pscan *s, size_t i, const char *text)
{
    if (i > s->far)
        s->far = i;
    return i < s->end && tis(s->d, i, text);
}

static bool pkind(pscan *s, size_t i, an_tok_kind kind)
{
    if (i > s->far)
        s->far = i;
    return i < s->end && s->d->t[i].kind == kind;
}

static bool pname(pscan *s, size_t i)
{
    return pkind(s, i, AN_TK_NAME) && an_dg_name_ok(s->d, i);
}

static size_t p_pattern(pscan *s, size_t i, int depth);
static size_t p_open_sequence(pscan *s, size_t i, int depth);

/* pattern_capture_target: !"_" NAME !('.' | '(' | '=') */
static size_t p_capture(pscan *s, size_t i)
{
    if (!pname(s, i) || tis(s->d, i, "_"))
        return PNONE;
    return pk(s, i + 1, ".") || pk(s, i + 1, "(") || pk(s, i + 1, "=") ? PNONE : i + 1;
}

/* signed_number !('+' | '-') | complex_number (the real and imaginary
 * checks are actions, raised later: any NUMBER is taken here) */
static size_t p_number(pscan *s, size_t i)
{
    size_t j = pk(s, i, "-") ? i + 1 : i;
    if (!pkind(s, j, AN_TK_NUMBER))
        return PNONE;
    if (pk(s, j + 1, "+") || pk(s, j + 1, "-"))
        return pkind(s, j + 2, AN_TK_NUMBER) ? j + 3 : PNONE;
    return j + 1;
}

/* literal_expr: numbers, strings, None, True, False */
static size_t p_literal(pscan *s, size_t i)
{
    size_t j = p_number(s, i);
    if (j != PNONE)
        return j;
    if (pkind(s, i, AN_TK_STRING)) {
        j = i + 1;
        while (pkind(s, j, AN_TK_STRING))
            j++;
        return j;
    }
    return pk(s, i, "None") || pk(s, i, "True") || pk(s, i, "False") ? i + 1 : PNONE;
}

/* name_or_attr: NAME ('.' NAME)*; *dots counts the dots */
static size_t p_dotted(pscan *s, size_t i, int *dots)
{
    *dots = 0;
    if (!pname(s, i))
        return PNONE;
    size_t j = i + 1;
    while (pk(s, j, ".")) {
        if (!pname(s, j + 1))
            return PNONE;
        j += 2;
        ++*dots;
    }
    return j;
}

/* ','.maybe_star_pattern+ ','? */
static size_t p_maybe_sequence(pscan *s, size_t i, int depth)
{
    size_t j = pk(s, i, "*") ? (pk(s, i + 1, "_") ? i + 2 : p_capture(s, i + 1)) : p_pattern(s, i, depth);
    if (j == PNONE)
        return PNONE;
    while (pk(s, j, ",")) {
        size_t k = pk(s, j + 1, "*") ? (pk(s, j + 2, "_") ? j + 3 : p_capture(s, j + 2)) : p_pattern(s, j + 1, depth);
        if (k == PNONE)
            return j + 1;
        j = k;
    }
    return j;
}

/* key_value_pattern: (literal_expr | attr) ':' pattern */
static size_t p_key_value(pscan *s, size_t i, int depth)
{
    size_t j = p_literal(s, i);
    int dots;
    if (j == PNONE && ((j = p_dotted(s, i, &dots)) == PNONE || dots == 0))
        return PNONE;
    return pk(s, j, ":") ? p_pattern(s, j + 1, depth) : PNONE;
}

static size_t p_mapping(pscan *s, size_t i, int depth)
{
    size_t j = i + 1;
    if (pk(s, j, "}"))
        return j + 1;
    if (!pk(s, j, "**")) {
        if ((j = p_key_value(s, j, depth)) == PNONE)
            return PNONE;
        while (pk(s, j, ",") && !pk(s, j + 1, "**")) {
            size_t k = p_key_value(s, j + 1, depth);
            if (k == PNONE)
                break;
            j = k;
        }
        if (pk(s, j, ",") && pk(s, j + 1, "**"))
            j++;
    }
    if (pk(s, j, "**")) {
        if ((j = p_capture(s, j + 1)) == PNONE)
            return PNONE;
    }
    if (pk(s, j, ","))
        j++;
    return pk(s, j, "}") ? j + 1 : PNONE;
}

/* a class pattern's arguments after its '(' */
static size_t p_class_args(pscan *s, size_t i, int depth)
{
    size_t j = i;
    while (!pk(s, j, ")")) {
        size_t k = pname(s, j) && pk(s, j + 1, "=") ? p_pattern(s, j + 2, depth) : p_pattern(s, j, depth);
        if (k == PNONE)
            return PNONE;
        if (pk(s, k, ","))
            j = k + 1;
        else if (pk(s, k, ")"))
            return k + 1;
        else
            return PNONE;
    }
    return j + 1;
}

/* closed_pattern */
static size_t p_closed(pscan *s, size_t i, int depth)
{
    if (depth > 200) {
        s->deep = true;
        return PNONE;
    }
    size_t j = p_literal(s, i);
    if (j != PNONE)
        return j;
    if (pk(s, i, "_"))
        return i + 1;
    int dots;
    if ((j = p_dotted(s, i, &dots)) != PNONE) {
        if (pk(s, j, "("))
            return p_class_args(s, j + 1, depth + 1);
        /* a capture or a value pattern: neither may be followed by '=' */
        return dots == 0 ? p_capture(s, i) : (pk(s, j, "=") ? PNONE : j);
    }
    if (pk(s, i, "(")) {
        /* group_pattern, else a sequence */
        j = p_pattern(s, i + 1, depth + 1);
        if (j != PNONE && pk(s, j, ")"))
            return j + 1;
        if (pk(s, i + 1, ")"))
            return i + 2;
        j = p_open_sequence(s, i + 1, depth + 1);
        return j != PNONE && pk(s, j, ")") ? j + 1 : PNONE;
    }
    if (pk(s, i, "[")) {
        if (pk(s, i + 1, "]"))
            return i + 2;
        j = p_maybe_sequence(s, i + 1, depth + 1);
        return j != PNONE && pk(s, j, "]") ? j + 1 : PNONE;
    }
    if (pk(s, i, "{"))
        return p_mapping(s, i, depth + 1);
    return PNONE;
}

/* pattern: or_pattern ('as' pattern_capture_target)? */
static size_t p_pattern(pscan *s, size_t i, int depth)
{
    size_t j = p_closed(s, i, depth);
    while (j != PNONE && pk(s, j, "|"))
        j = p_closed(s, j + 1, depth);
    if (j != PNONE && pk(s, j, "as")) {
        size_t k = p_capture(s, j + 1);
        if (k != PNONE)
            return k;
        /* the parser's invalid_as_pattern: `as _`, or an expression that
         * is no name (`as 1`, `as (a)`): its message, the rest of the
         * header taken */
        const dg *d = s->d;
        size_t t = j + 1;
        bool expr_start = t < s->end && !an_dg_name_ok(d, t) &&
                          (d->t[t].kind == AN_TK_NUMBER || d->t[t].kind == AN_TK_STRING || tis(d, t, "None") ||
                           tis(d, t, "True") || tis(d, t, "False") || tis(d, t, "(") || tis(d, t, "[") ||
                           tis(d, t, "{") || tis(d, t, "-") || tis(d, t, "+") || tis(d, t, "~") || tis(d, t, "..."));
        if (t < s->end && (tis(d, t, "_") || expr_start)) {
            size_t stop = an_dg_find_top(d, t, s->end, ":");
            size_t guard = an_dg_find_top(d, t, stop, "if");
            if (guard < stop)
                stop = guard;
            if (!s->as_msg && stop > t) {
                s->as_msg = tis(d, t, "_") ? "cannot use '_' as a target" : "invalid pattern target";
                s->as_at = t;
                s->as_end = tis(d, t, "_") ? t + 1 : stop;
                /* (a) is a: the group is no node of its own */
                if (!tis(d, t, "_") && tis(d, t, "(") && an_dg_skip_group(d, t, stop) == stop && stop - t > 2) {
                    s->as_at = t + 1;
                    s->as_end = stop - 1;
                }
            }
            return stop;
        }
    }
    return j;
}

/* open_sequence_pattern: maybe_star_pattern ',' maybe_sequence_pattern? */
static size_t p_open_sequence(pscan *s, size_t i, int depth)
{
    size_t j = pk(s, i, "*") ? (pk(s, i + 1, "_") ? i + 2 : p_capture(s, i + 1)) : p_pattern(s, i, depth);
    if (j == PNONE || !pk(s, j, ","))
        return PNONE;
    size_t k = p_maybe_sequence(s, j + 1, depth);
    return k == PNONE ? j + 1 : k;
}

bool an_dg_check_case(dg *d, size_t s, size_t b)
{
    pscan ps = {.d = d, .end = b, .far = s};
    size_t j = p_open_sequence(&ps, s, 0);
    if (j == PNONE)
        p_pattern(&ps, s, 0);
    if (!ps.as_msg || ps.deep)
        return false;
    return an_dg_set(d, ps.as_msg, tstart(d, ps.as_at), tend(d, ps.as_end - 1),
                     "name the value after 'as' (case [x, y] as pair), or leave 'as' out");
}

/* The first failing token of a `case` header [s, b), b when it parses:
 * patterns, then an 'if' guard or the ':'. */
static size_t scan_case(const dg *d, size_t s, size_t b)
{
    pscan ps = {.d = d, .end = b, .far = s};
    size_t j = p_open_sequence(&ps, s, 0);
    if (j == PNONE)
        j = p_pattern(&ps, s, 0);
    if (ps.deep)
        return b;
    if (j != PNONE && (pk(&ps, j, "if") || pk(&ps, j, ":")))
        return b;
    return ps.far < b ? ps.far : b;
}

/* The first failing token of a logical line, headers included; b if none. */
size_t an_dg_scan_line(const dg *d, size_t a, size_t b)
{
    const char *kw = NULL;
    if (!an_dg_compound_start(d, a, b, &kw))
        return an_dg_scan_simple(d, a, b);
    if ((strcmp(kw, "else") == 0 || strcmp(kw, "elif") == 0 || strcmp(kw, "except") == 0 ||
         strcmp(kw, "finally") == 0) &&
        stray_clause(d, a, kw))
        return a;
    size_t s = tis(d, a, "async") ? a + 2 : a + 1, c;
    if (strcmp(kw, "case") == 0)
        return scan_case(d, s, b);
    if (strcmp(kw, "match") == 0) {
        /* a subject with its bracket left open runs to the end of the
         * input: it fails where its expression does */
        if (an_dg_find_top(d, s, b, ":") < b)
            return b;
        size_t r = an_dg_scan_expr(d, s, b, 0, 0, &c);
        return r < b ? r : b;
    }
    size_t colon = an_dg_find_top(d, s, b, ":");
    size_t hdr_end = colon;
    size_t r = hdr_end;
    if (strcmp(kw, "else") == 0 || strcmp(kw, "try") == 0 || strcmp(kw, "finally") == 0) {
        r = s < colon ? s : colon;
    } else if (strcmp(kw, "def") == 0 || strcmp(kw, "class") == 0) {
        if (!an_dg_name_ok(d, s))
            return s;
        size_t i = s + 1;
        if (tis(d, i, "(")) {
            size_t e = an_dg_skip_group(d, i, b);
            /* unclosed: the line runs to the end of the input, which may
             * well end with some other closer */
            if (!an_dg_group_closed(d, i, b)) {
                if (strcmp(kw, "def") == 0)
                    return scan_params(d, i + 1, b);
                /* class bases are call arguments: `class D(U:` fails at ':' */
                size_t rr = an_dg_scan_expr(d, i + 1, b, SC_BRACKET | SC_CALL | SC_PAREN, 1, &c);
                return rr < b ? rr : b;
            }
            if (strcmp(kw, "class") == 0) {
                size_t rr = an_dg_scan_expr(d, i + 1, e - 1, SC_BRACKET | SC_CALL | SC_PAREN, 1, &c);
                if (rr < e - 1)
                    return rr;
            } else {
                size_t bad = scan_params(d, i + 1, e - 1);
                if (bad < e - 1)
                    return bad;
            }
            i = e;
        } else if (strcmp(kw, "def") == 0) {
            return i;
        }
        if (strcmp(kw, "def") == 0 && tis(d, i, "->")) {
            size_t rr = an_dg_scan_expr(d, i + 1, hdr_end, SC_AS, 0, &c);
            if (rr < hdr_end)
                return rr;
            i = hdr_end;
        }
        r = i < colon ? i : colon;
    } else if (s < hdr_end) {
        r = an_dg_scan_expr(d, s, hdr_end,
                            (strcmp(kw, "with") == 0 || strcmp(kw, "except") == 0) ? SC_AS
                            : strcmp(kw, "for") == 0                                 ? SC_TOP | SC_FOR
                                                                                     : SC_TOP,
                            0, &c);
        if (*d->incomplete && colon < b)
            return colon; /* "for x in:" fails at the ':' */
    } else if (strcmp(kw, "except") != 0) {
        r = s; /* if: with nothing */
    }
    if (r < hdr_end || colon >= b)
        return r < hdr_end ? r : b;
    /* a body on the same line: simple statements separated by ';' */
    for (size_t x = colon + 1; x < b;) {
        size_t e = an_dg_find_top(d, x, b, ";");
        if (x == e && e < b)
            return e; /* if x: a;; */
        size_t rr = an_dg_scan_simple(d, x, e);
        if (rr < e)
            return rr;
        x = e + 1;
    }
    return b;
}
