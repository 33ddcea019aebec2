/* str_case.c - the str methods that read Unicode's case and character
 * classes as CPython 3.11 (Unicode 14) does: upper, lower, title,
 * swapcase, capitalize, casefold, istitle and the is* predicates.  The
 * special (multi-code-point) mappings and CPython's case flags are
 * generated tables (casing.h, casing_props.h). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <utf8proc.h>

#include "evaluator/ev.h"
#include "evaluator/casing.h"
#include "evaluator/casing_props.h"
#include "evaluator/objects/str_int.h"

#define SELF ev_as_str(self)

/* The multi-code-point mapping of cp (0 upper, 1 lower, 2 title), or NULL. */
static const uint32_t *special_case(int32_t cp, int which)
{
    const struct special_case *t = which == 0 ? special_upper : which == 1 ? special_lower : special_title;
    size_t n = which == 0 ? sizeof special_upper / sizeof *t
             : which == 1 ? sizeof special_lower / sizeof *t : sizeof special_title / sizeof *t;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t[mid].cp == (uint32_t)cp)
            return t[mid].to;
        if (t[mid].cp < (uint32_t)cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* CPython's per-character case flags (casing_props.h). */
static unsigned case_flags(uint32_t cp)
{
    size_t lo = 0, hi = sizeof case_runs / sizeof *case_runs;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < case_runs[mid].lo)
            hi = mid;
        else if (cp > case_runs[mid].hi)
            lo = mid + 1;
        else
            return case_runs[mid].flags;
    }
    return 0;
}

/* Appends the full case mapping of cp (0 upper, 1 lower, 2 title, 3 cp
 * itself). */
static int put_mapped(ev_interp *I, ev_buf *b, uint32_t cp, int which)
{
    uint32_t out[3] = {cp, 0, 0};
    const uint32_t *multi = which == 3 ? NULL : special_case((int32_t)cp, which);
    if (which == 3) {
        /* unchanged */
    } else if (multi) {
        memcpy(out, multi, sizeof out);
    } else {
        size_t lo = 0, hi = sizeof case_maps / sizeof *case_maps;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (case_maps[mid].cp == cp) {
                uint32_t m = which == 0 ? case_maps[mid].upper
                           : which == 1 ? case_maps[mid].lower : case_maps[mid].title;
                if (m)
                    out[0] = m;
                break;
            }
            if (case_maps[mid].cp < cp)
                lo = mid + 1;
            else
                hi = mid;
        }
    }
    /* out[0] always: it may be U+0000, which maps to itself */
    for (int k = 0; k < 3 && (k == 0 || out[k]); k++) {
        utf8proc_uint8_t enc[4];
        utf8proc_ssize_t n = utf8proc_encode_char((utf8proc_int32_t)out[k], enc);
        if (ev_buf_put(I, b, (const char *)enc, (size_t)n))
            return -1;
    }
    return 0;
}

/* Lower case of cps[i], with the final sigma rule (CPython's
 * handle_capital_sigma): Σ after a cased letter (case-ignorables skipped)
 * and not before one is ς. */
static int put_lower_at(ev_interp *I, ev_buf *b, const uint32_t *cps, size_t n, size_t i)
{
    if (cps[i] != 0x3A3)
        return put_mapped(I, b, cps[i], 1);
    size_t j = i;
    uint32_t c = 0;
    bool found = false;
    while (j > 0) {
        c = cps[--j];
        if (!(case_flags(c) & CP_IGNORABLE)) {
            found = true;
            break;
        }
    }
    bool final = found && (case_flags(c) & CP_CASED);
    if (final) {
        for (j = i + 1; j < n; j++)
            if (!(case_flags(cps[j]) & CP_IGNORABLE))
                break;
        final = j == n || !(case_flags(cps[j]) & CP_CASED);
    }
    return ev_buf_put(I, b, final ? "\xcf\x82" : "\xcf\x83", 2);
}

/* mode: 0 upper, 1 lower, 2 title, 3 capitalize, 4 swapcase; CPython's
 * do_upper/do_lower/do_title/do_capitalize/do_swapcase over its own
 * character flags (Unicode 14.0) and full mappings. */
static ev_value map_case(ev_interp *I, ev_value self, int mode)
{
    ev_str *s = SELF;
    if (ev_charge(I, (int64_t)(s->len / 256)))
        return EV_ERR;
    if (s->ascii) {
        ev_value r = ev_str_new(I, s->data, s->len);
        if (EV_IS_ERR(r))
            return r;
        char *d = ev_as_str(r)->data;
        bool start = true;
        for (size_t i = 0; i < s->len; i++) {
            char c = d[i];
            bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            bool up;
            if (mode == 0) up = true;
            else if (mode == 1) up = false;
            else if (mode == 2) up = start; /* title */
            else if (mode == 3) up = i == 0; /* capitalize */
            else up = !(c >= 'A' && c <= 'Z'); /* swapcase */
            if (alpha)
                d[i] = up ? (char)(c & ~0x20) : (char)(c | 0x20);
            start = !alpha;
        }
        return r;
    }
    uint32_t *cps = ev_alloc(I, (s->nchars ? s->nchars : 1) * sizeof *cps);
    if (!cps)
        return ev_raise_nomem(I);
    size_t n = 0, pos = 0;
    while (pos < s->len && n < s->nchars)
        cps[n++] = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
    ev_buf b = {0};
    bool prev_cased = false;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = cps[i];
        unsigned f = case_flags(cp);
        int r;
        switch (mode) {
        case 0: r = put_mapped(I, &b, cp, 0); break;
        case 1: r = put_lower_at(I, &b, cps, n, i); break;
        case 2:
            r = prev_cased ? put_lower_at(I, &b, cps, n, i) : put_mapped(I, &b, cp, 2);
            prev_cased = (f & CP_CASED) != 0;
            break;
        case 3: r = i == 0 ? put_mapped(I, &b, cp, 2) : put_lower_at(I, &b, cps, n, i); break;
        default:
            if (f & CP_UPPER)
                r = put_lower_at(I, &b, cps, n, i);
            else if (f & CP_LOWER)
                r = put_mapped(I, &b, cp, 0);
            else
                r = put_mapped(I, &b, cp, 3); /* unchanged */
            break;
        }
        if (r) {
            ev_dealloc(I, cps);
            ev_buf_free(I, &b);
            return EV_ERR;
        }
    }
    ev_dealloc(I, cps);
    return ev_buf_to_str(I, &b);
}

ev_value ev_str_m_upper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return map_case(I, self, 0); }
ev_value ev_str_m_lower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return map_case(I, self, 1); }
ev_value ev_str_m_title(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return map_case(I, self, 2); }
ev_value ev_str_m_swapcase(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return map_case(I, self, 4); }
ev_value ev_str_m_capitalize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return map_case(I, self, 3); }

/* str.istitle: upper/title case only after uncased, lower only after cased */
ev_value ev_str_m_istitle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)I;
    ev_str *s = SELF;
    bool cased = false, prev = false;
    size_t pos = 0;
    while (pos < s->len) {
        unsigned f = case_flags((uint32_t)ev_str_decode_at(s->data, s->len, &pos));
        if (f & (CP_UPPER | CP_TITLE)) {
            if (prev)
                return EV_FALSE;
            prev = cased = true;
        } else if (f & CP_LOWER) {
            if (!prev)
                return EV_FALSE;
            prev = cased = true;
        } else {
            prev = false;
        }
    }
    return ev_bool(cased);
}

/* is* predicates, all over code points; false for the empty string. */
static ev_value pred_impl(ev_interp *I, ev_value self, int kind)
{
    ev_str *s = SELF;
    (void)I;
    if (s->len == 0)
        return EV_FALSE;
    size_t pos = 0;
    bool any_cased = false;
    while (pos < s->len) {
        int32_t cp = ev_str_decode_at(s->data, s->len, &pos);
        utf8proc_category_t c = utf8proc_category(cp);
        bool letter = c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
        bool digit = c == UTF8PROC_CATEGORY_ND;
        bool numeric = digit || c == UTF8PROC_CATEGORY_NL || c == UTF8PROC_CATEGORY_NO;
        bool ok;
        switch (kind) {
        case 0: ok = digit || (c == UTF8PROC_CATEGORY_NO && cp >= 0xB2 && cp <= 0xB9); break; /* isdigit */
        case 1: ok = letter; break;                          /* isalpha */
        case 2: ok = letter || numeric; break;               /* isalnum */
        case 3: { size_t nx; size_t p0 = pos; (void)p0; ok = cp == ' ' || (cp >= 9 && cp <= 13) || (cp >= 0x1c && cp <= 0x1f) || c == UTF8PROC_CATEGORY_ZS || c == UTF8PROC_CATEGORY_ZL || c == UTF8PROC_CATEGORY_ZP || cp == 0x85; (void)nx; break; }
        case 4: { /* isupper, over CPython's flags (Ⅻ is upper, ǅ is neither) */
            unsigned f = case_flags((uint32_t)cp);
            if (f & (CP_LOWER | CP_TITLE)) return EV_FALSE;
            if (f & CP_UPPER) any_cased = true;
            ok = true;
            break;
        }
        case 5: { /* islower */
            unsigned f = case_flags((uint32_t)cp);
            if (f & (CP_UPPER | CP_TITLE)) return EV_FALSE;
            if (f & CP_LOWER) any_cased = true;
            ok = true;
            break;
        }
        case 6: ok = digit; break;    /* isdecimal */
        case 7: ok = numeric; break;  /* isnumeric */
        default: ok = cp < 0x80; break; /* isascii */
        }
        if (!ok)
            return EV_FALSE;
    }
    if (kind == 4 || kind == 5)
        return ev_bool(any_cased);
    return EV_TRUE;
}

ev_value ev_str_m_isdigit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 0); }
ev_value ev_str_m_isalpha(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 1); }
ev_value ev_str_m_isalnum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 2); }
ev_value ev_str_m_isspace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 3); }
ev_value ev_str_m_isupper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 4); }
ev_value ev_str_m_islower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 5); }
ev_value ev_str_m_isdecimal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 6); }
ev_value ev_str_m_isnumeric(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; return pred_impl(I, self, 7); }
ev_value ev_str_m_isascii(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) { (void)argc; (void)argv; (void)I; return ev_bool(SELF->ascii); }

/* casefold: full case folding (ß -> ss), from utf8proc */
ev_value ev_str_m_casefold(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv;
    ev_str *s = SELF;
    if (ev_charge(I, (int64_t)(s->len / 256)))
        return EV_ERR;
    ev_buf b = {0};
    size_t pos = 0;
    while (pos < s->len) {
        int32_t cp = ev_str_decode_at(s->data, s->len, &pos);
        utf8proc_int32_t out[8];
        int last = 0;
        utf8proc_ssize_t n = utf8proc_decompose_char(cp, out, 8, UTF8PROC_CASEFOLD, &last);
        if (n < 0 || n > 8) {
            out[0] = cp;
            n = 1;
        }
        for (utf8proc_ssize_t k = 0; k < n; k++) {
            utf8proc_uint8_t enc[4];
            utf8proc_ssize_t m = utf8proc_encode_char(out[k], enc);
            if (ev_buf_put(I, &b, (const char *)enc, (size_t)m)) {
                ev_buf_free(I, &b);
                return EV_ERR;
            }
        }
    }
    return ev_buf_to_str(I, &b);
}
