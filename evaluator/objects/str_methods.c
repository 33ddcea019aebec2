/* str methods over code-point properties that str.c does not need elsewhere:
 * expandtabs, isidentifier, isprintable, maketrans/translate (CPython 3.11,
 * Unicode 14). */
#include <stdint.h>
#include <string.h>
#include <utf8proc.h>

#include "evaluator/ev.h"
#include "evaluator/objects/str_int.h"
#include "evaluator/ucd.h"

static int32_t next_cp(const ev_str *s, size_t *pos)
{
    return ev_str_decode_at(s->data, s->len, pos);
}

int ev_str_ssize_arg(ev_interp *I, ev_value v, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    ev_value ix;
    int got = ev_index_try(I, v, &ix);
    if (got) {
        int e = got < 0 ? -1 : ev_str_ssize_arg(I, ix, out);
        if (got > 0)
            ev_decref(I, ix);
        return e;
    }
    if (ev_is(v, EV_O_INT))
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
    else
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
    return -1;
}

/* Columns count code points; a tab moves to the next multiple of tabsize
 * (tabsize <= 0 drops tabs); '\n' and '\r' restart the column, as CPython. */
ev_value ev_str_m_expandtabs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    int64_t tabsize = 8;
    if (!EV_IS_ERR(argv[0]) && ev_str_ssize_arg(I, argv[0], &tabsize))
        return EV_ERR;
    ev_str *s = ev_as_str(self);
    if (!memchr(s->data, '\t', s->len))
        return ev_str_unchanged(I, self);
    if (ev_charge(I, (int64_t)(s->len / 256)))
        return EV_ERR;
    /* the result's length first: no partial work on a string that cannot be made */
    uint64_t col = 0, spaces_total = 0, ntabs = 0;
    for (size_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if ((c & 0xC0) == 0x80)
            continue;
        if (c == '\t') {
            if (tabsize > 0) {
                uint64_t incr = (uint64_t)tabsize - col % (uint64_t)tabsize;
                col += incr;
                spaces_total += incr;
            }
            ntabs++;
        } else if (c == '\n' || c == '\r') {
            col = 0;
        } else {
            col++;
        }
        if (col > (uint64_t)INT64_MAX / 2 || spaces_total > (uint64_t)INT64_MAX / 2)
            return ev_raise(I, &ev_type_OverflowError, "new string is too long");
    }
    uint64_t total = s->len - ntabs + spaces_total;
    if (ev_mem_reserve(I, (size_t)total))
        return EV_ERR;
    ev_buf b = {0};
    static const char spaces[64] = "                                                                ";
    col = 0;
    size_t run = 0;   /* start of the bytes not yet copied */
    for (size_t i = 0; i < s->len; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if ((c & 0xC0) == 0x80)
            continue;
        if (c == '\t') {
            if (ev_buf_put(I, &b, s->data + run, i - run))
                goto fail;
            run = i + 1;
            if (tabsize > 0) {
                uint64_t incr = (uint64_t)tabsize - col % (uint64_t)tabsize;
                col += incr;
                while (incr > 0) {
                    size_t k = incr > sizeof spaces ? sizeof spaces : (size_t)incr;
                    if (ev_buf_put(I, &b, spaces, k))
                        goto fail;
                    incr -= k;
                }
            }
        } else if (c == '\n' || c == '\r') {
            col = 0;
        } else {
            col++;
        }
    }
    if (ev_buf_put(I, &b, s->data + run, s->len - run))
        goto fail;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

/* XID_Start / XID_Continue of Unicode 14 from the general category, with the
 * Other_ID_* additions and the characters whose NFKC form is not an
 * identifier (checked against python3 over every code point). */
static bool xid(int32_t cp, bool start)
{
    if (cp < 0x80)
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || cp == '_' ||
               (!start && cp >= '0' && cp <= '9');
    if (ev_ucd_is_new((uint32_t)cp))
        return false;
    switch (cp) {
    case 0x37A: case 0x2E2F: case 0x309B: case 0x309C: case 0xFDFA: case 0xFDFB:
    case 0xFE70: case 0xFE72: case 0xFE74: case 0xFE76: case 0xFE78: case 0xFE7A:
    case 0xFE7C: case 0xFE7E:
        return false;
    case 0xE33: case 0xEB3: case 0xFF9E: case 0xFF9F:
        return !start;
    case 0x1885: case 0x1886: case 0x2118: case 0x212E:
        return true;
    case 0xB7: case 0x387: case 0x19DA:
        return !start;
    default:
        break;
    }
    if ((cp >= 0xFC5E && cp <= 0xFC63))
        return false;
    if (cp >= 0x1369 && cp <= 0x1371)
        return !start;
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

ev_value ev_str_m_isidentifier(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_str *s = ev_as_str(self);
    if (ev_charge(I, (int64_t)(s->len / 1024)))
        return EV_ERR;
    if (s->len == 0)
        return EV_FALSE;
    size_t pos = 0;
    bool first = true;
    while (pos < s->len) {
        if (!xid(next_cp(s, &pos), first))
            return EV_FALSE;
        first = false;
    }
    return EV_TRUE;
}

bool ev_str_cp_printable(int32_t cp)
{
    if (cp < 0x80)
        return cp >= 0x20 && cp < 0x7F;
    if (ev_ucd_is_new((uint32_t)cp))
        return false;
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_CC: case UTF8PROC_CATEGORY_CF: case UTF8PROC_CATEGORY_CS:
    case UTF8PROC_CATEGORY_CO: case UTF8PROC_CATEGORY_CN: case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP: case UTF8PROC_CATEGORY_ZS:
        return false;
    default:
        return true;
    }
}

ev_value ev_str_m_isprintable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)argv; (void)kw;
    ev_str *s = ev_as_str(self);
    if (ev_charge(I, (int64_t)(s->len / 1024)))
        return EV_ERR;
    size_t pos = 0;
    while (pos < s->len)
        if (!ev_str_cp_printable(next_cp(s, &pos)))
            return EV_FALSE;
    return EV_TRUE;
}

static int put_cp(ev_interp *I, ev_buf *b, int64_t cp)
{
    char buf[4];
    int n;
    uint32_t c = (uint32_t)cp;
    if (c < 0x80) { buf[0] = (char)c; n = 1; }
    else if (c < 0x800) { buf[0] = (char)(0xC0 | (c >> 6)); buf[1] = (char)(0x80 | (c & 0x3F)); n = 2; }
    else if (c < 0x10000) { buf[0] = (char)(0xE0 | (c >> 12)); buf[1] = (char)(0x80 | ((c >> 6) & 0x3F)); buf[2] = (char)(0x80 | (c & 0x3F)); n = 3; }
    else { buf[0] = (char)(0xF0 | (c >> 18)); buf[1] = (char)(0x80 | ((c >> 12) & 0x3F)); buf[2] = (char)(0x80 | ((c >> 6) & 0x3F)); buf[3] = (char)(0x80 | (c & 0x3F)); n = 4; }
    return ev_buf_put(I, b, buf, (size_t)n);
}

/* str.maketrans(x[, y[, z]]): a dict from code points to code points,
 * strings or None, as CPython's unicode_maketrans. */
ev_value ev_str_t_maketrans(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self; (void)kw;
    ev_value d = ev_dict_new(I);
    if (EV_IS_ERR(d))
        return d;
    if (argc == 1) {
        if (!ev_is(argv[0], EV_O_DICT)) {
            ev_decref(I, d);
            return ev_raise(I, &ev_type_TypeError, "if you give only one argument to maketrans it must be a dict");
        }
        ev_dict *src = ev_as_dict(argv[0]);
        for (size_t i = 0; i < src->nentries; i++) {
            ev_value k = src->entries[i].key;
            if (EV_IS_ERR(k))
                continue;
            ev_value key = k;
            if (ev_is(k, EV_O_STR)) {
                ev_str *ks = ev_as_str(k);
                if (ks->nchars != 1) {
                    ev_decref(I, d);
                    return ev_raise(I, &ev_type_ValueError, "string keys in translate table must be of length 1");
                }
                size_t pos = 0;
                key = ev_int(next_cp(ks, &pos));
            } else if (!ev_is_int(k)) {
                ev_decref(I, d);
                return ev_raise(I, &ev_type_TypeError, "keys in translate table must be strings or integers");
            }
            if (ev_dict_set(I, ev_as_dict(d), key, src->entries[i].value)) {
                ev_decref(I, d);
                return EV_ERR;
            }
        }
        return d;
    }
    if (!ev_is(argv[0], EV_O_STR)) {
        ev_decref(I, d);
        return ev_raise(I, &ev_type_TypeError, "first maketrans argument must be a string if there is a second argument");
    }
    for (int a = 1; a < argc; a++)
        if (!ev_is(argv[a], EV_O_STR)) {
            ev_decref(I, d);
            return ev_raise(I, &ev_type_TypeError, "maketrans() argument %d must be str, not %s", a + 1,
                            ev_type_name(argv[a]));
        }
    ev_str *x = ev_as_str(argv[0]), *y = ev_as_str(argv[1]);
    if (x->nchars != y->nchars) {
        ev_decref(I, d);
        return ev_raise(I, &ev_type_ValueError, "the first two maketrans arguments must have equal length");
    }
    size_t px = 0, py = 0;
    while (px < x->len) {
        int32_t a = next_cp(x, &px), b = next_cp(y, &py);
        if (ev_dict_set(I, ev_as_dict(d), ev_int(a), ev_int(b))) {
            ev_decref(I, d);
            return EV_ERR;
        }
    }
    if (argc > 2) {
        ev_str *z = ev_as_str(argv[2]);
        size_t pz = 0;
        while (pz < z->len)
            if (ev_dict_set(I, ev_as_dict(d), ev_int(next_cp(z, &pz)), EV_NONE)) {
                ev_decref(I, d);
                return EV_ERR;
            }
    }
    return d;
}

/* str.translate(table): table[ord(c)] for each character; a LookupError
 * keeps it, None drops it, an int or a str replaces it. */
ev_value ev_str_m_translate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)argc; (void)kw;
    ev_str *s = ev_as_str(self);
    ev_value table = argv[0];
    bool plain = ev_is(table, EV_O_DICT) && !ev_is_user(table);
    if (ev_charge(I, (int64_t)(s->len / 64)))
        return EV_ERR;
    ev_buf b = {0};
    size_t pos = 0;
    while (pos < s->len) {
        size_t start = pos;
        int32_t cp = next_cp(s, &pos);
        ev_value v;
        int found;
        if (plain) {
            found = ev_dict_get(I, ev_as_dict(table), ev_int(cp), &v);
        } else {
            v = ev_getitem(I, table, ev_int(cp));
            found = 1;
            if (EV_IS_ERR(v)) {
                ev_exc *e = ev_is(I->exc, EV_O_EXC) ? (ev_exc *)I->exc.u.o : NULL;
                if (!e || I->limit || !ev_type_is_subclass(e->type, &ev_type_LookupError))
                    found = -1;
                else {
                    ev_decref(I, I->exc);
                    I->exc = EV_NONE;
                    found = 0;
                }
            }
        }
        int r = 0;
        if (found < 0) {
            r = -1;
        } else if (!found) {
            r = ev_buf_put(I, &b, s->data + start, pos - start);
        } else {
            if (v.tag == EV_T_NONE) {
                /* dropped */
            } else if (ev_is(v, EV_O_STR)) {
                r = ev_buf_put(I, &b, ev_as_str(v)->data, ev_as_str(v)->len);
            } else if (ev_is_int(v)) {
                if (v.tag == EV_T_OBJ || v.u.i < 0 || v.u.i > 0x10FFFF) {
                    ev_raise(I, &ev_type_ValueError, "character mapping must be in range(0x110000)");
                    r = -1;
                } else {
                    r = put_cp(I, &b, v.u.i);
                }
            } else {
                ev_raise(I, &ev_type_TypeError, "character mapping must return integer, None or str");
                r = -1;
            }
            ev_decref(I, v);
        }
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
    }
    return ev_buf_to_str(I, &b);
}
