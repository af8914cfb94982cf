import DeglareCodecs
import Testing

@testable import DeglareCLI

@Suite("Interruptions map to exit 130")
struct InterruptionReportingTests {
  @Test("a decode abandoned by Ctrl-C is an interruption (130), a damaged file is bad data (65)")
  func cancelledDecode() {
    let cancelled = ImageFileError.undecodable(path: "in.jpg", CodecError(.cancelled, "cancelled"))
    #expect(ErrorReporter.classify(cancelled) == (.interrupted, "cancelled; nothing written"))
    let damaged = ImageFileError.undecodable(path: "in.jpg", CodecError(.corrupt, "the file ends too early"))
    #expect(ErrorReporter.classify(damaged).0 == .dataError)
  }

  @Test("a cancelled task's error is an interruption")
  func cancellation() {
    #expect(ErrorReporter.classify(CancellationError()).0 == .interrupted)
  }
}
