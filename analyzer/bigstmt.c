/* bigstmt.c - may tree-sitter parse this statement of more than
 * MAX_BATCH_LEAVES tokens?  (CPython has no counterpart: its parser has no
 * such limit.)
 *
 * tree-sitter 0.20.7 keeps a node's child count in 16 bits
 * (SubtreeHeapData.child_count, lib/src/subtree.h) while ts_subtree_new_node
 * stores the children of any count before the node's data: a node of more
 * than 65535 children is found at the wrong address and freed as such, a
 * heap corruption.  Grammar rules have a handful of children each (a
 * repetition is a balanced tree of two-child nodes), so only error recovery
 * makes such a node: an ERROR node wraps a slice of the parse stack and the
 * ERROR before it (ts_parser__recover_to_state), and the final node wraps
 * the whole stack when the input ends in an error.  A statement tree-sitter
 * parses without an error never makes one.
 *
 * So a statement of more tokens than an error could safely wrap is given to
 * tree-sitter only when this recognizer, over the bytes, proves it
 * error-free: an assignment of names, or an expression, whose value is
 * built of data literals -- decimal numbers, strings without f prefix,
 * names, lists, tuples, sets, dicts, calls, subscripts, attributes, one
 * unary sign, starred and keyword items where Python allows them.  That is
 * the shape of the big literals and argument lists programs hold; anything
 * else (an operator chain, a comprehension, a lambda, a backslash) is not
 * recognized and the statement stays refused as too complex.  Every form
 * accepted is one the grammar of tree-sitter-python accepts; the
 * recognizer walks brackets by recursion bounded by CPython's 200 levels
 * (the pre-lexer refused deeper nesting before). */
#include <string.h>

#include "analyzer/an_int.h"

#define BIG_MAX_DEPTH 200

typedef struct rz {
    const unsigned char *s;
    size_t i, n;
    int depth; /* open brackets: newlines and comments are blanks inside */
} rz;

static bool id_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool id_more(unsigned char c)
{
    return id_start(c) || (c >= '0' && c <= '9');
}

static void blank(rz *r)
{
    while (r->i < r->n) {
        unsigned char c = r->s[r->i];
        if (c == ' ' || c == '\t' || c == '\f' || c == '\r')
            r->i++;
        else if (r->depth > 0 && c == '\n')
            r->i++;
        else if (r->depth > 0 && c == '#')
            while (r->i < r->n && r->s[r->i] != '\n')
                r->i++;
        else
            break;
    }
}

static bool peek(rz *r, char c)
{
    blank(r);
    return r->i < r->n && r->s[r->i] == (unsigned char)c;
}
/* c, and not the start of a longer operator (`==`, `**`, `:=`) */
static bool eat(rz *r, char c)
{
    if (!peek(r, c))
        return false;
    unsigned char d = r->i + 1 < r->n ? r->s[r->i + 1] : 0;
    if ((c == '=' || c == ':') && d == '=')
        return false;
    if (c == '*' && d == '*')
        return false;
    r->i++;
    return true;
}

/* Python's keywords (print, exec, match, case and type are names to the
 * grammar too: its keyword_identifier) */
static bool keyword(const unsigned char *w, size_t l)
{
    static const char *const kw[] = {
        "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
        "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
        "or", "pass", "raise", "return", "try", "while", "with", "yield", "True", "False", "None", NULL};
    for (size_t k = 0; kw[k]; k++)
        if (strlen(kw[k]) == l && memcmp(kw[k], w, l) == 0)
            return true;
    return false;
}

/* a string, at r->i (its prefix, if any, is behind: from `p`) */
static bool string_body(rz *r)
{
    const unsigned char *s = r->s;
    unsigned char q = s[r->i];
    bool triple = r->i + 2 < r->n && s[r->i + 1] == q && s[r->i + 2] == q;
    r->i += triple ? 3 : 1;
    while (r->i < r->n) {
        unsigned char d = s[r->i];
        if (d == '\\') {
            if (r->i + 1 >= r->n || s[r->i + 1] == '\n' || s[r->i + 1] == '\r')
                return false;
            r->i += 2;
            continue;
        }
        if (!triple && (d == '\n' || d == '\r'))
            return false;
        if (d == q && (!triple || (r->i + 2 < r->n && s[r->i + 1] == q && s[r->i + 2] == q))) {
            r->i += triple ? 3 : 1;
            return true;
        }
        r->i++;
    }
    return false;
}

/* A name or strings (one or more, with r/u/b prefixes), a number */
static bool atom_word(rz *r)
{
    const unsigned char *s = r->s;
    size_t b = r->i;
    unsigned char c = s[b];
    if (c >= '0' && c <= '9') {
        size_t i = b;
        while (i < r->n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (s[b] == '0' && i - b > 1)
            return false;
        if (i < r->n && s[i] == '.') {
            size_t f = ++i;
            while (i < r->n && s[i] >= '0' && s[i] <= '9')
                i++;
            if (i == f)
                return false;
        }
        if (i < r->n && (id_more(s[i]) || s[i] == '.' || (s[i] & 0x80)))
            return false;
        r->i = i;
        return true;
    }
    bool any = false;
    for (;;) {
        size_t i = r->i;
        if (i >= r->n)
            return any;
        c = s[i];
        if (id_start(c)) {
            size_t e = i;
            while (e < r->n && id_more(s[e]))
                e++;
            if (e < r->n && (s[e] & 0x80))
                return false;
            bool prefix = e < r->n && (s[e] == '"' || s[e] == '\'');
            if (!prefix) {
                if (any) /* `"a" b`: not ours */
                    return true;
                if (keyword(s + i, e - i) && !(e - i == 4 && memcmp(s + i, "True", 4) == 0) &&
                    !(e - i == 4 && memcmp(s + i, "None", 4) == 0) &&
                    !(e - i == 5 && memcmp(s + i, "False", 5) == 0))
                    return false;
                r->i = e;
                return true;
            }
            bool sr = false, su = false, sb = false;
            for (size_t k = i; k < e; k++) {
                unsigned char p = s[k] | 0x20;
                bool *f = p == 'r' ? &sr : p == 'u' ? &su : p == 'b' ? &sb : NULL;
                if (!f || *f)
                    return false;
                *f = true;
            }
            if (e - i > 2 || (su && e - i > 1))
                return false;
            r->i = e;
        } else if (c != '"' && c != '\'') {
            return any;
        }
        if (!string_body(r))
            return false;
        any = true;
        blank(r);
    }
}

static bool expr(rz *r);

/* items up to `close`: elements, with `*x` when star, `k: v` and `**m`
 * when dict (decided by the first item when a brace), `name=v` and `**m`
 * when call */
enum { K_TUPLE, K_LIST, K_BRACE, K_CALL, K_SUB };
static bool items(rz *r, int kind, char close)
{
    if (++r->depth > BIG_MAX_DEPTH)
        return false;
    int dict = -1; /* brace: unknown, 0 set, 1 dict */
    bool keywords = false;
    size_t count = 0;
    bool comma = false;
    while (!eat(r, close)) {
        if (count > 0 && !comma)
            return false;
        comma = false;
        blank(r);
        if (r->i >= r->n)
            return false;
        if (r->s[r->i] == '*' && r->i + 1 < r->n && r->s[r->i + 1] == '*') {
            if (!(kind == K_CALL || (kind == K_BRACE && dict != 0)))
                return false;
            r->i += 2;
            if (!expr(r))
                return false;
            dict = kind == K_BRACE ? 1 : dict;
            keywords = true;
        } else if (eat(r, '*')) {
            if (kind == K_TUPLE || kind == K_SUB || (kind == K_BRACE && dict == 1) || (kind == K_CALL && keywords))
                return false;
            if (!expr(r))
                return false;
            dict = kind == K_BRACE ? 0 : dict;
        } else {
            size_t at = r->i;
            if (kind == K_CALL && id_start(r->s[at])) {
                size_t e = at;
                while (e < r->n && id_more(r->s[e]))
                    e++;
                rz look = *r;
                look.i = e;
                if (!keyword(r->s + at, e - at) && eat(&look, '=')) {
                    *r = look;
                    if (!expr(r))
                        return false;
                    keywords = true;
                    goto next;
                }
            }
            if (kind == K_CALL && keywords)
                return false;
            if (!expr(r))
                return false;
            if (kind == K_BRACE) {
                bool colon = eat(r, ':');
                if (dict == -1)
                    dict = colon;
                if (colon != (dict == 1))
                    return false;
                if (colon && !expr(r))
                    return false;
            }
        }
next:
        count++;
        comma = eat(r, ',');
    }
    /* `()` and `(x,)` are tuples, `(x)` a parenthesized expression: all
     * fine; `a[]` is not */
    if (kind == K_SUB && count == 0)
        return false;
    r->depth--;
    return true;
}

/* ['-' | '+' | '~'] atom trailer* */
static bool expr(rz *r)
{
    blank(r);
    if (r->i < r->n && (r->s[r->i] == '-' || r->s[r->i] == '+' || r->s[r->i] == '~')) {
        r->i++;
        blank(r);
    }
    if (r->i >= r->n)
        return false;
    unsigned char c = r->s[r->i];
    if (c == '(' || c == '[' || c == '{') {
        r->i++;
        if (!items(r, c == '(' ? K_TUPLE : c == '[' ? K_LIST : K_BRACE, c == '(' ? ')' : c == '[' ? ']' : '}'))
            return false;
    } else if (!atom_word(r)) {
        return false;
    }
    for (;;) {
        if (eat(r, '(')) {
            if (!items(r, K_CALL, ')'))
                return false;
        } else if (eat(r, '[')) {
            if (!items(r, K_SUB, ']'))
                return false;
        } else if (peek(r, '.') && !(r->i + 1 < r->n && r->s[r->i + 1] >= '0' && r->s[r->i + 1] <= '9')) {
            r->i++;
            blank(r);
            size_t b = r->i;
            if (b >= r->n || !id_start(r->s[b]))
                return false;
            while (r->i < r->n && id_more(r->s[r->i]))
                r->i++;
            if ((r->i < r->n && (r->s[r->i] & 0x80)) || keyword(r->s + b, r->i - b))
                return false;
        } else {
            return true;
        }
    }
}

bool an_big_stmt_valid(const char *src, size_t start, size_t end)
{
    rz r = {.s = (const unsigned char *)src, .i = start, .n = end, .depth = 0};
    /* targets: `name =` any number of times */
    for (;;) {
        size_t b = r.i;
        if (b >= r.n || !id_start(r.s[b]))
            break;
        size_t e = b;
        while (e < r.n && id_more(r.s[e]))
            e++;
        rz look = r;
        look.i = e;
        if (keyword(r.s + b, e - b) || (e < r.n && (r.s[e] & 0x80)) || !eat(&look, '='))
            break;
        r = look;
        blank(&r);
    }
    /* an expression, or a tuple of them without brackets */
    for (;;) {
        if (!expr(&r))
            return false;
        if (!eat(&r, ','))
            break;
        blank(&r);
        if (r.i >= r.n || r.s[r.i] == '\n' || r.s[r.i] == '#')
            break;
    }
    /* then only blanks and comments to the next statement */
    for (;;) {
        blank(&r);
        if (r.i >= r.n)
            return true;
        if (r.s[r.i] == '#')
            while (r.i < r.n && r.s[r.i] != '\n')
                r.i++;
        else if (r.s[r.i] == '\n')
            r.i++;
        else
            return false;
    }
}
