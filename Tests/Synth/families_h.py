"""Layout families 49-52: a payment code that contradicts the printed page (every code format in turn,
the code's amount or account differing in about half of the bills), and e-invoice prints with code-list
values beside the payment data (payment means code 58, VAT category S, unit codes C62 / H87, business-term
numbers), with or without a payment reference."""
import blocks as B
import checksums as ck
import codes as C
import wording as W
from locale_data import q

REF_KIND = {"epc-qr": "rf", "swiss-qr": "rf", "ips-qr": "model97", "upn-qr": "rf", "spayd": "vs", "bysquare": "vs",
            "hub3-pdf417": "vs"}


def other_account(bill):
    """A valid account of the bill's country that the page does not show (the forger's)."""
    shown = set(bill.accounts) | {bill.payer_account}
    while True:
        a = ck.rs_account(bill.rng.choice([160, 170, 205, 265]), bill.rng.randrange(10 ** 5, 10 ** 10)) \
            if bill.country == "RS" else ck.random_iban(bill.rng, bill.country)
        if a not in shown and not qr_iban(a):
            return a


def qr_iban(a):
    """A Swiss QR-IBAN (institution id 30000-31999) needs a QR reference; these bills use SCOR."""
    return a[:2] in ("CH", "LI") and 30000 <= int(a[4:9]) <= 31999


def contradiction(bill):
    """None, 'amount' or 'account': every other bill (by its number and the seed), kinds alternating."""
    k = bill.doc_index
    if (k + bill.seed) % 2 == 0:
        return None
    return "amount" if (k // 2) % 2 == 0 else "account"


def codes_contradict(bill, doc):
    """Invoice with a payment block and a payment code (EPC, Swiss QR, IPS, UPN, SPAYD, PAY by square,
    HUB-3); the code's payload may carry another amount or account than the page (a forged sticker).
    Truth: the printed values, code_format, code_contradicts."""
    fmt = C.FORMAT_OF_LANGUAGE[bill.lang]
    while qr_iban(bill.accounts[0]):
        bill.accounts[0] = ck.random_iban(bill.rng, bill.country)
    bill.account = bill.accounts[0]
    kind = REF_KIND[fmt]
    if kind == "vs":
        bill.make_reference(None)
        bill.ref_kind, bill.reference = "plain", bill.invoice_no
    else:
        bill.make_reference(kind)
    if fmt in ("spayd", "bysquare"):  # the variable symbol under its own caption
        bill.lbl.chosen["reference"] = {"cs": "variabilní symbol", "sk": "variabilný symbol"}[bill.lang]
    if fmt == "ips-qr":
        bill.payment_code = bill.rng.choice(["189", "221", "289"])
    p = doc.new_page(face=bill.rng.choice(["sans", "serif"]))
    B.letterhead(p, bill, bill.rng.choice([0, 1, 2]))
    B.address_window(p, bill, 18, 44)
    B.kv(p, 114, 44, B.meta_rows(bill), 8, gap=34)
    lines = bill.items(bill.rng.randrange(2, 5))
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    y = B.totals_block(p, bill, 194, y + 7)
    rows = B.payment_rows(bill)
    if bill.payment_code:
        rows.insert(1, (bill.tx("Šifra plaćanja:"), bill.payment_code))
    top = max(y + 8, 176)
    B.kv(p, 18, top + 6, rows, 8.6, gap=38, lead=5.2, bold_last=True)
    verdict = contradiction(bill)
    account, amount = bill.account, bill.amount_due
    if verdict == "amount":
        amount = q(amount + bill.scaled(1000, 90000))
    elif verdict == "account":
        account = other_account(bill)
    size = {"swiss-qr": 46, "hub3-pdf417": 60}.get(fmt, 36)
    x = 194 - size - 2
    p.t(x, top + 1.5, C.CAPTIONS[fmt], 6.5, color=(0.35, 0.35, 0.35))
    bottom = C.draw(p, fmt, x, top + 4, C.payload(fmt, bill, account, amount), size)
    p.rect(x - 3, top - 2, size + 6, bottom - top + 5, lw=0.4)  # every code framed alike, forged or not
    bill.truth_extra = {"code_format": fmt, "code_contradicts": verdict}
    B.footer(p, bill, n_accounts=1, wrap=True)


codes_contradict.one_per_language = True


# ---- code-list values of e-invoice prints ------------------------------------------------------------


def unit_table(p, bill, x, y, lines, w, size=7.8):
    """Items with a unit-code column (C62, H87, HUR ...) and a VAT category column."""
    v, r = bill.v, bill.rng
    head = [v["desc"], v["qty"], w["unit"], v["price"], w["vat_cat"], v["amt"]]
    rows = [head] + [[n, str(k), r.choice(W.UNITS), bill.num(u), "S", bill.num(a)] for n, k, u, a in lines]
    return p.table(x, y, [64, 12, 16, 30, 24, 30], rows, size=size, aligns=["l", "r", "c", "r", "c", "r"])


def means_rows(bill, w, bt=False, remit=True):
    """Payment data with the payment means code and, when asked, the reference as remittance information."""
    code = bill.rng.choice(sorted(W.MEANS))
    tag = (lambda n, s: "BT-%d %s" % (n, s)) if bt else (lambda n, s: s)
    rows = [(tag(81, w["means"]) + ":", "%s (%s)" % (code, W.MEANS[code])), (tag(84, "IBAN") + ":", bill.acc())]
    if bill.bic:
        rows.append((tag(86, "BIC") + ":", bill.bic))
    if remit and bill.reference:
        rows.append((tag(83, w["remit"]) + ":", bill.ref()))
    rows += [(tag(9, bill.label("due_date", False)) + ":", bill.date(bill.due)),
             (tag(115, bill.label("amount_due", False)) + ":", bill.money(bill.amount_due))]
    return rows


def vat_line(bill, w):
    return "%s S · %s%% · %s %s · %s %s" % (w["vat_cat"], bill.rate(), bill.label("amount_subtotal", False),
                                             bill.money(bill.subtotal), bill.label("amount_vat", False), bill.money(bill.vat))


def eprint_page(bill, doc, bt, remit):
    w = W.code_captions(bill.lang)
    p = doc.new_page(face="sans" if bt else "cond")
    B.letterhead(p, bill, 1 if bt else 2)
    B.address_window(p, bill, 18, 44)
    lw = "%05d-%05d-%02d" % (bill.rng.randrange(10 ** 5), bill.rng.randrange(10 ** 5), bill.rng.randrange(100))
    meta = B.meta_rows(bill, order=False, due=False) + [(("BT-10 " if bt else "") + w["buyer_ref"] + ":", lw)]
    B.kv(p, 112, 44, meta, 8, gap=36)
    lines = bill.items()
    bill.totals(lines)
    y = unit_table(p, bill, 18, 92, lines, w)
    p.t(18, y + 6, vat_line(bill, w), 8)
    y = B.totals_block(p, bill, 194, y + 14)
    p.b(18, y + 8, w["terms"] if not bt else "BG-16 " + w["terms"], 9, color=p.accent)
    B.kv(p, 18, y + 14, means_rows(bill, w, bt, remit), 8.5, gap=54, lead=4.8)
    p.t(18, p.h - 14, "%s: %s · %s %s" % (w["seller"], bill.issuer, bill.v["vat_id"], bill.vat_id), 6.8)


def code_list_values(bill, doc):
    """Invoice print with unit codes per line, 'VAT category S', 'Payment means code: 58' next to the IBAN
    and the reference as remittance information."""
    eprint_page(bill, doc, bt=False, remit=True)


def ubl_no_reference(bill, doc):
    """The same print asking for no reference: only code-list values and business-term numbers are near
    the payment data (truth: reference null)."""
    bill.make_reference(None)
    eprint_page(bill, doc, bt=bill.rng.random() < 0.5, remit=False)


def einvoice_view(bill, doc):
    """An e-invoice viewer's page: every caption prefixed with its business-term number (BT-81, BT-83 ...)."""
    eprint_page(bill, doc, bt=True, remit=True)


FAMILIES = [
    ("codes-contradict", sorted(C.FORMAT_OF_LANGUAGE), codes_contradict,
     {"country_by_language": {"de": "DE", "it": "CH"}}),
    ("code-list-values", W.CODE_LANGS, code_list_values, {}),
    ("ubl-no-reference", W.CODE_LANGS, ubl_no_reference, {}),
    ("einvoice-view", W.CODE_LANGS, einvoice_view, {}),
]
