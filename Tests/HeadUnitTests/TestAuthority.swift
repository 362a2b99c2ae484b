import Foundation

/// A certificate authority made with `openssl` for one test, with a server certificate for
/// `localhost` and a client certificate, all PEM files in a temporary directory.
struct TestAuthority {
  var ca: String
  var serverCert: String
  var serverKey: String
  var clientCert: String
  var clientKey: String

  /// Makes the authority and both certificates (RSA 2048, a day long); about a second.
  static func make() throws -> TestAuthority {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("test-ca-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try openssl(
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=Test CA",
      "-keyout", path("ca.key"), "-out", path("ca.crt"))
    for (name, subject) in [("server", "localhost"), ("client", "headunit-van-7")] {
      try openssl(
        "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(subject)", "-keyout",
        path("\(name).key"), "-out", path("\(name).csr"))
      try "subjectAltName=DNS:\(subject)\n".write(
        toFile: path("\(name).ext"), atomically: true, encoding: .utf8)
      try openssl(
        "x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.crt"), "-CAkey",
        path("ca.key"), "-CAcreateserial", "-days", "1", "-extfile", path("\(name).ext"),
        "-out", path("\(name).crt"))
    }
    return TestAuthority(
      ca: path("ca.crt"), serverCert: path("server.crt"), serverKey: path("server.key"),
      clientCert: path("client.crt"), clientKey: path("client.key"))
  }

  private static func openssl(_ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": arguments.joined(separator: " ")])
    }
  }
}
