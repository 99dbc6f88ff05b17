/* The values of the helper's interface, parsed strictly: job ids, requests
 * (exactly 0 or 1), the site's allow list and default, conflict policies.
 * The helper, the plugin and nbsim share them. Pure functions, no I/O. */
#ifndef NB_VALUES_H
#define NB_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NB_JOB_ID_MAX 4294967294u /* Slurm job ids: 1 .. 2^32-2 */
#define NB_DEFAULT_KEEP (-1)      /* default=keep: no request */
#define NB_ALLOW_ALL 3u           /* allow=0,1 */

enum nb_conflict { NB_CONFLICT_KEEP, NB_CONFLICT_LATEST };

/* Decimal digits only, no sign, no leading zero, no whitespace, within
 * [0, max]. Returns 0 on success, -1 otherwise. */
int parse_uint(const char *s, size_t len, uint64_t max, uint64_t *out);
/* A Slurm job id as Slurm prints SLURM_JOB_ID: 1 .. 2^32-2. */
int parse_job_id(const char *s, uint32_t *out);
/* A job's request: exactly "0" or "1" (NULL is -1). */
int parse_request_value(const char *s, int *out);
/* An allow list: "0", "1", "0,1" or "1,0", into a mask (bit v: v allowed). */
int parse_allow(const char *s, unsigned *mask);
/* A site default: "keep" (NB_DEFAULT_KEEP), "0" or "1". */
int parse_default(const char *s, int *out);
bool request_allowed(unsigned mask, int v);
/* The allowed values as "0,1", "0", "1" or "none". */
const char *allow_name(unsigned mask);
/* "keep" or "latest". */
int parse_conflict(const char *s, enum nb_conflict *out);
const char *conflict_name(enum nb_conflict c);

#endif
