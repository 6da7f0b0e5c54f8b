#!/usr/bin/env python3
"""Generate the pp sample corpus (samples/pdf, samples/photos, samples/special, samples/truth.jsonl).

Deterministic: fixed seeds, reportlab invariant mode (fixed dates and IDs), fixed encryption salts.
Run from the repository root:  python3 samples/generate.py
Needs: pip install reportlab pillow pypdf ; numpy ; poppler-utils (pdftoppm, pdftotext) for photos and checks.
"""
import reportlab.rl_config

reportlab.rl_config.invariant = 1  # must be set before the rest of reportlab is imported

import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from decimal import Decimal, ROUND_HALF_UP

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import pdfencrypt
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

import generate_codes as codes  # the bills with payment codes (Swiss QR-bill, HUB-3, UPN, SPAYD, PAY by square)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FONTDIR = "/usr/share/fonts/truetype/dejavu"
W, H = A4

# ----------------------------------------------------------------------------------------------
# Checksums (spec sections 1, 2, 3, 5): ISO 7064 MOD 97-10 and friends, pure Python.
# ----------------------------------------------------------------------------------------------


def to_digits(s):
    """Letters become two-digit numbers A=10..Z=35 (base-36 value)."""
    return "".join(str(int(ch, 36)) for ch in s.upper())


def mod97(digits):
    rem = 0
    for i in range(0, len(digits), 9):
        rem = int(str(rem) + digits[i:i + 9]) % 97
    return rem


def check_end(payload):
    """Two check digits appended at the end: 98 - (P*100 mod 97)."""
    return "%02d" % (98 - mod97(to_digits(payload) + "00"))


def iban_make(cc, bban):
    kk = 98 - mod97(to_digits(bban + cc + "00"))
    return "%s%02d%s" % (cc, kk, bban)


IBAN_LEN = {"AT": 20, "DE": 22, "NL": 18, "IE": 22, "FR": 27, "BE": 16, "GB": 22, "CH": 21, "RS": 22}


def iban_valid(iban):
    s = re.sub(r"[\s.-]", "", iban).upper()
    if len(s) != IBAN_LEN.get(s[:2], -1) or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", s):
        return False
    return mod97(to_digits(s[4:] + s[:4])) == 1


def iban_print(iban):
    return " ".join(iban[i:i + 4] for i in range(0, len(iban), 4))


def rs_account(bank, middle):
    """Serbian domestic account: 3 bank + 13 account + 2 control (spec 3.1)."""
    first16 = "%03d%013d" % (int(bank), int(middle))
    return first16 + check_end(first16)


def rs_normalise(printed):
    d = re.sub(r"\D", "", printed)
    return d[:3] + d[3:-2].zfill(13) + d[-2:]


def rs_account_valid(acc):
    return bool(re.fullmatch(r"\d{18}", acc)) and check_end(acc[:16]) == acc[16:]


def rs_short(acc):
    return "%s-%s-%s" % (acc[:3], acc[3:16].lstrip("0") or "0", acc[16:])


def rs_long(acc):
    return "%s-%s-%s" % (acc[:3], acc[3:16], acc[16:])


def model97(body):
    """Model 97 reference: KK (front) + body; KK = 98 - (digits(body)*100 mod 97) (spec 3.2)."""
    return "%02d" % (98 - mod97(to_digits(body) + "00")) + body


def model97_valid(ref):
    s = re.sub(r"[\s-]", "", ref)
    return len(s) > 2 and s[:2].isdigit() and model97(s[2:]) == s


def rf_make(body):
    kk = 98 - mod97(to_digits(body + "RF00"))
    return "RF%02d%s" % (kk, body)


def rf_valid(ref):
    s = re.sub(r"\s", "", ref).upper()
    return bool(re.fullmatch(r"RF\d{2}[A-Z0-9]{1,21}", s)) and mod97(to_digits(s[4:] + s[:4])) == 1


def rf_print(ref):
    return " ".join(ref[i:i + 4] for i in range(0, len(ref), 4))


def nl_account(seed10):
    """10-digit Dutch account that passes the elfproef (weights 10..1)."""
    base = int(seed10)
    while True:
        s = "%010d" % base
        if sum(int(c) * w for c, w in zip(s, range(10, 0, -1))) % 11 == 0:
            return s
        base += 1


def fr_rib_key(bank, branch, account):
    return "%02d" % (97 - ((89 * int(bank) + 15 * int(branch) + 3 * int(account)) % 97))


def be_bban(bank3, acct7):
    n = int(bank3 + acct7) % 97
    return bank3 + acct7 + "%02d" % (n or 97)


def _selftest_checksums():
    assert iban_valid("DE89370400440532013000") and iban_valid("AT611904300234573201")
    assert not iban_valid("AT611804300234573201")
    assert iban_make("DE", "370400440532013000") == "DE89370400440532013000"
    assert rs_account_valid("845000000040484987") and not rs_account_valid("845000000040484978")
    assert rs_normalise("840-955845-10") == "840000000095584510" and rs_account_valid("840000000095584510")
    assert not rs_account_valid(rs_normalise("160-5100-17"))
    assert model97("3220000111111111000") == "163220000111111111000"
    assert model97("12345A") == "2812345A" and not model97_valid("28-12345b")
    assert rf_make("539007547034") == "RF18539007547034" and rf_valid("RF18 5390 0754 70Y")
    assert not rf_valid("RF17 5390 0754 7034")
    assert iban_valid("FR1420041010050500013M02606") and iban_valid(iban_make("BE", be_bban("539", "0075470")))


# ----------------------------------------------------------------------------------------------
# Money formatting
# ----------------------------------------------------------------------------------------------

D = Decimal
C2 = D("0.01")


def q(x):
    return D(x).quantize(C2, ROUND_HALF_UP)


def _group(intpart, sep):
    s = str(intpart)
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


def fmt(x, style="de"):
    x = q(x)
    neg = x < 0
    x = abs(x)
    i, f = str(x).split(".")
    if style == "de":
        s = _group(i, ".") + "," + f
    elif style == "en":
        s = _group(i, ",") + "." + f
    elif style == "fr":
        s = _group(i, "\u00a0") + "," + f
    elif style == "ch":
        s = _group(i, "'") + "." + f
    elif style == "plain":
        s = i + "," + f
    else:
        raise ValueError(style)
    return ("-" if neg else "") + s


# ----------------------------------------------------------------------------------------------
# Drawing helpers. Coordinates in mm from the top-left corner; y is the text baseline.
# ----------------------------------------------------------------------------------------------

FONTS = {
    "Sans": "DejaVuSans.ttf", "Sans-B": "DejaVuSans-Bold.ttf", "Sans-I": "DejaVuSans-Oblique.ttf",
    "Serif": "DejaVuSerif.ttf", "Serif-B": "DejaVuSerif-Bold.ttf", "Serif-I": "DejaVuSerif-Italic.ttf",
    "Cond": "DejaVuSansCondensed.ttf", "Cond-B": "DejaVuSansCondensed-Bold.ttf",
    "Mono": "DejaVuSansMono.ttf", "Mono-B": "DejaVuSansMono-Bold.ttf", "Light": "DejaVuSans-ExtraLight.ttf",
}


def register_fonts():
    for name, fn in FONTS.items():
        pdfmetrics.registerFont(TTFont(name, os.path.join(FONTDIR, fn)))


class Page:
    def __init__(self, c, font="Sans", bold="Sans-B"):
        self.c = c
        self.font = font
        self.bold = bold

    def t(self, x, y, s, size=9, font=None, align="l", color=(0, 0, 0)):
        c = self.c
        c.setFillColorRGB(*color)
        c.setFont(font or self.font, size)
        X, Y = x * mm, H - y * mm
        if align == "r":
            c.drawRightString(X, Y, s)
        elif align == "c":
            c.drawCentredString(X, Y, s)
        else:
            c.drawString(X, Y, s)
        c.setFillColorRGB(0, 0, 0)

    def b(self, x, y, s, size=9, align="l", color=(0, 0, 0)):
        self.t(x, y, s, size, self.bold, align, color)

    def lines(self, x, y, rows, size=9, lead=None, font=None, align="l"):
        lead = lead or size * 0.42
        for i, r in enumerate(rows):
            self.t(x, y + i * lead, r, size, font, align)
        return y + len(rows) * lead

    def rect(self, x, y, w, h, lw=0.5, fill=None, stroke=True, dash=None):
        c = self.c
        c.setLineWidth(lw)
        if dash:
            c.setDash(*dash)
        if fill is not None:
            c.setFillColorRGB(*fill)
        c.rect(x * mm, H - (y + h) * mm, w * mm, h * mm, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)
        c.setFillColorRGB(0, 0, 0)
        c.setDash()

    def hline(self, x0, x1, y, lw=0.4, dash=None, gray=0):
        c = self.c
        c.setLineWidth(lw)
        c.setStrokeColorRGB(gray, gray, gray)
        if dash:
            c.setDash(*dash)
        c.line(x0 * mm, H - y * mm, x1 * mm, H - y * mm)
        c.setDash()
        c.setStrokeColorRGB(0, 0, 0)

    def vline(self, x, y0, y1, lw=0.4):
        self.c.setLineWidth(lw)
        self.c.line(x * mm, H - y0 * mm, x * mm, H - y1 * mm)

    def table(self, x, y, cols, rows, size=8, rowh=5.0, header=True, style="lines", aligns=None, hfill=(0.88, 0.88, 0.88)):
        """cols: widths in mm. rows: lists of strings. Returns the y below the table."""
        aligns = aligns or ["l"] + ["r"] * (len(cols) - 1)
        total = sum(cols)
        for ri, row in enumerate(rows):
            top = y + ri * rowh
            is_h = header and ri == 0
            if is_h and style in ("grid", "zebra", "lines"):
                self.rect(x, top, total, rowh, lw=0.3, fill=hfill, stroke=style == "grid")
            elif style == "zebra" and ri % 2 == 0:
                self.rect(x, top, total, rowh, lw=0, fill=(0.95, 0.95, 0.97), stroke=False)
            if style == "grid":
                self.rect(x, top, total, rowh, lw=0.3)
                cx = x
                for w in cols[:-1]:
                    cx += w
                    self.vline(cx, top, top + rowh, 0.3)
            elif style == "lines":
                self.hline(x, x + total, top + rowh, 0.3, gray=0.5)
            cx = x
            for ci, cell in enumerate(row):
                a = aligns[ci]
                tx = cx + 1.2 if a == "l" else (cx + cols[ci] - 1.2 if a == "r" else cx + cols[ci] / 2)
                f = self.bold if is_h else self.font
                self.t(tx, top + rowh * 0.7, cell, size, f, a)
                cx += cols[ci]
        if style == "box":
            self.rect(x, y, total, rowh * len(rows), lw=0.6)
            if header:
                self.hline(x, x + total, y + rowh, 0.6)
        return y + rowh * len(rows)

    def qr(self, x, y, size_mm, data):
        w = QrCodeWidget(data)
        w.barLevel = "M"
        b = w.getBounds()
        bw, bh = b[2] - b[0], b[3] - b[1]
        d = Drawing(size_mm * mm, size_mm * mm, transform=[size_mm * mm / bw, 0, 0, size_mm * mm / bh, 0, 0])
        d.add(w)
        renderPDF.draw(d, self.c, x * mm, H - (y + size_mm) * mm)

    def logo(self, x, y, text, size=14, color=(0.1, 0.3, 0.6), shape="circle"):
        c = self.c
        c.setFillColorRGB(*color)
        if shape == "circle":
            c.circle((x + 5) * mm, H - (y + 5) * mm, 5 * mm, stroke=0, fill=1)
            tx = x + 12
        elif shape == "square":
            c.rect(x * mm, H - (y + 10) * mm, 10 * mm, 10 * mm, stroke=0, fill=1)
            tx = x + 12
        else:
            tx = x
        c.setFillColorRGB(0, 0, 0)
        self.t(tx, y + 7, text, size, self.bold, color=color)


def new_canvas(path, title, author, encrypt=None):
    c = canvas.Canvas(path, pagesize=A4, invariant=1, encrypt=encrypt)
    c.setTitle(title)
    c.setAuthor(author)
    c.setCreator("pp samples/generate.py")
    c.setProducer("ReportLab")
    return c


# ----------------------------------------------------------------------------------------------
# Payment slips
# ----------------------------------------------------------------------------------------------

LBL_RS = {
    "lat": dict(title="NALOG ZA UPLATU", payer="uplatilac", purpose="svrha uplate", payee="primalac",
                code="šifra plaćanja", cur="valuta", amount="iznos", acc="račun primaoca",
                ref="model i poziv na broj (odobrenje)", sign="pečat i potpis uplatioca",
                place="mesto i datum prijema", vdate="datum valute", form="Obrazac br. 1"),
    "cyr": dict(title="НАЛОГ ЗА УПЛАТУ", payer="уплатилац", purpose="сврха уплате", payee="прималац",
                code="шифра плаћања", cur="валута", amount="износ", acc="рачун примаоца",
                ref="модел и позив на број (одобрење)", sign="печат и потпис уплатиоца",
                place="место и датум пријема", vdate="датум валуте", form="Образац бр. 1"),
}


def rs_slip(p, y, script, payer, purpose, payee, code, amount_str, acc_str, model, ref_str, variant=0):
    """Serbian NALOG ZA UPLATU, 99 mm high, starting at y (mm). variant changes the look."""
    L = LBL_RS[script]
    x0, x1 = 8, 202
    p.hline(0, 210, y - 2, 0.3, dash=(2, 2), gray=0.4)
    if variant == 1:
        p.rect(x0, y, x1 - x0, 92, lw=0.8, fill=(1.0, 0.97, 0.93))
    p.b(x1 - 2, y + 6, L["title"], 11 if variant != 2 else 10, align="r")
    lab = 6.5
    lx, lw_ = x0 + 4, 88
    rx = 108
    # left column
    for i, (label, vals) in enumerate([(L["payer"], payer), (L["purpose"], purpose), (L["payee"], payee)]):
        top = y + 10 + i * 21
        p.t(lx, top, label, lab)
        p.rect(lx, top + 1.5, lw_, 16, lw=0.5)
        p.lines(lx + 2, top + 6, vals, 8.5, 4)
    p.hline(lx, lx + 60, y + 82, 0.4)
    p.t(lx, y + 85, L["sign"], lab)
    p.hline(lx, lx + 40, y + 90, 0.4)
    p.t(lx, y + 92.5, L["place"], lab)
    p.hline(lx + 50, lx + 88, y + 90, 0.4)
    p.t(lx + 50, y + 92.5, L["vdate"], lab)
    # right column
    top = y + 10
    p.t(rx, top, L["code"], lab)
    p.t(rx + 22, top, L["cur"], lab)
    p.t(rx + 37, top, L["amount"], lab)
    p.rect(rx, top + 1.5, 18, 8)
    p.rect(rx + 22, top + 1.5, 12, 8)
    p.rect(rx + 37, top + 1.5, 53, 8)
    p.t(rx + 3, top + 7, code, 10, "Mono")
    p.t(rx + 23.5, top + 7, "RSD", 10, "Mono")
    p.t(rx + 88, top + 7, amount_str, 11, "Mono-B", align="r")
    top = y + 27
    p.t(rx, top, L["acc"], lab)
    p.rect(rx, top + 1.5, 90, 8)
    p.t(rx + 3, top + 7, acc_str, 11, "Mono-B")
    top = y + 44
    p.t(rx, top, L["ref"], lab)
    p.rect(rx, top + 1.5, 12, 8)
    p.rect(rx + 15, top + 1.5, 75, 8)
    if model:
        p.t(rx + 2.5, top + 7, model, 10, "Mono")
    if ref_str:
        p.t(rx + 18, top + 7, ref_str, 10, "Mono")
    p.t(x1 - 2, y + 95, L["form"], 6, align="r")


def at_slip(p, y, payee, iban, bic, amount, ref, payer_name="", payer_iban="", purpose="", variant=0):
    """Austrian Zahlungsanweisung (receipt part left, order part right), 105 mm high from y."""
    p.hline(0, 210, y - 1, 0.3, dash=(3, 2), gray=0.4)
    fillc = (1.0, 0.95, 0.85) if variant == 0 else (0.93, 0.96, 1.0)
    p.rect(5, y + 2, 200, 98, lw=0.6, fill=fillc)
    p.vline(62, y + 2, y + 100, 0.6)
    # receipt
    p.b(8, y + 8, "Auftragsbestätigung" if variant == 0 else "Empfangsbestätigung", 8)
    p.t(8, y + 16, "EmpfängerIn", 6)
    p.lines(8, y + 20, [payee[:30]], 7.5)
    p.t(8, y + 28, "IBAN EmpfängerIn", 6)
    p.t(8, y + 32, iban_print(iban), 6.6, "Mono")
    p.t(8, y + 40, "Betrag", 6)
    p.t(8, y + 44, "EUR " + fmt(amount), 8, "Mono")
    p.t(8, y + 52, "Zahlungsreferenz", 6)
    p.t(8, y + 56, rf_print(ref) if ref.startswith("RF") else ref, 7, "Mono")
    # order part
    p.b(66, y + 8, "ZAHLUNGSANWEISUNG" if variant == 0 else "Zahlungsanweisung / Auftrag", 10)
    p.t(201, y + 8, "EUR", 9, align="r")
    rows = [("EmpfängerIn Name/Firma", payee, 133),
            ("IBAN EmpfängerIn", iban_print(iban), 133),
            ("BIC (SWIFT-Code) der EmpfängerIn/ Empfängerbank", bic or "", 70)]
    yy = y + 12
    for label, val, w in rows:
        p.t(67, yy + 2.5, label, 6)
        p.rect(67, yy + 3.5, w, 7, lw=0.4, fill=(1, 1, 1))
        p.t(69, yy + 8.8, val, 10, "Mono")
        yy += 13
    p.t(140, yy - 10.5, "Betrag", 6)
    p.rect(140, yy - 9.5, 60, 7, lw=0.4, fill=(1, 1, 1))
    p.t(198, yy - 4.2, fmt(amount), 10, "Mono-B", align="r")
    p.t(67, yy + 2.5, "Zahlungsreferenz", 6)
    p.rect(67, yy + 3.5, 133, 7, lw=0.4, fill=(1, 1, 1))
    p.t(69, yy + 8.8, rf_print(ref) if ref.startswith("RF") else ref, 10, "Mono")
    yy += 13
    p.t(67, yy + 2.5, "Verwendungszweck (wird bei Angabe einer Zahlungsreferenz nicht an die EmpfängerIn weitergeleitet)", 5.5)
    p.rect(67, yy + 3.5, 133, 7, lw=0.4, fill=(1, 1, 1))
    if purpose:
        p.t(69, yy + 8.8, purpose, 9)
    yy += 13
    p.t(67, yy + 2.5, "IBAN KontoinhaberIn/AuftraggeberIn", 6)
    p.rect(67, yy + 3.5, 133, 7, lw=0.4, fill=(1, 1, 1))
    if payer_iban:
        p.t(69, yy + 8.8, iban_print(payer_iban), 10, "Mono")
    yy += 13
    p.t(67, yy + 2.5, "KontoinhaberIn/AuftraggeberIn Name", 6)
    p.rect(67, yy + 3.5, 90, 7, lw=0.4, fill=(1, 1, 1))
    if payer_name:
        p.t(69, yy + 8.8, payer_name, 9)
    p.t(162, yy + 2.5, "Unterschrift", 6)
    p.hline(162, 200, yy + 10, 0.4)


def ips_qr(acc, name, addr, amount, payer, code, purpose, model, ref):
    parts = ["K:PR", "V:01", "C:1", "R:" + acc, "N:%s\r\n%s" % (name, addr),
             "I:RSD" + str(q(amount)).replace(".", ","), "P:" + payer, "SF:" + code, "S:" + purpose]
    if ref:
        parts.append("RO:" + (model or "00") + ref)
    return "|".join(parts)


def epc_qr(bic, name, iban, amount, ref="", text=""):
    return "\n".join(["BCD", "002", "1", "SCT", bic or "", name, iban, "EUR" + str(q(amount)), "", ref, text])


# ----------------------------------------------------------------------------------------------
# Documents. Each function draws into path and returns the truth record (without "source").
# ----------------------------------------------------------------------------------------------


def truth(payment_expected=True, account=None, amount=None, currency=None, reference=None,
          reference_model=None, bic=None, payee=None, due_date=None, payment_code=None):
    return dict(payment_expected=payment_expected, account=account,
                amount=None if amount is None else str(q(amount)), currency=currency,
                reference=reference, reference_model=reference_model, bic=bic, payee=payee,
                due_date=due_date, payment_code=payment_code)


def doc_rs_struja_latin(path):
    """Electricity bill, Latin, full 18-digit account with dashes, model 97, IPS QR."""
    acc = rs_account(160, 5400045113)
    payer_acc = rs_account(265, 3300091822)
    body = "3004117852026"
    ref = model97(body)
    kwh_v, kwh_n = 412, 187
    e_v, e_n = q(kwh_v * D("9.8412")), q(kwh_n * D("2.4603"))
    mrezarina = D("1184.22")
    taksa = D("299.00")
    akciza = q((e_v + e_n + mrezarina) * D("0.075"))
    osnovica = e_v + e_n + mrezarina + akciza
    pdv = q(osnovica * D("0.20"))
    tekuci = osnovica + pdv + taksa
    dug = D("2750.18")
    uplaceno = D("2750.18")
    total = tekuci + dug - uplaceno
    c = new_canvas(path, "Račun za električnu energiju 03/2026", "EnergoNova Snabdevanje d.o.o.")
    p = Page(c)
    p.logo(12, 10, "EnergoNova", 16, (0.9, 0.45, 0.0))
    p.lines(12, 25, ["EnergoNova Snabdevanje d.o.o.", "Bulevar oslobođenja 211, 11000 Beograd",
                     "PIB 109876543   MB 21345678", "Kontakt centar: 0800 360 360, +381 11 395 2200"], 7.5)
    p.b(198, 16, "RAČUN ZA ELEKTRIČNU ENERGIJU", 12, align="r")
    p.t(198, 22, "za period 01.03.2026 – 31.03.2026", 8.5, align="r")
    p.lines(120, 32, ["Broj računa: 2026-03-0487211", "Datum izdavanja: 06.04.2026.",
                      "Rok plaćanja: 24.04.2026.", "ED broj: 3004117852"], 8.5)
    p.rect(12, 46, 90, 24, lw=0.4)
    p.lines(15, 52, ["Kupac: Milica Jovanović", "Ustanička 64/12, 11050 Beograd",
                     "Broj mernog mesta: 04117852", "Vaš račun: " + rs_long(payer_acc)], 8.5, 4.4)
    rows = [["Stavka", "Količina", "Cena", "Iznos (RSD)"],
            ["Aktivna energija VT (zelena zona)", "%d kWh" % kwh_v, "9,8412", fmt(e_v)],
            ["Aktivna energija NT", "%d kWh" % kwh_n, "2,4603", fmt(e_n)],
            ["Pristup sistemu (mrežarina)", "1", "", fmt(mrezarina)],
            ["Akciza 7,5%", "", "", fmt(akciza)],
            ["Osnovica za PDV", "", "", fmt(osnovica)],
            ["PDV 20%", "", "", fmt(pdv)],
            ["Taksa za javni medijski servis", "", "", fmt(taksa)],
            ["Zaduženje za obračunski period", "", "", fmt(tekuci)],
            ["Prethodni dug", "", "", fmt(dug)],
            ["Uplaćeno u prethodnom periodu", "", "", "-" + fmt(uplaceno)]]
    y = p.table(12, 78, [88, 28, 28, 42], rows, 8.5, 5.6, style="lines")
    p.rect(110, y + 2, 88, 9, lw=0.8, fill=(1, 0.93, 0.85))
    p.b(113, y + 8, "UKUPNO ZA UPLATU:", 10)
    p.b(195, y + 8, fmt(total) + " RSD", 10, align="r")
    p.t(12, y + 18, "Reklamacije: reklamacije@energonova.rs, tel. 011/395-2299. Hvala što plaćate na vreme.", 7.5)
    p.qr(12, y + 22, 26, ips_qr(acc, "EnergoNova Snabdevanje d.o.o.", "Bulevar oslobođenja 211, Beograd", total,
                                "Milica Jovanović", "189", "Račun za el. energiju 03/2026", "97", ref))
    p.t(41, y + 30, "NBS IPS QR – skenirajte aplikacijom", 7)
    p.t(41, y + 34, "vaše banke", 7)
    rs_slip(p, 190, "lat", ["Milica Jovanović", "Ustanička 64/12, Beograd"], ["Račun za el. energiju 03/2026"],
            ["EnergoNova Snabdevanje d.o.o.", "Bulevar oslobođenja 211, Beograd"], "189", "=" + fmt(total),
            rs_long(acc), "97", ref[:2] + " " + ref[2:])
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "EnergoNova Snabdevanje d.o.o.", "2026-04-24", "189")


def doc_rs_vodovod_cyr(path):
    """Water bill, Cyrillic, short account form (zero padding), model 97, amount without '='."""
    acc = rs_account(355, 1200018)
    body = "0411207755"
    ref = model97(body)
    m3 = 14
    voda = q(m3 * D("71.35"))
    kan = q(m3 * D("48.90"))
    nak = D("154.60")
    osn = voda + kan + nak
    pdv = q(osn * D("0.10"))
    total = osn + pdv
    c = new_canvas(path, "Рачун за воду", "ЈКП Водовод Јужни Брег")
    p = Page(c, "Serif", "Serif-B")
    p.b(105, 14, "ЈКП „ВОДОВОД И КАНАЛИЗАЦИЈА ЈУЖНИ БРЕГ”", 12, align="c")
    p.t(105, 19.5, "Карађорђева 9, 34000 Крагујевац · ПИБ 100567321 · МБ 07154322 · тел. 034/333-401", 7.5, align="c")
    p.hline(12, 198, 22, 0.8)
    p.b(12, 31, "РАЧУН бр. 04-2026/117755", 11)
    p.lines(12, 37, ["Шифра корисника: 117755", "Обрачунски период: март 2026.", "Датум издавања: 03.04.2026."], 8.5)
    p.lines(120, 31, ["Корисник:", "Драган Петровић", "Немањина 18, Крагујевац"], 9)
    p.rect(120, 44, 78, 12, lw=0.4, fill=(0.92, 0.96, 1))
    p.b(123, 49, "Рок плаћања: 20.04.2026.", 9)
    p.b(123, 54, "За уплату: " + fmt(total) + " дин.", 9)
    rows = [["Опис", "Стање", "м³", "Цена", "Износ"],
            ["Вода (потрошња)", "1.284 → 1.298", str(m3), "71,35", fmt(voda)],
            ["Канализација", "", str(m3), "48,90", fmt(kan)],
            ["Накнада за одржавање прикључка", "", "", "", fmt(nak)],
            ["Основица", "", "", "", fmt(osn)],
            ["ПДВ 10%", "", "", "", fmt(pdv)],
            ["Укупно", "", "", "", fmt(total)]]
    y = p.table(12, 64, [72, 36, 18, 24, 36], rows, 8.5, 6, style="grid", aligns=["l", "c", "r", "r", "r"])
    p.lines(12, y + 8, ["Рачун се плаћа на текући рачун " + rs_short(acc) + " са позивом на број " + ref[:2] + "-" + ref[2:] + " ,",
                        "модел 97. Рачун за уплату накнаде за воде (Трезор): " + rs_short(rs_account(840, 742351843)) + " (није за уплату овог рачуна).",
                        "Дежурна служба: 034/333-499, 0800 100 034."], 8)
    rs_slip(p, 192, "cyr", ["Драган Петровић", "Немањина 18, Крагујевац"], ["Рачун за воду 03/2026"],
            ["ЈКП Водовод Јужни Брег", "Карађорђева 9, Крагујевац"], "189", fmt(total), rs_short(acc), "97", ref,
            variant=1)
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "ЈКП Водовод Јужни Брег", "2026-04-20", "189")


def doc_rs_telekom_latin(path):
    """Telecom bill, Latin, 2 pages: specification on page 1, summary + slip on page 2."""
    acc = rs_account(205, 100015482)
    body = "7711063219"
    ref = model97(body)
    rng = random.Random(7)
    calls = []
    t = D(0)
    for i in range(22):
        v = q(D(rng.randint(150, 2400)) / 100)
        t += v
        calls.append(["%02d.03.2026." % (1 + i), "06%d %03d %04d" % (rng.randint(0, 9), rng.randint(100, 999), rng.randint(1000, 9999)),
                      "%d:%02d" % (rng.randint(0, 14), rng.randint(0, 59)), fmt(v)])
    pretplata = D("1999.00")
    paket = D("1290.00")
    osnovica = q((pretplata + paket + t) / D("1.2"))
    pdv = pretplata + paket + t - osnovica
    total = pretplata + paket + t
    c = new_canvas(path, "Mesečni račun MobiNet", "MobiNet Telekomunikacije a.d.")
    p = Page(c, "Cond", "Cond-B")
    p.rect(0, 0, 210, 24, lw=0, fill=(0.15, 0.12, 0.35), stroke=False)
    p.b(12, 14, "MobiNet", 20, color=(1, 1, 1))
    p.t(198, 10, "MobiNet Telekomunikacije a.d. · Omladinskih brigada 88, 11070 Novi Beograd", 7.5, align="r", color=(1, 1, 1))
    p.t(198, 15, "PIB 104442189 · MB 20876123 · Korisnički servis 064 789 0000", 7.5, align="r", color=(1, 1, 1))
    p.b(12, 34, "Specifikacija saobraćaja – broj 064 517 2290", 11)
    p.t(12, 40, "Račun br. 5517229-0326, period 01.03.2026 – 31.03.2026, korisnik: Stefan Ilić, Bulevar Nikole Tesle 3, Niš", 8)
    y = p.table(12, 45, [34, 60, 30, 40], [["Datum", "Pozvani broj", "Trajanje", "Iznos RSD"]] + calls, 8, 4.8, style="zebra")
    p.b(12, y + 6, "Ukupno saobraćaj van paketa: " + fmt(t) + " RSD", 9)
    p.t(198, 290, "strana 1/2", 7, align="r")
    c.showPage()
    p = Page(c, "Cond", "Cond-B")
    p.b(12, 16, "MobiNet – Pregled računa", 13)
    p.lines(12, 24, ["Račun br. 5517229-0326", "Datum izdavanja: 05.04.2026.", "Datum dospeća: 25.04.2026."], 9)
    rows = [["Stavka", "Iznos RSD"], ["Mesečna pretplata Prime 20GB", fmt(pretplata)], ["Dodatni paket TV Go", fmt(paket)],
            ["Saobraćaj van paketa", fmt(t)], ["Iznos bez PDV-a (osnovica)", fmt(osnovica)], ["PDV 20%", fmt(pdv)],
            ["Prethodni dug (plaćen 12.03.2026)", "0,00"]]
    y = p.table(12, 40, [120, 50], rows, 9, 6.2, style="box")
    p.b(12, y + 9, "Za plaćanje:", 12)
    p.b(182, y + 9, fmt(total) + " din.", 12, align="r")
    p.t(12, y + 17, "Poziv na broj: " + ref[:2] + " " + ref[2:] + " (model 97). Uplatu možete izvršiti i preko aplikacije MobiNet.", 8.5)
    p.t(12, y + 22, "Tekući računi MobiNet a.d.: " + rs_long(acc) + " (NLB Komercijalna), " +
        rs_long(rs_account(160, 920043311)) + " (Banca Intesa)", 7.5)
    rs_slip(p, 190, "lat", ["Stefan Ilić", "Bulevar Nikole Tesle 3, Niš"], ["Mesečni račun 03/2026", "br. 5517229-0326"],
            ["MobiNet Telekomunikacije a.d.", "Novi Beograd"], "189", "=" + fmt(total), rs_long(acc), "97", ref, variant=2)
    p.t(198, 290, "strana 2/2", 7, align="r")
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "MobiNet Telekomunikacije a.d.", "2026-04-25", "189")


def doc_rs_infostan_cyr(path):
    """Infostan-like combined housing bill, Cyrillic, many small items, previous debt NOT included."""
    acc = rs_account(325, 9500700012)
    body = "2202145990326"
    ref = model97(body)
    items = [("Изношење смећа", "1.142,86"), ("Грејање", "6.935,40"), ("Одржавање зграде", "780,00"),
             ("Накнада за управника", "350,00"), ("Вода и канализација", "2.204,12"), ("Одржавање лифта", "410,55"),
             ("Чишћење заједничких просторија", "600,00"), ("Накнада за уређење грађевинског земљишта", "95,30")]
    total = sum(D(v.replace(".", "").replace(",", ".")) for _, v in items)
    c = new_canvas(path, "Јединствена уплатница", "Стан-Инфо Нови Сад")
    p = Page(c, "Sans", "Sans-B")
    p.logo(12, 8, "СТАН-ИНФО", 13, (0.2, 0.5, 0.3), "square")
    p.t(12, 24, "ЈКП за обједињену наплату Стан-Инфо, Булевар цара Лазара 7, Нови Сад, тел. 021/480-5000", 7)
    p.b(198, 14, "ОБЈЕДИЊЕНИ РАЧУН", 11, align="r")
    p.t(198, 19, "за март 2026.", 9, align="r")
    p.lines(12, 34, ["Корисник: Весна Николић", "Фрушкогорска 22, стан 14, 21000 Нови Сад",
                     "Шифра корисника: 2145990", "Површина стана: 58,40 м²"], 8.5)
    p.lines(130, 34, ["Рачун број: 2145990-0326", "Датум: 02.04.2026.", "Рок плаћања: 15.04.2026."], 8.5)
    rows = [["Ред.", "Услуга", "Износ дин."]] + [[str(i + 1), n, v] for i, (n, v) in enumerate(items)]
    y = p.table(12, 56, [12, 120, 40], rows, 8.5, 5.5, style="lines", aligns=["c", "l", "r"])
    p.b(110, y + 7, "Укупно за уплату:", 10)
    p.b(184, y + 7, fmt(total), 10, align="r")
    p.t(12, y + 15, "Дуг на дан 31.03.2026. (није обухваћен овим рачуном): 12.408,90 дин. Опомена бр. 311/2026.", 8)
    p.t(12, y + 20, "Каматa за кашњење обрачунава се по закону. Рекламације: 021/480-5055.", 8)
    rs_slip(p, 190, "cyr", ["Весна Николић", "Фрушкогорска 22/14, Нови Сад"], ["Обједињени рачун 03/2026"],
            ["ЈКП Стан-Инфо Нови Сад", "Булевар цара Лазара 7"], "189", "=" + fmt(total), rs_long(acc),
            "97", ref[:2] + " " + ref[2:9] + " " + ref[9:])
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "ЈКП Стан-Инфо Нови Сад", "2026-04-15", "189")


def doc_rs_faktura_latin(path):
    """B2B invoice (faktura), Latin, model empty, invoice number as reference, many account distractors."""
    acc = rs_account(265, 1660310005042)
    other1 = rs_account(170, 30040628000)
    other2 = rs_account(340, 11008922)
    buyer = rs_account(160, 18203969)
    refno = "2026-0458"
    items = [("Konsultantske usluge – analiza procesa", 16, D("4800.00")),
             ("Licenca ERP modul Nabavka (godišnja)", 1, D("96000.00")),
             ("Obuka korisnika (dan)", 2, D("18500.00"))]
    osn = sum(q(n * pr) for _, n, pr in items)
    pdv = q(osn * D("0.20"))
    total = osn + pdv
    c = new_canvas(path, "Faktura 2026-0458", "Softlab Konsalting d.o.o.")
    p = Page(c, "Serif", "Serif-B")
    p.b(12, 16, "Softlab Konsalting d.o.o.", 15)
    p.lines(12, 22, ["Njegoševa 44, 21000 Novi Sad", "PIB: 108334219   Matični broj: 20995412",
                     "Šifra delatnosti: 6202   tel. +381 21 455 870"], 8)
    p.rect(120, 10, 78, 30, lw=0.6)
    p.lines(123, 16, ["Kupac:", "Agrovita Trade d.o.o.", "Industrijska zona bb, 22000 Sremska Mitrovica",
                      "PIB 101987001, MB 08761234", "Račun kupca: " + rs_long(buyer)], 8, 4.6)
    p.b(12, 52, "FAKTURA (RAČUN) br. " + refno, 13)
    p.lines(12, 59, ["Mesto i datum izdavanja: Novi Sad, 10.03.2026.", "Datum prometa: 28.02.2026.",
                     "Valuta plaćanja: 09.04.2026.", "Otpremnica: OT-118/26"], 8.5)
    rows = [["R.br.", "Naziv", "Kol.", "Cena bez PDV", "Iznos"]] + \
           [[str(i + 1), n, str(k), fmt(pr), fmt(q(k * pr))] for i, (n, k, pr) in enumerate(items)]
    y = p.table(12, 80, [12, 92, 14, 32, 36], rows, 8.5, 6.5, style="grid", aligns=["c", "l", "r", "r", "r"])
    y = p.table(104, y + 2, [46, 36], [["Osnovica:", fmt(osn)], ["PDV 20%:", fmt(pdv)], ["Ukupno sa PDV:", fmt(total)]],
                9, 6, header=False, style="none")
    p.lines(12, y + 8, ["Molimo da uplatu izvršite u roku od 30 dana na tekući račun " + rs_short(acc) + " (Raiffeisen banka)",
                        "sa pozivom na broj " + refno + ". Šifra plaćanja 221."], 8.5)
    p.t(12, y + 20, "Fakturisao: Ana Marić", 8)
    rs_slip(p, 188, "lat", ["Agrovita Trade d.o.o.", "Sremska Mitrovica"], ["Plaćanje po fakturi 2026-0458"],
            ["Softlab Konsalting d.o.o.", "Njegoševa 44, Novi Sad"], "221", "=" + fmt(total), rs_short(acc), "", refno)
    p.t(105, 290, "Tekući računi: %s Raiffeisen · %s UniCredit · %s Erste · www.softlab.rs" %
        (rs_short(acc), rs_long(other1), rs_long(other2)), 6.8, align="c")
    c.save()
    return truth(True, acc, total, "RSD", refno, None, None, "Softlab Konsalting d.o.o.", "2026-04-09", "221")


def doc_rs_grejanje_cyr(path):
    """District heating, Cyrillic, 2 pages, reference on page 1, slip on page 2 (split data)."""
    acc = rs_account(105, 5500730011)
    body = "5512034780"
    ref = model97(body)
    m2 = D("71.20")
    fix = q(m2 * D("84.15"))
    var = D("5423.78")
    osn = fix + var
    pdv = q(osn * D("0.10"))
    total = osn + pdv
    c = new_canvas(path, "Рачун за грејање", "ЈКП Топлана Подунавље")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 15, "ЈКП ТОПЛАНА ПОДУНАВЉЕ", 14, color=(0.6, 0.1, 0.1))
    p.t(12, 21, "Војводе Мишића 40, 26000 Панчево · ПИБ 101122334 · МБ 08003221", 8)
    p.t(12, 25, "Позивни центар 013/301-400 · Хитне интервенције 013/301-444", 8)
    p.b(12, 40, "РАЧУН ЗА ИСПОРУЧЕНУ ТОПЛОТНУ ЕНЕРГИЈУ", 11)
    p.lines(12, 47, ["Број рачуна: ТП-26-03-34780", "Обрачунски месец: март 2026.", "Датум издавања: 04.04.2026."], 9)
    p.lines(118, 40, ["Корисник: Горан Стојановић", "Светог Саве 5/7, Панчево", "Број корисника: 34780"], 9)
    rows = [["Елемент обрачуна", "Основ", "Износ, дин."], ["Фиксни део (м²)", "71,20 м² × 84,15", fmt(fix)],
            ["Варијабилни део (kWh)", "1.122 kWh × 4,8340", fmt(var)], ["Основица", "", fmt(osn)], ["ПДВ 10%", "", fmt(pdv)],
            ["Свега", "", fmt(total)]]
    y = p.table(12, 62, [80, 60, 40], rows, 9, 6.5, style="box", aligns=["l", "l", "r"])
    p.rect(12, y + 6, 186, 26, lw=0.4, fill=(0.97, 0.95, 0.9))
    p.lines(15, y + 12, ["Подаци за плаћање:", "Позив на број одобрења: " + ref + "   Модел: 97",
                         "Датум доспећа: 30.04.2026.",
                         "Уплатницу за плаћање налазите на другој страни рачуна."], 9, 5)
    p.t(12, 280, "Напомена: рачун за фебруар 2026. (8.902,44 дин.) евидентиран је као плаћен.", 8)
    p.t(198, 290, "1/2", 8, align="r")
    c.showPage()
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 18, "Потрошња у последњих 6 месеци (kWh)", 10)
    rows = [["Месец", "kWh", "Дин."], ["10/2025", "310", "3.870,11"], ["11/2025", "780", "6.903,12"], ["12/2025", "1.214", "9.055,90"],
            ["01/2026", "1.402", "9.960,45"], ["02/2026", "1.330", "8.902,44"], ["03/2026", "1.122", fmt(total)]]
    p.table(12, 24, [40, 30, 40], rows, 9, 6, style="lines", aligns=["l", "r", "r"])
    p.t(12, 78, "Уштедите енергију: проветравајте кратко и интензивно.", 9)
    rs_slip(p, 190, "cyr", ["Горан Стојановић", "Светог Саве 5/7, Панчево"], ["Грејање 03/2026"],
            ["ЈКП Топлана Подунавље", "Панчево"], "189", "=" + fmt(total), rs_long(acc), "97", ref, variant=2)
    p.t(198, 290, "2/2", 8, align="r")
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "ЈКП Топлана Подунавље", "2026-04-30", "189")


def doc_rs_internet_latin(path):
    """Cable/internet bill, Latin, slip at TOP of a narrow layout, account without dashes, IPS QR."""
    acc = rs_account(170, 3004062800)
    body = "20260300918877"
    ref = model97(body)
    total = D("3489.00")
    osn = q(total / D("1.2"))
    c = new_canvas(path, "KabelNet račun", "KabelNet Srbija d.o.o.")
    p = Page(c, "Sans", "Sans-B")
    p.t(12, 12, "KabelNet Srbija d.o.o. · Vojvode Stepe 410, Beograd · PIB 106001234", 7.5)
    p.b(12, 22, "Obaveštenje o zaduženju – april 2026", 13)
    p.lines(12, 30, ["Pretplatnik: Nikola Đorđević, Kneza Miloša 12, 34000 Kragujevac",
                     "Korisnički broj: 918877    Broj ugovora: KN-2024-55102",
                     "Iznos za uplatu: " + fmt(total) + " RSD   ·   uplatiti do 18.04.2026."], 9, 5)
    rows = [["Usluga", "Period", "Osnovica", "PDV 20%", "Ukupno"],
            ["Paket Duo Plus (TV + internet 300 Mb/s)", "04/2026", fmt(osn), fmt(total - osn), fmt(total)]]
    p.table(12, 48, [76, 22, 30, 26, 30], rows, 8, 6, style="grid", aligns=["l", "c", "r", "r", "r"])
    p.t(12, 70, "Za plaćanje karticom ili m-bankingom skenirajte IPS QR kod:", 8.5)
    p.qr(150, 58, 30, ips_qr(acc, "KabelNet Srbija d.o.o.", "Vojvode Stepe 410, Beograd", total, "Nikola Đorđević",
                             "289", "Pretplata 04/2026", "97", ref))
    p.t(12, 78, "Tehnička podrška 0800 200 300 (besplatno), SMS info 1502.", 8)
    rs_slip(p, 96, "lat", ["Nikola Đorđević", "Kneza Miloša 12, Kragujevac"], ["Pretplata 04/2026"],
            ["KabelNet Srbija d.o.o.", "Beograd"], "289", fmt(total), acc, "97", ref, variant=1)
    p.t(12, 205, "Opšti uslovi, cenovnik i zaštita podataka: www.kabelnet.rs/uslovi", 8)
    p.t(12, 212, "Ukoliko ste uplatu izvršili nakon 31.03.2026, zanemarite podsetnik o dugovanju.", 8)
    c.save()
    return truth(True, acc, total, "RSD", ref, "97", None, "KabelNet Srbija d.o.o.", "2026-04-18", "289")


def doc_rs_osiguranje_cyr(path):
    """Insurance premium, Cyrillic, model 00 with polisa number, payer's account on page (distractor)."""
    acc = rs_account(340, 11000987)
    payer_acc = rs_account(160, 5100018765)
    refno = "4400128877"
    total = D("12750.00")
    c = new_canvas(path, "Позив за плаћање премије", "Дунав Штит осигурање а.д.о.")
    p = Page(c, "Cond", "Cond-B")
    p.b(105, 16, "ДУНАВ ШТИТ ОСИГУРАЊЕ а.д.о.", 14, align="c")
    p.t(105, 22, "Таковска 2, 11000 Београд · ПИБ 100002887 · МБ 07046898", 8, align="c")
    p.b(12, 38, "ПОЗИВ ЗА ПЛАЋАЊЕ ПРЕМИЈЕ – 2. рата", 12)
    p.lines(12, 46, ["Уговарач: Марко Савић, Цара Душана 77, Земун",
                     "Полиса бр. 4400128877 · Осигурање дома „Сигуран кров”",
                     "Годишња премија: 51.000,00 дин. у 4 рате", "Рата бр. 2 доспева: 15.05.2026."], 9, 5)
    rows = [["Рата", "Доспеће", "Износ", "Статус"], ["1", "15.02.2026.", "12.750,00", "плаћено"],
            ["2", "15.05.2026.", fmt(total), "за уплату"], ["3", "15.08.2026.", "12.750,00", "—"], ["4", "15.11.2026.", "12.750,00", "—"]]
    y = p.table(12, 72, [20, 40, 40, 40], rows, 9, 6, style="zebra", aligns=["c", "c", "r", "c"])
    p.lines(12, y + 8, ["Премија је ослобођена ПДВ-а (чл. 25 Закона о ПДВ). Порез на премију неживотних осигурања урачунат.",
                        "Ваш текући рачун за аутоматско задужење (није активирано): " + rs_long(payer_acc) + ".",
                        "Уплату извршите на рачун " + rs_short(acc) + ", модел 00, позив на број " + refno + "."], 8.5, 5)
    rs_slip(p, 190, "cyr", ["Марко Савић", "Цара Душана 77, Земун"], ["Премија осигурања, полиса 4400128877"],
            ["Дунав Штит осигурање а.д.о.", "Таковска 2, Београд"], "189", "=" + fmt(total), rs_short(acc), "00", refno)
    c.save()
    return truth(True, acc, total, "RSD", refno, "00", None, "Дунав Штит осигурање а.д.о.", "2026-05-15", "189")


# ---- Austria / Germany ----------------------------------------------------------------------


def doc_at_strom_za(path):
    """Energy bill with Zahlungsanweisung, RF reference, EPC QR, payer IBAN pre-filled on the slip."""
    iban = iban_make("AT", "20111" + "28431596300")
    payer = iban_make("AT", "32000" + "00012345678")
    ref = rf_make("20260411883")
    net = D("812.40")
    ust = q(net * D("0.20"))
    total = net + ust
    c = new_canvas(path, "Jahresabrechnung Strom 2026", "Donauwerk Energie GmbH")
    p = Page(c, "Sans", "Sans-B")
    p.logo(12, 8, "donauwerk energie", 14, (0.0, 0.45, 0.4))
    p.lines(140, 10, ["Donauwerk Energie GmbH", "Handelskai 92, 1200 Wien", "FN 412233 b, HG Wien", "UID ATU68123456",
                      "Service: 0800 500 712"], 7.5)
    p.lines(12, 34, ["Frau", "Mag. Katharina Berger", "Liechtensteinstraße 14/6", "1090 Wien"], 9.5)
    p.b(12, 62, "Teilbetragsvorschreibung / Abrechnung", 12)
    p.lines(12, 69, ["Rechnungsnummer: 9100448213", "Kundennummer: 1204477", "Rechnungsdatum: 08.04.2026",
                     "Anlagenadresse: Liechtensteinstraße 14/6, 1090 Wien"], 8.5)
    rows = [["Position", "Netto", "USt 20 %", "Brutto"],
            ["Energie (2.845 kWh)", fmt(D("534.16")), fmt(q(D("534.16") * D("0.2"))), fmt(D("534.16") + q(D("534.16") * D("0.2")))],
            ["Netznutzung / Netzverlust", fmt(D("244.74")), fmt(q(D("244.74") * D("0.2"))), fmt(D("244.74") + q(D("244.74") * D("0.2")))],
            ["Abgaben (Elektrizitätsabgabe)", fmt(D("33.50")), fmt(q(D("33.50") * D("0.2"))), fmt(D("33.50") + q(D("33.50") * D("0.2")))]]
    y = p.table(12, 90, [80, 32, 32, 32], rows, 8.5, 6, style="lines")
    y = p.table(70, y + 2, [64, 32], [["Summe netto", fmt(net) + " €"], ["USt 20 %", fmt(ust) + " €"],
                                      ["Gesamtbetrag", fmt(total) + " €"]], 9, 6, header=False, style="none")
    p.t(12, y + 7, "Bitte überweisen Sie den Gesamtbetrag bis 28.04.2026 mit der Zahlungsanweisung unten.", 8.5)
    p.t(12, y + 12, "Ihre Bankverbindung laut unseren Unterlagen: " + iban_print(payer) + " (kein SEPA-Lastschriftmandat).", 8)
    p.qr(170, y - 22, 26, epc_qr("GIBAATWWXXX", "Donauwerk Energie GmbH", iban, total, ref))
    p.t(183, y + 7, "Zahlen mit Code", 7, align="c")
    at_slip(p, 190, "Donauwerk Energie GmbH", iban, "GIBAATWWXXX", total, ref, "Katharina Berger", payer)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "GIBAATWWXXX", "Donauwerk Energie GmbH", "2026-04-28", None)


def doc_at_installateur(path):
    """Tradesman invoice, no slip, Skonto line, numeric Zahlungsreferenz, UID/FN, Bankverbindung in footer."""
    iban = iban_make("AT", "38000" + "00004412097")
    ref = "2026031577"
    items = [("Arbeitszeit Monteur", D("6.5"), "Std.", D("68.00")), ("Arbeitszeit Helfer", D("6.5"), "Std.", D("49.00")),
             ("Thermostatventil Danfoss RA-N 15", D("4"), "Stk.", D("38.90")), ("Kupferrohr 15 mm", D("12"), "m", D("11.40")),
             ("Kleinmaterial pauschal", D("1"), "psch.", D("24.00")), ("Anfahrt Zone 2", D("1"), "psch.", D("39.00"))]
    net = sum(q(a * pr) for _, a, _, pr in items)
    ust = q(net * D("0.2"))
    total = net + ust
    skonto = q(total * D("0.02"))
    c = new_canvas(path, "Rechnung 2026031577", "Haustechnik Gruber GmbH")
    p = Page(c, "Serif", "Serif-B")
    p.b(198, 18, "Haustechnik Gruber GmbH", 14, align="r")
    p.t(198, 24, "Installateur · Heizung · Sanitär", 8.5, align="r")
    p.t(198, 29, "Grazer Straße 118, 8045 Graz · Tel. +43 316 697 221", 8, align="r")
    p.lines(12, 46, ["Eigentümergemeinschaft", "Annenstraße 31", "z. H. Herrn DI Peter Hofer", "8020 Graz"], 10)
    p.lines(130, 46, ["Rechnung Nr.: 2026031577", "Datum: 15.03.2026", "Kunden-Nr.: 40712", "Auftrag: Heizkörpertausch 2. OG"], 9)
    p.b(12, 78, "RECHNUNG", 16)
    rows = [["Pos", "Bezeichnung", "Menge", "Einh.", "EP €", "GP €"]] + \
           [[str(i + 1), n, str(a).replace(".", ","), u, fmt(pr), fmt(q(a * pr))] for i, (n, a, u, pr) in enumerate(items)]
    y = p.table(12, 86, [10, 82, 18, 16, 26, 30], rows, 9, 6.5, style="lines", aligns=["c", "l", "r", "l", "r", "r"])
    y = p.table(112, y + 3, [56, 30], [["Nettobetrag", fmt(net)], ["zzgl. 20 % USt", fmt(ust)], ["Rechnungsbetrag EUR", fmt(total)]],
                10, 7, header=False, style="box", aligns=["l", "r"])
    p.lines(12, y + 10, ["Zahlbar innerhalb von 14 Tagen ohne Abzug (fällig am 29.03.2026).",
                         "Bei Zahlung bis 22.03.2026 gewähren wir 2 % Skonto (" + fmt(skonto) + " €), Zahlbetrag dann " + fmt(total - skonto) + " €.",
                         "Bitte geben Sie bei der Überweisung als Zahlungsreferenz die Rechnungsnummer " + ref + " an."], 9, 5.2)
    p.hline(12, 198, 270, 0.5)
    p.lines(12, 275, ["Haustechnik Gruber GmbH · Sitz Graz · FN 298877 k, Landesgericht für ZRS Graz",
                      "UID-Nr.: ATU62345678 · Geschäftsführer: Ing. Johann Gruber"], 7.5)
    p.lines(125, 275, ["Bankverbindung: Raiffeisen-Landesbank Steiermark", "IBAN: " + iban_print(iban) + "  BIC: RZSTAT2G"], 7.5)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "RZSTAT2G", "Haustechnik Gruber GmbH", "2026-03-29", None)


def doc_at_versicherung(path):
    """Insurance, 2 pages: letter on page 1, payment table on page 2, RF reference, 'Ihre IBAN' distractor."""
    iban = iban_make("AT", "12000" + "51488022100")
    payer = iban_make("AT", "14000" + "22010778432")
    ref = rf_make("KFZ77120345")
    total = D("418.36")
    c = new_canvas(path, "Prämienvorschreibung", "Alpenländische Versicherung AG")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 18, "Alpenländische Versicherung AG", 13, color=(0.1, 0.2, 0.5))
    p.t(12, 23.5, "Schottenring 30 · 1010 Wien · www.alpenlaendische.at", 8)
    p.lines(12, 40, ["Herrn", "Thomas Wimmer", "Hauptplatz 3", "4020 Linz"], 10)
    p.t(198, 40, "Wien, am 01.04.2026", 9, align="r")
    p.b(12, 70, "Prämienvorschreibung zu Ihrer Kfz-Haftpflicht- und Kaskoversicherung", 11)
    p.t(12, 76, "Polizzennummer 77-120345-0 · Kennzeichen L-482 TW", 9)
    text = ["Sehr geehrter Herr Wimmer,",
            "",
            "für den Zeitraum 01.05.2026 bis 31.10.2026 schreiben wir Ihnen die Halbjahresprämie vor.",
            "Da für Ihren Vertrag kein Lastschriftmandat (mehr) besteht, ersuchen wir um Überweisung.",
            "Ihre bisher gespeicherte Bankverbindung (Ihre IBAN " + iban_print(payer) + ")",
            "wird seit 01.01.2026 nicht mehr für Abbuchungen verwendet.",
            "",
            "Die Aufstellung der Prämie und die Zahlungsdaten finden Sie auf Seite 2.",
            "",
            "Mit freundlichen Grüßen", "Ihre Alpenländische Versicherung"]
    p.lines(12, 90, text, 10, 5.6)
    p.t(105, 285, "Seite 1 von 2", 8, align="c")
    c.showPage()
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 20, "Prämienaufstellung", 12)
    rows = [["Sparte", "Nettoprämie", "Versicherungssteuer", "Prämie"],
            ["Kfz-Haftpflicht", "173,10", "19,05", "192,15"], ["Teilkasko", "201,82", "22,20", "224,02"],
            ["motorbezogene Versicherungssteuer", "", "", "2,19"]]
    y = p.table(12, 26, [70, 35, 40, 35], rows, 9, 6.5, style="grid")
    p.b(110, y + 8, "Zu zahlender Betrag:", 10)
    p.b(190, y + 8, "€ " + fmt(total), 10, align="r")
    p.t(12, y + 18, "Zahlungsempfänger: Alpenländische Versicherung AG", 9.5)
    p.t(12, y + 24, "IBAN: " + iban_print(iban) + "     BIC: BKAUATWW", 9.5)
    p.t(12, y + 30, "Zahlungsreferenz: " + rf_print(ref), 9.5)
    p.t(12, y + 36, "Fälligkeit: 01.05.2026", 9.5)
    p.t(12, y + 48, "Versicherungssteuer gemäß VersStG; keine Umsatzsteuer (unecht befreit).", 8)
    p.t(105, 285, "Seite 2 von 2", 8, align="c")
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "BKAUATWW", "Alpenländische Versicherung AG", "2026-05-01", None)


def doc_at_telekom_za(path):
    """Telecom with Zahlungsanweisung (variant look), numeric reference, open balance incl. older invoice."""
    iban = iban_make("AT", "60000" + "00092110734")
    ref = "600311904477"
    total = D("67.43")
    c = new_canvas(path, "Rechnung A1-ähnlich", "Alpenfunk Telekom GmbH")
    p = Page(c, "Cond", "Cond-B")
    p.rect(0, 0, 210, 8, lw=0, fill=(0.85, 0.1, 0.2), stroke=False)
    p.b(12, 20, "alpenfunk", 18, color=(0.85, 0.1, 0.2))
    p.lines(12, 30, ["Sabine Koller", "Bahnhofstraße 7", "6020 Innsbruck"], 10)
    p.lines(125, 18, ["Ihre Rechnung April 2026", "Rechnungsnummer: R-311904477", "Kundennummer: 311904",
                      "Rechnungsdatum: 03.04.2026", "Ihre Rufnummer: +43 664 311 9044"], 8.5, 4.8)
    rows = [["Leistung", "Zeitraum", "Betrag"], ["Grundgebühr Mobil L", "04/2026", "29,90"], ["Internet Home 100", "04/2026", "34,90"],
            ["Servicepauschale (anteilig)", "04/2026", "2,63"], ["Gutschrift Treuebonus", "", "-10,00"]]
    y = p.table(12, 52, [100, 40, 40], rows, 9.5, 7, style="zebra", aligns=["l", "c", "r"])
    p.lines(112, y + 7, ["Summe exkl. USt: 47,86 €", "USt 20 %: 9,57 €", "Rechnungsbetrag: 57,43 €",
                         "offener Betrag Vormonat: 10,00 €"], 9, 5.5)
    p.b(112, y + 31, "Offener Betrag gesamt: " + fmt(total) + " €", 10.5)
    p.t(12, y + 40, "Zahlungsziel: 17.04.2026. Bitte verwenden Sie die beiliegende Zahlungsanweisung.", 9)
    p.t(12, y + 45, "Kein Lastschriftauftrag vorhanden. UID ATU55667788 · FN 144012 a · Firmensitz Wien", 8)
    at_slip(p, 190, "Alpenfunk Telekom GmbH", iban, "BAWAATWW", total, ref, "", "", "", variant=1)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "BAWAATWW", "Alpenfunk Telekom GmbH", "2026-04-17", None)


def doc_at_hausverwaltung(path):
    """Betriebskostenabrechnung with Nachzahlung; two IBANs (Rücklage vs Hausverwaltung), 'Ihr Konto' distractor."""
    iban = iban_make("AT", "15000" + "00721884011")
    other = iban_make("AT", "15000" + "00721884029")
    payer = iban_make("AT", "20404" + "00001198733")
    ref = rf_make("BK2025TOP7")
    total = D("284.19")
    c = new_canvas(path, "Betriebskostenabrechnung 2025", "Hausverwaltung Steiner & Partner OG")
    p = Page(c, "Serif", "Serif-B")
    p.b(12, 15, "Hausverwaltung Steiner & Partner OG", 12)
    p.t(12, 20, "Landstraße 12, 4020 Linz · FN 301122 t · UID ATU71234509", 8)
    p.lines(12, 35, ["Frau Elisabeth Maier", "Wiener Straße 150/Top 7", "4020 Linz"], 10)
    p.t(198, 35, "Linz, 20.03.2026", 9, align="r")
    p.b(12, 60, "Betriebskostenabrechnung 2025 – Objekt Wiener Straße 150, Top 7", 11)
    rows = [["Kostenart", "Gesamtkosten", "Ihr Anteil (4,12 %)"], ["Wasser/Abwasser", "9.812,40", "404,27"],
            ["Müllabfuhr", "4.220,00", "173,86"], ["Hausbetreuung", "11.460,00", "472,15"], ["Versicherung", "6.030,55", "248,46"],
            ["Allgemeinstrom", "2.118,20", "87,27"], ["Verwaltungshonorar", "5.640,00", "232,37"],
            ["Summe Betriebskosten", "", "1.618,38"], ["zzgl. 10 % USt", "", "161,84"], ["Summe brutto", "", "1.780,22"],
            ["abzüglich Akontozahlungen 2025", "", "-1.496,03"]]
    y = p.table(12, 66, [90, 45, 50], rows, 9, 6, style="lines")
    p.rect(12, y + 3, 186, 10, lw=0.8)
    p.b(15, y + 9.5, "Nachzahlung (offener Betrag)", 10.5)
    p.b(195, y + 9.5, "EUR " + fmt(total), 10.5, align="r")
    p.lines(12, y + 22, ["Der offene Betrag ist bis 30.04.2026 auf das Konto der Hausverwaltung zu überweisen:",
                         "Empfänger: Hausverwaltung Steiner & Partner OG · IBAN " + iban_print(iban) + " · BIC OBKLAT2L",
                         "Zahlungsreferenz: " + ref,
                         "Bitte NICHT auf das Rücklagenkonto " + iban_print(other) + " einzahlen.",
                         "Ein Guthaben würden wir auf Ihr Konto " + iban_print(payer) + " überweisen."], 9, 5.4)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "OBKLAT2L", "Hausverwaltung Steiner & Partner OG", "2026-04-30", None)


def doc_at_webshop_rf(path):
    """Austrian web shop invoice, compact, two-column footer with bank; Skonto; RF; MwSt split 20/10."""
    iban = iban_make("AT", "34000" + "00061227735")
    ref = rf_make("400918")
    n20, n10 = D("149.90"), D("42.50")
    u20, u10 = q(n20 * D("0.2")), q(n10 * D("0.1"))
    total = n20 + n10 + u20 + u10
    c = new_canvas(path, "Rechnung 400918", "Bergkräuter Versand KG")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 20, "Bergkräuter Versand KG", 16, color=(0.2, 0.45, 0.15))
    p.t(12, 26, "Tee · Gewürze · Naturkosmetik", 9)
    p.lines(140, 14, ["Rechnungs-Nr. 400918", "Bestellung WEB-88124", "Datum 12.04.2026", "Zahlungsziel 26.04.2026"], 8.5)
    p.lines(12, 40, ["Lieferanschrift / Rechnungsanschrift:", "Julia Brandstätter", "Mozartgasse 4", "5020 Salzburg"], 9)
    rows = [["Artikel", "Menge", "MwSt", "Preis"], ["Bio-Kräutertee Almwiese 500 g", "3", "10 %", "42,50"],
            ["Zirbenkissen 40×40", "1", "20 %", "89,90"], ["Arnika-Massageöl 250 ml", "2", "20 %", "60,00"]]
    y = p.table(12, 64, [100, 20, 25, 40], rows, 9, 6.5, style="lines", aligns=["l", "c", "c", "r"])
    y = p.table(112, y + 4, [48, 37], [["Netto 10 %", fmt(n10)], ["MwSt 10 %", fmt(u10)], ["Netto 20 %", fmt(n20)],
                                       ["MwSt 20 %", fmt(u20)], ["zu zahlen", fmt(total) + " €"]], 9, 6, header=False, style="none")
    p.t(12, y + 8, "Bei Zahlung innerhalb von 7 Tagen: 2 % Skonto auf den Warenwert (nur Tee).", 8.5)
    p.b(12, y + 18, "Bitte überweisen an:", 9.5)
    p.lines(12, y + 24, ["Bergkräuter Versand KG", "IBAN " + iban_print(iban), "BIC RVSAAT2S", "Verwendungszweck/Zahlungsreferenz: " + rf_print(ref)],
            9.5, 5.2)
    p.qr(160, y + 14, 28, epc_qr("RVSAAT2S", "Bergkräuter Versand KG", iban, total, ref))
    p.hline(12, 198, 280, 0.3)
    p.t(12, 284, "Bergkräuter Versand KG · Kaigasse 9, 5020 Salzburg · FN 455667 p · UID ATU77001122", 7)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "RVSAAT2S", "Bergkräuter Versand KG", "2026-04-26", None)


def doc_de_rechnung(path):
    """German invoice, DE IBAN, invoice-number reference, Steuernummer + USt-IdNr, Zwischensumme."""
    iban = iban_make("DE", "70150000" + "1004387261")
    payer = iban_make("DE", "50010517" + "5412378890")
    ref = "RE-2026-1187"
    items = [("Webhosting Business (12 Monate)", 1, D("238.80")), ("Domain .de", 3, D("9.90")), ("SSL-Zertifikat Wildcard", 1, D("89.00")),
             ("Einrichtung Mailserver (Std.)", 2.5, D("85.00"))]
    net = sum(q(D(str(a)) * pr) for _, a, pr in items)
    mwst = q(net * D("0.19"))
    total = net + mwst
    c = new_canvas(path, "Rechnung RE-2026-1187", "Isarnetz Hosting GmbH")
    p = Page(c, "Sans", "Sans-B")
    p.t(12, 40, "Isarnetz Hosting GmbH · Lindwurmstraße 88 · 80337 München", 6.5)
    p.lines(12, 46, ["Kanzlei Rehm & Sohn", "Herrn Andreas Rehm", "Ludwigstraße 21", "93047 Regensburg"], 10)
    p.logo(150, 12, "ISARNETZ", 14, (0.1, 0.35, 0.6), "square")
    p.lines(140, 46, ["Rechnungsnummer: " + ref, "Rechnungsdatum: 02.03.2026", "Leistungszeitraum: 03/2026–02/2027",
                      "Kundennummer: K-20931", "Fällig am: 16.03.2026"], 8.5, 4.8)
    p.b(12, 80, "Rechnung", 15)
    rows = [["Pos.", "Beschreibung", "Menge", "Einzelpreis", "Gesamt"]] + \
           [[str(i + 1), n, str(a).replace(".", ","), fmt(pr) + " €", fmt(q(D(str(a)) * pr)) + " €"] for i, (n, a, pr) in enumerate(items)]
    y = p.table(12, 88, [12, 86, 18, 34, 36], rows, 9, 7, style="zebra", aligns=["c", "l", "r", "r", "r"])
    y = p.table(110, y + 4, [52, 36], [["Zwischensumme", fmt(net) + " €"], ["zzgl. 19 % MwSt.", fmt(mwst) + " €"],
                                       ["Gesamtbetrag", fmt(total) + " €"]], 9.5, 6.5, header=False, style="lines")
    p.lines(12, y + 10, ["Bitte überweisen Sie den Gesamtbetrag bis zum 16.03.2026 unter Angabe der Rechnungsnummer",
                         "als Verwendungszweck. Nach Ablauf der Frist erfolgt eine Zahlungserinnerung."], 9, 5)
    p.t(12, y + 24, "Hinweis: Eine SEPA-Lastschrift von Ihrem Konto " + iban_print(payer) + " ist nicht eingerichtet.", 8)
    p.hline(12, 198, 272, 0.4)
    p.lines(12, 277, ["Isarnetz Hosting GmbH", "Lindwurmstraße 88, 80337 München", "Amtsgericht München HRB 201447"], 7)
    p.lines(80, 277, ["Geschäftsführung: Dr. Lena Vogt", "Steuernummer 143/182/40117", "USt-IdNr. DE298765432"], 7)
    p.lines(140, 277, ["Stadtsparkasse München", "IBAN " + iban_print(iban), "BIC SSKMDEMMXXX"], 7)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "SSKMDEMMXXX", "Isarnetz Hosting GmbH", "2026-03-16", None)


# ---- English / SEPA -------------------------------------------------------------------------


def doc_en_nl_saas(path):
    iban = iban_make("NL", "INGB" + nl_account("0671234500"))
    ref = rf_make("7100042233")
    sub = D("1450.00")
    vat = q(sub * D("0.21"))
    total = sub + vat
    c = new_canvas(path, "Invoice 2026-0311", "Tulipcloud B.V.")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 22, "INVOICE", 22, color=(0.9, 0.4, 0.1))
    p.lines(12, 32, ["Tulipcloud B.V.", "Keizersgracht 415", "1016 EK Amsterdam, Netherlands", "VAT NL862233445B01 · KvK 71234567"], 8.5)
    p.lines(125, 16, ["Invoice no.  2026-0311", "Invoice date  31 March 2026", "Due date  30 April 2026", "Customer ID  C-0982"], 9, 5)
    p.lines(125, 42, ["Bill to:", "Northwind Analytics Ltd", "12 Harbour Road", "Cork T12 XY34, Ireland", "VAT IE9876543K"], 9, 4.6)
    rows = [["Description", "Qty", "Unit price", "Amount"], ["Tulipcloud Pro seats (March 2026)", "25", "€ 48.00", "€ 1,200.00"],
            ["Additional storage 500 GB", "1", "€ 150.00", "€ 150.00"], ["Priority support", "1", "€ 100.00", "€ 100.00"]]
    y = p.table(12, 72, [100, 20, 32, 34], rows, 9, 7.5, style="lines")
    y = p.table(112, y + 4, [44, 42], [["Subtotal", "€ " + fmt(sub, "en")], ["VAT 21%", "€ " + fmt(vat, "en")],
                                       ["Total", "€ " + fmt(total, "en")], ["Amount due", "€ " + fmt(total, "en")]],
                10, 7, header=False, style="none")
    p.rect(12, y + 6, 186, 30, lw=0.3, fill=(0.97, 0.97, 0.97))
    p.b(16, y + 13, "Payment details", 10)
    p.lines(16, y + 19, ["Beneficiary: Tulipcloud B.V.", "IBAN: " + iban_print(iban) + "   BIC: INGBNL2A",
                         "Reference: " + rf_print(ref) + " (please quote exactly)"], 9.5, 5.5)
    p.t(12, 280, "Thank you for your business. Questions? billing@tulipcloud.example · +31 20 555 0142", 8)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "INGBNL2A", "Tulipcloud B.V.", "2026-04-30", None)


def doc_en_ie_consulting(path):
    """3 pages: long time sheet; totals on page 2; payment details on page 3. USD."""
    iban = iban_make("IE", "AIBK" + "931152" + "12345678")
    ref = "INV-2026-0117"
    rng = random.Random(117)
    rows = [["Date", "Consultant", "Task", "Hours", "Rate", "Amount"]]
    sub = D(0)
    for i in range(46):
        h = D(rng.choice(["1.5", "2.0", "3.5", "4.0", "6.0", "7.5", "8.0"]))
        rate = D(rng.choice(["145.00", "185.00", "220.00"]))
        amt = q(h * rate)
        sub += amt
        rows.append(["%02d Feb 2026" % (1 + i % 28), rng.choice(["A. Byrne", "C. Walsh", "M. O'Neill"]),
                     rng.choice(["Data model review", "ETL pipeline", "Workshop", "Dashboard build", "QA & testing"]),
                     str(h), fmt(rate, "en"), fmt(amt, "en")])
    total = sub  # reverse charge, no VAT
    c = new_canvas(path, "Invoice INV-2026-0117", "Shannon Data Partners Ltd")
    p = Page(c, "Serif", "Serif-B")
    p.b(12, 18, "Shannon Data Partners Ltd", 14)
    p.t(12, 24, "Unit 4, Dock Road, Limerick V94 E2X1, Ireland · CRO 612345 · VAT IE3344556TH", 8)
    p.b(198, 18, "Invoice " + ref, 12, align="r")
    p.t(198, 24, "Issued 03 March 2026", 9, align="r")
    p.lines(12, 34, ["Client: Meridian Logistics Inc., 500 Atlantic Ave, Boston MA 02210, USA"], 9)
    y = p.table(12, 40, [30, 30, 56, 18, 24, 28], rows[:38], 8.5, 6.2, style="zebra", aligns=["l", "l", "l", "r", "r", "r"])
    p.t(198, 290, "Page 1 of 3", 8, align="r")
    c.showPage()
    p = Page(c, "Serif", "Serif-B")
    y = p.table(12, 20, [30, 30, 56, 18, 24, 28], [rows[0]] + rows[38:], 8.5, 6.2, style="zebra", aligns=["l", "l", "l", "r", "r", "r"])
    y = p.table(100, y + 6, [60, 38], [["Subtotal (USD)", fmt(sub, "en")], ["VAT 0% – reverse charge", "0.00"],
                                       ["Total (USD)", fmt(total, "en")], ["Less retainer received", "0.00"],
                                       ["Balance due (USD)", fmt(total, "en")]], 9.5, 7, header=False, style="lines")
    p.t(12, y + 10, "Payment terms: 30 days net. Payment instructions on the following page.", 9)
    p.t(198, 290, "Page 2 of 3", 8, align="r")
    c.showPage()
    p = Page(c, "Serif", "Serif-B")
    p.b(12, 20, "Remittance advice", 13)
    p.lines(12, 30, ["Please pay USD " + fmt(total, "en") + " by 02 April 2026 to:", "",
                     "Account name: Shannon Data Partners Ltd", "Bank: AIB, 7/12 Dame Street, Dublin 2",
                     "IBAN: " + iban_print(iban), "SWIFT/BIC: AIBKIE2D", "Sort code: 93-11-52   Account no.: 12345678",
                     "Payment reference: " + ref, "",
                     "Bank charges are to be borne by the payer (OUR)."], 10, 6)
    p.t(198, 290, "Page 3 of 3", 8, align="r")
    c.save()
    return truth(True, iban, total, "USD", ref, None, "AIBKIE2D", "Shannon Data Partners Ltd", "2026-04-02", None)


def doc_en_gb_supplies(path):
    iban = iban_make("GB", "BARC" + "200415" + "63912744")
    ref = "OS-55812"
    sub = D("612.35")
    vat = q(sub * D("0.2"))
    total = sub + vat
    c = new_canvas(path, "Invoice OS-55812", "Pennine Office Supplies Ltd")
    p = Page(c, "Cond", "Cond-B")
    p.rect(12, 10, 186, 22, lw=0, fill=(0.12, 0.3, 0.2), stroke=False)
    p.b(16, 20, "PENNINE OFFICE SUPPLIES", 15, color=(1, 1, 1))
    p.t(16, 27, "Unit 9 Mill Lane Trading Estate, Leeds LS12 4HT · VAT Reg. GB 294 1188 53 · Company No. 08812345", 8, color=(1, 1, 1))
    p.b(12, 44, "TAX INVOICE", 12)
    p.lines(12, 50, ["Invoice number: " + ref, "Invoice date: 9 April 2026", "Account: HAR-0042", "Your order: PO 7781"], 9, 5)
    p.lines(120, 44, ["Invoice to:", "Harrogate Dental Practice", "14 Station Parade", "Harrogate HG1 1UF"], 9, 5)
    rows = [["Code", "Item", "Qty", "Price", "Net"], ["A4-80", "Copier paper A4 80gsm (box of 5 reams)", "12", "£24.99", "£299.88"],
            ["TN-247", "Toner cartridge black", "3", "£71.50", "£214.50"], ["ENV-DL", "DL envelopes (1000)", "2", "£32.49", "£64.98"],
            ["DEL", "Delivery", "1", "£32.99", "£32.99"]]
    y = p.table(12, 76, [22, 94, 14, 26, 30], rows, 9, 7, style="grid", aligns=["l", "l", "r", "r", "r"])
    p.lines(120, y + 8, ["Net total:", "VAT @ 20%:", "Invoice total:", "Paid on account:"], 9.5, 6)
    p.lines(196, y + 8, ["£" + fmt(sub, "en"), "£" + fmt(vat, "en"), "£" + fmt(total, "en"), "£0.00"], 9.5, 6, align="r")
    p.b(120, y + 34, "AMOUNT DUE", 12)
    p.b(196, y + 34, "£" + fmt(total, "en"), 12, align="r")
    p.rect(12, y + 42, 186, 30, lw=0.5)
    p.lines(16, y + 49, ["HOW TO PAY — bank transfer to Pennine Office Supplies Ltd",
                         "Sort code 20-04-15  Account 63912744  (Barclays Bank UK PLC)",
                         "International: IBAN " + iban_print(iban) + "  BIC BARCGB22",
                         "Please use " + ref + " as your payment reference. Terms: payment due by 9 May 2026."], 9, 5.5)
    c.save()
    return truth(True, iban, total, "GBP", ref, None, "BARCGB22", "Pennine Office Supplies Ltd", "2026-05-09", None)


def doc_en_fr_hotel(path):
    bank, branch, account = "30004", "00819", "00012345678"
    iban = iban_make("FR", bank + branch + account + fr_rib_key(bank, branch, account))
    ref = rf_make("HTL260402")
    ht = D("1546.50")
    tva = q(ht * D("0.10"))
    tax_sejour = D("26.40")
    total = ht + tva + tax_sejour
    c = new_canvas(path, "Invoice / Facture F-260402", "Hôtel des Trois Ponts SAS")
    p = Page(c, "Serif", "Serif-B")
    p.b(105, 18, "Hôtel des Trois Ponts", 18, align="c")
    p.t(105, 24, "12 quai Saint-Antoine, 69002 Lyon · SIRET 812 345 678 00019 · TVA FR45812345678", 8, align="c")
    p.b(12, 40, "Invoice / Facture n° F-260402", 11)
    p.lines(12, 46, ["Date: 02/04/2026", "Guest / Client: Ms Laura Conti, Conti & Ferri S.r.l., Milano",
                     "Stay / Séjour: 27/03/2026 – 02/04/2026 (6 nights)"], 9, 5)
    rows = [["Description", "Qty", "Unit (EUR)", "Amount excl. VAT (EUR)"],
            ["Superior double room", "6", "219,00", fmt(D("1314.00"), "fr")], ["Breakfast", "12", "16,50", fmt(D("198.00"), "fr")],
            ["Parking", "6", "5,75", fmt(D("34.50"), "fr")]]
    y = p.table(12, 66, [90, 16, 34, 46], rows, 9, 7, style="box", aligns=["l", "r", "r", "r"])
    y = p.table(100, y + 4, [56, 42], [["Total excl. VAT / HT", fmt(ht, "fr") + " €"], ["VAT / TVA 10 %", fmt(tva, "fr") + " €"],
                                       ["City tax / Taxe de séjour", fmt(tax_sejour, "fr") + " €"],
                                       ["Amount due / Net à payer", fmt(total, "fr") + " €"]], 9.5, 7, header=False, style="lines")
    p.lines(12, y + 10, ["Payment by bank transfer before 17/04/2026 / Paiement par virement avant le 17/04/2026.",
                         "Beneficiary / Bénéficiaire : Hôtel des Trois Ponts SAS",
                         "IBAN : " + iban_print(iban), "BIC : BNPAFRPPXXX",
                         "Reference / Référence : " + rf_print(ref),
                         "Late payment penalty: 3 × legal interest rate + € 40 fixed recovery fee."], 9, 5.5)
    c.save()
    return truth(True, iban, total, "EUR", ref, None, "BNPAFRPPXXX", "Hôtel des Trois Ponts SAS", "2026-04-17", None)


def doc_en_be_logistics(path):
    """Partial payment received: Total vs Balance due; customer's own IBAN printed as distractor."""
    iban = iban_make("BE", be_bban("310", "1804522"))
    payer = iban_make("BE", be_bban("068", "2345678"))
    ref = rf_make("20264471")
    sub = D("3120.00")
    vat = q(sub * D("0.21"))
    tot = sub + vat
    paid = D("1000.00")
    due = tot - paid
    c = new_canvas(path, "Invoice 2026/4471", "Scheldt Freight NV")
    p = Page(c, "Sans", "Sans-B")
    p.b(198, 20, "Scheldt Freight NV", 15, align="r")
    p.t(198, 26, "Noorderlaan 147, 2030 Antwerpen · VAT BE 0456.789.123 · RPR Antwerpen", 8, align="r")
    p.lines(12, 40, ["Invoice 2026/4471", "Date: 14 April 2026", "Payment terms: 15 days"], 10, 5.5)
    p.lines(120, 40, ["Customer:", "Rhine Valve Trading GmbH", "Your account on file: " + iban_print(payer)], 9, 5)
    rows = [["Shipment", "Route", "Amount EUR"], ["SF-88120 (FTL)", "Antwerpen → Duisburg", "1,480.00"],
            ["SF-88131 (LTL)", "Antwerpen → Köln", "940.00"], ["Customs clearance", "", "450.00"], ["Waiting time (5 h)", "", "250.00"]]
    y = p.table(12, 64, [60, 80, 46], rows, 9.5, 7.5, style="lines", aligns=["l", "l", "r"])
    y = p.table(106, y + 4, [52, 40], [["Subtotal", fmt(sub, "en")], ["VAT 21%", fmt(vat, "en")], ["Total", fmt(tot, "en")],
                                       ["Amount paid (07 Apr 2026)", "-" + fmt(paid, "en")], ["Balance due (EUR)", fmt(due, "en")]],
                9.5, 7, header=False, style="none")
    p.b(12, y + 12, "Please transfer the balance due by 29 April 2026 to", 10)
    p.lines(12, y + 19, ["Scheldt Freight NV — IBAN " + iban_print(iban) + " — BIC BBRUBEBB",
                         "with structured reference " + rf_print(ref) + "."], 10, 6)
    c.save()
    return truth(True, iban, due, "EUR", ref, None, "BBRUBEBB", "Scheldt Freight NV", "2026-04-29", None)


def doc_en_ch_swiss(path):
    iban = iban_make("CH", "00230" + "000123456789")
    ref = rf_make("CH2026882")
    sub = D("5420.00")
    vat = q(sub * D("0.081"))
    total = sub + vat
    c = new_canvas(path, "Invoice 2026-882", "Alpina Precision AG")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 18, "Alpina Precision AG", 14)
    p.t(12, 23.5, "Industriestrasse 17 · 8400 Winterthur · CHE-109.876.543 MWST", 8)
    p.b(12, 40, "Invoice 2026-882", 12)
    p.lines(12, 47, ["Date: 06.04.2026", "Customer: Danube Robotics s.r.o., Bratislava", "Payable within 30 days: by 06.05.2026"], 9, 5)
    rows = [["Item", "Qty", "Price CHF", "Total CHF"], ["Spindle housing SH-40, machined", "20", "186.00", "3'720.00"],
            ["Calibration & inspection report", "1", "850.00", "850.00"], ["Export packaging & documents", "1", "850.00", "850.00"]]
    y = p.table(12, 66, [96, 20, 34, 36], rows, 9, 7, style="grid")
    y = p.table(106, y + 4, [50, 42], [["Subtotal", "CHF " + fmt(sub, "ch")], ["VAT 8.1%", "CHF " + fmt(vat, "ch")],
                                       ["Total amount due", "CHF " + fmt(total, "ch")]], 9.5, 7, header=False, style="box")
    p.lines(12, y + 12, ["Bank: UBS Switzerland AG, Winterthur", "Account holder: Alpina Precision AG",
                         "IBAN " + iban_print(iban), "BIC UBSWCHZH80A", "Reference " + rf_print(ref)], 9.5, 5.5)
    c.save()
    return truth(True, iban, total, "CHF", ref, None, "UBSWCHZH80A", "Alpina Precision AG", "2026-05-06", None)


# ---- No payment expected --------------------------------------------------------------------


def doc_np_direct_debit(path):
    payer = iban_make("GB", "NWBK" + "601613" + "31926819")
    c = new_canvas(path, "Your bill April 2026", "Thames Broadband Ltd")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 20, "Thames Broadband", 18, color=(0.4, 0.1, 0.5))
    p.lines(12, 32, ["Mr Oliver Grant", "7 Beech Close", "Reading RG1 5QT"], 10)
    p.lines(125, 20, ["Account number: TB-4471920", "Bill date: 2 April 2026", "Bill number: 99120447"], 9, 5)
    rows = [["Service", "Period", "Amount"], ["Fibre 500 + Home phone", "April 2026", "£42.00"], ["Calls outside plan", "March 2026", "£3.84"],
            ["Total (incl. VAT £7.64)", "", "£45.84"]]
    y = p.table(12, 60, [100, 40, 46], rows, 10, 8, style="lines", aligns=["l", "l", "r"])
    p.rect(12, y + 8, 186, 26, lw=0.5, fill=(0.95, 0.93, 0.98))
    p.lines(16, y + 15, ["Nothing to pay — this is not a request for payment.",
                         "£45.84 will be debited from your account " + iban_print(payer)[:9] + " **** **** **19",
                         "by Direct Debit on or after 16 April 2026. Originator ID 447180.",
                         "Please do not make a separate transfer."], 10, 5.5)
    p.t(12, 284, "Thames Broadband Ltd · 40 Forbury Road, Reading RG1 3EJ · VAT GB 318 4471 20 · Registered in England 09123456", 7)
    c.save()
    return truth(False, payee="Thames Broadband Ltd")


def doc_np_gutschrift(path):
    iban = iban_make("AT", "20111" + "82736455102")
    payer = iban_make("AT", "12000" + "10023344556")
    c = new_canvas(path, "Gutschrift G-2026-0031", "Tiroler Sportwelt GmbH")
    p = Page(c, "Serif", "Serif-B")
    p.b(12, 18, "Tiroler Sportwelt GmbH", 14)
    p.t(12, 24, "Museumstraße 22 · 6020 Innsbruck · UID ATU69988776 · FN 388123 f", 8)
    p.lines(12, 38, ["Herrn", "Lukas Pichler", "Schmiedgasse 3", "6060 Hall in Tirol"], 10)
    p.b(12, 70, "GUTSCHRIFT Nr. G-2026-0031", 13)
    p.lines(12, 77, ["zu Rechnung Nr. 2026-11845 vom 02.03.2026", "Datum: 18.03.2026"], 9, 5)
    rows = [["Artikel", "Menge", "Betrag"], ["Skitourenschuh Alpin Pro (Retoure)", "1", "-329,00"], ["Versandkostenerstattung", "1", "-6,90"]]
    y = p.table(12, 92, [110, 26, 50], rows, 9.5, 7, style="lines", aligns=["l", "c", "r"])
    p.lines(110, y + 8, ["Nettobetrag: -279,92 €", "USt 20 %: -55,98 €", "Gutschriftsbetrag: -335,90 €"], 9.5, 6)
    p.lines(12, y + 30, ["Der Gutschriftsbetrag von 335,90 € wird innerhalb von 5 Werktagen auf Ihr Konto",
                         "IBAN " + iban_print(payer) + " überwiesen. Sie müssen nichts bezahlen.",
                         "", "Unsere Bankverbindung: Erste Bank · IBAN " + iban_print(iban) + " · BIC GIBAATWWXXX"], 9.5, 5.5)
    c.save()
    return truth(False, payee="Tiroler Sportwelt GmbH")


def doc_np_bezahlt(path):
    iban = iban_make("DE", "10010010" + "0987654321")
    c = new_canvas(path, "Rechnung 7781203", "Spreewald Elektronik GmbH")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 18, "Spreewald Elektronik GmbH", 14)
    p.t(12, 24, "Lübbener Str. 5 · 03046 Cottbus · USt-IdNr. DE311222333 · HRB 12345 CB", 8)
    p.lines(12, 38, ["Frau Anja Schulz", "Kastanienallee 40", "10435 Berlin"], 10)
    p.lines(130, 38, ["Rechnung Nr. 7781203", "Bestellnr. 55-119920", "Rechnungsdatum: 21.04.2026"], 9, 5)
    rows = [["Artikel", "Menge", "Preis"], ["USB-C Dockingstation 11-in-1", "1", "89,99 €"], ["HDMI-Kabel 2 m", "2", "19,98 €"],
            ["Versand", "1", "4,90 €"]]
    y = p.table(12, 62, [110, 26, 50], rows, 9.5, 7, style="zebra", aligns=["l", "c", "r"])
    p.lines(110, y + 8, ["Gesamtbetrag: 114,87 €", "enthaltene MwSt. 19 %: 18,34 €"], 9.5, 6)
    p.rect(12, y + 22, 80, 14, lw=1.2, stroke=True)
    p.b(16, y + 31, "BEZAHLT – vielen Dank!", 12, color=(0.1, 0.5, 0.1))
    p.lines(12, y + 46, ["Der Rechnungsbetrag wurde am 21.04.2026 per PayPal beglichen.",
                         "Bitte überweisen Sie den Betrag nicht erneut.",
                         "Bankverbindung (nur für Rückfragen): Postbank · IBAN " + iban_print(iban)], 9, 5.5)
    c.save()
    return truth(False, payee="Spreewald Elektronik GmbH")


# ---- E-invoice (Factur-X / ZUGFeRD) ---------------------------------------------------------


def facturx_xml(inv_no, issue, due, seller, seller_addr, seller_vat, buyer, buyer_addr, lines, vat_rate, prepaid,
                iban, bic, ref, currency="EUR"):
    net = sum(q(qty * pr) for _, qty, pr in lines)
    vat = q(net * vat_rate / 100)
    gross = net + vat
    due_amt = gross - prepaid
    li = []
    for i, (name, qty, pr) in enumerate(lines, 1):
        li.append(f"""    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>{i}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>{name}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>{pr}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">{qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>{vat_rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>{q(qty * pr)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>""")

    def addr(a):
        return (f"<ram:PostalTradeAddress><ram:PostcodeCode>{a[1]}</ram:PostcodeCode><ram:LineOne>{a[0]}</ram:LineOne>"
                f"<ram:CityName>{a[2]}</ram:CityName><ram:CountryID>{a[3]}</ram:CountryID></ram:PostalTradeAddress>")

    xml = f"""<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>{inv_no}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">{issue}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
{chr(10).join(li)}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>{seller}</ram:Name>
        {addr(seller_addr)}
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">{seller_vat}</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>{buyer}</ram:Name>
        {addr(buyer_addr)}
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>
      <ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">{issue}</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>
    </ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:PaymentReference>{ref}</ram:PaymentReference>
      <ram:InvoiceCurrencyCode>{currency}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:Information>SEPA credit transfer</ram:Information>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>{iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
        <ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>{bic}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>
      </ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>{vat}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>{net}</ram:BasisAmount>
        <ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>{vat_rate}</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Zahlbar bis {due[6:8]}.{due[4:6]}.{due[:4]} ohne Abzug</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">{due}</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>{net}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>{net}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="{currency}">{vat}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>{gross}</ram:GrandTotalAmount>
        <ram:TotalPrepaidAmount>{q(prepaid)}</ram:TotalPrepaidAmount>
        <ram:DuePayableAmount>{due_amt}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
"""
    return xml, net, vat, gross, due_amt


def doc_einvoice(path):
    """Visible invoice + embedded factur-x.xml (EN 16931 CII). Prepayment makes 'due' differ from 'total'."""
    iban = iban_make("DE", "43060967" + "4077812300")
    bic = "GENODEM1GLS"
    ref = rf_make("FX20260519")
    lines = [("Solarmodul 410 Wp Glas-Glas", D("12"), D("139.00")), ("Wechselrichter 5 kW hybrid", D("1"), D("1180.00")),
             ("Montagematerial Schrägdach", D("1"), D("386.50"))]
    xml, net, vat, gross, due_amt = facturx_xml(
        "FX-2026-0519", "20260519", "20260602", "Sonnenhof Solartechnik GmbH", ("Am Sonnenhang 8", "34117", "Kassel", "DE"),
        "DE277654321", "Bauer Landtechnik e.K.", ("Dorfstraße 11", "37073", "Göttingen", "DE"), lines, D("19"), D("500.00"),
        iban, bic, ref)
    tmp = path + ".tmp.pdf"
    c = new_canvas(tmp, "Rechnung FX-2026-0519", "Sonnenhof Solartechnik GmbH")
    p = Page(c, "Sans", "Sans-B")
    p.b(12, 18, "Sonnenhof Solartechnik GmbH", 14, color=(0.8, 0.5, 0.0))
    p.t(12, 24, "Am Sonnenhang 8 · 34117 Kassel · USt-IdNr. DE277654321", 8)
    p.lines(12, 38, ["Bauer Landtechnik e.K.", "Dorfstraße 11", "37073 Göttingen"], 10)
    p.lines(130, 38, ["Rechnung FX-2026-0519", "Datum: 19.05.2026", "Fällig: 02.06.2026"], 9.5, 5.5)
    p.t(130, 56, "E-Rechnung (ZUGFeRD/Factur-X EN 16931)", 7.5)
    rows = [["Pos", "Artikel", "Menge", "Preis €", "Summe €"]] + \
           [[str(i + 1), n, str(a), fmt(pr), fmt(q(a * pr))] for i, (n, a, pr) in enumerate(lines)]
    y = p.table(12, 66, [12, 90, 18, 30, 36], rows, 9.5, 7, style="lines", aligns=["c", "l", "r", "r", "r"])
    y = p.table(102, y + 4, [56, 40], [["Summe netto", fmt(net)], ["USt 19 %", fmt(vat)], ["Rechnungsbetrag", fmt(gross)],
                                       ["abzgl. Anzahlung vom 02.05.2026", "-" + fmt(D("500.00"))],
                                       ["Zahlbetrag", fmt(due_amt) + " €"]], 9.5, 7, header=False, style="none")
    p.lines(12, y + 10, ["Bitte zahlen Sie den Zahlbetrag bis 02.06.2026 auf folgendes Konto:",
                         "GLS Gemeinschaftsbank · IBAN " + iban_print(iban) + " · BIC " + bic,
                         "Verwendungszweck: " + rf_print(ref)], 9.5, 5.5)
    c.save()
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, ByteStringObject, NameObject, TextStringObject
    w = PdfWriter(clone_from=PdfReader(tmp))
    ef = w.add_attachment("factur-x.xml", xml.encode("utf-8"))
    try:  # PDF/A-3 style associated file, where this pypdf version supports it
        ef.subtype = NameObject("/text#2Fxml")
        ef.associated_file_relationship = NameObject("/Alternative")
        w._root_object[NameObject("/AF")] = ArrayObject([ef.pdf_object.indirect_reference])
    except Exception:
        pass
    w.add_metadata({"/Title": "Rechnung FX-2026-0519", "/Producer": "pp samples/generate.py + pypdf"})
    fixed_id = ByteStringObject(b"ppsamples-facturx")
    w._ID = ArrayObject([fixed_id, fixed_id])
    with open(path, "wb") as fh:
        w.write(fh)
    os.remove(tmp)
    with open(os.path.join(os.path.dirname(path), "einvoice-facturx.factur-x.xml"), "w", encoding="utf-8") as fh:
        fh.write(xml)
    return truth(True, iban, due_amt, "EUR", ref, None, bic, "Sonnenhof Solartechnik GmbH", "2026-06-02", None)


# ----------------------------------------------------------------------------------------------
# Special files: damaged, garbage, encrypted
# ----------------------------------------------------------------------------------------------


def corrupt_xref(src, dst):
    """Scramble every xref offset and the startxref value; poppler rebuilds the table by scanning."""
    data = open(src, "rb").read()
    i = data.rfind(b"\nxref")
    head, tail = data[:i], data[i:]
    tail = re.sub(rb"(\d{10}) (\d{5}) n", lambda m: b"%010d %s n" % ((int(m.group(1)) * 7 + 13) % 99991, m.group(2)), tail)
    tail = re.sub(rb"startxref\s+\d+", b"startxref\n123", tail)
    open(dst, "wb").write(head + tail)


def truncate_pdf(src, dst):
    """An interrupted incremental save: a second revision was being appended (a new page content stream)
    when the write stopped. The file ends mid-stream: no endstream, no xref, no trailer, no %%EOF at the end,
    so a reader must rebuild the cross-reference table by scanning (poppler does)."""
    data = open(src, "rb").read()
    nobj = max(int(m) for m in re.findall(rb"\n(\d+) 0 obj", data)) + 1
    rng = random.Random(99)
    ops = b"".join(b"BT /F1 9 Tf %d %d Td (Nachtrag Zeile %d) Tj ET\n" % (rng.randint(40, 500), rng.randint(40, 800), i)
                   for i in range(120))
    tail = b"\n%d 0 obj\n<< /Length %d >>\nstream\n" % (nobj, len(ops) * 2) + ops
    open(dst, "wb").write(data + tail)


def garbage(src, dst, seed=1234):
    """Unreadable: the bytes of a real invoice, XOR-scrambled (no %PDF header, no structure left)."""
    data = bytearray(open(src, "rb").read())
    rng = random.Random(seed)
    key = bytes(rng.randrange(256) for _ in range(4096))
    for i in range(len(data)):
        data[i] ^= key[i % len(key)] | 1
    open(dst, "wb").write(bytes(data))


def encrypted(fn, dst, user, owner):
    enc = pdfencrypt.StandardEncryption(user, ownerPassword=owner, canPrint=1, canModify=0, canCopy=0, canAnnotate=0,
                                        strength=128)
    return fn(dst, encrypt=enc)


# ----------------------------------------------------------------------------------------------
# Photos / scans
# ----------------------------------------------------------------------------------------------


def _perspective_coeffs(src, dst):
    import numpy as np
    A, B = [], []
    for (x, y), (u, v) in zip(dst, src):
        A.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        A.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        B += [u, v]
    return np.linalg.solve(np.array(A, dtype=float), np.array(B, dtype=float)).tolist()


def render_page(pdf, page, dpi):
    from PIL import Image
    with tempfile.TemporaryDirectory() as td:
        out = os.path.join(td, "p")
        subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", "-singlefile", pdf, out], check=True)
        return Image.open(out + ".png").convert("RGB")


def photo_effect(img, seed, angle, kind="photo"):
    """kind 'photo': desk background, perspective, tilt, lighting gradient, blur, noise (colour).
    kind 'scan': grayscale, small tilt, mild noise, flat light."""
    import numpy as np
    from PIL import Image, ImageFilter
    rng = np.random.default_rng(seed)
    w, h = img.size
    if kind == "photo":
        m = int(w * 0.06)
        desk = Image.new("RGB", (w + 2 * m, h + 2 * m), (92, 84, 76))
        tint = Image.new("RGB", img.size, (248, 244, 236))
        from PIL import ImageChops
        desk.paste(ImageChops.multiply(img, tint), (m, m))
        W2, H2 = desk.size
        j = lambda s: float(rng.uniform(-s, s))
        src = [(0, 0), (W2, 0), (W2, H2), (0, H2)]
        dst = [(j(w * 0.012), j(h * 0.01)), (W2 + j(w * 0.012), j(h * 0.01)), (W2 + j(w * 0.01), H2 + j(h * 0.008)),
               (j(w * 0.01), H2 + j(h * 0.008))]
        img = desk.transform(desk.size, Image.PERSPECTIVE, _perspective_coeffs(src, dst), Image.BICUBIC, fillcolor=(92, 84, 76))
        img = img.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=(80, 74, 68))
        img = img.filter(ImageFilter.GaussianBlur(0.7))
        a = np.asarray(img).astype(np.float32)
        H3, W3 = a.shape[:2]
        yy, xx = np.mgrid[0:H3, 0:W3].astype(np.float32)
        gx, gy = rng.uniform(-0.18, 0.18), rng.uniform(-0.15, 0.15)
        light = 0.97 + gx * (xx / W3 - 0.5) + gy * (yy / H3 - 0.5)
        vign = 1 - 0.12 * (((xx / W3 - 0.5) ** 2 + (yy / H3 - 0.5) ** 2) * 2)
        a = a * (light * vign)[..., None] * np.array([1.0, 0.985, 0.95], dtype=np.float32)
        a += rng.normal(0, 3.0, (H3, W3, 1)).astype(np.float32)
        return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    img = img.convert("L").rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=255)
    img = img.filter(ImageFilter.GaussianBlur(0.5))
    a = np.asarray(img).astype(np.float32)
    a = a * 0.93 + 10  # scanner grey paper
    a += rng.normal(0, 2.0, a.shape).astype(np.float32)
    a = np.clip(a, 0, 255)
    a = (a // 8) * 8  # posterise a little, like a scanner's limited levels (keeps PNG small)
    return Image.fromarray(a.astype(np.uint8))


# ----------------------------------------------------------------------------------------------
# Main
# ----------------------------------------------------------------------------------------------

DOCS = [
    ("pdf/rs-struja-latin.pdf", doc_rs_struja_latin),
    ("pdf/rs-vodovod-cyr.pdf", doc_rs_vodovod_cyr),
    ("pdf/rs-telekom-latin-2p.pdf", doc_rs_telekom_latin),
    ("pdf/rs-infostan-cyr.pdf", doc_rs_infostan_cyr),
    ("pdf/rs-faktura-latin.pdf", doc_rs_faktura_latin),
    ("pdf/rs-grejanje-cyr-2p.pdf", doc_rs_grejanje_cyr),
    ("pdf/rs-internet-latin.pdf", doc_rs_internet_latin),
    ("pdf/rs-osiguranje-cyr.pdf", doc_rs_osiguranje_cyr),
    ("pdf/at-strom-zahlungsanweisung.pdf", doc_at_strom_za),
    ("pdf/at-installateur-skonto.pdf", doc_at_installateur),
    ("pdf/at-versicherung-2p.pdf", doc_at_versicherung),
    ("pdf/at-telekom-zahlungsanweisung.pdf", doc_at_telekom_za),
    ("pdf/at-hausverwaltung.pdf", doc_at_hausverwaltung),
    ("pdf/at-webshop.pdf", doc_at_webshop_rf),
    ("pdf/de-hosting-rechnung.pdf", doc_de_rechnung),
    ("pdf/en-nl-saas.pdf", doc_en_nl_saas),
    ("pdf/en-ie-consulting-3p.pdf", doc_en_ie_consulting),
    ("pdf/en-gb-supplies.pdf", doc_en_gb_supplies),
    ("pdf/en-fr-hotel.pdf", doc_en_fr_hotel),
    ("pdf/en-be-logistics.pdf", doc_en_be_logistics),
    ("pdf/en-ch-precision.pdf", doc_en_ch_swiss),
    ("pdf/nopay-direct-debit-en.pdf", doc_np_direct_debit),
    ("pdf/nopay-gutschrift-at.pdf", doc_np_gutschrift),
    ("pdf/nopay-bezahlt-de.pdf", doc_np_bezahlt),
]

# (source pdf, output, pages, kind, angle, seed, format, dpi, store_dpi)
PHOTOS = [
    ("pdf/rs-struja-latin.pdf", "photos/rs-struja-latin.jpg", [1], "photo", -1.8, 31, "jpg", 180, True),
    ("pdf/rs-vodovod-cyr.pdf", "photos/rs-vodovod-cyr.jpg", [1], "photo", -1.6, 12, "jpg", 180, True),
    ("pdf/rs-infostan-cyr.pdf", "photos/rs-infostan-cyr.png", [1], "scan", 1.2, 13, "png", 150, True),
    ("pdf/rs-faktura-latin.pdf", "photos/rs-faktura-latin-nodpi.jpg", [1], "photo", -3.2, 14, "jpg", 170, False),
    ("pdf/rs-internet-latin.pdf", "photos/rs-internet-latin.jpg", [1], "photo", 3.6, 15, "jpg", 200, True),
    ("pdf/at-strom-zahlungsanweisung.pdf", "photos/at-strom-zahlungsanweisung.jpg", [1], "photo", -1.5, 26, "jpg", 180, True),
    ("pdf/at-installateur-skonto.pdf", "photos/at-installateur-skonto.jpg", [1], "photo", 1.1, 17, "jpg", 160, True),
    ("pdf/de-hosting-rechnung.pdf", "photos/de-hosting-rechnung.png", [1], "scan", -1.0, 18, "png", 150, True),
    ("pdf/en-nl-saas.pdf", "photos/en-nl-saas.jpg", [1], "photo", -1.3, 19, "jpg", 170, True),
    ("pdf/en-gb-supplies.pdf", "photos/en-gb-supplies.jpg", [1], "photo", 2.7, 20, "jpg", 180, True),
    ("pdf/rs-telekom-latin-2p.pdf", "photos/rs-telekom-latin-2p.tiff", [1, 2], "scan", 0.8, 21, "tiff", 150, True),
]


def write_photo(src_pdf, out, pages, kind, angle, seed, fmt_, dpi, store_dpi):
    imgs = [photo_effect(render_page(src_pdf, pg, dpi), seed + pg, angle * (1 if pg % 2 else -0.7), kind) for pg in pages]
    if fmt_ == "jpg":
        kw = dict(quality=76, optimize=True)
        if store_dpi:
            kw["dpi"] = (dpi, dpi)
        imgs[0].save(out, "JPEG", **kw)
    elif fmt_ == "png":
        imgs[0].save(out, "PNG", optimize=True, dpi=(dpi, dpi))
    else:
        imgs[0].save(out, "TIFF", save_all=True, append_images=imgs[1:], compression="tiff_adobe_deflate", dpi=(dpi, dpi))


def selfcheck(records):
    """Validate every truth value and (with pdftotext) find it printed in the document."""
    errors = []
    have_pdftotext = shutil.which("pdftotext") is not None
    for r in records:
        src = r["source"]
        if r["payment_expected"]:
            acc = r["account"]
            ok = rs_account_valid(acc) if acc.isdigit() else iban_valid(acc)
            if not ok:
                errors.append("%s: invalid account %s" % (src, acc))
            ref = r["reference"]
            if ref.startswith("RF") and not rf_valid(ref):
                errors.append("%s: invalid RF %s" % (src, ref))
            if r["reference_model"] == "97" and not model97_valid(ref):
                errors.append("%s: invalid model-97 reference %s" % (src, ref))
        if not (have_pdftotext and src.endswith(".pdf")) or "garbage" in src:
            continue
        args = ["pdftotext", "-q", "-layout"]
        if "user-secret" in src:
            args += ["-upw", "secret"]
        text = subprocess.run(args + [os.path.join(REPO, src), "-"], capture_output=True, text=True).stdout
        text = text.replace("\u00a0", " ").replace("\u202f", " ")
        flat = re.sub(r"[\s-]", "", text)
        if not text.strip():
            errors.append("%s: no text extracted" % src)
            continue
        if r["payment_expected"]:
            acc = r["account"]
            found = acc in flat
            if not found and acc.isdigit():
                found = any(rs_normalise(m) == acc for m in re.findall(r"\b\d{3}-\d{1,13}-\d{2}\b", text))
            if not found:
                errors.append("%s: account %s not printed" % (src, acc))
            a = D(r["amount"])
            forms = [fmt(a, s) for s in ("de", "en", "fr", "ch", "plain")]
            if not any(f.replace("\u00a0", " ") in text for f in forms):
                errors.append("%s: amount %s not printed" % (src, r["amount"]))
            if re.sub(r"[\s]", "", r["reference"]) not in re.sub(r"\s", "", text):
                errors.append("%s: reference %s not printed" % (src, r["reference"]))
        for key in ("bic", "payee", "payment_code"):
            if r.get(key) and r[key] not in text:
                errors.append("%s: %s %s not printed" % (src, key, r[key]))
        if r.get("due_date"):
            y, m, d = r["due_date"].split("-")
            months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                      "October", "November", "December"]
            forms = ["%s.%s.%s" % (d, m, y), "%s/%s/%s" % (d, m, y), "%02d %s %s" % (int(d), months[int(m) - 1], y),
                     "%d %s %s" % (int(d), months[int(m) - 1], y)]
            if not any(f in text for f in forms):
                errors.append("%s: due date %s not printed" % (src, r["due_date"]))
    return errors


def main():
    os.chdir(REPO)
    _selftest_checksums()
    register_fonts()
    codes.init(sys.modules[__name__])
    for d in ("pdf", "photos", "special"):
        os.makedirs(os.path.join(HERE, d), exist_ok=True)
    records = []
    by_src = {}

    def add(src, t):
        rec = dict(t)
        rec["source"] = "samples/" + src
        records.append(rec)
        by_src[src] = rec

    for rel, fn in DOCS + codes.DOCS:
        add(rel, fn(os.path.join(HERE, rel)))

    # special files
    sp = lambda n: os.path.join(HERE, "special", n)
    with tempfile.TemporaryDirectory() as td:
        tmp = os.path.join(td, "x.pdf")
        t = doc_at_installateur(tmp)
        corrupt_xref(tmp, sp("damaged-xref.pdf"))
        add("special/damaged-xref.pdf", t)
        t = doc_en_nl_saas(tmp)
        truncate_pdf(tmp, sp("damaged-truncated.pdf"))
        add("special/damaged-truncated.pdf", t)
        t = doc_en_be_logistics(tmp)
        garbage(tmp, sp("garbage.pdf"))
        add("special/garbage.pdf", t)
    add("special/encrypted-user-secret.pdf", encrypted(_wrap(doc_rs_vodovod_cyr), sp("encrypted-user-secret.pdf"), "secret", "pp-owner"))
    add("special/encrypted-owner-only.pdf", encrypted(_wrap(doc_en_fr_hotel), sp("encrypted-owner-only.pdf"), "", "pp-owner-2026"))
    add("special/einvoice-facturx.pdf", doc_einvoice(sp("einvoice-facturx.pdf")))

    # photos
    if shutil.which("pdftoppm"):
        for src, out, pages, kind, angle, seed, f, dpi, store in PHOTOS:
            write_photo(os.path.join(HERE, src), os.path.join(HERE, out), pages, kind, angle, seed, f, dpi, store)
            add(out, {k: v for k, v in by_src[src].items() if k != "source"})
        codes.write_photos(add, by_src)
    else:
        print("warning: pdftoppm not found; photos not regenerated", file=sys.stderr)

    records.sort(key=lambda r: r["source"])
    with open(os.path.join(HERE, "truth.jsonl"), "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
    errors = selfcheck(records) + codes.check_codes(records)
    for e in errors:
        print("SELF-CHECK:", e, file=sys.stderr)
    print("wrote %d truth records; self-check %s" % (len(records), "FAILED" if errors else "ok"))
    return 1 if errors else 0


def _wrap(fn):
    """Call a document function with an encrypting canvas: new_canvas picks up the encrypt argument."""
    def run(path, encrypt):
        global new_canvas
        orig = new_canvas

        def enc_canvas(p, title, author, encrypt_=None):
            return orig(p, title, author, encrypt=encrypt)
        new_canvas = enc_canvas
        try:
            return fn(path)
        finally:
            new_canvas = orig
    return run


if __name__ == "__main__":
    sys.exit(main())
