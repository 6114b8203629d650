/* machine_table: the machine as a terminal at a shared table ([table] join, `play --join`;
 * issue 15, 001: one dealer, any number of players, shared betting and decision times).
 *
 * The table's host deals; the terminal shows the table and plays its own seat. Its credits stay
 * in its own store, and its stakes cross to the table as transfers the store numbers and records
 * before they are sent (store_table_send): the bets when DEAL is pressed (or when the betting
 * time is about to run out with chips on the felt), a raise with its decision. A thread of its
 * own talks to the controller (src/link/link_table.h) so the machine never waits on the network:
 * it sits at the table (again after any failure, every second), follows the table by LISTEN and
 * reads what the terminal may see of it, sends the transfers not answered yet in their order (the
 * table answers a transfer sent again as it answered it first), and collects the results of the
 * rounds after the newest the store has. The machine's thread writes the answers (a refused
 * stake comes back) and the results (credited once) to the store.
 *
 * On the felt, the round is a replica of the player's round built with the engine: two seats,
 * the player's and one that only keeps the round open, dealt from the cards the table has shown
 * (the cards not shown yet stand in face down), the player's bets, and their decisions as they
 * make them; when the table shows more (the deal, the dealer's hand) the replica is built again
 * with it and the step that showed it is what the screen animates. The money is the table's: the
 * result collected is what the credits get, and the replica's result is checked against it.
 * Timers are the table's (the server's clock); the machine's own never deal or fold. Cajun
 * Stud's three steps are the table's too: each community card turns on the felt when the table
 * has closed its step. */
#ifndef STUDPOKER_MACHINE_TABLE_H
#define STUDPOKER_MACHINE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "store.h"

struct machine;
struct machine_events;
struct machine_input;

/* What the screen shows of the table (machine_table_status). */
typedef struct mtable_status {
    bool joined;     /* the machine is a terminal of a table */
    bool up;         /* the controller answers */
    char state[200]; /* "connected", or why not (for the log: the screen says it plainly) */
    char tab[48];
    char title[160];
    int64_t round;      /* the table's round on the felt (0: none yet) */
    char phase[16];     /* the table's: betting, closed, deciding, settled, cancelled */
    int players;        /* hands dealt in the round */
    int seated;         /* terminals at the table */
    bool bets_sent;     /* this round's bets have gone to the table */
    bool decided;       /* this step's decision has gone to the table */
    int64_t collected;  /* results collected since the start */
    bool synced;        /* nothing owed either way: every transfer answered, every result in */
    char line[200];     /* what the table says to the player now ("" none) */
    int64_t pool_value; /* the table's linked JACKPOT in its money (-1: none, or not known yet) */
} mtable_status_t;

/* Before the machine's game starts (machine_open): sits at the table the config names, and takes
 * the table's game (its [game] .. [timers] sections) into the machine's config. false when the
 * table cannot be joined (err says why: the controller, the table, this terminal). A table that
 * is not open yet (its host has not published it) is not joined: the machine opens without it,
 * and machine_table_waiting names it for the front to join once it opens. */
bool machine_table_join(struct machine *m, char *err, size_t errlen);
const char *machine_table_waiting(const struct machine *m); /* "" none */
/* The same with what joining gave already (the table's game, as its config file's text, its
 * title, and whether its JACKPOT is a linked pool): the game taken into the machine's config. */
bool machine_table_take(struct machine *m, const char *game, const char *title, bool linked,
                        char *err, size_t errlen);
/* After the game is up: the table's thread starts (a terminal needs a store). */
bool machine_table_start(struct machine *m, char *err, size_t errlen);
void machine_table_close(struct machine *m);
bool machine_table_status(const struct machine *m, mtable_status_t *out);

/* One step of a terminal, in place of the round's own buttons and timers (machine_step). */
void machine_table_step(struct machine *m, const struct machine_input *in, uint32_t dt_ms,
                        struct machine_events *e);
/* The table's running time: betting, or this player's decision (*deciding); -1 when none runs. */
int64_t machine_table_left_ms(const struct machine *m, bool *deciding);
/* Whether chips may go on the felt now (the table takes bets and this round's are not sent). */
bool machine_table_may_bet(const struct machine *m);

/* ---- a terminal at several tables (machine_seats.c; 001's Multi-Game Play) ----
 *
 * A terminal sits at up to four tables from one window: a machine per table (its felt, timers
 * and connection), all on the terminal's one store (machine_open_seat), stepped on one thread.
 * Before each machine steps, machine_share_sync reads the credits, locks and door again when
 * another machine wrote the store, and sets what the other tables may still raise (held
 * elsewhere: a bet here may not use it, so no hand anywhere is stuck for want of credits). */

/* A machine of the terminal's steps next: m and the others on the store. */
void machine_share_sync(struct machine *m, struct machine *const *all, int n);
/* The tables where this terminal's money is in play (its records: a stake not answered, or
 * accepted in a round whose result is not collected), most recent first, up to max; -1 when the
 * records cannot be read. A terminal started again goes back to them (001: the result of a round
 * played in its absence is shown when it comes back). */
int machine_table_owed(struct machine *m, char (*tabs)[41], int max);
/* What this table's hand may still raise in its round (0: no hand, folded, or settled). */
int64_t machine_table_reserve(const struct machine *m);
/* Whether the table can be left now without money in play there: no stake on its way, and this
 * round's stakes settled and collected (001: a player who leaves has the bets stand, so the
 * terminal stays until their result is in). */
bool machine_table_can_leave(const struct machine *m);
/* The player closed the table (X), or switched from it: it takes no more bets and is left as
 * soon as machine_table_can_leave (the front closes the machine then); meanwhile the felt says
 * so. false: the player stays after all (the switch's join failed). */
void machine_table_set_leaving(struct machine *m, bool leaving);
bool machine_table_leaving(const struct machine *m);

/* ---- the lobby (machine_lobby.c): the tables on the controller, for a terminal ---- */

typedef struct mlobby mlobby_t;
typedef struct mlobby_row {
    char tab[48];
    char title[160];
    char variant[24]; /* caribbean, cajun, asian */
    char limits[160]; /* "ANTE €5.00 - €500.00" */
    char currency[4];
    int seated;         /* terminals at the table */
    int64_t round;      /* its newest round (0: none yet) */
    char phase[16];     /* none, betting, closed, deciding, settled, cancelled */
    int left_ms;        /* of its betting or decision time, when the lobby was read */
    int64_t pool_value; /* its JACKPOT, the linked pool's prize in its money (-1: none) */
    int64_t read_at;    /* the lobby's clock (ms) when it was read: left_ms counts from then */
} mlobby_row_t;
#define MLOBBY_ROWS 32

typedef struct mlobby_join {
    char tab[48];
    bool ok;
    char err[300];   /* why not, for the log (the controller's or the network's words) */
    const char *say; /* why not, for the player: a text of the catalogs whose %s is the table's
                        name, said in the language on screen (the thread translates nothing) */
    char *game;      /* the table's game (malloc'd; the receiver frees it) */
    char title[160];
    bool linked; /* its JACKPOT is a linked pool */
} mlobby_join_t;

/* A thread of its own reads the lobby (every second while it is watched, and at once when asked),
 * and a second one sits at a table when asked: the join's round trips never hold the screen, and
 * a controller that cannot be reached, which a join tries again every second for 30 s, never
 * holds the lobby's rows. */
mlobby_t *mlobby_start(const char *url, const char *terminal);
void mlobby_stop(mlobby_t *l);
/* The rows as last read (up to MLOBBY_ROWS), *up whether the controller answered, state why not;
 * now_ms: the lobby's clock, for the rows' time left. */
int mlobby_rows(mlobby_t *l, mlobby_row_t *out, int max, bool *up, char *state, size_t n,
                int64_t *now_ms);
void mlobby_refresh(mlobby_t *l); /* read once more, now */
/* The lobby is on the screen (read every second) or not (read only when asked; its connection
 * closed a few seconds later). */
void mlobby_watch(mlobby_t *l, bool on);
/* Asks to sit at tab (false: a join is waiting already); its answer comes from
 * mlobby_join_result (true once, then the receiver owns out->game). */
bool mlobby_join(mlobby_t *l, const char *tab);
bool mlobby_join_result(mlobby_t *l, mlobby_join_t *out);
bool mlobby_joining(mlobby_t *l, char *tab, size_t n); /* a join asked and not answered */
/* The join asked is tried again (its controller could not be reached): the seconds it goes on
 * trying; -1 while it has not failed yet (or no join is asked). */
int mlobby_join_retry_s(mlobby_t *l);
/* The join asked waits for its table to open (refused: its host has not published it yet): it
 * sits there as soon as the table opens, however long that takes, unless it is given up. */
bool mlobby_join_waiting_open(mlobby_t *l);
/* The player gives up the join asked (tab gets its table): false when none was waiting (its
 * answer may be in already). No answer comes for it; a table the thread sat at meanwhile is left
 * again. */
bool mlobby_join_cancel(mlobby_t *l, char *tab, size_t n);
/* A table joined that the terminal does not play after all (it could not be opened here): the
 * thread leaves it, so the controller does not count the terminal there. */
void mlobby_leave(mlobby_t *l, const char *tab);

#endif
