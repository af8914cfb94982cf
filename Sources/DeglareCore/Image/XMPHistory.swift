import Foundation

/// Appends an entry to an XMP packet's `xmpMM:History`, the standard place where an image says
/// what was done to it (XMP Specification Part 2, the `stEvt` ResourceEvent type), so a repair
/// travels with the file (docs/pipeline.md, The repair record).
///
/// The packet is edited as text, never re-serialised: everything else in it (titles, rights,
/// camera data, other history entries, padding) stays byte for byte. The entry declares the
/// `stEvt` namespace on itself, so it is valid whatever prefixes the rest of the packet uses.
public enum XMPHistory {
  /// The namespace of `xmpMM` (XMP Media Management).
  public static let mediaManagementNamespace = "http://ns.adobe.com/xap/1.0/mm/"
  /// The namespace of `stEvt` (ResourceEvent).
  public static let resourceEventNamespace = "http://ns.adobe.com/xap/1.0/sType/ResourceEvent#"

  /// One `stEvt` ResourceEvent.
  public struct Event: Sendable, Equatable {
    /// What was done: "edited" for a repair (the XMP vocabulary: created, edited, saved, ...).
    public var action: String
    /// When, as an ISO 8601 date and time ("2026-12-01T19:50:00Z").
    public var when: String
    /// The software that did it ("deglare 0.1.0").
    public var softwareAgent: String
    /// The parts changed, ";"-separated ("/" is the whole resource, "/content" the pixels).
    public var changed: String
    /// Free text: the region, the method or model, the mask.
    public var parameters: String

    /// Creates an event.
    public init(action: String, when: String, softwareAgent: String, changed: String, parameters: String) {
      self.action = action
      self.when = when
      self.softwareAgent = softwareAgent
      self.changed = changed
      self.parameters = parameters
    }

    /// The entry as an `rdf:li` element.
    var element: String {
      "<rdf:li rdf:parseType=\"Resource\" xmlns:stEvt=\"\(XMPHistory.resourceEventNamespace)\">"
        + "<stEvt:action>\(escaped(action))</stEvt:action>"
        + "<stEvt:when>\(escaped(when))</stEvt:when>"
        + "<stEvt:softwareAgent>\(escaped(softwareAgent))</stEvt:softwareAgent>"
        + "<stEvt:changed>\(escaped(changed))</stEvt:changed>"
        + "<stEvt:parameters>\(escaped(parameters))</stEvt:parameters>"
        + "</rdf:li>"
    }
  }

  /// The packet with `event` appended to its history.
  ///
  /// - A missing or empty packet becomes a new packet holding only the history.
  /// - A packet with an `xmpMM:History` sequence gets the entry at the end of that sequence.
  /// - Any other packet gets a new `rdf:Description` (same `rdf:about`) holding the history, just
  ///   before `</rdf:RDF>`.
  /// - Returns: the new packet, or nil when the packet is not UTF-8 RDF that can be edited this
  ///   way (no `</rdf:RDF>`, or a history in another form); the caller then keeps it unchanged.
  public static func appending(_ event: Event, to packet: [UInt8]?) -> [UInt8]? {
    guard let packet, !packet.allSatisfy({ $0 == 0 || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
      return Array(newPacket(with: event).utf8)
    }
    guard let text = String(validating: packet.filter { $0 != 0 }, as: UTF8.self) else { return nil }
    if let history = text.range(of: "<xmpMM:History>") {
      guard let end = text.range(of: "</xmpMM:History>", range: history.upperBound..<text.endIndex),
        let sequenceEnd = text.range(of: "</rdf:Seq>", range: history.upperBound..<end.lowerBound)
      else { return nil }
      return Array((text[..<sequenceEnd.lowerBound] + event.element + text[sequenceEnd.lowerBound...]).utf8)
    }
    if text.contains("xmpMM:History") { return nil }
    guard let rdfEnd = text.range(of: "</rdf:RDF>", options: .backwards) else { return nil }
    let description = historyDescription(with: event, about: about(in: text))
    return Array((text[..<rdfEnd.lowerBound] + description + text[rdfEnd.lowerBound...]).utf8)
  }

  /// A whole packet holding only the history.
  static func newPacket(with event: Event) -> String {
    "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
      + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
      + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
      + historyDescription(with: event, about: "")
      + "</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
  }

  private static func historyDescription(with event: Event, about: String) -> String {
    "<rdf:Description rdf:about=\"\(about)\" xmlns:xmpMM=\"\(mediaManagementNamespace)\">\n"
      + "<xmpMM:History><rdf:Seq>\(event.element)</rdf:Seq></xmpMM:History>\n"
      + "</rdf:Description>\n"
  }

  /// The packet's `rdf:about` value (XMP requires all descriptions to share it), "" when absent.
  private static func about(in text: String) -> String {
    guard let start = text.range(of: "rdf:about=\"") else { return "" }
    guard let end = text[start.upperBound...].firstIndex(of: "\"") else { return "" }
    return String(text[start.upperBound..<end])
  }
}

/// `value` with the five XML special characters escaped, for text and attribute values.
private func escaped(_ value: String) -> String {
  var out = ""
  for character in value {
    switch character {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&apos;"
    default: out.append(character)
    }
  }
  return out
}
