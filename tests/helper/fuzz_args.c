/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the command line and environment parser. The input is
 * split at NUL bytes: SLURM_JOB_ID, the option variable, then argv[1..].
 * An accepted prolog or epilog has a job id when it needs one and a value
 * in -1..1 (0-tasks, and 0 under --off tasks, are no request); the notes
 * on an ignored request or one met by the tasks alone, and every error
 * message, are one bounded line. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

#define MAX_WORDS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct nb_args *a)
{
	if ((a->cmd == NB_CMD_PROLOG && a->value >= 0) || a->cmd == NB_CMD_EPILOG) {
		if (!a->has_job || a->job == 0 || a->job > NB_JOB_ID_MAX)
			abort();
	}
	if (a->value < -1 || a->value > 1)
		abort();
	if (strnlen(a->ignored, sizeof(a->ignored)) == sizeof(a->ignored) ||
	    strpbrk(a->ignored, "\n\r") != NULL)
		abort();
	if (a->ignored[0] && a->value != a->dflt && !a->no_request[0])
		abort();
	if (a->value == 0 && a->off == NB_OFF_TASKS)
		abort();
	if (strnlen(a->no_request, sizeof(a->no_request)) == sizeof(a->no_request) ||
	    strpbrk(a->no_request, "\n\r") != NULL || (a->no_request[0] && a->value != -1))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *words[MAX_WORDS + 2], err[256];
	const char *argv[MAX_WORDS + 2];
	size_t n = 0, start = 0;
	struct nb_args a;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (size_t i = 0; i <= size && n < MAX_WORDS; i++) {
		if (copy[i] == '\0') {
			words[n++] = copy + start;
			start = i + 1;
		}
	}
	struct nb_env env = { n > 0 && *words[0] ? words[0] : NULL,
	                      n > 1 && *words[1] ? words[1] : NULL };
	int argc = 0;
	argv[argc++] = "numa-balancing-helper";
	for (size_t i = 2; i < n; i++)
		argv[argc++] = words[i];
	argv[argc] = NULL;
	if (args_parse(argc, argv, &env, &a, err, sizeof(err)) == 0)
		check(&a);
	else if (strlen(err) == 0 || strpbrk(err, "\n\r") != NULL)
		abort();
	free(copy);
	return 0;
}
