/// The default weights of the scoring (docs/scoring.md explains each); a profile's "weights" override them.
public enum Scoring {
    public static let defaults: [String: Int] = [
        // accounts
        "account.iban": 1300, "account.rs": 1250, "account.bad_checksum": 250, "account.label": 450,
        "account.payee_label": 250, "account.payer_cap": 300, "account.repeated": 100, "account.ambiguous": 350,
        "account.ocr_repaired": 150, "account.secondary": 250, "account.no_label_other_country": 150,
        // amounts
        "amount.base": 400, "amount.integer": 150, "amount.label_due": 1200, "amount.label_total": 850,
        "amount.label_generic": 500, "amount.label_subtotal": -200, "amount.label_distractor": -450,
        "amount.currency": 100, "amount.slip_equals": 350, "amount.repeated": 150, "amount.line_item": 250,
        "amount.largest_total": 100, "amount.negative": 300,
        "amount.sum_of": 300, "amount.sum_of_items": 150, "amount.tendered": 300, "amount.tendered_check": 150,
        "amount.after_rounding": 150, "amount.rounded_sum": 300, "amount.rounding_max": 100,
        "amount.ocr_corrected": 150, "amount.tax_share_max": 25, "amount.position": 60, "amount.label_tendered": -350,
        "amount.after_payment": 400,
        "amount.arithmetic_values": 40,  // a bound, not a weight: how many distinct amounts the arithmetic looks at
        // references
        "reference.rf": 1500, "reference.model97": 1650, "reference.model97_bad": 300, "reference.model_other": 1050,
        "reference.labelled": 1050, "reference.free_text": 750, "reference.invoice_number": 700, "reference.label": 300,
        "reference.ocr_repaired": 150, "reference.lookalike_cap": 300,
        "reference.sentence": 250,
        // other fields
        "bic.label": 1500, "bic.iban_line": 1100, "payee.label": 1200, "payee.company_header": 650,
        "due_date.label": 1500, "due_date.weak_label": 1000, "payment_code.label": 1450, "currency.amount": 1400,
        "currency.confident_amount": 1550,
        "currency.token": 900,
        "currency.default": 600,
        // cross-checks and OCR
        "xml.base": 1650, "xml.on_page": 1400, "xml.not_on_page": 1150, "xml.agree": 250, "xml.disagree": 1000,
        "xml.text_penalty": 200,
        "qr.base": 1700, "qr.agree": 250, "ocr.per_point": 8, "ocr.floor": 92, "close_second": 150, "clear_margin": 300,
        "clear_margin_bonus": 200, "no_payment_cap": 900,
        // layout (distances in % of the line height, factors in %)
        "layout.cell_gap": 120, "layout.below_gap": 250, "layout.link_right": 95, "layout.link_below": 90,
        "layout.link_column": 60, "layout.claimed": 50,
    ]
}
