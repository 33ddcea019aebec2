/*
 * bench_run.c - runs one program and reports its cost, for tests/bench/harness.py.
 *
 *   bench_run OUT ERR TIMEOUT_S PROG ARGS...
 *
 * Runs PROG with stdin from /dev/null and stdout/stderr to the files OUT and
 * ERR, and prints "WALL_S CPU_S MAXRSS_KB EXIT" on stdout (EXIT is 128+N when
 * killed by signal N, 124 on timeout).  It exists because a process's peak
 * RSS as the kernel reports it includes the memory of whatever exec'd it: a
 * Python harness spawning the program directly would add its own ~14 MB, so
 * the program is forked from this small process instead.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pid_t child;
static volatile sig_atomic_t timed_out;

static void on_alarm(int sig)
{
    (void)sig;
    timed_out = 1;
    kill(child, SIGKILL);
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: bench_run OUT ERR TIMEOUT_S PROG ARGS...\n");
        return 64;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    child = fork();
    if (child < 0) {
        perror("bench_run: fork");
        return 2;
    }
    if (child == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
            _exit(126);
        execv(argv[4], argv + 4);
        _exit(127);
    }
    signal(SIGALRM, on_alarm);
    alarm((unsigned)atoi(argv[3]));
    int status;
    struct rusage ru;
    while (wait4(child, &status, 0, &ru) < 0)
        ;
    alarm(0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    int code = timed_out ? 124 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%.6f %.6f %ld %d\n", wall, cpu, ru.ru_maxrss, code);
    return 0;
}
