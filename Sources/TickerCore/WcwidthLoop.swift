/// The state of wcwidth 0.9.4's grapheme loop (`wcwidth/_width.py`) over one
/// cluster's scalars, one `step` a scalar. Names follow the Python.
struct WcwidthLoop {
  /// Cells of finished sub-clusters (wcwidth's own clustering).
  private var total = 0
  /// Cells of the sub-cluster being built.
  private var clusterWidth = 0
  /// `last_measured_idx >= 0`: VS16, VS15 or a spacing mark may apply.
  private var hasLastMeasured = false
  /// `last_measured_ucs`; `.max` stands for -1.
  private var lastMeasured: UInt32 = .max
  private var lastMeasuredWidth = 0
  private var previousWasVirama = false
  /// A ZWJ consumes the scalar after it.
  private var skipsNext = false
  /// Regional indicators just before this scalar.
  private var precedingIndicators = 0

  /// The width, and whether the next character joins (a virama left waiting).
  var result: (width: Int, joinsNext: Bool) {
    (max(total + clusterWidth, 0), previousWasVirama)
  }

  /// One scalar, `value`; `isLast` when no scalar follows it.
  @inline(__always)
  mutating func step(_ value: UInt32, isLast: Bool, measure: CellMeasure) {
    let isIndicator = ClusterRules.isRegionalIndicator(value)
    let indicatorsBefore = precedingIndicators
    precedingIndicators = isIndicator ? precedingIndicators + 1 : 0
    if skipsNext {
      skipsNext = false
      return
    }
    if value == 0x200D {
      joiner(isLast: isLast)
      return
    }
    if (value == 0xFE0F || value == 0xFE0E) && hasLastMeasured {
      selector(value)
      return
    }
    if isIndicator {
      if indicatorsBefore % 2 == 1 {
        // The second of a pair: the flag is already counted.
        lastMeasured = value
        return
      }
    } else if value >= 0x1F3FB && value <= 0x1F3FF
      && (ClusterRules.isRegionalIndicator(lastMeasured)
        || WidthTables.contains(WidthTables.extendedPictographic, lastMeasured))
    {
      return  // a skin tone on a pictograph
    }
    if value < 0x20 || (value >= 0x7F && value < 0xA0) {
      // Controls: `width()` ends the sub-cluster and forgets the base.
      total += clusterWidth
      clusterWidth = 0
      hasLastMeasured = false
      lastMeasured = .max
      return
    }
    measured(value, measure: measure)
  }

  /// A ZWJ: after a virama it is nothing; else it joins the next scalar, which adds
  /// no width.
  @inline(__always)
  private mutating func joiner(isLast: Bool) {
    if previousWasVirama { return }
    if !isLast {
      lastMeasuredWidth = 0
      skipsNext = true
    }
    previousWasVirama = false
  }

  /// VS16 (`0xFE0F`) widens a narrow emoji base; VS15 narrows a wide one.
  @inline(__always)
  private mutating func selector(_ value: UInt32) {
    if value == 0xFE0F {
      if WidthTables.contains(WidthTables.vs16NarrowToWide, lastMeasured) { clusterWidth = 2 }
    } else if lastMeasuredWidth == 2
      && WidthTables.contains(WidthTables.vs15WideToNarrow, lastMeasured)
    {
      total -= 1
    }
    hasLastMeasured = false
  }

  /// Any other scalar, by its class: a base starts a sub-cluster (or, after a
  /// virama, joins a conjunct of two cells); a spacing mark widens its base to two.
  @inline(__always)
  private mutating func measured(_ value: UInt32, measure: CellMeasure) {
    let scalarClass = TerminalClass(value)
    let width = measure.terminalWidth(of: scalarClass)
    if width > 0 {
      if previousWasVirama {
        clusterWidth = 2
      } else {
        total += clusterWidth
        clusterWidth = width
      }
      hasLastMeasured = true
      lastMeasured = value
      lastMeasuredWidth = width
      previousWasVirama = false
    } else if scalarClass == .virama {
      previousWasVirama = true
    } else if hasLastMeasured && scalarClass == .spacingMark {
      clusterWidth = 2
      hasLastMeasured = false
      previousWasVirama = false
    } else {
      previousWasVirama = false
    }
  }
}
