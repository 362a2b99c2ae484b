import Foundation
import TestSupport
import Testing

/// The deployment files under `Deploy/`: the systemd unit read as systemd reads it, checked
/// by `systemd-analyze verify` where that exists; the install script, udev and polkit rules.
@Suite("Deploy files")
struct DeployFilesTests {
  static let deploy = Paths.root.appendingPathComponent("Deploy")
  static let unitURL = deploy.appendingPathComponent("headunit.service")

  /// A unit file as systemd's ini dialect has it: sections of `Key=value` lines, a key
  /// repeated adding to its values, `#` and `;` comment lines, trailing `\` continuing a line.
  struct UnitFile {
    var sections: [String: [String: [String]]] = [:]

    init(_ text: String) {
      var section = ""
      var pending = ""
      for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
        var line = pending + raw.trimmingCharacters(in: .whitespaces)
        pending = ""
        if line.hasSuffix("\\") {
          line.removeLast()
          pending = line + " "
          continue
        }
        if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
        if line.hasPrefix("[") && line.hasSuffix("]") {
          section = String(line.dropFirst().dropLast())
          sections[section, default: [:]] = sections[section, default: [:]]
          continue
        }
        guard let equals = line.firstIndex(of: "=") else { continue }
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        sections[section, default: [:]][key, default: []].append(value)
      }
    }

    /// The last value of `key` in `section`, which is the one in force for single-valued keys.
    func value(_ section: String, _ key: String) -> String? {
      sections[section]?[key]?.last
    }

    /// Every word of every value of `key` in `section`, for list-valued keys.
    func words(_ section: String, _ key: String) -> [String] {
      (sections[section]?[key] ?? []).flatMap { $0.split(separator: " ").map(String.init) }
    }
  }

  static func unit() throws -> UnitFile {
    UnitFile(try String(contentsOf: unitURL, encoding: .utf8))
  }

  /// Runs `executable` with `arguments` and returns its exit status and all it printed.
  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String
  ) {
    try ChildProcess.output(of: executable, arguments)
  }

  /// The first of `names` that is an executable in `PATH` (or the usual system directories).
  static func tool(_ names: String...) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]
    for name in names {
      for directory in directories {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  @Test("the unit is a notify service with a watchdog, restarts on failure and stops fast")
  func serviceBehaviour() throws {
    let unit = try Self.unit()
    #expect(unit.value("Service", "Type") == "notify")
    #expect(unit.value("Service", "NotifyAccess") == "main")
    #expect(unit.value("Service", "WatchdogSec") == "10")
    #expect(unit.value("Service", "Restart") == "on-failure")
    #expect(unit.value("Service", "RestartSec") == "2")
    #expect(unit.value("Service", "TimeoutStopSec") == "5")
    #expect(
      unit.value("Service", "ExecStart")
        == "/usr/local/bin/headunit run --config /etc/headunit/config.json")
    let reload = unit.words("Service", "ExecReload")
    #expect(reload.first == "/bin/kill")
    #expect(reload.contains("-HUP") && reload.contains("$MAINPID"), "\(reload)")
    #expect(unit.words("Unit", "After").contains("gpsd.socket"))
    #expect(unit.words("Unit", "Wants").contains("gpsd.socket"))
    #expect(unit.value("Install", "WantedBy") == "multi-user.target")
  }

  @Test("the unit runs as headunit with the device groups, its state and runtime directories")
  func serviceIdentity() throws {
    let unit = try Self.unit()
    #expect(unit.value("Service", "User") == "headunit")
    #expect(unit.value("Service", "Group") == "headunit")
    let groups = Set(unit.words("Service", "SupplementaryGroups"))
    #expect(groups.isSuperset(of: ["video", "audio", "gpio", "input"]), "\(groups)")
    #expect(unit.value("Service", "StateDirectory") == "headunit")
    #expect(unit.value("Service", "RuntimeDirectory") == "headunit")
  }

  @Test("hardening leaves the framebuffer, GPIO and sound devices reachable")
  func hardening() throws {
    let unit = try Self.unit()
    #expect(unit.value("Service", "ProtectSystem") == "strict")
    #expect(unit.value("Service", "ProtectHome") == "yes")
    #expect(unit.value("Service", "NoNewPrivileges") == "yes")
    #expect(unit.value("Service", "PrivateTmp") == "yes")
    // Each of these would close /dev/fb0, /dev/gpiochip* or /dev/snd to the service.
    for key in ["PrivateDevices", "DevicePolicy", "DeviceAllow", "ProtectClock"] {
      for section in unit.sections.keys {
        #expect(unit.sections[section]?[key] == nil, "\(key)= in [\(section)]")
      }
    }
  }

  @Test("systemd-analyze verify accepts the unit")
  func verify() throws {
    let analyze = try #require(Self.tool("systemd-analyze"), "Deploy/setup installs systemd")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("headunit-unit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // verify wants ExecStart's binary to exist: point it at the one built beside this test
    // binary, or at /bin/true when only the tests were built.
    let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("headunit").path
    let binary = FileManager.default.isExecutableFile(atPath: built) ? built : "/bin/true"
    let text = try String(contentsOf: Self.unitURL, encoding: .utf8)
      .replacingOccurrences(of: "ExecStart=/usr/local/bin/headunit ", with: "ExecStart=\(binary) ")
    #expect(text.contains("ExecStart=\(binary) run"))
    let copy = directory.appendingPathComponent("headunit.service")
    try text.write(to: copy, atomically: true, encoding: .utf8)
    let (status, output) = try Self.run(analyze, ["verify", copy.path])
    #expect(status == 0, "\(output)")
    #expect(!output.contains("headunit.service"), "\(output)")
  }

  @Test("the install scripts parse and pass shellcheck", arguments: ["install", "install-gps"])
  func installScript(name: String) throws {
    let script = Self.deploy.appendingPathComponent(name).path
    #expect(FileManager.default.isExecutableFile(atPath: script))
    let syntax = try Self.run("/bin/bash", ["-n", script])
    #expect(syntax.status == 0, "\(syntax.output)")
    let shellcheck = try #require(Self.tool("shellcheck"), "Deploy/setup installs shellcheck")
    let lint = try Self.run(shellcheck, [script])
    #expect(lint.status == 0, "\(lint.output)")
  }

  @Test("udev gives /dev/gpiochip* to group gpio")
  func udevRule() throws {
    let text = try String(
      contentsOf: Self.deploy.appendingPathComponent("99-headunit-gpio.rules"), encoding: .utf8)
    let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(
      rules.contains(#"SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660""#),
      "\(rules)")
  }

  @Test("udev gives /dev/input/event* (the touch screen) to group input")
  func udevInputRule() throws {
    let text = try String(
      contentsOf: Self.deploy.appendingPathComponent("99-headunit-gpio.rules"), encoding: .utf8)
    let rules = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    #expect(
      rules.contains(
        #"SUBSYSTEM=="input", KERNEL=="event[0-9]*", GROUP="input", MODE="0660""#),
      "\(rules)")
  }

  /// Each system library's Debian package (its `providers: [.apt([...])]` in Package.swift)
  /// is one Deploy/setup installs, so the tests and the car can build.
  @Test("Deploy/setup installs every C library Package.swift links")
  func setupInstallsTheLibraries() throws {
    let package = try String(
      contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let setup = try String(
      contentsOf: Self.deploy.appendingPathComponent("setup"), encoding: .utf8)
    let listed = Set(setup.split(whereSeparator: { " \n\\\"".contains($0) }).map(String.init))
    let provided = package.matches(of: /\.apt\(\[([^\]]*)\]\)/).flatMap { match in
      match.1.split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
      }
    }
    #expect(provided.contains("libevdev-dev"))
    for name in provided { #expect(listed.contains(name), "\(name)") }
  }

  @Test("polkit lets user headunit power off, and nothing else")
  func polkitRule() throws {
    let node = try #require(Self.tool("node", "nodejs"), "Deploy/setup installs nodejs")
    let rule = Self.deploy.appendingPathComponent("50-headunit-poweroff.rules").path
    // A stand-in for polkitd's `polkit` object; prints the verdict for each request.
    let harness = """
      const rules = [];
      globalThis.polkit = { Result: { YES: "yes" }, addRule: (f) => rules.push(f) };
      eval(require("fs").readFileSync(process.argv[1], "utf8"));
      const ask = (id, user) => rules.map((f) => f({ id }, { user })).find((r) => r) ?? "-";
      console.log([
        ask("org.freedesktop.login1.power-off", "headunit"),
        ask("org.freedesktop.login1.power-off-multiple-sessions", "headunit"),
        ask("org.freedesktop.login1.power-off", "pi"),
        ask("org.freedesktop.login1.reboot", "headunit"),
        ask("org.freedesktop.systemd1.manage-units", "headunit"),
      ].join(" "));
      """
    let (status, output) = try Self.run(node, ["-e", harness, rule])
    #expect(status == 0, "\(output)")
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "yes yes - - -")
  }
}
