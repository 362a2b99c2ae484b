import Core
import Testing

@Suite("secrets hidden in shown URLs")
struct URLSecretsTests {
  @Test(arguments: [
    ("https://fleet.example/v1/reports", "https://fleet.example/v1/reports"),
    ("https://van7:s3cret@proxy.example:8443/r", "https://van7:***@proxy.example:8443/r"),
    ("mqtts://u:p@ss@m.example", "mqtts://u:***@m.example"),
    ("https://user@f.example/r", "https://user@f.example/r"),
    ("https://f.example/r?key=abc&v=2&flag", "https://f.example/r?key=***&v=***&flag"),
    ("https://f.example/r?key=&x=1#top", "https://f.example/r?key=&x=***#top"),
    ("https://a:b@f.example/r?token=t#frag", "https://a:***@f.example/r?token=***#frag"),
    ("http://f.example/@:notapassword", "http://f.example/@:notapassword"),
    ("mqtt:/s3cret", "mqtt:/s3cret"),
    ("", ""),
  ])
  func hidden(url: String, shown: String) {
    #expect(URLSecrets.hidden(url) == shown)
  }

  @Test func aFleetErrorNeverCarriesTheSecrets() {
    let error = FleetError(.httpStatus, url: "https://u:pw@f.example/r?key=k1", status: 503, "down")
    #expect(error.description == "https://u:***@f.example/r?key=***: down")
  }
}
