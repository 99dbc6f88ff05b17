/* procfs.c - reads the numa_balancing sysctl and /proc/vmstat's NUMA
 * counters from the paths given. */
#include "io/procfs.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int nb_read_numa_balancing(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int value = -1;
	char extra;
	char line[64];
	if (fgets(line, sizeof line, f) &&
	    sscanf(line, "%d %c", &value, &extra) != 1)
		value = -1;
	fclose(f);
	return value < 0 ? -1 : value;
}

/* Stores `value` in the counter called `name`, if p has one. */
static void set_counter(struct nb_node_probe *p, const char *name,
                        uint64_t value)
{
	const struct {
		const char *name;
		uint64_t *dst;
	} counters[] = {
		{ "numa_pte_updates", &p->numa_pte_updates },
		{ "numa_hint_faults", &p->numa_hint_faults },
		{ "numa_hint_faults_local", &p->numa_hint_faults_local },
		{ "numa_pages_migrated", &p->numa_pages_migrated },
	};
	for (size_t i = 0; i < sizeof counters / sizeof counters[0]; i++)
		if (strcmp(name, counters[i].name) == 0)
			*counters[i].dst = value;
}

int nb_read_vmstat(const char *path, struct nb_node_probe *p)
{
	p->numa_pte_updates = p->numa_hint_faults = 0;
	p->numa_hint_faults_local = p->numa_pages_migrated = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char name[64];
	uint64_t value;
	char line[128];
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "%63s %" SCNu64, name, &value) == 2)
			set_counter(p, name, value);
	fclose(f);
	return 0;
}
