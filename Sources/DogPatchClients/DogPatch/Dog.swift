import Foundation

/// A dog for sale on DogPatch, as the server sends it.
///
/// JSON keys are the property names; every key is required, and keys the model does not
/// name (such as `gender`) are ignored.
public struct Dog: Codable, Equatable, Hashable, Identifiable, Sendable {
    /// The dog's identifier.
    public var id: UUID
    /// The seller's identifier.
    public var sellerID: UUID
    /// A description written by the seller.
    public var about: String
    /// The breed.
    public var breed: String
    /// The dog's name.
    public var name: String
    /// The day the dog was born (seconds since 2001-01-01 on the wire).
    public var birthday: Date
    /// When the listing was created (seconds since 2001-01-01 on the wire).
    public var created: Date
    /// The breeder's rating.
    public var breederRating: Double
    /// The price, kept exact.
    public var cost: Decimal
    /// Where the dog's picture is.
    public var imageURL: URL

    /// Creates a dog.
    /// - Parameters:
    ///   - id: The dog's identifier.
    ///   - sellerID: The seller's identifier.
    ///   - about: A description written by the seller.
    ///   - breed: The breed.
    ///   - name: The dog's name.
    ///   - birthday: The day the dog was born.
    ///   - created: When the listing was created.
    ///   - breederRating: The breeder's rating.
    ///   - cost: The price.
    ///   - imageURL: Where the dog's picture is.
    public init(
        id: UUID, sellerID: UUID, about: String, breed: String, name: String, birthday: Date,
        created: Date, breederRating: Double, cost: Decimal, imageURL: URL
    ) {
        self.id = id
        self.sellerID = sellerID
        self.about = about
        self.breed = breed
        self.name = name
        self.birthday = birthday
        self.created = created
        self.breederRating = breederRating
        self.cost = cost
        self.imageURL = imageURL
    }
}
