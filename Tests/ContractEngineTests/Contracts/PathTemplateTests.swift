import Foundation
import Testing

@testable import ContractEngine

/// A stated path's holes: whole named segments, matched segment by segment.
@Suite("PathTemplate")
struct PathTemplateTests {
    @Test("a hole is any non-empty segment; the others are compared decoded; a path without one is exact")
    func matching() {
        let movie = PathTemplate("/3/movie/{id}")
        #expect(movie?.matches("/3/movie/551") == true)
        #expect(movie?.matches("/3/movie/") == false)
        #expect(movie?.matches("/3/movie/551/credits") == false)
        #expect(PathTemplate("/v3.1/name/{name}/x y")?.matches("/v3.1/name/peru/x%20y") == true)
        #expect(PathTemplate("/3/movie/550") == nil)
    }

    @Test(
        "a brace that is not a whole segment's named hole is a problem",
        arguments: ["/3/movie/id-{id}", "/3/{}/x", "/{a}/{a}", "/a}"])
    func problems(_ path: String) {
        #expect(PathTemplate.problem(in: path) != nil)
        #expect(PathTemplate(path) == nil)
    }
}
