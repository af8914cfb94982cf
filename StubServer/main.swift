// stub-server: a real HTTP server on 127.0.0.1 that emulates the OpenAI Images Edit API and the
// Gemini generateContent API for tests. See README.md. Everything lives outside main.swift because
// closures written here would be inferred @MainActor and trap when called from the connection
// threads (docs/testing.md, stub-server).
StubServerMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
