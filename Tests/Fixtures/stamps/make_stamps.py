#!/usr/bin/env python3
"""Writes stamp-photo.jpg: a photographed invoice with a red "BEZAHLT" stamp turned 20 degrees over its
totals and a blue letterhead set straight, on a dark desk, for Tests/OCRTests/StampTests; and
stamp-photo-warm.jpg: the same under warm light (the paper's own chroma about 30, as in a phone photo),
its stamp a small purple serif one, turned -21 degrees below the totals. Names and numbers are made up for the test.
And stamp-photo-greek.jpg, for Tests/OCRTests/AutoLanguageTests: a Greek bill of Tests/Synth (the fit family
"paid-stamp" without its card line, the stamp's word, colour, size and turn drawn by the bill's seed) photographed
by Tests/Synth/photo.py; OSD takes it for Cyrillic.

    python3 Tests/Fixtures/stamps/make_stamps.py   (needs Pillow and the DejaVu fonts; the Greek bill also
                                                    Tests/Synth's reportlab, numpy and poppler-utils)
"""
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"
HERE = os.path.dirname(os.path.abspath(__file__))
ROWS = [("Beratung", "1.200,00"), ("Reisekosten", "86,40"), ("Summe netto", "1.286,40"),
        ("USt. 20 %", "257,28"), ("Gesamtbetrag EUR", "1.543,68")]


def photo(name, word, face, size, frame, ink, angle, light, at=(380, 430)):
    """frame: the stamp's width beyond its word, its height, the frame's line width, where the word starts."""
    page = Image.new("RGB", (1240, 1754), (246, 244, 238))
    d = ImageDraw.Draw(page)
    body = ImageFont.truetype(FONTS + "DejaVuSerif.ttf", 30)
    head = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", 46)
    stamp = ImageFont.truetype(FONTS + face, size)
    d.text((110, 100), "Kanzlei Weidinger", fill=(25, 60, 150), font=head)
    d.text((110, 170), "Rechnung Nr. 2026-0412 vom 14.11.2026", fill=(20, 20, 20), font=body)
    y = 420
    for label, value in ROWS:
        d.text((110, y), label, fill=(20, 20, 20), font=body)
        d.text((1120 - d.textlength(value, font=body), y), value, fill=(20, 20, 20), font=body)
        y += 56
    d.text((110, y + 80), "IBAN AT61 1904 3002 3457 3201", fill=(20, 20, 20), font=body)
    # The stamp: red letters in a frame, drawn apart and turned, laid over the totals.
    extra, h, line, start = frame
    w = int(d.textlength(word, font=stamp)) + extra
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    s = ImageDraw.Draw(layer)
    s.rectangle((4, 4, w - 5, h - 5), outline=ink + (255,), width=line)
    s.text(start, word, fill=ink + (255,), font=stamp)
    turned = layer.rotate(angle, resample=Image.BICUBIC, expand=True)
    page.paste(turned, at, turned)
    photo = Image.new("RGB", (1440, 1954), (52, 60, 72))
    photo.paste(page, (100, 100))
    photo = photo.filter(ImageFilter.GaussianBlur(0.8))
    photo = Image.merge("RGB", [band.point(lambda v, f=f: int(v * f)) for band, f in zip(photo.split(), light)])
    photo.save(os.path.join(HERE, name), quality=80, dpi=(150, 150))


def greek_stamped_bill(name, seed=7, index=24):
    """The bill `index` of a run of the stamp variant with `seed` (every lexicon language twice, in the
    generator's own order), photographed."""
    sys.path.insert(0, os.path.join(HERE, "..", "..", "Synth"))
    import blocks as B
    import draw
    import generate as g
    import photo as shots
    from families_b import settled_invoice_page
    from families_i import STAMP_COLORS, paid_phrases

    lex = g.Lexicons(os.path.join(HERE, "..", "..", "..", "Sources", "Extract", "Lexicons"))
    plan = g.language_plan(random.Random(seed), "any", set(lex.languages()), 2 * len(lex.languages()))
    lang, script = plan[index]
    rng = random.Random("%d/x/%d" % (seed, index))
    bill = g.Bill(rng, lex, lang, script)
    bill.doc_index, bill.seed = index, seed
    pdf = os.path.join(HERE, name[:-len(".jpg")] + ".pdf")
    doc = draw.Doc(pdf, "x", bill.issuer)
    p, y = settled_invoice_page(bill, doc)
    text = bill.rng.choice(paid_phrases(bill)[:3]).upper()
    p.stamp(100 + rng.uniform(-10, 20), y + 22 + rng.uniform(0, 10), text, rng.choice([18, 22, 26]),
            rng.choice(STAMP_COLORS), rng.choice([-20, -12, 0, 8, 15, 22]))
    B.footer(p, bill)
    doc.save()
    shot = shots.make_photo(pdf, os.path.join(HERE, name[:-len(".jpg")]), rng.randrange(1 << 30))
    os.remove(pdf)
    return shot


def main():
    photo("stamp-photo.jpg", "BEZAHLT", "DejaVuSans-Bold.ttf", 92, (60, 150, 8, (30, 18)), (200, 30, 35), 20, (1, 1, 1))
    photo("stamp-photo-warm.jpg", "BEZAHLT", "DejaVuSerif.ttf", 44, (30, 70, 3, (15, 8)), (150, 30, 140), -21,
          (1, 0.96, 0.9), (560, 900))
    greek_stamped_bill("stamp-photo-greek.jpg")


if __name__ == "__main__":
    main()
