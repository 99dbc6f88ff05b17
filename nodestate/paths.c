/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Fixed paths; the test build (-DNB_TEST_HOOKS) takes NB_TEST_SYSCTL,
 * NB_TEST_STATE_DIR and NB_TEST_NODE_DIR from the environment, and
 * NB_TEST_UNCONFINED=1 (the unit tests, which run many commands in one
 * process and change their files in between) turns Landlock off. */
#include "paths.h"

#include <stdlib.h>
#include <string.h>

static struct nb_paths paths = {
	NB_SYSCTL_PATH, NB_BOOT_ID_PATH, NB_STATE_DIR, NB_NODE_DIR, 1
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
	static char *sysctl, *state_dir, *node_dir;

	paths.sysctl = env_or(&sysctl, "NB_TEST_SYSCTL", NB_SYSCTL_PATH);
	paths.state_dir = env_or(&state_dir, "NB_TEST_STATE_DIR", NB_STATE_DIR);
	paths.node_dir = env_or(&node_dir, "NB_TEST_NODE_DIR", NB_NODE_DIR);
	paths.confine = !getenv("NB_TEST_UNCONFINED") || strcmp(getenv("NB_TEST_UNCONFINED"), "1");
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
