"""QR codes as inline SVG, drawn on the server with segno (pure Python, no Pillow).

The SVG is meant to sit inside a page whose Content-Security-Policy forbids inline styles,
so it has no ``style`` attribute or element: colours are SVG presentation attributes
(``fill``, ``stroke``), which CSP does not treat as styles, and size comes from the page's
stylesheet through the classes (the SVG has a viewBox and no width or height). It has no
XML declaration (it is embedded, not a file), and names itself for screen readers: a
``<title>``, ``role="img"`` and ``aria-label``. The payload's text should still be shown
beside it, for whoever cannot scan.
"""

from __future__ import annotations

import io
from html import escape

import segno

from .sepa import EPC_PAYLOAD_LIMIT

SVG_CLASS = "payment-qr"
DARK_CLASS = "payment-qr-dark"
# EPC069-12: error correction level M, QR version 13 at most (331 bytes at level M).
EPC_ERROR_LEVEL = "M"
EPC_MAX_VERSION = 13


def qr_code(payload: str | bytes, *, error: str = "M", boost_error: bool = True) -> segno.QRCode:
    """The QR symbol for ``payload`` (text is encoded as UTF-8 bytes, so what a scanner
    reads back is exactly these bytes). ``boost_error`` lets segno raise the error level
    when that does not make the symbol larger."""
    data = payload.encode("utf-8") if isinstance(payload, str) else payload
    return segno.make_qr(data, error=error, boost_error=boost_error)


def epc_qr_code(payload: bytes) -> segno.QRCode:
    """The symbol of an EPC payload: level M exactly (EPC069-12 forbids another) and
    version 13 at most."""
    if len(payload) > EPC_PAYLOAD_LIMIT:
        raise ValueError(f"an EPC payload holds at most {EPC_PAYLOAD_LIMIT} bytes")
    code = qr_code(payload, error=EPC_ERROR_LEVEL, boost_error=False)
    if code.version > EPC_MAX_VERSION:  # cannot happen within 331 bytes at level M
        raise ValueError(f"an EPC QR code is version {EPC_MAX_VERSION} at most")
    return code


def svg(code: segno.QRCode, *, label: str) -> str:
    """``code`` as an ``<svg>`` element for a page, named ``label`` for screen readers."""
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        title=label,
        svgclass=SVG_CLASS,
        lineclass=DARK_CLASS,
        omitsize=True,
        dark="#000",
        light="#fff",  # a white quiet zone: a phone cannot read the code on a dark page
    )
    drawing = out.getvalue().decode("utf-8")
    attributes = f'role="img" aria-label="{escape(label, quote=True)}" '
    return drawing.replace("<svg ", "<svg " + attributes, 1)


def qr_svg(payload: str | bytes, *, label: str) -> str:
    """The QR code of ``payload`` as inline SVG (see the module's notes)."""
    return svg(qr_code(payload), label=label)


def epc_qr_svg(payload: bytes, *, label: str) -> str:
    """The EPC QR code of ``payload`` (from ``epc_qr_payload``) as inline SVG."""
    return svg(epc_qr_code(payload), label=label)
