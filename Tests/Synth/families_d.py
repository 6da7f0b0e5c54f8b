"""Layout families 34-35: receipts as shops print them. Their amount is the total paid (the convention of
the shared corpus's photographed receipts); there is no account or reference.

- shop-receipt (fit): item codes, tax-exclusive and tax-inclusive totals, a rounding adjustment, cash
  and change, then a tax summary below the payment lines.
- card-receipt (heldout): the total printed large first, items after it, paid by card, no cash lines.
"""
import locale_data as L
from model import SCALE


def receipt_items(bill, n):
    """Small shop amounts: (code, name, qty, unit, amount)."""
    r = bill.rng
    names = L.ITEMS[bill.lang].split("|")
    out = []
    for name in r.sample(names, min(n, len(names))):
        qty = r.choice([1, 1, 1, 2, 3])
        unit = L.q(L.D(r.randrange(90, 4500)) / 100 * L.D(SCALE.get(bill.currency, 1)))
        code = "".join(str(r.randrange(10)) for _ in range(r.choice([8, 13])))
        out.append((code, bill.tx(name), qty, unit, L.q(unit * qty)))
    return out


def payment_label(bill, key, vocab):
    """The lexicon's wording for cash or change, else the language's plain word (not every lexicon has one)."""
    s = bill.label(key)
    return bill.v[vocab] + ":" if "?" in s else s


def receipt_totals(bill, items, rounding):
    """Tax-inclusive prices: the net and the tax are parts of the total; cash rounds to 0.05."""
    gross = sum(a for *_, a in items)
    bill.vat = L.q(gross * bill.vat_rate / (100 + bill.vat_rate))
    bill.subtotal = L.q(gross - bill.vat)
    bill.rounding = L.q(round(gross * 20) / L.D(20)) - gross if rounding else L.D(0)
    bill.total = L.q(gross + bill.rounding)
    bill.amount_due = bill.total
    return gross


def shop_receipt(bill, doc):
    """Item codes, tax lines, rounding adjustment, cash and change, a tax summary after payment."""
    bill.receipt = True
    p = doc.new_page(face="mono")
    w = p.w
    p.b(w / 2, 9, bill.issuer, 8, align="c")
    p.lines(w / 2, 13, bill.issuer_addr + ["%s %s" % (bill.v["phone"], bill.phone)], 6.3, align="c")
    p.t(4, 29, "%s: %s" % (bill.v["rcpt"], bill.invoice_no), 6.5)
    p.t(w - 4, 29, bill.date(bill.issue), 6.5, align="r")
    y = 35
    items = receipt_items(bill, bill.rng.randrange(2, 6))
    for code, name, qty, unit, amount in items:
        p.t(4, y, code, 6.3)
        p.t(4, y + 3.2, "%s  %d x %s" % (name[:22], qty, bill.num(unit)), 6.5)
        p.t(w - 4, y + 3.2, bill.num(amount), 6.5, align="r")
        y += 7.2
    gross = receipt_totals(bill, items, rounding=bill.rng.random() < 0.7)
    p.hline(4, w - 4, y, 0.3, dash=(1, 1))
    rows = [(bill.label("amount_subtotal"), bill.num(bill.subtotal)),
            ("%s %s%%" % (bill.label("amount_vat"), bill.rate()), bill.num(bill.vat)),
            (bill.label("amount_total"), bill.num(gross))]
    if bill.rounding:
        rows += [(bill.label("amount_rounding"), bill.num(bill.rounding)),
                 (bill.label("amount_total"), bill.num(bill.total))]
    cash = L.q((bill.total / 5).to_integral_value() * 5 + 5)
    rows += [(payment_label(bill, "amount_tendered", "cash"), bill.num(cash)),
             (payment_label(bill, "amount_change", "change"), bill.num(cash - bill.total))]
    for i, (k, val) in enumerate(rows):
        big = val == bill.num(bill.total) and i >= 2
        p.t(4, y + 4.5 + i * 4, k, 7.5 if big else 6.8, bold=big)
        p.t(w - 4, y + 4.5 + i * 4, val, 7.5 if big else 6.8, align="r", bold=big)
    y += 7 + 4 * len(rows)
    # The tax summary after the payment lines repeats the net and the tax, never the total.
    p.hline(4, w - 4, y, 0.3, dash=(1, 1))
    p.t(4, y + 4, "%s %s%%   %s   %s" % (bill.label("amount_vat", False), bill.rate(), bill.num(bill.subtotal),
                                        bill.num(bill.vat)), 6.3)
    p.t(w / 2, y + 12, bill.v["thanks"], 6.3, align="c")


shop_receipt.page_size = (80, 200)


def card_receipt(bill, doc):
    """The total printed large first, items after it, paid by card: no cash, no change."""
    bill.receipt = True
    p = doc.new_page(face="sans")
    w = p.w
    p.b(w / 2, 10, bill.issuer, 9, align="c")
    p.t(w / 2, 15, bill.issuer_addr[0], 6.5, align="c")
    items = receipt_items(bill, bill.rng.randrange(1, 5))
    receipt_totals(bill, items, rounding=False)
    p.t(w / 2, 26, bill.label("amount_total", False).upper(), 7, align="c")
    p.b(w / 2, 34, bill.money(bill.total), 14, align="c")
    y = 44
    for _code, name, qty, _unit, amount in items:
        p.t(5, y, "%d  %s" % (qty, name[:24]), 6.8)
        p.t(w - 5, y, bill.num(amount), 6.8, align="r")
        y += 4.2
    p.hline(5, w - 5, y, 0.3)
    p.t(5, y + 4.5, "%s %s%%" % (bill.label("amount_vat"), bill.rate()), 6.5)
    p.t(w - 5, y + 4.5, bill.num(bill.vat), 6.5, align="r")
    card = "VISA **** %04d" % bill.rng.randrange(10000)
    p.t(5, y + 10, card, 6.5)
    p.t(w - 5, y + 10, bill.num(bill.total), 6.5, align="r")
    p.t(5, y + 16, "%s  %s" % (bill.date(bill.issue), bill.invoice_no), 6.3)
    p.t(w / 2, y + 24, bill.v["thanks"], 6.3, align="c")


card_receipt.page_size = (80, 140)

FAMILIES = [
    ("shop-receipt", "any", shop_receipt, {}),
    ("card-receipt", "any", card_receipt, {}),
]
