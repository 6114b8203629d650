/* The machine key: the secret each machine signs its records with, kept outside the database.
 *
 * Made by libsodium at the machine's first start, written once to a file only the machine's user
 * can read (mode 0600, created exclusively, synced), and checked at every start: a key file that
 * others can read, that another user owns, or that is not a regular file is refused, because a
 * key anyone can read lets anyone re-sign a forged record. The database holds only a check value
 * made with the key, never the key; without the key a database cannot be played or audited. See
 * store.h for the contract, and the README for making, backing up and replacing a key. */
#define _POSIX_C_SOURCE 200809L
#include "store_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char HEADER[] = "studpoker machine key 1\n";
#define FILE_BYTES (sizeof HEADER - 1 + 2 * STORE_KEY_BYTES + 1)

static void sync_dir(const char *path) {
    char dir[STORE_PATH_LEN];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == dir)
        dir[1] = '\0';
    else if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) fsync(fd), close(fd);
}

static store_status_t create_key(const char *path, uint8_t key[STORE_KEY_BYTES], char *err,
                                 size_t errlen) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        st_say(err, errlen, "the machine key %s cannot be created (%s)", path, strerror(errno));
        return STORE_FAULT;
    }
    randombytes_buf(key, STORE_KEY_BYTES);
    char text[FILE_BYTES + 1];
    char hex[2 * STORE_KEY_BYTES + 1];
    sodium_bin2hex(hex, sizeof hex, key, STORE_KEY_BYTES);
    snprintf(text, sizeof text, "%s%s\n", HEADER, hex);
    bool ok = write(fd, text, FILE_BYTES) == (ssize_t)FILE_BYTES && fsync(fd) == 0;
    int saved = errno;
    close(fd);
    sodium_memzero(text, sizeof text);
    sodium_memzero(hex, sizeof hex);
    if (!ok) {
        unlink(path); /* never leave half a key that a later start would refuse */
        st_say(err, errlen, "the machine key %s cannot be written (%s)", path, strerror(saved));
        return STORE_FAULT;
    }
    sync_dir(path);
    return STORE_OK;
}

store_status_t store_key_load(const char *path, bool create, uint8_t key[STORE_KEY_BYTES],
                              bool *created, char *err, size_t errlen) {
    if (created) *created = false;
    if (sodium_init() < 0) {
        st_say(err, errlen, "libsodium could not start");
        return STORE_FAULT;
    }
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT && create) {
        store_status_t st = create_key(path, key, err, errlen);
        if (st == STORE_OK && created) *created = true;
        return st;
    }
    if (fd < 0) {
        if (errno == ENOENT)
            st_say(err, errlen,
                   "the machine key %s is missing: the records cannot be checked without it. Play "
                   "is stopped; a technician puts the machine's key back from its backup (see the "
                   "README, \"The machine key\")",
                   path);
        else
            st_say(err, errlen, "the machine key %s cannot be read (%s)", path, strerror(errno));
        return STORE_FAULT;
    }
    struct stat sb;
    char text[FILE_BYTES + 1];
    ssize_t n = -1;
    const char *problem = NULL;
    if (fstat(fd, &sb) != 0)
        problem = "cannot be examined";
    else if (!S_ISREG(sb.st_mode))
        problem = "is not a regular file";
    else if (sb.st_uid != geteuid())
        problem = "belongs to another user";
    else if (sb.st_mode & 077)
        problem = "can be read or written by other users (it must have mode 600)";
    else if ((n = read(fd, text, sizeof text)) != (ssize_t)FILE_BYTES ||
             memcmp(text, HEADER, sizeof HEADER - 1) != 0 || text[FILE_BYTES - 1] != '\n')
        problem = "is not a studpoker machine key (damaged?)";
    close(fd);
    if (!problem) {
        size_t got = 0;
        if (sodium_hex2bin(key, STORE_KEY_BYTES, text + sizeof HEADER - 1, 2 * STORE_KEY_BYTES,
                           NULL, &got, NULL) != 0 ||
            got != STORE_KEY_BYTES)
            problem = "is not a studpoker machine key (damaged?)";
    }
    sodium_memzero(text, sizeof text);
    if (problem) {
        sodium_memzero(key, STORE_KEY_BYTES);
        st_say(err, errlen,
               "the machine key %s %s. Play is stopped; see the README, \"The machine key\"", path,
               problem);
        return STORE_FAULT;
    }
    return STORE_OK;
}

void store_default_paths(const char *db, char *key_path, char *anchor_path, size_t cap) {
    if (key_path) {
        snprintf(key_path, cap, "%s", db);
        char *slash = strrchr(key_path, '/');
        size_t at = slash ? (size_t)(slash + 1 - key_path) : 0;
        snprintf(key_path + at, cap - at, "machine.key");
    }
    if (anchor_path) snprintf(anchor_path, cap, "%s.anchor", db);
}

store_status_t store_open_files(const char *db, const char *key_path, const char *anchor_path,
                                const store_options_t *opt, store_t **out, char *err,
                                size_t errlen) {
    char kp[STORE_PATH_LEN], ap[STORE_PATH_LEN];
    store_default_paths(db, kp, ap, sizeof kp);
    if (key_path && key_path[0]) snprintf(kp, sizeof kp, "%s", key_path);
    if (anchor_path && anchor_path[0]) snprintf(ap, sizeof ap, "%s", anchor_path);
    store_options_t o = {0};
    if (opt) o = *opt;
    /* a key is made only with a new machine: never for a database that exists */
    struct stat sb;
    bool db_exists = stat(db, &sb) == 0;
    uint8_t key[STORE_KEY_BYTES];
    char kerr[STORE_MSG_LEN];
    store_status_t st =
        store_key_load(kp, !db_exists && !o.read_only, key, NULL, kerr, sizeof kerr);
    if (st != STORE_OK) {
        /* the database opened only to carry the fault to the screen */
        o.fault_message = kerr;
        o.read_only = true;
        randombytes_buf(key, sizeof key);
    }
    o.machine_key = key;
    o.anchor_path = ap;
    st = store_open_ex(db, &o, out, err, errlen);
    sodium_memzero(key, sizeof key);
    return st;
}
