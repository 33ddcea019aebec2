/*
 * io.c - the io module, CPython 3.11 behaviour for the in-memory streams
 * only: StringIO and BytesIO (Modules/_io/stringio.c, bytesio.c and the
 * parts of iobase.c and textio.c/bufferedio.c they inherit), with
 * UnsupportedOperation, the SEEK_* constants and DEFAULT_BUFFER_SIZE.  This
 * file has the module, StringIO and the IOBase methods; BytesIO is in
 * io_bytes.c (io_int.h between them).
 *
 * safepy has no files: open, open_code, FileIO, the Buffered* classes,
 * TextIOWrapper and IncrementalNewlineDecoder exist as names (so `from io
 * import open` and feature tests still work) but calling one raises
 * NotImplementedError saying so.  IOBase, RawIOBase, BufferedIOBase and
 * TextIOBase are types for isinstance (StringIO derives from TextIOBase,
 * BytesIO from BufferedIOBase, so isinstance and issubclass answer as
 * CPython's ABC registrations do); they cannot be instantiated or
 * subclassed, which raises NotImplementedError naming them.
 *
 * The state of a stream lives in C slots: the buffer is a bytearray the
 * program never sees (StringIO keeps one uint32 code point per character,
 * as CPython's UCS4 buffer), so every growth goes through the session's
 * memory limit; a seek far past the end only grows the buffer when a write
 * follows, and that write's padding is charged like any other allocation.
 * Methods CPython writes in iobase.c (writelines and readlines of StringIO,
 * __enter__, __exit__, isatty) go through the object's attributes as there,
 * so a subclass's overrides of write, readline, close or closed take effect.
 */
#include <stdio.h>
#include <string.h>

#include "evaluator/modules/io_int.h"
#include "evaluator/objects/str_int.h"



/* ---- shared helpers --------------------------------------------------------------------------- */

static ev_value attr(ev_interp *I, ev_value obj, const char *name)
{
    ev_str *n = ev_intern(I, name, strlen(name));
    return n ? ev_getattr(I, obj, n) : ev_raise_nomem(I);
}

static ev_value call_method(ev_interp *I, ev_value obj, const char *name, int argc, const ev_value *argv)
{
    ev_value fn = attr(I, obj, name);
    if (EV_IS_ERR(fn))
        return fn;
    ev_value r = ev_call(I, fn, argc, argv, 0, NULL, NULL);
    ev_decref(I, fn);
    return r;
}

ev_value io_raise_bare(ev_interp *I, ev_type *t)
{
    ev_value args = ev_tuple_new(I, 0);
    ev_value e = EV_IS_ERR(args) ? args : ev_exc_new(I, t, args);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

/* io.UnsupportedOperation(msg): the session's class, from the io module */
static ev_value raise_unsupported(ev_interp *I, const char *msg)
{
    ev_str *name = ev_intern(I, "io", 2);
    if (!name)
        return ev_raise_nomem(I);
    ev_value mod = ev_import(I, name);
    if (EV_IS_ERR(mod))
        return mod;
    ev_value cls = attr(I, mod, "UnsupportedOperation");
    ev_decref(I, mod);
    if (EV_IS_ERR(cls))
        return cls;
    ev_value m = ev_str_from_cstr(I, msg);
    ev_value e = EV_IS_ERR(m) ? m : ev_call(I, cls, 1, &m, 0, NULL, NULL);
    if (!EV_IS_ERR(m))
        ev_decref(I, m);
    ev_decref(I, cls);
    return EV_IS_ERR(e) ? e : ev_raise_value(I, e);
}

ev_value io_closed_error(ev_interp *I, bool period)
{
    return ev_raise(I, &ev_type_ValueError, "I/O operation on closed file%s", period ? "." : "");
}

/* iobase_check_closed: the object's `closed` attribute, which a subclass may override */
static int check_closed_attr(ev_interp *I, ev_value self)
{
    ev_value c = attr(I, self, "closed");
    if (EV_IS_ERR(c))
        return -1;
    int t = ev_truth(I, c);
    ev_decref(I, c);
    if (t < 0)
        return -1;
    if (t) {
        io_closed_error(I, true);
        return -1;
    }
    return 0;
}

/* _Py_convert_optional_to_ssize_t: absent or None gives dflt */
int io_opt_size(ev_interp *I, ev_value v, int64_t dflt, int64_t *out)
{
    if (EV_IS_ERR(v) || v.tag == EV_T_NONE) {
        *out = dflt;
        return 0;
    }
    if (v.tag == EV_T_INT || v.tag == EV_T_BOOL) {
        *out = v.u.i;
        return 0;
    }
    if (ev_is(v, EV_O_INT)) {
        ev_raise(I, &ev_type_OverflowError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    ev_value r;
    int got = ev_is_user(v) ? ev_index_try(I, v, &r) : 0;
    if (got < 0)
        return -1;
    if (!got) {
        ev_raise(I, &ev_type_TypeError, "argument should be integer or None, not '%s'", ev_type_name(v));
        return -1;
    }
    int e = io_opt_size(I, r, dflt, out);
    ev_decref(I, r);
    return e;
}

/* seek's whence: a C int */
int io_whence_arg(ev_interp *I, ev_value v, int *out)
{
    int64_t w = 0;
    if (!EV_IS_ERR(v)) {
        if (ev_is(v, EV_O_INT)) {
            ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
            return -1;
        }
        if (ev_ssize_arg(I, v, &w))
            return -1;
        if (w > INT32_MAX || w < INT32_MIN) {
            ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
            return -1;
        }
    }
    *out = (int)w;
    return 0;
}

bool io_is_stream(ev_value v, const ev_type *t)
{
    return ev_is(v, EV_O_INSTANCE) && ev_type_is_subclass(((ev_instance *)v.u.o)->type, t) &&
           ev_as_cinstance(v)->nslots == S_NSLOTS;
}


ev_value io_stream_cnew(ev_interp *I, ev_type *t, int64_t flags)
{
    ev_value o = ev_cinstance_new(I, t, S_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value b = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
    if (EV_IS_ERR(b)) {
        ev_decref(I, o);
        return b;
    }
    slots_of(o)[S_BUF] = b;
    set_pos(o, 0);
    set_flags(o, flags);
    return o;
}

/* ---- the methods of IOBase both streams share ------------------------------------------------- */

static ev_value iob_isatty(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_closed_attr(I, self) ? EV_ERR : EV_FALSE;
}

ev_value io_iob_enter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_closed_attr(I, self) ? EV_ERR : ev_dup(self);
}

ev_value io_iob_exit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return call_method(I, self, "close", 0, NULL);
}

ev_value io_iob_fileno(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return raise_unsupported(I, "fileno");
}

ev_value io_iob_detach(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return raise_unsupported(I, "detach");
}

ev_value io_iob_check_closed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_closed_attr(I, self) ? EV_ERR : EV_NONE;
}

/* _checkReadable and its kin: self.readable() must return True itself */
static ev_value check_able(ev_interp *I, ev_value self, const char *method, const char *what)
{
    ev_value r = call_method(I, self, method, 0, NULL);
    if (EV_IS_ERR(r))
        return r;
    if (r.tag == EV_T_BOOL && r.u.i)
        return r;
    ev_decref(I, r);
    char msg[64];
    snprintf(msg, sizeof msg, "File or stream is not %s.", what);
    return raise_unsupported(I, msg);
}

ev_value io_iob_check_readable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_able(I, self, "readable", "readable");
}

ev_value io_iob_check_writable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_able(I, self, "writable", "writable");
}

ev_value io_iob_check_seekable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_able(I, self, "seekable", "seekable");
}


/* ---- StringIO --------------------------------------------------------------------------------- */

static int sio_check(ev_interp *I, ev_value self, bool closed_too)
{
    if (!io_is_stream(self, &ev_type_StringIO)) {
        ev_raise(I, &ev_type_TypeError, "descriptor requires a '_io.StringIO' object but received a '%s'",
                 ev_type_name(self));
        return -1;
    }
    int64_t f = flags_of(self);
    if (!(f & F_OK)) {
        ev_raise(I, &ev_type_ValueError, "I/O operation on uninitialized object");
        return -1;
    }
    if (closed_too && (f & F_CLOSED)) {
        io_closed_error(I, false);
        return -1;
    }
    return 0;
}

static uint32_t *sio_chars(ev_value self) { return (uint32_t *)(void *)buf_of(self)->data; }
static int64_t sio_size(ev_value self) { return (int64_t)(buf_of(self)->len / 4); }

/* The code points [from, to) of the buffer as a str. */
static ev_value sio_slice(ev_interp *I, ev_value self, int64_t from, int64_t to)
{
    if (to <= from)
        return ev_str_new(I, "", 0);
    size_t n = (size_t)(to - from);
    char *out = ev_alloc(I, n * 4 + 1);
    if (!out)
        return ev_raise_nomem(I);
    const uint32_t *c = sio_chars(self) + from;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t u = c[i];
        if (u < 0x80) {
            out[k++] = (char)u;
        } else if (u < 0x800) {
            out[k++] = (char)(0xC0 | (u >> 6));
            out[k++] = (char)(0x80 | (u & 0x3F));
        } else if (u < 0x10000) {
            out[k++] = (char)(0xE0 | (u >> 12));
            out[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
            out[k++] = (char)(0x80 | (u & 0x3F));
        } else {
            out[k++] = (char)(0xF0 | (u >> 18));
            out[k++] = (char)(0x80 | ((u >> 12) & 0x3F));
            out[k++] = (char)(0x80 | ((u >> 6) & 0x3F));
            out[k++] = (char)(0x80 | (u & 0x3F));
        }
    }
    ev_value r = ev_str_new(I, out, k);
    ev_dealloc(I, out);
    return r;
}

/* Grow the buffer to hold `need` code points (zero-filled past the old end). */
static int sio_resize(ev_interp *I, ev_value self, int64_t need)
{
    ev_bytes *b = buf_of(self);
    if (need < 0 || (uint64_t)need > SIZE_MAX / 8) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t bytes = (size_t)need * 4;
    if (bytes > b->len) {
        if (ev_bytes_reserve(I, b, bytes))
            return -1;
        memset(b->data + b->len, 0, bytes - b->len);
    }
    b->len = bytes;
    return 0;
}

/* write_str: the text after the newline decoding and translation CPython
 * does, written at the position (padding with NULs past the end). */
static int sio_write_str(ev_interp *I, ev_value self, ev_str *s)
{
    int64_t f = flags_of(self);
    int nl = (int)((f >> NL_SHIFT) & 7);
    size_t n = s->nchars;
    if (n == 0)
        return 0;
    /* decode, translating if asked, and note which newlines appear */
    uint32_t *tmp = ev_alloc(I, n * 2 * sizeof *tmp);
    if (!tmp) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t pos = 0, k = 0;
    int seen = 0;
    uint32_t prev = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t c = ev_str_decode_at(s->data, s->len, &pos);
        uint32_t u = (uint32_t)c;
        if (f & F_UNIVERSAL) {
            if (u == '\n')
                seen |= prev == '\r' ? SEEN_CRLF : SEEN_LF;
            else if (prev == '\r')
                seen |= SEEN_CR;
            if (f & F_TRANSLATE) {
                if (u == '\n' && prev == '\r') {
                    prev = u;
                    continue; /* the \r already became \n */
                }
                prev = u;
                tmp[k++] = u == '\r' ? '\n' : u;
                continue;
            }
        }
        prev = u;
        if (u == '\n' && nl == NL_CR) {
            tmp[k++] = '\r';
        } else if (u == '\n' && nl == NL_CRLF) {
            tmp[k++] = '\r';
            tmp[k++] = '\n';
        } else {
            tmp[k++] = u;
        }
    }
    if ((f & F_UNIVERSAL) && prev == '\r')
        seen |= SEEN_CR; /* final: a trailing \r is a line end of its own */
    set_flags(self, f | ((int64_t)seen << SEEN_SHIFT));
    int64_t at = pos_of(self), size = sio_size(self);
    if ((uint64_t)at > (uint64_t)INT64_MAX - k) {
        ev_dealloc(I, tmp);
        ev_raise(I, &ev_type_OverflowError, "new position too large");
        return -1;
    }
    int64_t end = at + (int64_t)k;
    if (end > size && sio_resize(I, self, end)) {
        ev_dealloc(I, tmp);
        return -1;
    }
    memcpy(sio_chars(self) + at, tmp, k * sizeof *tmp);
    ev_dealloc(I, tmp);
    set_pos(self, end);
    return 0;
}

static ev_value sio_cnew(ev_interp *I, ev_type *t) { return io_stream_cnew(I, t, 0); }

static ev_value sio_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value init = argv[0], newline = argc > 1 ? argv[1] : EV_ERR;
    if (!io_is_stream(self, &ev_type_StringIO))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a '_io.StringIO' object");
    int nl = NL_LF;
    if (!EV_IS_ERR(newline)) {
        if (newline.tag == EV_T_NONE) {
            nl = NL_NONE;
        } else if (!ev_is(newline, EV_O_STR)) {
            return ev_raise(I, &ev_type_TypeError, "newline must be str or None, not %s", ev_type_name(newline));
        } else {
            const char *s = ev_as_str(newline)->data;
            size_t len = ev_as_str(newline)->len;
            if (len == 0)
                nl = NL_EMPTY;
            else if (len == 1 && s[0] == '\n')
                nl = NL_LF;
            else if (len == 1 && s[0] == '\r')
                nl = NL_CR;
            else if (len == 2 && s[0] == '\r' && s[1] == '\n')
                nl = NL_CRLF;
            else {
                ev_value r = ev_repr(I, newline);
                if (EV_IS_ERR(r))
                    return r;
                ev_raise(I, &ev_type_ValueError, "illegal newline value: %s", ev_as_str(r)->data);
                ev_decref(I, r);
                return EV_ERR;
            }
        }
    }
    if (!EV_IS_ERR(init) && init.tag != EV_T_NONE && !ev_is(init, EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "initial_value must be str or None, not %s", ev_type_name(init));
    int64_t f = F_OK | ((int64_t)nl << NL_SHIFT);
    if (nl == NL_NONE || nl == NL_EMPTY)
        f |= F_UNIVERSAL;
    if (nl == NL_NONE)
        f |= F_TRANSLATE;
    /* __init__ again starts over, as CPython's does */
    if (ev_is(slots_of(self)[S_BUF], EV_O_BYTEARRAY)) {
        buf_of(self)->len = 0;
    } else {
        ev_value b = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
        if (EV_IS_ERR(b))
            return b;
        ev_decref(I, slots_of(self)[S_BUF]);
        slots_of(self)[S_BUF] = b;
    }
    set_flags(self, f);
    set_pos(self, 0);
    if (!EV_IS_ERR(init) && init.tag != EV_T_NONE && sio_write_str(I, self, ev_as_str(init)))
        return EV_ERR;
    set_pos(self, 0);
    return EV_NONE;
}

static ev_value sio_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = sio_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = sio_init(I, o, argc, argv, NULL);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value sio_getvalue(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (sio_check(I, self, true))
        return EV_ERR;
    return sio_slice(I, self, 0, sio_size(self));
}

static ev_value sio_read(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, -1, &size) || sio_check(I, self, true))
        return EV_ERR;
    int64_t pos = pos_of(self), n = sio_size(self) - pos;
    if (n <= 0)
        return ev_str_new(I, "", 0);
    if (size >= 0 && size < n)
        n = size;
    set_pos(self, pos + n);
    return sio_slice(I, self, pos, pos + n);
}

/* _PyIO_find_line_ending over the buffer from pos, at most limit code
 * points (limit < 0: no limit): the length of the line with its ending. */
static int64_t sio_line_len(ev_value self, int64_t pos, int64_t limit)
{
    int64_t f = flags_of(self), size = sio_size(self);
    int nl = (int)((f >> NL_SHIFT) & 7);
    const uint32_t *c = sio_chars(self);
    int64_t end = size;
    if (limit >= 0 && limit < end - pos)
        end = pos + limit;
    for (int64_t i = pos; i < end; i++) {
        uint32_t u = c[i];
        if ((f & F_TRANSLATE) || nl == NL_LF) {
            if (u == '\n')
                return i + 1 - pos;
        } else if (f & F_UNIVERSAL) {
            if (u == '\n')
                return i + 1 - pos;
            if (u == '\r')
                /* a \r\n cut by the size limit is returned as \r, as CPython does */
                return (i + 1 < end && c[i + 1] == '\n' ? i + 2 : i + 1) - pos;
        } else if (nl == NL_CR) {
            if (u == '\r')
                return i + 1 - pos;
        } else if (u == '\r' && i + 1 < end && c[i + 1] == '\n') {
            return i + 2 - pos;
        }
    }
    return end - pos;
}

static ev_value sio_readline_impl(ev_interp *I, ev_value self, int64_t limit)
{
    int64_t pos = pos_of(self), size = sio_size(self);
    if (pos >= size)
        return ev_str_new(I, "", 0);
    int64_t n = sio_line_len(self, pos, limit);
    set_pos(self, pos + n);
    return sio_slice(I, self, pos, pos + n);
}

static ev_value sio_readline(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, -1, &size) || sio_check(I, self, true))
        return EV_ERR;
    return sio_readline_impl(I, self, size);
}

static ev_value sio_write(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    /* the type check of the argument comes after the initialisation check
     * and before the closed one */
    if ((!io_is_stream(self, &ev_type_StringIO) || !(flags_of(self) & F_OK)) && sio_check(I, self, false))
        return EV_ERR;
    if (!ev_is(argv[0], EV_O_STR))
        return ev_raise(I, &ev_type_TypeError, "string argument expected, got '%s'", ev_type_name(argv[0]));
    if (sio_check(I, self, true))
        return EV_ERR;
    ev_str *s = ev_as_str(argv[0]);
    if (sio_write_str(I, self, s))
        return EV_ERR;
    return ev_int((int64_t)s->nchars);
}

static ev_value sio_tell(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sio_check(I, self, true) ? EV_ERR : ev_int(pos_of(self));
}

static ev_value sio_seek(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t pos;
    int whence;
    if (ev_ssize_arg(I, argv[0], &pos) || io_whence_arg(I, argc > 1 ? argv[1] : EV_ERR, &whence) ||
        sio_check(I, self, true))
        return EV_ERR;
    if (whence != 0 && whence != 1 && whence != 2)
        return ev_raise(I, &ev_type_ValueError, "Invalid whence (%d, should be 0, 1 or 2)", whence);
    if (pos < 0 && whence == 0)
        return ev_raise(I, &ev_type_ValueError, "Negative seek position %lld", (long long)pos);
    if (whence != 0 && pos != 0)
        return ev_raise(I, &ev_type_OSError, "Can't do nonzero cur-relative seeks");
    if (whence == 1)
        pos = pos_of(self);
    else if (whence == 2)
        pos = sio_size(self);
    set_pos(self, pos);
    return ev_int(pos);
}

static ev_value sio_truncate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (!io_is_stream(self, &ev_type_StringIO) && sio_check(I, self, false))
        return EV_ERR;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, pos_of(self), &size) || sio_check(I, self, true))
        return EV_ERR;
    if (size < 0)
        return ev_raise(I, &ev_type_ValueError, "Negative size value %lld", (long long)size);
    if (size < sio_size(self))
        buf_of(self)->len = (size_t)size * 4;
    return ev_int(size);
}

static ev_value sio_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!io_is_stream(self, &ev_type_StringIO) && sio_check(I, self, false))
        return EV_ERR;
    set_flags(self, flags_of(self) | F_CLOSED);
    if (ev_is(slots_of(self)[S_BUF], EV_O_BYTEARRAY)) {
        /* the text goes now, as CPython frees its buffer */
        ev_bytes *b = buf_of(self);
        ev_dealloc(I, b->data);
        b->data = NULL;
        b->len = b->cap = 0;
    }
    return EV_NONE;
}

static ev_value sio_closed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sio_check(I, self, false) ? EV_ERR : ev_bool(flags_of(self) & F_CLOSED);
}

static ev_value sio_true(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sio_check(I, self, true) ? EV_ERR : EV_TRUE;
}

static ev_value sio_line_buffering(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return sio_check(I, self, true) ? EV_ERR : EV_FALSE;
}

static ev_value sio_newlines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (sio_check(I, self, true))
        return EV_ERR;
    int64_t f = flags_of(self);
    if (!(f & F_UNIVERSAL))
        return EV_NONE;
    int seen = (int)((f >> SEEN_SHIFT) & 7);
    static const char *const names[] = {"\r", "\n", "\r\n"};
    int n = (seen & 1) + ((seen >> 1) & 1) + ((seen >> 2) & 1);
    if (n == 0)
        return EV_NONE;
    if (n == 1)
        return ev_str_from_cstr(I, names[seen == SEEN_CR ? 0 : seen == SEEN_LF ? 1 : 2]);
    ev_value t = ev_tuple_new(I, (size_t)n);
    if (EV_IS_ERR(t))
        return t;
    for (int i = 0, k = 0; i < 3; i++) {
        if (!(seen & (1 << i)))
            continue;
        ev_value s = ev_str_from_cstr(I, names[i]);
        if (EV_IS_ERR(s)) {
            ev_decref(I, t);
            return s;
        }
        ev_as_tuple(t)->items[k++] = s;
    }
    return t;
}

static ev_value sio_none(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return EV_NONE;
}

static ev_value sio_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return check_closed_attr(I, self) ? EV_ERR : ev_dup(self);
}

static ev_value sio_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (sio_check(I, self, true))
        return EV_ERR;
    ev_value line;
    if (((ev_instance *)self.u.o)->type == &ev_type_StringIO) {
        line = sio_readline_impl(I, self, -1);
    } else {
        /* a subclass: its readline, which must give a str */
        line = call_method(I, self, "readline", 0, NULL);
        if (!EV_IS_ERR(line) && !ev_is(line, EV_O_STR)) {
            ev_raise(I, &ev_type_OSError, "readline() should have returned a str object, not '%s'",
                     ev_type_name(line));
            ev_decref(I, line);
            return EV_ERR;
        }
    }
    if (EV_IS_ERR(line))
        return line;
    if (ev_as_str(line)->len == 0) {
        ev_decref(I, line);
        return io_raise_bare(I, &ev_type_StopIteration);
    }
    return line;
}

/* IOBase.readlines(hint): the lines of iter(self), stopping once their
 * length passes a positive hint */
static ev_value iob_readlines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t hint;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, -1, &hint))
        return EV_ERR;
    ev_value it = ev_iter(I, self);
    if (EV_IS_ERR(it))
        return it;
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out)) {
        ev_decref(I, it);
        return out;
    }
    int64_t total = 0;
    for (;;) {
        ev_value line;
        int r = ev_next(I, it, &line);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        int e = ev_list_append(I, ev_as_list(out), line);
        int64_t n = 0;
        if (!e && hint > 0)
            e = ev_len(I, line, &n);
        ev_decref(I, line);
        if (e)
            goto fail;
        if (hint > 0) {
            total += n;
            if (total > hint)
                break;
        }
    }
    ev_decref(I, it);
    return out;
fail:
    ev_decref(I, it);
    ev_decref(I, out);
    return EV_ERR;
}

/* IOBase.writelines: self.write(line) for each line */
static ev_value iob_writelines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (check_closed_attr(I, self))
        return EV_ERR;
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        return it;
    for (;;) {
        ev_value line;
        int r = ev_next(I, it, &line);
        if (r < 0) {
            ev_decref(I, it);
            return EV_ERR;
        }
        if (r == 0)
            break;
        ev_value w = call_method(I, self, "write", 1, &line);
        ev_decref(I, line);
        if (EV_IS_ERR(w)) {
            ev_decref(I, it);
            return w;
        }
        ev_decref(I, w);
    }
    ev_decref(I, it);
    return EV_NONE;
}

/* ---- the names safepy does not provide -------------------------------------------------------- */

static ev_value no_files(ev_interp *I, const char *name)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "io.%s is not supported by safepy: a program has no files; use io.StringIO or io.BytesIO",
                    name);
}

#define NO_FILES(fn, nm)                                                                           \
    static ev_value fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                              \
        return no_files(I, nm);                                                                    \
    }
NO_FILES(io_open, "open")
NO_FILES(io_open_code, "open_code")
NO_FILES(io_text_encoding, "text_encoding")
NO_FILES(io_FileIO, "FileIO")
NO_FILES(io_BufferedReader, "BufferedReader")
NO_FILES(io_BufferedWriter, "BufferedWriter")
NO_FILES(io_BufferedRandom, "BufferedRandom")
NO_FILES(io_BufferedRWPair, "BufferedRWPair")
NO_FILES(io_TextIOWrapper, "TextIOWrapper")
NO_FILES(io_IncrementalNewlineDecoder, "IncrementalNewlineDecoder")

static ev_value abstract_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_raise(I, &ev_type_NotImplementedError,
                    "io.%s is not supported by safepy: only io.StringIO and io.BytesIO are; it is there for "
                    "isinstance checks", ((ev_type *)self.u.o)->name);
}

/* ---- the types and the module ----------------------------------------------------------------- */

static const ev_builtin_def stringio_methods[] = {
    {"__init__", sio_init, 0, 2, 0, "initial_value, newline"},
    {"getvalue", sio_getvalue, 0, 0, 0},
    {"read", sio_read, 0, 1, 0, "size, /"},
    {"readline", sio_readline, 0, 1, 0, "size, /"},
    {"readlines", iob_readlines, 0, 1, 0, "hint, /"},
    {"write", sio_write, 1, 1, 0},
    {"writelines", iob_writelines, 1, 1, 0},
    {"seek", sio_seek, 1, 2, 0, "pos, whence, /"},
    {"tell", sio_tell, 0, 0, 0},
    {"truncate", sio_truncate, 0, 1, 0, "pos, /"},
    {"close", sio_close, 0, 0, 0},
    {"closed", sio_closed, 0, 0, EV_BF_PROP},
    {"readable", sio_true, 0, 0, 0},
    {"writable", sio_true, 0, 0, 0},
    {"seekable", sio_true, 0, 0, 0},
    {"isatty", iob_isatty, 0, 0, 0},
    {"flush", sio_none, 0, 0, 0},
    {"fileno", io_iob_fileno, 0, 0, 0},
    {"detach", io_iob_detach, 0, 0, 0},
    {"line_buffering", sio_line_buffering, 0, 0, EV_BF_PROP},
    {"newlines", sio_newlines, 0, 0, EV_BF_PROP},
    {"encoding", sio_none, 0, 0, EV_BF_PROP},
    {"errors", sio_none, 0, 0, EV_BF_PROP},
    {"__enter__", io_iob_enter, 0, 0, 0},
    {"__exit__", io_iob_exit, 0, -1, 0},
    {"__iter__", sio_iter, 0, 0, 0},
    {"__next__", sio_next, 0, 0, 0},
    IOBASE_CHECKS,
    {NULL, NULL, 0, 0, 0},
};



#define ABSTRACT_TYPE(var, nm, base_)                                                             \
    ev_type var = {IO_STATIC_TYPE, .name = nm, .base = base_, .call = abstract_new, .max_args = -1,   \
                   .kwflags = EV_BF_KWANY, .module = "io"}
ABSTRACT_TYPE(ev_type_IOBase, "IOBase", NULL);
ABSTRACT_TYPE(ev_type_RawIOBase, "RawIOBase", &ev_type_IOBase);
ABSTRACT_TYPE(ev_type_BufferedIOBase, "BufferedIOBase", &ev_type_IOBase);
ABSTRACT_TYPE(ev_type_TextIOBase, "TextIOBase", &ev_type_IOBase);
ev_type ev_type_StringIO = {IO_STATIC_TYPE, .name = "_io.StringIO", .base = &ev_type_TextIOBase, .call = sio_new,
                            .methods = stringio_methods, .min_args = 0, .max_args = 2,
                            .params = "initial_value, newline", .module = "_io",
                            .tflags = EV_TYPE_CSLOTS, .cnew = sio_cnew};

static const ev_builtin_def io_functions[] = {
    {"open", io_open, 0, -1, EV_BF_KWANY},
    {"open_code", io_open_code, 0, -1, EV_BF_KWANY},
    {"text_encoding", io_text_encoding, 0, -1, EV_BF_KWANY},
    {"FileIO", io_FileIO, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"BufferedReader", io_BufferedReader, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"BufferedWriter", io_BufferedWriter, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"BufferedRandom", io_BufferedRandom, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"BufferedRWPair", io_BufferedRWPair, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"TextIOWrapper", io_TextIOWrapper, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {"IncrementalNewlineDecoder", io_IncrementalNewlineDecoder, 0, -1, EV_BF_KWANY | EV_BF_CTOR},
    {NULL, NULL, 0, 0, 0},
};

/* class UnsupportedOperation(OSError, ValueError), made per session as io.py makes it */
static int make_unsupported(ev_interp *I, ev_dict *ns)
{
    ev_value d = ev_dict_new(I), bases = EV_ERR, cls = EV_ERR, mod = EV_ERR;
    ev_str *nm = ev_intern(I, "UnsupportedOperation", 20);
    if (EV_IS_ERR(d) || !nm)
        goto fail;
    mod = ev_str_from_cstr(I, "io");
    if (EV_IS_ERR(mod) || ev_module_set(I, ev_as_dict(d), "__module__", mod))
        goto fail;
    bases = ev_tuple_new(I, 2);
    if (EV_IS_ERR(bases))
        goto fail;
    ev_as_tuple(bases)->items[0] = ev_dup(ev_obj_val(&ev_type_OSError.h));
    ev_as_tuple(bases)->items[1] = ev_dup(ev_obj_val(&ev_type_ValueError.h));
    cls = ev_class_new(I, NULL, nm, bases, ev_as_dict(d), NULL);
    if (EV_IS_ERR(cls) || ev_module_set(I, ns, "UnsupportedOperation", cls))
        goto fail;
    ev_decref(I, cls);
    ev_decref(I, bases);
    ev_decref(I, mod);
    ev_decref(I, d);
    return 0;
fail:
    if (!EV_IS_ERR(cls))
        ev_decref(I, cls);
    if (!EV_IS_ERR(bases))
        ev_decref(I, bases);
    if (!EV_IS_ERR(mod))
        ev_decref(I, mod);
    if (!EV_IS_ERR(d))
        ev_decref(I, d);
    if (!nm)
        ev_raise_nomem(I);
    return -1;
}

static int init(ev_interp *I, ev_dict *ns)
{
    static ev_type *const types[] = {&ev_type_IOBase, &ev_type_RawIOBase, &ev_type_BufferedIOBase,
                                     &ev_type_TextIOBase, &ev_type_StringIO, &ev_type_BytesIO, NULL};
    static const char *const names[] = {"IOBase", "RawIOBase", "BufferedIOBase", "TextIOBase", "StringIO",
                                        "BytesIO"};
    for (int i = 0; types[i]; i++)
        if (ev_module_set(I, ns, names[i], ev_obj_val(&types[i]->h)))
            return -1;
    if (ev_module_set(I, ns, "BlockingIOError", ev_obj_val(&ev_type_BlockingIOError.h)) ||
        ev_module_set(I, ns, "SEEK_SET", ev_int(0)) || ev_module_set(I, ns, "SEEK_CUR", ev_int(1)) ||
        ev_module_set(I, ns, "SEEK_END", ev_int(2)) || ev_module_set(I, ns, "DEFAULT_BUFFER_SIZE", ev_int(8192)))
        return -1;
    return make_unsupported(I, ns);
}

/* CPython 3.11's __all__ */
static const char *const all_names[] = {
    "BlockingIOError", "open", "open_code", "IOBase", "RawIOBase", "FileIO", "BytesIO", "StringIO",
    "BufferedIOBase", "BufferedReader", "BufferedWriter", "BufferedRWPair", "BufferedRandom",
    "TextIOBase", "TextIOWrapper", "UnsupportedOperation", "SEEK_SET", "SEEK_CUR", "SEEK_END",
    "DEFAULT_BUFFER_SIZE", "text_encoding", "IncrementalNewlineDecoder", NULL
};

const ev_module_def ev_module_io = {"io", io_functions, init, all_names};
