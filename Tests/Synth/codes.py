"""Payment codes on synthetic bills, made with real encoders (segno for QR, pdf417gen for PDF417, liblzma
for PAY by square) and drawn as vector modules: EPC QR (GiroCode), Swiss QR-bill, Serbian NBS IPS QR,
Slovenian UPN QR, Czech SPAYD, Slovak PAY by square and Croatian HUB-3 PDF417 (payload formats in
docs/payment-codes.md). read() takes a decoded payload back to (account, amount) for the self-check.
The PAY by square and UPN encoders are the sample bills' (samples/payment_codes.py)."""
import importlib.util
import lzma
import os
import struct
import types
import zlib
from decimal import Decimal

from reportlab.lib.units import mm


def _sample_codes():
    """samples/payment_codes.py, loaded by its path (samples/ also has a generate.py, so not via sys.path)."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location("sample_payment_codes", os.path.join(repo, "samples", "payment_codes.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SAMPLE = _sample_codes()

FORMAT_OF_LANGUAGE = {"de": "epc-qr", "it": "swiss-qr", "sr": "ips-qr", "sl": "upn-qr", "cs": "spayd",
                      "sk": "bysquare", "hr": "hub3-pdf417"}
CAPTIONS = {"epc-qr": "GiroCode", "swiss-qr": "QR-fattura · Sezione pagamento", "ips-qr": "NBS IPS QR",
            "upn-qr": "UPN QR", "spayd": "QR Platba", "bysquare": "PAY by square", "hub3-pdf417": "HUB-3 barkod"}
B32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


def cents(amount):
    return int((Decimal(amount) * 100).to_integral_value())


def ascii_only(s):
    """SPAYD and PAY by square fields here stay ASCII (the formats' own escaping is not needed then)."""
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFKD", s) if ord(c) < 128 and c not in "*\t")


def payload(fmt, bill, account, amount):
    """The payload a code of fmt carries for this bill, with the given account and amount."""
    name, ref = bill.issuer[:70], bill.reference or ""
    street, city = bill.issuer_addr
    due = bill.due
    if fmt == "epc-qr":
        lines = ["BCD", "002", "1", "SCT", bill.bic or "", name, account, "EUR%s" % amount, ""]
        lines += [ref, ""] if ref.startswith("RF") else ["", "%s %s" % (bill.v["inv"], bill.invoice_no)]
        return "\n".join(lines)
    if fmt == "swiss-qr":
        debtor = ["K", bill.payer[:70], bill.payer_addr[0], bill.payer_addr[1], "", "", "CH"]
        return "\n".join(["SPC", "0200", "1", account, "K", name, street, city, "", "", "CH"] + [""] * 7
                         + [str(amount), bill.currency] + debtor + ["SCOR", ref, "", "EPD"])
    if fmt == "ips-qr":
        return "K:PR|V:01|C:1|R:%s|N:%s|I:RSD%s|SF:%s|S:%s|RO:97%s" % (
            account, name, str(amount).replace(".", ","), bill.payment_code or "189",
            ("%s %s" % (bill.v["inv"], bill.invoice_no))[:35], ref)
    if fmt == "upn-qr":
        fields = ["UPNQR", "", "", "", "", bill.payer[:33], bill.payer_addr[0][:33], bill.payer_addr[1][:33],
                  "%011d" % cents(amount), "", "", "OTHR", ("%s %s" % (bill.v["inv"], bill.invoice_no))[:42],
                  due.strftime("%d.%m.%Y"), account, ref, name[:33], street[:33], city[:33]]
        return SAMPLE.upn(fields)
    if fmt == "spayd":
        return "SPD*1.0*ACC:%s*AM:%s*CC:%s*X-VS:%s*DT:%s*RN:%s" % (
            account, amount, bill.currency, ref, due.strftime("%Y%m%d"), ascii_only(name)[:35])
    if fmt == "bysquare":
        fields = ["", "1", "1", str(amount), bill.currency, due.strftime("%Y%m%d"), ref, "", "", "",
                  ascii_only("%s %s" % (bill.v["inv"], bill.invoice_no)), "1", account, bill.bic or "", "0", "0",
                  ascii_only(name), ascii_only(street), ascii_only(city)]
        return SAMPLE.bysquare(fields)
    if fmt == "hub3-pdf417":
        return "\n".join(["HRVHUB30", "EUR", "%015d" % cents(amount), bill.payer[:30], bill.payer_addr[0][:27],
                          bill.payer_addr[1][:27], name[:25], street[:25], city[:27], account, "HR00", ref, "OTHR",
                          ("%s %s" % (bill.v["inv"], bill.invoice_no))[:35]]) + "\n"
    raise ValueError(fmt)


def unbysquare(text):
    """The fields of a PAY by square text (base32hex, header, length, raw LZMA1, CRC32)."""
    bits = "".join(format(B32HEX.index(c), "05b") for c in text)
    data = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - 7, 8))
    size = struct.unpack("<H", data[2:4])[0]
    dec = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=SAMPLE.BYSQUARE_FILTERS)
    body = dec.decompress(data[4:], max_length=size)
    if struct.unpack("<I", body[:4])[0] != zlib.crc32(body[4:]):
        raise ValueError("PAY by square CRC32 fails")
    return body[4:].decode("utf-8").split("\t")


def read(fmt, text):
    """(account, amount as "1234.56") from a decoded payload of fmt."""
    def q(x):
        return str(Decimal(x).quantize(Decimal("0.01")))
    if fmt == "epc-qr":
        lines = text.split("\n")
        return lines[6], q(lines[7][3:])
    if fmt == "swiss-qr":
        lines = text.split("\n")
        return lines[3], q(lines[18])
    if fmt == "ips-qr":
        tags = dict(part.split(":", 1) for part in text.split("|"))
        return tags["R"], q(tags["I"][3:].replace(",", "."))
    if fmt == "upn-qr":
        f = text.split("\n")
        return f[14], q(Decimal(int(f[8])) / 100)
    if fmt == "spayd":
        pairs = dict(part.split(":", 1) for part in text.split("*")[2:] if ":" in part)
        return pairs["ACC"].split("+")[0], q(pairs["AM"])
    if fmt == "bysquare":
        f = unbysquare(text)
        return f[12], q(f[3])
    if fmt == "hub3-pdf417":
        lines = text.split("\n")
        return lines[9], q(Decimal(int(lines[2])) / 100)
    raise ValueError(fmt)


def draw_matrix(p, x, y, w_mm, h_mm, rows):
    """Dark modules (rows of booleans, no quiet zone) as filled rectangles, top-left at (x, y) mm: the
    sample bills' drawing, told this page's height (its copy of the module here is private)."""
    SAMPLE.g = types.SimpleNamespace(H=p.h * mm)
    SAMPLE.draw_matrix(p, x, y, w_mm, h_mm, rows)


def draw(p, fmt, x, y, text, size=38):
    """The code of fmt carrying text at (x, y) mm: a QR code size mm square (UPN and HUB-3 in ISO 8859-2,
    UPN with its ECI), or a HUB-3 PDF417 size mm wide. Returns the y below it."""
    import segno
    if fmt == "hub3-pdf417":
        import pdf417gen
        codes = pdf417gen.encode(text, columns=9, security_level=4, encoding="iso-8859-2")
        rows = [[b == "1" for b in "".join(format(v, "b") for v in row)] for row in codes]
        h = size * len(rows) * 3 / len(rows[0])
        draw_matrix(p, x, y, size, h, rows)
        return y + h
    enc, eci = ("iso-8859-2", True) if fmt == "upn-qr" else ("utf-8", False)
    sym = segno.make(text, error="m", encoding=enc, eci=eci, micro=False, boost_error=False)
    draw_matrix(p, x, y, size, size, [list(r) for r in sym.matrix_iter(scale=1, border=0)])
    if fmt == "swiss-qr":  # the Swiss cross: white frame, black square, white cross
        cx, cy = x + size / 2, y + size / 2
        p.rect(cx - 3.5, cy - 3.5, 7, 7, lw=0, fill=(1, 1, 1), stroke=False)
        p.rect(cx - 3.1, cy - 3.1, 6.2, 6.2, lw=0, fill=(0, 0, 0), stroke=False)
        p.rect(cx - 0.6, cy - 2.1, 1.2, 4.2, lw=0, fill=(1, 1, 1), stroke=False)
        p.rect(cx - 2.1, cy - 0.6, 4.2, 1.2, lw=0, fill=(1, 1, 1), stroke=False)
    return y + size
