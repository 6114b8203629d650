/* cli_rules: what the math commands (parsheet, simulate, hint and their benchmarks) share: the
 * rules from --config FILE or --preset NAME, their common options, and a clock for the
 * "computed in" figures. Messages go to stderr; the int results are exit statuses (cli.h). */
#ifndef STUDPOKER_CLI_RULES_H
#define STUDPOKER_CLI_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "rules.h"

/* Seconds on the monotonic clock. */
double cli_seconds(void);

/* Loads --config FILE or --preset NAME (default: the classic preset). Returns 0 or the exit
 * status, with the errors on stderr; *name gets what the rules came from. */
int cli_load_rules(const char *config, const char *preset, rules_t *out, const char **name);

/* Reads --config, --preset, and, where the pointer is not NULL, --json, --min-payback PCT and
 * --threads N (1 to 8). Returns 0, or 2 with the unknown option or bad value on stderr. */
int cli_math_options(int argc, char **argv, const char **config, const char **preset, bool *json,
                     int32_t *min_bp, int *threads);

#endif
