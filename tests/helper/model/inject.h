/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inject.h - runs a command under ptrace (x86-64) and hits one of its
 * system calls: the Nth call of one syscall, or the Nth call overall,
 * fails without effect, runs and then reports an error, or is where the
 * process gets SIGKILL. A seccomp filter stops the process only at the
 * calls that can be hit, and at none after the hit, so an untouched run
 * costs almost nothing. */
#ifndef NB_INJECT_H
#define NB_INJECT_H

#include <sys/types.h>

enum inj_mode {
	INJ_NONE,   /* run untraced */
	INJ_FAIL,   /* the call does not run and returns -err */
	INJ_EFFECT, /* the call runs, then returns -err */
	INJ_KILL,   /* SIGKILL at the call's entry */
	INJ_COUNT,  /* count every call, touch none */
};

struct inj {
	enum inj_mode mode;
	int nr;    /* syscall number, -1 for any */
	long nth;  /* 1-based */
	int err;   /* errno for INJ_FAIL and INJ_EFFECT */
};

struct inj_result {
	int status;  /* as waitpid */
	int fired;   /* the fault hit */
	long calls;  /* calls of nr (any, for -1) up to the hit, or all with INJ_COUNT */
};

/* Runs path with argv and envp, stdout and stderr to outfd (-1: as now).
 * Returns 0, or -1 with errno when it could not be run or traced. */
int inject_run(const char *path, char *const argv[], char *const envp[], int outfd,
               const struct inj *f, struct inj_result *res);

/* Names: syscall names (those in the table, and "any"), errno names. */
int inject_syscall_nr(const char *name);
const char *inject_syscall_name(int nr);
int inject_errno(const char *name);
const char *inject_errno_name(int err);
/* The errnos above by index 0-7 (-1 for others), and back. */
int inject_errno_index(int err);
int inject_errno_at(int i);
/* Whether a call's effect can outlive a reported failure (it changes a
 * file, a name or a descriptor). */
int inject_has_effect(int nr);

#endif
