import DeglareCore
import Testing

@Suite struct XMPHistoryTests {
  static let event = XMPHistory.Event(
    action: "edited", when: "2026-12-01T19:50:00Z", softwareAgent: "deglare 0.1.0", changed: "/content",
    parameters: "region x=1 y=2 w=3 h=4 with local method <subtract> & \"fill\"")

  static let entry =
    "<rdf:li rdf:parseType=\"Resource\" xmlns:stEvt=\"http://ns.adobe.com/xap/1.0/sType/ResourceEvent#\">"
    + "<stEvt:action>edited</stEvt:action><stEvt:when>2026-12-01T19:50:00Z</stEvt:when>"
    + "<stEvt:softwareAgent>deglare 0.1.0</stEvt:softwareAgent><stEvt:changed>/content</stEvt:changed>"
    + "<stEvt:parameters>region x=1 y=2 w=3 h=4 with local method &lt;subtract&gt; &amp; &quot;fill&quot;"
    + "</stEvt:parameters></rdf:li>"

  static func text(_ bytes: [UInt8]?) -> String { bytes.map { String(decoding: $0, as: UTF8.self) } ?? "nil" }

  @Test("no packet: a new one holding only the history")
  func newPacket() throws {
    let packet = Self.text(XMPHistory.appending(Self.event, to: nil))
    #expect(packet.hasPrefix("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"))
    #expect(packet.contains("<xmpMM:History><rdf:Seq>\(Self.entry)</rdf:Seq></xmpMM:History>"))
    #expect(packet.contains("xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\""))
    #expect(packet.hasSuffix("<?xpacket end=\"w\"?>"))
    #expect(Self.text(XMPHistory.appending(Self.event, to: [0x20, 0x0A])) == packet)
  }

  @Test("an existing history gets the entry last; everything else is kept byte for byte")
  func existingHistory() throws {
    let before =
      "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
      + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
      + "xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\" xmlns:stEvt=\"http://ns.adobe.com/xap/1.0/sType/ResourceEvent#\">"
      + "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">Still life</rdf:li></rdf:Alt></dc:title>"
      + "<xmpMM:History><rdf:Seq><rdf:li stEvt:action=\"created\"/></rdf:Seq></xmpMM:History>"
      + "</rdf:Description></rdf:RDF></x:xmpmeta>" + String(repeating: " ", count: 40)
    let after = Self.text(XMPHistory.appending(Self.event, to: Array(before.utf8)))
    let insertAt = try #require(before.range(of: "</rdf:Seq></xmpMM:History>"))
    #expect(after == before[..<insertAt.lowerBound] + Self.entry + before[insertAt.lowerBound...])
  }

  @Test("a packet without history gets a description of its own, with the packet's rdf:about")
  func noHistoryYet() throws {
    let before =
      "<?xpacket begin=\"\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"
      + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
      + "<rdf:Description rdf:about=\"uuid:42\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
      + "<dc:rights>Museum</dc:rights></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>"
    let after = Self.text(XMPHistory.appending(Self.event, to: Array(before.utf8)))
    let rdfEnd = try #require(before.range(of: "</rdf:RDF>"))
    let added = after.dropFirst(before.distance(from: before.startIndex, to: rdfEnd.lowerBound))
    #expect(after.hasPrefix(before[..<rdfEnd.lowerBound]))
    #expect(after.hasSuffix(before[rdfEnd.lowerBound...]))
    #expect(added.hasPrefix("<rdf:Description rdf:about=\"uuid:42\" xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\">"))
    #expect(added.contains("<xmpMM:History><rdf:Seq>\(Self.entry)</rdf:Seq></xmpMM:History>"))
  }

  @Test("a packet it cannot edit safely is left to the caller (nil)")
  func uneditable() {
    #expect(XMPHistory.appending(Self.event, to: Array("<x:xmpmeta>not rdf</x:xmpmeta>".utf8)) == nil)
    #expect(XMPHistory.appending(Self.event, to: [0x3C, 0xFF, 0xFE, 0x3E]) == nil)
    let attributeHistory = "<rdf:RDF><rdf:Description xmpMM:History=\"x\"/></rdf:RDF>"
    #expect(XMPHistory.appending(Self.event, to: Array(attributeHistory.utf8)) == nil)
  }
}
