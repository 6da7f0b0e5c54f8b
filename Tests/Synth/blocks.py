"""Reusable parts of a bill: letterheads, address windows, item tables, totals, bank details."""


def letterhead(p, bill, style=0, y=14):
    """Issuer name and address at the top; style picks the arrangement. Returns y below it."""
    if style == 0:
        p.logo(14, y - 6, bill.issuer, 14, "circle")
        p.lines(140, y - 4, bill.issuer_addr + [bill.v["phone"] + " " + bill.phone], 7.5)
    elif style == 1:
        p.b(105, y, bill.issuer, 16, "c", color=p.accent)
        p.t(105, y + 6, " · ".join(bill.issuer_addr + [bill.v["vat_id"] + " " + bill.vat_id]), 7.5, align="c")
        p.hline(14, 196, y + 9, 0.8)
    elif style == 2:
        p.rect(0, 0, p.w, y + 8, lw=0, fill=p.accent, stroke=False)
        p.b(14, y, bill.issuer, 15, color=(1, 1, 1))
        p.t(p.w - 14, y, ", ".join(bill.issuer_addr), 8, align="r", color=(1, 1, 1))
    else:
        p.logo(p.w - 80, y - 6, bill.issuer, 11, "square")
        p.lines(p.w - 68, y + 6, bill.issuer_addr, 7.5)
    return y + 16


def sender_line(p, bill, x, y):
    p.t(x, y, bill.issuer + " · " + " · ".join(bill.issuer_addr), 6.5, color=(0.35, 0.35, 0.35))
    p.hline(x, x + 85, y + 1.2, 0.3, gray=0.5)


def address_window(p, bill, x, y, label=True):
    if label:
        p.t(x, y - 5, bill.label("payer"), 7, color=(0.35, 0.35, 0.35))
    return p.lines(x, y, [bill.payer] + bill.payer_addr, 9.5)


def meta_rows(bill, invoice=True, customer=True, order=True, due=True, extra=()):
    rows = []
    if invoice:
        rows.append((bill.label("invoice_number"), bill.invoice_no))
    rows.append((bill.v["date"] + ":", bill.date(bill.issue)))
    if customer:
        rows.append((bill.v["cust"] + ":", bill.customer_no))
    if order:
        rows.append((bill.v["order"] + ":", "%s %s %s" % (bill.order_no, bill.v["of"], bill.date(bill.order_date))))
    if due:
        rows.append((bill.label("due_date"), bill.date(bill.due)))
    return rows + list(extra)


def kv(p, x, y, rows, size=8.5, gap=38, lead=4.6, bold_last=False, value_align="l", vx=None):
    """Label/value rows: values start gap mm right of the labels (or right-aligned at vx); the gap
    widens to the longest label, and a value that would run off the page goes under its label."""
    widest = max([p.width(k, size, True) for k, _ in rows] or [0])
    gap = max(gap, widest + 3)
    below = value_align != "r" and any(x + gap + p.width(v, size, True) > p.w - 6 for _, v in rows)
    if below:
        lead, gap = lead * 2, 0
    for i, (k, v) in enumerate(rows):
        bold = bold_last and i == len(rows) - 1
        p.t(x, y + i * lead, k, size, bold=bold)
        if value_align == "r":
            p.t(vx, y + i * lead, v, size, align="r", bold=bold)
        elif below:
            p.t(x + 2, y + i * lead + lead / 2, v, size, bold=bold)
        else:
            p.t(x + gap, y + i * lead, v, size, bold=bold)
    return y + len(rows) * lead


def items_table(p, bill, x, y, lines, widths=(88, 18, 32, 34), style="lines", size=8.2, number=False):
    v = bill.v
    head = [v["desc"], v["qty"], v["price"], v["amt"]]
    rows = [head] + [[n, str(qn), bill.num(u), bill.num(a)] for n, qn, u, a in lines]
    if number:
        head.insert(0, "#")
        rows = [head] + [[str(i + 1)] + r for i, r in enumerate(rows[1:])]
        widths = (8, widths[0] - 8) + tuple(widths[1:])
    return p.table(x, y, list(widths), rows, size=size, style=style,
                   aligns=(["r", "l"] if number else ["l"]) + ["r"] * 3)


def totals_rows(bill, show_total=True, due_key="amount_due"):
    rows = [(bill.label("amount_subtotal"), bill.money(bill.subtotal))]
    if bill.discount:
        rows.append((bill.label("amount_discount"), "-" + bill.money(bill.discount)))
    rows.append(("%s %s%%" % (bill.label("amount_vat", False), bill.rate()), bill.money(bill.vat)))
    if bill.rounding:
        rows.append((bill.label("amount_rounding"), bill.money(bill.rounding)))
    if show_total:
        rows.append((bill.label("amount_total"), bill.money(bill.total)))
    if bill.previous:
        rows.append((bill.label("amount_previous"), bill.money(bill.previous)))
    if bill.paid:
        rows.append((bill.label("amount_paid"), "-" + bill.money(bill.paid)))
    if bill.fee:
        rows.append((bill.v["fee"] + ":", bill.money(bill.fee)))
    if bill.payment_expected:
        rows.append((bill.label(due_key), bill.money(bill.amount_due)))
    return rows


def totals_block(p, bill, right, y, width=80, size=8.6, box=False, **kw):
    rows = totals_rows(bill, **kw)
    x = right - width
    lead = 5
    for i, (k, v) in enumerate(rows):
        last = i == len(rows) - 1 and bill.payment_expected
        if last:
            p.hline(x, right, y + i * lead - 3.6, 0.6)
            if box:
                p.rect(x - 1, y + i * lead - 4.2, width + 2, 6.2, lw=0.8)
        p.t(x, y + i * lead, k, size, bold=last)
        p.t(right - 1, y + i * lead, v, size, align="r", bold=last)
    return y + len(rows) * lead


def bank_line(bill, n=3, bank_word=True):
    """The issuer's accounts on one line: 'IBAN AT.. / 2. IBAN ..' style."""
    parts = []
    for i, a in enumerate(bill.accounts[:n]):
        lead = bill.label("account", False) if i == 0 else "%d. %s" % (i + 1, bill.label("account", False))
        parts.append("%s %s" % (lead, bill.acc(a)))
    s = " / ".join(parts)
    if bill.bic and bank_word:
        s += " · BIC " + bill.bic
    return s


def bank_text(p, bill, x, y, n=3, size=6.8, bic=True):
    """The issuer's accounts at (x, y), wrapped onto a second line when they do not fit."""
    parts = bank_line(bill, n, bic).split(" / ")
    lines, cur = [], ""
    for part in parts:
        cand = part if not cur else cur + " / " + part
        if cur and x + p.width(cand, size) > p.w - 6:
            lines.append(cur)
            cur = part
        else:
            cur = cand
    lines.append(cur)
    return p.lines(x, y, lines, size, size * 0.5)


def footer(p, bill, y=None, n_accounts=3, size=6.6, wrap=False):
    """Issuer details and accounts at the foot; wrap=True wraps the accounts at the page edge (the older
    families print them on one line, cut off where long, and keep doing so to keep their bytes)."""
    y = y or p.h - 16
    if wrap:
        y -= 3.5
    p.hline(14, p.w - 14, y - 4, 0.4, gray=0.5)
    p.t(14, y, "%s · %s · %s %s · %s %s" % (bill.issuer, ", ".join(bill.issuer_addr), bill.v["phone"], bill.phone,
                                           bill.v["vat_id"], bill.vat_id), size, color=(0.3, 0.3, 0.3))
    if wrap:
        bank_text(p, bill, 14, y + 3.6, n_accounts, size)
        return
    line = bank_line(bill, n_accounts, bank_word=False)
    bic = " · BIC " + bill.bic if bill.bic else ""
    if p.width(line + bic, size) < p.w - 28:
        p.t(14, y + 3.6, line + bic, size, color=(0.3, 0.3, 0.3))
    else:
        p.t(14, y + 3.6, line, size, color=(0.3, 0.3, 0.3))
        p.t(14, y + 7, bic.strip(" ·"), size, color=(0.3, 0.3, 0.3))


def payment_rows(bill, amount=True, due=True, payee=True, bic=True):
    rows = []
    if payee:
        rows.append((bill.label("payee"), bill.issuer))
    rows.append((bill.label("account"), bill.acc()))
    if bic and bill.bic:
        rows.append((bill.label("bic"), bill.bic))
    if bill.reference:
        rows.append((bill.label("reference"), bill.ref()))
    if due:
        rows.append((bill.label("due_date"), bill.date(bill.due)))
    if amount:
        rows.append((bill.label("amount_due"), bill.money(bill.amount_due)))
    return rows


def payer_account(p, bill, x, y, size=7.5):
    p.t(x, y, "%s %s" % (bill.label("account_payer"), bill.acc(bill.payer_account)), size)


def no_payment_note(p, bill, kind, x, y, size=10):
    p.b(x, y, bill.lbl.sentence("no_payment_" + kind), size)
    if kind == "direct_debit":
        p.t(x, y + 5.5, "%s %s" % (bill.label("account_payer"), bill.acc(bill.payer_account)), 8.5)
