/*
 * safepy.h - libsafepy: safepy's Python sandbox as a library.
 *
 * The only header of libsafepy; it includes no other safepy or tree-sitter
 * header.  A sandbox runs Python 3 programs through the same pipeline as
 * `safepy run` and the MCP server: parse, check against the rule files and
 * the policy (what it may import), then evaluate in safepy's own
 * interpreter, whose objects live in the sandbox and nowhere else.
 *
 * What protects the embedding process: the rules refuse what leads out of
 * the sandbox before anything runs, and the evaluator itself implements no
 * file, process or network access (the policy's modules only; the host
 * functions the embedder registers are the only way out).  The library adds
 * no operating-system wall: the process is the embedder's, and seccomp
 * there would bind the embedder too.  `safepy mcp` runs the same library in
 * a forked worker behind seccomp and rlimits; embedders that want that wall
 * run the sandbox in a process of their own.
 *
 * Ownership:
 *   sp_sandbox  created by sp_sandbox_new() or sp_sandbox_restore(), freed
 *               by sp_sandbox_free(); owns the interpreter session, the rule
 *               set and copies of every string given to it.
 *   sp_result   returned by sp_sandbox_run()/sp_sandbox_check(), owned by
 *               the caller until sp_result_free(); it does not refer to the
 *               sandbox, so it may outlive it.
 *   sp_value    plain data, a tree in malloc memory.  Whoever holds a tree
 *               frees it with sp_value_clear(), except where a comment below
 *               says the library takes it.
 *   char **     strings and byte strings the library returns through such a
 *               pointer are malloc'd; the caller frees them with sp_free()
 *               (or free() when it shares the library's C library).
 *
 * Threads: any number of sandboxes per process, each used by one thread at
 * a time (the library takes no lock of its own around a sandbox).  The one
 * exception is sp_sandbox_cancel(), callable from any thread (and from a
 * signal handler) while the sandbox exists.  A run executes on a thread
 * with the evaluator's big stack: the calling thread when it has one (see
 * SP_RUN_STACK_BYTES), else the sandbox's runner thread, started at its
 * first such run and ended by sp_sandbox_free (the caller waits for the
 * run).  Host callbacks are called on the thread of the run.
 *
 * Errors: functions that can fail return an sp_code (0 = SP_OK, negative on
 * failure) and, where there is no sandbox to ask, a malloc'd message through
 * `char **error`; otherwise sp_sandbox_error() tells why.  How a program
 * ended is not an error of the call: it is sp_result.status.
 */
#ifndef LIBSAFEPY_SAFEPY_H
#define LIBSAFEPY_SAFEPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(LIBSAFEPY_BUILD)
#define SP_API __attribute__((visibility("default")))
#else
#define SP_API
#endif

#define SP_VERSION "0.1.0"

typedef enum sp_code {
    SP_OK = 0,
    SP_ENOMEM = -1,  /* out of memory (the host's, or the sandbox's limit) */
    SP_EINVAL = -2,  /* a bad argument, value, name or snapshot */
    SP_EIO = -3,     /* a rule directory could not be read */
    SP_ESTATE = -4,  /* not now: e.g. restore into a sandbox that has run */
} sp_code;

/* --- plain data -----------------------------------------------------------
 *
 * What crosses between the embedder and Python code: None, bool, int of any
 * size, float, str, bytes, list, tuple, dict, set and frozenset, nested at
 * most SP_VALUE_MAX_DEPTH deep.  Every crossing copies.  Anything else
 * (an instance, a function, a subclass of these) is a TypeError naming the
 * type on the Python side.
 */
#define SP_VALUE_MAX_DEPTH 200

typedef enum sp_kind {
    SP_NONE = 0,
    SP_BOOL,
    SP_INT,       /* fits int64_t: u.i */
    SP_BIGINT,    /* any other int: u.text holds decimal digits, '-' first if negative */
    SP_FLOAT,     /* u.f */
    SP_STR,       /* u.text: UTF-8 (may hold NUL bytes; len counts bytes) */
    SP_BYTES,     /* u.text */
    SP_LIST,      /* u.seq */
    SP_TUPLE,     /* u.seq */
    SP_DICT,      /* u.seq: key, value, key, value... (len is even), in order */
    SP_SET,       /* u.seq */
    SP_FROZENSET, /* u.seq */
} sp_kind;

typedef struct sp_value {
    sp_kind kind;
    union {
        bool b;
        int64_t i;
        double f;
        struct {
            char *data; /* malloc'd, NUL-terminated past len */
            size_t len;
        } text;
        struct {
            struct sp_value *items; /* malloc'd array of len values */
            size_t len;
        } seq;
    } u;
} sp_value;

/* Frees what v owns, recursively, and leaves it SP_NONE. */
SP_API void sp_value_clear(sp_value *v);
/* Builders, for embedders (and bindings) that cannot malloc for the library.
 * Each clears v first.  sp_value_set_text copies len bytes (kind SP_STR,
 * SP_BYTES or SP_BIGINT); sp_value_set_seq gives v len items, all SP_NONE,
 * to be filled in place (kind SP_LIST ... SP_FROZENSET; a dict takes 2*n).
 * SP_OK, SP_ENOMEM or SP_EINVAL. */
SP_API void sp_value_set_none(sp_value *v);
SP_API void sp_value_set_bool(sp_value *v, bool b);
SP_API void sp_value_set_int(sp_value *v, int64_t i);
SP_API void sp_value_set_float(sp_value *v, double f);
SP_API int sp_value_set_text(sp_value *v, sp_kind kind, const char *data, size_t len);
SP_API int sp_value_set_seq(sp_value *v, sp_kind kind, size_t len);
/* Item i of a sequence (NULL when v is not one or i is out of range). */
SP_API sp_value *sp_value_item(sp_value *v, size_t i);

/* --- configuration --------------------------------------------------------- */

typedef struct sp_config {
    /* Limits; 0 means the default (5 s, 256 MiB, depth 1000, 1 MiB). */
    double timeout_s;     /* wall clock per run, host callbacks included */
    size_t max_memory;    /* bytes of live sandbox memory (at least 1 MiB) */
    uint32_t max_depth;   /* Python call depth */
    size_t max_output;    /* bytes of printed output per run */
    /* Policy.  rules_dir: more rule files (and a policy.json) on top of the
     * embedded ones, as `safepy --rules DIR`; NULL for none.  allow_modules:
     * modules the policy keeps off by default (its optin_modules) that
     * programs may import, as `--allow-module`; n_allow_modules of them. */
    const char *rules_dir;
    const char *const *allow_modules;
    size_t n_allow_modules;
} sp_config;

/* --- host functions --------------------------------------------------------- */

/* What a callback receives; all of it is the library's and valid only during
 * the call. */
typedef struct sp_call {
    const char *name;             /* the registered (possibly dotted) name */
    const sp_value *args;         /* positional arguments */
    size_t nargs;
    const char *const *kwnames;   /* keyword arguments, in call order */
    const sp_value *kwargs;
    size_t nkw;
    double time_left_s;           /* until the run's time limit */
} sp_call;

typedef enum sp_host_status {
    SP_HOST_OK = 0,    /* *result holds the return value (SP_NONE: None) */
    SP_HOST_ERROR,     /* the program sees err->type(err->message) raised */
    SP_HOST_LIMIT,     /* out of time: the run ends with the time limit */
    /* Reserved: a later version may add a status that suspends the run
     * (pause) until the embedder supplies the result (resume), for hosts
     * whose calls are asynchronous; callbacks written against this one
     * keep working. */
} sp_host_status;

typedef struct sp_host_error {
    /* A builtin exception name ("KeyError", "ValueError"...) or one declared
     * with sp_sandbox_add_exception(); anything else becomes RuntimeError. */
    char type[64];
    char *message; /* malloc'd (sp_host_error_set) or NULL; the library frees it */
} sp_host_error;

/* Fills err (type truncated to fit, message copied).  SP_OK or SP_ENOMEM
 * (the type is set anyway; the message is then lost). */
SP_API int sp_host_error_set(sp_host_error *err, const char *type, const char *message);

/* The callback.  Called on the run's thread (see Threads above); it must not
 * call into the same sandbox (a run then fails: sp_sandbox_run returns
 * NULL), but may run code in others.  On SP_HOST_OK the library
 * takes *result (the callback builds it with the sp_value_* functions or its
 * own malloc); on SP_HOST_ERROR it takes err->message.  Time spent inside
 * counts toward the time limit: a callback still running past it ends the
 * run with status limit, whatever it returns.  A callback that blocks should
 * give up by call->time_left_s. */
typedef sp_host_status (*sp_host_fn)(void *ud, const sp_call *call, sp_value *result,
                                     sp_host_error *err);

typedef struct sp_param {
    const char *name;
    bool required;      /* else optional: omitted ones are not passed */
    bool keyword_only;
} sp_param;

typedef struct sp_function {
    /* "fetch": a global of every run, like a builtin; "tools.search": an
     * importable module `tools` holding `search`. */
    const char *name;
    const char *doc;          /* __doc__; NULL for none */
    const sp_param *params;   /* the Python signature (arguments are bound
                                 against it with CPython's TypeErrors) ... */
    size_t nparams;
    bool varargs;             /* ... or none: any *args, **kwargs (params NULL) */
    sp_host_fn fn;
    void *ud;                 /* given back to fn; the embedder keeps it alive
                                 as long as the sandbox */
} sp_function;

/* --- sandboxes ---------------------------------------------------------------- */

typedef struct sp_sandbox sp_sandbox;

/* A new sandbox (cfg NULL: the defaults), or NULL with a malloc'd message
 * in *error (if error is not NULL): an unknown or escape module, an
 * unreadable rule directory, a limit out of range, out of memory. */
SP_API sp_sandbox *sp_sandbox_new(const sp_config *cfg, char **error);
/* Frees everything; not while a run is in progress or another thread may
 * still call sp_sandbox_cancel.  NULL is allowed. */
SP_API void sp_sandbox_free(sp_sandbox *sb);

/* Why the last failing call on sb failed (valid until the next call on sb;
 * "" when none failed). */
SP_API const char *sp_sandbox_error(const sp_sandbox *sb);

/* Registers a host function; strings and params are copied.  Functions
 * survive sp_sandbox_reset().  SP_OK, SP_EINVAL (bad or duplicate name),
 * SP_ENOMEM. */
SP_API int sp_sandbox_add_function(sp_sandbox *sb, const sp_function *fn);
/* Declares an exception class callbacks may raise by name, e.g.
 * "tools.ToolError" (a subclass of Exception that programs can catch). */
SP_API int sp_sandbox_add_exception(sp_sandbox *sb, const char *dotted_name, const char *doc);

/* Binds global `name` to a copy of *v, or copies global `name` into *out
 * (the caller then owns it): SP_OK, SP_EINVAL (bad name, not plain data:
 * see sp_sandbox_error), SP_ENOMEM; get: 1 when there is no such global. */
SP_API int sp_sandbox_set_global(sp_sandbox *sb, const char *name, const sp_value *v);
SP_API int sp_sandbox_get_global(sp_sandbox *sb, const char *name, sp_value *out);

/* How a program ended. */
typedef enum sp_status {
    SP_STATUS_OK = 0,       /* ran to the end */
    SP_STATUS_REJECTED = 1, /* refused before running: see diagnostics */
    SP_STATUS_ERROR = 2,    /* an uncaught exception (or an internal error): see error */
    SP_STATUS_LIMIT = 3,    /* stopped by a limit: see limit */
} sp_status;

/* One finding of the checks.  Lines and columns are 1-based (columns in
 * code points); 0 when unknown. */
typedef struct sp_diag {
    const char *rule;       /* "SP101", or "syntax" */
    const char *severity;   /* "error", "warning" or "note" */
    const char *message;
    const char *hint;       /* what to do instead; never empty */
    uint32_t line, column, end_line, end_column;
} sp_diag;

/* A run's outcome.  Read-only: the library allocates it (so it may grow at
 * its end in later versions) and sp_result_free() releases all of it. */
typedef struct sp_result {
    sp_status status;
    const char *output;     /* what the program printed (NUL-terminated) */
    size_t output_len;      /* its length in bytes (it may hold NUL bytes) */
    bool output_truncated;  /* printing stopped at max_output */
    const char *repr;       /* repr() of the last expression statement's value
                               (status ok, not None), else NULL */
    const sp_value *value;  /* that value as plain data when it is, else NULL */
    const char *error;      /* traceback or reason, as CPython prints it
                               (status error or limit, or rejected by the
                               evaluator: "SyntaxError: ..."; status ok:
                               "Exception ignored in" reports of failing
                               __del__ methods, which CPython prints to
                               stderr), else NULL (rejected by the checks:
                               see the diagnostics) */
    size_t error_len;
    const char *error_type; /* "ZeroDivisionError"..., else NULL */
    uint32_t error_line;    /* 1-based line of the error, 0 if unknown */
    const char *limit;      /* status limit: "time", "memory", "recursion",
                               "output", "operations" or "cancelled" */
    const sp_diag *diags;   /* every finding of the checks (warnings too) */
    size_t n_diags;
    const char *report;     /* the findings rendered as `safepy lint` prints
                               them, else NULL */
    bool internal;          /* status error: a fault of safepy (out of host
                               memory, an evaluator bug), not of the program */
} sp_result;

/* Runs `code` (len bytes; the file name in tracebacks is "<input>") as a
 * notebook cell: globals persist between runs, and the value of a final
 * expression statement is returned.  NULL only when out of host memory
 * before anything ran (sp_sandbox_error says so). */
SP_API sp_result *sp_sandbox_run(sp_sandbox *sb, const char *code, size_t len);

/* Where printed output goes when it is streamed: each chunk, in order,
 * during the run, on the run's thread (max_output already enforced). */
typedef void (*sp_write_fn)(void *ctx, const char *data, size_t len);

typedef struct sp_run_options {
    const char *filename; /* in tracebacks and diagnostics; NULL: "<input>" */
    bool file_mode;       /* like `python3 FILE`: a whole program, with
                             __file__, no value of a last expression, and
                             the module torn down at its end (finally
                             blocks of suspended generators run): the
                             sandbox is reset before its next use */
    sp_write_fn write;    /* non-NULL: output streamed here, not collected
                             (result->output is then "") */
    void *write_ctx;
} sp_run_options;

/* sp_sandbox_run with options (opt NULL: as sp_sandbox_run). */
SP_API sp_result *sp_sandbox_run_with(sp_sandbox *sb, const char *code, size_t len,
                                      const sp_run_options *opt);
/* Parses and checks only: status ok or rejected, with the diagnostics. */
SP_API sp_result *sp_sandbox_check(sp_sandbox *sb, const char *code, size_t len);
SP_API void sp_result_free(sp_result *r);

/* Forgets every global (variables, functions, imports); host functions and
 * the configuration stay. */
SP_API void sp_sandbox_reset(sp_sandbox *sb);

/* Stops the run in progress, which ends with status limit and limit
 * "cancelled".  From any thread, async-signal-safe.  A cancel that arrives
 * when no run is in progress, or just before one starts, has no effect:
 * callers that race with the start call it again until the run returns. */
SP_API void sp_sandbox_cancel(sp_sandbox *sb);

/* Saves what the sandbox holds between runs (globals, functions, classes,
 * instances, generators) and its configuration as a malloc'd byte string.
 * SP_OK, or SP_EINVAL when something cannot be saved (sp_sandbox_error
 * names it), SP_ENOMEM. */
SP_API int sp_sandbox_snapshot(sp_sandbox *sb, char **data, size_t *len);
/* A new sandbox holding what the snapshot saved, with the host functions
 * `fns` (n_fns of them: the snapshot's program may refer to them by name;
 * they are registered before anything is loaded).  cfg NULL: the saved
 * configuration; else cfg replaces it.  The bytes are untrusted input,
 * validated in full.  NULL with a malloc'd message in *error. */
SP_API sp_sandbox *sp_sandbox_restore(const char *data, size_t len, const sp_config *cfg,
                                      const sp_function *fns, size_t n_fns, char **error);

/* free() of the library's C library, for the strings it returns. */
SP_API void sp_free(void *p);

/* Runs stay on the calling thread when its stack has at least this many
 * bytes (not the main thread's); else they go to the runner thread. */
#define SP_RUN_STACK_BYTES ((size_t)512 << 20)

#ifdef __cplusplus
}
#endif

#endif
