/* SPDX-License-Identifier: GPL-2.0-or-later */
/* summary-energy.c - summary.json's "energy" (docs/design.md, Interface
 * 2) from every rank's RAPL reading (energy.h): the sums of what the
 * lowest rank of each node read over the sim phase, or, when any node has
 * no package energy to report, the first reason why. */
#include "io/run-data.h"

#include <math.h>
#include <stdio.h>

/* "HOST: text" (or text), as "reason" or a flag. */
static json_t *said(const char *host, const char *zone, const char *text)
{
	char s[NB_HOST_MAX + NB_ENERGY_NAME + NB_ENERGY_TEXT + 8];

	if (!host)
		snprintf(s, sizeof s, "%s", text);
	else if (!zone)
		snprintf(s, sizeof s, "%s: %s", host, text);
	else
		snprintf(s, sizeof s, "%s %s: %s", host, zone, text);
	return json_string(s);
}

static json_t *none(json_t *reason)
{
	return json_pack("{s:n,s:o}", "source", "reason", reason);
}

/* Why there is no package energy to report, or NULL when every node's
 * reader read all its packages. */
static json_t *refusal(const struct nb_run_data *d)
{
	int readers = 0;

	for (int r = 0; r < d->ranks; r++) {
		const struct nb_energy_facts *f = &d->rank[r].energy;

		if (f->state == NB_ENERGY_NOT_READER)
			continue;
		readers++;
		if (f->state != NB_ENERGY_READ)
			return none(said(d->rank[r].host, NULL, f->reason));
		for (int z = 0; z < f->zones; z++)
			if (!f->zone[z].dram && f->zone[z].joules < 0.0)
				return none(said(d->rank[r].host, f->zone[z].name,
				                 f->zone[z].flag));
	}
	return readers ? NULL : none(said(NULL, NULL, "no rank read the energy counters"));
}

/* Whether every node's reader has DRAM zones and none of them is flagged. */
static int dram_complete(const struct nb_run_data *d)
{
	for (int r = 0; r < d->ranks; r++) {
		const struct nb_energy_facts *f = &d->rank[r].energy;
		int seen = 0;

		for (int z = 0; f->state == NB_ENERGY_READ && z < f->zones; z++) {
			if (f->zone[z].dram && f->zone[z].joules < 0.0)
				return 0;
			seen |= f->zone[z].dram;
		}
		if (f->state == NB_ENERGY_READ && !seen)
			return 0;
	}
	return 1;
}

static void add(json_t *zones, const char *name, double joules)
{
	json_t *v = json_object_get(zones, name);

	json_object_set_new(zones, name, json_real(joules + (v ? json_real_value(v) : 0.0)));
}

/* Sums zone by zone over the nodes (DRAM only when complete); the flags
 * of the zones left out. */
static json_t *sums(const struct nb_run_data *d, int dram)
{
	json_t *zones = json_object(), *flags = json_array();
	double package = 0.0, dram_j = 0.0, seconds = 0.0;
	int nodes = 0;

	for (int r = 0; r < d->ranks; r++) {
		const struct nb_energy_facts *f = &d->rank[r].energy;

		if (f->state != NB_ENERGY_READ)
			continue;
		nodes++;
		seconds = fmax(seconds, f->seconds);
		for (int z = 0; z < f->zones; z++) {
			const struct nb_energy_zone *e = &f->zone[z];

			if (e->joules < 0.0)
				json_array_append_new(flags, said(d->rank[r].host, e->name, e->flag));
			if (e->joules < 0.0 || (e->dram && !dram))
				continue;
			add(zones, e->name, e->joules);
			*(e->dram ? &dram_j : &package) += e->joules;
		}
	}
	return json_pack("{s:s,s:s,s:s,s:f,s:f,s:o,s:o,s:o,s:i}", "source", "rapl",
	                 "scope", dram ? "package+dram" : "package",
	                 "phase", "simulation", "seconds", seconds,
	                 "package_j", package,
	                 "dram_j", dram ? json_real(dram_j) : json_null(),
	                 "zones", zones, "flags", flags, "nodes", nodes);
}

json_t *nb_energy_json(const struct nb_run_data *d)
{
	json_t *no = refusal(d);

	return no ? no : sums(d, dram_complete(d));
}
