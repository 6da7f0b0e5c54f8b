#!/usr/bin/env python3
"""Writes PAY by square test vectors (bysquare.jsonl beside this script) with a real encoder: Python's
lzma module (liblzma) compresses the fields as raw LZMA1 (lc=3, lp=0, pb=2, 128 KiB dictionary), zlib
computes the CRC32, and the result is base32hex-encoded after the 2-byte header and the 2-byte length,
as PAY by square 1.1 lays it out. Run it again to regenerate: python3 make_bysquare.py
"""
import json
import lzma
import os
import struct
import zlib

FILTERS = [{"id": lzma.FILTER_LZMA1, "lc": 3, "lp": 0, "pb": 2, "dict_size": 131072}]
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


def base32hex(data: bytes) -> str:
    bits = "".join(format(b, "08b") for b in data)
    bits += "0" * (-len(bits) % 5)
    return "".join(ALPHABET[int(bits[i : i + 5], 2)] for i in range(0, len(bits), 5))


def encode(fields, header=(0, 0, 0, 0), crc_delta=0):
    text = "\t".join(fields).encode("utf-8")
    crc = (zlib.crc32(text) + crc_delta) & 0xFFFFFFFF
    body = struct.pack("<I", crc) + text
    packed = lzma.compress(body, format=lzma.FORMAT_RAW, filters=FILTERS)
    head = bytes([header[0] << 4 | header[1], header[2] << 4 | header[3]])
    return base32hex(head + struct.pack("<H", len(body)) + packed)


def payment(iban="SK3112000000198742637541", amount="25.30", vs="1234567890", name="Vodárne a kanalizácie a.s."):
    # invoice id, payments, type, amount, currency, due date, VS, KS, SS, originator reference, note,
    # accounts, IBAN, BIC, standing order, direct debit, beneficiary name, address 1, address 2
    return ["", "1", "1", amount, "EUR", "20261231", vs, "0308", "", "", "faktúra 2026/117", "1", iban,
            "TATRSKBX", "0", "0", name, "Hlavná 1", "811 01 Bratislava"]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    vectors = [
        ("valid", encode(payment())),
        ("standing-order", encode(payment()[:14] + ["1", "15", "", "m", "20271231", "0", "Nájom s.r.o.", "", ""])),
        ("bad-crc", encode(payment(), crc_delta=1)),
        ("bad-iban", encode(payment(iban="SK3112000000198742637542"))),
        ("version-2", encode(payment(), header=(0, 2, 0, 0))),
    ]
    valid = vectors[0][1]
    vectors.append(("truncated", valid[: len(valid) // 2]))
    with open(os.path.join(here, "bysquare.jsonl"), "w", encoding="utf-8") as out:
        for name, payload in vectors:
            out.write(json.dumps({"name": name, "payload": payload}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
