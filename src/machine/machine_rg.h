/* machine_rg: responsible gaming, what a regulator asks of a machine (issue 16; seed 001's
 * RESPONSIBLE GAMING button).
 *
 * The machine's clock for all of this runs with the wall clock's forward moves only and starts
 * from the latest time the store knows of (kept once a minute): setting the clock back, with or
 * without a restart, shortens no break, no stop after a limit and no session's time. Moving it
 * forward is seen as time passing (a cabinet's clock is the operator's).
 *
 * A session is the player's time at the machine. A cabinet's begins when credits come onto a
 * machine with none open and ends when the credits are cashed out or run out; a desktop's
 * begins when the game starts and ends when the game has been closed for [responsible]
 * cool_off_minutes. Either ends when a break after a limit is over. A kill, a crash or a power
 * cut ends nothing: the session, its clock and its limits come back from the audit log.
 *
 * The session keeps its clock (the wall clock since it began: machine_t.wall_ms, which a front
 * sets and machine_step moves, so a test runs it by hand) and its figures, exact in minor units:
 * the bets and what they paid back (the result), the money put in and what left the credits,
 * read from the store's ledger since the session's first row (without a store, added up from
 * the rounds and the machine's events).
 *
 * Every reality_check_minutes of session time, between rounds, the machine asks the player to
 * look (a reality check: time played and the result) and plays nothing until CONTINUE (DEAL) or
 * CASH OUT is pressed. A session time limit or a loss limit stops betting when it is reached:
 * the time limit when the session has lasted it (between rounds), the loss limit when what it
 * leaves cannot pay for the table's smallest game; before that a bet that could lose more than
 * the limit leaves (the bets and the largest raise) is refused with the amounts. The stop lasts
 * cool_off_minutes, then the session ends (limits are per session). A break (cool-off) of a day,
 * a week or a month stops betting until it is over. Credits in are refused while betting is
 * stopped; cash-out always works.
 *
 * Who sets the limits: on a desktop (player_limits on, not a kiosk) the player, on the
 * RESPONSIBLE GAMING page: a lower limit at once, a higher one or none only after
 * loosen_delay_hours; the config's values are the start. On a cabinet the operator sets them
 * (operator settings, recorded as config-change rows) and starts or ends a break.
 *
 * Every event is an audit row (store.h's rg-* events), each ending with its figures in braces
 * for the machine to read back. No SDL here. */
#ifndef STUDPOKER_MACHINE_RG_H
#define STUDPOKER_MACHINE_RG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Why betting is stopped. */
typedef enum mrg_stop {
    MRG_PLAYING = 0,
    MRG_TIME_LIMIT, /* the session time limit was reached: stopped until the break is over */
    MRG_LOSS_LIMIT, /* the loss limit was reached */
    MRG_BREAK       /* a break (cool-off) the player or the operator took */
} mrg_stop_t;

/* What MEV_RG events say happened (their value). */
typedef enum mrg_event {
    MRG_EV_CHECK = 0, /* a reality check is due: the front shows it until it is answered */
    MRG_EV_REACHED,   /* a limit was reached: betting stops */
    MRG_EV_BREAK_OVER,
    MRG_EV_LIMIT_IN_FORCE /* a raised limit applies now */
} mrg_event_t;

/* A session's figures, minor units. */
typedef struct mrg_figures {
    int64_t wagered;  /* every bet, raises included */
    int64_t returned; /* what the bets paid back (stakes and wins), linked prizes included */
    int64_t in;       /* coins, notes, tickets, an attendant's credits */
    int64_t out;      /* cashed out, paid by hand, cleared by the operator */
    int64_t rounds;
} mrg_figures_t;

/* The limits: session time in minutes and losses in minor units, 0 = none. */
typedef struct mrg_limits {
    int minutes;
    int64_t loss;
} mrg_limits_t;

typedef struct machine_rg {
    bool off;    /* not kept: the demo's play money, a terminal at a shared table */
    bool loaded; /* read back from the store (at the first step) */
    bool session;
    int64_t number;   /* the session's number on this machine */
    int64_t start_ms; /* wall clock */
    int64_t mark;     /* the ledger's newest row when it began (its figures come after) */
    int64_t next_mark;
    mrg_figures_t fig;
    int64_t seen_played; /* rounds of game.played counted (a machine without a store) */
    bool dirty;          /* the figures are read again at the next step */

    bool player_set; /* the player set limits (else the config's are in force) */
    mrg_limits_t limits, pending;
    int64_t pending_minutes_at, pending_loss_at; /* when a raised limit applies; 0: none */

    mrg_stop_t limit_stop; /* MRG_TIME_LIMIT or MRG_LOSS_LIMIT, else MRG_PLAYING */
    int64_t limit_until;
    int64_t break_until; /* 0: no break */

    /* the sessions' clock (ms since 1970): the wall clock's forward moves only, never before
     * the latest time the store knows of, so that a clock set back gains nobody time */
    int64_t clock_ms, seen_wall, clock_kept;

    bool check;            /* a reality check waits for its answer */
    int64_t next_check_ms; /* session time when the next one is due */
    int64_t check_played;  /* the session time it was shown at */
} machine_rg_t;

/* What a front shows: the page, the reality check, the clock. */
typedef struct mrg_view {
    bool on, session;
    int64_t number;
    int64_t now_ms, start_ms, played_ms; /* wall clock; the session's time */
    mrg_figures_t fig;
    int64_t net; /* returned - wagered */
    mrg_limits_t limits, pending;
    int64_t pending_minutes_at, pending_loss_at;
    int64_t left; /* what the loss limit leaves to lose, -1: no loss limit */
    int reality_minutes;
    bool player_sets; /* the player sets the limits and takes breaks here */
    mrg_stop_t stop;
    int64_t until_ms;
    bool check;
    const char *help_contact; /* "" = none configured */
} mrg_view_t;

struct machine;
struct machine_events;

/* The breaks a player (or an operator) may take, in hours: a day, a week, a month. */
#define MRG_BREAKS 3
extern const int MRG_BREAK_HOURS[MRG_BREAKS];

/* The wall clock (ms since 1970) a front keeps the machine on; machine_step moves it by dt. */
void machine_set_wall_clock(struct machine *m, int64_t utc_ms);
/* This machine keeps no sessions (the demo's play money). */
void machine_rg_disable(struct machine *m);

/* The session as the store left it, read once before the first step acts (machine_step calls
 * it first: the step's credits belong to the session they open). */
void machine_rg_begin(struct machine *m);
/* One step's share (machine_step calls it last): the figures read again, a session begun or
 * ended, limits and breaks over or reached, a reality check due; events for the front. */
void machine_rg_step(struct machine *m, struct machine_events *e);
/* The game is being closed: a desktop's session is paused (audited). */
void machine_rg_closing(struct machine *m);

void machine_rg_view(const struct machine *m, mrg_view_t *v);
/* Why betting is stopped now (MRG_PLAYING: it is not) and until when. */
mrg_stop_t machine_rg_stopped(const struct machine *m, int64_t *until_ms);
/* A reality check waits for CONTINUE or CASH OUT: nothing is played meanwhile. */
bool machine_rg_check_waiting(const struct machine *m);
/* What the loss limit leaves to lose now, -1: no loss limit. */
int64_t machine_rg_left(const struct machine *m);
/* The player's sentence for a stop ("Your loss limit of $10.00 is reached: betting stops until
 * 14:35. You can cash out."); "" when betting is not stopped. */
const char *machine_rg_stop_words(const struct machine *m, char *buf, size_t n);
/* The player's sentence for a round that could lose more than the loss limit leaves. */
const char *machine_rg_loss_words(const struct machine *m, int64_t risk, char *buf, size_t n);
/* What a round with these bets can lose at most: the bets and the largest raise. */
int64_t machine_rg_round_risk(const struct machine *m, const int64_t stake[]);

/* The reality check's answer (DEAL is CONTINUE, CASH OUT cashes out too): audited. */
void machine_rg_answer(struct machine *m, bool cash_out);
/* The player's limits (player_sets only): 0 = none. A lower limit applies at once, a higher one
 * (or none) after [responsible] loosen_delay_hours; audited. msg says what happens. */
bool machine_rg_set_limits(struct machine *m, mrg_limits_t want, char *msg, size_t n);
/* A break of `hours` (one of MRG_BREAK_HOURS) by the player (player_sets) or the operator
 * (by_operator), between games; audited. */
bool machine_rg_take_break(struct machine *m, int hours, bool by_operator, char *msg, size_t n);
/* The operator ends a break early; audited. */
bool machine_rg_end_break(struct machine *m, char *msg, size_t n);

/* "1 hour 5 minutes", "45 minutes", "2 days 3 hours", in the language on screen ("1小时5分钟");
 * _en: in English, for the audit log's rows (machine_rg_words.c). */
const char *machine_rg_duration(int64_t ms, char *buf, size_t n);
const char *machine_rg_duration_en(int64_t ms, char *buf, size_t n);
/* A wall-clock time in local time: "14:35" today, else "Tue 03 Dec 14:35" ("周二 12月03日
 * 14:35"); _en: in English, for the audit log. */
const char *machine_rg_when(int64_t utc_ms, int64_t now_ms, char *buf, size_t n);
const char *machine_rg_when_en(int64_t utc_ms, int64_t now_ms, char *buf, size_t n);

#endif
