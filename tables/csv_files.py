"""CSV files the app sends: cells a spreadsheet would run as formulas made harmless, and
long files sent as they are written."""

import csv
import io

from django.http import HttpResponse, StreamingHttpResponse

# A spreadsheet runs a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value):
    """Text that a spreadsheet would run as a formula gets a leading apostrophe.

    Only text is touched: numbers (a negative amount starts with "-") stay numbers.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    writer.writerow(header)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return response


class SafeCells(dict):
    """Each text's ``safe_cell``, worked out the first time it is asked for."""

    def __missing__(self, text: str) -> str:
        cell = self[text] = safe_cell(text)
        return cell


# Rows written, and sent, at a time: a few dozen kilobytes rather than a write per row.
STREAM_ROWS = 500


def csv_stream(filename: str, header: list[str], groups) -> StreamingHttpResponse:
    """A CSV file sent as it is written, so a long one is never held whole: ``groups``
    are lists of rows ready for the file (their text cells already passed through
    ``safe_cell``), sent STREAM_ROWS or so at a time."""

    def chunks():
        buffer = io.StringIO()  # the csv writer's pseudo-file, emptied at each chunk
        writer = csv.writer(buffer)
        writer.writerow(header)
        waiting = 0
        for rows in groups:
            writer.writerows(rows)
            waiting += len(rows)
            if waiting >= STREAM_ROWS:
                yield buffer.getvalue()
                buffer.seek(0)
                buffer.truncate()
                waiting = 0
        if buffer.tell():
            yield buffer.getvalue()

    response = StreamingHttpResponse(chunks(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
