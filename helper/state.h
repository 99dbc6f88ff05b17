/* The helper's state under the lock: baseline and job records, loaded from
 * the state directory with recovery (stale, corrupt and temporary files
 * dropped), and the operations that change it on disk. */
#ifndef NB_STATE_H
#define NB_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "policy.h"
#include "record.h"

struct nb_state {
	int dirfd;
	char boot_id[NB_BOOT_ID_LEN + 1];
	int has_baseline;
	struct nb_baseline base;
	struct nb_record *recs;
	size_t n, cap;
};

/* Loads everything in dirfd (already locked by the caller). Records and a
 * baseline from another boot are discarded; corrupt files are logged and
 * removed. Job records without a baseline get boot_default()'s value
 * (saved); it is called only then. Returns 0, or -1 (logged) on an I/O
 * error. */
int state_load(struct nb_state *st, int dirfd, const char *boot_id, int (*boot_default)(void));
struct nb_view state_view(const struct nb_state *st);
/* Index of job's record, or -1. */
long state_find(const struct nb_state *st, uint32_t job);
/* The job whose request is in force, or 0 when none is (job ids are >= 1). */
uint32_t state_holder_job(const struct nb_state *st);
/* Saves the baseline (value, this boot). 0 or -1 (logged). */
int state_save_baseline(struct nb_state *st, int value);
int state_remove_baseline(struct nb_state *st);
/* Saves a new record and adds it. 0 or -1 (logged). */
int state_add_record(struct nb_state *st, const struct nb_record *r);
/* Removes record i from disk and memory. 0 or -1 (logged). */
int state_remove_record(struct nb_state *st, size_t i);
void state_free(struct nb_state *st);

#endif
