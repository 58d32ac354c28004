// swift-tools-version: 6.1
import PackageDescription

/// Optimised in debug builds too: the modules whose work the tests do at scale, so that the tests
/// (and the chaos tests' debug binary) spend their time on what they check, not on unoptimised code.
/// SpacedRepetition's fit replays a whole history hundreds of times (tests of learners of up to
/// 16,000 reviews: 85 s unoptimised, 5 s so); the engine is conjugated and searched whole; the score
/// board reads, checks and replays every answer of a history (the start-up, damage and migration
/// tests). Debugging these modules wants `-Onone` back here.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "conjugar",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "conjugar", targets: ["conjugar"]),
    .library(name: "ConjugarEngine", targets: ["ConjugarEngine"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
  ],
  targets: [
    // The conjugation engine: pure code, no globals, no I/O.
    .target(name: "ConjugarEngine", exclude: ["Generated/NOTICE-catalog.md"], swiftSettings: optimisedInDebug),

    // ncurses, linked by name rather than through pkg-config: Debian's ncursesw.pc adds
    // -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, flags SwiftPM refuses on every build. The names differ per
    // platform: Debian has ncursesw and tinfo (libncurses-dev), macOS one wide-capable ncurses
    // (untested there).
    .target(
      name: "CNcursesw",
      linkerSettings: [
        .linkedLibrary("ncursesw", .when(platforms: [.linux])),
        .linkedLibrary("tinfo", .when(platforms: [.linux])),
        .linkedLibrary("ncurses", .when(platforms: [.macOS])),
      ]),
    // SQLite's C API (the system's libsqlite3); the tests open databases of their own through it.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // The small layer the score board uses over it: a connection and its statements, rows and their
    // values, transactions, a queue for threads, a migrator (the part of GRDB's API it used).
    .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: optimisedInDebug),

    // The dependeffects, one small module each: the interface (Client.swift), the live value
    // (Live.swift) and the test values (Mocks.swift), side by side.
    // The files outside the database (FileClient: the files a learner names, the sync folder), and
    // the file operations the stores below share: small files read whole, replaced atomically.
    .target(name: "FileStorage"),
    // Plain text's white space by Unicode's properties: what Foundation's CharacterSet gave, without
    // the ICU it links in.
    .target(name: "PlainText"),
    // The body of every failing double: a dependency the test did not state.
    .target(name: "Unimplemented"),
    // Where work off the key path runs: a thread per job, or at once, or queued for a test.
    .target(name: "BackgroundClient", dependencies: ["Unimplemented"]),
    .target(name: "SettingsClient", dependencies: ["ConjugarEngine", "FileStorage", "PlainText", "SpacedRepetition", "Unimplemented"]),
    // The score board's interface, models and doubles; its live value, the history in SQLite
    // through the SQLite module, is ScoreboardLive, the one module that uses it.
    .target(
      name: "ScoreboardClient", dependencies: ["SettingsClient", "FileStorage", "SpacedRepetition", "Unimplemented"],
      swiftSettings: optimisedInDebug),
    .target(
      name: "ScoreboardLive",
      dependencies: [
        "ScoreboardClient", "SettingsClient", "FileStorage", "ClockClient", "RandomClient", "SpacedRepetition", "BackgroundClient",
        "PlainText", "SQLite",
        // SQLite's own API, for salvaging a damaged file row by row (Salvage.swift) and the bulk import.
        "CSQLite",
      ],
      swiftSettings: optimisedInDebug),
    .target(name: "AnalyticsClient", dependencies: ["SettingsClient", "ClockClient", "FileStorage", "Unimplemented"]),
    .target(name: "ReviewPrompterClient", dependencies: ["ClockClient", "FileStorage", "Unimplemented"]),
    .target(name: "RandomClient", dependencies: ["Unimplemented"]),
    .target(name: "ClockClient", dependencies: ["FileStorage", "Unimplemented"]),
    .target(name: "SoundClient", dependencies: ["SettingsClient", "Unimplemented"]),
    // Speech runs the espeak-ng program (GPL-3) as a separate process: never linked (NOTICE).
    .target(name: "SpeechClient", dependencies: ["SettingsClient", "FileStorage", "BackgroundClient", "PlainText", "Unimplemented"]),
    .target(name: "TerminalClient", dependencies: ["CNcursesw", "Unimplemented"]),
    // The command line's standard streams (the full-screen trainer draws through TerminalClient).
    .target(name: "ConsoleClient", dependencies: ["Unimplemented"]),
    // Sync's interface and doubles; its live value (files, git) is SyncLive, which reads and writes
    // the history's files by ConjugarCore's rules (Sync/).
    .target(name: "SyncClient", dependencies: ["ScoreboardClient", "Unimplemented"]),

    // The learner's time zone from the system's tz database (/usr/share/zoneinfo, read as the C
    // library reads it), and the calendar's arithmetic on day numbers: Foundation's TimeZone knows
    // no zone but GMT on Linux without its internationalisation libraries (ICU).
    .target(name: "TimeZones"),
    // FSRS-6 spaced repetition, as py-fsrs 6.3.2: pure code, no globals, no I/O. Its days are a
    // zone's (it re-exports TimeZones).
    .target(name: "SpacedRepetition", dependencies: ["PlainText", "TimeZones"], swiftSettings: optimisedInDebug),

    // The domain: the World that holds the dependeffects and `Current`, the practice session,
    // plain mode, the history's file formats, sync's rules, the articles. It sees the clients'
    // interfaces only: no Live module, no command-line parser.
    .target(
      name: "ConjugarCore",
      dependencies: [
        "ConjugarEngine", "PlainText", "SettingsClient", "ScoreboardClient", "AnalyticsClient", "ReviewPrompterClient",
        "RandomClient", "ClockClient", "SoundClient", "SpeechClient", "TerminalClient", "ConsoleClient", "SyncClient", "SpacedRepetition",
        "BackgroundClient", "FileStorage",
      ]),

    // The command line's options that more than one program part reads: the launch options (which
    // World), a drill's filters and `practice`'s options (a saved drill is those options), tense
    // and person names as arguments. argument-parser is linked here and by the program alone.
    .target(
      name: "ConjugarOptions",
      dependencies: [
        "ConjugarCore", "ConjugarEngine", "PlainText", "SettingsClient", "FileStorage",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // Sync's live value: the sync folder and the git program (a process of its own), by the
    // domain's rules of sync (ConjugarCore's Sync/).
    .target(
      name: "SyncLive",
      dependencies: [
        "ConjugarCore", "ConjugarEngine", "SyncClient", "ScoreboardClient", "ClockClient", "RandomClient", "FileStorage",
      ]),

    // The composition root: the Worlds (`.device`, `.commandLine`, `.simulator`, `.uiTest`) made of
    // the live values, the live sync, and `LaunchOptions.makeWorld`. The one module but the
    // programs' entry points that imports a Live module (ScoreboardLive).
    .target(
      name: "ConjugarWorlds",
      dependencies: [
        "ConjugarCore", "ConjugarOptions", "ConjugarEngine", "ScoreboardClient", "ScoreboardLive", "SyncLive", "SettingsClient",
        "AnalyticsClient", "ReviewPrompterClient", "RandomClient", "ClockClient", "SoundClient", "SpeechClient", "TerminalClient",
        "ConsoleClient", "SyncClient", "SpacedRepetition", "BackgroundClient", "FileStorage",
      ]),

    // The full-screen terminal front end.
    .target(
      name: "ConjugarTUI",
      dependencies: [
        "ConjugarCore", "ConjugarOptions", "ConjugarEngine", "SettingsClient", "SpeechClient", "TerminalClient", "SyncClient",
        "BackgroundClient", "FileStorage", "PlainText",
      ]),

    .executableTarget(
      name: "conjugar",
      dependencies: [
        "ConjugarEngine", "ConjugarCore", "ConjugarOptions", "ConjugarWorlds", "ConjugarTUI", "FileStorage", "PlainText", "RandomClient",
        "ScoreboardClient", "SettingsClient", "SpacedRepetition", "SpeechClient", "ConsoleClient", "ClockClient", "SyncClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // In-process engine measurements for Scripts/bench.
    .executableTarget(
      name: "conjugar-bench",
      dependencies: [
        "ConjugarEngine", "ConjugarCore", "ConjugarOptions", "ConjugarWorlds", "ConjugarTUI", "ScoreboardClient", "ScoreboardLive",
        "SettingsClient", "SpacedRepetition", "RandomClient", "FileStorage", "TerminalClient", "BackgroundClient", "ClockClient",
      ]),

    .testTarget(name: "SpacedRepetitionTests", dependencies: ["SpacedRepetition"], resources: [.copy("Fixtures")]),
    .testTarget(name: "TimeZonesTests", dependencies: ["TimeZones"]),
    .testTarget(name: "ConjugarEngineTests", dependencies: ["ConjugarEngine", "RandomClient"]),
    .testTarget(
      name: "ConjugarCoreTests",
      dependencies: [
        "ConjugarCore", "ConjugarOptions", "ConjugarWorlds", "SyncLive", "ConjugarEngine", "RandomClient", "CSQLite", "SpacedRepetition",
        "SyncClient", "BackgroundClient", "FileStorage", "ScoreboardLive", "ClockClient",
      ],
      resources: [.copy("Transcripts")]),
    .testTarget(
      name: "ClientTests",
      dependencies: [
        "SettingsClient", "ScoreboardClient", "ScoreboardLive", "ConjugarWorlds", "AnalyticsClient", "ReviewPrompterClient", "RandomClient",
        "ClockClient", "SoundClient", "SpeechClient", "SpacedRepetition", "CSQLite", "SQLite", "PlainText", "BackgroundClient", "FileStorage",
      ]),
    // The commands, each run in the unit-test World with the doubles it states (`conjugar` is an
    // executable target: its types are reached with `@testable import conjugar`).
    .testTarget(
      name: "CommandTests",
      dependencies: [
        "conjugar", "ConjugarCore", "ConjugarOptions", "ConjugarWorlds", "ConjugarEngine", "ConsoleClient", "ScoreboardClient", "ScoreboardLive", "SettingsClient",
        "ClockClient", "RandomClient", "SpeechClient", "SyncClient", "FileStorage", "TerminalClient", "BackgroundClient",
        "AnalyticsClient", "ReviewPrompterClient", "SoundClient", "SpacedRepetition",
      ]),
    .testTarget(
      name: "ConjugarTUITests",
      dependencies: [
        "ConjugarTUI", "ConsoleClient", "ConjugarCore", "ConjugarOptions", "ConjugarWorlds", "ConjugarEngine", "TerminalClient", "SettingsClient", "ScoreboardClient",
        "ScoreboardLive", "AnalyticsClient", "ClockClient", "RandomClient", "ReviewPrompterClient", "SoundClient", "SpeechClient",
        "BackgroundClient", "FileStorage", "SpacedRepetition",
        .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
      ],
      exclude: ["__Snapshots__"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
