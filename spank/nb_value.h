/* The user-facing value of --numa-balancing: what counts as valid, and
 * whether the site allows it. */
#ifndef NB_VALUE_H
#define NB_VALUE_H

#include <stdbool.h>
#include <stddef.h>

/* Returns 0 or 1 for exactly "0" or "1"; -1 for anything else. */
int nb_value_parse(const char *s);

/* True when bit v of allow_mask is set. */
bool nb_value_allowed(unsigned allow_mask, int v);

/* Writes the allowed values as "0,1", "0" or "1" into buf. */
void nb_value_format_allowed(unsigned allow_mask, char *buf, size_t len);

#endif
