import Foundation

/// A number and its gradient with respect to the 21 weights: forward-mode differentiation, so the
/// memory model's formulas are written once (Model.swift) and give both the value and the slope.
struct Dual: Sendable {
  var value: Double
  var gradient: Gradient

  init(_ value: Double, gradient: Gradient) {
    self.value = value
    self.gradient = gradient
  }

  /// A constant: no slope.
  init(_ value: Double) { self.init(value, gradient: .zero) }

  /// The weight `index`, whose slope with respect to itself is 1.
  static func weight(_ value: Double, index: Int) -> Dual {
    var gradient = Gradient.zero
    gradient[index] = 1
    return Dual(value, gradient: gradient)
  }

  static func + (a: Dual, b: Dual) -> Dual { Dual(a.value + b.value, gradient: a.gradient + b.gradient) }
  static func - (a: Dual, b: Dual) -> Dual { Dual(a.value - b.value, gradient: a.gradient - b.gradient) }
  static func * (a: Dual, b: Dual) -> Dual {
    Dual(a.value * b.value, gradient: a.gradient.scaled(by: b.value, adding: b.gradient, scaledBy: a.value))
  }
  static func / (a: Dual, b: Dual) -> Dual {
    let value = a.value / b.value
    return Dual(value, gradient: a.gradient.scaled(by: 1 / b.value, adding: b.gradient, scaledBy: -value / b.value))
  }

  func exp() -> Dual {
    let value = Foundation.exp(self.value)
    return Dual(value, gradient: gradient.scaled(by: value))
  }

  func log() -> Dual { Dual(Foundation.log(value), gradient: gradient.scaled(by: 1 / value)) }

  /// self^power, both varying (self > 0).
  func pow(_ power: Dual) -> Dual { (power * log()).exp() }

  /// Clamped to `low…high`: outside it, a constant (no slope), as fsrs-rs's clamp.
  func clamped(_ low: Double, _ high: Double) -> Dual {
    if value < low { return Dual(low) }
    if value > high { return Dual(high) }
    return self
  }
}

/// 24 slopes (21 used) in three 8-wide vectors: each operation a few vector instructions. (One
/// 32-wide SIMD vector is a hundred times slower here: Swift runs its scalar operations lane by
/// lane.)
struct Gradient: Sendable {
  var a: SIMD8<Double>
  var b: SIMD8<Double>
  var c: SIMD8<Double>

  static let zero = Gradient(a: .zero, b: .zero, c: .zero)

  subscript(index: Int) -> Double {
    get { index < 8 ? a[index] : index < 16 ? b[index - 8] : c[index - 16] }
    set {
      if index < 8 { a[index] = newValue } else if index < 16 { b[index - 8] = newValue } else { c[index - 16] = newValue }
    }
  }

  static func + (x: Gradient, y: Gradient) -> Gradient { Gradient(a: x.a + y.a, b: x.b + y.b, c: x.c + y.c) }
  static func - (x: Gradient, y: Gradient) -> Gradient { Gradient(a: x.a - y.a, b: x.b - y.b, c: x.c - y.c) }

  func scaled(by k: Double) -> Gradient {
    let k = SIMD8(repeating: k)
    return Gradient(a: a * k, b: b * k, c: c * k)
  }

  /// self · k + other · l
  func scaled(by k: Double, adding other: Gradient, scaledBy l: Double) -> Gradient {
    let (k, l) = (SIMD8(repeating: k), SIMD8(repeating: l))
    return Gradient(a: a * k + other.a * l, b: b * k + other.b * l, c: c * k + other.c * l)
  }
}
