/*
 * server.c - mcp_serve(): the broker.  It speaks MCP over two file
 * descriptors and never parses or runs Python: tool calls go, one at a
 * time and in arrival order, to a worker process (worker.c) that holds the
 * session inside the OS lockdown.
 *
 * Two eras share the loop, chosen per request as revision 2026-07-28's
 * versioning page describes for a dual-era server: a request whose _meta
 * names a protocol version is served statelessly by that revision
 * (modern.c), anything else by the 2025 revisions negotiated through
 * initialize, exactly as before.  Both reach the same worker, so run_python's
 * variables persist across calls of either era: one process, one client.
 *
 * One thread, one poll() loop over the client's input, the client's output
 * (non-blocking, with a buffer), the worker's pipes and a self-pipe for
 * SIGTERM/SIGINT.  So requests keep being read while the worker runs and
 * while the client is not reading its answers (no deadlock when a client
 * writes many requests before reading), ping is answered mid-run, and
 * deadlines are enforced on the worker from outside: a worker that crashes,
 * passes the hard deadline, or ignores a cancellation for 100 ms is killed
 * and replaced, and the client is told the session's state was lost.
 */
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdarg.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

/* Tool calls waiting behind the running one, and the code they hold: a
 * client that floods us gets errors instead of unbounded buffering. */
#define MAX_QUEUED 1024
#define MAX_QUEUED_BYTES ((size_t)64 << 20)
/* Unsent output above which the client's input is no longer read, until it
 * reads some of its answers. */
#define OUT_HIGH ((size_t)32 << 20)
/* Cancellation: interrupt, again after CANCEL_STEP_MS, kill after twice. */
#define CANCEL_STEP_MS 50
/* How long the broker waits for a result with non-blocking reads before it
 * sleeps in poll(); see spin_for_result(). */
#define SPIN_US 150
/* How long answers still queued at exit may take to drain. */
#define EXIT_FLUSH_MS 2000

static const char *const PROTOCOL_VERSIONS[] = {
    "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", NULL,
};

typedef struct job {
    struct job *next;
    cJSON *id;          /* copy of the request id, echoed in the reply */
    char *key;          /* mcp_id_key(id), matched by notifications/cancelled */
    mcp_tool tool;
    char *code;
    size_t code_len;
    bool reset;
    bool modern;        /* answered in revision 2026-07-28's shape */
    double task_at;     /* monotonic seconds: becomes a task then if still
                           unanswered (its client declared the extension); 0 never */
    mcp_task *task;     /* the task it became: its result goes there */
    cJSON *progress;    /* its _meta.progressToken (modern era), or NULL */
    double progress_at; /* monotonic seconds: next progress notification */
    int progress_n;     /* notifications sent */
} job;

/* Seconds between progress notifications for a running call. */
#define PROGRESS_EVERY_S 1.0

/* Open subscriptions/listen streams.  Nothing here ever changes (no list
 * changes, no resources), so they only wait to be cancelled or closed. */
#define MAX_SUBS 16

typedef enum kill_reason { KILL_NONE, KILL_DEADLINE, KILL_CANCEL } kill_reason;

typedef struct server {
    const mcp_config *cfg;
    int in_fd, out_fd;
    mcp_reader rd;
    char *tools_json;   /* the tools/list result, built once */
    char *instructions;
    char *tools_modern; /* the same for revision 2026-07-28 */
    char *discover;     /* the server/discover result */
    char *modern_prefix; /* resultType and _meta, put into worker results */
    mcp_tasks tasks;
    cJSON *subs[MAX_SUBS]; /* ids of open subscriptions/listen requests */
    size_t nsubs;

    char *obuf;         /* answers not yet written: [ooff, olen) */
    size_t olen, ooff, ocap;
    bool out_failed;    /* the client is gone */

    job *head, *tail;   /* queued tool calls */
    size_t queued, queued_bytes;
    job *running;       /* the call the worker is on, or NULL */
    bool cancelled;     /* running was cancelled: no reply */
    kill_reason killing;
    double started;     /* monotonic seconds: when running was sent */
    double deadline;    /* monotonic seconds: kill the worker then */
    double cancel_at;   /* next cancellation step, or 0 */
    int cancel_step;

    mcp_worker w;
    mcp_upstreams *up;  /* code mode's servers, or NULL */
    bool host_waiting;  /* the worker waits for a HOSTRESULT */
    char notice[600];   /* told with the next run_python after a restart */
    bool in_eof, stop;
} server;

static int sig_pipe[2] = {-1, -1};

mcp_log_level mcp_log_level_parse(const char *name)
{
    static const char *const names[] = {"error", "warn", "info", "debug"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0)
            return (mcp_log_level)(MCP_LOG_ERROR + i);
    return MCP_LOG_DEFAULT;
}

void mcp_log(const mcp_config *cfg, mcp_log_level level, const char *fmt, ...)
{
    mcp_log_level want = cfg && cfg->log_level ? cfg->log_level : MCP_LOG_WARN;
    if (level > want)
        return;
    static const char *const tags[] = {"", "error", "warning", "info", "debug"};
    char line[1024];
    int n = snprintf(line, sizeof line, "safepy mcp: %s: ", tags[level]);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof line)
        vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    va_end(ap);
    size_t len = strnlen(line, sizeof line - 2);
    line[len++] = '\n';
    /* one write, so lines of the broker and the worker do not interleave */
    mcp_write_all(STDERR_FILENO, line, len);
}

static void on_signal(int sig)
{
    int saved = errno;
    unsigned char c = (unsigned char)sig;
    if (write(sig_pipe[1], &c, 1) < 0) {
        /* full: a signal is already pending, which is enough */
    }
    errno = saved;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void job_free(job *j)
{
    if (!j)
        return;
    cJSON_Delete(j->id);
    cJSON_Delete(j->progress);
    free(j->key);
    free(j->code);
    free(j);
}

/* --- output -------------------------------------------------------------------- */

/* Writes what the client will take without blocking. */
static void flush_out(server *sv)
{
    while (sv->ooff < sv->olen && !sv->out_failed) {
        ssize_t n = write(sv->out_fd, sv->obuf + sv->ooff, sv->olen - sv->ooff);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return;
        if (n < 0) {
            sv->out_failed = true;
            if (errno != EPIPE)
                mcp_log(sv->cfg, MCP_LOG_ERROR, "writing a reply: %s", strerror(errno));
            return;
        }
        sv->ooff += (size_t)n;
    }
    sv->olen = sv->ooff = 0;
}

static bool out_append(server *sv, const char *s, size_t n)
{
    if (sv->ooff > 0 && sv->ooff == sv->olen)
        sv->olen = sv->ooff = 0;
    if (sv->olen + n > sv->ocap) {
        if (sv->ooff > 0) {
            memmove(sv->obuf, sv->obuf + sv->ooff, sv->olen - sv->ooff);
            sv->olen -= sv->ooff;
            sv->ooff = 0;
        }
        size_t ncap = sv->ocap ? sv->ocap : 65536;
        while (ncap < sv->olen + n)
            ncap *= 2;
        if (ncap != sv->ocap) {
            char *nb = realloc(sv->obuf, ncap);
            if (!nb)
                return false;
            sv->obuf = nb;
            sv->ocap = ncap;
        }
    }
    memcpy(sv->obuf + sv->olen, s, n);
    sv->olen += n;
    return true;
}

/* Queues one reply line and frees it.  A NULL line means formatting failed
 * for lack of memory; the client still gets an answer for `id` if a small
 * one can be made, so it does not wait forever. */
static void send_line(server *sv, const cJSON *id, char *line)
{
    if (!line)
        line = mcp_reply_error(id, MCP_INTERNAL_ERROR, "Internal error: out of memory");
    if (!line) {
        mcp_log(sv->cfg, MCP_LOG_ERROR, "out of memory; a reply was lost");
        return;
    }
    if (!sv->out_failed) {
        size_t n = strlen(line);
        line[n] = '\n'; /* replaces the NUL; the length is known */
        if (!out_append(sv, line, n + 1))
            mcp_log(sv->cfg, MCP_LOG_ERROR, "out of memory; a reply was lost");
        flush_out(sv);
    }
    free(line);
}

/* --- the worker ---------------------------------------------------------------- */

static bool ensure_worker(server *sv)
{
    if (sv->w.pid > 0)
        return true;
    if (mcp_worker_spawn(&sv->w, sv->cfg, sv->up) != 0) {
        mcp_log(sv->cfg, MCP_LOG_ERROR, "cannot start the worker process: %s", strerror(errno));
        return false;
    }
    mcp_log(sv->cfg, MCP_LOG_INFO, "worker process %d started", (int)sv->w.pid);
    return true;
}

static void set_notice(server *sv, const char *what)
{
    snprintf(sv->notice, sizeof sv->notice,
             "Note: %s, so safepy restarted its sandbox process. All variables, functions "
             "and imports from earlier calls were lost; run the code that defines them again "
             "if you still need them.", what);
}

/* "killed by signal 11 (SIGSEGV)" and the like. */
static void describe_status(int st, char *buf, size_t size)
{
    if (WIFSIGNALED(st)) {
        int sig = WTERMSIG(st);
        const char *name = sig == SIGKILL ? "SIGKILL" : sig == SIGSEGV ? "SIGSEGV"
                           : sig == SIGABRT ? "SIGABRT" : sig == SIGSYS ? "SIGSYS"
                           : sig == SIGBUS ? "SIGBUS" : sig == SIGXCPU ? "SIGXCPU"
                           : sig == SIGFPE ? "SIGFPE" : sig == SIGILL ? "SIGILL" : "a signal";
        snprintf(buf, size, "was killed by signal %d (%s%s)", sig, name,
                 sig == SIGSYS ? ": a forbidden system call, stopped by the seccomp filter"
                 : sig == SIGXCPU ? ": its CPU time limit" : "");
    } else if (WIFEXITED(st)) {
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(st));
    } else {
        snprintf(buf, size, "stopped");
    }
}

/* A result for request `id` in its era's shape (res taken; NULL: ENOMEM). */
static void reply_result(server *sv, const cJSON *id, bool modern, cJSON *res)
{
    if (res && modern) {
        const char *raw = cJSON_IsRaw(res) ? res->valuestring : NULL;
        if (raw && raw[0] == '{' && raw[1] == '"') {
            /* The worker's checked text, compact and with members: the
             * modern ones go right after its "{", without parsing it again. */
            size_t np = strlen(sv->modern_prefix), nr = strlen(raw);
            char *t = malloc(nr + np + 1);
            cJSON *n = NULL;
            if (t) {
                t[0] = '{';
                memcpy(t + 1, sv->modern_prefix, np);
                memcpy(t + 1 + np, raw + 1, nr); /* with its NUL */
                n = cJSON_CreateRaw(t);
                free(t);
            }
            cJSON_Delete(res);
            res = n;
        } else if (raw) {
            cJSON *n = cJSON_Parse(raw);
            cJSON_Delete(res);
            res = n && mcp_modern_stamp(n, sv->cfg, "complete") ? n : NULL;
            if (!res)
                cJSON_Delete(n);
        } else if (!mcp_modern_stamp(res, sv->cfg, "complete")) {
            cJSON_Delete(res);
            res = NULL;
        }
    }
    send_line(sv, id, mcp_reply_result(id, res));
}

/* Delivers the CallToolResult of call j (res taken; NULL: ENOMEM): into
 * its task if it became one, else as the reply to its request. */
static void job_reply(server *sv, job *j, cJSON *res)
{
    if (!j->task) {
        reply_result(sv, j->id, j->modern, res);
        return;
    }
    char *text = res ? cJSON_PrintUnformatted(res) : NULL;
    cJSON_Delete(res);
    if (text)
        mcp_task_settle(j->task, MCP_TASK_COMPLETED, text, NULL);
    else
        mcp_task_settle(j->task, MCP_TASK_FAILED, NULL,
                        strdup("{\"code\":-32603,\"message\":\"Internal error: out of memory\"}"));
    j->task = NULL;
    /* Results are kept only for the newest finished tasks. */
    mcp_tasks_expire(&sv->tasks, time(NULL));
}

/* A JSON-RPC error for call j: its reply, or what its task failed with. */
static void job_fail(server *sv, job *j, int code, const char *message)
{
    if (!j->task) {
        send_line(sv, j->id, mcp_reply_error(j->id, code, message));
        return;
    }
    cJSON *e = cJSON_CreateObject();
    char *text = NULL;
    if (e && cJSON_AddNumberToObject(e, "code", code) &&
        cJSON_AddStringToObject(e, "message", message))
        text = cJSON_PrintUnformatted(e);
    cJSON_Delete(e);
    mcp_task_settle(j->task, MCP_TASK_FAILED, NULL, text);
    j->task = NULL;
}

static void reply_lost(server *sv, job *j, const char *status, const char *limit,
                       const char *message)
{
    job_reply(sv, j, mcp_tool_lost_result(status, limit, message));
}

/* The worker is gone or must go: kill and reap it, answer the running call
 * (unless it was cancelled) saying what happened, and remember to tell the
 * next run_python that the session was lost. */
static void worker_lost(server *sv)
{
    int st;
    mcp_worker_kill(&sv->w, &st);
    mcp_upstreams_cancel(sv->up, false);
    sv->host_waiting = false;
    char why[160], msg[700];
    describe_status(st, why, sizeof why);
    job *j = sv->running;
    kill_reason k = sv->killing;
    sv->running = NULL;
    sv->killing = KILL_NONE;
    sv->cancel_at = 0;
    /* The replacement starts now, so the next call does not wait for it. */
    if (!sv->stop && !sv->in_eof)
        ensure_worker(sv);
    if (!j) {
        char what[200];
        snprintf(what, sizeof what, "the sandbox process %s between calls", why);
        set_notice(sv, what);
        mcp_log(sv->cfg, MCP_LOG_WARN, "the worker %s while idle; restarting it", why);
        return;
    }
    if (sv->cancelled || k == KILL_CANCEL) {
        /* A cancelled request gets no reply (MCP cancellation). */
        set_notice(sv, "a cancelled call did not stop within 100 ms and was killed");
    } else if (k == KILL_DEADLINE) {
        double limit = sv->cfg->limits.timeout_s > 0 ? sv->cfg->limits.timeout_s
                                                      : EV_DEFAULT_TIMEOUT_S;
        snprintf(msg, sizeof msg,
                 "Stopped: the code ran past the time limit of %g s and did not stop by "
                 "itself, so safepy killed its sandbox process and started a new one. The "
                 "session's state was lost: variables, functions and imports from earlier "
                 "calls no longer exist; run the code that defines them again.", limit);
        reply_lost(sv, j, "limit", "time", msg);
    } else {
        snprintf(msg, sizeof msg,
                 "Internal error: the sandbox process running this code %s, so safepy "
                 "started a new one. The session's state was lost: variables, functions and "
                 "imports from earlier calls no longer exist; run the code that defines them "
                 "again.", why);
        reply_lost(sv, j, "error", NULL, msg);
        mcp_log(sv->cfg, MCP_LOG_WARN, "the worker %s during a call; restarting it", why);
    }
    job_free(j);
}

/* Starts the next queued call if the worker is free. */
static void dispatch(server *sv)
{
    while (!sv->running && sv->head && !sv->stop) {
        job *j = sv->head;
        sv->head = j->next;
        if (!sv->head)
            sv->tail = NULL;
        sv->queued--;
        sv->queued_bytes -= j->code_len;
        if (!ensure_worker(sv)) {
            job_reply(sv, j, mcp_tool_error_result(
                "Internal error: safepy could not start its sandbox process; try again."));
            job_free(j);
            continue;
        }
        const char *notice = j->tool == MCP_TOOL_RUN && sv->notice[0] ? sv->notice : NULL;
        if (mcp_worker_send(&sv->w, j->tool, j->reset, j->code, j->code_len, notice) != 0) {
            job_fail(sv, j, MCP_INTERNAL_ERROR, "Internal error: out of memory");
            job_free(j);
            continue;
        }
        if (notice)
            sv->notice[0] = '\0';
        /* The code is in the worker's buffer now. */
        free(j->code);
        j->code = NULL;
        sv->running = j;
        mcp_upstreams_run_start(sv->up);
        sv->cancelled = false;
        sv->killing = KILL_NONE;
        sv->cancel_at = 0;
        sv->started = now_s();
        if (j->progress)
            j->progress_at = sv->started + PROGRESS_EVERY_S;
        sv->deadline = sv->started + mcp_hard_deadline_s(sv->cfg, j->code_len);
    }
}

/* The worker answered: check the result is one JSON object before it goes
 * to the client (the worker is not trusted to keep the framing). */
static void worker_result(server *sv, const char *json, size_t len)
{
    job *j = sv->running;
    sv->running = NULL;
    sv->cancel_at = 0;
    if (sv->host_waiting) { /* the worker broke the exchange: no answer is owed */
        mcp_upstreams_cancel(sv->up, false);
        sv->host_waiting = false;
    }
    if (!j)
        return;
    mcp_log(sv->cfg, MCP_LOG_DEBUG, "%s call answered in %.0f us%s",
            j->tool == MCP_TOOL_RUN ? "run_python" : "check_python",
            (now_s() - sv->started) * 1e6, sv->cancelled ? " (cancelled)" : "");
    cJSON *res = mcp_worker_result_parse(json, len);
    if (!sv->cancelled) {
        if (res) {
            /* Checked to be one JSON object with no raw control characters:
             * the worker's text goes out as it is, not printed again from
             * the parsed tree (for a large output that doubled the work). */
            cJSON_Delete(res);
            res = cJSON_CreateRaw(json);
        } else {
            res = mcp_tool_error_result("Internal error: safepy's sandbox process sent a "
                                        "malformed result.");
        }
        job_reply(sv, j, res);
    } else {
        cJSON_Delete(res);
    }
    job_free(j);
}

/* Code mode: the worker's program called an upstream tool.  The broker
 * checks it (a running call, no call already waiting, a known tool, a JSON
 * object) and hands it to upstream.c; anything else is a broken worker. */
static void host_call(server *sv, const char *json, size_t len)
{
    double limit = sv->cfg->limits.timeout_s > 0 ? sv->cfg->limits.timeout_s
                                                  : EV_DEFAULT_TIMEOUT_S;
    static const char CANCELLED[] = "{\"cancelled\":true}";
    if (sv->running && !sv->host_waiting && sv->up && sv->cancelled) {
        /* a cancelled program calls no more tools */
        if (mcp_worker_answer(&sv->w, CANCELLED, sizeof CANCELLED - 1) != 0)
            worker_lost(sv);
        return;
    }
    if (!sv->running || sv->host_waiting ||
        mcp_upstreams_call(sv->up, sv->w.host_tool, json, len, sv->started + limit) != 0) {
        mcp_log(sv->cfg, MCP_LOG_WARN, "the worker sent a tool call out of turn");
        worker_lost(sv);
        return;
    }
    sv->host_waiting = true;
}

/* Sends the worker the answer to its tool call, once there is one. */
static void host_deliver(server *sv)
{
    size_t len;
    char *a = mcp_upstreams_take_answer(sv->up, &len);
    if (!a)
        return;
    if (sv->host_waiting && sv->w.pid > 0) {
        sv->host_waiting = false;
        if (mcp_worker_answer(&sv->w, a, len) != 0) {
            free(a);
            worker_lost(sv);
            return;
        }
    }
    free(a);
}

/* Handles what the worker sent; false when the worker was lost. */
static bool worker_input(server *sv)
{
    const char *json;
    size_t len;
    int got;
    while ((got = mcp_worker_recv(&sv->w, &json, &len)) >= 1) {
        if (got == 1) {
            worker_result(sv, json, len);
        } else {
            host_call(sv, json, len);
            host_deliver(sv); /* refusals are answered at once */
            if (sv->w.pid <= 0)
                return false;
        }
    }
    if (got < 0)
        worker_lost(sv);
    return got >= 0;
}

/* --- requests -------------------------------------------------------------- */

static void do_initialize(server *sv, const mcp_msg *m)
{
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(m->params, "protocolVersion");
    if (!m->params || !cJSON_IsString(want)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: initialize needs params with a "
                                             "string \"protocolVersion\""));
        return;
    }
    const char *version = PROTOCOL_VERSIONS[0];
    for (size_t i = 0; PROTOCOL_VERSIONS[i]; i++)
        if (strcmp(want->valuestring, PROTOCOL_VERSIONS[i]) == 0)
            version = PROTOCOL_VERSIONS[i];
    cJSON *r = cJSON_CreateObject(), *caps, *tools, *info;
    if (!r || !cJSON_AddStringToObject(r, "protocolVersion", version) ||
        !(caps = cJSON_AddObjectToObject(r, "capabilities")) ||
        !(tools = cJSON_AddObjectToObject(caps, "tools")) ||
        !cJSON_AddFalseToObject(tools, "listChanged") ||
        !(info = cJSON_AddObjectToObject(r, "serverInfo")) ||
        !cJSON_AddStringToObject(info, "name", "safepy") ||
        !cJSON_AddStringToObject(info, "title", "safepy: sandboxed Python") ||
        !cJSON_AddStringToObject(info, "version", sv->cfg->version ? sv->cfg->version : "0") ||
        !cJSON_AddStringToObject(r, "instructions", sv->instructions)) {
        cJSON_Delete(r);
        r = NULL;
    }
    send_line(sv, m->id, mcp_reply_result(m->id, r));
}

static void do_tools_call(server *sv, const mcp_msg *m, const mcp_envelope *env,
                          const char *line, size_t len)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(m->params, "name");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(m->params, "arguments");
    if (!cJSON_IsString(name)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: \"name\" must be a string"));
        return;
    }
    mcp_tool tool = mcp_tool_find(name->valuestring);
    if (tool == MCP_TOOL_NONE) {
        char msg[200];
        snprintf(msg, sizeof msg, "Unknown tool: %.*s",
                 (int)mcp_utf8_prefix(name->valuestring, 120), name->valuestring);
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS, msg));
        return;
    }
    if (args && !cJSON_IsObject(args)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: \"arguments\" must be an object"));
        return;
    }
    /* Mistakes in the arguments are the model's to fix: a tool result with
     * isError, not a protocol error (MCP 2025-11-25, SEP-1303). */
    const char *code;
    size_t code_len;
    bool reset;
    const char *bad = mcp_tool_args(tool, args, &code, &code_len, &reset);
    if (!bad && mcp_json_has_nul_escape(line, len))
        bad = "Invalid arguments: source code cannot contain NUL characters (\\u0000).";
    if (bad) {
        reply_result(sv, m->id, env->claimed, mcp_tool_error_result(bad));
        return;
    }
    if (sv->queued >= MAX_QUEUED || sv->queued_bytes + code_len > MAX_QUEUED_BYTES) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INTERNAL_ERROR,
                                             "Too many tool calls waiting (the server runs "
                                             "them one at a time); retry later"));
        return;
    }
    job *j = calloc(1, sizeof *j);
    if (!j || !(j->id = cJSON_Duplicate(m->id, 0)) || !(j->key = mcp_id_key(m->id)) ||
        !(j->code = malloc(code_len + 1))) {
        job_free(j);
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INTERNAL_ERROR,
                                             "Internal error: out of memory"));
        return;
    }
    memcpy(j->code, code, code_len + 1);
    j->code_len = code_len;
    j->tool = tool;
    j->reset = reset;
    j->modern = env->claimed;
    if (env->tasks)
        j->task_at = now_s() + MCP_TASK_AFTER_MS / 1000.0;
    /* Progress notifications (a MAY) in the modern era only, so the legacy
     * era's wire stays as it was; a token that is not a string or an
     * integer (progress page) gets none. */
    const cJSON *token = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(m->params, "_meta"), "progressToken");
    char *token_key = env->claimed ? mcp_id_key(token) : NULL;
    if (token_key) {
        free(token_key);
        j->progress = cJSON_Duplicate(token, 0); /* NULL (ENOMEM): no progress */
    }
    if (sv->tail)
        sv->tail->next = j;
    else
        sv->head = j;
    sv->tail = j;
    sv->queued++;
    sv->queued_bytes += code_len;
}

/* Asks the worker to stop the running call (SIGUSR1 interrupts the
 * evaluator), and schedules the next step: ask again, then kill. */
static void cancel_step(server *sv)
{
    if (sv->cancel_step < 2) {
        if (sv->w.pid > 0)
            kill(sv->w.pid, SIGUSR1);
        /* A program waiting for a tool gets its answer (cancelled) after the
         * signal, so the evaluator sees the interruption when it resumes. */
        mcp_upstreams_cancel(sv->up, true);
        host_deliver(sv);
        sv->cancel_step++;
        sv->cancel_at = now_s() + CANCEL_STEP_MS / 1000.0;
    } else {
        sv->killing = KILL_CANCEL;
        worker_lost(sv);
    }
}

/* notifications/cancelled: stop the running call or drop a queued one, and
 * never reply to it.  Unknown or malformed ids are ignored, as the spec asks. */
static void do_cancel(server *sv, const mcp_msg *m, const char *line, size_t len)
{
    /* cJSON ends strings at \u0000, so "a\u0000b" would name request "a";
     * no request id holds a NUL (jsonrpc.c refuses them), so a cancellation
     * with one anywhere is ignored rather than risk stopping another call. */
    if (mcp_json_has_nul_escape(line, len))
        return;
    const cJSON *rid = cJSON_GetObjectItemCaseSensitive(m->params, "requestId");
    char *key = mcp_id_key(rid);
    if (!key)
        return;
    for (size_t i = 0; i < sv->nsubs; i++) {
        char *k = mcp_id_key(sv->subs[i]);
        bool same = k && strcmp(k, key) == 0;
        free(k);
        if (same) {
            /* The client ended its subscription: nothing more is sent for it. */
            cJSON_Delete(sv->subs[i]);
            sv->subs[i] = sv->subs[--sv->nsubs];
            free(key);
            return;
        }
    }
    /* A call that became a task was answered (its CreateTaskResult): the
     * extension cancels it with tasks/cancel, never notifications/cancelled. */
    if (sv->running && !sv->running->task && strcmp(sv->running->key, key) == 0) {
        if (!sv->cancelled) {
            sv->cancelled = true;
            sv->cancel_step = 0;
            cancel_step(sv);
        }
    } else {
        for (job **pj = &sv->head, *prev = NULL; *pj; prev = *pj, pj = &(*pj)->next) {
            if ((*pj)->task || strcmp((*pj)->key, key) != 0)
                continue;
            job *j = *pj;
            *pj = j->next;
            if (sv->tail == j)
                sv->tail = prev;
            sv->queued--;
            sv->queued_bytes -= j->code_len;
            job_free(j);
            break;
        }
    }
    free(key);
}

/* --- revision 2026-07-28 ------------------------------------------------------ */

/* An id as a member, with the JSON type it came with (see jsonrpc.c). */
static bool add_id_member(cJSON *obj, const char *name, const cJSON *id)
{
    if (cJSON_IsString(id))
        return cJSON_AddStringToObject(obj, name, id->valuestring) != NULL;
    char num[32];
    snprintf(num, sizeof num, "%" PRId64, (int64_t)id->valuedouble);
    return cJSON_AddRawToObject(obj, name, num) != NULL;
}

/* An empty acknowledgement (tasks/update, tasks/cancel). */
static void reply_ack(server *sv, const cJSON *id)
{
    reply_result(sv, id, true, cJSON_CreateObject());
}

/* Call j has run for MCP_TASK_AFTER_MS: it becomes a task, and its request
 * is answered now with the CreateTaskResult; the task exists before that
 * answer is written, as the extension requires. */
static void make_task(server *sv, job *j)
{
    j->task_at = 0;
    mcp_tasks_expire(&sv->tasks, time(NULL));
    mcp_task *t = mcp_task_new(&sv->tasks);
    if (!t)
        return; /* stays an ordinary call, answered when it ends */
    cJSON *r = mcp_task_json(t, sv->cfg, "task");
    if (!r) {
        mcp_task_settle(t, MCP_TASK_FAILED, NULL, NULL);
        return;
    }
    j->task = t;
    send_line(sv, j->id, mcp_reply_result(j->id, r));
}

static void check_tasks(server *sv, double t)
{
    job *r = sv->running;
    if (r && r->task_at > 0 && t >= r->task_at && !sv->cancelled)
        make_task(sv, r);
    for (job *j = sv->head; j; j = j->next)
        if (j->task_at > 0 && t >= j->task_at)
            make_task(sv, j);
}

static double next_task_at(const server *sv)
{
    double next = 0;
    if (sv->running && sv->running->task_at > 0 && !sv->cancelled)
        next = sv->running->task_at;
    for (const job *j = sv->head; j; j = j->next)
        if (j->task_at > 0 && (next == 0 || j->task_at < next))
            next = j->task_at;
    return next;
}

/* tasks/cancel: a queued call is dropped, the running one is interrupted
 * as notifications/cancelled would; either way the task is cancelled now. */
static void cancel_task(server *sv, mcp_task *t)
{
    if (sv->running && sv->running->task == t) {
        sv->running->task = NULL;
        if (!sv->cancelled) {
            sv->cancelled = true;
            sv->cancel_step = 0;
            cancel_step(sv);
        }
    } else {
        for (job **pj = &sv->head, *prev = NULL; *pj; prev = *pj, pj = &(*pj)->next) {
            if ((*pj)->task != t)
                continue;
            job *j = *pj;
            *pj = j->next;
            if (sv->tail == j)
                sv->tail = prev;
            sv->queued--;
            sv->queued_bytes -= j->code_len;
            job_free(j);
            break;
        }
    }
    mcp_task_settle(t, MCP_TASK_CANCELLED, NULL, NULL);
}

static void do_tasks(server *sv, const mcp_msg *m, const mcp_envelope *env, const char *line,
                     size_t len)
{
    if (!env->tasks) {
        cJSON *data = cJSON_CreateObject(), *caps, *ext;
        if (data && (!(caps = cJSON_AddObjectToObject(data, "requiredCapabilities")) ||
                     !(ext = cJSON_AddObjectToObject(caps, "extensions")) ||
                     !cJSON_AddObjectToObject(ext, MCP_TASKS_EXT))) {
            cJSON_Delete(data);
            data = NULL;
        }
        send_line(sv, m->id, data ? mcp_reply_error_data(m->id, MCP_MISSING_CAPABILITY,
                                                          "Missing required client capability: "
                                                          "the " MCP_TASKS_EXT " extension",
                                                          data)
                                  : NULL);
        return;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m->params, "taskId");
    if (!cJSON_IsString(id)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: \"taskId\" must be a string"));
        return;
    }
    /* cJSON cuts a string at \u0000, which would name another task. */
    mcp_task *t = mcp_json_has_nul_escape(line, len) ? NULL : mcp_task_find(&sv->tasks,
                                                                            id->valuestring);
    if (!t) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Failed to retrieve task: Task not found"));
        return;
    }
    if (strcmp(m->method, "tasks/get") == 0) {
        send_line(sv, m->id, mcp_reply_result(m->id, mcp_task_json(t, sv->cfg, "complete")));
    } else if (strcmp(m->method, "tasks/update") == 0) {
        /* No task of ours ever waits for input, so no response is
         * outstanding and all are ignored, as the extension says. */
        if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(m->params, "inputResponses")))
            send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                                 "Invalid params: \"inputResponses\" must be "
                                                 "an object"));
        else
            reply_ack(sv, m->id);
    } else {
        if (t->status == MCP_TASK_WORKING)
            cancel_task(sv, t);
        reply_ack(sv, m->id);
    }
}

/* subscriptions/listen: acknowledged with the types we will send, which is
 * none (the tools never change; there are no resources or prompts); the
 * stream stays open until the client cancels it or the server exits. */
static void do_listen(server *sv, const mcp_msg *m)
{
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(m->params, "notifications");
    if (want && !cJSON_IsObject(want)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: \"notifications\" must be an "
                                             "object"));
        return;
    }
    if (sv->nsubs == MAX_SUBS) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INTERNAL_ERROR,
                                             "Too many open subscriptions (16); cancel one "
                                             "first"));
        return;
    }
    cJSON *dup = cJSON_Duplicate(m->id, 0);
    cJSON *n = cJSON_CreateObject(), *params, *meta;
    char *text = NULL;
    if (dup && n && cJSON_AddStringToObject(n, "jsonrpc", "2.0") &&
        cJSON_AddStringToObject(n, "method", "notifications/subscriptions/acknowledged") &&
        (params = cJSON_AddObjectToObject(n, "params")) &&
        (meta = cJSON_AddObjectToObject(params, "_meta")) &&
        add_id_member(meta, "io.modelcontextprotocol/subscriptionId", m->id) &&
        cJSON_AddObjectToObject(params, "notifications"))
        text = cJSON_PrintUnformatted(n);
    cJSON_Delete(n);
    if (!text) {
        cJSON_Delete(dup);
        send_line(sv, m->id, NULL);
        return;
    }
    sv->subs[sv->nsubs++] = dup;
    send_line(sv, NULL, text);
}

/* At exit, each open subscription is torn down: notifications/cancelled
 * naming it (cancellation page: a MUST, sent while the request is still in
 * progress), then the completion result of a graceful end (subscriptions
 * page: a SHOULD). */
static void close_subs(server *sv)
{
    for (size_t i = 0; i < sv->nsubs; i++) {
        const cJSON *id = sv->subs[i];
        cJSON *n = cJSON_CreateObject(), *params;
        char *text = NULL;
        if (n && cJSON_AddStringToObject(n, "jsonrpc", "2.0") &&
            cJSON_AddStringToObject(n, "method", "notifications/cancelled") &&
            (params = cJSON_AddObjectToObject(n, "params")) &&
            add_id_member(params, "requestId", id) &&
            cJSON_AddStringToObject(params, "reason", "the server is shutting down"))
            text = cJSON_PrintUnformatted(n);
        cJSON_Delete(n);
        if (text && !sv->out_failed)
            send_line(sv, NULL, text);
        else
            free(text);
        cJSON *r = cJSON_CreateObject(), *meta;
        if (r && (!mcp_modern_stamp(r, sv->cfg, "complete") ||
                  !(meta = cJSON_GetObjectItemCaseSensitive(r, "_meta")) ||
                  !add_id_member(meta, "io.modelcontextprotocol/subscriptionId", id))) {
            cJSON_Delete(r);
            r = NULL;
        }
        if (!sv->out_failed)
            send_line(sv, id, mcp_reply_result(id, r));
        else
            cJSON_Delete(r);
        cJSON_Delete(sv->subs[i]);
    }
    sv->nsubs = 0;
}

static void method_not_found(server *sv, const mcp_msg *m, bool modern)
{
    /* What the 2025 revisions had and 2026-07-28 removed (its changelog). */
    static const char *const removed[] = {"initialize", "ping", "logging/setLevel",
                                          "resources/subscribe", "resources/unsubscribe",
                                          "tasks/list", "tasks/result", NULL};
    bool gone = false;
    for (size_t i = 0; modern && removed[i]; i++)
        gone = gone || strcmp(m->method, removed[i]) == 0;
    char msg[300];
    snprintf(msg, sizeof msg, "Method not found: %.*s%s", (int)mcp_utf8_prefix(m->method, 120),
             m->method, gone ? " (removed in protocol revision " MCP_MODERN_VERSION ")" : "");
    send_line(sv, m->id, mcp_reply_error(m->id, MCP_METHOD_NOT_FOUND, msg));
}

static void handle_modern(server *sv, const mcp_msg *m, const mcp_envelope *env,
                          const char *line, size_t len)
{
    if (strcmp(m->method, "tools/call") == 0) {
        do_tools_call(sv, m, env, line, len);
        return;
    }
    /* cJSON reads "a\u0000b" as "a": refused rather than taken for another
     * value (tools/call checks its code itself, as before). */
    if (mcp_json_has_nul_escape(line, len)) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                             "Invalid params: strings cannot contain NUL "
                                             "(\\u0000)"));
        return;
    }
    if (strcmp(m->method, "server/discover") == 0) {
        send_line(sv, m->id, mcp_reply_result(m->id, cJSON_CreateRaw(sv->discover)));
    } else if (strcmp(m->method, "tools/list") == 0) {
        /* One page: no cursor of ours exists, so any cursor is invalid. */
        if (cJSON_GetObjectItemCaseSensitive(m->params, "cursor"))
            send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                                 "Invalid params: unknown cursor (tools/list "
                                                 "has a single page)"));
        else
            send_line(sv, m->id, mcp_reply_result(m->id, cJSON_CreateRaw(sv->tools_modern)));
    } else if (strcmp(m->method, "subscriptions/listen") == 0) {
        do_listen(sv, m);
    } else if (strcmp(m->method, "tasks/get") == 0 || strcmp(m->method, "tasks/update") == 0 ||
               strcmp(m->method, "tasks/cancel") == 0) {
        do_tasks(sv, m, env, line, len);
    } else {
        method_not_found(sv, m, true);
    }
}

static void handle_request(server *sv, const mcp_msg *m, const char *line, size_t len)
{
    mcp_envelope env;
    char *err;
    if (mcp_envelope_read(m, strcmp(m->method, "server/discover") == 0, &env, &err) != 0) {
        send_line(sv, m->id, err);
        return;
    }
    if (env.claimed) {
        handle_modern(sv, m, &env, line, len);
        return;
    }
    /* The 2025 revisions, unchanged. */
    if (strcmp(m->method, "initialize") == 0) {
        do_initialize(sv, m);
    } else if (strcmp(m->method, "ping") == 0) {
        send_line(sv, m->id, mcp_reply_result(m->id, cJSON_CreateObject()));
    } else if (strcmp(m->method, "tools/list") == 0) {
        send_line(sv, m->id, mcp_reply_result(m->id, cJSON_CreateRaw(sv->tools_json)));
    } else if (strcmp(m->method, "tools/call") == 0) {
        if (!m->params)
            send_line(sv, m->id, mcp_reply_error(m->id, MCP_INVALID_PARAMS,
                                                 "Invalid params: \"params\" is required"));
        else
            do_tools_call(sv, m, &env, line, len);
    } else {
        method_not_found(sv, m, false);
    }
}

static bool blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

static void handle_line(server *sv, const char *line, size_t len)
{
    if (blank(line, len))
        return;
    mcp_msg m;
    mcp_msg_parse(line, len, &m);
    switch (m.kind) {
    case MCP_MSG_INVALID:
        /* Bad params in a notification have nobody to tell. */
        if (m.id || m.err_code != MCP_INVALID_PARAMS)
            send_line(sv, m.id, mcp_reply_error(m.id, m.err_code, m.err_msg));
        break;
    case MCP_MSG_RESPONSE:
        break;
    case MCP_MSG_NOTIFICATION:
        if (strcmp(m.method, "notifications/cancelled") == 0)
            do_cancel(sv, &m, line, len);
        break;
    case MCP_MSG_REQUEST:
        handle_request(sv, &m, line, len);
        break;
    }
    mcp_msg_free(&m);
}

/* Handles every complete line in the reader's buffer; false on a fatal
 * reader error. */
static bool drain_input(server *sv)
{
    for (;;) {
        char *line;
        size_t len;
        mcp_line_status st = mcp_reader_take(&sv->rd, &line, &len);
        if (st == MCP_LINE_OK) {
            handle_line(sv, line, len);
        } else if (st == MCP_LINE_TOO_LONG) {
            send_line(sv, NULL, mcp_reply_error(NULL, MCP_INVALID_REQUEST,
                                                "Invalid Request: message longer than 16 MiB"));
        } else if (st == MCP_LINE_EOF) {
            sv->in_eof = true;
            return true;
        } else {
            return true; /* AGAIN */
        }
        if (sv->out_failed)
            return true;
    }
}

/* --- the loop -------------------------------------------------------------------- */

static int poll_timeout_ms(const server *sv)
{
    double next = 0;
    if (sv->running)
        next = sv->deadline;
    if (sv->cancel_at > 0 && (next == 0 || sv->cancel_at < next))
        next = sv->cancel_at;
    double task_at = next_task_at(sv);
    if (task_at > 0 && (next == 0 || task_at < next))
        next = task_at;
    double up_at = mcp_upstreams_next_timer(sv->up);
    if (up_at > 0 && (next == 0 || up_at < next))
        next = up_at;
    const job *r = sv->running;
    if (r && r->progress && r->progress_at > 0 && (next == 0 || r->progress_at < next))
        next = r->progress_at;
    if (next == 0)
        return -1;
    double ms = (next - now_s()) * 1000.0;
    return ms <= 0 ? 0 : ms > 1e6 ? 1000000 : (int)ms + 1;
}

/* notifications/progress for the running call: the seconds it has run,
 * strictly increasing (no total: the hard deadline's grace can run past the
 * limit), only while it runs and is answered by its own reply (never after
 * it ended, was cancelled or became a task). */
static void send_progress(server *sv, double t)
{
    job *j = sv->running;
    if (!j || !j->progress || j->progress_at <= 0 || t < j->progress_at)
        return;
    if (sv->cancelled || j->task) {
        j->progress_at = 0;
        return;
    }
    j->progress_n++;
    j->progress_at += PROGRESS_EVERY_S;
    double limit = sv->cfg->limits.timeout_s > 0 ? sv->cfg->limits.timeout_s
                                                  : EV_DEFAULT_TIMEOUT_S;
    char msg[120];
    snprintf(msg, sizeof msg, "running for %d s (time limit %g s)", j->progress_n, limit);
    cJSON *n = cJSON_CreateObject(), *params;
    char *text = NULL;
    if (n && cJSON_AddStringToObject(n, "jsonrpc", "2.0") &&
        cJSON_AddStringToObject(n, "method", "notifications/progress") &&
        (params = cJSON_AddObjectToObject(n, "params")) &&
        add_id_member(params, "progressToken", j->progress) &&
        cJSON_AddNumberToObject(params, "progress", j->progress_n) &&
        cJSON_AddStringToObject(params, "message", msg))
        text = cJSON_PrintUnformatted(n);
    cJSON_Delete(n);
    if (text)
        send_line(sv, NULL, text);
}

static void check_timers(server *sv)
{
    double t = now_s();
    check_tasks(sv, t);
    send_progress(sv, t);
    if (sv->up) {
        mcp_upstreams_timers(sv->up, t);
        host_deliver(sv);
    }
    if (!sv->running)
        return;
    if (sv->cancel_at > 0 && t >= sv->cancel_at) {
        cancel_step(sv);
    } else if (t >= sv->deadline) {
        sv->killing = KILL_DEADLINE;
        worker_lost(sv);
    }
}

/* A trivial call comes back within tens of microseconds.  Waiting for it
 * with non-blocking reads costs less than sleeping in poll() and being woken
 * by the worker's write, which is the larger part of a round trip when the
 * two processes sit on different CPUs.  Bounded: a long call costs at most
 * SPIN_US of CPU, once, and the other fds wait no longer than that. */
static void spin_for_result(server *sv)
{
    double until = now_s() + SPIN_US / 1e6;
    while (sv->running && sv->w.pid > 0 && sv->w.out_off == sv->w.out_len) {
        if (!worker_input(sv) || !sv->running || sv->host_waiting)
            return;
        if (now_s() >= until)
            return;
        sched_yield(); /* on one CPU, lets the worker run */
    }
}

static void run_loop(server *sv)
{
    for (;;) {
        if (sv->stop || sv->out_failed || sv->in_eof)
            return;
        bool was_running = sv->running != NULL;
        dispatch(sv);
        /* When the spin got the answer, poll only looks at what is ready
         * (the client's input, signals) and the loop comes back to dispatch
         * the next queued call, instead of sleeping with calls queued. */
        bool answered = false;
        if (!was_running && sv->running) {
            spin_for_result(sv);
            answered = !sv->running;
        }
        struct pollfd p[5 + 2 * MCP_UP_MAX_SERVERS];
        int n = 0, i_in = -1, i_out = -1, i_wr = -1, i_ww = -1;
        if (sv->olen - sv->ooff < OUT_HIGH) {
            i_in = n;
            p[n++] = (struct pollfd){.fd = sv->in_fd, .events = POLLIN};
        }
        if (sv->olen > sv->ooff) {
            i_out = n;
            p[n++] = (struct pollfd){.fd = sv->out_fd, .events = POLLOUT};
        }
        if (sv->w.pid > 0) {
            i_wr = n;
            p[n++] = (struct pollfd){.fd = sv->w.from_fd, .events = POLLIN};
            if (sv->w.out_len > sv->w.out_off) {
                i_ww = n;
                p[n++] = (struct pollfd){.fd = sv->w.to_fd, .events = POLLOUT};
            }
        }
        int i_sig = n;
        p[n++] = (struct pollfd){.fd = sig_pipe[0], .events = POLLIN};
        int i_up = n;
        n += (int)mcp_upstreams_pollfds(sv->up, p + n, 2 * MCP_UP_MAX_SERVERS);
        int r = poll(p, (nfds_t)n, answered ? 0 : poll_timeout_ms(sv));
        if (r < 0 && errno != EINTR) {
            mcp_log(sv->cfg, MCP_LOG_ERROR, "poll: %s", strerror(errno));
            sv->stop = true;
            return;
        }
        if (r > 0 && p[i_sig].revents) {
            sv->stop = true; /* SIGTERM or SIGINT */
            return;
        }
        if (r > 0 && i_out >= 0 && p[i_out].revents)
            flush_out(sv);
        if (r > 0 && i_ww >= 0 && p[i_ww].revents && mcp_worker_flush(&sv->w) < 0)
            worker_lost(sv);
        if (r > 0 && i_wr >= 0 && sv->w.pid > 0 && p[i_wr].revents)
            worker_input(sv);
        if (r > 0 && n > i_up) {
            mcp_upstreams_events(sv->up, p + i_up, (size_t)(n - i_up));
            host_deliver(sv);
        }
        if (r > 0 && i_in >= 0 && p[i_in].revents) {
            mcp_line_status st = mcp_reader_fill(&sv->rd);
            if (st == MCP_LINE_EIO || st == MCP_LINE_ENOMEM) {
                mcp_log(sv->cfg, MCP_LOG_ERROR, "%s while reading requests",
                        st == MCP_LINE_ENOMEM ? "out of memory" : "read error");
                sv->in_eof = true;
            }
            drain_input(sv);
        }
        check_timers(sv);
    }
}

/* Gives answers already queued a bounded time to reach the client. */
static void final_flush(server *sv)
{
    double until = now_s() + EXIT_FLUSH_MS / 1000.0;
    flush_out(sv);
    while (sv->olen > sv->ooff && !sv->out_failed) {
        int ms = (int)((until - now_s()) * 1000.0);
        if (ms <= 0)
            break;
        struct pollfd p = {.fd = sv->out_fd, .events = POLLOUT};
        if (poll(&p, 1, ms) < 0 && errno != EINTR)
            break;
        flush_out(sv);
    }
}

int mcp_serve(int in_fd, int out_fd, const mcp_config *cfg)
{
    if (!cfg || !cfg->rules || in_fd < 0 || out_fd < 0)
        return 1;
    server sv = {.cfg = cfg, .in_fd = in_fd, .out_fd = out_fd, .w = {.to_fd = -1, .from_fd = -1}};
    mcp_reader_init(&sv.rd, in_fd, MCP_MAX_LINE);
    int rc = 1;
    struct sigaction ign = {.sa_handler = SIG_IGN}, on = {.sa_handler = on_signal};
    struct sigaction old_pipe, old_term, old_int;
    bool sig_set = false;
    int out_flags = fcntl(out_fd, F_GETFL);

    mcp_upstreams up;
    char *functions = NULL;
    memset(&up, 0, sizeof up);
    if (sig_pipe[0] < 0 && pipe2(sig_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        mcp_log(cfg, MCP_LOG_ERROR, "pipe: %s", strerror(errno));
        goto fail;
    }
    char drain[64];
    while (read(sig_pipe[0], drain, sizeof drain) > 0)
        ; /* a signal from an earlier mcp_serve in this process */
    /* A client that exits mid-reply must turn into a failed write (EPIPE),
     * not kill the process with SIGPIPE; SIGTERM and SIGINT stop the loop. */
    sigemptyset(&ign.sa_mask);
    sigemptyset(&on.sa_mask);
    sig_set = sigaction(SIGPIPE, &ign, &old_pipe) == 0 &&
              sigaction(SIGTERM, &on, &old_term) == 0 && sigaction(SIGINT, &on, &old_int) == 0;
    /* Answers wait in our buffer, not in a blocking write(), so reading the
     * client's requests never stops because it is not reading answers. */
    if (out_flags < 0 || fcntl(out_fd, F_SETFL, out_flags | O_NONBLOCK) != 0) {
        mcp_log(cfg, MCP_LOG_ERROR, "stdout: %s", strerror(errno));
        goto fail;
    }
    if (cfg->upstream) {
        /* Code mode: the servers start and list their tools before the
         * worker is forked with the catalog, and before run_python's
         * description, which lists the functions, is made; SIGPIPE is
         * ignored by now (a server that dies at once must not kill us). */
        char *err = NULL;
        sv.up = &up;
        if (mcp_upstreams_load(&up, cfg->upstream, cfg, &err) != 0 ||
            mcp_upstreams_start(&up, &err) != 0) {
            mcp_log(cfg, MCP_LOG_ERROR, "--upstream: %s", err ? err : "out of memory");
            free(err);
            goto fail;
        }
        mcp_log(cfg, MCP_LOG_INFO, "code mode: %zu functions from %zu servers", up.ntools, up.n);
        if (!(functions = mcp_upstreams_describe(&up))) {
            mcp_log(cfg, MCP_LOG_ERROR, "out of memory");
            goto fail;
        }
    }
    sv.tools_json = mcp_tools_list_json(cfg, functions);
    sv.instructions = mcp_instructions(cfg);
    if (sv.tools_json && sv.instructions) {
        sv.tools_modern = mcp_tools_list_modern_json(cfg, sv.tools_json);
        sv.discover = mcp_discover_json(cfg, sv.instructions);
        sv.modern_prefix = mcp_modern_prefix(cfg);
    }
    if (!sv.tools_json || !sv.instructions || !sv.tools_modern || !sv.discover ||
        !sv.modern_prefix) {
        mcp_log(cfg, MCP_LOG_ERROR, "out of memory");
        goto fail;
    }
    /* Started now, so the first call does not wait for it. */
    ensure_worker(&sv);
    run_loop(&sv);
    rc = sv.out_failed ? 1 : 0;
    /* The client is gone or we were told to stop: stop the running call,
     * drop the queued ones, deliver what is already answered. */
    int st;
    mcp_worker_kill(&sv.w, &st);
    close_subs(&sv);
    final_flush(&sv);
fail:
    if (sv.running) {
        job_free(sv.running);
        sv.running = NULL;
    }
    while (sv.head) {
        job *j = sv.head;
        sv.head = j->next;
        job_free(j);
    }
    if (sv.w.pid > 0) {
        int st2;
        mcp_worker_kill(&sv.w, &st2);
    }
    mcp_worker_free(&sv.w);
    mcp_upstreams_free(&up);
    free(functions);
    if (out_flags >= 0)
        fcntl(out_fd, F_SETFL, out_flags);
    if (sig_set) {
        sigaction(SIGPIPE, &old_pipe, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        sigaction(SIGINT, &old_int, NULL);
    }
    mcp_reader_free(&sv.rd);
    free(sv.obuf);
    for (size_t i = 0; i < sv.nsubs; i++)
        cJSON_Delete(sv.subs[i]);
    mcp_tasks_free(&sv.tasks);
    free(sv.tools_json);
    free(sv.instructions);
    free(sv.tools_modern);
    free(sv.discover);
    free(sv.modern_prefix);
    return rc;
}
