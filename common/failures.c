/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's failure counts (failures.h): their format and parser, and
 * reading them. */
#include "failures.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "keyval.h"
#include "readfile.h"

#define FAILURES_HEADER "numa-balancing-failures 2"
#define FAILURES_HEADER_V1 "numa-balancing-failures 1"

static const char *const cmd_names[NB_RUN_CMDS] = { "prolog", "epilog" };

const char *run_cmd_name(enum nb_run_cmd cmd)
{
	return (unsigned)cmd < NB_RUN_CMDS ? cmd_names[cmd] : "?";
}

int failures_format(const struct nb_failures *f, char *buf, size_t len)
{
	int n = snprintf(buf, len, FAILURES_HEADER "\nboot_id %s\nprolog %" PRIu64 "\nepilog %"
	                 PRIu64 "\n", f->boot_id, f->count[NB_RUN_PROLOG], f->count[NB_RUN_EPILOG]);

	return n < 0 || (size_t)n >= len ? -1 : n;
}

int failures_parse(const char *buf, size_t len, struct nb_failures *f)
{
	struct kv_cursor c;
	uint64_t step_end;
	int v1;

	kv_init(&c, buf, len);
	v1 = kv_header(&c, FAILURES_HEADER_V1) == 0;
	if ((!v1 && kv_header(&c, FAILURES_HEADER)) || kv_boot_id(&c, f->boot_id))
		return -1;
	for (int i = 0; i < NB_RUN_CMDS; i++) {
		if (kv_u64(&c, cmd_names[i], UINT64_MAX, &f->count[i]) != 0)
			return -1;
	}
	if (v1 && kv_u64(&c, "step-end", UINT64_MAX, &step_end) != 0)
		return -1;
	return kv_done(&c) ? 0 : -1;
}

int failures_read(int dirfd, const char *boot_id, struct nb_failures *f)
{
	char buf[NB_FAILURES_FILE_MAX];
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
