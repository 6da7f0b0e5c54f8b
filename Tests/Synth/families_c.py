"""Layout families 23-33: plain-text mail print, Swiss QR-bill foot, account statement, prepayment
request, sidebar, big-amount header, letter, inline quantities, character-box form, fee notice,
remittance advice."""
import blocks as B
import notes as N
import slips as S
from locale_data import D, q


def plain_text_mail(bill, doc):
    """An e-mail printed to PDF: monospaced lines, no boxes, labels padded with dots."""
    p = doc.new_page(face="mono")
    p.t(16, 16, "From: billing@%s.example" % bill.issuer.split()[0].lower(), 8)
    p.t(16, 20, "To: %s" % bill.payer, 8)
    p.t(16, 24, "Subject: %s %s" % (bill.v["inv"], bill.invoice_no), 8)
    p.hline(16, 194, 27, 0.3)
    lines = bill.items(bill.rng.randrange(1, 4))
    bill.totals(lines)
    y = 36
    for n, k, u, a in lines:
        p.t(16, y, "%-34s %4d x %12s = %12s" % (n[:34], k, bill.num(u), bill.num(a)), 8)
        y += 4.4
    y += 4
    rows = B.totals_rows(bill) + [("", "")] + B.payment_rows(bill, amount=False) + [(bill.v["cust"] + ":", bill.customer_no)]
    for k, val in rows:
        if k:
            p.t(16, y, "%s %s %s" % (k, "." * max(2, 30 - len(k)), val), 8)
        y += 4.4
    B.payer_account(p, bill, 16, y + 4, 8)
    p.t(16, y + 14, "-- ", 8)
    p.lines(16, y + 18, [bill.issuer] + bill.issuer_addr + [bill.v["phone"] + " " + bill.phone,
                                                            B.bank_line(bill, 2, False)], 7.5)


def qr_bill_ch(bill, doc):
    """Swiss invoice whose lower third is a QR-bill-like receipt and payment part."""
    p = doc.new_page()
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 118, 44, label=False)
    B.kv(p, 18, 44, B.meta_rows(bill), 8, gap=36)
    lines = bill.items()
    bill.totals(lines, rounding=True)
    y = B.items_table(p, bill, 18, 80, lines, (92, 14, 34, 36))
    B.totals_block(p, bill, 194, y + 7)
    B.bank_text(p, bill, 18, 180, 2, 6.8)
    S.qr_bill(p, bill)


def statement(bill, doc):
    """Account statement: dated debits and credits with a running balance; closing balance is due."""
    p = doc.new_page(face="cond")
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 18, 40)
    v, r = bill.v, bill.rng
    p.b(18, 70, v["stmt"], 14)
    B.kv(p, 120, 40, [(v["cust"] + ":", bill.customer_no), (v["date"] + ":", bill.date(bill.issue))], 8, gap=30)
    bal = bill.scaled(0, 20000)
    rows = [[v["date"], v["desc"], "-", "+", "="], [bill.date(bill.order_date), bill.label("amount_previous", False), "", "", bill.num(bal)]]
    for i in range(r.randrange(3, 7)):
        amt = bill.scaled(1000, 40000)
        credit = i % 3 == 2
        bal = bal - amt if credit else bal + amt
        rows.append([bill.date(bill.order_date), ("%s %s" % (v["inv"], r.randrange(10 ** 6, 10 ** 7))) if not credit else v["bank"],
                     "" if credit else bill.num(amt), bill.num(amt) if credit else "", bill.num(bal)])
    y = p.table(18, 78, [28, 74, 26, 26, 28], rows, size=7.8, aligns=["l", "l", "r", "r", "r"], style="grid")
    if bal <= 0:
        bal = bill.scaled(1000, 5000)
        rows[-1][-1] = bill.num(bal)
    bill.subtotal = bill.total = bill.vat = bill.discount = bill.rounding = D(0)
    bill.amount_due = q(bal)
    p.b(18, y + 10, bill.label("amount_due"), 10)
    p.b(182, y + 10, bill.money(bill.amount_due), 10, align="r")
    B.kv(p, 18, y + 22, B.payment_rows(bill, amount=False), 8.5, gap=42)
    B.footer(p, bill)


def prepayment(bill, doc):
    """Pro-forma / prepayment request: order data, the amount in a sentence-like line, no items table."""
    p = doc.new_page(face="serif", accent=(0.3, 0.3, 0.3))
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 20, 44)
    B.kv(p, 20, 70, [(bill.v["order"] + ":", "%s %s %s" % (bill.order_no, bill.v["of"], bill.date(bill.order_date))),
                     (bill.v["cust"] + ":", bill.customer_no), (bill.label("invoice_number"), bill.invoice_no)], 9, gap=42)
    lines = bill.items(bill.rng.randrange(2, 5))
    bill.totals(lines)
    y = 94
    for n, k, u, a in lines:
        p.t(20, y, "%d × %s" % (k, n), 9)
        p.t(190, y, bill.money(a), 9, align="r")
        y += 5
    y = B.totals_block(p, bill, 190, y + 6, width=90)
    p.t(20, y + 10, "%s: %s — %s %s" % (bill.label("amount_due", False), bill.money(bill.amount_due),
                                         bill.label("due_date", False), bill.date(bill.due)), 10, bold=True)
    B.kv(p, 20, y + 20, B.payment_rows(bill, amount=False, due=False), 9, gap=42)
    B.footer(p, bill, n_accounts=3)


def sidebar(bill, doc):
    """Coloured right-hand sidebar listing the issuer's contact data and all bank accounts."""
    p = doc.new_page(face="sans", accent=(0.05, 0.35, 0.3))
    p.rect(150, 0, 60, p.h, lw=0, fill=(0.9, 0.95, 0.93), stroke=False)
    p.b(154, 20, bill.issuer, 9, color=p.accent)
    y = p.lines(154, 26, bill.issuer_addr + [bill.v["phone"] + " " + bill.phone, "Fax " + bill.fax,
                                             bill.v["vat_id"] + " " + bill.vat_id], 7)
    for i, a in enumerate(bill.accounts):
        p.t(154, y + 6 + i * 8, "%s %s" % (bill.v["bank"], i + 1), 6.5, color=(0.4, 0.4, 0.4))
        p.t(154, y + 9.5 + i * 8, bill.acc(a), 6.5)
    if bill.bic:
        p.t(154, y + 34, "BIC " + bill.bic, 6.5)
    B.address_window(p, bill, 16, 30)
    p.b(16, 62, "%s %s" % (bill.v["inv"], bill.invoice_no), 13, color=p.accent)
    B.kv(p, 16, 70, B.meta_rows(bill, invoice=False), 8, gap=36)
    lines = bill.items()
    bill.totals(lines, discount=True)
    y = B.items_table(p, bill, 16, 98, lines, (70, 12, 26, 26), size=7.5)
    y = B.totals_block(p, bill, 146, y + 7, width=70, size=8)
    if bill.reference:
        p.t(16, y + 8, "%s %s" % (bill.label("reference"), bill.ref()), 9, bold=True)
    B.payer_account(p, bill, 16, y + 16)


def hero_amount(bill, doc):
    """Big amount and due date in a banner at the top; details below in small print."""
    p = doc.new_page(face="sans", accent=(0.8, 0.35, 0.0))
    p.b(16, 16, bill.issuer, 12, color=p.accent)
    lines = bill.items(bill.rng.randrange(2, 4))
    bill.totals(lines, discount=bill.rng.random() < 0.5)
    p.rect(16, 24, 178, 30, lw=0, fill=(1.0, 0.94, 0.86), stroke=False)
    p.t(22, 33, bill.label("amount_due", False), 10)
    p.b(22, 47, bill.money(bill.amount_due), 24)
    p.t(140, 33, bill.label("due_date", False), 10)
    p.b(140, 45, bill.date(bill.due), 14)
    B.address_window(p, bill, 16, 70)
    B.kv(p, 110, 70, B.meta_rows(bill, due=False), 8, gap=32)
    y = B.items_table(p, bill, 16, 100, lines, (96, 14, 32, 36), style="plain")
    y = B.totals_block(p, bill, 194, y + 7, width=80, show_total=True)
    B.kv(p, 16, y + 8, B.payment_rows(bill, amount=False, due=False), 8.5, gap=40)
    B.payer_account(p, bill, 16, y + 36)
    B.footer(p, bill)


def letter(bill, doc):
    """Letter-style invoice: paragraphs, one short table, payment data inside the text lines."""
    p = doc.new_page(face="serif")
    p.b(20, 20, bill.issuer, 12)
    p.lines(20, 25, bill.issuer_addr, 8)
    B.address_window(p, bill, 20, 50, label=False)
    p.t(190, 50, bill.date(bill.issue), 9, align="r")
    p.b(20, 78, "%s %s" % (bill.v["inv"], bill.invoice_no), 11)
    lines = bill.items(bill.rng.randrange(1, 3))
    bill.totals(lines)
    y = p.table(20, 86, [120, 50], [[bill.v["desc"], bill.v["amt"]]] + [[n, bill.money(a)] for n, k, u, a in lines], size=9)
    y = B.totals_block(p, bill, 190, y + 7, width=70)
    rows = B.payment_rows(bill, payee=True)
    for i, (k, val) in enumerate(rows):
        p.t(20, y + 8 + i * 5.5, "%s %s" % (k, val), 9.5)
    y += 8 + len(rows) * 5.5
    p.t(20, y + 8, bill.v["thanks"] + ".", 9.5)
    p.t(20, y + 24, bill.payer.split()[0][:1] + ". " + bill.issuer.split()[0], 9.5)
    B.footer(p, bill, n_accounts=2)


def inline_qty_price(bill, doc):
    """Item lines written as 'Qty 1   Price 278.61   Amount 278.61' text rather than a table."""
    p = doc.new_page(face="cond")
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 18, 40)
    B.kv(p, 118, 40, B.meta_rows(bill), 8, gap=32)
    lines = bill.items()
    bill.totals(lines, discount=bill.rng.random() < 0.5, rounding=bill.rng.random() < 0.3)
    y = 80
    v = bill.v
    for n, k, u, a in lines:
        p.t(18, y, n, 9, bold=True)
        p.t(18, y + 4.5, "%s %d   %s %s   %s %s" % (v["qty"], k, v["price"], bill.num(u), v["amt"], bill.num(a)), 8.5)
        y += 11
    y = B.totals_block(p, bill, 192, y + 4)
    B.kv(p, 18, y + 8, B.payment_rows(bill, amount=False), 8.5, gap=42)
    B.footer(p, bill)


def box_form(bill, doc):
    """Bill whose transfer form has one box per character (typical of pre-printed bank forms)."""
    p = doc.new_page()
    B.letterhead(p, bill, 2)
    B.address_window(p, bill, 16, 38)
    B.kv(p, 118, 38, B.meta_rows(bill), 8, gap=32)
    lines = bill.items(bill.rng.randrange(2, 4))
    bill.totals(lines)
    y = B.items_table(p, bill, 16, 76, lines, (96, 14, 32, 36), style="grid")
    B.totals_block(p, bill, 194, y + 7)
    B.bank_text(p, bill, 16, 190, 2, 6.8)
    S.box_form(p, bill)


def fee_notice(bill, doc):
    """Public-authority fee notice: file number, legal wording, framed payment box on the right."""
    p = doc.new_page(face="serif", accent=(0.2, 0.2, 0.2))
    p.b(20, 18, bill.issuer.upper(), 11)
    p.lines(20, 23, bill.issuer_addr, 8)
    B.address_window(p, bill, 20, 46)
    v, r = bill.v, bill.rng
    B.kv(p, 120, 46, [("Ref. %s" % r.randrange(10, 99), "%d/%d-%s" % (r.randrange(100, 999), bill.issue.year, bill.invoice_no[:4])),
                      (v["date"] + ":", bill.date(bill.issue)), (v["cust"] + ":", bill.customer_no)], 8, gap=30)
    fee = bill.scaled(1500, 30000)
    lines = [(v["fee"], 1, fee, fee)]
    bill.totals(lines)
    bill.vat = D(0)
    bill.total = bill.amount_due = bill.subtotal
    p.b(20, 84, v["inv"].upper(), 13)
    p.t(20, 94, "%s %s %s" % (v["order"], bill.order_no, bill.date(bill.order_date)), 9)
    p.rect(110, 104, 84, 50, lw=1)
    B.kv(p, 113, 111, B.payment_rows(bill, payee=False), 8, lead=6.5, gap=30, bold_last=True)
    B.payer_account(p, bill, 20, 166)
    B.footer(p, bill, n_accounts=1)


def remittance_advice(bill, doc):
    """Remittance advice from a customer: it reports a payment already made, nothing to pay."""
    bill.payment_expected = False
    bill.payee_name = None
    p = doc.new_page()
    p.b(20, 20, bill.payer, 13)
    p.lines(20, 26, bill.payer_addr, 8)
    p.lines(20, 48, [bill.issuer] + bill.issuer_addr, 9.5)
    lines = bill.items(2)
    bill.totals(lines)
    rows = [[bill.label("invoice_number", False), bill.v["date"], bill.v["amt"]],
            [bill.invoice_no, bill.date(bill.issue), bill.num(bill.total)]]
    N.note(p, bill, "paid", {"body": (20, 76), "header": (120, 22), "footer": (20, 0)}, 76)
    y = p.table(20, 84, [60, 50, 50], rows, size=9, aligns=["l", "l", "r"])
    p.t(20, y + 10, "%s %s · %s" % (bill.label("account_payer"), bill.acc(bill.payer_account), bill.date(bill.due)), 8.5)
    p.t(20, y + 16, "%s %s" % (bill.label("account"), bill.acc()), 8.5)


FAMILIES = [
    ("plain-text-mail", "any", plain_text_mail, {}),
    ("qr-bill-ch", ["de", "fr", "it", "en"], qr_bill_ch, {"country": "CH", "ref_kind": "rf"}),
    ("statement", "any", statement, {}),
    ("prepayment", "any", prepayment, {}),
    ("sidebar", "any", sidebar, {}),
    ("hero-amount", "any", hero_amount, {}),
    ("letter", "any", letter, {}),
    ("inline-qty-price", "any", inline_qty_price, {}),
    ("box-form", "any", box_form, {}),
    ("fee-notice", "any", fee_notice, {}),
    ("remittance-advice", "any", remittance_advice, {}),
]
