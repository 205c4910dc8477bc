"""The IBAN formats of every country that issues IBANs (ISO 13616), from SWIFT's IBAN
Registry (release 101): for each country code, the form of the account part (the BBAN)
in the registry's notation.

Each piece is a length, "!" (exactly that many), and a kind: ``n`` digits, ``a`` capital
letters, ``c`` letters or digits. Germany's "8!n10!n" is 18 digits; with the country code
and the two check digits a German IBAN has 22 characters.

Update this table from a newer registry release when SWIFT adds a country.
"""

from __future__ import annotations

import re

BBAN_FORMATS: dict[str, str] = {
    "AD": "4!n4!n12!c",  # Andorra
    "AE": "3!n16!n",  # United Arab Emirates (The)
    "AL": "8!n16!c",  # Albania
    "AT": "5!n11!n",  # Austria
    "AZ": "4!a20!c",  # Azerbaijan
    "BA": "3!n3!n8!n2!n",  # Bosnia and Herzegovina
    "BE": "3!n7!n2!n",  # Belgium
    "BG": "4!a4!n2!n8!c",  # Bulgaria
    "BH": "4!a14!c",  # Bahrain
    "BI": "5!n5!n11!n2!n",  # Burundi
    "BR": "8!n5!n10!n1!a1!c",  # Brazil
    "BY": "4!c4!n16!c",  # Belarus
    "CH": "5!n12!c",  # Switzerland
    "CR": "4!n14!n",  # Costa Rica
    "CY": "3!n5!n16!c",  # Cyprus
    "CZ": "4!n16!n",  # Czechia
    "DE": "8!n10!n",  # Germany
    "DJ": "5!n5!n11!n2!n",  # Djibouti
    "DK": "4!n9!n1!n",  # Denmark
    "DO": "4!c20!n",  # Dominican Republic
    "EE": "2!n14!n",  # Estonia
    "EG": "4!n4!n17!n",  # Egypt
    "ES": "4!n4!n1!n1!n10!n",  # Spain
    "FI": "3!n11!n",  # Finland
    "FK": "2!a12!n",  # Falkland Islands (Malvinas)
    "FO": "4!n9!n1!n",  # Faroe Islands
    "FR": "5!n5!n11!c2!n",  # France
    "GB": "4!a6!n8!n",  # United Kingdom
    "GE": "2!a16!n",  # Georgia
    "GI": "4!a15!c",  # Gibraltar
    "GL": "4!n9!n1!n",  # Greenland
    "GR": "3!n4!n16!c",  # Greece
    "GT": "4!c20!c",  # Guatemala
    "HN": "4!a20!n",  # Honduras
    "HR": "7!n10!n",  # Croatia
    "HU": "3!n4!n1!n15!n1!n",  # Hungary
    "IE": "4!a6!n8!n",  # Ireland
    "IL": "3!n3!n13!n",  # Israel
    "IQ": "4!a3!n12!n",  # Iraq
    "IS": "4!n2!n6!n10!n",  # Iceland
    "IT": "1!a5!n5!n12!c",  # Italy
    "JO": "4!a4!n18!c",  # Jordan
    "KW": "4!a22!c",  # Kuwait
    "KZ": "3!n13!c",  # Kazakhstan
    "LB": "4!n20!c",  # Lebanon
    "LC": "4!a24!c",  # Saint Lucia
    "LI": "5!n12!c",  # Liechtenstein
    "LT": "5!n11!n",  # Lithuania
    "LU": "3!n13!c",  # Luxembourg
    "LV": "4!a13!c",  # Latvia
    "LY": "3!n3!n15!n",  # Libya
    "MC": "5!n5!n11!c2!n",  # Monaco
    "MD": "2!c18!c",  # Moldova, Republic of
    "ME": "3!n13!n2!n",  # Montenegro
    "MK": "3!n10!c2!n",  # North Macedonia
    "MN": "4!n12!n",  # Mongolia
    "MR": "5!n5!n11!n2!n",  # Mauritania
    "MT": "4!a5!n18!c",  # Malta
    "MU": "4!a2!n2!n12!n3!n3!a",  # Mauritius
    "NI": "4!a20!n",  # Nicaragua
    "NL": "4!a10!n",  # Netherlands (The)
    "NO": "4!n6!n1!n",  # Norway
    "OM": "3!n16!c",  # Oman
    "PK": "4!a16!c",  # Pakistan
    "PL": "8!n16!n",  # Poland
    "PS": "4!a21!c",  # Palestine, State of
    "PT": "4!n4!n11!n2!n",  # Portugal
    "QA": "4!a21!c",  # Qatar
    "RO": "4!a16!c",  # Romania
    "RS": "3!n13!n2!n",  # Serbia
    "RU": "9!n5!n15!c",  # Russian Federation
    "SA": "2!n18!c",  # Saudi Arabia
    "SC": "4!a2!n2!n16!n3!a",  # Seychelles
    "SD": "2!n12!n",  # Sudan
    "SE": "3!n16!n1!n",  # Sweden
    "SI": "5!n8!n2!n",  # Slovenia
    "SK": "4!n6!n10!n",  # Slovakia
    "SM": "1!a5!n5!n12!c",  # San Marino
    "SO": "4!n3!n12!n",  # Somalia
    "ST": "4!n4!n11!n2!n",  # Sao Tome and Principe
    "SV": "4!a20!n",  # El Salvador
    "TL": "3!n14!n2!n",  # Timor-Leste
    "TN": "2!n3!n13!n2!n",  # Tunisia
    "TR": "5!n1!n16!c",  # Turkiye
    "UA": "6!n19!c",  # Ukraine
    "VA": "3!n15!n",  # Holy See
    "VG": "4!a16!n",  # Virgin Islands (British)
    "XK": "4!n10!n2!n",  # Kosovo
    "YE": "4!a4!n18!c",  # Yemen
}

_PIECE = re.compile(r"([0-9]+)!([nac])")
_KIND = {"n": "[0-9]", "a": "[A-Z]", "c": "[A-Z0-9]"}


def _compile(notation: str) -> tuple[int, re.Pattern[str]]:
    pieces = _PIECE.findall(notation)
    if "".join(f"{length}!{kind}" for length, kind in pieces) != notation:
        raise ValueError(f"not a BBAN format: {notation}")
    pattern = "".join(f"{_KIND[kind]}{{{length}}}" for length, kind in pieces)
    return 4 + sum(int(length) for length, _ in pieces), re.compile(pattern)


# Country code -> (length of the whole IBAN, pattern of its account part).
IBAN_FORMATS: dict[str, tuple[int, re.Pattern[str]]] = {
    country: _compile(notation) for country, notation in BBAN_FORMATS.items()
}
