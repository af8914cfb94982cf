import DeglareCore

extension EditingSession {
  /// Everything the page shows, in one object (`GET /api/state`, and the answer to every edit).
  func stateJSON() -> JSONValue {
    var status: [(String, JSONValue)] = [("state", .string(state.rawValue)), ("message", .string(message))]
    if let job { status.append(("elapsed", .double((ContinuousClock().now - job.started).seconds))) }
    var members: [(String, JSONValue)] = [("status", .object(status))]
    if let document {
      members.append(
        (
          "image",
          .object([
            ("name", .string(document.name)),
            ("width", .int(document.decoded.image.width)),
            ("height", .int(document.decoded.image.height)),
            ("revision", .int(document.revision)),
            ("levels", .int(document.pyramid.levels.count)),
            ("tile", .int(ImagePyramid.tileSize)),
            ("straightened", .bool(document.straightening != nil)),
            ("output", .string(WorkbenchFolder.fileName(document.outputPath))),
          ])
        ))
    } else {
      members.append(("image", .null))
    }
    if let history {
      members.append(
        (
          "mask",
          .object([
            ("revision", .int(maskRevision)),
            ("inside", .int(maskSummary.insideCount)),
            ("bounds", maskSummary.bounds.map { .array($0.array.map(JSONValue.int)) } ?? .null),
            ("changed", lastChange.map { .array($0.array.map(JSONValue.int)) } ?? .null),
            ("changed_since", .int(maskRevisionBefore)),
            ("can_undo", .bool(history.canUndo)),
            ("can_redo", .bool(history.canRedo)),
          ])
        ))
      members.append(
        (
          "proposal",
          history.proposal == nil
            ? .null
            : .object([("revision", .int(proposalRevision)), ("inside", .int(proposalSummary?.insideCount ?? 0))])
        ))
    } else {
      members.append(("mask", .null))
      members.append(("proposal", .null))
    }
    if let result {
      members.append(
        (
          "result",
          .object([
            ("revision", .int(result.revision)),
            ("crop", .array(result.preview.plan.crop.array.map(JSONValue.int))),
            ("label", .string(result.label)),
          ])
        ))
    } else {
      members.append(("result", .null))
    }
    members.append(("busy", busy.map(JSONValue.string) ?? .null))
    members.append(("provider", .string(options.provider.rawValue)))
    return .object(members)
  }
}
