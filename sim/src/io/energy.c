/* SPDX-License-Identifier: GPL-2.0-or-later */
/* energy.c - reading the RAPL counters of a powercap tree (energy.h). */
#include "io/energy.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/clock.h"

#define PREFIX "intel-rapl:"

void nb_energy_init(struct nb_energy *e, const char *root, int reader)
{
	memset(e, 0, sizeof(*e));
	e->root = root;
	e->clock = nb_now_s;
	e->facts.state = reader ? NB_ENERGY_FAILED : NB_ENERGY_NOT_READER;
	snprintf(e->facts.reason, sizeof e->facts.reason, "not read yet");
}

/* Why ROOT/dir/file could not be read, into why. */
static void cannot(char *why, size_t n, const char *root, const char *dir,
                   const char *file, int err)
{
	if (err == EACCES || err == EPERM)
		snprintf(why, n, "%s/%s/%s not readable (energy_uj is 0400, root "
		         "only, since Linux 5.10)", root, dir, file);
	else
		snprintf(why, n, "cannot read %s/%s/%s: %s", root, dir, file,
		         err ? strerror(err) : "not a number");
}

/* One line of ROOT/dir/file into buf (newline dropped). 0, or errno (or
 * -1 when empty). */
static int read_line(const char *root, const char *dir, const char *file,
                     char *buf, size_t n)
{
	char path[4096];
	FILE *f;
	int err = 0;

	buf[0] = '\0';
	snprintf(path, sizeof path, "%s/%s/%s", root, dir, file);
	f = fopen(path, "r");
	if (!f)
		return errno ? errno : -1;
	if (!fgets(buf, (int)n, f))
		err = ferror(f) && errno ? errno : -1;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return err;
}

static int read_u64(const char *root, const char *dir, const char *file,
                    uint64_t *v, char *why, size_t n)
{
	char buf[64], *end;
	int err = read_line(root, dir, file, buf, sizeof buf);

	if (err == 0) {
		errno = 0;
		*v = strtoull(buf, &end, 10);
		if (errno || end == buf || *end || buf[0] == '-')
			err = -1;
	}
	if (err)
		cannot(why, n, root, dir, file, err > 0 ? err : 0);
	return err ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The zone directories (intel-rapl:N and intel-rapl:N:M), sorted; their
 * number, or -1 with a reason. */
static int list(struct nb_energy *e, char names[][NB_ENERGY_NAME], int max)
{
	DIR *d = opendir(e->root);
	char *sorted[NB_ENERGY_ZONES * 4];
	char tmp[NB_ENERGY_ZONES * 4][NB_ENERGY_NAME];
	struct dirent *de;
	int n = 0;

	if (!d) {
		snprintf(e->facts.reason, sizeof e->facts.reason,
		         errno == ENOENT ? "no powercap tree at %s" : "cannot list %s",
		         e->root);
		return -1;
	}
	while ((de = readdir(d)) && n < NB_ENERGY_ZONES * 4) {
		unsigned a, b;
		int end = 0;

		if (strlen(de->d_name) >= NB_ENERGY_NAME ||
		    (sscanf(de->d_name, PREFIX "%u:%u%n", &a, &b, &end) != 2 &&
		     sscanf(de->d_name, PREFIX "%u%n", &a, &end) != 1) ||
		    de->d_name[end] != '\0')
			continue;
		snprintf(tmp[n], NB_ENERGY_NAME, "%.*s", NB_ENERGY_NAME - 1, de->d_name);
		sorted[n] = tmp[n];
		n++;
	}
	closedir(d);
	qsort(sorted, (size_t)n, sizeof(*sorted), by_name);
	for (int i = 0; i < n && i < max; i++)
		snprintf(names[i], NB_ENERGY_NAME, "%s", sorted[i]);
	return n < max ? n : max;
}

/* The zone's key ("package-0", "package-0/dram") and whether it is a
 * DRAM zone; -1 for a zone not counted (core, uncore, psys) or one whose
 * name cannot be read. */
static int classify(const struct nb_energy *e, const char *dir, char *key,
                    int *dram)
{
	char name[NB_ENERGY_NAME], parent[NB_ENERGY_NAME], pname[NB_ENERGY_NAME];
	const char *sub = strchr(dir + strlen(PREFIX), ':');

	if (read_line(e->root, dir, "name", name, sizeof name))
		return -1;
	*dram = strcmp(name, "dram") == 0;
	if (!sub) {
		if (!*dram && strncmp(name, "package-", 8) != 0)
			return -1;
		snprintf(key, NB_ENERGY_NAME, "%s", name);
		return 0;
	}
	snprintf(parent, sizeof parent, "%.*s", (int)(sub - dir), dir);
	if (!*dram || read_line(e->root, parent, "name", pname, sizeof pname))
		return -1;
	snprintf(key, NB_ENERGY_NAME, "%.20s/%.20s", pname, name);
	return 0;
}

/* Adds a zone and its first reading; -1 (with the reason) when a package
 * cannot be read, which leaves nothing to report. */
static int add_zone(struct nb_energy *e, const char *dir, const char *key,
                    int dram)
{
	struct nb_energy_zone *z = &e->facts.zone[e->facts.zones];
	int i = e->facts.zones;

	memset(z, 0, sizeof(*z));
	snprintf(z->name, sizeof z->name, "%.*s", NB_ENERGY_NAME - 1, key);
	snprintf(e->dir[i], sizeof e->dir[i], "%.*s", NB_ENERGY_NAME - 1, dir);
	z->dram = dram;
	if (read_u64(e->root, dir, "max_energy_range_uj", &e->max_uj[i], z->flag,
	             sizeof z->flag))
		e->max_uj[i] = 0;
	if (read_u64(e->root, dir, "energy_uj", &e->last_uj[i], z->flag,
	             sizeof z->flag)) {
		if (!dram) {
			snprintf(e->facts.reason, sizeof e->facts.reason, "%s", z->flag);
			return -1;
		}
		z->joules = -1.0;
	} else {
		z->flag[0] = '\0';
	}
	e->facts.zones++;
	return 0;
}

void nb_energy_begin(struct nb_energy *e)
{
	char dirs[NB_ENERGY_ZONES * 4][NB_ENERGY_NAME], key[NB_ENERGY_NAME];
	int n, packages = 0, dram;

	if (e->facts.state == NB_ENERGY_NOT_READER)
		return;
	e->t0 = e->polled = e->clock();
	n = list(e, dirs, NB_ENERGY_ZONES * 4);
	for (int i = 0; i < n && e->facts.zones < NB_ENERGY_ZONES; i++) {
		if (classify(e, dirs[i], key, &dram))
			continue;
		if (add_zone(e, dirs[i], key, dram))
			return;
		packages += !dram;
	}
	if (n >= 0 && packages == 0) {
		snprintf(e->facts.reason, sizeof e->facts.reason,
		         n ? "no RAPL package zone under %s" :
		         "no RAPL zones (" PREFIX "*) under %s", e->root);
		return;
	}
	if (n >= 0) {
		e->facts.state = NB_ENERGY_READ;
		e->facts.reason[0] = '\0';
	}
}

/* The energy since zone z's last reading (*last uJ, the counter's range
 * max, 0 when unknown), now at `now` uJ, dt seconds on; or z flagged. */
static void advance(struct nb_energy_zone *z, uint64_t *last, uint64_t max,
                    uint64_t now, double dt)
{
	uint64_t was = *last;
	uint64_t d = now >= was ? now - was : max - was + now; /* one wrap at most */

	*last = now;
	if (max && (now > max || was > max))
		snprintf(z->flag, sizeof z->flag, "counter read %" PRIu64 " uJ, beyond "
		         "its range (max_energy_range_uj %" PRIu64 ")",
		         now > max ? now : was, max);
	else if (now < was && !max)
		snprintf(z->flag, sizeof z->flag, "counter went back from %" PRIu64
		         " to %" PRIu64 " uJ and its range is unknown", was, now);
	else if (dt > 0.0 && (double)d * 1e-6 / dt > NB_ENERGY_MAX_W)
		snprintf(z->flag, sizeof z->flag, "%" PRIu64 " uJ in %" PRIu64
		         " ms is no real reading", d, (uint64_t)(dt * 1e3));
	else {
		z->joules += (double)d * 1e-6;
		return;
	}
	z->joules = -1.0;
}

static void read_all(struct nb_energy *e, double now)
{
	double dt = now - e->polled;

	e->polled = now;
	for (int i = 0; i < e->facts.zones; i++) {
		struct nb_energy_zone *z = &e->facts.zone[i];
		uint64_t uj;

		if (z->joules < 0.0)
			continue;
		if (read_u64(e->root, e->dir[i], "energy_uj", &uj, z->flag, sizeof z->flag))
			z->joules = -1.0;
		else
			advance(z, &e->last_uj[i], e->max_uj[i], uj, dt);
	}
}

void nb_energy_poll(struct nb_energy *e)
{
	double now;

	if (e->facts.state != NB_ENERGY_READ)
		return;
	now = e->clock();
	if (now - e->polled >= NB_ENERGY_POLL_S)
		read_all(e, now);
}

void nb_energy_end(struct nb_energy *e)
{
	if (e->facts.state != NB_ENERGY_READ)
		return;
	read_all(e, e->clock());
	e->facts.seconds = e->polled - e->t0;
	for (int i = 0; i < e->facts.zones; i++) {
		struct nb_energy_zone *z = &e->facts.zone[i];

		if (z->joules != 0.0)
			continue;
		z->joules = -1.0;
		snprintf(z->flag, sizeof z->flag, "counter did not advance (%" PRIu64
		         " uJ, %" PRIu64 " ms)", e->last_uj[i],
		         (uint64_t)(e->facts.seconds * 1e3));
	}
}
