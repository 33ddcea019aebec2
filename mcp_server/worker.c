/*
 * worker.c - the process that runs Python for the MCP server.
 *
 * The broker (server.c) speaks MCP and never parses or runs Python; it
 * forks one worker, reused across calls, which holds the session and runs
 * the analyzer and evaluator inside the OS lockdown (ev_sandbox_enter).
 * Should the worker crash, hang inside C, or be taken over by an evaluator
 * bug, only the worker is lost: the broker kills it, answers the client and
 * starts another.
 *
 * Both halves of the pipe protocol live here: the broker's handle
 * (mcp_worker_*) and the worker's loop (mcp_worker_main).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

/* Buffers above this are freed after use rather than kept for the next
 * call, so one huge call does not keep the memory of either process up. */
#define KEEP_BYTES ((size_t)1 << 20)

/* --- the broker's side -------------------------------------------------------- */

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

int mcp_worker_spawn(mcp_worker *w, const mcp_config *cfg, const mcp_upstreams *up)
{
    int to = -1, from = -1;
    pid_t pid = mcp_fork_piped(&to, &from, 70);
    if (pid < 0)
        return -1;
    if (pid == 0)
        mcp_worker_main(cfg, up); /* ends with _exit: a worker never returns here */
    w->pid = pid;
    w->to_fd = to;
    w->from_fd = from;
    w->out_len = w->out_off = w->in_len = 0;
    return 0;
}

void mcp_worker_kill(mcp_worker *w, int *wstatus)
{
    *wstatus = 0;
    if (w->pid > 0) {
        int st = 0;
        pid_t r;
        while ((r = waitpid(w->pid, &st, WNOHANG)) < 0 && errno == EINTR)
            ;
        if (r == 0) {
            kill(w->pid, SIGKILL);
            while ((r = waitpid(w->pid, &st, 0)) < 0 && errno == EINTR)
                ;
        }
        *wstatus = r == w->pid ? st : 0;
    }
    w->pid = 0;
    close_fd(&w->to_fd);
    close_fd(&w->from_fd);
    w->out_len = w->out_off = w->in_len = 0;
}

void mcp_worker_free(mcp_worker *w)
{
    free(w->out);
    free(w->in);
    w->out = w->in = NULL;
    w->out_cap = w->in_cap = 0;
}

static int reserve(char **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t ncap = *cap ? *cap : 4096;
    while (ncap < need)
        ncap *= 2;
    char *nb = realloc(*buf, ncap);
    if (!nb)
        return -1;
    *buf = nb;
    *cap = ncap;
    return 0;
}

int mcp_worker_send(mcp_worker *w, mcp_tool tool, bool reset, const char *code,
                    size_t code_len, const char *notice)
{
    size_t nlen = notice ? strlen(notice) : 0;
    size_t len = code_len + 1 + nlen + 1;
    if (code_len > MCP_MAX_LINE || nlen > 4096 ||
        reserve(&w->out, &w->out_cap, sizeof(mcp_wire_hdr) + len) != 0)
        return -1;
    mcp_wire_hdr h = {.magic = MCP_WIRE_MAGIC, .kind = MCP_WIRE_CALL, .tool = (uint8_t)tool,
                      .flags = reset ? MCP_WIRE_RESET : 0, .len = (uint32_t)len,
                      .code_len = (uint32_t)code_len};
    char *p = w->out;
    memcpy(p, &h, sizeof h);
    p += sizeof h;
    memcpy(p, code, code_len);
    p[code_len] = '\0';
    if (nlen)
        memcpy(p + code_len + 1, notice, nlen);
    p[code_len + 1 + nlen] = '\0';
    w->out_len = sizeof h + len;
    w->out_off = 0;
    mcp_worker_flush(w); /* a dead worker shows up in mcp_worker_recv */
    return 0;
}

int mcp_worker_answer(mcp_worker *w, const char *payload, size_t len)
{
    if (len > MCP_WIRE_MAX_HOSTRESULT || w->out_len > w->out_off ||
        reserve(&w->out, &w->out_cap, sizeof(mcp_wire_hdr) + len) != 0)
        return -1;
    mcp_wire_hdr h = {.magic = MCP_WIRE_MAGIC, .kind = MCP_WIRE_HOSTRESULT, .len = (uint32_t)len};
    memcpy(w->out, &h, sizeof h);
    memcpy(w->out + sizeof h, payload, len);
    w->out_len = sizeof h + len;
    w->out_off = 0;
    mcp_worker_flush(w);
    return 0;
}

int mcp_worker_flush(mcp_worker *w)
{
    while (w->out_off < w->out_len) {
        ssize_t n = write(w->to_fd, w->out + w->out_off, w->out_len - w->out_off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno == EAGAIN ? 1 : -1;
        w->out_off += (size_t)n;
    }
    w->out_len = w->out_off = 0;
    if (w->out_cap > KEEP_BYTES) { /* a huge call's buffer is not kept */
        free(w->out);
        w->out = NULL;
        w->out_cap = 0;
    }
    return 0;
}

int mcp_worker_recv(mcp_worker *w, const char **json, size_t *len)
{
    /* A finished RESULT was handed out last time: drop it. */
    if (w->in_len >= sizeof(mcp_wire_hdr)) {
        mcp_wire_hdr h;
        memcpy(&h, w->in, sizeof h);
        size_t whole = sizeof h + h.len;
        if (w->in_len >= whole) {
            memmove(w->in, w->in + whole, w->in_len - whole);
            w->in_len -= whole;
            if (w->in_len == 0 && w->in_cap > KEEP_BYTES) {
                free(w->in);
                w->in = NULL;
                w->in_cap = 0;
            }
        }
    }
    for (;;) {
        if (w->in_len >= sizeof(mcp_wire_hdr)) {
            mcp_wire_hdr h;
            memcpy(&h, w->in, sizeof h);
            /* The output limit bounds a result; the cap bounds what a
             * misbehaving worker can make the broker buffer. */
            bool host = h.kind == MCP_WIRE_HOSTCALL;
            if (h.magic != MCP_WIRE_MAGIC || (h.kind != MCP_WIRE_RESULT && !host) ||
                h.len > (host ? MCP_WIRE_MAX_CALL : ((size_t)1 << 30)))
                return -1;
            size_t whole = sizeof h + h.len;
            if (w->in_len >= whole) {
                /* One message, then the worker waits for us: anything after
                 * it breaks the protocol. */
                if (w->in_len > whole)
                    return -1;
                w->in[whole] = '\0'; /* room reserved below; cJSON wants it */
                *json = w->in + sizeof h;
                *len = h.len;
                w->host_tool = h.code_len;
                return host ? 2 : 1;
            }
            /* Grow with the bytes that arrive, not with what the header
             * claims: a worker must send data before the broker holds
             * memory for it (the buffer doubles, so this stays linear). */
            size_t want = w->in_len + 65536;
            if (reserve(&w->in, &w->in_cap, want < whole + 1 ? want : whole + 1) != 0)
                return -1;
        } else if (reserve(&w->in, &w->in_cap, 65536) != 0) {
            return -1;
        }
        ssize_t n = read(w->from_fd, w->in + w->in_len, w->in_cap - w->in_len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno == EAGAIN ? 0 : -1;
        if (n == 0)
            return -1;
        w->in_len += (size_t)n;
    }
}

cJSON *mcp_worker_result_parse(const char *json, size_t len)
{
    /* A raw newline would split the reply line; other raw controls are not
     * JSON either, and cJSON would let some through. */
    if (!mcp_json_text_clean(json, len))
        return NULL;
    const char *end = NULL;
    cJSON *res = cJSON_ParseWithLengthOpts(json, len + 1, &end, 1);
    if (!cJSON_IsObject(res) || !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(res, "content"))) {
        cJSON_Delete(res);
        return NULL;
    }
    return res;
}

/* --- the worker's side ------------------------------------------------------------ */

/* The session, for the cancellation signal handler. */
static ev_session *_Atomic worker_sess;

/* SIGUSR1 from the broker: stop the running code (notifications/cancelled).
 * ev_session_interrupt is async-signal-safe. */
static void on_cancel(int sig)
{
    (void)sig;
    ev_session *s = atomic_load(&worker_sess);
    if (s)
        ev_session_interrupt(s);
}

static int read_full(int fd, void *buf, size_t len)
{
    char *p = buf;
    while (len > 0) {
        ssize_t n = read(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* Header and body in one system call when the pipe takes them at once. */
static int write_result(const mcp_wire_hdr *h, const char *body, size_t len)
{
    struct iovec iov[2] = {{(void *)h, sizeof *h}, {(void *)body, len}};
    ssize_t n;
    while ((n = writev(1, iov, 2)) < 0 && errno == EINTR)
        ;
    if (n < 0)
        return -1;
    size_t done = (size_t)n;
    if (done < sizeof *h) {
        if (mcp_write_all(1, (const char *)h + done, sizeof *h - done) != 0)
            return -1;
        done = sizeof *h;
    }
    done -= sizeof *h;
    return mcp_write_all(1, body + done, len - done);
}

int mcp_worker_host_exchange(uint32_t tool, const char *args, size_t len, char **reply,
                             size_t *reply_len)
{
    *reply = NULL;
    mcp_wire_hdr h = {.magic = MCP_WIRE_MAGIC, .kind = MCP_WIRE_HOSTCALL, .len = (uint32_t)len,
                      .code_len = tool};
    if (len > MCP_WIRE_MAX_CALL || write_result(&h, args, len) != 0 ||
        read_full(0, &h, sizeof h) != 0)
        return -1;
    if (h.magic != MCP_WIRE_MAGIC || h.kind != MCP_WIRE_HOSTRESULT ||
        h.len > MCP_WIRE_MAX_HOSTRESULT)
        _exit(71);
    char *buf = malloc((size_t)h.len + 1);
    if (!buf)
        _exit(72); /* the broker's answer cannot be skipped */
    if (read_full(0, buf, h.len) != 0) {
        free(buf);
        return -1;
    }
    buf[h.len] = '\0';
    *reply = buf;
    *reply_len = h.len;
    return 0;
}

static const char OOM_RESULT[] =
    "{\"content\":[{\"type\":\"text\",\"text\":\"Internal error in safepy: out of memory while "
    "building the result.\"}],\"structuredContent\":{\"status\":\"error\",\"stdout\":\"\","
    "\"result\":null,\"error\":\"Internal error in safepy: out of memory while building the "
    "result.\",\"limit\":null,\"diagnostics\":[]},\"isError\":true}";

typedef struct worker_args {
    const mcp_config *cfg;
    const mcp_upstreams *up;
} worker_args;

static int cmp_byte(const void *a, const void *b)
{
    return *(const unsigned char *)a - *(const unsigned char *)b;
}

static void *worker_loop(void *arg)
{
    const mcp_config *cfg = ((const worker_args *)arg)->cfg;
    const mcp_upstreams *up = ((const worker_args *)arg)->up;
    /* SIGUSR1 (cancel) is handled on this thread only: a late one then
     * runs its handler no later than this thread's return from reading the
     * next CALL, before ev_session_run clears the flag for the new run.
     * Handled on the main thread, it could land in the middle of the next
     * run and cancel it. */
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    if (pthread_sigmask(SIG_UNBLOCK, &usr1, NULL) != 0)
        _exit(70);
    if (ev_sandbox_enter(&cfg->limits) < 0) {
        mcp_log(cfg, MCP_LOG_ERROR, "worker: cannot install the sandbox (seccomp and rlimits)");
        _exit(70);
    }
    ev_session *sess = ev_session_new(&cfg->limits);
    if (!sess) {
        mcp_log(cfg, MCP_LOG_ERROR, "worker: could not create the interpreter session");
    } else {
        /* what the rules let a program import (--allow-module) */
        size_t n;
        const char *const *names = an_rules_set_items(cfg->rules, "allowed_modules", &n);
        for (size_t i = 0; i < n; i++)
            (void)ev_session_allow_module(sess, names[i]);
        if (up && mcp_codemode_register(sess, up) != 0) {
            mcp_log(cfg, MCP_LOG_ERROR, "worker: could not register the upstream tools");
            _exit(70);
        }
    }
    atomic_store(&worker_sess, sess);
    char *buf = NULL;
    size_t cap = 0;
    for (;;) {
        mcp_wire_hdr h;
        if (read_full(0, &h, sizeof h) != 0)
            _exit(0); /* the broker closed the pipe */
        if (h.magic != MCP_WIRE_MAGIC || h.kind != MCP_WIRE_CALL || h.len > MCP_WIRE_MAX_CALL ||
            h.code_len >= h.len || (h.tool != MCP_TOOL_RUN && h.tool != MCP_TOOL_CHECK))
            _exit(71);
        if (h.len > cap) {
            free(buf);
            cap = h.len;
            buf = malloc(cap);
            if (!buf)
                _exit(72);
        }
        if (read_full(0, buf, h.len) != 0)
            _exit(0);
        if (buf[h.code_len] != '\0' || buf[h.len - 1] != '\0')
            _exit(71);
        const char *notice = buf + h.code_len + 1;
        /* The kernel's CPU limit backs up the broker's deadline. */
        ev_sandbox_cpu_budget(mcp_hard_deadline_s(cfg, h.code_len) + 1);
        cJSON *res = mcp_tool_call(cfg, (mcp_tool)h.tool, sess, buf, h.code_len,
                                   (h.flags & MCP_WIRE_RESET) != 0, notice[0] ? notice : NULL);
        char *text = res ? cJSON_PrintUnformatted(res) : NULL;
        cJSON_Delete(res);
        const char *out = text ? text : OOM_RESULT;
        size_t len = strlen(out);
        mcp_wire_hdr r = {.magic = MCP_WIRE_MAGIC, .kind = MCP_WIRE_RESULT, .len = (uint32_t)len};
        if (write_result(&r, out, len) != 0)
            _exit(0);
        free(text);
        if (cap > KEEP_BYTES) {
            free(buf);
            buf = NULL;
            cap = 0;
        }
    }
    return NULL;
}

_Noreturn void mcp_worker_main(const mcp_config *cfg, const mcp_upstreams *up)
{
    /* The broker decides when to stop: a Ctrl-C in a terminal reaches the
     * whole process group, and the broker then kills this process itself. */
    struct sigaction sa = {.sa_handler = on_cancel, .sa_flags = SA_RESTART};
    sigemptyset(&sa.sa_mask);
    struct sigaction ign = {.sa_handler = SIG_IGN}, dfl = {.sa_handler = SIG_DFL};
    if (sigaction(SIGUSR1, &sa, NULL) != 0 || sigaction(SIGINT, &ign, NULL) != 0 ||
        sigaction(SIGTERM, &dfl, NULL) != 0 || sigaction(SIGPIPE, &dfl, NULL) != 0 ||
        sigaction(SIGCHLD, &dfl, NULL) != 0)
        _exit(70);
    /* glibc's qsort asks the kernel for the machine's memory (sysinfo, which
     * the filter refuses) the first time it sorts more than 1 KiB, and keeps
     * the answer; the analyzer sorts the matches of a big program.  Asked
     * here, on the main thread (the worker thread's first allocation must
     * come after ev_sandbox_enter's one-arena setting): a run_python call of
     * 20,000 lines killed the worker with SIGSYS. */
    static unsigned char warm[2048];
    qsort(warm, sizeof warm, 1, cmp_byte);
    /* Calls run on one thread made once with the evaluator's stack, so a
     * call creates no thread; the lockdown happens on it, before the session
     * exists, and covers this thread too. */
    pthread_attr_t attr;
    pthread_t th;
    worker_args args = {cfg, up}; /* lives until the thread is joined */
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    if (pthread_sigmask(SIG_BLOCK, &usr1, NULL) != 0 || pthread_attr_init(&attr) != 0 ||
        pthread_attr_setstacksize(&attr, EV_RUN_STACK_BYTES + ((size_t)1 << 20)) != 0 ||
        pthread_create(&th, &attr, worker_loop, &args) != 0)
        _exit(70);
    pthread_join(th, NULL);
    _exit(0);
}
