/* link_ticket: a linked machine's cash-out tickets at the floor's controller
 * (controller_tickets.sql), over the same connection as the linked pool (link.h).
 *
 * Every ticket the machine prints is registered (link_ticket_issue, once per validation number,
 * from the machine's outbox); a ticket inserted in the machine, its own or another machine's, is
 * offered to the controller before anything is paid (link_ticket_redeem: one transaction there
 * marks it redeemed by this machine, or says why not); the operator's void goes there first
 * (link_ticket_void); what other machines or the controller's operators did to this machine's
 * tickets is read (link_ticket_untold, after a notice: link_ticket_notified) and confirmed once
 * recorded (link_ticket_told). Every call that changes something is idempotent on the server:
 * LINK_DOWN means it may or may not have been done, and sending it again is safe and gets the
 * first answer. Times are seconds since 1970 (UTC); amounts minor units of the ticket's currency.
 * Not thread-safe: one link per thread, as link.h. */
#ifndef STUDPOKER_LINK_TICKET_H
#define STUDPOKER_LINK_TICKET_H

#include <stdbool.h>
#include <stdint.h>

#include "link.h"

#define LINK_TICKET_DIGITS 18

/* A ticket as its machine registers it. fate: "issued", or for a ticket the machine settled
 * before it was registered (printed before the machine joined the link) "redeemed" or "voided"
 * with when and where the machine recorded it. expires_utc 0: never. */
typedef struct link_ticket {
    char validation[LINK_TICKET_DIGITS + 1];
    int64_t number, amount, printed_utc, expires_utc;
    char fate[12];
    int64_t fate_utc;
    char fate_place[64];
} link_ticket_t;

/* Registers the machine's ticket t, in currency; *replay: it was registered before. */
link_status_t link_ticket_issue(link_t *l, const char *machine, const char *currency,
                                const link_ticket_t *t, bool *replay);

typedef enum link_ticket_outcome {
    LINK_TICKET_PAID = 0, /* redeemed by this machine: credit amount (replay: asked before) */
    LINK_TICKET_UNKNOWN,  /* no such ticket on the floor */
    LINK_TICKET_ALREADY,  /* redeemed at place, at_utc */
    LINK_TICKET_VOIDED,   /* voided at place, at_utc */
    LINK_TICKET_EXPIRED,  /* expired at at_utc */
    LINK_TICKET_CURRENCY  /* a ticket in another currency (currency) */
} link_ticket_outcome_t;

typedef struct link_ticket_answer {
    link_ticket_outcome_t outcome;
    int64_t amount; /* the ticket's (paid: what to credit), minor units of currency */
    char currency[4];
    char issuer[LINK_NAME_LEN]; /* the machine that printed it */
    int64_t number, printed_utc;
    char place[64]; /* where it was redeemed or voided */
    int64_t at_utc;
    bool replay;
} link_ticket_answer_t;

/* Offers a ticket to this machine (whose money is currency): paid once on the floor. */
link_status_t link_ticket_redeem(link_t *l, const char *machine, const char *validation,
                                 const char *currency, link_ticket_answer_t *out);
/* Voids this machine's own ticket at the floor, before the machine's own store: out->outcome is
 * LINK_TICKET_VOIDED (now, or before: replay), ALREADY (redeemed: where and when) or UNKNOWN. */
link_status_t link_ticket_void(link_t *l, const char *machine, const char *validation,
                               const char *reason, link_ticket_answer_t *out);

/* A fate of one of this machine's tickets that the machine has not recorded yet. */
typedef struct link_ticket_fate {
    char validation[LINK_TICKET_DIGITS + 1];
    bool voided; /* else redeemed by another machine */
    char place[64];
    int64_t at_utc, amount;
    char reason[128];
} link_ticket_fate_t;
#define LINK_TICKET_FATES_MAX 100
/* Up to max (at most LINK_TICKET_FATES_MAX) of them, oldest first, *n of them. */
link_status_t link_ticket_untold(link_t *l, const char *machine, link_ticket_fate_t *out, int max,
                                 int *n);
/* The machine recorded these fates (n validation numbers): they are not given again. */
link_status_t link_ticket_told(link_t *l, const char *machine, const char *const *validations,
                               int n);

/* Follows this machine's tickets: a notice comes when another machine redeems one of them, or an
 * operator of the controller voids one (again after a reconnect). */
link_status_t link_ticket_listen(link_t *l, const char *machine);
/* Whether such a notice arrived since the last call (read along with the pool's notices by
 * link_notice_read and link_notice_wait). */
bool link_ticket_notified(link_t *l);

#endif
