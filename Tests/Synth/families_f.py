"""Layout families 42-44: free-text remittance lines that ask for the invoice number ('Please quote
invoice number 2024-1187 with your payment', 'Bitte geben Sie bei Zahlung die Rechnungsnummer an'),
worded from the lexicons (reference_before, reference_free, invoice_number) in every language.
Truth: the invoice number as the reference."""
import blocks as B
import wording as W


def phrases(bill, key):
    """The lexicon's plain phrases of a key (no '*' patterns), or [] when it has none of its own."""
    lex = bill.lbl.lex
    own = lex.tables.get(bill.lang, {}).get(key)
    if not own:
        return []
    return [p for p in lex.phrases(bill.lang, key, bill.script) if not p.startswith("*") and len(p) <= 32]


def cap(s):
    return s[:1].upper() + s[1:]


def invoice_number_reference(bill, doc):
    """A new invoice number in one of the shapes invoices use; it is the payment reference."""
    r = bill.rng
    year = bill.issue.year
    bill.invoice_no = r.choice(["%d-%04d" % (year, r.randrange(1, 9999)), "RE-%d-%04d" % (year, r.randrange(1, 9999)),
                                "%d/%05d" % (year, r.randrange(1, 99999)), str(r.randrange(10 ** 5, 10 ** 8))])
    bill.make_reference(None)
    bill.ref_kind, bill.reference = "plain", bill.invoice_no
    doc.c.setTitle("%s %s" % (bill.v["inv"], bill.invoice_no))


def quote_sentence(bill, with_number):
    """The request in the document's language: a natural sentence where one is known, else the lexicon's
    'invoice number' + 'as payment reference' phrases, else its free-text caption + 'invoice number'."""
    n = bill.invoice_no
    natural = W.QUOTE.get(bill.lang)
    inv = phrases(bill, "invoice_number") or [bill.v["inv"]]
    before, free = phrases(bill, "reference_before"), phrases(bill, "reference_free")
    r = bill.rng
    if natural and r.random() < 0.5:
        return natural[0].format(n=n) if with_number else natural[1]
    noun = r.choice(inv)
    if before:
        tail = r.choice(before)
        return cap("%s %s %s." % (noun, n, tail) if with_number else "%s %s." % (noun, tail))
    if free:
        return "%s: %s" % (cap(r.choice(free)), "%s %s" % (noun, n) if with_number else noun)
    return "%s: %s %s" % (bill.label("reference", False), noun, n)


def invoice_page(p, bill, meta_invoice=True):
    B.letterhead(p, bill, bill.rng.choice([0, 1, 2, 3]))
    B.address_window(p, bill, 18, 44)
    B.kv(p, 114, 44, B.meta_rows(bill, invoice=meta_invoice), 8, gap=34)
    if not meta_invoice:
        p.b(18, 84, "%s %s" % (bill.v["inv"], bill.invoice_no), 13)
    lines = bill.items()
    bill.totals(lines, discount=bill.rng.random() < 0.3)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    return B.totals_block(p, bill, 194, y + 7)


def bank_rows(bill):
    rows = [(bill.label("payee"), bill.issuer), (bill.label("account"), bill.acc())]
    if bill.bic:
        rows.append((bill.label("bic"), bill.bic))
    return rows + [(bill.label("due_date"), bill.date(bill.due))]


def quote_number_elsewhere(bill, doc):
    """The request names no number ('Please quote the invoice number with your payment'); the number
    is in the header only (as a title or in the meta block)."""
    invoice_number_reference(bill, doc)
    p = doc.new_page(face=bill.rng.choice(["sans", "serif"]))
    y = invoice_page(p, bill, meta_invoice=bill.rng.random() < 0.5)
    y = B.kv(p, 18, y + 10, bank_rows(bill), 8.8, gap=42)
    p.b(18, y + 6, quote_sentence(bill, with_number=False), 9)
    B.footer(p, bill, n_accounts=1, wrap=True)


def remittance_free_text(bill, doc):
    """The request with the number in a shaded note beside the customer and order numbers."""
    invoice_number_reference(bill, doc)
    p = doc.new_page(face="cond")
    y = invoice_page(p, bill)
    y = B.kv(p, 18, y + 10, bank_rows(bill) + [(bill.v["cust"] + ":", bill.customer_no)], 8.8, gap=42)
    p.rect(16, y + 3, 178, 9, lw=0, fill=(0.93, 0.93, 0.9), stroke=False)
    p.t(18, y + 9, quote_sentence(bill, with_number=True), 8.8)
    B.footer(p, bill, n_accounts=2, wrap=True)


def quote_invoice_number(bill, doc):
    """The request with the number as the last line of the payment details (one bill per language)."""
    invoice_number_reference(bill, doc)
    p = doc.new_page()
    y = invoice_page(p, bill)
    y = B.kv(p, 18, y + 10, bank_rows(bill) + [(bill.label("amount_due"), bill.money(bill.amount_due))], 8.8,
             gap=42, bold_last=True)
    p.t(18, y + 6, quote_sentence(bill, with_number=True), 9)
    B.footer(p, bill, wrap=True)


quote_invoice_number.one_per_language = True

FAMILIES = [
    ("quote-number-elsewhere", "any", quote_number_elsewhere, {}),
    ("remittance-free-text", "any", remittance_free_text, {}),
    ("quote-invoice-number", "any", quote_invoice_number, {}),
]
