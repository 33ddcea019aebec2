/*
 * fuzz_mcp_wire.c - libFuzzer target: the broker's side of the worker pipe
 * protocol, fed what a compromised or broken worker could write.  The
 * worker is not trusted: whatever it sends, the broker must either reject
 * it (and replace the worker) or pass on a result that keeps the client's
 * framing: one line of valid UTF-8 JSON.  Invariants abort on violation.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

static void mcp_fuzz_check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_mcp_wire: invariant broken: %s\n", what);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz", 0);
    if (fd < 0)
        return 0;
    if (size && write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return 0;
    }
    lseek(fd, 0, SEEK_SET);
    mcp_worker w = {.pid = 0, .to_fd = -1, .from_fd = fd};
    cJSON *id = cJSON_CreateString("req");
    /* Code mode's side: a catalog of one tool on a server that is never
     * started (no calls allowed), so a HOSTCALL is checked and refused
     * without a process. */
    mcp_upstreams up;
    char *err = NULL;
    static const char conf[] = "{\"mcpServers\":{\"s\":{\"command\":\"/nonexistent\","
                               "\"maxCallsPerRun\":0}}}";
    memset(&up, 0, sizeof up);
    bool have_up = mcp_upstreams_parse(&up, conf, sizeof conf - 1, &err) == 0 &&
                   (up.tools = calloc(1, sizeof *up.tools)) != NULL &&
                   (up.tools[0].name = strdup("t")) != NULL &&
                   (up.tools[0].pyname = strdup("tools.s.t")) != NULL;
    if (have_up)
        up.ntools = 1;
    free(err);
    for (int i = 0; i < 8; i++) {
        const char *json;
        size_t len;
        int got = mcp_worker_recv(&w, &json, &len);
        if (got == 2 && have_up) {
            mcp_fuzz_check(json[len] == '\0', "a HOSTCALL is NUL-terminated");
            if (mcp_upstreams_call(&up, w.host_tool, json, len, 1e12) != 0)
                break; /* the broker kills the worker */
            size_t alen;
            char *a = mcp_upstreams_take_answer(&up, &alen);
            mcp_fuzz_check(a && !up.busy, "a refused call is answered at once");
            cJSON *back = cJSON_ParseWithLength(a, alen);
            mcp_fuzz_check(cJSON_IsObject(back), "the answer is a JSON object");
            cJSON_Delete(back);
            free(a);
            continue;
        }
        if (got != 1)
            break; /* the broker kills the worker */
        mcp_fuzz_check(json[len] == '\0', "a result is NUL-terminated");
        cJSON *res = mcp_worker_result_parse(json, len);
        if (!res)
            continue; /* replaced by an error result */
        char *line = mcp_reply_result(id, res);
        if (line) {
            size_t n = strlen(line);
            mcp_fuzz_check(mcp_utf8_valid(line, n), "the reply is valid UTF-8");
            mcp_fuzz_check(!memchr(line, '\n', n), "the reply is one line");
            cJSON *back = cJSON_ParseWithLength(line, n);
            mcp_fuzz_check(cJSON_IsObject(back), "the reply is a JSON object");
            cJSON_Delete(back);
            free(line);
        }
    }
    cJSON_Delete(id);
    mcp_upstreams_free(&up);
    close(fd);
    w.from_fd = -1;
    mcp_worker_free(&w);
    return 0;
}
