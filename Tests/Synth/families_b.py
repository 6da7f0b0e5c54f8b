"""Layout families 12-22: insurance note, till receipt, two columns, rotated page, two pages,
captions right of values, value grid, hotel folio, and the three no-payment documents."""
import blocks as B
import notes as N
from locale_data import D, q


def insurance(bill, doc):
    """Premium note: policy data list, premium and tax lines, payment details run together on two lines."""
    p = doc.new_page(face="serif", accent=(0.1, 0.25, 0.45))
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 20, 42)
    v, r = bill.v, bill.rng
    p.b(20, 74, "%s %s" % (v["policy"], r.randrange(10 ** 7, 10 ** 9)), 13)
    B.kv(p, 20, 84, [(v["period"] + ":", "%s – %s" % (bill.date(bill.issue), bill.date(bill.due))),
                     (v["cust"] + ":", bill.customer_no), (bill.label("invoice_number"), bill.invoice_no)], 8.5, gap=45)
    lines = [(v["policy"], 1, bill.scaled(8000, 90000), None)]
    lines = [(n, qn, u, u) for n, qn, u, _ in lines]
    bill.totals(lines)
    y = B.totals_block(p, bill, 150, 108, width=130)
    parts = ["%s %s" % (bill.label("amount_due", False), bill.money(bill.amount_due)),
             "%s %s" % (bill.label("account", False), bill.acc())]
    if bill.reference:
        parts.append("%s %s" % (bill.label("reference", False), bill.ref()))
    parts.append("%s %s" % (bill.label("due_date", False), bill.date(bill.due)))
    p.t(20, y + 10, " · ".join(parts[:2]), 9)
    p.t(20, y + 15, " · ".join(parts[2:]), 9)
    if bill.bic:
        p.t(20, y + 20, "BIC " + bill.bic, 9)
    B.payer_account(p, bill, 20, y + 30)
    B.footer(p, bill, n_accounts=2)


def till_receipt(bill, doc):
    """Narrow till receipt: items, TOTAL, rounding, CASH and CHANGE. Its amount is the total (what a
    receipt reader wants, as for the shared corpus's photographed receipts); it has no account or reference."""
    bill.receipt = True
    p = doc.new_page(face="mono")
    w = p.w
    p.b(w / 2, 10, bill.issuer, 8, align="c")
    p.lines(w / 2, 14, bill.issuer_addr + [bill.v["vat_id"] + " " + bill.vat_id], 6.5, align="c")
    p.t(4, 30, "%s %s  %s" % (bill.v["rcpt"], bill.invoice_no, bill.date(bill.issue)), 6.5)
    y = 36
    lines = bill.items(bill.rng.randrange(3, 7))
    for n, qn, u, a in lines:
        p.t(4, y, n[:28], 6.8)
        p.t(4, y + 3.3, "%d x %s" % (qn, bill.num(u)), 6.8)
        p.t(w - 4, y + 3.3, bill.num(a), 6.8, align="r")
        y += 7.5
    bill.totals(lines, rounding=True)
    p.hline(4, w - 4, y, 0.3, dash=(1, 1))
    cash = q((bill.total / 10).to_integral_value() * 10 + 10)
    rows = [(bill.label("amount_subtotal", False).upper(), bill.num(bill.subtotal)),
            ("%s %s%%" % (bill.label("amount_vat", False).upper(), bill.rate()), bill.num(bill.vat))]
    if bill.rounding:
        rows.append((bill.label("amount_rounding", False).upper(), bill.num(bill.rounding)))
    rows += [(bill.label("amount_total", False).upper(), bill.num(bill.total)),
             (bill.v["cash"].upper(), bill.num(cash)), (bill.v["change"].upper(), bill.num(cash - bill.total))]
    for i, (k, val) in enumerate(rows):
        p.t(4, y + 5 + i * 4, k, 7.5, bold=i == len(rows) - 3)
        p.t(w - 4, y + 5 + i * 4, val, 7.5, align="r", bold=i == len(rows) - 3)
    y += 8 + 4 * len(rows)
    p.t(4, y, "%s %s" % (bill.v["phone"], bill.phone), 6.5)
    p.t(w / 2, y + 8, bill.v["thanks"], 6.5, align="c")


till_receipt.page_size = (80, 190)


def two_column(bill, doc):
    """Left column: issuer, payer, payment data; right column: items and totals."""
    p = doc.new_page(face="cond", accent=(0.0, 0.4, 0.5))
    p.rect(0, 0, 70, p.h, lw=0, fill=(0.94, 0.96, 0.97), stroke=False)
    p.b(8, 20, bill.issuer, 11, color=p.accent)
    y = p.lines(8, 27, bill.issuer_addr + [bill.v["phone"] + " " + bill.phone, bill.v["vat_id"] + " " + bill.vat_id], 7.5)
    p.t(8, y + 8, bill.label("payer"), 7, color=(0.4, 0.4, 0.4))
    y = p.lines(8, y + 13, [bill.payer] + bill.payer_addr, 8.5)
    lines = bill.items()
    bill.totals(lines, discount=bill.rng.random() < 0.5)
    y += 8
    for k, val in B.payment_rows(bill):
        p.t(8, y, k, 7, color=(0.4, 0.4, 0.4))
        p.t(8, y + 4, val, 8.2, bold=True)
        y += 10
    B.payer_account(p, bill, 8, y + 4, 6.3)
    p.b(78, 20, "%s %s" % (bill.v["inv"], bill.invoice_no), 14)
    B.kv(p, 78, 30, B.meta_rows(bill, invoice=False), 8, gap=32)
    y = B.items_table(p, bill, 78, 60, lines, (60, 12, 26, 28), size=7.6)
    B.totals_block(p, bill, 204, y + 8, width=70)
    B.bank_text(p, bill, 78, p.h - 12, 2, 6.2, False)


def rotated_landscape(bill, doc):
    """A landscape invoice drawn turned by 90 degrees on a portrait page (text layer rotated)."""
    p = doc.new_page(rotated=True)
    B.letterhead(p, bill, 2, y=12)
    B.address_window(p, bill, 14, 36)
    B.kv(p, 110, 36, B.meta_rows(bill), 8, gap=34)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 14, 70, lines, (150, 20, 40, 50), style="grid")
    B.totals_block(p, bill, 274, y + 7, width=90)
    B.kv(p, 14, y + 10, B.payment_rows(bill, amount=False), 8.5, gap=40)
    B.footer(p, bill, y=p.h - 10)


def two_pages(bill, doc):
    """Long item list on page 1, totals and payment data on page 2."""
    p = doc.new_page()
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 20, 44)
    B.kv(p, 120, 44, B.meta_rows(bill), 8, gap=32)
    lines = bill.items(7) + bill.items(7)
    bill.totals(lines)
    B.items_table(p, bill, 20, 80, lines, (90, 14, 32, 34), style="lines", number=True)
    p.t(105, p.h - 10, "%s 1/2" % bill.v["page"], 7, align="c")
    p = doc.new_page()
    p.t(20, 16, "%s %s · %s 2/2" % (bill.v["inv"], bill.invoice_no, bill.v["page"]), 8)
    y = B.totals_block(p, bill, 190, 34, width=90)
    B.kv(p, 20, y + 12, B.payment_rows(bill), 9, gap=45, bold_last=True)
    B.payer_account(p, bill, 20, y + 50)
    B.footer(p, bill)


def captions_right(bill, doc):
    """Values first, their captions to the right in grey (as in some e-mail-to-PDF layouts)."""
    p = doc.new_page()
    B.letterhead(p, bill, 3)
    B.address_window(p, bill, 16, 36)
    lines = bill.items(bill.rng.randrange(1, 4))
    bill.totals(lines)
    y = B.items_table(p, bill, 16, 66, lines, (96, 16, 32, 34), style="plain")
    rows = [(bill.money(bill.total), bill.label("amount_total", False)), (bill.invoice_no, bill.label("invoice_number", False)),
            (bill.customer_no, bill.v["cust"]), (bill.acc(), bill.label("account", False))]
    if bill.bic:
        rows.append((bill.bic, bill.label("bic", False)))
    if bill.reference:
        rows.append((bill.ref(), bill.label("reference", False)))
    rows += [(bill.date(bill.due), bill.label("due_date", False)), (bill.money(bill.amount_due), bill.label("amount_due", False)),
             (bill.acc(bill.payer_account), bill.label("account_payer", False))]
    for i, (val, cap) in enumerate(rows):
        yy = y + 14 + i * 7
        p.t(110, yy, val, 10, align="r", bold=cap == bill.label("amount_due", False))
        p.t(114, yy, cap, 8, color=(0.45, 0.45, 0.45))
    B.footer(p, bill, n_accounts=1)


def value_grid(bill, doc):
    """A grid of captioned cells (caption on top, value under it) across the page."""
    p = doc.new_page(face="sans", accent=(0.35, 0.2, 0.05))
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 18, 40)
    lines = bill.items()
    bill.totals(lines, rounding=bill.rng.random() < 0.4)
    cells = [(bill.label("invoice_number", False), bill.invoice_no), (bill.v["date"], bill.date(bill.issue)),
             (bill.v["cust"], bill.customer_no), (bill.label("due_date", False), bill.date(bill.due)),
             (bill.label("amount_due", False), bill.money(bill.amount_due)), (bill.label("account", False), bill.acc()),
             (bill.label("reference", False), bill.ref() or "—"), (bill.label("bic", False), bill.bic or "—")]
    for i, (cap, val) in enumerate(cells):
        if i < 4:
            x, y, w = 18 + i * 44, 66, 44
        else:
            x, y, w = 18 + ((i - 4) % 2) * 88, 80 + ((i - 4) // 2) * 14, 88
        p.rect(x, y, w, 13, lw=0.4)
        p.t(x + 1.5, y + 4, cap, 6.5, color=(0.4, 0.4, 0.4))
        p.t(x + 1.5, y + 10, val, 8.8, bold=i == 4)
    y = B.items_table(p, bill, 18, 114, lines, (92, 14, 34, 36))
    B.totals_block(p, bill, 194, y + 7, box=True)
    B.payer_account(p, bill, 18, 250)
    B.footer(p, bill, n_accounts=2)


def hotel_folio(bill, doc):
    """Hotel folio: room nights, city tax, minibar, one night's deposit already paid, balance due."""
    p = doc.new_page(face="serif", accent=(0.45, 0.3, 0.1))
    p.b(105, 18, bill.issuer, 17, "c", color=p.accent)
    p.t(105, 24, " · ".join(bill.issuer_addr + [bill.phone]), 7.5, align="c")
    v, r = bill.v, bill.rng
    nights = r.randrange(2, 6)
    B.kv(p, 20, 40, [(v["room"] + ":", str(r.randrange(101, 640))), (v["night"] + ":", str(nights)),
                     (bill.label("payer"), bill.payer), (bill.label("invoice_number"), bill.invoice_no)], 8.5, gap=35)
    p.lines(130, 40, bill.payer_addr, 8.5)
    rate = bill.scaled(6000, 24000)
    lines = [(v["room"], nights, rate, q(rate * nights)), ("City tax", nights, bill.scaled(150, 400), None),
             ("Minibar", 1, bill.scaled(400, 3000), None)]
    lines = [(n, k, u, a or q(u * k)) for n, k, u, a in lines]
    bill.totals(lines, paid=q(rate))
    y = B.items_table(p, bill, 20, 70, lines, (90, 14, 32, 34), style="grid")
    y = B.totals_block(p, bill, 190, y + 8, width=90, due_key="amount_due")
    B.kv(p, 20, y + 10, B.payment_rows(bill, amount=False), 8.5, gap=40)
    B.footer(p, bill, n_accounts=1)


def credit_note(bill, doc):
    """Credit note: negative lines (or positive ones under a credit-note title); nothing to pay, the amount
    will be refunded; the note's place and wording vary (notes.py)."""
    bill.payment_expected = False
    r = bill.rng
    p = doc.new_page()
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 20, 44)
    B.kv(p, 120, 44, B.meta_rows(bill, due=False), 8, gap=32)
    title = bill.v["cn"] if r.random() < 0.6 else N.cased(bill, N.phrase(bill, "credit_note")).rstrip(".")
    p.b(20, 84, "%s %s" % (title, bill.invoice_no), 14)
    sign = -1 if r.random() < 0.7 else 1
    lines = [(n, k, sign * u, sign * a) for n, k, u, a in bill.items(2)]
    bill.totals(lines)
    y = B.items_table(p, bill, 20, 92, lines, (90, 14, 32, 34))
    y = B.totals_block(p, bill, 190, y + 7)
    at = {"body": (20, y + 10), "header": (120, 34), "total": (20, N.total_row_y(bill, y)), "under": (110, y + 1),
          "footer": (20, 0), "small": (20, y + 10)}
    y = N.note(p, bill, "credit_note", at, y + 10)
    B.payer_account(p, bill, 20, y + 2)
    N.settled_extras(p, bill, 20, y + 8)
    B.footer(p, bill)


def direct_debit(bill, doc):
    """Direct-debit notice: the total will be collected from the payer's account; the note's place and
    wording vary (notes.py)."""
    bill.payment_expected = False
    p = doc.new_page(face="cond")
    B.letterhead(p, bill, 2)
    B.address_window(p, bill, 16, 40)
    B.kv(p, 120, 40, B.meta_rows(bill, due=False), 8, gap=32)
    lines = bill.items(3)
    bill.totals(lines)
    y = B.items_table(p, bill, 16, 80, lines, (96, 14, 32, 36))
    y = B.totals_block(p, bill, 194, y + 7)
    at = {"body": (16, y + 10), "header": (16, 32), "total": (16, N.total_row_y(bill, y)), "under": (114, y + 1),
          "footer": (16, 0), "small": (16, y + 10)}
    y = N.note(p, bill, "direct_debit", at, y + 10)
    p.t(16, y + 4, "Mandate %s · Creditor ID %s98ZZZ%07d" % (bill.customer_no, bill.country, bill.rng.randrange(10 ** 7)), 8)
    N.settled_extras(p, bill, 16, y + 8)
    B.footer(p, bill)


def settled_invoice_page(bill, doc):
    """The page of an invoice asking for no payment, down to its totals: the page and the totals' end."""
    p = doc.new_page(face="serif")
    B.letterhead(p, bill, 3)
    B.address_window(p, bill, 18, 38)
    B.kv(p, 18, 64, B.meta_rows(bill, due=False), 8, gap=40)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 96, lines, (92, 14, 32, 36))
    return p, B.totals_block(p, bill, 192, y + 7)


def paid_stamp(bill, doc):
    """An invoice already settled by card: a paid stamp, a paid note or the amount paid against a balance
    of 0.00, the payment line; the bank details may stay on the page (notes.py)."""
    bill.payment_expected = False
    r = bill.rng
    p, y = settled_invoice_page(bill, doc)
    total_y = N.total_row_y(bill, y)
    if r.random() < 0.3:
        y = B.kv(p, 112, y, N.zero_rows(bill), 8.6, value_align="r", vx=191, bold_last=True)
    at = {"body": (18, y + 12), "header": (112, 30), "total": (18, total_y), "under": (112, y + 1),
          "footer": (18, 0), "small": (18, y + 12)}
    if r.random() < 0.6:
        N.stamp(p, bill, 120, y + 26)
    else:
        y = N.note(p, bill, "paid", at, y + 12)
    p.t(18, y + 12, "%s %s · VISA **** %04d · %s" % (bill.label("amount_paid"), bill.money(bill.total),
                                                      r.randrange(10000), bill.date(bill.issue)), 8.5)
    N.settled_extras(p, bill, 18, y + 36)
    B.footer(p, bill)


FAMILIES = [
    ("insurance", "any", insurance, {}),
    ("till-receipt", "any", till_receipt, {}),
    ("two-column", "any", two_column, {}),
    ("rotated-landscape", "any", rotated_landscape, {}),
    ("two-pages", "any", two_pages, {}),
    ("captions-right", "any", captions_right, {}),
    ("value-grid", "any", value_grid, {}),
    ("hotel-folio", "any", hotel_folio, {}),
    ("credit-note", "any", credit_note, {}),
    ("direct-debit", "any", direct_debit, {}),
    ("paid-stamp", "any", paid_stamp, {}),
]
