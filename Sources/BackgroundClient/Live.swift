import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Background {
  /// A thread of its own for each job, named after it (as `top -H`, a debugger and
  /// `Thread.current.name` show it), which sleeps `delay` first.
  public static let live = Background { name, delay, job in
    Thread.detachNewThread {
      nameThisThread(name)
      if delay > .zero { Thread.sleep(forTimeInterval: delay / .seconds(1)) }
      job()
    }
  }
}

/// Gives the running thread `name` where the system keeps it (Linux: its first 15 bytes). Foundation's
/// setter does so only when it knows the thread is the running one, which a thread just started may
/// not yet be: it then keeps the name of the thread that started it.
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
    Thread.current.name = name
  #endif
}
