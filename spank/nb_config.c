/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Strict parser for the plugin's plugstack.conf arguments. Every argument
 * is key=value; an unknown key, a repeated key or a bad value is an error
 * that names the argument, so a typo never passes silently. */
#include "nb_config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*nb_key_fn)(struct nb_config *cfg, const char *value,
			 char *err, size_t errlen);

static int set_helper(struct nb_config *cfg, const char *value, char *err,
		      size_t errlen)
{
	if (value[0] != '/') {
		snprintf(err, errlen, "helper=%s: must be an absolute path", value);
		return -1;
	}
	if (strlen(value) >= sizeof(cfg->helper)) {
		snprintf(err, errlen, "helper=: path longer than %zu bytes",
			 sizeof(cfg->helper) - 1);
		return -1;
	}
	strcpy(cfg->helper, value);
	return 0;
}

static int set_default(struct nb_config *cfg, const char *value, char *err,
		       size_t errlen)
{
	if (parse_default(value, &cfg->default_value) == 0)
		return 0;
	snprintf(err, errlen, "default=%s: use keep, 0 or 1", value);
	return -1;
}

static int set_allow(struct nb_config *cfg, const char *value, char *err,
		     size_t errlen)
{
	if (parse_allow(value, &cfg->allow_mask) == 0)
		return 0;
	snprintf(err, errlen,
		 "allow=%s: use a comma-separated list of 0 and 1, each once (e.g. allow=0 or allow=0,1)",
		 value);
	return -1;
}

static int set_conflict(struct nb_config *cfg, const char *value, char *err,
			size_t errlen)
{
	if (parse_conflict(value, &cfg->conflict) == 0)
		return 0;
	snprintf(err, errlen, "conflict=%s: use keep or latest", value);
	return -1;
}

static int set_off(struct nb_config *cfg, const char *value, char *err,
		   size_t errlen)
{
	if (parse_off(value, &cfg->off) == 0)
		return 0;
	snprintf(err, errlen, "off=%s: use both, tasks or node", value);
	return -1;
}

static int set_timeout(struct nb_config *cfg, const char *value, char *err,
		       size_t errlen)
{
	char *end = NULL;
	unsigned long v;

	errno = 0;
	v = strtoul(value, &end, 10);
	if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0 ||
	    v < 1 || v > NB_TIMEOUT_MAX) {
		snprintf(err, errlen, "timeout=%s: use whole seconds from 1 to %u",
			 value, NB_TIMEOUT_MAX);
		return -1;
	}
	cfg->timeout_s = (unsigned)v;
	return 0;
}

static int set_mpi_membind(struct nb_config *cfg, const char *value, char *err,
			   size_t errlen)
{
	if (parse_membind(value, &cfg->mpi_membind) == 0)
		return 0;
	snprintf(err, errlen, "mpi_membind=%s: use off, job or all", value);
	return -1;
}

static const struct nb_key {
	const char *name;
	nb_key_fn set;
} nb_keys[] = {
	{ "helper", set_helper },
	{ "default", set_default },
	{ "allow", set_allow },
	{ "conflict", set_conflict },
	{ "timeout", set_timeout },
	{ "off", set_off },
	{ "mpi_membind", set_mpi_membind },
};

#define NB_NKEYS (sizeof(nb_keys) / sizeof(nb_keys[0]))

void nb_config_defaults(struct nb_config *cfg, const char *default_helper)
{
	memset(cfg, 0, sizeof(*cfg));
	snprintf(cfg->helper, sizeof(cfg->helper), "%s", default_helper);
	cfg->default_value = NB_DEFAULT_KEEP;
	cfg->allow_mask = NB_ALLOW_ALL;
	cfg->conflict = NB_CONFLICT_KEEP;
	cfg->timeout_s = 10;
	cfg->off = NB_OFF_BOTH;
	cfg->mpi_membind = NB_MEMBIND_OFF;
}

static int find_key(const char *arg, size_t keylen)
{
	for (size_t i = 0; i < NB_NKEYS; i++)
		if (strlen(nb_keys[i].name) == keylen &&
		    strncmp(nb_keys[i].name, arg, keylen) == 0)
			return (int)i;
	return -1;
}

static int parse_one(struct nb_config *cfg, const char *arg, unsigned *seen,
		     char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	int k;

	if (eq == NULL || eq == arg) {
		snprintf(err, errlen, "'%s': expected key=value", arg);
		return -1;
	}
	k = find_key(arg, (size_t)(eq - arg));
	if (k < 0) {
		snprintf(err, errlen,
			 "unknown key in '%s' (known: helper, default, allow, conflict, timeout, off, mpi_membind)",
			 arg);
		return -1;
	}
	if (*seen & (1u << k)) {
		snprintf(err, errlen, "'%s': %s= given twice", arg, nb_keys[k].name);
		return -1;
	}
	*seen |= 1u << k;
	if (eq[1] == '\0') {
		snprintf(err, errlen, "'%s': empty value", arg);
		return -1;
	}
	return nb_keys[k].set(cfg, eq + 1, err, errlen);
}

int nb_config_parse(struct nb_config *cfg, int argc, char *const argv[],
		    char *err, size_t errlen)
{
	unsigned seen = 0;

	for (int i = 0; i < argc; i++)
		if (parse_one(cfg, argv[i], &seen, err, errlen) != 0)
			return -1;
	return 0;
}
