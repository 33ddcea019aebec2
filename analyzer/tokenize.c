/* tokenize.c - CPython 3.11's tokenizer errors, reproduced.
 *
 * tree-sitter recovers from what CPython's tokenizer refuses outright (bad
 * number literals, stray characters, unterminated strings, bracket
 * mismatches), and CPython reports those errors with priority: after any
 * parser error it tokenizes the rest of the file and a tokenizer error found
 * there replaces the parser's message.  So this pass walks the whole source
 * once, as CPython's tokenizer does, and keeps the first error it raises
 * with CPython's message and position (the position is a byte whose 1-based
 * code-point column is CPython's `offset`).
 *
 * It also checks the f-strings (3.11 parses their replacement fields when
 * the parser reaches the string): those errors are parser-level and are
 * kept apart, positioned at the token after the string run, as CPython
 * reports them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "analyzer/an_int.h"

#define TK_MAXLEVEL 200

typedef struct tk {
    const an_parse *p;
    const unsigned char *s;
    size_t n, i;
    an_tokres *r;
    /* the string run waiting for its f-string error's position */
    bool fpending;
    char fmsg[160];
} tk;

static bool is_id_start_ascii(unsigned c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}

static bool is_id_char_ascii(unsigned c)
{
    return is_id_start_ascii(c) || (c >= '0' && c <= '9');
}

/* Line start of the byte b. */
static size_t line_start_of(const tk *t, size_t b)
{
    while (b > 0 && t->s[b - 1] != '\n')
        b--;
    return b;
}

/* The byte whose 1-based column is the number of code points in
 * [line_start, cur): CPython's `offset` for an error raised with the
 * tokenizer's cursor at cur. */
static uint32_t at_cursor(const tk *t, size_t cur)
{
    if (cur > t->n)
        cur = t->n;
    size_t ls = line_start_of(t, cur);
    if (cur == ls)
        return (uint32_t)cur;
    size_t b = cur - 1;
    while (b > ls && (t->s[b] & 0xC0) == 0x80)
        b--;
    return (uint32_t)b;
}

static void tok_error(tk *t, size_t at, size_t end, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void tok_error(tk *t, size_t at, size_t end, const char *hint, const char *fmt, ...)
{
    if (t->r->have_err)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->r->msg, sizeof t->r->msg, fmt, ap);
    va_end(ap);
    t->r->have_err = true;
    t->r->at = (uint32_t)at;
    t->r->at_end = (uint32_t)(end > at ? end : at + (at < t->n));
    t->r->hint = hint;
}

static const char NUM_HINT[] =
    "write numbers as Python does: 123, 1_000, 0x1f, 0o17, 0b101, 1.5e3, 2j; separate a number from the next name with a space";

/* --- numbers ------------------------------------------------------------------ */

static int nextc(tk *t)
{
    return t->i < t->n ? t->s[t->i++] : -1;
}

static void backup(tk *t, int c)
{
    if (c != -1)
        t->i--;
}

static bool isdig(int c)
{
    return c >= '0' && c <= '9';
}

static bool isxdig(int c)
{
    return isdig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool lookahead(tk *t, const char *rest)
{
    size_t l = strlen(rest);
    return t->n - t->i >= l && memcmp(t->s + t->i, rest, l) == 0;
}

/* A number may be followed by a keyword (1if x else 2) but not by a name. */
static bool end_of_number(tk *t, int c, const char *kind)
{
    bool kw = false;
    if (c == 'a')
        kw = lookahead(t, "nd");
    else if (c == 'e')
        kw = lookahead(t, "lse");
    else if (c == 'f')
        kw = lookahead(t, "or");
    else if (c == 'i')
        kw = t->i < t->n && (t->s[t->i] == 'f' || t->s[t->i] == 'n' || t->s[t->i] == 's');
    else if (c == 'o')
        kw = lookahead(t, "r");
    else if (c == 'n')
        kw = lookahead(t, "ot");
    if (kw)
        return true;
    /* a non-ASCII character after a number is its own (invalid) token */
    if (c != -1 && c < 128 && is_id_char_ascii((unsigned)c)) {
        backup(t, c);
        tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid %s literal", kind);
        return false;
    }
    return true;
}

/* Digits and single underscores; returns the first other character or -2
 * after an error. */
static int decimal_tail(tk *t)
{
    int c;
    for (;;) {
        do
            c = nextc(t);
        while (isdig(c));
        if (c != '_')
            break;
        c = nextc(t);
        if (!isdig(c)) {
            backup(t, c);
            tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid decimal literal");
            return -2;
        }
    }
    return c;
}

/* Lexes a number whose first character t->s[start] was just read; returns
 * false after an error. */
static bool number(tk *t, size_t start, int c)
{
    if (c == '0') {
        c = nextc(t);
        if (c == 'x' || c == 'X' || c == 'o' || c == 'O' || c == 'b' || c == 'B') {
            int base = (c == 'x' || c == 'X') ? 16 : (c == 'o' || c == 'O') ? 8 : 2;
            const char *kind = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
            c = nextc(t);
            do {
                if (c == '_')
                    c = nextc(t);
                bool ok = base == 16 ? isxdig(c) : base == 8 ? (c >= '0' && c < '8') : (c == '0' || c == '1');
                if (!ok) {
                    if (base != 16 && isdig(c)) {
                        tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid digit '%c' in %s literal",
                                  c, kind);
                        return false;
                    }
                    backup(t, c);
                    tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid %s literal", kind);
                    return false;
                }
                do
                    c = nextc(t);
                while (base == 16 ? isxdig(c) : base == 8 ? (c >= '0' && c < '8') : (c == '0' || c == '1'));
            } while (c == '_');
            if (base != 16 && isdig(c)) {
                tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid digit '%c' in %s literal", c, kind);
                return false;
            }
            if (!end_of_number(t, c, kind))
                return false;
            backup(t, c);
            return true;
        }
        bool nonzero = false;
        for (;;) {
            if (c == '_') {
                c = nextc(t);
                if (!isdig(c)) {
                    backup(t, c);
                    tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid decimal literal");
                    return false;
                }
            }
            if (c != '0')
                break;
            c = nextc(t);
        }
        size_t zeros_end = t->i;
        if (isdig(c)) {
            nonzero = true;
            c = decimal_tail(t);
            if (c == -2)
                return false;
        }
        if (c == '.') {
            c = nextc(t);
            goto fraction;
        } else if (c == 'e' || c == 'E') {
            goto exponent;
        } else if (c == 'j' || c == 'J') {
            goto imaginary;
        } else if (nonzero) {
            (void)zeros_end;
            tok_error(t, start, t->i - 1, "write the number without leading zeros, or as 0o17 for octal",
                      "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers");
            return false;
        }
        if (!end_of_number(t, c, "decimal"))
            return false;
        backup(t, c);
        return true;
    }
    c = decimal_tail(t);
    if (c == -2)
        return false;
    if (c == '.') {
        c = nextc(t);
    fraction:
        if (isdig(c)) {
            c = decimal_tail(t);
            if (c == -2)
                return false;
        }
    }
    if (c == 'e' || c == 'E') {
        int e;
    exponent:
        e = c;
        c = nextc(t);
        if (c == '+' || c == '-') {
            c = nextc(t);
            if (!isdig(c)) {
                backup(t, c);
                tok_error(t, at_cursor(t, t->i), 0, NUM_HINT, "invalid decimal literal");
                return false;
            }
        } else if (!isdig(c)) {
            backup(t, c);
            if (!end_of_number(t, e, "decimal"))
                return false;
            backup(t, e);
            return true;
        }
        c = decimal_tail(t);
        if (c == -2)
            return false;
    }
    if (c == 'j' || c == 'J') {
    imaginary:
        c = nextc(t);
        if (!end_of_number(t, c, "imaginary"))
            return false;
    } else if (!end_of_number(t, c, "decimal")) {
        return false;
    }
    backup(t, c);
    return true;
}

/* --- identifiers -------------------------------------------------------------------- */

static bool xid(utf8proc_int32_t cp, bool start)
{
    if (cp < 128)
        return start ? is_id_start_ascii((unsigned)cp) && cp < 128 : is_id_char_ascii((unsigned)cp);
    if (cp == 0xB7 || cp == 0x387 || (cp >= 0x1369 && cp <= 0x1371) || cp == 0x19DA)
        return !start;
    if (cp == 0x2118 || cp == 0x212E || cp == 0x309B || cp == 0x309C)
        return true;
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO: case UTF8PROC_CATEGORY_NL:
        return true;
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_PC:
        return !start;
    default:
        return false;
    }
}

static bool printable(utf8proc_int32_t cp)
{
    if (cp == ' ')
        return true;
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: case UTF8PROC_CATEGORY_ZS:
        return false;
    default:
        return true;
    }
}

/* The identifier [start, end) (all potential identifier bytes): the first
 * character that cannot be in a name is CPython's "invalid character". */
static bool verify_identifier(tk *t, size_t start, size_t end)
{
    size_t i = start;
    bool first = true;
    while (i < end) {
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate(t->s + i, (utf8proc_ssize_t)(end - i), &cp);
        if (k <= 0)
            return true; /* check_bytes already refused invalid UTF-8 */
        /* CPython checks the NFKC form: ｅ and ﬁ are fine */
        bool ok = xid(cp, first);
        if (!ok && cp >= 128) {
            utf8proc_uint8_t *dst = NULL;
            utf8proc_ssize_t r = utf8proc_map(t->s + i, k, &dst,
                                              UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
            if (r > 0) {
                utf8proc_int32_t c2;
                if (utf8proc_iterate(dst, r, &c2) > 0)
                    ok = xid(c2, first);
            }
            free(dst);
        }
        if (!ok) {
            char hex[16];
            snprintf(hex, sizeof hex, "%04X", (unsigned)cp);
            if (printable(cp))
                tok_error(t, i, 0,
                          "use plain ASCII punctuation in code: straight quotes ' and \", '-' for minus, '*' for times, ',' and ':' and brackets from the ASCII set",
                          "invalid character '%.*s' (U+%s)", (int)k, (const char *)t->s + i, hex);
            else
                tok_error(t, i, 0, "remove the invisible character (it often comes from copied text)",
                          "invalid non-printable character U+%s", hex);
            return false;
        }
        first = false;
        i += (size_t)k;
    }
    return true;
}

/* --- tokens --------------------------------------------------------------------------- */

static an_status push_tok(tk *t, an_tok_kind kind, size_t s, size_t e)
{
    an_tokres *r = t->r;
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 256;
        an_tok *nt = realloc(r->toks, cap * sizeof *nt);
        if (!nt)
            return AN_ENOMEM;
        r->toks = nt;
        r->cap = cap;
    }
    r->toks[r->n++] = (an_tok){(uint8_t)kind, (uint32_t)s, (uint32_t)e};
    /* an f-string error is raised with the parser at the token after the run */
    if (t->fpending && kind != AN_TK_STRING) {
        t->fpending = false;
        if (!r->have_ferr) {
            r->have_ferr = true;
            snprintf(r->fmsg, sizeof r->fmsg, "%s", t->fmsg);
            r->fat = (uint32_t)s;
        }
    }
    return AN_OK;
}

/* --- f-strings (3.11's fstring_find_literal / fstring_find_expr) ---------------------- */

static bool all_space(const unsigned char *s, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' && s[i] != '\f' && s[i] != '\v')
            return false;
    return true;
}

static bool fparse(const unsigned char *s, size_t *i, size_t end, bool raw, int lvl, char *msg,
                   size_t msz, an_tokres *r);

/* After '{': returns false with msg set on an error. */
static bool fexpr(const unsigned char *s, size_t *i, size_t end, bool raw, int lvl, char *msg, size_t msz,
                  an_tokres *r)
{
    if (lvl >= 2) {
        snprintf(msg, msz, "f-string: expressions nested too deeply");
        return false;
    }
    size_t start = *i;
    char quote = 0, stack[TK_MAXLEVEL];
    int qtype = 0, depth = 0;
    while (*i < end) {
        unsigned char ch = s[*i];
        if (ch == '\\') {
            snprintf(msg, msz, "f-string expression part cannot include a backslash");
            return false;
        }
        if (quote) {
            if (ch == (unsigned char)quote) {
                if (qtype == 3) {
                    if (*i + 2 < end && s[*i + 1] == ch && s[*i + 2] == ch) {
                        *i += 3;
                        quote = 0;
                        continue;
                    }
                } else {
                    (*i)++;
                    quote = 0;
                    continue;
                }
            }
            (*i)++;
            continue;
        }
        if (ch == '\'' || ch == '"') {
            if (*i + 2 < end && s[*i + 1] == ch && s[*i + 2] == ch) {
                qtype = 3;
                *i += 2;
            } else {
                qtype = 1;
            }
            quote = (char)ch;
        } else if (ch == '[' || ch == '{' || ch == '(') {
            if (depth >= TK_MAXLEVEL) {
                snprintf(msg, msz, "f-string: too many nested parenthesis");
                return false;
            }
            stack[depth++] = (char)ch;
        } else if (ch == '#') {
            snprintf(msg, msz, "f-string expression part cannot include '#'");
            return false;
        } else if (depth == 0 && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
            if (*i + 1 < end) {
                unsigned char nx = s[*i + 1];
                if ((ch == '!' && nx == '=') || (ch == '=' && nx == '=') || (ch == '<' && nx == '=') ||
                    (ch == '>' && nx == '=')) {
                    *i += 2;
                    continue;
                }
            }
            if (ch == '>' || ch == '<') {
                (*i)++;
                continue;
            }
            break;
        } else if (ch == ']' || ch == '}' || ch == ')') {
            if (!depth) {
                snprintf(msg, msz, "f-string: unmatched '%c'", ch);
                return false;
            }
            char o = stack[--depth];
            if (!((o == '(' && ch == ')') || (o == '[' && ch == ']') || (o == '{' && ch == '}'))) {
                snprintf(msg, msz, "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'",
                         ch, o);
                return false;
            }
        }
        (*i)++;
    }
    if (quote) {
        snprintf(msg, msz, "f-string: unterminated string");
        return false;
    }
    if (depth) {
        snprintf(msg, msz, "f-string: unmatched '%c'", stack[depth - 1]);
        return false;
    }
    if (*i >= end)
        goto unexpected_end;
    if (r->nfx + 2 > r->fx_cap) {
        size_t cap = r->fx_cap ? 2 * r->fx_cap : 16;
        uint32_t *a = realloc(r->fx, cap * sizeof *a);
        if (!a) {
            r->spec_eq_oom = true;
            snprintf(msg, msz, "out of memory");
            return false;
        }
        r->fx = a;
        r->fx_cap = cap;
    }
    r->fx[r->nfx++] = (uint32_t)start;
    r->fx[r->nfx++] = (uint32_t)*i;
    if (all_space(s, start, *i)) {
        if (s[*i] == '!' || s[*i] == '=' || s[*i] == ':')
            snprintf(msg, msz, "f-string: expression required before '%c'", s[*i]);
        else
            snprintf(msg, msz, "f-string: empty expression not allowed");
        return false;
    }
    if (s[*i] == '=') {
        (*i)++;
        while (*i < end && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\n' || s[*i] == '\r' || s[*i] == '\f'))
            (*i)++;
        if (*i >= end)
            goto unexpected_end;
    }
    if (s[*i] == '!') {
        (*i)++;
        if (*i >= end)
            goto unexpected_end;
        unsigned char conv = s[(*i)++];
        if (!(conv == 's' || conv == 'r' || conv == 'a')) {
            snprintf(msg, msz, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
            return false;
        }
    }
    if (*i >= end)
        goto unexpected_end;
    if (s[*i] == ':') {
        (*i)++;
        if (*i >= end)
            goto unexpected_end;
        if (s[*i] == '=') {
            /* a spec that begins with '=': tree-sitter would read ':=' (see an_tokres) */
            if (r->nspec_eq == r->spec_eq_cap) {
                size_t cap = r->spec_eq_cap ? 2 * r->spec_eq_cap : 8;
                uint32_t *a = realloc(r->spec_eq, cap * sizeof *a);
                if (!a) {
                    r->spec_eq_oom = true;
                    snprintf(msg, msz, "out of memory");
                    return false;
                }
                r->spec_eq = a;
                r->spec_eq_cap = cap;
            }
            r->spec_eq[r->nspec_eq++] = (uint32_t)*i;
        }
        if (!fparse(s, i, end, raw, lvl + 1, msg, msz, r))
            return false;
    }
    if (*i >= end || s[*i] != '}')
        goto unexpected_end;
    (*i)++;
    return true;
unexpected_end:
    snprintf(msg, msz, "f-string: expecting '}'");
    return false;
}

static bool fparse(const unsigned char *s, size_t *i, size_t end, bool raw, int lvl, char *msg, size_t msz,
                   an_tokres *r)
{
    for (;;) {
        /* the literal part */
        while (*i < end) {
            unsigned char ch = s[(*i)++];
            if (!raw && ch == '\\' && *i < end) {
                ch = s[(*i)++];
                if (ch == 'N' && *i < end && s[*i] == '{') {
                    while (*i < end && s[*i] != '}')
                        (*i)++;
                    if (*i < end)
                        (*i)++;
                    continue;
                }
            }
            if (ch == '{' || ch == '}') {
                if (lvl == 0) {
                    if (*i < end && s[*i] == ch) {
                        (*i)++;
                        continue;
                    }
                    if (ch == '}') {
                        snprintf(msg, msz, "f-string: single '}' is not allowed");
                        return false;
                    }
                }
                (*i)--;
                break;
            }
        }
        if (*i >= end || s[*i] == '}')
            return true; /* the end, or the end of a format spec */
        (*i)++; /* '{' */
        if (!fexpr(s, i, end, raw, lvl, msg, msz, r))
            return false;
    }
}

/* --- the pass ------------------------------------------------------------------------ */

/* The length of the operator at s (m bytes left): the longest of **= //=
 * >>= <<= ... -> := == != <> <= >= ** // << >> += -= *= /= %= &= |= ^= @=
 * that starts there, else 1.  A switch on the first byte: comparing with
 * each in turn cost 20M instructions on a 10,000-line file. */
static size_t op_len(const unsigned char *s, size_t m)
{
    unsigned char c1 = m > 1 ? s[1] : 0, c2 = m > 2 ? s[2] : 0;
    switch (s[0]) {
    case '*':
    case '/':
    case '>':
        if (c1 == s[0])
            return c2 == '=' ? 3 : 2;
        return c1 == '=' ? 2 : 1;
    case '<':
        if (c1 == '<')
            return c2 == '=' ? 3 : 2;
        return c1 == '=' || c1 == '>' ? 2 : 1;
    case '.':
        return c1 == '.' && c2 == '.' ? 3 : 1;
    case '-':
        return c1 == '>' || c1 == '=' ? 2 : 1;
    case ':':
    case '=':
    case '!':
    case '+':
    case '%':
    case '&':
    case '|':
    case '^':
    case '@':
        return c1 == '=' ? 2 : 1;
    default:
        return 1;
    }
}

static const char *closer_of(char o)
{
    return o == '(' ? ")" : o == '[' ? "]" : "}";
}

an_status an_tokenize(const an_parse *p, an_tokres *r)
{
    memset(r, 0, sizeof *r);
    tk t = {.p = p, .s = (const unsigned char *)p->src, .n = p->len, .r = r};
    const unsigned char *s = t.s;
    size_t n = t.n;
    char stack[TK_MAXLEVEL];
    size_t where[TK_MAXLEVEL];
    int level = 0;
    an_status st = AN_OK;
    if (n >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0)
        t.i = 3;
    while (t.i < n && !r->have_err) {
        unsigned char c = s[t.i];
        size_t start = t.i;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
            t.i++;
            continue;
        }
        if (c == '#') {
            while (t.i < n && s[t.i] != '\n')
                t.i++;
            continue;
        }
        if (c == '\n') {
            t.i++;
            if (level == 0 && (st = push_tok(&t, AN_TK_NEWLINE, start, start)) != AN_OK)
                return st;
            continue;
        }
        if (c == '\\') {
            t.i++;
            int d = nextc(&t);
            if (d == '\r' && t.i < n && s[t.i] == '\n')
                d = nextc(&t);
            if (d == -1) {
                tok_error(&t, at_cursor(&t, t.i), 0, "finish the statement: a '\\' at the end of a line continues it on the next one",
                          "unexpected EOF while parsing");
                break;
            }
            if (d == '\n' && t.i >= n) {
                tok_error(&t, t.i - 1, 0, "finish the statement: a '\\' at the end of a line continues it on the next one",
                          "unexpected EOF while parsing");
                break;
            }
            if (d != '\n') {
                /* CPython reports this one at its cursor in the whole buffer */
                tok_error(&t, at_cursor(&t, t.i), 0,
                          "a '\\' continues the line only as its very last character; remove what follows it or the '\\'",
                          "unexpected character after line continuation character");
                break;
            }
            continue;
        }
        /* strings and names (a string may have a prefix) */
        if (is_id_start_ascii(c)) {
            size_t j = t.i;
            bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
            for (;;) {
                unsigned char d = j < n ? s[j] : 0;
                if (!(saw_b || saw_u || saw_f) && (d == 'b' || d == 'B'))
                    saw_b = true;
                else if (!(saw_b || saw_u || saw_r || saw_f) && (d == 'u' || d == 'U'))
                    saw_u = true;
                else if (!(saw_r || saw_u) && (d == 'r' || d == 'R'))
                    saw_r = true;
                else if (!(saw_f || saw_b || saw_u) && (d == 'f' || d == 'F'))
                    saw_f = true;
                else
                    break;
                j++;
            }
            if (j < n && (s[j] == '\'' || s[j] == '"')) {
                t.i = j;
                goto string;
            }
            j = t.i;
            while (j < n && is_id_char_ascii(s[j]))
                j++;
            bool ascii = true;
            for (size_t k = t.i; k < j; k++)
                ascii &= s[k] < 128;
            if (!ascii && !verify_identifier(&t, t.i, j))
                break;
            t.i = j;
            if ((st = push_tok(&t, AN_TK_NAME, start, j)) != AN_OK)
                return st;
            continue;
        }
        if (isdig(c) || (c == '.' && t.i + 1 < n && isdig(s[t.i + 1]))) {
            t.i++;
            bool ok;
            if (c == '.') {
                int d = nextc(&t);
                /* a fraction: reuse the decimal path from its digits */
                backup(&t, d);
                int e = decimal_tail(&t);
                if (e == -2)
                    break;
                ok = true;
                if (e == 'e' || e == 'E' || e == 'j' || e == 'J') {
                    /* 1.5e3 / .5j: rare enough to lex loosely */
                    while (t.i < n && (is_id_char_ascii(s[t.i]) || s[t.i] == '+' || s[t.i] == '-'))
                        t.i++;
                } else {
                    ok = end_of_number(&t, e, "decimal");
                    if (ok)
                        backup(&t, e);
                }
            } else {
                ok = number(&t, start, c);
            }
            if (!ok)
                break;
            if ((st = push_tok(&t, AN_TK_NUMBER, start, t.i)) != AN_OK)
                return st;
            continue;
        }
        if (c == '\'' || c == '"') {
            string:;
            size_t q = t.i;
            bool fstr = false, raw = false;
            for (size_t k = start; k < q; k++) {
                fstr |= s[k] == 'f' || s[k] == 'F';
                raw |= s[k] == 'r' || s[k] == 'R';
            }
            unsigned char quote = s[q];
            int qsize = (q + 2 < n && s[q + 1] == quote && s[q + 2] == quote) ? 3 : 1;
            t.i = q + (size_t)qsize;
            size_t body = t.i;
            bool closed = false;
            while (t.i < n) {
                unsigned char d = s[t.i];
                if (d == '\\') {
                    t.i += 2;
                    continue;
                }
                if (qsize == 1 && d == '\n')
                    break;
                if (d == quote && (qsize == 1 || (t.i + 2 < n && s[t.i + 1] == quote && s[t.i + 2] == quote))) {
                    closed = true;
                    break;
                }
                t.i++;
            }
            if (t.i > n)
                t.i = n;
            if (!closed) {
                uint32_t line, col;
                size_t det = t.i;
                an_pos(p, (uint32_t)det, &line, &col);
                if (qsize == 3 && (n == 0 || s[n - 1] != '\n') && det >= n)
                    ; /* the implicit final newline is on the last line */
                else if (det >= n && n > 0 && s[n - 1] == '\n')
                    line--; /* at EOF after a final '\n' (a triple-quoted string, or a
                               quoted one continued by a backslash): CPython counts that line */
                tok_error(&t, start, 0,
                          qsize == 3 ? "close the string with the same three quotes that open it"
                                     : "close the string on the same line, or use a triple-quoted string for text spanning lines",
                          "unterminated %sstring literal (detected at line %u)",
                          qsize == 3 ? "triple-quoted " : "", line);
                break;
            }
            size_t body_end = t.i;
            t.i += (size_t)qsize;
            if (fstr && !t.fpending && !r->have_ferr) {
                size_t k = body;
                if (!fparse(s, &k, body_end, raw, 0, t.fmsg, sizeof t.fmsg, r))
                    t.fpending = true;
            }
            if ((st = push_tok(&t, AN_TK_STRING, start, t.i)) != AN_OK)
                return st;
            continue;
        }
        if (c >= 128) {
            /* any other non-ASCII character starts a would-be name */
            size_t j = t.i;
            while (j < n && is_id_char_ascii(s[j]))
                j++;
            if (!verify_identifier(&t, t.i, j))
                break;
            t.i = j;
            if ((st = push_tok(&t, AN_TK_NAME, start, j)) != AN_OK)
                return st;
            continue;
        }
        /* operators and brackets */
        t.i++;
        if (c == '(' || c == '[' || c == '{') {
            if (level >= TK_MAXLEVEL) {
                tok_error(&t, start, 0, "split the expression into smaller parts assigned to variables",
                          "too many nested parentheses");
                break;
            }
            stack[level] = (char)c;
            where[level++] = start;
        } else if (c == ')' || c == ']' || c == '}') {
            if (level == 0) {
                tok_error(&t, start, 0, "remove it, or add the opening bracket it closes",
                          "unmatched '%c'", c);
                break;
            }
            char o = stack[--level];
            if (strcmp(closer_of(o), (char[]){(char)c, 0}) != 0) {
                uint32_t l1, l2, col;
                an_pos(p, (uint32_t)where[level], &l1, &col);
                an_pos(p, (uint32_t)start, &l2, &col);
                if (l1 != l2)
                    tok_error(&t, start, 0,
                              "close brackets in the reverse order of opening them: ( with ), [ with ], { with }",
                              "closing parenthesis '%c' does not match opening parenthesis '%c' on line %u",
                              c, o, l1);
                else
                    tok_error(&t, start, 0,
                              "close brackets in the reverse order of opening them: ( with ), [ with ], { with }",
                              "closing parenthesis '%c' does not match opening parenthesis '%c'", c, o);
                break;
            }
        } else {
            t.i = start + op_len(s + start, n - start);
        }
        if ((st = push_tok(&t, AN_TK_OP, start, t.i)) != AN_OK)
            return st;
    }
    if (!r->have_err) {
        if ((st = push_tok(&t, AN_TK_NEWLINE, n, n)) != AN_OK || (st = push_tok(&t, AN_TK_END, n, n)) != AN_OK)
            return st;
        if (level > 0) {
            r->have_open = true;
            r->open_at = (uint32_t)where[level - 1];
            r->open_char = stack[level - 1];
        }
    }
    return AN_OK;
}

void an_tokres_clear(an_tokres *r)
{
    free(r->toks);
    free(r->spec_eq);
    free(r->fx);
    memset(r, 0, sizeof *r);
}
