import Foundation
import BackgroundClient
import ClockClient
import ConjugarCore
import ConjugarEngine
import FileStorage
import RandomClient
import ScoreboardClient
import ScoreboardLive
import SpacedRepetition

/// One conjugator for the suite: parsing the catalog once keeps the tests fast.
let sharedConjugator = Conjugator()
