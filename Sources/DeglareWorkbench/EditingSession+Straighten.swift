import DeglareCodecs
import DeglareCore
import DeglarePipeline

/// Straightening in the workbench: the detected corners as handles, a margin, Apply.
extension EditingSession {
  /// Detects the frame (as `deglare straighten --detect-only`) on the file as opened.
  func straightenDetect() async throws(WorkbenchError) -> JSONValue {
    guard let document else { throw .conflict("open a photo first") }
    guard busy == nil else { throw .conflict("wait until \(busy ?? "the current step") finishes") }
    busy = "frame detection"
    defer { busy = nil }
    let image = document.decoded.image
    let planned = await Task.detached(priority: .userInitiated) { () -> Result<StraightenPlan, GeometryError> in
      do throws(GeometryError) {
        return .success(try Straightener.plan(image, options: StraightenOptions()))
      } catch {
        return .failure(error)
      }
    }.value
    switch planned {
    case .success(let plan): return EditingSession.json(plan)
    case .failure(let error): throw .unusable(error.description)
    }
  }

  /// The plan for these corners and margin: the expanded quad and the output size, for the
  /// page to draw while the handles move.
  func straightenPlan(corners: Quad, margin: Double?) throws(WorkbenchError) -> JSONValue {
    guard let document else { throw .conflict("open a photo first") }
    do {
      return EditingSession.json(
        try Straightener.plan(document.decoded.image, options: StraightenOptions(corners: corners, margin: margin)))
    } catch {
      throw .unusable(error.description)
    }
  }

  /// Warps the photo to these corners and margin and edits the straightened photo from now on
  /// (a teardown: the mask starts empty, any result is dropped).
  func straightenApply(corners: Quad, margin: Double?) async throws(WorkbenchError) {
    guard let document else { throw .conflict("open a photo first") }
    guard busy == nil else { throw .conflict("wait until \(busy ?? "the current step") finishes") }
    busy = "straightening"
    defer { busy = nil }
    let original = document.decoded
    setStatus(.working, "Straightening…")
    let outcome = await Task.detached(priority: .userInitiated) {
      () -> Result<(StraightenPlan, ImageBuffer, ImagePyramid), GeometryError> in
      do throws(GeometryError) {
        let plan = try Straightener.plan(original.image, options: StraightenOptions(corners: corners, margin: margin))
        let warped = try Straightener.warp(original.image, plan: plan)
        return .success((plan, warped, ImagePyramid(warped)))
      } catch {
        return .failure(error)
      }
    }.value
    guard self.document?.revision == document.revision else { return }
    switch outcome {
    case .failure(let error):
      setStatus(.error, "Cannot straighten: \(error.description)")
      throw .unusable(error.description)
    case .success(let (plan, warped, pyramid)):
      var straightened = document
      straightened.decoded = DecodedImage(image: warped, metadata: original.metadata, format: original.format)
      straightened.pyramid = pyramid
      straightened.revision = nextRevision()
      straightened.straightening = plan
      let dropped = job != nil
      await replaceDocument(straightened, start: Mask(width: warped.width, height: warped.height))
      setStatus(
        .idle,
        "Straightened to \(warped.width)x\(warped.height). Paint over the glare, then press Remove; Save also writes "
          + "\(WorkbenchFolder.fileName(OutputNaming.beside(document.path, suffix: ".straight.png")))."
          + (dropped ? " The removal that was running was dropped." : ""))
    }
  }

  /// A plan as the page reads it.
  static func json(_ plan: StraightenPlan) -> JSONValue {
    func quad(_ quad: Quad) -> JSONValue {
      .array(quad.corners.map { .array([.double($0.x), .double($0.y)]) })
    }
    return .object([
      ("corners", quad(plan.corners)),
      ("expanded_corners", quad(plan.expandedCorners)),
      ("margin", .double(plan.margin)),
      ("requested_margin", .double(plan.requestedMargin)),
      ("output_size", .array([.int(plan.outputSize.width), .int(plan.outputSize.height)])),
      ("confidence", .double(plan.confidence)),
      ("warnings", .array(plan.warnings.map(JSONValue.string))),
    ])
  }
}
