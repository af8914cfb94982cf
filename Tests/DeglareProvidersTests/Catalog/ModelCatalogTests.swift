import DeglareCore
import DeglareProviders
import Testing

@Suite("Model capability table")
struct ModelCatalogTests {
  @Test("every required model is known with its family's capability")
  func required() {
    let fixed = UploadCapability.fixedSizes(ModelCatalog.openAIFixedSizes)
    for id in ["gpt-image-1", "gpt-image-1-mini", "gpt-image-1.5"] {
      let info = ModelCatalog.info(provider: .openai, model: id)
      #expect(info.isKnown && info.capability == fixed, "\(id)")
    }
    for id in ["gpt-image-2", "gpt-image-2-2026-04-21", "gpt-image-2.5-sunburst", "gpt-image-2.6-flare"] {
      let info = ModelCatalog.info(provider: .openai, model: id)
      #expect(
        info.isKnown && info.capability == .flexible(ModelCatalog.gptImage2Rule) && info.inputFidelity == .unsupported,
        "\(id)")
    }
    #expect(ModelCatalog.info(provider: .openai, model: "gpt-image-1.5").inputFidelity == .high)
    #expect(ModelCatalog.info(provider: .openai, model: "gpt-image-1-mini").inputFidelity == .lowOnly)
    #expect(ModelCatalog.info(provider: .openai, model: "gpt-image-2.5-flare").qualities.contains("max"))

    let gemini25 = ModelCatalog.info(provider: .gemini, model: "gemini-2.5-flash-image")
    #expect(gemini25.capability == .aspectRatios(ModelCatalog.gemini25Ratios) && gemini25.qualities.isEmpty)
    #expect(ModelCatalog.gemini25Ratios.count == 10)
    let flash = ModelCatalog.info(provider: .gemini, model: "gemini-3.1-flash-image")
    #expect(
      flash.capability == .aspectRatios(ModelCatalog.gemini3Ratios) && flash.qualities == ["512", "1K", "2K", "4K"])
    #expect(ModelCatalog.gemini3Ratios.count == 14)
    #expect(ModelCatalog.info(provider: .gemini, model: "gemini-3.1-flash-lite-image").qualities == ["512", "1K"])
    let pro = ModelCatalog.info(provider: .gemini, model: "gemini-3-pro-image")
    #expect(pro.capability == .aspectRatios(ModelCatalog.gemini3ProRatios) && ModelCatalog.gemini3ProRatios.count == 10)
    #expect(ModelCatalog.gemini3ProRatios.first { $0.name == "21:9" }?.size == PixelSize(width: 1584, height: 672))
  }

  @Test(
    "an unknown id gets its family's rules and a note",
    arguments: [
      (ProviderID.openai, "gpt-image-2.9-nova", "gpt-image-2"), (ProviderID.openai, "gpt-image-1.7", "gpt-image-1.5"),
      (ProviderID.gemini, "gemini-3.5-flash-image", "gemini-3.1-flash-image"),
      (ProviderID.gemini, "gemini-4-pro-image", "gemini-3-pro-image"),
      (ProviderID.gemini, "gemini-2.5-flash-image-preview", "gemini-2.5-flash-image"),
    ])
  func unknown(_ provider: ProviderID, _ id: String, _ family: String) {
    let info = ModelCatalog.info(provider: provider, model: id)
    #expect(info.id == id && !info.isKnown && info.family == family)
    #expect(info.note == "unknown model '\(id)': using the \(family) family's rules")
  }

  @Test("size parameters follow the capability")
  func sizes() {
    let one = ModelCatalog.info(provider: .openai, model: "gpt-image-1.5")
    #expect(
      OpenAIRequest.outputSize(for: PixelSize(width: 300, height: 200), model: one)
        == PixelSize(width: 1536, height: 1024))
    #expect(
      OpenAIRequest.outputSize(for: PixelSize(width: 200, height: 300), model: one)
        == PixelSize(width: 1024, height: 1536))
    #expect(
      OpenAIRequest.outputSize(for: PixelSize(width: 210, height: 200), model: one)
        == PixelSize(width: 1024, height: 1024))
    let two = ModelCatalog.info(provider: .openai, model: "gpt-image-2")
    #expect(
      OpenAIRequest.outputSize(for: PixelSize(width: 1024, height: 640), model: two)
        == PixelSize(width: 1024, height: 640))
    let fitted = OpenAIRequest.outputSize(for: PixelSize(width: 300, height: 200), model: two)
    #expect(UploadSizes.satisfies(fitted, ModelCatalog.gptImage2Rule))
    let wide = UploadSizes.fit(PixelSize(width: 8000, height: 1000), ModelCatalog.gptImage2Rule)
    #expect(UploadSizes.satisfies(wide, ModelCatalog.gptImage2Rule), "\(wide)")
  }
}
