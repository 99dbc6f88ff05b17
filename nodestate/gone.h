/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plugin's ended.<job> markers of this boot (common/ended.h): it
 * writes one when the helper could not finish a job's epilog, which Slurm
 * runs only once the job has ended on this node, so a marker proves the
 * job ended. Nothing else does: no process or cgroup on the node, which a
 * user may start or name, is taken as proof either way. */
#ifndef NB_GONE_H
#define NB_GONE_H

#include <stddef.h>
#include <stdint.h>

#include "common/ended.h"

struct nb_gone {
	struct nb_ended *marks;     /* valid markers of this boot */
	size_t n, cap;
	char **bad;                 /* marker files proven bad (corrupt, stale, misnamed) */
	size_t nbad, badcap;
};

/* Reads the ended.* files of the state directory (dirfd, locked). A file
 * that cannot be read counts as no marker (logged): errors never make a
 * job gone. */
void gone_load(struct nb_gone *g, int dirfd, const char *boot_id);
const struct nb_ended *gone_marker(const struct nb_gone *g, uint32_t job);
/* One line's worth on why: "its epilog's helper run timed out". */
void gone_why(const struct nb_ended *e, char *buf, size_t len);
void gone_free(struct nb_gone *g);
/* Removes every marker read (once their records became done records,
 * none is needed) and the proven-bad ones, each bad one logged. */
void gone_tidy(const struct nb_gone *g, int dirfd);
/* Removes ended.<job>, if there is one (a prolog of that job: the id runs
 * again, so an earlier run's marker must not outlive it). 0, or -1. */
int gone_unmark(int dirfd, uint32_t job);

#endif
