"""Drawing on a reportlab canvas in millimetres from the top-left corner (y = text baseline)."""
import reportlab.rl_config

reportlab.rl_config.invariant = 1  # before any other reportlab import: fixed IDs and dates

import os

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT_DIR = os.environ.get("PP_SYNTH_FONTS", "/usr/share/fonts/truetype/dejavu")
FONTS = {"Sans": "DejaVuSans.ttf", "Sans-B": "DejaVuSans-Bold.ttf", "Serif": "DejaVuSerif.ttf",
         "Serif-B": "DejaVuSerif-Bold.ttf", "Cond": "DejaVuSansCondensed.ttf", "Cond-B": "DejaVuSansCondensed-Bold.ttf",
         "Mono": "DejaVuSansMono.ttf", "Mono-B": "DejaVuSansMono-Bold.ttf"}
FAMILIES = {"sans": ("Sans", "Sans-B"), "serif": ("Serif", "Serif-B"), "cond": ("Cond", "Cond-B"), "mono": ("Mono", "Mono-B")}
A4 = (210, 297)
_registered = False


def register_fonts():
    global _registered
    if not _registered:
        for name, fn in FONTS.items():
            pdfmetrics.registerFont(TTFont(name, os.path.join(FONT_DIR, fn)))
        _registered = True


class Page:
    """A drawing surface w x h mm. rotated=True draws a landscape page turned 90 degrees onto a
    portrait sheet, so the text layer itself is rotated."""

    def __init__(self, c, w=210, h=297, face="sans", accent=(0.15, 0.3, 0.55)):
        self.c, self.w, self.h = c, w, h
        self.font, self.bold = FAMILIES[face]
        self.accent = accent

    def t(self, x, y, s, size=9, font=None, align="l", color=(0, 0, 0), bold=False):
        c = self.c
        c.setFillColorRGB(*color)
        c.setFont(font or (self.bold if bold else self.font), size)
        X, Y = x * mm, (self.h - y) * mm
        if align == "r":
            c.drawRightString(X, Y, s)
        elif align == "c":
            c.drawCentredString(X, Y, s)
        else:
            c.drawString(X, Y, s)
        c.setFillColorRGB(0, 0, 0)

    def b(self, x, y, s, size=9, align="l", color=(0, 0, 0)):
        self.t(x, y, s, size, self.bold, align, color)

    def width(self, s, size=9, bold=False):
        return pdfmetrics.stringWidth(s, self.bold if bold else self.font, size) / mm

    def lines(self, x, y, rows, size=9, lead=None, bold=False, align="l"):
        lead = lead or size * 0.45
        for i, r in enumerate(rows):
            self.t(x, y + i * lead, r, size, None, align, bold=bold)
        return y + len(rows) * lead

    def rect(self, x, y, w, h, lw=0.5, fill=None, stroke=True, dash=None, gray=0):
        c = self.c
        c.setLineWidth(lw)
        c.setStrokeColorRGB(gray, gray, gray)
        if dash:
            c.setDash(*dash)
        if fill is not None:
            c.setFillColorRGB(*fill)
        c.rect(x * mm, (self.h - y - h) * mm, w * mm, h * mm, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)
        c.setFillColorRGB(0, 0, 0)
        c.setStrokeColorRGB(0, 0, 0)
        c.setDash()

    def hline(self, x0, x1, y, lw=0.4, dash=None, gray=0):
        c = self.c
        c.setLineWidth(lw)
        c.setStrokeColorRGB(gray, gray, gray)
        if dash:
            c.setDash(*dash)
        c.line(x0 * mm, (self.h - y) * mm, x1 * mm, (self.h - y) * mm)
        c.setDash()
        c.setStrokeColorRGB(0, 0, 0)

    def vline(self, x, y0, y1, lw=0.4, gray=0):
        self.c.setLineWidth(lw)
        self.c.setStrokeColorRGB(gray, gray, gray)
        self.c.line(x * mm, (self.h - y0) * mm, x * mm, (self.h - y1) * mm)
        self.c.setStrokeColorRGB(0, 0, 0)

    def table(self, x, y, cols, rows, size=8, rowh=5.2, aligns=None, style="lines", header=True):
        """cols: widths in mm, rows: lists of strings (first row the header). Returns y below the table."""
        aligns = aligns or ["l"] + ["r"] * (len(cols) - 1)
        total = sum(cols)
        for ri, row in enumerate(rows):
            top = y + ri * rowh
            head = header and ri == 0
            if head and style != "plain":
                self.rect(x, top, total, rowh, lw=0, fill=(0.86, 0.88, 0.92) if style != "dark" else self.accent, stroke=False)
            if style == "grid":
                self.rect(x, top, total, rowh, lw=0.3)
                cx = x
                for w in cols[:-1]:
                    cx += w
                    self.vline(cx, top, top + rowh, 0.3)
            elif style in ("lines", "dark"):
                self.hline(x, x + total, top + rowh, 0.25, gray=0.55)
            elif style == "plain" and head:
                self.hline(x, x + total, top + rowh, 0.5)
            cx = x
            for ci, cell in enumerate(row):
                a = aligns[ci]
                tx = cx + 1.2 if a == "l" else (cx + cols[ci] - 1.2 if a == "r" else cx + cols[ci] / 2)
                color = (1, 1, 1) if head and style == "dark" else (0, 0, 0)
                self.t(tx, top + rowh * 0.7, cell, size, None, a, color, bold=head)
                cx += cols[ci]
        return y + rowh * len(rows)

    def logo(self, x, y, text, size=14, shape="circle"):
        c = self.c
        c.setFillColorRGB(*self.accent)
        if shape == "circle":
            c.circle((x + 4.5) * mm, (self.h - y - 4.5) * mm, 4.5 * mm, stroke=0, fill=1)
        elif shape == "bar":
            c.rect(x * mm, (self.h - y - 9) * mm, 2.5 * mm, 9 * mm, stroke=0, fill=1)
        else:
            c.rect(x * mm, (self.h - y - 9) * mm, 9 * mm, 9 * mm, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        self.t(x + 12, y + 7, text, size, self.bold, color=self.accent)

    def stamp(self, x, y, text, size=22, color=(0.75, 0.1, 0.1), angle=18):
        c = self.c
        c.saveState()
        c.translate(x * mm, (self.h - y) * mm)
        c.rotate(angle)
        c.setStrokeColorRGB(*color)
        c.setLineWidth(1.6)
        w = pdfmetrics.stringWidth(text, self.bold, size)
        c.rect(-4, -5, w + 8, size + 6, stroke=1, fill=0)
        c.setFillColorRGB(*color)
        c.setFont(self.bold, size)
        c.drawString(0, 0, text)
        c.restoreState()


class Doc:
    """A PDF of one or more pages; new_page() returns a Page to draw on."""

    def __init__(self, path, title, author, size=A4):
        register_fonts()
        self.size = size
        self.c = canvas.Canvas(path, pagesize=(size[0] * mm, size[1] * mm), invariant=1)
        self.c.setTitle(title)
        self.c.setAuthor(author)
        self.c.setCreator("pp Tests/Synth")
        self.started = False

    def new_page(self, face="sans", accent=(0.15, 0.3, 0.55), rotated=False):
        if self.started:
            self.c.showPage()
        self.started = True
        w, h = self.size
        if rotated:
            self.c.translate(w * mm, 0)
            self.c.rotate(90)
            return Page(self.c, h, w, face, accent)
        return Page(self.c, w, h, face, accent)

    def save(self):
        self.c.showPage()
        self.c.save()
