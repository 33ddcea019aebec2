/* parse.c - parsing and the syntax stage.
 *
 * Before tree-sitter sees the source, a small lexer checks what tree-sitter
 * cannot survive: NUL bytes, invalid UTF-8, bracket nesting beyond CPython's
 * 200 levels, and top-level statements with more tokens than error recovery
 * can hold (tree-sitter 0.20.7 corrupts its heap when it wraps more than
 * 65535 tokens in one ERROR node).  After parsing, one iterative walk with a
 * depth cap finds ERROR/MISSING nodes and the Python 2 forms the grammar
 * accepts.
 *
 * The tree-sitter failure: an ERROR node with more than 65535 children.
 * No node has more children than the parse has tokens, so tree-sitter
 * only ever sees at most MAX_BATCH_LEAVES tokens (over-estimated by the
 * lexer) until the program is known to be error-free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "analyzer/an_int.h"

/* A program of fewer than PARALLEL_MIN_LEAVES tokens is parsed whole, on
 * the caller's thread (lint's batches: prescan.c). */
#define PARALLEL_MIN_LEAVES 16384
#define PARALLEL_MIN_BYTES 65536 /* the tokenizer runs beside the pre-lexer from here */
#define MAX_SOURCE 0x7fffffffu

static const char HINT_SYNTAX[] =
    "fix the syntax at this position; safepy accepts Python 3.11 syntax only";

/* --- positions ------------------------------------------------------------ */

void an_pos(const an_parse *p, uint32_t byte, uint32_t *line, uint32_t *col)
{
    if (byte > p->len)
        byte = (uint32_t)p->len;
    uint32_t lo = 0, hi = p->nlines; /* last start <= byte */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->line_starts[mid] <= byte)
            lo = mid;
        else
            hi = mid;
    }
    uint32_t c = 1;
    for (uint32_t i = p->line_starts[lo]; i < byte; i++)
        if (((unsigned char)p->src[i] & 0xC0) != 0x80)
            c++;
    *line = lo + 1;
    *col = c;
}

static an_status add_to(an_report *rep, const an_parse *p, const char *msg, const char *hint, uint32_t start,
                        uint32_t end)
{
    if (!hint)
        hint = HINT_SYNTAX;
    return an_report_add(rep, p, "syntax", AN_SEV_ERROR, msg, hint, "syntax error", start, end);
}

an_status an_syntax_add(an_parse *p, const char *msg, const char *hint, uint32_t start,
                            uint32_t end)
{
    return add_to(p->syntax, p, msg, hint, start, end);
}

TSPoint an_point_of(const an_parse *p, uint32_t byte)
{
    uint32_t lo = 0, hi = p->nlines;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (p->line_starts[mid] <= byte)
            lo = mid;
        else
            hi = mid;
    }
    return (TSPoint){lo, byte - p->line_starts[lo]};
}

/* End of the line holding `b` (exclusive, before '\n'). */
static uint32_t line_end(const an_parse *p, uint32_t b)
{
    while (b < p->len && p->src[b] != '\n')
        b++;
    return b;
}

/* --- byte-level checks ---------------------------------------------------------- */

/* Returns true when the source is fit for tree-sitter. */
static an_status check_bytes(an_parse *p, bool *fit)
{
    *fit = false;
    const char *nul = memchr(p->src, '\0', p->len);
    if (nul) {
        uint32_t at = (uint32_t)(nul - p->src);
        return an_syntax_add(p, "source code cannot contain null bytes",
                          "remove the NUL (\\0) bytes; write \"\\0\" inside a string literal if you need one",
                          at, at + 1);
    }
    size_t i = 0;
    while (i < p->len) {
        /* ASCII needs no decoding (a library call a byte: 8M instructions
         * for a 340 KB file), and eight bytes are tested at once */
        uint64_t w;
        if (i + 8 <= p->len && (memcpy(&w, p->src + i, 8), (w & 0x8080808080808080u) == 0)) {
            i += 8;
            continue;
        }
        if ((unsigned char)p->src[i] < 0x80) {
            i++;
            continue;
        }
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)p->src + i,
                                              (utf8proc_ssize_t)(p->len - i), &cp);
        if (k < 0) {
            uint32_t ln, col;
            an_pos(p, (uint32_t)i, &ln, &col);
            char msg[160];
            snprintf(msg, sizeof msg,
                     "invalid UTF-8: byte 0x%02x at offset %zu (line %u) is not part of a valid character",
                     (unsigned char)p->src[i], i, ln);
            return an_syntax_add(p, msg, "save the program as UTF-8 text", (uint32_t)i,
                              (uint32_t)i + 1);
        }
        i += (size_t)k;
    }
    *fit = true;
    return AN_OK;
}

/* --- tree walk ---------------------------------------------------------------------- */

typedef struct syms {
    TSSymbol print_st, exec_st, except_clause, ne_old, comma, expr_st, walrus;
} syms;

static TSSymbol sym(const TSLanguage *l, const char *name, bool named)
{
    (void)l;
    return an_symbol(name, strlen(name), named);
}

static bool starts_block_keyword(const an_parse *p, uint32_t b)
{
    static const char *const kw[] = {"if", "elif", "else", "while", "for", "def", "class",
                                     "with", "try", "except", "finally", "async", NULL};
    /* a header keyword begins its line: `for` and `else` in a
     * comprehension or a conditional expression are not headers */
    for (uint32_t j = b; j > 0 && p->src[j - 1] != '\n'; j--)
        if (p->src[j - 1] != ' ' && p->src[j - 1] != '\t' && p->src[j - 1] != '\f')
            return false;
    const char *s = p->src + b;
    size_t avail = p->len - b;
    for (size_t i = 0; kw[i]; i++) {
        size_t k = strlen(kw[i]);
        if (avail >= k && memcmp(s, kw[i], k) == 0 && (avail == k || !an_id_char((unsigned char)s[k])))
            return true;
    }
    return false;
}

/* Does the line (without comment and trailing blanks) end with ':'? */
static bool line_ends_colon(const an_parse *p, uint32_t b)
{
    uint32_t e = line_end(p, b);
    uint32_t ls = b;
    char last = 0;
    for (uint32_t i = ls; i < e; i++) {
        char c = p->src[i];
        if (c == '#')
            break;
        if (c != ' ' && c != '\t' && c != '\r')
            last = c;
    }
    return last == ':';
}

static an_status report_error_node(an_report *rep, const an_parse *p, TSNode node, const an_prescan *ps)
{
    uint32_t s = ts_node_start_byte(node), e = ts_node_end_byte(node);
    if (ps->have_msg)
        return add_to(rep, p, ps->msg, ps->hint, ps->at, ps->at_end);
    if (ts_node_is_missing(node)) {
        const char *t = ts_node_type(node);
        char msg[96];
        /* CPython names a missing token but not a missing name or
         * expression: those are plain "invalid syntax"; the hint says what
         * is missing */
        const char *hint = NULL;
        if (ts_node_is_named(node)) {
            snprintf(msg, sizeof msg, "invalid syntax");
            hint = strcmp(t, "identifier") == 0 ? "a name is expected here" : "an expression is expected here";
        } else if (strcmp(t, ":") == 0 && starts_block_keyword(p, s)) {
            snprintf(msg, sizeof msg, "expected ':'");
        } else {
            /* CPython names a missing token only where its grammar forces
             * one (a header's ':'); tree-sitter's guess elsewhere ("expected
             * 'in'" in `a not y`, ':' in a comprehension) is not its word */
            snprintf(msg, sizeof msg, "invalid syntax");
            hint = "a token is missing here";
        }
        return add_to(rep, p, msg, hint, s, s == e ? s + (s < p->len) : e);
    }
    if (e > line_end(p, s))
        e = line_end(p, s);
    if (e <= s)
        e = s + (s < p->len);
    if (starts_block_keyword(p, s) && !line_ends_colon(p, s))
        return add_to(rep, p, "expected ':'",
                          "end the header of if/elif/else/for/while/def/class/with/try/except/finally with ':'",
                          s, e);
    return add_to(rep, p, "invalid syntax", NULL, s, e);
}

/* `print >> f, x` is valid Python 3 (a shift and a tuple) that fails only
 * at run time; tree-sitter reads it as a Python 2 print statement. */
static bool print_chevron(TSNode node)
{
    uint32_t nc = ts_node_named_child_count(node);
    for (uint32_t i = 0; i < nc; i++)
        if (strcmp(ts_node_type(ts_node_named_child(node, i)), "chevron") == 0)
            return true;
    return false;
}

/* "print(1) print(2)" is a call followed by garbage, not Python 2. */
static bool print_called(const an_parse *p, uint32_t s)
{
    uint32_t i = s + 5;
    while (i < p->len && (p->src[i] == ' ' || p->src[i] == '\t'))
        i++;
    return i < p->len && p->src[i] == '(';
}

/* Adds what the tree shows to rep: its first ERROR or MISSING node, the
 * Python 2 forms, a walrus statement, nesting beyond AN_MAX_TREE_DEPTH. */
static an_status walk(const an_parse *p, const TSTree *tree, an_report *rep, const an_prescan *ps)
{
    const TSLanguage *lang = tree_sitter_python();
    syms y = {
        .print_st = sym(lang, "print_statement", true),
        .exec_st = sym(lang, "exec_statement", true),
        .except_clause = sym(lang, "except_clause", true),
        .ne_old = sym(lang, "<>", false),
        .comma = sym(lang, ",", false),
        .expr_st = sym(lang, "expression_statement", true),
        .walrus = sym(lang, "named_expression", true),
    };
    an_status st = AN_OK;
    bool error_seen = false;
    size_t ndiag = 0;
    /* depth counts a chain of one precedence level as one level
     * (an_chain_link); the cursor is deeper by the links it is in, links[d]
     * says whether the node at cursor depth d is one, parents[d] is its
     * parent */
    uint32_t depth = 0, cd = 0;
    const TSSymbol boolop = sym(lang, "boolean_operator", true), binop = sym(lang, "binary_operator", true);
    size_t lcap = 256;
    bool *links = calloc(lcap, sizeof *links);
    TSNode *parents = calloc(lcap, sizeof *parents);
    if (!links || !parents) {
        free(links);
        free(parents);
        return AN_ENOMEM;
    }
    bool first = false;
    TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree));
    for (;;) {
        TSNode node = ts_tree_cursor_current_node(&cur);
        TSSymbol k = ts_node_symbol(node);
        bool descend = true;
        uint32_t s = ts_node_start_byte(node), e = ts_node_end_byte(node);
        if (cd > 0 && (k == boolop || k == binop) && an_chain_link(node, parents[cd], first, boolop, binop)) {
            links[cd] = true;
            depth--;
        }
        first = false;
        if (depth > AN_MAX_TREE_DEPTH) {
            st = add_to(rep, p, "too many nested expressions or blocks",
                            "flatten the code: use intermediate variables and helper functions",
                            s, s + (s < p->len));
            break;
        }
        if (ndiag >= AN_MAX_SYNTAX_DIAGS)
            break;
        if (k == (TSSymbol)-1 || ts_node_is_missing(node)) {
            descend = false;
            if (!error_seen) {
                error_seen = true;
                st = report_error_node(rep, p, node, ps);
                ndiag++;
            }
        } else if (k == y.print_st && !print_chevron(node) && !print_called(p, s)) {
            st = add_to(rep, p, "Missing parentheses in call to 'print'. Did you mean print(...)?",
                            "print is a function in Python 3: write print(value)", s,
                            line_end(p, s) < e ? line_end(p, s) : e);
            ndiag++;
        } else if (k == y.exec_st) {
            st = add_to(rep, p, "Missing parentheses in call to 'exec'. Did you mean exec(...)?",
                            "exec is not available in safepy; write the code directly instead of executing a string",
                            s, line_end(p, s) < e ? line_end(p, s) : e);
            ndiag++;
        } else if (k == y.ne_old) {
            st = add_to(rep, p, "invalid syntax: '<>' is Python 2", "use '!=' to compare for inequality",
                            s, e);
            ndiag++;
        } else if (k == y.expr_st && ts_node_named_child_count(node) > 0 &&
                   ts_node_symbol(ts_node_named_child(node, 0)) == y.walrus) {
            /* CPython stops at the ':=' itself */
            TSNode w = ts_node_named_child(node, 0);
            uint32_t ws = s, we = s + (s < p->len);
            for (uint32_t i = 0; i < ts_node_child_count(w); i++) {
                TSNode ch = ts_node_child(w, i);
                if (!ts_node_is_named(ch)) {
                    ws = ts_node_start_byte(ch);
                    we = ts_node_end_byte(ch);
                    break;
                }
            }
            st = add_to(rep, p, "invalid syntax",
                            "an assignment expression needs parentheses here: write 'x = value' for an assignment, or '(x := value)' inside an expression",
                            ws, we);
            ndiag++;
        } else if (k == y.except_clause) {
            uint32_t nc = ts_node_child_count(node);
            for (uint32_t i = 0; i < nc; i++) {
                TSNode ch = ts_node_child(node, i);
                if (ts_node_symbol(ch) == y.comma) {
                    st = add_to(rep, p, "multiple exception types must be parenthesized",
                                    "write 'except E as e:' to name the exception, or 'except (E1, E2):' to catch several types",
                                    s, line_end(p, s) < e ? line_end(p, s) : e);
                    ndiag++;
                    break;
                }
            }
        }
        if (st != AN_OK)
            break;
        if (cd + 1 >= lcap) {
            bool *nl = realloc(links, 2 * lcap * sizeof *links);
            if (nl)
                links = nl;
            TSNode *np = nl ? realloc(parents, 2 * lcap * sizeof *parents) : NULL;
            if (!np) {
                st = AN_ENOMEM;
                break;
            }
            parents = np;
            lcap *= 2;
        }
        if (descend && ts_tree_cursor_goto_first_child(&cur)) {
            depth++;
            links[++cd] = false;
            parents[cd] = node;
            first = true;
            continue;
        }
        bool moved = false;
        while (!moved) {
            if (ts_tree_cursor_goto_next_sibling(&cur)) {
                if (links[cd])
                    depth++;
                links[cd] = false;
                moved = true;
            } else if (cd > 0 && ts_tree_cursor_goto_parent(&cur)) {
                depth -= !links[cd];
                cd--;
            } else {
                break;
            }
        }
        if (!moved)
            break;
    }
    free(links);
    free(parents);
    ts_tree_cursor_delete(&cur);
    if (st == AN_OK && !error_seen && ts_node_has_error(ts_tree_root_node(tree)))
        st = add_to(rep, p, "invalid syntax", NULL, 0, 0);
    return st;
}

/* Can walk() find anything in an error-free tree?  Only a Python 2 form
 * (print or exec without parentheses starting a statement, '<>', `except
 * A, e`), a walrus statement, or nesting deeper than AN_MAX_TREE_DEPTH,
 * which the tokens rule out: the walk costs as much as a third of the
 * parse, and ordinary programs have none of these.
 *
 * The depth bound: a block adds at most 4 levels (if_statement,
 * else_clause, block... / match_statement, block, case_clause, block) per
 * byte of indentation, and the nodes of a logical line at most 3 per token
 * (no rule of the grammar nests named nodes deeper than that per token it
 * consumes; an f-string's bytes are counted, for its interpolations; the
 * adversarial cases measured stay near 1 per token).  Inside brackets the
 * elements between commas are apart (no node holds a comma of its group
 * but the group's own node, a lambda's parameters, and a few that do not
 * nest: for_in_clause, expression_list), so an element costs its tokens
 * plus its costliest bracket group, and a group its costliest element. */
#define WALK_LEVELS 256

/* The same for the bytes [s0, s1) and their tokens [t0, t1), whole
 * logical lines: the question is one of each line, so lint's batches ask it
 * on their own (the walk of a batch finds nothing when its lines need
 * none). */
static bool walk_needed_in(const an_parse *p, const an_tokres *tr, uint32_t s0, uint32_t s1, size_t t0, size_t t1)
{
    /* the parser's copy has '<' for the '=' of f'{x:=^9}' (parse_new) */
    for (size_t k = 0; k < tr->nspec_eq; k++)
        if (tr->spec_eq[k] >= s0 && tr->spec_eq[k] < s1)
            return true;
    /* '<>' and ':=', by memchr: the bytes are read at a fraction of an
     * instruction each */
    static const char pairs[2][2] = {{'<', '>'}, {':', '='}};
    for (int k = 0; k < 2; k++)
        for (const char *q = p->src + s0, *end = p->src + (s1 < p->len ? s1 : p->len);
             q < end && (q = memchr(q, pairs[k][0], (size_t)(end - q))) != NULL; q++)
            if ((size_t)(q - p->src) + 1 < p->len && q[1] == pairs[k][1])
                return true;
    /* per open bracket level: the current element's own tokens, its
     * costliest group, the costliest finished element, open lambdas */
    _Static_assert(WALK_LEVELS > 200, "the pre-lexer allows 200 nested brackets");
    uint32_t acc[WALK_LEVELS], sub[WALK_LEVELS], best[WALK_LEVELS], lam[WALK_LEVELS];
    uint32_t ind = 0;
    int d = 0;
    bool line_start = true;
    for (size_t i = t0; i < t1; i++) {
        const an_tok *k = &tr->toks[i];
        if (k->kind == AN_TK_NEWLINE || k->kind == AN_TK_END) {
            if (!line_start &&
                (d != 0 || 4 * (uint64_t)ind + 3 * ((uint64_t)acc[0] + sub[0]) + 16 > AN_MAX_TREE_DEPTH))
                return true;
            line_start = true;
            continue;
        }
        if (line_start) {
            uint32_t b = k->s;
            while (b > 0 && p->src[b - 1] != '\n')
                b--;
            ind = k->s - b;
            line_start = false;
            d = 0;
            acc[0] = sub[0] = best[0] = lam[0] = 0;
        }
        size_t l = k->e - k->s;
        const char *t = p->src + k->s;
        if (k->kind == AN_TK_OP && l == 1 && (*t == '(' || *t == '[' || *t == '{')) {
            acc[d]++;
            if (++d >= WALK_LEVELS)
                return true;
            acc[d] = sub[d] = best[d] = lam[d] = 0;
            continue;
        }
        if (k->kind == AN_TK_OP && l == 1 && (*t == ')' || *t == ']' || *t == '}')) {
            if (d == 0)
                return true;
            uint32_t cost = acc[d] + sub[d] + 2;
            if (best[d] > cost)
                cost = best[d];
            d--;
            acc[d]++;
            if (cost > sub[d])
                sub[d] = cost;
            continue;
        }
        if (k->kind == AN_TK_OP && l == 1 && *t == ',' && d > 0 && lam[d] == 0) {
            uint32_t cost = acc[d] + sub[d] + 2;
            if (cost > best[d])
                best[d] = cost;
            acc[d] = sub[d] = 0;
            continue;
        }
        if (k->kind == AN_TK_OP && l == 1 && *t == ':' && lam[d] > 0)
            lam[d]--;
        if (k->kind == AN_TK_STRING) {
            /* interpolations nest only in f-strings */
            bool f = false;
            for (const char *q = t; q < t + l && *q != '"' && *q != '\''; q++)
                f |= *q == 'f' || *q == 'F';
            acc[d] += f ? 1 + (uint32_t)l : 1;
        } else {
            acc[d]++;
        }
        if (k->kind != AN_TK_NAME)
            continue;
        if (l == 6 && memcmp(t, "lambda", 6) == 0) {
            lam[d]++;
        } else if ((l == 5 && memcmp(t, "print", 5) == 0) || (l == 4 && memcmp(t, "exec", 4) == 0)) {
            /* a statement starts a logical line, or follows ';' or a header's ':' */
            const an_tok *pv = i > 0 ? &tr->toks[i - 1] : NULL;
            bool stmt = !pv || pv->kind == AN_TK_NEWLINE ||
                        (pv->kind == AN_TK_OP && pv->e - pv->s == 1 &&
                         (p->src[pv->s] == ';' || p->src[pv->s] == ':'));
            if (stmt && (i + 1 >= tr->n || tr->toks[i + 1].kind != AN_TK_OP || p->src[tr->toks[i + 1].s] != '('))
                return true;
        } else if (l == 6 && memcmp(t, "except", 6) == 0) {
            /* a comma outside brackets before the header's ':' */
            int depth = 0;
            bool colon = false;
            for (size_t j = i + 1; !colon && j < tr->n && tr->toks[j].kind != AN_TK_NEWLINE &&
                                   tr->toks[j].kind != AN_TK_END; j++) {
                if (tr->toks[j].kind != AN_TK_OP)
                    continue;
                char c = p->src[tr->toks[j].s];
                if (c == '(' || c == '[' || c == '{')
                    depth++;
                else if (c == ')' || c == ']' || c == '}')
                    depth--;
                else if (depth <= 0 && c == ',')
                    return true;
                else if (depth <= 0 && c == ':')
                    colon = true;
            }
            if (!colon)
                return true;
        }
    }
    return !line_start;
}

static bool walk_needed(const an_parse *p, const an_tokres *tr)
{
    return walk_needed_in(p, tr, 0, (uint32_t)p->len, 0, tr->n);
}

/* Drops the diagnostics found so far for one that CPython reports first. */
static an_status replace_syntax(an_parse *p, const char *msg, const char *hint, uint32_t start,
                                uint32_t end)
{
    an_report *r = an_report_new();
    if (!r)
        return AN_ENOMEM;
    an_report_free(p->syntax);
    p->syntax = r;
    return an_syntax_add(p, msg, hint, start, end);
}

/* --- lint of a big program: batches on worker threads --------------------------------- */

static char *rename_calls(const an_parse *p, const an_tokres *tr, const char *base, bool *owned);

/* What the parser reads, from the tokens: the source with the gaps
 * blanked, the '=' of f-string format specs and a `type` that is not a
 * type alias respelled (*tsrc NULL when nothing changes), and for lint's
 * batches also print( and exec( (*rsrc; see rename_calls). */
static an_status parser_copy(const an_parse *p, const an_tokres *tr, bool lint, uint32_t **gaps,
                             size_t *ngaps, char **tsrc, char **rsrc)
{
    size_t len = p->len;
    /* `type` is a plain name in 3.11, but the grammar reads a statement
     * starting `type(a).n = 5` as a 3.12 type alias: the parser is
     * given another name of the same length wherever `type` is not
     * followed by a name (the node's text is still read from the
     * source). */
    size_t ntype = 0;
    for (size_t i = 0; i + 1 < tr->n; i++)
        if (tr->toks[i].kind == AN_TK_NAME && tr->toks[i].e - tr->toks[i].s == 4 &&
            memcmp(p->src + tr->toks[i].s, "type", 4) == 0 && tr->toks[i + 1].kind != AN_TK_NAME)
            ntype++;
    an_status st = an_gaps_find(p, tr, gaps, ngaps);
    if (st != AN_OK)
        return st;
    if (tr->nspec_eq || ntype || *ngaps) {
        if (!(*tsrc = malloc(len + 1)))
            return AN_ENOMEM;
        memcpy(*tsrc, p->src, len + 1);
        for (size_t i = 0; i < tr->nspec_eq; i++)
            (*tsrc)[tr->spec_eq[i]] = '<';
        for (size_t i = 0; ntype && i + 1 < tr->n; i++)
            if (tr->toks[i].kind == AN_TK_NAME && tr->toks[i].e - tr->toks[i].s == 4 &&
                memcmp(p->src + tr->toks[i].s, "type", 4) == 0 && tr->toks[i + 1].kind != AN_TK_NAME)
                (*tsrc)[tr->toks[i].s + 1] = 'Y';
        an_gaps_blank(*tsrc, *gaps, *ngaps);
    }
    bool owned;
    if (lint && (*rsrc = rename_calls(p, tr, *tsrc ? *tsrc : p->src, &owned)) == NULL && owned)
        return AN_ENOMEM;
    return AN_OK;
}

typedef struct prejob {
    an_parse *p;
    an_prescan *ps;
    an_batches *bt, *fine;
    size_t *total;
    an_tokres *tr;
    bool lint;         /* the program may be parsed in batches on threads */
    uint32_t *gaps;    /* parser_copy's, made after the tokens */
    size_t ngaps;
    char *tsrc, *rsrc;
    an_status st[3];   /* tokenizer, pre-lexer, parser_copy */
} prejob;

/* The pre-lexer beside the tokenizer, which goes on with what the parser
 * will read (unless the tokens say it will not parse). */
static void pre_task(void *ctx, size_t task, unsigned worker)
{
    prejob *j = ctx;
    (void)worker;
    if (task == 1) {
        j->st[1] = an_prescan_run(j->p, j->ps, j->bt, j->fine, j->total);
        return;
    }
    if ((j->st[0] = an_tokenize(j->p, j->tr)) == AN_OK && !j->tr->have_err && !j->tr->spec_eq_oom)
        j->st[2] = parser_copy(j->p, j->tr, j->lint, &j->gaps, &j->ngaps, &j->tsrc, &j->rsrc);
}

/* What one batch's task leaves: its tree, what walk() found in it, and the
 * tree made flat when it is clean. */
typedef struct ppart {
    TSTree *tree;
    an_report *rep;
    an_flat flat;
    an_status st;
} ppart;

typedef struct pjob {
    const an_parse *p;
    const an_prescan *ps;
    const an_tokres *tr;
    const an_batches *fine;
    const char *tsrc;      /* what the parser reads */
    const uint32_t *gaps;
    size_t ngaps;
    ppart *parts;
    TSParser *parsers[AN_MAX_THREADS]; /* one a worker, made on its first batch */
    an_diagnosis dgn;      /* an_diagnose, the first task */
    bool drop_trees;       /* free a tree once flat (parse_new's drop_trees) */
} pjob;

/* The first token at or after byte b. */
static size_t tok_at(const an_tokres *tr, uint32_t b)
{
    size_t lo = 0, hi = tr->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tr->toks[mid].s < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void parse_task(void *ctx, size_t task, unsigned worker)
{
    pjob *j = ctx;
    const an_parse *p = j->p;
    if (task == 0) {
        /* the token checks need no tree: they run beside the parses */
        an_diagnose(p, j->tr, &j->dgn);
        return;
    }
    size_t b = task - 1;
    ppart *pt = &j->parts[b];
    TSRange *ranges = NULL;
    pt->st = AN_ENOMEM;
    TSParser *parser = j->parsers[worker];
    if (!parser) {
        parser = ts_parser_new();
        if (!parser)
            return;
        j->parsers[worker] = parser;
        if (!ts_parser_set_language(parser, tree_sitter_python()))
            return;
    }
    uint32_t s0 = j->fine->start[b], s1 = b + 1 < j->fine->n ? j->fine->start[b + 1] : (uint32_t)p->len;
    TSRange range = {an_point_of(p, s0), an_point_of(p, s1), s0, s1};
    uint32_t nranges = 1;
    if (j->ngaps && !an_gaps_ranges(p, j->gaps, j->ngaps, s0, s1, &ranges, &nranges))
        return;
    if (ts_parser_set_included_ranges(parser, ranges ? ranges : &range, nranges))
        pt->tree = ts_parser_parse_string(parser, NULL, j->tsrc, (uint32_t)p->len);
    free(ranges);
    if (!pt->tree)
        return;
    bool last = b + 1 == j->fine->n;
    if (ts_node_has_error(ts_tree_root_node(pt->tree)) ||
        walk_needed_in(p, j->tr, s0, s1, tok_at(j->tr, s0), last ? j->tr->n : tok_at(j->tr, s1))) {
        if (!(pt->rep = an_report_new()))
            return;
        if ((pt->st = walk(p, pt->tree, pt->rep, j->ps)) != AN_OK || an_report_count(pt->rep) > 0)
            return;
    }
    pt->st = an_flat_build(ts_tree_root_node(pt->tree), &pt->flat);
    if (pt->st == AN_EINVAL) /* too deep (cannot be): left to the usual parse, whose walk() says so */
        pt->st = AN_OK;
    if (j->drop_trees && pt->flat.v) {
        /* Freed now, the next batch's parse on this thread reuses the
         * memory: kept, the trees of a 10,000-line file touch 20 MB more,
         * and a page fault costs as much as the parse of a line. */
        ts_tree_delete(pt->tree);
        pt->tree = NULL;
    }
}

/* The grammar still has Python 2's print and exec statements, so at every
 * `print(` tree-sitter forks its parse (statement or call) and carries both
 * until one fails: a fifth of the parse time of ordinary code.  Lint's
 * batches are parsed from a copy where such a name is spelled `pRint` /
 * `eXec`, which only a call can take; the tree is the same wherever the call
 * reading parses, and a batch that does not parse cleanly sends the whole
 * program back to the usual parse of the unchanged text.  Node texts come
 * from the source, never from this copy.  NULL when nothing is renamed
 * (*owned false), else a copy of base (*owned true; NULL and *owned true
 * when out of memory). */
static char *rename_calls(const an_parse *p, const an_tokres *tr, const char *base, bool *owned)
{
    char *c = NULL;
    *owned = false;
    for (size_t i = 0; i + 1 < tr->n; i++) {
        const an_tok *k = &tr->toks[i], *nx = &tr->toks[i + 1];
        size_t l = k->e - k->s;
        if (k->kind != AN_TK_NAME || nx->kind != AN_TK_OP || p->src[nx->s] != '(' ||
            !((l == 5 && memcmp(p->src + k->s, "print", 5) == 0) || (l == 4 && memcmp(p->src + k->s, "exec", 4) == 0)))
            continue;
        if (!*owned) {
            *owned = true;
            if (!(c = malloc(p->len + 1)))
                return NULL;
            memcpy(c, base, p->len + 1);
        }
        c[k->s + 1] = l == 5 ? 'R' : 'X';
    }
    return c;
}

/* Parses the batches of `fine` on p->threads threads and runs an_diagnose
 * beside them; walk() looks at a batch whose tree has an error or whose
 * lines need it (walk_needed_in).  When every batch is clean (no error
 * node, nothing walk() reports, flat arrays made), their trees become
 * p->parts and *clean is set; otherwise the trees are dropped and the
 * caller parses as it always did (the batches that bound the parser's
 * input, then the whole), so that a syntax error is reported from the same
 * trees whatever the number of threads. */
static an_status parse_parallel(an_parse *p, const an_prescan *ps, const an_tokres *tr, const an_batches *fine,
                                const char *tsrc, const uint32_t *gaps, size_t ngaps, bool drop_trees,
                                an_diagnosis *dgn, bool *clean)
{
    an_status st = AN_ENOMEM;
    *clean = false;
    pjob j = {.p = p, .ps = ps, .tr = tr, .fine = fine, .tsrc = tsrc, .gaps = gaps, .ngaps = ngaps,
              .drop_trees = drop_trees};
    j.parts = calloc(fine->n, sizeof *j.parts);
    if (!j.parts)
        return AN_ENOMEM;
    an_tasks_run(p->threads, fine->n + 1, parse_task, &j);
    *dgn = j.dgn;
    bool ok = true;
    st = AN_OK;
    for (size_t b = 0; b < fine->n; b++) {
        if (j.parts[b].st != AN_OK)
            st = j.parts[b].st;
        ok &= j.parts[b].st == AN_OK && an_report_count(j.parts[b].rep) == 0;
    }
    for (size_t b = 0; b < fine->n; b++)
        ok &= j.parts[b].flat.v != NULL;
    if (st == AN_OK && ok) {
        p->parts = malloc(fine->n * sizeof *p->parts);
        p->flat = malloc(fine->n * sizeof *p->flat);
        if (!p->parts || !p->flat) {
            free(p->parts);
            free(p->flat);
            p->parts = NULL;
            p->flat = NULL;
            st = AN_ENOMEM;
        }
    }
    for (size_t b = 0; b < fine->n; b++) {
        if (st == AN_OK && ok) {
            p->parts[p->nparts++] = j.parts[b].tree; /* NULL when dropped */
            p->flat[p->nflat++] = j.parts[b].flat;
        } else {
            if (j.parts[b].tree)
                ts_tree_delete(j.parts[b].tree);
            an_flat_clear(&j.parts[b].flat);
        }
        an_report_free(j.parts[b].rep);
    }
    for (unsigned w = 0; w < AN_MAX_THREADS; w++)
        if (j.parsers[w])
            ts_parser_delete(j.parsers[w]);
    free(j.parts);
    *clean = st == AN_OK && ok;
    return st;
}

/* Can an expression start with the token at byte b? */
static bool starts_expression(const an_parse *p, const an_tokres *tr, uint32_t b)
{
    size_t i = tok_at(tr, b);
    if (i >= tr->n || tr->toks[i].s != b)
        return false;
    const an_tok *k = &tr->toks[i];
    const char *t = p->src + k->s;
    size_t l = k->e - k->s;
    if (k->kind == AN_TK_NUMBER || k->kind == AN_TK_STRING)
        return true;
    if (k->kind == AN_TK_NAME) {
        /* keywords that continue an expression or start a statement */
        static const char *const infix[] = {"and",    "or",     "in",     "is",    "if",       "else",   "for",
                                            "as",     "from",   "import", "def",   "class",    "return", "del",
                                            "pass",   "global", "nonlocal", "assert", "raise", "with",  "while",
                                            "try",    "except", "finally", "elif", "break",    "continue", NULL};
        for (size_t j = 0; infix[j]; j++)
            if (l == strlen(infix[j]) && memcmp(t, infix[j], l) == 0)
                return false;
        return true;
    }
    if (k->kind != AN_TK_OP || l == 0)
        return false;
    return (l == 1 && strchr("([{-+~*", t[0]) != NULL) || (l == 3 && memcmp(t, "...", 3) == 0) ||
           (l == 2 && memcmp(t, "**", 2) == 0);
}

/* --- public ---------------------------------------------------------------------------- */

static an_status parse_new(const char *src, size_t len, const char *filename, int depth, bool for_analysis,
                           bool drop_trees, unsigned threads, an_parse **out);
static an_status build_flat(an_parse *p);

/* f-strings nest at most four deep in 3.11 (one quote kind each level);
 * deeper sub-parses are not attempted */
#define MAX_FSTRING_DEPTH 4

/* Does a clean tree still hide an f-string expression CPython refuses?
 * tree-sitter accepts f'{*a}' and reads f'{lambda x: 1}' whole; cheap
 * textual filters keep sub-parses off ordinary f-strings. */
static bool fexpr_suspect(const an_parse *p, uint32_t s, uint32_t e)
{
    while (s < e && (p->src[s] == ' ' || p->src[s] == '\t' || p->src[s] == '\n'))
        s++;
    if (s < e && p->src[s] == '*')
        return true;
    return e - s >= 6 && memmem(p->src + s, e - s, "lambda", 6) != NULL;
}

/* CPython 3.11 compiles each f-string expression on its own, as the text
 * "(expr)", and prefixes the error with "f-string: "; its column counts
 * in that text (the parenthesis is column 1), its line is the line of the
 * expression.  When the error safepy found lies inside an f-string, or a
 * clean program has a suspect expression, the expressions of the string
 * are checked that way, first error wins. */
static an_status fstring_subcheck(an_parse *p, const an_tokres *tr, int depth)
{
    if (!tr->nfx || depth >= MAX_FSTRING_DEPTH)
        return AN_OK;
    const an_diag *first = an_report_count(p->syntax) ? an_report_get(p->syntax, 0) : NULL;
    /* the parser has compiled every f-string before the error, and the
     * one holding it */
    uint32_t hi = first ? first->start_byte : 0;
    for (size_t i = 0; first && i < tr->n; i++)
        if (tr->toks[i].kind == AN_TK_STRING && tr->toks[i].s <= first->start_byte &&
            first->start_byte < tr->toks[i].e) {
            hi = tr->toks[i].e;
            break;
        }
    for (size_t k = 0; k + 1 < tr->nfx; k += 2) {
        uint32_t fs = tr->fx[k], fe = tr->fx[k + 1];
        if (first ? fe > hi : !fexpr_suspect(p, fs, fe))
            continue;
        size_t n = fe - fs;
        char *buf = malloc(n + 3);
        if (!buf)
            return AN_ENOMEM;
        buf[0] = '(';
        memcpy(buf + 1, p->src + fs, n);
        buf[n + 1] = ')';
        buf[n + 2] = '\0';
        an_parse *sub = NULL;
        an_status st = parse_new(buf, n + 2, p->filename, depth + 1, false, false, 1, &sub);
        free(buf);
        if (st != AN_OK)
            return st;
        const an_diag *sd = an_report_count(sub->syntax) ? an_report_get(sub->syntax, 0) : NULL;
        if (sd) {
            char msg[256];
            snprintf(msg, sizeof msg, "%s%s", strncmp(sd->message, "f-string", 8) == 0 ? "" : "f-string: ",
                     sd->message);
            /* the caret goes where the error is in this file */
            uint32_t at = fs + (sd->start_byte > 0 ? sd->start_byte - 1 : 0);
            uint32_t at_end = fs + (sd->end_byte > 0 ? sd->end_byte - 1 : 0);
            if (at > fe)
                at = fe;
            if (at_end > fe + 1)
                at_end = fe + 1;
            uint32_t line0, col0, line, col, eline, ecol;
            an_pos(p, fs, &line0, &col0);
            line = line0 + sd->line - 1;
            col = sd->col;
            eline = line0 + sd->end_line - 1;
            ecol = sd->end_col;
            st = replace_syntax(p, msg, sd->hint, at, at_end > at ? at_end : at + 1);
            an_parse_free(sub);
            if (st != AN_OK)
                return st;
            an_item *it = &p->syntax->items[0];
            it->d.line = line;
            it->d.col = col;
            it->d.end_line = eline;
            it->d.end_col = ecol;
            return AN_OK;
        }
        an_parse_free(sub);
    }
    return AN_OK;
}

/* CPython's IndentationErrors carry offsets of their own, which
 * SyntaxError.offset shows: "unexpected indent" at the indentation width,
 * "expected an indented block" at 0 for a line at column 0, "unindent does
 * not match" one past the end of the line (the tokenizer has read it), a
 * tab/space mix at 1.  The caret stays where the line starts. */
static void indentation_offsets(an_parse *p)
{
    if (an_report_count(p->syntax) == 0)
        return;
    an_diag *d = &p->syntax->items[0].d;
    if (d->line == 0 || d->line > p->nlines)
        return;
    uint32_t ls = p->line_starts[d->line - 1], le = ls;
    while (le < p->len && p->src[le] != '\n')
        le++;
    if (strcmp(d->message, "unexpected indent") == 0 && d->col > 1) {
        d->col -= 1;
    } else if (strcmp(d->message, "unexpected unindent") == 0 && d->col > 0) {
        d->col -= 1; /* the indentation's width: 0 at the left margin */
    } else if (strncmp(d->message, "expected an indented block", 26) == 0) {
        /* at a DEDENT (the line is left of its header): offset 0 */
        const char *on = strstr(d->message, "on line ");
        unsigned long hl = on ? strtoul(on + 8, NULL, 10) : 0;
        if (hl == 0 || hl > p->nlines || hl == d->line)
            return;
        uint32_t hs = p->line_starts[hl - 1], hi = 0, li = 0;
        while (hs + hi < p->len && (p->src[hs + hi] == ' ' || p->src[hs + hi] == '\t'))
            hi++;
        while (ls + li < le && (p->src[ls + li] == ' ' || p->src[ls + li] == '\t'))
            li++;
        if (li >= hi)
            return;
        d->col = 0;
    } else if (strcmp(d->message, "unindent does not match any outer indentation level") == 0) {
        uint32_t cps = 0;
        for (uint32_t i = ls; i < le; i++)
            cps += ((unsigned char)p->src[i] & 0xC0) != 0x80;
        d->col = cps + 1;
    } else if (strcmp(d->message, "inconsistent use of tabs and spaces in indentation") == 0) {
        d->col = 1;
    } else {
        return;
    }
    d->end_line = d->line;
    d->end_col = d->col + 1;
}

an_status an_parse_new(const char *src, size_t len, const char *filename, an_parse **out)
{
    return parse_new(src, len, filename, 0, false, false, 1, out);
}

an_status an_parse_new_for_analysis(const char *src, size_t len, const char *filename, unsigned threads,
                                    const an_rules *rules, an_parse **out)
{
    return parse_new(src, len, filename, 0, true, rules && !an_rules_need_trees(rules), an_threads_resolve(threads),
                     out);
}

static void free_parts(an_parse *p)
{
    for (size_t i = 0; i < p->nparts; i++)
        if (p->parts[i])
            ts_tree_delete(p->parts[i]);
    free(p->parts);
    p->parts = NULL;
    p->nparts = 0;
}

size_t an_parse_nroots(const an_parse *p)
{
    return p->parts ? p->nparts : p->tree ? 1 : 0;
}

bool an_parse_has_trees(const an_parse *p)
{
    return p->parts ? p->nparts > 0 && p->parts[0] : p->tree != NULL;
}

TSNode an_parse_root(const an_parse *p, size_t i)
{
    return ts_tree_root_node(p->parts ? p->parts[i] : p->tree);
}

static an_status parse_new(const char *src, size_t len, const char *filename, int depth, bool for_analysis,
                           bool drop_trees, unsigned threads, an_parse **out)
{
    an_status st = AN_ENOMEM;
    TSParser *parser = NULL;
    an_batches bt = {0}, fine = {0};
    size_t total_leaves = 0;
    an_diagnosis dgn;
    bool have_dgn = false; /* an_diagnose ran beside the parses */
    an_tokres tr;
    an_prescan ps;
    char *tsrc = NULL; /* what tree-sitter parses, when it differs from the source */
    char *rsrc = NULL; /* lint's batches: tsrc with print( and exec( respelled */
    uint32_t *gaps = NULL; /* an_gaps_find (parse_gaps.c) */
    size_t ngaps = 0;
    TSRange *ranges = NULL;
    memset(&tr, 0, sizeof tr);
    memset(&ps, 0, sizeof ps);
    *out = NULL;
    if (!src && len)
        return AN_EINVAL;
    an_parse *p = calloc(1, sizeof *p);
    if (!p)
        return AN_ENOMEM;
    p->threads = threads;
    bool too_big = len > MAX_SOURCE;
    if (too_big)
        len = 0;
    p->src = malloc(len + 1);
    p->filename = an_strdup(filename ? filename : "<input>");
    p->syntax = an_report_new();
    if (!p->src || !p->filename || !p->syntax)
        goto fail;
    /* CPython's tokenizer translates \r\n and lone \r line ends to \n
     * (string literals spanning lines hold \n, a CR-only file has lines);
     * positions in diagnostics and the tree are in the translated text,
     * which callers run (an_parse_source) */
    size_t o = 0;
    const char *cr = len ? memchr(src, '\r', len) : NULL;
    if (!cr) {
        /* most files have none: memchr and memcpy read a byte in a
         * fraction of an instruction, this loop in several */
        if (len)
            memcpy(p->src, src, len);
        o = len;
    }
    for (size_t i = 0; cr && i < len; i++) {
        if (src[i] == '\r') {
            p->src[o++] = '\n';
            i += i + 1 < len && src[i + 1] == '\n';
        } else {
            p->src[o++] = src[i];
        }
    }
    len = o;
    p->src[len] = '\0';
    p->len = len;
    size_t nl = 1;
    for (const char *q = p->src, *end = p->src + len; (q = memchr(q, '\n', (size_t)(end - q))) != NULL; q++)
        nl++;
    p->line_starts = malloc(nl * sizeof *p->line_starts);
    if (!p->line_starts)
        goto fail;
    p->nlines = 0;
    p->line_starts[p->nlines++] = 0;
    for (const char *q = p->src, *end = p->src + len; (q = memchr(q, '\n', (size_t)(end - q))) != NULL; q++)
        p->line_starts[p->nlines++] = (uint32_t)(q - p->src + 1);
    if (too_big) {
        st = an_syntax_add(p, "source too large", "write a program shorter than 2 GiB", 0, 0);
        if (st != AN_OK)
            goto fail;
        *out = p;
        return AN_OK;
    }
    bool fit;
    st = check_bytes(p, &fit);
    if (st != AN_OK)
        goto fail;
    if (fit) {
        memset(&ps, 0, sizeof ps);
        /* the pre-lexer and the tokenizer read the source on their own:
         * lint runs them side by side on a big program */
        prejob pj = {.p = p, .ps = &ps, .bt = &bt, .fine = &fine, .total = &total_leaves, .tr = &tr,
                     .lint = for_analysis && len >= PARALLEL_MIN_BYTES};
        an_tasks_run(for_analysis && len >= PARALLEL_MIN_BYTES ? p->threads : 1, 2, pre_task, &pj);
        tsrc = pj.tsrc;
        rsrc = pj.rsrc;
        gaps = pj.gaps;
        ngaps = pj.ngaps;
        if ((st = pj.st[1]) != AN_OK || (st = pj.st[0]) != AN_OK)
            goto fail;
        if (tr.have_err) {
            /* CPython reports a tokenizer error wherever it is, unless the
             * parser stopped earlier at an unexpected indent, or an earlier
             * indentation error stopped the tokenizer (ps.fatal is set then) */
            const an_diag *first = an_report_count(p->syntax) ? an_report_get(p->syntax, 0) : NULL;
            if (!(ps.fatal && first && first->start_byte < tr.at)) {
                bool at_indent = ps.have_ind && strcmp(ps.ind_msg, "unexpected indent") == 0 && ps.ind_at < tr.at &&
                                 !ps.ind_after_header;
                st = replace_syntax(p, at_indent ? ps.ind_msg : tr.msg, at_indent ? ps.ind_hint : tr.hint,
                                    at_indent ? ps.ind_at : tr.at,
                                    at_indent ? ps.ind_at + (ps.ind_at < len) : tr.at_end);
                if (st != AN_OK)
                    goto fail;
                ps.fatal = true;
            } else if (!(ps.have_ind && ps.ind_after_header)) {
                ps.fatal = true;
            } else {
                /* the header's own error comes first, and the tokenizer,
                 * stopped at the indentation error, never reaches this one:
                 * the diagnosis below decides, as with no tokenizer error */
                tr.have_err = false;
            }
        }
        if (tr.spec_eq_oom) {
            st = AN_ENOMEM;
            goto fail;
        }
        if (ps.fatal) {
            /* made beside the tokenizer in case the parse needs them */
            free(tsrc);
            free(rsrc);
            free(gaps);
            tsrc = rsrc = NULL;
            gaps = NULL;
            ngaps = 0;
        } else if ((st = pj.st[2]) != AN_OK) {
            goto fail;
        }
        if (!ps.fatal) {
            st = AN_ENOMEM;
            /* lint of a big program: batches on worker threads; unless
             * they are all clean, the program is parsed as below */
            bool done = false;
            if (for_analysis && fine.n > 1 && total_leaves >= PARALLEL_MIN_LEAVES) {
                st = parse_parallel(p, &ps, &tr, &fine, rsrc ? rsrc : tsrc ? tsrc : p->src, gaps, ngaps,
                                    drop_trees, &dgn, &done);
                if (st != AN_OK)
                    goto fail;
                have_dgn = true;
                st = AN_ENOMEM;
            }
            bool need_walk = !done && walk_needed(p, &tr);
            if (!done && (!(parser = ts_parser_new()) || !ts_parser_set_language(parser, tree_sitter_python())))
                goto fail;
            /* A big program is first parsed batch by batch: tree-sitter
             * may only see the whole once it is known to be error-free.
             * For analysis only, the batches' trees are kept and the whole
             * is never parsed (each batch is whole top-level statements, so
             * its tree is that part of the whole's). */
            if (!done && bt.n > 1 && for_analysis && !(p->parts = calloc(bt.n, sizeof *p->parts)))
                goto fail;
            for (size_t b = 0; !done && bt.n > 1 && b < bt.n && an_report_count(p->syntax) == 0; b++) {
                if (!p->parts && bt.proven[b])
                    continue; /* the whole program's parse is its only one */
                uint32_t s0 = bt.start[b], s1 = b + 1 < bt.n ? bt.start[b + 1] : (uint32_t)len;
                TSRange range = {an_point_of(p, s0), an_point_of(p, s1), s0, s1};
                uint32_t nranges = 1;
                free(ranges);
                ranges = NULL;
                if (ngaps && !an_gaps_ranges(p, gaps, ngaps, s0, s1, &ranges, &nranges))
                    goto fail;
                if (!ts_parser_set_included_ranges(parser, ranges ? ranges : &range, nranges))
                    goto fail;
                p->tree = ts_parser_parse_string(parser, NULL, tsrc ? tsrc : p->src, (uint32_t)len);
                if (!p->tree)
                    goto fail;
                st = need_walk || ts_node_has_error(ts_tree_root_node(p->tree)) ? walk(p, p->tree, p->syntax, &ps) : AN_OK;
                if (p->parts)
                    p->parts[p->nparts++] = p->tree;
                else
                    ts_tree_delete(p->tree);
                p->tree = NULL;
                if (st != AN_OK)
                    goto fail;
                st = AN_ENOMEM;
            }
            if (p->parts && an_report_count(p->syntax) > 0)
                free_parts(p); /* as for a whole program with errors: no tree */
            if (an_report_count(p->syntax) == 0 && !p->parts) {
                uint32_t nranges = 0;
                free(ranges);
                ranges = NULL;
                if (ngaps && !an_gaps_ranges(p, gaps, ngaps, 0, (uint32_t)len, &ranges, &nranges))
                    goto fail;
                if (!ts_parser_set_included_ranges(parser, ranges, nranges))
                    goto fail;
                p->tree = ts_parser_parse_string(parser, NULL, tsrc ? tsrc : p->src, (uint32_t)len);
                if (!p->tree)
                    goto fail;
                st = need_walk || ts_node_has_error(ts_tree_root_node(p->tree)) ? walk(p, p->tree, p->syntax, &ps) : AN_OK;
                if (st != AN_OK)
                    goto fail;
            }
            /* the indentation errors are exact, tree-sitter's error
             * positions are not: only an unclosed bracket before it wins */
            const an_diag *tsd = an_report_count(p->syntax) ? an_report_get(p->syntax, 0) : NULL;
            size_t ml = tsd ? strlen(tsd->message) : 0;
            bool never_closed = tsd && ml > 16 && strcmp(tsd->message + ml - 16, "was never closed") == 0;
            if (ps.have_ind && (!tsd || !never_closed || tsd->start_byte > ps.ind_at)) {
                st = AN_ENOMEM;
                an_report *r = an_report_new();
                if (!r)
                    goto fail;
                an_report_free(p->syntax);
                p->syntax = r;
                st = an_syntax_add(p, ps.ind_msg, ps.ind_hint, ps.ind_at,
                                ps.ind_at + (ps.ind_at < len));
                if (st != AN_OK)
                    goto fail;
            }
        }
    }
    if (!tr.have_err && tr.toks) {
        if (!have_dgn)
            an_diagnose(p, &tr, &dgn);
        /* the specific message, unless the parser fails on an earlier line */
        uint32_t sl = 0, gl = 0, c0;
        if (dgn.found)
            an_pos(p, dgn.at, &sl, &c0);
        if (dgn.have_generic)
            an_pos(p, dgn.generic_at, &gl, &c0);
        /* CPython's parser stops at a ':' that no rule takes there (`range(1,
         * 13:`, `class A(B:`), and none of its invalid_* rules consumes one
         * in call arguments or a list: a specific message read across that
         * ':' (a keyword argument or a missing comma on the next line of
         * the unclosed bracket) is not CPython's, nor is one that starts
         * there and runs past it, or starts past it (a message on the ':'
         * itself, `def f:`, stands) */
        bool across_colon = dgn.found && dgn.have_generic && dgn.generic_at < len &&
                            ((p->src[dgn.generic_at] == ':' &&
                              (dgn.generic_at + 1 >= len || p->src[dgn.generic_at + 1] != '=')) ||
                             p->src[dgn.generic_at] == ';') && /* no rule reads a ';' in brackets */
                            (dgn.at < dgn.generic_at ? dgn.generic_at < dgn.reach
                                                     : dgn.at > dgn.generic_at || dgn.at_end > dgn.generic_at + 1);
        /* the same for a missing comma between two expressions: the
         * parser's stop is the second one's first token, so a stop at a
         * token no expression starts with (`cells[(x, y) = ch`, `job[1 -=
         * run`, `f( ^ 1` with the next lines in the open bracket) is not
         * one */
        /* and any check that reads on from an operator no expression
         * starts with where the parser wanted one (`d.weekday( >= 5` read
         * as a generator's element with the next lines) */
        across_colon = across_colon || (dgn.found && dgn.have_generic && dgn.at == dgn.generic_at &&
                                        dgn.at_end > dgn.generic_at + 1 && dgn.generic_at < len &&
                                        strchr("<>=!/%@|&^", p->src[dgn.generic_at]) != NULL &&
                                        !starts_expression(p, &tr, dgn.generic_at));
        bool across_stop = dgn.found && dgn.have_generic && dgn.at <= dgn.generic_at && dgn.generic_at < dgn.reach &&
                           strcmp(dgn.msg, "invalid syntax. Perhaps you forgot a comma?") == 0 &&
                           !starts_expression(p, &tr, dgn.generic_at);
        /* and a missing comma that starts past the stop: the parser never
         * got there */
        bool past_stop = dgn.found && dgn.have_generic && dgn.generic_at < dgn.at &&
                         strcmp(dgn.msg, "invalid syntax. Perhaps you forgot a comma?") == 0;
        bool generic = dgn.have_generic && (!dgn.found || gl < sl || across_colon || across_stop || past_stop);
        if (generic) {
            snprintf(dgn.msg, sizeof dgn.msg, "invalid syntax");
            dgn.hint = len - dgn.generic_at >= 2 && memcmp(p->src + dgn.generic_at, "<>", 2) == 0
                           ? "use '!=' to compare for inequality ('<>' is Python 2)"
                           : NULL;
            dgn.at = dgn.generic_at;
            dgn.at_end = dgn.at + (dgn.at < len);
            /* CPython's end is the end of the token it failed on */
            size_t ti = tok_at(&tr, dgn.at);
            if (ti < tr.n && tr.toks[ti].s == dgn.at && tr.toks[ti].kind != AN_TK_NEWLINE &&
                tr.toks[ti].kind != AN_TK_END && tr.toks[ti].e > dgn.at)
                dgn.at_end = tr.toks[ti].e;
            dgn.reach = dgn.at;
            sl = gl;
        }
        if (dgn.found || generic) {
            /* tree-sitter's error lines are approximate, these are not; an
             * indentation error the parser meets earlier still wins, and so
             * does a Python 2 form the tree walk named; an unclosed bracket
             * wins over an error the parser meets on a later line */
            uint32_t rl, ol = 0, oc;
            an_pos(p, dgn.reach, &rl, &c0);
            if (tr.have_open)
                an_pos(p, tr.open_at, &ol, &oc);
            const an_diag *first = an_report_count(p->syntax) ? an_report_get(p->syntax, 0) : NULL;
            bool first_is_ind = first && ps.have_ind && first->start_byte == ps.ind_at &&
                                strcmp(first->message, ps.ind_msg) == 0;
            /* an unclosed bracket is reported only when the parser fails on
             * a later line than the bracket's (CPython's
             * _PyPegen_tokenize_full_source_to_check_for_errors) */
            size_t fml = first ? strlen(first->message) : 0;
            bool first_unclosed = fml > 16 && strcmp(first->message + fml - 16, "was never closed") == 0 &&
                                  tr.have_open && sl <= ol;
            bool first_named = first && !first_is_ind && generic && first->line <= sl && !first_unclosed &&
                               strcmp(first->message, "invalid syntax") != 0 &&
                               strncmp(first->message, "invalid syntax:", 15) != 0 &&
                               strcmp(first->message, "expected ':'") != 0;
            /* a compiler error (dgn.is_late) loses to any bracket left open */
            /* the pre-lexer's fatal indentation error is the tokenizer's:
             * the parser never gets a token at or past it (`try:` then a
             * dedent to no enclosing column is that error, not "expected
             * 'except' or 'finally' block") */
            bool past_fatal = ps.fatal && first && dgn.at >= first->start_byte;
            /* the parser's invalid_try_stmt takes the INDENT itself */
            bool try_at_indent = dgn.at == ps.ind_at && strcmp(dgn.msg, "expected 'except' or 'finally' block") == 0 &&
                                 strcmp(ps.ind_msg, "unexpected indent") == 0;
            if ((!first_is_ind || dgn.at < ps.ind_at || try_at_indent) && !first_named && !past_fatal &&
                !(tr.have_open && (rl > ol || dgn.is_late))) {
                st = replace_syntax(p, dgn.msg, dgn.hint, dgn.at, dgn.at_end);
                if (st != AN_OK)
                    goto fail;
            }
        }
    }
    if (an_report_count(p->syntax) == 0 && !tr.have_ferr && an_parse_nroots(p) > 0) {
        /* CPython's order: the parser, then the symbol table, then the
         * compiler, whose errors come in source order.  An f-string
         * expression (depth > 0) gets only the parser's: its scope is its
         * string's. */
        an_diagnosis sym, perr, comp;
        /* what the checks below and an_check walk (lint's batches have
         * theirs from the workers) */
        st = p->flat ? AN_OK : build_flat(p);
        if (st == AN_EINVAL) {
            /* deeper than walk() lets a clean tree be: cannot happen */
            st = an_syntax_add(p, "too many nested expressions or blocks",
                            "flatten the code: use intermediate variables and helper functions", 0, 0);
            if (st != AN_OK)
                goto fail;
        } else {
            if (st != AN_OK)
                goto fail;
            /* each walks lint's batches on the worker threads */
            st = an_symtab_check(p, &tr, &sym, &perr, &comp);
            if (st != AN_OK)
                goto fail;
            an_diagnosis pperr, pcomp;
            if ((st = an_pattern_check(p, &tr, &pperr, &pcomp)) != AN_OK)
                goto fail;
            if (pperr.found && (!perr.found || pperr.at < perr.at))
                perr = pperr;
            if (pcomp.found && (!comp.found || pcomp.at < comp.at))
                comp = pcomp;
            an_diagnosis fut, flate;
            if ((st = an_future_check(p, &fut, &flate)) != AN_OK)
                goto fail;
            if (flate.found && (!comp.found || flate.at < comp.at))
                comp = flate;
            if (depth > 0)
                fut.found = false;
            if (depth > 0)
                sym.found = comp.found = false;
            st = depth > 0 ? AN_OK : an_scope_check(p, &tr, &dgn);
            if (depth > 0)
                dgn.found = false;
            if (st != AN_OK)
                goto fail;
            const an_diagnosis *w = perr.found ? &perr : fut.found ? &fut : sym.found ? &sym : NULL;
            if (!w && dgn.found && comp.found)
                w = comp.at < dgn.at ? &comp : &dgn;
            else if (!w)
                w = dgn.found ? &dgn : comp.found ? &comp : NULL;
            if (w && (st = an_syntax_add(p, w->msg, w->hint, w->at, w->at_end)) != AN_OK)
                goto fail;
        }
    }
    if (tr.have_ferr && !tr.have_err) {
        /* an f-string error is raised when the parser reaches the string:
         * it wins over parser errors on later lines */
        uint32_t fl, fc;
        an_pos(p, tr.fat, &fl, &fc);
        const an_diag *first = an_report_count(p->syntax) ? an_report_get(p->syntax, 0) : NULL;
        if (!first || first->line >= fl) {
            st = replace_syntax(p, tr.fmsg,
                                "in an f-string, keep the expression inside {} simple: no backslash, no '#', no quote of the same kind as the string's (assign it to a variable first); write {{ and }} for literal braces",
                                tr.fat, tr.fat + (tr.fat < len));
            if (st != AN_OK)
                goto fail;
        }
    }
    an_report_sort(p->syntax);
    if (!tr.have_err && !tr.have_ferr && an_parse_nroots(p) > 0) {
        st = fstring_subcheck(p, &tr, depth);
        if (st != AN_OK)
            goto fail;
    }
    indentation_offsets(p);
    an_tokres_clear(&tr);
    free(tsrc);
    free(rsrc);
    free(gaps);
    free(ranges);
    if (parser)
        ts_parser_delete(parser);
    free(bt.start);
    free(bt.proven);
    free(fine.start);
    free(fine.proven);
    *out = p;
    return AN_OK;
fail:
    an_tokres_clear(&tr);
    free(tsrc);
    free(rsrc);
    free(gaps);
    free(ranges);
    if (parser)
        ts_parser_delete(parser);
    free(bt.start);
    free(bt.proven);
    free(fine.start);
    free(fine.proven);
    an_parse_free(p);
    return st;
}

/* One flat array per root; AN_EINVAL when a tree is too deep for one. */
static an_status build_flat(an_parse *p)
{
    size_t nr = an_parse_nroots(p);
    if (!(p->flat = calloc(nr, sizeof *p->flat)))
        return AN_ENOMEM;
    for (; p->nflat < nr; p->nflat++) {
        an_status st = an_flat_build(an_parse_root(p, p->nflat), &p->flat[p->nflat]);
        if (st != AN_OK)
            return st;
    }
    return AN_OK;
}

static void free_flat(an_parse *p)
{
    for (size_t i = 0; i < p->nflat; i++)
        an_flat_clear(&p->flat[i]);
    free(p->flat);
    p->flat = NULL;
    p->nflat = 0;
}

void an_parse_free(an_parse *p)
{
    if (!p)
        return;
    free_flat(p);
    if (p->tree)
        ts_tree_delete(p->tree);
    free_parts(p);
    an_report_free(p->syntax);
    free(p->line_starts);
    free(p->filename);
    free(p->src);
    free(p);
}

const TSTree *an_parse_tree(const an_parse *p)
{
    return p ? p->tree : NULL;
}

const char *an_parse_source(const an_parse *p, size_t *len)
{
    if (len)
        *len = p ? p->len : 0;
    return p ? p->src : "";
}

const char *an_parse_filename(const an_parse *p)
{
    return p ? p->filename : "";
}

bool an_parse_syntax_ok(const an_parse *p)
{
    return p && an_parse_nroots(p) > 0 && an_report_count(p->syntax) == 0;
}
