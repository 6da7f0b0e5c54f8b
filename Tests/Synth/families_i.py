"""Layout families 53-57: documents that ask for no payment although they print payment data (a large
rotated paid stamp over the totals in every lexicon language, a paid line or a payment receipt, credit
notes and direct-debit notices with the issuer's bank details, a balance of 0.00; truth payment_expected
false), and a Central European VAT invoice whose amount due sits next to its VAT amount."""
import math
import re

import blocks as B
import notes as N
import wording as W
from locale_data import D

STAMP_COLORS = [(0.78, 0.1, 0.1), (0.1, 0.25, 0.7), (0.05, 0.5, 0.2), (0.6, 0.1, 0.55)]


def negated(phrase, negations):
    """A word of the phrase starts with a one-word negation ('ne' in 'neplaťte', 'ingen' in 'ingenting'),
    or the phrase holds a longer one."""
    low = phrase.lower()
    words = re.findall(r"\w+", low)
    return any(any(w.startswith(n) for w in words) if " " not in n else n in low for n in negations)


def paid_phrases(bill):
    """The lexicon's no_payment_paid phrases without negation ('paid', not 'do not pay' or 'nothing to
    pay'), shortest first; all of them when every phrase has one."""
    lex = bill.lbl.lex
    neg = [n.lower() for n in lex.phrases(bill.lang, "negation", bill.script)]
    every = lex.phrases(bill.lang, "no_payment_paid", bill.script)
    positive = [s for s in every if not negated(s, neg)]
    return sorted(positive or every, key=len)


def invoice_with_payment_data(p, bill, style):
    """A full invoice: items, totals with an amount-due line, payment rows, bank footer."""
    B.letterhead(p, bill, style)
    B.address_window(p, bill, 18, 42)
    B.kv(p, 114, 42, B.meta_rows(bill), 8, gap=34)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    top = y + 7
    rows = B.totals_rows(bill) + [(bill.label("amount_due"), bill.money(bill.amount_due))]
    for i, (k, v) in enumerate(rows):
        p.t(114, top + i * 5, k, 8.6, bold=i == len(rows) - 1)
        p.t(193, top + i * 5, v, 8.6, align="r", bold=i == len(rows) - 1)
    end = top + len(rows) * 5
    B.kv(p, 18, end + 8, B.payment_rows(bill, amount=False), 8.5, gap=40)
    B.footer(p, bill, wrap=True)
    return top, end


def paid_stamp_over_totals(bill, doc):
    """Large, rotated, coloured paid stamp over the totals of an invoice that still shows its amount due,
    account and reference (one bill per language)."""
    bill.payment_expected = False
    r = bill.rng
    p = doc.new_page(face=r.choice(["sans", "serif"]))
    top, end = invoice_with_payment_data(p, bill, r.choice([0, 1, 3]))
    text = r.choice(paid_phrases(bill)[:3]).upper()
    text += r.choice(["", "!", "  " + bill.date(bill.issue)])
    size = min(34.0, 90 / max(p.width(text, 1, True), 1e-6))
    angle = r.choice([-24, -16, 12, 18, 25])
    half, turn = p.width(text, size, True) / 2, math.radians(angle)
    cx, cy = 140, (top + end) / 2  # centred on the totals, whatever its turn
    p.stamp(cx - half * math.cos(turn), cy + half * math.sin(turn) + size * 0.12, text, size, r.choice(STAMP_COLORS), angle)


paid_stamp_over_totals.one_per_language = True


def paid_line_receipt(bill, doc):
    """Either an invoice whose totals end in a bold paid line ('Bezahlt am 12.03.2026', 'Paid!') instead of
    an amount due, or an A4 receipt confirming that an invoice was paid; the issuer's IBAN in the footer."""
    bill.payment_expected = False
    r = bill.rng
    p = doc.new_page(face=r.choice(["sans", "cond"]))
    phrase = r.choice(paid_phrases(bill))
    if r.random() < 0.5:
        B.letterhead(p, bill, r.choice([0, 2]))
        B.address_window(p, bill, 18, 42)
        B.kv(p, 114, 42, B.meta_rows(bill, due=False), 8, gap=34)
        lines = bill.items()
        bill.totals(lines)
        y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
        y = B.totals_block(p, bill, 194, y + 7)
        line = phrase[:1].upper() + phrase[1:] + r.choice(["!", " " + bill.date(bill.issue), ""])
        p.b(194, y + 6, line, 11, align="r", color=(0.1, 0.45, 0.15))
    else:
        B.letterhead(p, bill, 1)
        p.b(18, 48, bill.v["rcpt"].upper(), 16)
        B.address_window(p, bill, 18, 60, label=True)
        bill.totals(bill.items(1))
        rows = [(bill.label("invoice_number"), bill.invoice_no), (bill.v["date"] + ":", bill.date(bill.issue)),
                (bill.label("amount_paid"), bill.money(bill.total))]
        y = B.kv(p, 18, 84, rows, 9.5, gap=48)
        p.b(18, y + 8, phrase[:1].upper() + phrase[1:] + ".", 11)
    B.footer(p, bill, n_accounts=2, wrap=True)


def credit_debit_bank(bill, doc):
    """A credit note (refunded to the payer's account) or a direct-debit notice (mandate, creditor id), both
    with the issuer's accounts, BIC and an invoice-like total block."""
    bill.payment_expected = False
    r = bill.rng
    p = doc.new_page()
    kind = r.choice(["credit_note", "direct_debit"])
    B.letterhead(p, bill, r.choice([0, 1, 2, 3]))
    B.address_window(p, bill, 18, 42)
    B.kv(p, 114, 42, B.meta_rows(bill, due=kind == "direct_debit"), 8, gap=34)
    lines = bill.items(r.randrange(1, 4))
    if kind == "credit_note":
        lines = [(n, k, -u, -a) for n, k, u, a in lines]
        p.b(18, 86, "%s %s" % (bill.v["cn"], bill.invoice_no), 13)
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    y = B.totals_block(p, bill, 194, y + 7)
    B.no_payment_note(p, bill, kind, 18, y + 10, 9.5)
    if kind == "direct_debit":
        p.t(18, y + 22, "Mandate %s · Creditor ID %s98ZZZ%07d" % (bill.customer_no, bill.country, r.randrange(10 ** 7)), 8)
    else:
        B.payer_account(p, bill, 18, y + 17, 8.5)
    B.kv(p, 18, y + 32, [(bill.label("payee"), bill.issuer), (bill.label("account"), bill.acc())] +
         ([(bill.label("bic"), bill.bic)] if bill.bic else []), 8, gap=40)
    B.footer(p, bill, wrap=True)


def zero_balance(bill, doc):
    """An invoice or statement whose payments received cover the total: the amount due line says 0.00."""
    bill.payment_expected = False
    p = doc.new_page(face=bill.rng.choice(["sans", "serif", "cond"]))
    B.letterhead(p, bill, bill.rng.choice([0, 1, 2]))
    B.address_window(p, bill, 18, 42)
    B.kv(p, 114, 42, B.meta_rows(bill), 8, gap=34)
    lines = bill.items()
    bill.totals(lines, previous=bill.scaled(0, 9000) if bill.rng.random() < 0.4 else None)
    bill.paid = bill.total + bill.previous
    bill.amount_due = D("0.00")
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    rows = B.totals_rows(bill) + [(bill.label("amount_due"), bill.money(bill.amount_due))]
    y = B.kv(p, 114, y + 8, rows, 8.6, value_align="r", vx=193, bold_last=True)
    if bill.rng.random() < 0.5:  # a paid note as well, placed and worded as notes.py draws it
        y = N.note(p, bill, "paid", {"body": (18, y + 6), "header": (114, 34), "under": (114, y + 1), "footer": (18, 0)}, y + 6)
    B.kv(p, 18, y + 8, B.payment_rows(bill, amount=False, due=False), 8.5, gap=40)
    B.footer(p, bill, wrap=True)


def vat_over_due(bill, doc):
    """Polish-style VAT invoice: seller and buyer blocks, a VAT summary by rate, and 'Kwota należności
    ogółem' with 'w tym VAT' printed right beside it; the amount due is the gross total."""
    w = W.vat_invoice(bill.lang)
    p = doc.new_page(face="cond")
    p.b(196, 16, "%s %s" % (bill.v["inv"], bill.invoice_no), 13, align="r")
    p.t(196, 21, "%s: %s" % (bill.v["date"], bill.date(bill.issue)), 8, align="r")
    p.b(18, 32, w["seller"] + ":", 8.5)
    p.lines(18, 37, [bill.issuer] + bill.issuer_addr + [bill.v["vat_id"] + " " + bill.vat_id], 8.5)
    p.b(110, 32, w["buyer"] + ":", 8.5)
    p.lines(110, 37, [bill.payer] + bill.payer_addr + ["%s %s" % (bill.v["vat_id"], bill.rng.randrange(10 ** 9, 10 ** 10))], 8.5)
    lines = bill.items()
    bill.totals(lines)
    v = bill.v
    rows = [["#", v["desc"], v["qty"], v["price"], bill.lbl("amount_subtotal", False), "%", bill.lbl("amount_vat", False), w["gross"]]]
    for i, (n, k, u, a) in enumerate(lines):
        vat = a * bill.vat_rate / 100
        rows.append([str(i + 1), n, str(k), bill.num(u), bill.num(a), bill.rate(), bill.num(vat), bill.num(a + vat)])
    y = p.table(14, 64, [7, 46, 15, 26, 24, 9, 22, 28], rows, size=6.3, aligns=["r", "l"] + ["r"] * 6, style="grid")
    summary = [[w["rate"], bill.lbl("amount_subtotal", False), bill.lbl("amount_vat", False), w["gross"]],
               [bill.rate() + "%", bill.num(bill.subtotal), bill.num(bill.vat), bill.num(bill.total)]]
    y = p.table(96, y + 6, [22, 26, 26, 28], summary, size=7.5, style="grid")
    due = w["due_total"] or bill.label("amount_due", False)
    p.b(18, y + 12, "%s: %s" % (due, bill.money(bill.amount_due)), 11)
    p.t(18 + p.width("%s: %s" % (due, bill.money(bill.amount_due)), 11, True) + 5, y + 12,
        "%s: %s" % (w["of_which_vat"], bill.money(bill.vat)), 9)
    p.t(18, y + 20, w["method"], 8.5)
    B.kv(p, 18, y + 26, B.payment_rows(bill, amount=False, payee=False), 8.5, gap=40)
    B.footer(p, bill, n_accounts=1, wrap=True)


FAMILIES = [
    ("paid-stamp-over-totals", "any", paid_stamp_over_totals, {}),
    ("paid-line-receipt", "any", paid_line_receipt, {}),
    ("credit-debit-bank", "any", credit_debit_bank, {}),
    ("zero-balance", "any", zero_balance, {}),
    ("vat-over-due", ["pl", "pl", "pl", "cs", "sk"], vat_over_due, {}),
]
