/* The presentation table: what the table shows for each game variant (see table_internal.h).
 *
 * One constant table per variant. The presets of a variant share it: what tells them apart
 * (the live table's 5+1 BONUS and JACKPOT, the US progressive) is which wagers the rules offer,
 * so those spots are marked optional here and shown when offered. */
#include "table_internal.h"

#include <stdio.h>

/* ---- hand names ---- */

/* Caribbean and Cajun: the poker hand ("Pair of Kings, Queen kicker"). */
static void name_poker_value(int value, bool qualifies, char *buf, size_t n) {
    (void)qualifies; /* every poker hand has a name */
    lang_hand_name(value, buf, n);
}
static void name_poker_cards(const card_t cards[5], char *buf, size_t n) {
    lang_hand_name(eval_value(cards, 5), buf, n);
}

/* Asian Stud: the points of the two cards that score, once three cards qualify. */
static void name_points_value(int value, bool qualifies, char *buf, size_t n) {
    if (qualifies)
        snprintf(buf, n, NG_("%d point", "%d points", value), value);
    else
        snprintf(buf, n, _("no qualifying three"));
}
static void name_points_cards(const card_t cards[5], char *buf, size_t n) {
    eval_asian_t a = eval_asian(cards);
    name_points_value(a.value, a.qualifies, buf, n);
}

/* ---- the pay panel's rows ---- */

/* Caribbean and Cajun: the PLAY (or every bet's) pay by poker hand, from the royal flush down
 * to the lowest hand that pays; the row of the player's winning hand is lit. */
static void pay_poker_rows(const table_variant_t *v, const table_scene_t *t, bool show,
                           tb_pay_panel_t *p) {
    const rules_t *ru = &t->game->rules;
    const round_seat_t *s = &t->game->round.seat[0];
    for (int c = EVAL_ROYAL_FLUSH; c >= EVAL_PAIR; c--) {
        snprintf(p->rows[p->n][0], 40, "%s",
                 c == EVAL_PAIR ? v->pay_low_row : eval_category_name((eval_category_t)c));
        snprintf(p->rows[p->n][1], 40, _("%d to 1"), ru->main_pays[c]);
        /* lit only when the table's odds were paid: not when the dealer did not qualify (the
         * ante pays 1 to 1 and PLAY pushes) */
        wager_t by = s->judged[WAGER_PLAY] ? WAGER_PLAY : WAGER_ANTE;
        if (show && s->judged_odds[by] > 0 && s->outcome[by] == OUTCOME_WIN) {
            eval_category_t hc = eval_category(s->hand_value);
            if (hc == (eval_category_t)c || (c == EVAL_PAIR && hc < EVAL_PAIR)) p->lit = p->n;
        }
        p->n++;
    }
    if (v->pay_push_row) {
        snprintf(p->rows[p->n][0], 40, "%s", v->pay_push_row);
        snprintf(p->rows[p->n][1], 40, _("PUSH"));
        p->n++;
    }
}

/* Asian Stud (rules.md): the raise wins by the points, the ante 1 to 1 (unless the config pays
 * the points on both), less the commission; the row of the winning margin is lit. */
static void pay_points_rows(const table_variant_t *v, const table_scene_t *t, bool show,
                            tb_pay_panel_t *p) {
    (void)v;
    const rules_t *ru = &t->game->rules;
    const round_t *r = &t->game->round;
    const round_seat_t *s = &r->seat[0];
    if (ru->asian_odds_on_ante) snprintf(p->title, sizeof p->title, _("ANTE + RAISE PAY"));
    static const char *const names[3] = {N_("1 to 3 points"), N_("4 to 6 points"),
                                         N_("7 to 9 points")};
    for (int k = 0; k < 3; k++) {
        snprintf(p->rows[p->n][0], 40, "%s", names[k]);
        snprintf(p->rows[p->n][1], 40, _("%d to 1"), ru->asian_margin_pays[1 + 3 * k]);
        p->n++;
    }
    if (!ru->asian_odds_on_ante) {
        snprintf(p->rows[p->n][0], 40, _("Ante"));
        snprintf(p->rows[p->n][1], 40, _("1 to 1"));
        p->n++;
    }
    snprintf(p->rows[p->n][0], 40, _("Commission"));
    snprintf(p->rows[p->n][1], 40, "%d.%02d%%", ru->asian_commission_bp / 100,
             ru->asian_commission_bp % 100);
    p->n++;
    if (show && s->outcome[WAGER_ANTE] == OUTCOME_WIN && r->dealer_qualifies) {
        int m = s->hand_value - r->dealer_value;
        if (m >= 1 && m <= 9) p->lit = (m - 1) / 3;
    }
}

/* ---- the variants ---- */

static const table_variant_t CARIBBEAN = {
    .spots = {{WAGER_ANTE, N_("ANTE"), false},
              {WAGER_PLAY, N_("PLAY"), false},
              {WAGER_BONUS51, N_("5+1 BONUS"), true},
              {WAGER_JACKPOT, N_("JACKPOT"), true},
              {WAGER_PROGRESSIVE, N_("PROGRESSIVE"), true}},
    .nspots = 5,
    .choices = {{BTN_FOLD, N_("FOLD"), N_("FOLD")}, {BTN_PLAY, N_("PLAY 2x"), N_("PLAY")}},
    .nchoices = 2,
    .community = false,
    .top_cards = 5,
    .player_cards = 5,
    .top_label = NULL,
    .dealer_up_card = true,
    .has_dealer = true,
    .light_winner = true,
    .split_hands = false,
    .name_value = name_poker_value,
    .name_cards = name_poker_cards,
    .pay_title = N_("PLAY PAYS"),
    .pay_rows = pay_poker_rows,
    .pay_low_row = N_("Pair or Less"),
    .pay_push_row = NULL,
    .felt = N_("DEALER QUALIFIES WITH ACE KING OR BETTER"),
    .how_to_win =
        N_("Beat the dealer's hand. The dealer needs Ace King or better; if not, ANTE pays "
           "1 to 1 and PLAY is returned."),
    .lose_banner = N_("DEALER WINS"),
    .max_payout_line = true,
};

/* Cajun Stud plays against the pay table: no dealer, three community cards, a raise before
 * each of them. */
static const table_variant_t CAJUN = {
    .spots = {{WAGER_ANTE, N_("ANTE"), false},
              {WAGER_RAISE_1, N_("RAISE 1"), false},
              {WAGER_RAISE_2, N_("RAISE 2"), false},
              {WAGER_RAISE_3, N_("RAISE 3"), false},
              {WAGER_BOARD, N_("BOARD"), true},
              {WAGER_POCKET, N_("POCKET"), true},
              {WAGER_LOBALL, N_("LO BALL"), true}},
    .nspots = 7,
    .choices = {{BTN_FOLD, N_("FOLD"), N_("FOLD")},
                {BTN_RAISE1, N_("RAISE 1x"), N_("RAISE 1x")},
                {BTN_RAISE2, N_("RAISE 2x"), N_("RAISE 2x")},
                {BTN_RAISE3, N_("RAISE 3x"), N_("RAISE 3x")}},
    .nchoices = 4,
    .community = true,
    .top_cards = 3,
    .player_cards = 2,
    .top_label = N_("COMMUNITY CARDS"),
    .dealer_up_card = false,
    .has_dealer = false,
    .light_winner = false,
    .split_hands = false,
    .name_value = name_poker_value,
    .name_cards = NULL, /* two cards of the five in hand while deciding: no hand to name yet */
    .pay_title = N_("HAND PAYS"),
    .pay_rows = pay_poker_rows,
    .pay_low_row = N_("Jacks or Better"),
    .pay_push_row = N_("Pair 6s to 10s"),
    .felt = N_("PAIR OF JACKS OR BETTER WINS  -  PAIR OF SIXES TO TENS PUSHES"),
    .how_to_win = N_("Fold, or raise 1x to 3x the ANTE before each community card. Jacks or better "
                     "pay on every bet."),
    .lose_banner = N_("NO WIN"),
    .max_payout_line = false,
};

static const table_variant_t ASIAN = {
    .spots = {{WAGER_ANTE, N_("ANTE"), false},
              {WAGER_PLAY, N_("RAISE"), false},
              {WAGER_ASIAN_BONUS, N_("BONUS"), true}},
    .nspots = 3,
    .choices = {{BTN_FOLD, N_("FOLD"), N_("FOLD")}, {BTN_PLAY, N_("RAISE"), N_("RAISE")}},
    .nchoices = 2,
    .community = false,
    .top_cards = 5,
    .player_cards = 5,
    .top_label = NULL,
    .dealer_up_card = false,
    .has_dealer = true,
    .light_winner = false,
    .split_hands = true,
    .name_value = name_points_value,
    .name_cards = name_points_cards,
    .pay_title = N_("RAISE PAYS"),
    .pay_rows = pay_points_rows,
    .pay_low_row = NULL,
    .pay_push_row = NULL,
    .felt = N_("DEALER QUALIFIES WITH A THREE CARD SET OF 10, 20 OR 30"),
    .how_to_win =
        N_("Three cards making 10, 20 or 30 qualify; the other two score. The higher score "
           "wins by the points table."),
    .lose_banner = N_("DEALER WINS"),
    .max_payout_line = false,
};

const table_variant_t *tb_variant(const table_scene_t *t) {
    static const table_variant_t *const by_variant[VARIANT_COUNT] = {
        [VARIANT_CARIBBEAN] = &CARIBBEAN, [VARIANT_CAJUN] = &CAJUN, [VARIANT_ASIAN] = &ASIAN};
    rules_variant_t v = t->game->rules.variant;
    return v >= 0 && v < VARIANT_COUNT && by_variant[v] ? by_variant[v] : &CARIBBEAN;
}

const char *tb_choice_name(const table_variant_t *v, int decision) {
    return decision >= 0 && decision < v->nchoices ? v->choices[decision].name : "";
}
