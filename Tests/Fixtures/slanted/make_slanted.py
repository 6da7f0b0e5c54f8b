#!/usr/bin/env python3
"""Writes the slanted-stamp fixtures of Tests/GoldenTests/SlantedStampPipelineTests (reportlab, invariant
mode: the same bytes each run). Each is an invoice that still prints its amount due, IBAN and reference,
with a paid stamp turned over its totals, as a shop's software or a rubber stamp leaves it; `unstamped.pdf`
is the same invoice without one. Names and numbers are made up.

    python3 Tests/Fixtures/slanted/make_slanted.py   (needs reportlab and the DejaVu fonts)
"""
import os

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.environ.get("PP_SYNTH_FONTS", "/usr/share/fonts/truetype/dejavu")
W, H = A4
# file, stamp text, turn in degrees (counter-clockwise), font size, the invoice's language
STAMPS = [
    ("bezahlt-am.pdf", "BEZAHLT AM 12.02.2026", 18, 22, "de"),
    ("paye.pdf", "PAYÉ!", -24, 34, "fr"),
    ("faktura-betalt.pdf", "FAKTURA BETALT!", 18, 24, "da"),
    ("zaplacono.pdf", "ZAPŁACONO", 25, 30, "pl"),
    ("paid.pdf", "PAID", -16, 34, "en"),
    ("placeno.pdf", "PLAĆENO", 12, 30, "hr"),
]
# title, item lines, net, VAT, amount due, reference: the invoice's words in its language
WORDS = {
    "de": ("Rechnung Nr. 2026-0412", "Beratung", "Wartung", "Summe netto", "USt. 20 %", "Zu zahlen", "Zahlungsreferenz"),
    "fr": ("Facture n° 2026-0412", "Conseil", "Maintenance", "Total HT", "TVA 20 %", "Net à payer", "Référence de paiement"),
    "da": ("Faktura nr. 2026-0412", "Rådgivning", "Vedligeholdelse", "Subtotal", "Moms 20 %", "At betale", "Betalingsreference"),
    "pl": ("Faktura nr 2026-0412", "Doradztwo", "Serwis", "Razem netto", "VAT 20 %", "Do zapłaty", "Tytułem"),
    "en": ("Invoice No. 2026-0412", "Consulting", "Maintenance", "Subtotal", "VAT 20 %", "Amount due", "Payment reference"),
    "hr": ("Račun br. 2026-0412", "Savjetovanje", "Održavanje", "Osnovica", "PDV 20 %", "Za platiti", "Poziv na broj"),
}


def invoice(path, stamp, lang):
    pdfmetrics.registerFont(TTFont("Sans", os.path.join(FONTS, "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont("SansBold", os.path.join(FONTS, "DejaVuSans-Bold.ttf")))
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.setFont("SansBold", 14)
    c.drawString(56, H - 60, "Polora Telecom GmbH")
    c.setFont("Sans", 9)
    title, item1, item2, net, vat, due, reference = WORDS[lang]
    c.drawString(56, H - 120, title + " · 12.02.2026")
    for i, (label, value) in enumerate([(item1, "4.745,60 EUR"), (item2, "569,65 EUR")]):
        c.drawString(56, H - 180 - 14 * i, label)
        c.drawRightString(540, H - 180 - 14 * i, value)
    top = H - 240
    for i, (label, value) in enumerate([(net, "5.315,25 EUR"), (vat, "1.063,05 EUR"), (due, "6.378,30 EUR")]):
        c.drawString(360, top - 14 * i, label)
        c.drawRightString(540, top - 14 * i, value)
    c.drawString(56, top - 80, "IBAN: AT61 1904 3002 3457 3201")
    c.drawString(56, top - 94, reference + ": RF18 5390 0754 7034")
    if stamp:
        text, angle, size = stamp
        c.saveState()
        c.translate(330, top - 40)
        c.rotate(angle)
        c.setFillColorRGB(0.78, 0.1, 0.1)
        c.setStrokeColorRGB(0.78, 0.1, 0.1)
        c.setLineWidth(1.6)
        w = pdfmetrics.stringWidth(text, "SansBold", size)
        c.rect(-4, -5, w + 8, size + 6, stroke=1, fill=0)
        c.setFont("SansBold", size)
        c.drawCentredString(w / 2, 0, text)
        c.restoreState()
    c.showPage()
    c.save()


def main():
    for name, text, angle, size, lang in STAMPS:
        invoice(os.path.join(HERE, name), (text, angle, size), lang)
        invoice(os.path.join(HERE, "unstamped-" + name), None, lang)


if __name__ == "__main__":
    main()
