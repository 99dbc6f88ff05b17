/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests: which route serves a request, what is in force for a task,
 * and when task 0 warns (never falsely). */
#include <errno.h>
#include <linux/mempolicy.h>
#include <string.h>

#include "check_suites.h"
#include "nb_route.h"

static const struct {
	int request;
	enum nb_off off;
	bool tasks, node;
} routes[] = {
	{ 0, NB_OFF_BOTH, true, true },
	{ 0, NB_OFF_TASKS, true, false },
	{ 0, NB_OFF_NODE, false, true },
	{ NB_REQUEST_0_TASKS, NB_OFF_BOTH, true, false },
	{ NB_REQUEST_0_TASKS, NB_OFF_NODE, true, false },
	{ 1, NB_OFF_BOTH, false, true },
	{ 1, NB_OFF_TASKS, false, true },
	{ 1, NB_OFF_NODE, false, true },
	{ NB_DEFAULT_KEEP, NB_OFF_BOTH, false, false },
};

START_TEST(route_table)
{
	ck_assert_int_eq(nb_route_tasks(routes[_i].request, routes[_i].off), routes[_i].tasks);
	ck_assert_int_eq(nb_route_node(routes[_i].request, routes[_i].off), routes[_i].node);
}
END_TEST

/* Bit 1 is normal balancing; the tiering bit (2) and 4 do not count. */
START_TEST(met_by_bit_one)
{
	ck_assert(nb_request_met(1, 1));
	ck_assert(nb_request_met(1, 3));
	ck_assert(!nb_request_met(1, 2));
	ck_assert(!nb_request_met(1, 0));
	ck_assert(nb_request_met(0, 2));
	ck_assert(nb_request_met(0, 4));
	ck_assert(!nb_request_met(0, 3));
	ck_assert(nb_request_met(NB_REQUEST_0_TASKS, 0));
	ck_assert(!nb_request_met(0, -ENOENT));
}
END_TEST

static char line[1024];

static bool warns(const struct nb_task *t)
{
	line[0] = '\0';
	return nb_warning(t, "n1", line, sizeof(line));
}

/* What task_init sees in the common cases: none of them warns. */
START_TEST(no_false_warning)
{
	const struct nb_task ok[] = {
		{ .request = 0, .kernel = 1, .policy = MPOL_LOCAL, .set_local = true },
		{ .request = NB_REQUEST_0_TASKS, .kernel = 3, .policy = MPOL_LOCAL, .set_local = true },
		{ .request = 0, .kernel = -ENOENT, .policy = MPOL_LOCAL, .set_local = true },
		{ .request = 0, .kernel = 1, .policy = MPOL_BIND },
		{ .request = 0, .kernel = 2, .policy = MPOL_DEFAULT },
		{ .request = 1, .kernel = 1, .policy = MPOL_DEFAULT },
		{ .request = 1, .kernel = 3, .policy = MPOL_DEFAULT },
		{ .request = NB_DEFAULT_KEEP, .kernel = -ENOENT, .policy = MPOL_DEFAULT },
		{ .request = NB_DEFAULT_KEEP, .kernel = 1, .policy = MPOL_BIND },
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		ck_assert_msg(!warns(&ok[i]), "case %zu warned: %s", i, line);
}
END_TEST

START_TEST(in_force)
{
	struct nb_task t = { .request = 1, .kernel = 3, .policy = MPOL_DEFAULT };

	ck_assert_int_eq(nb_in_force(&t), 3);
	t.policy = MPOL_LOCAL;
	ck_assert_int_eq(nb_in_force(&t), 0);
	t.policy = MPOL_BIND | MPOL_F_NUMA_BALANCING;
	ck_assert_int_eq(nb_in_force(&t), 3);
	t.policy = -ENOSYS;
	t.kernel = -ENOENT;
	ck_assert_int_eq(nb_in_force(&t), -ENOENT);
}
END_TEST

static const struct {
	struct nb_task t;
	const char *says; /* cppcheck-suppress unusedStructMember */
} warnings[] = {
	{ { .request = 1, .kernel = 0, .policy = MPOL_DEFAULT },
	  "this job asked for numa_balancing=1, but it is 0 on n1 (a job sharing the node holds the other value" },
	{ { .request = 0, .kernel = 1, .policy = MPOL_DEFAULT },
	  "asked for numa_balancing=0, but it is 1 on n1 (a job sharing" },
	{ { .request = 1, .kernel = 1, .policy = MPOL_BIND },
	  "numa_balancing=1, but its tasks on n1 have an explicit memory policy (bind, from --mem-bind" },
	{ { .request = 1, .kernel = 1, .policy = MPOL_PREFERRED | MPOL_F_STATIC_NODES },
	  "explicit memory policy (preferred," },
	{ { .request = 0, .kernel = 1, .policy = MPOL_DEFAULT, .set_errno = EPERM },
	  "but it is 1 on n1 (the tasks could not be given a local memory policy: Operation not permitted); SLURM_NUMA_BALANCING=1" },
	{ { .request = NB_REQUEST_0_TASKS, .kernel = 3, .policy = MPOL_BIND | MPOL_F_NUMA_BALANCING },
	  "numa_balancing=0-tasks, but it is 3 on n1 (the tasks keep their memory policy (bind)" },
	{ { .request = 1, .kernel = -ENOENT, .policy = MPOL_DEFAULT },
	  "numa_balancing=1, but n1 cannot provide it (/proc/sys/kernel/numa_balancing: No such file or directory); nothing was changed" },
	{ { .request = 0, .site_default = true, .kernel = 1, .policy = MPOL_DEFAULT },
	  "the site default for this job is numa_balancing=0, but it is 1" },
};

START_TEST(warning_says_why)
{
	ck_assert(warns(&warnings[_i].t));
	ck_assert_msg(strstr(line, warnings[_i].says) != NULL, "%d: '%s'", _i, line);
}
END_TEST

START_TEST(mem_bind_note)
{
	struct nb_task t = { .request = 1, .kernel = 1, .policy = MPOL_DEFAULT, .mem_bind = "local" };

	ck_assert(nb_mem_bind_note(&t, line, sizeof(line)));
	ck_assert_ptr_nonnull(strstr(line, "SLURM_MEM_BIND_TYPE=local"));
	ck_assert_ptr_nonnull(strstr(line, "--mem-bind=none keeps balancing"));
	/* psslurm exports "local" whether or not psid binds: never says it did */
	ck_assert_ptr_nonnull(strstr(line, "would not reach it"));
	ck_assert_ptr_null(strstr(line, "does not reach it"));
	ck_assert_ptr_nonnull(strstr(line, "numa-balancing-check"));
	t.mem_bind = "map_mem:";
	ck_assert(nb_mem_bind_note(&t, line, sizeof(line)));
	t.mem_bind = "none";
	ck_assert(!nb_mem_bind_note(&t, line, sizeof(line)));
	t.mem_bind = "";
	ck_assert(!nb_mem_bind_note(&t, line, sizeof(line)));
	t.mem_bind = NULL;
	ck_assert(!nb_mem_bind_note(&t, line, sizeof(line)));
	/* Already bound: the warning says it; a 0 request loses nothing. */
	t.mem_bind = "local";
	t.policy = MPOL_BIND;
	ck_assert(!nb_mem_bind_note(&t, line, sizeof(line)));
	t.policy = MPOL_DEFAULT;
	t.request = 0;
	ck_assert(!nb_mem_bind_note(&t, line, sizeof(line)));
}
END_TEST

Suite *route_suite(void)
{
	Suite *s = suite_create("route");
	TCase *tc = tcase_create("route");

	tcase_add_loop_test(tc, route_table, 0, (int)(sizeof(routes) / sizeof(routes[0])));
	tcase_add_test(tc, met_by_bit_one);
	tcase_add_test(tc, no_false_warning);
	tcase_add_test(tc, in_force);
	tcase_add_loop_test(tc, warning_says_why, 0, (int)(sizeof(warnings) / sizeof(warnings[0])));
	tcase_add_test(tc, mem_bind_note);
	suite_add_tcase(s, tc);
	return s;
}
