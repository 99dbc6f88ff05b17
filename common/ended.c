/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's record of a failed helper run: ended.<job> markers and the
 * failure counts, their format and parser, and reading the counts. */
#include "ended.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "keyval.h"
#include "readfile.h"
#include "values.h"

#define ENDED_HEADER "numa-balancing-ended 1"
#define FAILURES_HEADER "numa-balancing-failures 1"

static const char *const cmd_names[NB_RUN_CMDS] = { "prolog", "epilog", "step-end" };
static const char *const failure_names[NB_RUN_FAILURES] = { "not-started", "timed-out", "killed",
                                                            "exit" };

const char *run_cmd_name(enum nb_run_cmd cmd)
{
	return (unsigned)cmd < NB_RUN_CMDS ? cmd_names[cmd] : "?";
}

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

int failures_format(const struct nb_failures *f, char *buf, size_t len)
{
	return fitted(snprintf(buf, len, FAILURES_HEADER "\nboot_id %s\nprolog %" PRIu64
	                       "\nepilog %" PRIu64 "\nstep-end %" PRIu64 "\n", f->boot_id,
	                       f->count[NB_RUN_PROLOG], f->count[NB_RUN_EPILOG],
	                       f->count[NB_RUN_STEP_END]), len);
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

int failures_parse(const char *buf, size_t len, struct nb_failures *f)
{
	struct kv_cursor c;

	kv_init(&c, buf, len);
	if (kv_header(&c, FAILURES_HEADER) || kv_boot_id(&c, f->boot_id))
		return -1;
	for (int i = 0; i < NB_RUN_CMDS; i++) {
		if (kv_u64(&c, cmd_names[i], UINT64_MAX, &f->count[i]) != 0)
			return -1;
	}
	return kv_done(&c) ? 0 : -1;
}

int failures_read(int dirfd, const char *boot_id, struct nb_failures *f)
{
	char buf[NB_ENDED_FILE_MAX];
	size_t len;

	if (read_small_file(dirfd, NB_FAILURES_NAME, buf, sizeof(buf), &len) != 0) {
		if (errno != ENOENT && errno != EFBIG && errno != EINVAL && errno != ELOOP)
			return -1;
	} else if (failures_parse(buf, len, f) == 0 && strcmp(f->boot_id, boot_id) == 0) {
		return 0;
	}
	memset(f, 0, sizeof(*f));
	memcpy(f->boot_id, boot_id, sizeof(f->boot_id));
	return 0;
}
