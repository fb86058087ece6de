// Temporary stand-in: replaced by the generated-table implementation.

/// Which program's idea of a cell width to follow.
public enum WidthProfile: String, Sendable, CaseIterable {
  /// Modern terminals: one width per grapheme cluster, at most 2.
  case terminal
  /// tmux 3.3a on glibc: the sum of glibc `wcwidth` over the cluster's scalars.
  case tmux
}

/// How wide East Asian Ambiguous characters are drawn.
public enum AmbiguousWidth: String, Sendable, CaseIterable {
  case narrow
  case wide
}

/// Measures grapheme clusters in terminal cells under one width profile.
public struct CellMeasure: Sendable, Hashable {
  public var profile: WidthProfile
  public var ambiguous: AmbiguousWidth

  public init(profile: WidthProfile = .terminal, ambiguous: AmbiguousWidth = .narrow) {
    self.profile = profile
    self.ambiguous = ambiguous
  }

  /// The number of cells one grapheme cluster occupies.
  public func width(of cluster: Character) -> Int {
    var total = 0
    for scalar in cluster.unicodeScalars {
      let p = scalar.properties
      switch p.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: continue
      default: break
      }
      if p.isEmojiPresentation { total = max(total, 2) } else { total = max(total, 1) }
    }
    return total
  }

  /// Calls `body` with each unit the profile draws for `cluster`, and its width.
  ///
  /// The `terminal` profile draws a cluster as one unit. The `tmux` profile may
  /// split a cluster that tmux measures and draws differently into parts it
  /// measures and draws alike.
  public func forEachUnit(of cluster: Character, _ body: (Character, Int) -> Void) {
    body(cluster, width(of: cluster))
  }
}
