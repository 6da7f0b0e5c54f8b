"""Per-language formats and the non-label vocabulary of synthetic bills (column headers, titles,
item names, place names). Label wordings come from the lexicons (see lexicon.py)."""
from decimal import Decimal, ROUND_HALF_UP

# language -> (countries, amount style, date style)
LANG = {
    "en": (["GB", "IE"], "en", "d/m/Y"), "de": (["DE", "AT", "CH"], "de", "d.m.Y"),
    "fr": (["FR", "BE", "CH"], "fr", "d/m/Y"), "it": (["IT"], "de", "d/m/Y"), "es": (["ES"], "de", "d/m/Y"),
    "pt": (["PT"], "fr", "d/m/Y"), "nl": (["NL", "BE"], "de", "d-m-Y"), "pl": (["PL"], "fr", "d.m.Y"),
    "cs": (["CZ"], "fr", "d.m.Y"), "sk": (["SK"], "fr", "d.m.Y"), "sl": (["SI"], "de", "d. m. Y"),
    "hr": (["HR"], "de", "d.m.Y."), "sr": (["RS"], "de", "d.m.Y."), "bs": (["BA"], "de", "d.m.Y."),
    "mk": (["MK"], "de", "d.m.Y"), "hu": (["HU"], "fr", "Y.m.d."), "ro": (["RO"], "de", "d.m.Y"),
    "bg": (["BG"], "fr", "d.m.Y"), "sv": (["SE"], "fr", "Y-m-d"), "da": (["DK"], "de", "d-m-Y"),
    "nb": (["NO"], "fr", "d.m.Y"), "fi": (["FI"], "fr", "d.m.Y"), "el": (["GR"], "de", "d/m/Y"),
}
# Every date style a bill may print (the languages' own and the US month-first form).
DATE_STYLES = sorted({st for _, _, st in LANG.values()} | {"m/d/Y"})
CURRENCY = {"GB": "GBP", "CH": "CHF", "PL": "PLN", "CZ": "CZK", "HU": "HUF", "RO": "RON", "SE": "SEK",
            "DK": "DKK", "NO": "NOK", "RS": "RSD", "BA": "BAM", "MK": "MKD", "US": "USD", "IN": "INR"}
SYMBOL = {"EUR": "€", "GBP": "£", "PLN": "zł", "CZK": "Kč", "HUF": "Ft", "RON": "lei", "SEK": "kr",
          "DKK": "kr.", "NOK": "kr", "RSD": "din.", "BAM": "KM", "MKD": "ден.", "CHF": "CHF", "USD": "$", "INR": "₹"}

FIELDS = ("inv rem cn rcpt qty price desc amt date cust order phone vat_id meter cons period page thanks fee "
          "stmt room night policy rent service cash change bank of").split()
VOCAB = {
    "en": "Invoice|Reminder|Credit note|Receipt|Qty|Unit price|Description|Amount|Date|Customer no.|Order|Phone|VAT ID|Meter|Consumption|Billing period|Page|Thank you for your business|Reminder fee|Statement|Room|nights|Policy|Rent|Service charges|Cash|Change|Bank|of",
    "de": "Rechnung|Mahnung|Gutschrift|Kassenbon|Menge|Einzelpreis|Bezeichnung|Betrag|Datum|Kundennummer|Bestellung|Telefon|USt-IdNr.|Zähler|Verbrauch|Abrechnungszeitraum|Seite|Vielen Dank für Ihren Auftrag|Mahngebühr|Kontoauszug|Zimmer|Nächte|Polizze|Miete|Betriebskosten|Bar|Rückgeld|Bank|vom",
    "fr": "Facture|Rappel|Avoir|Ticket de caisse|Qté|Prix unitaire|Désignation|Montant|Date|N° client|Commande|Tél.|N° TVA|Compteur|Consommation|Période de facturation|Page|Merci de votre confiance|Frais de rappel|Relevé de compte|Chambre|nuits|Police|Loyer|Charges|Espèces|Rendu|Banque|du",
    "it": "Fattura|Sollecito|Nota di credito|Scontrino|Q.tà|Prezzo unitario|Descrizione|Importo|Data|Codice cliente|Ordine|Tel.|P. IVA|Contatore|Consumo|Periodo di fatturazione|Pagina|Grazie per la fiducia|Spese di sollecito|Estratto conto|Camera|notti|Polizza|Affitto|Spese condominiali|Contanti|Resto|Banca|del",
    "es": "Factura|Recordatorio|Factura rectificativa|Ticket|Cant.|Precio unitario|Descripción|Importe|Fecha|N.º cliente|Pedido|Tel.|NIF|Contador|Consumo|Periodo de facturación|Página|Gracias por su confianza|Gastos de reclamación|Extracto|Habitación|noches|Póliza|Alquiler|Gastos de comunidad|Efectivo|Cambio|Banco|del",
    "pt": "Fatura|Lembrete|Nota de crédito|Talão|Qtd.|Preço unitário|Descrição|Valor|Data|N.º cliente|Encomenda|Tel.|NIF|Contador|Consumo|Período de faturação|Página|Obrigado pela preferência|Encargos de cobrança|Extrato|Quarto|noites|Apólice|Renda|Condomínio|Numerário|Troco|Banco|de",
    "nl": "Factuur|Herinnering|Creditnota|Kassabon|Aantal|Stukprijs|Omschrijving|Bedrag|Datum|Klantnummer|Bestelling|Tel.|Btw-nummer|Meter|Verbruik|Factuurperiode|Pagina|Bedankt voor uw opdracht|Aanmaningskosten|Rekeningoverzicht|Kamer|nachten|Polis|Huur|Servicekosten|Contant|Wisselgeld|Bank|van",
    "pl": "Faktura|Wezwanie do zapłaty|Faktura korygująca|Paragon|Ilość|Cena jedn.|Nazwa towaru lub usługi|Wartość|Data|Nr klienta|Zamówienie|Tel.|NIP|Licznik|Zużycie|Okres rozliczeniowy|Strona|Dziękujemy za zakupy|Opłata za upomnienie|Wyciąg|Pokój|noce|Polisa|Czynsz|Opłaty eksploatacyjne|Gotówka|Reszta|Bank|z dnia",
    "cs": "Faktura|Upomínka|Dobropis|Účtenka|Množství|Cena za jednotku|Popis|Částka|Datum|Číslo zákazníka|Objednávka|Tel.|DIČ|Elektroměr|Spotřeba|Zúčtovací období|Strana|Děkujeme za Vaši objednávku|Poplatek za upomínku|Výpis|Pokoj|nocí|Pojistka|Nájemné|Služby|Hotově|Vráceno|Banka|ze dne",
    "sk": "Faktúra|Upomienka|Dobropis|Pokladničný doklad|Množstvo|Jednotková cena|Popis|Suma|Dátum|Číslo zákazníka|Objednávka|Tel.|IČ DPH|Elektromer|Spotreba|Zúčtovacie obdobie|Strana|Ďakujeme za Vašu objednávku|Poplatok za upomienku|Výpis|Izba|nocí|Poistka|Nájomné|Služby|Hotovosť|Vrátené|Banka|zo dňa",
    "sl": "Račun|Opomin|Dobropis|Blagajniški račun|Količina|Cena na enoto|Opis|Znesek|Datum|Številka kupca|Naročilo|Tel.|ID za DDV|Števec|Poraba|Obračunsko obdobje|Stran|Hvala za zaupanje|Stroški opomina|Izpisek|Soba|noči|Polica|Najemnina|Obratovalni stroški|Gotovina|Vračilo|Banka|z dne",
    "hr": "Račun|Opomena|Odobrenje|Blagajnički račun|Količina|Jedinična cijena|Opis|Iznos|Datum|Broj kupca|Narudžba|Tel.|OIB|Brojilo|Potrošnja|Obračunsko razdoblje|Stranica|Zahvaljujemo na povjerenju|Trošak opomene|Izvod|Soba|noćenja|Polica|Najamnina|Pričuva|Gotovina|Povrat|Banka|od",
    "sr": "Račun|Opomena|Knjižno odobrenje|Fiskalni račun|Količina|Jedinična cena|Opis|Iznos|Datum|Broj kupca|Porudžbina|Tel.|PIB|Brojilo|Potrošnja|Obračunski period|Strana|Hvala na poverenju|Troškovi opomene|Izvod|Soba|noćenja|Polisa|Zakupnina|Troškovi održavanja|Gotovina|Kusur|Banka|od",
    "bs": "Faktura|Opomena|Knjižno odobrenje|Fiskalni račun|Količina|Jedinična cijena|Opis|Iznos|Datum|Broj kupca|Narudžba|Tel.|ID broj|Brojilo|Potrošnja|Obračunski period|Strana|Hvala na povjerenju|Troškovi opomene|Izvod|Soba|noćenja|Polica|Zakupnina|Troškovi održavanja|Gotovina|Kusur|Banka|od",
    "mk": "Фактура|Опомена|Книжно одобрение|Фискална сметка|Количина|Единечна цена|Опис|Износ|Датум|Број на купувач|Нарачка|Тел.|ЕДБ|Мерило|Потрошувачка|Пресметковен период|Страна|Ви благодариме за довербата|Трошоци за опомена|Извод|Соба|ноќевања|Полиса|Кирија|Трошоци за одржување|Готовина|Кусур|Банка|од",
    "hu": "Számla|Fizetési felszólítás|Jóváíró számla|Nyugta|Mennyiség|Egységár|Megnevezés|Összeg|Dátum|Ügyfélszám|Rendelés|Tel.|Adószám|Mérőóra|Fogyasztás|Elszámolási időszak|Oldal|Köszönjük a megrendelést|Felszólítási díj|Kivonat|Szoba|éjszaka|Kötvény|Bérleti díj|Közös költség|Készpénz|Visszajáró|Bank|kelt",
    "ro": "Factură|Notificare de plată|Factură de stornare|Bon fiscal|Cant.|Preț unitar|Denumire|Valoare|Data|Cod client|Comandă|Tel.|CIF|Contor|Consum|Perioada de facturare|Pagina|Vă mulțumim|Taxă de notificare|Extras de cont|Camera|nopți|Poliță|Chirie|Întreținere|Numerar|Rest|Banca|din",
    "bg": "Фактура|Напомняне|Кредитно известие|Касова бележка|Количество|Единична цена|Описание|Сума|Дата|Клиентски номер|Поръчка|Тел.|ИН по ДДС|Електромер|Потребление|Период на фактуриране|Страница|Благодарим Ви|Такса за напомняне|Извлечение|Стая|нощувки|Полица|Наем|Такса поддръжка|В брой|Ресто|Банка|от",
    "sv": "Faktura|Påminnelse|Kreditfaktura|Kvitto|Antal|À-pris|Beskrivning|Belopp|Datum|Kundnummer|Order|Tel.|Momsreg.nr|Mätare|Förbrukning|Faktureringsperiod|Sida|Tack för ditt köp|Påminnelseavgift|Kontoutdrag|Rum|nätter|Försäkring|Hyra|Avgift|Kontant|Växel|Bank|den",
    "da": "Faktura|Rykker|Kreditnota|Kvittering|Antal|Stykpris|Beskrivelse|Beløb|Dato|Kundenummer|Ordre|Tlf.|CVR-nr.|Måler|Forbrug|Afregningsperiode|Side|Tak for handlen|Rykkergebyr|Kontoudtog|Værelse|nætter|Police|Husleje|Fællesudgifter|Kontant|Byttepenge|Bank|af",
    "nb": "Faktura|Purring|Kreditnota|Kvittering|Antall|Enhetspris|Beskrivelse|Beløp|Dato|Kundenummer|Ordre|Tlf.|Org.nr.|Måler|Forbruk|Faktureringsperiode|Side|Takk for handelen|Purregebyr|Kontoutskrift|Rom|netter|Polise|Husleie|Felleskostnader|Kontant|Veksel|Bank|av",
    "fi": "Lasku|Maksumuistutus|Hyvityslasku|Kuitti|Määrä|Yksikköhinta|Kuvaus|Summa|Päivämäärä|Asiakasnumero|Tilaus|Puh.|Y-tunnus|Mittari|Kulutus|Laskutuskausi|Sivu|Kiitos tilauksestasi|Muistutusmaksu|Tiliote|Huone|yötä|Vakuutus|Vuokra|Hoitovastike|Käteinen|Vaihtoraha|Pankki|päivätty",
    "el": "Τιμολόγιο|Υπενθύμιση|Πιστωτικό τιμολόγιο|Απόδειξη|Ποσότητα|Τιμή μονάδας|Περιγραφή|Ποσό|Ημερομηνία|Αριθμός πελάτη|Παραγγελία|Τηλ.|ΑΦΜ|Μετρητής|Κατανάλωση|Περίοδος χρέωσης|Σελίδα|Σας ευχαριστούμε|Έξοδα υπενθύμισης|Κίνηση λογαριασμού|Δωμάτιο|διανυκτερεύσεις|Συμβόλαιο|Ενοίκιο|Κοινόχρηστα|Μετρητά|Ρέστα|Τράπεζα|της",
}
ITEMS = {
    "en": "Consulting hours|Software licence|Delivery|Maintenance visit|Network cable 5 m|Printer paper A4|Cleaning service",
    "de": "Beratungsstunden|Softwarelizenz|Versandkosten|Wartung vor Ort|Netzwerkkabel 5 m|Druckerpapier A4|Reinigung",
    "fr": "Heures de conseil|Licence logicielle|Frais de livraison|Intervention de maintenance|Câble réseau 5 m|Papier A4|Nettoyage",
    "it": "Ore di consulenza|Licenza software|Spese di spedizione|Manutenzione|Cavo di rete 5 m|Carta A4|Pulizia uffici",
    "es": "Horas de consultoría|Licencia de software|Gastos de envío|Mantenimiento|Cable de red 5 m|Papel A4|Limpieza",
    "pt": "Horas de consultoria|Licença de software|Portes de envio|Manutenção|Cabo de rede 5 m|Papel A4|Limpeza",
    "nl": "Adviesuren|Softwarelicentie|Verzendkosten|Onderhoudsbezoek|Netwerkkabel 5 m|Printpapier A4|Schoonmaak",
    "pl": "Usługi doradcze|Licencja oprogramowania|Koszty wysyłki|Serwis|Kabel sieciowy 5 m|Papier A4|Sprzątanie",
    "cs": "Konzultace|Softwarová licence|Doprava|Servisní zásah|Síťový kabel 5 m|Papír A4|Úklid",
    "sk": "Konzultácie|Softvérová licencia|Doprava|Servisný zásah|Sieťový kábel 5 m|Papier A4|Upratovanie",
    "sl": "Svetovanje|Licenca programske opreme|Poštnina|Servisni poseg|Omrežni kabel 5 m|Papir A4|Čiščenje",
    "hr": "Savjetovanje|Licenca za softver|Dostava|Servis|Mrežni kabel 5 m|Papir A4|Čišćenje",
    "sr": "Konsultantske usluge|Licenca za softver|Dostava|Servis|Mrežni kabl 5 m|Papir A4|Čišćenje",
    "bs": "Konsultantske usluge|Licenca za softver|Dostava|Servis|Mrežni kabl 5 m|Papir A4|Čišćenje",
    "mk": "Консултантски услуги|Лиценца за софтвер|Достава|Сервис|Мрежен кабел 5 m|Хартија A4|Чистење",
    "hu": "Tanácsadás|Szoftverlicenc|Szállítási díj|Karbantartás|Hálózati kábel 5 m|Nyomtatópapír A4|Takarítás",
    "ro": "Ore de consultanță|Licență software|Transport|Mentenanță|Cablu de rețea 5 m|Hârtie A4|Curățenie",
    "bg": "Консултантски услуги|Софтуерен лиценз|Доставка|Поддръжка|Мрежов кабел 5 m|Хартия A4|Почистване",
    "sv": "Konsulttimmar|Programlicens|Frakt|Servicebesök|Nätverkskabel 5 m|Kopieringspapper A4|Städning",
    "da": "Konsulenttimer|Softwarelicens|Fragt|Servicebesøg|Netværkskabel 5 m|Printerpapir A4|Rengøring",
    "nb": "Konsulenttimer|Programvarelisens|Frakt|Servicebesøk|Nettverkskabel 5 m|Skriverpapir A4|Renhold",
    "fi": "Konsultointi|Ohjelmistolisenssi|Toimituskulut|Huoltokäynti|Verkkokaapeli 5 m|Tulostuspaperi A4|Siivous",
    "el": "Ώρες συμβουλευτικής|Άδεια λογισμικού|Μεταφορικά|Συντήρηση|Καλώδιο δικτύου 5 m|Χαρτί A4|Καθαρισμός",
}
CITIES = {
    "GB": ["Leeds LS1 4DY", "Bristol BS1 5TR", "Norwich NR2 1BJ"], "IE": ["Dublin D02 X285", "Cork T12 R2NV"],
    "DE": ["10115 Berlin", "50667 Köln", "80331 München"], "AT": ["1010 Wien", "8010 Graz", "4020 Linz"],
    "CH": ["8001 Zürich", "3011 Bern", "1204 Genève"], "FR": ["69002 Lyon", "31000 Toulouse", "44000 Nantes"],
    "BE": ["1000 Bruxelles", "2000 Antwerpen", "9000 Gent"], "IT": ["20121 Milano", "10121 Torino"],
    "ES": ["28013 Madrid", "46001 Valencia"], "PT": ["1100-148 Lisboa", "4000-322 Porto"],
    "NL": ["1012 AB Amsterdam", "3511 LN Utrecht"], "PL": ["00-950 Warszawa", "30-001 Kraków"],
    "CZ": ["110 00 Praha 1", "602 00 Brno"], "SK": ["811 01 Bratislava", "040 01 Košice"],
    "SI": ["1000 Ljubljana", "2000 Maribor"], "HR": ["10000 Zagreb", "21000 Split"],
    "RS": ["11000 Beograd", "21000 Novi Sad", "18000 Niš"], "BA": ["71000 Sarajevo", "78000 Banja Luka"],
    "MK": ["1000 Скопје", "6000 Охрид"], "HU": ["1051 Budapest", "6720 Szeged"], "RO": ["010011 București", "400001 Cluj-Napoca"],
    "BG": ["1000 София", "4000 Пловдив"], "SE": ["111 20 Stockholm", "411 04 Göteborg"],
    "DK": ["1050 København K", "8000 Aarhus C"], "NO": ["0150 Oslo", "5003 Bergen"],
    "FI": ["00100 Helsinki", "33100 Tampere"], "GR": ["105 57 Αθήνα", "546 24 Θεσσαλονίκη"],
    "US": ["Austin, TX 78701", "Denver, CO 80202", "Portland, OR 97204"],
    "IN": ["Mumbai 400001", "Bengaluru 560001", "Pune 411001"],
}
STREET = {  # {s} = street stem, {n} = house number
    "en": "{n} {s} Road", "de": "{s}straße {n}", "fr": "{n} rue {s}", "it": "Via {s} {n}", "es": "Calle {s} {n}",
    "pt": "Rua {s} {n}", "nl": "{s}straat {n}", "pl": "ul. {s} {n}", "cs": "{s}ova {n}", "sk": "{s}ova {n}",
    "sl": "{s}ova ulica {n}", "hr": "Ulica {s} {n}", "sr": "Ulica {s} {n}", "bs": "Ulica {s} {n}", "mk": "ул. {s} {n}",
    "hu": "{s} utca {n}", "ro": "Strada {s} {n}", "bg": "ул. {s} {n}", "sv": "{s}gatan {n}", "da": "{s}gade {n}",
    "nb": "{s}veien {n}", "fi": "{s}katu {n}", "el": "Οδός {s} {n}",
}
LEGAL = {"GB": "Ltd", "IE": "Ltd", "DE": "GmbH", "AT": "GmbH", "CH": "AG", "FR": "SAS", "BE": "BV", "IT": "S.r.l.",
         "ES": "S.L.", "PT": "Lda.", "NL": "B.V.", "PL": "sp. z o.o.", "CZ": "s.r.o.", "SK": "s.r.o.", "SI": "d.o.o.",
         "HR": "d.o.o.", "RS": "d.o.o.", "BA": "d.o.o.", "MK": "ДООЕЛ", "HU": "Kft.", "RO": "S.R.L.", "BG": "ЕООД",
         "SE": "AB", "DK": "ApS", "NO": "AS", "FI": "Oy", "GR": "Α.Ε.", "US": "Inc.", "IN": "Pvt. Ltd."}
SYL = ["Bar", "vel", "Nor", "ten", "Kal", "mar", "Ost", "ria", "Lun", "dor", "Sil", "ven", "Tor", "ava", "Mir", "kon",
       "Del", "ta", "Ber", "lin", "Vid", "ora", "Zen", "tal", "Ran", "sko", "Pol", "ari"]
SECTOR = ["Energy", "Telecom", "Tech", "Logistics", "Media", "Services", "Water", "Insurance", "Trade", "Print"]
FIRST = ["Ana", "Marko", "Eva", "Lukas", "Sara", "Petar", "Julia", "Tomas", "Nina", "David", "Lena", "Ivan", "Maria", "Jonas"]
LAST = ["Horvat", "Berger", "Novak", "Moreau", "Rossi", "Jansen", "Kovač", "Lindqvist", "Papadakis", "Dimitrov",
        "Nowak", "Fischer", "Petrović", "Nagy", "Silva"]

_CYR = dict(zip("ABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠabvgdđežzijklmnoprstćufhcčš",
                "АБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШабвгдђежзијклмнопрстћуфхцчш"))
_CYR2 = {"W": "В", "w": "в", "Q": "К", "q": "к", "X": "Кс", "x": "кс", "Y": "Ј", "y": "ј", "Lj": "Љ", "LJ": "Љ", "lj": "љ", "Nj": "Њ", "NJ": "Њ", "nj": "њ", "Dž": "Џ", "DŽ": "Џ", "dž": "џ"}
_GRK_PAIRS = "AΑ BΒ GΓ DΔ EΕ ZΖ IΙ KΚ LΛ MΜ NΝ XΞ OΟ PΠ RΡ SΣ TΤ YΥ FΦ HΧ VΒ CΚ WΩ UΟ JΙ"
_GRK = {p[0]: p[1] for p in _GRK_PAIRS.split()}
_GRK.update({k.lower(): v.lower() for k, v in list(_GRK.items())})


def to_cyrillic(s):
    """Serbian Latin -> Cyrillic (also good enough for invented names in mk/bg)."""
    out, i = [], 0
    while i < len(s):
        two = s[i:i + 2]
        if two in _CYR2:
            out.append(_CYR2[two])
            i += 2
            continue
        out.append(_CYR.get(s[i], s[i]))
        i += 1
    return "".join(out)


def to_greek(s):
    return "".join(_GRK.get(ch, ch) for ch in s)


def vocab(lang):
    return dict(zip(FIELDS, VOCAB.get(lang, VOCAB["en"]).split("|")))


D = Decimal


def q(x):
    return D(x).quantize(D("0.01"), ROUND_HALF_UP)


def _group(intpart, sep):
    s, out = str(intpart), []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return sep.join(out)


def fmt_amount(x, style, grouping=True):
    """style: en 1,234.56 | de 1.234,56 | fr 1 234,56 | ch 1'234.56"""
    x = q(x)
    neg = x < 0
    i, f = str(abs(x)).split(".")
    sep, dec = {"en": (",", "."), "de": (".", ","), "fr": (" ", ","), "ch": ("'", ".")}[style]
    s = (_group(i, sep) if grouping else i) + dec + f
    return ("-" if neg else "") + s


def fmt_date(d, style):
    if style == "m/d/Y":
        return "%02d/%02d/%04d" % (d.month, d.day, d.year)
    if style == "Y-m-d":
        return d.isoformat()
    if style == "Y.m.d.":
        return "%04d.%02d.%02d." % (d.year, d.month, d.day)
    if style == "d. m. Y":
        return "%d. %d. %04d" % (d.day, d.month, d.year)
    sep = style[1]
    s = "%02d%s%02d%s%04d" % (d.day, sep, d.month, sep, d.year)
    return s + ("." if style.endswith(".") else "")
