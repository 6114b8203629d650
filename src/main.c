/* studpoker: the command line. With no command it plays; the other commands are tools for
 * operators, auditors and developers. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "rng.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: studpoker [COMMAND] [ARGS]\n"
            "\n"
            "commands:\n"
            "  deal [--seed N]           shuffle and deal one Caribbean Stud hand in the terminal\n"
            "  rank CARD...              rank 5, 6 or 7 cards (e.g. As Kd Qh Jc Ts)\n"
            "  rank --board3 C C C       Cajun Stud Board Bonus hand\n"
            "  rank --pocket C C         Cajun Stud Pocket Bonus hand\n"
            "  rank --lowball C C C C C  Cajun Stud Lo Ball hand\n"
            "  rank --asian C C C C C    Asian Stud points and bonus hand (Jk is the joker)\n"
            "  bench eval                hand evaluator speed\n"
            "  help                      this text\n");
}

int main(int argc, char **argv) {
    if (!rng_library_init()) {
        fprintf(stderr, "studpoker: libsodium could not start; no cards can be dealt\n");
        return 1;
    }
    const char *cmd = argc > 1 ? argv[1] : "play";
    int sub_argc = argc > 1 ? argc - 2 : 0;
    char **sub_argv = argv + (argc > 1 ? 2 : 1);
    if (strcmp(cmd, "rank") == 0) return cli_rank(sub_argc, sub_argv);
    if (strcmp(cmd, "deal") == 0) return cli_deal(sub_argc, sub_argv);
    if (strcmp(cmd, "play") == 0) return cli_play(sub_argc, sub_argv);
    if (cmd[0] == '-' && cmd[1] == '-' && strcmp(cmd, "--help") != 0)
        return cli_play(argc - 1, argv + 1); /* options alone: play with them */
    if (strcmp(cmd, "bench") == 0) return cli_bench(sub_argc, sub_argv);
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "studpoker: unknown command '%s'\n\n", cmd);
    usage(stderr);
    return 2;
}
