"""One synthetic bill: who issues it, who pays, the items and totals, the payment data, and
the helpers that print them the way the document's language does."""
import datetime

import checksums as ck
import locale_data as L
import national
from lexicon import Labeler

SCALE = {"INR": 90, "HUF": 350, "CZK": 25, "RSD": 117, "SEK": 11, "NOK": 11, "DKK": 7, "MKD": 61, "PLN": 4, "RON": 5, "BAM": 2}
VAT = {"GB": 20, "IE": 23, "DE": 19, "AT": 20, "CH": 8.1, "FR": 20, "BE": 21, "IT": 22, "ES": 21, "PT": 23, "NL": 21,
       "PL": 23, "CZ": 21, "SK": 23, "SI": 22, "HR": 25, "RS": 20, "BA": 17, "MK": 18, "HU": 27, "RO": 19, "BG": 20,
       "SE": 25, "DK": 25, "NO": 25, "FI": 25.5, "GR": 24, "US": 8.25, "IN": 18}
BICS = {"AT": "GIBAATWW", "DE": "COBADEFF", "CH": "UBSWCHZH", "FR": "BNPAFRPP", "BE": "GEBABEBB", "IT": "UNCRITMM",
        "ES": "CAIXESBB", "PT": "CGDIPTPL", "NL": "ABNANL2A", "PL": "PKOPPLPW", "CZ": "KOMBCZPP", "SK": "TATRSKBX",
        "SI": "LJBASI2X", "HR": "ZABAHR2X", "RS": "AIKBRS22", "BA": "RZBABA2S", "MK": "KOBSMK2X", "HU": "OTPVHUHB",
        "RO": "BTRLRO22", "BG": "UNCRBGSF", "SE": "ESSESESS", "DK": "DABADKKK", "NO": "DNBANOKK", "FI": "NDEAFIHH",
        "GR": "ETHNGRAA", "GB": "BARCGB22", "IE": "AIBKIE2D"}
# Truth keys that only some documents fill (null on the others, so that every line has the same keys).
EXTRA_KEYS = ("routing", "sort_code", "ifsc", "code_format", "code_contradicts")
BASE_DATE = datetime.date(2026, 1, 5)


class Bill:
    def __init__(self, rng, lex, lang, script="Latn", country=None, ref_kind=None, payment_expected=True):
        self.rng, self.lang, self.script = rng, lang, script
        countries, self.amount_style, self.date_style = L.LANG[lang]
        self.country = country or rng.choice(countries)
        if self.country == "CH":
            self.amount_style = "ch"
        if self.country == "US":
            self.date_style = "m/d/Y"
        self.currency = L.CURRENCY.get(self.country, "EUR")
        self.symbol = L.SYMBOL[self.currency]
        if lang == "sr" and script == "Cyrl":
            self.symbol = "дин."
        self.lbl = Labeler(lex, lang, script, rng)
        self.v = {k: self.tx(w) for k, w in L.vocab(lang).items()}
        self.cur_before = self.currency in ("GBP", "CHF") or (lang in ("en", "nl", "el") and rng.random() < 0.6)
        self.cur_code = rng.random() < 0.4
        self.grouping = rng.random() < 0.85
        self.payment_expected = payment_expected
        self.payment_code = None
        self.truth_extra = {}
        self._people()
        self._numbers(ref_kind)

    # ---- text in the document's script ----
    def tx(self, s):
        return L.to_cyrillic(s) if (self.lang == "sr" and self.script == "Cyrl") else s

    def name_tx(self, s):
        if self.script == "Cyrl":
            return L.to_cyrillic(s)
        if self.script == "Grek":
            return L.to_greek(s)
        return s

    def _stem(self):
        r = self.rng
        return r.choice(L.SYL[0::2]) + r.choice(L.SYL[1::2])

    def _address(self):
        street = L.STREET[self.lang].format(s=self.name_tx(self._stem()), n=self.rng.randrange(1, 140))
        return [self.tx(street), self.tx(self.rng.choice(L.CITIES[self.country]))]

    def _people(self):
        r = self.rng
        self.issuer = self.name_tx("%s %s" % (self._stem(), r.choice(L.SECTOR))) + " " + L.LEGAL[self.country]
        self.issuer_addr = self._address()
        self.payer = self.name_tx("%s %s" % (r.choice(L.FIRST), r.choice(L.LAST)))
        self.payer_addr = self._address()
        self.phone = "+%d %d %d %04d" % (r.randrange(30, 49), r.randrange(1, 99), r.randrange(100, 999), r.randrange(10000))
        self.fax = self.phone[:-2] + "%02d" % r.randrange(100)
        self.vat_id = self.country + "".join(r.choice("0123456789") for _ in range(9))
        self.customer_no = str(r.randrange(10 ** 6, 10 ** 9))
        self.order_no = "%d-%05d" % (r.randrange(2018, 2026), r.randrange(100000))
        self.meter_id = "%d%07d" % (r.randrange(1, 9), r.randrange(10 ** 7))

    def _numbers(self, ref_kind):
        r = self.rng
        cc = self.country
        self.issue = BASE_DATE + datetime.timedelta(days=r.randrange(0, 330))
        self.due = self.issue + datetime.timedelta(days=r.choice([7, 10, 14, 21, 30]))
        self.order_date = self.issue - datetime.timedelta(days=r.randrange(3, 900))
        self.invoice_no = str(r.randrange(10 ** 5, 10 ** 9))
        if cc == "RS":
            self.accounts = [ck.rs_account(b, r.randrange(10 ** 5, 10 ** 10)) for b in r.sample([160, 170, 205, 265, 325, 340], 3)]
            self.payer_account = ck.rs_account(r.choice([160, 200, 250]), r.randrange(10 ** 5, 10 ** 10))
            self.bic = None
        elif cc in national.DEFAULT:  # no IBANs in the country: its own account form
            self.accounts = [national.make(r, national.DEFAULT[cc]) for _ in range(3)]
            self.payer_account = national.make(r, national.DEFAULT[cc])
            self.bic = None
        else:
            self.accounts = [ck.random_iban(r, cc) for _ in range(3)]
            other = r.choice(["DE", "AT", "NL", "FR", "IT", cc])
            self.payer_account = ck.random_iban(r, other)
            self.bic = BICS[cc] + r.choice(["", "XXX"]) if r.random() < 0.75 else None
        self.account = self.accounts[0]
        if ref_kind is None:
            ref_kind = "model97" if cc == "RS" and r.random() < 0.75 else r.choice(["rf", "rf", "plain"])
        self.make_reference(ref_kind)
        self.vat_rate = L.D(str(VAT[cc]))

    def make_reference(self, kind):
        """A payment reference of kind rf | model97 | plain (the invoice number or another number) | none."""
        r = self.rng
        self.ref_kind = kind
        if kind == "rf":
            self.reference = ck.rf_make(str(r.randrange(10 ** 5, 10 ** 12)))
        elif kind == "model97":
            self.reference = ck.model97(str(r.randrange(10 ** 7, 10 ** 12)))
        elif kind == "plain":
            self.reference = self.invoice_no if r.random() < 0.5 else str(r.randrange(10 ** 7, 10 ** 11))
        else:
            self.reference = None

    # ---- amounts ----
    def items(self, n=None, names=None):
        r = self.rng
        n = n or r.randrange(2, 6)
        names = names or L.ITEMS[self.lang].split("|")
        scale = SCALE.get(self.currency, 1)
        out = []
        for name in r.sample(names, min(n, len(names))):
            qty = r.choice([1, 1, 1, 2, 3, 5, 10, 12])
            unit = L.q(L.D(r.randrange(150, 48000)) / 100 * scale)
            out.append((self.tx(name), qty, unit, L.q(unit * qty)))
        return out

    def totals(self, lines, discount=False, rounding=False, previous=None, paid=None, fee=None):
        """Fill subtotal, discount, VAT, total, previous balance, paid, fee and due from the item lines."""
        sub = sum(a for *_, a in lines)
        self.subtotal = L.q(sub)
        self.discount = L.q(sub * L.D(self.rng.choice([3, 5, 10])) / 100) if discount else L.D(0)
        base = self.subtotal - self.discount
        self.vat = L.q(base * self.vat_rate / 100)
        gross = base + self.vat
        self.rounding = L.D(0)
        if rounding:
            self.rounding = L.q(round(gross * 20) / L.D(20)) - gross if self.currency != "HUF" else L.q(round(gross) - gross)
        self.total = L.q(gross + self.rounding)
        self.previous = L.q(previous) if previous is not None else L.D(0)
        self.paid = L.q(paid) if paid is not None else L.D(0)
        self.fee = L.q(fee) if fee is not None else L.D(0)
        self.amount_due = L.q(self.total + self.previous - self.paid + self.fee)
        return self.amount_due

    def scaled(self, lo, hi):
        return L.q(L.D(self.rng.randrange(lo, hi)) / 100 * SCALE.get(self.currency, 1))

    # ---- printing ----
    def num(self, x):
        return L.fmt_amount(x, self.amount_style, self.grouping)

    def money(self, x, cur=True):
        s = self.num(x)
        if not cur:
            return s
        c = self.currency if self.cur_code else self.symbol
        return (c + " " + s) if self.cur_before else (s + " " + c)

    def rate(self):
        s = str(self.vat_rate)
        s = s.rstrip("0").rstrip(".") if "." in s else s
        return s.replace(".", ",") if self.amount_style in ("de", "fr") else s

    def date(self, d):
        return L.fmt_date(d, self.date_style)

    def acc(self, a=None, compact=False):
        a = a or self.account
        if isinstance(a, national.Account):
            return a.printed
        if a.isdigit():
            return ck.rs_long(a) if not compact else ck.rs_short(a)
        return a if compact else ck.iban_print(a)

    def ref(self):
        if self.ref_kind == "rf" and self.rng.random() < 0.6:
            return ck.group4(self.reference)
        return self.reference

    def label(self, key, colon=None):
        return self.lbl(key, colon)

    def account_truth(self):
        """(account, account_scheme, extra keys) as truth writes them."""
        a = self.account
        if isinstance(a, national.Account):
            return a.number, a.scheme, a.extra
        return a, ("rs-account" if a.isdigit() else "iban"), {}

    def truth(self, source, family, split, variant):
        t = self._truth(source, family, split, variant)
        account, scheme, extra = self.account_truth()
        t["account"] = account if t["payment_expected"] and not getattr(self, "receipt", False) else None
        t["account_scheme"] = scheme if t["account"] else None
        for k in EXTRA_KEYS:
            t[k] = (extra.get(k) if t["account"] else None) if k in extra else self.truth_extra.get(k)
        return t

    def _truth(self, source, family, split, variant):
        pe = self.payment_expected
        if getattr(self, "receipt", False):
            return {
                "source": source, "family": family, "split": split, "variant": variant, "language": self.lang,
                "account": None, "amount": str(self.amount_due), "currency": self.currency, "reference": None,
                "reference_model": None, "payment_expected": True, "due_date": None, "payee": self.issuer,
                "bic": None, "payment_code": None,
            }
        return {
            "source": source, "family": family, "split": split, "variant": variant, "language": self.lang,
            "account": self.account if pe else None, "amount": str(self.amount_due) if pe else None,
            "currency": self.currency if pe else None, "reference": self.reference if pe else None,
            "reference_model": "97" if pe and self.ref_kind == "model97" else None, "payment_expected": pe,
            "due_date": self.due.isoformat() if pe else None, "payee": getattr(self, "payee_name", self.issuer),
            "bic": (self.bic if pe else None), "payment_code": self.payment_code if pe else None,
        }
