"""What the payments tests share: the problems a call raises."""

import pytest

from ledger.payments.errors import PaymentDetailsError
from ledger.rules.errors import Problem


def problems_of(call) -> list[Problem]:
    """Every problem of the PaymentDetailsError that ``call()`` raises (it must raise)."""
    with pytest.raises(PaymentDetailsError) as raised:
        call()
    return raised.value.problems


def problem_of(call) -> Problem:
    """The one problem of the PaymentDetailsError that ``call()`` raises."""
    [problem] = problems_of(call)
    return problem
