import Foundation

/// The path a recorded or captured fixture gets when none is given: from the contract's fixture
/// folder and the case's name, `countries/by-name-peru` and `Peru (live)` giving
/// `countries/by-name-peru/peru-live.json`.
///
/// Letters and digits of any script are kept (`Perú` stays `perú`, `東京` stays `東京`), runs of
/// anything else become one `-`; a name too long for a file is cut, and then, as when its
/// name is taken by another file or case, a suffix keeps it apart: every case gets its own
/// valid file name.
enum FixtureName {
    /// The longest file name written, in UTF-8 bytes, with room for a suffix and `.json`; file
    /// systems allow 255.
    static let maxStemBytes = 120

    /// A fixture path for a case.
    /// - Parameters:
    ///   - folder: Where the contract's new fixtures go (`ContractPlace.fixtureFolder`).
    ///   - name: The case's name.
    ///   - taken: Whether a path (relative to the fixtures folder) is already used, by a file or
    ///     by a case of the contract.
    ///   - contentType: The body's `Content-Type`, which picks the extension (`.json` without one).
    /// - Returns: A path no file or case uses.
    static func path(
        in folder: String, name: String, contentType: String? = nil, taken: (String) -> Bool
    ) -> String {
        let suffix = "." + fileExtension(contentType: contentType)
        var stem = slug(name)
        if stem.utf8.count > maxStemBytes {
            // Cut on a character, and told apart from other long names by a hash of the whole.
            var cut = ""
            for character in stem where cut.utf8.count + character.utf8.count <= maxStemBytes - 9 {
                cut.append(character)
            }
            while cut.last == "-" { cut.removeLast() }
            stem = cut + "-" + String(SipHash.hash(name.utf8) & 0xffff_ffff, radix: 16)
        }
        var candidate = folder + "/" + stem + suffix
        var number = 2
        while taken(candidate) {
            candidate = folder + "/" + stem + "-\(number)" + suffix
            number += 1
        }
        return candidate
    }

    /// The extension a body's media type calls for, so an HTML error page is not saved as `.json`:
    /// `json` for JSON (`application/json`, `application/problem+json`) and when no type is given,
    /// `html`, `xml`, `txt` for other text, `bin` for anything else.
    /// - Parameter contentType: The `Content-Type` header's value.
    /// - Returns: The extension, without its dot.
    static func fileExtension(contentType: String?) -> String {
        guard let contentType else { return "json" }
        let media = (MediaType.of(contentType) ?? "").lowercased()
        if media.isEmpty || MediaType.isJSON(media) { return "json" }
        if media == "text/html" || media == "application/xhtml+xml" { return "html" }
        if media.hasSuffix("/xml") || media.hasSuffix("+xml") { return "xml" }
        if media.hasPrefix("text/") { return "txt" }
        return "bin"
    }

    /// A name's letters and digits, lowercased, other runs as `-`; `case` when nothing is left.
    static func slug(_ name: String) -> String {
        var slug = ""
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return slug.isEmpty ? "case" : slug
    }
}
