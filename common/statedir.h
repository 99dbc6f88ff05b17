/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statedir.h - the helper's state directory: part of its interface, since
 * the plugin's epilog looks there to tell "nothing to restore" from a node
 * it may leave switched. */
#ifndef NB_COMMON_STATEDIR_H
#define NB_COMMON_STATEDIR_H

#define NB_STATE_DIR "/run/numa-balancing"

#endif
