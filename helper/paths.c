/* Fixed paths; the test build (-DNB_TEST_HOOKS) takes NB_TEST_SYSCTL,
 * NB_TEST_VMSTAT, NB_TEST_STATE_DIR, NB_TEST_NODES and NB_TEST_CGROUP_SLICE
 * from the environment. */
#include "paths.h"

#include <stdlib.h>
#include <string.h>

#ifndef NB_NODES_PROG
#error "NB_NODES_PROG must name the installed numa-nodes (the build sets it from LIBEXECDIR)"
#endif

static struct nb_paths paths = {
	NB_SYSCTL_PATH, NB_VMSTAT_PATH, NB_BOOT_ID_PATH, NB_STATE_DIR, NB_NODES_PROG,
	NB_CGROUP_SLICE
};

#ifdef NB_TEST_HOOKS
/* Sets *copy to a copy of the variable (main clears the environment) and
 * returns it, or dflt when the variable is unset or empty; the unit tests
 * call paths_init again, so an earlier copy is freed. */
static const char *env_or(char **copy, const char *name, const char *dflt)
{
	const char *v = getenv(name);

	free(*copy);
	*copy = NULL;
	if (!v || !*v)
		return dflt;
	if (!(*copy = strdup(v)))
		abort(); /* test build only: never fall back to the real path */
	return *copy;
}

void paths_init(void)
{
	static char *sysctl, *vmstat, *state_dir, *nodes, *slice;

	paths.sysctl = env_or(&sysctl, "NB_TEST_SYSCTL", NB_SYSCTL_PATH);
	paths.vmstat = env_or(&vmstat, "NB_TEST_VMSTAT", NB_VMSTAT_PATH);
	paths.state_dir = env_or(&state_dir, "NB_TEST_STATE_DIR", NB_STATE_DIR);
	paths.nodes = env_or(&nodes, "NB_TEST_NODES", NB_NODES_PROG);
	paths.cgroup_slice = env_or(&slice, "NB_TEST_CGROUP_SLICE", NB_CGROUP_SLICE);
}
#else
void paths_init(void)
{
}
#endif

void paths_get(struct nb_paths *p)
{
	*p = paths;
}
