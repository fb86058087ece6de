/// The shells `--generate-completion-script` writes a script for (`CompletionScript`).
enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}
