/*
 * server.c - mcp_serve(): the MCP session over two file descriptors.
 *
 * Two threads.  The calling thread reads and answers messages; it never
 * runs Python, so ping, cancellation and EOF are handled promptly whatever
 * the code does.  A worker thread runs tool calls one at a time, in arrival
 * order, from a queue: the evaluator session is single-threaded, and a
 * notebook's cells must run in order anyway.  Both threads write replies;
 * write_mu keeps each reply line whole.
 *
 * Lock order: mu, then write_mu (never the reverse).
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_server/mcp_internal.h"

/* Tool calls waiting behind the running one.  A client that floods us gets
 * errors instead of making us hold up to 16 MiB of code per call. */
#define MAX_QUEUED 64

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
    bool cancelled;     /* under mu: the reply must not be sent */
} job;

typedef struct server {
    const mcp_config *cfg;
    int out_fd;
    char *tools_json;   /* the tools/list result, built once */
    char *instructions;

    pthread_mutex_t write_mu;
    bool write_failed;  /* under write_mu: the client is gone */

    pthread_mutex_t mu;
    pthread_cond_t cv;
    job *head, *tail;   /* queued tool calls */
    size_t queued;
    job *running;       /* the call the worker is on, or NULL */
    bool in_eval;       /* running is inside mcp_tool_call() */
    bool stopping;
    ev_session *sess;   /* written by the worker at start, then fixed */
} server;

static void job_free(job *j)
{
    if (!j)
        return;
    cJSON_Delete(j->id);
    free(j->key);
    free(j->code);
    free(j);
}

/* Sends one reply line and frees it.  A NULL line means formatting failed
 * for lack of memory; the client still gets an answer for `id` if a small
 * one can be made, so it does not wait forever. */
static void send_line(server *sv, const cJSON *id, char *line)
{
    if (!line)
        line = mcp_reply_error(id, MCP_INTERNAL_ERROR, "Internal error: out of memory");
    if (!line) {
        fprintf(stderr, "safepy mcp: out of memory; a reply was lost\n");
        return;
    }
    pthread_mutex_lock(&sv->write_mu);
    if (!sv->write_failed &&
        (mcp_write_all(sv->out_fd, line, strlen(line)) != 0 ||
         mcp_write_all(sv->out_fd, "\n", 1) != 0)) {
        sv->write_failed = true;
        perror("safepy mcp: writing a reply");
    }
    pthread_mutex_unlock(&sv->write_mu);
    free(line);
}

static bool write_failed(server *sv)
{
    pthread_mutex_lock(&sv->write_mu);
    bool f = sv->write_failed;
    pthread_mutex_unlock(&sv->write_mu);
    return f;
}

static void *worker_main(void *arg)
{
    server *sv = arg;
    /* Created here, not by the reader, so that even a slow start never
     * delays the answer to initialize. */
    ev_session *s = ev_session_new(&sv->cfg->limits);
    if (!s)
        fprintf(stderr, "safepy mcp: could not create the interpreter session\n");
    pthread_mutex_lock(&sv->mu);
    sv->sess = s;
    for (;;) {
        while (!sv->head && !sv->stopping)
            pthread_cond_wait(&sv->cv, &sv->mu);
        if (sv->stopping)
            break;
        job *j = sv->head;
        sv->head = j->next;
        if (!sv->head)
            sv->tail = NULL;
        sv->queued--;
        sv->running = j;
        sv->in_eval = true;
        pthread_mutex_unlock(&sv->mu);

        cJSON *result = mcp_tool_call(sv->cfg, j->tool, s, j->code, j->code_len, j->reset);

        pthread_mutex_lock(&sv->mu);
        sv->in_eval = false;
        sv->running = NULL;
        bool cancelled = j->cancelled;
        pthread_mutex_unlock(&sv->mu);
        /* A cancelled request gets no reply at all (MCP cancellation). */
        if (cancelled)
            cJSON_Delete(result);
        else
            send_line(sv, j->id, mcp_reply_result(j->id, result));
        job_free(j);
        pthread_mutex_lock(&sv->mu);
    }
    pthread_mutex_unlock(&sv->mu);
    return NULL;
}

/* --- requests -------------------------------------------------------------- */

static void do_initialize(server *sv, const mcp_msg *m)
{
    const char *version = PROTOCOL_VERSIONS[0];
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(m->params, "protocolVersion");
    for (size_t i = 0; cJSON_IsString(want) && PROTOCOL_VERSIONS[i]; i++)
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

static void do_tools_call(server *sv, const mcp_msg *m, const char *line, size_t len)
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
        snprintf(msg, sizeof msg, "Unknown tool: %.120s", name->valuestring);
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
        send_line(sv, m->id, mcp_reply_result(m->id, mcp_tool_error_result(bad)));
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
    pthread_mutex_lock(&sv->mu);
    bool full = sv->queued >= MAX_QUEUED;
    if (!full) {
        if (sv->tail)
            sv->tail->next = j;
        else
            sv->head = j;
        sv->tail = j;
        sv->queued++;
        pthread_cond_signal(&sv->cv);
    }
    pthread_mutex_unlock(&sv->mu);
    if (full) {
        send_line(sv, m->id, mcp_reply_error(m->id, MCP_INTERNAL_ERROR,
                                             "Too many tool calls waiting; retry later"));
        job_free(j);
    }
}

/* Stops the running call's Python code; caller holds mu.  Only run_python
 * uses the session: interrupting it during check_python could leave the
 * request pending and stop the next, innocent run. */
static void interrupt_running(server *sv)
{
    if (sv->running && sv->running->tool == MCP_TOOL_RUN && sv->in_eval && sv->sess)
        ev_session_interrupt(sv->sess);
}

/* notifications/cancelled: stop the running call or drop a queued one, and
 * never reply to it.  Unknown or malformed ids are ignored, as the spec asks. */
static void do_cancel(server *sv, const mcp_msg *m)
{
    char *key = mcp_id_key(cJSON_GetObjectItemCaseSensitive(m->params, "requestId"));
    if (!key)
        return;
    pthread_mutex_lock(&sv->mu);
    if (sv->running && strcmp(sv->running->key, key) == 0) {
        sv->running->cancelled = true;
        interrupt_running(sv);
    } else {
        for (job **pj = &sv->head, *prev = NULL; *pj; prev = *pj, pj = &(*pj)->next) {
            if (strcmp((*pj)->key, key) != 0)
                continue;
            job *j = *pj;
            *pj = j->next;
            if (sv->tail == j)
                sv->tail = prev;
            sv->queued--;
            job_free(j);
            break;
        }
    }
    pthread_mutex_unlock(&sv->mu);
    free(key);
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
            do_cancel(sv, &m);
        break;
    case MCP_MSG_REQUEST:
        if (strcmp(m.method, "initialize") == 0) {
            do_initialize(sv, &m);
        } else if (strcmp(m.method, "ping") == 0) {
            send_line(sv, m.id, mcp_reply_result(m.id, cJSON_CreateObject()));
        } else if (strcmp(m.method, "tools/list") == 0) {
            send_line(sv, m.id, mcp_reply_result(m.id, cJSON_CreateRaw(sv->tools_json)));
        } else if (strcmp(m.method, "tools/call") == 0) {
            if (!m.params)
                send_line(sv, m.id, mcp_reply_error(m.id, MCP_INVALID_PARAMS,
                                                    "Invalid params: \"params\" is required"));
            else
                do_tools_call(sv, &m, line, len);
        } else {
            char msg[200];
            snprintf(msg, sizeof msg, "Method not found: %.120s", m.method);
            send_line(sv, m.id, mcp_reply_error(m.id, MCP_METHOD_NOT_FOUND, msg));
        }
        break;
    }
    mcp_msg_free(&m);
}

int mcp_serve(int in_fd, int out_fd, const mcp_config *cfg)
{
    if (!cfg || !cfg->rules || in_fd < 0 || out_fd < 0)
        return 1;
    server sv = {.cfg = cfg, .out_fd = out_fd};
    mcp_reader rd;
    mcp_reader_init(&rd, in_fd, MCP_MAX_LINE);
    int rc = 1;
    pthread_t worker;
    struct sigaction ign = {.sa_handler = SIG_IGN}, old_pipe;
    bool sig_set = false;

    pthread_mutex_init(&sv.write_mu, NULL);
    pthread_mutex_init(&sv.mu, NULL);
    pthread_cond_init(&sv.cv, NULL);
    sv.tools_json = mcp_tools_list_json(cfg);
    sv.instructions = mcp_instructions(cfg);
    if (!sv.tools_json || !sv.instructions) {
        fprintf(stderr, "safepy mcp: out of memory\n");
        goto fail;
    }
    /* A client that exits mid-reply must turn into a failed write (EPIPE),
     * not kill the process with SIGPIPE. */
    sigemptyset(&ign.sa_mask);
    sig_set = sigaction(SIGPIPE, &ign, &old_pipe) == 0;
    if (pthread_create(&worker, NULL, worker_main, &sv) != 0) {
        fprintf(stderr, "safepy mcp: cannot start the worker thread\n");
        goto fail;
    }

    for (;;) {
        char *line;
        size_t len;
        mcp_line_status st = mcp_reader_next(&rd, &line, &len);
        if (st == MCP_LINE_OK) {
            handle_line(&sv, line, len);
        } else if (st == MCP_LINE_TOO_LONG) {
            send_line(&sv, NULL, mcp_reply_error(NULL, MCP_INVALID_REQUEST,
                                                 "Invalid Request: message longer than 16 MiB"));
        } else if (st == MCP_LINE_EOF) {
            rc = 0;
            break;
        } else {
            fprintf(stderr, "safepy mcp: %s while reading requests\n",
                    st == MCP_LINE_ENOMEM ? "out of memory" : "read error");
            break;
        }
        if (write_failed(&sv))
            break;
    }

    /* The client is gone: stop the running call, drop the queued ones. */
    pthread_mutex_lock(&sv.mu);
    sv.stopping = true;
    if (sv.running) {
        sv.running->cancelled = true;
        interrupt_running(&sv);
    }
    while (sv.head) {
        job *j = sv.head;
        sv.head = j->next;
        job_free(j);
    }
    sv.tail = NULL;
    sv.queued = 0;
    pthread_cond_signal(&sv.cv);
    pthread_mutex_unlock(&sv.mu);
    pthread_join(worker, NULL);
fail:
    ev_session_free(sv.sess);
    if (sig_set)
        sigaction(SIGPIPE, &old_pipe, NULL);
    mcp_reader_free(&rd);
    free(sv.tools_json);
    free(sv.instructions);
    pthread_cond_destroy(&sv.cv);
    pthread_mutex_destroy(&sv.mu);
    pthread_mutex_destroy(&sv.write_mu);
    return rc;
}
