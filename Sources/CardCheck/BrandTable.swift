/// The compiled-in brand table, in detection priority order (credit-card-type 10.3.0
/// as transcribed in the project's card spec). Users change it with --card-types.
public enum BrandTable {
    static func p(_ s: String) -> CardBrand.Pattern { .prefix(s) }
    static func r(_ low: String, _ high: String) -> CardBrand.Pattern { .range(low, high) }

    public static let standard: [CardBrand] = [
        CardBrand(id: "visa", name: "Visa", patterns: [p("4")], lengths: [16, 18, 19], codeName: "CVV", codeSize: 3),
        CardBrand(
            id: "mastercard", name: "Mastercard",
            patterns: [r("51", "55"), r("2221", "2229"), r("223", "229"), r("23", "26"), r("270", "271"), p("2720")],
            lengths: [16], codeName: "CVC", codeSize: 3),
        CardBrand(
            id: "american-express", name: "American Express", patterns: [p("34"), p("37")], lengths: [15],
            codeName: "CID", codeSize: 4, gaps: [4, 10]),
        CardBrand(
            id: "diners-club", name: "Diners Club", patterns: [r("300", "305"), p("36"), p("38"), p("39")],
            lengths: [14, 16, 19], codeName: "CVV", codeSize: 3, gaps: [4, 10]),
        CardBrand(
            id: "discover", name: "Discover", patterns: [p("6011"), r("644", "649"), p("65")], lengths: [16, 19],
            codeName: "CID", codeSize: 3),
        // Troy: 9792 and the explicit 65xxxx BINs our spec names; further Troy BINs can be added with --card-types.
        CardBrand(
            id: "troy", name: "Troy",
            patterns: [p("9792"), p("650052"), r("650082", "650083"), r("65875000", "65875003"), p("65880900")],
            lengths: [16], codeName: "CVV", codeSize: 3),
        CardBrand(
            id: "jcb", name: "JCB", patterns: [p("2131"), p("1800"), r("3528", "3589")], lengths: [16, 17, 18, 19],
            codeName: "CVV", codeSize: 3),
        CardBrand(
            id: "unionpay", name: "UnionPay",
            patterns: [
                p("620"), r("62100", "62182"), r("62184", "62197"), r("62200", "62205"), r("622010", "622999"),
                r("62207", "62209"), r("623", "626"), p("6270"), p("6272"), p("6276"), r("627700", "627779"),
                r("627781", "627799"), r("6282", "6289"), p("6291"), p("6292"), p("810"), r("8110", "8171"),
            ],
            lengths: [14, 15, 16, 17, 18, 19], codeName: "CVN", codeSize: 3, luhn: false),
        CardBrand(
            id: "naranja", name: "Naranja", patterns: [p("589562"), p("402918"), p("527572")], lengths: [16],
            codeName: "CVV", codeSize: 3),
        CardBrand(
            id: "verve", name: "Verve",
            patterns: [
                r("506099", "506127"), p("506129"), r("506133", "506150"), r("506158", "506163"), p("506166"),
                p("506168"), p("506170"), p("506173"), r("506176", "506180"), p("506184"), r("506187", "506188"),
                p("506191"), p("506195"), p("506197"), r("507865", "507866"), r("507868", "507877"),
                r("507880", "507888"), p("507900"), p("507941"),
            ],
            lengths: [16, 18, 19], codeName: "CVV", codeSize: 3),
        CardBrand(
            id: "maestro", name: "Maestro",
            patterns: [
                p("493698"), r("500000", "504174"), r("504176", "506698"), r("506779", "508999"), r("56", "59"),
                p("63"), p("67"), p("6"),
            ],
            lengths: Array(12...19), codeName: "CVC", codeSize: 3),
        CardBrand(
            id: "elo", name: "Elo",
            patterns: [
                p("401178"), p("401179"), p("431274"), p("438935"), p("451416"), p("457393"), p("457631"), p("457632"),
                p("504175"), r("506699", "506778"), r("509000", "509999"), p("627780"), p("636297"), p("636368"),
                r("650031", "650033"), r("650035", "650051"), r("650405", "650439"), r("650485", "650538"),
                r("650541", "650598"), r("650700", "650718"), r("650720", "650727"), r("650901", "650978"),
                r("651652", "651679"), r("655000", "655019"), r("655021", "655058"),
            ],
            lengths: [16], codeName: "CVE", codeSize: 3),
        CardBrand(
            id: "mir", name: "Mir", patterns: [r("2200", "2204")], lengths: [16, 17, 18, 19], codeName: "CVP2", codeSize: 3),
        CardBrand(
            id: "hiper", name: "Hiper",
            patterns: [p("637095"), p("63737423"), p("63743358"), p("637568"), p("637599"), p("637609"), p("637612")],
            lengths: [16], codeName: "CVC", codeSize: 3),
        CardBrand(id: "hipercard", name: "Hipercard", patterns: [p("606282")], lengths: [16], codeName: "CVC", codeSize: 3),
    ]
}
