/*
 * mcp_internal.h - pieces of the MCP server shared between its files and
 * exposed to tests/unit/test_mcp.c.  Not part of the public API (mcp.h).
 */
#ifndef SAFEPY_MCP_INTERNAL_H
#define SAFEPY_MCP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <poll.h>
#include <sys/types.h>
#include <time.h>
#include <cJSON.h>

#include "mcp_server/mcp.h"

/* Longest message accepted, without its "\n" (and an optional "\r").  Code
 * sent by a model is rarely more than a few KiB; 16 MiB leaves room for data
 * pasted into the source while bounding what one line can make us buffer. */
#define MCP_MAX_LINE ((size_t)16 << 20)

/* JSON-RPC 2.0 error codes. */
enum {
    MCP_PARSE_ERROR = -32700,
    MCP_INVALID_REQUEST = -32600,
    MCP_METHOD_NOT_FOUND = -32601,
    MCP_INVALID_PARAMS = -32602,
    MCP_INTERNAL_ERROR = -32603,
    /* MCP 2026-07-28 (basic/index, "Error Codes") */
    MCP_MISSING_CAPABILITY = -32021,
    MCP_UNSUPPORTED_VERSION = -32022,
};

/* --- logs (server.c) -------------------------------------------------------- */

/* One line on stderr, "safepy mcp: LEVEL: ...", if cfg's level wants it. */
void mcp_log(const mcp_config *cfg, mcp_log_level level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* --- line framing (io.c) -------------------------------------------------- */

typedef enum mcp_line_status {
    MCP_LINE_OK = 0,        /* *line holds one message, NUL-terminated */
    MCP_LINE_TOO_LONG = 1,  /* a line over the limit was skipped entirely */
    MCP_LINE_EOF = 2,       /* end of input; no more lines */
    MCP_LINE_AGAIN = 3,     /* no complete line yet (take), or the fd would block (fill) */
    MCP_LINE_EIO = -1,      /* read() failed */
    MCP_LINE_ENOMEM = -2,
} mcp_line_status;

/* Splits a byte stream into lines.  Memory use is bounded by max_line plus
 * one read chunk: an over-long line is discarded while it streams past. */
typedef struct mcp_reader {
    int fd;
    size_t max_line;
    char *buf;
    size_t cap;
    size_t start;   /* first byte of the current line */
    size_t scan;    /* [start, scan) is known to hold no '\n' */
    size_t end;     /* bytes in buf */
    bool skipping;  /* inside an over-long line, dropping bytes */
    bool eof;
} mcp_reader;

void mcp_reader_init(mcp_reader *r, int fd, size_t max_line);
void mcp_reader_free(mcp_reader *r);
/* The returned line lacks its "\n" and a trailing "\r", is NUL-terminated
 * and stays valid until the next call.  A last line without "\n" before EOF
 * still counts as a line.  Blocks in read() until a line is complete. */
mcp_line_status mcp_reader_next(mcp_reader *r, char **line, size_t *len);
/* The non-blocking halves of mcp_reader_next, for a poll() loop: take()
 * hands out a buffered line without reading (MCP_LINE_AGAIN: none yet);
 * fill() does one read() (MCP_LINE_OK, or MCP_LINE_AGAIN when the fd would
 * block, EIO, ENOMEM).  A line from take() is valid until the next take()
 * or fill(). */
mcp_line_status mcp_reader_take(mcp_reader *r, char **line, size_t *len);
mcp_line_status mcp_reader_fill(mcp_reader *r);

/* Writes all of buf, retrying on EINTR and short writes.  0 or -1. */
int mcp_write_all(int fd, const char *buf, size_t len);

/* --- text (io.c) ------------------------------------------------------------ */

/* Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF. */
bool mcp_utf8_valid(const char *s, size_t len);
/* Valid UTF-8 without raw control characters (bytes below 0x20): what a
 * JSON text may hold between its tokens and in its strings, newline
 * included, so a text that passes stays one line. */
bool mcp_json_text_clean(const char *s, size_t len);
/* A malloc'd NUL-terminated copy in which every invalid UTF-8 sequence and
 * every NUL byte becomes U+FFFD: cJSON strings end at the first NUL and the
 * client expects UTF-8.  NULL on allocation failure. */
char *mcp_utf8_sanitize(const char *s, size_t len);
/* The longest prefix of the valid UTF-8 text s (NUL-terminated) that has at
 * most max bytes and ends on a character boundary: error messages quote
 * names from the client, and cutting a character in half would send
 * invalid UTF-8 to the client. */
size_t mcp_utf8_prefix(const char *s, size_t max);
/* True if a JSON text contains the escape \u0000 inside a string.  cJSON
 * silently cuts strings there, so code containing it must be refused rather
 * than run truncated. */
bool mcp_json_has_nul_escape(const char *s, size_t len);
/* True if the member `key` of the JSON object text s (already accepted by
 * cJSON) is a string holding the escape \u0000.  cJSON ends the string
 * there, so such an id or method would be read as a different one. */
bool mcp_json_member_has_nul(const char *s, size_t len, const char *key);

/* --- JSON-RPC messages (jsonrpc.c) ------------------------------------------ */

typedef enum mcp_msg_kind {
    MCP_MSG_REQUEST,       /* method and id */
    MCP_MSG_NOTIFICATION,  /* method, no id: never answered */
    MCP_MSG_RESPONSE,      /* a reply to a request we never send: ignored */
    MCP_MSG_INVALID,       /* answer err_code (with id when it was readable) */
} mcp_msg_kind;

typedef struct mcp_msg {
    mcp_msg_kind kind;
    cJSON *root;           /* owned; NULL if the line was not JSON */
    const cJSON *id;       /* inside root: a string or a safe integer, or NULL */
    const char *method;    /* inside root */
    const cJSON *params;   /* inside root: an object, or NULL when absent */
    int err_code;
    const char *err_msg;   /* static */
} mcp_msg;

/* Classifies one line.  Never fails: allocation failure while parsing looks
 * like a parse error, which is the best answer available then. */
void mcp_msg_parse(const char *line, size_t len, mcp_msg *m);
void mcp_msg_free(mcp_msg *m);

/* A malloc'd key that identifies a request id across messages ("s:abc",
 * "i:12"), so "12" and 12 stay different.  NULL on allocation failure. */
char *mcp_id_key(const cJSON *id);

/* A response line (compact JSON, no trailing newline), malloc'd, or NULL on
 * allocation failure.  `id` may be NULL: the member is then omitted, since
 * the MCP schema has no null id.  mcp_reply_result takes ownership of
 * result; a NULL result means allocation already failed. */
char *mcp_reply_result(const cJSON *id, cJSON *result);
char *mcp_reply_error(const cJSON *id, int code, const char *message);
/* The same with error.data (owned; NULL: none). */
char *mcp_reply_error_data(const cJSON *id, int code, const char *message, cJSON *data);

/* --- revision 2026-07-28 (modern.c) ------------------------------------------ */

#define MCP_MODERN_VERSION "2026-07-28"
#define MCP_TASKS_EXT "io.modelcontextprotocol/tasks"

/* The modern revisions spoken, NULL-terminated: supportedVersions of
 * server/discover and `supported` of UnsupportedProtocolVersionError.  The
 * 2025 revisions are not listed: they are reached through initialize. */
extern const char *const mcp_modern_versions[];

/* What a request's _meta says about it. */
typedef struct mcp_envelope {
    bool claimed;  /* it names a protocol version: served as revision 2026-07-28 */
    bool tasks;    /* its client capabilities declare the Tasks extension */
} mcp_envelope;

/* Reads and checks the per-request _meta of request m (server/discover
 * when `discover`, which has no legacy form).  0: a legacy request
 * (!env->claimed) or a valid modern one.  1: invalid; *reply is the error
 * line to send (-32602 or -32022; NULL if formatting ran out of memory). */
int mcp_envelope_read(const mcp_msg *m, bool discover, mcp_envelope *env, char **reply);

/* Adds resultType and _meta's serverInfo to a result object.  false on ENOMEM. */
bool mcp_modern_stamp(cJSON *res, const mcp_config *cfg, const char *result_type);
/* The members mcp_modern_stamp adds, as JSON text ending in ",", to put after
 * the "{" of a result the worker wrote.  Malloc'd; NULL on ENOMEM. */
char *mcp_modern_prefix(const mcp_config *cfg);
/* The server/discover result, and tools/list's for the modern revision
 * (legacy_json with resultType, _meta and cache hints).  Malloc'd text. */
char *mcp_discover_json(const mcp_config *cfg, const char *instructions);
char *mcp_tools_list_modern_json(const mcp_config *cfg, const char *legacy_json);

/* Tasks extension: a tools/call that has not answered within
 * MCP_TASK_AFTER_MS becomes a task, if its client declared the extension. */
#define MCP_TASK_AFTER_MS 500
#define MCP_TASK_POLL_MS 500
#define MCP_TASK_TTL_S 3600
#define MCP_TASKS_KEPT 64

typedef enum mcp_task_status {
    MCP_TASK_WORKING, MCP_TASK_COMPLETED, MCP_TASK_FAILED, MCP_TASK_CANCELLED,
} mcp_task_status;

typedef struct mcp_task {
    struct mcp_task *next;
    char id[33];          /* 128 random bits in hex */
    mcp_task_status status;
    time_t created, updated;
    char *result;         /* COMPLETED: the CallToolResult, JSON text */
    char *error;          /* FAILED: the JSON-RPC error object, JSON text */
} mcp_task;

typedef struct mcp_tasks {
    mcp_task *head;       /* newest first */
    size_t count;
} mcp_tasks;

/* A new working task, or NULL (ENOMEM, or no randomness for its id). */
mcp_task *mcp_task_new(mcp_tasks *ts);
/* The task with this id, after dropping expired ones; NULL if none. */
mcp_task *mcp_task_find(mcp_tasks *ts, const char *id);
/* Ends a working task, taking result and error (either may be NULL); a task
 * already ended (cancelled) keeps its state and frees them. */
void mcp_task_settle(mcp_task *t, mcp_task_status status, char *result, char *error);
void mcp_tasks_expire(mcp_tasks *ts, time_t now);
void mcp_tasks_free(mcp_tasks *ts);
/* The task as a result: CreateTaskResult (result_type "task") or
 * GetTaskResult ("complete").  NULL on ENOMEM. */
cJSON *mcp_task_json(const mcp_task *t, const mcp_config *cfg, const char *result_type);

/* --- tools (tools.c) ---------------------------------------------------------- */

typedef enum mcp_tool { MCP_TOOL_NONE = -1, MCP_TOOL_RUN = 0, MCP_TOOL_CHECK = 1 } mcp_tool;

mcp_tool mcp_tool_find(const char *name);
/* The tools/list result and the initialize instructions.  Malloc'd text.
 * `functions` (code mode's list of upstream functions, or NULL) ends
 * run_python's description. */
char *mcp_tools_list_json(const mcp_config *cfg, const char *functions);
char *mcp_instructions(const mcp_config *cfg);

/* Checks a tools/call `arguments` object against the tool's inputSchema.
 * Returns NULL when valid (then *code, *code_len and *reset are set, code
 * pointing into args) or a static message for an isError result. */
const char *mcp_tool_args(mcp_tool tool, const cJSON *args, const char **code,
                          size_t *code_len, bool *reset);

/* A CallToolResult with isError true and `message` as its text; the
 * structuredContent still conforms to the outputSchema.  NULL on ENOMEM. */
cJSON *mcp_tool_error_result(const char *message);

/* Runs a tool call in the calling thread (the worker).  `sess` is the
 * worker's one session (NULL if it could not be created: run_python then
 * reports an internal error).  `notice`, when not NULL, is put before the
 * text of a run_python result and marks it session_lost: the sandbox was
 * restarted since the previous call.  Returns a CallToolResult, or NULL on
 * allocation failure. */
cJSON *mcp_tool_call(const mcp_config *cfg, mcp_tool tool, ev_session *sess,
                     const char *code, size_t code_len, bool reset, const char *notice);

/* A CallToolResult made by the broker when the worker could not answer:
 * status "error" or "limit" (then `limit` names it), isError, the message
 * as text and error, session_lost true.  NULL on ENOMEM. */
cJSON *mcp_tool_lost_result(const char *status, const char *limit, const char *message);

/* Seconds of wall clock a run may take before the broker kills its worker:
 * the time limit plus a grace for parsing and for the evaluator to notice. */
double mcp_hard_deadline_s(const mcp_config *cfg, size_t code_len);

/* --- code mode: upstream MCP servers (upstream_config.c, upstream.c) ------------
 *
 * `safepy mcp --upstream FILE` starts the MCP servers FILE names (the
 * mcpServers format of Claude Desktop and Cursor, plus the operator's keys,
 * docs/mcp.md), lists their tools once at startup, and offers each allowed
 * tool to programs as a host function tools.SERVER.TOOL.  The broker is the
 * servers' client: the worker's seccomp policy does not change, and a
 * program reaches a tool only through a HOSTCALL message to the broker,
 * which checks it against the catalog and the operator's limits.
 *
 * Ownership: mcp_upstreams owns the configuration, the catalog and the
 * servers' processes; mcp_upstreams_free() kills and reaps them.  The worker
 * is forked after the catalog is built and reads its own copy of it. */

#define MCP_UP_DEFAULT_TIMEOUT_S 60.0
#define MCP_UP_DEFAULT_MAX_CALLS 100u
#define MCP_UP_MAX_SERVERS 64
#define MCP_UP_MAX_TOOLS 1024
#define MCP_UP_MAX_PARAMS 64
/* How long startup may take for every server to answer initialize and
 * tools/list (npx may download the package first). */
#define MCP_UP_START_S 60.0

typedef enum mcp_up_state {
    MCP_UP_DOWN = 0,  /* no process (never started, or died) */
    MCP_UP_INIT,      /* initialize sent */
    MCP_UP_LISTING,   /* tools/list sent (startup only) */
    MCP_UP_READY,
} mcp_up_state;

/* One tool offered to programs. */
typedef struct mcp_up_tool {
    size_t server;          /* index into mcp_upstreams.servers */
    char *name;             /* the server's own name, as tools/call wants it */
    char *pyname;           /* "tools.SERVER.TOOL", - and . made _ */
    char *doc;              /* the description, or NULL */
    char *signature;        /* "(*, message: str)" for run_python's description */
    ev_host_param *params;  /* keyword-only; names are Python identifiers */
    char **json_names;      /* the properties' own names, same order */
    size_t nparams;
} mcp_up_tool;

typedef struct mcp_upstream {
    /* the configuration */
    char *name;             /* the mcpServers key */
    char *pyname;           /* the namespace: - and . made _ */
    char **argv;            /* command then args, NULL-terminated */
    char **env;             /* "KEY=VALUE" added to our environment, NULL-terminated */
    char **allow;           /* "tools": the only ones offered (NULL: all) */
    char **exclude;         /* "excludeTools": never offered (NULL: none) */
    unsigned max_calls;     /* "maxCallsPerRun" */
    double timeout_s;       /* "timeoutSeconds", per call */
    /* the process */
    mcp_up_state state;
    pid_t pid;
    int to_fd, from_fd;
    mcp_reader rd;
    char *out;              /* requests not yet written: [out_off, out_len) */
    size_t out_len, out_off, out_cap;
    int64_t next_id;
    int64_t wait_id;        /* the request whose answer moves the state on */
    unsigned calls;         /* tools/call requests in this run */
    unsigned restarts;
    bool listed;            /* its tools are in the catalog */
} mcp_upstream;

typedef struct mcp_upstreams {
    mcp_upstream *servers;
    size_t n;
    mcp_up_tool *tools;
    size_t ntools;
    const mcp_config *cfg;
    /* The one call in flight: the worker runs one program, which waits for
     * each call's answer before it goes on. */
    bool busy;
    size_t call_tool;       /* index into tools */
    int64_t call_id;        /* its request id, once sent */
    char *call_req;         /* the request, kept while the server (re)starts */
    double call_deadline;   /* monotonic seconds: the per-call timeout */
    double run_deadline;    /* monotonic seconds: the run's time limit */
    char *answer;           /* the HOSTRESULT payload for the worker, once known */
    size_t answer_len;
} mcp_upstreams;

/* NAME with - and . made _, if that is a Python identifier and no keyword;
 * malloc'd, else NULL. */
char *mcp_up_pyname(const char *name);
/* Frees what a catalog entry owns (the entry itself is not freed). */
void mcp_up_tool_free(mcp_up_tool *t);
/* Kills and reaps one server's process and closes its pipes (idempotent). */
void mcp_upstream_stop(mcp_upstream *s);
/* Reads and validates FILE.  0, or -1 with a malloc'd message in *err. */
int mcp_upstreams_load(mcp_upstreams *u, const char *path, const mcp_config *cfg, char **err);
/* Parses the configuration text (for tests).  0 or -1 with *err. */
int mcp_upstreams_parse(mcp_upstreams *u, const char *text, size_t len, char **err);
/* Starts every server, initializes it and lists its tools into the catalog,
 * waiting at most MCP_UP_START_S.  0, or -1 with *err.  SIGPIPE must be
 * ignored by then (a server that exits at once is an EPIPE, not a kill). */
int mcp_upstreams_start(mcp_upstreams *u, char **err);
/* Kills the servers and frees everything; u is zeroed. */
void mcp_upstreams_free(mcp_upstreams *u);
/* The lines of run_python's description that list the functions, malloc'd
 * (NULL on ENOMEM; "" when there are none). */
char *mcp_upstreams_describe(const mcp_upstreams *u);

/* The poll loop's part: the fds to watch (at most 2 per server), the
 * events that came, and the next timer (monotonic seconds, 0: none). */
size_t mcp_upstreams_pollfds(const mcp_upstreams *u, struct pollfd *p, size_t max);
void mcp_upstreams_events(mcp_upstreams *u, const struct pollfd *p, size_t n);
double mcp_upstreams_next_timer(const mcp_upstreams *u);
void mcp_upstreams_timers(mcp_upstreams *u, double now);

/* A new run starts: the per-run call counts go back to zero. */
void mcp_upstreams_run_start(mcp_upstreams *u);
/* The worker asks for tool `tool` with `args` (a JSON object's text,
 * untrusted).  The answer comes later in u->answer, or at once for a
 * refusal.  -1: the request breaks the protocol (kill the worker). */
int mcp_upstreams_call(mcp_upstreams *u, uint32_t tool, const char *args, size_t len,
                       double run_deadline);
/* The run was cancelled or the worker is gone: cancel the call in flight
 * upstream; `answer` (cancelled) the worker if it is still there. */
void mcp_upstreams_cancel(mcp_upstreams *u, bool answer);
/* Hands out u->answer (malloc'd; the caller frees it), or NULL. */
char *mcp_upstreams_take_answer(mcp_upstreams *u, size_t *len);

/* --- code mode in the worker (codemode.c) ---------------------------------------- */

/* Registers tools.ToolError and one host function per catalog tool in the
 * worker's session.  0 or -1. */
int mcp_codemode_register(ev_session *s, const mcp_upstreams *u);

/* The worker's half of a HOSTCALL: sends `args` (JSON object text) for
 * tool `tool` on fd 1 and waits on fd 0 for the HOSTRESULT, which it
 * returns malloc'd in *reply.  0 or -1 (the broker is gone). */
int mcp_worker_host_exchange(uint32_t tool, const char *args, size_t len, char **reply,
                             size_t *reply_len);

/* --- the worker process (worker.c) ------------------------------------------ */

/* The pipe protocol between the broker and its worker.  Each message is a
 * header then `len` payload bytes.  A CALL's payload is the code, a NUL,
 * the notice (possibly empty), a NUL; a RESULT's is the CallToolResult as
 * compact JSON.  One call is in flight at a time; the worker answers every
 * CALL with exactly one RESULT, in order. */
#define MCP_WIRE_MAGIC 0x31575053u /* "SPW1" */
/* Code mode adds a nested exchange inside a CALL: the worker, waiting in a
 * host function, sends HOSTCALL (code_len: the catalog index of the tool;
 * payload: the arguments as a JSON object) and reads exactly one
 * HOSTRESULT (payload: JSON, {"result": CallToolResult}, {"error": text},
 * {"limit": "time"} or {"cancelled": true}) before it goes on.  The worker
 * never sends a HOSTCALL outside a CALL nor two without an answer. */
enum { MCP_WIRE_CALL = 1, MCP_WIRE_RESULT = 2, MCP_WIRE_HOSTCALL = 3, MCP_WIRE_HOSTRESULT = 4 };
/* Largest HOSTRESULT: a 16 MiB line from the server, wrapped. */
#define MCP_WIRE_MAX_HOSTRESULT (MCP_MAX_LINE + 4096)
enum { MCP_WIRE_RESET = 1 };

typedef struct mcp_wire_hdr {
    uint32_t magic;
    uint16_t kind;
    uint8_t tool;    /* CALL: an mcp_tool */
    uint8_t flags;   /* CALL: MCP_WIRE_RESET */
    uint32_t len;    /* payload bytes */
    uint32_t code_len; /* CALL: bytes of code before its NUL */
} mcp_wire_hdr;

/* Largest payload either side accepts: a 16 MiB message cannot carry more
 * code, and a result is bounded by the output limit plus escaping. */
#define MCP_WIRE_MAX_CALL (MCP_MAX_LINE + 4096)

/* The broker's handle on its worker.  Both pipe ends are non-blocking in
 * the broker. */
typedef struct mcp_worker {
    pid_t pid;            /* 0: no worker */
    int to_fd, from_fd;
    char *out;            /* the CALL being written */
    size_t out_len, out_off, out_cap;
    char *in;             /* the RESULT being read */
    size_t in_len, in_cap;
    uint32_t host_tool;   /* the tool of the HOSTCALL mcp_worker_recv returned */
} mcp_worker;

/* Forks a worker that serves calls with cfg's rules and limits, and the
 * functions of `up`'s catalog (NULL: no code mode).  0 or -1. */
/* Forks a child whose fds 0 and 1 are pipes to and from the broker (fd 2
 * stays, every other fd is closed) and which dies with the broker.  In the
 * child: 0 (it exits with fail_code if the pipes cannot be set up).  In the
 * broker: the child's pid with *to_fd and *from_fd non-blocking, or -1
 * (nothing left open, no child left running). */
pid_t mcp_fork_piped(int *to_fd, int *from_fd, int fail_code);
int mcp_worker_spawn(mcp_worker *w, const mcp_config *cfg, const mcp_upstreams *up);
/* Kills (SIGKILL) and reaps the worker, closes the pipes; *wstatus gets its
 * wait status (the real one when it had already died).  Idempotent. */
void mcp_worker_kill(mcp_worker *w, int *wstatus);
/* Frees the buffers; the worker must be gone. */
void mcp_worker_free(mcp_worker *w);
/* Queues a CALL and tries to write it.  0, or -1 on ENOMEM. */
int mcp_worker_send(mcp_worker *w, mcp_tool tool, bool reset, const char *code,
                    size_t code_len, const char *notice);
/* Queues a HOSTRESULT with `payload` and tries to write it.  0 or -1. */
int mcp_worker_answer(mcp_worker *w, const char *payload, size_t len);
/* Writes more of the queued CALL: 0 all written, 1 more to write, -1 the
 * worker is gone. */
int mcp_worker_flush(mcp_worker *w);
/* Reads what the worker sent: 1 a RESULT is complete (*json, *len point
 * into the handle until the next call), 2 a HOSTCALL is (the same, and
 * w->host_tool), 0 not yet, -1 the worker closed its pipe or broke the
 * protocol (kill it). */
int mcp_worker_recv(mcp_worker *w, const char **json, size_t *len);

/* Checks a RESULT payload before anything of it reaches the client (the
 * worker is not trusted to keep the framing): valid UTF-8, no raw control
 * characters, one JSON object with a "content" array.  json[len] must be
 * NUL.  The parsed result, or NULL if it is malformed (or on ENOMEM). */
cJSON *mcp_worker_result_parse(const char *json, size_t len);

/* The worker process: serves CALLs on fd 0, answers on fd 1, never
 * returns.  Exposed for the unit tests. */
_Noreturn void mcp_worker_main(const mcp_config *cfg, const mcp_upstreams *up);

#endif
