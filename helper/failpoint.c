/* Test-only failpoints (compiled only into numa-balancing-helper-test). */
#include "failpoint.h"

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

void failpoint(const char *what, const char *step)
{
	char name[64];

	if (!want[0])
		return;
	snprintf(name, sizeof(name), "%s-%s", what, step);
	if (strcmp(want, "trace") == 0) {
		fprintf(stderr, "failpoint %s\n", name);
		return;
	}
	size_t n = strlen(name);
	if (strncmp(want, name, n) != 0)
		return;
	if (want[n] == '\0')
		raise(SIGKILL);
	else if (strcmp(want + n, ":stop") == 0)
		raise(SIGSTOP);
}
