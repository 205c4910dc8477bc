"""The messages the app sends to players and hosts: what each says (``texts``), who gets
it in which language on which channel (``fanout``), how it goes out (``delivery``: e-mail
and Web Push), the tasks a worker runs (``tasks``), and the one-click unsubscribe
(``unsubscribe``). Views only ``announce`` an event; everything else runs in the worker."""
