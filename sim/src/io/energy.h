/* SPDX-License-Identifier: GPL-2.0-or-later */
/* energy.h - the energy of the sim phase from the RAPL counters of a
 * powercap tree (ROOT/intel-rapl:N for package N, ROOT/intel-rapl:N:M for
 * its subzones; each with name, energy_uj and max_energy_range_uj): every
 * package zone ("package-N") and every DRAM zone ("dram"), read at the
 * start, at most once a second during the phase (so that a wrap of the
 * counter at max_energy_range_uj is seen once at most between two
 * readings), and at the end. Only the lowest rank of each node reads.
 * energy.c; summary-energy.c turns every rank's reading into summary.json's
 * "energy". */
#ifndef NB_ENERGY_H
#define NB_ENERGY_H

#include <stdint.h>

#define NB_POWERCAP_ROOT "/sys/class/powercap"
#define NB_ENERGY_ZONES 16
#define NB_ENERGY_NAME 48
#define NB_ENERGY_TEXT 192
/* More than this from one zone is no real reading (W). */
#define NB_ENERGY_MAX_W 2000.0
/* Seconds between readings during the phase. */
#define NB_ENERGY_POLL_S 1.0

enum nb_energy_state {
	NB_ENERGY_NOT_READER,          /* another rank on this node reads */
	NB_ENERGY_FAILED,              /* nothing read: reason says why */
	NB_ENERGY_READ
};

struct nb_energy_zone {
	char name[NB_ENERGY_NAME];     /* "package-0", a subzone "package-0/dram" */
	int dram;                      /* 0: a package */
	double joules;                 /* over the phase; < 0 when flagged */
	char flag[NB_ENERGY_TEXT];     /* why the value is not reported */
};

/* One rank's reading, gathered to rank 0 as plain bytes. */
struct nb_energy_facts {
	int state;                     /* enum nb_energy_state */
	char reason[NB_ENERGY_TEXT];   /* NB_ENERGY_FAILED */
	double seconds;                /* wall seconds from the first to the last reading */
	int zones;
	struct nb_energy_zone zone[NB_ENERGY_ZONES];
};

/* The observer: its facts, and what it needs between readings. */
struct nb_energy {
	const char *root;              /* read anew at every reading */
	double (*clock)(void);         /* monotonic seconds (nb_now_s) */
	struct nb_energy_facts facts;
	uint64_t last_uj[NB_ENERGY_ZONES], max_uj[NB_ENERGY_ZONES];
	char dir[NB_ENERGY_ZONES][NB_ENERGY_NAME]; /* "intel-rapl:0:0" */
	double t0, polled;
};

/* reader: whether this rank reads (the lowest rank on its node). */
void nb_energy_init(struct nb_energy *e, const char *root, int reader);
/* First reading: finds the zones and reads them (or says why not). */
void nb_energy_begin(struct nb_energy *e);
/* A reading when NB_ENERGY_POLL_S passed since the last one. */
void nb_energy_poll(struct nb_energy *e);
/* Last reading; the facts are final. */
void nb_energy_end(struct nb_energy *e);

#endif
