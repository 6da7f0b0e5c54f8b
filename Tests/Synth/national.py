"""Accounts that are not IBANs: the national forms bills print instead (US routing + account, UK sort
code + account, Indian IFSC + account, Swedish bankgiro and plusgiro, Norwegian and Danish accounts,
Swiss postal accounts). Each is an Account: its truth keys and how the page writes it."""
import checksums as ck


class Account:
    """scheme: truth's account_scheme; number: truth's account (compact); printed: as on the page;
    extra: further truth keys (routing, sort_code, ifsc) as compact strings; shown: each as printed."""

    def __init__(self, scheme, number, printed, extra=None, shown=None):
        self.scheme, self.number, self.printed = scheme, number, printed
        self.extra, self.shown = extra or {}, shown or {}

    def __repr__(self):
        return "Account(%s %s)" % (self.scheme, self.number)


def digits(rng, n, first="123456789"):
    return rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(n - 1))


def us_aba(rng):
    """US: a 9-digit ABA routing number (Federal Reserve districts 01-12 lead) and a 10-12 digit account."""
    routing = ck.aba_make("%02d%s" % (rng.randrange(1, 13), digits(rng, 6, "0123456789")))
    number = digits(rng, rng.choice([10, 10, 12]))
    return Account("us-aba", number, number, {"routing": routing}, {"routing": routing})


def gb_sort_code(rng):
    """UK: a 6-digit sort code printed 12-34-56 and an 8-digit account number."""
    sort = "%02d%s" % (rng.choice([20, 30, 40, 60, 77, 83, 9]), digits(rng, 4, "0123456789"))
    number = digits(rng, 8)
    shown = "%s-%s-%s" % (sort[:2], sort[2:4], sort[4:])
    return Account("gb-sort-code", number, number, {"sort_code": sort}, {"sort_code": shown})


IFSC_BANKS = {"HDFC": 14, "ICIC": 12, "SBIN": 11, "UTIB": 15, "KKBK": 10}


def in_ifsc(rng):
    """India: an 11-character IFSC (4 letters, 0, 6 digits for the branch) and a 10-15 digit account."""
    bank = rng.choice(sorted(IFSC_BANKS))
    ifsc = "%s0%s" % (bank, digits(rng, 6, "0123456789"))
    number = digits(rng, IFSC_BANKS[bank])
    return Account("in-ifsc", number, number, {"ifsc": ifsc}, {"ifsc": ifsc})


def se_bankgiro(rng):
    """Sweden: bankgiro number, 7 or 8 digits ending in a Luhn check digit, printed 123-4567 / 1234-5678."""
    body = digits(rng, rng.choice([6, 7]))
    number = body + ck.luhn_digit(body)
    return Account("se-bankgiro", number, "%s-%s" % (number[:-4], number[-4:]))


def se_plusgiro(rng):
    """Sweden: plusgiro number, 5-8 digits ending in a Luhn check digit, printed 12 34 56-7."""
    body = digits(rng, rng.choice([5, 6, 7]))
    number = body + ck.luhn_digit(body)
    head = body[::-1]
    groups = " ".join(head[i:i + 2][::-1] for i in range(0, len(head), 2))
    return Account("se-plusgiro", number, " ".join(groups.split()[::-1]) + "-" + number[-1])


def no_account(rng):
    """Norway: 11 digits (bank 4, type 2, number 4, MOD 11 check digit), printed 1234.56.78903."""
    while True:
        body = digits(rng, 10)
        check = ck.no_account_digit(body)
        if check is not None:
            n = body + check
            return Account("no-account", n, "%s.%s.%s" % (n[:4], n[4:6], n[6:]))


def dk_account(rng):
    """Denmark: a 4-digit reg. no. and an account of up to 10 digits; truth: reg. no. and the account
    padded to 10 digits (the Danish IBAN's BBAN). No national check is applied (it varies by bank)."""
    reg, acct = digits(rng, 4), digits(rng, rng.choice([7, 8, 10]))
    a = Account("dk-account", reg + acct.zfill(10), "%s %s" % (reg, acct))
    a.parts = (reg, acct)
    return a


def ch_postal(rng):
    """Switzerland: a postal account, 2-digit prefix, up to 6 digits, mod 10 recursive check digit,
    printed 80-2-2 style (leading zeros of the middle dropped); truth: the 9-digit form."""
    prefix, middle = rng.choice(["10", "30", "60", "80", "85", "87", "90"]), "%06d" % rng.randrange(1, 10 ** 6)
    n = prefix + middle + ck.mod10_recursive(prefix + middle)
    return Account("ch-postal", n, "%s-%s-%s" % (prefix, middle.lstrip("0"), n[-1]))


MAKERS = {"us-aba": us_aba, "gb-sort-code": gb_sort_code, "in-ifsc": in_ifsc, "se-bankgiro": se_bankgiro,
          "se-plusgiro": se_plusgiro, "no-account": no_account, "dk-account": dk_account, "ch-postal": ch_postal}
# Countries without IBANs: the form their bills use by default.
DEFAULT = {"US": "us-aba", "IN": "in-ifsc"}


def make(rng, scheme):
    return MAKERS[scheme](rng)


def valid(scheme, number, extra):
    """The checks a scheme has (the number's shape, and its check digit where the scheme defines one)."""
    if scheme == "us-aba":
        return number.isdigit() and ck.aba_valid(extra.get("routing") or "")
    if scheme == "gb-sort-code":
        return len(number) == 8 and number.isdigit() and len(extra.get("sort_code") or "") == 6
    if scheme == "in-ifsc":
        ifsc = extra.get("ifsc") or ""
        return number.isdigit() and len(ifsc) == 11 and ifsc[:4].isalpha() and ifsc[4] == "0"
    if scheme in ("se-bankgiro", "se-plusgiro"):
        return ck.luhn_valid(number)
    if scheme == "no-account":
        return ck.no_account_valid(number)
    if scheme == "dk-account":
        return len(number) == 14 and number.isdigit()
    if scheme == "ch-postal":
        return ck.ch_postal_valid(number)
    return False


def printed_forms(scheme, number):
    """Ways the page may print a truth account (spaces ignored): alternatives, each a tuple of parts
    that must all be on the page."""
    if scheme in ("se-bankgiro",):
        return [(number[:-4] + "-" + number[-4:],), (number,)]
    if scheme == "se-plusgiro":
        return [(number[:-1] + "-" + number[-1],), (number,)]
    if scheme == "no-account":
        return [("%s.%s.%s" % (number[:4], number[4:6], number[6:]),), (number,)]
    if scheme == "dk-account":
        return [(number[:4], number[4:].lstrip("0"))]
    if scheme == "ch-postal":
        return [("%s-%s-%s" % (number[:2], number[2:8].lstrip("0"), number[8]),), (number,)]
    return [(number,)]
