import DeglareCore
import Foundation

/// A photographed rectangle for evaluating `straighten`, with what the synthetic frame set
/// (``SyntheticFrameScene``) lacks: frames casting wide soft shadows down and to the side,
/// unframed canvases, pictures crossed by long straight lines, and documents and cards lying on
/// wood, cloth or a cluttered desk under uneven light.
///
/// The plane (the wall or the table) is seen through ``planeToImage``; the object is the
/// rectangle [-objectWidth/2, objectWidth/2] x [-objectHeight/2, objectHeight/2] of the plane
/// (plane units, objectHeight 1), its corners rounded by ``cornerRadius`` (cards). Its outer
/// edge, mapped into the photo, is the truth: the frame's outer edge, the canvas's edge, the
/// document's edge (for rounded corners, where the straight sides meet).
public struct StraightenScene: Sendable {
  /// What is photographed.
  public enum Kind: String, Sendable, CaseIterable {
    /// A framed picture whose frame casts a wide, soft shadow down and to one side.
    case shadowedFrame = "shadowed-frame"
    /// An unframed canvas: paint to the edge, casting a shadow.
    case canvas
    /// A framed or unframed picture crossed by long straight lines (a building's base line).
    case innerLines = "inner-lines"
    /// A sheet of paper with text.
    case paper
    /// A long, narrow till receipt.
    case receipt
    /// A business card.
    case businessCard = "business-card"
    /// A trading card: coloured border, artwork, rounded corners.
    case tradingCard = "trading-card"

    /// Whether this is a document (detected with `--target document`).
    public var isDocument: Bool { [.paper, .receipt, .businessCard, .tradingCard].contains(self) }
  }

  /// The plane behind or under the object.
  public enum Background: String, Sendable, CaseIterable {
    /// A painted museum wall (stipple, light gradient, maybe panel joints and a label).
    case wall
    /// A wooden table: planks, grain and seams.
    case wood
    /// A cloth: weave and folds.
    case cloth
    /// A desk with other papers, a phone, a keyboard, pens and a mug around.
    case desk
  }

  /// A frame's moulding.
  public enum Moulding: String, Sendable, CaseIterable {
    /// Gilt with a groove and a shaded bevel.
    case gilt
    /// Gilt with beads along the outer edge.
    case ornate
    /// Thin black.
    case black
    /// Brown wood with grain.
    case wood
    /// Off-white.
    case white
    /// Painted grey: nearly the wall's hue.
    case grey
    /// Brushed silver.
    case silver
  }

  /// The shadow the object casts on the plane. The object stands off the plane (more at the
  /// top than at the bottom when a frame leans forward on its wire), so the shadow of its top
  /// edge is moved by ``topOffset`` and that of its bottom edge by ``bottomOffset`` (plane units,
  /// right and down), with the offset and the penumbra's ``topSoftness`` / ``bottomSoftness``
  /// varying linearly in between: side shadows are wedges, not parallel bands. It darkens by up
  /// to ``strength`` (0...1), each channel scaled by ``tint`` (the ambient light in the shadow has
  /// its own colour); ``contact`` darkens a thin band all round (ambient occlusion, 0...1).
  public struct Shadow: Sendable {
    public var topOffset: Point
    public var bottomOffset: Point
    public var topSoftness: Double
    public var bottomSoftness: Double
    public var strength: Double
    public var tint: [Double]
    public var contact: Double

    /// A shadow moved by the same offset everywhere.
    public init(offset: Point, softness: Double, strength: Double, tint: [Double] = [1, 1, 1], contact: Double = 0) {
      self.init(
        topOffset: offset, bottomOffset: offset, topSoftness: softness, bottomSoftness: softness, strength: strength,
        tint: tint, contact: contact)
    }

    /// A wedge-shaped shadow.
    public init(
      topOffset: Point, bottomOffset: Point, topSoftness: Double, bottomSoftness: Double, strength: Double,
      tint: [Double], contact: Double
    ) {
      self.topOffset = topOffset
      self.bottomOffset = bottomOffset
      self.topSoftness = topSoftness
      self.bottomSoftness = bottomSoftness
      self.strength = strength
      self.tint = tint
      self.contact = contact
    }
  }

  /// Uneven light over the plane: a linear gradient (relative change per plane unit), a soft
  /// spot, and a soft dark blob (a hand's or a phone's shadow) that also falls on the object.
  public struct Lighting: Sendable {
    public var gradient: Point
    public var spotCentre: Point
    public var spotRadius: Double
    public var spotGain: Double
    public var blobCentre: Point
    public var blobRadius: Double
    public var blobStrength: Double

    /// Even light.
    public static let even = Lighting(
      gradient: .zero, spotCentre: .zero, spotRadius: 1, spotGain: 0, blobCentre: .zero, blobRadius: 1,
      blobStrength: 0)

    public init(
      gradient: Point, spotCentre: Point, spotRadius: Double, spotGain: Double, blobCentre: Point, blobRadius: Double,
      blobStrength: Double
    ) {
      self.gradient = gradient
      self.spotCentre = spotCentre
      self.spotRadius = spotRadius
      self.spotGain = spotGain
      self.blobCentre = blobCentre
      self.blobRadius = blobRadius
      self.blobStrength = blobStrength
    }
  }

  /// A long straight line painted across the picture, in picture coordinates (0...1).
  public struct ContentLine: Sendable {
    /// Horizontal (at height `position`) or vertical (at abscissa `position`).
    public var horizontal: Bool
    /// Where it crosses, 0...1 of the picture's height (or width).
    public var position: Double
    /// 0: a step (everything past it darkened and recoloured by `colour`); > 0: a stripe this
    /// wide (picture units) of `colour`.
    public var width: Double
    /// The stripe's colour, or the step's multiplier per channel.
    public var colour: [Double]

    public init(horizontal: Bool, position: Double, width: Double, colour: [Double]) {
      self.horizontal = horizontal
      self.position = position
      self.width = width
      self.colour = colour
    }
  }

  /// What is photographed.
  public var kind: Kind
  /// The photo's size.
  public var size: PixelSize
  /// The object's width, plane units (its height is 1).
  public var objectWidth: Double
  /// The radius of the object's corners, plane units (0: square corners).
  public var cornerRadius: Double
  /// The frame's moulding; nil for canvases and documents.
  public var moulding: Moulding?
  /// The moulding's width, plane units.
  public var mouldingWidth: Double
  /// A mat between moulding and picture, plane units (0: none).
  public var matWidth: Double
  /// The outer edge's lip: > 0 a thin highlight, < 0 a thin dark lip, 0 none (relative change).
  public var lip: Double
  /// The plane.
  public var background: Background
  /// The plane's base colour, 8-bit RGB.
  public var backgroundColour: [Double]
  /// The direction of the table's planks or weave, radians.
  public var backgroundAngle: Double
  /// Whether the wall has a panel joint and a dado rail near the frame (straight lines that are
  /// not the frame).
  public var wallLines: Bool
  /// Whether a museum label hangs beside the frame.
  public var hasLabel: Bool
  /// The cast shadow.
  public var shadow: Shadow
  /// The light.
  public var lighting: Lighting
  /// Lines painted across the picture.
  public var lines: [ContentLine]
  /// The picture's content (paintings; a trading card's artwork).
  public var picture: PictureSource
  /// The standard deviation of the sensor noise, 8-bit levels.
  public var noise: Double
  /// Pinhole camera: plane -> canonical image coordinates.
  public var planeToImage: Homography
  /// Seeds the textures, the text and the clutter.
  public var seed: UInt64

  /// The object's outer edge in the photo: the truth.
  public var quad: Quad {
    let x = objectWidth / 2
    return Quad(rectangleFrom: Point(x: -x, y: -0.5), to: Point(x: x, y: 0.5)).map(planeToImage.map)
  }

  /// The target `straighten` should use for this scene.
  public var target: FrameTarget { kind.isDocument ? .document : .frame }

  /// Creates a scene.
  public init(
    kind: Kind, size: PixelSize, objectWidth: Double, cornerRadius: Double = 0, moulding: Moulding?,
    mouldingWidth: Double, matWidth: Double = 0, lip: Double = 0, background: Background,
    backgroundColour: [Double], backgroundAngle: Double = 0, wallLines: Bool = false, hasLabel: Bool = false,
    shadow: Shadow, lighting: Lighting = .even, lines: [ContentLine] = [], picture: PictureSource, noise: Double = 0,
    planeToImage: Homography, seed: UInt64
  ) {
    self.kind = kind
    self.size = size
    self.objectWidth = objectWidth
    self.cornerRadius = cornerRadius
    self.moulding = moulding
    self.mouldingWidth = mouldingWidth
    self.matWidth = matWidth
    self.lip = lip
    self.background = background
    self.backgroundColour = backgroundColour
    self.backgroundAngle = backgroundAngle
    self.wallLines = wallLines
    self.hasLabel = hasLabel
    self.shadow = shadow
    self.lighting = lighting
    self.lines = lines
    self.picture = picture
    self.noise = noise
    self.planeToImage = planeToImage
    self.seed = seed
  }
}
