/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Check suites of the helper's unit tests, and the scratch node (temporary
 * state directory and fake sysctl) the in-process command tests use. */
#ifndef NB_TEST_SUITES_H
#define NB_TEST_SUITES_H

#include <check.h>
#include <stdint.h>

#include "common/values.h"

Suite *args_suite(void);
Suite *record_suite(void);
Suite *policy_suite(void);
Suite *statedir_suite(void);
Suite *state_suite(void);
Suite *shared_suite(void);
Suite *recovery_suite(void);
Suite *log_suite(void);
Suite *gone_suite(void);
Suite *metrics_suite(void);

/* A temporary directory with st/ (the state directory) and sysctl (the
 * fake kernel value); NB_TEST_* point at them, the reader's job cgroups at
 * slice/ and the sysfs NUMA nodes at nodes/, which a test creates when it
 * wants them. Commands run unconfined (no Landlock: the tests change files
 * between them). */
void scratch_setup(void);
/* scratch_setup, then the helper's own privilege drop, as main does before
 * any command runs (each test is a forked child). */
void commands_setup(void);
void scratch_teardown(void);
const char *scratch_path(const char *name);
void scratch_write(const char *name, const char *data);
void fake_set(int value);
int fake_get(void);
/* Write st/<name> as a job record, st/baseline, with the given boot id;
 * put_record_v1 as the version 1 format that came before yielding
 * requests. */
void put_record(const char *name, uint32_t job, int value, const char *boot);
void put_baseline(int value, const char *boot);
void put_record_v1(const char *name, uint32_t job, int value, const char *boot);
/* The real commands, in process. */
int prolog(uint32_t job, int value, enum nb_conflict c);
/* prolog with --off off (prolog: --off node). */
int prolog_off(uint32_t job, int value, enum nb_conflict c, enum nb_off off);
/* A yielding 0: prolog --value 0 --off both. */
#define prolog_yield(job) prolog_off((job), 0, NB_CONFLICT_KEEP, NB_OFF_BOTH)
int epilog(uint32_t job);
#define KEEP NB_CONFLICT_KEEP
#define LATEST NB_CONFLICT_LATEST
/* The fake sysctl holds baseline; no record and no baseline are left. */
void assert_clean(int baseline);
/* This boot's id, for records that must not look stale. */
const char *this_boot(void);
/* Number of job.* and pending.* files in st/; whether st/baseline exists. */
int records_on_disk(void);
int baseline_on_disk(void);

#endif
