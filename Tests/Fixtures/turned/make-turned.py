#!/usr/bin/env python3
"""Writes the turned-text fixtures of the IngestTests (reportlab, invariant mode: same bytes each run).

    python3 Tests/Fixtures/turned/make-turned.py

turned-landscape.pdf: an A4 portrait page whose content is a landscape page turned by a cm
transform (text runs up the page, as a landscape invoice printed on portrait paper).
margin-note.pdf: an upright page with a note written up its left margin.
"""
import os
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = A4


def turned_landscape(path):
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.translate(W, 0)
    c.rotate(90)  # the landscape page: H wide, W high, y up
    c.setFont("Helvetica", 10)
    c.drawString(72, W - 72, "Invoice 2026-0042")
    c.drawString(72, W - 100, "IBAN DE89 3704 0044 0532 0130 00")
    c.drawString(400, W - 100, "Amount due 1,234.56 EUR")
    c.drawString(72, W - 128, "Reference RF18 5390 0754 7034")
    c.showPage()
    c.save()


def margin_note(path):
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.setFont("Helvetica", 10)
    c.drawString(72, H - 72, "Invoice 2026-0042")
    c.drawString(72, H - 100, "IBAN DE89 3704 0044 0532 0130 00")
    c.saveState()
    c.translate(30, 300)
    c.rotate(90)
    c.setFont("Helvetica", 7)
    c.drawString(0, 0, "Printed by Example Print Works")
    c.restoreState()
    c.showPage()
    c.save()


turned_landscape(os.path.join(HERE, "turned-landscape.pdf"))
margin_note(os.path.join(HERE, "margin-note.pdf"))
