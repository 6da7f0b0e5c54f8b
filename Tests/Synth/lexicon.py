"""Label wordings: read from the per-language lexicons (Sources/Extract/Lexicons/<lang>.json) when
present; a small built-in table for en, de and sr keeps the generator usable without them."""
import json
import os
import re

from locale_data import to_cyrillic

KEYS = ["amount_due", "amount_total", "amount_subtotal", "amount_vat", "amount_discount", "amount_rounding",
        "amount_previous", "amount_paid", "account", "account_payer", "bic", "payee", "payer", "reference",
        "invoice_number", "due_date", "no_payment_credit_note", "no_payment_direct_debit", "no_payment_paid"]

FALLBACK = {
    "en": {"amount_due": ["amount due", "balance due", "total due", "please pay"], "amount_total": ["total", "invoice total"],
           "amount_subtotal": ["subtotal", "net amount"], "amount_vat": ["vat", "tax"], "amount_discount": ["discount"],
           "amount_rounding": ["rounding"], "amount_previous": ["previous balance"], "amount_paid": ["payments received", "paid"],
           "account": ["iban", "account number", "bank account"], "account_payer": ["your account", "debited from your account"],
           "bic": ["bic", "swift"], "payee": ["beneficiary", "payee"], "payer": ["customer", "bill to"],
           "reference": ["payment reference", "reference"], "invoice_number": ["invoice no", "invoice number"],
           "due_date": ["due date", "payable by"], "no_payment_credit_note": ["credit note", "will be refunded"],
           "no_payment_direct_debit": ["will be collected by direct debit"], "no_payment_paid": ["paid", "already paid"]},
    "de": {"amount_due": ["zu zahlen", "zahlbetrag", "offener betrag"], "amount_total": ["gesamtbetrag", "summe"],
           "amount_subtotal": ["zwischensumme", "nettobetrag"], "amount_vat": ["ust", "mwst"], "amount_discount": ["rabatt"],
           "amount_rounding": ["rundung"], "amount_previous": ["vorsaldo"], "amount_paid": ["bereits bezahlt"],
           "account": ["iban", "bankverbindung"], "account_payer": ["ihr konto"], "bic": ["bic"],
           "payee": ["empfänger", "zahlungsempfänger"], "payer": ["kunde"], "reference": ["zahlungsreferenz", "verwendungszweck"],
           "invoice_number": ["rechnungsnummer"], "due_date": ["fällig am", "zahlbar bis"],
           "no_payment_credit_note": ["gutschrift"], "no_payment_direct_debit": ["wird abgebucht"],
           "no_payment_paid": ["bereits bezahlt"]},
    "sr": {"amount_due": ["iznos za uplatu", "za uplatu", "ukupno za plaćanje"], "amount_total": ["ukupno"],
           "amount_subtotal": ["osnovica"], "amount_vat": ["pdv"], "amount_discount": ["popust"], "amount_rounding": ["zaokruživanje"],
           "amount_previous": ["prethodni dug"], "amount_paid": ["uplaćeno"], "account": ["račun primaoca", "tekući račun"],
           "account_payer": ["račun platioca"], "bic": ["swift"], "payee": ["primalac"], "payer": ["platilac", "kupac"],
           "reference": ["poziv na broj"], "invoice_number": ["broj računa"], "due_date": ["rok plaćanja", "valuta"],
           "no_payment_credit_note": ["knjižno odobrenje"], "no_payment_direct_debit": ["trajni nalog"],
           "no_payment_paid": ["plaćeno"]},
}
CYR = re.compile(r"[\u0400-\u04ff]")
GREEK = re.compile(r"[\u0370-\u03ff]")


class Lexicons:
    def __init__(self, folder):
        self.tables = {}
        self.source = "built-in"
        if folder and os.path.isdir(folder):
            for fn in sorted(os.listdir(folder)):
                if fn.endswith(".json"):
                    with open(os.path.join(folder, fn), encoding="utf-8") as f:
                        data = json.load(f)
                    self.tables[data.get("language", fn[:-5])] = data.get("labels", {})
            if self.tables:
                self.source = "files"
        if not self.tables:
            self.tables = FALLBACK

    def languages(self):
        return sorted(self.tables)

    def phrases(self, lang, key, script="Latn"):
        lang_table = self.tables.get(lang) or FALLBACK.get(lang) or FALLBACK["en"]
        items = []
        for p in lang_table.get(key, []):
            p = p.strip().rstrip(":").strip()
            if p and len(p) <= 40 and not re.search(r"[\d%]", p) and p not in items:
                items.append(p)
        if not items and lang in FALLBACK:
            items = FALLBACK[lang].get(key, [])
        if not items:
            items = FALLBACK["en"].get(key, ["?"])
        if script == "Cyrl" and lang == "sr":
            cyr = [p for p in items if CYR.search(p)]
            return cyr or [to_cyrillic(p) for p in items if not CYR.search(p)]
        if lang == "sr":
            lat = [p for p in items if not CYR.search(p)]
            return lat or items
        return items


def style(rng, phrase, colon=None, upper_rate=0.12):
    """Natural case for a lower-case lexicon phrase: first letter up, sometimes all caps, maybe a colon."""
    if phrase.isupper() or phrase[:1].isupper():
        s = phrase
    elif rng.random() < upper_rate:
        s = phrase.upper()
    else:
        s = phrase[:1].upper() + phrase[1:]
    if colon is None:
        colon = rng.random() < 0.6
    return s + (":" if colon and not s.endswith(":") else "")


class Labeler:
    """Per-document label chooser: one wording per key, so a document is consistent with itself."""

    def __init__(self, lex, lang, script, rng):
        self.lex, self.lang, self.script, self.rng = lex, lang, script, rng
        self.colon = rng.random() < 0.65
        self.upper = rng.random() < 0.15
        self.chosen = {}

    def raw(self, key):
        if key not in self.chosen:
            # One draw whatever the list's length: a phrase added to a lexicon changes which wording
            # some bills use, not every later draw of every bill.
            items = self.lex.phrases(self.lang, key, self.script)
            self.chosen[key] = items[min(int(self.rng.random() * len(items)), len(items) - 1)]
        return self.chosen[key]

    def __call__(self, key, colon=None):
        p = self.raw(key)
        colon = self.colon if colon is None else colon
        s = p.upper() if self.upper else (p if p[:1].isupper() else p[:1].upper() + p[1:])
        return s + (":" if colon and not s.endswith(":") else "")

    def sentence(self, key):
        p = self.raw(key)
        return p[:1].upper() + p[1:] + ("" if p.endswith((".", "!")) else ".")
