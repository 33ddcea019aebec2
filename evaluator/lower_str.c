/*
 * lower_str.c - string literals: prefixes, escapes (\N{...} through the
 * Unicode name table), adjacent-literal concatenation, and f-strings with
 * their conversions, nested format specs and the `{x=}` form.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/lower_int.h"
#include "evaluator/ucd.h"

static int utf8_put(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode the literal text [p, p+len) of a string into buf, honouring
 * escapes unless raw, and {{ }} in f-strings.  Returns -1 on a bad escape. */
static int decode_piece(lower *L, TSNode at, const char *p, size_t len, bool raw, bool fstr,
                        ev_buf *buf)
{
    ev_interp *I = L->I;
    size_t i = 0;
    while (i < len) {
        char c = p[i];
        if (fstr && (c == '{' || c == '}') && i + 1 < len && p[i + 1] == c) {
            if (ev_buf_put(I, buf, &c, 1))
                return -1;
            i += 2;
            continue;
        }
        if (c != '\\' || raw) {
            size_t j = i + 1;
            while (j < len && p[j] != '\\' && (!fstr || (p[j] != '{' && p[j] != '}')))
                j++;
            if (raw && c == '\\')
                j = i + 1 < len ? i + 2 : i + 1; /* a raw backslash keeps the next char */
            if (ev_buf_put(I, buf, p + i, j - i))
                return -1;
            i = j;
            continue;
        }
        if (i + 1 >= len) {
            if (ev_buf_put(I, buf, "\\", 1))
                return -1;
            break;
        }
        char e = p[i + 1];
        char out[4];
        int olen = 1;
        size_t used = 2;
        uint32_t cp = 0;
        switch (e) {
        case '\n': olen = 0; break;
        case '\\': out[0] = '\\'; break;
        case '\'': out[0] = '\''; break;
        case '"': out[0] = '"'; break;
        case 'a': out[0] = '\a'; break;
        case 'b': out[0] = '\b'; break;
        case 'f': out[0] = '\f'; break;
        case 'n': out[0] = '\n'; break;
        case 'r': out[0] = '\r'; break;
        case 't': out[0] = '\t'; break;
        case 'v': out[0] = '\v'; break;
        case 'x': case 'u': case 'U': {
            int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            if (i + 2 + (size_t)nd > len)
                goto bad;
            for (int k = 0; k < nd; k++) {
                int h = hexval(p[i + 2 + k]);
                if (h < 0)
                    goto bad;
                cp = cp * 16 + (uint32_t)h;
            }
            if (cp > 0x10FFFF)
                goto bad;
            used = 2 + (size_t)nd;
            olen = utf8_put(out, cp);
            break;
        }
        case 'N': {
            /* \N{NAME}: CPython's unicodeescape error positions count
             * each non-ASCII character before it as 10 bytes (\UXXXXXXXX) */
            size_t k = i + 2, pos = 0;
            const char *msg = "malformed \\N character escape";
            if (k < len && p[k] == '{') {
                size_t start = ++k;
                while (k < len && p[k] != '}')
                    k++;
                if (k < len && k > start) {
                    if (ev_ucd_lookup(p + start, k - start, &cp)) {
                        used = k + 1 - i;
                        olen = utf8_put(out, cp);
                        break;
                    }
                    msg = "unknown Unicode character name";
                    k++;
                }
            }
            for (size_t q = 0; q < i; q++)
                pos += ((unsigned char)p[q] & 0xC0) == 0x80 ? 0 : (unsigned char)p[q] < 0x80 ? 1 : 10;
            lw_fail_at(L, at, "(unicode error) 'unicodeescape' codec can't decode bytes in position "
                           "%zu-%zu: %s", pos, pos + (k - i) - 1, msg);
            return -1;
        }
        default:
            if (e >= '0' && e <= '7') {
                size_t k = i + 1;
                while (k < len && k < i + 4 && p[k] >= '0' && p[k] <= '7')
                    cp = cp * 8 + (uint32_t)(p[k++] - '0');
                used = k - i;
                olen = utf8_put(out, cp);
            } else {
                /* unknown escapes stay as written (CPython warns) */
                out[0] = '\\';
                used = 1;
            }
        }
        if (olen && ev_buf_put(I, buf, out, (size_t)olen))
            return -1;
        i += used;
        continue;
    bad:
        lw_fail_at(L, at, "(unicode error) 'unicodeescape' codec can't decode bytes: truncated "
                       "\\%cXX escape", e);
        return -1;
    }
    return 0;
}

/* The text of a bytes literal: ASCII only; \x, octal and the one-letter
 * escapes (\u, \U and \N are not escapes in bytes and stay as written). */
static int decode_bytes_piece(lower *L, TSNode at, const char *p, size_t len, bool raw, ev_buf *buf)
{
    ev_interp *I = L->I;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)p[i] >= 0x80) {
            lw_fail_at(L, at, "bytes can only contain ASCII literal characters");
            return -1;
        }
    if (raw)
        return ev_buf_put(I, buf, p, len);
    size_t i = 0;
    while (i < len) {
        char c = p[i];
        if (c != '\\' || i + 1 >= len) {
            if (ev_buf_put(I, buf, &c, 1))
                return -1;
            i++;
            continue;
        }
        char e = p[i + 1], out = 0;
        size_t used = 2;
        bool put = true;
        switch (e) {
        case '\n': put = false; break;
        case '\\': out = '\\'; break;
        case '\'': out = '\''; break;
        case '"': out = '"'; break;
        case 'a': out = '\a'; break;
        case 'b': out = '\b'; break;
        case 'f': out = '\f'; break;
        case 'n': out = '\n'; break;
        case 'r': out = '\r'; break;
        case 't': out = '\t'; break;
        case 'v': out = '\v'; break;
        case 'x': {
            int h1 = i + 2 < len ? hexval(p[i + 2]) : -1, h2 = i + 3 < len ? hexval(p[i + 3]) : -1;
            if (h1 < 0 || h2 < 0) {
                lw_fail_at(L, at, "(value error) invalid \\x escape at position %zu", i);
                return -1;
            }
            out = (char)(h1 * 16 + h2);
            used = 4;
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                unsigned v = 0;
                size_t k = i + 1;
                while (k < len && k < i + 4 && p[k] >= '0' && p[k] <= '7')
                    v = v * 8 + (unsigned)(p[k++] - '0');
                out = (char)(v & 0xFF);
                used = k - i;
            } else {
                out = '\\'; /* unknown escapes stay as written */
                used = 1;
            }
        }
        if (put && ev_buf_put(I, buf, &out, 1))
            return -1;
        i += used;
    }
    return 0;
}

static int flush_lit(lower *L, TSNode at, ev_node **parts, uint32_t *np, uint32_t cap, ev_buf *lit)
{
    if (lit->len == 0)
        return 0;
    if (*np >= cap) {
        lw_unsupported(L, at, "an f-string with this many parts");
        return -1;
    }
    ev_value s = ev_str_new(L->I, lit->data, lit->len);
    lit->len = 0;
    ev_node *c = lw_lower_const(L, at, s);
    if (!c)
        return -1;
    parts[(*np)++] = c;
    return 0;
}

static ev_node *lower_fstring_parts(lower *L, TSNode str, ev_node **parts, uint32_t *np,
                                    uint32_t cap, bool raw, ev_buf *lit);

/* An interpolation {expr!c:spec} becomes N_FORMAT(a=expr, b=spec or NULL);
 * the `{expr=}` form first emits the expression's text as a literal. */
static ev_node *lower_interp(lower *L, TSNode in, bool raw, ev_node **parts, uint32_t *np,
                             uint32_t cap, ev_buf *lit)
{
    ev_node *f = lw_node_new(L, N_FORMAT, in);
    if (!f)
        return NULL;
    TSNode e = lw_field(L, in, F_expression);
    if (ts_node_is_null(e))
        return lw_fail_at(L, in, "f-string: empty expression not allowed");
    bool bare_tuple = lw_is(L, e, S_expression_list) || lw_is(L, e, S_pattern_list); /* f'{a, b}' */
    uint32_t nc = ts_node_child_count(in);
    bool debug = false;
    for (uint32_t i = 0; i < nc; i++) {
        TSNode c = ts_node_child(in, i);
        if (!ts_node_is_named(c) && ts_node_end_byte(c) - ts_node_start_byte(c) == 1 &&
            L->src[ts_node_start_byte(c)] == '=') {
            uint32_t s = ts_node_start_byte(in) + 1, stop = ts_node_end_byte(c);
            while (stop < ts_node_end_byte(in) && (L->src[stop] == ' ' || L->src[stop] == '\t'))
                stop++;
            if (ev_buf_put(L->I, lit, L->src + s, stop - s)) {
                L->failed = true;
                return NULL;
            }
            debug = true;
        }
    }
    if (flush_lit(L, in, parts, np, cap, lit))
        return NULL;
    if (lw_is(L, e, S_named_expression)) {
        /* f"{x:=10}" is x formatted with spec "=10" (CPython's f-string
         * parser ends the expression at the first top-level ':'), which
         * tree-sitter-python reads as a walrus: undo that here. */
        TSNode name = lw_field(L, e, F_name);
        uint32_t s = ts_node_end_byte(name), end = ts_node_end_byte(e);
        while (s < end && L->src[s] != ':')
            s++;
        if (!lw_is(L, name, S_identifier) || s >= end)
            return lw_fail_at(L, e, "invalid syntax");
        f->a = lw_lower_expr(L, name);
        ev_node *c = lw_lower_const(L, e, ev_str_new(L->I, L->src + s + 1, end - s - 1));
        ev_node *spec = lw_node_new(L, N_FSTRING, e);
        if (!c || !spec || !(spec->list = lw_list_new(L, 1)))
            return NULL;
        spec->list[0] = c;
        spec->n = 1;
        f->b = spec;
        return L->failed ? NULL : f;
    }
    f->a = bare_tuple ? lw_lower_seq(L, e, N_TUPLE) : lw_lower_expr(L, e);
    TSNode conv = lw_field(L, in, F_type_conversion);
    if (!ts_node_is_null(conv)) {
        char c = L->src[ts_node_start_byte(conv) + 1];
        if (c != 's' && c != 'r' && c != 'a')
            return lw_fail_at(L, conv, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        f->op = (uint8_t)c;
    }
    TSNode spec = lw_field(L, in, F_format_specifier);
    if (!ts_node_is_null(spec)) {
        ev_node *sparts[64];
        uint32_t snp = 0;
        ev_buf slit = {0};
        lower_fstring_parts(L, spec, sparts, &snp, 64, raw, &slit);
        ev_buf_free(L->I, &slit);
        if (L->failed)
            return NULL;
        ev_node *s = lw_node_new(L, N_FSTRING, spec);
        if (!s || !(s->list = lw_list_new(L, snp)))
            return NULL;
        memcpy(s->list, sparts, snp * sizeof *sparts);
        s->n = snp;
        f->b = s;
    } else if (debug && !f->op) {
        f->op = FMT_REPR; /* {x=} shows repr unless a spec is given */
    }
    return L->failed ? NULL : f;
}

/* Literal text and interpolations of an f-string (or a format spec), in
 * order.  Literal text is whatever source lies between the children we
 * understand (a spec's text has no node of its own). */
static ev_node *lower_fstring_parts(lower *L, TSNode str, ev_node **parts, uint32_t *np,
                                    uint32_t cap, bool raw, ev_buf *lit)
{
    bool spec = lw_is(L, str, S_format_specifier);
    uint32_t pos = ts_node_start_byte(str), end = ts_node_end_byte(str);
    uint32_t nc = ts_node_child_count(str);
    for (uint32_t i = 0; i < nc && !L->failed; i++) {
        TSNode c = ts_node_child(str, i);
        uint32_t cs = ts_node_start_byte(c), ce = ts_node_end_byte(c);
        if (lw_is(L, c, S_string_start) || (spec && i == 0 && !ts_node_is_named(c))) {
            pos = ce; /* the prefix and quote, or the spec's ':' */
            continue;
        }
        if (cs > pos && decode_piece(L, c, L->src + pos, cs - pos, raw || spec, true, lit))
            return NULL;
        pos = ce;
        if (lw_is(L, c, S_string_end)) {
            end = cs;
            break;
        }
        if (lw_is(L, c, S_interpolation) || lw_is(L, c, S_format_expression)) {
            ev_node *f;
            L->cdepth++; /* CPython's FormattedValue, between the JoinedStr and the expression */
            if (lw_is(L, c, S_format_expression)) {
                if (flush_lit(L, c, parts, np, cap, lit)) {
                    L->cdepth--;
                    return NULL;
                }
                f = lw_node_new(L, N_FORMAT, c);
                if (f)
                    f->a = lw_lower_expr(L, lw_field(L, c, F_expression));
            } else {
                f = lower_interp(L, c, raw, parts, np, cap, lit);
            }
            L->cdepth--;
            if (!f)
                return NULL;
            if (*np >= cap)
                return lw_unsupported(L, c, "an f-string with this many parts");
            parts[(*np)++] = f;
            continue;
        }
        /* string_content: its escapes are decoded from the raw text */
        if (decode_piece(L, c, L->src + cs, ce - cs, raw, true, lit))
            return NULL;
    }
    if (end > pos && decode_piece(L, str, L->src + pos, end - pos, raw || spec, true, lit))
        return NULL;
    flush_lit(L, str, parts, np, cap, lit);
    return NULL;
}

static int string_prefix(lower *L, TSNode str, bool *raw, bool *fstr, bool *bytes)
{
    TSNode start = ts_node_child(str, 0);
    uint32_t s = ts_node_start_byte(start), e = ts_node_end_byte(start);
    *raw = *fstr = *bytes = false;
    for (uint32_t i = s; i < e; i++) {
        char c = L->src[i];
        if (c == 'r' || c == 'R') {
            *raw = true;
        } else if (c == 'f' || c == 'F') {
            *fstr = true;
        } else if (c == 'b' || c == 'B') {
            *bytes = true;
        }
    }
    return 0;
}

/* Adjacent literals concatenate; any f-string among them makes an N_FSTRING. */
ev_node *lw_lower_strings(lower *L, TSNode whole, TSNode *strs, uint32_t nstr)
{
    ev_node *parts[256];
    uint32_t np = 0;
    ev_buf lit = {0};
    bool any_f = false;
    int any_b = -1; /* -1 none yet, else whether the literals are bytes */
    for (uint32_t k = 0; k < nstr && !L->failed; k++) {
        bool raw, fstr, bytes;
        if (string_prefix(L, strs[k], &raw, &fstr, &bytes))
            break;
        if (any_b >= 0 && any_b != (int)bytes) {
            lw_fail_at(L, whole, "cannot mix bytes and nonbytes literals");
            break;
        }
        any_b = bytes;
        if (fstr) {
            any_f = true;
            lower_fstring_parts(L, strs[k], parts, &np, 256, raw, &lit);
            continue;
        }
        uint32_t nc = ts_node_child_count(strs[k]);
        if (raw && nc >= 2 && lw_is(L, ts_node_child(strs[k], 0), S_string_start) &&
            lw_is(L, ts_node_child(strs[k], nc - 1), S_string_end)) {
            /* raw: the text between the quotes as written (the scanner
             * folds a final backslash pair into string_end: r"\\") */
            uint32_t s = ts_node_end_byte(ts_node_child(strs[k], 0));
            uint32_t q = 0;
            while (q < s && (L->src[s - 1 - q] == '"' || L->src[s - 1 - q] == '\''))
                q++;
            uint32_t e = ts_node_end_byte(strs[k]) - q;
            if (e >= s && (bytes ? decode_bytes_piece(L, strs[k], L->src + s, e - s, true, &lit)
                                 : decode_piece(L, strs[k], L->src + s, e - s, true, false, &lit)))
                break;
            continue;
        }
        for (uint32_t i = 0; i < nc; i++) {
            TSNode c = ts_node_child(strs[k], i);
            if (lw_is(L, c, S_string_content)) {
                uint32_t s = ts_node_start_byte(c), e = ts_node_end_byte(c);
                if (bytes ? decode_bytes_piece(L, c, L->src + s, e - s, raw, &lit)
                          : decode_piece(L, c, L->src + s, e - s, raw, false, &lit))
                    break;
            } else if (lw_is(L, c, S_interpolation)) {
                lw_unsupported(L, c, "this string form");
                break;
            }
        }
    }
    if (L->failed) {
        ev_buf_free(L->I, &lit);
        return NULL;
    }
    if (any_b == 1) {
        ev_value s = ev_bytes_new(L->I, EV_O_BYTES, lit.data, lit.len);
        ev_buf_free(L->I, &lit);
        return lw_lower_const(L, whole, s);
    }
    if (!any_f) {
        /* CPython interns string constants made only of name characters
         * ("a" is "a" is True, in any two places of a program) */
        bool namelike = true;
        for (size_t i = 0; i < lit.len && namelike; i++) {
            unsigned char ch = (unsigned char)lit.data[i];
            namelike = ch == '_' || (ch >= '0' && ch <= '9') || ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z');
        }
        ev_str *in = namelike ? ev_intern(L->I, lit.data ? lit.data : "", lit.len) : NULL;
        if (in) {
            ev_buf_free(L->I, &lit);
            return lw_lower_const(L, whole, ev_dup(ev_obj_val(&in->h)));
        }
        ev_value s = ev_str_new(L->I, lit.data ? lit.data : "", lit.len);
        ev_buf_free(L->I, &lit);
        return lw_lower_const(L, whole, s);
    }
    flush_lit(L, whole, parts, &np, 256, &lit);
    ev_buf_free(L->I, &lit);
    if (L->failed)
        return NULL;
    ev_node *n = lw_node_new(L, N_FSTRING, whole);
    if (!n || !(n->list = lw_list_new(L, np)))
        return NULL;
    memcpy(n->list, parts, np * sizeof *parts);
    n->n = np;
    return n;
}

