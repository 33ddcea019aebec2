/*
 * base64.c - the base64 module, CPython 3.11 behaviour (Lib/base64.py,
 * which is Python over binascii): Base64 (standard, URL-safe, altchars,
 * validate), Base32 and Base32hex (casefold, map01), Base16, Base85 and
 * Ascii85 (foldspaces, wrapcol, pad, adobe, ignorechars),
 * encodebytes/decodebytes and encode/decode over file objects (any object
 * with read/readline and write, io.BytesIO among them).  The same inputs,
 * outputs, exception types and messages as base64.py, in C over
 * binascii_int.h.
 */
#include <string.h>

#include "evaluator/modules/binascii_int.h"

/* base64.py's _bytes_from_decode_data: an ASCII str or a bytes-like object */
static int decode_data(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
{
    if (ev_is(v, EV_O_STR)) {
        ev_str *s = (ev_str *)v.u.o;
        if (!s->ascii) {
            ev_raise(I, &ev_type_ValueError, "string argument should contain only ASCII characters");
            return -1;
        }
        *p = (const unsigned char *)s->data;
        *n = s->len;
        return 0;
    }
    if (ev_is_byteslike(v))
        return ev_bytes_view(I, v, p, n);
    ev_raise(I, &ev_type_TypeError, "argument should be a bytes-like object or ASCII string, not '%s'",
             ev_type_name(v));
    return -1;
}

/* memoryview(v).tobytes() where base64.py makes one */
static int memview_data(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
{
    if (ev_is_byteslike(v))
        return ev_bytes_view(I, v, p, n);
    ev_raise(I, &ev_type_TypeError, "memoryview: a bytes-like object is required, not '%s'", ev_type_name(v));
    return -1;
}

/* `assert len(x) == want, repr(x)` */
static int assert_len(ev_interp *I, ev_value x, size_t len, size_t want)
{
    if (len == want)
        return 0;
    ev_value r = ev_repr(I, x);
    if (EV_IS_ERR(r))
        return -1;
    ev_value e = ev_exc_make(I, &ev_type_AssertionError, 1, &r);
    ev_decref(I, r);
    if (!EV_IS_ERR(e))
        ev_raise_value(I, e);
    return -1;
}

static int truth_arg(ev_interp *I, ev_value v, int *out)
{
    *out = 0;
    return EV_IS_ERR(v) ? 0 : (*out = ev_truth(I, v)) < 0 ? -1 : 0;
}

/* a copy of p[0..n) with bytes from[i] replaced by to[i] */
static ev_value translated(ev_interp *I, const unsigned char *p, size_t n, const unsigned char *from,
                           const unsigned char *to, size_t k)
{
    ev_value r = ba_bytes_alloc(I, n);
    if (EV_IS_ERR(r))
        return r;
    unsigned char map[256];
    for (int i = 0; i < 256; i++)
        map[i] = (unsigned char)i;
    for (size_t i = 0; i < k; i++)
        map[from[i]] = to[i];
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t i = 0; i < n; i++)
        o[i] = map[p[i]];
    return r;
}

/* translate the bytes object r in place */
static void translate_inplace(ev_value r, const char *from, const char *to)
{
    ev_bytes *b = ev_as_bytes(r);
    for (size_t i = 0; i < b->len; i++)
        for (size_t k = 0; from[k]; k++)
            if (b->data[i] == (unsigned char)from[k]) {
                b->data[i] = (unsigned char)to[k];
                break;
            }
}

/* ---- Base64 ----------------------------------------------------------------------------------- */

/* b64encode(s, altchars=None) */
static ev_value b64_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value alt = argv[1];
    if (EV_IS_ERR(alt) || alt.tag == EV_T_NONE)
        return ba_b2a_base64(I, p, n, false);
    int64_t len;
    if (ev_len(I, alt, &len) || assert_len(I, alt, (size_t)len, 2))
        return EV_ERR;
    const unsigned char *ap;
    size_t an;
    if (ev_bytes_view(I, alt, &ap, &an) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value r = ba_b2a_base64(I, p, n, false);
    if (EV_IS_ERR(r))
        return r;
    unsigned char to[2] = {ap[0], ap[1]};
    ev_value t = translated(I, ev_as_bytes(r)->data, ev_as_bytes(r)->len, (const unsigned char *)"+/", to, 2);
    ev_decref(I, r);
    return t;
}

static ev_value b64_decode_impl(ev_interp *I, ev_value s, ev_value alt, bool validate)
{
    const unsigned char *p;
    size_t n;
    if (decode_data(I, s, &p, &n))
        return EV_ERR;
    if (EV_IS_ERR(alt) || alt.tag == EV_T_NONE)
        return ba_a2b_base64(I, p, n, validate);
    const unsigned char *ap;
    size_t an;
    if (decode_data(I, alt, &ap, &an) || assert_len(I, alt, an, 2) || decode_data(I, s, &p, &n))
        return EV_ERR;
    unsigned char from[2] = {ap[0], ap[1]};
    ev_value t = translated(I, p, n, from, (const unsigned char *)"+/", 2);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ba_a2b_base64(I, ev_as_bytes(t)->data, ev_as_bytes(t)->len, validate);
    ev_decref(I, t);
    return r;
}

/* b64decode(s, altchars=None, validate=False) */
static ev_value b64_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int validate;
    if (truth_arg(I, argv[2], &validate))
        return EV_ERR;
    return b64_decode_impl(I, argv[0], argv[1], validate);
}

static ev_value b64_std_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    return ev_bytes_view(I, argv[0], &p, &n) ? EV_ERR : ba_b2a_base64(I, p, n, false);
}

static ev_value b64_std_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return b64_decode_impl(I, argv[0], EV_ERR, false);
}

static ev_value b64_url_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value r = b64_std_encode(I, self, argc, argv, kw);
    if (!EV_IS_ERR(r))
        translate_inplace(r, "+/", "-_");
    return r;
}

static ev_value b64_url_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (decode_data(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value t = translated(I, p, n, (const unsigned char *)"-_", (const unsigned char *)"+/", 2);
    if (EV_IS_ERR(t))
        return t;
    ev_value r = ba_a2b_base64(I, ev_as_bytes(t)->data, ev_as_bytes(t)->len, false);
    ev_decref(I, t);
    return r;
}

/* ---- Base32 ----------------------------------------------------------------------------------- */

static const char b32std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", b32hex[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static ev_value b32_encode_impl(ev_interp *I, ev_value s, const char *alpha)
{
    const unsigned char *p;
    size_t n;
    if (memview_data(I, s, &p, &n))
        return EV_ERR;
    if (n > SIZE_MAX / 4)
        return ev_raise_nomem(I);
    size_t groups = (n + 4) / 5;
    ev_value r = ba_bytes_alloc(I, groups * 8);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 6)))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t g = 0; g < groups; g++) {
        uint64_t c = 0;
        for (size_t k = 0; k < 5; k++)
            c = c << 8 | (g * 5 + k < n ? p[g * 5 + k] : 0);
        for (int k = 0; k < 8; k++)
            o[g * 8 + k] = (unsigned char)alpha[(c >> (35 - 5 * k)) & 31];
    }
    static const int pads[5] = {0, 6, 4, 3, 1};
    int pad = pads[n % 5];
    for (int k = 0; k < pad; k++)
        o[groups * 8 - 1 - k] = '=';
    return r;
}

static ev_value b32_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return b32_encode_impl(I, argv[0], b32std);
}

static ev_value b32hex_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return b32_encode_impl(I, argv[0], b32hex);
}

static ev_value b32_decode_impl(ev_interp *I, ev_value s, const char *alpha, ev_value casefold_v, ev_value map01)
{
    const unsigned char *p;
    size_t n;
    int casefold;
    if (decode_data(I, s, &p, &n))
        return EV_ERR;
    if (n % 8)
        return ev_raise(I, &ev_type_binascii_Error, "Incorrect padding");
    unsigned char m1 = 0;
    bool mapping = !EV_IS_ERR(map01) && map01.tag != EV_T_NONE;
    if (mapping) {
        const unsigned char *mp;
        size_t mn;
        if (decode_data(I, map01, &mp, &mn))
            return EV_ERR;
        if (mn != 1) {
            /* the repr is of the bytes base64.py converted map01 to */
            ev_value b = ev_bytes_new(I, EV_O_BYTES, mp, mn);
            if (EV_IS_ERR(b))
                return b;
            int e = assert_len(I, b, mn, 1);
            ev_decref(I, b);
            if (e)
                return EV_ERR;
        }
        m1 = mp[0];
    }
    if (truth_arg(I, casefold_v, &casefold) || decode_data(I, s, &p, &n))
        return EV_ERR;
    int8_t rev[256];
    memset(rev, -1, sizeof rev);
    for (int i = 0; i < 32; i++)
        rev[(unsigned char)alpha[i]] = (int8_t)i;
    size_t l = n, end = n;
    while (end > 0 && p[end - 1] == '=')
        end--;
    size_t padchars = l - end;
    ev_value r = ba_bytes_alloc(I, (end + 7) / 8 * 5);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 6)))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    uint64_t acc = 0;
    for (size_t i = 0; i < end; i += 8) {
        acc = 0;
        for (size_t k = i; k < i + 8 && k < end; k++) {
            unsigned char c = p[k];
            if (mapping && (c == '0' || c == '1'))
                c = c == '0' ? 'O' : m1;
            if (casefold && c >= 'a' && c <= 'z')
                c = (unsigned char)(c - 32);
            if (rev[c] < 0) {
                ev_decref(I, r);
                return ev_raise(I, &ev_type_binascii_Error, "Non-base32 digit found");
            }
            acc = (acc << 5) + (uint64_t)rev[c];
        }
        for (int k = 0; k < 5; k++)
            o[i / 8 * 5 + k] = (unsigned char)(acc >> (32 - 8 * k));
    }
    if (padchars != 0 && padchars != 1 && padchars != 3 && padchars != 4 && padchars != 6) {
        ev_decref(I, r);
        return ev_raise(I, &ev_type_binascii_Error, "Incorrect padding");
    }
    size_t len = (end + 7) / 8 * 5;
    if (padchars && len) {
        acc <<= 5 * padchars;
        size_t leftover = (43 - 5 * padchars) / 8;
        for (size_t k = 0; k < leftover; k++)
            o[len - 5 + k] = (unsigned char)(acc >> (32 - 8 * k));
        len = len - 5 + leftover;
    }
    ev_as_bytes(r)->len = len;
    return r;
}

static ev_value b32_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return b32_decode_impl(I, argv[0], b32std, argv[1], argv[2]);
}

static ev_value b32hex_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return b32_decode_impl(I, argv[0], b32hex, argv[1], EV_ERR);
}

/* ---- Base16 ----------------------------------------------------------------------------------- */

static ev_value b16_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    return ev_bytes_view(I, argv[0], &p, &n) ? EV_ERR : ba_hexlify(I, p, n, true);
}

static ev_value b16_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int casefold;
    if (decode_data(I, argv[0], &p, &n) || truth_arg(I, argv[1], &casefold) || decode_data(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value t = ba_bytes_alloc(I, n);
    if (EV_IS_ERR(t))
        return t;
    unsigned char *o = ev_as_bytes(t)->data;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (casefold && c >= 'a' && c <= 'z')
            c = (unsigned char)(c - 32);
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) {
            ev_decref(I, t);
            return ev_raise(I, &ev_type_binascii_Error, "Non-base16 digit found");
        }
        o[i] = c;
    }
    ev_value r = ba_unhexlify(I, o, n);
    ev_decref(I, t);
    return r;
}

/* ---- Base85 and Ascii85 ----------------------------------------------------------------------- */

static const char b85alpha[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~";

/* base64.py's _85encode: 5 characters per big-endian word, 'z' and 'y'
 * folds, the last word cut to its data unless pad; alpha NULL: Ascii85
 * (characters 33..117) */
static ev_value enc85(ev_interp *I, const unsigned char *p, size_t n, const char *alpha, bool pad, bool foldnuls,
                      bool foldspaces, size_t prefix, size_t suffix)
{
    if (n > SIZE_MAX / 4)
        return ev_raise_nomem(I);
    size_t words = (n + 3) / 4, padding = (4 - n % 4) % 4;
    /* the framing the caller adds goes in the same buffer */
    ev_value r = ba_bytes_alloc(I, prefix + words * 5 + suffix);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 4)))
        return r;
    unsigned char *o0 = ev_as_bytes(r)->data + prefix, *o = o0, *last = o;
    for (size_t w = 0; w < words; w++) {
        uint32_t word = 0;
        for (size_t k = 0; k < 4; k++)
            word = word << 8 | (w * 4 + k < n ? p[w * 4 + k] : 0);
        last = o;
        if (foldnuls && word == 0) {
            *o++ = 'z';
        } else if (foldspaces && word == 0x20202020u) {
            *o++ = 'y';
        } else {
            for (int k = 4; k >= 0; k--) {
                unsigned d = word % 85;
                word /= 85;
                last[k] = alpha ? (unsigned char)alpha[d] : (unsigned char)(33 + d);
            }
            o += 5;
        }
    }
    if (padding && !pad) {
        if (*last == 'z' && o - last == 1) {
            for (int k = 0; k < 5; k++)
                last[k] = alpha ? (unsigned char)alpha[0] : 33;
            o = last + 5;
        }
        o -= padding;
    }
    ev_as_bytes(r)->len = prefix + (size_t)(o - o0);
    return r;
}

/* a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False) */
static ev_value a85_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int foldspaces, pad, adobe;
    int64_t wrapcol = 0;
    if (memview_data(I, argv[0], &p, &n) || truth_arg(I, argv[1], &foldspaces) ||
        (!EV_IS_ERR(argv[2]) && ev_index(I, argv[2], &wrapcol, NULL)) || truth_arg(I, argv[3], &pad) ||
        truth_arg(I, argv[4], &adobe) || memview_data(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value r = enc85(I, p, n, NULL, pad, true, foldspaces, adobe ? 2 : 0, 0);
    if (EV_IS_ERR(r))
        return r;
    if (adobe)
        memcpy(ev_as_bytes(r)->data, "<~", 2);
    if (!wrapcol && !adobe)
        return r;
    ev_bytes *res = ev_as_bytes(r);
    size_t w = 0, len = res->len;
    if (wrapcol) {
        int64_t lo = adobe ? 2 : 1;
        w = wrapcol < lo ? (size_t)lo : (size_t)wrapcol;
    }
    size_t lines = w ? (len + w - 1) / w : 1;
    if (lines == 0)
        lines = 1;
    size_t lastlen = w && len ? len - (lines - 1) * w : len;
    bool extra = adobe && w && lastlen + 2 > w;
    size_t total = len + (lines ? lines - 1 : 0) + (extra ? 1 : 0) + (adobe ? 2 : 0);
    ev_value out = ba_bytes_alloc(I, total);
    if (EV_IS_ERR(out)) {
        ev_decref(I, r);
        return out;
    }
    unsigned char *o = ev_as_bytes(out)->data;
    for (size_t i = 0; i < len; i++) {
        if (w && i && i % w == 0)
            *o++ = '\n';
        *o++ = res->data[i];
    }
    if (extra)
        *o++ = '\n';
    if (adobe) {
        *o++ = '~';
        *o++ = '>';
    }
    ev_as_bytes(out)->len = (size_t)(o - ev_as_bytes(out)->data);
    ev_decref(I, r);
    return out;
}

/* ValueError('Non-Ascii85 digit found: %c' % x): the character chr(x) */
static ev_value a85_bad_digit(ev_interp *I, unsigned x)
{
    /* built from its bytes: the character may be NUL */
    char msg[40] = "Non-Ascii85 digit found: ";
    size_t n = strlen(msg);
    if (x < 128)
        msg[n++] = (char)x;
    else
        msg[n++] = (char)(0xc0 | x >> 6), msg[n++] = (char)(0x80 | (x & 63));
    ev_value m = ev_str_new(I, msg, n);
    if (EV_IS_ERR(m))
        return m;
    ev_value e = ev_exc_make(I, &ev_type_ValueError, 1, &m);
    ev_decref(I, m);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v') */
static ev_value a85_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p, *ig = (const unsigned char *)" \t\n\r\v";
    size_t n, nig = 5;
    int foldspaces, adobe;
    if (decode_data(I, argv[0], &p, &n) || truth_arg(I, argv[1], &foldspaces) || truth_arg(I, argv[2], &adobe))
        return EV_ERR;
    ev_value igv = argv[3];
    if (!EV_IS_ERR(igv)) {
        if (ev_is(igv, EV_O_STR))
            return ev_raise(I, &ev_type_TypeError, "'in <string>' requires string as left operand, not int");
        if (!ev_is_byteslike(igv))
            return ev_raise(I, &ev_type_TypeError, "argument of type '%s' is not iterable", ev_type_name(igv));
        if (ev_bytes_view(I, igv, &ig, &nig))
            return EV_ERR;
    }
    if (decode_data(I, argv[0], &p, &n))
        return EV_ERR;
    if (adobe) {
        if (n < 2 || p[n - 2] != '~' || p[n - 1] != '>')
            return ev_raise(I, &ev_type_ValueError, "Ascii85 encoded byte sequences must end with b'~>'");
        if (n >= 4 && p[0] == '<' && p[1] == '~')
            p += 2, n -= 4;
        else
            n -= 2;
    }
    if (n > SIZE_MAX / 8)
        return ev_raise_nomem(I);
    /* at most 4 bytes per input byte ('z', 'y') */
    ev_value r = ba_bytes_alloc(I, n * 4 + 4);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 4)))
        return r;
    unsigned char *o0 = ev_as_bytes(r)->data, *o = o0;
    unsigned char curr[5];
    int nc = 0;
    for (size_t i = 0; i < n + 4; i++) {
        unsigned x = i < n ? p[i] : 'u';
        if (x >= '!' && x <= 'u') {
            curr[nc++] = (unsigned char)x;
            if (nc == 5) {
                uint64_t acc = 0;
                for (int k = 0; k < 5; k++)
                    acc = 85 * acc + (uint64_t)(curr[k] - 33);
                if (acc > 0xffffffffu) {
                    ev_decref(I, r);
                    return ev_raise(I, &ev_type_ValueError, "Ascii85 overflow");
                }
                for (int k = 0; k < 4; k++)
                    *o++ = (unsigned char)(acc >> (24 - 8 * k));
                nc = 0;
            }
        } else if (x == 'z') {
            if (nc) {
                ev_decref(I, r);
                return ev_raise(I, &ev_type_ValueError, "z inside Ascii85 5-tuple");
            }
            memset(o, 0, 4);
            o += 4;
        } else if (foldspaces && x == 'y') {
            if (nc) {
                ev_decref(I, r);
                return ev_raise(I, &ev_type_ValueError, "y inside Ascii85 5-tuple");
            }
            memset(o, ' ', 4);
            o += 4;
        } else if (nig && memchr(ig, (int)x, nig)) {
            continue;
        } else {
            ev_decref(I, r);
            return a85_bad_digit(I, x);
        }
    }
    size_t len = (size_t)(o - o0), padding = 4 - (size_t)nc;
    if (padding)
        len = len >= padding ? len - padding : 0;
    ev_as_bytes(r)->len = len;
    return r;
}

/* b85encode(b, pad=False) */
static ev_value b85_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int pad;
    if (truth_arg(I, argv[1], &pad) || memview_data(I, argv[0], &p, &n))
        return EV_ERR;
    return enc85(I, p, n, b85alpha, pad, false, false, 0, 0);
}

/* b85decode(b) */
static ev_value b85_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (decode_data(I, argv[0], &p, &n))
        return EV_ERR;
    int8_t dec[256];
    memset(dec, -1, sizeof dec);
    for (int i = 0; i < 85; i++)
        dec[(unsigned char)b85alpha[i]] = (int8_t)i;
    size_t padding = (5 - n % 5) % 5, chunks = (n + padding) / 5;
    if (n > SIZE_MAX / 4)
        return ev_raise_nomem(I);
    ev_value r = ba_bytes_alloc(I, chunks * 4);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 4)))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t c = 0; c < chunks; c++) {
        uint64_t acc = 0;
        for (size_t k = 0; k < 5; k++) {
            size_t at = c * 5 + k;
            int v = at < n ? dec[p[at]] : 84;
            if (v < 0) {
                ev_decref(I, r);
                return ev_raise(I, &ev_type_ValueError, "bad base85 character at position %zu", at);
            }
            acc = acc * 85 + (uint64_t)v;
        }
        if (acc > 0xffffffffu) {
            ev_decref(I, r);
            return ev_raise(I, &ev_type_ValueError, "base85 overflow in hunk starting at byte %zu", c * 5);
        }
        for (int k = 0; k < 4; k++)
            o[c * 4 + k] = (unsigned char)(acc >> (24 - 8 * k));
    }
    ev_as_bytes(r)->len = chunks * 4 - padding;
    return r;
}

/* ---- the legacy interface --------------------------------------------------------------------- */

#define MAXBINSIZE 57

/* base64.py's _input_type_check */
static int input_type_check(ev_interp *I, ev_value s)
{
    if (ev_is_byteslike(s))
        return 0;
    ev_raise(I, &ev_type_TypeError, "expected bytes-like object, not %s", ev_type_name(s));
    return -1;
}

static ev_value encodebytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (input_type_check(I, argv[0]))
        return EV_ERR;
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    if (n > SIZE_MAX / 4)
        return ev_raise_nomem(I);
    size_t lines = (n + MAXBINSIZE - 1) / MAXBINSIZE;
    ev_value r = ba_bytes_alloc(I, (n + 2) / 3 * 4 + lines + lines * 4);
    if (EV_IS_ERR(r) || ev_charge(I, (int64_t)(n >> 6)))
        return r;
    size_t out = 0;
    for (size_t i = 0; i < n; i += MAXBINSIZE) {
        size_t k = n - i < MAXBINSIZE ? n - i : MAXBINSIZE;
        ev_value line = ba_b2a_base64(I, p + i, k, true);
        if (EV_IS_ERR(line)) {
            ev_decref(I, r);
            return line;
        }
        memcpy(ev_as_bytes(r)->data + out, ev_as_bytes(line)->data, ev_as_bytes(line)->len);
        out += ev_as_bytes(line)->len;
        ev_decref(I, line);
    }
    ev_as_bytes(r)->len = out;
    return r;
}

static ev_value decodebytes(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (input_type_check(I, argv[0]) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    return ba_a2b_base64(I, p, n, false);
}

/* obj.name(args...) */
static ev_value call_method(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    ev_str *s = ev_intern(I, name, strlen(name));
    if (!s)
        return EV_ERR;
    ev_value m = ev_getattr(I, obj, s);
    if (EV_IS_ERR(m))
        return m;
    ev_value r = ev_call(I, m, argc, argv, 0, NULL, NULL);
    ev_decref(I, m);
    return r;
}

static int write_to(ev_interp *I, ev_value output, ev_value data)
{
    ev_value r = call_method(I, output, "write", 1, &data);
    if (EV_IS_ERR(r))
        return -1;
    ev_decref(I, r);
    return 0;
}

/* encode(input, output): input.read(57) until it gives nothing, each line to output.write */
static ev_value file_encode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value in = argv[0], out = argv[1];
    for (;;) {
        ev_value want = ev_int(MAXBINSIZE);
        ev_value s = call_method(I, in, "read", 1, &want);
        if (EV_IS_ERR(s))
            return s;
        int t = ev_truth(I, s);
        if (t <= 0) {
            ev_decref(I, s);
            return t < 0 ? EV_ERR : EV_NONE;
        }
        for (;;) {
            int64_t len;
            if (ev_len(I, s, &len)) {
                ev_decref(I, s);
                return EV_ERR;
            }
            if (len >= MAXBINSIZE)
                break;
            ev_value more = ev_int(MAXBINSIZE - len);
            ev_value ns = call_method(I, in, "read", 1, &more);
            if (EV_IS_ERR(ns)) {
                ev_decref(I, s);
                return ns;
            }
            t = ev_truth(I, ns);
            if (t <= 0) {
                ev_decref(I, ns);
                if (t < 0) {
                    ev_decref(I, s);
                    return EV_ERR;
                }
                break;
            }
            ev_value joined = ev_binary(I, EV_OP_ADD, s, ns);
            ev_decref(I, s);
            ev_decref(I, ns);
            if (EV_IS_ERR(joined))
                return joined;
            s = joined;
        }
        const unsigned char *p;
        size_t n;
        ev_value line = ev_bytes_view(I, s, &p, &n) ? EV_ERR : ba_b2a_base64(I, p, n, true);
        ev_decref(I, s);
        if (EV_IS_ERR(line))
            return line;
        int e = write_to(I, out, line);
        ev_decref(I, line);
        if (e)
            return EV_ERR;
    }
}

/* decode(input, output): each input.readline() decoded to output.write */
static ev_value file_decode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value in = argv[0], out = argv[1];
    for (;;) {
        ev_value line = call_method(I, in, "readline", 0, NULL);
        if (EV_IS_ERR(line))
            return line;
        int t = ev_truth(I, line);
        if (t <= 0) {
            ev_decref(I, line);
            return t < 0 ? EV_ERR : EV_NONE;
        }
        const unsigned char *p;
        size_t n;
        ev_value s = ba_ascii_arg(I, line, &p, &n) ? EV_ERR : ba_a2b_base64(I, p, n, false);
        ev_decref(I, line);
        if (EV_IS_ERR(s))
            return s;
        int e = write_to(I, out, s);
        ev_decref(I, s);
        if (e)
            return EV_ERR;
    }
}

static const ev_builtin_def base64_functions[] = {
    {"b64encode", b64_encode, 1, 2, 0, "s, altchars"},
    {"b64decode", b64_decode, 1, 3, 0, "s, altchars, validate"},
    {"standard_b64encode", b64_std_encode, 1, 1, 0, "s"},
    {"standard_b64decode", b64_std_decode, 1, 1, 0, "s"},
    {"urlsafe_b64encode", b64_url_encode, 1, 1, 0, "s"},
    {"urlsafe_b64decode", b64_url_decode, 1, 1, 0, "s"},
    {"b32encode", b32_encode, 1, 1, 0, "s"},
    {"b32decode", b32_decode, 1, 3, 0, "s, casefold, map01"},
    {"b32hexencode", b32hex_encode, 1, 1, 0, "s"},
    {"b32hexdecode", b32hex_decode, 1, 2, 0, "s, casefold"},
    {"b16encode", b16_encode, 1, 1, 0, "s"},
    {"b16decode", b16_decode, 1, 2, 0, "s, casefold"},
    {"b85encode", b85_encode, 1, 2, 0, "b, pad"},
    {"b85decode", b85_decode, 1, 1, 0, "b"},
    {"a85encode", a85_encode, 1, 1, 0, "b, *, foldspaces, wrapcol, pad, adobe"},
    {"a85decode", a85_decode, 1, 1, 0, "b, *, foldspaces, adobe, ignorechars"},
    {"encodebytes", encodebytes, 1, 1, 0, "s"},
    {"decodebytes", decodebytes, 1, 1, 0, "s"},
    {"encode", file_encode, 2, 2, 0, "input, output"},
    {"decode", file_decode, 2, 2, 0, "input, output"},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "MAXLINESIZE", ev_int(76)) || ev_module_set(I, ns, "MAXBINSIZE", ev_int(MAXBINSIZE))
               ? -1
               : 0;
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "encode",       "decode",       "encodebytes",        "decodebytes",        "b64encode",
    "b64decode",    "b32encode",    "b32decode",          "b32hexencode",       "b32hexdecode",
    "b16encode",    "b16decode",    "b85encode",          "b85decode",          "a85encode",
    "a85decode",    "standard_b64encode", "standard_b64decode", "urlsafe_b64encode", "urlsafe_b64decode",
    NULL,
};

const ev_module_def ev_module_base64 = {"base64", base64_functions, init, all_names};
