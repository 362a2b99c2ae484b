import Testing

@testable import MapImport

/// `Array.permute(by:)`, which sorts the millions of edges of an import in place.
@Suite struct PermuteTests {
  @Test(arguments: [0, 1, 2, 7, 1000])
  func permutingInPlaceGivesWhatACopyWould(count: Int) {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let values = (0..<count).map { _ in Int.random(in: 0..<50, using: &generator) }
      let order = Array(values.indices).shuffled(using: &generator)
      var permuted = values
      permuted.permute(by: order)
      #expect(permuted == order.map { values[$0] })
    }
  }

  @Test func theIdentityAndAReversalAreTheirOwnResults() {
    var values = Array(0..<9)
    values.permute(by: Array(0..<9))
    #expect(values == Array(0..<9))
    values.permute(by: Array((0..<9).reversed()))
    #expect(values == Array((0..<9).reversed()))
  }
}
