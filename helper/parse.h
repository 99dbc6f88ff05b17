/* Strict parsers for the few strings the helper accepts: job ids, request
 * values, kernel values, conflict policies. Pure functions, no I/O. */
#ifndef NB_PARSE_H
#define NB_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define NB_JOB_ID_MAX 4294967294u /* Slurm job ids: 1 .. 2^32-2 */

enum nb_conflict { NB_CONFLICT_KEEP, NB_CONFLICT_LATEST };

/* Decimal digits only, no sign, no leading zero, no whitespace, within
 * [0, max]. Returns 0 on success, -1 otherwise. */
int parse_uint(const char *s, size_t len, uint64_t max, uint64_t *out);
/* A Slurm job id as Slurm prints SLURM_JOB_ID: 1 .. 2^32-2. */
int parse_job_id(const char *s, uint32_t *out);
/* A job's request: exactly "0" or "1". */
int parse_request_value(const char *s, int *out);
/* The kernel's numa_balancing value as read from the sysctl: digits and an
 * optional trailing newline, 0 .. NB_KERNEL_VALUE_MAX. */
#define NB_KERNEL_VALUE_MAX 255
int parse_kernel_value(const char *s, size_t len, int *out);
/* "keep" or "latest". */
int parse_conflict(const char *s, enum nb_conflict *out);
const char *conflict_name(enum nb_conflict c);

#endif
