"""Layout families 36-41: a letterhead listing several of the issuer's accounts beside a slip or payment
block naming exactly one of them (truth: that one), and buyer-side references in the header beside the
payment reference the page asks for (truth: the requested one, or none)."""
import blocks as B
import slips as S
import wording as W


def set_label(bill, key, phrase):
    """Fix the document's wording of a label key (the slip's own caption, say) before it is first used."""
    bill.lbl.chosen[key] = bill.tx(phrase)


def pick_account(bill, n):
    """The account the slip names: any of the n listed, not always the first."""
    bill.listed = bill.accounts[:n]
    bill.account = bill.rng.choice(bill.listed)


def accounts_line(bill, caption, sep):
    return "%s: %s" % (bill.tx(caption), sep.join(bill.acc(a, compact=bill.rng.random() < 0.3) for a in bill.listed))


def letterhead_accounts(p, bill, caption, y=14):
    """Issuer, address and the list of its accounts at the top of the page."""
    p.b(14, y, bill.issuer, 14, color=p.accent)
    p.t(14, y + 5, " · ".join(bill.issuer_addr + [bill.v["vat_id"] + " " + bill.vat_id]), 7.5)
    line = accounts_line(bill, caption, bill.rng.choice([", ", " · ", "; ", "   "]))
    if bill.bic:
        line += " · BIC " + bill.bic
    size = 7.5 if p.width(line, 7.5) < p.w - 28 else 6.2
    p.t(14, y + 9, line, size)
    p.hline(14, p.w - 14, y + 12, 0.5, gray=0.4)
    return y + 20


def invoice_body(p, bill, y, lines=None, **totals):
    B.address_window(p, bill, 16, y + 6)
    B.kv(p, 118, y + 6, B.meta_rows(bill, order=False), 8, gap=34)
    lines = lines or bill.items(bill.rng.randrange(2, 4))
    bill.totals(lines, **totals)
    top = B.items_table(p, bill, 16, y + 34, lines, (94, 14, 32, 36))
    return B.totals_block(p, bill, 194, top + 7)


def letterhead_accounts_rs(bill, doc):
    """Serbian bill: 'Tekući računi: 340-…-52, 115-…-80' at the top, a payment order naming one of them."""
    pick_account(bill, bill.rng.choice([2, 3]))
    set_label(bill, "account", "račun primaoca")
    p = doc.new_page(face=bill.rng.choice(["sans", "cond"]))
    y = letterhead_accounts(p, bill, W.ACCOUNTS["sr"][0])
    invoice_body(p, bill, y, previous=bill.scaled(0, 5000) if bill.rng.random() < 0.4 else None)
    B.payer_account(p, bill, 16, 180)
    S.rs_order(p, bill, above=bill.rng.random() < 0.5, code=bill.rng.choice(["189", "221", "289"]))


SLIPS = {"hr": S.hub3, "sl": S.upn, "de": S.at_transfer}


def letterhead_accounts_slip(bill, doc):
    """Croatian, Slovenian or Austrian bill: the letterhead lists two or three IBANs, the national slip
    names one under its caption (IBAN primatelja, IBAN prejemnika, Empfänger IBAN)."""
    pick_account(bill, bill.rng.choice([2, 3]))
    bill.make_reference({"hr": "plain", "sl": "rf"}.get(bill.lang, bill.ref_kind))
    head, pay_into, _ = W.ACCOUNTS[bill.lang]
    set_label(bill, "account", pay_into)
    p = doc.new_page()
    y = letterhead_accounts(p, bill, head)
    invoice_body(p, bill, y, rounding=bill.rng.random() < 0.3)
    B.payer_account(p, bill, 16, 182)
    SLIPS[bill.lang](p, bill)


def letterhead_accounts_iban(bill, doc):
    """Any language: 'Bank accounts: IBAN A · IBAN B' in the header, a framed payment block with one of
    them under its own caption ('Account to pay into'); the footer repeats the issuer's details."""
    pick_account(bill, bill.rng.choice([2, 3]))
    head, pay_into, title = W.ACCOUNTS[bill.lang]
    p = doc.new_page(face=bill.rng.choice(["sans", "serif"]))
    y = letterhead_accounts(p, bill, head)
    y = invoice_body(p, bill, y, discount=bill.rng.random() < 0.3)
    rows = [(bill.label("payee"), bill.issuer), (bill.tx(pay_into) + ":", bill.acc())]
    if bill.bic:
        rows.append((bill.label("bic"), bill.bic))
    if bill.reference:
        rows.append((bill.label("reference"), bill.ref()))
    rows += [(bill.label("due_date"), bill.date(bill.due)), (bill.label("amount_due"), bill.money(bill.amount_due))]
    p.rect(14, y + 6, 182, 9 + 5 * len(rows), lw=0.9)
    p.b(17, y + 12, bill.tx(title), 9.5, color=p.accent)
    B.kv(p, 17, y + 18, rows, 8.8, gap=50, lead=5, bold_last=True)
    p.hline(14, p.w - 14, p.h - 18, 0.4, gray=0.5)
    p.t(14, p.h - 14, "%s · %s · %s %s" % (bill.issuer, ", ".join(bill.issuer_addr), bill.v["phone"], bill.phone), 6.6)


# ---- buyer-side references -------------------------------------------------------------------------


def buyer_numbers(bill):
    """Numbers a buyer's or issuer's header carries that are not the payment reference."""
    r = bill.rng
    return {
        "your_ref": r.choice(["CUSTREF", "CR-", "KD", "REF"]) + str(r.randrange(100, 99999)),
        "customer_ref": r.choice(["C", "K", ""]) + str(r.randrange(10 ** 5, 10 ** 8)),
        "order_no": bill.order_no,
        "project": r.choice(["PROJET", "PRJ", "P-"]) + str(r.randrange(1000, 9999)),
        "contract": "CT%04d%02d%02d%02d" % (bill.order_date.year, bill.order_date.month, bill.order_date.day,
                                             r.randrange(1, 99)),
        "po": r.choice(["PO-", "4500", "PO"]) + str(r.randrange(10 ** 5, 10 ** 7)),
        "our_ref": "F%02d%02d-%03d" % (bill.issue.year % 100 - 1, bill.issue.year % 100, r.randrange(1, 400)),
    }


def header_refs(bill, keys):
    words, values = W.buyer(bill.lang), buyer_numbers(bill)
    colon = bill.rng.choice([":", ":", ""])
    return [(words[k] + colon, values[k]) for k in keys]


def requested_reference(bill):
    """The reference the page asks for, as printed, and set as truth (compact: spaces removed)."""
    r = bill.rng
    kind = r.choice(["dated", "letters", "parts", "rf"])
    if kind == "dated":
        shown = "%04d%02d%02d%03d" % (bill.issue.year, bill.issue.month, bill.issue.day, r.randrange(1, 999))
    elif kind == "letters":
        shown = "F%d%04d%s" % (bill.issue.year, r.randrange(1, 9999), bill.payer.split()[-1].upper()[:6])
    elif kind == "parts":
        shown = "%s: %s %s %s" % (bill.v["cust"], bill.customer_no, bill.label("invoice_number", True), bill.invoice_no)
    else:
        bill.make_reference("rf")
        shown = bill.ref()
    bill.ref_kind, bill.reference = "text", shown.replace(" ", "")
    return shown


def header_invoice(p, bill, keys):
    """Letterhead, address, a meta block with buyer-side numbers, items and totals; returns y below them."""
    B.letterhead(p, bill, bill.rng.choice([0, 1, 3]))
    B.address_window(p, bill, 18, 44)
    rows = B.meta_rows(bill, order=False, due=False) + header_refs(bill, keys)
    B.kv(p, 112, 44, rows, 8, gap=36)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 96, lines, (92, 14, 34, 36))
    return B.totals_block(p, bill, 194, y + 7)


def buyer_ref_request(bill, doc):
    """Header: your reference, order number, project, contract, PO; below the totals the page asks for
    another reference ('Please use the following communication for your payment: 202309097001')."""
    keys = bill.rng.sample(["your_ref", "customer_ref", "order_no", "project", "contract", "po"], 3)
    p = doc.new_page(face=bill.rng.choice(["sans", "serif", "cond"]))
    y = header_invoice(p, bill, keys)
    shown = requested_reference(bill)
    line = "%s: %s" % (W.buyer(bill.lang)["request"], shown)
    if bill.rng.random() < 0.5 and p.width(line, 9) < p.w - 30:
        p.t(18, y + 10, line, 9)
    elif bill.rng.random() < 0.5:
        p.t(18, y + 10, W.buyer(bill.lang)["request"] + ":", 9)
        p.b(18, y + 15, shown, 9)
        y += 5
    else:
        p.b(18, y + 10, "%s %s" % (bill.label("reference"), shown), 9)
    rows = [(bill.label("account"), bill.acc()), (bill.label("due_date"), bill.date(bill.due)),
            (bill.label("amount_due"), bill.money(bill.amount_due))]
    B.kv(p, 18, y + 18, rows, 8.5, gap=40)
    B.footer(p, bill, n_accounts=2, wrap=True)


def buyer_ref_header(bill, doc):
    """'Reference: CUSTREF123' (a buyer's reference, in the wording of a reference) in the header; the
    payment block gives the payment reference under the lexicon's label."""
    p = doc.new_page()
    others = [w for w in bill.lbl.lex.phrases(bill.lang, "reference_payer", bill.script)
              if w not in ("?",)] + [W.buyer(bill.lang)["your_ref"], W.buyer(bill.lang)["customer_ref"]]
    chosen = bill.lbl.raw("reference")
    others += [w for w in bill.lbl.lex.phrases(bill.lang, "reference", bill.script) if w != chosen][:2]
    word = bill.rng.choice(others)
    B.letterhead(p, bill, bill.rng.choice([0, 2]))
    B.address_window(p, bill, 18, 44)
    value = buyer_numbers(bill)[bill.rng.choice(["your_ref", "project", "po"])]
    rows = B.meta_rows(bill, due=False) + [(word[:1].upper() + word[1:] + ":", value)]
    B.kv(p, 112, 44, rows, 8, gap=36)
    lines = bill.items()
    bill.totals(lines, discount=bill.rng.random() < 0.3)
    y = B.items_table(p, bill, 18, 96, lines, (92, 14, 34, 36))
    y = B.totals_block(p, bill, 194, y + 7)
    B.kv(p, 18, y + 10, B.payment_rows(bill), 8.8, gap=42, bold_last=True)
    B.footer(p, bill, wrap=True)


def our_reference_only(bill, doc):
    """An invoice that asks for no reference at all but prints 'Our reference F2324-001' and the buyer's
    references in its header (truth: reference null)."""
    bill.make_reference(None)
    p = doc.new_page(face="serif")
    y = header_invoice(p, bill, ["our_ref"] + bill.rng.sample(["your_ref", "order_no", "po"], 2))
    B.kv(p, 18, y + 10, B.payment_rows(bill), 8.8, gap=42, bold_last=True)
    B.footer(p, bill, n_accounts=bill.rng.choice([1, 2]), wrap=True)


FAMILIES = [
    ("letterhead-accounts-rs", ["sr"], letterhead_accounts_rs, {}),
    ("letterhead-accounts-slip", ["hr", "sl", "de"], letterhead_accounts_slip,
     {"country_by_language": {"de": "AT"}}),
    ("letterhead-accounts-iban", "any", letterhead_accounts_iban, {}),
    ("buyer-ref-request", W.BUYER_LANGS, buyer_ref_request, {}),
    ("buyer-ref-header", W.BUYER_LANGS, buyer_ref_header, {}),
    ("our-reference-only", W.BUYER_LANGS, our_reference_only, {}),
]
