// DeglareProviders: see Package.swift for this target's place in the layers.
