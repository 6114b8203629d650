/* printer: the cabinet's ticket printer, a CUPS queue ([cabinet] printer), driven off the frame.
 *
 * The ticket is recorded in the store and its files are written (voucher.c) before anything is
 * sent here: the files are the record, the paper is a copy. printer_send hands a ticket's file to
 * a thread of its own, which sends it to the queue (cupsPrintFile) and follows the job until the
 * printer has printed it or cannot: the job completed; or refused, cancelled, aborted, the queue
 * stopped or not answering for timeout_s seconds (the job is then cancelled, so a reprint never
 * meets a late first copy). The program reads each answer with printer_answer and records it
 * (machine_ticket_printed): a failed print leaves the ticket recorded and reprintable. A frame
 * never waits for the printer. The CUPS server is libcups' own choice (CUPS_SERVER, client.conf,
 * the local scheduler). */
#ifndef STUDPOKER_PRINTER_H
#define STUDPOKER_PRINTER_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"

typedef struct printer printer_t;

/* A printer on queue (NULL when queue is empty: the ticket files only, or no memory). */
printer_t *printer_start(const char *queue, int timeout_s);
/* Ends the thread after the job it is on (jobs not started are answered as not printed). */
void printer_stop(printer_t *p);
/* Queues the ticket v, its file to print at file. False when the queue is full (16 jobs). */
bool printer_send(printer_t *p, const game_voucher_t *v, const char *file);
/* The next answer: true with the ticket, whether it printed and why not. */
bool printer_answer(printer_t *p, game_voucher_t *v, bool *printed, char *why, size_t n);
/* Tickets sent and not answered yet. */
int printer_busy(printer_t *p);

#endif
