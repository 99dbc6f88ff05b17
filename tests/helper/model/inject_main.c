/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inject: runs a command with one system call hit (inject.h) and says
 * what happened.
 * Usage: inject [-c] [-s SYSCALL|any] [-n N] [-m fail|effect|kill] [-e ERRNO] -- CMD [ARG...]
 *   -c  count the calls only (of SYSCALL, or all) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "inject.h"

extern char **environ;

static void usage(void)
{
	fputs("usage: inject [-c] [-s SYSCALL|any] [-n N] [-m fail|effect|kill] [-e ERRNO] -- CMD [ARG...]\n"
	      "  errnos: EIO EPERM EACCES EROFS ENOSPC EINTR ENOMEM EMFILE\n", stderr);
	exit(2);
}

static enum inj_mode mode_of(const char *s)
{
	if (strcmp(s, "fail") == 0)
		return INJ_FAIL;
	if (strcmp(s, "effect") == 0)
		return INJ_EFFECT;
	if (strcmp(s, "kill") == 0)
		return INJ_KILL;
	fprintf(stderr, "inject: unknown mode '%s'\n", s);
	usage();
	return INJ_NONE;
}

static void parse(int argc, char **argv, struct inj *f)
{
	int opt, count = 0;

	f->mode = INJ_FAIL;
	f->nr = -1;
	f->nth = 1;
	f->err = 0;
	while ((opt = getopt(argc, argv, "+cs:n:m:e:")) != -1) {
		switch (opt) {
		case 'c': count = 1; break;
		case 's':
			if ((f->nr = inject_syscall_nr(optarg)) < -1) {
				fprintf(stderr, "inject: unknown system call '%s'\n", optarg);
				usage();
			}
			break;
		case 'n': f->nth = atol(optarg); break;
		case 'm': f->mode = mode_of(optarg); break;
		case 'e':
			if (!(f->err = inject_errno(optarg))) {
				fprintf(stderr, "inject: unknown errno '%s'\n", optarg);
				usage();
			}
			break;
		default: usage();
		}
	}
	if (count)
		f->mode = INJ_COUNT;
	if (optind >= argc || f->nth < 1 || ((f->mode == INJ_FAIL || f->mode == INJ_EFFECT) && !f->err))
		usage();
	if (f->mode == INJ_EFFECT && f->nr >= 0 && !inject_has_effect(f->nr))
		fprintf(stderr, "inject: note: %s has no effect to keep\n", inject_syscall_name(f->nr));
}

int main(int argc, char **argv)
{
	struct inj f;
	struct inj_result r;

	parse(argc, argv, &f);
	if (inject_run(argv[optind], argv + optind, environ, -1, &f, &r) != 0) {
		perror("inject");
		return 125;
	}
	fprintf(stderr, "inject: %ld %s call(s)%s; ", r.calls, inject_syscall_name(f.nr),
	        f.mode == INJ_COUNT ? "" : r.fired ? ", hit" : ", not reached");
	if (WIFSIGNALED(r.status)) {
		fprintf(stderr, "killed by signal %d\n", WTERMSIG(r.status));
		return 128 + WTERMSIG(r.status);
	}
	fprintf(stderr, "exit %d\n", WEXITSTATUS(r.status));
	return WEXITSTATUS(r.status);
}
