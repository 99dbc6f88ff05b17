/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The fault injector: clone (CLONE_VM | CLONE_VFORK, no copy of the
 * parent's memory), PTRACE_TRACEME, a seccomp filter that makes the
 * hittable calls stop for the tracer, exec; the tracer counts the stops,
 * at the chosen one skips the call (orig_rax -1), replaces its result at
 * the exit stop, or kills, and then suspends the filter. */
#include "inject.h"

#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "the fault injector reads and writes x86-64 registers only"
#endif

static const struct { const char *name; int nr; int effect; } calls[] = {
	{ "read", SYS_read, 0 }, { "write", SYS_write, 1 }, { "pread64", SYS_pread64, 0 },
	{ "pwrite64", SYS_pwrite64, 1 }, { "openat", SYS_openat, 1 }, { "open", SYS_open, 1 },
	{ "close", SYS_close, 1 }, { "fstat", SYS_fstat, 0 }, { "newfstatat", SYS_newfstatat, 0 },
	{ "statx", SYS_statx, 0 }, { "lseek", SYS_lseek, 0 }, { "rename", SYS_rename, 1 },
	{ "renameat", SYS_renameat, 1 }, { "renameat2", SYS_renameat2, 1 },
	{ "unlink", SYS_unlink, 1 }, { "unlinkat", SYS_unlinkat, 1 }, { "fsync", SYS_fsync, 1 },
	{ "fdatasync", SYS_fdatasync, 1 }, { "flock", SYS_flock, 1 }, { "fcntl", SYS_fcntl, 1 },
	{ "getdents64", SYS_getdents64, 0 }, { "ftruncate", SYS_ftruncate, 1 },
	{ "linkat", SYS_linkat, 1 }, { "mkdirat", SYS_mkdirat, 1 }, { "fchmod", SYS_fchmod, 1 },
	{ "prctl", SYS_prctl, 1 }, { "capset", SYS_capset, 1 }, { "capget", SYS_capget, 0 },
	{ "landlock_create_ruleset", SYS_landlock_create_ruleset, 1 },
	{ "landlock_add_rule", SYS_landlock_add_rule, 1 },
	{ "landlock_restrict_self", SYS_landlock_restrict_self, 1 },
	{ "getrandom", SYS_getrandom, 0 }, { "socket", SYS_socket, 1 },
	{ "connect", SYS_connect, 1 }, { "sendto", SYS_sendto, 1 }, { "brk", SYS_brk, 1 },
	{ "mmap", SYS_mmap, 1 }, { "mprotect", SYS_mprotect, 1 }, { "uname", SYS_uname, 0 },
	{ "getuid", SYS_getuid, 0 }, { "geteuid", SYS_geteuid, 0 }, { "umask", SYS_umask, 1 },
	{ "rt_sigaction", SYS_rt_sigaction, 1 }, { "dup2", SYS_dup2, 1 }, { "dup3", SYS_dup3, 1 },
	{ "readlinkat", SYS_readlinkat, 0 }, { "faccessat2", SYS_faccessat2, 0 },
	{ "arch_prctl", SYS_arch_prctl, 1 }, { "set_tid_address", SYS_set_tid_address, 1 },
	{ "set_robust_list", SYS_set_robust_list, 1 }, { "rseq", SYS_rseq, 1 },
	{ "prlimit64", SYS_prlimit64, 1 }, { "getpid", SYS_getpid, 0 },
	{ "clock_gettime", SYS_clock_gettime, 0 }, { "fchown", SYS_fchown, 1 },
	{ "fchownat", SYS_fchownat, 1 }, { "openat2", SYS_openat2, 1 },
	{ "mkdir", SYS_mkdir, 1 }, { "readlink", SYS_readlink, 0 }, { "ioctl", SYS_ioctl, 1 },
	{ "dup", SYS_dup, 1 },
};

static const struct { const char *name; int err; } errnos[] = {
	{ "EIO", EIO }, { "EPERM", EPERM }, { "EACCES", EACCES }, { "EROFS", EROFS },
	{ "ENOSPC", ENOSPC }, { "EINTR", EINTR }, { "ENOMEM", ENOMEM }, { "EMFILE", EMFILE },
};

#define COUNT(a) (sizeof(a) / sizeof(a[0]))

int inject_syscall_nr(const char *name)
{
	if (strcmp(name, "any") == 0)
		return -1;
	for (size_t i = 0; i < COUNT(calls); i++) {
		if (strcmp(calls[i].name, name) == 0)
			return calls[i].nr;
	}
	return -2;
}

const char *inject_syscall_name(int nr)
{
	for (size_t i = 0; i < COUNT(calls); i++) {
		if (calls[i].nr == nr)
			return calls[i].name;
	}
	return nr == -1 ? "any" : "?";
}

int inject_has_effect(int nr)
{
	for (size_t i = 0; i < COUNT(calls); i++) {
		if (calls[i].nr == nr)
			return calls[i].effect;
	}
	return 0;
}

int inject_errno(const char *name)
{
	for (size_t i = 0; i < COUNT(errnos); i++) {
		if (strcmp(errnos[i].name, name) == 0)
			return errnos[i].err;
	}
	return 0;
}

const char *inject_errno_name(int err)
{
	for (size_t i = 0; i < COUNT(errnos); i++) {
		if (errnos[i].err == err)
			return errnos[i].name;
	}
	return "?";
}

int inject_errno_index(int err)
{
	for (size_t i = 0; i < COUNT(errnos); i++) {
		if (errnos[i].err == err)
			return (int)i;
	}
	return -1;
}

int inject_errno_at(int i)
{
	return i >= 0 && (size_t)i < COUNT(errnos) ? errnos[i].err : 0;
}

/* In the child: stop every call of nr (all calls for -1, but execve) for
 * the tracer. execve runs before the tracer can ask for these stops
 * (a stop nobody asked for fails the call with ENOSYS). The helper's
 * other execve, its hand-over of check to numa-balancing-state, is not
 * hittable either; helper-inject (strace) fails it. */
static int trace_filter(int nr)
{
	struct sock_filter prog_of[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr < 0 ? SYS_execve : (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, nr < 0 ? SECCOMP_RET_ALLOW : SECCOMP_RET_TRACE),
		BPF_STMT(BPF_RET | BPF_K, nr < 0 ? SECCOMP_RET_TRACE : SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { 4, prog_of };

	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

struct spawn {
	const char *path;
	char *const *argv, *const *envp;
	int outfd;
	const struct inj *f;
};

/* The child, in the parent's memory until its execve (CLONE_VFORK): the
 * tracer takes over at the SIGTRAP that execve sends a traced process. */
static int child(void *arg)
{
	const struct spawn *s = arg;

	if (s->outfd >= 0 && (dup2(s->outfd, 1) < 0 || dup2(s->outfd, 2) < 0))
		_exit(126);
	if (s->f->mode != INJ_NONE &&
	    (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0 || trace_filter(s->f->nr) != 0))
		_exit(126);
	execve(s->path, s->argv, s->envp);
	_exit(127);
}

static int wait_for(pid_t pid, int *status)
{
	pid_t p;

	do
		p = waitpid(pid, status, __WALL);
	while (p < 0 && errno == EINTR);
	return p == pid ? 0 : -1;
}

/* At the chosen call's entry stop: act, and for an errno go on to its
 * exit stop and put the error there. */
static int hit(pid_t pid, const struct inj *f, int *status)
{
	struct user_regs_struct regs;

	if (f->mode == INJ_KILL) {
		kill(pid, SIGKILL);
		return 0;
	}
	if (f->mode == INJ_FAIL) {
		if (ptrace(PTRACE_GETREGS, pid, 0, &regs) != 0)
			return -1;
		regs.orig_rax = (unsigned long long)-1;
		if (ptrace(PTRACE_SETREGS, pid, 0, &regs) != 0)
			return -1;
	}
	if (ptrace(PTRACE_SYSCALL, pid, 0, 0) != 0 || wait_for(pid, status) != 0)
		return -1;
	if (!WIFSTOPPED(*status) || WSTOPSIG(*status) != (SIGTRAP | 0x80))
		return 0; /* gone meanwhile */
	if (ptrace(PTRACE_GETREGS, pid, 0, &regs) != 0)
		return -1;
	regs.rax = (unsigned long long)-(long long)f->err;
	return ptrace(PTRACE_SETREGS, pid, 0, &regs);
}

static int is_seccomp_stop(int status)
{
	return WIFSTOPPED(status) && (status >> 8) == (SIGTRAP | (PTRACE_EVENT_SECCOMP << 8));
}

/* Not in glibc's <sys/ptrace.h> (Linux 4.3): no seccomp filter runs for
 * the tracee, so it stops no more. */
#define PTRACE_O_SUSPEND_SECCOMP (1 << 21)
#define TRACE_OPTS (PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL | PTRACE_O_TRACESECCOMP | \
                    PTRACE_O_TRACEEXEC)

/* A seccomp stop: counted, and the chosen one hit; once hit, the filter
 * is suspended (where the kernel allows it), as no later call is touched. */
static int at_call(pid_t pid, const struct inj *f, struct inj_result *res, int *status)
{
	if (++res->calls != f->nth || f->mode == INJ_COUNT)
		return 0;
	res->fired = 1;
	if (hit(pid, f, status) != 0)
		return -1;
	if (f->mode != INJ_KILL && WIFSTOPPED(*status))
		ptrace(PTRACE_SETOPTIONS, pid, 0, TRACE_OPTS | PTRACE_O_SUSPEND_SECCOMP);
	return 0;
}

/* The tracer's loop, from the SIGTRAP after the child's execve to its end. */
static int trace(pid_t pid, const struct inj *f, struct inj_result *res)
{
	int status;

	if (wait_for(pid, &status) != 0)
		return -1;
	if (WIFSTOPPED(status) && (ptrace(PTRACE_SETOPTIONS, pid, 0, TRACE_OPTS) != 0 ||
	                           ptrace(PTRACE_CONT, pid, 0, 0) != 0))
		return -1;
	while (WIFSTOPPED(status)) {
		int sig = 0;

		if (wait_for(pid, &status) != 0)
			return -1;
		if (is_seccomp_stop(status) && at_call(pid, f, res, &status) != 0)
			return -1;
		if (!WIFSTOPPED(status))
			break;
		if (WSTOPSIG(status) != SIGTRAP && WSTOPSIG(status) != (SIGTRAP | 0x80))
			sig = WSTOPSIG(status);
		if (ptrace(PTRACE_CONT, pid, 0, sig) != 0 && errno != ESRCH)
			return -1;
	}
	res->status = status;
	return 0;
}

int inject_run(const char *path, char *const argv[], char *const envp[], int outfd,
               const struct inj *f, struct inj_result *res)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	struct spawn s = { path, argv, envp, outfd, f };
	pid_t pid;

	memset(res, 0, sizeof(*res));
	pid = clone(child, stack + sizeof(stack), CLONE_VM | CLONE_VFORK | SIGCHLD, &s);
	if (pid < 0)
		return -1;
	if (f->mode != INJ_NONE)
		return trace(pid, f, res);
	return wait_for(pid, &res->status);
}
