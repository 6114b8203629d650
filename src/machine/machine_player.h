/* machine_player: a desktop player's own settings, and this session's statistics.
 *
 * The player's SETTINGS panel (a desktop game's; a cabinet has none) chooses the sound volume,
 * the dealer's voice and the hint for this player. They are the player's, not the operator's:
 * they are not operator settings (machine_setting_set, which the store refuses while credits
 * are on the machine: a player turning the sound down needs no empty machine), they are not in
 * the machine's audited records, and they never widen what the operator allows: the volume is
 * at most the operator's [sound] volume, and the voice and the hint are on only where the
 * operator's [sound] voice and [hint] show are on. They are kept in a small file of their own
 * beside the machine's database (player.ini: the config's grammar, its [sound] volume and
 * voice, [hint] show and [display] language keys, read by the config's own parser with the keys'
 * own ranges), so a player finds them again at the next start; a run without a database keeps them
 * for the run. A file that cannot be read or does not parse is left aside with a message: the
 * operator's values are used.
 *
 * The session's statistics (rounds, won, lost, the biggest win) are counted by the game as
 * rounds finish (game.h: game_session_t). */
#ifndef STUDPOKER_MACHINE_PLAYER_H
#define STUDPOKER_MACHINE_PLAYER_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define MACHINE_PLAYER_PATH 1100

/* The player's choices as made (each bounded by the operator's when used). */
typedef struct machine_player {
    bool on;      /* a desktop game: the player has settings (a cabinet: the operator's only) */
    int volume;   /* 0..100 */
    bool voice;   /* the dealer's voice lines */
    bool hint;    /* the hint while deciding */
    int language; /* cfg_language_t chosen at the table; -1: none (the operator's default) */
    bool language_ends; /* a cabinet's cash-out: the operator's language from the next step */
    /* a cabinet's cash-out: the ticket (its number) once printed, or failed, after which the
     * operator's language returns (its messages are still for the player leaving) */
    int64_t language_after_ticket;
    char path[MACHINE_PLAYER_PATH]; /* where they are kept; "" for the run only */
} machine_player_t;

struct machine;

/* Gives the machine's player their settings: the operator's values, then what the file at path
 * (may be NULL or "": kept for the run only) says. False, with msg saying why, when a file
 * exists and cannot be read or parsed: the operator's values are kept then. */
bool machine_player_open(struct machine *m, const char *path, char *msg, size_t n);

/* What is in force, the player's choice within the operator's bounds (without player settings:
 * the operator's own values). */
int machine_volume(const struct machine *m);
bool machine_voice(const struct machine *m);
bool machine_hint(const struct machine *m);
/* The most the player may choose: the operator's volume; whether the operator allows the voice
 * and the hint at all. */
int machine_volume_most(const struct machine *m);
bool machine_voice_allowed(const struct machine *m);
bool machine_hint_allowed(const struct machine *m);

/* The player's changes, each bounded (a volume over the operator's becomes the operator's; the
 * voice or the hint turned on where the operator has them off stays off) and kept at once.
 * False, with msg saying why, when the file cannot be written (the change holds for the run). */
bool machine_player_set_volume(struct machine *m, int volume, char *msg, size_t n);
bool machine_player_set_voice(struct machine *m, bool on, char *msg, size_t n);
bool machine_player_set_hint(struct machine *m, bool on, char *msg, size_t n);

/* The language on screen: the player's choice at the table, else the operator's [display]
 * language. A desktop player's choice is kept in their file (the next start finds it); a
 * cabinet's lasts until the cash-out (machine_language_reset). Both set gettext's language
 * (lang_set). */
int machine_language(const struct machine *m);
bool machine_player_set_language(struct machine *m, int language, char *msg, size_t n);
void machine_language_reset(struct machine *m);

#endif
