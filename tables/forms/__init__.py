"""What the host types or taps, read: one module per form, named for what it is for.

Forms collect the input and name what they cannot read; the services (``ledger.services``)
and the rules engine decide whether it is allowed, and their problems come back under the
field they are about. Two of them read a request that is not a Django form's: the hand
(``hand``: a row of taps per player) and the card judge (``judge``: a query string).
"""
