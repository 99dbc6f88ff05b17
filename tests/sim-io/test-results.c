/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-results.c - the result writer on a fixed one-rank run: the values it
 * computes (RTF, second-half RTF, phase totals, per-host NUMA facts, Slurm
 * environment), timers.txt, the placement record, and errors. It leaves
 * $NB_TEST_OUT/results (with placement) and results-no-placement for
 * check-result-dir.py, whose --fixture mode knows these arrays:
 *   cycle_time[0][c] = 0.001 (c + 1), phase_P[0][c] = 0.0001 (P + 1) (c + 1)
 *   (P in design order), spike_count[0][c] = 3 c,
 *   placement[0][s][b][k] = 0.04 s + 0.01 b + 0.001 k (5 samples, 3 buffers,
 *   this host's NUMA nodes + 2 classes, cycles 0, 2, ..., 8),
 *   placement_pages[0][s][b][j] = (s + b + j) % 4 - 3,
 *   placement_counters[0][s][k] = s + 0.5 k, pages of buffer b 10 b + 1,
 *   thread_deliver[t][c] = 1e-5 (t + 1) (c + 1), thread_update[t][c] =
 *   2e-5 (t + 1) (c + 1) (2 threads; only in results). */
#include "io/placement.h"
#include "io/results.h"
#include "run-suite.h"
#include "capture.h"

#include <check.h>
#include <math.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CYCLES 10
#define SAMPLES 5

static double cycle_s[CYCLES], phase_s[NB_PHASE_COUNT][CYCLES];
static int64_t spikes[CYCLES];
static int64_t sample_cycle[SAMPLES];
static double *share, counters[SAMPLES * NB_PLACEMENT_COUNTERS];
static int8_t pages_of[SAMPLES * 3 * NB_PLACEMENT_PAGES];
static uint64_t buffer_pages[3] = { 1, 11, 21 };
static const char *const buffer_names[3] = { "spike register", "ring buffers",
                                             "connections" };
static const char *const pops[2] = { "E", "I" };
static const double rates[2] = { 31.5, 30.25 };
static struct nb_cycle_log log_;
static struct nb_thread_log threads;
static struct nb_placement_log placement;
static char *argv_[] = { "nbsim", "--tag", "rep=03", "--tag", "site=x", NULL };
static const char *const tags[2] = { "rep=03", "site=x" };
static struct nb_run run;
static char out[4096];

static void fill_arrays(void)
{
	for (int c = 0; c < CYCLES; c++) {
		cycle_s[c] = 0.001 * (c + 1);
		for (int p = 0; p < NB_PHASE_COUNT; p++)
			phase_s[p][c] = 0.0001 * (p + 1) * (c + 1);
		spikes[c] = 3 * c;
	}
	log_.cycles = CYCLES;
	log_.cycle_s = cycle_s;
	for (int p = 0; p < NB_PHASE_COUNT; p++)
		log_.phase_s[p] = phase_s[p];
	log_.spikes = spikes;
	int nodes = nb_probe_numa_nodes(), classes = nodes + NB_PLACEMENT_EXTRA;
	share = calloc((size_t)(SAMPLES * 3 * classes), sizeof *share);
	ck_assert_ptr_nonnull(share);
	for (int s = 0; s < SAMPLES; s++) {
		sample_cycle[s] = 2 * s;
		for (int b = 0; b < 3; b++) {
			for (int k = 0; k < classes; k++)
				share[(s * 3 + b) * classes + k] =
				    0.04 * s + 0.01 * b + 0.001 * k;
			for (int j = 0; j < NB_PLACEMENT_PAGES; j++)
				pages_of[(s * 3 + b) * NB_PLACEMENT_PAGES + j] =
				    (int8_t)((s + b + j) % 4 - 3);
		}
		for (int k = 0; k < NB_PLACEMENT_COUNTERS; k++)
			counters[s * NB_PLACEMENT_COUNTERS + k] = s + 0.5 * k;
	}
	placement = (struct nb_placement_log){ .every = 2, .buffers = 3,
	    .names = buffer_names, .nodes = nodes, .samples = SAMPLES,
	    .capacity = SAMPLES, .cycle = sample_cycle, .share = share,
	    .page = pages_of, .pages = buffer_pages, .counters = counters,
	    .pagemap = -1 };
	ck_assert_int_eq(nb_thread_log_init(&threads, 2, CYCLES), 0);
	for (int t = 0; t < 2; t++)
		for (int c = 0; c < CYCLES; c++)
			nb_thread_log_cycle(&threads, t, (size_t)c,
			                    1e-5 * (t + 1) * (c + 1),
			                    2e-5 * (t + 1) * (c + 1));
	log_.threads = &threads;
}

/* What main.c records around the sim phase: 2 s of run delay, 0.5 s of
 * steal, 12 involuntary switches, load 1.5 to 2.5. */
static void fill_context(struct nb_run_context *c)
{
	*c = (struct nb_run_context){ .argc = 5, .argv = argv_,
	    .date_utc = "2026-12-01T10:00:00Z", .ntags = 2, .tags = tags,
	    .disturb_start = { 10, 20, 1.0, 3.0, 4.0, 5.0, 1.5 },
	    .disturb_end = { 22, 25, 3.0, 3.0, 4.5, 5.25, 2.5 } };
}

static void setup(void)
{
	const char *dir = getenv("NB_TEST_OUT");
	snprintf(out, sizeof out, "%s", dir ? dir : "/tmp");
	fill_arrays();
	run = (struct nb_run){ .model = "brunel", .scale = 0.5, .seed = 12345,
	    .params = json_pack("{s:f,s:f}", "g", 5.0, "eta", 2.0),
	    .threads = 2, .neurons = 6250, .synapses = 7812500, .dt_ms = 0.1,
	    .min_delay_steps = 15, .t_presim_ms = 100.0, .t_sim_ms = 15.0,
	    .time_create_s = 0.25, .time_connect_s = 1.5, .time_presim_s = 0.75,
	    .time_sim_s = 0.06, .pops = 2, .pop_names = pops, .pop_rates = rates,
	    .start = { 1, 100, 200, 150, 7 }, .end = { 1, 1100, 1200, 1000, 7 },
	    .own_start = { 3, 10, 0 }, .own_end = { 3, 14, 40 },
	    .compressed_spikes = true, .huge_pages = "system",
	    .placement = &placement };
	fill_context(&run.context);
}

static void teardown(void)
{
	json_decref(run.params);
	free(share);
	nb_thread_log_free(&threads);
}

static json_t *write_and_load(const char *name)
{
	char dir[4200], path[4300];
	snprintf(dir, sizeof dir, "%s/%s", out, name);
	ck_assert_int_eq(nb_results_write(dir, &run, &log_), 0);
	snprintf(path, sizeof path, "%s/summary.json", dir);
	json_error_t err;
	json_t *s = json_load_file(path, 0, &err);
	ck_assert_msg(s != NULL, "%s: %s", path, err.text);
	return s;
}

static double num(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	ck_assert_msg(json_is_number(v), "%s is not a number", key);
	return json_number_value(v);
}

START_TEST(computed_values)
{
	setenv("SLURM_JOB_ID", "4242", 1);
	setenv("SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing", "0", 1);
	setenv("SLURM_NUMA_BALANCING", "1", 1);
	json_t *s = write_and_load("results");
	ck_assert_double_eq_tol(num(s, "rtf"), 4.0, 1e-12);
	ck_assert_double_eq_tol(num(s, "rtf_second_half"), 0.040 / 0.0075, 1e-12);
	const json_t *update = json_object_get(json_object_get(s, "phases"), "update");
	ck_assert_double_eq_tol(num(update, "mean"), 0.011, 1e-15);
	ck_assert_double_eq_tol(num(update, "max"), 0.011, 1e-15);
	ck_assert_double_eq(num(json_object_get(s, "rates"), "I"), 30.25);
	ck_assert_int_eq(json_integer_value(json_object_get(s, "cycles")), CYCLES);
	ck_assert_str_eq(json_string_value(json_object_get(s, "slurm_job_id")), "4242");
	ck_assert_int_eq(json_integer_value(json_object_get(s, "numa_balancing_requested")), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(s, "numa_balancing_in_force")), 1);
	ck_assert_double_eq(num(json_object_get(s, "params"), "g"), 5.0);
	json_decref(s);
}
END_TEST

/* --numa-balancing=0-tasks is kept as text, without a warning; each
 * rank's memory policy is the one it ran under. */
START_TEST(policy_route)
{
	char err[1024];
	setenv("SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing", "0-tasks", 1);
	setenv("SLURM_NUMA_BALANCING", "0", 1);
	ck_assert_int_eq(set_mempolicy(MPOL_LOCAL, NULL, 0), 0);
	capture_begin();
	json_t *s = write_and_load("results-policy");
	capture_end(err, sizeof err);
	ck_assert_int_eq(set_mempolicy(MPOL_DEFAULT, NULL, 0), 0);
	ck_assert_str_eq(json_string_value(json_object_get(s, "numa_balancing_requested")), "0-tasks");
	ck_assert_int_eq(json_integer_value(json_object_get(s, "numa_balancing_in_force")), 0);
	const json_t *policy = json_object_get(s, "memory_policy");
	ck_assert_int_eq(json_array_size(policy), 1);
	ck_assert_str_eq(json_string_value(json_array_get(policy, 0)), "local");
	ck_assert_ptr_null(strstr(err, "not an integer"));
	json_decref(s);
	s = write_and_load("results");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(s, "memory_policy"), 0)), "default");
	json_decref(s);
}
END_TEST

START_TEST(per_host_facts)
{
	json_t *s = write_and_load("results");
	const char *host = json_string_value(json_array_get(
	    json_object_get(s, "hostnames"), 0));
	ck_assert_ptr_nonnull(host);
	const json_t *nb = json_object_get(json_object_get(s, "numa_balancing"), host);
	ck_assert_int_eq(json_integer_value(json_object_get(nb, "start")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(nb, "end")), 1);
	const json_t *vm = json_object_get(json_object_get(s, "vmstat_delta"), host);
	ck_assert_int_eq(json_integer_value(json_object_get(vm, "numa_pte_updates")), 1000);
	ck_assert_int_eq(json_integer_value(json_object_get(vm, "numa_hint_faults")), 1000);
	ck_assert_int_eq(json_integer_value(json_object_get(vm, "numa_hint_faults_local")), 850);
	ck_assert_int_eq(json_integer_value(json_object_get(vm, "numa_pages_migrated")), 0);
	const json_t *own = json_array_get(json_object_get(s, "process_numa"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(own, "pages_migrated")), 4);
	ck_assert_int_eq(json_integer_value(json_object_get(own, "numa_faults_end")), 40);
	ck_assert_int_eq(json_integer_value(json_object_get(own, "threads")), 3);
	json_decref(s);
	run.own_end.threads = -1;
	s = write_and_load("results-no-own");
	ck_assert(json_is_null(json_array_get(json_object_get(s, "process_numa"), 0)));
	json_decref(s);
}
END_TEST

START_TEST(placement_record)
{
	json_t *s = write_and_load("results");
	const json_t *p = json_object_get(s, "placement");
	ck_assert_int_eq(json_integer_value(json_object_get(p, "every")), 2);
	ck_assert_str_eq(json_string_value(json_array_get(
	    json_object_get(p, "buffers"), 1)), "ring buffers");
	ck_assert_int_eq(json_array_size(json_object_get(p, "cycles")), SAMPLES);
	ck_assert_int_eq(json_integer_value(json_array_get(
	    json_object_get(p, "cycles"), 4)), 8);
	const json_t *classes = json_object_get(p, "classes");
	ck_assert_int_eq(json_array_size(classes),
	                 (size_t)(nb_probe_numa_nodes() + NB_PLACEMENT_EXTRA));
	ck_assert_str_eq(json_string_value(json_array_get(classes, 0)), "node 0");
	ck_assert_str_eq(json_string_value(json_array_get(classes,
	    json_array_size(classes) - 2)), "scanner-marked");
	ck_assert_int_eq(json_integer_value(json_array_get(json_array_get(
	    json_object_get(p, "pages"), 0), 2)), 21);
	ck_assert_int_eq(json_integer_value(json_object_get(p, "sampled_pages")),
	                 NB_PLACEMENT_PAGES);
	json_decref(s);
}
END_TEST

/* The memory layout's keys: the options and the kernel's THP modes. */
START_TEST(memory_keys)
{
	json_t *s = write_and_load("results");
	ck_assert(json_is_true(json_object_get(s, "compressed_spikes")));
	ck_assert_str_eq(json_string_value(json_object_get(s, "huge_pages")), "system");
	const json_t *thp = json_object_get(s, "thp_enabled");
	ck_assert(json_is_null(thp) || json_is_string(thp));
	const json_t *huge = json_array_get(json_object_get(s, "anon_huge_pages_bytes"), 0);
	ck_assert(json_is_null(huge) || json_integer_value(huge) >= 0);
	json_decref(s);
}
END_TEST

START_TEST(probes_provenance_tags)
{
	setenv("OMP_PROC_BIND", "spread", 1);
	unsetenv("OMP_PLACES");
	json_t *s = write_and_load("results");
	const json_t *d = json_object_get(s, "disturbance");
	const json_t *rank = json_array_get(json_object_get(d, "ranks"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(rank, "involuntary_switches")), 12);
	ck_assert_double_eq(num(rank, "run_delay_s"), 2.0);
	/* update = 2e-4 (c + 1): median 1.1e-3, nothing over 5x. */
	ck_assert_double_eq_tol(num(rank, "update_median_s"), 1.1e-3, 1e-15);
	ck_assert_int_eq(json_integer_value(json_object_get(rank, "slow_update_cycles")), 0);
	const char *host = json_string_value(json_array_get(json_object_get(s, "hostnames"), 0));
	const json_t *h = json_object_get(json_object_get(d, "hosts"), host);
	ck_assert_double_eq(num(h, "steal_s"), 0.5);
	ck_assert_double_eq(num(h, "loadavg_end"), 2.5);
	const json_t *p = json_object_get(s, "provenance");
	ck_assert_str_eq(json_string_value(json_object_get(p, "date_utc")), "2026-12-01T10:00:00Z");
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(p, "command_line"), 2)), "rep=03");
	ck_assert_str_eq(json_string_value(json_object_get(p, "omp_proc_bind")), "spread");
	ck_assert(json_is_null(json_object_get(p, "omp_places")));
	ck_assert_int_eq(json_array_size(json_array_get(json_object_get(p, "thread_cpus"), 0)), 2);
	const json_t *t = json_object_get(s, "tags");
	ck_assert_str_eq(json_string_value(json_object_get(t, "rep")), "03");
	ck_assert_str_eq(json_string_value(json_object_get(t, "site")), "x");
	unsetenv("OMP_PROC_BIND");
	json_decref(s);
}
END_TEST

/* Unset Slurm variables are null; a malformed one is null with a warning. */
START_TEST(no_placement_no_slurm)
{
	char err[1024], path[4300];
	unsetenv("SLURM_JOB_ID");
	unsetenv("SLURM_SPANK__SLURM_SPANK_OPTION_numa_balancing_numa_balancing");
	setenv("SLURM_NUMA_BALANCING", "yes", 1);
	run.placement = NULL;
	log_.threads = NULL;
	capture_begin();
	json_t *s = write_and_load("results-no-placement");
	capture_end(err, sizeof err);
	unsetenv("SLURM_NUMA_BALANCING");
	ck_assert(json_is_null(json_object_get(s, "placement")));
	ck_assert(json_is_null(json_object_get(s, "slurm_job_id")));
	ck_assert(json_is_null(json_object_get(s, "numa_balancing_requested")));
	ck_assert(json_is_null(json_object_get(s, "numa_balancing_in_force")));
	ck_assert_ptr_nonnull(strstr(err, "SLURM_NUMA_BALANCING=\"yes\" is not an integer"));
	struct stat st;
	const char *files[] = { "placement.npy", "placement_pages.npy",
	                        "placement_counters.npy" };
	for (size_t i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/results-no-placement/%s", out, files[i]);
		ck_assert_int_ne(stat(path, &st), 0);
	}
	snprintf(path, sizeof path, "%s/results-no-placement/thread_update.npy", out);
	ck_assert_int_ne(stat(path, &st), 0);
	json_decref(s);
}
END_TEST

/* Every line is "key number"; a few values checked. */
START_TEST(timers_txt)
{
	char path[4300], line[256], key[128], val[128], extra[8];
	json_decref(write_and_load("results"));
	snprintf(path, sizeof path, "%s/results/timers.txt", out);
	FILE *f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	int lines = 0, seen = 0;
	while (fgets(line, sizeof line, f)) {
		ck_assert_msg(sscanf(line, "%127s %127s %7s", key, val, extra) == 2,
		              "not 'key value': %s", line);
		char *end;
		strtod(val, &end);
		ck_assert_msg(*end == '\0', "not a number: %s", line);
		lines++;
		seen += strcmp(line, "num_mpi_tasks 1\n") == 0 ||
		        strcmp(line, "time_simulate 0.06\n") == 0 ||
		        strcmp(line, "time_update 0.011\n") == 0 ||
		        strcmp(line, "global_spike_counter 135\n") == 0 ||
		        strcmp(line, "real_time_factor 4\n") == 0;
	}
	fclose(f);
	ck_assert_int_ge(lines, 15);
	ck_assert_int_eq(seen, 5);
}
END_TEST

START_TEST(unwritable_directory)
{
	char dir[4300], err[1024];
	snprintf(dir, sizeof dir, "%s/results/summary.json/sub", out);
	json_decref(write_and_load("results"));
	capture_begin();
	ck_assert_int_eq(nb_results_write(dir, &run, &log_), -1);
	capture_end(err, sizeof err);
	ck_assert_msg(strstr(err, "cannot create result directory ") != NULL &&
	              strstr(err, "/results/summary.json: a file of that name is "
	                     "in the way\n") != NULL, "%s", err);
}
END_TEST

/* An empty run, into a directory whose parents do not exist yet. */
START_TEST(no_cycles)
{
	log_.cycles = 0;
	threads.cycles = 0;
	run.t_sim_ms = 0.0;
	json_t *s = write_and_load("results-empty/new//parents/");
	ck_assert(json_is_null(json_object_get(s, "rtf")));
	ck_assert(json_is_null(json_object_get(s, "rtf_second_half")));
	json_decref(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("results");
	TCase *tc = tcase_create("results");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, computed_values);
	tcase_add_test(tc, policy_route);
	tcase_add_test(tc, per_host_facts);
	tcase_add_test(tc, placement_record);
	tcase_add_test(tc, probes_provenance_tags);
	tcase_add_test(tc, memory_keys);
	tcase_add_test(tc, no_placement_no_slurm);
	tcase_add_test(tc, timers_txt);
	tcase_add_test(tc, unwritable_directory);
	tcase_add_test(tc, no_cycles);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
