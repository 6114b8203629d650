/* link_table: a shared table's calls on the controller (table*.sql), the host's and a terminal's.
 *
 * One dealer, any number of players (001). The host (`studpoker table-host`) opens rounds, deals,
 * closes the decisions and settles through the host_ functions, logged in as its table's own
 * login; each terminal sits at the table, sends its stakes and decisions and collects its
 * results through the table_ functions, logged in as its own. A terminal's stakes are transfers
 * keyed by the terminal (machine, transfer), answered the same however often they are sent; what
 * comes back is the round's result for the terminal, keyed (table, round, machine). Statuses and
 * messages as link.h's: LINK_REFUSED (the controller said no; the same again gets the same
 * answer), LINK_DOWN (no answer; safe to send again). Cards travel as text ("As Kd Jk"), amounts
 * as int64_t minor units of the table's currency, one per wager in rules.h's order. */
#ifndef STUDPOKER_LINK_TABLE_H
#define STUDPOKER_LINK_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "link.h"

#define LT_WAGERS    16  /* amounts per stake at most (rules.h's WAGER_COUNT fits) */
#define LT_CARDS_LEN 200 /* a deck as text: 53 cards of 2 and a space */
#define LT_TEXT_LEN  160

/* ---- a terminal's ---- */

typedef struct lt_table {
    char tab[LINK_NAME_LEN];
    char currency[4];
    char title[LT_TEXT_LEN];
    char variant[24];
    char deal[16];            /* one_deck, per_player */
    char pool[LINK_NAME_LEN]; /* the linked pool the table's JACKPOT is ("" none) */
    int betting_ms, deciding_ms;
    char *config; /* the host's configuration (malloc'd: link_table_free) */
} lt_table_t;

/* Sits at the table: what the terminal plays by. */
link_status_t link_table_join(link_t *l, const char *machine, const char *tab, lt_table_t *out);
/* The last call was refused because its table is not open yet: its host has not published it
 * (the terminal waits for it to open). */
bool link_table_not_open(const link_t *l);
/* The last call was refused because the controller's schema is older than this program's (it
 * has no such function or view: `link init` adds it). */
bool link_schema_older(const link_t *l);
void link_table_free(lt_table_t *t);
link_status_t link_table_leave(link_t *l, const char *machine, const char *tab);

/* The table as the terminal may see it: the newest round (0: none yet). */
typedef struct lt_view {
    int64_t round;
    char phase[16]; /* none, betting, closed, deciding, settled, cancelled */
    int step;
    int betting_left_ms, deciding_left_ms;
    char up_card[8];     /* from the deal */
    char dealer[32];     /* when settled */
    char board[16];      /* Cajun: the community cards shown */
    int players, seated; /* hands dealt, terminals sitting */
    char config_hash[72];
    char my_cards[32];     /* "" when not dealt */
    int64_t my_staked;     /* accepted */
    char my_decisions[64]; /* "0:play:1 1:fold:0" */
    char my_result[16];    /* "", settled, void, cancelled */
    int64_t my_total;
    int64_t my_returned[LT_WAGERS];
    int nreturned;
    int64_t pool_value; /* the table's linked pool in its money (-1: none) */
} lt_view_t;
link_status_t link_table_view(link_t *l, const char *machine, const char *tab, lt_view_t *out);

typedef struct lt_answer {
    bool accepted;
    bool replay; /* this key was answered before: this is that answer */
    char reason[LT_TEXT_LEN];
} lt_answer_t;
/* The bets of a round (n amounts, one per wager) under the terminal's key `transfer`. */
link_status_t link_table_stake(link_t *l, const char *machine, const char *tab, int64_t round,
                               int64_t transfer, const int64_t *amounts, int n, lt_answer_t *out);
/* A decision of step `step`: "play" with its multiple (1..3) and its raise's transfer and amount,
 * or "fold" (transfer 0, amount 0). */
link_status_t link_table_decide(link_t *l, const char *machine, const char *tab, int64_t round,
                                int step, const char *action, int multiple, int64_t transfer,
                                int64_t amount, lt_answer_t *out);

typedef struct lt_result {
    int64_t round;
    char kind[16]; /* settled, void, cancelled */
    int64_t staked, total;
    int64_t returned[LT_WAGERS];
    int nreturned;
    char verdict[LT_TEXT_LEN];
    char dealer[32], board[16], cards[32], decisions[64];
    int64_t stakes[LT_WAGERS]; /* what was staked on each wager (bets and raises) */
    int nstakes;
} lt_result_t;
/* The terminal's results after round `after`, oldest first: up to max (at most 100), *n. */
link_status_t link_table_results(link_t *l, const char *machine, const char *tab, int64_t after,
                                 lt_result_t *out, int max, int *n);

/* What a terminal reads on each of the table's notices, in one call: the table as
 * link_table_view reads it and, when after >= 0, the results after round `after` as
 * link_table_results collects them (up to max, *n); *more when the table holds results past
 * those given (else the terminal has every result it has been given up to the newest). Read from
 * the view table_now (schema 7) when that holds all of it, which is on the settlement's notice
 * and while the table takes bets; else from table_look (schema 5: the round dealt, the terminal
 * holding a hand in it; results of earlier rounds due; a controller before schema 7). my_staked
 * is what the player staked once dealt (0 before the deal: table_look gave the bets sent). */
#define LT_LOOK_RESULTS 100 /* results table_look gives at once */
link_status_t link_table_look(link_t *l, const char *machine, const char *tab, int64_t after,
                              lt_view_t *view, lt_result_t *out, int max, int *n, bool *more);

typedef struct lt_transfer {
    bool found; /* false: the table never saw this key */
    char tab[LINK_NAME_LEN];
    int64_t round, total;
    int step;
    bool accepted;
    char reason[LT_TEXT_LEN];
} lt_transfer_t;
link_status_t link_table_transfer(link_t *l, const char *machine, int64_t transfer,
                                  lt_transfer_t *out);

typedef struct lt_lobby_row {
    char tab[LINK_NAME_LEN];
    char title[LT_TEXT_LEN];
    char variant[24];
    char limits[LT_TEXT_LEN];
    char currency[4];
    int seated;
    int64_t round;
    char phase[16];
    int left_ms;
    int64_t pool_value; /* its JACKPOT: the linked pool's prize in its money (-1: none) */
} lt_lobby_row_t;
link_status_t link_table_lobby(link_t *l, lt_lobby_row_t *rows, int max, int *n);

/* Follows a table (its round's every change is notified) and waits up to timeout_ms for a
 * change: *changed then. Other notices on the connection are dropped. */
link_status_t link_table_listen(link_t *l, const char *tab);
link_status_t link_table_wait(link_t *l, int timeout_ms, bool *changed);

/* ---- the host's ---- */

link_status_t link_host_publish(link_t *l, const char *tab, const char *config, const char *title,
                                const char *variant, const char *limits, int betting_ms,
                                int deciding_ms, const char *deal, const char *pool,
                                const char *link_machine);

typedef struct lt_host_round {
    bool found;
    int64_t round;
    char phase[16];
    int step;
    int betting_left_ms, deciding_left_ms;
    char config_hash[72];
    char deck[LT_CARDS_LEN];
    int64_t age_ms; /* since its last deadline */
} lt_host_round_t;
link_status_t link_host_round(link_t *l, const char *tab, lt_host_round_t *out);
link_status_t link_host_open(link_t *l, const char *tab, const char *config_hash, int64_t *round);

typedef struct lt_bets {
    char machine[LINK_NAME_LEN];
    int64_t amounts[LT_WAGERS];
    int n;
    int64_t staked;
    bool present;
} lt_bets_t;
/* Betting closes; *n players' accepted bets (up to max; LINK_REFUSED if there are more, with
 * *n how many). */
link_status_t link_host_close_betting(link_t *l, const char *tab, int64_t round, lt_bets_t *out,
                                      int max, int *n);

typedef struct lt_hand {
    const char *machine;
    char cards[32];
    char deck[LT_CARDS_LEN];
} lt_hand_t;
typedef struct lt_void {
    const char *machine;
    int64_t staked;
    char reason[LT_TEXT_LEN];
} lt_void_t;
link_status_t link_host_deal(link_t *l, const char *tab, int64_t round, const char *deck,
                             const char *dealer, const char *up, const char *board,
                             const lt_hand_t *hands, int nhands, const lt_void_t *voids, int nvoids,
                             int wagers);

/* The terminals seated at the table, counted into its newest round (what the terminals' views
 * and the lobby show: a count the host keeps, not one each of thousands of terminals makes). */
link_status_t link_host_seated(link_t *l, const char *tab, int *seated);
link_status_t link_host_step(link_t *l, const char *tab, int64_t round, int *step, int *waiting,
                             int *left_ms);
/* Closes step `step` (undecided players auto-folded), opening the next when next; *playing: how
 * many players played this step (0: nobody is left to decide another). */
link_status_t link_host_close_step(link_t *l, const char *tab, int64_t round, int step, bool next,
                                   int *playing);

typedef struct lt_player {
    char machine[LINK_NAME_LEN];
    int64_t amounts[LT_WAGERS]; /* the bets before the deal, per wager (n of them) */
    int n;
    int64_t staked, raised;    /* before the deal, in raises */
    int64_t stakes[LT_WAGERS]; /* every accepted stake, raises too, per wager (nstakes) */
    int nstakes;
    char deck[LT_CARDS_LEN];
    char decisions[96]; /* "step:action:multiple:amount ..." */
} lt_player_t;
/* The players dealt in a round, in seat order: up to max (LINK_REFUSED if there are more, with *n
 * how many). The table sends each player's accepted stakes as they were sent; they are summed
 * here (a stake is at most LT_WAGERS amounts: one with more is refused). */
link_status_t link_host_players(link_t *l, const char *tab, int64_t round, lt_player_t *out,
                                int max, int *n);
/* The same for a host that closed the round's betting and dealt it in this run (schema 6): the
 * players dealt are given in players[0 .. n-1], each with its machine, deck and bets as the host
 * read them at the close (stakes: the bets); the table sends only each one's decisions with their
 * raises, added here. LINK_REFUSED when one is not of a player given (read host_players then). */
link_status_t link_host_decisions(link_t *l, const char *tab, int64_t round, lt_player_t *players,
                                  int n);
/* Schema 7: the decisions of the players players[which[0 .. k-1]] as they are now, each read
 * afresh over its bets (stakes: the bets, then its raises added; decisions as link_host_decisions
 * gives them); a player with none yet is left as it was. The host reads them while the round's
 * last step is open, and after its close those it did not have. */
link_status_t link_host_decisions_of(link_t *l, const char *tab, int64_t round,
                                     lt_player_t *players, const int *which, int k);

typedef struct lt_settle {
    const char *machine;
    int64_t staked, total;
    int64_t returned[LT_WAGERS];
    char verdict[LT_TEXT_LEN];
    /* what the terminal collects with the result: its decisions ("step:action:multiple ...") and
     * its accepted stakes per wager, as read from the table (lt_player_t) */
    char decisions[64];
    int64_t stakes[LT_WAGERS];
} lt_settle_t;
link_status_t link_host_settle(link_t *l, const char *tab, int64_t round, const lt_settle_t *rows,
                               int n, int wagers);
link_status_t link_host_cancel(link_t *l, const char *tab, int64_t round, const char *reason,
                               int wagers, int *refunded);

/* ---- an operator's audit ---- */

typedef struct lt_audit_row {
    char machine[LINK_NAME_LEN]; /* "" for a round without results */
    char kind[16];
    int64_t staked, total;
    int64_t returned[LT_WAGERS];
    int nreturned;
} lt_audit_row_t;
/* A round's phase and its results (up to max; LINK_REFUSED if there are more, with *n how
 * many). */
link_status_t link_audit_round(link_t *l, const char *tab, int64_t round, char phase[16],
                               lt_audit_row_t *rows, int max, int *n);
typedef struct lt_audit_money {
    int64_t rounds, finished, problems, staked, returned;
    char first_problems[512];
} lt_audit_money_t;
link_status_t link_audit_money(link_t *l, const char *tab, lt_audit_money_t *out);
/* The linked prizes a round's players were paid by the controller: up to max (machine, amount). */
typedef struct lt_linked_win {
    char machine[LINK_NAME_LEN];
    int64_t amount;
} lt_linked_win_t;
link_status_t link_audit_linked(link_t *l, const char *tab, int64_t round, lt_linked_win_t *out,
                                int max, int *n);

#endif
