"""Check digits for the numbers printed on synthetic bills: IBAN (ISO 13616), RF creditor
references (ISO 11649), Serbian domestic accounts and model-97 references (ISO 7064 MOD 97-10), and
the national forms: US ABA routing numbers, Luhn (Swedish bankgiro and OCR, Norwegian KID),
Norwegian accounts (MOD 11) and Swiss postal accounts and QR references (mod 10 recursive)."""
import re


def to_digits(s):
    """Base-36 value of each character: digits stay, A=10 .. Z=35."""
    return "".join(str(int(ch, 36)) for ch in s.upper())


def mod97(digits):
    rem = 0
    for i in range(0, len(digits), 9):
        rem = int(str(rem) + digits[i:i + 9]) % 97
    return rem


def mod97_check(payload):
    """Two check digits 98 - (payload * 100 mod 97), as used by IBAN, RF and model 97."""
    return "%02d" % (98 - mod97(to_digits(payload) + "00"))


# BBAN shapes: n = digit, a = capital letter, c = digit or letter; counts precede the class.
IBAN_BBAN = {
    "AT": "16n", "DE": "18n", "FR": "23n", "IT": "1a22n", "ES": "20n", "NL": "4a10n", "BE": "12n",
    "PT": "21n", "PL": "24n", "CZ": "20n", "SK": "20n", "SI": "15n", "HR": "17n", "RS": "18n",
    "BA": "16n", "MK": "13n2n", "HU": "24n", "RO": "4a16n", "BG": "4a6n8n", "SE": "20n", "DK": "14n",
    "NO": "11n", "FI": "14n", "GR": "23n", "CH": "17n", "GB": "4a14n", "IE": "4a14n",
}
IBAN_LEN = {cc: 4 + sum(int(n) for n in re.findall(r"\d+", shape)) for cc, shape in IBAN_BBAN.items()}
BANK_LETTERS = ["ABNA", "RABO", "INGB", "BARC", "LOYD", "NWBK", "AIBK", "BOFI", "RZBR", "BTRL", "UNCR", "FINV"]


def iban_from_bban(cc, bban):
    kk = 98 - mod97(to_digits(bban + cc + "00"))
    return "%s%02d%s" % (cc, kk, bban)


def random_bban(rng, cc):
    if cc == "RS":
        return rs_account(rng.choice([160, 170, 205, 265, 325, 340, 355]), rng.randrange(10 ** 6, 10 ** 11))
    if cc == "BE":
        body = "%010d" % rng.randrange(10 ** 9, 10 ** 10)
        return body + "%02d" % (int(body) % 97 or 97)
    if cc == "FR":
        bank, branch, acct = rng.randrange(10000, 99999), rng.randrange(10000, 99999), rng.randrange(10 ** 9, 10 ** 11)
        key = 97 - ((89 * bank + 15 * branch + 3 * acct) % 97)
        return "%05d%05d%011d%02d" % (bank, branch, acct, key)
    out = []
    shape = IBAN_BBAN[cc]
    letters_used = False
    for count, cls in re.findall(r"(\d+)([nac])", shape):
        count = int(count)
        if cls == "a" and count == 4 and not letters_used:
            out.append(rng.choice(BANK_LETTERS))
            letters_used = True
        elif cls == "a":
            out.append("".join(rng.choice("ABCDEFGHJKLMNPRSTUVWXZ") for _ in range(count)))
        else:
            first = "123456789"
            out.append(rng.choice(first) + "".join(rng.choice("0123456789") for _ in range(count - 1)))
    return "".join(out)


def random_iban(rng, cc):
    return iban_from_bban(cc, random_bban(rng, cc))


def iban_valid(iban):
    s = re.sub(r"\s", "", iban).upper()
    if len(s) != IBAN_LEN.get(s[:2], -1) or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    return mod97(to_digits(s[4:] + s[:4])) == 1


def iban_print(iban, sep=" "):
    return sep.join(iban[i:i + 4] for i in range(0, len(iban), 4))


def rs_account(bank, middle):
    """Serbian domestic account: 3-digit bank, 13-digit account, 2 control digits (mod 97)."""
    first16 = "%03d%013d" % (int(bank), int(middle))
    return first16 + mod97_check(first16)


def rs_account_valid(acc):
    return bool(re.fullmatch(r"\d{18}", acc)) and mod97_check(acc[:16]) == acc[16:]


def rs_long(acc):
    return "%s-%s-%s" % (acc[:3], acc[3:16], acc[16:])


def rs_short(acc):
    return "%s-%s-%s" % (acc[:3], acc[3:16].lstrip("0") or "0", acc[16:])


def model97(body):
    """Model-97 reference: the two check digits go in front of the body."""
    return mod97_check(body) + body


def model97_valid(ref):
    s = re.sub(r"[\s-]", "", ref)
    return len(s) > 2 and s[:2].isdigit() and model97(s[2:]) == s


def rf_make(body):
    kk = 98 - mod97(to_digits(body + "RF00"))
    return "RF%02d%s" % (kk, body)


def rf_valid(ref):
    s = re.sub(r"\s", "", ref).upper()
    return bool(re.fullmatch(r"RF\d{2}[A-Z0-9]{1,21}", s)) and mod97(to_digits(s[4:] + s[:4])) == 1


def group4(s, sep=" "):
    return sep.join(s[i:i + 4] for i in range(0, len(s), 4))


def luhn_digit(body):
    """The digit that makes body + digit pass the Luhn check (weights 2, 1, 2, ... from the right of body)."""
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch) * (2 if i % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str(-total % 10)


def luhn_valid(s):
    return len(s) > 1 and s.isdigit() and luhn_digit(s[:-1]) == s[-1]


ABA_WEIGHTS = (3, 7, 1) * 3


def aba_make(body8):
    """US routing number: 8 digits and the check digit that makes the 3-7-1 weighted sum a multiple of 10."""
    return body8 + str(-sum(int(d) * w for d, w in zip(body8, ABA_WEIGHTS)) % 10)


def aba_valid(r):
    return bool(re.fullmatch(r"\d{9}", r)) and sum(int(d) * w for d, w in zip(r, ABA_WEIGHTS)) % 10 == 0


NO_WEIGHTS = (5, 4, 3, 2, 7, 6, 5, 4, 3, 2)


def no_account_digit(body10):
    """Norwegian account check digit (MOD 11, weights 5 4 3 2 7 6 5 4 3 2); None where it would be 10."""
    k = 11 - sum(int(d) * w for d, w in zip(body10, NO_WEIGHTS)) % 11
    return None if k == 10 else str(k % 11)


def no_account_valid(a):
    return bool(re.fullmatch(r"\d{11}", a)) and no_account_digit(a[:10]) == a[10]


def mod10_recursive(digits):
    """Swiss check digit (postal accounts, QR references): carry table 0 9 4 6 8 2 7 1 3 5."""
    carry = 0
    for d in digits:
        carry = (0, 9, 4, 6, 8, 2, 7, 1, 3, 5)[(carry + int(d)) % 10]
    return str((10 - carry) % 10)


def ch_postal_valid(a):
    return bool(re.fullmatch(r"\d{9}", a)) and mod10_recursive(a[:8]) == a[8]


def selftest():
    import random
    assert iban_valid("DE89370400440532013000") and iban_valid("AT611904300234573201")
    assert not iban_valid("AT611804300234573201")
    assert iban_from_bban("DE", "370400440532013000") == "DE89370400440532013000"
    assert rs_account_valid("845000000040484987") and not rs_account_valid("845000000040484978")
    assert model97("3220000111111111000") == "163220000111111111000"
    assert rf_make("539007547034") == "RF18539007547034"
    assert rf_valid("RF18539007547034") and not rf_valid("RF17539007547034")
    assert aba_valid("011000015") and aba_make("02100002") == "021000021" and not aba_valid("021000022")
    assert luhn_valid("79927398713") and luhn_digit("7992739871") == "3" and not luhn_valid("79927398714")
    assert no_account_valid("86011117947") and not no_account_valid("86011117948")
    assert mod10_recursive("21000000000313947143000901") == "7" and ch_postal_valid("010001628")
    rng = random.Random(1)
    for cc in IBAN_BBAN:
        for _ in range(20):
            iban = random_iban(rng, cc)
            assert iban_valid(iban), iban
            assert len(iban) == IBAN_LEN[cc], (cc, iban)


if __name__ == "__main__":
    selftest()
    print("checksums ok")
