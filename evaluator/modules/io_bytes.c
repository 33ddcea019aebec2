/*
 * io_bytes.c - io.BytesIO, CPython 3.11 behaviour (Modules/_io/bytesio.c and
 * what it inherits from bufferedio.c and iobase.c): a growable byte buffer
 * with a position, read/write/seek/truncate and their CPython errors.  The
 * buffer is a bytearray in the C slots, so it grows under the session's
 * memory limit; writelines writes each item itself (a subclass's write is
 * not called, as in CPython).  getbuffer needs memoryview, which safepy has
 * not: NotImplementedError.
 */
#include <string.h>

#include "evaluator/modules/io_int.h"

static int bio_check(ev_interp *I, ev_value self)
{
    if (!io_is_stream(self, &ev_type_BytesIO)) {
        ev_raise(I, &ev_type_TypeError, "descriptor requires a '_io.BytesIO' object but received a '%s'",
                 ev_type_name(self));
        return -1;
    }
    if (flags_of(self) & F_CLOSED) {
        io_closed_error(I, true);
        return -1;
    }
    return 0;
}

static int64_t bio_size(ev_value self) { return (int64_t)buf_of(self)->len; }

static ev_value bio_cnew(ev_interp *I, ev_type *t) { return io_stream_cnew(I, t, F_OK); }

/* write the bytes-like v at the position, padding with zeros past the end:
 * the count written, or -1 */
static int64_t bio_write_impl(ev_interp *I, ev_value self, ev_value v)
{
    const unsigned char *p;
    size_t n;
    if (ev_bytes_view(I, v, &p, &n))
        return -1;
    if (n == 0)
        return 0;
    ev_bytes *b = buf_of(self);
    int64_t at = pos_of(self);
    if ((uint64_t)at > (uint64_t)INT64_MAX - n) {
        ev_raise(I, &ev_type_OverflowError, "new buffer size too large");
        return -1;
    }
    if ((uint64_t)at + n > SIZE_MAX / 4) {
        ev_raise_nomem(I);
        return -1;
    }
    size_t end = (size_t)at + n;
    if (end > b->len) {
        if (ev_bytes_reserve(I, b, end))
            return -1;
        if ((size_t)at > b->len)
            memset(b->data + b->len, 0, (size_t)at - b->len);
        b->len = end;
    }
    memmove(b->data + at, p, n);
    set_pos(self, (int64_t)end);
    return (int64_t)n;
}

static ev_value bio_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!io_is_stream(self, &ev_type_BytesIO))
        return ev_raise(I, &ev_type_TypeError, "descriptor '__init__' requires a '_io.BytesIO' object");
    if (!ev_is(slots_of(self)[S_BUF], EV_O_BYTEARRAY)) {
        ev_value b = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
        if (EV_IS_ERR(b))
            return b;
        ev_decref(I, slots_of(self)[S_BUF]);
        slots_of(self)[S_BUF] = b;
    }
    buf_of(self)->len = 0;
    set_pos(self, 0);
    set_flags(self, F_OK);
    ev_value init = argc ? argv[0] : EV_ERR;
    if (!EV_IS_ERR(init) && init.tag != EV_T_NONE && bio_write_impl(I, self, init) < 0)
        return EV_ERR;
    set_pos(self, 0);
    return EV_NONE;
}

static ev_value bio_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = bio_cnew(I, (ev_type *)self.u.o);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = bio_init(I, o, argc, argv, NULL);
    if (EV_IS_ERR(r)) {
        ev_decref(I, o);
        return r;
    }
    return o;
}

static ev_value bio_slice(ev_interp *I, ev_value self, int64_t from, int64_t n)
{
    return ev_bytes_new(I, EV_O_BYTES, n ? buf_of(self)->data + from : NULL, (size_t)n);
}

static ev_value bio_getvalue(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_check(I, self) ? EV_ERR : bio_slice(I, self, 0, bio_size(self));
}

static ev_value bio_read(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, -1, &size) || bio_check(I, self))
        return EV_ERR;
    int64_t pos = pos_of(self), n = bio_size(self) - pos;
    if (n < 0)
        n = 0;
    if (size >= 0 && size < n)
        n = size;
    set_pos(self, pos + n);
    return bio_slice(I, self, pos, n);
}

/* scan_eol: the length of the next line, at most limit bytes (limit < 0: no limit) */
static int64_t bio_line_len(ev_value self, int64_t limit)
{
    int64_t pos = pos_of(self), maxlen = bio_size(self) - pos;
    if (maxlen <= 0)
        return 0;
    int64_t len = limit < 0 || limit > maxlen ? maxlen : limit;
    if (len) {
        const unsigned char *start = buf_of(self)->data + pos;
        const unsigned char *nlp = memchr(start, '\n', (size_t)len);
        if (nlp)
            len = nlp - start + 1;
    }
    return len;
}

static ev_value bio_readline(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, -1, &size) || bio_check(I, self))
        return EV_ERR;
    int64_t pos = pos_of(self), n = bio_line_len(self, size);
    set_pos(self, pos + n);
    return bio_slice(I, self, pos, n);
}

static ev_value bio_readlines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t maxsize = -1;
    ev_value a = argc ? argv[0] : EV_ERR;
    if (!EV_IS_ERR(a) && a.tag != EV_T_NONE) {
        if (a.tag != EV_T_INT && a.tag != EV_T_BOOL && !ev_is(a, EV_O_INT) && !ev_is_subint(a))
            return ev_raise(I, &ev_type_TypeError, "integer argument expected, got '%s'", ev_type_name(a));
        if (ev_ssize_arg(I, a, &maxsize))
            return EV_ERR;
    }
    if (bio_check(I, self))
        return EV_ERR;
    if (maxsize <= 0)
        maxsize = INT64_MAX;
    ev_value out = ev_list_new(I, 0);
    if (EV_IS_ERR(out))
        return out;
    int64_t total = 0, n;
    while ((n = bio_line_len(self, -1)) != 0) {
        int64_t pos = pos_of(self);
        ev_value line = bio_slice(I, self, pos, n);
        if (EV_IS_ERR(line) || ev_list_append(I, ev_as_list(out), line)) {
            if (!EV_IS_ERR(line))
                ev_decref(I, line);
            ev_decref(I, out);
            return EV_ERR;
        }
        ev_decref(I, line);
        set_pos(self, pos + n);
        total += n;
        if (total >= maxsize)
            break;
    }
    return out;
}

static ev_value bio_readinto_as(ev_interp *I, ev_value self, ev_value buf, const char *name)
{
    if (!ev_is(buf, EV_O_BYTEARRAY))
        return ev_raise(I, &ev_type_TypeError, "%s() argument must be read-write bytes-like object, not %s",
                        name, ev_type_name(buf));
    if (bio_check(I, self))
        return EV_ERR;
    ev_bytes *dst = ev_as_bytes(buf);
    int64_t pos = pos_of(self), n = bio_size(self) - pos;
    if (n < 0)
        n = 0;
    if ((int64_t)dst->len < n)
        n = (int64_t)dst->len;
    if (n)
        memcpy(dst->data, buf_of(self)->data + pos, (size_t)n);
    set_pos(self, pos + n);
    return ev_int(n);
}

static ev_value bio_readinto(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_readinto_as(I, self, argv[0], "readinto");
}

static ev_value bio_readinto1(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_readinto_as(I, self, argv[0], "readinto1");
}

static ev_value bio_write(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (bio_check(I, self))
        return EV_ERR;
    int64_t n = bio_write_impl(I, self, argv[0]);
    return n < 0 ? EV_ERR : ev_int(n);
}

/* BytesIO.writelines writes each item itself: a subclass's write is not called */
static ev_value bio_writelines(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (bio_check(I, self))
        return EV_ERR;
    ev_value it = ev_iter(I, argv[0]);
    if (EV_IS_ERR(it))
        return it;
    for (;;) {
        ev_value line;
        int r = ev_next(I, it, &line);
        if (r == 0)
            break;
        /* the item's __iter__ or the write may have closed the stream */
        int64_t n = r < 0 ? -1 : bio_check(I, self) ? -1 : bio_write_impl(I, self, line);
        if (r > 0)
            ev_decref(I, line);
        if (n < 0) {
            ev_decref(I, it);
            return EV_ERR;
        }
    }
    ev_decref(I, it);
    return EV_NONE;
}

static ev_value bio_tell(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_check(I, self) ? EV_ERR : ev_int(pos_of(self));
}

static ev_value bio_seek(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t pos;
    int whence;
    if (ev_ssize_arg(I, argv[0], &pos) || io_whence_arg(I, argc > 1 ? argv[1] : EV_ERR, &whence) ||
        bio_check(I, self))
        return EV_ERR;
    if (pos < 0 && whence == 0)
        return ev_raise(I, &ev_type_ValueError, "negative seek value %lld", (long long)pos);
    if (whence == 1 || whence == 2) {
        int64_t base = whence == 1 ? pos_of(self) : bio_size(self);
        if (pos > INT64_MAX - base)
            return ev_raise(I, &ev_type_OverflowError, "new position too large");
        pos += base;
    } else if (whence != 0) {
        return ev_raise(I, &ev_type_ValueError, "invalid whence (%d, should be 0, 1 or 2)", whence);
    }
    if (pos < 0)
        pos = 0;
    set_pos(self, pos);
    return ev_int(pos);
}

static ev_value bio_truncate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t size;
    if (!io_is_stream(self, &ev_type_BytesIO) && bio_check(I, self))
        return EV_ERR;
    if (io_opt_size(I, argc ? argv[0] : EV_ERR, pos_of(self), &size) || bio_check(I, self))
        return EV_ERR;
    if (size < 0)
        return ev_raise(I, &ev_type_ValueError, "negative size value %lld", (long long)size);
    if (size < bio_size(self))
        buf_of(self)->len = (size_t)size;
    return ev_int(size);
}

static ev_value bio_close(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!io_is_stream(self, &ev_type_BytesIO) && bio_check(I, self))
        return EV_ERR;
    set_flags(self, flags_of(self) | F_CLOSED);
    ev_bytes *b = buf_of(self);
    ev_dealloc(I, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    return EV_NONE;
}

static ev_value bio_closed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (!io_is_stream(self, &ev_type_BytesIO) && bio_check(I, self))
        return EV_ERR;
    return ev_bool(flags_of(self) & F_CLOSED);
}

static ev_value bio_true(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_check(I, self) ? EV_ERR : EV_TRUE;
}

static ev_value bio_false(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_check(I, self) ? EV_ERR : EV_FALSE;
}

static ev_value bio_flush(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return bio_check(I, self) ? EV_ERR : EV_NONE;
}

static ev_value bio_iter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_dup(self);
}

static ev_value bio_next(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (bio_check(I, self))
        return EV_ERR;
    int64_t pos = pos_of(self), n = bio_line_len(self, -1);
    if (n == 0)
        return io_raise_bare(I, &ev_type_StopIteration);
    set_pos(self, pos + n);
    return bio_slice(I, self, pos, n);
}

static ev_value bio_getbuffer(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (bio_check(I, self))
        return EV_ERR;
    return ev_raise(I, &ev_type_NotImplementedError,
                    "io.BytesIO.getbuffer is not supported by safepy: it has no memoryview; use getvalue()");
}

static const ev_builtin_def bytesio_methods[] = {
    {"__init__", bio_init, 0, 1, 0, "initial_bytes"},
    {"getvalue", bio_getvalue, 0, 0, 0},
    {"getbuffer", bio_getbuffer, 0, 0, 0},
    {"read", bio_read, 0, 1, 0, "size, /"},
    {"read1", bio_read, 0, 1, 0, "size, /"},
    {"readline", bio_readline, 0, 1, 0, "size, /"},
    {"readlines", bio_readlines, 0, 1, 0, "size, /"},
    {"readinto", bio_readinto, 1, 1, 0, "buffer, /"},
    {"readinto1", bio_readinto1, 1, 1, 0, "buffer, /"},
    {"write", bio_write, 1, 1, 0},
    {"writelines", bio_writelines, 1, 1, 0},
    {"seek", bio_seek, 1, 2, 0, "pos, whence, /"},
    {"tell", bio_tell, 0, 0, 0},
    {"truncate", bio_truncate, 0, 1, 0, "size, /"},
    {"close", bio_close, 0, 0, 0},
    {"closed", bio_closed, 0, 0, EV_BF_PROP},
    {"readable", bio_true, 0, 0, 0},
    {"writable", bio_true, 0, 0, 0},
    {"seekable", bio_true, 0, 0, 0},
    {"isatty", bio_false, 0, 0, 0},
    {"flush", bio_flush, 0, 0, 0},
    {"fileno", io_iob_fileno, 0, 0, 0},
    {"detach", io_iob_detach, 0, 0, 0},
    {"__enter__", io_iob_enter, 0, 0, 0},
    {"__exit__", io_iob_exit, 0, -1, 0},
    {"__iter__", bio_iter, 0, 0, 0},
    {"__next__", bio_next, 0, 0, 0},
    IOBASE_CHECKS,
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_BytesIO = {IO_STATIC_TYPE, .name = "_io.BytesIO", .base = &ev_type_BufferedIOBase, .call = bio_new,
                           .methods = bytesio_methods, .min_args = 0, .max_args = 1,
                           .params = "initial_bytes", .module = "_io",
                           .tflags = EV_TYPE_CSLOTS, .cnew = bio_cnew};
