/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The fault injector: fork, PTRACE_TRACEME, a seccomp filter that makes
 * the hittable calls stop for the tracer, exec; the tracer counts the
 * stops, and at the chosen one skips the call (orig_rax -1), replaces its
 * result at the exit stop, or kills. */
#include "inject.h"

#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
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

/* In the child: stop every call of nr (all calls for -1) for the tracer. */
static int trace_filter(int nr)
{
	struct sock_filter any[] = { BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE) };
	struct sock_filter one[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { nr < 0 ? 1 : 4, nr < 0 ? any : one };

	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

static void child(const char *path, char *const argv[], char *const envp[], int outfd,
                  const struct inj *f)
{
	if (outfd >= 0 && (dup2(outfd, 1) < 0 || dup2(outfd, 2) < 0))
		_exit(126);
	if (f->mode != INJ_NONE) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0 || raise(SIGSTOP) != 0 ||
		    trace_filter(f->nr) != 0)
			_exit(126);
	}
	execve(path, argv, envp);
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

static int is_exec_stop(int status)
{
	return WIFSTOPPED(status) && (status >> 8) == (SIGTRAP | (PTRACE_EVENT_EXEC << 8));
}

/* The tracer's loop, from the child's first SIGSTOP to its end. */
static int trace(pid_t pid, const struct inj *f, struct inj_result *res)
{
	int status, execed = 0;
	long opts = PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL | PTRACE_O_TRACESECCOMP |
	            PTRACE_O_TRACEEXEC;

	if (wait_for(pid, &status) != 0 || !WIFSTOPPED(status) ||
	    ptrace(PTRACE_SETOPTIONS, pid, 0, opts) != 0 || ptrace(PTRACE_CONT, pid, 0, 0) != 0)
		return -1;
	for (;;) {
		int sig = 0;

		if (wait_for(pid, &status) != 0)
			return -1;
		if (WIFEXITED(status) || WIFSIGNALED(status))
			break;
		if (is_exec_stop(status)) {
			execed = 1;
		} else if (is_seccomp_stop(status) && execed) {
			if (++res->calls == f->nth && f->mode != INJ_COUNT) {
				res->fired = 1;
				if (hit(pid, f, &status) != 0)
					return -1;
				if (WIFEXITED(status) || WIFSIGNALED(status))
					break;
			}
		} else if (WIFSTOPPED(status) && WSTOPSIG(status) != SIGTRAP &&
		           WSTOPSIG(status) != (SIGTRAP | 0x80)) {
			sig = WSTOPSIG(status);
		}
		if (ptrace(PTRACE_CONT, pid, 0, sig) != 0 && errno != ESRCH)
			return -1;
	}
	res->status = status;
	return 0;
}

int inject_run(const char *path, char *const argv[], char *const envp[], int outfd,
               const struct inj *f, struct inj_result *res)
{
	pid_t pid;

	memset(res, 0, sizeof(*res));
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0)
		child(path, argv, envp, outfd, f);
	if (f->mode != INJ_NONE)
		return trace(pid, f, res);
	if (wait_for(pid, &res->status) != 0)
		return -1;
	return 0;
}
