/*
 * modern.c - the pieces of MCP revision 2026-07-28 ("modern": no
 * initialize handshake; every request carries its protocol version and
 * client capabilities in _meta) that the broker needs beside the legacy
 * revisions: reading and checking a request's per-request _meta, the
 * server/discover and tools/list results of that revision, the _meta every
 * modern result carries, and the task records of the Tasks extension
 * (io.modelcontextprotocol/tasks).  The specification pages followed,
 * word for word, are listed with their tests in docs/mcp.md.
 *
 * Nothing here reaches the worker: the only client input the evaluator ever
 * sees is run_python's code, which server.c forwards as before.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "mcp_server/mcp_internal.h"

#define META_VERSION "io.modelcontextprotocol/protocolVersion"
#define META_CAPS "io.modelcontextprotocol/clientCapabilities"
#define META_INFO "io.modelcontextprotocol/clientInfo"
#define META_LOG "io.modelcontextprotocol/logLevel"
#define META_SERVER "io.modelcontextprotocol/serverInfo"

/* Cache hints on discover and tools/list: both are fixed for the life of
 * the process and hold nothing about the caller. */
#define CACHE_TTL_MS 3600000

const char *const mcp_modern_versions[] = {MCP_MODERN_VERSION, NULL};

static bool modern_version(const char *v)
{
    for (size_t i = 0; mcp_modern_versions[i]; i++)
        if (strcmp(v, mcp_modern_versions[i]) == 0)
            return true;
    return false;
}

static cJSON *versions_array(void)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; a && mcp_modern_versions[i]; i++) {
        cJSON *s = cJSON_CreateString(mcp_modern_versions[i]);
        if (!s || !cJSON_AddItemToArray(a, s)) {
            cJSON_Delete(s);
            cJSON_Delete(a);
            return NULL;
        }
    }
    return a;
}

static int invalid_meta(const mcp_msg *m, char **reply, const char *what)
{
    char msg[300];
    snprintf(msg, sizeof msg, "Invalid params: %s (protocol revision " MCP_MODERN_VERSION
             ": every request carries _meta[\"" META_VERSION "\"] and _meta[\"" META_CAPS
             "\"]; clients of the 2025 revisions send initialize first)", what);
    *reply = mcp_reply_error(m->id, MCP_INVALID_PARAMS, msg);
    return 1;
}

static bool is_implementation(const cJSON *v)
{
    return cJSON_IsObject(v) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(v, "name")) &&
           cJSON_IsString(cJSON_GetObjectItemCaseSensitive(v, "version"));
}

static bool is_log_level(const cJSON *v)
{
    static const char *const levels[] = {"debug", "info", "notice", "warning", "error",
                                         "critical", "alert", "emergency"};
    if (!cJSON_IsString(v))
        return false;
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++)
        if (strcmp(v->valuestring, levels[i]) == 0)
            return true;
    return false;
}

int mcp_envelope_read(const mcp_msg *m, bool discover, mcp_envelope *env, char **reply)
{
    memset(env, 0, sizeof *env);
    *reply = NULL;
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(m->params, "_meta");
    const cJSON *version = cJSON_IsObject(meta)
                           ? cJSON_GetObjectItemCaseSensitive(meta, META_VERSION) : NULL;
    /* The claim is the protocol-version key alone: a request without it is
     * traffic of the 2025 revisions and is served as before. server/discover
     * exists only in the modern revision, so it always needs the envelope. */
    if (!version && !discover)
        return 0;
    env->claimed = true;
    if (!meta)
        return invalid_meta(m, reply, "\"_meta\" is required");
    if (!cJSON_IsObject(meta))
        return invalid_meta(m, reply, "\"_meta\" must be an object");
    if (!version)
        return invalid_meta(m, reply, "_meta[\"" META_VERSION "\"] is required");
    if (!cJSON_IsString(version))
        return invalid_meta(m, reply, "_meta[\"" META_VERSION "\"] must be a string");
    /* The version first: a later revision may shape the rest differently,
     * and its client needs this error to retry with a version we speak. */
    if (!modern_version(version->valuestring)) {
        cJSON *data = cJSON_CreateObject(), *list = versions_array();
        if (!data || !list || !cJSON_AddItemToObject(data, "supported", list)) {
            cJSON_Delete(list);
            cJSON_Delete(data);
            data = NULL;
        } else if (!cJSON_AddStringToObject(data, "requested", version->valuestring)) {
            cJSON_Delete(data);
            data = NULL;
        }
        *reply = data ? mcp_reply_error_data(m->id, MCP_UNSUPPORTED_VERSION,
                                             "Unsupported protocol version", data)
                      : NULL;
        return 1;
    }
    const cJSON *caps = cJSON_GetObjectItemCaseSensitive(meta, META_CAPS);
    if (!caps)
        return invalid_meta(m, reply, "_meta[\"" META_CAPS "\"] is required");
    if (!cJSON_IsObject(caps))
        return invalid_meta(m, reply, "_meta[\"" META_CAPS "\"] must be an object");
    const cJSON *ext = cJSON_GetObjectItemCaseSensitive(caps, "extensions");
    if (ext && !cJSON_IsObject(ext))
        return invalid_meta(m, reply, "clientCapabilities.extensions must be an object");
    const cJSON *tasks = cJSON_GetObjectItemCaseSensitive(ext, MCP_TASKS_EXT);
    if (tasks && !cJSON_IsObject(tasks))
        return invalid_meta(m, reply, "clientCapabilities.extensions[\"" MCP_TASKS_EXT
                                      "\"] must be an object");
    env->tasks = tasks != NULL;
    const cJSON *info = cJSON_GetObjectItemCaseSensitive(meta, META_INFO);
    if (info && !is_implementation(info))
        return invalid_meta(m, reply, "_meta[\"" META_INFO "\"] must be an object with "
                                      "string \"name\" and \"version\"");
    const cJSON *log = cJSON_GetObjectItemCaseSensitive(meta, META_LOG);
    if (log && !is_log_level(log))
        return invalid_meta(m, reply, "_meta[\"" META_LOG "\"] is not a log level (debug, "
                                      "info, notice, warning, error, critical, alert, "
                                      "emergency)");
    return 0;
}

static cJSON *server_info(const mcp_config *cfg)
{
    cJSON *info = cJSON_CreateObject();
    if (!info || !cJSON_AddStringToObject(info, "name", "safepy") ||
        !cJSON_AddStringToObject(info, "title", "safepy: sandboxed Python") ||
        !cJSON_AddStringToObject(info, "version", cfg->version ? cfg->version : "0")) {
        cJSON_Delete(info);
        return NULL;
    }
    return info;
}

bool mcp_modern_stamp(cJSON *res, const mcp_config *cfg, const char *result_type)
{
    cJSON *meta, *info;
    if (!cJSON_IsObject(res) || !cJSON_AddStringToObject(res, "resultType", result_type))
        return false;
    meta = cJSON_GetObjectItemCaseSensitive(res, "_meta");
    if (!meta && !(meta = cJSON_AddObjectToObject(res, "_meta")))
        return false;
    if (!(info = server_info(cfg)))
        return false;
    if (!cJSON_AddItemToObject(meta, META_SERVER, info)) {
        cJSON_Delete(info);
        return false;
    }
    return true;
}

char *mcp_modern_prefix(const mcp_config *cfg)
{
    /* What a result object of the worker gets after its "{": the worker's
     * text is checked but not re-parsed, and never has these members. */
    cJSON *o = cJSON_CreateObject();
    char *text = NULL;
    if (o && mcp_modern_stamp(o, cfg, "complete"))
        text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!text)
        return NULL;
    size_t n = strlen(text);
    /* "{...}" becomes "...," */
    memmove(text, text + 1, n - 2);
    text[n - 2] = ',';
    text[n - 1] = '\0';
    return text;
}

static bool add_cache(cJSON *r)
{
    return cJSON_AddNumberToObject(r, "ttlMs", CACHE_TTL_MS) &&
           cJSON_AddStringToObject(r, "cacheScope", "public");
}

char *mcp_discover_json(const mcp_config *cfg, const char *instructions)
{
    cJSON *r = cJSON_CreateObject(), *list = versions_array(), *caps, *tools, *ext, *tasks;
    char *text = NULL;
    if (!r || !list || !mcp_modern_stamp(r, cfg, "complete") ||
        !cJSON_AddItemToObject(r, "supportedVersions", list)) {
        cJSON_Delete(list);
        goto done;
    }
    if (!(caps = cJSON_AddObjectToObject(r, "capabilities")) ||
        !(tools = cJSON_AddObjectToObject(caps, "tools")) ||
        !cJSON_AddFalseToObject(tools, "listChanged") ||
        !(ext = cJSON_AddObjectToObject(caps, "extensions")) ||
        !(tasks = cJSON_AddObjectToObject(ext, MCP_TASKS_EXT)) ||
        !cJSON_AddStringToObject(r, "instructions", instructions) || !add_cache(r))
        goto done;
    text = cJSON_PrintUnformatted(r);
done:
    cJSON_Delete(r);
    return text;
}

char *mcp_tools_list_modern_json(const mcp_config *cfg, const char *legacy_json)
{
    cJSON *r = cJSON_Parse(legacy_json);
    char *text = NULL;
    if (r && mcp_modern_stamp(r, cfg, "complete") && add_cache(r))
        text = cJSON_PrintUnformatted(r);
    cJSON_Delete(r);
    return text;
}

/* --- the Tasks extension ---------------------------------------------------- */

static const char *const STATUS_NAMES[] = {"working", "completed", "failed", "cancelled"};

static void iso_time(time_t t, char out[32])
{
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm))
        strcpy(out, "1970-01-01T00:00:00Z");
}

static void task_free(mcp_task *t)
{
    free(t->result);
    free(t->error);
    free(t);
}

/* Terminal tasks past their time to live (counted from creation, as the
 * extension's ttlMs is) go, and the oldest terminal ones
 * beyond MCP_TASKS_KEPT: their results can be large.  Working tasks stay:
 * their number is bounded by the queue's. */
void mcp_tasks_expire(mcp_tasks *ts, time_t now)
{
    size_t kept = 0;
    for (mcp_task **pt = &ts->head; *pt;) {
        mcp_task *t = *pt;
        bool terminal = t->status != MCP_TASK_WORKING;
        if (terminal && (now - t->created >= MCP_TASK_TTL_S || kept >= MCP_TASKS_KEPT)) {
            *pt = t->next;
            task_free(t);
            ts->count--;
            continue;
        }
        if (terminal)
            kept++;
        pt = &t->next;
    }
}

mcp_task *mcp_task_new(mcp_tasks *ts)
{
    unsigned char rnd[16];
    /* The id is the only handle on the task: unguessable, as the extension
     * asks, so 128 random bits. */
    if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
        return NULL;
    mcp_task *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    for (size_t i = 0; i < sizeof rnd; i++)
        snprintf(t->id + 2 * i, 3, "%02x", rnd[i]);
    t->created = t->updated = time(NULL);
    t->status = MCP_TASK_WORKING;
    /* newest first, so expiry keeps the most recent results */
    t->next = ts->head;
    ts->head = t;
    ts->count++;
    return t;
}

mcp_task *mcp_task_find(mcp_tasks *ts, const char *id)
{
    mcp_tasks_expire(ts, time(NULL));
    for (mcp_task *t = ts->head; t; t = t->next)
        if (strcmp(t->id, id) == 0)
            return t;
    return NULL;
}

void mcp_task_settle(mcp_task *t, mcp_task_status status, char *result, char *error)
{
    if (t->status != MCP_TASK_WORKING) {
        /* cancelled first: what the work produced afterwards is dropped */
        free(result);
        free(error);
        return;
    }
    t->status = status;
    t->result = result;
    t->error = error;
    t->updated = time(NULL);
}

void mcp_tasks_free(mcp_tasks *ts)
{
    while (ts->head) {
        mcp_task *t = ts->head;
        ts->head = t->next;
        task_free(t);
    }
    ts->count = 0;
}

cJSON *mcp_task_json(const mcp_task *t, const mcp_config *cfg, const char *result_type)
{
    char created[32], updated[32];
    iso_time(t->created, created);
    iso_time(t->updated, updated);
    cJSON *r = cJSON_CreateObject();
    if (!r || !mcp_modern_stamp(r, cfg, result_type) ||
        !cJSON_AddStringToObject(r, "taskId", t->id) ||
        !cJSON_AddStringToObject(r, "status", STATUS_NAMES[t->status]) ||
        !cJSON_AddStringToObject(r, "createdAt", created) ||
        !cJSON_AddStringToObject(r, "lastUpdatedAt", updated) ||
        !cJSON_AddNumberToObject(r, "ttlMs", (double)MCP_TASK_TTL_S * 1000) ||
        !cJSON_AddNumberToObject(r, "pollIntervalMs", MCP_TASK_POLL_MS))
        goto fail;
    if (t->status == MCP_TASK_WORKING &&
        !cJSON_AddStringToObject(r, "statusMessage", "The code is running or waiting for "
                                                     "the calls before it."))
        goto fail;
    if (t->status == MCP_TASK_CANCELLED &&
        !cJSON_AddStringToObject(r, "statusMessage", "Cancelled by the client (tasks/cancel)."))
        goto fail;
    if (t->status == MCP_TASK_COMPLETED && !cJSON_AddRawToObject(r, "result", t->result))
        goto fail;
    /* An error that could not be formatted (no memory then) is still one. */
    if (t->status == MCP_TASK_FAILED &&
        !cJSON_AddRawToObject(r, "error", t->error ? t->error
                                                   : "{\"code\":-32603,\"message\":"
                                                     "\"Internal error\"}"))
        goto fail;
    return r;
fail:
    cJSON_Delete(r);
    return NULL;
}
