/* Test-only failpoints (compiled only into numa-balancing-helper-test). */
#include "failpoint.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char want[64];

void failpoint_init(void)
{
	const char *v = getenv("NB_TEST_FAILPOINT");

	if (v && strlen(v) >= sizeof(want))
		abort(); /* no failpoint name is that long */
	strcpy(want, v ? v : "");
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
	if (strcmp(want, "trace") == 0) {
		fprintf(stderr, "failpoint %s\n", name);
		return NULL;
	}
	n = strlen(name);
	return strncmp(want, name, n) == 0 ? want + n : NULL;
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
