/*
 * decimal_fmt.c - Decimal.__format__: the format specification
 * mini-language for decimals as CPython 3.11's C _decimal accepts it
 * (libmpdec's mpd_parse_fmt_str: fill, align, sign, 'z', zero padding,
 * width, ',' grouping, precision and the types e E f F g G n %; '#' and
 * '_' are refused), laid out as Lib/_pydecimal.py's __format__,
 * _format_number and _insert_thousands_sep do.  The 'n' type formats as
 * 'g' in the C locale (the sandbox has no other).
 */
#include <string.h>

#include "evaluator/modules/decimal_int.h"

typedef struct fspec {
    char fill[5]; /* one UTF-8 character */
    char align;
    char sign;
    bool no_neg_0, zeropad, comma;
    int64_t width, prec; /* prec -1: none */
    char type;           /* 0: none */
} fspec;

static int bad_spec(ev_interp *I)
{
    ev_raise(I, &ev_type_ValueError, "invalid format string");
    return -1;
}

static int utf8_len(unsigned char c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

static bool is_align(char c) { return c == '<' || c == '>' || c == '=' || c == '^'; }

static int read_num(const char **p, int64_t *out)
{
    int64_t v = 0;
    const char *s = *p;
    while (*s >= '0' && *s <= '9') {
        if (v > INT64_MAX / 20)
            return -1;
        v = v * 10 + (*s - '0');
        s++;
    }
    *p = s;
    *out = v;
    return 0;
}

static int parse_spec(ev_interp *I, const char *s, size_t n, fspec *f)
{
    memset(f, 0, sizeof *f);
    strcpy(f->fill, " ");
    f->align = '>';
    f->sign = '-';
    f->prec = -1;
    const char *p = s, *end = s + n;
    bool have_align = false;
    if (p < end) {
        int l = utf8_len((unsigned char)*p);
        if (p + l < end && is_align(p[l])) {
            memcpy(f->fill, p, (size_t)l);
            f->fill[l] = 0;
            f->align = p[l];
            p += l + 1;
            have_align = true;
        } else if (is_align(*p)) {
            f->align = *p++;
            have_align = true;
        }
    }
    (void)have_align;
    if (p < end && (*p == '+' || *p == '-' || *p == ' '))
        f->sign = *p++;
    if (p < end && *p == 'z') {
        f->no_neg_0 = true;
        p++;
    }
    if (p < end && *p == '0') {
        f->zeropad = true;
        p++;
    }
    if (p < end && *p >= '1' && *p <= '9' && read_num(&p, &f->width))
        return bad_spec(I);
    if (p < end && *p == ',') {
        f->comma = true;
        p++;
    }
    if (p < end && *p == '.') {
        p++;
        if (!(p < end && *p >= '0' && *p <= '9') || read_num(&p, &f->prec))
            return bad_spec(I);
    }
    if (p < end && strchr("eEfFgGn%", *p) && *p)
        f->type = *p++;
    if (p != end)
        return bad_spec(I);
    if (f->type == 'n') {
        if (f->comma)
            return bad_spec(I);
        f->type = 'g';
    }
    if (f->prec == 0 && (f->type == 0 || f->type == 'g' || f->type == 'G'))
        f->prec = 1;
    return 0;
}

static int64_t utf8_chars(const char *s, size_t n)
{
    int64_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

/* _format_align: sign and body padded to the width */
static ev_value align_out(ev_interp *I, const char *sign, const char *body, size_t blen, const fspec *f)
{
    int64_t len = (int64_t)strlen(sign) + utf8_chars(body, blen);
    int64_t pad = f->width > len ? f->width - len : 0;
    if (pad > 100000000)
        return ev_raise_limit(I, "memory");
    ev_buf b = {0};
    int64_t left = 0, right = 0;
    bool mid = false;
    switch (f->align) {
    case '<': right = pad; break;
    case '=': mid = true; break;
    case '^': left = pad / 2; right = pad - left; break;
    default: left = pad;
    }
    int r = 0;
    for (int64_t i = 0; !r && i < left; i++)
        r = ev_buf_puts(I, &b, f->fill);
    if (!r)
        r = ev_buf_puts(I, &b, sign);
    for (int64_t i = 0; !r && mid && i < pad; i++)
        r = ev_buf_puts(I, &b, f->fill);
    if (!r)
        r = ev_buf_put(I, &b, body, blen);
    for (int64_t i = 0; !r && i < right; i++)
        r = ev_buf_puts(I, &b, f->fill);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}

/* _insert_thousands_sep with groups of 3 (sep "," or none), zero padded
 * to min_width */
static int put_int_part(ev_interp *I, ev_buf *b, const char *digits, int64_t nd, bool comma, int64_t min_width)
{
    if (!comma) {
        int64_t z = min_width > nd ? min_width - nd : 0;
        if (nd == 0 && z == 0)
            z = 1;
        for (int64_t i = 0; i < z; i++)
            if (ev_buf_put(I, b, "0", 1))
                return -1;
        return ev_buf_put(I, b, digits, (size_t)nd);
    }
    /* the groups from the right, as _insert_thousands_sep builds them */
    int64_t cap = nd + (min_width > 0 ? min_width : 0) + 8;
    char *tmp = ev_alloc(I, (size_t)cap * 2 + 8);
    if (!tmp) {
        ev_raise_nomem(I);
        return -1;
    }
    int64_t pos = cap * 2 + 4; /* fill from the end */
    int64_t rem = nd;
    const int64_t sep = 1;
    for (;;) {
        int64_t l = rem;
        if (l < min_width)
            l = min_width;
        if (l < 1)
            l = 1;
        if (l > 3)
            l = 3;
        int64_t take = rem < l ? rem : l;
        /* '0' * (l - len) + digits[-l:] */
        for (int64_t i = 0; i < take; i++)
            tmp[--pos] = digits[rem - 1 - i];
        for (int64_t i = take; i < l; i++)
            tmp[--pos] = '0';
        rem -= take;
        min_width -= l;
        if (rem == 0 && min_width <= 0)
            break;
        min_width -= sep;
        tmp[--pos] = ',';
        if (pos < 8) {
            ev_dealloc(I, tmp);
            return ev_raise_limit(I, "memory"), -1;
        }
    }
    int r = ev_buf_put(I, b, tmp + pos, (size_t)(cap * 2 + 4 - pos));
    ev_dealloc(I, tmp);
    return r;
}

static void free_gmp_str(char *s)
{
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
}

/* _round: to `places` significant digits, quietly */
static int round_sig(ev_interp *I, dec *d, int64_t places, int round)
{
    if (d->special || dec_is_zero(d))
        return 0;
    dec t;
    dec_init(&t);
    int64_t adj = dec_adjusted(d);
    int rc = dec_rescale(I, &t, d, adj + 1 - places, round);
    if (!rc && dec_adjusted(&t) != adj) {
        dec u;
        dec_init(&u);
        rc = dec_rescale(I, &u, &t, dec_adjusted(&t) + 1 - places, round);
        dec_copy(&t, &u);
        dec_clear(&u);
    }
    if (!rc)
        dec_copy(d, &t);
    dec_clear(&t);
    return rc;
}

ev_value dec_format(ev_interp *I, const dec *src, ev_str *spec, const dctx *ctx)
{
    fspec f;
    if (parse_spec(I, spec->data, spec->len, &f))
        return EV_ERR;
    if (f.prec > 100000000 || f.width > 100000000)
        return ev_raise_limit(I, "memory");
    const char *sign_neg = "-";
    if (src->special) {
        const char *sign = src->sign ? sign_neg : f.sign == '+' ? "+" : f.sign == ' ' ? " " : "";
        const char *body = src->special == DEC_INF ? "Infinity" : src->special == DEC_NAN ? "NaN" : "sNaN";
        ev_buf b = {0};
        int r = ev_buf_puts(I, &b, body);
        if (!r && dec_is_nan(src) && mpz_sgn(src->c)) {
            char *s = mpz_get_str(NULL, 10, src->c);
            r = ev_buf_puts(I, &b, s);
            free_gmp_str(s);
        }
        if (!r && f.type == '%')
            r = ev_buf_puts(I, &b, "%");
        if (r) {
            ev_buf_free(I, &b);
            return EV_ERR;
        }
        ev_value out = align_out(I, sign, b.data ? b.data : "", b.len, &f);
        ev_buf_free(I, &b);
        return out;
    }
    dec d;
    dec_init(&d);
    dec_copy(&d, src);
    ev_value res = EV_ERR;
    char type = f.type ? f.type : (ctx->capitals ? 'G' : 'g');
    if (type == '%')
        d.e += 2;
    int rnd = ctx->round;
    if (f.prec >= 0) {
        if (type == 'e' || type == 'E') {
            if (round_sig(I, &d, f.prec + 1, rnd))
                goto out;
        } else if (type == 'f' || type == 'F' || type == '%') {
            dec t;
            dec_init(&t);
            int rc = dec_rescale(I, &t, &d, -f.prec, rnd);
            dec_copy(&d, &t);
            dec_clear(&t);
            if (rc)
                goto out;
        } else if (dec_ndigits(d.c) > f.prec) {
            if (round_sig(I, &d, f.prec, rnd))
                goto out;
        }
    }
    if (dec_is_zero(&d) && d.e > 0 && (type == 'f' || type == 'F' || type == '%'))
        d.e = 0;
    int sign = dec_is_zero(&d) && f.no_neg_0 ? 0 : d.sign;
    {
        char *digits = mpz_get_str(NULL, 10, d.c);
        int64_t n = (int64_t)strlen(digits);
        int64_t left = d.e + n, dot;
        if (type == 'e' || type == 'E')
            dot = dec_is_zero(&d) && f.prec >= 0 ? 1 - f.prec : 1;
        else if (type == 'f' || type == 'F' || type == '%')
            dot = left;
        else
            dot = d.e <= 0 && left > -6 ? left : 1;
        /* intpart and fracpart as (pointer, length, leading zeros) */
        const char *ip = digits, *fp = "";
        int64_t il, fl = 0, izeros = 0, fzeros = 0;
        if (dot < 0) {
            ip = "0";
            il = 1;
            fzeros = -dot;
            fp = digits;
            fl = n;
        } else if (dot > n) {
            il = n;
            izeros = dot - n;
        } else {
            il = dot;
            fp = digits + dot;
            fl = n - dot;
            if (il == 0) {
                ip = "0";
                il = 1;
            }
        }
        if (izeros + fzeros > 200000000) {
            free_gmp_str(digits);
            ev_raise_limit(I, "memory");
            goto out;
        }
        int64_t exp = left - dot;
        ev_buf frac = {0}, whole = {0};
        int r = 0;
        if (fl + fzeros > 0) {
            r = ev_buf_put(I, &frac, ".", 1);
            for (int64_t i = 0; !r && i < fzeros; i++)
                r = ev_buf_put(I, &frac, "0", 1);
            if (!r)
                r = ev_buf_put(I, &frac, fp, (size_t)fl);
        }
        if (!r && (exp != 0 || type == 'e' || type == 'E'))
            r = ev_buf_printf(I, &frac, "%c%+lld", (type == 'E' || type == 'G') ? 'E' : 'e', (long long)exp);
        if (!r && type == '%')
            r = ev_buf_put(I, &frac, "%", 1);
        const char *sg = sign ? "-" : f.sign == '+' ? "+" : f.sign == ' ' ? " " : "";
        /* the integer part's digits, padded as the zero fill asks */
        char *intdigits = NULL;
        if (!r) {
            intdigits = ev_alloc(I, (size_t)(il + izeros) + 1);
            if (!intdigits) {
                ev_raise_nomem(I);
                r = -1;
            } else {
                memcpy(intdigits, ip, (size_t)il);
                memset(intdigits + il, '0', (size_t)izeros);
                intdigits[il + izeros] = 0;
            }
        }
        int64_t min_width = f.zeropad ? f.width - (int64_t)frac.len - (int64_t)strlen(sg) : 0;
        if (!r)
            r = put_int_part(I, &whole, intdigits, il + izeros, f.comma, min_width);
        if (!r && frac.len)
            r = ev_buf_put(I, &whole, frac.data, frac.len);
        if (intdigits)
            ev_dealloc(I, intdigits);
        free_gmp_str(digits);
        ev_buf_free(I, &frac);
        if (!r)
            res = align_out(I, sg, whole.data ? whole.data : "", whole.len, &f);
        ev_buf_free(I, &whole);
    }
out:
    dec_clear(&d);
    return res;
}
