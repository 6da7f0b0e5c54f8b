"""Wordings of the newer families that the lexicons do not hold (the lexicons are what pp-extract
knows; these are what documents print around it): captions of account lists and payment blocks,
buyer-side references, code-list captions of e-invoice prints, and national account captions."""

# language -> (caption of a list of the issuer's accounts, caption of the one account to pay into,
#              title of a payment block)
ACCOUNTS = {
    "en": ("Bank accounts", "Account to pay into", "Payment details"),
    "de": ("Bankverbindungen", "Empfänger IBAN", "Zahlungsinformationen"),
    "fr": ("Comptes bancaires", "Compte à créditer", "Informations de paiement"),
    "it": ("Conti correnti", "IBAN beneficiario", "Dati per il pagamento"),
    "es": ("Cuentas bancarias", "Cuenta de abono", "Datos de pago"),
    "pt": ("Contas bancárias", "IBAN do beneficiário", "Dados de pagamento"),
    "nl": ("Bankrekeningen", "Te betalen op rekening", "Betaalgegevens"),
    "pl": ("Rachunki bankowe", "Rachunek do wpłaty", "Dane do przelewu"),
    "cs": ("Bankovní účty", "Účet příjemce", "Platební údaje"),
    "sk": ("Bankové účty", "Účet príjemcu", "Platobné údaje"),
    "sl": ("Transakcijski računi", "IBAN prejemnika", "Podatki za plačilo"),
    "hr": ("Žiro računi", "IBAN primatelja", "Podaci za plaćanje"),
    "sr": ("Tekući računi", "Račun primaoca", "Podaci za uplatu"),
    "bs": ("Transakcijski računi", "Račun primaoca", "Podaci za uplatu"),
    "mk": ("Жиро сметки", "Сметка на примач", "Податоци за плаќање"),
    "hu": ("Bankszámlák", "Kedvezményezett számlaszáma", "Fizetési adatok"),
    "ro": ("Conturi bancare", "Cont beneficiar", "Date de plată"),
    "bg": ("Банкови сметки", "IBAN на получателя", "Данни за плащане"),
    "sv": ("Bankkonton", "Mottagarens konto", "Betalningsuppgifter"),
    "da": ("Bankkonti", "Modtagers konto", "Betalingsoplysninger"),
    "nb": ("Bankkontoer", "Betal til konto", "Betalingsinformasjon"),
    "fi": ("Pankkitilit", "Saajan tilinumero", "Maksutiedot"),
    "el": ("Τραπεζικοί λογαριασμοί", "IBAN δικαιούχου", "Στοιχεία πληρωμής"),
}

# Buyer-side and issuer-side numbers printed in headers, and the sentence asking for a payment reference.
BUYER_KEYS = ("your_ref", "customer_ref", "order_no", "project", "contract", "po", "our_ref", "request")
BUYER = {
    "en": "Your reference|Customer reference|Order number|Project|Contract no.|PO number|Our reference|"
          "Please use the following communication for your payment",
    "de": "Ihre Referenz|Kundenreferenz|Bestellnummer|Projekt|Vertragsnummer|PO-Nummer|Unsere Referenz|"
          "Bitte geben Sie bei der Zahlung folgenden Verwendungszweck an",
    "fr": "Votre référence|Référence client|N° de commande|Projet|N° contrat|Bon de commande|Notre référence|"
          "Merci d'indiquer la communication suivante lors de votre paiement",
    "it": "Vostro riferimento|Riferimento cliente|Numero ordine|Progetto|N. contratto|Ordine d'acquisto|"
          "Nostro riferimento|Si prega di indicare nel pagamento la seguente causale",
    "es": "Su referencia|Referencia cliente|Número de pedido|Proyecto|N.º contrato|Orden de compra|"
          "Nuestra referencia|Indique el siguiente concepto en su pago",
    "pt": "Sua referência|Referência do cliente|Número da encomenda|Projeto|N.º contrato|Nota de encomenda|"
          "Nossa referência|Indique a seguinte referência no pagamento",
    "nl": "Uw referentie|Klantreferentie|Ordernummer|Project|Contractnummer|Inkoopordernummer|Onze referentie|"
          "Gelieve bij betaling de volgende mededeling te vermelden",
    "pl": "Nr referencyjny klienta|Referencja klienta|Nr zamówienia|Projekt|Nr umowy|Zamówienie zakupu|Nasz znak|"
          "W tytule przelewu prosimy podać",
    "cs": "Vaše značka|Reference zákazníka|Číslo objednávky|Projekt|Číslo smlouvy|Objednávka č.|Naše značka|"
          "Při platbě prosím uveďte",
    "sv": "Er referens|Kundreferens|Ordernummer|Projekt|Avtalsnummer|Inköpsorder|Vår referens|"
          "Ange följande vid betalning",
    "da": "Jeres reference|Kundereference|Ordrenummer|Projekt|Kontraktnr.|Indkøbsordre|Vores reference|"
          "Angiv venligst følgende ved betaling",
    "nb": "Deres referanse|Kundereferanse|Ordrenummer|Prosjekt|Kontraktnr.|Innkjøpsordre|Vår referanse|"
          "Oppgi følgende ved betaling",
    "hr": "Vaša referenca|Referenca kupca|Broj narudžbe|Projekt|Broj ugovora|Narudžbenica|Naša referenca|"
          "Pri plaćanju navedite",
    "sr": "Vaša referenca|Referenca kupca|Broj porudžbine|Projekat|Broj ugovora|Narudžbenica|Naša referenca|"
          "Prilikom uplate navedite",
    "sl": "Vaša referenca|Referenca kupca|Številka naročila|Projekt|Številka pogodbe|Naročilnica|Naša referenca|"
          "Pri plačilu navedite",
}
BUYER_LANGS = sorted(BUYER)


def buyer(lang):
    return dict(zip(BUYER_KEYS, BUYER[lang].split("|")))


# E-invoice prints (XRechnung / Peppol viewers): captions of code-list values and business-term numbers.
CODE_KEYS = ("means", "vat_cat", "unit", "remit", "buyer_ref", "seller", "terms")
CODES = {
    "en": "Payment means code|VAT category|Unit|Remittance information|Buyer reference|Seller|Payment terms",
    "de": "Code für das Zahlungsmittel|Umsatzsteuerkategorie|Einheit|Verwendungszweck|Käuferreferenz|Verkäufer|"
          "Zahlungsbedingungen",
    "fr": "Code du moyen de paiement|Catégorie de TVA|Unité|Référence de paiement|Référence acheteur|Vendeur|"
          "Conditions de paiement",
    "it": "Codice mezzo di pagamento|Categoria IVA|Unità|Causale|Riferimento acquirente|Venditore|"
          "Condizioni di pagamento",
    "nl": "Betaalwijzecode|Btw-categorie|Eenheid|Betalingskenmerk|Referentie koper|Verkoper|Betalingsvoorwaarden",
    "es": "Código de medio de pago|Categoría de IVA|Unidad|Concepto|Referencia del comprador|Vendedor|"
          "Condiciones de pago",
}
CODE_LANGS = sorted(CODES)
MEANS = {"30": "Credit transfer", "42": "Payment to bank account", "58": "SEPA credit transfer"}
UNITS = ("C62", "H87", "HUR", "DAY", "KGM", "MTR", "LTR", "EA")
VAT_CATEGORIES = ("S", "Z", "E", "AE", "K")


def code_captions(lang):
    return dict(zip(CODE_KEYS, CODES[lang].split("|")))


# National account captions: scheme -> (language -> {part: caption}).
NATIONAL = {
    "us-aba": {"en": {"account": "Bank Account", "routing": "Routing number (ABA)", "bank": "Bank",
                      "remit": "Remit payment to", "wire": "Wire transfers: SWIFT"}},
    "gb-sort-code": {"en": {"account": "Account number", "sort_code": "Sort code", "bank": "Bank",
                            "remit": "Please pay by bank transfer to", "company": "Company No."}},
    "in-ifsc": {"en": {"account": "A/c No.", "ifsc": "IFSC", "bank": "Bank Name", "remit": "Bank details for NEFT/RTGS",
                       "gstin": "GSTIN", "pan": "PAN"}},
    "se-bankgiro": {"sv": {"account": "Bankgiro", "ref": "OCR-nummer"}},
    "se-plusgiro": {"sv": {"account": "Plusgiro", "ref": "OCR-nummer"}},
    "no-account": {"nb": {"account": "Kontonummer", "ref": "KID"}},
    "dk-account": {"da": {"reg": "Reg.nr.", "account": "Kontonr.", "ref": "Betalings-id"}},
    "ch-postal": {"de": {"account": "Postkonto"}, "fr": {"account": "Compte postal"}, "it": {"account": "Conto postale"}},
}

# "Please quote invoice number N with your payment", with the number and without it (the number is
# then only in the header); languages without one here compose it from the lexicon's phrases.
QUOTE = {
    "en": ("Please quote invoice number {n} with your payment.", "Please quote the invoice number with your payment."),
    "de": ("Bitte geben Sie bei Zahlung die Rechnungsnummer {n} an.", "Bitte geben Sie bei Zahlung die Rechnungsnummer an."),
    "fr": ("Merci de rappeler le numéro de facture {n} lors de votre paiement.",
           "Merci de rappeler le numéro de facture lors de votre paiement."),
    "it": ("Si prega di indicare il numero di fattura {n} nel pagamento.",
           "Si prega di indicare il numero di fattura nel pagamento."),
    "es": ("Indique el número de factura {n} al realizar el pago.", "Indique el número de factura al realizar el pago."),
    "nl": ("Vermeld bij betaling het factuurnummer {n}.", "Vermeld bij betaling het factuurnummer."),
}

# Central European VAT invoices: the amount due printed over (or beside) the net and VAT totals.
VAT_INVOICE_KEYS = ("due_total", "of_which_vat", "method", "seller", "buyer", "rate", "gross")
VAT_INVOICE = {
    "pl": "Kwota należności ogółem|w tym VAT|Sposób płatności: przelew|Sprzedawca|Nabywca|Stawka VAT|Wartość brutto",
    "cs": "|z toho DPH|Forma úhrady: převodem|Dodavatel|Odběratel|Sazba DPH|Celkem s DPH",
    "sk": "|z toho DPH|Forma úhrady: prevodom|Dodávateľ|Odberateľ|Sadzba DPH|Spolu s DPH",
}


def vat_invoice(lang):
    return dict(zip(VAT_INVOICE_KEYS, VAT_INVOICE[lang].split("|")))
