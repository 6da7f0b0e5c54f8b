"""The fit families' no-payment signals, varied per document: where the note stands (after the totals, as
a title in the header, on the line of the total, under the totals, above the footer, in small print),
how it is worded (any of the lexicon's phrases of its kind, alone or with the amount, a date or the
invoice number it speaks of), and what a settled bill still prints (the issuer's account and reference,
the total in large type). Held-out families do not use this module, so their bytes stay as they were."""
import blocks as B
from locale_data import D

PLACES = ("body", "header", "total", "under", "footer", "small")
STAMP_COLORS = [(0.75, 0.1, 0.1), (0.1, 0.3, 0.65), (0.1, 0.45, 0.2)]


def phrase(bill, kind):
    """Any of the lexicon's phrases of the kind (kind: credit_note, direct_debit, paid), drawn per document."""
    items = bill.lbl.lex.phrases(bill.lang, "no_payment_" + kind, bill.script)
    return bill.rng.choice(items)


def cased(bill, s):
    """Natural case, sometimes capitals, a full stop or not."""
    r = bill.rng
    s = s.upper() if r.random() < 0.2 else s[:1].upper() + s[1:]
    return s + ("." if r.random() < 0.4 and not s.endswith((".", "!")) else "")


def wording(bill, kind):
    """The note: the phrase alone, or with what it speaks of ('Paid 12.03.2026', 'Paid: 1.234,56 EUR',
    'Credit note 2024-118', 'will be debited: 1.234,56 EUR')."""
    r = bill.rng
    s = cased(bill, phrase(bill, kind))
    form = r.randrange(4)
    if form == 1:
        return "%s %s" % (s.rstrip("."), bill.date(bill.issue if kind != "direct_debit" else bill.due))
    if form == 2:
        return "%s: %s" % (s.rstrip(".:"), bill.money(bill.total))
    if form == 3 and kind == "credit_note":
        return "%s %s" % (s.rstrip("."), bill.invoice_no)
    return s


def note(p, bill, kind, at, y):
    """Draws the note at one of the places the family offers (at: place -> (x, y); 'body' is at y below
    the totals) and returns the y below what the body holds."""
    r = bill.rng
    place = r.choice([k for k in PLACES if k in at or k == "body"])
    text = wording(bill, kind)
    x, ty = at.get(place, (at.get("body", (20, 0))[0], y))
    size, bold = {"header": (r.choice([12, 14, 16]), True), "total": (r.choice([8.5, 9.5]), True),
                  "under": (r.choice([8.5, 9.5]), True), "footer": (7.5, False), "small": (6.5, False)
                  }.get(place, (r.choice([9, 10, 11]), True))
    if place == "footer":
        ty = p.h - 26
    p.t(max(14, min(x, p.w - 10 - p.width(text, size, bold))), ty, text, size, bold=bold)  # within the right margin
    y = max(y, ty) + 6 if place in ("body", "small") else y
    if kind == "direct_debit":
        B.payer_account(p, bill, x if place != "footer" else at.get("body", (20, 0))[0], y, 8.5)
        y += 6
    return y


def zero_rows(bill):
    """'Amount paid -1.234,56' and 'Amount due 0,00' after the totals: a balance settled in numbers."""
    return [(bill.label("amount_paid"), "-" + bill.money(bill.total)), (bill.label("amount_due"), bill.money(D("0.00")))]


def settled_extras(p, bill, x, y):
    """What a settled bill may still print: the total in large type, its bank details and reference."""
    r = bill.rng
    if r.random() < 0.35:
        p.b(x, y + 4, "%s %s" % (bill.label("amount_total"), bill.money(bill.total)), r.choice([13, 15]))
        y += 12
    if r.random() < 0.6:
        y = B.kv(p, x, y + 4, B.payment_rows(bill, amount=False, due=False), 8.5, gap=40)
    return y


def stamp(p, bill, x, y):
    """A paid stamp in any of the lexicon's paid phrases, its colour, size and angle drawn."""
    r = bill.rng
    p.stamp(x, y, phrase(bill, "paid").upper(), r.choice([18, 22, 28]), r.choice(STAMP_COLORS), r.choice([0, 12, 18, -10]))


def total_row_y(bill, end, lead=5):
    """The y of the total's row in a totals block (blocks.totals_block) that ends at end."""
    keys = [k for k, _ in B.totals_rows(bill)]
    total = bill.label("amount_total")
    return end - lead * (len(keys) - (keys.index(total) if total in keys else len(keys) - 1))
