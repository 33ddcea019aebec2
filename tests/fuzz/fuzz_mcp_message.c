/*
 * fuzz_mcp_message.c - libFuzzer target: what the MCP server does with the
 * bytes a client sends, short of running code.  The input is a byte stream:
 * it is split into lines by the server's reader (with a small line cap, so
 * over-long lines are exercised too), each line is classified as a
 * JSON-RPC message, and the replies the server would build from it are
 * built.  Invariants checked (abort on violation):
 *   - every reply is one line of valid UTF-8 JSON, echoing the id exactly;
 *   - tool arguments are accepted only when they hold a string "code";
 *   - a 2026-07-28 _meta envelope is refused only when the request claims
 *     that revision, with a well-formed error;
 *   - the UTF-8 helpers produce valid UTF-8 and cut on character boundaries.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

#define MCP_FUZZ_MAX_LINE 512

static void mcp_fuzz_check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_mcp_message: invariant broken: %s\n", what);
        abort();
    }
}

/* A reply must be one line of valid UTF-8 JSON with the request's id. */
static void mcp_fuzz_reply(char *reply, const cJSON *id)
{
    if (!reply)
        return; /* allocation failure: the server then sends a fallback */
    size_t n = strlen(reply);
    mcp_fuzz_check(mcp_utf8_valid(reply, n), "reply is valid UTF-8");
    mcp_fuzz_check(!memchr(reply, '\n', n), "reply holds no raw newline");
    cJSON *back = cJSON_ParseWithLength(reply, n);
    mcp_fuzz_check(cJSON_IsObject(back), "reply is a JSON object");
    const cJSON *bid = cJSON_GetObjectItemCaseSensitive(back, "id");
    if (id)
        mcp_fuzz_check(bid && cJSON_Compare(bid, id, 1), "reply echoes the id");
    else
        mcp_fuzz_check(!bid, "no id without a request id");
    cJSON_Delete(back);
    free(reply);
}

static void mcp_fuzz_line(const char *line, size_t len)
{
    mcp_msg m;
    mcp_msg_parse(line, len, &m);
    if (m.kind == MCP_MSG_INVALID) {
        mcp_fuzz_reply(mcp_reply_error(m.id, m.err_code, m.err_msg), m.id);
    } else if (m.kind == MCP_MSG_REQUEST) {
        char *key = mcp_id_key(m.id);
        mcp_fuzz_check(key != NULL, "a request id has a key");
        free(key);
        /* Revision 2026-07-28's per-request _meta: an error only for a
         * request that claims that revision, and a well-formed reply. */
        mcp_envelope env;
        char *ereply = NULL;
        if (mcp_envelope_read(&m, strcmp(m.method, "server/discover") == 0, &env, &ereply)) {
            mcp_fuzz_check(env.claimed, "only a modern request has envelope errors");
            mcp_fuzz_reply(ereply, m.id);
        } else {
            mcp_fuzz_check(!ereply, "no error reply for a valid envelope");
        }
        /* The messages that quote the client's own strings. */
        char msg[200];
        snprintf(msg, sizeof msg, "Method not found: %.*s",
                 (int)mcp_utf8_prefix(m.method, 120), m.method);
        mcp_fuzz_reply(mcp_reply_error(m.id, MCP_METHOD_NOT_FOUND, msg), m.id);
        mcp_fuzz_reply(mcp_reply_result(m.id, cJSON_CreateObject()), m.id);
        const cJSON *args = cJSON_GetObjectItemCaseSensitive(m.params, "arguments");
        if (cJSON_IsObject(args)) {
            for (int t = MCP_TOOL_RUN; t <= MCP_TOOL_CHECK; t++) {
                const char *code = NULL;
                size_t code_len = 0;
                bool reset = false;
                const char *bad = mcp_tool_args((mcp_tool)t, args, &code, &code_len, &reset);
                if (!bad) {
                    const cJSON *c = cJSON_GetObjectItemCaseSensitive(args, "code");
                    mcp_fuzz_check(cJSON_IsString(c) && code == c->valuestring &&
                                   code_len == strlen(code), "accepted code is the string");
                } else {
                    mcp_fuzz_reply(mcp_reply_result(m.id, mcp_tool_error_result(bad)), m.id);
                }
            }
        }
        (void)mcp_json_has_nul_escape(line, len);
    } else if (m.kind == MCP_MSG_NOTIFICATION) {
        char *key = mcp_id_key(cJSON_GetObjectItemCaseSensitive(m.params, "requestId"));
        free(key);
    }
    mcp_msg_free(&m);
}

/* Reference UTF-8 decoding, byte by byte and written apart from io.c's
 * word-at-a-time version: the length of the valid sequence at p, or 0. */
static size_t mcp_fuzz_ref_seq(const unsigned char *p, size_t avail)
{
    if (p[0] < 0x80)
        return 1;
    size_t n = p[0] >= 0xF0 ? 4 : p[0] >= 0xE0 ? 3 : p[0] >= 0xC0 ? 2 : 0;
    if (n == 0 || avail < n || p[0] > 0xF4)
        return 0;
    uint32_t cp = p[0] & (0x7F >> n);
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* The three UTF-8 helpers against the reference, on the raw input. */
static void mcp_fuzz_utf8(const unsigned char *p, size_t size)
{
    bool valid = true, clean = true;
    char *want = malloc(size * 3 + 1);
    size_t o = 0;
    for (size_t i = 0; i < size;) {
        size_t n = mcp_fuzz_ref_seq(p + i, size - i);
        if (n == 0)
            valid = clean = false;
        else if (p[i] < 0x20)
            clean = false;
        if (n == 0 || p[i] == 0) {
            if (want)
                memcpy(want + o, "\xEF\xBF\xBD", 3);
            o += 3;
            i++;
        } else {
            if (want)
                memcpy(want + o, p + i, n);
            o += n;
            i += n;
        }
    }
    mcp_fuzz_check(mcp_utf8_valid((const char *)p, size) == valid, "mcp_utf8_valid agrees");
    mcp_fuzz_check(mcp_json_text_clean((const char *)p, size) == clean, "mcp_json_text_clean agrees");
    char *got = mcp_utf8_sanitize((const char *)p, size);
    if (got && want)
        mcp_fuzz_check(strlen(got) == o && memcmp(got, want, o) == 0, "mcp_utf8_sanitize agrees");
    free(got);
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mcp_fuzz_utf8(data, size);
    /* The UTF-8 helpers on the raw bytes. */
    char *clean = mcp_utf8_sanitize((const char *)data, size);
    if (clean) {
        size_t n = strlen(clean);
        mcp_fuzz_check(mcp_utf8_valid(clean, n), "sanitized text is valid UTF-8");
        for (size_t cut = 0; cut <= n && cut < 64; cut += 7)
            mcp_fuzz_check(mcp_utf8_valid(clean, mcp_utf8_prefix(clean, cut)),
                           "a prefix ends on a character boundary");
        free(clean);
    }

    /* The stream through the reader, from a file descriptor as in the
     * server (a memfd: reads end at EOF, never block). */
    int fd = memfd_create("fuzz", 0);
    if (fd < 0)
        return 0;
    if (size && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    lseek(fd, 0, SEEK_SET);
    mcp_reader rd;
    mcp_reader_init(&rd, fd, MCP_FUZZ_MAX_LINE);
    for (;;) {
        char *line;
        size_t len;
        mcp_line_status st = mcp_reader_next(&rd, &line, &len);
        if (st == MCP_LINE_OK) {
            mcp_fuzz_check(len <= MCP_FUZZ_MAX_LINE && !memchr(line, '\n', len) && line[len] == '\0',
                           "a line is within the cap, without its newline");
            mcp_fuzz_line(line, len);
        } else if (st != MCP_LINE_TOO_LONG) {
            break;
        }
    }
    mcp_reader_free(&rd);
    close(fd);
    return 0;
}
