"""Every write goes through a service, ``<entity>_<action>(*, ...)``, one module per entity.
Callers import the module that holds the service; nothing is re-exported here.

- nights: start and close a night; the night's row lock every write to it holds;
- hands: record a hand (from the hand screen, or settled already, from a night file);
- corrections: correct a hand (and see what it would do first), undo the last one;
- roster: a late arrival joins tonight's game, a player leaves;
- postings: entries on a night's hash chain (posted, reversed), for the services above;
- night_results: what a closed night came to, written once as it closes (for nights);
- tables: tables and their players;
- samples: a sample table with a finished night, made and put away;
- share_links: read-only links to a night, created and revoked;
- payment_methods: how a player gets paid, a way added or withdrawn;
- debts: what is still owed, a transfer marked paid (or the mark taken back), and
  "settle everything";
- debt_balances: what each pair of a table still owes, kept as it changes (for the
  services that change it: closing a night, debts);
- hosts: a host's own settings (their language);
- player_links: a seat linked to the account of whoever plays it, and unlinked;
- seat_claims: "This is me" from the live link, and the host's answer;
- co_hosts: a linked player let run a table's nights, and that taken back;
- player_invites: the host's invite to claim a seat, made, withdrawn and accepted, and
  each try at accepting one counted for the hour's limit;
- payments_sent: a payer says they sent a transfer, the payee or the host confirms it;
- password_resets: a request for a password-reset mail recorded, for the hour's limits;
- sign_ins: codes mailed to sign in and their tries, accounts made without a password,
  and the passkeys an account adds, uses and removes;
- notices: a message to an account recorded (once per event), taken by a worker and
  marked as it went; the kinds an account turns off, its phones' push subscriptions,
  and the addresses that refuse mail;
- erasures: a player erased at a table, an account deleted, a leaving host's tables
  handed to a co-host or erased;
- schedules: a table's nights ahead scheduled, a date skipped, the repeats stopped; a
  player's Yes, No or Maybe; answer links made and revoked; a calendar address reset.

A service that refuses raises ``ledger.errors.InvalidInput`` or ``Conflict``, with
problems, and writes nothing.

Row locks, on PostgreSQL. A write that must read what is there before it writes (the
next hand's number, what is still owed, whether a file was imported) holds a row's lock
for its transaction, and every writer takes them in one order: the host's user row (an
import; an account's, as a way of getting paid is added to it or it is deleted), a
table's row (a leaving host's table handed over or erased, a mark or its taking back, "I
sent it" or its confirmation, "settle everything", a second tap of Start, a night closed
— it opens debts in the table's kept open debts — and an import of a closed night), a
night's row (a hand recorded, corrected or undone, a roster change, a night closed; an
import's new night), a player's row (a way of getting paid added, the player erased). A
writer takes some of them, in that order, never back to an earlier one. Each is FOR NO
KEY UPDATE (``select_for_update(no_key=True)``): it only makes the writers take turns,
and changes no key, so an insert referring to the locked row (a mark's ``marked_by``, an
imported night's ``table``), which takes FOR KEY SHARE on it, never waits for it. With
FOR UPDATE it did, and the order could not hold: a mark holding the table's row waited
for the host's user row to insert its mark, while an import holding that row waited for
the table's row to insert its night — a deadlock, and a server error on one phone.
SQLite has no row locks: its BEGIN IMMEDIATE lets one writer in at a time.
"""
