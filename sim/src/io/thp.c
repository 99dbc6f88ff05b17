/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thp.c - reads the THP modes and AnonHugePages (thp.h). */
#include "io/thp.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int nb_thp_mode(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	char line[256];
	const char *lo, *hi;

	if (!f)
		return -1;
	lo = fgets(line, sizeof line, f) ? strchr(line, '[') : NULL;
	fclose(f);
	hi = lo ? strchr(lo, ']') : NULL;
	if (!hi || hi == lo + 1 || (size_t)(hi - lo - 1) >= n)
		return -1;
	memcpy(buf, lo + 1, (size_t)(hi - lo - 1));
	buf[hi - lo - 1] = '\0';
	return 0;
}

int64_t nb_anon_huge_bytes(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int64_t kib = -1;

	if (!f)
		return -1;
	while (kib < 0 && fgets(line, sizeof line, f))
		if (sscanf(line, "AnonHugePages: %" SCNd64 " kB", &kib) != 1)
			kib = -1;
	fclose(f);
	return kib < 0 ? -1 : kib * 1024;
}
