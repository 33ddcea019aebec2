/* an_diag.h - internals shared by diagnose.c (CPython's specific parser
 * errors, its invalid_* rules) and diag_scan.c (the token-level scanner that
 * finds the first token CPython's parser cannot take, "invalid syntax").
 * Not part of the analyzer's public interface. */
#ifndef SAFEPY_AN_DIAG_H
#define SAFEPY_AN_DIAG_H

#include <string.h>

#include "analyzer/an_int.h"

typedef struct dg {
    const an_parse *p;
    const an_tok *t;
    size_t n;
    an_diagnosis *out;
    bool *incomplete; /* set by the scan: the statement ends wanting an operand */
    bool in_case;     /* the line is a case clause: calls are class patterns */
    /* for a bracket token: the token after its group (after the bracket
     * that closes it, counted as an_dg_skip_group counts), UINT32_MAX when
     * nothing closes it; NULL when it could not be allocated */
    const uint32_t *after;
} dg;

/* Is token i exactly `text`?  Inlined so that strlen folds to a constant:
 * this runs several times per token. */
static inline __attribute__((always_inline)) bool tis(const dg *d, size_t i, const char *text)
{
    if (i >= d->n)
        return false;
    const an_tok *k = &d->t[i];
    size_t l = strlen(text);
    return k->e - k->s == l && d->p->src[k->s] == text[0] && memcmp(d->p->src + k->s, text, l) == 0 &&
           (k->kind == AN_TK_OP || k->kind == AN_TK_NAME);
}

/* Token i is one byte, an operator (or a name, as tis allows): the byte,
 * else 0.  is_open and is_close run for nearly every token of every check. */
static inline char one_byte(const dg *d, size_t i)
{
    if (i >= d->n)
        return 0;
    const an_tok *k = &d->t[i];
    if (k->e - k->s != 1 || (k->kind != AN_TK_OP && k->kind != AN_TK_NAME))
        return 0;
    return d->p->src[k->s];
}

static inline bool is_open(const dg *d, size_t i)
{
    char c = one_byte(d, i);
    return c == '(' || c == '[' || c == '{';
}

static inline bool is_close(const dg *d, size_t i)
{
    char c = one_byte(d, i);
    return c == ')' || c == ']' || c == '}';
}

static inline uint32_t tstart(const dg *d, size_t i)
{
    return i < d->n ? d->t[i].s : (uint32_t)d->p->len;
}

static inline uint32_t tend(const dg *d, size_t i)
{
    return i < d->n ? d->t[i].e : (uint32_t)d->p->len;
}

/* where an expression list is: flags of scan_expr */
typedef enum sctx_kind {
    SC_TOP = 1, SC_BRACKET = 2, SC_AS = 4,
    SC_PAREN = 8, /* inside '(' or a list display's '[': no ':' (slices and dict items need a subscript and '{') */
    SC_CALL = 16, /* call arguments and subscripts: `*` takes a whole expression */
    SC_FOR = 32,  /* a for statement's header: its `in` may be followed by starred items */
} sctx_kind;

/* diag_scan.c: token helpers */
bool an_dg_is_keyword(const dg *d, size_t i);
/* The token after the bracket group opening at i (or i+1 when unclosed). */
size_t an_dg_skip_group(const dg *d, size_t i, size_t end);
/* Next top-level occurrence of op in [i, end), or end. */
size_t an_dg_find_top(const dg *d, size_t i, size_t end, const char *op);
/* Column (bytes) of token i in its line: its indentation when it starts a line. */
size_t an_dg_tok_col(const dg *d, size_t i);
/* The first token of the logical line that starts before token i and at a
 * column at most col, skipping deeper lines (bodies); d->n if none. */
size_t an_dg_prev_header(const dg *d, size_t i, size_t col);
bool an_dg_is_augassign(const dg *d, size_t i);
bool an_dg_is_binary_kw_or_op(const dg *d, size_t i);
/* A name that is not a keyword. */
bool an_dg_name_ok(const dg *d, size_t i);

/* diag_scan.c: where CPython's parser stops (the first token it cannot take) */
size_t an_dg_scan_expr(const dg *d, size_t i, size_t end, int ctx, int depth, size_t *close);
/* Does the bracket group opening at i close before end? */
bool an_dg_group_closed(const dg *d, size_t i, size_t end);
size_t an_dg_scan_simple(const dg *d, size_t a, size_t b);
size_t an_dg_scan_line(const dg *d, size_t a, size_t b);

/* diagnose.c: does [a, b) start a compound statement?  *kw is its keyword. */
bool an_dg_compound_start(const dg *d, size_t a, size_t b, const char **kw);
/* diagnose.c: records the first diagnosis (msg, bytes [at, end), hint); true */
bool an_dg_set(const dg *d, const char *msg, uint32_t at, uint32_t end, const char *hint);
/* diagnose.c: can an expression end with token i? */
bool an_dg_operand_end(const dg *d, size_t i);
/* diagnose.c: is op at the top level of [a, b)? */
bool an_dg_has_top(const dg *d, size_t a, size_t b, const char *op);
/* diagnose.c: could [a, b) be one expression (depth bounds the recursion)? */
bool an_dg_plausible_expr(const dg *d, size_t a, size_t b, int depth);
/* diag_scan.c: the parser's invalid_as_pattern in the case header [s, b) */
bool an_dg_check_case(dg *d, size_t s, size_t b);
/* diag_args.c: "Perhaps you forgot a comma?" in the brackets of [a, b) */
bool an_dg_check_comma(dg *d, size_t a, size_t b);
/* diag_args.c: parameter and argument order of every def, lambda and call in [a, b) */
bool an_dg_check_signatures(dg *d, size_t a, size_t b);

#endif
