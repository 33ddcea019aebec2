/*
 * sandbox.c - the second wall: a seccomp filter for the whole process.
 *
 * The interpreter has no code path to files, processes or the network; this
 * filter makes the kernel refuse them too, should a bug ever open one.  It
 * is a deny list answering EPERM (not a kill), so the runtime's own needs
 * (memory, threads, clocks, stdio) keep working everywhere; new processes,
 * opening files, sockets and tracing are refused.  Sanitizer builds skip it:
 * their runtimes read /proc at exit.
 */
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <stddef.h>

#include "evaluator/evaluator.h"

int ev_sandbox_enter(void)
{
#if defined(__SANITIZE_ADDRESS__) || defined(EV_DEBUG)
    return 1;
#else
    static const int denied[] = {
        SCMP_SYS(open), SCMP_SYS(openat), SCMP_SYS(openat2), SCMP_SYS(creat),
        SCMP_SYS(open_by_handle_at), SCMP_SYS(name_to_handle_at),
        SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork),
        SCMP_SYS(socket), SCMP_SYS(socketpair), SCMP_SYS(connect), SCMP_SYS(bind),
        SCMP_SYS(listen), SCMP_SYS(accept), SCMP_SYS(accept4), SCMP_SYS(sendto),
        SCMP_SYS(sendmsg), SCMP_SYS(sendmmsg),
        SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev),
        SCMP_SYS(unlink), SCMP_SYS(unlinkat), SCMP_SYS(rename), SCMP_SYS(renameat),
        SCMP_SYS(renameat2), SCMP_SYS(mkdir), SCMP_SYS(mkdirat), SCMP_SYS(rmdir),
        SCMP_SYS(chmod), SCMP_SYS(fchmod), SCMP_SYS(fchmodat), SCMP_SYS(chown),
        SCMP_SYS(fchown), SCMP_SYS(lchown), SCMP_SYS(fchownat), SCMP_SYS(link),
        SCMP_SYS(linkat), SCMP_SYS(symlink), SCMP_SYS(symlinkat), SCMP_SYS(truncate),
        SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(chroot), SCMP_SYS(pivot_root),
        SCMP_SYS(setuid), SCMP_SYS(setgid), SCMP_SYS(setreuid), SCMP_SYS(setregid),
        SCMP_SYS(reboot), SCMP_SYS(init_module), SCMP_SYS(finit_module),
        SCMP_SYS(delete_module), SCMP_SYS(kexec_load), SCMP_SYS(bpf),
        SCMP_SYS(perf_event_open), SCMP_SYS(userfaultfd), SCMP_SYS(io_uring_setup),
        SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(unshare),
        SCMP_SYS(setns), SCMP_SYS(memfd_create), SCMP_SYS(chdir), SCMP_SYS(fchdir),
    };
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < sizeof denied / sizeof *denied && rc == 0; i++)
        if (denied[i] >= 0) /* a syscall this architecture lacks is negative */
            rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), denied[i], 0);
    /* threads only: glibc's clone3 cannot be inspected, so it is made to
     * fall back to clone, whose flags can */
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    if (rc == 0)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0));
    if (rc == 0)
        rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc == 0 ? 0 : -1;
#endif
}
