#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ConjugarEngine
import Dispatch

/// Formats the whole catalog on every core, in order: the dump is the engine's heaviest job and
/// each verb is independent of the others.
enum ParallelDump {
  /// `format` appends one verb's text, as UTF-8, to the bytes it is given.
  static func run(
    _ conjugator: Conjugator, format: @Sendable (Paradigm, inout [UInt8]) -> Void, into output: inout StandardOutput
  ) {
    let entries = conjugator.catalog.entries
    let batch = 2_048
    let workers = max(1, System.activeProcessorCount)
    var start = 0
    while start < entries.count {
      let end = min(start + batch, entries.count)
      let slice = Array(entries[start..<end])
      let results = Results(count: workers)
      let perWorker = (slice.count + workers - 1) / workers
      DispatchQueue.concurrentPerform(iterations: workers) { worker in
        var text: [UInt8] = []
        let lower = worker * perWorker
        let upper = min(lower + perWorker, slice.count)
        if lower < upper {
          for entry in slice[lower..<upper] { format(conjugator.paradigm(of: entry), &text) }
        }
        results.set(worker, text)
      }
      for text in results.texts { output.write(text) }
      start = end
    }
  }

  /// One slot per worker; each worker writes only its own.
  private final class Results: @unchecked Sendable {
    var texts: [[UInt8]]
    init(count: Int) { texts = Array(repeating: [], count: count) }
    func set(_ index: Int, _ text: [UInt8]) { texts.withUnsafeMutableBufferPointer { $0[index] = text } }
  }
}

enum System {
  static var activeProcessorCount: Int {
    #if canImport(Glibc)
      Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    #else
      Int(sysconf(_SC_NPROCESSORS_ONLN))
    #endif
  }
}
