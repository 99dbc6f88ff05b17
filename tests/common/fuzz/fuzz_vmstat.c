/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the /proc/vmstat reader and parser. The input is a
 * vmstat file: vmstat_read on a real file must give what vmstat_parse
 * gives on the same bytes, and a malformed file all zeros. */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/vmstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void write_file(const uint8_t *data, size_t size)
{
	int fd;

	if (!path[0])
		snprintf(path, sizeof(path), "/dev/shm/fuzz-vmstat.%d", (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || write(fd, data, size) != (ssize_t)size || close(fd) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nb_counters parsed, read;
	int rc_parse, rc_read;

	if (size >= NB_VMSTAT_MAX)
		return 0;
	rc_parse = vmstat_parse((const char *)data, size, &parsed);
	write_file(data, size);
	rc_read = vmstat_read(path, &read);
	if (rc_parse != rc_read || memcmp(&parsed, &read, sizeof(read)) != 0)
		abort();
	if (rc_parse != 0 && (parsed.pte_updates | parsed.hint_faults | parsed.hint_faults_local |
	                      parsed.pages_migrated) != 0)
		abort();
	return 0;
}
