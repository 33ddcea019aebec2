/*
 * exception_unicode.c - UnicodeEncodeError, UnicodeDecodeError and
 * UnicodeTranslateError as CPython 3.11's Objects/exceptions.c makes them:
 * args is the tuple of the constructor's arguments ((encoding, object,
 * start, end, reason); a translate error has no encoding), the five
 * attributes live in the exception's attribute dict (so `e.start = 0`
 * works), and str(e) is computed from the attributes when it is asked for.
 * The codecs (bytes.c) raise them through ev_unicode_error_new.
 */
#include <string.h>

#include "evaluator/ev.h"
#include "evaluator/objects/str_int.h"

enum { UE_ENCODE, UE_DECODE, UE_TRANSLATE, UE_NONE };

static int which(const ev_type *t)
{
    return t == &ev_type_UnicodeEncodeError   ? UE_ENCODE
           : t == &ev_type_UnicodeDecodeError ? UE_DECODE
           : t == &ev_type_UnicodeTranslateError ? UE_TRANSLATE
                                                 : UE_NONE;
}

bool ev_unicode_error_type(const ev_type *t)
{
    return which(t) != UE_NONE;
}

static const char *const attr_names[] = {"encoding", "object", "start", "end", "reason"};

/* e's attribute dict holding the five values (new references taken). */
static int set_attrs(ev_interp *I, ev_exc *e, const ev_value *v)
{
    if (!e->dict) {
        ev_value d = ev_dict_new(I);
        if (EV_IS_ERR(d))
            return -1;
        e->dict = ev_as_dict(d);
    }
    for (int k = 0; k < 5; k++) {
        ev_str *name = ev_intern(I, attr_names[k], strlen(attr_names[k]));
        if (!name || ev_dict_set_str(I, e->dict, name, v[k]))
            return -1;
    }
    return 0;
}

/* PyArg_ParseTuple's "n": an int that fits a Py_ssize_t. */
static int ssize_arg(ev_interp *I, ev_value v, int64_t *out)
{
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT))
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C ssize_t");
    else
        ev_raise(I, &ev_type_TypeError, "'%s' object cannot be interpreted as an integer", ev_type_name(v));
    return -1;
}

static bool is_str(ev_value v)
{
    return ev_type_is_subclass(ev_type_of(v), &ev_type_str);
}

/* UnicodeEncodeError(encoding, object, start, end, reason) and the others:
 * PyArg_ParseTuple("UUnnU" / "UOnnU" / "UnnU"), then the exception.  A
 * decode error's object is copied into bytes from a bytearray. */
ev_value ev_unicode_error_make(ev_interp *I, ev_type *t, int argc, const ev_value *argv)
{
    int w = which(t);
    int want = w == UE_TRANSLATE ? 4 : 5, off = w == UE_TRANSLATE ? 1 : 0;
    if (argc != want)
        return ev_raise(I, &ev_type_TypeError, "function takes exactly %d arguments (%d given)", want, argc);
    ev_value v[5] = {EV_NONE, EV_NONE, EV_NONE, EV_NONE, EV_NONE};
    int64_t start = 0, end = 0;
    for (int k = off; k < 5; k++) {
        ev_value a = argv[k - off];
        bool want_str = k == 0 || k == 4 || (k == 1 && w != UE_DECODE);
        if (want_str && !is_str(a))
            return ev_raise(I, &ev_type_TypeError, "argument %d must be str, not %s", k - off + 1,
                            ev_type_name(a));
        if ((k == 2 && ssize_arg(I, a, &start)) || (k == 3 && ssize_arg(I, a, &end)))
            return EV_ERR;
    }
    (void)start;
    (void)end;
    ev_value obj = argv[1 - off];
    if (w == UE_DECODE && !ev_is(obj, EV_O_BYTES)) {
        if (!ev_is(obj, EV_O_BYTEARRAY))
            return ev_raise(I, &ev_type_TypeError, "a bytes-like object is required, not '%s'", ev_type_name(obj));
        ev_bytes *ba = ev_as_bytes(obj);
        obj = ev_bytes_new(I, EV_O_BYTES, ba->data, ba->len);
        if (EV_IS_ERR(obj))
            return obj;
    } else {
        ev_incref(obj);
    }
    ev_value args = ev_tuple_new(I, (size_t)argc);
    if (EV_IS_ERR(args)) {
        ev_decref(I, obj);
        return args;
    }
    for (int i = 0; i < argc; i++)
        ev_as_tuple(args)->items[i] = ev_dup(argv[i]);
    ev_value e = ev_exc_new(I, t, args);
    if (EV_IS_ERR(e)) {
        ev_decref(I, obj);
        return e;
    }
    for (int k = off; k < 5; k++)
        v[k] = k == 1 ? obj : argv[k - off];
    int r = set_attrs(I, (ev_exc *)e.u.o, v);
    ev_decref(I, obj);
    if (r) {
        ev_decref(I, e);
        return EV_ERR;
    }
    return e;
}

/* The error a codec raises: UnicodeEncodeError/UnicodeDecodeError(codec,
 * obj, start, end, reason), raised. */
ev_value ev_unicode_error_raise(ev_interp *I, ev_type *t, const char *codec, ev_value obj, size_t start, size_t end,
                                const char *reason)
{
    /* the codec hands over the bytes it read, as bytes, args included */
    ev_value o = ev_is(obj, EV_O_BYTEARRAY) ? ev_bytes_new(I, EV_O_BYTES, ev_as_bytes(obj)->data, ev_as_bytes(obj)->len)
                                            : ev_dup(obj);
    if (EV_IS_ERR(o))
        return o;
    ev_value a[5] = {ev_str_from_cstr(I, codec), o, ev_int((int64_t)start), ev_int((int64_t)end), EV_ERR};
    ev_value e = EV_ERR;
    if (!EV_IS_ERR(a[0])) {
        a[4] = ev_str_from_cstr(I, reason);
        if (!EV_IS_ERR(a[4]))
            e = ev_unicode_error_make(I, t, 5, a);
    }
    for (int k = 0; k < 5; k++)
        ev_decref(I, a[k]);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* str(e): CPython's UnicodeEncodeError_str and the others, from the
 * attributes as they are now.  Returns EV_ERR without an exception set
 * (*handled false) when an attribute is missing or not of CPython's type
 * (then the generic str applies). */
ev_value ev_unicode_error_str(ev_interp *I, ev_exc *e, bool *handled)
{
    *handled = false;
    int w = which(e->type);
    if (w == UE_NONE || !e->dict)
        return EV_ERR;
    ev_value v[5];
    for (int k = 0; k < 5; k++) {
        ev_str *name = ev_intern(I, attr_names[k], strlen(attr_names[k]));
        ev_value *p = name ? ev_dict_lookup_str(e->dict, name) : NULL;
        if (!p)
            return EV_ERR;
        v[k] = *p;
    }
    if (v[2].tag != EV_T_INT || v[3].tag != EV_T_INT || (w == UE_DECODE ? !ev_is(v[1], EV_O_BYTES) : !is_str(v[1])))
        return EV_ERR;
    *handled = true;
    int64_t start = v[2].u.i, end = v[3].u.i;
    ev_value reason = ev_to_str(I, v[4]);
    if (EV_IS_ERR(reason))
        return reason;
    ev_value enc = w == UE_TRANSLATE ? EV_NONE : ev_to_str(I, v[0]);
    if (EV_IS_ERR(enc)) {
        ev_decref(I, reason);
        return enc;
    }
    ev_buf b = {0};
    int r = 0;
    int64_t len = w == UE_DECODE ? (int64_t)ev_as_bytes(v[1])->len : (int64_t)ev_as_str(v[1])->nchars;
    bool one = start >= 0 && start < len && end >= 0 && end <= len && end == start + 1;
    if (w != UE_TRANSLATE)
        r = ev_buf_puts(I, &b, "'") || ev_buf_put(I, &b, ev_as_str(enc)->data, ev_as_str(enc)->len) ||
            ev_buf_puts(I, &b, "' codec ");
    char tmp[96];
    if (one && w == UE_DECODE) {
        snprintf(tmp, sizeof tmp, "can't decode byte 0x%02x in position %lld: ",
                 ev_as_bytes(v[1])->data[start], (long long)start);
    } else if (one) {
        ev_str *s = ev_as_str(v[1]);
        size_t pos = 0;
        for (int64_t i = 0; i < start; i++)
            (void)ev_str_decode_at(s->data, s->len, &pos);
        uint32_t c = (uint32_t)ev_str_decode_at(s->data, s->len, &pos);
        snprintf(tmp, sizeof tmp, c <= 0xff ? "can't %s character '\\x%02x' in position %lld: "
                                  : c <= 0xffff ? "can't %s character '\\u%04x' in position %lld: "
                                                : "can't %s character '\\U%08x' in position %lld: ",
                 w == UE_ENCODE ? "encode" : "translate", c, (long long)start);
    } else {
        snprintf(tmp, sizeof tmp, "can't %s %s in position %lld-%lld: ",
                 w == UE_ENCODE ? "encode" : w == UE_DECODE ? "decode" : "translate",
                 w == UE_DECODE ? "bytes" : "characters", (long long)start, (long long)(end - 1));
    }
    r = r || ev_buf_puts(I, &b, tmp) ||
        ev_buf_put(I, &b, ev_as_str(reason)->data, ev_as_str(reason)->len);
    ev_decref(I, reason);
    ev_decref(I, enc);
    if (r) {
        ev_buf_free(I, &b);
        return EV_ERR;
    }
    return ev_buf_to_str(I, &b);
}
