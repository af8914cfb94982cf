// TEMPORARY placeholder so main builds until the local-inpaint branch lands (it replaces this file).
public enum LocalMethod: String, Sendable, CaseIterable {
  case subtract, fill, auto
}

public enum LocalInpainter {
  public static func repaint(_ image: ImageBuffer, mask: Mask, method: LocalMethod) -> ImageBuffer { image }
}
