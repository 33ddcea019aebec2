/*
 * mcp_rtt.c - round-trip latency of `safepy mcp`, measured through pipes.
 *
 *   build/mcp_rtt build/safepy [CALLS] [CODE]
 *
 * Starts the server, initializes, warms up, then sends CALLS sequential
 * tools/call run_python requests (default code "x = 1"), each waiting for
 * its answer, and prints p50/p90/p99/max latency and calls per second.
 * Also prints the resident memory of the server and its worker while idle,
 * and the round trip of ping, which the broker answers without the worker.
 * Informational only (`make bench`); nothing asserts on these numbers.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int to_srv, from_srv;
static char rbuf[1 << 20];
static size_t rlen;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void send_all(const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(to_srv, s, n);
        if (w <= 0) {
            perror("mcp_rtt: write");
            exit(1);
        }
        s += w;
        n -= (size_t)w;
    }
}

/* Reads one line into line (NUL-terminated, without '\n'). */
static void read_line(char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(rbuf, '\n', rlen);
        if (nl) {
            size_t n = (size_t)(nl - rbuf);
            if (n >= cap) {
                fprintf(stderr, "mcp_rtt: reply too long\n");
                exit(1);
            }
            memcpy(line, rbuf, n);
            line[n] = '\0';
            memmove(rbuf, nl + 1, rlen - n - 1);
            rlen -= n + 1;
            return;
        }
        if (rlen == sizeof rbuf) {
            fprintf(stderr, "mcp_rtt: reply too long\n");
            exit(1);
        }
        ssize_t r = read(from_srv, rbuf + rlen, sizeof rbuf - rlen);
        if (r <= 0) {
            fprintf(stderr, "mcp_rtt: the server closed its output\n");
            exit(1);
        }
        rlen += (size_t)r;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Resident kB of pid and of its children (the worker). */
static long rss_kb(pid_t pid)
{
    char path[64], buf[4096];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    long kb = 0;
    if (!f)
        return 0;
    while (fgets(buf, sizeof buf, f))
        if (sscanf(buf, "VmRSS: %ld kB", &kb) == 1)
            break;
    fclose(f);
    return kb;
}

static long children_rss_kb(pid_t parent, int *count)
{
    char path[64], buf[256];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)parent, (int)parent);
    FILE *f = fopen(path, "r");
    long total = 0;
    *count = 0;
    if (!f)
        return 0;
    int pid;
    while (fscanf(f, "%d", &pid) == 1) {
        total += rss_kb(pid);
        ++*count;
    }
    fclose(f);
    (void)buf;
    return total;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: mcp_rtt SAFEPY [CALLS] [CODE]\n");
        return 64;
    }
    int calls = argc > 2 ? atoi(argv[2]) : 10000;
    const char *code = argc > 3 ? argv[3] : "x = 1";
    if (calls < 1)
        calls = 1;
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return 1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(argv[1], argv[1], "mcp", (char *)NULL);
        perror("mcp_rtt: exec");
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_srv = in[1];
    from_srv = out[0];
    signal(SIGPIPE, SIG_IGN);

    static char line[1 << 20];
    const char *init = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                       "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                       "\"clientInfo\":{\"name\":\"mcp_rtt\",\"version\":\"0\"}}}\n"
                       "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
    send_all(init, strlen(init));
    read_line(line, sizeof line);

    char req[4096];
    double *lat = malloc(sizeof *lat * (size_t)calls);
    if (!lat)
        return 1;
    int warm = calls / 10 < 200 ? 200 : calls / 10;
    double t_start = 0;
    long idle_broker = 0, idle_worker = 0;
    int nchild = 0;
    for (int i = -warm; i < calls; i++) {
        if (i == -warm + 1) { /* one call done: the worker exists and is idle */
            usleep(100000);
            idle_broker = rss_kb(pid);
            idle_worker = children_rss_kb(pid, &nchild);
        }
        int n = snprintf(req, sizeof req,
                         "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":"
                         "{\"name\":\"run_python\",\"arguments\":{\"code\":\"%s\"}}}\n",
                         i + warm + 1, code);
        if (i == 0)
            t_start = now_us();
        double t0 = now_us();
        send_all(req, (size_t)n);
        read_line(line, sizeof line);
        double t1 = now_us();
        if (!strstr(line, "\"status\":\"ok\"")) {
            fprintf(stderr, "mcp_rtt: unexpected reply: %.300s\n", line);
            return 1;
        }
        if (i >= 0)
            lat[i] = t1 - t0;
    }
    double total = now_us() - t_start;
    usleep(100000);
    long broker = rss_kb(pid), worker = children_rss_kb(pid, &nchild);
    qsort(lat, (size_t)calls, sizeof *lat, cmp_double);
    printf("mcp round trip (%s), %d sequential calls:\n", code, calls);
    printf("  p50 %.1f us  p90 %.1f us  p99 %.1f us  max %.1f us\n", lat[calls / 2],
           lat[(size_t)calls * 9 / 10], lat[(size_t)calls * 99 / 100], lat[calls - 1]);
    printf("  %.0f calls/s\n", calls / (total / 1e6));
    printf("  resident memory after one call: server %ld kB + worker %ld kB = %.1f MB\n",
           idle_broker, idle_worker, (idle_broker + idle_worker) / 1024.0);
    printf("  resident memory after all calls: server %ld kB + %d worker(s) %ld kB = %.1f MB\n",
           broker, nchild, worker, (broker + worker) / 1024.0);

    /* The same through the broker alone (ping never reaches the worker):
     * the floor that framing, JSON and two pipe hops cost, so the rest of a
     * tool call's time can be told apart as the worker's. */
    for (int i = 0; i < calls; i++) {
        int n = snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}\n",
                         calls + warm + 1 + i);
        double t0 = now_us();
        send_all(req, (size_t)n);
        read_line(line, sizeof line);
        lat[i] = now_us() - t0;
        if (!strstr(line, "\"result\":{}")) {
            fprintf(stderr, "mcp_rtt: unexpected reply: %.300s\n", line);
            return 1;
        }
    }
    qsort(lat, (size_t)calls, sizeof *lat, cmp_double);
    printf("ping round trip (broker only): p50 %.1f us  p90 %.1f us  p99 %.1f us\n",
           lat[calls / 2], lat[(size_t)calls * 9 / 10], lat[(size_t)calls * 99 / 100]);
    close(to_srv);
    int st;
    waitpid(pid, &st, 0);
    free(lat);
    return 0;
}
