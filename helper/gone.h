/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Records whose job is proven gone from this node. Proof is an ended.<job>
 * marker of this boot (common/ended.h: the plugin wrote it because the
 * job's epilog, which Slurm runs only once the job has ended here, could
 * not run the helper) while the node shows no witness of the job running
 * (liveness.h). Absence of a witness alone is never proof: between two
 * steps a job may have none. */
#ifndef NB_GONE_H
#define NB_GONE_H

#include <stddef.h>
#include <stdint.h>

#include "common/ended.h"
#include "liveness.h"
#include "paths.h"

struct nb_gone {
	struct nb_ended *marks;     /* valid markers of this boot */
	size_t n, cap;
	char **bad;                 /* marker files proven bad (corrupt, stale, misnamed) */
	size_t nbad, badcap;
	int scanned;                /* alive holds the witnesses */
	struct nb_alive alive;
};

/* Reads the ended.* files of the state directory (dirfd, locked). A file
 * that cannot be read counts as no marker (logged): errors never make a
 * job gone. */
void gone_load(struct nb_gone *g, int dirfd, const char *boot_id);
const struct nb_ended *gone_marker(const struct nb_gone *g, uint32_t job);
/* The witnesses of job (liveness.h NB_SEEN_*), scanned on first use. */
unsigned gone_seen(struct nb_gone *g, const struct nb_paths *p, uint32_t job);
/* A marker and no witness. */
int gone_proven(struct nb_gone *g, const struct nb_paths *p, uint32_t job);
/* One line's worth on why: "its epilog's helper run timed out". */
void gone_why(const struct nb_ended *e, char *buf, size_t len);
void gone_free(struct nb_gone *g);
/* Removes name from the state directory (a directory in its place too,
 * when empty); absent counts as removed. 0, or -1 (logged). */
int gone_remove(int dirfd, const char *name);
/* Removes ended.<job>, if there is one (a prolog of that job: the id runs
 * again, so an earlier run's marker must not outlive it). 0, or -1. */
int gone_unmark(int dirfd, uint32_t job);

#endif
