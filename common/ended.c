/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's ended.<job> markers: their format and parser. */
#include "ended.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "keyval.h"
#include "values.h"

#define ENDED_HEADER "numa-balancing-ended 1"

static const char *const failure_names[NB_RUN_FAILURES] = { "not-started", "timed-out", "killed",
                                                            "exit" };

const char *run_failure_name(enum nb_run_failure f)
{
	return (unsigned)f < NB_RUN_FAILURES ? failure_names[f] : "?";
}

static int fitted(int n, size_t len)
{
	return n < 0 || (size_t)n >= len ? -1 : n;
}

int ended_format(const struct nb_ended *e, char *buf, size_t len)
{
	if ((unsigned)e->failure >= NB_RUN_FAILURES || e->status < 0)
		return -1;
	return fitted(snprintf(buf, len, ENDED_HEADER "\njob %" PRIu32 "\nboot_id %s\nfailure %s\n"
	                       "status %d\n", e->job, e->boot_id, failure_names[e->failure],
	                       e->status), len);
}

static int take_failure(struct kv_cursor *c, enum nb_run_failure *out)
{
	char word[16];

	if (kv_word(c, "failure", word, sizeof(word)) != 0)
		return -1;
	for (size_t i = 0; i < NB_RUN_FAILURES; i++) {
		if (strcmp(word, failure_names[i]) == 0) {
			*out = (enum nb_run_failure)i;
			return 0;
		}
	}
	return -1;
}

int ended_parse(const char *buf, size_t len, struct nb_ended *e)
{
	struct kv_cursor c;
	uint64_t job, status;

	kv_init(&c, buf, len);
	if (kv_header(&c, ENDED_HEADER) || kv_u64(&c, "job", NB_JOB_ID_MAX, &job) || job == 0 ||
	    kv_boot_id(&c, e->boot_id) || take_failure(&c, &e->failure) ||
	    kv_u64(&c, "status", 255, &status) || !kv_done(&c))
		return -1;
	e->job = (uint32_t)job;
	e->status = (int)status;
	return 0;
}
