/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The shared-node policy as pure functions over the job records, the
 * baseline and a request: which value must be in force, and whether a new
 * request is honoured. No I/O; see docs/design.md "Shared-node policy". */
#ifndef NB_POLICY_H
#define NB_POLICY_H

#include <stddef.h>

#include "record.h"

/* What the state says, as the policy sees it. */
struct nb_view {
	const struct nb_record *recs;
	size_t n;
	int has_baseline;
	int baseline;
};

/* The value put in force for a request (0 or 1): it sets normal
 * balancing (bit 1) and keeps the baseline's memory tiering bit (2), so 0
 * on a node at 3 writes 2 and 1 on a node at 2 writes 3; on a node at 4
 * (no defined meaning) 0 or 1 writes 0 or 1. */
int policy_value(const struct nb_view *v, int request);

/* Index of the record whose request is in force: the newest honoured
 * request that does not yield, else the newest honoured yielding one;
 * -1 when no running job holds a value. */
long policy_holder(const struct nb_view *v);

/* The value the kernel must hold: the holder's request's value, else the
 * baseline, else -1 (no state: nothing to enforce). */
int policy_expected(const struct nb_view *v);

/* The value the kernel must hold once r, a new honoured record (newer
 * than all in v, with v's baseline), is in force. */
int policy_expected_with(const struct nb_view *v, const struct nb_record *r);

/* Whether r's request is honoured: a yielding one always; any other when
 * no running job holds a value with a request that does not yield, when
 * it asks for that value, or under the latest policy. */
int policy_admit(const struct nb_view *v, const struct nb_record *r);

/* Largest seq among the records, 0 when there are none. */
unsigned long long policy_max_seq(const struct nb_view *v);

#endif
