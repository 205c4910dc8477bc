"""Who may do what, for every URL the app has: generated from the URL configuration.

Every URL x {owner, another host, anonymous, a share-link visitor, a linked player of
this table, a linked player of another table, a co-host of this table} x {GET, POST}.
Outsiders get a 404, the sign-in page or a 405, and write nothing; a share-link visitor
sees the shared night and nothing else; a linked player reaches only their own account's
pages, their own seats and the nights their seat played, as the live link shows them; a
co-host exactly the night-running URLs of this table (and meets no server error there);
the owner never meets a server error.
"""

import pytest
from django.conf import settings
from django.db import connection
from django.shortcuts import resolve_url
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ledger.selectors.player_links import user_seat_at_table
from tests.tables.urlwalk import (
    OWN_WRITES,
    PLAYERS_OWN,
    PLAYERS_OWN_FORMS,
    PLAYERS_OWN_WRITES,
    PUBLIC,
    RUNNER,
    TOKEN_WRITES,
    build_world,
    fingerprint,
    wrote,
)

pytestmark = pytest.mark.django_db

OUTSIDER_STATUSES = {404, 405}


def client(user=None) -> Client:
    c = Client(raise_request_exception=False)
    if user is not None:
        c.force_login(user)
    return c


def to_login(response) -> bool:
    login = resolve_url(settings.LOGIN_URL)
    return response.status_code == 302 and response["Location"].startswith(login)


def _owners(world, rows: dict[str, list]) -> list:
    """The owner's tables' rows in a fingerprint."""
    return [row for row in rows["ledger.Table"] if row[1] == world.owner.pk]


def _only_their_own_writes(before: dict, after: dict, user) -> bool:
    """Whether what changed is only ``user``'s own: tries at an invite counted, seats
    linked to their account, their claims of a seat."""
    changed = {label for label in after if after[label] != before[label]}
    if not changed <= {"ledger.PlayerInviteAttempt", "ledger.PlayerLink", "ledger.SeatClaim"}:
        return False
    # (id, player, user, ...): each new link or claim is the visitor's own account's.
    return all(
        row[2] == user.pk
        for label in ("ledger.PlayerLink", "ledger.SeatClaim")
        for row in after[label]
        if row not in before[label]
    )


def test_every_url_answers_every_visitor_as_it_should():
    world = build_world()
    visitors = {
        "other host": (client(world.other), world.other),
        "anonymous": (client(), None),
        "share visitor": (client(), None),
        "linked player here": (client(world.linked), world.linked),
        "linked player elsewhere": (client(world.other_linked), world.other_linked),
        # Last: running the nights writes (an empty POST may close one), as the owner's does.
        "co-host": (client(world.co_host), world.co_host),
    }
    signed_in = {who for who, (_, user) in visitors.items() if user is not None}
    # Whose account plays a seat of the world's nights: Ann's, and the co-host's (Cy).
    seated = {"linked player here", "co-host"}

    def holds_a_seat(who: str, user) -> bool:
        """Ann's and Cy's accounts, and whoever took Eve's seat by the invite in the walk:
        a player of the table sees its nights ahead (Eve's seat played no night)."""
        return who in seated or (
            user is not None and user_seat_at_table(user, world.table.pk) is not None
        )

    share_visitor = visitors["share visitor"][0]
    assert share_visitor.get(reverse("share_view", args=[world.tokens[0]])).status_code == 200
    walk = world.walk()
    offending: list[str] = []
    cells = 0
    # What a linked player may open, they do (before the walk, where she may leave her seat):
    # every night her seat played, and leaving it.
    mine = visitors["linked player here"][0]
    for route, url in walk:
        if route.name in PLAYERS_OWN and mine.get(url).status_code != 200:
            offending.append(f"GET {url} by linked player here: not shown")
    before = fingerprint()  # outsiders write nothing, so each answer's "after" is the next "before"

    for who, (visitor, user) in visitors.items():
        for route, url in walk:
            for method in ("get", "post"):
                cells += 1
                with CaptureQueriesContext(connection) as queries:
                    response = getattr(visitor, method)(url)
                status = response.status_code
                problem = None
                # Every row read again only after a request that wrote to a table it reads.
                after = fingerprint() if wrote(queries) else before
                if who == "co-host" and route.name in RUNNER:
                    # Runs the night as the host does: let in, whatever it writes.
                    before = after
                    if status >= 500:
                        problem = "server error"
                    elif status == 404 or to_login(response):
                        problem = "a co-host was kept out of running the night"
                elif after != before and route.name in TOKEN_WRITES and who in signed_in:
                    # The link is a credential: its holder links or claims a seat for
                    # their own account, nothing more.
                    if not _only_their_own_writes(before, after, user):
                        problem = "a link's holder wrote more than their own"
                    before = after
                elif (
                    after != before
                    and route.name in PLAYERS_OWN_WRITES
                    and who == "linked player here"
                ):
                    before = after  # her own account's records, or a word sent to her
                elif after != before and route.name in OWN_WRITES and who in signed_in:
                    # Theirs alone: the owner's rows are as they were.
                    if _owners(world, after) != _owners(world, before):
                        problem = "wrote to the owner's data"
                    before = after
                elif after != before:
                    problem = "wrote to the database"
                    before = after
                elif status >= 500:
                    problem = "server error"
                elif route.name in PUBLIC:
                    pass  # the same page for anyone; it only must not write or fail
                elif who == "share visitor" and status == 200:
                    problem = "a share-link visitor saw more than the shared night"
                elif not route.params and who in signed_in:
                    pass  # their own list, their own account pages: nothing of the owner's
                elif route.name in PLAYERS_OWN and holds_a_seat(who, user) and status == 200:
                    pass  # a night their seat played, as its live link shows it
                elif route.name in PLAYERS_OWN_FORMS and holds_a_seat(who, user) and status == 400:
                    pass  # their night, but Bob's transfer: refused, nothing written
                elif status not in OUTSIDER_STATUSES and not to_login(response):
                    problem = "an outsider was let in"
                if problem:
                    offending.append(f"{method.upper()} {url} by {who}: {status}, {problem}")
                if route.name == "logout" and user is not None:
                    visitor.force_login(user)

    owner = client(world.owner)
    # The owner's POSTs with an empty form may legitimately write (close a night,
    # retire a player...): all GETs first, so every page is seen in the world as built.
    for method in ("get", "post"):
        for route, url in walk:
            cells += 1
            response = getattr(owner, method)(url)
            if response.status_code >= 500:
                offending.append(f"{method.upper()} {url} by owner: {response.status_code}")
            if route.name == "logout":
                owner.force_login(world.owner)

    print(
        f"\npermission matrix: {len(walk)} URLs x {len(visitors) + 1} visitors x 2 methods = "
        f"{cells} requests, {len(offending)} offending"
    )
    assert offending == [], "\n".join(offending)


def test_a_linked_player_reaches_their_own_seats_and_no_one_elses():
    world = build_world()
    bob = world.table.players.get(name="Bob")
    member = client(world.linked)
    assert member.get(reverse("account_seats")).status_code == 200
    assert member.get(reverse("seat_leave", args=[world.player.pk])).status_code == 200
    for url in (
        reverse("seat_leave", args=[bob.pk]),
        reverse("player_detail", args=[world.player.pk]),
        reverse("player_unlink", args=[world.player.pk]),
        reverse("player_detail", args=[bob.pk]),
        reverse("player_unlink", args=[bob.pk]),
        reverse("player_invite", args=[world.invite.pk]),
        reverse("table_detail", args=[world.table.pk]),
    ):
        assert member.get(url).status_code == 404, url
    elsewhere = client(world.other_linked)
    assert elsewhere.get(reverse("seat_leave", args=[world.player.pk])).status_code == 404


def test_the_walk_sees_a_write_to_a_table_it_reads_and_no_other():
    from tests.factories import TableFactory

    with CaptureQueriesContext(connection) as writing:
        TableFactory()
    assert wrote(writing)
    with CaptureQueriesContext(connection) as session_only:
        signed_in = Client()
        signed_in.force_login(TableFactory().owner)
    # A session row and the account's last sign-in time: nothing the walk compares.
    assert any("django_session" in q["sql"] for q in session_only.captured_queries)
    with CaptureQueriesContext(connection) as reading:
        signed_in.get(reverse("table_list"))
    assert not wrote(reading)
