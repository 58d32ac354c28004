import ConjugarEngine
import Testing

/// One conjugator for the whole suite: parsing the catalog once keeps the tests fast.
let conjugator = Conjugator()

/// The forms of one cell, or a failure naming the verb when it is not an infinitive.
func forms(_ verb: String, _ tense: Tense, _ person: Person) -> [String] {
  do { return try conjugator.conjugate(verb)[tense, person] } catch {
    Issue.record("\(error)")
    return []
  }
}
