/*
 * sandbox.c - the second wall: rlimits and a seccomp allow-list.
 *
 * The interpreter has no code path to files, processes or the network; this
 * lockdown makes the kernel refuse them too, should a bug ever reach one.
 * It is an allow-list: the system calls below are what the runtime was
 * measured to need (strace -f over the corpus, `safepy run` and the MCP
 * worker), and any other call kills the whole process with SIGSYS, so a
 * hijacked process cannot probe what is left.  Arguments are pinned where
 * that is cheap: read only from fd 0, write only to fds 1 and 2, mmap never
 * executable, prlimit only on the CPU limit of the process itself.
 *
 * What is deliberately absent: open/openat/creat (files), execve, fork and
 * clone (processes and threads), socket & co, ptrace, kill (other
 * processes), ioctl, and everything else.
 */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <math.h>
#include <sched.h>
#include <seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "evaluator/evaluator.h"

/* Address space beyond the memory limit: the run stack (reserved, not
 * used), generator stacks (2048 x 8 MiB reserved at most), malloc's
 * fragmentation and the parser.  The accounting allocator is the real
 * memory wall; RLIMIT_AS only catches what bypasses it. */
#define AS_SLACK ((rlim_t)20 << 30)
/* CPU seconds a process may use over its life before the kernel kills it;
 * ev_sandbox_cpu_budget() sets the soft limit per run below this. */
#define CPU_LIFETIME_S ((rlim_t)24 * 3600)

static int add(scmp_filter_ctx ctx, int sys, unsigned n, const struct scmp_arg_cmp *cmp)
{
    if (sys < 0) /* a system call this architecture lacks */
        return 0;
    return seccomp_rule_add_array(ctx, SCMP_ACT_ALLOW, sys, n, cmp);
}

int ev_sandbox_install_filter(void)
{
    /* Calls allowed whatever their arguments. */
    static const int plain[] = {
        SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(madvise), SCMP_SYS(brk),
        SCMP_SYS(futex), SCMP_SYS(sched_yield), SCMP_SYS(clock_gettime),
        SCMP_SYS(clock_getres), SCMP_SYS(gettimeofday), SCMP_SYS(time),
        SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep), SCMP_SYS(getrandom),
        SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getrusage),
        SCMP_SYS(sched_getaffinity), /* pthread_getattr_np, for the stack bounds */
        SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(exit),
        SCMP_SYS(exit_group),
    };
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
    if (!ctx)
        return -1;
    int rc = 0;
    /* every thread, so no other thread stays outside the filter */
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
    for (size_t i = 0; i < sizeof plain / sizeof *plain && rc == 0; i++)
        rc = add(ctx, plain[i], 0, NULL);
    struct scmp_arg_cmp fd0 = SCMP_A0(SCMP_CMP_EQ, 0);
    struct scmp_arg_cmp fd1 = SCMP_A0(SCMP_CMP_EQ, 1);
    struct scmp_arg_cmp fd2 = SCMP_A0(SCMP_CMP_EQ, 2);
    if (rc == 0)
        rc = add(ctx, SCMP_SYS(read), 1, &fd0);
    for (int sys = 0; sys < 2 && rc == 0; sys++) {
        int nr = sys == 0 ? SCMP_SYS(write) : SCMP_SYS(writev);
        rc = add(ctx, nr, 1, &fd1);
        if (rc == 0)
            rc = add(ctx, nr, 1, &fd2);
    }
    /* memory, never executable */
    struct scmp_arg_cmp noexec = SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0);
    if (rc == 0)
        rc = add(ctx, SCMP_SYS(mmap), 1, &noexec);
    if (rc == 0)
        rc = add(ctx, SCMP_SYS(mprotect), 1, &noexec);
    /* the CPU limit of this process only (ev_sandbox_cpu_budget) */
    struct scmp_arg_cmp cpu[2] = {SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A1(SCMP_CMP_EQ, RLIMIT_CPU)};
    if (rc == 0)
        rc = add(ctx, SCMP_SYS(prlimit64), 2, cpu);
    struct scmp_arg_cmp cpu1 = SCMP_A0(SCMP_CMP_EQ, RLIMIT_CPU);
    if (rc == 0)
        rc = add(ctx, SCMP_SYS(setrlimit), 1, &cpu1);
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc == 0 ? 0 : -1;
}

__attribute__((unused)) /* sanitizer builds skip the lockdown */
static int set_limit(int resource, rlim_t value)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0)
        return -1;
    /* never raise: an operator's tighter limit stays */
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < value)
        value = rl.rlim_max;
    rl.rlim_cur = rl.rlim_max = value;
    return setrlimit(resource, &rl);
}

int ev_sandbox_cpu_budget(double seconds)
{
    struct rusage ru;
    struct rlimit rl;
    if (!(seconds > 0) || getrusage(RUSAGE_SELF, &ru) != 0 || getrlimit(RLIMIT_CPU, &rl) != 0)
        return -1;
    double used = (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
                  (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    rlim_t want = (rlim_t)ceil(used + seconds) + 1;
    if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
        want = rl.rlim_max;
    rl.rlim_cur = want;
    return setrlimit(RLIMIT_CPU, &rl);
}

/* What the C runtime would otherwise fetch from files later, done while
 * files can still be opened (and done in every build, so sanitizer builds
 * behave the same):
 *  - local time is UTC: the zone is set now, never read from /etc/localtime;
 *  - malloc keeps one arena: a thread's own arena would read
 *    /proc/sys/vm/overcommit_memory when it shrinks (and costs memory). */
static void prepare_runtime(void)
{
    mallopt(M_ARENA_MAX, 1); /* first: setenv below allocates */
    setenv("TZ", "UTC0", 1);
    tzset();
}

int ev_sandbox_enter(const ev_limits *limits)
{
    prepare_runtime();
#if defined(__SANITIZE_ADDRESS__) || defined(EV_DEBUG) || defined(EV_PGO_TRAINING)
    /* The sanitizers and the profile-guided training build write files at
     * exit (reports, .gcda counts); neither binary is ever installed. */
    (void)limits;
    return 1;
#else
    size_t mem = limits && limits->max_memory ? limits->max_memory : EV_DEFAULT_MAX_MEMORY;
    double t = limits && limits->timeout_s > 0 ? limits->timeout_s : EV_DEFAULT_TIMEOUT_S;
    /* no core dumps (they would hold the session's data), no new file
     * descriptors (fds 0-2 stay usable), bounded address space */
    if (set_limit(RLIMIT_CORE, 0) != 0 || set_limit(RLIMIT_NOFILE, 3) != 0 ||
        set_limit(RLIMIT_AS, (rlim_t)mem * 2 + AS_SLACK) != 0 ||
        set_limit(RLIMIT_CPU, CPU_LIFETIME_S) != 0 || ev_sandbox_cpu_budget(t + 2) != 0)
        return -1;
    /* required for an unprivileged filter; also makes setuid binaries inert */
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0)
        return -1;
    if (ev_sandbox_install_filter() == 0)
        return 0;
    /* qemu-user has no seccomp for its guest (a filter would apply to qemu's
     * own system calls: PR_GET_SECCOMP is EINVAL there), nor has a kernel
     * built without it.  Running there without the filter is the operator's explicit
     * choice (`make test-aarch64` makes it); anywhere else a refused filter
     * stops the run. */
    if (getenv("SAFEPY_QEMU_NO_SECCOMP") && prctl(PR_GET_SECCOMP, 0, 0, 0, 0) < 0 && errno == EINVAL)
        return 1;
    return -1;
#endif
}
