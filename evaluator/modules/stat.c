/*
 * stat.c - the stat module, CPython 3.11-exact on Linux (see modules.h).
 *
 * CPython's stat.py ends with `from _stat import *`, so every function here
 * follows Modules/_stat.c: the mode is converted like _PyLong_AsMode_t (an
 * unsigned long that must fit in mode_t) and the messages name `_stat`.
 * The constants are Linux's values; S_IFDOOR, S_IFPORT and S_IFWHT do not
 * exist there and are 0, and their S_IS* tests are always False.
 */
#include <stdint.h>

#include "evaluator/modules/modules.h"

/* The POSIX values, spelled out so the module does not depend on the build
 * host's <sys/stat.h> (they are the same on every Linux architecture). */
enum {
    M_IFMT = 0170000,
    M_IFSOCK = 0140000,
    M_IFLNK = 0120000,
    M_IFREG = 0100000,
    M_IFBLK = 0060000,
    M_IFDIR = 0040000,
    M_IFCHR = 0020000,
    M_IFIFO = 0010000,
    M_ISUID = 04000,
    M_ISGID = 02000,
    M_ISVTX = 01000,
};

/* METH_O arity, with CPython's message. */
static int need_one(ev_interp *I, const char *name, int argc)
{
    if (argc == 1)
        return 0;
    ev_raise(I, &ev_type_TypeError, "_stat.%s() takes exactly one argument (%d given)", name,
             argc);
    return -1;
}

/* _PyLong_AsMode_t: an int in [0, 2**32) (mode_t is 32-bit unsigned). */
static int get_mode(ev_interp *I, const char *name, int argc, const ev_value *argv,
                    uint32_t *out)
{
    if (need_one(I, name, argc))
        return -1;
    ev_value v = argv[0];
    if (!ev_is_int(v)) {
        ev_raise(I, &ev_type_TypeError, "an integer is required");
        return -1;
    }
    if (v.tag == EV_T_BOOL || v.tag == EV_T_INT) {
        if (v.u.i < 0) {
            ev_raise(I, &ev_type_OverflowError, "can't convert negative value to unsigned int");
            return -1;
        }
        if (v.u.i > (int64_t)UINT32_MAX) {
            ev_raise(I, &ev_type_OverflowError, "mode out of range");
            return -1;
        }
        *out = (uint32_t)v.u.i;
        return 0;
    }
    /* a big int: beyond int64, so beyond unsigned long or negative */
    mpz_t z;
    mpz_init(z);
    ev_int_to_mpz(v, z);
    int sign = mpz_sgn(z);
    bool fits_ulong = mpz_sizeinbase(z, 2) <= 64;
    mpz_clear(z);
    if (sign < 0)
        ev_raise(I, &ev_type_OverflowError, "can't convert negative value to unsigned int");
    else if (fits_ulong)
        ev_raise(I, &ev_type_OverflowError, "mode out of range");
    else
        ev_raise(I, &ev_type_OverflowError, "Python int too large to convert to C unsigned long");
    return -1;
}

#define S_TEST(fname, cond)                                                           \
    static ev_value fname(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw) \
    {                                                                                 \
        (void)self;                                                                   \
        uint32_t m;                                                                   \
        if (get_mode(I, #fname + 2, argc, argv, &m))                                  \
            return EV_ERR;                                                            \
        return ev_bool(cond);                                                         \
    }

/* #fname + 2 drops the "s_" prefix of the C name. */
S_TEST(s_S_ISDIR, (m & M_IFMT) == M_IFDIR)
S_TEST(s_S_ISCHR, (m & M_IFMT) == M_IFCHR)
S_TEST(s_S_ISBLK, (m & M_IFMT) == M_IFBLK)
S_TEST(s_S_ISREG, (m & M_IFMT) == M_IFREG)
S_TEST(s_S_ISFIFO, (m & M_IFMT) == M_IFIFO)
S_TEST(s_S_ISLNK, (m & M_IFMT) == M_IFLNK)
S_TEST(s_S_ISSOCK, (m & M_IFMT) == M_IFSOCK)
/* Solaris doors, event ports and BSD whiteouts do not exist on Linux. */
S_TEST(s_S_ISDOOR, ((void)m, false))
S_TEST(s_S_ISPORT, ((void)m, false))
S_TEST(s_S_ISWHT, ((void)m, false))

static ev_value s_S_IMODE(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    uint32_t m;
    if (get_mode(I, "S_IMODE", argc, argv, &m))
        return EV_ERR;
    return ev_int(m & 07777);
}

static ev_value s_S_IFMT(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    uint32_t m;
    if (get_mode(I, "S_IFMT", argc, argv, &m))
        return EV_ERR;
    return ev_int(m & M_IFMT);
}

/* The `ls -l` letter for the file type, in _stat.c's order. */
static char filetype(uint32_t m)
{
    switch (m & M_IFMT) {
    case M_IFREG: return '-';
    case M_IFDIR: return 'd';
    case M_IFLNK: return 'l';
    case M_IFBLK: return 'b';
    case M_IFCHR: return 'c';
    case M_IFIFO: return 'p';
    case M_IFSOCK: return 's';
    default: return '?';
    }
}

/* One rwx triple; `special` (setuid, setgid, sticky) replaces the x with
 * `lower` when x is set, `upper` when not. */
static void triple(char *out, uint32_t m, int shift, uint32_t special, char lower, char upper)
{
    out[0] = (m >> shift) & 4 ? 'r' : '-';
    out[1] = (m >> shift) & 2 ? 'w' : '-';
    bool x = (m >> shift) & 1;
    if (m & special)
        out[2] = x ? lower : upper;
    else
        out[2] = x ? 'x' : '-';
}

static ev_value s_filemode(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    (void)self;
    uint32_t m;
    if (get_mode(I, "filemode", argc, argv, &m))
        return EV_ERR;
    char buf[10];
    buf[0] = filetype(m);
    triple(buf + 1, m, 6, M_ISUID, 's', 'S');
    triple(buf + 4, m, 3, M_ISGID, 's', 'S');
    triple(buf + 7, m, 0, M_ISVTX, 't', 'T');
    return ev_str_new(I, buf, sizeof buf);
}

/* ---- the module ------------------------------------------------------------------------------ */

#define ANY 0, -1, 0

static const ev_builtin_def functions[] = {
    {"S_IFMT", s_S_IFMT, ANY},
    {"S_IMODE", s_S_IMODE, ANY},
    {"S_ISBLK", s_S_ISBLK, ANY},
    {"S_ISCHR", s_S_ISCHR, ANY},
    {"S_ISDIR", s_S_ISDIR, ANY},
    {"S_ISDOOR", s_S_ISDOOR, ANY},
    {"S_ISFIFO", s_S_ISFIFO, ANY},
    {"S_ISLNK", s_S_ISLNK, ANY},
    {"S_ISPORT", s_S_ISPORT, ANY},
    {"S_ISREG", s_S_ISREG, ANY},
    {"S_ISSOCK", s_S_ISSOCK, ANY},
    {"S_ISWHT", s_S_ISWHT, ANY},
    {"filemode", s_filemode, ANY},
    {NULL, NULL, 0, 0, 0},
};

static const struct {
    const char *name;
    int64_t value;
} constants[] = {
    /* indexes into os.stat() tuples */
    {"ST_MODE", 0}, {"ST_INO", 1}, {"ST_DEV", 2}, {"ST_NLINK", 3}, {"ST_UID", 4},
    {"ST_GID", 5}, {"ST_SIZE", 6}, {"ST_ATIME", 7}, {"ST_MTIME", 8}, {"ST_CTIME", 9},
    /* file types */
    {"S_IFDIR", M_IFDIR}, {"S_IFCHR", M_IFCHR}, {"S_IFBLK", M_IFBLK}, {"S_IFREG", M_IFREG},
    {"S_IFIFO", M_IFIFO}, {"S_IFLNK", M_IFLNK}, {"S_IFSOCK", M_IFSOCK},
    {"S_IFDOOR", 0}, {"S_IFPORT", 0}, {"S_IFWHT", 0},
    /* permission bits */
    {"S_ISUID", M_ISUID}, {"S_ISGID", M_ISGID}, {"S_ENFMT", M_ISGID}, {"S_ISVTX", M_ISVTX},
    {"S_IREAD", 0400}, {"S_IWRITE", 0200}, {"S_IEXEC", 0100},
    {"S_IRWXU", 0700}, {"S_IRUSR", 0400}, {"S_IWUSR", 0200}, {"S_IXUSR", 0100},
    {"S_IRWXG", 070}, {"S_IRGRP", 040}, {"S_IWGRP", 020}, {"S_IXGRP", 010},
    {"S_IRWXO", 07}, {"S_IROTH", 04}, {"S_IWOTH", 02}, {"S_IXOTH", 01},
    /* BSD chflags() flags */
    {"UF_NODUMP", 0x1}, {"UF_IMMUTABLE", 0x2}, {"UF_APPEND", 0x4}, {"UF_OPAQUE", 0x8},
    {"UF_NOUNLINK", 0x10}, {"UF_COMPRESSED", 0x20}, {"UF_HIDDEN", 0x8000},
    {"SF_ARCHIVED", 0x10000}, {"SF_IMMUTABLE", 0x20000}, {"SF_APPEND", 0x40000},
    {"SF_NOUNLINK", 0x100000}, {"SF_SNAPSHOT", 0x200000},
    /* Windows file attributes */
    {"FILE_ATTRIBUTE_READONLY", 1}, {"FILE_ATTRIBUTE_HIDDEN", 2},
    {"FILE_ATTRIBUTE_SYSTEM", 4}, {"FILE_ATTRIBUTE_DIRECTORY", 16},
    {"FILE_ATTRIBUTE_ARCHIVE", 32}, {"FILE_ATTRIBUTE_DEVICE", 64},
    {"FILE_ATTRIBUTE_NORMAL", 128}, {"FILE_ATTRIBUTE_TEMPORARY", 256},
    {"FILE_ATTRIBUTE_SPARSE_FILE", 512}, {"FILE_ATTRIBUTE_REPARSE_POINT", 1024},
    {"FILE_ATTRIBUTE_COMPRESSED", 2048}, {"FILE_ATTRIBUTE_OFFLINE", 4096},
    {"FILE_ATTRIBUTE_NOT_CONTENT_INDEXED", 8192}, {"FILE_ATTRIBUTE_ENCRYPTED", 16384},
    {"FILE_ATTRIBUTE_INTEGRITY_STREAM", 32768}, {"FILE_ATTRIBUTE_VIRTUAL", 65536},
    {"FILE_ATTRIBUTE_NO_SCRUB_DATA", 131072},
};

static int init(ev_interp *I, ev_dict *ns)
{
    for (size_t i = 0; i < sizeof constants / sizeof *constants; i++)
        if (ev_module_set(I, ns, constants[i].name, ev_int(constants[i].value)))
            return -1;
    return 0;
}

const ev_module_def ev_module_stat = {"stat", functions, init};
