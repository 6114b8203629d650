/* SDL's key names, as plain data, so that a config's [keys] are checked without a display.
 *
 * SDL_GetKeyFromName (SDL 2, SDL_keyboard.c) takes a single character as the key of that
 * character ("a" and "A" are the A key), and any longer name from its table of scancode names,
 * compared without regard to case, giving the scancode's key in the default keymap. This table
 * is those scancode names that name a key (SDL 2.26's SDL_GetScancodeName, each once: "Return"
 * is listed twice there) and the printable ASCII characters, letters in upper case as SDL's
 * SDL_GetKeyName spells them. Left out: ";", "#" and "Keypad #", which a config file cannot
 * hold (a ';' or '#' at the start of a value or after a space starts a comment). A single
 * non-ASCII UTF-8 character is a key name by SDL's rule and is accepted without being listed.
 * tests/test_config_sdl.c checks every name here against SDL_GetKeyFromName. */
#include <string.h>

#include "cfg_internal.h"

/* clang-format off */
static const char *const NAMES[] = {
    /* the scancode names, in scancode order */
    "Return", "Escape", "Backspace", "Tab", "Space", "CapsLock", "F1", "F2", "F3", "F4", "F5",
    "F6", "F7", "F8", "F9", "F10", "F11", "F12", "PrintScreen", "ScrollLock", "Pause", "Insert",
    "Home", "PageUp", "Delete", "End", "PageDown", "Right", "Left", "Down", "Up", "Numlock",
    "Keypad /", "Keypad *", "Keypad -", "Keypad +", "Keypad Enter", "Keypad 1", "Keypad 2",
    "Keypad 3", "Keypad 4", "Keypad 5", "Keypad 6", "Keypad 7", "Keypad 8", "Keypad 9", "Keypad 0",
    "Keypad .", "Application", "Power", "Keypad =", "F13", "F14", "F15", "F16", "F17", "F18",
    "F19", "F20", "F21", "F22", "F23", "F24", "Execute", "Help", "Menu", "Select", "Stop", "Again",
    "Undo", "Cut", "Copy", "Paste", "Find", "Mute", "VolumeUp", "VolumeDown", "Keypad ,",
    "Keypad = (AS400)", "AltErase", "SysReq", "Cancel", "Clear", "Prior", "Separator", "Out",
    "Oper", "Clear / Again", "CrSel", "ExSel", "Keypad 00", "Keypad 000", "ThousandsSeparator",
    "DecimalSeparator", "CurrencyUnit", "CurrencySubUnit", "Keypad (", "Keypad )", "Keypad {",
    "Keypad }", "Keypad Tab", "Keypad Backspace", "Keypad A", "Keypad B", "Keypad C", "Keypad D",
    "Keypad E", "Keypad F", "Keypad XOR", "Keypad ^", "Keypad %", "Keypad <", "Keypad >",
    "Keypad &", "Keypad &&", "Keypad |", "Keypad ||", "Keypad :", "Keypad Space", "Keypad @",
    "Keypad !", "Keypad MemStore", "Keypad MemRecall", "Keypad MemClear", "Keypad MemAdd",
    "Keypad MemSubtract", "Keypad MemMultiply", "Keypad MemDivide", "Keypad +/-", "Keypad Clear",
    "Keypad ClearEntry", "Keypad Binary", "Keypad Octal", "Keypad Decimal", "Keypad Hexadecimal",
    "Left Ctrl", "Left Shift", "Left Alt", "Left GUI", "Right Ctrl", "Right Shift", "Right Alt",
    "Right GUI", "ModeSwitch", "AudioNext", "AudioPrev", "AudioStop", "AudioPlay", "AudioMute",
    "MediaSelect", "WWW", "Mail", "Calculator", "Computer", "AC Search", "AC Home", "AC Back",
    "AC Forward", "AC Stop", "AC Refresh", "AC Bookmarks", "BrightnessDown", "BrightnessUp",
    "DisplaySwitch", "KBDIllumToggle", "KBDIllumDown", "KBDIllumUp", "Eject", "Sleep", "App1",
    "App2", "AudioRewind", "AudioFastForward", "SoftLeft", "SoftRight", "Call", "EndCall",
    /* the printable characters */
    "!", "\"", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", "0", "1", "2", "3", "4",
    "5", "6", "7", "8", "9", ":", "<", "=", ">", "?", "@", "A", "B", "C", "D", "E", "F", "G", "H",
    "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "[",
    "\\", "]", "^", "_", "`", "{", "|", "}", "~",
};
/* clang-format on */
#define NNAMES ((int)(sizeof NAMES / sizeof NAMES[0]))

int cfg_key_name_count(void) {
    return NNAMES;
}

const char *cfg_key_name_at(int i) {
    return i >= 0 && i < NNAMES ? NAMES[i] : NULL;
}

/* The length of one UTF-8 character of 2 to 4 bytes at s beyond ASCII, 0 = not one. */
static size_t utf8_char(const unsigned char *s) {
    size_t n = s[0] >= 0xF0 && s[0] <= 0xF4   ? 4
               : s[0] >= 0xE0                 ? 3
               : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
                                              : 0;
    if (s[0] > 0xF4) n = 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (n == 3 && s[0] == 0xE0 && s[1] < 0xA0) return 0;  /* overlong */
    if (n == 3 && s[0] == 0xED && s[1] >= 0xA0) return 0; /* a surrogate */
    if (n == 4 && s[0] == 0xF0 && s[1] < 0x90) return 0;  /* overlong */
    if (n == 4 && s[0] == 0xF4 && s[1] >= 0x90) return 0; /* beyond U+10FFFF */
    return n;
}

static bool prefix_nocase(const char *s, const char *name, size_t len) {
    for (size_t i = 0; i < len; i++)
        if (!s[i] || cf_to_lower((unsigned char)s[i]) != cf_to_lower((unsigned char)name[i]))
            return false;
    return true;
}

/* After a name: spaces, then a ',' or the end. */
static bool name_ends(const char *s) {
    while (cf_is_space((unsigned char)*s)) s++;
    return *s == ',' || *s == '\0';
}

size_t cf_key_name_at_start(const char *s, char *out, size_t n) {
    size_t best = 0;
    const char *name = NULL;
    int first = cf_to_lower((unsigned char)s[0]);
    for (int i = 0; i < NNAMES; i++) {
        if (cf_to_lower((unsigned char)NAMES[i][0]) != first) continue;
        size_t len = strlen(NAMES[i]);
        if (len > best && prefix_nocase(s, NAMES[i], len) && name_ends(s + len))
            best = len, name = NAMES[i];
    }
    if (name) {
        snprintf(out, n, "%s", name);
        return best;
    }
    size_t len = utf8_char((const unsigned char *)s);
    if (len && name_ends(s + len)) {
        snprintf(out, n, "%.*s", (int)len, s);
        return len;
    }
    return 0;
}

bool cfg_key_name_canonical(const char *name, char *out, size_t n) {
    char buf[CFG_KEY_NAME_LEN];
    size_t len = name ? cf_key_name_at_start(name, buf, sizeof buf) : 0;
    if (!len || name[len] != '\0') return false;
    snprintf(out, n, "%s", buf);
    return true;
}

const char *cf_key_name_suggest(const char *typed) {
    char lower[48], name[48];
    size_t len = strlen(typed);
    if (len < 2 || len >= sizeof lower) return NULL;
    for (size_t i = 0; i <= len; i++) lower[i] = (char)cf_to_lower((unsigned char)typed[i]);
    for (int i = 0; i < NNAMES; i++) {
        size_t l = strlen(NAMES[i]);
        if (l < 2) continue;
        for (size_t j = 0; j <= l; j++) name[j] = (char)cf_to_lower((unsigned char)NAMES[i][j]);
        if (cf_close_enough(lower, name)) return NAMES[i];
    }
    return NULL;
}
