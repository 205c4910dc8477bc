"""How a player gets paid: the payment details a host stores for a player, checked, and the
payloads (QR codes, links) a payer uses. Pure Python (no Django); see README.md.

Every ``*_clean`` function returns its value in the one form to store, or raises
``PaymentDetailsError`` listing problems (codes with parameters, as the rules engine's).
Amounts are ``Decimal``; a float raises ``TypeError``.
"""

from .amounts import amount_clean, currency_clean
from .errors import PaymentDetailsError
from .handles import (
    cash_app_link,
    cashtag_clean,
    paypal_me_clean,
    paypal_me_link,
    venmo_link,
    venmo_username_clean,
)
from .phones import BIZUM, MB_WAY, bizum_phone_clean, e164_phone_clean, mb_way_phone_clean
from .pix import (
    PIX_KEY_KINDS,
    PixKey,
    cnpj_check_digits,
    cnpj_clean,
    cpf_check_digits,
    cpf_clean,
    crc16_ccitt_false,
    pix_br_code,
    pix_email_clean,
    pix_key_clean,
    pix_phone_clean,
    pix_random_key_clean,
)
from .qr import epc_qr_code, epc_qr_svg, qr_code, qr_svg
from .sepa import (
    EEA_COUNTRIES,
    SEPA_COUNTRIES,
    SepaAccount,
    beneficiary_name_clean,
    bic_clean,
    epc_qr_payload,
    iban_check_digits,
    iban_clean,
    sepa_account_clean,
    sepa_iban_clean,
)
from .swish import swish_app_link, swish_message_clean, swish_number_clean, swish_qr_payload

__all__ = [
    "BIZUM",
    "EEA_COUNTRIES",
    "MB_WAY",
    "PIX_KEY_KINDS",
    "SEPA_COUNTRIES",
    "PaymentDetailsError",
    "PixKey",
    "SepaAccount",
    "amount_clean",
    "beneficiary_name_clean",
    "bic_clean",
    "bizum_phone_clean",
    "cash_app_link",
    "cashtag_clean",
    "cnpj_check_digits",
    "cnpj_clean",
    "cpf_check_digits",
    "cpf_clean",
    "crc16_ccitt_false",
    "currency_clean",
    "e164_phone_clean",
    "epc_qr_code",
    "epc_qr_payload",
    "epc_qr_svg",
    "iban_check_digits",
    "iban_clean",
    "mb_way_phone_clean",
    "paypal_me_clean",
    "paypal_me_link",
    "pix_br_code",
    "pix_email_clean",
    "pix_key_clean",
    "pix_phone_clean",
    "pix_random_key_clean",
    "qr_code",
    "qr_svg",
    "sepa_account_clean",
    "sepa_iban_clean",
    "swish_app_link",
    "swish_message_clean",
    "swish_number_clean",
    "swish_qr_payload",
    "venmo_link",
    "venmo_username_clean",
]
