enum SyntheticEvaluation { static func run(_ options: Options) { fail("not yet") } }
