import copy
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from ledger import rules
from ledger.management.commands import export_night, import_night
from ledger.management.users import OWNER_UNKNOWN
from ledger.models import Hand, Night
from ledger.nightfile import (
    ALREADY_IMPORTED,
    FILE_KEY_TWICE,
    FILE_NUMBER_TOO_LONG,
    FILE_TOO_DEEP,
    MORE_PROBLEMS,
    PLAYER_LISTED_TWICE,
    night_export,
)
from ledger.rules import describe
from tests.factories import UserFactory
from tests.ledger.management.conftest import Terminal
from tests.ledger.nights import row_counts
from tests.ledger.test_nightfile import FORMAT_EXAMPLE, example_document
from tests.ledger.worked_examples import EXAMPLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def night_file(tmp_path):
    def write(document=FORMAT_EXAMPLE, text=None):
        path = tmp_path / "night.json"
        path.write_text(text if text is not None else json.dumps(document), encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def superuser():
    return UserFactory(is_superuser=True, is_staff=True)


def run(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def from_the_shell(monkeypatch, capsys):
    """Run a command as manage.py would: exit code and output, as the shell sees them."""
    # run_from_argv closes the connections afterwards, which the test's transaction forbids.
    monkeypatch.setattr("django.core.management.base.connections.close_all", lambda: None)

    def run_argv(command, *args) -> tuple[int, str, str]:
        module = {"import_night": import_night, "export_night": export_night}[command]
        try:
            module.Command().run_from_argv(["manage.py", command, *args])
            code = 0
        except SystemExit as exit_:
            code = exit_.code
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run_argv


# --- import_night ---


def test_import_night_prints_the_new_nights_id(night_file, superuser):
    out, _ = run("import_night", night_file())

    night = Night.objects.get()
    assert out.strip() == str(night.pk)
    assert night.table.owner == superuser


def test_import_night_takes_an_owner_and_a_table_name(night_file, superuser):
    host = UserFactory(username="mira")

    out, _ = run("import_night", night_file(), "--owner", "mira", "--table", "Friday")

    night = Night.objects.get(pk=int(out))
    assert night.table.owner == host
    assert night.table.name == "Friday"


def test_import_night_reads_standard_input(superuser, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(FORMAT_EXAMPLE)))

    out, _ = run("import_night", "-")

    assert Night.objects.filter(pk=int(out)).exists()


def test_import_night_needs_an_owner_when_there_is_no_single_superuser(night_file):
    UserFactory(is_superuser=True)
    UserFactory(is_superuser=True)

    with pytest.raises(CommandError) as caught:
        run("import_night", night_file())

    assert str(caught.value) == import_night.OWNER_NEEDED.format(count=2)
    assert not Night.objects.exists()


def test_import_night_needs_an_owner_when_there_is_no_superuser(night_file):
    with pytest.raises(CommandError) as caught:
        run("import_night", night_file())

    assert str(caught.value) == import_night.OWNER_NEEDED.format(count=0)


def test_import_night_names_an_unknown_owner(night_file, superuser):
    with pytest.raises(CommandError) as caught:
        run("import_night", night_file(), "--owner", "nobody")

    assert str(caught.value) == OWNER_UNKNOWN.format(username="nobody")


def test_import_night_says_where_the_json_is_broken(night_file, superuser):
    path = night_file(text='{"format": "bourre-night/1",\n "players": [}')

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value).startswith(f"{path}: The file is not valid JSON: ")
    assert str(caught.value).endswith("Expecting value (line 2, column 14).")


def test_import_night_says_when_the_file_cannot_be_read(tmp_path, superuser):
    path = str(tmp_path / "missing.json")

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value).startswith(f"Cannot read {path}: ")


def test_import_night_lists_every_problem_and_writes_nothing(night_file, superuser):
    document = copy.deepcopy(FORMAT_EXAMPLE)
    document["rules"]["antes"] = 2
    document["players"].append("ann")
    before = row_counts()

    with pytest.raises(CommandError) as caught:
        run("import_night", night_file(document))

    assert str(caught.value).splitlines() == [
        import_night.NOT_IMPORTED,
        describe(rules.errors.RULE_UNKNOWN(key="antes")),
        describe(PLAYER_LISTED_TWICE(name="ann")),
    ]
    assert row_counts() == before


def test_import_night_fails_with_exit_code_1_and_the_hand_on_stderr(
    night_file, superuser, from_the_shell
):
    document = copy.deepcopy(FORMAT_EXAMPLE)
    document["hands"][2] = {"dealer": "Cy", "stayed": {"Ann": 1, "Bob": 1}}

    code, out, err = from_the_shell("import_night", night_file(document))

    assert code == 1
    assert out == ""
    assert describe(rules.errors.TRICKS_DO_NOT_ADD_UP(hand=3, total=2, tricks_per_hand=5)) in err
    assert not Hand.objects.exists()


def test_import_night_exits_0_on_success(night_file, superuser, from_the_shell):
    code, out, err = from_the_shell("import_night", night_file())

    assert (code, err) == (0, "")
    assert out.strip() == str(Night.objects.get().pk)


# --- export_night ---


def test_export_night_writes_the_night_file_as_indented_unicode_json(night_file, superuser):
    night_id = int(run("import_night", night_file())[0])

    out, _ = run("export_night", str(night_id))

    assert json.loads(out) == night_export(Night.objects.get(pk=night_id))
    assert '"table": "Thursday Bourré"' in out
    assert out.startswith('{\n  "format": "bourre-night/1",')


def test_an_exported_file_imports_and_exports_to_the_same_document(night_file, superuser):
    first = run("export_night", run("import_night", night_file())[0].strip())[0]

    second_id = run("import_night", night_file(text=first))[0].strip()

    assert run("export_night", second_id)[0] == first


def test_export_night_names_a_night_that_does_not_exist(from_the_shell):
    code, out, err = from_the_shell("export_night", "999999")

    assert code == 1
    assert out == ""
    assert export_night.NIGHT_NOT_FOUND.format(night=999999) in err


def test_import_night_refuses_a_number_too_long_to_read(night_file, superuser):
    path = night_file(text='{"format": "bourre-night/1", "rules": {"ante": ' + "9" * 5000 + "}}")

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value) == f"{path}: {describe(FILE_NUMBER_TOO_LONG())}"


def test_import_night_refuses_a_file_giving_a_key_twice_and_writes_nothing(night_file, superuser):
    text = json.dumps(FORMAT_EXAMPLE).replace('"ante": 1', '"ante": 1, "ante": 50', 1)
    path = night_file(text=text)
    before = row_counts()

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value) == f"{path}: {describe(FILE_KEY_TWICE(path='rules.ante'))}"
    assert row_counts() == before


def test_import_night_refuses_a_deeply_nested_file_cleanly(night_file, superuser):
    path = night_file(text="[" * 10_000 + "]" * 10_000)

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value) == f"{path}: {describe(FILE_TOO_DEEP(limit=10))}"


def test_import_night_lists_the_first_twenty_problems_and_counts_the_rest(night_file, superuser):
    document = copy.deepcopy(FORMAT_EXAMPLE)
    document["hands"] = [{"dealer": "Zed", "stayed": {}}] * 500

    with pytest.raises(CommandError) as caught:
        run("import_night", night_file(document))

    lines = str(caught.value).splitlines()
    assert len(lines) == 1 + 20 + 1
    assert lines[1] == describe(rules.errors.DEALER_NOT_ON_ROSTER(hand=1, player="Zed"))
    assert lines[-1] == describe(MORE_PROBLEMS(count=480, shown=20))


def test_import_night_refuses_a_file_already_imported_unless_told_again(night_file, superuser):
    path = night_file()
    first = Night.objects.get(pk=int(run("import_night", path)[0]))
    before = row_counts()

    with pytest.raises(CommandError) as caught:
        run("import_night", path)

    assert str(caught.value).splitlines() == [
        import_night.NOT_IMPORTED,
        describe(
            ALREADY_IMPORTED(
                date=f"{timezone.localtime(first.import_record.imported_at):%Y-%m-%d}",
                night=first.pk,
                table="Thursday Bourré",
            )
        ),
        import_night.IMPORT_AGAIN,
    ]
    assert row_counts() == before

    out, _ = run("import_night", path, "--again")

    assert Night.objects.filter(pk=int(out)).exists()
    assert Night.objects.count() == 2


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_worked_example_exports_imports_and_exports_to_the_same_bytes(
    night_file, superuser, name
):
    first = run("export_night", run("import_night", night_file(example_document(name)))[0])[0]

    second_id = run("import_night", night_file(text=first))[0].strip()

    assert run("export_night", second_id)[0] == first


@pytest.fixture
def night_files(tmp_path):
    """Night files of different tables (so none is the other's content), by name."""

    def write(*tables, bad=()):
        paths = []
        for index, table in enumerate(tables):
            document = {**copy.deepcopy(FORMAT_EXAMPLE), "table": table}
            if index in bad:
                document["hands"][0]["dealer"] = "Nobody"
            path = tmp_path / f"night-{index}.json"
            path.write_text(json.dumps(document), encoding="utf-8")
            paths.append(str(path))
        return paths

    return write


def test_import_night_imports_several_files_printing_each_night_s_id(night_files, superuser):
    files = night_files("Thursday", "Friday")

    out, _ = run("import_night", *files, "--no-progress")

    nights = list(Night.objects.order_by("pk"))
    assert out.splitlines() == [str(night.pk) for night in nights]
    assert [night.table.name for night in nights] == ["Thursday", "Friday"]


def test_import_night_draws_its_progress_over_the_files_on_a_terminal(night_files, superuser):
    out, screen = io.StringIO(), Terminal()

    call_command("import_night", *night_files("A", "B", "C"), stdout=out, stderr=screen)

    assert len(out.getvalue().splitlines()) == 3
    assert screen.getvalue().rsplit("\r", 1)[1].rstrip() == (
        "import_night  3/3 files [####################] 100%"
    )


def test_import_night_writes_plain_progress_lines_when_stderr_is_no_terminal(
    night_files, superuser
):
    _, err = run("import_night", *night_files("A", "B"))

    assert "\r" not in err
    assert err.splitlines()[-1].startswith("import_night  2/2 files (100%) in ")


def test_import_night_shows_no_progress_for_a_single_file(night_file, superuser):
    _, err = run("import_night", night_file())

    assert err == ""


def test_a_refused_file_among_several_is_named_and_the_others_are_imported(night_files, superuser):
    files = night_files("A", "B", "C", bad={1})
    out, err = io.StringIO(), io.StringIO()

    with pytest.raises(CommandError) as refused:
        call_command("import_night", *files, "--no-progress", stdout=out, stderr=err)

    assert str(refused.value) == import_night.SOME_NOT_IMPORTED.format(
        count=1, total=3, files=files[1]
    )
    assert sorted(Night.objects.values_list("table__name", flat=True)) == ["A", "C"]
    assert len(out.getvalue().splitlines()) == 2
    assert err.getvalue().startswith(f"{files[1]}: {import_night.NOT_IMPORTED}")


def test_import_night_refuses_to_read_standard_input_twice(superuser):
    with pytest.raises(CommandError) as refused:
        run("import_night", "-", "-")

    assert str(refused.value) == import_night.STDIN_TWICE
    assert not Night.objects.exists()
