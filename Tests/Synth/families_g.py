"""Layout families 45-48: accounts that are not IBANs. UK sort code + account number, Indian account +
IFSC, Nordic and Swiss national forms (Swedish bankgiro / plusgiro with an OCR reference, Norwegian
account with KID, Danish reg. no. + account, Swiss postal account with a 27-digit reference), and US
bank account + ABA routing number. Truth: the account compact, account_scheme, and routing / sort_code /
ifsc where the scheme has them."""
import blocks as B
import checksums as ck
import national
import wording as W


def use_national(bill, scheme, n=2):
    """Replace the issuer's accounts by n accounts of a national scheme (the first is the one to pay)."""
    bill.accounts = [national.make(bill.rng, scheme) for _ in range(n)]
    bill.account = bill.accounts[0]
    bill.bic = None


def national_invoice(p, bill, meta_extra=()):
    B.letterhead(p, bill, bill.rng.choice([0, 1, 3]))
    B.address_window(p, bill, 18, 44)
    B.kv(p, 114, 44, B.meta_rows(bill, extra=meta_extra), 8, gap=34)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 34, 36))
    return B.totals_block(p, bill, 194, y + 7)


def company_footer(p, bill, extra):
    p.hline(14, p.w - 14, p.h - 20, 0.4, gray=0.5)
    p.t(14, p.h - 16, "%s · %s · %s %s" % (bill.issuer, ", ".join(bill.issuer_addr), bill.v["phone"], bill.phone), 6.6,
        color=(0.3, 0.3, 0.3))
    p.t(14, p.h - 12.5, extra, 6.6, color=(0.3, 0.3, 0.3))


def framed_rows(p, bill, y, title, rows):
    p.rect(16, y, 120, 8 + 5 * len(rows), lw=0.7)
    p.b(19, y + 5.5, title, 9)
    return B.kv(p, 19, y + 11, rows, 8.8, gap=44, lead=5)


def gb_sort_code(bill, doc):
    """UK invoice: 'Sort code: 12-34-56 Account number: 12345678', an 8-digit company number in the footer."""
    use_national(bill, "gb-sort-code")
    w = W.NATIONAL["gb-sort-code"]["en"]
    bill.make_reference("plain")
    p = doc.new_page(face=bill.rng.choice(["sans", "serif"]))
    y = national_invoice(p, bill)
    a = bill.account
    rows = [("Account name:", bill.issuer), (w["sort_code"] + ":", a.shown["sort_code"]), (w["account"] + ":", a.printed),
            (bill.label("reference"), bill.ref()), (bill.label("due_date"), bill.date(bill.due))]
    framed_rows(p, bill, y + 8, w["remit"] + ":", rows)
    company = "%s %08d · %s %s" % (w["company"], bill.rng.randrange(10 ** 6, 10 ** 8), bill.v["vat_id"], bill.vat_id)
    company_footer(p, bill, company)


def in_ifsc(bill, doc):
    """Indian tax invoice: 'A/c No.: 50100012345678 IFSC: HDFC0001234', GSTIN and PAN; no reference asked."""
    w = W.NATIONAL["in-ifsc"]["en"]
    bill.make_reference(None)
    r = bill.rng
    pan = "".join(r.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(5)) + "%04d" % r.randrange(10 ** 4) + r.choice("ABCDEFGH")
    gstin = "%02d%s1Z%s" % (r.randrange(1, 37), pan, r.choice("0123456789ABCDEF"))
    p = doc.new_page()
    y = national_invoice(p, bill, [(w["gstin"] + ":", gstin)])
    a = bill.account
    bank = {"HDFC": "HDFC Bank", "ICIC": "ICICI Bank", "SBIN": "State Bank of India", "UTIB": "Axis Bank",
            "KKBK": "Kotak Mahindra Bank"}[a.extra["ifsc"][:4]]
    rows = [(w["bank"] + ":", bank), (w["account"] + ":", a.printed), (w["ifsc"] + ":", a.shown["ifsc"]),
            (bill.label("due_date"), bill.date(bill.due))]
    framed_rows(p, bill, y + 8, w["remit"] + ":", rows)
    company_footer(p, bill, "%s: %s · %s: %s" % (w["gstin"], gstin, w["pan"], pan))


NORDIC = {"sv": None, "nb": "no-account", "da": "dk-account", "de": "ch-postal", "fr": "ch-postal", "it": "ch-postal"}


def nordic_reference(bill, scheme):
    """OCR (Luhn), KID (Luhn), a Danish payment id, or a Swiss 27-digit reference (mod 10 recursive)."""
    body = bill.invoice_no
    if scheme == "ch-postal":
        body = body.rjust(26, "0")
        ref = body + ck.mod10_recursive(body)
        shown = ref[:2] + " " + " ".join(ref[i:i + 5] for i in range(2, 27, 5))
    elif scheme == "dk-account":
        ref = shown = body
    else:
        ref = shown = body + ck.luhn_digit(body)
    bill.make_reference(None)
    bill.ref_kind, bill.reference = "plain", ref
    return shown


def nordic_giro(bill, doc):
    """Swedish bankgiro / plusgiro, Norwegian account, Danish reg. no. + account or Swiss postal account,
    each with the reference form of its country."""
    scheme = NORDIC[bill.lang] or bill.rng.choice(["se-bankgiro", "se-plusgiro"])
    use_national(bill, scheme)
    w = W.NATIONAL[scheme][bill.lang]
    shown = nordic_reference(bill, scheme)
    p = doc.new_page(face=bill.rng.choice(["sans", "cond"]))
    y = national_invoice(p, bill)
    a = bill.account
    if scheme == "dk-account":
        rows = [(w["reg"], a.parts[0]), (w["account"], a.parts[1])]
    else:
        rows = [(w["account"] + ":", a.printed)]
    ref_word = w.get("ref") or bill.label("reference", False)
    rows += [(ref_word + ":", shown), (bill.label("due_date"), bill.date(bill.due)),
             (bill.label("amount_due"), bill.money(bill.amount_due))]
    framed_rows(p, bill, y + 8, bill.label("payee", False) + ": " + bill.issuer, rows)
    company_footer(p, bill, "%s %s" % (bill.v["vat_id"], bill.vat_id))


def us_aba(bill, doc):
    """US invoice: 'Bank Account: 1234567890', 'Routing number (ABA): 0XXXXXXXX', a wire SWIFT, an EIN."""
    w = W.NATIONAL["us-aba"]["en"]
    bill.make_reference("plain")
    r = bill.rng
    ein = "%02d-%07d" % (r.randrange(10, 99), r.randrange(10 ** 7))
    p = doc.new_page(face=r.choice(["sans", "serif"]))
    y = national_invoice(p, bill, [("Terms:", "Net %d" % r.choice([15, 30, 45]))])
    a = bill.account
    rows = [(w["bank"] + ":", r.choice(["First Prairie Bank", "Harbor National Bank", "Summit Trust Bank"])),
            (w["account"] + ":", a.printed), (w["routing"] + ":", a.shown["routing"]),
            (bill.label("reference"), bill.ref())]
    y = framed_rows(p, bill, y + 8, w["remit"] + ":", rows)
    # The wire SWIFT printed is the issuer's BIC (the truth's bic, as pp-extract should read it).
    bill.bic = "BNKAUS3N" + r.choice(["", "XXX"])
    p.t(18, y + 6, "%s %s" % (w["wire"], bill.bic), 7.5)
    company_footer(p, bill, "EIN %s" % ein)


FAMILIES = [
    ("gb-sort-code", ["en"], gb_sort_code, {"country": "GB"}),
    ("in-ifsc", ["en"], in_ifsc, {"country": "IN"}),
    ("nordic-giro", ["sv", "nb", "da", "de", "fr", "it"], nordic_giro,
     {"country_by_language": {"de": "CH", "fr": "CH", "it": "CH"}}),
    ("us-aba", ["en"], us_aba, {"country": "US"}),
]
