"""The Python peer a user would write: python-stdnum's Luhn, a prefix table, JSON Lines in and out."""
import json
import sys
from datetime import date

from stdnum import luhn

# Brand prefixes and lengths, longest prefix first (the common brands).
BRANDS = [
    ("american-express", ("34", "37"), (15,)),
    ("diners-club", ("300", "301", "302", "303", "304", "305", "36", "38", "39"), (14, 16, 19)),
    ("discover", ("6011", "644", "645", "646", "647", "648", "649", "65"), (16, 19)),
    ("jcb", tuple(str(p) for p in range(3528, 3590)) + ("2131", "1800"), (16, 17, 18, 19)),
    ("mastercard", ("51", "52", "53", "54", "55", "22", "23", "24", "25", "26", "27"), (16,)),
    ("unionpay", ("62", "81"), (16, 17, 18, 19)),
    ("visa", ("4",), (16, 18, 19)),
    ("maestro", ("50", "56", "57", "58", "59", "63", "67", "6"), tuple(range(12, 20))),
]
TODAY = (2026, 11)


def brand_of(digits):
    for name, prefixes, lengths in BRANDS:
        if digits.startswith(prefixes):
            return name, lengths
    return None, ()


def check(record):
    number = record.pop("number", "")
    record.pop("cvc", None)
    digits = "".join(number.split()).replace("-", "")
    brand, lengths = brand_of(digits)
    valid = digits.isdigit() and len(digits) in lengths and luhn.is_valid(digits)
    out = {"brand": brand, "valid": valid, "last4": digits[-4:] if len(digits) >= 13 else None,
           "masked": digits[:6] + "*" * (len(digits) - 10) + digits[-4:] if len(digits) >= 13 else None}
    expiry = record.get("expiry")
    if isinstance(expiry, str) and "/" in expiry:
        m, y = expiry.split("/", 1)
        try:
            month, year = int(m), int(y) + (2000 if len(y.strip()) == 2 else 0)
            record["expiry"] = {"month": month, "year": year, "valid": 1 <= month <= 12 and (year, month) >= TODAY}
        except ValueError:
            record["expiry"] = {"valid": False}
    record["card"] = out
    record["status"] = "valid" if valid else "invalid"
    return record


def main():
    write = sys.stdout.write
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            write('{"state":"error"}\n')
            continue
        write(json.dumps(check(record), sort_keys=True, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
