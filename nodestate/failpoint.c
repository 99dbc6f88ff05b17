/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Test-only failpoints (compiled only into numa-balancing-helper-test). */
#include "failpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>


static char want[128];
/* /proc/self/status, opened before Landlock confines the helper (which
 * gives it no rule for /proc). */
static int status_fd = -1;

void failpoint_init(void)
{
	const char *v = getenv("NB_TEST_FAILPOINT");

	if (v && strlen(v) >= sizeof(want))
		abort(); /* no failpoint name with its action is that long */
	strcpy(want, v ? v : "");
	if (strcmp(want, "privs") == 0)
		status_fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
}

/* The value of "key:" in /proc/self/status, or "?". */
static void status_field(const char *status, const char *key, char *out, size_t len)
{
	const char *p = strstr(status, key), *v;

	snprintf(out, len, "?");
	if (!p)
		return;
	v = p + strlen(key);
	v += strspn(v, " \t");
	snprintf(out, len, "%.*s", (int)strcspn(v, "\n"), v);
}

/* "failpoint NAME CapEff=... CapPrm=... NoNewPrivs=... SecBits=0x.." on
 * stderr. */
static void show_privs(const char *name)
{
	char status[8192], eff[24], prm[24], nnp[8];
	ssize_t len = pread(status_fd, status, sizeof(status) - 1, 0);

	status[len > 0 ? len : 0] = '\0';
	status_field(status, "\nCapEff:", eff, sizeof(eff));
	status_field(status, "\nCapPrm:", prm, sizeof(prm));
	status_field(status, "\nNoNewPrivs:", nnp, sizeof(nnp));
	fprintf(stderr, "failpoint %s CapEff=%s CapPrm=%s NoNewPrivs=%s SecBits=%#x\n", name, eff,
	        prm, nnp, (unsigned)prctl(PR_GET_SECUREBITS, 0, 0, 0, 0));
}

/* Tries to create path (then removes it again if that worked). */
static void try_write(const char *name, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	int err = errno;

	fprintf(stderr, "failpoint %s write %s: %s\n", name, path, fd >= 0 ? "written" : strerror(err));
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
}

/* What follows "<what>-<step>" in NB_TEST_FAILPOINT, or NULL when it
 * names another step. */
static const char *match(const char *what, const char *step)
{
	char name[64];
	size_t n;

	if (!want[0])
		return NULL;
	snprintf(name, sizeof(name), "%s-%s", what, step);
	if (strcmp(want, "trace") == 0 || strcmp(want, "privs") == 0) {
		if (want[0] == 't')
			fprintf(stderr, "failpoint %s\n", name);
		else
			show_privs(name);
		return NULL;
	}
	n = strlen(name);
	if (strncmp(want, name, n) != 0)
		return NULL;
	if (strncmp(want + n, ":write=", 7) == 0) {
		try_write(name, want + n + 7);
		return NULL;
	}
	return want + n;
}

/* Kills or stops the helper as rest asks; returns rest. */
static const char *act(const char *rest)
{
	if (rest && rest[0] == '\0')
		raise(SIGKILL);
	else if (rest && strcmp(rest, ":stop") == 0)
		raise(SIGSTOP);
	return rest;
}

void failpoint(const char *what, const char *step)
{
	act(match(what, step));
}

int failpoint_errno(const char *what, const char *step)
{
	const char *rest = act(match(what, step));

	if (!rest)
		return 0;
	if (strcmp(rest, ":eio") == 0)
		return EIO;
	if (strcmp(rest, ":enomem") == 0)
		return ENOMEM;
	if (strcmp(rest, ":enospc") == 0)
		return ENOSPC;
	return strcmp(rest, ":eacces") == 0 ? EACCES : 0;
}
