"""Payment slips printed at the foot of a bill (captions are drawn from the lexicon labels)."""
from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm

GRAY = (0.35, 0.35, 0.35)


def cut_line(p, y):
    p.hline(6, p.w - 6, y, 0.5, dash=(3, 2), gray=0.4)
    p.t(8, y - 1, "✂", 9, font="Sans", color=GRAY)


def boxed(p, x, y, w, caption, value, size=9, h=7, above=True, fill=(1, 1, 1), cap=6.2):
    """A value in a box with its caption above (or below) the box."""
    if above:
        p.t(x, y - 1, caption, cap, color=GRAY)
        p.rect(x, y, w, h, lw=0.5, fill=fill)
        p.t(x + 1.5, y + h - 2.2, value, size)
    else:
        p.rect(x, y, w, h, lw=0.5, fill=fill)
        p.t(x + 1.5, y + h - 2.2, value, size)
        p.t(x, y + h + 2.8, caption, cap, color=GRAY)


def qr(p, x, y, size_mm, data):
    w = QrCodeWidget(data)
    b = w.getBounds()
    d = Drawing(size_mm * mm, size_mm * mm, transform=[size_mm * mm / (b[2] - b[0]), 0, 0, size_mm * mm / (b[3] - b[1]), 0, 0])
    d.add(w)
    renderPDF.draw(d, p.c, x * mm, (p.h - y - size_mm) * mm)


def at_transfer(p, bill, y=192):
    """Austrian transfer-form style: a receipt strip left, captioned boxes right, pale fill."""
    cut_line(p, y)
    L = bill.label
    fill = (1.0, 0.95, 0.88)
    p.rect(6, y + 3, p.w - 12, 96, lw=0, fill=fill, stroke=False)
    p.vline(62, y + 3, y + 99, 0.4, gray=0.5)
    p.lines(9, y + 17, [L("payee"), bill.issuer[:28], L("account"), bill.acc(compact=True)[:24], bill.currency + " " + bill.num(bill.amount_due)], 6.8, 4.2)
    x = 66
    boxed(p, x, y + 12, 128, L("payee", False), bill.issuer)
    boxed(p, x, y + 25, 90, L("account", False), bill.acc())
    boxed(p, x + 94, y + 25, 34, L("bic", False), bill.bic or "")
    boxed(p, x + 70, y + 38, 58, bill.currency + " / " + bill.v["amt"], bill.num(bill.amount_due), 10)
    boxed(p, x, y + 51, 128, L("reference", False), bill.ref())
    boxed(p, x, y + 64, 128, "", "")
    boxed(p, x, y + 77, 90, L("account_payer", False), bill.acc(bill.payer_account))
    boxed(p, x, y + 90, 128, L("payer", False), bill.payer, h=6)


def hub3(p, bill, y=190):
    """Croatian-style slip: payer top left, amount top right, payee block and model/reference below."""
    cut_line(p, y)
    L = bill.label
    p.rect(8, y + 4, p.w - 16, 92, lw=0.8)
    p.b(12, y + 11, "HUB 3", 9, color=p.accent)
    boxed(p, 12, y + 18, 80, L("payer", False), bill.payer)
    p.t(13.5, y + 30, ", ".join(bill.payer_addr), 7.5)
    boxed(p, 110, y + 18, 20, "", bill.currency, h=7)
    boxed(p, 134, y + 18, 60, bill.v["amt"], "=" + bill.num(bill.amount_due), 10)
    boxed(p, 110, y + 34, 84, L("account_payer", False), bill.acc(bill.payer_account, compact=True))
    boxed(p, 110, y + 48, 84, L("account", False), bill.acc(compact=True))
    boxed(p, 110, y + 62, 18, "Model", "HR00" if bill.ref_kind == "plain" else "HR99")
    boxed(p, 132, y + 62, 62, L("reference", False), bill.ref())
    boxed(p, 12, y + 48, 80, L("payee", False), bill.issuer)
    p.t(13.5, y + 60, ", ".join(bill.issuer_addr), 7.5)
    boxed(p, 12, y + 76, 80, bill.v["desc"], "%s %s" % (bill.v["inv"], bill.invoice_no))
    boxed(p, 110, y + 76, 40, L("due_date", False), bill.date(bill.due))


def upn(p, bill, y=192):
    """Slovenian-style slip: narrow receipt part and a pale green form with reference and code."""
    cut_line(p, y)
    L = bill.label
    p.rect(6, y + 3, p.w - 12, 96, lw=0, fill=(0.9, 0.97, 0.92), stroke=False)
    p.vline(66, y + 3, y + 99, 0.6, gray=0.3)
    p.b(10, y + 10, "UPN", 10, color=(0.1, 0.45, 0.25))
    p.lines(10, y + 18, [L("payer"), bill.payer, bill.v["amt"], "***" + bill.num(bill.amount_due), L("account"),
                         bill.acc(compact=True), L("reference"), bill.ref(), L("payee"), bill.issuer[:30]], 6.8, 4.3)
    x = 70
    boxed(p, x, y + 12, 124, L("payer", False), bill.payer + ", " + bill.payer_addr[0])
    boxed(p, x, y + 26, 30, "", bill.currency)
    boxed(p, x + 34, y + 26, 50, bill.v["amt"], "***" + bill.num(bill.amount_due), 10)
    boxed(p, x + 88, y + 26, 36, L("due_date", False), bill.date(bill.due))
    boxed(p, x, y + 40, 20, "", "OTHR")
    boxed(p, x + 24, y + 40, 100, bill.v["desc"], "%s %s" % (bill.v["inv"], bill.invoice_no))
    boxed(p, x, y + 54, 124, L("account", False), bill.acc())
    boxed(p, x, y + 68, 124, L("reference", False), bill.ref())
    boxed(p, x, y + 82, 124, L("payee", False), bill.issuer + ", " + bill.issuer_addr[1])


RS_CAPTIONS = {"purpose": "svrha uplate", "code": "šifra plaćanja", "currency": "valuta", "model": "model",
               "title": "NALOG ZA UPLATU", "sign": "pečat i potpis uplatioca"}


def rs_order(p, bill, y=188, above=True, code="189"):
    """Serbian payment order: captions over (or under) the boxes; three columns on the right."""
    cut_line(p, y)
    bill.payment_code = code
    L, tx = bill.label, bill.tx
    c = {k: tx(v) for k, v in RS_CAPTIONS.items()}
    p.rect(8, y + 4, p.w - 16, 96, lw=0.7)
    p.b(p.w - 12, y + 10, c["title"], 10, align="r")
    box = lambda x, yy, w, cap, val, h=7, size=9: boxed(p, x, yy, w, cap, val, size, h, above, cap=6.4)
    box(12, y + 16, 88, L("payer", False), bill.payer + ", " + bill.payer_addr[0], 12, 8)
    box(12, y + 38, 88, c["purpose"], "%s %s" % (tx(bill.v["inv"]), bill.invoice_no), 12, 8)
    box(12, y + 60, 88, L("payee", False), bill.issuer + ", " + bill.issuer_addr[1], 12, 8)
    box(108, y + 16, 22, c["code"], code)
    box(134, y + 16, 18, c["currency"], bill.currency)
    box(156, y + 16, 40, bill.v["amt"], "=" + bill.num(bill.amount_due), 7, 10)
    box(108, y + 32, 88, L("account", False), bill.acc(compact=bill.rng.random() < 0.4), 7, 10)
    model = "97" if bill.ref_kind == "model97" else ""
    box(108, y + 48, 18, c["model"], model)
    box(130, y + 48, 66, L("reference", False), bill.ref() or "", 7, 10)
    p.hline(12, 90, y + 92, 0.4)
    p.t(12, y + 95, c["sign"], 6, color=GRAY)


def stub(p, bill, y=222, title=None):
    """Detachable remittance stub: one row of captioned cells with the amount and reference."""
    cut_line(p, y)
    L = bill.label
    p.b(14, y + 8, title or bill.issuer, 9)
    cells = [(L("invoice_number", False), bill.invoice_no, 34), (bill.v["cust"], bill.customer_no, 32),
             (L("due_date", False), bill.date(bill.due), 30), (L("amount_due", False), bill.money(bill.amount_due), 46)]
    x = 14
    for cap, val, w in cells:
        p.rect(x, y + 12, w, 13, lw=0.4)
        p.t(x + 1.5, y + 16, cap, 6.2, color=GRAY)
        p.t(x + 1.5, y + 22.5, val, 9, bold=cap == cells[-1][0])
        x += w
    rows = [(L("payee"), bill.issuer), (L("account"), bill.acc())]
    if bill.bic:
        rows.append((L("bic"), bill.bic))
    if bill.reference:
        rows.append((L("reference"), bill.ref()))
    for i, (k, v) in enumerate(rows):
        p.t(14, y + 33 + i * 4.8, k, 8)
        p.t(60, y + 33 + i * 4.8, v, 8.5, bold=True)
    p.lines(140, y + 33, [bill.payer] + bill.payer_addr, 8)


QR_TITLES = {"de": ("Empfangsschein", "Zahlteil"), "fr": ("Récépissé", "Section paiement"),
             "it": ("Ricevuta", "Sezione pagamento"), "en": ("Receipt", "Payment part")}


def qr_bill(p, bill, y=192):
    """Swiss QR-bill-like foot: receipt 62 mm wide, then a QR code and the payment part."""
    cut_line(p, y)
    L = bill.label
    t_rcpt, t_pay = QR_TITLES.get(bill.lang, QR_TITLES["en"])
    p.vline(62, y, p.h, 0.4, gray=0.4)
    col = lambda x, yy, rows: [p.t(x, yy + i * 3.9, r, 6.6 if i % 2 == 0 else 8, bold=(i % 2 == 0)) for i, r in enumerate(rows)]
    p.b(5, y + 8, t_rcpt, 11)
    col(5, y + 15, [L("account", False) + " / " + L("payee", False), bill.acc(), "", bill.issuer,
                    L("reference", False), bill.ref(), L("payer", False), bill.payer])
    p.t(5, y + 60, bill.v["amt"], 6.6, bold=True)
    p.t(5, y + 64, bill.currency + "  " + bill.num(bill.amount_due), 8.5)
    p.b(67, y + 8, t_pay, 11)
    qr(p, 67, y + 13, 46, "SPC\n0200\n1\n%s\n%s\n%s\n%s" % (bill.account, bill.issuer, bill.num(bill.amount_due), bill.reference))
    p.t(67, y + 66, bill.v["amt"], 6.6, bold=True)
    p.t(67, y + 70, bill.currency + "   " + bill.num(bill.amount_due), 10)
    col(118, y + 12, [L("account", False) + " / " + L("payee", False), bill.acc(), "", bill.issuer,
                      L("reference", False), bill.ref(), L("due_date", False), bill.date(bill.due),
                      L("payer", False), bill.payer])


def char_boxes(p, x, y, text, n, cell=4.6, h=6.5):
    for i in range(n):
        p.rect(x + i * cell, y, cell, h, lw=0.35, fill=(1, 1, 1))
    for i, ch in enumerate(text[:n]):
        p.t(x + i * cell + cell / 2, y + h - 1.8, ch, 9, font="Mono", align="c")


def box_form(p, bill, y=200):
    """Generic transfer form with one box per character (payee, IBAN, BIC, amount, reference)."""
    cut_line(p, y)
    L = bill.label
    p.rect(8, y + 4, p.w - 16, 86, lw=0, fill=(0.93, 0.95, 1.0), stroke=False)
    rows = [(L("payee", False), bill.issuer.upper(), 34), (L("account", False), bill.account, 34),
            (L("bic", False), bill.bic or "", 11), (bill.currency + " " + bill.v["amt"], bill.num(bill.amount_due, ), 14),
            (L("reference", False), bill.reference or "", 34), (L("payer", False), bill.payer.upper(), 34),
            (L("account_payer", False), bill.payer_account, 34)]
    for i, (cap, val, n) in enumerate(rows):
        yy = y + 12 + i * 11
        p.t(14, yy - 1, cap, 6.2, color=GRAY)
        char_boxes(p, 14, yy, val, n)
