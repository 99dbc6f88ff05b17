/* Fixed paths; the test build (-DNB_TEST_HOOKS) takes NB_TEST_SYSCTL,
 * NB_TEST_VMSTAT, NB_TEST_STATE_DIR and NB_TEST_NODES from the environment. */
#include "paths.h"

#include <stdlib.h>
#include <string.h>

#ifndef NB_NODES_PROG
#error "NB_NODES_PROG must name the installed numa-nodes (the build sets it from LIBEXECDIR)"
#endif

static struct nb_paths paths = {
	NB_SYSCTL_PATH, NB_VMSTAT_PATH, NB_BOOT_ID_PATH, NB_STATE_DIR, NB_NODES_PROG
};

#ifdef NB_TEST_HOOKS
/* A copy of the variable (main clears the environment), or dflt when it is
 * unset or empty. */
static const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);
	char *copy;

	if (!v || !*v)
		return dflt;
	if (!(copy = strdup(v)))
		abort(); /* test build only: never fall back to the real path */
	return copy;
}

void paths_init(void)
{
	paths.sysctl = env_or("NB_TEST_SYSCTL", NB_SYSCTL_PATH);
	paths.vmstat = env_or("NB_TEST_VMSTAT", NB_VMSTAT_PATH);
	paths.state_dir = env_or("NB_TEST_STATE_DIR", NB_STATE_DIR);
	paths.nodes = env_or("NB_TEST_NODES", NB_NODES_PROG);
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
