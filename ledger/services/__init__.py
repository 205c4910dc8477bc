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
- hosts: a host's own settings (their language);
- password_resets: a request for a password-reset mail recorded, for the hour's limits.

A service that refuses raises ``ledger.errors.InvalidInput`` or ``Conflict``, with
problems, and writes nothing.
"""
