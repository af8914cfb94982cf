/// How much of a ground's own tint a lift over it carries: the tell between light added to
/// paint and paint of another lightness.
///
/// Added light keeps its own colour whatever it falls on: over a brown or a blue ground, a neutral
/// veil lifts every channel about equally. Paint is different: a lighter passage of the same paint
/// (the ground lit more) lifts the channels in the ground's own proportions, and white paint laid
/// over a coloured ground lifts most the channels the ground lacks, cancelling its tint. Both
/// colours are taken relative to their own mean (each channel over the mean, less 1), and the
/// lift's is projected on the ground's: about 0 for added neutral light, about 1 for the ground's
/// paint lit more, well below 0 for whiter paint.
enum TintShare {
  /// The share of `ground`'s relative colour that `lift`'s carries, or nil when the ground is too
  /// grey to tell (its strongest channel under `tintedGround` times its weakest) or the lift is
  /// not light added (its mean not above 0). Both are sums or means of linear light.
  static func of(lift: SIMD3<Float>, over ground: SIMD3<Float>, tintedGround: Float) -> Float? {
    guard ground.min() > 0, ground.max() >= tintedGround * ground.min() else { return nil }
    let liftMean = (lift.x + lift.y + lift.z) / 3
    guard liftMean > 0 else { return nil }
    let liftTint = lift / liftMean - 1
    let groundTint = ground / ((ground.x + ground.y + ground.z) / 3) - 1
    return (liftTint * groundTint).sum() / (groundTint * groundTint).sum()
  }
}
