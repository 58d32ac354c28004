import ConjugarCore
import ConjugarEngine

/// One conjugator for the suite: parsing the catalog once keeps the tests fast.
let sharedConjugator = Conjugator()
