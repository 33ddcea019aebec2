/*
 * zlib.c - the zlib module, CPython 3.11 behaviour (Modules/zlibmodule.c)
 * over Debian's zlib, so compressed bytes equal CPython's: compress,
 * decompress, compressobj/decompressobj (flush modes, zdict, max_length,
 * unconsumed_tail, unused_data, eof, copy), crc32, adler32, the constants
 * and zlib.error with CPython's messages.
 *
 * Memory: zlib allocates through zlib_alloc, which makes each block the
 * data of a bytearray held in a list in the stream object's C slots, so
 * zlib's state counts against the session's memory limit and goes with the
 * object (a bytearray's data never moves while nothing resizes it).  Output
 * grows in a bytearray under the same limit, so a decompression bomb stops
 * at the memory limit; the clock is charged as the output grows.
 */
#include <limits.h>
#include <string.h>
#include <zlib.h>

#include "evaluator/modules/modules.h"

extern ev_type ev_type_zlib_error, ev_type_zlib_Compress, ev_type_zlib_Decompress;

#define DEF_BUF_SIZE (16 * 1024)
#define DEF_MEM_LEVEL 8

/* zlib's allocations for one stream: the list of the bytearrays holding
 * its blocks, and whether one failed (the limit's error is set then) */
typedef struct zctx {
    ev_interp *I;
    ev_list *blocks;
    bool failed;
} zctx;

static voidpf zlib_alloc(voidpf opaque, uInt items, uInt size)
{
    zctx *c = opaque;
    if (size && items > SIZE_MAX / 4 / size) {
        c->failed = true;
        ev_raise_nomem(c->I);
        return Z_NULL;
    }
    ev_value b = ev_bytes_new(c->I, EV_O_BYTEARRAY, NULL, (size_t)items * size);
    if (EV_IS_ERR(b)) {
        c->failed = true;
        return Z_NULL;
    }
    int r = ev_list_append(c->I, c->blocks, b);
    ev_decref(c->I, b);
    if (r) {
        c->failed = true;
        return Z_NULL;
    }
    return ev_as_bytes(b)->data;
}

static void zlib_free(voidpf opaque, voidpf p)
{
    zctx *c = opaque;
    ev_list *l = c->blocks;
    for (size_t i = 0; i < l->len; i++)
        if (ev_as_bytes(l->items[i])->data == p) {
            ev_value b = l->items[i];
            l->items[i] = l->items[l->len - 1];
            l->len--;
            ev_decref(c->I, b);
            return;
        }
}

/* "Error -3 while decompressing data: incorrect header check" */
static ev_value zlib_error(ev_interp *I, const z_stream *zs, int err, const char *msg)
{
    const char *zmsg = err == Z_VERSION_ERROR ? "library version mismatch" : zs->msg;
    if (!zmsg) {
        if (err == Z_BUF_ERROR)
            zmsg = "incomplete or truncated stream";
        else if (err == Z_STREAM_ERROR)
            zmsg = "inconsistent stream state";
        else if (err == Z_DATA_ERROR)
            zmsg = "invalid input data";
    }
    if (!zmsg)
        return ev_raise(I, &ev_type_zlib_error, "Error %d %s", err, msg);
    return ev_raise(I, &ev_type_zlib_error, "Error %d %s: %.200s", err, msg, zmsg);
}

/* ---- the growing output ----------------------------------------------------------------------- */

/* Room for more output: at least `want` more bytes (capped at limit - len
 * when limit >= 0), next_out/avail_out pointing at it.  -1 error. */
static int out_grow(ev_interp *I, ev_bytes *out, z_stream *zs, size_t want, int64_t limit)
{
    out->len = (size_t)((unsigned char *)zs->next_out - out->data);
    size_t room = want;
    if (limit >= 0 && (size_t)limit - out->len < room)
        room = (size_t)limit - out->len;
    if (room > UINT_MAX)
        room = UINT_MAX;
    if (ev_bytes_reserve(I, out, out->len + room))
        return -1;
    zs->next_out = out->data + out->len;
    zs->avail_out = (uInt)room;
    return 0;
}

/* the next size to ask for: the output so far, at least `first` */
static size_t out_next(const ev_bytes *out, size_t first) { return out->len > first ? out->len : first; }

static int out_begin(ev_interp *I, ev_value *out, z_stream *zs, size_t first, int64_t limit)
{
    *out = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, 0);
    if (EV_IS_ERR(*out))
        return -1;
    zs->next_out = ev_as_bytes(*out)->data;
    return out_grow(I, ev_as_bytes(*out), zs, first, limit);
}

/* the output as bytes: the bytearray becomes one (nothing else holds it) */
static ev_value out_finish(ev_value out, const z_stream *zs)
{
    ev_bytes *b = ev_as_bytes(out);
    b->len = (size_t)((unsigned char *)zs->next_out - b->data);
    b->h.kind = EV_O_BYTES;
    b->hash = -1;
    return out;
}

static size_t out_len(ev_value out, const z_stream *zs)
{
    return (size_t)((unsigned char *)zs->next_out - ev_as_bytes(out)->data);
}

/* the clock, after work on n bytes */
static int zlib_tick(ev_interp *I, size_t n) { return ev_charge(I, (int64_t)(n >> 8) + 1); }

/* an int argument (CPython's clinic 'int'): absent gives dflt */
static int int_arg(ev_interp *I, ev_value v, int dflt, int *out)
{
    int64_t x = dflt;
    if (!EV_IS_ERR(v) && ev_ssize_arg(I, v, &x))
        return -1;
    if (x > INT_MAX || x < INT_MIN) {
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C int");
        return -1;
    }
    *out = (int)x;
    return 0;
}

static void zs_setup(z_stream *zs, zctx *c)
{
    zs->zalloc = zlib_alloc;
    zs->zfree = zlib_free;
    zs->opaque = c;
}

/* ---- compress and decompress ------------------------------------------------------------------ */

/* compress(data, /, level=-1, wbits=15) */
static ev_value zl_compress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int level, wbits;
    /* the data last: an argument's __index__ may resize a bytearray */
    if (ev_bytes_view(I, argv[0], &p, &n) || int_arg(I, argv[1], Z_DEFAULT_COMPRESSION, &level) ||
        int_arg(I, argv[2], MAX_WBITS, &wbits) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    ev_value blocks = ev_list_new(I, 0);
    if (EV_IS_ERR(blocks))
        return blocks;
    zctx c = {I, ev_as_list(blocks), false};
    z_stream zs = {0};
    zs_setup(&zs, &c);
    ev_value out = EV_ERR, r = EV_ERR;
    int err = deflateInit2(&zs, level, Z_DEFLATED, wbits, DEF_MEM_LEVEL, Z_DEFAULT_STRATEGY);
    if (err != Z_OK) {
        if (c.failed)
            goto done;
        if (err == Z_MEM_ERROR)
            ev_raise(I, &ev_type_MemoryError, "Out of memory while compressing data");
        else if (err == Z_STREAM_ERROR)
            ev_raise(I, &ev_type_zlib_error, "Bad compression level");
        else
            zlib_error(I, &zs, err, "while compressing data");
        goto done;
    }
    if (out_begin(I, &out, &zs, DEF_BUF_SIZE, -1))
        goto end;
    zs.next_in = (Bytef *)p;
    size_t left = n;
    int flush;
    do {
        zs.avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
        left -= zs.avail_in;
        flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
        do {
            if (zs.avail_out == 0 && out_grow(I, ev_as_bytes(out), &zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), -1))
                goto end;
            uInt before = zs.avail_in;
            err = deflate(&zs, flush);
            if (c.failed)
                goto end;
            if (err == Z_STREAM_ERROR) {
                zlib_error(I, &zs, err, "while compressing data");
                goto end;
            }
            if (zlib_tick(I, before - zs.avail_in))
                goto end;
        } while (zs.avail_out == 0);
    } while (flush != Z_FINISH);
    r = out_finish(out, &zs);
    out = EV_ERR;
end:
    deflateEnd(&zs);
done:
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    ev_decref(I, blocks);
    return r;
}

/* decompress(data, /, wbits=15, bufsize=16384) */
static ev_value zl_decompress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int wbits;
    int64_t bufsize = DEF_BUF_SIZE;
    if (ev_bytes_view(I, argv[0], &p, &n) || int_arg(I, argv[1], MAX_WBITS, &wbits) ||
        (!EV_IS_ERR(argv[2]) && ev_ssize_arg(I, argv[2], &bufsize)) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    if (bufsize < 0)
        return ev_raise(I, &ev_type_ValueError, "bufsize must be non-negative");
    if (bufsize == 0)
        bufsize = 1;
    /* the first buffer is the caller's guess: no bigger than the memory allows */
    if (ev_mem_reserve(I, (size_t)bufsize))
        return EV_ERR;
    ev_value blocks = ev_list_new(I, 0);
    if (EV_IS_ERR(blocks))
        return blocks;
    zctx c = {I, ev_as_list(blocks), false};
    z_stream zs = {0};
    zs_setup(&zs, &c);
    ev_value out = EV_ERR, r = EV_ERR;
    if (out_begin(I, &out, &zs, (size_t)bufsize, -1))
        goto done;
    zs.next_in = (Bytef *)p;
    zs.avail_in = 0;
    int err = inflateInit2(&zs, wbits);
    if (err != Z_OK) {
        if (c.failed)
            goto done;
        if (err == Z_MEM_ERROR)
            ev_raise(I, &ev_type_MemoryError, "Out of memory while decompressing data");
        else
            zlib_error(I, &zs, err, "while preparing to decompress data");
        goto done;
    }
    size_t left = n;
    int flush;
    do {
        zs.avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
        left -= zs.avail_in;
        flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
        do {
            if (zs.avail_out == 0 && out_grow(I, ev_as_bytes(out), &zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), -1))
                goto end;
            uInt before = zs.avail_out;
            err = inflate(&zs, flush);
            if (c.failed)
                goto end;
            if (err == Z_MEM_ERROR) {
                ev_raise(I, &ev_type_MemoryError, "Out of memory while decompressing data");
                goto end;
            }
            if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) {
                zlib_error(I, &zs, err, "while decompressing data");
                goto end;
            }
            if (zlib_tick(I, before - zs.avail_out))
                goto end;
        } while (zs.avail_out == 0);
    } while (err != Z_STREAM_END && left != 0);
    if (err != Z_STREAM_END) {
        zlib_error(I, &zs, err, "while decompressing data");
        goto end;
    }
    r = out_finish(out, &zs);
    out = EV_ERR;
end:
    inflateEnd(&zs);
done:
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    ev_decref(I, blocks);
    return r;
}

/* ---- Compress and Decompress objects ---------------------------------------------------------- */

/* a stream object's C slots: the z_stream (in a bytearray), zlib's blocks
 * (a list of bytearrays), unused_data, unconsumed_tail, the zdict (or
 * None), the flags */
enum { Z_STRM, Z_BLOCKS, Z_UNUSED, Z_TAIL, Z_ZDICT, Z_FLAGS, Z_NSLOTS };
enum { ZF_INIT = 1, ZF_EOF = 2 };

static ev_value *zslots(ev_value v) { return ev_as_cinstance(v)->slots; }
static z_stream *zstrm(ev_value v) { return (z_stream *)(void *)ev_as_bytes(zslots(v)[Z_STRM])->data; }
static int64_t zflags(ev_value v) { return zslots(v)[Z_FLAGS].u.i; }
static void zset_flags(ev_value v, int64_t f) { zslots(v)[Z_FLAGS] = ev_int(f); }

/* point the stream's allocator at this call's context */
static z_stream *zbind(ev_interp *I, ev_value self, zctx *c)
{
    *c = (zctx){I, ev_as_list(zslots(self)[Z_BLOCKS]), false};
    z_stream *zs = zstrm(self);
    zs->opaque = c;
    return zs;
}

static ev_value zobj_new(ev_interp *I, ev_type *t)
{
    ev_value o = ev_cinstance_new(I, t, Z_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value s = ev_bytes_new(I, EV_O_BYTEARRAY, NULL, sizeof(z_stream));
    ev_value l = EV_IS_ERR(s) ? s : ev_list_new(I, 0);
    ev_value u = EV_IS_ERR(l) ? l : ev_bytes_new(I, EV_O_BYTES, NULL, 0);
    ev_value tl = EV_IS_ERR(u) ? u : ev_bytes_new(I, EV_O_BYTES, NULL, 0);
    if (EV_IS_ERR(tl)) {
        ev_value got[] = {s, l, u};
        for (int i = 0; i < 3; i++)
            if (!EV_IS_ERR(got[i]))
                ev_decref(I, got[i]);
        ev_decref(I, o);
        return EV_ERR;
    }
    ev_value *sl = zslots(o);
    sl[Z_STRM] = s;
    sl[Z_BLOCKS] = l;
    sl[Z_UNUSED] = u;
    sl[Z_TAIL] = tl;
    sl[Z_ZDICT] = EV_NONE;
    sl[Z_FLAGS] = ev_int(0);
    z_stream *zs = zstrm(o);
    memset(zs, 0, sizeof *zs);
    zs->zalloc = zlib_alloc;
    zs->zfree = zlib_free;
    return o;
}

static int zobj_check(ev_interp *I, ev_value self, ev_type *t)
{
    if (ev_is_cinstance(self, t) && ev_as_cinstance(self)->nslots == Z_NSLOTS)
        return 0;
    ev_raise(I, &ev_type_TypeError, "descriptor requires a '%s' object but received a '%s'", t->name,
             ev_type_name(self));
    return -1;
}

/* compressobj(level=-1, method=8, wbits=15, memLevel=8, strategy=0, zdict=None) */
static ev_value zl_compressobj(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int level, method, wbits, memlevel, strategy;
    if (int_arg(I, argv[0], Z_DEFAULT_COMPRESSION, &level) || int_arg(I, argv[1], Z_DEFLATED, &method) ||
        int_arg(I, argv[2], MAX_WBITS, &wbits) || int_arg(I, argv[3], DEF_MEM_LEVEL, &memlevel) ||
        int_arg(I, argv[4], Z_DEFAULT_STRATEGY, &strategy))
        return EV_ERR;
    const unsigned char *dp = NULL;
    size_t dn = 0;
    ev_value zd = argv[5];
    bool has_dict = !EV_IS_ERR(zd) && zd.tag != EV_T_NONE;
    if (has_dict && ev_bytes_view(I, zd, &dp, &dn))
        return EV_ERR;
    ev_value o = zobj_new(I, &ev_type_zlib_Compress);
    if (EV_IS_ERR(o))
        return o;
    zctx c;
    z_stream *zs = zbind(I, o, &c);
    int err = deflateInit2(zs, level, method, wbits, memlevel, strategy);
    if (err == Z_OK) {
        zset_flags(o, ZF_INIT);
        if (!has_dict)
            return o;
        err = deflateSetDictionary(zs, dp, (uInt)dn);
        if (err == Z_OK)
            return o;
        if (!c.failed)
            ev_raise(I, &ev_type_ValueError, err == Z_STREAM_ERROR ? "Invalid dictionary" : "deflateSetDictionary()");
    } else if (!c.failed) {
        if (err == Z_MEM_ERROR)
            ev_raise(I, &ev_type_MemoryError, "Can't allocate memory for compression object");
        else if (err == Z_STREAM_ERROR)
            ev_raise(I, &ev_type_ValueError, "Invalid initialization option");
        else
            zlib_error(I, zs, err, "while creating compression object");
    }
    ev_decref(I, o);
    return EV_ERR;
}

static int set_inflate_zdict(ev_interp *I, ev_value self, z_stream *zs)
{
    const unsigned char *dp;
    size_t dn;
    if (ev_bytes_view(I, zslots(self)[Z_ZDICT], &dp, &dn))
        return -1;
    if (dn > UINT_MAX) {
        ev_raise(I, &ev_type_OverflowError, "zdict length does not fit in an unsigned int");
        return -1;
    }
    int err = inflateSetDictionary(zs, dp, (uInt)dn);
    if (err != Z_OK) {
        zlib_error(I, zs, err, "while setting zdict");
        return -1;
    }
    return 0;
}

/* decompressobj(wbits=15, zdict=b'') */
static ev_value zl_decompressobj(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int wbits;
    if (int_arg(I, argv[0], MAX_WBITS, &wbits))
        return EV_ERR;
    ev_value zd = argv[1];
    if (!EV_IS_ERR(zd) && !ev_is_byteslike(zd))
        return ev_raise(I, &ev_type_TypeError, "zdict argument must support the buffer protocol");
    ev_value o = zobj_new(I, &ev_type_zlib_Decompress);
    if (EV_IS_ERR(o))
        return o;
    if (!EV_IS_ERR(zd))
        zslots(o)[Z_ZDICT] = ev_dup(zd);
    zctx c;
    z_stream *zs = zbind(I, o, &c);
    int err = inflateInit2(zs, wbits);
    if (err == Z_OK) {
        zset_flags(o, ZF_INIT);
        if (!EV_IS_ERR(zd) && wbits < 0 && set_inflate_zdict(I, o, zs)) {
            ev_decref(I, o);
            return EV_ERR;
        }
        return o;
    }
    if (!c.failed) {
        if (err == Z_STREAM_ERROR)
            ev_raise(I, &ev_type_ValueError, "Invalid initialization option");
        else if (err == Z_MEM_ERROR)
            ev_raise(I, &ev_type_MemoryError, "Can't allocate memory for decompression object");
        else
            zlib_error(I, zs, err, "while creating decompression object");
    }
    ev_decref(I, o);
    return EV_ERR;
}

/* Compress.compress(data, /) */
static ev_value comp_compress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    if (zobj_check(I, self, &ev_type_zlib_Compress) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    zctx c;
    z_stream *zs = zbind(I, self, &c);
    ev_value out;
    if (out_begin(I, &out, zs, DEF_BUF_SIZE, -1))
        goto fail;
    zs->next_in = (Bytef *)p;
    size_t left = n;
    do {
        zs->avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
        left -= zs->avail_in;
        do {
            if (zs->avail_out == 0 && out_grow(I, ev_as_bytes(out), zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), -1))
                goto fail;
            uInt before = zs->avail_in;
            int err = deflate(zs, Z_NO_FLUSH);
            if (c.failed)
                goto fail;
            if (err == Z_STREAM_ERROR) {
                zlib_error(I, zs, err, "while compressing data");
                goto fail;
            }
            if (zlib_tick(I, before - zs->avail_in))
                goto fail;
        } while (zs->avail_out == 0);
    } while (left != 0);
    zs->next_in = NULL;
    return out_finish(out, zs);
fail:
    zs->next_in = NULL, zs->avail_in = 0;
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    return EV_ERR;
}

/* Compress.flush(mode=Z_FINISH, /) */
static ev_value comp_flush(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int mode;
    if (zobj_check(I, self, &ev_type_zlib_Compress) || int_arg(I, argv[0], Z_FINISH, &mode))
        return EV_ERR;
    if (mode == Z_NO_FLUSH)
        return ev_bytes_new(I, EV_O_BYTES, NULL, 0);
    zctx c;
    z_stream *zs = zbind(I, self, &c);
    zs->avail_in = 0;
    ev_value out;
    if (out_begin(I, &out, zs, DEF_BUF_SIZE, -1))
        goto fail;
    int err;
    do {
        if (zs->avail_out == 0 && out_grow(I, ev_as_bytes(out), zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), -1))
            goto fail;
        err = deflate(zs, mode);
        if (c.failed)
            goto fail;
        if (err == Z_STREAM_ERROR) {
            zlib_error(I, zs, err, "while flushing");
            goto fail;
        }
        if (zlib_tick(I, DEF_BUF_SIZE))
            goto fail;
    } while (zs->avail_out == 0);
    if (err == Z_STREAM_END && mode == Z_FINISH) {
        err = deflateEnd(zs);
        if (err != Z_OK) {
            zlib_error(I, zs, err, "while finishing compression");
            goto fail;
        }
        zset_flags(self, zflags(self) & ~ZF_INIT);
    } else if (err != Z_OK && err != Z_BUF_ERROR) {
        zlib_error(I, zs, err, "while flushing");
        goto fail;
    }
    return out_finish(out, zs);
fail:
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    return EV_ERR;
}

/* the input left after a decompress or flush into unused_data (at the end
 * of the stream) or unconsumed_tail (CPython's save_unconsumed_input) */
static int save_unconsumed(ev_interp *I, ev_value self, z_stream *zs, const unsigned char *p, size_t n, int err)
{
    size_t left = (size_t)(p + n - (const unsigned char *)zs->next_in);
    if (err == Z_STREAM_END && zs->avail_in > 0) {
        ev_bytes *old = ev_as_bytes(zslots(self)[Z_UNUSED]);
        ev_value nu = ev_bytes_new(I, EV_O_BYTES, NULL, old->len + left);
        if (EV_IS_ERR(nu))
            return -1;
        if (old->len)
            memcpy(ev_as_bytes(nu)->data, old->data, old->len);
        memcpy(ev_as_bytes(nu)->data + old->len, zs->next_in, left);
        ev_decref(I, zslots(self)[Z_UNUSED]);
        zslots(self)[Z_UNUSED] = nu;
        zs->avail_in = 0;
    }
    if (zs->avail_in > 0 || ev_as_bytes(zslots(self)[Z_TAIL])->len) {
        left = (size_t)(p + n - (const unsigned char *)zs->next_in);
        ev_value nt = ev_bytes_new(I, EV_O_BYTES, zs->next_in, left);
        if (EV_IS_ERR(nt))
            return -1;
        ev_decref(I, zslots(self)[Z_TAIL]);
        zslots(self)[Z_TAIL] = nt;
    }
    return 0;
}

/* Decompress.decompress(data, /, max_length=0) */
static ev_value decomp_decompress(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    const unsigned char *p;
    size_t n;
    int64_t max_length = 0;
    if (zobj_check(I, self, &ev_type_zlib_Decompress) || ev_bytes_view(I, argv[0], &p, &n) ||
        (!EV_IS_ERR(argv[1]) && ev_ssize_arg(I, argv[1], &max_length)) || ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    if (max_length < 0)
        return ev_raise(I, &ev_type_ValueError, "max_length must be non-negative");
    if (max_length == 0)
        max_length = -1;
    /* the input stays alive and unchanged: argv holds it and no Python code runs */
    ev_value data = ev_dup(argv[0]);
    zctx c;
    z_stream *zs = zbind(I, self, &c);
    ev_value out;
    int err = Z_OK;
    if (out_begin(I, &out, zs, DEF_BUF_SIZE, max_length))
        goto fail;
    zs->next_in = (Bytef *)p;
    size_t left = n;
    do {
        zs->avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
        left -= zs->avail_in;
        do {
            if (zs->avail_out == 0) {
                if (max_length >= 0 && (int64_t)out_len(out, zs) == max_length)
                    goto save;
                if (out_grow(I, ev_as_bytes(out), zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), max_length))
                    goto fail;
            }
            uInt before = zs->avail_out;
            err = inflate(zs, Z_SYNC_FLUSH);
            if (c.failed)
                goto fail;
            if (err == Z_NEED_DICT && zslots(self)[Z_ZDICT].tag != EV_T_NONE) {
                if (set_inflate_zdict(I, self, zs))
                    goto fail;
            } else if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END) {
                goto save;
            }
            if (zlib_tick(I, before - zs->avail_out))
                goto fail;
        } while (zs->avail_out == 0 || err == Z_NEED_DICT);
    } while (err != Z_STREAM_END && left != 0);
save:
    {
        /* what zlib has not read of this call's input, for save_unconsumed */
        size_t unread = (size_t)(p + n - (const unsigned char *)zs->next_in);
        zs->avail_in = unread > UINT_MAX ? UINT_MAX : (uInt)unread;
    }
    if (save_unconsumed(I, self, zs, p, n, err))
        goto fail;
    if (err == Z_STREAM_END) {
        zset_flags(self, zflags(self) | ZF_EOF);
    } else if (err != Z_OK && err != Z_BUF_ERROR) {
        zlib_error(I, zs, err, "while decompressing data");
        goto fail;
    }
    zs->next_in = NULL, zs->avail_in = 0;
    ev_decref(I, data);
    return out_finish(out, zs);
fail:
    zs->next_in = NULL, zs->avail_in = 0;
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    ev_decref(I, data);
    return EV_ERR;
}

/* Decompress.flush(length=16384, /) */
static ev_value decomp_flush(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    int64_t length = DEF_BUF_SIZE;
    if (zobj_check(I, self, &ev_type_zlib_Decompress) || (!EV_IS_ERR(argv[0]) && ev_ssize_arg(I, argv[0], &length)))
        return EV_ERR;
    if (length <= 0)
        return ev_raise(I, &ev_type_ValueError, "length must be greater than zero");
    if (ev_mem_reserve(I, (size_t)length))
        return EV_ERR;
    ev_value data = ev_dup(zslots(self)[Z_TAIL]);
    const unsigned char *p = ev_as_bytes(data)->data;
    size_t n = ev_as_bytes(data)->len;
    zctx c;
    z_stream *zs = zbind(I, self, &c);
    ev_value out;
    int err = Z_OK;
    if (out_begin(I, &out, zs, (size_t)length, -1))
        goto fail;
    zs->next_in = (Bytef *)p;
    size_t left = n;
    do {
        zs->avail_in = left > UINT_MAX ? UINT_MAX : (uInt)left;
        left -= zs->avail_in;
        int flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
        do {
            if (zs->avail_out == 0 && out_grow(I, ev_as_bytes(out), zs, out_next(ev_as_bytes(out), DEF_BUF_SIZE), -1))
                goto fail;
            uInt before = zs->avail_out;
            err = inflate(zs, flush);
            if (c.failed)
                goto fail;
            if (err != Z_OK && err != Z_BUF_ERROR && err != Z_STREAM_END)
                goto save;
            if (zlib_tick(I, before - zs->avail_out))
                goto fail;
        } while (zs->avail_out == 0 || err == Z_NEED_DICT);
    } while (err != Z_STREAM_END && left != 0);
save:
    {
        size_t unread = (size_t)(p + n - (const unsigned char *)zs->next_in);
        zs->avail_in = unread > UINT_MAX ? UINT_MAX : (uInt)unread;
    }
    if (save_unconsumed(I, self, zs, p, n, err))
        goto fail;
    if (err == Z_STREAM_END) {
        zset_flags(self, (zflags(self) | ZF_EOF) & ~ZF_INIT);
        err = inflateEnd(zs);
        if (err != Z_OK) {
            zlib_error(I, zs, err, "while finishing decompression");
            goto fail;
        }
    }
    zs->next_in = NULL, zs->avail_in = 0;
    ev_decref(I, data);
    return out_finish(out, zs);
fail:
    zs->next_in = NULL, zs->avail_in = 0;
    if (!EV_IS_ERR(out))
        ev_decref(I, out);
    ev_decref(I, data);
    return EV_ERR;
}

static ev_value zobj_copy(ev_interp *I, ev_value self, ev_type *t)
{
    if (zobj_check(I, self, t))
        return EV_ERR;
    ev_value o = zobj_new(I, t);
    if (EV_IS_ERR(o))
        return o;
    zctx cd;
    z_stream *dst = zbind(I, o, &cd);
    /* deflateCopy allocates through the source's struct copied into dst, and
     * inflateCopy through the source's own allocator: with the source's
     * opaque pointing at the copy's list, every block of the copy is the
     * copy's, and lives as long as it does */
    z_stream *src = zstrm(self);
    src->opaque = &cd;
    int err = t == &ev_type_zlib_Compress ? deflateCopy(dst, src) : inflateCopy(dst, src);
    dst->opaque = &cd;
    if (err != Z_OK) {
        if (!cd.failed) {
            zctx cs;
            zbind(I, self, &cs);
            if (err == Z_STREAM_ERROR)
                ev_raise(I, &ev_type_ValueError, "Inconsistent stream state");
            else if (err == Z_MEM_ERROR)
                ev_raise(I, &ev_type_MemoryError, t == &ev_type_zlib_Compress
                                                      ? "Can't allocate memory for compression object"
                                                      : "Can't allocate memory for decompression object");
            else
                zlib_error(I, src, err,
                           t == &ev_type_zlib_Compress ? "while copying compression object"
                                                       : "while copying decompression object");
        }
        ev_decref(I, o);
        return EV_ERR;
    }
    for (int i = Z_UNUSED; i <= Z_ZDICT; i++) {
        ev_decref(I, zslots(o)[i]);
        zslots(o)[i] = ev_dup(zslots(self)[i]);
    }
    zset_flags(o, zflags(self) | ZF_INIT);
    return o;
}

static ev_value comp_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return zobj_copy(I, self, &ev_type_zlib_Compress);
}

static ev_value decomp_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return zobj_copy(I, self, &ev_type_zlib_Decompress);
}

static ev_value decomp_unused_data(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return zobj_check(I, self, &ev_type_zlib_Decompress) ? EV_ERR : ev_dup(zslots(self)[Z_UNUSED]);
}

static ev_value decomp_unconsumed_tail(ev_interp *I, ev_value self, int argc, const ev_value *argv,
                                       const ev_kw *kw)
{
    return zobj_check(I, self, &ev_type_zlib_Decompress) ? EV_ERR : ev_dup(zslots(self)[Z_TAIL]);
}

static ev_value decomp_eof(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return zobj_check(I, self, &ev_type_zlib_Decompress) ? EV_ERR : ev_bool(zflags(self) & ZF_EOF);
}

static const ev_builtin_def compress_methods[] = {
    {"compress", comp_compress, 1, 1, EV_BF_POSN},
    {"flush", comp_flush, 0, 1, 0, "mode, /"},
    {"copy", comp_copy, 0, 0, 0},
    {"__copy__", comp_copy, 0, 0, 0},
    {NULL, NULL, 0, 0, 0},
};

static const ev_builtin_def decompress_methods[] = {
    {"decompress", decomp_decompress, 1, 2, 0, "data, /, max_length"},
    {"flush", decomp_flush, 0, 1, 0, "length, /"},
    {"copy", decomp_copy, 0, 0, 0},
    {"__copy__", decomp_copy, 0, 0, 0},
    {"unused_data", decomp_unused_data, 0, 0, EV_BF_PROP},
    {"unconsumed_tail", decomp_unconsumed_tail, 0, 0, EV_BF_PROP},
    {"eof", decomp_eof, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

/* ---- checksums -------------------------------------------------------------------------------- */

/* the running value, as CPython's unsigned_int(bitwise=True): modulo 2**32 */
static int checksum_start(ev_interp *I, ev_value v, uint32_t dflt, uint32_t *out)
{
    *out = dflt;
    if (EV_IS_ERR(v))
        return 0;
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

static ev_value checksum(ev_interp *I, int argc, const ev_value *argv, bool crc)
{
    const unsigned char *p;
    size_t n;
    uint32_t v;
    /* the data again after the start value: its __index__ may resize a bytearray */
    if (ev_bytes_view(I, argv[0], &p, &n) || checksum_start(I, argc > 1 ? argv[1] : EV_ERR, crc ? 0 : 1, &v) ||
        ev_bytes_view(I, argv[0], &p, &n))
        return EV_ERR;
    uLong acc = v;
    while (n) {
        uInt k = n > (1u << 20) ? (1u << 20) : (uInt)n;
        acc = crc ? crc32(acc, p, k) : adler32(acc, p, k);
        p += k, n -= k;
        if (zlib_tick(I, k))
            return EV_ERR;
    }
    return ev_int((int64_t)(acc & 0xffffffffu));
}

static ev_value zl_crc32(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return checksum(I, argc, argv, true);
}

static ev_value zl_adler32(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return checksum(I, argc, argv, false);
}

static const ev_builtin_def zlib_functions[] = {
    {"compress", zl_compress, 1, 3, 0, "data, /, level, wbits"},
    {"decompress", zl_decompress, 1, 3, 0, "data, /, wbits, bufsize"},
    {"compressobj", zl_compressobj, 0, 6, 0, "level, method, wbits, memLevel, strategy, zdict"},
    {"decompressobj", zl_decompressobj, 0, 2, 0, "wbits, zdict"},
    {"crc32", zl_crc32, 1, 2, EV_BF_POSN},
    {"adler32", zl_adler32, 1, 2, EV_BF_POSN},
    {NULL, NULL, 0, 0, 0},
};

static ev_value zerr_new(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return ev_exc_make(I, (ev_type *)self.u.o, argc, argv);
}

ev_type ev_type_zlib_error = {STATIC_TYPE, .name = "zlib.error", .base = &ev_type_Exception, .call = zerr_new,
                              .max_args = -1, .module = "zlib"};
ev_type ev_type_zlib_Compress = {STATIC_TYPE, .name = "zlib.Compress", .methods = compress_methods,
                                 .module = "zlib", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};
ev_type ev_type_zlib_Decompress = {STATIC_TYPE, .name = "zlib.Decompress", .methods = decompress_methods,
                                   .module = "zlib", .tflags = EV_TYPE_CSLOTS | EV_TYPE_FINAL};

static int init(ev_interp *I, ev_dict *ns)
{
    static const struct {
        const char *name;
        int value;
    } consts[] = {
        {"DEFLATED", Z_DEFLATED},
        {"DEF_BUF_SIZE", DEF_BUF_SIZE},
        {"DEF_MEM_LEVEL", DEF_MEM_LEVEL},
        {"MAX_WBITS", MAX_WBITS},
        {"Z_BEST_COMPRESSION", Z_BEST_COMPRESSION},
        {"Z_BEST_SPEED", Z_BEST_SPEED},
        {"Z_BLOCK", Z_BLOCK},
        {"Z_DEFAULT_COMPRESSION", Z_DEFAULT_COMPRESSION},
        {"Z_DEFAULT_STRATEGY", Z_DEFAULT_STRATEGY},
        {"Z_FILTERED", Z_FILTERED},
        {"Z_FINISH", Z_FINISH},
        {"Z_FIXED", Z_FIXED},
        {"Z_FULL_FLUSH", Z_FULL_FLUSH},
        {"Z_HUFFMAN_ONLY", Z_HUFFMAN_ONLY},
        {"Z_NO_COMPRESSION", Z_NO_COMPRESSION},
        {"Z_NO_FLUSH", Z_NO_FLUSH},
        {"Z_PARTIAL_FLUSH", Z_PARTIAL_FLUSH},
        {"Z_RLE", Z_RLE},
        {"Z_SYNC_FLUSH", Z_SYNC_FLUSH},
        {"Z_TREES", Z_TREES},
    };
    for (size_t i = 0; i < sizeof consts / sizeof consts[0]; i++)
        if (ev_module_set(I, ns, consts[i].name, ev_int(consts[i].value)))
            return -1;
    ev_value v = ev_str_from_cstr(I, ZLIB_VERSION);
    ev_value rv = EV_IS_ERR(v) ? v : ev_str_from_cstr(I, zlibVersion());
    int r = EV_IS_ERR(rv) || ev_module_set(I, ns, "ZLIB_VERSION", v) || ev_module_set(I, ns, "ZLIB_RUNTIME_VERSION", rv) ||
            ev_module_set(I, ns, "error", ev_obj_val(&ev_type_zlib_error.h));
    if (!EV_IS_ERR(v))
        ev_decref(I, v);
    if (!EV_IS_ERR(rv))
        ev_decref(I, rv);
    return r ? -1 : 0;
}

const ev_module_def ev_module_zlib = {"zlib", zlib_functions, init, NULL};
