import DeglareCore
import Testing

@Suite struct SHA256Tests {
  @Test(
    "FIPS 180-4 example digests",
    arguments: [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
    ])
  func knownDigests(message: String, digest: String) {
    #expect(SHA256.hex(Array(message.utf8)) == digest)
  }

  @Test(
    "lengths around the padding boundary, whole and fed in uneven pieces (digests from Python's hashlib)",
    arguments: [
      (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
      (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
      (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
      (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
      (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
      (1000, "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
  func paddingAndPieces(count: Int, digest: String) {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: count)
    #expect(SHA256.hex(message) == digest)
    var hash = SHA256()
    var fed = 0
    var piece = 1
    while fed < count {
      let size = min(piece, count - fed)
      hash.update(Array(message[fed..<(fed + size)]))
      fed += size
      piece = piece * 7 % 97 + 1
    }
    let hex = hash.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    #expect(hex == digest)
  }
}
