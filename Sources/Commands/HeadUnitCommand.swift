import Foundation
import HeadUnit
import Navigation

/// The `headunit` program: picks the command named by the first argument and runs it.
public enum HeadUnitCommand {
  /// Exit statuses: 0 success, 1 the work failed, 2 the command line or its input was wrong.
  public enum Status: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
  }

  static let usage = """
    usage: headunit COMMAND [OPTIONS]

    commands:
      run [--config FILE]     the car daemon (gpsd, GPIO, ALSA, framebuffer)
      demo                    replay the embedded Helsinki drive through the whole guidance
      replay --route R --track T
                              replay a recorded drive, print the guidance timeline
      snapshot --route R --track T --at SECONDS --out FILE.png [--size WxH] [--theme T]
                              draw the navigation screen at a moment of a recorded drive
      gps [--host H] [--port P] [--once]
                              bench: live gpsd fix monitor
      inputs [--config FILE | --touch DEVICE]
                              bench: live encoder, button and ignition events, or touches
      say TEXT [--lang CODE] [--device PCM] [--wav FILE]
                              speak a phrase on the ALSA device or into a WAV file
      voice-check [--lang CODE|all] [--out DIR]
                              render every prompt kind, measure and check the audio
      route --from LAT,LON --to LAT,LON [--map FILE] [--heading DEG] [--json] [--alternatives]
                              an offline car route: steps and totals, or OSRM JSON
      maps import REGION.osm.pbf [--out FILE]
                              build the offline map from an OpenStreetMap extract
      maps verify FILE.map    check a whole map file, its routing hierarchy included
      search QUERY [--map FILE] [--near LAT,LON] [--limit N] [--json]
                              addresses, streets, places, postcodes and cities on the map
      bench guidance|gpsd|speech|render|routing|maps|search
                              performance figures
      wiring [--board pi3|pi4|pi5|zero2w] [--config FILE] [--out FILE.png] [--markdown]
                              the header pins to wire, as a table and a diagram
      config check FILE | config defaults
                              validate a daemon configuration file, or print the defaults
      doctor [--config FILE] [--wait S] [--silent]
                              check this machine: config, map, gpsd and fix, clock, GPIO,
                              sound, display, state directory, service and journal
      help                    show this text

    Run `headunit COMMAND --help` for a command's options.
    """

  /// A command the program adds to these (`bench`, from the `Bench` module, which depends
  /// on this one): its words after the command's name, and where to write.
  public typealias Command = ([String], Console) throws -> Status

  /// Runs the command line `arguments` (without the program name); `commands` are the
  /// program's further commands by name.
  public static func run(
    _ arguments: [String], console: Console = .standard, commands: [String: Command] = [:]
  ) -> Status {
    guard let command = arguments.first else {
      console.err(usage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "help", "--help", "-h":
        console.out(usage)
        return .success
      case "run": return try RunCommand.run(rest, console: console)
      case "replay": return try ReplayCommand.run(rest, console: console)
      case "snapshot": return try SnapshotCommand.run(rest, console: console)
      case "demo": return try DemoCommand.run(rest, console: console)
      case "gps": return try GPSCommand.run(rest, console: console)
      case "inputs": return try InputsCommand.run(rest, console: console)
      case "say": return try SayCommand.run(rest, console: console)
      case "voice-check": return try VoiceCheckCommand.run(rest, console: console)
      case "config": return try ConfigCommand.run(rest, console: console)
      case "doctor": return try DoctorCommand.run(rest, console: console)
      case "maps": return try MapsCommand.run(rest, console: console)
      case "route": return try RouteCommand.run(rest, console: console)
      case "search": return try SearchCommand.run(rest, console: console)
      case "wiring": return try WiringCommand.run(rest, console: console)
      default:
        guard let added = commands[command] else {
          throw UsageError("unknown command '\(command)'")
        }
        return try added(rest, console)
      }
    } catch let error as UsageError {
      console.err("headunit: \(error.message)")
      if !rest.contains("--help") { console.err("Run `headunit help` for the commands.") }
      return .usage
    } catch let error as NavigationError {
      console.err("headunit: \(error)")
      return .usage
    } catch {
      console.err("headunit: \(error)")
      return .failure
    }
  }
}
