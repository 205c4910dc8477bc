"""Every model of the app, one module per part of the domain.

- nights: tables and their players, nights with their seats, roster changes and hands,
  and share links;
- entries: the append-only chip ledger;
- imports: the record of each night file imported;
- hosts: what a host chose for themselves (their language);
- password_resets: the password-reset mails asked for, which the hour's limits count
  (append-only);
- payments: how each player gets paid (append-only, withdrawn by a new record).
- debts: what is still owed — payment marks, their reversals, and "settle everything";
- results: what each closed night came to (per seat, its records, its settle-up),
  written once when it closes;
- player_links: which account plays which seat (append-only, undone by a new record);
- player_invites: the host's invites to claim a seat, their withdrawals, and the tries
  at accepting one the hour's limit counts (append-only);
- seat_claims: "This is me" from the live link, and the host's answer (append-only);
- co_hosts: the players a host lets run the nights of a table (append-only, revoked by a
  new record);
- payments_sent: a payer's word that they sent a transfer, and its confirmation
  (append-only);
- notices: the messages sent to accounts (e-mail, Web Push), the kinds each account
  turned off, its phones' push subscriptions, and the addresses that refuse mail;
- sign_ins: the accounts' passkeys, and the codes mailed to sign in or up;
- erasures: who erased a player, an account or a table, and when (append-only);
- schedules: a table's nights ahead, the dates they skip, the players' answers
  (append-only), their answer links, and each account's calendar feed.
"""

from ledger.models.co_hosts import CO_HOST_IS_APPEND_ONLY, CoHostGrant, CoHostRevocation
from ledger.models.debts import (
    DEBTS_ARE_APPEND_ONLY,
    DebtBalance,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    PaymentMark,
    PaymentMarkReversal,
    PooledTransfer,
)
from ledger.models.entries import (
    ENTRY_IS_APPEND_ONLY,
    ENTRY_KINDS,
    GENESIS_HASH,
    Entry,
)
from ledger.models.erasures import ERASURE_IS_APPEND_ONLY, Erasure, ErasureKind
from ledger.models.hosts import HostSettings
from ledger.models.imports import NIGHT_IMPORT_IS_APPEND_ONLY, NightImport
from ledger.models.nights import Hand, Night, Player, RosterChange, Seat, ShareLink, Table
from ledger.models.notices import (
    MailRefusal,
    Notice,
    NoticeChannel,
    NoticeKind,
    NoticeOptOut,
    NoticeStatus,
    PushSubscription,
)
from ledger.models.password_resets import (
    RESET_REQUEST_IS_APPEND_ONLY,
    PasswordResetRequest,
)
from ledger.models.payments import (
    PAYMENT_METHOD_IS_APPEND_ONLY,
    PaymentMethod,
    PaymentMethodWithdrawal,
)
from ledger.models.payments_sent import (
    PAYMENT_SENT_IS_APPEND_ONLY,
    PaymentSent,
    PaymentSentConfirmation,
)
from ledger.models.player_invites import (
    PLAYER_INVITE_IS_APPEND_ONLY,
    PlayerInvite,
    PlayerInviteAttempt,
    PlayerInviteWithdrawal,
)
from ledger.models.player_links import (
    PLAYER_LINK_IS_APPEND_ONLY,
    PlayerLink,
    PlayerUnlink,
)
from ledger.models.results import (
    NIGHT_RESULTS_ARE_APPEND_ONLY,
    NightResult,
    NightSummary,
    NightTransfer,
    PlayerYear,
    PlayerYearTotal,
)
from ledger.models.schedules import (
    RSVP_IS_APPEND_ONLY,
    CalendarFeed,
    Repeat,
    RsvpAnswer,
    RsvpChoice,
    RsvpLink,
    Schedule,
    ScheduleSkip,
)
from ledger.models.seat_claims import SEAT_CLAIM_IS_APPEND_ONLY, SeatClaim, SeatClaimAnswer
from ledger.models.sign_ins import CODE_TRIES, Passkey, SignInCode

__all__ = [
    "CODE_TRIES",
    "CO_HOST_IS_APPEND_ONLY",
    "DEBTS_ARE_APPEND_ONLY",
    "ENTRY_IS_APPEND_ONLY",
    "ENTRY_KINDS",
    "ERASURE_IS_APPEND_ONLY",
    "GENESIS_HASH",
    "NIGHT_IMPORT_IS_APPEND_ONLY",
    "NIGHT_RESULTS_ARE_APPEND_ONLY",
    "PAYMENT_METHOD_IS_APPEND_ONLY",
    "PAYMENT_SENT_IS_APPEND_ONLY",
    "PLAYER_INVITE_IS_APPEND_ONLY",
    "PLAYER_LINK_IS_APPEND_ONLY",
    "RESET_REQUEST_IS_APPEND_ONLY",
    "RSVP_IS_APPEND_ONLY",
    "SEAT_CLAIM_IS_APPEND_ONLY",
    "CalendarFeed",
    "CoHostGrant",
    "CoHostRevocation",
    "DebtBalance",
    "DebtPair",
    "DebtPool",
    "DebtPoolSource",
    "Entry",
    "Erasure",
    "ErasureKind",
    "Hand",
    "HostSettings",
    "MailRefusal",
    "Night",
    "NightImport",
    "NightResult",
    "NightSummary",
    "NightTransfer",
    "Notice",
    "NoticeChannel",
    "NoticeKind",
    "NoticeOptOut",
    "NoticeStatus",
    "Passkey",
    "PasswordResetRequest",
    "PaymentMark",
    "PaymentMarkReversal",
    "PaymentMethod",
    "PaymentMethodWithdrawal",
    "PaymentSent",
    "PaymentSentConfirmation",
    "Player",
    "PlayerInvite",
    "PlayerInviteAttempt",
    "PlayerInviteWithdrawal",
    "PlayerLink",
    "PlayerUnlink",
    "PlayerYear",
    "PlayerYearTotal",
    "PooledTransfer",
    "PushSubscription",
    "Repeat",
    "RosterChange",
    "RsvpAnswer",
    "RsvpChoice",
    "RsvpLink",
    "Schedule",
    "ScheduleSkip",
    "Seat",
    "SeatClaim",
    "SeatClaimAnswer",
    "ShareLink",
    "SignInCode",
    "Table",
]
