"""A read-only admin, for an operator looking into a host's question.

Every write goes through the services, which keep the ledger's promises (entries
and hand revisions are only ever added, each change records who, when and why).
An admin form would bypass them, so nothing can be added, changed or deleted
here, whoever is signed in: the admin only shows.
"""

from django.contrib import admin

from ledger.models import (
    CalendarFeed,
    CoHostGrant,
    CoHostRevocation,
    DebtBalance,
    DebtPair,
    DebtPool,
    DebtPoolSource,
    Entry,
    Erasure,
    Hand,
    HostSettings,
    MailRefusal,
    Night,
    NightImport,
    NightResult,
    NightSummary,
    NightTransfer,
    Notice,
    NoticeOptOut,
    Passkey,
    PasswordResetRequest,
    PaymentMark,
    PaymentMarkReversal,
    PaymentMethod,
    PaymentMethodWithdrawal,
    PaymentSent,
    PaymentSentConfirmation,
    Player,
    PlayerInvite,
    PlayerInviteAttempt,
    PlayerInviteWithdrawal,
    PlayerLink,
    PlayerUnlink,
    PlayerYear,
    PlayerYearTotal,
    PooledTransfer,
    PushSubscription,
    RosterChange,
    RsvpAnswer,
    RsvpLink,
    Schedule,
    ScheduleSkip,
    Seat,
    SeatClaim,
    SeatClaimAnswer,
    ShareLink,
    SignInCode,
    Table,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and detail pages, no forms that write."""

    list_per_page = 50

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["name", "owner", "created_at", "updated_at"]
    list_select_related = ["owner"]
    search_fields = ["name", "owner__username"]


@admin.register(HostSettings)
class HostSettingsAdmin(ReadOnlyAdmin):
    list_display = ["user", "language", "updated_at"]
    list_filter = ["language"]
    list_select_related = ["user"]
    search_fields = ["user__username"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "table", "retired_at", "created_at"]
    list_filter = [("retired_at", admin.EmptyFieldListFilter)]
    list_select_related = ["table"]
    search_fields = ["name", "table__name"]


@admin.register(Night)
class NightAdmin(ReadOnlyAdmin):
    list_display = ["id", "table", "started_at", "started_by", "closed_at", "leftover_policy"]
    list_filter = [("closed_at", admin.EmptyFieldListFilter)]
    list_select_related = ["table", "started_by"]
    search_fields = ["table__name", "table__owner__username"]
    date_hierarchy = "started_at"


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["night", "position", "player", "active"]
    list_filter = ["active"]
    list_select_related = ["night__table", "player"]
    search_fields = ["player__name", "night__table__name"]


@admin.register(RosterChange)
class RosterChangeAdmin(ReadOnlyAdmin):
    list_display = ["night", "after_hand", "change", "player", "position", "created_by"]
    list_filter = ["change"]
    list_select_related = ["night__table", "player", "created_by"]
    search_fields = ["player__name", "night__table__name"]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["night", "number", "revision", "kind", "live", "dealer", "created_by"]
    list_filter = ["kind", "live"]
    list_select_related = ["night__table", "dealer", "created_by"]
    search_fields = ["night__table__name", "reason"]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["night", "seq", "hand_number", "kind", "player", "amount", "created_by"]
    list_filter = ["kind"]
    list_select_related = ["night__table", "player", "created_by"]
    search_fields = ["night__table__name", "player__name", "hash"]


@admin.register(ShareLink)
class ShareLinkAdmin(ReadOnlyAdmin):
    list_display = ["night", "created_by", "created_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter)]
    list_select_related = ["night__table", "created_by"]
    # The token is the whole credential of a live link: not shown, even here.
    exclude = ["token"]


@admin.register(NightImport)
class NightImportAdmin(ReadOnlyAdmin):
    list_display = ["night", "digest", "imported_by", "imported_at"]
    list_select_related = ["night__table", "imported_by"]
    search_fields = ["digest", "night__table__name"]


@admin.register(PaymentMethod)
class PaymentMethodAdmin(ReadOnlyAdmin):
    # A host's entry names its player; a player's own, their account.
    list_display = ["player", "user", "kind", "value", "added_by", "added_at"]
    list_filter = ["kind"]
    list_select_related = ["player__table", "user", "added_by"]
    search_fields = ["player__name", "user__username", "value", "name"]


@admin.register(PaymentMethodWithdrawal)
class PaymentMethodWithdrawalAdmin(ReadOnlyAdmin):
    list_display = ["method", "withdrawn_by", "withdrawn_at", "reason"]
    list_select_related = ["method__player", "withdrawn_by"]


@admin.register(PaymentMark)
class PaymentMarkAdmin(ReadOnlyAdmin):
    list_display = ["id", "table", "night", "pooled", "payer", "payee", "amount", "currency"]
    list_display += ["marked_by", "marked_at"]
    list_select_related = ["table", "night__table", "pooled", "payer", "payee", "marked_by"]
    search_fields = ["table__name", "payer__name", "payee__name"]


@admin.register(PaymentMarkReversal)
class PaymentMarkReversalAdmin(ReadOnlyAdmin):
    list_display = ["mark", "reason", "reversed_by", "reversed_at"]
    list_select_related = ["mark", "reversed_by"]


@admin.register(DebtPool)
class DebtPoolAdmin(ReadOnlyAdmin):
    list_display = ["id", "table", "currency", "created_by", "created_at"]
    list_select_related = ["table", "created_by"]
    search_fields = ["table__name"]


@admin.register(DebtPoolSource)
class DebtPoolSourceAdmin(ReadOnlyAdmin):
    list_display = ["pool", "night", "earlier"]
    list_select_related = ["pool", "night__table", "earlier"]


@admin.register(DebtPair)
class DebtPairAdmin(ReadOnlyAdmin):
    list_display = ["id", "table", "currency", "payer", "payee"]
    list_select_related = ["table", "payer", "payee"]
    search_fields = ["table__name", "payer__name", "payee__name"]


@admin.register(DebtBalance)
class DebtBalanceAdmin(ReadOnlyAdmin):
    list_display = ["id", "pair", "open", "change", "night", "mark", "reversal", "pool", "at"]
    list_select_related = ["pair", "night__table", "mark", "reversal", "pool"]
    search_fields = ["pair__table__name", "pair__payer__name", "pair__payee__name"]


@admin.register(PooledTransfer)
class PooledTransferAdmin(ReadOnlyAdmin):
    list_display = ["id", "pool", "payer", "payee", "amount"]
    list_select_related = ["pool", "payer", "payee"]


@admin.register(PasswordResetRequest)
class PasswordResetRequestAdmin(ReadOnlyAdmin):
    # Digests only: the addresses were never kept. Searching by one finds a client's or an
    # address's requests once the operator has its digest.
    list_display = ["requested_at", "email_digest", "client_digest"]
    search_fields = ["email_digest", "client_digest"]
    date_hierarchy = "requested_at"


@admin.register(Passkey)
class PasskeyAdmin(ReadOnlyAdmin):
    # The public keys only: an account removes its own from its Signing in page.
    list_display = ["id", "user", "created_at", "last_used_at", "sign_count"]
    list_select_related = ["user"]
    search_fields = ["user__username"]
    exclude = ["public_key"]


@admin.register(SignInCode)
class SignInCodeAdmin(ReadOnlyAdmin):
    # Digests only, as the password resets'.
    list_display = ["created_at", "user", "tries", "used_at", "email_digest", "client_digest"]
    list_select_related = ["user"]
    search_fields = ["email_digest", "client_digest"]
    exclude = ["code_digest"]
    date_hierarchy = "created_at"


@admin.register(Erasure)
class ErasureAdmin(ReadOnlyAdmin):
    # Who erased what, when: it names no one but by account and player numbers.
    list_display = ["erased_at", "kind", "table", "player", "account", "erased_by"]
    list_select_related = ["table", "player", "account", "erased_by"]
    list_filter = ["kind"]
    date_hierarchy = "erased_at"


@admin.register(Schedule)
class ScheduleAdmin(ReadOnlyAdmin):
    list_display = ["table", "first_date", "time", "time_zone", "repeat", "until", "ended_at"]
    list_select_related = ["table"]
    list_filter = ["repeat"]


@admin.register(ScheduleSkip)
class ScheduleSkipAdmin(ReadOnlyAdmin):
    list_display = ["schedule", "date", "skipped_by", "skipped_at"]
    list_select_related = ["schedule", "skipped_by"]


@admin.register(RsvpAnswer)
class RsvpAnswerAdmin(ReadOnlyAdmin):
    list_display = ["schedule", "date", "player", "answer", "by", "link", "answered_at"]
    list_select_related = ["schedule", "player", "by", "link"]
    list_filter = ["answer"]
    date_hierarchy = "answered_at"


@admin.register(RsvpLink)
class RsvpLinkAdmin(ReadOnlyAdmin):
    # The token is a credential, as a live link's is.
    list_display = ["player", "created_by", "created_at", "revoked_at"]
    list_select_related = ["player", "created_by"]
    exclude = ["token"]


@admin.register(CalendarFeed)
class CalendarFeedAdmin(ReadOnlyAdmin):
    list_display = ["user", "created_at"]
    list_select_related = ["user"]
    exclude = ["token"]


@admin.register(PlayerLink)
class PlayerLinkAdmin(ReadOnlyAdmin):
    list_display = ["player", "number", "user", "linked_by", "linked_at"]
    list_select_related = ["player__table", "user", "linked_by"]
    search_fields = ["player__name", "user__username"]


@admin.register(PaymentSent)
class PaymentSentAdmin(ReadOnlyAdmin):
    list_display = ["id", "night", "payer", "payee", "amount", "currency", "sent_by", "sent_at"]
    list_select_related = ["night__table", "payer", "payee", "sent_by"]
    search_fields = ["table__name", "payer__name", "payee__name", "sent_by__username"]


@admin.register(PaymentSentConfirmation)
class PaymentSentConfirmationAdmin(ReadOnlyAdmin):
    list_display = ["sent", "mark", "confirmed_by", "confirmed_at"]
    list_select_related = ["sent", "mark", "confirmed_by"]


@admin.register(PlayerUnlink)
class PlayerUnlinkAdmin(ReadOnlyAdmin):
    list_display = ["link", "unlinked_by", "unlinked_at"]
    list_select_related = ["link__player", "unlinked_by"]


@admin.register(PlayerInvite)
class PlayerInviteAdmin(ReadOnlyAdmin):
    # The token's digest only: the link itself was never kept.
    list_display = ["player", "created_by", "created_at", "expires_at"]
    list_select_related = ["player__table", "created_by"]
    search_fields = ["player__name", "token_digest"]


@admin.register(PlayerInviteWithdrawal)
class PlayerInviteWithdrawalAdmin(ReadOnlyAdmin):
    list_display = ["invite", "withdrawn_by", "withdrawn_at"]
    list_select_related = ["invite__player", "withdrawn_by"]


@admin.register(PlayerInviteAttempt)
class PlayerInviteAttemptAdmin(ReadOnlyAdmin):
    list_display = ["attempted_at", "client_digest"]
    search_fields = ["client_digest"]


@admin.register(SeatClaim)
class SeatClaimAdmin(ReadOnlyAdmin):
    list_display = ["player", "user", "claimed_at"]
    list_select_related = ["player__table", "user"]
    search_fields = ["player__name", "user__username"]


@admin.register(SeatClaimAnswer)
class SeatClaimAnswerAdmin(ReadOnlyAdmin):
    list_display = ["claim", "outcome", "answered_by", "answered_at"]
    list_select_related = ["claim__player", "answered_by"]


@admin.register(CoHostGrant)
class CoHostGrantAdmin(ReadOnlyAdmin):
    list_display = ["link", "granted_by", "granted_at"]
    list_select_related = ["link__player", "granted_by"]


@admin.register(CoHostRevocation)
class CoHostRevocationAdmin(ReadOnlyAdmin):
    list_display = ["grant", "revoked_by", "revoked_at"]
    list_select_related = ["grant__link__player", "revoked_by"]


@admin.register(NightSummary)
class NightSummaryAdmin(ReadOnlyAdmin):
    list_display = ["night", "started_at", "players", "hands", "biggest_pot", "most_bourres"]
    list_select_related = ["night__table"]
    search_fields = ["night__table__name"]


@admin.register(NightResult)
class NightResultAdmin(ReadOnlyAdmin):
    list_display = ["night", "player", "chips", "money", "currency", "dealt_in", "stays", "wins"]
    list_select_related = ["night__table", "player"]
    search_fields = ["player__name", "night__table__name"]


@admin.register(PlayerYear)
class PlayerYearAdmin(ReadOnlyAdmin):
    list_display = ["player", "year", "currency", "table"]
    list_select_related = ["player", "table"]
    search_fields = ["player__name", "table__name"]


@admin.register(PlayerYearTotal)
class PlayerYearTotalAdmin(ReadOnlyAdmin):
    list_display = ["line", "night", "nights", "chips", "money_units"]
    list_select_related = ["line__player", "night__table"]
    search_fields = ["line__player__name"]


@admin.register(NightTransfer)
class NightTransferAdmin(ReadOnlyAdmin):
    list_display = ["night", "payer", "payee", "money", "currency"]
    list_select_related = ["night__table", "payer", "payee"]
    search_fields = ["night__table__name"]


@admin.register(Notice)
class NoticeAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "recipient", "kind", "channel", "status", "attempts"]
    list_filter = ["kind", "channel", "status"]
    list_select_related = ["recipient"]
    search_fields = ["recipient__username", "event", "subject"]


@admin.register(NoticeOptOut)
class NoticeOptOutAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "channel", "created_at"]
    list_select_related = ["user"]
    search_fields = ["user__username"]


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ReadOnlyAdmin):
    list_display = ["user", "created_at"]
    list_select_related = ["user"]
    search_fields = ["user__username"]


@admin.register(MailRefusal)
class MailRefusalAdmin(ReadOnlyAdmin):
    list_display = ["address", "reason", "created_at"]
    search_fields = ["address"]
