/*
 * io_int.h - what io.c (the module, StringIO, the IOBase methods) and
 * io_bytes.c (BytesIO) share: the C slots of a stream and the helpers that
 * give CPython's argument conversions and errors.  Internal to
 * evaluator/modules/.
 */
#ifndef SAFEPY_IO_INT_H
#define SAFEPY_IO_INT_H

#include "evaluator/modules/modules.h"

extern ev_type ev_type_IOBase, ev_type_RawIOBase, ev_type_BufferedIOBase, ev_type_TextIOBase,
    ev_type_StringIO, ev_type_BytesIO;

/* a stream's C slots: the buffer (a bytearray the program never sees), the
 * position and the flags */
enum { S_BUF, S_POS, S_FLAGS, S_NSLOTS };

enum {
    F_OK = 1,         /* StringIO.__init__ ran */
    F_CLOSED = 2,
    F_UNIVERSAL = 4,  /* newline None or '': lines end at \r, \n or \r\n */
    F_TRANSLATE = 8,  /* newline None: \r and \r\n become \n on write */
    NL_SHIFT = 4,     /* the newline argument: NL_* */
    SEEN_SHIFT = 8,   /* the newlines seen by the decoder: SEEN_* */
};
enum { NL_NONE, NL_EMPTY, NL_LF, NL_CR, NL_CRLF };
enum { SEEN_CR = 1, SEEN_LF = 2, SEEN_CRLF = 4 };

static inline ev_value *slots_of(ev_value self) { return ev_as_cinstance(self)->slots; }
static inline int64_t flags_of(ev_value self) { return slots_of(self)[S_FLAGS].u.i; }
static inline void set_flags(ev_value self, int64_t f) { slots_of(self)[S_FLAGS] = ev_int(f); }
static inline int64_t pos_of(ev_value self) { return slots_of(self)[S_POS].u.i; }
static inline void set_pos(ev_value self, int64_t p) { slots_of(self)[S_POS] = ev_int(p); }
static inline ev_bytes *buf_of(ev_value self) { return ev_as_bytes(slots_of(self)[S_BUF]); }

/* raise t() with no arguments */
ev_value io_raise_bare(ev_interp *I, ev_type *t);
/* ValueError "I/O operation on closed file" (BytesIO's and IOBase's end with a period) */
ev_value io_closed_error(ev_interp *I, bool period);
/* CPython's _Py_convert_optional_to_ssize_t: absent or None gives dflt */
int io_opt_size(ev_interp *I, ev_value v, int64_t dflt, int64_t *out) EV_WU;
/* seek's whence, a C int */
int io_whence_arg(ev_interp *I, ev_value v, int *out) EV_WU;
/* v is an instance of the stream type t (or a subclass) with its slots */
bool io_is_stream(ev_value v, const ev_type *t);
/* a bare stream of type t: an empty buffer, position 0, the flags given */
ev_value io_stream_cnew(ev_interp *I, ev_type *t, int64_t flags) EV_WU;

/* IOBase's methods, shared by both streams */
ev_value io_iob_enter(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_exit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_fileno(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_detach(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_check_closed(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_check_readable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_check_writable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value io_iob_check_seekable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
#define IOBASE_CHECKS                                                                                  \
    {"_checkClosed", io_iob_check_closed, 0, 0, 0}, {"_checkReadable", io_iob_check_readable, 0, 0, 0}, \
        {"_checkWritable", io_iob_check_writable, 0, 0, 0}, {"_checkSeekable", io_iob_check_seekable, 0, 0, 0}

#define IO_STATIC_TYPE .h = {.refcnt = 1, .kind = EV_O_TYPE, .flags = EV_OBJ_STATIC}

#endif