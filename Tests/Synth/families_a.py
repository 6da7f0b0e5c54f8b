"""Layout families 0-11: classic letterheads, key-value pages, national slips, stubs, reminders,
utility, telecom and rent bills. Each takes (bill, doc) and draws the whole document."""
import blocks as B
import slips as S
from locale_data import D, q


def letterhead_table(bill, doc):
    """Logo letterhead, address window left, meta right, item table, totals bottom right, bank footer."""
    p = doc.new_page(face=bill.rng.choice(["sans", "serif"]))
    B.letterhead(p, bill, 0)
    B.sender_line(p, bill, 20, 46)
    B.address_window(p, bill, 20, 53, label=False)
    B.kv(p, 118, 50, B.meta_rows(bill), 8.2, gap=34)
    p.b(20, 92, "%s %s" % (bill.v["inv"], bill.invoice_no), 14)
    lines = bill.items()
    bill.totals(lines, discount=bill.rng.random() < 0.4)
    y = B.items_table(p, bill, 20, 100, lines, (86, 16, 32, 36))
    y = B.totals_block(p, bill, 190, y + 9)
    y = B.kv(p, 20, y + 8, B.payment_rows(bill, amount=False, payee=False, bic=False), 8.5, gap=40)
    B.payer_account(p, bill, 20, y + 4)
    p.t(20, y + 12, bill.v["thanks"] + ".", 8.5)
    B.footer(p, bill)


def footer_kv(bill, doc):
    """Sparse header; body is a key-value list of payment details; issuer accounts in the footer."""
    p = doc.new_page(face="cond")
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 20, 42)
    p.b(20, 70, bill.v["inv"].upper(), 16, color=p.accent)
    y = B.kv(p, 20, 80, B.meta_rows(bill, order=False, due=False), 9, gap=45)
    lines = bill.items(bill.rng.randrange(1, 3))
    bill.totals(lines)
    y = B.items_table(p, bill, 20, y + 6, lines, (90, 14, 30, 36), style="plain")
    y = B.totals_block(p, bill, 190, y + 8, width=70)
    p.hline(20, 190, y + 2, 0.3)
    B.kv(p, 20, y + 10, B.payment_rows(bill), 9.5, gap=48, bold_last=True)
    B.footer(p, bill, n_accounts=2)


def at_transfer_slip(bill, doc):
    """Austrian utility-style bill with a transfer form filling the lower third of the page."""
    p = doc.new_page()
    B.letterhead(p, bill, 3)
    B.address_window(p, bill, 18, 38)
    B.kv(p, 18, 62, B.meta_rows(bill, order=False), 8, gap=40)
    lines = bill.items(bill.rng.randrange(2, 4))
    bill.totals(lines, previous=bill.scaled(0, 9000) if bill.rng.random() < 0.5 else None)
    y = B.items_table(p, bill, 18, 92, lines, (92, 14, 32, 36), style="grid")
    B.totals_block(p, bill, 192, y + 7, width=76)
    B.payer_account(p, bill, 18, 180)
    bill.account = bill.accounts[0]
    S.at_transfer(p, bill)


def hub3_slip(bill, doc):
    """Croatian-style bill: compact header table and a slip below it."""
    p = doc.new_page()
    B.letterhead(p, bill, 2)
    B.address_window(p, bill, 14, 40)
    B.kv(p, 120, 40, B.meta_rows(bill, order=False), 8, gap=34)
    lines = bill.items()
    bill.totals(lines, rounding=bill.rng.random() < 0.3)
    y = B.items_table(p, bill, 14, 72, lines, (96, 14, 34, 38), style="dark")
    B.totals_block(p, bill, 196, y + 7)
    B.bank_text(p, bill, 14, 182, 2, 7)
    S.hub3(p, bill)


def upn_slip(bill, doc):
    """Slovenian-style bill: totals in a right column next to the items, slip at the foot."""
    p = doc.new_page(face="serif")
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 18, 40)
    B.kv(p, 18, 64, B.meta_rows(bill), 8, gap=40)
    lines = bill.items(bill.rng.randrange(2, 5))
    bill.totals(lines, discount=True)
    y = B.items_table(p, bill, 14, 92, lines, (46, 14, 20, 22), size=7)
    y2 = B.totals_block(p, bill, 198, 97, width=70, size=7.4, box=True)
    y = max(y, y2)
    B.payer_account(p, bill, 18, y + 8)
    B.bank_text(p, bill, 18, 186, 3, 6.8)
    S.upn(p, bill)


def rs_order_above(bill, doc):
    """Serbian bill with a payment order whose captions sit above the boxes."""
    p = doc.new_page()
    B.letterhead(p, bill, 1)
    B.address_window(p, bill, 18, 40)
    extra = [(bill.v["meter"] + ":", bill.meter_id)]
    B.kv(p, 112, 40, B.meta_rows(bill, order=False, extra=extra), 8, gap=36)
    lines = bill.items(bill.rng.randrange(2, 4))
    bill.totals(lines, previous=bill.scaled(0, 5000) if bill.rng.random() < 0.5 else None)
    y = B.items_table(p, bill, 18, 76, lines, (90, 16, 32, 36))
    B.totals_block(p, bill, 192, y + 7)
    B.bank_text(p, bill, 18, 174, 3, 6.8, False)
    B.payer_account(p, bill, 18, 179)
    S.rs_order(p, bill, above=True, code=bill.rng.choice(["189", "221", "289"]))


def rs_order_below(bill, doc):
    """Serbian bill, key-value summary instead of a table, order with captions under the boxes."""
    p = doc.new_page(face="cond")
    B.letterhead(p, bill, 2)
    B.address_window(p, bill, 16, 40)
    lines = bill.items(bill.rng.randrange(1, 3))
    bill.totals(lines, paid=bill.scaled(0, 3000) if bill.rng.random() < 0.5 else None)
    rows = B.meta_rows(bill, order=False) + B.totals_rows(bill)
    B.kv(p, 16, 70, rows, 9, value_align="r", vx=120, bold_last=True)
    B.payer_account(p, bill, 16, 170)
    S.rs_order(p, bill, above=False, code=bill.rng.choice(["189", "221", "290"]))


def remittance_stub(bill, doc):
    """Service invoice with a detachable stub; the payer's own account appears in the body."""
    p = doc.new_page()
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 20, 44)
    B.kv(p, 120, 44, B.meta_rows(bill), 8, gap=32)
    lines = bill.items()
    bill.totals(lines)
    y = B.items_table(p, bill, 20, 84, lines, (86, 16, 32, 36), style="grid")
    y = B.totals_block(p, bill, 190, y + 7)
    B.payer_account(p, bill, 20, y + 6)
    B.bank_text(p, bill, 20, 212, 3, 6.8)
    S.stub(p, bill)


def reminder(bill, doc):
    """Payment reminder: a list of overdue invoices, a reminder fee and the new amount due."""
    p = doc.new_page(face="serif")
    B.letterhead(p, bill, 1)
    B.sender_line(p, bill, 20, 40)
    B.address_window(p, bill, 20, 47, label=False)
    B.kv(p, 125, 47, B.meta_rows(bill, invoice=False, order=False), 8, gap=30)
    p.b(20, 80, bill.v["rem"], 15)
    r, rows, total = bill.rng, [[bill.v["inv"], bill.v["date"], bill.v["amt"]]], D(0)
    for _ in range(r.randrange(1, 4)):
        a = bill.scaled(2000, 60000)
        total += a
        rows.append([str(r.randrange(10 ** 6, 10 ** 8)), bill.date(bill.order_date), bill.num(a)])
    y = p.table(20, 88, [60, 50, 40], rows, size=8.5, aligns=["l", "l", "r"])
    fee = bill.scaled(500, 2000)
    bill.subtotal = bill.vat = bill.total = bill.discount = bill.rounding = D(0)
    bill.previous, bill.paid, bill.fee = q(total), D(0), fee
    bill.amount_due = q(total + fee)
    rows = [(bill.label("amount_previous"), bill.money(total)), (bill.v["fee"] + ":", bill.money(fee)),
            (bill.label("amount_due"), bill.money(bill.amount_due))]
    y = B.kv(p, 100, y + 10, rows, 9.5, value_align="r", vx=170, bold_last=True)
    B.kv(p, 20, y + 10, B.payment_rows(bill, amount=False), 9, gap=45)
    B.footer(p, bill, n_accounts=2)


def utility(bill, doc):
    """Utility bill: meter readings, consumption, previous debt, payments received."""
    p = doc.new_page()
    B.letterhead(p, bill, 2)
    B.address_window(p, bill, 16, 38)
    v = bill.v
    B.kv(p, 120, 38, [(v["cust"] + ":", bill.customer_no), (v["meter"] + ":", bill.meter_id),
                      (bill.label("invoice_number"), bill.invoice_no), (v["period"] + ":", bill.date(bill.order_date))], 8, gap=34)
    r = bill.rng
    old = r.randrange(1000, 90000)
    new = old + r.randrange(80, 4000)
    p.table(16, 66, [40, 30, 30, 30], [[v["meter"], "", "", v["cons"]], [bill.meter_id, str(old), str(new), "%d kWh" % (new - old)]],
            size=8, aligns=["l", "r", "r", "r"], style="grid")
    lines = bill.items(3)
    bill.totals(lines, previous=bill.scaled(1000, 20000), paid=bill.scaled(500, 9000))
    y = B.items_table(p, bill, 16, 86, lines, (96, 16, 32, 34))
    y = B.totals_block(p, bill, 194, y + 7, width=86)
    B.kv(p, 16, y + 8, B.payment_rows(bill, amount=False, payee=False), 8.5, gap=40)
    B.footer(p, bill)


def telecom(bill, doc):
    """Telecom bill: summary box top right, usage list with phone numbers, balance lines."""
    p = doc.new_page(face="cond", accent=(0.55, 0.1, 0.45))
    B.letterhead(p, bill, 0)
    B.address_window(p, bill, 16, 40)
    lines = bill.items(2, names=["Flat M 20 GB", "Roaming EU", "Premium SMS", "TV Basic", "Device instalment"])
    bill.totals(lines, previous=bill.scaled(1000, 6000), paid=None)
    bill.paid = bill.previous
    bill.amount_due = bill.total
    p.rect(118, 30, 78, 34, lw=0.8)
    B.kv(p, 121, 37, [(bill.label("invoice_number"), bill.invoice_no), (bill.v["cust"] + ":", bill.customer_no),
                      (bill.label("due_date"), bill.date(bill.due)), (bill.label("amount_due"), bill.money(bill.amount_due))],
         8, gap=36, bold_last=True)
    r = bill.rng
    usage = [[bill.v["phone"], bill.v["date"], "min", bill.v["amt"]]]
    for _ in range(4):
        usage.append(["+%d %d %07d" % (r.randrange(30, 49), r.randrange(10, 99), r.randrange(10 ** 7)),
                      bill.date(bill.order_date), str(r.randrange(1, 90)), bill.num(bill.scaled(5, 900))])
    y = p.table(16, 76, [60, 40, 20, 30], usage, size=7.5, aligns=["l", "l", "r", "r"])
    y = B.items_table(p, bill, 16, y + 8, lines, (90, 14, 36, 38))
    y = B.totals_block(p, bill, 194, y + 7)
    B.kv(p, 16, y + 8, B.payment_rows(bill, amount=False, due=False), 8.5, gap=40)
    B.footer(p, bill, n_accounts=3)


def rent_hoa(bill, doc):
    """Rent / owners' association notice: unit data list and a monthly breakdown without VAT."""
    p = doc.new_page(face="serif", accent=(0.2, 0.4, 0.2))
    B.letterhead(p, bill, 3)
    B.address_window(p, bill, 18, 36)
    v, r = bill.v, bill.rng
    p.b(18, 70, "%s · %s" % (v["rent"], v["service"]), 13)
    unit = "%s %d/%d" % (v["room"], r.randrange(1, 9), r.randrange(1, 40))
    B.kv(p, 18, 80, [(v["cust"] + ":", bill.customer_no), ("ID:", unit), (v["period"] + ":", bill.date(bill.issue))], 8.5, gap=40)
    names = [v["rent"], v["service"], v["cons"], v["fee"]]
    lines = [(n, 1, a, a) for n, a in zip(names, [bill.scaled(30000, 120000), bill.scaled(3000, 20000),
                                                  bill.scaled(1000, 8000), bill.scaled(200, 1500)])]
    bill.totals(lines)
    bill.vat, bill.total = D(0), bill.subtotal
    bill.amount_due = q(bill.total + bill.previous - bill.paid + bill.fee)
    y = p.table(18, 100, [110, 40], [[v["desc"], v["amt"]]] + [[n, bill.num(a)] for n, _, _, a in lines], size=9)
    p.b(18, y + 8, bill.label("amount_due"), 10)
    p.b(168, y + 8, bill.money(bill.amount_due), 10, align="r")
    B.kv(p, 18, y + 22, B.payment_rows(bill, amount=False), 9, gap=45)
    B.payer_account(p, bill, 18, y + 55)
    B.footer(p, bill, n_accounts=2)


FAMILIES = [
    ("letterhead-table", "any", letterhead_table, {}),
    ("footer-kv", "any", footer_kv, {}),
    ("at-transfer-slip", ["de"], at_transfer_slip, {"country": "AT"}),
    ("hub3-slip", ["hr"], hub3_slip, {"ref_kind": "plain"}),
    ("upn-slip", ["sl"], upn_slip, {"ref_kind": "rf"}),
    ("rs-order-above", ["sr"], rs_order_above, {}),
    ("rs-order-below", ["sr"], rs_order_below, {}),
    ("remittance-stub", "any", remittance_stub, {}),
    ("reminder", "any", reminder, {}),
    ("utility", "any", utility, {}),
    ("telecom", "any", telecom, {}),
    ("rent-hoa", "any", rent_hoa, {}),
]
