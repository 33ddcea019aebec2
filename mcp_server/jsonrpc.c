/*
 * jsonrpc.c - JSON-RPC 2.0 message validation and reply formatting.
 *
 * Every line from the client passes through mcp_msg_parse() first, so the
 * rest of the server only sees well-formed requests and notifications.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcp_server/mcp_internal.h"

/* Integer ids are echoed as integers; beyond 2^53 a double cannot hold them
 * exactly (nor can a JavaScript client send them), so they are refused. */
#define MAX_SAFE_ID 9007199254740991.0

static bool id_valid(const cJSON *id)
{
    if (cJSON_IsString(id))
        return true;
    if (!cJSON_IsNumber(id))
        return false;
    double d = id->valuedouble;
    return isfinite(d) && d == floor(d) && fabs(d) <= MAX_SAFE_ID;
}

static void invalid(mcp_msg *m, int code, const char *msg)
{
    m->kind = MCP_MSG_INVALID;
    m->err_code = code;
    m->err_msg = msg;
}

void mcp_msg_parse(const char *line, size_t len, mcp_msg *m)
{
    memset(m, 0, sizeof *m);
    /* cJSON accepts invalid UTF-8 and stops at a raw NUL: check first. */
    if (memchr(line, '\0', len) || !mcp_utf8_valid(line, len)) {
        invalid(m, MCP_PARSE_ERROR, "Parse error: the message is not valid UTF-8 JSON");
        return;
    }
    const char *end = NULL;
    m->root = cJSON_ParseWithLengthOpts(line, len + 1, &end, 1);
    if (!m->root) {
        invalid(m, MCP_PARSE_ERROR, "Parse error: the message is not valid JSON");
        return;
    }
    if (cJSON_IsArray(m->root)) {
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: batches are not supported");
        return;
    }
    if (!cJSON_IsObject(m->root)) {
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: a message must be a JSON object");
        return;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(m->root, "id");
    /* cJSON ends a string at \u0000: such an id would be echoed as another
     * one, so it is refused, and without an id since it cannot be echoed. */
    bool id_nul = cJSON_IsString(id) && mcp_json_member_has_nul(line, len, "id");
    if (id && id_valid(id) && !id_nul)
        m->id = id;
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(m->root, "jsonrpc");
    if (!cJSON_IsString(ver) || strcmp(ver->valuestring, "2.0") != 0 ||
        mcp_json_member_has_nul(line, len, "jsonrpc")) {
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: \"jsonrpc\" must be \"2.0\"");
        return;
    }
    if (id_nul) {
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: \"id\" cannot contain NUL (\\u0000)");
        return;
    }
    if (id && !m->id) {
        invalid(m, MCP_INVALID_REQUEST,
                "Invalid Request: \"id\" must be a string or an integer");
        return;
    }
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(m->root, "method");
    if (!method) {
        if (m->id && (cJSON_HasObjectItem(m->root, "result") ||
                      cJSON_HasObjectItem(m->root, "error"))) {
            m->kind = MCP_MSG_RESPONSE;
            return;
        }
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: \"method\" is missing");
        return;
    }
    if (!cJSON_IsString(method)) {
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: \"method\" must be a string");
        return;
    }
    if (mcp_json_member_has_nul(line, len, "method")) {
        /* "ping\\u0000x" is not "ping", though cJSON reads it so. */
        invalid(m, MCP_INVALID_REQUEST, "Invalid Request: \"method\" cannot contain NUL (\\u0000)");
        return;
    }
    m->method = method->valuestring;
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(m->root, "params");
    if (params && !cJSON_IsObject(params)) {
        invalid(m, MCP_INVALID_PARAMS, "Invalid params: \"params\" must be an object");
        return;
    }
    m->params = params;
    m->kind = m->id ? MCP_MSG_REQUEST : MCP_MSG_NOTIFICATION;
}

void mcp_msg_free(mcp_msg *m)
{
    cJSON_Delete(m->root);
    memset(m, 0, sizeof *m);
}

char *mcp_id_key(const cJSON *id)
{
    if (!id_valid(id))
        return NULL;
    if (cJSON_IsString(id)) {
        size_t n = strlen(id->valuestring);
        char *k = malloc(n + 3);
        if (k) {
            k[0] = 's';
            k[1] = ':';
            memcpy(k + 2, id->valuestring, n + 1);
        }
        return k;
    }
    char *k = malloc(32);
    if (k)
        snprintf(k, 32, "i:%" PRId64, (int64_t)id->valuedouble);
    return k;
}

/* An id echoed with the JSON type it came with.  Integers are written
 * exactly, not through cJSON's %g formatting. */
static bool add_id(cJSON *obj, const cJSON *id)
{
    if (!id)
        return true;
    if (cJSON_IsString(id))
        return cJSON_AddStringToObject(obj, "id", id->valuestring) != NULL;
    char num[32];
    snprintf(num, sizeof num, "%" PRId64, (int64_t)id->valuedouble);
    return cJSON_AddRawToObject(obj, "id", num) != NULL;
}

static char *finish(cJSON *obj)
{
    char *text = cJSON_PrintUnformatted(obj);
    cJSON_Delete(obj);
    return text;
}

char *mcp_reply_result(const cJSON *id, cJSON *result)
{
    cJSON *obj = NULL;
    if (!result)
        goto fail;
    obj = cJSON_CreateObject();
    if (!obj || !cJSON_AddStringToObject(obj, "jsonrpc", "2.0") || !add_id(obj, id))
        goto fail;
    cJSON_AddItemToObject(obj, "result", result);
    return finish(obj);
fail:
    cJSON_Delete(result);
    cJSON_Delete(obj);
    return NULL;
}

char *mcp_reply_error(const cJSON *id, int code, const char *message)
{
    return mcp_reply_error_data(id, code, message, NULL);
}

char *mcp_reply_error_data(const cJSON *id, int code, const char *message, cJSON *data)
{
    cJSON *obj = cJSON_CreateObject();
    cJSON *err = NULL;
    if (!obj || !cJSON_AddStringToObject(obj, "jsonrpc", "2.0") || !add_id(obj, id))
        goto fail;
    err = cJSON_AddObjectToObject(obj, "error");
    if (!err || !cJSON_AddNumberToObject(err, "code", code) ||
        !cJSON_AddStringToObject(err, "message", message))
        goto fail;
    if (data && !cJSON_AddItemToObject(err, "data", data))
        goto fail;
    return finish(obj);
fail:
    cJSON_Delete(data);
    cJSON_Delete(obj);
    return NULL;
}
