/* scene_help: the pop-ups over the table: help (hand rankings drawn with the real cards, every
 * configured pay table, and the variant's rule sheet from seeds/) and the session history.
 *
 * The rule sheet is our Markdown in seeds/, read at run time and laid out in pages: headings,
 * paragraphs, lists and tables. The pay tables page is built from the configured rules, so it
 * shows what this machine pays, not what a preset would. */
#ifndef STUDPOKER_SCENE_HELP_H
#define STUDPOKER_SCENE_HELP_H

#include <stdbool.h>

#include "game.h"
#include "ui_types.h"

typedef enum help_kind {
    HELP_TITLE,
    HELP_HEADING,
    HELP_TEXT,
    HELP_BULLET,
    HELP_ROW,
    HELP_HEAD_ROW
} help_kind_t;

typedef struct help_line {
    help_kind_t kind;
    char *text; /* for rows: cells separated by '|' */
    int page;   /* set by the layout */
    float y;
} help_line_t;

typedef struct help {
    help_line_t *lines;
    int nlines;
    int text_pages; /* pages of the rule sheet */
    bool laid_out;
    float laid_out_scale;
    char sheet_name[64];
} help_t;

/* Reads the rule sheet of the variant (seeds/<variant>-stud.md beside the assets). A missing
 * sheet leaves the rules pages out and says so. */
void help_load(help_t *h, rules_variant_t v, const char *assets_dir);
void help_free(help_t *h);

/* Pages: 0 hand rankings, 1 pay tables, 2.. the rule sheet. */
int help_pages(ui_gfx_t *g, help_t *h);
void help_draw(ui_gfx_t *g, help_t *h, const game_t *game, int page);

/* Rounds for the history screen (game_history), newest first; recall marks them as recorded
 * rounds with their time. */
void history_draw(ui_gfx_t *g, const game_t *game, const game_record_t *recs, int n, bool recall);
int history_per_page(void);

#endif
