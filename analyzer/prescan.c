/* prescan.c - the pre-lexer: what tree-sitter must not be given, and where
 * a big program may be cut.
 *
 * One pass over the bytes before any parse: bracket nesting beyond
 * CPython's 200 levels and an unclosed bracket (CPython's messages, kept
 * for when the tree has an error), the indentation errors CPython's
 * tokenizer reports, and the top-level statements, grouped into batches
 * that tree-sitter may parse on their own (no batch over MAX_BATCH_LEAVES
 * tokens: tree-sitter 0.20.7 corrupts its heap when an ERROR node wraps
 * more than 65535 of them; a bigger statement only when bigstmt.c proves
 * it error-free, as a batch of its own) and into the finer batches lint
 * parses on worker threads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_int.h"

#define MAX_BRACKETS 200      /* CPython's MAXLEVEL */
#define MAX_BATCH_LEAVES 50000 /* tokens tree-sitter may see in one parse */
/* Lint of a big program parses batches of about FINE_BATCH_LEAVES tokens on
 * worker threads (parse.c): small enough for the threads to share the work
 * evenly, big enough that a batch's fixed costs do not count. */
#define FINE_BATCH_LEAVES 2048
static const char *closer_name(char c)
{
    return c == '(' ? "(" : c == '[' ? "[" : "{";
}


static bool batches_push(an_batches *b, uint32_t at)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        uint32_t *s = realloc(b->start, cap * sizeof *s);
        if (!s)
            return false;
        b->start = s;
        bool *pv = realloc(b->proven, cap * sizeof *pv);
        if (!pv)
            return false;
        b->proven = pv;
        b->cap = cap;
    }
    b->proven[b->n] = false;
    b->start[b->n++] = at;
    return true;
}

/* Can a top-level statement start at line start `i`? */
static bool stmt_start(const unsigned char *s, size_t n, size_t i, bool after_decorator)
{
    static const char *const cont[] = {"else", "elif", "except", "finally", NULL};
    if (i >= n || after_decorator)
        return false;
    unsigned char c = s[i];
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n' || c == '#' || c == '\\')
        return false;
    for (size_t k = 0; cont[k]; k++) {
        size_t l = strlen(cont[k]);
        if (n - i >= l && memcmp(s + i, cont[k], l) == 0 && (n - i == l || !an_id_char(s[i + l])))
            return false;
    }
    return true;
}

static an_status too_complex(an_parse *p, an_prescan *ps, size_t at)
{
    char msg[128];
    ps->fatal = true;
    snprintf(msg, sizeof msg,
             "statement too complex: more than %d tokens in one top-level statement", MAX_BATCH_LEAVES);
    return an_syntax_add(p, msg,
                      "split long expressions and large literals into several statements or functions",
                      (uint32_t)at, (uint32_t)(at < p->len ? at + 1 : at));
}

/* Indentation, checked as CPython's tokenizer and parser do: tree-sitter
 * accepts "if x:\npass" and stray indents, which CPython refuses. */
#define MAX_INDENT 100

typedef struct indent {
    uint32_t col[MAX_INDENT], alt[MAX_INDENT]; /* tab size 8, and tab size 1 */
    int top;
    bool line_start;    /* at the start of a physical line outside brackets */
    bool in_line;       /* the current logical line has tokens */
    bool last_colon;    /* its last token so far is ':' */
    bool colon;         /* it has a ':' outside brackets (a header's own) */
    const char *kw;     /* compound keyword starting it, or NULL */
    uint32_t kw_line;
    bool pending;       /* the previous logical line ended with ':' */
    const char *pkw;
    uint32_t pkw_line;
} indent;

static const char *header_keyword(const unsigned char *s, size_t n, size_t j)
{
    static const char *const kw[] = {"if", "elif", "else", "for", "while", "def", "class",
                                     "with", "try", "except", "finally", "match", "case", NULL};
    if (n - j > 6 && memcmp(s + j, "async", 5) == 0 && (s[j + 5] == ' ' || s[j + 5] == '\t')) {
        j += 6;
        while (j < n && (s[j] == ' ' || s[j] == '\t'))
            j++;
    }
    for (size_t k = 0; kw[k]; k++) {
        size_t l = strlen(kw[k]);
        if (n - j >= l && memcmp(s + j, kw[k], l) == 0 && (n - j == l || !an_id_char(s[j + l])))
            return kw[k];
    }
    return NULL;
}

static an_status indent_fail(an_parse *p, an_prescan *ps, const char *msg, const char *hint, size_t at)
{
    ps->fatal = true;
    /* an earlier indentation error is the parser's: CPython stops there
     * before its tokenizer reaches this line */
    if (ps->have_ind && ps->ind_at < at && !(strcmp(ps->ind_msg, "unexpected indent") == 0 && ps->ind_after_header))
        return an_syntax_add(p, ps->ind_msg, ps->ind_hint, ps->ind_at, ps->ind_at + (ps->ind_at < p->len));
    return an_syntax_add(p, msg, hint, (uint32_t)at, (uint32_t)(at < p->len ? at + 1 : at));
}

static void defer(const an_parse *p, an_prescan *ps, const char *msg, const char *hint, size_t at)
{
    if (ps->have_ind)
        return;
    snprintf(ps->ind_msg, sizeof ps->ind_msg, "%s", msg);
    ps->ind_hint = hint;
    ps->ind_at = (uint32_t)(at < p->len ? at : p->len);
    ps->have_ind = true;
}

static void expected_block(an_parse *p, an_prescan *ps, const indent *in, size_t at)
{
    char msg[128];
    if (!in->pkw)
        snprintf(msg, sizeof msg, "expected an indented block after line %u", in->pkw_line);
    else if (strcmp(in->pkw, "def") == 0)
        snprintf(msg, sizeof msg, "expected an indented block after function definition on line %u",
                 in->pkw_line);
    else if (strcmp(in->pkw, "class") == 0)
        snprintf(msg, sizeof msg, "expected an indented block after class definition on line %u",
                 in->pkw_line);
    else
        snprintf(msg, sizeof msg, "expected an indented block after '%s' statement on line %u",
                 in->pkw, in->pkw_line);
    defer(p, ps, msg,
          "indent the body of the block (4 spaces deeper than its header), or write 'pass' there if it is empty",
          at);
}

/* Called at the start of a physical line outside brackets. */
static an_status indent_line(an_parse *p, an_prescan *ps, indent *in, size_t i)
{
    const unsigned char *s = (const unsigned char *)p->src;
    size_t n = p->len, j = i;
    uint32_t col = 0, alt = 0;
    static const char TABERR[] = "inconsistent use of tabs and spaces in indentation";
    static const char TABHINT[] = "indent with spaces only, 4 per level";
    while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) {
        if (s[j] == ' ')
            col++, alt++;
        else if (s[j] == '\t')
            col = (col / 8 + 1) * 8, alt++;
        else
            col = alt = 0;
        j++;
    }
    if (j >= n || s[j] == '\n' || s[j] == '#' || (s[j] == '\r' && j + 1 < n && s[j + 1] == '\n') ||
        (s[j] == '\\' && j + 1 < n && s[j + 1] == '\n'))
        return AN_OK; /* blank lines do not count */
    if (in->pending) {
        if (col <= in->col[in->top])
            expected_block(p, ps, in, j);
    } else if (col > in->col[in->top]) {
        /* after a header without its ':' the parser's second pass raises
         * "expected ':'" first, which a tokenizer error anywhere after it
         * replaces (_PyPegen_tokenize_full_source_to_check_for_errors); a
         * bare unexpected indent is raised without that look ahead */
        if (!ps->have_ind)
            ps->ind_after_header = in->kw && !in->colon;
        defer(p, ps, "unexpected indent",
              "indent a line only to start the body of a statement ending with ':'; keep the statements of one block at the same indentation",
              j);
    }
    if (col == in->col[in->top]) {
        if (alt != in->alt[in->top])
            return indent_fail(p, ps, TABERR, TABHINT, j);
    } else if (col > in->col[in->top]) {
        if (in->top + 1 >= MAX_INDENT)
            return indent_fail(p, ps, "too many levels of indentation",
                               "move deeply nested code into helper functions", j);
        if (alt <= in->alt[in->top])
            return indent_fail(p, ps, TABERR, TABHINT, j);
        in->top++;
        in->col[in->top] = col;
        in->alt[in->top] = alt;
    } else {
        while (in->top > 0 && col < in->col[in->top])
            in->top--;
        if (col != in->col[in->top])
            return indent_fail(p, ps, "unindent does not match any outer indentation level",
                               "dedent to exactly the indentation of an enclosing block", j);
        if (alt != in->alt[in->top])
            return indent_fail(p, ps, TABERR, TABHINT, j);
    }
    uint32_t line, c;
    an_pos(p, (uint32_t)j, &line, &c);
    in->in_line = true;
    in->last_colon = false;
    in->kw = header_keyword(s, n, j);
    in->colon = false;
    in->kw_line = line;
    in->pending = false;
    return AN_OK;
}

/* At the end of a logical line. */
static void indent_end(indent *in)
{
    if (in->in_line) {
        in->pending = in->last_colon;
        in->pkw = in->kw;
        in->pkw_line = in->kw_line;
        in->in_line = false;
    }
    in->line_start = true;
}

an_status an_prescan_run(an_parse *p, an_prescan *ps, an_batches *bt, an_batches *fine, size_t *total)
{
    const unsigned char *s = (const unsigned char *)p->src;
    size_t n = p->len, i = 0;
    char stack[MAX_BRACKETS];
    uint32_t where[MAX_BRACKETS];
    int depth = 0;
    size_t id_start = 0, id_end = (size_t)-1;
    /* leaves: tokens of the current statement and of the current batch */
    size_t stmt_leaves = 0, batch_leaves = 0, stmt_at = 0, fine_leaves = 0;
    bool after_decorator = false;
    indent in;
    memset(&in, 0, sizeof in);
    in.line_start = true;
    *total = 0;
    if (!batches_push(bt, 0) || !batches_push(fine, 0))
        return AN_ENOMEM;
    while (i < n) {
        if (in.line_start) {
            in.line_start = false;
            an_status st = indent_line(p, ps, &in, i);
            if (st != AN_OK || ps->fatal)
                return st;
        }
        unsigned char c = s[i];
        size_t leaves = 1;
        if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\n' && c != '#' && c != '\\')
            in.last_colon = c == ':';
        if (c == ':' && depth == 0 && !(i + 1 < n && s[i + 1] == '='))
            in.colon = true;
        if (c == '#') {
            while (i < n && s[i] != '\n')
                i++;
            stmt_leaves++;
            continue;
        } else if (c == '\\') {
            i += 2;
            continue;
        } else if (c == '"' || c == '\'') {
            bool fstr = false;
            if (id_end == i && i - id_start <= 2) {
                for (size_t k = id_start; k < i; k++)
                    if (s[k] == 'f' || s[k] == 'F')
                        fstr = true;
            }
            size_t start = i;
            bool triple = i + 2 < n && s[i + 1] == c && s[i + 2] == c;
            i += triple ? 3 : 1;
            int fdepth = 0;
            bool closed = false;
            leaves = 3;
            while (i < n) {
                unsigned char d = s[i];
                if (d == '\\') {
                    i += 2;
                    continue;
                }
                if (!triple && d == '\n')
                    break;
                if (d == c && (!triple || (i + 2 < n && s[i + 1] == c && s[i + 2] == c))) {
                    i += triple ? 3 : 1;
                    closed = true;
                    break;
                }
                /* brackets of replacement fields nest in tree-sitter's tree */
                if (fstr && (d == '{' || (fdepth > 0 && (d == '(' || d == '[')))) {
                    if (d == '{' && fdepth == 0 && i + 1 < n && s[i + 1] == '{') {
                        i += 2;
                        continue;
                    }
                    if (depth + ++fdepth > MAX_BRACKETS) {
                        ps->fatal = true;
                        return an_syntax_add(p, "too many nested parentheses",
                                          "split the expression into smaller parts assigned to variables",
                                          (uint32_t)i, (uint32_t)i + 1);
                    }
                    leaves += 2;
                } else if (fstr && fdepth > 0) {
                    if (d == '}' || d == ')' || d == ']')
                        fdepth--;
                    leaves++; /* the tokens of the replacement field, at most one a byte */
                }
                i++;
            }
            if (!closed && !ps->have_msg) {
                uint32_t ln, col;
                an_pos(p, (uint32_t)(i < n ? i : n), &ln, &col);
                snprintf(ps->msg, sizeof ps->msg,
                         "unterminated %sstring literal (detected at line %u)",
                         triple ? "triple-quoted " : "", ln);
                ps->hint = triple ? "close the string with the same three quotes that open it"
                                  : "close the string on the same line, or use a triple-quoted string for text spanning lines";
                ps->at = (uint32_t)start;
                ps->at_end = (uint32_t)start + 1;
                ps->have_msg = true;
            }
            if (i > n)
                i = n;
            stmt_leaves += leaves;
            continue;
        } else if (an_id_char(c) && !(c >= '0' && c <= '9')) {
            id_start = i;
            while (i < n && an_id_char(s[i]))
                i++;
            id_end = i;
            stmt_leaves++;
            continue;
        } else if (c >= '0' && c <= '9') {
            while (i < n && (an_id_char(s[i]) || s[i] == '.'))
                i++;
            stmt_leaves++;
            continue;
        } else if (c == '(' || c == '[' || c == '{') {
            if (depth >= MAX_BRACKETS) {
                ps->fatal = true;
                return an_syntax_add(p, "too many nested parentheses",
                                  "split the expression into smaller parts assigned to variables",
                                  (uint32_t)i, (uint32_t)i + 1);
            }
            stack[depth] = (char)c;
            where[depth++] = (uint32_t)i;
        } else if (c == ')' || c == ']' || c == '}') {
            char want = c == ')' ? '(' : c == ']' ? '[' : '{';
            if (depth == 0) {
                if (!ps->have_msg) {
                    snprintf(ps->msg, sizeof ps->msg, "unmatched '%c'", c);
                    ps->hint = "remove this closing bracket or add the opening bracket it belongs to";
                    ps->at = (uint32_t)i;
                    ps->at_end = (uint32_t)i + 1;
                    ps->have_msg = true;
                }
            } else {
                if (stack[depth - 1] != want && !ps->have_msg) {
                    uint32_t l1, l2, col;
                    an_pos(p, where[depth - 1], &l1, &col);
                    an_pos(p, (uint32_t)i, &l2, &col);
                    if (l1 == l2)
                        snprintf(ps->msg, sizeof ps->msg,
                                 "closing parenthesis '%c' does not match opening parenthesis '%s'",
                                 c, closer_name(stack[depth - 1]));
                    else
                        snprintf(ps->msg, sizeof ps->msg,
                                 "closing parenthesis '%c' does not match opening parenthesis '%s' on line %u",
                                 c, closer_name(stack[depth - 1]), l1);
                    ps->hint = "close brackets in the reverse order of opening them: ( with ), [ with ], { with }";
                    ps->at = (uint32_t)i;
                    ps->at_end = (uint32_t)i + 1;
                    ps->have_msg = true;
                }
                depth--;
            }
        } else if (c == '\n') {
            leaves = 2; /* NEWLINE, and INDENT or DEDENT */
            if (depth == 0)
                indent_end(&in);
            if (depth == 0) {
                size_t next = i + 1;
                if (stmt_start(s, n, next, after_decorator)) {
                    /* the statement that just ended joins the batch, or starts a new one */
                    stmt_leaves += leaves;
                    bool big = stmt_leaves > MAX_BATCH_LEAVES;
                    if (big && (depth != 0 || !an_big_stmt_valid(p->src, stmt_at, next)))
                        return too_complex(p, ps, stmt_at);
                    if (batch_leaves > 0 && (big || batch_leaves + stmt_leaves > MAX_BATCH_LEAVES)) {
                        if (!batches_push(bt, (uint32_t)stmt_at))
                            return AN_ENOMEM;
                        batch_leaves = 0;
                    }
                    bt->proven[bt->n - 1] = big;
                    batch_leaves += stmt_leaves;
                    if (fine_leaves > 0 && fine_leaves + stmt_leaves > FINE_BATCH_LEAVES) {
                        if (!batches_push(fine, (uint32_t)stmt_at))
                            return AN_ENOMEM;
                        fine_leaves = 0;
                    }
                    fine_leaves += stmt_leaves;
                    *total += stmt_leaves;
                    stmt_leaves = 0;
                    stmt_at = next;
                    after_decorator = s[next] == '@';
                    i++;
                    continue;
                }
                /* the line after a decorator belongs to its statement; the
                 * statement ends as usual after that line (a def or class) */
                if (after_decorator && stmt_start(s, n, next, false))
                    after_decorator = s[next] == '@';
            }
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            leaves = 0;
        }
        stmt_leaves += leaves;
        i++;
    }
    if (stmt_leaves > MAX_BATCH_LEAVES && (depth != 0 || !an_big_stmt_valid(p->src, stmt_at, n)))
        return too_complex(p, ps, stmt_at);
    if (depth == 0) {
        indent_end(&in);
        if (in.pending) {
            /* at the end of input CPython points at the last NEWLINE */
            size_t at = n;
            if (n > 0 && s[n - 1] == '\n') {
                at = n - 1;
                while (at > 0 && s[at - 1] == '\r')
                    at--;
            }
            expected_block(p, ps, &in, at);
        }
    }
    if (batch_leaves > 0 && batch_leaves + stmt_leaves > MAX_BATCH_LEAVES && !batches_push(bt, (uint32_t)stmt_at))
        return AN_ENOMEM;
    bt->proven[bt->n - 1] = stmt_leaves > MAX_BATCH_LEAVES;
    if (fine_leaves > 0 && fine_leaves + stmt_leaves > FINE_BATCH_LEAVES && !batches_push(fine, (uint32_t)stmt_at))
        return AN_ENOMEM;
    *total += stmt_leaves;
    if (depth > 0 && !ps->have_msg) {
        snprintf(ps->msg, sizeof ps->msg, "'%s' was never closed", closer_name(stack[depth - 1]));
        ps->hint = stack[depth - 1] == '(' ? "add the missing ')'"
                   : stack[depth - 1] == '[' ? "add the missing ']'" : "add the missing '}'";
        ps->at = where[depth - 1];
        ps->at_end = ps->at + 1;
        ps->have_msg = true;
    }
    return AN_OK;
}
