/* `studpoker audit --db PATH [--meters] [--log N]`: an auditor's check of a machine's database,
 * independent of the game's own bookkeeping: every check the store makes at start (and the full
 * ones), then the money worked out again from the history round by round against the credits on the
 * machine, and every round's deck against every other's (no round dealt twice). Read-only. --meters
 * lists every meter ("name value", minor units), --log N the newest N audit rows. */
#include <inttypes.h>
#include <stdbool.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "store.h"

static int cmp_hash(const void *a, const void *b) {
    return memcmp(a, b, 16);
}

int cli_audit(int argc, char **argv) {
    const char *db = NULL, *key = NULL, *anchor = NULL;
    bool meters = false;
    int log_rows = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--db") == 0 && i + 1 < argc) {
            db = argv[++i];
        } else if (strcmp(argv[i], "--key") == 0 && i + 1 < argc) {
            key = argv[++i];
        } else if (strcmp(argv[i], "--anchor") == 0 && i + 1 < argc) {
            anchor = argv[++i];
        } else if (strcmp(argv[i], "--meters") == 0) {
            meters = true;
        } else if (strcmp(argv[i], "--log") == 0 && i + 1 < argc) {
            log_rows = atoi(argv[++i]);
            if (log_rows < 1 || log_rows > 10000) {
                fprintf(stderr, "studpoker audit: --log needs 1 to 10000 rows\n");
                return 2;
            }
        } else {
            fprintf(stderr,
                    "studpoker audit: unknown argument '%s' (usage: audit --db PATH [--key PATH] "
                    "[--anchor PATH] [--meters] [--log N])\n",
                    argv[i]);
            return 2;
        }
    }
    if (!db) {
        fprintf(stderr, "studpoker audit: --db PATH is required\n");
        return 2;
    }
    store_options_t opt = {0};
    opt.read_only = true;
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    if (store_open_files(db, key, anchor, &opt, &s, err, sizeof err) != STORE_OK ||
        store_verify(s, true) != STORE_OK) {
        printf("FAULT: %s\n", s ? store_message(s) : err);
        store_close(s);
        return 1;
    }
    int64_t n = store_history_count(s);
    store_round_record_t *rec = malloc(sizeof *rec);
    uint8_t(*decks)[16] = calloc((size_t)(n > 0 ? n : 1), 16);
    int64_t net = 0, voids = 0, chain_breaks = 0, round_errors = 0, prev_after = -1;
    int rc = 0;
    for (int64_t g = 1; rec && decks && g <= n; g++) {
        if (store_history_game(s, g, rec) != STORE_OK) {
            printf("FAULT: game %" PRId64 " cannot be read: %s\n", g, store_message(s));
            rc = 1;
            break;
        }
        const store_seat_record_t *x = &rec->seat[0];
        int64_t staked = 0, returned = 0;
        for (int w = 0; w < WAGER_COUNT; w++) staked += x->stake[w], returned += x->returned[w];
        /* each round moves the credits by exactly its stakes and returns */
        if (x->credits_after != x->credits_before - staked + returned) round_errors++;
        if (prev_after >= 0 && x->credits_before != prev_after) chain_breaks++;
        prev_after = x->credits_after;
        net += returned - staked;
        voids += rec->is_void;
        crypto_generichash(decks[g - 1], 16, rec->deck.cards, (size_t)rec->deck.count, NULL, 0);
    }
    int64_t dup = 0;
    if (decks && n > 1) {
        qsort(decks, (size_t)n, 16, cmp_hash);
        for (int64_t i = 1; i < n; i++) dup += memcmp(decks[i], decks[i - 1], 16) == 0;
    }
    free(decks);
    free(rec);
    /* a linked pool's prize comes from the controller, not from a round of this machine; a
     * shared table's stakes go out to it and its results come back (table_out, table_in) */
    static const char *const ins[] = {"coin_in", "bill_in", "voucher_in", "attendant_in",
                                      "linked_won", "table_in"};
    static const char *const outs[] = {"credit_out", "handpaid_credits", "cancelled_credits",
                                       "attendant_jackpots", "table_out"};
    int64_t in = 0, out = 0, v = 0, credits = 0;
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++)
        if (store_meter(s, ins[i], &v) == STORE_OK) in += v;
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
        if (store_meter(s, outs[i], &v) == STORE_OK) out += v;
    /* a round in play has not moved the ledger or the stored credits yet (its stakes are on the
     * felt, recorded with its actions): the books balance without it */
    int64_t in_play = store_game_in_play(s);
    if (store_credits(s, 0, &credits) != STORE_OK) {
        printf("FAULT: the credits cannot be read: %s\n", store_message(s));
        rc = 1;
    }
    int64_t lost = in - out + net - credits;
    printf("rounds %" PRId64 " (void %" PRId64 "), round in play %s, duplicate decks %" PRId64
           ", rounds whose credits do not add up %" PRId64 ", breaks between rounds %" PRId64 "\n",
           n, voids, in_play ? "yes" : "no", dup, round_errors, chain_breaks);
    printf("credits in %" PRId64 ", out %" PRId64 ", net of the finished rounds %" PRId64
           ", on the machine %" PRId64 "%s: cents lost %" PRId64 "\n",
           in, out, net, credits, in_play ? " (before the round in play)" : "", lost);
    /* the ticket register: what was printed here, what came back (here, and from other
     * machines of the floor), what was voided and what is still out, in minor units */
    store_ticket_totals_t tt;
    if (store_ticket_totals(s, &tt) == STORE_OK) {
        printf("tickets printed %" PRId64 " (%" PRId64 "), redeemed here %" PRId64 " (%" PRId64
               "; of other machines %" PRId64 " (%" PRId64 ")), voided %" PRId64 " (%" PRId64
               "), outstanding %" PRId64 " (%" PRId64 "), paid by other machines %" PRId64
               " (%" PRId64 ")\n",
               tt.issued_n, tt.issued, tt.redeemed_n, tt.redeemed, tt.floor_n, tt.floor,
               tt.voided_n, tt.voided, tt.outstanding_n, tt.outstanding, tt.elsewhere_n,
               tt.elsewhere);
        /* the register against the meters: every ticket printed was paid out of credit_out */
        int64_t cout = 0;
        store_meter(s, "credit_out", &cout);
        if (tt.issued > cout || tt.outstanding < 0) {
            printf("FAULT: the tickets printed (%" PRId64 ") exceed the credits paid out (%" PRId64
                   ")\n",
                   tt.issued, cout);
            rc = 1;
        }
    } else {
        printf("FAULT: the ticket register cannot be read: %s\n", store_message(s));
        rc = 1;
    }
    if (meters) {
        store_meter_value_t mv[256];
        int k = store_meters(s, mv, 256);
        for (int i = 0; i < k; i++) printf("meter %s %" PRId64 "\n", mv[i].name, mv[i].value);
    }
    if (log_rows) {
        store_audit_row_t *rows = calloc((size_t)log_rows, sizeof *rows);
        int k = rows ? store_audit_read(s, rows, log_rows) : -1;
        for (int i = 0; i < k; i++)
            printf("audit %" PRId64 " game %" PRId64 " %s %s\n", rows[i].id, rows[i].game,
                   rows[i].event, rows[i].detail);
        free(rows);
    }
    store_close(s);
    if (in_play)
        printf("game %" PRId64 " is in play: its stakes are on the felt and come back or are "
               "settled when the game resumes\n",
               in_play);
    return rc || dup || round_errors || lost != 0 ? 1 : 0;
}

/* The three files of a machine from the command line: --db PATH [--key PATH] [--anchor PATH]. */
static bool machine_files(const char *cmd, int argc, char **argv, const char **db, const char **key,
                          const char **anchor) {
    *db = *key = *anchor = NULL;
    for (int i = 0; i < argc; i++) {
        const char **slot = strcmp(argv[i], "--db") == 0       ? db
                            : strcmp(argv[i], "--key") == 0    ? key
                            : strcmp(argv[i], "--anchor") == 0 ? anchor
                                                               : NULL;
        if (!slot || i + 1 >= argc) {
            fprintf(stderr, "studpoker %s: usage: %s --db PATH [--key PATH] [--anchor PATH]\n", cmd,
                    cmd);
            return false;
        }
        *slot = argv[++i];
    }
    if (!*db) fprintf(stderr, "studpoker %s: --db PATH is required\n", cmd);
    return *db != NULL;
}

/* `studpoker upgrade --db PATH`: a technician's one-time upgrade of a database of the release of
 * 2026-11-24 to this release (store_upgrade_release1). */
int cli_upgrade(int argc, char **argv) {
    const char *db, *key, *anchor;
    if (!machine_files("upgrade", argc, argv, &db, &key, &anchor)) return 2;
    char report[STORE_MSG_LEN * 2], err[STORE_MSG_LEN];
    store_status_t st =
        store_upgrade_release1(db, key, anchor, report, sizeof report, err, sizeof err);
    if (st != STORE_OK) {
        fprintf(stderr, "studpoker upgrade: %s is not upgraded: %s\n", db, err);
        return 1;
    }
    printf("upgraded %s: %s\n", db, report);
    return 0;
}

/* `studpoker accept-restore --db PATH`: a technician accepts a database that its anchor says is
 * older (a genuine restore from a backup, after a disk failure): everything is checked from the
 * first row, the acceptance and what the anchor had recorded go into the audit log, ticket
 * numbers already used are skipped, and the anchor is made anew. */
int cli_accept_restore(int argc, char **argv) {
    const char *db, *key, *anchor;
    if (!machine_files("accept-restore", argc, argv, &db, &key, &anchor)) return 2;
    store_options_t opt = {0};
    opt.accept_restore = true;
    store_t *s = NULL;
    char err[STORE_MSG_LEN];
    struct stat sb;
    if (stat(db, &sb) != 0) {
        fprintf(stderr, "studpoker accept-restore: there is no database at %s\n", db);
        return 1;
    }
    if (store_open_files(db, key, anchor, &opt, &s, err, sizeof err) != STORE_OK) {
        fprintf(stderr, "studpoker accept-restore: %s is not accepted: %s\n", db, err);
        store_close(s);
        return 1;
    }
    store_audit_row_t row;
    int n = store_audit_read(s, &row, 1);
    store_close(s);
    /* the newest audit row is the power-up; the acceptance is just before it */
    printf("accepted %s: every record checked; the anchor is made anew%s\n", db,
           n > 0 ? "" : " (the audit log could not be read back)");
    return 0;
}
