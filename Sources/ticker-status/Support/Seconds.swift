/// Seconds as messages show them: `10`, `0.5`.
enum Seconds {
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
