import DeglareCore

/// One change to the mask; the history keeps them in order, so strokes stay vectors.
enum MaskEdit: Sendable {
  /// A brush or eraser stroke (an eraser also erases the pending proposal).
  case stroke(MaskStroke)
  /// Everything cleared, the proposal dropped.
  case clear
  /// A mask file loaded in place of the mask.
  case replace(Mask)
  /// Auto-detect's proposal, shown apart until kept or dropped.
  case propose(Mask)
  /// The proposal joined to the mask.
  case keepProposal
  /// The proposal dropped.
  case dropProposal
}

/// The mask being edited: a starting mask, the edits since, and what undo took back.
///
/// ``mask`` (full resolution, 0 or 255) and ``proposal`` are always the starting mask with
/// ``edits`` applied in order: a new edit is applied in place; undo replays the rest from the
/// start. Rasterising strokes is exact and deterministic (``Mask/apply(_:)``), so replaying gives
/// the very same bytes.
struct MaskHistory: Sendable {
  /// The mask at the start (a `--mask` file, or empty).
  let start: Mask
  /// The edits, oldest first.
  private(set) var edits: [MaskEdit] = []
  /// What undo took back, the most recent last.
  private(set) var undone: [MaskEdit] = []
  /// The current mask (255 = repaint).
  private(set) var mask: Mask
  /// The pending auto-detect proposal, if any.
  private(set) var proposal: Mask?

  /// A history starting from `start` (binarized).
  init(start: Mask) {
    self.start = start.binarized()
    self.mask = self.start
  }

  /// Whether there is an edit to undo.
  var canUndo: Bool { !edits.isEmpty }
  /// Whether there is an undone edit to redo.
  var canRedo: Bool { !undone.isEmpty }

  /// Applies a new edit (clearing the redo list).
  /// - Returns: the rectangle of the mask that may have changed (nil: anywhere).
  @discardableResult
  mutating func perform(_ edit: MaskEdit) -> PixelRect? {
    edits.append(edit)
    undone.removeAll()
    return MaskHistory.apply(edit, to: &mask, proposal: &proposal)
  }

  /// Takes the last edit back; false when there is none.
  mutating func undo() -> Bool {
    guard let last = edits.popLast() else { return false }
    undone.append(last)
    replay()
    return true
  }

  /// Applies the last undone edit again; false when there is none.
  mutating func redo() -> Bool {
    guard let next = undone.popLast() else { return false }
    edits.append(next)
    _ = MaskHistory.apply(next, to: &mask, proposal: &proposal)
    return true
  }

  private mutating func replay() {
    var rebuilt = start
    var pending: Mask?
    for edit in edits { _ = MaskHistory.apply(edit, to: &rebuilt, proposal: &pending) }
    mask = rebuilt
    proposal = pending
  }

  /// Applies one edit to a mask and proposal.
  static func apply(_ edit: MaskEdit, to mask: inout Mask, proposal: inout Mask?) -> PixelRect? {
    switch edit {
    case .stroke(let stroke):
      let changed = mask.apply(stroke)
      if stroke.mode == .erase, var pending = proposal {
        pending.apply(stroke)
        proposal = pending
      }
      return changed
    case .clear:
      mask = Mask(width: mask.width, height: mask.height)
      proposal = nil
      return nil
    case .replace(let loaded):
      mask = loaded
      return nil
    case .propose(let proposed):
      proposal = proposed
      return nil
    case .keepProposal:
      if let pending = proposal {
        mask = mask.union(pending)
        proposal = nil
      }
      return nil
    case .dropProposal:
      proposal = nil
      return nil
    }
  }
}
