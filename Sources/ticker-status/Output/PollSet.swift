/// The descriptors one turn of a stream's loop waits on, in one array for `poll(2)`,
/// and the slice of it that each party watches: the signal pipe, the sink, the click
/// events, the pause file's folder, the sources.
struct PollSet {
  /// Every watch, in the order above.
  var watches: [PollWatch] = []
  private var wakeUpIndex: Int?
  private var sinkRange = 0..<0
  private var clicksIndex: Int?
  private var pauseIndex: Int?
  private var sourcesStart = 0

  /// Watches `wakeUp`, `sink`'s watches, `clicks`, `pause` (the pause file's folder)
  /// and every descriptor of `sources` and of `others` (the desktop's, read as sources
  /// are), reusing the array's storage.
  mutating func watch(
    wakeUp: FileDescriptor?, sink: [PollWatch], clicks: FileDescriptor?,
    pause: FileDescriptor? = nil, sources: [LiveSource], others: [FileDescriptor] = []
  ) {
    watches.removeAll(keepingCapacity: true)
    wakeUpIndex = wakeUp.map { append($0) }
    let sinkStart = watches.count
    watches += sink
    sinkRange = sinkStart..<watches.count
    clicksIndex = clicks.map { append($0) }
    pauseIndex = pause.map { append($0) }
    sourcesStart = watches.count
    for source in sources {
      for descriptor in source.descriptors { append(descriptor) }
    }
    for descriptor in others { append(descriptor) }
  }

  @discardableResult
  private mutating func append(_ descriptor: FileDescriptor) -> Int {
    watches.append(PollWatch(descriptor))
    return watches.count - 1
  }

  /// Whether the signal pipe has something.
  var isWakeUpReadable: Bool { wakeUpIndex.map { watches[$0].isReadable } ?? false }
  /// What the wait reported on the sink's watches.
  var sinkWatches: ArraySlice<PollWatch> { watches[sinkRange] }
  /// Whether the pause file's folder has changed.
  var isPauseReadable: Bool { pauseIndex.map { watches[$0].isReadable } ?? false }
  /// Whether click events are waiting.
  var areClicksReadable: Bool { clicksIndex.map { watches[$0].isReadable } ?? false }
  /// The sources' descriptors (and the others') that are ready.
  var readySources: [FileDescriptor] {
    watches[sourcesStart...].filter(\.isReadable).map(\.descriptor)
  }
}
