import Testing

@testable import TickerCore

@Suite struct PausesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var toggles: [Double]
    /// (time, paused seconds up to it)
    var paused: [(Double, Double)]
    var testDescription: String { "toggles at \(toggles)" }
  }

  /// The paused time is the naive sum of the pauses' overlaps with the time before.
  @Test(arguments: [
    Case(toggles: [], paused: [(0, 0), (1e9, 0)]),
    Case(toggles: [10], paused: [(5, 0), (10, 0), (12, 2), (100, 90)]),
    Case(toggles: [10, 15], paused: [(12, 2), (15, 5), (100, 5)]),
    Case(toggles: [10, 15, 20, 22, 30], paused: [(21, 6), (25, 7), (31, 8)]),
    // The clock set back: a toggle before the last counts at it.
    Case(toggles: [10, 5], paused: [(10, 0), (50, 0)]),
  ])
  func pausedTimeIsTheSumOfOverlaps(_ test: Case) {
    var pauses = Pauses()
    for time in test.toggles { pauses.toggle(at: time) }
    #expect(pauses.isPaused == (test.toggles.count % 2 == 1))
    for (time, paused) in test.paused {
      #expect(pauses.pausedTime(before: time) == paused, "at \(time)")
    }
  }

  /// The motion's time stands while paused and goes on from there: the first frame
  /// after resuming is the paused one.
  @Test func motionResumesWhereItStood() {
    var rng = SplitMix64(seed: 0x9A05E)
    var pauses = Pauses()
    var time = 1_795_000_000.0
    let ticker = Ticker(items: ["AAPL 189.84", "MSFT 415.20", "NVDA 121.44"], width: 12, speed: 3)
    for _ in 0..<60 {
      time += Double.random(in: 0.01...30, using: &rng)
      let before = pauses.motionTime(at: time)
      pauses.toggle(at: time)
      #expect(pauses.motionTime(at: time) == before)
      let frame = ticker.frame(at: before)
      if pauses.isPaused {
        #expect(ticker.frame(at: pauses.motionTime(at: time + 100)) == frame)
        #expect(pauses.time(ofMotionTime: before + 1, after: time + 5) == nil)
      } else if let next = pauses.time(ofMotionTime: before + 1, after: time) {
        #expect(pauses.motionTime(at: next) >= before + 1)
        #expect(pauses.motionTime(at: next.nextDown) < before + 1)
      }
    }
    #expect(pauses.ended.count == Pauses.keptPauses)
    // Older pauses are kept as their total, the record stays bounded.
    #expect(pauses.record.utf8.count <= Pauses.longestRecord)
    #expect(Pauses(record: pauses.record) == pauses)
  }

  /// Asked from a moment before or within a pause that has ended since, the motion
  /// reaches a time after the pause: the first moment whose motion time is enough.
  @Test func aPauseAfterTheMomentAskedHoldsTheMotion() {
    var pauses = Pauses()
    let start = 1_795_000_000.0
    pauses.toggle(at: start + 10)
    pauses.toggle(at: start + 20)
    pauses.toggle(at: start + 25)
    pauses.toggle(at: start + 26.5)
    for asked in stride(from: start, to: start + 30, by: 0.37) {
      for ahead in [0.05, 0.5, 3, 7, 12] {
        let motion = pauses.motionTime(at: asked) + ahead
        guard let next = pauses.time(ofMotionTime: motion, after: asked) else {
          Issue.record("the motion runs on after \(asked)")
          continue
        }
        #expect(next > asked)
        #expect(pauses.motionTime(at: next) >= motion, "from \(asked), \(ahead) ahead")
        if next.nextDown > asked {
          #expect(pauses.motionTime(at: next.nextDown) < motion, "from \(asked), \(ahead) ahead")
        }
      }
    }
    // Paused since a moment after the one asked: reached only if before that moment.
    pauses.toggle(at: start + 40)
    #expect(
      pauses.time(ofMotionTime: pauses.motionTime(at: start + 40) + 1, after: start + 35) == nil)
    let soon = pauses.time(ofMotionTime: pauses.motionTime(at: start + 35) + 1, after: start + 35)
    #expect(soon.map { abs($0 - (start + 36)) < 1e-6 } == true)
  }

  /// A damaged or hostile record is no record: never a crash, never a wild time.
  @Test(arguments: [
    "", "ticker-status pauses 1\n", "ticker-status pauses 2\nsince -\nearlier 0\n",
    "ticker-status pauses 1\nsince -\nearlier 0", "ticker-status pauses 1\nsince nan\nearlier 0\n",
    "ticker-status pauses 1\nsince -\nearlier inf\n",
    "ticker-status pauses 1\nsince -\nearlier -1\n",
    "ticker-status pauses 1\nsince 1e300\nearlier 0\n",
    "ticker-status pauses 1\nsince -\nearlier 0\npause 5 4\n",
    "ticker-status pauses 1\nsince -\nearlier 0\npause 5 9\npause 7 10\n",
    "ticker-status pauses 1\nsince 3\nearlier 0\npause 5 9\n",
    "ticker-status pauses 1\nsince -\nearlier 0\npause 5 9 1\n",
    "ticker-status pauses 1\nsince  -\nearlier 0\n",
    "ticker-status pauses 1\nsince -\nearlier 0\n"
      + String(repeating: "pause 1 1\n", count: Pauses.keptPauses + 1),
    "ticker-status pauses 1\nsince -\nearlier 0\n" + String(repeating: "x", count: 3000),
  ])
  func damagedRecordsAreNone(_ text: String) {
    #expect(Pauses(record: text) == nil)
  }

  @Test func aRecordReadsBack() {
    var pauses = Pauses()
    for time in [100.25, 160.5, 1_795_000_000.125] { pauses.toggle(at: time) }
    #expect(Pauses(record: pauses.record) == pauses)
    #expect(pauses.record.hasPrefix("ticker-status pauses 1\nsince 1795000000.125\n"))
  }

  @Test(arguments: WidthProfile.allCases)
  func markIsOneCellInEveryProfile(profile: WidthProfile) {
    for ambiguous in AmbiguousWidth.allCases {
      for rules in TmuxRules.allCases {
        let measure = CellMeasure(profile: profile, ambiguous: ambiguous, tmux: rules)
        #expect(measure.width(of: Character(Pauses.mark)) == 1, "\(profile) \(ambiguous) \(rules)")
      }
    }
    #expect(Pauses.mark.unicodeScalars.map(\.value) == [0x01C1])
  }
}
