/*
 * binascii.c - the binascii module, CPython 3.11 behaviour
 * (Modules/binascii.c): hexlify/unhexlify (with sep and bytes_per_sep),
 * b2a_hex/a2b_hex, base64 lines (newline, strict_mode), crc32 (zlib's),
 * crc_hqx, quoted-printable (b2a_qp/a2b_qp), uuencode (b2a_uu/a2b_uu) and
 * the Error and Incomplete exceptions, with CPython's messages.  Every loop
 * is over bytes already in memory; long ones charge the clock.
 */
#include <string.h>
#include <zlib.h>

#include "evaluator/modules/binascii_int.h"

static ev_value exc_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exc_make(I, (ev_type *)self.u.o, argc, argv);
}

ev_type ev_type_binascii_Error = {STATIC_TYPE, .name = "binascii.Error", .base = &ev_type_ValueError,
                                  .call = exc_new, .max_args = -1, .module = "binascii"};
ev_type ev_type_binascii_Incomplete = {STATIC_TYPE, .name = "binascii.Incomplete", .base = &ev_type_Exception,
                                       .call = exc_new, .max_args = -1, .module = "binascii"};

ev_value ba_bytes_alloc(ev_interp *I, size_t n)
{
    if (ev_mem_reserve(I, n))
        return EV_ERR;
    return ev_bytes_new(I, EV_O_BYTES, NULL, n);
}

int ba_ascii_arg(ev_interp *I, ev_value v, const unsigned char **p, size_t *n)
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
    if (!ev_is_byteslike(v)) {
        ev_raise(I, &ev_type_TypeError, "argument should be bytes, buffer or ASCII string, not '%s'",
                 ev_type_name(v));
        return -1;
    }
    return ev_bytes_view(I, v, p, n);
}

static int charge(ev_interp *I, size_t n) { return ev_charge(I, (int64_t)(n >> 6) + 1); }

static const char hexlower[] = "0123456789abcdef", hexupper[] = "0123456789ABCDEF";

/* ---- hex -------------------------------------------------------------------------------------- */

ev_value ba_hexlify(ev_interp *I, const unsigned char *p, size_t n, bool upper)
{
    if (n > SIZE_MAX / 4 || charge(I, n))
        return n > SIZE_MAX / 4 ? ev_raise_nomem(I) : EV_ERR;
    ev_value r = ba_bytes_alloc(I, 2 * n);
    if (EV_IS_ERR(r))
        return r;
    const char *h = upper ? hexupper : hexlower;
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t i = 0; i < n; i++)
        o[2 * i] = (unsigned char)h[p[i] >> 4], o[2 * i + 1] = (unsigned char)h[p[i] & 15];
    return r;
}

/* hexlify(data, sep=<none>, bytes_per_sep=1), as bytes.hex() */
static ev_value ba_hexlify_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    if (EV_IS_ERR(argv[1]))
        return ba_hexlify(I, p, n, false);
    unsigned char sep;
    ev_value s = argv[1];
    if (ev_is(s, EV_O_STR)) {
        ev_str *st = (ev_str *)s.u.o;
        if (st->nchars != 1)
            return ev_raise(I, &ev_type_ValueError, "sep must be length 1.");
        /* a Latin-1 character goes in as its byte, as CPython's does */
        const unsigned char *u = (const unsigned char *)st->data;
        if (st->ascii)
            sep = u[0];
        else if (st->len == 2 && (u[0] == 0xc2 || u[0] == 0xc3))
            sep = (unsigned char)((u[0] & 3) << 6 | (u[1] & 63));
        else
            return ev_raise(I, &ev_type_ValueError, "sep must be ASCII.");
    } else if (ev_is_byteslike(s)) {
        if (ev_as_bytes(s)->len != 1)
            return ev_raise(I, &ev_type_ValueError, "sep must be length 1.");
        sep = ev_as_bytes(s)->data[0];
        if (sep > 127)
            return ev_raise(I, &ev_type_ValueError, "sep must be ASCII.");
    } else {
        return ev_raise(I, &ev_type_TypeError, "object of type '%s' has no len()", ev_type_name(s));
    }
    int64_t bps = 1;
    if (!EV_IS_ERR(argv[2]) && ev_ssize_arg(I, argv[2], &bps))
        return EV_ERR;
    /* bytes_per_sep's __index__ may have resized a bytearray: look again */
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    if (bps == 0 || n == 0)
        return ba_hexlify(I, p, n, false);
    uint64_t g = bps < 0 ? (uint64_t)0 - (uint64_t)bps : (uint64_t)bps;
    size_t nsep = g >= n ? 0 : (size_t)((n - 1) / g);
    if (n > SIZE_MAX / 4 || charge(I, n))
        return n > SIZE_MAX / 4 ? ev_raise_nomem(I) : EV_ERR;
    ev_value r = ba_bytes_alloc(I, 2 * n + nsep);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t i = 0; i < n; i++) {
        if (i && nsep && (bps > 0 ? (n - i) % g == 0 : i % g == 0))
            *o++ = sep;
        *o++ = (unsigned char)hexlower[p[i] >> 4];
        *o++ = (unsigned char)hexlower[p[i] & 15];
    }
    return r;
}

static int hexval(unsigned char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

ev_value ba_unhexlify(ev_interp *I, const unsigned char *p, size_t n)
{
    if (n % 2)
        return ev_raise(I, &ev_type_binascii_Error, "Odd-length string");
    if (charge(I, n))
        return EV_ERR;
    ev_value r = ba_bytes_alloc(I, n / 2);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    for (size_t i = 0; i < n; i += 2) {
        int a = hexval(p[i]), b = hexval(p[i + 1]);
        if (a < 0 || b < 0) {
            ev_decref(I, r);
            return ev_raise(I, &ev_type_binascii_Error, "Non-hexadecimal digit found");
        }
        o[i / 2] = (unsigned char)(a << 4 | b);
    }
    return r;
}

static ev_value ba_unhexlify_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    return ba_ascii_arg(I, argv[0], &p, &n) ? EV_ERR : ba_unhexlify(I, p, n);
}

/* ---- base64 ----------------------------------------------------------------------------------- */

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64val(unsigned char c)
{
    return c >= 'A' && c <= 'Z'   ? c - 'A'
           : c >= 'a' && c <= 'z' ? c - 'a' + 26
           : c >= '0' && c <= '9' ? c - '0' + 52
           : c == '+'             ? 62
           : c == '/'             ? 63
                                  : -1;
}

ev_value ba_b2a_base64(ev_interp *I, const unsigned char *p, size_t n, bool newline)
{
    if (n > SIZE_MAX / 4 || charge(I, n))
        return n > SIZE_MAX / 4 ? ev_raise_nomem(I) : EV_ERR;
    ev_value r = ba_bytes_alloc(I, (n + 2) / 3 * 4 + newline);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    size_t i = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        *o++ = (unsigned char)b64chars[v >> 18];
        *o++ = (unsigned char)b64chars[(v >> 12) & 63];
        *o++ = (unsigned char)b64chars[(v >> 6) & 63];
        *o++ = (unsigned char)b64chars[v & 63];
    }
    if (n - i == 1) {
        *o++ = (unsigned char)b64chars[p[i] >> 2];
        *o++ = (unsigned char)b64chars[(p[i] & 3) << 4];
        *o++ = '=';
        *o++ = '=';
    } else if (n - i == 2) {
        *o++ = (unsigned char)b64chars[p[i] >> 2];
        *o++ = (unsigned char)b64chars[(p[i] & 3) << 4 | p[i + 1] >> 4];
        *o++ = (unsigned char)b64chars[(p[i + 1] & 15) << 2];
        *o++ = '=';
    }
    if (newline)
        *o++ = '\n';
    return r;
}

/* CPython 3.11's a2b_base64: a state machine over quads; padding ends the
 * data, other characters are skipped unless strict */
ev_value ba_a2b_base64(ev_interp *I, const unsigned char *p, size_t n, bool strict)
{
    if (charge(I, n))
        return EV_ERR;
    ev_value r = ba_bytes_alloc(I, n / 4 * 3 + 3);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o0 = ev_as_bytes(r)->data, *o = o0;
    const char *err = NULL;
    if (strict && n > 0 && p[0] == '=') {
        err = "Leading padding not allowed";
        goto fail;
    }
    int quad = 0, pads = 0;
    bool padding = false;
    unsigned char left = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if (c == '=') {
            padding = true;
            if (strict && quad == 0) {
                err = "Excess padding not allowed";
                goto fail;
            }
            if (quad >= 2 && quad + ++pads >= 4) {
                if (strict && i + 1 < n) {
                    err = "Excess data after padding";
                    goto fail;
                }
                goto done;
            }
            continue;
        }
        int v = b64val(c);
        if (v < 0) {
            if (strict) {
                err = "Only base64 data is allowed";
                goto fail;
            }
            continue;
        }
        if (strict && padding) {
            err = "Discontinuous padding not allowed";
            goto fail;
        }
        pads = 0;
        switch (quad) {
        case 0:
            quad = 1;
            left = (unsigned char)v;
            break;
        case 1:
            quad = 2;
            *o++ = (unsigned char)(left << 2 | v >> 4);
            left = v & 15;
            break;
        case 2:
            quad = 3;
            *o++ = (unsigned char)(left << 4 | v >> 2);
            left = v & 3;
            break;
        default:
            quad = 0;
            *o++ = (unsigned char)(left << 6 | v);
            left = 0;
            break;
        }
    }
    if (quad == 1) {
        ev_decref(I, r);
        return ev_raise(I, &ev_type_binascii_Error,
                        "Invalid base64-encoded string: number of data characters (%zu) cannot be 1 more than a "
                        "multiple of 4",
                        (size_t)(o - o0) / 3 * 4 + 1);
    }
    if (quad != 0) {
        err = "Incorrect padding";
        goto fail;
    }
done:
    ev_as_bytes(r)->len = (size_t)(o - o0);
    return r;
fail:
    ev_decref(I, r);
    return ev_raise(I, &ev_type_binascii_Error, "%s", err);
}

static ev_value ba_b2a_base64_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int nl = 1;
    if (ev_bytes_view(I, argv[0], &p, &n) || (!EV_IS_ERR(argv[1]) && (nl = ev_truth(I, argv[1])) < 0))
        return EV_ERR;
    if (ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    return ba_b2a_base64(I, p, n, nl);
}

static ev_value ba_a2b_base64_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int strict = 0;
    if (!EV_IS_ERR(argv[1]) && (strict = ev_truth(I, argv[1])) < 0)
        return EV_ERR;
    return ba_ascii_arg(I, argv[0], &p, &n) ? EV_ERR : ba_a2b_base64(I, p, n, strict);
}

/* ---- checksums -------------------------------------------------------------------------------- */

/* an unsigned int argument taken modulo 2**32 (clinic's bitwise) */
static int u32_arg(ev_interp *I, ev_value v, uint32_t *out)
{
    if (ev_is(v, EV_O_INT)) {
        *out = (uint32_t)mpz_fdiv_ui(((ev_bigint *)v.u.o)->z, 0x100000000ul);
        return 0;
    }
    int64_t x;
    if (ev_ssize_arg(I, v, &x))
        return -1;
    *out = (uint32_t)x;
    return 0;
}

static ev_value ba_crc32(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    uint32_t c = 0;
    if (ev_bytes_view(I, argv[0], &p, &n) || (!EV_IS_ERR(argv[1]) && u32_arg(I, argv[1], &c)) ||
        ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    uLong acc = c;
    while (n) {
        uInt k = n > (1u << 20) ? (1u << 20) : (uInt)n;
        acc = crc32(acc, p, k);
        p += k, n -= k;
        if (charge(I, k))
            return EV_ERR;
    }
    return ev_int((int64_t)(acc & 0xffffffffu));
}

/* CRC-CCITT (polynomial 0x1021, no reflection), bit by bit */
static ev_value ba_crc_hqx(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    uint32_t c;
    if (ev_bytes_view(I, argv[0], &p, &n) || u32_arg(I, argv[1], &c) || ev_bytes_view(I, argv[0], &p, &n) ||
        charge(I, n * 4))
        return EV_ERR;
    unsigned crc = c & 0xffff;
    for (size_t i = 0; i < n; i++) {
        crc ^= (unsigned)p[i] << 8;
        for (int b = 0; b < 8; b++)
            crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
        crc &= 0xffff;
    }
    return ev_int(crc);
}

/* ---- quoted-printable ------------------------------------------------------------------------- */

#define QP_MAXLINE 76

/* b2a_qp(data, quotetabs=False, istext=True, header=False) */
static ev_value ba_b2a_qp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *d;
    size_t n;
    int quotetabs = 0, istext = 1, header = 0;
    if ((!EV_IS_ERR(argv[1]) && (quotetabs = ev_truth(I, argv[1])) < 0) ||
        (!EV_IS_ERR(argv[2]) && (istext = ev_truth(I, argv[2])) < 0) ||
        (!EV_IS_ERR(argv[3]) && (header = ev_truth(I, argv[3])) < 0) || ev_bytes_view(I, argv[0], &d, &n))
        return EV_ERR;
    if (n > SIZE_MAX / 8 || charge(I, n))
        return n > SIZE_MAX / 8 ? ev_raise_nomem(I) : EV_ERR;
    const unsigned char *nl = n ? memchr(d, '\n', n) : NULL;
    bool crlf = nl && nl > d && nl[-1] == '\r';
    /* each byte takes at most 3 characters plus a soft break of 3 */
    ev_value r = ba_bytes_alloc(I, n * 6 + 3);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    size_t out = 0, in = 0, linelen = 0;
    while (in < n) {
        unsigned char c = d[in];
        if (c > 126 || c == '=' || (header && c == '_') ||
            (c == '.' && linelen == 0 && (in + 1 == n || d[in + 1] == '\n' || d[in + 1] == '\r' || d[in + 1] == 0)) ||
            (!istext && (c == '\r' || c == '\n')) || ((c == '\t' || c == ' ') && in + 1 == n) ||
            (c < 33 && c != '\r' && c != '\n' && (quotetabs || (c != '\t' && c != ' ')))) {
            if (linelen + 3 >= QP_MAXLINE) {
                o[out++] = '=';
                if (crlf)
                    o[out++] = '\r';
                o[out++] = '\n';
                linelen = 0;
            }
            o[out++] = '=';
            o[out++] = (unsigned char)hexupper[c >> 4];
            o[out++] = (unsigned char)hexupper[c & 15];
            in++;
            linelen += 3;
        } else if (istext && (c == '\n' || (in + 1 < n && c == '\r' && d[in + 1] == '\n'))) {
            linelen = 0;
            /* whitespace before a line end is quoted */
            if (out && (o[out - 1] == ' ' || o[out - 1] == '\t')) {
                unsigned char w = o[out - 1];
                o[out - 1] = '=';
                o[out++] = (unsigned char)hexupper[w >> 4];
                o[out++] = (unsigned char)hexupper[w & 15];
            }
            if (crlf)
                o[out++] = '\r';
            o[out++] = '\n';
            in += c == '\r' ? 2 : 1;
        } else {
            if (in + 1 != n && d[in + 1] != '\n' && linelen + 1 >= QP_MAXLINE) {
                o[out++] = '=';
                if (crlf)
                    o[out++] = '\r';
                o[out++] = '\n';
                linelen = 0;
            }
            linelen++;
            o[out++] = header && c == ' ' ? '_' : c;
            in++;
        }
    }
    ev_as_bytes(r)->len = out;
    return r;
}

/* a2b_qp(data, header=False) */
static ev_value ba_a2b_qp(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *d;
    size_t n;
    int header = 0;
    if ((!EV_IS_ERR(argv[1]) && (header = ev_truth(I, argv[1])) < 0) || ba_ascii_arg(I, argv[0], &d, &n) ||
        charge(I, n))
        return EV_ERR;
    ev_value r = ba_bytes_alloc(I, n);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    size_t in = 0, out = 0;
    while (in < n) {
        if (d[in] == '=') {
            in++;
            if (in >= n)
                break;
            if (d[in] == '\n' || d[in] == '\r') {
                /* a soft line break */
                if (d[in] != '\n')
                    while (in < n && d[in] != '\n')
                        in++;
                if (in < n)
                    in++;
            } else if (d[in] == '=') {
                o[out++] = '=';
                in++;
            } else if (in + 1 < n && hexval(d[in]) >= 0 && hexval(d[in + 1]) >= 0) {
                o[out++] = (unsigned char)(hexval(d[in]) << 4 | hexval(d[in + 1]));
                in += 2;
            } else {
                o[out++] = '=';
            }
        } else if (header && d[in] == '_') {
            o[out++] = ' ';
            in++;
        } else {
            o[out++] = d[in++];
        }
    }
    ev_as_bytes(r)->len = out;
    return r;
}

/* ---- uuencode --------------------------------------------------------------------------------- */

/* b2a_uu(data, /, *, backtick=False): one line of at most 45 bytes */
static ev_value ba_b2a_uu(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *d;
    size_t n;
    int bt = 0;
    if (ev_bytes_view(I, argv[0], &d, &n) || (!EV_IS_ERR(argv[1]) && (bt = ev_truth(I, argv[1])) < 0))
        return EV_ERR;
    if (ev_bytes_view(I, argv[0], &d, &n))
        return EV_ERR;
    if (n > 45)
        return ev_raise(I, &ev_type_binascii_Error, "At most 45 bytes at once");
    ev_value r = ba_bytes_alloc(I, 2 + (n + 2) / 3 * 4);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    size_t out = 0;
    o[out++] = bt && n == 0 ? '`' : (unsigned char)(' ' + n);
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)d[i] << 16 | (uint32_t)(i + 1 < n ? d[i + 1] : 0) << 8 | (i + 2 < n ? d[i + 2] : 0);
        for (int k = 18; k >= 0; k -= 6) {
            unsigned ch = (v >> k) & 63;
            o[out++] = bt && ch == 0 ? '`' : (unsigned char)(' ' + ch);
        }
    }
    o[out++] = '\n';
    ev_as_bytes(r)->len = out;
    return r;
}

static ev_value ba_a2b_uu(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *d;
    size_t n;
    if (ba_ascii_arg(I, argv[0], &d, &n))
        return EV_ERR;
    /* the length character; CPython reads the NUL after empty data */
    size_t len = ((n ? d[0] : 0) - ' ') & 077;
    size_t i = n ? 1 : 0;
    ev_value r = ba_bytes_alloc(I, len);
    if (EV_IS_ERR(r))
        return r;
    unsigned char *o = ev_as_bytes(r)->data;
    size_t out = 0;
    uint32_t acc = 0;
    int bits = 0;
    while (out < len) {
        unsigned char c = i < n ? d[i] : 0;
        if (c == '\n' || c == '\r' || i >= n) {
            c = 0;
        } else {
            /* '`' (space + 64) is a zero too */
            if (c < ' ' || c > ' ' + 64) {
                ev_decref(I, r);
                return ev_raise(I, &ev_type_binascii_Error, "Illegal char");
            }
            c = (c - ' ') & 077;
        }
        i++;
        acc = (acc << 6 | c) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            o[out++] = (unsigned char)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    for (; i < n; i++) {
        unsigned char c = d[i];
        if (c != ' ' && c != ' ' + 64 && c != '\n' && c != '\r') {
            ev_decref(I, r);
            return ev_raise(I, &ev_type_binascii_Error, "Trailing garbage");
        }
    }
    return r;
}

static const ev_builtin_def binascii_functions[] = {
    {"hexlify", ba_hexlify_fn, 1, 3, 0, "data, sep, bytes_per_sep"},
    {"b2a_hex", ba_hexlify_fn, 1, 3, 0, "data, sep, bytes_per_sep"},
    {"unhexlify", ba_unhexlify_fn, 1, 1, EV_BF_POSN},
    {"a2b_hex", ba_unhexlify_fn, 1, 1, EV_BF_POSN},
    {"b2a_base64", ba_b2a_base64_fn, 1, 2, 0, "data, /, *, newline"},
    {"a2b_base64", ba_a2b_base64_fn, 1, 2, 0, "data, /, *, strict_mode"},
    {"crc32", ba_crc32, 1, 2, 0, "data, crc, /"},
    {"crc_hqx", ba_crc_hqx, 2, 2, EV_BF_POSN},
    {"b2a_qp", ba_b2a_qp, 1, 4, 0, "data, quotetabs, istext, header"},
    {"a2b_qp", ba_a2b_qp, 1, 2, 0, "data, header"},
    {"b2a_uu", ba_b2a_uu, 1, 2, 0, "data, /, *, backtick"},
    {"a2b_uu", ba_a2b_uu, 1, 1, EV_BF_POSN},
    {NULL, NULL, 0, 0, 0},
};

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "Error", ev_obj_val(&ev_type_binascii_Error.h)) ||
                   ev_module_set(I, ns, "Incomplete", ev_obj_val(&ev_type_binascii_Incomplete.h))
               ? -1
               : 0;
}

const ev_module_def ev_module_binascii = {"binascii", binascii_functions, init, NULL};
