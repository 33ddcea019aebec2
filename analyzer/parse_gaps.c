/*
 * parse_gaps.c - continuation lines inside brackets that tree-sitter's
 * scanner would take for a dedent, found from the tokens and hidden from
 * the parser (parse.c gives it a copy with the gaps blanked and included
 * ranges that keep the source's rows).
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

/* The indentation tree-sitter's scanner measures for the line holding
 * `at`: a space counts 1, a tab 8, a form feed or carriage return starts
 * over. */
static uint32_t scanner_indent(const an_parse *p, uint32_t at)
{
    uint32_t b = p->line_starts[an_point_of(p, at).row], n = 0;
    for (; b < at; b++) {
        char c = p->src[b];
        if (c == ' ')
            n++;
        else if (c == '\t')
            n += 8;
        else if (c == '\f' || c == '\r')
            n = 0;
        else
            break;
    }
    return n;
}

/* Line breaks inside brackets that tree-sitter's scanner would read as a
 * dedent: after a token no closing bracket may follow ('.', '+', 'not'...)
 * the scanner does not know it is inside brackets, so a continuation line
 * indented less than its statement (`(bar.\nbaz)` in a function body)
 * ends the block and the program gets a false syntax error.  CPython
 * ignores indentation inside brackets.  *gaps receives the byte after each
 * line break between two tokens of such a gap: the parser is given spaces
 * for the gap's line breaks, comments and backslashes (an_gaps_blank; same
 * byte offsets), and its included ranges restart after each of those line
 * breaks so that tree-sitter's rows stay the source's (an_gaps_ranges). */
an_status an_gaps_find(const an_parse *p, const an_tokres *tr, uint32_t **gaps, size_t *ngaps)
{
    *gaps = NULL;
    *ngaps = 0;
    size_t cap = 0;
    int depth = 0;
    uint32_t stmt_indent = 0;
    bool stmt_start = true;
    for (size_t i = 0; i < tr->n; i++) {
        const an_tok *t = &tr->toks[i];
        if (t->kind == AN_TK_NEWLINE || t->kind == AN_TK_END) {
            stmt_start = true;
            depth = 0;
            continue;
        }
        if (stmt_start) {
            stmt_indent = scanner_indent(p, t->s);
            stmt_start = false;
        }
        if (t->kind == AN_TK_OP && t->e - t->s == 1) {
            char c = p->src[t->s];
            if (c == '(' || c == '[' || c == '{')
                depth++;
            else if ((c == ')' || c == ']' || c == '}') && depth > 0)
                depth--;
        }
        if (depth <= 0 || i + 1 >= tr->n)
            continue;
        const an_tok *u = &tr->toks[i + 1];
        if (u->kind == AN_TK_NEWLINE || u->kind == AN_TK_END || u->s <= t->e ||
            !memchr(p->src + t->e, '\n', u->s - t->e) || scanner_indent(p, u->s) >= stmt_indent)
            continue;
        if (*ngaps + 2 > cap) {
            size_t nc = cap ? 2 * cap : 16;
            uint32_t *g = realloc(*gaps, nc * sizeof *g);
            if (!g)
                return AN_ENOMEM;
            *gaps = g;
            cap = nc;
        }
        (*gaps)[(*ngaps)++] = t->e;
        (*gaps)[(*ngaps)++] = u->s;
    }
    return AN_OK;
}

/* The parser's copy of the gaps: all but spaces and tabs become spaces. */
void an_gaps_blank(char *tsrc, const uint32_t *gaps, size_t ngaps)
{
    for (size_t k = 0; k + 1 < ngaps; k += 2)
        for (uint32_t j = gaps[k]; j < gaps[k + 1]; j++)
            if (tsrc[j] != ' ' && tsrc[j] != '\t')
                tsrc[j] = ' ';
}

/* The included ranges of one parse of [s0, s1): a new range after each
 * line break of a gap, starting at the source's own row and column. */
bool an_gaps_ranges(const an_parse *p, const uint32_t *gaps, size_t ngaps, uint32_t s0, uint32_t s1,
                    TSRange **out, uint32_t *nout)
{
    size_t n = 1;
    for (size_t k = 0; k + 1 < ngaps; k += 2)
        for (uint32_t j = gaps[k]; j < gaps[k + 1]; j++)
            n += p->src[j] == '\n' && j + 1 > s0 && j + 1 < s1;
    TSRange *r = malloc(n * sizeof *r);
    if (!r)
        return false;
    uint32_t at = s0, m = 0;
    for (size_t k = 0; k + 1 < ngaps; k += 2)
        for (uint32_t j = gaps[k]; j < gaps[k + 1]; j++)
            if (p->src[j] == '\n' && j + 1 > s0 && j + 1 < s1) {
                r[m++] = (TSRange){an_point_of(p, at), an_point_of(p, j + 1), at, j + 1};
                at = j + 1;
            }
    r[m++] = (TSRange){an_point_of(p, at), an_point_of(p, s1), at, s1};
    *out = r;
    *nout = m;
    return true;
}
