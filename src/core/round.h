/* round: one round of any variant, as a state machine driven by actions.
 *
 * A round is a pure function of (rules, shuffled deck, starting credits, actions): the same
 * inputs give the same cards, events and money every time, which is what recovery, recall,
 * replays, the attract demo and the tests rely on. round_apply() checks one action against the
 * rules and limits and either changes the round and lists the events that happened (cards
 * dealt, bets placed, hands resolved, each wager's result, prizes, pool changes) or refuses it
 * with a reason a screen can show. Nothing here allocates, reads files or knows about screens.
 *
 * Dealing order (tests stack decks by it): Caribbean and Asian deal five cards to each seat
 * with an ante, in seat order, then five to the dealer, whose first card is the up card. Cajun
 * deals two hole cards to each seat with an ante, then the three community cards, which are
 * shown one after each decision step.
 *
 * Money: bets leave the seat's credits when placed; settlement adds back what each wager
 * returns (stake plus win, or the prize for the fixed-stake progressive bets). Contributions to
 * the jackpot pools are made at settlement, so a void round refunds every stake and leaves the
 * pools as they were. */
#ifndef STUDPOKER_ROUND_H
#define STUDPOKER_ROUND_H

#include <stdbool.h>
#include <stdint.h>

#include "card.h"
#include "jackpot.h"
#include "rules.h"

#define ROUND_MAX_EVENTS 320
#define ROUND_UNDO_DEPTH 32
#define ROUND_DEALER     0xFF /* event seat of the dealer */
#define ROUND_BOARD      0xFE /* event seat of the community cards */

typedef enum round_phase {
    ROUND_BETTING = 0,
    ROUND_DECIDING,
    ROUND_SETTLED,
    ROUND_VOID
} round_phase_t;

typedef enum round_action_type {
    ACT_BET = 0, /* seat, wager, amount: add chips to a spot (fixed-stake bets: the stake) */
    ACT_UNDO,    /* seat: take back the last bet action */
    ACT_CLEAR,   /* seat: take back every bet */
    ACT_REPEAT,  /* seat: place last round's bets on an empty spot set */
    ACT_DOUBLE,  /* seat: double every bet (fixed-stake bets stay as they are) */
    ACT_DEAL,    /* close betting and deal */
    ACT_PLAY,    /* seat: Caribbean PLAY, Asian RAISE, Cajun RAISE `multiple` x ante */
    ACT_FOLD,    /* seat */
    ACT_TIMEOUT, /* a timer ran out: betting closes (deal), or undecided seats auto-fold */
    ACT_VOID,    /* a fault: the round is void and every stake refunded */
    ACT_COUNT
} round_action_type_t;

typedef struct round_action {
    uint8_t type;     /* round_action_type_t */
    uint8_t seat;     /* 0-based */
    uint8_t wager;    /* wager_t, for ACT_BET */
    uint8_t multiple; /* 1..3, for a Cajun raise */
    int64_t amount;   /* minor units, for ACT_BET */
} round_action_t;

typedef enum round_refusal {
    REFUSE_NONE = 0,
    REFUSE_NOT_NOW,         /* the action does not belong to this phase */
    REFUSE_NO_SEAT,         /* no such seat, or it is not in the round */
    REFUSE_NOT_OFFERED,     /* this bet is not offered by this game */
    REFUSE_BELOW_MIN,       /* a bet under the table minimum at the deal */
    REFUSE_AT_MAX,          /* the spot is already at its maximum */
    REFUSE_NEED_ANTE,       /* a side bet without an ante */
    REFUSE_CREDITS,         /* not enough credits */
    REFUSE_NO_BETS,         /* nothing to deal, undo or repeat */
    REFUSE_ALREADY_DECIDED, /* this seat has decided this step */
    REFUSE_BAD_RAISE,       /* a raise multiple other than 1..3 */
    REFUSE_BAD_ACTION,      /* not an action at all */
} round_refusal_t;

typedef struct round_status {
    round_refusal_t refusal; /* REFUSE_NONE when the action was taken */
    char message[128];       /* what a screen shows when refused */
} round_status_t;

typedef enum round_outcome {
    OUTCOME_NONE = 0, /* no bet */
    OUTCOME_WIN,
    OUTCOME_PUSH,
    OUTCOME_LOSE,
    OUTCOME_REFUND /* void round */
} round_outcome_t;

typedef enum round_event_type {
    EV_BET = 0,          /* seat, wager, amount added (negative: taken back), amount2 = spot */
    EV_CARD,             /* seat (or DEALER/BOARD), index, card, value = 1 face up */
    EV_DECISION,         /* seat, wager (PLAY/RAISE_n), amount = bet made; 0 = fold */
    EV_AUTO_FOLD,        /* seat: the decision timer folded the hand */
    EV_BOARD_SHOWN,      /* index, card: a community card turned */
    EV_DEALER_REVEALED,  /* the dealer's hidden cards turned */
    EV_DEALER_QUALIFIES, /* value = dealer hand value (Asian: points value) */
    EV_DEALER_NOT_QUALIFY,
    EV_HAND,                 /* seat (or DEALER), value = hand value, index = category */
    EV_RESULT,               /* seat, wager, outcome, amount = stake, amount2 = returned */
    EV_CAPPED,               /* seat, wager, amount = win before the cap, amount2 = after */
    EV_AGGREGATE,            /* seat, amount = the seat's win before the limit, amount2 = after */
    EV_COMMISSION,           /* seat, amount = commission taken */
    EV_JACKPOT_CONTRIBUTION, /* amount = frac added to the pool */
    EV_JACKPOT_WIN,          /* seat, wager, amount = prize, value = category */
    EV_JACKPOT_RESET,        /* amount = new value in minor units */
    EV_JACKPOT_LINKED,       /* seat, wager, amount = stake: a royal on a linked pool, whose
                              * prize the machine claims from the link's controller */
    EV_HANDPAY,              /* seat, amount = the round's win that needs an attendant */
    EV_TAX_FLAG,             /* seat, wager, amount = the win to report */
    EV_SETTLED,              /* the round is over */
    EV_VOID,                 /* the round is void; stakes refunded */
    EV_COUNT
} round_event_type_t;

typedef struct round_event {
    uint8_t type;
    uint8_t seat;
    uint8_t wager;
    uint8_t index;
    uint8_t card;
    uint8_t outcome;
    int32_t value;
    int64_t amount;
    int64_t amount2;
} round_event_t;

typedef struct round_seat {
    bool in_round; /* had an ante at the deal */
    int64_t credits;
    int64_t credits_start;
    int64_t stake[WAGER_COUNT];
    int64_t last_stake[WAGER_COUNT]; /* last round's bets, for REPEAT */
    int nundo;                       /* steps in round_t.undo[seat] */
    card_t cards[5];
    int ncards;
    bool folded;
    bool auto_folded;
    int decided_step;  /* the last decision step this seat decided, -1 = none */
    int hand_value;    /* Caribbean/Cajun: poker value; Asian: points value 1..10, 0 = none */
    uint8_t hand_used; /* which of the seat's cards (and board) make the hand */
    round_outcome_t outcome[WAGER_COUNT];
    int64_t returned[WAGER_COUNT];
    int64_t commission;
    bool handpay;
    /* What each bet was judged on at the settlement, for the screen's result lines: the hand's
     * name (a static English text from eval.h, NULL = none) and the odds it paid ("x to 1"; 0 =
     * lost, a push, or a prize in money such as the JACKPOT's) */
    const char *judged[WAGER_COUNT];
    int32_t judged_odds[WAGER_COUNT];
} round_seat_t;

typedef struct round {
    const rules_t *rules;
    round_phase_t phase;
    deck_t deck;
    int next_card;
    int nseats;
    round_seat_t seat[RULES_MAX_SEATS]; /* only the first nseats are meaningful */
    card_t dealer[5];
    bool dealer_revealed;
    int dealer_value;
    bool dealer_qualifies;
    card_t board[3];
    int board_shown;
    int step;             /* the decision step in play (Cajun 0..2; others 0) */
    jackpot_pool_t *pool; /* the live JACKPOT or the US progressive, NULL if not offered */
    int nevents;          /* events of the last round_apply() */
    bool events_overflowed;
    /* Set after round_init by a caller that reads only the round's state, never its events (the
     * simulator): events are then not written at all; the round plays exactly the same. */
    bool quiet;
    round_event_t scratch_event;
    /* Below: large buffers whose unused parts are never read, so round_init does not clear
     * them (nor the seats past nseats). */
    round_event_t events[ROUND_MAX_EVENTS];
    int64_t undo[RULES_MAX_SEATS][ROUND_UNDO_DEPTH][WAGER_COUNT]; /* each seat's bet steps */
} round_t;

/* Starts a round in the betting phase. deck is the shuffled deck (52 cards, 53 for Asian);
 * credits[i] per seat, and last round's bets (REPEAT) as last_stakes[i * WAGER_COUNT + wager]
 * (may be NULL); pool may be NULL when the rules offer no
 * JACKPOT/PROGRESSIVE. Returns false (with a message) for a deck that is not a whole deck. */
bool round_init(round_t *r, const rules_t *rules, const deck_t *deck, int nseats,
                const int64_t *credits, const int64_t *last_stakes, jackpot_pool_t *pool, char *err,
                size_t errlen);

/* Applies one action. On success the round's events[] hold what happened. */
round_status_t round_apply(round_t *r, const round_action_t *a);

/* Convenience constructors for actions. */
round_action_t round_bet(int seat, wager_t w, int64_t amount);
round_action_t round_simple(round_action_type_t type, int seat);
round_action_t round_raise(int seat, int multiple);

/* Cajun's aggregate limit (003 J-K) where the seats of one round are played as rounds of their
 * own (a shared table settles each player as a one-seat round): the seat's win that counts
 * toward the limit (main-game wins paid above aggregate_odds to 1, whatever the limit), the
 * share of a limit that a win of a total gets (rounded down; the win itself at or under the
 * limit), and that share spread over the seat's wagers as settle_cajun spreads it. */
int64_t round_aggregate_win(const round_t *r, int seat);
int64_t round_aggregate_share(int64_t limit, int64_t win, int64_t total);
void round_aggregate_spread(const int64_t stake[WAGER_COUNT], int64_t returned[WAGER_COUNT],
                            int64_t big, int64_t paid);

/* Totals for a seat. */
int64_t round_seat_staked(const round_t *r, int seat);
int64_t round_seat_returned(const round_t *r, int seat);
/* What a settled seat won: each winning bet's win, its stake not counted (a fixed-stake prize,
 * whose stake is never returned, all of it); pushes and refunds win nothing. The WIN meter's
 * figure, and the hand pay's. */
int64_t round_seat_win(const round_t *r, int seat);

/* True when it is this seat's turn to decide. Inline: the simulator asks it for every hand
 * (advice.h). */
static inline bool round_seat_can_decide(const round_t *r, int seat) {
    if (r->phase != ROUND_DECIDING || seat < 0 || seat >= r->nseats) return false;
    const round_seat_t *s = &r->seat[seat];
    return s->in_round && !s->folded && s->decided_step < r->step;
}

const char *round_outcome_name(round_outcome_t o);
const char *round_event_name(round_event_type_t t);

#endif
