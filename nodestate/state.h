/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The helper's state under the lock: the baseline, the job records and the
 * pending records of prologs that did not finish, loaded from the state
 * directory with recovery, and the operations that change it on disk.
 * Loading removes a file only when it is proven bad; any error while
 * opening or reading leaves every file in place (docs/design.md). */
#ifndef NB_STATE_H
#define NB_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "policy.h"
#include "record.h"

struct nb_list {
	struct nb_record *recs;
	size_t n, cap;
};

struct nb_state {
	int dirfd;
	char boot_id[NB_BOOT_ID_LEN + 1];
	int has_baseline;
	struct nb_baseline base;
	struct nb_list jobs;     /* job.<id>: finished prologs */
	struct nb_list pending;  /* pending.<id>: honoured requests whose prolog did not finish */
	struct nb_list done;     /* done.<id>: ended jobs whose restore is still owed */
};

/* Loads everything in dirfd (already locked by the caller). Proven-bad
 * files (temporary, corrupt, oversized, not regular, misnamed, from an
 * earlier boot; a baseline outside 0 .. 4) are removed once every file has
 * been read, and logged as removed once they are gone; a baseline no
 * record needs is removed too. A job record with a version 1.0 ended.<id>
 * marker of this boot becomes its done record (renamed), and the marker
 * goes. Records without a baseline get
 * boot_default()'s value (saved); it is called only then. Without
 * writable nothing is removed or saved: what would be is only left out of
 * the state in memory. Returns 0, or -1
 * (logged) on an error while reading (nothing removed) or when a
 * proven-bad directory cannot be removed. */
int state_load(struct nb_state *st, int dirfd, int writable, const char *boot_id,
               int (*boot_default)(void));
/* The finished records and the baseline, as the policy sees them. */
struct nb_view state_view(const struct nb_state *st);
/* Index of job's finished record, or -1. */
long state_find(const struct nb_state *st, uint32_t job);
/* The job whose request is in force, or 0 when none is (job ids are >= 1). */
uint32_t state_holder_job(const struct nb_state *st);
/* Saves the baseline (value, this boot). 0 or -1 (logged). */
int state_save_baseline(struct nb_state *st, int value);
int state_remove_baseline(struct nb_state *st);
/* The three kinds of job record, by file name prefix. */
enum nb_kind { NB_JOB, NB_PENDING, NB_DONE };

/* Saves r as job.<id> (finished) or, with pending, as pending.<id>, and
 * adds it to its list. 0 or -1 (logged). */
int state_add_record(struct nb_state *st, const struct nb_record *r, int pending);
/* Renames job.<id> to done.<id> in dirfd (locked; before the state is
 * loaded, so that no error reading the rest can lose it): the job has
 * ended here, and the value must go back to what the other records say.
 * 0 also when there is no job.<id>; -1 (logged) when it stays. */
int state_end_job(int dirfd, uint32_t job);
/* Renames pending.<id> to job.<id>: the prolog's last step. 0 or -1 (logged). */
int state_commit(struct nb_state *st, uint32_t job);
/* Moves finished record i to the done list in memory (its file was
 * renamed by state_end_job). 0, or -1 (out of memory, logged). */
int state_move_done(struct nb_state *st, size_t i);
/* Takes record i out of the finished list in memory only (so the policy
 * no longer counts it), into *r. */
void state_detach(struct nb_state *st, size_t i, struct nb_record *r);
/* Removes the record of job of that kind from disk and, if it is still
 * there, from memory. 0 or -1 (logged). */
int state_remove_record(struct nb_state *st, uint32_t job, enum nb_kind kind);
void state_free(struct nb_state *st);

#endif
