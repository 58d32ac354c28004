#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Background {
  /// A thread of its own for each job (POSIX's, detached), named after it (as `top -H` and a
  /// debugger show it), which sleeps `delay` first.
  public static let live = Background { name, delay, job in
    let start = Start {
      nameThisThread(name)
      if delay > .zero { sleepThisThread(delay) }
      job()
    }
    var thread = pthread_t()
    let code = pthread_create(&thread, nil, { context in
      Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
      return nil
    }, Unmanaged.passRetained(start).toOpaque())
    if code == 0 {
      pthread_detach(thread)
    } else {
      // No thread to be had (the system's limit): the job runs here, at once, rather than never
      // (not named after it, nor waiting: this thread is the caller's).
      Unmanaged.passUnretained(start).release()
      job()
    }
  }

  /// What a new thread runs, handed to it through its one pointer.
  private final class Start {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
  }
}

/// Puts the running thread to sleep for `duration` (the rest of it again if a signal wakes it).
public func sleepThisThread(_ duration: Duration) {
  let (seconds, attoseconds) = duration.components
  guard seconds >= 0, duration > .zero else { return }
  var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
  var rest = timespec()
  while nanosleep(&time, &rest) == -1 && errno == EINTR { time = rest }
}

/// Gives the running thread `name` where the system keeps it (Linux: its first 15 bytes).
private func nameThisThread(_ name: String) {
  #if canImport(Glibc)
    var bytes = Array(name.utf8.prefix(15))
    while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
    bytes.append(0)
    // pthread_setname_np is a GNU extension the Glibc module leaves out: found by name.
    typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else { return }
    let setName = unsafeBitCast(symbol, to: SetName.self)
    _ = bytes.withUnsafeBufferPointer { pointer in
      pointer.withMemoryRebound(to: CChar.self) { setName(pthread_self(), $0.baseAddress!) }
    }
  #else
    _ = name.withCString { pthread_setname_np($0) }
  #endif
}
