"""Reminders of debts left open, over simulated days: the first three days after the
night, the next a week later, none once the debt is marked paid or the table turned them
off; one message per account with everything it owes."""

from datetime import timedelta

import pytest

from ledger.models import NightTransfer, Notice, NoticeKind, Player
from ledger.services.debts import payment_mark
from ledger.services.notices import notice_choice_set
from tables.notices import tasks
from tests.factories import UserFactory, link_player
from tests.ledger.stats_nights import play_example_1

pytestmark = pytest.mark.django_db


@pytest.fixture
def bob(settings):
    """Worked example 1 closed: Bob owes Ann 12 and Cy 4 (USD). Bob has an account."""
    settings.SITE_URL = "https://bourre.example"
    night = play_example_1()
    user = UserFactory(email="bob@example.com")
    link_player(Player.objects.get(table=night.table, name="Bob"), user)
    return night, user


def _remind_on_day(night, day: float) -> int:
    moment = night.started_at + timedelta(days=day)
    return tasks.debt_reminders.call(moment.isoformat())


def test_reminders_come_on_day_3_and_day_10_with_every_debt_in_one_message(mailbox, bob):
    night, _ = bob

    sent_on = {day: _remind_on_day(night, day + 0.01) for day in range(0, 15)}

    assert [day for day, sent in sent_on.items() if sent] == [3, 10]
    assert len(mailbox.messages) == 2
    text = mailbox.text(mailbox.messages[0])
    assert "You owe Ann $12.00 from" in text and "You owe Cy $4.00 from" in text
    assert "https://bourre.example/me/debts/" in text


def test_no_reminder_once_the_debts_are_marked_paid(mailbox, bob):
    night, _ = bob
    _remind_on_day(night, 3.01)
    for transfer in NightTransfer.objects.filter(night=night):
        payment_mark(
            night=night,
            payer_id=transfer.payer_id,
            payee_id=transfer.payee_id,
            by=night.table.owner,
        )

    later = [_remind_on_day(night, day + 0.01) for day in range(4, 30)]

    assert sum(later) == 0
    assert len(mailbox.messages) == 1


def test_a_table_that_reminds_nobody_sends_no_reminder(mailbox, bob):
    night, _ = bob
    night.table.debt_reminders = False
    night.table.save(update_fields=["debt_reminders"])

    assert _remind_on_day(night, 3.01) == 0
    assert mailbox.messages == []


def test_an_account_that_turned_reminders_off_gets_none(mailbox, bob):
    night, user = bob
    notice_choice_set(user=user, kind=NoticeKind.DEBT_REMINDER, channel="email", on=False)

    assert _remind_on_day(night, 3.01) == 0
    assert not Notice.objects.exists()
