import ArgumentParser
import ConjugarCore
import ConjugarEngine

// Tenses and persons on the command line by the names every command takes (``Tense/init(named:)``,
// ConjugarCore's Names.swift).
extension Tense: ExpressibleByArgument {
  public init?(argument: String) { self.init(named: argument) }
}

extension Person: ExpressibleByArgument {
  public init?(argument: String) { self.init(named: argument) }
}
