"""Sample bills that carry payment codes: Swiss QR-bill (QRR and SCOR), HUB-3 (PDF417), UPN QR, SPAYD and
PAY by square, and their photos. Called from generate.py, whose helpers it uses (init() receives that module);
the encoders and the code self-check are in payment_codes.py.
"""
import os

import payment_codes as pc
from payment_codes import bysquare, cz_account, iban4, mod10_recursive, mod11ini, pdf417, qr, si_bban, upn

g = None  # the generate module
PAYLOADS = pc.PAYLOADS
check_codes = pc.check_codes


def init(mod):
    """Take generate.py's helpers, add the IBAN lengths used here, and record the payload of every QR code
    generate.py draws (Page.qr) so that the check can compare the decoded codes of the older samples too."""
    global g
    g = pc.g = mod
    g.IBAN_LEN.update({"HR": 21, "SI": 19, "CZ": 24, "SK": 24})
    draw = g.Page.qr

    def recorded_qr(self, x, y, size_mm, data):
        pc.record(self.c, data)
        draw(self, x, y, size_mm, data)
    g.Page.qr = recorded_qr


# ---- page parts -----------------------------------------------------------------------------------


def head(p, name, addr, title, meta, customer, color):
    p.logo(12, 10, name.split()[0], 15, color, "square")
    p.lines(12, 26, [name] + addr, 7.5)
    p.b(198, 17, title, 12, align="r")
    p.lines(120, 28, meta, 8.5, 4.4)
    p.lines(15, 52, customer, 8.5, 4.4)
    p.rect(12, 47, 90, 5 + 4.4 * len(customer), lw=0.4)


def items(p, y, header, rows, total_label, total):
    y = p.table(12, y, [110, 76], [header] + rows, 8.5, 5.6, style="lines")
    p.rect(100, y + 2, 98, 9, lw=0.8, fill=(0.92, 0.95, 1))
    p.b(103, y + 8, total_label, 10)
    p.b(195, y + 8, total, 10, align="r")
    return y + 11


# ---- Swiss QR-bill --------------------------------------------------------------------------------

CH_LBL = {
    "de": ["Empfangsschein", "Zahlteil", "Konto / Zahlbar an", "Referenz", "Zusätzliche Informationen",
           "Zahlbar durch", "Währung", "Betrag", "Annahmestelle"],
    "fr": ["Récépissé", "Section paiement", "Compte / Payable à", "Référence", "Informations supplémentaires",
           "Payable par", "Monnaie", "Montant", "Point de dépôt"],
}


def qr_bill(p, lang, iban, cred, amount, cur, debtor, ref_type, ref, message):
    """The payment part at the foot of the page (receipt 62 mm, payment part 148 mm, 105 mm high)."""
    L = CH_LBL[lang]
    payload = "\n".join(["SPC", "0200", "1", iban, "S"] + cred + [""] * 7 + [str(g.q(amount)), cur, "S"] + debtor
                        + [ref_type, ref, message, "EPD"])
    top = 192
    p.hline(0, 210, top, 0.3, dash=(2, 2))
    p.c.setDash(2, 2)
    p.vline(62, top, 297, 0.3)
    p.c.setDash()
    ref_p = ref[:2] + " " + " ".join(ref[i:i + 5] for i in range(2, 27, 5)) if ref_type == "QRR" else g.rf_print(ref)
    amt = "{:,.2f}".format(g.q(amount)).replace(",", " ")
    cred_lines = [iban4(iban), cred[0], "%s %s" % (cred[1], cred[2]), "%s %s" % (cred[3], cred[4])]
    debt_lines = [debtor[0], "%s %s" % (debtor[1], debtor[2]), "%s %s" % (debtor[3], debtor[4])]
    for x, w, size, title in ((5, 52, 8, L[0]), (118, 87, 10, L[1])):
        p.b(x if x == 5 else 67, top + 10, title, 11)
        y = p.lines(x, top + 18, [L[2]], 6 if x == 5 else 8, font="Sans-B")
        y = p.lines(x, y + 1, cred_lines, size - 1 if x == 5 else size, 3.6 if x == 5 else 4.2)
        y = p.lines(x, y + 2, [L[3]], 6 if x == 5 else 8, font="Sans-B")
        y = p.lines(x, y + 1, [ref_p], size - 1 if x == 5 else size)
        if x != 5 and message:
            y = p.lines(x, y + 2, [L[4]], 8, font="Sans-B")
            y = p.lines(x, y + 1, [message], size)
        y = p.lines(x, y + 2, [L[5]], 6 if x == 5 else 8, font="Sans-B")
        p.lines(x, y + 1, debt_lines, size - 1 if x == 5 else size, 3.6 if x == 5 else 4.2)
    for x, s in ((5, 6), (67, 8)):
        p.b(x, top + 70 if x == 5 else top + 73, L[6], s)
        p.b(x + 18, top + 70 if x == 5 else top + 73, L[7], s)
        p.t(x, top + 75 if x == 5 else top + 78, cur, s + 2)
        p.t(x + 18, top + 75 if x == 5 else top + 78, amt, s + 2)
    p.b(57, top + 86, L[8], 6, align="r")
    qr(p, 67, top + 17, 46, payload, swiss_cross=True)


def doc_ch_qrr(path):
    """Swiss electricity bill (German) with a QR-bill: QR-IBAN + QR reference, CHF."""
    iban = g.iban_make("CH", "30808" + "001234567891")
    body = "00000004712" + "20260417" + "0056"  # customer 4712, invoice date, number
    body = body.rjust(26, "0")
    ref = body + mod10_recursive(body)
    net = [g.D("84.30"), g.D("412.60"), g.D("96.15"), g.D("18.40")]
    vat = g.q(sum(net) * g.D("0.081"))
    total = sum(net) + vat
    c = g.new_canvas(path, "Rechnung Strom 1. Quartal 2026", "Energie Seeland AG")
    p = g.Page(c)
    cred = ["Energie Seeland AG", "Bahnhofstrasse", "12", "2502", "Biel/Bienne", "CH"]
    debtor = ["Andrea Zimmermann", "Mattenweg", "7", "3250", "Lyss", "CH"]
    head(p, cred[0], ["Bahnhofstrasse 12, 2502 Biel/Bienne", "CHE-105.442.871 MWST"], "Rechnung Strom",
         ["Rechnungsnummer: 2026-0417-56", "Rechnungsdatum: 17.04.2026", "Zahlbar bis: 15.05.2026",
          "Kundennummer: 4712"], ["Andrea Zimmermann", "Mattenweg 7", "3250 Lyss", "Zähler Nr. 88 301 554"],
         (0.85, 0.1, 0.1))
    rows = [["Grundgebühr 01.01.–31.03.2026", fmt_ch(net[0])], ["Energie 2'063 kWh à 20.00 Rp.", fmt_ch(net[1])],
            ["Netznutzung", fmt_ch(net[2])], ["Abgaben und Gebühren", fmt_ch(net[3])], ["MWST 8.1 %", fmt_ch(vat)]]
    items(p, 80, ["Position", "Betrag CHF"], rows, "Total zu bezahlen CHF", fmt_ch(total))
    p.t(12, 130, "Bitte bezahlen Sie den Betrag bis 15.05.2026 mit dem untenstehenden QR-Zahlteil.", 8.5)
    qr_bill(p, "de", iban, cred, total, "CHF", debtor, "QRR", ref, "Rechnung 2026-0417-56")
    c.save()
    return g.truth(True, iban, total, "CHF", ref, None, None, cred[0], "2026-05-15", None)


def fmt_ch(x):
    return g.fmt(x, "ch")


def doc_ch_scor(path):
    """Swiss garage invoice (French) with a QR-bill: ordinary IBAN + creditor reference (SCOR), EUR."""
    iban = g.iban_make("CH", "00767" + "000512345678")
    ref = g.rf_make("2026GL0388")
    net = [g.D("1180.00"), g.D("214.50"), g.D("95.00")]
    vat = g.q(sum(net) * g.D("0.081"))
    total = sum(net) + vat
    c = g.new_canvas(path, "Facture 2026-388", "Garage du Léman SA")
    p = g.Page(c)
    cred = ["Garage du Léman SA", "Rue de Lausanne", "45", "1110", "Morges", "CH"]
    debtor = ["Transports Favre Sàrl", "Chemin des Vignes", "3", "1170", "Aubonne", "CH"]
    head(p, cred[0], ["Rue de Lausanne 45, 1110 Morges", "CHE-312.554.091 TVA"], "Facture",
         ["Facture n° 2026-388", "Date: 14.04.2026", "Échéance: 14.05.2026", "Véhicule: VD 512 334"],
         ["Transports Favre Sàrl", "Chemin des Vignes 3", "1170 Aubonne"], (0.1, 0.35, 0.6))
    rows = [["Service 60 000 km, pièces", fmt_ch(net[0])], ["Main-d'œuvre 2,5 h", fmt_ch(net[1])],
            ["Contrôle antipollution", fmt_ch(net[2])], ["TVA 8,1 %", fmt_ch(vat)]]
    items(p, 80, ["Désignation", "Montant EUR"], rows, "Total à payer EUR", fmt_ch(total))
    p.t(12, 125, "Payable en euros jusqu'au 14.05.2026 avec la section paiement ci-dessous.", 8.5)
    qr_bill(p, "fr", iban, cred, total, "EUR", debtor, "SCOR", ref, "")
    c.save()
    return g.truth(True, iban, total, "EUR", ref, None, None, cred[0], "2026-05-14", None)


# ---- HUB-3 (Croatia) ------------------------------------------------------------------------------


def doc_hr_hub3(path):
    """Croatian water bill with a HUB-3 slip and its PDF417 (model HR01, EUR)."""
    iban = g.iban_make("HR", "2360000" + "1102345678")
    digits = "703158" + "2026" + "04"
    ref = "703158-2026-04" + mod11ini(digits)
    net = [g.D("38.16"), g.D("22.40"), g.D("9.85")]
    vat = g.q((net[0] + net[1]) * g.D("0.13"))
    total = sum(net) + vat
    payee = ["Vodovod Zagorje d.o.o.", "Ulica Ljudevita Gaja 8", "49000 Krapina"]
    payer = ["Ivana Horvat", "Ilica 112", "10000 Zagreb"]
    c = g.new_canvas(path, "Račun za vodne usluge 03/2026", payee[0])
    p = g.Page(c)
    head(p, payee[0], [payee[1] + ", " + payee[2], "OIB 48213379051"], "RAČUN ZA VODNE USLUGE",
         ["Broj računa: 2026-04-0312", "Datum računa: 08.04.2026.", "Dospijeće: 30.04.2026.",
          "Šifra kupca: 703158"], payer + ["Mjerno mjesto: 41-0877"], (0.1, 0.45, 0.75))
    rows = [["Isporuka vode 14 m³", g.fmt(net[0])], ["Odvodnja 14 m³", g.fmt(net[1])],
            ["Naknada za razvoj (bez PDV-a)", g.fmt(net[2])], ["PDV 13 %", g.fmt(vat)]]
    y = items(p, 80, ["Opis", "Iznos EUR"], rows, "Ukupno za platiti:", g.fmt(total) + " EUR")
    p.t(12, y + 8, "Poziv na broj: HR01 %s. Plaćanje putem 2D koda – skenirajte aplikacijom banke." % ref, 8.5)
    top = 178
    p.hline(10, 200, top, 0.3, dash=(2, 2))
    p.b(12, top + 8, "NALOG ZA PLAĆANJE", 11)
    p.t(198, top + 8, "HUB-3", 8, align="r")
    fields = [("Platitelj", payer), ("Primatelj", payee)]
    y = top + 15
    for label, v in fields:
        p.t(12, y, label, 6.5)
        p.rect(12, y + 1, 62, 14, lw=0.4)
        p.lines(14, y + 5, v, 8, 3.8)
        y += 19
    x = 82
    boxes = [("Valuta", "EUR", 20), ("Iznos", "=" + g.fmt(total), 40), ("IBAN primatelja", iban, 76),
             ("Model", "HR01", 14), ("Poziv na broj primatelja", ref, 50), ("Šifra namjene", "WTER", 20),
             ("Opis plaćanja", "Voda i odvodnja 03/2026", 76), ("Datum izvršenja", "", 40)]
    y, col = top + 15, 0
    for label, v, w in boxes:
        if col + w > 116:
            y, col = y + 11, 0
        p.t(x + col, y, label, 6.5)
        p.rect(x + col, y + 1, w, 7, lw=0.4)
        p.t(x + col + 1.5, y + 6, v, 9)
        col += w + 2
    payload = "\n".join(["HRVHUB30", "EUR", "%015d" % int(total * 100)] + payer + payee +
                         [iban, "HR01", ref, "WTER", "Voda i odvodnja 03/2026"]) + "\n"
    pdf417(p, 12, top + 58, 58, 26, payload)
    c.save()
    return g.truth(True, iban, total, "EUR", ref, "HR01", None, payee[0], "2026-04-30", "WTER")


# ---- UPN QR (Slovenia) ----------------------------------------------------------------------------


def doc_si_upn(path):
    """Slovenian electricity bill with a UPN form and its UPN QR (model SI12, EUR)."""
    iban = g.iban_make("SI", si_bban("02085", "00458812"))
    body = "5502118" + "0326"
    ref = "SI12 " + body + mod11ini(body)
    total = g.D("77.30")
    payee = ["Elektro Savinja d.o.o.", "Mariborska cesta 21", "3000 Celje"]
    payer = ["Mojca Kovačič", "Trubarjeva ulica 5", "1000 Ljubljana"]
    purpose = "Račun za elektriko 03/2026"
    c = g.new_canvas(path, "Račun za električno energijo 03/2026", payee[0])
    p = g.Page(c)
    head(p, payee[0], [payee[1] + ", " + payee[2], "ID za DDV: SI48120533"], "RAČUN ZA ELEKTRIKO",
         ["Številka računa: 26-0326-55021", "Datum izdaje: 05.04.2026", "Rok plačila: 25.04.2026",
          "Številka odjemnega mesta: 5502118"], payer, (0.0, 0.5, 0.35))
    rows = [["Energija VT 214 kWh", "34,88"], ["Energija MT 161 kWh", "17,39"], ["Omrežnina", "10,09"],
            ["DDV 22 %", "13,94"], ["Prispevki in trošarina", "1,00"]]
    y = items(p, 80, ["Postavka", "Znesek EUR"], rows, "Za plačilo:", g.fmt(total) + " EUR")
    p.t(12, y + 8, "Pri plačilu navedite referenco %s. Hvala za plačilo." % ref, 8.5)
    top = 190
    p.hline(10, 200, top, 0.3, dash=(2, 2))
    p.b(12, top + 8, "UPN – UNIVERZALNI PLAČILNI NALOG", 10)
    qr(p, 12, top + 14, 40, upn(["UPNQR", "", "", "", ""] + payer + ["%011d" % int(total * 100), "", "", "ELEC",
                                 purpose, "25.04.2026", iban, ref] + payee),
       encoding="iso-8859-2", eci=True)
    p.t(32, top + 58, "UPN QR", 7, align="c")
    boxes = [("Ime, ulica in kraj plačnika", ", ".join(payer), 130), ("Znesek", "***" + g.fmt(total, "plain"), 40),
             ("Koda namena", "ELEC", 24), ("Rok plačila", "25.04.2026", 40),
             ("Namen plačila", purpose, 130), ("IBAN prejemnika", iban4(iban), 80), ("Referenca prejemnika", ref, 48),
             ("Ime, ulica in kraj prejemnika", ", ".join(payee), 130)]
    y, col = top + 14, 0
    for label, v, w in boxes:
        if col + w > 132:
            y, col = y + 11, 0
        p.t(60 + col, y, label, 6.5)
        p.rect(60 + col, y + 1, w, 7, lw=0.4)
        p.t(61.5 + col, y + 6, v, 8.5)
        col += w + 2
    c.save()
    return g.truth(True, iban, total, "EUR", ref[5:], "SI12", None, payee[0], "2026-04-25", "ELEC")


# ---- SPAYD (Czech) and PAY by square (Slovak) -----------------------------------------------------


def doc_cz_spayd(path):
    """Czech invoice with a small QR Platba (SPAYD) code, CZK, variable symbol."""
    acct = cz_account("000019", "200014539")
    iban = g.iban_make("CZ", "0800" + "000019" + acct)
    vs = "2026041187"
    total = g.D("2450.00")
    c = g.new_canvas(path, "Faktura 2026041187", "Vltavská energie s.r.o.")
    p = g.Page(c)
    head(p, "Vltavská energie s.r.o.", ["Na Florenci 1920/11, 110 00 Praha 1", "IČO 27184412, DIČ CZ27184412"],
         "FAKTURA – DAŇOVÝ DOKLAD", ["Číslo faktury: 2026041187", "Datum vystavení: 14.04.2026",
                                    "Datum splatnosti: 28.04.2026", "Forma úhrady: převodem"],
         ["Tomáš Dvořák", "Korunní 88", "120 00 Praha 2"], (0.8, 0.5, 0.0))
    rows = [["Záloha na elektřinu 05/2026", "1 650,00"], ["Záloha na plyn 05/2026", "800,00"]]
    y = items(p, 80, ["Položka", "Částka Kč"], rows, "Částka k úhradě:", g.fmt(total, "fr") + " Kč")
    pay = ["Číslo účtu: 19-%s/0800" % acct, "IBAN: " + iban4(iban), "Variabilní symbol: " + vs,
           "Konstantní symbol: 0308", "Částka: " + g.fmt(total, "fr") + " Kč", "Splatnost: 28.04.2026"]
    p.b(12, y + 10, "Platební údaje", 10)
    p.lines(12, y + 16, pay, 9, 5)
    spayd = "SPD*1.0*ACC:%s*AM:%s*CC:CZK*X-VS:%s*DT:20260428*MSG:Zalohy 05/2026*RN:Vltavska energie" % (
        iban, g.q(total), vs)
    qr(p, 120, y + 12, 20, spayd)
    p.t(130, y + 36, "QR Platba", 7, align="c")
    c.save()
    return g.truth(True, iban, total, "CZK", vs, None, None, "Vltavská energie s.r.o.", "2026-04-28", None)


def doc_sk_bysquare(path):
    """Slovak water bill with a PAY by square code, EUR, variable symbol."""
    acct = cz_account("000000", "262835100")
    iban = g.iban_make("SK", "1100" + "000000" + acct)
    vs, total = "2026041190", g.D("64.80")
    name = "Podunajské vodárne a.s."
    c = g.new_canvas(path, "Faktúra 2026041190", name)
    p = g.Page(c)
    head(p, name, ["Prístavná 10, 821 09 Bratislava", "IČO 35850370, IČ DPH SK2020263145"], "FAKTÚRA",
         ["Číslo faktúry: 2026041190", "Dátum vystavenia: 09.04.2026", "Dátum splatnosti: 30.04.2026",
          "Odberné miesto: 118-0442"], ["Peter Horváth", "Mýtna 15", "811 07 Bratislava"], (0.0, 0.4, 0.7))
    rows = [["Vodné 12 m³", "24,36"], ["Stočné 12 m³", "29,64"], ["DPH 20 %", "10,80"]]
    y = items(p, 80, ["Položka", "Suma EUR"], rows, "Suma na úhradu:", g.fmt(total) + " €")
    pay = ["IBAN: " + iban4(iban), "SWIFT/BIC: TATRSKBX", "Variabilný symbol: " + vs, "Konštantný symbol: 0308",
           "Suma: " + g.fmt(total) + " €", "Dátum splatnosti: 30.04.2026"]
    p.b(12, y + 10, "Platobné údaje", 10)
    p.lines(12, y + 16, pay, 9, 5)
    fields = ["", "1", "1", str(g.q(total)), "EUR", "20260430", vs, "0308", "", "", "faktúra 2026041190", "1",
              iban, "TATRSKBX", "0", "0", name, "Prístavná 10", "821 09 Bratislava"]
    qr(p, 140, y + 10, 30, bysquare(fields))
    p.t(155, y + 44, "PAY by square", 7, align="c")
    c.save()
    return g.truth(True, iban, total, "EUR", vs, None, "TATRSKBX", name, "2026-04-30", None)


DOCS = [
    ("pdf/ch-strom-qrr.pdf", doc_ch_qrr),
    ("pdf/ch-garage-scor-eur.pdf", doc_ch_scor),
    ("pdf/hr-voda-hub3.pdf", doc_hr_hub3),
    ("pdf/si-elektrika-upn.pdf", doc_si_upn),
    ("pdf/cz-faktura-spayd.pdf", doc_cz_spayd),
    ("pdf/sk-voda-bysquare.pdf", doc_sk_bysquare),
]

# (source pdf, output, seed, dpi, tilt in the photo pipeline, then turned by (expand), JPEG quality)
PHOTOS = [
    ("pdf/ch-strom-qrr.pdf", "photos/ch-strom-qrr-turned.jpg", 41, 150, 1.2, 90, 72),
    ("pdf/ch-garage-scor-eur.pdf", "photos/ch-garage-scor-eur.jpg", 42, 150, -2.0, 0, 72),
    ("pdf/hr-voda-hub3.pdf", "photos/hr-voda-hub3-upside-down.jpg", 43, 170, -1.5, 180, 68),
    ("pdf/si-elektrika-upn.pdf", "photos/si-elektrika-upn-turned.jpg", 44, 150, -1.0, 270, 72),
    ("pdf/cz-faktura-spayd.pdf", "photos/cz-faktura-spayd.jpg", 45, 150, 1.6, 0, 72),
    ("pdf/sk-voda-bysquare.pdf", "photos/sk-voda-bysquare-skew.jpg", 46, 140, -0.6, 12, 68),
    ("pdf/at-webshop.pdf", "photos/at-webshop-skew.jpg", 47, 140, 0.5, -11, 68),
]


def write_photos(add, by_src):
    import numpy as np
    from PIL import Image
    for src, out, seed, dpi, tilt, turn, quality in PHOTOS:
        img = g.photo_effect(g.render_page(os.path.join(g.HERE, src), 1, dpi), seed, tilt, "photo")
        if turn % 90 == 0 and turn:
            img = img.rotate(turn, expand=True)
        elif turn:  # the paper lies skewed on the desk: more desk shows around it
            img = img.rotate(turn, resample=Image.BICUBIC, expand=True, fillcolor=(84, 77, 70))
            a = np.asarray(img).astype(np.float32)
            a += np.random.default_rng(seed).normal(0, 3.0, a.shape[:2] + (1,)).astype(np.float32)
            img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
        img.save(os.path.join(g.HERE, out), "JPEG", quality=quality, optimize=True, dpi=(dpi, dpi))
        PAYLOADS[out] = PAYLOADS.get(src, [])
        add(out, {k: v for k, v in by_src[src].items() if k != "source"})
