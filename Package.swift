// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

/// The modules that import, contract, route and search maps are optimised in debug builds
/// too: the tests route thousands of pairs and import whole extracts through them, several
/// times slower unoptimised, and the fuzzer runs them under the sanitizers.
let optimized: [SwiftSetting] = strict + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "headunit",
  products: [
    .executable(name: "headunit", targets: ["headunit"])
  ],
  targets: [
    .systemLibrary(
      name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
    .systemLibrary(
      name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    .systemLibrary(
      name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
    .systemLibrary(
      name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
    .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(name: "CLinuxFB"),
    .systemLibrary(name: "CTimex"),
    .systemLibrary(name: "CMalloc"),
    .systemLibrary(
      name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
    .systemLibrary(
      name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
    .systemLibrary(
      name: "CMPDClient", pkgConfig: "libmpdclient", providers: [.apt(["libmpdclient-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .target(name: "CHTTP", linkerSettings: [.linkedLibrary("dl")]),
    .target(name: "JSON", swiftSettings: strict),
    .target(name: "POSIX", swiftSettings: strict),
    .target(name: "Geo", swiftSettings: optimized),
    .target(name: "Navigation", dependencies: ["Geo", "JSON"], swiftSettings: strict),
    .target(name: "Readers", dependencies: ["Geo", "JSON", "Navigation"], swiftSettings: strict),
    .target(name: "Templates", dependencies: ["Geo", "Navigation"], swiftSettings: strict),
    .target(name: "MapLayers", dependencies: ["Geo"], swiftSettings: strict),
    .target(
      name: "Routing", dependencies: ["Geo", "Navigation", "CZlib", "POSIX"],
      swiftSettings: optimized),
    .target(
      name: "MapFile", dependencies: ["Geo", "Navigation", "Routing", "CZlib", "POSIX"],
      swiftSettings: optimized),
    .target(
      name: "Maneuvers", dependencies: ["Geo", "Navigation", "Routing"], swiftSettings: strict),
    .target(name: "Search", dependencies: ["Geo", "Routing", "MapFile"], swiftSettings: optimized),
    .target(name: "Contraction", dependencies: ["Routing", "CMalloc"], swiftSettings: optimized),
    .target(name: "OSMPBF", dependencies: ["Routing", "CZlib"], swiftSettings: optimized),
    .target(name: "RoadCosts", dependencies: ["Routing"], swiftSettings: strict),
    .target(
      name: "Junctions",
      dependencies: [
        "Geo", "Navigation", "Routing", "MapFile", "MapImport", "Maneuvers", "OSMPBF",
      ],
      swiftSettings: strict),
    .target(
      name: "MapImport",
      dependencies: [
        "Geo", "Navigation", "Routing", "RoadCosts", "MapFile", "Contraction", "OSMPBF",
        "CMalloc",
      ],
      swiftSettings: optimized),
    .target(
      name: "Core", dependencies: ["Geo", "Navigation", "Templates"], swiftSettings: strict),
    .target(name: "Canvas", dependencies: ["CCairo", "CPango"], swiftSettings: strict),
    .target(
      name: "Rendering",
      dependencies: [
        "Geo", "Navigation", "Templates", "MapLayers", "Canvas", "CCairo", "CTurboJPEG",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "Board",
      dependencies: [
        "Geo", "JSON", "Navigation", "Readers", "Templates", "Core", "CGPS", "CGPIOD", "CEvdev",
        "CLinuxFB", "POSIX",
      ],
      path: "Board",
      swiftSettings: strict
    ),
    .target(
      name: "Audio",
      dependencies: ["Geo", "Navigation", "Core", "CEspeakNG", "CALSA", "POSIX"],
      path: "Audio",
      swiftSettings: strict
    ),
    .target(
      name: "Music", dependencies: ["Audio", "Core", "CMPDClient", "POSIX"], path: "Music",
      swiftSettings: strict),
    .target(
      name: "Bridge",
      dependencies: [
        "Core", "Geo", "JSON", "Navigation", "Readers", "Templates", "POSIX", "Rendering",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "HeadUnit",
      dependencies: [
        "Geo", "Navigation", "Readers", "Templates", "Core", "JSON", "MapLayers", "Rendering",
        "Routing", "MapFile", "Maneuvers", "Search", "Board", "Audio", "Bridge", "CHTTP", "CMalloc",
        "CSystemd", "CMosquitto", "Music", "POSIX",
      ],
      resources: [.copy("Resources/Helsinki")],
      swiftSettings: strict
    ),
    .target(
      name: "Desktop", dependencies: ["Board", "Core", "Templates", "CSDL2"], path: "Desktop",
      swiftSettings: strict),
    .target(
      name: "Commands",
      dependencies: [
        "HeadUnit", "Core", "Geo", "Navigation", "Readers", "Templates", "JSON", "Rendering",
        "Routing", "MapFile", "Maneuvers", "MapImport", "Search", "Board", "Audio", "POSIX",
        "CMalloc", "CTimex", "Desktop", "Rigs", "Junctions",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "Rigs", dependencies: ["Board", "Bridge", "Geo", "HeadUnit", "Navigation", "POSIX"],
      resources: [.copy("StandIns")], swiftSettings: strict),
    .target(
      name: "Bench",
      dependencies: [
        "HeadUnit", "Commands", "Rigs", "Core", "Geo", "Navigation", "Readers", "Templates",
        "JSON", "Rendering", "Routing", "MapFile", "Maneuvers", "MapImport", "Contraction",
        "Search", "Board",
        "Audio",
        "POSIX",
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "headunit", dependencies: ["Commands", "Bench"], swiftSettings: strict),
    .target(
      name: "MachineTestSupport", dependencies: ["Navigation"], path: "Tests/Support/Machines",
      swiftSettings: strict),
    .target(
      name: "TestSupport", dependencies: ["Rigs"], path: "Tests/Support/Swift",
      swiftSettings: strict),
    .testTarget(name: "POSIXTests", dependencies: ["POSIX"], swiftSettings: strict),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "Geo"], swiftSettings: strict),
    .testTarget(name: "GeoTests", dependencies: ["Geo"], swiftSettings: strict),
    .testTarget(
      name: "NavigationTests",
      dependencies: ["Navigation", "Readers", "Geo", "MachineTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ReadersTests",
      dependencies: ["Readers", "Navigation", "Geo", "JSON"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "CoreTests",
      dependencies: ["Core", "Navigation", "Geo", "Templates", "MachineTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "BoardTests",
      dependencies: [
        "Board", "Navigation", "Readers", "Geo", "Templates", "TestSupport", "Rigs", "CEvdev",
        "Desktop",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "AudioTests",
      dependencies: ["Audio", "Navigation", "Rigs"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "MusicTests", dependencies: ["Music", "Core", "Rigs"], swiftSettings: strict),
    .testTarget(
      name: "RoutingTests",
      dependencies: [
        "Routing", "MapFile", "Maneuvers", "MapImport", "Geo", "Navigation", "Readers",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "JunctionsTests", dependencies: ["Junctions", "Navigation"], swiftSettings: strict),
    .testTarget(
      name: "HierarchyTests",
      dependencies: [
        "Contraction", "MapImport", "Routing", "MapFile", "Maneuvers", "Geo", "Navigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "SearchTests",
      dependencies: [
        "Search", "MapImport", "OSMPBF", "Routing", "MapFile", "Maneuvers", "Geo", "Navigation",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "MapImportTests",
      dependencies: [
        "MapImport", "OSMPBF", "Routing", "RoadCosts", "MapFile", "Maneuvers", "Geo",
        "Navigation", "CZlib",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TemplatesTests",
      dependencies: ["Templates", "Navigation", "Geo"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "RenderingTests",
      dependencies: [
        "Rendering", "Canvas", "MapLayers", "Templates", "Navigation", "Readers", "Geo",
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "BridgeTests", dependencies: ["Bridge"], swiftSettings: strict),
    .testTarget(
      name: "HeadUnitTests",
      dependencies: [
        "HeadUnit", "JSON", "Navigation", "Readers", "Geo", "Templates", "MapLayers", "Rendering",
        "Routing", "MapFile", "MapImport", "Board", "Bridge", "TestSupport", "MachineTestSupport",
        "Rigs",
        "Bench", "Commands", "Core", "Maneuvers",
      ],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The readers' libFuzzer targets (Fuzz/, run by Tools/fuzz), one binary that
// HEADUNIT_FUZZ_TARGET points at one of them: declared only when HEADUNIT_FUZZ is set, because
// libFuzzer supplies its `main`, so a plain `swift build` could not link it.
if Context.environment["HEADUNIT_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(
      name: "headunit-fuzz",
      dependencies: [
        "Board", "Bridge", "CGPS", "Core", "Geo", "HeadUnit", "MapImport", "Navigation",
        "OSMPBF", "Readers", "Routing", "MapFile", "Search", "Templates", "Junctions",
      ],
      path: "Fuzz/Sources",
      swiftSettings: strict
    ))
}
