"""QR codes as inline SVG: well-formed, no XML declaration, no inline style (the page's
Content-Security-Policy forbids it), named for screen readers; EPC codes at level M and
version 13 at most. segno's own EPC helper is compared with our payload."""

import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
import segno
import segno.helpers

from ledger.payments import epc_qr_code, epc_qr_payload, epc_qr_svg, pix_br_code, qr_code, qr_svg

SVG = "{http://www.w3.org/2000/svg}"
PIX = pix_br_code(key="123e4567-e12b-12d1-a456-426655440000", name="Fulano de Tal", city="X")


def parsed(drawing: str) -> ET.Element:
    # Our own output, not untrusted input; raises ParseError if it is not well-formed.
    return ET.fromstring(drawing)  # noqa: S314


def test_the_svg_is_a_well_formed_svg_element_without_xml_declaration():
    drawing = qr_svg(PIX, label="Pix to Fulano")
    assert drawing.startswith("<svg ")
    assert "<?xml" not in drawing
    assert parsed(drawing).tag == f"{SVG}svg"


def test_the_svg_has_no_style_attribute_or_element_anywhere():
    drawing = qr_svg(PIX, label="Pix to Fulano")
    for element in parsed(drawing).iter():
        assert "style" not in element.attrib
        assert element.tag != f"{SVG}style"
    assert "style" not in drawing


def test_the_svg_is_sized_by_the_page_through_its_classes_not_by_attributes():
    root = parsed(qr_svg(PIX, label="Pix"))
    assert "width" not in root.attrib and "height" not in root.attrib
    assert root.attrib["class"] == "payment-qr"
    assert root.attrib["viewBox"].startswith("0 0 ")


def test_the_svg_names_itself_for_screen_readers_escaping_the_label():
    label = 'Pay Ann <"the shark"> & co'
    root = parsed(qr_svg(PIX, label=label))
    assert root.attrib["role"] == "img"
    assert root.attrib["aria-label"] == label
    assert root.find(f"{SVG}title").text == label


def test_the_svg_draws_a_white_background_under_the_dark_modules():
    root = parsed(qr_svg(PIX, label="Pix"))
    background, modules = list(root.iter(f"{SVG}path"))
    assert background.attrib["fill"] == "#fff"
    assert modules.attrib["stroke"] == "#000"
    assert modules.attrib["class"] == "payment-qr-dark"


def test_the_code_holds_the_payload_as_utf_8_bytes():
    assert qr_code("Bourré").matrix == segno.make_qr("Bourré".encode(), error="M").matrix


def test_an_epc_code_is_level_m_exactly_and_version_13_at_most():
    payload = epc_qr_payload(name="Red Cross of Belgium", iban="BE72000000001616", text="x")
    code = epc_qr_code(payload)
    assert code.error == "M"  # not boosted, though it would fit at a higher level
    assert code.version <= 13
    largest = epc_qr_payload(
        name="n" * 70,
        iban="MT84MALT011000012345MTLCAST001S",
        bic="MALTMTMTXXX",
        amount=Decimal("999999999.99"),
        purpose="CHAR",
        text="t" * 140,
        info="i" * 39,
    )
    assert len(largest) == 331
    assert epc_qr_code(largest).version == 13
    with pytest.raises(ValueError):
        epc_qr_code(largest + b"!")


def test_the_epc_svg_is_well_formed_and_without_style():
    payload = epc_qr_payload(name="Ann", iban="BE72000000001616", amount=Decimal("8"))
    root = parsed(epc_qr_svg(payload, label="Transfer to Ann"))
    assert all("style" not in element.attrib for element in root.iter())


def test_segnos_epc_helper_draws_the_same_code_for_the_version_2_example():
    # segno's helper picks the smallest character set (ISO 8859-1 here) and version 002,
    # exactly as EPC069-12's second example; its code equals ours module for module.
    ours = epc_qr_payload(
        charset=2,
        name="François D'Alsace S.A.",
        iban="FR1420041010050500013M02606",
        amount=Decimal("12.3"),
        text="Client:Marie Louise La Lune",
    )
    theirs = segno.helpers.make_epc_qr(
        name="François D'Alsace S.A.",
        iban="FR1420041010050500013M02606",
        amount=Decimal("12.3"),
        text="Client:Marie Louise La Lune",
    )
    assert theirs.matrix == epc_qr_code(ours).matrix


def test_segnos_epc_helper_cannot_write_the_version_1_example_so_we_write_our_own():
    # The helper always writes version 002, so the first example (version 001) comes out
    # different; it also requires a text or a reference and has no note to the payer.
    ours = epc_qr_payload(
        version="001",
        bic="BHBLDEHHXXX",
        name="Franz Mustermänn",
        iban="DE71110220330123456789",
        amount=Decimal("12.3"),
        purpose="GDDS",
        reference="RF18539007547034",
    )
    theirs = segno.helpers.make_epc_qr(
        bic="BHBLDEHHXXX",
        name="Franz Mustermänn",
        iban="DE71110220330123456789",
        amount=Decimal("12.3"),
        purpose="GDDS",
        reference="RF18539007547034",
        encoding=1,
    )
    assert theirs.matrix != epc_qr_code(ours).matrix
    with pytest.raises(ValueError, match="reference"):
        segno.helpers.make_epc_qr(name="Ann", iban="BE72000000001616", amount=Decimal("1"))
