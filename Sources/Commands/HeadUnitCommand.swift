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
      config check FILE | config defaults
                              validate a daemon configuration file, or print the defaults
      demo [--drive NAME] [--lang CODE] [--units U] [--out DIR] [--json]
                              replay an embedded Helsinki drive through the whole guidance
      replay --route R --track T [--map FILE] [--lang CODE] [--units U] [--json]
                              replay a recorded drive, print the guidance timeline
      snapshot --route R --track T --at SECONDS [--out FILE.png] [--framebuffer DEVICE]
               [--size WxH] [--theme T]
                              draw the navigation screen at a moment of a recorded drive
      gps [--host H] [--port P] [--once [--timeout S]] [--file TRACK [--speed N]]
                              bench: live gpsd fix monitor, or a recorded track
      inputs [--config FILE] [--json] | inputs --touch DEVICE
                              bench: live encoder, button and ignition events, or touches
      say TEXT [--lang CODE] [--device PCM | --wav FILE] [--rate WPM] [--gain G]
                              speak a phrase on the ALSA device or into a WAV file
      voice-check [--lang CODE|all] [--out DIR] [--config FILE]
                              render every prompt kind, measure and check the audio
      route --from LAT,LON --to LAT,LON [--map FILE] [--heading DEG] [--json] [--alternatives]
                              an offline car route: steps and totals, or OSRM JSON
      maps import REGION.osm.pbf [--out FILE] [--country CC] [--no-hierarchy]
                              build the offline map from an OpenStreetMap extract
      maps verify FILE.map    check a whole map file, its routing hierarchy included
      junctions PATH... [--all] [--quiet]
                              check junction scenarios through the importer, router and guidance
      search QUERY [--map FILE] [--near LAT,LON] [--limit N] [--json]
                              addresses, streets, places, postcodes and cities on the map
      bench guidance|gpsd|speech|render|saves|startup|maps|routing|contraction|search|bridge|drive|fleet-queue|fleet
                              performance figures
      wiring [--board pi3|pi4|pi5|zero2w] [--config FILE] [--out FILE.png] [--markdown]
                              the header pins to wire, as a table and a diagram
      doctor [--config FILE] [--wait S] [--silent] [--service NAME]
                              check this machine: config, map, gpsd and fix, clock, GPIO,
                              sound, display, state directory, service and journal
      help                    show this text

    Run `headunit COMMAND --help` for a command's options.
    """

  /// A command the program adds to these (`bench`, from the `Bench` module, which depends
  /// on this one): its words after the command's name, and where to write.
  public typealias Command = ([String], Console) throws -> Status

  /// The commands of this module by name (besides `help`), as `run` dispatches them.
  static var builtIn: [String: Command] {
    [
      "run": RunCommand.run, "replay": ReplayCommand.run, "snapshot": SnapshotCommand.run,
      "demo": DemoCommand.run, "gps": GPSCommand.run, "inputs": InputsCommand.run,
      "say": SayCommand.run, "voice-check": VoiceCheckCommand.run, "config": ConfigCommand.run,
      "maps": MapsCommand.run, "route": RouteCommand.run, "search": SearchCommand.run,
      "doctor": DoctorCommand.run, "wiring": WiringCommand.run, "junctions": JunctionsCommand.run,
    ]
  }

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
      default:
        guard let found = builtIn[command] ?? commands[command] else {
          throw UsageError("unknown command '\(command)'")
        }
        return try found(rest, console)
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
