import Foundation
import Testing

@testable import ticker_status

/// `DirectoryWatch`, the inotify watch a stream keeps on its pause file's folder: what
/// each change in the folder says about one file.
struct DirectoryWatchTests {
  /// What a change made in the folder does to the file the watch asks about, "x.pause".
  enum Step: String, CaseIterable, CustomTestStringConvertible {
    case writeTheFile, renameOntoTheFile, removeTheFile, writeAnotherFile,
      renameAnotherFile, nothing, removeTheFolder

    var testDescription: String { rawValue }

    /// Makes the change in `folder` (which holds "x.pause" and "y" to start with).
    func make(in folder: String) throws {
      let files = FileManager.default
      switch self {
      case .writeTheFile: try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/x.pause"))
      case .renameOntoTheFile:
        try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/x.pause.tmp"))
        #expect(rename(folder + "/x.pause.tmp", folder + "/x.pause") == 0)
      case .removeTheFile: try files.removeItem(atPath: folder + "/x.pause")
      case .writeAnotherFile: try Data("c".utf8).write(to: URL(fileURLWithPath: folder + "/y"))
      case .renameAnotherFile: #expect(rename(folder + "/y", folder + "/x.pausee") == 0)
      case .nothing: break
      case .removeTheFolder: try files.removeItem(atPath: folder)
      }
    }

    /// What the watch should say.
    var expected: DirectoryWatch.Change {
      switch self {
      case .writeTheFile, .renameOntoTheFile, .removeTheFile: .file
      // The temporary file's events name another file; so does a near name.
      case .writeAnotherFile, .renameAnotherFile, .nothing: .none
      case .removeTheFolder: .watchEnded
      }
    }
  }

  @Test("a change in the folder is about the file only when it names it", arguments: Step.allCases)
  func aChangeIsAboutTheFileOnlyWhenItNamesIt(step: Step) throws {
    let folder = try TestFolder("ticker-watch")
    defer { folder.remove() }
    try Data("0".utf8).write(to: URL(fileURLWithPath: folder.path + "/x.pause"))
    try Data("0".utf8).write(to: URL(fileURLWithPath: folder.path + "/y"))
    let watch = try DirectoryWatch.watch(folder.path).get()
    defer { watch.close() }
    #expect(watch.drain(naming: "x.pause") == .none, "events before any change")
    try step.make(in: folder.path)
    #expect(watch.drain(naming: "x.pause") == step.expected)
    #expect(watch.drain(naming: "x.pause") == .none, "the events were not all read")
  }

  @Test("a folder that is not there cannot be watched")
  func aMissingFolderCannotBeWatched() {
    guard case .failure(let error) = DirectoryWatch.watch("/nonexistent/ticker-status") else {
      Issue.record("watched a folder that does not exist")
      return
    }
    #expect(error.rawValue == ENOENT)
  }
}
