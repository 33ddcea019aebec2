/*
 * json_dec.c - the JSON scanner: CPython 3.11's Modules/_json.c
 * scan_once_unicode and scanstring_unicode (what JSONDecoder uses when the
 * accelerator is there, as it always is in CPython), step by step: the same
 * messages at the same positions, StopIteration's position for "Expecting
 * value", the hooks called at the same moments, int/float parsed directly
 * unless parse_int/parse_float replace them.
 *
 * A str is UTF-8 here: the scanner walks bytes and converts positions to
 * character indexes only where they leave (an error, the end index).  Every
 * nesting level enters the interpreter's recursion count, with _json's
 * RecursionError messages, so deep input ends in RecursionError and never
 * reaches the C stack's end.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluator/modules/json_int.h"

typedef struct jp {
    ev_interp *I;
    const json_dec *d;
    ev_value doc;
    const unsigned char *s;
    size_t n;
    int64_t *stop; /* StopIteration(byte position) pending when >= 0 */
} jp;

static int64_t char_of_byte(const ev_str *s, size_t b)
{
    if (s->ascii)
        return (int64_t)b;
    int64_t c = 0;
    for (size_t i = 0; i < b && i < s->len; i++)
        c += ((unsigned char)s->data[i] & 0xC0) != 0x80;
    return c;
}

static size_t byte_of_char(const ev_str *s, int64_t c)
{
    if (s->ascii)
        return (size_t)c;
    size_t i = 0;
    while (i < s->len && c > 0) {
        i++;
        while (i < s->len && ((unsigned char)s->data[i] & 0xC0) == 0x80)
            i++;
        c--;
    }
    return i;
}

static ev_value err_at(jp *p, const char *msg, size_t bytepos)
{
    return json_raise_error(p->I, msg, p->doc, char_of_byte(ev_as_str(p->doc), bytepos));
}

static ev_value stop_at(jp *p, size_t bytepos)
{
    *p->stop = (int64_t)bytepos;
    return EV_ERR;
}

#define IS_WS(c) ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')

static size_t skip_ws(const jp *p, size_t i)
{
    while (i < p->n && IS_WS(p->s[i]))
        i++;
    return i;
}

static int put_cp(ev_interp *I, ev_buf *b, uint32_t c)
{
    char u[4];
    size_t k;
    if (c < 0x80) {
        u[0] = (char)c;
        k = 1;
    } else if (c < 0x800) {
        u[0] = (char)(0xC0 | (c >> 6));
        u[1] = (char)(0x80 | (c & 0x3F));
        k = 2;
    } else if (c < 0x10000) { /* a lone surrogate too: its 3-byte form, as str keeps it */
        u[0] = (char)(0xE0 | (c >> 12));
        u[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        u[2] = (char)(0x80 | (c & 0x3F));
        k = 3;
    } else {
        u[0] = (char)(0xF0 | (c >> 18));
        u[1] = (char)(0x80 | ((c >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((c >> 6) & 0x3F));
        u[3] = (char)(0x80 | (c & 0x3F));
        k = 4;
    }
    return ev_buf_put(I, b, u, k);
}

static int hex4(const unsigned char *s, uint32_t *out)
{
    uint32_t c = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char d = s[i];
        c <<= 4;
        if (d >= '0' && d <= '9')
            c |= (uint32_t)(d - '0');
        else if (d >= 'a' && d <= 'f')
            c |= (uint32_t)(d - 'a' + 10);
        else if (d >= 'A' && d <= 'F')
            c |= (uint32_t)(d - 'A' + 10);
        else
            return -1;
    }
    *out = c;
    return 0;
}

/* scanstring_unicode: end is just after the opening quote */
static ev_value scanstring(jp *p, size_t end, size_t *next_end)
{
    ev_interp *I = p->I;
    const unsigned char *s = p->s;
    size_t n = p->n, begin = end - 1, next;
    ev_buf b = {0};
    bool used = false;
    for (;;) {
        unsigned char c = 0;
        for (next = end; next < n; next++) {
            c = s[next];
            if (c == '"' || c == '\\')
                break;
            if (c <= 0x1f && p->d->strict) {
                ev_buf_free(I, &b);
                return err_at(p, "Invalid control character at", next);
            }
        }
        if (next >= n) {
            ev_buf_free(I, &b);
            return err_at(p, "Unterminated string starting at", begin);
        }
        if (c == '"' && !used) {
            *next_end = next + 1;
            return ev_str_new(I, (const char *)s + end, next - end);
        }
        used = true;
        if (next != end && ev_buf_put(I, &b, (const char *)s + end, next - end))
            goto fail;
        next++;
        if (c == '"') {
            end = next;
            break;
        }
        if (next == n) {
            ev_buf_free(I, &b);
            return err_at(p, "Unterminated string starting at", begin);
        }
        uint32_t cp = s[next];
        if (cp != 'u') {
            end = next + 1;
            switch (cp) {
            case '"': case '\\': case '/': break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            default: cp = 0;
            }
            if (cp == 0) {
                ev_buf_free(I, &b);
                return err_at(p, "Invalid \\escape", next - 1);
            }
        } else {
            next++;
            end = next + 4;
            if (end >= n || hex4(s + next, &cp)) {
                ev_buf_free(I, &b);
                return err_at(p, "Invalid \\uXXXX escape", next - 1);
            }
            next = end;
            if (cp >= 0xD800 && cp <= 0xDBFF && end + 6 < n && s[end] == '\\' && s[end + 1] == 'u') {
                uint32_t c2;
                if (hex4(s + end + 2, &c2)) {
                    ev_buf_free(I, &b);
                    return err_at(p, "Invalid \\uXXXX escape", end + 1);
                }
                if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
                    cp = 0x10000 + (((cp - 0xD800) << 10) | (c2 - 0xDC00));
                    end += 6;
                }
            }
        }
        if (put_cp(I, &b, cp))
            goto fail;
    }
    *next_end = end;
    return ev_buf_to_str(I, &b);
fail:
    ev_buf_free(I, &b);
    return EV_ERR;
}

static ev_value scan_once(jp *p, size_t idx, size_t *next);

static ev_value call1(ev_interp *I, ev_value fn, ev_value arg_steal)
{
    if (EV_IS_ERR(arg_steal))
        return arg_steal;
    ev_value r = ev_call(I, fn, 1, &arg_steal, 0, NULL, NULL);
    ev_decref(I, arg_steal);
    return r;
}

static ev_value parse_object(jp *p, size_t idx, size_t *next_idx)
{
    ev_interp *I = p->I;
    const unsigned char *s = p->s;
    size_t n = p->n, next;
    bool pairs = p->d->object_pairs_hook.tag != EV_T_NONE;
    ev_value rval = pairs ? ev_list_new(I, 0) : ev_dict_new(I);
    if (EV_IS_ERR(rval))
        return rval;
    idx = skip_ws(p, idx);
    if (idx >= n || s[idx] != '}') {
        for (;;) {
            if (ev_tick(I))
                goto fail;
            if (idx >= n || s[idx] != '"') {
                err_at(p, "Expecting property name enclosed in double quotes", idx);
                goto fail;
            }
            ev_value key = scanstring(p, idx + 1, &next);
            if (EV_IS_ERR(key))
                goto fail;
            idx = skip_ws(p, next);
            if (idx >= n || s[idx] != ':') {
                ev_decref(I, key);
                err_at(p, "Expecting ':' delimiter", idx);
                goto fail;
            }
            idx = skip_ws(p, idx + 1);
            ev_value val = scan_once(p, idx, &next);
            if (EV_IS_ERR(val)) {
                ev_decref(I, key);
                goto fail;
            }
            int e;
            if (pairs) {
                ev_value t = ev_tuple_new(I, 2);
                if (EV_IS_ERR(t)) {
                    ev_decref(I, key);
                    ev_decref(I, val);
                    goto fail;
                }
                ev_as_tuple(t)->items[0] = key;
                ev_as_tuple(t)->items[1] = val;
                e = ev_list_append(I, ev_as_list(rval), t);
                ev_decref(I, t);
            } else {
                e = ev_dict_set(I, ev_as_dict(rval), key, val);
                ev_decref(I, key);
                ev_decref(I, val);
            }
            if (e)
                goto fail;
            idx = skip_ws(p, next);
            if (idx < n && s[idx] == '}')
                break;
            if (idx >= n || s[idx] != ',') {
                err_at(p, "Expecting ',' delimiter", idx);
                goto fail;
            }
            idx = skip_ws(p, idx + 1);
        }
    }
    *next_idx = idx + 1;
    if (pairs)
        return call1(I, p->d->object_pairs_hook, rval);
    if (p->d->object_hook.tag != EV_T_NONE)
        return call1(I, p->d->object_hook, rval);
    return rval;
fail:
    ev_decref(I, rval);
    return EV_ERR;
}

static ev_value parse_array(jp *p, size_t idx, size_t *next_idx)
{
    ev_interp *I = p->I;
    const unsigned char *s = p->s;
    size_t n = p->n, next;
    ev_value rval = ev_list_new(I, 0);
    if (EV_IS_ERR(rval))
        return rval;
    idx = skip_ws(p, idx);
    if (idx >= n || s[idx] != ']') {
        for (;;) {
            if (ev_tick(I))
                goto fail;
            ev_value val = scan_once(p, idx, &next);
            if (EV_IS_ERR(val))
                goto fail;
            int e = ev_list_append(I, ev_as_list(rval), val);
            ev_decref(I, val);
            if (e)
                goto fail;
            idx = skip_ws(p, next);
            if (idx < n && s[idx] == ']')
                break;
            if (idx >= n || s[idx] != ',') {
                err_at(p, "Expecting ',' delimiter", idx);
                goto fail;
            }
            idx = skip_ws(p, idx + 1);
        }
    }
    if (idx >= n || s[idx] != ']') {
        /* _json reports the last character's index */
        size_t last = n ? n - 1 : 0;
        while (last > 0 && (s[last] & 0xC0) == 0x80)
            last--;
        err_at(p, "Expecting value", last);
        goto fail;
    }
    *next_idx = idx + 1;
    return rval;
fail:
    ev_decref(I, rval);
    return EV_ERR;
}

static ev_value parse_constant(jp *p, const char *name, size_t idx, size_t *next_idx)
{
    ev_interp *I = p->I;
    size_t len = strlen(name);
    *next_idx = idx + len;
    if (p->d->parse_constant.tag == EV_T_NONE)
        return ev_float(name[0] == 'N' ? __builtin_nan("") : name[0] == '-' ? -__builtin_inf()
                                                                             : __builtin_inf());
    ev_str *cs = ev_intern(I, name, len);
    if (!cs)
        return ev_raise_nomem(I);
    ev_value a = ev_obj_val(&cs->h);
    return ev_call(I, p->d->parse_constant, 1, &a, 0, NULL, NULL);
}

static ev_value match_number(jp *p, size_t start, size_t *next_idx)
{
    ev_interp *I = p->I;
    const unsigned char *s = p->s;
    size_t n = p->n, idx = start;
    bool is_float = false;
#define DIG(i) (s[i] >= '0' && s[i] <= '9')
    if (s[idx] == '-') {
        idx++;
        if (idx >= n)
            return stop_at(p, start);
    }
    if (s[idx] >= '1' && s[idx] <= '9') {
        idx++;
        while (idx < n && DIG(idx))
            idx++;
    } else if (s[idx] == '0') {
        idx++;
    } else {
        return stop_at(p, start);
    }
    if (idx + 1 < n && s[idx] == '.' && DIG(idx + 1)) {
        is_float = true;
        idx += 2;
        while (idx < n && DIG(idx))
            idx++;
    }
    if (idx + 1 < n && (s[idx] == 'e' || s[idx] == 'E')) {
        size_t e_start = idx;
        idx++;
        if (idx + 1 < n && (s[idx] == '-' || s[idx] == '+'))
            idx++;
        while (idx < n && DIG(idx))
            idx++;
        if (DIG(idx - 1))
            is_float = true;
        else
            idx = e_start;
    }
#undef DIG
    *next_idx = idx;
    size_t len = idx - start;
    ev_value custom = EV_ERR;
    if (is_float && !(ev_is(p->d->parse_float, EV_O_TYPE) &&
                      p->d->parse_float.u.o == &ev_type_float.h))
        custom = p->d->parse_float;
    else if (!is_float && !(ev_is(p->d->parse_int, EV_O_TYPE) &&
                            p->d->parse_int.u.o == &ev_type_int.h))
        custom = p->d->parse_int;
    if (!EV_IS_ERR(custom))
        return call1(I, custom, ev_str_new(I, (const char *)s + start, len));
    if (!is_float && len <= 18) {
        int64_t v = 0;
        size_t i = start + (s[start] == '-');
        for (; i < idx; i++)
            v = v * 10 + (s[i] - '0');
        return ev_int(s[start] == '-' ? -v : v);
    }
    if (!is_float) { /* int(text): its digit limit and big ints */
        ev_value a = ev_str_new(I, (const char *)s + start, len);
        return call1(I, ev_obj_val(&ev_type_int.h), a);
    }
    char small[64], *txt = small;
    if (len >= sizeof small) {
        txt = ev_alloc(I, len + 1);
        if (!txt)
            return ev_raise_nomem(I);
    }
    memcpy(txt, s + start, len);
    txt[len] = '\0';
    double d = strtod(txt, NULL);
    if (txt != small)
        ev_dealloc(I, txt);
    return ev_float(d);
}

static ev_value scan_once(jp *p, size_t idx, size_t *next)
{
    ev_interp *I = p->I;
    const unsigned char *s = p->s;
    size_t n = p->n;
    if (idx >= n)
        return stop_at(p, idx);
    ev_value r;
    switch (s[idx]) {
    case '"':
        return scanstring(p, idx + 1, next);
    case '{':
        if (ev_recursion_enter(I, " while decoding a JSON object from a unicode string"))
            return EV_ERR;
        r = parse_object(p, idx + 1, next);
        ev_recursion_leave(I);
        return r;
    case '[':
        if (ev_recursion_enter(I, " while decoding a JSON array from a unicode string"))
            return EV_ERR;
        r = parse_array(p, idx + 1, next);
        ev_recursion_leave(I);
        return r;
    case 'n':
        if (idx + 3 < n && memcmp(s + idx + 1, "ull", 3) == 0) {
            *next = idx + 4;
            return EV_NONE;
        }
        break;
    case 't':
        if (idx + 3 < n && memcmp(s + idx + 1, "rue", 3) == 0) {
            *next = idx + 4;
            return EV_TRUE;
        }
        break;
    case 'f':
        if (idx + 4 < n && memcmp(s + idx + 1, "alse", 4) == 0) {
            *next = idx + 5;
            return EV_FALSE;
        }
        break;
    case 'N':
        if (idx + 2 < n && memcmp(s + idx + 1, "aN", 2) == 0)
            return parse_constant(p, "NaN", idx, next);
        break;
    case 'I':
        if (idx + 7 < n && memcmp(s + idx + 1, "nfinity", 7) == 0)
            return parse_constant(p, "Infinity", idx, next);
        break;
    case '-':
        if (idx + 8 < n && memcmp(s + idx + 1, "Infinity", 8) == 0)
            return parse_constant(p, "-Infinity", idx, next);
        break;
    }
    return match_number(p, idx, next);
}

ev_value json_scan(ev_interp *I, const json_dec *d, ev_value s, int64_t idx, int64_t *end,
                   int64_t *stop)
{
    *stop = -1;
    if (idx < 0)
        return ev_raise(I, &ev_type_ValueError, "idx cannot be negative");
    const ev_str *str = ev_as_str(s);
    ev_incref(s);
    int64_t bstop = -1;
    jp p = {I, d, s, (const unsigned char *)str->data, str->len, &bstop};
    size_t next = 0;
    ev_value r = idx >= (int64_t)str->nchars ? stop_at(&p, str->len + (size_t)(idx - (int64_t)str->nchars))
                                            : scan_once(&p, byte_of_char(str, idx), &next);
    if (EV_IS_ERR(r)) {
        if (bstop >= 0)
            *stop = (size_t)bstop > str->len ? idx : char_of_byte(str, (size_t)bstop);
    } else {
        *end = char_of_byte(str, next);
    }
    ev_decref(I, s);
    return r;
}
