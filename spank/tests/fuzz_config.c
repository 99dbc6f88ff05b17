/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the plugin's plugstack.conf argument parser. The input
 * is split at NUL bytes into arguments. An accepted configuration has an
 * absolute helper path, a default of keep, 0 or 1, a non-empty allow mask,
 * a timeout of 1..3600 and an off= route that has a name; a refused one
 * always has a message. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nb_config.h"

#define MAX_ARGS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[MAX_ARGS], err[256] = "";
	struct nb_config cfg;
	int argc = 0;
	size_t start = 0;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (size_t i = 0; i <= size && argc < MAX_ARGS; i++) {
		if (copy[i] == '\0') {
			argv[argc++] = copy + start;
			start = i + 1;
		}
	}
	nb_config_defaults(&cfg, "/usr/local/sbin/numa-balancing-helper");
	if (nb_config_parse(&cfg, argc, argv, err, sizeof(err)) == 0) {
		if (cfg.helper[0] != '/' || cfg.default_value < NB_DEFAULT_KEEP || cfg.default_value > 1 ||
		    cfg.allow_mask < 1 || cfg.allow_mask > 3 || cfg.timeout_s < 1 ||
		    cfg.timeout_s > NB_TIMEOUT_MAX || parse_off(off_name(cfg.off), &cfg.off) != 0)
			abort();
	} else if (err[0] == '\0') {
		abort();
	}
	free(copy);
	return 0;
}
