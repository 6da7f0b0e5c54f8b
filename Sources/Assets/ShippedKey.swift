/// The public key pp-assets trusts when the configuration names none: the key of pp's own release
/// repository. Its secret half is kept offline by the maintainers; rotate it with a manifest signed by
/// this key (docs/assets.md "Key rotation"), never by changing this line alone.
enum ShippedKey {
    static let release = "RWToKNTmQNt5JkdxxQOy6B+zNehbxsUf2ncTJORflGWDf1Bi12AnzOt5"
}
