import ConjugarEngine
import ClockClient
import FileStorage
import Foundation
import SettingsClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Analytics {
  /// Appends each event, while the learner allows analytics, as one JSON object per line to
  /// `analytics.jsonl` in `directory` (created if missing):
  ///
  ///     {"date":"2026-11-21T15:30:00Z","event":"screen-viewed","screen":"quiz"}
  ///
  /// Each line goes to the end of the file in a single `write` on a descriptor opened with
  /// `O_APPEND`, so the lines of several threads or programs never interleave. Nothing leaves the
  /// machine, and failures are silent: analytics must never get in the learner's way.
  /// `files`: where the lines are appended.
  public static func live(directory: URL, settings: Settings, clock: WallClock, files: FileClient = .live) -> Analytics {
    let log = AnalyticsLog(path: directory.appendingPathComponent(AnalyticsLog.fileName).path, files: files)
    return Analytics(record: { event in
      guard settings.analytics.isOn else { return }
      _ = log.append(event.jsonLine(date: clock.now()))
    })
  }
}

/// The append-only file of events.
struct AnalyticsLog: Sendable {
  static let fileName = "analytics.jsonl"

  let path: String
  let files: FileClient

  /// Appends `line` (which ends in a newline) in one write; false if it could not.
  func append(_ line: String) -> Bool { files.appendLine(line, path, true) }
}

extension AnalyticsEvent {
  /// The event as a line of JSON: the date and the event's name first, then its details.
  func jsonLine(date: Date) -> String {
    var fields: [(String, JSONValue)] = [("date", .string(UnixTime.iso8601(date))), ("event", .string(name))]
    switch self {
    case .screenViewed(let screen):
      fields.append(("screen", .string(screen)))
    case .quizCompleted(let score, let difficulty, let region, let questions, let seconds):
      fields += [
        ("score", .number(score)), ("difficulty", .string(difficulty.rawValue)), ("region", .string(region.rawValue)),
        ("questions", .number(questions)), ("seconds", .number(seconds)),
      ]
    }
    return "{" + fields.map { JSONFormat.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}\n"
  }
}

enum JSONValue {
  case string(String)
  case number(Int)

  var text: String {
    switch self {
    case .string(let string): JSONFormat.quoted(string)
    case .number(let number): String(number)
    }
  }
}
