/// The body of a failing test double: a dependeffect a test did not state. The unit-test World is
/// made of these, so a test that forgets to give a dependency stops here, naming it, instead of
/// silently running against some default.
public func unimplemented(_ name: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
  fatalError("\(name) was called, but this World does not provide it: state the dependency in the test.", file: file, line: line)
}
